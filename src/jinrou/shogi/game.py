"""A game of quantum mini-shogi: the visible position, the exact consistent assignments, the moves.

A move is legal iff at least one consistent pair of assignments (sente's types, gote's types) makes
it legal by the rules of shogi with the cat (spec §2–§3); playing it keeps exactly those pairs. Each
rule becomes a condition on the pairs (see :mod:`jinrou.shogi.space` for how they are tested):

* movement — the piece's type can make the step (the lance's path must be free); a promoted piece
  moves as gold;
* promotion — declared promotion says 歩, 香 or 銀 (歩/香 only onto the far row, 銀 onto or out of
  it); a pawn or lance reaching the far row must promote, so not promoting there says "not 歩/香";
* 入玉禁止 — a king never enters its far row (nor attacks it, spec §5);
* a captured piece is not a king;
* drops — never the cat, no pawn or lance on the far row, 二歩, 打ち歩詰;
* king safety — after its move the mover's king is not attacked, whatever piece it is.

The game ends when a king becomes determined (both at once: a draw), on resignation or a loss on
time (played online with clocks), on fourfold repetition of the visible position (a draw; a side
that checked on every move of the cycle must vary instead), or when the side to move has no legal
move (it loses).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from jinrou.errors import IllegalActionError
from jinrou.shogi import space as sp
from jinrou.shogi.classical import visible_problem
from jinrou.shogi.moves import Move
from jinrou.shogi.pieces import (
    ALL_TYPES,
    PROMOTABLE,
    PROMOTED,
    SIDE_NAMES,
    TYPES,
    PieceType,
    Side,
    attacks,
    far_row,
    forward,
    glyph,
    square_name,
)
from jinrou.shogi.position import Position

PAWN, LANCE, SILVER, CAT, KING = (1 << t for t in (PieceType.PAWN, PieceType.LANCE, PieceType.SILVER,
                                                   PieceType.CAT, PieceType.KING))


class Status:
    """Marks of the determination list (駒確定状況リスト)."""

    DETERMINED = "〇"
    IMPOSSIBLE = "●"
    POSSIBLE = "+"


class Termination(enum.StrEnum):
    """Why a game ended (spec §2, §4)."""

    KING_DETERMINED = enum.auto()
    """A king became determined (a single piece may still be it): its side loses."""
    BOTH_KINGS_DETERMINED = enum.auto()
    """Both kings became determined by the same move: a draw."""
    REPETITION = enum.auto()
    """The visible position occurred a fourth time (千日手): a draw."""
    NO_LEGAL_MOVE = enum.auto()
    """The side to move has no legal move: it loses."""
    RESIGNATION = enum.auto()
    """A side resigned (投了): it loses."""
    TIME = enum.auto()
    """A side's clock ran out (時間切れ): it loses."""

    @classmethod
    def of(cls, reason: str) -> Termination:
        """The termination an outcome's ``reason`` states (raises ValueError for other words)."""
        for termination, pattern in _REASON_PATTERNS.items():
            if pattern.fullmatch(reason):
                return termination
        raise ValueError(f"unknown reason {reason!r}: not the words of a game end")


_REASONS = {
    Termination.KING_DETERMINED: "{loser}'s king {king} is determined",
    Termination.BOTH_KINGS_DETERMINED: "both kings determined by the same move",
    Termination.REPETITION: "fourfold repetition (千日手)",
    Termination.NO_LEGAL_MOVE: "{loser} has no legal move",
    Termination.RESIGNATION: "resignation",
    Termination.TIME: "{loser} lost on time",
}
"""The words of each game end, as the record's ``reason`` gives them ({loser}: sente or gote)."""

