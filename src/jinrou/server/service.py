"""Rooms at work: commands append events, bots play, deadlines fire, views are pushed.

:class:`RoomService` is the only writer. A command validates against the room's current state,
appends its event(s) to the store, folds them into the room, lets the game progress (random
outcomes drawn and stored, bots acting, phases closing when everybody has acted), arms the phase
deadline, and pushes every connected player his own view. It runs on one asyncio loop, so rooms
need no locks. After a restart, :meth:`restore` folds every stored room back and re-arms the
deadlines (a deadline that passed while the server was down fires at once).
"""

from __future__ import annotations

import asyncio
import secrets
import json
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from jinrou.errors import IllegalActionError, ImpossibleOutcomeError
from jinrou.server.rooms import (
    CHAT_LIMIT,
    Room,
    RoomError,
    check_name,
    hash_password,
    hash_token,
    new_token,
    password_matches,
    validate_settings,
)
from jinrou.server.store import Store

BOT_NAMES = ["Bot Alice", "Bot Bob", "Bot Carol", "Bot Dave", "Bot Erin", "Bot Frank", "Bot Grace", "Bot Heidi",
             "Bot Ivan", "Bot Judy", "Bot Ken", "Bot Liz", "Bot Mallory", "Bot Niaj", "Bot Olivia", "Bot Peggy",
             "Bot Quinn", "Bot Rupert", "Bot Sybil", "Bot Trent"]


@dataclass(eq=False)
class Listener:
    """A connection that wants ``seat``'s view of ``room`` (seat None: a spectator); ``send`` takes
    the view as JSON text."""

    room: str
    seat: int | None
    send: Callable[[str], Awaitable[None]]


