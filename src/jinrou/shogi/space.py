"""The exact set of consistent type assignments, over both sides together.

Method. Each side's ten pieces hold 玉 猫 金 銀 香 and five 歩. The start position already forbids two
pawns on a column (二歩), so each side's pawns are one of each column's two pieces: 2⁵ · 5! = 3,840
assignments per side (of the 30,240 permutations), for the whole game. A joint assignment is a pair
(sente's, gote's); the consistent pairs are a 3,840 × 3,840 relation ``J`` kept as bits: row ``a`` of
``J[X]`` is a bit set over the other side's assignments, and both orientations are stored so that
either side's move is a scan over its own rows.

Every rule a move must obey, for one assignment pair, has the shape

* a condition on the mover's assignment alone (its piece's type, its captured piece is no king,
  pieces of its own origin in the opponent's hands that attack its king ...): ``rowmask``;
* a condition on the opponent's assignment alone: ``colmask``;
* king safety: the mover's king (which piece it is, a function of the row) must not stand on a
  square attacked by the opponent's pieces (a function of the column): ``Q[king(a), b]``;
* at most one excluded rectangle ``r1row × r1col`` (二歩 of a dropped piece of the other origin).

So a move's test is one pass over the mover's rows, each an AND of 60 words with a precomputed
per-king bit set, and it stops at the first witness. Applying the move clears the failing bits in
both orientations. Pawn-drop mate (打ち歩詰) needs the whole position and is decided pair by pair
(:mod:`jinrou.shogi.classical`), only for the pairs where the dropped piece is a pawn and the piece
in front of it the king. Nothing is approximated: every test is over the exact relation.
"""

from __future__ import annotations

from itertools import permutations

import numba
import numpy as np

from jinrou.shogi.classical import pawn_drop_mates
from jinrou.shogi.pieces import PieceType

N = 3840
WORDS = N // 64


def _domain() -> np.ndarray:
    rest = (PieceType.LANCE, PieceType.SILVER, PieceType.GOLD, PieceType.CAT, PieceType.KING)
    rows = []
    for bits in range(32):
        pawns = [c + 5 * ((bits >> c) & 1) for c in range(5)]
        others = [i for i in range(10) if i not in pawns]
        for perm in permutations(rest):
            row = [0] * 10
            for i, t in zip(others, perm):
                row[i] = int(t)
            rows.append(row)
    return np.array(rows, dtype=np.int64)


TYPES = _domain()
"""int64 (3840, 10): the type of each of a side's pieces (local index 0–9) in each assignment."""
KING = np.argmax(TYPES == PieceType.KING, axis=1).astype(np.int64)
"""int64 (3840,): which local piece is the king in each assignment."""
TYPE_BITS = np.left_shift(1, TYPES)


class Space:
    """The consistent pairs of assignments, as bits in both orientations. Mutable; :meth:`copy` is cheap."""

    def __init__(self, rows: tuple[np.ndarray, np.ndarray] | None = None):
        if rows is None:
            full = np.full((N, WORDS), -1, dtype=np.int64)
            rows = (full, full.copy())
        self.rows = rows

    def copy(self) -> Space:
        return Space((self.rows[0].copy(), self.rows[1].copy()))

    def alive(self, side: int) -> np.ndarray:
        """bool (3840,): the side's assignments that belong to some consistent pair."""
        return np.any(self.rows[side], axis=1)

    def weights(self, side: int) -> np.ndarray:
        """int64 (3840,): for each of the side's assignments, how many consistent pairs contain it."""
        return _popcounts(self.rows[side])

    def possible(self, side: int) -> np.ndarray:
        """int64 (10,): per local piece, the bit mask of types some consistent pair gives it."""
        alive = self.alive(side)
        return np.bitwise_or.reduce(TYPE_BITS[alive], axis=0) if alive.any() else np.zeros(10, np.int64)


@numba.njit(cache=True)
def type_counts(weights):
    """int64 (10, 6): per local piece and type, the total weight of the assignments giving it that type."""
    out = np.zeros((10, 6), dtype=np.int64)
    for a in range(N):
        if weights[a]:
            for i in range(10):
                out[i, TYPES[a, i]] += weights[a]
    return out


