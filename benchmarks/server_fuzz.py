"""Fuzz a real `jinrou serve` on 127.0.0.1 with malformed requests and WebSocket frames (bounded).

Starts the server in a child process (a temporary SQLite store, its log in a file), sets up a game
in progress of every mode (quantum, classic, shogi), a password room and an open room, and records
what each looks like (every view, the lobby). Then it sends --requests malformed HTTP requests —
bodies of bad UTF-8, random bytes, deep nesting, lone surrogates, wrong types in every field,
integers of thousands of digits, NaN and Infinity, casts with digits that are not ASCII, oversized and
lying lengths, odd methods, odd paths, query strings and spectator passes — and --frames WebSocket
frames to every game: binary, random bytes, invalid JSON, deep nesting, wrong types, huge and
non-finite numbers in every frame type, oversized text, text frames of invalid UTF-8 and reserved
opcodes written by hand. Every request is built to be refused (a real seat token only ever carries a malformed body),
so nothing may change.

Prints one JSON line: the counts by status, 5xx (must be 0), requests without an answer, tracebacks
in the server's log (must be 0), WebSocket answers by kind (error messages, close codes), and
whether any room or the lobby changed (must be false).

    python benchmarks/server_fuzz.py --requests 1000 --frames 200
"""

from __future__ import annotations

import argparse
import base64
import collections
import json
import os
import random
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

