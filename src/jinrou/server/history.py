"""The game history: every finished game listed, filtered and opened again (``/games``).

When a game ends (:meth:`~jinrou.server.progress.GameProgress._finish`) the room is *indexed* before it
is archived: its :class:`~jinrou.server.store.GameEntry` — mode, seats, preset, winner, the
players' names, the roles that were in it, the end time and its row as the list shows it — goes
into the store's ``games``, ``game_players`` and ``game_roles`` tables, whose indexes answer every
filter of ``GET /api/games`` newest first without reading any other game; its *page* — the
spectators' view at the end, which then shows everything: the log, every role and its history, every
channel (独り言 too) — goes into ``game_pages``, made once. The chat said after the end (the 感想戦)
is read from the room's events after the page's event number, so a page is never stale.

What is never listed: a game that has not ended (nothing is written before its end), a room made
private at creation (the ``private`` option), a room closed unused, a game that never began (a cast
that could not be drawn). A password room is listed after its end, as 月下人狼 lists it: its game is
over and public. The mode says what a game is listed by (its optional ``history``, see
:class:`~jinrou.modes.base.History`); the server names no mode.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import logging
import re
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from jinrou import chatlog, modes
from jinrou.digits import whole_number
from jinrou.errors import JinrouError
from jinrou.modes import history_of
from jinrou.server.errors import RoomError
from jinrou.server.rooms import NAME_LIMIT, Room
from jinrou.server.store import AsyncStore, GameEntry, GameQuery, StoredEvent

log = logging.getLogger("jinrou.server")
REPLAYS_AT_ONCE = 2
MAX_RECORD = 4 * 1024 * 1024
"""Bytes of a record opened at ``/replay`` (a long classic game with its talk is a few hundred KB)."""
REPLAYS_CACHED = 16
"""Finished games' replays kept in memory (a page being looked at by many)."""
PAGE_SIZE = 20
MAX_PAGE = 100
FILTERS = ("mode", "seats", "preset", "winner", "player", "role", "before", "after", "limit")
"""The query parameters of ``GET /api/games``."""
TIME = re.compile(r"(?P<time>[0-9]{1,12}(?:\.[0-9]{1,20})?)(?::(?P<room>[0-9A-Za-z_-]{1,64}))?")
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def entry(room: Room) -> GameEntry | None:
    """What the history lists of a room whose game just ended (None: it is not listed — a private
    room, a game that never began); its time is that of the event that ended it, so indexing it
    again after a restart writes the same entry."""
    if room.private or not room.is_over:
        return None
    facts = history_of(room.mode, room.state, room.settings)
    if facts is None:
        return None
    line = {"id": room.id, "name": room.name, "mode": room.mode.name, "title": list(room.mode.title),
            "at": room.touched, "seats": len(room.seats), "password": room.password is not None,
            "preset": {"key": facts.preset, "en": facts.preset_label[0], "ja": facts.preset_label[1]},
            "cast": {"en": facts.cast_label[0], "ja": facts.cast_label[1]},
            "winner": {"key": facts.winner, "en": facts.winner_label[0], "ja": facts.winner_label[1]},
            "length": {"n": facts.length, "en": facts.length_label[0], "ja": facts.length_label[1]}}
    shown = room.shown_names()  # their names, or their masks where the end keeps them (完全覆面)
    players = tuple(shown[index] for index, seat in enumerate(room.seats) if seat is not None)
    return GameEntry(room.id, room.touched, room.mode.name, len(room.seats), facts.preset, facts.winner, players,
                     facts.roles, line)


def page(room: Room, line: Mapping[str, Any], now: float) -> dict[str, Any]:
    """A finished game's page as it is at the end: its row and the spectators' view (after the end
    they read every channel and every role)."""
    view = room.view(None, now)
    view.pop("server_time", None)
    return {"line": dict(line), "view": view}


