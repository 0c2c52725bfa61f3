"""Layers above a role (``roles/subroles.py``): 商人's kits as extra roles (決定者 and 権力者 are in
``test_votes.py``, 聖職者's protection with the 聖職者 in ``test_village.py``).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    alive,
    close,
    dead,
    legal_verbs,
    new,
    night,
    told,
    vote,
)

# ---------------------------------------------------------------------------------------------- 商人


def test_merchant_kit_is_usable_the_same_night_and_optional():
    g = new(["Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}  # from night 2
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    assert legal_verbs(g, "B") == {"kit": ("A", "C", "F", "G")} and g.awaited() == [0]
    (kit,) = g.legal_actions(1)
    assert kit.kits == ("Diviner", "Psychic", "Guard") and not kit.required
    g.apply(action(g, "B kit C Guard"))
    assert told(g, "kit received", "C") == [{"kit": "Guard"}] and told(g, "kit sent", "B") == [{"target": 2, "kit": "Guard"}]
    assert legal_verbs(g, "C") == {"guard": ("A", "B", "F", "G")} and g.awaited() == [0]  # optional
    night(g, "A attack F", "C guard F")
    assert "F" in alive(g) and legal_verbs(g, "B") == {"vote": ("A", "C", "F", "G")}
    vote(g, "AG BG CG FG GA")
    assert legal_verbs(g, "B") == {}  # once
    assert legal_verbs(g, "C") == {"guard": ("A", "B", "F")}


def test_merchant_seer_kit_divines():
    g = new(["Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    g.apply(action(g, "B kit C Diviner"))
    night(g, "C divine A", "A attack F")
    assert told(g, "divined", "C") == [{"target": 0, "result": "werewolf"}]


def test_a_seer_holding_a_seer_kit_divines_twice_its_roles_first():
    # §8 商人 (issue 28, point 6): two divine actions that night, its role's (required) then the
    # kit's (optional), each with its result and its curse
    g = new(["Werewolf", "Merchant", "Diviner", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "C divine F")
    vote(g, "AG BG CG DG FG GA HG")
    g.apply(action(g, "B kit C Diviner"))
    assert [(lg.verb.value, lg.required) for lg in g.legal_actions(2)] == [("divine", True), ("divine", False)]
    g.apply(action(g, "C divine D"))
    assert [(lg.verb.value, lg.required) for lg in g.legal_actions(2)] == [("divine", False)]
    assert g.awaited() == [0]  # the kit's divination is optional
    g.apply(action(g, "C divine A"))
    assert g.legal_actions(2) == []
    with pytest.raises(IllegalActionError, match="^C has already chosen to divine tonight$"):
        g.apply(action(g, "C divine H"))
    g.apply(action(g, "A attack F"))
    close(g, [("announcement", ["D", "F"])])
    assert dead(g) == {"E": "attack", "G": "execution", "D": "curse", "F": "attack"}
    assert told(g, "divined", "C")[1:] == [{"target": 3, "result": "human"}, {"target": 0, "result": "werewolf"}]
    second_night = [e for e in write(g)["events"] if e["type"] == "night"][1]
    assert [a for a in second_night["actions"] if a["action"] == "divine"] == [
        {"player": "C", "action": "divine", "target": "D"}, {"player": "C", "action": "divine", "target": "A"}]
    full = write(g)
    assert write(replay({**full, "events": full["events"][:-1]})) == full  # it replays (the open day aside)


def test_merchant_medium_kit_reads_the_executed():
    g = new(["Werewolf", "Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    g.apply(action(g, "C kit F Psychic"))
    night(g, "A attack G")
    vote(g, "AB BA CB FB HB IB")
    night(g, "A attack H")
    assert told(g, "psychic", "F") == [{"target": 1, "result": "werewolf"}]


def test_merchant_kit_must_be_one_of_the_three():
    g = new(["Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    with pytest.raises(IllegalActionError, match="^B cannot kit: the kit must be one of Diviner, Psychic, Guard, not 'Sword'$"):
        g.apply(action(g, "B kit C Sword"))
