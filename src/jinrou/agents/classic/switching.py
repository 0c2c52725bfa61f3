"""The role-changing roles' play (役職変化系): a オカルトマニア studies, on its night, the claimant it
trusts most (a true 占い師 makes it one), else the seat it suspects least. 呪われた者 and 夢見人 have nothing
to choose of their own (a 呪われた者 made a wolf plays as one, but never lies: it decided on its first day).
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

STUDY = Verb("study")


def _study(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """オカルトマニア: the claimant it trusts most (a true 占い師 makes it one), else the seat it suspects
    least (it becomes 村人 rather than turn wolf against its village); never itself while another is open."""
    pool = [s for s in legal.targets if s != view.seat] or list(legal.targets)
    return one(view, legal, best(pool, lambda s: a.trust.get(s, 0.0) - 0.1 * a.suspicion[s] + 0.01 * noise[s]))


plays.declare(Play("OccultMania", policies={STUDY: _study}))
