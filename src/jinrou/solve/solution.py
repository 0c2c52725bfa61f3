"""Solving one no-talk werewolf setup: the checks made before any work, then build, CFR+ and timing.

``jinrou solve game`` is this module behind a command line, and every cell of a table sweep
(:func:`jinrou.solve.table.solve_cell`) is solved by :func:`solve`. A setup is refused before anything is
built: a variant option by an unknown name, more than :data:`MAX_PLAYERS` players, an information set
asked for (``--strategy``) whose form cannot belong to the setup. :func:`solve` then compiles the game
(:func:`jinrou.solve.efg.compile_game`), runs CFR+ (:class:`jinrou.solve.cfr.CFRPlus`) and reports a
:class:`Solution`: the village win rate under the average strategies, their exploitability, the sizes
of the game, how long building and solving took, and the average strategy at the information set
asked for. The information sets are the paper's history strings (``docs/no-talk-werewolf.md``).

numpy and numba load only when a function here is called, so that the command line can read
:data:`MAX_PLAYERS` while ``jinrou --help`` stays fast.

>>> solution = solve(checked_setup(2, 0, 0, 1), iterations=1)
>>> round(solution.village_win_rate, 12), solution.exploitability  # lynch the wolf on day 1, or lose
(0.333333333333, 0.0)
"""

from __future__ import annotations

import math
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jinrou.errors import JinrouError

if TYPE_CHECKING:
    from jinrou.solve.werewolf import Setup, Variant

MAX_PLAYERS = 30
"""The most players a setup may have: the largest games solved have 23 (``docs/no-talk-werewolf.md``);
30 is far beyond memory already."""

BYTES_PER_NODE = {(1, 1): 100, (0, 1): 120, (1, 0): 200, (0, 0): 200}
"""Peak memory of building and solving, per node of the *whole* game (:func:`estimated_nodes`; the
game solved is reduced, docs/no-talk-werewolf.md), per (seer, guard): measured 9.5 GiB for 11 1 1 1
(about 143 M whole-game nodes, 71 bytes each), 1.7 GiB for 10 1 1 1 (25.2 M, 72), 0.53 GiB for 12 0 1 1 (5.0 M, 114), 0.76 GiB for 16 1 0 4
(4.1 M, 200: a seer alone leaves more information sets per node). 700 before the reduction."""

SIZE_MODEL = {
    (1, 1): (-2.6954, 1.4739, 2.3454, 0.2809, -0.1767),
    (0, 1): (-3.4358, 1.2464, 1.8129, 0.1860, -0.1985),
    (1, 0): (-2.3447, 0.4735, 2.2912, 0.0843, -0.2911),
    (0, 0): (0.0018, 0.0229, 0.0071, 0.0918, 0.0282),
}
"""ln(nodes) ≈ a + b·R + c·M + d·R·M + e·M² per (seer, guard), for R villagers and M wolves: least
squares over every setup of up to about 2 M nodes and the six largest of the docs (within 0.7–1.6× of
each; 11 1 1 1 comes out at 143 M, the docs' "about 150 M"). The variants are left out."""

INFOSET = re.compile(r"(?P<who>[GM]),(?P<counts>\d+ \d+ \d+ \d+)((,[vgd][A-Z?+-]{1,3})*)")
"""The form of an information set: G (the guard's) or M (the wolves'), the setup's counts (villagers
seer guard wolves), then the events (``vR``, ``gDD-``, ``dG``, ...)."""


@dataclass(frozen=True)
class Solution:
    """One setup solved with CFR+."""

    setup: Setup
    iterations: int
    village_win_rate: float
    """The village's (the guard's) expected payoff under both average strategies, in [0, 1]."""
    exploitability: float
    """(BR₀ + BR₁) / 2 against the average strategies: 0 exactly at a Nash equilibrium."""
    nodes: int
    """Nodes of the compiled game, after merging equal histories."""
    histories: int
    """Histories before merging."""
    infosets: int
    build_seconds: float
    """Wall time of compiling the game."""
    solve_seconds: float
    """Wall time of the CFR+ iterations."""
    seconds: float
    """Wall time of the whole :func:`solve`, the value and the exploitability included."""
    infoset: str | None = None
    """The information set asked for, if any."""
    strategy: dict[str, float] | None = None
    """The average strategy at :attr:`infoset`: each action's probability, by its label."""

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``jinrou solve game --json`` (times in seconds, rounded to milliseconds)."""
        data: dict[str, Any] = {
            "setup": self.setup.counts, "players": self.setup.players, "village_win_rate": self.village_win_rate,
            "exploitability": self.exploitability, "iterations": self.iterations, "nodes": self.nodes,
            "histories": self.histories, "infosets": self.infosets, "build_seconds": round(self.build_seconds, 3),
            "solve_seconds": round(self.solve_seconds, 3),
        }
        if self.infoset is not None:
            data["strategy"] = {"infoset": self.infoset, "average": self.strategy}
        return data


def return_freed_memory() -> None:
    """Let the arrays freed while a game is built go back to the system at once (Linux's glibc:
    a fixed 1 MiB mmap threshold; elsewhere nothing). glibc raises its threshold up to 32 MiB as
    large arrays are freed, and the build frees thousands of arrays of a few MiB level by level:
    kept in its heap they left the process ~40 % larger at the peak (9 1 1 1: 596 → 425 MB)."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if name is None:
        return
    try:
        libc = ctypes.CDLL(name)
        libc.mallopt(-3, 1 << 20)  # M_MMAP_THRESHOLD
    except (OSError, AttributeError):
        pass


