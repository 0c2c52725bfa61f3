"""Rules of play: phases, judgement, votes, sudden death, options, and bad input."""

from fractions import Fraction

import numpy as np
import pytest

from jinrou.errors import IllegalActionError, ImpossibleOutcomeError, SetupError
from jinrou.quantum.events import (
    Collapsed,
    Deadline,
    DeathEvent,
    Divined,
    EndEvent,
    NightAction,
    NightEvent,
    NumbersEvent,
    Order,
    TableEvent,
    TieBroken,
    Vote,
    VoteEvent,
)
from jinrou.quantum.game import (
    CollapseChance,
    DivinationChance,
    Game,
    Options,
    OrderChance,
    Setup,
    TieBreakChance,
    default_wolves,
)
from jinrou.quantum.roles import SEER, VILLAGER, wolf

A, B, C, D, E = range(5)


def night(game: Game, divine: dict, attack: dict | None = None) -> Game:
    """Submit night orders for every listed player, then close the night."""
    attack = attack or {}
    for player in sorted(set(divine) | set(attack)):
        game = game.apply(NightAction(player, divine.get(player), attack.get(player)))
    return game.apply(Deadline())


def day(game: Game, votes: dict) -> Game:
    for voter, target in votes.items():
        game = game.apply(Vote(voter, target))
    return game.apply(Deadline())


def answer(game: Game, **results: str) -> Game:
    """Resolve the pending order (seat order) and divinations (given as A='wolf' ...)."""
    names = game.names
    if isinstance(game.chance, OrderChance):
        game = game.apply(Order(game.chance.living))
    while isinstance(game.chance, DivinationChance):
        game = game.apply(Divined(results[names[game.chance.seer]] == "wolf"))
    return game


# --------------------------------------------------------------------- setup


@pytest.mark.parametrize("players, wolves", [(3, 1), (7, 1), (8, 2), (12, 2), (13, 3), (19, 3), (20, 4), (29, 5), (30, 6), (99, 6)])
def test_default_wolves_follow_the_spec(players, wolves):
    assert default_wolves(players) == wolves


@pytest.mark.parametrize(
    "players, wolves, message",
    [
        (["A", "B"], 1, "at least 3 players"),
        (["A", "B", "C"], 2, "wolves must be between 1 and 1"),
        (["A", "B", "C"], 0, "wolves must be between"),
        (["A", "B", "a"], 1, "given twice: a"),
        (["A", "B", " C"], 1, "without outer spaces"),
        (["A", "B", "x" * 33], 1, "1–32 characters"),
        (["A", "B", "C\n"], 1, "outer spaces"),
    ],
)
def test_bad_setups_are_refused_with_a_message(players, wolves, message):
    with pytest.raises(SetupError, match=message):
        Setup(tuple(players), wolves)


def test_unknown_option_is_refused():
    with pytest.raises(SetupError, match="unknown option 'first_nite_attack'"):
        Options.from_json({"first_nite_attack": True})
    with pytest.raises(SetupError, match="must be true or false"):
        Options.from_json({"anonymous": "yes"})


# ---------------------------------------------------------------------- flow


def test_game_starts_at_night_1_with_the_full_table_and_everyone_divining():
    game = Game.new(Setup.create(5))
    assert str(game.phase) == "night 1"
    assert game.events == (TableEvent(game.phase, game.table),)
    assert game.table.worlds == 5 * 4
    assert game.waiting_for() == (A, B, C, D, E)
    legal = game.legal_actions(A)
    assert legal.divine == (B, C, D, E) and legal.attack == () and legal.vote == ()


def test_first_night_attack_option_allows_attacks_on_night_1():
    game = Game.new(Setup.create(5, options=Options(first_night_attack=True)))
    assert game.legal_actions(A).attack == (B, C, D, E)


def test_night_resolves_divinations_in_order_and_publishes_the_day_table():
    game = night(Game.new(Setup.create(3)), {A: B, B: C, C: A})
    assert isinstance(game.chance, OrderChance)
    game = game.apply(Order((A, B, C)))
    assert game.chance == DivinationChance(A, B, 1, 2)
    game = answer(game, A="human", B="human", C="human")
    night_event = game.events[1]
    assert night_event == NightEvent(
        1, (A, B, C), {p: NightAction(p, t) for p, t in {A: B, B: C, C: A}.items()}, {A: "human", B: "human", C: "human"}
    )
    assert str(game.phase) == "day 1" and isinstance(game.events[-1], TableEvent)
    assert game.divinations(A) == [(1, B, "human")]


