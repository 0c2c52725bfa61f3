"""Seeds, made only at the edges: a ``--seed`` option, or a fresh one when none was given.

Rules draw randomness only from a generator they are given (``numpy.random.default_rng(seed)``); the
seed behind it comes from here. A fresh seed is drawn from the operating system's entropy and is
short enough (32 bits, at most ten digits) to be shown to the user and typed back to repeat the
game. Nothing here imports numpy, so a command can take its seed before it loads anything heavy.

>>> seed_or_fresh(7)
7
>>> 0 <= seed_or_fresh(None) < 2**32
True
"""

from __future__ import annotations

import secrets

from jinrou.errors import JinrouError

SEED_BITS = 32
"""A fresh seed is a whole number below ``2**SEED_BITS``."""


def fresh_seed() -> int:
    """A new seed from the operating system's entropy, in ``[0, 2**32)``."""
    return secrets.randbits(SEED_BITS)


def seed_or_fresh(seed: int | None) -> int:
    """``seed`` when one is given, else a :func:`fresh_seed`.

    Raises:
        JinrouError: ``seed`` is not a whole number ≥ 0 (numpy accepts no other seed).
    """
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise JinrouError(f"a seed is a whole number ≥ 0, not {seed!r}")
    return seed
