"""The play of issue 34's village roles of gifts and crowds (村人系, ``roles/village_gifts.py`` and
``roles/village_crowds.py``): サンタクロース delivers its presents to the seats it trusts most (a present may
be a kit, or poison: the trusted first); 帰省者 plays its kit as 商人 does (the ``kit`` verb's play); a
デスノート — the role, or a seat handed one by 死神の手帳 (its `write` is played by the first play declaring it) — writes the name of the seat it suspects most once
sure enough; a 配信者 plays its nightly role by that role's play; サンタクロース, トナカイ, 帰省者, 花見客 and 配信者
come out as themselves when named in a third of the day's VOTE claims (a drunk seat believes it is a 村人 and
plays as one)."""

from __future__ import annotations

import math
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

GIFT, WRITE = Verb("gift"), Verb("write")
WRITE_SURE = 0.0  # a note writes the top suspect once it is as likely as not against the village (log-odds) …
WRITE_GAP = 0.3  # … or once it stands this far (log-odds) above every other seat it could write


def _gift(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    """サンタクロース: the seat it trusts most, of most value (a kit is most use to a trusted seat)."""
    return one(view, legal, best(legal.targets, lambda s: a.value[s] - a.suspicion[s] + noise[s]))


def _write(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """デスノート, 死神の手帳's note: the most suspected seat that is no ally, once it is as likely as not a wolf
    or stands out above the others (a name written kills: never on a hunch among equals)."""
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat]
    if not pool:
        return None
    target = best(pool, lambda s: a.suspicion[s] + noise[s])
    rest = max((a.suspicion[s] for s in pool if s != target), default=-math.inf)
    sure = a.suspicion[target] >= WRITE_SURE or a.suspicion[target] - rest >= WRITE_GAP
    return one(view, legal, target) if sure else None


plays.declare(
    Play("SantaClaus", comes_out=on_the_block, policies={GIFT: _gift}),
    Play("Reindeer", comes_out=on_the_block),
    Play("HomeComer", comes_out=on_the_block),
    Play("Light", policies={WRITE: _write}),
    Play("Hanami", comes_out=on_the_block),
    Play("Streamer", comes_out=on_the_block),
)
