"""Accounts (アカウント): an optional user name and password, a login session, and who sat where.

Playing needs no account: a seat is a nickname and a token. A player who registers keeps a user
name across rooms and a record of his games (戦績: :meth:`Accounts.profile`, from a ``plays`` row
per signed-in seat of each finished game); in each room he still picks any nickname, and the
seat's ``joined`` event carries the account beside it. A room made with ``accounts_only`` seats
only signed-in players.

Passwords are hashed with scrypt (memory-hard: ``n=2**14, r=8`` takes 16 MiB and some tens of
milliseconds), salted, the parameters kept beside the hash so that they can be raised later; the
hashing runs on a two-thread pool, never on the event loop. A login is a random session token in an
``HttpOnly``, ``SameSite=Lax`` cookie (``Secure`` when the request came over TLS, directly or as a
proxy named at ``--proxy`` says with ``X-Forwarded-Proto``); the store keeps only its SHA-256.

Defences:

* **Cross-site requests.** Every POST to an account door, and every POST that carries the session
  cookie, must come from the server's own pages: a browser's ``Sec-Fetch-Site`` must be
  ``same-origin`` (or ``none``: typed by the user), else its ``Origin`` must name this host; a
  client that sends neither (not a browser) must send ``Content-Type: application/json``, which a
  cross-site HTML form cannot. The cookie is ``SameSite=Lax`` besides.
* **Guessing.** Per address: ten attempts at once then ten a minute (register, login, password
  change), two in flight, and twenty failed logins in :data:`WINDOW_SECONDS`; per account: five
  failed logins in that window, whatever their addresses. A refusal (429) says how long to wait.
  An unknown user name costs the same hash as a wrong password, and both get the same answer.
  These counts are kept in memory, per process.

Tables (in :data:`jinrou.server.store.SCHEMA`, SQLite and PostgreSQL alike)::

    accounts (key, name, hash, admin, created)    key: the name folded (look-alikes fold alike)
    sessions (token, account, created, expires)   token: SHA-256 of the cookie's; account: a key
    plays (room, seat, account, mode, role, team, result, sudden, at)   a signed-in seat's finished game
    sudden_marks (room, account, at)              a sudden death in a 完全覆面 room: the cooldown's, no profile's
    account_titles (account, title)               the 称号 an account shows (see :mod:`jinrou.server.titles`)
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

from jinrou import modes
from jinrou.modes import CastEstimate, SettingsError, Standing, cast_estimate
from jinrou.server import titles
from jinrou.server.errors import RoomError
from jinrou.server.guard import ServerLimits
from jinrou.server.moderation import ACCOUNT_NAME, Words, check_line
from jinrou.server.names import skeleton
from jinrou.server.store import Op

COOKIE = "jinrou_session"
SESSION_SECONDS = 30 * 86_400.0
"""How long a login lasts (30 days)."""
NAME_LIMIT = 20
NAME = re.compile(r"[\w.-]{2,20}")
"""A user name: 2–20 letters (any script), digits, ``_``, ``-`` and ``.``."""
PASSWORD_MIN, PASSWORD_MAX = 8, 128
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
WINDOW_SECONDS = 900.0
"""The window in which failed logins are counted (15 minutes)."""
ACCOUNT_FAILURES = 5
"""Failed logins an account may have in the window, from any addresses."""
ADDRESS_FAILURES = 20
"""Failed logins an address may have in the window, whatever the accounts."""
ADDRESS_BURST, ADDRESS_PER_MINUTE = 10, 10.0
"""Password attempts (register, login, change) an address may make at once, then a minute."""
IN_FLIGHT = 2
"""Passwords of one address hashed at once."""
RESULTS = ("win", "loss", "draw")
EVERYONE_SECONDS = 60.0
"""How long every account's games per cast are kept before they are counted again."""
T = TypeVar("T")


# ------------------------------------------------------------------ values


