"""The switchers' play (役職変化系 of team Others, T.4): whom to stalk, copy or mimic, and which role to steal.

A ストーカー stalks the seat it suspects least (the village is the likeliest winner); a コピー copies on its
first night the claimant it trusts most (a true 占い師 makes it one), else the seat it suspects least — it
loses if it never copies; a ドッペルゲンガー waits on the seat likeliest to die soon (the most suspected,
or a claimed power role the wolves will hunt); a 盗人 takes a candidate that is not 村人 when it has one.
二重人格 has nothing to choose. Once changed, each plays its new role.

What they say: none of them gains by being executed nor the village by executing it (a ストーカー wins with
its target's team, a ドッペルゲンガー or コピー not yet changed has no side, 二重人格 is the village's half the
time), so each comes out as itself once it is on the block (named in a third of the day's VOTE claims),
as a village role of issue 24 does; once changed, it says what its new role says.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import best, blocked, one
from jinrou.agents.classic.plays import Play
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Verb
from jinrou.classic.views import SeatView

STALK, COPY, MIMIC, STEAL = Verb("stalk"), Verb("copy"), Verb("mimic"), Verb("steal")
VILLAGER = "Human"


def _stalk(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """ストーカー: the seat it suspects least."""
    return one(view, legal, best(legal.targets, lambda s: -a.suspicion[s] + 0.05 * noise[s]))


def _copy(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    """コピー: at once, the claimant it trusts most, else the seat it suspects least."""
    return one(view, legal, best(legal.targets, lambda s: a.trust.get(s, 0.0) - 0.1 * a.suspicion[s]
                                 + 0.01 * noise[s]))


def _mimic(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """ドッペルゲンガー: the seat likeliest to die soon — most suspected, or a claimed power role."""
    return one(view, legal, best(legal.targets, lambda s: a.suspicion[s] + (
        0.5 if plays.of(bot.notes.co.get(s)).power else 0.0) + 0.05 * noise[s]))


def _steal(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """盗人: a candidate that is not 村人 (the first), else 村人."""
    assert view.seat is not None and legal.verb is not None
    (allowed,) = legal.values
    taken = next((r for r in allowed if r != VILLAGER), allowed[0])
    return Action(view.seat, legal.verb, (), (taken,))


def _on_the_block(bot: HeuristicAgent, view: SeatView, a: Assessment) -> bool:
    return blocked(bot, view)


plays.declare(
    Play("Stalker", policies={STALK: _stalk}, third=True, comes_out=_on_the_block),
    Play("Copier", policies={COPY: _copy}, third=True, comes_out=_on_the_block),
    Play("Doppleganger", policies={MIMIC: _mimic}, third=True, comes_out=_on_the_block),
    Play("Thief", policies={STEAL: _steal}, third=True, comes_out=_on_the_block),
    Play("DualPersonality", third=True, comes_out=_on_the_block),
)
