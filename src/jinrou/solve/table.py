"""Solving cells of the no-talk werewolf tables, one by one or as a parallel sweep.

A *cell* is a (players, wolves) setup with the table's seer and guard; solving it builds the game,
runs CFR+ and reports the village win probability under the average strategies and their
exploitability. Cells are independent, so a sweep runs them in parallel: on this machine's cores
by default (processes), or on a Dask cluster when given its scheduler address.

>>> cells(max_players=5, seer=True, guard=False)
[(3, 1), (4, 1), (5, 1), (5, 2)]
"""

from __future__ import annotations

import os
from collections.abc import Generator
from dataclasses import asdict, dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from jinrou.errors import ClusterError
from jinrou.solve.solution import solve
from jinrou.solve.werewolf import ModelError, Setup, Variant
from jinrou.workers import gathered, unordered


@dataclass(frozen=True)
class Cell:
    """One solved setup."""

    players: int
    wolves: int
    seer: int
    guard: int
    village_win_rate: float
    exploitability: float
    iterations: int
    nodes: int
    infosets: int
    seconds: float

    @property
    def percent(self) -> str:
        """The village win rate as the paper prints it: a percentage rounded half up."""
        return str(Decimal(repr(self.village_win_rate * 100)).quantize(Decimal(1), rounding=ROUND_HALF_UP))

    def to_json(self) -> dict:
        return asdict(self)


def cells(max_players: int, seer: bool, guard: bool, min_players: int = 3, max_wolves: int = 4) -> list[tuple[int, int]]:
    """The (players, wolves) cells of a table: wolves 1..4 with wolves < players − wolves, and
    enough players for the seer and the guard."""
    out = []
    for n in range(min_players, max_players + 1):
        for m in range(1, max_wolves + 1):
            if m < n - m and n - m - seer - guard >= 0:
                out.append((n, m))
    return out


def solve_cell(players: int, wolves: int, seer: bool, guard: bool, iterations: int,
               variant: Variant = Variant()) -> Cell:
    """Build and solve one cell (:func:`jinrou.solve.solution.solve`)."""
    setup = Setup(players - wolves - int(seer) - int(guard), int(seer), int(guard), wolves, variant)
    solved = solve(setup, iterations)
    return Cell(players, wolves, int(seer), int(guard), solved.village_win_rate, solved.exploitability, iterations,
                solved.nodes, solved.infosets, solved.seconds)


def _solve(args: tuple) -> Cell:
    return solve_cell(*args)


def sweep(
    todo: list[tuple[int, int]],
    seer: bool,
    guard: bool,
    iterations: int,
    variant: Variant = Variant(),
    workers: int | None = None,
    cluster: str | None = None,
    client: Any = None,
) -> Generator[Cell, None, None]:
    """Solve every cell, in parallel; yields cells as they finish (largest first, to balance).

    ``cluster``: a Dask scheduler address (``tcp://host:8786``) — the cells run on its workers;
    or ``client``, one already made by :func:`connect` (it is closed at the end). Otherwise
    ``workers`` processes here (default: the machine's cores); 1 runs in this process. Stopping
    the iteration (Ctrl-C) kills the workers at once (:mod:`jinrou.workers`); the cells already
    yielded are solved.
    """
    jobs = sorted(((n, m, seer, guard, iterations, variant) for n, m in todo), key=lambda j: (-j[0], -j[1]))
    for n, m, *_ in jobs:
        if n - m - int(seer) - int(guard) < 0:
            raise ModelError(f"{n} players cannot hold {m} wolves, the seer and the guard")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ModelError(f"workers must be a whole number, 1 or more, not {workers!r}")
    if client is None and cluster is not None:
        client = connect(cluster)
    if client is not None:
        with client:
            yield from gathered(client, client.map(_solve, jobs, pure=False))
        return
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        yield from map(_solve, jobs)
        return
    yield from unordered(_solve, jobs, workers)


def connect(address: str, timeout: float = 10) -> Any:
    """A Dask client of the scheduler at ``address`` (``tcp://host:8786`` or ``host:8786``).

    Raises :class:`ClusterError` at once for a malformed address or one that refuses the
    connection, and within ``timeout`` seconds for one that does not answer — rather than after
    Dask's own retries.
    """
    import socket

    try:
        from distributed import Client
        from distributed.comm import parse_address
        from distributed.comm.addressing import parse_host_port
    except ImportError:
        raise ClusterError("--cluster needs dask.distributed: pip install 'jinrou[solve]'") from None
    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location) if scheme in ("tcp", "tls") else (None, None)
    except (ValueError, TypeError) as error:
        raise ClusterError(f"cannot read the scheduler address {address!r} ({error}): write tcp://HOST:PORT, "
                           "e.g. tcp://10.0.0.5:8786") from None
    if host is not None:
        try:
            socket.create_connection((host, port), timeout=min(timeout, 5)).close()
        except (OSError, UnicodeError, ValueError, OverflowError) as error:
            reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
            raise ClusterError(f"cannot reach the Dask scheduler at {address!r} ({reason}): is it running? "
                               "(dask scheduler prints its address)") from None
    try:
        return Client(address, timeout=timeout)
    except Exception as error:  # noqa: BLE001 — whatever the other end did: one line, not Dask's traceback
        raise ClusterError(f"cannot use the Dask scheduler at {address!r}: {type(error).__name__}: "
                           f"{str(error)[:200]}") from None


def plot(results: list[Cell], path: str, title: str) -> None:
    """A chart of the table: village win rate by number of players, one line per wolf count."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.5))
    for wolves in sorted({c.wolves for c in results}):
        line = sorted((c.players, c.village_win_rate * 100) for c in results if c.wolves == wolves)
        axes.plot([p for p, _ in line], [v for _, v in line], marker="o", label="1 wolf" if wolves == 1 else f"{wolves} wolves")
    axes.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    axes.set_xlabel("players")
    axes.set_ylabel("village win rate (%)")
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)

