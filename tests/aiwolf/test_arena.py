"""The arena over real sockets on 127.0.0.1 with jinrou's own protocol clients (issue 42, deliverables 2 and 5).

The clients (:class:`jinrou.aiwolf.client.SampleAgent`) check every packet as the official clients
read them and note what does not conform; each test plays whole games and checks the records by
replaying them through jinrou's engine. Nothing is timed: a late answer is made late by waiting for
the arena's substitute, not by a clock."""

from __future__ import annotations

import json
import socket
import subprocess
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from jinrou.agents.classic import make_classic_agent
from jinrou.aiwolf.arena import SETTINGS, ArenaGame, BotSeat
from jinrou.aiwolf.client import SampleAgent
from jinrou.aiwolf.language import Content, Operator
from jinrou.aiwolf.server import Arena, RemotePlayer, listen
from jinrou.aiwolf.wire import CASTS, GameSetting, Request
from jinrou.classic.record import load
from jinrou.classic.replay import replay

from ..processes import COMMAND, wait_for


def heuristic(cast: Mapping[str, int] | None) -> Any:
    return make_classic_agent("heuristic", cast)


class Table:
    """An arena on a free port with client threads; ``play`` runs the tournament."""

    def __init__(self, players: int, agents: Sequence[SampleAgent], time_limit: float = 5.0, seed: int = 0,
                 wait: float = 30.0) -> None:
        self.listener = listen("127.0.0.1", 0)
        self.port = self.listener.getsockname()[1]
        self.arena = Arena(self.listener, players, heuristic, time_limit, seed)
        self.agents = list(agents)
        self.threads = [threading.Thread(target=a.run, args=("127.0.0.1", self.port), daemon=True) for a in agents]
        for t in self.threads:
            t.start()
        self.connected = self.arena.connect(wait if len(agents) < players else 30.0)
        self.summaries: list[dict[str, Any]] = []

    def play(self, games: int = 1, record_dir: Path | None = None) -> Any:
        try:
            return self.arena.play(games, str(record_dir) if record_dir else None, self.summaries.append)
        finally:
            self.arena.close()
            for t in self.threads:
                t.join(10)


def records(folder: Path) -> list[dict[str, Any]]:
    return [load(str(p)) for p in sorted(folder.glob("game-*.json"))]


def test_a_full_five_seat_game_of_protocol_clients(tmp_path: Path) -> None:
    agents = [SampleAgent(f"sample{i}", seed=i) for i in range(5)]
    table = Table(5, agents, seed=3)
    assert sorted(p.name for p in table.connected) == [f"sample{i}" for i in range(5)]
    tournament = table.play(1, tmp_path)
    assert all(a.problems == [] for a in agents), [a.problems for a in agents]
    for a in agents:  # the sequence every agent sees: name once, then a whole game
        assert a.games == 1 and a.requests["NAME"] == 1 and a.requests["ROLE"] == 1 and a.requests["INITIALIZE"] == 1
        assert a.requests["DAILY_INITIALIZE"] == a.requests["DAILY_FINISH"] >= 2 and a.requests["FINISH"] == 1
        assert a.final_roles and sorted(a.final_roles.values()) == sorted(
            r for r, k in CASTS[5].items() for _ in range(k))
    (summary,) = table.summaries
    assert summary["substitutes"] == 0 and summary["replaced"] == []
    (record,) = records(tmp_path)
    assert record["format"] == "jinrou.classic/1" and record["settings"]["drawvote"] == "once"
    assert record["settings"]["scapegoat"] == "no"
    game = replay(record)  # the record replays through jinrou's engine to the same end
    assert game.outcome is not None and game.outcome.winner_id == summary["winner"] == record["result"]["winner"]
    assert sorted(record["aiwolf"]["agents"].values()) == [f"sample{i}" for i in range(5)]
    seer = next(n for n, r in record["aiwolf"]["roles"].items() if r == "SEER")
    claims = [c for e in record["events"] for c in e.get("claims", [])]
    assert {"player": seer, "claim": "CO Diviner"} in claims  # COMINGOUT → the seat's claim
    assert any(c["claim"].startswith("VOTE Agent[") for c in claims)
    assert tournament.games == 1 and sum(t.games for t in tournament.agents.values()) == 5


