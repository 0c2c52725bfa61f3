"""jinrou.workers (issue 26, point 16; issue 40, point 13): workers that ignore SIGINT, die with their
parent, and are killed at once when the caller stops — under each start method, real processes,
small tasks."""

import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jinrou.workers import START_METHOD, START_METHODS, WorkerDied, unordered

from .processes import living, wait_for

ROOT = Path(__file__).resolve().parents[1]
METHODS = [m for m in START_METHODS if m in __import__("multiprocessing").get_all_start_methods()]


@pytest.fixture(autouse=True)
def importable(monkeypatch):
    """A spawned worker imports this module by name: the repository's root on its path."""
    monkeypatch.syspath_prepend(str(ROOT))


def _sleep(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def _fail(x: int) -> int:
    if x == 2:
        raise ValueError("task 2 fails")
    time.sleep(60 if x > 2 else 0)
    return os.getpid()


def _exit(_: int) -> int:
    os._exit(3)


def _worker_settings(_: int) -> tuple[bool, int]:
    """Whether SIGINT is ignored here, and the signal asked for when the parent dies (Linux)."""
    death = ctypes.c_int(0)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(2, ctypes.byref(death), 0, 0, 0)  # PR_GET_PDEATHSIG
    return signal.getsignal(signal.SIGINT) == signal.SIG_IGN, death.value


def _gone(pids: set[int]) -> bool:
    return not pids & {int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _runs(p)}


def _runs(entry: Path) -> bool:
    try:
        return entry.joinpath("stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_start_method_is_named():
    """Not the platform's default (fork on Linux before Python 3.14): forkserver where there is one."""
    assert START_METHOD == ("forkserver" if "forkserver" in METHODS else "spawn")
    with pytest.raises(ValueError, match="unknown start method 'thread'"):
        list(unordered(abs, [1], workers=1, method="thread"))


@pytest.mark.parametrize("method", METHODS)
def test_every_result_comes_back(method):
    assert sorted(unordered(abs, list(range(-20, 0)), workers=3, method=method)) == list(range(1, 21))
    assert list(unordered(abs, [], workers=3, method=method)) == []


@pytest.mark.parametrize("method", METHODS)
def test_workers_ignore_sigint_and_die_with_their_parent(method):
    expected = int(signal.SIGKILL) if sys.platform.startswith("linux") else 0
    assert set(unordered(_worker_settings, [1, 2, 3, 4], workers=2, method=method)) == {(True, expected)}


@pytest.mark.parametrize("method", METHODS)
def test_stopping_early_kills_the_workers_at_once(method):
    """Tasks of a minute are under way: closing the iteration does not wait for them."""
    results = unordered(_sleep, [0.0, 0.0, 60.0, 60.0], workers=2, method=method)
    first = next(results)
    results.close()
    wait_for(lambda: _gone({first}), "the workers to be killed and reaped", bound=10)


@pytest.mark.parametrize("method", METHODS)
def test_a_failing_task_stops_the_others(method):
    with pytest.raises(ValueError, match="task 2 fails") as raised:
        list(unordered(_fail, [1, 2, 3, 4], workers=3, method=method))
    assert any("in a jinrou worker process" in note for note in raised.value.__notes__)


@pytest.mark.parametrize("method", METHODS)
def test_a_worker_that_dies_is_an_error(method):
    with pytest.raises(WorkerDied, match="exit status 3"):
        list(unordered(_exit, [1, 2], workers=2, method=method))


@pytest.mark.parametrize("method", METHODS)
def test_a_killed_parent_leaves_no_worker(method, tmp_path):
    """SIGKILL to the parent: the kernel kills its workers (and the fork server ends, then its workers)."""
    script = ("import sys; from jinrou.workers import unordered; from tests.test_workers import _note; "
              "list(unordered(_note, [sys.argv[1]] * 2, 2, sys.argv[2]))")
    process = subprocess.Popen([sys.executable, "-c", script, str(tmp_path), method], cwd=ROOT, start_new_session=True)
    try:
        wait_for(lambda: len(list(tmp_path.glob("*.pid"))) == 2, "two workers at work")
        pids = {int(p.stem) for p in tmp_path.glob("*.pid")}
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        wait_for(lambda: _gone(pids) and not living(process.pid), "the workers to end", bound=10)
    finally:
        for pid in living(process.pid):
            os.kill(pid, signal.SIGKILL)


def _note(folder: str) -> None:
    """Leave this worker's pid in ``folder``, then work for a minute."""
    Path(folder, f"{os.getpid()}.pid").touch()
    time.sleep(60)
