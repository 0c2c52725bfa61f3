"""Load on loopback: many rooms of WebSocket players, one big room of bots, and a restart.

**Load.** Starts `jinrou serve` in a child process (a temporary SQLite store), creates --rooms rooms
of --players seats and connects one WebSocket client per seat. Every client plays from its own
pushed view: when it may act, it waits a human-like moment (--think seconds at most) and sends a
random legal action over its socket. Meanwhile one --cascade-seat room whose only person sleeps
through night 1 makes its bots play the rest of the game the moment the deadline passes (about
1,500 events for 40 seats), and a prober asks for the lobby and a view every 50 ms. Bounded by
--timeout. Prints one JSON line: games finished, actions, push latency p50/p99/max (the server
composing a view — its ``server_time`` — to the client receiving it, one clock), the slowest probe
during the cascade and overall, and the server's RSS before the games and after them.
Targets (issue 14, 2-core machine): push p99 < 100 ms, no probe slower than 250 ms.

**Restart** (--restart-events N). Builds a store of N events as a busy server leaves it: finished
games (archived; most of the events), rooms still playing (snapshotted as they went), and rooms
of chatter; then times `RoomService.restore()` in-process and `jinrou serve` from spawn to its
first lobby answer (and the same on an empty store, the interpreter's own start). Target: < 1 s
with 100,000 events. Prints one JSON line.

    python benchmarks/server_load.py --rooms 20 --players 10 --cascade-seats 40
    python benchmarks/server_load.py --restart-events 100000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

LOAD_LIMITS = ["--limits", "rooms=10000,rooms_per_minute=100000,sockets=100000,room_sockets=10000,actions_per_second=1000"]
"""Every client of a load test comes from 127.0.0.1: the per-address limits of a real server are lifted."""

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def acall(base: str, path: str, body: dict | None = None) -> dict:
    """``call`` (or a GET when ``body`` is None) off the client's event loop, which is busy receiving."""
    if body is None:
        return json.loads(await asyncio.to_thread(lambda: urllib.request.urlopen(base + path, timeout=30).read()))
    return await asyncio.to_thread(call, base, path, body)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime + stime, in clock ticks of 1/100 s


def wait_listening(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.01)
    raise TimeoutError("the server did not listen")


async def player(url: str, rng: random.Random, think: float, stats: dict, done: asyncio.Event) -> None:
    """Reads every push at once (its latency is measured there); acts, when its seat is awaited,
    from a separate task after a moment's thought, so that thinking never delays reading. An action refused for the connection's
    rate (not for its content) is sent again, as a page would: else the game waits for it until its
    deadline."""
    acted = None  # the (phase, log length) of the view we last acted on: stale views are not acted on again
    last = None  # the last action sent
    pending: set[asyncio.Task] = set()

    async def act(ws, action: dict) -> None:
        await asyncio.sleep(rng.random() * think)
        await ws.send(json.dumps({"type": "action", "action": action}))
        stats["actions"] += 1

    async with websockets.connect(url, max_size=2**22) as ws:
        while not done.is_set():
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.0))
            except TimeoutError:
                continue
            if message.get("type") == "error" and "slow down" in message.get("error", "") and last is not None:
                task = asyncio.create_task(act(ws, last))  # refused for its rate, not its content: sent again
                pending.add(task)
                task.add_done_callback(pending.discard)
                continue
            if message.get("type") != "view":
                continue
            stats["latency"].append(time.time() - message["server_time"])
            game = message["game"]
            if game is None:
                continue
            if game["outcome"] is not None:
                break
            legal, key = game["legal"], (game["phase"], len(game["log"]))
            me = game["players"][message["you"]]["name"]
            if key == acted or pending or not any(legal.values()) or me not in game["waiting_for"]:
                continue  # (a seat that has voted, or whose night action is in or on its way, is not awaited)
            acted = key
            if legal["vote"]:
                action = {"vote": rng.choice(legal["vote"])}
            else:
                action = {"divine": rng.choice(legal["divine"]) if legal["divine"] else None,
                          "attack": rng.choice(legal["attack"]) if legal["attack"] else None}
            last = action
            task = asyncio.create_task(act(ws, action))
            pending.add(task)
            task.add_done_callback(pending.discard)
        for task in pending:
            task.cancel()


