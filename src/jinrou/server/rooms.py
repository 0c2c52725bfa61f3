"""A room: settings, seats, chat, deadline and game — the fold of its stored events.

Events (each a JSON object in the store, see :mod:`jinrou.server.store`)::

    created   {name, mode, settings, seed, password}     the room (password: salted hash or null)
    joined    {seat, name, token}                        a person took a seat (token: its hash)
    bot       {seat, name}                               a heuristic bot took a seat
    started   {}
    action    {seat, action}                             a player's decision (JSON of the mode)
    close     {}                                         the phase's deadline passed, or all acted
    outcome   {outcome}                                  a random outcome of the game (JSON of the mode)
    deadline  {round, turn, at, start}                   the current turn ends at ``at`` (Unix time; set at ``start``)
    chat      {seat, name, text, phase, channel}         (no channel: the mode's main one)

Folding never draws or decides anything: every random outcome and every decision is an event, so
a restored room is exactly the room that was running.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from jinrou import modes
from jinrou.errors import JinrouError
from jinrou.modes import Channel, Mode, Phase, PhaseKind, SettingsError
from jinrou.players import Seat as SeatNumber
from jinrou.server.store import StoredEvent

NAME_LIMIT = 20
ROOM_NAME_LIMIT = 40
CHAT_LIMIT = 300
SERVER_SETTINGS = ("name", "mode", "password")
LOBBY = Phase("lobby")


class RoomError(JinrouError):
    """A request about a room is not allowed (the message says why); ``status`` is the HTTP code."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def validate_settings(data: Any) -> dict[str, Any]:
    """The settings of a new room: the room's own (name, mode, password), then the mode's, checked
    and completed with defaults by the mode."""
    if not isinstance(data, dict):
        raise RoomError("room settings are a JSON object")
    name = data.get("name", "")
    if not isinstance(name, str) or not name.strip() or len(name) > ROOM_NAME_LIMIT or not name.isprintable():
        raise RoomError(f"a room name is 1–{ROOM_NAME_LIMIT} printable characters")
    password = data.get("password") or None
    if password is not None and (not isinstance(password, str) or len(password) > 64):
        raise RoomError("a password is a string of at most 64 characters")
    try:
        mode = modes.get(data.get("mode", modes.DEFAULT))
        settings = mode.settings({k: v for k, v in data.items() if k not in SERVER_SETTINGS})
    except SettingsError as error:
        raise RoomError(str(error)) from None
    return {"name": name.strip(), "mode": mode.name, **settings, "password": password}


def check_name(name: Any, taken: list[str]) -> str:
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_LIMIT or not name.isprintable():
        raise RoomError(f"a nickname is 1–{NAME_LIMIT} printable characters")
    name = name.strip()
    if name.casefold() in (t.casefold() for t in taken):
        raise RoomError(f"the nickname {name!r} is taken in this room")
    return name


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_password(password: str, salt: str | None = None) -> str:
    salt = salt or secrets.token_hex(8)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), 100_000).hex()
    return f"{salt}${digest}"


def password_matches(password: Any, stored: str) -> bool:
    salt, _ = stored.split("$", 1)
    return isinstance(password, str) and hmac.compare_digest(hash_password(password, salt), stored)


@dataclass
class Seat:
    name: str
    token: str | None  # the hash of the seat token; None for bots
    bot: bool = False


@dataclass
class ChatLine:
    seat: int | None
    name: str
    text: str
    phase: str
    at: float
    channel: str | None = None  # None: the mode's main channel

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "text": self.text, "phase": self.phase}


