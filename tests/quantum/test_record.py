"""The record jinrou.quantum/1: round trips, exact replay, input records, strict reading."""

import copy
import json

import numpy as np
import pytest
from hypothesis import given, settings

from jinrou.errors import RecordError
from jinrou.quantum.events import DeathEvent, EndEvent, TableEvent
from jinrou.quantum.game import Game, Setup
from jinrou.quantum.record import FORMAT, Record

from .strategies import games


@settings(max_examples=60, deadline=None)
@given(games())
def test_a_record_survives_a_json_round_trip_and_replays_exactly(game_and_seed):
    game, seed = game_and_seed
    record = Record.of(game, seed)
    text = record.dumps()
    assert Record.read(json.loads(text)) == record
    assert Record.read(text).write() == record.write()
    replayed = Record.read(text).replay()
    assert replayed.events == game.events and replayed.outcome == game.outcome


@settings(max_examples=60, deadline=None)
@given(games())
def test_every_published_table_is_a_probability_table(game_and_seed):
    game, _ = game_and_seed
    wolves = game.setup.wolves
    for event in game.events:
        if isinstance(event, TableEvent) and event.table.worlds:
            table, names = event.table, range(len(game.names))
            assert all(table.probability(p, "human") + table.probability(p, "wolf") == 1 for p in names)
            assert sum(table.probability(p, "seer") for p in names) == 1
            assert sum(table.probability(p, "wolf") for p in names) == wolves
            assert all(0 <= table.probability(p, "dead") <= 1 for p in names)


@settings(max_examples=40, deadline=None)
@given(games())
def test_an_input_record_is_completed_to_the_same_game(game_and_seed):
    game, seed = game_and_seed
    full = Record.of(game, seed)
    kept = tuple(e for e in full.events if not isinstance(e, TableEvent | EndEvent))
    completed = Record(full.setup, kept, seed).replay()
    assert completed.events[:-1] == game.events[:-1]
    assert completed.outcome.winner == game.outcome.winner
    with_end = Record(full.setup, kept + (game.events[-1],), seed).replay()
    assert with_end.events == game.events


def _finished(seed=3, players=6):
    from jinrou.agents.quantum import HeuristicAgent
    from jinrou.quantum.simulate import play

    return play(Setup.create(players), [HeuristicAgent() for _ in range(players)], np.random.default_rng(seed))


def _data():
    return Record.of(_finished(), 3).write()


def _index(data, kind, nth=0):
    return [i for i, e in enumerate(data["events"]) if e["type"] == kind][nth]


def _edit(change):
    data = _data()
    change(data)
    return data


BAD_RECORDS = [
    ("not json", "{", RecordError, "not JSON"),
    ("not an object", [], RecordError, "a record is a JSON object"),
    ("format", _edit(lambda d: d.update(format="jinrou.quantum/2")), RecordError, "format must be 'jinrou.quantum/1'"),
    ("unknown field", _edit(lambda d: d.update(extra=1)), RecordError, r"unknown fields \['extra'\]"),
    ("bad setup", _edit(lambda d: d.update(wolves=9)), RecordError, "setup: wolves must be between 1 and 4"),
    ("bad option", _edit(lambda d: d["options"].update(nite=True)), RecordError, "setup: unknown option 'nite'"),
    ("bad seed", _edit(lambda d: d.update(seed="7")), RecordError, "'seed' must be an integer"),
    (
        "unknown event type",
        _edit(lambda d: d["events"].insert(1, {"type": "dance"})),
        RecordError,
        "event 2: unknown type 'dance'",  # events count from 1: the second
    ),
    (
        "unknown player",
        _edit(lambda d: d["events"][_index(d, "vote")]["votes"].update(Zed="A")),
        RecordError,
        r"event \d+ \(vote\): unknown player 'Zed'",
    ),
    (
        "bad card",
        _edit(lambda d: d["events"][_index(d, "death")].update(role="fox")),
        RecordError,
        r"event \d+ \(death\): unknown card 'fox'",
    ),
    (
        "bad count",
        _edit(lambda d: d["events"][0]["rows"]["A"].update(wolf=-1)),
        RecordError,
        r"event 1 \(table\): rows\['A'\]\['wolf'\] must be a count",
    ),
    (
        "tampered table",
        _edit(lambda d: d["events"][0].update(worlds=29)),
        RecordError,
        r"event 1 \(table\): 'worlds' is 29, but the rules give 30",
    ),
    (
        "wrong execution",
        _edit(lambda d: next(e for e in d["events"] if e["type"] == "vote" and e["executed"]).update(executed=None)),
        RecordError,
        r"event \d+ \(vote\): 'executed' is null, but the rules give",
    ),
    (
        "event after the end",
        _edit(lambda d: d["events"].append(d["events"][0])),
        RecordError,
        r"event \d+ \(table\): the game is already over",
    ),
]