@dataclass(frozen=True)
class Account:
    """A signed-up player: ``key`` is his folded name (what makes two names the same), ``name`` as
    he spelled it."""

    key: str
    name: str
    admin: bool
    created: float
    title: str | None = None
    """The key of the 称号 he chose to show (None: none)."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "admin": self.admin, "since": round(self.created), "title": titles.shown(self.title)}


def check_account_name(name: Any) -> str:
    """A user name (NFKC-normalised), or RoomError saying what one is."""
    if isinstance(name, str):
        name = unicodedata.normalize("NFKC", name.strip())
        if NAME.fullmatch(name) and name.isprintable() and skeleton(name):
            return name
    shown = f"{name[:20]!r}" if isinstance(name, str) else type(name).__name__
    raise RoomError(f"a user name is 2–20 letters, digits, _, - and . (no spaces), not {shown}",
                    ja=f"ユーザー名は文字・数字・_・-・. の2〜20字です（空白なし）: {shown}")


def name_key(name: str) -> str:
    """The key of a user name: look-alike names (``Ann``, ``ANN``, Cyrillic ``Аnn``) share one."""
    return skeleton(name)


def check_new_password(password: Any, name: str) -> str:
    """A new password: 8–128 characters, not the user name (RoomError otherwise)."""
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise RoomError(f"a password is {PASSWORD_MIN}–{PASSWORD_MAX} characters",
                        ja=f"パスワードは{PASSWORD_MIN}〜{PASSWORD_MAX}文字です")
    if name_key(password) == name_key(name):
        raise RoomError("a password must not be the user name", ja="パスワードにユーザー名は使えません")
    return password


def hash_password(password: str, salt: bytes | None = None, n: int = SCRYPT_N, r: int = SCRYPT_R,
                  p: int = SCRYPT_P) -> str:
    """``scrypt$n$r$p$salt$digest`` (hex): slow on purpose — run it off the event loop."""
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, maxmem=256 * n * r, dklen=32)
    return f"scrypt${n}${r}${p}${salt.hex()}${digest.hex()}"


def password_matches(password: str, stored: str) -> bool:
    """Whether ``password`` hashes to ``stored`` (with the parameters stored beside it)."""
    kind, n, r, p, salt, _ = stored.split("$")
    assert kind == "scrypt", f"unknown password hash {kind!r}"
    return hmac.compare_digest(hash_password(password, bytes.fromhex(salt), int(n), int(r), int(p)), stored)


_DECOY = hash_password(secrets.token_hex(8))
"""Hashed against when the user name is unknown: the answer takes as long as a wrong password's."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# ----------------------------------------------------------------- the SQL


