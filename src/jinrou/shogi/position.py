"""What everybody sees: where each numbered piece stands, who owns it, whether it is promoted, whose turn.

Types are not here — they live in :mod:`jinrou.shogi.space`. A :class:`Position` is immutable;
:meth:`Position.after` plays a move on the visible board (captures change owner and unpromote,
drops put a piece from the hand on an empty square) without judging it.
"""

from __future__ import annotations

from dataclasses import dataclass

from jinrou.shogi.moves import Move
from jinrou.shogi.pieces import GOTE, PIECES, SENTE, SQUARES, start_square


@dataclass(frozen=True)
class Position:
    """The visible state. ``squares[i]`` is piece i's square or -1 when in a hand."""

    squares: tuple[int, ...]
    owners: tuple[int, ...]
    promoted: tuple[bool, ...]
    turn: int = SENTE

    @classmethod
    def start(cls) -> Position:
        return cls(
            tuple(start_square(i) for i in range(PIECES)),
            tuple(i // 10 for i in range(PIECES)),
            (False,) * PIECES,
        )

    def board(self) -> list[int]:
        """Per square, the piece on it or -1."""
        cells = [-1] * SQUARES
        for piece, sq in enumerate(self.squares):
            if sq >= 0:
                cells[sq] = piece
        return cells

    def occupied(self) -> int:
        mask = 0
        for sq in self.squares:
            if sq >= 0:
                mask |= 1 << sq
        return mask

    def hand(self, side: int) -> list[int]:
        """The pieces in ``side``'s hand (駒台), by number."""
        return [i for i in range(PIECES) if self.squares[i] < 0 and self.owners[i] == side]

    def on_board(self, side: int) -> list[int]:
        return [i for i in range(PIECES) if self.squares[i] >= 0 and self.owners[i] == side]

    def piece_at(self, sq: int) -> int | None:
        for piece, at in enumerate(self.squares):
            if at == sq:
                return piece
        return None

    def after(self, move: Move) -> Position:
        """The visible position after ``move`` (assumed to be the mover's and on the board rules)."""
        squares, owners, promoted = list(self.squares), list(self.owners), list(self.promoted)
        captured = self.piece_at(move.to)
        if captured is not None:
            squares[captured], owners[captured], promoted[captured] = -1, self.turn, False
        squares[move.piece] = move.to
        if move.promote:
            promoted[move.piece] = True
        return Position(tuple(squares), tuple(owners), tuple(promoted), GOTE if self.turn == SENTE else SENTE)
