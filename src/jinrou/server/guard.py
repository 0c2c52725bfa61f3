"""What stands between the network and the rooms: request bodies, JSON, rates and slow work.

Every request body is read with a limit — refused by its ``Content-Length`` before anything is
read, and counted while it streams, so an oversized body is never buffered. JSON is strict: UTF-8,
at most :data:`MAX_DEPTH` levels of nesting, no lone surrogates (``"\\ud800"`` cannot be stored or
hashed), whole numbers of at most :data:`~jinrou.digits.MOST_DIGITS` digits (Python's ``int`` of a
few thousand digits raises, and is slow well before), no ``NaN`` or ``Infinity`` (no field takes
them, and they are not JSON). Rates are token buckets (:class:`Bucket`), kept per seat, per connection and per address.
Password hashing (PBKDF2, tens of milliseconds) runs in a small thread pool, never on the event
loop, and an address may have only a few guesses in flight and a few a minute.

Every refusal is a :class:`~jinrou.server.rooms.RoomError` with a status (400, 413, 429) and a
message that says what is allowed.

An *address* is counted as :func:`address_unit` makes it: an IPv6 client as his /64 network, since a
device takes new IPv6 addresses in its network at will (privacy addresses) — counted one by one, they
would let one person past every per-address limit, kick and ban.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from jinrou.digits import MOST_DIGITS, whole_number
from jinrou.errors import JinrouError
from jinrou.server.errors import RoomError

IPV6_UNIT = 64
"""The prefix length of an IPv6 client's network, counted as one address (a household's or a machine's:
an IPv6 subnet is a /64)."""

MAX_BODY = 16_384
"""Bytes in a request body or a WebSocket message."""
MAX_DEPTH = 16
"""Levels of nesting in a JSON request (the deepest the API uses is three)."""
SURROGATE = re.compile("[\ud800-\udfff]")
T = TypeVar("T")


def address_unit(address: str) -> str:
    """An address as every per-address limit, kick and ban counts it: an IPv4 address (an IPv4-mapped IPv6
    one as its IPv4), an IPv6 address as its /64 network (``2001:db8:1:2::/64``), a network already made so
    as it is (a process of the cluster forwards the unit), anything else (no peer address) as given."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        try:
            return str(ipaddress.ip_network(address))
        except ValueError:
            return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> (128 - IPV6_UNIT) << (128 - IPV6_UNIT), IPV6_UNIT)))
    return str(ip)


# --------------------------------------------------------------- bodies and JSON


async def read_limited(length: str | None, stream: AsyncIterator[bytes], limit: int = MAX_BODY) -> bytes:
    """The body, or RoomError 413 as soon as it is known to be over ``limit`` bytes: from the
    ``Content-Length`` header before reading, or while counting the streamed chunks."""
    if length is not None:
        size = whole_number(length)
        if size is None:
            raise RoomError(f"Content-Length must be a number of bytes, not {length[:40]!r}")
        if size > limit:
            raise RoomError("request too large", status=413)
    chunks, size = [], 0
    async for chunk in stream:
        size += len(chunk)
        if size > limit:
            raise RoomError("request too large", status=413)
        chunks.append(chunk)
    return b"".join(chunks)


def parse_json(raw: bytes | str, what: str = "the request body", most_digits: int = MOST_DIGITS) -> Any:
    """Strict JSON: UTF-8, at most MAX_DEPTH levels, no lone surrogates, whole numbers of at most
    ``most_digits`` digits (a record's 63-bit seed has 19), finite numbers only (RoomError 400 otherwise)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RoomError(f"{what} must be UTF-8 text (a bad byte at {error.start})") from None

    def whole(text: str) -> int:
        if len(text.lstrip("-")) > most_digits:
            raise RoomError(f"{what} holds a number of {len(text.lstrip('-'))} digits: numbers have at most "
                            f"{most_digits}")
        return int(text)

    def fraction(text: str) -> float:
        value = float(text)
        if len(text) > 40 or value in (float("inf"), float("-inf")):
            raise RoomError(f"{what} holds the number {text[:20]}…: numbers are finite and at most 40 characters")
        return value

    def constant(name: str) -> Any:
        raise RoomError(f"{what} holds {name}, which is not JSON: numbers are finite")

    try:
        data = json.loads(raw or "{}", parse_int=whole, parse_float=fraction, parse_constant=constant)
    except (json.JSONDecodeError, RecursionError):
        raise RoomError(f"{what} must be JSON") from None
    check_json(data, what)
    return data


def check_json(data: Any, what: str) -> None:
    """Walk ``data`` without recursion: nesting depth and lone surrogates in keys and strings."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if SURROGATE.search(value):
                raise RoomError(f"{what} holds a lone surrogate (\\ud800–\\udfff): text must be valid Unicode")
        elif isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise RoomError(f"{what} is nested deeper than {MAX_DEPTH} levels")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                stack.append((key, depth))
                stack.append((item, depth + 1))


