"""ケミカル人狼 with 闇鍋 (``Options(chemical=True)``): twice the seats' roles are cast, every count sized by the
seats — the reference's ``playersnumber`` (uhyo/jinrou ``server/rpc/game/game.coffee``, the 闇鍋 casting:
``frees *= 2`` for the roles to fill, the non-humans' table, ``wolfteam_n`` and ``humanteam_n`` from
``playersnumber``, the latter 1.28–1.40 of it with chemical on, 0.48–0.60 without)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.errors import CastingError
from jinrou.yaminabe import Options, cast
from jinrou.yaminabe.casting import team_ratios
from jinrou.yaminabe.draft import CATEGORY_OF, TEAM_OF
from jinrou.yaminabe.publish import announce

from .helpers import HIGH, Script, build, draft

CHEMICAL = Options(chemical=True, seasonal=False)


def teams(roles: tuple[str, ...]) -> tuple[int, int, int, int]:
    """(roles, 村人陣営, 人狼陣営, 人狼系) of a cast."""
    team, category = Counter(TEAM_OF[r] for r in roles), Counter(CATEGORY_OF[r] for r in roles)
    return len(roles), team["Human"], team["Werewolf"], category["Werewolf"]


def test_a_seeded_chemical_cast_of_8_seats_is_sized_by_the_8_seats_not_by_its_16_roles():
    # 8 seats at 中: one wolf (the table below 9 seats), a wolf team of round(8·(.25….35)) = 2 or 3, a village
    # team of round(8·(1.28…1.40)) = 10 or 11 — of 16 roles; sized by 16 it would be 2–3 wolves, 8–10 villagers
    chemical = cast(8, "中", rng=np.random.default_rng(0), options=CHEMICAL)
    assert teams(chemical.roles) == (16, 11, 2, 1)
    doubled = cast(16, "中", rng=np.random.default_rng(0), options=Options(seasonal=False))
    assert teams(doubled.roles) == (16, 8, 4, 2)
    assert chemical.to_json()["seats"] == 8 and chemical.to_json()["chemical"] is True and "chemical" not in doubled.to_json()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_chemical_cast_of_8_seats_has_16_roles_one_wolf_and_the_seats_team_targets(seed):
    roles, village, wolf_team, wolves = teams(cast(8, "中", rng=np.random.default_rng(seed), options=CHEMICAL).roles)
    assert (roles, wolves) == (16, 1) and wolf_team in (2, 3) and village in (10, 11)


def test_the_village_target_adds_080_of_the_seats_and_the_wolf_target_is_unchanged():
    # 10 seats, U = 0 for both targets: wolf team round(10·.25) = 3 (2 wolves → 1 madman slot);
    # village round(10·1.28) = 13 village slots of the 20 − 2 − 1 left
    d = draft(build(10, "middle", options=CHEMICAL), upto="team_ratios")
    d.u = Script([0.0, 0.0], then=HIGH)
    team_ratios(d)
    assert d.n == 10 and d.cat["Werewolf"] == 2 and d.cat["Madman"] == 1 and d.team["Human"] == 13


def test_easy_yaminabe_starts_from_the_seats_standard_list_and_village_fills_the_second_roles():
    from jinrou.classic.casting import normal_cast

    request = build(9, mode="easy", options=CHEMICAL)
    base = normal_cast(9)
    assert request.easy_base() == {**base, "Human": base["Human"] + 9} and request.dealt == 18
    assert announce(request)[0].startswith("かんたん闇鍋: 村人") and "村人" + str(base["Human"] + 9) in announce(request)[0]
    d = draft(request, [0.0, 0.0, 0.0, 0.0], then=HIGH, upto="exclusions")
    assert sum(d.placed.values()) == 16 and sum(d.cat.values()) == 2  # 18 roles: two copies become slots


def test_partial_counts_the_fixed_roles_against_twice_the_seats():
    assert build(6, mode="partial", fixed={"Human": 11}, options=CHEMICAL).dealt == 12
    with pytest.raises(CastingError) as refused:
        build(6, mode="partial", fixed={"Human": 13}, options=CHEMICAL)
    assert str(refused.value) == "more fixed roles than roles cast: 13 fixed for 12 (ケミカル人狼: two a seat, 6 seats)"
    with pytest.raises(CastingError, match="more fixed roles than seats: 7 fixed for 6 seats"):
        build(6, mode="partial", fixed={"Human": 7})


def test_a_room_casts_its_chemical_yaminabe_by_its_seats():
    from jinrou.modes.classic_settings import check, draw_cast

    settings = check({"players": 7, "cast": "yaminabe", "yaminabe_safety": "middle", "yaminabe_pool": "playable",
                      "rules": {"chemical": True}})  # 身代わりくん and 7 players: 8 seats, 16 roles
    pairs, _ = draw_cast(settings, np.random.default_rng(5))
    roles = tuple(role for pair in pairs for role in pair)
    count, village, wolf_team, wolves = teams(roles)
    assert (len(pairs), count, wolves) == (8, 16, 1) and wolf_team in (2, 3) and village in (10, 11)
