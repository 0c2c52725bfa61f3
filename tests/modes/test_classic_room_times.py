"""Issue 36's room options of time and talk in the classic room: n秒ルール (``silentrule``: the day's first
seconds, a timed turn in which nobody speaks), 投票専用時間 (``voting``), 昼の時間を生存者数で
(``dynamic_day_time``, ``dynamic_day_time_factor``) and 遺言 (``will``: written while alive, its writer's secret,
read out to everybody at its death) — each rule with known values, its refusals, and the record's round trip."""

from __future__ import annotations

import json

import pytest

from jinrou.classic.choices import WILL_LIMIT
from jinrou.classic.game import Game, Will
from jinrou.classic.model import Action, Verb
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.settings import Settings
from jinrou.errors import IllegalActionError, SetupError
from jinrou.modes.classic import Turn
from jinrou.modes.classic_settings import engine_settings, schema

from .test_classic_mode import SEER_GAME, Table, first_choice

ATTACK = ["Werewolf", "Human", "Human", "Human", "Diviner", "Human"]  # Ann the wolf attacks on night 1 (no 身代わりくん)


def seer_table(**times: int) -> Table:
    return Table({"players": 6, "times": {"night": 100, **times}}, roles=SEER_GAME, humans=[0, 1, 2])


def to_day(table: Table) -> None:
    for seat in (1, 0, 2, 1):
        table.act(seat, first_choice(table.view(seat)))  # the seer divines, everybody finishes the night
    assert table.game.stage.value == "day"


def village(table: Table, seat: int | None) -> dict:
    return next(c for c in table.mode.channels(table.state, seat) if c.key == "village").to_json()


# ---------------------------------------------------------------------- the form and the engine


def test_the_form_offers_the_times_and_the_will_and_the_engine_and_record_get_them():
    fields = {f.key: f for f in schema().fields}
    assert (fields["silentrule"].group, fields["silentrule"].default, fields["silentrule"].ja) == ("times", 0, "n秒ルール (秒)")
    assert (fields["dynamic_day_time_factor"].default, fields["dynamic_day_time_factor"].minimum) == (30, 10)
    assert (fields["will"].group, fields["will"].default, fields["will"].ja) == ("rules", True, "遺言")
    table = seer_table(silentrule=15, dynamic_day_time_factor=40)
    engine = engine_settings(table.settings)
    assert (engine["silentrule"], engine["dynamic_day_time_factor"], engine["will"]) == (15, 40, "on")
    assert write(table.game)["settings"]["silentrule"] == 15  # the record's settings say the room's times


def test_a_factor_below_ten_seconds_is_refused_saying_the_range():
    with pytest.raises(SetupError, match="dynamic_day_time_factor' must be a whole number of seconds from 10 to 600"):
        Settings.parse({"dynamic_day_time_factor": 5})


# ---------------------------------------------------------------------- n秒ルール


def test_the_silent_start_closes_the_village_talk_and_the_claims_then_the_day_goes_on_for_the_rest_of_its_time():
    table = seer_table(silentrule=20, day=100)
    to_day(table)
    state, mode = table.state, table.mode
    assert state.turn is Turn.SILENT and mode.phase(state).timed and mode.awaited(state) == ()
    assert mode.seconds(state, table.settings, ()) == 20.0
    assert table.view(0)["phase_label"] == ["day 2 silence", "2日目 昼 発言禁止"]
    assert village(table, 0)["write"] is False
    assert village(table, 0)["why"] == {"en": "nobody speaks in the first 20 seconds of the day (n秒ルール)",
                                        "ja": "朝から20秒間は発言禁止です（n秒ルール）"}
    before = table.game.claims[:]
    with pytest.raises(IllegalActionError, match=r"nobody speaks in the first 20 seconds of the day \(n秒ルール\)"):
        table.act(0, {"claim": {"kind": "CO", "role": "Diviner"}})
    assert table.game.claims == before  # nothing said
    table.act(0, {"vote": "Cat"})  # without a voting time a vote may be cast in the silence, as the reference allows
    table.deadline()
    assert state.turn is Turn.MAIN and village(table, 0)["write"] is True
    assert mode.seconds(state, table.settings, ()) == 80.0  # the silence is the day's first 20 of its 100 seconds


