"""Batch 3 (village part 2, issue 34), roles behind a mask: 在宅者, 血まみれのメアリー, 怪盗
(shared/spec/classic-roles-village-2.md V2.2; mechanics V2.1.10 revivals refused, V2.1.11 executions
resisted, V2.1.15 the *robbed* mark).

在宅者 counts as nobody and stays home through every execution; 血まみれのメアリー is shown as メアリー until
its death by execution or a wolf's bite turns it (and its team, when executed) and it curses from the
grave; 怪盗 takes a seat's role on its first night, leaving that seat a 怪盗 marked *robbed* until dusk.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import Bitten, Executed, Nightfall, PhaseOpened, Threat, on
from jinrou.classic.identity import Layer, LayerKind
from jinrou.classic.model import Action, Cause, Count, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, Role, declared, role, sub_role
from jinrou.classic.roles.common import BlasphemyProof, Stolen

if TYPE_CHECKING:
    from jinrou.classic.context import Context


# ---------------------------------------------------------------------- 在宅者 (V2.1.11)

REMOTE = Message.declare("remote worker", "{player}は家にこもり続けて処刑を免れました。",
                         "{player} stayed shut in at home and escaped the execution.")


@role
class RemoteWorker(BlasphemyProof):
    """在宅者: counts none (§1, §7: neither human nor wolf, like おばけ). Own resistance to every execution
    (a 独裁者's included), every time, while it is on team Human and does not count as wolf: public
    「{name}は家にこもり続けて処刑を免れました。」; the execution is used and kills nobody (プリンス's way,
    V1.1.3). Death resistance. A 冒涜者's blasphemy turns back on the 冒涜者 (T.2, :class:`BlasphemyProof`)."""

    card_ja = ("在宅者: 村人陣営です。勝敗の人数には人間としても人狼としても数えられません。"
               "処刑されても（独裁者の宣言でも）何度でも家にこもって免れます（公表され、その処刑では誰も死にません）。")
    card_en = ("Remote Worker: on the village team. It counts neither as a human nor as a wolf when the village "
               "checks who wins. Every execution of it (a 独裁者's, Dictator's, too) fails, every time: it stays "
               "shut in at home (announced) and that execution kills nobody.")

    counts = Count.NONE
    death_resistance = True  # V2.1.12

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        identity = ctx.identity(me.seat)
        if threat.cause is not Cause.EXECUTION or identity.team() is not Team.HUMAN or identity.counts() is Count.WOLF:
            return False
        ctx.tell(None, REMOTE, player=me.seat)
        return True


# ---------------------------------------------------------------------- 血まみれのメアリー (V2.1.10, V2.1.12)

MARY_DEATH = Cause.declare("mary", "メアリーの呪い", "cursed by Bloody Mary")
HEX = Verb.declare("hex", label=("呪う", "hex"))
HEXING = Message.declare("hexing", "{player}は{target}を呪っています。", "{player} is hexing {target}.")


@sub_role("Mary", "メアリー", LayerKind.MARK)
class Mary(Role):
    """メアリー: the name and card a 血まみれのメアリー is shown under until its trigger (never granted)."""

    card_ja = ("メアリー: 村人陣営です。処刑されるか、人狼に襲撃されて死ぬと、血まみれのメアリーになり、"
               "死んだまま呪いをかけられるようになります。")
    card_en = ("Mary: on the village team. Executed, or bitten to death by a werewolf, it becomes 血まみれのメアリー "
               "(Bloody Mary) and may curse from the grave.")


@dataclass
class MaryMemory:
    trigger: str | None = None  # "executed" or "bitten": its death that turned it

    @property
    def aware(self) -> bool:  # V1.1.5: shown as itself from its trigger on
        return self.trigger is not None


@sub_role("Bloody Mary (executed)", "血まみれのメアリー（処刑）", LayerKind.SUB)
class VengefulMary(Role):
    """An executed 血まみれのメアリー's team (not told as a sub-role): team Werewolf, wins iff team Werewolf or
    team LoneWolf wins."""

    card_ja = "血まみれのメアリー（処刑）: 処刑された血まみれのメアリーは人狼陣営になります（人狼陣営か一匹狼が勝てば勝利）。"
    card_en = "Bloody Mary (executed): an executed Bloody Mary is on the werewolf team (it wins if the wolves or a lone wolf win)."

    judge_team = Team.WEREWOLF

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result in (Team.WEREWOLF, Team.LONE_WOLF)


class Hex(Ability):
    """血まみれのメアリー's curse: each night while dead (W.1.10) once triggered, optional, level 100. Executed:
    a living seat of team Human. Bitten: while more than one living seat counts as wolf, a living seat of
    team Werewolf or team LoneWolf. The (redirected) seat dies (`mary`, resistible). Never a *targeted* contact."""

    verb = HEX
    required = False
    while_dead = True
    targets_on_submit = False

    def available(self, ctx: Context, me: Layer) -> bool:
        trigger = me.memory.trigger
        if trigger == "bitten":
            return sum(1 for s in ctx.counting(Count.WOLF) if ctx.alive(s)) > 1
        return trigger == "executed"

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        teams = (Team.HUMAN,) if me.memory.trigger == "executed" else (Team.WEREWOLF, Team.LONE_WOLF)
        return [s for s in ctx.living() if ctx.identity(s).team() in teams]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, HEXING, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.kill(ctx.aimed(action.targets[0]), MARY_DEATH, action.seat)


@role
class BloodyMary(Role):
    """血まみれのメアリー (役職変化系): shown as メアリー (name and card) until its trigger — its death by
    execution, or bitten to death (V2.1.4) — then as 血まみれのメアリー (told 「あなたは血まみれのメアリーに
    なりました」). Executed: it turns to team Werewolf (wins iff team Werewolf or team LoneWolf wins); each
    night while dead it may hex a living seat of team Human. Bitten: it stays on team Human; each night while dead
    and more than one seat counting as wolf lives, it may hex a living seat of team Werewolf or team LoneWolf.
    Told 「{name}は{target}を呪っています。」; at level 100 the (redirected) seat dies (`mary`, resistible). It
    never revives and is a reviver always (V2.1.10). Deadly weapon once triggered."""

    card_ja = ("血まみれのメアリー: 最初は「メアリー」と表示されます（村人陣営）。処刑されると人狼陣営の血まみれのメアリーになり、"
               "死んだまま毎晩、村人陣営の生存者ひとりを呪い殺せます。人狼に襲撃されて死ぬと村人陣営のまま血まみれのメアリーになり、"
               "人狼として数えられる生存者が2人以上いる夜に、人狼陣営（一匹狼を含む）の生存者ひとりを呪い殺せます。"
               "蘇生されることはありません。")
    card_en = ("Bloody Mary: shown as メアリー (Mary), on the village team, until it dies. Executed, it becomes Bloody "
               "Mary on the werewolf team, and each night, dead, it may curse a living seat of the village team to "
               "death. Bitten to death by a werewolf, it becomes Bloody Mary and stays on the village team; on each "
               "night more than one living seat counts as a wolf it may curse a living seat of the werewolf team (a "
               "lone wolf too) to death. It never comes back to life.")

    believes = "Mary"
    Memory = MaryMemory
    abilities = (Hex(),)
    closes_heaven = "in game"  # V2.1.10: a reviver always
    refuses_revival = True  # V2.1.10
    deadly_weapon = True  # V2.1.12, once triggered

    def attribute(self, ctx: Context, me: Layer, name: str) -> bool:
        if name == "deadly_weapon":
            return me.memory.aware
        return super().attribute(ctx, me, name)

    def _trigger(self, ctx: Context, me: Layer, trigger: str) -> None:
        if me.memory.aware:
            return
        me.memory.trigger = trigger
        if trigger == "executed":
            ctx.grant(me.seat, VengefulMary.id)
        ctx.tell(me.seat, "role changed", role=self.id)

    @on(Executed)
    def executed(self, ctx: Context, me: Layer, event: Executed) -> None:
        self._trigger(ctx, me, "executed")

    @on(Bitten)
    def bitten(self, ctx: Context, me: Layer, event: Bitten) -> None:
        self._trigger(ctx, me, "bitten")


# ---------------------------------------------------------------------- 怪盗 (V2.1.15)

SWAP = Verb.declare("swap", label=("盗む", "steal a role"))
STOLE = Message.declare("swap", "{player}が{target}の役職を盗みました。{target}は{role}でした。",
                        "{player} steals {target}'s role: {target} was {role}.")
STOLE_NOTHING = Message.declare("swap none", "{player}は役職を盗みませんでした。", "{player} steals no role.")
PHANTOM_BECAME = Message.declare("phantom became", "{player}は{role}になりました。", "{player} has become {role}.")
ROBBED = Message.declare("robbed", "{player}は役職を盗まれて怪盗になりました。",
                         "{player}'s role was stolen: it is a Phantom now.")


@dataclass
class PhantomMemory:
    first: int | None = None  # its first night (the first dusk it held the role, or its swap)
    spent: bool = False  # its theft is made (or was the robbed seat's)


@sub_role("Robbed", "盗まれた", LayerKind.SUB)
class Robbed(Stolen):
    """The *robbed* mark (V2.1.15), from the theft (level 125) to the seat's next dusk, dead or alive: the seat
    is already a 怪盗 (its theft spent) for every rule, but still sees its old role and its lists, and keeps
    that role's resistances to every death but an execution; at that dusk it is told
    「{name}は役職を盗まれて怪盗になりました。」 and the mark goes."""

    card_ja = "盗まれた: 怪盗に役職を盗まれました。次の夕方に怪盗になったと知らされます。"
    card_en = "Robbed: a 怪盗 (Phantom) stole the seat's role; at the next dusk it is told it is a Phantom now."

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        old = declared(me.memory.role)
        return old.knows(ctx, Layer.of(old, LayerKind.ROLE, me.seat)) if "knows" in old.overrides else {}

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        """Until its dusk the robbed seat keeps its old role's resistances to every death but an execution
        (the reference's PhantomStolen: its old role's resistance and wolf-attack tolerance, none when
        executed); the role it holds is already 怪盗's."""
        kept: Layer | None = me.memory.kept
        if kept is None or threat.cause is Cause.EXECUTION:
            return False
        if threat.cause is Cause.ATTACK and kept.role.immune_to_wolf_attack:
            return True
        return "resist" in kept.role.overrides and kept.role.resist(ctx, kept, threat)

    @on(Nightfall)
    def robbed_dusk(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        ctx.tell(me.seat, ROBBED, player=me.seat)
        ctx.remove(me)


class Swap(Ability):
    """怪盗's theft: its first night, required, level 125: another living seat but 身代わりくん, or none
    (「盗まない」); told at once 「{name}が{target}の役職を盗みました。{target}は{role}でした。」 or 「{name}は役職を盗み
    ませんでした。」. Not a *targeted* contact. At level 125, if alive, it takes the (redirected) seat's role,
    fresh, without its dusk hook (told 「{name}は{role}になりました。」), and that seat becomes a 怪盗 with the
    theft spent, *robbed* until its next dusk."""

    verb = SWAP
    level = 125
    targets_on_submit = False
    or_none = ("盗まない", "steal nothing")

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.spent and me.memory.first in (None, ctx.day)

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.living() if s != me.seat and s != ctx.scapegoat]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.first = ctx.day
        if not action.targets:
            ctx.tell(me.seat, STOLE_NOTHING, player=me.seat)
            return
        target = action.targets[0]
        ctx.tell(me.seat, STOLE, player=me.seat, target=target, role=ctx.identity(target).role.id)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.spent = True
        if not action.targets or not ctx.alive(me.seat):
            return
        target = ctx.aimed(action.targets[0])
        if target == me.seat:
            return
        kept = ctx.identity(target).main  # the robbed role, with its memory: its resistances stay until dusk
        old = kept.role.id
        ctx.change_role(me.seat, old, told_now=None, layer=me)
        ctx.tell(me.seat, PHANTOM_BECAME, player=me.seat, role=old)
        ctx.change_role(target, Phantom.id, told_now=None)
        ctx.identity(target).main.memory.spent = True
        robbed = ctx.grant(target, Robbed.id, me.seat)
        robbed.memory.role, robbed.memory.kept = old, kept


@role
class Phantom(Role):
    """怪盗 (役職変化系): its first night it must steal a role — another living seat's but 身代わりくん's — or
    choose 「盗まない」; told at once the seat's role. At level 125, if alive, it becomes that role (fresh, no dusk
    hook; its actions from the next night) and the robbed seat becomes a 怪盗 whose theft is spent: until its
    next dusk it still sees its old role and lists but is a 怪盗 of team Human for every rule; at that dusk it is
    told 「{name}は役職を盗まれて怪盗になりました。」 (V2.1.15)."""

    card_ja = ("怪盗: 村人の仲間です。最初の夜に、身代わりくん以外の生存者ひとりの役職を盗むか、盗まないかを選びます"
               "（必須）。盗むと相手の役職がすぐわかり、その夜の最後に（生きていれば）その役職になります。盗まれた人は"
               "怪盗（村人陣営）になり、次の夕方にそれを知らされます。")
    card_en = ("Phantom: a villager. On its first night it must steal the role of another living seat (never the "
               "scapegoat) or steal nothing. It learns that role at once and, if alive at the night's end, becomes it "
               "(its actions from the next night). The robbed seat becomes a Phantom on the village team (its theft "
               "spent), for every rule at once, but it is only told so at the next dusk.")

    abilities = (Swap(),)
    Memory = PhantomMemory

    @on(PhaseOpened)
    def first_night(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK and me.memory.first is None:
            me.memory.first = ctx.day
