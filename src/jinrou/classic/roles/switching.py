"""役職変化系 (村人陣営, V1.2, V2.2): roles that become another — 呪われた者, オカルトマニア, 胡蝶."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import (
    BurialPass,
    Threat,
    on,
)
from jinrou.classic.identity import LayerKind
from jinrou.classic.model import Action, Blocked, Cause, Count, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, Shown, role, sub_role
from jinrou.classic.roles.common import (
    Divining,
    knows_wolves,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


@dataclass
class CursedMemory:
    turns: str | None = None  # the role it becomes after the next vote


@role
class Cursed(Role):
    """呪われた者: survives a wolf (vampire) attack and becomes 人狼 (ヴァンパイア) in the burial after
    the next vote (executions or none); told when the next phase opens."""

    card_ja = ("呪われた者: 人狼（ヴァンパイア）に襲われても死なず、次の投票の後の埋葬で人狼（ヴァンパイア）"
               "になります（処刑があってもなくても）。次の時間帯の初めに知らされます。")

    death_resistance = True  # V2.1.12

    Memory = CursedMemory
    blocks_as = Blocked.CURSE

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause not in (Cause.ATTACK, Cause.VAMPIRE):
            return False
        if threat.cause is Cause.ATTACK and ctx.biting(me.seat) is None:
            return False  # a wolf's bite only: not another role's `attack` death (a 貴族's 奴隷 dies for it, options/013)
        if me.memory.turns is None:
            me.memory.turns = "Werewolf" if threat.cause is Cause.ATTACK else "Vampire"
        return True

    @on(BurialPass)
    def turn(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        # after the vote, not after non-voters' sudden deaths (reference)
        if me.memory.turns and event.moment is Moment.DAY and event.last:  # V1.1.3: the day's last burial
            ctx.change_role(me.seat, me.memory.turns, told_now=False, layer=me)


# ---------------------------------------------------------------------- group C (wave 3, village part 2): role changes —
# オカルトマニア 胡蝶 (V2.1.15 role changes, V1.1.5 beliefs, W.1.12 appearances)

STUDY = Verb.declare("study", label=("指定", "study"))


STUDY_TOLD = Message.declare("study", "{player}は{target}を指定しました。", "{player} studies {target}.")
STUDIED = Message.declare("studied", "{player}は{role}になりました。", "{player} has become {role}.")


class Study(Ability):
    """オカルトマニア's study: each night from 2 until it changes, required, level 102: a living seat,
    itself allowed. At 102 the (redirected) seat, dead or alive by then: counts as wolf → 人狼; else
    holds 占い師 (an extra role or a kit too) → 占い師; else 村人 (V1.1.4); the new role's dusk hook runs
    at once (V2.1.15)."""

    verb = STUDY
    level = 102
    first = 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, STUDY_TOLD, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        identity = ctx.identity(ctx.aimed(action.targets[0]))
        new = "Werewolf" if identity.counts() is Count.WOLF else "Diviner" if identity.holds(Divining) else "Human"
        ctx.change_role(action.seat, new, told_now=False, layer=me)
        ctx.tell(action.seat, STUDIED, player=action.seat, role=new)
        ctx.dusk_hook(action.seat, me)


@role
class OccultMania(Role):
    """オカルトマニア: each night from 2 until it changes, it studies a living seat (required, itself
    allowed: it then becomes 村人); told 「{name}は{target}を指定しました。」. At level 102 it becomes 人狼
    if the (redirected) seat counts as wolf, else 占い師 if that seat holds one, else 村人 (V1.1.4); told
    「{name}は{role}になりました。」. Its new role's dusk hook runs at once; a new 人狼 is immune to that
    night's attacks and attacks from the next night."""

    card_ja = ("オカルトマニア: 2日目以降の夜、生きている人をひとり（自分も可）指定しなければなりません。"
               "その夜のうちに、指定した人が人狼として数えられれば人狼に、占い師（占いセットを含む）"
               "を持っていれば占い師に、それ以外なら村人になります（自分を指定すると村人）。"
               "人狼になった夜は人狼に襲われず、翌日の夜から襲撃します。")
    card_en = ("Occult Mania: a villager. From night 2 on, each night until it changes, it must name a living seat "
               "(itself allowed). That night it becomes a 人狼 (Werewolf) if the seat counts as a wolf, else a "
               "占い師 (Seer) if the seat holds one (a seer kit too), else a 村人 (Villager) — naming itself makes "
               "it a villager. It is told 「…になりました。」 (what it became) and takes up its new role at once; a "
               "new werewolf cannot be killed by that night's wolf attack and attacks from the next night.")

    abilities = (Study(),)


@dataclass
class DreamMemory:
    aware: bool = False  # V1.1.5: it has woken (and learned its role)


@sub_role("Dreamer", "胡蝶", LayerKind.SUB)
class Awakened(Role):
    """A woken 胡蝶 (not told as a sub-role; the seat is shown 胡蝶): team Werewolf, wins iff the result
    is Werewolf or LoneWolf, knows the wolves, reads and writes the wolf chat, where the others know
    it (as 囁き狂人). It still counts human and reads 村人."""

    card_ja = "胡蝶（目覚め）: 夢から覚めた胡蝶です。人狼陣営になり、人狼を知り、人狼チャットで話せます。"
    card_en = ("Dreamer: a 胡蝶 (Dreamer) woken by a wolf attack: on the werewolf team, it knows the wolves and "
               "writes in the Wolves chat, where the wolves know it.")

    judge_team = Team.WEREWOLF
    shown = Shown(chat=Chat.WOLF, as_role=True)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.WOLF})

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result in (Team.WEREWOLF, Team.LONE_WOLF)


DREAMER_WOKE = Message.declare("dreamer woke", "夢から覚めた{player}は胡蝶でした。", "{player} woke from a dream: it was a Dreamer.")


@role
class Dreamer(Role):
    """胡蝶: believes it is 村人 (V1.1.5). Own resistance, once: the first wolf attack reaching it does
    not kill it; it wakes, told at once 「夢から覚めた{name}は胡蝶でした。」, and from then is shown 胡蝶,
    has team Werewolf (wins iff team Werewolf or team LoneWolf wins), knows the wolves and reads and
    writes the wolf chat (as 囁き狂人). It still counts human and reads 村人. Death resistance."""

    card_ja = ("胡蝶: 自分を村人だと思っています。初めて人狼に襲撃されても一度だけ死なず、"
               "夢から覚めて胡蝶だと知ります。それからは人狼陣営（人狼陣営か一匹狼が勝てば勝利）になり、人狼を知り、"
               "人狼チャットで話せます（人狼からもわかります）。占い結果は村人で、人間として数えられます。")
    card_en = ("Dreamer: believes it is a 村人 (Villager). The first wolf attack that reaches it does not kill it: "
               "it wakes, is told 「夢から覚めた…は胡蝶でした。」 (it was a Dreamer), and from then on it is on the "
               "werewolf team (it wins if the werewolves or a lone wolf win), knows the wolves and writes in the "
               "Wolves chat, where the wolves know it. It is still divined 村人 (human) and counted as a human.")

    believes = "Human"
    Memory = DreamMemory
    death_resistance = True

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK or me.memory.aware:
            return False
        me.memory.aware = True
        ctx.tell(me.seat, DREAMER_WOKE, player=me.seat)
        ctx.grant(me.seat, Awakened.id)
        return True
