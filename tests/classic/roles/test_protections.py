"""Group VB of wave 3's village (``roles/village.py``, its "Group VB" block; shared/spec/classic-roles-village-1.md
V1.2, mechanics V1.1.9 and V1.1.13): 犬, 罠師, 巫女, タフガイ, 狼憑き.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from ..helpers import (
    alive,
    dead,
    legal_verbs,
    new,
    night,
    result,
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
