"""AI seats in rooms of ``jinrou serve``: AIWolf agents play bot seats of classic rooms, through the seat's view only.

``jinrou serve --aiwolf-port PORT`` opens an :class:`AgentPool`: agents connect there (asked their
``NAME`` at once) and wait. A classic room whose host opens ``aiwolf_seats`` (a fixed cast or 普通1
of the roles the protocol knows) gives its bot seats to waiting agents, one each, up to that number;
a seat with no agent, or whose agent is gone, is played by jinrou's bot as before.

An agent sees exactly what its seat's :class:`~jinrou.classic.views.SeatView` shows, as protocol
packets: its status map, its role and the allies its view knows, its divination or medium results
(the seat's messages), the public deaths, and the day's claims — a person's and a bot's — as
sentences (:func:`~jinrou.aiwolf.mapping.sentence_of`) in ``talkHistory``. Its sentences that are
claims become the seat's claims (shown in the page's language like every claim); other sentences
are not shown. AIWolf's day ``d`` is the room's day ``d + 1`` (the first night is night 0). Each
step of the seat is one :meth:`RoomAgent.step`: ``INITIALIZE`` once, ``DAILY_INITIALIZE`` and
``DAILY_FINISH`` as the days turn, ``TALK`` at the day's first ballot until the agent says ``Over``
or ``Skip`` three times in a row (or ten utterances), ``VOTE``, and at night ``DIVINE``, ``GUARD`` and ``ATTACK`` (an
attack proposed while other wolves may choose, as the bots do). A late or illegal answer leaves the
step to jinrou's bot.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jinrou.aiwolf.language import OVER, SKIP, Content, ProtocolError
from jinrou.aiwolf.mapping import AIWOLF_ROLE, claims_of, index_of, seat_of, sentence_of
from jinrou.aiwolf.server import RemotePlayer
from jinrou.aiwolf.wire import GameInfo, GameSetting, Judge, Request, Talk, packet, read_target
from jinrou.classic.claims import Claim
from jinrou.classic.game import Game, Legal
from jinrou.classic.model import Stage, Verb
from jinrou.classic.views import SeatView

PROTOCOL_ROLES = frozenset(AIWOLF_ROLE)
"""The jinrou roles the protocol knows: only rooms cast from them may open AI seats."""
MAX_TALK = 10
MAX_SKIP = 2
VERBS = {Verb.DIVINE: Request.DIVINE, Verb.GUARD: Request.GUARD, Verb.ATTACK: Request.ATTACK}


class AgentPool:
    """Agents waiting for a seat, and the seats they play (room key, game seat) → :class:`RoomAgent`."""

    def __init__(self, listener: socket.socket, time_limit: float = 1.0) -> None:
        self.listener = listener
        self.time_limit = time_limit
        self.waiting: list[RemotePlayer] = []
        self.seated: dict[tuple[str, int], RoomAgent] = {}
        self.lock = threading.Lock()
        self._thread = threading.Thread(target=self._accept, name="aiwolf-pool", daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return int(self.listener.getsockname()[1])

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self.listener.accept()
            except OSError:
                return  # closed
            player = RemotePlayer(sock, self.time_limit)
            name = player.ask(Request.NAME, lambda: packet(Request.NAME))
            if name is None:
                player.close()
                continue
            player.name = name.strip()[:32] or "agent"
            with self.lock:
                self.waiting.append(player)

    def agent(self, key: str, seat: int, opened: int) -> RoomAgent | None:
        """The agent playing ``seat`` of the room ``key``: a waiting one is seated while the room has
        fewer than ``opened`` (None: jinrou's bot plays it)."""
        with self.lock:
            agent = self.seated.get((key, seat))
            if agent is not None and agent.player.gone:
                del self.seated[(key, seat)]
                agent = None
            if agent is None:
                self.waiting = [p for p in self.waiting if not p.gone]
                taken = sum(1 for (k, _) in self.seated if k == key)
                if taken < opened and self.waiting:
                    agent = self.seated[(key, seat)] = RoomAgent(self.waiting.pop(0), seat)
            return agent

    def names(self, key: str) -> dict[int, str]:
        """The agents' names by game seat in the room ``key``."""
        with self.lock:
            return {s: a.player.name for (k, s), a in self.seated.items() if k == key}

    def close(self) -> None:
        self.listener.close()
        with self.lock:
            for player in self.waiting:
                player.close()
            for agent in self.seated.values():
                agent.player.close()


POOL: AgentPool | None = None
"""The server's pool (``jinrou serve --aiwolf-port``); None: rooms have no AI seats."""


def open_pool(host: str, port: int, time_limit: float = 1.0) -> AgentPool:
    """Listen for agents on ``host``:``port`` and make it the server's pool."""
    from jinrou.aiwolf.server import listen

    global POOL
    POOL = AgentPool(listen(host, port), time_limit)
    return POOL


@dataclass
class RoomAgent:
    """One agent in one seat: what it has been told so far."""

    player: RemotePlayer
    seat: int
    initialized: bool = False
    day: int = -1
    finished: bool = False  # DAILY_FINISH sent for ``day``
    talk: int = 0  # utterances asked today
    talked: bool = False  # said Over or Skip today
    sent: int = 0  # today's talks already sent
    alive: tuple[bool, ...] = ()
    executed: int = -1
    last_dead: list[int] = field(default_factory=list)
    acted: set[tuple[int, Verb]] = field(default_factory=set)  # (room day, verb) asked at night
    pending: list[Claim] = field(default_factory=list)  # claims of its last utterance still to say

    def step(self, game: Game, first_ballot: bool, discussion: bool, propose: bool,
             rng: np.random.Generator) -> dict[str, Any] | Claim | None:
        """The seat's next action as a person sends it, or a claim to say (None: let jinrou's bot take the
        step)."""
        me = self.seat
        view = SeatView.of(game, me)
        day = game.day - 1
        if not self.initialized:
            self.initialized, self.alive = True, view.alive
            self.player.tell(Request.INITIALIZE, lambda: packet(Request.INITIALIZE, self.info(game, view),
                                                                self.setting(game)))
        if day != self.day:
            if self.day >= 0 and not self.finished:
                self.player.tell(Request.DAILY_FINISH, lambda: self._histories(Request.DAILY_FINISH, game, view))
            self._new_day(day, view)
            self.player.tell(Request.DAILY_INITIALIZE, lambda: packet(Request.DAILY_INITIALIZE, self.info(game, view)))
        names = game.names
        if view.stage is Stage.DAY:
            if first_ballot and not self.talked:
                claim = self._talk(game, view)
                if claim is not None:
                    return claim
            if discussion:
                return {"done": True}
            legal = next((lg for lg in view.legal if lg.verb is None), None)
            if legal is None:
                return None
            if not self.finished:
                self.finished = True
                self.player.tell(Request.DAILY_FINISH, lambda: self._histories(Request.DAILY_FINISH, game, view))
            target = self._target(Request.VOTE, game, view, legal)
            return None if target is None else {"vote": names[target]}
        if view.stage is Stage.NIGHT:
            for legal in view.legal:
                verb = legal.verb
                request = VERBS.get(verb) if verb is not None else None
                if verb is None or request is None or (game.day, verb) in self.acted or not legal.targets:
                    continue
                self.acted.add((game.day, verb))
                target = self._target(request, game, view, legal)
                if target is not None:
                    key = "propose" if verb is Verb.ATTACK and propose else "act"
                    return {key: verb.value, "targets": [names[target]]}
        return None

    # ------------------------------------------------------------------ requests

    def _talk(self, game: Game, view: SeatView) -> Claim | None:
        if self.pending:  # an utterance that made several claims: one a step
            return self.pending.pop(0)
        skips = 0
        while self.talk < MAX_TALK:
            self.talk += 1
            answer = self.player.ask(Request.TALK, lambda: self._histories(Request.TALK, game, view))
            try:
                content = Content.parse(answer or SKIP)
            except ProtocolError:
                content = Content.skip()
            if str(content) == OVER:
                break
            if str(content) == SKIP:  # asked again, as a next turn of the talk, at most MAX_SKIP times in a row
                skips += 1
                if skips > MAX_SKIP:
                    break
                continue
            skips = 0
            claims = claims_of(content, self.seat)
            if claims:
                self.pending = claims[1:]
                return claims[0]
        self.talked = True
        return None

    def _target(self, request: Request, game: Game, view: SeatView, legal: Legal) -> int | None:
        answer = self.player.ask(request, lambda: self._histories(request, game, view))
        target = read_target(answer)
        if target is None or seat_of(target) not in legal.targets:
            return None
        return seat_of(target)

    def _new_day(self, day: int, view: SeatView) -> None:
        self.pending = []
        died = [s for s, was in enumerate(self.alive) if was and not view.alive[s]]
        executed = [s for s in died if view.causes.get(s) == "execution"]
        self.executed = index_of(executed[-1]) if executed else -1
        self.last_dead = [index_of(s) for s in died if s not in executed]
        self.alive, self.day, self.finished, self.talk, self.talked, self.sent = view.alive, day, False, 0, False, 0

    # ------------------------------------------------------------------ packets

    def talks(self, game: Game, view: SeatView) -> list[Talk]:
        """Today's claims, as sentences (a claim the protocol cannot say is left out)."""
        out: list[Talk] = []
        for day, speaker, claim in view.claims:
            if day == game.day:
                sentence = sentence_of(claim, speaker)
                if sentence is not None:
                    out.append(Talk(len(out), self.day, 0, index_of(speaker), str(sentence)))
        return out

    def _histories(self, request: Request, game: Game, view: SeatView) -> dict[str, Any]:
        talks = self.talks(game, view)
        new, self.sent = talks[self.sent:], len(talks)
        return packet(request, talks=new, whispers=[])

    def info(self, game: Game, view: SeatView) -> GameInfo:
        me = self.seat
        agent = index_of(me)
        roles = {agent: AIWOLF_ROLE.get(view.role or "", "VILLAGER")}
        for other, labels in view.labels.items():
            for label in labels:
                if label in AIWOLF_ROLE or label in ("wolves", "Werewolf"):
                    roles[index_of(other)] = AIWOLF_ROLE.get(label, "WEREWOLF")
        divine = medium = None
        for _, message in view.messages:
            if message.key in ("divined", "psychic") and message.to is not None and me in message.to:
                result = str(getattr(message.args["result"], "value", message.args["result"]))
                judge = Judge(max(self.day, 0), agent, index_of(int(message.args["target"])),  # type: ignore[call-overload]
                              "WEREWOLF" if result == "werewolf" else "HUMAN")
                if message.key == "divined":
                    divine = judge
                else:
                    medium = judge
        existing = sorted(AIWOLF_ROLE[r] for r in (_counts(game))
                          if r in AIWOLF_ROLE) or [roles[agent]]
        return GameInfo(
            day=max(self.day, 0), agent=agent,
            status={index_of(s): "ALIVE" if view.alive[s] else "DEAD" for s in range(view.n)},
            roles=roles, existing_roles=existing, divine_result=divine, medium_result=medium,
            executed_agent=self.executed, last_dead=list(self.last_dead), talks=self.talks(game, view),
            remain_talk={index_of(s): MAX_TALK for s in view.living()},
        )

    def setting(self, game: Game) -> GameSetting:
        counts = _counts(game)
        return GameSetting({AIWOLF_ROLE[r]: k for r, k in counts.items() if r in AIWOLF_ROLE},
                           time_limit=int(self.player.time_limit * 1000), enable_role_request=False)


def play_seat(key: str, opened: int, game: Game, seat: int, first_ballot: bool, discussion: bool, propose: bool,
              rng: np.random.Generator) -> dict[str, Any] | Claim | None:
    """The step of an AI seat (None: no agent plays it, or it leaves this step to jinrou's bot)."""
    pool = POOL
    if pool is None or opened <= 0 or game.scapegoat == seat:
        return None
    agent = pool.agent(key, seat, opened)
    if agent is None:
        return None
    return agent.step(game, first_ballot, discussion, propose, rng)


def _counts(game: Game) -> dict[str, int]:
    """The role list the room was told (empty when it was told none)."""
    return (game.published.counts if game.published is not None else None) or {}


def protocol_roles_only(roles: Sequence[str]) -> list[str]:
    """The roles of a cast that the protocol does not know."""
    return sorted(set(roles) - PROTOCOL_ROLES)


__all__ = ["POOL", "PROTOCOL_ROLES", "AgentPool", "RoomAgent", "open_pool", "play_seat", "protocol_roles_only"]
