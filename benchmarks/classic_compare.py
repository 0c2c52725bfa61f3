"""Classic werewolf speed, two checkouts compared fairly: whole 16-seat games of heuristic bots
timed in each checkout in turn, ``--rounds`` rounds of ``--games`` games, the checkouts interleaved
(base, new, base, new, …) so that a noisy machine slows both alike. One JSON line per round and
checkout, then one summary line per cast: the medians over rounds of the mean ms per game (wall
clock), ``ratio`` = new / base of those medians (< 1: the new checkout is faster), and the median of
the rounds' own ratios (``paired_ratio``: each round's two runs ran side by side, so a slow spell of
the machine weighs on both) and the same of CPU time (``cpu_ratio``). Never asserts.

Each run is a fresh ``python`` with ``PYTHONPATH`` set to that checkout's ``src``; the games are
those of ``benchmarks/classic_bench.py`` (the same seeds, casts and settings in both checkouts).

    git worktree add /tmp/base 8f3a6e7
    python benchmarks/classic_compare.py --base /tmp/base                # this checkout against it
    python benchmarks/classic_compare.py --base /tmp/base --rounds 7 --games 200 --cast mixed16
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = """
import json, statistics, sys, time
from jinrou.agents.classic import HeuristicAgent
from jinrou.classic.casting import normal_cast
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import game_seeds, play_game

MIXED_16 = %(mixed)r
cast = MIXED_16 if %(cast)r == "mixed16" else normal_cast(16)
settings = Settings.parse()
seeds = game_seeds(%(seed)d, %(games)d)
play_game(cast, settings, HeuristicAgent, seeds[0])  # warm up (imports, caches)
walls = []
cpu = time.process_time()
for game_seed in seeds:
    start = time.perf_counter()
    play_game(cast, settings, HeuristicAgent, game_seed)
    walls.append((time.perf_counter() - start) * 1000)
cpu_ms = (time.process_time() - cpu) * 1000 / len(seeds)
print(json.dumps({"mean_ms": statistics.fmean(walls), "median_ms": statistics.median(walls), "cpu_mean_ms": cpu_ms}))
"""


def run(checkout: Path, cast: str, games: int, seed: int) -> dict[str, float]:
    """Mean and median ms per game of ``games`` games of ``cast`` in a fresh process of ``checkout``."""
    sys.path.insert(0, str(HERE / "benchmarks"))
    from classic_bench import MIXED_16

    code = CHILD % {"mixed": MIXED_16, "cast": cast, "seed": seed, "games": games}
    env = {**os.environ, "PYTHONPATH": str(checkout / "src")}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=checkout, check=True,
                         capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="the checkout to compare against")
    parser.add_argument("--new", type=Path, default=HERE, help="the checkout measured (default: this one)")
    parser.add_argument("--cast", choices=["mixed16", "normal16", "both"], default="mixed16")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200, help="games per run")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    casts = ["mixed16", "normal16"] if args.cast == "both" else [args.cast]
    trees = {"base": args.base.resolve(), "new": args.new.resolve()}
    means: dict[tuple[str, str], list[float]] = {(c, t): [] for c in casts for t in trees}
    cpus: dict[tuple[str, str], list[float]] = {(c, t): [] for c in casts for t in trees}
    for round_ in range(args.rounds):
        for cast in casts:
            order = list(trees) if round_ % 2 == 0 else list(reversed(trees))  # neither always first
            for tree in order:
                got = run(trees[tree], cast, args.games, args.seed)
                means[cast, tree].append(got["mean_ms"])
                cpus[cast, tree].append(got["cpu_mean_ms"])
                print(json.dumps({"round": round_, "cast": cast, "tree": tree,
                                  **{k: round(v, 2) for k, v in got.items()}}), flush=True)
    for cast in casts:
        base, new = (statistics.median(means[cast, t]) for t in trees)
        paired = statistics.median(n / b for b, n in zip(means[cast, "base"], means[cast, "new"], strict=True))
        cpu = statistics.median(n / b for b, n in zip(cpus[cast, "base"], cpus[cast, "new"], strict=True))
        print(json.dumps({
            "measure": "compare", "cast": cast, "games": args.games, "rounds": args.rounds,
            "base": str(trees["base"]), "new": str(trees["new"]),
            "base_median_ms": round(base, 2), "new_median_ms": round(new, 2), "ratio": round(new / base, 3),
            "paired_ratio": round(paired, 3), "cpu_ratio": round(cpu, 3),
            "base_means_ms": [round(m, 2) for m in means[cast, "base"]],
            "new_means_ms": [round(m, 2) for m in means[cast, "new"]],
            "python": platform.python_version(), "load_average": round(os.getloadavg()[0], 2),
        }), flush=True)


if __name__ == "__main__":
    main()
