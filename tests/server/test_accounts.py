"""Accounts (issue 41, deliverable 1): register, log in and out, the session cookie, password
changes, cross-site and brute-force defences, accounts in seats and accounts-only rooms, and
`jinrou admin` — the real app served by uvicorn on 127.0.0.1, over real sockets, on real SQLite
and PostgreSQL."""

import contextlib
import hashlib

import httpx2 as httpx
import pytest
from typer.testing import CliRunner

from jinrou.cli import app as cli
from jinrou.server import accounts
from jinrou.server.accounts import (
    ACCOUNT_FAILURES,
    ADDRESS_BURST,
    ADDRESS_FAILURES,
    COOKIE,
    SESSION_SECONDS,
    WINDOW_SECONDS,
    Throttle,
    check_account_name,
    check_same_origin,
    hash_password,
    name_key,
    password_matches,
)
from jinrou.server.app import create_app
from jinrou.server.errors import RoomError
from jinrou.server.store import open_store

from .. import needs
from .conftest import serving
from .test_api import play_to_the_end

ROOM = {"name": "test village", "seats": 5, "wolves": 1}
PASSWORD = "correct horse"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@contextlib.contextmanager
def running(store, proxies=("127.0.0.1",)):
    """The app over ``store`` served on 127.0.0.1, trusting 127.0.0.1 as its proxy (so that a test
    may speak from several addresses with X-Forwarded-For), its throttle on a hand-moved clock."""
    app = create_app(store, proxies=proxies)
    clock = Clock()
    app.state.accounts.throttle.clock = clock
    with serving(app) as (url, _), httpx.Client(base_url=url, timeout=30) as client:
        yield client, app, clock


def post(client, path, data=None, *, address="10.0.0.1", **headers):
    return client.post(path, json=data or {}, headers={"x-forwarded-for": address, **headers})


def me_with(client, token):
    """Who the session ``token`` opens, asked without the client's own cookies."""
    answer = httpx.get(str(client.base_url).rstrip("/") + "/api/account/me", headers={"cookie": f"{COOKIE}={token}"})
    return answer.json()["account"]


def rows(store, sql):
    return store._query(sql)


# ------------------------------------------------------------------ pieces


def test_scrypt_gives_rfc_7914s_known_value():
    # RFC 7914 §12: scrypt("password", "NaCl", N=1024, r=8, p=16): the first 32 bytes of its 64
    stored = hash_password("password", b"NaCl", n=1024, r=8, p=16)
    assert stored == ("scrypt$1024$8$16$4e61436c$fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162")
    assert password_matches("password", stored) and not password_matches("Password", stored)


def test_a_stored_hash_keeps_its_parameters_and_a_fresh_salt():
    one, two = hash_password(PASSWORD), hash_password(PASSWORD)
    assert one != two and one.startswith(f"scrypt${2**14}$8$1$")
    assert password_matches(PASSWORD, one) and password_matches(PASSWORD, two)


@pytest.mark.parametrize(("name", "message"), [
    ("a", "a user name is 2–20 letters, digits, _, - and . (no spaces), not 'a'"),
    ("Ann Smith", "not 'Ann Smith'"),
    ("x" * 21, "not 'xxxxxxxxxxxxxxxxxxxx'"),
    ("<script>", "not '<script>'"),
    (17, "not int"),
    (None, "not NoneType"),
])
def test_a_bad_user_name_is_refused_saying_what_one_is(name, message):
    with pytest.raises(RoomError, match="a user name is 2–20") as refused:
        check_account_name(name)
    assert message in str(refused.value) and refused.value.ja.startswith("ユーザー名は")


def test_user_names_of_any_script_are_kept_as_spelled_and_look_alikes_share_a_key():
    assert check_account_name(" たろう_2 ") == "たろう_2"
    assert check_account_name("ＡＮＮ") == "ANN"  # NFKC: full-width letters
    assert name_key("Ann") == name_key("ANN") == name_key("\u0410nn")  # Cyrillic А
    assert name_key("mike") == name_key("rnike") and name_key("Bob1") == name_key("BobI")
    assert name_key("Ann") != name_key("Anne")


