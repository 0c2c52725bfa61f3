"""The game record ``jinrou.quantum/1``: read, write, replay (format: ``docs/quantum-record.md``).

A record holds the setup and the events in game order. Replaying feeds its decisions (night orders,
votes) and its random outcomes (order, divination results, collapses, tie-breaks, the final world)
through the same :meth:`Game.apply` the game used, and compares what the rules produce with what
the record says. Two kinds of record replay:

* a **full record** (it has ``table`` events): every event must match the rules exactly;
* an **input record** — only ``night``, ``vote`` and ``death`` events (plus ``numbers`` and
  ``end`` if wanted): replay computes the rest (tables, the end) and returns the full game. Its
  chain deaths must be listed, since each carries a random collapse.

>>> import numpy as np
>>> from jinrou.quantum.game import Game, Setup
>>> game = Game.new(Setup.create(5)).advance(np.random.default_rng(0))
>>> record = Record.of(game, seed=0)
>>> Record.read(record.write()).replay().events == game.events
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import numpy as np

from jinrou import chatlog
from jinrou.errors import JinrouError, RecordError
from jinrou.jsontext import parse_json
from jinrou.quantum.events import (
    Action,
    Cause,
    ChanceOutcome,
    Collapsed,
    Deadline,
    DeathEvent,
    Divined,
    EndEvent,
    Event,
    FinalWorld,
    NightEvent,
    Numbers,
    NumbersEvent,
    Order,
    TableEvent,
    TieBroken,
    Vote,
    VoteEvent,
    event_from_json,
)
from jinrou.quantum.game import (
    Chance,
    CollapseChance,
    DivinationChance,
    Game,
    NumbersChance,
    Options,
    OrderChance,
    Setup,
    TieBreakChance,
    WorldChance,
)

FORMAT = "jinrou.quantum/1"

_E = TypeVar("_E", NumbersEvent, TableEvent, NightEvent, DeathEvent, VoteEvent, EndEvent)


@dataclass(frozen=True)
class Record:
    """A game's setup, the seed it was played with (if any) and its events."""

    setup: Setup
    events: tuple[Event, ...]
    seed: int | None = None

    @classmethod
    def of(cls, game: Game, seed: int | None = None) -> Record:
        return cls(game.setup, game.events, seed)

    # ---------------------------------------------------------------- writing

    def write(self) -> dict[str, Any]:
        """The JSON object (canonical: every option spelled out)."""
        names = self.setup.players
        return {
            "format": FORMAT,
            "players": list(names),
            "wolves": self.setup.wolves,
            "options": self.setup.options.to_json(),
            "seed": self.seed,
            "events": [event.to_json(names) for event in self.events],
        }

    def dumps(self) -> str:
        """The record as JSON text: one line per event, readable and diffable."""
        data = self.write()
        events = ",\n  ".join(json.dumps(e, ensure_ascii=False) for e in data.pop("events"))
        head = json.dumps(data, ensure_ascii=False)[:-1]
        return f'{head}, "events": [\n  {events}\n]}}\n'

    # ---------------------------------------------------------------- reading

    @classmethod
    def read(cls, data: Any) -> Record:
        """Read a record (a parsed JSON object, or JSON text) strictly."""
        if isinstance(data, str | bytes):
            data = parse_json(data, RecordError)
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(f"format must be {FORMAT!r}, not {data.get('format')!r}")
        unknown = set(data) - {"format", "players", "wolves", "options", "seed", "events", chatlog.KEY}
        if unknown:
            raise RecordError(f"unknown fields {sorted(unknown)}")
        if chatlog.KEY in data:  # a room's chat, kept beside the game: checked, not replayed
            chatlog.check_chat(data[chatlog.KEY])
        players, events, seed = data.get("players"), data.get("events"), data.get("seed")
        if not isinstance(players, list):
            raise RecordError(f"'players' must be a list of names, not {players!r}")
        if not isinstance(events, list):
            raise RecordError(f"'events' must be a list, not {events!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise RecordError(f"'seed' must be an integer, 0 or more, or null, not {seed!r}")
        wolves: Any = data.get("wolves")  # any JSON value: Setup checks it and says what is allowed
        try:
            setup = Setup(tuple(players), wolves, Options.from_json(data.get("options", {})))
        except JinrouError as error:
            raise RecordError(f"setup: {error}") from None
        names = setup.players
        return cls(setup, tuple(event_from_json(e, names, number) for number, e in enumerate(events, 1)), seed)

    # --------------------------------------------------------------- replaying

    @property
    def is_input(self) -> bool:
        """True for an input record (no table events: they are to be computed)."""
        return not any(isinstance(e, TableEvent) for e in self.events)

    def replay(self, rng: np.random.Generator | None = None) -> Game:
        """The game this record describes, checked against the rules.

        A full record must match event for event. An input record is completed; where it lacks the
        secret numbers (anonymous option) or the final world, they are drawn from ``rng`` (default:
        a generator seeded with the record's seed, or 0). Raises :class:`RecordError` naming the
        first event that is wrong.
        """
        return _Replay(self, rng).run()


class _Replay:
    def __init__(self, record: Record, rng: np.random.Generator | None, blame: bool = True):
        self.record, self.blame = record, blame
        self.events = record.events
        self.names = record.setup.players
        self.full = not record.is_input
        self.rng = rng if rng is not None else np.random.default_rng(record.seed or 0)
        self.i = 0  # next record event
        self.seen = 0  # engine events matched so far

    def fail(self, message: str, at: int | None = None) -> RecordError:
        """An error naming the event at ``at`` (default: the current one), counting from 1."""
        at = self.i if at is None else at
        if at < len(self.events):
            return RecordError(f"event {at + 1} ({self.events[at].type}): {message}")
        return RecordError(f"after the last event ({len(self.events)} events): {message}")

    def peek(self, kind: type[_E]) -> _E | None:
        """The current event if it is a ``kind`` event, else None."""
        event = self.events[self.i] if self.i < len(self.events) else None
        return event if isinstance(event, kind) else None

    def current(self, kind: type[_E], expecting: str) -> _E:
        """The current event, which must be a ``kind`` event (``expecting`` says which, for the error)."""
        if self.i >= len(self.events):
            raise self.fail(f"the record ends, but the game needs {expecting}")
        event = self.events[self.i]
        if not isinstance(event, kind):
            raise self.fail(f"expected {expecting} here, got a {event.type} event")
        return event

    def apply(self, game: Game, action: Action | ChanceOutcome) -> Game:
        try:
            return game.apply(action)
        except JinrouError as error:
            raise self.fail(str(error)) from None

    def run(self) -> Game:
        game = Game.new(self.record.setup)
        game = self.sync(game)
        while not game.is_over:
            chance = game.chance
            if chance is not None:
                game = self.apply(game, self.outcome(game, chance))
            elif self.i == len(self.events):
                break  # a game in progress: it waits for its players
            else:
                game = self.decide(game)
            game = self.sync(game)
        if self.i < len(self.events):
            raise self.fail("the game is already over" if game.is_over else "this event does not fit here")
        return game

    def decide(self, game: Game) -> Game:
        event = self.events[self.i]
        if isinstance(event, NightEvent) and game.phase.is_night and event.night == game.phase.number:
            for action in event.actions.values():
                game = self.apply(game, action)
            return self.apply(game, Deadline())
        if isinstance(event, VoteEvent) and not game.phase.is_night and event.day == game.phase.number:
            for voter, target in event.votes.items():
                game = self.apply(game, Vote(voter, target))
            return self.apply(game, Deadline())
        expected = f"the night {game.phase.number} event" if game.phase.is_night else f"a day {game.phase.number} vote"
        raise self.fail(f"expected {expected} here")

    def outcome(self, game: Game, chance: Chance) -> ChanceOutcome:
        """The outcome the record gives for the pending ``chance`` (drawn from the generator where an
        input record may leave it out)."""
        describe = chance.describe(self.names)
        match chance:
            case NumbersChance():
                if not self.full and self.peek(NumbersEvent) is None:
                    return chance.sample(self.rng)  # an input record may leave the numbers to the seed
                return Numbers(self.current(NumbersEvent, "the numbers event").numbers)
            case OrderChance():
                return Order(self.current(NightEvent, f"the night {game.phase.number} event").order)
            case DivinationChance():
                result = self.current(NightEvent, "the night event").divinations.get(chance.seer)
                if result not in ("wolf", "human"):
                    raise self.fail(f"{describe} must be wolf or human (he had candidate worlds), not {result!r}")
                return Divined(result == "wolf")
            case CollapseChance():
                death = self.peek(DeathEvent)
                if death is None:
                    missing = "missing chain death: " if chance.cause is Cause.ATTACK else ""
                    raise self.fail(f"{missing}expected a death event for {describe}")
                if death.cause != chance.cause or death.player not in chance.players:
                    raise self.fail(f"expected {describe}, got the {death.cause} death of {self.names[death.player]}")
                return Collapsed(death.player, death.card)
            case TieBreakChance():
                executed = self.current(VoteEvent, "the vote event").executed
                if executed is None:
                    raise self.fail(f"the vote is tied and random_tiebreak is on: {describe} must name a player")
                return TieBroken(executed)
            case WorldChance():
                end = self.peek(EndEvent)
                if end is not None:
                    if end.world is None:
                        raise self.fail("final_collapse is on, so the end event must give the world")
                    return FinalWorld(end.world)
                if self.full:
                    raise self.fail("expected the end event")
                return chance.sample(self.rng)
        raise AssertionError(f"unknown chance {chance!r}")  # pragma: no cover

    def sync(self, game: Game) -> Game:
        """Match the events the rules just produced against the record."""
        for event in game.events[self.seen :]:
            recorded = self.events[self.i] if self.i < len(self.events) else None
            computed = TableEvent | EndEvent | NumbersEvent  # what an input record may leave out
            if not self.full and isinstance(event, computed) and type(recorded) is not type(event):
                continue  # computed for an input record
            if recorded is None:
                raise self.fail(f"the record ends before the rules' {event.type} event")
            if recorded != event:
                blamed = self.blame_divination() if self.blame and isinstance(event, TableEvent) else None
                raise blamed or self.fail(_difference(recorded.to_json(self.names), event.to_json(self.names)))
            self.i += 1
        self.seen = len(game.events)
        return game


    def blame_divination(self) -> RecordError | None:
        """When a full record's table differs from the rules', the divination result of the night
        before may be the wrong entry (both results were possible, so the night itself replays): if
        the other result gives the recorded table, the error names the night event."""
        night_at = next((j for j in range(self.i - 1, -1, -1) if isinstance(self.events[j], NightEvent)), None)
        if night_at is None:
            return None
        night = self.events[night_at]
        assert isinstance(night, NightEvent)
        for seer, result in night.divinations.items():
            target = night.actions[seer].divine if seer in night.actions else None
            if result not in ("wolf", "human") or target is None:
                continue
            other = "human" if result == "wolf" else "wolf"
            events = list(self.events[: self.i + 1])
            events[night_at] = replace(night, divinations={**night.divinations, seer: other})
            try:
                _Replay(replace(self.record, events=tuple(events)), None, blame=False).run()
            except RecordError:
                continue
            return self.fail(f"{self.names[seer]}'s divination of {self.names[target]} is {result!r}, but the "
                             f"table that follows (event {self.i + 1}) is the one of {other!r}", at=night_at)
        return None


def _difference(recorded: dict, computed: dict) -> str:
    """What differs between a recorded event and the rules' one, down to the cell of a table:
    ``rows['B']['wolf'] is 12, but the rules give 13``."""
    if recorded.get("type") != computed.get("type"):
        return f"expected a {computed['type']} event here, got a {recorded['type']} event"
    path: list[str] = []
    got: Any = recorded
    want: Any = computed
    while isinstance(got, dict) and isinstance(want, dict):
        key = next((k for k in want if got.get(k) != want[k]), None)
        if key is None:
            break
        path.append(key)
        got, want = got.get(key), want[key]
    if not path:
        return "differs from the rules"  # pragma: no cover
    where = repr(path[0]) if len(path) == 1 else path[0] + "".join(f"[{k!r}]" for k in path[1:])
    return f"{where} is {json.dumps(got, ensure_ascii=False)}, but the rules give {json.dumps(want, ensure_ascii=False)}"


def load(path: str) -> Record:
    """Read a record file."""
    with open(path, encoding="utf-8") as handle:
        return Record.read(handle.read())


__all__ = ["FORMAT", "Record", "load"]
