"""The protocol's NLP flavour (自然言語部門, aiwolfdial/aiwolf-nlp-server) on the same arena: ``--nlp``.

Agents connect by WebSocket (``ws://HOST:PORT/ws``) instead of a TCP line stream, and talk in free text.
The game is the same :class:`~jinrou.aiwolf.arena.ArenaGame` (with a talk on day 0, as the NLP server
has); only the packets change, as ``model/packet.go`` writes them:

* ``{"request", "info", "setting", "talk_history", "whisper_history"}``, absent keys left out;
* ``info``: ``game_id``, ``day``, ``agent`` (a name, ``Agent[01]``), ``medium_result``,
  ``divine_result`` (judges with names), ``executed_agent``, ``attacked_agent``, ``vote_list``,
  ``attack_vote_list`` (when there is something), ``status_map`` and ``role_map`` keyed by names;
* ``setting``: ``agent_count``, ``role_num_map``, ``vote_visibility``, ``talk``/``whisper`` limits,
  ``vote``, ``attack_vote``, ``timeout`` (milliseconds);
* a talk: ``idx``, ``day``, ``turn``, ``agent`` (a name), ``text``, ``skip``, ``over``.

Answers are raw strings: a name for ``NAME``, any text for ``TALK``/``WHISPER`` (``Skip``/``Over`` as
in the protocol; a text that is a protocol sentence of a claim still becomes the seat's claim), an
agent's name for a vote or a target. Time limits, substitutes and lost agents are as in the arena.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from dataclasses import replace
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.server import Server, ServerConnection, serve

from jinrou.aiwolf.arena import Packet
from jinrou.aiwolf.language import OVER, SKIP
from jinrou.aiwolf.server import Arena
from jinrou.aiwolf.wire import Request, packet

NLP_ROLES = ("WEREWOLF", "POSSESSED", "SEER", "BODYGUARD", "VILLAGER", "MEDIUM")
"""The roles of the NLP server (``model/role.go``)."""


def name(index: int) -> str:
    return f"Agent[{index:02d}]"


def to_nlp(data: dict[str, Any], game_id: str, time_limit_ms: int) -> dict[str, Any]:
    """A classic packet (:func:`jinrou.aiwolf.wire.packet`) as the NLP server writes it."""
    out: dict[str, Any] = {"request": data["request"]}
    info = data["gameInfo"]
    if info is not None:
        nlp: dict[str, Any] = {"game_id": game_id, "day": info["day"], "agent": name(info["agent"])}
        for key, nlp_key in (("mediumResult", "medium_result"), ("divineResult", "divine_result")):
            if info[key] is not None:
                j = info[key]
                nlp[nlp_key] = {"day": j["day"], "agent": name(j["agent"]), "target": name(j["target"]),
                                "result": j["result"]}
        for key, nlp_key in (("executedAgent", "executed_agent"), ("attackedAgent", "attacked_agent")):
            if info[key] != -1:
                nlp[nlp_key] = name(info[key])
        for key, nlp_key in (("voteList", "vote_list"), ("attackVoteList", "attack_vote_list")):
            if info[key]:
                nlp[nlp_key] = [{"day": v["day"], "agent": name(v["agent"]), "target": name(v["target"])}
                                for v in info[key]]
        nlp["status_map"] = {name(int(k)): v for k, v in info["statusMap"].items()}
        nlp["role_map"] = {name(int(k)): v for k, v in info["roleMap"].items()}
        out["info"] = nlp
    setting = data["gameSetting"]
    if setting is not None:
        talk = {"max_count": {"per_agent": setting["maxTalk"], "per_day": setting["maxTalk"] * setting["playerNum"]},
                "max_length": {}, "max_skip": setting["maxSkip"]}
        whisper = {"max_count": {"per_agent": setting["maxWhisper"],
                                 "per_day": setting["maxWhisper"] * setting["playerNum"]},
                   "max_length": {}, "max_skip": setting["maxSkip"]}
        out["setting"] = {
            "agent_count": setting["playerNum"],
            "role_num_map": {r: setting["roleNumMap"].get(r, 0) for r in NLP_ROLES},
            "vote_visibility": setting["voteVisible"], "talk": talk, "whisper": whisper,
            "vote": {"max_count": setting["maxRevote"], "allow_self_vote": False},
            "attack_vote": {"max_count": setting["maxAttackRevote"], "allow_self_vote": False,
                            "allow_no_target": False},
            "timeout": {"action": time_limit_ms, "response": time_limit_ms},
        }
    for key, nlp_key in (("talkHistory", "talk_history"), ("whisperHistory", "whisper_history")):
        if data[key] is not None:
            out[nlp_key] = [{"idx": t["idx"], "day": t["day"], "turn": t["turn"], "agent": name(t["agent"]),
                             "text": t["text"], "skip": t["text"] == SKIP, "over": t["text"] == OVER}
                            for t in data[key]]
    return out


class WebSocketPlayer:
    """An agent on a WebSocket: one JSON packet a message out, one raw string back."""

    def __init__(self, conn: ServerConnection, time_limit: float) -> None:
        self.conn = conn
        self.time_limit = time_limit
        self.name = "agent"
        self.game_id = ""
        self.late = 0
        self.timeouts = 0
        self._gone = False

    @property
    def gone(self) -> bool:
        return self._gone

    def tell(self, request: Request, packet: Packet) -> None:
        self._send(packet())

    def ask(self, request: Request, packet: Packet) -> str | None:
        self._drain()
        if not self._send(packet()):
            return None
        try:
            answer = self.conn.recv(timeout=self.time_limit)
        except TimeoutError:
            self.timeouts += 1
            return None
        except ConnectionClosed:
            self._gone = True
            return None
        return answer if isinstance(answer, str) else answer.decode("utf-8", "replace")

    def close(self) -> None:
        self._gone = True
        self.conn.close()  # closing a broken connection raises nothing

    def _send(self, data: dict[str, Any]) -> bool:
        if self._gone:
            return False
        try:
            self.conn.send(json.dumps(to_nlp(data, self.game_id, int(self.time_limit * 1000)), ensure_ascii=False))
        except ConnectionClosed:
            self._gone = True
            return False
        return True

    def _drain(self) -> None:
        """Throw away the answers that came late."""
        while not self._gone:
            try:
                self.conn.recv(timeout=0)
            except TimeoutError:
                return
            except ConnectionClosed:
                self._gone = True
                return
            self.late += 1


class NlpArena(Arena):
    """The arena over WebSocket (``jinrou aiwolf serve --nlp``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.nlp = True
        self.setting = replace(self.setting, enable_role_request=False)  # the NLP server asks no ROLE
        self._joined: queue.Queue[WebSocketPlayer] = queue.Queue()
        self._done = threading.Event()
        self._server: Server = serve(self._handler, sock=self.listener)
        self._thread = threading.Thread(target=self._server.serve_forever, name="aiwolf-nlp", daemon=True)
        self._thread.start()

    def _handler(self, conn: ServerConnection) -> None:
        player = WebSocketPlayer(conn, self.time_limit)
        answer = player.ask(Request.NAME, lambda: packet(Request.NAME))
        if answer is None or player.gone:
            return
        player.name = answer.strip()[:32] or "agent"
        self._joined.put(player)
        self._done.wait()  # the connection lives as long as the arena

    def connect(self, wait: float) -> list[Any]:
        deadline = time.monotonic() + wait
        while len(self.remote) < self.setting.player_num:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                self.remote.append(self._joined.get(timeout=left))
            except queue.Empty:
                break
        return self.remote

    def close(self) -> None:
        for player in self.remote:
            player.close()
        self._done.set()
        self._server.shutdown()
        self.listener.close()


__all__ = ["NlpArena", "WebSocketPlayer", "to_nlp"]
