"""Issue 23 §1, pure rules: the engine writes typed record entries and record.py alone makes JSON of
them (write → replay → write is the same record); a choice is checked without changing anything;
a phase closes into a new game, so an impossible outcome never touches the given game."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings

from jinrou.classic import entries as log
from jinrou.classic import rules
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.draws import Draw, Draws
from jinrou.classic.game import Game, Then
from jinrou.classic.model import Action, Cause, Stage, Verb, Vote
from jinrou.classic.record import dumps, events, write
from jinrou.classic.replay import replay
from jinrou.classic.views import SeatView
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError

from .helpers import cast, new, night, seat, snapshot
from .test_properties import play_randomly, setups

ENTRY_TYPES = (log.PhaseOpen, log.Acted, log.Voted, log.VotesVoided, log.Claimed, log.Death, log.Revived,
               log.Outcome)


def everything(game: Game) -> tuple[object, ...]:
    """What anyone could read of ``game``: its state, its full record and every seat's view."""
    return snapshot(game), write(game), [SeatView.of(game, s) for s in (None, *game.seats())]


# ---------------------------------------------------------------------- typed entries, one writer


@settings(max_examples=40, deadline=None)
@given(setups())
def test_random_games_write_replay_write_the_same_record(setup):
    cast_, room, seed = setup
    rng = np.random.default_rng(seed)
    game = Game.new([f"P{i}" for i in range(len(cast_))], cast_, room, rng)
    play_randomly(game, rng)
    record = write(game, seed)
    text = dumps(record)
    again = write(replay(json.loads(text)), seed)
    assert again == record and dumps(again) == text
    # the entries are typed and frozen, and hold seats, never names
    assert game.entries and all(isinstance(e, ENTRY_TYPES) for e in game.entries)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.entries[-1].seat = 0  # type: ignore[union-attr, misc]
    names = set(game.names)
    for entry in game.entries:
        for value in dataclasses.asdict(entry).values():
            assert not (isinstance(value, str) and value in names), entry


@settings(max_examples=25, deadline=None)
@given(setups())
def test_a_record_of_a_game_cut_short_replays_to_the_same_record(setup):
    cast_, room, seed = setup
    rng = np.random.default_rng(seed)
    game = Game.new([f"P{i}" for i in range(len(cast_))], cast_, room, rng)
    for _ in range(3):  # a few phases of a game that goes on: what a room's record is mid-game
        if not game.is_over:
            game.close(rng)
    record = write(game, seed)
    assert write(replay(json.loads(dumps(record))), seed) == record


def test_each_entry_becomes_its_json_in_the_phase_it_belongs_to():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human", "Human"], {"runoff": "yes"})
    night(g, "A attack F", "B divine C")
    g.claim(seat(g, "B"), Claim(ClaimKind.DIVINED, target=seat(g, "C"), result="human"))
    cast(g, "AB BA CA DB EC")
    g.close(Draws(None))
    assert g.entries[:4] == [log.PhaseOpen(Stage.NIGHT), log.Acted(Action(0, Verb.ATTACK, (5,))),
                             log.Acted(Action(1, Verb.DIVINE, (2,))), log.Death(5, Cause.ATTACK)]
    assert log.PhaseOpen(Stage.DAY, (0, 1)) in g.entries  # the runoff between the two tops
    day = events(g)[1]
    assert day == {"type": "day", "votes": {"A": "B", "B": "A", "C": "A", "D": "B", "E": "C"},
                   "claims": [{"player": "B", "claim": "DIVINED C human"}]}
    assert events(g)[2] == {"type": "day", "votes": {}, "runoff": ["A", "B"]}


