"""The event store: every room is an append-only list of events, kept in SQLite or PostgreSQL.

A room's state is the fold of its events (see :mod:`jinrou.server.rooms`), so appending an event is
the only write that matters and replaying them restores every room after a restart — or after a
SIGKILL: an event is committed before anything is pushed to a player. Two more tables only save
time, and are checked before they are trusted: ``snapshots`` (one per room: the room folded up to an
event number, see :mod:`jinrou.server.snapshots`) and ``archive`` (a finished room's summary and
record, so that a restart does not fold it at all). ``accounts``, ``sessions`` and ``plays`` are the
players' accounts, logins and finished games (see :mod:`jinrou.server.accounts`); ``bans`` and
``reports`` the administrators' (see :mod:`jinrou.server.moderation`). ``meta`` keeps the server's secret (the key of
spectators' passes). Both stores use parameterised queries only; the event data is JSON text.

The SQL of each operation is written once (:class:`Statements`, an :class:`Op` each) and run by two
kinds of store: a synchronous :class:`Store` (the CLI, tests, tools) and its asynchronous twin
(:meth:`Store.asynchronous`, what the server awaits: SQLite on one thread of its own, PostgreSQL
through psycopg's :class:`~psycopg_pool.AsyncConnectionPool`), so the event loop never waits on
the database.

    open_store("jinrou.db")                           # SQLite file (the default)
    open_store("sqlite:///var/lib/jinrou.db")
    open_store("postgresql://user:pw@127.0.0.1/jinrou")
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from jinrou.errors import JinrouError

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
CREATE TABLE IF NOT EXISTS accounts (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    hash TEXT NOT NULL,
    admin INTEGER NOT NULL,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions (account);
CREATE TABLE IF NOT EXISTS plays (
    room TEXT NOT NULL,
    seat INTEGER NOT NULL,
    account TEXT NOT NULL,
    mode TEXT NOT NULL,
    role TEXT,
    team TEXT,
    result TEXT NOT NULL,
    sudden INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE INDEX IF NOT EXISTS plays_by_account ON plays (account, at);
CREATE TABLE IF NOT EXISTS sudden_marks (
    room TEXT NOT NULL,
    account TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, account)
);
CREATE INDEX IF NOT EXISTS sudden_marks_by_account ON sudden_marks (account, at);
CREATE TABLE IF NOT EXISTS account_titles (
    account TEXT PRIMARY KEY,
    title TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    room TEXT PRIMARY KEY,
    at DOUBLE PRECISION NOT NULL,
    mode TEXT NOT NULL,
    seats INTEGER NOT NULL,
    preset TEXT NOT NULL,
    winner TEXT NOT NULL,
    line TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_time ON games (at DESC, room DESC);
CREATE INDEX IF NOT EXISTS games_by_mode ON games (mode, at DESC, room DESC);
CREATE INDEX IF NOT EXISTS games_by_seats ON games (seats, at DESC, room DESC);
CREATE INDEX IF NOT EXISTS games_by_preset ON games (preset, at DESC, room DESC);
CREATE INDEX IF NOT EXISTS games_by_winner ON games (winner, at DESC, room DESC);
CREATE TABLE IF NOT EXISTS game_players (
    name TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    room TEXT NOT NULL,
    PRIMARY KEY (room, name)
);
CREATE INDEX IF NOT EXISTS game_players_by_name ON game_players (name, at DESC, room DESC);
CREATE TABLE IF NOT EXISTS game_roles (
    role TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    room TEXT NOT NULL,
    PRIMARY KEY (room, role)
);
CREATE INDEX IF NOT EXISTS game_roles_by_role ON game_roles (role, at DESC, room DESC);
CREATE TABLE IF NOT EXISTS game_pages (
    room TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    page TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS bans (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    key TEXT NOT NULL,
    label TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL,
    reason TEXT NOT NULL,
    author TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    lifted DOUBLE PRECISION
);
CREATE INDEX IF NOT EXISTS bans_by_until ON bans (until);
CREATE TABLE IF NOT EXISTS reports (
    id TEXT PRIMARY KEY,
    at DOUBLE PRECISION NOT NULL,
    room TEXT NOT NULL,
    report TEXT NOT NULL,
    closed DOUBLE PRECISION,
    closing TEXT
);
CREATE INDEX IF NOT EXISTS reports_by_time ON reports (at DESC, id DESC)
"""
TABLES = ("events", "snapshots", "archive", "meta", "games", "game_players", "game_roles", "game_pages", "accounts",
          "sessions", "plays", "sudden_marks", "account_titles", "bans", "reports")
