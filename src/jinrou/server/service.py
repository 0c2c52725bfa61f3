"""Rooms at work: commands append events, bots play, deadlines fire, views are pushed.

:class:`RoomService` is the only writer. A command validates against the room's current state (an
action through the mode's pure ``check``, which changes nothing), appends its event(s) to the
store, folds them into the room, lets the game progress (random outcomes drawn and stored, bots
acting, phases closing when everybody has acted), arms the phase deadline, and pushes every
connected player his own view. It runs on one asyncio loop and never blocks it: the store is awaited
(:class:`~jinrou.server.store.AsyncStore` — SQLite on a thread of its own, PostgreSQL through
psycopg's async pool), and bots think on threads. While a command awaits,
other rooms go on; each room has a lock, held from a command's check to its fold ("check, append,
fold"), so one room's commands run one at a time, in order.

Fairness: the game progresses in *slices* — when one has run for :data:`SLICE_SECONDS`, the rest is
scheduled after whatever else the loop has to do (other rooms, requests), so a 40-seat room of
bots playing a thousand events never freezes the server. Each slice is pushed as it ends, and
never before the outcomes due are drawn and stored (a phase's close, a 課金者's pull): a command
never finds the room between an action and its outcome.

Memory and restarts: every :data:`SNAPSHOT_EVERY` events a room is snapshotted
(:mod:`jinrou.server.snapshots`). When a game ends the room is archived (its record and summary
kept) and leaves the active rooms; a few finished rooms stay cached, the others are loaded again
from their last snapshot if somebody asks. :meth:`restore` loads only the active rooms, each from
its snapshot plus the events after it, and re-arms the deadlines (a deadline that passed while the
server was down fires at once).

Pushes: a connection is sent the whole view when it connects, then after every change *it can see*
the view with only the chat lines it has not been sent (``"append": true``); a reconnecting page
says how many lines of each channel it has (``have``). Chat lines are numbered per channel and no
event number is sent, so neither a message nor its content tells a reader about talk or actions
it cannot see (the wolves' chat, a night action).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import inspect
import json
import logging
import secrets
import time
import uuid
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from jinrou import chatlog
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError
from jinrou.server import history, snapshots
from jinrou.server.accounts import Account, check_account_seat, record_plays
from jinrou.server.guard import Limits, ServerLimits
from jinrou.server.names import check_nickname
from jinrou.server.rooms import (
    CHAT_LIMIT,
    NAME_LIMIT,
    Room,
    RoomError,
    check_action_id,
    check_name,
    hash_password,
    hash_token,
    new_token,
    password_matches,
    validate_settings,
)
from jinrou.server.store import AsyncStore, GameQuery, Store, StoredEvent

BOT_NAMES = ["Bot Alice", "Bot Bob", "Bot Carol", "Bot Dave", "Bot Erin", "Bot Frank", "Bot Grace", "Bot Heidi",
             "Bot Ivan", "Bot Judy", "Bot Ken", "Bot Liz", "Bot Mallory", "Bot Niaj", "Bot Olivia", "Bot Peggy",
             "Bot Quinn", "Bot Rupert", "Bot Sybil", "Bot Trent"]
BOT_NAMES_JA = ["ボットあかり", "ボットいつき", "ボットうた", "ボットえいた", "ボットおとは", "ボットかえで", "ボットきよし",
                "ボットくるみ", "ボットけんた", "ボットこはる", "ボットさくら", "ボットしゅん", "ボットすみれ", "ボットせいじ",
                "ボットそら", "ボットたくみ", "ボットちはる", "ボットつばさ", "ボットてつや", "ボットともか"]
"""Bots' names on a Japanese page (the page says its language when it fills the seats)."""
SLICE_SECONDS = 0.02
"""How long one slice of a game's progress may run before the loop serves others (in a 40-seat
room one event can take 20 ms)."""
SLICE_EVENTS = 4
"""Events a slice always makes: a bot's one reply (a shogi move) or a small room's night is never
cut, so the command that set it off is answered with it done."""
SNAPSHOT_EVERY = 100
"""Events between two snapshots of a running room (and every room is snapshotted at shutdown): a
restart folds at most this many events a room."""
RETRY_SECONDS = 1.0
"""How soon a room whose event the store refused is read again (doubling while the store fails)."""
REPLAYS_CACHED = 16
"""Finished games' replays kept in memory (a page being looked at by many)."""
FINISHED_CACHED = 32
"""Finished rooms kept in memory; older ones are loaded from their snapshot when asked for."""
REPLICAS_CACHED = 64
"""Rooms of other processes (a cluster) kept in memory without a connection to them."""
BOT_SECONDS = 20.0
"""How long a bot may think on its thread; one that has not decided sits out the turn."""
log = logging.getLogger("jinrou.server")


@dataclass(eq=False)
class Listener:
    """A connection that wants ``seat``'s view of ``room`` (seat None: a spectator); ``send`` takes
    the view as JSON text. ``have`` counts the chat lines of each channel it has been sent (None:
    nothing yet, it is sent everything next); ``last`` is the view it was last sent, less the chat
    and the server's time: a change it cannot see is not pushed to it."""

    room: str
    seat: int | None
    send: Callable[[str], Awaitable[None]]
    have: dict[str, int] | None = None
    last: str = ""
    sending: asyncio.Task | None = None  # the last push under way


class Ownership(Protocol):
    """Which rooms this process writes, when several share one store (see
    :class:`jinrou.server.cluster.Cluster`); without one, every room is this process's."""

    def owns(self, room_id: str) -> bool: ...

    async def pin(self, room_id: str) -> None:
        """Make a new room this process's (before its first event is stored)."""
        ...

    def changed(self, room: Room) -> None:
        """One of this process's rooms changed (its lobby line)."""
        ...

    async def open_rooms(self, maker: str) -> int:
        """The open rooms the address keyed ``maker`` made that other processes hold."""
        ...


