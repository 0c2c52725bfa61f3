"""The arena over TCP: ``jinrou aiwolf serve`` (``org.aiwolf.server.net.TcpipServer`` and ``AIWolfGame``).

Agents connect to ``--host``/``--port`` and are asked their ``NAME`` at once, as the official server
does. The arena waits until ``--players`` agents are connected or ``--wait`` seconds have passed;
jinrou's bots take the seats left. The same connections play every game of the tournament (the
official server keeps them from game to game too); each game seats them in a new shuffled order
(the agent numbers, drawn from the game's seed over the agents sorted by name, so a tournament
replays whatever order they connected in) and deals the official cast, role requests honoured.

Each request waits ``time_limit`` seconds for its line. A late line is thrown away when it comes (it
answered an earlier request: an agent answers every request in order), a missing one is a substitute (:mod:`jinrou.aiwolf.arena`); an agent
whose connection closes is replaced by a bot for the rest of the tournament — a game never crashes.
Each game gives a summary (one JSON object) and, with a record directory, its ``jinrou.classic/1``
record; the tournament gives the wins of each agent and of each role with their 95 % Wilson intervals.
"""

from __future__ import annotations

import json
import os
import select
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jinrou.aiwolf.arena import ArenaGame, BotSeat, Packet, Player
from jinrou.aiwolf.wire import GameSetting, Request, encode, packet
from jinrou.classic.agent import Agent as Bot
from jinrou.classic.record import dumps
from jinrou.errors import SetupError
from jinrou.stats import Interval

MAX_LINE = 1 << 20
"""The longest answer line read (1 MiB); a longer one is refused as malformed."""


class RemotePlayer:
    """An agent on a TCP connection: one JSON packet a line out, one answer line back."""

    def __init__(self, sock: socket.socket, time_limit: float) -> None:
        self.sock = sock
        self.time_limit = time_limit
        self.name = "agent"
        self.late = 0  # answers that came after their time
        self.timeouts = 0
        self.owed = 0  # answers still to come to requests that timed out
        self._buffer = bytearray()
        self._gone = False
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    @property
    def gone(self) -> bool:
        return self._gone

    def tell(self, request: Request, packet: Packet) -> None:
        self._send(packet())

    def ask(self, request: Request, packet: Packet) -> str | None:
        self._drain()
        if not self._send(packet()):
            return None
        return self._read_line(time.monotonic() + self.time_limit)

    def close(self) -> None:
        self._gone = True
        try:
            self.sock.close()
        except OSError:  # pragma: no cover
            pass

    def _send(self, data: dict[str, Any]) -> bool:
        if self._gone:
            return False
        try:
            self.sock.sendall((encode(data) + "\n").encode())
        except OSError:
            self.close()
            return False
        return True

    def _drain(self) -> None:
        """Throw away the lines that came late (each answered an earlier request) or unasked."""
        while not self._gone:
            ready, _, _ = select.select([self.sock], [], [], 0)
            if not ready:
                break
            self._receive()
        while b"\n" in self._buffer:
            del self._buffer[:self._buffer.index(b"\n") + 1]
            self.late += 1
            self.owed = max(0, self.owed - 1)

    def _receive(self) -> None:
        try:
            chunk = self.sock.recv(65536)
        except OSError:
            chunk = b""
        if not chunk:
            self.close()
        self._buffer += chunk

    def _read_line(self, deadline: float) -> str | None:
        """The answer: the first line after the ones still owed to requests that timed out (an agent
        answers every request, in order, however late)."""
        while True:
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if self._gone or left <= 0 or len(self._buffer) > MAX_LINE:
                    if not self._gone and left <= 0:
                        self.timeouts += 1
                        self.owed += 1
                    return None
                ready, _, _ = select.select([self.sock], [], [], left)
                if ready:
                    self._receive()
            end = self._buffer.index(b"\n")
            line = bytes(self._buffer[:end]).decode("utf-8", "replace").rstrip("\r")
            del self._buffer[:end + 1]
            if self.owed == 0:
                return line
            self.owed -= 1  # the late answer to an earlier request
            self.late += 1


@dataclass
class Tally:
    """Wins of one agent or role over a tournament."""

    wins: int = 0
    games: int = 0

    def interval(self) -> Interval:
        return Interval.wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        iv = self.interval()
        return {"wins": self.wins, "games": self.games, "rate": round(iv.rate, 4),
                "ci95": [round(iv.low, 4), round(iv.high, 4)]}


