"""The village's play (村人系): its result roles, its claims and each village role's own verbs.

A 占い師 divines and reports every divination (DIVINED) from its first day; a 霊能者 comes out with its
first result, or at once if someone else claims the role, and reports (IDENTIFIED); a 一言主神 divines
and comes out as a 占い師 (its 痛恨 is not its to see), a 闇の霊媒師 plays as a 霊能者; 共有者 come out at
once. Issue 24's village roles (below, ``comes_out``) come out as themselves when named in a third of
the day's VOTE claims (a 夢遊病者, 預言者 or 運命の子 once it knows its role; never a seat turned to
another team), a 罠師 also once another seat came out as 狩人, a 独裁者 the day it dictates.

By night: guards and blesses (聖職者, from night 2 or once a claimant is trusted) the most valuable
seat; hides at a white seat of little value (逃亡者); sends a seer kit to the whitest seat that
claimed nothing (商人). A 巫女 prays once, when it claimed a role, was named in a third of the day's
VOTE claims or at most five seats live (else w.p. 0.3 from night 2). A 犬 adopts the seat of most
value and least suspicion, guards it, and bites it only once its suspicion reaches log-odds 2. A 罠師
traps the seat a guard would protect (the most valuable). A 呪いをかける者 silences the most suspected
seat; 暗殺者, 魔女's poison and 奇術師 kill (or misdirect the attack to) the most suspected seat once
sure enough; a カウンセラー counsels a mildly suspected seat; a 秘書 assists the seat it trusts most; a
トラブルメーカー stirs trouble from night 2 while 7 seats live; a 独裁者 names (comes out, VOTE) the seat it
suspects most from probability 0.3 and decrees it from 0.8; a ギャンブラー bets its stock when it would
carry its choice. A 忍者 scouts, a 共感覚者 senses, and a 法医学者, 遺品整理士 or イタコ reads the dead seat
it is least sure of; they keep their results to themselves. A 課金者 pulls, and commits to a role of
its team of rarity 2 or more. A 竜騎士 slays the most suspected seat once sure (or once it stands out)
and else guards; a 人身御供 shields the seat most worth keeping among those it trusts; a 迷える子羊 lures
the wolves once a seat worth more lives; a 家政婦 watches the seat the wolves most likely attack.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import attack, best, bet, blocked, guard, one, uncertain
from jinrou.agents.classic.notes import Notes
from jinrou.agents.classic.plays import Play
from jinrou.classic.claims import ClaimKind
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Message, Seat, Verb
from jinrou.classic.roles import ROLES
from jinrou.classic.views import SeatView

ASSIST, TROUBLE, DICTATE, SCOUT = Verb("assist"), Verb("trouble"), Verb("dictate"), Verb("scout")
PRAY, ADOPT, TRAP, SILENCE = Verb("pray"), Verb("adopt"), Verb("trap"), Verb("silence")
ASSASSINATE, POISON, COUNSEL = Verb("assassinate"), Verb("poison"), Verb("counsel")
GACHA, COMMIT, BET = Verb("gacha"), Verb("commit"), Verb("bet")
SLAY, SHIELD = Verb("slay"), Verb("shield")
AUTOPSY, SIFT, SENSE, CHANNEL = Verb("autopsy"), Verb("sift"), Verb("sense"), Verb("channel")
MISDIRECT, LURE, VISIT = Verb("misdirect"), Verb("lure"), Verb("visit")
DOG_BITE = 2.0  # the suspicion (log-odds) of its owner from which a 犬 bites it
P_PRAY = 0.3  # 巫女's prayer on a quiet night from night 2
TROUBLE_LIVING = 7  # a トラブルメーカー stirs trouble from night 2 while at least this many seats live
DICTATE_SURE = 0.8  # a 独裁者 dictates once the seat it would vote for is a wolf with this probability
DICTATE_NAMED = 0.3  # … and names it (comes out, its VOTE claim on it) from this probability
KILL_SURE = 0.6  # the suspicion an optional kill (暗殺, 毒薬) waits for
SLAY_GAP = 2.0  # a 竜騎士 slays the top suspect standing this far (log-odds) above the next one
SHIELD_TRUST = 0.7  # a 人身御供 gives its life for a seat it trusts this much (a claimed 占い師 or 霊能者 first)
LURE_VALUE = 2.0  # a 迷える子羊 lures the wolves once another living seat is worth this much (a trusted seer)
GACHA_KEEP = 2  # a 課金者 commits to a role of its own team of this rarity (★) or more; below, one premium pull


# ---------------------------------------------------------------------- when it comes out


def on_the_block(bot: HeuristicAgent, view: SeatView, a: Assessment) -> bool:
    """Named in a third of the day's VOTE claims: it comes out (issue 24's village roles)."""
    return blocked(bot, view)


def _trapper_comes_out(bot: HeuristicAgent, view: SeatView, a: Assessment) -> bool:
    """罠師: also once another living seat came out as 狩人 — a guard on its trapped seat dies (V1.1.9b):
    the claimed 狩人 should know."""
    if any(s != view.seat and view.alive[s] for s in bot.notes.claimants("Guard")):
        return True
    return on_the_block(bot, view, a)


# ---------------------------------------------------------------------- policies


def _bless(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """聖職者: blesses as a guard guards, but keeps its one optional blessing on night 1 unless a claimant
    is trusted (a seat worth it)."""
    if not legal.required and view.day < 2 and max(a.trust.values(), default=0) < 0.5:
        return None
    return guard(bot, view, a, legal, noise, rng)


def _dog_bite(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
              rng: np.random.Generator) -> Action | None:
    """犬: its owner only, once the bot is fairly sure the owner is a wolf (a required bite is an attack)."""
    if legal.required:
        return attack(bot, view, a, legal, noise, rng)
    owner = [s for s in legal.targets if s not in a.allies and a.suspicion[s] >= DOG_BITE]
    return one(view, legal, owner[0]) if owner else None


def _hide(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    return one(view, legal, best(legal.targets, lambda s: -a.suspicion[s] - 2.0 * a.value[s] + noise[s]))


def _kit(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action:
    assert view.seat is not None
    pool = [s for s in legal.targets if s not in bot.notes.co] or list(legal.targets)
    kit = "Diviner" if "Diviner" in legal.kits else legal.kits[0] if legal.kits else None
    return Action(view.seat, Verb.KIT, (best(pool, lambda s: -a.suspicion[s] + noise[s]),), (kit,) if kit else ())


def _adopt(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """犬: the owner it will guard, the seat of most value to the village and least suspect."""
    return one(view, legal, best(legal.targets, lambda s: a.value[s] - a.suspicion[s] + noise[s]))


def _pray(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """巫女: once, on a night it may die or be executed the next day: once it claimed a role, or was named
    in a third of the day's VOTE claims, or when at most five seats live; else w.p. P_PRAY from night 2."""
    assert view.seat is not None and legal.verb is not None
    me = view.seat
    living = len(view.living())
    named = sum(1 for t in bot.notes.said.get(view.day, {}).values() if t == me)
    wanted = me in bot.notes.co or living <= 5 or 3 * named >= living or (view.day >= 2 and rng.random() < P_PRAY)
    return Action(me, legal.verb) if wanted else None


