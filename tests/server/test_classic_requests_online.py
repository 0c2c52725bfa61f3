"""希望役職制 (``rolerequest``) online through the unchanged server: the room form's refusal, a whole room of
people and bots from its request phase to a verified record, the payload audit (a seat's request is its own:
no payload before the end tells it to another seat or a spectator), and a real `jinrou serve` over HTTP and
WebSocket, killed and restarted in the middle of the request phase."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

from jinrou.classic.replay import replay
from jinrou.classic.texts import render

from .conftest import Server, wait_until
from .test_classic_online import act_if_awaited, awaited, capture, create, deadline, get_view, join, post
from .test_restart import call

ROOM = {"players": 8, "cast": "fixed", "roles": {"Werewolf": 2, "Fox": 1, "Diviner": 1, "Guard": 1, "Human": 4},
        "rules": {"rolerequest": True, "heavenview": ""}, "times": {"night": 600, "day": 600}}
HUMANS = 5
ASKED = [["Werewolf"], ["Diviner"], ["Fox", "Guard"], [None], []]  # each person's requests in turn (P4: none)


def test_the_room_form_refuses_requests_with_a_yaminabe_cast_in_one_line(client):
    response = client.post("/api/rooms", json={"name": "r", "mode": "classic", "players": 8, "cast": "yaminabe",
                                               "rules": {"rolerequest": True}})
    assert response.status_code == 400 and response.json()["error"] == (
        "role requests (希望役職制) need a cast known before the deal (normal, preset or fixed), not yaminabe: "
        "a 闇鍋 cast is drawn at the deal")


def test_a_room_with_requests_plays_to_a_verified_record_and_no_payload_tells_a_request_to_another(client):
    room = create(client, **ROOM)
    tokens = [join(client, room, f"P{i}") for i in range(HUMANS)]
    post(client, room, "bots", token=tokens[0])
    service = client.app.state.service
    sent = capture(client, room, HUMANS)
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    seen = get_view(client, room, tokens[0])
    assert seen["game"]["stage"] == "requesting" and seen["room"]["deadline"] is not None
    assert awaited(client, room) == tuple(range(HUMANS))  # the bots left it to chance at once
    refused = client.post(f"/api/rooms/{room}/action", json={"token": tokens[1], "action": {"request": "Madman"}})
    assert refused.status_code == 400 and refused.json()["error"] == (
        "'Madman' is not a role of this cast: ask for one of Human, Diviner, Guard, Werewolf, Fox, or null (おまかせ)")
    for turn in range(2):
        for seat, token in enumerate(tokens):
            sent[seat].append(json.dumps(get_view(client, room, token), ensure_ascii=False))
            if turn < len(ASKED[seat]):
                assert post(client, room, "action", token=token, action={"request": ASKED[seat][turn]}) == {"ok": True}
    assert get_view(client, room, tokens[4])["game"]["stage"] == "requesting"  # P4 has not chosen
    deadline(client, room)  # the phase's 60 seconds: the deal goes on without P4's request
    assert get_view(client, room, tokens[0])["game"]["stage"] == "night"
    for _ in range(300):
        if service.rooms[room].is_over:
            break
        acted = False
        for seat, token in enumerate(tokens):
            view = get_view(client, room, token)
            if view["game"]["result"]:
                break
            sent[seat].append(json.dumps(view, ensure_ascii=False))
            acted = act_if_awaited(client, room, seat, token, view["game"]) or acted
        if not acted and not service.rooms[room].is_over:
            deadline(client, room)
    assert service.rooms[room].is_over
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["requests"] == {"P0": "Werewolf", "P1": "Diviner", "P2": "Guard"}
    assert record["roles"]["P0"] == "Werewolf"  # alone to ask for a wolf (身代わりくん never draws one)
    game = replay(record)  # refused unless the roles are a deal that honoured the requests
    assert game.requests == {1: "Werewolf", 2: "Diviner", 3: "Guard"}
    check_payloads(record, sent, game)


def mentions(data: Any, keys: frozenset[str]) -> list[Any]:
    """Every value held under one of ``keys`` anywhere in ``data``."""
    if isinstance(data, dict):
        return [v for k, v in data.items() if k in keys] + [m for v in data.values() for m in mentions(v, keys)]
    if isinstance(data, list):
        return [m for v in data for m in mentions(v, keys)]
    return []


def check_payloads(record: dict[str, Any], sent: dict[int | None, list[str]], game: Any) -> None:
    """Before the end: a seat's payloads hold only its own requests (``asked``), a spectator's none, and no
    payload holds the requests (``requests``) or another seat's role."""
    names = game.names
    start = [record["roles"][n] for n in names]
    private = [(set(m.to), render(m, names, "ja")) for _, m in game.messages if m.to is not None]
    asking = 0
    for seat, payloads in sent.items():
        me = None if seat is None else seat + 1  # game seat (身代わりくん is seat 0)
        own = set() if seat is None else set(ASKED[seat])
        told = {line for to, line in private if me in to}
        for text in payloads:
            data = json.loads(text)
            view = data["game"]
            if view is None or view["result"]:
                continue  # before the start nothing is secret; at the end everything is public
            assert not mentions(data, frozenset({"requests"})), (seat, text)
            asked = [a for a in mentions(data, frozenset({"asked"})) if a is not None]
            assert all(a["id"] in own for a in asked), (seat, asked)
            if view["stage"] == "requesting":
                asking += 1
                assert (view["request"] is None) is (seat is None)
                continue
            assert "request" not in view
            for index, player in enumerate(view["players"]):
                assert player["role"] is None or (index == me and player["role"]["id"] in (start[me], "Human")), \
                    (seat, player)
            for to, line in private:
                if me not in to and line not in told:
                    assert line not in text, (seat, line)
    assert asking >= 2 * HUMANS


