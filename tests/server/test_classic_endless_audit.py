"""The payload audit of whole エンドレス闇鍋 games: people join while the game is played, the dead are reborn.

Every payload pushed to each founder, each newcomer (from his join: a watcher's payloads, then his seat's) and a
spectator is checked against the record at the end, as ``test_classic_online.check_payloads`` checks a 闇鍋: a
role is in its own seat's view only (a reborn seat's new role too), a private line only where it was told, a
group chat only with its group, a 独り言 with its writer. And a newcomer before his dawn is sent exactly what a
spectator who came at the same moment is sent — the same payloads, pushed at the same moments, but for the line
that tells him his seat to come — so nothing he receives, nor when, tells him a role.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from jinrou.classic.replay import replay
from jinrou.classic.roles import ROLES
from jinrou.classic.texts import render
from jinrou.server.app import create_app
from jinrou.server.pushes import Listener
from jinrou.server.store import open_store

from .conftest import wait_until
from .test_classic_online import PUBLIC_CAUSES, act_if_awaited, create, deadline, get_view, join, post

AUDIT = {"players": 13, "cast": "endless", "yaminabe_safety": "none", "times": {"night": 600, "day": 600}}
"""13 seats, 身代わりくん besides: 6 people and 2 bots start it, up to 5 join."""
FOUNDERS = 6
NEWCOMERS = ("Nia", "Oto", "Pam", "Rex", "Sol")
SEED = 4
"""A room seed whose game seats newcomers at several dawns and rebirths the dead (checked below)."""
GROUPS = {"wolves": "wolf", "foxes": "fox", "couples": "couple", "madcouple": "madcouple"}


class Capture:
    """Every payload the room pushes to each listener, as sent: the founders' seats, a spectator, and for each
    newcomer his own connection (an entrant's) and a spectator's opened beside it at his join."""

    def __init__(self, client: TestClient, room: str):
        self.service, self.room = client.app.state.service, room
        self.sent: dict[Any, list[str]] = {}
        self.listeners: dict[Any, Listener] = {}

    def listen(self, key: Any, seat: int | None, entrant: int | None = None) -> None:
        self.sent[key] = []

        async def send(text: str) -> None:
            self.sent[key].append(text)

        self.listeners[key] = listener = Listener(self.room, seat, send, entrant=entrant)
        self.service.subscribe(listener)


def shown_roles(game, seat: int) -> set[str]:
    """Every role ``seat`` held (reborn ones too) and those it believed it held."""
    held = {r for roles in game.roles_held(seat) for r in roles.split("+")}
    return held | {ROLES[r].believes for r in held if r in ROLES and ROLES[r].believes}


def mine(game, seat: int) -> set[str]:
    """The group chats ``seat`` wrote or read under any role it held."""
    found: set[str] = set()
    for held in game.roles_held(seat):
        for role in held.split("+"):
            if role in ROLES:
                found |= set(ROLES[role].chats(game, seat)) | set(ROLES[role].listens)
    return found | set(game.identity(seat).chats(game.ctx))


def play(client: TestClient, room: str, tokens: dict[int, str], capture: Capture) -> list[tuple[str, str]]:
    """The people play the first choice offered (each chat they may write, once a phase, a secret line);
    newcomers join at the first moments the room takes them; turns with no person to act run out."""
    service = client.app.state.service
    written: list[tuple[str, str]] = []
    spoken: set[tuple[int, str, str]] = set()
    newcomers = list(NEWCOMERS)
    for _ in range(500):
        current = service.rooms[room]
        if current.is_over:
            break
        if newcomers and current.joinable and len(current.entrants) < 2:
            name = newcomers.pop(0)
            answer = client.post(f"/api/rooms/{room}/join", json={"name": name}).json()
            tokens[answer["seat"]] = answer["token"]
            capture.listen(("entrant", answer["seat"]), None, answer["seat"])
            capture.listen(("beside", answer["seat"]), None)
            continue
        acted = False
        for seat, token in sorted(tokens.items()):
            seen = get_view(client, room, token)
            if seen["game"]["result"] or seen["you"] is None:
                continue
            for channel in seen["channels"]:
                if channel["write"] and channel["key"] not in ("village", "spectators") and \
                        (seat, channel["key"], seen["game"]["phase"]) not in spoken:
                    spoken.add((seat, channel["key"], seen["game"]["phase"]))
                    secret = f"secret-{channel['key']}-{seat}-{len(written)}"
                    answer = post(client, room, "chat", token=token, text=secret, channel=channel["key"])
                    if answer.get("error", "").startswith("you are chatting too fast"):
                        continue
                    assert answer == {"ok": True}, answer
                    written.append((channel["key"], secret))
            acted = act_if_awaited(client, room, seat, token, seen["game"]) or acted
        if not acted and not service.rooms[room].is_over:
            deadline(client, room)
    return written


@pytest.fixture
def audited(monkeypatch, tmp_path):
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: SEED)
    with TestClient(create_app(open_store(str(tmp_path / "endless-audit.db")))) as client:
        yield client


def test_no_payload_of_an_endless_game_gives_away_a_role_a_newcomer_s_included(audited):
    client = audited
    room = create(client, **AUDIT)
    tokens = {seat: join(client, room, f"P{seat}") for seat in range(FOUNDERS)}
    post(client, room, "bots", token=tokens[0])  # bots before the start only: seats 6–12 …
    for seat in range(FOUNDERS + 2, AUDIT["players"]):  # … of which two stay: the room starts with 8 of 13
        assert post(client, room, "kick", token=tokens[0], seat=seat) == {"ok": True}
    capture = Capture(client, room)
    for seat in [*range(FOUNDERS), None]:
        capture.listen(seat, seat)
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    written = play(client, room, tokens, capture)
    service = client.app.state.service
    assert service.rooms[room].is_over
    wait_until(lambda: not service._dirty and not service._tasks, what="the last pushes")
    record = client.get(f"/api/rooms/{room}/record").json()
    game = replay(record)
    joined = record["joined"]
    assert len(joined) >= 3 and joined == [n for n in NEWCOMERS if n in joined]  # several joined, in order
    reborn = [m for _, m in game.messages if m.key == "reborn"]
    assert reborn, "no rebirth in the audited game"
    check(game, capture, written)


def check(game, capture: Capture, written: list[tuple[str, str]]) -> None:
    names = game.names
    private = [(set(m.to), render(m, names, "ja")) for _, m in game.messages if m.to is not None]
    checked = watched = 0
    for key, payloads in capture.sent.items():
        if isinstance(key, tuple):
            kind, room_seat = key
            if kind == "beside":
                continue
            beside = capture.sent[("beside", room_seat)]
            waiting = [json.loads(text) for text in payloads if "waiting" in json.loads(text)]
            assert waiting, key
            for sent, twin in zip(waiting, beside, strict=False):  # his pushes until his dawn: a spectator's
                assert sent.pop("waiting") == room_seat and sent.pop("you") is None
                twin = json.loads(twin)
                twin.pop("you")
                assert sent == twin, key
                watched += 1
            assert len(beside) >= len(waiting)
            seated = [text for text in payloads if "waiting" not in json.loads(text)]
            me = room_seat + 1
        else:
            seated = payloads
            me = None if key is None else key + 1  # game seat: 身代わりくん is seat 0
        shown = set() if me is None else shown_roles(game, me)
        chats = set() if me is None else mine(game, me)
        told = {line for to, line in private if me in to}
        for text in seated:
            data = json.loads(text)
            view = data["game"]
            if view is None or view["result"]:
                continue
            checked += 1
            assert data["you"] == (None if me is None else me - 1)
            for index, player in enumerate(view["players"]):
                if player["role"] is not None:
                    assert index == me and player["role"]["id"] in shown, (key, player)
                if player["cause"] is not None and player["cause"]["id"] is not None:
                    assert player["cause"]["id"] in PUBLIC_CAUSES, (key, player)
                assert "history" not in player, (key, player)
            if me is None:
                assert view["me"] is None and view["legal"] == []
            else:
                assert view["me"]["role"]["id"] in shown, (key, view["me"]["role"])
            for to, line in private:
                if me not in to and line not in told:
                    assert line not in text, (key, line)
            dead = me is not None and not view["players"][me]["alive"]
            for channel, secret in written:
                if secret not in text:
                    continue
                if channel.startswith("monologue-"):
                    assert me is not None and channel == f"monologue-{me - 1}", (key, secret)
                elif channel == "heaven":
                    assert dead or "heaven" in chats, (key, secret)
                else:
                    assert GROUPS[channel] in chats, (key, secret)
    assert checked > 100 and watched > 5
