"""Kill `jinrou serve` with SIGKILL at any moment, start it again: everything is back and play goes on."""

import base64
import gc
import json
import pickle
import time
import urllib.error
import urllib.request
import weakref

import pytest
from websockets.sync.client import connect

from jinrou.server import progress, registry, snapshots
from jinrou.server.rooms import Room
from jinrou.server.service import Blocking, RoomService
from jinrou.server.store import Snapshot, open_store

from .conftest import Server, wait_until


def call(server, method, path, body=None):
    request = urllib.request.Request(server.url + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        return json.loads(error.read())


def setup_room(server, night_seconds):
    room = call(server, "POST", "/api/rooms", {"name": "restart", "seats": 5, "wolves": 1,
                                                 "night_seconds": night_seconds, "day_seconds": 60})["id"]
    ann = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
    ben = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Ben"})["token"]
    assert call(server, "POST", f"/api/rooms/{room}/chat", {"token": ann, "text": "good luck, all"}) == {"ok": True}
    call(server, "POST", f"/api/rooms/{room}/bots", {"token": ann})
    call(server, "POST", f"/api/rooms/{room}/start", {"token": ann})
    return room, ann, ben


def view(server, room, token):
    data = call(server, "GET", f"/api/rooms/{room}/view?token={token}")
    data.pop("server_time")
    return data


def act(server, room, token):
    game = view(server, room, token)["game"]
    legal = game["legal"]
    if legal["vote"]:
        action = {"vote": legal["vote"][0]}
    else:
        action = {"divine": (legal["divine"] or [None])[0], "attack": (legal["attack"] or [None])[0]}
    return call(server, "POST", f"/api/rooms/{room}/action", {"token": token, "action": action})


def test_sigkill_and_restart_bring_back_every_room_seat_chat_deadline_and_game(tmp_path):
    server = Server(str(tmp_path / "jinrou.db")).start()
    try:
        room, ann, ben = setup_room(server, night_seconds=600)
        assert act(server, room, ann) == {"ok": True}  # Ann acts; Ben has not yet
        before = {token: view(server, room, token) for token in (ann, ben)}
        with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}?token={ben}") as socket:
            pushed = json.loads(socket.recv(timeout=10))
            assert pushed["you"] == 1
            server.kill()
            server.start()  # same port, same store
        after = {token: view(server, room, token) for token in (ann, ben)}
        assert after == before  # seats, tokens, chat, deadline and the exact game state
        assert after[ann]["chat"] == [{"name": "Ann", "text": "good luck, all", "phase": "lobby"}]
        assert after[ann]["room"]["deadline"] == before[ann]["room"]["deadline"] is not None
        keys = ("id", "name", "mode", "seats", "taken", "wolves", "started", "phase", "password")
        assert call(server, "GET", "/api/rooms") == [{k: after[ann]["room"][k] for k in keys}]
        with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}?token={ben}") as socket:
            assert json.loads(socket.recv(timeout=10))["game"] == before[ben]["game"]
        for _ in range(100):  # play goes on to the end
            game = view(server, room, ann)["game"]
            if game["outcome"]:
                break
            for token in (ann, ben):
                if any(view(server, room, token)["game"]["legal"].values()):
                    assert act(server, room, token) == {"ok": True}
        assert view(server, room, ann)["game"]["outcome"]["winner"] in ("village", "wolves", "draw")
        assert call(server, "GET", f"/api/rooms/{room}/record")["format"] == "jinrou.quantum/1"
    finally:
        server.stop()


def test_a_deadline_that_passed_while_the_server_was_down_fires_at_restart(tmp_path):
    server = Server(str(tmp_path / "jinrou.db")).start()
    try:
        room, ann, _ = setup_room(server, night_seconds=5)
        act(server, room, ann)  # Ben misses night 1
        deadline = view(server, room, ann)["room"]["deadline"]
        server.kill()
        wait_until(lambda: time.time() > deadline + 0.5, timeout=15, what="the deadline to pass")
        server.start()
        wait_until(lambda: not view(server, room, ann)["game"]["players"][1]["alive"], timeout=30,
                   what="Ben's sudden death")  # (the restart and its first deadline: seconds on a loaded machine)
        record_view = view(server, room, ann)
        assert "Ben died a sudden death" in "\n".join(record_view["game"]["log"])
    finally:
        server.stop()


# ------------------------------------------- archive, snapshots and memory (issue 14, finding 10)


def cascade(service, seats=30):
    """A room whose one person misses night 1, played by its bots (synchronously) to the end or a
    person's turn; the room."""
    room = service.create({"name": "bots", "seats": seats, "night_seconds": 60, "day_seconds": 60})
    _, token = service.join(room.id, "Ann")
    service.fill_with_bots(room.id, token)
    service.start(room.id, token)
    service._deadline_passed(room.id, room.turn_key)
    return service.rooms[room.id], token


def public(room):
    return {seat: room.view(seat, 0.0) for seat in (None, 0, 1)}


def counting_folds(monkeypatch):
    folded = []
    original = Room.fold

    def fold(self, event):
        folded.append(event.seq)
        original(self, event)

    monkeypatch.setattr(Room, "fold", fold)
    return folded


