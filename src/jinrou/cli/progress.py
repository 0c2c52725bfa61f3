"""How far long work has got, on stderr, on any output.

On a terminal a bar (rich) that moves and disappears at the end; anywhere else — a log file, a
pipe, a job scheduler — a bar draws nothing, and a run of an hour would say nothing for an hour.
There :func:`progress_of` writes plain lines instead: the first step at once, then at most one line
every :data:`EVERY` seconds, and the last step::

    tuning: 3 of 182 (1.6 %), 0:02:41 elapsed
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta

import typer
from rich.console import Console

EVERY = 10.0
"""Seconds between two progress lines when stderr is not a terminal."""


@contextmanager
def progress_of(total: int, what: str, quiet: bool = False, every: float = EVERY) -> Iterator[Callable[[int], None]]:
    """A progress report of ``total`` steps named ``what`` on stderr (nothing when ``quiet``); the
    block is given the callback to call with the number of steps done so far."""
    console = Console(stderr=True)
    if quiet:
        yield lambda done: None
    elif console.is_terminal:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task(what, total=total)
            yield lambda done: bar.update(task, completed=done)
    else:
        yield _lines(total, what, every)


def _lines(total: int, what: str, every: float) -> Callable[[int], None]:
    start = time.monotonic()
    last: list[tuple[float, int]] = []  # (when, steps done) of the last line

    def advance(done: int) -> None:
        now = time.monotonic()
        if last and (done == last[-1][1] or (now - last[-1][0] < every and done < total)):
            return
        last.append((now, done))
        elapsed = timedelta(seconds=int(now - start))
        share = f" ({100 * done / total:.1f} %)" if total else ""
        typer.echo(f"{what}: {done:,} of {total:,}{share}, {elapsed} elapsed", err=True)

    return advance


__all__ = ["EVERY", "progress_of"]
