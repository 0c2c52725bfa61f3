"""Requests: what is accepted, how it is normalised, and every refusal (before anything is drawn)."""

import numpy as np
import pytest

from jinrou.classic.catalog import Category
from jinrou.errors import CastingError, JinrouError
from jinrou.yaminabe import Mode, Options, Publication, Request, Safety, Weighting, cast
from jinrou.yaminabe.request import format_date, parse_category, parse_date, resolve_pool

from .helpers import WAVE2


def test_defaults_are_yaminabe_at_low_over_the_catalog():
    request = Request.build(8)
    assert (request.safety, request.mode, request.pool_name, request.weighting) == (
        Safety.LOW, Mode.YAMINABE, "catalog", Weighting.UNIFORM
    )
    assert len(request.pool) == 188 and request.options == Options()
    assert request.players == 7  # one of the 8 seats is the scapegoat's


def test_easy_yaminabe_is_always_high():
    assert Request.build(9, mode="かんたん闇鍋").safety is Safety.HIGH
    assert Request.build(9, "高", mode="easy").safety is Safety.HIGH


def test_partial_requests_are_normalised_to_ids_and_enums():
    request = Request.build(
        12, "中", mode="一部闇鍋", fixed={"占い師": 1, "Guard": 2, "Madman": 0}, fixed_categories={"人狼系": 2, "Fox": 1},
        excluded=["村人", "Cat"],
    )  # fmt: skip
    assert request.fixed == (("Diviner", 1), ("Guard", 2))
    assert request.fixed_categories == ((Category.WEREWOLF, 2), (Category.FOX, 1))
    assert request.excluded == {"Human", "Cat"}


def test_pools_by_name_and_by_ids():
    assert resolve_pool("catalog")[1] == "catalog"
    ids, name = resolve_pool(["Human", "Werewolf", "Human"])
    assert ids == {"Human", "Werewolf"} and name == "custom"


def test_playable_is_the_classic_engines_declared_roles():
    # jinrou.classic.roles.PLAYABLE is the registry of the classic engine (classic-werewolf spec §12)
    from jinrou.classic.roles import PLAYABLE

    assert resolve_pool("playable") == (frozenset(PLAYABLE), "playable")
    assert frozenset(PLAYABLE) >= WAVE2  # the 42 of §8 and the wave-3 roles declared so far


def test_options_accept_the_reference_setting_values():
    assert Options(publish="").publish is Publication.FULL
    assert Options(publish="2").publish is Publication.HIDDEN
    assert Options(publish="陣営ごとの数のみ").publish is Publication.TEAM
    assert Options(date=(2, 29)).date == (2, 29)
    assert parse_date("12-24") == (12, 24)
    assert parse_category("None") is parse_category("なし") is Category.NONE


