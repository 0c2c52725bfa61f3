"""The web app: a thin Starlette adapter over :class:`~jinrou.server.service.RoomService`.

HTTP (JSON)                                  what it does
  GET  /api/modes                            the game modes and their settings schemas (the lobby form)
  GET  /api/rooms?offset=&limit=             the lobby: rooms still open or playing (open ones first)
  POST /api/rooms            {settings}      create a room → {id}
  POST /api/rooms/{id}/join  {name, password} take a free seat → {seat, token} (a game going on whose mode says
                                             joinable — classic エンドレス闇鍋 —: the seat it will give at its
                                             next dawn; the token shows a spectator's view until then)
  POST /api/rooms/{id}/watch {password, name} a spectator's pass → {pass} (password rooms; chatting)
  POST /api/rooms/{id}/leave {token}         give your seat back before the start
  POST /api/rooms/{id}/kick  {token, seat}   the host empties a seat before the start
  POST /api/rooms/{id}/bots  {token, lang?}   fill the empty seats with heuristic bots (named in lang: en, ja)
  POST /api/rooms/{id}/start {token}         start the game (all seats taken — エンドレス闇鍋: the mode's fewest —;
                                             with a ready check, the people ready)
  POST /api/rooms/{id}/ready {token, ready?}  say one is ready to start (ready: false, no longer) — ready_check rooms
  POST /api/rooms/{id}/action {token, action, id?} a night action or a vote; ``id`` (1–64 of A-Z a-z 0-9 - _,
                                             the client's for this action, the same on each retry): an action is
                                             stored once per id, a retry of a stored one is answered {"ok": true}
  POST /api/rooms/{id}/chat  {token|pass, text, channel} say something in a chat channel
  POST /api/rooms/{id}/extend {token, seconds} the game master (a mode's game_master) moves the turn's deadline
  POST /api/rooms/{id}/rematch {token}       the same seats again, in a new room → {id}
  POST /api/rooms/{id}/words {token, words}  the host's list of words the room's chat refuses
  POST /api/rooms/{id}/report {token|pass, channel, line, text, reason} or {token|pass, seat, reason}
                                             report a chat line (its index among the lines of that channel
                                             you read, and its text) or a seat to the administrators → {id}
  GET  /api/rooms/{id}/view?token=|pass=     your view (a spectator's without a token)
  GET  /api/rooms/{id}/record?token=|pass=   the game record with the room's chat, once the game is over
  GET  /api/games?mode=&seats=&preset=&winner=&player=&role=&before=&after=&limit=
                                             the history: finished games, newest first → {games, next}
  GET  /api/games/{id}                       a listed game's page: its row and the spectators' view at the end
  GET  /api/games/{id}/record                a listed game's record with every chat line
  GET  /api/games/{id}/replay                the listed game step by step (from its record alone)
  POST /api/replay           {record}        any record step by step, checked as its replay command checks it
  POST /api/account/register {name, password} a new account, signed in (a session cookie) → {account}
  POST /api/account/login    {name, password} sign in (a session cookie) → {account}
  POST /api/account/logout                   sign out (the session ends, the cookie is cleared)
  POST /api/account/password {old, new}      change the password (the other sessions end)
  POST /api/account/title    {title}         the 称号 shown beside one's nicknames (a key, or null) → {title}
  GET  /api/account/me                       {account}: the signed-in account, or null
  GET  /api/players/{name}?offset=&limit=    a player's public profile: his 戦績 and his finished games
  GET  /api/casts                            every account's win rates per cast and team, beside the bots'
  GET  /api/reports?closed=&limit=           administrators: the reports, open (or closed) ones, latest first
  POST /api/reports/{id}/close {note}        administrators: close a report
  GET  /api/bans?all=                        administrators: the bans in force (all=1: lifted and expired too),
                                             latest first → {bans}
  POST /api/bans  {kind, target, value, for|until, reason} administrators: ban an account (value: its user
                                             name) or an address (an IP address or a report's address key) → the ban
  POST /api/bans/{id}/lift                   administrators: lift a ban in force
WebSocket /ws/rooms/{id}?token=|pass=&have=   your view after every change you can see (the chat lines
                                             you lack only; have=village:12,wolves:3 — the lines of each
                                             channel a reconnecting page has); send {"type": "action",
                                             "action": {...}, "id"?}, {"type": "chat", "text": ..., "channel": ...},
                                             {"type": "ready", "ready"?} or {"type": "ping"} (answered {"type": "pong"} after the views due so far)
Pages: / (lobby) and /room/{id} (the game shell, which loads /modes/{mode}.js to draw the game); /games
(the history), /games/{id} (a finished game: log, channels, every role, the record, the replay viewer),
/replay (any record opened in the viewer), /roles (every role's rule), /player/{name} (a player's 戦績),
/admin (the reports and the bans, for administrators); static files, no build step, nothing fetched elsewhere.

Errors are ``{"error": message, "ja": 日本語}`` (``ja`` where written) with status 400 (malformed, or
not allowed now), 401 (a password room, without its password), 403 (token or password), 404 (no such
room), 408 (headers or body too slow: the connection is closed), 410 (a room closed unused), 413 (too
large), 429 (too fast, or too many: rooms or connections from one address, connections to one room —
see :class:`ServerLimits`, and logins: :mod:`~jinrou.server.accounts`) or 503 (try again: the database, or in a cluster the room's server, is
away); a refused request changes nothing. One status is not a refusal: 504, in a cluster, when the
room's server went away after the request was sent on to it (:data:`~jinrou.server.cluster.UNKNOWN`)
— it may or may not have been carried out: the room's view tells, and an action sent again with the
same ``id`` is stored once. A client's address is the socket's peer, or the ``X-Forwarded-For`` of a
proxy named at ``jinrou serve --proxy`` (never by default: any client could otherwise pick its
address, and pass the per-address limits). A WebSocket is always accepted, then closed with 4000 +
that status and the message as its reason when it cannot be served. A POST to an account door, to a
moderation door (report, words, closing a report, a ban, lifting one), or one that carries the session
cookie, must come from this server's pages (403 otherwise: see
:func:`~jinrou.server.accounts.check_same_origin`). A ban (:mod:`~jinrou.server.moderation`) refuses its doors with 403 and one line saying what and until
when: ``create`` the new room, ``play`` join, start, bots, action, rematch; ``chat`` every chat line;
``spectate`` a view, record, pass or WebSocket without a seat token.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from jinrou import modes
from jinrou.digits import whole_number
from jinrou.server import history
from jinrou.server.accounts import COOKIE, SESSION_SECONDS, Account, Accounts, check_same_origin
from jinrou.server.cluster import FORWARDED
from jinrou.server.guard import (
    MAX_BODY,
    Hasher,
    Limits,
    ServerLimits,
    address_unit,
    json_object,
    parse_json,
    read_limited,
)
from jinrou.server.moderation import Who, Words
from jinrou.server.pushes import Listener
from jinrou.server.rooms import RoomError, hash_password, password_matches, validate_settings
from jinrou.server.service import RoomService
from jinrou.server.store import Store
from jinrou.server.timeouts import Dropped, SlowBodies, SlowBody

if TYPE_CHECKING:
    from jinrou.server.cluster import Cluster

STATIC = Path(__file__).parent / "static"
PAGE_SIZE = 50
log = logging.getLogger("jinrou.server")


class _HandledFrames(logging.Filter):
    """uvicorn's WebSocket logs a text frame of invalid UTF-8 as an error with its stack, though it
    has handled it (closed with 1007): the line is kept, at info level and without the stack."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith("Invalid UTF-8 sequence received from client"):
            record.exc_info, record.exc_text, record.levelno, record.levelname = None, None, logging.INFO, "INFO"
            return logging.getLogger(record.name).isEnabledFor(logging.INFO)
        return True


