"""Who sees what. Hidden information leaves the engine only through these views.

Public (everybody, spectators too): the probability table as the options show it, deaths with the
collapsed cards, votes, the end. Private to one player: his own night orders and divination results,
whether he can still divine or attack, and his secret number in an anonymous game. Nobody sees
another player's night orders: they are in the record, which is published when the game ends.

>>> from jinrou.quantum.game import Game, Setup
>>> view = PlayerView.of(Game.new(Setup.create(4)), 0)
>>> view.table.columns, [str(p) for p in view.table.rows[0].values]
(('human', 'wolf', 'dead'), ['3/4', '1/4', '0'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache

import numpy as np

from jinrou.errors import IllegalActionError
from jinrou.quantum.events import DeathEvent, EndEvent, Event, NightEvent, NumbersEvent, Phase, TableEvent, VoteEvent
from jinrou.quantum.game import Game, LegalActions, Options, Outcome
from jinrou.quantum.roles import Card, Seat
from jinrou.quantum.worlds import COLUMNS, Multiverse, Table

PUBLIC_EVENTS = (TableEvent, DeathEvent, VoteEvent, EndEvent)


@dataclass(frozen=True)
class TableRow:
    """One displayed row: its label, the seat behind it (None when anonymous and not one's own),
    and in how many of the table's ``worlds`` each displayed column holds."""

    label: str
    seat: Seat | None
    counts: tuple[int, ...]
    worlds: int
    dead: bool
    card: Card | None

    @property
    def values(self) -> tuple[Fraction, ...]:
        """The displayed probabilities as exact fractions (0 when no world is left)."""
        if self.worlds == 0:
            return (Fraction(0),) * len(self.counts)
        return tuple(Fraction(c, self.worlds) for c in self.counts)


@dataclass(frozen=True)
class TableView:
    """The probability table (確率表) as shown under the table options.

    Its probabilities come in one pass as floats (:attr:`probabilities`, :meth:`column`) for pages
    and bots; the exact fractions are there for whoever asks (:attr:`TableRow.values`,
    :meth:`probability`).
    """

    columns: tuple[str, ...]
    rows: tuple[TableRow, ...]
    worlds: int
    probabilities: np.ndarray = field(repr=False, compare=False)
    """float64 of shape (len(rows), len(columns)): each row's displayed probabilities, rounded."""
    kinds: np.ndarray = field(repr=False, compare=False)
    """int64 of shape (seats,): seats whose displayed rows are equal share a number; seats the view
    cannot tell (another's row of an anonymous table) share -1."""

    @classmethod
    def of(
        cls,
        table: Table,
        names: tuple[str, ...],
        options: Options,
        cards: tuple[Card | None, ...],
        numbers: tuple[int, ...] | None = None,
        viewer: Seat | None = None,
    ) -> TableView:
        columns: tuple[str, ...] = ("villager", "seer") if options.split_seer else ("human",)
        columns += ("wolf",) + (() if options.hide_dead else ("dead",))
        order: Sequence[Seat] = range(len(names))
        if numbers is not None:  # anonymous: rows by secret number, seats hidden but one's own
            order = sorted(order, key=lambda s: numbers[s])
        picked = [COLUMNS.index(c) for c in columns]
        kinds = table.kinds.copy()
        rows = []
        for seat in order:
            row = table.rows[seat]
            counts = (row.villager, row.seer, row.human, row.wolf, row.dead)
            shown = tuple(counts[i] for i in picked)
            if numbers is None:
                rows.append(TableRow(names[seat], seat, shown, table.worlds, cards[seat] is not None, cards[seat]))
            else:
                own = seat == viewer
                label = f"Player {numbers[seat]}" + (" (you)" if own else "")
                rows.append(TableRow(label, seat if own else None, shown, table.worlds, cards[seat] is not None, None))
                if not own:
                    kinds[seat] = -1
        probabilities = table.probabilities[np.asarray(order)][:, picked]
        probabilities.flags.writeable = kinds.flags.writeable = False
        return cls(columns, tuple(rows), table.worlds, probabilities, kinds)

    def probability(self, seat: Seat, column: str) -> Fraction | None:
        """The shown probability of ``column`` for ``seat``, exact; None when the view cannot tell."""
        row = self._by_seat.get(seat)
        if row is None or column not in self.columns:
            return None
        return Fraction(row.counts[self.columns.index(column)], self.worlds) if self.worlds else Fraction(0)

    def column(self, column: str, default: float | Fraction, seats: Sequence[Seat] | np.ndarray | None = None,
               exact: bool = False) -> np.ndarray:
        """``column`` of every seat (or of ``seats``), ``default`` where the view cannot tell:
        float64 of shape (len(seats),), or with ``exact`` an object array of :class:`Fraction`.

        >>> from jinrou.quantum.game import Game, Setup
        >>> PlayerView.of(Game.new(Setup.create(4)), 0).table.column("wolf", 0.5).tolist()
        [0.25, 0.25, 0.25, 0.25]
        """
        if exact:
            picked = range(len(self.kinds)) if seats is None else seats
            exact_values = [default if (p := self.probability(int(s), column)) is None else p for s in picked]
            return np.array(exact_values, dtype=object).reshape(len(exact_values))
        key = (column, float(default))  # (a Fraction's hash is slow)
        full = self._columns.get(key)
        if full is None:  # once per table, column and default: every viewer of the phase shares it
            full = np.full(len(self.kinds), float(default))
            if column in self.columns:
                known = self._row_of >= 0
                full[known] = self.probabilities[self._row_of[known], self.columns.index(column)]
            full.flags.writeable = False
            self._columns[key] = full
        return full if seats is None else full[seats]

    def certain(self, seat: Seat, column: str) -> bool:
        """Whether the view shows ``column`` for ``seat`` at 100 % (exactly: every world left)."""
        row = self._by_seat.get(seat)
        return row is not None and column in self.columns and 0 < self.worlds == row.counts[self.columns.index(column)]

    @cached_property
    def _columns(self) -> dict[tuple[str, float], np.ndarray]:
        return {}

    @cached_property
    def _by_seat(self) -> dict[Seat, TableRow]:
        return {row.seat: row for row in self.rows if row.seat is not None}

    @cached_property
    def _row_of(self) -> np.ndarray:
        """int64 (seats,): the row index of each seat, -1 where the view does not say."""
        index = np.full(len(self.kinds), -1, dtype=np.int64)
        for i, row in enumerate(self.rows):
            if row.seat is not None:
                index[row.seat] = i
        return index


class _Same:
    """A key that is equal only to itself: caches below look a state's parts up by identity (a
    table of 160 rows of 70-digit counts is slow to hash and compare, and is the same object for
    every view of a phase)."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.value is self.value


@lru_cache(maxsize=64)
def _public(worlds: _Same, names: tuple[str, ...], options: Options) -> tuple[tuple[Card | None, ...],
                                                                           tuple[bool, ...], TableView]:
    """The revealed cards, who is alive and the table everybody sees, once per world set (the key
    holds it)."""
    multiverse = worlds.value
    assert isinstance(multiverse, Multiverse)
    cards = tuple(multiverse.cards[s] if s in multiverse.dead else None for s in range(len(names)))
    alive = tuple(s not in multiverse.dead for s in range(len(names)))
    return cards, alive, TableView.of(multiverse.table, names, options, cards)


@lru_cache(maxsize=256)
def _anonymous_table(worlds: _Same, names: tuple[str, ...], options: Options, numbers: tuple[int, ...],
                     viewer: Seat | None) -> TableView:
    """The anonymous table as ``viewer`` sees it (his own row marked)."""
    cards, _, _ = _public(worlds, names, options)
    multiverse = worlds.value
    assert isinstance(multiverse, Multiverse)
    return TableView.of(multiverse.table, names, options, cards, numbers, viewer)


class _Journal:
    """The record of one game so far as each seat may see it, made once per events tuple: every
    view of a phase shares it. A journal extends its parent's (the same events minus the last few)
    instead of reading the whole record again, so a game of P phases and S seats costs O(P·S) for
    its views' events rather than O(P·S·events)."""

    SEARCH = 64  # how many events back a parent is looked for
    KEEP = 16  # journals kept (each holds up to a record per seat)

    def __init__(self, events: tuple[Event, ...], parent: _Journal | None) -> None:
        self.events = events
        self.parent = parent
        if parent is not None:
            parent.parent = None  # one generation back is enough: the chain is not kept
        self.numbers: tuple[int, ...] | None = parent.numbers if parent is not None else None
        for event in events[len(parent.events) if parent is not None else 0:]:
            if isinstance(event, NumbersEvent):
                self.numbers = event.numbers
        self._seen: dict[Seat | None, tuple[Event, ...]] = {}
        self._divinations: dict[Seat, tuple[tuple[int, Seat, str], ...]] = {}

    def seen(self, seat: Seat | None) -> tuple[Event, ...]:
        """The events ``seat`` may see (see :func:`visible_events`)."""
        got = self._seen.get(seat)
        if got is None:
            base, start = self._base("_seen", seat)
            got = self._seen[seat] = base + tuple(_cut(e, seat) for e in self.events[start:] if _shows(e, seat))
        return got

    def divinations(self, seat: Seat) -> tuple[tuple[int, Seat, str], ...]:
        """``seat``'s own divinations: (night, target, "wolf" | "human" | "none")."""
        got = self._divinations.get(seat)
        if got is None:
            base, start = self._base("_divinations", seat)
            got = self._divinations[seat] = base + tuple(
                (e.night, target, e.divinations[seat]) for e in self.events[start:]
                if isinstance(e, NightEvent) and seat in e.divinations and (target := e.actions[seat].divine) is not None
            )
        return got

    def _base(self, memo: str, seat: Seat | None) -> tuple[tuple, int]:
        """What the parent's ``memo`` holds for ``seat`` and where its events end, or nothing."""
        if self.parent is not None and (known := getattr(self.parent, memo).get(seat)) is not None:
            return known, len(self.parent.events)
        return (), 0

    @classmethod
    def of(cls, events: tuple[Event, ...]) -> _Journal:
        key = id(events)
        found = _JOURNALS.get(key)
        if found is not None and found.events is events:
            return found
        parent = None
        for end in range(len(events) - 1, max(-1, len(events) - 1 - cls.SEARCH), -1):
            candidate = _JOURNALS_BY_LAST.get(id(events[end]))
            if candidate is not None and len(candidate.events) == end + 1 and candidate.events == events[:end + 1]:
                parent = candidate
                break
        journal = cls(events, parent)
        while len(_JOURNALS) >= cls.KEEP:
            old = _JOURNALS.pop(next(iter(_JOURNALS)))
            if old.events and _JOURNALS_BY_LAST.get(id(old.events[-1])) is old:
                del _JOURNALS_BY_LAST[id(old.events[-1])]
        _JOURNALS[key] = journal
        if events:
            _JOURNALS_BY_LAST[id(events[-1])] = journal
        return journal


_JOURNALS: dict[int, _Journal] = {}
_JOURNALS_BY_LAST: dict[int, _Journal] = {}


def _shows(event: Event, seat: Seat | None) -> bool:
    return isinstance(event, PUBLIC_EVENTS) or (isinstance(event, NightEvent) and seat is not None
                                                and seat in event.actions)


def _cut(event: Event, seat: Seat | None) -> Event:
    """A public event as it is; a night event cut down to ``seat``'s own orders and result."""
    if not isinstance(event, NightEvent) or seat is None:
        return event
    mine = {seat: event.divinations[seat]} if seat in event.divinations else {}
    return NightEvent(event.night, (), {seat: event.actions[seat]}, mine)


@dataclass(frozen=True)
class PlayerView:
    """What ``seat`` may know now (``seat`` None: a spectator).

    ``may_divine`` / ``may_attack``: whether he may still be the seer / a wolf, i.e. whether he will
    be asked to divine / attack at night (attacks start on night 2 unless ``first_night_attack``).
    """

    seat: Seat | None
    names: tuple[str, ...]
    wolves: int
    phase: Phase
    alive: tuple[bool, ...]
    cards: tuple[Card | None, ...]
    table: TableView
    number: int | None
    divinations: tuple[tuple[int, Seat, str], ...]
    may_divine: bool
    may_attack: bool
    legal: LegalActions
    waiting_for: tuple[Seat, ...]
    events: tuple[Event, ...]
    outcome: Outcome | None

    @classmethod
    def of(cls, game: Game, seat: Seat | None) -> PlayerView:
        worlds, options = _Same(game.worlds), game.setup.options
        cards, alive, table = _public(worlds, game.names, options)
        journal = _Journal.of(game.events)
        numbers = journal.numbers if options.anonymous else None
        if numbers is not None:
            table = _anonymous_table(worlds, game.names, options, numbers, seat)
        elif options.anonymous:  # before the numbers are drawn: every row is "Player 0"
            table = _anonymous_table(worlds, game.names, options, (0,) * len(game.names), seat)
        number: int | None = None
        divinations: tuple[tuple[int, Seat, str], ...] = ()
        may_divine = may_attack = False
        legal = LegalActions()
        if seat is not None:  # a player's own knowledge; a spectator has none
            number = None if journal.numbers is None else journal.numbers[seat]
            divinations = journal.divinations(seat)
            may_divine, may_attack, legal = game.may_divine(seat), game.may_attack(seat), game.legal_actions(seat)
        return cls(
            seat=seat,
            names=game.names,
            wolves=game.setup.wolves,
            phase=game.phase,
            alive=alive,
            cards=cards,
            table=table,
            number=number,
            divinations=divinations,
            may_divine=may_divine,
            may_attack=may_attack,
            legal=legal,
            waiting_for=game.waiting_for(),
            events=game.events if game.is_over else journal.seen(seat),
            outcome=game.outcome,
        )

    @property
    def player(self) -> Seat:
        """The viewer's seat; raises :class:`IllegalActionError` for a spectator's view (he cannot act)."""
        if self.seat is None:
            raise IllegalActionError("a spectator has no seat and cannot act")
        return self.seat

    @property
    def living(self) -> tuple[Seat, ...]:
        return tuple(s for s, a in enumerate(self.alive) if a)


def visible_events(game: Game, seat: Seat | None) -> tuple[Event, ...]:
    """The record as ``seat`` may see it: public events, plus his own night orders and results
    (the night events cut down to him). Once the game is over the whole record is public."""
    return game.events if game.is_over else _Journal.of(game.events).seen(seat)