class Statements:
    """The SQL of the accounts (both databases share it; ``?`` placeholders)."""

    def create(self, account: Account, hashed: str) -> Op[bool]:
        return Op(((("INSERT INTO accounts (key, name, hash, admin, created) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (key) DO NOTHING RETURNING key"),
                    (account.key, account.name, hashed, int(account.admin), account.created)),),
                  lambda rows: bool(rows))

    def account(self, key: str) -> Op[tuple[Account, str] | None]:
        """The account and its password hash."""
        return Op((("SELECT key, name, admin, created, hash FROM accounts WHERE key = ?", (key,)),),
                  lambda rows: (Account(rows[0][0], rows[0][1], bool(rows[0][2]), rows[0][3]), rows[0][4])
                  if rows else None)

    def set_password(self, key: str, hashed: str, admin: bool | None = None) -> Op[bool]:
        parameters: tuple
        sql, parameters = "UPDATE accounts SET hash = ? WHERE key = ? RETURNING key", (hashed, key)
        if admin is not None:
            sql, parameters = "UPDATE accounts SET hash = ?, admin = ? WHERE key = ? RETURNING key", (
                hashed, int(admin), key)
        return Op(((sql, parameters),), lambda rows: bool(rows))

    def open_session(self, token: str, key: str, now: float) -> Op[None]:
        return Op((("DELETE FROM sessions WHERE account = ? AND expires <= ?", (key, now)),
                   ("INSERT INTO sessions (token, account, created, expires) VALUES (?, ?, ?, ?)",
                    (hash_token(token), key, now, now + SESSION_SECONDS))), lambda rows: None)

    def session(self, token: str, now: float) -> Op[Account | None]:
        return Op(((("SELECT a.key, a.name, a.admin, a.created, t.title FROM sessions s JOIN accounts a ON a.key = "
                     "s.account LEFT JOIN account_titles t ON t.account = a.key WHERE s.token = ? AND s.expires > ?"),
                    (hash_token(token), now)),),
                  lambda rows: Account(rows[0][0], rows[0][1], bool(rows[0][2]), rows[0][3], rows[0][4])
                  if rows else None)

    def set_title(self, key: str, title: str | None) -> Op[None]:
        """The 称号 the account shows (None: none)."""
        if title is None:
            return Op((("DELETE FROM account_titles WHERE account = ?", (key,)),), lambda rows: None)
        return Op(((("INSERT INTO account_titles (account, title) VALUES (?, ?) "
                    "ON CONFLICT (account) DO UPDATE SET title = excluded.title"), (key, title)),), lambda rows: None)

    def title(self, key: str) -> Op[str | None]:
        return Op((("SELECT title FROM account_titles WHERE account = ?", (key,)),),
                  lambda rows: rows[0][0] if rows else None)

    def close_session(self, token: str) -> Op[None]:
        return Op((("DELETE FROM sessions WHERE token = ?", (hash_token(token),)),), lambda rows: None)

    def close_sessions(self, key: str, but: str | None = None) -> Op[None]:
        """Every session of the account (``but`` one: the token kept)."""
        return Op((("DELETE FROM sessions WHERE account = ? AND token <> ?",
                    (key, hash_token(but) if but else "")),), lambda rows: None)


    def record_plays(self, room: str, mode: str, plays: list[tuple[int, str, Standing]], at: float) -> Op[None]:
        """A finished room's signed-in seats (seat, account key, standing); written once (a room
        finished again after a restart changes nothing)."""
        return Op(tuple((("INSERT INTO plays (room, seat, account, mode, role, team, result, sudden, at) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (room, seat) DO NOTHING"),
                         (room, seat, key, mode, s.role, s.team, s.result, int(s.sudden), at))
                        for seat, key, s in plays), lambda rows: None)

    def tally(self, key: str) -> Op[list[tuple]]:
        """An account's games counted by mode, role, team, result and sudden death."""
        return Op(((("SELECT mode, role, team, result, sudden, COUNT(*) FROM plays WHERE account = ? "
                    "GROUP BY mode, role, team, result, sudden"), (key,)),), lambda rows: rows)

    def record_sudden(self, room: str, keys: list[str], at: float) -> Op[None]:
        """The accounts that died a sudden death in a finished room whose names are never shown (完全覆面): kept
        for the cooldown alone, where no profile reads them; written once."""
        return Op(tuple((("INSERT INTO sudden_marks (room, account, at) VALUES (?, ?, ?) "
                          "ON CONFLICT (room, account) DO NOTHING"), (room, key, at)) for key in keys), lambda rows: None)

    def sudden_deaths(self, key: str, since: float) -> Op[list[float]]:
        """When the account's games with a sudden death ended, since ``since``, the earliest first (完全覆面's
        marks too)."""
        return Op(((("SELECT at FROM plays WHERE account = ? AND sudden = 1 AND at > ? "
                     "UNION ALL SELECT at FROM sudden_marks WHERE account = ? AND at > ? ORDER BY at"),
                    (key, since, key, since)),),
                  lambda rows: [row[0] for row in rows])

    def record(self, key: str) -> Op[list[tuple]]:
        """An account's games counted by mode, role, team, result, sudden death, cast and seats (the
        cast and seats: the history's, None for a game it does not list): :meth:`tally`'s rows and
        :meth:`cast_tally`'s in one query, for the profile."""
        return Op(((("SELECT p.mode, p.role, p.team, p.result, p.sudden, g.preset, g.seats, COUNT(*) FROM plays p "
                     "LEFT JOIN games g ON g.room = p.room WHERE p.account = ? "
                     "GROUP BY p.mode, p.role, p.team, p.result, p.sudden, g.preset, g.seats"), (key,)),),
                  lambda rows: rows)

    def cast_tally(self, key: str | None) -> Op[list[tuple]]:
        """Games counted by mode, cast (the history's preset key), seats, team and result: an
        account's (``key``), or every account's (None). A game the history does not list (a private
        room's) has no cast here."""
        where, parameters = ("WHERE p.account = ? ", (key,)) if key is not None else ("", ())
        return Op(((("SELECT g.mode, g.preset, g.seats, p.team, p.result, COUNT(*) FROM plays p "
                     f"JOIN games g ON g.room = p.room {where}GROUP BY g.mode, g.preset, g.seats, p.team, p.result"),
                    parameters),), lambda rows: rows)

    def plays(self, key: str, offset: int, limit: int) -> Op[list[tuple]]:
        """An account's games, the latest first."""
        return Op(((("SELECT room, seat, mode, role, team, result, sudden, at FROM plays WHERE account = ? "
                    "ORDER BY at DESC, room LIMIT ? OFFSET ?"), (key, limit, offset)),), lambda rows: rows)


class Runner(Protocol):
    async def run(self, op: Op[T]) -> T: ...


# ------------------------------------------------------------------- limits


