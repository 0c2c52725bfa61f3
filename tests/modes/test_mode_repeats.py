"""``Mode.repeats`` (issue 37, point 7): an action a mode calls a repeat changes nothing if acted
again — the engine refuses it, or every seat's view stays as it was — and an action just made is a
repeat (but a claim, said again, is said again). Whole bot games of quantum and classic, every
action made so far asked again at every step."""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou import modes
from jinrou.errors import IllegalActionError

PLAYERS = 10
SAID = ("claim", "claims")  # classic speech: said again, it is said again


def views(mode: Any, state: Any) -> list[str]:
    return [json.dumps(mode.view(state, seat), sort_keys=True, default=str) for seat in (None, *range(PLAYERS))]


def changes_nothing(mode: Any, state: Any, seat: int, action: Any) -> bool:
    """Whether acting ``action`` again is refused, or leaves every view as it was (on a copy)."""
    before = views(mode, state)
    try:
        after = mode.act(copy.deepcopy(state), seat, action)
    except IllegalActionError:
        return True
    return views(mode, after) == before


def play(name: str, seed: int, room: dict[str, Any], steps: int = 150) -> int:
    """A bot game of ``name`` with the ``room`` settings; returns the repeats checked."""
    mode = modes.get(name)
    state = mode.start(tuple(f"P{i}" for i in range(PLAYERS)), mode.settings(room))
    rng = np.random.default_rng(seed)
    made: list[tuple[int, Any]] = []
    checked = 0
    for _ in range(steps):
        if mode.result(state) is not None:
            break
        if (outcome := mode.draw(state, lambda: rng)) is not None:
            state = mode.happen(state, json.loads(json.dumps(outcome)))
            continue
        waiting = mode.awaited(state)
        if not waiting:
            state = mode.close(state)
            continue
        seat = waiting[int(rng.integers(len(waiting)))]
        action = mode.bot_action(state, seat, rng)
        try:
            mode.check(state, seat, action)
        except IllegalActionError:
            state = mode.close(state)  # the bot sits the turn out, as the server lets it
            continue
        assert not mode.repeats(state, seat, action) or changes_nothing(mode, state, seat, action)
        state = mode.act(state, seat, action)
        while (outcome := mode.draw(state, lambda: rng)) is not None:  # what the action drew (課金者's gacha),
            state = mode.happen(state, json.loads(json.dumps(outcome)))  # stored in the same command
        made.append((seat, action))
        if not any(key in action for key in SAID):
            assert mode.repeats(state, seat, action) or not changes_nothing(mode, state, seat, action), action
        for old_seat, old in made[-8:]:
            if mode.repeats(state, old_seat, old):
                checked += 1
                assert changes_nothing(mode, state, old_seat, old), (old_seat, old)
    return checked


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_quantum_repeat_changes_nothing(seed):
    assert play("quantum", seed, {"seats": PLAYERS}) > 0


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["normal", "yaminabe"]))
def test_a_classic_repeat_changes_nothing(seed, cast):
    assert play("classic", seed, {"players": PLAYERS, "cast": cast}) > 0


def test_a_shogi_move_is_never_a_repeat():
    mode = modes.get("shogi")
    match = mode.start(("A", "B"), mode.settings({}))
    after = mode.act(match, 0, {"move": "⑤c4"})
    assert not mode.repeats(after, 0, {"move": "⑤c4"}) and not mode.repeats(match, 0, {"move": "⑤c4"})
