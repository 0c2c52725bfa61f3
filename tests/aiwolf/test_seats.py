"""AI seats in rooms of ``jinrou serve`` (issue 42, deliverable 3): AIWolf agents connected over TCP on
127.0.0.1 play a classic room's bot seats beside a person, through the real app and store."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from jinrou.aiwolf import seats
from jinrou.aiwolf.client import SampleAgent
from jinrou.aiwolf.language import Content
from jinrou.aiwolf.server import listen
from jinrou.classic.replay import replay
from jinrou.modes.base import SettingsError
from jinrou.modes.classic_settings import check
from jinrou.server.app import create_app
from jinrou.server.store import open_store

from ..modes.test_classic_mode import first_choice
from ..processes import wait_for
from ..server.test_classic_online import create, get_view, join, post


class Recorder(SampleAgent):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.packets: list[dict[str, Any]] = []

    def handle(self, line: str) -> str | None:
        self.packets.append(json.loads(line))
        return super().handle(line)


@pytest.fixture
def pool() -> Iterator[seats.AgentPool]:
    seats.POOL = seats.AgentPool(listen("127.0.0.1", 0), time_limit=5.0)
    try:
        yield seats.POOL
    finally:
        seats.POOL.close()
        seats.POOL = None


def test_agents_play_the_ai_seats_of_a_room_beside_a_person(pool: seats.AgentPool, tmp_path: Path) -> None:
    agents = [Recorder(f"agent{i}", seed=i) for i in range(2)]
    threads = [threading.Thread(target=a.run, args=("127.0.0.1", pool.port), daemon=True) for a in agents]
    for t in threads:
        t.start()
    wait_for(lambda: len(pool.waiting) == 2, "the agents to connect")
    with TestClient(create_app(open_store(str(tmp_path / "api.db")))) as client:
        room = create(client, players=6, cast="fixed", aiwolf_seats=2,
                      roles={"Werewolf": 1, "Diviner": 1, "Psychic": 1, "Madman": 1, "Human": 3},
                      times={"night": 600, "day": 600})
        token = join(client, room, "Ann")
        post(client, room, "bots", token=token)
        assert post(client, room, "start", token=token) == {"ok": True}
        said = None
        for _ in range(400):
            seen = get_view(client, room, token)
            game = seen["game"]
            if game["result"]:
                break
            if game["stage"] == "day" and said is None and game["me"]["alive"]:
                said = next(p["name"] for p in game["players"] if not p["you"] and p["alive"] and p["name"] != "身代わりくん")
                assert post(client, room, "action", token=token, action={"claim": {"kind": "VOTE", "target": said}}) \
                    == {"ok": True}
            action = first_choice(game)
            if action is not None:
                post(client, room, "action", token=token, action=action)
        record = client.get(f"/api/rooms/{room}/record").json()
    assert record["result"] and replay(json.loads(json.dumps(record))).outcome is not None
    played = pool.names(next(iter({k for k, _ in pool.seated})))
    assert sorted(played.values()) == ["agent0", "agent1"]
    names = record["players"]
    for agent in agents:
        assert agent.problems == [], agent.problems
        seat = next(s for s, n in played.items() if n == agent.name)
        assert agent.me == seat + 1  # Agent[NN] is the game seat + 1 (身代わりくん is Agent[01])
        assert agent.requests["INITIALIZE"] == 1 and agent.requests.get("TALK", 0) >= 1
        claims = [c for e in record["events"] for c in e.get("claims", []) if c["player"] == names[seat]]
        assert any(c["claim"].startswith("VOTE ") for c in claims)  # its sentences are its seat's claims
        for p in agent.packets:  # nothing beyond its seat's view: its own role, and only its wolves'
            info = p["gameInfo"]
            if info is not None:
                roles = info["roleMap"]
                assert str(seat + 1) in roles and all(r == "WEREWOLF" for k, r in roles.items() if k != str(seat + 1))
                assert info["whisperList"] == [] and info["attackVoteList"] == []
    heard = [t for a in agents for t in a.heard.values()]
    ann = names.index("Ann") + 1
    assert said is not None  # the person's claim reached the agents as a sentence
    assert any(t == f"VOTE Agent[{names.index(said) + 1:02d}]" for t in heard), (said, heard)
    assert all(str(Content.parse(t)) == t for t in heard) and ann > 1


def test_only_rooms_of_the_protocol_s_roles_may_open_ai_seats() -> None:
    base = {"players": 6, "cast": "fixed", "aiwolf_seats": 2}
    with pytest.raises(SettingsError, match="only for a fixed cast or 普通1 of the roles the protocol knows .*not Cat"):
        check({**base, "roles": {"Werewolf": 1, "Diviner": 1, "Cat": 1, "Human": 4}})
    with pytest.raises(SettingsError, match="not yaminabe"):
        check({"players": 6, "cast": "yaminabe", "aiwolf_seats": 1})
    with pytest.raises(SettingsError, match="aiwolf_seats is at most the players \\(6\\), not 7"):
        check({**base, "aiwolf_seats": 7, "roles": {"Werewolf": 1, "Diviner": 1, "Human": 5}})
    assert check({**base, "roles": {"Werewolf": 1, "Diviner": 1, "Fox": 1, "Human": 4}})["aiwolf_seats"] == 2


def test_serve_refuses_a_busy_aiwolf_port_in_one_line(tmp_path: Path) -> None:
    import socket
    import subprocess

    from ..processes import COMMAND
    from ..server.conftest import free_port

    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        done = subprocess.run([*COMMAND, "serve", "--port", str(free_port()), "--db", str(tmp_path / "x.db"), "--aiwolf-port",
                               str(port)], check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}")
