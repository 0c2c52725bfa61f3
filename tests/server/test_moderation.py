"""Moderation (issue 41, deliverable 5): word filters (the server's and the room's), reports to the
administrators' queue, the host's kick that bars the account, the seat token, the browser and the
address, and bans by kind refused at every door, HTTP and WebSocket — the real app served by uvicorn
on 127.0.0.1 over real sockets, on real SQLite and PostgreSQL; and `jinrou admin`'s bans."""

import contextlib
import json
import time

import httpx2 as httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from jinrou.cli import app as cli
from jinrou.errors import JinrouError
from jinrou.server.accounts import COOKIE, create_admin
from jinrou.server.app import create_app
from jinrou.server.errors import RoomError
from jinrou.server.moderation import Words, ban_command, check_room_words, lift_ban, list_bans, when
from jinrou.server.passes import keyed
from jinrou.server.store import open_store

from .conftest import serving

ROOM = {"name": "test village", "seats": 5, "wolves": 1}
PASSWORD = "correct horse"
BROWSER = "b" * 32


@contextlib.contextmanager
def running(store, words=()):
    """The app over ``store`` on 127.0.0.1, trusting 127.0.0.1 as its proxy (a test speaks from
    several addresses with X-Forwarded-For); bans read from the store at every request."""
    app = create_app(store, proxies=("127.0.0.1",), words=Words(words))
    app.state.service.moderation.refresh = 0
    with serving(app) as (url, _), httpx.Client(base_url=url, timeout=30) as client:
        yield client, app


def post(client, path, data=None, *, address="10.0.0.1", **headers):
    return client.post(path, json=data or {}, headers={"x-forwarded-for": address, **headers})


def guest(client):
    """Another browser: the same server, no cookies."""
    return httpx.Client(base_url=client.base_url, timeout=30)


def new_room(client, address="10.0.0.1", **settings):
    answer = post(client, "/api/rooms", {**ROOM, **settings}, address=address)
    assert answer.status_code == 200, answer.json()
    return answer.json()["id"]


def join(client, room, name, address="10.0.0.1", **extra):
    answer = post(client, f"/api/rooms/{room}/join", {"name": name, **extra}, address=address)
    assert answer.status_code == 200, answer.json()
    return answer.json()["token"]


def events(store, room):
    return [(e.kind, e.data) for e in store.events(room)]


def reports(store):
    return store._query("SELECT id, report, closed FROM reports ORDER BY at")


def admin_client(client, store):
    create_admin(store, "root", PASSWORD)
    admin = guest(client)
    assert post(admin, "/api/account/login", {"name": "root", "password": PASSWORD}).status_code == 200
    return admin


def socket_url(client, room, **query):
    base = str(client.base_url).rstrip("/").replace("http://", "ws://")
    return f"{base}/ws/rooms/{room}?" + "&".join(f"{k}={v}" for k, v in query.items())


def ws_reply(ws, message):
    """Send ``message``; the error it got (None: accepted — a pong came first)."""
    ws.send(json.dumps(message))
    ws.send(json.dumps({"type": "ping"}))
    while True:
        data = json.loads(ws.recv(timeout=10))
        if data.get("type") == "error":
            return data
        if data.get("type") == "pong":
            return None


# ---------------------------------------------------------------- word lists


@pytest.mark.parametrize(("line", "found"), [
    ("that is damn rude", "damn"),
    ("ＤＡＭＮ", "damn"),  # full-width, upper case
    ("d a m n", "damn"),  # spaced out
    ("d\u0430mn", "damn"),  # a Cyrillic а
    ("dämn", "damn"),  # a mark
    ("お前はバカだ", "バカ"),
    ("おまえはﾊﾞｶ", "バカ"),  # half-width kana
    ("a fine day", None),
    ("damp and dry", None),
])
def test_a_word_is_found_however_it_is_spelled(line, found):
    assert Words(["damn", "バカ"]).found(line) == found


