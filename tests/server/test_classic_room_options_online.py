"""Issue 36's room options of time and talk over real sockets: a `jinrou serve` process on 127.0.0.1, six
people on WebSockets. n秒ルール closes the village talk for the day's first seconds and the server's own timer
opens it; each seat's will (遺言) reaches its writer alone until its death, then everybody; the options are in
the record's settings."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.parse
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.modes.test_classic_mode import first_choice

from .conftest import wait_until
from .test_restart import call

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
ROOM = {"name": "options", "mode": "classic", "players": 6, "cast": "fixed",
        "roles": {"Werewolf": 1, "Diviner": 1, "Human": 4}, "rules": {"scapegoat": "off"},
        "times": {"night": 600, "day": 600, "silentrule": 4}}


def view(server, room: str, token: str | None = None) -> dict[str, Any]:
    return call(server, "GET", f"/api/rooms/{room}/view" + (f"?token={token}" if token else ""))


def drain(sockets: dict, payloads: dict) -> None:
    for seat, ws in sockets.items():
        while True:
            try:
                payloads[seat].append(ws.recv(timeout=0.05))
            except TimeoutError:
                break


def drain_to_the_end(sockets: dict, payloads: dict) -> None:
    """Drain every socket until each has been pushed the finished game's view (bounded by wait_until)."""
    def ended() -> bool:
        drain(sockets, payloads)
        return all(any((json.loads(text).get("game") or {}).get("result") for text in payloads[seat]) for seat in sockets)
    wait_until(ended, timeout=20, what="every socket's view of the end")


