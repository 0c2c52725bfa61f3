"""Several `jinrou serve --cluster` processes behind haproxy on one PostgreSQL (issue 27), on loopback.

**Load, 1 vs 3 processes.** The load of server_load.py (its clients, imported: --rooms rooms of
--players WebSocket players acting from their pushed views, a --cascade-seats room of bots set off
by a deadline, a prober of the lobby and a view) through haproxy, first in front of one process,
then of three, each on a fresh schema of the database. One JSON line per run (actions a second, push
latency, the slowest probe, the processes' CPU share and RSS, each process's RSS), then one with the
ratios three / one. On a 2-core machine three processes share the same two cores with haproxy,
PostgreSQL and the clients: the ratio measures what the cluster costs (forwarding, NOTIFY, replicas),
not what more machines would give.

**Failover.** Three processes, --failover-rooms rooms pinned to each (started games: one person,
bots, a 600 s night) and a spectator's WebSocket through the proxy on every room of the one that is
then SIGKILLed. From the kill, each such room is sent a spectator's chat line through the proxy
every 0.1 s until one is taken; the time from the kill to the first push carrying that line (from
the process that took the room) is that room's failover. One JSON line: its median and worst, when
the last room was taken (its pin moved), the spread of the rooms over the survivors.
Target: the worst < 3 s for 20 rooms (the lease is 2 s, renewed every 0.5 s).

Needs haproxy and a PostgreSQL URL (--db, or JINROU_TEST_POSTGRES) whose role may create a schema;
the schemas it makes are dropped at the end. Bounded by --timeout per phase.

    python benchmarks/cluster_load.py --db postgresql://jinrou:jinrou@127.0.0.1/jinrou_test
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import websockets
from server_load import LOAD_LIMITS, acall, free_port, load, rss_mb, wait_listening

HAPROXY = """global
    maxconn 4000
defaults
    mode http
    timeout connect 1s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout check 2s
    option forwardfor
    option redispatch
    retries 3
frontend jinrou
    bind 127.0.0.1:{port}
    default_backend servers
backend servers
    option httpchk GET /
    http-request set-header X-Room %[path,field(4,/)]
    balance hdr(X-Room)
    hash-type consistent
"""
"""The config of docs/server-scaling.md (a ``server`` line per process is added)."""


class Deployment:
    """``count`` processes on a schema of their own, haproxy in front (``base``)."""

    def __init__(self, db: str, count: int, folder: str):
        import psycopg

        self.schema = f"bench_{secrets.token_hex(4)}"
        self.admin = db
        with psycopg.connect(db, autocommit=True) as connection:
            connection.execute(f"CREATE SCHEMA {self.schema}")
        url = f"{db}{'&' if '?' in db else '?'}options={quote(f'-csearch_path={self.schema}')}"
        self.ports = {name: free_port() for name in "abcdefgh"[:count]}
        self.processes = {
            name: subprocess.Popen([sys.executable, "-m", "jinrou.cli", "serve", "--port", str(port), "--db", url,
                                    "--cluster", name, "--proxy", "127.0.0.1", *LOAD_LIMITS], stdout=subprocess.DEVNULL,
                                   stderr=open(Path(folder) / f"{name}-{count}.log", "w"))  # noqa: SIM115
            for name, port in self.ports.items()}
        for port in self.ports.values():
            wait_listening(port)
        self.port = free_port()
        config = Path(folder) / f"haproxy-{count}.cfg"
        config.write_text(HAPROXY.format(port=self.port) + "".join(
            f"    server {name} 127.0.0.1:{port} check inter 300ms fall 2 rise 1\n" for name, port in self.ports.items()))
        self.proxy = subprocess.Popen(["haproxy", "-f", str(config), "-db"], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        wait_listening(self.port)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while len(self.query("SELECT name FROM processes WHERE alive_until > now()")) < count:
            if time.monotonic() > deadline:
                raise TimeoutError("the processes did not all say they are alive")
            time.sleep(0.05)
        for port in self.ports.values():  # warm: the modes loaded in each
            json.loads(socket_get(port, "/api/modes"))
        time.sleep(2.5)  # a process just started takes no other's pin for a lease (Cluster.returning)

    def query(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        import psycopg

        with psycopg.connect(self.admin, autocommit=True) as connection:
            connection.execute(f"SET search_path = {self.schema}")
            return connection.execute(sql, parameters).fetchall()

    def pids(self) -> list[int]:
        return [p.pid for p in self.processes.values()]

    def rss(self) -> dict[str, float]:
        return {name: rss_mb(p.pid) for name, p in self.processes.items() if p.poll() is None}

    def stop(self) -> None:
        import psycopg

        for process in [*self.processes.values(), self.proxy]:
            if process.poll() is None:
                process.terminate()
        for process in [*self.processes.values(), self.proxy]:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        with psycopg.connect(self.admin, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {self.schema} CASCADE")


def socket_get(port: int, path: str) -> bytes:
    import urllib.request

    return urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30).read()


@contextlib.contextmanager
def deployed(db: str, count: int, folder: str) -> Iterator[Deployment]:
    deployment = Deployment(db, count, folder)
    try:
        yield deployment
    finally:
        deployment.stop()


# --------------------------------------------------------------------- load


def load_run(db: str, count: int, folder: str, args: argparse.Namespace) -> dict:
    with deployed(db, count, folder) as deployment:
        found = asyncio.run(load(deployment.base, deployment.pids(), args.rooms, args.players, args.cascade_seats,
                                 args.think, args.timeout, args.seed))
        owners = Counter(p for (p,) in deployment.query("SELECT process FROM pins"))
        return {"processes": count, **found,
                "actions_per_second": round(found["actions"] / found["seconds"], 1) if found["seconds"] else 0.0,
                "rss_mb": deployment.rss(), "rooms_by_process": dict(sorted(owners.items()))}


# ----------------------------------------------------------------- failover


async def follow(base: str, room: str, pass_: str, marker: str, killed: asyncio.Event, seen: dict) -> None:
    """A spectator's WebSocket through the proxy (connected again when its process dies): notes when
    a push first carries ``marker``."""
    url = f"{base.replace('http', 'ws', 1)}/ws/rooms/{room}?pass={quote(pass_)}"
    while room not in seen:
        try:
            async with websockets.connect(url, max_size=2**22, open_timeout=5) as ws:
                async for message in ws:
                    if killed.is_set() and marker in message:
                        seen[room] = time.monotonic()
                        return
        except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
            await asyncio.sleep(0.05)


async def speak(base: str, room: str, pass_: str, marker: str, taken: dict) -> None:
    """A spectator's chat line through the proxy every 0.1 s until one is taken (a 503 while the
    room's owner is dead and its lease runs)."""
    while room not in taken:
        try:
            if (await acall(base, f"/api/rooms/{room}/chat", {"pass": pass_, "text": marker})).get("ok"):
                taken[room] = time.monotonic()
                return
        except OSError:  # urllib's HTTPError (a 503) is an OSError
            pass
        await asyncio.sleep(0.1)


