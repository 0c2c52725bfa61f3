"""The record jinrou.classic/1: input records completed, full records verified, errors named."""

import copy
import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic.game import Game
from jinrou.classic.model import Action, Verb, Vote
from jinrou.classic.record import dumps, write
from jinrou.classic.replay import replay
from jinrou.classic.roles import PLAYABLE
from jinrou.errors import RecordError

# The issue's input record, without D's vote: D (妖狐) dies of B's divination on night 1.
EXAMPLE = {
    "format": "jinrou.classic/1",
    "players": ["A", "B", "C", "D", "E", "F", "G"],
    "roles": {"A": "Werewolf", "B": "Diviner", "C": "Guard", "D": "Fox", "E": "Human", "F": "Madman", "G": "Human"},
    "settings": {"scapegoat": "off", "drawvote": "revote"},
    "events": [
        {"type": "night", "actions": [{"player": "A", "action": "attack", "target": "E"},
                                      {"player": "B", "action": "divine", "target": "D"},
                                      {"player": "C", "action": "guard", "target": "B"}]},
        {"type": "day", "votes": {"A": "B", "B": "A", "C": "A", "F": "B", "G": "A"}},
    ],
}


def test_input_record_is_completed_with_deaths_causes_results_and_the_end():
    full = write(replay(EXAMPLE), 0)
    night, outcome, day = full["events"]
    assert night["deaths"] == [{"player": "D", "cause": "curse"}, {"player": "E", "cause": "attack"}]
    assert night["learned"]["B"] == [{"key": "divined", "target": "D", "result": "human"}]
    assert outcome == {"type": "outcome", "draws": [{"draw": "announcement", "value": outcome["draws"][0]["value"]}]}
    assert sorted(outcome["draws"][0]["value"]) == ["D", "E"]
    assert day["deaths"] == [{"player": "A", "cause": "execution"}]
    assert full["result"]["winner"] == "Human"
    assert full["result"]["winners"] == ["B", "C", "E", "G"]  # the fox, the madman and the wolf lose
    assert full["result"]["deaths"] == [
        {"phase": 0, "player": "D", "cause": "curse"},
        {"phase": 0, "player": "E", "cause": "attack"},
        {"phase": 1, "player": "A", "cause": "execution"},
    ]


def test_the_issue_example_with_a_dead_voter_is_refused_at_its_event():
    data = copy.deepcopy(EXAMPLE)
    data["events"][1]["votes"]["D"] = "A"
    with pytest.raises(RecordError, match=r"^event 2: D is dead and cannot vote$"):
        replay(data)


def test_full_record_replays_to_itself_and_through_json_text():
    full = write(replay(EXAMPLE), 0)
    assert write(replay(full), 0) == full
    assert write(replay(json.loads(dumps(full))), 0) == full


def test_missing_required_action_and_vote_are_sudden_deaths():
    data = copy.deepcopy(EXAMPLE)
    data["events"][0]["actions"].pop(2)  # the guard forgets
    data["events"][1]["votes"].pop("C")  # (dead by then)
    data["events"][1]["votes"].pop("G")  # G does not vote
    full = write(replay(data), 0)
    assert {"player": "C", "cause": "sudden"} in full["events"][0]["deaths"]
    day = next(e for e in full["events"] if e["type"] == "day")
    assert day["deaths"] == [{"player": "G", "cause": "sudden"}]
    assert [e["type"] for e in full["events"]][-1] == "day"  # the ballot is retaken (r = 1)
    data["events"].append({"type": "day", "votes": {"A": "B", "B": "A", "F": "A"}})  # C, D, E, G are dead
    full = write(replay(data), 0)
    assert full["result"]["winner"] == "Human" and full["result"]["winners"] == ["B", "E"]