def test_a_divination_without_candidate_worlds_gives_none():
    # 3 players, first-night attacks: in resolution order C, B, A every attack lands before A divines
    game = Game.new(Setup.create(3, options=Options(first_night_attack=True)))
    game = night(game, {A: B, B: A, C: A}, {A: C, B: A, C: A})
    game = game.apply(Order((C, B, A)))
    assert game.chance == DivinationChance(C, A, 1, 2)
    game = game.apply(Divined(False))  # deletes the world where C is seer and A the wolf
    assert game.chance == DivinationChance(B, A, 1, 2)
    game = game.apply(Divined(True))
    # A is the living seer in no world left: B, then C, killed him in every world where he is seer
    assert game.chance is None or not isinstance(game.chance, DivinationChance)
    night_event = next(e for e in game.events if isinstance(e, NightEvent))
    assert night_event.divinations[A] == "none"


def test_bug_757_executing_a_certain_wolf_never_gives_the_wolves_a_win():
    """The reference server judged with the table cached at dawn: B was a certain living wolf at
    dawn, so after his execution 2 living ≤ 2 × 1 made the wolves win."""
    game = night(Game.new(Setup.create(5)), {A: B, B: C, C: D, D: E, E: A})
    game = answer(game, A="wolf", B="human", C="human", D="human", E="human")
    game = day(game, {A: B, B: A, C: A, D: A, E: A})
    assert game.chance == CollapseChance((A,), "execution", game.worlds)
    game = game.apply(Collapsed(A, SEER))  # A was the seer: his "B is a wolf" is true
    assert not game.is_over and game.table.certain(B, "wolf")
    game = night(game, {}, {B: C})  # B, the only possible wolf, must attack; nobody else acts
    game = game.advance(np.random.default_rng(0))
    assert game.events[-2] == DeathEvent(C, "attack", VILLAGER)  # C died in every world
    dawn = game.table
    assert dawn.certain(B, "wolf") and dawn.rows[B].dead == 0 and len(game.alive) == 3
    game = day(game, {B: D, D: B, E: B})
    game = game.apply(Collapsed(B, wolf(1))).advance(np.random.default_rng(0))  # the final world
    assert game.is_over and game.outcome.winner == "village"
    assert game.events[-1] == EndEvent("village", game.outcome.world)


def test_collapse_to_wolf_kills_his_attack_victims_at_the_next_dawn():
    """Chain effect: once A is known as the dominant wolf, whoever he attacked is dead everywhere."""
    options = Options(first_night_attack=True)
    game = Game.new(Setup.create(5, options=options))
    game = night(game, {p: (p + 1) % 5 for p in range(5)}, {A: B, B: C, C: D, D: E, E: A})
    game = answer(game, A="human", B="human", C="human", D="human", E="human")
    assert not any(isinstance(e, DeathEvent) for e in game.events)  # B is dead only where A is wolf
    assert 0 < game.table.rows[B].dead < game.table.worlds
    game = day(game, {A: B, B: A, C: A, D: A, E: A})
    game = game.apply(Collapsed(A, wolf(1))).advance(np.random.default_rng(0))
    assert game.is_over and game.outcome.winner == "village"  # the only wolf is dead
    chain = Game.new(Setup.create(6, 2, options))
    chain = night(chain, {p: (p + 1) % 6 for p in range(6)}, {p: (p + 1) % 6 for p in range(6)})
    chain = answer(chain, **{n: "human" for n in "ABCDEF"})
    chain = day(chain, {A: B, B: A, C: A, D: A, E: A, 5: A})
    chain = chain.apply(Collapsed(A, wolf(1))).advance(np.random.default_rng(1))
    deaths = [e for e in chain.events if isinstance(e, DeathEvent)]
    assert deaths[0] == DeathEvent(A, "execution", wolf(1))
    assert deaths[1].player == B and deaths[1].cause == "attack"  # A's victim, at the night-2 dawn
    assert chain.table.certain(B, "dead")


def test_a_tie_is_revoted_four_times_then_the_game_is_a_draw():
    game = night(Game.new(Setup.create(4)), {A: B, B: C, C: D, D: A})
    game = answer(game, A="human", B="human", C="human", D="human")
    for _ in range(5):
        assert not game.is_over
        game = day(game, {A: B, B: A, C: D, D: C})
    game = game.advance(np.random.default_rng(0))  # the final world
    votes = [e for e in game.events if isinstance(e, VoteEvent)]
    assert len(votes) == 5 and all(v.executed is None for v in votes)
    assert game.is_over and game.outcome.winner == "draw" and game.outcome.winners == ()