@dataclass
class Throttle:
    """Who may try a password now: failures counted per account and per address in a sliding
    window, attempts per address in a token bucket; ``clock`` is injected (tests move it)."""

    clock: Callable[[], float] = time.monotonic
    size: int = 10_000
    """Keys remembered of each kind (the least recently used forgotten beyond)."""

    def __post_init__(self) -> None:
        self._failures: dict[str, OrderedDict[str, deque[float]]] = {"account": OrderedDict(), "address": OrderedDict()}
        self._attempts: OrderedDict[str, tuple[float, float]] = OrderedDict()  # address → (tokens, at)

    def attempt(self, address: str) -> None:
        """One more password attempt from ``address`` (RoomError 429 beyond its rate)."""
        now = self.clock()
        tokens, at = self._attempts.pop(address, (float(ADDRESS_BURST), now))
        tokens = min(float(ADDRESS_BURST), tokens + (now - at) * ADDRESS_PER_MINUTE / 60)
        if tokens < 1:
            self._attempts[address] = (tokens, now)
            wait = (1 - tokens) * 60 / ADDRESS_PER_MINUTE
            raise RoomError(f"too many password attempts from your address: wait {_seconds(wait)}", status=429,
                            ja=f"あなたのアドレスからのパスワードの試行が多すぎます。{_seconds_ja(wait)}待ってください")
        self._attempts[address] = (tokens - 1, now)
        self._trim(self._attempts)

    def may_log_in(self, key: str, address: str) -> None:
        """RoomError 429 when the account or the address has failed too often in the window."""
        for kind, who, most in (("account", key, ACCOUNT_FAILURES), ("address", address, ADDRESS_FAILURES)):
            failures = self._recent(kind, who)
            if len(failures) >= most:
                wait = failures[0] + WINDOW_SECONDS - self.clock()
                if kind == "account":
                    raise RoomError(f"too many failed logins to this account: try again in {_seconds(wait)}",
                                    status=429, ja=f"このアカウントへのログイン失敗が多すぎます。{_seconds_ja(wait)}後にどうぞ")
                raise RoomError(f"too many failed logins from your address: try again in {_seconds(wait)}", status=429,
                                ja=f"あなたのアドレスからのログイン失敗が多すぎます。{_seconds_ja(wait)}後にどうぞ")

    def failed(self, key: str, address: str) -> None:
        now = self.clock()
        for kind, who in (("account", key), ("address", address)):
            self._recent(kind, who).append(now)
            self._trim(self._failures[kind])

    def succeeded(self, key: str) -> None:
        """A right password clears the account's failures (not the address's)."""
        self._failures["account"].pop(key, None)

    def _recent(self, kind: str, who: str) -> deque[float]:
        table = self._failures[kind]
        failures = table.pop(who, None) or deque()
        table[who] = failures
        while failures and failures[0] <= self.clock() - WINDOW_SECONDS:
            failures.popleft()
        return failures

    def _trim(self, table: OrderedDict) -> None:
        while len(table) > self.size:
            table.popitem(last=False)


def _seconds(seconds: float) -> str:
    seconds = max(1, round(seconds))
    if seconds >= 7200:
        return f"{round(seconds / 3600)} hours"
    return f"{seconds} seconds" if seconds < 120 else f"{round(seconds / 60)} minutes"


def _seconds_ja(seconds: float) -> str:
    seconds = max(1, round(seconds))
    if seconds >= 7200:
        return f"{round(seconds / 3600)}時間"
    return f"{seconds}秒" if seconds < 120 else f"{round(seconds / 60)}分"


# --------------------------------------------------------------- the service


