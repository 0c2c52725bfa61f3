"""A room: settings, seats, chat, deadline and game — the fold of its stored events.

Events (each a JSON object in the store, see :mod:`jinrou.server.store`)::

    created   {name, mode, settings, seed, password, rematch_of?, by?, private?, accounts_only?}  the room
                                                         (password: salted hash or null; by: a keyed hash of the
                                                         creator's address; private: never listed in the game
                                                         history; accounts_only: signed-in players only)
    joined    {seat, name, token, account?, account_name?, title?, address?, browser?, entering?}  a person took a
                                                         seat (token: its hash; account: the key of the signed-in
                                                         account, account_name its spelling; title: the 称号 it
                                                         showed then; address, browser: keyed hashes of his address
                                                         and his browser's id; entering: he joined the game going
                                                         on — the mode's ``enter`` — and watches until the game
                                                         gives him ``seat``, see below)
    bot       {seat, name}                               a heuristic bot took a seat
    left      {seat, by?}                                a seat emptied before the start (by: the host who kicked:
                                                         the seat's account, token, browser and address are barred
                                                         from the room's seats)
    started   {host?, date?}                            (host: the host's seat then; date: "MM-DD", the server's local
                                                         day: a mode whose ``start`` takes them gets them)
    action    {seat, action, spent?, id?}                a player's decision (JSON of the mode); seconds spent on the
                                                         turn; the id its client gave it (a retry is not stored twice)
    close     {}                                         the phase's deadline passed, or all acted
    outcome   {outcome}                                  a random outcome of the game (JSON of the mode)
    deadline  {round, turn, at, start}                   the current turn ends at ``at`` (Unix time; set at ``start``)
    chat      {seat, name, text, phase, channel, mark?}  (no channel: the mode's main one; seat null: a spectator;
                                                         mark: where it falls in the game's log, where the
                                                         mode says: its ``log_mark``)
    ready     {seat, ready}                              a seat said it is ready (or no longer) to start: the
                                                         ready check of a room made with ``ready_check``
    rematch   {room}                                     the room where the same seats play again
    closed    {reason}                                   an unstarted room nobody sat in for a while ("idle")
    words     {words}                                    the host's list of words the room's chat refuses

**Joining a game going on** (a mode with the optional ``joinable``/``enter``/``waiting``: classic エンドレス闇鍋).
A room whose mode says ``fewest_seats(settings)`` starts with that many seats taken or more: at the start its
empty seats are dropped (the seats after them move up, in order). While the game is played a person may join
when the mode says ``joinable``: he is an *entrant* — his token opens no seat yet, he watches as a spectator —
until the mode's ``waiting`` no longer lists him; then he takes the room seat his ``joined`` event named, the
next one after the seats and the entrants before him (the game appends seats in the order people asked).

Folding never draws or decides anything: every random outcome and every decision is an event, so
a restored room is exactly the room that was running.

Who reads what: a room without a password is open to anyone; a password room's seats, chat and
game only to its seats' tokens and to spectators holding a pass (see :mod:`jinrou.server.passes`).
The host — who may kick before the start — is the person who took a seat first and is still seated.
Chat channels are the mode's, plus the server's own ``spectators`` channel, where spectators talk
among themselves (players read it once the game is over). A mode's ``channels`` may take the
room's settings as a third argument (a room option, e.g. spectators reading the dead's channel).
"""

from __future__ import annotations

import hashlib
import hmac
import inspect
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from jinrou import chatlog, modes
from jinrou.modes import Channel, Mode, Phase, PhaseKind, SettingsError
from jinrou.players import Seat as SeatNumber
from jinrou.server import titles
from jinrou.server.errors import RoomError
from jinrou.server.names import check_nickname, check_text_name
from jinrou.server.store import StoredEvent

NAME_LIMIT = 20
ROOM_NAME_LIMIT = 40
CHAT_LIMIT = 300
SERVER_SETTINGS = ("name", "mode", "password", "private", "accounts_only", "ready_check")
LOBBY = Phase("lobby")
SPECTATORS = Channel("spectators", "Spectators", "観戦者")
"""The server's own channel: spectators talk among themselves."""
SPECTATORS_SILENT = Channel("spectators", "Spectators", "観戦者", "spectators do not talk in this room",
                            "この部屋では観戦者は発言できません")
