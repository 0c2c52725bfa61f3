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
    return compile_game(game, by_views=False), compile_game(game)


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
    assert (parent_slot >= -1).all()
    assert (parent_slot[game.infoset_player == 1] >= 0).sum() > 0  # the check has something to compare
