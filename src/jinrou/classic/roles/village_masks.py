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
from jinrou.classic.events import Bitten, Executed, Threat, on
from jinrou.classic.identity import LayerKind
from jinrou.classic.model import Action, Cause, Count, Message, Seat, Verb
from jinrou.classic.role import Ability, Role, role, sub_role

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------- 在宅者 (V2.1.11)

REMOTE = Message.declare("remote worker", "{player}は家にこもり続けて処刑を免れました。",
                         "{player} stayed shut in at home and escaped the execution.")


@role
class RemoteWorker(Role):
    """在宅者: counts none (§1, §7: neither human nor wolf, like おばけ). Own resistance to every execution
    (a 独裁者's included), every time, while it is on team Human and does not count as wolf: public
    「{name}は家にこもり続けて処刑を免れました。」; the execution is used and kills nobody (プリンス's way,
    V1.1.3). Death resistance."""

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
