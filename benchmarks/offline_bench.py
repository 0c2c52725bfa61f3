"""Offline quantum werewolf: exact probabilities after a long record, one JSON line per size.

For each (players, wolves) it plays random records (pointers mostly at two suspects a night,
random announcements and votes;
collapses drawn with the exact probability), keeps one that lasts 10 nights (or the longest one
found: small games end sooner), and times computing every player's exact
P(wolf) from scratch (the model's cache cleared), median of --repeat runs. Target (issue #6):
24 players / 4 wolves over a 10-night record in < 100 ms.

    python benchmarks/offline_bench.py
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import numpy as np

from jinrou.offline import model
from jinrou.offline.rules import Announce, CastVote, OfflineGame, Point, Setup


def long_record(players: int, wolves: int, nights: int, seed: int, tries: int = 300) -> OfflineGame:
    """The longest of ``tries`` random games, stopped once ``nights`` nights have passed."""
    best: OfflineGame | None = None
    for attempt in range(tries):
        game = _play(players, wolves, nights, seed + attempt)
        if best is None or len(game.entries) > len(best.entries):
            best = game
        if not game.is_over:
            break
    assert best is not None  # tries >= 1
    return best


def _play(players: int, wolves: int, nights: int, seed: int) -> OfflineGame:
    r, rng = random.Random(seed), np.random.default_rng(seed)
    game = OfflineGame.new(Setup.create(players, wolves))
    while (game.number <= nights or game.is_night) and not game.is_over:
        if game.executed is not None:
            game = game.apply(game.draw_collapse(rng))
            continue
        actor = game.waiting_for()[0]
        target = r.choice(sorted(game.alive - {actor}))
        if game.is_night:  # tables point at a few suspects: two a night draw most pointers
            suspects = [s for s in random.Random(seed * 1000 + game.number).sample(sorted(game.alive), 3) if s != actor]
            if r.random() < 0.8:
                target = suspects[0] if len(suspects) < 3 else r.choice(suspects[:2])
            game = game.apply(Point(game.number, actor, target))
            continue
        said = any(a.day == game.number and a.player == actor for a in game.announcements)
        if not game.votes and not said and game.has_seer_possibility(actor) and r.random() < 0.3:
            game = game.apply(Announce(game.number, actor, r.choice(sorted(game.alive - {actor})), r.random() < 0.5))
        game = game.apply(CastVote(game.number, actor, target))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="*", default=["10x2", "14x2", "19x3", "24x4", "30x5"])
    parser.add_argument("--nights", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    for size in args.sizes:
        players, wolves = map(int, size.split("x"))
        game = long_record(players, wolves, args.nights, seed=players)
        times = []
        for _ in range(args.repeat):
            model._counts.cache_clear()
            model._sets.cache_clear()
            model._floats.cache_clear()
            start = time.perf_counter()
            counts = game.facts.counts()
            [counts.wolf_probability(p) for p in game.alive]
            times.append(time.perf_counter() - start)
        print(json.dumps({
            "players": players, "wolves": wolves, "nights": game.number - (1 if game.is_night else 0), "entries": len(game.entries),
            "alive": len(game.alive), "ways": counts.total, "median_ms": round(1000 * statistics.median(times), 2),
            "max_ms": round(1000 * max(times), 2),
        }), flush=True)


if __name__ == "__main__":
    main()