def test_a_served_room_takes_requests_over_http_and_its_sockets_and_keeps_them_across_a_kill(tmp_path):
    server = Server(str(tmp_path / "jinrou.db")).start()
    try:
        room = call(server, "POST", "/api/rooms", {"name": "requests", "mode": "classic", **ROOM,
                                                    "players": 6, "roles": {"Werewolf": 2, "Fox": 1, "Human": 4}})["id"]
        tokens = [call(server, "POST", f"/api/rooms/{room}/join", {"name": n})["token"] for n in ("Ann", "Ben")]
        call(server, "POST", f"/api/rooms/{room}/bots", {"token": tokens[0]})
        with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}?token={tokens[1]}") as ben:
            call(server, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]})
            chooser = next_view(ben, lambda g: g["stage"] == "requesting")["request"]
            assert [c["id"] for c in chooser["choices"]] == ["Human", "Werewolf", "Fox"] and chooser["asked"] is None
            assert chooser["none"]["ja"] == "おまかせ" and chooser["seconds"] == 60
            assert call(server, "POST", f"/api/rooms/{room}/action",
                        {"token": tokens[0], "action": {"request": "Werewolf"}}) == {"ok": True}
            pushed = next_view(ben, lambda g: True, wait=1.0)  # whatever Ben is pushed, Ann's choice is not in it
            assert pushed is None or pushed["request"]["asked"] is None
        server.kill()
        server.start()  # same port, same store: the phase and Ann's request come back from the events
        back = call(server, "GET", f"/api/rooms/{room}/view?token={tokens[0]}")["game"]
        assert back["stage"] == "requesting" and back["request"]["asked"]["id"] == "Werewolf"
        assert call(server, "GET", f"/api/rooms/{room}/view?token={tokens[1]}")["game"]["request"]["asked"] is None
        assert call(server, "POST", f"/api/rooms/{room}/action",
                    {"token": tokens[1], "action": {"request": "Fox"}}) == {"ok": True}
        wait_until(lambda: call(server, "GET", f"/api/rooms/{room}/view")["game"]["stage"] == "night",
                   what="the deal")
        mine = [call(server, "GET", f"/api/rooms/{room}/view?token={t}")["game"]["me"]["role"]["id"] for t in tokens]
        assert mine == ["Werewolf", "Fox"]  # each alone to ask for it; 身代わりくん never draws a wolf or a fox
    finally:
        server.stop()


def next_view(socket: Any, wanted: Any, wait: float = 10.0) -> dict[str, Any] | None:
    """The next game view pushed on ``socket`` that ``wanted`` accepts (None: none within ``wait`` seconds,
    when ``wait`` is short)."""
    import time

    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            data = json.loads(socket.recv(timeout=max(0.05, end - time.monotonic())))
        except TimeoutError:
            break
        game = data.get("game")
        if game is not None and wanted(game):
            return game
    if wait >= 10.0:
        raise AssertionError("no such view was pushed")
    return None
