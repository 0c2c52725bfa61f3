"""The web app: a thin Starlette adapter over :class:`~jinrou.server.service.RoomService`.

HTTP (JSON)                                  what it does
  GET  /api/modes                            the game modes and their settings schemas (the lobby form)
  GET  /api/rooms                            the lobby: every room's summary
  POST /api/rooms            {settings}      create a room → {id}
  POST /api/rooms/{id}/join  {name, password} take a free seat → {seat, token}
  POST /api/rooms/{id}/bots  {token}         fill the empty seats with heuristic bots
  POST /api/rooms/{id}/start {token}         start the game (all seats taken)
  POST /api/rooms/{id}/action {token, action} a night action or a vote
  POST /api/rooms/{id}/chat  {token, text, channel} say something in a chat channel (default: the main one)
  GET  /api/rooms/{id}/view?token=           your view (a spectator's without a token)
  GET  /api/rooms/{id}/record                the game record, once the game is over
WebSocket /ws/rooms/{id}?token=               your view after every change; send
                                             {"type": "action", "action": {...}} or {"type": "chat", "text": ..., "channel": ...}
Pages: / (lobby) and /room/{id} (the game shell, which loads /modes/{mode}.js to draw the game), static
files, no build step, nothing fetched elsewhere.

Errors are ``{"error": message}`` with status 400 (not allowed now), 403 (token or password), or
404 (no such room); a refused request changes nothing.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from jinrou import modes
from jinrou.server.rooms import RoomError
from jinrou.server.service import Listener, RoomService
from jinrou.server.store import Store

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16_384


def create_app(store: Store) -> Starlette:
    """The app over ``store``; rooms are restored from it at startup."""
    service = RoomService(store)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        service.restore()
        yield
        service.shutdown()

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise RoomError("request too large")
        try:
            data = json.loads(raw or b"{}")
        except (json.JSONDecodeError, RecursionError):
            raise RoomError("the request body must be JSON") from None
        if not isinstance(data, dict):
            raise RoomError("the request body must be a JSON object")
        return data

    def handler(work):
        async def endpoint(request: Request) -> Response:
            try:
                return JSONResponse(await work(request))
            except RoomError as error:
                return JSONResponse({"error": str(error)}, status_code=error.status)
        return endpoint

    async def list_modes(request: Request) -> Any:
        return [{"name": m.name, "title": list(m.title), "schema": m.schema.to_json()} for m in modes.all_modes()]

    async def list_rooms(request: Request) -> Any:
        return [room.summary() for room in service.rooms.values()]

    async def create_room(request: Request) -> Any:
        return {"id": service.create(await body(request)).id}

    async def join(request: Request) -> Any:
        data = await body(request)
        seat, token = service.join(request.path_params["room"], data.get("name"), data.get("password"))
        return {"seat": seat, "token": token}

    async def bots(request: Request) -> Any:
        service.fill_with_bots(request.path_params["room"], (await body(request)).get("token"))
        return {"ok": True}

    async def start(request: Request) -> Any:
        service.start(request.path_params["room"], (await body(request)).get("token"))
        return {"ok": True}

    async def act(request: Request) -> Any:
        data = await body(request)
        service.act(request.path_params["room"], data.get("token"), data.get("action"))
        return {"ok": True}

    async def chat(request: Request) -> Any:
        data = await body(request)
        service.chat(request.path_params["room"], data.get("token"), data.get("text"), data.get("channel"))
        return {"ok": True}

    async def view(request: Request) -> Any:
        room = service.room(request.path_params["room"])
        token = request.query_params.get("token")
        seat = room.seat_of(token) if token else None
        return room.view(seat, service.clock())

    async def record(request: Request) -> Any:
        room = service.room(request.path_params["room"])
        if not room.is_over:
            raise RoomError("the record is published when the game is over", status=403)
        return room.mode.record(room.state, room.seed)

    async def socket(websocket: WebSocket) -> None:
        room_id, token = websocket.path_params["room"], websocket.query_params.get("token")
        try:
            room = service.room(room_id)
            seat = room.seat_of(token) if token else None
        except RoomError as error:
            await websocket.close(code=4000 + error.status, reason=str(error))
            return
        await websocket.accept()
        listener = Listener(room_id, seat, websocket.send_text)
        service.subscribe(listener)
        try:
            await websocket.send_json({"type": "view", **room.view(seat, service.clock())})
            while True:
                message = await websocket.receive_json()
                try:
                    if not isinstance(message, dict):
                        raise RoomError("a message is a JSON object")
                    if message.get("type") == "action":
                        service.act(room_id, token, message.get("action"))
                    elif message.get("type") == "chat":
                        service.chat(room_id, token, message.get("text"), message.get("channel"))
                    else:
                        raise RoomError("a message has type action or chat")
                except RoomError as error:
                    await websocket.send_json({"type": "error", "error": str(error)})
        except (WebSocketDisconnect, json.JSONDecodeError, RuntimeError):
            return  # the browser left, or sent something that is not JSON: drop the connection
        finally:
            service.unsubscribe(listener)

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
        Route("/api/modes", handler(list_modes), methods=["GET"]),
        Route("/modes/{mode}.js", mode_script),
        Route("/api/rooms", handler(list_rooms), methods=["GET"]),
        Route("/api/rooms", handler(create_room), methods=["POST"]),
        Route("/api/rooms/{room}/join", handler(join), methods=["POST"]),
        Route("/api/rooms/{room}/bots", handler(bots), methods=["POST"]),
        Route("/api/rooms/{room}/start", handler(start), methods=["POST"]),
        Route("/api/rooms/{room}/action", handler(act), methods=["POST"]),
        Route("/api/rooms/{room}/chat", handler(chat), methods=["POST"]),
        Route("/api/rooms/{room}/view", handler(view), methods=["GET"]),
        Route("/api/rooms/{room}/record", handler(record), methods=["GET"]),
        WebSocketRoute("/ws/rooms/{room}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.service = service
    return app
