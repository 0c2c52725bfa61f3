"""Numbers and passes no field allows (issue 37, points 1, 2, 8 and 9): a whole number past 4,300
digits (Python's conversion limit), a digit that is not ASCII, NaN and Infinity, a spectator's pass
with a non-ASCII character — a 400 with a message on every route kind and an error message on every
WebSocket frame type, never a 500, a dropped connection or a change."""

import json

import pytest

from jinrou.digits import MOST_DIGITS, whole_number
from jinrou.server.guard import parse_json
from jinrou.server.rooms import RoomError

from .test_api import ROOM, events, started_room

HUGE = "1" * 4301
"""The integer of the audit: one digit past Python's int-from-text limit."""
ROUTES = ["join", "watch", "leave", "kick", "bots", "start", "action", "chat", "rematch"]
PASS = "YQ==.é"


def bodies(token: str) -> list[tuple[bytes, str]]:
    """A body per malformed number, and what the refusal says."""
    return [(f'{{"token": "{token}", "seat": {HUGE}}}'.encode(), "4301 digits"),
            (f'{{"token": "{token}", "n": -{HUGE}}}'.encode(), "4301 digits"),
            (f'{{"token": "{token}", "action": {{"vote": {HUGE}}}}}'.encode(), "4301 digits"),
            (f'{{"token": "{token}", "seat": NaN}}'.encode(), "NaN, which is not JSON"),
            (f'{{"token": "{token}", "seat": Infinity}}'.encode(), "Infinity, which is not JSON"),
            (f'{{"token": "{token}", "seat": -Infinity}}'.encode(), "-Infinity, which is not JSON"),
            (f'{{"token": "{token}", "seat": 1e400}}'.encode(), "numbers are finite")]


def test_every_post_route_refuses_every_malformed_number_and_changes_nothing(client):
    room, (token,) = started_room(client)
    service = client.app.state.service
    before = (len(events(client, room)), len(service.rooms.active))
    for path in ["/api/rooms", *(f"/api/rooms/{room}/{name}" for name in ROUTES)]:
        for body, message in bodies(token):
            response = client.post(path, content=body)
            assert response.status_code == 400, (path, body[:50], response.text)
            assert message in response.json()["error"], (path, body[:50], response.json())
    assert (len(events(client, room)), len(service.rooms.active)) == before


@pytest.mark.parametrize(("settings", "message"), [
    ({"name": "x", "mode": "classic", "cast": "fixed", "roles": "Werewolf:²"}, "must be a whole number"),
    ({"name": "x", "mode": "classic", "cast": "fixed", "roles": "Werewolf:٣,Human:5"}, "must be a whole number"),
    ({"name": "x", "mode": "classic", "cast": "fixed", "roles": f"Werewolf:{HUGE}"}, "must be a whole number"),
    ({"name": "x", "mode": "classic", "cast": "fixed", "roles": "Werewolf:1" + "0" * 18}, "must be a whole number"),
    ({**ROOM, "seats": 1.5}, "seats must be"),
])
def test_a_cast_with_an_odd_digit_is_refused_with_a_message(client, settings, message):
    response = client.post("/api/rooms", json=settings)
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]
    assert not client.app.state.service.rooms.active


def test_query_numbers_and_passes_are_refused(client):
    room, _ = started_room(client)
    cases = [(f"/api/rooms?offset={HUGE}", "offset must be a whole number 0–"),
             (f"/api/rooms?limit={HUGE}", "limit must be a whole number 0–"),
             ("/api/rooms?offset=%C2%B2", "offset must be a whole number 0–"),
             ("/api/rooms?offset=%D9%A3", "offset must be a whole number 0–"),
             (f"/api/rooms/{room}/view?pass={PASS}", "pass is not for this room"),
             (f"/api/rooms/{room}/record?pass={PASS}", "pass is not for this room"),
             (f"/api/rooms/{room}/view?pass=%C3%A9.%C3%A9", "pass is not for this room")]
    for path, message in cases:
        response = client.get(path)
        assert response.status_code in (400, 403), (path, response.text)
        assert message in response.json()["error"], (path, response.json())
    refused = client.post(f"/api/rooms/{room}/chat", json={"pass": PASS, "text": "hello"})
    assert refused.status_code == 403 and "pass is not for this room" in refused.json()["error"]


def test_a_websocket_with_a_non_ascii_pass_is_closed_with_the_reason(client):
    from starlette.websockets import WebSocketDisconnect

    room, _ = started_room(client)
    with client.websocket_connect(f"/ws/rooms/{room}?pass={PASS}") as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4403 and "pass is not for this room" in closed.value.reason


def test_every_frame_type_with_a_malformed_number_gets_an_error_and_the_connection_stays(client):
    room, (ann,) = started_room(client)
    before = len(events(client, room))
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:
        assert ws.receive_json()["type"] == "view"
        frames = [(f'{{"type": "ping", "n": {HUGE}}}', "4301 digits"),
                  (f'{{"type": "action", "action": {{"divine": {HUGE}}}}}', "4301 digits"),
                  (f'{{"type": "chat", "text": "hi", "channel": {HUGE}}}', "4301 digits"),
                  ('{"type": "action", "action": {"divine": NaN}}', "NaN, which is not JSON"),
                  ('{"type": "chat", "text": Infinity}', "Infinity, which is not JSON"),
                  ('{"type": "ping", "n": 1e999}', "numbers are finite")]
        for frame, message in frames:
            ws.send_text(frame)
            reply = ws.receive_json()
            assert reply["type"] == "error" and message in reply["error"], (frame[:40], reply)
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert len(events(client, room)) == before


def test_whole_numbers_are_ascii_digits_of_bounded_length():
    assert [whole_number(t) for t in ["0", " 42 ", "9" * MOST_DIGITS]] == [0, 42, int("9" * MOST_DIGITS)]
    assert [whole_number(t) for t in ["", "²", "٣", "-1", "+1", "1.0", "1_000", "9" * (MOST_DIGITS + 1), HUGE]] == (
        [None] * 9)


def test_json_numbers_keep_their_values_within_the_limits():
    assert parse_json(json.dumps({"a": -(10**17), "b": 0.25, "c": [1, 2.5e3]})) == {"a": -(10**17), "b": 0.25,
                                                                                    "c": [1, 2500.0]}
    for text, message in [(f"[{HUGE}]", "4301 digits"), ("[NaN]", "NaN"), ("[1" + "0" * 18 + "]", "19 digits")]:
        with pytest.raises(RoomError, match=message):
            parse_json(text)