HUGE = "1" * 4301
"""One digit past Python's int-from-text limit (a 500 on every route before issue 37)."""
GAMES = ("game", "classic", "shogi")
"""The rooms with a game in progress, one of each mode."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        return json.loads(error.read())


def raw_http(port: str | int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
             timeout: float = 5.0) -> int | None:
    """One request on its own connection; the status, or None when no answer came."""
    head = {"Host": f"127.0.0.1:{port}", "Connection": "close", "Content-Length": str(len(body)), **(headers or {})}
    lines = [f"{method} {path} HTTP/1.1", *(f"{k}: {v}" for k, v in head.items() if v is not None), "", ""]
    with socket.create_connection(("127.0.0.1", int(port)), timeout=timeout) as s:
        try:
            s.sendall("\r\n".join(lines).encode("utf-8") + body)  # raw UTF-8 in a path: h11 must refuse it
        except OSError:
            pass  # the server may close as soon as it has refused the headers
        answer = b""
        try:
            while b"\r\n" not in answer:
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            return None
    try:
        return int(answer.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return None


# ------------------------------------------------------------------ what is sent


def junk_values(rng: random.Random) -> list[Any]:
    """Values of every wrong type a field can get."""
    deep: Any = "x"
    for _ in range(rng.randint(17, 60)):
        deep = [deep] if rng.random() < 0.5 else {"k": deep}
    return [None, True, 0, -1, 2**70, 1.5, "", " ", "\u200b", "\u0301" * 3, "\u3164", "x" * 5000, [], {}, ["quantum"],
            {"a": [1, {"b": None}]}, deep, "\ud800", "a\udfffb", "\x00\x07", "<script>", "'; DROP TABLE events; --",
            "Аnn", "Bot Alice", "Player 1", "🤖", "../../etc/passwd"]


def bodies(rng: random.Random, token: str) -> list[bytes]:
    """Malformed bodies: not UTF-8, not JSON, too deep, surrogates, not objects."""
    field = rng.choice(["name", "password", "token", "text", "action", "channel", "mode", "seats", "options", "seat"])
    value = rng.choice(junk_values(rng))
    try:
        typed = json.dumps({field: value, "token": rng.choice([token + "x", "", "forged"])}).encode()
    except (TypeError, ValueError):
        typed = b"{}"
    return [
        bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 300))),
        b'{"name": "' + bytes([0xff, 0xfe, 0xc3]) + b'"}',
        b"[" * rng.randint(100, 20000) + b"]" * rng.randint(0, 100),
        b'{"a":' * rng.randint(20, 3000) + b"1" + b"}" * rng.randint(0, 20),
        json.dumps({"name": "v", "password": "\ud800"}).encode(),
        signed(token, "text", '"\\ud800"'),
        signed(token, "action", rng.choice(["[[[]]]", "42", '"vote"', "null", "{}", '{"vote": 3}'])),
        signed(token, "text", rng.choice(["null", "[]", "{}", "1", '""', '" "'])),
        signed(token, "seat", rng.choice(['"1"', "-1", "99", "true", "[0]"])),
        typed,
        rng.choice([b'"string"', b"null", b"123", b"1e999999", b"NaN", b"-Infinity", b"[]", b"true"]),
        b'{"name": "truncated', b"{,}", b"\xef\xbb\xbf{}", b"{'single': 'quotes'}",
        signed(token, rng.choice(["seat", "n", "action", "channel", "text"]),
               rng.choice([HUGE, "-" + HUGE, "NaN", "Infinity", "-Infinity", "1e400", "1" + "0" * 18])),
        signed(token, "action", rng.choice(['{"vote": ' + HUGE + "}", '{"divine": NaN}', '{"done": Infinity}'])),
        json.dumps({"name": "x", "mode": "classic", "cast": "fixed",
                    "roles": rng.choice(["Werewolf:²", "Werewolf:٣,Human:5", "Human:" + HUGE, "人狼:１"])}).encode(),
        json.dumps({"name": "x", "mode": rng.choice(["classic", "quantum", "shogi"])}).replace("}", ', "players": ' + HUGE + "}").encode(),
    ]


def signed(token: str, key: str, value: str) -> bytes:
    """A body with a real seat token and a malformed ``key`` (``value`` is JSON text)."""
    return ('{"token": "' + token + '", "' + key + '": ' + value + "}").encode()


def requests(rng: random.Random, rooms: dict[str, str], tokens: dict[str, str], count: int,
             ) -> list[tuple[str, str, bytes, dict]]:
    """(method, path, body, headers) × count, every one of them to be refused (a room's own seat
    token only ever carries a malformed body)."""
    ids = [*rooms.values(), "nowhere", "x" * 300, "%00", "..%2f..", "😀", "%ED%A0%80"]
    owners = {rooms[key]: tokens[key] for key in GAMES}  # started games: leave, kick, start are refused
    posts = ["join", "watch", "leave", "kick", "bots", "start", "action", "chat", "rematch"]
    made: list[tuple[str, str, bytes, dict]] = []
    while len(made) < count:
        kind = rng.random()
        room = rng.choice(ids)
        token = owners.get(room, tokens["game"])
        if kind < 0.55:
            path = "/api/rooms" if rng.random() < 0.2 else f"/api/rooms/{room}/{rng.choice(posts)}"
            made.append(("POST", path, rng.choice(bodies(rng, token)), {}))
        elif kind < 0.65:
            size = rng.choice([16_385, 100_000, 2_000_000])
            made.append(("POST", f"/api/rooms/{room}/chat", b" " * min(size, 200_000),
                         {"Content-Length": str(size)} if size > 200_000 else {}))
        elif kind < 0.7:
            made.append(("POST", "/api/rooms", b"{}", {"Content-Length": rng.choice(["-1", "abc", "1e9", "99999999999"])}))
        elif kind < 0.85:
            query = rng.choice(["", "?token=forged", f"?token={token}x", "?pass=a.b", "?pass=" + "A" * 300,
                                "?token=%ED%A0%80", "?offset=-1", "?limit=abc", "?offset=99999999999", "?since=x",
                                "?offset=" + HUGE, "?limit=%C2%B2", "?offset=%D9%A3", "?pass=YQ==.%C3%A9",
                                "?pass=%C3%A9.%C3%A9", "?have=village:" + HUGE])
            target = rng.choice([f"/api/rooms/{rooms['locked']}/view", f"/api/rooms/{rooms['locked']}/record",
                                 f"/api/rooms/{room}/view", f"/api/rooms/{rooms['game']}/record", "/api/rooms"])
            made.append(("GET", target + query, b"", {}))
        elif kind < 0.93:
            made.append((rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS"]), rng.choice(
                ["/api/rooms", f"/api/rooms/{room}/view", f"/api/rooms/{room}/join"]), b"{}", {}))
        else:
            made.append(("GET", rng.choice(["/static/../app.py", "/static/%2e%2e/app.py", "/modes/..%2fquantum.js",
                                            "/modes/%00.js", "/room/" + "y" * 2000, "/api/" + "z" * 3000,
                                            "/static/" + "q" * 200]), b"", {}))
    return made


def frames(rng: random.Random, token: str, count: int) -> list[tuple[str, bytes | str]]:
    """(kind, payload) × count: what a WebSocket client may send that the server must refuse."""
    deep = json.dumps(json.loads("[" * 40 + "]" * 40))
    made: list[tuple[str, bytes | str]] = []
    while len(made) < count:
        choice = rng.random()
        if choice < 0.15:
            made.append(("binary", bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 200)))))
        elif choice < 0.35:
            made.append(("text", rng.choice(['{"type": "ping", "n": ' + HUGE + "}", '{"type": "ping", "n": NaN}',
                                             '{"type": "action", "action": {"vote": ' + HUGE + "}}",
                                             '{"type": "action", "action": {"done": -Infinity}}',
                                             '{"type": "chat", "text": "x", "channel": 1e999}',
                                             '{"type": "chat", "text": ' + HUGE + "}"])))
        elif choice < 0.55:
            made.append(("text", rng.choice(["{not json", "[" * 3000, deep, "42", '"x"', "null", "{}",
                                             '{"type": "dance"}', '{"type": ["action"]}', "x" * 17_000,
                                             '{"type": "chat", "text": "\\ud800"}',
                                             '{"type": "action", "action": [[[[]]]]}',
                                             '{"type": "chat", "text": {"t": 1}}',
                                             '{"type": "chat", "text": "x", "channel": ["village"]}'])))
        elif choice < 0.8:
            made.append(("text", bytes(rng.getrandbits(8) % 95 + 32 for _ in range(rng.randint(1, 100))).decode()))
        elif choice < 0.9:
            made.append(("raw-invalid-utf8", b"\xff\xfe\xfd" + bytes(rng.getrandbits(8) for _ in range(10))))
        else:
            made.append(("raw-reserved-opcode", b"hello"))
    return made


def raw_frame(port: int, path: str, opcode: int, payload: bytes) -> int | None:
    """A hand-made WebSocket: handshake, one frame; the close code the server answers with."""
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += s.recv(4096)
        rest = answer.split(b"\r\n\r\n", 1)[1]
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        s.sendall(bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked)
        data = rest
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            while len(data) >= 2:
                length = data[1] & 0x7F
                start = 2 + (2 if length == 126 else 8 if length == 127 else 0)
                if length == 126 and len(data) >= 4:
                    length = struct.unpack(">H", data[2:4])[0]
                if len(data) < start + length:
                    break
                if data[0] & 0x0F == 0x8:
                    return struct.unpack(">H", data[start:start + 2])[0] if length >= 2 else 1005
                data = data[start + length:]
            try:
                chunk = s.recv(65536)
            except OSError:
                return None
            if not chunk:
                return None
            data += chunk
    return None


# ------------------------------------------------------------------ the run


def snapshot_state(base: str, rooms: dict[str, str], tokens: dict[str, str], pass_: str) -> str:
    """Everything a room shows, minus the clock: compared before and after."""
    seen = {"lobby": call(base, "GET", "/api/rooms")}
    for key, room in rooms.items():
        for who, query in [("spectator", f"?pass={pass_}" if key == "locked" else ""),
                           ("seat", f"?token={tokens[key]}")]:
            data = call(base, "GET", f"/api/rooms/{room}/view{query}")
            data.pop("server_time", None)
            seen[f"{key}/{who}"] = data
    return json.dumps(seen, sort_keys=True)


def settled_state(base: str, rooms: dict[str, str], tokens: dict[str, str], pass_: str) -> str:
    """The state once the bots have had their turns (two snapshots alike, a tenth of a second apart)."""
    seen = snapshot_state(base, rooms, tokens, pass_)
    for _ in range(100):
        time.sleep(0.1)
        again = snapshot_state(base, rooms, tokens, pass_)
        if again == seen:
            return seen
        seen = again
    raise RuntimeError("the rooms never settled: the bots go on playing without the people")


def fuzz(http_count: int, frame_count: int, seed: int = 0, command: list[str] | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        log_path = f"{folder}/server.log"
        with open(log_path, "w") as log:
            server = subprocess.Popen((command or [sys.executable, "-m", "jinrou.cli"]) +
                                      ["serve", "--port", str(port), "--db", f"{folder}/fuzz.db"],
                                      stdout=log, stderr=subprocess.STDOUT)
        try:
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.05)
            rooms, tokens = {}, {}
            rooms["game"] = call(base, "POST", "/api/rooms", {"name": "fuzzed", "seats": 5, "night_seconds": 3600,
                                                              "day_seconds": 3600})["id"]
            tokens["game"] = call(base, "POST", f"/api/rooms/{rooms['game']}/join", {"name": "Ann"})["token"]
            call(base, "POST", f"/api/rooms/{rooms['game']}/chat", {"token": tokens["game"], "text": "hello"})
            call(base, "POST", f"/api/rooms/{rooms['game']}/bots", {"token": tokens["game"]})
            call(base, "POST", f"/api/rooms/{rooms['game']}/start", {"token": tokens["game"]})
            rooms["locked"] = call(base, "POST", "/api/rooms", {"name": "locked", "seats": 5, "password": "pw"})["id"]
            tokens["locked"] = call(base, "POST", f"/api/rooms/{rooms['locked']}/join",
                                    {"name": "Ben", "password": "pw"})["token"]
            pass_ = call(base, "POST", f"/api/rooms/{rooms['locked']}/watch", {"password": "pw"})["pass"]
            rooms["open"] = call(base, "POST", "/api/rooms", {"name": "open", "seats": 7})["id"]
            tokens["open"] = call(base, "POST", f"/api/rooms/{rooms['open']}/join", {"name": "Cat"})["token"]
            for key, settings in [("classic", {"mode": "classic", "players": 8, "cast": "yaminabe",
                                               "yaminabe_safety": "middle", "times": {"night": 3600, "day": 3600}}),
                                  ("shogi", {"mode": "shogi", "clock_seconds": 3600, "bot": "random"})]:
                rooms[key] = call(base, "POST", "/api/rooms", {"name": key, **settings})["id"]
                tokens[key] = call(base, "POST", f"/api/rooms/{rooms[key]}/join", {"name": "Dan"})["token"]
                call(base, "POST", f"/api/rooms/{rooms[key]}/bots", {"token": tokens[key]})
                call(base, "POST", f"/api/rooms/{rooms[key]}/start", {"token": tokens[key]})
            before = settled_state(base, rooms, tokens, pass_)

            statuses: collections.Counter[str] = collections.Counter()
            started = time.perf_counter()
            for method, path, body, headers in requests(rng, rooms, tokens, http_count):
                status = raw_http(port, method, path, body, headers)
                statuses[str(status)] += 1
            http_seconds = time.perf_counter() - started

            answers: collections.Counter[str] = collections.Counter()
            pending, sent = frames(rng, tokens["game"], frame_count), 0
            while sent < len(pending):  # 25 frames a connection (fewer when the server closes it), game by game
                game = GAMES[sent // 25 % len(GAMES)]
                ws_path = f"/ws/rooms/{rooms[game]}?token={tokens[game]}"
                with connect(f"ws://127.0.0.1:{port}{ws_path}", max_size=2**22) as ws:
                    ws.recv(timeout=10)
                    for _ in range(25):
                        if sent == len(pending):
                            break
                        kind, payload = pending[sent]
                        sent += 1
                        if kind.startswith("raw"):
                            opcode = 0x1 if kind == "raw-invalid-utf8" else 0x3
                            answers[f"close {raw_frame(port, ws_path, opcode, payload)}"] += 1  # type: ignore[arg-type]
                            continue
                        try:
                            ws.send(payload)
                            answers[json.loads(ws.recv(timeout=10)).get("type", "?")] += 1
                        except Exception as error:  # noqa: BLE001 — a close is an answer too: count it, reconnect
                            answers[f"close {getattr(getattr(error, 'rcvd', None), 'code', None)}"] += 1
                            break
            after = snapshot_state(base, rooms, tokens, pass_)
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
        log_text = Path(log_path).read_text()
    fivexx = sum(n for s, n in statuses.items() if s.startswith("5"))
    return {"requests": http_count, "frames": frame_count, "seconds": round(http_seconds, 1),
            "statuses": dict(sorted(statuses.items())), "5xx": fivexx, "no_answer": statuses.get("None", 0),
            "ws_answers": dict(sorted(answers.items())), "tracebacks": log_text.count("Traceback"),
            "state_changed": before != after, "log_tail": log_text[-2000:] if "Traceback" in log_text else ""}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps(fuzz(args.requests, args.frames, args.seed), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
