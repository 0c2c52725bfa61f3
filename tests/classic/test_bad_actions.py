"""Refused choices: each bad action or vote raises :class:`IllegalActionError` with its message, and
the game is exactly as it was (STYLE: "Raise before mutating anything")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from jinrou.classic.game import Game
from jinrou.classic.model import Action, Verb, Vote
from jinrou.errors import IllegalActionError

from .helpers import action, cast, close, new, night, seat, snapshot, vote

CAST = ["Werewolf", "Diviner", "Guard", "Human", "Merchant", "Spy", "Cupid", "Human"]  # A … H


def night_one() -> Game:
    return new(CAST)


def night_one_divined() -> Game:
    g = new(CAST)
    g.apply(action(g, "B divine A"))
    return g


def night_two() -> Game:
    """D attacked on night 1, F executed on day 2 (G and H are lovers)."""
    g = new(CAST)
    night(g, "A attack D", "B divine A", "C guard B", "G pair G H")
    vote(g, "AF BF CF EF FA GF HF")
    return g


def day_two() -> Game:
    g = new(CAST)
    night(g, "A attack D", "B divine A", "C guard B", "G pair G H")
    cast(g, "CA")
    return g


def runoff() -> Game:
    g = new(CAST, {"runoff": "revote"})
    night(g, "A attack D", "B divine A", "C guard B", "G pair G H")
    vote(g, "AB BA CA EB FA GB HC")
    assert g.ballot is not None and g.ballot.runoff
    return g


def hunter() -> Game:
    g = new(["Werewolf", "Hunter", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB")
    return g


def hunter_shot() -> Game:
    g = hunter()
    g.apply(action(g, "B shoot D"))
    return g


def over() -> Game:
    g = new(["Werewolf", "Human", "Human"])
    night(g, "A attack B")
    assert g.is_over
    return g


def act(text: str) -> Callable[[Game], Action]:
    return lambda g: action(g, text)


def ballot(text: str) -> Callable[[Game], Vote]:
    return lambda g: Vote(seat(g, text[0]), seat(g, text[1]))


BAD = [
    # wrong stage
    (night_one, ballot("AB"), "A cannot vote now: it is the night"),
    (day_two, act("B divine A"), "B cannot divine now: it is the day"),
    (day_two, act("A attack C"), "A cannot attack now: it is the day"),
    (hunter, ballot("AD"), "A cannot vote now: it is the hunter"),
    (hunter, act("A attack D"), "only an armed hunter may act now (shoot), not A (attack)"),
    # a role without that action (tonight)
    (night_one, act("D divine A"), "D (Villager) has no action 'divine' tonight"),
    (night_one, act("A shoot B"), "A (Werewolf) has no action 'shoot' tonight"),
    (night_one, act("E kit B Guard"), "E (Merchant) has no action 'kit' tonight"),  # from night 2
    (night_one, act("B guard C"), "B (Seer) has no action 'guard' tonight"),
    (night_two, act("G pair A B"), "G (Cupid) has no action 'pair' tonight"),  # night 1 only
    (night_two, act("F leave"), "F is dead and cannot act"),
    # dead actor
    (night_two, act("D divine A"), "D is dead and cannot act"),
    (day_two, ballot("DA"), "D is dead and cannot vote"),
    # target not allowed
    (night_one, act("B divine B"), "B cannot divine B: allowed are A, C, D, E, F, G, H"),
    (night_one, act("A attack A"), "A cannot attack A: allowed are B, C, D, E, F, G, H"),
    (night_one, act("C guard C"), "C cannot guard C: allowed are A, B, D, E, F, G, H"),
    (night_two, act("B divine D"), "B cannot divine D: allowed are A, C, E, G, H"),  # dead
    (night_two, act("A attack F"), "A cannot attack F: allowed are B, C, E, G, H"),
    (night_two, act("E kit E Guard"), "E cannot kit E: allowed are A, B, C, G, H"),
    (hunter, act("B shoot C"), "B may shoot one of A, D, E, F"),
    (hunter, act("B shoot B"), "B may shoot one of A, D, E, F"),
    (day_two, ballot("ED"), "E cannot vote for D: the candidates are A, B, C, F, G, H"),
    (runoff, ballot("CE"), "C cannot vote for E: the candidates are A, B"),
    (runoff, ballot("AA"), "A cannot vote for himself"),
    # the number of targets
    (night_one, act("G pair G"), "G's pair takes 2 different target(s)"),
    (night_one, act("G pair H H"), "G's pair takes 2 different target(s)"),
    (night_one, act("B divine A C"), "B's divine takes 1 different target(s)"),
    (night_one, act("F leave A"), "F's leave takes no target"),
    (hunter, act("B shoot A D"), "B may shoot one of A, D, E, F"),
    # vote for oneself
    (day_two, ballot("EE"), "E cannot vote for himself"),
    # acted twice
    (night_one_divined, act("B divine C"), "B has already chosen to divine tonight"),
    (day_two, ballot("CB"), "C has already voted; votes are final"),
    (hunter_shot, act("B shoot E"), "B has already shot"),
    # a bad kit
    (night_two, act("E kit B Sword"), "E cannot kit: the kit must be one of Diviner, Psychic, Guard, not 'Sword'"),
    (night_two, lambda g: Action(4, Verb.KIT, (1,)), "E cannot kit: the kit must be one of Diviner, Psychic, Guard, not None"),
    # unknown seats
    (night_one, lambda g: Action(8, Verb.ATTACK, (1,)), "no seat 8: seats are 0–7"),
    (night_one, lambda g: Action(0, Verb.ATTACK, (-1,)), "no seat -1: seats are 0–7"),
    (night_one, lambda g: Action(True, Verb.ATTACK, (1,)), "no seat True: seats are 0–7"),
    (day_two, lambda g: Vote(1, 9), "no seat 9: seats are 0–7"),
    (day_two, lambda g: Vote("B", 0), "no seat 'B': seats are 0–7"),
    # the game is over
    (over, act("A attack C"), "the game is over"),
    (over, ballot("AC"), "the game is over"),
]


@pytest.mark.parametrize(("make", "choice", "message"), BAD, ids=[f"{m.__name__}: {msg}" for m, _, msg in BAD])
def test_bad_choice_is_refused_and_changes_nothing(make, choice, message):
    g = make()
    bad = choice(g)
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as refused:
        g.apply(bad)
    assert str(refused.value) == message
    assert snapshot(g) == before


def test_closing_a_finished_game_is_refused():
    g = over()
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="^the game is over$"):
        g.close()
    assert snapshot(g) == before


def test_legal_actions_never_offer_a_refused_choice():
    # every (seat, verb, target) the engine offers in these positions is accepted on a copy
    for make in (night_one, night_two, day_two, runoff, hunter):
        g = make()
        for s in g.seats():
            for legal in g.legal_actions(s):
                for t in legal.targets:
                    trial = g.copy()
                    if legal.verb is None:
                        trial.apply(Vote(s, t))
                    elif legal.arity == 1:
                        trial.apply(Action(s, legal.verb, (t,), legal.example()))
                if legal.verb is not None and legal.arity == 0:
                    g.copy().apply(Action(s, legal.verb))


def test_a_refused_close_with_an_impossible_outcome_changes_nothing():
    from jinrou.errors import ImpossibleOutcomeError

    g = new(["Werewolf", "Poisoner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AB BA DB EB FB")
    before = snapshot(g)
    with pytest.raises(ImpossibleOutcomeError):
        close(g, draws=[("poison", "B")])
    assert snapshot(g) == before


BAD_SETUPS = [
    (["A", "B"], ["Werewolf", "Human"], {}, "classic werewolf needs at least 3 players, not 2"),
    (["A", "B", "C"], ["Werewolf", "Human"], {}, "3 players need 3 roles, not 2"),
    (["A", "B", "C"], ["Werewolf", "Human", "Wizard"], {},
     "role 'Wizard' of C is not a playable role id (see `jinrou classic roles`)"),
    (["A", "B", "C"], ["Werewolf", "Human", "SpaceWerewolfCrew"], {},  # a catalog role never declared (宇宙人狼)
     "role 'SpaceWerewolfCrew' of C is not a playable role id (see `jinrou classic roles`)"),
    (["A", "B", "C"], ["Werewolf", "Human", "Human"], {"drawvote": "coin"},
     "setting 'drawvote' must be one of revote, random, none, all, once, not 'coin'"),
    (["A", "B", "a"], ["Werewolf", "Human", "Human"], {}, "player names must differ (ignoring case); given twice: a"),
]


@pytest.mark.parametrize(("players", "roles", "room", "message"), BAD_SETUPS, ids=[m for *_, m in BAD_SETUPS])
def test_bad_setup_is_refused(players, roles, room, message):
    from jinrou.errors import SetupError

    with pytest.raises(SetupError) as refused:
        Game.new(players, roles, room)
    assert str(refused.value) == message
