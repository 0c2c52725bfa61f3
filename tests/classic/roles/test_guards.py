"""Group G of the village's part 2 (``roles/village_guards.py``, its "group G" block; shared/spec/classic-roles-village-2.md
V2.2, mechanics V2.1.2 guards, V2.1.3 shields and the order of protections, V2.1.11 a shielded execution, V2.1.12
attributes, V2.1.13 causes): コスプレイヤー, 侍, 精霊使い, 竜騎士, 人身御供.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jinrou.classic.model import Verb
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.roles.village_guards import SLAY
from jinrou.classic.texts import render
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    alive,
    bot_game_replays,
    dead,
    legal_verbs,
    new,
    night,
    snapshot,
    told,
    vote,
)


def eyes(g) -> list[tuple[str, dict]]:
    """The 瞳狼's lines (W.1.9f), in order."""
    return [(m.key, m.args) for _, m in g.messages if m.key.startswith("eyes")]


def judged(g, letter: str) -> list[str]:
    """閻魔's lines told to ``letter``: "KEY target-letter"."""
    s = g.names.index(letter)
    return [f"{m.key[5:]} {g.names[m.args['player']]}" for _, m in g.messages
            if m.key.startswith("emma ") and m.to is not None and s in m.to]


def replays(g) -> dict:
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]
    return record


# ---------------------------------------------------------------------------------------------- コスプレイヤー


def test_cosplayer_reads_werewolf_counts_human_and_guards_as_a_bodyguard_with_its_gj_notice():
    # V2.2 Cosplayer: 狩人 with 占 人狼 and 霊 人狼, counts human; night 1 too with scapegoat=off (ref L8251–8255)
    g = new(["EyesWolf", "Cosplayer", "Diviner", "Psychic", "Human", "Human", "Human"], {"gjmessage": "on"})
    identity = g.identity(1)
    assert (identity.fortune().value, identity.psychic().value, identity.counts().value) == ("werewolf", "werewolf", "human")
    assert identity.role.guard_role and identity.role.death_resistance and not identity.role.deadly_weapon
    assert legal_verbs(g, "B") == {"guard": ("A", "C", "D", "E", "F", "G")}  # never itself without guardmyself
    night(g, "B guard C", "C divine B", "A attack C")
    assert dead(g) == {} and told(g, "guard success", "B") == [{"target": 2}]
    assert told(g, "divined", "C") == [{"target": 1, "result": "werewolf"}]
    assert eyes(g) == [("eyes guard", {"target": 2})]
    record = replays(g)
    assert {"player": "B", "action": "guard", "target": "C"} in record["events"][0]["actions"]


def test_cosplayer_keeps_the_bodyguards_choices_and_a_refused_guard_changes_nothing():
    g = new(["Werewolf", "Cosplayer", "Human", "Human", "Human", "Human", "Human"], {"consecutiveguard": "no"})
    night(g, "B guard C", "A attack D")
    vote(g, "AE BE CE EF FE GE")
    assert "C" not in legal_verbs(g, "B")["guard"]
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot guard C"):
        g.apply(action(g, "B guard C"))
    assert snapshot(g) == before