def test_a_full_fifteen_seat_game_asks_every_request(tmp_path: Path) -> None:
    agents = [SampleAgent(f"s{i:02d}", seed=i) for i in range(15)]
    table = Table(15, agents, seed=1)
    table.play(2, tmp_path)  # two games: one of them has a night with the bodyguard alive
    assert all(a.problems == [] for a in agents), [a.problems for a in agents if a.problems]
    asked: set[str] = set().union(*(a.requests for a in agents))
    assert asked == {r.value for r in Request}
    for record in records(tmp_path):
        game = replay(record)
        assert game.outcome is not None and game.outcome.winner_id == record["result"]["winner"]
    log = [line for record in records(tmp_path) for line in record["aiwolf"]["log"]]
    assert any(",whisper," in line for line in log) and any(",guard," in line for line in log)
    assert any(",attackVote," in line for line in log) and any(",divine," in line for line in log)
    assert log[0].startswith("0,whisper,")  # night 0: the wolves whisper, then the seer divines
    assert not any(line.startswith(("0,talk,", "0,vote,")) for line in log)  # day 0: no talk, vote
    wolves = [n for n, r in record["aiwolf"]["roles"].items() if r == "WEREWOLF"]
    assert len(wolves) == 3


class Recorder(SampleAgent):
    """Keeps every packet it is sent."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines: list[str] = []

    def handle(self, line: str) -> str | None:
        self.lines.append(line.rstrip("\n"))
        return super().handle(line)


def test_packets_are_shaped_as_the_official_server_sends_them() -> None:
    agents = [Recorder(f"r{i}", seed=i) for i in range(5)]
    Table(5, agents, seed=5).play(1)
    packets = [json.loads(line) for a in agents for line in a.lines]
    first = agents[0].lines[0]
    assert first == '{"gameInfo":null,"gameSetting":null,"request":"NAME","talkHistory":null,"whisperHistory":null}'
    for p in packets:
        assert list(p) == ["gameInfo", "gameSetting", "request", "talkHistory", "whisperHistory"]
        if p["request"] == "INITIALIZE":
            assert p["gameSetting"]["playerNum"] == 5 and p["gameInfo"]["day"] == 0
            assert p["gameSetting"]["roleNumMap"]["SEER"] == 1 and p["talkHistory"] is None
        elif p["request"] == "TALK":
            assert p["gameInfo"] is None and isinstance(p["talkHistory"], list)
            assert isinstance(p["whisperHistory"], list)
        elif p["request"] == "FINISH":
            assert len(p["gameInfo"]["roleMap"]) == 5
        elif p["request"] == "DAILY_INITIALIZE":
            info = p["gameInfo"]
            me = str(info["agent"])
            assert list(info["roleMap"]) == [me] or info["roleMap"][me] == "WEREWOLF"
            assert set(info["statusMap"]) == {"1", "2", "3", "4", "5"}
    seer = next(a for a in agents if a.role == "SEER")
    divined = [json.loads(line)["gameInfo"]["divineResult"] for line in seer.lines
               if '"DAILY_INITIALIZE"' in line and json.loads(line)["gameInfo"]["day"] == 1]
    assert divined[0]["agent"] == seer.me and divined[0]["result"] in ("HUMAN", "WEREWOLF")
    others = [a for a in agents if a.role not in ("SEER",)]
    for a in others:  # nobody else ever hears a divination, a wolf's whisper or another's role
        for line in a.lines:
            info = json.loads(line)["gameInfo"]
            if info is not None and json.loads(line)["request"] != "FINISH":
                assert info["divineResult"] is None
                if a.role != "WEREWOLF":
                    assert info["whisperList"] == [] and info["attackVoteList"] == []


class Garbled(SampleAgent):
    """Answers every request with something that is not an answer."""

    def answer(self, request: str, data: Mapping[str, Any]) -> str | None:
        if request == "NAME":
            return self.name
        return {"TALK": "I think Agent[02] is a wolf!", "VOTE": '{"agentIdx":99}', "DIVINE": "{bad json",
                "ROLE": "KING"}.get(request, "\x00\x01")


def test_malformed_answers_are_replaced_by_substitutes_and_the_game_goes_on(tmp_path: Path) -> None:
    agents = [Garbled("garbled", seed=0)] + [SampleAgent(f"s{i}", seed=i) for i in range(4)]
    table = Table(5, agents, seed=2)
    table.play(2, tmp_path)
    assert [s["winner"] for s in table.summaries] and all(s["substitutes"] > 0 for s in table.summaries)
    for record in records(tmp_path):
        replay(record)
        me = next(n for n, name in record["aiwolf"]["agents"].items() if name == "garbled")
        index = int(me[6:8])
        talk = [line for line in record["aiwolf"]["log"] if ",talk," in line and line.split(",")[4] == str(index)]
        assert talk and all(line.endswith((",Skip", ",Over")) for line in talk)
        votes = [line for line in record["aiwolf"]["log"] if line.split(",")[1] == "vote"
                 and line.split(",")[2] == str(index)]
        assert all(0 < int(v.split(",")[3]) <= 5 and v.split(",")[3] != str(index) for v in votes)
    assert all(a.problems == [] for a in agents[1:])


class Late(SampleAgent):
    """Answers its first vote only after the arena has given up on it (it waits for the next packet)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: str | None = None
        self.late_sent = False

    def handle(self, line: str) -> str | None:
        reply = super().handle(line)
        request = json.loads(line)["request"]
        if self.held is not None:  # the arena went on: the held answer now comes, late, before this one
            late, self.held = self.held, None
            self.late_sent = True
            return late + "\n" + reply if reply is not None else late
        if request == "VOTE" and not self.late_sent:
            self.held = reply
            return None
        return reply


