"""Bans from the administrators' page: ``GET /api/bans``, ``POST /api/bans``, ``POST /api/bans/{id}/lift``
— administrators only, every bad input refused in one line with nothing stored, and a ban made or lifted
there honoured at once by the process that made it (and by another within its refresh) — through
Starlette's TestClient on the real app and the real store (SQLite, and PostgreSQL when
JINROU_TEST_POSTGRES names one)."""

import contextlib
import json
import time

import pytest
from starlette.testclient import TestClient

from jinrou.server.accounts import COOKIE, create_admin
from jinrou.server.app import create_app
from jinrou.server.moderation import LAST, REFRESH_SECONDS, when
from jinrou.server.passes import keyed
from jinrou.server.store import open_store

ROOM = {"name": "test village", "seats": 5, "wolves": 1}
PASSWORD = "correct horse"
DAY, WEEK = 86_400, 604_800


@contextlib.contextmanager
def app_client(store):
    """The app over ``store`` in a TestClient that speaks from several addresses (X-Forwarded-For, the
    test client trusted as the proxy); bans refreshed every :data:`REFRESH_SECONDS`, as served."""
    with TestClient(create_app(store, proxies=("testclient",))) as client:
        assert client.app.state.service.moderation.refresh == REFRESH_SECONDS
        yield client


def call(client, method, path, data=None, *, session=None, address="10.0.0.1", **headers):
    """A request of one person: his address, his session (None: signed out), nothing else kept."""
    client.cookies.clear()
    headers = {"x-forwarded-for": address, **headers}
    if session:
        headers["cookie"] = f"{COOKIE}={session}"
    return client.request(method, path, json=data if method == "POST" else None, headers=headers)


def register(client, name, address="10.0.0.1"):
    answer = call(client, "POST", "/api/account/register", {"name": name, "password": PASSWORD}, address=address)
    assert answer.status_code == 200, answer.json()
    return answer.cookies[COOKIE]


def administrator(client, store, name="root"):
    create_admin(store, name, PASSWORD)
    answer = call(client, "POST", "/api/account/login", {"name": name, "password": PASSWORD}, address="10.0.0.99")
    assert answer.status_code == 200, answer.json()
    return answer.cookies[COOKIE]


def stored_bans(store):
    return store._query("SELECT id, kind, target, key, label, until, reason, author, lifted FROM bans")


def events(store, room):
    return [(e.kind, e.data) for e in store.events(room)]


def new_room(client, address="10.0.0.1"):
    answer = call(client, "POST", "/api/rooms", ROOM, address=address)
    assert answer.status_code == 200, answer.json()
    return answer.json()["id"]


def join(client, room, name, session=None, address="10.0.0.1"):
    answer = call(client, "POST", f"/api/rooms/{room}/join", {"name": name}, session=session, address=address)
    assert answer.status_code == 200, answer.json()
    return answer.json()["token"]


# ------------------------------------------------------------------ access


def test_the_bans_doors_are_for_administrators_only_and_refuse_another_site(store):
    with app_client(store) as client:
        ann = register(client, "Ann")
        root = administrator(client, store)
        made = call(client, "POST", "/api/bans", {"kind": "chat", "target": "account", "value": "Ann", "for": "1d"},
                    session=root).json()
        before = stored_bans(store)
        doors = [("GET", "/api/bans", None), ("GET", "/api/bans?all=1", None),
                 ("POST", "/api/bans", {"kind": "play", "target": "account", "value": "Ann", "for": "1d"}),
                 ("POST", f"/api/bans/{made['id']}/lift", {})]
        for method, path, data in doors:
            anonymous = call(client, method, path, data)
            assert anonymous.status_code == 401, path
            assert anonymous.json() == {"error": "log in as an administrator first", "ja": "管理者としてログインしてください"}
            player = call(client, method, path, data, session=ann)
            assert player.status_code == 403, path
            assert player.json() == {"error": "administrators only", "ja": "管理者だけが使えます"}
        for method, path, data in doors[2:]:  # an administrator's browser on another site's page
            forged = call(client, method, path, data, session=root, origin="https://evil.example")
            assert forged.status_code == 403 and forged.json()["error"].startswith("a request from another site")
        assert stored_bans(store) == before


# ------------------------------------------------------------ add, list, lift


