"""The offline rules (spec §1): flow, deaths by attack, seer possibility, win checks, bad input."""

from fractions import Fraction

import numpy as np
import pytest

from jinrou.errors import IllegalActionError, ImpossibleOutcomeError, SetupError
from jinrou.offline.rules import Announce, CastVote, Collapse, OfflineGame, Point, Setup


def new(players, wolves) -> OfflineGame:
    return OfflineGame.new(Setup.create(players, wolves))


def night(game: OfflineGame, pointers: str) -> OfflineGame:
    """'A>B C>D ...': every pair points."""
    for pair in pointers.split():
        a, b = pair.split(">")
        game = game.apply(Point(game.number, game.seat(a), game.seat(b)))
    return game


def vote(game: OfflineGame, votes: str) -> OfflineGame:
    for pair in votes.split():
        a, b = pair.split(">")
        game = game.apply(CastVote(game.number, game.seat(a), game.seat(b)))
    return game


def announce(game: OfflineGame, who: str, target: str, result: str) -> OfflineGame:
    return game.apply(Announce(game.number, game.seat(who), game.seat(target), result == "wolf"))


def execute(game: OfflineGame, votes: str, wolf: bool) -> OfflineGame:
    game = vote(game, votes)
    return game.apply(Collapse(game.executed, wolf))


def kinds(game: OfflineGame) -> list[tuple[str, str | None, str]]:
    return [(h.kind, None if h.player is None else game.names[h.player], h.detail) for _, h in game.happenings]


# ---------------------------------------------------------------------- flow


def test_pointer_counts_accumulate_and_dead_pointers_are_struck():
    game = night(new(5, 1), "A>E B>E C>E D>E E>A")
    assert game.phase == "day 1" and game.pointer_count(4) == 4
    game = execute(game, "A>B B>A C>B D>B E>B", wolf=False)  # B dies: his pointer at E is struck
    assert game.phase == "night 2" and game.pointer_count(4) == 3


def test_a_player_whose_living_pointers_reach_the_living_count_dies_by_attack_as_human():
    game = night(new(5, 1), "A>E B>E C>E D>E E>A")
    game = execute(game, "A>B B>A C>B D>B E>B", wolf=False)
    game = night(game, "A>C C>E D>E E>A")  # E: C, D (night 1) + C, D (night 2) + A (night 1) = 5 ≥ 4
    assert ("death", "E", "died by attack, human") in kinds(game)
    assert 4 not in game.alive and game.collapsed[4] is False and game.phase == "day 2"


def test_a_collapsed_wolf_kills_whom_he_pointed_at_and_false_announcers_lose_the_seer_possibility():
    game = night(new(6, 2), "A>B B>C C>D D>E E>F F>A")
    game = announce(game, "C", "A", "human")  # C will turn out wrong
    game = announce(game, "D", "B", "wolf")  # B dies by A's attack as human: D is wrong too
    game = announce(game, "E", "A", "wolf")
    game = execute(game, "A>B B>A C>A D>A E>A F>A", wolf=True)
    assert ("death", "B", "died by attack, human") in kinds(game)
    assert game.lost_seer == {2, 3} and game.has_seer_possibility(4)
    with pytest.raises(IllegalActionError, match="C has lost the seer possibility"):
        night(game, "C>D D>E E>F F>C").apply(Announce(2, 2, 3, True))


def test_a_human_collapse_costs_those_who_called_him_a_wolf():
    game = night(new(5, 1), "A>B B>C C>D D>E E>A")
    game = announce(game, "A", "B", "wolf")
    game = execute(game, "A>B B>A C>B D>B E>B", wolf=False)
    assert game.lost_seer == {0}
    assert ("seer-lost", "A", "announced B as a wolf") in kinds(game)


def test_last_seer_rule_names_the_day_1_executed_player_the_true_seer():
    game = night(new(5, 1), "A>B B>C C>D D>E E>A")
    for who in "CDE":
        game = announce(game, who, "B", "wolf")
    game = announce(game, "A", "C", "wolf")
    game = execute(game, "A>B B>A C>B D>B E>B", wolf=False)  # C, D, E lose it
    game = night(game, "A>C C>D D>E E>A")
    game = execute(game, "A>C C>A D>C E>C", wolf=False)  # A loses it: nobody alive may be the seer
    assert game.seer == 1 and ("seer-named", "B", "executed on day 1: the true seer") in kinds(game)
    assert game.counts.seer_probability(1) == 1
    assert not game.is_over and game.phase == "night 3"


