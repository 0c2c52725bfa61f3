"""Quantum mini-shogi (量子ミニ将棋) as a server mode: two seats, a clock per side, the same view for all.

Seat 0 is sente (先手 ▲), seat 1 gote (後手 △). Actions are ``{"move": "⑤c4"}`` (any notation
:meth:`~jinrou.shogi.moves.Move.parse` reads) from the side to move, and ``{"resign": true}`` from
either side at any time. A refused move raises :class:`~jinrou.errors.IllegalActionError` with the
game's reason (:meth:`~jinrou.shogi.game.Game.explain`). Each move is a turn with its own deadline:
the mover's clock (``clock_seconds`` less the time the server has counted on its turns); when it
passes, the side to move loses on time. Nothing in this game is hidden, so every seat and every
spectator gets the one view: board, hands, legal moves, the determination list with each piece's
exact chance of being the king, the moves and the result. The record is ``jinrou.shogi/1``, the one
``jinrou shogi replay`` reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from jinrou.agents.shogi import SHOGI_AGENTS, make_shogi_agent
from jinrou.errors import IllegalActionError, NotationError
from jinrou.modes.base import Channel, Choice, Field, FieldKind, History, Phase, Result, Schema, Title, result_json
from jinrou.players import Seat
from jinrou.shogi.game import Game, Outcome, Termination
from jinrou.shogi.moves import Move
from jinrou.shogi.pieces import SIDE_JAPANESE, SIDE_NAMES, TYPES, PieceType, glyph, square_name
from jinrou.shogi.record import Record

MARKS = "▲△"
BOT_LABELS = {"random": ("random moves", "ランダム"), "search": ("search (2 plies)", "探索 (2手読み)")}
SPECTATORS_READ = "spectators only read the table chat"


@dataclass(frozen=True)
class Match:
    """A game as the server hosts it. ``game`` is never pushed once wrapped: a move makes a new Match
    on a copy, so a state the server holds never changes. ``bot`` is the kind that plays empty seats."""

    game: Game
    players: tuple[str, str]
    bot: str
    clock: int  # seconds per side

    def after(self, play: Callable[[Game], object]) -> Match:
        """A new Match whose game is a copy of this one with ``play`` applied (if it raises, nothing
        changed)."""
        game = self.game.copy()
        play(game)
        return Match(game, self.players, self.bot, self.clock)

    @cached_property
    def side(self) -> int | None:
        """The side to move, or None once the game is over."""
        return None if self.game.outcome is not None else self.game.turn

    @cached_property
    def result(self) -> Result | None:
        return _result(self)

    @cached_property
    def view(self) -> dict[str, Any]:
        """The one view of this position (built once: every seat and spectator is sent it)."""
        return _view(self)


class ShogiMode:
    """Quantum mini-shogi (量子ミニ将棋)."""

    name = "shogi"
    record_format = "jinrou.shogi/1"
    title = ("Quantum mini-shogi", "量子ミニ将棋")
    script = Path(__file__).parent / "web" / "shogi.js"
    public_clocks = True

    @property
    def titles(self) -> tuple[Title, ...]:
        """The 称号 this mode grants for wins (declared in :mod:`jinrou.modes.titles`)."""
        from jinrou.modes.titles import SHOGI

        return SHOGI
    schema = Schema((
        Field("clock_seconds", "Clock per side (s)", "持ち時間 (秒)", FieldKind.INTEGER, 600, 10, 7200),
        Field("bot", "Bot for an empty seat", "空席のボット", FieldKind.CHOICE, "search",
              choices=tuple(Choice(kind, *BOT_LABELS[kind]) for kind in SHOGI_AGENTS)),
    ))

    # ---------------------------------------------------------------- setup

    def settings(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return self.schema.validate(data)

    def seats(self, settings: Mapping[str, Any]) -> int:
        return 2

    def summary(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"clock_seconds": settings["clock_seconds"], "bot": settings["bot"]}

    def start(self, players: tuple[str, ...], settings: Mapping[str, Any]) -> Match:
        return Match(Game(), (players[0], players[1]), settings["bot"], int(settings["clock_seconds"]))

    # ---------------------------------------------------------------- turns

    def phase(self, match: Match) -> Phase:
        plies = len(match.game.moves)
        return Phase(f"move {plies + 1}", turn=plies)

    def seconds(self, match: Match, settings: Mapping[str, Any], used: Sequence[float]) -> float | None:
        """What is left on the mover's clock."""
        side = match.side
        return None if side is None else max(0.0, match.clock - used[side])

    def awaited(self, match: Match) -> tuple[Seat, ...]:
        return () if match.side is None else (match.side,)

    def check(self, match: Match, seat: Seat, action: Any) -> None:
        """Whether :meth:`act` accepts ``action``: a move is tried on a copy (:meth:`Match.after`),
        the match itself unchanged."""
        self.act(match, seat, action)

    def repeats(self, match: Match, seat: Seat, action: Any) -> bool:
        """Never: every accepted action changes the match (a move passes the turn, a resignation
        ends it), so the same one sent again is refused by :meth:`check`."""
        return False

    def act(self, match: Match, seat: Seat, action: Any) -> Match:
        """``{"move": "⑤c4"}`` from the side to move, or ``{"resign": true}`` from either side."""
        if not isinstance(action, dict) or len(action) != 1 or not {"move", "resign"} >= set(action):
            raise IllegalActionError('an action is {"move": "⑤c4"} (the piece and the square) or {"resign": true}, '
                                     f"not {action!r}")
        outcome = match.game.outcome
        if outcome is not None:
            raise IllegalActionError(f"the game is over: {outcome}")
        if "resign" in action:
            if action["resign"] is not True:
                raise IllegalActionError('to resign, send {"resign": true}')
            return match.after(lambda game: game.resign(seat))
        if seat != match.side:
            raise IllegalActionError(f"it is not your turn: {_side(match.game.turn)} is to move")
        text = action["move"]
        if not isinstance(text, str):
            raise IllegalActionError(f'a move is a text such as "⑤c4" or "5-c4", not {text!r}')
        try:
            move = Move.parse(text)
        except NotationError as error:
            raise IllegalActionError(str(error)) from None
        return match.after(lambda game: game.push(move))

    def close(self, match: Match) -> Match:
        """The mover's clock ran out: it loses on time."""
        side = match.side
        return match if side is None else match.after(lambda game: game.lose_on_time(side))

    def bot_action(self, match: Match, seat: Seat, rng: np.random.Generator) -> dict[str, Any]:
        return {"move": str(make_shogi_agent(match.bot).choose(match.game, rng))}

    def draw(self, match: Match, make_rng: Callable[[], np.random.Generator]) -> dict[str, Any] | None:
        return None  # no chance in shogi: only the bots draw, and their moves are stored as actions

    def happen(self, match: Match, outcome: Mapping[str, Any]) -> Match:
        raise IllegalActionError(f"quantum mini-shogi has no random outcomes, not {dict(outcome)!r}")

    # ---------------------------------------------------------------- views

    def view(self, match: Match, seat: Seat | None) -> dict[str, Any]:
        """The one view of the game (nothing is hidden): the same JSON for every seat and spectator."""
        return match.view

    def channels(self, match: Match | None, seat: Seat | None) -> tuple[Channel, ...]:
        return (Channel("table", "Table", "対局室", SPECTATORS_READ if seat is None else None),)

    def result(self, match: Match) -> Result | None:
        return match.result

    winners = (("sente", "▲ Sente", "先手"), ("gote", "△ Gote", "後手"), ("draw", "Draw", "引き分け"))
    """What the history filters the winner by (key, English, Japanese)."""

    def replay(self, record: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The game of a ``jinrou.shogi/1`` record move by move, checked as ``shogi replay`` checks it."""
        from jinrou.modes.replays import shogi_steps

        return shogi_steps(record)

    def history(self, match: Match, settings: Mapping[str, Any]) -> History | None:
        """What the game history lists: the winning side (or a draw), the moves, the clock."""
        outcome = match.game.outcome
        if outcome is None:
            return None
        if outcome.winner is None:
            winner, label = "draw", ("Draw", "引き分け")
        else:
            side = outcome.winner
            winner = SIDE_NAMES[side]
            label = (f"{MARKS[side]} {SIDE_NAMES[side].capitalize()} ({match.players[side]})",
                     f"{SIDE_JAPANESE[side]}（{match.players[side]}）")
        moves, clock = len(match.game.moves), int(settings["clock_seconds"])
        return History(winner, label, moves, (f"{moves} move{'s' if moves != 1 else ''}", f"{moves}手"),
                       f"clock:{clock}", (f"{clock // 60}:{clock % 60:02d} a side", f"持ち時間{clock // 60}分{clock % 60 or ''}"
                                          + ("秒" if clock % 60 else "")))

    def record(self, match: Match, seed: int) -> dict[str, Any]:
        """The ``jinrou.shogi/1`` record (no chance, so the seed is not in it)."""
        return Record.of(match.game, match.players).write()


def _side(side: int) -> str:
    return f"{MARKS[side]} {SIDE_NAMES[side]}"


def _result(match: Match) -> Result | None:
    outcome = match.game.outcome
    if outcome is None:
        return None
    en, ja = _reason(match.game, outcome)
    if outcome.winner is None:
        return Result(f"Draw: {en}.", f"引き分け（{ja}）", ())
    winner = outcome.winner
    return Result(f"{MARKS[winner]} {SIDE_NAMES[winner].capitalize()} ({match.players[winner]}) wins: {en}.",
                  f"{SIDE_JAPANESE[winner]}（{match.players[winner]}）の勝ち（{ja}）", (winner,))


def _reason(game: Game, outcome: Outcome) -> tuple[str, str]:
    """Why the game ended, in English (the record's words; "gote resigned" for a resignation) and
    Japanese."""
    loser = outcome.loser
    lost = "" if loser is None else SIDE_JAPANESE[loser]
    termination = outcome.termination
    if termination is Termination.KING_DETERMINED:
        assert loser is not None
        king = "".join(glyph(k) for k in game.king_candidates(loser))
        return outcome.reason, f"{lost}の玉{king}が確定"
    if termination is Termination.RESIGNATION:
        assert loser is not None
        return f"{SIDE_NAMES[loser]} resigned", f"{lost}の投了"
    ja = {Termination.BOTH_KINGS_DETERMINED: "両者の玉が同じ手で確定",
          Termination.REPETITION: "千日手",
          Termination.NO_LEGAL_MOVE: f"{lost}に指せる手がない",
          Termination.TIME: f"{lost}の時間切れ"}[termination]
    return outcome.reason, ja


def _view(match: Match) -> dict[str, Any]:
    """The view's JSON (see docs/modes.md): everything about the position, nothing about a seat."""
    game, position = match.game, match.game.position
    board = position.board()
    marks = game.determination()
    counts = game.type_counts()
    total = int(counts[0].sum())
    pieces = []
    for piece in range(20):
        king = Fraction(int(counts[piece, PieceType.KING]), total)
        possible = game.possible(piece)
        square = position.squares[piece]
        pieces.append({
            "piece": piece,
            "glyph": glyph(piece),
            "origin": piece // 10,
            "owner": position.owners[piece],
            "square": None if square < 0 else square_name(square),
            "promoted": position.promoted[piece],
            "marks": marks[piece],
            "types": "".join(t.japanese for t in TYPES if possible >> t & 1),
            "king": str(king),
            "king_p": float(king),
        })
    log = [f"{number}. {MARKS[(number - 1) % 2]} {move}" for number, move in enumerate(game.moves, 1)]
    if game.outcome is not None:
        log.append(f"— {game.outcome} —")
    side = match.side
    return {
        "mode": "shogi",
        "phase": "over" if side is None else f"move {len(game.moves) + 1} · {_side(side)}",
        "players": list(match.players),
        "turn": side,
        "clock_seconds": match.clock,
        "pieces": pieces,
        "board": [None if piece < 0 else piece for piece in board],
        "hands": [position.hand(0), position.hand(1)],
        "legal": _legal(game),
        "assignments": str(game.assignments()),
        "moves": [str(m) for m in game.moves],
        "log": log,
        "outcome": None if game.outcome is None else {
            "winner": None if game.outcome.winner is None else SIDE_NAMES[game.outcome.winner],
            "reason": game.outcome.reason,
            "termination": str(game.outcome.termination),
        },
        "result": result_json(match.result, match.players),
    }


def _legal(game: Game) -> list[dict[str, Any]]:
    """The legal moves grouped by piece (its square, or a drop from the hand): per destination the
    move without promotion and the one with it (None where not allowed). Both: promotion is
    optional; only ``promote``: it is forced."""
    groups: dict[int, dict[str, Any]] = {}
    for move in game.legal_moves():
        square = game.position.squares[move.piece]
        group = groups.setdefault(move.piece, {"piece": move.piece, "from": None if move.drop else square_name(square),
                                               "drop": move.drop, "to": {}})
        target = group["to"].setdefault(square_name(move.to), {"move": None, "promote": None})
        target["promote" if move.promote else "move"] = str(move)
    return [{**g, "to": [{"square": s, **t} for s, t in g["to"].items()]} for g in groups.values()]
