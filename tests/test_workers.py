"""jinrou.workers (issue 26, point 16): workers that ignore SIGINT, die with their parent, and are
killed at once when the caller stops — real processes, small tasks."""

import ctypes
import os
import signal
import sys
import time

import pytest

from jinrou.workers import unordered

from .processes import children


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _fail(x: int) -> int:
    if x == 2:
        raise ValueError("task 2 fails")
    time.sleep(60 if x > 2 else 0)
    return x


def _worker_settings(_: int) -> tuple[bool, int]:
    """Whether SIGINT is ignored here, and the signal asked for when the parent dies (Linux)."""
    death = ctypes.c_int(0)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(2, ctypes.byref(death), 0, 0, 0)  # PR_GET_PDEATHSIG
    return signal.getsignal(signal.SIGINT) == signal.SIG_IGN, death.value


def test_every_result_comes_back():
    assert sorted(unordered(abs, list(range(-20, 0)), workers=3)) == list(range(1, 21))
    assert list(unordered(abs, [], workers=3)) == []


def test_workers_ignore_sigint_and_die_with_their_parent():
    expected = int(signal.SIGKILL) if sys.platform.startswith("linux") else 0
    assert set(unordered(_worker_settings, [1, 2, 3, 4], workers=2)) == {(True, expected)}


def test_stopping_early_kills_the_workers_at_once():
    """A task of a minute is under way: closing the iteration does not wait for it."""
    before = set(children(os.getpid()))
    results = unordered(_sleep, [0.0, 60.0, 60.0], workers=3)
    assert next(results) == 0.0
    results.close()
    assert set(children(os.getpid())) <= before  # killed and reaped


def test_a_failing_task_stops_the_others():
    before = set(children(os.getpid()))
    with pytest.raises(ValueError, match="task 2 fails"):
        list(unordered(_fail, [1, 2, 3, 4], workers=3))
    assert set(children(os.getpid())) <= before  # killed and reaped
