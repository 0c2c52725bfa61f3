"""A game's progress without a person: outcomes drawn and stored, bots acting, phases closing, deadlines.

Fairness: the game progresses in *slices* — when one has run for :data:`SLICE_SECONDS`, the rest is
scheduled after whatever else the loop has to do (other rooms, requests), so a 40-seat room of bots
playing a thousand events never freezes the server. Each slice is pushed as it ends, and never before
the outcomes due are drawn and stored (a phase's close, a 課金者's pull): a command never finds the
room between an action and its outcome.

Every :data:`SNAPSHOT_EVERY` events a room is snapshotted (:mod:`jinrou.server.snapshots`). When a
game ends the room is archived (its record and summary kept, its game listed in the history) and
leaves the active rooms.
"""

from __future__ import annotations

import asyncio
import logging
import time

from jinrou.server import history, snapshots
from jinrou.server.accounts import record_plays
from jinrou.server.registry import NotStored, Registry
from jinrou.server.rooms import Room, RoomError

SLICE_SECONDS = 0.02
"""How long one slice of a game's progress may run before the loop serves others (in a 40-seat
room one event can take 20 ms)."""
SLICE_EVENTS = 4
"""Events a slice always makes: a bot's one reply (a shogi move) or a small room's night is never
cut, so the command that set it off is answered with it done."""
SNAPSHOT_EVERY = 100
"""Events between two snapshots of a running room (and every room is snapshotted at shutdown): a
restart folds at most this many events a room."""
BOT_SECONDS = 20.0
"""How long a bot may think on its thread; one that has not decided sits out the turn."""
log = logging.getLogger("jinrou.server")


