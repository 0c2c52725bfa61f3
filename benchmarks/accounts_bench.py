"""Accounts under load (issue 41, "Measured"), one JSON line each:

1. ``login``: a `jinrou serve` on loopback (SQLite, ``--proxy 127.0.0.1`` so that each login may
   come from an address of its own, as from many players) takes --rate logins a second (each a
   scrypt hash on the server's pool) for --seconds, while a prober asks for the lobby back to
   back: the prober's p50/p99 are what the logins cost the server's other requests. Target: p99
   under 100 ms at 20 logins a second.
2. ``profile``: the profile (GET /api/players/{name}'s work: the tally, the win rates per cast —
   each game listed under one of five casts and 13 seat counts, every account's counted again and the
   bots' estimates looked up each time — and the latest 50 games) of an account with --games finished
   games, in the server's code on its store, timed at the server.
   Target: under 100 ms for 5,000 games.

    python benchmarks/accounts_bench.py --rate 20 --seconds 10 --games 5000
    python benchmarks/accounts_bench.py --profile-only --games 5000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import httpx2
from server_load import free_port

PASSWORD = "correct horse battery"


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def login_load(base: str, rate: float, seconds: float, accounts: int) -> dict:
    async with httpx2.AsyncClient(base_url=base, timeout=30) as client:
        for i in range(accounts):
            answer = await client.post("/api/account/register", json={"name": f"player{i}", "password": PASSWORD},
                                       headers={"x-forwarded-for": f"10.9.{i // 250}.{i % 250}"})
            assert answer.status_code == 200, answer.text
        logins: list[float] = []
        probes: list[float] = []
        refused = 0
        done = asyncio.Event()

        async def one(n: int) -> None:
            nonlocal refused
            start = time.perf_counter()
            answer = await client.post("/api/account/login", json={"name": f"player{n % accounts}", "password": PASSWORD},
                                       headers={"x-forwarded-for": f"10.{n // 62500 % 250}.{n // 250 % 250}.{n % 250}"})
            logins.append(time.perf_counter() - start)
            refused += answer.status_code != 200

        async def probe() -> None:
            while not done.is_set():
                start = time.perf_counter()
                await client.get("/api/rooms")
                probes.append(time.perf_counter() - start)

        prober = asyncio.ensure_future(probe())
        tasks = []
        begin = time.perf_counter()
        for n in range(int(rate * seconds)):
            await asyncio.sleep(max(0.0, begin + n / rate - time.perf_counter()))
            tasks.append(asyncio.ensure_future(one(n)))
        await asyncio.gather(*tasks)
        done.set()
        await prober
    return {"bench": "login", "rate": rate, "seconds": seconds, "logins": len(logins), "refused": refused,
            "login_p50_ms": round(statistics.median(logins) * 1000, 1),
            "login_p99_ms": round(quantile(logins, 0.99) * 1000, 1), "probes": len(probes),
            "other_p50_ms": round(statistics.median(probes) * 1000, 2),
            "other_p99_ms": round(quantile(probes, 0.99) * 1000, 2)}


def serve(folder: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "jinrou.cli", "serve", "--port", str(port), "--db",
                               f"{folder}/accounts.db", "--proxy", "127.0.0.1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            urllib.request.urlopen(f"{base}/api/rooms", timeout=1).read()
            break
        except OSError:
            time.sleep(0.05)
    return server, base


async def profile_time(folder: str, games: int, repeats: int) -> dict:
    from jinrou.modes.base import Standing
    from jinrou.server.accounts import Account, Accounts, Statements, hash_password
    from jinrou.server.store import GameEntry, SQLiteStore

    store = SQLiteStore(f"{folder}/profile.db")
    statements = Statements()
    store.run(statements.create(Account("ann", "Ann", False, 0.0), hash_password(PASSWORD)))
    roles = [("Villager", "Human"), ("Diviner", "Human"), ("Werewolf", "Werewolf"), ("Fox", "Fox")]
    results = ["win", "loss", "draw"]
    casts = ["normal", "yaminabe:middle", "yaminabe:low", "fixed", "preset:普通配役.普通2"]
    for start in range(0, games, 500):
        for n in range(start, min(games, start + 500)):
            role, team = roles[n % len(roles)]
            room = f"room{n:06}"
            store.index_game(GameEntry(room, float(n), "classic", 8 + n % 13, casts[n % len(casts)], "Human", ("Ann",),
                                       (role,), {"id": room}), 1, {"line": {}, "view": {}})  # listed: a cast per game
            store.run(statements.record_plays(room, "classic",
                                              [(n % 8, "ann", Standing(role, team, results[n % 3], n % 17 == 0))],
                                              float(n)))
    accounts = Accounts(store.asynchronous())
    begun = time.perf_counter()
    await accounts.profile("Ann")  # the first: the modes imported, the bots' table read
    first = time.perf_counter() - begun
    times = []
    for _ in range(repeats):
        accounts._everyone = None  # the worst case: every account's games counted again
        begun = time.perf_counter()
        profile = await accounts.profile("Ann")
        times.append(time.perf_counter() - begun)
    assert profile["games"] == games and sum(line["games"] for line in profile["casts"]) == games
    accounts.shutdown()
    store.close()
    return {"bench": "profile", "games": games, "repeats": repeats,
            "casts": len(profile["casts"]), "first_ms": round(first * 1000, 1), "p50_ms": round(statistics.median(times) * 1000, 2),
            "max_ms": round(max(times) * 1000, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=20.0, help="logins a second")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long the logins come")
    parser.add_argument("--accounts", type=int, default=50, help="accounts registered first")
    parser.add_argument("--games", type=int, default=5000, help="finished games of the profiled account")
    parser.add_argument("--repeats", type=int, default=20, help="profiles timed")
    parser.add_argument("--profile-only", action="store_true", help="time only the profile")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if not options.profile_only:
            server, base = serve(folder)
            try:
                print(json.dumps(asyncio.run(login_load(base, options.rate, options.seconds, options.accounts))),
                      flush=True)
            finally:
                server.terminate()
                server.wait(10)
        print(json.dumps(asyncio.run(profile_time(folder, options.games, options.repeats))), flush=True)


if __name__ == "__main__":
    main()