@pytest.mark.parametrize("name, data, error, message", BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_malformed_records_are_refused_naming_the_event(name, data, error, message):
    with pytest.raises(error, match=message):
        Record.read(copy.deepcopy(data)).replay()


def test_an_impossible_collapse_in_an_input_record_names_its_event():
    game = _finished()
    data = Record.of(game, 3).write()
    data["events"] = [e for e in data["events"] if e["type"] not in ("table", "end")]
    death = next(i for i, e in enumerate(data["events"]) if e["type"] == "death" and e["cause"] == "execution")
    data["events"][death].update(role="wolf", rank=2)
    with pytest.raises(RecordError, match=rf"event {death + 1} \(death\): .* as wolf:2 is impossible"):  # from 1
        Record.read(data).replay()


def test_a_missing_chain_death_is_an_error_naming_the_event():
    chain = None
    for seed in range(200):  # a game with a death by attack, found by playing
        game = _finished(seed, 7)
        deaths = [i for i, e in enumerate(game.events) if isinstance(e, DeathEvent) and e.cause == "attack"]
        if deaths:
            chain = (game, deaths[0])
            break
    game, index = chain
    data = Record.of(game, 0).write()
    del data["events"][index]
    with pytest.raises(RecordError, match=rf"event {index + 1} \(\w+\): missing chain death: expected a death event"):
        Record.read(data).replay()
    inputs = [e for e in data["events"] if e["type"] not in ("table", "end")]
    data["events"] = inputs
    with pytest.raises(RecordError, match="missing chain death"):
        Record.read(data).replay()


def test_a_game_in_progress_replays_to_its_current_state():
    game = Game.new(Setup.create(5)).advance(np.random.default_rng(0))
    replayed = Record.read(Record.of(game).dumps()).replay()
    assert replayed.events == game.events and replayed.waiting_for() == game.waiting_for()


def test_written_record_has_the_documented_shape():
    data = Record.of(_finished(), 3).write()
    assert list(data) == ["format", "players", "wolves", "options", "seed", "events"]
    assert data["format"] == FORMAT and data["seed"] == 3
    table, night = data["events"][0], data["events"][1]
    assert table == {
        "type": "table", "phase": "night 1", "worlds": 30,
        "rows": {n: {"villager": 20, "seer": 5, "wolf": 5, "dead": 0} for n in "ABCDEF"},
    }
    assert list(night) == ["type", "night", "order", "actions", "divinations"]
    assert sorted(night["order"]) == list("ABCDEF")
    assert all(set(a) == {"divine", "attack"} for a in night["actions"].values())
    assert data["events"][-1]["type"] == "end" and set(data["events"][-1]["world"]) == set("ABCDEF")


def test_the_documented_example_record_verifies():
    from pathlib import Path

    from jinrou.quantum.record import load

    path = Path(__file__).parents[2] / "docs" / "examples" / "quantum-5-players.json"
    game = load(str(path)).replay()
    assert game.is_over and game.outcome.winner == "village"


@settings(max_examples=60, deadline=None)
@given(games(max_players=6))
def test_the_literal_world_list_reproduces_every_published_table(game_and_seed):
    """Read the record as the spec reads it — worlds listed one by one, each night's divination then
    attack per player in the recorded order, executions pre-filtered — and recompute every table."""
    from jinrou.quantum.events import DeathEvent, NightEvent
    from jinrou.quantum.explicit import WorldList

    game, _ = game_and_seed
    worlds = WorldList.start(len(game.names), game.setup.wolves)
    alive = set(range(len(game.names)))
    for event in game.events:
        if isinstance(event, TableEvent):
            assert worlds.table == event.table
            assert worlds.dead_everywhere(alive) == []  # every chain death has happened
        elif isinstance(event, NightEvent):
            for player in event.order:
                action = event.actions.get(player)
                if action is None:
                    continue
                if action.divine is not None:
                    result = event.divinations[player]
                    _, candidates = worlds.divination_odds(player, action.divine)
                    assert (result == "none") == (candidates == 0)
                    if result != "none":
                        worlds = worlds.divine(player, action.divine, result == "wolf")
                if action.attack is not None:
                    worlds = worlds.attack(player, action.attack)
        elif isinstance(event, DeathEvent):
            if event.cause == "execution":
                worlds = worlds.require_alive(event.player)
            if event.cause == "attack":
                assert event.player in worlds.dead_everywhere(alive)
            assert worlds.card_counts(event.player).get(event.card, 0) > 0
            worlds = worlds.collapse(event.player, event.card).kill(event.player)
            alive.discard(event.player)


def test_a_30_player_game_beyond_the_reference_servers_cap_replays_exactly():
    game = _finished(seed=30, players=30)
    assert game.setup.wolves == 6 and game.events[0].table.worlds == 10_260_432_000
    for event in game.events:
        if isinstance(event, TableEvent) and event.table.worlds:
            rows = event.table.rows
            assert sum(r.seer for r in rows) == event.table.worlds
            assert sum(r.wolf for r in rows) == 6 * event.table.worlds
    assert Record.read(Record.of(game, 30).dumps()).replay().events == game.events


def test_an_input_record_of_an_anonymous_game_may_leave_the_numbers_to_the_seed():
    from jinrou.agents.quantum import RandomAgent
    from jinrou.quantum.events import NumbersEvent
    from jinrou.quantum.game import Options
    from jinrou.quantum.simulate import play

    setup = Setup.create(5, options=Options(anonymous=True))
    game = play(setup, [RandomAgent() for _ in range(5)], np.random.default_rng(4))
    kept = tuple(e for e in game.events if not isinstance(e, TableEvent | EndEvent | NumbersEvent))
    completed = Record(setup, kept, seed=9).replay()
    assert isinstance(completed.events[0], NumbersEvent) and completed.outcome.winner == game.outcome.winner
    assert completed.events == Record(setup, kept, seed=9).replay().events  # the seed decides
