"""闇鍋 team-ratio study speed (issues 19, 36): a 20,000-game study — one safety level, n = 8 … 20
seats, heuristic bots, the whole catalog on days drawn over the year — on ``--workers`` processes
(2; target < 15 min). Prints one JSON line per measurement; never asserts.

``study``: the whole study through :func:`jinrou.yaminabe.runs.run_study` (casting, playing,
gathering), wall time, CPU time of the main process, games per second. ``study_one_process``
first: games per second of one process for each seat count, over ``--sample`` games each (bigger
tables play longer games). ``load`` is the 1-minute load average at the end: the machine is shared.

    python benchmarks/yaminabe_study_bench.py                          # 20,000 games at 中, 2 processes
    python benchmarks/yaminabe_study_bench.py --pool playable --date none   # the study before issue 36
    python benchmarks/yaminabe_study_bench.py --games 2000 --level balanced
    python benchmarks/yaminabe_study_bench.py --level balanced --seed 3636 --report check.jsonl   # and its counts

``--report FILE`` writes the study's report (``jinrou yaminabe study --json``'s lines) to FILE, so
that the measured games count too (the balanced level's check in docs/yaminabe-study.md).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import time

from jinrou.yaminabe.runs import run_study
from jinrou.yaminabe.study import Plan, play_chunk

TARGET_S = 15 * 60
"""Seconds for 20,000 games on 2 cores."""


def per_seats(level: str, players: range, sample: int, seed: int, pool: str, date: str) -> dict[str, float]:
    """Games per second of one process, per seat count, over ``sample`` games each."""
    rates = {}
    for n in players:
        plan = Plan.build(levels=(level,), players=(n,), games=sample, seed=seed, chunk=sample, pool=pool, date=date)
        start = time.perf_counter()
        play_chunk(plan, plan.chunks()[0])
        rates[str(n)] = round(sample / (time.perf_counter() - start), 1)
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games in the whole study")
    parser.add_argument("--level", default="middle")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sample", type=int, default=40, help="games per seat count in the one-process pass")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pool", default="catalog", help="catalog (the default) or playable")
    parser.add_argument("--date", default="drawn", help="drawn (the default), none or MM-DD")
    parser.add_argument("--report", help="write the study's report (JSON lines) to this file")
    parser.add_argument("--skip-one-process", action="store_true", help="leave out the one-process pass")
    args = parser.parse_args()
    players = range(8, 21)
    cast_from = {"pool": args.pool, "date": args.date}
    load = round(os.getloadavg()[0], 2)
    if not args.skip_one_process:
        rates = per_seats(args.level, players, args.sample, args.seed + 1, args.pool, args.date)
        print(json.dumps({"bench": "yaminabe_study_one_process", "level": args.level, **cast_from, "games_per_seats": args.sample,
                          "games_per_s": rates, "load_before": load, "load": round(os.getloadavg()[0], 2)}), flush=True)
    plan = Plan.build(levels=(args.level,), players=tuple(players), games=math.ceil(args.games / len(players)), seed=args.seed,
                      pool=args.pool, date=args.date)
    load = round(os.getloadavg()[0], 2)
    start, cpu = time.perf_counter(), time.process_time()
    result = run_study(plan, workers=args.workers)
    seconds = time.perf_counter() - start
    played = sum(len(rows) for rows in result.rows.values())
    print(json.dumps({
        "bench": "yaminabe_study", "level": args.level, **cast_from, "players": "8-20", "games": plan.total, "played": played,
        "unplayable": sum(result.unplayable.values()), "workers": args.workers, "seconds": round(seconds, 1),
        "cpu_seconds_main": round(time.process_time() - cpu, 1), "games_per_s": round(plan.total / seconds, 1),
        "target_s": TARGET_S, "met": seconds * 20_000 / plan.total < TARGET_S, "cores": os.cpu_count(),
        "load_before": load, "load": round(os.getloadavg()[0], 2), "python": platform.python_version(),
    }), flush=True)  # fmt: skip
    if args.report:
        with open(args.report, "w", encoding="utf-8") as report:
            report.writelines(json.dumps(line, ensure_ascii=False) + "\n" for line in result.json_lines())


if __name__ == "__main__":
    main()
