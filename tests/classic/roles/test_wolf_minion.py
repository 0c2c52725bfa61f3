"""Issue 36, the room option 狼の子分 (``wolfminion``) and its 子分選択者 (``roles/subroles.py``; W.1.8 狼の子分,
§11; the reference's ``MinionSelector``: dealt to a uniform wolf after 決定者 and 権力者, before the 酔っ払い;
night 1 only, level 100, a living seat; the wolves told the seat with its role).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import numpy as np
import pytest

from jinrou.classic.catalog import Team
from jinrou.classic.model import Action, Verb
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.views import SeatView
from jinrou.errors import ImpossibleOutcomeError

from ..helpers import action, given, legal_verbs, line, new, night, refused, result, seat, told, vote, winners

CAST = ["Werewolf", "Werewolf", "Diviner", "Human", "Human", "Human", "Human", "Human"]
MINION = Verb("minion")


def extras(g, letter: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [layer.role.id for layer in g.identity(seat(g, letter)).extras()]


def subs(g, letter: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [layer.role.id for layer in g.identity(seat(g, letter)).layers[1:]]


def test_the_option_deals_the_selector_to_a_wolf_as_an_extra_role_its_naming_optional_on_night_1_only():
    g = new(CAST, {"wolfminion": "on"}, start=[("minion selector", "B")])
    assert extras(g, "B") == ["MinionSelector"] and extras(g, "A") == []
    assert legal_verbs(g, "B")["minion"] == tuple("ABCDEFGH")  # any living seat, itself included (the reference's list)
    assert "minion" not in legal_verbs(g, "A")
    assert not any(lg.required for lg in g.legal_actions(seat(g, "B")) if lg.verb is MINION)  # an extra role's: optional
    night(g, "A attack D", "C divine E")  # B names nobody
    vote(g, "AE BE CE DE EA FE GE HE".replace("DE ", ""))
    assert "minion" not in legal_verbs(g, "B")  # night 1 only
    refused(g, Action(seat(g, "B"), MINION, (seat(g, "C"),)), r"^B \(Werewolf\) has no action 'minion' tonight$")


def test_the_named_seat_becomes_a_wolf_minion_told_and_the_wolves_learn_its_role():
    g = new(CAST, {"wolfminion": "on"}, start=[("minion selector", "A")])
    g.apply(action(g, "A minion C"))
    assert told(g, "minion named", "A") == told(g, "minion named", "B") == [{"player": 0, "target": 2, "role": "Diviner"}]
    assert told(g, "minion named", "C") == [] and told(g, "minion named", None) == []
    assert line(g, "minion named") == "AはC（占い師）を狼の子分に指定しました。"
    assert line(g, "minion named", "en") == "A named C (Seer) the wolves' minion."
    assert subs(g, "C") == []  # at level 100, not at once
    night(g, "B attack D", "C divine E", draws=[("order", ["A", "C"])])  # both at level 100
    assert subs(g, "C") == ["WolfMinion"] and told(g, "minion", "C") == [{"target": 2}]
    assert line(g, "minion") == "Cは狼の子分になりました。"
    assert g.identity(seat(g, "C")).team() is Team.WEREWOLF and g.identity(seat(g, "C")).role.id == "Diviner"
    assert SeatView.of(g, seat(g, "C")).subs == ("WolfMinion",)
    vote(g, "AE BE CE DE EA FE GE HE".replace("DE ", ""))  # E executed: A B C | F G H
    night(g, "A attack F", "C divine G")  # A B | C G H: the minion still counts human (W.1.8)
    assert result(g) is None
    vote(g, "AG BG CG GA HG")  # A B | C H: the wolves and their minion win
    assert result(g) == "Werewolf" and winners(g) == "ABC"


def test_the_start_draws_come_in_the_reference_order_and_a_drunk_selector_cannot_name():
    settings = {"decider": "on", "authority": "on", "wolfminion": "on", "drunk": "on"}
    start = [("decider", "C"), ("authority", "D"), ("minion selector", "A"), ("drunk", ["A"])]
    g = new(CAST, settings, start=start)
    assert subs(g, "A") == ["MinionSelector", "Drunk"]
    assert "minion" not in legal_verbs(g, "A")  # the drunk's layers below it do not act (V2.1.9)
    with pytest.raises(ImpossibleOutcomeError, match="minion selector cannot be 'C': it is one of 'A', 'B'"):
        new(CAST, {"wolfminion": "on"}, start=[("minion selector", "C")])  # only a seat counting as wolf


def test_no_wolf_no_selector_and_the_option_off_draws_nothing():
    g = new(["Fox", "Diviner", "Human", "Human", "Madman"], {"wolfminion": "on"})
    assert all(extras(g, letter) == [] for letter in "ABCDE")
    g = new(CAST)  # no draw asked: a given one would be left over
    assert all(extras(g, letter) == [] for letter in "AB")


def test_a_minion_selector_cast_as_its_role_must_name_on_night_1_and_sides_with_the_wolves():
    g = new(["Werewolf", "MinionSelector", "Human", "Human", "Human", "Human"])
    assert g.identity(seat(g, "B")).team() is Team.WEREWOLF
    assert seat(g, "B") in g.awaited()  # its role's naming is required
    night(g, "A attack C", "B minion D")
    assert subs(g, "D") == ["WolfMinion"]
    assert told(g, "minion named", "A") == [{"player": 1, "target": 3, "role": "Human"}]  # the wolves learn it too


def test_a_game_with_a_minion_round_trips_through_its_record():
    g = new(CAST, {"wolfminion": "on"}, start=[("minion selector", "B")])
    night(g, "A attack D", "B minion C", "C divine E", draws=[("order", ["C", "B"])])
    record = write(g)
    assert record["settings"]["wolfminion"] == "on"
    assert record["events"][0] == {"type": "outcome", "draws": [{"draw": "minion selector", "value": "B"}]}
    assert {"player": "B", "action": "minion", "target": "C"} in record["events"][1]["actions"]
    again = replay(record)
    assert write(again) == record and subs(again, "C") == ["WolfMinion"]
    bad = write(g)
    bad["events"][0]["draws"][0]["value"] = "D"  # not a wolf
    with pytest.raises(Exception, match=r"^setup: minion selector cannot be 'D': it is one of 'A', 'B'$"):
        replay(bad)


def test_a_bot_selector_names_a_non_ally_on_night_1():
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.agent import act

    g = new(CAST, {"wolfminion": "on"}, start=[("minion selector", "A")])
    bots = [HeuristicAgent(), *([None] * 7)]
    act(g, bots, np.random.default_rng(0), given([]))
    named = [a for a in g.night.actions if a.verb is MINION]
    assert len(named) == 1 and named[0].seat == 0 and named[0].targets[0] not in (0, 1)
