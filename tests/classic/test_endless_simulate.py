"""エンドレス闇鍋 as a preset (特殊ルール.エンドレス闇鍋, ``endless``): its drawn cast, the bot games with arrivals, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from jinrou.agents.classic import HeuristicAgent
from jinrou.classic.endless import pool
from jinrou.classic.game import Game
from jinrou.classic.presets import DrawnPreset, PresetError, find
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.roles import ROLES
from jinrou.classic.simulate import ARRIVAL, Simulation, arrive, resolve_cast
from jinrou.cli import app
from jinrou.errors import SetupError
from jinrou.yaminabe import deal

from .helpers import new, night


def test_the_preset_is_found_by_its_id_name_and_english_names():
    preset = find("特殊ルール.エンドレス闇鍋")
    assert isinstance(preset, DrawnPreset) and find("エンドレス闇鍋") is preset and find("endless") is preset
    assert find("Endless yaminabe") is preset and dict(preset.settings) == {"endless": "on"}


def test_its_cast_is_a_yaminabe_of_the_engine_s_roles_drawn_from_the_seed():
    preset = find("endless")
    assert isinstance(preset, DrawnPreset)
    one = preset.draw(12, np.random.default_rng(7), deal)
    assert one == preset.draw(12, np.random.default_rng(7), deal) and sum(one.values()) == 12 and set(one) <= set(ROLES)
    with pytest.raises(PresetError, match=r"^エンドレス闇鍋 \(Endless yaminabe\) cannot cast 5 seats: it needs at least 6"):
        preset.draw(5, np.random.default_rng(7), deal)
    with pytest.raises(PresetError, match=r"draws its cast at random: give a seed \(--seed\)$"):
        preset.cast(12)
    with pytest.raises(SetupError, match="draws its cast at random: `jinrou classic simulate` and `play` draw it"):
        resolve_cast("endless", 12)


def test_one_bot_arrives_each_night_while_the_room_has_space():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human", "Human"], {"endless": "on", "capacity": 8})
    assert arrive(g, 0) == 1 and g.waiting == ("N1",)
    assert arrive(g, 1) == 2 and g.waiting == ("N1", "N2") and arrive(g, 2) == 2  # the room is full
    night(g, "A attack F", "B divine A", draws=[("endless join", "Human"), ("endless join", "Human")])
    assert g.names[6:] == ("N1", "N2") and arrive(g, 2) == 2  # by day nobody arrives
    assert ARRIVAL.format(3) == "N3"


def test_simulated_endless_games_take_newcomers_and_replay_from_their_records(tmp_path: Path):
    run = Simulation("エンドレス闇鍋", 6, 1, HeuristicAgent, players=10, settings={"capacity": 14}, record_dir=tmp_path, deal=deal)
    results = list(run)
    summary = run.summary(results)
    assert summary.games == 6 and summary.players == 10 and sum(summary.wins.values()) == 6
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.glob("game-*.json"))]
    assert len(records) == 6 and all(r["settings"]["endless"] == "on" and r["settings"]["capacity"] == 14 for r in records)
    joined = [r.get("joined", []) for r in records]
    assert all(j == [f"N{k}" for k in range(1, len(j) + 1)] for j in joined) and any(joined)
    assert any("revived" in e for r in records for e in r["events"])  # somebody was reborn
    for r in records:
        assert write(replay(r), r["seed"]) == r
        drawn = [d["value"] for e in r["events"] if e["type"] == "outcome" for d in e["draws"]
                 if d["draw"] in ("endless join", "rebirth role")]
        assert set(drawn) <= set(pool())


def test_a_simulation_refuses_what_an_endless_game_refuses():
    with pytest.raises(SetupError, match=r"^エンドレス闇鍋 \(endless\) is not played with ケミカル人狼"):
        Simulation("endless", 2, 1, HeuristicAgent, players=8, settings={"chemical": "on"}, deal=deal)
    with pytest.raises(SetupError, match=r"^the room's number \(capacity\) must be at least the 8 seats"):
        Simulation("endless", 2, 1, HeuristicAgent, players=8, settings={"capacity": 7}, deal=deal)
    with pytest.raises(SetupError, match="needs the number of players"):
        Simulation("endless", 2, 1, HeuristicAgent, deal=deal)
    with pytest.raises(SetupError, match=r"cannot cast 4 seats: it needs at least 6"):
        Simulation("endless", 2, 1, HeuristicAgent, players=4, deal=deal)
    with pytest.raises(SetupError, match=r"^エンドレス闇鍋 \(Endless yaminabe\) draws a 闇鍋 for each game: give its dealer"):
        Simulation("endless", 2, 1, HeuristicAgent, players=8)


def test_the_cli_casts_and_simulates_the_preset(tmp_path: Path):
    runner = CliRunner()
    out = runner.invoke(app, ["classic", "cast", "--preset", "endless", "--players", "10", "--seed", "4", "--json"])
    assert out.exit_code == 0, out.output
    cast = json.loads(out.output)
    assert cast["preset"] == "特殊ルール.エンドレス闇鍋" and cast["seed"] == 4 and sum(cast["roles"].values()) == 10
    again = runner.invoke(app, ["classic", "cast", "--preset", "endless", "--players", "10", "--seed", "4", "--json"])
    assert json.loads(again.output) == cast
    sim = runner.invoke(app, ["classic", "simulate", "--preset", "エンドレス闇鍋", "--players", "8", "--setting",
                              "capacity=10", "--games", "2", "--seed", "3", "--json", "--record-dir", str(tmp_path)])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["players"] == 8 and len(list(tmp_path.glob("game-*.json"))) == 2
    bad = runner.invoke(app, ["classic", "simulate", "--preset", "endless", "--players", "8", "--setting",
                              "rolerequest=on", "--games", "1", "--seed", "3"])
    assert bad.exit_code != 0 and "takes no role requests" in bad.output


def test_a_game_of_the_preset_s_cast_is_endless_once_its_setting_is_on():
    preset = find("endless")
    assert isinstance(preset, DrawnPreset)
    counts = preset.draw(8, np.random.default_rng(1), deal, scapegoat=False)
    roles = [role for role, count in counts.items() for _ in range(count)]
    g = Game.new(list("ABCDEFGH"), roles, {"scapegoat": "off", "capacity": 9, **preset.settings})
    assert g.joinable and g.settings.on("endless")


def test_classic_play_takes_the_preset_with_its_cast_drawn_from_the_seed(tmp_path: Path):
    record = tmp_path / "game.json"
    out = CliRunner().invoke(app, ["classic", "play", "--preset", "endless", "--players", "8", "--humans", "0",
                                   "--seed", "3", "--record", str(record)])
    assert out.exit_code == 0, out.output
    data = json.loads(record.read_text(encoding="utf-8"))
    preset = find("endless")
    assert isinstance(preset, DrawnPreset) and data["settings"]["endless"] == "on"
    counts = preset.draw(8, np.random.default_rng([3, 3]), deal)
    assert sorted(data["roles"].values()) == sorted(r for r, c in counts.items() for _ in range(c))
    assert write(replay(data), 3) == data
