"""The cluster's door: rooms of other processes followed as read-only replicas, rooms taken and given up.

When several processes share one store (:class:`jinrou.server.cluster.Cluster`), each room has one
owner that writes it; another process keeps a *replica* folded from the store, computes its views for
its own connections, and is told of each new event (:meth:`Replicas.heard`). A room changes hands by
:meth:`Replicas.release` (another took it) and :meth:`Replicas.adopt` (it became this process's).
"""

from __future__ import annotations

import logging

from jinrou.server.registry import RETRY_SECONDS, Registry
from jinrou.server.rooms import Room

REPLICAS_CACHED = 64
"""Rooms of other processes (a cluster) kept in memory without a connection to them."""
log = logging.getLogger("jinrou.server")


class Replicas(Registry):
    """The service's part that follows other processes' rooms and takes over or gives up its own."""

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
