"""Slow and vanishing clients: deadlines for a request's headers and body, and one counted line
(never a traceback) for a client that went away.

A connection that sends its request line and headers slowly (or nothing at all) holds a socket
and a parser for as long as it likes; so does one that sends a ``Content-Length`` and then a few
bytes of the body. ``jinrou serve`` needs no proxy in front to bound them: :class:`TimedH11` (the
HTTP protocol given to uvicorn) answers 408 and closes a connection whose headers are not in
within ``header_seconds`` of its first byte (or of the connect, when it sends none), and
:class:`SlowBodies` (an ASGI middleware) answers 408 and closes one whose body is not in within
``body_seconds`` of its headers. A WebSocket, once upgraded, is no longer an HTTP request: it lives
as long as it likes (its own pings keep it honest).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from typing import Any

import h11
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from jinrou.server.errors import RoomError

log = logging.getLogger("jinrou.server")


class Dropped(Counter[str]):
    """Clients the server gave up on or that gave up on it, by reason ("slow headers", "slow body",
    "gone"): each is one short log line, never a traceback."""

    def note(self, reason: str, where: str) -> None:
        self[reason] += 1
        log.info("%s: %s (%d so far)", where, reason, self[reason])


class SlowBody(RoomError):
    """A request body that did not arrive in time (answered 408, and the connection closed)."""

    def __init__(self, seconds: float):
        super().__init__(f"the request body did not arrive within {seconds:g} s: send it at once",
                         status=408, ja=f"リクエストの本文が{seconds:g}秒以内に届きませんでした")


class SlowBodies:
    """ASGI middleware: an HTTP request's body must be in within ``seconds`` of its headers
    (:class:`SlowBody` raised from ``receive`` otherwise, answered by the app's handler)."""

    def __init__(self, app: ASGIApp, seconds: float):
        self.app, self.seconds = app, seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.seconds

        async def timed() -> Message:
            try:
                return await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise SlowBody(self.seconds) from None

        await self.app(scope, timed, send)


class TimedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on the request line and headers (see the module's
    docstring). Subclassed per server by :func:`protocol`, which sets the two class attributes."""

    header_seconds: float = 10.0
    dropped: Dropped = Dropped()
    _header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:  # a new request begins (a kept-alive connection's next)
            self._arm()
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # its headers are in (or it became a WebSocket)
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._header_deadline is None:
            self._header_deadline = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _too_slow(self) -> None:
        self._header_deadline = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        message = f"the request's headers did not arrive within {self.header_seconds:g} s"
        body = json.dumps({"error": message, "ja": f"リクエストのヘッダーが{self.header_seconds:g}秒以内に届きませんでした"},
                          ensure_ascii=False).encode()
        self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                             b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(body), body))
        self.transport.close()
        client = f"{self.client[0]}:{self.client[1]}" if self.client else "?"
        self.dropped.note("slow headers", client)


def protocol(header_seconds: float, dropped: Dropped) -> type[TimedH11]:
    """:class:`TimedH11` with this server's deadline and counter."""
    return type("ServerH11", (TimedH11,), {"header_seconds": header_seconds, "dropped": dropped})


def uvicorn_options(app: Any) -> dict[str, Any]:
    """The uvicorn settings every server of the app's runs with (``jinrou serve`` and the tests):
    the timed HTTP protocol; no forwarded-address headers trusted by uvicorn (the app trusts those of
    the proxies it was given, see :func:`jinrou.server.app.create_app`); frames over the body limit
    refused before they are read in full; no compression (views are a few kilobytes of JSON:
    compressing every push costs more CPU than it saves on a LAN)."""
    from jinrou.server.guard import MAX_BODY

    return {"http": protocol(app.state.limits.header_seconds, app.state.dropped), "proxy_headers": False,
            "ws_max_size": MAX_BODY, "ws_per_message_deflate": False}