PROBE = """
import sys, time, urllib.request
base, paths, stop = sys.argv[1], sys.argv[2].split(","), float(sys.argv[3])
while time.time() < stop:
    for path in paths:
        started = time.time()
        urllib.request.urlopen(base + path, timeout=30).read()
        print(started, time.time() - started, flush=True)
    time.sleep(0.05)
"""


def start_prober(base: str, room: str, seconds: float) -> subprocess.Popen:
    """GET the lobby and a view every 50 ms, from a process of its own (the clients' process is busy):
    it prints (when, seconds) of each."""
    return subprocess.Popen([sys.executable, "-c", PROBE, base, f"/api/rooms,/api/rooms/{room}/view",
                             str(time.time() + seconds)], stdout=subprocess.PIPE, text=True)


async def run(rooms: int, players: int, cascade_seats: int, think: float, timeout: float, seed: int,
              command: list[str] | None = None) -> dict:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        command = (command or [sys.executable, "-m", "jinrou.cli"]) + ["serve", "--port", str(port),
                                                                      "--db", f"{folder}/load.db", *LOAD_LIMITS]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # noqa: ASYNC220
        try:
            wait_listening(port)
            return await load(f"http://127.0.0.1:{port}", [server.pid], rooms, players, cascade_seats, think,
                              timeout, seed)
        finally:
            server.send_signal(2)  # SIGINT: a clean stop (a profiler wrapping the server writes its report)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