def test_the_throttle_counts_failures_per_account_and_per_address_in_a_window():
    clock = Clock()
    throttle = Throttle(clock)
    for i in range(ACCOUNT_FAILURES):
        throttle.may_log_in("ann", f"10.0.0.{i}")
        throttle.failed("ann", f"10.0.0.{i}")
    with pytest.raises(RoomError, match="too many failed logins to this account: try again in 15 minutes") as refused:
        throttle.may_log_in("ann", "10.9.9.9")
    assert refused.value.status == 429 and "15分後" in refused.value.ja
    throttle.may_log_in("bob", "10.0.0.1")  # another account from the same addresses
    clock.now += WINDOW_SECONDS - 30
    with pytest.raises(RoomError, match="try again in 30 seconds"):
        throttle.may_log_in("ann", "10.9.9.9")
    clock.now += 30  # the first failure left the window
    throttle.may_log_in("ann", "10.9.9.9")


def test_a_right_password_clears_the_accounts_failures_not_the_addresss():
    throttle = Throttle(Clock())
    for _ in range(ACCOUNT_FAILURES - 1):
        throttle.failed("ann", "10.0.0.1")
    throttle.succeeded("ann")
    throttle.failed("ann", "10.0.0.1")
    throttle.may_log_in("ann", "10.0.0.1")
    assert len(throttle._recent("address", "10.0.0.1")) == ACCOUNT_FAILURES


@pytest.mark.parametrize(("headers", "allowed"), [
    ({"sec-fetch-site": "same-origin"}, True),
    ({"sec-fetch-site": "none"}, True),
    ({"sec-fetch-site": "cross-site", "origin": "http://127.0.0.1:8000", "host": "127.0.0.1:8000"}, False),
    ({"sec-fetch-site": "same-site"}, False),
    ({"origin": "http://127.0.0.1:8000", "host": "127.0.0.1:8000"}, True),
    ({"origin": "https://evil.example", "host": "127.0.0.1:8000"}, False),
    ({"origin": "null", "host": "127.0.0.1:8000"}, False),
    ({"origin": "http://[bad", "host": "127.0.0.1:8000"}, False),
    ({"content-type": "application/json"}, True),
    ({"content-type": "application/json; charset=utf-8"}, True),
    ({"content-type": "text/plain"}, False),
    ({"content-type": "application/x-www-form-urlencoded"}, False),
    ({}, False),
])
def test_what_counts_as_a_request_from_this_servers_own_pages(headers, allowed):
    if allowed:
        check_same_origin(headers)
    else:
        with pytest.raises(RoomError) as refused:
            check_same_origin(headers)
        assert refused.value.status == 403


def test_a_proxys_forwarded_host_counts_only_when_the_proxy_is_trusted():
    headers = {"origin": "https://jinrou.example", "host": "127.0.0.1:8000", "x-forwarded-host": "jinrou.example"}
    check_same_origin(headers, forwarded_host=True)
    with pytest.raises(RoomError, match="from another site"):
        check_same_origin(headers)


# ------------------------------------------------------------------ the doors


def test_register_signs_in_with_an_httponly_samesite_cookie_and_stores_only_hashes(store):
    with running(store) as (client, _, _):
        assert client.get("/api/account/me").json() == {"account": None}
        answer = post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        assert answer.status_code == 200 and answer.json()["account"]["name"] == "Ann"
        assert answer.json()["account"]["admin"] is False
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert "Path=/" in cookie and f"Max-Age={int(SESSION_SECONDS)}" in cookie and "Secure" not in cookie
        token = client.cookies[COOKIE]
        assert client.get("/api/account/me").json()["account"]["name"] == "Ann"
        [(key, name, hashed)] = rows(store, "SELECT key, name, hash FROM accounts")
        assert (key, name) == ("ann", "Ann") and hashed.startswith("scrypt$") and PASSWORD not in hashed
        [(stored,)] = rows(store, "SELECT token FROM sessions")
        assert stored == hashlib.sha256(token.encode()).hexdigest() != token

        logout = post(client, "/api/account/logout")
        assert logout.json() == {"ok": True} and 'jinrou_session=""' in logout.headers["set-cookie"]
        assert client.get("/api/account/me").json() == {"account": None}
        assert rows(store, "SELECT token FROM sessions") == []
        assert me_with(client, token) is None  # ended

        login = post(client, "/api/account/login", {"name": "ＡＮＮ", "password": PASSWORD})
        assert login.status_code == 200 and login.json()["account"]["name"] == "Ann"
        assert client.get("/api/account/me").json()["account"]["name"] == "Ann"


