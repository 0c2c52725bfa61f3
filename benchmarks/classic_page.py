"""The classic room page in Chromium with a long game: how fast the one stream draws (issue 38).

A 20-seat room (one 人狼, nineteen 村人, no execution ever: every ballot ties and ``drawvote`` is
``none``) is played to day --days (15) through the service, its village talking so that the seat we
watch from reads --lines (2,000) lines — the log and the chat in one stream, a share --claims (half)
of the talk said as claims, which are lines of the game's log (every pushed view carries it whole). Then `jinrou serve`
restores it from the store and Debian's Chromium (Playwright) opens the page as that seat, at
1280×900 and at 390×844. One JSON line per viewport:

- ``load_ms``: from the navigation to every line drawn (the page, its scripts, the WebSocket, the
  2,000-line view);
- ``draw_ms``: the median of --draws whole draws of the stream from the view in hand (script and
  layout) — target < 300 ms;
- ``chat_line_ms`` / ``log_line_ms``: from a pushed view's arrival to its one new line drawn and laid
  out (the view parsed, the line put in its place), median and worst of --new lines said in the
  village and of as many claims (log lines) — target < 16 ms.

    python benchmarks/classic_page.py [--days 15] [--lines 2000]

Chromium is Debian's (/usr/bin/chromium); nothing is fetched. Never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import TYPE_CHECKING, Any

from jinrou.server.guard import Limits
from jinrou.server.service import Blocking, RoomService
from jinrou.server.store import open_store

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ROOM = {"name": "a long village", "mode": "classic", "players": 20, "cast": "fixed",
        "roles": {"Werewolf": 1, "Human": 19}, "rules": {"scapegoat": "off", "drawvote": "none", "runoff": "no"},
        "times": {"night": 3600, "day": 3600}}
VIEWER = 1  # the seat the page opens as: a 村人 the wolf spares
ARRIVALS = """(() => {  // when each pushed view arrives, before the page's own handler runs
  const Socket = window.WebSocket;
  window.arrivals = [];
  window.WebSocket = function (...args) {
    const ws = new Socket(...args);
    ws.addEventListener("message", () => window.arrivals.push(performance.now()));
    return ws;
  };
  window.WebSocket.prototype = Socket.prototype;
})();"""
TIMED = """() => {  // each render from its view's arrival to its lines laid out
  const original = window.render;
  window.drawn = [];
  window.render = (view) => {
    original(view);
    void document.getElementById("log").getBoundingClientRect();
    window.drawn.push(performance.now() - window.arrivals[window.arrivals.length - 1]);
  };
}"""
REDRAW = """() => {  // the whole stream drawn again from the view in hand: script and layout
  const start = performance.now();
  stream.drawn = null;
  render(latest);
  void document.getElementById("log").getBoundingClientRect();
  return performance.now() - start;
}"""


def play(path: str, days: int, lines: int, claims: float) -> tuple[str, list[str], int]:
    """The room played to ``days`` with talk enough for the viewer to read ``lines`` lines, a share
    ``claims`` of it claims (lines of the game's log, which every pushed view carries whole): its
    id, the seats' tokens and the lines the viewer reads."""
    service = Blocking(RoomService(open_store(path)))
    service.chat_limits = Limits(1e6, 1e6, "")  # the talk of a whole game, said at once
    service.action_limits = Limits(1e6, 1e6, "")
    room = service.create(dict(ROOM))
    tokens = [service.join(room.id, f"P{i:02d}")[1] for i in range(20)]
    service.start(room.id, tokens[0])
    state = service.rooms[room.id].state
    game = state.game
    wolf = next(s for s in game.seats() if game.role(s).id == "Werewolf")
    talk_days = max(1, days - 1)
    per_day = max(1, (lines - 6 * days) // talk_days)
    said_claims = 0
    while game.day <= days and not game.is_over:
        living = [s for s in game.living()]
        if game.stage.value == "night":
            prey = next(s for s in reversed(living) if s not in (wolf, VIEWER))
            service.chat(room.id, tokens[VIEWER], f"night {game.day}: who could it be", f"monologue-{VIEWER}")
            service.act(room.id, tokens[wolf], {"act": "attack", "targets": [game.names[prey]]})
            for seat in living:
                service.act(room.id, tokens[seat], {"done": True})
            for seat in game.dead():
                if seat in service.rooms[room.id].mode.awaited(state):
                    service.act(room.id, tokens[seat], {"done": True})
        else:
            if game.day == days:
                break
            for n in range(per_day):
                seat = living[n % len(living)]
                if (n + 1) * claims >= said_claims + 1:  # a claim: 「Pxxは人狼だと思う」
                    target = game.names[living[(n + 1) % len(living)]]
                    service.act(room.id, tokens[seat], {"claim": {"kind": "ESTIMATE", "target": target,
                                                                  "result": "werewolf" if n % 2 else "human"}})
                    said_claims += 1
                else:
                    service.chat(room.id, tokens[seat], f"day {game.day}, line {n}: I think we should look at P{n % 20:02d}")
            said_claims = 0
            for i, seat in enumerate(living):  # each votes the next: a tie of all, nobody executed
                service.act(room.id, tokens[seat], {"vote": game.names[living[(i + 1) % len(living)]]})
        state = service.rooms[room.id].state
        game = state.game
    view = service.rooms[room.id].view(VIEWER, time.time())
    shown = len(view["game"]["log"]) + len(view["chat"]) + sum(len(v) for v in view["chats"].values())
    for n in range(lines - shown):  # the last day's talk makes up the count
        service.chat(room.id, tokens[living[n % len(living)]], f"day {game.day}, more {n}: still thinking")
    service.close()
    return room.id, tokens, max(shown, lines)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def measure(base: str, room: str, tokens: list[str], count: int, viewport: ViewportSize, draws: int,
            new: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=viewport, locale="ja-JP")
        context.add_init_script(f"localStorage.setItem('jinrou-token-{room}', '{tokens[VIEWER]}');")
        context.add_init_script(ARRIVALS)
        page = context.new_page()
        page.on("pageerror", lambda error: print("page error:", error, file=sys.stderr))
        page.goto(f"{base}/room/{room}")
        page.wait_for_function("(n) => typeof stream !== 'undefined' && stream.rows.length >= n", arg=count,
                               timeout=60000, polling="raf")
        load = page.evaluate("() => performance.now()")
        rows = page.evaluate("() => stream.rows.length")
        redraws = [page.evaluate(REDRAW) for _ in range(draws)]
        page.evaluate(TIMED)
        lines: dict[str, list[float]] = {"chat": [], "log": []}
        living = page.evaluate("() => latest.game.players.filter((p) => p.alive).map((p) => p.seat)")
        speakers = [tokens[seat] for seat in living if seat != VIEWER]
        for kind in ("chat", "log"):
            for n in range(new):
                speaker = speakers[n % len(speakers)]  # the living, in turn: under the server's rate limits
                before = page.evaluate("() => stream.rows.length")
                if kind == "chat":
                    post(base, f"/api/rooms/{room}/chat", {"token": speaker, "text": f"a new line {n}"})
                else:  # a claim: a new line of the game's log
                    post(base, f"/api/rooms/{room}/action", {"token": speaker, "action": {
                        "claim": {"kind": "ESTIMATE", "target": "P00", "result": "werewolf" if n % 2 else "human"}}})
                page.wait_for_function("(n) => stream.rows.length > n", arg=before, timeout=10000)
                lines[kind].append(page.evaluate("() => window.drawn[window.drawn.length - 1]"))
                time.sleep(0.05)
        browser.close()
    return {"viewport": f"{viewport['width']}x{viewport['height']}", "lines": rows, "load_ms": round(load, 1),
            "draw_ms": round(statistics.median(redraws), 1), "draw_worst_ms": round(max(redraws), 1),
            **{f"{kind}_line_ms": round(statistics.median(times), 2) for kind, times in lines.items()},
            **{f"{kind}_line_worst_ms": round(max(times), 2) for kind, times in lines.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=15)
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--draws", type=int, default=5)
    parser.add_argument("--new", type=int, default=20)
    parser.add_argument("--claims", type=float, default=0.5, help="the share of the talk said as claims (log lines)")
    options = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit("needs Debian's chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/page.db"
        started = time.perf_counter()
        room, tokens, count = play(path, options.days, options.lines, options.claims)
        built = time.perf_counter() - started
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "jinrou.cli", "serve", "--port", str(port), "--db", path],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(400):
                try:
                    urllib.request.urlopen(f"{base}/api/rooms", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.05)
            viewports: list[ViewportSize] = [{"width": 1280, "height": 900}, {"width": 390, "height": 844}]
            for viewport in viewports:
                result = measure(base, room, tokens, count, viewport, options.draws, options.new)
                print(json.dumps({"measure": "classic_page", "days": options.days, "claims": options.claims,
                                  "build_s": round(built, 1), **result}), flush=True)
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
