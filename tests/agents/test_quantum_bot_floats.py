"""The heuristic quantum bot decides from float arrays as it did from exact fractions: on many
seeded games, of every size up to 13 seats and every option, and a few large ones, it takes the very
same actions as the exact reference bot (near-ties are settled exactly, see ``_best``)."""

import numpy as np
import pytest

from jinrou.agents.quantum import HeuristicAgent, _best
from jinrou.quantum.events import Deadline
from jinrou.quantum.game import Game, Options, Setup
from jinrou.quantum.views import PlayerView

from .exact_quantum_bot import ExactHeuristicAgent

OPTIONS = [
    Options(),
    Options(split_seer=True),
    Options(hide_dead=True, first_night_attack=True),
    Options(anonymous=True),
    Options(random_tiebreak=True, split_seer=True, final_collapse=False),
    Options(anonymous=True, split_seer=True, hide_dead=True),
]


def _actions(setup: Setup, seed: int, bot: type) -> list:
    """Every action of a game of ``bot``s, in order (the same generator draws the chance events)."""
    rng = np.random.default_rng(seed)
    game = Game.new(setup).advance(rng)
    agents = [bot() for _ in setup.players]
    actions = []
    while not game.is_over:
        for seat in game.waiting_for():
            action = agents[seat].act(PlayerView.of(game, seat), rng)
            actions.append(action)
            game = game.apply(action)
        game = game.apply(Deadline()).advance(rng)
    return actions


def _changed(options: Options) -> str:
    return ",".join(k for k, v in options.to_json().items() if v != getattr(Options(), k)) or "default"


@pytest.mark.parametrize("options", OPTIONS, ids=_changed)
def test_float_bot_takes_the_exact_bots_actions_in_seeded_games(options):
    for players in range(3, 14):
        for seed in range(2):
            setup = Setup.create(players, options=options)
            assert _actions(setup, seed, HeuristicAgent) == _actions(setup, seed, ExactHeuristicAgent), (players, seed)


@pytest.mark.parametrize(("players", "wolves", "seed"), [(20, 4, 0), (30, 6, 1)])
def test_float_bot_takes_the_exact_bots_actions_in_large_games(players, wolves, seed):
    setup = Setup.create(players, wolves)
    assert _actions(setup, seed, HeuristicAgent) == _actions(setup, seed, ExactHeuristicAgent)


def test_scores_closer_than_floats_can_tell_are_compared_exactly():
    """Two scores 10^-30 apart are one float, yet the larger wins; equal kinds are not recomputed."""
    from fractions import Fraction

    exact = {0: Fraction(1, 3), 1: Fraction(1, 3) + Fraction(1, 10**30), 2: Fraction(1, 3), 3: Fraction(0)}

    def score(seats, is_exact):
        values = [exact[int(s)] for s in seats]
        return np.array(values, dtype=object) if is_exact else np.array([float(v) for v in values])

    assert float(exact[0]) == float(exact[1])
    assert _best([0, 1, 2, 3], score, np.array([0, 1, 0, 2])) == [1]
    assert _best([0, 2, 3], score, np.array([0, 1, 0, 2])) == [0, 2]
