"""Moderation (通報・ミュート・禁止): reports, word filters, bans by kind, and who a host's kick bars.

A public server needs its first tools against players who ruin games: a **report** of a chat line
or a seat (the room, the line as the server has it, the reason) goes to the administrators' queue,
kept in the store, where an administrator reads and closes it (``/admin``); a **word filter** — the
server's list (``jinrou serve --words FILE``) and each room's (set by its host) — refuses a line
that holds a listed word, saying which; a **ban** of one kind (making rooms, playing, watching,
chatting) for an account or an address, until a time, is refused at every door of that kind, HTTP
and WebSocket alike, with one line saying what and until when; administrators make, list and lift
bans at ``/admin`` (``/api/bans``) or with ``jinrou admin``, both through :class:`BanOrder` and
:func:`whom`, so each rule of a ban is written once. Muting a player is the page's own
business (it hides his lines for its reader, kept in ``localStorage``); the host's kick is the
room's (:class:`~jinrou.server.rooms.Room` keeps what a kick bars: the account, the seat's token,
the browser's id and the address).

Addresses are never stored: an address is kept as its keyed hash under the server's secret
(:func:`~jinrou.server.passes.keyed`, the key of room makers too), so a ban of an address is a ban
of its key, and ``jinrou admin`` keys an address it is given the same way.

Tables (in :data:`jinrou.server.store.SCHEMA`, SQLite and PostgreSQL alike)::

    bans (id, kind, target, key, label, until, reason, author, created, lifted)
        kind: create | play | spectate | chat; target: account | address; key: the account's key or
        the address's keyed hash; label: the account's name (an address: "")
    reports (id, at, room, report, closed, closing)   report, closing: JSON (see :meth:`Moderation.report`)
"""

from __future__ import annotations

import datetime
import ipaddress
import json
import math
import re
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinrou.jsontext import read_text
from jinrou.server.errors import RoomError
from jinrou.server.guard import address_unit
from jinrou.server.names import skeleton
from jinrou.server.passes import Passes, keyed
from jinrou.server.store import AsyncStore, Op

KINDS = {"create": ("making rooms", "部屋の作成"), "play": ("playing", "参加（着席と行動）"),
         "spectate": ("watching rooms", "観戦"), "chat": ("chatting", "発言")}
"""The kinds of ban and what each forbids (English, Japanese)."""
TARGETS = ("account", "address")
DURATION = re.compile(r"(\d{1,6})([mhdw])")
UNITS = {"m": 60, "h": 3600, "d": 86_400, "w": 604_800}
"""A ban's length as an administrator writes it: a number and a unit (30m, 12h, 7d, 2w)."""
LAST = 253_402_300_799.0
"""The latest a ban may end: 9999-12-31 23:59:59 UTC (the last minute :func:`when` can write)."""
ADDRESS_KEY = re.compile(r"[0-9a-f]{32}")
"""An address as reports and bans keep it: its keyed hash (:func:`~jinrou.server.passes.keyed`), 32 hex digits."""
VALUE_LIMIT = 64
ORDER_KEYS = ("kind", "target", "value", "for", "until", "reason")
"""What ``POST /api/bans`` takes (:meth:`BanOrder.read`)."""
REFRESH_SECONDS = 5.0
"""How old the bans held in memory may be: a ban made elsewhere (``jinrou admin``, another process)
is refused within this."""
REASON_LIMIT = 300
ROOM_WORDS, WORD_LIMIT = 50, 40
"""A room's list: at most 50 words of at most 40 characters."""


def address_key(passes: Passes, address: str | None) -> str | None:
    """The keyed hash of an address as bans and kicks keep it: of its unit
    (:func:`~jinrou.server.guard.address_unit`: ``::1`` and ``0:0::1`` are one, and so are the IPv6
    addresses of one /64)."""
    if not address:
        return None
    return passes.sign("address", address_unit(address))


