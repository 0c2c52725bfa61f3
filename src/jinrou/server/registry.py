"""The rooms of a process in memory, their locks, and the one path of an event: stored, then folded.

:class:`Registry` is the base of :class:`~jinrou.server.service.RoomService`: it holds the service's
state and what every part of it shares. Each room has a lock, held from a command's check to its fold
("check, append, fold"), so one room's commands run one at a time, in order, while other rooms go on.
An event is folded only once the store has it (:meth:`Registry._append`); when the store refuses one,
the room leaves memory and is read again from the store (:data:`RETRY_SECONDS`, doubling while the
store fails), so memory is never ahead of the log.

The parts of the service (:mod:`~jinrou.server.pushes`, :mod:`~jinrou.server.progress`,
:mod:`~jinrou.server.replicas`, :mod:`~jinrou.server.service`) each subclass :class:`Registry`; the
few methods one part calls in another are declared here (annotations only), so each part is checked
on its own and imports run one way: registry, then the parts, then the service.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from jinrou.server import snapshots
from jinrou.server.rooms import Room, RoomError
from jinrou.server.store import AsyncStore, Store

if TYPE_CHECKING:
    from jinrou.server.pushes import Listener

FINISHED_CACHED = 32
"""Finished rooms kept in memory; older ones are loaded from their snapshot when asked for."""
RETRY_SECONDS = 1.0
"""How soon a room whose event the store refused is read again (doubling while the store fails)."""
log = logging.getLogger("jinrou.server")


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


@dataclass
class Progress:
    """Bookkeeping of slices and snapshots."""

    pending: set[str] = field(default_factory=set)  # rooms whose next slice is scheduled or running
    scheduled: set[str] = field(default_factory=set)  # rooms whose next slice is scheduled
    running: dict[str, int] = field(default_factory=dict)  # room → its scheduled slices started and not done
    settled: dict[str, asyncio.Future] = field(default_factory=dict)  # room → done when its slices are
    snapshot_at: dict[str, int] = field(default_factory=dict)  # room → the seq of its last snapshot


class Registry:
    """The rooms of this process and the state the service's parts share. ``store`` is the
    synchronous store (tests and tools read it); the service reaches it through ``db``, its
    asynchronous twin, and never blocks the loop on it."""

    # what one part of the service calls in another (defined by the part named)
    _flush: Callable[[str], None]  # pushes
    _notify: Callable[[Room], None]  # pushes
    _disarm: Callable[[Room], None]  # progress
    _go_on: Callable[[str], Awaitable[None]]  # progress
    _refresh: Callable[[str], Awaitable[bool]]  # replicas
    _find: Callable[[Any], Awaitable[Room | None]]  # service
    _act: Callable[[Room, int, Any], Awaitable[None]]  # service

    def __init__(self, store: Store, clock: Callable[[], float], cluster: Ownership | None,
                 db: AsyncStore | None):
        self.store, self.clock, self.cluster = store, clock, cluster
        self.db = db or store.asynchronous()
        self.rooms = RoomTable()
        self.listeners: dict[str, set[Listener]] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._dirty: set[str] = set()
        self._deferred: set[str] = set()  # rooms whose push waits for their lock to be let go
        self._progress_state = Progress()
        self._refused: dict[str, set[tuple[int, tuple[int, int]]]] = {}  # room → (bot seat, turn) sitting out

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
