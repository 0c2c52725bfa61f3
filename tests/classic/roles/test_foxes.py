"""Team Fox (``roles/foxes.py``): 妖狐, 子狐, 背徳者.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.role import Chat

from ..helpers import (
    Recorder,
    action,
    chats,
    dead,
    knows,
    legal_verbs,
    new,
    night,
    told,
    vote,
)

# ---------------------------------------------------------------------------------------------- 妖狐, 子狐, 背徳者


def test_fox_resists_the_wolf_attack_but_not_the_vampire():
    g = new(["Werewolf", "Fox", "Human", "Human", "Human", "Human", "Vampire", "Human"])
    night(g, "A attack B")
    assert dead(g) == {}
    vote(g, "AC BC CA DC EC FC GC HC")
    night(g, "A attack D", "G bite B", draws=[("announcement", ["B", "D"])])
    assert dead(g) == {"C": "execution", "B": "vampire", "D": "attack"}


def test_foxes_know_each_other_and_the_tiny_fox_and_immoral_know_them():
    g = new(["Werewolf", "Fox", "Fox", "TinyFox", "Immoral", "Human"])
    assert knows(g, "B") == {"C": "Fox"} and chats(g, "B") == {Chat.FOX}
    assert knows(g, "D") == {"B": "Fox", "C": "Fox"} and chats(g, "D") == set()
    assert knows(g, "E") == {"B": "Fox", "C": "Fox"}
    assert "D" not in knows(g, "B") and "E" not in knows(g, "B")  # not known back


def test_tiny_fox_divines_right_half_of_the_time():
    g = new(["Werewolf", "TinyFox", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E", "F", "G")} and g.awaited() == [0, 1]
    rec = Recorder([("tiny fox divination", True)])
    g.apply(action(g, "B divine A"))
    g.apply(action(g, "A attack C"))
    g.close(rec)
    assert rec.asked == [("tiny fox divination", [True, False], None)]  # 1/2 (reference: Math.random()<0.5)
    assert told(g, "divined", "B") == [{"target": 0, "result": "werewolf"}]
    vote(g, "AD BD DA ED FD GD")
    night(g, "B divine A", "A attack E", draws=[("tiny fox divination", False)])
    assert told(g, "divined", "B")[-1] == {"target": 0, "result": "suspicious"}  # 「なんだかとても怪しい人」


def test_tiny_fox_neither_curses_nor_is_cursed_and_dies_to_the_wolves():
    g = new(["Werewolf", "TinyFox", "Fox", "Diviner", "Human", "Human", "Human"])
    night(g, "B divine C", "D divine B", "A attack E",
          draws=[("order", ["B", "D"]), ("tiny fox divination", True)])
    assert dead(g) == {"E": "attack"}
    assert told(g, "divined", "D") == [{"target": 1, "result": "human"}]
    vote(g, "AF BF CF DF FA GF")
    night(g, "A attack B", "B divine G", "D divine A", draws=[("order", ["B", "D"]), ("tiny fox divination", True)])
    assert dead(g)["B"] == "attack"


def test_tiny_fox_psychic_result():
    g = new(["Werewolf", "TinyFox", "Psychic", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C", draws=[("tiny fox divination", True)])
    vote(g, "AB BA CB EB FB GB")
    night(g, "A attack E")
    assert told(g, "psychic", "C") == [{"target": 1, "result": "tinyfox"}]


def test_immoral_follows_the_last_fox_in_the_same_burial():
    g = new(["Werewolf", "Fox", "Immoral", "Diviner", "Human", "Human", "Human"])
    night(g, "D divine B", "A attack E", draws=[("announcement", ["B", "C", "E"])])
    assert dead(g) == {"B": "curse", "C": "suicide", "E": "attack"}


def test_immoral_lives_on_while_a_tiny_fox_lives():
    g = new(["Werewolf", "Fox", "TinyFox", "Immoral", "Diviner", "Human", "Human", "Human"])
    night(g, "E divine B", "C divine A", "A attack F",
          draws=[("order", ["C", "E"]), ("tiny fox divination", True), ("announcement", ["B", "F"])])
    assert dead(g) == {"B": "curse", "F": "attack"}
    vote(g, "AC CA DC EC GC HC", draws=[("announcement", ["C", "D"])])
    assert dead(g)["C"] == "execution" and dead(g)["D"] == "suicide"
