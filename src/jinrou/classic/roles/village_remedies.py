"""村人系 that kill or cure (V1.2, group VC): 病人, 老人, 暗殺者, 魔女, カウンセラー."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import (
    BurialPass,
    Died,
    PhaseOpened,
    on,
)
from jinrou.classic.model import Action, Cause, Count, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, Role, mark, role, sub_role
from jinrou.classic.roles.common import NextNight

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------- group VC (issue 24): 暗殺者 病人 老人 魔女
# カウンセラー (V1.1.9d assassination reflex, V1.1.10 sick, V1.1.8 更生者, V1.1.16 causes)



@role
class Diseased(Role):
    """病人: when it dies of a wolf attack, the wolves get no attack on the next night (V1.1.10's sick
    mark, told to them at that dusk; it prevails over a 狼の子's bonus: settled here)."""

    card_ja = "病人: 人狼に襲撃されて死ぬと、次の夜は人狼が襲撃できません（人狼に通知。狼の子の追加の襲撃より優先）。"
    card_en = ("Diseased: when a wolf attack kills it, the wolves cannot attack on the next night (they are told so "
               "at that dusk); this also cancels a 狼の子's (Wolf Cub's) extra attack.")

    @on(Died)
    def sicken(self, ctx: Context, me: Layer, event: Died) -> None:
        if event.cause is Cause.ATTACK and event.source is not None and ctx.identity(event.source).attacks:
            ctx.memory(NextNight).sick = True


@dataclass
class OldmanMemory:
    day: int = 0  # the last day its age was checked


INFIRM_DEATH = Cause.declare("infirm", "老衰", "old age", public=True,
                             died=("{player}は老衰で死亡しました。", "{player} died of old age."))  # 老人's 老衰, public (V1.1.16)


@role
class Oldman(Role):
    """老人: in each dawn burial it lives (checked once, after the night's deaths are set, before the
    win check), on day d it dies of old age (``infirm``, public) if d > 2 × the living wolf roles
    (V1.1.13); a holy protection still saves it."""

    card_ja = ("老人: 生きて迎える朝ごとに、その日が生存する人狼役職（人狼系・狂人狼）"
               "の数の2倍を超えていれば老衰で死にます（公表されます。聖なる力は効きます）。人狼ひとりなら3日目の朝、"
               "ふたりなら5日目の朝です。")

    Memory = OldmanMemory

    @on(BurialPass)
    def age(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if event.moment is not Moment.DAWN or me.memory.day == ctx.day:
            return
        me.memory.day = ctx.day
        wolves = sum(1 for s in ctx.living() if ctx.identity(s).wolf_role())
        if ctx.day > 2 * wolves:
            ctx.kill(me.seat, INFIRM_DEATH, guardable=False)


ASSASSINATE = Verb.declare("assassinate", label=("暗殺", "assassinate"))


@dataclass
class AssassinMemory:
    used: bool = False  # its assassination has resolved


ASSASSINATE_DEATH = Cause.declare("assassinate", "暗殺", "assassinated")  # 暗殺者's 暗殺 (V1.1.16)


ASSASSINATE_TOLD = Message.declare("assassinate", "{player}が{target}を暗殺しました。", "{player} assassinates {target}.")


class Assassination(Ability):
    """暗殺: once per game, any night from 2, optional, level 100: another living seat dies
    (``assassinate``; not guardable, resistible) — or, if it declares an assassination reflex p
    (V1.1.9d), w.p. p the 暗殺者 dies instead (drawn even if the target died tonight already). Spent
    when it resolves."""

    verb = ASSASSINATE
    required = False
    first = 2

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.used

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.used)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, ASSASSINATE_TOLD, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True
        target = ctx.aimed(action.targets[0])
        p = next((r for role in ctx.identity(target).halves() if (r := role.assassination_reflex)), None)
        if p and ctx.draw("assassination reflex", [True, False], weights=[p.numerator, p.denominator - p.numerator]):
            ctx.kill(action.seat, ASSASSINATE_DEATH, target, guardable=False)
        else:
            ctx.kill(target, ASSASSINATE_DEATH, action.seat, guardable=False)


@role
class Assassin(Role):
    """暗殺者: once per game, from night 2, it may assassinate another living seat (unguardable)."""

    card_ja = ("暗殺者: 2日目以降の夜に一度だけ、他の生存者ひとりを暗殺できます（任意）。護衛では防げませんが、"
               "聖なる力や相手の耐性は効きます。暗殺反射を持つ相手では、その確率で代わりに自分が死にます。")

    abilities = (Assassination(),)
    Memory = AssassinMemory
    deadly_weapon = True


POISON = Verb.declare("poison", label=("毒薬", "poison"))


@dataclass
class WitchMemory:
    potions: int = 0  # potions used (two in all)
    revived: bool = False  # its one 蘇生薬 is used
    night: int = 0  # the last night it used one (at most one a night)

WITCH_TOLD = {
    "poison": Message.declare("witch poison", "{player}は{target}に毒薬を使いました。", "{player} used a poison on {target}."),
    "revive": Message.declare("witch revive", "{player}は{target}に蘇生薬を使いました。",
                              "{player} used a revival potion on {target}."),
}
"""魔女's line per potion (its verb)."""


class WitchPotion(Ability):
    """A 魔女's potion: from night 2, optional, level 100, spent at submission; two in all, at most one
    a night."""

    required = False
    first = 2

    def available(self, ctx: Context, me: Layer) -> bool:
        memory: WitchMemory = me.memory
        return memory.potions < 2 and memory.night != ctx.day

    def spent(self, ctx: Context, me: Layer) -> bool:
        return me.memory.potions >= 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: WitchMemory = me.memory
        memory.potions, memory.night = memory.potions + 1, ctx.day
        ctx.tell(action.seat, WITCH_TOLD[self.verb.value], player=action.seat, target=action.targets[0])


WITCH_DEATH = Cause.declare("witch", "毒薬", "a witch's poison")  # 魔女's 毒薬 (V1.1.16)


class WitchPoison(WitchPotion):
    """毒薬: another living seat dies (``witch``; not guardable; holy protection and resistances apply)."""

    verb = POISON

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.kill(ctx.aimed(action.targets[0]), WITCH_DEATH, action.seat, guardable=False)


class WitchRevival(WitchPotion):
    """蘇生薬 (one at most): a dead seat (never a sudden death's) revives, always."""

    verb = Verb.REVIVE

    def available(self, ctx: Context, me: Layer) -> bool:
        return super().available(ctx, me) and not me.memory.revived

    def spent(self, ctx: Context, me: Layer) -> bool:
        return super().spent(ctx, me) or me.memory.revived

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.dead() if not ctx.died_suddenly(s)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.revived = True
        super().submit(ctx, action, me)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.revive(ctx.aimed(action.targets[0]))


@role
class Witch(Role):
    """魔女: two potions in all (one 蘇生薬 at most), one a night from night 2: 毒薬 kills a living seat,
    蘇生薬 revives a dead one. Alive, it is a reviver (霊界表示)."""

    card_ja = ("魔女: 2日目以降の夜に、薬を合わせて2回まで（1晩に1回、蘇生薬は1回まで）使えます（任意）。毒薬: "
               "他の生存者ひとりが死にます（護衛では防げません）。蘇生薬: 死者ひとりが必ず蘇生します（突然死を除く）"
               "。")
    card_en = ("Witch: from night 2, one potion a night, two potions in the whole game, at most one of them the "
               "蘇生薬: the 毒薬 (poison) kills another living seat (no guard stops it), the 蘇生薬 (revival) brings "
               "a dead seat back to life (not one that died a sudden death). While it lives it counts as someone who "
               "may bring the dead back (for the room setting “the dead see all: unless someone may come back”).")

    abilities = (WitchPoison(), WitchRevival())
    Memory = WitchMemory
    closes_heaven = "alive"
    deadly_weapon = True


@sub_role("Reformed", "更生者")
class Reformed(Role):
    """更生者 (sub-role; shown 「更生者（{role}）」), told: the seat keeps its role, abilities, results
    and parity count, but it joins team Human and wins iff team Human wins (V1.1.8, the
    mirror of 狼の子分: the latest team change on top prevails)."""

    card_ja = "更生者（付加役職）: 役職と能力はそのままで、村人陣営になります。村人陣営が勝てば勝利します。"
    card_en = ("Reformed: 更生者 (shown as 「更生者（…）」 around the role), told: the seat keeps its role, "
               "abilities, results and count, but its team becomes the village and it wins if the village wins (the "
               "latest team change prevails).")
    shown_with = ("更生者（{role}）", "Reformed ({role})")

    judge_team = Team.HUMAN
    told = True

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN


REFORMED = Message.declare("reformed", "{player}はカウンセリングされて更生しました。",
                           "{player} was counseled and reformed (team Human).")


@mark("Counseled", "カウンセリング")
class Counseled(Role):
    """The mark a カウンセラー leaves at level 110 on a seat it noted: at the next dawn, if the seat
    lives and is not of team Human, it becomes 更生者 (told); the mark then ends (the カウンセラー
    may have died meanwhile)."""

    card_ja = ("カウンセリング: カウンセラーに相談された印です。次の朝に生きていて村人陣営でなければ、"
               "更生者になります（通知あり。カウンセラーがその間に死んでいても）。")
    card_en = ("Counseled: a seat a カウンセラー (Counselor) talked to: at the next dawn, if it lives and is not of "
               "the village team, it becomes 更生者 (Reformed) and is told, even if the カウンセラー died meanwhile.")

    @on(PhaseOpened)
    def reform(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN:
            return
        ctx.remove(me)
        if ctx.identity(me.seat).team() is not Team.HUMAN:
            ctx.grant(me.seat, Reformed.id, me.source)
            ctx.tell(me.seat, REFORMED, player=me.seat)


COUNSEL = Verb.declare("counsel", label=("カウンセリング", "counsel"))


COUNSEL_TOLD = Message.declare("counsel", "{player}が{target}をカウンセリングしました。", "{player} counsels {target}.")


class Counsel(Ability):
    """カウンセリング: each night from 2, optional, level 110: a living seat (itself allowed). At 110
    the (redirected) target, even dead by then: a wolf role (V1.1.13) not of team Human → the
    カウンセラー dies (``attack``, unguardable); a ヴァンパイア not of team Human → it dies
    (``vampire``); else the target is noted for the next dawn."""

    verb = COUNSEL
    level = 110
    required = False
    first = 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, COUNSEL_TOLD, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        identity = ctx.identity(target)
        human = identity.team() is Team.HUMAN
        if identity.wolf_role() and not human:
            ctx.kill(action.seat, Cause.ATTACK, target, guardable=False)
        elif identity.vampire_role() and not human:
            ctx.kill(action.seat, Cause.VAMPIRE, target, guardable=False)
        elif identity.counts() is not Count.VAMPIRE:
            ctx.grant(target, Counseled.id, action.seat)


@role
class Counselor(Role):
    """カウンセラー: each night from 2 it may counsel a living seat: one not of team Human becomes
    更生者 at the next dawn, but counseling a wolf role or a ヴァンパイア kills the カウンセラー."""

    card_ja = ("カウンセラー: 2日目以降の夜、生存者ひとり（自分も可）をカウンセリングできます（任意）。"
               "村人陣営でない人は翌朝生きていれば村人陣営の更生者になります。"
               "ただし人狼役職やヴァンパイアをカウンセリングすると自分が死にます。結果は知らされません。")

    abilities = (Counsel(),)
