"""Issue 24, group VC: 暗殺者 病人 老人 魔女 カウンセラー (``roles/village_remedies.py``, the block headed "group VC";
shared/spec/classic-roles-village-1.md V1.2, mechanics V1.1.8, V1.1.9d, V1.1.10, V1.1.13, V1.1.16).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import ROLES
from jinrou.classic.texts import render, shown_role
from jinrou.errors import IllegalActionError

from ..helpers import action, dead, legal_verbs, new, night, result, snapshot, told, vote, winners


def same_replay(g) -> None:  # type: ignore[no-untyped-def]
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


# ---------------------------------------------------------------------- 病人 (V1.1.10)


def test_diseased_killed_by_the_wolves_leaves_the_next_night_without_attack():
    g = new(["Werewolf", "Diseased", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {"B": "attack"}
    vote(g, "AC CA DC EC FC GC")  # C executed
    assert "attack" not in legal_verbs(g, "A")
    assert told(g, "wolves sick", "A") == [{}] and told(g, "wolves sick", "D") == []
    assert render(next(m for _, m in g.messages if m.key == "wolves sick"), g.names) == \
        "人狼たちは病気になりました。今日は襲撃できません。"
    night(g)
    vote(g, "AD DA ED FD GD")
    assert "attack" in legal_verbs(g, "A")  # one night only
    same_replay(g)


def test_diseased_executed_does_not_sicken_the_wolves():
    g = new(["Werewolf", "Diseased", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB")
    assert "attack" in legal_verbs(g, "A") and told(g, "wolves sick") == []


def test_sick_mark_prevails_over_the_wolf_cubs_bonus():
    # settled here (V1.1.10): both used up that night; the reference lets the later mark win
    g = new(["Werewolf", "WolfCub", "Diseased", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB HB IB")  # the cub executed after the 病人's death
    assert dead(g) == {"C": "attack", "B": "execution"}
    assert "attack" not in legal_verbs(g, "A")
    night(g)
    vote(g, "AD DA ED FD GD HD ID")
    assert legal_verbs(g, "A")["attack"]  # the bonus is used up too: one attack
    g.apply(action(g, "A attack E"))
    assert "attack" not in legal_verbs(g, "A")


# ---------------------------------------------------------------------- 老人 (V1.1.13, V1.1.16 infirm)


def test_oldman_with_one_wolf_dies_of_old_age_at_dawn_of_day_three_publicly():
    g = new(["Werewolf", "Oldman", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert "B" not in dead(g)  # day 2: 2 > 2 × 1 is false
    vote(g, "AD BD DA ED FD GD")
    night(g, "A attack E", draws=[("announcement", ["E", "B"])])  # one dawn burial (reference wave3/0290)
    assert dead(g)["B"] == "infirm"  # day 3 > 2
    (line,) = [m for _, m in g.messages if m.key == "died" and m.args["player"] == 1]
    assert line.to is None and render(line, g.names) == "Bは老衰で死亡しました。"
    same_replay(g)


def test_oldman_with_two_wolf_roles_lives_to_day_five_and_counts_the_mad_wolf():
    g = new(["Werewolf", "MadWolf", "Oldman"] + ["Human"] * 11)
    for victim, voted in (("D", "E"), ("F", "G"), ("H", "I")):
        night(g, f"A attack {victim}")
        assert "C" not in dead(g)  # days 2, 3, 4: d > 4 is false
        vote(g, " ".join(f"{x}{voted}" for x in "ABCDEFGHIJKLMN" if x not in dead(g) and x != voted) + f" {voted}A")
    night(g, "A attack J", draws=[("announcement", ["J", "C"])])
    assert dead(g)["C"] == "infirm"  # day 5


def test_oldman_protected_by_the_priest_survives_old_age():
    g = new(["Werewolf", "Oldman", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C protect B")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F")
    assert "B" not in dead(g)


# ---------------------------------------------------------------------- 暗殺者 (V1.1.9d, V1.1.16 assassinate)


def test_assassin_kills_once_from_night_two_through_a_guard_and_is_hidden():
    g = new(["Werewolf", "Assassin", "Guard", "Human", "Human", "Human", "Human", "Human"])
    assert "assassinate" not in legal_verbs(g, "B")
    with pytest.raises(IllegalActionError, match="has no action 'assassinate' tonight"):
        g.apply(action(g, "B assassinate D"))
    night(g, "A attack E", "C guard D")
    vote(g, "AF BF CF DF FA GF HF")
    g.apply(action(g, "B assassinate D"))
    assert told(g, "assassinate", "B") == [{"player": 1, "target": 3}]
    night(g, "A attack G", "C guard D", draws=[("announcement", ["D", "G"])])
    assert dead(g)["D"] == "assassinate"
    (line,) = [m for _, m in g.messages if m.key == "died" and m.args["player"] == 3]
    assert line.args["cause"] is None  # 「無残な姿で発見されました」
    vote(g, "AH BH CH HA")
    assert "assassinate" not in legal_verbs(g, "B")  # spent
    same_replay(g)


def test_assassin_kills_a_fox_whose_resistance_is_to_attacks():
    g = new(["Werewolf", "Assassin", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "B assassinate C", draws=[("announcement", ["C", "F"])])
    assert dead(g)["C"] == "assassinate"


def test_assassination_reflex_with_a_test_only_role():
    # V1.1.9d: no role of this batch declares a reflex (鬼 .3, 金鬼 .4 later): a role given one here
    human = ROLES["Human"]
    old = human.assassination_reflex
    type(human).assassination_reflex = Fraction(3, 10)
    try:
        g = new(["Werewolf", "Assassin", "Human", "Human", "Human", "Human", "Human"])
        night(g, "A attack D")
        vote(g, "AE BE CE EA FE GE")
        night(g, "A attack F", "B assassinate C",
              draws=[("assassination reflex", True), ("announcement", ["B", "F"])])
        assert dead(g)["B"] == "assassinate" and "C" not in dead(g)
        same_replay(g)
    finally:
        type(human).assassination_reflex = old


# ---------------------------------------------------------------------- 魔女 (V1.1.16 witch, reviver)


def test_witch_poison_is_unguardable_and_the_revival_always_works():
    g = new(["Werewolf", "Witch", "Guard", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C guard E")
    vote(g, "AE BE CE EA FE GE HE IE")
    assert set(legal_verbs(g, "B")) == {"poison", "revive"}
    assert legal_verbs(g, "B")["revive"] == ("D", "E")
    g.apply(action(g, "B revive D"))
    assert told(g, "witch revive", "B") == [{"player": 1, "target": 3}]
    assert "poison" not in legal_verbs(g, "B")  # one potion a night
    night(g, "A attack F", "C guard G")
    assert "D" not in dead(g) and told(g, "revived") != []
    vote(g, "AG BG CG DG GA HG IG")
    assert set(legal_verbs(g, "B")) == {"poison"}  # the one revival is used
    g.apply(action(g, "B poison H"))
    assert render(next(m for _, m in g.messages if m.key == "witch poison"), g.names) == "BはHに毒薬を使いました。"
    night(g, "A attack I", "C guard H", draws=[("announcement", ["H", "I"])])
    assert dead(g)["H"] == "witch"
    vote(g, "AD BD CD DA")
    assert "poison" not in legal_verbs(g, "B") and "revive" not in legal_verbs(g, "B")  # two in all
    same_replay(g)


def test_witch_potions_are_spent_for_good_as_they_are_used_up():
    """The role card's query (``Ability.spent``, overridden by the potions): the 蘇生薬 after its one use,
    both after the second potion; a once-a-night pause is not spent."""
    from jinrou.classic.abilities import Verb
    from jinrou.classic.roles.village_remedies import POISON

    g = new(["Werewolf", "Witch", "Guard", "Human", "Human", "Human", "Human", "Human", "Human"])

    def spent() -> set[str]:
        return {v.value for v in (POISON, Verb.REVIVE) if g.identity(1).spent(g.ctx, v)}

    assert spent() == set() and not g.identity(0).spent(g.ctx, Verb.REVIVE)  # none declared: not spent
    night(g, "A attack D", "C guard E")
    vote(g, "AE BE CE EA FE GE HE IE")
    g.apply(action(g, "B revive D"))
    assert spent() == {"revive"}  # the poison waits for the next night: not spent
    night(g, "A attack F", "C guard G")
    vote(g, "AG BG CG DG GA HG IG")
    g.apply(action(g, "B poison H"))
    assert spent() == {"revive", "poison"}


def test_witch_poison_kills_a_fox_and_is_a_reviver():
    g = new(["Werewolf", "Witch", "Fox", "Human", "Human", "Human", "Human"])
    assert g.identity(1).closes_heaven == "alive"
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(action(g, "B revive C"))  # a living seat
    assert snapshot(g) == before
    night(g, "A attack F", "B poison C", draws=[("announcement", ["C", "F"])])
    assert dead(g)["C"] == "witch"


# ---------------------------------------------------------------------- カウンセラー (V1.1.8 更生者)


def test_counselor_reforms_a_madman_at_the_next_dawn():
    g = new(["Werewolf", "Counselor", "Madman", "Human", "Human", "Human", "Human"])
    assert "counsel" not in legal_verbs(g, "B")
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    assert "B" in legal_verbs(g, "B")["counsel"]  # itself allowed
    g.apply(action(g, "B counsel C"))
    assert told(g, "counsel", "B") == [{"player": 1, "target": 2}]
    night(g, "A attack F")
    assert told(g, "reformed", "C") == [{"player": 2}] and told(g, "reformed", "B") == []
    identity = g.identity(2)
    assert identity.team().value == "Human"
    assert shown_role("Madman", [layer.role.id for layer in identity.layers[1:]], "ja") == "更生者（狂人）"
    same_replay(g)


def test_counselor_dies_counseling_a_wolf():
    g = new(["Werewolf", "Counselor", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "B counsel A", draws=[("announcement", ["B", "F"])])
    assert dead(g)["B"] == "attack" and g.identity(0).team().value == "Werewolf"


def test_counselor_dies_counseling_a_vampire_and_counsels_a_wolf_dead_by_then():
    # V1.2: a ヴァンパイア not team Human kills it (`vampire`); the target is read at 110 even dead
    g = new(["Werewolf", "Counselor", "Vampire", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    night(g, "A attack G", "B counsel C", "C bite H", draws=[("announcement", ["B", "G", "H"])])
    assert dead(g)["B"] == "vampire"
    g = new(["Werewolf", "Counselor", "Witch", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "C poison A", "B counsel A", draws=[("announcement", ["A", "B", "F"])])
    assert dead(g) == {"D": "attack", "E": "execution", "A": "witch", "B": "attack", "F": "attack"}


def test_a_reformed_fox_still_gives_the_fox_result_and_so_loses():
    # V1.1.8: team Human, wins iff the result is Human; "a living 妖狐 still gives the Fox result"
    g = new(["Werewolf", "Counselor", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "B counsel C")
    assert told(g, "reformed", "C") == [{"player": 2}]
    identity = g.identity(2)
    assert identity.team().value == "Human" and identity.role.id == "Fox"
    vote(g, "AC BA CA GA")  # the wolf executed: the living fox takes the result, nobody wins
    assert result(g) == "Fox" and winners(g) == ""


def test_counselor_leaves_a_villager_alone_and_is_never_told_the_outcome():
    g = new(["Werewolf", "Counselor", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "B counsel B")  # itself allowed
    assert told(g, "reformed") == [] and "Reformed" not in [layer.role.id for layer in g.identity(1).layers]
    assert not any(layer.role.id == "Counseled" for i in g.identities for layer in i.layers)


def test_a_diseased_scapegoat_killed_on_night_one_leaves_night_two_without_attack():
    # V1.1 Scapegoat: 身代わりくん 病人 killed on night 1
    g = new(["Diseased", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            [("scapegoat attacker", "B")])
    night(g)
    assert dead(g) == {"A": "attack"}
    vote(g, "BC CB DC EC FC GC")
    assert "attack" not in legal_verbs(g, "B") and told(g, "wolves sick", "B") == [{}]


def test_refused_potions_and_assassinations_say_why_and_change_nothing():
    g = new(["Werewolf", "Witch", "Assassin", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    for text, message in (("B revive F", "B cannot revive F: allowed are D, E"),
                          ("C assassinate C", "C cannot assassinate C: allowed are A, B, F, G, H")):
        before = snapshot(g)
        with pytest.raises(IllegalActionError, match=message):
            g.apply(action(g, text))
        assert snapshot(g) == before
    g.apply(action(g, "B poison F"))
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="has no action 'revive' tonight"):  # one potion a night
        g.apply(action(g, "B revive D"))
    assert snapshot(g) == before


def test_a_poisoned_seat_with_a_holy_protection_survives():
    # V1.2 Witch: holy protection applies (not a guard's)
    g = new(["Werewolf", "Witch", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C protect E")
    vote(g, "AF BF CF FA EF GF")
    night(g, "A attack G", "B poison E")
    assert "E" not in dead(g) and dead(g)["G"] == "attack"
