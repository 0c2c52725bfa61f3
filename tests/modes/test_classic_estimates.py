"""The bots' win-rate estimates per cast (jinrou.modes.classic_estimates): reproducible and additive
games, the casts that have none, the shipped table's shape, and a bad table refused."""

import json

import pytest

from jinrou.errors import SetupError
from jinrou.modes import classic_estimates as estimates
from jinrou.modes import get
from jinrou.modes.base import SettingsError


def test_games_are_reproducible_and_split_runs_add_up_to_one_run():
    whole = estimates.tally("normal", 8, games=4, seed=7)
    halves = estimates.merge([estimates.tally("normal", 8, games=2, seed=7),
                              estimates.tally("normal", 8, games=2, seed=7, start=2)])
    assert whole == halves == estimates.tally("normal", 8, games=4, seed=7)
    assert sum(seats for _, seats in whole.values()) == 4 * 8  # every bot seat, 身代わりくん left out
    assert all(0 <= won <= seats for won, seats in whole.values())


@pytest.mark.parametrize("cast", ["fixed", "partial:low", "normal:extra", "bogus"])
def test_a_cast_whose_roles_are_the_hosts_choice_has_no_estimate(cast):
    assert estimates.room_settings(cast, 9) is None
    with pytest.raises(SetupError, match=f"the cast {cast!r} has no estimate: its roles are the host's choice"):
        estimates.tally(cast, 9, games=1, seed=1)


def test_a_cast_that_cannot_seat_so_many_is_refused_by_the_rooms_own_check():
    with pytest.raises(SettingsError):
        estimates.room_settings("normal", 99)


@pytest.mark.parametrize(("cast", "words"), [
    ("normal", ("standard (普通1)", "普通1")), ("yaminabe:middle", ("yaminabe 中 (middle)", "闇鍋 中")),
    ("easy:high", ("easy yaminabe 高 (high)", "かんたん闇鍋 高")), ("fixed", ("fixed", "自由配役")),
    ("preset:普通配役.普通2", ("Standard 2 (普通2)", "普通2")), ("nonsense:x", ("nonsense:x", "nonsense:x"))])
def test_a_cast_key_is_named_as_the_lobby_names_it(cast, words):
    assert estimates.cast_label(cast) == words


def test_the_shipped_table_holds_the_default_casts_with_whole_counts():
    about = estimates.table_about()
    assert about["bots"] == "heuristic" and about["games"] >= 100
    for players in range(5, 21):
        counts = estimates.estimate("normal", players)
        assert counts is not None and set(counts) >= {"Human", "Werewolf"}
        assert sum(seats for _, seats in counts.values()) == about["games"] * players  # 普通1 never fails to cast
    for level in ("none", "low", "lowlow", "middle", "high", "super", "supersuper", "reverse", "balanced"):
        assert all(estimates.estimate(f"yaminabe:{level}", p) is not None for p in range(8, 21))
    assert estimates.estimate("fixed", 9) is None and estimates.estimate("normal", 4) is None
    estimate = get("classic").estimate("normal", 9)  # the mode's hook, as the server asks it
    assert estimate.bots == estimates.estimate("normal", 9) and estimate.label == ("standard (普通1)", "普通1")
    assert estimate.teams["Human"] == ("village", "村人陣営")


def test_a_table_with_a_bad_cell_is_refused_naming_it(tmp_path):
    path = tmp_path / "table.json"
    estimates.write_table(path, {"games": 1}, {("normal", 8): {"Human": (2, 1)}})
    with pytest.raises(ValueError, match=r"cell 0 of .*: each team is \[wins, seats\], 0 ≤ wins ≤ seats"):
        estimates.read_table(path)
    path.write_text(json.dumps({"format": "other"}))
    with pytest.raises(ValueError, match="is not a jinrou.classic-estimates/1 table"):
        estimates.read_table(path)


def test_a_table_written_reads_back_the_same_and_the_shipped_one_is_written_canonically(tmp_path):
    about, cells = estimates.read_table(estimates.TABLE)
    estimates.write_table(tmp_path / "again.json", about, cells)
    assert estimates.read_table(tmp_path / "again.json") == (about, cells)
    assert (tmp_path / "again.json").read_text(encoding="utf-8") == estimates.TABLE.read_text(encoding="utf-8")