class RoomService:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time):
        self.store, self.clock = store, clock
        self.rooms: dict[str, Room] = {}
        self.listeners: dict[str, set[Listener]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._dirty: set[str] = set()

    # ------------------------------------------------------------- lifecycle

    def restore(self) -> None:
        """Fold every stored room back into memory, then let each go on and re-arm its deadline."""
        for room_id in self.store.rooms():
            self.rooms[room_id] = Room.from_events(self.store.events(room_id))
        for room in self.rooms.values():
            if room.started and not room.is_over:
                self._progress(room)

    def shutdown(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()

    # -------------------------------------------------------------- commands

    def create(self, data: Any) -> Room:
        settings = validate_settings(data)
        password = settings.pop("password")
        room_id = uuid.uuid4().hex[:10]
        seed = secrets.randbits(63)  # a room's seed is made here, at the edge, and stored
        event = self.store.append(room_id, 0, "created", {
            "name": settings["name"], "mode": settings["mode"], "settings": settings, "seed": seed,
            "password": None if password is None else hash_password(password),
        })
        room = Room.from_events([event])
        self.rooms[room_id] = room
        return room

    def room(self, room_id: str) -> Room:
        try:
            return self.rooms[room_id]
        except KeyError:
            raise RoomError(f"no room {room_id!r}", status=404) from None

    def join(self, room_id: str, name: Any, password: Any = None) -> tuple[int, str]:
        room = self.room(room_id)
        if room.started:
            raise RoomError("the game has started: you can watch as a spectator")
        if room.password is not None and not password_matches(password, room.password):
            raise RoomError("wrong room password", status=403)
        free = room.free_seats()
        if not free:
            raise RoomError("the room is full: you can watch as a spectator")
        name = check_name(name, [s.name for s in room.seats if s is not None])
        token = new_token()
        self._append(room, "joined", {"seat": free[0], "name": name, "token": hash_token(token)})
        self._notify(room)
        return free[0], token

    def fill_with_bots(self, room_id: str, token: Any) -> None:
        room = self.room(room_id)
        room.seat_of(token)
        if room.started:
            raise RoomError("the game has started")
        taken = [s.name for s in room.seats if s is not None]
        names = [n for n in BOT_NAMES if n not in taken] + [f"Bot {i}" for i in range(len(room.seats))]
        for seat, name in zip(room.free_seats(), names):
            self._append(room, "bot", {"seat": seat, "name": name})
        self._notify(room)

    def start(self, room_id: str, token: Any) -> None:
        room = self.room(room_id)
        room.seat_of(token)
        if room.started:
            raise RoomError("the game has already started")
        if room.free_seats():
            raise RoomError(f"{len(room.free_seats())} seats are empty: wait for players or fill them with bots")
        self._append(room, "started", {})
        self._progress(room)
        self._notify(room)

    def act(self, room_id: str, token: Any, action: Any) -> None:
        room = self.room(room_id)
        seat = room.seat_of(token)
        if not room.started:
            raise RoomError("the game has not started yet")
        try:
            after = room.mode.act(room.state, seat, action)  # validate first: a refused action stores nothing
        except (IllegalActionError, ImpossibleOutcomeError) as error:
            raise RoomError(str(error)) from None
        self._append(room, "action", {"seat": seat, "action": action}, after)
        self._progress(room)
        self._notify(room)

    def chat(self, room_id: str, token: Any, text: Any, channel: Any = None) -> None:
        room = self.room(room_id)
        seat = room.seat_of(token)
        if not isinstance(text, str) or not text.strip():
            raise RoomError("a chat message is some text")
        text = text.strip()
        if len(text) > CHAT_LIMIT or any(not (c.isprintable() or c == "\n") for c in text):
            raise RoomError(f"a chat message is at most {CHAT_LIMIT} printable characters")
        channels = room.channels(seat)
        found = next((c for c in channels if c.key == channel), None) if channel is not None else (
            next((c for c in channels if c.writable), channels[0] if channels else None))
        if found is None:
            keys = ", ".join(c.key for c in channels) or "none"
            raise RoomError(f"no chat channel {channel!r} for you now: yours are {keys}", status=403)
        if found.closed is not None:
            raise RoomError(found.closed)
        data = {"seat": seat, "name": room.names[seat], "text": text, "phase": room.phase}
        if found.key != channels[0].key:
            data["channel"] = found.key
        self._append(room, "chat", data)
        self._notify(room)

    # ------------------------------------------------------------- internals

    def _append(self, room: Room, kind: str, data: dict[str, Any], state: Any = None) -> None:
        room.fold(self.store.append(room.id, room.seq, kind, data), state)

    def _rng(self, room: Room) -> np.random.Generator:
        """Fresh for each draw, reproducible from the room's seed and the event number."""
        return np.random.default_rng([room.seed, room.seq])

    def _progress(self, room: Room) -> None:
        """Let the game run until it needs a person: outcomes, bots, phase closes; then the deadline."""
        mode = room.mode
        while not room.is_over:
            outcome = mode.draw(room.state, lambda: self._rng(room))
            if outcome is not None:
                self._append(room, "outcome", {"outcome": outcome})
                continue
            waiting = mode.awaited(room.state)
            bots = [s for s in waiting if room.is_bot(s)]
            if bots:
                for seat in bots:
                    action = mode.bot_action(room.state, seat, self._rng(room))
                    self._append(room, "action", {"seat": seat, "action": action})
                continue
            deadline = room.deadline if room.deadline_key == room.turn_key else None
            if not waiting or (deadline is not None and deadline <= self.clock()):
                self._append(room, "close", {})
                continue
            if deadline is None:
                seconds = room.turn_seconds()
                if seconds is None:
                    self._disarm(room)
                    return
                now = self.clock()
                round_, turn = room.turn_key
                self._append(room, "deadline", {"round": round_, "turn": turn, "at": now + seconds, "start": now})
            self._arm(room)
            return
        self._disarm(room)

    def _arm(self, room: Room) -> None:
        self._disarm(room)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a synchronous caller): the next command or restore re-arms
            return
        delay = max(0.0, (room.deadline or 0.0) - self.clock())
        self._timers[room.id] = loop.call_later(delay, self._deadline_passed, room.id, room.turn_key)

    def _disarm(self, room: Room) -> None:
        handle = self._timers.pop(room.id, None)
        if handle is not None:
            handle.cancel()

    def _deadline_passed(self, room_id: str, key: tuple[int, int]) -> None:
        room = self.rooms.get(room_id)
        if room is None or room.turn_key != key or room.is_over:
            return
        self._timers.pop(room_id, None)
        self._append(room, "close", {})  # who missed a required action dies a sudden death
        self._progress(room)
        self._notify(room)

    # --------------------------------------------------------------- pushing

    def subscribe(self, listener: Listener) -> None:
        self.listeners.setdefault(listener.room, set()).add(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self.listeners.get(listener.room, set()).discard(listener)

    def _notify(self, room: Room) -> None:
        """Push the room to its listeners once this loop iteration is over: changes that arrive
        together (a burst of votes) cost one push, not one each."""
        if not self.listeners.get(room.id) or room.id in self._dirty:
            return
        self._dirty.add(room.id)
        try:
            asyncio.get_running_loop().call_soon(self._flush, room.id)
        except RuntimeError:  # no loop: a synchronous caller has nobody connected to push to
            self._dirty.discard(room.id)

    def _flush(self, room_id: str) -> None:
        self._dirty.discard(room_id)
        room, listeners = self.rooms.get(room_id), self.listeners.get(room_id)
        if room is None or not listeners:
            return
        now = self.clock()
        texts: dict[int | None, str] = {}  # each seat's view is composed and serialised once
        for listener in list(listeners):
            if listener.seat not in texts:
                view = {"type": "view", **room.view(listener.seat, now)}
                texts[listener.seat] = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
            task = asyncio.ensure_future(self._send(listener, texts[listener.seat]))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _send(self, listener: Listener, message: str) -> None:
        try:
            await listener.send(message)
        except Exception:  # noqa: BLE001 — a closed connection, whatever the transport raises: forget it
            self.unsubscribe(listener)
