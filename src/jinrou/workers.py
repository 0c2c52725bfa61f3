"""Worker processes that stop at once: Ctrl-C kills them, keeps what finished, leaves no process.

A long simulation, sweep or study runs its tasks in processes, and must stop cleanly when the user
presses Ctrl-C or the command is killed. :class:`concurrent.futures.ProcessPoolExecutor` does not:
its ``with`` block waits for every task, the terminal's SIGINT reaches its workers in the middle of
its bookkeeping, its manager and queue-feeder threads are joined at exit (a pool stopped early has
been seen to wait there forever, on a lock no worker would release), and a parent killed outright
leaves its workers running. :func:`unordered` is a small pool of its own, with no thread and no
lock in the parent: each worker has one pipe, is sent a task when idle and sends back its result.

* The workers ignore SIGINT: only the parent is interrupted, and it decides.
* When the caller stops iterating — Ctrl-C, an error, or a plain ``break`` — the workers are killed
  and reaped at once; the results already yielded are the caller's.
* Each worker dies with the parent. On Linux the kernel sends it SIGKILL when its parent process
  dies (``prctl(PR_SET_PDEATHSIG)``). Under the forkserver start method that parent is the fork
  server, which outlives the command while a worker lives: there a thread of the worker waits for
  the command's end of its pipe to close. Elsewhere a thread polls for the command.
* The start method is named, not the platform's default (which Python 3.14 changes on Linux):
  :data:`START_METHOD`, ``forkserver`` where there is one — safe in a process that runs threads
  (a progress bar, a Dask client), which ``fork`` is not — else ``spawn``. All three work.

>>> sorted(unordered(abs, [-3, 1, -2], workers=2))
[1, 2, 3]
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from jinrou.interrupts import uninterrupted

J = TypeVar("J")
R = TypeVar("R")

START_METHODS = ("fork", "forkserver", "spawn")
"""The start methods a pool may be given (``fork`` and ``forkserver`` are POSIX only)."""
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
"""The start method of every pool unless one is named."""
PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal a process gets when its parent dies (Linux, <sys/prctl.h>)."""


class WorkerDied(RuntimeError):
    """A worker process ended without being asked (killed by the system, out of memory)."""


def unordered(function: Callable[[J], R], jobs: Sequence[J], workers: int, method: str | None = None
              ) -> Generator[R, None, None]:
    """``function(job)`` for every job, in ``workers`` processes, yielded as each finishes.

    ``function`` and the jobs must pickle (a module-level function). Stopping the iteration early
    (``close()``, an exception in the caller, Ctrl-C while waiting) kills the workers at once; an
    exception of a task is raised here, the worker's traceback in its notes.

    Args:
        method: the start method, one of :data:`START_METHODS` (default :data:`START_METHOD`).

    Raises:
        ValueError: an unknown start method, or one this platform lacks.
        WorkerDied: a worker ended before sending its result.
    """
    if not jobs:
        return
    method = method or START_METHOD
    if method not in START_METHODS or method not in multiprocessing.get_all_start_methods():
        raise ValueError(f"unknown start method {method!r}: this platform has {', '.join(multiprocessing.get_all_start_methods())}")
    context: Any = multiprocessing.get_context(method)  # typeshed's BaseContext lacks Process
    pending = deque(jobs)
    started: list[tuple[Any, Connection]] = []
    done = False
    try:
        for _ in range(max(1, min(workers, len(jobs)))):
            here, there = context.Pipe()
            process = context.Process(target=_serve, args=(function, there, os.getpid()), daemon=True,
                                      name="jinrou-worker")
            process.start()
            there.close()
            started.append((process, here))
            here.send(pending.popleft())
            if not pending:
                break
        busy = {here: process for process, here in started}
        while busy:
            for ready in wait([*busy, *(p.sentinel for p in busy.values())]):
                found = ready if isinstance(ready, Connection) else _pipe_of(busy, ready)
                if found is None or found not in busy:  # both the pipe and the sentinel were ready: handled
                    continue
                here, process = found, busy[found]
                try:
                    ok, value = here.recv()
                except (EOFError, OSError):
                    process.join(5)
                    raise WorkerDied(f"a worker process ended without its result (exit status {process.exitcode})") from None
                if not ok:
                    raise value
                if pending:
                    _send(here, pending.popleft())  # a worker that died meanwhile is found by the next wait
                else:
                    del busy[here]
                yield value
        for _, here in started:  # every worker is idle: tell it to end
            _send(here, None)
        done = True
    finally:
        _end(started, done)


