"""Issue 36, deliverable 3's rooms part: a 闇鍋 room casts from the whole catalog by default, with the seasonal
events of the room's day at the start; the ``playable`` pool (the roles declared, no event) stays a choice."""

from __future__ import annotations

import numpy as np
import pytest

from jinrou.classic.roles import ROLES
from jinrou.modes.base import SettingsError
from jinrou.modes.classic import ClassicMode
from jinrou.modes.classic_settings import _request, draw_cast, schema

YAMINABE = {"players": 16, "cast": "yaminabe", "yaminabe_safety": "none"}
CHRISTMAS = (12, 24)


def casts(settings: dict, date: tuple[int, int] | None, n: int = 150) -> list[dict[str, int]]:
    checked = ClassicMode().settings(settings)
    found = []
    for seed in range(n):
        roles, _ = draw_cast(checked, np.random.default_rng(seed), None, date)
        found.append({r: roles.count(r) for r in set(roles)})
    return found


def test_the_form_offers_the_pool_in_both_languages_the_catalog_first():
    field = {f.key: f for f in schema().fields}["yaminabe_pool"]
    assert field.default == "catalog" and [c.value for c in field.choices] == ["catalog", "playable"]
    assert (field.ja, field.choices[0].ja, field.choices[1].ja) == (
        "闇鍋の役職", "全役職（季節イベントあり）", "宣言済みの役職のみ（季節イベントなし）")


def test_the_catalog_pool_casts_the_days_events_and_the_playable_pool_none():
    checked = ClassicMode().settings(YAMINABE)
    assert _request(checked, CHRISTMAS).pool_name == "catalog" and _request(checked, CHRISTMAS).options.seasonal
    playable = ClassicMode().settings({**YAMINABE, "yaminabe_pool": "playable"})
    assert _request(playable, CHRISTMAS).pool_name == "playable" and not _request(playable, CHRISTMAS).options.seasonal
    santa = sum("SantaClaus" in c for c in casts(YAMINABE, CHRISTMAS))
    assert santa > 2 * sum("SantaClaus" in c for c in casts(YAMINABE, (6, 1)))  # w.p. .4 added at Christmas, barred w.p. .8 off it
    # the playable pool draws as rooms drew before the pool was a setting: no event, whatever the day
    assert casts({**YAMINABE, "yaminabe_pool": "playable"}, CHRISTMAS) == casts({**YAMINABE, "yaminabe_pool": "playable"}, None)


def test_every_role_the_catalog_pool_casts_is_played_by_the_engine():
    for settings in (YAMINABE, {**YAMINABE, "players": 30, "yaminabe_safety": "low"}):
        for cast in casts(settings, CHRISTMAS, 60) + casts(settings, (2, 3), 60):
            assert set(cast) <= set(ROLES)


def test_an_unknown_pool_is_refused_naming_the_pools():
    with pytest.raises(SettingsError, match="yaminabe_pool must be one of catalog, playable, not 'all'"):
        ClassicMode().settings({**YAMINABE, "yaminabe_pool": "all"})


def test_a_room_stored_before_the_pool_was_a_setting_casts_as_it_did():
    checked = ClassicMode().settings(YAMINABE)
    del checked["yaminabe_pool"]
    assert _request(checked, CHRISTMAS).pool_name == "playable" and not _request(checked, CHRISTMAS).options.seasonal


def test_the_village_casts_on_its_day():
    mode = ClassicMode()
    checked = mode.settings(YAMINABE)
    players = tuple(f"P{i}" for i in range(16))
    outcome = mode.draw(mode.start(players, checked, CHRISTMAS), lambda: np.random.default_rng(5))
    roles, _ = draw_cast(checked, np.random.default_rng(5), [], CHRISTMAS)
    assert outcome is not None and outcome["cast"] == roles