@dataclass
class Tournament:
    """The wins per agent name and per AIWolf role."""

    agents: dict[str, Tally] = field(default_factory=dict)
    roles: dict[str, Tally] = field(default_factory=dict)
    winners: dict[str, int] = field(default_factory=dict)
    games: int = 0

    def add(self, names: Sequence[str], roles: Sequence[str], winners: frozenset[int], winner: str) -> None:
        self.games += 1
        self.winners[winner] = self.winners.get(winner, 0) + 1
        for seat, (name, role) in enumerate(zip(names, roles, strict=True)):
            for table, key in ((self.agents, name), (self.roles, role)):
                tally = table.setdefault(key, Tally())
                tally.games += 1
                tally.wins += seat in winners

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "winners": dict(sorted(self.winners.items())),
                "agents": {k: v.to_json() for k, v in sorted(self.agents.items())},
                "roles": {k: v.to_json() for k, v in sorted(self.roles.items())}}


class Arena:
    """A listening arena: connect agents, then play ``games`` games with them.

    Args:
        listener: a bound, listening socket.
        players: 5 or 15 (the official casts).
        make_bot: jinrou's bot for a seat (given the cast: role id → count).
        time_limit: seconds an answer may take.
        seed: the tournament's seed (game ``g`` plays with ``seed + g``).
    """

    def __init__(self, listener: socket.socket, players: int, make_bot: Callable[[dict[str, int]], Bot],
                 time_limit: float = 1.0, seed: int = 0, bot_name: str = "jinrou", nlp: bool = False) -> None:
        self.setting = GameSetting.default(players, int(time_limit * 1000), seed)
        self.listener = listener
        self.make_bot = make_bot
        self.time_limit = time_limit
        self.seed = seed
        self.bot_name = bot_name
        self.nlp = nlp
        self.remote: list[Any] = []  # RemotePlayer, or nlp.WebSocketPlayer
        self.tournament = Tournament()

    def connect(self, wait: float) -> list[RemotePlayer]:
        """Accept agents until the seats are full or ``wait`` seconds have passed; each is asked its NAME."""
        deadline = time.monotonic() + wait
        while len(self.remote) < self.setting.player_num:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([self.listener], [], [], left)
            if not ready:
                continue
            sock, _ = self.listener.accept()
            player = RemotePlayer(sock, self.time_limit)
            name = player.ask(Request.NAME, lambda: packet(Request.NAME))
            if name is None or player.gone:
                player.close()
                continue
            player.name = name.strip()[:32] or "agent"
            self.remote.append(player)
        return self.remote

    def play(self, games: int, record_dir: str | None = None,
             on_game: Callable[[dict[str, Any]], None] | None = None) -> Tournament:
        """Play ``games`` games with the connected agents and bots; ``on_game`` gets each summary."""
        seats: list[Player] = sorted(self.remote, key=lambda p: p.name)  # not the order they connected in
        seats += [BotSeat(f"{self.bot_name}-{i + 1}") for i in range(self.setting.player_num - len(seats))]
        for g in range(games):
            rng = np.random.default_rng(self.seed + g)
            order = [seats[int(i)] for i in rng.permutation(len(seats))]
            names = [p.name for p in order]
            for player in order:
                if hasattr(player, "game_id"):  # the NLP flavour names each game
                    player.game_id = f"jinrou-{self.seed + g}"
            arena = ArenaGame(order, self.setting, rng, self.make_bot,  # type: ignore[arg-type]
                              free_text=self.nlp, first_day_talk=self.nlp)
            started = time.perf_counter()
            game = arena.play()
            seconds = time.perf_counter() - started
            outcome = game.outcome
            assert outcome is not None
            self.tournament.add(names, arena.roles, outcome.winners, outcome.winner_id)
            summary = {"game": g + 1, "seed": self.seed + g, "winner": outcome.winner_id,
                       "days": len(arena.days) - 1, "seconds": round(seconds, 4),
                       "agents": {f"Agent[{s + 1:02d}]": {"name": names[s], "role": arena.roles[s],
                                                          "won": s in outcome.winners}
                                  for s in range(len(names))},
                       "requests": arena.stats.requests, "substitutes": arena.stats.substitutes,
                       "replaced": [f"Agent[{a:02d}]" for a in arena.stats.replaced]}
            if record_dir is not None:
                path = os.path.join(record_dir, f"game-{g + 1:04d}.json")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(dumps(arena.record(self.seed + g, names)))
                summary["record"] = path
            if on_game is not None:
                on_game(summary)
        return self.tournament

    def close(self) -> None:
        for player in self.remote:
            player.close()
        self.listener.close()


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (port 0: any free one).

    Raises:
        SetupError: the address cannot be used (the message says why).
    """
    try:
        sock = socket.create_server((host, port), reuse_port=False)
    except OSError as error:
        raise SetupError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    return sock


def summary_line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


__all__ = ["Arena", "RemotePlayer", "Tally", "Tournament", "listen", "summary_line"]