def test_with_a_voting_time_the_silence_opens_the_discussion_and_holds_the_votes_too():
    table = seer_table(silentrule=30, day=100, voting=40)
    to_day(table)
    with pytest.raises(IllegalActionError, match="n秒ルール"):
        table.act(0, {"vote": "Cat"})
    table.deadline()
    assert table.state.turn is Turn.DISCUSSION and table.mode.seconds(table.state, table.settings, ()) == 70.0
    table.deadline()
    assert table.state.turn is Turn.MAIN and table.mode.seconds(table.state, table.settings, ()) == 40.0


def test_a_silence_longer_than_the_day_is_the_whole_day_then_the_ballot_has_no_time_left():
    table = seer_table(silentrule=500, day=100)
    to_day(table)
    assert table.mode.seconds(table.state, table.settings, ()) == 100.0
    table.deadline()
    assert table.state.turn is Turn.MAIN and table.mode.seconds(table.state, table.settings, ()) == 0.0


def test_a_revote_has_no_silence():
    table = seer_table(silentrule=20)
    to_day(table)
    table.deadline()
    table.state.game.ballot.runoff = False
    table.state.game.revotes = 1  # a revote's ballot, as the rules open it after a tie
    assert not table.state.first_ballot and table.mode.seconds(table.state, table.settings, ()) == 120.0


# ---------------------------------------------------------------------- 投票専用時間, 昼の時間を生存者数で


@pytest.mark.parametrize("factor,expected", [(None, 210.0), (45, 315.0)])
def test_the_day_lasts_the_living_plus_one_times_the_factor(factor, expected):
    times = {"dynamic_day_time": True, **({"dynamic_day_time_factor": factor} if factor else {})}
    table = seer_table(**times)
    to_day(table)
    assert sum(table.game.alive) == 6  # 身代わりくん was attacked: 6 living, (6 + 1) × 30 or × 45
    assert table.mode.seconds(table.state, table.settings, ()) == expected


def test_with_a_dynamic_day_a_voting_time_follows_a_discussion_of_that_length():
    table = seer_table(dynamic_day_time=True, voting=25)
    to_day(table)
    assert table.state.turn is Turn.DISCUSSION and table.mode.seconds(table.state, table.settings, ()) == 210.0
    table.deadline()
    assert table.mode.seconds(table.state, table.settings, ()) == 25.0


# ---------------------------------------------------------------------- 遺言


def will_table(**rules: object) -> Table:
    return Table({"players": 6, "cast": "fixed", "roles": {"Werewolf": 1, "Human": 4, "Diviner": 1},
                  "rules": {"scapegoat": "off", **rules}, "times": {"night": 100}}, roles=ATTACK, humans=[0, 1])


def payloads(table: Table) -> dict[int | None, str]:
    return {s: json.dumps(table.view(s), ensure_ascii=False) for s in [*range(6), None]}


def test_a_will_is_its_writers_secret_until_its_death_then_everybody_reads_it():
    table = will_table()
    table.act(1, {"will": "Eve is the seer: trust her"})
    assert table.view(1)["me"]["will"] == "Eve is the seer: trust her" and table.view(1)["me"]["may_will"]
    assert [s for s, p in payloads(table).items() if "trust her" in p] == [1]
    table.act(1, {"will": "I changed my mind"})
    table.act(0, {"act": "attack", "targets": ["Ben"]})
    table.act(0, {"done": True})
    table.act(1, {"done": True})
    assert table.game.stage.value == "day" and not table.game.alive[1]
    lines = [line["en"] for line in table.view(None)["log"]]
    assert lines[lines.index("Ben was found dead.") + 1] == "Ben's will: I changed my mind"
    assert all("trust her" not in p for p in payloads(table).values())  # the first will was replaced
    assert all("I changed my mind" in p for p in payloads(table).values())
    assert table.view(1)["me"]["may_will"] is False
    with pytest.raises(IllegalActionError, match="Ben is dead: a will is written while alive"):
        table.act(1, {"will": "too late"})