async def load(base: str, pids: list[int], rooms: int, players: int, cascade_seats: int, think: float,
               timeout: float, seed: int) -> dict:
    """The load of the module's docstring on the server(s) answering at ``base`` (one process, or a
    proxy in front of several: ``pids``, whose CPU and RSS are summed)."""
    urls, rng = [], random.Random(seed)
    for r in range(rooms):
        room = call(base, "/api/rooms", {"name": f"load {r}", "seats": players, "night_seconds": 600,
                                          "day_seconds": 600})["id"]
        tokens = [call(base, f"/api/rooms/{room}/join", {"name": f"p{i}"})["token"] for i in range(players)]
        urls.append((room, tokens))
    big = call(base, "/api/rooms", {"name": "cascade", "seats": cascade_seats, "night_seconds": 5,
                                     "day_seconds": 600})["id"]
    sleeper = call(base, f"/api/rooms/{big}/join", {"name": "sleeper"})["token"]
    call(base, f"/api/rooms/{big}/bots", {"token": sleeper})
    stats: dict = {"actions": 0, "latency": []}
    done = asyncio.Event()
    sockets = base.replace("http", "ws", 1)
    clients = [asyncio.create_task(player(f"{sockets}/ws/rooms/{room}?token={token}",
                                          random.Random(rng.random()), think, stats, done))
               for room, tokens in urls for token in tokens]
    await asyncio.sleep(1.0)  # every client connected and holding its first view
    rss_before = sum(rss_mb(pid) for pid in pids)
    await acall(base, f"/api/rooms/{big}/start", {"token": sleeper})  # the deadline passes in 5 s: the cascade
    deadline = None
    while deadline is None:  # the bots' first night is played in slices: then the deadline is set
        deadline = (await acall(base, f"/api/rooms/{big}/view"))["room"]["deadline"]
        await asyncio.sleep(0.05)
    probe = start_prober(base, big, timeout)
    ended: list[float] = []

    async def watch_cascade() -> None:
        while time.time() < deadline + timeout:
            if (await acall(base, f"/api/rooms/{big}/view"))["room"]["phase"] == "over":
                ended.append(time.time())
                return
            await asyncio.sleep(0.05)

    watcher = asyncio.create_task(watch_cascade())
    await asyncio.sleep(max(0.0, deadline - time.time() - 2.0))
    start, cpu_start = time.perf_counter(), sum(cpu_seconds(pid) for pid in pids)
    await asyncio.gather(*(acall(base, f"/api/rooms/{room}/start", {"token": tokens[0]}) for room, tokens in urls))
    finished = await asyncio.wait(clients, timeout=timeout)
    elapsed = time.perf_counter() - start
    cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_start
    done.set()
    await asyncio.gather(*clients, return_exceptions=True)
    await asyncio.wait_for(watcher, timeout=timeout)
    cascade_end = ended[0] if ended else None
    probe.terminate()
    lines = (line.split() for line in probe.communicate()[0].splitlines())
    probes = [(float(p[0]), float(p[1])) for p in lines if len(p) == 2]  # (the last line may be cut by terminate)
    await asyncio.sleep(1.0)
    rss_after = sum(rss_mb(pid) for pid in pids)
    latency = sorted(stats["latency"])
    q = lambda p: latency[min(len(latency) - 1, int(p * len(latency)))] * 1000
    games = sum([(await acall(base, f"/api/rooms/{room}/view"))["room"]["phase"] == "over" for room, _ in urls])
    during = [s for at, s in probes if deadline <= at <= (cascade_end or time.time())]
    return {"rooms": rooms, "players": players, "games_finished": games, "clients_done": len(finished[0]),
            "seconds": round(elapsed, 2), "actions": stats["actions"], "pushes": len(latency),
            "push_p50_ms": round(q(0.5), 1), "push_p99_ms": round(q(0.99), 1),
            "push_max_ms": round(latency[-1] * 1000, 1), "mean_ms": round(statistics.mean(latency) * 1000, 1),
            "cascade_seats": cascade_seats, "cascade_seconds": round((cascade_end or 0) - deadline, 2),
            "probes_during_cascade": len(during),
            "slowest_probe_during_cascade_ms": round(max(during, default=0) * 1000, 1),
            "slowest_probe_ms": round(max(s for _, s in probes) * 1000, 1),
            "server_cpu_share": round(cpu / elapsed, 2), "rss_before_mb": round(rss_before, 1),
            "rss_after_mb": round(rss_after, 1)}


# ------------------------------------------------------------------ restart


