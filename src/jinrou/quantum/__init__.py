"""Quantum werewolf (量子人狼): an exact engine, game records, views.

Modules: :mod:`~jinrou.quantum.worlds` (the counting core), :mod:`~jinrou.quantum.explicit` (the
literal world list), :mod:`~jinrou.quantum.game` (the rules), :mod:`~jinrou.quantum.events`,
:mod:`~jinrou.quantum.views` (who sees what), :mod:`~jinrou.quantum.record` (``jinrou.quantum/1``),
:mod:`~jinrou.quantum.agent` (the interface of a player), :mod:`~jinrou.quantum.simulate` (bot games and
statistics).
"""

from jinrou.outcome import Termination, Winner
from jinrou.quantum.agent import Agent
from jinrou.quantum.events import (
    Cause,
    Collapsed,
    Deadline,
    Divined,
    FinalWorld,
    NightAction,
    Numbers,
    Order,
    Phase,
    TieBroken,
    Vote,
)
from jinrou.quantum.game import Game, LegalActions, Options, Outcome, Setup, default_wolves
from jinrou.quantum.record import Record
from jinrou.quantum.roles import SEER, VILLAGER, Card, Role, Seat, wolf
from jinrou.quantum.views import PlayerView
from jinrou.quantum.worlds import Multiverse, Table

__all__ = [
    "SEER", "VILLAGER", "Agent", "Card", "Cause", "Collapsed", "Deadline", "Divined", "FinalWorld", "Game",
    "LegalActions", "Multiverse", "NightAction", "Numbers", "Options", "Order", "Outcome", "Phase", "PlayerView",
    "Record", "Role", "Seat", "Setup", "Table", "Termination", "TieBroken", "Vote", "Winner", "default_wolves", "wolf",
]