"""The same where the room says spectators do not talk (the mode's optional ``spectators_speak``: 観戦者の発言)."""
ACTION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""An action's id, given by its client (the page: 32 random hex digits) and stored with it."""

__all__ = ["CHAT_LIMIT", "ChatLine", "Room", "RoomError", "Seat", "check_action_id", "check_name", "hash_password",
           "hash_token", "new_token", "password_matches", "validate_settings"]


def validate_settings(data: Any) -> dict[str, Any]:
    """The settings of a new room: the room's own (name, mode, password, accounts_only: seats for
    signed-in players only), then the mode's, checked and completed with defaults by the mode."""
    if not isinstance(data, dict):
        raise RoomError("room settings are a JSON object")
    name = check_text_name(data.get("name", ""), ROOM_NAME_LIMIT, "a room name")
    password = data.get("password") or None
    if password is not None and (not isinstance(password, str) or len(password) > 64):
        raise RoomError("a password is a string of at most 64 characters")
    private = data.get("private", False)
    if not isinstance(private, bool):
        raise RoomError(f"private is true (the game is never listed in the history) or false, not {private!r:.20}",
                        ja=f"private は true（終わっても対戦履歴に載せない）か false です: {private!r:.20}")
    accounts_only = data.get("accounts_only", False)
    if not isinstance(accounts_only, bool):
        raise RoomError(f"accounts_only is true or false, not {accounts_only!r:.20}",
                        ja=f"accounts_only は true か false です: {accounts_only!r:.20}")
    ready_check = data.get("ready_check", False)
    if not isinstance(ready_check, bool):
        raise RoomError(f"ready_check is true (the seats confirm they are ready before the start) or false, not "
                        f"{ready_check!r:.20}", ja=f"ready_check は true（開始前に全員が準備完了を確認）か false です: "
                                                    f"{ready_check!r:.20}")
    try:
        mode = modes.get(data.get("mode", modes.DEFAULT))
        settings = mode.settings({k: v for k, v in data.items() if k not in SERVER_SETTINGS})
    except SettingsError as error:
        raise RoomError(str(error), ja=error.ja) from None
    return {"name": name, "mode": mode.name, **settings, **({"accounts_only": True} if accounts_only else {}),
            **({"ready_check": True} if ready_check else {}), "password": password, "private": private}


def _month_day(text: Any) -> tuple[int, int] | None:
    """A stored ``"MM-DD"`` as (month, day) (None: none stored, a room started before it was)."""
    if not isinstance(text, str):
        return None
    month, _, day = text.partition("-")
    return int(month), int(day)


def check_name(name: Any, taken: list[str]) -> str:
    """A nickname for a seat (see :func:`jinrou.server.names.check_nickname`)."""
    return check_nickname(name, taken, NAME_LIMIT)


def check_action_id(value: Any) -> str | None:
    """An action's id (None: the action has none), or RoomError saying what one is."""
    if value is None or (isinstance(value, str) and ACTION_ID.fullmatch(value)):
        return value
    raise RoomError(f"an action's id is 1–64 letters, digits, - and _ (the same on each retry), not {value!r:.20}",
                    ja=f"行動の id は英数字・-・_ の1〜64字です（再送でも同じ id）: {value!r:.20}")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_password(password: str, salt: str | None = None) -> str:
    """Salted PBKDF2 (100,000 rounds, tens of milliseconds: the server runs it off its event loop)."""
    salt = salt or secrets.token_hex(8)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), 100_000).hex()
    return f"{salt}${digest}"


def password_matches(password: Any, stored: str) -> bool:
    salt, _ = stored.split("$", 1)
    return isinstance(password, str) and hmac.compare_digest(hash_password(password, salt), stored)


