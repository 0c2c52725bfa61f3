"""A game replayed one move at a time: each move checked and played, with what is known after it.

This is the one replay of quantum mini-shogi moves. :meth:`jinrou.shogi.record.Record.replay` runs it
to the end; ``jinrou shogi replay`` shows the board between the moves and, with ``--json``, lists the
determination list (駒確定状況リスト) after each move. A move no consistent assignment allows stops the
replay with a :class:`~jinrou.errors.RecordError` that names the move, counted from 1.

>>> game = Game()
>>> [(step.number, SIDE_NAMES[step.side], str(step.move)) for step in steps(game, ["5-c4", "⑭xc4"])]
[(1, 'sente', '⑤c4'), (2, 'gote', '⑭xc4')]
>>> game.determination()[4]  # ⑤ after it: 〇 under 猫 (determined a cat), ● under every other type
'●●●●〇●'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from jinrou.errors import JinrouError, RecordError
from jinrou.shogi.game import Game
from jinrou.shogi.moves import Move
from jinrou.shogi.pieces import SIDE_NAMES, Side


@dataclass(frozen=True)
class Step:
    """One move of a replay, and what is known right after it."""

    number: int
    """The move's number, counted from 1 (as errors about a record name it)."""
    side: Side
    """Who played it: sente (先手) or gote (後手)."""
    move: Move
    """The move as played; ``str()`` gives its canonical notation."""
    determination: tuple[str, ...]
    """The determination list after the move: per piece ①–⑳, six marks for 歩 香 銀 金 猫 玉
    (〇 determined, ● impossible, + open), as :meth:`Game.determination`."""


def steps(game: Game, moves: Iterable[Move | str], resigned: int | None = None,
          lost_on_time: int | None = None) -> Iterator[Step]:
    """Play ``moves`` on ``game`` one at a time, yielding a :class:`Step` after each; in between,
    ``game`` shows the position after that move. When every move is played, side ``resigned`` (if
    given) resigns, or side ``lost_on_time`` (if given) loses on time.

    Raises:
        RecordError: a move cannot be read or played here (the message names its number, from 1,
            and the reason), or the resignation or the loss on time comes after the game had ended.
    """
    for number, text in enumerate(moves, 1):
        side = Side(game.turn)
        try:
            move = game.push(text)
        except JinrouError as error:
            raise RecordError(f"move {number} {str(text)!r}: {error}") from None
        yield Step(number, side, move, tuple(game.determination()))
    if resigned is not None:
        if game.outcome is not None:
            raise RecordError(f"{SIDE_NAMES[resigned]} resigned after the game had ended ({game.outcome})")
        game.resign(resigned)
    if lost_on_time is not None:
        if game.outcome is not None:
            raise RecordError(f"{SIDE_NAMES[lost_on_time]} lost on time after the game had ended ({game.outcome})")
        game.lose_on_time(lost_on_time)
