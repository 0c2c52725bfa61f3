"""The no-talk werewolf model: exact small cells, the paper's information-set strings, bad setups."""

from fractions import Fraction

import numpy as np
import pytest

from jinrou.solve.cfr import CFRPlus
from jinrou.solve.efg import CHANCE, TERMINAL, compile_game
from jinrou.solve.werewolf import ModelError, NoTalkWerewolf, Setup, Variant


def solve(counts, iterations=1, **variant):
    game = compile_game(NoTalkWerewolf(Setup(*counts, Variant(**variant))))
    solver = CFRPlus(game)
    solver.iterate(iterations)
    return game, solver


@pytest.mark.parametrize("counts, village", [
    ((2, 0, 0, 1), Fraction(1, 3)),   # day 1 must lynch the wolf, else 1 villager + 1 wolf
    ((3, 0, 0, 1), Fraction(1, 4)),   # lynch the wolf on day 1, else the night leaves 1 + 1
    ((4, 0, 0, 1), Fraction(7, 15)),  # 1/5, else after a night 2 villagers + the wolf: 1/3 on day 2
])
def test_cells_without_decisions_have_their_exact_village_win_rate(counts, village):
    game, solver = solve(counts)
    assert game.infosets == len({n for n in game.infoset_names if n.startswith("M")})  # only wolves decide
    assert solver.value() == pytest.approx(float(village), abs=1e-12)


def test_chance_probabilities_sum_to_one_at_every_chance_node():
    game, _ = solve((4, 1, 1, 2))
    chance = game.slot < 0
    sums = np.bincount(game.parent[chance], game.chance[chance], minlength=game.nodes)
    nodes = np.flatnonzero(game.player == CHANCE)
    assert np.allclose(sums[nodes], 1.0)


def test_single_outcome_chance_nodes_are_spliced_out_and_values_kept():
    """After the seer's death every night has one divination outcome ("d-"): such nodes are
    spliced out, leaving only chance nodes with a real choice, and the value is unchanged."""
    game, solver = solve((3, 1, 1, 1), iterations=100)
    whole = compile_game(NoTalkWerewolf(Setup(3, 1, 1, 1)), splice=False)
    out_degree = np.bincount(game.parent, minlength=game.nodes)
    assert (out_degree[game.player == CHANCE] >= 2).all()
    assert (np.bincount(whole.parent, minlength=whole.nodes)[whole.player == CHANCE] == 1).any()
    assert game.nodes < whole.nodes and game.infoset_names == whole.infoset_names
    reference = CFRPlus(whole)
    reference.iterate(100)
    assert solver.value() == pytest.approx(reference.value(), abs=1e-12)
    assert solver.exploitability() == pytest.approx(reference.exploitability(), abs=1e-12)


def test_the_papers_information_set_strings_exist():
    game, solver = solve((4, 1, 1, 2), iterations=50)
    names = set(game.infoset_names)
    assert "G,4 1 1 2,vR,gRR-,dR,vC" in names and "G,4 1 1 2,vR,gDD-,dR,vR" in names
    strategy = solver.strategy("G,4 1 1 2,vR,gRR-,dR,vC")
    assert set(strategy) <= {"D", "W", "C", "R"} and sum(strategy.values()) == pytest.approx(1)
    wolves, _ = solve((5, 1, 1, 1))
    assert {"M,5 1 1 1,vR,gRR-,dR,vC", "M,5 1 1 1,vR,gDD-,dR,vR"} <= set(wolves.infoset_names)


def test_guard_cells_converge_and_stay_probabilities():
    _, solver = solve((3, 1, 1, 1), iterations=300)
    assert 0 < solver.value() < 1
    assert solver.exploitability() < 1e-3


def test_variants_change_the_game():
    base = solve((3, 1, 1, 1), iterations=200)[1].value()
    for option in Variant.names():
        changed = solve((3, 1, 1, 1), iterations=200, **{option: True})[1].value()
        assert 0 <= changed <= 1
    assert solve((3, 1, 1, 1), iterations=200, night_first=True)[1].value() != pytest.approx(base, abs=1e-3)


@pytest.mark.parametrize("counts, message", [
    ((2, 0, 0, 3), "the wolves have already won"),
    ((2, 2, 0, 1), "at most one seer"),
    ((2, 0, 0, 0), "at least one wolf"),
    ((-1, 0, 0, 1), "villagers must be a count"),
])
def test_impossible_setups_are_refused(counts, message):
    with pytest.raises(ModelError, match=message):
        Setup(*counts)


def test_the_reduced_game_keeps_every_information_set_in_fewer_nodes():
    """4 1 1 2: the whole game (nothing settled or spliced) against the game solved — the same 1680
    information sets (the paper's strings among them) in 7,957 nodes instead of 33,528; the
    chance-only endings are terminals holding values strictly between 0 and 1."""
    whole = compile_game(NoTalkWerewolf(Setup(4, 1, 1, 2)), splice=False, settle=False)
    reduced = compile_game(NoTalkWerewolf(Setup(4, 1, 1, 2)))
    assert (whole.nodes, reduced.nodes, len(reduced.parent)) == (33528, 7957, 19149)
    assert sorted(whole.infoset_names) == sorted(reduced.infoset_names) and reduced.infosets == 1680
    ends = reduced.utility[reduced.player == TERMINAL]
    assert ((ends > 0) & (ends < 1)).any() and set(whole.utility[whole.player == TERMINAL]) == {0.0, 1.0}
