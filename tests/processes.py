"""The ``jinrou`` command as a real process in a session of its own, for the Ctrl-C and kill tests
(issue 26, point 16): a signal goes to the session's whole process group, as a terminal sends
Ctrl-C, and what is left of the session is read from /proc (no psutil). Every wait polls a
condition with a bound; nothing is timed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Self

# SIGINT restored to Python's handler: a test run in the background starts its children with it ignored
COMMAND = [sys.executable, "-c", ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
                                  "from jinrou.cli import app; app(prog_name='jinrou')")]


def wait_for(condition: Callable[[], object], what: str, bound: float = 60) -> None:
    """Poll ``condition`` until it holds; fail after ``bound`` seconds saying ``what`` was awaited."""
    end = time.monotonic() + bound
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _running() -> list[tuple[int, int, int]]:
    """(pid, parent, session) of every process running (zombies left unreaped by an init are dead)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid, _group, sid = stat.rsplit(")", 1)[1].split()[:4]
        if state != "Z":
            found.append((int(entry.name), int(ppid), int(sid)))
    return found


def living(session: int) -> list[int]:
    """The processes of ``session`` still running."""
    return [pid for pid, _, sid in _running() if sid == session]


def children(parent: int) -> list[int]:
    """The children of ``parent`` still running."""
    return [pid for pid, ppid, _ in _running() if ppid == parent]


class Jinrou:
    """``jinrou ARGS`` started in a new session; ``with`` kills whatever is left of it at the end."""

    def __init__(self, args: list[str], cwd: Path, stderr: Path | None = None) -> None:
        """``stderr``: a file for the command's stderr, to be read while it runs (else a pipe)."""
        self.stderr = stderr.open("w") if stderr is not None else None
        self.process = subprocess.Popen([*COMMAND, *args], cwd=cwd, start_new_session=True, text=True,
                                        stdout=subprocess.PIPE, stderr=self.stderr or subprocess.PIPE)
        self.pid = self.process.pid

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        for pid in living(self.pid):  # workers moved out of the group would be a bug, but clean them too
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.communicate()
        if self.stderr is not None:
            self.stderr.close()

    def workers(self) -> list[int]:
        return [pid for pid in living(self.pid) if pid != self.pid]

    def wait_for_workers(self, count: int) -> None:
        wait_for(lambda: len(self.workers()) >= count or self.process.poll() is not None, f"{count} workers")
        assert self.process.poll() is None, self.process.communicate()

    def interrupt(self, times: int = 1) -> tuple[int, str, str]:
        """Ctrl-C as a terminal sends it (SIGINT to the whole group), pressed ``times`` times about
        30 ms apart while the command runs; the exit status and output."""
        for press in range(times):
            if press:
                time.sleep(0.03)  # the gap between two presses of a key, not a wait for a condition
            try:
                os.killpg(self.pid, signal.SIGINT)
            except ProcessLookupError:  # all ended already
                break
        out, err = self.process.communicate(timeout=30)
        if self.stderr is not None:
            self.stderr.flush()
            err = Path(self.stderr.name).read_text()
        return self.process.returncode, out, err

    def none_left(self) -> None:
        """Assert that no process of the session outlives the command (awaited a few seconds: a
        worker may be between the kernel's signal and its end)."""
        wait_for(lambda: not living(self.pid), "the workers to end", bound=10)
