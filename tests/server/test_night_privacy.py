"""Who acts at night, and how much the wolves talk, cannot be read off what others are sent (issue
26, points 1 and 2): no seat's turn time is published where seats act unseen, a view is pushed to a
listener only when it changed for him, and chat lines are numbered in their own channel."""

from __future__ import annotations

import json
from typing import Any

from jinrou.classic.replay import replay
from tests.modes.test_classic_mode import first_choice

from .test_api import drain
from .test_classic_online import create, get_view, join, post

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


def classic_room(client) -> tuple[str, list[str]]:
    room = create(client, players=6, cast="fixed", roles={"Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 4},
                  times={"night": 600, "day": 600})
    tokens = [join(client, room, name) for name in NAMES]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    return room, tokens


def role_of(client, room: str, token: str) -> str:
    return get_view(client, room, token)["game"]["me"]["role"]["id"]


def test_a_night_pushes_nothing_to_those_who_cannot_see_it_and_publishes_no_seat_clock(client):
    room, tokens = classic_room(client)
    roles = {token: role_of(client, room, token) for token in tokens}
    wolf = next(t for t in tokens if roles[t] == "Werewolf")
    villagers = [t for t in tokens if roles[t] == "Human"]
    sockets = {t: client.websocket_connect(f"/ws/rooms/{room}?token={t}") for t in tokens}
    spectator = client.websocket_connect(f"/ws/rooms/{room}")
    opened = {key: ws.__enter__() for key, ws in [*sockets.items(), (None, spectator)]}
    try:
        sent: dict[Any, list[dict[str, Any]]] = {key: [ws.receive_json()] for key, ws in opened.items()}
        assert all(m["game"]["stage"] == "night" for found in sent.values() for m in found)
        night: dict[Any, int] = {key: 0 for key in opened}  # pushes caused by others, before the night closes
        assert post(client, room, "chat", token=wolf, text="who shall we eat?", channel="wolves") == {"ok": True}
        for key, ws in opened.items():
            pushed = len(drain(ws))
            night[key] += pushed if key != wolf else 0
        for token in tokens:  # every seat does its night: the three with an action act, then all are done
            while (action := first_choice(get_view(client, room, token)["game"])) is not None:
                if get_view(client, room, token)["game"]["stage"] != "night":
                    break
                assert post(client, room, "action", token=token, action=action) == {"ok": True}
                if action == {"done": True}:
                    break
            if get_view(client, room, tokens[0])["game"]["stage"] != "night":
                break  # the last "done" closed the night: pushed to everybody
            for key, ws in opened.items():
                pushed = len(drain(ws))
                night[key] += pushed if key != token else 0
        for key, ws in opened.items():
            sent[key].extend(drain(ws))
    finally:
        for ws in opened.values():
            ws.__exit__(None, None, None)
    quiet = {"spectator": night[None], **{f"villager {i}": night[t] for i, t in enumerate(villagers)}}
    assert set(quiet.values()) == {0}, quiet  # the wolf's chat, the seer's and the guard's actions: nothing
    for key, found in sent.items():
        for message in found:
            assert "used" not in message["room"] and "cursor" not in message
            text = json.dumps(message, ensure_ascii=False)
            if key != wolf and message["game"]["stage"] == "night":
                assert "who shall we eat?" not in text


def test_chat_lines_are_numbered_in_their_channel_so_a_reader_cannot_count_the_others(client):
    room, tokens = classic_room(client)
    roles = {token: role_of(client, room, token) for token in tokens}
    wolf = next(t for t in tokens if roles[t] == "Werewolf")
    villager = next(t for t in tokens if roles[t] == "Human")
    with client.websocket_connect(f"/ws/rooms/{room}?token={villager}") as ws:
        ws.receive_json()
        for i in range(3):
            post(client, room, "chat", token=wolf, text=f"plan {i}", channel="wolves")
        assert drain(ws) == []
    seen = get_view(client, room, wolf)["chats"]["wolves"]
    assert [line["text"] for line in seen] == ["plan 0", "plan 1", "plan 2"]
    with client.websocket_connect(f"/ws/rooms/{room}?token={wolf}&have=wolves:2") as ws:
        back = ws.receive_json()  # a reconnect with two wolf lines is sent the third only
        assert back["append"] is True and [(x["text"], x["n"]) for x in back["chats"]["wolves"]] == [("plan 2", 2)]


def test_a_shogi_clock_is_still_shown_to_both_sides(client):
    room = client.post("/api/rooms", json={"name": "clock", "mode": "shogi", "clock_seconds": 60}).json()["id"]
    ann = join(client, room, "Ann")
    assert "used" in get_view(client, room, ann)["room"]


def test_the_form_says_that_reading_the_dead_as_a_spectator_is_open_to_anyone_unseated(client):
    modes = {m["name"]: {f["key"]: f for f in m["schema"]["fields"]} for m in client.get("/api/modes").json()}
    for note in (modes["classic"]["heaven_spectators"]["note"], modes["quantum"]["spectators_read_heaven"]["note"]):
        assert "a living player in a second tab" in note["en"] and "password" in note["en"]
        assert "パスワード" in note["ja"]
    room = create(client, players=6, cast="fixed", roles={"Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 4},
                  heaven_spectators=True)
    assert [c["key"] for c in get_view(client, room)["channels"]] == ["village", "spectators"]  # none before start


def test_after_the_end_everyone_reads_every_chat_and_the_record_keeps_them(client):
    room, tokens = classic_room(client)
    roles = {token: role_of(client, room, token) for token in tokens}
    wolf = next(t for t in tokens if roles[t] == "Werewolf")
    villager = next(t for t in tokens if roles[t] == "Human")
    assert post(client, room, "chat", token=wolf, text="eat the seer", channel="wolves") == {"ok": True}
    assert "wolves" not in get_view(client, room, villager)["chats"]
    for _ in range(200):  # everybody plays their first choice until the end
        if get_view(client, room)["game"]["result"]:
            break
        for token in tokens:
            game = get_view(client, room, token)["game"]
            action = first_choice(game)
            if action is not None and not game["result"]:
                client.post(f"/api/rooms/{room}/action", json={"token": token, "action": action})
    assert get_view(client, room)["game"]["result"]
    for reader in (villager, None):  # a villager and a spectator: the wolves' talk, to read only
        seen = get_view(client, room, reader)
        wolves = next(c for c in seen["channels"] if c["key"] == "wolves")
        assert wolves["write"] is False and [line["text"] for line in seen["chats"]["wolves"]] == ["eat the seer"]
    assert post(client, room, "chat", token=villager, text="well played") == {"ok": True}  # the 感想戦
    record = client.get(f"/api/rooms/{room}/record").json()
    assert {"name": NAMES[tokens.index(wolf)], "text": "eat the seer", "phase": "1日目 夜 · night 1",
            "channel": "wolves"} in record["chat"]
    assert record["chat"][-1] == {"name": NAMES[tokens.index(villager)], "text": "well played", "phase": "over",
                                  "channel": "village"}
    assert replay(record).is_over  # the chat rides along; the rules ignore it
