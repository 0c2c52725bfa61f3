"""Malformed requests, oversized bodies and odd WebSocket frames: a 4xx with a message, never a 5xx,
never a traceback, and nothing stored (issue 14, findings 5–7)."""

import asyncio
import json

import pytest

from jinrou.server.app import create_app
from jinrou.server.guard import MAX_BODY, MAX_DEPTH
from jinrou.server.store import open_store

from .test_api import ROOM, events, join, new_room, started_room

DEEP = b"[" * 3000 + b"]" * 3000


def malformed(room: str, token: str) -> list[tuple[str, str, bytes, str]]:
    """(method, path, body, what the error says) — each found by the audit or its fuzzing."""
    rooms, action, chat = "/api/rooms", f"/api/rooms/{room}/action", f"/api/rooms/{room}/chat"
    return [
        ("POST", rooms, b'{"name": "\xff\xfe"}', "must be UTF-8"),
        ("POST", f"/api/rooms/{room}/join", b'{"name": "Ann\xc3"}', "must be UTF-8"),
        ("POST", rooms, DEEP, "must be JSON"),
        ("POST", rooms, b'{"a":' * 2000 + b"1" + b"}" * 2000, "must be JSON"),
        ("POST", rooms, json.dumps({"name": [[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]}).encode(), "deeper than"),
        ("POST", rooms, b'{"name": "v", "password": "\\ud800"}', "lone surrogate"),
        ("POST", f"/api/rooms/{room}/join", b'{"name": "Ann", "password": "\\udfff"}', "lone surrogate"),
        ("POST", action, b'{"token": "\\ud800", "action": {"vote": "x"}}', "lone surrogate"),
        ("POST", chat, b'{"token": "t", "text": "hi \\ud83d"}', "lone surrogate"),
        ("POST", f"/api/rooms/{room}/join", b'{"name": "\\ud800\\udc00\\ud800"}', "lone surrogate"),
        ("POST", rooms, json.dumps({**ROOM, "mode": ["quantum"]}).encode(), "unknown mode"),
        ("POST", rooms, json.dumps({**ROOM, "mode": {"quantum": 1}}).encode(), "unknown mode"),
        ("POST", rooms, json.dumps({**ROOM, "name": {"x": 1}}).encode(), "a room name is"),
        ("POST", rooms, json.dumps({**ROOM, "seats": "5"}).encode(), "seats must be"),
        ("POST", rooms, json.dumps({**ROOM, "options": [1]}).encode(), "options is an object"),
        ("POST", rooms, b'"just a string"', "must be a JSON object"),
        ("POST", rooms, b"null", "must be a JSON object"),
        ("POST", rooms, b"1e999999", "numbers are finite"),
        ("POST", rooms, b"NaN", "which is not JSON"),
        ("POST", f"/api/rooms/{room}/kick", json.dumps({"token": token, "seat": "1"}).encode(), "nobody can be removed"),
        ("POST", action, json.dumps({"token": [token], "action": None}).encode(), "seat token"),
        ("POST", action, json.dumps({"token": token, "action": [[[]]]}).encode(), "an action is"),
        ("POST", chat, json.dumps({"token": token, "text": {"t": 1}}).encode(), "some text"),
        ("POST", chat, json.dumps({"token": token, "text": "x", "channel": ["village"]}).encode(), "no chat channel"),
        ("GET", "/api/rooms?offset=-1", b"", "offset must be a whole number"),
        ("GET", "/api/rooms?limit=%F0%9F%90%BA", b"", "limit must be a whole number"),
        ("GET", f"/api/rooms/{room}/view?token=%ED%A0%80", b"", "seat token"),
        ("GET", f"/api/rooms/{'x' * 5000}/view", b"", "no room"),
        ("GET", f"/api/rooms/{room}/view?pass=a.b", b"", "pass is not for this room"),
    ]


def test_every_malformed_request_is_a_4xx_with_a_message_and_changes_nothing(client):
    room, (token,) = started_room(client)
    service = client.app.state.service
    before = (len(events(client, room)), len(service.rooms.active))
    for method, path, body, message in malformed(room, token):
        response = client.request(method, path, content=body)
        assert 400 <= response.status_code < 500, (path, body[:60], response.status_code, response.text)
        assert message in response.json()["error"], (path, body[:60], response.json())
    assert (len(events(client, room)), len(service.rooms.active)) == before


def test_nesting_is_counted_without_recursion():
    from jinrou.server.guard import parse_json
    from jinrou.server.rooms import RoomError

    assert parse_json(json.dumps([[[1]]] * 3)) == [[[1]]] * 3
    nested: list = []
    for _ in range(MAX_DEPTH - 1):
        nested = [nested]
    assert parse_json(json.dumps(nested)) == nested
    with pytest.raises(RoomError, match="deeper than"):
        parse_json(json.dumps([nested]))


class Upload:
    """An ASGI request body that counts the chunks the app pulled."""

    def __init__(self, chunks: int, size: int = 65_536):
        self.left, self.pulled, self.chunk = chunks, 0, b" " * size

    async def receive(self):
        if self.left == 0:
            return {"type": "http.request", "body": b"", "more_body": False}
        self.left -= 1
        self.pulled += 1
        return {"type": "http.request", "body": self.chunk, "more_body": self.left > 0}


def post_raw(app, path: str, upload: Upload, length: int | None) -> tuple[int, bytes]:
    headers = [(b"host", b"test")] + ([(b"content-length", str(length).encode())] if length is not None else [])
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "headers": headers,
             "client": ("127.0.0.1", 5555), "server": ("127.0.0.1", 80), "root_path": ""}
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, upload.receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def test_an_oversized_body_is_refused_before_it_is_read(tmp_path):
    app = create_app(open_store(str(tmp_path / "big.db")))
    declared = Upload(3200)  # 200 MB announced by Content-Length
    status, body = post_raw(app, "/api/rooms", declared, 3200 * 65_536)
    assert status == 413 and json.loads(body) == {"error": "request too large"}
    assert declared.pulled == 0  # refused on the header alone
    streamed = Upload(3200, 4096)  # 13 MB with no length given (chunked)
    status, body = post_raw(app, "/api/rooms", streamed, None)
    assert status == 413 and json.loads(body) == {"error": "request too large"}
    assert streamed.pulled * 4096 <= MAX_BODY + 4096  # counted while streaming, never buffered whole
    status, _ = post_raw(app, "/api/rooms", Upload(1, 10), 12)  # a lying Content-Length is not trusted either
    assert status == 400


