"""The play of issue 34's village roles of gifts and crowds (村人系, ``roles/village_gifts.py`` and
``roles/village_crowds.py``): サンタクロース delivers its presents to the seats it trusts most (a present may
be a kit, or poison: the trusted first); 帰省者 plays its kit as 商人 does (the ``kit`` verb's play); a
デスノート — the role, or a seat handed one by 死神の手帳 — writes the name of the seat it suspects most once
sure enough; サンタクロース, トナカイ and 帰省者 come out as themselves when named in a third of the day's VOTE
claims."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import best, one
from jinrou.agents.classic.plays import Play
from jinrou.agents.classic.village import on_the_block
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Verb
from jinrou.classic.views import SeatView

GIFT = Verb("gift")


def _gift(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    """サンタクロース: the seat it trusts most, of most value (a kit is most use to a trusted seat)."""
    return one(view, legal, best(legal.targets, lambda s: a.value[s] - a.suspicion[s] + noise[s]))


plays.declare(
    Play("SantaClaus", comes_out=on_the_block, policies={GIFT: _gift}),
    Play("Reindeer", comes_out=on_the_block),
    Play("HomeComer", comes_out=on_the_block),
)
