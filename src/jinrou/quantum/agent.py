"""The interface of a quantum werewolf player, below the rules' users: the bots of
:mod:`jinrou.agents.quantum` implement it, and the simulation (:mod:`jinrou.quantum.simulate`), the
terminal and the server take agents through it, so none of them imports the bots.

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