def test_a_restart_folds_only_what_came_after_the_snapshots_and_skips_finished_rooms(tmp_path, monkeypatch):
    store = open_store(str(tmp_path / "r.db"))
    service = Blocking(RoomService(store))
    finished, _ = cascade(service)
    assert finished.is_over and store.archived(finished.id)["record"]["format"] == "jinrou.quantum/1"
    running = service.create({"name": "talk", "seats": 5})
    _, token = service.join(running.id, "Cat")
    service.chat_limits.rate = 1e9
    for i in range(300):
        service.chat(running.id, token, f"line {i}")
    before = public(running)
    folded = counting_folds(monkeypatch)
    again = Blocking(RoomService(store))
    again.restore()
    assert list(again.rooms) == [running.id] and public(again.rooms[running.id]) == before
    assert len(folded) == 301  # the talking room's events after 'created'; none of the finished room's
    folded.clear()
    assert public(again.room(finished.id)) == public(finished)  # asked for: loaded from its snapshot
    assert folded == [] and finished.id not in again.rooms.active


def test_a_room_restored_from_its_snapshot_equals_its_full_replay(tmp_path, monkeypatch):
    monkeypatch.setattr(progress, "SNAPSHOT_EVERY", 50)
    store = open_store(str(tmp_path / "s.db"))
    service = Blocking(RoomService(store))
    room = service.create({"name": "long", "seats": 12, "night_seconds": 60, "day_seconds": 60})
    tokens = [service.join(room.id, name)[1] for name in ("Ann", "Ben")]
    service.fill_with_bots(room.id, tokens[0])
    service.start(room.id, tokens[0])
    for _ in range(3):  # Ann and Ben sleep through; the bots play on
        if room.is_over:
            break
        service._deadline_passed(room.id, room.turn_key)
    saved = store.snapshot(room.id)
    assert saved is not None and 0 < saved.seq <= room.seq
    service.chat(room.id, tokens[1], "after the snapshot") if not room.is_over else None
    replayed = Room.from_events(store.events(room.id))
    restored = Blocking(RoomService(store))._load(room.id)
    assert public(restored) == public(replayed) == public(room)
    assert restored.state == replayed.state and restored.seq == replayed.seq


def test_a_snapshot_by_other_code_or_with_foreign_classes_is_ignored_for_the_events(tmp_path):
    store = open_store(str(tmp_path / "t.db"))
    service = Blocking(RoomService(store))
    room = service.create({"name": "t", "seats": 5})
    service.join(room.id, "Ann")
    good = snapshots.take(room)
    store.save_snapshot(Snapshot(room.id, good.seq, "0" * 32, good.data))  # another version of the code
    assert Blocking(RoomService(store))._load(room.id).names == room.names
    hostile = base64.b64encode(pickle.dumps(("jinrou.room/1", "quantum", {"id": eval}))).decode()
    store.save_snapshot(Snapshot(room.id, good.seq, snapshots.fingerprint(), hostile))
    with pytest.raises(snapshots.SnapshotError, match="may not load builtins.eval"):
        snapshots.restore(store.snapshot(room.id))
    store.save_snapshot(Snapshot(room.id, good.seq, snapshots.fingerprint(), "not base64 at all!"))
    assert Blocking(RoomService(store))._load(room.id).names == room.names  # the events are the truth


def test_a_finished_game_leaves_memory(tmp_path, monkeypatch):
    monkeypatch.setattr(registry, "FINISHED_CACHED", 1)
    service = Blocking(RoomService(open_store(str(tmp_path / "m.db"))))
    first, _ = cascade(service, seats=8)
    state = weakref.ref(first.state)
    assert first.is_over and first.id not in service.rooms.active
    del first
    second, _ = cascade(service, seats=8)  # the cache keeps one finished room: the first one goes
    gc.collect()
    assert second.is_over and state() is None


def test_sigkill_in_the_middle_of_a_bot_cascade_and_snapshots_loses_nothing(tmp_path):
    server = Server(str(tmp_path / "cascade.db")).start()
    try:
        room = call(server, "POST", "/api/rooms", {"name": "cascade", "seats": 30, "night_seconds": 5,
                                                     "day_seconds": 5})["id"]
        ann = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
        call(server, "POST", f"/api/rooms/{room}/bots", {"token": ann})
        call(server, "POST", f"/api/rooms/{room}/start", {"token": ann})
        wait_until(lambda: view(server, room, ann)["room"]["deadline"], what="the bots' first night")
        deadline = view(server, room, ann)["room"]["deadline"]
        wait_until(lambda: time.time() > deadline + 0.3, timeout=15, what="the bots to be playing")
        server.kill()  # SIGKILL while the bots play on, in slices, snapshotting as they go
        server.start()
        wait_until(lambda: view(server, room, ann)["game"]["outcome"] is not None, timeout=180,
                   what="the bots to finish the game")  # (8 s here; far longer on a loaded machine)
        record = call(server, "GET", f"/api/rooms/{room}/record?token={ann}")
        from jinrou.quantum.record import Record

        assert Record.read(record).replay().is_over  # every stored event still agrees with the rules
    finally:
        server.stop()