def test_the_cookie_is_secure_behind_tls_as_a_trusted_proxy_says_and_not_as_anyone_says(tmp_path):
    for proxies, secure in ((("127.0.0.1",), True), ((), False)):
        with running(open_store(str(tmp_path / f"{secure}.db")), proxies) as (client, _, _):
            answer = client.post("/api/account/register", json={"name": "Ann", "password": PASSWORD},
                                 headers={"x-forwarded-proto": "https"})
            assert answer.status_code == 200
            assert ("; Secure" in answer.headers["set-cookie"]) is secure


def test_a_session_ends_after_thirty_days(store):
    with running(store) as (client, app, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        sessions = Clock(app.state.accounts.clock())
        app.state.accounts.clock = sessions
        sessions.now += SESSION_SECONDS - 1
        assert client.get("/api/account/me").json()["account"]["name"] == "Ann"
        sessions.now += 1
        assert client.get("/api/account/me").json() == {"account": None}


BAD_REGISTRATIONS = [
    ({"name": "A", "password": PASSWORD}, 400, "a user name is 2–20 letters, digits, _, - and . (no spaces), not 'A'"),
    ({"password": PASSWORD}, 400, "a user name is 2–20 letters, digits, _, - and . (no spaces), not NoneType"),
    ({"name": "Bob", "password": "short"}, 400, "a password is 8–128 characters"),
    ({"name": "Bob", "password": "x" * 129}, 400, "a password is 8–128 characters"),
    ({"name": "Bob", "password": ["a list"]}, 400, "a password is 8–128 characters"),
    ({"name": "Bobby123", "password": "BOBBY123"}, 400, "a password must not be the user name"),
    ({"name": "ANN", "password": PASSWORD}, 400, ("the user name 'ANN' is taken (or looks like one that is): choose "
                                                 "another")),
    ({"name": "\u0410nn", "password": PASSWORD}, 400, "is taken (or looks like one that is)"),
]


@pytest.mark.parametrize(("data", "status", "message"), BAD_REGISTRATIONS)
def test_a_bad_registration_is_refused_with_its_reason_and_changes_nothing(store, data, status, message):
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        client.cookies.clear()
        before = rows(store, "SELECT key, name, hash FROM accounts"), rows(store, "SELECT token FROM sessions")
        answer = post(client, "/api/account/register", data)
        assert answer.status_code == status and message in answer.json()["error"] and answer.json()["ja"]
        assert "set-cookie" not in answer.headers
        assert (rows(store, "SELECT key, name, hash FROM accounts"), rows(store, "SELECT token FROM sessions")) == before


def test_bad_logins_get_one_answer_whether_the_name_exists_or_not(store):
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        client.cookies.clear()
        wrong = post(client, "/api/account/login", {"name": "Ann", "password": "not the one"}, address="10.0.0.2")
        unknown = post(client, "/api/account/login", {"name": "Nobody", "password": PASSWORD}, address="10.0.0.3")
        assert wrong.status_code == unknown.status_code == 403
        assert wrong.json() == unknown.json() == {"error": "wrong user name or password", "ja": "ユーザー名かパスワードが違います"}
        malformed = post(client, "/api/account/login", {"name": "Ann"}, address="10.0.0.4")
        assert malformed.status_code == 400 and "log in with" in malformed.json()["error"]
        not_json = client.post("/api/account/login", content=b"{", headers={"content-type": "application/json"})
        assert not_json.status_code == 400 and not_json.json()["error"] == "the request body must be JSON"
        assert COOKIE not in client.cookies and client.get("/api/account/me").json() == {"account": None}


def test_changing_the_password_needs_the_old_one_and_ends_the_other_sessions(store):
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        other = httpx.post(str(client.base_url).rstrip("/") + "/api/account/login",  # another browser
                           json={"name": "Ann", "password": PASSWORD}).cookies[COOKIE]
        assert other != client.cookies[COOKIE]
        assert me_with(client, other)["name"] == "Ann"
        wrong = post(client, "/api/account/password", {"old": "a wrong one", "new": "battery staple"})
        assert wrong.status_code == 403 and wrong.json()["error"] == "wrong password"
        short = post(client, "/api/account/password", {"old": PASSWORD, "new": "short"})
        assert short.status_code == 400 and short.json()["error"] == "a password is 8–128 characters"
        changed = post(client, "/api/account/password", {"old": PASSWORD, "new": "battery staple"})
        assert changed.json() == {"ok": True}
        assert client.get("/api/account/me").json()["account"]["name"] == "Ann"  # this session goes on
        assert me_with(client, other) is None
        client.cookies.clear()
        assert post(client, "/api/account/login", {"name": "Ann", "password": PASSWORD}).status_code == 403
        assert post(client, "/api/account/login", {"name": "Ann", "password": "battery staple"}).status_code == 200
        client.cookies.clear()
        signed_out = post(client, "/api/account/password", {"old": "battery staple", "new": "another one"})
        assert signed_out.status_code == 401 and signed_out.json()["error"] == "log in first"


# ------------------------------------------------------------- cross-site


def test_a_cross_site_request_is_refused_at_every_account_door_and_at_a_room_door_with_the_cookie(store):
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        evil = {"origin": "https://evil.example"}
        for path, data in (("/api/account/login", {"name": "Ann", "password": PASSWORD}),
                           ("/api/account/register", {"name": "Mallory", "password": PASSWORD}),
                           ("/api/account/logout", {}),
                           ("/api/account/password", {"old": PASSWORD, "new": "hijacked!!"}),
                           (f"/api/rooms/{room}/join", {"name": "Puppet"})):
            for headers in (evil, {"sec-fetch-site": "cross-site"}):
                refused = post(client, path, data, **headers)
                assert refused.status_code == 403, path
                assert refused.json()["error"].startswith("a request from another site is refused")
            form = client.post(path, content=b"name=Ann", headers={"content-type": "application/x-www-form-urlencoded"})
            assert form.status_code == 403 and "Content-Type: application/json" in form.json()["error"]
        assert client.get("/api/account/me").json()["account"]["name"] == "Ann"  # still signed in
        assert client.get(f"/api/rooms/{room}/view").json()["room"]["taken"] == 0  # nobody sat down
        assert [name for (name,) in rows(store, "SELECT name FROM accounts")] == ["Ann"]
        own = post(client, f"/api/rooms/{room}/join", {"name": "Ann"}, origin=str(client.base_url).rstrip("/"))
        assert own.status_code == 200
        assert post(client, "/api/account/logout", **{"sec-fetch-site": "same-origin"}).json() == {"ok": True}
        anonymous = client.post(f"/api/rooms/{room}/join", json={"name": "Bob"}, headers=evil)
        assert anonymous.status_code == 200  # no cookie, nothing to forge: the open API stays open


# ------------------------------------------------------------ brute force


def test_guessing_one_accounts_password_from_many_addresses_is_stopped_after_five_failures(store):
    with running(store) as (client, _, clock):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        client.cookies.clear()
        for i in range(ACCOUNT_FAILURES):
            guess = post(client, "/api/account/login", {"name": "ann", "password": f"guess {i:04}"}, address=f"10.1.0.{i}")
            assert guess.status_code == 403
        right = post(client, "/api/account/login", {"name": "Ann", "password": PASSWORD}, address="10.2.0.1")
        assert right.status_code == 429
        assert right.json()["error"] == "too many failed logins to this account: try again in 15 minutes"
        assert COOKIE not in client.cookies
        other = post(client, "/api/account/register", {"name": "Bob", "password": PASSWORD}, address="10.1.0.0")
        assert other.status_code == 200  # the addresses may still do other things
        client.cookies.clear()
        clock.now += WINDOW_SECONDS
        assert post(client, "/api/account/login", {"name": "Ann", "password": PASSWORD},
                    address="10.2.0.1").status_code == 200


def test_one_address_is_held_to_ten_attempts_at_once_and_twenty_failures_in_the_window(store):
    with running(store) as (client, _, clock):
        def guess(i, address="10.3.0.1"):
            return post(client, "/api/account/login", {"name": f"user{i}", "password": "guess guess"}, address=address)

        failures = 0
        for _ in range(ADDRESS_BURST):
            assert guess(failures).status_code == 403
            failures += 1
        fast = guess(failures)
        assert fast.status_code == 429 and fast.json()["error"] == ("too many password attempts from your address: "
                                                                    "wait 6 seconds")
        while failures < ADDRESS_FAILURES:
            clock.now += 60
            for _ in range(min(ADDRESS_BURST, ADDRESS_FAILURES - failures)):
                assert guess(failures).status_code == 403
                failures += 1
        clock.now += 60
        held = guess(failures)
        assert held.status_code == 429
        assert held.json()["error"].startswith("too many failed logins from your address: try again in")
        assert guess(failures, address="10.3.0.2").status_code == 403  # another address is not held


# --------------------------------------------------------------- seats


def test_an_account_sits_under_any_nickname_once_a_room_and_the_seat_records_it(store):
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        first = client.post("/api/rooms", json=ROOM).json()["id"]
        second = client.post("/api/rooms", json=ROOM).json()["id"]
        assert post(client, f"/api/rooms/{first}/join", {"name": "Wolfie"}).status_code == 200
        assert post(client, f"/api/rooms/{second}/join", {"name": "村人A"}).status_code == 200
        again = post(client, f"/api/rooms/{first}/join", {"name": "Another"})
        assert again.status_code == 400
        assert again.json()["error"] == "your account sits in this room already (seat 0): one seat an account"
        joined = [e.data for room in (first, second) for e in store.events(room) if e.kind == "joined"]
        assert [(j["name"], j["account"], j["account_name"]) for j in joined] == [("Wolfie", "ann", "Ann"),
                                                                                  ("村人A", "ann", "Ann")]
        view = client.get(f"/api/rooms/{first}/view").json()
        assert "ann" not in str(view["room"]["seat_list"]).lower()  # the nickname is all the others see
        client.cookies.clear()
        assert post(client, f"/api/rooms/{first}/join", {"name": "Guest"}).status_code == 200  # no account needed
        assert [e.data.get("account") for e in store.events(first) if e.kind == "joined"] == ["ann", None]


def test_an_accounts_only_room_seats_signed_in_players_only(store):
    with running(store) as (client, _, _):
        bad = client.post("/api/rooms", json={**ROOM, "accounts_only": "yes"})
        assert bad.status_code == 400 and bad.json()["error"] == "accounts_only is true or false, not 'yes'"
        room = client.post("/api/rooms", json={**ROOM, "accounts_only": True}).json()["id"]
        assert client.get("/api/rooms").json()[0]["accounts_only"] is True
        assert client.get(f"/api/rooms/{room}/view").json()["room"]["accounts_only"] is True
        guest = post(client, f"/api/rooms/{room}/join", {"name": "Guest"})
        assert guest.status_code == 401
        assert guest.json() == {"error": "this room seats signed-in players only: log in or register first",
                                "ja": "この部屋はログインした人だけが座れます。先にログインか登録をしてください"}
        forged = post(client, f"/api/rooms/{room}/join", {"name": "Guest"}, cookie=f"{COOKIE}=made-up")
        assert forged.status_code == 401
        assert client.get(f"/api/rooms/{room}/view").json()["room"]["taken"] == 0
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        assert post(client, f"/api/rooms/{room}/join", {"name": "Guest"}).status_code == 200
        open_room = client.post("/api/rooms", json=ROOM).json()["id"]
        assert "accounts_only" not in client.get(f"/api/rooms/{open_room}/view").json()["room"]


def test_a_rematch_keeps_each_seats_account(store):
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        room = client.post("/api/rooms", json={**ROOM, "accounts_only": True}).json()["id"]
        token = post(client, f"/api/rooms/{room}/join", {"name": "Wolfie"}).json()["token"]
        assert post(client, f"/api/rooms/{room}/bots", {"token": token}).status_code == 200
        assert post(client, f"/api/rooms/{room}/start", {"token": token}).status_code == 200
        play_to_the_end(client, room, [token])
        again = post(client, f"/api/rooms/{room}/rematch", {"token": token}).json()["id"]
        [joined] = [e.data for e in store.events(again) if e.kind == "joined"]
        assert (joined["name"], joined["account"], joined["account_name"]) == ("Wolfie", "ann", "Ann")
        client.cookies.clear()
        refused = post(client, f"/api/rooms/{again}/join", {"name": "Guest"})
        assert refused.status_code == 401  # the rematch is accounts-only too


# ------------------------------------------------------------------ admin


def test_jinrou_admin_creates_an_administrator_and_resets_a_password(tmp_path):
    db = str(tmp_path / "admin.db")
    runner = CliRunner()
    made = runner.invoke(cli, ["admin", "create", "root", "--db", db], input=f"{PASSWORD}\n{PASSWORD}\n")
    assert made.exit_code == 0, made.output
    assert "administrator 'root' is ready" in made.output
    with running(open_store(db)) as (client, _, _):
        me = post(client, "/api/account/login", {"name": "root", "password": PASSWORD}).json()
        assert me["account"] == {**me["account"], "name": "root", "admin": True}
        assert client.get("/api/account/me").json()["account"]["admin"] is True
    reset = runner.invoke(cli, ["admin", "reset-password", "ROOT", "--db", db, "--password", "new secret"])
    assert reset.exit_code == 0 and "the password of 'root' is set" in reset.output
    store = open_store(db)
    assert rows(store, "SELECT token FROM sessions") == []  # its logins ended
    [(hashed,)] = rows(store, "SELECT hash FROM accounts")
    assert password_matches("new secret", hashed)
    store.close()


@pytest.mark.parametrize(("args", "message"), [
    (["reset-password", "nobody", "--password", PASSWORD], "error: no account 'nobody'"),
    (["create", "x", "--password", PASSWORD], "error: a user name is 2–20 letters"),
    (["create", "root", "--password", "short"], "error: a password is 8–128 characters"),
])
def test_jinrou_admin_refuses_bad_input_in_one_line(tmp_path, args, message):
    done = CliRunner().invoke(cli, ["admin", *args, "--db", str(tmp_path / "admin.db")])
    assert done.exit_code == 2 and message in done.output and len(done.output.strip().splitlines()) == 1


def test_the_module_names_its_limits():
    assert (accounts.ACCOUNT_FAILURES, accounts.ADDRESS_FAILURES, accounts.WINDOW_SECONDS) == (5, 20, 900.0)


# --------------------------------------------------------------- 戦績


def test_a_finished_game_goes_into_the_players_profile_with_role_team_and_result(store):
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        token = post(client, f"/api/rooms/{room}/join", {"name": "Wolfie"}).json()["token"]
        post(client, f"/api/rooms/{room}/bots", {"token": token})
        post(client, f"/api/rooms/{room}/start", {"token": token})
        game = play_to_the_end(client, room, [token])
        [mine] = [line for line in game["roster"] if line["name"] == "Wolfie"]
        role = mine["card"].split(":")[0]
        team = "wolves" if role == "wolf" else "village"
        result = "draw" if game["outcome"]["winner"] == "draw" else "win" if mine["won"] else "loss"
        client.cookies.clear()  # the profile is public
        profile = client.get("/api/players/ann").json()
        assert profile["name"] == "Ann" and profile["games"] == 1 and profile["modes"] == {"quantum": 1}
        line = {"games": 1, "win": 0, "loss": 0, "draw": 0, "sudden": 0} | {result: 1}
        assert profile["roles"] == [{"mode": "quantum", "role": role, **line}]
        assert profile["teams"] == [{"mode": "quantum", "team": team, **line}]
        [played] = profile["rooms"]
        assert played == {**played, "room": room, "page": f"/room/{room}", "seat": 0, "mode": "quantum",
                          "role": role, "team": team, "result": result, "sudden": False}
        assert client.get(played["page"]).status_code == 200
        assert client.get("/api/players/Ann", params={"offset": 1}).json()["rooms"] == []
        assert [(p[0], p[2]) for p in rows(store, "SELECT room, seat, account FROM plays")] == [(room, "ann")]


@pytest.mark.parametrize(("path", "status", "message"), [
    ("/api/players/nobody", 404, "no player 'nobody'"),
    ("/api/players/Ann?limit=500", 400, "limit must be a whole number 0–200, not '500'"),
    ("/api/players/Ann?offset=-1", 400, "offset must be a whole number 0–1000000, not '-1'"),
])
def test_a_bad_profile_request_says_what_is_wrong(store, path, status, message):
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        answer = client.get(path)
        assert answer.status_code == status and answer.json()["error"] == message


def _ann_dies_a_sudden_death(client, room_options: dict) -> tuple[str, str]:
    """A classic room of 6 where the signed-in Ann never acts (a sudden death) while Ben plays, to its end."""
    from tests.modes.test_classic_mode import first_choice

    from .test_classic_online import deadline, get_view

    assert client.post("/api/account/register", json={"name": "Ann", "password": PASSWORD}).status_code == 200
    room = client.post("/api/rooms", json={"name": "classic", "mode": "classic", "players": 6, "cast": "fixed",
                                           "roles": {"Werewolf": 1, "Diviner": 5}, "room": room_options,
                                           "rules": {"scapegoat": "off"}}).json()["id"]
    ann = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    client.cookies.clear()
    ben = client.post(f"/api/rooms/{room}/join", json={"name": "Ben"}).json()["token"]
    client.post(f"/api/rooms/{room}/bots", json={"token": ann})
    client.post(f"/api/rooms/{room}/start", json={"token": ann})
    service = client.app.state.service
    for _ in range(200):  # Ann never acts: her night's deadline passes, a sudden death
        if service.rooms[room].is_over:
            break
        action = first_choice(get_view(client, room, ben)["game"])
        answer = client.post(f"/api/rooms/{room}/action", json={"token": ben, "action": action})
        if action is None or answer.json() != {"ok": True}:
            deadline(client, room)
    assert service.rooms[room].is_over
    return room, ann


def test_a_classic_sudden_death_counts_against_the_account_with_its_role_and_team(store):
    from starlette.testclient import TestClient

    from .test_classic_online import get_view

    with TestClient(create_app(store)) as client:
        room, ann = _ann_dies_a_sudden_death(client, {})
        seen = get_view(client, room, ann)["game"]["players"][0]
        assert seen["cause"]["id"] == "sudden" and seen["won"] is False
        profile = client.get("/api/players/Ann").json()
        line = {"games": 1, "win": 0, "loss": 1, "draw": 0, "sudden": 1}
        assert profile["roles"] == [{"mode": "classic", "role": seen["role"]["id"], **line}]
        assert profile["teams"] == [{"mode": "classic", "team": seen["team"]["id"], **line}]
        assert profile["rooms"][0]["sudden"] is True and profile["rooms"][0]["result"] == "loss"
        counts = {"games": 1, "win": 0, "loss": 1, "draw": 0}
        team = seen["team"]["id"]
        words = {"Human": {"en": "village", "ja": "村人陣営"}, "Werewolf": {"en": "werewolves", "ja": "人狼陣営"}}[team]
        assert profile["casts"] == [  # the history's key of the game, joined: a fixed cast has no bots' estimate
            {"mode": "classic", "cast": "fixed", "seats": 6, "label": {"en": "fixed", "ja": "自由配役"}, "team": team,
             "team_label": words, **counts, "everyone": counts, "bots": None}]


def test_a_sudden_death_in_a_completely_masked_room_bars_as_any_but_no_profile_shows_the_game(store):
    """完全覆面: the profile keeps nothing of the game (it would tell who wore which mask), the cooldown counts the
    sudden death all the same, once however often the room is finished."""
    from starlette.testclient import TestClient

    from jinrou.server.accounts import Statements

    from .test_classic_online import get_view

    with TestClient(create_app(store)) as client:
        room, ann = _ann_dies_a_sudden_death(client, {"blind": "complete"})
        assert get_view(client, room, ann)["game"]["players"][0]["cause"]["id"] == "sudden"
        client.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
        profile = client.get("/api/players/Ann").json()
        assert profile["roles"] == [] and profile["rooms"] == [] and profile["casts"] == []
        assert rows(store, "SELECT COUNT(*) FROM plays") == [(0,)]
        assert rows(store, "SELECT room, account FROM sudden_marks") == [(room, "ann")]
        assert len(store.run(Statements().sudden_deaths("ann", 0.0))) == 1
        store.run(Statements().record_sudden(room, ["ann"], 5.0))  # the room finished again after a restart
        assert rows(store, "SELECT room, account FROM sudden_marks") == [(room, "ann")]


def test_a_finished_room_is_counted_once_however_often_it_is_recorded(store):
    from jinrou.modes.base import Standing
    from jinrou.server.accounts import Statements

    plays = [(0, "ann", Standing("seer", "village", "win")), (2, "bob", Standing("wolf", "wolves", "loss", True))]
    for _ in range(2):  # a restart finishes a room again
        store.run(Statements().record_plays("r1", "quantum", plays, 1000.0))
    assert sorted(rows(store, "SELECT seat, account, role, team, result, sudden FROM plays")) == [
        (0, "ann", "seer", "village", "win", 0), (2, "bob", "wolf", "wolves", "loss", 1)]


# ---------------------------------------------------------------- cluster


@needs.postgres
@needs.haproxy
def test_in_a_cluster_a_join_sent_on_to_the_rooms_owner_keeps_the_account(tmp_path):
    from .test_cluster import Cluster

    cluster = Cluster(tmp_path).start()
    try:
        room = httpx.post(cluster.proxy.url + "/api/rooms", json=ROOM).json()["id"]
        owner = cluster.owner(room)
        assert owner is not None
        other = next(s for s in cluster.servers if s is not owner)
        with httpx.Client(base_url=other.url, timeout=30) as client:  # signed in on a process not the room's
            assert post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD}).status_code == 200
            assert post(client, f"/api/rooms/{room}/join", {"name": "Wolfie"}).status_code == 200
            again = post(client, f"/api/rooms/{room}/join", {"name": "Again"})
            assert again.status_code == 400 and "your account sits in this room already" in again.json()["error"]
        [joined] = [e.data for e in cluster.events(room) if e.kind == "joined"]
        assert (joined["account"], joined["account_name"]) == ("ann", "Ann")
    finally:
        cluster.stop()