def test_world_collapses_when_a_wolf_collapse_leaves_nobody_alive_who_may_be_the_seer():
    game = night(new(5, 2), "A>C B>D C>D D>E E>A")
    game = execute(game, "A>B B>A C>B D>B E>B", wolf=False)
    game = night(game, "A>C C>D D>E E>C")
    for who in "CDE":
        game = announce(game, who, "A", "human")
    game = announce(game, "A", "C", "human")
    assert game.counts.total > 0
    game = vote(game, "A>C C>A D>A E>A")
    odds, _, _ = game.execution_odds()
    assert odds == 1  # the pointers leave A and D as the only wolf pair; B (dead, silent) is the seer
    game = game.apply(Collapse(0, True))  # C, D, E lose it; A pointed at C: C dies
    assert game.winner == "draw" and "world collapse" in game.reason


# ---------------------------------------------------------------- win checks


def test_win_check_no_player_left_is_a_draw():
    game = night(new(4, 1), "A>B B>D C>D D>C")
    game = execute(game, "A>D B>D C>D D>A", wolf=False)
    game = night(game, "A>C B>C C>B")
    game = execute(game, "A>B B>A C>A", wolf=True)  # A's victims: B and C
    assert game.alive == frozenset() and (game.winner, game.reason) == ("draw", "nobody is left")


def test_win_check_one_player_left_becomes_a_wolf_and_the_wolves_win():
    game = night(new(5, 2), "A>B B>D C>D D>C E>D")
    game = execute(game, "A>D B>D C>D D>B E>D", wolf=False)
    game = night(game, "A>E B>C C>B E>B")
    game = execute(game, "A>B B>A C>A E>A", wolf=True)  # A's victims: B and E; C is left
    assert game.alive == {2} and game.collapsed[2] is True and game.winner == "wolves"


def test_win_check_two_players_left_is_a_draw():
    game = night(new(5, 2), "A>B B>D C>D D>C E>D")
    game = execute(game, "A>D B>D C>D D>B E>D", wolf=False)
    game = night(game, "A>B B>C C>B E>C")
    game = execute(game, "A>B B>A C>A E>A", wolf=True)  # victim B; C and E are left
    assert game.alive == {2, 4} and (game.winner, game.reason) == ("draw", "two players are left")


def test_win_check_no_wolf_left_is_a_village_win_and_three_or_more_go_on():
    game = night(new(5, 1), "A>B B>C C>D D>E E>A")
    going_on = execute(game, "A>B B>A C>B D>B E>B", wolf=False)
    assert not going_on.is_over and len(going_on.alive) == 4 and going_on.phase == "night 2"
    won = execute(game, "A>B B>A C>B D>B E>B", wolf=True)  # B was the only wolf; C dies as his victim
    assert won.winner == "village" and won.alive == {0, 3, 4}


def test_ties_are_revoted():
    game = vote(night(new(4, 1), "A>B B>C C>D D>A"), "A>B B>A C>D D>C")
    assert game.executed is None and game.votes == () and kinds(game)[-1][0] == "tie"
    assert game.waiting_for() == (0, 1, 2, 3)


# ----------------------------------------------------------------- bad input


def _day1() -> OfflineGame:
    return night(new(5, 1), "A>B B>C C>D D>E E>A")


BAD = [
    ("point at oneself", lambda: new(5, 1), Point(1, 0, 0), IllegalActionError, "A cannot point at himself"),
    ("point twice", lambda: night(new(5, 1), "A>B"), Point(1, 0, 2), IllegalActionError, "A has already pointed"),
    ("point by day", _day1, Point(1, 0, 1), IllegalActionError, "it is day 1: players point at night"),
    ("unknown seat", _day1, CastVote(1, 0, 9), IllegalActionError, "unknown seat 9"),
    ("announce at night", lambda: new(5, 1), Announce(1, 0, 1, True), IllegalActionError, "announced by day"),
    ("vote for oneself", _day1, CastVote(1, 2, 2), IllegalActionError, "C cannot vote for himself"),
    ("collapse without execution", _day1, Collapse(0, True), IllegalActionError, "nobody is awaiting execution"),
]


