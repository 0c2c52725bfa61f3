"""Views: nobody sees another player's night orders, results or secret number before the end."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.agents.quantum import RandomAgent
from jinrou.quantum.events import NightEvent, NumbersEvent
from jinrou.quantum.game import Game, Options, Setup
from jinrou.quantum.simulate import step
from jinrou.quantum.views import PlayerView

from .strategies import setups


def _assert_private(game: Game) -> None:
    seats = range(len(game.names))
    for viewer in [None, *seats]:
        view = PlayerView.of(game, viewer)
        assert not any(isinstance(e, NumbersEvent) for e in view.events)
        for event in view.events:
            if isinstance(event, NightEvent):
                assert viewer is not None and set(event.actions) == {viewer} and event.order == ()
                assert set(event.divinations) <= {viewer}
        assert view.divinations == (tuple(game.divinations(viewer)) if viewer is not None else ())
        if game.setup.options.anonymous:
            assert view.number == (game.number(viewer) if viewer is not None else None)
            assert {row.seat for row in view.table.rows} <= {viewer, None}
            assert all(row.card is None for row in view.table.rows)


@settings(max_examples=40, deadline=None)
@given(setups(max_players=7), st.integers(0, 2**32))
def test_views_never_show_another_players_secrets_until_the_end(setup, seed):
    rng = np.random.default_rng(seed)
    game = Game.new(setup).advance(rng)
    agents = [RandomAgent() for _ in setup.players]
    while not game.is_over:
        _assert_private(game)
        game = step(game, agents, rng)
    assert PlayerView.of(game, None).events == game.events  # the record is public at the end


def test_table_columns_follow_the_options():
    game = Game.new(Setup.create(4, options=Options(split_seer=True, hide_dead=True)))
    view = PlayerView.of(game, 0)
    assert view.table.columns == ("villager", "seer", "wolf")
    assert [row.label for row in view.table.rows] == ["A", "B", "C", "D"]


def test_anonymous_table_labels_rows_by_number_and_marks_ones_own():
    game = Game.new(Setup.create(4, options=Options(anonymous=True))).advance(np.random.default_rng(1))
    view = PlayerView.of(game, 2)
    labels = [row.label for row in view.table.rows]
    assert labels[game.number(2) - 1] == f"Player {game.number(2)} (you)"
    assert sorted(labels) == sorted(f"Player {n}" + (" (you)" if n == game.number(2) else "") for n in range(1, 5))
    assert view.table.probability(2, "wolf") is not None and view.table.probability(0, "wolf") is None


def test_private_view_says_whether_one_may_still_divine_or_attack():
    from jinrou.quantum.events import Collapsed, Deadline, NightAction, Vote
    from jinrou.quantum.roles import SEER

    game = Game.new(Setup.create(4))
    assert PlayerView.of(game, 0).may_divine and PlayerView.of(game, 0).may_attack
    assert not PlayerView.of(game, None).may_divine
    for p in range(4):
        game = game.apply(NightAction(p, (p + 1) % 4))
    game = game.apply(Deadline()).advance(np.random.default_rng(0))
    for p in range(4):
        game = game.apply(Vote(p, 1 if p == 0 else 0))
    game = game.apply(Deadline()).apply(Collapsed(0, SEER))  # the seer is dead: nobody else can divine
    assert not any(PlayerView.of(game, p).may_divine for p in game.alive)
