"""エンドレス闇鍋 across a cluster: a newcomer joins a game going on through a process that does not own its room.

Three `jinrou serve --cluster` processes on one PostgreSQL behind haproxy (the fixtures of
tests/server/test_cluster.py): the join is forwarded to the room's owner, every process answers the waiting
newcomer's token as a spectator's view naming his seat to come and the room's ``entering`` list; at the dawn his
token opens his seat everywhere, his WebSocket on another process turns into his seat's view, and a SIGKILL of the
owner while he waits neither loses him nor seats him twice (checked against the stored events). Needs JINROU_TEST_POSTGRES
and haproxy (CI installs both).
"""

from __future__ import annotations

import json
import threading
from typing import Any

from jinrou.server.rooms import Room
from tests.modes.test_classic_mode import first_choice

from .. import needs
from .conftest import Server, wait_until
from .test_classic_online import play_a_step
from .test_cluster import Cluster, Player, cluster  # noqa: F401 — the fixture, used by name
from .test_restart import call

pytestmark = [needs.postgres, needs.haproxy]
ENDLESS = {"name": "endless", "mode": "classic", "players": 9, "cast": "endless", "times": {"night": 600, "day": 600}}
"""A room of 9 (身代わりくん besides): 5 people start it (6 seats), 4 may join. Its turns are long: the people's
actions, sent through the processes in turn, bring the dawn."""
PEOPLE = [f"P{i}" for i in range(5)]


def view(server: Server, room: str, token: str | None = None) -> dict[str, Any]:
    return call(server, "GET", f"/api/rooms/{room}/view" + (f"?token={token}" if token else ""))


