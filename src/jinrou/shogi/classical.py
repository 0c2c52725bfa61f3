"""Shogi with every type fixed: the rules for one complete assignment.

This is the over-the-board procedure of the source (spec §4): fix the pieces' types, replay the
record, and the first foul loses — charged to the side that originally owned the piece that made it.
It is also the independent check of :mod:`jinrou.shogi.space`: a pair of assignments is consistent
exactly when this replay finds no foul, which the tests verify on random games.

``types``, ``squares``, ``owners`` and ``promoted`` are per-piece arrays (20,) as in
:class:`~jinrou.shogi.position.Position`; the numba functions here are shared with the exact engine
(pawn-drop mate is decided by :func:`pawn_drop_mates` in both).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numba
import numpy as np

from jinrou.errors import RecordError
from jinrou.shogi.moves import Move
from jinrou.shogi.pieces import PROMOTED, SIDE_NAMES, PieceType, attacks, far_row, forward, glyph, square_name
from jinrou.shogi.position import Position


@numba.njit(cache=True)
def attacked(target, by, types, squares, owners, promoted, occupied, skip):
    """Whether a piece of side ``by`` (other than ``skip``) attacks square ``target``."""
    for r in range(20):
        if r == skip or squares[r] < 0 or owners[r] != by:
            continue
        kind = 6 if promoted[r] else types[r]
        if (attacks(by, kind, squares[r], occupied) >> target) & 1:
            return True
    return False


@numba.njit(cache=True)
def pawn_drop_mates(pawn, king, types, squares, owners, promoted):
    """After a pawn drop that attacks ``king``: whether the defender has no legal reply (打ち歩詰).

    Only the pawn can give check (a drop opens no line), and a pawn's check cannot be blocked, so the
    replies are: capture the pawn with another piece without exposing the king, or move the king.
    """
    mover = owners[pawn]
    defender = 1 - mover
    y = squares[pawn]
    z = squares[king]
    occupied = 0
    for r in range(20):
        if squares[r] >= 0:
            occupied |= np.int64(1) << squares[r]
    for r in range(20):
        if r == king or squares[r] < 0 or owners[r] != defender:
            continue
        kind = 6 if promoted[r] else types[r]
        vacated = occupied & ~(np.int64(1) << squares[r])
        if (attacks(defender, kind, squares[r], occupied) >> y) & 1 and not attacked(
                z, mover, types, squares, owners, promoted, vacated, pawn):
            return False  # another piece takes the pawn without exposing the king
    steps = attacks(defender, 5, z, occupied)
    for s in range(25):
        if not (steps >> s) & 1:
            continue
        occupant = -1
        for r in range(20):
            if squares[r] == s:
                occupant = r
        if occupant >= 0 and owners[occupant] == defender:
            continue
        moved = (occupied & ~(np.int64(1) << z)) | (np.int64(1) << s)
        if not attacked(s, mover, types, squares, owners, promoted, moved, occupant):
            return False
    return True


@dataclass(frozen=True)
class Foul:
    """The first foul of a replay with fixed types: at which move (0-based), charged to whom, why."""

    ply: int
    side: int
    reason: str

    def __str__(self) -> str:
        return f"move {self.ply + 1}: {self.reason} — {SIDE_NAMES[self.side]} loses"


def _arrays(position: Position) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (np.array(position.squares, np.int64), np.array(position.owners, np.int64),
            np.array(position.promoted, np.bool_))


def foul(position: Position, move: Move, types: np.ndarray) -> str | None:
    """Why ``move`` is a foul in ``position`` with the piece types ``types`` (int (20,)), or None."""
    side, p = position.turn, move.piece
    t = PieceType(int(types[p]))
    far = far_row(side)
    name = f"{glyph(p)} ({t.japanese})"
    if move.drop:
        if t is PieceType.CAT:
            return f"{name} is the cat, which may not be dropped"
        if t in (PieceType.PAWN, PieceType.LANCE) and move.to // 5 == far:
            return f"{name} dropped on the far row"
        if t is PieceType.PAWN:
            for r in position.on_board(side):
                if (r != p and not position.promoted[r] and types[r] == PieceType.PAWN
                        and position.squares[r] % 5 == move.to % 5):
                    return f"二歩: {name} dropped on the column of the pawn {glyph(r)}"
    else:
        start = position.squares[p]
        kind = PROMOTED if position.promoted[p] else int(t)
        if t is PieceType.KING and move.to // 5 == far:
            return f"入玉禁止: {name} enters the far row"
        if not (attacks(side, kind, start, position.occupied()) >> move.to) & 1:
            return f"{name} cannot move {square_name(start)}→{square_name(move.to)}"
        if move.promote and (position.promoted[p] or t not in (PieceType.PAWN, PieceType.LANCE, PieceType.SILVER)
                             or (move.to // 5 != far and (start // 5 != far or t is not PieceType.SILVER))):
            return f"{name} may not promote here"
        if (not move.promote and not position.promoted[p] and move.to // 5 == far
                and t in (PieceType.PAWN, PieceType.LANCE)):
            return f"{name} must promote on the far row"
        captured = position.piece_at(move.to)
        if captured is not None and types[captured] == PieceType.KING:
            return f"{glyph(captured)} is the king and may not be captured"
    after = position.after(move)
    squares, owners, promoted = _arrays(after)
    kings = [r for r in after.on_board(side) if types[r] == PieceType.KING]
    for king in kings:
        if attacked(after.squares[king], 1 - side, types, squares, owners, promoted, after.occupied(), -1):
            return f"the king {glyph(king)} is left attacked"
    if move.drop and t is PieceType.PAWN:
        front = after.piece_at(move.to + 5 * forward(side))
        if (front is not None and after.owners[front] != side and types[front] == PieceType.KING
                and pawn_drop_mates(p, front, types, squares, owners, promoted)):
            return f"打ち歩詰: the pawn drop {glyph(p)} mates {glyph(front)}"
    return None


def first_foul(moves: Sequence[Move], types: np.ndarray) -> Foul | None:
    """Replay ``moves`` from the start with every type fixed; the first foul, or None if there is none.

    Raises :class:`RecordError` for a move that is impossible whatever the types (not the mover's
    piece, a drop of a piece not in hand, a square taken by one's own piece).
    """
    position = Position.start()
    for ply, move in enumerate(moves):
        problem = visible_problem(position, move)
        if problem is not None:
            raise RecordError(f"move {ply + 1} {str(move)!r}: {problem}")
        reason = foul(position, move, types)
        if reason is not None:
            return Foul(ply, move.piece // 10, reason)
        position = position.after(move)
    return None


def visible_problem(position: Position, move: Move) -> str | None:
    """What makes ``move`` impossible on the visible board alone, or None."""
    side, p = position.turn, move.piece
    if position.owners[p] != side:
        return f"{glyph(p)} is not {SIDE_NAMES[side]}'s piece"
    occupant = position.piece_at(move.to)
    if move.drop:
        if position.squares[p] >= 0:
            return f"{glyph(p)} is on the board, not in hand: only pieces in hand are dropped"
        if occupant is not None:
            return f"cannot drop on {square_name(move.to)}: {glyph(occupant)} stands there"
        return None
    if position.squares[p] < 0:
        return f"{glyph(p)} is in hand: write a drop, e.g. '{glyph(p)}*{square_name(move.to)}'"
    if occupant is not None and position.owners[occupant] == side:
        return f"{square_name(move.to)} holds {SIDE_NAMES[side]}'s own {glyph(occupant)}"
    if move.capture and occupant is None:
        return f"nothing to capture on {square_name(move.to)}"
    return None