_REASON_PATTERNS = {
    termination: re.compile(re.escape(text).replace(r"\{loser\}", "(?:sente|gote)").replace(r"\{king\}", "."))
    for termination, text in _REASONS.items()
}


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (None for a draw) and why, in the words of the record
    (``"gote's king ⑰ is determined"``); :attr:`termination` is the why as an enum.

    >>> Outcome.of(Termination.NO_LEGAL_MOVE, Side.SENTE)
    Outcome(winner=<Side.SENTE: 0>, reason='gote has no legal move')
    """

    winner: Side | None
    reason: str

    def __post_init__(self) -> None:
        if self.winner is not None:
            object.__setattr__(self, "winner", Side(self.winner))  # a plain 0 or 1 is read as its side
        Termination.of(self.reason)  # the reason must be the words of a game end

    @classmethod
    def of(cls, termination: Termination, winner: Side | None, king: int | None = None) -> Outcome:
        """The outcome of ``termination`` won by ``winner`` (None: a draw); ``king`` is the piece
        (0–19) of a determined king."""
        loser = "" if winner is None else SIDE_NAMES[winner.opponent]
        return cls(winner, _REASONS[termination].format(loser=loser, king="" if king is None else glyph(king)))

    @property
    def termination(self) -> Termination:
        return Termination.of(self.reason)

    @property
    def loser(self) -> Side | None:
        return None if self.winner is None else self.winner.opponent

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"{SIDE_NAMES[self.winner]} wins"
        return f"{who} ({self.reason})"


def type_names(mask: int) -> str:
    """``銀/金`` for a bit mask of types."""
    return "/".join(t.japanese for t in TYPES if mask >> t & 1) or "none"


@dataclass(frozen=True)
class _Mate:
    """A pawn drop where 打ち歩詰 may apply: the dropped piece, the piece in front of it (which may be
    the king), the move, and the pairs where the drop is a pawn facing the king (``rows``: bool
    (3840,) over the mover's assignments, ``cols``: bool (3840,) over the opponent's)."""

    pawn: int
    king: int
    move: Move
    rows: np.ndarray
    cols: np.ndarray


@dataclass
class _Terms:
    """One move's conditions on the consistent pairs, split as :mod:`jinrou.shogi.space` tests them."""

    mover: int
    masks: list[np.ndarray]          # per original side: bool (3840,)
    king_square: np.ndarray          # int64 (10,): square of each of the mover's pieces, -1 if no king there
    mover_attacks: np.ndarray        # int64 (3840,), by the mover's assignment
    opponent_attacks: np.ndarray     # int64 (3840,), by the opponent's assignment
    r1row: np.ndarray
    r1col: np.ndarray
    mate: _Mate | None               # when 打ち歩詰 may apply
    plain_masks: list[np.ndarray] | None = None  # ``masks`` before 二歩 among pieces of one origin