def test_websocket_frames_that_are_not_json_objects_get_an_error_and_the_connection_stays(client):
    room, (ann,) = started_room(client)
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:
        assert ws.receive_json()["type"] == "view"
        frames = [("bytes", b"\x00\xff\xfe random bytes", "binary frame"),
                  ("bytes", json.dumps({"type": "chat", "text": "hi"}).encode(), "binary frame"),
                  ("text", "{not json", "must be JSON"),
                  ("text", "[" * 5000, "must be JSON"),
                  ("text", json.dumps([[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]), "deeper than"),
                  ("text", '{"type": "chat", "text": "\\ud800"}', "lone surrogate"),
                  ("text", "42", "a JSON object"),
                  ("text", "x" * (MAX_BODY + 1), "at most"),
                  ("text", json.dumps({"type": ["action"]}), "type action, chat, ready or ping")]
        for kind, frame, message in frames:
            ws.send_bytes(frame) if kind == "bytes" else ws.send_text(frame)
            reply = ws.receive_json()
            assert reply["type"] == "error" and message in reply["error"], (frame[:40], reply)
        ws.send_json({"type": "action", "action": {"divine": "Bot Bob"}})  # still served
        assert ws.receive_json()["game"]["phase"] == "day 1"


def test_a_websocket_to_a_room_that_is_not_there_is_closed_with_a_reason(client):
    from starlette.websockets import WebSocketDisconnect

    room = new_room(client)
    for path, code, reason in [("/ws/rooms/nowhere", 4404, "no room 'nowhere'"),
                               (f"/ws/rooms/{room}?token=forged", 4403, "seat token"),
                               (f"/ws/rooms/{room}?have=village:soon", 4400, "have must be")]:
        with client.websocket_connect(path) as ws, pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code and reason in closed.value.reason


def test_a_flood_of_websocket_messages_is_slowed_then_cut(client):
    room = new_room(client)
    ann = join(client, room, "Ann")
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:
        ws.receive_json()
        replies = []
        for _ in range(40):
            ws.send_text("{}")
            replies.append(ws.receive_json()["error"])
        assert any("slow down" in r for r in replies)


def test_jinrou_serve_refuses_an_oversized_websocket_frame_before_reading_it(server):
    """uvicorn itself closes the connection (1009) when a frame exceeds the body limit."""
    import urllib.request

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    request = urllib.request.Request(f"{server.url}/api/rooms", data=json.dumps(ROOM).encode(), method="POST")
    room = json.load(urllib.request.urlopen(request))["id"]
    with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}", max_size=None) as ws:
        ws.recv(timeout=10)  # the spectator's first view
        ws.send("x" * (MAX_BODY + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
