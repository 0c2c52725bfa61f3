"""Compiling through the core automaton gives the same game as the state-by-state walk."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.solve import kernels
from jinrou.solve.cfr import CFRPlus
from jinrou.solve.efg import compile_game
from jinrou.solve.werewolf import ModelError, NoTalkWerewolf, Setup, Variant


def both(setup):
    game = NoTalkWerewolf(setup)
    return compile_game(game, by_views=False), compile_game(game, settle=False)


def edges_by_name(game):
    """The game as a multiset of (parent's information set or kind, action or probability) —
    comparable whatever the node numbering."""
    names = np.array(game.infoset_names + ["chance"], dtype=object)
    infoset = np.append(game.slot_infoset, len(game.infoset_names))[game.slot]  # slot −1: chance
    labels = np.array(game.slot_action + [""], dtype=object)[np.where(game.slot >= 0, game.slot, -1)]
    return sorted(zip(names[infoset].tolist(), labels.tolist(), np.round(game.chance, 12).tolist()))


@settings(max_examples=25, deadline=None)
@given(villagers=st.integers(1, 4), seer=st.integers(0, 1), guard=st.integers(0, 1), wolves=st.integers(1, 2),
       options=st.sets(st.sampled_from(Variant.names())))
def test_the_core_automaton_compiles_the_same_game(villagers, seer, guard, wolves, options):
    try:
        setup = Setup(villagers, seer, guard, wolves, Variant(**{o: True for o in options}))
    except ModelError:
        return
    walked, unrolled = both(setup)
    assert (walked.nodes, len(walked.parent), walked.histories) == (unrolled.nodes, len(unrolled.parent),
                                                                     unrolled.histories)
    assert sorted(walked.infoset_names) == sorted(unrolled.infoset_names)
    assert edges_by_name(walked) == edges_by_name(unrolled)
    assert np.array_equal(np.sort(walked.utility), np.sort(unrolled.utility))
    uniform = [np.full(len(g.slot_infoset), 1.0) / np.bincount(g.slot_infoset)[g.slot_infoset]
               for g in (walked, unrolled)]
    assert CFRPlus(walked).value(uniform[0]) == pytest.approx(CFRPlus(unrolled).value(uniform[1]), abs=1e-12)


@pytest.mark.parametrize("counts", [(3, 1, 1, 2), (4, 1, 1, 2)])
def test_solving_either_compilation_gives_the_same_strategies(counts):
    walked, unrolled = both(Setup(*counts))
    solvers = [CFRPlus(walked), CFRPlus(unrolled)]
    for solver in solvers:
        solver.iterate(100)
    assert solvers[0].value() == pytest.approx(solvers[1].value(), abs=1e-12)
    for name in walked.infoset_names[::7]:
        ours, theirs = solvers[0].strategy(name), solvers[1].strategy(name)
        assert ours.keys() == theirs.keys()
        assert all(ours[a] == pytest.approx(theirs[a], abs=1e-9) for a in ours)


@given(options=st.sets(st.sampled_from(Variant.names())))
@settings(max_examples=20, deadline=None)
def test_every_variant_has_perfect_recall(options):
    """Each information set follows one own action of its player (or none): what CFR needs, and
    what the wolves who see the guard's choice must keep remembering."""
    game = compile_game(NoTalkWerewolf(Setup(3, 1, 1, 2, Variant(**{o: True for o in options}))))
    mover = game.player[game.parent]
    parent_slot = kernels.own_parents(game.parent, game.child, game.slot, mover, game.slot_infoset,
                                      game.infosets, game.nodes)
    assert (parent_slot != -2).all()  # −3: a forced choice, spliced out
    assert (parent_slot[game.infoset_player == 1] >= 0).sum() > 0  # the check has something to compare


def whole_and_reduced(setup):
    """The old whole game (walked, nothing spliced) and the reduced one: chance-only subgames
    settled at their core, forced choices and single-outcome chance nodes spliced out."""
    game = NoTalkWerewolf(setup)
    return compile_game(game, by_views=False, splice=False), compile_game(game)


def slot_names(game):
    return [(game.infoset_names[i], a) for i, a in zip(game.slot_infoset.tolist(), game.slot_action)]


@settings(max_examples=20, deadline=None)
@given(villagers=st.integers(1, 4), seer=st.integers(0, 1), guard=st.integers(0, 1), wolves=st.integers(1, 2),
       options=st.sets(st.sampled_from(Variant.names())), seed=st.integers(0, 2**32 - 1))
def test_the_reduced_game_has_the_same_information_sets_and_values(villagers, seer, guard, wolves, options, seed):
    try:
        setup = Setup(villagers, seer, guard, wolves, Variant(**{o: True for o in options}))
    except ModelError:
        return
    whole, reduced = whole_and_reduced(setup)
    slots = {name: s for s, name in enumerate(slot_names(whole))}
    assert sorted(slots) == sorted(slot_names(reduced))  # the same information sets and actions
    assert reduced.nodes <= whole.nodes and len(reduced.parent) <= len(whole.parent)
    rng = np.random.default_rng(seed)  # any policy: a random one, normalised per information set
    weights = rng.random(len(whole.slot_infoset))
    policy = weights / np.bincount(whole.slot_infoset, weights)[whole.slot_infoset]
    same = policy[[slots[name] for name in slot_names(reduced)]]
    solvers = CFRPlus(whole), CFRPlus(reduced)
    assert solvers[1].value(same) == pytest.approx(solvers[0].value(policy), abs=1e-12)
    for player in (0, 1):
        assert solvers[1].best_response_value(player, same) == pytest.approx(
            solvers[0].best_response_value(player, policy), abs=1e-12)


@pytest.mark.parametrize("counts", [(3, 1, 1, 1), (4, 1, 1, 2), (3, 1, 1, 2)])
def test_cfr_plus_on_the_reduced_game_follows_the_whole_game(counts):
    """Equal iterates: same strategy at every information set, value and exploitability (the
    settled values are the same sums, so to the last bit on these cells)."""
    whole, reduced = whole_and_reduced(Setup(*counts))
    solvers = CFRPlus(whole), CFRPlus(reduced)
    for solver in solvers:
        solver.iterate(100)
    assert solvers[1].value() == pytest.approx(solvers[0].value(), abs=1e-12)
    assert solvers[1].exploitability() == pytest.approx(solvers[0].exploitability(), abs=1e-12)
    order = {name: s for s, name in enumerate(slot_names(whole))}
    same = solvers[0].average_policy()[[order[name] for name in slot_names(reduced)]]
    assert np.allclose(solvers[1].average_policy(), same, rtol=0, atol=1e-9)


@pytest.mark.parametrize("counts", [(3, 1, 1, 1), (4, 1, 1, 2), (3, 1, 1, 2), (5, 1, 1, 1)])
def test_on_these_cells_the_reduced_iterates_equal_the_whole_games_to_the_last_bit(counts):
    """Against the whole game compiled the same way (same node order): the sweeps add the same
    numbers in the same order, the settled endings being the sums the sweeps would have made."""
    game = NoTalkWerewolf(Setup(*counts))
    whole, reduced = compile_game(game, splice=False, settle=False), compile_game(game)
    solvers = CFRPlus(whole), CFRPlus(reduced)
    for solver in solvers:
        solver.iterate(100)
    order = {name: s for s, name in enumerate(slot_names(whole))}
    assert np.array_equal(solvers[0].average_policy()[[order[name] for name in slot_names(reduced)]],
                          solvers[1].average_policy())
    assert solvers[1].value() == solvers[0].value()
    assert solvers[1].exploitability() == solvers[0].exploitability()