class Accounts:
    """Registering, logging in and out, sessions: the store reached through ``db`` (awaited), the
    hashing on a pool of its own; ``clock`` is the wall clock of sessions (Unix time)."""

    def __init__(self, db: Runner, workers: int = 2, clock: Callable[[], float] = time.time,
                 throttle: Throttle | None = None, limits: ServerLimits | None = None, words: Words | None = None):
        self.db, self.clock = db, clock
        self.words = words or Words()  # the server's list: an account's name is shown beside its nicknames
        self.limits = limits or ServerLimits()
        self.statements = Statements()
        self.throttle = throttle or Throttle()
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="jinrou-scrypt")
        self._busy: dict[str, int] = {}
        self._everyone: tuple[float, dict[CastKey, dict[str, int]]] | None = None

    async def _hashed(self, address: str, work: Callable[..., T], *args: Any) -> T:
        """``work`` on the pool, counted against ``address``'s attempts."""
        if self._busy.get(address, 0) >= IN_FLIGHT:
            raise RoomError("passwords of yours are being checked: wait for their answer", status=429,
                            ja="パスワードを確認中です。結果を待ってください")
        self.throttle.attempt(address)
        self._busy[address] = self._busy.get(address, 0) + 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        finally:
            self._busy[address] -= 1
            if not self._busy[address]:
                del self._busy[address]

    async def register(self, name: Any, password: Any, address: str) -> tuple[Account, str]:
        """A new account, signed in: it and its session token (RoomError 400 for a name taken)."""
        name = check_account_name(name)
        check_line(name, self.words, (), ACCOUNT_NAME)
        password = check_new_password(password, name)
        account = Account(name_key(name), name, False, self.clock())
        if await self.db.run(self.statements.account(account.key)) is not None:  # before the slow hash
            raise _taken(name)
        hashed = await self._hashed(address, hash_password, password)
        if not await self.db.run(self.statements.create(account, hashed)):
            raise _taken(name)
        return account, await self._open(account)

    async def login(self, name: Any, password: Any, address: str) -> tuple[Account, str]:
        """The account and a new session token (RoomError 403 for a wrong name or password, the
        same answer for both; 429 when throttled)."""
        if not isinstance(name, str) or not isinstance(password, str) or not name or not password:
            raise RoomError("log in with {\"name\": user name, \"password\": password}",
                            ja="ログインには {\"name\": ユーザー名, \"password\": パスワード} を送ってください")
        if len(name) > 4 * NAME_LIMIT or len(password) > PASSWORD_MAX:
            raise _wrong()
        key = name_key(unicodedata.normalize("NFKC", name.strip()))
        self.throttle.may_log_in(key, address)
        found = await self.db.run(self.statements.account(key))
        right = await self._hashed(address, password_matches, password, found[1] if found else _DECOY)
        if found is None or not right:
            self.throttle.failed(key, address)
            raise _wrong()
        self.throttle.succeeded(key)
        return found[0], await self._open(found[0])

    async def logout(self, token: str | None) -> None:
        if token:
            await self.db.run(self.statements.close_session(token))

    async def session(self, token: str | None) -> Account | None:
        """The account a session token opens (None: no token, or an unknown or expired one)."""
        if not token or len(token) > 100:
            return None
        return await self.db.run(self.statements.session(token, self.clock()))

    async def change_password(self, account: Account, old: Any, new: Any, token: str, address: str) -> None:
        """A new password (the old one checked, throttled like a login); every other session ends."""
        new = check_new_password(new, account.name)
        if not isinstance(old, str) or len(old) > PASSWORD_MAX:
            raise RoomError("send the old password as \"old\" and the new one as \"new\"",
                            ja="今のパスワードを \"old\"、新しいパスワードを \"new\" に入れてください")
        self.throttle.may_log_in(account.key, address)
        found = await self.db.run(self.statements.account(account.key))
        if found is None or not await self._hashed(address, password_matches, old, found[1]):
            self.throttle.failed(account.key, address)
            raise RoomError("wrong password", status=403, ja="パスワードが違います")
        hashed = await self._hashed(address, hash_password, new)
        await self.db.run(self.statements.set_password(account.key, hashed))
        await self.db.run(self.statements.close_sessions(account.key, but=token))

    async def profile(self, name: str, offset: int = 0, limit: int = 50) -> dict[str, Any]:
        """A player's public profile: his 戦績 — games per mode, wins, losses, draws and sudden
        deaths (突然死) per role and per team —, his games, the latest first (``offset``,
        ``limit``), each with its room's page, the 称号 he shows and every title with his progress
        towards it. RoomError 404: no such player."""
        found = None
        if isinstance(name, str) and len(name) <= 4 * NAME_LIMIT:
            found = await self.db.run(self.statements.account(name_key(unicodedata.normalize("NFKC", name.strip()))))
        if found is None:
            shown = name[:20] if isinstance(name, str) else name
            raise RoomError(f"no player {shown!r}", status=404, ja=f"プレイヤー {shown!r} はいません")
        account = found[0]
        record = await self.db.run(self.statements.record(account.key))
        summed: dict[tuple, int] = {}
        per_cast: dict[tuple, int] = {}
        for mode, role, team, result, sudden, cast, seats, count in record:
            summed[(mode, role, team, result, sudden)] = summed.get((mode, role, team, result, sudden), 0) + count
            if cast is not None:
                per_cast[(mode, cast, seats, team, result)] = per_cast.get((mode, cast, seats, team, result), 0) + count
        tally = [(*key, count) for key, count in summed.items()]
        chosen = await self.db.run(self.statements.title(account.key))
        modes: dict[str, int] = {}
        roles: dict[tuple[str, str | None], dict[str, int]] = {}
        teams: dict[tuple[str, str | None], dict[str, int]] = {}
        for mode, role, team, result, sudden, count in tally:
            modes[mode] = modes.get(mode, 0) + count
            for table, what in ((roles, role), (teams, team)):
                line = table.setdefault((mode, what), {"games": 0, **dict.fromkeys(RESULTS, 0), "sudden": 0})
                line["games"] += count
                line[result] += count
                line["sudden"] += count if sudden else 0
        games = [{"room": room, "page": f"/room/{room}", "seat": seat, "mode": mode, "role": role, "team": team,
                  "result": result, "sudden": bool(sudden), "at": round(at)}
                 for room, seat, mode, role, team, result, sudden, at in
                 await self.db.run(self.statements.plays(account.key, offset, limit))]
        casts = cast_lines([(*key, count) for key, count in per_cast.items()], await self.everyone())
        return {"name": account.name, "since": round(account.created), "games": sum(modes.values()),
                "modes": dict(sorted(modes.items())),
                "roles": [{"mode": m, "role": r, **line} for (m, r), line in sorted(roles.items(), key=_order)],
                "teams": [{"mode": m, "team": t, **line} for (m, t), line in sorted(teams.items(), key=_order)],
                "casts": casts, "rooms": games, "title": titles.shown(chosen),
                "titles": titles.progress(titles.wins_by_role(tally))}

    async def everyone(self) -> dict[tuple[str, str, int, str | None], dict[str, int]]:
        """Every account's games per (mode, cast, seats, team), counted again at most every
        :data:`EVERYONE_SECONDS` (a profile reads them; one count for all the profiles meanwhile)."""
        now = self.clock()
        if self._everyone is None or now - self._everyone[0] >= EVERYONE_SECONDS:
            self._everyone = (now, _counted(await self.db.run(self.statements.cast_tally(None))))
        return self._everyone[1]

    async def casts(self) -> list[dict[str, Any]]:
        """Every account's win rates per cast, seats and team beside the bots' (``GET /api/casts``)."""
        everyone = await self.everyone()
        return [_cast_line(key, line, None) for key, line in sorted(everyone.items(), key=_cast_order(everyone))]

    async def choose_title(self, account: Account, key: Any) -> dict[str, Any] | None:
        """Show the 称号 ``key`` beside the account's nicknames in the rooms it joins from now on
        (None: show none); RoomError 400 for an unknown title or one not earned (nothing changed)."""
        tally = await self.db.run(self.statements.tally(account.key))
        title = titles.check_choice(key, titles.wins_by_role(tally))
        await self.db.run(self.statements.set_title(account.key, None if title is None else title.key))
        return None if title is None else titles.to_json(title)

    async def barred_until(self, key: str) -> float | None:
        """Until when the account may not take a seat, for its sudden deaths (None: it may)."""
        limits, now = self.limits, self.clock()
        since = now - limits.sudden_window_seconds - limits.sudden_cooldown_seconds
        until = cooldown_until(await self.db.run(self.statements.sudden_deaths(key, since)), limits.sudden_deaths,
                               limits.sudden_window_seconds, limits.sudden_cooldown_seconds)
        return until if until is not None and until > now else None

    async def barred(self, key: str) -> bool:
        return await self.barred_until(key) is not None

    async def may_sit(self, key: str | None) -> None:
        """RoomError 403 when the account ``key`` may not take a seat now (a cooldown for sudden
        deaths: :func:`cooldown_until`); nothing for a player without an account."""
        until = None if key is None else await self.barred_until(key)
        if until is not None:
            limits, wait = self.limits, until - self.clock()
            days = limits.sudden_window_seconds / 86_400
            raise RoomError(f"your account may not take a seat for {_seconds(wait)} more: {limits.sudden_deaths} sudden "
                            f"deaths (突然死) within {days:g} days", status=403,
                            ja=f"あなたのアカウントはあと{_seconds_ja(wait)}着席できません: {days:g}日以内に突然死が"
                               f"{limits.sudden_deaths}回ありました")

    async def _open(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        await self.db.run(self.statements.open_session(token, account.key, self.clock()))
        return token

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def cooldown_until(times: list[float], count: int, window: float, cooldown: float) -> float | None:
    """The end of an account's cooldown, from the times of its sudden deaths (the earliest first):
    each one that makes ``count`` within ``window`` (it included) bars the account for ``cooldown``
    from it (None: none did).

    >>> cooldown_until([0.0, 100.0, 5000.0], 2, 1000.0, 60.0), cooldown_until([0.0, 5000.0], 2, 1000.0, 60.0)
    (160.0, None)
    """
    until = None
    for i in range(count - 1, len(times)):
        if times[i] - times[i - count + 1] <= window:
            until = times[i] + cooldown if until is None else max(until, times[i] + cooldown)
    return until

CastKey = tuple[str, str, int, str | None]
"""(mode, cast, seats, team): the cast is the preset key the history lists a game by."""


def _counted(rows: list[tuple]) -> dict[CastKey, dict[str, int]]:
    counted: dict[CastKey, dict[str, int]] = {}
    for mode, cast, seats, team, result, count in rows:
        line = counted.setdefault((mode, cast, seats, team), {"games": 0, **dict.fromkeys(RESULTS, 0)})
        line["games"] += count
        line[result] += count
    return counted


def cast_lines(rows: list[tuple], everyone: dict[CastKey, dict[str, int]] | None = None) -> list[dict[str, Any]]:
    """An account's games per cast, seats and team (``rows``: :meth:`Statements.cast_tally`'s), each
    with every account's (``everyone``) and the bots' estimate: the counts only — a rate is wins /
    games, made a percentage by the page."""
    counted = _counted(rows)
    return [_cast_line(key, line, everyone) for key, line in sorted(counted.items(), key=_cast_order(counted))]


def _cast_order(counted: dict[CastKey, dict[str, int]]) -> Callable[[tuple[CastKey, dict[str, int]]], tuple]:
    """Within each mode, the casts most played first (then by seats), their teams most played first."""
    per_cast: dict[tuple[str, str, int], int] = {}
    for (mode, cast, seats, _), line in counted.items():
        per_cast[(mode, cast, seats)] = per_cast.get((mode, cast, seats), 0) + line["games"]
    return lambda item: (item[0][0], -per_cast[item[0][:3]], item[0][1], item[0][2], -item[1]["games"], item[0][3] or "")


def _cast_line(key: CastKey, line: dict[str, int], everyone: dict[CastKey, dict[str, int]] | None) -> dict[str, Any]:
    mode_name, cast, seats, team = key
    about = _estimate(mode_name, cast, seats)
    bots = None
    if about.bots is not None:
        won, seated = about.bots.get(team or "", (0, 0))
        bots = {"win": won, "seats": seated}
    words = about.teams.get(team or "")
    found: dict[str, Any] = {"mode": mode_name, "cast": cast, "seats": seats,
                             "label": {"en": about.label[0], "ja": about.label[1]}, "team": team,
                             "team_label": None if words is None else {"en": words[0], "ja": words[1]}, **line}
    if everyone is not None:
        found["everyone"] = everyone.get(key, {"games": 0, **dict.fromkeys(RESULTS, 0)})
    found["bots"] = bots
    return found


def _estimate(mode_name: str, cast: str, seats: int) -> CastEstimate:
    """The mode's words and estimate of a cast (its key as its words for a mode no longer served)."""
    try:
        mode = modes.get(mode_name)
    except SettingsError:
        return CastEstimate((cast, cast))
    return cast_estimate(mode, cast, seats)


def _order(item: tuple[tuple[str, str | None], dict[str, int]]) -> tuple[str, int, str]:
    """Most played first, within each mode."""
    (mode, what), line = item
    return mode, -line["games"], what or ""


def _taken(name: str) -> RoomError:
    return RoomError(f"the user name {name!r} is taken (or looks like one that is): choose another",
                     ja=f"ユーザー名 {name!r} は使われています（または似た名前があります）。別の名前にしてください")


def _wrong() -> RoomError:
    return RoomError("wrong user name or password", status=403, ja="ユーザー名かパスワードが違います")


# ------------------------------------------------------------ cross-site


def check_same_origin(headers: Any, forwarded_host: bool = False) -> None:
    """RoomError 403 unless a writing request comes from this server's own pages (see the module):
    ``headers`` are the request's; ``forwarded_host``: a proxy's ``X-Forwarded-Host`` names this
    host too (the app trusts it only with ``--proxy``)."""
    site = headers.get("sec-fetch-site")
    origin = headers.get("origin")
    if site is not None:
        if site in ("same-origin", "none"):
            return
        raise _cross_site(f"Sec-Fetch-Site {site[:20]!r}")
    if origin is not None:
        hosts = {headers.get("host", "")}
        if forwarded_host and headers.get("x-forwarded-host"):
            hosts.add(headers["x-forwarded-host"].split(",")[0].strip())
        try:
            netloc = urlsplit(origin).netloc if origin != "null" else None
        except ValueError:
            netloc = None
        if netloc and netloc in hosts:
            return
        raise _cross_site(f"Origin {origin[:60]!r}")
    if headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise RoomError("send this request as JSON (Content-Type: application/json)", status=403,
                        ja="このリクエストは JSON（Content-Type: application/json）で送ってください")


def _cross_site(what: str) -> RoomError:
    return RoomError(f"a request from another site is refused ({what}): use this server's own pages", status=403,
                     ja=f"他のサイトからのリクエストは受け付けません（{what}）。このサーバーのページからどうぞ")


# ------------------------------------------------------------ administration


def create_admin(store: Any, name: str, password: str) -> Account:
    """An administrator account (an existing account of that name becomes one, with this password):
    for ``jinrou admin`` on the synchronous store."""
    name = check_account_name(name)
    password = check_new_password(password, name)
    statements = Statements()
    account = Account(name_key(name), name, True, time.time())
    hashed = hash_password(password)
    if not store.run(statements.create(account, hashed)):
        store.run(statements.set_password(account.key, hashed, admin=True))
        store.run(statements.close_sessions(account.key))
        found = store.run(statements.account(account.key))
        assert found is not None
        account = found[0]
    return account


def reset_password(store: Any, name: str, password: str) -> Account:
    """Set an account's password and end its sessions (RoomError 404: no such account)."""
    statements = Statements()
    found = store.run(statements.account(name_key(unicodedata.normalize("NFKC", name.strip()))))
    if found is None:
        raise RoomError(f"no account {name[:20]!r}", status=404, ja=f"アカウント {name[:20]!r} はありません")
    account = found[0]
    store.run(statements.set_password(account.key, hash_password(check_new_password(password, account.name))))
    store.run(statements.close_sessions(account.key))
    return account


# ------------------------------------------------------------------- seats


def check_account_seat(room: Any, account: Account | None) -> dict[str, str]:
    """What a ``joined`` event records of the account taking a seat in ``room`` (nothing for a
    player not signed in), or RoomError: an accounts-only room without an account (401), an account
    seated there already (400)."""
    if account is None:
        if room.settings.get("accounts_only"):
            raise RoomError("this room seats signed-in players only: log in or register first", status=401,
                            ja="この部屋はログインした人だけが座れます。先にログインか登録をしてください")
        return {}
    for seat, info in enumerate([*room.seats, *getattr(room, "entrants", ())]):  # and a person waiting for his seat
        if info is not None and info.account == account.key:
            raise RoomError(f"your account sits in this room already (seat {seat}): one seat an account",
                            ja=f"あなたのアカウントはこの部屋にすでに座っています（席 {seat}）。1アカウント1席です")
    return {"account": account.key, "account_name": account.name, **({"title": account.title} if account.title else {})}


def standings(room: Any) -> list[tuple[int, str, Standing]]:
    """The signed-in seats of a finished ``room`` and how each ended: the mode's ``standings``
    where it has them, else won or lost off its result (a result without winners: a draw)."""
    said = getattr(room.mode, "standings", None)
    found = said(room.state) if said is not None else None
    if found is None:
        result = room.mode.result(room.state)
        if result is None:
            return []
        found = tuple(Standing(None, None, "draw" if not result.winners else "win" if s in result.winners else "loss")
                      for s in range(len(room.seats)))
    return [(seat, info.account, standing) for seat, info in enumerate(room.seats)
            if info is not None and info.account is not None and seat < len(found)
            and (standing := found[seat]) is not None]  # None: the seat played no role (a game master)


async def record_plays(db: Runner, room: Any) -> None:
    """Keep the signed-in seats' standings of a finished ``room`` (nothing when none is signed in). A room whose
    names are never shown (完全覆面) keeps none — a profile lists its games with the seat played, which would tell
    who wore each mask —, only its sudden deaths, which the cooldown counts all the same."""
    plays = standings(room)
    if plays and room.masks_kept:
        sudden = [key for _, key, standing in plays if standing.sudden]
        if sudden:
            await db.run(Statements().record_sudden(room.id, sudden, room.touched))
    elif plays:
        await db.run(Statements().record_plays(room.id, room.mode.name, plays, room.touched))
