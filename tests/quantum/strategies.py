"""Hypothesis strategies for whole games played by bots (shared by the quantum tests)."""

import numpy as np
from hypothesis import strategies as st

from jinrou.agents.quantum import HeuristicAgent, RandomAgent
from jinrou.quantum.game import Game, Options, Setup
from jinrou.quantum.simulate import play

OPTION_NAMES = ["first_night_attack", "final_collapse", "random_tiebreak", "split_seer", "hide_dead", "anonymous"]


@st.composite
def setups(draw, max_players: int = 9) -> Setup:
    players = draw(st.integers(3, max_players))
    wolves = draw(st.integers(1, max(1, min(3, players // 3))))
    options = Options(**{name: draw(st.booleans()) for name in OPTION_NAMES})
    return Setup.create(players, wolves, options)


@st.composite
def games(draw, max_players: int = 9) -> tuple[Game, int]:
    """A finished bot game and the seed it was played with."""
    setup = draw(setups(max_players))
    seed = draw(st.integers(0, 2**32))
    kind = draw(st.sampled_from([RandomAgent, HeuristicAgent]))
    return play(setup, [kind() for _ in setup.players], np.random.default_rng(seed)), seed
