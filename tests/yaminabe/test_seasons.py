"""Step 5, the seasonal events (spec yaminabe.md §4.2), with scripted uniform numbers.

On an ordinary day the step draws seven U, one per off-season exclusion: サンタクロース (.8),
花火師 (.7), パティシエール (.84), 獅子舞 (.8), かぼちゃ魔 (.2), 暴徒 (.4), 帰省者 (.15). On an event day
its additions take the place of the matching exclusion, in the order of the spec.
"""

import pytest

from jinrou.yaminabe import Options
from jinrou.yaminabe.seasons import seasonal, within

from .helpers import HIGH, Script, build, draft

OFF = ["SantaClaus", "Pyrotechnist", "Patissiere", "Shishimai", "Pumpkin", "Hooligan", "HomeComer"]
H = HIGH


def at_seasonal(date, script, *, safety="low", n=16, **options):
    """A draft just before step 5 (every earlier U HIGH); step 5 with ``script`` (which must be used up)."""
    d = draft(build(n, safety, options=Options(date=date, **options)), then=HIGH, upto="seasonal")
    d.u = Script(script)
    seasonal(d)
    assert d.u.left == 0
    return d


def added(d):
    return {role: count for role, count in d.placed.items() if role in SEASONAL}


SEASONAL = {"SantaClaus", "Reindeer", "Saint", "Pyrotechnist", "Bomber", "Patissiere", "Miko", "Liar", "Shishimai", "Pumpkin",
            "Disguised", "TinyGhost", "Witch", "Hooligan", "HomeComer", "Oni", "GoldOni", "FrontOni", "BackOni"}  # fmt: skip


def test_an_ordinary_day_bars_the_seasonal_roles_from_every_slot():
    d = at_seasonal(None, [0.0] * 7)
    assert set(OFF) <= d.C and set(OFF) <= d.E and added(d) == {}
    d = at_seasonal((6, 1), [0.79, 0.69, 0.83, 0.79, 0.19, 0.39, 0.14])  # just below each bound
    assert set(OFF) <= d.C
    d = at_seasonal((6, 1), [0.8, 0.7, 0.84, 0.8, 0.2, 0.4, 0.15])
    assert not set(OFF) & d.E


def test_faithful_off_season_exclusions_spare_the_class_slots():
    d = at_seasonal(None, [0.0] * 7, faithful=True)
    assert set(OFF) <= d.E and not set(OFF) & d.C


def test_seasonal_off_skips_the_step():
    d = at_seasonal((12, 24), [], seasonal=False)
    assert added(d) == {} and not set(OFF) & d.E


def test_christmas_eve():
    # サンタクロース, トナカイ, 御子; 花火師 not barred; 爆弾魔; パティシエール, 獅子舞, かぼちゃ魔 not barred; 暴徒 (.2); 帰省者 not barred
    d = at_seasonal((12, 24), [0.1, 0.39, 0.39, H, 0.49, H, H, H, 0.19, H])
    assert added(d) == {"SantaClaus": 1, "Reindeer": 1, "Saint": 1, "Bomber": 1, "Hooligan": 1}


def test_no_reindeer_draw_without_santa():
    d = at_seasonal((12, 25), [0.4, 0.1, H, H, H, H, H, H, H])  # no サンタクロース; the next U is 御子's
    assert added(d) == {"Saint": 1}


def test_summer_and_obon():
    # 花火師 (.11) on 08-12, and 帰省者 (.11): お盆
    d = at_seasonal((8, 12), [H, 0.1, H, H, H, H, 0.1])
    assert added(d) == {"Pyrotechnist": 1, "HomeComer": 1}
    d = at_seasonal((7, 25), [H, 0.0, H, H, H, H, H])  # the day before: 花火師 barred (U < .7)
    assert "Pyrotechnist" in d.C and added(d) == {}


def test_valentine():
    d = at_seasonal((2, 14), [H, H, 0.49, 0.39, H, H, H, H])  # 爆弾魔 .5, パティシエール .4
    assert added(d) == {"Bomber": 1, "Patissiere": 1}
    d = at_seasonal((2, 13), [H, H, 0.39, H, H, H, H])  # 02-13: パティシエール only
    assert added(d) == {"Patissiere": 1}


def test_new_year():
    # 巫女 .35, 獅子舞 .7 (01-01..03), 帰省者 .11 (12-29..01-03)
    d = at_seasonal((1, 2), [H, H, H, 0.34, 0.69, H, H, 0.1])
    assert added(d) == {"Miko": 1, "Shishimai": 1, "HomeComer": 1}


