"""The play of issue 34's village roles of ``roles/village_nights.py`` and ``roles/village_masks.py``:
花火師 launches on the first day the village is down to half its seats or fewer (a night without an attack
is worth most then); アイドル makes the seat it suspects least its fan; 在宅者 comes out when it is on the
block (its execution would be wasted); 血まみれのメアリー, dead, hexes every night it may — the seat worth
most to the village once it has turned against it, the most suspected wolf while it stays with the village.
The village roles among them come out when they are on the block.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import best, one
from jinrou.agents.classic.plays import Play
from jinrou.agents.classic.village import on_the_block
from jinrou.classic.catalog import Team
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Verb
from jinrou.classic.views import SeatView

HEX = Verb("hex")
LAUNCH = Verb("launch")
CAPTIVATE = Verb("captivate")


def _launch(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """花火師: on the first day at most half the seats live (each night without an attack counts then)."""
    return Action(view.seat, legal.verb, ()) if 2 * len(view.living()) <= view.n else None  # type: ignore[arg-type]


def _captivate(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action:
    """アイドル: the seat it suspects least (its fan knows it, and reads its count of the village)."""
    return one(view, legal, best(legal.targets, lambda s: -a.suspicion[s] + 0.01 * noise[s]))


def _hex(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action:
    """血まみれのメアリー: executed (team Werewolf), the village seat worth most (a trusted claimant first);
    bitten (team Human), the wolf it suspects most (every seat offered is on the wolves' side)."""
    if view.team is Team.HUMAN:
        return one(view, legal, best(legal.targets, lambda s: a.suspicion[s] + 0.01 * noise[s]))
    return one(view, legal, best(legal.targets, lambda s: a.value[s] + a.trust.get(s, 0.0) + 0.01 * noise[s]))


plays.declare(
    Play("Pyrotechnist", comes_out=on_the_block, policies={LAUNCH: _launch}),
    Play("Idol", comes_out=on_the_block, policies={CAPTIVATE: _captivate}),
    Play("RemoteWorker", comes_out=on_the_block),
    Play("BloodyMary", policies={HEX: _hex}),
)
