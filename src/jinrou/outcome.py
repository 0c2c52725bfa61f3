"""How a game of the village against the wolves ends — quantum werewolf (量子人狼) and offline
quantum werewolf: who won (:class:`Winner`) and why (:class:`Termination`).

As in python-chess, one termination enum serves every variant: each game ends by the reasons its
rules have (quantum: ``WOLVES_DEAD``, ``WOLF_PARITY``, ``NO_WORLD``, ``TIED_VOTES``; offline:
``WOLVES_DEAD``, ``LAST_PLAYER``, ``TWO_LEFT``, ``NOBODY_LEFT``, ``NO_SEER``, ``NO_WORLD``), and
each reason has one winner. Both are string enums, so a member equals the word it stands for
(``Winner.VILLAGE == "village"``), as records write them.

>>> Termination.LAST_PLAYER.winner
<Winner.WOLVES: 'wolves'>
"""

from __future__ import annotations

import enum


class Winner(enum.StrEnum):
    """The side that won, or nobody; the values are the records' words (``"winner": "village"``)."""

    VILLAGE = "village"
    """The village side (村人陣営): villagers and the seer."""
    WOLVES = "wolves"
    """The wolves (人狼陣営)."""
    DRAW = "draw"
    """Nobody (引き分け)."""


class Termination(enum.StrEnum):
    """Why a game ended (勝敗の判定); :attr:`winner` is the side it makes win."""

    WOLVES_DEAD = enum.auto()
    """Every wolf is (certainly) dead: the village wins."""
    WOLF_PARITY = enum.auto()
    """Quantum: certain living wolves exist and are at least half of the living: the wolves win."""
    LAST_PLAYER = enum.auto()
    """Offline: one player is left and becomes a wolf: the wolves win."""
    NO_WORLD = enum.auto()
    """No world is left — no assignment of roles fits what happened: a draw."""
    NO_SEER = enum.auto()
    """Offline world collapse: nobody alive can be the seer and none can be named: a draw."""
    TIED_VOTES = enum.auto()
    """Quantum: the day's vote tied again after every re-vote: a draw."""
    TWO_LEFT = enum.auto()
    """Offline: two players are left: a draw."""
    NOBODY_LEFT = enum.auto()
    """Offline: nobody is left: a draw."""

    @property
    def winner(self) -> Winner:
        return _WINNERS.get(self, Winner.DRAW)


_WINNERS: dict[Termination, Winner] = {
    Termination.WOLVES_DEAD: Winner.VILLAGE,
    Termination.WOLF_PARITY: Winner.WOLVES,
    Termination.LAST_PLAYER: Winner.WOLVES,
}
"""The winner of each termination that is not a draw."""