def test_the_servers_list_is_read_from_a_file_a_word_a_line(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("# the server's words\ndamn\n\n  バカ  \n# not this\ndamn\n", encoding="utf-8")
    assert Words.read(path).words == ("damn", "バカ")
    missing = tmp_path / "missing.txt"
    with pytest.raises(JinrouError) as refused:
        Words.read(missing)
    assert str(refused.value) == f"the word list {str(missing)!r} does not exist: give a file of words, one a line"
    with pytest.raises(JinrouError, match="is a folder: give a file of words"):
        Words.read(tmp_path)
    (tmp_path / "latin1.txt").write_bytes("café".encode("latin-1"))
    with pytest.raises(JinrouError, match="is not UTF-8 text"):
        Words.read(tmp_path / "latin1.txt")


@pytest.mark.parametrize("words", ["damn", ["x" * 41], [""], ["ok", 3], ["w"] * 51, [" "], ["\u200b"]])
def test_a_bad_room_list_is_refused_saying_what_one_is(words):
    with pytest.raises(RoomError, match="words is a list of at most 50 words, each 1–40 printable characters"):
        check_room_words(words)


def test_a_line_with_a_word_of_the_servers_list_is_refused_with_the_reason_and_nothing_stored(store):
    with running(store, ["damn"]) as (client, _):
        room = new_room(client)
        ann = join(client, room, "Ann")
        before = events(store, room)
        refused = post(client, f"/api/rooms/{room}/chat", {"token": ann, "text": "DAMN this village"})
        assert refused.status_code == 400
        assert refused.json() == {"error": "this line is refused: 'damn' is a word this server does not allow",
                                  "ja": "この発言は送れません: 「damn」はこのサーバーで使えない言葉です"}
        assert events(store, room) == before
        with connect(socket_url(client, room, token=ann)) as ws:
            ws.recv(timeout=10)
            error = ws_reply(ws, {"type": "chat", "text": "d a m n"})
            assert error["error"] == "this line is refused: 'damn' is a word this server does not allow"
        assert events(store, room) == before
        assert post(client, f"/api/rooms/{room}/chat", {"token": ann, "text": "a fine day"}).status_code == 200


def test_a_name_everybody_reads_is_refused_for_a_listed_word_and_nothing_is_made(store):
    """A nickname (a seat's, a spectator's), a room's name and an account's are read by everybody, as a line is: the
    server's list refuses them, the host's list a nickname in his room; each refusal in one line, nothing stored."""
    with running(store, ["damn"]) as (client, _):
        lobby = client.get("/api/rooms").json()
        made = post(client, "/api/rooms", {**ROOM, "name": "Damn village"})
        assert made.status_code == 400 and made.json() == {
            "error": "this room name is refused: 'damn' is a word this server does not allow",
            "ja": "この部屋名は使えません: 「damn」はこのサーバーで使えない言葉です"}
        assert client.get("/api/rooms").json() == lobby
        room = new_room(client)
        ann = join(client, room, "Ann")
        assert post(client, f"/api/rooms/{room}/words", {"token": ann, "words": ["spoiler"]}).json() == {"ok": True}
        before = events(store, room)
        for name, whose in [("DamnFox", "this server does not allow"), ("Spoiler", "the host does not allow in this room")]:
            for door in ("join", "watch"):
                refused = post(client, f"/api/rooms/{room}/{door}", {"name": name}, address="10.0.0.2")
                assert refused.status_code == 400, (door, name)
                word = "damn" if "server" in whose else "spoiler"
                assert refused.json()["error"] == f"this nickname is refused: {word!r} is a word {whose}"
                assert refused.json()["ja"].startswith("このニックネームは使えません: 「")
        assert events(store, room) == before
        assert join(client, room, "Bob", address="10.0.0.2")
        assert post(client, f"/api/rooms/{room}/watch", {"name": "Carl"}, address="10.0.0.3").status_code == 200
        account = post(client, "/api/account/register", {"name": "DamnFox", "password": PASSWORD})
        assert account.status_code == 400 and account.json()["error"] == (
            "this account name is refused: 'damn' is a word this server does not allow")
        assert post(client, "/api/account/login", {"name": "DamnFox", "password": PASSWORD}).status_code != 200


def test_the_host_sets_the_rooms_list_and_its_lines_are_refused(store):
    with running(store) as (client, _):
        room = new_room(client)
        ann, bob = join(client, room, "Ann"), join(client, room, "Bob", address="10.0.0.2")
        not_host = post(client, f"/api/rooms/{room}/words", {"token": bob, "words": ["spoiler"]}, address="10.0.0.2")
        assert not_host.status_code == 403
        assert not_host.json()["error"] == "only the host (who sat down first) may set the room's words"
        bad = post(client, f"/api/rooms/{room}/words", {"token": ann, "words": "spoiler"})
        assert bad.status_code == 400 and bad.json()["error"].startswith("words is a list")
        assert "words" not in client.get(f"/api/rooms/{room}/view").json()["room"]
        assert post(client, f"/api/rooms/{room}/words", {"token": ann, "words": ["spoiler", "ネタバレ"]}).json() == {
            "ok": True}
        assert client.get(f"/api/rooms/{room}/view").json()["room"]["words"] == ["spoiler", "ネタバレ"]
        before = events(store, room)
        refused = post(client, f"/api/rooms/{room}/chat", {"token": bob, "text": "SPOILER: Ann is the wolf"},
                       address="10.0.0.2")
        assert refused.status_code == 400 and refused.json() == {
            "error": "this line is refused: 'spoiler' is a word the host does not allow in this room",
            "ja": "この発言は送れません: 「spoiler」はこの部屋でホストが禁じた言葉です"}
        assert events(store, room) == before
        other = new_room(client)  # another room: its own list (none)
        carl = join(client, other, "Carl")
        assert post(client, f"/api/rooms/{other}/chat", {"token": carl, "text": "spoiler"}).status_code == 200
        assert post(client, f"/api/rooms/{room}/words", {"token": ann, "words": []}).json() == {"ok": True}
        assert post(client, f"/api/rooms/{room}/chat", {"token": bob, "text": "spoiler"},
                    address="10.0.0.2").status_code == 200


def test_the_rooms_list_survives_a_restart(tmp_path):
    db = str(tmp_path / "words.db")
    with running(open_store(db)) as (client, _):
        room = new_room(client)
        ann = join(client, room, "Ann")
        post(client, f"/api/rooms/{room}/words", {"token": ann, "words": ["spoiler"]})
    with running(open_store(db)) as (client, _):
        assert client.get(f"/api/rooms/{room}/view").json()["room"]["words"] == ["spoiler"]
        assert post(client, f"/api/rooms/{room}/chat", {"token": ann, "text": "spoiler!"}).status_code == 400


# ------------------------------------------------------------------- reports


def test_a_reported_line_reaches_the_administrators_queue_as_the_room_holds_it(store):
    with running(store) as (client, _):
        room = new_room(client)
        ann = join(client, room, "Ann")
        bob = join(client, room, "Bob", address="10.0.0.2")
        post(client, f"/api/rooms/{room}/chat", {"token": bob, "text": "you are all idiots"}, address="10.0.0.2")
        post(client, f"/api/rooms/{room}/chat", {"token": ann, "text": "hello"})
        filed = post(client, f"/api/rooms/{room}/report", {"token": ann, "channel": None, "line": 0,
                                                           "text": "you are all idiots", "reason": "insults"})
        assert filed.status_code == 200 and set(filed.json()) == {"id"}
        [(report_id, stored, closed)] = reports(store)
        assert report_id == filed.json()["id"] and closed is None
        report = json.loads(stored)
        assert report["room"] == room and report["room_name"] == "test village" and report["page"] == f"/room/{room}"
        assert report["what"] == {**report["what"], "kind": "line", "seat": 1, "name": "Bob", "line": 0,
                                  "text": "you are all idiots", "said_in": "lobby", "account": None}
        assert report["reason"] == "insults" and report["by"]["name"] == "Ann" and report["by"]["seat"] == 0
        assert report["what"]["address"] == keyed(store.secret(), "address", "10.0.0.2")  # a key, not the address
        assert "10.0.0" not in stored

        admin = admin_client(client, store)
        listed = admin.get("/api/reports").json()["reports"]
        assert [r["id"] for r in listed] == [report_id] and listed[0]["closed"] is None
        assert listed[0]["what"]["text"] == "you are all idiots"
        assert post(admin, f"/api/reports/{report_id}/close", {"note": "warned Bob"}).json() == {"ok": True}
        assert admin.get("/api/reports").json() == {"reports": []}
        [closed_one] = admin.get("/api/reports", params={"closed": "1"}).json()["reports"]
        assert closed_one["closed"] == {**closed_one["closed"], "by": "root", "note": "warned Bob"}
        again = post(admin, f"/api/reports/{report_id}/close", {})
        assert again.status_code == 404 and again.json()["error"] == f"no open report {report_id!r}"


def test_a_spectator_reports_a_seat_and_a_line_of_the_spectators_channel(store):
    with running(store) as (client, _):
        room = new_room(client)
        join(client, room, "Ann")
        watcher = post(client, f"/api/rooms/{room}/watch", {"name": "Eve"}, address="10.0.0.5").json()["pass"]
        post(client, f"/api/rooms/{room}/chat", {"pass": watcher, "text": "buy cheap gold"}, address="10.0.0.5")
        seat = post(client, f"/api/rooms/{room}/report", {"seat": 0, "reason": "offensive name"}, address="10.0.0.6")
        assert seat.status_code == 200
        line = post(client, f"/api/rooms/{room}/report", {"channel": "spectators", "line": 0, "text": "buy cheap gold",
                                                          "reason": "spam"}, address="10.0.0.6")
        assert line.status_code == 200
        found = [json.loads(r[1]) for r in reports(store)]
        assert [f["what"]["kind"] for f in found] == ["seat", "line"]
        assert found[0]["what"] == {**found[0]["what"], "seat": 0, "name": "Ann"}
        assert found[1]["what"] == {**found[1]["what"], "seat": None, "name": "Eve (観戦)", "channel": "spectators"}
        assert found[1]["by"] == {**found[1]["by"], "name": None, "seat": None}


@pytest.mark.parametrize(("data", "status", "message"), [
    ({"channel": None, "line": 0, "text": "made up", "reason": "x"}, 400, "line must be the number (0–0) of a line"),
    ({"channel": None, "line": 5, "reason": "x"}, 400, "line must be the number (0–0)"),
    ({"channel": None, "line": True, "reason": "x"}, 400, "line must be the number"),
    ({"channel": "wolves", "line": 0, "reason": "x"}, 400, "no chat channel 'wolves' that you read"),
    ({"channel": None, "line": 0, "text": "hi there"}, 400, "a reason is 1–300 printable characters"),
    ({"channel": None, "line": 0, "reason": "x" * 301}, 400, "a reason is 1–300"),
    ({"seat": 7, "reason": "x"}, 400, "seat must be a taken seat's number (0–4), not 7"),
    ({"seat": 1, "reason": "x"}, 400, "a bot cannot be reported"),
    ({"seat": "0", "reason": "x"}, 400, "seat must be a taken seat's number"),
    ({"token": "forged", "seat": 0, "reason": "x"}, 403, "this action needs your seat token"),
])
def test_a_bad_report_is_refused_with_its_reason_and_nothing_is_filed(store, data, status, message):
    with running(store) as (client, _):
        room = new_room(client)
        ann = join(client, room, "Ann")
        post(client, f"/api/rooms/{room}/bots", {"token": ann, "lang": "en"})  # seats 1–4: bots
        post(client, f"/api/rooms/{room}/chat", {"token": ann, "text": "hi there"})
        answer = post(client, f"/api/rooms/{room}/report", data, address="10.0.0.9")
        assert answer.status_code == status and message in answer.json()["error"]
        assert reports(store) == []


def test_reports_are_for_administrators_only_and_one_address_files_five_then_one_in_ten_seconds(store):
    with running(store) as (client, _):
        room = new_room(client)
        join(client, room, "Ann")
        assert client.get("/api/reports").status_code == 401
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        answer = client.get("/api/reports")
        assert answer.status_code == 403 and answer.json()["error"] == "administrators only"
        assert post(client, "/api/reports/abc/close", {}).status_code == 403
        for _ in range(5):
            assert post(client, f"/api/rooms/{room}/report", {"seat": 0, "reason": "x"}, address="10.0.0.3").status_code == 200
        fast = post(client, f"/api/rooms/{room}/report", {"seat": 0, "reason": "x"}, address="10.0.0.3")
        assert fast.status_code == 429 and fast.json()["error"] == "you are reporting too fast: wait a minute"
        assert post(client, f"/api/rooms/{room}/report", {"seat": 0, "reason": "x"}, address="10.0.0.4").status_code == 200
        admin = admin_client(client, store)
        assert admin.get("/api/reports", params={"closed": "yes"}).status_code == 400
        assert len(admin.get("/api/reports", params={"limit": 2}).json()["reports"]) == 2


def test_the_new_post_doors_refuse_another_site_even_without_the_cookie(store):
    with running(store) as (client, _):
        room = new_room(client)
        ann = join(client, room, "Ann")
        admin = admin_client(client, store)
        post(client, f"/api/rooms/{room}/report", {"seat": 0, "reason": "x"})
        [(report_id, _, _)] = reports(store)
        doors = [(client, f"/api/rooms/{room}/report", {"seat": 0, "reason": "forged"}),
                 (client, f"/api/rooms/{room}/words", {"token": ann, "words": ["forged"]}),
                 (admin, f"/api/reports/{report_id}/close", {"note": "forged"})]
        for who, path, data in doors:
            for headers in ({"origin": "https://evil.example"}, {"sec-fetch-site": "cross-site"}):
                refused = post(who, path, data, **headers)
                assert refused.status_code == 403, path
                assert refused.json()["error"].startswith("a request from another site is refused")
            form = who.post(path, content=b"reason=forged", headers={"content-type": "application/x-www-form-urlencoded"})
            assert form.status_code == 403 and "Content-Type: application/json" in form.json()["error"]
        assert len(reports(store)) == 1 and reports(store)[0][2] is None
        assert "words" not in client.get(f"/api/rooms/{room}/view").json()["room"]
        own = post(client, f"/api/rooms/{room}/report", {"seat": 0, "reason": "mine"},
                   origin=str(client.base_url).rstrip("/"))
        assert own.status_code == 200


# --------------------------------------------------------------- host kicks


def test_a_kicked_player_is_refused_on_reentry_by_account_token_browser_and_address(store):
    with running(store) as (client, _):
        room = new_room(client)
        ann = join(client, room, "Ann")
        bob_browser = guest(client)
        assert post(bob_browser, "/api/account/register", {"name": "Bob", "password": PASSWORD},
                    address="10.0.0.2").status_code == 200
        bob = join(bob_browser, room, "Bob", address="10.0.0.2", browser=BROWSER)
        joined = next(d for k, d in events(store, room) if k == "joined" and d["name"] == "Bob")
        assert joined["address"] == keyed(store.secret(), "address", "10.0.0.2")  # a key, never the address
        assert joined["browser"] == keyed(store.secret(), "browser", BROWSER)
        assert post(client, f"/api/rooms/{room}/kick", {"token": ann, "seat": 1}).json() == {"ok": True}
        before = events(store, room)
        barred = "the host removed you from this room: you cannot take a seat here again"
        attempts = {
            "account": (bob_browser, {"name": "Bobby"}, "10.9.0.1"),  # signed in, from elsewhere, a new browser
            "token": (guest(client), {"name": "Bobby", "token": bob}, "10.9.0.2"),  # the old seat token
            "browser": (guest(client), {"name": "Bobby", "browser": BROWSER}, "10.9.0.3"),
            "address": (guest(client), {"name": "Bobby", "browser": "c" * 32}, "10.0.0.2"),
        }
        for what, (who, data, address) in attempts.items():
            refused = post(who, f"/api/rooms/{room}/join", data, address=address)
            assert refused.status_code == 403, what
            assert refused.json() == {"error": barred, "ja": "ホストにこの部屋から外されたため、ここにはもう座れません"}
        assert events(store, room) == before
        other = guest(client)
        assert post(other, f"/api/rooms/{room}/join", {"name": "Carl", "browser": "d" * 32},
                    address="10.9.0.4").status_code == 200
        elsewhere = new_room(client)  # the bar is the room's only
        assert post(bob_browser, f"/api/rooms/{elsewhere}/join", {"name": "Bob"}, address="10.0.0.2").status_code == 200


def test_a_kick_bars_after_a_restart_and_a_player_who_left_is_not_barred(tmp_path):
    db = str(tmp_path / "kick.db")
    with running(open_store(db)) as (client, _):
        room = new_room(client)
        ann = join(client, room, "Ann")
        join(client, room, "Bob", address="10.0.0.2")
        dan = join(client, room, "Dan", address="10.0.0.3")
        post(client, f"/api/rooms/{room}/kick", {"token": ann, "seat": 1})
        post(client, f"/api/rooms/{room}/leave", {"token": dan}, address="10.0.0.3")
    with running(open_store(db)) as (client, _):
        assert post(client, f"/api/rooms/{room}/join", {"name": "Bob"}, address="10.0.0.2").status_code == 403
        assert post(client, f"/api/rooms/{room}/join", {"name": "Dan"}, address="10.0.0.3").status_code == 200


# ---------------------------------------------------------------------- bans


def ban(store, kind, target, value, seconds=3600.0, reason=""):
    return ban_command(store, kind, target, value, time.time() + seconds, reason)


@pytest.mark.parametrize("target", ["account", "address"])
def test_a_ban_on_playing_is_refused_at_every_door_of_play(store, target):
    with running(store) as (client, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD}, address="10.0.0.7")
        lobby = new_room(client)
        ann = join(client, lobby, "Ann", address="10.0.0.7")
        game = new_room(client)
        ann_playing = join(client, game, "Ann", address="10.0.0.7")
        post(client, f"/api/rooms/{game}/bots", {"token": ann_playing}, address="10.0.0.7")
        post(client, f"/api/rooms/{game}/start", {"token": ann_playing}, address="10.0.0.7")
        target_room = new_room(client)
        found = ban(store, "play", target, "Ann" if target == "account" else "10.0.0.7", reason="griefing")
        view = client.get(f"/api/rooms/{game}/view", params={"token": ann_playing}).json()
        legal = view["game"]["legal"]
        action = {"divine": (legal["divine"] or [None])[0], "attack": (legal["attack"] or [None])[0]}
        before = {room: events(store, room) for room in (lobby, game, target_room)}
        doors = [("join", target_room, {"name": "Ann"}), ("start", lobby, {"token": ann}),
                 ("bots", lobby, {"token": ann}), ("action", game, {"token": ann_playing, "action": action})]
        expected = f"your {target} is banned from playing until {when(found.until)} (griefing)"
        for door, room, data in doors:
            refused = post(client, f"/api/rooms/{room}/{door}", data, address="10.0.0.7")
            assert refused.status_code == 403, door
            assert refused.json()["error"] == expected and refused.json()["ja"].startswith(
                f"あなたの{'アカウント' if target == 'account' else 'アドレス'}は {when(found.until)} まで参加"), door
        if target == "account":  # the seat is the account's: refused without the cookie too
            refused = post(guest(client), f"/api/rooms/{game}/action", {"token": ann_playing, "action": action},
                           address="10.0.0.8")
            assert refused.status_code == 403 and refused.json()["error"] == expected
        headers = {"x-forwarded-for": "10.0.0.7", "cookie": f"{COOKIE}={client.cookies[COOKIE]}"}
        with connect(socket_url(client, game, token=ann_playing), additional_headers=headers) as ws:
            ws.recv(timeout=10)  # her seat's view: reading is not playing
            error = ws_reply(ws, {"type": "action", "action": action})
            assert error["error"] == expected
        assert {room: events(store, room) for room in (lobby, game, target_room)} == before
        assert post(client, f"/api/rooms/{lobby}/chat", {"token": ann, "text": "still here"},
                    address="10.0.0.7").status_code == 200  # chatting is another kind


