"""Strategy language: time to count every state of a rule file, one JSON line per (file, method).

The issue's target: the paper's 3-player space (2,097,152 states) counted in well under 1 s.
Each measurement builds everything from scratch (no caches) and reports the median of --repeat.

    python benchmarks/strategy_bench.py
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from jinrou.strategy.count import count
from jinrou.strategy.rules import load

EXAMPLES = Path(__file__).parents[1] / "examples"
CASES = [
    ("three-player-appendix.json", "brute"),
    ("three-player-appendix.json", "symbolic"),
    ("four-player-counter-claim.json", "symbolic"),
    ("five-player-counter-claim.json", "symbolic"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for name, method in CASES:
        rules = load(str(EXAMPLES / name))
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            counts = count(rules, method)
            times.append(time.perf_counter() - start)
        print(json.dumps({"file": name, "method": method, "states": counts.states,
                          "valid": counts.states - counts.violation, "median_s": round(statistics.median(times), 4),
                          "max_s": round(max(times), 4)}), flush=True)


if __name__ == "__main__":
    main()