@pytest.mark.parametrize("name, make, entry, error, message", BAD, ids=[b[0] for b in BAD])
def test_bad_entries_are_refused_and_change_nothing(name, make, entry, error, message):
    game = make()
    with pytest.raises(error, match=message):
        game.apply(entry)
    assert OfflineGame.replay(game.setup, game.entries) == game


def test_announcing_without_the_seer_possibility_or_twice_is_refused():
    game = announce(_day1(), "A", "B", "wolf")
    with pytest.raises(IllegalActionError, match="A has already announced a result today"):
        announce(game, "A", "C", "human")
    game = execute(game, "A>B B>A C>B D>B E>B", wolf=False)
    game = night(game, "A>C C>D D>E E>A")
    with pytest.raises(IllegalActionError, match="A has lost the seer possibility"):
        announce(game, "A", "C", "wolf")


def test_pointing_at_the_dead_and_unknown_names_are_refused():
    game = execute(_day1(), "A>B B>A C>B D>B E>B", wolf=False)
    with pytest.raises(IllegalActionError, match="B is dead: point at a living player"):
        game.apply(Point(2, 0, 1))
    with pytest.raises(IllegalActionError, match="unknown player 'Zed': players are A, B, C, D, E"):
        game.seat("Zed")


def test_impossible_collapses_and_wrong_rolls_are_refused():
    game = vote(night(new(5, 2), "A>B C>B D>B E>B B>C"), "A>B B>A C>B D>B E>B")
    odds, threshold, _ = game.execution_odds()
    assert odds == 0 and threshold.wolf_up_to == 0  # B is adjacent to everybody: no wolf partner
    with pytest.raises(ImpossibleOutcomeError, match="B cannot be a wolf"):
        game.apply(Collapse(1, True))
    with pytest.raises(ImpossibleOutcomeError, match=r"roll 5 means human \(1–0 → wolf\)"):
        game.apply(Collapse(1, True, roll=5))
    with pytest.raises(IllegalActionError, match="a d100 roll is 1–100"):
        game.apply(Collapse(1, False, roll=0))


def test_the_tools_draw_follows_the_exact_probability():
    game = vote(_day1(), "A>B B>A C>B D>B E>B")
    odds, _, _ = game.execution_odds()
    assert odds == Fraction(1, 5)
    draws = [game.draw_collapse(np.random.default_rng(s)).wolf for s in range(2000)]
    assert abs(sum(draws) / 2000 - 0.2) < 0.03


def test_undo_takes_back_exactly_the_last_entry():
    game = _day1()
    after = announce(game, "A", "B", "wolf")
    assert after.undo() == game
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        new(3, 1).undo()


def test_setup_is_checked():
    with pytest.raises(SetupError, match="may not contain spaces"):
        Setup(("Ann Lee", "Bob", "Cy"), 1)
    with pytest.raises(SetupError, match="must differ .ignoring case.; given twice: ann"):
        Setup(("Ann", "ann", "Cy"), 1)
    assert Setup.create(14).wolves == 2 and Setup.create(15).wolves == 3 and Setup.create(24).wolves == 4


def test_deaths_by_attack_are_judged_too_so_the_game_cannot_get_stuck():
    """Settled here: the source judges only after executions, but night deaths can leave two
    players (who would tie forever) or one (who could not point at anybody)."""
    game = night(new(4, 1), "A>D B>D C>D D>A")
    game = execute(game, "A>D B>A C>A D>A", wolf=False)  # A's pointer at D is struck: D has 2
    game = night(game, "B>D C>D D>B")  # D: B, C on both nights = 4 ≥ 3 living
    assert ("death", "D", "died by attack, human") in kinds(game)
    assert game.alive == {1, 2} and (game.winner, game.reason) == ("draw", "two players are left")


def test_an_announcement_that_leaves_no_possible_seer_collapses_the_world():
    """A record found by random play: the last announcement contradicts every way in which its
    announcer — by then the only possible seer — is the seer."""
    from pathlib import Path

    from jinrou.offline import record

    path = Path(__file__).parents[1] / "data" / "offline_announcement_collapse.json"
    game, _ = record.load(str(path))
    before = OfflineGame.replay(game.setup, game.entries[:-1])
    assert before.counts.total > 0 and not before.is_over
    assert isinstance(game.entries[-1], Announce) and game.counts.total == 0
    assert game.winner == "draw" and "world collapse" in game.reason
    assert {s for s in range(5) if before.counts.seer[s]} == {game.entries[-1].player}
