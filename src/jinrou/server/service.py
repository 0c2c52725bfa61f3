"""Rooms at work: commands append events, bots play, deadlines fire, views are pushed.

:class:`RoomService` is the only writer. A command validates against the room's current state,
appends its event(s) to the store, folds them into the room, lets the game progress (random
outcomes drawn and stored, bots acting, phases closing when everybody has acted), arms the phase
deadline, and pushes every connected player his own view. It runs on one asyncio loop, so rooms
need no locks.

Fairness: the game progresses in *slices* — when one has run for :data:`SLICE_SECONDS`, the rest is
scheduled after whatever else the loop has to do (other rooms, requests), so a 40-seat room of
bots playing a thousand events never freezes the server. Each slice is pushed as it ends.

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
import json
import logging
import secrets
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from jinrou.errors import IllegalActionError, ImpossibleOutcomeError
from jinrou.server import snapshots
from jinrou.server.guard import Limits, ServerLimits
from jinrou.server.names import check_nickname
from jinrou.server.rooms import (
    CHAT_LIMIT,
    NAME_LIMIT,
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
FINISHED_CACHED = 32
"""Finished rooms kept in memory; older ones are loaded from their snapshot when asked for."""
REPLICAS_CACHED = 64
"""Rooms of other processes (a cluster) kept in memory without a connection to them."""
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

    def pin(self, room_id: str) -> None:
        """Make a new room this process's (before its first event is stored)."""
        ...

    def changed(self, room: Room) -> None:
        """One of this process's rooms changed (its lobby line)."""
        ...

    def open_rooms(self, maker: str) -> int:
        """The open rooms the address keyed ``maker`` made that other processes hold."""
        ...


class RoomTable(Mapping[str, Room]):
    """The rooms: the active ones in memory, the recently finished ones cached, every other
    finished one loaded when asked for. Iterating gives the active rooms. In a cluster these are
    the rooms this process owns (``owns``); another process's room is a *replica* (``follow``):
    folded from the store, read-only here."""

    def __init__(self, load: Callable[[str], Room | None], owns: Callable[[str], bool] | None = None,
                 follow: Callable[[str], Room] | None = None):
        self.active: dict[str, Room] = {}
        self.finished: OrderedDict[str, Room] = OrderedDict()
        self.replicas: OrderedDict[str, Room] = OrderedDict()
        self._load, self._owns, self._follow = load, owns, follow

    def __getitem__(self, room_id: str) -> Room:
        if room_id in self.active:
            return self.active[room_id]
        if room_id in self.finished:
            self.finished.move_to_end(room_id)
            return self.finished[room_id]
        if self._owns is not None and self._follow is not None and isinstance(room_id, str) and (
                not self._owns(room_id)):
            return self._follow(room_id)
        room = self._load(room_id) if isinstance(room_id, str) and len(room_id) <= 64 else None
        if room is None:
            raise KeyError(room_id)
        if room.is_over or room.closed:
            self.keep_finished(room)
        else:  # a running room left memory (its store failed): it is active again
            self.active[room_id] = room
        return room

    def __contains__(self, room_id: object) -> bool:
        try:
            self[room_id]  # type: ignore[index]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.active))

    def __len__(self) -> int:
        return len(self.active)

    def __setitem__(self, room_id: str, room: Room) -> None:
        self.active[room_id] = room

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

    pending: set[str] = field(default_factory=set)  # rooms whose next slice is scheduled
    settled: dict[str, asyncio.Future] = field(default_factory=dict)  # room → done when its slices are
    snapshot_at: dict[str, int] = field(default_factory=dict)  # room → the seq of its last snapshot