def test_the_continuation_after_a_hunter_is_an_enum():
    g = new(["Werewolf", "Hunter", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert g.stage is Stage.HUNTER and g.resume is Then.ROOM_DAWN  # the room rules (死神の手帳) wait for the shots
    g.apply(Action(1, Verb.SHOOT, (0,)))
    g.close(Draws(None))
    assert g.resume is None and g.is_over


# ---------------------------------------------------------------------- check, fold, close


def test_check_refuses_and_changes_nothing_and_fold_returns_the_entries():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human"])
    before = everything(g)
    for bad in (Action(0, Verb.ATTACK, (0,)), Action(2, Verb.DIVINE, (0,)), Vote(0, 1), Action(9, Verb.ATTACK, (1,))):
        with pytest.raises(IllegalActionError):
            rules.check(g, bad)
        with pytest.raises(IllegalActionError):
            rules.fold(g, bad)
        assert everything(g) == before
    rules.check(g, Action(0, Verb.ATTACK, (4,)))  # allowed: still nothing changes
    assert everything(g) == before
    assert rules.fold(g, Action(0, Verb.ATTACK, (4,))) == (log.Acted(Action(0, Verb.ATTACK, (4,))),)
    assert rules.fold(g, Action(1, Verb.DIVINE, (0,))) == (log.Acted(Action(1, Verb.DIVINE, (0,))),)
    g = rules.close(g)
    said = rules.Say(1, Claim(ClaimKind.COMINGOUT, role="Diviner"))
    rules.check(g, said)
    assert rules.fold(g, said) == (log.Claimed(1, said.claim),)
    with pytest.raises(IllegalActionError, match="E is dead"):
        rules.check(g, rules.Say(4, Claim(ClaimKind.COMINGOUT, role="Diviner")))


def test_close_makes_a_new_game_and_leaves_the_given_one():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human"])
    rules.fold(g, Action(0, Verb.ATTACK, (4,)))
    rules.fold(g, Action(1, Verb.DIVINE, (0,)))
    before = everything(g)
    closed = rules.close(g, Draws(None))
    assert closed is not g and everything(g) == before
    assert g.stage is Stage.NIGHT and closed.stage is Stage.DAY and not closed.alive[4] and g.alive[4]
    assert closed.identities[0] is not g.identities[0] and closed.ctx.day == 2 and g.ctx.day == 1


def test_an_impossible_outcome_leaves_the_game_unchanged_without_any_undo(monkeypatch):
    """Neither rules.close nor Game.close ever closes the given game with an outcome not yet known
    to be possible: the phase is first closed on a new game, and the given game is folded only with
    the outcomes that close drew. Nothing is put back, because nothing changed."""
    g = new(["Werewolf", "Poisoner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AB BA DB EB FB")
    before = everything(g)
    folded: list[int] = []
    fold_close = Game.fold_close

    def spy(game: Game, draws: object = None) -> None:
        folded.append(id(game))
        fold_close(game, draws)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "fold_close", spy)
    impossible = [Draw("poison", "B")]  # B is executed: the poison falls on a living seat but B
    with pytest.raises(ImpossibleOutcomeError, match="poison cannot be 'B'"):
        rules.close(g, Draws(None, impossible))
    with pytest.raises(ImpossibleOutcomeError, match="poison cannot be 'B'"):
        g.close(Draws(None, impossible))
    assert id(g) not in folded and len(folded) == 2  # each close ran on a new game only
    assert everything(g) == before
    g.close(Draws(None, [Draw("poison", "D"), Draw("announcement", ["D", "B"])]))  # a possible outcome: checked on a new game, then folded here
    assert folded[-1] == id(g) and folded.count(id(g)) == 1
    assert not g.alive[seat(g, "B")] and not g.alive[seat(g, "D")]


def test_a_copy_shares_only_the_append_only_lists_items_never_the_lists():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human"])
    twin = g.copy()
    assert twin.entries == g.entries and twin.entries is not g.entries and twin.messages is not g.messages
    twin.apply(Action(0, Verb.ATTACK, (4,)))
    assert len(twin.entries) == len(g.entries) + 1 and twin.ctx.day == 1