def test_a_ban_on_playing_refuses_the_rematch_of_a_finished_game(store):
    from .test_api import play_to_the_end

    with running(store) as (client, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        room = new_room(client)
        ann = join(client, room, "Ann")
        post(client, f"/api/rooms/{room}/bots", {"token": ann})
        post(client, f"/api/rooms/{room}/start", {"token": ann})
        play_to_the_end(client, room, [ann])
        ban(store, "play", "account", "Ann")
        refused = post(guest(client), f"/api/rooms/{room}/rematch", {"token": ann}, address="10.0.0.8")
        assert refused.status_code == 403 and refused.json()["error"].startswith("your account is banned from playing")
        assert not any(kind == "rematch" for kind, _ in events(store, room))


@pytest.mark.parametrize("target", ["account", "address"])
def test_a_ban_on_chatting_is_refused_by_http_and_websocket_for_seats_and_spectators(store, target):
    with running(store) as (client, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD}, address="10.0.0.7")
        room = new_room(client)
        ann = join(client, room, "Ann", address="10.0.0.7")
        watcher = post(client, f"/api/rooms/{room}/watch", {"name": "Eve"}, address="10.0.0.7").json()["pass"]
        ban(store, "chat", target, "Ann" if target == "account" else "10.0.0.7")
        before = events(store, room)
        expected = f"your {target} is banned from chatting until"
        for data in ({"token": ann, "text": "hi"}, {"pass": watcher, "text": "hi"}):
            refused = post(client, f"/api/rooms/{room}/chat", data, address="10.0.0.7")
            assert refused.status_code == 403 and refused.json()["error"].startswith(expected), data
        headers = {"x-forwarded-for": "10.0.0.7", "cookie": f"{COOKIE}={client.cookies[COOKIE]}"}
        with connect(socket_url(client, room, token=ann), additional_headers=headers) as ws:
            ws.recv(timeout=10)
            assert ws_reply(ws, {"type": "chat", "text": "hi"})["error"].startswith(expected)
        assert events(store, room) == before
        assert post(client, f"/api/rooms/{room}/bots", {"token": ann}, address="10.0.0.7").status_code == 200