def when(at: float) -> str:
    """A Unix time as a ban's message shows it (UTC, to the minute)."""
    return datetime.datetime.fromtimestamp(at, datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


# ------------------------------------------------------------------ values


@dataclass(frozen=True)
class Who:
    """Who asks: his account's key (None: not signed in, or not looked up) and his address."""

    account: str | None = None
    address: str | None = None


NOBODY = Who()


@dataclass(frozen=True)
class Ban:
    """``kind`` forbidden to an account or an address (``target``, ``key``) until ``until``."""

    id: str
    kind: str
    target: str
    key: str
    label: str
    until: float
    reason: str
    author: str
    created: float
    lifted: float | None = None

    def refusal(self) -> RoomError:
        """The one line a refused request gets: what is forbidden, to whom, until when (and why)."""
        en, ja = KINDS[self.kind]
        whose, whose_ja = ("your account", "あなたのアカウント") if self.target == "account" else (
            "your address", "あなたのアドレス")
        why, why_ja = (f" ({self.reason})", f"（{self.reason}）") if self.reason else ("", "")
        return RoomError(f"{whose} is banned from {en} until {when(self.until)}{why}", status=403,
                         ja=f"{whose_ja}は {when(self.until)} まで{ja}を禁止されています{why_ja}")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "target": self.target, "key": self.key, "label": self.label,
                "until": self.until, "reason": self.reason, "by": self.author, "created": self.created,
                "lifted": self.lifted}


@dataclass(frozen=True)
class BanOrder:
    """A ban as an administrator asks for it — what, whom (``value``: a user name, an IP address or a
    report's address key), until when, why — each part checked; whom it names is looked up as it is made
    (:func:`whom`). The page's ``POST /api/bans`` and ``jinrou admin ban`` both come through it."""

    kind: str
    target: str
    value: str
    until: float
    reason: str = ""

    @classmethod
    def checked(cls, kind: Any, target: Any, value: Any, until: Any, reason: Any, now: float) -> BanOrder:
        """Each part checked, in the order the form asks them (RoomError 400 naming the first that is wrong)."""
        target = check_target(target)
        return cls(check_kind(kind), target, check_value(target, value), check_until(until, now),
                   check_reason(reason, required=False))

    @classmethod
    def read(cls, data: dict[str, Any], now: float) -> BanOrder:
        """The body of ``POST /api/bans``: ``kind``, ``target``, ``value``, ``for`` (a length: 30m, 12h,
        7d, 2w) or ``until`` (Unix seconds), ``reason``."""
        unknown = sorted(set(data) - set(ORDER_KEYS))
        if unknown:
            raise RoomError(f"a ban takes {', '.join(ORDER_KEYS)}; not {unknown[0]!r:.20}",
                            ja=f"禁止に渡せるのは {', '.join(ORDER_KEYS)} です: {unknown[0]!r:.20}")
        length, until = data.get("for"), data.get("until")
        if (length is None or length == "") == (until is None):
            raise RoomError("give for (a length: 30m, 12h, 7d, 2w) or until (a time, in seconds since 1970 UTC), "
                            "one of them", ja="for（期間: 30m, 12h, 7d, 2w）か until（1970年 UTC からの秒数）の"
                                               "どちらか一方を指定してください")
        target = check_target(data.get("target"))
        kind, value = check_kind(data.get("kind")), check_value(target, data.get("value"))
        return cls.checked(kind, target, value, until if until is not None else now + ban_length(length),
                           data.get("reason"), now)


def whom(target: str, value: str, key_of: Callable[[str], str]) -> Op[tuple[str, str]]:
    """Whom a ban names, as ``(key, label)``: an account, looked up by its user name (RoomError: none has
    it), or an address — a report's address key as it is, or an IP address keyed by ``key_of`` (the
    server's secret: :func:`~jinrou.server.passes.keyed`; RoomError: neither)."""
    from jinrou.server.accounts import Statements as AccountStatements
    from jinrou.server.accounts import name_key

    if target == "address":
        if ADDRESS_KEY.fullmatch(value):
            key = value  # a report's address key
        else:
            try:
                key = key_of(address_unit(str(ipaddress.ip_address(value))))
            except ValueError:
                raise RoomError(f"an address is an IP address (e.g. 203.0.113.7 or 2001:db8::1) or a report's "
                                f"32-digit address key, not {value[:40]!r}",
                                ja=f"アドレスは IP アドレス（例: 203.0.113.7, 2001:db8::1）か通報の32桁のアドレスキーです: "
                                   f"{value[:40]!r}") from None
        return Op((), lambda rows: (key, ""))
    lookup = AccountStatements().account(name_key(value))

    def found(rows: list[tuple]) -> tuple[str, str]:
        account = lookup.decode(rows)
        if account is None:
            raise RoomError(f"no account {value[:20]!r}: give a registered user name",
                            ja=f"アカウント {value[:20]!r} はありません。登録済みのユーザー名を指定してください")
        return account[0].key, account[0].name
    return Op(lookup.statements, found)