class RoomService:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time, limits: ServerLimits | None = None,
                 cluster: Ownership | None = None):
        self.store, self.clock, self.cluster = store, clock, cluster
        self.limits = limits = limits or ServerLimits()
        self.rooms = RoomTable(self._load, None if cluster is None else cluster.owns, self._follow)
        self.listeners: dict[str, set[Listener]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._dirty: set[str] = set()
        self._progress_state = Progress()
        self._secret: bytes | None = None
        self.chat_limits = Limits(2.0, 12, "you are chatting too fast: wait a moment",
                                  ja="発言が速すぎます。少し待ってください")
        """Per seat (or spectator name): twelve lines at once, then two a second."""
        self.action_limits = Limits(limits.actions_per_second, 20, "you are acting too fast: wait a moment",
                                    ja="操作が速すぎます。少し待ってください")
        """Per seat, by HTTP and WebSocket together."""
        self.creation_limits = Limits(limits.rooms_per_minute / 60, 5, "you are making rooms too fast: wait a "
                                      "minute", ja="部屋を作るのが速すぎます。1分ほど待ってください")
        """Per address: five rooms at once, then ``rooms_per_minute``."""

    # ------------------------------------------------------------- lifecycle

    def restore(self) -> None:
        """Load every active room (from its snapshot and the events after it), then let each go on
        and re-arm its deadline. Finished rooms are not loaded: they are archived."""
        for room_id in self.store.active_rooms():
            if self.cluster is not None and not self.cluster.owns(room_id):
                continue  # another process's
            room = self._load(room_id)
            if room is not None:
                self.rooms[room_id] = room
        for room in list(self.rooms.active.values()):
            if room.is_over:
                self._finish(room)
            elif room.started:
                self._progress(room)

    def shutdown(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for room in list(self.rooms.active.values()):  # a clean stop: the next start folds nothing
            if room.started and room.seq > self._progress_state.snapshot_at.get(room.id, 0):
                self._snapshot(room, force=True)

    def _load(self, room_id: str) -> Room | None:
        """A room from its snapshot and the events after it (or from all its events)."""
        saved = self.store.snapshot(room_id)
        room = None
        if saved is not None:
            try:
                room = snapshots.restore(saved)
            except snapshots.SnapshotError as error:
                log.info("%s: replaying the events", error)
        self._progress_state.snapshot_at[room_id] = 0 if room is None else room.seq
        if room is None:
            events = self.store.events(room_id)
            if not events:
                return None
            return Room.from_events(events)
        for event in self.store.events(room_id, after=room.seq - 1):
            room.fold(event)
        return room

    # ---------------------------------------------------- several processes (a cluster)

    def _follow(self, room_id: str) -> Room:
        """Another process's room, as the store has it now (KeyError: no such room)."""
        room = self.rooms.replicas.get(room_id)
        if room is not None:
            self.rooms.replicas.move_to_end(room_id)
            self._catch_up(room)
            return room
        room = self._load(room_id) if len(room_id) <= 64 else None
        self._progress_state.snapshot_at.pop(room_id, None)
        if room is None:
            raise KeyError(room_id)
        self.rooms.replicas[room_id] = room
        idle = [r for r in self.rooms.replicas if r not in self.listeners]
        for old in idle[:max(0, len(idle) - REPLICAS_CACHED)]:
            del self.rooms.replicas[old]
        return room

    def _catch_up(self, room: Room) -> bool:
        """Fold a replica's new events from the store (True: there were some)."""
        events = self.store.events(room.id, after=room.seq - 1)
        for event in events:
            room.fold(event)
        return bool(events)

    def heard(self, room_id: str, seq: int) -> None:
        """Another process stored event ``seq`` of ``room_id``: fold it into the replica and push
        the views (computed here) to this process's connections."""
        if self._refresh(room_id, seq):
            self._notify(self.rooms.replicas[room_id])

    def _refresh(self, room_id: str, seq: int | None = None) -> bool:
        """Bring the replica of another process's room up to the store (up to event ``seq`` at
        least), reading it anew if this process has none (it owned the room until another took
        it); True when it changed. False for a room of this process's, or while the store fails."""
        if self.cluster is None or self.cluster.owns(room_id):
            return False
        room = self.rooms.replicas.get(room_id)
        try:
            if room is None:
                self._follow(room_id)
                return True
            return (seq is None or room.seq <= seq) and self._catch_up(room)
        except KeyError:
            return False
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

    def adopt(self, room_id: str) -> None:
        """The room became this process's (created elsewhere, or its owner died): read it from the
        store as a restart does, let its game go on and re-arm its deadline."""
        self.release(room_id)
        self.rooms.replicas.pop(room_id, None)
        try:
            room = self.rooms[room_id]
        except KeyError:
            return
        except Exception as error:  # noqa: BLE001 — the database is away: read it again soon
            log.warning("room %s: not read (%s)", room_id, type(error).__name__)
            self._later_revive(room_id, RETRY_SECONDS)
            return
        if room.id in self.rooms.active:
            if room.is_over:
                self._finish(room)
            elif room.started:
                self._progress(room)
        self._notify(room)

    # -------------------------------------------------------------- commands

    def may_create(self, address: str) -> str:
        """The key of ``address`` among room makers, or RoomError 429 when it has as many open rooms
        as it may (see :class:`~jinrou.server.guard.ServerLimits`)."""
        key = self._sign("address", address)
        self.sweep()
        top = self.limits.rooms
        held = sum(1 for room in self.rooms.active.values() if room.by == key and room.holds_address)
        if held < top and self.cluster is not None:  # and the rooms other processes hold (one query)
            held += self.cluster.open_rooms(key)
        if held >= top:
            en, ja = self._idle_time()
            raise RoomError(f"you have {top} open rooms already: start one or wait for one to close (a room "
                            f"nobody sits in closes after {en})", status=429,
                            ja=f"開いている部屋がすでに{top}つあります。どれかを始めるか、閉じるのを待ってください"
                               f"（誰も座らない部屋は{ja}で閉じます）")
        return key

    def create(self, data: Any, password_hash: str | None = None, rematch_of: str | None = None,
               address: str | None = None) -> Room:
        """A new room (``password_hash``: the password already hashed, off the event loop), made by a
        person at ``address`` (None: a rematch, made by the seats of a finished room)."""
        settings = validate_settings(data)
        by = None
        if address is not None:
            by = self.may_create(address)
            self.creation_limits.check(by)
        password = settings.pop("password")
        if password is not None and password_hash is None:
            password_hash = hash_password(password)
        elif password is None and rematch_of is None:
            password_hash = None
        room_id = uuid.uuid4().hex[:10]
        if self.cluster is not None:
            self.cluster.pin(room_id)
        seed = secrets.randbits(63)  # a room's seed is made here, at the edge, and stored
        created = {"name": settings["name"], "mode": settings["mode"], "settings": settings, "seed": seed,
                   "password": password_hash}
        if rematch_of is not None:
            created["rematch_of"] = rematch_of
        if by is not None:
            created["by"] = by
        room = Room.created(self.store.append(room_id, 0, "created", created))
        self.rooms[room_id] = room
        self._notify(room)  # (in a cluster: its lobby line)
        return room

    def room(self, room_id: str) -> Room:
        try:
            room = self.rooms[room_id]
        except KeyError:
            raise RoomError(f"no room {room_id[:64]!r}", status=404, ja=f"部屋 {room_id[:64]!r} はありません") from None
        if room.closed:
            en, ja = self._idle_time()
            raise RoomError(f"room {room_id!r} was closed: nobody sat in it for {en}", status=410,
                            ja=f"部屋 {room_id!r} は閉じられました（{ja}のあいだ誰も座りませんでした）")
        return room

    def _idle_time(self) -> tuple[str, str]:
        """How long an unused room stays open, in words (English, Japanese)."""
        seconds = self.limits.idle_room_seconds
        if seconds >= 60:
            return f"{seconds / 60:g} minutes", f"{seconds / 60:g}分"
        return f"{seconds:g} seconds", f"{seconds:g}秒"

    def sweep(self) -> None:
        """Close every unstarted room where no person has sat for ``idle_room_seconds`` (kept in
        the archive: its id answers that it was closed)."""
        now = self.clock()
        for room in list(self.rooms.active.values()):
            if not room.started and not room.order and now - room.touched >= self.limits.idle_room_seconds:
                try:
                    self._append(room, "closed", {"reason": "idle"})
                except NotStored:
                    continue
                self.store.archive(room.id, room.seq, room.summary(), {})
                self.rooms.keep_finished(room)
                self._notify(room)

    def join(self, room_id: str, name: Any, password: Any = None, *, verified: bool = False) -> tuple[int, str]:
        """Take the first free seat. A password room needs its password (``verified``: the caller
        has checked it already, off the event loop)."""
        room = self.room(room_id)
        if room.started:
            raise RoomError("the game has started: you can watch as a spectator",
                            ja="ゲームは始まっています。観戦はできます")
        if room.password is not None and not verified and not password_matches(password, room.password):
            raise RoomError("wrong room password", status=403, ja="部屋のパスワードが違います")
        free = room.free_seats()
        if not free:
            raise RoomError("the room is full: you can watch as a spectator", ja="満席です。観戦はできます")
        name = check_name(name, [s.name for s in room.seats if s is not None])
        token = new_token()
        self._append(room, "joined", {"seat": free[0], "name": name, "token": hash_token(token)})
        self._notify(room)
        return free[0], token

    def leave(self, room_id: str, token: Any) -> None:
        """Give one's seat back before the start (the token no longer opens anything)."""
        room = self.room(room_id)
        seat = room.seat_of(token)
        if room.started:
            raise RoomError("the game has started: a seat cannot be left any more",
                            ja="ゲームは始まっています。もう席を離れることはできません")
        self._append(room, "left", {"seat": seat})
        self._notify(room)

    def kick(self, room_id: str, token: Any, target: Any) -> None:
        """The host empties another seat (a person's or a bot's) before the start."""
        room = self.room(room_id)
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
        self._append(room, "left", {"seat": target, "by": seat})
        self._notify(room)

    def fill_with_bots(self, room_id: str, token: Any) -> None:
        room = self.room(room_id)
        room.seat_of(token)
        if room.started:
            raise RoomError("the game has started", ja="ゲームは始まっています")
        taken = [s.name for s in room.seats if s is not None]
        names = [n for n in BOT_NAMES if n not in taken] + [f"Bot {i}" for i in range(len(room.seats))]
        for seat, name in zip(room.free_seats(), names):
            self._append(room, "bot", {"seat": seat, "name": name})
        self._notify(room)

    def start(self, room_id: str, token: Any) -> None:
        room = self.room(room_id)
        room.seat_of(token)
        if room.started:
            raise RoomError("the game has already started", ja="ゲームはもう始まっています")
        if room.free_seats():
            raise RoomError(f"{len(room.free_seats())} seats are empty: wait for players or fill them with bots",
                            ja=f"空席が{len(room.free_seats())}つあります。参加者を待つか、ボットで埋めてください")
        self._append(room, "started", {})
        self._progress(room)
        self._notify(room)

    def rematch(self, room_id: str, token: Any) -> str:
        """A new room with the same settings and the same seats (each token opens its seat there
        too); asked again, the same room."""
        room = self.room(room_id)
        room.seat_of(token)
        if not room.is_over:
            raise RoomError("a rematch is for when the game is over", ja="再戦はゲームが終わってからです")
        if room.rematch is not None:
            return room.rematch
        data = {**room.settings, "name": room.name, "mode": room.mode.name}
        new = self.create(data, room.password, rematch_of=room.id)
        for seat, info in enumerate(room.seats):
            if info is not None and info.bot:
                self._append(new, "bot", {"seat": seat, "name": info.name})
            elif info is not None:
                self._append(new, "joined", {"seat": seat, "name": info.name, "token": info.token})
        self._append(room, "rematch", {"room": new.id})
        self._notify(room)
        return new.id

    def act(self, room_id: str, token: Any, action: Any) -> None:
        room = self.room(room_id)
        seat = room.seat_of(token)
        if not room.started:
            raise RoomError("the game has not started yet", ja="ゲームはまだ始まっていません")
        deadline = room.deadline if room.deadline_key == room.turn_key else None
        if deadline is not None and deadline <= self.clock() and not room.is_over:
            self._disarm(room)  # the timer has not fired yet: the turn closes now, before this action
            self._deadline_passed(room.id, room.turn_key)
            raise RoomError("too late: the time for this turn was up", ja="時間切れです: この手番の時間は終わりました")
        self.action_limits.check((room.id, seat))
        data: dict[str, Any] = {"seat": seat, "action": action}
        spent = room.time_spent(seat, self.clock())  # measured before the action changes whose turn it is
        if spent:
            data["spent"] = round(spent, 3)
        try:
            after = room.mode.act(room.state, seat, action)  # validate first: a refused action stores nothing
        except (IllegalActionError, ImpossibleOutcomeError) as error:
            raise RoomError(str(error), ja=error.ja) from None
        self._append(room, "action", data, after)
        self._progress(room)
        self._notify(room)

    def chat(self, room_id: str, token: Any, text: Any, channel: Any = None, spectator: str | None = None) -> None:
        """Say ``text`` in ``channel`` (None: the first one the speaker may write). A seat speaks with
        its token; a spectator with the name of his pass (``spectator``), in the spectators' channel."""
        room = self.room(room_id)
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
            raise RoomError(found.closed)
        self.chat_limits.check((room.id, seat if seat is not None else f"~{spectator}"))
        name = room.names[seat] if seat is not None else f"{spectator} (観戦)"
        data = {"seat": seat, "name": name, "text": text, "phase": room.phase}
        if found.key != channels[0].key:
            data["channel"] = found.key
        self._append(room, "chat", data)
        self._notify(room)

    # ----------------------------------------------------------- who reads

    def pass_for(self, room_id: str, name: Any = None) -> str:
        """A spectator's pass: proof of a password room's password, and the name he chats under.
        It is signed with the server's secret, so it needs no storage and survives restarts."""
        room = self.room(room_id)
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
        return name if hmac.compare_digest(signature, self._sign(room.id, name)) else None

    def reader(self, room_id: str, token: Any = None, pass_: Any = None) -> tuple[Room, int | None, str | None]:
        """The room, the reader's seat (None: a spectator) and a spectator's name; RoomError 401 for
        a password room without a seat token or a pass, 403 for a token that opens no seat."""
        room = self.room(room_id)
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

    def _sign(self, room_id: str, name: str) -> str:
        """A keyed hash (the server's secret): a spectator's pass, or (room "address") the key of a
        room maker's address, stored instead of the address itself."""
        if self._secret is None:
            self._secret = self.store.secret()
        return hmac.new(self._secret, f"{room_id}\0{name}".encode(), hashlib.sha256).hexdigest()[:32]

    # ------------------------------------------------------------- internals

    def _append(self, room: Room, kind: str, data: dict[str, Any], state: Any = None) -> None:
        """Store the event, then fold it. A mode may have changed its state in place while checking
        (or drawing); if the store refuses the event — another writer took its number, the database
        went away — the room leaves memory and is read again from the store when next asked for, so
        memory is never ahead of the log."""
        try:
            stored = self.store.append(room.id, room.seq, kind, data)
        except Exception as error:  # noqa: BLE001 — whatever the database raises: the log is the truth
            log.warning("room %s: event %d (%s) not stored (%s): the room is read again from the store",
                        room.id, room.seq, kind, type(error).__name__)
            self._forget(room)
            raise NotStored("the room could not be saved just now: try again", status=503,
                            ja="部屋を保存できませんでした。もう一度どうぞ") from None
        room.fold(stored, state)

    def _forget(self, room: Room) -> None:
        """Drop a room from memory (its timer too) and read it again from the store soon, so that
        its game goes on (bots, deadlines) once the store answers."""
        self._disarm(room)
        self.rooms.active.pop(room.id, None)
        self.rooms.finished.pop(room.id, None)
        self._progress_state.snapshot_at.pop(room.id, None)
        self._later_revive(room.id, RETRY_SECONDS)

    def _later_revive(self, room_id: str, delay: float) -> None:
        with contextlib.suppress(RuntimeError):  # no loop: the next command reads the room again
            asyncio.get_running_loop().call_later(delay, self._revive, room_id, delay)

    def _revive(self, room_id: str, delay: float) -> None:
        """Read a forgotten room again (unless a request did already) and let its game go on (bots,
        the deadline); if the store still fails, try later."""
        try:
            room = self.rooms[room_id]
        except KeyError:
            return
        except Exception as error:  # noqa: BLE001 — the database is still away
            log.warning("room %s: the store still fails (%s)", room_id, type(error).__name__)
            self._later_revive(room_id, min(2 * delay, 30.0))
            return
        if room.started and not room.is_over and room.id in self.rooms.active:  # not another process's
            self._progress(room)
        self._notify(room)

    def _rng(self, room: Room) -> np.random.Generator:
        """Fresh for each draw, reproducible from the room's seed and the event number."""
        return np.random.default_rng([room.seed, room.seq])

    def _progress(self, room: Room) -> None:
        """Let the game run until it needs a person: outcomes, bots, phase closes; then the deadline.
        On a running loop it goes in slices (see the module)."""
        try:
            self._progress_slice(room)
        except NotStored:  # the room left memory; it is read again from the store (see _append)
            return

    def _progress_slice(self, room: Room) -> None:
        mode, started, made = room.mode, time.perf_counter(), 0
        while not room.is_over:
            ran = time.perf_counter() - started
            if made >= SLICE_EVENTS and ran > SLICE_SECONDS and self._later(room, ran):
                return
            outcome = mode.draw(room.state, lambda: self._rng(room))
            if outcome is not None:
                self._append(room, "outcome", {"outcome": outcome})
                made += 1
                continue
            waiting = mode.awaited(room.state)
            bot = next((s for s in waiting if room.is_bot(s)), None)
            if bot is not None:  # one at a time: a slice may end between two bots
                self._append(room, "action", {"seat": bot, "action": mode.bot_action(room.state, bot, self._rng(room))})
                made += 1
                continue
            deadline = room.deadline if room.deadline_key == room.turn_key else None
            if not waiting or (deadline is not None and deadline <= self.clock()):
                self._append(room, "close", {})
                made += 1
                continue
            if deadline is None:
                seconds = room.turn_seconds()
                if seconds is None:
                    self._disarm(room)
                    self._snapshot(room)
                    return
                now = self.clock()
                round_, turn = room.turn_key
                self._append(room, "deadline", {"round": round_, "turn": turn, "at": now + seconds, "start": now})
            self._arm(room)
            self._snapshot(room)
            return
        self._disarm(room)
        self._finish(room)

    def _later(self, room: Room, ran: float) -> bool:
        """Schedule the room's next slice after a pause as long as this one ran, so that a room of
        bots has at most half of the loop and other work whole turns of it (False: no loop)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self._snapshot(room)
        state = self._progress_state
        if room.id not in state.pending:
            state.pending.add(room.id)
            state.settled.setdefault(room.id, loop.create_future())
            loop.call_later(ran, self._next_slice, room.id)
        return True

    def _next_slice(self, room_id: str) -> None:
        state = self._progress_state
        state.pending.discard(room_id)
        room = self.rooms.active.get(room_id)
        if room is not None and room.started and not room.is_over:
            self._progress(room)
            self._notify(room)
        if room_id not in state.pending:
            done = state.settled.pop(room_id, None)
            if done is not None and not done.done():
                done.set_result(None)

    async def settled(self, room_id: str) -> None:
        """Return once the room's game has progressed as far as it can without a person (its bots'
        slices done): a command's answer then tells what followed it, as a player expects."""
        done = self._progress_state.settled.get(room_id)
        if done is not None:
            await asyncio.shield(done)

    def _snapshot(self, room: Room, force: bool = False) -> None:
        if force or room.seq - self._progress_state.snapshot_at.get(room.id, 0) >= SNAPSHOT_EVERY:
            self._progress_state.snapshot_at[room.id] = room.seq
            try:
                self.store.save_snapshot(snapshots.take(room))
            except snapshots.SnapshotError as error:  # the events are enough: a slower restart
                log.info("%s", error)

    def _finish(self, room: Room) -> None:
        """The game is over: snapshot, archive (summary and record), and out of the active rooms."""
        self._snapshot(room, force=True)
        self.store.archive(room.id, room.seq, room.summary(), room.record())
        self.rooms.keep_finished(room)

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
        room = self.rooms.active.get(room_id)
        if room is None or room.turn_key != key or room.is_over:
            return
        self._timers.pop(room_id, None)
        try:
            self._append(room, "close", {})  # who missed a required action dies a sudden death
        except NotStored:
            return
        self._progress(room)
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
        if self._refresh(listener.room):
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

