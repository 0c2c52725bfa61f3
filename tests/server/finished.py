"""Finished games of every mode, played through the real app (a TestClient), for the history's tests."""

from __future__ import annotations

from typing import Any

from tests.modes.test_classic_mode import first_choice

from .conftest import blocking
from .test_api import play_to_the_end

CLASSIC = {"mode": "classic", "players": 6, "cast": "fixed", "roles": {"Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 4},
           "times": {"night": 600, "day": 600}}


def made(client, settings: dict[str, Any]) -> str:
    response = client.post("/api/rooms", json=settings)
    assert response.status_code == 200, response.json()
    return response.json()["id"]


def joined(client, room: str, name: str, password: str | None = None) -> str:
    body = {"name": name} | ({"password": password} if password else {})
    response = client.post(f"/api/rooms/{room}/join", json=body)
    assert response.status_code == 200, response.json()
    return response.json()["token"]


def classic_game(client, name: str = "Ann", finish: bool = True, monologue: str | None = None,
                 **settings: Any) -> tuple[str, str]:
    """A classic room of ``name`` and bots (fixed cast: one 人狼, a 占い師, a 狩人), played to its end
    by first choices and deadlines (``finish`` False: left at its first night); (room, token)."""
    room = made(client, {"name": f"{name}の村", **CLASSIC, **settings})
    token = joined(client, room, name, settings.get("password"))
    client.post(f"/api/rooms/{room}/bots", json={"token": token})
    assert client.post(f"/api/rooms/{room}/start", json={"token": token}).json() == {"ok": True}
    if monologue is not None:
        me = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()["you"]
        assert client.post(f"/api/rooms/{room}/chat", json={"token": token, "text": monologue,
                                                          "channel": f"monologue-{me}"}).json() == {"ok": True}
    if not finish:
        return room, token
    service = client.app.state.service
    for _ in range(200):
        if room not in service.rooms.active:
            return room, token
        seen = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()["game"]
        action = first_choice(seen)
        sent = action is not None and client.post(f"/api/rooms/{room}/action",
                                                  json={"token": token, "action": action}).status_code == 200
        if not sent and room in service.rooms.active:
            blocking(client)._deadline_passed(room, service.rooms[room].turn_key)
    raise AssertionError("the classic game did not end")


def quantum_game(client, name: str = "Ann", seats: int = 5) -> str:
    room = made(client, {"name": "量子村", "mode": "quantum", "seats": seats, "wolves": 1})
    token = joined(client, room, name)
    client.post(f"/api/rooms/{room}/bots", json={"token": token})
    client.post(f"/api/rooms/{room}/start", json={"token": token})
    play_to_the_end(client, room, [token])
    return room


def shogi_game(client, sente: str = "Ann", gote: str = "Ben") -> str:
    """Sente moves once, gote resigns: sente wins."""
    room = made(client, {"name": "将棋", "mode": "shogi"})
    first, second = joined(client, room, sente), joined(client, room, gote)
    client.post(f"/api/rooms/{room}/start", json={"token": first})
    legal = client.get(f"/api/rooms/{room}/view").json()["game"]["legal"]
    target = legal[0]["to"][0]
    move = target["move"] or target["promote"]
    assert client.post(f"/api/rooms/{room}/action", json={"token": first, "action": {"move": move}}).status_code == 200
    assert client.post(f"/api/rooms/{room}/action", json={"token": second, "action": {"resign": True}}).status_code == 200
    return room
