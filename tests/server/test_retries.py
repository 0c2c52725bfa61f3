"""Actions sent again (issue 37, points 5 and 7): an action already in effect — the same "done", the
same target, the same vote — is answered 200 and stores nothing, in every mode where one can be;
an action carrying an id is stored once, however often it is sent (in-process, real SQLite)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .test_api import events, my_action, play_to_the_end, view
from .test_classic_online import seeds_for

QUANTUM = {"name": "retries", "seats": 5, "wolves": 1, "night_seconds": 600, "day_seconds": 600}
CAST = {"players": 5, "cast": "fixed", "roles": {"Werewolf": 1, "Diviner": 1, "Human": 4},
        "times": {"night": 600, "day": 600}}
CLASSIC = {"name": "retries", "mode": "classic", **CAST}
REPEATS = 20


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(open_store(str(tmp_path / "retries.db")))) as client:
        client.app.state.service.action_limits.burst = 100  # the repeats are many requests at once
        yield client


def started(client, settings) -> tuple[str, list[str]]:
    """A started room of Ann and Ben (and bots): neither one's action alone ends a phase."""
    room = client.post("/api/rooms", json=settings).json()["id"]
    tokens = [client.post(f"/api/rooms/{room}/join", json={"name": name}).json()["token"] for name in ("Ann", "Ben")]
    assert client.post(f"/api/rooms/{room}/bots", json={"token": tokens[0]}).json() == {"ok": True}
    assert client.post(f"/api/rooms/{room}/start", json={"token": tokens[0]}).json() == {"ok": True}
    return room, tokens


def act(client, room: str, token: str, action: dict, **extra):
    return client.post(f"/api/rooms/{room}/action", json={"token": token, "action": action, **extra})


def repeated(client, room: str, token: str, action: dict) -> None:
    """``action``, in effect already, sent 20 times more: 200 each time, no event, nothing else moved."""
    before, seen = len(events(client, room)), view(client, room, token)
    for _ in range(REPEATS):
        answer = act(client, room, token, action)
        assert (answer.status_code, answer.json()) == (200, {"ok": True})
    assert len(events(client, room)) == before
    assert view(client, room, token)["game"] == seen["game"]


def test_the_same_night_orders_and_the_same_vote_again_store_nothing_in_quantum(client):
    room, (ann, ben) = started(client, QUANTUM)
    night = my_action(view(client, room, ann)["game"])
    assert act(client, room, ann, night).status_code == 200
    repeated(client, room, ann, night)
    other = {**night, "attack": None, "divine": None}
    refused = act(client, room, ann, other)  # other orders than those in effect: refused, as before
    assert refused.status_code == 400 and "has already acted tonight" in refused.json()["error"]
    assert act(client, room, ben, my_action(view(client, room, ben)["game"])).status_code == 200
    day = view(client, room, ann)["game"]
    assert not day["is_night"], day["phase"]
    vote = my_action(day)
    assert act(client, room, ann, vote).status_code == 200
    repeated(client, room, ann, vote)
    others = [name for name in day["legal"]["vote"] if name != vote["vote"]]
    refused = act(client, room, ann, {"vote": others[0]})
    assert refused.status_code == 400 and "has already voted" in refused.json()["error"]


def test_the_same_done_target_and_vote_again_store_nothing_in_classic(client, monkeypatch):
    seed = seeds_for(CAST, 7, lambda cast: cast[1] == "Diviner")[0]  # Ann (game seat 1) divines
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
    room, (ann, ben) = started(client, CLASSIC)
    game = view(client, room, ann)["game"]
    assert game["me"]["role"]["id"] == "Diviner" and game["stage"] == "night"
    divine = {"act": "divine", "targets": ["Ben"]}
    assert act(client, room, ann, divine).status_code == 200
    repeated(client, room, ann, divine)
    refused = act(client, room, ann, {"act": "divine", "targets": ["Bot Alice"]})
    assert refused.status_code == 400 and "has already chosen to divine tonight" in refused.json()["error"]
    assert act(client, room, ann, {"done": True}).status_code == 200
    repeated(client, room, ann, {"done": True})
    assert view(client, room, ann)["game"]["stage"] == "night"  # Ben has not finished it
    assert act(client, room, ben, {"done": True}).status_code == 200
    day = view(client, room, ann)["game"]
    assert day["stage"] == "day", day["stage"]
    vote = {"vote": "Ben"}
    assert act(client, room, ann, vote).status_code == 200
    repeated(client, room, ann, vote)
    refused = act(client, room, ann, {"vote": "Bot Alice"})
    assert refused.status_code == 400 and "votes are final" in refused.json()["error"]


