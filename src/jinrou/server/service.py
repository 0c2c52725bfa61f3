"""Rooms at work: commands append events, bots play, deadlines fire, views are pushed.

:class:`RoomService` is the only writer. A command validates against the room's current state (an
action through the mode's pure ``check``, which changes nothing), appends its event(s) to the
store, folds them into the room, lets the game progress (random outcomes drawn and stored, bots
acting, phases closing when everybody has acted), arms the phase deadline, and pushes every
connected player his own view. It runs on one asyncio loop and never blocks it: the store is awaited
(:class:`~jinrou.server.store.AsyncStore` — SQLite on a thread of its own, PostgreSQL through
psycopg's async pool), and bots think on threads. While a command awaits,
other rooms go on; each room has a lock, held from a command's check to its fold ("check, append,
fold"), so one room's commands run one at a time, in order.

The service is put together from parts, one module each: the rooms in memory, their locks and the
path of an event (:mod:`~jinrou.server.registry`), pushes (:mod:`~jinrou.server.pushes`), the game's
progress in slices, snapshots and deadlines (:mod:`~jinrou.server.progress`), other processes' rooms
(:mod:`~jinrou.server.replicas`); the history (:class:`~jinrou.server.history.GameHistory`) and the
spectators' passes (:class:`~jinrou.server.passes.Passes`) are objects of their own. This module holds
the commands and the service's start and stop.

Memory and restarts: a finished room is archived and leaves the active rooms; a few finished rooms
stay cached, the others are loaded again from their last snapshot if somebody asks. :meth:`restore`
loads only the active rooms, each from its snapshot plus the events after it, and re-arms the
deadlines (a deadline that passed while the server was down fires at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import secrets
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from jinrou import modes
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError
from jinrou.server import history
from jinrou.server.accounts import Account, check_account_seat
from jinrou.server.guard import Limits, ServerLimits
from jinrou.server.history import GameHistory
from jinrou.server.moderation import (
    NICKNAME,
    NOBODY,
    ROOM_NAME,
    Moderation,
    Who,
    Words,
    address_key,
    check_line,
    check_room_words,
)
from jinrou.server.names import check_nickname
from jinrou.server.passes import Passes
from jinrou.server.progress import GameProgress
from jinrou.server.pushes import Pushes
from jinrou.server.registry import NotStored, Ownership
from jinrou.server.replicas import Replicas
from jinrou.server.rooms import (
    CHAT_LIMIT,
    NAME_LIMIT,
    Room,
    RoomError,
    check_action_id,
    check_name,
    hash_password,
    hash_token,
    new_token,
    password_matches,
    validate_settings,
)
from jinrou.server.store import AsyncStore, Store

BOT_NAMES = ["Bot Alice", "Bot Bob", "Bot Carol", "Bot Dave", "Bot Erin", "Bot Frank", "Bot Grace", "Bot Heidi",
             "Bot Ivan", "Bot Judy", "Bot Ken", "Bot Liz", "Bot Mallory", "Bot Niaj", "Bot Olivia", "Bot Peggy",
             "Bot Quinn", "Bot Rupert", "Bot Sybil", "Bot Trent"]
BOT_NAMES_JA = ["ボットあかり", "ボットいつき", "ボットうた", "ボットえいた", "ボットおとは", "ボットかえで", "ボットきよし",
                "ボットくるみ", "ボットけんた", "ボットこはる", "ボットさくら", "ボットしゅん", "ボットすみれ", "ボットせいじ",
                "ボットそら", "ボットたくみ", "ボットちはる", "ボットつばさ", "ボットてつや", "ボットともか"]
"""Bots' names on a Japanese page (the page says its language when it fills the seats)."""


