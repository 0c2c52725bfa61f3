"""Wave 3's attack roles: 一途な狼, 瞳狼, 囮狼 (``roles/werewolves.py``), 爆弾魔, 破壊の狂人, サイコキラー
(``roles/madmen.py``) — shared/spec/classic-roles-werewolf.md W.2, W.3 and the mechanics W.1.2
(redirection), W.1.7 (marks), W.1.9d/f (failed attacks and why), with the guard kinds of V1.1.9/V2.1.2.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.model import Blocked, Cause
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.roles.werewolves import AttackFailures
from jinrou.classic.texts import render
from jinrou.errors import IllegalActionError

from ..helpers import (
    Recorder,
    action,
    alive,
    cast,
    close,
    dead,
    legal_verbs,
    new,
    night,
    snapshot,
    told,
    vote,
)


def round_trip(g):
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]
    return record


def said(order: str) -> list[tuple[str, list[str]]]:
    """The announcement order of a burial with several deaths (forced, as every draw here)."""
    return [("announcement", list(order))]


def lynch(g, letter: str, draws=()) -> None:
    """Every living seat votes ``letter``, which votes the first other living seat."""
    names = [g.names[s] for s in g.living()]
    other = next(n for n in names if n != letter)
    vote(g, " ".join(n + (other if n == letter else letter) for n in names), draws)


def refused(g, text, match, ja=None):
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=match) as error:
        g.apply(action(g, text))
    assert snapshot(g) == before
    assert error.value.ja and (ja is None or ja in error.value.ja)  # said in Japanese too


# ---------------------------------------------------------------------- 一途な狼 (W.2, W.1.9d)


def test_tough_wolf_lunge_is_a_form_of_the_attack_optional_and_once():
    g = new(["ToughWolf", "Werewolf", "Human", "Guard", "Human", "Human", "Human", "Human"])
    verbs = legal_verbs(g, "A")
    assert verbs["lunge"] == verbs["attack"] == ("C", "D", "E", "F", "G", "H")
    (lunge,) = [lg for lg in g.legal_actions(0) if lg.verb.value == "lunge"]
    assert not lunge.required and lunge.instead_of.value == "attack"
    night(g, "A lunge E", "D guard C")  # it IS the attack: no other attack is open after it
    assert dead(g) == {"E": "attack"} and alive(g) == "ABCDFGH"  # no failed attack: the 一途な狼 lives
    assert told(g, "lunge", "B") == [{"wolf": 0, "target": 4}] and told(g, "attack chosen", "B")
    line = next(m for _, m in g.messages if m.key == "lunge")
    assert render(line, g.names) == "Aは捨て身の覚悟でEを狙っています。"
    lynch(g, "F")
    assert "lunge" not in legal_verbs(g, "A")  # once per game
    refused(g, "A lunge C", "A .Tough Wolf. has no action 'lunge' tonight", ja="Aには今夜「捨て身の襲撃」の行動はありません")


def test_a_lunge_is_refused_once_the_attack_is_chosen():
    g = new(["ToughWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "B attack C"))
    refused(g, "A lunge D", "A has already chosen to lunge tonight")


def test_a_failed_attack_on_a_lunge_night_kills_through_a_guard_then_the_tough_wolf_dies():
    g = new(["ToughWolf", "Werewolf", "Human", "Guard", "Human", "Human", "Human", "Human"], {"gjmessage": "on"})
    night(g, "A lunge C", "D guard C", draws=said("CA"))
    assert dead(g) == {"C": "attack", "A": "tough"}
    assert told(g, "guard success") == [{"target": 2}]  # the guard held, then the lunge killed anyway
    assert told(g, "died", None) == [{"player": 2, "cause": None}, {"player": 0, "cause": None}]
    round_trip(g)


@pytest.mark.parametrize("target", ["Fox", "Devil", "Cursed", "Acrobat"])
def test_a_lunge_ignores_every_resistance(target):
    g = new(["ToughWolf", "Werewolf", target, "Human", "Human", "Human", "Human", "Human"])
    night(g, "A lunge C", draws=said("CA"))
    assert dead(g) == {"C": "attack", "A": "tough"}


def test_a_lunge_ignores_a_holy_protection_and_a_wolf_target_with_wolfattack():
    g = new(["ToughWolf", "Werewolf", "Human", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "D protect C", "A lunge C", draws=said("CA"))
    assert dead(g) == {"C": "attack", "A": "tough"}
    g = new(["ToughWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"], {"wolfattack": "on"})
    night(g, "A lunge B", draws=said("BA"))  # immune to wolf attacks, killed anyway
    assert dead(g) == {"B": "attack", "A": "tough"}


def test_a_lunge_kill_runs_on_death_effects_with_the_tough_wolf_as_attacker():
    # W.2: 埋毒者's selector poison hits the 一途な狼 (which then has nothing left to pay)
    g = new(["ToughWolf", "Werewolf", "Poisoner", "Guard", "Human", "Human", "Human", "Human"],
            {"poisonwolf": "selector"})
    night(g, "A lunge C", "D guard C", draws=said("CA"))
    assert dead(g) == {"C": "attack", "A": "poison"}


def test_the_lunge_flag_covers_every_attack_and_greed_is_not_triggered():
    """W.1.9d: 一途 then 欲張り. Settled here, as the reference: the flag covers every attack of the
    night, not only the 一途な狼's own."""
    g = new(["ToughWolf", "GreedyWolf", "Fox", "Guard", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "D guard F")
    lynch(g, "F")
    g.apply(action(g, "B gorge"))
    g.apply(action(g, "B attack C"))  # a fox: fails, killed anyway
    g.apply(action(g, "A lunge G"))
    g.apply(action(g, "D guard G"))
    close(g, said("CGA"))
    assert dead(g) == {"E": "attack", "F": "execution", "C": "attack", "G": "attack", "A": "tough"}
    assert "B" in alive(g)  # the greedy wolf paid nothing


# ---------------------------------------------------------------------- 瞳狼 (W.2, W.1.9f)


@pytest.mark.parametrize(("target", "helpers", "setup", "reason"), [
    ("Fox", [], "", Blocked.RESISTANCE),
    ("Human", ["Guard"], "D guard C", Blocked.GUARD),
    ("Human", ["Priest"], "D protect C", Blocked.HOLY),
    ("Devil", [], "", Blocked.DEVIL),
    ("Cursed", [], "", Blocked.CURSE),
    ("Noble", ["Slave"], "", Blocked.SUBSTITUTE),
    ("Fugitive", [], "C hide E", Blocked.ESCAPE),
    ("Acrobat", [], "", Blocked.ACROBATICS),
])
def test_eyes_wolves_are_told_each_failed_attack_and_why_at_the_burial(target, helpers, setup, reason):
    g = new(["EyesWolf", "EyesWolf", target, *helpers] + ["Human"] * (6 - len(helpers)))
    if setup:
        g.apply(action(g, setup))
    night(g, "A attack C")
    assert "C" not in dead(g)
    (line,) = [m for _, m in g.messages if m.key.startswith("eyes")]
    assert line.key == f"eyes {reason.value}" and line.args == {"target": 2} and line.to == frozenset({0, 1})
    lynch(g, "H")
    assert len([m for _, m in g.messages if m.key.startswith("eyes")]) == 1  # told once: the log emptied


def test_eyes_wolf_lines_in_both_languages():
    g = new(["EyesWolf", "Human", "Fox", "Human", "Human", "Human"])
    night(g, "A attack C")
    (line,) = [m for _, m in g.messages if m.key == "eyes resistance"]
    assert render(line, g.names) == "Cへの襲撃は耐性に阻まれました。"
    assert render(line, g.names, "en") == "The attack on C was resisted."
    g = new(["EyesWolf", "Human", "Fugitive", "Human", "Human", "Human"])
    night(g, "C hide D", "A attack C")
    (line,) = [m for _, m in g.messages if m.key == "eyes escape"]
    assert render(line, g.names) == "Cへの襲撃はCの逃亡により失敗しました。"


def test_a_plain_wolf_is_told_nothing_and_the_log_is_dropped_without_a_living_eyes_wolf():
    g = new(["Werewolf", "EyesWolf", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    lynch(g, "B")  # the 瞳狼 is executed
    night(g, "A attack C")  # fails on the fox: nobody is told
    assert [m for _, m in g.messages if m.key.startswith("eyes")] == []
    assert g.ctx.recall(AttackFailures) is None


def test_a_kill_reports_why_it_failed():
    g = new(["Werewolf", "Fox", "Guard", "Human", "Human", "Human"])
    assert not g.kill(1, Cause.ATTACK) and g.blocked is Blocked.RESISTANCE
    g.night.guard(3, 2)
    assert not g.kill(3, Cause.ATTACK) and g.blocked is Blocked.GUARD
    assert g.kill(4, Cause.ATTACK) and g.blocked is None


# ---------------------------------------------------------------------- 囮狼 (W.2, W.1.2)


def test_decoy_is_open_from_night_two_once_and_told_to_the_wolf_chat():
    g = new(["DecoyWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert "decoy" not in legal_verbs(g, "A")
    refused(g, "A decoy C", "has no action 'decoy' tonight")
    night(g, "A attack H")
    lynch(g, "G")
    assert legal_verbs(g, "A")["decoy"] == ("B", "C", "D", "E", "F")
    g.apply(action(g, "A decoy C"))
    assert told(g, "decoy", "B") == [{"wolf": 0, "target": 2}] and told(g, "decoy", "C") == []
    assert render(next(m for _, m in g.messages if m.key == "decoy"), g.names) == "AはCの家に忍び込み囮となりました。"
    refused(g, "A decoy D", "has no action 'decoy' tonight")  # spent at submission
    g.apply(action(g, "B attack D"))
    close(g)
    lynch(g, "F")
    assert "decoy" not in legal_verbs(g, "A")


def test_an_attack_on_the_decoyed_seat_hits_the_decoy_and_fails_as_resisted():
    g = new(["DecoyWolf", "EyesWolf", "GreedyWolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack J")
    lynch(g, "I")
    night(g, "A decoy D", "C gorge", "B attack D", "C attack E")  # one death: no order drawn
    assert dead(g) == {"J": "attack", "I": "execution", "C": "greedy"}  # a failure for 欲張り: E spared
    assert [m.args for _, m in g.messages if m.key == "eyes resistance"] == [{"target": 0}]  # the 囮狼 resisted


def test_a_divination_of_the_decoyed_seat_reads_the_decoy_under_the_chosen_name_no_fox_cursed():
    g = new(["DecoyWolf", "Diviner", "Fox", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "B divine D")
    lynch(g, "G")
    night(g, "A decoy C", "B divine C", "A attack D")
    assert told(g, "divined", "B")[-1] == {"target": 2, "result": "werewolf"}
    assert "C" not in dead(g)


def test_a_guard_on_the_decoyed_seat_protects_the_decoy_and_a_bite_there_hits_it():
    g = new(["DecoyWolf", "Guard", "Vampire", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "B guard D")
    lynch(g, "H")
    night(g, "A decoy D", "B guard D", "C bite A", "A attack E")
    assert "A" not in dead(g)  # bitten, but guarded: the guard's protection went to it
    g = new(["DecoyWolf", "Guard", "Vampire", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "B guard E")
    lynch(g, "H")
    night(g, "A decoy D", "B guard E", "C bite D", "A attack F", draws=said("AF"))
    assert dead(g)["A"] == "vampire" and "D" not in dead(g)


def test_a_lunge_on_the_decoyed_seat_kills_the_decoy():
    g = new(["DecoyWolf", "ToughWolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    lynch(g, "H")
    night(g, "A decoy C", "B lunge C", draws=said("AB"))
    assert dead(g) == {"I": "attack", "H": "execution", "A": "attack", "B": "tough"}
    round_trip(g)


def test_the_targeted_hook_is_not_redirected():
    # W.1.2: the *targeted* hook happens at submission, on the chosen seat
    g = new(["DecoyWolf", "Diviner", "PsychoKiller", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "B divine D")
    lynch(g, "G")
    night(g, "A decoy C", "B divine C", "A attack D", draws=said("ABD"))
    assert {k: dead(g)[k] for k in "ABD"} == {"A": "psycho", "B": "psycho", "D": "attack"}  # the decoy targeted it too
    assert "C" not in dead(g)


# ---------------------------------------------------------------------- 爆弾魔 (W.3)


def test_bomber_plants_once_on_another_living_seat():
    g = new(["Werewolf", "Bomber", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B")["bomb"] == ("A", "C", "D", "E", "F", "G")
    refused(g, "B bomb B", "B cannot bomb B", ja="選べるのは A, C, D, E, F, G")
    night(g, "B bomb C", "A attack G")
    assert g.identity(2).has("Bomb") and dead(g) == {"G": "attack"}
    assert all(m.key != "Bomb" and "Bomb" not in str(m.args) for _, m in g.messages)  # nobody is told
    lynch(g, "F")
    assert "bomb" not in legal_verbs(g, "B")
    refused(g, "B bomb D", "has no action 'bomb' tonight")


def test_a_bomb_kills_the_guard_and_the_carrier_the_night_it_is_planted():
    # (a) at level 100, after the bomb (81) and the guard (80): the carrier and its guard die
    g = new(["Werewolf", "Bomber", "Human", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "B bomb C", "D guard C", "A attack E", draws=said("CDE"))
    assert dead(g) == {"C": "trap", "D": "trap", "E": "attack"}
    round_trip(g)


def test_a_guarded_carrier_dies_at_its_turn_among_the_diviners():
    g = new(["Werewolf", "Bomber", "Human", "Guard", "Diviner", "Human", "Human", "Human"])
    night(g, "B bomb C", "D guard F", "E divine F", "A attack H")
    lynch(g, "G")
    for text in ("D guard C", "E divine C", "A attack F"):
        g.apply(action(g, text))
    taken = close(g, [("order", ["E", "C"]), ("announcement", ["C", "D", "F"])])
    assert taken[0].value == ["E", "C"]  # P over the seer and the carrier, which share level 100
    assert told(g, "divined", "E")[-1] == {"target": 2, "result": "human"}
    assert {k: v for k, v in dead(g).items() if k in "CDF"} == {"C": "trap", "D": "trap", "F": "attack"}


def test_an_exposed_guard_still_sets_the_bomb_off():
    g = new(["Werewolf", "Bomber", "Human", "Guard", "DestroyCraziest", "Human", "Human", "Human"])
    night(g, "B bomb C", "D guard C", "E expose C", "A attack F", draws=said("CDF"))
    assert dead(g) == {"C": "trap", "D": "trap", "F": "attack"}


def test_a_wolf_attacking_the_carrier_dies_whatever_the_outcome():
    g = new(["Werewolf", "Werewolf", "Bomber", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "C bomb D", "A attack D")  # a fox: the attack fails, the wolf still dies
    assert dead(g) == {"A": "trap"}
    lynch(g, "E")
    night(g, "B attack D")  # exploded: nothing more
    assert dead(g) == {"A": "trap", "E": "execution"} and not g.identity(3).has("Bomb")  # removed at dawn


def test_the_drawn_scapegoat_attacker_dies_of_a_bomb_on_the_scapegoat():
    g = new(["Human", "Werewolf", "Werewolf", "Bomber", "Human", "Human", "Human", "Human"],
            {"scapegoat": "on", "safety": "free"}, start=[("scapegoat attacker", "C")])
    night(g, "D bomb A", draws=said("AC"))
    assert dead(g) == {"A": "attack", "C": "trap"}


def test_a_vampire_biting_the_living_carrier_dies():
    g = new(["Werewolf", "Bomber", "Vampire", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B bomb D", "A attack H")
    lynch(g, "G")
    night(g, "C bite D", "A attack E", draws=[("order", ["C", "D"]), *said("CDE")])
    assert {k: dead(g)[k] for k in "CDE"} == {"C": "trap", "D": "vampire", "E": "attack"}


def test_an_executed_carrier_takes_one_living_voter_drawn_uniformly():
    g = new(["Werewolf", "Bomber", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B bomb C", "A attack H")
    rec = Recorder([("bomb victim", "E"), ("announcement", ["C", "E"])])
    cast(g, "AC BD CD DC EC FC GC")
    g.close(rec)
    (options,) = [o for k, o, _ in rec.asked if k == "bomb victim"]
    assert options == ["A", "D", "E", "F", "G"]
    assert dead(g) == {"H": "attack", "C": "execution", "E": "trap"}
    record = round_trip(g)
    assert {"draw": "bomb victim", "value": "E"} in [d for e in record["events"] for d in e.get("draws", [])]


def test_a_bomb_explodes_once():
    """Settled here (W.3): one explosion. The reference differs: its attack check ignores "used", so a
    second attack on the carrier the same night would set it off again."""
    g = new(["Werewolf", "Werewolf", "Bomber", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C bomb D", "A attack E")
    lynch(g, "I")
    night(g, "A attack D", draws=said("AD"))  # explodes: A dies, D dies
    assert {k: dead(g)[k] for k in "AD"} == {"A": "trap", "D": "attack"}
    g = new(["Werewolf", "Werewolf", "Bomber", "Fox", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C bomb D", "A attack D")
    lynch(g, "D")  # the carrier executed after its bomb went off (and was removed at dawn): no victim
    assert dead(g) == {"A": "trap", "D": "execution"}
    # two attacks on the carrier the same night (a 狼の子's bonus): only the first wolf dies
    g = new(["Werewolf", "Werewolf", "WolfCub", "Bomber", "Fox", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "D bomb E", "A attack K")
    lynch(g, "C")
    night(g, "A attack E", "B attack E", draws=[])
    assert {k: v for k, v in dead(g).items() if k in "ABE"} == {"A": "trap"}


# ---------------------------------------------------------------------- 破壊の狂人 (W.3)


def test_an_exposed_seat_is_not_saved_by_its_guard_no_gj_and_no_eyes_line():
    g = new(["EyesWolf", "DestroyCraziest", "Human", "Guard", "Human", "Human", "Human", "Human"], {"gjmessage": "on"})
    assert legal_verbs(g, "B")["expose"] == ("A", "B", "C", "D", "E", "F", "G", "H")  # itself allowed
    night(g, "B expose C", "D guard C", "A attack C")
    assert dead(g) == {"C": "attack"}
    assert told(g, "guard success") == [] and [m for _, m in g.messages if m.key.startswith("eyes")] == []
    lynch(g, "H")
    night(g, "D guard E", "A attack E")  # the exposure ended at dusk: the guard works again
    assert "E" not in dead(g) and told(g, "guard success") == [{"target": 4}]
    round_trip(g)


def test_an_exposure_does_not_stop_resistances():
    g = new(["Werewolf", "DestroyCraziest", "Fox", "Human", "Human", "Human"])
    night(g, "B expose C", "A attack C")
    assert dead(g) == {}


# ---------------------------------------------------------------------- サイコキラー (W.3)


def test_psycho_killer_kills_every_seat_that_targeted_it_then_dies_of_the_attack():
    g = new(["Werewolf", "Werewolf", "PsychoKiller", "Diviner", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "D divine C", "E guard F", "A attack I", draws=said("DI"))
    assert dead(g) == {"I": "attack", "D": "psycho"}
    lynch(g, "H")
    night(g, "E guard C", "B attack C", draws=said("BE"))  # the guard is placed at 80 on it; the attacker chose it
    assert {k: dead(g)[k] for k in "BE"} == {"E": "psycho", "B": "psycho"} and "C" not in dead(g)  # still guarded
    record = round_trip(g)
    assert record["events"][0]["actions"][0] == {"player": "D", "action": "divine", "target": "C"}


def test_a_wolf_attacking_the_psycho_killer_dies_before_its_attack_kills_it():
    g = new(["Werewolf", "Werewolf", "PsychoKiller", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", draws=said("AC"))
    assert dead(g) == {"A": "psycho", "C": "attack"}


def test_psycho_killer_acts_while_dead_and_the_drawn_first_divination_counts():
    g = new(["Werewolf", "PsychoKiller", "Diviner", "Human", "Human", "Human", "Human"], {"firstnightdivine": "auto"},
            start=[("first divination", "B")])
    night(g, "A attack G", draws=said("CG"))
    assert dead(g) == {"G": "attack", "C": "psycho"}
    g = new(["Werewolf", "PsychoKiller", "Cat", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    lynch(g, "B")  # the サイコキラー is executed
    night(g, "C revive B", "A attack D", draws=[("cat revival", "none"), ("poison", "E"), *said("CED")])
    assert dead(g)["C"] == "psycho" and "B" in dead(g)


def test_a_fugitive_hiding_at_the_psycho_killer_dies():
    g = new(["Werewolf", "PsychoKiller", "Fugitive", "Human", "Human", "Human", "Human"])
    night(g, "C hide B", "A attack G", draws=said("CG"))
    assert dead(g) == {"C": "psycho", "G": "attack"}


def test_the_psycho_list_empties_each_night():
    g = new(["Werewolf", "PsychoKiller", "Guard", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C guard D", "A attack H")
    lynch(g, "G")
    night(g, "C guard E", "A attack F")
    assert "C" not in dead(g)