def check_kind(kind: Any) -> str:
    if not isinstance(kind, str) or kind not in KINDS:
        raise RoomError(f"a ban's kind is one of {', '.join(KINDS)}, not {kind!r:.20}",
                        ja=f"禁止の種類は {', '.join(KINDS)} のどれかです: {kind!r:.20}")
    return kind


def check_target(target: Any) -> str:
    if not isinstance(target, str) or target not in TARGETS:
        raise RoomError(f"a ban is of an account or an address (target: account or address), not {target!r:.20}",
                        ja=f"禁止の対象は account（アカウント）か address（アドレス）です: {target!r:.20}")
    return target


def check_value(target: str, value: Any) -> str:
    """Whom a ban names, as given: an account's user name, or an address (an IP address, or a report's address
    key) — 1–64 characters, stripped (an address key in lower case)."""
    if not isinstance(value, str) or not value.strip() or len(value) > VALUE_LIMIT:
        what, what_ja = (("the account's user name", "アカウントのユーザー名") if target == "account" else
                         ("an IP address or a report's 32-digit address key", "IP アドレスか通報の32桁のアドレスキー"))
        raise RoomError(f"value is {what} (1–{VALUE_LIMIT} characters), not {value!r:.40}",
                        ja=f"value は{what_ja}です（1〜{VALUE_LIMIT}字）: {value!r:.40}")
    value = value.strip()
    return value.lower() if target == "address" and ADDRESS_KEY.fullmatch(value.lower()) else value


def ban_length(text: Any, name: str = "for") -> int:
    """The seconds of a ban's length as an administrator writes it (``name``: the field, as the asker knows it)."""
    match = DURATION.fullmatch(text.strip()) if isinstance(text, str) else None
    if not match:
        raise RoomError(f"{name} is a number and a unit (m minutes, h hours, d days, w weeks): 30m, 12h, 7d or 2w, "
                        f"not {text!r:.20}",
                        ja=f"{name} は数と単位（m 分、h 時間、d 日、w 週）です。例: 30m, 12h, 7d, 2w: {text!r:.20}")
    return int(match[1]) * UNITS[match[2]]


def check_until(until: Any, now: float) -> float:
    """A ban's end: a time (Unix seconds) later than ``now`` and not after :data:`LAST`."""
    if isinstance(until, bool) or not isinstance(until, int | float) or not math.isfinite(until):
        raise RoomError(f"until is a time in seconds since 1970-01-01 UTC, not {until!r:.20}",
                        ja=f"until は 1970-01-01 UTC からの秒数です: {until!r:.20}")
    if until > LAST:
        raise RoomError(f"a ban ends by {when(LAST)} at the latest", ja=f"禁止の終わりは遅くとも {when(LAST)} です")
    if until <= now:
        shown = when(until) if until >= 0 else f"{until!r:.20}"
        raise RoomError(f"a ban ends later than now, not at {shown}", ja=f"禁止の終わりは今より後です: {shown}")
    return float(until)


def check_reason(reason: Any, required: bool = True) -> str:
    """A reason: printable text of at most :data:`REASON_LIMIT` characters (stripped)."""
    if reason is None and not required:
        return ""
    if not isinstance(reason, str) or (required and not reason.strip()) or len(reason) > REASON_LIMIT or any(
            not (c.isprintable() or c == "\n") for c in reason):
        raise RoomError(f"a reason is 1–{REASON_LIMIT} printable characters",
                        ja=f"理由は表示できる文字で1〜{REASON_LIMIT}字です")
    return reason.strip()


# ----------------------------------------------------------------- the SQL

_BAN_COLUMNS = "id, kind, target, key, label, until, reason, author, created, lifted"


