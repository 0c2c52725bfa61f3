"""課金者 online: a pull is an action whose outcomes are drawn when it is submitted. The mode keeps the
accepted pull aside (``pending``), draws its outcome with the room's generator, the server stores it,
and only then is it folded — so the player sees the pull at once, a restart folds the same pull from
the stored outcome, and nobody else ever sees it."""

from __future__ import annotations

import json

import pytest

from jinrou.errors import IllegalActionError, ImpossibleOutcomeError

from .test_classic_mode import Table

ROLES = ["Human", "GachaAddicted", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"]  # 身代わりくん, Ann, Ben, …


def gacha_lines(view) -> list[str]:
    return [line["ja"] for line in view["log"] if "ガチャ" in line["ja"] or "に決めました" in line["ja"]]


def test_a_pull_is_drawn_stored_then_folded_and_seen_at_once_by_its_player_alone():
    table = Table({"players": 7, "times": {"night": 100}}, roles=ROLES, humans=[0])
    legal = {lg["verb"]: lg for lg in table.view(0)["legal"]}
    assert legal["gacha"]["params"] == [{"key": "kind", "kind": "choice", "values": [
        {"id": "normal", "ja": "ノーマルガチャ", "en": "normal gacha"},
        {"id": "premium", "ja": "プレミアムガチャ", "en": "premium gacha"}]}]
    assert (legal["gacha"]["ja"], legal["commit"]["ja"] if "commit" in legal else None) == ("ガチャを引く", None)
    assert legal["gacha"]["note"] == {"ja": "プレミアムガチャはあと1回", "en": "premium pulls left: 1"}  # P, night 1
    stored = len(table.events)
    table.act(0, {"act": "gacha", "kind": "normal"})
    action, outcome = table.events[stored:stored + 2]
    assert action == ("action", [0, {"act": "gacha", "kind": "normal"}])
    assert outcome[0] == "outcome" and outcome[1]["submitted"] == {"player": "Ann", "action": "gacha", "kind": "normal"}
    assert [d["draw"] for d in outcome[1]["draws"]] == ["gacha rarity", "gacha role"]
    rarity, role = (d["value"] for d in outcome[1]["draws"])
    me = table.view(0)
    assert len(gacha_lines(me)) == 1 and "★" * rarity in gacha_lines(me)[0]  # at once, the night still open
    assert table.game.stage.value == "night" and "commit" in {lg["verb"] for lg in me["legal"]}
    for seat in (None, *range(1, 7)):  # nobody else: no other seat, no spectator
        assert gacha_lines(table.view(seat)) == []
        assert "gacha" not in json.dumps(table.view(seat), ensure_ascii=False)
    assert next(lg for lg in me["legal"] if lg["verb"] == "gacha")["note"] is not None  # the premium pull is left
    table.act(0, {"act": "commit"})
    assert gacha_lines(table.view(0))[-1].endswith("に決めました。")
    # a restarted server folds the stored events again: the same pull, the same views
    mode, state = table.refold()
    for seat in (None, *range(7)):
        assert mode.view(state, seat) == table.view(seat)
    table.act(0, {"done": True})
    assert table.game.stage.value == "day" and table.game.role(1).id == role
    record = table.mode.record(table.state, 1)
    night = next(e for e in record["events"] if e["type"] == "night")
    pull = next(a for a in night["actions"] if a["action"] == "gacha")
    assert pull["draws"] == outcome[1]["draws"]  # beside the action in the record


def test_a_refused_pull_is_neither_stored_nor_drawn():
    table = Table({"players": 7, "times": {"night": 100}}, roles=ROLES, humans=[0])
    stored = len(table.events)
    for bad, message in (({"act": "gacha"}, "the kind must be one of normal, premium, not None"),
                         ({"act": "gacha", "kind": "gold"}, "kind"),
                         ({"act": "commit"}, "has no action 'commit' tonight")):
        with pytest.raises(IllegalActionError, match=message):
            table.mode.check(table.state, 0, bad)
    assert len(table.events) == stored and table.state.pending is None and table.state.drawn is None


def test_an_outcome_that_is_not_the_pending_pull_s_is_refused():
    table = Table({"players": 7, "times": {"night": 100}}, roles=ROLES, humans=[0])
    state = table.mode.act(table.state, 0, {"act": "gacha", "kind": "premium"})
    assert state.pending is not None
    with pytest.raises(IllegalActionError, match="being drawn: wait a moment"):  # nothing before its outcome
        table.mode.check(state, 0, {"done": True})
    with pytest.raises(ImpossibleOutcomeError, match="not the pending action's"):
        table.mode.happen(state, {"submitted": {"player": "Ann", "action": "gacha", "kind": "normal"}, "draws": []})
    with pytest.raises(ImpossibleOutcomeError, match="gacha rarity cannot be 1"):  # a premium pull gives ★3–★6
        table.mode.happen(state, {"submitted": {"player": "Ann", "action": "gacha", "kind": "premium"},
                                  "draws": [{"draw": "gacha rarity", "value": 1}, {"draw": "gacha role", "value": "Human"}]})
    assert state.pending is not None and gacha_lines(table.mode.view(state, 0)) == []  # nothing folded


def test_bot_gacha_addicts_play_whole_online_games_and_every_pull_is_an_outcome():
    roles = ["Human", "GachaAddicted", "GachaAddicted", "Werewolf", "Werewolf", "Diviner", "Guard", *["Human"] * 5]
    pulled = 0
    for seed in range(3):
        table = Table({"players": 11, "times": {"night": 100}}, roles=roles, humans=[], seed=seed)
        assert table.mode.result(table.state) is not None
        outcomes = [data for kind, data in table.events if kind == "outcome" and "submitted" in data]
        pulled += len(outcomes)
        actions = [data[1] for kind, data in table.events if kind == "action" and data[1].get("act") == "gacha"]
        assert len(actions) == len(outcomes)  # each pull stored, then its outcome
        mode, state = table.refold()
        assert mode.record(state, 1) == table.mode.record(table.state, 1)
    assert pulled > 0
