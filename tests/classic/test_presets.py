"""月下人狼's casting presets (issue 36, deliverable 2): the reference's tables, its refusals, the names
a preset is found by, and `jinrou classic cast` / `simulate --preset`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from jinrou.classic.casting import normal_cast
from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.presets import PRESETS, PresetError, cast, find
from jinrou.classic.roles import ROLES as DECLARED
from jinrou.cli import app

SAMPLE = Path(__file__).parent.parent / "data" / "reference-games" / "presets-sample.json"
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference-games" / "presets-sample.json"
runner = CliRunner()


def test_the_reference_sample_rows_agree():
    """The 10 rows of the reference's table given as a sample (its own presets run headless)."""
    if SHARED.exists():
        assert SAMPLE.read_bytes() == SHARED.read_bytes()  # the copy here is the shared file, unchanged
    rows = json.loads(SAMPLE.read_text(encoding="utf-8"))["rows"]
    assert len(rows) == 10
    for row in rows:
        assert cast(row["preset"], row["players"]) == row["counts"], row


@pytest.mark.parametrize(("name", "n", "expected"), [
    # 普通2 at 16: three wolves from 16 seats, one fox from 15 (read off the reference's table by hand)
    ("普通2", 16, {"Werewolf": 3, "Diviner": 1, "Psychic": 1, "Madman": 1, "Guard": 1, "Couple": 2, "Fox": 1,
                  "Human": 6}),
    # 黒い村 at 20: the 狼憑き drops to 2 at exactly 20 seats; no seat is left for 村人
    ("黒い村", 20, {"Lycan": 2, "Cursed": 1, "Diviner": 2, "ApprenticeSeer": 1, "SeersMama": 1, "Psychic": 2,
                  "Guard": 1, "Couple": 2, "Fugitive": 1, "Werewolf": 2, "WolfDiviner": 1, "SolitudeWolf": 1,
                  "WolfBoy": 2, "Stalker": 1}),
    # 貴族奴隷 at 20: the 共有者 give way to a 貴族 and three 奴隷
    ("貴族奴隷", 20, {"Werewolf": 4, "Diviner": 1, "Psychic": 1, "Madman": 1, "Guard": 2, "Fox": 2, "Noble": 1,
                   "Slave": 3, "Human": 5}),
    # 狂った世界: every seat left is a 狂人
    ("狂った世界", 20, {"Werewolf": 4, "Diviner": 3, "Guard": 1, "Sorcerer": 1, "Psychic": 1, "Fanatic": 1,
                    "Dictator": 3, "Witch": 1, "Madman": 5}),
    # 普通3 below 10 seats: a fox, and a wolf less when there were two
    ("普通3", 9, {"Werewolf": 1, "Diviner": 1, "Psychic": 1, "Madman": 1, "Guard": 1, "Fox": 1, "Human": 3}),
    # 恋人 at 11: the one fox becomes a キューピッド
    ("恋人", 11, {"Werewolf": 2, "Diviner": 1, "Psychic": 1, "Madman": 1, "Guard": 1, "Cupid": 1, "Human": 4}),
    # 人狼占い at 6: the one wolf is a 人狼占い (and no fox is added below 7 seats)
    ("人狼占い", 6, {"Diviner": 1, "Madman": 1, "Guard": 1, "WolfDiviner": 1, "Human": 2}),
])  # fmt: skip
def test_known_casts(name, n, expected):
    got = cast(name, n)
    assert got == expected
    assert list(got)[-1] == "Human" or "Human" not in got


def test_the_refusals_of_the_reference_say_why_and_which_seats_work():
    with pytest.raises(PresetError, match=r"人狼占い \(Wolf Diviner\) cannot cast 8 seats: the reference adds to a "
                                          r"count it never set \(Fox\).*it casts 4–6, 11–30 seats"):
        cast("人狼占い", 8)
    with pytest.raises(PresetError, match=r"casts 10 roles, more than the seats; it casts 10–30 seats"):
        cast("六つ巴人狼", 9)
    with pytest.raises(PresetError, match="needs at least 10 seats"):
        cast("女王村", 9)
    with pytest.raises(PresetError, match="needs at least 6 seats"):
        cast("変化村", 5)
    with pytest.raises(PresetError, match="whole number"):
        cast("普通1", True)  # type: ignore[arg-type]
    assert [n for n in range(4, 31) if not find("人狼占い").accepts(n)] == [7, 8, 9, 10]