def test_random_tiebreak_executes_one_of_the_tied():
    game = Game.new(Setup.create(4, options=Options(random_tiebreak=True)))
    game = answer(night(game, {A: B, B: C, C: D, D: A}), A="human", B="human", C="human", D="human")
    game = day(game, {A: B, B: A, C: A, D: B})
    assert game.chance == TieBreakChance((A, B))
    with pytest.raises(ImpossibleOutcomeError, match="C is impossible for the tie-break among A, B"):
        game.apply(TieBroken(C))
    game = game.apply(TieBroken(B))
    assert game.events[-1] == VoteEvent(1, {A: B, B: A, C: A, D: B}, B)


def test_missing_a_required_action_is_a_sudden_death_after_the_resolution():
    game = Game.new(Setup.create(5))
    game = night(game, {A: B, B: C, C: D, D: E})  # E does not divine
    game = answer(game, A="human", B="human", C="human", D="human")
    assert game.chance == CollapseChance((E,), "sudden", game.worlds)
    game = game.apply(Collapsed(E, VILLAGER))
    deaths = [e for e in game.events if isinstance(e, DeathEvent)]
    assert [(d.player, d.cause) for d in deaths] == [(E, "sudden")]
    assert E not in game.alive and str(game.phase) == "day 1"
    night_event = next(e for e in game.events if isinstance(e, NightEvent))
    assert E in night_event.order and E not in night_event.actions


def test_a_missing_voter_dies_after_the_execution():
    game = Game.new(Setup.create(6, 1))
    game = answer(night(game, {p: (p + 1) % 6 for p in range(6)}), **{n: "human" for n in "ABCDEF"})
    game = day(game, {A: B, B: A, C: A, D: A})  # E and F do not vote
    game = game.apply(Collapsed(A, VILLAGER))
    assert game.chance == CollapseChance((E,), "sudden", game.worlds)
    game = game.apply(Collapsed(E, VILLAGER)).apply(Collapsed(5, VILLAGER))
    deaths = [(e.player, e.cause) for e in game.events if isinstance(e, DeathEvent)]
    assert deaths == [(A, "execution"), (E, "sudden"), (5, "sudden")]
    assert str(game.phase) == "night 2" and game.alive == (B, C, D)


def test_wolves_win_when_certain_living_wolves_are_half_the_living():
    game = night(Game.new(Setup.create(4)), {A: B, B: C, C: D, D: A})
    game = answer(game, A="wolf", B="human", C="human", D="human")
    game = day(game, {A: C, B: A, C: A, D: A})
    game = game.apply(Collapsed(A, SEER))  # B certain wolf, B C D alive; not yet half
    assert not game.is_over
    game = night(game, {}, {B: C}).advance(np.random.default_rng(0))  # C dies: B, D left
    assert game.is_over and game.outcome.winner == "wolves" and B in game.outcome.winners


def test_without_final_collapse_players_of_uncertain_side_lose():
    setup = Setup.create(5, options=Options(final_collapse=False))
    game = answer(night(Game.new(setup), {A: B, B: C, C: D, D: E, E: A}), **{n: "human" for n in "ABCDE"})
    game = day(game, {A: B, B: A, C: A, D: A, E: A}).apply(Collapsed(A, wolf(1)))
    assert game.is_over and game.events[-1] == EndEvent("village", None)
    assert game.outcome.winners == (B, C, D, E)


def test_anonymous_option_draws_secret_numbers_first():
    game = Game.new(Setup.create(4, options=Options(anonymous=True))).advance(np.random.default_rng(5))
    assert isinstance(game.events[0], NumbersEvent)
    assert sorted(game.number(p) for p in range(4)) == [1, 2, 3, 4]


def test_probabilities_are_exact_fractions():
    table = Game.new(Setup.create(10)).table
    assert table.worlds == 720
    assert table.rows[0] == type(table.rows[0])(504, 72, 144, 0)  # the 10-player example
    assert table.probability(0, "wolf") == Fraction(1, 5)


# ----------------------------------------------------------------- bad input


def _night1() -> Game:
    return Game.new(Setup.create(4))


def _day1() -> Game:
    return answer(night(_night1(), {A: B, B: C, C: D, D: A}), A="human", B="human", C="human", D="human")


