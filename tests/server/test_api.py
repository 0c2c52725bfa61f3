"""The HTTP and WebSocket API of the real app (in-process, real SQLite store)."""

import pytest

ROOM = {"name": "test village", "seats": 5, "wolves": 1, "night_seconds": 60, "day_seconds": 60}


def new_room(client, **settings):
    response = client.post("/api/rooms", json={**ROOM, **settings})
    assert response.status_code == 200, response.json()
    return response.json()["id"]


def join(client, room, name, **extra):
    response = client.post(f"/api/rooms/{room}/join", json={"name": name, **extra})
    assert response.status_code == 200, response.json()
    return response.json()["token"]


def view(client, room, token=None):
    return client.get(f"/api/rooms/{room}/view", params={"token": token} if token else {}).json()


def events(client, room):
    return client.app.state.service.store.events(room)


def started_room(client, humans=("Ann",), **settings):
    room = new_room(client, **settings)
    tokens = [join(client, room, name) for name in humans]
    client.post(f"/api/rooms/{room}/bots", json={"token": tokens[0]})
    assert client.post(f"/api/rooms/{room}/start", json={"token": tokens[0]}).json() == {"ok": True}
    return room, tokens


def drain(ws):
    """The views pushed to ``ws`` so far: a ping is answered after the pushes already under way."""
    ws.send_json({"type": "ping"})
    found = []
    while (message := ws.receive_json())["type"] != "pong":
        found.append(message)
    return found


def my_action(game):
    legal = game["legal"]
    if legal["vote"]:
        return {"vote": legal["vote"][0]}
    return {"divine": (legal["divine"] or [None])[0], "attack": (legal["attack"] or [None])[0]}


def play_to_the_end(client, room, tokens, limit=200):
    for _ in range(limit):
        progressed = False
        for token in tokens:
            game = view(client, room, token)["game"]
            if game["outcome"]:
                return game
            if any(game["legal"].values()):
                response = client.post(f"/api/rooms/{room}/action", json={"token": token, "action": my_action(game)})
                assert response.status_code == 200, response.json()
                progressed = True
        assert progressed, "nobody could act"
    raise AssertionError("the game did not end")


def test_a_whole_game_through_the_api_with_bots(client):
    room, tokens = started_room(client)
    first = view(client, room, tokens[0])
    assert first["you"] == 0 and first["game"]["phase"] == "night 1" and first["room"]["deadline"] is not None
    assert first["game"]["waiting_for"] == ["Ann"]  # the bots acted at once
    game = play_to_the_end(client, room, tokens)
    assert game["outcome"]["winner"] in ("village", "wolves", "draw")
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["format"] == "jinrou.quantum/1" and record["players"][0] == "Ann"
    from jinrou.quantum.record import Record

    assert Record.read(record).replay().is_over  # the record verifies against the rules


def test_lobby_lists_rooms_and_pages_are_served(client):
    room = new_room(client, password="secret")
    summary = client.get("/api/rooms").json()
    assert summary == [{"id": room, "name": "test village", "mode": "quantum", "seats": 5, "taken": 0, "wolves": 1,
                        "started": False, "phase": "lobby", "password": True}]
    assert client.get("/").status_code == 200 and client.get(f"/room/{room}").status_code == 200
    assert "room.js" in client.get(f"/room/{room}").text and client.get("/static/room.js").status_code == 200


BAD_SETTINGS = [
    ({"seats": 2}, "seats must be 3–40"),
    ({"seats": 5, "wolves": 4}, "wolves must be 1–3 for 5 seats"),
    ({"night_seconds": 1}, "night_seconds must be 5–3600"),
    ({"options": {"telepathy": True}}, "unknown option 'telepathy'"),
    ({"name": ""}, "a room name is 1–40 printable characters"),
    ({"colour": "red"}, r"unknown settings \['colour'\]"),
    ({"mode": "chess"}, "unknown mode 'chess'"),
]


@pytest.mark.parametrize("settings, message", BAD_SETTINGS)
def test_bad_room_settings_are_refused(client, settings, message):
    response = client.post("/api/rooms", json={**ROOM, **settings})
    assert response.status_code == 400
    import re

    assert re.search(message, response.json()["error"])
    assert client.get("/api/rooms").json() == []


