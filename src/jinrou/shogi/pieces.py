"""Board geometry, piece types and how each type moves — the one place movement is written.

Squares are ``row * 5 + column`` with rows ``a``–``e`` from the top of the source's diagram and
columns ``1``–``5`` from its left, so ``a1`` is 0 and ``e5`` is 24. Sente (先手, side 0) starts on rows
a–b and moves down toward row e; gote (後手, side 1) starts on rows d–e and moves up. Pieces are
numbered 0–19 for ①–⑳: piece ``i`` belongs originally to side ``i // 10`` and is the ``i % 10``-th
of that side's ten.

Movement tables are bit masks of squares (bit ``s`` = square ``s``) per side, kind and square, plus
the lance's rays; :func:`attacks` combines them with the occupancy. Moves and attacks are the same
thing in shogi, except that a move may not land on one's own piece. One settled detail (spec §5): a
king neither moves to nor attacks its far row.
"""

from __future__ import annotations

import enum

import numba
import numpy as np

SIDES = 2
SENTE, GOTE = 0, 1
SIDE_NAMES = ("sente", "gote")
SIDE_JAPANESE = ("先手", "後手")


class Side(enum.IntEnum):
    """The two sides, numbered as everywhere here (``SIDE_NAMES[side]`` is its name)."""

    SENTE = 0
    """先手: moves first, from rows a–b toward row e."""
    GOTE = 1
    """後手: moves second, from rows d–e toward row a."""

    @property
    def opponent(self) -> Side:
        return Side(1 - self)
PIECES = 20
SQUARES = 25
ROWS = "abcde"
GLYPHS = "".join(chr(0x2460 + i) for i in range(PIECES))  # ①..⑳


class PieceType(enum.IntEnum):
    """The six piece types, in the order of the determination list (歩 香 銀 金 猫 玉)."""

    PAWN = 0
    """歩: one step forward; promotes (mandatory) on the far row."""
    LANCE = 1
    """香: any number of squares forward; promotes (mandatory) on the far row."""
    SILVER = 2
    """銀: forward, the four diagonals; may promote entering or leaving the far row."""
    GOLD = 3
    """金: forward, forward diagonals, sideways, back; never promotes."""
    CAT = 4
    """猫: a knight's jump in all eight directions, one step orthogonally or diagonally back; never dropped."""
    KING = 5
    """玉: one step in any direction, never onto its far row; can never be captured."""

    @property
    def japanese(self) -> str:
        return "歩香銀金猫玉"[self]


TYPES = tuple(PieceType)
PROMOTED = 6  # kind index of a promoted piece (moves as gold, whatever it is)
KINDS = 7
PROMOTABLE = (1 << PieceType.PAWN) | (1 << PieceType.LANCE) | (1 << PieceType.SILVER)
ALL_TYPES = (1 << len(TYPES)) - 1

_STEPS = {  # (forward, sideways) offsets for sente; gote flips forward
    PieceType.PAWN: [(1, 0)],
    PieceType.LANCE: [],
    PieceType.SILVER: [(1, -1), (1, 0), (1, 1), (-1, -1), (-1, 1)],
    PieceType.GOLD: [(1, -1), (1, 0), (1, 1), (0, -1), (0, 1), (-1, 0)],
    PieceType.CAT: [(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1),
                    (1, 0), (-1, 0), (0, 1), (0, -1), (-1, -1), (-1, 1)],
    PieceType.KING: [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)],
}


def square(row: int, column: int) -> int:
    return row * 5 + column


def square_name(sq: int) -> str:
    """``a1``..``e5``."""
    return f"{ROWS[sq // 5]}{sq % 5 + 1}"


def parse_square(text: str) -> int | None:
    """The square of a name like ``c4``, or None."""
    if len(text) == 2 and text[0] in ROWS and text[1] in "12345":
        return square(ROWS.index(text[0]), int(text[1]) - 1)
    return None


def far_row(side: int) -> int:
    """The row a side promotes on and its king may never enter: e for sente, a for gote."""
    return 4 if side == SENTE else 0


def forward(side: int) -> int:
    return 1 if side == SENTE else -1


def glyph(piece: int) -> str:
    return GLYPHS[piece]


def start_square(piece: int) -> int:
    """Where a piece stands before the first move (①–⑤ row a, ⑥–⑩ row b, ⑪–⑮ row d, ⑯–⑳ row e)."""
    side, k = divmod(piece, 10)
    row = (0 if k < 5 else 1) if side == SENTE else (3 if k < 5 else 4)
    return square(row, k % 5)


def _tables() -> tuple[np.ndarray, np.ndarray]:
    steps = np.zeros((SIDES, KINDS, SQUARES), dtype=np.int64)
    rays = np.full((SIDES, SQUARES, 4), -1, dtype=np.int64)
    for side in (SENTE, GOTE):
        fwd = forward(side)
        for sq in range(SQUARES):
            row, col = divmod(sq, 5)
            for kind in range(KINDS):
                offsets = _STEPS[PieceType.GOLD] if kind == PROMOTED else _STEPS[PieceType(kind)]
                for dr, dc in offsets:
                    r, c = row + dr * fwd, col + dc
                    if 0 <= r < 5 and 0 <= c < 5 and not (kind == PieceType.KING and r == far_row(side)):
                        steps[side, kind, sq] |= 1 << square(r, c)
            r, n = row + fwd, 0
            while 0 <= r < 5:
                rays[side, sq, n] = square(r, col)
                r, n = r + fwd, n + 1
    return steps, rays


STEPS, RAYS = _tables()


@numba.njit(cache=True)
def attacks(side: int, kind: int, sq: int, occupied: int) -> int:
    """Squares (bit mask) a piece of ``side`` and ``kind`` on ``sq`` attacks, given occupied squares.

    ``kind`` is a :class:`PieceType` value or ``PROMOTED``. The lance's ray stops at the first
    occupied square, which it attacks.
    """
    mask = STEPS[side, kind, sq]
    if kind == 1:  # lance
        for n in range(4):
            target = RAYS[side, sq, n]
            if target < 0:
                break
            mask |= 1 << target
            if (occupied >> target) & 1:
                break
    return mask