"""Every table of a store (a test that starts from an empty database drops them)."""


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


@dataclass(frozen=True)
class GameEntry:
    """A finished game as the history indexes it (:meth:`Statements.index_game`): what it is
    filtered by — mode, seats, preset (普通1, 闇鍋 中 …), winner, players' names, role ids, end time —
    and ``line``, its row as ``GET /api/games`` lists it."""

    room: str
    at: float
    mode: str
    seats: int
    preset: str
    winner: str
    players: tuple[str, ...]
    roles: tuple[str, ...]
    line: dict[str, Any]


@dataclass(frozen=True)
class GameQuery:
    """A page of the history: the newest finished games first, each filter optional; ``before``:
    games that ended before this time (with ``before_room``: the keyset of the last row of the
    page before, for ties), ``after``: at or after this time."""

    mode: str | None = None
    seats: int | None = None
    preset: str | None = None
    winner: str | None = None
    player: str | None = None
    role: str | None = None
    before: float | None = None
    before_room: str | None = None
    after: float | None = None
    limit: int = 20


T = TypeVar("T")


@dataclass(frozen=True)
class Op(Generic[T]):
    """One operation of the store: its statements (``?`` placeholders), run in order in one
    connection, and how the rows of the last one become the answer. Written once, run by the
    synchronous stores (:class:`SQLiteStore`, :class:`PostgresStore`) and the asynchronous ones
    (:class:`ThreadedStore`, :class:`PooledStore`) alike."""

    statements: tuple[tuple[str, tuple], ...]
    decode: Callable[[list[tuple]], T]


def _nothing(rows: list[tuple]) -> None:
    return None


