"""The parallel sweep (processes and a local Dask cluster), and the CLI (the OpenSpiel bridge: test_openspiel.py)."""

import json

import pytest
from typer.testing import CliRunner

from jinrou.cli import app
from jinrou.solve.table import cells, solve_cell, sweep
from jinrou.solve.werewolf import ModelError


def test_sweeps_in_processes_and_here_agree():
    todo = cells(6, seer=True, guard=True)
    assert todo == [(3, 1), (4, 1), (5, 1), (5, 2), (6, 1), (6, 2)]
    here = {(c.players, c.wolves): c.village_win_rate for c in sweep(todo, True, True, 60, workers=1)}
    there = {(c.players, c.wolves): c.village_win_rate for c in sweep(todo, True, True, 60, workers=2)}
    assert here == pytest.approx(there, abs=1e-12) and set(here) == set(todo)


def test_sweep_on_a_local_dask_cluster():
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        results = list(sweep([(4, 1), (5, 1)], True, True, 40, cluster=cluster.scheduler_address))
    expected = {(n, m): solve_cell(n, m, True, True, 40).village_win_rate for n, m in [(4, 1), (5, 1)]}
    assert {(c.players, c.wolves): c.village_win_rate for c in results} == pytest.approx(expected, abs=1e-12)


def test_percentages_round_half_up():
    cell = solve_cell(3, 1, True, True, 10)
    assert cell.village_win_rate == pytest.approx(0.5) and cell.percent == "50"
    assert cell.__class__(**{**cell.to_json(), "village_win_rate": 0.125}).percent == "13"


runner = CliRunner()


def test_solve_table_json_and_plot(tmp_path):
    chart = tmp_path / "table.png"
    result = runner.invoke(app, ["solve", "table", "--seer", "--guard", "--max-players", "5", "--iterations", "50",
                                 "--workers", "1", "--json", "--plot", str(chart)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [(c["players"], c["wolves"]) for c in data["cells"]] == [(3, 1), (4, 1), (5, 1), (5, 2)]
    assert all(0 <= c["village_win_rate"] <= 1 and c["exploitability"] >= 0 for c in data["cells"])
    assert chart.stat().st_size > 5000


def test_solve_game_strategy_and_errors():
    result = runner.invoke(app, ["solve", "game", "--villagers", "4", "--seer", "--guard", "--wolves", "2",
                                 "--iterations", "100", "--json", "--strategy", "G,4 1 1 2,vR,gRR-,dR,vC"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["infosets"] == 1680 and set(data["strategy"]["average"]) <= {"D", "W", "C", "R"}
    bad = runner.invoke(app, ["solve", "game", "--villagers", "1", "--wolves", "3"])
    assert bad.exit_code == 2 and "the wolves have already won" in bad.output
    unknown = runner.invoke(app, ["solve", "game", "--villagers", "2", "--seer", "--guard", "--wolves", "1",
                                  "--iterations", "5", "--strategy", "G,nonsense"])
    assert unknown.exit_code == 2 and "unknown information set 'G,nonsense'" in unknown.output
    variant = runner.invoke(app, ["solve", "game", "--villagers", "2", "--wolves", "1", "--variant", "telepathy"])
    assert variant.exit_code == 2 and "unknown variant telepathy" in variant.output


def test_impossible_cells_are_refused():
    with pytest.raises(ModelError, match="cannot hold"):
        list(sweep([(3, 2)], True, True, 10, workers=1))