def test_the_silence_and_the_wills_over_real_sockets(server):
    room = call(server, "POST", "/api/rooms", ROOM)["id"]
    tokens = [call(server, "POST", f"/api/rooms/{room}/join", {"name": n})["token"] for n in NAMES]
    url = f"ws://127.0.0.1:{server.port}/ws/rooms/{room}"
    payloads: dict[int | None, list[str]] = {seat: [] for seat in [*range(6), None]}
    with contextlib.ExitStack() as stack:
        seats = [stack.enter_context(connect(f"{url}?token={t}")) for t in tokens]
        sockets = {**dict(enumerate(seats)), None: stack.enter_context(connect(url))}
        assert call(server, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
        for seat, ws in enumerate(seats):  # each writes its will over its socket
            ws.send(json.dumps({"type": "action", "action": {"will": f"will-of-{NAMES[seat]}"}}))
        wait_until(lambda: all(view(server, room, t)["game"]["me"]["will"] == f"will-of-{n}"
                               for t, n in zip(tokens, NAMES)), what="the wills")
        silent_seen = silent_refused = False
        for _ in range(200):
            drain(sockets, payloads)
            seen = view(server, room)
            if seen["game"]["result"]:
                break
            for seat, token in enumerate(tokens):
                if view(server, room)["game"]["turn"] == "silent":  # the day's first 4 seconds: closed, then opened
                    silent_seen = True
                    living = next(s for s in range(6) if view(server, room, tokens[s])["game"]["me"]["alive"])
                    refused = call(server, "POST", f"/api/rooms/{room}/chat", {"token": tokens[living], "text": "hi", "channel": "village"})
                    if refused != {"ok": True}:  # (on a busy machine the 4 seconds may have run out since the view)
                        assert refused["error"] == "nobody speaks in the first 4 seconds of the day (n秒ルール)"
                        silent_refused = True
                    wait_until(lambda: view(server, room)["game"]["turn"] != "silent", timeout=10, what="the silence's end")
                    said = call(server, "POST", f"/api/rooms/{room}/chat", {"token": tokens[living], "text": "hi", "channel": "village"})
                    assert said == {"ok": True}
                mine = view(server, room, token)["game"]
                action = first_choice(mine)
                if action is not None:  # refused when it is not this seat's turn: nothing changes
                    call(server, "POST", f"/api/rooms/{room}/action", {"token": token, "action": action})
        wait_until(lambda: bool(view(server, room)["game"]["result"]), timeout=30, what="the end")
        drain_to_the_end(sockets, payloads)
    assert silent_seen and silent_refused
    record = call(server, "GET", f"/api/rooms/{room}/record")
    assert record["settings"]["silentrule"] == 4 and record["settings"]["will"] == "on"
    written = {w["player"]: w["text"] for e in record["events"] for w in e.get("wills", [])}
    assert written == {n: f"will-of-{n}" for n in NAMES}
    dead = {d["player"] for d in record["result"]["deaths"]}
    assert dead, "somebody died"
    checked = 0
    for seat, sent in payloads.items():
        for text in sent:
            data = json.loads(text)
            game = data.get("game")
            if data.get("type") != "view" or not game or game["result"]:
                continue
            checked += 1
            for writer, name in enumerate(NAMES):
                if f"will-of-{name}" in text:  # its writer's, or read out at its death
                    assert seat == writer or not game["players"][writer]["alive"], (seat, name)
    assert checked > 20
    end = " ".join(line["en"] for line in view(server, room)["game"]["log"])
    assert all((f"{n}'s will: will-of-{n}" in end) is (n in dead) for n in NAMES)


def test_a_yaminabe_room_casts_on_the_servers_day_stored_with_its_start(client):
    from .test_classic_online import create, join, post

    service = client.app.state.service
    christmas = time.mktime((2026, 12, 24, 12, 0, 0, 0, 0, -1))
    service.clock = lambda: christmas
    room = create(client, players=12, cast="yaminabe", yaminabe_safety="none", times={"night": 600, "day": 600})
    token = join(client, room, "Ann")
    post(client, room, "bots", token=token)
    assert post(client, room, "start", token=token) == {"ok": True}
    started = next(e for e in service.store.events(room) if e.kind == "started")
    assert started.data == {"host": 0, "date": "12-24"}
    assert client.portal.call(lambda: service.rooms[room].state.date) == (12, 24)


# ---------------------------------------------------------------------- 覆面

REAL = ("RealAnn", "RealBen", "RealCat", "RealDan", "RealEve", "RealFay")


def play_to_the_end(server, room: str, tokens: list[str], sockets: dict, payloads: dict) -> None:
    for _ in range(200):
        drain(sockets, payloads)
        if view(server, room)["game"]["result"]:
            break
        for token in tokens:
            action = first_choice(view(server, room, token)["game"])
            if action is not None:  # refused when it is not this seat's turn: nothing changes
                call(server, "POST", f"/api/rooms/{room}/action", {"token": token, "action": action})
    wait_until(lambda: bool(view(server, room)["game"]["result"]), timeout=30, what="the end")
    drain_to_the_end(sockets, payloads)


@pytest.mark.parametrize("blind", [True, "complete"])
def test_masked_names_reach_nobody_before_the_end_which_reveals_them_unless_complete(server, blind):
    complete = blind == "complete"  # 完全覆面: the names stay hidden after the end too
    room = call(server, "POST", "/api/rooms", {**ROOM, "room": {"blind": blind}, "times": {"night": 600, "day": 600}})["id"]
    tokens = [call(server, "POST", f"/api/rooms/{room}/join", {"name": n})["token"] for n in REAL[:5]]
    again = call(server, "POST", f"/api/rooms/{room}/join", {"name": "RealAnn"})  # taken: not refused, so not told
    assert set(again) == {"seat", "token"}
    tokens.append(again["token"])
    watcher_pass = call(server, "POST", f"/api/rooms/{room}/watch", {"name": "RealBen"})["pass"]  # a name, not a mask
    assert "覆面2" in call(server, "POST", f"/api/rooms/{room}/watch", {"name": "覆面2"})["error"]
    url = f"ws://127.0.0.1:{server.port}/ws/rooms/{room}"
    payloads: dict[int | None, list[str]] = {seat: [] for seat in [*range(6), None]}
    with contextlib.ExitStack() as stack:
        seats = [stack.enter_context(connect(f"{url}?token={t}")) for t in tokens]
        sockets = {**dict(enumerate(seats)), None: stack.enter_context(connect(url))}
        call(server, "POST", f"/api/rooms/{room}/chat", {"token": tokens[1], "text": "hello before the start"})
        assert call(server, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
        call(server, "POST", f"/api/rooms/{room}/chat", {"pass": watcher_pass, "text": "a spectator says hi"})
        play_to_the_end(server, room, tokens, sockets, payloads)
    checked = 0
    for seat, sent in payloads.items():
        for text in sent:
            data = json.loads(text)
            if data.get("type") != "view" or (data.get("game") or {}).get("result") and not complete:
                continue
            checked += 1
            assert not [n for n in REAL if n in text.replace("RealBen (観戦)", "")], (seat, text[:300])
    assert checked > 20
    masks = [f"覆面{i + 1}" for i in range(6)]
    end = view(server, room)
    assert [p["name"] for p in end["game"]["players"]] == masks  # the game's names
    assert end["chat"][0] == {"name": "覆面2", "text": "hello before the start", "phase": "lobby"}
    record = call(server, "GET", f"/api/rooms/{room}/record")
    assert record["players"] == masks and record["settings"]["blind"] == ("complete" if complete else "on")
    def listed(player: str) -> list[str]:  # the game history's filter by a player's name
        return [g["id"] for g in call(server, "GET", f"/api/games?player={urllib.parse.quote(player)}")["games"]]

    shown, hidden = ("覆面1", "RealAnn") if complete else ("RealAnn", "覆面1")  # listed under the names the end shows
    wait_until(lambda: listed(shown) == [room], what="the game listed")
    assert listed(hidden) == []
    if complete:  # every page after the end too: the seat list, a seat's own view, the finished game's page
        assert [s["name"] for s in end["room"]["seat_list"]] == masks and all("mask" not in s for s in end["room"]["seat_list"])
        after = call(server, "POST", f"/api/rooms/{room}/chat", {"token": tokens[2], "text": "gg"})  # the 感想戦
        assert after == {"ok": True} and view(server, room)["chat"][-1]["name"] == "覆面3"
        for page in (view(server, room, tokens[0]), call(server, "GET", f"/api/games/{room}")):
            assert not [n for n in REAL if n in json.dumps(page, ensure_ascii=False).replace("RealBen (観戦)", "")]
    else:
        assert [(s["name"], s["mask"]) for s in end["room"]["seat_list"]] == [
            (n, f"覆面{i + 1}") for i, n in enumerate((*REAL[:5], "RealAnn"))]


# ---------------------------------------------------------------------- a game master

def test_the_game_master_sees_all_talks_to_one_seat_changes_the_time_and_never_acts(server):
    room = call(server, "POST", "/api/rooms", {**ROOM, "room": {"gm": True}})["id"]
    tokens = [call(server, "POST", f"/api/rooms/{room}/join", {"name": n})["token"] for n in ("Gina", "Ann", "Ben")]
    call(server, "POST", f"/api/rooms/{room}/bots", {"token": tokens[0]})
    url = f"ws://127.0.0.1:{server.port}/ws/rooms/{room}"
    payloads: dict[int | None, list[str]] = {seat: [] for seat in (0, 1, 2, None)}
    with contextlib.ExitStack() as stack:
        sockets = {**{s: stack.enter_context(connect(f"{url}?token={t}")) for s, t in enumerate(tokens)},
                   None: stack.enter_context(connect(url))}
        assert call(server, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
        spectator = call(server, "POST", f"/api/rooms/{room}/watch", {"name": "Zoe"})["pass"]
        call(server, "POST", f"/api/rooms/{room}/chat", {"pass": spectator, "text": "from the stands", "channel": "spectators"})
        gm = view(server, room, tokens[0])
        assert [line["text"] for line in gm["chats"]["spectators"]] == ["from the stands"]  # the GM reads them too
        assert "from the stands" not in str(view(server, room, tokens[1]))
        assert gm["game"]["master"] == {"name": "Gina", "you": True} and len(gm["game"]["players"]) == 6
        assert all(p["role"] for p in gm["game"]["players"]) and gm["room"]["seats"] == 7
        refused = call(server, "POST", f"/api/rooms/{room}/action", {"token": tokens[0], "action": {"done": True}})
        assert refused["error"].startswith("the game master plays no seat")
        assert call(server, "POST", f"/api/rooms/{room}/chat",
                    {"token": tokens[0], "text": "for Ann only", "channel": "gm-1"}) == {"ok": True}
        assert call(server, "POST", f"/api/rooms/{room}/chat",
                    {"token": tokens[0], "text": "the GM speaks at night", "channel": "village"}) == {"ok": True}
        taken = call(server, "POST", f"/api/rooms/{room}/chat", {"token": tokens[1], "text": "hi GM", "channel": "gm-1"})
        assert taken["error"] == "the game master writes here: it is told to you alone"
        for channel, text in (("gm-heaven", "GM to the dead only"), ("gm-audience", "GM to the stands only")):
            assert call(server, "POST", f"/api/rooms/{room}/chat",
                        {"token": tokens[0], "text": text, "channel": channel}) == {"ok": True}
        not_dead = call(server, "POST", f"/api/rooms/{room}/chat", {"token": tokens[1], "text": "x", "channel": "gm-heaven"})
        assert not_dead["error"].startswith("no chat channel 'gm-heaven' for you now")
        stands = call(server, "POST", f"/api/rooms/{room}/chat", {"pass": spectator, "text": "x", "channel": "gm-audience"})
        assert stands["error"] == "the game master writes here to the spectators"
        before = view(server, room)["room"]["deadline"]
        assert call(server, "POST", f"/api/rooms/{room}/extend", {"token": tokens[0], "seconds": 30}) == {"ok": True}
        assert view(server, room)["room"]["deadline"] == pytest.approx(before + 30)
        assert call(server, "POST", f"/api/rooms/{room}/extend", {"token": tokens[0], "seconds": -30}) == {"ok": True}
        assert view(server, room)["room"]["deadline"] == pytest.approx(before)
        too_much = call(server, "POST", f"/api/rooms/{room}/extend", {"token": tokens[0], "seconds": -600})
        assert too_much["error"].startswith("only ") and "the time cannot be shortened by 600" in too_much["error"]
        not_gm = call(server, "POST", f"/api/rooms/{room}/extend", {"token": tokens[1], "seconds": 30})
        assert not_gm["error"] == "only the game master (a GM room's host) changes the time"
        play_to_the_end(server, room, tokens[1:], sockets, payloads)
    checked = 0
    dead_views: dict[int, list[str]] = {}
    for seat, sent in payloads.items():
        for text in sent:
            data = json.loads(text)
            game = data.get("game")
            if data.get("type") != "view" or not game or game["result"]:
                continue
            checked += 1
            roles = [p["role"] for p in game["players"]]
            if seat == 0:  # the game master sees every role in every payload
                assert all(roles), text[:200]
            elif seat is None or game["me"]["alive"]:  # (the dead may see every role: 霊界表示)
                assert sum(r is not None for r in roles) <= (seat is not None)
            if seat != 0:
                assert "for Ann only" not in text or seat == 1, seat
                # to the dead: only a dead seat (no spectator: this room keeps 霊界 from them); to the stands: spectators
                assert "GM to the dead only" not in text or (seat is not None and not game["me"]["alive"]), seat
                assert "GM to the stands only" not in text or seat is None, seat
            if seat is not None and seat != 0 and not game["me"]["alive"]:
                dead_views.setdefault(seat, []).append(text)
            assert "the GM speaks at night" in text or data.get("append")  # everybody reads the village
    assert checked > 20
    assert any("for Ann only" in text for text in payloads[1])
    assert any("GM to the stands only" in text for text in payloads[None])
    for seat, texts in dead_views.items():  # a player who died during the game was told the GM's line to the dead
        assert any("GM to the dead only" in text for text in texts), seat
    record = call(server, "GET", f"/api/rooms/{room}/record")
    assert record["settings"]["gm"] == "on" and "Gina" not in record["players"]


def test_in_a_masked_gm_room_the_game_master_alone_reads_the_names(client):
    from .test_classic_online import create, get_view, join, post

    room = create(client, players=6, cast="fixed", roles={"Werewolf": 1, "Diviner": 1, "Human": 4},
                  rules={"scapegoat": "off"}, times={"night": 600, "day": 600}, room={"gm": True, "blind": True})
    tokens = [join(client, room, n) for n in ("RealGina", "RealAnn")]
    post(client, room, "bots", token=tokens[0])
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    master, ann, watcher = (get_view(client, room, t) for t in (*tokens, None))
    assert [s["name"] for s in master["room"]["seat_list"][:2]] == ["RealGina", "RealAnn"]
    assert master["room"]["seat_list"][1]["mask"] == "覆面2" and master["game"]["players"][0]["name"] == "覆面2"
    for seen in (ann, watcher):
        assert "RealAnn" not in str(seen) and "RealGina" not in str(seen)
        assert seen["game"]["master"]["name"] == "覆面1"


def test_in_a_completely_masked_gm_room_the_game_master_alone_reads_the_names_after_the_end_too(client):
    from .test_classic_online import create, deadline, get_view, join, post

    room = create(client, players=6, cast="fixed", roles={"Werewolf": 1, "Diviner": 1, "Human": 4},
                  rules={"scapegoat": "off"}, times={"night": 600, "day": 600}, room={"gm": True, "blind": "complete"})
    tokens = [join(client, room, n) for n in ("RealGina", "RealAnn")]
    post(client, room, "bots", token=tokens[0])
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    for _ in range(60):  # Ann does nothing: each turn runs to its deadline
        if get_view(client, room)["game"]["result"]:
            break
        deadline(client, room)
    master, ann, watcher = (get_view(client, room, t) for t in (*tokens, None))
    assert master["game"]["result"] and master["room"]["seat_list"][1] == {**master["room"]["seat_list"][1],
                                                                           "name": "RealAnn", "mask": "覆面2"}
    for seen in (ann, watcher):
        assert "RealAnn" not in str(seen) and "RealGina" not in str(seen)
        assert [s["name"] for s in seen["room"]["seat_list"][:2]] == ["覆面1", "覆面2"]


# ---------------------------------------------------------------------- 観戦者の発言

def test_spectators_talk_only_where_the_room_lets_them_over_real_sockets(server):
    for speak in (True, False):
        room = call(server, "POST", "/api/rooms", {**ROOM, "room": {"watchspeak": speak}})["id"]
        token = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
        spectator = call(server, "POST", f"/api/rooms/{room}/watch", {"name": "Zoe"})["pass"]
        url = f"ws://127.0.0.1:{server.port}/ws/rooms/{room}"
        with connect(f"{url}?pass={spectator}") as watcher, connect(f"{url}?token={token}") as ann:
            first = json.loads(watcher.recv(timeout=10))
            channel = next(c for c in first["channels"] if c["key"] == "spectators")
            assert channel["write"] is speak
            watcher.send(json.dumps({"type": "chat", "text": "hello from the stands", "channel": "spectators"}))
            answer = json.loads(watcher.recv(timeout=10))
            if speak:
                assert answer["type"] == "view" and answer["chats"]["spectators"][0]["text"] == "hello from the stands"
            else:
                assert (answer["type"], answer["error"], answer["ja"]) == (
                    "error", "spectators do not talk in this room", "この部屋では観戦者は発言できません")
            json.loads(ann.recv(timeout=10))
        assert call(server, "GET", f"/api/rooms/{room}/view")["room"]["room"]["watchspeak"] is speak


# ---------------------------------------------------------------------- 投票専用時間, 昼の時間を生存者数で

def test_the_server_arms_a_dynamic_discussion_then_the_voting_time(client):
    from .test_classic_online import create, get_view, join, post

    room = create(client, players=6, cast="fixed", roles={"Werewolf": 1, "Diviner": 1, "Human": 5},
                  times={"night": 600, "voting": 20, "dynamic_day_time": True, "dynamic_day_time_factor": 40})
    tokens = [join(client, room, n) for n in NAMES]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    service = client.app.state.service

    def armed() -> float:
        state = service.rooms[room]
        return round(state.deadline - state.deadline_start)

    for _ in range(6):  # the night: each person acts, then finishes it
        for token in tokens:
            action = first_choice(get_view(client, room, token)["game"])
            if action is not None:
                post(client, room, "action", token=token, action=action)
        if get_view(client, room)["game"]["stage"] == "day":
            break
    day = get_view(client, room)["game"]
    assert day["turn"] == "discussion" and day["phase_label"][1].endswith("議論")
    living = sum(p["alive"] for p in day["players"])  # 身代わりくん attacked: 6 of 7
    assert living == 6 and armed() == (living + 1) * 40
    refused = client.post(f"/api/rooms/{room}/action", json={"token": tokens[0], "action": {"vote": "Ben"}})
    assert refused.json()["error"] == "the vote opens after the discussion"
    for token in tokens:
        if get_view(client, room, token)["game"]["me"]["may_finish"]:
            assert post(client, room, "action", token=token, action={"done": True}) == {"ok": True}
    assert get_view(client, room)["game"]["turn"] == "main" and armed() == 20


def test_a_masked_seat_shows_no_title_until_the_end_then_its_name_title_and_mask():
    from jinrou.server import titles
    from jinrou.server.rooms import Room, Seat

    title = titles.all_titles()[0]
    seat = Seat("RealAnn", "hash", account="k", account_name="ann", title=title.key)
    assert Room._seat_json(0, seat, ["覆面1"], ("覆面1",)) == {"name": "覆面1", "bot": False}
    assert Room._seat_json(0, seat, ["RealAnn"], ("覆面1",)) == {
        "name": "RealAnn", "bot": False, "title": {"en": title.en, "ja": title.ja}, "mask": "覆面1"}
    assert Room._seat_json(0, seat, ["RealAnn"], None) == seat.to_json()
