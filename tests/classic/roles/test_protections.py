"""Group VB of wave 3's village (``roles/village_guards.py``, its "Group VB" block; shared/spec/classic-roles-village-1.md
V1.2, mechanics V1.1.9 and V1.1.13): 犬, 罠師, 巫女, タフガイ, 狼憑き.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.identity import LayerKind
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import ROLES, SUB_ROLES
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    alive,
    dead,
    legal_verbs,
    new,
    night,
    result,
    snapshot,
    told,
    vote,
    winners,
)

# ---------------------------------------------------------------------------------------------- 狼憑き


def test_lycan_reads_werewolf_to_the_seer_and_human_to_the_psychic_and_wins_with_the_village():
    # V1.2 Lycan: 占 人狼, 霊 村人, counts human (ref L5044–5046)
    g = new(["Werewolf", "Lycan", "Diviner", "Psychic", "Human", "Human"])
    assert g.identity(1).fortune().value == "werewolf" and g.identity(1).psychic().value == "human"
    assert g.identity(1).counts().value == "human"
    assert legal_verbs(g, "B") == {}
    night(g, "C divine B", "A attack E")
    assert told(g, "divined", "C") == [{"target": 1, "result": "werewolf"}]
    vote(g, "AB BA CB DB FB")
    assert dead(g)["B"] == "execution"
    night(g, "C divine A", "A attack F")
    assert told(g, "psychic", "D")[-1]["result"] == "human"
    vote(g, "CA DA AC")
    assert result(g) == "Human" and "B" in winners(g)


# ---------------------------------------------------------------------------------------------- タフガイ


def test_tough_guy_survives_the_attack_lives_through_the_day_and_dies_at_level_100_the_next_night():
    # V1.2 ToughGuy: bitten on night N, alive on day N+1, dead at dawn N+2 (`attack`); not told
    g = new(["Werewolf", "ToughGuy", "Human", "Human", "Human", "Human"])
    messages = len(g.messages)
    night(g, "A attack B")
    assert "B" in alive(g) and dead(g) == {}
    assert all(m.to is None or 1 not in m.to for _, m in g.messages[messages:] if m.key != "divined")
    vote(g, "AC BC CD DC EC FC")
    night(g, "A attack D", draws=[("announcement", ["B", "D"])])
    assert dead(g) == {"C": "execution", "B": "attack", "D": "attack"}
    assert g.identity(1).role.death_resistance


def test_tough_guy_doomed_dies_whatever_protects_it():
    # nothing prevents the delayed death: a guard, a 聖職者's protection, a second attack
    g = new(["Werewolf", "ToughGuy", "Guard", "Priest", "Human", "Human", "Human"])
    night(g, "A attack B", "C guard E")
    vote(g, "AF BF CF DF EF FE GF")
    night(g, "A attack B", "C guard B", "D protect B")
    assert dead(g) == {"F": "execution", "B": "attack"}
    assert told(g, "guard success") == [] and told(g, "holy protection") == []


def test_tough_guy_resists_every_wolf_attack_of_its_night_and_the_eyes_wolf_reads_resistance():
    g = new(["EyesWolf", "ToughGuy", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert "B" in alive(g)
    (line,) = [m for _, m in g.messages if m.key.startswith("eyes")]
    assert line.key == "eyes resistance" and line.args == {"target": 1}


def test_a_vampire_bite_kills_the_tough_guy():
    g = new(["Werewolf", "Vampire", "ToughGuy", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE")
    night(g, "A attack F", "B bite C", draws=[("announcement", ["C", "F"])])
    assert dead(g)["C"] == "vampire"


def test_a_scapegoat_tough_guy_survives_night_1_and_dies_at_level_100_of_night_2():
    # V1.1 Scapegoat: a タフガイ scapegoat survives the night-1 attack and dies on night 2 at level 100
    g = new(["ToughGuy", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"},
            start=[("scapegoat attacker", "B")])
    assert g.scapegoat == 0
    night(g)
    assert "A" in alive(g)
    vote(g, "AC BC CD DC EC FC")
    night(g, "B attack D", draws=[("announcement", ["A", "D"])])
    assert dead(g) == {"C": "execution", "A": "attack", "D": "attack"}


def test_a_hypnotized_doomed_tough_guy_still_dies():
    # "nothing prevents it (no protection, resistance, seal or hypnosis)"
    g = new(["Werewolf", "Hypnotist", "ToughGuy", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD CD DE ED FD GD")
    night(g, "B hypnotize C", "A attack E", draws=[("announcement", ["C", "E"])])
    assert dead(g) == {"D": "execution", "C": "attack", "E": "attack"}


# ---------------------------------------------------------------------------------------------- 巫女


def test_miko_prays_once_and_survives_the_attack_silently():
    # V1.2 Miko: told at submission; at 71 巫女の加護 (V1.1.9c): silent; the 瞳狼 reads 聖なる力
    g = new(["EyesWolf", "Miko", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"pray": ()}
    g.apply(action(g, "B pray"))
    assert told(g, "prayed", "B") == [{"player": 1}]
    assert legal_verbs(g, "B") == {}  # spent at submission
    messages = len(g.messages)
    night(g, "A attack B")
    assert "B" in alive(g) and dead(g) == {}
    assert [m.key for _, m in g.messages[messages:] if m.to is not None and 1 in m.to] == []
    (line,) = [m for _, m in g.messages if m.key.startswith("eyes")]
    assert line.key == "eyes holy" and line.args == {"target": 1}
    record = write(g)
    assert {"player": "B", "action": "pray"} in record["events"][0]["actions"]
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_miko_survives_the_next_days_execution_and_the_day_goes_on_then_the_protection_ends_at_dusk():
    # "it also survives the next day's executions" (W.1.11c); 巫女の加護 lasts to the next dusk
    g = new(["Werewolf", "Miko", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B pray", "A attack C")
    messages = len(g.messages)
    vote(g, "AB BA DB EB FB GB")
    assert "B" in alive(g) and g.day == 2 and g.executions == []
    assert [m.key for _, m in g.messages[messages:]] == ["votes", "night"]
    assert "pray" not in legal_verbs(g, "B")
    with pytest.raises(IllegalActionError, match="has no action 'pray' tonight"):
        g.apply(action(g, "B pray"))
    night(g, "A attack B")
    assert dead(g)["B"] == "attack"


def test_miko_protection_comes_after_the_guard_and_before_the_priests_which_is_kept():
    g = new(["Werewolf", "Miko", "Guard", "Priest", "Human", "Human", "Human"], {"gjmessage": "on"})
    night(g, "B pray", "C guard B", "D protect B", "A attack B")
    assert "B" in alive(g) and told(g, "guard success", "C") == [{"target": 1}]
    vote(g, "AE BE CE DE EF FE GE")
    assert "B" in alive(g) and told(g, "holy protection used", "B") == []
    night(g, "C guard D", "A attack B")  # the prayer is over: the 聖職者's protection now saves it
    assert "B" in alive(g) and told(g, "holy protection used", "B") == [{}]


def test_miko_protection_stops_a_mad_dogs_bite_and_a_vampire():
    g = new(["Werewolf", "Miko", "MadDog", "Vampire", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FG GF HF")
    night(g, "B pray", "C bite B", "D bite B", "A attack B", draws=[("order", ["C", "D"])])
    assert "B" in alive(g)


def test_a_hypnotized_miko_keeps_its_prayer_for_the_next_free_night():
    # V1.2 Miko: hypnotized at 71 (W.1.3) the prayer is not lost: it takes effect at 71 of the next night
    # it is in A, neither sealed nor hypnotized (the reference)
    g = new(["Werewolf", "Hypnotist", "Miko", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "C pray", "B hypnotize C", "A attack C")
    assert dead(g)["C"] == "attack"

    g = new(["Werewolf", "Hypnotist", "Miko", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "C pray", "B hypnotize C", "A attack F")
    vote(g, "AG BG CG GH HG")
    night(g, "A attack C")
    assert "C" in alive(g)


# ---------------------------------------------------------------------------------------------- 犬


def test_dog_reads_werewolf_adopts_on_night_1_and_guards_its_owner_after():
    # V1.2 Dog: 占 人狼, 霊 人狼, counts human; night 1 adopt (required, at once; the owner is not told);
    # each later night it does not bite, its owner has a guard protection (V1.1.9a) with the GJ notice
    g = new(["Werewolf", "Dog", "Human", "Human", "Human", "Human", "Human"], {"gjmessage": "on"})
    dog = g.identity(1)
    assert dog.fortune().value == "werewolf" and dog.psychic().value == "werewolf" and dog.counts().value == "human"
    assert legal_verbs(g, "B") == {"adopt": ("A", "C", "D", "E", "F", "G")}
    g.apply(action(g, "B adopt C"))
    assert told(g, "adopted", "B") == [{"player": 1, "target": 2}] and told(g, "adopted", "C") == []
    assert legal_verbs(g, "B") == {}  # no bite on its first night
    night(g, "A attack C")
    assert dead(g) == {"C": "attack"}  # no protection on the adoption night
    g = new(["Werewolf", "Dog", "Human", "Human", "Human", "Human", "Human"], {"gjmessage": "on"})
    night(g, "B adopt C", "A attack D")
    vote(g, "AE BE CE EF FE GE")
    assert legal_verbs(g, "B") == {"bite": ("C",)}
    night(g, "A attack C")
    assert "C" in alive(g) and told(g, "guard success", "B") == [{"target": 2}]
    record = write(g)
    assert {"player": "B", "action": "adopt", "target": "C"} in record["events"][0]["actions"]
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_dog_bites_its_owner_through_a_guard_and_a_fox_owner_dies():
    # the bite: level 80, `dog`, not guardable; told at submission
    g = new(["Werewolf", "Dog", "Fox", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "B adopt C", "D guard E", "A attack F", draws=[("order", ["B", "D"])])  # the dog's hook is at 80
    vote(g, "AG BG CG DG EG GH HG")
    g.apply(action(g, "B bite C"))
    assert told(g, "dog bite", "B") == [{"player": 1, "target": 2}]
    night(g, "D guard C", "A attack E", draws=[("order", ["D", "B"]), ("announcement", ["C", "E"])])
    assert dead(g)["C"] == "dog" and dead(g)["E"] == "attack"
    vote(g, "AH BH DH HA")
    assert legal_verbs(g, "B") == {}  # nothing once the owner is dead
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_a_praying_miko_survives_its_dogs_bite_and_a_bite_on_another_seat_is_refused():
    g = new(["Werewolf", "Dog", "Miko", "Human", "Human", "Human", "Human"])
    night(g, "B adopt C", "A attack D")
    vote(g, "AE BE CE EF FE GE")
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot bite F"):
        g.apply(action(g, "B bite F"))
    assert snapshot(g) == before
    night(g, "C pray", "B bite C", "A attack F")
    assert "C" in alive(g) and dead(g)["F"] == "attack"


def test_a_bomb_on_the_dogs_owner_kills_the_dog_as_a_guard():
    # V1.2 Dog: 爆弾魔's bomb treats its protection as a 狩人's
    g = new(["Werewolf", "Dog", "Bomber", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B adopt D", "C bomb D", "A attack E")
    vote(g, "AF BF CF DF FG GF HF")
    night(g, "A attack G", draws=[("announcement", ["B", "D", "G"])])
    assert dead(g)["B"] == "trap" and dead(g)["D"] == "trap"


def test_a_scapegoat_dog_adopts_a_drawn_owner_and_guards_it_from_night_2():
    g = new(["Dog", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"},
            start=[("scapegoat attacker", "B")])
    assert g.scapegoat == 0
    night(g, draws=[("scapegoat adopt", "C")])
    assert told(g, "adopted", "A") == [{"player": 0, "target": 2}] and dead(g) == {"A": "attack"}


# ---------------------------------------------------------------------------------------------- 罠師


def test_trapper_traps_from_night_2_and_a_stopped_attack_kills_a_random_attacking_wolf():
    # V1.2 Trapper, V1.1.9b: draw `trap victim`; GJ 「{trapper}の罠により{name}が襲撃から守られました。」; 瞳狼: 罠
    g = new(["EyesWolf", "Werewolf", "Trapper", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"gjmessage": "on"})
    assert legal_verbs(g, "C") == {}  # never night 1
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE IE")
    assert legal_verbs(g, "C") == {"trap": ("A", "B", "F", "G", "H", "I")}
    g.apply(action(g, "C trap F"))
    assert told(g, "trap set", "C") == [{"player": 2, "target": 5}]
    night(g, "A attack F", draws=[("trap victim", "B")])
    assert "F" in alive(g) and dead(g)["B"] == "trap"
    assert told(g, "trap success", "C") == [{"trapper": 2, "target": 5}] and told(g, "guard success") == []
    (line,) = [m for _, m in g.messages if m.key.startswith("eyes")]
    assert line.key == "eyes trap" and line.args == {"target": 5}
    record = write(g)
    assert {"player": "C", "action": "trap", "target": "F"} in record["events"][2]["actions"]
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]
    # never the seat of its previous trap; a refused trap changes nothing
    vote(g, "AG CG FG GA HG IG")
    assert "F" not in legal_verbs(g, "C")["trap"]
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="C cannot trap F"):
        g.apply(action(g, "C trap F"))
    assert snapshot(g) == before


def test_a_guard_or_a_dog_guarding_a_trapped_seat_dies_and_the_seat_is_unprotected():
    g = new(["Werewolf", "Trapper", "Guard", "Dog", "Human", "Human", "Human", "Human", "Human"])
    night(g, "D adopt E", "C guard F", "A attack G", draws=[("order", ["C", "D"])])
    vote(g, "AH BH CH DH EH FH HI IH")
    night(g, "B trap E", "C guard E", "A attack E", draws=[("order", ["C", "D"]),
                                                          ("announcement", ["C", "D", "E"])])
    assert {s: dead(g)[s] for s in "CDE"} == {"C": "trap", "D": "trap", "E": "attack"}


def test_a_trap_stops_a_vampire_and_kills_it():
    g = new(["Werewolf", "Vampire", "Trapper", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE")
    night(g, "C trap F", "B bite F", "A attack G", draws=[("announcement", ["B", "G"])])
    assert "F" in alive(g) and dead(g)["B"] == "trap"


def test_a_scapegoat_trapper_traps_a_drawn_seat_from_night_2():
    g = new(["Trapper", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"},
            start=[("scapegoat attacker", "B")])
    night(g)
    assert dead(g) == {"A": "attack"}  # the scapegoat dies on night 1 without trapping


# ---------------------------------------------------------------------------------------------- V1.1.13


@pytest.mark.parametrize(("attribute", "holders"), [
    ("death_resistance", {"Dog", "ToughGuy", "Trapper", "Miko"} | {"Cosplayer", "Samurai", "Elementaler", "DragonKnight", "Sacrifice",
                                                                     "Dreamer"}
     | {"Trickster", "NightRabbit", "VariationFox", "XianFox", "Actress", "Oni", "GoldOni", "FrontOni", "BackOni"}),
    ("deadly_weapon", {"Dog", "Trapper", "Witch", "Assassin"} | {"Samurai", "Elementaler", "DragonKnight"}
     | {"Oni", "GoldOni", "FrontOni", "BackOni"}),
    ("guard_role", {"Trapper"} | {"Cosplayer", "Samurai", "Elementaler", "DragonKnight"}),
])  # fmt: skip  (V2.1.12 adds group G's roles: コスプレイヤー, 侍, 精霊使い, 竜騎士, 人身御供; group C's 胡蝶)
def test_each_v1_1_13_attribute_is_held_by_exactly_the_roles_the_spec_names(attribute, holders):
    """V1.1.13: *death resistance* (法医学者) 犬, タフガイ, 罠師, 巫女; *deadly weapon* (遺品整理士) 犬, 罠師, 魔女,
    暗殺者; *guard role* (闇の霊媒師) 罠師 — class attributes of those roles. V2.1.12 completes the lists (its test:
    ``test_investigators.py``); no sub-role or mark holds one, only a kit of a role that does (狩人セット)."""
    assert holders <= {r.id for r in ROLES.values() if getattr(r, attribute)}
    subs = [r.id for r in SUB_ROLES.values() if getattr(r, attribute) and r.kind is not LayerKind.EXTRA
            and r.id != "HooliganAttacker"]  # but 暴動者's deadly weapon (T.1.16)
    assert subs == (["FoxPossession"] if attribute == "death_resistance" else [])  # T.1.16: 狐憑き
