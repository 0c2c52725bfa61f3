"""村人系 that trick the wolves' bite (V2.2, group T): 奇術師, 迷える子羊, 赤ずきん, 看板娘, 家政婦."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once
from jinrou.classic.catalog import Team
from jinrou.classic.events import (
    Bitten,
    DeadBurialPass,
    Died,
    Nightfall,
    PhaseOpened,
    Threat,
    on,
)
from jinrou.classic.identity import Expiry
from jinrou.classic.model import Action, Cause, Count, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, LevelHook, Role, mark, role
from jinrou.classic.roles.common import Trick

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------- group T (wave 3, village part 2): tricks and
# bites — 奇術師 迷える子羊 赤ずきん 看板娘 家政婦 (V2.1.1 tricked attacks, V2.1.3 night cover, V2.1.4 bitten to death,
# V2.1.10 revival in a burial hook, V2.1.11 an extra execution)

MISDIRECT = Verb.declare("misdirect", label=("襲撃先をすり替える", "misdirect the attack"))


LURE = Verb.declare("lure", label=("身代わりになる", "lure the wolves"))


VISIT = Verb.declare("visit", label=("家を訪れる", "visit"))


COVERED_CAUSES = frozenset({"vampire", "witch", "dog", "hooligan", "dragon", "samurai", "elemental", "oni",
                            "assassinate", "ghost", "deathnote"})
"""The causes (besides a wolf's bite) a night cover stops: the deaths an attacker's own act causes (V2.1.3)."""


MISDIRECT_TOLD = Message.declare("misdirect", "{player}は今晩の人狼の襲撃先を{target}にすり替えました。",
                                 "{player} turns tonight's werewolf attack onto {target}.")


class Misdirect(Ability):
    """すり替え: once per game, any night from 2, optional, level 78: a living seat, itself allowed; told at
    once. At 78 tonight's wolf attacks with a target are turned on the chosen seat (not redirected itself)
    and tricked (V2.1.1); a later trick (迷える子羊 at 79) prevails."""

    verb = MISDIRECT
    level = 78
    required = False
    first = 2
    once = Once.GAME

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, MISDIRECT_TOLD, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.memory(Trick).seat = action.targets[0]


@role
class Illusionist(Role):
    """奇術師: once, from night 2, it may turn that night's wolf attacks on a living seat of its choice
    (itself too): the attack then kills a wolf or a ヴァンパイア and no guard stops it (V2.1.1)."""

    card_ja = ("奇術師: 2日目以降の夜に一度だけ、生存者ひとり（自分も可）を選べます（任意）。"
               "その夜の人狼の襲撃先がその人にすり替わり、その襲撃は護衛や罠では防げず、"
               "人狼やヴァンパイアも死にます。迷える子羊が同じ夜に身代わりになると、そちらが優先されます。")
    card_en = ("Illusionist: once, from night 2, you may choose a living player (yourself too): that night the "
               "werewolves' attack lands on that player instead. Such an attack ignores every guard and trap and "
               "kills even a werewolf or a vampire. If a Stray Sheep lures the wolves the same night, the sheep "
               "prevails.")

    abilities = (Misdirect(),)


@mark("Night cover", "襲撃系無効", until=Expiry.DAWN)
class NightCover(Role):
    """A 迷える子羊's night cover (V2.1.3), until dawn: silently and any number of times it stops the
    deaths an attacker's own act causes — a wolf's bite (tricked too), a vampire attack, 魔女's poison,
    犬, 暴動者, 竜騎士, 侍's counter, 精霊使い, 鬼, 暗殺者, 闇の霊媒師, デスノート — and no other."""

    card_ja = ("襲撃系無効（迷える子羊）: 朝まで、襲撃する者の手による死（人狼の襲撃、ヴァンパイアの襲撃、"
               "魔女の毒薬、暗殺など）を何度でも防ぎます（通知なし）。それ以外の死は防ぎません。")
    card_en = ("Night cover: from a 迷える子羊 (Stray Sheep), until dawn: it silently stops, any number of times, "
               "the deaths an attacker's own act causes (a werewolf or vampire attack, a witch's poison, an "
               "assassination …) and no other.")

    resist_rank = 3  # V2.1.3: after the guards, before 巫女の加護 (2), a shield (1) and 聖職者's protection

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is Cause.ATTACK:
            return ctx.biting(me.seat) is not None
        return threat.cause.value in COVERED_CAUSES


@dataclass
class SheepMemory:
    exposed: int = 0  # the last night it carried a 護衛無効 (its own or another's)
    lured: bool = False  # its lure was submitted
    lured_night: int = 0  # the night its lure took effect (0: not yet)


LURE_TOLD = Message.declare("lure", "{player}は身代わりになろうとしています。",
                            "{player} means to take the wolves' bite in everyone's place.")


class Lure(Ability):
    """身代わり: once per game, any night from 2, optional, no target, spent when submitted; told at once.
    It takes effect at level 79 of the first night from then on on which its seat is in A and free
    (:class:`Luring`)."""

    verb = LURE
    level = None
    arity = 0
    required = False
    first = 2
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.lured = True
        ctx.tell(action.seat, LURE_TOLD, player=action.seat)


class Luring(LevelHook):
    """At level 79 a lure not yet in effect: tonight's wolf attacks with a target are turned on the
    迷える子羊 and tricked (V2.1.1, after 奇術師's 78), and every other living seat gets a night cover until
    dawn (V2.1.3). Held back by a seal or a hypnosis, it waits for the next night."""

    level = 79

    def act(self, ctx: Context, me: Layer) -> None:
        memory: SheepMemory = me.memory
        if not memory.lured or memory.lured_night:
            return
        memory.lured_night = ctx.day
        ctx.memory(Trick).seat = me.seat
        for seat in ctx.living():
            if seat != me.seat:
                ctx.grant(seat, NightCover.id, me.seat)


@role
class StraySheep(Role):
    """迷える子羊: exposed every other night (at each dusk, dead or alive, it gets a 護衛無効 until the next
    dusk unless it carried one through the night before: nights 1, 3, 5 …); holy protection, 巫女の加護 and
    shields never protect it. Once, from night 2, it may lure the wolves: that night their attacks are
    turned on it, past every guard (V2.1.1), and every other living seat is covered until dawn (V2.1.3);
    from then on it dies at each dawn at which it lives (``attack``, unguardable)."""

    card_ja = ("迷える子羊: 1日おきの夜（1日目、3日目…）に護衛無効になり、"
               "聖職者の加護・巫女の加護・人身御供には守られません。2日目以降の夜に一度だけ、"
               "身代わりになれます（任意、対象なし）。その夜の人狼の襲撃はすべて自分に向き（護衛では防げません）、"
               "他の生存者は朝まで襲撃系の死から守られます。以後、生きて朝を迎えるたびに死亡します。")
    card_en = ("Stray Sheep: every other night (nights 1, 3, 5 …) no guard protects you, and a holy protection, a "
               "Miko's blessing or a Sacrifice never does. Once, from night 2, you may lure the wolves: that night "
               "all their attacks land on you, past every guard, and every other living player is safe until dawn "
               "from the deaths an attacker causes. From then on you die at each dawn you are alive.")

    Memory = SheepMemory
    abilities = (Lure(),)
    level_hooks = (Luring(),)
    unshielded = True

    @on(Nightfall)
    def expose(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        """At each dusk (the dead too, sealed or not): exposed unless it carried a 護衛無効 last night
        (settled here, as the reference's code: such a night ends it and places none)."""
        memory: SheepMemory = me.memory
        if memory.exposed == ctx.day - 1 and ctx.day > 1:
            return
        memory.exposed = ctx.day
        ctx.grant(me.seat, "Exposed", me.seat)

    @on(PhaseOpened)
    def dawn(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN:
            return
        memory: SheepMemory = me.memory
        if any(layer.role.voids_guards for layer in ctx.identity(me.seat).extras()):
            memory.exposed = max(memory.exposed, ctx.day - 1)  # another's exposure (破壊の狂人) shifts the cycle
        if memory.lured_night:
            ctx.kill(me.seat, Cause.ATTACK, guardable=False)


@dataclass
class RedHoodMemory:
    killer: Seat | None = None  # the wolf that bit it to death (V2.1.4), until another death


@role
class RedHood(Role):
    """赤ずきん: bitten to death, it remembers its killer; in every burial in which it is dead and that wolf
    is dead it revives (V2.1.10), announced after that burial's deaths. Any other death clears the memory.
    A reviver (霊界表示 ``norevive``) while alive or while it waits."""

    card_ja = ("赤ずきん: 人狼に噛まれて死ぬと、噛んだ人狼を覚えています。その人狼が死ぬと蘇生します。"
               "ほかの死に方をすると忘れます。")
    card_en = ("Little Red Riding Hood: killed by a werewolf's bite, you remember that werewolf; when it is dead "
               "too, you come back to life. Dying any other way makes you forget it.")

    Memory = RedHoodMemory
    closes_heaven = "while able"

    def still_reviving(self, ctx: Context, me: Layer) -> bool:
        return ctx.alive(me.seat) or me.memory.killer is not None

    @on(Died)
    def forget(self, ctx: Context, me: Layer, event: Died) -> None:
        me.memory.killer = None

    @on(Bitten)
    def remember(self, ctx: Context, me: Layer, event: Bitten) -> None:
        me.memory.killer = event.by

    @on(DeadBurialPass)
    def rise(self, ctx: Context, me: Layer, event: DeadBurialPass) -> None:
        killer = me.memory.killer
        if killer is not None and not ctx.alive(killer) and ctx.revive(me.seat):
            me.memory.killer = None


DRAW_GIRL = Message.declare("draw girl", "{player}は看板娘でした。今日は{count}人処刑されます。",
                            "{player} was the Draw Girl. {count} players will be executed today.")


@role
class DrawGirl(Role):
    """看板娘: bitten to death (V2.1.4), it makes the next day's executions one more, announced at that
    dawn 「{name}は看板娘でした。今日は{k}人処刑されます。」 (V2.1.11, V1.1.3); once per such death."""

    card_ja = "看板娘: 人狼に噛まれて死ぬと、次の朝に看板娘だったことが公表され、その日の処刑人数が1人増えます。"
    card_en = ("Draw Girl: killed by a werewolf's bite, you are revealed the next morning and that day one more "
               "player is executed.")


    @on(Bitten)
    def bitten(self, ctx: Context, me: Layer, event: Bitten) -> None:
        ctx.add_execution(DRAW_GIRL, player=me.seat)


HOUSEKEEPER_SAW = Message.declare("housekeeper saw", "{player}は{wolf}が{target}を襲うのを目撃しました。",
                                  "{player} saw {wolf} attack {target}.")


@mark("Housekept", "家政婦の訪問", until=Expiry.DAWN)
class Housekept(Role):
    """A 家政婦's visit, until dawn: if the seat dies bitten, or by another ``attack`` death with a wolf
    behind it (V2.1.4), the 家政婦 (the mark's source) is told at once who, even if dead."""

    card_ja = "家政婦の訪問: 朝まで、この人が人狼の襲撃で死ぬと、訪れた家政婦にどの人狼が襲ったかが伝わります。"
    card_en = ("Housekept: a 家政婦 (House Keeper) watches this seat until dawn: if a werewolf attack kills it, the "
               "House Keeper learns which werewolf.")

    @on(Died)
    def witness(self, ctx: Context, me: Layer, event: Died) -> None:
        if event.cause is Cause.ATTACK and event.source is not None and me.source is not None:
            ctx.tell(me.source, HOUSEKEEPER_SAW, player=me.source, wolf=event.source, target=me.seat)


VISIT_TOLD = Message.declare("visit", "{player}は{target}の家に訪れました。", "{player} visits {target}'s house.")


class Visit(Ability):
    """訪問: each night from 2, optional, level 95: another living seat; told at once. At 95 the
    (redirected) seat: counting as wolf and not of team Human → the 家政婦 dies (``attack``, unguardable,
    as a 逃亡者 at a wolf's house); else it is watched until dawn (:class:`Housekept`)."""

    verb = VISIT
    level = 95
    required = False
    first = 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, VISIT_TOLD, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        identity = ctx.identity(target)
        if identity.counts() is Count.WOLF and identity.team() is not Team.HUMAN:
            ctx.kill(action.seat, Cause.ATTACK, target, guardable=False)
        elif ctx.alive(target):
            ctx.grant(target, Housekept.id, action.seat)


@role
class HouseKeeper(Role):
    """家政婦: each night from 2 it may visit another living seat: at a wolf's house (not of team Human) it
    dies; else, if that seat dies that night of a wolf attack, it learns which wolf (even if dead)."""

    card_ja = ("家政婦: 2日目以降の夜、他の生存者ひとりの家を訪れられます（任意）。人狼（村人陣営でない）"
               "の家なら自分が死にます。そうでなければ、その夜その人が人狼に襲われて死ぬと、襲った人狼が分かります。")
    card_en = ("House Keeper: from night 2, each night you may visit another living player. At a werewolf's house "
               "(one not on the village's side) you die; otherwise, if a werewolf attack kills that player that "
               "night, you learn which werewolf it was.")

    abilities = (Visit(),)
