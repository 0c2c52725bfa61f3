"""Pushes: every connection is sent its own view of a room, and only when it changed for it.

A connection is sent the whole view when it connects, then after every change *it can see* the view
with only the chat lines it has not been sent (``"append": true``); a reconnecting page says how many
lines of each channel it has (``have``). Chat lines are numbered per channel and no event number is
sent, so neither a message nor its content tells a reader about talk or actions it cannot see (the
wolves' chat, a night action). A room is never pushed while its lock is held (halfway through a
command): the push waits until the lock is let go.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jinrou.server.registry import Registry
from jinrou.server.rooms import Room


@dataclass(eq=False)
class Listener:
    """A connection that wants ``seat``'s view of ``room`` (seat None: a spectator); ``send`` takes
    the view as JSON text. ``have`` counts the chat lines of each channel it has been sent (None:
    nothing yet, it is sent everything next); ``last`` is the view it was last sent, less the chat
    and the server's time: a change it cannot see is not pushed to it. ``entrant``: the seat a person
    waiting to join the game going on will take (he is sent a spectator's view until then, and that
    seat's from the push after the game seated him)."""

    room: str
    seat: int | None
    send: Callable[[str], Awaitable[None]]
    have: dict[str, int] | None = None
    last: str = ""
    sending: asyncio.Task | None = None  # the last push under way
    entrant: int | None = None

    def seated(self, room: Room) -> None:
        """An entrant's connection becomes his seat's once the room has it."""
        if self.entrant is not None and self.entrant < len(room.seats):
            self.seat, self.entrant = self.entrant, None


@dataclass(frozen=True)
class Push:
    """A message composed for a listener: its ``text``, the view without chat and time (``core``),
    the line counts it will then have, and whether it carries chat lines."""

    text: str
    core: str
    have: dict[str, int]
    lines: bool


class Pushes(Registry):
    """The service's part that sends views to the connections listening to a room."""

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
        listener.seated(room)
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
            listener.seated(room)
            key = (listener.seat, listener.entrant, None if listener.have is None else tuple(sorted(listener.have.items())))
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
                          {key: [{**line.to_json(), "n": line.n} for line in found] for key, found in lines.items()},
                          listener.entrant)
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
