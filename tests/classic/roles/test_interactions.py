"""Interactions between the five groups of wave 3's werewolf batch (shared/spec/classic-roles-werewolf.md):
seals and hypnosis (S: 威嚇する狼, 血狼, 催眠術師) on the divination madmen (D), the attack roles (A), the
team-changing sub-roles (T) and the lone attackers (L); redirection (A: 囮狼) of D's and T's targets;
サイコキラー (A) targeted by D's actions; obstruction (D) of T's contacts; and random games mixing the 41
roles, each replayed from its record.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jinrou.classic.catalog import ROLES
from jinrou.classic.game import Game
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat
from jinrou.classic.roles.werewolves import AttackFailures
from jinrou.classic.texts import TEMPLATES, render

from ..helpers import (
    action,
    alive,
    bot_game_replays,
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


def said(order: str) -> list[tuple[str, list[str]]]:
    """The announcement order of a burial with several deaths (forced, as every draw here)."""
    return [("announcement", list(order))]


def lynch(g: Game, letter: str, draws=()) -> None:
    """Every living seat votes ``letter``, which votes the first other living seat."""
    names = [g.names[s] for s in g.living()]
    other = next(n for n in names if n != letter)
    vote(g, " ".join(n + (other if n == letter else letter) for n in names), draws)


def sealed(g: Game) -> str:
    return "".join(g.names[s] for s in g.seats() if g.identity(s).sealed)


def hypnotized(g: Game) -> str:
    return "".join(g.names[s] for s in g.seats() if g.identity(s).hypnotized)


def eyes_lines(g: Game) -> list[tuple[str, int, frozenset[int] | None]]:
    return [(m.key, m.args["target"], m.to) for _, m in g.messages if m.key.startswith("eyes")]


def round_trip(g: Game) -> dict:
    """The record replays to the same events (the open phase aside: a replay closes it)."""
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]
    return record


def threaten_on_day_2(g: Game, target: str, attacked: str, executed: str) -> None:
    """Night 1: A attacks ``attacked``; day 2: A (a 威嚇する狼) threatens ``target`` and ``executed`` is
    lynched; the seal is placed at that dusk."""
    night(g, f"A attack {attacked}")
    g.apply(action(g, f"A threaten {target}"))
    lynch(g, executed)
    assert target in sealed(g)


# ---------------------------------------------------------------------- 1. 瞳狼 sealed (S × A)


def test_an_eyes_wolf_sealed_that_night_is_told_no_line_at_the_dawn_burial():
    # W.2 EyesWolf: "all living 瞳狼 (not one sealed that night) are told"; the seal ends at that dawn, before
    # the burial that tells the lines, so the engine remembers who was sealed through the night. The reference
    # agrees (its seal's wrapper listens as a 村人 until sunrise, which comes after the dawn burial:
    # game.coffee L1204, L12762, L1533).
    g = new(["ThreateningWolf", "EyesWolf", "EyesWolf", "Fox"] + ["Human"] * 8)
    threaten_on_day_2(g, "B", "L", "K")
    night(g, "A attack D")  # the fox resists
    assert sealed(g) == "" and "D" in alive(g)
    assert eyes_lines(g) == [("eyes resistance", 3, frozenset({2}))]  # C only
    lynch(g, "G")
    night(g, "A attack D")  # B no longer sealed: both told
    assert eyes_lines(g)[-1] == ("eyes resistance", 3, frozenset({1, 2}))
    round_trip(g)


def test_a_sealed_eyes_wolf_alone_drops_the_lines():
    g = new(["ThreateningWolf", "EyesWolf", "Fox"] + ["Human"] * 8)
    threaten_on_day_2(g, "B", "K", "J")
    night(g, "A attack C")
    assert eyes_lines(g) == [] and g.ctx.recall(AttackFailures) is None
    lynch(g, "I")
    night(g, "A attack E")
    assert eyes_lines(g) == []  # the night-2 failure is not told later


# ---------------------------------------------------------------------- 2. 爆弾魔 and サイコキラー under seals (S × A)


def test_a_bomb_planted_before_a_seal_still_punishes_the_attacking_wolf():
    # W.1.3 voids the sealed seat's own hooks; a bomb is another seat's mark. The spec is silent on a bomb
    # planted before the seal: the reference decides — its seal wrapper skips the bomb's guard check
    # (Threatened/UnderHypnosis.midnight do nothing, L12771, L13109) but the attack's explosion is looked up
    # through the whole chain (checkPlayerBomb, L16376–16387, L5368): the wolf dies.
    g = new(["ThreateningWolf", "Werewolf", "Bomber", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C bomb E", "A attack I")
    assert g.identity(4).has("Bomb")
    g.apply(action(g, "A threaten E"))
    lynch(g, "H")
    assert sealed(g) == "E"
    night(g, "B attack E", draws=said("BE"))
    assert dead(g)["B"] == "trap" and dead(g)["E"] == "attack"
    round_trip(g)


def test_a_bomb_planted_before_a_seal_does_not_go_off_on_a_guard_that_night():
    # the reference's seal wrapper skips the bomb's midnight (L12771): the guard and the carrier live
    g = new(["ThreateningWolf", "Werewolf", "Bomber", "Guard"] + ["Human"] * 7)
    night(g, "C bomb E", "D guard F", "A attack K")
    g.apply(action(g, "A threaten E"))
    lynch(g, "J")
    night(g, "D guard E", "B attack G")
    assert "D" in alive(g) and "E" in alive(g) and dead(g)["G"] == "attack"
    lynch(g, "I")
    night(g, "D guard E", "B attack H", draws=said("DEH"))  # unsealed: it goes off
    assert {k: dead(g)[k] for k in "DEH"} == {"D": "trap", "E": "trap", "H": "attack"}


def test_a_bomb_planted_on_a_sealed_seat_acts():
    # planted at 81 after the dusk seal: the seal holds back only what the seat held before it (Identity.holds_back)
    g = new(["ThreateningWolf", "Werewolf", "Bomber", "Guard", "Human", "Human", "Human", "Human", "Human"])
    night(g, "D guard F", "A attack I")
    g.apply(action(g, "A threaten E"))
    lynch(g, "H")
    night(g, "C bomb E", "D guard E", "B attack G", draws=said("DEG"))
    assert {k: dead(g)[k] for k in "DEG"} == {"D": "trap", "E": "trap", "G": "attack"}


def test_a_bomb_on_a_hypnotized_carrier_spares_its_guard_but_not_the_attacking_wolf():
    # the bomb was planted on night 1, before the hypnosis: its guard check is held back with the seat (the
    # reference's UnderHypnosis.midnight does nothing, L13109), its attack explosion is not (L16376–16387)
    g = new(["Werewolf", "Hypnotist", "Bomber", "Guard"] + ["Human"] * 6)
    night(g, "C bomb E", "D guard F", "A attack J")
    lynch(g, "I")
    night(g, "B hypnotize E", "D guard E", "A attack E")  # the guard placed at 80, after the hypnosis, works
    assert dead(g)["A"] == "trap" and "E" in alive(g) and "D" in alive(g)


def test_a_hypnotized_bomber_plants_nothing_and_its_bomb_is_spent():
    g = new(["Werewolf", "Hypnotist", "Bomber", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    lynch(g, "G")
    night(g, "B hypnotize C", "C bomb D", "A attack E")
    assert not g.identity(3).has("Bomb") and "bomb" not in legal_verbs(g, "C")
    lynch(g, "F")
    assert "bomb" not in legal_verbs(g, "C")


def test_a_hypnotized_psycho_killer_kills_nobody_who_targeted_it():
    # W.1.3 "its on-death, divined and targeted hooks ... do nothing", level hooks too: the wolf noted at
    # submission (before 50) is not killed at 104; the attack at 105 kills the サイコキラー
    g = new(["Werewolf", "Hypnotist", "PsychoKiller", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "D divine E")
    lynch(g, "H")
    night(g, "B hypnotize C", "D divine C", "A attack C")
    assert dead(g)["C"] == "attack" and "A" in alive(g) and "D" in alive(g)
    # sealed (threatened): the same
    g = new(["ThreateningWolf", "Werewolf", "PsychoKiller", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "D divine E")
    g.apply(action(g, "A threaten C"))
    lynch(g, "H")
    night(g, "D divine C", "B attack C")
    assert dead(g)["C"] == "attack" and "B" in alive(g) and "D" in alive(g)


# ---------------------------------------------------------------------- 3. 丑刻参, 邪魔狂人, 雨男 with seals (S × D)


def test_a_curse_on_a_sealed_or_hypnotized_seat_still_kills_it_when_divined():
    # the 呪い is placed at 90, after the seal (dusk) and the hypnosis (50): a mark gained after the seal acts
    # (the reference wraps the curse over its seal wrapper, so its divined hook runs: L13027–13039)
    g = new(["ThreateningWolf", "Ushinotokimairi", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C divine D")
    g.apply(action(g, "A threaten E"))
    lynch(g, "G")
    night(g, "B curse E", "C divine E", "A attack F", draws=said("EF"))
    assert dead(g)["E"] == "curse"
    g = new(["Werewolf", "Hypnotist", "Ushinotokimairi", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "D divine E")
    lynch(g, "G")
    night(g, "B hypnotize E", "C curse E", "D divine E", "A attack F", draws=said("EF"))
    assert dead(g)["E"] == "curse"


def test_a_hypnotized_ushinotokimairi_curses_nobody_and_survives_its_divination():
    # its curse resolves to nothing; its own divined hook is void (W.1.3)
    g = new(["Werewolf", "Hypnotist", "Ushinotokimairi", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "D divine E")
    lynch(g, "G")
    night(g, "B hypnotize C", "C curse E", "D divine C", "A attack F")
    assert "C" in alive(g) and not g.identity(4).has("Hexed")


def test_an_obstruction_of_a_hypnotized_diviner_tells_nothing():
    # the hypnotized seat's divination resolves to nothing (W.1.3), so there is no divination to obstruct:
    # neither a result nor 「…邪魔されました。」 (settled here; the reference would show the obstruction, its
    # obstruction wrapper answering showdivineresult over the hypnosis: L12796)
    g = new(["Werewolf", "Hypnotist", "ObstructiveMad", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C obstruct E", "D divine E")
    lynch(g, "G")
    before = len(told(g, "divined", "D"))
    night(g, "B hypnotize D", "C obstruct D", "D divine E", "A attack F")
    assert len(told(g, "divined", "D")) == before and told(g, "divination obstructed", "D") == []


def test_the_rain_falls_on_a_night_the_rainy_boy_is_sealed_or_hypnotized():
    # W.3 RainyBoy: "every living seat is obstructed — even if the 雨男 ... is sealed or hypnotized"
    g = new(["ThreateningWolf", "RainyBoy", "Diviner", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "C divine D")
    lynch(g, "H")
    night(g, "B rain", "C divine D", "A attack G")
    assert told(g, "rain", None) == [{}]
    g.apply(action(g, "A threaten B"))
    lynch(g, "F")
    assert sealed(g) == "B"
    night(g, "C divine E", "A attack E")
    assert told(g, "divination obstructed", "C") == [{"player": 2, "target": 4}]
    g = new(["Werewolf", "Hypnotist", "RainyBoy", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "D divine E")
    lynch(g, "H")
    night(g, "B hypnotize C", "C rain", "D divine E", "A attack G")  # submitted at once: hypnosis comes too late
    assert told(g, "rain", None) == [{}]
    lynch(g, "F")
    night(g, "D divine B", "A attack E")
    assert told(g, "divination obstructed", "D") == [{"player": 3, "target": 1}]


# ---------------------------------------------------------------------- 4. 孤独な狼, 狡猾な狼, 復讐人, 狂犬 with seals (S × L)


def test_a_sealed_solitude_wolf_is_not_drawn_as_the_attacker():
    # W.1.3: a sealed seat skips its dusk hook. Two 孤独な狼 left alone, one sealed: the spec draws "among
    # them"; the reference makes each one the attacker in its own dusk hook (L6534–6547), which a seal skips
    # (Threatened.sunset does nothing, L12770): the unsealed one becomes the attacker, no draw. No role of
    # this batch seals a wolf while no attacker lives (a 威嚇する狼 is one, 血月 seals no wolf): the seal is
    # placed directly, as a later source would.
    g = new(["Werewolf", "SolitudeWolf", "SolitudeWolf"] + ["Human"] * 7)
    night(g, "A attack J")
    g.grant(1, "Sealed")
    lynch(g, "A")  # the only attacker is executed; B is sealed, C alone unsealed
    assert sealed(g) == "B"
    assert g.identity(2).attacks and not g.identity(1).attacks
    assert told(g, "solitude attacks", "C") == [{"player": 2}]
    night(g, "C attack D")
    assert dead(g)["D"] == "attack"


def test_a_sealed_attacking_solitude_wolf_still_counts_as_an_attacker_for_the_others():
    # W.1.3: "it is still an attacking wolf for 孤独な狼's check"
    g = new(["Werewolf", "SolitudeWolf", "SolitudeWolf"] + ["Human"] * 7)
    night(g, "A attack J")
    lynch(g, "A", draws=[("solitude attacker", "C")])
    night(g, "C attack I")
    g.grant(2, "Sealed")  # C, the attacker, is sealed for the next night (placed directly, as above)
    lynch(g, "H")
    assert sealed(g) == "C" and g.identity(2).attacks and not g.identity(1).attacks  # B does not turn
    assert legal_verbs(g, "B") == {} and legal_verbs(g, "C") == {}  # so nobody attacks tonight
    night(g)
    assert set(alive(g)) == set("BCDEFG")


def test_the_blood_moon_night_a_solitude_wolf_alone_attacks():
    # the blood moon seals the seats not counting as wolf; the 孤独な狼 counts as wolf: not sealed, it turns
    g = new(["BloodWolf", "SolitudeWolf", "Guard", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "C guard D")
    g.apply(action(g, "A selfdestruct"))
    close(g)
    assert "B" not in sealed(g) and "C" in sealed(g)
    assert g.identity(1).attacks
    night(g, "B attack D")
    assert dead(g)["D"] == "attack"


def test_a_sealed_crafty_wolf_cannot_feign_and_a_hypnotized_one_feigns_nothing():
    g = new(["ThreateningWolf", "CraftyWolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    threaten_on_day_2(g, "B", "I", "H")
    assert legal_verbs(g, "B") == {}
    g = new(["CraftyWolf", "Werewolf", "Hypnotist", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    lynch(g, "H")
    night(g, "C hypnotize A", "A feign", "B attack D")  # a wolf hypnotized: the attacks are cancelled too
    assert "A" in alive(g) and "D" in alive(g)
    lynch(g, "G")
    assert "rise" not in legal_verbs(g, "A")


def test_a_sealed_or_hypnotized_mad_hunter_is_not_armed():
    # W.1.3: no armed hunter; 復讐人 is a ハンター (§5.5)
    g = new(["BloodWolf", "Werewolf", "MadHunter", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    g.apply(action(g, "A selfdestruct"))
    close(g)
    assert "C" in sealed(g)
    night(g, "B attack C")
    assert dead(g)["C"] == "attack" and g.stage.value != "hunter"
    g = new(["Werewolf", "Hypnotist", "MadHunter", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    lynch(g, "G")
    night(g, "B hypnotize C", "A attack D")  # C counts human: the attack stands
    assert "D" in dead(g)
    lynch(g, "C")  # the hypnosis ended at dawn: executed, it shoots
    assert g.stage.value == "hunter"


def test_a_hypnotized_mad_dog_keeps_its_bite():
    # W.3 MadDog "spent when it resolves"; under hypnosis its bite "resolves to nothing" (W.1.3): it does not
    # resolve, so it is not spent — as the reference, whose spent flag is set in the bite's midnight, which a
    # hypnosis skips (MadDog.midnight L7896–7904, UnderHypnosis.midnight L13109). Settled in docs/classic-rules.md.
    g = new(["Werewolf", "Hypnotist", "MadDog", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    lynch(g, "H")
    night(g, "B hypnotize C", "C bite D", "A attack E")
    assert "D" in alive(g) and "E" in dead(g)
    lynch(g, "G")
    assert "bite" in legal_verbs(g, "C")
    night(g, "C bite D", "A attack F", draws=said("DF"))
    assert dead(g)["D"] == "dog"
    round_trip(g)


# ---------------------------------------------------------------------- 5. 囮狼 with D's and T's targets (A × D, A × T)


def decoy_night(roles: list[str], first: str | tuple[str, ...], *actions: str, draws=(), first_draws=()) -> Game:
    """A 囮狼 at A; night 1 A attacks the last seat (with ``first``, the other seat's action that night),
    day 2 the seat before it is lynched; night 2 A decoys C and the ``actions`` follow."""
    g = new(roles)
    night(g, f"A attack {g.names[-1]}", *((first,) if isinstance(first, str) else first), draws=first_draws)
    lynch(g, g.names[-2])
    night(g, "A decoy C", *actions, draws=draws)
    return g


def test_obstruction_costume_and_curse_on_a_decoyed_seat_land_on_the_decoy_wolf():
    g = decoy_night(["DecoyWolf", "ObstructiveMad", "Human", "Diviner", "Human", "Human", "Human", "Human"],
                    ("B obstruct D", "D divine E"), "B obstruct C", "D divine E", "A attack E")
    assert g.identity(0).has("Obstructed") and not g.identity(2).has("Obstructed")
    g = decoy_night(["DecoyWolf", "Pumpkin", "Human", "Human", "Human", "Human", "Human", "Human"],
                    "B costume D", "B costume C", "A attack E")
    assert g.identity(0).has("Costumed") and not g.identity(2).has("Costumed")
    assert told(g, "costumed", "B")[-1] == {"player": 1, "target": 2}  # told under the chosen name
    g = decoy_night(["DecoyWolf", "Ushinotokimairi", "Human", "Diviner", "Human", "Human", "Human", "Human"],
                    "D divine E", "B curse C", "D divine C", "A attack E", draws=said("AE"))
    assert dead(g)["A"] == "curse" and "C" in alive(g)  # cursed and divined: both redirected to the 囮狼


def test_mind_reading_and_sorcery_of_a_decoyed_seat_read_the_decoy_wolf():
    g = decoy_night(["DecoyWolf", "Satori", "Human", "Human", "Human", "Human", "Human", "Human"],
                    "B divine D", "B divine C", "A attack E")
    assert told(g, "mind read", "B")[-1] == {"player": 1, "target": 2, "result": "werewolf"}
    g = decoy_night(["DecoyWolf", "Sorcerer", "Diviner", "Human", "Human", "Human", "Human", "Human"],
                    ("B divine D", "C divine D"), "B divine C", "C divine D", "A attack E",
                    first_draws=[("order", ["B", "C"])], draws=[("order", ["B", "C"])])
    assert told(g, "sorcery not found", "B")[-1] == {"player": 1, "target": 2}  # C is a seer, the 囮狼 is not


def test_a_divination_of_a_decoyed_cynthia_wolf_or_queen_of_night_is_no_contact_with_it():
    # W.1.2: a divination reads its target through the map — the contact is with the 囮狼 (no 122 effect)
    g = decoy_night(["DecoyWolf", "Diviner", "CynthiaWolf", "Human", "Human", "Human", "Human", "Human"],
                    "B divine D", "B divine C", "A attack E")
    assert not g.identity(1).has("MoonPhilia")
    g = decoy_night(["DecoyWolf", "Diviner", "QueenOfNight", "Human", "Human", "Human", "Human", "Human"],
                    "B divine D", "B divine C", "A attack E")
    assert not g.identity(1).has("Fascinated")


def test_a_decoy_wolf_decoying_the_cynthia_wolf_is_no_contact_and_a_guard_there_too():
    g = decoy_night(["DecoyWolf", "Guard", "CynthiaWolf", "Human", "Human", "Human", "Human", "Human"],
                    "B guard D", "B guard C", "A attack E")
    assert not g.identity(1).has("MoonPhilia") and "E" in dead(g)


# ---------------------------------------------------------------------- 6. サイコキラー targeted by D's actions (A × D)


def test_every_divination_madman_that_targets_the_psycho_killer_dies():
    for roles, act in [
        (["Werewolf", "ObstructiveMad", "PsychoKiller"], "B obstruct C"),
        (["Werewolf", "Pumpkin", "PsychoKiller"], "B costume C"),
        (["Werewolf", "Ushinotokimairi", "PsychoKiller"], "B curse C"),
        (["Werewolf", "Satori", "PsychoKiller"], "B divine C"),
        (["Werewolf", "Sorcerer", "PsychoKiller"], "B divine C"),
    ]:
        g = new([*roles, "Human", "Human", "Human", "Human", "Human"])
        night(g, act, "A attack H", draws=said("BH"))
        assert dead(g) == {"B": "psycho", "H": "attack"}, act


def test_the_satori_auto_first_reading_of_the_psycho_killer_counts():
    # W.3 PsychoKiller: "With firstnightdivine=auto the drawn night-1 divination counts (reference)"
    g = new(["Werewolf", "Satori", "PsychoKiller", "Human", "Human", "Human", "Human"], {"firstnightdivine": "auto"},
            start=[("first divination", "C")])
    night(g, "A attack G", draws=said("BG"))
    assert dead(g) == {"B": "psycho", "G": "attack"}


# ---------------------------------------------------------------------- 7. obstruction of contacts, 瞳狼's lines, 一途


def test_an_obstructed_satori_curses_no_fox_and_makes_no_contact():
    g = new(["Werewolf", "ObstructiveMad", "Satori", "Fox", "CynthiaWolf", "Human", "Human", "Human"])
    night(g, "B obstruct C", "C divine D", "A attack H")
    assert "D" in alive(g) and told(g, "divination obstructed", "C") == [{"player": 2, "target": 3}]
    lynch(g, "G")
    night(g, "B obstruct C", "C divine E", "A attack F")
    assert not g.identity(2).has("MoonPhilia")


def test_an_obstructed_diviner_of_the_ushinotokimairi_on_its_curse_night_leaves_it_alive():
    g = new(["Werewolf", "ObstructiveMad", "Diviner", "Ushinotokimairi", "Human", "Human", "Human", "Human"])
    night(g, "B obstruct C", "D curse E", "C divine D", "A attack H", draws=[("order", ["B", "D"])])
    assert "D" in alive(g)


def test_an_eyes_wolf_reads_acrobatics_and_a_decoys_resistance():
    g = new(["EyesWolf", "Acrobat", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert eyes_lines(g) == [("eyes acrobatics", 1, frozenset({0}))]
    assert render(next(m for _, m in g.messages if m.key.startswith("eyes")), g.names) == \
        "Bへの襲撃は曲芸的な動きで回避されました。"
    g = new(["DecoyWolf", "EyesWolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    lynch(g, "G")
    night(g, "A decoy C", "B attack C")
    assert eyes_lines(g) == [("eyes resistance", 0, frozenset({1}))]  # the 囮狼 resisted, named as itself


def test_a_lunge_kills_the_absolute_wolf_through_its_resistance():
    # W.2 ToughWolf: "no immunity, guard, holy protection or resistance applies" — 絶対狼's too (wolfattack on)
    g = new(["ToughWolf", "AbsoluteWolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"wolfattack": "on"})
    night(g, "A attack I")
    lynch(g, "H")
    night(g, "A lunge B", draws=said("AB"))
    assert dead(g)["B"] == "attack" and dead(g)["A"] == "tough"


def test_a_lunge_at_a_sealed_seat_kills_it_and_the_sealed_resistance_is_ignored():
    # a seal keeps resistances (W.1.3) and the lunge ignores them all: a sealed fox dies, then the 一途な狼
    g = new(["ThreateningWolf", "ToughWolf", "Fox", "Human", "Human", "Human", "Human", "Human", "Human"])
    threaten_on_day_2(g, "C", "I", "H")
    night(g, "B lunge C", draws=said("BC"))
    assert dead(g)["C"] == "attack" and dead(g)["B"] == "tough"


# ---------------------------------------------------------------------- 8–9. team changes under seals (S × T)


def test_moon_lunacy_on_a_sealed_seat_loses_the_mad_couple_chat_for_the_night():
    g = new(["ThreateningWolf", "CynthiaWolf", "Diviner", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack I")
    assert g.identity(2).has("MoonPhilia") and Chat.MAD_COUPLE in chats(g, "C")
    g.apply(action(g, "A threaten C"))
    lynch(g, "H")
    assert "C" in sealed(g) and chats(g, "C") == set()
    night(g, "A attack G")
    assert Chat.MAD_COUPLE in chats(g, "C")


def test_a_wolf_minion_is_sealed_by_the_blood_moon():
    # W.2 BloodWolf seals "every seat not counting as wolf": a 狼の子分 keeps its count (W.1.8)
    g = new(["BloodWolf", "Werewolf", "MadScientist", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    lynch(g, "H")
    night(g, "C revive I", "A attack G")
    assert "I" in alive(g) and g.identity(8).has("WolfMinion")
    g.apply(action(g, "A selfdestruct"))
    close(g)
    assert "I" in sealed(g) and "B" not in sealed(g)
    g = new(["BloodWolf", "Werewolf", "FascinatingWolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C seduce D", "A attack I")
    lynch(g, "C")  # the 誘惑する女狼 dies while a wolf lives: D becomes a 狼の子分
    assert g.identity(3).has("WolfMinion")
    night(g, "A attack H")
    g.apply(action(g, "A selfdestruct"))
    close(g)
    assert "D" in sealed(g)


# ---------------------------------------------------------------------- 10. the revival announcement


def test_the_revival_announcement_ends_with_a_full_stop():
    # W.2 CraftyWolf, V2: 「{name}は蘇生しました。」
    assert TEMPLATES["revived"][0] == "{player}は蘇生しました。"
    g = new(["CraftyWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A feign", "A attack I", draws=said("AI"))
    lynch(g, "H")
    night(g, "A rise", "B attack G")
    assert "A" in alive(g)
    line = next(m for _, m in g.messages if m.key == "revived")
    assert render(line, g.names) == "Aは蘇生しました。"


# ---------------------------------------------------------------------- random games mixing the groups

GROUPS = {
    "S": ["ThreateningWolf", "BloodWolf", "Hypnotist", "Faker"],
    "D": ["ObstructiveMad", "RainyBoy", "Sorcerer", "Satori", "Pumpkin", "Shadow", "Ushinotokimairi"],
    "T": ["CynthiaWolf", "QueenOfNight", "FascinatingWolf", "MadScientist", "AttractiveWoman"],
    "A": ["ToughWolf", "EyesWolf", "DecoyWolf", "Bomber", "DestroyCraziest", "PsychoKiller"],
    "L": ["SolitudeWolf", "CraftyWolf", "AbsoluteWolf", "MadDog", "MadHunter"],
    "VA": ["King", "Gambler", "Secretary", "TroubleMaker", "Dictator", "FrankensteinsMonster"],
}
MIXED = [r for roles in GROUPS.values() for r in roles]
VILLAGE = ["Human", "Diviner", "Guard", "Psychic", "Fox", "Priest", "Acrobat", "Poisoner", "Hunter"]


def test_the_group_rosters_are_declared():
    assert all(r in ROLES for r in MIXED + VILLAGE)


@st.composite
def mixed_setups(draw):
    """A cast of 8–13 seats: one 人狼, 3–6 roles of the five groups, the rest from village roles."""
    picks = draw(st.lists(st.sampled_from(MIXED), min_size=3, max_size=6))
    village = draw(st.lists(st.sampled_from(VILLAGE), min_size=5, max_size=7))
    cast = draw(st.permutations(["Werewolf", *picks, *village]))
    room = {"scapegoat": draw(st.sampled_from(["on", "off"])),
            "firstnightdivine": draw(st.sampled_from(["auto", "manual"])),
            "divineresult": draw(st.sampled_from(["sunrise", "immediate"])),
            "wolfattack": draw(st.sampled_from(["on", "off"]))}
    return cast, room, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixed_setups())
def test_random_games_mixing_the_groups_end_and_replay_from_their_records(setup):
    random_game_replays(setup)


# ---------------------------------------------------------------------- a sealed 逃亡者 (S × village)


def test_a_sealed_fugitive_stays_home_and_last_nights_hiding_place_is_forgotten():
    # a sealed seat skips its dusk hook (W.1.3), the one that cleared the 逃亡者's hiding place: the place is
    # tonight's only (the reference keys it by day: Fugitive's flag {day, id}, L5360–5366)
    g = new(["ThreateningWolf", "Werewolf", "Fugitive"] + ["Human"] * 8)
    night(g, "C hide D", "A attack K")
    g.apply(action(g, "A threaten C"))
    lynch(g, "J")
    assert "C" in sealed(g) and legal_verbs(g, "C") == {}
    night(g, "B attack D")  # last night's host: C is at home, unharmed
    assert "C" in alive(g) and dead(g)["D"] == "attack"
    lynch(g, "I")
    night(g, "C hide E", "B attack F")
    g2 = new(["ThreateningWolf", "Werewolf", "Fugitive"] + ["Human"] * 8)
    night(g2, "C hide D", "A attack K")
    g2.apply(action(g2, "A threaten C"))
    lynch(g2, "J")
    night(g2, "B attack C")  # at home: the attack kills it
    assert dead(g2)["C"] == "attack"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixed_setups(), st.sampled_from(["heuristic", "random"]))
def test_bot_games_mixing_the_groups_end_and_replay_from_their_records(setup, kind):
    bot_game_replays(setup, kind)


# ---------------------------------------------------------------------- more hooks under seals (S × T, S × A)


def test_a_hypnotized_fascinating_wolf_dying_that_night_makes_no_minion():
    # W.1.3: a hypnotized seat's on-death hooks do nothing (the reference's UnderHypnosis.dying is a 村人's:
    # L13112); the 狂犬's bite kills it through its resistance-free role
    g = new(["Werewolf", "FascinatingWolf", "Hypnotist", "MadDog"] + ["Human"] * 7)
    night(g, "B seduce E", "A attack K")
    lynch(g, "J")
    night(g, "C hypnotize B", "D bite B", "A attack F")  # a wolf hypnotized: the attack is cancelled
    assert dead(g)["B"] == "dog" and "F" in alive(g)
    assert not g.identity(4).has("WolfMinion")
    g = new(["Werewolf", "FascinatingWolf", "MadDog"] + ["Human"] * 8)  # unhypnotized: the minion is made
    night(g, "B seduce E", "A attack K")
    lynch(g, "J")
    night(g, "C bite B", "A attack F", draws=said("BF"))
    assert g.identity(4).has("WolfMinion")



def test_hypnotizing_the_psycho_killer_saves_the_hypnotist():
    # the hypnotist targets it at submission (W.1.6), but the hypnosis at 50 voids its level hook at 104
    # (W.1.3), as the reference's UnderHypnosis.midnight (L13109) skips PsychoKiller's midnight
    g = new(["Werewolf", "Hypnotist", "PsychoKiller"] + ["Human"] * 6)
    night(g, "A attack I")
    lynch(g, "H")
    night(g, "B hypnotize C", "A attack G")
    assert "B" in alive(g) and "C" in alive(g) and dead(g)["G"] == "attack"


def test_a_mad_dog_biting_the_psycho_killer_dies_of_its_reflex_after_the_bite():
    # the bite at 100 kills the サイコキラー; its reflex runs at 104 while it is dead (W.3 PsychoKiller)
    g = new(["Werewolf", "MadDog", "PsychoKiller"] + ["Human"] * 6)
    night(g, "A attack I")
    lynch(g, "H")
    night(g, "B bite C", "A attack G", draws=said("BCG"))
    assert {k: dead(g)[k] for k in "BCG"} == {"B": "psycho", "C": "dog", "G": "attack"}
