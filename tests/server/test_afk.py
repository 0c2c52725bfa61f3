"""AFK defence, the server's part (issue 41, deliverable 4): a seat is told, in its own view only,
whether it still owes an action before the deadline (``due``), from which its page warns it at 60,
30 and 10 seconds — and that flag tells nobody anything new: no other payload holds it, and it
changes only when the seat's own view changes anyway (so no push is made for it)."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from jinrou.server.rooms import Room
from jinrou.server.store import open_store
from tests.modes.test_classic_mode import first_choice

from .test_api import drain
from .test_classic_online import create, deadline, get_view, join, post

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


def classic_room(client, **times: int) -> tuple[str, list[str]]:
    room = create(client, players=6, cast="fixed", roles={"Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 4},
                  times={"night": 600, "day": 600, **times})
    tokens = [join(client, room, name) for name in NAMES]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    return room, tokens


def test_a_seat_is_due_while_it_owes_its_night_action_or_its_vote_and_not_otherwise(client, monkeypatch):
    # the room's seed fixed (it is drawn at the room's creation): a deal where a person, not 身代わりくん, is the seer
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: 0)
    room, tokens = classic_room(client)
    views = {t: get_view(client, room, t) for t in tokens}
    roles = {t: v["game"]["me"]["role"]["id"] for t, v in views.items()}
    night = {roles[t]: v["due"] for t, v in views.items()}
    # night 1: the seer must divine; a villager owes nothing — a "done" is a courtesy, not a duty (the
    # wolves' first attack falls on 身代わりくん by itself); each seat's flag is what its own form says
    assert night.get("Diviner", True) is True and night["Human"] is False, night  # (or 身代わりくん is the seer)
    assert all(v["due"] == any(legal["required"] for legal in v["game"]["legal"]) for v in views.values())
    seer = next(t for t in tokens if roles[t] == "Diviner")
    assert post(client, room, "action", token=seer, action=first_choice(get_view(client, room, seer)["game"])) == {
        "ok": True}
    assert get_view(client, room, seer)["due"] is False
    assert "due" not in get_view(client, room)  # a spectator is told of nobody
    for token in tokens:  # the night ends
        while get_view(client, room, token)["game"]["stage"] == "night" and (
                action := first_choice(get_view(client, room, token)["game"])) is not None:
            assert post(client, room, "action", token=token, action=action) == {"ok": True}
            if action == {"done": True}:
                break
    day = {t: get_view(client, room, t) for t in tokens}
    assert all(v["game"]["stage"] == "day" for v in day.values())
    living = [t for t in tokens if day[t]["game"]["me"]["alive"]]
    assert all(day[t]["due"] for t in living)  # every living seat owes its vote
    assert not any(day[t]["due"] for t in tokens if t not in living)  # the dead owe nothing
    voter = living[0]
    assert post(client, room, "action", token=voter, action=first_choice(day[voter]["game"])) == {"ok": True}
    assert get_view(client, room, voter)["due"] is False
    assert all(get_view(client, room, t)["due"] for t in living[1:])


def test_no_seat_is_due_in_the_lobby_or_after_the_end_and_bots_owe_nothing_told(client):
    room = create(client, players=6, cast="fixed", roles={"Werewolf": 1, "Human": 6})
    token = join(client, room, "Ann")
    assert get_view(client, room, token)["due"] is False


def frames(events: list, seats: int) -> list[list[tuple[bool, str]]]:
    """After each event of a room, each seat's (due, the rest of its view without the time and chat)."""
    room = Room.created(events[0])
    found = []
    for event in events[1:]:
        room.fold(event)
        line = []
        for seat in range(seats):
            view = room.view(seat, 0.0)
            due = view.pop("due")
            line.append((due, json.dumps({k: v for k, v in view.items() if k not in ("chat", "chats")},
                                         sort_keys=True, ensure_ascii=False)))
        found.append(line)
    return found


