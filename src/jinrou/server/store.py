"""The event store: every room is an append-only list of events, kept in SQLite or PostgreSQL.

A room's state is the fold of its events (see :mod:`jinrou.server.rooms`), so appending an event is
the only write that matters and replaying them restores every room after a restart — or after a
SIGKILL: an event is committed before anything is pushed to a player. Two more tables only save
time, and are checked before they are trusted: ``snapshots`` (one per room: the room folded up to an
event number, see :mod:`jinrou.server.snapshots`) and ``archive`` (a finished room's summary and
record, so that a restart does not fold it at all). ``meta`` keeps the server's secret (the key of
spectators' passes). Both stores use parameterised queries only; the event data is JSON text.

    open_store("jinrou.db")                           # SQLite file (the default)
    open_store("sqlite:///var/lib/jinrou.db")
    open_store("postgresql://user:pw@127.0.0.1/jinrou")
"""

from __future__ import annotations

import json
import re
import secrets
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
);
CREATE TABLE IF NOT EXISTS snapshots (
    room TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    fingerprint TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS archive (
    room TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    summary TEXT NOT NULL,
    record TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
)
"""


@dataclass(frozen=True)
class Snapshot:
    """A room folded up to (not including) event ``seq``; ``data`` is the encoded room and
    ``fingerprint`` names the code that encoded it."""

    room: str
    seq: int
    fingerprint: str
    data: str


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

    def events(self, room: str, after: int = -1) -> list[StoredEvent]:
        """A room's events in order (those numbered above ``after``)."""
        ...

    def active_rooms(self) -> list[str]:
        """Every room not archived, oldest first."""
        ...

    def save_snapshot(self, snapshot: Snapshot) -> None:
        """Keep ``snapshot`` as its room's one snapshot (replacing an older one)."""
        ...

    def snapshot(self, room: str) -> Snapshot | None: ...

    def archive(self, room: str, seq: int, summary: dict[str, Any], record: dict[str, Any]) -> None:
        """Mark a finished room archived: its summary and record are kept, a restart skips it."""
        ...

    def archived(self, room: str) -> dict[str, Any] | None:
        """An archived room's ``{"summary", "record"}`` (None: not archived)."""
        ...

    def secret(self) -> bytes:
        """The server's secret key, made once and kept."""
        ...

    def close(self) -> None: ...


class _SQLStore:
    """The SQL both databases share; a subclass opens the connection and names its placeholder."""

    placeholder = "?"

    def __init__(self, db) -> None:
        self._db = db
        self._lock = threading.Lock()  # one connection, used from the server thread and tests alike
        self._create_schema()

    def _create_schema(self) -> None:
        for statement in SCHEMA.split(";"):
            self._db.execute(statement)

    def _query(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        with self._lock:
            cursor = self._connection().execute(sql.replace("?", self.placeholder), parameters)
            return cursor.fetchall() if cursor.description else []

    def _connection(self) -> Any:
        return self._db

    def append(self, room: str, seq: int, kind: str, data: dict[str, Any]) -> StoredEvent:
        at = time.time()
        self._query("INSERT INTO events (room, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                    (room, seq, kind, json.dumps(data, ensure_ascii=False), at))
        return StoredEvent(room, seq, kind, data, at)

    def rooms(self) -> list[str]:
        return [r[0] for r in self._query("SELECT room FROM events WHERE seq = 0 ORDER BY at, room")]

    def events(self, room: str, after: int = -1) -> list[StoredEvent]:
        rows = self._query("SELECT room, seq, kind, data, at FROM events WHERE room = ? AND seq > ? ORDER BY seq",
                           (room, after))
        return [StoredEvent(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def active_rooms(self) -> list[str]:
        return [r[0] for r in self._query("SELECT room FROM events WHERE seq = 0 AND room NOT IN "
                                          "(SELECT room FROM archive) ORDER BY at, room")]

    def save_snapshot(self, snapshot: Snapshot) -> None:
        self._query("INSERT INTO snapshots (room, seq, fingerprint, data) VALUES (?, ?, ?, ?) ON CONFLICT (room) "
                    "DO UPDATE SET seq = excluded.seq, fingerprint = excluded.fingerprint, data = excluded.data",
                    (snapshot.room, snapshot.seq, snapshot.fingerprint, snapshot.data))

    def snapshot(self, room: str) -> Snapshot | None:
        rows = self._query("SELECT room, seq, fingerprint, data FROM snapshots WHERE room = ?", (room,))
        return Snapshot(*rows[0]) if rows else None

    def archive(self, room: str, seq: int, summary: dict[str, Any], record: dict[str, Any]) -> None:
        self._query("INSERT INTO archive (room, seq, summary, record, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (room) "
                    "DO NOTHING", (room, seq, json.dumps(summary, ensure_ascii=False),
                                   json.dumps(record, ensure_ascii=False), time.time()))

    def archived(self, room: str) -> dict[str, Any] | None:
        rows = self._query("SELECT summary, record FROM archive WHERE room = ?", (room,))
        return {"summary": json.loads(rows[0][0]), "record": json.loads(rows[0][1])} if rows else None

    def secret(self) -> bytes:
        self._query("INSERT INTO meta (key, value) VALUES ('secret', ?) ON CONFLICT (key) DO NOTHING",
                    (secrets.token_hex(32),))
        return bytes.fromhex(self._query("SELECT value FROM meta WHERE key = 'secret'")[0][0])

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


SCHEMA_LOCK = 7_117_001
"""The advisory lock under which a PostgreSQL store creates its tables: two processes started at
once on a new database would otherwise race on ``CREATE TABLE IF NOT EXISTS`` (one fails on
``pg_type_typname_nsp_index``)."""


class PostgresStore(_SQLStore):
    """PostgreSQL through psycopg 3, autocommit: each event is its own committed statement. Several
    processes may share one database: the schema is created under an advisory lock, and a
    connection the database dropped (a restart, a network pause) is opened again at the next query
    (the query that met the break fails: its caller decides)."""

    placeholder = "%s"

    def __init__(self, url: str):
        self.url = url
        super().__init__(self._connect())

    def _connect(self) -> Any:
        import psycopg

        try:
            return psycopg.connect(self.url, autocommit=True)
        except psycopg.Error as error:  # its message may quote the URL, password and all
            raise type(error)(redacted(str(error), self.url)) from None

    def _create_schema(self) -> None:
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            super()._create_schema()

    def _connection(self) -> Any:
        if self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db


def redacted(text: str, url: str | None = None) -> str:
    """``text`` with the password of every database URL in it, and that of ``url``, shown as ``***``:
    what a message or a log line may say of a URL.

    >>> redacted("cannot open postgresql://ann:s3cret@db/jinrou")
    'cannot open postgresql://ann:***@db/jinrou'
    """
    text = re.sub(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]+@", r"\1***@", text)
    password = _password(url) if url else None
    return text.replace(password, "***") if password else text


def _password(url: str) -> str | None:
    from urllib.parse import unquote, urlsplit

    try:
        password = urlsplit(url).password
    except ValueError:  # a malformed URL: the password is what lies between the user's colon and the @
        match = re.search(r"://[^:/@]*:([^@]+)@", url)
        password = match[1] if match else None
    return unquote(password) if password else None


def open_store(url: str) -> Store:
    """A store from a URL: ``postgresql://...``, ``sqlite:///path``, or a plain file path (SQLite)."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    return SQLiteStore(url.removeprefix("sqlite:///").removeprefix("sqlite://") or "jinrou.db")
