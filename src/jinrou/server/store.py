"""The event store: every room is an append-only list of events, kept in SQLite or PostgreSQL.

A room's state is the fold of its events (see :mod:`jinrou.server.rooms`), so appending an event is
the only write and replaying them restores every room after a restart — or after a SIGKILL: an
event is committed before anything is pushed to a player. Both stores use parameterised queries
only; the event data is JSON text.

    open_store("jinrou.db")                           # SQLite file (the default)
    open_store("sqlite:///var/lib/jinrou.db")
    open_store("postgresql://user:pw@127.0.0.1/jinrou")
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    room TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, seq)
)
"""


@dataclass(frozen=True)
class StoredEvent:
    room: str
    seq: int
    kind: str
    data: dict[str, Any]
    at: float


class Store(Protocol):
    """Where room events live."""

    def append(self, room: str, seq: int, kind: str, data: dict[str, Any]) -> StoredEvent:
        """Store event ``seq`` of ``room`` (fails if that number is taken: one writer per room)."""
        ...

    def rooms(self) -> list[str]:
        """Every room, oldest first."""
        ...

    def events(self, room: str) -> list[StoredEvent]:
        """A room's events in order."""
        ...

    def close(self) -> None: ...


class _SQLStore:
    """The SQL both databases share; a subclass opens the connection and names its placeholder."""

    placeholder = "?"

    def __init__(self, db) -> None:
        self._db = db
        self._lock = threading.Lock()  # one connection, used from the server thread and tests alike
        self._db.execute(SCHEMA)

    def _query(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        with self._lock:
            cursor = self._db.execute(sql.replace("?", self.placeholder), parameters)
            return cursor.fetchall() if cursor.description else []

    def append(self, room: str, seq: int, kind: str, data: dict[str, Any]) -> StoredEvent:
        at = time.time()
        self._query("INSERT INTO events (room, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                    (room, seq, kind, json.dumps(data, ensure_ascii=False), at))
        return StoredEvent(room, seq, kind, data, at)

    def rooms(self) -> list[str]:
        return [r[0] for r in self._query("SELECT room FROM events WHERE seq = 0 ORDER BY at, room")]

    def events(self, room: str) -> list[StoredEvent]:
        rows = self._query("SELECT room, seq, kind, data, at FROM events WHERE room = ? ORDER BY seq", (room,))
        return [StoredEvent(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


class SQLiteStore(_SQLStore):
    """SQLite in one file, write-ahead logged: a committed event survives the process being killed."""

    def __init__(self, path: str):
        self.path = path
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        super().__init__(db)


class PostgresStore(_SQLStore):
    """PostgreSQL through psycopg 3, autocommit: each event is its own committed statement."""

    placeholder = "%s"

    def __init__(self, url: str):
        import psycopg

        self.url = url
        super().__init__(psycopg.connect(url, autocommit=True))


def open_store(url: str) -> Store:
    """A store from a URL: ``postgresql://...``, ``sqlite:///path``, or a plain file path (SQLite)."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    return SQLiteStore(url.removeprefix("sqlite:///").removeprefix("sqlite://") or "jinrou.db")
