"""The record ``jinrou.shogi/1`` and the over-the-board adjudication (format: ``docs/quantum-shogi.md``).

A record is the moves in notation plus who resigned or lost on time, if anybody; the result is
written too and must agree with the replay. Reading replays every move through :meth:`Game.push`, so
a record that contains a move no consistent assignment allows is refused with its move number and
the reason.

>>> record = Record(("⑤c4", "⑭xc4", "⑦c2", "⑫xc2", "①b2"))
>>> Record.read(record.write()).replay().determination()[5]
'〇●●●●●'
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from jinrou import chatlog
from jinrou.chance import uniform_below
from jinrou.errors import JinrouError, RecordError
from jinrou.shogi import space as sp
from jinrou.shogi.classical import Foul, first_foul
from jinrou.shogi.game import Game, Outcome, Termination
from jinrou.shogi.moves import Move
from jinrou.shogi.pieces import SIDE_NAMES, glyph
from jinrou.shogi.replay import steps

FORMAT = "jinrou.shogi/1"


@dataclass(frozen=True)
class Record:
    """A game as written: its moves (canonical notation), who resigned, the players' names, and who
    lost on time (a game played with clocks)."""

    moves: tuple[str, ...]
    resigned: int | None = None
    players: tuple[str, str] = ("sente", "gote")
    lost_on_time: int | None = None

    @classmethod
    def of(cls, game: Game, players: tuple[str, str] = ("sente", "gote")) -> Record:
        outcome = game.outcome
        termination = None if outcome is None else outcome.termination
        loser = None if outcome is None else outcome.loser
        return cls(tuple(str(m) for m in game.moves), loser if termination is Termination.RESIGNATION else None,
                   players, loser if termination is Termination.TIME else None)

    def replay(self) -> Game:
        """The game these moves make; :class:`RecordError` names the first move that cannot be played."""
        game = Game()
        deque(steps(game, self.moves, self.resigned, self.lost_on_time), maxlen=0)  # run every step, keep none
        return game

    def write(self) -> dict[str, Any]:
        outcome = self.replay().outcome
        data: dict[str, Any] = {
            "format": FORMAT,
            "players": {"sente": self.players[0], "gote": self.players[1]},
            "moves": list(self.moves),
            "resigned": None if self.resigned is None else SIDE_NAMES[self.resigned],
        }
        if self.lost_on_time is not None:  # written only when it happened: other records are as before
            data["lost_on_time"] = SIDE_NAMES[self.lost_on_time]
        return data | {"result": result_json(outcome)}

    @classmethod
    def read(cls, data: Any) -> Record:
        """A record from its JSON object; strict: unknown keys, bad moves or a wrong result are errors."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a {FORMAT} record: expected an object with \"format\": \"{FORMAT}\"")
        unknown = set(data) - {"format", "players", "moves", "resigned", "lost_on_time", "result", chatlog.KEY}
        if unknown:
            raise RecordError(f"unknown keys {sorted(unknown)!r}: allowed are players, moves, resigned, lost_on_time, "
                              "result, chat")
        if chatlog.KEY in data:  # a room's chat, kept beside the game: checked, not replayed
            chatlog.check_chat(data[chatlog.KEY])
        moves = data.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("\"moves\" must be a list of move texts such as \"⑤c4\"")
        players = data.get("players", {"sente": "sente", "gote": "gote"})
        if not isinstance(players, dict) or set(players) != {"sente", "gote"}:
            raise RecordError("\"players\" must be an object with the keys sente and gote")
        resigned = data.get("resigned")
        lost_on_time = data.get("lost_on_time")
        for key, value in (("resigned", resigned), ("lost_on_time", lost_on_time)):
            if value not in (None, *SIDE_NAMES):
                raise RecordError(f"\"{key}\" must be null, \"sente\" or \"gote\", not {value!r}")
        if resigned is not None and lost_on_time is not None:
            raise RecordError("a game ends once: \"resigned\" and \"lost_on_time\" cannot both be set")
        for index, text in enumerate(moves):
            try:
                Move.parse(text)
            except JinrouError as error:
                raise RecordError(f"move {index + 1}: {error}") from None
        record = cls(tuple(moves), None if resigned is None else SIDE_NAMES.index(resigned),
                     (str(players["sente"]), str(players["gote"])),
                     None if lost_on_time is None else SIDE_NAMES.index(lost_on_time))
        game = record.replay()
        record = cls(tuple(str(m) for m in game.moves), record.resigned, record.players, record.lost_on_time)
        if "result" in data and data["result"] != result_json(game.outcome):
            if game.outcome is None:
                raise RecordError(f"the record's result is {data['result']!r}, but after its {len(moves)} moves the "
                                  "game is still in progress: moves are missing (the record is cut short), or the "
                                  "result is wrong")
            raise RecordError(f"the record's result {data['result']!r} differs from the replay's: {game.outcome} "
                              f"({json.dumps(result_json(game.outcome), ensure_ascii=False)})")
        return record


def result_json(outcome: Outcome | None) -> dict[str, Any] | None:
    """The record's ``result`` for an outcome (None while the game goes on)."""
    if outcome is None:
        return None
    return {"winner": None if outcome.winner is None else SIDE_NAMES[outcome.winner], "reason": outcome.reason}


@dataclass(frozen=True)
class Adjudication:
    """The over-the-board check (spec §4): the types fixed for every piece, and the first foul if any."""

    types: tuple[int, ...]
    foul: Foul | None
    consistent_moves: int = 0

    def __str__(self) -> str:
        if self.foul is None:
            return "no foul in the replay: the result stands"
        return str(self.foul)


def adjudicate(moves: Sequence[str], rng: np.random.Generator, types: Sequence[int] | None = None) -> Adjudication:
    """Fix every type and replay the moves with classical rules; the first foul loses.

    The types are ``types`` if given (20 values, :class:`PieceType` numbers), else one consistent pair
    of assignments drawn uniformly — consistent with the whole record, or, for a record with an
    impossible move, with the moves before it (whose replay must then find a foul at or after it).
    """
    parsed = []
    for index, text in enumerate(moves):
        try:
            parsed.append(Move.parse(text))
        except JinrouError as error:
            raise RecordError(f"move {index + 1}: {error}") from None
    game = Game(play_on=True)
    for move in parsed:
        if game.explain(move) is not None:
            break
        game.push(move)
    done = len(game.moves)
    if types is not None and len(types) != 20:
        raise RecordError(f"expected 20 types, one per piece ①–⑳, not {len(types)}")
    fixed = np.array(draw_types(game, rng) if types is None else types, np.int64)
    return Adjudication(tuple(int(t) for t in fixed), first_foul(parsed, fixed), done)


def draw_types(game: Game, rng: np.random.Generator) -> np.ndarray:
    """The 20 types of a consistent pair of assignments drawn uniformly (every pair equally likely)."""
    weights = game.space.weights(0)
    pick = uniform_below(rng, int(weights.sum()))
    row = int(np.searchsorted(np.cumsum(weights), pick, side="right"))
    pick -= int(weights[:row].sum())
    bits = np.unpackbits(game.space.rows[0][row].view(np.uint8), bitorder="little")
    column = int(np.flatnonzero(bits)[pick])
    return np.concatenate([sp.TYPES[row], sp.TYPES[column]])


def describe_types(types: Sequence[int]) -> str:
    """``①銀 ②歩 ...``."""
    return " ".join(f"{glyph(i)}{'歩香銀金猫玉'[t]}" for i, t in enumerate(types))