def test_a_given_draw_is_taken_by_its_kind_and_the_others_are_drawn():
    # the reference's 死神の手帳 games give the holder but not the night's announcement order (README: Room options)
    data = copy.deepcopy(EXAMPLE)
    data["settings"]["deathnote"] = "on"
    data["events"].insert(1, {"type": "outcome", "draws": [{"draw": "deathnote holder", "value": "G"}]})
    full = write(replay(data), 0)
    assert [d["draw"] for d in full["events"][1]["draws"]] == ["announcement", "deathnote holder"]  # the rules' order
    assert full["events"][1]["draws"][1]["value"] == "G"
    assert write(replay(full), 0) == full  # the full record, in the rules' order, replays to itself
    swapped = copy.deepcopy(full)
    swapped["events"][1]["draws"].reverse()  # given in another order: each taken by its kind, the same game
    assert write(replay(swapped), 0) == full
    wrong = copy.deepcopy(data)
    wrong["events"][1]["draws"][0]["value"] = "E"  # E died tonight
    with pytest.raises(RecordError, match=r"^event 1: deathnote holder cannot be 'E': it is one of 'A', 'B', 'C', 'F', 'G'$"):
        replay(wrong)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["events"][0]["actions"].append({"player": "E", "action": "divine", "target": "A"}),
         r"^event 1: E \(Villager\) has no action 'divine' tonight$"),
        (lambda d: d["events"][0]["actions"].__setitem__(1, {"player": "B", "action": "divine", "target": "B"}),
         r"^event 1: B cannot divine B: allowed are A, C, D, E, F, G$"),
        (lambda d: d["events"][1]["votes"].__setitem__("F", "F"), r"^event 2: F cannot vote for himself$"),
        (lambda d: d["roles"].__setitem__("G", "Wizard"), r"^setup: role 'Wizard' of G is not a playable role id"),
        (lambda d: d["events"].insert(1, {"type": "outcome", "draws": [{"draw": "announcement", "value": ["A", "B"]}]}),
         r"^event 1: announcement must order exactly D, E$"),
        (lambda d: d["events"].insert(1, {"type": "outcome", "draws": [{"draw": "poison", "value": "A"}]}),
         r"^event 1: the record gives outcomes the rules do not draw: 'poison'$"),
        (lambda d: d["events"].append({"type": "night", "actions": []}), r"^event 3: the game is already over$"),
        (lambda d: d["events"].pop(0), r"^event 1: a day event, but the game waits for the night$"),
        (lambda d: d["events"][0]["actions"].append({"player": "Z", "action": "attack", "target": "E"}),
         r"^event 1: no player 'Z': the players are A, B, C, D, E, F, G$"),
        (lambda d: d["events"][0]["actions"].append({"player": "A", "action": "fly", "target": "E"}),
         r"^event 1: unknown action 'fly'"),
        (lambda d: d.__setitem__("format", "jinrou.quantum/1"), r"^not a classic record"),
        (lambda d: d["settings"].__setitem__("runoff", "maybe"), r"^setup: setting 'runoff' must be one of"),
    ],
)
def test_bad_records_name_the_event_and_what_is_wrong(change, message):
    data = copy.deepcopy(EXAMPLE)
    change(data)
    with pytest.raises(RecordError, match=message):
        replay(data)


def test_a_tampered_full_record_is_refused():
    full = write(replay(EXAMPLE), 0)
    full["events"][0]["deaths"][0]["cause"] = "attack"
    with pytest.raises(RecordError, match=r"^event 1: deaths are .* in the record, .* by the rules$"):
        replay(full)
    full = write(replay(EXAMPLE), 0)
    full["result"]["winners"] = ["A"]
    with pytest.raises(RecordError, match=r"^result: winners is \['A'\] in the record"):
        replay(full)


def test_given_outcomes_are_used_and_missing_ones_come_from_the_seed():
    data = copy.deepcopy(EXAMPLE)
    data["events"].insert(1, {"type": "outcome", "draws": [{"draw": "announcement", "value": ["E", "D"]}]})
    full = write(replay(data), 0)
    assert full["events"][1]["draws"][0]["value"] == ["E", "D"]
    seeded = [write(replay(EXAMPLE, seed=s), s)["events"][1]["draws"][0]["value"] for s in range(12)]
    assert {tuple(v) for v in seeded} == {("D", "E"), ("E", "D")}  # both orders occur


