"""Wave 3's village, part 2, group C (``roles/switching.py`` and ``roles/village.py``, block "group C"; shared/spec/classic-roles-village-2.md
V2.2): オカルトマニア (V2.1.15: the new role's dusk hook at once), 胡蝶 (V1.1.5: believes it is 村人), 仮装者 (W.1.12:
appears as a wolf), 聖痕者 (hidden: 闇鍋 only), 転生者 (V2.1.10: revives a seat when it dies).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.catalog import Team
from jinrou.classic.context import Context
from jinrou.classic.game import Game
from jinrou.classic.model import Cause, Count
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat
from jinrou.classic.roles import ROLES
from jinrou.classic.texts import render
from jinrou.classic.views import SeatView

from ..helpers import (
    Recorder,
    action,
    alive,
    bot_game_replays,
    cast,
    chats,
    dead,
    knows,
    legal_verbs,
    new,
    night,
    refused,
    told,
    vote,
)

GROUP = ("OccultMania", "Dreamer", "Disguised", "HolyMarked", "Reincarnator")



def lines(g: Game, letter: str, lang: str = "ja") -> list[str]:
    view = SeatView.of(g, g.names.index(letter))
    return [render(m, g.names, lang) for _, m in view.messages]


def test_the_roles_of_group_c_are_declared_with_cards_in_both_languages():
    for role_id in GROUP:
        assert role_id in ROLES and ROLES[role_id].card_ja and ROLES[role_id].card_en
    assert ROLES["HolyMarked"].catalog.hidden and not ROLES["Disguised"].catalog.hidden
    assert ROLES["Dreamer"].death_resistance  # V2.1.12


# ---------------------------------------------------------------------------------------- オカルトマニア


def _mania(roles: list[str]) -> Game:
    """Night 1 (D attacked), day 2 (E executed): the オカルトマニア B studies from night 2."""
    g = new(roles)
    night(g, "A attack D", "C divine A")
    vote(g, "AE BE CE EA FE GE")
    return g


MANIA = ["Werewolf", "OccultMania", "Diviner", "Human", "Human", "Human", "Human"]


def test_occult_mania_studies_from_night_2_any_living_seat_itself_included_and_is_required():
    g = new(MANIA)
    assert "study" not in legal_verbs(g, "B")  # not on night 1
    night(g, "A attack D", "C divine A")
    vote(g, "AE BE CE EA FE GE")
    assert legal_verbs(g, "B")["study"] == ("A", "B", "C", "F", "G")
    legal = next(lg for lg in g.legal_actions(1) if lg.verb is not None and lg.verb.value == "study")
    assert legal.required


def test_occult_mania_studying_a_wolf_becomes_a_werewolf_immune_that_night_attacking_from_the_next():
    g = _mania(MANIA)
    night(g, "B study A", "A attack B", "C divine F")
    assert told(g, "study", "B") == [{"player": 1, "target": 0}]
    assert told(g, "studied", "B") == [{"player": 1, "role": "Werewolf"}]
    assert "Bは人狼になりました。" in lines(g, "B") and "Bは人狼になりました。" not in lines(g, "C")
    assert g.identity(1).role.id == "Werewolf" and "B" in alive(g)  # immune to that night's attack at 105
    assert SeatView.of(g, 1).role == "Werewolf" and knows(g, "A") == {"B": "wolves"}
    assert g.identity(1).attacks and 1 in g.attackers()  # it attacks from the next night


def test_occult_mania_becomes_a_seer_from_a_seer_kit_and_a_villager_from_anything_else():
    g = _mania(MANIA)
    g.ctx.grant(5, "DivinerKit")  # V1.1.6: F holds 占い師 as a kit
    night(g, "B study F", "A attack G", "C divine A")
    assert g.identity(1).role.id == "Diviner" and told(g, "studied", "B") == [{"player": 1, "role": "Diviner"}]
    g = _mania(["Werewolf", "OccultMania", "Diviner", "Human", "Human", "Disguised", "Human"])
    night(g, "B study F", "A attack G", "C divine A")  # a 仮装者 appears as a wolf but counts human
    assert g.identity(1).role.id == "Human"


def test_occult_mania_studying_itself_becomes_a_villager_and_a_mad_wolf_makes_it_a_werewolf():
    g = _mania(MANIA)
    night(g, "B study B", "A attack G", "C divine A")
    assert g.identity(1).role.id == "Human" and told(g, "studied", "B") == [{"player": 1, "role": "Human"}]
    vote(g, "AF BF CF FA")
    assert "study" not in legal_verbs(g, "B")  # it changed: no more studies
    g = _mania(["Werewolf", "OccultMania", "Diviner", "Human", "Human", "MadWolf", "Human"])
    assert g.identity(5).counts() is Count.WOLF
    night(g, "B study F", "A attack G", "C divine A")
    assert g.identity(1).role.id == "Werewolf"


def test_occult_mania_runs_its_new_roles_dusk_hook_at_once(monkeypatch):
    """V2.1.15: オカルトマニア runs the new role's dusk hook at once (as T.1.8)."""
    ran: list[int] = []
    real = Context.dusk_hook
    monkeypatch.setattr(Context, "dusk_hook", lambda self, seat, *changed: (ran.append(seat), real(self, seat, *changed))[1])
    g = _mania(MANIA)
    night(g, "B study C", "A attack G", "C divine A")
    assert ran and set(ran) == {1} and g.identity(1).role.id == "Diviner"