def _with_dead_a() -> Game:
    game = day(_day1(), {A: B, B: A, C: A, D: A})
    return game.apply(Collapsed(A, VILLAGER))


BAD_ACTIONS = [
    ("unknown player", _night1, NightAction(9, B), IllegalActionError, "unknown player 9: seats are 0–3"),
    ("self target", _night1, NightAction(A, A), IllegalActionError, "A cannot divine himself"),
    ("unknown target", _night1, NightAction(A, 7), IllegalActionError, "unknown target 7"),
    ("missing target", _night1, NightAction(A), IllegalActionError, r"A must choose whom to divine \(B, C, D\)"),
    ("no attacks night 1", _night1, NightAction(A, B, C), IllegalActionError, "no attacks on night 1"),
    ("vote at night", _night1, Vote(A, B), IllegalActionError, "it is night 1: votes are cast by day"),
    ("night action by day", _day1, NightAction(A, B), IllegalActionError, "it is day 1: night actions"),
    ("vote for self", _day1, Vote(A, A), IllegalActionError, "A cannot vote for himself"),
    ("dead voter", _with_dead_a, NightAction(A, B), IllegalActionError, "A is dead and cannot act"),
    ("dead target", _with_dead_a, NightAction(B, A), IllegalActionError, "A is dead: divine a living player"),
    ("outcome not pending", _night1, Divined(True), IllegalActionError, "no random event is pending"),
]


@pytest.mark.parametrize("name, make, action, error, message", BAD_ACTIONS, ids=[b[0] for b in BAD_ACTIONS])
def test_bad_actions_are_refused_and_change_nothing(name, make, action, error, message):
    game = make()
    before = (game.events, game.stage, game.worlds)
    with pytest.raises(error, match=message):
        game.apply(action)
    assert (game.events, game.stage, game.worlds) == before
    game.apply(Deadline())  # the game still works


def test_acting_twice_is_refused():
    game = _night1().apply(NightAction(A, B))
    with pytest.raises(IllegalActionError, match="A has already acted tonight"):
        game.apply(NightAction(A, C))
    voted = _day1().apply(Vote(A, B))
    with pytest.raises(IllegalActionError, match="A has already voted"):
        voted.apply(Vote(A, C))


def test_divining_without_a_chance_of_being_seer_is_refused():
    game = _day1()
    game = day(game, {A: B, B: A, C: A, D: A}).apply(Collapsed(A, SEER))
    assert str(game.phase) == "night 2"
    with pytest.raises(IllegalActionError, match="B cannot divine: he cannot be the seer"):
        game.apply(NightAction(B, C, D))


def test_an_impossible_forced_outcome_is_refused():
    game = answer(night(Game.new(Setup.create(5)), {A: B, B: C, C: D, D: E, E: A}), **dict.fromkeys("BCDE", "human"), A="wolf")
    game = day(game, {A: C, B: C, C: A, D: C, E: C})
    with pytest.raises(ImpossibleOutcomeError, match="C as wolf:2 is impossible for the execution of C"):
        game.apply(Collapsed(C, wolf(2)))
    with pytest.raises(ImpossibleOutcomeError, match="B as seer is impossible"):
        game.apply(Collapsed(B, SEER))
    game = game.apply(Collapsed(C, VILLAGER))
    # night 2: A divines B again; where A is the seer B is the wolf, so "human" cannot come out
    game = night(game, {A: B, B: A, D: E, E: D}, {A: D, B: D, D: E, E: D}).apply(Order((A, B, D, E)))
    assert game.chance == DivinationChance(A, B, game.chance.candidates, game.chance.candidates)
    with pytest.raises(ImpossibleOutcomeError, match="the result human is impossible for the result of A divining B"):
        game.apply(Divined(False))


def test_players_cannot_act_while_a_random_event_is_pending_or_after_the_end():
    game = night(_night1(), {A: B, B: C, C: D, D: A})
    with pytest.raises(IllegalActionError, match="waiting for the night's resolution order"):
        game.apply(NightAction(A, B))
    over = day(_day1(), {A: B, B: A, C: A, D: A}).apply(Collapsed(A, wolf(1))).advance(np.random.default_rng(0))
    assert over.is_over
    with pytest.raises(IllegalActionError, match="the game is over"):
        over.apply(Vote(B, C))


def test_unknown_player_names_are_refused_with_the_list():
    with pytest.raises(IllegalActionError, match="unknown player 'Z': players are A, B, C, D"):
        _night1().seat("Z")
