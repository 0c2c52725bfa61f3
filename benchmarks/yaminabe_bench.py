"""闇鍋 casting speed: 10,000 castings of 16 seats at 中 (target < 1 s) and at 超 (40 trials each,
target < 10 s). Prints one JSON line per measurement; never asserts.

Each measurement is the median of ``--repeats`` runs, wall clock and CPU time, and the best run
(the machine may be shared and its speed varies: ``load`` is the 1-minute load average at the end). ``path`` says what is timed: ``request``
casts a checked request again and again (what ``jinrou yaminabe stats`` does); ``cast`` calls the
public :func:`jinrou.yaminabe.casting` each time (the request checked every time).

    python benchmarks/yaminabe_bench.py [--castings 10000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

import numpy as np

from jinrou.yaminabe import Request, cast, cast_from
from jinrou.yaminabe.casting import uniforms

TARGETS = {"middle": 1.0, "super": 10.0}
"""Seconds for 10,000 castings (``met`` scales other numbers of castings to 10,000)."""


def run_request(level: str, seats: int, castings: int, seed: int) -> tuple[float, float]:
    request = Request.build(seats, level)
    uniform = uniforms(np.random.default_rng(seed))
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(castings):
        cast_from(request, uniform)
    return time.perf_counter() - start, time.process_time() - cpu


def run_cast(level: str, seats: int, castings: int, seed: int) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(castings):
        cast(seats, level, rng=rng)
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--castings", type=int, default=10_000)
    parser.add_argument("--seats", type=int, default=16)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for level, target in TARGETS.items():
        for path, run in (("request", run_request), ("cast", run_cast)):
            times = [run(level, args.seats, args.castings, seed) for seed in range(args.repeats)]
            seconds = statistics.median(wall for wall, _ in times)
            cpu = statistics.median(cpu for _, cpu in times)
            best = min(wall for wall, _ in times)
            print(json.dumps({
                "bench": "yaminabe_cast", "path": path, "safety": level, "seats": args.seats,
                "trials": 40 if level == "super" else 1, "castings": args.castings, "seconds": round(seconds, 3),
                "cpu_seconds": round(cpu, 3), "best_seconds": round(best, 3),
                "us_per_casting": round(seconds / args.castings * 1e6, 1),
                "target_s": target, "met": seconds / args.castings * 10_000 < target, "repeats": args.repeats, "load": round(os.getloadavg()[0], 2),
                "python": platform.python_version(),
            }), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
