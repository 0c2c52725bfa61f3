"""Bots act legally, and the heuristic bot behaves as documented."""

from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.agents import make_agent
from jinrou.agents.quantum import HeuristicAgent, RandomAgent
from jinrou.quantum.events import Collapsed, Deadline, NightAction, Vote
from jinrou.quantum.game import Game, Setup
from jinrou.quantum.roles import SEER
from jinrou.quantum.views import PlayerView

from ..quantum.strategies import setups


@settings(max_examples=40, deadline=None)
@given(setups(max_players=8), st.integers(0, 2**32), st.sampled_from(["random", "heuristic"]))
def test_every_bot_action_is_accepted(setup, seed, kind):
    rng = np.random.default_rng(seed)
    game = Game.new(setup).advance(rng)
    while not game.is_over:
        for seat in game.waiting_for():
            game = game.apply(make_agent(kind).act(PlayerView.of(game, seat), rng))  # raises if illegal
        assert game.waiting_for() == ()
        game = game.apply(Deadline()).advance(rng)


def _day_with_certain_wolf():
    """5 players: A divined B as a wolf, then A was executed and collapsed to the seer."""
    game = Game.new(Setup.create(5))
    for p, t in enumerate([1, 2, 3, 4, 0]):
        game = game.apply(NightAction(p, t))
    game = game.apply(Deadline())
    from jinrou.quantum.events import Divined, Order

    game = game.apply(Order((0, 1, 2, 3, 4))).apply(Divined(True))
    for _ in range(4):
        game = game.apply(Divined(False))
    for voter in range(5):
        game = game.apply(Vote(voter, 1 if voter == 0 else 0))
    return game.apply(Deadline()).apply(Collapsed(0, SEER))


def test_heuristic_bot_votes_for_a_certain_wolf_and_the_wolf_votes_for_a_human():
    game = _day_with_certain_wolf()
    assert game.table.certain(1, "wolf")
    rng = np.random.default_rng(0)
    game = game.apply(NightAction(1, attack=2)).apply(Deadline()).advance(rng)
    assert str(game.phase) == "day 2"
    for seat in game.alive:
        vote = HeuristicAgent().act(PlayerView.of(game, seat), rng)
        if seat == 1:
            assert vote.target != 1 and not game.table.certain(vote.target, "wolf")
        else:
            assert vote == Vote(seat, 1)


def test_heuristic_bot_divines_the_most_uncertain_player_it_has_not_divined():
    game = Game.new(Setup.create(4))
    rng = np.random.default_rng(0)
    action = HeuristicAgent().act(PlayerView.of(game, 0), rng)
    assert action.divine in (1, 2, 3) and action.attack is None


def test_heuristic_bot_never_attacks_a_player_it_found_to_be_a_wolf():
    agent = HeuristicAgent()
    game = Game.new(Setup.create(6, 2))
    view = PlayerView.of(game, 0)
    from dataclasses import replace

    from jinrou.quantum.game import LegalActions

    found = replace(view, divinations=((1, 3, "wolf"),), legal=LegalActions(attack=(1, 2, 3, 4, 5)))
    picks = {agent._attack(found, np.random.default_rng(s)) for s in range(30)}
    assert 3 not in picks and picks <= {1, 2, 4, 5}
    belief, _ = agent._beliefs(found)
    exact, approx = belief(np.array([3, 4]), True), belief(np.array([3, 4]), False)
    assert exact[0] > exact[1] == Fraction(2, 6) and approx[1] == 2 / 6 and approx[0] == float(exact[0])


def test_unknown_bot_names_are_refused():
    import pytest

    with pytest.raises(ValueError, match="unknown bot 'smart': choose one of random, heuristic"):
        make_agent("smart")
    assert isinstance(make_agent("random"), RandomAgent)


def test_heuristic_bots_keep_a_revote_to_the_tied_and_then_agree():
    from jinrou.quantum.events import Divined, Order

    game = Game.new(Setup.create(5))
    for p in range(5):
        game = game.apply(NightAction(p, (p + 1) % 5))
    game = game.apply(Deadline()).apply(Order((0, 1, 2, 3, 4)))
    for result in (True, False, False, True, False):
        game = game.apply(Divined(result))
    first = {0: 1, 1: 0, 2: 0, 3: 1, 4: 2}  # A and B tied with 2 votes
    for voter, target in first.items():
        game = game.apply(Vote(voter, target))
    game = game.apply(Deadline())
    rng = np.random.default_rng(0)
    runoff = {s: HeuristicAgent().act(PlayerView.of(game, s), rng).target for s in game.alive}
    assert all(target in (0, 1) for target in runoff.values())
    for voter in game.alive:  # tie again: the third round goes by the public table alone
        game = game.apply(Vote(voter, first[voter]))
    game = game.apply(Deadline())
    third = {s: HeuristicAgent().act(PlayerView.of(game, s), rng).target for s in game.alive}
    assert third[0] == 1 and third[1] == 0 and len({third[2], third[3], third[4]}) == 1
