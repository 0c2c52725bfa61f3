"""The third parties' play (第三陣営系, 恋人陣営 included): who wants to be executed comes out as a wolf.

悪魔くん once bitten, てるてる坊主 once charged and 皮なめし職人 from day 3 come out as 人狼, to get
executed. A ヴァンパイア bites as a wolf attacks, キューピッド and 求愛者 pair (:mod:`.common`); こうもり and
ニート have nothing to choose. 子分選択者 (the room option 狼の子分 deals it to a wolf; category なし) names, on
night 1, the non-ally of most value to the village (a claimed power role +3, then value minus suspicion):
a seat turned to the wolves' side at once.
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

MINION = Verb("minion")

WOLF = "Werewolf"  # what a bait comes out as


def _bitten(bot: HeuristicAgent, view: SeatView) -> str | None:
    return WOLF if "devil bitten" in bot.notes.heard else None


def _charged(bot: HeuristicAgent, view: SeatView) -> str | None:
    return WOLF if "charged" in bot.notes.heard else None


def _tanned(bot: HeuristicAgent, view: SeatView) -> str | None:
    return WOLF if view.day >= 3 else None


def _minion(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """子分選択者: the non-ally of most value to the village; nobody when every living seat is of its side."""
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat]
    if not pool:
        return None
    return one(view, legal, best(pool, lambda s: (3.0 if plays.of(bot.notes.co.get(s)).power else 0.0)
                                   + a.value[s] - a.suspicion[s] + noise[s]))


plays.declare(
    Play("Devil", bait=_bitten),
    Play("Teruteru", bait=_charged),
    Play("Tanner", bait=_tanned),
    Play("MinionSelector", policies={MINION: _minion}),
)