def test_an_administrator_bans_an_account_and_an_address_lists_them_latest_first_and_lifts_one(store):
    with app_client(store) as client:
        register(client, "Ann")
        root = administrator(client, store)
        start = time.time()
        by_name = call(client, "POST", "/api/bans", {"kind": "chat", "target": "account", "value": " ANN ",
                                                     "for": "7d", "reason": "insults"}, session=root)
        assert by_name.status_code == 200, by_name.json()
        account = by_name.json()
        assert account == {**account, "kind": "chat", "target": "account", "label": "Ann", "reason": "insults",
                           "by": "root", "lifted": None}
        assert start + WEEK <= account["until"] <= time.time() + WEEK
        until = int(start) + 3 * DAY
        by_ip = call(client, "POST", "/api/bans", {"kind": "play", "target": "address", "value": "2001:DB8:0::7",
                                                   "until": until}, session=root).json()
        assert by_ip == {**by_ip, "target": "address", "label": "", "until": until, "reason": "", "by": "root"}
        assert by_ip["key"] == keyed(store.secret(), "address", "2001:db8::/64")  # its unit (an IPv6 /64), keyed
        assert "2001:db8" not in json.dumps(stored_bans(store)).lower()  # the address itself is never kept
        key = "0123456789abcdef" * 2  # as a report shows an address
        by_key = call(client, "POST", "/api/bans", {"kind": "spectate", "target": "address", "value": key.upper(),
                                                    "for": "30m", "reason": None}, session=root).json()
        assert by_key["key"] == key

        listed = call(client, "GET", "/api/bans", session=root).json()["bans"]
        assert [b["id"] for b in listed] == [by_key["id"], by_ip["id"], account["id"]]
        assert listed[2] == account
        assert call(client, "POST", f"/api/bans/{by_ip['id']}/lift", {}, session=root).json() == {"ok": True}
        assert [b["id"] for b in call(client, "GET", "/api/bans?all=0", session=root).json()["bans"]] == [
            by_key["id"], account["id"]]
        every = call(client, "GET", "/api/bans?all=1", session=root).json()["bans"]
        assert [b["id"] for b in every] == [by_key["id"], by_ip["id"], account["id"]]
        assert every[1]["lifted"] is not None and every[0]["lifted"] is None
        again = call(client, "POST", f"/api/bans/{by_ip['id']}/lift", {}, session=root)
        assert again.status_code == 404 and again.json() == {"error": f"no ban {by_ip['id']!r} in force",
                                                             "ja": f"有効な禁止 {by_ip['id']!r} はありません"}
        bad = call(client, "GET", "/api/bans?all=yes", session=root)
        assert bad.status_code == 400 and bad.json() == {
            "error": "all is 0 (the bans in force) or 1 (lifted and expired ones too), not 'yes'",
            "ja": "all は 0（有効な禁止）か 1（解除・期限切れも）です: 'yes'"}


GOOD = {"kind": "chat", "target": "account", "value": "Ann", "for": "7d", "reason": "insults"}
ACCOUNT_VALUE = "value is the account's user name (1–64 characters), not "
ADDRESS = "an address is an IP address (e.g. 203.0.113.7 or 2001:db8::1) or a report's 32-digit address key, not "
LENGTH = "for is a number and a unit (m minutes, h hours, d days, w weeks): 30m, 12h, 7d or 2w, not "
ONE_OF = "give for (a length: 30m, 12h, 7d, 2w) or until (a time, in seconds since 1970 UTC), one of them"
UNTIL = "until is a time in seconds since 1970-01-01 UTC, not "


