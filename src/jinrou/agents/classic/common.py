"""Play shared by roles of several groups: the choices of the vocabulary's verbs (divine, guard,
attack, pair, revive, bite, shoot), declared here as the verbs' defaults for every role that holds
one and declares no policy of its own for it, and the helpers the groups' policies share.

The defaults, as each role that holds the verb plays it:

* **divine** the seat whose suspicion is nearest ½ among those it has not divined or read (plus
  0.05·fox; never 身代わりくん, never an ally, and a wolf that divines never a claimed seer — the
  reverse curse);
* **guard** the most valuable seat (its allies first);
* **attack** — and a required **bite** (ヴァンパイア) — the most valuable non-ally, −4 for a seat its
  side's seer (or fake seer) called black, −4 for each earlier night it was the target and survived
  (a guard, or a seat that resists: 悪魔くん — so a failed attack is not repeated night after night),
  +3 for the guard a 直感派狼 sensed; an optional bite (狂犬, once) waits for a non-ally that claimed a role whose play is
  ``targeted`` (占い師, 狩人), the most trusted first;
* **pair** (キューピッド: itself and the whitest seat; 求愛者 and 通訳 likewise: the whitest);
* **revive** the whitest dead seat (an optional revival only a white one); on the wolves' side
  (マッドサイエンティスト: the seat comes back as 狼の子分) the dead seat of most value, +3 for a claimed
  power role;
* **shoot** (ハンター, 復讐人) its objective's best: what it would vote for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import BLACK, Assessment, side
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.classic.catalog import Team
from jinrou.classic.claims import ClaimKind
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Seat, Verb
from jinrou.classic.roles import ROLES
from jinrou.classic.views import SeatView

GUARD_SENSED = 3.0  # an attack on the guard that 直感派狼 sensed
FAILED = 4.0  # per earlier night a living seat was attacked (or bitten) and survived: guarded, or it resists


def best(targets: Sequence[Seat], score: Callable[[Seat], float]) -> Seat:
    """The target of the highest score (the first of equals)."""
    return max(targets, key=score)


def one(view: SeatView, legal: Legal, target: Seat) -> Action:
    """The seat's action of ``legal``'s verb on ``target``."""
    assert view.seat is not None and legal.verb is not None
    return Action(view.seat, legal.verb, (target,))


def uncertain(view: SeatView, a: Assessment, pool: Sequence[Seat], noise: Sequence[float]) -> Seat:
    """The seat of ``pool`` a seer would divine next: suspicion nearest ½ (as :func:`divine`)."""
    return best(pool, lambda s: a.probability(s) * (1 - a.probability(s)) + 0.05 * noise[s])


def claimed(bot: HeuristicAgent, a: Assessment, legal: Legal) -> list[Seat]:
    """The legal targets, not allies, that came out as a role whose play is ``targeted`` (占い師, 狩人)."""
    return [s for s in legal.targets if plays.of(bot.notes.co.get(s)).targeted and s not in a.allies]


# ---------------------------------------------------------------------- the vocabulary's verbs


def divine(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    notes = bot.notes
    wolf = ROLES[view.role].attacks if view.role in ROLES else False
    seer = plays.reporter(ClaimKind.DIVINED)
    pool = [s for s in legal.targets if s not in notes.own and s not in notes.readings and s not in a.allies
            and s != view.scapegoat
            and not (wolf and notes.co.get(s) == seer)] or list(legal.targets)

    def uncertainty(s: Seat) -> float:
        p = a.probability(s)
        return p * (1 - p) + 0.05 * a.fox[s] + 0.05 * noise[s]

    return one(view, legal, best(pool, uncertainty))


def guard(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    return one(view, legal, best(legal.targets, lambda s: a.value[s] + (5.0 if s in a.allies else 0.0) + noise[s]))


def attack(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    notes = bot.notes
    assert view.seat is not None
    black = {t for c in a.allies | {view.seat} for t, r in notes.divined.get(c, {}).items() if r == BLACK}
    black |= {t for t, r in notes.fake_results.items() if r == BLACK}
    failed = notes.failed(legal.verb, view.day) if legal.verb is not None else {}

    def score(s: Seat) -> float:
        return a.value[s] - (4.0 if s in black else 0.0) - FAILED * failed.get(s, 0) \
            + (GUARD_SENSED if s in notes.guards else 0.0) - (100.0 if s in a.allies else 0.0) + noise[s]

    return one(view, legal, best(legal.targets, score))


def pair(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action | None:
    assert view.seat is not None
    me = view.seat
    others = sorted((s for s in legal.targets if s != me), key=lambda s: a.suspicion[s] + noise[s])
    if legal.arity == 1:
        return one(view, legal, others[0]) if others else None
    first = me if me in legal.targets else (others.pop(0) if others else None)
    if first is None or not others:
        return None
    return Action(me, Verb.PAIR, (first, others[0]))


def revive(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    if side(view.team) is Team.WEREWOLF:  # マッドサイエンティスト: its revived seat becomes 狼の子分
        return one(view, legal, best(legal.targets, lambda s: (3.0 if plays.of(bot.notes.co.get(s)).power else 0.0)
                                     + a.value[s] + noise[s]))
    target = best(legal.targets, lambda s: -a.suspicion[s] + noise[s])
    if not legal.required and a.suspicion[target] > 0:
        return None
    return one(view, legal, target)


def bite(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action | None:
    """A required bite (ヴァンパイア) is an attack; an optional one (狂犬, once) waits for a non-ally
    that claimed 占い師 or 狩人, the most trusted first."""
    if legal.required:
        return attack(bot, view, a, legal, noise, rng)
    pool = [s for s in legal.targets if s not in a.allies and plays.of(bot.notes.co.get(s)).targeted]
    if not pool:
        return None
    return one(view, legal, best(pool, lambda s: a.trust.get(s, 0.0) + a.value[s] + noise[s]))


def shoot(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    scores = bot.objectives(view, a)
    return one(view, legal, best(legal.targets, lambda s: scores[s] + noise[s]))


for _verb, _policy in ((Verb.DIVINE, divine), (Verb.GUARD, guard), (Verb.ATTACK, attack), (Verb.PAIR, pair),
                       (Verb.REVIVE, revive), (Verb.BITE, bite), (Verb.SHOOT, shoot)):
    plays.default(_verb, _policy)


# ---------------------------------------------------------------------- shared by roles of several groups


def blocked(bot: HeuristicAgent, view: SeatView) -> bool:
    """Whether the seat is named in a third of the day's VOTE claims said so far: on the block, a seat with
    something to say comes out (a village role as itself, a third party as itself or behind a cover)."""
    named = sum(1 for t in bot.notes.said.get(view.day, {}).values() if t == view.seat)
    return 3 * named >= len(view.living())



def bet(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
        rng: np.random.Generator) -> Action | None:
    """イカサマ師, ギャンブラー: bets (its whole stock) when the stock would decide the vote: it has stocked at least
    2, and its choice, behind or level with today's most announced target, would pass it."""
    assert view.seat is not None and legal.verb is not None
    stock = view.day - bot.notes.bet
    candidates = [s for s in view.living() if s != view.seat]
    if stock < 2 or not candidates:
        return None
    said = Counter(t for speaker, t in bot.notes.said.get(view.day, {}).items() if view.alive[speaker])
    mine = bot.choose_vote(view, a, candidates, noise)
    top = max(said.values(), default=0)
    if said[mine] <= top < said[mine] + stock:
        bot.notes.bet = view.day
        return Action(view.seat, legal.verb)
    return None


__all__ = ["attack", "best", "bet", "bite", "blocked", "claimed", "divine", "guard", "one", "pair", "revive", "shoot",
           "uncertain"]
