"""The NLP flavour (issue 42, deliverable 4): the same arena over WebSocket on 127.0.0.1, free-text talk,
the NLP server's packets (aiwolfdial/aiwolf-nlp-server ``model/packet.go``)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from jinrou.agents.classic import make_classic_agent
from jinrou.aiwolf.nlp import NlpArena
from jinrou.aiwolf.server import listen
from jinrou.classic.record import load
from jinrou.classic.replay import replay

GREETING = "こんにちは。今日もよろしくお願いします。"


class Client:
    """A WebSocket agent: greets in Japanese, says one protocol sentence a day, names living others."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.packets: list[dict[str, Any]] = []
        self.alive: list[str] = []
        self.me = ""
        self.day = 0

    def run(self, port: int) -> None:
        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            for message in ws:
                data = json.loads(message)
                self.packets.append(data)
                reply = self.answer(data)
                if reply is not None:
                    ws.send(reply)

    def answer(self, data: dict[str, Any]) -> str | None:
        info = data.get("info")
        if info:
            self.me, self.day = info["agent"], info["day"]
            self.alive = [a for a, s in info["status_map"].items() if s == "ALIVE" and a != self.me]
        request = data["request"]
        if request == "NAME":
            return self.name
        if request == "TALK":
            said = [t for p in self.packets for t in p.get("talk_history") or []
                    if t["agent"] == self.me and t["day"] == self.day]
            if not said and self.alive:
                return f"VOTE {self.alive[0]}"
            return GREETING if len(said) < 2 else "Over"
        if request == "WHISPER":
            return "Over"
        if request in ("VOTE", "DIVINE", "GUARD", "ATTACK"):
            return self.alive[-1] if self.alive else "Agent[01]"
        return None


def test_a_five_seat_game_over_websocket_with_free_text(tmp_path: Path) -> None:
    listener = listen("127.0.0.1", 0)
    port = listener.getsockname()[1]
    arena = NlpArena(listener, 5, lambda cast: make_classic_agent("heuristic", cast), 5.0, 2)
    clients = [Client(f"nlp{i}") for i in range(5)]
    threads = [threading.Thread(target=c.run, args=(port,), daemon=True) for c in clients]
    for t in threads:
        t.start()
    assert sorted(p.name for p in arena.connect(30.0)) == [f"nlp{i}" for i in range(5)]
    summaries: list[dict[str, Any]] = []
    arena.play(1, str(tmp_path), summaries.append)
    arena.close()
    for t in threads:
        t.join(10)
    packets = [p for c in clients for p in c.packets]
    assert {p["request"] for p in packets} >= {"NAME", "INITIALIZE", "DAILY_INITIALIZE", "TALK", "DAILY_FINISH",
                                              "VOTE", "FINISH"}
    assert "ROLE" not in {p["request"] for p in packets}  # the NLP server asks no role
    for p in packets:
        assert set(p) <= {"request", "info", "setting", "talk_history", "whisper_history"}
        if "info" in p:
            assert all(k.startswith("Agent[") for k in p["info"]["status_map"])
            assert p["info"]["agent"].startswith("Agent[") and p["info"]["game_id"] == "jinrou-2"
        if p["request"] == "INITIALIZE":
            assert p["setting"]["agent_count"] == 5 and p["setting"]["role_num_map"]["SEER"] == 1
            assert p["setting"]["timeout"]["action"] == 5000
    talks = [t for p in packets for t in p.get("talk_history") or []]
    assert any(t["text"] == GREETING and not t["skip"] for t in talks)  # free text travels as said
    assert any(t["day"] == 0 for t in talks)  # the NLP flavour talks on day 0
    assert all(set(t) == {"idx", "day", "turn", "agent", "text", "skip", "over"} for t in talks)
    (record,) = [load(str(p)) for p in tmp_path.glob("game-*.json")]
    assert replay(record).outcome is not None and summaries[0]["replaced"] == []
    claims = [c["claim"] for e in record["events"] for c in e.get("claims", [])]
    assert any(c.startswith("VOTE Agent[") for c in claims)  # a protocol sentence is still a claim
    assert any(GREETING in line for line in record["aiwolf"]["log"])


def test_the_command_serves_the_nlp_flavour(tmp_path: Path) -> None:
    import subprocess

    from ..processes import COMMAND

    process = subprocess.Popen([*COMMAND, "aiwolf", "serve", "--nlp", "--port", "0", "--wait", "30", "--games", "1"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        port = int(json.loads(process.stderr.readline())["listening"].rsplit(":", 1)[1])
        clients = [Client(f"cmd{i}") for i in range(5)]
        threads = [threading.Thread(target=c.run, args=(port,), daemon=True) for c in clients]
        for t in threads:
            t.start()
        out, _ = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    game, end = (json.loads(line) for line in out.splitlines())
    assert process.returncode == 0 and game["replaced"] == []
    assert set(end["tournament"]["agents"]) == {f"cmd{i}" for i in range(5)}
    assert all(c.packets and c.packets[0] == {"request": "NAME"} for c in clients)