def with_later_chat(saved: dict[str, Any], later: list[StoredEvent]) -> dict[str, Any]:
    """The page with the lines said after it was made (the 感想戦): each in its channel."""
    view = saved["view"]
    main = view["channels"][0]["key"] if view["channels"] else None
    for event in later:
        if event.kind != "chat":
            continue
        data = event.data
        line: dict[str, Any] = {"name": data["name"], "text": data["text"], "phase": data["phase"]}
        if data.get("mark") is not None:
            line["mark"], line["at"] = data["mark"], round(event.at, 3)
        key = data.get("channel") or main
        if key == main:
            view["chat"].append(line)
        else:
            view["chats"].setdefault(key, []).append(line)
            if all(c["key"] != key for c in view["channels"]):
                view["channels"].append({"key": key, "en": key, "ja": key, "write": False})
    return saved


def later_chat_lines(later: list[StoredEvent], main: str) -> list[dict[str, Any]]:
    """The record's ``chat`` entries of the lines said after the archive was written."""
    return [{"name": e.data["name"], "text": e.data["text"], "phase": e.data["phase"],
             "channel": e.data.get("channel") or main} for e in later if e.kind == "chat"]


async def replay_record(data: Any) -> dict[str, Any]:
    """A record (a finished game's, or any file a reader opens at ``/replay``) step by step, checked
    as its mode's ``replay`` command checks it, on a thread (a long game takes a while); RoomError
    400 with the reason for a record that is refused."""
    try:
        mode, record = modes.read_record(data)
        async with _replaying():
            steps = await asyncio.to_thread(modes.replay_steps, mode, record)
    except JinrouError as error:
        raise RoomError(f"the record is refused: {error}", ja=f"この記録は読めません: {error}") from None
    except Exception as error:  # a shape no reader expected: the reader's gap, logged; the file refused
        log.warning("a record no reader expected: %s", type(error).__name__, exc_info=True)
        raise RoomError(f"the record is refused: it is malformed ({type(error).__name__}: {str(error)[:80]})",
                        ja=f"この記録は読めません: 形式が壊れています（{type(error).__name__}）") from None
    return {"mode": mode.name, "title": list(mode.title), "steps": steps}


_SEMAPHORE: list[asyncio.Semaphore] = []


def _replaying() -> asyncio.Semaphore:
    """Two replays at a time in this process (each on a thread)."""
    if not _SEMAPHORE:
        _SEMAPHORE.append(asyncio.Semaphore(REPLAYS_AT_ONCE))
    return _SEMAPHORE[0]


def query(params: Mapping[str, str]) -> GameQuery:
    """``GET /api/games``'s query parameters, checked (RoomError 400 saying what is allowed)."""
    unknown = sorted(set(params) - set(FILTERS))
    if unknown:
        raise RoomError(f"unknown filter {unknown[0][:20]!r}: the history filters by {', '.join(FILTERS)}",
                        ja=f"対戦履歴の絞り込みに {unknown[0][:20]!r} はありません（{', '.join(FILTERS)}）")
    found: dict[str, Any] = {}
    mode = params.get("mode") or None
    if mode is not None and mode not in modes.REGISTRY:
        raise RoomError(f"mode must be one of {', '.join(modes.REGISTRY)}, not {mode[:20]!r}",
                        ja=f"mode は {', '.join(modes.REGISTRY)} のどれかです: {mode[:20]!r}")
    found["mode"] = mode
    seats = params.get("seats") or None
    if seats is not None:
        number = whole_number(seats, most_digits=3)
        if number is None or not 1 <= number <= 99:
            raise RoomError(f"seats must be a whole number 1–99, not {seats[:20]!r}",
                            ja=f"seats は 1〜99 の整数です: {seats[:20]!r}")
        found["seats"] = number
    for key, most in (("preset", 40), ("winner", 40), ("role", 40), ("player", NAME_LIMIT)):
        value = params.get(key) or None
        if value is not None and (len(value) > most or not value.strip()):
            raise RoomError(f"{key} is a text of 1–{most} characters, not {value[:20]!r}…",
                            ja=f"{key} は1〜{most}字です: {value[:20]!r}")
        found[key] = value
    before = params.get("before") or None
    if before is not None:
        found["before"], found["before_room"] = _time(before, "before")
    after = params.get("after") or None
    if after is not None:
        found["after"], room = _time(after, "after")
        if room is not None:
            raise RoomError("after is a date (2026-12-02) or a Unix time", ja="after は日付（2026-12-02）か Unix 時刻です")
    limit = params.get("limit") or None
    found["limit"] = PAGE_SIZE
    if limit is not None:
        number = whole_number(limit, most_digits=3)
        if number is None or not 1 <= number <= MAX_PAGE:
            raise RoomError(f"limit must be a whole number 1–{MAX_PAGE}, not {limit[:20]!r}",
                            ja=f"limit は 1〜{MAX_PAGE} の整数です: {limit[:20]!r}")
        found["limit"] = number
    return GameQuery(**found)


