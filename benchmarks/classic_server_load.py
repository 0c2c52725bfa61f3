"""Classic werewolf rooms under load on loopback, against one `jinrou serve` process.

Two measurements, one JSON line each:

1. ``rooms``: --rooms classic rooms (闇鍋 中, --players seats of which --clients are people and the
   rest bots), one WebSocket client per person. Every client plays from its own pushed view: when
   it may act it sends a random legal action (its night's actions then ``done``, its vote), and
   now and then a chat line in a channel it may write. Push latency is the time from the server
   composing a view (its ``server_time``) to the client receiving it, on this machine's clock.
   Target (issue 18, 2-core machine): p99 < 100 ms for 20 rooms × 10 clients.
2. ``cascade``: one room of --cascade-seats seats, one person and bots. The person acts over HTTP
   as fast as it can; each action lets every bot act, phases close, outcomes are drawn and views
   pushed, all in one go. Meanwhile a prober asks for another room's view back to back; its
   latency is how long the cascade stalls other rooms. Target: the worst under 250 ms.

    python benchmarks/classic_server_load.py --rooms 20 --clients 10
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import websockets
from server_load import LOAD_LIMITS, call, free_port

ROOM = {"mode": "classic", "cast": "yaminabe", "yaminabe_safety": "middle", "times": {"night": 600, "day": 600}}


@contextmanager
def serving(profile: str | None = None) -> Iterator[str]:
    """`jinrou serve` on a free port with a temporary SQLite store (under cProfile, writing to
    ``profile``, if given); its base URL."""
    port = free_port()
    python = [sys.executable, *(["-m", "cProfile", "-o", profile] if profile else [])]
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([*python, "-m", "jinrou.cli", "serve", "--port", str(port), "--db",
                                   f"{folder}/load.db", *LOAD_LIMITS], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(400):
                try:
                    urllib.request.urlopen(f"{base}/api/rooms", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.05)
            yield base
        finally:
            server.send_signal(2)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


def choose(game: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random legal action from a classic view, ``done`` when only that is left, else None."""
    for legal in game["legal"]:
        if legal["verb"] == "vote":
            return {"vote": rng.choice(legal["targets"])}
        if len(legal["targets"]) >= legal["arity"]:
            action: dict[str, Any] = {"act": legal["verb"], "targets": rng.sample(legal["targets"], legal["arity"])}
            if legal["kits"]:
                action["kit"] = rng.choice(legal["kits"])["id"]
            return action
    me = game["me"]
    return {"done": True} if me and me["may_finish"] else None


def room_with(base: str, name: str, players: int, people: int) -> tuple[str, list[str]]:
    """A started room of ``players`` seats, ``people`` of them people (their tokens), the rest bots."""
    room = call(base, "/api/rooms", {"name": name, "players": players, **ROOM})["id"]
    tokens = [call(base, f"/api/rooms/{room}/join", {"name": f"p{i}"})["token"] for i in range(people)]
    call(base, f"/api/rooms/{room}/bots", {"token": tokens[0]})
    return room, tokens


# ---------------------------------------------------------------------- 1. many rooms


async def player(url: str, rng: random.Random, stats: dict[str, Any], done: asyncio.Event) -> None:
    acted, said, game = None, set(), None
    async with websockets.connect(url, max_size=2**22) as ws:
        while not done.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=3.0)
            except TimeoutError:  # quiet seconds: try again what may have been refused (a rate limit)
                action = None if game is None or game["result"] else choose(game, rng)
                if action is not None:
                    await ws.send(json.dumps({"type": "action", "action": action}))
                continue
            stats["bytes"] += len(text)
            message = json.loads(text)
            if message.get("type") == "error":
                stats["errors"][message["error"][:60]] = stats["errors"].get(message["error"][:60], 0) + 1
            if message.get("type") != "view":
                continue
            stats["latency"].append(time.time() - message["server_time"])
            game = message["game"]
            if game is None:
                continue
            if game["result"] is not None:
                return
            key = (game["phase"], game["turn"], len(game["log"]), json.dumps(game["legal"]), bool(game["me"]["may_finish"]))
            writable = [c["key"] for c in message["channels"] if c["write"]]
            if writable and (game["phase"], writable[-1]) not in said and rng.random() < 0.3:
                said.add((game["phase"], writable[-1]))
                await ws.send(json.dumps({"type": "chat", "text": "hmm", "channel": writable[-1]}))
                stats["chats"] += 1
            action = choose(game, rng)
            if action is None or key == acted:
                continue
            await ws.send(json.dumps({"type": "action", "action": action}))
            acted = key
            stats["actions"] += 1


