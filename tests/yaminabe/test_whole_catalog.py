"""闇鍋 over the whole catalog plays to the end (issue 35's "Done when"): at every safety level and at
sizes from 6 to 30 seats, castings from the ``catalog`` pool are played by the heuristic and the random
bots; every game ends with a result, casts only declared roles, and its record replays to itself."""

from __future__ import annotations

import numpy as np
import pytest

from jinrou.agents.classic import HeuristicAgent, RandomAgent
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.roles import PLAYABLE
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import play_game
from jinrou.yaminabe import cast
from jinrou.yaminabe.levels import Safety

SIZES = (6, 7, 9, 12, 16, 20, 25, 30)
SEEDS = (0, 1)


def castings(level: Safety):  # type: ignore[no-untyped-def]
    """The grid's castings of ``level``: (seats, seed, casting)."""
    for n in SIZES:
        for seed in SEEDS:
            yield n, seed, cast(n, level, rng=np.random.default_rng([list(Safety).index(level), n, seed]), pool="catalog")


@pytest.mark.parametrize("level", list(Safety), ids=lambda level: level.value)
def test_whole_catalog_games_end_with_a_result_and_replay(level):
    for n, seed, casting in castings(level):
        assert len(casting.roles) == n and set(casting.roles) <= PLAYABLE
        for agents in (HeuristicAgent, RandomAgent):
            game = play_game(casting.counts, Settings.parse(), agents, seed)
            assert game.is_over and game.outcome is not None, (level, n, seed, agents)
            assert game.outcome.winner_id, (level, n, seed, agents)
            record = write(game)
            assert write(replay(record)) == record, (level, n, seed, agents)


def test_the_grid_casts_most_of_the_catalog():
    roles = {role for level in Safety for _, _, casting in castings(level) for role in casting.roles}
    assert roles <= PLAYABLE and len(roles) >= 150, len(roles)  # 177 of the 181 declared roles with these seeds