def _silence(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """呪いをかける者: every night it may, the most suspected seat it never chose (never itself nor an
    ally): silenced for a day, a wolf cannot argue its case or lie about results."""
    pool = [s for s in legal.targets if s != view.seat and s not in a.allies]
    if not pool:
        return None
    return one(view, legal, best(pool, lambda s: a.suspicion[s] + noise[s]))


def _assist(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """秘書: assists the seat it trusts most — that seat's vote tomorrow weighs 1 more."""
    return one(view, legal, best(legal.targets, lambda s: a.trust.get(s, 0.0) + noise[s])) if legal.targets else None


def _trouble(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """トラブルメーカー: stirs up trouble (two executions tomorrow) from night 2 while the village is
    still large — at least 7 living — so that the extra execution costs the wolves more than the village."""
    assert view.seat is not None
    if view.day >= 2 and len(view.living()) >= TROUBLE_LIVING:
        return Action(view.seat, TROUBLE)
    return None


def _dictate(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """独裁者: declares the execution of the non-ally it suspects most once that seat is probably a
    wolf (probability 0.8 or more): the vote cannot save it then."""
    named = bot.notes.named
    if named in legal.targets and a.probability(named) >= DICTATE_SURE:  # type: ignore[arg-type]
        return one(view, legal, named)  # type: ignore[arg-type]  # the seat it named in its talk
    pool = [s for s in legal.targets if s != view.seat and s not in a.allies]
    if not pool:
        return None
    target = best(pool, lambda s: a.suspicion[s] + noise[s])
    return one(view, legal, target) if a.probability(target) >= DICTATE_SURE else None


def _dictating(view: SeatView, a: Assessment, sure: float) -> Seat | None:
    """The seat a 独裁者 names (comes out and says it votes for), if any: the non-ally it suspects
    most, once that seat is a wolf with probability ``sure`` or more."""
    legal = next((lg for lg in view.legal if lg.verb is DICTATE), None)
    pool = [s for s in (legal.targets if legal else ()) if s != view.seat and s not in a.allies]
    if not pool:
        return None
    target = best(pool, lambda s: a.suspicion[s])
    return target if a.probability(target) >= sure else None


def _kill(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """暗殺者, 魔女's 毒薬: once sure enough, the most suspected seat that is no ally (nor itself)."""
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat]
    if not pool:
        return None
    target = best(pool, lambda s: a.suspicion[s] + noise[s])
    return one(view, legal, target) if a.suspicion[target] >= KILL_SURE else None


def _counsel(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """カウンセラー: the most suspected seat that is likely no wolf (a wolf would kill it): a madman,
    a fox or a lover turns village; nothing when every seat looks clean or wolfish."""
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat and 0.2 <= a.suspicion[s] < 0.5]
    if not pool:
        return None
    return one(view, legal, best(pool, lambda s: a.suspicion[s] + noise[s]))


def _misdirect(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action | None:
    """奇術師: once sure enough of a wolf, it turns the night's attack on it (a tricked attack kills a wolf)."""
    return _kill(bot, view, a, legal, noise, rng)


def _lure(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """迷える子羊: takes the wolves' bite for the village (its life for a seat worth more: a trusted seer)."""
    assert view.seat is not None and legal.verb is not None
    worth = [s for s, alive in enumerate(view.alive) if alive and s != view.seat and a.value[s] >= LURE_VALUE]
    return Action(view.seat, legal.verb) if worth else None


def _visit(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """家政婦: watches the seat the wolves most likely attack (the most valuable one it trusts): its death
    names the wolf; a suspected seat could be a wolf's house, where it would die."""
    pool = [s for s in legal.targets if a.suspicion[s] < KILL_SURE]
    return one(view, legal, best(pool, lambda s: a.value[s] + noise[s])) if pool else None


def _scout(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """忍者: the seat it is least sure of (its result is private: it only guides the 忍者's own doubt)."""
    return one(view, legal, uncertain(view, a, legal.targets, noise))


def _drawn(view: SeatView) -> tuple[str, int, int] | None:
    """What the 課金者's pulls drew tonight: the last role, its rarity and the premium pulls made."""
    last, premium = None, 0
    for _, message in reversed(view.messages):
        if message.key == "night":  # tonight's lines come after its announcement
            break
        if message.key in ("gacha normal", "gacha premium"):
            premium += message.key == "gacha premium"
            last = last or (str(message.args["role"]), len(str(message.args["stars"])))
    return None if last is None else (*last, premium)


def _keeps(view: SeatView, role: str, rarity: int) -> bool:
    """Whether a 課金者 bot commits to ``role``: of its own team, rare enough, not 課金者 again."""
    return rarity >= GACHA_KEEP and role != view.role and ROLES[role].team is view.team


def _gacha(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """課金者: its normal pull each night; one premium pull (a vote less tomorrow) when the normal one drew
    nothing worth keeping."""
    assert view.seat is not None
    kinds = legal.values[0]
    drawn = _drawn(view)
    if "normal" in kinds:
        return Action(view.seat, GACHA, (), ("normal",))
    if "premium" in kinds and drawn is not None and drawn[2] == 0 and not _keeps(view, drawn[0], drawn[1]):
        return Action(view.seat, GACHA, (), ("premium",))
    return None


def _commit(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """課金者: commits to the role it drew when it is worth keeping (see :func:`_keeps`)."""
    assert view.seat is not None
    drawn = _drawn(view)
    return Action(view.seat, COMMIT) if drawn is not None and _keeps(view, drawn[0], drawn[1]) else None


def _slay(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """竜騎士: its one slay on the most suspected seat once sure enough (as 暗殺者), or once that seat stands
    SLAY_GAP above every other (a black result): a village seat slain costs the 竜騎士 its life."""
    pool = sorted((s for s in legal.targets if s not in a.allies and s != view.seat), key=lambda s: -a.suspicion[s])
    if not pool:
        return None
    top = a.suspicion[pool[0]]
    clear = len(pool) == 1 or top - a.suspicion[pool[1]] >= SLAY_GAP
    return one(view, legal, pool[0]) if top >= KILL_SURE or clear else None


def _shield(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """人身御供: once, its life for the seat most worth keeping (a claimed 占い師 or 霊能者 first) among those it
    trusts enough; none such: it waits."""
    pool = [s for s in legal.targets if s != view.seat and (s in a.allies or a.trust.get(s, 0.0) >= SHIELD_TRUST)]
    if not pool:
        return None
    return one(view, legal, best(pool, lambda s: (3.0 if plays.of(bot.notes.co.get(s)).power else 0.0) + a.value[s]
                                   + noise[s]))


def _read_dead(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action:
    """法医学者, 遺品整理士, イタコ: a dead seat it has not read yet (its ``… select`` lines), the one whose side
    it is least sure of; イタコ (optional) listens at its first chance."""
    read = {m.args.get("target") for _, m in view.messages if m.key.endswith(" select") and m.to is not None
            and view.seat in m.to}
    pool = [s for s in legal.targets if s not in read] or list(legal.targets)
    return one(view, legal, uncertain(view, a, pool, noise))


def _sense(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """共感覚者: a living seat it is least sure of (a color tells teams apart once a known one shares it)."""
    pool = [s for s in legal.targets if view.alive[s]] or list(legal.targets)
    return one(view, legal, uncertain(view, a, pool, noise))


# ---------------------------------------------------------------------- the plays

def _seers_told(notes: Notes, message: Message) -> None:
    """予言者のママ told the seats holding 占い師 (none: an empty set): the true seers, for the assessment."""
    notes.seers = frozenset(message.args.get("seats") or ())  # type: ignore[call-overload]


plays.declare(
    Play("Diviner", reports=ClaimKind.DIVINED, worth=3.0, power=True, targeted=True),
    Play("Psychic", reports=ClaimKind.IDENTIFIED, worth=2.0, power=True),
    Play("Guard", power=True, guards=True, targeted=True),
    Play("WanderingGuard", guards=True),
    Play("Cosplayer", guards=True),
    Play("Elementaler", guards=True),
    Play("DragonKnight", guards=True, policies={SLAY: _slay}, exclusive=((SLAY, Verb.GUARD),)),
    Play("Couple", paired=True),
    Play("Hitokotonushinokami", claims_as="Diviner"),
    Play("DarkPsychic", claims_as="Psychic"),
    Play("Priest", policies={Verb.PROTECT: _bless}),
    Play("Fugitive", policies={Verb.HIDE: _hide}),
    Play("Merchant", policies={Verb.KIT: _kit}),
    Play("Forensic", policies={AUTOPSY: _read_dead}),
    Play("MementoDisposer", policies={SIFT: _read_dead}),
    Play("Itako", policies={CHANNEL: _read_dead}),
    Play("Synesthete", policies={SENSE: _sense}),
    Play("Illusionist", policies={MISDIRECT: _misdirect}),
    Play("StraySheep", policies={LURE: _lure}),
    Play("HouseKeeper", policies={VISIT: _visit}),
    Play("Sacrifice", policies={SHIELD: _shield}),
    # issue 24's village roles: each comes out as itself (一言主神 as a 占い師, above)
    Play("TroubleMaker", comes_out=on_the_block, policies={TROUBLE: _trouble}),
    Play("FrankensteinsMonster", comes_out=on_the_block),
    Play("Dictator", comes_out=on_the_block, policies={DICTATE: _dictate},
         names=lambda view, a: _dictating(view, a, DICTATE_NAMED)),
    Play("King", comes_out=on_the_block),
    Play("Gambler", comes_out=on_the_block, policies={BET: bet}),
    Play("Secretary", comes_out=on_the_block, policies={ASSIST: _assist}),
    Play("Dog", comes_out=on_the_block, policies={ADOPT: _adopt, Verb.BITE: _dog_bite}),
    Play("Trapper", comes_out=_trapper_comes_out, policies={TRAP: guard}),
    Play("Miko", comes_out=on_the_block, policies={PRAY: _pray}),
    Play("ToughGuy", comes_out=on_the_block),
    Play("Lycan", comes_out=on_the_block),
    Play("Assassin", comes_out=on_the_block, policies={ASSASSINATE: _kill}),
    Play("Diseased", comes_out=on_the_block),
    Play("Oldman", comes_out=on_the_block),
    Play("Witch", comes_out=on_the_block, policies={POISON: _kill}, exclusive=((POISON, Verb.REVIVE),)),
    Play("Counselor", comes_out=on_the_block, policies={COUNSEL: _counsel}),
    Play("Sleepwalker", comes_out=on_the_block),
    Play("Fate", comes_out=on_the_block),
    Play("Oracle", comes_out=on_the_block),
    Play("SeersMama", comes_out=on_the_block, reads={"seers mama": _seers_told, "seers mama none": _seers_told}),
    Play("Tarzan", comes_out=on_the_block),
    Play("Liar", comes_out=on_the_block),
    Play("PI", comes_out=on_the_block),
    Play("Spellcaster", comes_out=on_the_block, policies={SILENCE: _silence}),
    Play("Saint", comes_out=on_the_block),
    Play("Interpreter", comes_out=on_the_block),
    Play("Emma", comes_out=on_the_block),
    Play("TinyGhost", comes_out=on_the_block),
    Play("Ninja", comes_out=on_the_block, policies={SCOUT: _scout}),
    Play("GachaAddicted", comes_out=on_the_block, policies={GACHA: _gacha, COMMIT: _commit}),
)
