"""Ctrl-C held back while one step is done whole.

Long work keeps what it finished when interrupted: a simulation's summary counts exactly the games
whose records are written. A Ctrl-C that arrived between writing a record and counting its game
would break that; inside :func:`uninterrupted`, SIGINT only waits, and the handler it would have
run runs when the block ends — once, however many times the key was pressed.

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


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Run the block with SIGINT held back (in the main thread; elsewhere, where no signal is
    delivered, as it is). A SIGINT that came is handled as before, at the end of the block."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[FrameType | None] = []
    previous = signal.signal(signal.SIGINT, lambda _signal, frame: came.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if came:
            if callable(previous):
                previous(signal.SIGINT, came[0])  # Python's handler: KeyboardInterrupt, raised here
            elif previous == signal.SIG_DFL:
                signal.raise_signal(signal.SIGINT)


__all__ = ["uninterrupted"]