def test_a_late_answer_is_a_substitute_and_never_answers_the_next_request(tmp_path: Path) -> None:
    agents = [Late("late", seed=0)] + [SampleAgent(f"s{i}", seed=i) for i in range(4)]
    table = Table(5, agents, time_limit=1.0, seed=4)
    table.play(2, tmp_path)
    late = next(p for p in table.arena.remote if p.name == "late")
    assert isinstance(late, RemotePlayer) and late.timeouts >= 1 and late.late >= 1
    assert all(s["replaced"] == [] for s in table.summaries)  # late is not gone: it plays on
    assert agents[0].late_sent and agents[0].games == 2
    for record in records(tmp_path):
        assert replay(record).outcome is not None


class Split(SampleAgent):
    """Sends half of its first utterance in time, the rest only with its answer to the next request."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rest: str | None = None
        self.split: str | None = None

    def serve(self, sock: socket.socket) -> None:
        reader = sock.makefile("r", encoding="utf-8", newline="\n")
        for line in reader:
            reply = self.handle(line)
            if json.loads(line)["request"] == "TALK" and self.split is None and reply is not None:
                self.split = reply
                sock.sendall(reply[:5].encode())  # a partial line, then silence: the arena gives up on it
                self.rest = reply[5:] + "\n"
                continue
            if reply is not None:  # the rest of the split line goes with the next answer
                sock.sendall(((self.rest or "") + reply + "\n").encode())
                self.rest = None


def test_half_a_late_answer_never_mixes_with_the_next_one(tmp_path: Path) -> None:
    agents = [Split("split", role="SEER", seed=0)] + [SampleAgent(f"s{i}", seed=i) for i in range(4)]
    table = Table(5, agents, time_limit=1.0, seed=4)
    table.play(1, tmp_path)
    split = next(p for p in table.arena.remote if p.name == "split")
    assert split.timeouts >= 1 and split.late >= 1 and agents[0].split == f"COMINGOUT Agent[{agents[0].me:02d}] SEER"
    (record,) = records(tmp_path)
    assert replay(record).outcome is not None and table.summaries[0]["replaced"] == []
    me = next(n for n, name in record["aiwolf"]["agents"].items() if name == "split")
    talk = [line.split(",", 5)[5] for line in record["aiwolf"]["log"] if line.startswith("1,talk,")
            and f"Agent[{int(line.split(',')[4]):02d}]" == me]
    assert talk[0] == "Skip" and len(talk) > 1  # the timed-out turn; then its next answers, as it gave them
    assert agents[0].split not in talk  # the late first answer was never read as the answer to a later request


class Quitter(SampleAgent):
    """Closes its connection at its first TALK request."""

    def serve(self, sock: socket.socket) -> None:
        reader = sock.makefile("r", encoding="utf-8", newline="\n")
        for line in reader:
            if json.loads(line)["request"] == "TALK":
                break
            reply = self.handle(line)
            if reply is not None:
                self.send(sock, reply)
        sock.close()


def test_a_client_that_disconnects_mid_game_is_replaced_by_a_bot(tmp_path: Path) -> None:
    agents = [Quitter("quitter", seed=0)] + [SampleAgent(f"s{i}", seed=i) for i in range(4)]
    table = Table(5, agents, seed=6)
    table.play(3, tmp_path)
    first, *later = table.summaries
    gone = next(a for a, v in first["agents"].items() if v["name"] == "quitter")
    assert first["replaced"] == [gone]
    assert all(s["winner"] in ("Human", "Werewolf") for s in table.summaries)
    for s in later:  # the seat stays a bot's for the rest of the tournament
        assert [v["name"] for a, v in s["agents"].items() if a in s["replaced"]] == ["quitter"]
    for record in records(tmp_path):
        assert replay(record).outcome is not None


class Nested(SampleAgent):
    """Says nested sentences."""

    SENTENCES = (("BECAUSE (AND (ESTIMATE Agent[{t:02d}] WEREWOLF) (NOT (VOTED Agent[{me:02d}]))) "
                 "(REQUEST ANY (VOTE Agent[{t:02d}]))"), "DAY 1 (INQUIRE Agent[{t:02d}] (COMINGOUT Agent[{t:02d}] SEER))",
                 "XOR (DIVINED Agent[{t:02d}] HUMAN) (AGREE TALK day1 ID:0)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.nested: list[str] = []

    def talk(self) -> str:
        if len(self.nested) < len(self.SENTENCES):
            t = self.choose("VOTE") or 1
            self.nested.append(self.SENTENCES[len(self.nested)].format(t=t, me=self.me))
            return self.nested[-1]
        return super().talk()


def test_nested_sentences_travel_both_ways_unchanged(tmp_path: Path) -> None:
    agents = [Nested("nested", seed=0)] + [SampleAgent(f"s{i}", seed=i) for i in range(4)]
    table = Table(5, agents, seed=7)
    table.play(1, tmp_path)
    said = agents[0].nested
    assert len(said) == 3
    heard = [t for a in agents[1:] for t in a.heard.values() if "(" in t]
    for text in said:  # another agent heard it exactly as said, and reads the same structure
        assert text in heard
        assert str(Content.parse(text)) == text
    ops = {Content.parse(t).operator for t in heard}
    assert {Operator.BECAUSE, Operator.DAY, Operator.XOR} <= ops
    (record,) = records(tmp_path)
    me = next(n for n, name in record["aiwolf"]["agents"].items() if name == "nested")
    claims = [c for e in record["events"] for c in e.get("claims", []) if c["player"] == me]
    assert not any("(" in c["claim"] for c in claims)  # an operator is no claim: it stays an utterance
    assert all(a.problems == [] for a in agents)


def test_role_requests_are_honoured_and_empty_seats_get_bots(tmp_path: Path) -> None:
    agents = [SampleAgent("wants-seer", role="SEER"), SampleAgent("wants-wolf", role="WEREWOLF")]
    table = Table(5, agents, seed=8, wait=0.2)
    table.play(2, tmp_path)
    for s in table.summaries:
        names = {v["name"]: v["role"] for v in s["agents"].values()}
        assert names["wants-seer"] == "SEER" and names["wants-wolf"] == "WEREWOLF"
        assert sorted(n for n in names if n.startswith("jinrou")) == ["jinrou-1", "jinrou-2", "jinrou-3"]
    for record in records(tmp_path):
        assert replay(record).outcome is not None


def test_games_of_bots_alone_follow_the_sequence_and_replay() -> None:
    # no sockets: the arena's sequencing on jinrou's engine, all seats jinrou's bots speaking the protocol
    for n, seed in ((5, 11), (15, 12)):
        arena = ArenaGame([BotSeat() for _ in range(n)], GameSetting.default(n), np.random.default_rng(seed), heuristic)
        game = arena.play()
        record = arena.record(seed)
        assert replay(record).outcome == game.outcome
        assert all(record["settings"][k] == v for k, v in SETTINGS.items())
        assert sum(len(e.get("claims", [])) for e in record["events"]) > 0


def test_the_command_serves_a_tournament_to_agents_that_connect(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    process = subprocess.Popen([*COMMAND, "aiwolf", "serve", "--port", "0", "--games", "2", "--wait", "30",
                                "--record-dir", str(folder), "--seed", "4"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        port = int(json.loads(process.stderr.readline())["listening"].rsplit(":", 1)[1])
        agents = [SampleAgent(f"c{i}", seed=i) for i in range(5)]
        threads = [threading.Thread(target=a.run, args=("127.0.0.1", port), daemon=True) for a in agents]
        for t in threads:
            t.start()
        out, _ = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["game"] for line in lines[:2]] == [1, 2]
    tournament = lines[2]["tournament"]
    assert tournament["games"] == 2 and set(tournament["agents"]) == {f"c{i}" for i in range(5)}
    assert all(0 <= t["ci95"][0] <= t["rate"] <= t["ci95"][1] <= 1 for t in tournament["agents"].values())
    assert len(list(folder.glob("game-*.json"))) == 2
    wait_for(lambda: all(a.games == 2 for a in agents), "the agents to finish")


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "7"], "--players must be 5 or 15 (the official casts), not 7"),
    (["--bots", "clever"], "unknown bot 'clever': choose heuristic or random"),
])
def test_the_command_refuses_bad_options_in_one_line(args: list[str], message: str) -> None:
    done = subprocess.run([*COMMAND, "aiwolf", "serve", "--port", "0", *args], check=False, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and done.stderr.strip() == f"error: {message}"


def test_a_busy_port_is_refused_in_one_line() -> None:
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        done = subprocess.run([*COMMAND, "aiwolf", "serve", "--port", str(port)], check=False, capture_output=True, text=True,
                              timeout=60)
    assert done.returncode == 2 and done.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}")


def test_no_packet_tells_an_agent_what_its_role_may_not_know() -> None:
    agents = [Recorder(f"r{i:02d}", seed=i) for i in range(15)]
    Table(15, agents, seed=9).play(1)
    told = {"mediumResult": set(), "guardedAgent": set(), "attackedAgent": set(), "divineResult": set()}
    for agent in agents:
        role = agent.final_roles[agent.me]
        wolves = {str(a) for a, r in agent.final_roles.items() if r == "WEREWOLF"}
        for line in agent.lines:
            data = json.loads(line)
            info = data["gameInfo"]
            if role != "WEREWOLF":
                assert not data["whisperHistory"]
            if info is None or data["request"] == "FINISH":
                continue
            assert set(info["roleMap"]) == ({str(agent.me)} | (wolves if role == "WEREWOLF" else set()))
            if role != "WEREWOLF":
                assert info["whisperList"] == [] and info["attackVoteList"] == [] and info["latestAttackVoteList"] == []
                assert info["attackedAgent"] == -1 and info["remainWhisperMap"] == {}
            if role != "MEDIUM":
                assert info["mediumResult"] is None
            if role != "BODYGUARD":
                assert info["guardedAgent"] == -1
            if role != "SEER":
                assert info["divineResult"] is None
            assert info["cursedFox"] == -1
            for key, roles in told.items():
                if info[key] not in (None, -1):
                    roles.add(role)
    assert told["divineResult"] == {"SEER"} and told["attackedAgent"] == {"WEREWOLF"}
    assert told["mediumResult"] == {"MEDIUM"} and told["guardedAgent"] == {"BODYGUARD"}


def test_ctrl_c_ends_a_tournament_with_the_games_played_so_far(tmp_path: Path) -> None:
    from ..processes import Jinrou

    folder = tmp_path / "games"
    err = tmp_path / "stderr.txt"
    with Jinrou(["aiwolf", "serve", "--port", "0", "--wait", "0", "--games", "1000000", "--record-dir", str(folder)],
                tmp_path, err) as command:
        wait_for(lambda: len(list(folder.glob("game-*.json"))) >= 3, "three games of bots")
        status, out, stderr = command.interrupt()
        command.none_left()
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 130 and "interrupted after" in stderr and "Traceback" not in stderr
    tournament = lines[-1]["tournament"]
    # every game printed is counted; the one Ctrl+C stopped between its count and its line may be counted
    assert len(lines) - 1 <= tournament["games"] <= len(lines) and tournament["games"] >= 3
    assert set(tournament["agents"]) == {f"jinrou-heuristic-{i}" for i in range(1, 6)}