class Statements:
    """The SQL of bans and reports (both databases share it; ``?`` placeholders)."""

    def add_ban(self, ban: Ban) -> Op[Ban]:
        return Op(((f"INSERT INTO bans ({_BAN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (ban.id, ban.kind, ban.target, ban.key, ban.label, ban.until, ban.reason, ban.author, ban.created,
                     None)),), lambda rows: ban)

    def bans(self, now: float, every: bool = False) -> Op[list[Ban]]:
        """The bans in force at ``now`` (``every``: lifted and expired ones too), the latest first."""
        where = "" if every else " WHERE lifted IS NULL AND until > ?"
        return Op(((f"SELECT {_BAN_COLUMNS} FROM bans{where} ORDER BY created DESC, id",
                    () if every else (now,)),), lambda rows: [Ban(*row) for row in rows])

    def lift(self, ban_id: str, at: float) -> Op[bool]:
        return Op((("UPDATE bans SET lifted = ? WHERE id = ? AND lifted IS NULL RETURNING id", (at, ban_id)),),
                  lambda rows: bool(rows))

    def add_report(self, report: dict[str, Any]) -> Op[None]:
        return Op((("INSERT INTO reports (id, at, room, report, closed, closing) VALUES (?, ?, ?, ?, NULL, NULL)",
                    (report["id"], report["at"], report["room"], json.dumps(report, ensure_ascii=False))),),
                  lambda rows: None)

    def reports(self, closed: bool, limit: int) -> Op[list[dict[str, Any]]]:
        """The open (or the closed) reports, the latest first."""
        where = "closed IS NOT NULL" if closed else "closed IS NULL"
        return Op(((f"SELECT report, closing FROM reports WHERE {where} ORDER BY at DESC, id DESC LIMIT ?",
                    (limit,)),),
                  lambda rows: [{**json.loads(r[0]), "closed": json.loads(r[1]) if r[1] else None} for r in rows])

    def close_report(self, report_id: str, closing: dict[str, Any]) -> Op[bool]:
        return Op((("UPDATE reports SET closed = ?, closing = ? WHERE id = ? AND closed IS NULL RETURNING id",
                    (closing["at"], json.dumps(closing, ensure_ascii=False), report_id)),), lambda rows: bool(rows))


# ------------------------------------------------------------ word filters


class Words:
    """Words a chat line may not hold: each folded as names are (NFKC, case, marks, look-alike
    letters, spaces — :func:`~jinrou.server.names.skeleton`), and found anywhere in the folded line,
    so ``ＢＡＤ``, ``b a d`` and ``bаd`` with a Cyrillic а all hold ``bad``."""

    def __init__(self, words: Iterable[str] = ()):
        self.words = tuple(dict.fromkeys(w.strip() for w in words if skeleton(w.strip())))
        self._folded = tuple((skeleton(w), w) for w in self.words)

    @classmethod
    def read(cls, path: str | Path) -> Words:
        """A server's list from a file: a word a line, blank lines and lines starting with ``#``
        skipped (JinrouError when it cannot be read)."""
        words = "a file of words, one a line"
        text = read_text(path, name=f"the word list {str(path)[:80]!r}", give=words, not_text=f"is not UTF-8 text: give {words}")
        return cls(line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))

    def found(self, text: str) -> str | None:
        """The first listed word ``text`` holds (as listed), or None."""
        folded = skeleton(text)
        return next((word for key, word in self._folded if key in folded), None)

    def __bool__(self) -> bool:
        return bool(self.words)


def check_room_words(words: Any) -> list[str]:
    """A room's list as its host sets it: at most :data:`ROOM_WORDS` words of 1–:data:`WORD_LIMIT`
    printable characters that show something (RoomError otherwise)."""
    if not isinstance(words, list) or len(words) > ROOM_WORDS or not all(
            isinstance(w, str) and w.strip() and len(w.strip()) <= WORD_LIMIT and w.isprintable() and skeleton(w)
            for w in words):
        raise RoomError(f"words is a list of at most {ROOM_WORDS} words, each 1–{WORD_LIMIT} printable characters",
                        ja=f"words は{ROOM_WORDS}語までのリストで、各語は表示できる文字で1〜{WORD_LIMIT}字です")
    return list(dict.fromkeys(w.strip() for w in words))


LINE = ("this line is refused", "この発言は送れません")
NICKNAME = ("this nickname is refused", "このニックネームは使えません")
ROOM_NAME = ("this room name is refused", "この部屋名は使えません")
ACCOUNT_NAME = ("this account name is refused", "このアカウント名は使えません")
"""What a word refuses, in English and Japanese: a chat line, a nickname (a seat's or a spectator's), a room's name,
an account's name."""


def check_line(text: str, server: Words, room: Sequence[str], what: tuple[str, str] = LINE) -> None:
    """RoomError 400 when a chat line — or a name everybody reads (``what``: :data:`NICKNAME`, :data:`ROOM_NAME`)
    — holds a word of the server's list or of the room's."""
    word = server.found(text)
    if word is not None:
        raise RoomError(f"{what[0]}: {word!r} is a word this server does not allow",
                        ja=f"{what[1]}: 「{word}」はこのサーバーで使えない言葉です")
    word = Words(room).found(text) if room else None
    if word is not None:
        raise RoomError(f"{what[0]}: {word!r} is a word the host does not allow in this room",
                        ja=f"{what[1]}: 「{word}」はこの部屋でホストが禁じた言葉です")


