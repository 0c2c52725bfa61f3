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
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from jinrou.errors import IllegalActionError
from jinrou.quantum.events import DeathEvent, EndEvent, Event, NightEvent, Phase, TableEvent, VoteEvent
from jinrou.quantum.game import Game, LegalActions, Options, Outcome
from jinrou.quantum.roles import Card, Seat
from jinrou.quantum.worlds import Table

PUBLIC_EVENTS = (TableEvent, DeathEvent, VoteEvent, EndEvent)


@dataclass(frozen=True)
class TableRow:
    """One displayed row: its label, the seat behind it (None when anonymous and not one's own),
    and the probabilities of the displayed columns."""

    label: str
    seat: Seat | None
    values: tuple[Fraction, ...]
    dead: bool
    card: Card | None


@dataclass(frozen=True)
class TableView:
    """The probability table (確率表) as shown under the table options."""

    columns: tuple[str, ...]
    rows: tuple[TableRow, ...]
    worlds: int

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
        rows = []
        for seat in order:
            values = tuple(table.probability(seat, c) for c in columns)
            if numbers is None:
                rows.append(TableRow(names[seat], seat, values, cards[seat] is not None, cards[seat]))
            else:
                own = seat == viewer
                label = f"Player {numbers[seat]}" + (" (you)" if own else "")
                rows.append(TableRow(label, seat if own else None, values, cards[seat] is not None, None))
        return cls(columns, tuple(rows), table.worlds)

    def probability(self, seat: Seat, column: str) -> Fraction | None:
        """The shown probability of ``column`` for ``seat``; None when the view cannot tell."""
        row = self._by_seat.get(seat)
        if row is None or column not in self.columns:
            return None
        return row.values[self.columns.index(column)]

    @cached_property
    def _by_seat(self) -> dict[Seat, TableRow]:
        return {row.seat: row for row in self.rows if row.seat is not None}


@lru_cache(maxsize=64)
def _table_view(table, names, options, cards, numbers, viewer) -> TableView:
    """Shared by every viewer of one state (all but the owner-marked anonymous tables are equal)."""
    return TableView.of(table, names, options, cards, numbers, viewer)


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
        cards = tuple(game.worlds.cards[s] if s in game.worlds.dead else None for s in range(len(game.names)))
        numbers = None
        if game.setup.options.anonymous:
            numbers = tuple(game.number(s) or 0 for s in range(len(game.names)))
        number: int | None = None
        divinations: tuple[tuple[int, Seat, str], ...] = ()
        may_divine = may_attack = False
        legal = LegalActions()
        if seat is not None:  # a player's own knowledge; a spectator has none
            number, divinations = game.number(seat), tuple(game.divinations(seat))
            may_divine, may_attack, legal = game.may_divine(seat), game.may_attack(seat), game.legal_actions(seat)
        return cls(
            seat=seat,
            names=game.names,
            wolves=game.setup.wolves,
            phase=game.phase,
            alive=tuple(game.is_alive(s) for s in range(len(game.names))),
            cards=cards,
            table=_table_view(game.table, game.names, game.setup.options, cards, numbers, seat if numbers else None),
            number=number,
            divinations=divinations,
            may_divine=may_divine,
            may_attack=may_attack,
            legal=legal,
            waiting_for=game.waiting_for(),
            events=visible_events(game, seat),
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
    if game.is_over:
        return game.events
    out: list[Event] = []
    for event in game.events:
        if isinstance(event, PUBLIC_EVENTS):
            out.append(event)
        elif isinstance(event, NightEvent) and seat is not None and seat in event.actions:
            mine = {seat: event.divinations[seat]} if seat in event.divinations else {}
            out.append(NightEvent(event.night, (), {seat: event.actions[seat]}, mine))
    return tuple(out)
