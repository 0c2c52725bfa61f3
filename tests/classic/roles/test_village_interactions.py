"""Issue 24's village roles against each other and the werewolf batch's mechanics: the interactions
between the groups VA–VF (shared/spec/classic-roles-village-1.md V1.1, V1.2; where the spec is silent the
reference's code decides, lines cited).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat
from jinrou.classic.roles import ROLES
from jinrou.classic.texts import render

from ..helpers import (
    action,
    alive,
    bot_game_replays,
    cast,
    chats,
    close,
    dead,
    legal_verbs,
    new,
    night,
    told,
    vote,
)
from ..test_properties import random_game_replays


def same_replay(g) -> None:  # type: ignore[no-untyped-def]
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


# ---------------------------------------------------------------------- 1. 独裁者 × ballots


def test_a_dictated_bomb_carrier_blows_up_its_only_voter_the_dictator():
    """V1.2 独裁者: "its only voter is the 独裁者, for 爆弾魔's bomb" — the day's votes are void, so no
    seat that voted before the decree is a voter (reference L5916–5947: ``pl.die game, "punish", [@id]``)."""
    g = new(["Werewolf", "Dictator", "Bomber", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C bomb D")
    cast(g, "ED FD GD")
    g.apply(action(g, "B dictate D"))
    close(g, [("bomb victim", "B"), ("announcement", ["D", "B"])])
    assert dead(g)["D"] == "execution" and dead(g)["B"] == "trap"
    assert {"E", "F", "G"} <= set(alive(g))  # their votes were void
    same_replay(g)


def test_a_dictator_dictating_the_bomb_carrier_alone_and_dead_voters_none():
    # the bomb needs a living voter: a 独裁者 dictating itself with the bomb on it leaves nobody to hit
    g = new(["Werewolf", "Dictator", "Bomber", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C bomb B")
    g.apply(action(g, "B dictate B"))
    close(g)
    assert dead(g) == {"H": "attack", "B": "execution"}


def test_a_bomb_still_hits_the_voters_of_an_ordinary_ballot():
    g = new(["Werewolf", "Bomber", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "B bomb D")
    vote(g, "AD BD CD DE ED FD GD", [("bomb victim", "F"), ("announcement", ["D", "F"])])
    assert dead(g)["F"] == "trap"


def test_dictator_against_a_tie_under_drawvote_random_and_none_draws_nothing():
    """A decree ends the day before the ballot is counted: no tie break is drawn, and
    ``drawvote=none`` does not stop it (the execution is the decree's, not the ballot's)."""
    for drawvote in ("random", "none", "all"):
        g = new(["Werewolf", "Dictator", "Human", "Human", "Human", "Human", "Human", "Human"],
                {"drawvote": drawvote})
        night(g, "A attack H")
        cast(g, "AD CE DE ED FD GE")  # a tie of D and E if counted
        g.apply(action(g, "B dictate C"))
        close(g)
        assert dead(g) == {"H": "attack", "C": "execution"} and g.stage.value == "night"


def test_dictator_drops_a_troublemakers_second_execution_also_after_the_first_ballot():
    # V1.1.3: a 独裁者's execution ends the day; the トラブルメーカー's extra one is dropped — also when
    # the decree comes after the first of the day's two ballots
    g = new(["Werewolf", "TroubleMaker", "Dictator", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "B trouble")
    assert told(g, "troubled", None)
    vote(g, "AD BD CD DE ED FD GD HD")
    assert dead(g)["D"] == "execution" and told(g, "executions left", None) == [{"count": 1}]
    g.apply(action(g, "C dictate E"))
    close(g)
    assert dead(g)["E"] == "execution" and g.stage.value == "night" and g.day == 2
    assert len(told(g, "executions left", None)) == 1
    same_replay(g)


# ---------------------------------------------------------------------- 2. 巫女の加護 against this batch's causes


def test_miko_protection_stops_the_witchs_poison_and_an_assassination():
    """V1.1.9c: 巫女の加護 stops every cause but sudden death — the 魔女's poison ("holy and 巫女
    protection … apply") and the 暗殺 (resistible) among them."""
    g = new(["Werewolf", "Witch", "Assassin", "Miko", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    vote(g, "AH BH CH DH EH FH GH HA")
    night(g, "D pray", "B poison D", "C assassinate D", "A attack G", draws=[("order", ["B", "C"])])
    assert "D" in alive(g) and dead(g)["G"] == "attack"
    assert told(g, "died", None)[-1]["player"] == 6
    same_replay(g)


def test_miko_protection_stops_old_age_at_the_next_dawn():
    """V1.2 老人: "holy and 巫女 protection apply, as the reference" (MikoProtected's
    checkDeathResistance refuses only ``gone-*``, L12729–12756): a monster that absorbed a 老人 and a 巫女
    prays on night 2 and outlives its old age at dawn 3; without the prayer it dies then."""
    for prays in (True, False):
        g = new(["Werewolf", "FrankensteinsMonster", "Oldman", "Miko", "Human", "Human", "Human", "Human",
                 "Human"])
        night(g, "A attack C")
        vote(g, "AD BD DE ED FD GD HD ID")
        assert [r["role"] for r in told(g, "absorbed", "B")] == ["Oldman", "Miko"]
        night(g, *(["B pray"] if prays else []), "A attack E",
              draws=[] if prays else [("announcement", ["E", "B"])])
        assert g.day == 3
        assert ("B" in alive(g)) is prays and dead(g).get("B") == (None if prays else "infirm")


def test_miko_protection_stops_a_dictated_execution_silently_and_the_day_ends():
    # V1.2 独裁者: "プリンス cancels with its notice, 巫女 silently"; the decree ends the day all the same
    g = new(["Werewolf", "Dictator", "Miko", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C pray", "A attack H")
    messages = len(g.messages)
    g.apply(action(g, "B dictate C"))
    close(g)
    assert "C" in alive(g) and g.stage.value == "night" and g.executions == []
    assert [m.key for _, m in g.messages[messages:]] == ["dictated", "night"]


# ---------------------------------------------------------------------- 3. フランケンシュタインの怪物 absorbing the other groups' roles


def monster_with(role: str, seats: int = 10):  # type: ignore[no-untyped-def]
    """A game where the フランケンシュタインの怪物 B has absorbed C's ``role`` (C bitten on night 1); day 2
    executes D: night 2 is open."""
    g = new(["Werewolf", "FrankensteinsMonster", role] + ["Human"] * (seats - 3))
    night(g, "A attack C")
    assert told(g, "absorbed", "B") == [{"player": 1, "target": 2, "role": role}]
    vote(g, " ".join(f"{x}D" for x in "ABEFGHIJ"[: seats - 2]) + " DE")
    assert dead(g)["D"] == "execution"
    return g


def test_monster_with_an_absorbed_dog_adopts_then_guards_or_bites_its_owner():
    """V1.1.6: the absorbed 犬 chooses its owner the first night the monster holds it (the reference's
    Dog adopts while it has no owner, L5808–5915), optionally (an extra role's action)."""
    g = monster_with("Dog")
    assert legal_verbs(g, "B") == {"adopt": tuple("AEFGHIJ")}
    night(g, "B adopt E", "A attack F")
    assert told(g, "adopted", "B") == [{"player": 1, "target": 4}] and dead(g)["F"] == "attack"
    vote(g, "AG BG EG GH HG IG JG")
    assert legal_verbs(g, "B") == {"bite": ("E",)}
    night(g, "A attack E")  # not biting: it guards its owner as a 狩人
    assert "E" in alive(g)
    vote(g, "AH BH EH HI IH JH")
    night(g, "B bite E", "A attack I", draws=[("announcement", ["E", "I"])])
    assert dead(g)["E"] == "dog"
    same_replay(g)


def test_monster_with_two_absorbed_dogs_bites_the_owner_of_the_one_it_names():
    """Two extra roles with the same verb: the action goes to the first whose targets allow it (each
    absorbed 犬 has its own owner; found by the random games below)."""
    g = new(["Werewolf", "FrankensteinsMonster", "Dog", "Dog"] + ["Human"] * 8)
    night(g, "C adopt E", "D adopt F", "A attack C", draws=[("order", ["C", "D"])])
    vote(g, "AD BD DE ED FD GD HD ID JD KD LD")
    assert [r["role"] for r in told(g, "absorbed", "B")] == ["Dog", "Dog"]
    night(g, "B adopt G", "B adopt H", "A attack I")
    vote(g, "AJ BJ EJ FJ GJ HJ JK KJ LJ")
    assert [(lg.verb.value if lg.verb else None, lg.targets) for lg in g.legal_actions(1)] == [
        ("bite", (6,)), ("bite", (7,))]
    night(g, "B bite H", "A attack K", draws=[("announcement", ["H", "K"])])
    assert dead(g)["H"] == "dog" and "G" in alive(g)
    same_replay(g)


def test_monster_left_without_adopting_lives_an_absorbed_required_action_is_optional():
    g = monster_with("Dog")
    night(g, "A attack F")
    assert "B" in alive(g)


def test_monster_with_an_absorbed_trapper_traps_and_kills_an_attacking_wolf():
    g = new(["Werewolf", "Werewolf", "FrankensteinsMonster", "Trapper"] + ["Human"] * 8)
    night(g, "A attack D")
    assert told(g, "absorbed", "C")[0]["role"] == "Trapper"
    vote(g, "AE BE CE EF FE GE HE IE JE KE LE")
    assert legal_verbs(g, "C")["trap"] == tuple("ABFGHIJKL")  # not itself, from night 2
    night(g, "C trap F", "A attack F", draws=[("trap victim", "B")])
    assert "F" in alive(g) and dead(g)["B"] == "trap"
    vote(g, "AG CG FG GH HG IG JG KG LG")
    assert "F" not in legal_verbs(g, "C")["trap"]  # never its previous trap's seat
    night(g, "A attack H")  # not trapping: no sudden death
    assert "C" in alive(g)
    same_replay(g)


def test_monster_with_an_absorbed_witch_poisons_and_an_absorbed_assassin_assassinates():
    g = monster_with("Witch")
    assert set(legal_verbs(g, "B")) == {"poison", "revive"}
    night(g, "B poison E", "A attack F", draws=[("announcement", ["E", "F"])])
    assert dead(g)["E"] == "witch"
    same_replay(g)
    g = monster_with("Assassin")
    night(g, "B assassinate E", "A attack F", draws=[("announcement", ["E", "F"])])
    assert dead(g)["E"] == "assassinate"
    vote(g, "AG BG GH HG IG JG")
    assert "assassinate" not in legal_verbs(g, "B")  # spent
    same_replay(g)


def test_monster_with_an_absorbed_saint_revives_on_night_4_and_shares_the_couple_chat():
    g = monster_with("Saint")
    assert Chat.COUPLE in chats(g, "B")
    assert "revive" not in legal_verbs(g, "B")
    night(g, "A attack E")
    vote(g, "AF BF FG GF HF IF JF")
    night(g, "A attack G")
    vote(g, "AH BH HI IH JH")
    assert g.day == 4 and legal_verbs(g, "B")["revive"] == tuple("CDEFGH")
    night(g, "B revive C", "A attack I")
    assert "C" in alive(g)
    same_replay(g)


def test_monster_with_an_absorbed_emma_judges_its_burials_deaths_from_the_one_it_absorbs_in():
    """The monster absorbs in the burial before the living 閻魔 are listed (the reference's bury:
    ``beforebury`` loops, then ``emma_alive``, L1890–1912): it is told the line of the 閻魔 it absorbs."""
    g = monster_with("Emma")
    assert told(g, "emma attack", "B") == [{"player": 2}]
    night(g, "A attack E")
    assert told(g, "emma attack", "B") == [{"player": 2}, {"player": 4}]


def test_monster_with_an_absorbed_ninja_scouts_and_a_ninja_reads_an_absorbed_action_as_open():
    """V1.1.11: a seat has a night action open if one of its role's or *extra roles'* actions is."""
    g = monster_with("Ninja")
    night(g, "B scout A", "A attack E")
    assert told(g, "scout active", "B") == [{"player": 1, "target": 0}]
    g = new(["Werewolf", "FrankensteinsMonster", "Witch", "Ninja", "Human", "Human", "Human", "Human", "Human"])
    night(g, "D scout B", "A attack C")
    assert told(g, "scout idle", "D") == [{"player": 3, "target": 1}]  # a bare monster: nothing open
    vote(g, "AE BE DE EF FE GE HE IE")
    night(g, "D scout B", "A attack F")
    assert told(g, "scout active", "D") == [{"player": 3, "target": 1}]  # its absorbed potions


# ---------------------------------------------------------------------- 4. 忍者 × the roles that believe they are 村人


@pytest.mark.parametrize("scouted", ["C", "D", "E"])
def test_ninja_reads_a_seat_believing_it_is_a_villager_by_its_real_roles_actions_idle(scouted: str):
    """V1.1.11 reads the seat's real role (V1.1.5: what the seat is told does not matter) — and
    夢遊病者, 預言者 and 運命の子 have no night action, so the 忍者 learns 「夜に行動していませんでした」
    (the reference: ``ninja_data`` is ``!jobdone``, a Player's default ``jobdone`` is ``sleeping`` =
    true, L1430–1441, L3441–3443); it learns no role."""
    g = new(["Werewolf", "Ninja", "Sleepwalker", "Oracle", "Fate", "Human", "Human", "Human", "Human"])
    night(g, f"B scout {scouted}", "A attack I")
    assert told(g, "scout idle", "B") == [{"player": 1, "target": "CDE".index(scouted) + 2}]
    assert told(g, "scout active", "B") == []


def test_ninja_reads_a_changed_fate_by_its_new_roles_action_from_the_next_night():
    g = new(["Werewolf", "Ninja", "Fate", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B scout C", "D divine C", "A attack I", draws=[("order", ["B", "D"]), ("fate role", "Guard")])
    assert g.identity(2).role.id == "Guard" and told(g, "scout idle", "B") == [{"player": 1, "target": 2}]
    vote(g, "AH BH CH DH EH FH GH HA")
    night(g, "B scout C", "C guard D", "D divine E", "A attack G", draws=[("order", ["B", "D"])])
    assert told(g, "scout active", "B") == [{"player": 1, "target": 2}]
    same_replay(g)


# ---------------------------------------------------------------------- 5. 閻魔 × this batch's finer causes


def judged(g, emma: str) -> list[str]:  # type: ignore[no-untyped-def]
    """閻魔's lines, as 'KIND LETTER', in the order told."""
    return [f"{m.key[5:]} {g.names[m.args['player']]}" for _, m in g.messages
            if m.key.startswith("emma ") and m.to is not None and g.names.index(emma) in m.to]


def test_emma_tells_a_dog_bite_the_witchs_poison_and_an_assassination_in_announcement_order():
    """V1.2 Emma: ``dog`` 犬の餌食, ``witch`` 毒に冒された (as ``poison``), ``assassinate`` 暗殺された."""
    g = new(["Werewolf", "Emma", "Dog", "Witch", "Assassin"] + ["Human"] * 6)
    night(g, "C adopt F", "A attack K")
    vote(g, "AJ BJ CJ DJ EJ FJ GJ HJ IJ JA")
    night(g, "C bite F", "D poison G", "E assassinate H", "A attack I",
          draws=[("order", ["D", "E"]), ("announcement", ["H", "G", "I", "F"])])
    assert dead(g) == {"K": "attack", "J": "execution", "F": "dog", "G": "witch", "H": "assassinate", "I": "attack"}
    assert judged(g, "B") == ["attack K", "assassinate H", "poison G", "attack I", "dog F"]
    (line,) = [m for _, m in g.messages if m.key == "emma dog"]
    assert render(line, g.names) == "Fは犬の餌食になったようです。"
    same_replay(g)


def test_emma_tells_a_guard_and_a_wolf_killed_by_a_trap():
    g = new(["Werewolf", "Werewolf", "Emma", "Trapper", "Guard"] + ["Human"] * 8)
    night(g, "A attack M", "E guard F")
    vote(g, "AL BL CL DL EL FL GL HL IL JL KL LA")
    night(g, "D trap H", "E guard H", "A attack H", draws=[("announcement", ["E", "H"])])
    assert dead(g)["E"] == "trap" and judged(g, "C")[-2:] == ["trap E", "attack H"]
    vote(g, "AK BK CK DK FK GK IK JK KA")
    night(g, "D trap G", "A attack G", draws=[("trap victim", "A")])
    assert dead(g)["A"] == "trap" and judged(g, "C")[-1] == "trap A"
    assert render([m for _, m in g.messages if m.key == "emma trap"][-1], g.names) == "Aは罠にかかって死亡したようです。"


def test_emma_has_no_line_for_old_age_and_tells_a_tough_guys_delayed_death_as_an_attack():
    g = new(["Werewolf", "Emma", "Oldman", "ToughGuy"] + ["Human"] * 6)
    night(g, "A attack D")
    assert "D" in alive(g) and judged(g, "B") == []
    vote(g, "AJ BJ CJ DJ EJ FJ GJ HJ IJ JA")
    night(g, "A attack I", draws=[("announcement", ["D", "I", "C"])])
    assert dead(g) == {"J": "execution", "D": "attack", "I": "attack", "C": "infirm"}
    assert judged(g, "B") == ["attack D", "attack I"]  # none for 老衰 (public)


# ---------------------------------------------------------------------- 6. 運命の子 divined by 超常現象研究者 and 一言主神


def test_fate_investigated_by_the_pi_as_its_target_changes_at_122_and_as_a_neighbour_does_not():
    """V1.1.14: *divined* also by 超常現象研究者 — its target only (V1.2 PI: effects on the target only)."""
    g = new(["Werewolf", "PI", "Fate", "Human", "Human", "Human", "Human"])
    night(g, "B divine C", "A attack G", draws=[("fate role", "Guard")])
    assert g.role(2).id == "Guard" and told(g, "fate", "C") == [{"player": 2, "role": "Guard"}]
    same_replay(g)
    g = new(["Werewolf", "PI", "Fate", "Human", "Human", "Human", "Human"])
    night(g, "B divine D", "A attack G")  # C is D's neighbour: read, not divined
    assert g.role(2).id == "Fate" and not g.identity(2).main.memory.marked


def test_fate_divined_by_hitokotonushinokami_changes_at_122_and_keeps_its_fatal_strike():
    g = new(["Werewolf", "Hitokotonushinokami", "Fate", "Human", "Human", "Human", "Human"])
    night(g, "B divine C", "A attack G", draws=[("fate role", "Diviner")])
    assert told(g, "divined", "B") == [{"target": 2, "result": "human"}]
    assert g.role(2).id == "Diviner" and told(g, "fate", "C") == [{"player": 2, "role": "Diviner"}]
    assert "FatalStrike" in [layer.role.id for layer in g.identity(2).layers]
    same_replay(g)


def test_fate_divined_automatically_on_night_1_by_hitokotonushinokami():
    g = new(["Werewolf", "Hitokotonushinokami", "Fate", "Human", "Human"], {"firstnightdivine": "auto"},
            start=[("first divination", "C")])
    night(g, "A attack E", draws=[("fate role", "Guard")])
    assert g.role(2).id == "Guard"


# ---------------------------------------------------------------------- 7. 病人's sick night × 夢遊病者, 孤独な狼, 狼の子


def test_a_sick_night_with_a_sleepwalker_gives_the_pack_both_notices_and_no_attack():
    """V1.1.10: the wolf notices — the sick night's and 夢遊病者's — go to the pack's wolves (a 狂人狼
    among them: the reference's wolfskill log is heard by every Werewolf class, L1328–1352), not to a
    囁き狂人."""
    g = new(["Werewolf", "Werewolf", "MadWolf", "WhisperingMad", "Diseased", "Sleepwalker"] + ["Human"] * 6)
    night(g, "A attack E")
    vote(g, "AL BL CL DL FL GL HL IL JL KL LA")
    assert "attack" not in legal_verbs(g, "A") and "attack" not in legal_verbs(g, "B")
    for letter in "ABC":
        assert told(g, "wolves sick", letter) == [{}] and told(g, "sleepwalkers", letter) == [{"seats": [5]}]
    assert told(g, "wolves sick", "D") == [] and told(g, "sleepwalkers", "D") == []
    night(g)
    assert dead(g) == {"E": "attack", "L": "execution"}
    same_replay(g)


def test_a_solitary_wolf_that_killed_the_diseased_cannot_attack_and_hears_no_pack_notice():
    """孤独な狼 as the only attacker: its kill of the 病人 sickens it (0 attacks the next night); like
    夢遊病者's notice, the sick notice is the pack's, and a 孤独な狼 hears no wolfskill log not addressed
    to it (the reference's SolitudeWolf.isListener)."""
    g = new(["SolitudeWolf", "Diseased", "Sleepwalker", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "AD CD DC ED FD GD")
    assert legal_verbs(g, "A") == {} and told(g, "wolves sick") == [] and told(g, "sleepwalkers") == []
    night(g)
    assert dead(g) == {"B": "attack", "D": "execution"}
    vote(g, "AE CE EC FE GE")
    assert "attack" in legal_verbs(g, "A")


def test_the_sick_night_prevails_over_a_cub_poisoned_the_same_night_with_several_wolves():
    # settled (V1.1.10): the sick mark prevails over 狼の子's pending bonus, both used up — with two
    # wolves and the cub dying the same night as the 病人 (the 魔女's poison)
    g = new(["Werewolf", "Werewolf", "WolfCub", "Witch", "Diseased"] + ["Human"] * 8)
    night(g, "A attack F")
    vote(g, "AM BM CM DM EM GM HM IM JM KM LM MA")
    night(g, "D poison C", "B attack E", draws=[("announcement", ["C", "E"])])
    assert dead(g)["C"] == "witch" and dead(g)["E"] == "attack"
    vote(g, "AL BL DL GL HL IL JL KL LA")
    assert "attack" not in legal_verbs(g, "A") and "attack" not in legal_verbs(g, "B")
    assert told(g, "wolves sick", "A") == [{}] and told(g, "wolves sick", "B") == [{}]
    night(g)
    vote(g, "AK BK DK GK HK IK JK KA")
    assert legal_verbs(g, "A")["attack"]
    g.apply(action(g, "A attack G"))
    assert "attack" not in legal_verbs(g, "B")  # one attack: the bonus is used up too
    same_replay(g)


# ---------------------------------------------------------------------- 8. 罠師's night 1 as an open action; 痛恨 with weights


@pytest.mark.parametrize("scapegoat", ["off", "on"])
def test_ninja_reads_the_trapper_idle_on_night_1_and_active_from_night_2(scapegoat: str):
    """V1.1.11: "an action already fixed at dusk (… 罠師 on night 1) does not" count: the 罠師 never traps
    on night 1, whatever ``scapegoat``; from night 2 its required trap is open."""
    roles = ["Werewolf", "Ninja", "Trapper"] + ["Human"] * 6
    if scapegoat == "on":
        g = new(["Human"] + roles, {"scapegoat": "on"}, start=[("scapegoat attacker", "B")])
        b, c = "C", "D"
        night(g, f"{b} scout {c}")
    else:
        g = new(roles)
        b, c = "B", "C"
        night(g, f"{b} scout {c}", "A attack I")
    assert told(g, "scout idle", b) == [{"player": g.names.index(b), "target": g.names.index(c)}]
    voters = [x for x in alive(g) if x != "H"]
    vote(g, " ".join(f"{x}H" for x in voters) + f" H{voters[0]}")
    night(g, f"{b} scout {c}", f"{c} trap {b}", "B attack G" if scapegoat == "on" else "A attack G")
    assert told(g, "scout active", b) == [{"player": g.names.index(b), "target": g.names.index(c)}]


def fatal_strike_game(settings: dict | None = None):  # type: ignore[no-untyped-def]
    """A 一言主神 B marks F on night 1; C is a 王様, D's 秘書 assists G, E is a ギャンブラー (weight 0)."""
    g = new(["Werewolf", "Hitokotonushinokami", "King", "Secretary", "Gambler", "Human", "Human", "Human", "Human",
             "TroubleMaker"], settings)
    night(g, "B divine F", "D assist G", "J trouble", "A attack I", draws=[("order", ["B", "D", "J"])])
    assert g.identity(5).has("FatalStrike") and told(g, "troubled", None) == [{"count": 2}]
    return g


def test_fatal_strike_adds_its_hundred_after_the_weighted_tally():
    """V1.1.2: weights (王様 +1, 補佐 +1, ギャンブラー 0) apply per vote, then 痛恨's +100 to the received
    votes of the ballot."""
    g = fatal_strike_game()
    cast(g, "CH GH BH FH JH AF DF EF HF")
    assert g.ballot is not None and (g.ballot.weights[2], g.ballot.weights[6], g.ballot.weights[4]) == (2, 2, 0)
    close(g, [("fatal strike", False)])  # H 2 + 2 + 1 + 1 + 1 = 7, F 1 + 1 + 0 + 1 = 3
    assert dead(g)["H"] == "execution" and told(g, "executions left", None) == [{"count": 1}]
    vote(g, "CF GF BF JF AB DB EB FB", [("fatal strike", True)])  # the second ballot draws again: F 0 + 100
    assert dead(g)["F"] == "execution" and g.stage.value == "night"
    same_replay(g)


def test_fatal_strike_gives_a_hundred_to_a_candidate_voted_only_by_the_gambler():
    g = fatal_strike_game()
    vote(g, "EF AH BH CH DH FH GH HA JH", [("fatal strike", True)])  # F: 0 + 100 against H's 9
    assert dead(g)["F"] == "execution"


def test_fatal_strike_in_a_runoff_with_the_kings_weight():
    g = fatal_strike_game({"runoff": "revote"})
    vote(g, "CF AF HF BH DH GH EA FJ JA", [("fatal strike", False)])  # F 2 + 1 + 1 = 4, H 1 + 1 + 2 = 4
    assert g.ballot is not None and g.ballot.runoff and g.ballot.candidates == (5, 7)
    vote(g, "CH GH AH BH FH DF EF HF JF", [("fatal strike", True)])  # H 2 + 2 + 1 × 3 = 7, F 3 + 100
    assert dead(g)["F"] == "execution"


# ---------------------------------------------------------------------- 9. seals and hypnosis on 通訳, 御子, 魔女, 暗殺者, 罠師


def test_an_absorbed_interpreter_pairs_on_the_monsters_first_night_with_it_before_a_hypnosis():
    """"Its first night" is the first night the seat holds the 通訳 (the reference's sunset opens the
    pairing while none was chosen, L11178–11184): a monster that absorbed one pairs from night 2, at
    level 45 — before a 催眠術師's hypnosis at 50, which therefore does not stop it."""
    g = new(["Werewolf", "FrankensteinsMonster", "Interpreter", "Hypnotist"] + ["Human"] * 8)
    night(g, "C pair E F", "A attack C")
    assert told(g, "absorbed", "B")[0]["role"] == "Interpreter"
    vote(g, "AG BG DG EG FG GH HG IG JG KG LG")
    assert legal_verbs(g, "B")["pair"] == tuple("ABDEFHIJKL")
    night(g, "B pair H I", "D hypnotize B", "A attack J")
    assert told(g, "interprets", "B") == [{"player": 1, "target": 7}, {"player": 1, "target": 8}]
    assert Chat.COUPLE in chats(g, "H") and Chat.COUPLE in chats(g, "I")
    vote(g, "AK BK DK EK FK HK IK KL LK")
    assert "pair" not in legal_verbs(g, "B")  # spent
    same_replay(g)


def test_a_sealed_monster_cannot_pair_that_night_and_pairs_the_next():
    g = new(["ThreateningWolf", "FrankensteinsMonster", "Interpreter"] + ["Human"] * 8)
    night(g, "C pair D E", "A attack C")
    g.apply(action(g, "A threaten B"))
    vote(g, "AF BF DF EF FG GF HF IF JF KF")
    assert legal_verbs(g, "B") == {}  # sealed: no night action, no sudden death
    night(g, "A attack G")
    assert "B" in alive(g)
    vote(g, "AH BH DH EH HI IH JH KH")
    night(g, "B pair I J", "A attack K")
    assert Chat.COUPLE in chats(g, "I")


def test_a_fate_that_becomes_an_interpreter_must_pair_on_its_next_night():
    g = new(["Werewolf", "Fate", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack H", draws=[("fate role", "Interpreter")])
    vote(g, "AG BG CG DG EG FG GA")
    assert legal_verbs(g, "B")["pair"] and 1 in g.awaited()  # its role's: required
    night(g, "B pair D E", "C divine A", "A attack F")
    assert Chat.COUPLE in chats(g, "D")


def test_a_hypnotized_saint_revives_nobody_and_a_sealed_one_is_not_offered_its_miracle():
    # W.1.3: hypnotized at 50 its actions resolve to nothing (121 comes after); sealed: no night action
    g = new(["Werewolf", "Saint", "Hypnotist"] + ["Human"] * 10)
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE IE JE KE LE ME")
    night(g, "A attack F")
    vote(g, "AG BG CG GH HG IG JG KG LG MG")
    night(g, "A attack I")
    vote(g, "AJ BJ CJ HJ JK KJ LJ MJ")
    assert g.day == 4 and "revive" in legal_verbs(g, "B")
    night(g, "B revive D", "C hypnotize B", "A attack K")
    assert "D" not in alive(g) and told(g, "revived") == []
    g = new(["ThreateningWolf", "Saint"] + ["Human"] * 11)
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE IE JE KE LE ME")
    night(g, "A attack F")
    vote(g, "AG BG CG GH HG IG JG KG LG MG")
    night(g, "A attack I")
    g.apply(action(g, "A threaten B"))
    vote(g, "AJ BJ CJ HJ JK KJ LJ MJ")
    assert g.day == 4 and legal_verbs(g, "B") == {}


@pytest.mark.parametrize("role", ["Witch", "Assassin", "Trapper"])
def test_a_sealed_witch_assassin_or_trapper_has_no_action_and_no_sudden_death(role: str):
    g = new(["ThreateningWolf", role] + ["Human"] * 7)
    night(g, "A attack I")
    g.apply(action(g, "A threaten B"))
    vote(g, "AH BH CH DH EH FH GH HA")
    assert legal_verbs(g, "B") == {} and 1 not in g.awaited()
    night(g, "A attack G")
    assert "B" in alive(g)
    vote(g, "AF BF CF DF EF FA")
    assert legal_verbs(g, "B")  # free again the next night


# ---------------------------------------------------------------------- 11. random games of the 31 village roles

VILLAGE_31 = ["TroubleMaker", "FrankensteinsMonster", "Dictator", "King", "Gambler", "Secretary",
              "Dog", "Trapper", "Miko", "ToughGuy", "Lycan", "Assassin",
              "Diseased", "Oldman", "Witch", "Counselor", "Sleepwalker", "Fate",
              "Oracle", "SeersMama", "Tarzan", "Liar", "PI", "Spellcaster",
              "Saint", "Interpreter", "Emma", "TinyGhost", "Ninja", "Hitokotonushinokami", "GachaAddicted"]
WOLVES = ["Werewolf", "Werewolf", "WolfCub", "SolitudeWolf", "MadWolf", "ThreateningWolf", "Hypnotist", "Bomber",
          "Madman", "Fox"]


@st.composite
def village_setups(draw):
    """A cast of 8–14 seats: one 人狼, 0–2 more of the werewolf side (or a 妖狐), 5–10 of the 31 roles,
    sometimes a 占い師 (運命の子, 予言者のママ); the room's rules drawn too."""
    village = draw(st.lists(st.sampled_from(VILLAGE_31), min_size=5, max_size=10))
    others = draw(st.lists(st.sampled_from(WOLVES), min_size=0, max_size=2))
    seer = draw(st.lists(st.just("Diviner"), max_size=1))
    cast = draw(st.permutations(["Werewolf", *others, *village, *seer, "Human"]))
    room = {"scapegoat": draw(st.sampled_from(["on", "off"])),
            "firstnightdivine": draw(st.sampled_from(["auto", "manual"])),
            "divineresult": draw(st.sampled_from(["sunrise", "immediate"])),
            "drawvote": draw(st.sampled_from(["random", "revote", "none", "all"])),
            "runoff": draw(st.sampled_from(["no", "yes", "revote"]))}
    return cast, room, draw(st.integers(0, 2**32 - 1))


def test_the_31_village_roles_are_declared():
    assert len(set(VILLAGE_31)) == 31 and all(r in ROLES and ROLES[r].team.value == "Human" for r in VILLAGE_31)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(village_setups())
def test_random_games_of_the_village_roles_end_keep_the_rules_and_replay_from_their_records(setup):
    random_game_replays(setup)


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(village_setups(), st.sampled_from(["heuristic", "random"]))
def test_bot_games_of_the_village_roles_end_and_replay_from_their_records(setup, kind):
    bot_game_replays(setup, kind)