def build_store(path: str, events: int, seed: int) -> dict:
    """A store of about ``events`` events: finished games (cloned from a few played ones), rooms in
    mid-game with their snapshots, rooms of chatter."""
    from jinrou.server.service import Blocking, RoomService
    from jinrou.server.store import open_store

    store = open_store(path)
    service = Blocking(RoomService(store))
    service.chat_limits.rate = 1e9
    played = []
    for seats in (40, 30, 20):  # finished games: the bots play after their one person sleeps through night 1
        room = service.create({"name": f"done {seats}", "seats": seats, "night_seconds": 60, "day_seconds": 60})
        _, token = service.join(room.id, "Ann")
        service.fill_with_bots(room.id, token)
        service.start(room.id, token)
        service._deadline_passed(room.id, room.turn_key)
        played.append(room.id)
    active = []
    for i in range(20):  # rooms still playing: two people acting, eighteen bots, some phases in (snapshotted)
        room = service.create({"name": f"playing {i}", "seats": 20, "night_seconds": 3600, "day_seconds": 3600})
        tokens = [service.join(room.id, name)[1] for name in ("Ann", "Ben")]
        service.fill_with_bots(room.id, tokens[0])
        service.start(room.id, tokens[0])
        while not room.is_over and room.seq < 260:
            acted = False
            for seat, token in enumerate(tokens):
                legal = room.view(seat, 0.0)["game"]["legal"]
                if legal["vote"]:
                    service.act(room.id, token, {"vote": legal["vote"][0]})
                elif legal["divine"] or legal["attack"]:
                    service.act(room.id, token, {"divine": (legal["divine"] or [None])[0],
                                                 "attack": (legal["attack"] or [None])[0]})
                else:
                    continue
                acted = True
                if not room.is_over and room.channels(seat)[0].writable:
                    service.chat(room.id, token, "what do we think?")
            if not acted:
                break
        if not room.is_over:
            active.append(room.id)
    for i in range(5):  # rooms of chatter in the lobby
        room = service.create({"name": f"chatter {i}", "seats": 7})
        _, token = service.join(room.id, "Cat")
        for n in range(300):
            service.chat(room.id, token, f"line {n}")
    store.close()
    db = sqlite3.connect(path)
    count = db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    clones = 0
    while count < events:  # more finished games: copies of the played ones under new ids
        source = played[clones % len(played)]
        clone = f"c{clones:07d}"
        db.execute("INSERT INTO events SELECT ?, seq, kind, data, at FROM events WHERE room = ?", (clone, source))
        db.execute("INSERT INTO archive SELECT ?, seq, summary, record, at FROM archive WHERE room = ?", (clone, source))
        count += db.execute("SELECT COUNT(*) FROM events WHERE room = ?", (clone,)).fetchone()[0]
        clones += 1
    db.commit()
    db.close()
    return {"events": count, "finished_rooms": len(played) + clones, "playing_rooms": len(active), "chatter_rooms": 5}


def store_has_snapshot(path: str, room: str) -> bool:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT 1 FROM snapshots WHERE room = ?", (room,)).fetchone() is not None


def restart(events: int, seed: int) -> dict:
    from jinrou.server.service import Blocking, RoomService
    from jinrou.server.store import open_store

    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/big.db"
        made = build_store(path, events, seed)
        store = open_store(path)
        started = time.perf_counter()
        service = Blocking(RoomService(store))
        service.restore()
        in_process = time.perf_counter() - started
        loaded = len(service.rooms.active)
        events_folded = sum(room.seq for room in service.rooms.active.values())
        snapshotted = sum(1 for room in service.rooms.active if store_has_snapshot(path, room))
        store.close()
        spawn = {}
        for name, db in (("empty", f"{folder}/empty.db"), ("full", path)):
            port = free_port()
            started = time.perf_counter()
            server = subprocess.Popen([sys.executable, "-m", "jinrou.cli", "serve", "--port", str(port), "--db", db,
                                       *LOAD_LIMITS],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                wait_listening(port)
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rooms", timeout=30).read()
                spawn[name] = time.perf_counter() - started
            finally:
                server.terminate()
                server.wait(10)
    return {**made, "rooms_loaded": loaded, "restore_s": round(in_process, 3), "serve_empty_s": round(spawn["empty"], 2),
            "serve_full_s": round(spawn["full"], 2), "restart_cost_s": round(spawn["full"] - spawn["empty"], 2),
            "active_events": events_folded,
            "snapshotted_rooms": snapshotted}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--cascade-seats", type=int, default=40)
    parser.add_argument("--think", type=float, default=1.0, help="the most seconds a client waits before acting")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--restart-events", type=int, help="measure a restart with this many stored events instead")
    parser.add_argument("--profile", help="run the server under cProfile, writing its statistics to this file")
    args = parser.parse_args()
    if args.restart_events:
        print(json.dumps(restart(args.restart_events, args.seed)), flush=True)
        return
    command = [sys.executable, "-m", "cProfile", "-o", args.profile, "-m", "jinrou.cli"] if args.profile else None
    print(json.dumps(asyncio.run(run(args.rooms, args.players, args.cascade_seats, args.think, args.timeout,
                                     args.seed, command))), flush=True)


if __name__ == "__main__":
    main()