def gathered(client: Any, futures: list[Any]) -> Iterator[Any]:
    """Each Dask future's result as it finishes; stopping early (Ctrl-C, an error, ``close()``)
    cancels the others on the cluster, whose workers stop too."""
    from distributed import as_completed as dask_completed

    try:
        for future in dask_completed(futures):
            yield future.result()
    except BaseException:
        client.cancel(futures)
        raise


def _pipe_of(busy: dict[Connection, Any], sentinel: object) -> Connection | None:
    return next((here for here, process in busy.items() if process.sentinel == sentinel), None)


def _send(here: Connection, job: Any) -> None:
    try:
        here.send(job)
    except OSError:  # the worker is gone: its sentinel says so
        pass


def _end(started: list[tuple[Any, Connection]], done: bool) -> None:
    """Reap the workers: when every task is done they were told to end and are given a moment;
    else (the caller stopped early) they are killed now. A second Ctrl-C waits until they are."""
    with uninterrupted():
        for process, _ in started:
            if done:
                process.join(5)
            if process.is_alive():
                process.kill()
        for process, here in started:
            process.join(5)
            here.close()


def _serve(function: Callable[[Any], Any], there: Connection, command: int) -> None:
    """A worker: take tasks from the pipe, send back ``(True, result)`` or ``(False, exception)``,
    until told to end (``None``) or the parent is gone."""
    _start_worker(command, there)
    while True:
        try:
            job = there.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            answer: tuple[bool, Any] = (True, function(job))
        except Exception as error:  # noqa: BLE001 — any error of the task is the caller's, raised in the parent
            error.add_note("in a jinrou worker process:\n" + traceback.format_exc().rstrip())
            answer = (False, error)
        try:
            there.send(answer)
        except Exception as error:  # noqa: BLE001 — a result or an exception that does not pickle
            there.send((False, RuntimeError(f"a worker's answer cannot be sent back: {type(error).__name__}: {error}")))


def _start_worker(command: int, there: Connection) -> None:
    """In each worker, before any task: ignore SIGINT, and die with the command (process ``command``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()  # the command (fork, spawn) or the fork server
    if sys.platform.startswith("linux") and _pdeathsig():
        if os.getppid() != parent or not _alive(command):  # gone before the request took effect
            os._exit(1)
        if parent == command:
            return
        # the fork server outlives the command while its workers live (each holds its "alive" pipe):
        # the command's end of this worker's pipe closes when the command dies
        threading.Thread(target=_watch_pipe, args=(there.fileno(),), daemon=True, name="jinrou-parent-watch").start()
        return
    threading.Thread(target=_watch, args=(parent, command), daemon=True, name="jinrou-parent-watch").start()


def _pdeathsig() -> bool:
    """Ask Linux for SIGKILL when the parent dies; whether it took."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (a signal 0 reaches it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _watch_pipe(fd: int) -> None:
    """Exit this worker once the other end of its pipe is closed (Linux: a hang-up, never data)."""
    import select

    poller = select.poll()
    poller.register(fd, select.POLLRDHUP)
    while not any(events & (select.POLLRDHUP | select.POLLHUP | select.POLLERR | select.POLLNVAL)
                  for _, events in poller.poll()):
        pass
    os._exit(1)


def _watch(parent: int, command: int) -> None:
    """Exit this worker once its parent or the command is gone."""
    while os.getppid() == parent and _alive(command):
        time.sleep(0.5)
    os._exit(1)


__all__ = ["START_METHOD", "START_METHODS", "WorkerDied", "gathered", "unordered"]