def test_a_preset_is_found_by_id_name_or_english_name_and_an_unknown_one_lists_them():
    assert find("テーマ配役.女王村") is find("女王村") is find("queen village") is find(" Queen Village ")
    assert find("spaceWerewolf") is find("宇宙人狼") is find("その他.spaceWerewolf")
    with pytest.raises(PresetError, match=r"unknown preset '普通4': the presets are 普通配役.普通1, .*その他.spaceWerewolf"):
        find("普通4")


def test_there_are_the_reference_s_twenty_presets_with_unique_ids():
    assert len(PRESETS) == 20 and len({p.id for p in PRESETS}) == 20
    assert [p.group for p in PRESETS].count("桃栗配役") == 6
    assert find("女王村").suggested == {"scapegoat": "no"}


@settings(deadline=None)  # (a few ms an example; the 200 ms default is wall time, a loaded machine's)
@given(st.sampled_from(PRESETS), st.integers(1, 60))
def test_an_accepted_cast_fills_every_seat_with_catalog_roles(preset, n):
    if not preset.accepts(n):
        with pytest.raises(PresetError):
            preset.cast(n)
        return
    counts = preset.cast(n)
    assert sum(counts.values()) == n
    assert all(isinstance(c, int) and c > 0 for c in counts.values())
    assert set(counts) <= set(CATALOG)


def test_normal_cast_is_the_preset_s_normal1():
    for n in range(4, 41):
        assert normal_cast(n) == cast("普通1", n)


def test_classic_cast_prints_the_preset_s_roles_as_json():
    result = runner.invoke(app, ["classic", "cast", "--preset", "普通配役.普通1", "--players", "9", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"preset": "普通配役.普通1", "players": 9, "roles": {
        "Werewolf": 2, "Diviner": 1, "Psychic": 1, "Madman": 1, "Guard": 1, "Human": 3}}
    listed = json.loads(runner.invoke(app, ["classic", "cast", "--list", "--json"]).output)
    assert len(listed) == 21 and listed[16]["id"] == "テーマ配役.女王村" and listed[16]["seats"][0] == 10
    assert listed[20]["id"] == "特殊ルール.エンドレス闇鍋" and listed[20]["drawn"] and listed[20]["seats"][0] == 6
    table = runner.invoke(app, ["classic", "cast", "--preset", "女王村", "--players", "16"], env={"COLUMNS": "120"})
    assert "女王観戦者" in table.output and "Queen Spectator" in table.output
    assert "suggested: --setting scapegoat=no" in table.output


def test_classic_cast_refuses_bad_input_in_one_line():
    for args, message in ((["--preset", "人狼占い", "--players", "8"], "cannot cast 8 seats"),
                          (["--preset", "nope", "--players", "8"], "unknown preset 'nope'"),
                          (["--players", "8"], "give --preset and --players")):
        result = runner.invoke(app, ["classic", "cast", *args])
        assert result.exit_code == 2 and message in result.output, result.output
        assert result.output.strip().count("\n") == 0 and "Traceback" not in result.output


def test_simulate_plays_a_preset_and_refuses_one_with_undeclared_roles():
    result = runner.invoke(app, ["classic", "simulate", "--preset", "女王村", "--players", "16", "--games", "3",
                                 "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 3
    spy = runner.invoke(app, ["classic", "simulate", "--preset", "六つ巴人狼", "--players", "13", "--games", "1",
                              "--seed", "1"])
    undeclared = [r for r in cast("六つ巴人狼", 13) if r not in DECLARED]
    if undeclared:
        assert spy.exit_code == 2 and "a role not playable yet" in spy.output, spy.output
    else:
        assert spy.exit_code == 0, spy.output
    both = runner.invoke(app, ["classic", "simulate", "--preset", "普通2", "--roles", "Werewolf,Human:5",
                               "--players", "6", "--games", "1", "--seed", "1"])
    assert both.exit_code == 2 and "give one of --roles, --cast and --preset" in both.output
