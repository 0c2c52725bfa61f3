"""希望役職制 (``rolerequest``) in a classic room (jinrou.modes.classic_requests): the form's switch and its
one-line refusals, the 60-second request phase before the deal, the deal honouring the requests (known
values: the engine's own deal from the same generator), bad requests refused with nothing changed, the bots'
おまかせ, privacy in the views, the record and a room rebuilt from its events."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic.casting import deal, unhonoured
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.errors import IllegalActionError
from jinrou.modes.base import FieldKind, PhaseKind, SettingsError
from jinrou.modes.classic import ClassicMode
from jinrou.modes.classic_settings import schema

from .test_classic_mode import Table

CAST = {"Werewolf": 2, "Fox": 1, "Diviner": 1, "Guard": 1, "Human": 4}  # 身代わりくん and 8 players
ROOM = {"players": 8, "cast": "fixed", "roles": CAST, "rules": {"rolerequest": True}, "times": {"night": 600, "day": 600}}


def test_the_room_form_offers_role_requests_as_a_rule():
    field = next(f for f in schema().fields if f.key == "rolerequest")
    assert (field.group, field.kind, field.default, field.ja, field.en) == (
        "rules", FieldKind.BOOLEAN, False, "希望役職制", "role requests")


YAMINABE_REFUSAL = ("role requests (希望役職制) need a cast known before the deal (normal, preset or fixed), not {}: "
                    "a 闇鍋 cast is drawn at the deal")


@pytest.mark.parametrize("settings,message", [
    ({"rules": {"rolerequest": True, "chemical": True}},
     "role requests (希望役職制) are not honoured with ケミカル人狼 (chemical), as in 月下人狼: turn one of them off"),
    ({"cast": "yaminabe", "rules": {"rolerequest": True}}, YAMINABE_REFUSAL.format("yaminabe")),
    ({"cast": "easy", "rules": {"rolerequest": True}}, YAMINABE_REFUSAL.format("easy")),
    ({"cast": "partial", "roles": {"Werewolf": 1}, "rules": {"rolerequest": True}}, YAMINABE_REFUSAL.format("partial")),
])
def test_requests_with_chemical_or_a_yaminabe_cast_are_refused_in_one_line(settings, message):
    with pytest.raises(SettingsError) as refused:
        ClassicMode().settings({"players": 9, **settings})
    assert str(refused.value) == message and "\n" not in refused.value.ja


def test_a_room_with_requests_waits_60_seconds_for_them_before_its_deal():
    t = Table(ROOM, humans=range(3))
    mode, village = t.mode, t.state
    assert village.requesting and village.game is None
    assert mode.phase(village).name == "希望選択 · role requests" and mode.phase(village).kind is PhaseKind.OTHER
    assert mode.seconds(village, t.settings, [0.0] * 8) == 60.0
    assert mode.awaited(village) == (0, 1, 2)  # the bots (3…7) left it to chance at once
    assert village.requests == {s: None for s in range(4, 9)} and mode.draw(village, t.rng) is None
    assert t.view(0)["stage"] == "requesting" and not mode.due(village, 0)  # おまかせ is no fault


def test_without_the_switch_a_room_deals_at_once():
    t = Table({**ROOM, "rules": {}}, humans=range(3))
    assert not t.state.requesting and t.state.requests is None and t.game.requests == {}


def test_the_deal_honours_the_requests_as_the_engine_deals_them():
    t = Table(ROOM, humans=range(4))
    t.act(0, {"request": "Werewolf"})
    t.act(1, {"request": "Diviner"})
    t.act(2, {"request": "占い師"})  # a role's Japanese name is read too
    t.act(3, {"request": None})  # おまかせ: the phase ends, the cast is drawn
    cast_event = next(i for i, (kind, data) in enumerate(t.events) if kind == "outcome" and "cast" in data)
    rng = np.random.default_rng([t.seed, cast_event])
    expected = deal(t.settings["roles"], rng, requests={1: "Werewolf", 2: "Diviner", 3: "Diviner"})
    assert t.events[cast_event][1]["cast"] == expected
    # known values (seed 1): Ann asked alone for a wolf, and 身代わりくん never draws one (safety full)
    assert expected == ["Human", "Werewolf", "Human", "Diviner", "Fox", "Human", "Human", "Werewolf", "Guard"]
    assert t.game.requests == {1: "Werewolf", 2: "Diviner", 3: "Diviner"}


def test_a_lone_requester_of_a_wolf_or_the_fox_always_gets_it():
    for seed in range(12):
        t = Table(ROOM, humans=range(2), seed=seed)
        t.act(0, {"request": "Werewolf"})
        t.act(1, {"request": "Fox"})
        assert [t.game.identity(s).role.id for s in (1, 2)] == ["Werewolf", "Fox"]


def test_a_seat_may_change_its_request_while_the_phase_lasts_and_a_retry_changes_nothing():
    t = Table(ROOM, humans=range(2))
    t.act(0, {"request": "Guard"})
    assert t.mode.repeats(t.state, 0, {"request": "Guard"}) and not t.mode.repeats(t.state, 0, {"request": "Fox"})
    t.act(0, {"request": "Fox"})
    assert t.state.requests[1] == "Fox" and t.state.requesting and t.mode.awaited(t.state) == (1,)
    t.act(1, {"request": None})
    assert t.game.requests == {1: "Fox"} and t.game.identity(1).role.id == "Fox"


NOT_CAST = "{} is not a role of this cast: ask for one of Human, Diviner, Guard, Werewolf, Fox, or null (おまかせ)"
FORM = 'the room takes role requests now: {"request": ROLE} or {"request": null} (おまかせ)'


@pytest.mark.parametrize("action,message", [
    ({"request": "Madman"}, NOT_CAST.format("'Madman'")),
    ({"request": "nobody"}, NOT_CAST.format("'nobody'")),
    ({"request": 3}, NOT_CAST.format("3")),
    ({"request": "Fox", "vote": "Ben"}, FORM),
    ({"vote": "Ben"}, FORM),
    ("Fox", FORM),
])
def test_a_bad_request_is_refused_in_one_line_and_changes_nothing(action, message):
    t = Table(ROOM, humans=range(2))
    t.act(0, {"request": "Guard"})
    before = (t.state.version, dict(t.state.requests), t.state.requesting)
    for call in (t.mode.check, t.mode.act):
        with pytest.raises(IllegalActionError) as refused:
            call(t.state, 1, copy.deepcopy(action))
        assert str(refused.value) == message and "\n" not in refused.value.ja
    assert (t.state.version, t.state.requests, t.state.requesting) == before


def test_a_request_after_the_deal_or_in_a_room_without_requests_is_refused():
    for t in (Table(ROOM, humans=range(1)), Table({**ROOM, "rules": {}}, humans=range(1))):
        if t.state.requesting:
            t.act(0, {"request": None})
        version = t.state.version
        with pytest.raises(IllegalActionError, match=r"^role requests are made before the deal, in a room with "
                                                     r"希望役職制 \(rolerequest\)$"):
            t.mode.check(t.state, 0, {"request": "Fox"})
        assert t.state.version == version and t.state.game is not None


def test_the_bots_leave_the_cast_to_chance():
    t = Table(ROOM, humans=range(1))
    assert t.mode.bot_action(t.state, 5, np.random.default_rng(0)) == {"request": None}


def test_a_seat_sees_its_own_request_and_nobody_sees_another_s():
    t = Table(ROOM, humans=range(3))
    views = {s: json.dumps(t.view(s), ensure_ascii=False) for s in (1, 2, None)}
    t.act(0, {"request": "Werewolf"})
    mine = t.view(0)["request"]
    assert mine["asked"]["id"] == "Werewolf" and mine["asked"]["count"] == 2
    assert [c["id"] for c in mine["choices"]] == ["Human", "Diviner", "Guard", "Werewolf", "Fox"]
    assert mine["choices"][1] | {"rule": None} == {"id": "Diviner", "ja": "占い師", "en": "Seer", "count": 1, "rule": None}
    assert t.view(1)["request"]["asked"] is None and t.view(None)["request"] is None
    assert {s: json.dumps(t.view(s), ensure_ascii=False) for s in (1, 2, None)} == views  # nothing moved for them
    t.act(1, {"request": None})
    assert t.view(1)["request"]["asked"]["id"] is None  # おまかせ, told apart from not yet chosen
    t.deadline()  # Cat has not chosen: the deal goes on without her
    assert not t.state.requesting and all("request" not in t.view(s) for s in (0, 1, None))


def test_the_record_keeps_the_requests_and_reads_back_to_the_same_game():
    t = Table(ROOM, humans=range(3))
    t.act(0, {"request": "Werewolf"})
    t.act(1, {"request": "Guard"})
    t.act(2, {"request": None})
    t.play_humans()
    record = json.loads(json.dumps(write(t.game, t.seed)))
    assert record["requests"] == {"Ann": "Werewolf", "Ben": "Guard"} and record["settings"]["rolerequest"] == "on"
    assert write(replay(record), t.seed) == record


def test_a_room_rebuilt_from_its_events_is_the_same_in_the_phase_and_after_the_deal():
    t = Table(ROOM, humans=range(2))
    t.act(0, {"request": "Diviner"})
    mode, village = t.refold()
    assert village.requesting and village.requests == t.state.requests and mode.awaited(village) == (1,)
    t.act(1, {"request": "Guard"})
    mode, village = t.refold()
    assert village.game is not None and village.game.requests == t.game.requests == {1: "Diviner", 2: "Guard"}
    assert write(village.game, 0) == write(t.game, 0)


def test_a_request_taken_out_of_the_deal_by_the_thief_s_exchange_is_not_kept():
    room = {**ROOM, "players": 6, "roles": {"Thief": 1, "Diviner": 1, "Werewolf": 1, "Human": 4}}
    kept = set()
    for seed in range(8):
        t = Table(room, humans=range(1), seed=seed)
        t.act(0, {"request": "Diviner"})
        dealt = next(data["cast"] for kind, data in t.events if kind == "outcome" and "cast" in data)
        assert t.game.requests == ({1: "Diviner"} if "Diviner" in dealt else {})
        kept.add(bool(t.game.requests))
    assert kept == {True, False}  # both happen (盗人's candidates take the 占い師 now and then)



@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.sampled_from([None, *CAST])), max_size=12), st.integers(0, 2**16))
def test_any_requests_in_any_order_end_in_a_deal_that_honours_the_last_of_each(asked, seed):
    t = Table(ROOM, humans=range(8), seed=seed)
    for seat, role in asked:
        if t.state.requesting:  # the phase ends once all eight have chosen
            t.act(seat, {"request": role})
    if t.state.requesting:
        t.deadline()
    last: dict[int, str | None] = {}
    for seat, role in asked:
        if len(last) < 8:  # the phase is open until all eight have chosen
            last[seat + 1] = role
    dealt = next(data["cast"] for kind, data in t.events if kind == "outcome" and "cast" in data)
    assert t.game.requests == {s: r for s, r in sorted(last.items()) if r is not None}
    assert unhonoured(dealt, t.game.requests) is None
    assert dealt[0] not in ("Werewolf", "Fox")  # 身代わりくん, under safety full
