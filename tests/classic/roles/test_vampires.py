"""Team Vampire's roles of wave 3 (``roles/vampires.py``, classic-roles-third.md T.6): ドラキュラ (the joint
bite, 吸血, the majority of T.1.2 8a) and 吸血鬼の眷属.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from ..helpers import action, dead, knows, legal_verbs, new, night, result, seat, told, vote, winners


def bitten(g) -> str:
    return "".join(g.names[s] for s in g.seats() if g.identity(s).has("DraculaBitten"))


def test_dracula_bites_from_night_two_and_the_bitten_seat_is_not_told():
    g = new(["Werewolf", "Dracula", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}
    night(g, "A attack C")
    assert told(g, "dracula failure", None) == [] and told(g, "dracula success", None) == []  # no notice after night 1
    vote(g, "AD BD DA ED FD GD HD ID")
    assert legal_verbs(g, "B") == {"bite": ("A", "E", "F", "G", "H", "I")} and g.awaited() == [0, 1]
    night(g, "B bite E", "A attack F")
    assert told(g, "dracula bite", "B") == [{"player": 1, "target": 4}]
    assert told(g, "dracula bitten", "B") == [{"target": 4}]
    assert bitten(g) == "E" and told(g, "dracula success", None) == [{}] and not [m for _, m in g.messages
                                                                                  if m.to and 4 in m.to and "dracula" in m.key]
    assert knows(g, "B") == {"E": "DraculaBitten"} and dead(g) == {"C": "attack", "D": "execution", "F": "attack"}


def test_the_draculas_bite_together_one_biter_drawn_and_each_sees_the_others_choice():
    g = new(["Werewolf", "Dracula", "Dracula", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert knows(g, "B") == {"C": "Dracula"}
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "B bite F", "C bite G", "A attack H", draws=[("order", ["C", "B"]), ("dracula biter", "C")])
    assert told(g, "dracula bite", "B") == [{"player": 1, "target": 5}, {"player": 2, "target": 6}]
    assert told(g, "dracula bitten", "C") == [{"target": 6}] and bitten(g) == "G"


def test_a_bite_fails_on_a_guarded_seat_a_wolf_or_a_fugitive_and_the_failure_is_public():
    g = new(["Werewolf", "Dracula", "Guard", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C guard E")
    vote(g, "AF BF CF EF FA GF HF IF")
    night(g, "B bite E", "C guard E", "A attack G")
    assert bitten(g) == "" and told(g, "dracula failure", None) == [{}]
    vote(g, "AH BH CH EH HA IH")
    night(g, "B bite A", "C guard E", "A attack I")
    assert bitten(g) == "" and len(told(g, "dracula failure", None)) == 2  # a wolf does not count human


def test_a_fugitive_hiding_at_a_dracula_is_bitten_not_killed():
    g = new(["Werewolf", "Dracula", "Fugitive", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C hide E")
    vote(g, "AF BF CF EF FA GF HF IF")
    night(g, "B bite G", "C hide B", "A attack H")
    assert "C" not in dead(g) and bitten(g) == "CG"


def test_a_trap_on_the_target_kills_the_dracula():
    g = new(["Werewolf", "Dracula", "Trapper", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "B bite F", "C trap F", "A attack G", draws=[("announcement", ["B", "G"])])
    assert dead(g)["B"] == "trap" and bitten(g) == ""


def test_dracula_plus_bitten_over_half_the_living_win_and_vampire_clan_with_them():
    g = new(["Werewolf", "Dracula", "VampireClan", "Human", "Human", "Human"])
    assert knows(g, "C") == {"B": "Dracula"} and "C" not in knows(g, "B")
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE")  # E executed: A, B, C, F alive
    night(g, "B bite C", "A attack F")  # C counts human: bitten; F dies: A, B, C alive — 2 > 3/2
    assert bitten(g) == "C" and result(g) == "Vampire" and winners(g) == "BC"


def test_vampire_clan_follows_when_no_vampire_or_dracula_lives():
    g = new(["Werewolf", "Dracula", "VampireClan", "Human", "Human", "Human", "Human"])
    night(g, "A attack B", draws=[("announcement", ["C", "B"])])
    assert dead(g) == {"B": "attack", "C": "suicide"}
    g = new(["Werewolf", "VampireClan", "Human", "Human", "Human"])  # none cast: at the first burial
    assert dead(g) == {"B": "suicide"}


def test_dracula_is_cursed_by_a_divination_and_divined_as_a_vampire():
    g = new(["Werewolf", "Dracula", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C divine B", draws=[("announcement", ["B", "D"])])
    assert dead(g) == {"B": "curse", "D": "attack"} and told(g, "divined", "C") == [{"target": 1, "result": "vampire"}]
    assert seat(g, "B") == 1


def test_a_samurais_counter_on_the_target_kills_the_biter_and_the_samurai():
    g = new(["Werewolf", "Dracula", "Samurai", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "B bite F", "C guard F", "A attack G", draws=[("announcement", ["B", "C", "G"])])
    assert {s: dead(g)[s] for s in "BCG"} == {"B": "samurai", "C": "vampire", "G": "attack"} and bitten(g) == ""


def test_a_counsellor_who_counsels_a_dracula_is_bitten():
    g = new(["Werewolf", "Dracula", "Counselor", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "B bite F", "C counsel B", "A attack G")
    assert bitten(g) == "CF" and "C" not in dead(g)  # a ドラキュラ is no ヴァンパイア to the カウンセラー


def test_a_hypnotized_dracula_may_be_the_biter():
    g = new(["Werewolf", "Dracula", "Hypnotist", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "B bite F", "C hypnotize B", "A attack G")
    assert bitten(g) == "F"  # T.1.13: hypnosis voids no bite


def test_a_scapegoat_dracula_dies_on_night_one_before_any_bite_and_a_dracula_bites_from_night_two():
    g = new(["Dracula", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"scapegoat": "on"}, start=[("scapegoat attacker", "B")])
    assert dead(g) == {}
    night(g)
    assert dead(g) == {"A": "attack"}  # night 1: no bite yet; the scapegoat (not immune) is attacked
    g = new(["Human", "Werewolf", "Dracula", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"scapegoat": "on"}, start=[("scapegoat attacker", "B")])
    night(g)
    vote(g, "BD CD DB ED FD GD HD ID")
    night(g, "B attack E", "C bite F")
    assert bitten(g) == "F" and told(g, "dracula success", None) == [{}]


def test_a_dracula_that_eats_a_stalker_chocolate_tonight_bites_nobody():
    """The chocolate (level 90) makes it a ストーカー before the bite resolves (106): no ドラキュラ is left to
    bite, as the reference's player whose job was replaced runs no more of the old job (a game of the win
    estimates once failed here)."""
    g = new(["Werewolf", "Patissiere", "Dracula", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B pair D", "A attack E")
    vote(g, "AF BF CF DF FA GF HF IF")
    g.apply(action(g, "C eat"))
    night(g, "C bite G", "A attack H", draws=[("chocolate", "stalker")])
    assert g.identity(seat(g, "C")).role.id == "Stalker" and bitten(g) == ""
    assert told(g, "dracula success", None) == [] and dead(g) == {"E": "attack", "F": "execution", "H": "attack"}
