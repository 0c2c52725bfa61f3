"""``jinrou yaminabe study`` and ``tune`` and ``cast --safety balanced``, run through typer's runner."""

import json

import pytest
from typer.testing import CliRunner

from jinrou.cli import app

runner = CliRunner()
SMALL = ["yaminabe", "study", "--levels", "低,balanced", "--players", "8-9", "--games", "4", "--seed", "3", "--workers", "1"]


def test_study_json_lines_have_the_report_kinds():
    result = runner.invoke(app, [*SMALL, "--json", "--bin", "10"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]  # every line is JSON: no bar, no table
    kinds = [line["kind"] for line in lines]
    assert kinds[0] == "study" and kinds.count("level") == 12 and kinds.count("players") == 4 and "share" in kinds
    assert lines[0]["levels"] == ["low", "balanced"] and lines[0]["players"] == [8, 9] and lines[0]["bin"] == 10.0
    assert sum(line["games"] for line in lines if line["kind"] == "players") == 16
    share = next(line for line in lines if line["kind"] == "share")
    assert set(share) == {"kind", "level", "label", "side", "side_ja", "share", "games", "wins", "rate", "ci95"}
    assert share["share"][1] - share["share"][0] == 10
    assert (lines[0]["pool"], lines[0]["date"]) == ("catalog", "drawn")  # the defaults
    again = runner.invoke(app, [*SMALL, "--json", "--bin", "10"])
    assert again.stdout == result.stdout  # the same seed, the same report


def test_study_takes_the_pool_and_the_date():
    result = runner.invoke(app, [*SMALL, "--pool", "playable", "--date", "12-24", "--json"])
    assert result.exit_code == 0, result.output
    head = json.loads(result.stdout.splitlines()[0])
    assert (head["pool"], head["date"]) == ("playable", "12-24")
    text = runner.invoke(app, [*SMALL, "--date", "none"])
    assert "pool catalog (uniform) · date none" in " ".join(text.stdout.split())


def test_study_table_figure_and_resume(tmp_path):
    figure, results = tmp_path / "study.png", tmp_path / "study.jsonl"
    result = runner.invoke(app, [*SMALL, "--plot", str(figure), "--results", str(results)])
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "闇鍋 study · heuristic bots" in out and "村人陣営" in out and "バランス" in out and "Figure written to" in out
    assert figure.read_bytes().startswith(b"\x89PNG")
    written = results.read_text()
    rerun = runner.invoke(app, [*SMALL, "--results", str(results), "--json"])
    assert rerun.exit_code == 0 and results.read_text() == written  # every chunk was there: nothing played again
    svg = tmp_path / "study.svg"
    assert runner.invoke(app, [*SMALL, "--results", str(results), "--plot", str(svg)]).exit_code == 0
    assert "balanced" in svg.read_text()


def test_cast_at_the_balanced_level():
    result = runner.invoke(app, ["yaminabe", "cast", "--players", "12", "--safety", "バランス", "--pool", "playable", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["safety"] == "balanced" and sum(data["roles"].values()) == 12


def test_tune_writes_a_table_that_casts(tmp_path):
    path = tmp_path / "balanced.json"
    result = runner.invoke(app, ["yaminabe", "tune", "--players", "9", "--rounds", "2", "--games", "10", "--check-games", "10",
                                 "--seed", "1", "--workers", "1", "--output", str(path), "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout)
    assert line["players"] == 9 and line["check_games"] == 10 and len(line["rounds"]) == 2
    from jinrou.yaminabe.ratios import BalancedTable

    table = BalancedTable.from_json(json.loads(path.read_text()))
    assert list(table.rows) == [9] and table.about["seed"] == 1 and table.verified[9] == line["check"]
    assert (table.about["pool"], table.about["date"]) == ("catalog", "drawn")
    assert table.rows[9].werewolves is None


def test_tune_fixes_the_werewolf_count_of_its_rows(tmp_path):
    path = tmp_path / "row8.json"
    result = runner.invoke(app, ["yaminabe", "tune", "--players", "8", "--werewolves", "2", "--rounds", "1", "--games", "8",
                                 "--check-games", "8", "--retries", "0", "--seed", "1", "--workers", "1", "--output", str(path), "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout)
    assert line["ratios"]["werewolves"] == 2 and all(r["ratios"]["werewolves"] == 2 for r in line["rounds"])
    assert json.loads(path.read_text())["seats"]["8"]["werewolves"] == 2


def test_tune_searches_the_mean_werewolf_count_by_secant(tmp_path):
    path = tmp_path / "row8.json"
    result = runner.invoke(app, ["yaminabe", "tune", "--players", "8", "--secant", "werewolves", "--bracket", "1,2", "--rounds", "0",
                                 "--games", "40", "--check-games", "8", "--retries", "0", "--seed", "1", "--workers", "1",
                                 "--output", str(path), "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout)
    assert [r["ratios"]["werewolves"] for r in line["rounds"]] == [1, 2]  # the bracket's ends
    one, two = (r["wins"]["village"] / sum(r["wins"].values()) for r in line["rounds"])
    secant = min(3, max(1, 1 + (one - 0.5) / (one - two)))  # where the line through the ends crosses ½, within 1 to 3
    mean = line["ratios"]["werewolves"]
    assert mean == pytest.approx(secant, abs=0.001) and json.loads(path.read_text())["seats"]["8"]["werewolves"] == mean
    table = json.loads(path.read_text())
    assert table["about"]["secant"] == "werewolves" and table["about"]["bracket"] == [1, 2]


def test_tune_starts_from_a_table(tmp_path):
    start = tmp_path / "start.json"
    start.write_text(json.dumps({"format": "jinrou.yaminabe-balanced/1", "seats": {
        "10": {"village": [0.55, 0.65], "wolf": [0.25, 0.35], "fox": 0.2, "lovers": 0.1, "werewolves": 2}}}))
    result = runner.invoke(app, ["yaminabe", "tune", "--players", "9", "--start-from", str(start), "--rounds", "1", "--games", "6",
                                 "--check-games", "6", "--retries", "0", "--seed", "1", "--workers", "1", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    first = json.loads(result.stdout.splitlines()[0])["rounds"][0]["ratios"]  # the nearest row, 10 seats, as it is
    assert first == {"village": [0.55, 0.65], "wolf": [0.25, 0.35], "fox": 0.2, "lovers": 0.1, "werewolves": 2}
    four = tmp_path / "four.json"
    four.write_text(start.read_text().replace('"werewolves": 2', '"werewolves": 4'))
    bad = runner.invoke(app, ["yaminabe", "tune", "--players", "8-10", "--start-from", str(four)])
    assert bad.exit_code == 2 and bad.stderr == "error: --start-from: its row for 8 seats casts 4 人狼系 roles; they must be below half the seats\n"


BAD = [
    (["study", "--players", "20-8"], "error: bad --players '20-8': a range goes up, e.g. 8-20"),
    (["study", "--players", "eight"], "error: bad --players 'eight': write a range 8-20, a list 8,12,16 or one number"),
    (["study", "--players", "5-8"], "error: 闇鍋 needs at least 6 seats (the scapegoat included), not 5"),
    (["study", "--levels", "max"], "error: unknown safety level 'max': levels are none, low,"),
    (["study", "--bin", "7"], "error: --bin 7: the width of the share bins must divide 100"),
    (["study", "--games", "0"], "error: invalid value for '--games': Input should be greater than or equal to 1"),
    (["study", "--bots", "smart"], "error: invalid value for '--bots': 'smart' is not one of 'random', 'heuristic'"),
    (["study", "--plot", "figure.jpg"], "error: --plot 'figure.jpg': name the file .png or .svg"),
    (["study", "--cluster", "nonsense"], "error: cannot read the scheduler address 'nonsense'"),
    (["tune", "--output", "table.txt"], "error: --output 'table.txt': name the file .json"),
    (["tune", "--players", "8-x"], "error: bad --players '8-x'"),
    (["tune", "--players", "8-12", "--werewolves", "4"], "error: --werewolves 4: the 人狼系 roles must be below half the seats (8 seats)"),
    (["tune", "--players", "8-12", "--werewolves", "3.2"], "error: --werewolves 3.2: the 人狼系 roles must be below half the seats (8 seats)"),
    (["tune", "--players", "8", "--werewolves", "0.5"], "error: invalid value for '--werewolves': Input should be greater than or equal to 1"),
    (["tune", "--slope", "-1"], "error: --bracket and --slope go with --secant KNOB (werewolves or wolf)"),
    (["tune", "--secant", "werewolves", "--bracket", "1"], "error: --bracket '1': two numbers LO,HI, the smaller first (e.g. 1,2)"),
    (["tune", "--secant", "fox", "--slope", "-1"], "error: invalid value for '--secant'"),
    (["tune", "--players", "8", "--secant", "werewolves", "--bracket", "1,4"],
     "error: the bracket must be two values from 1 to 3 at 8 seats, the smaller first, not (1.0, 4.0)"),
    (["study", "--players", "8-100000"], "error: bad --players '8-100000': 闇鍋 takes at most 1000 seats"),
    (["study", "--pool", "all"], "error: unknown pool 'all': pools are catalog and playable"),
    (["study", "--date", "12-32"], "error: bad date '12-32': give drawn (a day of the year drawn for each game)"),
    (["tune", "--date", "24-12"], "error: bad date '24-12': give drawn"),
    (["tune", "--start-from", "missing.json"], "error: --start-from 'missing.json': cannot read it (No such file or directory)"),
    (["study", "--results", "study.jsonl"], "error: --results needs --seed, so that a rerun plays the same games"),
]


def test_bad_options_are_one_line_before_any_game(tmp_path):
    for args, message in BAD:
        result = runner.invoke(app, ["yaminabe", *args])
        assert result.exit_code == 2, (args, result.output)
        assert result.stdout == "" and result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr
    missing = tmp_path / "missing" / "study.jsonl"
    result = runner.invoke(app, [*SMALL, "--results", str(missing)])
    assert result.exit_code == 2 and "does not exist" in result.stderr and not missing.parent.exists()


def test_a_results_file_of_another_study_is_refused_in_one_line(tmp_path):
    path = tmp_path / "study.jsonl"
    assert runner.invoke(app, [*SMALL, "--results", str(path), "--json"]).exit_code == 0
    result = runner.invoke(app, [*SMALL[:-4], "--seed", "4", "--workers", "1", "--results", str(path)])
    assert result.exit_code == 2 and "holds the games of another study (seed 3 ≠ 4)" in result.stderr


def test_an_interrupted_study_keeps_its_chunks_and_exits_130(monkeypatch, tmp_path):
    import jinrou.yaminabe.runs

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(jinrou.yaminabe.runs, "run_study", interrupted)
    result = runner.invoke(app, [*SMALL, "--results", str(tmp_path / "s.jsonl"), "--json"])
    assert result.exit_code == 130 and result.stdout == "" and "rerun to go on" in result.stderr


def test_ctrl_c_kills_the_study_workers_at_once_and_the_results_file_keeps_the_chunks(tmp_path):
    """Real processes (issue 26, point 16): Ctrl-C pressed three times (the second used to hang every
    process), exit 130, every finished chunk in the results file, no process left."""
    import re

    from ..processes import Jinrou, wait_for

    results = tmp_path / "study.jsonl"
    args = ["yaminabe", "study", "--levels", "low", "--players", "8-20", "--games", "1000", "--seed", "1",
            "--workers", "2", "--bots", "random", "--results", str(results), "--json"]

    def chunks() -> int:
        return results.read_text(encoding="utf-8").count("\n") - 1 if results.exists() else 0

    with Jinrou(args, tmp_path) as run:
        run.wait_for_workers(2)
        wait_for(lambda: chunks() >= 2, "two chunks in the results file")
        code, out, err = run.interrupt(times=3)
        run.none_left()
    assert code == 130 and out == "", err
    done = int(re.search(r"interrupted after (\d+) of 13000 games: no report; the finished chunks are kept", err)[1])
    lines = results.read_text(encoding="utf-8").splitlines()
    assert 25 * (len(lines) - 1) in (done, done + 25) and all(json.loads(line) for line in lines)  # one may be under way


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_during_tune_writes_the_best_table_so_far(tmp_path, workers):
    """Issue 40, point 5: a real `yaminabe tune` whose stderr is a file shows progress lines there
    and, interrupted, writes the rows tuned and the best round of the row under way (unchecked)."""
    from jinrou.yaminabe.ratios import BalancedTable

    from ..processes import Jinrou, wait_for

    output, log = tmp_path / "balanced.json", tmp_path / "stderr.txt"
    args = ["yaminabe", "tune", "--players", "8-9", "--rounds", "1000", "--games", "10", "--check-games", "10",
            "--seed", "1", "--workers", workers, "--bots", "random", "--output", str(output)]
    with Jinrou(args, tmp_path, stderr=log) as run:
        wait_for(lambda: "tuning (rounds): 1 of 2,008" in log.read_text(), "a progress line after the first round")
        code, out, err = run.interrupt()
        run.none_left()
    assert code == 130, err
    assert "interrupted: the table holds 1 of 2 seat counts; 8 seats: the best of" in err
    table = BalancedTable.from_json(json.loads(output.read_text()))
    assert list(table.rows) == [8] and table.about["unchecked"] == [8] and table.about["interrupted"] is True
    assert sum(table.verified[8].values()) == 10 and "partial" in out


def test_best_so_far_is_the_round_nearest_half():
    from jinrou.yaminabe.study import Side
    from jinrou.yaminabe.tuner import Knobs, Round, best_so_far

    V, W = Side.VILLAGE, Side.WOLF
    seen = [Round(Knobs(wolf=0.3), {V: 7, W: 3}), Round(Knobs(wolf=0.31), {V: 4, W: 6}), Round(Knobs(wolf=0.32), {V: 6, W: 4})]
    best = best_so_far(9, seen)
    assert best.knobs.wolf == 0.32 and best.check == {V: 6, W: 4} and not best.met and len(best.rounds) == 3
    with pytest.raises(ValueError, match="the search for 9 seats has no round yet"):
        best_so_far(9, [])
