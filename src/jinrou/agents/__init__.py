"""Bots behind one small interface, shared by the CLI, simulations and the server.

An agent sees only a :class:`~jinrou.quantum.views.PlayerView` — never the game itself — and is
handed the generator it may draw from, so a bot game replays from its seed and bots cannot cheat.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from jinrou.quantum.events import NightAction, Vote
from jinrou.quantum.views import PlayerView


class Agent(Protocol):
    """A quantum werewolf player: given what it may know, it chooses its action for the phase."""

    name: str

    def act(self, view: PlayerView, rng: np.random.Generator) -> NightAction | Vote:
        """The night orders (at night) or the vote (by day) of ``view.seat``."""
        ...


def make_agent(kind: str) -> Agent:
    """An agent by name: ``random`` or ``heuristic``."""
    from jinrou.agents.quantum import AGENTS

    try:
        return AGENTS[kind]()
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(AGENTS)}") from None


__all__ = ["Agent", "make_agent"]
