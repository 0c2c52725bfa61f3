"""One check of an action's legality on its way in: the server asks the mode (``check``), the mode asks
the rules once, and ``act`` folds the choices the rules accepted without checking them again — unless
the village changed since, or nobody checked (a room restored from its events): then ``act`` checks
once itself. The rules' one check is :func:`jinrou.classic.choices.check`; these tests count its calls."""

from __future__ import annotations

import json
import pickle
from typing import Any

import numpy as np
import pytest

from jinrou.classic import choices
from jinrou.errors import IllegalActionError

from .test_classic_gacha import ROLES as GACHA_ROLES
from .test_classic_mode import Table, first_choice, seer_table


@pytest.fixture
def checks(monkeypatch) -> list[Any]:
    """Every choice the rules check, in order (the real check runs)."""
    seen: list[Any] = []
    real = choices.check

    def counting(state, choice):
        seen.append(choice)
        return real(state, choice)

    monkeypatch.setattr(choices, "check", counting)
    return seen


def of(checks: list[Any], seat: int) -> list[Any]:
    """The checked choices of one game seat (the bots' own come through the same check)."""
    return [c for c in checks if c.seat == seat]


def stored(action: dict[str, Any]) -> dict[str, Any]:
    """The action as the store gives it back to the fold: equal, not the same object."""
    return json.loads(json.dumps(action))


def day_table() -> Table:
    table = seer_table()
    for seat in (1, 0, 2):
        table.act(seat, first_choice(table.view(seat)))
        table.act(seat, {"done": True}) if table.view(seat)["me"]["may_finish"] else None
    assert table.game.stage.value == "day"
    return table


def test_a_night_action_the_mode_checked_is_folded_without_a_second_check(checks):
    table = seer_table()
    action = first_choice(table.view(1))  # Ben (game seat 2), the 占い師: his divination
    assert action is not None and action["act"] == "divine"
    checks.clear()
    table.mode.check(table.state, 1, action)
    assert len(of(checks, 2)) == 1
    table.act(1, stored(action))
    assert len(of(checks, 2)) == 1  # folded as the rules accepted it
    assert [a.verb.value for a in table.game.night.actions if a.seat == 2] == ["divine"]
    with pytest.raises(IllegalActionError, match="has already chosen to divine tonight"):
        table.mode.check(table.state, 1, action)  # the same check refuses it now: nothing was skipped


def test_a_vote_and_claims_are_checked_once_each(checks):
    table = day_table()
    claims = {"claims": [{"kind": "CO", "role": "Diviner"}, {"kind": "VOTE", "target": "Cat"}]}
    checks.clear()
    table.mode.check(table.state, 1, claims)
    table.act(1, stored(claims))
    assert len(of(checks, 2)) == 2  # Ben's: one per claim, at the mode's check
    assert [c.kind.value for _, s, c in table.game.claims if s == 2] == ["CO", "VOTE"]
    table.mode.check(table.state, 1, {"vote": "Cat"})
    table.act(1, stored({"vote": "Cat"}))
    assert len(of(checks, 2)) == 3


def test_an_action_folded_without_the_mode_s_check_is_checked_once(checks):
    table = seer_table()
    checks.clear()
    table.act(1, first_choice(table.view(1)))  # as a restart folds a stored action
    assert len(of(checks, 2)) == 1


def test_a_check_made_before_the_village_changed_is_not_used(checks):
    table = day_table()
    table.mode.check(table.state, 1, {"vote": "Cat"})
    table.act(0, stored({"vote": "Cat"}))  # another seat's vote: the village changed
    before = len(of(checks, 2))
    table.act(1, stored({"vote": "Cat"}))
    assert len(of(checks, 2)) == before + 1  # checked again, once, in the village as it is now


def test_a_stale_check_of_a_choice_now_refused_is_refused_and_changes_nothing(checks):
    table = seer_table()
    action = first_choice(table.view(1))
    table.mode.check(table.state, 1, action)
    table.act(1, stored(action))
    table.mode.check(table.state, 1, {"done": True})
    before = [table.view(s) for s in (None, 0, 1, 2)]
    with pytest.raises(IllegalActionError, match="has already chosen to divine tonight"):
        table.act(1, stored(action))  # not the action checked last: checked now, and refused
    assert [table.view(s) for s in (None, 0, 1, 2)] == before


def test_a_pending_pull_kept_in_a_snapshot_is_folded_as_checked():
    """課金者's accepted pull waits, checked, for its outcome: a snapshot keeps it (a plain choice with
    the places of its layer and ability), and the restored room draws the same pull."""
    table = Table({"players": 7, "times": {"night": 100}}, roles=GACHA_ROLES, humans=[0])
    state = table.mode.act(table.state, 0, {"act": "gacha", "kind": "normal"})
    assert state.pending is not None and state.pending.layer == 0
    restored = pickle.loads(pickle.dumps(state))
    drawn = [table.mode.draw(s, lambda: np.random.default_rng(5)) for s in (state, restored)]
    assert drawn[0] == drawn[1] and drawn[0] is not None and drawn[0]["submitted"]["action"] == "gacha"
    assert restored.checked is None  # the last check is a cache, not pickled
