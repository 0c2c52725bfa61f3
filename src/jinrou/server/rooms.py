"""A room: settings, seats, chat, deadline and game — the fold of its stored events.

Events (each a JSON object in the store, see :mod:`jinrou.server.store`)::

    created   {name, mode, settings, seed, password}     the room (password: salted hash or null)
    joined    {seat, name, token}                        a person took a seat (token: its hash)
    bot       {seat, name}                               a heuristic bot took a seat
    started   {}
    action    {seat, action}                             a player's decision (JSON of the mode)
    close     {}                                         the phase's deadline passed, or all acted
    outcome   {outcome}                                  a random outcome of the game (JSON of the mode)
    deadline  {round, at}                                the current phase ends at ``at`` (Unix time)
    chat      {seat, name, text, phase}

Folding never draws or decides anything: every random outcome and every decision is an event, so
a restored room is exactly the room that was running.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from jinrou.errors import JinrouError, SetupError
from jinrou.quantum.game import Options, default_wolves
from jinrou.server.modes import MODES, GameMode
from jinrou.server.store import StoredEvent

NAME_LIMIT = 20
ROOM_NAME_LIMIT = 40
CHAT_LIMIT = 300
MAX_SEATS = 40
PHASE_LIMITS = (5, 3600)


class RoomError(JinrouError):
    """A request about a room is not allowed (the message says why); ``status`` is the HTTP code."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def validate_settings(data: Any) -> dict[str, Any]:
    """The settings of a new room, checked and completed with defaults."""
    if not isinstance(data, dict):
        raise RoomError("room settings are a JSON object")
    allowed = {"name", "mode", "seats", "wolves", "options", "night_seconds", "day_seconds", "password"}
    unknown = set(data) - allowed
    if unknown:
        raise RoomError(f"unknown settings {sorted(unknown)}: settings are {', '.join(sorted(allowed))}")
    name = data.get("name", "")
    if not isinstance(name, str) or not name.strip() or len(name) > ROOM_NAME_LIMIT or not name.isprintable():
        raise RoomError(f"a room name is 1–{ROOM_NAME_LIMIT} printable characters")
    mode = data.get("mode", "quantum")
    if mode not in MODES:
        raise RoomError(f"unknown mode {mode!r}: modes are {', '.join(MODES)}")
    seats = data.get("seats", 7)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 3 <= seats <= MAX_SEATS:
        raise RoomError(f"seats must be 3–{MAX_SEATS}, not {seats!r}")
    wolves = data.get("wolves") or default_wolves(seats)
    if isinstance(wolves, bool) or not isinstance(wolves, int) or not 1 <= wolves <= seats - 2:
        raise RoomError(f"wolves must be 1–{seats - 2} for {seats} seats, not {wolves!r}")
    try:
        options = Options.from_json(data.get("options") or {}).to_json()
    except SetupError as error:
        raise RoomError(str(error)) from None
    lengths = {}
    for key, default in (("night_seconds", 60), ("day_seconds", 180)):
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not PHASE_LIMITS[0] <= value <= PHASE_LIMITS[1]:
            raise RoomError(f"{key} must be {PHASE_LIMITS[0]}–{PHASE_LIMITS[1]}, not {value!r}")
        lengths[key] = value
    password = data.get("password") or None
    if password is not None and (not isinstance(password, str) or len(password) > 64):
        raise RoomError("a password is a string of at most 64 characters")
    return {"name": name.strip(), "mode": mode, "seats": seats, "wolves": wolves, "options": options,
            **lengths, "password": password}


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


@dataclass
class Room:
    """A room as its events made it."""

    id: str
    mode: GameMode
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
    deadline_round: int = -1
    seq: int = 0  # the next event number

    @classmethod
    def from_events(cls, events: list[StoredEvent]) -> Room:
        first = events[0]
        if first.kind != "created":
            raise ValueError(f"room {first.room}: the first event must be 'created', not {first.kind!r}")
        data = first.data
        room = cls(first.room, MODES[data["mode"]], data["name"], data["settings"], data["seed"], data["password"],
                   [None] * data["settings"]["seats"], seq=1)
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
            players = tuple(s.name for s in self.seats)
            self.state = self.mode.start(players, self.settings)
        elif kind == "action":
            self.state = state if state is not None else self.mode.act(self.state, data["seat"], data["action"])
        elif kind == "close":
            self.state = self.mode.close(self.state)
            self.round += 1
        elif kind == "outcome":
            self.state = self.mode.happen(self.state, data["outcome"])
        elif kind == "deadline":
            self.deadline, self.deadline_round = data["at"], data["round"]
        elif kind == "chat":
            self.chat.append(ChatLine(data["seat"], data["name"], data["text"], data["phase"], event.at))
        else:
            raise ValueError(f"room {self.id}: unknown event {kind!r}")
        self.seq = event.seq + 1

    # ------------------------------------------------------------ questions

    @property
    def is_over(self) -> bool:
        return self.state is not None and self.mode.is_over(self.state)

    @property
    def phase(self) -> str:
        if self.state is None:
            return "lobby"
        return "over" if self.is_over else self.mode.phase(self.state)

    def seat_of(self, token: Any) -> int:
        """The seat a token opens (RoomError 403 otherwise)."""
        if isinstance(token, str) and token:
            digest = hash_token(token)
            for seat, info in enumerate(self.seats):
                if info is not None and info.token is not None and hmac.compare_digest(info.token, digest):
                    return seat
        raise RoomError("this action needs your seat token (join the room first)", status=403)

    def free_seats(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info is None]

    def phase_seconds(self) -> int:
        day = self.state is not None and self.mode.phase(self.state).startswith("day")
        return self.settings["day_seconds"] if day else self.settings["night_seconds"]

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "mode": self.mode.name, "seats": len(self.seats),
                "taken": len(self.seats) - len(self.free_seats()), "wolves": self.settings["wolves"],
                "started": self.started, "phase": self.phase, "password": self.password is not None}

    def view(self, seat: int | None, now: float) -> dict[str, Any]:
        """What the holder of ``seat`` (None: a spectator) sees of the room."""
        return {
            "room": {**self.summary(), "options": self.settings["options"],
                     "night_seconds": self.settings["night_seconds"], "day_seconds": self.settings["day_seconds"],
                     "seat_list": [None if s is None else {"name": s.name, "bot": s.bot} for s in self.seats],
                     "deadline": self.deadline if self.deadline_round == self.round and not self.is_over else None},
            "you": seat,
            "server_time": now,
            "chat": [{"name": c.name, "text": c.text, "phase": c.phase} for c in self.chat],
            "game": None if self.state is None else self.mode.view(self.state, seat),
        }

