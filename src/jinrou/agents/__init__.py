"""Bots behind one small interface, shared by the CLI, simulations and the server.

The interface of a quantum werewolf bot, :class:`~jinrou.quantum.agent.Agent`, lives with the rules
(re-exported here), so that the simulation needs no import of the bots; the bots are in
:mod:`jinrou.agents.quantum`, :mod:`jinrou.agents.classic` and :mod:`jinrou.agents.shogi`.
"""

from __future__ import annotations

from jinrou.agents.quantum import AGENTS
from jinrou.quantum.agent import Agent


def make_agent(kind: str) -> Agent:
    """An agent by name: ``random`` or ``heuristic``."""
    try:
        return AGENTS[kind]()
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(AGENTS)}") from None


__all__ = ["Agent", "make_agent"]
