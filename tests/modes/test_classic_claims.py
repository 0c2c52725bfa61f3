"""Claims in the classic mode (issue 26): who may say them and when, refused before anything
changes; what errors quote of a bad input; when bots vote at a day's first ballot."""

from __future__ import annotations

from typing import Any

import pytest

from jinrou.classic.record import events as record_events
from jinrou.errors import IllegalActionError

from .test_classic_mode import Table, first_choice, seer_table


def day_two(table: Table) -> None:
    """Night 1 of the seer game finished by its people (Ann, Ben the 占い師, Cat)."""
    for seat in (1, 0, 2):
        table.act(seat, first_choice(table.view(seat)))
        if table.view(seat)["me"]["may_finish"]:
            table.act(seat, {"done": True})
    assert table.game.stage.value == "day"


def snapshot(table: Table) -> tuple[Any, ...]:
    """Everything that would be stored, pushed or timed."""
    return (table.mode.phase(table.state), table.mode.awaited(table.state), table.state.version,
            sorted(table.state.talked), list(table.game.claims), [table.view(s) for s in (None, 0, 1, 2)])


def dead_person_table() -> Table:
    """Day 2 of a game where Ann (room seat 0), a person, was attacked on night 1 (no scapegoat)."""
    roles = ["Human", "Diviner", "Werewolf", "Human", "Human", "Guard"]
    table = Table({"players": 6, "times": {"night": 100}, "rules": {"scapegoat": "off"}}, roles=roles,
                  humans=[0, 1, 2])
    table.act(2, {"act": "attack", "targets": ["Ann"]})
    table.act(1, {"act": "divine", "targets": ["Cat"]})
    for seat in (0, 1, 2):
        table.act(seat, {"done": True})
    assert table.game.stage.value == "day" and not table.game.alive[0]
    return table


CLAIM = {"kind": "CO", "role": "Diviner"}


@pytest.mark.parametrize("claims", [[], [CLAIM]])
def test_claims_at_night_are_refused_before_anything_changes(claims):
    table = seer_table()
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match="claims are made by day, not at the night") as error:
        table.act(1, {"claims": claims})
    assert "昼" in error.value.japanese and snapshot(table) == before


@pytest.mark.parametrize("action", [{"claims": []}, {"claims": [CLAIM]}, {"claim": CLAIM}])
def test_the_dead_say_no_claims(action):
    table = dead_person_table()
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match="Ann is dead: the dead do not speak") as error:
        table.act(0, action)
    assert "死亡" in error.value.japanese and snapshot(table) == before


@pytest.mark.parametrize(("claims", "message"), [
    ([], "claims are a non-empty list"),
    ({}, "claims are a non-empty list"),
    ("CO Diviner", "claims are a non-empty list"),
    (None, "claims are a non-empty list"),
])
def test_an_empty_or_malformed_claims_list_is_refused_by_day(claims, message):
    table = seer_table()
    day_two(table)
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match=message) as error:
        table.act(1, {"claims": claims})
    assert error.value.ja and "\n" not in str(error.value) and snapshot(table) == before


def test_one_bad_claim_in_a_list_refuses_the_whole_list():
    table = seer_table()
    day_two(table)
    before = snapshot(table)
    dead = next(p["name"] for p in table.view(None)["players"] if not p["alive"])
    with pytest.raises(IllegalActionError, match=f"{dead} is dead: say you will vote for a living player"):
        table.act(1, {"claims": [CLAIM, {"kind": "VOTE", "target": dead}]})
    assert snapshot(table) == before


def test_a_claim_to_vote_for_a_dead_player_is_refused_but_results_on_the_dead_are_not():
    table = seer_table()
    day_two(table)
    dead = next(p["name"] for p in table.view(None)["players"] if not p["alive"])
    with pytest.raises(IllegalActionError, match="is dead: say you will vote for a living player") as error:
        table.act(1, {"claim": {"kind": "VOTE", "target": dead}})
    assert "投票先" in error.value.japanese
    table.act(1, {"claim": {"kind": "ESTIMATE", "target": dead, "result": "werewolf"}})  # an opinion on the dead
    assert [c.kind.value for _, s, c in table.game.claims if s == 2] == ["ESTIMATE"]


LONG = "x" * 5000