def test_too_many_wolves_are_refused_in_japanese_too(client):
    """The quantum form's 人狼の数 typed too high was refused in English on a Japanese lobby."""
    response = client.post("/api/rooms", json={**ROOM, "seats": 5, "wolves": 4})
    assert response.status_code == 400 and response.json()["ja"] == "5人の部屋の人狼は1〜3人です（4人ではなく）"


def test_joining_checks_names_passwords_and_room_state(client):
    room = new_room(client, password="secret")
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json() == {"error": "wrong room password", "ja": "部屋のパスワードが違います"}
    token = join(client, room, "Ann", password="secret")
    assert client.post(f"/api/rooms/{room}/join", json={"name": "ann", "password": "secret"}).json()["error"] == (
        "the nickname 'ann' is taken in this room")
    assert "1–20 printable" in client.post(f"/api/rooms/{room}/join", json={"name": "x" * 21, "password": "secret"}).json()["error"]
    assert client.post("/api/rooms/nope/join", json={"name": "Bob"}).status_code == 404
    client.post(f"/api/rooms/{room}/bots", json={"token": token})
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Late", "password": "secret"}).json()["error"] == (
        "the room is full: you can watch as a spectator")


def test_a_token_rejoins_its_seat_and_a_wrong_token_is_refused(client):
    room, (token,) = started_room(client)
    assert view(client, room, token)["you"] == 0  # a reload or a new tab: same seat
    response = client.post(f"/api/rooms/{room}/action", json={"token": "forged", "action": {"divine": "Bot Alice"}})
    assert response.status_code == 403 and "seat token" in response.json()["error"]
    assert client.get(f"/api/rooms/{room}/view", params={"token": "forged"}).status_code == 403


BAD_ACTIONS = [
    ({"vote": "Bot Alice"}, "it is night 1: votes are cast by day"),
    ({"divine": "Ann"}, "Ann cannot divine himself"),
    ({"divine": "Nobody"}, "unknown player 'Nobody'"),
    ({"divine": "Bot Alice", "attack": "Bot Bob"}, "there are no attacks on night 1"),
    ({"divine": None}, "Ann must choose whom to divine"),
    ({"shout": "hi"}, r"unknown action fields \['shout'\]"),
    ("divine Bob", "an action is an object"),
    ({"divine": 3}, "divine must name a player"),
]


@pytest.mark.parametrize("action, message", BAD_ACTIONS)
def test_bad_actions_get_a_clear_error_and_change_nothing(client, action, message):
    room, (token,) = started_room(client)
    before = (len(events(client, room)), view(client, room, token))
    response = client.post(f"/api/rooms/{room}/action", json={"token": token, "action": action})
    assert response.status_code == 400
    import re

    assert re.search(message, response.json()["error"]), response.json()
    after = view(client, room, token)
    assert len(events(client, room)) == before[0] and after["game"] == before[1]["game"]


def test_acting_twice_and_acting_when_dead_are_refused(client):
    room, tokens = started_room(client, humans=("Ann", "Ben"))
    client.post(f"/api/rooms/{room}/action", json={"token": tokens[0], "action": {"divine": "Ben"}})
    again = client.post(f"/api/rooms/{room}/action", json={"token": tokens[0], "action": {"divine": "Bot Alice"}})
    assert again.json()["error"] == "Ann has already acted tonight"  # (the same orders again: test_retries)
    game = play_to_the_end(client, room, tokens)
    late = client.post(f"/api/rooms/{room}/action", json={"token": tokens[0], "action": {"vote": "Ben"}})
    assert late.status_code == 400 and late.json()["error"] == "the game is over"
    assert game["outcome"]


def test_chat_is_limited_kept_as_text_and_silent_at_night(client):
    room = new_room(client)
    token = join(client, room, "Ann")
    hostile = "<script>alert('x')</script>"
    assert client.post(f"/api/rooms/{room}/chat", json={"token": token, "text": hostile}).json() == {"ok": True}
    assert view(client, room)["chat"] == [{"name": "Ann", "text": hostile, "phase": "lobby"}]  # stored verbatim
    too_long = client.post(f"/api/rooms/{room}/chat", json={"token": token, "text": "x" * 301})
    assert "at most 300" in too_long.json()["error"]
    assert "printable" in client.post(f"/api/rooms/{room}/chat", json={"token": token, "text": "a\x07b"}).json()["error"]
    client.post(f"/api/rooms/{room}/bots", json={"token": token})
    client.post(f"/api/rooms/{room}/start", json={"token": token})
    night = client.post(f"/api/rooms/{room}/chat", json={"token": token, "text": "psst"})
    assert night.json()["error"] == "it is night: the village sleeps and nobody talks"
    assert client.post(f"/api/rooms/{room}/chat", json={"text": "anon"}).status_code == 403


