"""jinrou's own AIWolf protocol client: a small agent that connects over TCP as the official clients do.

It reads every packet strictly — the five keys, every ``gameInfo`` field, both histories together
(the traps of aiwolf-python and the Java client) — and notes what does not conform in
:attr:`SampleAgent.problems`, so the tests and the benchmark check the arena's packets as the
official clients would read them. It plays simply: a seer comes out and reports each result,
explaining its vote with a nested sentence (``BECAUSE (DIVINED …) (VOTE …)``); a medium reports its
results; everybody says whom it will vote for, then ``Over``; votes and targets are uniform among the
living others, a seer's black first.

>>> SampleAgent("a").answer("NAME", {"request": "NAME"})
'a'
"""

from __future__ import annotations

import json
import socket
from collections.abc import Mapping
from typing import Any

import numpy as np

from jinrou.aiwolf.language import Content
from jinrou.aiwolf.wire import GAME_INFO_KEYS, PACKET_KEYS, Request, read_packet, target_answer


class SampleAgent:
    """A protocol agent. Override :meth:`answer` to misbehave in tests."""

    def __init__(self, name: str, role: str | None = None, seed: int = 0) -> None:
        self.name = name
        self.requested_role = role
        self.rng = np.random.default_rng(seed)
        self.problems: list[str] = []
        self.requests: dict[str, int] = {}
        self.games = 0
        self.me = 0
        self.day = 0
        self.role = ""
        self.status: dict[int, str] = {}
        self.roles: dict[int, str] = {}
        self.talks: list[dict[str, Any]] = []
        self.whispers: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []  # divine or medium results, in order
        self.reported = 0
        self.said: list[str] = []
        self.final_roles: dict[int, str] = {}
        self.heard: dict[tuple[int, int], str] = {}  # (day, idx) → text: every talk of the game

    # ------------------------------------------------------------------ reading

    def check(self, data: Mapping[str, Any]) -> None:
        """Note what does not conform in a packet."""
        request = data["request"]
        info, talks, whispers = data["gameInfo"], data["talkHistory"], data["whisperHistory"]
        if request in ("NAME", "ROLE") and any(data[k] is not None for k in PACKET_KEYS if k != "request"):
            self.problems.append(f"{request} carries more than the request")
        if (talks is None) != (whispers is None):
            self.problems.append(f"{request}: talkHistory and whisperHistory come together")
        if request in ("INITIALIZE", "DAILY_INITIALIZE", "FINISH") and info is None:
            self.problems.append(f"{request} without gameInfo")
        if request == "INITIALIZE" and data["gameSetting"] is None:
            self.problems.append("INITIALIZE without gameSetting")
        if request in ("TALK", "DAILY_FINISH") and info is None and talks is None:
            self.problems.append(f"{request} with neither gameInfo nor histories")
        if info is not None:
            if set(info) != GAME_INFO_KEYS:
                self.problems.append(f"{request}: gameInfo keys {sorted(set(info) ^ GAME_INFO_KEYS)}")
            for key in ("statusMap", "roleMap", "remainTalkMap", "remainWhisperMap"):
                if not all(isinstance(k, str) and k.isdigit() for k in info.get(key, {})):
                    self.problems.append(f"{request}: {key} is not keyed by index strings")
            for key in ("executedAgent", "latestExecutedAgent", "attackedAgent", "cursedFox", "guardedAgent"):
                if not isinstance(info.get(key), int):
                    self.problems.append(f"{request}: {key} is not an index (-1 for none)")

    def read(self, data: Mapping[str, Any]) -> None:
        info = data["gameInfo"]
        if info is not None:
            self.me = info["agent"]
            self.day = info["day"]
            self.status = {int(k): v for k, v in info["statusMap"].items()}
            self.roles = {int(k): v for k, v in info["roleMap"].items()}
            self.role = self.roles.get(self.me, self.role)
            for key in ("divineResult", "mediumResult"):
                if info[key] is not None:
                    self.results.append(info[key])
            if data["request"] in ("DAILY_INITIALIZE", "INITIALIZE"):
                self.talks, self.whispers, self.said = list(info["talkList"]), list(info["whisperList"]), []
        if data["talkHistory"] is not None:
            self.talks += data["talkHistory"]
            self.whispers += data["whisperHistory"]
        for talk in [*(data["talkHistory"] or []), *((info or {}).get("talkList") or [])]:
            if self.heard.get((talk["day"], talk["idx"])) == talk["text"]:
                continue  # read before
            self.heard[(talk["day"], talk["idx"])] = talk["text"]
            try:
                Content.parse(talk["text"])  # every talk sent is a sentence (the server validates)
            except ValueError:
                self.problems.append(f"{data['request']}: a talk that is not a sentence: {talk['text']!r}")
        if data["request"] == "FINISH":
            self.final_roles = {int(k): v for k, v in info["roleMap"].items()}
            self.games += 1
        if data["request"] == "INITIALIZE":
            self.results, self.reported, self.final_roles = [], 0, {}

    # ------------------------------------------------------------------ answering

    def answer(self, request: str, data: Mapping[str, Any]) -> str | None:
        """The answer line to a request (None: no answer)."""
        if request == "NAME":
            return self.name
        if request == "ROLE":
            return self.requested_role or "none"
        if request == "TALK":
            return self.talk()
        if request == "WHISPER":
            return self.whisper()
        target = self.choose(request)
        return target_answer(target) if target else "{}"

    def talk(self) -> str:
        if self.role in ("SEER", "MEDIUM") and not any(t.startswith("COMINGOUT") for t in self.said):
            return self._say(f"COMINGOUT Agent[{self.me:02d}] {self.role}")
        if self.reported < len(self.results):
            r = self.results[self.reported]
            self.reported += 1
            topic = "DIVINED" if self.role == "SEER" else "IDENTIFIED"
            if r["result"] == "WEREWOLF" and self.status.get(r["target"]) == "ALIVE":
                return self._say(f"BECAUSE ({topic} Agent[{r['target']:02d}] WEREWOLF) (VOTE Agent[{r['target']:02d}])")
            return self._say(f"{topic} Agent[{r['target']:02d}] {r['result']}")
        if not any(t.startswith("VOTE") for t in self.said):
            target = self.choose("VOTE")
            if target:
                return self._say(f"VOTE Agent[{target:02d}]")
        return "Over"

    def whisper(self) -> str:
        if not self.said or self.said[-1] != "whispered":
            target = self.choose("ATTACK")
            self.said.append("whispered")
            return f"ATTACK Agent[{target:02d}]" if target else "Over"
        return "Over"

    def _say(self, text: str) -> str:
        self.said.append(text)
        return text

    def choose(self, request: str) -> int:
        """A living other agent (a non-wolf for a wolf's attack; a seat divined black first)."""
        others = [a for a, s in sorted(self.status.items()) if s == "ALIVE" and a != self.me]
        if request == "ATTACK":
            others = [a for a in others if self.roles.get(a) != "WEREWOLF"]
        if request == "VOTE":
            blacks = [r["target"] for r in self.results if r["result"] == "WEREWOLF" and r["target"] in others]
            if blacks:
                return int(blacks[-1])
        if request == "DIVINE":
            done = {r["target"] for r in self.results}
            others = [a for a in others if a not in done] or others
        return int(others[int(self.rng.integers(len(others)))]) if others else 0

    # ------------------------------------------------------------------ the connection

    def handle(self, line: str) -> str | None:
        """One packet line in, the answer line out (None: nothing to send)."""
        try:
            data = read_packet(line)
        except ValueError as error:
            self.problems.append(str(error))
            return None
        self.check(data)
        request = data["request"]
        self.requests[request] = self.requests.get(request, 0) + 1
        self.read(data)
        if not Request(request).has_return:
            return None
        return self.answer(request, data)

    def run(self, host: str, port: int, timeout: float = 60.0) -> None:
        """Connect and play until the server closes the connection."""
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.serve(sock)

    def serve(self, sock: socket.socket) -> None:
        reader = sock.makefile("r", encoding="utf-8", newline="\n")
        try:
            for line in reader:
                reply = self.handle(line)
                if reply is not None:
                    self.send(sock, reply)
        except (OSError, ValueError):
            pass

    def send(self, sock: socket.socket, reply: str) -> None:
        sock.sendall((reply + "\n").encode())


def json_line(data: Mapping[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


__all__ = ["SampleAgent"]