class RoomTable(Mapping[str, Room]):
    """The rooms in memory: the active ones, the recently finished ones cached (iterating gives the
    active rooms). In a cluster these are the rooms this process owns; another process's room is a
    *replica*: folded from the store, read-only here. Any other room is loaded from the store by
    :meth:`RoomService.room`."""

    def __init__(self) -> None:
        self.active: dict[str, Room] = {}
        self.finished: OrderedDict[str, Room] = OrderedDict()
        self.replicas: OrderedDict[str, Room] = OrderedDict()

    def __getitem__(self, room_id: str) -> Room:
        if room_id in self.active:
            return self.active[room_id]
        if room_id in self.finished:
            self.finished.move_to_end(room_id)
            return self.finished[room_id]
        raise KeyError(room_id)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.active))

    def __len__(self) -> int:
        return len(self.active)

    def __setitem__(self, room_id: str, room: Room) -> None:
        self.active[room_id] = room

    def in_memory(self) -> set[str]:
        """The rooms of this process in memory now (active or finished)."""
        return set(self.active) | set(self.finished)

    def keep(self, room: Room) -> Room:
        """Keep a room read from the store (active, or finished), unless one is kept already (a
        concurrent read got there first): the one kept."""
        kept = self.active.get(room.id) or self.finished.get(room.id)
        if kept is not None:
            return kept
        if room.is_over or room.closed:
            self.keep_finished(room)
        else:
            self.active[room.id] = room
        return room

    def keep_finished(self, room: Room) -> None:
        self.active.pop(room.id, None)
        self.finished[room.id] = room
        self.finished.move_to_end(room.id)
        while len(self.finished) > FINISHED_CACHED:
            self.finished.popitem(last=False)


class NotStored(RoomError):
    """The store refused an event: the room has left memory and is read again from the store."""


@dataclass(frozen=True)
class Push:
    """A message composed for a listener: its ``text``, the view without chat and time (``core``),
    the line counts it will then have, and whether it carries chat lines."""

    text: str
    core: str
    have: dict[str, int]
    lines: bool


@dataclass
class Progress:
    """Bookkeeping of slices and snapshots."""

    pending: set[str] = field(default_factory=set)  # rooms whose next slice is scheduled or running
    scheduled: set[str] = field(default_factory=set)  # rooms whose next slice is scheduled
    settled: dict[str, asyncio.Future] = field(default_factory=dict)  # room → done when its slices are
    snapshot_at: dict[str, int] = field(default_factory=dict)  # room → the seq of its last snapshot