def test_shishimai_on_new_years_eve_and_the_first_week():
    for date in ((12, 31), (1, 4), (1, 7)):
        assert added(at_seasonal(date, [H, H, H, 0.49, H, H, H])) == {"Shishimai": 1}
    d = at_seasonal((12, 31), [H, H, H, 0.5, H, 0.19, 0.1])  # 獅子舞 w.p. .5 only; 暴徒 .2; 帰省者 .11
    assert added(d) == {"Hooligan": 1, "HomeComer": 1}


def test_april_fools_liars_until_a_u_below_075():
    d = at_seasonal((4, 1), [H, H, H, 0.49, 0.9, 0.9, 0.74, H, H, H, H])
    assert added(d) == {"Liar": 3}
    d = at_seasonal((4, 1), [H, H, H, 0.5, H, H, H, H])  # no liar at all (U ≥ .5)
    assert added(d) == {}


def test_april_fools_liars_stop_when_no_slot_is_left():
    d = draft(build(9, "low", options=Options(date=(4, 1))), then=HIGH, upto="seasonal")
    d.slots = 2
    d.u = Script([H, H, H, 0.0, 0.9, H, H, H, H, H])  # a stop test after each liar; two fill the two slots
    seasonal(d)
    assert added(d) == {"Liar": 2} and d.slots == 0 and d.u.left == 0


@pytest.mark.parametrize(("script", "role"), [
    ([0.14], "Pumpkin"), ([0.15, 0.24], "Disguised"), ([0.15, 0.25, 0.14], "TinyGhost"), ([0.15, 0.25, 0.15, 0.14], "Witch"),
])  # fmt: skip
def test_halloween_one_of_four(script, role):
    d = at_seasonal((10, 31), [H, H, H, H, *script, H, H])  # the first one added ends the draws
    assert added(d) == {role: 1}


def test_hooligan_is_likelier_on_october_28():
    assert added(at_seasonal((10, 28), [H, H, H, H, H, 0.39, H])) == {"Hooligan": 1}
    assert added(at_seasonal((10, 29), [H, H, H, H, H, 0.39, H])) == {}


def test_hooligan_only_when_there_is_none():
    request = build(16, "low", mode="partial", fixed={"Hooligan": 1}, options=Options(date=(10, 28)))
    d = draft(request, then=HIGH, upto="seasonal")
    d.u = Script([H, H, H, H, H, 0.0, H])
    seasonal(d)
    assert d.count("Hooligan") == 1 and d.u.left == 0


def test_hooligan_not_when_in_n():
    d = at_seasonal((10, 28), [H, H, H, H, H, 0.0, H], ushi=True)  # 2陣営戦 bars 第三陣営系 before N
    assert added(d) == {}


@pytest.mark.parametrize(("r", "role"), [(0.19, "Oni"), (0.2, "GoldOni"), (0.35, "FrontOni"), (0.45, "BackOni"), (0.5, None)])
def test_setsubun_oni(r, role):
    d = at_seasonal((2, 3), [H] * 7 + [r])
    assert added(d) == ({role: 1} if role else {})


def _setsubun(r, excluded, faithful):
    request = build(16, "low", mode="partial", excluded=excluded, options=Options(date=(2, 3), faithful=faithful))
    d = draft(request, then=HIGH, upto="seasonal")
    d.u = Script([H] * 7 + [r])
    seasonal(d)
    return added(d)


def test_setsubun_tests_each_onis_own_exclusion():
    # defect 5: the reference tests 金鬼's exclusion for 前鬼 and 後鬼
    assert _setsubun(0.35, ["FrontOni"], faithful=False) == {"BackOni": 1}
    assert _setsubun(0.35, ["FrontOni"], faithful=True) == {"FrontOni": 1}
    assert _setsubun(0.35, ["GoldOni"], faithful=False) == {"FrontOni": 1}
    assert _setsubun(0.35, ["GoldOni"], faithful=True) == {}


def test_additions_need_a_free_slot():
    d = draft(build(9, "low", options=Options(date=(12, 24))), then=HIGH, upto="seasonal")
    d.slots = 0
    d.u = Script([0.0] * 9)
    seasonal(d)
    assert added(d) == {}


def test_within_wraps_past_new_year():
    assert within((12, 30), (12, 29), (1, 3)) and within((1, 3), (12, 29), (1, 3))
    assert not within((1, 4), (12, 29), (1, 3)) and not within((12, 28), (12, 29), (1, 3))
    assert within((7, 31), (7, 26), (8, 16)) and not within((8, 17), (7, 26), (8, 16))
    assert not within(None, (1, 1), (12, 31))
