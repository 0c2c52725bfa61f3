"""Team Friend's third parties' play (T.5): 悪女, 雪女 and パティシエール pair by the default (the seats they
suspect least); a 狂愛者 loves the seat it suspects least (it wins while that seat lives); a seat a
チョコレート came to eats it on a night it draws heads (a 本命 learns its love; a 義理 is a gamble).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import best, one
from jinrou.agents.classic.plays import Play
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Verb
from jinrou.classic.views import SeatView

OBSESS, EAT = Verb("obsess"), Verb("eat")


def _obsess(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action:
    """狂愛者: the seat it suspects least (likeliest to live)."""
    return one(view, legal, best(legal.targets, lambda s: -a.suspicion[s] + 0.05 * noise[s]))


def _eat(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action | None:
    """チョコレート: eaten on a night it draws heads (half the nights)."""
    assert view.seat is not None and legal.verb is not None
    return Action(view.seat, legal.verb) if rng.random() < 0.5 else None


plays.declare(
    Play("LunaticLover", policies={OBSESS: _obsess}),
    Play("Patissiere", policies={EAT: _eat}),  # her chocolates' eating: whoever holds one plays it so
)
