"""Exact random draws from an injected generator.

Probabilities in jinrou are ratios of integer counts that can exceed 2**63 (a 30-player game has
about 10**10 worlds, a 100-player one 10**41), so draws are made on exact integers: a uniform
integer below any bound by rejection sampling on 64-bit words, and a weighted choice over integer
weights. Nothing here reads a clock or a global generator.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

_WORD = 1 << 64


def uniform_below(rng: np.random.Generator, bound: int) -> int:
    """A uniform integer in ``[0, bound)``, exact for any positive ``bound``.

    >>> uniform_below(np.random.default_rng(1), 10**30) < 10**30
    True
    """
    if bound <= 0:
        raise ValueError(f"bound must be positive, not {bound!r}")
    if bound <= 1 << 63:
        return int(rng.integers(0, bound))
    words = (bound.bit_length() + 63) // 64
    excess = words * 64 - bound.bit_length()
    while True:
        value = 0
        for word in rng.integers(0, _WORD, size=words, dtype=np.uint64, endpoint=False):
            value = (value << 64) | int(word)
        value >>= excess
        if value < bound:
            return value


def weighted_index(rng: np.random.Generator, weights: Sequence[int]) -> int:
    """Index ``i`` drawn with probability ``weights[i] / sum(weights)`` (integer weights ≥ 0).

    >>> weighted_index(np.random.default_rng(0), [0, 5, 0])
    1
    """
    total = sum(weights)
    if total <= 0:
        raise ValueError("cannot draw from weights that are all zero")
    point = uniform_below(rng, total)
    for index, weight in enumerate(weights):
        if point < weight:
            return index
        point -= weight
    raise AssertionError("unreachable: point below the total")
