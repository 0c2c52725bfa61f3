"""The counting engine equals the literal world list on random reachable states (a perft-style
check), and its counts obey the invariants of a probability table."""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.quantum.explicit import WorldList
from jinrou.quantum.roles import SEER, VILLAGER, Role, wolf
from jinrou.quantum.worlds import Multiverse


@st.composite
def histories(draw):
    """A random sequence of the engine's primitive operations, applied to both models the way the
    game applies them: divinations with a possible result, attacks, and deaths that collapse
    (execution with its pre-filter, sudden death, or the death of a player dead everywhere)."""
    players = draw(st.integers(3, 7))
    wolves = draw(st.integers(1, min(3, players - 2)))
    fast, slow = Multiverse.start(players, wolves), WorldList.start(players, wolves)
    alive = set(range(players))
    steps = []
    for _ in range(draw(st.integers(0, 18))):
        if fast.count == 0 or len(alive) < 2:
            break
        kind = draw(st.sampled_from(["divine", "attack", "attack", "execute", "sudden", "chain"]))
        actor, target = draw(st.permutations(sorted(alive)))[:2]
        if kind == "divine":
            wolves_seen, candidates = fast.divination_odds(actor, target)
            steps.append((fast, slow, ("odds", actor, target, (wolves_seen, candidates))))
            if candidates:
                result = draw(st.integers(0, candidates - 1)) < wolves_seen
                fast, slow = fast.divine(actor, target, result), slow.divine(actor, target, result)
        elif kind == "attack":
            fast, slow = fast.attack(actor, target), slow.attack(actor, target)
        else:
            if kind == "execute":
                fast, slow = fast.require_alive(actor), slow.require_alive(actor)
            if kind == "chain":
                dying = fast.dead_everywhere()
                if not dying:
                    continue
                actor = dying[0]
            counts = fast.card_counts(actor)
            steps.append((fast, slow, ("collapse", actor, counts)))
            if not counts:
                break
            card = draw(st.sampled_from(sorted(counts, key=lambda c: c.sort_key)))
            fast, slow = fast.collapse(actor, card).kill(actor), slow.collapse(actor, card).kill(actor)
            alive.discard(actor)
        steps.append((fast, slow, ("state", frozenset(alive))))
    return steps


@settings(max_examples=300, deadline=None)
@given(histories())
def test_counting_engine_equals_the_world_list(steps):
    for fast, slow, check in steps:
        if check[0] == "odds":
            _, seer, target, odds = check
            assert slow.divination_odds(seer, target) == odds
        elif check[0] == "collapse":
            _, player, counts = check
            assert slow.card_counts(player) == counts
        else:
            assert fast.count == slow.count
            assert fast.table == slow.table
            assert fast.dead_everywhere() == slow.dead_everywhere(check[1])


def _rebuilt(m: Multiverse) -> Multiverse:
    """The same facts in a multiverse made at once, whose layout is built from every fact."""
    return Multiverse(m.players, m.wolves, m.cards, m.dead, m.divinations, m.attacks, m.survivors)


@settings(max_examples=300, deadline=None)
@given(histories())
def test_a_layout_derived_change_by_change_equals_one_built_from_all_the_facts(steps):
    for fast, _, _ in steps:
        derived, built = fast._layout, _rebuilt(fast)._layout
        for name in derived.__dataclass_fields__:
            assert np.array_equal(getattr(derived, name), getattr(built, name)), name
        assert fast.table == _rebuilt(fast).table


def test_a_wolf_of_the_dominant_rank_who_collapses_has_hit_everybody_he_attacked_under_it():
    m = Multiverse.start(5, 2)
    m.count  # noqa: B018 - built once, so that every change below derives its layout
    m = m.attack(0, 1).attack(2, 3).collapse(0, wolf(1)).kill(0)
    assert m.dominant_rank == 2 and "_layout" in m.__dict__
    assert m.table.certain(1, "dead") and not m.table.certain(3, "dead")
    assert m.table == _rebuilt(m).table


@settings(max_examples=150, deadline=None)
@given(histories(), st.integers(0, 2**32))
def test_collapse_distributions_sum_to_the_world_count_and_sampled_worlds_exist(steps, seed):
    rng = np.random.default_rng(seed)
    for fast, slow, check in steps:
        if check[0] != "state" or fast.count == 0:
            continue
        table = fast.table
        for p, row in enumerate(table.rows):
            assert row.villager + row.seer + row.wolf == fast.count
            assert 0 <= row.dead <= fast.count
            counts = fast.card_counts(p)
            assert sum(counts.values()) == fast.count
            assert counts.get(SEER, 0) == row.seer
            assert sum(c for card, c in counts.items() if card.role is Role.WOLF) == row.wolf
            for card, c in counts.items():  # collapsing keeps exactly the worlds counted
                assert fast.collapse(p, card).count == c
        world = fast.sample_world(rng)
        assert fast.contains(world)
        assert world in {w.cards for _, w in slow.worlds}


def test_contains_rejects_worlds_that_were_deleted():
    m = Multiverse.start(3, 1).divine(0, 1, True)  # pattern 5: A seer, B villager, C wolf — deleted
    assert not m.contains((SEER, VILLAGER, wolf(1)))
    assert m.contains((SEER, wolf(1), VILLAGER))
    assert not m.contains((SEER, SEER, wolf(1)))


def test_counts_are_exact_far_beyond_machine_integers():
    m = Multiverse.start(100, 20)
    assert m.count == math.perm(100, 21)
    assert m.table.rows[0].seer == math.perm(99, 20)
    m = m.divine(0, 1, True).attack(2, 3)
    rows = m.table.rows
    assert sum(r.seer for r in rows) == m.count
    assert sum(r.wolf for r in rows) == 20 * m.count


def test_sampled_worlds_are_uniform():
    """On the 5-pattern table of the source, each pattern is drawn about equally often."""
    m = Multiverse.start(3, 1).divine(0, 1, True)
    rng = np.random.default_rng(7)
    draws = [m.sample_world(rng) for _ in range(5000)]
    counts = {w: draws.count(w) for w in set(draws)}
    assert len(counts) == 5
    assert all(abs(c - 1000) < 150 for c in counts.values())  # ≈ 5 standard deviations