BAD = [
    ({"seats": 5}, "闇鍋 needs at least 6 seats (the scapegoat included), not 5"),
    ({"seats": True}, "闇鍋 needs at least 6 seats (the scapegoat included), not True"),
    ({"seats": 9.0}, "闇鍋 needs at least 6 seats (the scapegoat included), not 9.0"),
    ({"seats": 10**12}, "闇鍋 takes at most 1000 seats, not 1000000000000"),
    ({"seats": 9, "safety": "max"}, "unknown safety level 'max': levels are none, low, lowlow, middle, high, super,"),
    ({"seats": 9, "mode": "dark"}, "unknown mode 'dark': modes are yaminabe (闇鍋), partial (一部闇鍋), easy (かんたん闇鍋)"),
    ({"seats": 9, "safety": "低", "mode": "easy"}, "かんたん闇鍋 always casts at safety 高 (high), not '低'"),
    ({"seats": 9, "fixed": {"Diviner": 1}}, "fixed roles, fixed categories and excluded roles need mode 一部闇鍋 (partial)"),
    ({"seats": 9, "mode": "easy", "excluded": ["Cat"]}, "fixed roles, fixed categories and excluded roles need mode 一部闇鍋"),
    ({"seats": 9, "mode": "partial", "fixed": {"Wizard": 1}}, "unknown fixed role 'Wizard': give a catalog id (Werewolf), an English (Seer) or Japanese name (人狼)"),
    ({"seats": 9, "mode": "partial", "excluded": ["猫"]}, "unknown excluded role '猫': give a catalog id (Werewolf), an English (Seer) or Japanese"),
    ({"seats": 9, "mode": "partial", "fixed": {"Diviner": -1}}, "the count of fixed role 'Diviner' must be a whole number ≥ 0, not -1"),
    ({"seats": 9, "mode": "partial", "fixed": {"Diviner": 1.5}}, "the count of fixed role 'Diviner' must be a whole number ≥ 0, not 1.5"),
    ({"seats": 9, "mode": "partial", "fixed_categories": {"Wolves": 1}}, "unknown category 'Wolves': categories are Human, Werewolf,"),
    ({"seats": 9, "mode": "partial", "fixed": {"Neet": 1}}, "'Neet' (ニート) is hidden: a host cannot fix it, only 闇鍋 casts it"),
    ({"seats": 9, "mode": "partial", "fixed": {"Cat": 1}, "excluded": ["Cat"]}, "role 'Cat' (猫又) is both fixed and excluded"),
    ({"seats": 9, "mode": "partial", "fixed": {"Wizard": 1}, "pool": ["Werewolf"]}, "unknown fixed role 'Wizard'"),
    ({"seats": 9, "mode": "partial", "fixed": {"Cat": 1}, "pool": ["Werewolf", "Human"]}, "fixed role 'Cat' (猫又) is not in the pool"),
    ({"seats": 6, "mode": "partial", "fixed": {"Werewolf": 2, "Human": 3}, "fixed_categories": {"Fox": 2}}, "more fixed roles than seats: 7 fixed for 6 seats"),
    ({"seats": 9, "mode": "partial", "fixed_categories": {"背徳者系": 1}, "excluded": ["Immoral", "Blasphemy"]},
     "category 背徳者系 (Immoral) has fixed slots but every one of its roles is excluded or outside the pool"),
    ({"seats": 9, "mode": "partial", "fixed_categories": {"None": 1}, "pool": WAVE2 - {"Neet"}},
     "category なし (None) has fixed slots but every one of its roles is excluded or outside the pool"),
    ({"seats": 9, "mode": "partial", "excluded": ["Werewolf", "BigWolf", "WolfDiviner", "LoneWolf", "WolfCub", "GreedyWolf",
        "FascinatingWolf", "SolitudeWolf", "ToughWolf", "ThreateningWolf", "CurseWolf", "CynthiaWolf", "NetherWolf", "EyesWolf",
        "TongueWolf", "SealWolf", "CraftyWolf", "CautiousWolf", "BloodWolf", "IntuitionWolf", "AbsoluteWolf", "DarkWolf",
        "DecoyWolf"]}, "every 人狼系 (werewolf) role is excluded or outside the pool: 闇鍋 needs at least one"),
    ({"seats": 9, "pool": ["Human", "Madman"]}, "every 人狼系 (werewolf) role is excluded or outside the pool"),
    ({"seats": 6, "mode": "partial", "fixed": {"Human": 4, "Madman": 2}},
     "every seat is fixed and none is a 人狼系 (werewolf) role: leave a seat free or fix a wolf"),
    ({"seats": 9, "pool": "gekka"}, "unknown pool 'gekka': pools are catalog, playable or a collection of role ids"),
    ({"seats": 9, "pool": []}, "the pool is empty: give catalog, playable or some role ids"),
    ({"seats": 9, "pool": ["人狼"]}, "unknown pool role '人狼': give a catalog id such as Werewolf"),
    ({"seats": 9, "mode": "easy", "pool": ["Werewolf", "Human", "Diviner"]}, "かんたん闇鍋 starts from 普通1, whose role 'Psychic' is not in the pool"),
    ({"seats": 9, "weighting": "heavy"}, "unknown weighting 'heavy': weightings are uniform, catalog"),
]  # fmt: skip


@pytest.mark.parametrize(("arguments", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_bad_requests_are_refused_before_anything_is_drawn(arguments, message):
    rng = np.random.default_rng(1)
    state = rng.bit_generator.state
    arguments = dict(arguments)
    with pytest.raises(CastingError) as caught:
        cast(arguments.pop("seats"), arguments.pop("safety", None), rng=rng, **arguments)
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, JinrouError) and isinstance(caught.value, ValueError)
    assert rng.bit_generator.state == state  # nothing drawn


@pytest.mark.parametrize(("options", "message"), [
    ({"date": (2, 30)}, "bad date (2, 30): give (month, day), a day of the calendar such as (12, 24)"),
    ({"date": (13, 1)}, "bad date (13, 1)"),
    ({"date": "12-24"}, "bad date '12-24'"),
    ({"publish": "secret"}, "unknown publication 'secret': publications are full (役職一覧を公開), team (陣営ごとの数のみ), hidden (非公開)"),
])  # fmt: skip
def test_bad_options_are_refused(options, message):
    with pytest.raises(CastingError) as caught:
        Options(**options)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("text", ["1224", "12/24", "12-", "a-b", "12-24-1"])
def test_a_bad_date_text_says_how_to_write_it(text):
    with pytest.raises(CastingError, match="give the day as MM-DD, e.g. 12-24"):
        parse_date(text)


def test_rng_must_be_a_numpy_generator():
    with pytest.raises(TypeError, match="rng must be a numpy.random.Generator"):
        cast(9, rng=np.random.RandomState(1))  # type: ignore[arg-type]


def test_dates_read_and_write_as_mm_dd():
    assert parse_date(format_date((2, 3))) == (2, 3) and format_date((12, 24)) == "12-24" and format_date(None) is None
