"""Quantum mini-shogi (量子ミニ将棋): 5×5 shogi whose piece types are fixed only by the moves played.

>>> game = Game(["⑤c4", "⑭xc4", "⑦c2", "⑫xc2", "①b2"])
>>> game.determination()[0], game.determination()[13]
('●●++●●', '+++++●')
"""

from jinrou.shogi.game import Game, Outcome, Status, Termination
from jinrou.shogi.moves import Move
from jinrou.shogi.pieces import PieceType, Side
from jinrou.shogi.position import Position

__all__ = ["Game", "Move", "Outcome", "PieceType", "Position", "Side", "Status", "Termination"]
