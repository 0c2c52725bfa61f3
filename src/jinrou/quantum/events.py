"""What happened in a game: phases, actions, random outcomes and the events of the record.

Events are the unit of the game record (``jinrou.quantum/1``, see ``docs/quantum-record.md``):
each is a frozen value that knows its JSON form. Inside the engine players are seats (0-based);
the JSON form uses names, so conversion takes the player list.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NoReturn

from jinrou.errors import RecordError
from jinrou.outcome import Winner
from jinrou.quantum.roles import Card, Seat
from jinrou.quantum.worlds import Row, Table


class PhaseKind(enum.Enum):
    NIGHT = "night"
    """Night (夜): divinations and attacks."""
    DAY = "day"
    """Day (昼): discussion and the vote."""


@dataclass(frozen=True)
class Phase:
    """``night 1``, ``day 1``, ``night 2``, ...

    >>> Phase.parse("day 3").next()
    Phase.parse('night 4')
    """

    kind: PhaseKind
    number: int

    @classmethod
    def parse(cls, text: str) -> Phase:
        kind, _, number = str(text).partition(" ")
        try:
            return cls(PhaseKind(kind), int(number))
        except ValueError:
            raise RecordError(f"unknown phase {text!r}: expected 'night N' or 'day N'") from None

    def next(self) -> Phase:
        if self.kind is PhaseKind.NIGHT:
            return Phase(PhaseKind.DAY, self.number)
        return Phase(PhaseKind.NIGHT, self.number + 1)

    @property
    def is_night(self) -> bool:
        return self.kind is PhaseKind.NIGHT

    def __str__(self) -> str:
        return f"{self.kind.value} {self.number}"

    def __repr__(self) -> str:
        return f"Phase.parse({str(self)!r})"


# ------------------------------------------------------------------ actions


@dataclass(frozen=True)
class NightAction:
    """A player's night orders: whom to divine and whom to attack (None where he has no choice)."""

    player: Seat
    divine: Seat | None = None
    attack: Seat | None = None


@dataclass(frozen=True)
class Vote:
    """A day vote of ``player`` for ``target``."""

    player: Seat
    target: Seat


@dataclass(frozen=True)
class Deadline:
    """The phase's time is up: resolve it with the actions given; who missed a required action dies
    a sudden death (突然死) after the resolution."""


# ---------------------------------------------------------- random outcomes


@dataclass(frozen=True)
class Numbers:
    """The secret table numbers of the anonymous option: ``numbers[seat]`` in 1..n."""

    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Order:
    """The night's resolution order (every living player once)."""

    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class Divined:
    """A divination's result."""

    wolf: bool


@dataclass(frozen=True)
class Collapsed:
    """A dying player's collapse (収束) to ``card``."""

    player: Seat
    card: Card


@dataclass(frozen=True)
class TieBroken:
    """The random choice among tied players (option ``random_tiebreak``)."""

    player: Seat


@dataclass(frozen=True)
class FinalWorld:
    """The world drawn at the end (option ``final_collapse``)."""

    world: tuple[Card, ...]


Action = NightAction | Vote | Deadline
ChanceOutcome = Numbers | Order | Divined | Collapsed | TieBroken | FinalWorld


# ------------------------------------------------------------------- events


class Cause(enum.StrEnum):
    """Why a player died; the values are the words of the records (``"cause": "attack"``)."""

    ATTACK = "attack"
    """Found dead in every world after the night (襲撃死), or in a chain death at a phase's dawn."""
    EXECUTION = "execution"
    """Executed by the day's vote (処刑)."""
    SUDDEN = "sudden"
    """A sudden death (突然死) for a missed required action."""


CAUSES = tuple(Cause)
WINNERS = tuple(Winner)
RESULTS = ("wolf", "human", "none")


@dataclass(frozen=True)
class NumbersEvent:
    """Anonymous option: each player's secret number (recorded, shown only to its owner)."""

    type: ClassVar[str] = "numbers"
    numbers: tuple[int, ...]

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {"type": self.type, "numbers": dict(zip(names, self.numbers))}


@dataclass(frozen=True)
class TableEvent:
    """The probability table published at the start of a phase, as world counts."""

    type: ClassVar[str] = "table"
    phase: Phase
    table: Table

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        rows = {
            name: {"villager": r.villager, "seer": r.seer, "wolf": r.wolf, "dead": r.dead}
            for name, r in zip(names, self.table.rows)
        }
        return {"type": self.type, "phase": str(self.phase), "worlds": self.table.worlds, "rows": rows}


@dataclass(frozen=True)
class NightEvent:
    """A resolved night: the order, every acting player's orders, each divination's result."""

    type: ClassVar[str] = "night"
    night: int
    order: tuple[Seat, ...]
    actions: Mapping[Seat, NightAction] = field(default_factory=dict)
    divinations: Mapping[Seat, str] = field(default_factory=dict)

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        name = lambda seat: None if seat is None else names[seat]
        return {
            "type": self.type,
            "night": self.night,
            "order": [names[s] for s in self.order],
            "actions": {names[s]: {"divine": name(a.divine), "attack": name(a.attack)} for s, a in self.actions.items()},
            "divinations": {names[s]: r for s, r in self.divinations.items()},
        }


@dataclass(frozen=True)
class DeathEvent:
    """A player died (by attack — found dead in every world —, execution or sudden death) and
    collapsed to ``card``."""

    type: ClassVar[str] = "death"
    player: Seat
    cause: Cause
    card: Card

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "type": self.type,
            "player": names[self.player],
            "cause": str(self.cause),
            "role": self.card.role.value,
            "rank": self.card.rank,
        }


