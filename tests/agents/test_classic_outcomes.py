"""Classic bots learn from outcomes their view shows: a seat that survived the execution it topped —
read from the vote table, or from the day's VOTE claims where a 闇狼 hid the table — is not voted
again at once, and a seat that survived an attack (or a required bite) is not attacked night after
night. Without these a 絶対狼 voted every day and a 悪魔くん attacked every night stall a game."""

from __future__ import annotations

import numpy as np

from jinrou.agents.classic import HeuristicAgent, Notes
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.common import attack
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.game import Game
from jinrou.classic.model import Action, Message, Stage, Verb, Vote
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import seat_names
from jinrou.classic.views import SeatView

OFF = {"scapegoat": "off"}


def new_game(cast: dict[str, int], seed: int = 0) -> tuple[Game, np.random.Generator]:
    """A game of ``cast`` dealt in the order given, 身代わりくん off."""
    roles = [r for r, count in cast.items() for _ in range(count)]
    rng = np.random.default_rng(seed)
    return Game.new(seat_names(len(roles), Settings.parse(OFF)), roles, OFF, rng), rng


def notes_of(*messages: Message, claims: tuple = ()) -> Notes:
    notes = Notes()

    class View:
        pass

    View.messages = [(0, m) for m in messages]  # type: ignore[attr-defined]
    View.claims = claims  # type: ignore[attr-defined]
    notes.read(View())  # type: ignore[arg-type]
    return notes


# ---------------------------------------------------------------------- an execution that killed nobody


def test_a_hidden_ballot_that_executed_nobody_marks_the_seat_the_vote_claims_named_most():
    morning, hidden, dusk = Message("morning", {"day": 2}), Message("votes hidden", {}), Message("night", {"day": 2})
    said = tuple((2, voter, Claim(ClaimKind.VOTE, target=1 if voter != 1 else 0)) for voter in (0, 1, 2, 3))
    assert notes_of(morning, hidden, dusk, claims=said).survived == {1: 2}
    executed = Message("died", {"player": 5, "cause": "execution"})  # somebody died: the execution worked
    assert notes_of(morning, hidden, executed, dusk, claims=said).survived == {}
    tied = Message("no execution", {})  # drawvote=none: the ballot tied, nobody topped it alone
    assert notes_of(morning, hidden, tied, dusk, claims=said).survived == {}
    split = tuple((2, voter, Claim(ClaimKind.VOTE, target=voter % 2 + 4)) for voter in (0, 1, 2, 3))
    assert notes_of(morning, hidden, dusk, claims=split).survived == {}  # no single top said


def test_a_village_bot_moves_its_vote_off_an_absolute_wolf_that_survived_a_hidden_ballot():
    # 闇狼 (seat 1) hides the table; 絶対狼 (seat 0) resists the execution while 闇狼 lives
    cast = {"AbsoluteWolf": 1, "DarkWolf": 1, "Diviner": 1, "Human": 5}
    game, rng = new_game(cast)
    game.apply(Action(1, Verb.ATTACK, (2,)))
    game.close(rng)
    for seat in game.living():
        game.claim(seat, Claim(ClaimKind.VOTE, target=3 if seat in (0, 1) else 0))
        game.apply(Vote(seat, 3 if seat in (0, 1) else 0))
    game.close(rng)
    assert game.alive[0] and game.stage is Stage.NIGHT
    assert any(m.key == "votes hidden" for _, m in SeatView.of(game, 4).messages)
    game.apply(Action(1, Verb.ATTACK, (3,)))
    game.close(rng)
    bot = HeuristicAgent(cast)
    bot.talk(SeatView.of(game, 4), rng)
    assert bot.notes.survived == {0: game.day - 1}
    votes = [c for c in bot.act(SeatView.of(game, 4, game.legal_actions(4)), rng) if isinstance(c, Vote)]
    assert votes and votes[0].target != 0
    fresh = HeuristicAgent(cast)  # the same table without the outcome: it would vote the known wolf again
    fresh.talk(SeatView.of(game, 4), rng)
    fresh.notes.survived.clear()
    fresh.notes.version += 1  # what it read changed: its objectives are weighed again
    votes = [c for c in fresh.act(SeatView.of(game, 4, game.legal_actions(4)), rng) if isinstance(c, Vote)]
    assert votes and votes[0].target == 0


# ---------------------------------------------------------------------- an attack that killed nobody


def test_failed_counts_the_nights_an_aim_was_survived_the_packs_attack_first():
    notes = Notes(attacks={1: 4, 2: 4, 3: 6})
    notes.aims = {(Verb.ATTACK, 1): 5, (Verb.ATTACK, 4): 7, (Verb.BITE, 2): 3, (Verb.BITE, 3): 3}
    assert notes.failed(Verb.ATTACK, 4) == {4: 2, 6: 1}  # night 1: the pack's 4, not its own 5; night 4 not yet
    assert notes.failed(Verb.BITE, 4) == {3: 2}
    assert notes.failed(Verb.ATTACK, 1) == {}


def test_wolves_attack_another_seat_after_an_attack_on_a_devil_failed():
    # 悪魔くん (seat 1) resists wolf attacks: attacked on night 1 it lives, and the wolf moves on
    cast = {"Werewolf": 1, "Devil": 1, "Diviner": 1, "Human": 5}
    game, rng = new_game(cast)
    game.apply(Action(0, Verb.ATTACK, (1,)))
    game.close(rng)
    assert game.alive[1]
    for seat in game.living():
        game.apply(Vote(seat, 3 if seat != 3 else 4))
    game.close(rng)
    assert game.stage is Stage.NIGHT
    legal = next(lg for lg in game.legal_actions(0) if lg.verb is Verb.ATTACK)
    view = SeatView.of(game, 0, game.legal_actions(0))
    n = game.n
    devil_first = Assessment(tuple([0.0] * n), {}, frozenset(), tuple(3.0 if s == 1 else 0.5 for s in range(n)),
                             tuple([0.0] * n), False)  # the devil worth most: a trusted claimant, say
    bot = HeuristicAgent(cast)
    bot.notes.read(view)
    assert bot.notes.attacks == {1: 1} and bot.notes.failed(Verb.ATTACK, game.day) == {1: 1}
    assert attack(bot, view, devil_first, legal, [0.0] * n, rng).targets != (1,)
    bot.notes.attacks.clear()  # without the outcome it would attack the devil again
    assert attack(bot, view, devil_first, legal, [0.0] * n, rng).targets == (1,)


def test_a_bot_notes_what_its_own_night_actions_aimed_at():
    cast = {"Werewolf": 1, "Devil": 1, "Diviner": 1, "Human": 5}
    game, rng = new_game(cast)
    bot = HeuristicAgent(cast)
    choices = bot.act(SeatView.of(game, 0, game.legal_actions(0)), rng)
    attacks = [c for c in choices if isinstance(c, Action) and c.verb is Verb.ATTACK]
    assert attacks and bot.notes.aims == {(Verb.ATTACK, game.day): attacks[0].targets[0]}