class GameProgress(Registry):
    """The service's part that lets each room's game go on as far as it can without a person."""

    async def _go_on(self, room_id: str) -> None:
        """Let a room of this process's go on (its bots, its deadline re-armed; a game over is
        archived), under its lock."""
        async with self._holding(room_id):
            room = self.rooms.active.get(room_id)
            if room is None:
                return
            if room.is_over:
                await self._finish(room)
            elif room.started:
                await self._progress(room)
            self._notify(room)

    async def _progress(self, room: Room) -> None:
        """Let the game run until it needs a person: outcomes, bots, phase closes; then the deadline.
        It goes in slices (see the module); the room's lock is held."""
        try:
            await self._progress_slice(room)
        except NotStored:  # the room left memory; it is read again from the store (see _append)
            return

    async def _progress_slice(self, room: Room) -> None:
        mode, started, made = room.mode, time.perf_counter(), 0
        while not room.is_over:
            outcome = mode.draw(room.state, lambda: self._rng(room))
            if outcome is not None:  # drawn before a slice ends: no room waits with an outcome pending
                await self._append(room, "outcome", {"outcome": outcome})
                made += 1
                continue
            ran = time.perf_counter() - started
            if made >= SLICE_EVENTS and ran > SLICE_SECONDS and self._later(room, ran):
                await self._snapshot(room)
                return
            waiting = mode.awaited(room.state)
            refused = self._refused.get(room.id, set())
            bot = next((s for s in waiting if room.is_bot(s) and (s, room.turn_key) not in refused), None)
            if bot is not None:  # one at a time: a slice may end between two bots
                await self._bot_acts(room, bot)
                made += 1
                continue
            deadline = room.deadline if room.deadline_key == room.turn_key else None
            if (not waiting and not room.current.timed) or (deadline is not None and deadline <= self.clock()):
                await self._append(room, "close", {})
                made += 1
                continue
            if deadline is None:
                seconds = room.turn_seconds()
                if seconds is None:
                    self._disarm(room)
                    await self._snapshot(room)
                    return
                now = self.clock()
                round_, turn = room.turn_key
                await self._append(room, "deadline", {"round": round_, "turn": turn, "at": now + seconds,
                                                      "start": now})
            self._arm(room)
            await self._snapshot(room)
            return
        self._disarm(room)
        await self._finish(room)

    async def _bot_acts(self, room: Room, seat: int) -> None:
        """A bot of this room (its owner runs them) plays its seat as a client would: it decides
        off the event loop, on a thread (other rooms go on meanwhile; this room's lock is held, so
        its state does not move under the bot), with the generator of ``(seed, seq)``, from what
        its seat sees (each mode's ``bot_action`` reads the seat's view: quantum's ``PlayerView``,
        classic's ``SeatView``, shogi's public board), and its action takes the path of a person's
        (:meth:`_act`: checked, stored, folded). A bot whose action is refused, or that has not
        decided within :data:`BOT_SECONDS`, sits out the turn: it is a seat the game waits for,
        whose deadline passes as a person's does."""
        try:
            action = await asyncio.wait_for(asyncio.to_thread(room.mode.bot_action, room.state, seat,
                                                              self._rng(room)), BOT_SECONDS)
            await self._act(room, seat, action)
        except (RoomError, TimeoutError) as error:
            if isinstance(error, NotStored):
                raise
            log.warning("room %s: the bot of seat %d sits out the turn (%s)", room.id, seat,
                        str(error) or "too slow")
            self._refused.setdefault(room.id, set()).add((seat, room.turn_key))

    def _later(self, room: Room, ran: float) -> bool:
        """Schedule the room's next slice after a pause as long as this one ran (at most a slice),
        so that a room of bots has at most half of the loop and other work whole turns of it
        (False: no loop)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        state = self._progress_state
        if room.id not in state.scheduled:
            state.pending.add(room.id)
            state.scheduled.add(room.id)
            state.settled.setdefault(room.id, loop.create_future())
            loop.call_later(min(ran, 4 * SLICE_SECONDS), lambda: self._spawn(self._next_slice(room.id)))
        return True

    async def _next_slice(self, room_id: str) -> None:
        """A scheduled slice. The room is settled when none is scheduled or running: a slice may start (and
        wait for the room's lock) while the one that scheduled it still ends (writes its snapshot)."""
        state = self._progress_state
        state.scheduled.discard(room_id)
        state.running[room_id] = state.running.get(room_id, 0) + 1
        try:
            await self._go_on(room_id)
        finally:
            state.running[room_id] -= 1
            if not state.running[room_id]:
                del state.running[room_id]
            if room_id not in state.scheduled and room_id not in state.running:
                state.pending.discard(room_id)
                done = state.settled.pop(room_id, None)
                if done is not None and not done.done():
                    done.set_result(None)

    async def settled(self, room_id: str) -> None:
        """Return once the room's game has progressed as far as it can without a person (its bots'
        slices done): a command's answer then tells what followed it, as a player expects."""
        done = self._progress_state.settled.get(room_id)
        if done is not None:
            await asyncio.shield(done)

    async def quiet(self) -> None:
        """Return once no room has a slice of progress scheduled (a synchronous driver — a test, a
        tool — then sees each command's whole consequence, as a person's answer does)."""
        while self._progress_state.settled:
            await asyncio.gather(*(asyncio.shield(f) for f in list(self._progress_state.settled.values())))

    async def _snapshot(self, room: Room, force: bool = False) -> None:
        if force or room.seq - self._progress_state.snapshot_at.get(room.id, 0) >= SNAPSHOT_EVERY:
            self._progress_state.snapshot_at[room.id] = room.seq
            try:
                await self.db.save_snapshot(snapshots.take(room))
            except snapshots.SnapshotError as error:  # the events are enough: a slower restart
                log.info("%s", error)

    async def _finish(self, room: Room) -> None:
        """The game is over: snapshot, archive (summary and record), and out of the active rooms."""
        await self._snapshot(room, force=True)
        # the signed-in seats' 戦績 first (written once however often): an archived room is never finished again
        await record_plays(self.db, room)
        entry = history.entry(room)
        if entry is not None:  # listed before it is archived: a restart in between lists it again (idempotent)
            await self.db.index_game(entry, room.seq, history.page(room, entry.line, self.clock()))
        await self.db.archive(room.id, room.seq, room.summary(), room.record())
        self.rooms.keep_finished(room)
        self._refused.pop(room.id, None)

    def _arm(self, room: Room) -> None:
        self._disarm(room)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a synchronous caller): the next command or restore re-arms
            return
        delay = max(0.0, (room.deadline or 0.0) - self.clock())
        room_id, key = room.id, room.turn_key
        self._timers[room.id] = loop.call_later(delay, lambda: self._spawn(self._deadline_passed(room_id, key)))

    def _disarm(self, room: Room) -> None:
        handle = self._timers.pop(room.id, None)
        if handle is not None:
            handle.cancel()

    async def _deadline_passed(self, room_id: str, key: tuple[int, int]) -> None:
        """The turn ``key`` of the room ran out of time (its timer fired)."""
        async with self._holding(room_id):
            room = self.rooms.active.get(room_id)
            if room is None or room.turn_key != key or room.is_over:
                return
            await self._close_turn(room)

    async def _close_turn(self, room: Room) -> None:
        """Close the turn in force (who missed a required action dies a sudden death), and go on;
        the room's lock is held."""
        self._disarm(room)
        try:
            await self._append(room, "close", {})
        except NotStored:
            return
        await self._progress(room)
        self._notify(room)
