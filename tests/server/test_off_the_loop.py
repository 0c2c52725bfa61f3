"""Nothing slow runs on the event loop (issue 27): the store is awaited — an append the database is
still writing does not hold up the loop (other rooms are read, the lobby served) — and a bot thinks
on a thread, so a slow bot never holds up another room. No timings: the slow part waits on an event
the test sets only once the other room has been served."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest
from starlette.testclient import TestClient

from jinrou import modes
from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .conftest import blocking
from .nim_mode import NimMode, Pile
from .test_api import join, new_room

THINKING, DECIDE = threading.Event(), threading.Event()


class SlowNimMode(NimMode):
    """Nim whose bot decides only when the test lets it (:data:`DECIDE`)."""

    name = "slownim"

    def bot_action(self, pile: Pile, seat: int, rng: np.random.Generator) -> dict[str, Any]:
        THINKING.set()
        assert DECIDE.wait(30), "the test never let the bot decide"
        return super().bot_action(pile, seat, rng)


class WrongNimMode(NimMode):
    """Nim whose bot takes more stones than it may."""

    name = "wrongnim"

    def bot_action(self, pile: Pile, seat: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"take": 99}


def test_an_append_the_database_is_still_writing_does_not_hold_up_the_loop(client):
    store = client.app.state.service.store  # the synchronous store, run by the async one on its thread
    slow, writing, done = new_room(client), threading.Event(), threading.Event()
    other = new_room(client)
    ann = join(client, slow, "Ann")
    run = store.run

    def held(op):
        if "slow line" in str(op.statements):  # the append of the chat line below: the database is slow
            writing.set()
            assert done.wait(30)
        return run(op)

    store.run = held
    answers = []
    speaker = threading.Thread(target=lambda: answers.append(
        client.post(f"/api/rooms/{slow}/chat", json={"token": ann, "text": "slow line"})))
    speaker.start()
    assert writing.wait(10)  # the append is under way on the store's thread; the loop is free:
    assert client.get(f"/api/rooms/{other}/view").status_code == 200
    assert client.get("/api/modes").status_code == 200
    assert speaker.is_alive() and not answers  # … while the slow room's command still awaits its append
    done.set()
    speaker.join()
    assert answers[0].json() == {"ok": True}


@pytest.fixture
def slow_bots(monkeypatch, tmp_path):
    monkeypatch.setitem(modes.REGISTRY, "slownim", f"{__name__}:SlowNimMode")
    monkeypatch.setitem(modes.REGISTRY, "wrongnim", f"{__name__}:WrongNimMode")
    monkeypatch.setitem(modes.REGISTRY, "nim", "tests.server.nim_mode:NimMode")
    THINKING.clear()
    DECIDE.clear()
    with TestClient(create_app(open_store(str(tmp_path / "bots.db")))) as client:
        yield client
    DECIDE.set()


def test_a_slow_bot_thinks_off_the_loop_and_another_room_is_served_meanwhile(slow_bots):
    client = slow_bots
    slow = client.post("/api/rooms", json={"name": "slow", "mode": "slownim", "stones": 10}).json()["id"]
    ann = client.post(f"/api/rooms/{slow}/join", json={"name": "Ann"}).json()["token"]
    client.post(f"/api/rooms/{slow}/bots", json={"token": ann})
    other = client.post("/api/rooms", json={"name": "other", "mode": "nim", "stones": 10}).json()["id"]
    ben, cat = (client.post(f"/api/rooms/{other}/join", json={"name": n}).json()["token"] for n in ("Ben", "Cat"))
    assert client.post(f"/api/rooms/{other}/start", json={"token": ben}).json() == {"ok": True}
    assert client.post(f"/api/rooms/{slow}/start", json={"token": ann}).json() == {"ok": True}
    answers = []
    mover = threading.Thread(target=lambda: answers.append(  # Ann takes 3: the bot's turn
        client.post(f"/api/rooms/{slow}/action", json={"token": ann, "action": {"take": 3}})))
    mover.start()
    assert THINKING.wait(10)  # the bot is thinking now, on its thread, until the test lets it decide
    # another room is played meanwhile: its commands and its view are served
    assert client.post(f"/api/rooms/{other}/action", json={"token": ben, "action": {"take": 1}}).json() == {"ok": True}
    assert client.post(f"/api/rooms/{other}/action", json={"token": cat, "action": {"take": 2}}).json() == {"ok": True}
    assert client.get(f"/api/rooms/{other}/view").json()["game"]["stones"] == 7
    assert mover.is_alive() and not answers  # Ann's move is answered once the bot has replied (settled)
    DECIDE.set()
    mover.join()
    assert answers[0].json() == {"ok": True}
    game = client.get(f"/api/rooms/{slow}/view?token={ann}").json()["game"]
    assert game["log"] == ["Ann takes 3", "Bot Alice takes 3"] and game["stones"] == 4


def test_a_bots_action_takes_a_persons_path_and_a_refused_one_sits_out_the_turn_until_its_deadline(slow_bots):
    client = slow_bots
    room = client.post("/api/rooms", json={"name": "wrong", "mode": "wrongnim", "stones": 10}).json()["id"]
    ann = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    client.post(f"/api/rooms/{room}/bots", json={"token": ann})
    client.post(f"/api/rooms/{room}/start", json={"token": ann})
    assert client.post(f"/api/rooms/{room}/action", json={"token": ann, "action": {"take": 2}}).json() == {"ok": True}
    service = client.app.state.service
    kinds = [e.kind for e in service.store.events(room)]
    assert kinds.count("action") == 1 and kinds[-1] == "deadline"  # the bot's move was checked and refused
    game = client.get(f"/api/rooms/{room}/view?token={ann}").json()["game"]
    assert game["stones"] == 8 and game["result"] is None  # the game waits for the bot's seat, as for a person
    blocking(client)._deadline_passed(room, service.rooms[room].turn_key)
    game = client.get(f"/api/rooms/{room}/view?token={ann}").json()["game"]
    assert game["log"][-1] == "time" and game["result"]["winners"] == ["Ann"]  # its time ran out: Ann wins