def parse_variant(names: Iterable[str] = ()) -> Variant:
    """The variant with the options ``names`` on (``night_first``, ``guard_self``, ...).

    >>> parse_variant(["guard_self"]).guard_self
    True

    Raises:
        ModelError: a name is not an option of :class:`~jinrou.solve.werewolf.Variant`.
    """
    from jinrou.solve.werewolf import ModelError, Variant

    chosen = list(names)
    unknown = sorted(set(chosen) - set(Variant.names()))
    if unknown:
        raise ModelError(f"unknown variant {', '.join(unknown)}: variants are {', '.join(Variant.names())}")
    return Variant(**dict.fromkeys(chosen, True))


def checked_setup(villagers: int, seer: int, guard: int, wolves: int, variant: Variant | None = None,
                  infoset: str | None = None) -> Setup:
    """The setup, refused before any work: an impossible one, one of more than :data:`MAX_PLAYERS`
    players, or one with an ``infoset`` to show that cannot be one of its information sets
    (:func:`check_infoset`).

    Raises:
        JinrouError: saying what was wrong (a :class:`~jinrou.solve.werewolf.ModelError` for an
            impossible setup).
    """
    from jinrou.solve.werewolf import Setup, Variant

    setup = Setup(villagers, seer, guard, wolves, variant or Variant())
    if setup.players > MAX_PLAYERS:
        raise JinrouError(f"{setup.players} players is too many to solve: at most {MAX_PLAYERS} "
                          "(the largest games solved have 23, docs/no-talk-werewolf.md)")
    nodes, free = estimated_nodes(setup), available_memory()
    needed = nodes * BYTES_PER_NODE[(min(setup.seer, 1), min(setup.guard, 1))]
    if free is not None and needed > free:
        raise JinrouError(f"{setup.counts} ({setup.players} players) is too large to solve here: about "
                          f"{nodes:.2g} nodes, {needed / 1e9:,.1f} GB of memory at the peak, and "
                          f"{free / 1e9:.1f} GB are free: take fewer villagers or wolves (the largest games "
                          "solved: docs/no-talk-werewolf.md)")
    if infoset is not None:
        check_infoset(infoset, setup)
    return setup


def estimated_nodes(setup: Setup) -> int:
    """The merged game's nodes as :data:`SIZE_MODEL` predicts them, before anything is built.

    >>> from jinrou.solve.werewolf import Setup, Variant
    >>> estimated_nodes(Setup(10, 1, 1, 1, Variant()))  # built: 25,150,486
    24674972
    """
    a, b, c, d, e = SIZE_MODEL[(min(setup.seer, 1), min(setup.guard, 1))]
    r, m = setup.villagers, setup.wolves
    return round(math.exp(min(a + b * r + c * m + d * r * m + e * m * m, 700)))


def available_memory() -> int | None:
    """Bytes of memory free for a new piece of work (Linux's MemAvailable, else the physical
    memory), or None where neither can be read."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def check_infoset(key: str, setup: Setup) -> None:
    """Refuse an information set whose form cannot belong to ``setup`` (checked before the game is
    built; whether the game reaches it is known only once it is, see :func:`solve`).

    Raises:
        JinrouError: ``key`` is not of the form :data:`INFOSET`, names the guard in a setup without
            one, or has other counts than the setup.
    """
    example = f"{'G' if setup.guard else 'M'},{setup.counts},vR"
    match = INFOSET.fullmatch(key)
    if match is None:
        raise JinrouError(f"unknown information set {key!r} (--strategy): write G (the guard's) or M (the wolves'), "
                          f"the counts, then the events, e.g. {example!r}")
    if match["who"] == "G" and not setup.guard:
        raise JinrouError(f"--strategy {key!r}: this setup has no guard (--guard), so information sets start with M")
    if match["counts"] != setup.counts:
        raise JinrouError(f"--strategy {key!r}: this setup's counts (villagers seer guard wolves) are "
                          f"{setup.counts!r}, e.g. {example!r}")


def solve(setup: Setup, iterations: int, infoset: str | None = None,
          progress: Callable[[int], None] | None = None) -> Solution:
    """Build the game of ``setup``, run ``iterations`` of CFR+, and report the :class:`Solution`.

    Args:
        setup: the setup (see :func:`checked_setup` for the checks before the work).
        iterations: CFR+ iterations, 1 or more.
        infoset: an information set whose average strategy the solution is to show; one the game
            never reaches is refused once the game is built, before the iterations.
        progress: called with the number of iterations done after each one (for a progress bar).

    Raises:
        JinrouError: ``infoset`` is not an information set of this game.
    """
    from jinrou.solve.cfr import CFRPlus
    from jinrou.solve.efg import compile_game
    from jinrou.solve.werewolf import NoTalkWerewolf

    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise JinrouError(f"iterations must be a whole number, 1 or more, not {iterations!r}")
    return_freed_memory()
    start = time.perf_counter()
    game = compile_game(NoTalkWerewolf(setup))
    built = time.perf_counter() - start
    if infoset is not None and infoset not in game.infoset_names:
        example = next((n for n in game.infoset_names if n.startswith(infoset[:1])), game.infoset_names[0])
        raise JinrouError(f"unknown information set {infoset!r} in this game (--strategy; a history it never "
                          f"reaches): they look like {example!r}")
    solver = CFRPlus(game)
    for done in range(1, iterations + 1):
        solver.iterate()
        if progress is not None:
            progress(done)
    solved = time.perf_counter() - start - built
    strategy = solver.strategy(infoset) if infoset is not None else None
    value, exploitability = solver.value(), solver.exploitability()
    return Solution(setup, iterations, value, exploitability, game.nodes, game.histories, game.infosets, built,
                    solved, time.perf_counter() - start, infoset, strategy)