def test_a_claim_said_again_is_said_twice(client, monkeypatch):
    seed = seeds_for(CAST, 7, lambda cast: cast[1] == "Diviner")[0]
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
    room, (ann, ben) = started(client, CLASSIC)
    assert act(client, room, ann, {"act": "divine", "targets": ["Ben"]}).status_code == 200
    for token in (ann, ben):
        assert act(client, room, token, {"done": True}).status_code == 200
    claim = {"claim": {"kind": "CO", "role": "Diviner"}}
    before = len(events(client, room))
    for _ in range(2):
        assert act(client, room, ann, claim).status_code == 200
    assert len(events(client, room)) == before + 2


# ------------------------------------------------------------------ ids


def shogi(client) -> tuple[str, str, str]:
    room = client.post("/api/rooms", json={"name": "retries", "mode": "shogi"}).json()["id"]
    ann, ben = (client.post(f"/api/rooms/{room}/join", json={"name": n}).json()["token"] for n in ("Ann", "Ben"))
    assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).json() == {"ok": True}
    return room, ann, ben


def with_id(client, room: str, key: str) -> list:
    return [e for e in events(client, room) if e.kind == "action" and e.data.get("id") == key]


def test_a_move_sent_again_with_its_id_is_stored_once_and_answered_as_accepted(client):
    room, ann, ben = shogi(client)
    key = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
    assert act(client, room, ann, {"move": "⑤c4"}, id=key).json() == {"ok": True}
    assert act(client, room, ben, {"move": "⑭xc4"}, id=key).json() == {"ok": True}  # an id is the seat's own
    before, seen = len(events(client, room)), view(client, room)
    for _ in range(REPEATS):  # the answer was lost: the same move, the same id (its piece was taken since)
        answer = act(client, room, ann, {"move": "⑤c4"}, id=key)
        assert (answer.status_code, answer.json()) == (200, {"ok": True})
    assert len(events(client, room)) == before and view(client, room)["game"] == seen["game"]
    assert [e.data["seat"] for e in with_id(client, room, key)] == [0, 1]
    without = act(client, room, ann, {"move": "⑤c4"})  # without its id, the same move is a new one
    assert without.json() == {"error": "illegal move '⑤c4': ⑤ is not sente's piece"}


@pytest.mark.parametrize("key, message", [
    (5, "an action's id is 1–64 letters, digits, - and _"),
    ("", "an action's id is 1–64 letters"),
    ("a b", "an action's id is 1–64 letters"),
    ("x" * 65, "an action's id is 1–64 letters"),
    ("é", "an action's id is 1–64 letters"),
])
def test_a_malformed_id_is_refused_and_changes_nothing(client, key, message):
    room, ann, _ = shogi(client)
    before = len(events(client, room))
    refused = act(client, room, ann, {"move": "⑤c4"}, id=key)
    assert refused.status_code == 400 and refused.json()["error"].startswith(message), refused.json()
    assert len(events(client, room)) == before


def test_an_id_given_to_another_action_is_refused_and_changes_nothing(client):
    room, ann, ben = shogi(client)
    assert act(client, room, ann, {"move": "⑤c4"}, id="first").status_code == 200
    assert act(client, room, ben, {"move": "⑭xc4"}).status_code == 200
    before = len(events(client, room))
    refused = act(client, room, ann, {"move": "⑩d5"}, id="first")
    assert refused.status_code == 400 and "given to another action of yours" in refused.json()["error"]
    assert len(events(client, room)) == before


def test_ids_come_back_with_the_room_from_its_events_and_its_snapshot_and_over_a_websocket(client):
    from jinrou.quantum.record import Record
    from jinrou.server import snapshots
    from jinrou.server.rooms import Room

    room, (ann, ben) = started(client, QUANTUM)
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:
        ws.receive_json()
        for _ in range(3):  # the same action and id three times over the WebSocket: stored once
            ws.send_json({"type": "action", "action": my_action(view(client, room, ann)["game"]), "id": "night-1"})
        ws.send_json({"type": "ping"})
        while ws.receive_json()["type"] != "pong":
            pass
    assert act(client, room, ben, my_action(view(client, room, ben)["game"]), id="ben-night-1").status_code == 200
    assert len(with_id(client, room, "night-1")) == 1
    live = client.app.state.service.rooms[room]
    assert live.acted == {(0, "night-1"): with_id(client, room, "night-1")[0].data["action"],
                          (1, "ben-night-1"): with_id(client, room, "ben-night-1")[0].data["action"]}
    assert Room.from_events(events(client, room)).acted == live.acted
    assert snapshots.restore(snapshots.take(live)).acted == live.acted
    vote = my_action(view(client, room, ann)["game"])
    assert "vote" in vote and act(client, room, ann, vote, id="day-1").status_code == 200
    play_to_the_end(client, room, [ann, ben])
    assert act(client, room, ann, vote, id="day-1").json() == {"ok": True}  # the game is over: it was stored
    assert Record.read(client.get(f"/api/rooms/{room}/record").json()).replay().is_over