@dataclass
class Room:
    """A room as its events made it."""

    id: str
    mode: Mode
    name: str
    settings: dict[str, Any]
    seed: int
    password: str | None
    seats: list[Seat | None] = field(default_factory=list)
    started: bool = False
    state: Any = None
    chat: list[ChatLine] = field(default_factory=list)
    round: int = 0  # phases closed so far
    deadline: float | None = None
    deadline_key: tuple[int, int] = (-1, -1)  # (round, turn) the deadline was set for
    deadline_start: float | None = None
    used: list[float] = field(default_factory=list)  # seconds each seat spent on its turns
    seq: int = 0  # the next event number

    @classmethod
    def from_events(cls, events: list[StoredEvent]) -> Room:
        first = events[0]
        if first.kind != "created":
            raise ValueError(f"room {first.room}: the first event must be 'created', not {first.kind!r}")
        data = first.data
        mode = modes.get(data["mode"])
        seats = mode.seats(data["settings"])
        room = cls(first.room, mode, data["name"], data["settings"], data["seed"], data["password"],
                   [None] * seats, used=[0.0] * seats, seq=1)
        for event in events[1:]:
            room.fold(event)
        return room

    def fold(self, event: StoredEvent, state: Any = None) -> None:
        """Apply one stored event (``state``: the game after an action, when the caller has already
        computed it while validating)."""
        data, kind = event.data, event.kind
        if kind == "joined":
            self.seats[data["seat"]] = Seat(data["name"], data["token"])
        elif kind == "bot":
            self.seats[data["seat"]] = Seat(data["name"], None, bot=True)
        elif kind == "started":
            self.started = True
            self.state = self.mode.start(tuple(self.names), self.settings)
        elif kind == "action":
            if self.deadline_start is not None and self.deadline_key == self.turn_key:
                self.used[data["seat"]] += max(0.0, event.at - self.deadline_start)
            self.state = state if state is not None else self.mode.act(self.state, data["seat"], data["action"])
        elif kind == "close":
            self.state = self.mode.close(self.state)
            self.round += 1
        elif kind == "outcome":
            self.state = self.mode.happen(self.state, data["outcome"])
        elif kind == "deadline":
            self.deadline, self.deadline_key = data["at"], (data["round"], data.get("turn", 0))
            self.deadline_start = data.get("start", event.at)
        elif kind == "chat":
            self.chat.append(ChatLine(data["seat"], data["name"], data["text"], data["phase"], event.at,
                                      data.get("channel")))
        else:
            raise ValueError(f"room {self.id}: unknown event {kind!r}")
        self.seq = event.seq + 1

    # ------------------------------------------------------------ questions

    @property
    def names(self) -> list[str]:
        return [s.name if s is not None else "" for s in self.seats]

    @property
    def is_over(self) -> bool:
        return self.state is not None and self.mode.result(self.state) is not None

    @property
    def current(self) -> Phase:
        return LOBBY if self.state is None else self.mode.phase(self.state)

    @property
    def phase(self) -> str:
        if self.state is None:
            return "lobby"
        return "over" if self.is_over else self.current.name

    @property
    def turn_key(self) -> tuple[int, int]:
        """The deadline in force belongs to this (round, turn)."""
        return self.round, self.current.turn

    def seat_of(self, token: Any) -> int:
        """The seat a token opens (RoomError 403 otherwise)."""
        if isinstance(token, str) and token:
            digest = hash_token(token)
            for seat, info in enumerate(self.seats):
                if info is not None and info.token is not None and hmac.compare_digest(info.token, digest):
                    return seat
        raise RoomError("this action needs your seat token (join the room first)", status=403)

    def is_bot(self, seat: SeatNumber) -> bool:
        info = self.seats[seat]
        return info is not None and info.bot

    def free_seats(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info is None]

    def turn_seconds(self) -> float | None:
        return self.mode.seconds(self.state, self.settings, tuple(self.used))

    def channels(self, seat: SeatNumber | None) -> tuple[Channel, ...]:
        """The chat channels ``seat`` reads now (the game over: the main one, open to the seated)."""
        if self.is_over:
            main = self.mode.channels(None, seat)[0]
            return (Channel(main.key, main.en, main.ja, None if seat is not None else main.closed),)
        return self.mode.channels(self.state, seat)

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "mode": self.mode.name, "seats": len(self.seats),
                "taken": len(self.seats) - len(self.free_seats()), **self.mode.summary(self.settings),
                "started": self.started, "phase": self.phase, "password": self.password is not None}

    def view(self, seat: SeatNumber | None, now: float) -> dict[str, Any]:
        """What the holder of ``seat`` (None: a spectator) sees of the room."""
        channels = self.channels(seat)
        main = channels[0].key if channels else None
        readable = {c.key for c in channels}
        lines: dict[str, list[dict[str, Any]]] = {c.key: [] for c in channels}
        for line in self.chat:
            key = line.channel or main
            if key in readable:
                lines[key].append(line.to_json())
        settings = {k: v for k, v in self.settings.items() if k not in ("name", "mode")}
        return {
            "room": {**self.summary(), **settings, "title": list(self.mode.title),
                     "seat_list": [None if s is None else {"name": s.name, "bot": s.bot} for s in self.seats],
                     "deadline": self.deadline if self.deadline_key == self.turn_key and not self.is_over else None,
                     "kind": str(self.current.kind) if not self.is_over else str(PhaseKind.OTHER),
                     "used": [round(u, 3) for u in self.used]},  # seconds each seat spent on its turns (clocks)
            "you": seat,
            "server_time": now,
            "chat": lines[main] if main is not None else [],  # the main channel
            "channels": [c.to_json() for c in channels],
            "chats": {key: found for key, found in lines.items() if key != main},  # the other channels
            "game": None if self.state is None else self.mode.view(self.state, seat),
        }
