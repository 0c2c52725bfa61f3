"""The official Java sample agents against the arena (issue 42: compatibility with
``org.aiwolf.sample.player.SampleRoleAssignPlayer``), when they are at hand.

Neither AIWolfCommon nor AIWolfClient is a package of a registry this project reaches, so this test
runs only where ``JINROU_AIWOLF_JAVA_CP`` gives the class path of both compiled (with jsonic-1.3.2.jar)
and ``java`` is installed — see docs/aiwolf.md for how to build it. It plays whole 5-seat games of five
official agents over TCP on 127.0.0.1 and checks that none failed and every record replays."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from jinrou.classic.record import load
from jinrou.classic.replay import replay

from ..processes import COMMAND

CLASS_PATH = os.environ.get("JINROU_AIWOLF_JAVA_CP", "")
pytestmark = pytest.mark.skipif(not CLASS_PATH or shutil.which("java") is None,
                                reason="the official Java agents are not at hand (JINROU_AIWOLF_JAVA_CP)")


def test_five_official_java_sample_agents_play_whole_games(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    server = subprocess.Popen([*COMMAND, "aiwolf", "serve", "--port", "0", "--games", "3", "--wait", "120",
                               "--timeout", "5", "--record-dir", str(folder)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    agents: list[subprocess.Popen[str]] = []
    try:
        assert server.stderr is not None
        port = json.loads(server.stderr.readline())["listening"].rsplit(":", 1)[1]
        agents = [subprocess.Popen(["java", "-cp", CLASS_PATH, "org.aiwolf.common.bin.ClientStarter", "-h",
                                    "127.0.0.1", "-p", port, "-c", "org.aiwolf.sample.player.SampleRoleAssignPlayer",
                                    "-n", f"java{i}"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                  for i in range(5)]
        out, _ = server.communicate(timeout=600)
        logs = [a.communicate(timeout=60)[0] for a in agents]
    finally:
        for process in (server, *agents):
            if process.poll() is None:
                process.kill()
    assert server.returncode == 0
    lines = [json.loads(line) for line in out.splitlines()]
    tournament = lines[-1]["tournament"]
    assert tournament["games"] == 3 and set(tournament["agents"]) == {f"java{i}" for i in range(5)}
    assert all(line["replaced"] == [] for line in lines[:-1])
    assert not any("Exception" in log for log in logs), logs
    claims = []
    for path in sorted(folder.glob("game-*.json")):
        record = load(str(path))
        assert replay(record).outcome is not None
        claims += [c["claim"] for e in record["events"] for c in e.get("claims", [])]
    # their reports and votes (DAY 1 (DIVINED …), AND (VOTE …) (REQUEST …)) are the seats' claims
    assert any(c.startswith("VOTE ") for c in claims) and any(c.startswith(("CO ", "DIVINED ")) for c in claims)
