"""Quantum mini-shogi speed: determination list + legal moves after each move of random games.

Prints one JSON line per game size and a summary line. Games are random (uniform over the legal
moves, seeded) and played on past the end (``play_on``) up to ``--plies`` moves, so every game has
the same length. The first game is a warm-up (numba compilation) and is not counted.

    python benchmarks/shogi_bench.py --games 20 --plies 60
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from jinrou.shogi import Game


def play(rng: np.random.Generator, plies: int) -> tuple[list[float], list[float], int]:
    game = Game(play_on=True)
    per_move, push_times = [], []
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        move = moves[rng.integers(len(moves))]
        start = time.perf_counter()
        game.push(move)          # applies the move; judging the end computes the legal moves
        pushed = time.perf_counter()
        game.determination()
        game.legal_moves()
        per_move.append(time.perf_counter() - start)
        push_times.append(pushed - start)
    return per_move, push_times, len(game.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    play(np.random.default_rng(0), 10)  # warm-up: compile the kernels
    everything = []
    for index in range(args.games):
        per_move, _, length = play(rng, args.plies)
        everything += per_move
        print(json.dumps({"game": index, "moves": length, "mean_ms": round(1000 * statistics.mean(per_move), 2),
                          "max_ms": round(1000 * max(per_move), 2)}))
    print(json.dumps({
        "summary": "determination list + legal moves after each move",
        "games": args.games, "moves": len(everything),
        "mean_ms": round(1000 * statistics.mean(everything), 2),
        "median_ms": round(1000 * statistics.median(everything), 2),
        "p99_ms": round(1000 * sorted(everything)[int(0.99 * (len(everything) - 1))], 2),
        "max_ms": round(1000 * max(everything), 2),
        "target_mean_ms": 50,
    }))


if __name__ == "__main__":
    main()