def test_malformed_requests_are_refused(client):
    room = new_room(client)
    assert client.post(f"/api/rooms/{room}/join", content=b"not json").json() == {"error": "the request body must be JSON"}
    assert client.post(f"/api/rooms/{room}/join", content=b"[1]").json() == {"error": "the request body must be a JSON object"}
    assert client.post(f"/api/rooms/{room}/join", content=b"{" + b" " * 20000 + b"}").json() == {"error": "request too large"}
    assert client.get(f"/api/rooms/{room}/record").json()["error"] == "the record is published when the game is over"


def test_starting_needs_full_seats_and_spectators_see_the_public_view(client):
    room = new_room(client)
    token = join(client, room, "Ann")
    assert "4 seats are empty" in client.post(f"/api/rooms/{room}/start", json={"token": token}).json()["error"]
    client.post(f"/api/rooms/{room}/bots", json={"token": token})
    client.post(f"/api/rooms/{room}/start", json={"token": token})
    spectator = view(client, room)
    assert spectator["you"] is None and spectator["game"]["private"] is None
    assert spectator["game"]["legal"] == {"divine": [], "attack": [], "vote": []}


def test_websocket_pushes_each_players_own_view_after_every_change(client):
    room = new_room(client)
    ann = join(client, room, "Ann")
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}") as mine, client.websocket_connect(f"/ws/rooms/{room}") as watcher:
        assert mine.receive_json()["you"] == 0 and watcher.receive_json()["you"] is None
        client.post(f"/api/rooms/{room}/bots", json={"token": ann})
        assert mine.receive_json()["room"]["taken"] == 5 and watcher.receive_json()["room"]["taken"] == 5
        client.post(f"/api/rooms/{room}/start", json={"token": ann})
        pushed = mine.receive_json()
        assert pushed["game"]["private"]["may_divine"] and watcher.receive_json()["game"]["private"] is None
        mine.send_json({"type": "action", "action": {"divine": "Bot Bob"}})
        after = mine.receive_json()
        for _ in range(5):  # on a busy machine the bots' night may come in a later slice, and push
            if after["game"]["phase"] == "day 1":
                break
            after = mine.receive_json()
        assert after["game"]["phase"] == "day 1" and after["game"]["private"]["divinations"][0]["target"] == "Bot Bob"
        mine.send_json({"type": "dance"})
        assert mine.receive_json() == {"type": "error", "error": "a message has type action, chat, ready or ping"}
        watcher.send_json({"type": "chat", "text": "hello"})
        reply = watcher.receive_json()
        while reply["type"] == "view":  # views pushed by the action come first
            reply = watcher.receive_json()
        assert "seat token" in reply["error"]


def test_refusals_a_page_shows_come_in_japanese_too(client):
    room = new_room(client, seats=5, wolves=1)
    ann = join(client, room, "Ann")
    refusals = [
        (client.post(f"/api/rooms/{room}/start", json={"token": ann}), "4 seats are empty", "空席が4つあります"),
        (client.post(f"/api/rooms/{room}/action", json={"token": ann, "action": {}}), "has not started",
         "まだ始まっていません"),
        (client.post(f"/api/rooms/{room}/chat", json={"token": ann, "text": " "}), "some text", "文字を入れて"),
        (client.post("/api/rooms", json={"name": "x", "seats": 99}), "seats must be 3–40", "人数は3〜40です"),
        (client.post(f"/api/rooms/{room}/kick", json={"token": ann, "seat": 0}), "not by removing himself", "退席"),
    ]
    for answer, en, ja in refusals:
        assert answer.status_code == 400 and en in answer.json()["error"] and ja in answer.json()["ja"], answer.json()
