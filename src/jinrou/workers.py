"""Worker processes that stop at once: Ctrl-C kills them, keeps what finished, leaves no process.

:class:`concurrent.futures.ProcessPoolExecutor` on its own does three things a long simulation,
sweep or study must not: at the end of its ``with`` block it waits for every task, so Ctrl-C is
ignored until the whole batch is done and then its results are thrown away; the terminal sends
SIGINT to the workers too, and a second Ctrl-C kills them in the middle of the pool's bookkeeping,
which hangs every process; and a parent killed with SIGTERM or SIGKILL leaves its workers running
(each may hold gigabytes). :func:`unordered` runs the same tasks, differently:

* the workers ignore SIGINT: only the parent is interrupted, and it decides;
* when the caller stops iterating — Ctrl-C, an error, or a plain ``break`` — the tasks not started
  are cancelled and the workers are killed at once; the results already yielded are the caller's;
* each worker dies with its parent: on Linux the kernel sends it SIGKILL when the parent dies
  (``prctl(PR_SET_PDEATHSIG)``), elsewhere a thread of the worker watches ``os.getppid()``.

>>> sorted(unordered(abs, [-3, 1, -2], workers=2))
[1, 2, 3]
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal a process gets when its parent dies (Linux, <sys/prctl.h>)."""


def unordered(function: Callable[[J], R], jobs: Sequence[J], workers: int) -> Iterator[R]:
    """``function(job)`` for every job, in ``workers`` processes, yielded as each finishes.

    ``function`` and the jobs must pickle (a module-level function). Stopping the iteration early
    (``close()``, an exception in the caller, Ctrl-C while waiting) kills the workers at once.
    """
    if not jobs:
        return
    pool = ProcessPoolExecutor(max_workers=max(1, min(workers, len(jobs))), initializer=_start_worker,
                               initargs=(os.getpid(),))
    try:
        futures = [pool.submit(function, job) for job in jobs]
        for future in as_completed(futures):
            yield future.result()
    except BaseException:  # KeyboardInterrupt, GeneratorExit, a task's error: nothing more is wanted
        _kill(pool)
        raise
    pool.shutdown(wait=True)


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


def _kill(pool: ProcessPoolExecutor) -> None:
    """Cancel the tasks not started and kill the workers now (a second Ctrl-C waits until they are)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # Python 3.14: terminate_workers()
    handler = _defer_sigint()
    try:
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()
        for process in processes:
            process.join(5)
    finally:
        if handler is not None:
            signal.signal(signal.SIGINT, handler)


def _defer_sigint() -> Any:
    """Ignore SIGINT while the workers are killed (main thread only); the previous handler."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_worker(parent: int) -> None:
    """In each worker, before any task: ignore SIGINT, and die with the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux") and _pdeathsig():
        if os.getppid() != parent:  # the parent died before the request took effect
            os._exit(1)
        return
    threading.Thread(target=_watch, args=(os.getppid(),), daemon=True, name="jinrou-parent-watch").start()


def _pdeathsig() -> bool:
    """Ask Linux for SIGKILL when the parent dies; whether it took."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    """Exit this worker once its parent is gone (it is then reparented)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


__all__ = ["gathered", "unordered"]
