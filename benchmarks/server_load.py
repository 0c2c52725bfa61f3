"""Load on loopback: many rooms of WebSocket players against one `jinrou serve` process.

Starts the server in a child process (a temporary SQLite store), creates --rooms rooms of
--players seats, and connects one WebSocket client per seat. Every client plays from its own pushed
view: whenever it may act, it sends a random legal action over its socket. Bounded by --timeout.

Prints one JSON line: games finished, actions sent, actions/s, and push latency p50/p99/max — the
time from the server composing a view (its `server_time`) to the client receiving it, both on
this machine's clock. Target (issue #5, 2-core machine): p99 < 100 ms for 20 rooms × 10 clients.

    python benchmarks/server_load.py --rooms 20 --players 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def player(url: str, rng: random.Random, stats: dict, done: asyncio.Event) -> None:
    acted = None  # the (phase, log length) of the view we last acted on: stale views are not acted on again
    async with websockets.connect(url, max_size=2**22) as ws:
        while not done.is_set():
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.0))
            except asyncio.TimeoutError:
                continue
            if message.get("type") != "view":
                continue
            stats["latency"].append(time.time() - message["server_time"])
            game = message["game"]
            if game is None:
                continue
            if game["outcome"] is not None:
                return
            legal, key = game["legal"], (game["phase"], len(game["log"]), tuple(game["waiting_for"]))
            if key == acted:
                continue
            if legal["vote"]:
                action = {"vote": rng.choice(legal["vote"])}
            elif legal["divine"] or legal["attack"]:
                action = {"divine": rng.choice(legal["divine"]) if legal["divine"] else None,
                          "attack": rng.choice(legal["attack"]) if legal["attack"] else None}
            else:
                continue
            await ws.send(json.dumps({"type": "action", "action": action}))
            acted = key
            stats["actions"] += 1


async def run(rooms: int, players: int, timeout: float, seed: int, command: list[str] | None = None) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        command = (command or [sys.executable, "-m", "jinrou.cli"]) + ["serve", "--port", str(port),
                                                                      "--db", f"{folder}/load.db"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    await asyncio.sleep(0.05)
            urls, rng = [], random.Random(seed)
            for r in range(rooms):
                room = call(base, "/api/rooms", {"name": f"load {r}", "seats": players, "night_seconds": 600,
                                                  "day_seconds": 600})["id"]
                tokens = [call(base, f"/api/rooms/{room}/join", {"name": f"p{i}"})["token"] for i in range(players)]
                urls.append((room, tokens))
            stats = {"actions": 0, "latency": []}
            done = asyncio.Event()
            clients = [asyncio.create_task(player(f"ws://127.0.0.1:{port}/ws/rooms/{room}?token={token}",
                                                  random.Random(rng.random()), stats, done))
                       for room, tokens in urls for token in tokens]
            await asyncio.sleep(0.5)  # every client connected and holding its first view
            start = time.perf_counter()
            for room, tokens in urls:
                call(base, f"/api/rooms/{room}/start", {"token": tokens[0]})
            finished = await asyncio.wait(clients, timeout=timeout)
            elapsed = time.perf_counter() - start
            done.set()
            await asyncio.gather(*clients, return_exceptions=True)
            latency = sorted(stats["latency"])
            q = lambda p: latency[min(len(latency) - 1, int(p * len(latency)))] * 1000  # noqa: E731
            games = sum(1 for room, _ in urls if json.loads(urllib.request.urlopen(
                f"{base}/api/rooms/{room}/view", timeout=30).read())["room"]["phase"] == "over")
            return {"rooms": rooms, "players": players, "games_finished": games, "clients_done": len(finished[0]),
                    "seconds": round(elapsed, 2), "actions": stats["actions"],
                    "actions_per_s": round(stats["actions"] / elapsed, 1), "pushes": len(latency),
                    "push_p50_ms": round(q(0.5), 1), "push_p99_ms": round(q(0.99), 1),
                    "push_max_ms": round(latency[-1] * 1000, 1), "mean_ms": round(statistics.mean(latency) * 1000, 1)}
        finally:
            server.send_signal(2)  # SIGINT: a clean stop (a profiler wrapping the server writes its report)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", help="run the server under cProfile, writing its statistics to this file")
    args = parser.parse_args()
    command = [sys.executable, "-m", "cProfile", "-o", args.profile, "-m", "jinrou.cli"] if args.profile else None
    print(json.dumps(asyncio.run(run(args.rooms, args.players, args.timeout, args.seed, command))), flush=True)


if __name__ == "__main__":
    main()
