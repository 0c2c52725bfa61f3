"""`jinrou serve`: the online server on a socket bound before anything is printed — a thin call of
:func:`jinrou.server.app.create_app` and uvicorn."""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from jinrou.cli.common import fail
from jinrou.errors import JinrouError

if TYPE_CHECKING:
    import socket


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[str, typer.Option(help="Store: a SQLite file, or postgresql://user:password@host/dbname.")] = "jinrou.db",
    limits: Annotated[str, typer.Option(help="What one address, seat or room may hold or do, e.g. rooms=3,sockets=20 "
                                        "(keys: rooms, rooms_per_minute, idle_room_seconds, sockets, room_sockets, "
                                        "actions_per_second, process_sockets, header_seconds, body_seconds; see "
                                        "docs/server.md).")] = "",
    proxy: Annotated[str, typer.Option(help="The reverse proxies in front, e.g. 127.0.0.1 or 10.0.0.0/8,::1 "
                                       "(comma-separated): only their X-Forwarded-For names the client. Without it "
                                       "the header is ignored (see docs/server.md).", metavar="ADDRESSES")] = "",
    cluster: Annotated[str, typer.Option(help="Run as the process NAME of several sharing one PostgreSQL --db, behind a "
                                         "proxy: rooms are pinned to processes, pushes cross between them, a dead "
                                         "process's rooms are taken over (see docs/server-scaling.md).",
                                         metavar="NAME")] = "",
    cluster_address: Annotated[str, typer.Option(help="With --cluster: where the other processes reach this one "
                                                 "(default http://HOST:PORT, 127.0.0.1 for 0.0.0.0).")] = "",
    words: Annotated[str, typer.Option(help="A file of words chat lines may not hold, one a line (# starts a comment): "
                                       "a line holding one is refused, saying which (see docs/server.md).",
                                       metavar="FILE")] = "",
    aiwolf_port: Annotated[int, typer.Option(help="Listen on this TCP port for AIWolf (人狼知能) agents, which then play "
                                             "the AIWolf seats a classic room opens (see docs/aiwolf.md); 0: none.",
                                             min=0, max=65535)] = 0,
) -> None:
    """Run the online server: a lobby and rooms for quantum werewolf (量子人狼), quantum mini-shogi (量子ミニ将棋) and classic werewolf (人狼), played in the browser, with bots for the empty seats.

    Every room's events are stored as they happen, so the server can be stopped or killed at any moment and started again: rooms, seats, chat, deadlines and games come back and play goes on.

    Example: jinrou serve --port 8000 --db jinrou.db   (PostgreSQL: --db postgresql://user:password@host/dbname)
    """
    from jinrou.server.guard import ServerLimits
    from jinrou.server.moderation import Words

    try:
        chosen = ServerLimits.parse(limits)
        word_list = Words.read(words) if words else None
        proxies = _proxies(proxy)
        sock = _listen(host, port)  # before anything is opened or printed: a bad address or a busy port
        if aiwolf_port:
            from jinrou.aiwolf.seats import open_pool

            try:
                open_pool(host, aiwolf_port)
            except JinrouError:
                sock.close()
                raise
    except JinrouError as error:
        fail(error)
    import uvicorn

    from jinrou.server.app import create_app
    from jinrou.server.store import Store, open_store, redacted
    from jinrou.server.timeouts import uvicorn_options

    store: Store
    try:
        if cluster:
            from jinrou.server.cluster import ClusterStore

            if not db.startswith(("postgresql://", "postgres://")):
                raise JinrouError("--cluster needs a PostgreSQL --db (postgresql://user:password@host/dbname)")
            if importlib.util.find_spec("httpx2") is None:
                raise JinrouError("--cluster forwards commands with httpx2: pip install -e '.[postgres]'")
            store = ClusterStore(db, cluster)
        else:
            store = open_store(db)
    except JinrouError as error:
        sock.close()
        fail(error)
    except Exception as error:  # noqa: BLE001 — a bad path or an unreachable database, whatever the driver raises: say which
        sock.close()
        fail(redacted(f"cannot open the store {db!r}: {error}", db))  # never the password
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    Console(soft_wrap=True).print(f"[bold]jinrou[/bold] is serving at [link]http://{shown}:{port}/[/link] (store: {redacted(db, db)}) "
                    "— Ctrl+C stops it.", highlight=False)
    member = None
    if cluster:
        from jinrou.server.cluster import Cluster, ClusterStore
        from jinrou.server.cluster import cluster_address as default_address

        assert isinstance(store, ClusterStore)
        member = Cluster(store, cluster_address or default_address(host, port))
    app = create_app(store, chosen, member, proxies, word_list)
    uvicorn.Server(uvicorn.Config(app, log_level="warning", **uvicorn_options(app))).run(sockets=[sock])


def _proxies(text: str) -> list[str]:
    """``--proxy``'s addresses and networks (:class:`JinrouError` naming a bad one)."""
    import ipaddress

    found = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        try:
            found.append(str(ipaddress.ip_network(part, strict=False)))
        except ValueError:
            raise JinrouError(f"--proxy {part[:40]!r} is not an address or network: give e.g. 127.0.0.1, "
                              "10.0.0.0/8 or ::1, comma-separated") from None
    return found


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, or :class:`JinrouError` saying why there can be none."""
    import errno
    import ipaddress
    import socket

    if host.replace(".", "").isdigit():
        try:
            ipaddress.ip_address(host)
        except ValueError:
            raise JinrouError(f"--host {host!r} is not an IP address: four numbers 0–255, e.g. 127.0.0.1") from None
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (OSError, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise JinrouError(f"--host {host!r} is not a known address ({reason}): give an address of this machine, "
                          "e.g. 127.0.0.1 or 0.0.0.0") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise JinrouError(f"port {port} on {host} is in use: stop what uses it, or give another --port") from None
        raise JinrouError(f"cannot listen on {host}:{port}: {error.strerror or error} (--host must be an address "
                          "of this machine, e.g. 127.0.0.1 or 0.0.0.0)") from None
    return sock

