"""Who may read a room, how fast anyone may talk, and what each push carries (issue 14, findings
3 and 8): a password room's content only with its password or a seat token; chat rates per seat
and per connection; chat pushed incrementally, the HTTP view whole."""

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from .test_api import join, new_room, play_to_the_end, started_room, view


def test_a_password_room_shows_its_content_only_with_the_password_or_a_seat_token(client):
    room = new_room(client, password="secret")
    ann = join(client, room, "Ann", password="secret")
    client.post(f"/api/rooms/{room}/chat", json={"token": ann, "text": "our plan"})
    for path in (f"/api/rooms/{room}/view", f"/api/rooms/{room}/record"):
        refused = client.get(path)
        assert refused.status_code == 401 and "this room has a password" in refused.json()["error"]
        assert "our plan" not in refused.text and "Ann" not in refused.text
    assert client.get(f"/api/rooms/{room}/view", params={"pass": "forged.pass"}).status_code == 403
    assert client.post(f"/api/rooms/{room}/watch", json={"password": "guess"}).json() == {"error": "wrong room password", "ja": "部屋のパスワードが違います"}
    with client.websocket_connect(f"/ws/rooms/{room}") as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4401 and "password" in closed.value.reason
    pass_ = client.post(f"/api/rooms/{room}/watch", json={"password": "secret"}).json()["pass"]
    assert view(client, room, ann)["chat"][0]["text"] == "our plan"  # a seat token opens it
    watched = client.get(f"/api/rooms/{room}/view", params={"pass": pass_}).json()
    assert watched["you"] is None and watched["chat"][0]["text"] == "our plan"
    with client.websocket_connect(f"/ws/rooms/{room}?pass={pass_}") as ws:
        assert ws.receive_json()["chat"][0]["text"] == "our plan"
    other = new_room(client, password="other")
    assert client.get(f"/api/rooms/{other}/view", params={"pass": pass_}).status_code == 403  # one room's pass
    assert client.get("/api/rooms").json()[-1]["password"] is True  # the lobby lists it, no more


def test_a_seat_is_rate_limited_in_chat(client):
    room = new_room(client)
    ann = join(client, room, "Ann")
    answers = [client.post(f"/api/rooms/{room}/chat", json={"token": ann, "text": f"line {i}"}) for i in range(30)]
    refused = [a for a in answers if a.status_code == 429]
    assert refused and "too fast" in refused[0].json()["error"]
    assert len(view(client, room)["chat"]) == 30 - len(refused) <= 14


def test_pushes_carry_only_the_chat_lines_a_connection_lacks_and_a_reconnect_asks_from_its_last(client):
    client.app.state.service.chat_limits.rate = 1000.0
    room = new_room(client)
    ann = join(client, room, "Ann")
    for i in range(200):
        client.post(f"/api/rooms/{room}/chat", json={"token": ann, "text": f"old line {i} " + "x" * 200})
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:
        first = ws.receive_text()
        assert json.loads(first)["append"] is False and len(json.loads(first)["chat"]) == 200
        client.post(f"/api/rooms/{room}/chat", json={"token": ann, "text": "new line"})
        pushed = ws.receive_text()
        data = json.loads(pushed)
        assert data["append"] is True and [line["text"] for line in data["chat"]] == ["new line"]
        assert len(pushed) < len(first) / 10  # the history is not sent again
        assert "cursor" not in data and data["chat"][0]["n"] == 200  # numbered in its channel, no event number
        client.post(f"/api/rooms/{room}/bots", json={"token": ann})
        assert json.loads(ws.receive_text())["chat"] == []  # a change without chat: no line
    client.post(f"/api/rooms/{room}/chat", json={"token": ann, "text": "while away"})
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}&have=village:201") as ws:
        back = ws.receive_json()
        assert back["append"] is True and [line["text"] for line in back["chat"]] == ["while away"]
    assert len(view(client, room)["chat"]) == 202  # the HTTP view stays whole
    assert set(view(client, room)["chat"][0]) == {"name", "text", "phase"}


def test_a_channel_new_to_a_connection_comes_whole(client):
    room, (ann, ben) = started_room(client, humans=("Ann", "Ben"))
    service = client.app.state.service
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:
        ws.receive_json()
        game = play_to_the_end(client, room, [ann, ben])
        pushed = ws.receive_json()
        while not pushed["game"]["result"]:
            pushed = ws.receive_json()
        assert "spectators" in pushed["chats"]  # readable once over: sent whole (empty here)
    assert game["outcome"] and service.rooms[room].is_over