@pytest.mark.parametrize("skip", [2, 3])
def test_due_changes_only_when_the_seats_own_view_changes_in_whole_classic_games(tmp_path, skip):
    """Every event of whole games — people who act late or never (sudden deaths, graces), wolves who
    propose and attack, votes and runoffs —: a seat's ``due`` never flips unless its view changed too,
    so it is pushed nothing it would not have been pushed, and learns nothing of the others."""
    from starlette.testclient import TestClient

    from jinrou.server.app import create_app

    store = open_store(str(tmp_path / "afk.db"))
    with TestClient(create_app(store)) as client:
        room = create(client, players=8, cast="fixed", roles={"Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1,
                                                              "Human": 4}, times={"night": 600, "day": 600})
        tokens = [join(client, room, name) for name in (*NAMES, "Gus", "Hal")]
        post(client, room, "start", token=tokens[0])
        step = 0
        for _ in range(400):
            if client.app.state.service.rooms[room].is_over:
                break
            acted = False
            for seat, token in enumerate(tokens):
                step += 1
                game = get_view(client, room, token)["game"]
                action = first_choice(game)
                if action is None or (step + seat) % skip == 0:  # this one is late (or gone) this turn
                    continue
                acted = post(client, room, "action", token=token, action=action) == {"ok": True} or acted
            if not acted:
                deadline(client, room)
        assert client.app.state.service.rooms[room].is_over
        events = store.events(room)
    seen = frames(events, 8)
    flips = 0
    for before, after in itertools.pairwise(seen):
        for (due_before, rest_before), (due_after, rest_after) in zip(before, after):
            if due_before != due_after:
                flips += 1
                assert rest_before != rest_after, "due changed while the seat's view did not"
    assert flips > 20  # it did change, many times


def test_only_the_seat_itself_is_pushed_its_due_flag(client):
    room, tokens = classic_room(client)
    sockets = {t: client.websocket_connect(f"/ws/rooms/{room}?token={t}") for t in tokens[:2]}
    spectator = client.websocket_connect(f"/ws/rooms/{room}")
    opened = {key: ws.__enter__() for key, ws in [*sockets.items(), (None, spectator)]}
    try:
        sent: dict[Any, list[dict[str, Any]]] = {key: [ws.receive_json()] for key, ws in opened.items()}
        for token in tokens:
            action = first_choice(get_view(client, room, token)["game"])
            if action is not None:
                post(client, room, "action", token=token, action=action)
        for key, ws in opened.items():
            sent[key].extend(drain(ws))
    finally:
        for ws in opened.values():
            ws.__exit__(None, None, None)
    assert all("due" not in m for m in sent[None])
    for token in tokens[:2]:
        assert sent[token][-1]["due"] == get_view(client, room, token)["due"]  # its own, up to date
        assert all(set(m) - {"due"} == set(sent[None][0]) for m in sent[token])  # and nobody else's


def test_a_quantum_seat_is_due_exactly_when_its_own_view_names_it_awaited(client):
    from .test_api import my_action, view

    room = client.post("/api/rooms", json={"name": "q", "seats": 5, "wolves": 1}).json()["id"]
    tokens = [client.post(f"/api/rooms/{room}/join", json={"name": n}).json()["token"] for n in NAMES[:3]]
    client.post(f"/api/rooms/{room}/bots", json={"token": tokens[0]})
    client.post(f"/api/rooms/{room}/start", json={"token": tokens[0]})
    checked = 0
    for _ in range(60):
        seen = {t: view(client, room, t) for t in tokens}
        if seen[tokens[0]]["game"]["outcome"]:
            break
        for token, found in seen.items():
            me = found["room"]["seat_list"][found["you"]]["name"]
            assert found["due"] == (me in found["game"]["waiting_for"]), found["game"]["phase"]
            checked += 1
        token = next((t for t in tokens if seen[t]["due"]), None)
        if token is None:
            break
        client.post(f"/api/rooms/{room}/action", json={"token": token, "action": my_action(seen[token]["game"])})
    assert checked >= 6
