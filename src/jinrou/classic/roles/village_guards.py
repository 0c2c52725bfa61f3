"""村人系 that protect or withstand a death (V1.2, V2.2): 狼憑き, タフガイ, 巫女, 犬, 罠師, コスプレイヤー, 侍,
精霊使い, 竜騎士, 人身御供."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once
from jinrou.classic.catalog import Team
from jinrou.classic.events import (
    AttackedAt,
    Bitten,
    BurialPass,
    Countered,
    Guarded,
    PhaseOpened,
    Targeted,
    Threat,
    on,
)
from jinrou.classic.identity import Expiry
from jinrou.classic.model import Action, Blocked, Cause, Fortune, GuardKind, Message, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, LevelHook, Role, mark, role
from jinrou.classic.roles.common import (
    DOG_DEATH,
    TRAP_DEATH,
    Guarding,
    GuardMemory,
    Protection,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------------------------------------------
# Group VB (classic-roles-village-1 V1.2): 犬, 罠師, 巫女, タフガイ, 狼憑き


@role
class Lycan(Role):
    """狼憑き: a 村人 whose 占い結果 is 人狼; its 霊能結果 is 村人 and it counts human. Nothing else."""

    card_ja = "狼憑き: 村人です。占い結果は人狼です（霊能結果は村人）。ほかの能力はありません。"

    fortune = Fortune.WEREWOLF


@dataclass
class ToughMemory:
    state: str = ""  # "bitten" by its first resisted wolf attack, "doomed" from the next dawn


class ToughDeath(LevelHook):
    """A doomed seat's death: at level 100 it dies (`attack`); nothing prevents it (no protection,
    resistance, seal or hypnosis). The mark is then spent."""

    level = 100
    resolves_under_seal = True

    def act(self, ctx: Context, me: Layer) -> None:
        ctx.remove(me)
        ctx.die(me.seat, Cause.ATTACK)


@mark("Doomed", "瀕死")
class Doomed(Role):
    """Doomed (タフガイ, not told): it dies at level 100 of the night (:class:`ToughDeath`)."""

    card_ja = "瀕死（タフガイ）: その夜に必ず死にます（人狼の襲撃）。本人には知らされません。"
    card_en = "Doomed: a wounded タフガイ (Tough Guy), not told: it dies that night, as if attacked by the wolves."

    level_hooks = (ToughDeath(),)


@role
class ToughGuy(Role):
    """タフガイ: resists every wolf attack (§5.2 step 4; not a vampire's); the first one bites it
    (not told): it lives through the next day and dies at level 100 of the following night
    (`attack`), whatever protects it."""

    card_ja = ("タフガイ: 人狼の襲撃では死にません（何度でも。ヴァンパイアの襲撃では死にます）。"
               "最初に襲撃されると（通知なし）、翌日は生きていますが、"
               "その次の夜に必ず死にます（護衛・加護・耐性も効きません）。")
    card_en = ("Tough Guy: a wolf attack never kills it outright (a vampire's does). The first wolf attack that "
               "reaches it wounds it, without telling it: it lives through the next day and dies in the following "
               "night, as if attacked, whatever protects it.")

    Memory = ToughMemory
    death_resistance = True

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK:
            return False
        if not me.memory.state:
            me.memory.state = "bitten"
        return True

    @on(PhaseOpened)
    def doomed(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        memory: ToughMemory = me.memory
        if event.moment is Moment.DAWN and memory.state == "bitten":
            memory.state = "doomed"
            ctx.grant(me.seat, Doomed.id, me.seat)


PRAY = Verb.declare("pray", label=("祈る", "pray"))


@mark("Miko protection", "巫女の加護", until=Expiry.DUSK)
class MikoProtection(Role):
    """巫女の加護 (V1.1.9c), to the next dusk: stops every death but a sudden one, any number of times,
    silently; asked after guard protection and before 聖職者's protection (which is then kept); an
    execution it stops is W.1.11c's resisted execution."""

    card_ja = "巫女の加護: 次の夕方まで、突然死以外のどんな死にも耐えます（何度でも、通知なし）。"
    card_en = ("Miko protection: 巫女の加護, until the next dusk: stops every death but a sudden one, any number of "
               "times, silently; it acts after a guard's protection and before a 聖職者's (Priest's) protection, "
               "which is then kept; an execution it stops kills nobody and the day goes on.")

    blocks_as = Blocked.HOLY
    resist_rank = 2  # V2.1.3: after a night cover (3), before a shield (1) and 聖職者's protection

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        return not ctx.identity(me.seat).role.unshielded  # V2.1.3: never a 迷える子羊's


class Praying(LevelHook):
    """At level 71 a prayer not yet answered gives its seat 巫女の加護 (and is spent); held back by a
    seal or a hypnosis, it waits for the next night its seat is in A and free (the reference)."""

    level = 71

    def act(self, ctx: Context, me: Layer) -> None:
        ctx.remove(me)
        ctx.grant(me.seat, MikoProtection.id, me.seat)


@mark("Prayer", "祈り")
class Prayer(Role):
    """A 巫女's prayer, from its submission until level 71 of a night its seat is free (:class:`Praying`)."""

    card_ja = "祈り: 巫女の祈りです。能力が封印されていない夜のレベル71で巫女の加護になります。"
    card_en = ("Prayer: a 巫女's (Miko's) prayer; from the middle of the night, if the 巫女 is not sealed, it "
               "protects the 巫女 until the next dusk.")

    level_hooks = (Praying(),)


PRAYED = Message.declare("prayed", "{player}が聖なる力で自身を守りました。", "{player} prays for holy protection.")


class Pray(Ability):
    """巫女's prayer: once per game, any night from 1, optional, no target, spent at submission; told
    at once 「{name}が聖なる力で自身を守りました。」; at level 71 it gets 巫女の加護 until the next dusk."""

    verb = PRAY
    level = None  # its effect is the prayer's level hook, at 71
    arity = 0
    required = False
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.grant(action.seat, Prayer.id, action.seat)
        ctx.tell(action.seat, PRAYED, player=action.seat)


@role
class Miko(Role):
    """巫女: once, any night, it may pray: from level 71 to the next dusk every death but a sudden one
    misses it, silently (its execution too: the day goes on as after an execution)."""

    card_ja = ("巫女: 一度だけ、夜に祈れます（任意、対象なし）。その夜の途中（レベル71）から次の夕方まで、"
               "突然死以外のどんな死にも耐えます（何度でも、通知なし。処刑されても誰も死にません）。")
    card_en = ("Miko: once in the game, on any night, it may pray (no target). From the middle of that night until "
               "the next dusk no death can take it but a sudden death, and it is not told: executed, nobody dies and "
               "the day goes on as after an execution.")

    abilities = (Pray(),)
    death_resistance = True


ADOPT = Verb.declare("adopt", label=("飼い主を選ぶ", "adopt an owner"))


@dataclass
class DogMemory:
    owner: Seat | None = None  # its owner (not told), chosen on its first night
    night: int = 0  # the night it adopted
    bit: int = 0  # the night it bit


ADOPTED = Message.declare("adopted", "{player}は{target}を飼い主に選びました。", "{player} chose {target} as its owner.")


class Adopt(Ability):
    """犬's choice of owner: its first night, required, at once: another living seat (not told)."""

    verb = ADOPT
    level = None

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.owner is None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: DogMemory = me.memory
        memory.owner, memory.night = action.targets[0], ctx.day
        ctx.tell(action.seat, ADOPTED, player=action.seat, target=action.targets[0])


DOG_BITE = Message.declare("dog bite", "{player}が{target}を襲撃しました。", "{player} attacks {target}.")


class DogBite(Ability):
    """犬's bite: each night after its first while the owner lives, optional, level 80, the owner (not
    redirected): it dies (`dog`); no guard stops it, a holy protection, 巫女の加護 and its own
    resistances do. Told at submission 「{name}が{target}を襲撃しました。」; *targeted* after the kill."""

    verb = Verb.BITE
    level = 80
    required = False
    targets_on_submit = False

    def available(self, ctx: Context, me: Layer) -> bool:
        memory: DogMemory = me.memory
        return memory.owner is not None and memory.night < ctx.day and ctx.alive(memory.owner)

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        owner = me.memory.owner
        return [owner] if owner is not None and ctx.alive(owner) else []

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.bit = ctx.day
        ctx.tell(action.seat, DOG_BITE, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        owner = action.targets[0]
        ctx.kill(owner, DOG_DEATH, action.seat, guardable=False)
        ctx.emit(Targeted(owner, action.seat, self.verb))


class DogGuard(LevelHook):
    """犬's protection (V1.1.9a): each night after its first that it does not bite, level 80, its living
    owner gets a guard protection of 狩人's kind (*guarded*, and *targeted* as a 狩人's)."""

    level = 80

    def act(self, ctx: Context, me: Layer) -> None:
        memory: DogMemory = me.memory
        owner = memory.owner
        if owner is None or memory.night >= ctx.day or memory.bit == ctx.day or not ctx.alive(owner):
            return
        ctx.guard(owner, me.seat)
        ctx.emit(Targeted(owner, me.seat, Verb.GUARD))
        ctx.emit(Guarded(owner, me.seat))


@role
class Dog(Role):
    """犬: 占 人狼, 霊 人狼, counts human. On its first night it must choose another living seat as its
    owner (not told). Each later night, while the owner lives, it may bite the owner to death (`dog`:
    no guard stops it); else it guards the owner as a 狩人 does."""

    card_ja = ("犬: 占い結果・霊能結果は人狼ですが、人間として数えられます。最初の夜に、"
               "他の生存者ひとりを飼い主に選びます（必須、相手には知らされません）。以降の夜は、"
               "飼い主が生きていれば飼い主を襲えます（任意。護衛では防げません）。襲わない夜は、"
               "狩人と同じく飼い主を護衛します。")

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    Memory = DogMemory
    abilities = (Adopt(), DogBite())
    level_hooks = (DogGuard(),)
    death_resistance = True
    deadly_weapon = True


TRAP = Verb.declare("trap", label=("罠を仕掛ける", "set a trap"))


class TrapCheck(LevelHook):
    """罠's check (V1.1.9b), level 100, at the trapped seat's turn if it is in A: every guard protection of
    狩人's kind on it (exposed or not) costs its guard's life (`trap`), and those protections and the
    trap are removed."""

    level = 100
    resolves_under_seal = True  # the trapper's act, not the trapped seat's

    def act(self, ctx: Context, me: Layer) -> None:
        guards = ctx.guards_on(me.seat)
        if not guards:
            return
        ctx.remove(me)
        ctx.unguard(me.seat, me.source)
        for guard in dict.fromkeys(guards):
            ctx.unguard(me.seat, guard)
            ctx.kill(guard, TRAP_DEATH, me.source)


@mark("Trapped", "罠", until=Expiry.DAWN)
class Trapped(Role):
    """A 罠師's trap on a seat, to dawn (not shown): its guard check at 100 (:class:`TrapCheck`); each
    wolf attack it stops (a guard protection of the 罠 kind) kills a uniform random living attacking
    wolf (draw `trap victim`), a vampire attack it stops the vampire (`trap`)."""

    card_ja = "罠: 罠師の罠です（本人には見えません）。朝まで続きます。"
    card_en = ("Trapped: a 罠師's (Trapper's) trap on a seat, until dawn, not shown; it guards the seat. Each wolf "
               "attack it stops kills one living attacking wolf at random; a vampire's attack it stops kills that "
               "vampire.")

    level_hooks = (TrapCheck(),)

    @on(AttackedAt)
    def sprung(self, ctx: Context, me: Layer, event: AttackedAt) -> None:
        if event.host != me.seat or ctx.blocked() is not Blocked.TRAP or not ctx.alive(me.seat):
            return
        if event.cause is Cause.VAMPIRE and event.source is not None:
            ctx.kill(event.source, TRAP_DEATH, me.source)
        elif event.cause is Cause.ATTACK and (wolves := ctx.attackers()):
            ctx.kill(ctx.draw_seat("trap victim", wolves), TRAP_DEATH, me.source)


@dataclass
class TrapMemory:
    last: Seat | None = None  # the seat of its previous trap


TRAP_SET = Message.declare("trap set", "{player}は{target}を罠で護衛しました。", "{player} set a trap to protect {target}.")

TRAP_SUCCESS = Message.declare("trap success", "{trapper}の罠により{target}が襲撃から守られました。",
                               "{trapper}'s trap protected {target} from an attack.")
"""罠師's line when its trap stopped an attack (V1.2; told by the rules' attack, with ``gjmessage``)."""


class SetTrap(Ability):
    """罠師's trap: each night from 2, required, level 81: a living seat, not itself (unless
    ``guardmyself``), never the seat of its previous trap; told at once 「{name}は{target}を罠で護衛しました。」.
    The (redirected) seat, if alive, holds a protection of the 罠 kind and the trap until dawn (*guarded*)."""

    verb = TRAP
    level = 81
    first = 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        mine = ctx.settings.on("guardmyself")
        last = me.memory.last
        return [s for s in ctx.living() if (mine or s != me.seat) and s != last]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.last = action.targets[0]
        ctx.tell(action.seat, TRAP_SET, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if not ctx.alive(target):
            return
        ctx.guard(target, action.seat, GuardKind.TRAP)
        ctx.grant(target, Trapped.id, action.seat)
        ctx.emit(Guarded(target, action.seat))


@role
class Trapper(Role):
    """罠師: from night 2 it must set a trap on a living seat (never the same twice in a row): until dawn
    a 狩人's kind of guard on that seat dies, and the seat is unprotected; else each wolf or vampire
    attack on it fails and kills a random attacking wolf, or the vampire."""

    card_ja = ("罠師: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ。前回と同じ人は不可）"
               "に罠を仕掛けます（必須）。朝まで、その人を護衛した狩人・風来狩人・狩人セット・犬は罠で死に、"
               "その人は守られません。そうでなければその人への人狼・ヴァンパイアの襲撃は失敗し、"
               "襲撃した人狼からランダムにひとり（またはヴァンパイア）が罠で死にます。")

    Memory = TrapMemory
    abilities = (SetTrap(),)
    death_resistance = True
    deadly_weapon = True
    guard_role = True


# ---------------------------------------------------------------------- group G (village part 2): コスプレイヤー 侍
# 精霊使い 竜騎士 人身御供 — guards (V2.1.2), a counter guard, shields (V2.1.3), causes (V2.1.13)

SLAY = Verb.declare("slay", label=("竜の炎で焼き払う", "slay"))


SHIELD = Verb.declare("shield", label=("身代わりになる", "shield"))


@role
class Cosplayer(Guarding):
    """コスプレイヤー: a 狩人 in every rule (V2.1.2: its protection is a 狩人's) that reads 人狼 to the 占い師 and the
    霊能者; it counts human."""

    card_ja = ("コスプレイヤー: 狩人と同じく毎晩ひとりを護衛します（2日目の夜から。"
               "身代わりくんなしなら1日目の夜から。必須）。占い結果・霊能結果は人狼ですが、人間として数えられます。")
    card_en = ("Cosplayer: protects a seat each night as a 狩人 (Bodyguard) does, from night 2 (from night 1 without "
               "the scapegoat), required. It reads 人狼 (werewolf) to seers and mediums, but counts as a human.")

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    abilities = (Protection(),)


GUARD_CHOSEN = Message.declare("guard chosen", "{player}は{target}を護衛しました。", "{player} guards {target}.")


class CounterGuard(Protection):
    """侍's guard: each night from 2 (never night 1, whatever ``scapegoat``), required, level 82; 狩人's choices
    (``guardmyself``, ``consecutiveguard``); told at once 「{name}は{target}を護衛しました。」, *targeted* then. The
    (redirected) seat holds its counter guard until dawn (V2.1.2b, ``GuardKind.COUNTER``; *guarded*)."""

    level = 82
    targets_on_submit = True

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        super().submit(ctx, action, me)
        ctx.tell(action.seat, GUARD_CHOSEN, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        ctx.guard(target, action.seat, GuardKind.COUNTER)
        ctx.emit(Guarded(target, action.seat))


SAMURAI_DEATH = Cause.declare("samurai", "侍の反撃", "cut down by a samurai")  # 侍's counter (V2.1.13)


@role
class Samurai(Guarding):
    """侍: from night 2 it must guard a seat with its counter guard: each wolf or vampire attack on it that
    passes immunity fails, and the 侍 dies (`attack`, or `vampire` against a vampire) and so does the attacker
    (`samurai`), both through their protections and resistances; no guard success is told (瞳狼: 護衛)."""

    card_ja = ("侍: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ）を護衛します（必須）。"
               "その人への人狼・ヴァンパイアの襲撃は失敗し、侍は死に（人狼の襲撃・ヴァンパイアの襲撃）、"
               "襲撃した人狼またはヴァンパイアも侍の反撃で死にます。護衛成功は知らされません。")
    card_en = ("Samurai: from night 2 it must guard a living seat (itself only with the setting “guard yourself”). "
               "Each wolf or vampire attack on that seat fails: the Samurai dies of it, and its blade kills the "
               "attacking wolf or vampire. Nobody is told of a successful guard.")

    abilities = (CounterGuard(),)
    deadly_weapon = True

    @on(Countered)
    def counter(self, ctx: Context, me: Layer, event: Countered) -> None:
        """The counter of one attack its guard stopped: first the 侍 (unguardable), then the attacker."""
        ctx.kill(me.seat, event.cause, event.source, guardable=False)
        if event.source is not None:
            ctx.kill(event.source, SAMURAI_DEATH, me.seat)


@dataclass
class ElementalMemory(GuardMemory):
    protected: Seat | None = None  # the (redirected) seat its guard landed on …
    night: int = 0  # … that night


ELEMENTAL_GUARD = Message.declare("elemental guard", "{player}は精霊の力で{target}を護衛しました。",
                                  "{player} guards {target} with its spirits.")


class ElementalGuard(Protection):
    """精霊使い's guard: each night from 2 (never night 1), required, level 80; 狩人's choices (``guardmyself``;
    ``consecutiveguard=no`` forbids last night's seat: settled here, the reference never refuses it); told at
    once 「{name}は精霊の力で{target}を護衛しました。」, *targeted* then; the (redirected) seat gets a guard
    protection of 狩人's kind (V2.1.2a)."""

    targets_on_submit = True

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        super().submit(ctx, action, me)
        ctx.tell(action.seat, ELEMENTAL_GUARD, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: ElementalMemory = me.memory
        target = ctx.aimed(action.targets[0])
        ctx.guard(target, action.seat)
        ctx.emit(Guarded(target, action.seat))
        memory.protected, memory.night = target, ctx.day


ELEMENTAL_DEATH = Cause.declare("elemental", "暴走した精霊の力", "a rampaging spirit")  # 精霊使い's rampaging spirits (V2.1.13)


@role
class Elementaler(Guarding):
    """精霊使い: from night 2 it must guard a seat with its spirits (a 狩人's protection). Bitten to death (V2.1.4)
    that night, it takes the seat it protected with it, if alive (`elemental`, through its protections)."""

    card_ja = ("精霊使い: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ）"
               "を精霊の力で護衛します（必須。狩人の護衛と同じ）。その夜に自分が人狼に噛み殺されると、"
               "護衛した人も暴走した精霊の力で死にます。")
    card_en = ("Elementaler: from night 2 it must protect a living seat with its spirits (itself only with the "
               "setting “guard yourself”), as a 狩人 (Bodyguard) does. If the wolves kill it that night, the "
               "rampaging spirits kill the seat it protected too.")

    abilities = (ElementalGuard(),)
    Memory = ElementalMemory
    deadly_weapon = True

    @on(Bitten)
    def rampage(self, ctx: Context, me: Layer, event: Bitten) -> None:
        memory: ElementalMemory = me.memory
        if memory.night == ctx.day and memory.protected is not None:  # its guard resolved tonight
            ctx.kill(memory.protected, ELEMENTAL_DEATH, event.by)


@dataclass
class DragonMemory:
    guarded: Seat | None = None  # the seat its last guard protected (redirected) …
    guard_night: int = 0  # … on that night
    chosen: Seat | None = None  # the seat it chose (not redirected) the last night it acted …
    acted: int = 0  # … that night (0: none pending for the next dawn)
    slain: bool = False  # its one slay is used


class DragonAct(Ability):
    """A 竜騎士's night: from night 2, optional, level 80, another living seat (never itself); one of its two
    acts a night."""

    required = False
    level = 80
    first = 2

    def available(self, ctx: Context, me: Layer) -> bool:
        return not any(ctx.done(me, verb) for verb in (Verb.GUARD, SLAY))

    def acted(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: DragonMemory = me.memory
        memory.chosen, memory.acted = action.targets[0], ctx.day


class DragonGuard(DragonAct):
    """竜騎士's ``guard``: never the seat it protected the night before (whatever ``consecutiveguard``); told at
    once 「{name}は{target}を護衛しました。」; the (redirected) seat gets a guard protection of 狩人's kind."""

    verb = Verb.GUARD

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        memory: DragonMemory = me.memory
        last = memory.guarded if memory.guard_night == ctx.day - 1 else None
        return [s for s in ctx.living() if s not in (me.seat, last)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, GUARD_CHOSEN, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: DragonMemory = me.memory
        target = ctx.aimed(action.targets[0])
        ctx.guard(target, action.seat)
        ctx.emit(Guarded(target, action.seat))
        memory.guarded, memory.guard_night = target, ctx.day
        self.acted(ctx, action, me)


DRAGON_DEATH = Cause.declare("dragon", "竜の炎", "burnt by a dragon")  # 竜騎士's 竜の炎 (V2.1.13)


SLAY_CHOSEN = Message.declare("slay chosen", "{player}が{target}を襲撃しました。",
                              "{player} attacks {target} with its dragon's fire.")


class Slay(DragonAct):
    """竜騎士's ``slay``, once per game (spent when it resolves, as the reference): told at once 「{name}が{target}を
    襲撃しました。」; at level 80 the (redirected) seat dies (`dragon`: no guard, no wolf immunity)."""

    verb = SLAY

    def available(self, ctx: Context, me: Layer) -> bool:
        return super().available(ctx, me) and not me.memory.slain

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.slain)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, SLAY_CHOSEN, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.slain = True
        ctx.kill(ctx.aimed(action.targets[0]), DRAGON_DEATH, action.seat, guardable=False)
        self.acted(ctx, action, me)


@role
class DragonKnight(Role):
    """竜騎士: from night 2 it may guard another seat (never the same two nights running) or, once, burn one
    (`dragon`). At the dawn after a night it acted, alive, if the seat it chose is dead and of team Human, it
    dies (後追い, 自責の念)."""

    card_ja = ("竜騎士: 2日目の夜から毎晩、次のどちらかができます（任意）。"
               "他の生存者ひとりを護衛する（前の夜に護衛した人は不可）か、一度だけ、"
               "他の生存者ひとりを竜の炎で殺す（護衛では防げず、人狼も死にます）。行動した翌朝、生きていて、"
               "選んだ人が死んでいて村人陣営なら、自責の念で後を追います。")
    card_en = ("Dragon Knight: from night 2, each night, it may either guard another living seat (never the one it "
               "guarded the night before) or, once in the game, burn another living seat to death with its dragon's "
               "fire (no guard stops it, and a wolf dies of it too). At the dawn after a night it acted, if it lives "
               "and the seat it chose is dead and of the village team, it takes its own life out of remorse.")

    abilities = (Slay(), DragonGuard())  # a bot weighs the slay first (one act a night)
    Memory = DragonMemory
    death_resistance = True
    deadly_weapon = True
    guard_role = True

    @on(BurialPass)
    def remorse(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        """In the dawn burial (any pass: the chosen seat may die in a later one), once."""
        memory: DragonMemory = me.memory
        if event.moment is not Moment.DAWN or memory.acted != ctx.day - 1 or memory.chosen is None:
            return
        if not ctx.alive(memory.chosen) and ctx.identity(memory.chosen).team() is Team.HUMAN:
            memory.acted = 0
            ctx.follow(me.seat, "dragonknight")


SACRIFICE_DEATH = Cause.declare("sacrifice", "生贄", "sacrificed")  # 人身御供's 生贄 (V2.1.13)


SACRIFICED = Message.declare("sacrificed", "{target}は人身御供を差し出し{cause}に抵抗しました。",
                             "{target} withstood {cause}: a Sacrifice died in its place.")


@mark("Shielded", "生贄の守り", until=Expiry.DUSK)
class Shielded(Role):
    """A 人身御供's shield (V2.1.3), to the next dusk: the first death its seat would suffer (not a sudden one),
    while the seat is of team Human, not a 迷える子羊 (``unshielded``) and its 人身御供 lives, does not happen — the 人身御供 dies instead
    (`sacrifice`, through its own protections; 瞳狼: 身代わり); silent (the end log tells it). Asked after
    巫女の加護 and before 聖職者's protection; an execution it stops is W.1.11c's."""

    card_ja = "生贄の守り: 次の夕方まで、最初に受ける死（突然死を除く）の代わりに人身御供が死にます（通知なし）。"
    card_en = ("Shielded: a Sacrifice offered its life for this seat: until the next dusk, the first death it would "
               "suffer (a sudden death aside) kills the Sacrifice instead, silently.")

    blocks_as = Blocked.SUBSTITUTE
    resist_rank = 1

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        giver, identity = me.source, ctx.identity(me.seat)
        if (giver is None or not ctx.alive(giver) or threat.cause is SACRIFICE_DEATH
                or identity.team() is not Team.HUMAN or identity.role.unshielded):  # never a 迷える子羊 (V2.1.3)
            return False
        ctx.remove(me)
        ctx.note(SACRIFICED, target=me.seat, cause=threat.cause.value)
        ctx.kill(giver, SACRIFICE_DEATH, giver)
        return True


SHIELD_OFFERED = Message.declare("shield offered", "{player}が{target}を守るため自らの命を差し出そうとしています。",
                                 "{player} offers its own life to protect {target}.")


class Offer(Ability):
    """人身御供's ``shield``: once per game, any night, optional, level 70, spent at submission: another living
    seat; told at once 「{name}が{target}を守るため自らの命を差し出そうとしています。」. At level 70 the
    (redirected) seat, if of team Human, is shielded until the next dusk (:class:`Shielded`)."""

    verb = SHIELD
    level = 70
    required = False
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, SHIELD_OFFERED, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target) and ctx.identity(target).team() is Team.HUMAN:
            ctx.grant(target, Shielded.id, action.seat)


@role
class Sacrifice(Role):
    """人身御供: once, any night, it may offer its life for another seat of team Human: until the next dusk the
    first death that seat would suffer kills the 人身御供 instead (an execution too: nobody else dies)."""

    card_ja = ("人身御供: 一度だけ、夜に他の生存者ひとりを選べます（任意）。その人が村人陣営なら、"
               "次の夕方まで（翌日の処刑も含む）、その人が最初に受ける死（突然死を除く）"
               "の代わりに人身御供が死にます（生贄。通知なし）。")
    card_en = ("Sacrifice: once in the game, at night, it may offer its life for another living seat. If that seat "
               "is of the village team, until the next dusk (the next day's execution included) the first death it "
               "would suffer, a sudden death aside, kills the Sacrifice instead; nobody is told.")

    abilities = (Offer(),)
    death_resistance = True