class RoomService(Replicas, GameProgress, Pushes):
    """The rooms of this process. Every command is a coroutine: it takes the room's lock (commands
    of one room run one at a time, in the order they came; rooms run side by side), checks, awaits
    the store's append, then folds. ``store`` is the synchronous store (tests and tools read it);
    the service reaches it through ``db``, its asynchronous twin, and never blocks the loop on it.
    ``history`` reads the finished games listed; ``passes`` signs spectators' passes."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, limits: ServerLimits | None = None,
                 cluster: Ownership | None = None, db: AsyncStore | None = None, words: Words | None = None):
        super().__init__(store, clock, cluster, db)
        self.limits = limits = limits or ServerLimits()
        self.history = GameHistory(self.db)
        self.passes = Passes(self.db)
        self.moderation = Moderation(self.db, self.passes, words, clock)
        """Bans, the server's word list, reports (see :mod:`~jinrou.server.moderation`)."""
        self.report_limits = Limits(0.1, 5, "you are reporting too fast: wait a minute",
                                    ja="通報が速すぎます。1分ほど待ってください")
        """Per address: five reports at once, then one in ten seconds."""
        self.chat_limits = Limits(2.0, 12, "you are chatting too fast: wait a moment",
                                  ja="発言が速すぎます。少し待ってください")
        """Per seat (or spectator name): twelve lines at once, then two a second."""
        self.action_limits = Limits(limits.actions_per_second, 20, "you are acting too fast: wait a moment",
                                    ja="操作が速すぎます。少し待ってください")
        """Per seat, by HTTP and WebSocket together."""
        self.creation_limits = Limits(limits.rooms_per_minute / 60, 5, "you are making rooms too fast: wait a "
                                      "minute", ja="部屋を作るのが速すぎます。1分ほど待ってください")
        """Per address: five rooms at once, then ``rooms_per_minute``."""

    # ------------------------------------------------------------- lifecycle

    async def restore(self) -> None:
        """Load every active room (from its snapshot and the events after it), then let each go on
        and re-arm its deadline. Finished rooms are not loaded: they are archived."""
        await self.passes.load()
        for room_id in await self.db.active_rooms():
            if self.cluster is not None and not self.cluster.owns(room_id):
                continue  # another process's
            room = await self._load(room_id)
            if room is not None:
                self.rooms.keep(room)
        for room_id in list(self.rooms.active):
            await self._go_on(room_id)
        self._spawn(self.index_archived())

    async def index_archived(self) -> int:
        """List in the history the games archived before it existed (a store of an older version),
        each read from its snapshot once, in the background; then mark the archive looked at, so that
        a private room or a room closed unused is not read again at the next start. How many were
        listed."""
        listed = 0
        for room_id in await self.db.unindexed():
            room = await self._load(room_id)
            self._progress_state.snapshot_at.pop(room_id, None)
            entry = None if room is None else history.entry(room)
            if room is not None and entry is not None:
                await self.db.index_game(entry, room.seq, history.page(room, entry.line, self.clock()))
                listed += 1
            await asyncio.sleep(0)  # the rooms in play go first
        await self.db.indexed()
        return listed

    async def shutdown(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for room in list(self.rooms.active.values()):  # a clean stop: the next start folds nothing
            if room.started and room.seq > self._progress_state.snapshot_at.get(room.id, 0):
                with contextlib.suppress(Exception):  # the events are enough: a slower start
                    await self._snapshot(room, force=True)
        await self.db.close()

    # -------------------------------------------------------------- commands

    async def may_create(self, address: str) -> str:
        """The key of ``address`` among room makers, or RoomError 429 when it has as many open rooms
        as it may (see :class:`~jinrou.server.guard.ServerLimits`)."""
        await self.passes.load()
        key = self.passes.sign("address", address)
        await self.sweep()
        top = self.limits.rooms
        held = sum(1 for room in self.rooms.active.values() if room.by == key and room.holds_address)
        if held < top and self.cluster is not None:  # and the rooms other processes hold (one query)
            held += await self.cluster.open_rooms(key)
        if held >= top:
            en, ja = self._idle_time()
            raise RoomError(f"you have {top} open rooms already: start one or wait for one to close (a room "
                            f"nobody sits in closes after {en})", status=429,
                            ja=f"開いている部屋がすでに{top}つあります。どれかを始めるか、閉じるのを待ってください"
                               f"（誰も座らない部屋は{ja}で閉じます）")
        return key

    async def create(self, data: Any, password_hash: str | None = None, rematch_of: str | None = None,
                     address: str | None = None, who: Who = NOBODY) -> Room:
        """A new room (``password_hash``: the password already hashed, off the event loop), made by a
        person at ``address`` (None: a rematch, made by the seats of a finished room); ``who`` asks
        (a ban on making rooms refuses him)."""
        settings = validate_settings(data)
        check_line(settings["name"], self.moderation.words, (), ROOM_NAME)  # the lobby lists it to everybody
        await self.moderation.check("create", who)
        if settings.get("ready_check"):  # the room keeps the server's wait: a restart or a new limit changes it not
            settings["ready_check"] = self.limits.ready_seconds
        by = None
        if address is not None:
            by = await self.may_create(address)
            self.creation_limits.check(by)
        password = settings.pop("password")
        private = settings.pop("private", False)
        if password is not None and password_hash is None:
            password_hash = hash_password(password)
        elif password is None and rematch_of is None:
            password_hash = None
        room_id = uuid.uuid4().hex[:10]
        if self.cluster is not None:
            await self.cluster.pin(room_id)
        seed = secrets.randbits(63)  # a room's seed is made here, at the edge, and stored
        created = {"name": settings["name"], "mode": settings["mode"], "settings": settings, "seed": seed,
                   "password": password_hash}
        if rematch_of is not None:
            created["rematch_of"] = rematch_of
        if by is not None:
            created["by"] = by
        if private:
            created["private"] = True
        room = Room.created(await self.db.append(room_id, 0, "created", created))
        self.rooms[room_id] = room
        self._notify(room)  # (in a cluster: its lobby line)
        return room

    async def room(self, room_id: str) -> Room:
        """The room (read from the store if it is not in memory): RoomError 404 for no such room,
        410 for a room closed unused."""
        room = await self._find(room_id)
        if room is None:
            raise RoomError(f"no room {room_id[:64]!r}", status=404, ja=f"部屋 {room_id[:64]!r} はありません")
        if room.closed:
            en, ja = self._idle_time()
            raise RoomError(f"room {room_id!r} was closed: nobody sat in it for {en}", status=410,
                            ja=f"部屋 {room_id!r} は閉じられました（{ja}のあいだ誰も座りませんでした）")
        return room

    async def _find(self, room_id: Any) -> Room | None:
        """A room in memory, else read from the store: a replica for another process's room, else
        kept (a running room that left memory when its store failed is active again)."""
        if not isinstance(room_id, str) or len(room_id) > 64:
            return None
        with contextlib.suppress(KeyError):
            return self.rooms[room_id]
        if self.cluster is not None and not self.cluster.owns(room_id):
            return await self._follow(room_id)
        room = await self._load(room_id)
        return None if room is None else self.rooms.keep(room)

    def _idle_time(self) -> tuple[str, str]:
        """How long an unused room stays open, in words (English, Japanese)."""
        seconds = self.limits.idle_room_seconds
        if seconds >= 60:
            return f"{seconds / 60:g} minutes", f"{seconds / 60:g}分"
        return f"{seconds:g} seconds", f"{seconds:g}秒"

    async def sweep(self) -> None:
        """Close every unstarted room where no person has sat for ``idle_room_seconds`` (kept in
        the archive: its id answers that it was closed)."""
        now = self.clock()
        for room in list(self.rooms.active.values()):
            if not room.started and not room.order and now - room.touched >= self.limits.idle_room_seconds:
                async with self._holding(room.id):
                    if room.started or room.order or self.rooms.active.get(room.id) is not room:
                        continue
                    try:
                        await self._append(room, "closed", {"reason": "idle"})
                    except NotStored:
                        continue
                    await self.db.archive(room.id, room.seq, room.summary(), {})
                    self.rooms.keep_finished(room)
                    self._notify(room)

    async def join(self, room_id: str, name: Any, password: Any = None, *, verified: bool = False,
                   account: Account | None = None, who: Who = NOBODY, token: Any = None,
                   browser: Any = None) -> tuple[int, str]:
        """Take the first free seat. A password room needs its password (``verified``: the caller
        has checked it already, off the event loop). ``account``: the signed-in player's (an
        accounts-only room needs one; an account takes one seat a room, under any nickname).
        ``who`` asks (his address; a ban on playing refuses him), ``token`` (a seat token his page
        still holds) and ``browser`` (his browser's id): what the host's kick bars.

        While the game is played, where its mode says ``joinable`` (classic エンドレス闇鍋), the same door
        with the same checks lets a person join it: the seat answered is the one the game will give him
        (the next after the seats and the people waiting before him); his token opens it once the game
        has seated him (at the next dawn), and until then shows him the room as a spectator sees it."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            if room.started and not room.joinable:
                if room.state is not None and not room.is_over and modes.fewest_seats(room.mode, room.settings) is not None:
                    try:  # a game people join while it is played (エンドレス闇鍋): its own reason (full, or closing)
                        modes.check_enter(room.mode, room.state, name)
                    except IllegalActionError as refused:
                        raise RoomError(f"nobody may join this game now: {refused}; you can watch as a spectator",
                                        ja=f"今は途中参加できません: {refused.japanese}。観戦はできます") from None
                raise RoomError("the game has started: you can watch as a spectator",
                                ja="ゲームは始まっています。観戦はできます")
            await self.moderation.check("play", who, account.key if account else None)
            if room.password is not None and not verified and not password_matches(password, room.password):
                raise RoomError("wrong room password", status=403, ja="部屋のパスワードが違います")
            signed = check_account_seat(room, account)
            await self.passes.load()
            keys = {"account": account.key if account else None, "address": address_key(self.passes, who.address),
                    "browser": self.passes.sign("browser", browser) if isinstance(browser, str) and 16 <= len(
                        browser) <= 64 else None,
                    "token": hash_token(token) if isinstance(token, str) and token else None}
            if any((what, key) in room.barred for what, key in keys.items() if key):
                raise RoomError("the host removed you from this room: you cannot take a seat here again", status=403,
                                ja="ホストにこの部屋から外されたため、ここにはもう座れません")
            signed.update({what: key for what in ("address", "browser") if (key := keys[what])})
            free = [len(room.seats) + len(room.entrants)] if room.started else room.free_seats()
            if not free:
                raise RoomError("the room is full: you can watch as a spectator", ja="満席です。観戦はできます")
            masked = room.masks is not None  # 覆面: names are not unique there, so a refusal tells nobody who sits
            name = check_name(name, [] if masked else [s.name for s in (*room.seats, *room.entrants) if s is not None])
            check_line(name, self.moderation.words, room.words, NICKNAME)
            token = new_token()
            entering = {"entering": True} if room.started else {}
            await self._append(room, "joined", {"seat": free[0], "name": name, "token": hash_token(token), **signed,
                                                **entering})
            self._notify(room)
            return free[0], token

    async def leave(self, room_id: str, token: Any) -> None:
        """Give one's seat back before the start (the token no longer opens anything)."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = room.seat_of(token)
            if room.started:
                raise RoomError("the game has started: a seat cannot be left any more",
                                ja="ゲームは始まっています。もう席を離れることはできません")
            await self._append(room, "left", {"seat": seat})
            self._notify(room)

    async def kick(self, room_id: str, token: Any, target: Any) -> None:
        """The host empties another seat (a person's or a bot's) before the start."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = room.seat_of(token)
            if room.started:
                raise RoomError("the game has started: nobody can be removed any more",
                                ja="ゲームは始まっています。もう誰も外せません")
            if seat != room.host:
                raise RoomError("only the host (who sat down first) may remove a player", status=403,
                                ja="参加者を外せるのはホスト（最初に座った人）だけです")
            if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < len(room.seats) or (
                    room.seats[target] is None):
                raise RoomError(f"seat must be a taken seat's number (0–{len(room.seats) - 1}), not {target!r:.20}",
                                ja=f"seat は人のいる席の番号（0–{len(room.seats) - 1}）です: {target!r:.20}")
            if target == seat:
                raise RoomError("the host leaves with 'leave', not by removing himself",
                                ja="ホストは自分を外すのではなく「退席」で席を離れます")
            await self._append(room, "left", {"seat": target, "by": seat})
            self._notify(room)

    async def fill_with_bots(self, room_id: str, token: Any, lang: Any = "en", who: Who = NOBODY) -> None:
        """Bots in the empty seats, named in ``lang`` (``en`` or ``ja``: the page's language)."""
        if lang not in ("en", "ja"):
            raise RoomError(f"lang is en or ja, not {lang!r:.20}", ja=f"lang は en か ja です（{lang!r:.20}ではなく）")
        async with self._holding(room_id):
            room = await self.room(room_id)
            await self._may(room, "play", token, who)
            if room.started:
                raise RoomError("the game has started", ja="ゲームは始まっています")
            taken = {s.name for s in room.seats if s is not None}
            names = [n for n in (BOT_NAMES_JA if lang == "ja" else BOT_NAMES) if n not in taken]
            names += [n for n in (f"{'ボット' if lang == 'ja' else 'Bot '}{i}" for i in range(1, len(room.seats) + 1))
                      if n not in taken]
            for seat, name in zip(room.free_seats(), names):
                await self._append(room, "bot", {"seat": seat, "name": name})
            self._notify(room)

    async def start(self, room_id: str, token: Any, who: Who = NOBODY) -> None:
        """Start the game: every seat taken, and in a room with a ready check every person ready (the
        one who starts counts as ready) or the room full for its ``ready_check`` seconds."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = await self._may(room, "play", token, who)
            if room.started:
                raise RoomError("the game has already started", ja="ゲームはもう始まっています")
            fewest = modes.fewest_seats(room.mode, room.settings)  # エンドレス闇鍋: the people present start it
            taken = len(room.seats) - len(room.free_seats())
            if fewest is not None and taken < fewest:
                raise RoomError(f"{taken} seats are taken: this room starts with {fewest} at least (more join while it "
                                f"is played): wait for players or fill seats with bots",
                                ja=f"座っているのは{taken}席です。この部屋は{fewest}席以上で始められます（途中参加あり）。"
                                   f"参加者を待つか、ボットで埋めてください")
            if fewest is None and room.free_seats():
                raise RoomError(f"{len(room.free_seats())} seats are empty: wait for players or fill them with "
                                f"bots", ja=f"空席が{len(room.free_seats())}つあります。参加者を待つか、ボットで埋めてください")
            unready = room.unready(seat) if room.settings.get("ready_check") else []
            wait = 0.0 if not unready or room.full_since is None else (
                room.full_since + room.settings["ready_check"] - self.clock())
            if wait > 0:
                names = ", ".join(room.shown_names(seat)[s] for s in unready)  # 覆面: under their masks
                raise RoomError(f"{len(unready)} of the players have not said they are ready ({names}): wait for them, "
                                f"or start without them in {max(1, round(wait))} s",
                                ja=f"準備完了していない参加者がいます（{names}）。待つか、{max(1, round(wait))}秒後に"
                                   f"そのまま開始してください")
            day = time.localtime(self.clock())  # the room's date (its seasonal events), stored: a replay reads it
            await self._append(room, "started", {"host": room.host, "date": f"{day.tm_mon:02d}-{day.tm_mday:02d}"})
            await self._progress(room)
            self._notify(room)

    async def ready(self, room_id: str, token: Any, ready: Any = True, who: Who = NOBODY) -> None:
        """A seat says it is ready to start (``ready`` false: no longer) — the ready check of a room
        made with ``ready_check``; said again, nothing is stored."""
        if not isinstance(ready, bool):
            raise RoomError(f"ready is true or false, not {ready!r:.20}", ja=f"ready は true か false です: {ready!r:.20}")
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = await self._may(room, "play", token, who)
            if room.started:
                raise RoomError("the game has started", ja="ゲームは始まっています")
            if not room.settings.get("ready_check"):
                raise RoomError("this room has no ready check: the host starts when the seats are taken",
                                ja="この部屋に準備確認はありません。席が埋まればホストが開始します")
            if (seat in room.ready) == ready:
                return
            await self._append(room, "ready", {"seat": seat, "ready": ready})
            self._notify(room)

    async def rematch(self, room_id: str, token: Any, who: Who = NOBODY,
                      barred: Callable[[str], Awaitable[bool]] | None = None) -> str:
        """A new room with the same settings and the same seats (each token opens its seat there
        too); asked again, the same room. ``barred``: whether an account may not take a seat now
        (a cooldown for sudden deaths): its seat is left free. A room played with more seats than its number
        (エンドレス闇鍋: newcomers took the places of seats lost for good) seats its first ones."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            await self._may(room, "play", token, who)
            if not room.is_over:
                raise RoomError("a rematch is for when the game is over", ja="再戦はゲームが終わってからです")
            if room.rematch is not None:
                return room.rematch
            data = {**room.settings, "name": room.name, "mode": room.mode.name, "private": room.private,
                    "ready_check": bool(room.settings.get("ready_check"))}
            new = await self.create(data, room.password, rematch_of=room.id)
            for seat, info in enumerate(room.seats):
                if seat >= len(new.seats):  # エンドレス闇鍋: more seats than the room's number were played
                    break
                if info is not None and info.bot:
                    await self._append(new, "bot", {"seat": seat, "name": info.name})
                elif info is not None and info.account and barred is not None and await barred(info.account):
                    continue
                elif info is not None:
                    signed = {"account": info.account, "account_name": info.account_name,
                              **({"title": info.title} if info.title else {})} if info.account else {}
                    signed.update({k: v for k, v in (("address", info.address), ("browser", info.browser)) if v})
                    await self._append(new, "joined", {"seat": seat, "name": info.name, "token": info.token, **signed})
            await self._append(room, "rematch", {"room": new.id})
            self._notify(room)
            return new.id

    async def act(self, room_id: str, token: Any, action: Any, action_id: Any = None, who: Who = NOBODY) -> None:
        """A seat's action (its token), checked, stored, folded; then the game goes on (bots,
        outcomes) as far as it can without a person. Sent again, it stores nothing and is answered
        as accepted: with ``action_id``, the id its client gave it, once an action with that id is
        stored (a retry whose answer was lost: it is never stored twice), or when the action is
        already in effect (the mode's ``repeats``: the same vote, the same "done")."""
        action_id = check_action_id(action_id)
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = await self._may(room, "play", token, who)
            if not room.started:
                raise RoomError("the game has not started yet", ja="ゲームはまだ始まっていません")
            self.action_limits.check((room.id, seat))
            if action_id is not None and (seat, action_id) in room.acted:
                if room.acted[seat, action_id] != action:
                    raise RoomError("this id was given to another action of yours: each action has an id of its own",
                                    ja="この id は別の行動に使われています。行動ごとに別の id を付けてください")
                return  # stored already: no event, no push
            if room.mode.repeats(room.state, seat, action):
                return  # nothing changes: no event, no push
            await self._act(room, seat, action, action_id)
            await self._progress(room)
            self._notify(room)

    async def _act(self, room: Room, seat: int, action: Any, action_id: str | None = None) -> None:
        """The one path of an action, a person's or a bot's: checked against the room now (a turn
        whose time is up closes first, and the action is refused), stored (with its client's id),
        folded."""
        deadline = room.deadline if room.deadline_key == room.turn_key else None
        if deadline is not None and deadline <= self.clock() and not room.is_over:
            await self._close_turn(room)  # the timer has not fired yet: the turn closes now, before this action
            raise RoomError("too late: the time for this turn was up", ja="時間切れです: この手番の時間は終わりました")
        data: dict[str, Any] = {"seat": seat, "action": action}
        spent = room.time_spent(seat, self.clock())  # measured before the action changes whose turn it is
        if spent:
            data["spent"] = round(spent, 3)
        if action_id is not None:
            data["id"] = action_id
        try:
            room.mode.check(room.state, seat, action)  # the mode's pure check: a refused action stores nothing
        except (IllegalActionError, ImpossibleOutcomeError) as error:
            raise RoomError(str(error), ja=error.ja) from None
        await self._append(room, "action", data)  # stored, then folded (Room.fold: the mode's act)

    async def extend(self, room_id: str, token: Any, seconds: Any) -> None:
        """The game master (the mode's optional ``game_master(state)``: classic's GM room) moves the
        turn's deadline by ``seconds`` (−600…600, not 0): stored as a new deadline of the same turn. A
        shortening leaves some time (the reference's 「時間短縮」 refuses one that would leave none)."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            seat = room.seat_of(token)
            master = getattr(room.mode, "game_master", None)
            if master is None or room.state is None or master(room.state) != seat:
                raise RoomError("only the game master (a GM room's host) changes the time", status=403,
                                ja="時間を変えられるのはゲームマスター（GM部屋のホスト）だけです")
            if isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 < abs(seconds) <= 600:
                raise RoomError(f"seconds is a whole number from -600 to 600, not 0: not {seconds!r:.20}",
                                ja=f"seconds は -600〜600 の整数（0以外）です: {seconds!r:.20}")
            deadline = room.deadline if room.deadline_key == room.turn_key and not room.is_over else None
            if deadline is None:
                raise RoomError("no time runs now: nothing to change", ja="今は時間が進んでいません")
            left = deadline - self.clock()
            if left + seconds <= 0:
                raise RoomError(f"only {max(0, int(left))} seconds are left: the time cannot be shortened by {-seconds}",
                                ja=f"残りは{max(0, int(left))}秒です: {-seconds}秒は短縮できません")
            round_, turn = room.turn_key
            await self._append(room, "deadline", {"round": round_, "turn": turn, "at": deadline + seconds,
                                                  "start": room.deadline_start})
            self._arm(room)
            self._notify(room)

    async def chat(self, room_id: str, token: Any, text: Any, channel: Any = None,
                   spectator: str | None = None, who: Who = NOBODY) -> None:
        """Say ``text`` in ``channel`` (None: the first one the speaker may write). A seat speaks with
        its token; a spectator with the name of his pass (``spectator``), in the spectators' channel.
        A ban on chatting refuses ``who`` (and a seat whose account is banned); a line with a word of
        the server's list or the room's is refused."""
        async with self._holding(room_id):
            room = await self.room(room_id)
            entrant = room.entrant_of(token) if spectator is None or token is not None else None
            if entrant is not None:  # a person waiting for his seat talks with the spectators, under his name
                spectator, token = room.entering()[entrant - len(room.seats)], None  # 覆面: his seat's mask
            seat = None if spectator is not None and token is None else room.seat_of(token)
            speaker = room.seats[seat] if seat is not None else room.entrants[entrant - len(room.seats)] if (
                entrant is not None) else None
            await self.moderation.check("chat", who, speaker.account if speaker is not None else None)
            if not isinstance(text, str) or not text.strip():
                raise RoomError("a chat message is some text", ja="発言には文字を入れてください")
            text = text.strip()
            if len(text) > CHAT_LIMIT or any(not (c.isprintable() or c == "\n") for c in text):
                raise RoomError(f"a chat message is at most {CHAT_LIMIT} printable characters",
                                ja=f"発言は表示できる文字で{CHAT_LIMIT}字までです")
            check_line(text, self.moderation.words, room.words)
            channels = room.channels(seat)
            found = next((c for c in channels if c.key == channel), None) if channel is not None else (
                next((c for c in channels if c.writable), channels[0] if channels else None))
            if found is None:
                keys = ", ".join(c.key for c in channels) or "none"
                raise RoomError(f"no chat channel {channel!r:.20} for you now: yours are {keys}", status=403,
                                ja=f"今あなたが書けるチャンネルではありません（{channel!r:.20}）: {keys}")
            if found.closed is not None:
                raise RoomError(found.closed, ja=found.closed_ja)
            self.chat_limits.check((room.id, seat if seat is not None else f"~{spectator}"))
            shown = room.shown_names()  # 覆面: a seat speaks under its mask until the end
            name = shown[seat] if seat is not None else f"{spectator} (観戦)"
            data = {"seat": seat, "name": name, "text": text, "phase": room.phase}
            mark = room.log_mark()
            if mark is not None:
                data["mark"] = mark
            if found.key != channels[0].key:
                data["channel"] = found.key
            voices = getattr(room.mode, "voices", None)  # a line said aloud under another seat's name (悪霊憑き)
            speakers = voices(room.state, seat, found.key) if voices is not None and room.state is not None else ()
            if speakers:
                data["veiled"] = True
            await self._append(room, "chat", data)
            if speakers:  # possessed voice: one drawn per line, the copy recorded under its name
                chosen = speakers[int(self._rng(room).integers(len(speakers)))]
                copy = {"seat": chosen, "name": shown[chosen], "text": text, "phase": room.phase}
                if mark is not None:
                    copy["mark"] = mark
                await self._append(room, "chat", copy)
            self._notify(room)

    async def set_words(self, room_id: str, token: Any, words: Any) -> None:
        """The host sets the room's word list (its chat refuses a line holding one of them)."""
        words = check_room_words(words)
        async with self._holding(room_id):
            room = await self.room(room_id)
            if room.seat_of(token) != room.host:
                raise RoomError("only the host (who sat down first) may set the room's words", status=403,
                                ja="部屋の禁止語を決められるのはホスト（最初に座った人）だけです")
            if tuple(words) != room.words:
                await self._append(room, "words", {"words": words})
                self._notify(room)

    async def report(self, room_id: str, token: Any, pass_: Any, data: dict[str, Any], who: Who = NOBODY,
                     ) -> dict[str, Any]:
        """A report of a line or a seat by someone who reads the room, to the administrators' queue
        (see :meth:`~jinrou.server.moderation.Moderation.report`)."""
        room, seat, spectator = await self.reader(room_id, token, pass_)
        self.report_limits.check(who.address or (room.id, seat))
        name = room.names[seat] if seat is not None else spectator
        return await self.moderation.report(room, seat, spectator, who, data, name)

    async def _may(self, room: Room, kind: str, token: Any, who: Who) -> int:
        """The seat ``token`` opens, if a ban of ``kind`` refuses neither ``who`` nor the seat's account."""
        seat = room.seat_of(token)
        info = room.seats[seat]
        await self.moderation.check(kind, who, info.account if info is not None else None)
        return seat

    # ----------------------------------------------------------- who reads

    async def pass_for(self, room_id: str, name: Any = None) -> str:
        """A spectator's pass: proof of a password room's password, and the name he chats under.
        It is signed with the server's secret, so it needs no storage and survives restarts."""
        await self.passes.load()
        room = await self.room(room_id)
        if name is not None:
            seated = room.shown_names() if room.masks is not None else [s.name for s in room.seats if s is not None]
            seated += room.entering()  # the people waiting for a seat speak under those names (覆面: masks) too
            name = check_nickname(name, seated, NAME_LIMIT)  # 覆面: checked against the masks, never the names
            check_line(name, self.moderation.words, room.words, NICKNAME)
        return self.passes.issue(room.id, name or "")

    async def reader(self, room_id: str, token: Any = None, pass_: Any = None,
                     ) -> tuple[Room, int | None, str | None]:
        """The room, the reader's seat (None: a spectator) and a spectator's name; RoomError 401 for
        a password room without a seat token or a pass, 403 for a token that opens no seat."""
        await self.passes.load()
        room = await self.room(room_id)
        if token and room.entrant_of(token) is not None:
            return room, None, None  # a person waiting for his seat reads as a spectator (see entrant_of)
        if token:
            return room, room.seat_of(token), None
        name = self.passes.spectator(room.id, pass_) if pass_ else None
        if pass_ and name is None:
            raise RoomError("this spectator's pass is not for this room: ask for a new one", status=403,
                            ja="この観戦パスはこの部屋のものではありません。新しく受け取ってください")
        if room.password is not None and name is None:
            raise RoomError("this room has a password: give it to watch or to take a seat", status=401,
                            ja="この部屋にはパスワードがあります。観戦や参加にはパスワードを入れてください")
        return room, None, name or None


class Blocking:
    """A :class:`RoomService` driven from synchronous code — a test, a tool: each of its coroutine
    methods called through this runs to its end, the game's slices of progress included, on
    ``call`` (a function that runs a coroutine function to its result: a test client's portal to
    the app's loop), or else on a loop of its own. Its other attributes are the service's.

        service = Blocking(RoomService(open_store("jinrou.db")))
        room = service.create({"name": "a room", "seats": 5})
    """

    def __init__(self, service: RoomService, call: Callable[[Callable[[], Awaitable[Any]]], Any] | None = None):
        self.service = service
        self._loop = asyncio.new_event_loop() if call is None else None
        self._call = call

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.service, name)
        if not inspect.iscoroutinefunction(found):
            return found

        def run(*args: Any, **kwargs: Any) -> Any:
            async def whole() -> Any:
                try:
                    return await found(*args, **kwargs)
                finally:
                    await self.service.quiet()

            if self._call is not None:
                return self._call(whole)
            assert self._loop is not None
            return self._loop.run_until_complete(whole())

        return run

    def close(self) -> None:
        """Close the service's asynchronous store (its pool, its thread) and the loop of its own."""
        if self._loop is not None:
            self._loop.run_until_complete(self.service.db.close())
            self._loop.close()

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("service", "_loop", "_call"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.service, name, value)