@pytest.mark.parametrize("target", ["account", "address"])
def test_a_ban_on_watching_is_refused_at_every_spectators_door(store, target):
    with running(store) as (client, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD}, address="10.0.0.7")
        room = new_room(client)
        ann = join(client, room, "Ann", address="10.0.0.7")
        ban(store, "spectate", target, "Ann" if target == "account" else "10.0.0.7")
        expected = f"your {target} is banned from watching rooms until"
        headers = {"x-forwarded-for": "10.0.0.7"}
        for answer in (client.get(f"/api/rooms/{room}/view", headers=headers),
                       client.get(f"/api/rooms/{room}/record", headers=headers),
                       post(client, f"/api/rooms/{room}/watch", {"name": "Eve"}, address="10.0.0.7")):
            assert answer.status_code == 403 and answer.json()["error"].startswith(expected)
        headers["cookie"] = f"{COOKIE}={client.cookies[COOKIE]}"
        with connect(socket_url(client, room), additional_headers=headers) as ws, pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd.code == 4403 and closed.value.rcvd.reason.startswith(expected)
        assert client.get(f"/api/rooms/{room}/view", params={"token": ann}, headers=headers).status_code == 200
        other = guest(client).get(f"/api/rooms/{room}/view", headers={"x-forwarded-for": "10.0.0.8"})
        assert other.status_code == 200  # somebody else


