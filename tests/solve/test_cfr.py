"""CFR+ anchored on public OpenSpiel figures, and checked against OpenSpiel itself."""

from fractions import Fraction

import numpy as np
import pytest

from jinrou.solve.cfr import CFRPlus, best_response_value
from jinrou.solve.efg import TERMINAL, compile_game
from jinrou.solve.poker import Kuhn, Leduc


@pytest.fixture(scope="module")
def kuhn():
    return compile_game(Kuhn())


@pytest.fixture(scope="module")
def leduc():
    return compile_game(Leduc())


def test_game_sizes_match_openspiel(kuhn, leduc):
    assert (kuhn.nodes, kuhn.infosets) == (58, 12)
    assert (leduc.nodes, leduc.infosets) == (9457, 936)


def test_kuhn_cfr_plus_exploitability_anchors(kuhn):
    """OpenSpiel's CFR+ on Kuhn: 1.1944041e-3 at iteration 100; first below 1e-3 at iteration 68."""
    solver = CFRPlus(kuhn)
    history = []
    for _ in range(100):
        solver.iterate()
        history.append(solver.exploitability())
    assert history[99] == pytest.approx(1.1944041e-3, abs=5e-11)
    assert next(i for i, e in enumerate(history, start=1) if e < 1e-3) == 68


def test_kuhn_value_is_minus_one_eighteenth(kuhn):
    solver = CFRPlus(kuhn)
    solver.iterate(2000)
    assert solver.value() == pytest.approx(float(Fraction(-1, 18)), abs=2e-4)
    assert solver.exploitability() < 1e-4


def test_leduc_cfr_plus_exploitability_anchors(leduc):
    """OpenSpiel's CFR+ on Leduc: 1.3416e-2 at iteration 100; first below 1e-3 at iteration 447."""
    solver = CFRPlus(leduc)
    solver.iterate(100)
    assert solver.exploitability() == pytest.approx(1.3416e-2, abs=5e-7)
    solver.iterate(346)
    assert solver.exploitability() > 1e-3  # iteration 446
    solver.iterate(1)
    assert solver.exploitability() < 1e-3  # iteration 447
    assert solver.value() == pytest.approx(-0.085605, abs=2e-4)


def test_exploitability_is_zero_for_the_known_kuhn_equilibrium(kuhn):
    """Kuhn's equilibrium family (Kuhn 1950) at α = 0: the first player always checks, then folds
    the 0, calls 1/3 with the 1 and always with the 2; the second player bets the 2 and bluffs 1/3
    with the 0 after a check, and facing a bet folds the 0, calls 1/3 with the 1, calls with the 2."""
    solver = CFRPlus(kuhn)
    policy = np.zeros(len(kuhn.slot_infoset))
    plan = {"0": {"p": 1, "b": 0}, "1": {"p": 1, "b": 0}, "2": {"p": 1, "b": 0},
            "0pb": {"p": 1, "b": 0}, "1pb": {"p": 2 / 3, "b": 1 / 3}, "2pb": {"p": 0, "b": 1},
            "0p": {"p": 2 / 3, "b": 1 / 3}, "1p": {"p": 1, "b": 0}, "2p": {"p": 0, "b": 1},
            "0b": {"p": 1, "b": 0}, "1b": {"p": 2 / 3, "b": 1 / 3}, "2b": {"p": 0, "b": 1}}
    for name, actions in plan.items():
        for slot in kuhn.slots_of(kuhn.infoset_index(name)):
            policy[slot] = actions[kuhn.slot_action[slot]]
    assert solver.value(policy) == pytest.approx(-1 / 18)
    assert solver.exploitability(policy) == pytest.approx(0, abs=1e-12)
    assert best_response_value(kuhn, policy, 0) == pytest.approx(-1 / 18)


def test_the_dag_kernels_follow_the_tree_passes(leduc):
    """The compiled sweeps for merged games (q per slot, own reach per information set) compute the
    same iterates as the tree passes, up to rounding."""
    tree, dag = CFRPlus(leduc), CFRPlus(leduc)
    dag.exact = False
    dag._dag_setup()
    tree.iterate(50)
    dag.iterate(50)
    assert np.abs(tree.average_policy() - dag.average_policy()).max() < 1e-8
    assert np.abs(tree.policy - dag.policy).max() < 1e-8
    assert dag.exploitability() == pytest.approx(tree.exploitability(), abs=1e-10)


class _Forgetful:
    """Player 0 picks a or b, then picks again without remembering which, and only the second pick
    counts: the two histories rightly merge into one node, but the game lacks perfect recall."""

    name = "forgetful"

    def __init__(self, moves=""):
        self.moves = moves

    def player(self):
        return TERMINAL if len(self.moves) == 2 else 0

    def actions(self):
        return ["a", "b"]

    def child(self, action):
        return _Forgetful(self.moves + action)

    def infoset(self, player):
        return f"turn {len(self.moves)}"

    def returns(self):
        return 1.0 if self.moves.endswith("a") else 0.0

    def key(self):
        return self.moves if len(self.moves) != 1 else "forgot"

    def initial(self):
        return self


def test_a_merged_game_without_perfect_recall_is_refused():
    game = compile_game(_Forgetful())
    assert game.histories > game.nodes  # merged: the compiled sweeps would need perfect recall
    with pytest.raises(ValueError, match="lacks perfect recall"):
        CFRPlus(game)
