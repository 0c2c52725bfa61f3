"""エンドレス闇鍋 online: a room that starts with the people present and takes more while its game is played.

The room side of the reference's endless 闇鍋 (docs/classic-rules.md, "エンドレス闇鍋 online"): the room form
(``cast: endless``, ``players`` its number), the start with fewer seats taken, ``join`` during the game through
the same door and checks as before the start, the newcomer a watcher until the dawn that seats him, his token
then opening his seat; restarts from the events and from snapshots, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from starlette.testclient import TestClient

from jinrou.classic.draws import Draws
from jinrou.classic.game import Game
from jinrou.modes.classic import ClassicMode
from jinrou.modes.classic_settings import engine_settings
from jinrou.server import snapshots
from jinrou.server.accounts import Account
from jinrou.server.app import create_app
from jinrou.server.rooms import Room, RoomError
from jinrou.server.store import TABLES, open_store
from tests.modes.test_classic_mode import first_choice

from .. import needs
from ..needs import POSTGRES
from .conftest import Server, blocking, serving
from .test_classic_online import awaited, create, deadline, get_view, join, play_a_step, post
from .test_restart import call


@pytest.fixture(autouse=True)
def seed(monkeypatch):
    """Each room's seed fixed (a room's seed is drawn at its creation): the games below replay alike (the
    newcomer test passed for the seeds 0–39 before it was fixed)."""
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: 9)


ENDLESS = {"players": 9, "cast": "endless", "times": {"night": 60, "day": 60}}
"""A room of 9 (身代わりくん besides): 5 people start it (6 seats), 4 may join."""


def started(client: TestClient, people: int = 5, **settings: Any) -> tuple[str, list[str]]:
    """An endless room started by ``people`` people (P0 the host), no bot."""
    room = create(client, **{**ENDLESS, **settings})
    tokens = [join(client, room, f"P{i}") for i in range(people)]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    return room, tokens


def enter(client: TestClient, room: str, name: str, **body: Any) -> dict[str, Any]:
    return client.post(f"/api/rooms/{room}/join", json={"name": name, **body}).json()


def until_seated(client: TestClient, room: str, seats: int, limit: int = 40) -> None:
    """Let turns run out (nobody acts: sudden deaths) until the room has ``seats`` seats."""
    service = client.app.state.service
    for _ in range(limit):
        if len(service.rooms[room].seats) >= seats:
            return
        assert not service.rooms[room].is_over, "the game ended before the dawn"
        deadline(client, room)
    raise AssertionError(f"no dawn seated the newcomers within {limit} turns")


# ---------------------------------------------------------------------- the room form


def test_the_form_offers_endless_yaminabe_as_a_cast():
    mode = ClassicMode()
    field = next(f for f in mode.schema.fields if f.key == "cast")
    assert ("endless", "エンドレス闇鍋") in {(c.value, c.ja) for c in field.choices}
    settings = mode.settings({"players": 12, "cast": "endless"})
    assert mode.seats(settings) == 12 and mode.fewest_seats(settings) == 5  # 5 people and 身代わりくん: 6 seats
    assert mode.fewest_seats(mode.settings({"players": 12, "cast": "endless", "rules": {"scapegoat": "off"}})) == 6
    assert mode.fewest_seats(mode.settings({"players": 12, "cast": "yaminabe"})) is None
    assert mode.summary(settings)["cast"] == {"en": "endless yaminabe 低 (low)", "ja": "エンドレス闇鍋 低"}


@pytest.mark.parametrize("settings,message", [
    ({"rules": {"chemical": True}}, ("エンドレス闇鍋 (endless) is not played with ケミカル人狼 (chemical), as in 月下人狼: "
                                    "turn one of them off")),
    ({"roles": {"Werewolf": 1}}, "roles are for a fixed cast (自由配役) or 一部闇鍋: choose cast fixed or partial"),
    ({"heaven_spectators": True}, ("エンドレス闇鍋 (endless) does not let spectators read 霊界 (heaven_spectators): a "
                                   "spectator may join the game going on, as in 月下人狼 — turn one of them off")),
    ({"rules": {"rolerequest": True}}, ("role requests (希望役職制) need a cast known before the deal (normal, preset "
                                       "or fixed), not endless: a 闇鍋 cast is drawn at the deal")),
])
def test_an_endless_room_refuses_what_its_game_cannot_play_in_one_line(client, settings, message):
    before = client.get("/api/rooms").json()
    answer = client.post("/api/rooms", json={"name": "e", "mode": "classic", **ENDLESS, **settings})
    assert answer.status_code == 400 and answer.json()["error"] == message
    assert client.get("/api/rooms").json() == before  # nothing made


# ---------------------------------------------------------------------- the start


def test_the_host_starts_with_the_people_present_and_the_empty_seats_go(client):
    room = create(client, **ENDLESS)
    tokens = [join(client, room, f"P{i}") for i in range(6)]
    assert post(client, room, "leave", token=tokens[2]) == {"ok": True}  # a gap at seat 2
    del tokens[2]
    assert post(client, room, "leave", token=tokens[3]) == {"ok": True}  # P4 leaves: 4 people left
    del tokens[3]
    refused = post(client, room, "start", token=tokens[0])
    assert refused["error"] == ("4 seats are taken: this room starts with 5 at least (more join while it is played): "
                                "wait for players or fill seats with bots")
    assert get_view(client, room)["room"]["started"] is False  # nothing changed
    tokens.append(join(client, room, "P6"))  # takes the first free seat: 2
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    seen = get_view(client, room, tokens[1])
    assert [s["name"] for s in seen["room"]["seat_list"]] == ["P0", "P1", "P6", "P3", "P5"]  # moved up, in order
    assert seen["you"] == 1 and seen["room"]["host"] == 0 and seen["room"]["seats"] == 5
    assert [p["name"] for p in seen["game"]["players"]] == ["身代わりくん", "P0", "P1", "P6", "P3", "P5"]
    assert [get_view(client, room, t)["you"] for t in tokens] == [0, 1, 3, 4, 2]  # each token opens its own seat
    assert seen["room"]["joinable"] is True


def test_a_room_of_any_other_cast_still_starts_with_every_seat_taken(client):
    room = create(client, players=9, cast="yaminabe")
    tokens = [join(client, room, f"P{i}") for i in range(5)]
    assert post(client, room, "start", token=tokens[0])["error"].startswith("4 seats are empty")
    assert enter(client, room, "Zed")["seat"] == 5  # before the start: the first free seat, as always
    for i in range(6, 9):
        join(client, room, f"P{i}")
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    assert enter(client, room, "Late")["error"] == "the game has started: you can watch as a spectator"


# ---------------------------------------------------------------------- joining the game going on


def test_a_newcomer_watches_until_the_dawn_then_his_token_opens_his_new_seat(client):
    room, tokens = started(client)
    spectator = get_view(client, room)
    zed = enter(client, room, "Zed")
    amy = enter(client, room, "Amy")
    assert (zed["seat"], amy["seat"]) == (5, 6)  # the seats the dawn gives: after the 5 seats, in order
    waiting = get_view(client, room, zed["token"])
    assert waiting["you"] is None and waiting["waiting"] == 5 and "due" not in waiting
    assert waiting["game"] == get_view(client, room)["game"] == spectator["game"]  # a spectator's view of the game
    assert waiting["room"]["entering"] == ["Zed", "Amy"] == get_view(client, room, tokens[1])["room"]["entering"]
    assert [c["key"] for c in waiting["channels"]] == [c["key"] for c in spectator["channels"]]
    assert post(client, room, "action", token=zed["token"], action={"done": True})["error"] == (
        "you take your seat at the next dawn: until then you watch, and speak with the spectators")
    assert post(client, room, "leave", token=zed["token"])["error"].startswith("you take your seat at the next dawn")
    assert post(client, room, "chat", token=zed["token"], text="hello all") == {"ok": True}
    said = get_view(client, room)["chats"]["spectators"]
    assert said[-1]["name"] == "Zed (観戦)" and said[-1]["text"] == "hello all"
    until_seated(client, room, 7)
    seated = get_view(client, room, zed["token"])
    assert seated["you"] == 5 and "waiting" not in seated and "entering" not in seated["room"]
    assert seated["game"]["me"]["role"]["id"]  # his own role card
    assert [s["name"] for s in seated["room"]["seat_list"]][5:] == ["Zed", "Amy"]
    assert get_view(client, room, amy["token"])["you"] == 6
    log = [line["ja"] for line in seated["game"]["log"]]
    assert log.index("Zedさんが参加しました。") < log.index("Amyさんが参加しました。")
    assert [p["name"] for p in seated["game"]["players"]][-2:] == ["Zed", "Amy"]


def test_joining_keeps_every_check_of_the_door(client):
    room = create(client, **ENDLESS, password="secret")
    service = blocking(client)  # the seats taken by the same door, the password checked (PBKDF2 is rate-limited)
    tokens = [service.join(room, f"P{i}", verified=True)[1] for i in range(7)]
    assert post(client, room, "kick", token=tokens[0], seat=6) == {"ok": True}  # P6's token is barred
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    assert enter(client, room, "Zed")["error"] == "wrong room password"
    assert enter(client, room, "Zed", password="secret", token=tokens[6])["error"] == (
        "the host removed you from this room: you cannot take a seat here again")
    for name, message in [("p1", "the nickname 'p1' is taken in this room"),
                          ("Bot Zed", "the nickname 'Bot Zed' passes for a bot: bots' names start with 'Bot'"),
                          ("Ｐ1", "the nickname 'Ｐ1' looks like 'P1', who is in this room: choose another")]:
        with pytest.raises(RoomError) as refused:
            service.join(room, name, verified=True)
        assert str(refused.value) == message
    assert "entering" not in get_view(client, room, tokens[0])["room"]  # nobody entered
    assert enter(client, room, "Zed", password="secret")["seat"] == 6
    with pytest.raises(RoomError, match="the nickname 'zed' is taken in this room"):  # a name waiting is taken too
        service.join(room, "zed", verified=True)
    assert get_view(client, room, tokens[0])["room"]["entering"] == ["Zed"]


def test_an_accounts_only_room_takes_only_signed_in_newcomers_and_one_seat_an_account(client):
    room = create(client, **ENDLESS, accounts_only=True)
    service = blocking(client)
    people = [Account(f"person{i}", f"Person{i}", False, 0.0) for i in range(7)]
    tokens = [service.join(room, f"P{i}", account=people[i])[1] for i in range(5)]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    answer = client.post(f"/api/rooms/{room}/join", json={"name": "Zed"})
    assert answer.status_code == 401 and answer.json()["error"].startswith("this room seats signed-in players only")
    assert service.join(room, "Zed", account=people[5])[0] == 5
    for account in (people[1], people[5]):  # a seat's account, and a newcomer's waiting for his
        with pytest.raises(RoomError, match="your account sits in this room already"):
            service.join(room, "Amy", account=account)
    assert get_view(client, room)["room"]["entering"] == ["Zed"]


def test_nobody_joins_when_the_seats_counted_are_full_and_the_refusal_says_why(client):
    room, _tokens = started(client, people=8)  # 8 and 身代わりくん: 9 seats counted of the room's 9 + 1
    assert enter(client, room, "Zed")["seat"] == 8
    answer = client.post(f"/api/rooms/{room}/join", json={"name": "Amy"})
    assert answer.status_code == 400 and answer.json()["error"].startswith(
        "nobody may join this game now: the room is full: 9 seats counted")
    assert get_view(client, room)["room"]["entering"] == ["Zed"] and "joinable" not in get_view(client, room)["room"]


def test_a_newcomer_asking_while_a_turn_closes_is_told_to_ask_again_and_nothing_is_stored(client):
    room, _tokens = started(client)
    service = client.app.state.service
    events = len(service.store.events(room))
    service.rooms[room].state.closing = True  # the night is over, its outcome not yet drawn
    try:
        answer = client.post(f"/api/rooms/{room}/join", json={"name": "Zed"}, headers={"Accept-Language": "ja"})
        assert answer.status_code == 400 and answer.json()["error"] == (
            "nobody may join this game now: the phase is closing: ask again in a moment; you can watch as a spectator")
        assert answer.json()["ja"].startswith("今は途中参加できません: フェーズの終わりの処理中です")
        assert len(service.store.events(room)) == events and "entering" not in get_view(client, room)["room"]
    finally:
        service.rooms[room].state.closing = False
    assert enter(client, room, "Zed")["seat"] == 5


@pytest.mark.parametrize("room_options,name", [({}, "Zed"), ({"blind": True}, "覆面6")])
def test_a_spectator_cannot_chat_under_the_name_of_a_person_waiting(client, room_options, name):
    room = create(client, **ENDLESS, room=room_options)
    tokens = [join(client, room, f"P{i}") for i in range(5)]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    assert enter(client, room, "Zed")["seat"] == 5
    assert get_view(client, room)["room"]["entering"] == [name]
    answer = client.post(f"/api/rooms/{room}/watch", json={"name": name})
    assert answer.status_code == 400 and answer.json()["error"] == f"the nickname {name!r} is taken in this room"
    assert client.post(f"/api/rooms/{room}/watch", json={"name": "Amy"}).status_code == 200


def test_people_still_waiting_when_the_game_ends_are_spectators_and_nobody_is_told_they_join(client, monkeypatch):
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: 0)  # a game that ends with N4 waiting
    room, _tokens = started(client)
    service, tokens, k = client.app.state.service, {}, 0
    for _ in range(100):  # nobody acts: sudden deaths free seats, people join, until the game ends
        if service.rooms[room].is_over:
            break
        if service.rooms[room].joinable:
            tokens[f"N{k}"] = enter(client, room, f"N{k}")["token"]
            k += 1
            continue
        deadline(client, room)
    assert service.rooms[room].is_over and [p.name for p in service.rooms[room].entrants] == ["N4"]
    view = get_view(client, room, tokens["N4"])
    assert view["you"] is None and "waiting" not in view and "entering" not in view["room"]
    assert "entering" not in get_view(client, room)["room"]  # nor is anybody told he is about to join
    assert post(client, room, "action", token=tokens["N4"], action={"vote": "P0"})["error"] == (
        "the game ended before the dawn that would have seated you: you watched it as a spectator")
    assert get_view(client, room, tokens["N3"])["you"] == 8  # the last one seated before the end plays his seat


# ---------------------------------------------------------------------- restarts


def _store(kind: str, tmp_path) -> str:
    if kind == "postgres":
        import psycopg

        with psycopg.connect(POSTGRES, autocommit=True) as db:
            for table in TABLES:
                db.execute(f"DROP TABLE IF EXISTS {table}")
        assert POSTGRES is not None
        return POSTGRES
    return str(tmp_path / "endless.db")


def views(client: TestClient, room: str, tokens: list[str]) -> list[dict[str, Any]]:
    """Each token's view and a spectator's, less the server's time and the deadline's countdown."""
    seen = []
    for token in [*tokens, None]:
        view = get_view(client, room, token)
        view.pop("server_time")
        seen.append(view)
    return seen


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=needs.postgres)])
def test_a_restart_rebuilds_the_room_with_its_newcomer_waiting_and_after_his_dawn(kind, tmp_path):
    where = _store(kind, tmp_path)
    with TestClient(create_app(open_store(where))) as client:
        room, tokens = started(client)
        zed = enter(client, room, "Zed")
        tokens.append(zed["token"])
        before = views(client, room, tokens)
    with TestClient(create_app(open_store(where))) as client:  # a stop (snapshot) and a start
        assert views(client, room, tokens) == before
        service = client.app.state.service
        replayed = Room.from_events(service.store.events(room))  # the events alone give the same room
        assert replayed.entrants == service.rooms[room].entrants and replayed.seats == service.rooms[room].seats
        until_seated(client, room, 6)
        after = views(client, room, tokens)
        assert after[5]["you"] == 5 and after[5]["game"]["me"]["role"]["id"]
        snapshot = snapshots.take(service.rooms[room])
    with TestClient(create_app(open_store(where))) as client:
        assert views(client, room, tokens) == after
        service = client.app.state.service
        again = Room.from_events(service.store.events(room))
        assert json.dumps(again.view(5, 0.0), sort_keys=True) == json.dumps(service.rooms[room].view(5, 0.0),
                                                                              sort_keys=True)
        assert snapshots.restore(snapshot).view(5, 0.0) == service.rooms[room].view(5, 0.0)


def test_a_seat_that_believes_a_sub_role_reads_its_view():
    """血まみれのメアリー believes it is メアリー, a sub-role's id (not a role's): its view once crashed on it (a
    newcomer drew it; any 闇鍋 that dealt it too)."""
    mode = ClassicMode()
    settings = mode.settings({"players": 6, "cast": "yaminabe"})
    village = mode.start(tuple(f"P{i}" for i in range(6)), settings)
    village.game = Game.new(("身代わりくん", *village.players), ["Human", "BloodyMary", "Werewolf", "Diviner", "Human",
                                                             "Human", "Human"],
                            engine_settings(settings), Draws(np.random.default_rng(0)))
    assert mode.view(village, 0)["me"]["role"] == {"id": "Mary", "ja": "メアリー", "en": "Mary"}


# ---------------------------------------------------------------------- real sockets


def test_over_real_sockets_a_newcomer_s_connection_becomes_his_seat_s_at_the_dawn(tmp_path):
    """uvicorn on 127.0.0.1, the SQLite store: the newcomer joins over HTTP, his WebSocket (his token) is sent a
    spectator's view that names his seat to come, refuses his action until the dawn, then is sent his seat's view
    on the same connection, where he votes."""
    import asyncio
    from types import SimpleNamespace

    from websockets.sync.client import connect

    app = create_app(open_store(str(tmp_path / "sockets.db")))
    with serving(app) as (url, loop):
        server = SimpleNamespace(url=url)
        room = call(server, "POST", "/api/rooms", {"name": "e", "mode": "classic", **ENDLESS})["id"]
        tokens = [call(server, "POST", f"/api/rooms/{room}/join", {"name": f"P{i}"})["token"] for i in range(5)]
        assert call(server, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
        zed = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Zed"})
        assert zed["seat"] == 5
        service = app.state.service
        with connect(f"{url.replace('http', 'ws')}/ws/rooms/{room}?token={zed['token']}") as socket:
            first = json.loads(socket.recv(timeout=10))
            assert first["you"] is None and first["waiting"] == 5 and first["game"]["me"] is None
            socket.send(json.dumps({"type": "action", "action": {"done": True}}))
            refused = json.loads(socket.recv(timeout=10))
            assert refused["type"] == "error" and refused["error"].startswith("you take your seat at the next dawn")
            seated = None
            for _ in range(20):
                key = asyncio.run_coroutine_threadsafe(_turn_key(service, room), loop).result(10)
                asyncio.run_coroutine_threadsafe(service._deadline_passed(room, key), loop).result(30)
                while seated is None:
                    try:
                        message = json.loads(socket.recv(timeout=2))
                    except TimeoutError:
                        break
                    if message.get("type") == "view" and message["you"] == 5:
                        seated = message
                if seated is not None:
                    break
            assert seated is not None and "waiting" not in seated and seated["game"]["me"]["role"]["id"]
            vote = next(legal for legal in seated["game"]["legal"] if legal["verb"] == "vote")
            socket.send(json.dumps({"type": "action", "action": {"vote": vote["targets"][0]}}))
            socket.send(json.dumps({"type": "ping"}))
            answers = []
            while not answers or answers[-1].get("type") != "pong":
                answers.append(json.loads(socket.recv(timeout=10)))
            assert not [a for a in answers if a.get("type") == "error"], answers
            assert get_view_at(server, room, zed["token"])["game"]["me"]  # his seat's view over HTTP too


def get_view_at(server, room: str, token: str) -> dict[str, Any]:
    return call(server, "GET", f"/api/rooms/{room}/view?token={token}")


async def _turn_key(service, room: str) -> tuple[int, int]:
    return service.rooms[room].turn_key


# ---------------------------------------------------------------------- room options, rematch


@pytest.mark.parametrize("options,name", [({"blind": True}, "覆面7"), ({"gm": True}, "Zed"),
                                          ({"blind": True, "gm": True}, "覆面7")], ids=["blind", "gm", "both"])
def test_a_newcomer_in_a_masked_or_game_master_room_plays_under_his_seat_s_name(client, options, name):
    """覆面: he waits, talks and takes his seat under the mask of the seat he will take (no name of his is shown);
    a game master's seat plays no game seat, and the newcomer's room seat is still the next one."""
    room = create(client, **ENDLESS, room=options)
    tokens = [join(client, room, f"P{i}") for i in range(6)]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    zed = enter(client, room, "Zed")
    assert zed["seat"] == 6 and get_view(client, room)["room"]["entering"] == [name]
    assert post(client, room, "chat", token=zed["token"], text="hi") == {"ok": True}
    assert get_view(client, room)["chats"]["spectators"][-1]["name"] == f"{name} (観戦)"
    until_seated(client, room, 7)
    seated = get_view(client, room, zed["token"])
    assert seated["you"] == 6 and seated["room"]["seat_list"][6]["name"] == name
    assert seated["game"]["players"][-1]["name"] == name and seated["game"]["me"]["role"]["id"]
    text = json.dumps(get_view(client, room), ensure_ascii=False)
    assert ("Zed" in text) is (name == "Zed")  # a masked newcomer's own name is nowhere before the end


@pytest.mark.parametrize("blind", [True, "complete"])
def test_a_masked_room_started_with_empty_seats_keeps_each_seat_s_mask_and_numbers_newcomers_after(client, blind):
    """The empty seats go at the start, but not the masks: a seat's lobby lines were said under its mask, so it keeps
    it (覆面1, 覆面3 …), and a newcomer's mask takes the next number after the room's (no mask is worn twice)."""
    room = create(client, **ENDLESS, room={"blind": blind})
    tokens = [join(client, room, f"P{i}") for i in range(7)]
    assert post(client, room, "leave", token=tokens[1]) == {"ok": True}
    assert post(client, room, "chat", token=tokens[6], text="I am P6") == {"ok": True}
    assert get_view(client, room)["chat"][-1]["name"] == "覆面7"
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    masks = ["覆面1", "覆面3", "覆面4", "覆面5", "覆面6", "覆面7"]
    view = get_view(client, room, tokens[6])
    assert view["you"] == 5 and [s["name"] for s in view["room"]["seat_list"]] == masks
    assert [p["name"] for p in view["game"]["players"]] == ["身代わりくん", *masks]
    assert enter(client, room, "Zed")["seat"] == 6 and get_view(client, room)["room"]["entering"] == ["覆面8"]
    until_seated(client, room, 7)
    assert [s["name"] for s in get_view(client, room)["room"]["seat_list"]] == [*masks, "覆面8"]
    service = client.app.state.service
    rebuilt = Room.from_events(service.store.events(room))
    assert rebuilt.view(None, 0.0) == service.rooms[room].view(None, 0.0)


def test_a_rematch_of_a_room_that_grew_past_its_number_seats_its_first_seats(client):
    room, tokens = started(client, people=9)  # a full room: 9 and 身代わりくん, its 10 seats counted
    service = client.app.state.service
    newcomers = iter(f"N{i}" for i in range(20))
    for _ in range(200):  # the people vote; their nights run out (sudden deaths free places, newcomers take them)
        current = service.rooms[room]
        if current.is_over:
            break
        if current.joinable:
            tokens.append(enter(client, room, next(newcomers))["token"])
            continue
        voted = False
        for token in tokens:
            seen = get_view(client, room, token)
            action = first_choice(seen["game"]) if seen["you"] is not None and not seen["game"]["result"] else None
            if action is not None and "vote" in action and seen["you"] in awaited(client, room):
                voted = post(client, room, "action", token=token, action=action) == {"ok": True} or voted
        if not voted and not service.rooms[room].is_over:
            deadline(client, room)
    assert service.rooms[room].is_over and len(service.rooms[room].seats) > 9
    new = post(client, room, "rematch", token=tokens[0])["id"]
    seated = get_view(client, new)["room"]["seat_list"]
    assert [s["name"] for s in seated] == [s.name for s in service.rooms[room].seats[:9]]


def test_the_ready_check_of_an_endless_room_runs_from_its_last_seat_taken(client):
    """A room that starts with the people present: its ready check waits for them (or its time, counted from the
    last seat taken or left once enough are), never for the empty seats."""
    room = create(client, **ENDLESS, ready_check=True)
    tokens = [join(client, room, f"P{i}") for i in range(4)]
    seen = get_view(client, room)["room"]
    assert seen["fewest"] == 5 and seen["ready_until"] is None  # too few to start: no time runs
    tokens.append(join(client, room, "P4"))
    seen = get_view(client, room)["room"]
    assert seen["ready_until"] is not None
    refused = post(client, room, "start", token=tokens[0])
    assert refused["error"].startswith("4 of the players have not said they are ready (P1, P2, P3, P4)")
    for token in tokens[1:]:
        assert post(client, room, "ready", token=token) == {"ok": True}
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    assert "fewest" not in get_view(client, room)["room"]


def test_sigkill_while_a_newcomer_waits_and_after_his_dawn_brings_the_room_back(tmp_path):
    """`jinrou serve` killed (SIGKILL: no snapshot at a stop) while a newcomer waits: restarted, his token still
    waits for the same seat; the turns run out by the server's own clock until the dawn seats him; killed again,
    his seat and its view come back."""
    server = Server(str(tmp_path / "jinrou.db")).start()
    try:
        room = call(server, "POST", "/api/rooms", {"name": "e", "mode": "classic", **ENDLESS,
                                                    "times": {"night": 600, "day": 600}})["id"]
        tokens = [call(server, "POST", f"/api/rooms/{room}/join", {"name": f"P{i}"})["token"] for i in range(5)]
        assert call(server, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
        zed = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Zed"})

        def seen() -> dict[str, Any]:
            return call(server, "GET", f"/api/rooms/{room}/view?token={zed['token']}")

        waiting = seen()
        server.kill()
        server.start()
        again = seen()
        assert again["waiting"] == waiting["waiting"] == 5 and again["you"] is None  # the night's 600 s run on
        for _ in range(100):  # the people play their night (its required actions, then done) until the dawn
            if seen().get("you") == 5 or seen()["game"]["result"]:
                break
            acted = [play_a_step(server, room, token) for token in tokens]  # each person, every time
            if not any(acted):
                raise AssertionError("nobody could act")
        seated = seen()
        assert seated["you"] == 5 and seated["game"]["me"]["role"]["id"], seated["game"]["result"]
        server.kill()
        server.start()
        assert seen()["you"] == 5 and seen()["game"]["players"][6]["name"] == "Zed"
    finally:
        server.stop()
