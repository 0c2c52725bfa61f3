"""Issue 24, group VF: おばけ, 一言主神, 忍者 and 閻魔 (``roles/village.py`` and ``roles/village_seers.py``; shared/spec/classic-roles-village-1.md V1.2,
mechanics V1.1.2's received-vote modifier 痛恨, V1.1.11 a night action open,
V1.1.12 閻魔's channel and the finer kinds of death).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.model import Count
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.errors import IllegalActionError

from ..helpers import Recorder, action, cast, close, dead, legal_verbs, new, night, result, snapshot, told, vote

# ---------------------------------------------------------------------------------------------- おばけ


def test_tiny_ghost_counts_neither_human_nor_wolf_in_the_parity():
    # §1, §7: with a 村人 in its place the game would go on (1 wolf, 2 humans)
    g = new(["Werewolf", "TinyGhost", "Human", "Human", "Human"])
    assert g.identity(1).counts() is Count.NONE and g.identity(1).fortune().value == "human"
    night(g, "A attack C")
    assert result(g) is None
    vote(g, "AD BD DA ED")
    assert dead(g) == {"C": "attack", "D": "execution"} and result(g) == "Werewolf"
    g = new(["Werewolf", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED")
    assert result(g) is None


def test_tiny_ghost_is_human_for_the_queen_spectators_infection():
    g = new(["Werewolf", "QueenSpectator", "TinyGhost", "Human", "Human", "Human"])
    night(g, "A attack B", draws=[("announcement", ["B", "C", "D", "E", "F"])])
    assert dead(g)["C"] == "infection"


def test_tiny_ghost_is_human_for_the_fascinating_wolfs_seduction():
    g = new(["FascinatingWolf", "Werewolf", "TinyGhost", "Human", "Human", "Human", "Human"])
    night(g, "A seduce C", "A attack D")
    vote(g, "AB BC CA EA FA GA")
    assert g.identity(2).has("WolfMinion")


# ---------------------------------------------------------------------------------------------- 一言主神


def test_hitokotonushinokami_divines_as_a_seer_and_marks_its_target_with_fatal_strike():
    g = new(["Werewolf", "Hitokotonushinokami", "Fox", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E", "F", "G")} and 1 in g.awaited()  # required
    night(g, "A attack D", "B divine A")
    assert told(g, "divined", "B") == [{"target": 0, "result": "werewolf"}]
    assert g.identity(0).has("FatalStrike") and told(g, "FatalStrike") == []
    record = write(g)
    assert {"player": "B", "action": "divine", "target": "A"} in record["events"][0]["actions"]
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_hitokotonushinokami_curses_a_fox_like_a_seer():
    g = new(["Werewolf", "Hitokotonushinokami", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"C": "curse", "D": "attack"}


def test_hitokotonushinokami_is_not_a_seer_for_holds_seer_tests():
    from jinrou.classic.roles.village import Diviner

    g = new(["Werewolf", "Hitokotonushinokami", "Human", "Human", "Human"])
    assert not g.identity(1).holds(Diviner)


def test_fatal_strike_adds_a_hundred_votes_to_a_living_candidate_w_p_one_in_twenty():
    g = new(["Werewolf", "Hitokotonushinokami", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C")
    cast(g, "AE BE CE EA FE GE")
    rec = Recorder([("fatal strike", True)])
    g.close(rec)
    assert rec.asked == [("fatal strike", [True, False], [1, 19])]  # only the marked candidate draws
    assert dead(g)["C"] == "execution"  # 1 cast vote + 100 beats E's 5
    record = write(g)
    assert {"draw": "fatal strike", "value": True} in record["events"][-2]["draws"]
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_fatal_strike_false_changes_nothing_and_the_mark_stays_for_good():
    g = new(["Werewolf", "Hitokotonushinokami", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C")
    vote(g, "AE BE CE EA FE GE", draws=[("fatal strike", False)])
    assert dead(g)["E"] == "execution" and g.identity(2).has("FatalStrike")
    night(g, "A attack F", "B divine G")
    vote(g, "AG BG CG GA", draws=[("fatal strike", False), ("fatal strike", False)])  # C, then G: seat order
    assert dead(g)["G"] == "execution"


def test_fatal_strike_in_a_runoff_only_its_candidates_draw():
    """Settled here (V1.2): only the candidates of the ballot draw; the reference also draws for the
    non-candidates of a runoff."""
    g = new(["Werewolf", "Hitokotonushinokami", "Human", "Human", "Human", "Human", "Human"], {"runoff": "revote"})
    night(g, "A attack D", "B divine C")
    vote(g, "AE BE CF EF FA GA", draws=[("fatal strike", False)])  # a tie E/F/A: the runoff
    vote(g, "AE BE CE EF FA GE")  # C is no candidate: no draw
    assert dead(g)["E"] == "execution"


def test_fatal_strike_never_marks_an_absolute_wolf_nor_twice():
    g = new(["AbsoluteWolf", "Hitokotonushinokami", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine A")
    assert not g.identity(0).has("FatalStrike")
    g = new(["Werewolf", "Hitokotonushinokami", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C")
    vote(g, "AE BE CE EA FE GE", draws=[("fatal strike", False)])
    night(g, "A attack F", "B divine C")
    assert [layer.role.id for layer in g.identity(2).extras()] == ["FatalStrike"]


def test_hitokotonushinokami_first_divination_is_automatic_with_firstnightdivine_auto():
    g = new(["Werewolf", "Hitokotonushinokami", "Human", "Human", "Human"], {"firstnightdivine": "auto"},
            start=[("first divination", "C")])
    assert "divine" not in legal_verbs(g, "B")
    night(g, "A attack D")
    assert told(g, "divined", "B") == [{"target": 2, "result": "human"}] and g.identity(2).has("FatalStrike")


def test_divine_refused_on_itself_or_twice_and_nothing_changes():
    g = new(["Werewolf", "Hitokotonushinokami", "Human", "Human", "Human"])
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="cannot divine B") as refused:
        g.apply(action(g, "B divine B"))
    assert refused.value.ja
    assert snapshot(g) == before
    g.apply(action(g, "B divine C"))
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(action(g, "B divine D"))
    assert snapshot(g) == before
    close(g)


# ---------------------------------------------------------------------------------------------- 忍者


def scouted(g, ninja: str = "B") -> list[str]:
    """What the 忍者 was told of its scouting, as 'active'/'idle' with the target's letter."""
    out = []
    for _, m in g.messages:
        if m.key in ("scout active", "scout idle") and m.to is not None and g.names.index(ninja) in m.to:
            out.append(f"{m.key.split()[1]} {g.names[m.args['target']]}")
    return out