@pytest.mark.parametrize("target", ["account", "address"])
def test_a_ban_on_making_rooms_is_refused_and_ends_when_lifted_or_over(store, target):
    with running(store) as (client, app):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD}, address="10.0.0.7")
        found = ban(store, "create", target, "Ann" if target == "account" else "10.0.0.7")
        refused = post(client, "/api/rooms", ROOM, address="10.0.0.7")
        assert refused.status_code == 403
        assert refused.json()["error"] == f"your {target} is banned from making rooms until {when(found.until)}"
        assert store._query("SELECT COUNT(*) FROM events")[0][0] == 0
        assert post(guest(client), "/api/rooms", ROOM, address="10.0.0.8").status_code == 200
        lift_ban(store, found.id)
        assert post(client, "/api/rooms", ROOM, address="10.0.0.7").status_code == 200
        ban(store, "create", target, "Ann" if target == "account" else "10.0.0.7", seconds=60)
        assert post(client, "/api/rooms", ROOM, address="10.0.0.7").status_code == 403
        app.state.service.moderation.clock = lambda: time.time() + 61  # the ban is over
        assert post(client, "/api/rooms", ROOM, address="10.0.0.7").status_code == 200


def test_a_ban_made_elsewhere_is_refused_within_five_seconds(tmp_path):
    from jinrou.server.moderation import REFRESH_SECONDS

    store = open_store(str(tmp_path / "refresh.db"))
    with running(store) as (client, app):
        moderation = app.state.service.moderation
        now = [time.time()]
        moderation.refresh, moderation.clock = REFRESH_SECONDS, lambda: now[0]
        assert post(client, "/api/rooms", ROOM, address="10.0.0.7").status_code == 200  # the bans read: none
        ban(store, "create", "address", "10.0.0.7")  # as jinrou admin makes one, on the store
        now[0] += REFRESH_SECONDS - 1
        assert post(client, "/api/rooms", ROOM, address="10.0.0.7").status_code == 200  # not read yet
        now[0] += 1
        assert post(client, "/api/rooms", ROOM, address="10.0.0.7").status_code == 403


