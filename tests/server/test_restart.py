"""Kill `jinrou serve` with SIGKILL at any moment, start it again: everything is back and play goes on."""

import json
import time
import urllib.error
import urllib.request

from websockets.sync.client import connect

from .conftest import Server, wait_until


def call(server, method, path, body=None):
    request = urllib.request.Request(server.url + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        return json.loads(error.read())


def setup_room(server, night_seconds):
    room = call(server, "POST", "/api/rooms", {"name": "restart", "seats": 5, "wolves": 1,
                                                 "night_seconds": night_seconds, "day_seconds": 60})["id"]
    ann = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
    ben = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Ben"})["token"]
    assert call(server, "POST", f"/api/rooms/{room}/chat", {"token": ann, "text": "good luck, all"}) == {"ok": True}
    call(server, "POST", f"/api/rooms/{room}/bots", {"token": ann})
    call(server, "POST", f"/api/rooms/{room}/start", {"token": ann})
    return room, ann, ben


def view(server, room, token):
    data = call(server, "GET", f"/api/rooms/{room}/view?token={token}")
    data.pop("server_time")
    return data


def act(server, room, token):
    game = view(server, room, token)["game"]
    legal = game["legal"]
    if legal["vote"]:
        action = {"vote": legal["vote"][0]}
    else:
        action = {"divine": (legal["divine"] or [None])[0], "attack": (legal["attack"] or [None])[0]}
    return call(server, "POST", f"/api/rooms/{room}/action", {"token": token, "action": action})


def test_sigkill_and_restart_bring_back_every_room_seat_chat_deadline_and_game(tmp_path):
    server = Server(str(tmp_path / "jinrou.db")).start()
    try:
        room, ann, ben = setup_room(server, night_seconds=600)
        assert act(server, room, ann) == {"ok": True}  # Ann acts; Ben has not yet
        before = {token: view(server, room, token) for token in (ann, ben)}
        with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}?token={ben}") as socket:
            pushed = json.loads(socket.recv(timeout=10))
            assert pushed["you"] == 1
            server.kill()
            server.start()  # same port, same store
        after = {token: view(server, room, token) for token in (ann, ben)}
        assert after == before  # seats, tokens, chat, deadline and the exact game state
        assert after[ann]["chat"] == [{"name": "Ann", "text": "good luck, all", "phase": "lobby"}]
        assert after[ann]["room"]["deadline"] == before[ann]["room"]["deadline"] is not None
        keys = ("id", "name", "mode", "seats", "taken", "wolves", "started", "phase", "password")
        assert call(server, "GET", "/api/rooms") == [{k: after[ann]["room"][k] for k in keys}]
        with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}?token={ben}") as socket:
            assert json.loads(socket.recv(timeout=10))["game"] == before[ben]["game"]
        for _ in range(100):  # play goes on to the end
            game = view(server, room, ann)["game"]
            if game["outcome"]:
                break
            for token in (ann, ben):
                if any(view(server, room, token)["game"]["legal"].values()):
                    assert act(server, room, token) == {"ok": True}
        assert view(server, room, ann)["game"]["outcome"]["winner"] in ("village", "wolves", "draw")
        assert call(server, "GET", f"/api/rooms/{room}/record")["format"] == "jinrou.quantum/1"
    finally:
        server.stop()


def test_a_deadline_that_passed_while_the_server_was_down_fires_at_restart(tmp_path):
    server = Server(str(tmp_path / "jinrou.db")).start()
    try:
        room, ann, ben = setup_room(server, night_seconds=5)
        act(server, room, ann)  # Ben misses night 1
        deadline = view(server, room, ann)["room"]["deadline"]
        server.kill()
        wait_until(lambda: time.time() > deadline + 0.5, timeout=15, what="the deadline to pass")
        server.start()
        wait_until(lambda: not view(server, room, ann)["game"]["players"][1]["alive"], timeout=10,
                   what="Ben's sudden death")
        record_view = view(server, room, ann)
        assert "Ben died a sudden death" in "\n".join(record_view["game"]["log"])
    finally:
        server.stop()
