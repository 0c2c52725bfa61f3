"""Issue 34's new kinds of choice online: 怪盗's theft may be taken with no target (「盗まない」), listed
with the name of that choice, taken through ``act`` with no targets, and the room's record replays."""

from __future__ import annotations

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from tests.modes.test_classic_mode import Table

ROLES = ["Human", "Phantom", "Diviner", "Werewolf", "Human", "Human", "Guard"]  # 身代わりくん, Ann, Ben, Cat, …


def test_a_phantom_may_steal_nothing_online():
    table = Table({"players": 6, "times": {"night": 100}}, roles=ROLES, humans=[0, 1])
    (swap,) = [lg for lg in table.view(0)["legal"] if lg["verb"] == "swap"]
    assert swap["none"] == {"ja": "盗まない", "en": "steal nothing"} and swap["required"] and swap["arity"] == 1
    assert "身代わりくん" not in swap["targets"]
    table.act(0, {"act": "swap", "targets": []})
    table.act(1, {"act": "divine", "targets": ["Cat"]})
    table.act(0, {"done": True})
    table.act(1, {"done": True})
    assert table.game.stage.value == "day"
    record = write(table.game, 0)
    night = next(e for e in record["events"] if e["type"] == "night")
    assert {"player": "Ann", "action": "swap"} in night["actions"]
    table.play_humans()
    full = table.mode.record(table.state, 0)
    assert write(replay(full), 0) == full
