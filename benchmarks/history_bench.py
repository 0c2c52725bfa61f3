"""The game history at scale (issue 39): 100,000 archived games in SQLite and in PostgreSQL.

One store per database: a real finished 20-seat classic game (one 人狼, nineteen 村人, played to day
--days (15) with --lines (2,000) lines of talk by ``classic_page.play``, then the wolf executed) and
--games (100,000) more games indexed beside it as the server indexes a finished game (the ``games``,
``game_players`` and ``game_roles`` rows: classic, quantum and shogi, 5–20 seats each from a pool of
5,000 names, 4–12 of the declared roles, presets and winners as the modes write them, a year of end
times), bulk-loaded. Then `jinrou serve` runs on it and one keep-alive HTTP connection asks, each
--requests (200) times:

- ``GET /api/games`` — the first page, and filtered pages (a mode, seats, a preset, a winner, a
  player, a common and a rare role, a player and a role, a date, a page far back): p50 / p99 / max
  milliseconds — target p99 < 50 ms;
- ``GET /api/games/{id}`` of the 20-seat game (its page: the view at the end and the talk since) —
  target < 200 ms; and ``/replay`` once made and cached.

Then Chromium (Debian's, through Playwright) opens that game's page at 1280×900 and steps through
its replay with → (``replay_step_ms``: from the key to the step laid out, median and worst) —
target < 16 ms. One JSON line per measurement.

    python benchmarks/history_bench.py [--games 100000] [--postgres postgresql://…] [--requests 200]

Without --postgres only SQLite is measured (JINROU_TEST_POSTGRES is used when set). Never asserts.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from typing import Any

from classic_page import ARGS, CHROMIUM, free_port, play

from jinrou.classic.roles import ROLES
from jinrou.server.service import Blocking, RoomService
from jinrou.server.store import PostgresStore, open_store

SCHEMA = "history_bench"
PRESETS = {"classic": ["normal", "fixed", "yaminabe:none", "yaminabe:low", "yaminabe:middle", "yaminabe:high",
                       "partial:middle", "easy:high"],
           "quantum": ["wolves:1", "wolves:2", "wolves:3"], "shogi": ["clock:600", "clock:300"]}
WINNERS = {"classic": ["Human", "Werewolf", "Fox", "Friend", "Draw"], "quantum": ["village", "wolves", "draw"],
           "shogi": ["sente", "gote", "draw"]}


def finished_game(url: str, days: int, lines: int) -> str:
    """The 20-seat game of ``classic_page`` played to ``days``, then its wolf executed: its room."""
    room, tokens, _ = play(url, days, lines, 0.5)
    service = Blocking(RoomService(open_store(url)))
    service.restore()
    state = service.rooms[room].state
    game = state.game
    wolf = next(s for s in game.seats() if game.role(s).id == "Werewolf")
    living = game.living()
    for seat in living:
        target = wolf if seat != wolf else next(s for s in living if s != wolf)
        service.act(room, tokens[seat], {"vote": game.names[target]})
    service.quiet()
    assert service.rooms.active.get(room) is None, "the game did not end"
    service.close()
    return room


def synthetic(count: int, seed: int, end: float) -> tuple[list[tuple], list[tuple], list[tuple], list[tuple]]:
    """``count`` games as the history indexes them: rows of games, game_players, game_roles, game_pages."""
    rng = random.Random(seed)
    names = [f"player{n:04d}" for n in range(5000)]
    roles = sorted(ROLES)
    common = ["Werewolf", "Human", "Diviner", "Guard", "Psychic", "Madman", "Fox"]
    games: list[Any] = []
    players: list[Any] = []
    held: list[Any] = []
    pages: list[Any] = []
    for n in range(count):
        room = f"b{n:07d}"
        at = end - 315.0 * (n + 1) - rng.random()
        mode = rng.choices(["classic", "quantum", "shogi"], [7, 2, 1])[0]
        seats = 2 if mode == "shogi" else rng.randint(5, 20)
        preset, winner = rng.choice(PRESETS[mode]), rng.choice(WINNERS[mode])
        in_game = sorted(set(rng.sample(common, rng.randint(2, 5)) + rng.sample(roles, rng.randint(2, 7)))) if mode == "classic" else []
        line = {"id": room, "name": f"村 {n}", "mode": mode, "title": [mode, mode], "at": at, "seats": seats,
                "password": False, "preset": {"key": preset, "en": preset, "ja": preset},
                "cast": {"en": " ".join(in_game), "ja": " ".join(in_game)},
                "winner": {"key": winner, "en": winner, "ja": winner}, "length": {"n": 3, "en": "3 days", "ja": "3日"}}
        games.append((room, at, mode, seats, preset, winner, json.dumps(line, ensure_ascii=False)))
        players.extend((name, at, room) for name in rng.sample(names, seats))
        held.extend((role, at, room) for role in in_game)
        pages.append((room, 1, json.dumps({"line": line, "view": {}}, ensure_ascii=False)))
    return games, players, held, pages


def load(store: Any, rows: tuple[list[tuple], ...]) -> float:
    """Bulk-load the rows (one transaction; PostgreSQL by COPY); seconds."""
    started = time.perf_counter()
    tables = [("games", "room, at, mode, seats, preset, winner, line"), ("game_players", "name, at, room"),
              ("game_roles", "role, at, room"), ("game_pages", "room, seq, page")]
    if isinstance(store, PostgresStore):
        db = store._db
        with db.transaction(), db.cursor() as cursor:
            for (table, columns), found in zip(tables, rows, strict=True):
                with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    for row in found:
                        copy.write_row(row)
        db.execute("ANALYZE")
    else:
        db = store._db
        db.execute("BEGIN")
        for (table, columns), found in zip(tables, rows, strict=True):
            marks = ", ".join("?" for _ in columns.split(","))
            db.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", found)
        db.execute("COMMIT")
        db.execute("ANALYZE")
    return time.perf_counter() - started


def timed(connection: http.client.HTTPConnection, path: str, requests: int) -> dict[str, Any]:
    times, size = [], 0
    for _ in range(requests):
        started = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        times.append((time.perf_counter() - started) * 1000)
        if response.status != 200:
            raise RuntimeError(f"{path}: {response.status} {body[:200]!r}")
        size = len(body)
    times.sort()
    return {"p50_ms": round(statistics.median(times), 2), "p99_ms": round(times[int(len(times) * 0.99) - 1], 2),
            "max_ms": round(times[-1], 2), "bytes": size}


def steps_in_browser(base: str, room: str, count: int) -> dict[str, Any]:
    """The replay viewer stepped with →: from the key event to the step laid out, in the page."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ja-JP").new_page()
        page.goto(f"{base}/games/{room}")
        page.wait_for_selector("#viewer .viewer-step")
        total = page.evaluate("() => Number(document.querySelector('#viewer input[type=range]').max) + 1")
        times = page.evaluate("""(count) => {
          const found = [];
          for (let i = 0; i < count; i += 1) {
            const started = performance.now();
            document.dispatchEvent(new KeyboardEvent("keydown", { key: i % 40 < 20 ? "ArrowRight" : "ArrowLeft", bubbles: true }));
            document.body.offsetHeight;  // the layout of the step drawn
            found.push(performance.now() - started);
          }
          return found;
        }""", count)
        browser.close()
    return {"steps": total, "replay_step_ms": round(statistics.median(times), 2), "replay_step_worst_ms": round(max(times), 2)}


