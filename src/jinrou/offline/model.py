"""The exact probability model of offline quantum werewolf, and the source's formula beside it.

The model (spec §2). Every way to choose the seer and the set of k wolves among the n players is
equally likely a priori — n·C(n−1, k) ways. A way is ruled out when it contradicts what happened:

* a wolf pointed at another wolf (both were alive: only the living point, at the living) —
  wolves do not attack wolves;
* a collapsed role: an executed player who became human (or wolf), a player who died by attack
  (always human);
* a player who lost the seer possibility is the seer, or the seer announced a false result;
* the seer judgement named the true seer.

P(p is a wolf) is the share of the remaining ways in which p is a wolf. Wolves are unranked here
(the offline game has no dominant wolf), so a way is a (seer, wolf set) pair and brute force over
the C(n, k) wolf sets is exact and fast for the game's 10–24 players: each fact is a vectorised
test on a (C(n, k) × n) boolean matrix of sets.

The source's die formula (its author asked for a check) is implemented as written in
:func:`source_formula`. It disagrees with the model: in the source's own second example it gives
the eight players nobody pointed at 40 % wolf each, 3.6 expected wolves of 2; the model gives 2/9.

>>> ten = Facts(10, 2, pointers=frozenset((p, (p + 1) % 10) for p in range(10)))   # example 1
>>> ten.counts().wolf_probability(0)
Fraction(1, 5)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

import numpy as np

from jinrou.players import Seat


@dataclass(frozen=True)
class Facts:
    """What happened, as far as the model cares."""

    players: int
    wolves: int
    pointers: frozenset[tuple[Seat, Seat]] = frozenset()  # (pointer, target), any night
    humans: frozenset[Seat] = frozenset()  # collapsed to human (executed or attacked)
    known_wolves: frozenset[Seat] = frozenset()  # collapsed to wolf
    announcements: frozenset[tuple[Seat, Seat, bool]] = frozenset()  # (announcer, target, wolf)
    lost_seer: frozenset[Seat] = frozenset()  # lost the seer possibility
    seer: Seat | None = None  # named the true seer by the seer judgement

    def counts(self) -> Counts:
        return _counts(self)


@dataclass(frozen=True)
class Counts:
    """Numbers of consistent ways: in all, and with each player a wolf / the seer."""

    total: int
    wolf: tuple[int, ...]
    seer: tuple[int, ...]

    def wolf_probability(self, seat: Seat) -> Fraction | None:
        """P(seat is a wolf), exact; None when no way is left (the world has collapsed)."""
        return Fraction(self.wolf[seat], self.total) if self.total else None

    def seer_probability(self, seat: Seat) -> Fraction | None:
        return Fraction(self.seer[seat], self.total) if self.total else None


@lru_cache(maxsize=32)
def _sets(players: int, wolves: int) -> np.ndarray:
    """Every wolf set, as a (C(n, k), n) boolean matrix."""
    combos = np.array(list(itertools.combinations(range(players), wolves)), dtype=np.intp).reshape(-1, wolves)
    sets = np.zeros((len(combos), players), dtype=bool)
    sets[np.arange(len(combos))[:, None], combos] = True
    return sets


@lru_cache(maxsize=32)
def _floats(players: int, wolves: int) -> np.ndarray:
    return _sets(players, wolves).astype(np.float32)


@lru_cache(maxsize=256)
def _counts(facts: Facts) -> Counts:
    n = facts.players
    sets = _sets(n, facts.wolves)
    # matrix products in float32 use BLAS and are exact here: every entry is a count below 2**24
    as_float = _floats(facts.players, facts.wolves)
    ok = np.ones(len(sets), dtype=bool)
    if facts.pointers:  # no wolf pointed at a wolf
        edges = np.zeros((n, n), dtype=np.float32)
        for pointer, target in facts.pointers:
            edges[pointer, target] = 1
        ok &= ((as_float @ edges) * as_float).sum(axis=1) == 0
    if facts.humans:
        ok &= ~sets[:, sorted(facts.humans)].any(axis=1)
    if facts.known_wolves:
        ok &= sets[:, sorted(facts.known_wolves)].all(axis=1)
    # seer s: not a wolf, may be the seer, and every one of his announcements true
    said_wolf = np.zeros((n, n), dtype=np.float32)
    said_human = np.zeros((n, n), dtype=np.float32)
    for announcer, target, wolf in facts.announcements:
        (said_wolf if wolf else said_human)[announcer, target] = 1
    may_be_seer = np.ones(n, dtype=bool)
    may_be_seer[sorted(facts.lost_seer)] = False
    if facts.seer is not None:
        may_be_seer &= np.arange(n) == facts.seer
    false_human = as_float @ said_human.T > 0  # [set, s]: s called a wolf of the set human
    false_wolf = (1 - as_float) @ said_wolf.T > 0  # [set, s]: s called a non-wolf a wolf
    ways = ok[:, None] & ~sets & may_be_seer[None, :] & ~false_human & ~false_wolf
    per_set = ways.sum(axis=1)
    return Counts(
        total=int(per_set.sum()),
        wolf=tuple(int(x) for x in per_set @ sets.astype(np.int64)),
        seer=tuple(int(x) for x in ways.sum(axis=0)),
    )


def source_formula(villagers_left: int, players_left: int, rounds: int, pointers: int) -> Fraction:
    """The source's die formula for P(human), as written::

        残村人数÷総人数−{1−(残村人数÷総人数)}*(総人数*ラウンド数−襲撃先指定数)÷総人数*ラウンド数
                     +{1−(残村人数÷総人数)}*襲撃先指定数÷総人数*ラウンド数

    with ``÷総人数*ラウンド数`` read as division by (総人数 × ラウンド数) — the reading that gives the
    source's own second example (80 % / 60 %); read left to right (÷ then ×) the two differ once
    ラウンド数 > 1. It can leave [0, 1]; the value is returned unclamped.

    >>> source_formula(8, 10, 1, 5), source_formula(8, 10, 1, 0)   # the source's example 2
    (Fraction(4, 5), Fraction(3, 5))
    >>> source_formula(8, 10, 1, 1)   # example 1 says 80 %; the formula gives 64 %
    Fraction(16, 25)
    """
    share = Fraction(villagers_left, players_left)
    scale = players_left * rounds
    return share - (1 - share) * Fraction(scale - pointers, scale) + (1 - share) * Fraction(pointers, scale)


@dataclass(frozen=True)
class Threshold:
    """The die: roll 1..``wolf_up_to`` on a d100 → wolf (0: never, 100: always)."""

    probability: Fraction

    @cached_property
    def wolf_up_to(self) -> int:
        """round(100·P), kept within 1..99 while both outcomes are possible (a d100 cannot do better)."""
        p = self.probability
        if p in (0, 1):
            return int(p * 100)
        return min(99, max(1, round(p * 100)))

    def is_wolf(self, roll: int) -> bool:
        return roll <= self.wolf_up_to