@dataclass(frozen=True)
class VoteEvent:
    """One round of the day's vote; ``executed`` is None on a tie."""

    type: ClassVar[str] = "vote"
    day: int
    votes: Mapping[Seat, Seat]
    executed: Seat | None

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "type": self.type,
            "day": self.day,
            "votes": {names[v]: names[t] for v, t in self.votes.items()},
            "executed": None if self.executed is None else names[self.executed],
        }


@dataclass(frozen=True)
class EndEvent:
    """The end: the winning side, and the finally revealed world (None when not drawn)."""

    type: ClassVar[str] = "end"
    winner: Winner
    world: tuple[Card, ...] | None

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        world = None if self.world is None else {n: str(c) for n, c in zip(names, self.world)}
        return {"type": self.type, "winner": str(self.winner), "world": world}


Event = NumbersEvent | TableEvent | NightEvent | DeathEvent | VoteEvent | EndEvent


# ------------------------------------------------------------- JSON reading


def event_from_json(data: Any, names: Sequence[str], index: int) -> Event:
    """Read one event strictly; errors name the event by ``index``, its number in the record
    counting from 1 (``event 3``), and say what is wrong."""
    reader = _Reader(data, names, index)
    kind = reader.get("type", str)
    if kind == "numbers":
        numbers = reader.seat_map("numbers", int, complete=True)
        return NumbersEvent(tuple(numbers[s] for s in range(len(names))))
    if kind == "table":
        rows = reader.seat_map("rows", dict, complete=True)
        table = Table(reader.get("worlds", int), tuple(reader.row(rows[s], names[s]) for s in range(len(names))))
        return TableEvent(reader.phase(), table)
    if kind == "night":
        actions = {
            s: NightAction(s, reader.seat_or_none(a, "divine"), reader.seat_or_none(a, "attack"))
            for s, a in reader.seat_map("actions", dict).items()
        }
        actions = {s: a for s, a in actions.items() if a.divine is not None or a.attack is not None}
        divinations = reader.seat_map("divinations", str)
        for result in divinations.values():
            reader.require(result in RESULTS, f"divination result {result!r} is not one of {', '.join(RESULTS)}")
        order = tuple(reader.seat(x) for x in reader.get("order", list))
        return NightEvent(reader.get("night", int), order, actions, divinations)
    if kind == "death":
        cause = reader.get("cause", str)
        reader.require(cause in CAUSES, f"cause {cause!r} is not one of {', '.join(CAUSES)}")
        role, rank = reader.get("role", str), reader.get("rank", (int, type(None)))
        card = reader.card(role if rank is None else f"{role}:{rank}")
        return DeathEvent(reader.seat(reader.get("player", str)), Cause(cause), card)
    if kind == "vote":
        votes = {s: reader.seat(t) for s, t in reader.seat_map("votes", str).items()}
        executed = reader.get("executed", (str, type(None)))
        return VoteEvent(reader.get("day", int), votes, None if executed is None else reader.seat(executed))
    if kind == "end":
        winner = reader.get("winner", str)
        reader.require(winner in WINNERS, f"winner {winner!r} is not one of {', '.join(WINNERS)}")
        world = reader.get("world", (dict, type(None)))
        if world is not None:
            cards = reader.seat_map("world", str, complete=True)
            world = tuple(reader.card(cards[s]) for s in range(len(names)))
        return EndEvent(Winner(winner), world)
    raise RecordError(f"event {index}: unknown type {kind!r} (expected numbers, table, night, death, vote or end)")


class _Reader:
    """Strict field access for one JSON event."""

    def __init__(self, data: Any, names: Sequence[str], index: int):
        self.data, self.names, self.index = data, names, index
        self.seats = {name: seat for seat, name in enumerate(names)}
        if not isinstance(data, dict):
            self.fail(f"expected an object, got {type(data).__name__}")

    def fail(self, message: str) -> NoReturn:
        kind = self.data.get("type") if isinstance(self.data, dict) else None
        raise RecordError(f"event {self.index}{f' ({kind})' if isinstance(kind, str) else ''}: {message}")

    def require(self, condition: bool, message: str) -> None:
        if not condition:
            self.fail(message)

    def get(self, key: str, types: type | tuple[type, ...]) -> Any:
        if key not in self.data:
            self.fail(f"missing field {key!r}")
        value = self.data[key]
        if isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
            self.fail(f"field {key!r} has the wrong type: {value!r}")
        if not isinstance(value, types):
            self.fail(f"field {key!r} has the wrong type: {value!r}")
        return value

    def seat(self, name: Any) -> Seat:
        if not isinstance(name, str) or name not in self.seats:
            self.fail(f"unknown player {name!r}")
        return self.seats[name]

    def seat_or_none(self, action: dict, key: str) -> Seat | None:
        value = action.get(key)
        return None if value is None else self.seat(value)

    def seat_map(self, key: str, types: type, complete: bool = False) -> dict[Seat, Any]:
        mapping = self.get(key, dict)
        out = {}
        for name, value in mapping.items():
            if isinstance(value, bool) or not isinstance(value, types):
                self.fail(f"{key}[{name!r}] has the wrong type: {value!r}")
            out[self.seat(name)] = value
        if complete and len(out) != len(self.names):
            missing = [n for n in self.names if self.seats[n] not in out]
            self.fail(f"{key!r} lacks players {missing}")
        return out

    def row(self, data: dict, name: str) -> Row:
        values = []
        for column in ("villager", "seer", "wolf", "dead"):
            value = data.get(column)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                self.fail(f"rows[{name!r}][{column!r}] must be a count, got {value!r}")
            values.append(value)
        return Row(*values)

    def phase(self) -> Phase:
        try:
            return Phase.parse(self.get("phase", str))
        except RecordError as error:
            self.fail(str(error))

    def card(self, text: str) -> Card:
        try:
            return Card.parse(text)
        except ValueError as error:
            self.fail(str(error))

