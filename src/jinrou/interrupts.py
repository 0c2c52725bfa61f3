"""Ctrl-C that always stops a command, and steps it cannot cut in two.

**No Ctrl-C is lost.** Python raises KeyboardInterrupt wherever the main thread happens to be when
SIGINT comes; if that is a finalizer or a weak reference's callback run by the garbage collector,
the exception is printed as "ignored" and the work goes on as if the key was never pressed (seen
about once in 25 presses during a tuner's bot games). :func:`install` makes the handler insist: it
raises KeyboardInterrupt and, until the command says it has taken the interrupt
(:func:`acknowledge`, called where a command catches it), raises it again every :data:`AGAIN`
seconds (SIGALRM).

**Steps done whole.** Long work keeps what it finished: a simulation's summary counts exactly the
games whose records are written. Inside :func:`uninterrupted`, SIGINT only waits; the handler runs
when the block ends — once, however many times the key was pressed.

>>> with uninterrupted():
...     done = ["record written", "game counted"]
>>> done
['record written', 'game counted']
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

AGAIN = 0.2
"""Seconds after which an interrupt not yet taken by the command is raised again."""

_pending = False  # an interrupt came that no command has taken yet
_held = 0  # uninterrupted() blocks under way


def install() -> None:
    """Make SIGINT insist (main thread, POSIX; elsewhere Python's handler stays)."""
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        signal.signal(signal.SIGALRM, _again)
        signal.signal(signal.SIGINT, _interrupt)


def acknowledge() -> None:
    """The command has taken the interrupt: stop raising it again."""
    global _pending
    _pending = False
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        signal.setitimer(signal.ITIMER_REAL, 0)


def _interrupt(_signal: int, _frame: FrameType | None) -> None:
    global _pending
    _pending = True
    signal.setitimer(signal.ITIMER_REAL, AGAIN)
    raise KeyboardInterrupt


def _again(_signal: int, _frame: FrameType | None) -> None:
    if not _pending:
        return
    signal.setitimer(signal.ITIMER_REAL, AGAIN)
    if not _held:
        raise KeyboardInterrupt


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Run the block with SIGINT held back (in the main thread; elsewhere, where no signal is
    delivered, as it is). A SIGINT that came is handled as before, at the end of the block."""
    global _held
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[FrameType | None] = []
    previous: Any = signal.signal(signal.SIGINT, lambda _signal, frame: came.append(frame))
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        signal.signal(signal.SIGINT, previous)
        if came:
            if callable(previous):
                previous(signal.SIGINT, came[0])  # Python's handler or ours: KeyboardInterrupt, raised here
            elif previous == signal.SIG_DFL:
                signal.raise_signal(signal.SIGINT)


__all__ = ["AGAIN", "acknowledge", "install", "uninterrupted"]