async def many_rooms(base: str, rooms: int, players: int, clients: int, timeout: float, seed: int) -> dict[str, Any]:
    port = base.rsplit(":", 1)[1]
    made = [room_with(base, f"load {r}", players, clients) for r in range(rooms)]
    stats: dict[str, Any] = {"actions": 0, "chats": 0, "latency": [], "bytes": 0, "errors": {}}
    done = asyncio.Event()
    rng = random.Random(seed)
    tasks = [asyncio.create_task(player(f"ws://127.0.0.1:{port}/ws/rooms/{room}?token={token}",
                                        random.Random(rng.random()), stats, done))
             for room, tokens in made for token in tokens]
    await asyncio.sleep(0.5)  # every client connected and holding its first view
    start = time.perf_counter()
    for room, tokens in made:
        call(base, f"/api/rooms/{room}/start", {"token": tokens[0]})
    finished, _ = await asyncio.wait(tasks, timeout=timeout)
    elapsed = time.perf_counter() - start
    done.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    latency = sorted(stats["latency"])
    over = await asyncio.to_thread(games_over, base, [room for room, _ in made])
    return {"measure": "rooms", "rooms": rooms, "players": players, "clients": clients, "games_finished": over,
            "clients_done": len(finished), "seconds": round(elapsed, 2), "actions": stats["actions"],
            "chats": stats["chats"], "actions_per_s": round(stats["actions"] / elapsed, 1), "pushes": len(latency),
            "push_p50_ms": round(quantile(latency, 0.5) * 1000, 1), "push_p99_ms": round(quantile(latency, 0.99) * 1000, 1),
            "push_max_ms": round(latency[-1] * 1000, 1), "mean_ms": round(statistics.mean(latency) * 1000, 1),
            "push_kb_mean": round(stats["bytes"] / max(1, len(latency)) / 1024, 1), "errors": stats["errors"]}


def games_over(base: str, rooms: list[str]) -> int:
    """How many of the rooms' games are over."""
    return sum(1 for room in rooms if json.loads(urllib.request.urlopen(
        f"{base}/api/rooms/{room}/view", timeout=30).read())["game"]["result"] is not None)


def quantile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))]


# ---------------------------------------------------------------------- 2. a cascade


def cascade(base: str, seats: int, seed: int) -> dict[str, Any]:
    host = base.removeprefix("http://")
    other, _ = room_with(base, "bystander", 8, 1)
    room, (token,) = room_with(base, "cascade", seats, 1)
    probes: list[tuple[float, float]] = []  # (when, seconds) of each request to the other room
    stop = threading.Event()

    def probe() -> None:
        connection = http.client.HTTPConnection(host, timeout=30)
        while not stop.is_set():
            began = time.perf_counter()
            connection.request("GET", f"/api/rooms/{other}/view")
            connection.getresponse().read()
            probes.append((began, time.perf_counter() - began))
            time.sleep(0.005)

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    time.sleep(0.5)
    rng, actions, costs = random.Random(seed), 0, []
    connection = http.client.HTTPConnection(host, timeout=60)

    def request(method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        connection.request(method, path, body=None if body is None else json.dumps(body))
        return json.loads(connection.getresponse().read())

    began = time.perf_counter()
    request("POST", f"/api/rooms/{room}/start", {"token": token})
    costs.append(time.perf_counter() - began)
    start = began
    for _ in range(2000):
        game = request("GET", f"/api/rooms/{room}/view?token={token}")["game"]
        if game["result"] is not None:
            break
        action = choose(game, rng)
        if action is None:
            time.sleep(0.01)
            continue
        began = time.perf_counter()
        request("POST", f"/api/rooms/{room}/action", {"token": token, "action": action})
        costs.append(time.perf_counter() - began)
        actions += 1
    end = time.perf_counter()
    stop.set()
    prober.join(10)
    during = sorted(seconds for when, seconds in probes if start <= when <= end)
    costs.sort()
    return {"measure": "cascade", "seats": seats, "bots": seats - 1, "actions": actions,
            "game_over": game["result"] is not None, "days": game["day"], "seconds": round(end - start, 2),
            "action_p50_ms": round(quantile(costs, 0.5) * 1000, 1), "action_max_ms": round(costs[-1] * 1000, 1),
            "probes": len(during), "probe_p50_ms": round(quantile(during, 0.5) * 1000, 1),
            "probe_p99_ms": round(quantile(during, 0.99) * 1000, 1), "probe_max_ms": round(during[-1] * 1000, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--players", type=int, default=12, help="seats of a room (people and bots)")
    parser.add_argument("--clients", type=int, default=10, help="people (WebSocket clients) in a room")
    parser.add_argument("--cascade-seats", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=180.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=["rooms", "cascade"], help="run one of the two measurements")
    parser.add_argument("--profile", help="run the server under cProfile, writing its statistics to this file")
    args = parser.parse_args()
    if args.only != "cascade":
        with serving(args.profile) as base:
            print(json.dumps(asyncio.run(many_rooms(base, args.rooms, args.players, args.clients, args.timeout,
                                                    args.seed))), flush=True)
    if args.only != "rooms":
        with serving(None if args.only is None else args.profile) as base:
            print(json.dumps(cascade(base, args.cascade_seats, args.seed)), flush=True)


if __name__ == "__main__":
    main()
