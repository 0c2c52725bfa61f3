"""Issue 34's roles online: 怪盗's theft may be taken with no target (「盗まない」), listed with the name of
that choice, taken through ``act`` with no targets, and the room's record replays; the payload audit of a
poem and a stolen role (each reaches its seat alone)."""

from __future__ import annotations

import json

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


AUDITED = ["Human", "Poet", "Phantom", "Werewolf", "Human", "Human", "Guard"]  # 身代わりくん, Ann, Ben, Cat, Dan, …
SECRET = "秘めた想い 誰にも言えぬ 月の夜"


def payloads(table: Table) -> dict[int | None, str]:
    """Every seat's view (and a spectator's) as the page receives it, as text."""
    return {seat: json.dumps(table.view(seat), ensure_ascii=False) for seat in (None, *range(6))}


def test_a_poem_and_a_stolen_role_reach_their_seat_alone():
    """The payload audit of issue 34: a poem is read by its receiver only (not its sender's view, not the
    others', not a spectator's), the role a 怪盗 stole is told to the 怪盗 alone, and the robbed seat's view
    still shows its old role (not 怪盗) until its next dusk."""
    table = Table({"players": 6, "times": {"night": 100}}, roles=AUDITED, humans=range(6))
    names = table.players
    table.act(0, {"act": "poem", "targets": [names[3]], "poem": SECRET})  # Ann → Dan
    table.act(1, {"act": "swap", "targets": [names[2]]})  # Ben steals Cat's 人狼
    table.deadline()
    assert table.game.stage.value == "day"
    seen = payloads(table)
    assert [seat for seat, text in seen.items() if SECRET in text] == [3]
    stolen = f"{names[1]}が{names[2]}の役職を盗みました。"
    assert [seat for seat, text in seen.items() if stolen in text] == [1]
    assert table.view(2)["me"]["role"]["id"] == "Werewolf" and table.view(1)["me"]["role"]["id"] == "Werewolf"
    assert "盗まれて" not in seen[2]