# --------------------------------------------------------------- the service


class Moderation:
    """Bans (held in memory, read again from the store every :data:`REFRESH_SECONDS`), the word
    list of the server, and the reports' queue; ``clock`` is Unix time."""

    def __init__(self, db: AsyncStore, passes: Passes, words: Words | None = None,
                 clock: Callable[[], float] = time.time):
        self.db, self.passes, self.clock = db, passes, clock
        self.words = words or Words()
        self.statements = Statements()
        self.refresh = REFRESH_SECONDS
        self._bans: list[Ban] = []
        self._read: float | None = None

    async def bans(self) -> list[Ban]:
        """The bans in force (read again when older than ``refresh`` seconds)."""
        now = self.clock()
        if self._read is None or now - self._read >= self.refresh or now < self._read:
            self._bans = await self.db.run(self.statements.bans(now))
            self._read = now
        return [ban for ban in self._bans if ban.until > now]

    async def wants_account(self, kind: str) -> bool:
        """Whether an account is banned from ``kind`` now (else a request's session need not be read)."""
        return any(ban.kind == kind and ban.target == "account" for ban in await self.bans())

    async def check(self, kind: str, who: Who, *accounts: str | None) -> None:
        """RoomError 403 (:meth:`Ban.refusal`) when ``kind`` is banned to ``who`` — his account, his
        address — or to one of ``accounts`` (a seat's)."""
        bans = [ban for ban in await self.bans() if ban.kind == kind]
        if not bans:
            return
        await self.passes.load()
        keys = {("account", key) for key in (who.account, *accounts) if key}
        address = address_key(self.passes, who.address)
        if address:
            keys.add(("address", address))
        for ban in bans:
            if (ban.target, ban.key) in keys:
                raise ban.refusal()

    async def ban(self, kind: str, target: str, key: str, until: float, reason: str = "", author: str = "",
                  label: str = "") -> Ban:
        """Store a ban; this process refuses it from its next request on (the others within ``refresh``)."""
        ban = new_ban(kind, target, key, until, reason, author, label, self.clock())
        await self.db.run(self.statements.add_ban(ban))
        self._read = None
        return ban

    async def order(self, data: dict[str, Any], author: str) -> Ban:
        """A ban an administrator asks for (:meth:`BanOrder.read`: RoomError 400 and nothing stored when a
        part is wrong or names nobody), made by ``author`` (his account's name)."""
        order = BanOrder.read(data, self.clock())
        await self.passes.load()
        key, label = await self.db.run(whom(order.target, order.value, lambda ip: self.passes.sign("address", ip)))
        return await self.ban(order.kind, order.target, key, order.until, order.reason, author, label)

    async def listed(self, every: bool = False) -> list[Ban]:
        """The bans in force, the latest first (``every``: lifted and expired ones too), read from the store."""
        return await self.db.run(self.statements.bans(self.clock(), every))

    async def lift(self, ban_id: Any) -> None:
        """End a ban in force now (RoomError 404: none of that id); this process lets its doors at once."""
        if not isinstance(ban_id, str) or len(ban_id) > 32 or not await self.db.run(
                self.statements.lift(ban_id, self.clock())):
            raise no_ban(ban_id)
        self._read = None

    async def report(self, room: Any, reader: int | None, spectator: str | None, who: Who, data: dict[str, Any],
                     reporter_name: str | None) -> dict[str, Any]:
        """File a report on a chat line (``data``: ``channel``, ``line`` — its index among the lines of
        that channel the reporter reads — and ``text``, as his page shows it) or on a seat (``seat``),
        with a ``reason``. What is stored is what the room holds, never what the reporter says it
        holds: the line's text, its speaker's name and seat, the channel and the phase; the seat's
        account and address key for the administrators. RoomError: a line or seat not there, no reason."""
        reason = check_reason(data.get("reason"))
        await self.passes.load()
        if "seat" in data and data["seat"] is not None:
            seat = data["seat"]
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(room.seats) or (
                    room.seats[seat] is None):
                raise RoomError(f"seat must be a taken seat's number (0–{len(room.seats) - 1}), not {seat!r:.20}",
                                ja=f"seat は人のいる席の番号（0–{len(room.seats) - 1}）です: {seat!r:.20}")
            if room.seats[seat].bot:
                raise RoomError("a bot cannot be reported: report a person's seat or line",
                                ja="ボットは通報できません。人の席か発言を通報してください")
            what: dict[str, Any] = {"kind": "seat", "seat": seat, "name": room.seats[seat].name}
        else:
            what = _reported_line(room, reader, data)
            seat = what["seat"]
        info = room.seats[seat] if seat is not None and seat < len(room.seats) else None
        if info is not None and info.name == what["name"]:
            what["account"] = info.account_name
            what["address"] = info.address
        report = {"id": secrets.token_hex(6), "at": round(self.clock(), 3), "room": room.id, "room_name": room.name,
                  "page": f"/room/{room.id}", "phase": room.phase, "what": what, "reason": reason,
                  "by": {"name": reporter_name, "seat": reader, "spectator": spectator is not None,
                         "address": address_key(self.passes, who.address)}}
        await self.db.run(self.statements.add_report(report))
        return report

    async def reports(self, closed: bool = False, limit: int = 50) -> list[dict[str, Any]]:
        return await self.db.run(self.statements.reports(closed, limit))

    async def close_report(self, report_id: Any, by: str, note: Any = None) -> None:
        """Close an open report, with an administrator's note (RoomError 404: no open report)."""
        note = check_reason(note, required=False)
        closing = {"at": round(self.clock(), 3), "by": by, "note": note}
        if not isinstance(report_id, str) or len(report_id) > 32 or not await self.db.run(
                self.statements.close_report(report_id, closing)):
            shown = report_id[:20] if isinstance(report_id, str) else report_id
            raise RoomError(f"no open report {shown!r}", status=404, ja=f"未処理の通報 {shown!r} はありません")


