"""Solving one setup (jinrou.solve.solution): the checks before any work, known values, the JSON of
``jinrou solve game``, progress and timing."""

from fractions import Fraction

import pytest

from jinrou.errors import JinrouError
from jinrou.solve.solution import MAX_PLAYERS, check_infoset, checked_setup, parse_variant, solve
from jinrou.solve.werewolf import ModelError, Setup, Variant


@pytest.mark.parametrize("counts, village", [
    ((2, 0, 0, 1), Fraction(1, 3)),   # day 1 must lynch the wolf, else 1 villager + 1 wolf (test_werewolf.py)
    ((4, 0, 0, 1), Fraction(7, 15)),  # 1/5, else after a night 2 villagers + the wolf: 1/3 on day 2
])
def test_setups_without_decisions_solve_to_their_exact_village_win_rate(counts, village):
    solution = solve(checked_setup(*counts), iterations=1)
    assert solution.village_win_rate == pytest.approx(float(village), abs=1e-12)
    assert solution.exploitability == pytest.approx(0, abs=1e-12)


def test_a_solution_reports_sizes_times_and_the_strategy_asked_for():
    key = "G,4 1 1 2,vR,gRR-,dR,vC"  # the paper's history string, also in test_openspiel_and_table.py
    done = []
    solution = solve(checked_setup(4, 1, 1, 2, infoset=key), iterations=20, infoset=key, progress=done.append)
    assert done == list(range(1, 21))
    assert solution.infosets == 1680 and solution.histories >= solution.nodes > 0
    assert 0 < solution.village_win_rate < 1 and solution.exploitability >= 0
    assert solution.strategy is not None and set(solution.strategy) <= {"D", "W", "C", "R"}
    assert sum(solution.strategy.values()) == pytest.approx(1)
    assert 0 <= solution.build_seconds and 0 <= solution.solve_seconds
    assert solution.build_seconds + solution.solve_seconds <= solution.seconds
    data = solution.to_json()
    assert list(data) == ["setup", "players", "village_win_rate", "exploitability", "iterations", "nodes",
                          "histories", "infosets", "build_seconds", "solve_seconds", "strategy"]
    assert data["setup"] == "4 1 1 2" and data["players"] == 8 and data["iterations"] == 20
    assert data["strategy"] == {"infoset": key, "average": solution.strategy}
    assert "strategy" not in solve(Setup(2, 0, 0, 1), iterations=1).to_json()


def test_an_information_set_the_game_never_reaches_is_refused_before_the_iterations():
    done = []
    with pytest.raises(JinrouError, match=r"unknown information set 'G,2 1 1 1,vZ' in this game .*look like 'G,"):
        solve(Setup(2, 1, 1, 1), iterations=5, infoset="G,2 1 1 1,vZ", progress=done.append)
    assert done == []


def test_variants_are_read_by_name():
    assert parse_variant() == Variant()
    assert parse_variant(["night_first", "guard_self"]) == Variant(night_first=True, guard_self=True)
    with pytest.raises(ModelError, match="^unknown variant telepathy, zz: variants are night_first, "):
        parse_variant(["zz", "night_first", "telepathy"])


@pytest.mark.parametrize("arguments, error, message", [
    ((1, 0, 0, 3), ModelError, "the wolves have already won"),
    ((MAX_PLAYERS, 0, 0, 1), JinrouError, f"{MAX_PLAYERS + 1} players is too many to solve: at most {MAX_PLAYERS}"),
    ((4, 1, 1, 2, None, "nonsense"), JinrouError, "unknown information set 'nonsense' (--strategy): write G"),
    ((4, 1, 0, 2, None, "G,4 1 0 2,vR"), JinrouError, "this setup has no guard (--guard)"),
    ((4, 1, 1, 2, None, "G,4 1 1 1,vR"), JinrouError, "this setup's counts (villagers seer guard wolves) are '4 1 1 2'"),
])
def test_bad_setups_are_refused_before_any_work(arguments, error, message):
    with pytest.raises(error) as raised:
        checked_setup(*arguments)
    assert message in str(raised.value)


def test_an_information_set_of_the_right_form_passes_the_check():
    check_infoset("M,4 1 1 2,vR,gDD-,dR,vR", Setup(4, 1, 1, 2))
    assert checked_setup(4, 1, 1, 2, Variant(guard_self=True), "G,4 1 1 2").variant.guard_self


@pytest.mark.parametrize("iterations", [0, -1, True, 2.5])
def test_iterations_are_a_whole_number_one_or_more(iterations):
    with pytest.raises(JinrouError, match="iterations must be a whole number, 1 or more"):
        solve(Setup(2, 0, 0, 1), iterations)


def test_the_command_line_help_names_every_variant():
    from jinrou.cli.solve import VARIANT_HELP  # a literal, so that --help loads no numpy

    assert VARIANT_HELP.removeprefix("Model variant (repeatable): ").rstrip(".").split(", ") == Variant.names()


# The six largest games of docs/no-talk-werewolf.md, with the nodes their build counted.
BUILT = [((10, 1, 1, 1), 25_150_486), ((9, 1, 1, 1), 3_986_732), ((11, 0, 1, 2), 28_544_489),
         ((12, 0, 1, 1), 5_006_039), ((18, 1, 0, 4), 16_698_759), ((16, 1, 0, 4), 4_067_362)]


@pytest.mark.parametrize("counts, nodes", BUILT)
def test_the_size_estimate_is_within_a_third_of_the_games_built(counts, nodes):
    from jinrou.solve.solution import estimated_nodes

    assert 0.75 < estimated_nodes(Setup(*counts, Variant())) / nodes < 1.34


def test_a_game_beyond_the_free_memory_is_refused_before_it_is_built(monkeypatch):
    """Issue 26, point 17: 9 1 1 1 (about 4 M nodes of the whole game, 0.4 GB) with 0.2 GB free — one
    line, exit 2, at once."""
    from typer.testing import CliRunner

    from jinrou.cli import app
    from jinrou.solve import solution

    monkeypatch.setattr(solution, "available_memory", lambda: 2 * 10**8)
    monkeypatch.setattr(solution, "solve", lambda *_, **__: pytest.fail("the game was built"))
    result = CliRunner().invoke(app, ["solve", "game", "--villagers", "9", "--seer", "--guard", "--wolves", "1"])
    assert result.exit_code == 2, result.output
    assert result.output == ("error: 9 1 1 1 (12 players) is too large to solve here: about 4.3e+06 nodes, 0.4 GB of "
                             "memory at the peak, and 0.2 GB are free: take fewer villagers or wolves (the largest "
                             "games solved: docs/no-talk-werewolf.md)\n")
    assert checked_setup(4, 1, 1, 1).players == 7  # a small one passes
