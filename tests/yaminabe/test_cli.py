"""``jinrou yaminabe cast`` and ``stats``, run in-process through typer's runner."""

import json
import sys

import numpy as np
import pytest
from typer.testing import CliRunner

from jinrou.cli import app
from jinrou.yaminabe import Options, cast

runner = CliRunner()


def test_cast_prints_every_role_with_names_and_teams_and_the_published_list():
    result = runner.invoke(app, ["yaminabe", "cast", "--players", "16", "--safety", "中", "--seed", "7"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "闇鍋 · safety 中 (middle) · 16 seats (15 players + 身代わりくん)" in " ".join(out.split())
    assert "占い師" in out and "Seer" in out and "村人陣営" in out and "village" in out
    assert "出現役職: " in out and "Roles: " in out


def test_cast_json_is_one_object_with_n_roles():
    result = runner.invoke(app, ["yaminabe", "cast", "--players", "12", "--safety", "high", "--seed", "3", "--publish", "team", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert sum(data["roles"].values()) == 12 and data["seed"] == 3 and data["safety"] == "high"
    assert data["published"]["kind"] == "team" and data["published"]["ja"].startswith("出現陣営情報: 村人陣営")


def test_cast_chemical_deals_two_roles_a_seat_sized_by_the_seats_as_the_api_does():
    args = ["yaminabe", "cast", "--players", "8", "--safety", "中", "--seed", "0", "--no-seasonal", "--chemical"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seats"] == 8 and data["chemical"] is True and sum(data["roles"].values()) == 16
    api = cast(8, "中", rng=np.random.default_rng(0), options=Options(seasonal=False, chemical=True))
    assert data["roles"] == api.counts  # the CLI's seed drives the same draws as the API's generator
    assert "ケミカル人狼: two roles a seat" in " ".join(runner.invoke(app, args).stdout.split())


def test_cast_is_reproducible_from_its_seed():
    args = ["yaminabe", "cast", "--players", "14", "--safety", "超", "--seed", "11", "--json"]
    assert runner.invoke(app, args).stdout == runner.invoke(app, args).stdout


def test_cast_partial_and_easy_and_hidden():
    result = runner.invoke(app, ["yaminabe", "cast", "--players", "10", "--fix", "占い師=1", "--fix-category", "人狼系=2",
                                 "--exclude", "村人", "--seed", "2", "--json"])  # fmt: skip
    data = json.loads(result.stdout)
    assert data["mode"] == "partial" and data["fixed"] == {"Diviner": 1} and data["fixed_categories"] == {"Werewolf": 2}
    assert "Human" not in data["roles"] and data["announcement"]["ja"] == "一部闇鍋: 占い師1 人狼系2 除外役職: 村人"
    result = runner.invoke(app, ["yaminabe", "cast", "--players", "9", "--mode", "easy", "--seed", "2", "--publish", "hidden"])
    assert result.exit_code == 0 and "かんたん闇鍋: 村人3 占い師1" in result.stdout and "配役非公開" in result.stdout


def test_cast_from_the_playable_pool():
    result = runner.invoke(app, ["yaminabe", "cast", "--players", "12", "--pool", "playable", "--seed", "5", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["pool"] == "playable"


def test_stats_json_is_exactly_one_object_in_the_issue_shape():
    result = runner.invoke(app, ["yaminabe", "stats", "--players", "12", "--safety", "middle", "--castings", "200",
                                 "--seed", "1", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # the whole of stdout: no progress bar, no table
    assert (data["players"], data["safety"], data["pool"], data["castings"]) == (12, "middle", "catalog", 200)
    for key in ("team_share", "p_wolf_team_half", "werewolf_category_count", "fox_team_count", "p_role", "distinct_roles_mean"):
        assert key in data
    assert set(data["team_share"]) == {"village", "wolf", "fox", "lovers", "others"}


def test_stats_table_with_date_pool_and_weighting():
    result = runner.invoke(app, ["yaminabe", "stats", "--players", "10", "--safety", "低", "--castings", "100", "--seed", "2",
                                 "--date", "12-24", "--pool", "playable", "--weighting", "catalog"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "team share of the seats" in result.stdout and "pool playable (catalog)" in " ".join(result.stdout.split())


def test_stats_plot_writes_the_chart(tmp_path):
    path = tmp_path / "levels.png"
    result = runner.invoke(app, ["yaminabe", "stats", "--players", "12", "--castings", "10", "--seed", "1", "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes().startswith(b"\x89PNG") and "Chart written to" in result.stdout


BAD = [
    (["cast", "--players", "5"], "error: 闇鍋 needs at least 6 seats (the scapegoat included), not 5"),
    (["cast", "--players", "9", "--safety", "max"], "error: unknown safety level 'max': levels are none, low,"),
    (["cast", "--players", "9", "--fix", "占い師"], "error: bad --fix '占い師': write NAME=COUNT, e.g. 人狼=2"),
    (["cast", "--players", "9", "--fix", "Wizard=1"], "error: unknown fixed role 'Wizard'"),
    (["cast", "--players", "9", "--date", "12/24"], "error: bad date '12/24': give the day as MM-DD, e.g. 12-24"),
    (["cast", "--players", "9", "--date", "13-45"],  # issue 40, point 11: in the option's own format
     "error: bad date '13-45': no such day; give a day of the calendar as MM-DD, e.g. 12-24 (02-29 is one)"),
    (["cast", "--players", "9", "--date", "02-30"], "error: bad date '02-30': no such day"),
    (["cast", "--players", "9", "--mode", "easy", "--safety", "低"], "error: かんたん闇鍋 always casts at safety 高 (high), not '低'"),
    (["stats", "--players", "9", "--castings", "0"], "error: the number of castings must be a whole number ≥ 1, not 0"),
    (["stats", "--players", "9", "--seed", "-1"], "error: invalid value for '--seed': Input should be greater than or equal to 0"),
    (["stats", "--players", "9", "--pool", "all"], "error: unknown pool 'all': pools are catalog and playable"),
    (["stats", "--players", "9", "--weighting", "heavy"], "error: unknown weighting 'heavy': weightings are uniform, catalog"),
    (["cast", "--players", "9", "--publish", "secret"], "error: unknown publication 'secret': publications are full"),
    (["cast", "--players", "9", "--mode", "chemical"], "error: unknown mode 'chemical': modes are yaminabe (闇鍋)"),
]


def test_bad_options_are_one_line_on_stderr_with_exit_code_2():
    for args, message in BAD:
        result = runner.invoke(app, ["yaminabe", *args])
        assert result.exit_code == 2, (args, result.output)
        assert result.stdout == "" and result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr
        assert "Traceback" not in result.output


def test_a_bad_plot_path_is_refused_before_any_casting(tmp_path):
    for path, message in ((tmp_path / "chart.jpg", "name the file .png or .svg"),
                          (tmp_path / "missing" / "chart.png", "does not exist")):  # fmt: skip
        result = runner.invoke(app, ["yaminabe", "stats", "--players", "9", "--castings", "100000", "--plot", str(path)])
        assert result.exit_code == 2 and message in result.stderr and not path.exists()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["stats", "study", "tune"])
def test_help_loads_no_heavy_library(command):
    import subprocess
    import sys

    program = (f"import sys\nfrom jinrou.cli import app\ntry:\n    app(['yaminabe', '{command}', '--help'])\nexcept SystemExit:\n"
               "    pass\nprint(sorted(m for m in ('numpy', 'numba', 'dask', 'matplotlib') if m in sys.modules))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_an_interrupted_stats_run_exits_130(monkeypatch):
    import jinrou.yaminabe

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(jinrou.yaminabe, "statistics", interrupted)
    result = runner.invoke(app, ["yaminabe", "stats", "--players", "9", "--castings", "10", "--seed", "1", "--json"])
    assert result.exit_code == 130 and result.stdout == "" and "interrupted" in result.stderr


@pytest.mark.parametrize("args, extra", [
    (["yaminabe", "stats", "--players", "8", "--castings", "10", "--seed", "1"], "study"),
    (["yaminabe", "study", "--levels", "low", "--players", "8", "--games", "1", "--seed", "1", "--workers", "1"], "study"),
    (["solve", "table", "--max-players", "4", "--iterations", "1", "--workers", "1"], "solve"),
])  # fmt: skip
def test_a_plot_without_matplotlib_is_refused_before_any_work(args, extra, monkeypatch, tmp_path):
    """Issue 26, point 17: a traceback at the end before; now one line naming the extra, nothing written."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed: find_spec and import fail
    result = runner.invoke(app, [*args, "--plot", str(tmp_path / "chart.png")])
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert result.stderr == (f"error: --plot needs matplotlib, which is not installed: pip install 'jinrou[{extra}]' "
                             "(or pip install matplotlib)\n")
    assert list(tmp_path.iterdir()) == []