class RoomService:
    """The rooms of this process. Every command is a coroutine: it takes the room's lock (commands
    of one room run one at a time, in the order they came; rooms run side by side), checks, awaits
    the store's append, then folds. ``store`` is the synchronous store (tests and tools read it);
    the service reaches it through ``db``, its asynchronous twin, and never blocks the loop on it."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, limits: ServerLimits | None = None,
                 cluster: Ownership | None = None, db: AsyncStore | None = None):
        self.store, self.clock, self.cluster = store, clock, cluster
        self.db = db or store.asynchronous()
        self.limits = limits = limits or ServerLimits()
        self.rooms = RoomTable()
        self.listeners: dict[str, set[Listener]] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._dirty: set[str] = set()
        self._deferred: set[str] = set()  # rooms whose push waits for their lock to be let go
        self._progress_state = Progress()
        self._secret: bytes | None = None
        self._refused: dict[str, set[tuple[int, tuple[int, int]]]] = {}  # room → (bot seat, turn) sitting out
        self._replays: OrderedDict[tuple[str, int], str] = OrderedDict()  # (room, lines since the end) → replay JSON
        self.chat_limits = Limits(2.0, 12, "you are chatting too fast: wait a moment",
                                  ja="発言が速すぎます。少し待ってください")
        """Per seat (or spectator name): twelve lines at once, then two a second."""
        self.action_limits = Limits(limits.actions_per_second, 20, "you are acting too fast: wait a moment",
                                    ja="操作が速すぎます。少し待ってください")
        """Per seat, by HTTP and WebSocket together."""
        self.creation_limits = Limits(limits.rooms_per_minute / 60, 5, "you are making rooms too fast: wait a "
                                      "minute", ja="部屋を作るのが速すぎます。1分ほど待ってください")
        """Per address: five rooms at once, then ``rooms_per_minute``."""

    def _lock(self, room_id: str) -> asyncio.Lock:
        """The room's lock: held by a command from its check to its fold, by a slice of progress,
        a deadline, a takeover (it lives while somebody holds or awaits it)."""
        lock = self._locks.get(room_id)
        if lock is None:
            lock = self._locks[room_id] = asyncio.Lock()
        return lock

    @contextlib.asynccontextmanager
    async def _holding(self, room_id: str) -> AsyncIterator[None]:
        """Hold the room's lock; a push that came due meanwhile is sent once it is let go (a room
        is never pushed halfway through a command: a phase closed and its outcomes not drawn yet)."""
        async with self._lock(room_id):
            try:
                yield
            finally:
                if room_id in self._deferred:
                    self._deferred.discard(room_id)
                    self._dirty.add(room_id)
                    asyncio.get_running_loop().call_soon(self._flush, room_id)

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` on the loop as a task of its own (kept until done; its failure logged)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a room's task failed", exc_info=task.exception())

    # ------------------------------------------------------------- lifecycle

    async def restore(self) -> None:
        """Load every active room (from its snapshot and the events after it), then let each go on
        and re-arm its deadline. Finished rooms are not loaded: they are archived."""
        await self._key()
        for room_id in await self.db.active_rooms():
            if self.cluster is not None and not self.cluster.owns(room_id):
                continue  # another process's
            room = await self._load(room_id)
            if room is not None:
                self.rooms.keep(room)
        for room_id in list(self.rooms.active):
            await self._go_on(room_id)
        self._spawn(self.index_archived())

    async def index_archived(self) -> int:
        """List in the history the games archived before it existed (a store of an older version),
        each read from its snapshot once, in the background; then mark the archive looked at, so that
        a private room or a room closed unused is not read again at the next start. How many were
        listed."""
        listed = 0
        for room_id in await self.db.unindexed():
            room = await self._load(room_id)
            self._progress_state.snapshot_at.pop(room_id, None)
            entry = None if room is None else history.entry(room)
            if room is not None and entry is not None:
                await self.db.index_game(entry, room.seq, history.page(room, entry.line, self.clock()))
                listed += 1
            await asyncio.sleep(0)  # the rooms in play go first
        await self.db.indexed()
        return listed

    async def shutdown(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for room in list(self.rooms.active.values()):  # a clean stop: the next start folds nothing
            if room.started and room.seq > self._progress_state.snapshot_at.get(room.id, 0):
                with contextlib.suppress(Exception):  # the events are enough: a slower start
                    await self._snapshot(room, force=True)
        await self.db.close()

    async def quiet(self) -> None:
        """Return once no room has a slice of progress scheduled (a synchronous driver — a test, a
        tool — then sees each command's whole consequence, as a person's answer does)."""
        while self._progress_state.settled:
            await asyncio.gather(*(asyncio.shield(f) for f in list(self._progress_state.settled.values())))

    async def _load(self, room_id: str) -> Room | None:
        """A room from its snapshot and the events after it (or from all its events)."""
        saved = await self.db.snapshot(room_id)
        room = None
        if saved is not None:
            try:
                room = snapshots.restore(saved)
            except snapshots.SnapshotError as error:
                log.info("%s: replaying the events", error)
        self._progress_state.snapshot_at[room_id] = 0 if room is None else room.seq
        if room is None:
            events = await self.db.events(room_id)
            if not events:
                return None
            return Room.from_events(events)
        for event in await self.db.events(room_id, after=room.seq - 1):
            room.fold(event)
        return room

    async def _go_on(self, room_id: str) -> None:
        """Let a room of this process's go on (its bots, its deadline re-armed; a game over is
        archived), under its lock."""
        async with self._holding(room_id):
            room = self.rooms.active.get(room_id)
            if room is None:
                return
            if room.is_over:
                await self._finish(room)
            elif room.started:
                await self._progress(room)
            self._notify(room)

    # ---------------------------------------------------- several processes (a cluster)

    async def _follow(self, room_id: str) -> Room | None:
        """Another process's room, as the store has it now (None: no such room)."""
        room = self.rooms.replicas.get(room_id)
        if room is not None:
            self.rooms.replicas.move_to_end(room_id)
            await self._catch_up(room)
            return room
        room = await self._load(room_id)
        self._progress_state.snapshot_at.pop(room_id, None)
        if room is None:
            return None
        room = self.rooms.replicas.setdefault(room_id, room)  # (a concurrent read may have got there first)
        idle = [r for r in self.rooms.replicas if r not in self.listeners]
        for old in idle[:max(0, len(idle) - REPLICAS_CACHED)]:
            del self.rooms.replicas[old]
        return room

    async def _catch_up(self, room: Room) -> bool:
        """Fold a replica's new events from the store (True: there were some). Reads may overlap:
        an event is folded only if it is the replica's next."""
        folded = False
        for event in await self.db.events(room.id, after=room.seq - 1):
            if event.seq == room.seq:
                room.fold(event)
                folded = True
        return folded

    async def heard(self, room_id: str, seq: int) -> None:
        """Another process stored event ``seq`` of ``room_id``: fold it into the replica and push
        the views (computed here) to this process's connections."""
        if await self._refresh(room_id, seq):
            self._notify(self.rooms.replicas[room_id])

    async def _refresh(self, room_id: str, seq: int | None = None) -> bool:
        """Bring the replica of another process's room up to the store (up to event ``seq`` at
        least), reading it anew if this process has none (it owned the room until another took
        it); True when it changed. False for a room of this process's, or while the store fails."""
        if self.cluster is None or self.cluster.owns(room_id):
            return False
        room = self.rooms.replicas.get(room_id)
        try:
            if room is None:
                return await self._follow(room_id) is not None
            return (seq is None or room.seq <= seq) and await self._catch_up(room)
        except Exception as error:  # noqa: BLE001 — the database is away: the next notice or read catches up
            log.warning("room %s: not caught up (%s)", room_id, type(error).__name__)
            return False

    def release(self, room_id: str) -> None:
        """Another process took the room: this one stops writing it (timer, slices) and forgets it;
        it is read again as a replica when asked for."""
        room = self.rooms.active.pop(room_id, None) or self.rooms.finished.pop(room_id, None)
        if room is not None:
            self._disarm(room)
        self._progress_state.snapshot_at.pop(room_id, None)
        self._refused.pop(room_id, None)

    async def adopt(self, room_id: str) -> None:
        """The room became this process's (created elsewhere, or its owner died): read it from the
        store as a restart does, let its game go on and re-arm its deadline. Under the room's lock:
        a command in flight finishes on the room as it was, the next one reads it anew."""
        async with self._holding(room_id):
            self.release(room_id)
            self.rooms.replicas.pop(room_id, None)
            try:
                room = await self._find(room_id)
            except Exception as error:  # noqa: BLE001 — the database is away: read it again soon
                log.warning("room %s: not read (%s)", room_id, type(error).__name__)
                self._later_revive(room_id, RETRY_SECONDS)
                return
        if room is not None:
            await self._go_on(room_id)
            self._notify(room)

    # ---------------------------------------------------------- the history

    async def games(self, asked: GameQuery) -> list[dict[str, Any]]:
        """A page of the finished games listed (see :mod:`jinrou.server.history`), newest first."""
        return await self.db.games(asked)

    async def game_page(self, room_id: str) -> str:
        """A listed game's page as JSON text: as it was stored at the end, or with the lines said
        since (RoomError 404: not listed — no such game, not over, or private)."""
        text, later = await self._listed(room_id)
        if not any(event.kind == "chat" for event in later):
            return text  # served as stored: nothing decoded, nothing encoded
        return json.dumps(history.with_later_chat(json.loads(text), later), ensure_ascii=False, separators=(",", ":"))

    async def game_record(self, room_id: str) -> dict[str, Any]:
        """A listed game's record with every chat line, those of the 感想戦 too (RoomError 404 as
        :meth:`game_page`)."""
        text, later = await self._listed(room_id)
        archived = await self.db.archived(room_id)
        if archived is None:  # listed a moment before it is archived
            raise RoomError("the record is being written: try again", status=503, ja="記録を書いています。もう一度どうぞ")
        record = archived["record"]
        if later:
            main = json.loads(text)["view"]["channels"][0]["key"]
            record[chatlog.KEY] = [*record.get(chatlog.KEY, []), *history.later_chat_lines(later, main)]
        return record

    async def game_replay(self, room_id: str) -> str:
        """A listed game step by step (JSON text), built from its record alone (with every chat line),
        made on a thread and kept for the next asker (a few games)."""
        _, later = await self._listed(room_id)
        key = (room_id, sum(1 for event in later if event.kind == "chat"))  # a line said since: made again
        cached = self._replays.get(key)
        if cached is not None:
            self._replays.move_to_end(key)
            return cached
        record = await self.game_record(room_id)
        found = json.dumps(await history.replay_record(record), ensure_ascii=False, separators=(",", ":"))
        self._replays[key] = found
        while len(self._replays) > REPLAYS_CACHED:
            self._replays.popitem(last=False)
        return found

    async def _listed(self, room_id: str) -> tuple[str, list[StoredEvent]]:
        found = await self.db.game_page(room_id) if isinstance(room_id, str) and len(room_id) <= 64 else None
        if found is None:
            raise RoomError(f"no finished game {room_id[:64]!r} in the history", status=404,
                            ja=f"対戦履歴に {room_id[:64]!r} の終わった試合はありません")
        seq, text = found
        return text, await self.db.events(room_id, after=seq - 1)

    # -------------------------------------------------------------- commands

    async def may_create(self, address: str) -> str:
        """The key of ``address`` among room makers, or RoomError 429 when it has as many open rooms
        as it may (see :class:`~jinrou.server.guard.ServerLimits`)."""
        await self._key()
        key = self._sign("address", address)
        await self.sweep()
        top = self.limits.rooms
        held = sum(1 for room in self.rooms.active.values() if room.by == key and room.holds_address)
        if held < top and self.cluster is not None:  # and the rooms other processes hold (one query)
            held += await self.cluster.open_rooms(key)
        if held >= top:
            en, ja = self._idle_time()
            raise RoomError(f"you have {top} open rooms already: start one or wait for one to close (a room "
                            f"nobody sits in closes after {en})", status=429,
                            ja=f"開いている部屋がすでに{top}つあります。どれかを始めるか、閉じるのを待ってください"
                               f"（誰も座らない部屋は{ja}で閉じます）")
        return key

    async def create(self, data: Any, password_hash: str | None = None, rematch_of: str | None = None,
                     address: str | None = None) -> Room:
        """A new room (``password_hash``: the password already hashed, off the event loop), made by a
        person at ``address`` (None: a rematch, made by the seats of a finished room)."""
        settings = validate_settings(data)
        by = None
        if address is not None:
            by = await self.may_create(address)
            self.creation_limits.check(by)
        password = settings.pop("password")
        private = settings.pop("private", False)
        if password is not None and password_hash is None:
            password_hash = hash_password(password)
        elif password is None and rematch_of is None:
            password_hash = None
        room_id = uuid.uuid4().hex[:10]
        if self.cluster is not None:
            await self.cluster.pin(room_id)
        seed = secrets.randbits(63)  # a room's seed is made here, at the edge, and stored
        created = {"name": settings["name"], "mode": settings["mode"], "settings": settings, "seed": seed,
                   "password": password_hash}
        if rematch_of is not None:
            created["rematch_of"] = rematch_of
        if by is not None:
            created["by"] = by
        if private:
            created["private"] = True
        room = Room.created(await self.db.append(room_id, 0, "created", created))
        self.rooms[room_id] = room
        self._notify(room)  # (in a cluster: its lobby line)
        return room

    async def room(self, room_id: str) -> Room:
        """The room (read from the store if it is not in memory): RoomError 404 for no such room,
        410 for a room closed unused."""
        room = await self._find(room_id)
        if room is None:
            raise RoomError(f"no room {room_id[:64]!r}", status=404, ja=f"部屋 {room_id[:64]!r} はありません")
        if room.closed:
            en, ja = self._idle_time()
            raise RoomError(f"room {room_id!r} was closed: nobody sat in it for {en}", status=410,
                            ja=f"部屋 {room_id!r} は閉じられました（{ja}のあいだ誰も座りませんでした）")
        return room

    async def _find(self, room_id: Any) -> Room | None:
        """A room in memory, else read from the store: a replica for another process's room, else
        kept (a running room that left memory when its store failed is active again)."""
        if not isinstance(room_id, str) or len(room_id) > 64:
            return None
        with contextlib.suppress(KeyError):
            return self.rooms[room_id]
        if self.cluster is not None and not self.cluster.owns(room_id):
            return await self._follow(room_id)
        room = await self._load(room_id)
        return None if room is None else self.rooms.keep(room)

    def _idle_time(self) -> tuple[str, str]:
        """How long an unused room stays open, in words (English, Japanese)."""
        seconds = self.limits.idle_room_seconds
        if seconds >= 60:
            return f"{seconds / 60:g} minutes", f"{seconds / 60:g}分"
        return f"{seconds:g} seconds", f"{seconds:g}秒"

    async def sweep(self) -> None:
        """Close every unstarted room where no person has sat for ``idle_room_seconds`` (kept in
        the archive: its id answers that it was closed)."""
        now = self.clock()
        for room in list(self.rooms.active.values()):
            if not room.started and not room.order and now - room.touched >= self.limits.idle_room_seconds:
                async with self._holding(room.id):
                    if room.started or room.order or self.rooms.active.get(room.id) is not room:
                        continue
                    try:
                        await self._append(room, "closed", {"reason": "idle"})
                    except NotStored:
                        continue
                    await self.db.archive(room.id, room.seq, room.summary(), {})
                    self.rooms.keep_finished(room)
                    self._notify(room)

    async def join(self, room_id: str, name: Any, password: Any = None, *, verified: bool = False,
                   account: Account | None = None) -> tuple[int, str]:
        """Take the first free seat. A password room needs its password (``verified``: the caller
        has checked it already, off the event loop). ``account``: the signed-in player's (an
        accounts-only room needs one; an account takes one seat a room, under any nickname)."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            if room.started:
                raise RoomError("the game has started: you can watch as a spectator",
                                ja="ゲームは始まっています。観戦はできます")
            if room.password is not None and not verified and not password_matches(password, room.password):
                raise RoomError("wrong room password", status=403, ja="部屋のパスワードが違います")
            signed = check_account_seat(room, account)
            free = room.free_seats()
            if not free:
                raise RoomError("the room is full: you can watch as a spectator", ja="満席です。観戦はできます")
            name = check_name(name, [s.name for s in room.seats if s is not None])
            token = new_token()
            await self._append(room, "joined", {"seat": free[0], "name": name, "token": hash_token(token), **signed})
            self._notify(room)
            return free[0], token

    async def leave(self, room_id: str, token: Any) -> None:
        """Give one's seat back before the start (the token no longer opens anything)."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = room.seat_of(token)
            if room.started:
                raise RoomError("the game has started: a seat cannot be left any more",
                                ja="ゲームは始まっています。もう席を離れることはできません")
            await self._append(room, "left", {"seat": seat})
            self._notify(room)

    async def kick(self, room_id: str, token: Any, target: Any) -> None:
        """The host empties another seat (a person's or a bot's) before the start."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = room.seat_of(token)
            if room.started:
                raise RoomError("the game has started: nobody can be removed any more",
                                ja="ゲームは始まっています。もう誰も外せません")
            if seat != room.host:
                raise RoomError("only the host (who sat down first) may remove a player", status=403,
                                ja="参加者を外せるのはホスト（最初に座った人）だけです")
            if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < len(room.seats) or (
                    room.seats[target] is None):
                raise RoomError(f"seat must be a taken seat's number (0–{len(room.seats) - 1}), not {target!r:.20}",
                                ja=f"seat は人のいる席の番号（0–{len(room.seats) - 1}）です: {target!r:.20}")
            if target == seat:
                raise RoomError("the host leaves with 'leave', not by removing himself",
                                ja="ホストは自分を外すのではなく「退席」で席を離れます")
            await self._append(room, "left", {"seat": target, "by": seat})
            self._notify(room)

    async def fill_with_bots(self, room_id: str, token: Any, lang: Any = "en") -> None:
        """Bots in the empty seats, named in ``lang`` (``en`` or ``ja``: the page's language)."""
        if lang not in ("en", "ja"):
            raise RoomError(f"lang is en or ja, not {lang!r:.20}", ja=f"lang は en か ja です（{lang!r:.20}ではなく）")
        async with self._holding(room_id):
            room = await self.room(room_id)
            room.seat_of(token)
            if room.started:
                raise RoomError("the game has started", ja="ゲームは始まっています")
            taken = {s.name for s in room.seats if s is not None}
            names = [n for n in (BOT_NAMES_JA if lang == "ja" else BOT_NAMES) if n not in taken]
            names += [n for n in (f"{'ボット' if lang == 'ja' else 'Bot '}{i}" for i in range(1, len(room.seats) + 1))
                      if n not in taken]
            for seat, name in zip(room.free_seats(), names):
                await self._append(room, "bot", {"seat": seat, "name": name})
            self._notify(room)

    async def start(self, room_id: str, token: Any) -> None:
        async with self._holding(room_id):
            room = await self.room(room_id)
            room.seat_of(token)
            if room.started:
                raise RoomError("the game has already started", ja="ゲームはもう始まっています")
            if room.free_seats():
                raise RoomError(f"{len(room.free_seats())} seats are empty: wait for players or fill them with "
                                f"bots", ja=f"空席が{len(room.free_seats())}つあります。参加者を待つか、ボットで埋めてください")
            await self._append(room, "started", {})
            await self._progress(room)
            self._notify(room)

    async def rematch(self, room_id: str, token: Any) -> str:
        """A new room with the same settings and the same seats (each token opens its seat there
        too); asked again, the same room."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            room.seat_of(token)
            if not room.is_over:
                raise RoomError("a rematch is for when the game is over", ja="再戦はゲームが終わってからです")
            if room.rematch is not None:
                return room.rematch
            data = {**room.settings, "name": room.name, "mode": room.mode.name, "private": room.private}
            new = await self.create(data, room.password, rematch_of=room.id)
            for seat, info in enumerate(room.seats):
                if info is not None and info.bot:
                    await self._append(new, "bot", {"seat": seat, "name": info.name})
                elif info is not None:
                    signed = {"account": info.account, "account_name": info.account_name} if info.account else {}
                    await self._append(new, "joined", {"seat": seat, "name": info.name, "token": info.token, **signed})
            await self._append(room, "rematch", {"room": new.id})
            self._notify(room)
            return new.id

    async def act(self, room_id: str, token: Any, action: Any, action_id: Any = None) -> None:
        """A seat's action (its token), checked, stored, folded; then the game goes on (bots,
        outcomes) as far as it can without a person. Sent again, it stores nothing and is answered
        as accepted: with ``action_id``, the id its client gave it, once an action with that id is
        stored (a retry whose answer was lost: it is never stored twice), or when the action is
        already in effect (the mode's ``repeats``: the same vote, the same "done")."""
        action_id = check_action_id(action_id)
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = room.seat_of(token)
            if not room.started:
                raise RoomError("the game has not started yet", ja="ゲームはまだ始まっていません")
            self.action_limits.check((room.id, seat))
            if action_id is not None and (seat, action_id) in room.acted:
                if room.acted[seat, action_id] != action:
                    raise RoomError("this id was given to another action of yours: each action has an id of its own",
                                    ja="この id は別の行動に使われています。行動ごとに別の id を付けてください")
                return  # stored already: no event, no push
            if room.mode.repeats(room.state, seat, action):
                return  # nothing changes: no event, no push
            await self._act(room, seat, action, action_id)
            await self._progress(room)
            self._notify(room)

    async def _act(self, room: Room, seat: int, action: Any, action_id: str | None = None) -> None:
        """The one path of an action, a person's or a bot's: checked against the room now (a turn
        whose time is up closes first, and the action is refused), stored (with its client's id),
        folded."""
        deadline = room.deadline if room.deadline_key == room.turn_key else None
        if deadline is not None and deadline <= self.clock() and not room.is_over:
            await self._close_turn(room)  # the timer has not fired yet: the turn closes now, before this action
            raise RoomError("too late: the time for this turn was up", ja="時間切れです: この手番の時間は終わりました")
        data: dict[str, Any] = {"seat": seat, "action": action}
        spent = room.time_spent(seat, self.clock())  # measured before the action changes whose turn it is
        if spent:
            data["spent"] = round(spent, 3)
        if action_id is not None:
            data["id"] = action_id
        try:
            room.mode.check(room.state, seat, action)  # the mode's pure check: a refused action stores nothing
        except (IllegalActionError, ImpossibleOutcomeError) as error:
            raise RoomError(str(error), ja=error.ja) from None
        await self._append(room, "action", data)  # stored, then folded (Room.fold: the mode's act)

    async def chat(self, room_id: str, token: Any, text: Any, channel: Any = None,
                   spectator: str | None = None) -> None:
        """Say ``text`` in ``channel`` (None: the first one the speaker may write). A seat speaks with
        its token; a spectator with the name of his pass (``spectator``), in the spectators' channel."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = None if spectator is not None and token is None else room.seat_of(token)
            if not isinstance(text, str) or not text.strip():
                raise RoomError("a chat message is some text", ja="発言には文字を入れてください")
            text = text.strip()
            if len(text) > CHAT_LIMIT or any(not (c.isprintable() or c == "\n") for c in text):
                raise RoomError(f"a chat message is at most {CHAT_LIMIT} printable characters",
                                ja=f"発言は表示できる文字で{CHAT_LIMIT}字までです")
            channels = room.channels(seat)
            found = next((c for c in channels if c.key == channel), None) if channel is not None else (
                next((c for c in channels if c.writable), channels[0] if channels else None))
            if found is None:
                keys = ", ".join(c.key for c in channels) or "none"
                raise RoomError(f"no chat channel {channel!r:.20} for you now: yours are {keys}", status=403,
                                ja=f"今あなたが書けるチャンネルではありません（{channel!r:.20}）: {keys}")
            if found.closed is not None:
                raise RoomError(found.closed, ja=found.closed_ja)
            self.chat_limits.check((room.id, seat if seat is not None else f"~{spectator}"))
            name = room.names[seat] if seat is not None else f"{spectator} (観戦)"
            data = {"seat": seat, "name": name, "text": text, "phase": room.phase}
            mark = room.log_mark()
            if mark is not None:
                data["mark"] = mark
            if found.key != channels[0].key:
                data["channel"] = found.key
            voices = getattr(room.mode, "voices", None)  # a line said aloud under another seat's name (悪霊憑き)
            speakers = voices(room.state, seat, found.key) if voices is not None and room.state is not None else ()
            if speakers:
                data["veiled"] = True
            await self._append(room, "chat", data)
            if speakers:  # possessed voice: one drawn per line, the copy recorded under its name
                chosen = speakers[int(self._rng(room).integers(len(speakers)))]
                copy = {"seat": chosen, "name": room.names[chosen], "text": text, "phase": room.phase}
                if mark is not None:
                    copy["mark"] = mark
                await self._append(room, "chat", copy)
            self._notify(room)

    # ----------------------------------------------------------- who reads

    async def pass_for(self, room_id: str, name: Any = None) -> str:
        """A spectator's pass: proof of a password room's password, and the name he chats under.
        It is signed with the server's secret, so it needs no storage and survives restarts."""
        await self._key()
        room = await self.room(room_id)
        if name is not None:
            name = check_nickname(name, [s.name for s in room.seats if s is not None], NAME_LIMIT)
        label = base64.urlsafe_b64encode((name or "").encode()).decode()
        return f"{label}.{self._sign(room.id, name or '')}"

    def spectator(self, room: Room, pass_: Any) -> str | None:
        """The name in a valid pass for ``room`` ("" when it has none); None when it is not valid."""
        if not isinstance(pass_, str) or pass_.count(".") != 1 or len(pass_) > 200:
            return None
        label, signature = pass_.split(".")
        try:
            name = base64.urlsafe_b64decode(label.encode()).decode()
        except ValueError:
            return None
        expected = self._sign(room.id, name).encode()  # bytes: compare_digest refuses non-ASCII text
        return name if hmac.compare_digest(signature.encode(errors="replace"), expected) else None

    async def reader(self, room_id: str, token: Any = None, pass_: Any = None,
                     ) -> tuple[Room, int | None, str | None]:
        """The room, the reader's seat (None: a spectator) and a spectator's name; RoomError 401 for
        a password room without a seat token or a pass, 403 for a token that opens no seat."""
        await self._key()
        room = await self.room(room_id)
        if token:
            return room, room.seat_of(token), None
        name = self.spectator(room, pass_) if pass_ else None
        if pass_ and name is None:
            raise RoomError("this spectator's pass is not for this room: ask for a new one", status=403,
                            ja="この観戦パスはこの部屋のものではありません。新しく受け取ってください")
        if room.password is not None and name is None:
            raise RoomError("this room has a password: give it to watch or to take a seat", status=401,
                            ja="この部屋にはパスワードがあります。観戦や参加にはパスワードを入れてください")
        return room, None, name or None

    async def _key(self) -> None:
        """Read the server's secret (made once, kept in the store) if it is not read yet."""
        if self._secret is None:
            self._secret = await self.db.secret()

    def _sign(self, room_id: str, name: str) -> str:
        """A keyed hash (the server's secret, read by :meth:`_key`): a spectator's pass, or (room
        "address") the key of a room maker's address, stored instead of the address itself."""
        assert self._secret is not None, "the secret is read first (_key)"
        return hmac.new(self._secret, f"{room_id}\0{name}".encode(), hashlib.sha256).hexdigest()[:32]

    # ------------------------------------------------------------- internals

    async def _append(self, room: Room, kind: str, data: dict[str, Any]) -> None:
        """Store the event, then fold it (the room's lock is held: nothing else writes it meanwhile).
        Nothing is folded before the store has the event: an action was only checked
        (``Mode.check`` changes nothing), an outcome only drawn (classic closes its phase into a new
        game it keeps aside until ``happen``). If the store refuses the event — another writer took
        its number, the database went away — the room still leaves memory and is read again from
        the store when next asked for (a mode may keep what it drew), so memory is never ahead of
        the log."""
        try:
            stored = await self.db.append(room.id, room.seq, kind, data)
        except Exception as error:  # noqa: BLE001 — whatever the database raises: the log is the truth
            log.warning("room %s: event %d (%s) not stored (%s): the room is read again from the store",
                        room.id, room.seq, kind, type(error).__name__)
            self._forget(room)
            raise NotStored("the room could not be saved just now: try again", status=503,
                            ja="部屋を保存できませんでした。もう一度どうぞ") from None
        room.fold(stored)

    def _forget(self, room: Room) -> None:
        """Drop a room from memory (its timer too) and read it again from the store soon, so that
        its game goes on (bots, deadlines) once the store answers."""
        self._disarm(room)
        if self.rooms.active.get(room.id) is room:
            del self.rooms.active[room.id]
        if self.rooms.finished.get(room.id) is room:
            del self.rooms.finished[room.id]
        self._progress_state.snapshot_at.pop(room.id, None)
        self._later_revive(room.id, RETRY_SECONDS)

    def _later_revive(self, room_id: str, delay: float) -> None:
        with contextlib.suppress(RuntimeError):  # no loop: the next command reads the room again
            asyncio.get_running_loop().call_later(delay, lambda: self._spawn(self._revive(room_id, delay)))

    async def _revive(self, room_id: str, delay: float) -> None:
        """Read a forgotten room again (unless a request did already) and let its game go on (bots,
        the deadline); if the store still fails, try later."""
        if self.cluster is not None and not self.cluster.owns(room_id):
            return  # another process's now
        try:
            room = await self._find(room_id)
        except Exception as error:  # noqa: BLE001 — the database is still away
            log.warning("room %s: the store still fails (%s)", room_id, type(error).__name__)
            self._later_revive(room_id, min(2 * delay, 30.0))
            return
        if room is not None and room.started and not room.is_over and room.id in self.rooms.active:
            await self._go_on(room_id)

    def _rng(self, room: Room) -> np.random.Generator:
        """Fresh for each draw, reproducible from the room's seed and the event number."""
        return np.random.default_rng([room.seed, room.seq])

    async def _progress(self, room: Room) -> None:
        """Let the game run until it needs a person: outcomes, bots, phase closes; then the deadline.
        It goes in slices (see the module); the room's lock is held."""
        try:
            await self._progress_slice(room)
        except NotStored:  # the room left memory; it is read again from the store (see _append)
            return

    async def _progress_slice(self, room: Room) -> None:
        mode, started, made = room.mode, time.perf_counter(), 0
        while not room.is_over:
            outcome = mode.draw(room.state, lambda: self._rng(room))
            if outcome is not None:  # drawn before a slice ends: no room waits with an outcome pending
                await self._append(room, "outcome", {"outcome": outcome})
                made += 1
                continue
            ran = time.perf_counter() - started
            if made >= SLICE_EVENTS and ran > SLICE_SECONDS and self._later(room, ran):
                await self._snapshot(room)
                return
            waiting = mode.awaited(room.state)
            refused = self._refused.get(room.id, set())
            bot = next((s for s in waiting if room.is_bot(s) and (s, room.turn_key) not in refused), None)
            if bot is not None:  # one at a time: a slice may end between two bots
                await self._bot_acts(room, bot)
                made += 1
                continue
            deadline = room.deadline if room.deadline_key == room.turn_key else None
            if not waiting or (deadline is not None and deadline <= self.clock()):
                await self._append(room, "close", {})
                made += 1
                continue
            if deadline is None:
                seconds = room.turn_seconds()
                if seconds is None:
                    self._disarm(room)
                    await self._snapshot(room)
                    return
                now = self.clock()
                round_, turn = room.turn_key
                await self._append(room, "deadline", {"round": round_, "turn": turn, "at": now + seconds,
                                                      "start": now})
            self._arm(room)
            await self._snapshot(room)
            return
        self._disarm(room)
        await self._finish(room)

    async def _bot_acts(self, room: Room, seat: int) -> None:
        """A bot of this room (its owner runs them) plays its seat as a client would: it decides
        off the event loop, on a thread (other rooms go on meanwhile; this room's lock is held, so
        its state does not move under the bot), with the generator of ``(seed, seq)``, from what
        its seat sees (each mode's ``bot_action`` reads the seat's view: quantum's ``PlayerView``,
        classic's ``SeatView``, shogi's public board), and its action takes the path of a person's
        (:meth:`_act`: checked, stored, folded). A bot whose action is refused, or that has not
        decided within :data:`BOT_SECONDS`, sits out the turn: it is a seat the game waits for,
        whose deadline passes as a person's does."""
        try:
            action = await asyncio.wait_for(asyncio.to_thread(room.mode.bot_action, room.state, seat,
                                                              self._rng(room)), BOT_SECONDS)
            await self._act(room, seat, action)
        except (RoomError, TimeoutError) as error:
            if isinstance(error, NotStored):
                raise
            log.warning("room %s: the bot of seat %d sits out the turn (%s)", room.id, seat,
                        str(error) or "too slow")
            self._refused.setdefault(room.id, set()).add((seat, room.turn_key))

    def _later(self, room: Room, ran: float) -> bool:
        """Schedule the room's next slice after a pause as long as this one ran (at most a slice),
        so that a room of bots has at most half of the loop and other work whole turns of it
        (False: no loop)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        state = self._progress_state
        if room.id not in state.scheduled:
            state.pending.add(room.id)
            state.scheduled.add(room.id)
            state.settled.setdefault(room.id, loop.create_future())
            loop.call_later(min(ran, 4 * SLICE_SECONDS), lambda: self._spawn(self._next_slice(room.id)))
        return True

    async def _next_slice(self, room_id: str) -> None:
        state = self._progress_state
        state.scheduled.discard(room_id)
        try:
            await self._go_on(room_id)
        finally:
            if room_id not in state.scheduled:
                state.pending.discard(room_id)
                done = state.settled.pop(room_id, None)
                if done is not None and not done.done():
                    done.set_result(None)

    async def settled(self, room_id: str) -> None:
        """Return once the room's game has progressed as far as it can without a person (its bots'
        slices done): a command's answer then tells what followed it, as a player expects."""
        done = self._progress_state.settled.get(room_id)
        if done is not None:
            await asyncio.shield(done)

    async def _snapshot(self, room: Room, force: bool = False) -> None:
        if force or room.seq - self._progress_state.snapshot_at.get(room.id, 0) >= SNAPSHOT_EVERY:
            self._progress_state.snapshot_at[room.id] = room.seq
            try:
                await self.db.save_snapshot(snapshots.take(room))
            except snapshots.SnapshotError as error:  # the events are enough: a slower restart
                log.info("%s", error)

    async def _finish(self, room: Room) -> None:
        """The game is over: snapshot, archive (summary and record), and out of the active rooms."""
        await self._snapshot(room, force=True)
        # the signed-in seats' 戦績 first (written once however often): an archived room is never finished again
        await record_plays(self.db, room)
        entry = history.entry(room)
        if entry is not None:  # listed before it is archived: a restart in between lists it again (idempotent)
            await self.db.index_game(entry, room.seq, history.page(room, entry.line, self.clock()))
        await self.db.archive(room.id, room.seq, room.summary(), room.record())
        self.rooms.keep_finished(room)
        self._refused.pop(room.id, None)

    def _arm(self, room: Room) -> None:
        self._disarm(room)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a synchronous caller): the next command or restore re-arms
            return
        delay = max(0.0, (room.deadline or 0.0) - self.clock())
        room_id, key = room.id, room.turn_key
        self._timers[room.id] = loop.call_later(delay, lambda: self._spawn(self._deadline_passed(room_id, key)))

    def _disarm(self, room: Room) -> None:
        handle = self._timers.pop(room.id, None)
        if handle is not None:
            handle.cancel()

    async def _deadline_passed(self, room_id: str, key: tuple[int, int]) -> None:
        """The turn ``key`` of the room ran out of time (its timer fired)."""
        async with self._holding(room_id):
            room = self.rooms.active.get(room_id)
            if room is None or room.turn_key != key or room.is_over:
                return
            await self._close_turn(room)

    async def _close_turn(self, room: Room) -> None:
        """Close the turn in force (who missed a required action dies a sudden death), and go on;
        the room's lock is held."""
        self._disarm(room)
        try:
            await self._append(room, "close", {})
        except NotStored:
            return
        await self._progress(room)
        self._notify(room)

    # --------------------------------------------------------------- pushing

    def subscribe(self, listener: Listener) -> None:
        self.listeners.setdefault(listener.room, set()).add(listener)

    def unsubscribe(self, listener: Listener) -> None:
        found = self.listeners.get(listener.room)
        if found is not None:
            found.discard(listener)
            if not found:
                del self.listeners[listener.room]

    def first_push(self, room: Room, listener: Listener, have: Mapping[str, int] | None = None) -> str:
        """A new connection's first message: everything, or (``have``: a reconnecting page's count
        of lines in each channel) the lines it lacks."""
        if have is not None:
            listener.have = dict(have)
        push = self._push(room, listener, self.clock())
        listener.have, listener.last = push.have, push.core
        return push.text

    def _notify(self, room: Room) -> None:
        """Push the room to its listeners once this loop iteration is over: changes that arrive
        together (a burst of votes) cost one push, not one each."""
        if self.cluster is not None and self.cluster.owns(room.id):
            self.cluster.changed(room)
        if not self.listeners.get(room.id) or room.id in self._dirty:
            return
        self._dirty.add(room.id)
        try:
            asyncio.get_running_loop().call_soon(self._flush, room.id)
        except RuntimeError:  # no loop: a synchronous caller has nobody connected to push to
            self._dirty.discard(room.id)

    def _flush(self, room_id: str) -> None:
        """Send each listener its view, if it changed for him: a listener is never told that
        something happened that it cannot see (another seat's night action, a chat it does not
        read), not even by the fact of a message."""
        self._dirty.discard(room_id)
        lock = self._locks.get(room_id)
        if lock is not None and lock.locked():  # halfway through a command: pushed when it is done
            self._deferred.add(room_id)
            return
        listeners = self.listeners.get(room_id)
        room = self.rooms.active.get(room_id) or self.rooms.finished.get(room_id) or self.rooms.replicas.get(room_id)
        if room is None or not listeners:
            return
        now = self.clock()
        pushes: dict[tuple[Any, ...], Push] = {}  # composed once for alike listeners
        for listener in list(listeners):
            key = (listener.seat, None if listener.have is None else tuple(sorted(listener.have.items())))
            if key not in pushes:
                pushes[key] = self._push(room, listener, now)
            push = pushes[key]
            if not push.lines and push.core == listener.last:
                continue
            listener.have, listener.last = push.have, push.core
            task = listener.sending = asyncio.ensure_future(self._send(listener, push.text))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def caught_up(self, listener: Listener) -> None:
        """Return once every push due to ``listener`` so far has been sent (a ping's answer comes
        after them, so a client knows it has seen everything that happened before it asked). In a
        cluster, a room of another process is first read from the store up to its last event."""
        if await self._refresh(listener.room):
            self._dirty.add(listener.room)
        if listener.room in self._dirty:
            self._flush(listener.room)
        if listener.sending is not None:
            await asyncio.wait([listener.sending])

    def _push(self, room: Room, listener: Listener, now: float) -> Push:
        """The message for ``listener``: the view with the lines it lacks."""
        channels, lines = room.lines(listener.seat, listener.have)
        append = listener.have is not None
        view = room.frame(listener.seat, now, channels,
                          {key: [{**line.to_json(), "n": line.n} for line in found] for key, found in lines.items()})
        core = json.dumps({k: v for k, v in view.items() if k not in ("chat", "chats", "server_time")},
                          ensure_ascii=False, separators=(",", ":"))
        text = json.dumps({"type": "view", **view, "append": append}, ensure_ascii=False, separators=(",", ":"))
        have = {**(listener.have or {}), **{c.key: room.counts.get(c.key, 0) for c in channels}}
        return Push(text, core, have, any(lines.values()))

    async def _send(self, listener: Listener, message: str) -> None:
        try:
            await listener.send(message)
        except Exception:  # noqa: BLE001 — a closed connection, whatever the transport raises: forget it
            self.unsubscribe(listener)



