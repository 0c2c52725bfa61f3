"""Typed events that roles react to, and the queries several seats may answer (classic-werewolf §12).

An **event** says what happened — a seat died, was executed, an attack was aimed at a house, a
phase opened, a burial pass runs — as a frozen dataclass. The engine dispatches it to the
identities it concerns (its :class:`Scope`: the seat it names, every living seat, every seat, the
dead) in seat order, and within one identity to its layers in the order they were gained (the
role first). A role declares its reactions with :func:`on`; a role reacting to nothing costs a
dict look-up. The scope is the event's, not the role's: a role cannot listen to what its seat
could not perceive.

A **query** is a question whose answer several layers (or seats) may change, asked through a
pipeline in a fixed order: whether a death is resisted (:class:`Threat`, §5.2), a vote's weight
and priority (summed and maxed over the voter's layers, §6), a divination's word (overlays, the most
recent on top: W.1.5), and an action's target under redirection (W.1.2). The first two are answered
by the layers' ``resist``, ``vote_weight`` and ``vote_priority``; the last two by the identity
(:mod:`jinrou.classic.identity`) and the night's redirection map.

Wave-3 contact hooks (W.1.6: *divined*, *guarded*, *targeted*) are events here already; no role of
wave 2 reacts to them, so emitting them changes nothing but lets the next roles be one declaration.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from jinrou.classic.model import Cause, Moment, Seat, Verb


class Scope(enum.Enum):
    """Which identities an event is dispatched to (always in seat order)."""

    OWN = "own"  # the seat the event names (``event.seat``)
    LIVING = "living"  # every living seat
    EVERY = "every"  # every seat, dead or alive
    DEAD = "dead"  # every dead seat


@dataclass(frozen=True)
class Event:
    """Something that happened in the game; subclasses say what and to whom it goes."""

    scope: ClassVar[Scope] = Scope.OWN
    through_seal: ClassVar[bool] = False  # it reaches the own hooks of a sealed or hypnotized seat (W.1.3)


@dataclass(frozen=True)
class Died(Event):
    """``seat`` died of ``cause`` (``source``: the seat that caused it, if any) — §5.3's on-death
    effects: poison, infection, marks, arming."""

    seat: Seat
    cause: Cause
    source: Seat | None = None


@dataclass(frozen=True)
class Bitten(Event):
    """``seat`` was *bitten to death* (V2.1.4): a wolf attack aimed at it (after W.1.2's redirection;
    tricked, V2.1.1, or a 一途 kill included) killed it at level 105; ``by`` its killer, the wolf that
    submitted the attack. Dispatched right after its :class:`Died` (the other ``attack`` deaths are
    not bites: 逃亡者, 奴隷, a seat dying at a wolf's house, …)."""

    seat: Seat
    by: Seat


@dataclass(frozen=True)
class Executed(Event):
    """``seat`` died by execution (dispatched right after its :class:`Died`)."""

    seat: Seat


@dataclass(frozen=True)
class AttackedAt(Event):
    """A wolf or vampire attack was aimed at ``host`` tonight, whether the host died or not (a
    逃亡者 hiding there dies, §4.3)."""

    scope: ClassVar[Scope] = Scope.EVERY
    through_seal: ClassVar[bool] = True  # not one of W.1.3's voided hooks: a bomb planted before a seal goes off
    host: Seat
    cause: Cause
    source: Seat | None = None


@dataclass(frozen=True)
class AttackFailed(Event):
    """A wolf attack on ``host`` left it alive (W.1.9d: a *failed* attack, read at level 105 right
    after it, in submission order); ``source`` the wolf that submitted it. Every seat hears it: the
    night's flags (欲張り) are held by the seats that set them."""

    scope: ClassVar[Scope] = Scope.EVERY
    host: Seat
    source: Seat | None = None


@dataclass(frozen=True)
class Countered(Event):
    """A counter guard (``GuardKind.COUNTER``, V2.1.2b) that ``seat`` placed on ``host`` stopped an attack
    of ``cause`` by ``source``: the guard answers it (侍: it and the attacker die). Sent to ``seat``, dead or
    alive, sealed or not (the guard was placed before)."""

    through_seal: ClassVar[bool] = True
    seat: Seat
    host: Seat
    cause: Cause
    source: Seat | None = None


@dataclass(frozen=True)
class Divined(Event):
    """A divination with effects reached ``seat`` at resolution (W.1.6 *divined*; not 子狐's)."""

    seat: Seat
    by: Seat


@dataclass(frozen=True)
class Guarded(Event):
    """A guard protection was placed on ``seat`` (W.1.6 *guarded*, level 80)."""

    through_seal: ClassVar[bool] = True  # W.1.3 voids on-death, divined and targeted hooks, not this one
    seat: Seat
    by: Seat


@dataclass(frozen=True)
class Targeted(Event):
    """``by`` chose ``seat`` as the target of a night action, at submission (W.1.6 *targeted*)."""

    seat: Seat
    by: Seat
    verb: Verb


@dataclass(frozen=True)
class PhaseOpened(Event):
    """A night (``Moment.DUSK``) or a day (``Moment.DAWN``) starts: the dusk and dawn hooks of the
    living seats (§3)."""

    scope: ClassVar[Scope] = Scope.LIVING
    moment: Moment


@dataclass(frozen=True)
class Daybreak(Event):
    """A day starts, just before the living seats' dawn hooks (:class:`PhaseOpened`): a dawn hook that
    runs alive or dead (V2.2 パン屋)."""

    scope: ClassVar[Scope] = Scope.EVERY


@dataclass(frozen=True)
class BurialPass(Event):
    """One pass of a burial (§5.4): suicides, role changes, notes of the executed."""

    scope: ClassVar[Scope] = Scope.LIVING
    through_seal: ClassVar[bool] = True
    moment: Moment
    last: bool = True  # False: a day's intermediate burial, more executions to come (V1.1.3)


@dataclass(frozen=True)
class NightResolves(Event):
    """The night's resolution begins: a dead seat may act by a "while dead" rule (猫又, W.1.10)."""

    scope: ClassVar[Scope] = Scope.DEAD


@dataclass(frozen=True)
class Dealt(Event):
    """The roles are dealt: the game starts, before the room-wide sub-roles and night 1's dusk — the
    casting-time draws of the roles dealt (T.1.9: 盗人's candidates). Every seat hears it once; a role
    gained later never does."""

    scope: ClassVar[Scope] = Scope.EVERY
    through_seal: ClassVar[bool] = True


@dataclass(frozen=True)
class Nightfall(Event):
    """A night starts, before every dusk hook (:class:`PhaseOpened`): seals are placed now (W.1.3;
    settled here: 威嚇's and 血月's come before any dusk hook). Every seat hears it, the dead too (a
    dead 血狼 calls the 血月), sealed or not (the seals of one dusk are placed together)."""

    scope: ClassVar[Scope] = Scope.EVERY
    through_seal: ClassVar[bool] = True


@dataclass(frozen=True)
class ActionsOpen(Event):
    """A night's actions are open: after its dusk hooks (and night 1's attack on 身代わりくん), a seat that
    reads who had a night action open notes it now (V1.1.11: 忍者). Every living seat hears it, sealed or
    not (a sealed 忍者 still has them noted)."""

    scope: ClassVar[Scope] = Scope.LIVING
    through_seal: ClassVar[bool] = True


@dataclass(frozen=True)
class NightEnds(Event):
    """A night ends: at dawn, before the marks that end then leave (a seal notes its seat: W.2 瞳狼
    reads who was sealed that night). Every seat hears it, dead or alive, sealed or not."""

    scope: ClassVar[Scope] = Scope.EVERY
    through_seal: ClassVar[bool] = True


@dataclass(frozen=True)
class Threat:
    """The query "does ``seat`` resist this death?" (§5.2), asked of its layers in order."""

    seat: Seat
    cause: Cause
    source: Seat | None = None


E = TypeVar("E", bound=Event)
Handler = Callable[..., None]

REACTS = "__reacts_to__"


def on(*kinds: type[Event]) -> Callable[[Handler], Handler]:
    """Mark a role's method as its reaction to events of ``kinds``: ``handler(self, ctx, me, event)``."""

    def mark(handler: Handler) -> Handler:
        setattr(handler, REACTS, (*getattr(handler, REACTS, ()), *kinds))
        return handler

    return mark


def reactions(cls: type) -> dict[type[Event], tuple[Handler, ...]]:
    """Every reaction a declaration class has (inherited ones included), by event type."""
    found: dict[type[Event], list[Handler]] = {}
    seen: set[str] = set()
    for klass in cls.__mro__:
        for name, member in vars(klass).items():
            if name in seen:
                continue
            seen.add(name)
            for kind in getattr(member, REACTS, ()):
                found.setdefault(kind, []).append(member)
    return {kind: tuple(handlers) for kind, handlers in found.items()}


@dataclass(frozen=True)
class DeadBurialPass(Event):
    """One pass of a burial as the dead hear it, right after each :class:`BurialPass` (V2.1.10: a
    dead seat's burial hook may revive it — 赤ずきん)."""

    scope: ClassVar[Scope] = Scope.DEAD
    through_seal: ClassVar[bool] = True
    moment: Moment


@dataclass(frozen=True)
class Announced(Event):
    """A burial announced ``seats``' deaths, in announcement order (V1.1.12: 閻魔's channel): sent to
    the seats alive after that burial."""

    scope: ClassVar[Scope] = Scope.LIVING
    seats: tuple[Seat, ...]


__all__ = [
    "ActionsOpen", "Announced", "AttackFailed", "AttackedAt", "Bitten", "BurialPass", "Countered", "Daybreak",
    "DeadBurialPass", "Dealt", "Died", "Divined", "Event", "Executed", "Guarded", "NightEnds", "NightResolves", "Nightfall",
    "PhaseOpened", "Scope", "Targeted", "Threat", "on", "reactions",
]  # fmt: skip