def test_occult_mania_dead_before_its_level_does_not_change():
    # 占い師 C curses nothing here; the mania is hanged on day 2 and never studies
    g = new(MANIA)
    night(g, "A attack D", "C divine A")
    vote(g, "AB BA CB EB FB GB")
    assert dead(g) == {"D": "attack", "B": "execution"}
    assert g.identity(1).role.id == "OccultMania" and "study" not in legal_verbs(g, "B")


def test_occult_mania_refuses_night_1_a_dead_target_and_two_targets_nothing_changed():
    g = new(MANIA)
    error = refused(g, action(g, "B study A"), r"B \(Occult Mania\) has no action 'study' tonight")
    assert error.ja == "Bには今夜「指定」の行動はありません"
    night(g, "A attack D", "C divine A")
    vote(g, "AE BE CE EA FE GE")
    error = refused(g, action(g, "B study D"), "B cannot study D: allowed are A, B, C, F, G")
    assert error.ja == "BはDに「指定」できません: 選べるのは A, B, C, F, G"
    refused(g, action(g, "B study A C"), r"B's study takes 1 different target\(s\)")


def test_occult_mania_round_trip():
    g = _mania(MANIA)
    night(g, "B study A", "A attack F", "C divine G")
    doc = write(g)
    again = replay(doc)
    assert write(again) == doc and again.messages == g.messages and again.identity(1).role.id == "Werewolf"


# ---------------------------------------------------------------------------------------- 胡蝶


DREAM = ["Werewolf", "Dreamer", "Human", "Human", "Human", "Human", "Madman"]


def test_dreamer_believes_it_is_a_villager_until_a_wolf_attack_wakes_it():
    g = new(DREAM)
    view = SeatView.of(g, 1)
    assert view.role == "Human" and g.identity(1).team() is Team.HUMAN and chats(g, "B") == set()
    night(g, "A attack B")
    assert dead(g) == {} and told(g, "dreamer woke", "B") == [{"player": 1}]
    assert "夢から覚めたBは胡蝶でした。" in lines(g, "B") and "夢から覚めたBは胡蝶でした。" not in lines(g, "A")
    assert "B woke from a dream: it was a Dreamer." in lines(g, "B", "en")
    assert SeatView.of(g, 1).role == "Dreamer"
    identity = g.identity(1)
    assert identity.team() is Team.WEREWOLF and identity.counts() is Count.HUMAN and identity.fortune().value == "human"
    assert knows(g, "B") == {"A": "wolves"}  # knows the wolves …
    assert chats(g, "B") == {Chat.WOLF}  # … and their chat, where they know it (as 囁き狂人)
    assert SeatView.of(g, 0).labels[1] == ("Dreamer",)  # the wolves know it as 胡蝶


def test_dreamer_resists_only_once_the_second_attack_kills():
    g = new(DREAM)
    night(g, "A attack B")
    vote(g, "AC BC CA DC EC FC GC")
    night(g, "A attack B")
    assert dead(g) == {"C": "execution", "B": "attack"} and len(told(g, "dreamer woke")) == 1


def test_dreamer_dies_of_anything_but_a_wolf_attack_without_waking():
    g = new(DREAM)
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB")
    assert dead(g) == {"C": "attack", "B": "execution"} and told(g, "dreamer woke") == []


