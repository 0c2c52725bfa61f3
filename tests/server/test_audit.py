"""The audit of issue 14 as a test: a real `jinrou serve` on 127.0.0.1 under malformed requests and
frames (no 5xx, no traceback in its log, nothing changed), and whole games over real sockets whose
every payload is checked for what the audit found leaking."""

import importlib.util
import json
import re
import threading
from pathlib import Path

from websockets.sync.client import connect

from .test_restart import call

FUZZ = Path(__file__).parents[2] / "benchmarks" / "server_fuzz.py"


def load_fuzz():
    spec = importlib.util.spec_from_file_location("server_fuzz", FUZZ)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_malformed_requests_and_frames_get_4xx_or_a_close_never_a_5xx_a_traceback_or_a_change():
    """2,000 requests to every route and 300 frames to a game of every mode (issue 37: a few seconds)."""
    found = load_fuzz().fuzz(2000, 300, seed=14)
    assert found["5xx"] == 0 and found["no_answer"] == 0, found
    assert found["tracebacks"] == 0, found["log_tail"]
    assert not found["state_changed"], found
    assert set(found["statuses"]) <= {"200", "400", "401", "403", "404", "405", "413", "429"}, found
    assert found["ws_answers"].get("close 1007") and found["ws_answers"].get("error", 0) > 150, found


def drained(ws, into: list) -> dict | None:
    """Keep in ``into`` every message ``ws`` was sent before the answer to a ping (the server answers it after
    the views due so far: nothing pushed is still on its way, however slow the machine); the latest game."""
    ws.send(json.dumps({"type": "ping"}))
    while (message := json.loads(ws.recv(timeout=30))).get("type") != "pong":
        into.append(message)
    return next(m["game"] for m in reversed(into) if m.get("type") == "view")  # (an error: a refused action)


def test_every_payload_of_whole_games_over_real_sockets_keeps_the_secrets(server):
    base, port = server.url, server.port
    room = call(server, "POST", "/api/rooms", {"name": "audit", "seats": 8, "wolves": 2, "night_seconds": 600,
                                                 "day_seconds": 600, "options": {"anonymous": True}})["id"]
    tokens = [call(server, "POST", f"/api/rooms/{room}/join", {"name": n})["token"] for n in ("Ann", "Ben", "Cat")]
    call(server, "POST", f"/api/rooms/{room}/bots", {"token": tokens[0]})
    payloads: dict = {0: [], 1: [], 2: [], None: []}
    url = f"ws://127.0.0.1:{port}/ws/rooms/{room}"
    with connect(f"{url}?token={tokens[0]}") as ann, connect(f"{url}?token={tokens[1]}") as ben, \
            connect(f"{url}?token={tokens[2]}") as cat, connect(url) as watcher:
        sockets = {0: ann, 1: ben, 2: cat, None: watcher}
        for seat, ws in sockets.items():
            payloads[seat].append(json.loads(ws.recv(timeout=10)))
        call(server, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]})
        for _ in range(300):
            latest = {seat: drained(ws, payloads[seat]) for seat, ws in sockets.items()}
            if latest[None] and latest[None]["result"]:
                break
            for seat in (0, 1, 2):
                game = latest[seat]
                legal = game["legal"] if game else {}
                if game and any(legal.values()):
                    action = {"vote": legal["vote"][0]} if legal["vote"] else {
                        "divine": (legal["divine"] or [None])[0], "attack": (legal["attack"] or [None])[0]}
                    sockets[seat].send(json.dumps({"type": "action", "action": action}))
            threading.Event().wait(0.5)  # two messages a round on a connection (a ping, an action): under its rate
    assert latest[None]["result"]
    checked = 0
    for seat, sent in payloads.items():
        for payload in sent:
            game = payload.get("game")
            if payload.get("type") != "view" or not game or game["result"]:
                continue
            checked += 1
            me = [] if seat is None else [game["players"][seat]["name"]]
            if game["is_night"]:
                assert set(game["waiting_for"]) <= set(me)  # finding 1
            table = game["table"]
            for index, row in enumerate(table["rows"]):
                if index != table["own_row"]:
                    assert re.fullmatch("[A-Z]+", row["label"]) and not row["dead"]  # finding 2
            if seat is None:
                assert game["private"] is None and "Your night" not in json.dumps(payload)
    assert checked > 15
    record = json.loads(json.dumps(call(server, "GET", f"/api/rooms/{room}/record")))
    assert record["format"] == "jinrou.quantum/1"
    locked = call(server, "POST", "/api/rooms", {"name": "locked", "seats": 5, "password": "pw"})["id"]
    assert "password" in call(server, "GET", f"/api/rooms/{locked}/view")["error"]  # finding 3
    assert base.startswith("http://127.0.0.1")