def test_a_will_in_a_village_without_wills_is_refused_and_never_read():
    table = will_table(will=False)
    assert table.view(1)["me"]["will"] is None and not table.view(1)["me"]["may_will"]
    with pytest.raises(IllegalActionError, match=r"this village has no wills \(遺言 is off\)"):
        table.act(1, {"will": "hello"})


@pytest.mark.parametrize("text", ["x" * (WILL_LIMIT + 1), 7, "a\x00b"])
def test_a_bad_will_is_refused_in_one_line_and_changes_nothing(text):
    table = will_table()
    table.act(1, {"will": "kept"})
    with pytest.raises(IllegalActionError, match=f"a will is at most {WILL_LIMIT} printable characters"):
        table.act(1, {"will": text})
    assert table.game.wills == {1: "kept"}  # no 身代わりくん: Ben is game seat 1


def test_the_same_will_sent_again_is_a_retry():
    table = will_table()
    table.act(1, {"will": "kept"})
    assert table.mode.repeats(table.state, 1, {"will": "kept"}) and not table.mode.repeats(table.state, 1, {"will": "new"})


def test_wills_are_in_the_record_and_a_replay_reads_them_out_again():
    game = Game.new("ABCDE", ["Werewolf", "Diviner", "Human", "Human", "Human"], {"scapegoat": "off"})
    game.apply(Will(4, "E trusts B"))
    game.apply(Will(3, "D's will"))
    game.apply(Action(0, Verb.ATTACK, (4,)))
    game.apply(Action(1, Verb.DIVINE, (0,)))
    game.close()
    record = write(game)
    assert record["events"][0]["wills"] == [{"player": "E", "text": "E trusts B"}, {"player": "D", "text": "D's will"}]
    again = replay(json.loads(json.dumps(record)))
    assert again.wills == {4: "E trusts B", 3: "D's will"} and write(again) == record
    assert [m.args for _, m in again.messages if m.key == "will"] == [{"player": 4, "text": "E trusts B"}]


def test_the_room_refolds_its_wills_to_the_same_game():
    table = will_table()
    table.act(1, {"will": "written"})
    table.act(0, {"act": "attack", "targets": ["Ben"]})
    _, state = table.refold()
    assert state.game.wills == table.game.wills and write(state.game) == write(table.game)


@pytest.mark.parametrize("times", [{"silentrule": 20}, {"voting": 30}, {"silentrule": 20, "voting": 30}])
def test_the_night_after_a_silent_or_discussed_day_is_a_night(times):
    """A night keeps the last day's ballot: it is no first ballot (a night once took the day's silence or
    discussion, and then refused a person's 'done')."""
    roles = ["Werewolf", "Werewolf", "Diviner", "Human", "Human", "Human", "Human", "Human"]
    table = Table({"players": 8, "cast": "fixed", "roles": {"Werewolf": 2, "Diviner": 1, "Human": 5},
                   "rules": {"scapegoat": "off"}, "times": {"night": 100, **times}}, roles=roles, humans=range(8))
    table.act(0, {"act": "attack", "targets": ["Hal"]})
    for seat in range(8):
        if first_choice(table.view(seat)):
            table.act(seat, first_choice(table.view(seat)))
        if table.view(seat)["me"]["may_finish"]:
            table.act(seat, {"done": True})
    assert table.game.stage.value == "day"
    while table.state.turn is not Turn.MAIN:
        table.deadline()  # the silence, the discussion end; everybody votes for Gus, a villager
    for seat in range(7):
        table.act(seat, {"vote": "Gus" if seat != 6 else "Fay"})
    assert table.game.stage.value == "night" and table.game.day == 2
    assert table.state.turn is Turn.MAIN and table.mode.seconds(table.state, table.settings, ()) == 100.0
    table.act(0, {"act": "attack", "targets": ["Fay"]})
    table.act(0, {"done": True})  # a person finishes the night