def create_app(store: Store, limits: ServerLimits | None = None, cluster: Cluster | None = None,
               proxies: Sequence[str] = (), words: Words | None = None) -> Starlette:
    """The app over ``store``; rooms are restored from it at startup. ``limits``: what an address,
    a seat or a room may hold or do at once (the defaults of :class:`ServerLimits`). ``cluster``:
    this process is one of several on one PostgreSQL database (see :mod:`jinrou.server.cluster`):
    it restores only the rooms pinned to it, forwards the commands of other rooms to their owners,
    and serves the lobby from the store. ``proxies``: the addresses (or networks) of the reverse
    proxies whose ``X-Forwarded-For`` names the client; from anyone else the header is ignored.
    ``words``: the server's word list (a chat line holding one is refused). Serve it with
    :func:`jinrou.server.timeouts.uvicorn_options`."""
    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _HandledFrames) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(_HandledFrames())
    service = RoomService(store, limits=limits, cluster=cluster, words=words)
    moderation = service.moderation
    limits = service.limits
    hasher = Hasher()
    accounts = Accounts(service.db, limits=limits, words=service.moderation.words)
    dropped = Dropped()
    connection_limits = Limits(5.0, 20, "too many messages on this connection: slow down",
                               ja="この接続からのメッセージが多すぎます。ゆっくりどうぞ")
    sockets: Counter[str] = Counter()  # open WebSocket connections by address
    replay_limits = Limits(0.5, 10, "you are opening records too fast: wait a moment",
                           ja="記録を開くのが速すぎます。少し待ってください")

    async def sweeping() -> None:
        """Close idle rooms now and then (a room made and left empty leaves the lobby)."""
        while True:
            await asyncio.sleep(min(60.0, limits.idle_room_seconds / 4))
            await service.sweep()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        if cluster is not None:
            await cluster.start(service)
        await service.restore()
        sweeper = asyncio.ensure_future(sweeping())
        yield
        sweeper.cancel()
        await service.shutdown()
        if cluster is not None:
            await cluster.stop()
        hasher.shutdown()
        accounts.shutdown()

    async def body(request: Request) -> dict[str, Any]:
        raw = await read_limited(request.headers.get("content-length"), request.stream())
        return json_object(parse_json(raw))

    def address(request: Request | WebSocket) -> str:
        """The client's address as the limits, kicks and bans count it (an IPv6 client: his /64)."""
        return address_unit(request.client.host) if request.client else "?"

    async def forwarded(request: Request, room_id: str | None) -> Response | None:
        """In a cluster: the owner's answer to a command for another process's room (or, ``room_id``
        None, a new room made on a less loaded process); None when it runs here."""
        if cluster is None:
            return None
        owner = await (cluster.route(room_id) if room_id is not None else cluster.place())
        if owner is None:
            return None
        if request.headers.get(FORWARDED):  # one hop only: the pin moved meanwhile
            if room_id is None:
                return None
            raise RoomError("the room is moving to another server: try again", status=503,
                            ja="部屋が別のサーバーへ移っています。もう一度どうぞ")
        raw = await read_limited(request.headers.get("content-length"), request.stream())
        status, answer = await cluster.forward(owner, request.method, request.url.path, raw, address(request),
                                               cookie=request.headers.get("cookie"))
        return JSONResponse(answer, status_code=status)

    def handler(work: Callable[[Request], Awaitable[Any]], command: bool = False, guarded: bool = False):
        """``command``: a request that writes (in a cluster, it runs where the room is pinned). A
        ``str`` answer is JSON text already (a finished game's page, served as stored). ``guarded``:
        a POST refused from another site even without the session cookie."""
        async def endpoint(request: Request) -> Response:
            try:
                if request.method == "POST" and (guarded or request.url.path.startswith("/api/account/") or
                                                 COOKIE in request.cookies):
                    check_same_origin(request.headers, forwarded_host=bool(proxies))
                if command and (answer := await forwarded(request, request.path_params.get("room"))):
                    return answer
                found = await work(request)
                if isinstance(found, Response):
                    return found
                if isinstance(found, str):
                    return Response(found, media_type="application/json")
                return JSONResponse(found)
            except SlowBody as error:
                dropped.note("slow body", f"{request.method} {request.url.path} from {address(request)}")
                return JSONResponse(error.to_json(), status_code=error.status, headers={"connection": "close"})
            except RoomError as error:
                return JSONResponse(error.to_json(), status_code=error.status)
            except ClientDisconnect:  # it went away in the middle of its body: nobody to answer
                dropped.note("gone", f"{request.method} {request.url.path} from {address(request)}")
                return Response(status_code=400)
            except Exception as error:  # a bug: logged, and the client is told so without a traceback
                if database_away(error):
                    log.warning("%s %s: the database is away", request.method, request.url.path)
                    return JSONResponse({"error": "the database is away: try again in a moment"}, status_code=503)
                log.exception("%s %s", request.method, request.url.path)
                return JSONResponse({"error": "the server failed on this request (logged)"}, status_code=500)
        return endpoint

    async def list_modes(request: Request) -> Any:
        found = []
        for name in modes.REGISTRY:
            try:
                mode = modes.get(name)
            except Exception:  # a mode that does not load is left out of the lobby, not the lobby out
                log.exception("mode %r does not load", name)
                continue
            found.append({"name": mode.name, "title": list(mode.title), "schema": mode.schema.to_json(),
                          "winners": [{"key": k, "en": en, "ja": ja} for k, en, ja in getattr(mode, "winners", ())]})
        return found

    async def list_rooms(request: Request) -> Any:
        offset, limit = number(request, "offset", 0, 10**6), number(request, "limit", PAGE_SIZE, 200)
        if cluster is not None:  # every process's rooms, as their owners wrote them
            summaries = await cluster.lobby()
        else:  # newest first; finished rooms are not active
            summaries = [room.summary() for room in list(service.rooms.active.values())[::-1]]
        open_first = [s for s in summaries if not s["started"] and s["taken"] < s["seats"]] + [
            s for s in summaries if s["started"] or s["taken"] >= s["seats"]]
        return open_first[offset:offset + limit]

    async def list_games(request: Request) -> Any:
        asked = history.query(request.query_params)
        games = await service.history.games(asked)
        return {"games": games, "next": history.next_page(games, asked)}

    async def game_page(request: Request) -> Any:
        return await service.history.game_page(request.path_params["room"])

    async def game_record(request: Request) -> Any:
        return await service.history.game_record(request.path_params["room"])

    async def game_replay(request: Request) -> Any:
        return await service.history.game_replay(request.path_params["room"])

    async def open_record(request: Request) -> Any:
        replay_limits.check(address(request))  # a replay is work on a thread: a few at once, then one in two seconds
        raw = await read_limited(request.headers.get("content-length"), request.stream(), history.MAX_RECORD)
        return await history.replay_record(parse_json(raw, "the record", most_digits=20))

    async def create_room(request: Request) -> Any:
        data = await body(request)
        password = validate_settings(data)["password"]
        asker = await who(request, "create")
        await moderation.check("create", asker)  # before the slow hashing; create checks again after it
        await service.may_create(address(request))
        hashed = None if password is None else await hasher.run(address(request), hash_password, password)
        return {"id": (await service.create(data, hashed, address=address(request), who=asker)).id}

    async def who(request: Request | WebSocket, kind: str | None = None) -> Who:
        """Who asks: his address, and his account when a ban of ``kind`` (None: any) may name it
        (else the session is not read)."""
        account = None
        if COOKIE in request.cookies and (kind is None or await moderation.wants_account(kind)):
            found = await accounts.session(request.cookies.get(COOKIE))
            account = found.key if found else None
        return Who(account, address(request))

    async def spectating(request: Request | WebSocket, token: Any) -> None:
        """A ban on watching refuses a reader without a seat token."""
        if not token:
            await moderation.check("spectate", await who(request, "spectate"))

    async def check_password(request: Request, room_id: str, password: Any) -> bool:
        room = await service.room(room_id)
        if room.password is None:
            return True
        if not isinstance(password, str) or not password:
            return False
        return await hasher.run(address(request), password_matches, password, room.password)

    async def join(request: Request) -> Any:
        data, room_id = await body(request), request.path_params["room"]
        if not await check_password(request, room_id, data.get("password")):
            raise RoomError("wrong room password", status=403, ja="部屋のパスワードが違います")
        account = await signed_in(request)
        await accounts.may_sit(None if account is None else account.key)  # a cooldown for sudden deaths
        seat, token = await service.join(room_id, data.get("name"), verified=True, account=account,
                                         who=Who(account.key if account else None, address(request)),
                                         token=data.get("token"), browser=data.get("browser"))
        return {"seat": seat, "token": token}

    async def signed_in(request: Request) -> Account | None:
        return await accounts.session(request.cookies.get(COOKIE))

    def signing_in(request: Request, account: Account, token: str) -> Response:
        response = JSONResponse({"account": account.to_json()})
        response.set_cookie(COOKIE, token, max_age=int(SESSION_SECONDS), path="/", httponly=True, samesite="lax",
                            secure=request.url.scheme in ("https", "wss"))
        return response

    async def register(request: Request) -> Response:
        data = await body(request)
        return signing_in(request, *await accounts.register(data.get("name"), data.get("password"), address(request)))

    async def login(request: Request) -> Response:
        data = await body(request)
        return signing_in(request, *await accounts.login(data.get("name"), data.get("password"), address(request)))

    async def logout(request: Request) -> Response:
        await accounts.logout(request.cookies.get(COOKIE))
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                               secure=request.url.scheme in ("https", "wss"))
        return response

    async def change_password(request: Request) -> Any:
        account = await signed_in(request)
        if account is None:
            raise RoomError("log in first", status=401, ja="先にログインしてください")
        data = await body(request)
        await accounts.change_password(account, data.get("old"), data.get("new"), request.cookies[COOKIE],
                                       address(request))
        return {"ok": True}

    async def choose_title(request: Request) -> Any:
        account = await signed_in(request)
        if account is None:
            raise RoomError("log in first", status=401, ja="先にログインしてください")
        data = await body(request)
        if "title" not in data:
            raise RoomError('send {"title": a title\'s key, or null to show none}',
                            ja='{"title": 称号のキー（表示しないなら null）} を送ってください')
        return {"title": await accounts.choose_title(account, data["title"])}

    async def player(request: Request) -> Any:
        offset, limit = number(request, "offset", 0, 10**6), number(request, "limit", PAGE_SIZE, 200)
        return await accounts.profile(request.path_params["name"], offset, limit)

    async def casts(request: Request) -> Any:
        return {"casts": await accounts.casts()}

    async def me(request: Request) -> Any:
        account = await signed_in(request)
        return {"account": None if account is None else account.to_json()}

    async def watch(request: Request) -> Any:
        data, room_id = await body(request), request.path_params["room"]
        await spectating(request, None)
        if not await check_password(request, room_id, data.get("password")):
            raise RoomError("wrong room password", status=403, ja="部屋のパスワードが違います")
        return {"pass": await service.pass_for(room_id, data.get("name"))}

    async def extend(request: Request) -> Any:
        data = await body(request)
        await service.extend(request.path_params["room"], data.get("token"), data.get("seconds"))
        return {"ok": True}

    async def leave(request: Request) -> Any:
        await service.leave(request.path_params["room"], (await body(request)).get("token"))
        return {"ok": True}

    async def kick(request: Request) -> Any:
        data = await body(request)
        await service.kick(request.path_params["room"], data.get("token"), data.get("seat"))
        return {"ok": True}

    async def bots(request: Request) -> Any:
        data = await body(request)
        await service.fill_with_bots(request.path_params["room"], data.get("token"), data.get("lang", "en"),
                                     who=await who(request, "play"))
        return {"ok": True}

    async def start(request: Request) -> Any:
        await service.start(request.path_params["room"], (await body(request)).get("token"), who=await who(request, "play"))
        await service.settled(request.path_params["room"])  # the bots' turns, played in slices
        return {"ok": True}

    async def rematch(request: Request) -> Any:
        return {"id": await service.rematch(request.path_params["room"], (await body(request)).get("token"),
                                            who=await who(request, "play"), barred=accounts.barred)}

    async def say_ready(room_id: str, token: Any, ready: Any, asker: Who) -> None:
        """A seat's "ready" (the ready check), refused to an account in a cooldown for sudden deaths."""
        room, seat, _ = await service.reader(room_id, token if isinstance(token, str) and token else "-")
        info = room.seats[seat] if seat is not None else None
        if ready is True and info is not None:
            await accounts.may_sit(info.account)
        await service.ready(room_id, token, ready, who=asker)

    async def ready(request: Request) -> Any:
        data = await body(request)
        await say_ready(request.path_params["room"], data.get("token"), data.get("ready", True),
                        await who(request, "play"))
        return {"ok": True}

    async def act(request: Request) -> Any:
        data = await body(request)
        await service.act(request.path_params["room"], data.get("token"), data.get("action"), data.get("id"),
                          who=await who(request, "play"))
        await service.settled(request.path_params["room"])
        return {"ok": True}

    async def chat(request: Request) -> Any:
        data, room_id = await body(request), request.path_params["room"]
        token, pass_ = data.get("token"), data.get("pass")
        name = None
        if not token and pass_:
            name = (await service.reader(room_id, None, pass_))[2]
            if not name:
                raise RoomError("to chat as a spectator, ask for a pass with a name (watch)", status=403,
                                ja="観戦者として発言するには、名前を入れて観戦パスを受け取ってください")
        await service.chat(room_id, token, data.get("text"), data.get("channel"), spectator=name,
                           who=await who(request, "chat"))
        return {"ok": True}

    async def room_words(request: Request) -> Any:
        data = await body(request)
        await service.set_words(request.path_params["room"], data.get("token"), data.get("words"))
        return {"ok": True}

    async def report(request: Request) -> Any:
        data = await body(request)
        filed = await service.report(request.path_params["room"], data.get("token"), data.get("pass"), data,
                                     await who(request))
        return {"id": filed["id"]}

    async def administrator(request: Request) -> Account:
        account = await signed_in(request)
        if account is None:
            raise RoomError("log in as an administrator first", status=401, ja="管理者としてログインしてください")
        if not account.admin:
            raise RoomError("administrators only", status=403, ja="管理者だけが使えます")
        return account

    async def reports(request: Request) -> Any:
        await administrator(request)
        closed = request.query_params.get("closed", "0")
        if closed not in ("0", "1"):
            raise RoomError(f"closed is 0 (the open reports) or 1 (the closed ones), not {closed[:20]!r}")
        return {"reports": await moderation.reports(closed == "1", number(request, "limit", PAGE_SIZE, 200))}

    async def close_report(request: Request) -> Any:
        account = await administrator(request)
        await moderation.close_report(request.path_params["id"], account.name, (await body(request)).get("note"))
        return {"ok": True}

    async def list_bans(request: Request) -> Any:
        await administrator(request)
        every = request.query_params.get("all", "0")
        if every not in ("0", "1"):
            raise RoomError(f"all is 0 (the bans in force) or 1 (lifted and expired ones too), not {every[:20]!r}",
                            ja=f"all は 0（有効な禁止）か 1（解除・期限切れも）です: {every[:20]!r}")
        return {"bans": [ban.to_json() for ban in await moderation.listed(every == "1")]}

    async def add_ban(request: Request) -> Any:
        account = await administrator(request)
        return (await moderation.order(await body(request), account.name)).to_json()

    async def lift_ban(request: Request) -> Any:
        await administrator(request)
        await moderation.lift(request.path_params["id"])
        return {"ok": True}

    async def view(request: Request) -> Any:
        query = request.query_params
        room, seat, _ = await service.reader(request.path_params["room"], query.get("token"), query.get("pass"))
        await spectating(request, query.get("token"))
        return room.view(seat, service.clock(), room.entrant_of(query.get("token")))

    async def record(request: Request) -> Any:
        query = request.query_params
        room, _, _ = await service.reader(request.path_params["room"], query.get("token"), query.get("pass"))
        await spectating(request, query.get("token"))
        if not room.is_over:
            raise RoomError("the record is published when the game is over", status=403,
                            ja="記録はゲームが終わってから公開されます")
        return room.record()  # the chat said after the end (the 感想戦) too

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()  # then refuse with a reason the page can show, not a failed handshake
        query = websocket.query_params
        token = query.get("token")
        where = address(websocket)
        try:
            room, seat, spectator = await service.reader(websocket.path_params["room"], token, query.get("pass"))
            await spectating(websocket, token)
            have = line_counts(query.get("have"))
            if sockets.total() >= limits.process_sockets:
                raise RoomError(f"this server holds {limits.process_sockets} connections, its most: try again in a "
                                f"moment", status=503, ja=f"このサーバーの接続が上限（{limits.process_sockets}）に達しています。"
                                                          f"少ししてからもう一度どうぞ")
            if sockets[where] >= limits.sockets:
                raise RoomError(f"too many connections from your address (at most {limits.sockets}): close a tab",
                                status=429, ja=f"あなたのアドレスからの接続が多すぎます（{limits.sockets}まで）。タブを閉じてください")
            if len(service.listeners.get(room.id, ())) >= limits.room_sockets:
                raise RoomError(f"this room has {limits.room_sockets} connections, its most: try again later",
                                status=429, ja=f"この部屋への接続が上限（{limits.room_sockets}）に達しています。あとでどうぞ")
        except RoomError as error:
            await websocket.close(code=4000 + error.status, reason=str(error)[:120])
            return
        listener = Listener(room.id, seat, websocket.send_text, entrant=room.entrant_of(token))
        service.subscribe(listener)
        sockets[where] += 1
        refused = 0
        try:
            await websocket.send_text(service.first_push(room, listener, have))
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                try:
                    connection_limits.check(id(listener))
                    data = incoming(message)
                    if data.get("type") in ("action", "chat", "ready") and cluster is not None and (
                            owner := await cluster.route(room.id)):
                        await elsewhere(owner, room.id, token, query.get("pass"), data, where)
                    elif data.get("type") == "action":
                        await service.act(room.id, token, data.get("action"), data.get("id"),
                                          who=await who(websocket, "play"))
                    elif data.get("type") == "chat":
                        if token is None and not spectator:
                            raise RoomError("chatting needs your seat token, or a spectator's pass with a name "
                                            "(watch)", status=403)
                        await service.chat(room.id, token, data.get("text"), data.get("channel"),
                                           spectator=None if token else spectator, who=await who(websocket, "chat"))
                    elif data.get("type") == "ready":
                        await say_ready(room.id, token, data.get("ready", True), await who(websocket, "play"))
                    elif data.get("type") == "ping":  # answered after the pushes due so far
                        await service.caught_up(listener)
                        await websocket.send_json({"type": "pong"})
                    else:
                        raise RoomError("a message has type action, chat, ready or ping")
                except RoomError as error:
                    refused += 1
                    if refused > 100:
                        await websocket.close(code=1008, reason="too many refused messages")
                        return
                    await websocket.send_json({"type": "error", **error.to_json()})
        except (WebSocketDisconnect, RuntimeError):
            return  # the browser left
        finally:
            service.unsubscribe(listener)
            sockets[where] -= 1
            if not sockets[where]:
                del sockets[where]

    async def elsewhere(owner: str, room_id: str, token: str | None, pass_: str | None, data: dict[str, Any],
                        where: str) -> None:
        """A WebSocket's action or chat for a room another process owns: sent on as the HTTP
        command (RoomError: the owner's refusal)."""
        assert cluster is not None
        kind = data["type"]
        command = {"token": token, "action": data.get("action"), "id": data.get("id")} if kind == "action" else {
            "token": token, "ready": data.get("ready", True)} if kind == "ready" else {
            "token": token, "pass": None if token else pass_, "text": data.get("text"), "channel": data.get("channel")}
        status, answer = await cluster.forward(owner, "POST", f"/api/rooms/{room_id}/{kind}",
                                               json.dumps(command).encode(), where)
        if status != 200:
            raise RoomError(answer.get("error", "refused"), status=status, ja=answer.get("ja"))

    def page(name: str):
        async def serve(request: Request) -> Response:
            return FileResponse(STATIC / name)
        return serve

    async def mode_script(request: Request) -> Response:
        try:
            mode = modes.get(request.path_params["mode"])
        except modes.SettingsError as error:
            return JSONResponse({"error": str(error)}, status_code=404)
        return FileResponse(mode.script, media_type="text/javascript")

    routes = [
        Route("/", page("index.html")),
        Route("/room/{room}", page("room.html")),
        Route("/games", page("games.html")),
        Route("/games/{room}", page("game.html")),
        Route("/replay", page("replay.html")),
        Route("/roles", page("roles.html")),
        Route("/player/{name}", page("player.html")),
        Route("/admin", page("admin.html")),
        Route("/api/modes", handler(list_modes), methods=["GET"]),
        Route("/modes/{mode}.js", mode_script),
        Route("/api/rooms", handler(list_rooms), methods=["GET"]),
        Route("/api/rooms", handler(create_room, command=True), methods=["POST"]),
        *(Route(f"/api/rooms/{{room}}/{name}", handler(work, command=True), methods=["POST"]) for name, work in [
            ("join", join), ("watch", watch), ("leave", leave), ("kick", kick), ("bots", bots), ("start", start),
            ("action", act), ("chat", chat), ("extend", extend), ("rematch", rematch), ("ready", ready)]),
        Route("/api/rooms/{room}/words", handler(room_words, command=True, guarded=True), methods=["POST"]),
        Route("/api/rooms/{room}/report", handler(report, guarded=True), methods=["POST"]),
        Route("/api/reports", handler(reports), methods=["GET"]),
        Route("/api/reports/{id}/close", handler(close_report, guarded=True), methods=["POST"]),
        Route("/api/bans", handler(list_bans), methods=["GET"]),
        Route("/api/bans", handler(add_ban, guarded=True), methods=["POST"]),
        Route("/api/bans/{id}/lift", handler(lift_ban, guarded=True), methods=["POST"]),
        Route("/api/rooms/{room}/view", handler(view), methods=["GET"]),
        Route("/api/games", handler(list_games), methods=["GET"]),
        Route("/api/games/{room}", handler(game_page), methods=["GET"]),
        Route("/api/games/{room}/record", handler(game_record), methods=["GET"]),
        Route("/api/games/{room}/replay", handler(game_replay), methods=["GET"]),
        Route("/api/replay", handler(open_record), methods=["POST"]),
        Route("/api/rooms/{room}/record", handler(record), methods=["GET"]),
        *(Route(f"/api/account/{name}", handler(work), methods=["POST"]) for name, work in [
            ("register", register), ("login", login), ("logout", logout), ("password", change_password),
            ("title", choose_title)]),
        Route("/api/account/me", handler(me), methods=["GET"]),
        Route("/api/players/{name}", handler(player), methods=["GET"]),
        Route("/api/casts", handler(casts), methods=["GET"]),
        WebSocketRoute("/ws/rooms/{room}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SlowBodies, seconds=limits.body_seconds)]
    if proxies:
        middleware.insert(0, Middleware(ProxyHeadersMiddleware, trusted_hosts=list(proxies)))
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.service, app.state.limits, app.state.dropped = service, limits, dropped
    app.state.accounts = accounts
    return app


def database_away(error: Exception) -> bool:
    """Whether ``error`` is PostgreSQL's connection lost or refused (a 503, not a bug)."""
    return any(kind.__module__.startswith("psycopg") and kind.__name__ == "OperationalError"
               for kind in type(error).__mro__)  # (the async pool's PoolTimeout is one)


def incoming(message: Mapping[str, Any]) -> dict[str, Any]:
    """A WebSocket message as a JSON object (RoomError saying what is wrong with it)."""
    text = message.get("text")
    if text is None:
        raise RoomError("send JSON text frames: a binary frame is not understood")
    if len(text) > MAX_BODY:
        raise RoomError(f"a message is at most {MAX_BODY} bytes", status=413)
    return json_object(parse_json(text, "a message"), "a message")


def number(request: Request | WebSocket, key: str, default: Any, top: int) -> Any:
    """A whole-number query parameter (0–``top``), or ``default`` when absent."""
    text = request.query_params.get(key)
    if text is None or text == "":
        return default
    value = whole_number(text)
    if value is None or value > top:
        raise RoomError(f"{key} must be a whole number 0–{top}, not {text[:20]!r}")
    return value


def line_counts(text: str | None) -> dict[str, int] | None:
    """A reconnecting page's ``have``: ``channel:count`` pairs, comma-separated (None when absent)."""
    if text is None:
        return None
    counts: dict[str, int] = {}
    for part in filter(None, text.split(",")):
        key, _, count = part.partition(":")
        number = whole_number(count, most_digits=9)
        if len(counts) >= 32 or not key or len(key) > 40 or number is None:
            raise RoomError(f"have must be channel:count pairs (at most 32), e.g. village:12,wolves:3, "
                            f"not {text[:40]!r}")
        counts[key] = number
    return counts
