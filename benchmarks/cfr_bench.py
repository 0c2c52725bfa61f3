"""CFR+ speed, one JSON line per measurement (side by side in one run; never asserted in tests).

  leduc      Leduc poker to exploitability < 1e-3 (447 iterations): jinrou vs OpenSpiel's C++
             CFRPlusSolver (and its Python solver with --python-openspiel: slow, ~50 s);
             needs the openspiel extra (pip install -e '.[openspiel]').
  werewolf   one no-talk werewolf cell: build time, iteration time, exploitability
             (default 10 players, 4 wolves, seer + guard: the paper's largest cell).
  table      a whole table (--seer/--guard) with the parallel sweep.
  scale      one cell solved until its exploitability (checked every --check iterations) is below
             1e-3, or --limit seconds pass: the "largest game in 10 minutes" figures.

    python benchmarks/cfr_bench.py leduc
    python benchmarks/cfr_bench.py werewolf --counts 4 1 1 4 --iterations 500
    python benchmarks/cfr_bench.py table --seer --guard --max-players 10
    python benchmarks/cfr_bench.py scale --counts 10 1 1 1
"""

from __future__ import annotations

import argparse
import json
import time


def leduc(python_openspiel: bool) -> None:
    import pyspiel

    from jinrou.solve.cfr import CFRPlus
    from jinrou.solve.efg import compile_game
    from jinrou.solve.poker import Leduc

    start = time.perf_counter()
    game = compile_game(Leduc())
    built = time.perf_counter() - start
    solver = CFRPlus(game)
    start = time.perf_counter()
    solver.iterate(447)
    ours = time.perf_counter() - start
    print(json.dumps({"solver": "jinrou", "game": "leduc", "iterations": 447, "build_s": round(built, 3),
                      "solve_s": round(ours, 3), "exploitability": solver.exploitability()}), flush=True)
    spiel = pyspiel.load_game("leduc_poker")
    theirs = pyspiel.CFRPlusSolver(spiel)
    start = time.perf_counter()
    for _ in range(447):
        theirs.evaluate_and_update_policy()
    cpp = time.perf_counter() - start
    from open_spiel.python.algorithms import exploitability

    print(json.dumps({"solver": "openspiel-c++", "game": "leduc", "iterations": 447, "solve_s": round(cpp, 3),
                      "exploitability": exploitability.exploitability(spiel, theirs.average_policy()),
                      "speedup": round(cpp / ours, 2)}), flush=True)
    if python_openspiel:
        from open_spiel.python.algorithms import cfr

        slow = cfr.CFRPlusSolver(spiel)
        start = time.perf_counter()
        for _ in range(447):
            slow.evaluate_and_update_policy()
        python_s = time.perf_counter() - start
        print(json.dumps({"solver": "openspiel-python", "game": "leduc", "iterations": 447,
                          "solve_s": round(python_s, 3), "speedup": round(python_s / ours, 2)}), flush=True)


def werewolf(counts: list[int], iterations: int) -> None:
    import resource

    from jinrou.solve.cfr import CFRPlus
    from jinrou.solve.efg import compile_game
    from jinrou.solve.werewolf import NoTalkWerewolf, Setup

    start = time.perf_counter()
    game = compile_game(NoTalkWerewolf(Setup(counts[0], counts[1], counts[2], counts[3])))
    built = time.perf_counter() - start
    solver = CFRPlus(game)
    solver.iterate(1)  # compiles the numba kernels (cached on disk afterwards)
    start = time.perf_counter()
    solver.iterate(iterations - 1)
    solved = time.perf_counter() - start
    start = time.perf_counter()
    exploit = solver.exploitability()
    print(json.dumps({
        "game": "werewolf", "setup": " ".join(map(str, counts)), "nodes": game.nodes, "histories": game.histories,
        "infosets": game.infosets, "edges": len(game.parent), "build_s": round(built, 2),
        "iterations": iterations, "solve_s": round(solved, 2), "per_iteration_ms": round(1000 * solved / (iterations - 1), 1),
        "exploitability": exploit, "exploitability_s": round(time.perf_counter() - start, 2),
        "village_win_rate": solver.value(),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }), flush=True)


def scale(counts: list[int], check: int, limit: float) -> None:
    import resource

    from jinrou.solve.cfr import CFRPlus
    from jinrou.solve.efg import compile_game
    from jinrou.solve.solution import return_freed_memory
    from jinrou.solve.werewolf import NoTalkWerewolf, Setup

    def peak_mib() -> int:
        return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)

    return_freed_memory()
    start = time.perf_counter()
    game = compile_game(NoTalkWerewolf(Setup(counts[0], counts[1], counts[2], counts[3])))
    built, build_peak = time.perf_counter() - start, peak_mib()
    solver = CFRPlus(game)
    exploit = float("inf")
    while exploit >= 1e-3 and time.perf_counter() - start < limit:
        solver.iterate(check)
        exploit = solver.exploitability()
    print(json.dumps({
        "game": "werewolf", "setup": " ".join(map(str, counts)), "players": sum(counts), "nodes": game.nodes,
        "edges": len(game.parent), "infosets": game.infosets, "build_s": round(built, 1),
        "iterations": solver.iteration, "seconds": round(time.perf_counter() - start, 1), "exploitability": exploit,
        "village_win_rate": solver.value(), "solved": exploit < 1e-3, "build_peak_mib": build_peak,
        "peak_mib": peak_mib(),
    }), flush=True)


def table(seer: bool, guard: bool, max_players: int, iterations: int, workers: int | None) -> None:
    from jinrou.solve.table import cells, sweep

    todo = cells(max_players, seer, guard)
    start = time.perf_counter()
    done = list(sweep(todo, seer, guard, iterations, workers=workers))
    print(json.dumps({"table": {"seer": seer, "guard": guard}, "max_players": max_players, "cells": len(done),
                      "iterations": iterations, "seconds": round(time.perf_counter() - start, 1),
                      "worst_exploitability": max(c.exploitability for c in done),
                      "slowest_cell_s": round(max(c.seconds for c in done), 1)}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["leduc", "werewolf", "table", "scale"])
    parser.add_argument("--python-openspiel", action="store_true")
    parser.add_argument("--counts", type=int, nargs=4, default=[4, 1, 1, 4], metavar=("R", "D", "G", "M"))
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--seer", action="store_true")
    parser.add_argument("--guard", action="store_true")
    parser.add_argument("--max-players", type=int, default=10)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--check", type=int, default=25, help="scale: iterations between exploitability checks")
    parser.add_argument("--limit", type=float, default=600, help="scale: seconds before giving up")
    args = parser.parse_args()
    if args.what == "leduc":
        leduc(args.python_openspiel)
    elif args.what == "werewolf":
        werewolf(args.counts, args.iterations)
    elif args.what == "scale":
        scale(args.counts, args.check, args.limit)
    else:
        table(args.seer, args.guard, args.max_players, args.iterations, args.workers)


if __name__ == "__main__":
    main()
