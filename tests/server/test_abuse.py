"""What one address may hold or do (issue 26, points 4–6): actions are throttled per seat, rooms per
address are few and made slowly, a room nobody sits in closes, and WebSocket connections are capped
per address and per room — in-process and on a real `jinrou serve`."""

from __future__ import annotations

import contextlib
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from jinrou.server.guard import ServerLimits

from .conftest import Server
from .test_api import events, join, new_room, started_room, view
from .test_restart import call


def test_a_flood_of_http_actions_is_refused_after_a_burst_and_stores_nothing(client):
    room, (ann,) = started_room(client)
    stored = len(events(client, room))
    answers = [client.post(f"/api/rooms/{room}/action", json={"token": ann, "action": {"vote": "nobody"}})
               for _ in range(60)]
    refused = [a for a in answers if a.status_code == 429]
    assert len(refused) >= 30 and refused[0].json()["error"] == "you are acting too fast: wait a moment"
    assert refused[0].json()["ja"] == "操作が速すぎます。少し待ってください"
    assert len(events(client, room)) == stored  # refused (too fast, or not allowed): nothing stored


def test_an_address_has_a_few_open_rooms_and_one_played_by_people_is_not_counted(client):
    rooms = [new_room(client, name=f"mine {i}") for i in range(3)]
    refused = client.post("/api/rooms", json={"name": "a fourth", "seats": 5, "wolves": 1})
    assert refused.status_code == 429 and refused.json()["error"].startswith("you have 3 open rooms already")
    assert len(client.get("/api/rooms").json()) == 3  # nothing made
    ann = join(client, rooms[0], "Ann")
    client.post(f"/api/rooms/{rooms[0]}/bots", json={"token": ann})
    client.post(f"/api/rooms/{rooms[0]}/start", json={"token": ann})
    assert new_room(client, name="now it may")


def test_rooms_are_made_five_at_once_then_slowly(client):
    client.app.state.service.limits = ServerLimits(rooms=100)
    answers = [client.post("/api/rooms", json={"name": f"r{i}", "seats": 5, "wolves": 1}) for i in range(7)]
    assert [a.status_code for a in answers] == [200] * 5 + [429] * 2
    assert answers[5].json()["error"] == "you are making rooms too fast: wait a minute"


def test_a_room_nobody_sits_in_closes_after_a_while_and_stays_closed(client, tmp_path):
    service = client.app.state.service
    empty, left, seated = new_room(client, name="empty"), new_room(client, name="left"), new_room(client, name="seated")
    ben = join(client, left, "Ben")
    client.post(f"/api/rooms/{left}/leave", json={"token": ben})
    join(client, seated, "Cy")
    later = time.time() + service.limits.idle_room_seconds + 1
    service.clock = lambda: later
    client.portal.call(service.sweep)
    assert [r["id"] for r in client.get("/api/rooms").json()] == [seated]
    for room in (empty, left):
        answer = client.post(f"/api/rooms/{room}/join", json={"name": "Dee"})
        assert answer.status_code == 410 and "was closed: nobody sat in it for 10 minutes" in answer.json()["error"]
        assert view(client, room).get("error", "").startswith(f"room {room!r} was closed")
    assert new_room(client, name="a new one")  # closed rooms no longer count against the address


def test_a_closed_room_is_still_closed_after_a_restart(tmp_path):
    from starlette.testclient import TestClient

    from jinrou.server.app import create_app
    from jinrou.server.store import open_store

    path = str(tmp_path / "closed.db")
    with TestClient(create_app(open_store(path), ServerLimits(idle_room_seconds=1))) as client:
        room = new_room(client)
        client.app.state.service.clock = lambda: time.time() + 2
        client.portal.call(client.app.state.service.sweep)
    with TestClient(create_app(open_store(path))) as client:
        assert client.get("/api/rooms").json() == []
        assert client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).status_code == 410


@pytest.fixture
def limited(tmp_path):
    running = Server(str(tmp_path / "limited.db"), "--limits", "sockets=4,room_sockets=3").start()
    yield running
    running.stop()


def test_a_real_server_caps_rooms_and_connections_per_address_and_per_room(limited):
    rooms = [call(limited, "POST", "/api/rooms", {"name": f"r{i}", "seats": 5, "wolves": 1}) for i in range(4)]
    assert [("id" in r) for r in rooms] == [True, True, True, False]
    assert rooms[3]["error"].startswith("you have 3 open rooms already")
    first, second = rooms[0]["id"], rooms[1]["id"]
    ws_url = f"ws://127.0.0.1:{limited.port}/ws/rooms/"
    with contextlib.ExitStack() as held:
        for _ in range(3):
            held.enter_context(connect(ws_url + first)).recv(timeout=5)
        with connect(ws_url + first) as ws, pytest.raises(ConnectionClosed) as refused:
            ws.recv(timeout=5)
        assert refused.value.rcvd.code == 4429 and "this room has 3 connections" in refused.value.rcvd.reason
        held.enter_context(connect(ws_url + second)).recv(timeout=5)  # another room: the address's fourth
        with connect(ws_url + second) as ws, pytest.raises(ConnectionClosed) as refused:
            ws.recv(timeout=5)
        assert refused.value.rcvd.code == 4429 and "too many connections from your address" in refused.value.rcvd.reason
    with connect(ws_url + second) as ws:  # the connections closed: served again
        assert '"type":"view"' in ws.recv(timeout=5)


def test_a_process_holds_at_most_its_cap_of_connections_and_says_try_again(tmp_path):
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    from jinrou.server.app import create_app
    from jinrou.server.store import open_store

    app = create_app(open_store(str(tmp_path / "cap.db")), ServerLimits(process_sockets=2))
    with TestClient(app) as client, contextlib.ExitStack() as held:
        rooms = [new_room(client) for _ in range(2)]
        for room in rooms:  # two rooms, one connection each: the process's two
            held.enter_context(client.websocket_connect(f"/ws/rooms/{room}")).receive_json()
        with client.websocket_connect(f"/ws/rooms/{rooms[0]}") as ws, pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4503 and "this server holds 2 connections" in closed.value.reason
        held.close()  # one goes: served again
        with client.websocket_connect(f"/ws/rooms/{rooms[1]}") as ws:
            assert ws.receive_json()["type"] == "view"
