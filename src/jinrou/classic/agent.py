"""Players of classic werewolf behind one small interface, and the loop that lets them play.

An agent sees only its :class:`~jinrou.classic.views.SeatView` and the generator it is handed, so
a game of bots replays from its seed and no bot can cheat. By day it may first speak (structured
claims, :mod:`jinrou.classic.claims`), then everybody chooses: night actions, a vote, a last shot.
The bots themselves live in :mod:`jinrou.agents.classic`; this module is below them, so the
simulation needs no import of the bots (they are passed in).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from jinrou.classic.claims import Claim
from jinrou.classic.draws import Draws
from jinrou.classic.game import Game
from jinrou.classic.model import Action, Stage, Vote
from jinrou.classic.views import SeatView

MAX_PHASES = 1000  # a safety net: each day kills, revotes end in a draw after 4 ballots


class Agent(Protocol):
    """A classic werewolf player."""

    name: str

    def talk(self, view: SeatView, rng: np.random.Generator) -> list[Claim]:
        """What it says at the start of a day (may be nothing)."""
        ...

    def act(self, view: SeatView, rng: np.random.Generator) -> list[Action | Vote]:
        """Its choices for the open phase, each one of ``view.legal`` (may be empty)."""
        ...


PAIR_ROUNDS = 3
"""How many times a ケミカル seat's agent is asked in one call of :func:`act` while a required action is open."""


def talk(game: Game, agents: Sequence[Agent | None], rng: np.random.Generator) -> None:
    """At the first ballot of a day every living agent speaks (people, whose agent is None, speak
    through their own front end)."""
    if game.stage is Stage.DAY and game.revotes == 0 and game.ballot is not None and not game.ballot.runoff:
        for seat in game.living():
            agent = agents[seat]
            if agent is not None and not game.identity(seat).silenced:  # 沈黙 (V1.1.15): it says nothing
                for claim in agent.talk(SeatView.of(game, seat), rng):
                    game.claim(seat, claim)


def act(game: Game, agents: Sequence[Agent | None], rng: np.random.Generator,
        draws: Draws | np.random.Generator | None = None) -> None:
    """Every agent with something to do chooses (seats whose agent is None are skipped). After an
    action whose outcome its actor sees at once (課金者's gacha, drawn from ``draws``, else ``rng``)
    the agent chooses again from what it now sees."""
    for seat in game.seats():
        agent = agents[seat]
        again, rounds = True, 0
        while again and agent is not None and (legal := game.legal_actions(seat)):
            again, rounds = False, rounds + 1
            for choice in agent.act(SeatView.of(game, seat, legal), rng):
                if game.stage is Stage.DAY and game.ballot is not None and game.ballot.ended:
                    break  # a day action ended the day (W.1.1: 自爆): no more choices
                again = isinstance(choice, Action) and game.draws_at_once(choice)
                game.apply(choice, draws if draws is not None else rng)
                if again:
                    break
            else:  # ケミカル: a verb both halves hold is open again once the first is taken (each may be required)
                again = rounds < PAIR_ROUNDS and game.identity(seat).pair is not None and any(
                    legal.required for legal in game.legal_actions(seat))


def step(game: Game, agents: Sequence[Agent | None], rng: np.random.Generator) -> None:
    """One phase: the agents speak (first ballot of a day), choose, and the phase closes."""
    talk(game, agents, rng)
    act(game, agents, rng)
    game.close(rng)


def play(game: Game, agents: Sequence[Agent | None], rng: np.random.Generator,
         on_phase: Callable[[Game], None] | None = None) -> Game:
    """Play ``game`` to its end with one agent per seat (身代わりくん's seat is the engine's)."""
    for _ in range(MAX_PHASES):
        if game.is_over:
            return game
        step(game, agents, rng)
        if on_phase is not None:
            on_phase(game)
    raise RuntimeError("the game did not end")  # pragma: no cover
