"""The classic rules as a pure surface: check a choice, fold it, close a phase into a new game.

What a server needs to keep one room right across processes is an order: **check** a player's
choice without changing anything, **store** it, and only then **fold** it into the state; a phase's
close likewise draws its outcomes on a state nobody else sees, the outcome is stored, and only then
does the room take the new state. This module gives that order over :class:`~jinrou.classic.game.Game`:

* :func:`check` — whether a choice (an action, a vote, a claim) is allowed now; raises
  :class:`~jinrou.errors.IllegalActionError` and changes nothing, and answers with the
  :class:`~jinrou.classic.choices.Checked` choice — the one check of a choice on its way in;
* :func:`fold` — apply an accepted choice (a checked one is not checked again, an unchecked one is
  checked once) and return the record entries it produced
  (:mod:`jinrou.classic.entries`); a choice that :func:`draws_at_once` (課金者's gacha: the actor
  sees the pull at once) is folded with its outcomes, drawn and stored first like a close's;
* :func:`close` — close the open phase and return a NEW game (the given one unchanged): an
  outcome that cannot happen raises before anything is kept, so no game is ever left half-closed
  and nothing is undone.

Why choices fold in place and only the close makes a new state: a new state per choice is a copy
of the game (its identities, layers and memories) per choice — measured in ``docs/classic-rules.md``
(how the engine is built; ``benchmarks/classic_close.py``): 0.45 ms at 16 seats, 0.9 ms at 30, and
a phase has about one choice per seat (14, 30) but one close, so a 16-seat bot game would take
about four times as long. A choice is checked
completely before it changes anything (:func:`check` is the very check :meth:`Game.apply` runs, and
its answer is folded without a second one), so folding in place after a check is as safe as a new state; a close draws random outcomes that a
record or a restart may give and that may be impossible, so it alone works on a copy. The functions
are free functions over the game rather than more methods on it so that the order is one small
door a caller reads in one place (the online mode, the server); :class:`Game` keeps its in-place
methods for its only holders (simulations, bots' trials, replays).

>>> from jinrou.classic.game import Game
>>> from jinrou.classic.model import Action, Verb
>>> g = Game.new("ABCDE", ["Werewolf", "Diviner", "Human", "Human", "Human"], {"scapegoat": "off"})
>>> check(g, Action(0, Verb.ATTACK, (0,)))
Traceback (most recent call last):
...
jinrou.errors.IllegalActionError: A cannot attack A: allowed are B, C, D, E
>>> fold(g, check(g, Action(0, Verb.ATTACK, (4,))))
(Acted(action=Action(seat=0, verb=Verb('attack'), targets=(4,), params=()), draws=()),)
>>> _ = fold(g, Action(1, Verb.DIVINE, (0,)))
>>> h = close(g, Draws(None))  # nothing to draw tonight: no generator needed
>>> g.stage.value, h.stage.value, h.alive[4]
('night', 'day', False)
"""

from __future__ import annotations

import numpy as np

from jinrou.classic import endless
from jinrou.classic.choices import Checked, Say, Will
from jinrou.classic.draws import Draws
from jinrou.classic.entries import Entry
from jinrou.classic.game import Game
from jinrou.classic.model import Action, Vote

Choice = Action | Vote | Say | Will
"""What a seat may choose: an action (night, day, a hunter's shot), a vote, a claim, or its will."""


def check(game: Game, choice: Choice) -> Checked:
    """Whether ``choice`` may be folded into ``game`` now: the checked choice, which :func:`fold`
    applies without checking again while ``game`` is as it was (or in a copy of it); changes nothing.

    Raises:
        IllegalActionError: it is not allowed now (the message says what is, in English and Japanese).
    """
    return game.check(choice)


def draws_at_once(game: Game, choice: Choice | Checked) -> bool:
    """Whether folding ``choice`` draws random outcomes (課金者's gacha: the actor sees the pull at
    once). Such a choice is folded only with its outcomes: a server draws them, stores them, then
    folds (``Mode.draw``), as it does for a phase's close."""
    if isinstance(choice, Checked):
        choice = choice.choice
    return isinstance(choice, Action) and game.draws_at_once(choice)


def fold(game: Game, choice: Choice | Checked, draws: Draws | np.random.Generator | None = None) -> tuple[Entry, ...]:
    """Apply ``choice`` to ``game`` and return the record entries it produced, in order: a
    :class:`Checked` one (from :func:`check` on ``game`` as it is, or on the game it was copied
    from) as it is, any other checked first (a refused one raises IllegalActionError and changes
    nothing). ``draws``: the outcomes of a choice that :func:`draws_at_once` (a generator or given
    ones; an impossible or missing one raises ImpossibleOutcomeError and changes nothing)."""
    start = len(game.entries)
    game.apply(choice, draws)
    return tuple(game.entries[start:])


def check_enter(game: Game, name: str) -> None:
    """Whether the person ``name`` may ask to join ``game`` now (エンドレス闇鍋); changes nothing.

    Raises:
        IllegalActionError: not an endless game, the game over, a bad or taken name, or the room full
            (:func:`jinrou.classic.endless.check_enter`).
    """
    endless.check_enter(game, name)


def enter(game: Game, name: str) -> tuple[Entry, ...]:
    """The person ``name`` asks to join ``game`` (エンドレス闇鍋; checked first: a refusal changes nothing);
    the record entries it produced (one :class:`~jinrou.classic.entries.Entered`)."""
    start = len(game.entries)
    game.enter(name)
    return tuple(game.entries[start:])


def close(game: Game, draws: Draws | np.random.Generator | None = None) -> Game:
    """A new game: ``game`` with its open phase closed, its random outcomes from ``draws`` (a
    generator, or outcomes given by a record or a stored outcome); ``game`` itself is unchanged.

    Raises:
        ImpossibleOutcomeError: a given outcome cannot happen here, or one is missing and there is
            no generator (``game`` is unchanged; no new game is made).
        IllegalActionError: the game is over.
    """
    return game.closed(draws)


__all__ = ["Checked", "Choice", "Say", "Will", "check", "check_enter", "close", "draws_at_once", "enter", "fold"]