def measure(kind: str, url: str, options: argparse.Namespace) -> None:
    started = time.perf_counter()
    room = finished_game(url, options.days, options.lines)
    played = time.perf_counter() - started
    store = open_store(url)
    seconds = load(store, synthetic(options.games, 39, time.time() - 60))
    store.close()
    print(json.dumps({"measure": "history_store", "db": kind, "games": options.games + 1, "play_s": round(played, 1),
                      "load_s": round(seconds, 1)}), flush=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "jinrou.cli", "serve", "--port", str(port), "--db", url],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                connection.request("GET", "/api/games?limit=1")
                connection.getresponse().read()
                break
            except OSError:
                time.sleep(0.05)
        rare = sorted(ROLES)[len(ROLES) // 2]  # one of the 2–7 drawn among all: in about 2 % of the games
        middle = time.time() - 60 - 315.0 * options.games / 2
        day = time.strftime("%Y-%m-%d", time.gmtime(middle))
        queries = {"first page": "", "mode": "mode=quantum", "seats": "seats=12", "preset": "preset=yaminabe:middle",
                   "winner": "winner=Fox", "player": "player=player0042", "common role": "role=Werewolf",
                   "rare role": f"role={rare}", "player and role": "player=player0042&role=Diviner",
                   "mode and seats and winner": "mode=classic&seats=20&winner=Werewolf", "before a date": f"before={day}",
                   "far back": f"before={middle}:b0000000"}
        for name, query in queries.items():
            result = timed(connection, f"/api/games?{query}", options.requests)
            print(json.dumps({"measure": "history_list", "db": kind, "query": name, "params": query, **result}), flush=True)
        page = timed(connection, f"/api/games/{urllib.parse.quote(room)}", options.requests)
        print(json.dumps({"measure": "game_page", "db": kind, "seats": 20, "days": options.days, **page}), flush=True)
        first = timed(connection, f"/api/games/{urllib.parse.quote(room)}/replay", 1)
        again = timed(connection, f"/api/games/{urllib.parse.quote(room)}/replay", options.requests)
        print(json.dumps({"measure": "game_replay", "db": kind, "first_ms": first["max_ms"], **again}), flush=True)
        if kind == "sqlite" and os.path.exists(CHROMIUM) and not options.no_browser:
            print(json.dumps({"measure": "replay_viewer", "db": kind, **steps_in_browser(base, room, 200)}), flush=True)
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--days", type=int, default=15)
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--postgres", default=os.environ.get("JINROU_TEST_POSTGRES"))
    parser.add_argument("--no-browser", action="store_true")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        measure("sqlite", f"{folder}/history.db", options)
    if options.postgres:
        import psycopg

        with psycopg.connect(options.postgres, autocommit=True) as db:
            db.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
            db.execute(f"CREATE SCHEMA {SCHEMA}")
        separator = "&" if "?" in options.postgres else "?"
        url = f"{options.postgres}{separator}options={urllib.parse.quote(f'-csearch_path={SCHEMA}')}"
        try:
            measure("postgresql", url, options)
        finally:
            with psycopg.connect(options.postgres, autocommit=True) as db:
                db.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")


if __name__ == "__main__":
    main()