# --------------------------------------------------------------- jinrou admin


def test_jinrou_admin_adds_lists_and_lifts_bans(tmp_path):
    db = str(tmp_path / "admin.db")
    store = open_store(db)
    create_admin(store, "Ann", PASSWORD)
    store.close()
    runner = CliRunner()
    made = runner.invoke(cli, ["admin", "ban", "chat", "--account", "ANN", "--for", "7d", "--reason", "insults",
                               "--db", db])
    assert made.exit_code == 0, made.output
    assert made.output.startswith("ban ") and "account 'Ann' may not chat until" in made.output
    by_address = runner.invoke(cli, ["admin", "ban", "play", "--address", "203.0.113.7", "--until", "2999-01-01",
                                     "--db", db])
    assert by_address.exit_code == 0 and "until 2999-01-01 00:00 UTC" in by_address.output
    listed = runner.invoke(cli, ["admin", "bans", "--db", db, "--json"])
    bans = [json.loads(line) for line in listed.output.splitlines()]
    assert [(b["kind"], b["target"], b["label"]) for b in bans] == [("play", "address", ""), ("chat", "account", "Ann")]
    store = open_store(db)
    assert bans[0]["key"] == keyed(store.secret(), "address", "203.0.113.7")  # the address itself is not kept
    assert "203.0.113.7" not in json.dumps(store._query("SELECT * FROM bans"))
    store.close()
    text = runner.invoke(cli, ["admin", "bans", "--db", db]).output
    assert "chat     account Ann  until" in text and "— insults" in text
    lifted = runner.invoke(cli, ["admin", "lift", bans[1]["id"], "--db", db])
    assert lifted.exit_code == 0 and f"ban {bans[1]['id']} is lifted" in lifted.output
    assert [b.kind for b in list_bans(open_store(db))] == ["play"]
    assert "(lifted)" in runner.invoke(cli, ["admin", "bans", "--all", "--db", db]).output


