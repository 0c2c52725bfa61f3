"""AFK defence before and between games (issue 41, deliverable 4): the ready check before the start
(a room option: the people say they are ready, and the host's start is refused until they all are or
the room has been full for ``ready_seconds``), and the cooldown of an account with repeated sudden
deaths (突然死), refused at every door where it would take a seat — HTTP join, the ready check over
HTTP and over the WebSocket, a rematch — on SQLite and PostgreSQL."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from jinrou.errors import JinrouError
from jinrou.modes.base import Standing
from jinrou.server.accounts import Statements, cooldown_until
from jinrou.server.app import create_app
from jinrou.server.guard import ServerLimits
from jinrou.server.store import open_store

from .conftest import wait_until
from .test_accounts import PASSWORD, rows

ROOM = {"name": "ready village", "seats": 5, "wolves": 1, "ready_check": True}


def seat(client, room, name, **body):
    answer = client.post(f"/api/rooms/{room}/join", json={"name": name, **body})
    assert answer.status_code == 200, answer.json()
    return answer.json()["token"]


def started(store, room) -> bool:
    return any(kind == "started" for (kind,) in rows(store, f"SELECT kind FROM events WHERE room = '{room}'"))


@pytest.fixture
def app_client(store):
    with TestClient(create_app(store)) as client:
        yield client, store


# ------------------------------------------------------------------ the ready check


def test_the_host_waits_for_every_person_to_say_ready_then_starts(app_client):
    client, store = app_client
    room = client.post("/api/rooms", json=ROOM).json()["id"]
    ann, ben, cid = (seat(client, room, name) for name in ("Ann", "Ben", "Cid"))
    client.post(f"/api/rooms/{room}/bots", json={"token": ann})
    view = client.get(f"/api/rooms/{room}/view").json()["room"]  # anyone reads the check
    assert view["ready"] == [] and view["ready_check"] == 60.0
    assert 0 < view["ready_until"] - time.time() <= 60
    refused = client.post(f"/api/rooms/{room}/start", json={"token": ann})
    assert refused.status_code == 400
    message = refused.json()["error"]
    assert message.startswith("2 of the players have not said they are ready (Ben, Cid): wait for them, or start "
                              "without them in ") and message.endswith(" s") and "\n" not in message
    assert refused.json()["ja"].startswith("準備完了していない参加者がいます（Ben, Cid）")
    assert not started(store, room)
    assert client.post(f"/api/rooms/{room}/ready", json={"token": ben}).json() == {"ok": True}
    assert client.post(f"/api/rooms/{room}/ready", json={"token": ben, "ready": True}).json() == {"ok": True}  # again
    assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).json()["error"].startswith(
        "1 of the players have not said they are ready (Cid)")
    assert client.post(f"/api/rooms/{room}/ready", json={"token": cid}).json() == {"ok": True}
    assert client.get(f"/api/rooms/{room}/view").json()["room"]["ready"] == [1, 2]
    assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).json() == {"ok": True}  # bots are always ready
    assert "ready" not in client.get(f"/api/rooms/{room}/view").json()["room"]
    kinds = [k for (k,) in rows(store, f"SELECT kind FROM events WHERE room = '{room}' AND kind = 'ready'")]
    assert kinds == ["ready", "ready"]  # said again: stored once


def test_after_ready_seconds_of_a_full_room_the_host_starts_without_the_others(tmp_path):
    # 2 s: the start refused below comes within them even on a loaded machine (0.5 s left a slow request too late)
    with TestClient(create_app(open_store(str(tmp_path / "r.db")), ServerLimits(ready_seconds=2.0))) as client:
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        ann, _ = seat(client, room, "Ann"), seat(client, room, "Ben")
        assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).json()["error"].startswith(
            "3 seats are empty")
        client.post(f"/api/rooms/{room}/bots", json={"token": ann})
        assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).status_code == 400
        wait_until(lambda: client.post(f"/api/rooms/{room}/start", json={"token": ann}).json() == {"ok": True},
                   what="the ready wait to run out")  # each refused start changes nothing


def test_a_seat_that_leaves_takes_its_ready_with_it_and_the_wait_starts_again_when_full(app_client):
    client, _ = app_client
    room = client.post("/api/rooms", json=ROOM).json()["id"]
    ann, ben = seat(client, room, "Ann"), seat(client, room, "Ben")
    client.post(f"/api/rooms/{room}/ready", json={"token": ben})
    client.post(f"/api/rooms/{room}/bots", json={"token": ann})
    full = time.time()  # the wait ran from when the room was full, at this moment or before
    first = client.get(f"/api/rooms/{room}/view").json()["room"]["ready_until"]
    client.post(f"/api/rooms/{room}/leave", json={"token": ben})
    view = client.get(f"/api/rooms/{room}/view").json()["room"]
    assert view["ready"] == [] and view["ready_until"] is None  # a free seat: no wait runs
    wait_until(lambda: time.time() > full + 0.01, timeout=2, what="the clock to move on")
    seat(client, room, "Cid")
    assert client.get(f"/api/rooms/{room}/view").json()["room"]["ready_until"] > first


def test_a_room_without_the_check_starts_at_once_as_before(app_client):
    client, _ = app_client
    room = client.post("/api/rooms", json={**ROOM, "ready_check": False}).json()["id"]
    ann, _ = seat(client, room, "Ann"), seat(client, room, "Ben")
    client.post(f"/api/rooms/{room}/bots", json={"token": ann})
    assert "ready" not in client.get(f"/api/rooms/{room}/view").json()["room"]
    assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).json() == {"ok": True}


@pytest.mark.parametrize(("room_settings", "body", "message"), [
    (ROOM, {"ready": "yes"}, "ready is true or false, not 'yes'"),
    (ROOM, {"ready": 1}, "ready is true or false, not 1"),
    ({**ROOM, "ready_check": False}, {}, "this room has no ready check: the host starts when the seats are taken"),
    (ROOM, {"token": "nope"}, "this action needs your seat token (join the room first)"),
])
def test_a_bad_ready_is_refused_in_one_line_and_changes_nothing(app_client, room_settings, body, message):
    client, store = app_client
    room = client.post("/api/rooms", json=room_settings).json()["id"]
    token = seat(client, room, "Ann")
    before = rows(store, "SELECT COUNT(*) FROM events")
    answer = client.post(f"/api/rooms/{room}/ready", json={"token": token, **body})
    assert answer.status_code in (400, 403) and answer.json()["error"] == message
    assert rows(store, "SELECT COUNT(*) FROM events") == before


def test_ready_check_must_be_a_boolean(app_client):
    client, _ = app_client
    answer = client.post("/api/rooms", json={**ROOM, "ready_check": "on"})
    assert answer.status_code == 400 and answer.json()["error"].startswith("ready_check is true (the seats confirm")


def test_the_ready_seats_come_back_after_a_restart(tmp_path):
    path = str(tmp_path / "again.db")
    with TestClient(create_app(open_store(path))) as client:
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        seat(client, room, "Ann")
        ben = seat(client, room, "Ben")
        client.post(f"/api/rooms/{room}/ready", json={"token": ben})
    with TestClient(create_app(open_store(path))) as client:
        assert client.get(f"/api/rooms/{room}/view").json()["room"]["ready"] == [1]


def test_the_websocket_says_ready_too(app_client):
    client, _ = app_client
    room = client.post("/api/rooms", json=ROOM).json()["id"]
    seat(client, room, "Ann")
    ben = seat(client, room, "Ben")
    with client.websocket_connect(f"/ws/rooms/{room}?token={ben}") as ws:
        assert ws.receive_json()["room"]["ready"] == []
        ws.send_json({"type": "ready"})
        assert ws.receive_json()["room"]["ready"] == [1]
        ws.send_json({"type": "ready", "ready": "maybe"})
        assert ws.receive_json() == {"type": "error", "error": "ready is true or false, not 'maybe'",
                                     "ja": "ready は true か false です: 'maybe'"}


def test_the_server_limits_of_the_afk_defence_are_settable_and_checked():
    limits = ServerLimits.parse("ready_seconds=30,sudden_deaths=3,sudden_window_seconds=86400")
    assert (limits.ready_seconds, limits.sudden_deaths, limits.sudden_window_seconds) == (30.0, 3, 86400.0)
    assert limits.sudden_cooldown_seconds == 6 * 3600  # 月下人狼's longest 突然死 ban: 360 minutes
    with pytest.raises(JinrouError, match="limit sudden_deaths must be above 0"):
        ServerLimits.parse("sudden_deaths=0")


# ------------------------------------------------------------------ the cooldown


@pytest.mark.parametrize(("times", "count", "until"), [
    ([], 2, None),
    ([0.0], 2, None),  # one is not "repeated"
    ([0.0, 100.0], 2, 100.0 + 60),  # two within the window: barred from the second
    ([0.0, 1001.0], 2, None),  # two, but further apart than the window
    ([0.0, 1000.0], 2, 1000.0 + 60),  # the window's edge counts
    ([0.0, 500.0, 900.0], 3, 900.0 + 60),
    ([0.0, 500.0, 1200.0], 3, None),
    ([0.0, 10.0, 5000.0, 5010.0], 2, 5010.0 + 60),  # the latest bar
    ([0.0, 10.0], 1, 10.0 + 60),  # every sudden death bars, where the server says one is enough
])
def test_the_cooldown_runs_from_the_sudden_death_that_makes_count_within_the_window(times, count, until):
    assert cooldown_until(times, count, 1000.0, 60.0) == until


def sudden(store, account, *ago):
    """Finished games in which ``account`` died a sudden death, ``ago`` seconds ago each."""
    now = time.time()
    for n, seconds in enumerate(ago):
        store.run(Statements().record_plays(f"s{n}", "classic", [(0, account, Standing("Human", "Human", "loss", True))],
                                            now - seconds))


def test_repeated_sudden_deaths_bar_the_account_at_every_door_that_seats_it(app_client):
    client, store = app_client
    room = client.post("/api/rooms", json=ROOM).json()["id"]
    assert client.post("/api/account/register", json={"name": "Ann", "password": PASSWORD}).status_code == 200
    ann = seat(client, room, "Ann")  # seated before the bar
    sudden(store, "ann", 7200, 3600)  # two in the last two hours: barred for six hours from the latest
    other = client.post("/api/rooms", json=ROOM).json()["id"]
    before = rows(store, "SELECT COUNT(*) FROM events")
    joined = client.post(f"/api/rooms/{other}/join", json={"name": "Ann"})
    assert joined.status_code == 403
    assert joined.json()["error"] == ("your account may not take a seat for 5 hours more: 2 sudden deaths (突然死) "
                                      "within 30 days")
    assert joined.json()["ja"] == "あなたのアカウントはあと5時間着席できません: 30日以内に突然死が2回ありました"
    said = client.post(f"/api/rooms/{room}/ready", json={"token": ann})  # its old seat cannot say ready
    assert said.status_code == 403 and said.json()["error"].startswith("your account may not take a seat")
    with client.websocket_connect(f"/ws/rooms/{room}?token={ann}") as ws:  # nor over the WebSocket
        ws.receive_json()
        ws.send_json({"type": "ready"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["error"].startswith("your account may not take a seat for 5 ")
    assert rows(store, "SELECT COUNT(*) FROM events") == before
    assert client.post(f"/api/rooms/{room}/ready", json={"token": ann, "ready": False}).json() == {"ok": True}
    client.cookies.clear()  # without an account, anyone sits: the cooldown is the account's
    assert client.post(f"/api/rooms/{other}/join", json={"name": "Guest"}).status_code == 200


def test_sudden_deaths_apart_or_old_bar_nothing(app_client):
    client, store = app_client
    sudden(store, "ann", 40 * 86_400, 3600)  # one a month and more ago, one an hour ago: not within 30 days
    client.post("/api/account/register", json={"name": "Ann", "password": PASSWORD})
    room = client.post("/api/rooms", json=ROOM).json()["id"]
    seat(client, room, "Ann")


def test_the_cooldown_ends_after_its_hours(tmp_path):
    limits = ServerLimits(sudden_cooldown_seconds=3.0)  # 2.5 s left after the last death, for the refused join below
    # (1 s left 0.5 s, which a loaded machine's room creation could outlast)
    store = open_store(str(tmp_path / "cool.db"))
    with TestClient(create_app(store, limits)) as client:
        client.post("/api/account/register", json={"name": "Ann", "password": PASSWORD})
        sudden(store, "ann", 60, 0.5)
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        assert client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).status_code == 403
        wait_until(lambda: client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).status_code == 200,
                   what="the cooldown to end")  # each refused join changes nothing


def test_a_rematch_leaves_a_barred_accounts_seat_free(tmp_path):
    from .test_api import play_to_the_end

    store = open_store(str(tmp_path / "rematch.db"))
    with TestClient(create_app(store)) as client:
        client.post("/api/account/register", json={"name": "Ann", "password": PASSWORD})
        room = client.post("/api/rooms", json={**ROOM, "ready_check": False}).json()["id"]
        ann = seat(client, room, "Ann")
        client.cookies.clear()
        ben = seat(client, room, "Ben")
        client.post(f"/api/rooms/{room}/bots", json={"token": ann})
        client.post(f"/api/rooms/{room}/start", json={"token": ann})
        play_to_the_end(client, room, [ann, ben])
        sudden(store, "ann", 7200, 3600)
        again = client.post(f"/api/rooms/{room}/rematch", json={"token": ben}).json()["id"]
        seats = client.get(f"/api/rooms/{again}/view").json()["room"]["seat_list"]
        assert seats[0] is None and seats[1]["name"] == "Ben"
        assert client.get(f"/api/rooms/{again}/view", params={"token": ann}).status_code == 403