async def failover(deployment: Deployment, per_process: int, timeout: float) -> dict:
    base = deployment.base
    rooms = []
    for i in range(per_process * len(deployment.processes)):
        room = (await acall(base, "/api/rooms", {"name": f"f{i}", "seats": 5, "night_seconds": 600,
                                                 "day_seconds": 600}))["id"]
        token = (await acall(base, f"/api/rooms/{room}/join", {"name": "Ann"}))["token"]
        await acall(base, f"/api/rooms/{room}/bots", {"token": token})
        await acall(base, f"/api/rooms/{room}/start", {"token": token})
        rooms.append(room)
    pins = dict(deployment.query("SELECT room, process FROM pins"))
    victim = Counter(pins[r] for r in rooms).most_common(1)[0][0]
    mine = [r for r in rooms if pins[r] == victim]
    passes = {r: (await acall(base, f"/api/rooms/{r}/watch", {"name": "w"}))["pass"] for r in mine}
    killed = asyncio.Event()
    seen: dict[str, Any] = {}
    taken: dict[str, Any] = {}
    marker = f"after-{secrets.token_hex(3)}"
    followers = [asyncio.create_task(follow(base, r, passes[r], marker, killed, seen)) for r in mine]
    await asyncio.sleep(1.0)  # every follower connected
    rss = deployment.rss()
    deployment.processes[victim].kill()  # SIGKILL: no shutdown code runs, its leases run out
    at = time.monotonic()
    killed.set()
    speakers = [asyncio.create_task(speak(base, r, passes[r], marker, taken)) for r in mine]
    await asyncio.wait(followers, timeout=timeout)
    for task in [*followers, *speakers]:
        task.cancel()
    deployment.processes[victim].wait()
    after = dict(deployment.query("SELECT room, process FROM pins"))
    pushes = sorted(seen[r] - at for r in mine if r in seen)
    return {"failover_rooms": len(mine), "killed": victim, "pushed": len(pushes),
            "first_push_median_s": round(statistics.median(pushes), 2) if pushes else None,
            "first_push_max_s": round(pushes[-1], 2) if pushes else None,
            "first_push_min_s": round(pushes[0], 2) if pushes else None,
            "chat_taken_max_s": round(max(taken.values()) - at, 2) if taken else None,
            "taken_by": dict(sorted(Counter(after.get(r) for r in mine).items(), key=str)),
            "rss_mb_before_kill": rss}


def failover_run(db: str, folder: str, args: argparse.Namespace) -> dict:
    with deployed(db, 3, folder) as deployment:
        return asyncio.run(failover(deployment, args.failover_rooms, args.timeout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=os.environ.get("JINROU_TEST_POSTGRES"),
                        help="a PostgreSQL URL whose role may create schemas (default: $JINROU_TEST_POSTGRES)")
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--cascade-seats", type=int, default=40)
    parser.add_argument("--think", type=float, default=1.0, help="the most seconds a client waits before acting")
    parser.add_argument("--failover-rooms", type=int, default=20, help="rooms pinned to each process")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip-load", action="store_true", help="measure the failover only")
    args = parser.parse_args()
    if not args.db:
        parser.error("give --db (or set JINROU_TEST_POSTGRES)")
    with tempfile.TemporaryDirectory() as folder:
        if not args.skip_load:
            runs = {}
            for count in (1, 3):
                runs[count] = load_run(args.db, count, folder, args)
                print(json.dumps({"measure": "load", **runs[count]}), flush=True)
            one, three = runs[1], runs[3]
            print(json.dumps({"measure": "load_ratio", "actions_per_second_3_over_1": round(
                three["actions_per_second"] / max(one["actions_per_second"], 1e-9), 2),
                "push_p99_3_over_1": round(three["push_p99_ms"] / max(one["push_p99_ms"], 1e-9), 2),
                "push_p99_ms": [one["push_p99_ms"], three["push_p99_ms"]],
                "slowest_probe_during_cascade_ms": [one["slowest_probe_during_cascade_ms"],
                                                    three["slowest_probe_during_cascade_ms"]],
                "rss_mb_total": [round(sum(one["rss_mb"].values()), 1), round(sum(three["rss_mb"].values()), 1)]}),
                flush=True)
        print(json.dumps({"measure": "failover", **failover_run(args.db, folder, args)}), flush=True)


if __name__ == "__main__":
    main()
