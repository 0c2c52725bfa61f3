"""Running a team-ratio study (issue 19): here, in worker processes or on a Dask cluster, with
progress reports and a resumable results file.

A study is embarrassingly parallel: each :class:`~jinrou.yaminabe.study.Chunk` plays from seeds of
its own, so the chunks run anywhere, in any order, and :func:`run_study` gathers the same result
from any number of processes or Dask workers.

**Results file** (JSON lines, ``jinrou.yaminabe-study/1``): the first line names the format and the
plan (:meth:`Plan.to_json <jinrou.yaminabe.study.Plan.to_json>`), then one line per finished chunk —
``{"level": "middle", "players": 12, "start": 25, "games": [[v, w, f, l, o, "village"], …]}``, the
seats of each side and the winning side of each game (``null``: a cast that could not be played).
A chunk's line is written and flushed as soon as it finishes, so an interrupted study loses at most
the chunks under way (Ctrl-C kills the workers at once, :mod:`jinrou.workers`); a rerun with the same plan reads the file, skips the chunks in it and appends
the others. A file of another plan is refused; a last line cut short by the interruption is dropped.

>>> from jinrou.yaminabe.study import Plan
>>> result = run_study(Plan.build(levels=("low",), players=(8, 9), games=2, seed=3), workers=1)
>>> sum(len(rows) for rows in result.rows.values())
4
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from jinrou.errors import StudyError
from jinrou.workers import gathered, unordered
from jinrou.yaminabe.study import Chunk, ChunkResult, GameRow, Plan, StudyResult, play_chunk

RESULTS_FORMAT = "jinrou.yaminabe-study/1"
"""The ``format`` of a results file's first line."""

Progress = Callable[[int], None]
"""Told the number of games finished so far (those read from the results file included)."""


def run_study(
    plan: Plan,
    *,
    workers: int = 1,
    cluster: str | None = None,
    client: Any = None,
    results: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> StudyResult:
    """Play every chunk of ``plan`` not already in ``results`` and gather the study's result.

    Args:
        plan: the study.
        workers: processes here (1: this process).
        cluster: a Dask scheduler address (``tcp://host:8786``): the chunks run on its workers,
            which need jinrou installed (the client made for it is closed at the end); or
            ``client``, a ``distributed.Client`` already made (left open).
        results: the results file (created if missing; see the module docstring).
        progress: called with the games finished so far, after each chunk.

    Raises:
        StudyError: a bad worker count, or a results file of another plan or damaged.
        ClusterError: the scheduler cannot be reached.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise StudyError(f"workers must be a whole number ≥ 1, not {workers!r}")
    made = None
    if client is None and cluster is not None:  # before the results file is touched
        from jinrou.solve.table import connect

        client = made = connect(cluster)
    try:
        store = ResultsFile(Path(results), plan) if results is not None else None
        done = store.read() if store is not None else {}
        todo = [chunk for chunk in plan.chunks() if chunk.key not in done]
        finished = list(done.values())
        count = sum(len(c.chunk) for c in finished)
        if progress is not None:
            progress(count)
        for result in _play(plan, todo, workers, client):
            finished.append(result)
            if store is not None:
                store.append(result)
            count += len(result.chunk)
            if progress is not None:
                progress(count)
    finally:
        if made is not None:
            made.close()
    return StudyResult.of(plan, finished)


def _play(plan: Plan, todo: list[Chunk], workers: int, client: Any) -> Iterator[ChunkResult]:
    """The chunks' results as they finish."""
    if client is not None:
        yield from gathered(client, client.map(play_chunk, [plan] * len(todo), todo, pure=False))
        return
    if workers == 1 or len(todo) <= 1:
        yield from (play_chunk(plan, chunk) for chunk in todo)
        return
    yield from unordered(_play_job, [(plan, chunk) for chunk in todo], workers)


def _play_job(job: tuple[Plan, Chunk]) -> ChunkResult:
    return play_chunk(*job)


class ResultsFile:
    """A study's results file: its header, then one line per finished chunk (module docstring)."""

    def __init__(self, path: Path, plan: Plan) -> None:
        self.path = path
        self.plan = plan
        self.header: dict[str, Any] = {"format": RESULTS_FORMAT, "plan": plan.to_json()}

    def read(self) -> dict[tuple[str, int, int], ChunkResult]:
        """The chunks already in the file, by key; writes the header to a new or empty file.

        Raises:
            StudyError: the file cannot be read or written, is of another format or plan, or has a
                damaged line before its last.
        """
        try:
            text = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
        except (OSError, UnicodeDecodeError) as error:
            raise StudyError(f"cannot read the results file {self.path}: {getattr(error, 'strerror', None) or error}") from None
        if not text.strip():
            self._write(json.dumps(self.header, ensure_ascii=False) + "\n", "w")
            return {}
        lines = text.split("\n")[:-1]  # complete lines; after the last newline: "", or a line cut short
        try:
            header = json.loads(lines[0]) if lines else None
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != RESULTS_FORMAT:
            raise StudyError(f"{self.path} is not a study's results file (line 1 should name {RESULTS_FORMAT!r}): give another file")
        if header.get("plan") != self.header["plan"]:
            raise StudyError(f"{self.path} holds the games of another study ({_difference(header.get('plan'), self.header['plan'])}):"
                             " rerun with the same options, or give another file")
        chunks = {(c.level.value, c.players, c.start): c for c in self.plan.chunks()}
        done: dict[tuple[str, int, int], ChunkResult] = {}
        for number, line in enumerate(lines[1:], 2):
            if line.strip():
                result = self._chunk(line, number, chunks)
                done[result.chunk.key] = result
        if not text.endswith("\n"):  # interrupted while writing its last line: drop that line, once all is checked
            self._write("\n".join(lines) + "\n", "w")
        return done

    def append(self, result: ChunkResult) -> None:
        """Write one finished chunk's line and flush it."""
        self._write(json.dumps(result.to_json(), separators=(",", ":")) + "\n", "a")

    def _chunk(self, line: str, number: int, chunks: dict[tuple[str, int, int], Chunk]) -> ChunkResult:
        where = f"{self.path}, line {number}"
        try:
            data = json.loads(line)
            chunk = chunks[(data["level"], data["players"], data["start"])]
            games = data["games"]
            if not isinstance(games, list) or len(games) != len(chunk):
                raise ValueError(f"{len(chunk)} games expected")
            return ChunkResult(chunk, tuple(None if g is None else GameRow.from_json(g) for g in games))
        except (ValueError, KeyError, TypeError) as error:
            raise StudyError(f"{where}: not a chunk of this study ({error}): remove the line or give another file") from None

    def _write(self, text: str, mode: str) -> None:
        try:
            with self.path.open(mode, encoding="utf-8") as file:
                file.write(text)
                file.flush()
        except OSError as error:
            raise StudyError(f"cannot write the results file {self.path}: {error.strerror or error}") from None


def _difference(old: Any, new: dict[str, Any]) -> str:
    """The first setting in which two plans differ, as ``seed 1 ≠ 2``."""
    if not isinstance(old, dict):
        return "no plan"
    for key, value in new.items():
        if old.get(key) != value:
            shown = "another table" if key == "table" else f"{old.get(key)} ≠ {value}"
            return f"{key} {shown}"
    return "another plan"


__all__ = ["RESULTS_FORMAT", "Progress", "ResultsFile", "run_study"]
