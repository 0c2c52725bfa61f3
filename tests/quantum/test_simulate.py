"""Simulation statistics."""

import math

import pytest

from jinrou.agents.quantum import RandomAgent
from jinrou.quantum.game import Setup
from jinrou.quantum.simulate import Interval, Summary, game_seeds, simulate


def test_wilson_interval_known_values():
    # 50 of 100: the textbook Wilson interval is [0.4038, 0.5962]
    interval = Interval.wilson(50, 100)
    assert interval.rate == 0.5
    assert interval.low == pytest.approx(0.40383, abs=1e-5) and interval.high == pytest.approx(0.59617, abs=1e-5)
    assert Interval.wilson(0, 10).low == 0.0 and Interval.wilson(10, 10).high == 1.0
    assert math.isnan(Interval.wilson(0, 0).rate)


def test_simulation_is_reproducible_from_its_seed_and_counts_every_game():
    setup = Setup.create(6)
    first = list(simulate(setup, lambda: [RandomAgent() for _ in range(6)], seed=11, games=12))
    again = list(simulate(setup, lambda: [RandomAgent() for _ in range(6)], seed=11, games=12))
    assert [g.events for _, g in first] == [g.events for _, g in again]
    assert [s for s, _ in first] == game_seeds(11, 12)
    summary = Summary.of([g for _, g in first])
    assert sum(summary.wins.values()) == 12 == sum(summary.days.values())
    data = summary.to_json()
    assert set(data["win_rates"]) == {"village", "wolves", "draw"}
    assert all(0 <= r["ci95"][0] <= r["rate"] <= r["ci95"][1] <= 1 for r in data["win_rates"].values())


@pytest.mark.parametrize("json_output", [True, False])
def test_ctrl_c_prints_the_summary_of_the_games_finished(tmp_path, json_output):
    """Issue 40, point 9: a real `jinrou quantum simulate` interrupted (SIGINT to its group) exits at
    once with 130 and the summary of exactly the games whose records are written."""
    import json
    import re

    from ..processes import Jinrou, wait_for

    records = tmp_path / "records"
    args = ["quantum", "simulate", "--players", "7", "--games", "1000000", "--seed", "1", "--bots", "random",
            "--record-dir", str(records), *(["--json"] if json_output else [])]
    with Jinrou(args, tmp_path) as run:
        wait_for(lambda: len(list(records.glob("game-*.json"))) >= 5, "five records")
        code, out, err = run.interrupt()
        run.none_left()
    assert code == 130, err
    finished = int(re.search(r"interrupted after (\d+) of 1000000 games", err)[1])
    assert finished >= 5 and len(list(records.glob("game-*.json"))) == finished
    if json_output:
        assert json.loads(out)["games"] == finished == sum(json.loads(out)["wins"].values())
    else:
        assert f"— {finished} games" in out and "Game length in days" in out
