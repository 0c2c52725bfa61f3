"""The OpenSpiel bridge, the parallel sweep (processes and a local Dask cluster), and the CLI."""

import json

import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability
from typer.testing import CliRunner

import jinrou.solve.openspiel  # noqa: F401  (registers the games)
from jinrou.cli import app
from jinrou.solve.cfr import CFRPlus
from jinrou.solve.efg import compile_game
from jinrou.solve.table import cells, solve_cell, sweep
from jinrou.solve.werewolf import ModelError, NoTalkWerewolf, Setup


def test_openspiels_cfr_plus_on_the_bridged_kuhn_reproduces_the_anchor():
    game = pyspiel.load_game("jinrou_kuhn")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) == pytest.approx(1.1944041e-3, abs=5e-11)


@pytest.mark.parametrize("counts", [(2, 1, 1, 1), (3, 0, 1, 1), (3, 1, 1, 1)])
def test_openspiels_cfr_plus_agrees_with_ours_on_small_werewolf_cells(counts):
    params = dict(zip(["villagers", "seer", "guard", "wolves"], counts))
    game = pyspiel.load_game("jinrou_werewolf", params)
    theirs = cfr.CFRPlusSolver(game)
    for _ in range(40):
        theirs.evaluate_and_update_policy()
    policy = theirs.average_policy()
    ours = CFRPlus(compile_game(NoTalkWerewolf(Setup(*counts))))
    ours.iterate(40)
    assert expected_game_score.policy_value(game.new_initial_state(), [policy, policy])[0] == pytest.approx(
        ours.value(), abs=1e-9)
    assert exploitability.exploitability(game, policy) == pytest.approx(ours.exploitability(), abs=1e-9)
    state = game.new_initial_state()
    while state.is_chance_node():
        state = state.child(state.chance_outcomes()[0][0])
    assert state.information_state_string() in compile_game(NoTalkWerewolf(Setup(*counts))).infoset_names


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


def test_any_jinrou_game_wraps_as_an_openspiel_game():
    from jinrou.solve.openspiel import spiel_game
    from jinrou.solve.poker import Kuhn

    game = spiel_game(Kuhn())
    solver = cfr.CFRPlusSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) == pytest.approx(1.1944041e-3, abs=5e-11)
    assert game.num_distinct_actions() == 5  # cards 0, 1, 2 and the actions b, p