def json_object(data: Any, what: str = "the request body") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RoomError(f"{what} must be a JSON object")
    return data


# -------------------------------------------------------------------- rates


@dataclass
class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second."""

    rate: float
    burst: float
    tokens: float = -1.0
    at: float = 0.0

    def take(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens, self.at = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Limits:
    """Token buckets by key (a seat, a connection, an address), the least recently used forgotten
    beyond ``size`` keys so that memory stays bounded."""

    rate: float
    burst: float
    message: str
    size: int = 10_000
    ja: str | None = None  # the message in Japanese
    clock: Callable[[], float] = time.monotonic
    _buckets: OrderedDict[Any, Bucket] = field(default_factory=OrderedDict)

    def check(self, key: Any) -> None:
        """RoomError 429 when ``key`` is over its rate."""
        bucket = self._buckets.pop(key, None) or Bucket(self.rate, self.burst)
        self._buckets[key] = bucket
        if len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        if not bucket.take(self.clock()):
            raise RoomError(self.message, status=429, ja=self.ja)


@dataclass(frozen=True)
class ServerLimits:
    """What one address, seat or room may hold or do at once (``jinrou serve --limits``; see
    docs/server.md for what a deployment's proxy should add)."""

    rooms: int = 3
    """Open rooms an address may have made: not started yet, or played by bots only."""
    rooms_per_minute: float = 2.0
    """Rooms an address may make a minute, after a first five."""
    idle_room_seconds: float = 600.0
    """An unstarted room where no person has sat for this long is closed."""
    sockets: int = 20
    """WebSocket connections from one address at once."""
    room_sockets: int = 200
    """WebSocket connections to one room at once."""
    actions_per_second: float = 5.0
    """A seat's actions a second (by HTTP and WebSocket together), after a first twenty."""
    process_sockets: int = 2000
    """WebSocket connections this process holds at once (in a cluster, each process's own cap: the
    proxy spreads the rooms; beyond it a connection is closed with 4503 "try again")."""
    header_seconds: float = 10.0
    """A connection's request line and headers must arrive within this, from its first byte (or from
    the connect): a slow or silent client is answered 408 and closed."""
    body_seconds: float = 20.0
    """A request body must arrive within this once its headers are in (408 and closed otherwise)."""
    ready_seconds: float = 60.0
    """In a room with a ready check: once every seat is taken, how long the host waits for the
    people to say they are ready before he may start without them."""
    sudden_deaths: int = 2
    """Sudden deaths (突然死) of an account within ``sudden_window_seconds`` that bar it from taking a
    seat for ``sudden_cooldown_seconds`` after the last of them."""
    sudden_window_seconds: float = 30 * 86_400.0
    """The window the sudden deaths are counted in (30 days: 月下人狼's record of recent games)."""
    sudden_cooldown_seconds: float = 6 * 3600.0
    """How long such an account may not take a seat (6 hours: 月下人狼's longest 突然死 ban)."""

    @classmethod
    def parse(cls, text: str) -> ServerLimits:
        """``"rooms=40,sockets=400"``: the defaults with some changed (JinrouError saying the keys)."""
        known = {name: type(value) for name, value in vars(cls()).items()}
        changes: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = (x.strip() for x in part.partition("="))
            if key not in known:
                raise JinrouError(f"unknown limit {key[:30]!r}: limits are {', '.join(known)}")
            try:
                changes[key] = known[key](value)
            except ValueError:
                raise JinrouError(f"limit {key} must be a number, not {value[:30]!r}") from None
            if changes[key] <= 0:
                raise JinrouError(f"limit {key} must be above 0, not {value[:30]!r}")
        return cls(**changes)


# -------------------------------------------------------------- slow work


class Hasher:
    """Password hashing off the event loop: a two-thread pool (PBKDF2 releases the GIL), at most
    ``in_flight`` hashes per address at once and ``per_minute`` a minute."""

    def __init__(self, workers: int = 2, in_flight: int = 1, per_minute: float = 10):
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="jinrou-hash")
        self._busy: dict[str, int] = {}
        self._in_flight = in_flight
        self._limits = Limits(per_minute / 60, per_minute / 2, "too many password attempts from your address: "
                              "wait a minute", ja="パスワードの試行が多すぎます。1分ほど待ってください")

    async def run(self, address: str, work: Callable[..., T], *args: Any) -> T:
        if self._busy.get(address, 0) >= self._in_flight:
            raise RoomError("a password of yours is being checked: wait for its answer", status=429,
                            ja="パスワードを確認中です。結果を待ってください")
        self._limits.check(address)
        self._busy[address] = self._busy.get(address, 0) + 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        finally:
            self._busy[address] -= 1
            if not self._busy[address]:
                del self._busy[address]

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
