"""The play of wave 3's fox kinds (妖狐系, 背徳者系) and of the 第三陣営 without a team (classic-roles-third T.2,
T.3): what each does with its verbs. None of them comes out: a fox kind hides as a villager would, and the
others keep their aims to themselves.

* 悪戯妖精 binds the two seats the village values most (a seer and its guard falling together), never
  itself nor an ally;
* 歪狐 mutates only when a seer has come out (a divination would curse it; the wolves may not aim at it);
* 仙狐 scries the seat it is least sure of; 冒涜者 possesses the seat it trusts most (a possessed seat that
  lives makes the foxes win);
* ならず者 bears its grudge against the two seats it suspects most (likeliest to be executed);
* the 鬼 kinds abduct: 鬼 the seat it suspects least (it wants a wolf alive), 前鬼 the one it suspects
  most, 後鬼 the likeliest fox, 金鬼 a living target of its own — each only after day 2;
* 獅子舞 nips another seat it has not nipped; 地縛霊 haunts, on its first night, the seat it suspects
  least (the likeliest to be on the winning village).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import best, one, uncertain
from jinrou.agents.classic.plays import Play
from jinrou.classic.claims import ClaimKind
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Verb
from jinrou.classic.views import SeatView

GRUDGE, MUTATE, SCRY, BLASPHEME = Verb("grudge"), Verb("mutate"), Verb("scry"), Verb("blaspheme")
ABDUCT, NIP, HAUNT = Verb("abduct"), Verb("nip"), Verb("haunt")


def _others(view: SeatView, a: Assessment, legal: Legal) -> list[int]:
    return [s for s in legal.targets if s != view.seat and s not in a.allies and s != view.scapegoat]


def _bind(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """悪戯妖精: the two seats of most value to the village, never itself nor an ally."""
    assert view.seat is not None and legal.verb is not None
    pool = sorted(_others(view, a, legal) or [s for s in legal.targets if s != view.seat],
                  key=lambda s: -(a.value[s] + noise[s]))
    if len(pool) < 2:
        return None
    return Action(view.seat, legal.verb, (pool[0], pool[1]))


def _mutate(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """歪狐: mutates when a seer has come out (a divination of it would curse it)."""
    assert view.seat is not None and legal.verb is not None
    seer = plays.reporter(ClaimKind.DIVINED)
    if any(role == seer and view.alive[s] for s, role in bot.notes.co.items() if s != view.seat):
        return Action(view.seat, legal.verb)
    return None


def _scry(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    """仙狐: the seat it is least sure of."""
    return one(view, legal, uncertain(view, a, _others(view, a, legal) or list(legal.targets), noise))


def _blaspheme(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action:
    """冒涜者: the seat it trusts most (a possessed seat alive at the end makes the foxes win)."""
    pool = _others(view, a, legal) or list(legal.targets)
    return one(view, legal, best(pool, lambda s: -a.suspicion[s] + noise[s]))


def _grudge(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """ならず者: the two seats it suspects most (the likeliest to be executed)."""
    assert view.seat is not None and legal.verb is not None
    pool = sorted(legal.targets, key=lambda s: -(a.suspicion[s] + noise[s]))
    if len(pool) < 2:
        return None
    return Action(view.seat, legal.verb, (pool[0], pool[1]))


def _abduct(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """The 鬼 kinds: each by its aim (see the module docstring); none on the day it could still be read."""
    pool = _others(view, a, legal)
    if not pool or view.day < 3:
        return None
    if view.role == "GoldOni":
        targets = [s for s, label in view.known.items() if label == "target" and s in pool]
        return one(view, legal, best(targets, lambda s: noise[s])) if targets else None
    if view.role == "BackOni":
        return one(view, legal, best(pool, lambda s: a.fox[s] + 0.1 * noise[s]))
    sign = 1.0 if view.role == "FrontOni" else -1.0
    return one(view, legal, best(pool, lambda s: sign * a.suspicion[s] + noise[s]))


def _nip(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action | None:
    """獅子舞: another seat it has not nipped yet (itself last)."""
    pool = [s for s in legal.targets if s != view.seat]
    return one(view, legal, best(pool, lambda s: noise[s])) if pool else None


def _haunt(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """地縛霊: the seat it suspects least."""
    pool = [s for s in legal.targets if s != view.scapegoat] or list(legal.targets)
    return one(view, legal, best(pool, lambda s: -a.suspicion[s] + noise[s])) if pool else None


plays.declare(
    Play("Trickster", policies={Verb.PAIR: _bind}),
    Play("VariationFox", policies={MUTATE: _mutate}),
    Play("XianFox", policies={SCRY: _scry}),
    Play("Blasphemy", policies={BLASPHEME: _blaspheme}),
    Play("Hoodlum", policies={GRUDGE: _grudge}),
    *(Play(oni, policies={ABDUCT: _abduct}) for oni in ("Oni", "GoldOni", "FrontOni", "BackOni")),
    Play("Shishimai", policies={NIP: _nip}),
    Play("ResidualHaunting", policies={HAUNT: _haunt}),
)
