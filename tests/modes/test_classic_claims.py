"""Claims in the classic mode (issue 26): who may say them and when, refused before anything
changes; what errors quote of a bad input; when bots vote at a day's first ballot."""

from __future__ import annotations

from typing import Any

import pytest

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
