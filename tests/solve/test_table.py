"""A table sweep interrupted (issue 26, point 16): Ctrl-C stops every worker at once and keeps the
cells solved — in-process for the partial table, with real processes for the workers."""

import json
import re

from typer.testing import CliRunner

from jinrou.cli import app
from jinrou.solve import table
from jinrou.solve.table import solve_cell

from ..processes import Jinrou

runner = CliRunner()


def test_ctrl_c_shows_the_cells_solved_so_far(monkeypatch, tmp_path):
    solved = [solve_cell(3, 1, False, False, 5), solve_cell(4, 1, False, False, 5)]

    def interrupted_sweep(*_args, **_kwargs):
        yield from solved
        raise KeyboardInterrupt

    monkeypatch.setattr(table, "sweep", interrupted_sweep)
    chart = tmp_path / "table.png"
    result = runner.invoke(app, ["solve", "table", "--max-players", "5", "--json", "--plot", str(chart)])
    assert result.exit_code == 130, result.output
    assert result.stderr.strip() == "interrupted after 2 of 4 cells"
    cells = json.loads(result.stdout)["cells"]
    assert [(c["players"], c["wolves"], c["village_win_rate"]) for c in cells] == [(3, 1, 1 / 3), (4, 1, 0.25)]
    assert chart.stat().st_size > 0  # the partial chart is drawn too
    shown = runner.invoke(app, ["solve", "table", "--max-players", "5"])
    assert shown.exit_code == 130 and "33%" in shown.stdout and "25%" in shown.stdout


def test_ctrl_c_kills_the_workers_at_once(tmp_path):
    args = ["solve", "table", "--seer", "--guard", "--max-players", "8", "--iterations", "1000000", "--workers", "2",
            "--json"]
    with Jinrou(args, tmp_path) as run:
        run.wait_for_workers(2)
        code, out, err = run.interrupt()
        run.none_left()
    assert code == 130, err
    done = int(re.search(r"interrupted after (\d+) of 12 cells", err)[1])
    assert done == 0 or len(json.loads(out)["cells"]) == done
