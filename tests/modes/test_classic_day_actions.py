"""Day actions and typed parameters online (W.1.1): the view lists them with their parameters'
controls, ``act`` takes them by day through the action codec, and the room's record replays — with
the tests' own role (:mod:`tests.classic.wager_role`)."""

from __future__ import annotations

import pytest

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.errors import IllegalActionError
from tests.classic.wager_role import declared
from tests.modes.test_classic_mode import Table

ROLES = ["Human", "SpaceWerewolfObserver", "Diviner", "Werewolf", "Human", "Human", "Guard"]  # 身代わりくん, Ann, Ben, Cat, …


def test_a_day_action_is_listed_with_its_parameter_controls_and_taken_by_day():
    with declared():
        table = Table({"players": 6, "times": {"night": 100}}, roles=ROLES, humans=[0, 1])
        table.act(1, {"act": "divine", "targets": ["Cat"]})
        table.act(0, {"done": True})
        table.act(1, {"done": True})
        assert table.game.stage.value == "day"
        legal = table.view(0)["legal"]
        assert [lg["verb"] for lg in legal] == ["vote", "wager"]
        wager = legal[1]
        assert wager["ja"] == "賭け" and wager["arity"] == 1 and not wager["required"]
        stake, role = wager["params"]
        assert stake == {"key": "stake", "kind": "choice",
                         "values": [{"id": "high", "ja": "high", "en": "high"}, {"id": "low", "ja": "low", "en": "low"}]}
        assert role["key"] == "role" and role["kind"] == "role"
        assert {"id": "Werewolf", "ja": "人狼", "en": "Werewolf"} in role["values"]
        with pytest.raises(IllegalActionError, match="unknown action"):
            table.act(0, {"act": "wager", "targets": ["Cat"], "stake": "high", "role": "Werewolf", "bet": 1})
        with pytest.raises(IllegalActionError, match="the stake must be one of high, low"):
            table.act(0, {"act": "wager", "targets": ["Cat"], "stake": "all", "role": "Werewolf"})
        table.act(0, {"act": "wager", "targets": ["Cat"], "stake": "high", "role": "Werewolf"})
        legal = table.view(0)["legal"]
        assert [lg["verb"] for lg in legal] == ["vote"]
        record = write(table.game, 0)
        day = next(e for e in record["events"] if e["type"] == "day")
        assert day["actions"] == [{"player": "Ann", "action": "wager", "target": "Cat", "stake": "high",
                                   "role": "Werewolf"}]
        table.play_humans()
        full = table.mode.record(table.state, 0)
        assert write(replay(full), 0) == full
        _, state = table.refold()  # a restarted room folds the day action again
        assert write(state.game, 0) == full