class Statements:
    """The SQL of every operation (both databases share it)."""

    def append(self, room: str, seq: int, kind: str, data: dict[str, Any], at: float) -> Op[StoredEvent]:
        return Op((("INSERT INTO events (room, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                    (room, seq, kind, json.dumps(data, ensure_ascii=False), at)),),
                  lambda rows: StoredEvent(room, seq, kind, data, at))

    def rooms(self) -> Op[list[str]]:
        return Op((("SELECT room FROM events WHERE seq = 0 ORDER BY at, room", ()),), lambda rows: [r[0] for r in rows])

    def events(self, room: str, after: int = -1) -> Op[list[StoredEvent]]:
        return Op((("SELECT room, seq, kind, data, at FROM events WHERE room = ? AND seq > ? ORDER BY seq",
                    (room, after)),),
                  lambda rows: [StoredEvent(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows])

    def active_rooms(self) -> Op[list[str]]:
        return Op(((("SELECT room FROM events WHERE seq = 0 AND room NOT IN (SELECT room FROM archive) "
                    "ORDER BY at, room"), ()),), lambda rows: [r[0] for r in rows])

    def save_snapshot(self, snapshot: Snapshot) -> Op[None]:
        return Op(((("INSERT INTO snapshots (room, seq, fingerprint, data) VALUES (?, ?, ?, ?) ON CONFLICT (room) "
                    "DO UPDATE SET seq = excluded.seq, fingerprint = excluded.fingerprint, data = excluded.data"),
                    (snapshot.room, snapshot.seq, snapshot.fingerprint, snapshot.data)),), _nothing)

    def snapshot(self, room: str) -> Op[Snapshot | None]:
        return Op((("SELECT room, seq, fingerprint, data FROM snapshots WHERE room = ?", (room,)),),
                  lambda rows: Snapshot(*rows[0]) if rows else None)

    def archive(self, room: str, seq: int, summary: dict[str, Any], record: dict[str, Any]) -> Op[None]:
        return Op(((("INSERT INTO archive (room, seq, summary, record, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (room) "
                    "DO NOTHING"), (room, seq, json.dumps(summary, ensure_ascii=False),
                                   json.dumps(record, ensure_ascii=False), time.time())),), _nothing)

    def archived(self, room: str) -> Op[dict[str, Any] | None]:
        return Op((("SELECT summary, record FROM archive WHERE room = ?", (room,)),),
                  lambda rows: {"summary": json.loads(rows[0][0]), "record": json.loads(rows[0][1])} if rows else None)

    def index_game(self, entry: GameEntry, seq: int, page: dict[str, Any]) -> Op[None]:
        """List a finished game in the history (idempotent: an entry already there stays), with its
        page (the spectators' view at the end, made once) and the event number its chat goes on
        from."""
        statements: list[tuple[str, tuple]] = [
            ("INSERT INTO game_pages (room, seq, page) VALUES (?, ?, ?) ON CONFLICT (room) DO NOTHING",
             (entry.room, seq, json.dumps(page, ensure_ascii=False, separators=(",", ":"))))]
        for table, column, values in (("game_players", "name", sorted(set(entry.players))),
                                      ("game_roles", "role", sorted(set(entry.roles)))):
            if values:
                rows = ", ".join("(?, ?, ?)" for _ in values)
                statements.append((f"INSERT INTO {table} ({column}, at, room) VALUES {rows} ON CONFLICT DO NOTHING",
                                   tuple(x for value in values for x in (value, entry.at, entry.room))))
        statements.append(  # last: a game is listed once its page and its names are in (each step idempotent)
            (("INSERT INTO games (room, at, mode, seats, preset, winner, line) VALUES (?, ?, ?, ?, ?, ?, ?) "
             "ON CONFLICT (room) DO NOTHING"), (entry.room, entry.at, entry.mode, entry.seats, entry.preset,
                                               entry.winner, json.dumps(entry.line, ensure_ascii=False))))
        return Op(tuple(statements), _nothing)

    def games(self, query: GameQuery) -> Op[list[dict[str, Any]]]:
        """A page of the history, newest first, through an index whatever the filters: the rows of
        the player's (or else the role's) games when one is asked for, else the games by end time
        (by mode, seats, preset or winner when one is given)."""
        where: list[str] = []
        parameters: list[Any] = []
        if query.player is not None:
            source, key = "game_players d JOIN games g ON g.room = d.room", "d"
            where.append("d.name = ?")
            parameters.append(query.player)
        elif query.role is not None:
            source, key = "game_roles d JOIN games g ON g.room = d.room", "d"
            where.append("d.role = ?")
            parameters.append(query.role)
        else:
            source, key = "games g", "g"
        for column in ("mode", "seats", "preset", "winner"):
            value = getattr(query, column)
            if value is not None:
                where.append(f"g.{column} = ?")
                parameters.append(value)
        if query.player is not None and query.role is not None:
            where.append("EXISTS (SELECT 1 FROM game_roles r WHERE r.room = g.room AND r.role = ?)")
            parameters.append(query.role)
        if query.before is not None:
            if query.before_room is None:
                where.append(f"{key}.at < ?")
                parameters.append(query.before)
            else:
                # the bound first, alone, so that both databases read the index from it (not an OR)
                where.append(f"{key}.at <= ? AND ({key}.at < ? OR {key}.room < ?)")
                parameters.extend((query.before, query.before, query.before_room))
        if query.after is not None:
            where.append(f"{key}.at >= ?")
            parameters.append(query.after)
        sql = (f"SELECT g.line FROM {source}{' WHERE ' + ' AND '.join(where) if where else ''} "
               f"ORDER BY {key}.at DESC, {key}.room DESC LIMIT ?")
        return Op(((sql, (*parameters, query.limit)),), lambda rows: [json.loads(r[0]) for r in rows])

    def game_page(self, room: str) -> Op[tuple[int, str] | None]:
        """A listed game's page as it was made at the end (JSON text, served as it is), and the event
        number after it."""
        return Op((("SELECT seq, page FROM game_pages WHERE room = ?", (room,)),),
                  lambda rows: (rows[0][0], rows[0][1]) if rows else None)

    def unindexed(self) -> Op[list[str]]:
        """The archived rooms the history has not looked at, oldest first: those archived before the
        history was (a store of an older version); none once the archive is marked looked at
        (:meth:`indexed`)."""
        return Op(((("SELECT room FROM archive WHERE NOT EXISTS (SELECT 1 FROM meta WHERE key = 'history') "
                    "AND NOT EXISTS (SELECT 1 FROM games g WHERE g.room = archive.room) ORDER BY at, room"), ()),),
                  lambda rows: [r[0] for r in rows])

    def indexed(self) -> Op[None]:
        """Mark the store's archive as looked at by the history (see :meth:`unindexed`)."""
        return Op((("INSERT INTO meta (key, value) VALUES ('history', '1') ON CONFLICT (key) DO NOTHING", ()),),
                  _nothing)

    def secret(self) -> Op[bytes]:
        return Op((("INSERT INTO meta (key, value) VALUES ('secret', ?) ON CONFLICT (key) DO NOTHING",
                    (secrets.token_hex(32),)),
                   ("SELECT value FROM meta WHERE key = 'secret'", ())), lambda rows: bytes.fromhex(rows[0][0]))


class Store(Protocol):
    """Where room events live, reached synchronously (the CLI, tests, a store's setup); the server
    reaches it through :meth:`asynchronous`."""

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

    def index_game(self, entry: GameEntry, seq: int, page: dict[str, Any]) -> None:
        """List a finished game in the history, with its page (see :meth:`Statements.index_game`)."""
        ...

    def games(self, query: GameQuery) -> list[dict[str, Any]]:
        """A page of the history, newest first (the listed rows)."""
        ...

    def game_page(self, room: str) -> tuple[int, str] | None:
        """A listed game's page (JSON text) and the event number after it (None: not listed)."""
        ...

    def unindexed(self) -> list[str]:
        """The archived rooms the history has not looked at (a store of an older version)."""
        ...

    def secret(self) -> bytes:
        """The server's secret key, made once and kept."""
        ...

    def asynchronous(self) -> AsyncStore:
        """The same store, reached without blocking an event loop (opened on first use, from the loop)."""
        ...

    def close(self) -> None: ...


class _Operations:
    """The operations of a store, each one :class:`Op` of ``statements`` run by ``run``: the
    synchronous and the asynchronous stores differ only in how they run an operation."""

    statements: Statements

    def run(self, op: Op[T]) -> T:
        raise NotImplementedError

    def append(self, room: str, seq: int, kind: str, data: dict[str, Any]) -> StoredEvent:
        return self.run(self.statements.append(room, seq, kind, data, time.time()))

    def rooms(self) -> list[str]:
        return self.run(self.statements.rooms())

    def events(self, room: str, after: int = -1) -> list[StoredEvent]:
        return self.run(self.statements.events(room, after))

    def active_rooms(self) -> list[str]:
        return self.run(self.statements.active_rooms())

    def save_snapshot(self, snapshot: Snapshot) -> None:
        self.run(self.statements.save_snapshot(snapshot))

    def snapshot(self, room: str) -> Snapshot | None:
        return self.run(self.statements.snapshot(room))

    def archive(self, room: str, seq: int, summary: dict[str, Any], record: dict[str, Any]) -> None:
        self.run(self.statements.archive(room, seq, summary, record))

    def archived(self, room: str) -> dict[str, Any] | None:
        return self.run(self.statements.archived(room))

    def index_game(self, entry: GameEntry, seq: int, page: dict[str, Any]) -> None:
        self.run(self.statements.index_game(entry, seq, page))

    def games(self, query: GameQuery) -> list[dict[str, Any]]:
        return self.run(self.statements.games(query))

    def unindexed(self) -> list[str]:
        return self.run(self.statements.unindexed())

    def game_page(self, room: str) -> tuple[int, str] | None:
        return self.run(self.statements.game_page(room))

    def secret(self) -> bytes:
        return self.run(self.statements.secret())


class AsyncStore:
    """A store reached from an event loop without blocking it: the operations of :class:`Store`,
    awaited (``run`` is a coroutine here). Subclasses: :class:`ThreadedStore` (SQLite, on one
    thread of its own), :class:`PooledStore` (PostgreSQL through psycopg's async pool)."""

    statements: Statements

    async def run(self, op: Op[T]) -> T:
        raise NotImplementedError

    async def append(self, room: str, seq: int, kind: str, data: dict[str, Any]) -> StoredEvent:
        return await self.run(self.statements.append(room, seq, kind, data, time.time()))

    async def events(self, room: str, after: int = -1) -> list[StoredEvent]:
        return await self.run(self.statements.events(room, after))

    async def active_rooms(self) -> list[str]:
        return await self.run(self.statements.active_rooms())

    async def save_snapshot(self, snapshot: Snapshot) -> None:
        await self.run(self.statements.save_snapshot(snapshot))

    async def snapshot(self, room: str) -> Snapshot | None:
        return await self.run(self.statements.snapshot(room))

    async def archive(self, room: str, seq: int, summary: dict[str, Any], record: dict[str, Any]) -> None:
        await self.run(self.statements.archive(room, seq, summary, record))

    async def archived(self, room: str) -> dict[str, Any] | None:
        return await self.run(self.statements.archived(room))

    async def index_game(self, entry: GameEntry, seq: int, page: dict[str, Any]) -> None:
        await self.run(self.statements.index_game(entry, seq, page))

    async def games(self, query: GameQuery) -> list[dict[str, Any]]:
        return await self.run(self.statements.games(query))

    async def game_page(self, room: str) -> tuple[int, str] | None:
        return await self.run(self.statements.game_page(room))

    async def unindexed(self) -> list[str]:
        return await self.run(self.statements.unindexed())

    async def indexed(self) -> None:
        await self.run(self.statements.indexed())

    async def secret(self) -> bytes:
        return await self.run(self.statements.secret())

    async def close(self) -> None:
        return None


class ThreadedStore(AsyncStore):
    """A synchronous store run on one thread of its own (SQLite's objects belong to one thread at a
    time: one writer thread keeps them there, and the loop only awaits)."""

    def __init__(self, store: _SQLStore):
        self.store, self.statements = store, store.statements
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="jinrou-store")

    async def run(self, op: Op[T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, self.store.run, op)

    async def close(self) -> None:
        self._thread.shutdown(wait=False)


POOL_SIZE = 4
"""Connections of a process's async pool: appends to different rooms run at once, each room's in order."""
POOL_WAIT_SECONDS = 3.0
"""How long an operation waits for a connection (while the database is away) before it fails."""


class PooledStore(AsyncStore):
    """PostgreSQL through psycopg's :class:`~psycopg_pool.AsyncConnectionPool`, autocommit: every
    operation awaits its statements on a connection of the pool (a broken one is replaced)."""

    def __init__(self, url: str, statements: Statements):
        self.url, self.statements = url, statements
        self._pool: Any = None

    async def _opened(self) -> Any:
        if self._pool is None:
            from psycopg_pool import AsyncConnectionPool

            self._pool = AsyncConnectionPool(self.url, min_size=1, max_size=POOL_SIZE, open=False,
                                             kwargs={"autocommit": True, "connect_timeout": 3},
                                             timeout=POOL_WAIT_SECONDS)
            await self._pool.open()
        return self._pool

    async def run(self, op: Op[T]) -> T:
        pool = await self._opened()
        rows: list[tuple] = []
        async with pool.connection() as db:
            for sql, parameters in op.statements:
                cursor = await db.execute(sql.replace("?", "%s"), parameters)
                rows = await cursor.fetchall() if cursor.description else []
        return op.decode(rows)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()


class _SQLStore(_Operations):
    """The synchronous store: one connection; a subclass opens it and names its placeholder."""

    placeholder = "?"

    def __init__(self, db, statements: Statements | None = None) -> None:
        self._db = db
        self.statements = statements or Statements()
        self._lock = threading.Lock()  # one connection, used from the store's thread and tests alike
        self._create_schema()

    def _create_schema(self) -> None:
        for statement in SCHEMA.split(";"):
            self._db.execute(statement)

    def _query(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        return self.run(Op(((sql, parameters),), lambda rows: rows))

    def run(self, op: Op[T]) -> T:
        rows: list[tuple] = []
        with self._lock:
            db = self._connection()
            for sql, parameters in op.statements:
                cursor = db.execute(sql.replace("?", self.placeholder), parameters)
                rows = cursor.fetchall() if cursor.description else []
        return op.decode(rows)

    def _connection(self) -> Any:
        return self._db

    def asynchronous(self) -> AsyncStore:
        return ThreadedStore(self)

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

    def __init__(self, url: str, statements: Statements | None = None):
        import importlib.util

        missing = [m for m in ("psycopg", "psycopg_pool") if importlib.util.find_spec(m) is None]
        if missing:
            raise JinrouError(f"a PostgreSQL store needs {' and '.join(missing)}, which {'is' if len(missing) == 1 else 'are'} "
                              "not installed: pip install -e '.[postgres]' in a checkout (else pip install 'jinrou[postgres]')")
        self.url = url
        super().__init__(self._connect(), statements)

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

    def asynchronous(self) -> AsyncStore:
        return PooledStore(self.url, self.statements)


def redacted(text: str, url: str | None = None) -> str:
    """``text`` with the password of every database URL in it, of every ``password=…``, and that of
    ``url`` wherever it stands as a word of its own, shown as ``***``: what a message or a log line
    may say of a URL. Only the password goes: its letters inside other words stay (a password
    ``p`` leaves "cannot open postgresql" as it is).

    >>> redacted("cannot open postgresql://ann:s3cret@db/jinrou")
    'cannot open postgresql://ann:***@db/jinrou'
    >>> redacted("cannot open 'postgresql://u:p@db': password p refused", "postgresql://u:p@db")
    "cannot open 'postgresql://u:***@db': password *** refused"
    """
    text = re.sub(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]+@", r"\1***@", text)
    text = re.sub(r"(\bpassword\s*=\s*)('[^']*'|\S+)", r"\1***", text, flags=re.IGNORECASE)
    password = _password(url) if url else None
    if not password:
        return text
    return re.sub(rf"(?<![\w]){re.escape(password)}(?![\w])", "***", text)


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
