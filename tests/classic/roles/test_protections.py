"""Group VB of wave 3's village (``roles/village.py``, its "Group VB" block; shared/spec/classic-roles-village-1.md
V1.2, mechanics V1.1.9 and V1.1.13): 犬, 罠師, 巫女, タフガイ, 狼憑き.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.record import replay, write

from ..helpers import (
    Recorder,
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