@pytest.mark.parametrize(("args", "message"), [
    (["ban", "chat", "--for", "7d"], "error: give --account NAME or --address ADDRESS"),
    (["ban", "chat", "--account", "Ann", "--address", "1.2.3.4", "--for", "7d"], "error: give --account NAME or"),
    (["ban", "chat", "--account", "Ann"], "error: give --for DURATION"),
    (["ban", "chat", "--account", "Ann", "--for", "7 days"], "error: --for is a number and a unit"),
    (["ban", "chat", "--account", "Ann", "--until", "soon"], "error: --until is a date"),
    (["ban", "chat", "--account", "Ann", "--until", "2001-01-01"], "error: a ban ends later than now"),
    (["ban", "chat", "--account", "Ann", "--for", "999999w"], "error: a ban ends by 9999-12-31 23:59 UTC at the latest"),
    (["ban", "chat", "--address", "0123456789abcdef0123", "--for", "1d"], "error: an address is an IP address"),
    (["ban", "talk", "--account", "Ann", "--for", "1d"], "error: a ban's kind is one of create, play, spectate, chat"),
    (["ban", "chat", "--account", "nobody", "--for", "1d"], "error: no account 'nobody'"),
    (["ban", "chat", "--address", "my house", "--for", "1d"], "error: an address is an IP address"),
    (["lift", "nope"], "error: no ban 'nope' in force"),
])
def test_jinrou_admin_refuses_a_bad_ban_in_one_line(tmp_path, args, message):
    db = str(tmp_path / "admin.db")
    store = open_store(db)
    create_admin(store, "Ann", PASSWORD)
    store.close()
    done = CliRunner().invoke(cli, ["admin", *args, "--db", db])
    assert done.exit_code == 2 and message in done.output and len(done.output.strip().splitlines()) == 1
    assert list_bans(open_store(db)) == []
