"""The classic mode's optional ``joinable``/``enter`` (エンドレス闇鍋): a person asks to join a game going on."""

from __future__ import annotations

import pytest

from jinrou.classic.game import Game
from jinrou.errors import IllegalActionError
from jinrou.modes import base, get
from jinrou.modes.classic import ClassicMode, Village

SIX = ["Werewolf", "Diviner", "Human", "Human", "Human", "Human"]


def village(settings: dict[str, str | int]) -> Village:
    mode = ClassicMode()
    room = mode.settings({"players": 6, "rules": {"scapegoat": "off"}})
    game = Game.new(list("ABCDEF"), SIX, {"scapegoat": "off", **settings})
    return Village(tuple("ABCDEF"), room, game=game)


def test_a_person_joins_an_endless_game_and_waits_for_the_next_dawn():
    mode, v = ClassicMode(), village({"endless": "on", "capacity": 7})
    assert mode.joinable(v) and base.joinable(mode, v)
    version = v.version
    assert base.enter(mode, v, "G") is v and v.game is not None and v.game.waiting == ("G",)
    assert v.version == version + 1 and not mode.joinable(v)
    with pytest.raises(IllegalActionError, match="^the room is full: 6 seats counted") as error:
        mode.enter(v, "H")
    assert error.value.ja and v.game.waiting == ("G",) and v.version == version + 1


def test_no_game_and_no_endless_game_take_nobody():
    mode = ClassicMode()
    plain = village({})
    assert not mode.joinable(plain)
    with pytest.raises(IllegalActionError, match="^only an endless game"):
        mode.enter(plain, "G")
    before = Village(tuple("ABCDEF"), mode.settings({"players": 6}))
    assert not mode.joinable(before)
    with pytest.raises(IllegalActionError, match="^the game has not begun"):
        mode.enter(before, "G")


def test_a_mode_without_the_hooks_takes_nobody_while_it_is_played():
    quantum = get("quantum")
    assert not base.joinable(quantum, object())
    with pytest.raises(IllegalActionError, match="^a quantum game takes nobody while it is played"):
        base.enter(quantum, object(), "G")


def test_a_closing_turn_refuses_a_newcomer_for_a_moment_and_says_so():
    mode, v = ClassicMode(), village({"endless": "on", "capacity": 9})
    v.closing = True  # the night is over, its outcome not yet drawn
    assert not mode.joinable(v)
    for check in (base.check_enter, base.enter):
        with pytest.raises(IllegalActionError, match="^the phase is closing: ask again in a moment") as error:
            check(mode, v, "G")
        assert error.value.ja and v.game is not None and v.game.waiting == ()
    v.closing = False
    assert mode.joinable(v) and base.enter(mode, v, "G").game.waiting == ("G",)


def test_check_enter_changes_nothing_and_a_full_room_is_said_before_a_bad_name():
    mode, v = ClassicMode(), village({"endless": "on", "capacity": 7})
    version = v.version
    assert base.check_enter(mode, v, "G") is None and v.game.waiting == () and v.version == version
    with pytest.raises(IllegalActionError, match="^'A' already plays or waits"):
        base.check_enter(mode, v, "A")  # room for one: the name is the fault
    mode.enter(v, "G")
    with pytest.raises(IllegalActionError, match="^the room is full: 6 seats counted .* and 1 waiting, of 7"):
        base.check_enter(mode, v, "A")  # no room: that comes first, whatever the name
    with pytest.raises(IllegalActionError, match="^a quantum game takes nobody while it is played"):
        base.check_enter(get("quantum"), object(), "G")
