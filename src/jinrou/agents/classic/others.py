"""The third parties' play (第三陣営系, 恋人陣営 included): who wants to be executed comes out as a wolf.

悪魔くん once bitten, てるてる坊主 once charged and 皮なめし職人 from day 3 come out as 人狼, to get
executed. A ヴァンパイア bites as a wolf attacks, キューピッド and 求愛者 pair (:mod:`.common`); こうもり and
ニート have nothing to choose.
"""

from __future__ import annotations

from jinrou.agents.classic import plays
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.plays import Play
from jinrou.classic.views import SeatView

WOLF = "Werewolf"  # what a bait comes out as


def _bitten(bot: HeuristicAgent, view: SeatView) -> str | None:
    return WOLF if "devil bitten" in bot.notes.heard else None


def _charged(bot: HeuristicAgent, view: SeatView) -> str | None:
    return WOLF if "charged" in bot.notes.heard else None


def _tanned(bot: HeuristicAgent, view: SeatView) -> str | None:
    return WOLF if view.day >= 3 else None


plays.declare(
    Play("Devil", bait=_bitten),
    Play("Teruteru", bait=_charged),
    Play("Tanner", bait=_tanned),
)
