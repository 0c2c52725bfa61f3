"""Random legal play (hypothesis): random casts from the playable roles with at least one 人狼系 seat,
random settings, random choices — a required action or a vote is sometimes left out, so sudden
deaths happen too. Whatever happens, the engine never raises, the game ends, the dead never act,
every death has its cause in the record, and a seat that died suddenly never wins."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic.actions import ParamKind
from jinrou.classic.catalog import Category
from jinrou.classic.game import Game
from jinrou.classic.model import Action, Cause, Stage, Vote
from jinrou.classic.record import events as record_events
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.roles import PLAYABLE, ROLES
from jinrou.classic.settings import SCHEMA
from jinrou.classic.victory import judge

ROLE_IDS = sorted(PLAYABLE)
WOLVES = sorted(r for r in PLAYABLE if ROLES[r].category is Category.WEREWOLF)
SWITCHES = sorted(name for name, s in SCHEMA.items() if s.choices and name not in ("safety", "endless"))  # endless: test_endless
MAX_CLOSES = 400  # phases closed; a random game is far shorter (a night and a day kill at least once most of the time)


@st.composite
def setups(draw):
    n = draw(st.integers(3, 13))
    cast = [draw(st.sampled_from(WOLVES))] + draw(st.lists(st.sampled_from(ROLE_IDS), min_size=n - 1, max_size=n - 1))
    cast = draw(st.permutations(cast))
    chosen = draw(st.lists(st.sampled_from(SWITCHES), max_size=8, unique=True))
    room = {name: draw(st.sampled_from(SCHEMA[name].choices)) for name in chosen}
    if room.get("chemical") == "on":  # ケミカル人狼: each seat a second role, on its right
        cast = [[role, draw(st.sampled_from(ROLE_IDS))] for role in cast]
    return cast, room, draw(st.integers(0, 2**32 - 1))


def play_randomly(game: Game, rng: np.random.Generator, check=lambda g: None) -> int:
    """Random legal choices until the game ends; returns the number of phases closed."""
    closes = 0
    while not game.is_over:
        check(game)
        assert closes < MAX_CLOSES, "the game does not end"
        choose_randomly(game, rng)
        game.close(rng)
        closes += 1
    return closes


def choose_randomly(game: Game, rng: np.random.Generator) -> None:
    """Random legal choices in the open phase (most required ones made, half the optional ones)."""
    for _ in range(3):  # new choices may open after a submission (a kit, a second attack)
        for seat in rng.permutation(game.n):
            seat = int(seat)
            for legal in game.legal_actions(seat):
                if rng.random() >= (0.93 if legal.required else 0.5):
                    continue
                targets = [int(t) for t in rng.choice(legal.targets, legal.arity, replace=False)] \
                    if legal.arity <= len(legal.targets) else None
                if targets is None:
                    continue
                if legal.verb is None:
                    game.apply(Vote(seat, targets[0]))
                else:
                    values = tuple(p.sample if p.kind is ParamKind.TEXT else str(rng.choice(allowed))
                                   for p, allowed in zip(legal.params, legal.values, strict=True))
                    game.apply(Action(seat, legal.verb, tuple(targets), values), rng)
                break  # legal actions may have changed: ask again next round


def check_invariants(game: Game) -> None:
    for s in game.seats():
        if game.alive[s]:
            assert game.deaths[s] is None
        else:
            assert game.deaths[s] is not None and isinstance(game.deaths[s].cause, Cause)
            if game.stage is Stage.DAY:
                assert game.legal_actions(s) == [], f"dead seat {s} may act"
            elif game.stage is Stage.NIGHT:  # only an optional action open while dead (W.1.10: 狡猾な狼's rise)
                legal = game.legal_actions(s)
                assert all(not lg.required for lg in legal) and (not legal or game.identity(s).acts_while_dead), \
                    f"dead seat {s} may act"
    assert all(game.alive[s] for s in game.awaited() if game.stage is not Stage.HUNTER)


def random_game_replays(setup: tuple[list[str], dict[str, Any], int]) -> None:
    """Play random legal choices (keeping the invariants) from a setup (cast, room, seed) to the end and
    check the record replays to the same record (the interaction suites' property tests)."""
    cast, room, seed = setup
    rng = np.random.default_rng(seed)
    g = Game.new([f"P{i}" for i in range(len(cast))], cast, room, rng)
    play_randomly(g, rng, check_invariants)
    assert g.outcome is not None
    record = write(g)
    assert write(replay(record)) == record


@settings(max_examples=120, deadline=None)
@given(setups())
def test_random_legal_play_ends_and_keeps_the_rules(setup):
    cast, room, seed = setup
    rng = np.random.default_rng(seed)
    game = Game.new([f"P{i}" for i in range(len(cast))], cast, room, rng)
    play_randomly(game, rng, check_invariants)
    check_invariants(game)
    outcome = game.outcome
    assert outcome is not None and game.stage is Stage.OVER
    assert not (outcome.winners & game.sudden), "a seat that died suddenly wins"
    if outcome.winner is None:
        assert outcome.winners == frozenset() and judge(game) in ("Draw", None)  # §7.1, or §7.10 / no votes
    else:
        assert judge(game) is outcome.winner  # the end state still reads as the result
    # every dead seat's death is in the record, with its cause (the last one, after revivals)
    recorded: dict[str, str] = {}
    for event in record_events(game):
        for death in event.get("deaths", []):
            recorded[death["player"]] = death["cause"]
    for s in game.dead():
        assert recorded[game.names[s]] == game.deaths[s].cause.value
    assert all(game.deaths[s].cause is Cause.SUDDEN for s in game.sudden)


@settings(max_examples=40, deadline=None)
@given(setups())
def test_a_copy_played_the_same_way_ends_the_same(setup):
    cast, room, seed = setup
    game = Game.new([f"P{i}" for i in range(len(cast))], cast, room, np.random.default_rng(seed))
    twin = game.copy()
    play_randomly(game, np.random.default_rng(seed + 1))
    play_randomly(twin, np.random.default_rng(seed + 1))
    assert record_events(twin) == record_events(game) and twin.outcome == game.outcome and twin.messages == game.messages
