"""Several server processes on one PostgreSQL database: pinned rooms, forwarded commands, pushes
by ``LISTEN/NOTIFY``, failover by leases (``jinrou serve --cluster NAME``).

The model, in four tables besides the events (see :mod:`jinrou.server.store`)::

    processes (name, address, rooms, alive_until)   each process: where it answers, how many rooms it runs
    pins      (room, process, lease_until)          the one process that writes a room, while its lease runs
    lobby     (room, made, summary, maker, holds)   the owner's summary of each open or running room

- **One writer.** A room is *pinned* to one process, which alone appends its events, runs its
  bots and its deadline timer. Every append checks the pin in the same statement (the event is
  inserted only ``WHERE EXISTS`` a pin of this room naming this process), and ``(room, seq)`` is the
  primary key: a stale owner can never append, two writers never fork a room. The lease says when
  others may *take* the pin, not whether its holder may write: an owner whose loop stalled past its
  lease (a burst of load) goes on writing as long as nobody took the room — refusing it would drop
  rooms nobody else holds. An append racing a take is either read by the new owner when it loads
  the room, or it makes the new owner's append of the same number fail on the key (it reads the
  room again).
  A process renews its leases every :data:`RENEW_SECONDS` from a thread of its own (:class:`Keeper`:
  a loop stalled by a burst of load keeps its rooms, up to :data:`STALL_SECONDS`); a room it learns
  it lost (another process took the pin) leaves its memory.
- **Any process answers.** A command for a room (join, act, chat, …) that reaches a process which
  does not own it is forwarded over HTTP to the owner (one hop: a forwarded request is never
  forwarded again), on a pool of keep-alive connections (:class:`Forwarder`). An owner that cannot
  be reached has not been sent the command (503 "try again"); one that goes away once it was sent
  leaves its outcome unknown (504, :data:`UNKNOWN`); a room nobody holds (its owner died and the lease ran out, or a finished room
  whose pin was released) is claimed by the process the command reached. Reads — a view, the record,
  a WebSocket — are served by any process from its *replica* of the room: the room folded from the
  store, kept current while it has listeners. So the proxy in front needs no knowledge of pins; it
  hashes the room id for affinity (one replica per room) and retries another process when one dies.
- **Pushes across processes.** The append statement itself notifies ``jinrou_rooms`` with
  ``room:seq`` (delivered at commit, so never before the event is readable). Each process listens;
  for a room it does not own but has connections to, it folds the new events from the store and
  pushes the views it computes itself: nothing but a room id and an event number travels on the
  channel. A listener that lost its connection catches up every such room once it is back.
- **Failover.** A process that dies stops renewing; when a pin's lease has run out, a live process
  takes it (at most its share of the expired pins each round, so the rooms spread), folds the room
  from its snapshot and events (as a restart does), re-arms the deadline and lets the bots go on.
  Clients reconnect through the proxy to any live process. A process back from an outage of the
  database takes no other process's pin for a lease (the others renew theirs meanwhile); the pin of
  a finished room whose owner died is deleted.
- **New rooms** are made on the least-loaded live process (a create that reaches another process is
  forwarded there). **The lobby** is read from the ``lobby`` table by any process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import threading
import time
from typing import TYPE_CHECKING, Any

from jinrou.server.rooms import Room, RoomError
from jinrou.server.store import SCHEMA, SCHEMA_LOCK, Op, PostgresStore, Statements, StoredEvent

if TYPE_CHECKING:
    import httpx2

    from jinrou.server.service import RoomService

LEASE_SECONDS = 2.0
"""How long a pin holds without renewal: a dead process's rooms are taken this long after its last
renewal (plus at most one round of :data:`RENEW_SECONDS`)."""
RENEW_SECONDS = 0.5
"""How often a process renews its leases, says it is alive and takes expired pins: four renewals a
lease, so a renewal late by up to 1.5 s (a busy machine) loses nothing."""
STALL_SECONDS = 30.0
"""How long a process whose event loop is stalled (busy: a burst of load) keeps its leases: its
:class:`Keeper` thread renews them while the loop has beaten within this. A loop hung for longer
loses its rooms (a lease later); a process that died loses them a lease after its last renewal."""
CONNECT_SECONDS = 3.0
"""How long a forwarded command waits for a connection to the room's owner (and to write itself on
it). Past it, or when the connection is refused, the command was not sent: 503 "try again"."""
READ_SECONDS = 30.0
"""How long a forwarded command waits for its owner's answer once sent (an answer waits for the
bots' turns the command set off). Past it, or when the connection drops meanwhile, the command may
or may not have been carried out: 504 (:data:`UNKNOWN`)."""
KEEPALIVE_SECONDS = 2.0
"""How long an idle connection to another process stays in the pool: less than the time uvicorn
keeps an idle connection open (5 s), so a connection is never closed by the owner as it is reused
(that would leave a command's outcome unknown for nothing)."""
FORWARD_CONNECTIONS = 256
"""Connections to the other processes at once (a command beyond waits :data:`CONNECT_SECONDS` for
one, then is answered 503); :data:`KEPT_CONNECTIONS` of them stay open while idle."""
KEPT_CONNECTIONS = 32
UNKNOWN = RoomError("the room's server went away before it answered: your request may or may not have been carried "
                    "out. Look at the room (your view) before sending it again; an action sent again with the same "
                    "id is stored once", status=504,
                    ja="部屋のサーバーが応答する前に止まりました。処理されたかどうかは分かりません。部屋の表示を"
                       "確かめてから送り直してください（同じ id の行動は一度だけ記録されます）")
"""The answer to a forwarded command whose owner went away after it was sent (504: the process the
client reached is the owner's gateway, and got no answer from it)."""
AWAY = RoomError("the room's server is away: try again in a few seconds", status=503,
                 ja="部屋のサーバーが応答しません。数秒後にもう一度どうぞ")
"""The answer to a command whose owner could not be reached: it was not sent (its room is taken by
another process once the owner's lease runs out)."""
CHANNEL = "jinrou_rooms"
FORWARDED = "x-jinrou-forwarded"
"""The header of a command forwarded to the room's owner (never forwarded again)."""
CLUSTER_SCHEMA = """
CREATE TABLE IF NOT EXISTS processes (
    name TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    rooms INTEGER NOT NULL,
    alive_until TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS pins (
    room TEXT PRIMARY KEY,
    process TEXT NOT NULL,
    lease_until TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS lobby (
    room TEXT PRIMARY KEY,
    made DOUBLE PRECISION NOT NULL,
    summary TEXT NOT NULL
);
ALTER TABLE lobby ADD COLUMN IF NOT EXISTS maker TEXT;
ALTER TABLE lobby ADD COLUMN IF NOT EXISTS holds BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS lobby_maker ON lobby (maker)
"""
"""``maker`` is the key of the address that made the room (see ``RoomService.may_create``), ``holds``
whether the room counts among its maker's open rooms: the per-address limit counts over the cluster."""
log = logging.getLogger("jinrou.server")


class NotOwner(RuntimeError):
    """An append by a process that does not hold the room's pin (or whose lease ran out)."""


class ClusterStatements(Statements):
    """The store's SQL for one process of a cluster: every append is checked against the room's
    pin and notified on :data:`CHANNEL` in the same statement."""

    def __init__(self, process: str):
        self.process = process

    def append(self, room: str, seq: int, kind: str, data: dict[str, Any], at: float) -> Op[StoredEvent]:
        def stored(rows: list[tuple]) -> StoredEvent:
            if not rows:
                raise NotOwner(f"room {room}: process {self.process!r} does not hold its pin")
            return StoredEvent(room, seq, kind, data, at)

        return Op(((
            ("WITH stored AS (INSERT INTO events (room, seq, kind, data, at) SELECT ?, ?, ?, ?, ? WHERE EXISTS "
            "(SELECT 1 FROM pins WHERE room = ? AND process = ?) RETURNING room, seq) "
            f"SELECT pg_notify('{CHANNEL}', room || ':' || seq) FROM stored"),
            (room, seq, kind, json.dumps(data, ensure_ascii=False), at, room, self.process)),), stored)


class ClusterStore(PostgresStore):
    """The PostgreSQL store of one process of a cluster (see :class:`ClusterStatements`); its
    schema includes the cluster's tables."""

    statements: ClusterStatements

    def __init__(self, url: str, process: str, lease: float = LEASE_SECONDS):
        self.process, self.lease = process, lease
        super().__init__(url, ClusterStatements(process))

    def _create_schema(self) -> None:
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in (SCHEMA + ";" + CLUSTER_SCHEMA).split(";"):
                self._db.execute(statement)


class Cluster:
    """This process's part in a cluster: its pins, its replicas' pushes, forwarding, the lobby.

    ``address`` is where the other processes reach this one (``http://127.0.0.1:8001``)."""

    def __init__(self, store: ClusterStore, address: str, lease: float = LEASE_SECONDS,
                 renew: float = RENEW_SECONDS, stall: float = STALL_SECONDS):
        self.store, self.name, self.address = store, store.process, address.rstrip("/")
        self.lease, self.renew = lease, renew
        self.keeper = Keeper(store.url, self.name, lease, renew, stall)
        self._http: httpx2.AsyncClient | None = None  # the pool of connections to the other processes
        self.owned: set[str] = set()
        self.service: RoomService | None = None
        self._db: Any = None  # an async connection for pins, processes and the lobby
        self._lock = asyncio.Lock()
        self._tasks: list[asyncio.Task] = []
        self._changed: dict[str, Room] = {}
        self._written: dict[str, str] = {}  # room → the lobby summary last written
        self._heard: dict[str, int] = {}
        self._away = True  # until the first query: a process that starts has been away too
        self._back = 0.0  # (monotonic) when the database answered again after being away

    # ------------------------------------------------------------ hooks of RoomService

    def owns(self, room_id: str) -> bool:
        return room_id in self.owned

    async def pin(self, room_id: str) -> None:
        """Pin a new room to this process (before its first event)."""
        await self._run("INSERT INTO pins (room, process, lease_until) VALUES (%s, %s, now() + make_interval(secs => "
                        "%s)) ON CONFLICT (room) DO NOTHING", (room_id, self.name, self.lease))
        await self._run("UPDATE processes SET rooms = rooms + 1 WHERE name = %s", (self.name,))  # placed by load
        self.owned.add(room_id)

    async def open_rooms(self, maker: str) -> int:
        """The open rooms the address keyed ``maker`` made that other processes hold (from the
        lobby lines their owners wrote; this process counts its own in memory)."""
        rows = await self._run("SELECT room FROM lobby WHERE maker = %s AND holds", (maker,))
        return sum(1 for (room,) in rows if room not in self.owned)

    def changed(self, room: Room) -> None:
        """A room of ours changed: its lobby line is written soon (once for a burst of changes)."""
        if not self._changed:
            asyncio.get_running_loop().call_soon(self._spawn, self._write_lobby())
        self._changed[room.id] = room

    # ------------------------------------------------------------------ lifecycle

    async def start(self, service: RoomService) -> None:
        """Say this process is alive, pin the rooms nobody holds (a database a single process used)
        and the expired ones of its share; the service then restores the rooms it owns."""
        import httpx2

        self.service = service
        self._http = httpx2.AsyncClient(
            timeout=httpx2.Timeout(connect=CONNECT_SECONDS, read=READ_SECONDS, write=CONNECT_SECONDS,
                                   pool=CONNECT_SECONDS),
            limits=httpx2.Limits(max_connections=FORWARD_CONNECTIONS, max_keepalive_connections=KEPT_CONNECTIONS,
                                 keepalive_expiry=KEEPALIVE_SECONDS),
            trust_env=False)  # no HTTP_PROXY between the processes
        await self._heartbeat(first=True)
        self._tasks = [asyncio.ensure_future(self._beating()), asyncio.ensure_future(self._listening())]
        self.keeper.start()

    async def stop(self) -> None:
        """A clean stop: the pins are released at once (the other processes take the rooms at their
        next round), this process leaves the list."""
        for task in self._tasks:
            task.cancel()
        await asyncio.to_thread(self.keeper.stop)
        try:
            await self._run("DELETE FROM pins WHERE process = %s", (self.name,))
            await self._run("DELETE FROM processes WHERE name = %s", (self.name,))
        except Exception as error:  # noqa: BLE001 — the database is away: the leases run out instead
            log.warning("cluster: pins not released (%s)", type(error).__name__)
        if self._db is not None:
            await self._db.close()
        if self._http is not None:
            await self._http.aclose()

    async def _run(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        """A query on this process's async connection (opened again when it broke); RoomError 503
        while the database is away."""
        import psycopg

        async with self._lock:
            try:
                if self._db is None or self._db.closed or self._db.broken:
                    self._db = await psycopg.AsyncConnection.connect(self.store.url, autocommit=True,
                                                                     connect_timeout=3)
                cursor = await self._db.execute(sql, parameters)
                rows = await cursor.fetchall() if cursor.description else []
            except psycopg.OperationalError:
                self._away = True
                raise RoomError("the database is away: try again in a moment", status=503,
                                ja="データベースに届きません。少ししてからもう一度どうぞ") from None
            if self._away:
                self._away, self._back = False, time.monotonic()
            return rows

    @property
    def returning(self) -> bool:
        """Whether this process came back from an outage of the database (or started) less than a
        lease ago: it takes no other process's expired pin yet. An outage of the database expires
        every lease at once, and the others come back within a round of renewal: until they had a
        lease to renew their own pins, an expired pin says nothing about its owner being dead (a
        process that died has not come back after a lease, and its rooms are taken then)."""
        return self._away or time.monotonic() - self._back < self.lease

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    async def _beating(self) -> None:
        while True:
            await asyncio.sleep(self.renew)
            self.keeper.beat = time.monotonic()  # the loop is alive: the keeper renews the leases
            try:
                await self._heartbeat()
            except Exception as error:  # noqa: BLE001 — the database is away: try again next round
                log.warning("cluster: heartbeat failed (%s)", type(error).__name__)

    async def _heartbeat(self, first: bool = False) -> None:
        """Renew this process and its pins; forget the rooms another process took; take a share of
        the expired pins (and, at the start, the rooms nobody has pinned)."""
        service = self.service
        assert service is not None
        lease = (self.lease,)
        await self._run("INSERT INTO processes (name, address, rooms, alive_until) VALUES "
                        "(%s, %s, %s, now() + make_interval(secs => %s)) ON CONFLICT (name) DO UPDATE SET "
                        "address = excluded.address, rooms = excluded.rooms, alive_until = excluded.alive_until",
                        (self.name, self.address, len(service.rooms.active), *lease))
        for room_id in self.owned - service.rooms.in_memory():  # a finished room left memory: anyone may claim it
            if await self._run("DELETE FROM pins WHERE room = %s AND process = %s AND room IN (SELECT room FROM "
                               "archive) RETURNING room", (room_id, self.name)):
                self.owned.discard(room_id)
        kept = {r for (r,) in await self._run(
            "UPDATE pins SET lease_until = now() + make_interval(secs => %s) WHERE process = %s RETURNING room",
            (*lease, self.name))}
        for room_id in kept & self.owned - service.rooms.in_memory():  # left memory when the store failed: back
            await service.adopt(room_id)
        for room_id in self.owned - kept:
            log.warning("cluster: room %s was taken by another process", room_id)
            self.owned.discard(room_id)
            service.release(room_id)
        taken = set(kept - self.owned)  # (at the start: the pins this process held before a restart)
        if first:
            taken |= {r for (r,) in await self._run(
                "INSERT INTO pins (room, process, lease_until) SELECT room, %s, now() + make_interval(secs => %s) "
                "FROM events WHERE seq = 0 AND room NOT IN (SELECT room FROM archive) ON CONFLICT (room) DO NOTHING "
                "RETURNING room", (self.name, *lease))}
        if self.returning:  # the others may be coming back too: their pins are theirs for a lease more
            expired = live = 0
        else:
            await self._run("DELETE FROM pins WHERE lease_until < now() AND room IN (SELECT room FROM archive)")
            [(expired, live)] = await self._run(  # (above: the pins of finished rooms whose owner died)
                "SELECT (SELECT count(*) FROM pins WHERE lease_until < now() AND room NOT IN (SELECT room FROM "
                "archive)), (SELECT count(*) FROM processes WHERE alive_until > now())")
        if expired:
            share = math.ceil(expired / max(1, live))
            taken |= {r for (r,) in await self._run(
                "UPDATE pins SET process = %s, lease_until = now() + make_interval(secs => %s) WHERE room IN "
                "(SELECT room FROM pins WHERE lease_until < now() AND room NOT IN (SELECT room FROM archive) "
                "ORDER BY random() LIMIT %s FOR UPDATE SKIP LOCKED) AND lease_until < now() RETURNING room",
                (self.name, *lease, share))}
        for room_id in taken:
            self.owned.add(room_id)
            if not first:  # at the start, the service's restore loads them
                log.info("cluster: room %s taken over", room_id)
                await service.adopt(room_id)

    # ------------------------------------------------------------------- routing

    async def route(self, room_id: str) -> str | None:
        """Where a command for ``room_id`` runs: None for here (this process owns it, or just claimed
        it, or there is no such room: the service answers 404), else the owner's address."""
        if room_id in self.owned:
            return None
        rows = await self._run("SELECT p.process, q.address FROM pins p JOIN processes q ON q.name = p.process "
                               "WHERE p.room = %s AND p.lease_until > now()", (room_id,))
        if rows and rows[0][0] != self.name:
            return rows[0][1]
        if self.returning:  # back from an outage: the pin's owner may be renewing it in a moment
            rows = await self._run("SELECT q.address FROM pins p JOIN processes q ON q.name = p.process "
                                   "WHERE p.room = %s AND p.process <> %s", (room_id, self.name))
            if rows:
                return rows[0][0]
        claimed = await self._run(
            "INSERT INTO pins (room, process, lease_until) SELECT %s, %s, now() + make_interval(secs => %s) "
            "WHERE EXISTS (SELECT 1 FROM events WHERE room = %s AND seq = 0) ON CONFLICT (room) DO UPDATE SET "
            "process = excluded.process, lease_until = excluded.lease_until "
            "WHERE pins.lease_until < now() OR pins.process = excluded.process RETURNING room",
            (room_id, self.name, self.lease, room_id))
        if claimed:
            self.owned.add(room_id)
            assert self.service is not None
            await self.service.adopt(room_id)
            return None
        rows = await self._run("SELECT q.address FROM pins p JOIN processes q ON q.name = p.process "
                               "WHERE p.room = %s", (room_id,))
        return rows[0][0] if rows else None

    async def place(self) -> str | None:
        """Where a new room is made: None for here, else the address of a less loaded live process."""
        assert self.service is not None
        mine = len(self.service.rooms.active)
        rows = await self._run("SELECT address, rooms FROM processes WHERE alive_until > now() AND name <> %s "
                               "ORDER BY rooms, random() LIMIT 1", (self.name,))
        return rows[0][0] if rows and rows[0][1] < mine else None

    async def forward(self, address: str, method: str, path: str, body: bytes, client: str,
                      cookie: str | None = None) -> tuple[int, Any]:
        """Send a command on to the process at ``address`` (with the client's ``cookie``: the owner
        reads the signed-in account from the shared store): its status and JSON answer; 503
        (:data:`AWAY`) when it cannot be reached — the command was not sent, its room is taken by
        another process once its lease runs out — and 504 (:data:`UNKNOWN`) when the connection
        dropped or the answer did not come in :data:`READ_SECONDS` after it was sent."""
        import httpx2

        assert self._http is not None, "the cluster is started first"
        try:
            answer = await self._http.request(method, address + path, content=body, headers={
                "content-type": "application/json", FORWARDED: self.name, "x-forwarded-for": client,
                **({"cookie": cookie} if cookie else {})})
        except (httpx2.ConnectError, httpx2.ConnectTimeout, httpx2.PoolTimeout):
            return AWAY.status, AWAY.to_json()
        except httpx2.TransportError as error:  # sent, then a reset, an end of file, a timeout
            log.warning("cluster: %s %s at %s: no answer (%s)", method, path, address, type(error).__name__)
            return UNKNOWN.status, UNKNOWN.to_json()
        try:
            return answer.status_code, answer.json()
        except ValueError:  # not our server's answer: a bug, or something else at that address
            log.error("cluster: %s %s at %s: answered %d, not JSON: %r", method, path, address, answer.status_code,
                      answer.content[:200])
            return 500, {"error": "the server failed on this request (logged)"}

    # --------------------------------------------------------------------- lobby

    async def lobby(self) -> list[dict[str, Any]]:
        """The summaries of every open or running room, newest first."""
        return [json.loads(s) for (s,) in await self._run("SELECT summary FROM lobby ORDER BY made DESC, room")]

    async def _write_lobby(self) -> None:
        changed, self._changed = self._changed, {}
        for room_id, room in changed.items():
            try:
                if room.is_over or room.closed:
                    await self._run("DELETE FROM lobby WHERE room = %s", (room_id,))
                    self._written.pop(room_id, None)
                    continue
                summary = json.dumps(room.summary(), ensure_ascii=False)
                line = f"{room.holds_address:d}{summary}"
                if self._written.get(room_id) != line:
                    await self._run("INSERT INTO lobby (room, made, summary, maker, holds) VALUES (%s, %s, %s, %s, %s) "
                                    "ON CONFLICT (room) DO UPDATE SET summary = excluded.summary, holds = excluded.holds",
                                    (room_id, time.time(), summary, room.by, room.holds_address))
                    self._written[room_id] = line
            except Exception as error:  # noqa: BLE001 — the database is away: the next change writes it
                log.warning("cluster: lobby line of %s not written (%s)", room_id, type(error).__name__)

    # ------------------------------------------------------------------- pushes

    async def _listening(self) -> None:
        """LISTEN on :data:`CHANNEL` (a connection of its own, opened again when it drops); each
        ``room:seq`` heard lets the service fold and push a room it follows."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.store.url, autocommit=True,
                                                                  connect_timeout=3) as db:
                    await db.execute(f"LISTEN {CHANNEL}")
                    self._heard_all()  # what was said while nobody listened
                    async for notice in db.notifies():
                        room_id, _, seq = notice.payload.rpartition(":")
                        self._hear(room_id, int(seq))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 — the database went away: listen again soon
                log.warning("cluster: not listening (%s)", type(error).__name__)
                await asyncio.sleep(self.renew)

    def _hear(self, room_id: str, seq: int) -> None:
        assert self.service is not None
        if room_id in self.owned or room_id not in self.service.listeners:
            return
        if not self._heard:
            asyncio.get_running_loop().call_soon(self._catch_up)
        self._heard[room_id] = max(seq, self._heard.get(room_id, -1))

    def _heard_all(self) -> None:
        assert self.service is not None
        for room_id in list(self.service.listeners):
            self._hear(room_id, 1 << 62)

    def _catch_up(self) -> None:
        heard, self._heard = self._heard, {}
        assert self.service is not None
        for room_id, seq in heard.items():
            self._spawn(self.service.heard(room_id, seq))


class Keeper(threading.Thread):
    """Renews this process's leases (and says it is alive) every ``renew`` seconds, from a thread
    of its own on a connection of its own, as long as the event loop has beaten (:attr:`beat`,
    set by the loop's heartbeat) within ``stall`` seconds. So a loop that is busy for a moment — a
    burst of load on a shared machine stalled one for 4–8 s — keeps its rooms, and goes on
    appending them; a process that is SIGKILLed stops renewing at once (its rooms are taken a
    lease later), one whose loop hangs stops after ``stall``. The loop's own heartbeat renews too
    and does the rest (learning which rooms are still its own, taking expired pins)."""

    def __init__(self, url: str, process: str, lease: float, renew: float, stall: float):
        super().__init__(name=f"jinrou-leases-{process}", daemon=True)
        self.url, self.process, self.lease, self.renew, self.stall = url, process, lease, renew, stall
        self.beat = time.monotonic()
        self.renewed = 0  # rounds that renewed (for tests and logs)
        self._quit = threading.Event()
        self._db: Any = None

    def run(self) -> None:
        while not self._quit.wait(self.renew):
            if time.monotonic() - self.beat > self.stall:
                continue  # the loop hangs: let the leases run out, another process takes the rooms
            try:
                self._renew()
            except Exception as error:  # noqa: BLE001 — the database is away: next round
                log.warning("cluster: leases not renewed by the keeper (%s)", type(error).__name__)
                self._close()

    def _renew(self) -> None:
        import psycopg

        if self._db is None or self._db.closed or self._db.broken:
            self._db = psycopg.connect(self.url, autocommit=True, connect_timeout=2)
        self._db.execute("UPDATE processes SET alive_until = now() + make_interval(secs => %s) WHERE name = %s",
                         (self.lease, self.process))
        self._db.execute("UPDATE pins SET lease_until = now() + make_interval(secs => %s) WHERE process = %s",
                         (self.lease, self.process))
        self.renewed += 1

    def _close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(Exception):
                self._db.close()
            self._db = None

    def stop(self) -> None:
        self._quit.set()
        if self.is_alive():
            self.join(5)
        self._close()


def cluster_address(host: str, port: int) -> str:
    """Where the other processes reach a process listening on ``host:port``."""
    if host in ("0.0.0.0", "::", "", "localhost"):
        host = "127.0.0.1"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
