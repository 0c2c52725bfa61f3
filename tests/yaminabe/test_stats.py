"""Statistics over many castings: tallies, the published figures, the JSON object and the chart."""

import json
from dataclasses import replace

import numpy as np
import pytest

from jinrou.errors import CastingError
from jinrou.yaminabe import Options, Request, Safety, plot, statistics
from jinrou.yaminabe.stats import GROUPS

KEYS = {"players", "safety", "pool", "weighting", "date", "faithful", "seed", "castings", "failures", "team_share",
        "p_wolf_team_half", "werewolf_category_count", "fox_team_count", "p_role", "distinct_roles_mean"}  # fmt: skip


def test_figures_are_percentages_of_the_castings():
    stats = statistics(Request.build(12, "中"), 300, rng=np.random.default_rng(1), seed=1)
    assert stats.cast == 300 and stats.failures == 0
    assert sum(stats.team_share.values()) == pytest.approx(100, abs=1e-3)
    assert sum(stats.werewolf_category_count.values()) == pytest.approx(100, abs=1e-3)
    assert sum(stats.fox_team_count.values()) == pytest.approx(100, abs=1e-3)
    assert all(sum(stats.group_seats[g].values()) == 300 for g in GROUPS)
    assert 0 < stats.p_role["Diviner"] <= 100 and list(stats.p_role) == sorted(stats.p_role, key=list(stats.p_role).index)
    assert stats.p_wolf_team_half == 0.0  # 中 keeps the wolves below half
    assert 9 < stats.distinct_roles_mean <= 12


def test_wolf_team_half_counts_exactly_half():
    stats = statistics(Request.build(6), 1, rng=np.random.default_rng(0))
    halves = replace(stats, castings=4, group_seats={**stats.group_seats, "wolf": {1: 1, 2: 1, 3: 1, 4: 1}})
    assert halves.p_wolf_team_half == 50.0  # 3 and 4 of 6 seats


def test_known_distribution_below_nine_seats():
    # 8 seats at 低: exactly one wolf (the table has no wolf tweak below 12 seats but −1 from 2)
    stats = statistics(Request.build(8, "低"), 200, rng=np.random.default_rng(2))
    assert stats.werewolf_category_count == {"1": 100.0}


def test_json_has_the_issue_shape():
    stats = statistics(Request.build(10, "高", options=Options(date=(12, 24))), 50, rng=np.random.default_rng(3), seed=3)
    data = json.loads(json.dumps(stats.to_json()))
    assert set(data) == KEYS
    assert (data["players"], data["safety"], data["pool"], data["castings"], data["date"], data["seed"]) == (
        10, "high", "catalog", 50, "12-24", 3
    )
    assert set(data["team_share"]) == {"village", "wolf", "fox", "lovers", "others"}
    assert all(isinstance(v, float) for v in data["p_role"].values())


def test_faithful_failures_are_counted_and_left_out_of_the_figures():
    stats = statistics(Request.build(16, mode="easy", options=Options(faithful=True)), 100, rng=np.random.default_rng(4))
    assert 0 < stats.failures < 100 and stats.cast == 100 - stats.failures
    assert sum(stats.team_share.values()) == pytest.approx(100, abs=1e-3)
    assert stats.to_json()["failures"] == stats.failures


def test_progress_is_reported_up_to_the_end():
    seen = []
    statistics(Request.build(9), 250, rng=np.random.default_rng(5), progress=seen.append)
    assert seen[-1] == 250 and seen == sorted(seen)


@pytest.mark.parametrize("castings", [0, -1, 2.5, True])
def test_castings_must_be_positive(castings):
    with pytest.raises(CastingError, match=f"the number of castings must be a whole number ≥ 1, not {castings!r}"):
        statistics(Request.build(9), castings, rng=np.random.default_rng(1))


def test_plot_draws_every_level_as_png_and_svg(tmp_path):
    results = [statistics(Request.build(12, level), 20, rng=np.random.default_rng(i)) for i, level in enumerate(Safety)]
    for suffix in (".png", ".svg"):
        path = tmp_path / f"shares{suffix}"
        plot(results, str(path))
        assert path.stat().st_size > 1000
    assert (tmp_path / "shares.png").read_bytes().startswith(b"\x89PNG")
    assert "supersuper" in (tmp_path / "shares.svg").read_text()
