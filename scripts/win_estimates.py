"""Compute the bots' win-rate estimates a player's profile shows beside his 戦績 (per cast, seats, team).

Writes ``src/jinrou/modes/data/classic-estimates.json`` (see :mod:`jinrou.modes.classic_estimates`):
for each cast key and number of players, the heuristic bots play --games games as a room of those
settings would, and each team's bot seats that won and seats are counted. Cells not asked for are
kept from the existing file, so the table can be made a few casts at a time. The shipped table:

    nice -n 10 python scripts/win_estimates.py --casts default --games 100 --seed 41 --workers 2

(``default``: 普通1 for 5–20 players, the nine 闇鍋 levels and かんたん闇鍋 for 8–20; a preset is
``preset:普通配役.普通2``.) A run prints one JSON line per cell as it finishes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from jinrou.modes import classic_estimates as estimates
from jinrou.workers import unordered
from jinrou.yaminabe import Safety

CHUNK = 25


def default_cells() -> list[tuple[str, int]]:
    cells = [("normal", p) for p in range(5, 21)]
    cells += [(f"yaminabe:{level.value}", p) for level in Safety for p in range(8, 21)]
    cells += [("easy:high", p) for p in range(8, 21)]
    return cells


def _chunk(job: tuple[str, int, int, int, int]) -> tuple[str, int, estimates.Counts, list[tuple[int, str]]]:
    cast, players, games, seed, start = job
    failed: list[tuple[int, str]] = []
    return cast, players, estimates.tally(cast, players, games, seed, start, failed), failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casts", default="default", help="'default', or cast keys separated by commas")
    parser.add_argument("--players", default="8-20", help="players of the casts named (a range a-b or a number)")
    parser.add_argument("--games", type=int, default=100, help="games per cast and seat count")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--output", type=Path, default=estimates.TABLE)
    parser.add_argument("--missing", action="store_true", help="only the cells the table lacks (a run resumed)")
    options = parser.parse_args()
    if options.casts == "default":
        cells = default_cells()
    else:
        low, _, high = options.players.partition("-")
        players = range(int(low), int(high or low) + 1)
        cells = [(cast, p) for cast in options.casts.split(",") for p in players]
    cells = [(c, p) for c, p in cells if _seats(c, p)]
    about, table = estimates.read_table(options.output) if options.output.exists() else ({}, {})
    if options.missing:
        cells = [cell for cell in cells if cell not in table]
    about = {"bots": "heuristic", "games": options.games, "seed": options.seed,
             "settings": "the room's defaults (身代わりくん on)",
             "command": "python scripts/win_estimates.py " + " ".join(sys.argv[1:]),
             "failed": {key: games for key, games in about.get("failed", {}).items()  # a cell played again: its own
                        if key not in {f"{cast} {p}" for cast, p in cells}}}
    jobs = [(cast, p, min(CHUNK, options.games - start), options.seed, start)
            for cast, p in cells for start in range(0, options.games, CHUNK)]
    parts: dict[tuple[str, int], list[estimates.Counts]] = {cell: [] for cell in cells}
    begun = time.perf_counter()
    for cast, p, counts, failed in unordered(_chunk, jobs, options.workers):
        parts[(cast, p)].append(counts)
        if failed:  # games the engine failed on: left out, named in the table's about
            about["failed"].setdefault(f"{cast} {p}", []).extend(f"game {i}: {error}" for i, error in failed)
        if len(parts[(cast, p)]) * CHUNK >= options.games:
            table[(cast, p)] = estimates.merge(parts[(cast, p)])
            print(json.dumps({"cast": cast, "players": p, "teams": table[(cast, p)], "failed": len(about["failed"].get(f"{cast} {p}", [])),
                              "seconds": round(time.perf_counter() - begun, 1)}, ensure_ascii=False), flush=True)
            estimates.write_table(options.output, about, table)  # after each cell: a run cut short keeps what it made


def _seats(cast: str, players: int) -> bool:
    """Whether a room of ``cast`` seats ``players`` (a preset's range, a 闇鍋's minimum)."""
    from jinrou.modes.base import SettingsError

    try:
        return estimates.room_settings(cast, players) is not None
    except SettingsError:
        return False


if __name__ == "__main__":
    main()