@pytest.mark.parametrize(("change", "message"), [
    ({"kind": "talk"}, "a ban's kind is one of create, play, spectate, chat, not 'talk'"),
    ({"kind": ["chat"]}, "a ban's kind is one of create, play, spectate, chat, not ['chat']"),
    ({"kind": None}, "a ban's kind is one of create, play, spectate, chat, not None"),
    ({"target": "ip"}, "a ban is of an account or an address (target: account or address), not 'ip'"),
    ({"target": {}}, "a ban is of an account or an address (target: account or address), not {}"),
    ({"value": ""}, ACCOUNT_VALUE + "''"),
    ({"value": "   "}, ACCOUNT_VALUE + "'   '"),
    ({"value": 7}, ACCOUNT_VALUE + "7"),
    ({"value": "A" * 65}, ACCOUNT_VALUE + "'" + "A" * 39),
    ({"target": "address", "value": None},
     "value is an IP address or a report's 32-digit address key (1–64 characters), not None"),
    ({"value": "nobody"}, "no account 'nobody': give a registered user name"),
    ({"target": "address", "value": "my house"}, ADDRESS + "'my house'"),
    ({"target": "address", "value": "0123456789abcdef0123"}, ADDRESS + "'0123456789abcdef0123'"),
    ({"target": "address", "value": "10.0.0.300"}, ADDRESS + "'10.0.0.300'"),
    ({"for": "7 days"}, LENGTH + "'7 days'"),
    ({"for": 7}, LENGTH + "7"),
    ({"for": "1y"}, LENGTH + "'1y'"),
    ({"for": "0m"}, "a ban ends later than now, not at "),
    ({"for": "999999w"}, f"a ban ends by {when(LAST)} at the latest"),
    ({"for": None}, ONE_OF),
    ({"for": ""}, ONE_OF),
    ({"until": 4_102_444_800}, ONE_OF),  # and for: both
    ({"for": None, "until": "tomorrow"}, UNTIL + "'tomorrow'"),
    ({"for": None, "until": True}, UNTIL + "True"),
    ({"for": None, "until": 1_000_000_000}, "a ban ends later than now, not at 2001-09-09 01:46 UTC"),
    ({"for": None, "until": -5}, "a ban ends later than now, not at -5"),
    ({"for": None, "until": 10**15}, f"a ban ends by {when(LAST)} at the latest"),
    ({"reason": "x" * 301}, "a reason is 1–300 printable characters"),
    ({"reason": 5}, "a reason is 1–300 printable characters"),
    ({"reason": "bell\x07"}, "a reason is 1–300 printable characters"),
    ({"duration": "7d"}, "a ban takes kind, target, value, for, until, reason; not 'duration'"),
])
def test_a_bad_ban_is_refused_in_one_line_saying_what_is_allowed_and_nothing_is_stored(store, change, message):
    with app_client(store) as client:
        ann = register(client, "Ann")
        root = administrator(client, store)
        data = {key: value for key, value in {**GOOD, **change}.items()}
        refused = call(client, "POST", "/api/bans", data, session=root)
        assert refused.status_code == 400, refused.json()
        body = refused.json()
        assert set(body) == {"error", "ja"} and body["error"].startswith(message), body
        assert "\n" not in body["error"] and "\n" not in body["ja"] and body["ja"]
        assert stored_bans(store) == []
        room = new_room(client)
        token = join(client, room, "Ann", session=ann)
        assert call(client, "POST", f"/api/rooms/{room}/chat", {"token": token, "text": "hi"},
                    session=ann).status_code == 200


def test_a_body_that_is_not_an_object_is_refused_and_nothing_is_stored(store):
    with app_client(store) as client:
        root = administrator(client, store)
        refused = call(client, "POST", "/api/bans", [GOOD], session=root)
        assert refused.status_code == 400 and refused.json()["error"] == "the request body must be a JSON object"
        assert stored_bans(store) == []


# -------------------------------------------------------- honoured at once


def refuses(answer, ban):
    """``answer`` is the ban's own refusal: 403 and its one line, in English and Japanese."""
    assert answer.status_code == 403, answer.json()
    assert answer.json() == ban.refusal().to_json()


