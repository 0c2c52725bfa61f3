"""Team Friend (``roles/lovers.py``): キューピッド, 求愛者 and the sub-role 恋人.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.catalog import Team
from jinrou.classic.model import Count, Verb

from ..helpers import (
    action,
    alive,
    close,
    dead,
    knows,
    legal_verbs,
    new,
    night,
    result,
    told,
    vote,
    winners,
)

# ---------------------------------------------------------------------------------------------- キューピッド, 求愛者, 恋人


def test_cupid_pairs_two_seats_on_night_one_itself_allowed():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human", "Human"])
    ((legal),) = g.legal_actions(1)
    assert legal.verb is Verb.PAIR and legal.arity == 2 and legal.targets == (0, 1, 2, 3, 4, 5) and legal.required
    g.apply(action(g, "B pair B C"))
    assert g.has_sub(1, "Lovers") and g.has_sub(2, "Lovers") and g.team_of(2) is Team.FRIEND
    assert told(g, "lover", "C") == [{"partner": 1}] and told(g, "lover", "B") == [{"partner": 2}]
    assert told(g, "arrows", "B") == [{"first": 1, "second": 2}]
    g.apply(action(g, "A attack D"))
    close(g)
    assert legal_verbs(g, "B") == {"vote": ("A", "C", "E", "F")}
    vote(g, "AE BE CE EA FE")
    assert "pair" not in legal_verbs(g, "B")  # night 1 only


def test_lover_dies_after_its_partner():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human", "Human"])
    night(g, "B pair C D", "A attack C", draws=[("announcement", ["D", "C"])])
    assert dead(g) == {"C": "attack", "D": "suicide"} and "B" in alive(g)


def test_cupid_must_shoot_its_arrows():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "A attack C"))
    assert g.awaited() == [1]
    close(g, draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


def test_suitor_pairs_itself_with_another_seat():
    g = new(["Werewolf", "Lover", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"pair": ("A", "C", "D", "E", "F")} and g.awaited() == [0, 1]
    g.apply(action(g, "B pair A"))
    assert g.has_sub(0, "Lovers") and g.has_sub(1, "Lovers") and knows(g, "A") == {"B": "wolves"} | {"B": "Lovers"}
    assert g.team_of(0) is Team.FRIEND and g.counts(0) is Count.WOLF  # a lover keeps its count (§1)


def test_scapegoat_suitor_does_not_court():
    g = new(["Lover", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    assert legal_verbs(g, "A") == {"pair": ("B", "C", "D", "E", "F")}
    close(g)  # no draw: 身代わりくん skips the optional courtship
    assert not any(g.has_sub(s, "Lovers") for s in range(6))


def test_lovers_apart_with_friendssplit_on_and_together_with_it_off():
    roles = ["Werewolf", "Cupid", "Cupid", "Human", "Human", "Human", "Human", "Human", "Human"]
    g = new(roles)
    g.apply(action(g, "B pair D E"))
    g.apply(action(g, "C pair F G"))
    assert knows(g, "D") == {"E": "Lovers"}
    night(g, "A attack D", draws=[("announcement", ["D", "E"])])
    assert dead(g) == {"D": "attack", "E": "suicide"}  # F and G live on
    g = new(roles, {"friendssplit": "off"})
    g.apply(action(g, "B pair D E"))
    g.apply(action(g, "C pair F G"))
    assert knows(g, "D") == {"E": "Lovers", "F": "Lovers", "G": "Lovers"}
    night(g, "A attack D", draws=[("announcement", ["D", "E", "F", "G"])])
    assert dead(g) == {"D": "attack", "E": "suicide", "F": "suicide", "G": "suicide"}


def test_lovers_win_alone_alive_and_cupid_wins_with_them():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human"])
    night(g, "B pair C D", "A attack E")
    vote(g, "AB BA CA DA")
    assert result(g) == "Friend" and winners(g) == "BCD"


def test_dead_lover_loses_the_lovers_win():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B pair B C", "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F")
    vote(g, "AG BA CA GA")
    assert result(g) == "Friend" and winners(g) == "BC"
