"""The AIWolf arena's speed over TCP on 127.0.0.1, one JSON line per measurement; never asserts.

``game15``: ``--games15`` arena games (10) of 15 of jinrou's own protocol clients
(:class:`jinrou.aiwolf.client.SampleAgent`, answering at once), each game timed from the first
``INITIALIZE`` to the last ``FINISH``: median, mean and max wall time (target < 2 s a game).

``tournament5``: one tournament of ``--games5`` 5-seat games (1,000) with 5 clients connected once
(target < 10 min on 2 cores): wall time and games per second.

The clients run in a process of their own (threads), the arena in this one, so the two share the
machine's cores as a contest's server and agents would.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from jinrou.agents.classic import make_classic_agent
from jinrou.aiwolf.server import Arena, listen

CLIENTS = """
import sys, threading
from jinrou.aiwolf.client import SampleAgent
port, n = int(sys.argv[1]), int(sys.argv[2])
agents = [SampleAgent(f"sample{i:02d}", seed=i) for i in range(n)]
threads = [threading.Thread(target=a.run, args=("127.0.0.1", port, 600.0)) for a in agents]
for t in threads: t.start()
for t in threads: t.join()
print(sum(len(a.problems) for a in agents))
"""


def run(players: int, games: int, seed: int) -> tuple[list[float], float, int]:
    """Per-game seconds, the tournament's wall time, and the clients' problems with the packets."""
    listener = listen("127.0.0.1", 0)
    port = listener.getsockname()[1]
    clients = subprocess.Popen([sys.executable, "-c", CLIENTS, str(port), str(players)], stdout=subprocess.PIPE,
                               text=True)
    arena = Arena(listener, players, lambda cast: make_classic_agent("heuristic", cast), 5.0, seed)
    arena.connect(60.0)
    seconds: list[float] = []
    started = time.perf_counter()
    arena.play(games, None, lambda summary: seconds.append(summary["seconds"]))
    wall = time.perf_counter() - started
    arena.close()
    out, _ = clients.communicate(timeout=120)
    return seconds, wall, int(out.strip() or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games15", type=int, default=10)
    parser.add_argument("--games5", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    seconds, wall, problems = run(15, args.games15, args.seed)
    print(json.dumps({"bench": "aiwolf", "what": "game15", "games": len(seconds),
                      "median_s": round(statistics.median(seconds), 4), "mean_s": round(statistics.mean(seconds), 4),
                      "max_s": round(max(seconds), 4), "target_s": 2.0, "packet_problems": problems}))
    seconds, wall, problems = run(5, args.games5, args.seed)
    print(json.dumps({"bench": "aiwolf", "what": "tournament5", "games": len(seconds), "wall_s": round(wall, 2),
                      "games_per_s": round(len(seconds) / wall, 1), "median_game_s": round(statistics.median(seconds), 4),
                      "target_s": 600, "packet_problems": problems}))


if __name__ == "__main__":
    main()