@numba.njit(cache=True)
def _popcounts(rows):
    out = np.zeros(rows.shape[0], dtype=np.int64)
    for a in range(rows.shape[0]):
        total = 0
        for w in range(rows.shape[1]):
            x = rows[a, w]
            while x != 0:
                x &= x - 1
                total += 1
        out[a] = total
    return out


@numba.njit(cache=True)
def row_valid(rowmask, mover_attacks, king_square):
    """bool (3840,): mover rows passing their own condition and whose king is not attacked by
    pieces of the mover's origin in the opponent's hands (``mover_attacks``: square masks)."""
    out = np.zeros(N, dtype=np.bool_)
    for a in range(N):
        s = king_square[KING[a]]
        out[a] = rowmask[a] and s >= 0 and ((mover_attacks[a] >> s) & 1) == 0
    return out


@numba.njit(cache=True)
def king_columns(colmask, opponent_attacks, king_square, needed, r1col):
    """Per possible mover king (local piece k), the opponent columns that pass ``colmask`` and do not
    attack the king's square; second array: the same without the ``r1col`` columns."""
    q = np.zeros((10, WORDS), dtype=np.int64)
    q2 = np.zeros((10, WORDS), dtype=np.int64)
    for k in range(10):
        s = king_square[k]
        if s < 0 or not needed[k]:
            continue
        for b in range(N):
            if colmask[b] and ((opponent_attacks[b] >> s) & 1) == 0:
                bit = np.int64(1) << (b & 63)
                q[k, b >> 6] |= bit
                if not r1col[b]:
                    q2[k, b >> 6] |= bit
    return q, q2


@numba.njit(cache=True)
def exists(rows, valid, r1row, q, q2):
    """Whether some consistent pair satisfies the move's conditions (stops at the first witness)."""
    for a in range(N):
        if not valid[a]:
            continue
        sel = q2[KING[a]] if r1row[a] else q[KING[a]]
        row = rows[a]
        for w in range(WORDS):
            if row[w] & sel[w]:
                return True
    return False


@numba.njit(cache=True)
def apply(rows, other, valid, r1row, q, q2):
    """Clear every pair that fails the move's conditions, in both orientations."""
    classes = np.zeros((20, WORDS), dtype=np.int64)
    used = np.zeros(20, dtype=np.bool_)
    for a in range(N):
        if not valid[a]:
            rows[a, :] = 0
            continue
        c = KING[a] * 2 + (1 if r1row[a] else 0)
        sel = q2[KING[a]] if r1row[a] else q[KING[a]]
        for w in range(WORDS):
            rows[a, w] &= sel[w]
        classes[c, a >> 6] |= np.int64(1) << (a & 63)
        used[c] = True
    for b in range(N):
        w0, bit = b >> 6, np.int64(1) << (b & 63)
        allowed = np.zeros(WORDS, dtype=np.int64)
        for c in range(20):
            if not used[c]:
                continue
            sel = q2[c // 2] if c % 2 else q[c // 2]
            if sel[w0] & bit:
                for w in range(WORDS):
                    allowed[w] |= classes[c, w]
        for w in range(WORDS):
            other[b, w] &= allowed[w]


@numba.njit(cache=True)
def scan_mates(rows, other, valid, r1row, q, q2, mate_rows, mate_cols, mover, pawn, king, squares, owners,
               promoted, clear):
    """Pawn-drop mate pair by pair, over the pairs where the drop is a pawn and ``king`` the king.

    With ``clear``, removes the pairs where the drop mates (after :func:`apply`); otherwise returns
    whether some pair passing the move's other conditions is not mated.
    """
    types = np.zeros(20, dtype=np.int64)
    for a in range(N):
        if not valid[a] or not mate_rows[a]:
            continue
        sel = q2[KING[a]] if r1row[a] else q[KING[a]]
        for w in range(WORDS):
            word = rows[a, w] & sel[w]
            if word == 0:
                continue
            for j in range(64):
                if not (word >> j) & 1:
                    continue
                b = w * 64 + j
                if not mate_cols[b]:
                    continue
                for i in range(10):
                    types[mover * 10 + i] = TYPES[a, i]
                    types[(1 - mover) * 10 + i] = TYPES[b, i]
                mates = pawn_drop_mates(pawn, king, types, squares, owners, promoted)
                if clear and mates:
                    rows[a, w] &= ~(np.int64(1) << j)
                    other[b, a >> 6] &= ~(np.int64(1) << (a & 63))
                elif not clear and not mates:
                    return True
    return False
