"""What the classic room reads of issue 36's room options, payload side: 狼の子分 (``wolfminion``) and 敗北村
(``losemode``) in the room form and the engine's settings; the 子分選択者 and its naming are private to the
wolves (each payload of every other seat and of a spectator is checked not to hold them); a 闇鍋 room of
敗北村 never casts ニート."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jinrou.modes.classic_settings import engine_settings, schema

from .test_classic_mode import Table

FIXED = {"cast": "fixed", "rules": {"scapegoat": "off"}}


def table(roles: list[str], rules: dict[str, Any] | None = None) -> Table:
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    settings = {"players": len(roles), "roles": counts, **FIXED}
    settings["rules"] = {**settings["rules"], **(rules or {})}
    return Table(settings, roles=roles, humans=range(len(roles)))


def payloads(t: Table) -> dict[int | None, str]:
    return {s: json.dumps(t.view(s), ensure_ascii=False) for s in [*range(len(t.players)), None]}


def test_the_room_form_offers_the_wolf_minion_and_the_losers_village_and_the_engine_gets_them():
    fields = {f.key: f for f in schema().fields}
    assert fields["wolfminion"].default is False and fields["losemode"].default is False
    assert (fields["wolfminion"].ja, fields["losemode"].ja) == ("狼の子分", "敗北村")
    t = table(["Werewolf", "Diviner", "Human", "Human", "Human", "Human"], {"wolfminion": True, "losemode": True})
    assert engine_settings(t.settings)["wolfminion"] == engine_settings(t.settings)["losemode"] == "on"
    assert t.game.settings.on("wolfminion") and t.game.settings.on("losemode")


def test_the_selector_and_its_naming_reach_the_wolves_only():
    t = table(["Werewolf", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"], {"wolfminion": True})
    selector = next(i.seat for i in t.game.identities if any(layer.role.id == "MinionSelector" for layer in i.layers))
    assert selector in (0, 1)
    legal = {lg["verb"]: lg for lg in t.view(selector)["legal"]}["minion"]
    assert (legal["ja"], legal["en"], legal["required"]) == ("子分指定", "name a minion", False)
    assert [s for s, p in payloads(t).items() if '"MinionSelector"' in p] == [selector]
    t.act(selector, {"act": "minion", "targets": [t.players[2]]})
    assert [s for s, p in payloads(t).items() if "を狼の子分に指定しました" in p] == [0, 1]
    t.act(0 if selector else 1, {"act": "attack", "targets": [t.players[3]]})
    t.act(2, {"act": "divine", "targets": [t.players[4]]})
    t.deadline()
    assert [s for s, p in payloads(t).items() if "は狼の子分になりました" in p] == [2]  # told to the minion only


@pytest.mark.parametrize("losemode", [True, False])
def test_a_yaminabe_room_of_the_losers_village_asks_the_casting_for_no_neet(losemode):
    from jinrou.modes.classic_settings import _request

    t = Table({"players": 12, "cast": "yaminabe", "yaminabe_safety": "none", "rules": {"losemode": losemode}}, humans=[])
    assert _request(t.settings).options.losemode is losemode  # 闇鍋's rule: 敗北村 bars ニート (yaminabe/casting.py)
    assert t.game.settings.on("losemode") is losemode
    if losemode:
        assert "Neet" not in {i.role.id for i in t.game.identities}


def test_role_requests_are_offered_online_now_that_rooms_have_a_request_phase():
    from jinrou.modes.classic_settings import NOT_ONLINE

    assert "rolerequest" not in NOT_ONLINE and "rolerequest" in {f.key for f in schema().fields}  # test_classic_requests.py
