"""Issue 24, group VF: おばけ and 一言主神 (``roles/village.py``; shared/spec/classic-roles-village-1.md V1.2,
mechanics V1.1.2's received-vote modifier 痛恨).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.model import Count
from jinrou.classic.record import replay, write
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
