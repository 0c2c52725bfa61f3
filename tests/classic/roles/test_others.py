"""Single teams and the others (``roles/others.py``): 悪魔くん, ヴァンパイア, こうもり, 皮なめし職人,
てるてる坊主, ニート.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from ..helpers import (
    cast,
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

# ---------------------------------------------------------------------------------------------- 悪魔くん


def test_devil_bitten_survives_told_once_and_wins_when_executed_afterwards():
    g = new(["Werewolf", "Devil", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {} and told(g, "devil bitten", "B") == [{}]
    vote(g, "AC BC CA DC EC FC GC")
    night(g, "A attack B")
    assert dead(g) == {"C": "execution"} and len(told(g, "devil bitten")) == 1
    vote(g, "AB BA DB EB FB GB")
    assert result(g) == "Devil" and winners(g) == "B"


def test_devil_executed_unbitten_just_dies():
    g = new(["Werewolf", "Devil", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB")
    assert dead(g) == {"C": "attack", "B": "execution"} and result(g) is None


def test_devil_dies_to_the_vampire():
    g = new(["Werewolf", "Devil", "Vampire", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    night(g, "A attack F", "C bite B", draws=[("announcement", ["B", "F"])])
    assert dead(g)["B"] == "vampire"


# ---------------------------------------------------------------------------------------------- ヴァンパイア


def test_vampire_bites_from_night_two_and_the_guard_stops_it():
    g = new(["Werewolf", "Vampire", "Guard", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}  # no bite on night 1
    night(g, "A attack E", "C guard D", "D divine B")
    assert told(g, "divined", "D") == [{"target": 1, "result": "vampire"}]
    vote(g, "AF BF CF DF FA GF HF IF")
    assert legal_verbs(g, "B") == {"bite": ("A", "C", "D", "G", "H", "I")} and g.awaited() == [0, 1, 2, 3]
    night(g, "B bite D", "C guard D", "A attack G", "D divine A", draws=[("order", ["B", "D"])])
    assert dead(g) == {"E": "attack", "F": "execution", "G": "attack"}
    vote(g, "AH BH CH DH HA IH")
    night(g, "B bite D", "C guard I", "A attack I", "D divine C", draws=[("order", ["D", "B"])])
    assert dead(g)["D"] == "vampire"


def test_vampire_is_immune_to_wolves_and_kills_a_fugitive_hiding_at_its_target():
    g = new(["Werewolf", "Vampire", "Fugitive", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B", "C hide D")
    assert dead(g) == {}
    vote(g, "AE BE CE DE EA FE GE HE")
    night(g, "B bite D", "C hide D", "A attack F", draws=[("announcement", ["C", "D", "F"])])
    assert dead(g) == {"E": "execution", "C": "vampire", "D": "vampire", "F": "attack"}


def test_fugitive_hiding_at_a_vampires_house_dies():
    g = new(["Werewolf", "Vampire", "Fugitive", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C hide B", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"C": "vampire", "D": "attack"}


def test_vampires_win_when_humans_are_no_more_than_them_and_no_wolf_lives():
    g = new(["Vampire", "Vampire", "Human", "Human", "Human", "Human", "Human"])
    assert knows(g, "A") == {"B": "Vampire"}
    close(g)
    vote(g, "AC BC CA DC EC FC GC")
    night(g, "A bite D", "B bite E", draws=[("order", ["A", "B"]), ("announcement", ["D", "E"])])
    assert result(g) == "Vampire" and winners(g) == "AB"


# ---------------------------------------------------------------------------------------------- その他: こうもり, 皮なめし職人, てるてる坊主, ニート


def test_bat_wins_alive_whoever_wins():
    g = new(["Werewolf", "Bat", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BA DA EA")
    assert result(g) == "Human" and winners(g) == "BCDE"
    g = new(["Werewolf", "Bat", "Human"])
    night(g, "A attack B")
    assert result(g) == "Werewolf" and winners(g) == "A"


def test_tanner_wins_dead_but_not_dead_suddenly():
    g = new(["Werewolf", "Tanner", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "AC CA DA EA FA")
    assert result(g) == "Human" and winners(g) == "BCDEF"
    g = new(["Werewolf", "Tanner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AD DA EA FA")
    close(g)
    assert dead(g) == {"C": "attack", "B": "sudden"}
    vote(g, "AD DA EA FA")
    assert result(g) == "Human" and winners(g) == "CDEF"


@pytest.mark.parametrize(("n", "day"), [(3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (10, 4), (11, 5), (30, 5)])
def test_teruteru_charge_day_by_seats(n, day):
    from jinrou.classic.roles.others import teruteru_day

    # reference Teruteru.sunrise: players ≤ 4 and day 2, ≤ 6 and day 3, ≤ 10 and day 4, or day ≥ 5
    assert teruteru_day(n) == day


def test_teruteru_wins_when_executed_after_its_charge():
    g = new(["Werewolf", "Teruteru", "Human", "Human", "Human", "Human"])  # n = 6: charged at day 3
    night(g, "A attack C")
    assert told(g, "charged") == []
    vote(g, "AD BD DA ED FD")
    night(g, "A attack E")
    assert told(g, "charged", "B") == [{}]
    vote(g, "AB BA FB")
    assert result(g) == "Werewolf" and winners(g) == "AB"


def test_teruteru_executed_before_its_charge_loses():
    g = new(["Werewolf", "Teruteru", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB")
    night(g, "A attack D")
    vote(g, "AE EA FA")
    assert result(g) == "Human" and winners(g) == "CDEF"


def test_neet_need_not_vote_and_wins_unless_a_draw():
    g = new(["Werewolf", "Neet", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert g.awaited() == [0, 3, 4]
    ((legal),) = g.legal_actions(1)
    assert legal.verb is None and not legal.required
    vote(g, "AD DA EA")
    assert dead(g) == {"C": "attack", "A": "execution"} and result(g) == "Human" and winners(g) == "BCDE"
    g = new(["Werewolf", "Neet", "Human"])
    night(g, "A attack C")
    assert result(g) == "Werewolf" and winners(g) == "AB"
