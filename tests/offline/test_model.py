"""The exact model: the source's examples, and equality with a literal enumeration."""

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.offline.model import Facts, Threshold, source_formula


def brute_force(facts: Facts) -> tuple[int, list[int], list[int]]:
    """Every (seer, wolf set) pair, each rule of spec §2 checked one by one."""
    n = facts.players
    total, wolf, seer = 0, [0] * n, [0] * n
    for wolves in itertools.combinations(range(n), facts.wolves):
        wolves = set(wolves)
        if any(p in wolves and t in wolves for p, t in facts.pointers):
            continue  # a wolf pointed at a wolf
        if wolves & facts.humans or not facts.known_wolves <= wolves:
            continue  # a collapsed role contradicted
        for s in range(n):
            if s in wolves or s in facts.lost_seer or (facts.seer is not None and s != facts.seer):
                continue
            if any(a == s and (t in wolves) != w for a, t, w in facts.announcements):
                continue  # the seer announced a false result
            total += 1
            seer[s] += 1
            for p in wolves:
                wolf[p] += 1
    return total, wolf, seer


@st.composite
def facts(draw):
    n = draw(st.integers(3, 7))
    k = draw(st.integers(1, n - 2))
    seats = st.integers(0, n - 1)
    pairs = st.tuples(seats, seats).filter(lambda p: p[0] != p[1])
    pointers = draw(st.frozensets(pairs, max_size=8))
    humans = draw(st.frozensets(seats, max_size=2))
    known = draw(st.frozensets(seats, max_size=1)) - humans
    announcements = draw(st.frozensets(st.tuples(seats, seats, st.booleans()).filter(lambda a: a[0] != a[1]), max_size=5))
    lost = draw(st.frozensets(seats, max_size=3))
    named = draw(st.none() | seats)
    return Facts(n, k, pointers, humans, known, announcements, lost, named)


@settings(max_examples=400, deadline=None)
@given(facts())
def test_model_counts_equal_a_brute_force_enumeration(f):
    counts = f.counts()
    assert (counts.total, list(counts.wolf), list(counts.seer)) == brute_force(f)
    if counts.total:
        assert sum(counts.wolf_probability(p) for p in range(f.players)) == f.wolves
        assert sum(counts.seer_probability(p) for p in range(f.players)) == 1


def test_source_example_1_everybody_pointed_at_once_is_20_percent_wolf():
    cycle = Facts(10, 2, pointers=frozenset((p, (p + 1) % 10) for p in range(10)))
    assert {cycle.counts().wolf_probability(p) for p in range(10)} == {Fraction(1, 5)}
    pairs = Facts(10, 2, pointers=frozenset((p, p ^ 1) for p in range(10)))  # five mutual pairs
    assert {pairs.counts().wolf_probability(p) for p in range(10)} == {Fraction(1, 5)}


def test_source_example_2_the_model_gives_one_ninth_and_two_ninths():
    """10 players; X (seat 0) and Y (seat 1) are each pointed at by 5 players, everyone points once:
    Y and 2..5 point at X, X and 6..9 point at Y. The source says 20 % / 40 % wolf (3.6 wolves
    expected of 2); wolf pairs must avoid the 9 pointer edges: 36 pairs remain."""
    pointers = {(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (0, 1), (6, 1), (7, 1), (8, 1), (9, 1)}
    counts = Facts(10, 2, pointers=frozenset(pointers)).counts()
    assert counts.total == 36 * 8  # 36 wolf pairs × 8 possible seers
    assert counts.wolf_probability(0) == counts.wolf_probability(1) == Fraction(1, 9)
    assert {counts.wolf_probability(p) for p in range(2, 10)} == {Fraction(2, 9)}
    assert 2 * Fraction(1, 9) + 8 * Fraction(2, 9) == 2
    # the source's formula, as written: 80 % / 60 % human, i.e. 3.6 wolves in expectation
    formula = [1 - source_formula(8, 10, 1, c) for c in (5, 5, 0, 0, 0, 0, 0, 0, 0, 0)]
    assert formula[:3] == [Fraction(1, 5), Fraction(1, 5), Fraction(2, 5)] and sum(formula) == Fraction(18, 5)


def test_the_source_formula_contradicts_its_own_first_example():
    assert 1 - source_formula(8, 10, 1, 1) == Fraction(9, 25)  # 36 %, where the source says 20 %


def test_die_thresholds():
    assert Threshold(Fraction(0)).wolf_up_to == 0 and not Threshold(Fraction(0)).is_wolf(1)
    assert Threshold(Fraction(1)).wolf_up_to == 100 and Threshold(Fraction(1)).is_wolf(100)
    assert Threshold(Fraction(2, 9)).wolf_up_to == 22
    assert Threshold(Fraction(1, 1000)).wolf_up_to == 1 and Threshold(Fraction(999, 1000)).wolf_up_to == 99