class Blocking:
    """A :class:`RoomService` driven from synchronous code — a test, a tool: each of its coroutine
    methods called through this runs to its end, the game's slices of progress included, on
    ``call`` (a function that runs a coroutine function to its result: a test client's portal to
    the app's loop), or else on a loop of its own. Its other attributes are the service's.

        service = Blocking(RoomService(open_store("jinrou.db")))
        room = service.create({"name": "a room", "seats": 5})
    """

    def __init__(self, service: RoomService, call: Callable[[Callable[[], Awaitable[Any]]], Any] | None = None):
        self.service = service
        self._loop = asyncio.new_event_loop() if call is None else None
        self._call = call

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.service, name)
        if not inspect.iscoroutinefunction(found):
            return found

        def run(*args: Any, **kwargs: Any) -> Any:
            async def whole() -> Any:
                try:
                    return await found(*args, **kwargs)
                finally:
                    await self.service.quiet()

            if self._call is not None:
                return self._call(whole)
            assert self._loop is not None
            return self._loop.run_until_complete(whole())

        return run

    def close(self) -> None:
        """Close the service's asynchronous store (its pool, its thread) and the loop of its own."""
        if self._loop is not None:
            self._loop.run_until_complete(self.service.db.close())
            self._loop.close()

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("service", "_loop", "_call"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.service, name, value)