def new_ban(kind: str, target: str, key: str, until: float, reason: str, author: str, label: str, now: float) -> Ban:
    """A ban checked: its kind, its target, a time to come, a reason of at most 300 characters."""
    check_kind(kind)
    check_target(target)
    if not key:
        raise RoomError("a ban names an account or an address", ja="禁止にはアカウントかアドレスが必要です")
    return Ban(secrets.token_hex(4), kind, target, key, label, check_until(until, now),
               check_reason(reason, required=False), author, now)


def no_ban(ban_id: Any) -> RoomError:
    shown = ban_id[:20] if isinstance(ban_id, str) else ban_id
    return RoomError(f"no ban {shown!r} in force", status=404, ja=f"有効な禁止 {shown!r} はありません")


def _reported_line(room: Any, reader: int | None, data: dict[str, Any]) -> dict[str, Any]:
    """The chat line a report points at, as the reporter reads it (RoomError when it is not there)."""
    channel, index, text = data.get("channel"), data.get("line"), data.get("text")
    channels, lines = room.lines(reader)
    key = channel if channel is not None else (channels[0].key if channels else None)
    found = lines.get(key) if isinstance(key, str) else None
    if found is None:
        raise RoomError(f"no chat channel {channel!r:.20} that you read: report a line of yours "
                        f"({', '.join(c.key for c in channels) or 'none'}) or a seat",
                        ja=f"あなたが読めるチャンネルではありません（{channel!r:.20}）")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(found) or (
            text is not None and found[index].text != text):
        raise RoomError(f"line must be the number (0–{len(found) - 1}) of a line you read in {key!r}, with its text: "
                        "reload the page and report it again",
                        ja=f"line は {key!r} であなたが読める発言の番号（0–{len(found) - 1}）と本文です。"
                           "ページを読み直してもう一度通報してください")
    line = found[index]
    return {"kind": "line", "seat": line.seat, "name": line.name, "channel": key, "line": index, "text": line.text,
            "said_in": line.phase}


# ---------------------------------------------------------- administration


def ban_command(store: Any, kind: str, target: str, value: str, until: float, reason: str = "",
                author: str = "jinrou admin") -> Ban:
    """Ban an account (by user name) or an address (an IP address, or a key a report shows) on the
    synchronous store, for ``jinrou admin ban``: the page's rules (:class:`BanOrder`, :func:`whom`)."""
    now = time.time()
    order = BanOrder.checked(kind, target, value, until, reason, now)
    key, label = store.run(whom(order.target, order.value, lambda ip: keyed(store.secret(), "address", ip)))
    return store.run(Statements().add_ban(new_ban(order.kind, order.target, key, order.until, order.reason, author,
                                                  label, now)))


def list_bans(store: Any, every: bool = False) -> list[Ban]:
    return store.run(Statements().bans(time.time(), every))


def lift_ban(store: Any, ban_id: str) -> None:
    if not store.run(Statements().lift(ban_id, time.time())):
        raise no_ban(ban_id)