def test_woken_dreamer_wins_with_the_werewolves_not_the_village():
    g = new(["Werewolf", "Dreamer", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "AC BC CA DC EC")  # C executed: A, B, D, E live: 1 wolf, 3 humans
    night(g, "A attack D")
    vote(g, "AE BE EA")  # E executed: A wolf, B human (counts human): parity → werewolves win
    assert g.outcome is not None and g.outcome.winner_id == "Werewolf"
    assert 1 in g.outcome.winners and 0 in g.outcome.winners


def test_dreamer_scapegoat_survives_night_1_and_wakes_on_team_werewolf():
    g = new(["Dreamer", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    night(g)
    assert dead(g) == {} and g.identity(0).team() is Team.WEREWOLF


def test_dreamer_lunged_at_wakes_and_dies_all_the_same_on_team_werewolf():
    """Settled here: a 一途な狼's lunge (W.1.9d) asks the resistance, which wakes the 胡蝶, then kills it
    anyway: it dies woken, on team Werewolf (the reference sets the flag in ``checkDeathResistance``
    before the lunge's forced death: L11286–11299, then L1738–1756)."""
    g = new(["ToughWolf", "Dreamer", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A lunge B", draws=[("announcement", ["B", "A"])])
    assert dead(g) == {"B": "attack", "A": "tough"}
    assert told(g, "dreamer woke", "B") == [{"player": 1}] and g.identity(1).team() is Team.WEREWOLF


def test_dreamer_guarded_does_not_wake_the_guard_stops_the_attack_first():
    g = new(["Werewolf", "Dreamer", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C guard E")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack B", "C guard B")
    assert dead(g) == {"D": "attack", "E": "execution"} and told(g, "dreamer woke") == []
    assert g.identity(1).team() is Team.HUMAN


def test_woken_dreamer_counseled_is_reformed_to_team_human_the_latest_team_change_prevails():
    g = new(["Werewolf", "Dreamer", "Counselor", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "AD BD CD DA ED FD GD HD")
    night(g, "C counsel B", "A attack E")
    assert told(g, "reformed", "B") == [{"player": 1}]
    assert g.identity(1).team() is Team.HUMAN and chats(g, "B") == {Chat.WOLF}  # still knows and talks


def test_disguised_studied_by_an_occult_mania_makes_a_villager_and_a_woken_dreamer_a_villager_too():
    """オカルトマニア reads *counts as wolf*: a 仮装者 only appears as one, a woken 胡蝶 still counts human."""
    g = new(["Werewolf", "OccultMania", "Dreamer", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", "D divine A")
    vote(g, "AE BE CE DE EA FE GE HE")
    night(g, "B study C", "A attack F", "D divine G")
    assert g.identity(1).role.id == "Human"


def test_dreamer_resisting_tells_an_eyes_wolf_resistance():
    """瞳狼: 耐性 (V2.2 胡蝶)."""
    g = new(["EyesWolf", "Dreamer", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {} and told(g, "eyes resistance", "A") == [{"target": 1}]


def test_dreamer_woken_by_a_tricked_attack_through_a_guard():
    """V2.2 胡蝶: the first wolf attack reaching it, tricked included (V2.1.1: 奇術師's turns the attack on it
    past the guard)."""
    g = new(["Werewolf", "Dreamer", "Illusionist", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "D guard F")
    vote(g, "AF BF CF DF FA GF HF")
    night(g, "C misdirect B", "A attack G", "D guard B")
    assert dead(g) == {"E": "attack", "F": "execution"} and told(g, "dreamer woke", "B") == [{"player": 1}]
    assert g.identity(1).team() is Team.WEREWOLF


def test_dreamer_round_trip():
    g = new(DREAM)
    night(g, "A attack B")
    vote(g, "AC BC CA DC EC FC GC")
    doc = write(g)
    again = replay(doc)
    assert write(again) == doc and again.messages == g.messages and again.identity(1).team() is Team.WEREWOLF


# ---------------------------------------------------------------------------------------- 仮装者


def test_disguised_appears_as_a_wolf_to_those_who_know_the_wolves_but_is_a_plain_villager():
    g = new(["Werewolf", "Disguised", "Fanatic", "WhisperingMad", "Spy", "Diviner", "HearMadman", "Spy2", "Human",
             "Human", "Human", "Human"])
    assert knows(g, "A").get("B") == "wolves"
    for letter in "CDEGH":
        assert knows(g, letter).get("B") == "wolves" and knows(g, letter).get("A") == "wolves"
    assert knows(g, "F") == {} and knows(g, "B") == {} and knows(g, "I") == {}
    identity = g.identity(1)
    assert identity.counts() is Count.HUMAN and identity.team() is Team.HUMAN and not identity.attacks
    assert identity.fortune().value == "human" and identity.psychic().value == "human"
    night(g, "A attack B", "F divine C")
    assert dead(g) == {"B": "attack"}  # wolves may attack it


# ---------------------------------------------------------------------------------------- 聖痕者


def test_holy_marked_is_a_villager_under_another_name():
    g = new(["Werewolf", "HolyMarked", "Human", "Human", "Human"])
    identity = g.identity(1)
    assert identity.counts() is Count.HUMAN and identity.team() is Team.HUMAN and not g.legal_actions(1)[1:]
    assert SeatView.of(g, 1).role == "HolyMarked"


def test_holy_marked_is_hidden_a_host_cannot_fix_it_but_yaminabe_casts_it():
    """The catalog's hidden flag: a room's fixed cast and 一部闇鍋's fixed roles refuse it; 闇鍋 over the
    playable pool casts it like any other role."""
    import numpy as np

    from jinrou.errors import CastingError
    from jinrou.modes import SettingsError
    from jinrou.modes.classic import ClassicMode
    from jinrou.yaminabe import cast
    from jinrou.yaminabe.request import resolve_pool

    with pytest.raises(SettingsError, match=r"HolyMarked \(聖痕者\) is cast only by 闇鍋"):
        ClassicMode().settings({"cast": "fixed", "roles": {"Werewolf": 1, "HolyMarked": 1, "Human": 8}})
    with pytest.raises(CastingError, match=r"'HolyMarked' \(聖痕者\) is hidden: a host cannot fix it"):
        cast(9, rng=np.random.default_rng(0), mode="partial", fixed={"HolyMarked": 1}, pool="playable")
    assert "HolyMarked" in resolve_pool("playable")[0]
    casting = cast(9, rng=np.random.default_rng(0), pool=["Werewolf", "HolyMarked", "Diviner", "Human"])
    assert "HolyMarked" in casting.roles


# ---------------------------------------------------------------------------------------- 転生者


REIN = ["Werewolf", "Reincarnator", "Human", "Human", "Human", "Human", "Human", "Human"]


def test_reincarnator_executed_revives_a_seat_announced_dead_drawn_uniformly():
    g = new(REIN)
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB HB", draws=[("reincarnation", "C")])
    assert dead(g) == {"B": "execution"} and "C" in alive(g)
    assert told(g, "revived", None) == [{"player": 2}]
    assert [m.key for m in g.notes] == ["reincarnated"] and g.notes[0].args == {"player": 1, "target": 2}
    assert render(g.notes[0], g.names) == "BはCへ転生しました。"


def test_reincarnator_never_revives_one_dying_in_the_same_resolution_nor_on_night_1():
    g = new(REIN)
    night(g, "A attack B")  # the only other dead seat is none: nothing drawn (a draw would fail the test)
    assert dead(g) == {"B": "attack"} and told(g, "revived") == []


def test_reincarnator_killed_at_night_draws_among_the_announced_dead_only():
    g = new(REIN)
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    night(g, "A attack B", draws=[("reincarnation", "D")])
    assert dead(g) == {"C": "attack", "B": "attack"} and "D" in alive(g)


def test_reincarnator_skips_a_non_human_a_sudden_death_and_another_reincarnator():
    g = new(["Werewolf", "Reincarnator", "Fox", "Reincarnator", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")  # D, a 転生者, dies: nobody announced dead yet
    vote(g, "AC BC CA EC FC GC HC IC")  # C, a 妖狐 (non-human), executed: D's death drew nothing
    night(g, "A attack E")
    cast(g, "AB BA FB GB HB IB")  # B executed: only E qualifies (D a 転生者, C a 妖狐)
    drawn = Recorder([("reincarnation", "E")])
    g.close(drawn)
    assert [(kind, options) for kind, options, _ in drawn.asked] == [("reincarnation", ["E"])]
    assert "E" in alive(g) and told(g, "revived", None) == [{"player": 4}]


def test_reincarnator_sudden_death_revives_nobody():
    g = new(REIN)
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    g.kill(1, Cause.SUDDEN)
    assert told(g, "revived") == []


def test_reincarnator_scapegoat_dying_on_night_1_revives_nobody():
    g = new(["Reincarnator", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    night(g)
    assert dead(g) == {"A": "attack"} and told(g, "revived") == [] and g.notes == ()


def test_reincarnator_is_a_reviver_always():
    assert ROLES["Reincarnator"].closes_heaven == "in game"


def test_reincarnator_round_trip():
    g = new(REIN)
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB HB", draws=[("reincarnation", "C")])
    doc = write(g)
    again = replay(doc)
    assert write(again) == doc and again.messages == g.messages and again.notes == g.notes


# ---------------------------------------------------------------------------------------- bots


@pytest.mark.parametrize("seed", [0, 1])
def test_bot_games_with_the_group_finish_and_replay(seed):
    cast = ["Werewolf", "Werewolf", "OccultMania", "Dreamer", "Disguised", "HolyMarked", "Reincarnator", "Diviner",
            "Human", "Human"]
    bot_game_replays((cast, {"scapegoat": "off"}, seed), "heuristic")
