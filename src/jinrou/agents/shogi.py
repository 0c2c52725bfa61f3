"""Quantum mini-shogi bots. Everything in quantum shogi is public, so a bot sees the game itself.

* ``random`` — a uniform legal move.
* ``search`` — wins by making the opponent's king determined while keeping its own hidden. It scores
  a position by how undetermined each king is: the entropy (bits) of "which piece is the king" under
  the exact distribution over consistent assignments, its own minus the opponent's, plus a little
  for pieces in hand (a won or lost game scores ±1000). It looks at every legal move one ply deep,
  then checks the best ``width`` of them against every reply (depth-2 minimax), so it avoids moves
  that let the opponent determine its king next move.
"""

from __future__ import annotations

import math
from typing import Protocol

import numpy as np

from jinrou.shogi.game import Game
from jinrou.shogi.moves import Move

WIN = 1000.0


class ShogiAgent(Protocol):
    name: str

    def choose(self, game: Game, rng: np.random.Generator) -> Move:
        """The move to play for the side to move (the game must not be over)."""
        ...


class RandomShogiAgent:
    name = "random"

    def choose(self, game: Game, rng: np.random.Generator) -> Move:
        moves = game.legal_moves()
        return moves[int(rng.integers(len(moves)))]


class SearchShogiAgent:
    name = "search"

    def __init__(self, width: int = 4):
        self.width = width

    def choose(self, game: Game, rng: np.random.Generator) -> Move:
        side = game.turn
        scored = []
        for move in game.legal_moves():
            child = game.copy()
            child.push(move)
            scored.append((evaluate(child, side), move, child))
        # ties are broken at random so that the bot does not always play the same game
        order = rng.permutation(len(scored))
        scored = [scored[i] for i in order]
        scored.sort(key=lambda item: -item[0])
        best_value, best_move = -math.inf, scored[0][1]
        for value, move, child in scored[: self.width]:
            if child.outcome is None:
                replies = [evaluate(_after(child, reply), side) for reply in child.legal_moves()]
                value = min(replies, default=value)
            if value > best_value:
                best_value, best_move = value, move
        return best_move


def _after(game: Game, move: Move) -> Game:
    child = game.copy()
    child.push(move)
    return child


def king_entropy(game: Game, side: int) -> float:
    """Bits of uncertainty about which piece is ``side``'s king (0 once it is determined)."""
    kings = game.type_counts()[side * 10: side * 10 + 10, 5]
    shares = kings / kings.sum()  # a heuristic score, so floating point is fine here
    return -sum(s * math.log2(s) for s in shares if s > 0)


def evaluate(game: Game, side: int) -> float:
    """The search bot's score of a position for ``side`` (higher is better)."""
    if game.outcome is not None:
        if game.outcome.winner is None:
            return 0.0
        return WIN if game.outcome.winner == side else -WIN
    hand = len(game.position.hand(side)) - len(game.position.hand(1 - side))
    return king_entropy(game, side) - king_entropy(game, 1 - side) + 0.05 * hand


SHOGI_AGENTS = {"random": RandomShogiAgent, "search": SearchShogiAgent}


def make_shogi_agent(kind: str) -> ShogiAgent:
    try:
        return SHOGI_AGENTS[kind]()
    except KeyError:
        raise ValueError(f"unknown shogi bot {kind!r}: choose one of {', '.join(SHOGI_AGENTS)}") from None