@cache
def _takes_settings(mode_name: str) -> bool:
    """Whether the mode's ``channels`` takes the room's settings as a third argument."""
    return len(inspect.signature(modes.get(mode_name).channels).parameters) >= 3


@cache
def _start_takes(mode_name: str) -> frozenset[str]:
    """The optional facts of the start the mode's ``start`` takes besides the players and the settings:
    ``host`` (the room seat of the host: classic's game master) and ``date`` ((month, day): its seasonal
    events)."""
    return frozenset(inspect.signature(modes.get(mode_name).start).parameters) & {"host", "date"}


@dataclass
class Seat:
    name: str
    token: str | None  # the hash of the seat token; None for bots
    bot: bool = False
    account: str | None = None  # the key of the account sitting here (None: nobody signed in)
    account_name: str | None = None
    title: str | None = None  # the key of the 称号 the account showed when it sat down
    address: str | None = None  # the keyed hash of the address it was taken from
    browser: str | None = None  # the keyed hash of the browser's id (the page's, kept in localStorage)

    def to_json(self) -> dict[str, Any]:
        """The seat as every viewer sees it: the nickname, a bot or not, and the 称号 shown (the
        account itself stays unseen)."""
        shown = titles.shown(self.title)
        return {"name": self.name, "bot": self.bot, **({"title": shown} if shown else {})}


