"""Quantum werewolf engine speed: whole heuristic-bot games per size, one JSON line per size.

For each (players, wolves) it plays ``--games`` games in a fresh subprocess and reports:
  game_s        median wall time of a whole game (engine + bots), seconds
  game_cpu_s    median CPU time of the same (on a shared machine the steadier figure)
  phase_max_s   slowest single phase transition of the engine (night resolution with every
                divination, sudden and chain deaths, the next table and judgement), seconds
  phase_median_s, bots_s (bot decision time per game, median), phases (median count)
  peak_rss_mb   the subprocess's maximum resident set size
  worlds        the world count at the start, P(n, k+1)

Anchors (issue #2, same kind of machine): the Rust engine dasgefolge/quantum-werewolf needs 2.4 s to
start and 3.0 s for the first night at 20/4 (~1 GB), 20 s / 6.7 GB at 18/5.

    python benchmarks/quantum_bench.py                 # the issue's sizes and beyond
    python benchmarks/quantum_bench.py --sizes 30x6 --games 3
    python benchmarks/quantum_bench.py --sizes 160x32 300x60 --games 3   # issue 43's sizes
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import statistics
import subprocess
import sys
import time

DEFAULT_SIZES = ["19x3", "20x4", "24x5", "30x6", "50x10", "100x20", "160x32", "300x60"]


def measure(players: int, wolves: int, games: int, seed: int) -> dict:
    import numpy as np

    from jinrou.agents.quantum import HeuristicAgent
    from jinrou.quantum.events import Deadline
    from jinrou.quantum.game import Game, Setup
    from jinrou.quantum.views import PlayerView

    setup = Setup.create(players, wolves)
    totals, cpus, bots, phases, counts = [], [], [], [], []
    for index in range(games):
        rng = np.random.default_rng(seed + index)
        agents = [HeuristicAgent() for _ in range(players)]
        start, cpu = time.perf_counter(), time.process_time()
        game = Game.new(setup).advance(rng)
        bot_time, count = 0.0, 0
        while not game.is_over:
            tick = time.perf_counter()
            for seat in game.waiting_for():
                game = game.apply(agents[seat].act(PlayerView.of(game, seat), rng))
            bot_time += time.perf_counter() - tick
            tick = time.perf_counter()
            game = game.apply(Deadline()).advance(rng)
            phases.append(time.perf_counter() - tick)
            count += 1
        totals.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        bots.append(bot_time)
        counts.append(count)
    return {
        "players": players,
        "wolves": wolves,
        "worlds": math.perm(players, wolves + 1),
        "games": games,
        "game_s": round(statistics.median(totals), 4),
        "game_cpu_s": round(statistics.median(cpus), 4),
        "phase_max_s": round(max(phases), 4),
        "phase_median_s": round(statistics.median(phases), 5),
        "bots_s": round(statistics.median(bots), 4),
        "phases": statistics.median(counts),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="*", default=DEFAULT_SIZES, help="PLAYERSxWOLVES, e.g. 24x5")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # internal: measure one size in this process
    args = parser.parse_args()
    if args.one:
        players, wolves = map(int, args.one.split("x"))
        print(json.dumps(measure(players, wolves, args.games, args.seed)), flush=True)
        return
    for size in args.sizes:  # a fresh process per size: peak memory is that size's own
        command = [sys.executable, __file__, "--one", size, "--games", str(args.games), "--seed", str(args.seed)]
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
