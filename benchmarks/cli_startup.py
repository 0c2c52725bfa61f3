"""Start-up time of the ``jinrou`` command: how long ``jinrou --help`` and friends take.

Each command runs ``--runs`` times in a fresh process (the first is a warm-up for the file cache and
is not counted); one JSON line per command gives the minimum and the median wall time, and which of
the heavy libraries (numpy, numba, dask, matplotlib) the process imported. Two baselines come first:
a bare ``python -c pass`` (the interpreter's own start-up) and importing typer with its rich help
renderer (what any typer command pays to print ``--help``); no change in jinrou can go below them.

    python benchmarks/cli_startup.py --runs 10
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

HEAVY = ("numpy", "numba", "dask", "matplotlib")
COMMANDS = [
    ["--help"],
    ["--version"],
    ["quantum", "--help"],
    ["solve", "table", "--help"],
    ["yaminabe", "--help"],
]
# runs the real entry point, then reports which heavy libraries it imported on stderr
PROGRAM = (
    "import sys\n"
    "from jinrou.cli import app\n"
    "try:\n"
    "    app(prog_name='jinrou')\n"
    "except SystemExit:\n"
    "    pass\n"
    f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)\n"
)


def measure(argv: list[str], runs: int) -> tuple[list[float], str]:
    times, heavy = [], ""
    for run in range(runs + 1):
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - start
        if run:
            times.append(elapsed)
        heavy = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    return times, heavy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="timed runs per command (after one warm-up)")
    args = parser.parse_args()
    for label, code in (("python -c pass", "pass"), ("import typer.main, typer.rich_utils",
                                                      "import typer.main, typer.rich_utils")):
        baseline, _ = measure([sys.executable, "-c", code], args.runs)
        print(json.dumps({"command": label, "runs": args.runs, "min_s": round(min(baseline), 3),
                          "median_s": round(statistics.median(baseline), 3)}))
    for command in COMMANDS:
        times, heavy = measure([sys.executable, "-c", PROGRAM, *command], args.runs)
        print(json.dumps({"command": "jinrou " + " ".join(command), "runs": args.runs,
                          "min_s": round(min(times), 3), "median_s": round(statistics.median(times), 3),
                          "heavy_imports": heavy.split() if heavy else []}))


if __name__ == "__main__":
    main()