def test_ninja_scouts_another_living_seat_required_and_learns_if_it_could_act():
    g = new(["Werewolf", "Ninja", "Madman", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"scout": ("A", "C", "D", "E", "F", "G")} and 1 in g.awaited()
    g.apply(action(g, "B scout A"))
    assert told(g, "scout chosen", "B") == [{"player": 1, "target": 0}]
    night(g, "A attack D")
    assert scouted(g) == ["active A"]
    vote(g, "AE BE CE EA FE GE")
    night(g, "B scout C", "A attack F")  # 狂人: no night action
    assert scouted(g) == ["active A", "idle C"]
    record = write(g)
    assert {"player": "B", "action": "scout", "target": "A"} in record["events"][0]["actions"]
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_ninja_counts_an_optional_action_until_it_is_spent():
    # V1.1.11: 聖職者 yes until spent (whether or not it is used that night)
    g = new(["Werewolf", "Ninja", "Human", "Human", "Human", "Human", "Priest"])
    night(g, "B scout G", "A attack C")  # G does not use it: still open
    assert scouted(g) == ["active G"]
    vote(g, "AD BD DA ED FD GD")
    night(g, "G protect E", "B scout G", "A attack F")
    assert scouted(g) == ["active G", "active G"]
    vote(g, "AE BE EA GE")
    assert result(g) is None
    night(g, "B scout G", "A attack G")
    assert scouted(g) == ["active G", "active G", "idle G"]  # spent


def test_ninja_reads_the_wolves_on_night_one_with_the_scapegoat_and_a_seer_divining_automatically():
    # V1.1.11, as the reference: every attacking wolf on night 1 with scapegoat=on; with
    # firstnightdivine=auto, a seer on night 1 though its divination was drawn at dusk
    settings = {"scapegoat": "on", "firstnightdivine": "auto"}
    g = new(["Human", "Ninja", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"], settings,
            start=[("scapegoat attacker", "C"), ("first divination", "E")])
    assert legal_verbs(g, "B") == {"scout": ("C", "D", "E", "F", "G", "H")}  # never 身代わりくん
    assert legal_verbs(g, "C") == {} and legal_verbs(g, "D") == {}
    night(g, "B scout C", draws=[("order", ["D", "B"])])
    assert scouted(g) == ["active C"]
    g = new(["Human", "Ninja", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"], settings,
            start=[("scapegoat attacker", "C"), ("first divination", "E")])
    night(g, "B scout D", draws=[("order", ["D", "B"])])
    assert scouted(g) == ["active D"]


def test_ninja_scout_refused_on_itself_the_scapegoat_or_twice_and_nothing_changes():
    """Settled here: not itself (as §4.1); the reference also offers the 忍者 itself."""
    g = new(["Human", "Ninja", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "C")])
    before = snapshot(g)
    for text in ("B scout B", "B scout A"):
        with pytest.raises(IllegalActionError, match="cannot scout") as refused:
            g.apply(action(g, text))
        assert "「偵察」できません" in refused.value.ja
        assert snapshot(g) == before
    g.apply(action(g, "B scout C"))
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B has already chosen to scout tonight"):
        g.apply(action(g, "B scout D"))
    assert snapshot(g) == before


def test_a_scapegoat_ninja_scouts_a_drawn_seat():
    g = new(["Ninja", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    taken = close(g, [("scapegoat scout", "C")])
    assert [d.kind for d in taken] == ["scapegoat scout"] and dead(g) == {"A": "attack"}


def test_ninja_left_without_scouting_dies_suddenly():
    g = new(["Werewolf", "Ninja", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


# ---------------------------------------------------------------------------------------------- 閻魔


def judged(g, emma: str = "B") -> list[str]:
    """閻魔's lines, as 'KIND LETTER', in the order told."""
    return [f"{m.key[5:]} {g.names[m.args['player']]}" for _, m in g.messages
            if m.key.startswith("emma ") and m.to is not None and g.names.index(emma) in m.to]


def test_emma_learns_each_announced_deaths_kind_none_for_an_execution():
    g = new(["Werewolf", "Emma", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert judged(g) == ["attack C"] and told(g, "emma attack", "D") == []
    vote(g, "AD BD DA ED FD GD")
    assert judged(g) == ["attack C"]  # none for an execution
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_emma_tells_a_lovers_suicide_apart_in_announcement_order():
    g = new(["Werewolf", "Emma", "Cupid", "Human", "Human", "Human", "Human"])
    night(g, "C pair D E", "A attack D", draws=[("announcement", ["E", "D"])])
    assert dead(g) == {"D": "attack", "E": "suicide"}
    assert judged(g) == ["lover E", "attack D"]
    assert g.deaths[4].kind == "lover" and g.deaths[3].kind is None


def test_emma_tells_fox_and_twin_suicides_and_a_curse_unless_announced():
    g = new(["Werewolf", "Emma", "Diviner", "Fox", "Immoral", "Twin", "Twin", "Human", "Human"])
    night(g, "C divine D", "A attack F", draws=[("announcement", ["D", "E", "F", "G"])])
    assert dead(g) == {"D": "curse", "E": "suicide", "F": "attack", "G": "suicide"}
    assert judged(g) == ["curse D", "fox E", "attack F", "twin G"]
    g = new(["Werewolf", "Emma", "Diviner", "Fox", "Human", "Human", "Human"], {"deadfox": "on"})
    night(g, "C divine D", "A attack E", draws=[("announcement", ["D", "E"])])
    assert judged(g) == ["attack E"]  # the curse was announced publicly


def test_emma_dead_in_the_burial_is_told_nothing_and_a_poison_has_its_line():
    g = new(["Werewolf", "Emma", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert judged(g) == []
    g = new(["Werewolf", "Emma", "Poisoner", "Human", "Human", "Human", "Human", "Werewolf"])
    night(g, "A attack C", draws=[("announcement", ["C", "A"])])
    assert dead(g) == {"A": "poison", "C": "attack"} and judged(g) == ["attack C", "poison A"]


def test_emma_tells_a_charmed_seats_suicide_as_possession():
    g = new(["Werewolf", "QueenOfNight", "Diviner", "Emma", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack B", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "attack", "C": "suicide"} and g.deaths[2].kind == "charm"
    assert judged(g, "D") == ["attack B", "charm C"]


def test_ninja_reads_a_sealed_seer_as_idle():
    # V1.1.11: a sealed seat (W.1.3) has no night action open
    g = new(["ThreateningWolf", "Ninja", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B scout C", "C divine A", draws=[("order", ["B", "C"])])
    assert scouted(g) == ["active C"]
    g.apply(action(g, "A threaten C"))
    vote(g, "AE BE CE EA FE GE")
    assert legal_verbs(g, "C") == {}
    night(g, "B scout C", "A attack F")
    assert scouted(g) == ["active C", "idle C"]
