"""The record's entries: what happened in a classic game, typed, in the order it happened.

The rules tell a game's :class:`~jinrou.classic.record.Log` what happened, and it alone writes one
frozen entry per fact (read as :attr:`Game.entries <jinrou.classic.game.Game.entries>`) — seats,
causes and actions as the rules hold them, never names or JSON. :mod:`jinrou.classic.record` alone
turns them into the
``jinrou.classic/1`` record (``docs/classic-record.md``): a :class:`PhaseOpen` starts a phase
event, the entries after it fill that event, and a :class:`Outcome` becomes the ``outcome`` event
that follows the phase whose close drew it (it is placed right after that phase's own entries; the
deaths of the close that come after it still belong to that phase, until the next
:class:`PhaseOpen`).

>>> from jinrou.classic.model import Cause, Stage
>>> PhaseOpen(Stage.DAY, (1, 3)), Death(2, Cause.EXECUTION)
(PhaseOpen(stage=<Stage.DAY: 'day'>, runoff=(1, 3)), Death(seat=2, cause=Cause('execution')))
"""

from __future__ import annotations

from dataclasses import dataclass

from jinrou.classic.abilities import Action
from jinrou.classic.claims import Claim
from jinrou.classic.draws import Draw
from jinrou.classic.model import Cause, Seat, Stage


@dataclass(frozen=True)
class PhaseOpen:
    """A phase opened: a night, a ballot (``runoff``: its candidates when it is a runoff) or a
    hunter's last shot."""

    stage: Stage
    runoff: tuple[Seat, ...] | None = None


@dataclass(frozen=True)
class Acted:
    """A seat chose an action (a night or day action, a hunter's shot) in the open phase, with the
    outcomes its submission drew (``draws``: 課金者's gacha; none for almost every action)."""

    action: Action
    draws: tuple[Draw, ...] = ()


@dataclass(frozen=True)
class Voted:
    """``seat`` voted for ``target`` in the open ballot."""

    seat: Seat
    target: Seat


@dataclass(frozen=True)
class VotesVoided:
    """A day action ended the day without a vote (W.1.1: 自爆): the votes cast in it are void."""


@dataclass(frozen=True)
class Claimed:
    """``seat`` said ``claim`` in the day chat."""

    seat: Seat
    claim: Claim


@dataclass(frozen=True)
class Willed:
    """``seat`` wrote its will (遺言): ``text``, in place of the one before."""

    seat: Seat
    text: str


@dataclass(frozen=True)
class Death:
    """``seat`` died of ``cause``."""

    seat: Seat
    cause: Cause


@dataclass(frozen=True)
class Revived:
    """A dead ``seat`` came back."""

    seat: Seat


@dataclass(frozen=True)
class Entered:
    """エンドレス闇鍋: the person ``name`` asked to join the game going on (he waits, no seat, until the next dawn)."""

    name: str


@dataclass(frozen=True)
class Joined:
    """エンドレス闇鍋: a person waiting took the new ``seat`` at a dawn."""

    seat: Seat


@dataclass(frozen=True)
class Outcome:
    """The random outcomes one call of the rules drew (the start, or a phase's close), in order."""

    draws: tuple[Draw, ...]


Entry = PhaseOpen | Acted | Voted | VotesVoided | Claimed | Willed | Death | Revived | Entered | Joined | Outcome
"""Any entry of a game's record."""

__all__ = ["Acted", "Claimed", "Death", "Entered", "Entry", "Joined", "Outcome", "PhaseOpen", "Revived", "Voted", "VotesVoided", "Willed"]