@pytest.mark.parametrize("target", ["account", "address"])
def test_a_ban_made_on_the_page_refuses_the_players_door_at_once_and_lifting_it_opens_it(store, target):
    from jinrou.server.moderation import Ban

    with app_client(store) as client:
        ann = register(client, "Ann", address="10.0.0.7")
        root = administrator(client, store)
        room, other = new_room(client), new_room(client)
        token = join(client, room, "Ann", session=ann, address="10.0.0.7")
        say = {"token": token, "text": "hello"}
        assert call(client, "POST", f"/api/rooms/{room}/chat", say, session=ann, address="10.0.0.7").status_code == 200
        value = "Ann" if target == "account" else "10.0.0.7"
        bans = {}
        for kind in ("chat", "play"):
            made = call(client, "POST", "/api/bans", {"kind": kind, "target": target, "value": value, "for": "12h",
                                                      "reason": "insults"}, session=root)
            assert made.status_code == 200, made.json()
            found = made.json()
            bans[kind] = Ban(found["id"], kind, target, found["key"], found["label"], found["until"], found["reason"],
                             found["by"], found["created"])
        before = {r: events(store, r) for r in (room, other)}
        # within the refresh (5 s): the process that made the ban reads it again at once
        refuses(call(client, "POST", f"/api/rooms/{room}/chat", say, session=ann, address="10.0.0.7"), bans["chat"])
        refuses(call(client, "POST", f"/api/rooms/{other}/join", {"name": "Ann"}, session=ann, address="10.0.0.7"),
                bans["play"])
        assert bans["chat"].refusal().to_json()["error"] == (
            f"your {target} is banned from chatting until {when(bans['chat'].until)} (insults)")
        if target == "account":  # her seat is the account's, from anywhere
            refuses(call(client, "POST", f"/api/rooms/{room}/chat", say, address="10.0.0.8"), bans["chat"])
        assert {r: events(store, r) for r in (room, other)} == before
        assert call(client, "POST", f"/api/rooms/{other}/join", {"name": "Bob"}, address="10.0.0.9").status_code == 200
        for found in bans.values():
            assert call(client, "POST", f"/api/bans/{found.id}/lift", {}, session=root).json() == {"ok": True}
        assert call(client, "POST", f"/api/rooms/{room}/chat", say, session=ann, address="10.0.0.7").status_code == 200
        join(client, other, "Ann", session=ann, address="10.0.0.7")


def test_a_report_gives_the_address_key_a_ban_takes(store):
    """The page bans a player without an account by the address key his report shows."""
    with app_client(store) as client:
        root = administrator(client, store)
        room = new_room(client)
        join(client, room, "Ann")
        bob = join(client, room, "Bob", address="10.0.0.2")
        call(client, "POST", f"/api/rooms/{room}/chat", {"token": bob, "text": "idiots"}, address="10.0.0.2")
        filed = call(client, "POST", f"/api/rooms/{room}/report", {"seat": 1, "reason": "abuse"}, address="10.0.0.3")
        assert filed.status_code == 200, filed.json()
        [report] = call(client, "GET", "/api/reports", session=root).json()["reports"]
        assert report["what"]["account"] is None and len(report["what"]["address"]) == 32
        made = call(client, "POST", "/api/bans", {"kind": "chat", "target": "address", "value": report["what"]["address"],
                                                  "for": "2w", "reason": report["reason"]}, session=root)
        assert made.status_code == 200 and made.json()["key"] == report["what"]["address"]
        refused = call(client, "POST", f"/api/rooms/{room}/chat", {"token": bob, "text": "again"}, address="10.0.0.2")
        assert refused.status_code == 403 and refused.json()["error"].startswith(
            "your address is banned from chatting until") and refused.json()["error"].endswith("(abuse)")


def test_another_process_honours_a_ban_made_on_the_page_within_its_refresh(tmp_path):
    """Two processes on one store: the one that made (or lifted) the ban at once, the other on its next
    reading of the bans, at most :data:`REFRESH_SECONDS` later."""
    db = str(tmp_path / "two.db")
    store = open_store(db)
    with app_client(store) as here, app_client(open_store(db)) as there:
        root = administrator(here, store)
        moderation = there.app.state.service.moderation
        now = [time.time()]
        moderation.clock = lambda: now[0]
        room = new_room(there, address="10.0.0.7")
        token = join(there, room, "Ann", address="10.0.0.7")
        say = {"token": token, "text": "hello"}
        assert call(there, "POST", f"/api/rooms/{room}/chat", say, address="10.0.0.7").status_code == 200  # read: none
        made = call(here, "POST", "/api/bans", {"kind": "chat", "target": "address", "value": "10.0.0.7", "for": "1h"},
                    session=root).json()
        now[0] += REFRESH_SECONDS - 1
        assert call(there, "POST", f"/api/rooms/{room}/chat", say, address="10.0.0.7").status_code == 200
        now[0] += 1
        assert call(there, "POST", f"/api/rooms/{room}/chat", say, address="10.0.0.7").status_code == 403
        assert call(here, "POST", f"/api/bans/{made['id']}/lift", {}, session=root).json() == {"ok": True}
        assert call(there, "POST", f"/api/rooms/{room}/chat", say, address="10.0.0.7").status_code == 403
        now[0] += REFRESH_SECONDS
        assert call(there, "POST", f"/api/rooms/{room}/chat", say, address="10.0.0.7").status_code == 200
