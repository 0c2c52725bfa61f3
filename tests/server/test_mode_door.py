"""The server reaches a game only through the mode interface: it imports no game package, names no
mode, and a new mode is one module plus one registration line (here a test-only Nim)."""

import ast
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from jinrou import modes
from jinrou.server.app import create_app
from jinrou.server.store import open_store

SERVER = Path(modes.__file__).parent.parent / "server"
ALLOWED = {"jinrou", "jinrou.errors", "jinrou.digits", "jinrou.jsontext", "jinrou.players", "jinrou.modes"}
"""Shared ground that names no game: errors, numbers, the files and JSON people give, player names, the mode interface."""


def imported(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("jinrou")}


@pytest.mark.parametrize("path", sorted(SERVER.glob("*.py")), ids=lambda p: p.name)
def test_the_server_imports_no_game_package(path):
    outside = {m for m in imported(path) if m not in ALLOWED and not m.startswith("jinrou.server")}
    assert outside == set(), f"{path.name} imports {sorted(outside)}"


@pytest.mark.parametrize("path", sorted(p for p in SERVER.rglob("*") if p.suffix in (".py", ".js", ".html")),
                         ids=lambda p: p.name)
def test_the_server_names_no_mode(path):
    text = path.read_text()
    for name in modes.REGISTRY:
        assert not re.search(rf"[\"']{name}[\"']", text), f"{path.name} names the mode {name!r}"


@pytest.fixture
def nim(monkeypatch, tmp_path):
    monkeypatch.setitem(modes.REGISTRY, "nim", "tests.server.nim_mode:NimMode")  # the one registration line
    with TestClient(create_app(open_store(str(tmp_path / "nim.db")))) as client:
        yield client
    modes._load.cache_clear()


def test_a_third_mode_plays_through_the_unchanged_server(nim):
    listed = {m["name"]: m for m in nim.get("/api/modes").json()}
    assert [f["key"] for f in listed["nim"]["schema"]["fields"]] == ["stones", "move_seconds"]
    assert nim.post("/api/rooms", json={"name": "n", "mode": "nim", "stones": 0}).json() == {
        "error": "stones must be 1–100, not 0", "ja": "石の数は1〜100です（0ではなく）"}
    room = nim.post("/api/rooms", json={"name": "nim table", "mode": "nim", "stones": 7}).json()["id"]
    token = nim.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    nim.post(f"/api/rooms/{room}/bots", json={"token": token})
    nim.post(f"/api/rooms/{room}/start", json={"token": token})
    view = nim.get(f"/api/rooms/{room}/view", params={"token": token}).json()
    assert view["game"]["stones"] == 7 and view["room"]["deadline"] is not None and view["room"]["stones"] == 7
    refused = nim.post(f"/api/rooms/{room}/action", json={"token": token, "action": {"take": 4}})
    assert refused.json() == {"error": "take 1–3 stones: {\"take\": n}"}
    for _ in range(10):
        game = nim.get(f"/api/rooms/{room}/view", params={"token": token}).json()["game"]
        if game["result"]:
            break
        assert nim.post(f"/api/rooms/{room}/action", json={"token": token, "action": {"take": 1}}).json() == {"ok": True}
    assert game["result"]["winners"] == ["Bot Alice"]  # 7 stones: the bot takes back to a multiple of 4
    assert nim.get(f"/api/rooms/{room}/record").json()["format"] == "nim"
    assert nim.get("/modes/nim.js").text.startswith('"use strict"')
    assert nim.get("/modes/chess.js").status_code == 404


def test_every_registered_mode_has_its_page_script_as_package_data():
    import tomllib

    data = tomllib.loads((SERVER.parent.parent.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for mode in modes.all_modes():
        assert mode.script.is_file(), mode.name
        relative = mode.script.relative_to(Path(modes.__file__).parent)
        assert any(relative.match(pattern) for pattern in data["jinrou.modes"]), relative


def test_an_action_is_checked_then_stored_then_folded(nim, monkeypatch):
    """The service asks the mode's pure check first; a refused action is neither stored nor folded,
    an accepted one is stored, then folded (Room.fold runs the mode's act): "check, append, fold"."""
    from jinrou.server.rooms import Room
    from tests.server.nim_mode import NimMode

    calls: list[str] = []
    check, act, fold = NimMode.check, NimMode.act, Room.fold

    checking: list[bool] = []

    def spy_check(self, *args):
        calls.append("check")
        checking.append(True)  # nim's check makes the next pile and drops it: not a fold
        try:
            return check(self, *args)
        finally:
            checking.pop()

    def spy_act(self, *args):
        if not checking:
            calls.append("act")
        return act(self, *args)

    def spy_fold(room, event):
        calls.append(f"fold {event.kind}")
        fold(room, event)

    monkeypatch.setattr(NimMode, "check", spy_check)
    monkeypatch.setattr(NimMode, "act", spy_act)
    monkeypatch.setattr(Room, "fold", spy_fold)
    room = nim.post("/api/rooms", json={"name": "nim table", "mode": "nim", "stones": 7}).json()["id"]
    token = nim.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    nim.post(f"/api/rooms/{room}/bots", json={"token": token})
    nim.post(f"/api/rooms/{room}/start", json={"token": token})
    calls.clear()
    assert nim.post(f"/api/rooms/{room}/action", json={"token": token, "action": {"take": 4}}).json() == {
        "error": "take 1–3 stones: {\"take\": n}"}
    assert calls == ["check"]  # refused: nothing stored, nothing folded
    calls.clear()
    assert nim.post(f"/api/rooms/{room}/action", json={"token": token, "action": {"take": 1}}).json() == {"ok": True}
    assert calls[:3] == ["check", "fold action", "act"]  # the bot's answer follows the same path
    assert calls[3:6] == ["check", "fold action", "act"]
