"""The offline game record ``jinrou.offline/1``: the game master's entries, read and written.

The record holds only what the GM entered (and each collapse, the one random outcome); everything
else is derived by replaying the entries through :class:`~jinrou.offline.rules.OfflineGame`.

>>> from jinrou.offline.rules import OfflineGame, Point, Setup
>>> game = OfflineGame.new(Setup.create(4, wolves=1)).apply(Point(1, 0, 1))
>>> record = write(game, seed=3)
>>> record["entries"]
[{'type': 'point', 'night': 1, 'player': 'A', 'target': 'B'}]
>>> read(record)[0].entries == game.entries
True
"""

from __future__ import annotations

import json
from typing import Any

from jinrou.errors import JinrouError, RecordError
from jinrou.jsontext import parse_json
from jinrou.offline.rules import Announce, CastVote, Collapse, Entry, OfflineGame, Point, Setup

FORMAT = "jinrou.offline/1"


def write(game: OfflineGame, seed: int | None = None) -> dict[str, Any]:
    names = game.names
    return {
        "format": FORMAT,
        "players": list(names),
        "wolves": game.setup.wolves,
        "seed": seed,
        "entries": [_entry_json(e, names) for e in game.entries],
    }


def dumps(game: OfflineGame, seed: int | None = None) -> str:
    data = write(game, seed)
    entries = ",\n  ".join(json.dumps(e, ensure_ascii=False) for e in data.pop("entries"))
    return json.dumps(data, ensure_ascii=False)[:-1] + f', "entries": [\n  {entries}\n]}}\n'


def read(data: Any) -> tuple[OfflineGame, int | None]:
    """The game a record describes (replayed and checked) and its seed."""
    if isinstance(data, str | bytes):
        data = parse_json(data, RecordError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} record")
    unknown = set(data) - {"format", "players", "wolves", "seed", "entries"}
    if unknown:
        raise RecordError(f"unknown fields {sorted(unknown)}")
    seed, entries = data.get("seed"), data.get("entries")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise RecordError(f"'seed' must be an integer, 0 or more, or null, not {seed!r}")
    if not isinstance(entries, list) or not isinstance(data.get("players"), list):
        raise RecordError("'players' and 'entries' must be lists")
    wolves: Any = data.get("wolves")  # any JSON value: Setup checks it and says what is allowed
    try:
        setup = Setup(tuple(data["players"]), wolves)
    except JinrouError as error:
        raise RecordError(f"setup: {error}") from None
    parsed = [_entry(e, setup.players, number) for number, e in enumerate(entries, 1)]
    try:
        return OfflineGame.replay(setup, parsed), seed
    except JinrouError as error:
        raise RecordError(str(error)) from None


def load(path: str) -> tuple[OfflineGame, int | None]:
    with open(path, encoding="utf-8") as handle:
        return read(handle.read())


def _entry_json(entry: Entry, names: tuple[str, ...]) -> dict[str, Any]:
    if isinstance(entry, Point):
        return {"type": "point", "night": entry.night, "player": names[entry.player], "target": names[entry.target]}
    if isinstance(entry, Announce):
        return {"type": "announce", "day": entry.day, "player": names[entry.player], "target": names[entry.target],
                "result": "wolf" if entry.wolf else "human"}
    if isinstance(entry, CastVote):
        return {"type": "vote", "day": entry.day, "player": names[entry.player], "target": names[entry.target]}
    return {"type": "collapse", "player": names[entry.player], "role": "wolf" if entry.wolf else "human",
            "roll": entry.roll}


def _entry(data: Any, names: tuple[str, ...], position: int) -> Entry:
    """One entry, read strictly; errors name it as ``event N`` (its place in ``entries``, from 1)."""
    def fail(message: str) -> RecordError:
        kind = data.get("type") if isinstance(data, dict) else None
        return RecordError(f"event {position}{f' ({kind})' if isinstance(kind, str) else ''}: {message}")

    if not isinstance(data, dict):
        raise fail("expected an object")
    kind = data.get("type")
    fields = {"point": {"night", "player", "target"}, "announce": {"day", "player", "target", "result"},
              "vote": {"day", "player", "target"}, "collapse": {"player", "role", "roll"}}
    if kind not in fields:
        raise fail(f"unknown type {kind!r} (expected point, announce, vote or collapse)")
    if set(data) - {"type"} != fields[kind]:
        raise fail(f"a {kind} entry has the fields {sorted(fields[kind])}, got {sorted(set(data) - {'type'})}")

    def seat(key: str) -> int:
        if data[key] not in names:
            raise fail(f"unknown player {data[key]!r}")
        return names.index(data[key])

    def number(key: str) -> int:
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(f"{key!r} must be an integer, not {value!r}")
        return value

    if kind == "point":
        return Point(number("night"), seat("player"), seat("target"))
    if kind == "vote":
        return CastVote(number("day"), seat("player"), seat("target"))
    if kind == "announce":
        if data["result"] not in ("wolf", "human"):
            raise fail(f"result must be wolf or human, not {data['result']!r}")
        return Announce(number("day"), seat("player"), seat("target"), data["result"] == "wolf")
    if data["role"] not in ("wolf", "human"):
        raise fail(f"role must be wolf or human, not {data['role']!r}")
    roll = data["roll"]
    if roll is not None:
        roll = number("roll")
    return Collapse(seat("player"), data["role"] == "wolf", roll)
