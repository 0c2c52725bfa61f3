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
from jinrou.classic.model import Count
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import ROLES
from jinrou.classic.texts import render, role_rule
from jinrou.classic.views import SeatView
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    bot_game_replays,
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


def test_blasphemy_on_a_remote_worker_turns_back_on_the_blasphemer():
    # T.2: 冒涜者's blasphemy of a 在宅者 gives the 狐憑き to the 冒涜者 itself, as for a 逃亡者
    g = new(["Werewolf", "Blasphemy", "RemoteWorker", "Human", "Human", "Human"])
    night(g, "B blaspheme C", "A attack D")
    assert g.has_sub(1, "FoxPossession") and not g.has_sub(2, "FoxPossession")
    g = new(["Werewolf", "Blasphemy", "Human", "Human", "Human", "Human"])  # the same night on a 村人
    night(g, "B blaspheme C", "A attack D")
    assert g.has_sub(2, "FoxPossession") and not g.has_sub(1, "FoxPossession")


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


# ---------------------------------------------------------------------- 怪盗 (V2.1.15)


def test_phantom_steals_a_wolfs_role_and_the_robbed_wolf_is_a_phantom_seeing_its_old_role_until_dusk():
    g = new(["Werewolf", "Werewolf", "Phantom", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "C")["swap"] == tuple("ABDEFGHI") and seat(g, "C") in g.awaited()
    assert next(lg for lg in g.legal_actions(2) if lg.verb.value == "swap").or_none == ("盗まない", "steal nothing")
    g.apply(action(g, "C swap A"))
    assert lines(g, "swap") == ["CがAの役職を盗みました。Aは人狼でした。"]
    night(g, "A attack E", "D divine B")
    assert g.identity(2).role.id == "Werewolf" and g.identity(0).role.id == "Phantom"
    assert lines(g, "phantom became") == ["Cは人狼になりました。"] and told(g, "role changed") == []
    robbed = SeatView.of(g, 0)
    assert robbed.role == "Werewolf" and robbed.known == {1: "wolves", 2: "wolves"}  # its old role's lists, till dusk
    assert g.identity(0).team() is Team.HUMAN and g.ctx.counting(Count.WOLF) == [1, 2]
    assert SeatView.of(g, 2).role == "Werewolf" and SeatView.of(g, 2).known == {1: "wolves"}
    vote(g, "AF BF CF DF FA GF HF IF")
    assert lines(g, "robbed") == ["Aは役職を盗まれて怪盗になりました。"]
    assert SeatView.of(g, 0).role == "Phantom" and SeatView.of(g, 0).known == {}
    assert "swap" not in legal_verbs(g, "A")  # the theft is spent
    assert legal_verbs(g, "C")["attack"]
    night(g, "C attack G", "D divine C")
    assert dead(g)["G"] == "attack"
    same_replay(g)


def test_phantom_may_steal_nothing_and_a_theft_fails_when_it_dies_first():
    g = new(["Werewolf", "Werewolf", "Phantom", "Human", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "C swap"))
    assert lines(g, "swap none") == ["Cは役職を盗みませんでした。"]
    night(g, "A attack D")
    assert g.identity(2).role.id == "Phantom"
    vote(g, "AE BE CE EA FE GE HE")
    assert "swap" not in legal_verbs(g, "C")  # its first night only
    g = new(["Werewolf", "Werewolf", "Phantom", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C swap A", "A attack C")  # dead at 105: nothing at 125
    assert g.identity(0).role.id == "Werewolf" and g.identity(2).role.id == "Phantom"
    assert lines(g, "phantom became") == []


def test_a_robbed_remote_worker_no_longer_resists_its_execution():
    g = new(["Werewolf", "Phantom", "RemoteWorker", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B swap C", "A attack D")
    assert g.identity(1).role.id == "RemoteWorker" and SeatView.of(g, 2).role == "RemoteWorker"
    vote(g, "AC BC CA EC FC GC HC")
    assert dead(g)["C"] == "execution" and told(g, "remote worker") == []


def test_a_robbed_seat_keeps_its_old_roles_resistances_but_to_execution_until_its_dusk():
    """The reference's PhantomStolen: its old role answers every death but an execution until the seat's dusk
    (a robbed 妖狐 still resists an attack, a robbed wolf still tolerates one); an execution meets none (the
    robbed 在宅者 above, a robbed プリンス here); from its dusk it is a plain 怪盗."""
    from jinrou.classic.model import Cause

    g = new(["Werewolf", "Phantom", "Fox", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B swap C", "A attack E")
    c = seat(g, "C")
    assert g.identity(c).role.id == "Phantom" and not g.identity(c).immune_to_wolf_attack
    assert not g.kill(c, Cause.ATTACK, seat(g, "A")) and g.alive[c]  # the fox's resistance, kept until dusk
    g = new(["Werewolf", "Phantom", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B swap C", "A attack E")
    assert not g.kill(seat(g, "C"), Cause.ATTACK, seat(g, "A"))  # a wolf's tolerance of wolf attacks, likewise
    vote(g, "AF BF CF DF FA GF HF IF")  # dusk: the mark goes
    assert lines(g, "robbed") == ["Cは役職を盗まれて怪盗になりました。"]
    assert g.kill(seat(g, "C"), Cause.ATTACK, seat(g, "A")) and dead(g)["C"] == "attack"
    g = new(["Werewolf", "Phantom", "Prince", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B swap C", "A attack D")
    vote(g, "AC BC CA EC FC GC HC")  # its old role resisted an execution once: not when robbed
    assert dead(g)["C"] == "execution" and told(g, "prince", None) == []


def test_a_scapegoat_phantom_draws_a_seat_or_nothing():
    g = new(["Phantom", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g, draws=[("scapegoat swap", "")])
    assert g.identity(0).role.id == "Phantom" and lines(g, "swap none") == ["Aは役職を盗みませんでした。"]
    g = new(["Phantom", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g, draws=[("scapegoat swap", "C")])
    assert "A" in dead(g) and g.identity(0).role.id == "Phantom" and g.identity(2).role.id == "Human"  # it failed


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
    g = new(["Phantom", "Werewolf", "Phantom", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    for text, message in (("C swap A", "C cannot swap A: allowed are B, D, E, F, G, H"),
                          ("C swap B D", "C's swap takes 1 different target"),
                          ("C swap C", "C cannot swap C: allowed are B, D, E, F, G, H")):
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