def test_a_scapegoat_game_opens_the_cosplayers_guard_on_night_2():
    g = new(["Human", "Werewolf", "Cosplayer", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    assert legal_verbs(g, "C") == {}
    night(g)
    vote(g, "BD CD DE ED FD GD")
    assert "guard" in legal_verbs(g, "C")


def test_a_trap_on_the_seat_kills_the_cosplayer_as_a_bodyguard():
    # V2.1.2a: a 罠 on the seat kills its guard (V1.1.9b)
    g = new(["Werewolf", "Trapper", "Cosplayer", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C guard D", "A attack E")
    vote(g, "AF BF CF DF FG GF HF")
    night(g, "B trap D", "C guard D", "A attack D", draws=[("announcement", ["C", "D"])])
    assert {s: dead(g)[s] for s in "CD"} == {"C": "trap", "D": "attack"}


def test_a_bomb_on_the_seat_kills_a_cosplayer_or_a_dragon_knight_guarding_it_but_not_a_samurai():
    """V2.1.2a: 爆弾魔's bomb treats コスプレイヤー's and 竜騎士's guards as a 狩人's; (b) not 侍's counter guard."""
    g = new(["Werewolf", "Cosplayer", "Bomber", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B guard D", "C bomb D", "A attack E", draws=[("announcement", ["B", "D", "E"])])
    assert {s: dead(g)[s] for s in "BD"} == {"B": "trap", "D": "trap"}
    g = new(["Werewolf", "DragonKnight", "Bomber", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C bomb F", "A attack E")
    vote(g, "AG BG CG DG FG GH HG")
    night(g, "B guard F", "A attack H", draws=[("announcement", ["B", "F", "H"])])
    assert {s: dead(g)[s] for s in "BFH"} == {"B": "trap", "F": "trap", "H": "attack"}
    g = new(["Werewolf", "Samurai", "Bomber", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C bomb F", "A attack E")
    vote(g, "AG BG CG DG FG GH HG")
    night(g, "B guard F", "A attack H")
    assert "B" in alive(g) and "F" in alive(g) and dead(g)["H"] == "attack"


# ---------------------------------------------------------------------------------------------- 侍


def test_samurai_counters_an_attack_it_dies_and_so_does_the_submitting_wolf():
    """V2.2 Samurai (ref L9392–9439, L13251–13290): never on night 1 (scapegoat=off too), told at once, the
    counter guard stops the attack, the 侍 dies (`attack`), the wolf that submitted it dies (`samurai`); no GJ
    notice (gjmessage on), the 瞳狼 reads 護衛; 閻魔 reads 侍に一刀両断された."""
    g = new(["EyesWolf", "Werewolf", "Samurai", "Emma", "Human", "Human", "Human", "Human", "Human"],
            {"gjmessage": "on"})
    assert legal_verbs(g, "C") == {}
    night(g, "A attack E")
    vote(g, "AF BF CF DF FG GF HF IF")
    assert legal_verbs(g, "C") == {"guard": ("A", "B", "D", "G", "H", "I")}
    g.apply(action(g, "C guard G"))
    assert told(g, "guard chosen", "C") == [{"player": 2, "target": 6}]
    night(g, "B attack G", draws=[("announcement", ["B", "C"])])
    assert "G" in alive(g) and {s: dead(g)[s] for s in "BC"} == {"B": "samurai", "C": "attack"}
    assert told(g, "guard success") == [] and eyes(g) == [("eyes guard", {"target": 6})]
    assert judged(g, "D")[-2:] == ["samurai B", "attack C"]
    assert render(_emma(g, "samurai"), g.names) == "Bは侍に一刀両断されたようです。"
    record = replays(g)
    assert {"player": "C", "action": "guard", "target": "G"} in record["events"][2]["actions"]


def _emma(g, key: str):
    return next(m for _, m in g.messages if m.key == f"emma {key}")


def test_samurai_against_a_vampire_dies_of_the_vampire_and_its_counter_kills_it():
    g = new(["Werewolf", "Vampire", "Samurai", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "C guard F", "B bite F", "A attack G", draws=[("announcement", ["B", "C", "G"])])
    assert "F" in alive(g) and {s: dead(g)[s] for s in "BCG"} == {"B": "samurai", "C": "vampire", "G": "attack"}


def test_the_counter_guard_comes_before_a_bodyguards_guard_and_a_holy_protection_keeps_the_samurai():
    """V2.1.2b: checked before every other guard protection (the 狩人's: no GJ notice, not used); both deaths
    resistible: a 聖職者's protection keeps the 侍 alive, the wolf still dies."""
    g = new(["Werewolf", "Werewolf", "Samurai", "Guard", "Priest", "Human", "Human", "Human", "Human"],
            {"gjmessage": "on"})
    night(g, "D guard F", "E protect C", "A attack G")
    vote(g, "AH BH CH DH EH FH HI IH")
    night(g, "C guard F", "D guard F", "B attack F")
    assert "C" in alive(g) and "F" in alive(g) and dead(g)["B"] == "samurai"
    assert told(g, "guard success") == [] and told(g, "holy protection used", "C")


def test_an_exposure_voids_the_counter_guard_and_a_trap_ignores_it():
    """V2.1.2b: 破壊の狂人's exposure voids it (the seat dies, the 侍 lives); it is no guard protection for a 罠
    (the 侍 is not killed by the trap's check), and it comes before the 罠 (no trap victim is drawn)."""
    g = new(["Werewolf", "DestroyCraziest", "Samurai", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "C guard F", "B expose F", "A attack F")
    assert dead(g)["F"] == "attack" and "C" in alive(g)
    g = new(["Werewolf", "Werewolf", "Trapper", "Samurai", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FG GF HF IF")
    night(g, "C trap G", "D guard G", "A attack G", draws=[("announcement", ["A", "D"])])
    assert "G" in alive(g) and "C" in alive(g) and {s: dead(g)[s] for s in "AD"} == {"A": "samurai", "D": "attack"}


def test_a_tricked_attack_passes_the_counter_guard_and_nobody_else_dies():
    # V2.2 Samurai: "a tricked attack does not trigger it" (V2.1.1: 奇術師's misdirection passes every guard)
    g = new(["Werewolf", "Samurai", "Illusionist", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "B guard F", "C misdirect F", "A attack G")
    assert dead(g) == {"D": "attack", "E": "execution", "F": "attack"}


def test_samurai_refuses_itself_without_guardmyself_and_a_refusal_changes_nothing():
    g = new(["Werewolf", "Samurai", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DE ED FD GD")
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot guard B"):
        g.apply(action(g, "B guard B"))
    assert snapshot(g) == before
    g = new(["Werewolf", "Samurai", "Human", "Human", "Human", "Human", "Human"], {"guardmyself": "on"})
    night(g, "A attack C")
    vote(g, "AD BD DE ED FD GD")
    assert "B" in legal_verbs(g, "B")["guard"]


# ---------------------------------------------------------------------------------------------- 精霊使い


def test_elementaler_guards_from_night_2_as_a_bodyguard_with_its_own_line():
    """V2.2 Elementaler (ref L9520–9583): never night 1, required, told at once 「{name}は精霊の力で{target}を
    護衛しました。」; a guard protection of 狩人's kind (GJ notice with gjmessage, 瞳狼: 護衛)."""
    g = new(["EyesWolf", "Elementaler", "Human", "Human", "Human", "Human", "Human"], {"gjmessage": "on"})
    assert legal_verbs(g, "B") == {}
    night(g, "A attack C")
    vote(g, "AD BD DE ED FD GD")
    assert legal_verbs(g, "B") == {"guard": ("A", "E", "F", "G")}
    g.apply(action(g, "B guard E"))
    assert told(g, "elemental guard", "B") == [{"player": 1, "target": 4}]
    night(g, "A attack E")
    assert "E" in alive(g) and told(g, "guard success", "B") == [{"target": 4}]
    assert eyes(g) == [("eyes guard", {"target": 4})]
    record = replays(g)
    assert {"player": "B", "action": "guard", "target": "E"} in record["events"][2]["actions"]


def test_an_elementaler_bitten_to_death_takes_the_seat_it_protected_tonight_with_it():
    """V2.2: bitten to death the same night, the seat it protected dies too (`elemental`, the biting wolf its
    source; 閻魔: 暴走した精霊によって殺された); a seat it protected the night before is safe."""
    g = new(["Werewolf", "Elementaler", "Emma", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "B guard F", "A attack B", draws=[("announcement", ["B", "F"])])
    assert {s: dead(g)[s] for s in "BF"} == {"B": "attack", "F": "elemental"}
    assert judged(g, "C")[-2:] == ["attack B", "elemental F"]
    assert render(_emma(g, "elemental"), g.names) == "Fは暴走した精霊によって殺されたようです。"
    g = new(["Werewolf", "Elementaler", "Priest", "Witch", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C protect F", "A attack E")
    vote(g, "AG BG CG DG FG GH HG IG")
    night(g, "B guard F", "A attack B")  # the rampage is resistible: the holy protection keeps F
    assert dead(g)["B"] == "attack" and "F" in alive(g) and told(g, "holy protection used", "F")


def test_an_elementaler_bitten_by_a_tricked_attack_takes_its_seat_too():
    # V2.1.4: a tricked attack (奇術師) that kills it is a bite
    g = new(["Werewolf", "Elementaler", "Illusionist", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "B guard F", "C misdirect B", "A attack G", draws=[("announcement", ["B", "F"])])
    assert {s: dead(g)[s] for s in "BF"} == {"B": "attack", "F": "elemental"} and "G" in alive(g)


def test_an_elementaler_poisoned_takes_nobody_and_a_refused_guard_changes_nothing():
    g = new(["Werewolf", "Elementaler", "Witch", "Human", "Human", "Human", "Human", "Human"],
            {"consecutiveguard": "no"})
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "B guard F", "C poison B", "A attack G", draws=[("announcement", ["B", "G"])])
    assert dead(g)["B"] == "witch" and "F" in alive(g)
    g = new(["Werewolf", "Elementaler", "Human", "Human", "Human", "Human", "Human"], {"consecutiveguard": "no"})
    night(g, "A attack C")
    vote(g, "AD BD DE ED FD GD")
    night(g, "B guard E", "A attack F")
    vote(g, "AG BG EG GA")
    assert "E" not in legal_verbs(g, "B")["guard"]  # settled here: as a 狩人's
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot guard E"):
        g.apply(action(g, "B guard E"))
    assert snapshot(g) == before


# ---------------------------------------------------------------------------------------------- 竜騎士


def test_dragon_knight_slays_a_wolf_once_no_guard_and_no_immunity_stop_it():
    """V2.2 DragonKnight (ref L9203–9318): `slay`, once, told at once, the seat dies (`dragon`), a wolf too;
    閻魔 reads 竜に焼き殺された; one act a night; the slay is spent."""
    g = new(["Werewolf", "Werewolf", "DragonKnight", "Emma", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "C") == {}
    night(g, "A attack E")
    vote(g, "AF BF CF DF FG GF HF IF")
    assert set(legal_verbs(g, "C")) == {"guard", "slay"} and "C" not in legal_verbs(g, "C")["slay"]
    g.apply(action(g, "C slay B"))
    assert told(g, "slay chosen", "C") == [{"player": 2, "target": 1}]
    assert legal_verbs(g, "C") == {}  # one of its two acts a night
    night(g, "A attack G", draws=[("announcement", ["B", "G"])])
    assert {s: dead(g)[s] for s in "BG"} == {"B": "dragon", "G": "attack"} and "C" in alive(g)
    assert judged(g, "D")[-2:] == ["dragon B", "attack G"]
    assert render(_emma(g, "dragon"), g.names) == "Bは竜に焼き殺されたようです。"
    record = replays(g)
    assert {"player": "C", "action": "slay", "target": "B"} in record["events"][2]["actions"]
    vote(g, "AH CH DH HI IH")
    assert set(legal_verbs(g, "C")) == {"guard"}
    assert g.identity(2).spent(g.ctx, SLAY) and not g.identity(2).spent(g.ctx, Verb.GUARD)


def test_dragon_knight_guards_never_itself_nor_last_nights_seat_whatever_the_settings():
    g = new(["Werewolf", "DragonKnight", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"guardmyself": "on", "gjmessage": "on"})
    night(g, "A attack C")
    vote(g, "AD BD DE ED FD GD HD")
    assert legal_verbs(g, "B")["guard"] == ("A", "E", "F", "G", "H")
    g.apply(action(g, "B guard E"))
    assert told(g, "guard chosen", "B") == [{"player": 1, "target": 4}]
    night(g, "A attack E")
    assert dead(g) == {"C": "attack", "D": "execution"} and told(g, "guard success", "B") == [{"target": 4}]
    vote(g, "AF BF EF FG GF HF")
    assert "E" not in legal_verbs(g, "B")["guard"]
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot guard E"):
        g.apply(action(g, "B guard E"))
    assert snapshot(g) == before


def test_dragon_knight_follows_a_village_seat_it_slew_or_failed_to_save():
    """V2.2: at the dawn after a night it acted, alive, if the seat it chose is dead and of team Human it dies
    (`suicide`; 閻魔: 自責の念に駆られて自ら命を断った): a slain 村人, or a guarded one a 魔女 poisoned."""
    g = new(["Werewolf", "DragonKnight", "Emma", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "B slay F", "A attack G", draws=[("announcement", ["B", "F", "G"])])
    assert {s: dead(g)[s] for s in "BFG"} == {"B": "suicide", "F": "dragon", "G": "attack"}
    assert "dragonknight B" in judged(g, "C")
    assert render(_emma(g, "dragonknight"), g.names) == "Bは自責の念に駆られて自ら命を断ったようです。"
    g = new(["Werewolf", "DragonKnight", "Witch", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "B guard F", "C poison F", "A attack F", draws=[("announcement", ["B", "F"])])
    assert {s: dead(g)[s] for s in "BF"} == {"B": "suicide", "F": "witch"}


def test_dragon_knight_slaying_a_guarded_wolf_kills_it_and_lives_on():
    # "not guardable, wolves not immune"; a wolf is not of team Human: no remorse
    g = new(["Werewolf", "Werewolf", "DragonKnight", "Guard", "Human", "Human", "Human", "Human", "Human"],
            {"gjmessage": "on"})
    night(g, "D guard E", "A attack F")
    vote(g, "AG BG CG DG EG GH HG IG")
    night(g, "D guard A", "C slay A", "B attack H", draws=[("order", ["D", "C"]), ("announcement", ["A", "H"])])
    assert "C" in alive(g) and dead(g)["A"] == "dragon" and told(g, "guard success") == []


# ---------------------------------------------------------------------------------------------- 人身御供


def test_sacrifice_dies_in_place_of_its_shielded_seat_silently_and_the_eyes_wolf_reads_a_substitute():
    """V2.2 Sacrifice (ref L9867–9909, L13300–13336): once, any night, spent at submission, told at once; at 70
    the seat is shielded; the attack on it kills the 人身御供 instead (`sacrifice`); 瞳狼: 身代わり; the end
    log adds 「{target}は人身御供を差し出し{cause}に抵抗しました。」; 閻魔: 生贄に捧げられた."""
    g = new(["EyesWolf", "Sacrifice", "Emma", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"shield": ("A", "C", "D", "E", "F", "G")}
    g.apply(action(g, "B shield D"))
    assert told(g, "shield offered", "B") == [{"player": 1, "target": 3}]
    assert legal_verbs(g, "B") == {}  # spent at submission
    night(g, "A attack D")
    assert dead(g) == {"B": "sacrifice"} and eyes(g) == [("eyes substitute", {"target": 3})]
    assert judged(g, "C") == ["sacrifice B"]
    assert render(_emma(g, "sacrifice"), g.names) == "Bは生贄に捧げられたようです。"
    assert [(m.key, m.args) for m in g.notes] == [("sacrificed", {"target": 3, "cause": "attack"})]
    assert render(g.notes[0], g.names) == "Dは人身御供を差し出し人狼の襲撃に抵抗しました。"
    record = replays(g)
    assert {"player": "B", "action": "shield", "target": "D"} in record["events"][0]["actions"]


def test_a_shielded_execution_kills_the_sacrifice_only_and_the_shield_ends_at_dusk():
    """V2.1.11: the shield lasts to the next dusk, the next day's executions included: the execution kills
    nobody else and says nothing (W.1.11c); a shield is used once."""
    g = new(["Werewolf", "Sacrifice", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B shield D", "A attack C")
    vote(g, "AD BD DE ED FD GD")
    assert "D" in alive(g) and g.stage.value == "night"  # the day went on as after an execution
    assert {s: dead(g)[s] for s in "BC"} == {"B": "sacrifice", "C": "attack"}
    assert not any(m.key == "died" and m.args.get("player") == 3 for _, m in g.messages)
    night(g, "A attack D")
    assert dead(g)["D"] == "attack"  # the shield ended at dusk


def test_the_shield_is_asked_after_guards_and_the_mikos_prayer_and_before_a_holy_protection():
    """V2.1.3's order: guard protections, 巫女の加護, shield, holy protection (kept), own resistance."""
    g = new(["Werewolf", "Sacrifice", "Priest", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C protect E", "B shield E", "A attack E")
    assert dead(g) == {"B": "sacrifice"} and told(g, "holy protection used") == []
    g = new(["Werewolf", "Sacrifice", "Guard", "Miko", "Human", "Human", "Human", "Human"])
    night(g, "B shield E", "C guard E", "A attack E")
    assert dead(g) == {} and "B" in alive(g)
    g = new(["EyesWolf", "Sacrifice", "Miko", "Human", "Human", "Human", "Human"])
    night(g, "C pray", "B shield C", "A attack C")
    assert dead(g) == {} and eyes(g) == [("eyes holy", {"target": 2})]


def test_a_shield_never_protects_a_stray_sheep_and_a_night_cover_comes_before_it():
    """V2.1.3: a 迷える子羊 is never shielded (the 人身御供 lives); the night cover (rank 3) is asked before the
    shield (rank 1): a covered, shielded seat poisoned by a 魔女 lives and the 人身御供 with it."""
    g = new(["Werewolf", "StraySheep", "Sacrifice", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C shield B", "A attack B")
    assert dead(g) == {"B": "attack"}
    g = new(["Werewolf", "StraySheep", "Sacrifice", "Witch", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AH BH CH DH FH GH HA")
    night(g, "B lure", "C shield F", "D poison F", "A attack G")
    assert dead(g) == {"B": "attack", "E": "attack", "H": "execution"} and g.notes == ()


def test_a_shield_on_a_seat_not_of_the_village_does_nothing_and_the_sacrifices_own_protection_holds():
    g = new(["Werewolf", "Sacrifice", "Madman", "Human", "Human", "Human", "Human"])
    night(g, "B shield C", "A attack C")
    assert dead(g) == {"C": "attack"}
    # the 人身御供's death is resistible: holy protection keeps it, the shielded seat lives all the same
    g = new(["Werewolf", "Sacrifice", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "C protect B", "B shield D", "A attack D")
    assert dead(g) == {} and told(g, "holy protection used", "B")


def test_a_refused_shield_changes_nothing():
    g = new(["Werewolf", "Sacrifice", "Human", "Human", "Human", "Human", "Human"])
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot shield B"):
        g.apply(action(g, "B shield B"))
    assert snapshot(g) == before


# ---------------------------------------------------------------------------------------------- bots


GROUP_G = ["Cosplayer", "Samurai", "Elementaler", "DragonKnight", "Sacrifice"]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(GROUP_G), st.sampled_from(["heuristic", "random"]), st.integers(0, 2**16))
def test_bot_games_with_the_group_g_roles_finish_and_replay(order, kind, seed):
    cast = ["Werewolf", "Werewolf", "Diviner", *order, "Human", "Human", "Human"]
    bot_game_replays((cast, {"scapegoat": "on"}, seed), kind)