def started(running: Cluster) -> tuple[str, list[str], Server]:
    """An endless room made and started on process a by 5 people who sat down through each process in turn."""
    a = running.servers[0]
    room = call(a, "POST", "/api/rooms", ENDLESS)["id"]
    assert running.owner(room) is a  # an empty cluster: the process asked makes it
    tokens = [call(running.servers[i % 3], "POST", f"/api/rooms/{room}/join", {"name": name})["token"]
              for i, name in enumerate(PEOPLE)]
    assert call(a, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
    return room, tokens, a


def waits_everywhere(servers: list[Server], room: str, token: str, seat: int, tokens: list[str]) -> None:
    """Each process answers the newcomer's token as a spectator's view that names his seat to come, and tells
    everyone he is entering."""
    for server in servers:
        waiting, spectator = view(server, room, token), view(server, room)
        assert waiting["you"] is None and waiting["waiting"] == seat and waiting["game"]["me"] is None, server.url
        assert waiting["game"] == spectator["game"]
        assert waiting["room"]["entering"] == ["Zed"] == spectator["room"]["entering"]  # public: anyone reads it
        assert view(server, room, tokens[1])["room"]["entering"] == ["Zed"]
        assert [s["name"] for s in waiting["room"]["seat_list"]] == PEOPLE


def until_the_dawn(servers: list[Server], room: str, tokens: list[str], newcomer: str, limit: int = 100) -> None:
    """The people play their night (each action sent to the processes in turn) until the newcomer's token
    opens his seat."""
    for turn in range(limit):
        seen = view(servers[turn % len(servers)], room, newcomer)
        if seen["you"] is not None:
            return
        assert not seen["game"]["result"], "the game ended before the dawn"
        acted = [play_a_step(servers[(turn + i) % len(servers)], room, t) for i, t in enumerate(tokens)]  # each one
        if not any(acted):
            threading.Event().wait(0.1)  # nobody had anything to do: the owner is closing the night
    raise AssertionError(f"no dawn seated the newcomer within {limit} rounds")


def seated_everywhere(servers: list[Server], room: str, token: str, seat: int, tokens: list[str]) -> None:
    for server in servers:
        seated = view(server, room, token)
        assert seated["you"] == seat and "waiting" not in seated, server.url
        assert "entering" not in seated["room"] and seated["game"]["me"]["role"]["id"]
        other = view(server, room, tokens[1])
        assert [s["name"] for s in other["room"]["seat_list"]] == [*PEOPLE, "Zed"]
        assert [p["name"] for p in other["game"]["players"]] == ["身代わりくん", *PEOPLE, "Zed"]


def test_a_newcomer_joins_through_another_process_and_every_process_seats_him_at_the_dawn(cluster):  # noqa: F811
    room, tokens, a = started(cluster)
    b = cluster.servers[1]
    zed = call(b, "POST", f"/api/rooms/{room}/join", {"name": "Zed"})  # b forwards it to a, the owner
    assert zed["seat"] == 5, zed
    assert cluster.owner(room) is a
    waits_everywhere(cluster.servers, room, zed["token"], 5, tokens)
    until_the_dawn(cluster.servers, room, tokens, zed["token"])
    seated_everywhere(cluster.servers, room, zed["token"], 5, tokens)
    joined = [e for e in cluster.events(room) if e.kind == "joined" and e.data["name"] == "Zed"]
    assert len(joined) == 1 and joined[0].data["entering"] and joined[0].data["seat"] == 5


def test_a_sigkill_of_the_owner_while_a_newcomer_waits_seats_him_once_at_the_dawn(cluster):  # noqa: F811
    room, tokens, a = started(cluster)
    others = cluster.servers[1:]
    zed = call(others[0], "POST", f"/api/rooms/{room}/join", {"name": "Zed"})
    assert zed["seat"] == 5, zed
    assert play_a_step(others[1], room, tokens[0])  # P0 plays his night before the kill, the others after it
    a.kill()  # SIGKILL: no shutdown code runs, no snapshot; its lease runs out
    wait_until(lambda: cluster.owner(room) not in (None, a), timeout=15, what="another process to take the room")
    waits_everywhere(others, room, zed["token"], 5, tokens)  # the new owner folded him back, still waiting
    until_the_dawn(others, room, tokens, zed["token"])
    seated_everywhere(others, room, zed["token"], 5, tokens)
    events = cluster.events(room)
    assert [e.seq for e in events] == list(range(len(events)))  # nothing lost, no fork
    joined = [e for e in events if e.kind == "joined" and e.data["name"] == "Zed"]
    assert len(joined) == 1 and joined[0].data["seat"] == 5  # he asked once: one entrant
    folded = Room.from_events(events)
    assert [s.name for s in folded.seats] == [*PEOPLE, "Zed"] and folded.entrants == []  # seated once, not lost
    assert [p["name"] for p in folded.mode.view(folded.state, 5)["players"]] == ["身代わりくん", *PEOPLE, "Zed"]
    for server in others:  # what each live process serves is the room the stored events make
        served = view(server, room, zed["token"])["game"]
        assert json.dumps(served, sort_keys=True) == json.dumps(
            json.loads(json.dumps(folded.mode.view(folded.state, 5))), sort_keys=True), server.url


def seated_socket(running: Cluster) -> tuple[str, Player, dict[str, Any] | None]:
    """A newcomer's WebSocket on b, a process that does not own the room, turning into his seat's view at the
    dawn; then the first action his drawn role may send (None: the game ended first), the others playing on."""
    room, tokens, a = started(running)
    b, c = running.servers[1:]
    zed = call(c, "POST", f"/api/rooms/{room}/join", {"name": "Zed"})
    socket = Player(b.url, room, zed["token"], running.proxy.url)
    first = socket.payloads[0]
    assert first["you"] is None and first["waiting"] == 5 and first["room"]["entering"] == ["Zed"]
    until_the_dawn([a, c], room, tokens, zed["token"])
    wait_until(lambda: socket.sync() is not None and socket.payloads[-1]["you"] == 5, timeout=30,
               what="the newcomer's connection to be pushed his seat's view")
    seated = socket.payloads[-1]
    assert "waiting" not in seated and seated["game"]["me"]["role"]["id"]
    you = [p["you"] for p in socket.payloads]
    assert you == [None] * you.index(5) + [5] * (len(you) - you.index(5))  # a spectator's views until then, his after
    assert socket.reconnects == 0, socket.why
    assert running.owner(room) is a
    game = seated["game"]
    for _ in range(40):  # his drawn role may have nothing to do yet (a hunter's shot first): the others play on
        action = first_choice(game)
        if action is not None or game["result"]:
            return room, socket, action
        for token in tokens:
            play_a_step(a, room, token)
        game = socket.sync() or game
    raise AssertionError("the newcomer never had an action to send")


def test_a_newcomer_s_websocket_on_another_process_turns_into_his_seat_s_view_at_the_dawn(cluster):  # noqa: F811
    for _ in range(12):  # the room's seed is drawn at random: a cast may end the game at the very dawn he joins
        room, socket, action = seated_socket(cluster)
        if action is not None:
            break
        socket.close()
    else:
        raise AssertionError("every game ended before the newcomer could act")
    socket.socket.send(json.dumps({"type": "action", "action": action, "id": "zed-day-1"}))  # b forwards it to a
    socket.socket.send(json.dumps({"type": "ping"}))
    answers: list[dict[str, Any]] = []
    while not answers or answers[-1].get("type") != "pong":
        answers.append(json.loads(socket.socket.recv(timeout=10)))
    assert not [m for m in answers if m.get("type") == "error"], answers
    stored = [e.data for e in cluster.events(room) if e.kind == "action" and e.data.get("id") == "zed-day-1"]
    assert [(d["seat"], d["action"]) for d in stored] == [(5, action)]
    socket.close()