class Game:
    """A quantum mini-shogi game from the start position (or from a list of moves).

    With ``play_on`` the moves go on after the game has ended (analysis, benchmarks); the outcome
    stays the first one reached.
    """

    def __init__(self, moves: Iterable[Move | str] = (), play_on: bool = False):
        self.play_on = play_on
        self.position = Position.start()
        self.space = sp.Space()
        self.moves: list[Move] = []
        self.positions: list[Position] = [self.position]
        self.checks: list[bool] = []
        self.outcome: Outcome | None = None
        self._possible = self._compute_possible()
        self._legal: list[Move] | None = None
        for move in moves:
            self.push(move)

    # ------------------------------------------------------------------ what is known
    @property
    def turn(self) -> int:
        return self.position.turn

    def possible(self, piece: int) -> int:
        """The bit mask of types piece ``piece`` (0–19) may still have."""
        return int(self._possible[piece])

    def determination(self) -> list[str]:
        """The determination list: per piece, six marks for 歩 香 銀 金 猫 玉 (〇 determined, ● impossible, + open).

        >>> Game(["⑤c4"]).determination()[4]
        '●●●●〇●'
        """
        lines = []
        for piece in range(20):
            mask = self.possible(piece)
            single = mask & (mask - 1) == 0
            lines.append("".join(
                (Status.DETERMINED if single else Status.POSSIBLE) if mask >> t & 1 else Status.IMPOSSIBLE
                for t in TYPES
            ))
        return lines

    def king_candidates(self, side: int) -> list[int]:
        """The pieces of ``side``'s origin that may still be its king."""
        return [p for p in range(side * 10, side * 10 + 10) if self.possible(p) & KING]

    def assignments(self) -> int:
        """How many consistent pairs of assignments there are (exact)."""
        return int(self.space.weights(0).sum())

    def type_counts(self) -> np.ndarray:
        """int64 (20, 6): per piece and type, how many consistent pairs of assignments give it that type."""
        return np.concatenate([sp.type_counts(self.space.weights(side)) for side in (0, 1)])

    def probabilities(self) -> list[list[Fraction]]:
        """Per piece, the exact share of consistent pairs giving it each type (all pairs equally likely)."""
        total = self.assignments()
        return [[Fraction(int(c), total) for c in row] for row in self.type_counts()]

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Every move some consistent assignment allows, in a fixed order (by piece, then square)."""
        if self.outcome is not None and not self.play_on:
            return []
        if self._legal is None:
            self._legal = [m for m in self._candidates() if self._allowed(m)]
        return list(self._legal)

    def resolve(self, move: Move | str) -> Move:
        """The canonical move (capture flag from the board) for a move or its text; checks the visible board."""
        if isinstance(move, str):
            move = Move.parse(move)
        problem = visible_problem(self.position, move)
        if problem is not None:
            raise IllegalActionError(f"illegal move {str(move)!r}: {problem}")
        captured = self.position.piece_at(move.to) is not None
        return Move(move.piece, move.to, move.drop, move.promote, captured and not move.drop)

    def explain(self, move: Move | str) -> str | None:
        """Why a move is illegal (which rule, which pieces), or None when it is legal."""
        if self.outcome is not None and not self.play_on:
            return f"the game is over: {self.outcome}"
        if isinstance(move, str):
            move = Move.parse(move)
        problem = visible_problem(self.position, move)
        if problem is not None:
            return problem
        move = self.resolve(move)
        terms, geometry = self._terms(move)
        p = move.piece
        if geometry & self.possible(p) == 0:
            blocker = self._blocker(move)
            if blocker is not None and self.possible(p) & LANCE:
                return (f"{glyph(p)} cannot {self._path(move)}: only a lance (香) could, and "
                        f"{glyph(blocker)} on {square_name(self.position.squares[blocker])} blocks the way")
            if geometry == 0:
                return f"{glyph(p)} cannot {self._path(move)}: no piece may do that"
            return (f"{glyph(p)} cannot {self._path(move)}: only {type_names(geometry)} could, and {glyph(p)} "
                    f"can only be {type_names(self.possible(p))}")
        plain = terms.plain_masks or terms.masks
        loose = _Terms(terms.mover, plain, np.zeros(10, np.int64), np.zeros(sp.N, np.int64),
                       np.zeros(sp.N, np.int64), np.zeros(sp.N, np.bool_), np.zeros(sp.N, np.bool_), None)
        if not self._exists(loose):
            captured = self.position.piece_at(move.to)
            note = f" with {glyph(captured)} not the king" if move.capture and captured is not None else ""
            return (f"no consistent assignment lets {glyph(p)} {self._path(move)}{note} "
                    f"(it may be {type_names(self.possible(p))}, the move needs {type_names(geometry)})")
        safe = _Terms(terms.mover, plain, terms.king_square, terms.mover_attacks, terms.opponent_attacks,
                      loose.r1row, loose.r1col, None)
        if not self._exists(safe):
            kings = "".join(glyph(k) for k in self.king_candidates(self.turn))
            return f"王手放置: this move leaves {SIDE_NAMES[self.turn]}'s king attacked whichever of {kings} it is"
        if not self._exists(replace(terms, mate=None)):
            return f"二歩: {glyph(p)} would be a second pawn on column {move.to % 5 + 1} in every consistent assignment"
        if not self._allowed_terms(terms):
            return f"打ち歩詰: dropping {glyph(p)} would be a pawn-drop mate in every consistent assignment"
        if self._perpetual_check(move):
            return "連続王手の千日手: this repeats the position a fourth time by continuous checks — vary your move"
        return None

    def push(self, move: Move | str) -> Move:
        """Play a move (a :class:`Move` or its text); raises :class:`IllegalActionError` with the reason."""
        reason = self.explain(move)
        if reason is not None:
            raise IllegalActionError(f"illegal move {str(move)!r}: {reason}")
        move = self.resolve(move)
        terms, _ = self._terms(move)
        self._apply(terms)
        mover = self.turn
        self.position = self.position.after(move)
        self.moves.append(move)
        self.positions.append(self.position)
        self._possible = self._compute_possible()
        self._legal = None
        self.checks.append(self._gives_check(mover))
        if self.outcome is None:
            self.outcome = self._judge(mover)
        return move

    def resign(self, side: int) -> None:
        """``side`` resigns (投了)."""
        if self.outcome is not None:
            raise IllegalActionError(f"the game is over: {self.outcome}")
        self.outcome = Outcome.of(Termination.RESIGNATION, Side(side).opponent)

    def lose_on_time(self, side: int) -> None:
        """``side``'s clock ran out (時間切れ): it loses."""
        if self.outcome is not None:
            raise IllegalActionError(f"the game is over: {self.outcome}")
        self.outcome = Outcome.of(Termination.TIME, Side(side).opponent)

    def copy(self) -> Game:
        game = Game.__new__(Game)
        game.__dict__.update(self.__dict__)
        game.space = self.space.copy()
        game.moves, game.positions, game.checks = list(self.moves), list(self.positions), list(self.checks)
        return game

    # ------------------------------------------------------------------ internals
    def _compute_possible(self) -> np.ndarray:
        return np.concatenate([self.space.possible(0), self.space.possible(1)])

    def _path(self, move: Move) -> str:
        if move.drop:
            return f"be dropped on {square_name(move.to)}"
        text = f"go {square_name(self.position.squares[move.piece])}→{square_name(move.to)}"
        return text + (" promoting" if move.promote else "")

    def _blocker(self, move: Move) -> int | None:
        """The piece standing between a lance's square and ``move.to`` (the lance's ray runs on past
        it), or None: the only way a move is blocked in mini-shogi."""
        pos, side = self.position, self.position.turn
        start = pos.squares[move.piece]
        if move.drop or start < 0 or pos.promoted[move.piece]:
            return None
        lance = int(PieceType.LANCE)
        reaches_on_empty = (attacks(side, lance, start, 0) >> move.to) & 1
        if not reaches_on_empty or (attacks(side, lance, start, pos.occupied()) >> move.to) & 1:
            return None
        step = 5 * forward(side)
        square = start + step
        while square != move.to:
            if pos.piece_at(square) is not None:
                return pos.piece_at(square)
            square += step
        return None  # pragma: no cover - the ray reached move.to unblocked

    def _geometry(self, move: Move) -> int:
        """The types that could make this move on the visible board (movement, promotion, drop rules)."""
        pos, side = self.position, self.position.turn
        to_far = move.to // 5 == far_row(side)
        if move.drop:
            return ALL_TYPES & ~CAT & ~KING & (~(PAWN | LANCE) if to_far else ALL_TYPES)
        start, occupied = pos.squares[move.piece], pos.occupied()
        if pos.promoted[move.piece]:
            mask = ALL_TYPES if (attacks(side, PROMOTED, start, occupied) >> move.to) & 1 else 0
            return 0 if move.promote else mask
        mask = sum(1 << t for t in TYPES if (attacks(side, int(t), start, occupied) >> move.to) & 1)
        if move.promote:
            return mask & ((PROMOTABLE if to_far else 0) | (SILVER if start // 5 == far_row(side) else 0))
        return mask & ~(PAWN | LANCE) if to_far else mask

    def _terms(self, move: Move) -> tuple[_Terms, int]:
        pos, mover = self.position, self.position.turn
        after = pos.after(move)
        unary: list[dict[int, int]] = [{}, {}]
        geometry = self._geometry(move)
        unary[move.piece // 10][move.piece % 10] = geometry
        captured = pos.piece_at(move.to)
        if captured is not None:
            local = unary[captured // 10]
            local[captured % 10] = local.get(captured % 10, ALL_TYPES) & ~KING
        masks = [_side_mask(unary[0]), _side_mask(unary[1])]
        king_square, mover_attacks, opponent_attacks = _safety(after, mover)
        r1row, r1col = np.zeros(sp.N, np.bool_), np.zeros(sp.N, np.bool_)
        mate: _Mate | None = None
        plain = list(masks)
        if move.drop and geometry & PAWN:
            own, p_local = move.piece // 10, move.piece % 10
            pawn = sp.TYPES[:, p_local] == PieceType.PAWN
            column = [r for r in after.on_board(mover) if r != move.piece and not after.promoted[r]
                      and after.squares[r] % 5 == move.to % 5]
            same = [r % 10 for r in column if r // 10 == own]
            other = [r % 10 for r in column if r // 10 != own]
            if same:
                masks[own] = masks[own] & ~(pawn & (sp.TYPES[:, same] == PieceType.PAWN).any(axis=1))
            if other:
                other_pawn = (sp.TYPES[:, other] == PieceType.PAWN).any(axis=1)
                r1row, r1col = (pawn, other_pawn) if own == mover else (other_pawn, pawn)
            front_square = move.to + 5 * forward(mover)
            front = after.piece_at(front_square) if 0 <= front_square < 25 else None
            if front is not None and after.owners[front] != mover and front // 10 != mover and self.possible(front) & KING:
                king = sp.TYPES[:, front % 10] == PieceType.KING
                if own == mover:
                    rows, cols = pawn, king
                else:
                    rows, cols = np.ones(sp.N, np.bool_), pawn & king
                mate = _Mate(move.piece, front, move, rows, cols)
        terms = _Terms(mover, masks, king_square, mover_attacks, opponent_attacks, r1row, r1col, mate, plain_masks=plain)
        return terms, geometry

    def _kernel_args(self, terms: _Terms, exclude_mate: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        mover, mate = terms.mover, terms.mate
        rowmask, colmask = terms.masks[mover], terms.masks[1 - mover]
        r1row, r1col = terms.r1row, terms.r1col
        if exclude_mate and mate is not None:
            if mate.pawn // 10 == mover:
                r1row, r1col = r1row | mate.rows, r1col | mate.cols
            else:
                colmask = colmask & ~mate.cols
        valid = sp.row_valid(rowmask, terms.mover_attacks, terms.king_square)
        needed = np.bincount(sp.KING[valid], minlength=10) > 0
        q, q2 = sp.king_columns(colmask, terms.opponent_attacks, terms.king_square, needed, r1col)
        return valid, r1row, q, q2

    def _exists(self, terms: _Terms) -> bool:
        valid, r1row, q, q2 = self._kernel_args(terms, exclude_mate=True)
        return sp.exists(self.space.rows[terms.mover], valid, r1row, q, q2)

    def _allowed_terms(self, terms: _Terms) -> bool:
        if self._exists(terms):
            return True
        if terms.mate is None:
            return False
        return self._mate_pairs(terms, terms.mate, clear=False)

    def _allowed(self, move: Move) -> bool:
        terms, geometry = self._terms(move)
        if geometry & self.possible(move.piece) == 0:
            return False
        return self._allowed_terms(terms) and not self._perpetual_check(move)

    def _apply(self, terms: _Terms) -> None:
        valid, r1row, q, q2 = self._kernel_args(terms, exclude_mate=False)
        rows = self.space.rows
        sp.apply(rows[terms.mover], rows[1 - terms.mover], valid, r1row, q, q2)
        if terms.mate is not None:
            self._mate_pairs(terms, terms.mate, clear=True)

    def _mate_pairs(self, terms: _Terms, mate: _Mate, clear: bool) -> bool:
        """Pairs where the dropped piece is a pawn and the piece in front the king: with ``clear``, remove
        those where the drop mates; otherwise whether one exists where it does not."""
        after = self.position.after(mate.move)
        valid, r1row, q, q2 = self._kernel_args(terms, exclude_mate=False)
        return sp.scan_mates(self.space.rows[terms.mover], self.space.rows[1 - terms.mover], valid, r1row, q, q2,
                             mate.rows, mate.cols, terms.mover, mate.pawn, mate.king,
                             np.array(after.squares, np.int64), np.array(after.owners, np.int64),
                             np.array(after.promoted, np.bool_), clear)

    def _gives_check(self, mover: int) -> bool:
        """Whether the opponent's king is attacked in every consistent pair (a check that is certain)."""
        defender = 1 - mover
        king_square, own_attacks, other_attacks = _safety(self.position, defender)
        ones = np.ones(sp.N, np.bool_)
        terms = _Terms(defender, [ones, ones], king_square, own_attacks, other_attacks,
                       np.zeros(sp.N, np.bool_), np.zeros(sp.N, np.bool_), None)
        return not self._exists(terms)

    def _perpetual_check(self, move: Move) -> bool:
        after = self.position.after(move)
        if self.positions.count(after) < 3:
            return False
        first = next(i for i, seen in enumerate(self.positions) if seen == after)
        own = [self.checks[i] for i in range(first, len(self.checks)) if self.positions[i].turn == self.turn]
        if not own or not all(own):
            return False
        trial = self.copy()
        terms, _ = trial._terms(move)
        trial._apply(terms)
        trial.position = after
        return trial._gives_check(self.turn)

    def _judge(self, mover: int) -> Outcome | None:
        determined = [len(self.king_candidates(side)) == 1 for side in (0, 1)]
        if all(determined):
            return Outcome.of(Termination.BOTH_KINGS_DETERMINED, None)
        if any(determined):
            loser = Side(determined.index(True))
            return Outcome.of(Termination.KING_DETERMINED, loser.opponent, self.king_candidates(loser)[0])
        if self.positions.count(self.position) >= 4:
            return Outcome.of(Termination.REPETITION, None)
        if not any(self._allowed(m) for m in self._candidates()):  # stops at the first legal move
            return Outcome.of(Termination.NO_LEGAL_MOVE, Side(mover))
        return None

    def _candidates(self) -> Iterable[Move]:
        pos, side = self.position, self.position.turn
        occupied = pos.occupied()
        own = 0
        for r in pos.on_board(side):
            own |= 1 << pos.squares[r]
        for p in pos.on_board(side):
            start = pos.squares[p]
            if pos.promoted[p]:
                reach = attacks(side, PROMOTED, start, occupied)
            else:
                reach = 0
                for t in TYPES:
                    if self.possible(p) >> t & 1:
                        reach |= attacks(side, int(t), start, occupied)
            reach &= ~own
            for to in range(25):
                if reach >> to & 1:
                    capture = pos.piece_at(to) is not None
                    for promote in (False, True):
                        move = Move(p, to, promote=promote, capture=capture)
                        if self._geometry(move) & self.possible(p):
                            yield move
        for p in pos.hand(side):
            for to in range(25):
                if not occupied >> to & 1:
                    move = Move(p, to, drop=True)
                    if self._geometry(move) & self.possible(p):
                        yield move


def _side_mask(constraints: dict[int, int]) -> np.ndarray:
    mask = np.ones(sp.N, np.bool_)
    for local, allowed in constraints.items():
        if allowed != ALL_TYPES:
            mask &= (sp.TYPE_BITS[:, local] & allowed) != 0
    return mask


def _safety(position: Position, side: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """King-safety terms for ``side`` in ``position``: its pieces' squares (a king candidate must be on
    the board and its own), and the squares attacked by the opponent's pieces of each origin, as
    functions of that origin's assignment."""
    king_square = np.full(10, -1, np.int64)
    for local in range(10):
        piece = side * 10 + local
        if position.owners[piece] == side and position.squares[piece] >= 0:
            king_square[local] = position.squares[piece]
    occupied = position.occupied()
    attacked = [np.zeros(sp.N, np.int64), np.zeros(sp.N, np.int64)]
    for r in position.on_board(1 - side):
        at = position.squares[r]
        if position.promoted[r]:
            attacked[r // 10] |= attacks(1 - side, PROMOTED, at, occupied)
        else:
            table = np.array([attacks(1 - side, int(t), at, occupied) for t in TYPES], np.int64)
            attacked[r // 10] |= table[sp.TYPES[:, r % 10]]
    return king_square, attacked[side], attacked[1 - side]
