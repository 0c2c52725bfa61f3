"""Seeds made at the edges (jinrou.seeds)."""

import pytest

from jinrou.errors import JinrouError
from jinrou.seeds import SEED_BITS, fresh_seed, seed_or_fresh


def test_a_given_seed_is_kept():
    assert seed_or_fresh(0) == 0 and seed_or_fresh(7) == 7 and seed_or_fresh(2**64) == 2**64


def test_fresh_seeds_are_32_bit_whole_numbers_and_differ():
    seeds = {fresh_seed() for _ in range(20)} | {seed_or_fresh(None) for _ in range(20)}
    assert all(isinstance(s, int) and 0 <= s < 2**SEED_BITS for s in seeds)
    assert len(seeds) > 30  # 40 draws of 32 bits: a repeat has probability below 1e-6


@pytest.mark.parametrize("seed", [-1, True, 1.5, "7"])
def test_a_seed_is_a_whole_number_at_least_zero(seed):
    with pytest.raises(JinrouError, match=r"a seed is a whole number ≥ 0, not"):
        seed_or_fresh(seed)