# ------------------------------------------------------------ off the loop


def test_a_login_is_hashed_off_the_event_loop_and_one_address_has_two_in_flight(store):
    import threading

    from .conftest import wait_until

    with running(store) as (client, app, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        client.cookies.clear()
        accounts, release = app.state.accounts, threading.Event()
        busy = [accounts._pool.submit(release.wait, 30) for _ in range(2)]  # both hashing threads held
        answers = []
        logins = [threading.Thread(target=lambda: answers.append(
            post(client, "/api/account/login", {"name": "Ann", "password": PASSWORD}, address="10.5.0.1")))
            for _ in range(2)]
        for login in logins:
            login.start()
        wait_until(lambda: accounts._busy.get("10.5.0.1") == 2, what="two logins waiting for a hashing thread")
        assert client.get("/api/rooms").status_code == 200  # the loop serves others meanwhile
        assert client.get("/api/account/me").json() == {"account": None}
        third = post(client, "/api/account/login", {"name": "Ann", "password": PASSWORD}, address="10.5.0.1")
        assert third.status_code == 429 and third.json()["error"] == ("passwords of yours are being checked: wait "
                                                                      "for their answer")
        release.set()
        for login in logins:
            login.join(30)
        assert [a.status_code for a in answers] == [200, 200] and all(f.result() for f in busy)


def test_a_mode_without_standings_gives_wins_and_losses_off_its_result(monkeypatch, tmp_path):
    from starlette.testclient import TestClient

    from jinrou import modes

    monkeypatch.setitem(modes.REGISTRY, "nim", "tests.server.nim_mode:NimMode")
    with TestClient(create_app(open_store(str(tmp_path / "nim.db")))) as client:
        client.post("/api/account/register", json={"name": "Ann", "password": PASSWORD})
        room = client.post("/api/rooms", json={"name": "nim table", "mode": "nim", "stones": 7}).json()["id"]
        token = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
        client.post(f"/api/rooms/{room}/bots", json={"token": token})
        client.post(f"/api/rooms/{room}/start", json={"token": token})
        for _ in range(10):
            if client.get(f"/api/rooms/{room}/view").json()["game"]["result"]:
                break
            client.post(f"/api/rooms/{room}/action", json={"token": token, "action": {"take": 1}})
        profile = client.get("/api/players/Ann").json()  # 7 stones: the bot wins (as test_mode_door says)
        line = {"games": 1, "win": 0, "loss": 1, "draw": 0, "sudden": 0}
        assert profile["roles"] == [{"mode": "nim", "role": None, **line}]
        assert profile["teams"] == [{"mode": "nim", "team": None, **line}]