def next_page(games: list[dict[str, Any]], asked: GameQuery) -> str | None:
    """The ``before`` of the next page (None: this one is the last)."""
    if len(games) < asked.limit:
        return None
    last = games[-1]
    return f"{last['at']!r}:{last['id']}"


def _time(text: str, key: str) -> tuple[float, str | None]:
    """A date (``2026-12-02``: its start, UTC), a Unix time, or a page's keyset (``TIME:ROOM``)."""
    if DATE.fullmatch(text):
        try:
            day = datetime.date.fromisoformat(text)
        except ValueError:
            day = None
        if day is not None:
            return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC).timestamp(), None
    match = TIME.fullmatch(text)
    if match is None:
        raise RoomError(f"{key} is a date (2026-12-02), a Unix time or the next page's mark, not {text[:30]!r}",
                        ja=f"{key} は日付（2026-12-02）、Unix 時刻か次のページの印です: {text[:30]!r}")
    return float(match["time"]), match["room"]


class GameHistory:
    """The finished games listed, read for ``/games`` and the pages that open them again; a few
    games' replays kept in memory (a page being looked at by many)."""

    def __init__(self, db: AsyncStore):
        self.db = db
        self._replays: OrderedDict[tuple[str, int], str] = OrderedDict()  # (room, lines since the end) → replay JSON

    async def games(self, asked: GameQuery) -> list[dict[str, Any]]:
        """A page of the finished games listed (see :mod:`jinrou.server.history`), newest first."""
        return await self.db.games(asked)

    async def game_page(self, room_id: str) -> str:
        """A listed game's page as JSON text: as it was stored at the end, or with the lines said
        since (RoomError 404: not listed — no such game, not over, or private)."""
        text, later = await self._listed(room_id)
        if not any(event.kind == "chat" for event in later):
            return text  # served as stored: nothing decoded, nothing encoded
        return json.dumps(with_later_chat(json.loads(text), later), ensure_ascii=False, separators=(",", ":"))

    async def game_record(self, room_id: str) -> dict[str, Any]:
        """A listed game's record with every chat line, those of the 感想戦 too (RoomError 404 as
        :meth:`game_page`)."""
        text, later = await self._listed(room_id)
        archived = await self.db.archived(room_id)
        if archived is None:  # listed a moment before it is archived
            raise RoomError("the record is being written: try again", status=503, ja="記録を書いています。もう一度どうぞ")
        record = archived["record"]
        if later:
            main = json.loads(text)["view"]["channels"][0]["key"]
            record[chatlog.KEY] = [*record.get(chatlog.KEY, []), *later_chat_lines(later, main)]
        return record

    async def game_replay(self, room_id: str) -> str:
        """A listed game step by step (JSON text), built from its record alone (with every chat line),
        made on a thread and kept for the next asker (a few games)."""
        _, later = await self._listed(room_id)
        key = (room_id, sum(1 for event in later if event.kind == "chat"))  # a line said since: made again
        cached = self._replays.get(key)
        if cached is not None:
            self._replays.move_to_end(key)
            return cached
        record = await self.game_record(room_id)
        found = json.dumps(await replay_record(record), ensure_ascii=False, separators=(",", ":"))
        self._replays[key] = found
        while len(self._replays) > REPLAYS_CACHED:
            self._replays.popitem(last=False)
        return found

    async def _listed(self, room_id: str) -> tuple[str, list[StoredEvent]]:
        found = await self.db.game_page(room_id) if isinstance(room_id, str) and len(room_id) <= 64 else None
        if found is None:
            raise RoomError(f"no finished game {room_id[:64]!r} in the history", status=404,
                            ja=f"対戦履歴に {room_id[:64]!r} の終わった試合はありません")
        seq, text = found
        return text, await self.db.events(room_id, after=seq - 1)