@dataclass
class ChatLine:
    seat: int | None
    name: str
    text: str
    phase: str
    at: float
    channel: str | None = None  # None: the mode's main channel
    n: int = 0  # its number in its channel: a connection is sent the lines after the last it has
    mark: int | None = None  # where it falls in the game's log (see Mode's log_mark)
    veiled: bool = False  # said aloud by another seat's voice (悪霊憑き): read only where the mode's reads_veiled says

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "text": self.text, "phase": self.phase}
        if self.mark is not None:  # and when: lines of several channels are put in order by it
            data["mark"], data["at"] = self.mark, round(self.at, 3)
        return data


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
    order: list[int] = field(default_factory=list)  # seats taken by people, first come first
    rematch: str | None = None  # the room where these seats play again
    rematch_of: str | None = None
    counts: dict[str, int] = field(default_factory=dict)  # chat lines so far in each channel
    by: str | None = None  # a keyed hash of the address that made the room (None: a rematch)
    closed: str | None = None  # why the room was closed before its game ("idle")
    private: bool = False  # made private at creation: its game is never listed in the history
    touched: float = 0.0  # when its last event happened
    acted: dict[tuple[int, str], Any] = field(default_factory=dict)  # (seat, id) → the action stored with that id
    ready: set[int] = field(default_factory=set)  # seats that said they are ready to start (the ready check)
    full_since: float | None = None  # when the last free seat was taken (the ready check's time runs from it; a room
    # that may start with seats free — the mode's fewest_seats —: when its seats last changed, enough of them taken)
    barred: set[tuple[str, str]] = field(default_factory=set)  # what the host's kicks bar: ("account" | "token" |
    # "browser" | "address", its key)
    words: tuple[str, ...] = ()  # the host's word list (see jinrou.server.moderation)
    entrants: list[Seat] = field(default_factory=list)  # people who joined the game going on, waiting for their
    # seats (entrant i takes room seat len(seats) + i), in the order they joined
    kept_masks: tuple[str, ...] = ()  # 覆面, a room started with seats empty: the masks its seats wore before the
    # start (their lobby lines were said under them), kept in the game
    dropped: int = 0  # 覆面: the masks no seat wears (the empty seats dropped at the start before the last one kept);
    # newcomers' masks go on from the last one worn
    _final: tuple[Channel, ...] | None = field(default=None, repr=False)  # the channels once over

    @classmethod
    def from_events(cls, events: list[StoredEvent]) -> Room:
        first = events[0]
        if first.kind != "created":
            raise ValueError(f"room {first.room}: the first event must be 'created', not {first.kind!r}")
        room = cls.created(first)
        for event in events[1:]:
            room.fold(event)
        return room

    @classmethod
    def created(cls, event: StoredEvent) -> Room:
        data = event.data
        mode = modes.get(data["mode"])
        seats = mode.seats(data["settings"])
        return cls(event.room, mode, data["name"], data["settings"], data["seed"], data["password"],
                   [None] * seats, used=[0.0] * seats, seq=event.seq + 1, rematch_of=data.get("rematch_of"),
                   by=data.get("by"), touched=event.at, private=bool(data.get("private", False)))

    def fold(self, event: StoredEvent) -> None:
        """Apply one stored event (an action: the mode's ``act``, after the service's pure ``check``
        and the store's append)."""
        data, kind = event.data, event.kind
        if kind == "joined":
            person = Seat(data["name"], data["token"], account=data.get("account"), account_name=data.get("account_name"),
                          title=data.get("title"), address=data.get("address"), browser=data.get("browser"))
            if data.get("entering"):
                self._enter(data["seat"], person)
            else:
                self.seats[data["seat"]] = person
                self.order.append(data["seat"])
        elif kind == "bot":
            self.seats[data["seat"]] = Seat(data["name"], None, bot=True)
        elif kind == "left":
            gone = self.seats[data["seat"]]
            if "by" in data and gone is not None:
                self.barred |= {(what, key) for what, key in (("account", gone.account), ("token", gone.token),
                                                              ("browser", gone.browser), ("address", gone.address))
                                if key}
            self.seats[data["seat"]] = None
            if data["seat"] in self.order:
                self.order.remove(data["seat"])
            self.ready.discard(data["seat"])
        elif kind == "ready":
            (self.ready.add if data["ready"] else self.ready.discard)(data["seat"])
        elif kind == "started":
            self.started = True
            facts = {"host": self._drop_free_seats(data.get("host")), "date": _month_day(data.get("date"))}
            self.state = self.mode.start(tuple(self.masks or self.names), self.settings,
                                         **{k: v for k, v in facts.items() if k in _start_takes(self.mode.name)})
        elif kind == "action":
            self.used[data["seat"]] += data.get("spent", 0.0)
            self.state = self.mode.act(self.state, data["seat"], data["action"])
            if "id" in data:
                self.acted[data["seat"], data["id"]] = data["action"]
        elif kind == "close":
            self.state = self.mode.close(self.state)
            self.round += 1
        elif kind == "outcome":
            self.state = self.mode.happen(self.state, data["outcome"])
        elif kind == "deadline":
            self.deadline, self.deadline_key = data["at"], (data["round"], data.get("turn", 0))
            self.deadline_start = data.get("start", event.at)
        elif kind == "chat":
            key = data.get("channel") or self.main_channel
            self.counts[key] = self.counts.get(key, 0) + 1
            self.chat.append(ChatLine(data["seat"], data["name"], data["text"], data["phase"], event.at,
                                      data.get("channel"), self.counts[key] - 1, data.get("mark"),
                                      bool(data.get("veiled"))))
        elif kind == "rematch":
            self.rematch = data["room"]
        elif kind == "closed":
            self.closed = data["reason"]
        elif kind == "words":
            self.words = tuple(data["words"])
        else:
            raise ValueError(f"room {self.id}: unknown event {kind!r}")
        if kind in ("joined", "bot", "left") and not self.started:
            fewest = modes.fewest_seats(self.mode, self.settings)
            if fewest is None:
                self.full_since = None if None in self.seats else self.full_since or event.at
            else:  # a room that starts with the people present: the wait runs from the last seat taken or left
                self.full_since = event.at if len(self.seats) - len(self.free_seats()) >= fewest else None
        if self.entrants and kind in ("outcome", "close", "action"):
            self._seat_entrants()
        self.seq, self.touched = event.seq + 1, event.at

    def _drop_free_seats(self, host: int | None) -> int | None:
        """At the start, the empty seats go (a room that starts with fewer seats taken than it has, where the
        mode's ``fewest_seats`` allows it): the seats after them move up in order, with their clocks and
        marks. The host's seat after the move."""
        kept = [s for s, info in enumerate(self.seats) if info is not None]
        if len(kept) == len(self.seats):
            return host
        masks = self.masks
        if masks is not None:  # 覆面: each keeps the mask he wore (and said his lobby lines under)
            self.kept_masks, self.dropped = tuple(masks[s] for s in kept), kept[-1] + 1 - len(kept)
        moved = {old: new for new, old in enumerate(kept)}
        self.seats = [self.seats[s] for s in kept]
        self.used = [self.used[s] for s in kept]
        self.order = [moved[s] for s in self.order if s in moved]
        self.ready = {moved[s] for s in self.ready if s in moved}
        return None if host is None else moved.get(host)

    def _enter(self, seat: int, person: Seat) -> None:
        """A person joins the game going on (the mode's ``enter``, under his name or, 覆面, the mask of the
        seat he will take): he waits for room seat ``seat``."""
        if seat != len(self.seats) + len(self.entrants):
            raise ValueError(f"room {self.id}: a person entering takes seat {len(self.seats) + len(self.entrants)}, "
                             f"not {seat}")
        masks = self.masks_for(seat + 1)
        self.state = modes.enter(self.mode, self.state, person.name if masks is None else masks[seat])
        self.entrants.append(person)

    def _seat_entrants(self) -> None:
        """The entrants the game gave a seat (the mode's ``waiting`` no longer lists them) take their room seats."""
        waiting = len(modes.waiting(self.mode, self.state))
        while len(self.entrants) > waiting:
            self.seats.append(self.entrants.pop(0))
            self.used.append(0.0)
            self.order.append(len(self.seats) - 1)

    # ------------------------------------------------------------ questions

    @property
    def names(self) -> list[str]:
        return [s.name if s is not None else "" for s in self.seats]

    @property
    def masks(self) -> tuple[str, ...] | None:
        """The names the seats play under until the end (覆面: the mode's optional ``masks(settings,
        seats)``); None: their own."""
        return self.masks_for(len(self.seats))

    def masks_for(self, seats: int) -> tuple[str, ...] | None:
        """The masks of ``seats`` seats (None: the room plays under its own names): the mode's, by room seat;
        in a room whose empty seats were dropped at the start, the masks its seats wore, then the numbers after
        the last of them."""
        masked = getattr(self.mode, "masks", None)
        every = None if masked is None else masked(self.settings, seats + self.dropped)
        if every is None or not self.dropped:
            return every
        kept = len(self.kept_masks)
        return (*self.kept_masks[:seats], *every[kept + self.dropped:seats + self.dropped])

    def shown_names(self, seat: SeatNumber | None = None) -> list[str]:
        """The seats' names as ``seat`` (None: a spectator) may read them now: their masks while the
        game is not over (and after it, where the mode's optional ``unmasks_at_end(settings)`` says no:
        完全覆面), unless the mode's optional ``unmasked(state, seat)`` says the seat sees who is who (a
        game master); their own names otherwise."""
        masks = self.masks
        if masks is None:
            return self.names
        unmasked = getattr(self.mode, "unmasked", None)
        if seat is not None and unmasked is not None and self.state is not None and unmasked(self.state, seat):
            return self.names
        if self.is_over and not self.masks_kept:
            return self.names
        return list(masks)

    @property
    def masks_kept(self) -> bool:
        """Whether the seats' masks stay after the end, nobody but a game master ever reading who wore them (the
        mode's optional ``unmasks_at_end``: classic's 完全覆面)."""
        at_end = getattr(self.mode, "unmasks_at_end", None)
        return self.masks is not None and at_end is not None and not at_end(self.settings)

    @property
    def is_over(self) -> bool:
        return self.state is not None and self.mode.result(self.state) is not None

    @property
    def current(self) -> Phase:
        return LOBBY if self.state is None else self.mode.phase(self.state)

    @property
    def phase(self) -> str:
        if self.state is None:
            return "closed" if self.closed else "lobby"
        return "over" if self.is_over else self.current.name

    @property
    def holds_address(self) -> bool:
        """Whether the room counts among its maker's open rooms: not started yet, or played by bots
        only (a room played by people is theirs)."""
        return not self.closed and not self.is_over and (
            not self.started or all(s is not None and s.bot for s in self.seats))

    @property
    def turn_key(self) -> tuple[int, int]:
        """The deadline in force belongs to this (round, turn)."""
        return self.round, self.current.turn

    @property
    def host(self) -> int | None:
        """The seat of the person who sat down first and is still seated (None: nobody is)."""
        return self.order[0] if self.order else None

    def seat_of(self, token: Any) -> int:
        """The seat a token opens (RoomError 403 otherwise; an entrant's token opens none yet)."""
        if isinstance(token, str) and token:
            digest = hash_token(token)
            for seat, info in enumerate(self.seats):
                if info is not None and info.token is not None and hmac.compare_digest(info.token, digest):
                    return seat
            if self.entrant_of(token) is not None and self.is_over:
                raise RoomError("the game ended before the dawn that would have seated you: you watched it as a "
                                "spectator", status=403, ja="あなたが席に着く夜明けの前にゲームが終わりました（観戦のみでした）")
            if self.entrant_of(token) is not None:
                raise RoomError("you take your seat at the next dawn: until then you watch, and speak with the "
                                "spectators", status=403,
                                ja="席に着くのは次の夜明けです。それまでは観戦し、観戦者と話せます")
        raise RoomError("this action needs your seat token (join the room first)", status=403,
                        ja="この操作には席のトークンが要ります（先に参加してください）")

    def entrant_of(self, token: Any) -> int | None:
        """The room seat an entrant's token will open once the game gives it (None: no entrant holds it)."""
        if isinstance(token, str) and token:
            digest = hash_token(token)
            for index, info in enumerate(self.entrants):
                if info.token is not None and hmac.compare_digest(info.token, digest):
                    return len(self.seats) + index
        return None

    @property
    def joinable(self) -> bool:
        """Whether a person may join the game going on now (the mode's optional ``joinable``)."""
        return self.started and self.state is not None and not self.is_over and modes.joinable(self.mode, self.state)

    def is_bot(self, seat: SeatNumber) -> bool:
        info = self.seats[seat]
        return info is not None and info.bot

    def free_seats(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info is None]

    def time_spent(self, seat: SeatNumber, now: float) -> float:
        """Seconds ``seat`` has spent on the turn in force, if it is awaited (a seat acting off its
        turn — resigning, say — has no clock running)."""
        if self.deadline_start is None or self.deadline_key != self.turn_key or seat not in self.mode.awaited(self.state):
            return 0.0
        return max(0.0, now - self.deadline_start)

    def unready(self, starter: SeatNumber) -> list[int]:
        """The people's seats (the starter's aside) that have not said they are ready."""
        return [s for s, info in enumerate(self.seats)
                if info is not None and not info.bot and s != starter and s not in self.ready]

    def ready_json(self) -> dict[str, Any]:
        """The ready check as every viewer sees it before the start: who said ready, and until when
        the host must wait for the others (None: a seat is free)."""
        seconds = self.settings.get("ready_check")
        if not seconds or self.started:
            return {}
        until = None if self.full_since is None else self.full_since + seconds
        return {"ready": sorted(self.ready), "ready_until": until}

    def due(self, seat: SeatNumber | None) -> bool:
        """Whether ``seat`` still owes an action before the deadline in force (the mode's ``due``,
        else whether the game awaits it): told to that seat alone, whose page warns it in time."""
        if seat is None or self.state is None or self.is_over or self.deadline is None or (
                self.deadline_key != self.turn_key):
            return False
        said = getattr(self.mode, "due", None)
        return bool(said(self.state, seat)) if said is not None else seat in self.mode.awaited(self.state)

    def log_mark(self) -> int | None:
        """Where a chat line said now falls in the game's log (the mode's optional ``log_mark``;
        None before the start or for a mode without one)."""
        marker = getattr(self.mode, "log_mark", None)
        return None if marker is None or self.state is None else int(marker(self.state))

    def turn_seconds(self) -> float | None:
        return self.mode.seconds(self.state, self.settings, tuple(self.used))

    def channels(self, seat: SeatNumber | None) -> tuple[Channel, ...]:
        """The chat channels ``seat`` (None: a spectator) reads now, the mode's main one first; the
        spectators' channel is the spectators' (and everybody's to read at the end). Once the game is
        over everybody reads every channel of the game (the 感想戦), and the main one is open to the
        seated."""
        if self.is_over:
            return self._final_channels(seat)
        found = self._mode_channels(self.state, seat)
        if seat is None:
            return (*found, self._spectators)
        master = getattr(self.mode, "game_master", None)
        if master is not None and self.state is not None and master(self.state) == seat:  # a GM reads them too
            return (*found, Channel(SPECTATORS.key, SPECTATORS.en, SPECTATORS.ja, "only spectators write here",
                                    "観戦者だけが書けます"))
        return found

    @property
    def _spectators(self) -> Channel:
        """The spectators' channel, open unless the mode's optional ``spectators_speak(settings)`` says not."""
        speak = getattr(self.mode, "spectators_speak", None)
        return SPECTATORS if speak is None or speak(self.settings) else SPECTATORS_SILENT

    @property
    def main_channel(self) -> str:
        """The key of the mode's main channel (a chat line without a channel is in it)."""
        return self._mode_channels(None, None)[0].key

    def _mode_channels(self, state: Any, seat: SeatNumber | None) -> tuple[Channel, ...]:
        mode = self.mode
        if _takes_settings(mode.name):
            return mode.channels(state, seat, self.settings)  # type: ignore[call-arg]
        return mode.channels(state, seat)

    def _final_channels(self, seat: SeatNumber | None) -> tuple[Channel, ...]:
        """The channels of every seat (and of the lines said) when the game is over, in a first-seen
        order, the main one first."""
        if self._final is None:
            known: dict[str, Channel] = {}
            for viewer in (*range(len(self.seats)), None):
                for channel in self._mode_channels(self.state, viewer):
                    known.setdefault(channel.key, channel)
            main = self._mode_channels(None, None)[0]
            known.pop(main.key, None)
            for line in self.chat:
                if line.channel is not None and line.channel not in known and line.channel != SPECTATORS.key:
                    known[line.channel] = Channel(line.channel, line.channel, line.channel)
            known.pop(SPECTATORS.key, None)
            over = ("the game is over", "ゲームは終わりました")
            self._final = (main, *(Channel(c.key, c.en, c.ja, *over) for c in known.values()))
        main, *others = self._final
        if seat is None:
            return (main, *others, self._spectators)
        seated_main = Channel(main.key, main.en, main.ja, None)
        return (seated_main, *others, Channel(SPECTATORS.key, SPECTATORS.en, SPECTATORS.ja, "only spectators write here",
                                                   "観戦者だけが書けます"))

    def record(self) -> dict[str, Any]:
        """The game's record with the room's chat beside it, every channel (see :mod:`jinrou.chatlog`):
        published once the game is over."""
        main = self.main_channel
        chat = [{"name": line.name, "text": line.text, "phase": line.phase, "channel": line.channel or main}
                for line in self.chat]
        return {**self.mode.record(self.state, self.seed), chatlog.KEY: chat}

    def summary(self) -> dict[str, Any]:
        label = self.current.label if self.started and not self.is_over else None
        return {"id": self.id, "name": self.name, "mode": self.mode.name, "seats": len(self.seats),
                "taken": len(self.seats) - len(self.free_seats()), **self.mode.summary(self.settings),
                **({"joinable": True} if self.joinable else {}),
                "started": self.started, "phase": self.phase, "password": self.password is not None,
                **({"accounts_only": True} if self.settings.get("accounts_only") else {}),
                **({"phase_label": list(label)} if label else {})}

    def lines(self, seat: SeatNumber | None, have: Mapping[str, int] | None = None,
              ) -> tuple[tuple[Channel, ...], dict[str, list[ChatLine]]]:
        """The channels ``seat`` reads, and their lines after the first ``have[channel]`` (all of
        them for a channel not in ``have``). Lines are numbered in their channel only, so what a
        reader is sent tells nothing of the talk in channels it does not read."""
        channels = self.channels(seat)
        main = self.main_channel
        have = have or {}
        found: dict[str, list[ChatLine]] = {c.key: [] for c in channels}
        veiled = getattr(self.mode, "reads_veiled", None)
        unveiled = veiled is not None and any(line.veiled for line in self.chat) and bool(veiled(self.state, seat))
        for line in self.chat:
            key = line.channel or main
            if key in found and line.n >= have.get(key, 0) and (not line.veiled or unveiled):
                found[key].append(line)
        return channels, found

    def view(self, seat: SeatNumber | None, now: float, entrant: SeatNumber | None = None) -> dict[str, Any]:
        """What the holder of ``seat`` (None: a spectator; ``entrant``: the seat a person waiting to take
        one will take, who sees what a spectator sees) sees of the room."""
        channels, lines = self.lines(seat)
        return self.frame(seat, now, channels, {key: [line.to_json() for line in found]
                                                for key, found in lines.items()}, entrant)

    @staticmethod
    def _seat_json(index: int, seat: Seat, shown: list[str], masks: tuple[str, ...] | None) -> dict[str, Any]:
        """A seat in the seat list: under its mask while it is masked (覆面: no 称号 either, as 月下人狼 shows
        none), its name and mask once revealed."""
        data = seat.to_json()
        if masks is None:
            return data
        if shown[index] == masks[index]:
            return {"name": masks[index], "bot": seat.bot}
        return {**data, "name": shown[index], "mask": masks[index]}

    def frame(self, seat: SeatNumber | None, now: float, channels: tuple[Channel, ...],
              lines: dict[str, list[dict[str, Any]]], entrant: SeatNumber | None = None) -> dict[str, Any]:
        """A view around the given chat lines (all of them: the HTTP view; the new ones: a push). The
        people waiting for a seat are public while the game goes on (``entering``: their names, in order, under
        the mask of the seat each will take in a 覆面 room); ``waiting`` tells an entrant his own (his seat to come;
        a game over seats nobody more)."""
        main = channels[0].key if channels else None
        settings = {k: v for k, v in self.settings.items() if k not in ("name", "mode")}
        shown, masks = self.shown_names(seat), self.masks
        clocks = {"used": [round(u, 3) for u in self.used]} if self.mode.public_clocks else {}
        return {
            "room": {**self.summary(), **settings, "title": list(self.mode.title),
                     "seat_list": [None if s is None else self._seat_json(i, s, shown, masks) for i, s in enumerate(self.seats)],
                     "deadline": self.deadline if self.deadline_key == self.turn_key and not self.is_over else None,
                     "kind": str(self.current.kind) if not self.is_over else str(PhaseKind.OTHER),
                     "host": self.host, "rematch": self.rematch, **clocks, **self.ready_json(),
                     **({"joinable": True} if self.joinable else {}),
                     **({"entering": self.entering()} if self.entrants and not self.is_over else {}),
                     **({"fewest": fewest} if not self.started and (
                         fewest := modes.fewest_seats(self.mode, self.settings)) is not None else {}),
                     **({"words": list(self.words)} if self.words else {}),
                     **({"private": True} if self.private else {})},  # never listed: its end links no game page
            "you": seat,
            **({"due": self.due(seat)} if seat is not None else {}),  # the seat's own: its page warns it
            **({"waiting": entrant} if entrant is not None and seat is None and not self.is_over else {}),
            "server_time": now,
            "chat": lines.get(main, []) if main is not None else [],  # the main channel
            "channels": [c.to_json() for c in channels],
            "chats": {key: found for key, found in lines.items() if key != main},  # the other channels
            "game": None if self.state is None else self.mode.view(self.state, seat),
        }

    def entering(self) -> list[str]:
        """The names of the people waiting for a seat, in order (a 覆面 room: the masks of the seats to come)."""
        masks = self.masks_for(len(self.seats) + len(self.entrants))
        return [info.name if masks is None else masks[len(self.seats) + i] for i, info in enumerate(self.entrants)]
