"""Bot games and their statistics: win rates with confidence intervals, game lengths.

Every game draws from its own generator, seeded from the simulation's seed, and records that seed,
so any single game can be replayed from its record or rerun from its seed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from jinrou.outcome import Winner
from jinrou.quantum.agent import Agent
from jinrou.quantum.events import Deadline
from jinrou.quantum.game import Game, Setup
from jinrou.quantum.views import PlayerView
from jinrou.stats import Interval  # re-exported: it lived here first

MAX_PHASES = 10_000  # a safety net: every game ends long before (each day kills or draws)


def play(setup: Setup, agents: Sequence[Agent], rng: np.random.Generator, game: Game | None = None) -> Game:
    """Play a game to its end with one agent per seat, every agent acting before each deadline."""
    game = (game or Game.new(setup)).advance(rng)
    for _ in range(MAX_PHASES):
        if game.is_over:
            return game
        game = step(game, agents, rng)
    raise RuntimeError("the game did not end")  # pragma: no cover


def step(game: Game, agents: Sequence[Agent | None], rng: np.random.Generator) -> Game:
    """Let every waiting bot act (seats whose agent is None are skipped), then close the phase."""
    for seat in game.waiting_for():
        agent = agents[seat]
        if agent is not None:
            game = game.apply(agent.act(PlayerView.of(game, seat), rng))
    return game.apply(Deadline()).advance(rng)


def days(game: Game) -> int:
    """How many days the game lasted (the number of the last phase)."""
    return game.phase.number


@dataclass(frozen=True)
class Summary:
    """Win rates per side and game lengths over a batch of games."""

    games: int
    wins: dict[str, int]
    rates: dict[str, Interval]
    days: dict[int, int]

    @classmethod
    def of(cls, games: Sequence[Game]) -> Summary:
        winners = Counter(g.outcome.winner for g in games if g.outcome is not None)
        if winners.total() != len(games):
            raise ValueError("every game of a summary must be over")
        wins = {str(side): winners[side] for side in Winner}
        rates = {side: Interval.wilson(count, len(games)) for side, count in wins.items()}
        return cls(len(games), wins, rates, dict(sorted(Counter(days(g) for g in games).items())))

    @property
    def mean_days(self) -> float:
        return sum(d * c for d, c in self.days.items()) / max(1, self.games)

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rates": {s: {"rate": i.rate, "ci95": [i.low, i.high]} for s, i in self.rates.items()},
            "days": {"mean": self.mean_days, "histogram": {str(d): c for d, c in self.days.items()}},
        }


def game_seeds(seed: int, games: int) -> list[int]:
    """One independent 63-bit seed per game, derived from the simulation's seed."""
    return [int(s) for s in np.random.default_rng(seed).integers(0, 2**63 - 1, size=games)]


def simulate(
    setup: Setup, make_agents: Callable[[], Sequence[Agent]], seed: int, games: int
) -> Iterator[tuple[int, Game]]:
    """Play ``games`` bot games; yields each game's seed and final state as it finishes."""
    for game_seed in game_seeds(seed, games):
        yield game_seed, play(setup, make_agents(), np.random.default_rng(game_seed))
