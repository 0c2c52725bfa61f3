"""The madmen's play (狂人系): a madman lies as the main loop says (a fake 占い師, probability 0.6), votes
the village's most valuable seat while it knows nobody, and the madmen with verbs play them.

A 狼少年 frames, every night, the non-ally the village trusts most (trust minus suspicion); a かぼちゃ魔
costumes the same seat. A 邪魔狂人 obstructs the seer claimant the village trusts most (none: the seat a
seer would divine next, suspicion nearest ½); a 丑刻参 curses, every night, the uncertain seat a seer would
divine next (never a seer claimant); a 雨男 makes it rain (from night 2) once a seer claimant it does not
know lives. 妖術師 and サトリ divine as a seer does (:mod:`.common`), never twice the same seat, and always
come out as 占い師 (unless an ally claimed a result role): their daily report calls black a seat they
found to be the 占い師, white the others they read. A 美女 charms, every night, the non-ally most likely
to hunt the wolves (trust plus value minus suspicion); a マッドサイエンティスト revives, from night 2, the dead
seat of most value (a claimed power role +3), so it comes back as 狼の子分 (:mod:`.common`). A 爆弾魔 bombs a
claimed guard, else from night 2 the seat the village values most; a 破壊の狂人 exposes the most trusted 占い師
claimant every night; a 催眠術師 hypnotizes the claimed 占い師 or 狩人 the village trusts most; an イカサマ師
bets when its stock (≥ 2) would carry its choice past today's most announced target; a スパイ leaves from
night 2; a 狂犬 bites, once, from night 2, the non-ally claimed 占い師 or 狩人 it trusts most (:mod:`.common`);
a 復讐人 shoots as a madman votes; a サイコキラー has nothing to choose.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import best, bet, claimed, one, uncertain
from jinrou.agents.classic.notes import Notes
from jinrou.agents.classic.plays import Play
from jinrou.classic.claims import ClaimKind
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Message, Seat, Verb
from jinrou.classic.views import SeatView

FRAME, CHARM, BET = Verb("frame"), Verb("charm"), Verb("bet")
OBSTRUCT, COSTUME, CURSE, RAIN = Verb("obstruct"), Verb("costume"), Verb("curse"), Verb("rain")
BOMB, EXPOSE, HYPNOTIZE = Verb("bomb"), Verb("expose"), Verb("hypnotize")


def _frame(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """狼少年: frames the non-ally the village trusts most (least suspected, a trusted claimant
    first), so that a seer who divines it tonight calls it a wolf."""
    assert view.seat is not None
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat]
    if not pool:
        return None
    return one(view, legal, best(pool, lambda s: a.trust.get(s, 0.0) - a.suspicion[s] + noise[s]))


def _costume(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action:
    """かぼちゃ魔 (required): as the 狼少年 frames, else any legal seat."""
    return _frame(bot, view, a, legal, noise, rng) or one(view, legal, best(legal.targets, lambda s: noise[s]))


def _obstruct(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
              rng: np.random.Generator) -> Action:
    """邪魔狂人: the seer claimant the village trusts most, else the seat a seer would divine next."""
    seers = [s for s in bot.notes.claimants("Diviner") if s in legal.targets and s not in a.allies and s != view.seat]
    if seers:
        return one(view, legal, best(seers, lambda s: a.trust.get(s, 0.0) + 0.1 * noise[s]))
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat] or list(legal.targets)
    return one(view, legal, uncertain(view, a, pool, noise))


def _curse(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """丑刻参: the uncertain seat a seer would divine next (never a seer claimant, nor itself)."""
    seers = set(bot.notes.claimants("Diviner"))
    pool = [s for s in legal.targets if s not in a.allies and s not in seers and s != view.seat and s != view.scapegoat]
    return one(view, legal, uncertain(view, a, pool, noise)) if pool else None


def _rain(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """雨男: once a seer claimant it does not know lives."""
    assert view.seat is not None and legal.verb is not None
    seers = [s for s in bot.notes.claimants("Diviner") if view.alive[s] and s not in a.allies and s != view.seat]
    return Action(view.seat, legal.verb) if seers else None


def _charm(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """美女: every night, the non-ally most likely to hunt the wolves (a trusted claimant, a trusted
    and unsuspected seat), who dies with her if the village executes her tomorrow."""
    pool = [s for s in legal.targets if s not in a.allies]
    if not pool:
        return None
    return one(view, legal, best(pool, lambda s: a.trust.get(s, 0.0) + a.value[s] - a.suspicion[s] + noise[s]))


def _bomb(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """爆弾魔: bombs a claimed 狩人, else, from night 2, the seat the village values most (the
    likely wolf target, which a guard protects: both die)."""
    pool = [s for s in legal.targets if s not in a.allies]
    guards = [s for s in pool if plays.of(bot.notes.co.get(s)).guards]
    if guards:
        return one(view, legal, guards[0])
    if view.day < 2 or not pool:
        return None
    return one(view, legal, best(pool, lambda s: a.value[s] + noise[s]))


def _expose(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """破壊の狂人: exposes the most trusted living 占い師 claimant (its guard then saves nothing)."""
    seers = [s for s in legal.targets if bot.notes.co.get(s) == "Diviner" and s not in a.allies and s != view.seat]
    return one(view, legal, best(seers, lambda s: a.trust.get(s, 0.0) + noise[s])) if seers else None


def _hypnotize(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action | None:
    """催眠術師: hypnotizes the claimed seer or guard the village trusts most — its divination or
    guard comes to nothing tonight (none claimed: it keeps its one hypnosis)."""
    pool = claimed(bot, a, legal)
    if pool:
        return one(view, legal, best(pool, lambda s: a.trust.get(s, 0.0) + noise[s]))
    return None


def _leave(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    assert view.seat is not None
    return Action(view.seat, Verb.LEAVE) if view.day >= 2 or legal.required else None


def _sorcery(notes: Notes, message: Message) -> None:
    """妖術師's result: a seat it found holds 占い師 is noted as the seer, the others as other."""
    target: Seat = message.args["target"]  # type: ignore[assignment]
    notes.readings[target] = plays.reporter(ClaimKind.DIVINED) if message.key == "sorcery found" else "other"


def _mind_read(notes: Notes, message: Message) -> None:
    """サトリ's result: the word it read."""
    target: Seat = message.args["target"]  # type: ignore[assignment]
    notes.readings[target] = str(message.args["result"])


plays.declare(
    Play("WolfBoy", policies={FRAME: _frame}),
    Play("Pumpkin", policies={COSTUME: _costume}),
    Play("ObstructiveMad", policies={OBSTRUCT: _obstruct}),
    Play("Ushinotokimairi", policies={CURSE: _curse}),
    Play("RainyBoy", policies={RAIN: _rain}),
    Play("AttractiveWoman", policies={CHARM: _charm}),
    Play("Bomber", policies={BOMB: _bomb}),
    Play("DestroyCraziest", policies={EXPOSE: _expose}),
    Play("Hypnotist", policies={HYPNOTIZE: _hypnotize}),
    Play("Faker", policies={BET: bet}),
    Play("Spy", policies={Verb.LEAVE: _leave}),
    Play("Sorcerer", fakes_seer=True, reads={"sorcery found": _sorcery, "sorcery not found": _sorcery}),
    Play("Satori", fakes_seer=True, reads={"mind read": _mind_read}),
)