@pytest.mark.parametrize("action", [
    {"claim": {"kind": "VOTE", "target": LONG}},
    {"claim": {"kind": "CO", "role": LONG}},
    {"claim": {"kind": "DIVINED", "target": "Cat", "result": LONG}},
    {"claims": [{"kind": "ESTIMATE", "target": LONG, "result": "human"}]},
    {"vote": LONG},
])
def test_errors_quote_only_a_short_prefix_of_a_bad_input(action):
    table = seer_table()
    day_two(table)
    with pytest.raises(IllegalActionError) as error:
        table.act(1, action)
    for text in (str(error.value), error.value.japanese):
        assert "x" * 21 not in text and "'xxxxxxxxxxxxxxxxxxxx'…" in text and len(text) < 300


# ---------------------------------------------------------------------- when bots vote (point 20)


def bot_votes(table: Table) -> dict[str, str]:
    """Today's votes of the bots (Dan, Eve, Fay in the seer game) so far."""
    ballot = table.game.ballot
    assert ballot is not None
    names = table.game.names
    return {names[s]: names[t] for s, t in ballot.votes.items() if names[s] in ("Dan", "Eve", "Fay")}


def test_bots_say_their_claims_at_once_and_vote_after_the_people_said_theirs():
    table = seer_table()  # people: Ann, Ben (占い師), Cat (人狼); bots: Dan, Eve, Fay (villagers)
    day_two(table)
    said = {table.game.names[s] for day, s, _ in table.game.claims if day == 2}
    assert said == {"Dan", "Eve", "Fay"} and bot_votes(table) == {}  # the bots talked, none voted
    assert table.mode.awaited(table.state) == (0, 1, 2)  # the people, to speak and vote
    table.act(1, {"claim": {"kind": "CO", "role": "Diviner"}})
    table.act(1, {"claim": {"kind": "DIVINED", "target": "Cat", "result": "werewolf"}})
    table.act(0, {"claim": {"kind": "VOTE", "target": "Cat"}})
    table.act(1, {"claim": {"kind": "VOTE", "target": "Cat"}})
    assert bot_votes(table) == {}  # Cat has not spoken yet
    table.act(2, {"claim": {"kind": "ESTIMATE", "target": "Ben", "result": "werewolf"}})  # not whom it votes for
    assert bot_votes(table) == {} and table.mode.awaited(table.state) == (0, 1, 2)
    table.act(2, {"vote": "Ben"})
    assert bot_votes(table) == {"Dan": "Cat", "Eve": "Cat", "Fay": "Cat"}  # they read the people's claims


def test_bots_vote_at_once_when_the_people_have_all_voted():
    table = seer_table()
    day_two(table)
    table.act(0, {"vote": "Dan"})
    table.act(1, {"vote": "Dan"})
    assert bot_votes(table) == {}
    table.act(2, {"vote": "Dan"})  # the last person's vote: the bots vote and the ballot closes
    first = next(e for e in record_events(table.game) if e["type"] == "day")
    assert set(first["votes"]) == {"Ann", "Ben", "Cat", "Dan", "Eve", "Fay"}


def test_a_silent_person_holds_the_bots_only_until_the_deadline():
    table = seer_table()
    day_two(table)
    table.act(0, {"vote": "Dan"})
    table.act(1, {"vote": "Dan"})
    table.deadline()  # Cat said nothing and did not vote: the grace opens, the bots vote
    assert len(bot_votes(table)) == 3 and table.mode.awaited(table.state) == (2,)
    table.deadline()
    assert table.view(None)["players"][3]["cause"]["id"] == "sudden"


def test_with_a_discussion_time_the_bots_vote_when_the_voting_opens():
    table = seer_table(voting=30)
    day_two_discussion(table)
    assert bot_votes(table) == {} and table.state.turn.value == "discussion"
    for seat in (0, 1, 2):
        table.act(seat, {"done": True})
    assert len(bot_votes(table)) == 3  # the discussion was the people's time to speak


def day_two_discussion(table: Table) -> None:
    for seat in (1, 0, 2, 1):
        table.act(seat, first_choice(table.view(seat)))
    assert table.game.stage.value == "day"


def test_a_restart_mid_hearing_keeps_the_bots_waiting():
    table = seer_table()
    day_two(table)
    table.act(1, {"claim": {"kind": "VOTE", "target": "Cat"}})
    table.act(0, {"vote": "Ben"})
    table.restart()
    assert bot_votes(table) == {} and table.mode.awaited(table.state) == (1, 2)
    table.act(2, {"claim": {"kind": "VOTE", "target": "Ann"}})
    assert len(bot_votes(table)) == 3
