"""The werewolves' play (人狼系): every wolf attacks as :mod:`.common` says, lies as the main loop says (a
fake 占い師), and the wave-3 wolves play their own verbs.

A 欲張りな狼 gorges (probability ½, from night 2) while no attack of its side has failed and more than
three seats besides its side live, and attacks the next best seat with the extra attack at once; a
慎重な狼 abstains with probability 1/20, never when at most two non-allies more than its side live; the
guard a 直感派狼 sensed is worth +3 as an attack target (:mod:`.common`). A 誘惑する女狼 seduces the
non-ally most likely a village power role (a claimed power role +3, then value minus suspicion). A 一途な狼
lunges when the seat it would attack is a trusted 占い師 claimant (trust > ½) and a guard may protect it
(an attack of its side failed before, or the role list holds a role whose play ``guards``); a 囮狼
decoys, half the nights from night 2, the most uncertain non-ally (the seat a seer most likely divines:
it then reads 人狼) but never its side's likely prey. A 狡猾な狼 feigns death when it is called black or
named in a third of the day's VOTE claims and another known wolf lives, and rises the next night. By
day a 威嚇する狼 threatens the claimed 占い師 or 狩人 the village trusts most, and a 血狼 self-destructs when
half the living said they vote for it (the day then ends without its vote). A seat of team Werewolf by
a sub-role (狼の子分, 月狂病) that reports results (a seduced 占い師 or 霊能者) calls its black results white.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import BLACK, Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import attack, best, claimed, one
from jinrou.agents.classic.notes import Notes
from jinrou.agents.classic.plays import Play
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Count, Message, Seat, Verb, Vote
from jinrou.classic.roles import ROLES
from jinrou.classic.views import SeatView

ABSTAIN, GORGE, SEDUCE = Verb("abstain"), Verb("gorge"), Verb("seduce")
LUNGE, DECOY, FEIGN, RISE = Verb("lunge"), Verb("decoy"), Verb("feign"), Verb("rise")
THREATEN, SELFDESTRUCT = Verb("threaten"), Verb("selfdestruct")
P_ABSTAIN, P_GORGE = 0.05, 0.5  # 慎重な狼's 「襲撃しない」, 欲張りな狼's extra attack, when they make sense
P_DECOY = 0.5  # 囮狼's decoy on a night it makes sense
DOOMED = 0.5  # the share of the living that said they vote for a 血狼 when it self-destructs


def _abstain(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """慎重な狼: 「襲撃しない」 rarely (1 in 20), so that a quiet night says nothing of a guard, and never
    when the kill may decide the game (at most two non-allies more than the wolves' side)."""
    assert view.seat is not None
    living = view.living()
    allies = sum(1 for s in living if s in a.allies or s == view.seat)
    if len(living) - allies <= allies + 2 or rng.random() >= P_ABSTAIN:
        return None
    return Action(view.seat, legal.verb)  # type: ignore[arg-type]


def _gorge(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """欲張りな狼: one more attack tonight (half the time) when no attack of the wolves has failed yet —
    no sign of a guard or a fox, whose protection would cost the wolf its life — and the village
    still has more than three seats besides the wolves' side."""
    assert view.seat is not None
    living = view.living()
    failed = any(t in living for n, t in bot.notes.attacks.items() if n < view.day)
    others = sum(1 for s in living if s not in a.allies and s != view.seat)
    if failed or others <= 3 or rng.random() >= P_GORGE:
        return None
    return Action(view.seat, legal.verb)  # type: ignore[arg-type]


def _seduce(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action:
    """誘惑する女狼: the non-ally most likely a village power role (a claimed 占い師, 霊能者 or 狩人 first,
    then the seat of most value to the village): made 狼の子分 at her death, it works for the wolves."""
    pool = [s for s in legal.targets if s not in a.allies] or list(legal.targets)
    return one(view, legal, best(pool, lambda s: (3.0 if plays.of(bot.notes.co.get(s)).power else 0.0)
                                   + a.value[s] - a.suspicion[s] + noise[s]))


def _lunge(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """一途な狼: lunges (its life for the kill) when the seat it would attack is a trusted 占い師
    claimant (trust > ½) that a guard may well protect: an attack of its side already failed, or the
    role list holds a guard."""
    notes = bot.notes
    target = attack(bot, view, a, legal, noise, rng).targets[0]
    if notes.co.get(target) != "Diviner" or a.trust.get(target, 0.0) <= 0.5:
        return None
    failed = any(view.alive[t] for n, t in notes.attacks.items() if n < view.day)
    guarded = bot.table is None or any(bot.table.count(r) for r in plays.roles(lambda play: play.guards))
    return one(view, legal, target) if failed or guarded else None


def _decoy(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """囮狼: half the nights, slips into the house of the non-ally a seer most likely divines (the
    most uncertain) — the divination then reads 人狼 on it — but never the wolves' likely target."""
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat and s != view.scapegoat]
    if len(pool) < 2 or rng.random() >= P_DECOY:
        return None
    prey = best(pool, lambda s: a.value[s])  # what the attack policy takes
    rest = [s for s in pool if s != prey]
    return one(view, legal, best(rest, lambda s: a.probability(s) * (1 - a.probability(s)) + noise[s]))


def _feign(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """狡猾な狼: feigns death when it is suspected — called black in a claimed divination, or named in
    a third of today's VOTE claims — and another wolf it knows lives (its death must not end the game)."""
    me = view.seat
    assert me is not None
    notes = bot.notes
    labels = {s: view.labels.get(s, ()) for s in a.allies if view.alive[s]}
    wolves = [s for s, held in labels.items()
              if any(x == "wolves" or (x in ROLES and ROLES[x].counts is Count.WOLF) for x in held)]
    black = any(results.get(me) == BLACK for c, results in notes.divined.items() if c != me)
    named = sum(1 for t in notes.said.get(view.day, {}).values() if t == me)
    if not wolves or not (black or 3 * named >= len(view.living())):
        return None
    return Action(me, legal.verb)  # type: ignore[arg-type]


def _rise(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    """狡猾な狼: always rises the night after its feint."""
    assert view.seat is not None
    return Action(view.seat, legal.verb)  # type: ignore[arg-type]


def _threaten(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
              rng: np.random.Generator) -> Action | None:
    """威嚇する狼: seals the claimed seer or guard the village trusts most (none: it keeps its threat)."""
    pool = claimed(bot, a, legal)
    return one(view, legal, best(pool, lambda s: a.trust.get(s, 0.0) + noise[s])) if pool else None


def _selfdestruct(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
                  rng: np.random.Generator) -> Action | None:
    """血狼: self-destructs when it is the likely execution — at least half the living said they
    vote for it today — so that its death buys the blood moon instead of a vote the wolves lose."""
    assert view.seat is not None
    said = bot.notes.said.get(view.day, {})
    against = sum(1 for speaker, target in said.items() if target == view.seat and view.alive[speaker])
    return Action(view.seat, SELFDESTRUCT) if against >= DOOMED * len(view.living()) else None


def _gorged(bot: HeuristicAgent, view: SeatView, a: Assessment, out: list[Action | Vote], noise: Sequence[float],
            rng: np.random.Generator) -> list[Action | Vote]:
    """欲張りな狼: after a gorge, the extra attack it bought, on the next best target."""
    if not any(isinstance(c, Action) and c.verb is GORGE for c in out):
        return out
    attacks = [c for c in out if isinstance(c, Action) and c.verb is Verb.ATTACK]
    legal = next((lg for lg in view.legal if lg.verb is Verb.ATTACK), None)
    if legal is None or not attacks:
        return out
    rest = tuple(t for t in legal.targets if t not in attacks[0].targets)
    if rest:
        out.append(attack(bot, view, a, replace(legal, targets=rest), noise, rng))
    return out


def _destroyed(bot: HeuristicAgent, view: SeatView, a: Assessment, out: list[Action | Vote], noise: Sequence[float],
               rng: np.random.Generator) -> list[Action | Vote]:
    """血狼: a self-destruction ends the day without a vote: its own is dropped."""
    if any(isinstance(c, Action) and c.verb is SELFDESTRUCT for c in out):
        return [c for c in out if not isinstance(c, Vote)]
    return out


def _guard_sensed(notes: Notes, message: Message) -> None:
    """直感派狼 told who guards it: a guard, seen."""
    guard: Seat = message.args["guard"]  # type: ignore[assignment]
    notes.guards.add(guard)


plays.declare(
    Play("IntuitionWolf", reads={"guard sensed": _guard_sensed}),
    Play("CautiousWolf", policies={ABSTAIN: _abstain}),
    Play("GreedyWolf", policies={GORGE: _gorge}, finish=_gorged),
    Play("FascinatingWolf", policies={SEDUCE: _seduce}),
    Play("ToughWolf", policies={LUNGE: _lunge}),
    Play("DecoyWolf", policies={DECOY: _decoy}),
    Play("CraftyWolf", policies={FEIGN: _feign, RISE: _rise}),
    Play("ThreateningWolf", policies={THREATEN: _threaten}),
    Play("BloodWolf", policies={SELFDESTRUCT: _selfdestruct}, finish=_destroyed),
)
