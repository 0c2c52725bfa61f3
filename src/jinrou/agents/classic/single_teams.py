"""The single teams' play (第三陣営系 of wave 3: the cult, the hooligans, the duelists, the vampires' ドラキュラ).

* カルトリーダー and 教主 **recruit** the whitest living seat not yet a member (a white seat lives
  longest, and the cult wins when every living seat is a member);
* 暴徒 **recruits** likewise into the riot (never a seat it knows rioting);
* every 暴動者 **assaults** the seat of most value to the village (ties by seat order), not a seat it
  knows rioting: the value comes from the public claims, so the rioters, who do not know each other,
  mostly pick the same seat and two assaults kill;
* 警備員 **arrests** the seat it suspects most;
* 決闘者 **challenges** the seat it suspects most (it wins when its nemesis dies: the likeliest to be
  executed);
* ドラキュラ bites as ヴァンパイア does (the vocabulary's ``bite``: a seat of value, never an ally).

What they say, once on the block (named in a third of the day's VOTE claims): the parties the village
gains nothing by executing come out as themselves — 鴉 and 修験者 (they win by living), 決闘者 (its duel is
with one seat); the hostile ones hide behind 村人 — カルトリーダー, 教主, 暴徒, ドラキュラ, 吸血鬼の眷属, ローレライ.
Otherwise they say nothing of themselves.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import best, blocked, one
from jinrou.agents.classic.plays import Play, Policy
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Seat, Verb
from jinrou.classic.views import SeatView

RECRUIT, ASSAULT, ARREST = Verb("recruit"), Verb("assault"), Verb("arrest")
MEMBER, RIOTER = "CultMember", "HooliganAttacker"  # the sub-roles' ids, as the leaders know them
VILLAGER = "Human"  # what a hostile party says it is


def _known_as(view: SeatView, label: str) -> set[Seat]:
    return {s for s, labels in view.labels.items() if label in labels} | {s for s, known in view.known.items()
                                                                        if known == label}


def _recruit(label: str) -> Policy:
    """Recruit the whitest living seat not yet known as ``label`` (a member, a rioter)."""

    def policy(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action:
        members = _known_as(view, label)
        pool = [s for s in legal.targets if s not in members] or list(legal.targets)
        return one(view, legal, best(pool, lambda s: -a.suspicion[s] + noise[s]))

    return policy


def _assault(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    rioters = _known_as(view, RIOTER) | set(a.allies)
    pool = [s for s in legal.targets if s not in rioters]
    if not pool:
        return None
    return one(view, legal, best(pool, lambda s: a.value[s] - 1e-6 * s))  # the same seat for every rioter


def _suspected(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action | None:
    pool = [s for s in legal.targets if s not in a.allies and s != view.scapegoat] or list(legal.targets)
    return one(view, legal, best(pool, lambda s: a.suspicion[s] + noise[s])) if pool else None


def _on_the_block(bot: HeuristicAgent, view: SeatView, a: Assessment) -> bool:
    return blocked(bot, view)


def _villager(bot: HeuristicAgent, view: SeatView) -> str | None:
    """A hostile party on the block says it is a 村人."""
    return VILLAGER if blocked(bot, view) else None


plays.declare(
    Play("CultLeader", policies={RECRUIT: _recruit(MEMBER)}, cover=_villager),
    Play("Hierarch", policies={RECRUIT: _recruit(MEMBER)}, cover=_villager),
    Play("Hooligan", policies={RECRUIT: _recruit(RIOTER)}, cover=_villager),
    Play("HooliganAttacker", policies={ASSAULT: _assault}),
    Play("HooliganGuard", policies={ARREST: _suspected}),
    Play("Duelist", policies={Verb.PAIR: _suspected}, third=True, comes_out=_on_the_block),
    Play("Raven", third=True, comes_out=_on_the_block),
    Play("Ascetic", third=True, comes_out=_on_the_block),
    Play("Dracula", cover=_villager),
    Play("VampireClan", cover=_villager),
    Play("Lorelei", cover=_villager),
)

__all__: list[str] = []