def test_hunter_event_may_be_left_out_and_the_shot_is_drawn():
    data = {
        "format": "jinrou.classic/1", "players": list("ABCDEF"),
        "roles": {"A": "Werewolf", "B": "Hunter", "C": "Human", "D": "Human", "E": "Human", "F": "Werewolf"},
        "settings": {"scapegoat": "off"},
        "events": [{"type": "night", "actions": [{"player": "A", "action": "attack", "target": "B"}]},
                   {"type": "outcome", "draws": [{"draw": "hunter shot", "value": "F"}]},
                   {"type": "day", "votes": {"A": "C", "C": "A", "D": "A", "E": "A"}}],
    }
    full = write(replay(data), 0)
    assert [e["type"] for e in full["events"]] == ["night", "hunter", "outcome", "day"]
    assert full["events"][1]["deaths"] == [{"player": "F", "cause": "hunter"}]
    assert full["result"]["winner"] == "Human"
    assert write(replay(full), 0) == full


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(5, 14), goat=st.sampled_from(["on", "off", "no"]))
def test_random_games_round_trip_through_their_records(seed, n, goat):
    rng = np.random.default_rng(seed)
    ids = sorted(PLAYABLE)
    roles = [str(r) for r in rng.choice(ids, n)]
    roles[1] = "Werewolf"
    game = Game.new([f"P{i}" for i in range(n)], roles, {"scapegoat": goat, "decider": "on"}, rng)
    while not game.is_over:
        for seat in game.seats():
            for legal in game.legal_actions(seat):
                if rng.random() < 0.1 or not legal.targets and legal.arity:
                    continue
                if legal.verb is None:
                    game.apply(Vote(seat, int(rng.choice(legal.targets))))
                elif legal in game.legal_actions(seat):
                    targets = tuple(int(t) for t in rng.choice(legal.targets, legal.arity, replace=False))
                    game.apply(Action(seat, legal.verb, targets, legal.example()), rng)
        game.close(rng)
    full = write(game, seed)
    again = replay(json.loads(json.dumps(full)))
    assert write(again, seed) == full
    assert all(e["type"] in ("night", "day", "hunter", "outcome") for e in full["events"])
    assert {Verb(a["action"]) for e in full["events"] for a in e.get("actions", [])} <= set(Verb)


def test_a_game_over_at_its_start_writes_and_replays_its_own_record():
    data = {"format": "jinrou.classic/1", "players": list("ABC"),
            "roles": {"A": "Human", "B": "Fox", "C": "Diviner"}, "settings": {"scapegoat": "off"}, "events": []}
    full = write(replay(data), 0)
    assert full["result"]["winner"] == "Fox" and [e["type"] for e in full["events"]] == ["night"]
    assert write(replay(full), 0) == full
    full["events"][0]["actions"] = [{"player": "C", "action": "divine", "target": "B"}]
    with pytest.raises(RecordError, match=r"^event 1: the game is already over$"):
        replay(full)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", [1, 2, 3, 4, 5, 6, 7], '"players" must be a list of distinct names'),
        ("players", ["A", "A", "C", "D", "E", "F", "G"], '"players" must be a list of distinct names'),
        ("players", [["A"]] * 7, '"players" must be a list of distinct names'),
        ("roles", {p: 5 for p in "ABCDEFG"}, '"roles" must give every player a role id'),
        ("roles", {p: ["Human"] for p in "ABCDEFG"}, '"roles" must give every player a role id'),
        ("settings", "abc", "\"settings\" must be an object of names and values, e.g. {\"scapegoat\": \"off\"}, not 'abc'"),
        ("settings", [1, 2], '"settings" must be an object of names and values'),
        ("settings", 5, '"settings" must be an object of names and values'),
        ("result", "winner", "\"result\" must be an object {\"winner\": ..., \"winners\": [...], \"deaths\": [...]}, not 'winner'"),
        ("result", ["winner"], '"result" must be an object'),
    ],
)
def test_a_record_of_the_wrong_shape_is_one_line_in_replay(tmp_path, field, value, message):
    """Issue 40, point 12: numbers for players, a text for the settings or the result — one line
    from `classic replay`, exit status 2, as quantum replay answers; no traceback."""
    from typer.testing import CliRunner

    from jinrou.cli import app

    data = write(replay(EXAMPLE), 0) if field == "result" else copy.deepcopy(EXAMPLE)
    if field == "players":
        data["roles"] = {str(p): r for p, r in zip(value, data["roles"].values(), strict=True)}
    data[field] = value
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["classic", "replay", str(path)])
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert result.stderr.startswith(f"error: {path}: {message}") and result.stderr.count("\n") == 1
    with pytest.raises(RecordError, match="^" + re.escape(message)):
        replay(data)
