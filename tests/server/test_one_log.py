"""Memory is never ahead of the log (issue 27, first slice): a room whose event the store refuses
leaves memory and is read again from the store; several processes may open one new PostgreSQL
database at once."""

from __future__ import annotations

import subprocess
import sys

import pytest

from jinrou.server.rooms import RoomError
from jinrou.server.service import Blocking, RoomService
from jinrou.server.store import TABLES, open_store

from .. import needs
from .conftest import POSTGRES

ROOM = {"name": "one log", "seats": 5, "wolves": 1, "night_seconds": 60, "day_seconds": 60}


def test_an_event_another_writer_took_drops_the_room_and_the_store_has_the_truth(store):
    mine = Blocking(RoomService(store))
    room = mine.create(dict(ROOM))
    _, ann = mine.join(room.id, "Ann")
    other = store  # a second writer of the same log: another process's service would do just this
    other.append(room.id, room.seq, "chat", {"seat": None, "name": "Eve (観戦)", "text": "I was first",
                                            "phase": "lobby"})
    with pytest.raises(RoomError) as refused:
        mine.chat(room.id, ann, "hello")
    assert refused.value.status == 503 and "try again" in str(refused.value)
    assert room.id not in mine.rooms.active  # memory is not ahead of the log: the room was dropped
    again = mine.room(room.id)  # … and read again from the store, with the other writer's line
    assert [line.text for line in again.chat] == ["I was first"] and again is not room
    mine.chat(room.id, ann, "hello")  # the next try goes through
    assert [e.data.get("text") for e in store.events(room.id)][-2:] == ["I was first", "hello"]
    mine.close()


def test_an_action_the_mode_checked_in_place_is_not_kept_when_the_store_refuses_it(store):
    mine = Blocking(RoomService(store))
    room = mine.create({"name": "classic", "mode": "classic", "players": 6, "cast": "fixed",
                        "roles": {"Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 4}})
    tokens = [mine.join(room.id, name)[1] for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")]
    mine.start(room.id, tokens[0])
    store.append(room.id, room.seq, "chat", {"seat": None, "name": "Eve (観戦)", "text": "taken", "phase": "x"})
    before = [e.kind for e in store.events(room.id)]
    with pytest.raises(RoomError):
        mine.act(room.id, tokens[1], {"done": True})  # the classic mode marks the seat ready in place
    again = mine.room(room.id)
    assert [e.kind for e in store.events(room.id)] == before
    assert 1 not in again.state.ready  # the refused action left no trace in the room read again
    mine.close()


@needs.postgres
def test_four_processes_open_one_new_postgresql_database_at_once():
    import psycopg

    with psycopg.connect(POSTGRES, autocommit=True) as db:
        for table in TABLES:
            db.execute(f"DROP TABLE IF EXISTS {table}")
    code = "import sys; from jinrou.server.store import open_store; open_store(sys.argv[1]).close()"
    started = [subprocess.Popen([sys.executable, "-c", code, POSTGRES], stderr=subprocess.PIPE) for _ in range(4)]
    errors = [p.communicate(timeout=60)[1].decode() for p in started]
    assert [p.returncode for p in started] == [0, 0, 0, 0], errors
    assert open_store(POSTGRES).rooms() == []
