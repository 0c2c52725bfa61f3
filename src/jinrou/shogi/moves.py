"""Moves and their notation.

A move names the piece by its number and the square it goes to: ``⑤c4`` (move), ``⑭xc4`` (capture),
``①b2+`` (promotion, declared), ``⑦*c3`` (drop from the hand). The ASCII form writes the number in
digits with ``-`` for a move: ``5-c4``, ``14xc4``, ``1-b2+``, ``7*c3``. Reading is lenient about the
separator (``⑤-c4``, ``5c4``); writing is canonical.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jinrou.errors import NotationError
from jinrou.shogi.pieces import GLYPHS, PIECES, glyph, parse_square, square_name

_PATTERN = re.compile(r"^(?P<piece>[①-⑳]|\d{1,2})(?P<sep>[-x×*]?)(?P<square>[a-e][1-5])(?P<promote>\+?)$")


@dataclass(frozen=True)
class Move:
    """A move of piece ``piece`` (0–19 for ①–⑳) to square ``to``; ``capture`` is filled in by the game."""

    piece: int
    to: int
    drop: bool = False
    promote: bool = False
    capture: bool = False

    def __str__(self) -> str:
        return f"{glyph(self.piece)}{self._marker('')}{square_name(self.to)}{'+' if self.promote else ''}"

    def ascii(self) -> str:
        """The ASCII form, e.g. ``5-c4``."""
        return f"{self.piece + 1}{self._marker('-')}{square_name(self.to)}{'+' if self.promote else ''}"

    def _marker(self, plain: str) -> str:
        return "*" if self.drop else "x" if self.capture else plain

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from either notation (whether it captures is the game's to check).

        >>> Move.parse("⑤c4"), Move.parse("14xc4").capture, str(Move.parse("7*c3"))
        (Move(piece=4, to=13, drop=False, promote=False, capture=False), True, '⑦*c3')
        """
        match = _PATTERN.match(text.strip().lower().replace("×", "x"))
        if match is None:
            raise NotationError(
                f"cannot read move {text!r}: write the piece number and the square, e.g. '⑤c4' or '5-c4', "
                "'14xc4' for a capture, '1-b2+' to promote, '7*c3' to drop"
            )
        number = match["piece"]
        piece = GLYPHS.index(number) if number in GLYPHS else int(number) - 1
        if not 0 <= piece < PIECES:
            raise NotationError(f"no piece {number!r} in {text!r}: pieces are 1–20 (①–⑳)")
        sep = match["sep"]
        if sep == "*" and match["promote"]:
            raise NotationError(f"cannot promote on a drop: {text!r}")
        to = parse_square(match["square"])
        assert to is not None
        return cls(piece, to, drop=sep == "*", promote=bool(match["promote"]), capture=sep == "x")
