"""Every mode's pure check (issue 23 §1): ``check`` refuses what ``act`` refuses, with the same
message, and changes nothing — neither when it refuses nor when it accepts; ``act`` then folds."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from jinrou import modes
from jinrou.errors import IllegalActionError


def ready(name: str, players: int) -> tuple[Any, Any]:
    """A started game of mode ``name`` whose outcomes are drawn, waiting for a seat."""
    mode = modes.get(name)
    state = mode.start(tuple(f"P{i}" for i in range(players)), mode.settings({}))
    rng = np.random.default_rng(0)
    while (outcome := mode.draw(state, lambda: rng)) is not None:
        state = mode.happen(state, json.loads(json.dumps(outcome)))
    return mode, state


def seen(mode: Any, state: Any, players: int) -> list[Any]:
    return [mode.view(state, s) for s in (None, *range(players))]


@pytest.mark.parametrize(("name", "players", "refused", "allowed"), [
    ("quantum", 5, [{"vote": "P1"}, {"divine": 3}, {"fly": True}], None),
    ("shogi", 2, [{"move": "⑤c9"}, {"resign": False}, "⑤c4"], {"move": "⑤c4"}),
])
def test_a_mode_checks_without_changing_anything(name, players, refused, allowed):
    mode, state = ready(name, players)
    seat = mode.awaited(state)[0]
    before = seen(mode, state, players)
    for action in refused:
        with pytest.raises(IllegalActionError) as by_check:
            mode.check(state, seat, action)
        with pytest.raises(IllegalActionError) as by_act:
            mode.act(state, seat, action)
        assert str(by_check.value) == str(by_act.value) and seen(mode, state, players) == before
    if allowed is None:  # quantum: the seat's first legal night action, as its bot would send it
        allowed = mode.bot_action(state, seat, np.random.default_rng(1))
    assert mode.check(state, seat, allowed) is None and seen(mode, state, players) == before
    assert seen(mode, mode.act(state, seat, allowed), players) != before
