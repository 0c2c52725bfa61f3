"""Batch 3 (village part 2, issue 34): 在宅者 血まみれのメアリー 怪盗 (``roles/village_masks.py``;
shared/spec/classic-roles-village-2.md V2.2, mechanics V2.1.10 revivals refused, V2.1.11 executions
resisted, V2.1.15 the *robbed* mark).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jinrou.classic.catalog import Team
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import ROLES
from jinrou.classic.texts import render, role_rule
from jinrou.classic.views import SeatView
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    bot_game_replays,
    cast,
    close,
    dead,
    legal_verbs,
    new,
    night,
    result,
    seat,
    snapshot,
    told,
    vote,
)

MASKS = ["RemoteWorker", "BloodyMary", "Phantom"]


def same_replay(g) -> None:  # type: ignore[no-untyped-def]
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def lines(g, key: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [render(m, g.names) for _, m in g.messages if m.key == key]


# ---------------------------------------------------------------------- 在宅者 (V2.1.11)


def test_remote_worker_stays_home_through_every_execution_and_the_execution_is_used():
    g = new(["Werewolf", "RemoteWorker", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB HB")
    assert "B" not in dead(g) and g.stage.value == "night"  # used: the day ends, nobody dies
    assert lines(g, "remote worker") == ["Bは家にこもり続けて処刑を免れました。"]
    assert told(g, "remote worker", None) == [{"player": 1}]
    night(g, "A attack D")
    vote(g, "AB BA EB FB GB HB")  # every time
    assert "B" not in dead(g) and len(told(g, "remote worker", None)) == 2
    same_replay(g)


def test_remote_worker_resists_a_dictators_decree():
    g = new(["Werewolf", "RemoteWorker", "Dictator", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    g.apply(action(g, "C dictate B"))
    close(g)
    assert "B" not in dead(g) and g.stage.value == "night"
    assert told(g, "remote worker", None) == [{"player": 1}]


def test_remote_worker_counts_as_nobody():
    # W, 在宅者, 村人 after the attack: one wolf against one human, so the wolves win (§1: it counts none)
    g = new(["Werewolf", "RemoteWorker", "Human", "Human"])
    night(g, "A attack C")
    assert result(g) == "Werewolf"
    assert seat(g, "B") not in g.outcome.winners  # type: ignore[union-attr]
    g = new(["Werewolf", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert result(g) is None


def test_remote_worker_dies_at_night_as_anyone():
    g = new(["Werewolf", "RemoteWorker", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {"B": "attack"}


# ---------------------------------------------------------------------- 血まみれのメアリー (V2.1.10, V2.1.12)


def test_bloody_mary_is_shown_as_mary_until_executed_then_hexes_the_village_for_the_wolves():
    g = new(["Werewolf", "Werewolf", "BloodyMary", "Human", "Human", "Human", "Human", "Human", "Human"])
    view = SeatView.of(g, 2)
    assert view.role == "Mary" and role_rule("Mary", "ja").startswith("メアリー:")
    assert not g.identity(2).attribute(g.ctx, "deadly_weapon")
    night(g, "A attack D")
    vote(g, "AC BC CA EC FC GC HC IC")
    assert dead(g)["C"] == "execution"
    assert SeatView.of(g, 2).role == "BloodyMary" and g.identity(2).team() is Team.WEREWOLF
    assert g.identity(2).attribute(g.ctx, "deadly_weapon")
    assert told(g, "role changed", "C") == [{"role": "BloodyMary"}]
    assert legal_verbs(g, "C")["hex"] == tuple("EFGHI")  # living seats of team Human, the wolves not
    g.apply(action(g, "C hex E"))
    assert lines(g, "hexing") == ["CはEを呪っています。"]
    night(g, "A attack F", draws=[("announcement", ["E", "F"])])
    assert dead(g)["E"] == "mary" and dead(g)["F"] == "attack"
    vote(g, "AG BG GA HG IG")  # A B H I: two wolves against two humans
    assert result(g) == "Werewolf" and seat(g, "C") in g.outcome.winners  # type: ignore[union-attr]
    same_replay(g)


def test_bloody_mary_bitten_stays_village_and_hexes_wolves_while_two_live():
    g = new(["Werewolf", "Werewolf", "BloodyMary", "Madman", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert dead(g) == {"C": "attack"} and g.identity(2).team() is Team.HUMAN
    assert told(g, "role changed", "C") == [{"role": "BloodyMary"}]
    vote(g, "AE BE DE EA FE GE HE IE JE")
    assert legal_verbs(g, "C")["hex"] == ("A", "B", "D")  # team Werewolf, the 狂人 included
    night(g, "A attack F", "C hex B", draws=[("announcement", ["B", "F"])])
    assert dead(g)["B"] == "mary"
    vote(g, "AG DG GA HG IG JG")
    assert "hex" not in legal_verbs(g, "C")  # one seat counting as wolf is left
    same_replay(g)


def test_bloody_mary_dying_otherwise_never_turns_and_never_revives():
    g = new(["Werewolf", "Werewolf", "BloodyMary", "Witch", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")  # bitten: it turns
    vote(g, "AE BE DE EA FE GE HE IE")
    assert "C" in legal_verbs(g, "D")["revive"]
    g.apply(action(g, "D revive C"))
    night(g, "A attack F")
    assert "C" in dead(g) and told(g, "revived") == []  # V2.1.10: every revival of it does nothing
    assert g.identity(2).closes_heaven == "in game"
    g = new(["Werewolf", "Witch", "BloodyMary", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    g.apply(action(g, "B poison C"))
    night(g, "A attack F", draws=[("announcement", ["C", "F"])])
    assert dead(g)["C"] == "witch" and told(g, "role changed", "C") == [] and SeatView.of(g, 2).role == "Mary"
    vote(g, "AG BG GA HG")
    assert legal_verbs(g, "C") == {}


def test_emma_reads_a_mary_curse_as_a_curse():
    g = new(["Werewolf", "Werewolf", "BloodyMary", "Emma", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AC BC CA DC FC GC HC IC")
    night(g, "A attack F", "C hex G", draws=[("announcement", ["F", "G"])])
    assert "Gは呪殺されたようです。" in lines(g, "emma curse")


# ---------------------------------------------------------------------- refusals, cards, bots


def test_refused_mask_actions_say_why_and_change_nothing():
    g = new(["Werewolf", "Werewolf", "BloodyMary", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AC BC CA EC FC GC HC IC")
    for text, message in (("C hex A", "C cannot hex A: allowed are E, F, G, H, I"),
                          ("C hex D", "C cannot hex D: allowed are E, F, G, H, I")):
        before = snapshot(g)
        with pytest.raises(IllegalActionError, match=message):
            g.apply(action(g, text))
        assert snapshot(g) == before


def test_the_cards_name_each_role_for_players():
    for role in MASKS:
        if role in ROLES:
            assert role_rule(role, "ja").startswith(ROLES[role].name_ja)
            assert role_rule(role, "en").startswith(ROLES[role].name_en + ":")


@st.composite
def mask_setups(draw):
    """8–13 seats: 1–2 wolves, 1–4 of this group's roles, a 占い師 and a 狩人 sometimes, the rest 村人."""
    masks = draw(st.lists(st.sampled_from([r for r in MASKS if r in ROLES]), min_size=1, max_size=4))
    wolves = ["Werewolf", *draw(st.lists(st.sampled_from(["Werewolf", "WolfCub", "Madman"]), max_size=1))]
    extra = draw(st.lists(st.sampled_from(["Diviner", "Guard", "Witch", "Fox", "Dictator"]), max_size=2))
    cast = draw(st.permutations([*wolves, *masks, *extra, "Human", "Human", "Human"]))
    room = {"scapegoat": draw(st.sampled_from(["on", "off"]))}
    return cast, room, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mask_setups(), st.sampled_from(["heuristic", "random"]))
def test_bot_games_with_the_masks_end_and_replay_from_their_records(setup, kind):
    bot_game_replays(setup, kind)


def test_cast_helper_is_used():  # the helpers imported for the 怪盗 tests below
    assert cast and close
