"""Team Werewolf's 狂人系 of wave 3 (classic-roles-werewolf W.3): madmen on the wolves' side.

Defaults (W.3): 占 村人, 霊 村人, counts human, knows nobody, no chat; 人狼占い converts them like
every madman (§8). Each class states only what is special about it; the mechanics they use are the
engine's, named for no role: appearing as a wolf and being known to wolves (W.1.12, flags), a chat
read without writing (``Role.listens``), a publication on death (W.1.13), an own resistance (§5.2
step 4), a death on execution, and a result overlay held by a mark (W.1.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jinrou.classic.abilities import LevelHook, Once
from jinrou.classic.catalog import Team
from jinrou.classic.events import AttackedAt, BurialPass, Died, Divined, Executed, PhaseOpened, Targeted, on
from jinrou.classic.identity import Expiry, Seal
from jinrou.classic.model import Action, Blocked, Cause, Count, Fortune, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, mark, role
from jinrou.classic.roles.common import Contacted, ContactHook, Divination, Gamble, PlaceMark, knows_wolves
from jinrou.classic.roles.village import Diviner, Guard, Hunter, OnceMemory, first_divination_pool

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.events import Threat
    from jinrou.classic.identity import Layer


FRAME = Verb.declare("frame", label=("狼に仕立てる", "frame"))


@role
class LurkingMad(Role):
    """暗躍者: appears as a wolf to those who know the wolves (W.1.12); knows nobody; the wolves may
    attack it."""

    name_en = "Lurking Madman"
    appears_as_wolf = True


@role
class HearMadman(Role):
    """聴狂人: knows the wolves (as 狂信者); reads the wolf chat's talk, not its notices (the attack
    chosen, a skill), and cannot write there."""

    name_en = "Hearing Madman"
    listens = frozenset({Chat.WOLF})

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)


@role
class Spy2(Role):
    """スパイⅡ: knows the wolves and is known to them (W.1.12). At its death, whatever the cause, its
    report is public at once, before the death's own announcement (W.1.13): 「{name}の調査報告書が発見
    されました。」 and every seat's current role. Wins iff the result is Werewolf and it is alive."""

    name_en = "Spy II"
    known_to_wolves = True

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    @on(Died)
    def publish(self, ctx: Context, me: Layer, event: Died) -> None:
        ctx.tell(None, "spy report", player=me.seat)
        ctx.tell(None, "spy report roles", roles={s: ctx.identity(s).role.id for s in ctx.seats()})

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.WEREWOLF and ctx.alive(me.seat)


@role
class Acrobat(Role):
    """曲芸師: the first wolf attack that reaches it (past guards) does not kill it, once per game
    (§5.2 step 4); told 「{name}は人狼の襲撃を回避しました。」."""

    death_resistance = True  # V2.1.12

    Memory = OnceMemory
    blocks_as = Blocked.ACROBATICS

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK or me.memory.used:
            return False
        me.memory.used = True
        ctx.tell(me.seat, "acrobat", player=me.seat)
        return True


@role
class BlackCat(Role):
    """黒猫: when executed, one living seat not counting as wolf dies of its poison (`poison`, drawn
    uniformly); nothing if there is none."""

    deadly_weapon = True  # V2.1.12

    name_en = "Black Cat"

    @on(Executed)
    def poison(self, ctx: Context, me: Layer, event: Executed) -> None:
        wolves = set(ctx.counting(Count.WOLF))
        pool = [s for s in ctx.living() if s not in wolves]
        if pool:
            ctx.kill(ctx.draw_seat("poison", pool), Cause.POISON, me.seat)


@mark("Framed", "狼少年の濡れ衣")
class Framed(Role):
    """Framed by a 狼少年 (W.1.5): reads 人狼 until its seat's next dusk hook — a dead seat keeps it."""

    fortune_overlay = Fortune.WEREWOLF

    @on(PhaseOpened)
    def end(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK:
            ctx.remove(me)


class Frame(PlaceMark):
    """狼少年's frame: each night from 1, optional, level 90, a living seat (itself allowed): the
    (redirected) target reads 人狼 until its next dusk hook; a private fact."""

    verb = FRAME
    mark = "Framed"
    level = 90
    required = False


@role
class WolfBoy(Role):
    """狼少年: each night it may frame a living seat, which reads 人狼 to the diviners until its next
    dusk (W.1.5); the 霊能結果 and 人狼占い's role name are untouched."""

    name_en = "Wolf Boy"
    abilities = (Frame(),)


# ---------------------------------------------------------------------- 月下美人, マッドサイエンティスト, 美女 (group T)


@mark("Fascinated", "魅了")
class Fascinated(Role):
    """魅了 (a 月下美人's, for good; the seat is not told): at every burial at which the 月下美人 that
    placed it is dead, the seat dies (後追い, `suicide`)."""

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if me.source is not None and not ctx.alive(me.source):
            ctx.follow(me.seat, "charm", me.source)


class Fascination(ContactHook):
    """月下美人's charm at level 122 (after 人狼占い's conversion at 120, which would end it): each seat
    that divined or guarded it tonight and is alive gets 魅了, not told."""

    level = 122

    def touch(self, ctx: Context, me: Layer, seat: Seat) -> None:
        ctx.grant(seat, Fascinated.id, me.seat)


@role
class QueenOfNight(Contacted):
    """月下美人: at level 122 (acting if alive at the night's end), each seat that divined it with
    effects or guarded it this night and is alive is charmed (魅了, not told): from then on, at every
    burial at which the 月下美人 is dead, it dies (後追い)."""

    name_en = "Queen of the Night"
    level_hooks = (Fascination(),)


class Resuscitation(Ability):
    """マッドサイエンティスト's revival: once per game, any night from 2 while a seat is dead, optional,
    level 100, a dead seat (never a sudden death's); spent when submitted, even if it fails. The
    (redirected) target revives and becomes 狼の子分, told 「{target}は狼の子分になりました。」."""

    verb = Verb.REVIVE
    required = False
    first = 2
    once = Once.GAME

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.dead() if not ctx.died_suddenly(s)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "resuscitation", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.revive(target):
            ctx.grant(target, "WolfMinion", me.seat)
            ctx.tell(target, "minion", target=target)


@role
class MadScientist(Role):
    """マッドサイエンティスト: once, from night 2, it may revive a dead seat, which becomes 狼の子分
    (team Werewolf). While alive with its revival unused, the dead see less (霊界表示 norevive)."""

    name_en = "Mad Scientist"
    abilities = (Resuscitation(),)
    closes_heaven = "while able"

    def still_reviving(self, ctx: Context, me: Layer) -> bool:
        return ctx.alive(me.seat) and Verb.REVIVE.value not in dict(me.uses)


CHARM = Verb.declare("charm", label=("魅了", "charm"))


@mark("Attracted", "美女の魅了", until=Expiry.DUSK)
class WomanAttracted(Role):
    """美女の魅了 (until the next dusk; the seat is not told): at a burial where the 美女 that placed it
    is newly dead, by any cause but a wolf attack, the seat dies (後追い, `suicide`)."""

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        source = me.source
        if source is None or ctx.alive(source) or source in ctx.announced_dead():
            return
        if ctx.cause_of_death(source) is not Cause.ATTACK:
            ctx.follow(me.seat, "charm", source)


class Charm(PlaceMark):
    """美女's charm: each night from 1, optional, level 100, another living seat (told 「{name}は
    {target}を魅了しました。」): the (redirected) seat gets 美女の魅了 until the next dusk."""

    verb = CHARM
    mark = WomanAttracted.id
    itself = False
    required = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "charmed", player=action.seat, target=action.targets[0])


@role
class AttractiveWoman(Role):
    """美女: each night it may charm another living seat until the next dusk; if the 美女 dies meanwhile
    by any cause but a wolf attack, the charmed seat dies with it (後追い, at that burial)."""

    name_en = "Attractive Woman"
    abilities = (Charm(),)


# ---------------------------------------------------------------------- divination (W.1.4, W.1.5, W.3)
# 邪魔狂人, 雨男, 妖術師, かぼちゃ魔, 影法師, サトリ, 丑刻参: marks that obstruct their seat's divinations
# (W.1.4, ``blocks_divination``: the engine calls an obstructed ``divination``'s ``obstructed`` instead of
# ``resolve``), more overlays (「かぼちゃ」, 影法師's pair held while it lives), a mark that reacts to its
# seat being divined (丑刻参's 呪い) and the words a mind reader reads (``Role.mind_read``).

OBSTRUCT = Verb.declare("obstruct", label=("占いを邪魔する", "obstruct"))
RAIN = Verb.declare("rain", label=("雨を降らせる", "make it rain"))
COSTUME = Verb.declare("costume", label=("かぼちゃにする", "costume"))
CURSE = Verb.declare("curse", label=("呪う", "curse"))


@mark("Obstructed", "占いの邪魔", Expiry.DUSK)
class Obstructed(Role):
    """Obstructed by a 邪魔狂人 (W.1.4) until the next dusk: each divination its seat makes gives no
    result and no effect; told at dawn that it was obstructed instead."""

    blocks_divination = True


class Obstruct(PlaceMark):
    """邪魔狂人's obstruction: each night from 1, required, level 90, a living seat (itself allowed):
    the (redirected) target is obstructed until the next dusk."""

    verb = OBSTRUCT
    mark = "Obstructed"
    level = 90


@role
class ObstructiveMad(Role):
    """邪魔狂人: each night it must obstruct a living seat, whose divinations that night give no
    result and no effect (W.1.4: 占い師, 子狐, 人狼占い, 妖術師, サトリ, a 占いセット)."""

    name_en = "Obstructive Madman"
    abilities = (Obstruct(),)


@dataclass
class RainMemory:
    pending: bool = False  # it rained: the weather is told at its next living dawn


@mark("Rain", "雨", Expiry.DAWN)
class Rained(Role):
    """The rain of a 雨男 (W.1.4): every living seat of a rainy day is obstructed that night (from the
    rainy dawn to the next, so at level 90 too, whatever became of the 雨男)."""

    blocks_divination = True


class Rain(Ability):
    """雨男's rain: once per game, any night from 2, optional, no target; told at once 「{name}は翌日に
    雨を降らせます。」."""

    verb = RAIN
    level = None
    arity = 0
    required = False
    first = 2
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.pending = True
        ctx.tell(action.seat, "rain chosen", player=action.seat)


@role
class RainyBoy(Role):
    """雨男: once, from night 2, it may make it rain: at its next dawn alive everybody is told
    「今日は雨が降っています。」 and that day's night every living seat's divinations are obstructed
    (W.1.4) — even if the 雨男 died in the day."""

    name_en = "Rainy Boy"
    Memory = RainMemory
    abilities = (Rain(),)

    @on(PhaseOpened)
    def weather(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN or not me.memory.pending:
            return
        me.memory.pending = False
        ctx.tell(None, "rain")
        for seat in ctx.living():
            ctx.grant(seat, "Rained", me.seat)


class Sorcery(Divination):
    """妖術師's divination: each night from 1, required, level 100, another living seat: told whether it
    holds a 占い師 (a 占いセット included) — at dawn, or at once with ``divineresult=immediate``. No
    curse, no *divined* hook; obstructable (W.1.4)."""

    def result(self, ctx: Context, target: Seat) -> str:
        return "found" if ctx.identity(target).holds(Diviner) else "not found"

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if ctx.settings["divineresult"] != "immediate":
            self.tell(ctx, action, self.result(ctx, ctx.aimed(action.targets[0])), now=False)

    def tell(self, ctx: Context, action: Action, result: str, now: bool) -> None:
        key, args = f"sorcery {result}", {"player": action.seat, "target": action.targets[0]}
        if now:
            ctx.tell(action.seat, key, **args)
        else:
            ctx.tell_at_dawn(action.seat, key, **args)


@role
class Sorcerer(Role):
    """妖術師: each night it must examine another living seat and learns whether it is a 占い師
    (「…占い師でした。」 or 「…占い師ではありませんでした。」); no auto first divination."""

    abilities = (Sorcery(),)


@mark("Pumpkin costume", "かぼちゃの仮装")
class Costumed(Role):
    """A かぼちゃ魔's costume (W.1.5): reads 「かぼちゃ」 to the diviners for the rest of the game."""

    fortune_overlay = Fortune.PUMPKIN


class Costume(Ability):
    """かぼちゃ魔's costume: each night from 1, required, level 90, a living seat (itself allowed): told
    at once 「{name}が{target}をかぼちゃにしました。」; the (redirected) target, if alive then, reads
    「かぼちゃ」 from then on."""

    verb = COSTUME
    level = 90

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "costumed", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if not ctx.alive(target):
            return
        old = ctx.identity(target).layer("Costumed")
        if old is not None:  # costumed again: on top again (W.1.5), one layer kept
            ctx.remove(old)
        ctx.grant(target, "Costumed", action.seat)


@role
class Pumpkin(Role):
    """かぼちゃ魔: each night it must costume a living seat, which reads 「かぼちゃ」 to 占い師, 子狐 and
    サトリ for the rest of the game (W.1.5); the 霊能結果 and 人狼占い's role name are untouched."""

    abilities = (Costume(),)


class ShadowMark(Role):
    """A 影法師's overlay (W.1.5), held while its 影法師 (the mark's source) lives: removed at its
    death, or at the first burial after it (a death it did not hear of)."""

    @on(BurialPass)
    def lift(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if me.source is not None and not ctx.alive(me.source):
            ctx.remove(me)


@mark("Shadow black", "影法師の影（人狼）")
class ShadowBlacked(ShadowMark):
    """On each 狩人 (a 狩人セット too): reads 人狼 while the 影法師 lives."""

    fortune_overlay = Fortune.WEREWOLF


@mark("Shadow white", "影法師の影（村人）")
class ShadowWhited(ShadowMark):
    """On one wolf: reads 村人 while the 影法師 lives."""

    fortune_overlay = Fortune.HUMAN


@role
class Shadow(Role):
    """影法師: at its first dusk every seat holding 狩人 reads 人狼, and one living seat counting as
    wolf (drawn ``shadow wolf``) reads 村人, while the 影法師 lives (W.1.5); it is told 「{name}は
    {target}の影を抜きました。」 and the wolf chat 「{target}は影を抜かれたようです。」."""

    Memory = OnceMemory

    @on(PhaseOpened)
    def draw_shadows(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK or me.memory.used:
            return
        me.memory.used = True
        for seat in ctx.holding(Guard):
            ctx.grant(seat, "ShadowBlacked", me.seat)
        wolves = [s for s in ctx.living() if ctx.identity(s).counts() is Count.WOLF]
        if not wolves:
            return
        wolf = ctx.draw_seat("shadow wolf", wolves)
        ctx.grant(wolf, "ShadowWhited", me.seat)
        ctx.tell(me.seat, "shadow cast", player=me.seat, target=wolf)
        ctx.tell(ctx.chat_members(Chat.WOLF), "shadow wolf", target=wolf)

    @on(Died)
    def release(self, ctx: Context, me: Layer, event: Died) -> None:
        for seat in ctx.seats():
            for layer in ctx.identity(seat).extras():
                if isinstance(layer.role, ShadowMark) and layer.source == me.seat:
                    ctx.remove(layer)


class MindReading(Divination):
    """サトリ's divination: each night from 1, required, level 100, another living seat: the 占い結果
    word (overlays read), except that a seat reading 村人 whose role or extra role declares a
    ``mind_read`` word (大狼, 占い師 and its kit) gives that word. A divination with effects: a 妖狐
    dies (呪殺), *divined* hooks run; obstructable (W.1.4)."""

    def result(self, ctx: Context, target: Seat) -> str:
        identity = ctx.identity(target)
        fortune = identity.fortune()
        if fortune is Fortune.HUMAN:
            word = next((r.mind_read for r in identity.held() if r.mind_read is not None), None)
            if word is not None:
                return word
        return fortune.value

    def tell(self, ctx: Context, action: Action, result: str, now: bool) -> None:
        args = {"player": action.seat, "target": action.targets[0], "result": result}
        if now:
            ctx.tell(action.seat, "mind read", **args)
        else:
            ctx.tell_at_dawn(action.seat, "mind read", **args)


@role
class Satori(Role):
    """サトリ: each night it must read another living seat's mind: 「{name}の読心の結果、{target}は
    {result}でした。」 — its 占い結果, or 「大狼」/「占い師」 for a 大狼 or 占い師 reading 村人; a 妖狐 it
    reads dies. With ``firstnightdivine=auto`` night 1's seat is drawn as 占い師's, 大狼 and 占い師
    excluded (draw ``first divination``)."""

    abilities = (MindReading(),)

    @on(PhaseOpened)
    def first_reading(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        seat = me.seat
        if event.moment is not Moment.DUSK or ctx.day != 1 or ctx.settings["firstnightdivine"] != "auto" or (
                seat == ctx.scapegoat):
            return
        pool = [s for s in first_divination_pool(ctx, seat)
                if not any(r.mind_read is not None for r in ctx.identity(s).held())]
        if pool:
            ctx.tell(seat, "mind read auto", player=seat)
            ctx.submit(Action(seat, Verb.DIVINE, (ctx.draw_seat("first divination", pool),)))


@mark("Hex", "丑の刻参りの呪い", Expiry.DUSK)
class Hexed(Role):
    """A 丑刻参's curse (W.1.7) until the next dusk: divined that night with effects, its seat dies
    (``curse``)."""

    @on(Divined)
    def strike(self, ctx: Context, me: Layer, event: Divined) -> None:
        ctx.kill(me.seat, Cause.CURSE, event.by)


class Hex(PlaceMark):
    """丑刻参's curse: each night from 1, optional, level 90, a living seat: the (redirected) target
    carries 呪い until the next dusk."""

    verb = CURSE
    mark = "Hexed"
    level = 90
    required = False


@role
class Ushinotokimairi(Role):
    """丑刻参: each night it may curse a living seat: divined (*divined* hook) that night, it dies
    (``curse``); on a night it cursed, the 丑刻参 dies too if divined."""

    abilities = (Hex(),)

    @on(Divined)
    def exposed(self, ctx: Context, me: Layer, event: Divined) -> None:
        if ctx.done(me, CURSE):
            ctx.kill(me.seat, Cause.CURSE, event.by)


# ---------------------------------------------------------------------- 狂人系: bombs, exposures, reflexes


BOMB = Verb.declare("bomb", label=("爆弾を仕掛ける", "plant a bomb"))
EXPOSE = Verb.declare("expose", label=("護衛を無効にする", "expose"))


@dataclass
class BombMemory:
    exploded: bool = False  # it explodes once (settled here); removed at the next dawn then


def explode(ctx: Context, me: Layer) -> None:
    """The bomb ``me`` is spent: it leaves its seat at the next dawn (dead or alive)."""
    me.memory.exploded = True
    me.until = Expiry.DAWN


class BombCheck(LevelHook):
    """(a) At level 100, at the carrier's turn if it is in A: each guard protection of 狩人's kind on
    it (exposed or not) kills its guard and the carrier (罠) and is removed."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        guards = [] if me.memory.exploded else ctx.guards_on(me.seat)
        if not guards:
            return
        explode(ctx, me)
        for guard in dict.fromkeys(guards):
            ctx.unguard(me.seat, guard)
            ctx.kill(guard, Cause.TRAP, me.source)
        ctx.kill(me.seat, Cause.TRAP, me.source)


@mark("Bomb", "爆弾")
class Bomb(Role):
    """A bomb (W.1.7), invisible to its carrier, until it explodes once: (a) on a guard protection
    at level 100 (:class:`BombCheck`); (b) after a wolf attack on the carrier, whatever its outcome,
    the wolf that submitted it dies (罠), and after a ヴァンパイア's bite on the living carrier, that
    vampire; (c) the carrier executed, a living seat among its voters of that ballot, drawn
    uniformly (``bomb victim``). An exploded bomb leaves its seat at the next dawn."""

    Memory = BombMemory
    level_hooks = (BombCheck(),)

    @on(AttackedAt)
    def attacked(self, ctx: Context, me: Layer, event: AttackedAt) -> None:
        if event.host != me.seat or me.memory.exploded or event.source is None:
            return
        explode(ctx, me)
        ctx.kill(event.source, Cause.TRAP, me.source)

    @on(Executed)
    def executed(self, ctx: Context, me: Layer, event: Executed) -> None:
        voters = [] if me.memory.exploded else [v for v in ctx.ballot_voters(me.seat) if ctx.alive(v)]
        if voters:
            explode(ctx, me)
            ctx.kill(ctx.draw_seat("bomb victim", voters), Cause.TRAP, me.source)


class PlantBomb(PlaceMark):
    """爆弾魔's bomb: once per game, any night from 1, optional, level 81: the (redirected) seat
    carries a bomb."""

    verb = BOMB
    mark = Bomb.id
    itself = False
    level = 81
    required = False
    once = Once.GAME


@role
class Bomber(Role):
    """爆弾魔: once, any night, it may plant a bomb on another living seat (see the bomb: it
    punishes the guards that protect its carrier, the wolf or vampire that attacks it, or one of
    the voters that execute it; one explosion)."""

    deadly_weapon = True  # V2.1.12

    abilities = (PlantBomb(),)


@mark("Exposed", "護衛無効", until=Expiry.DUSK)
class Exposed(Role):
    """Exposed by a 破壊の狂人 until the next dusk: guard protections on the seat (狩人's kind, 罠,
    侍's counter guard) stop no attack — no GJ, no 瞳狼 line — though a bomb's and a 罠's guard
    checks still see them."""

    voids_guards = True


class Expose(PlaceMark):
    """破壊の狂人's exposure: each night from 1, optional, level 90: a living seat, itself allowed."""

    verb = EXPOSE
    mark = Exposed.id
    level = 90
    required = False


@role
class DestroyCraziest(Role):
    """破壊の狂人: each night it may expose a living seat (itself too): until the next dusk the guard
    protections on it stop no attack."""

    name_en = "Destroy Craziest"
    abilities = (Expose(),)


@dataclass
class PsychoMemory:
    night: int = 0  # the night of the seats below
    by: list[Seat] = field(default_factory=list)  # who targeted it that night


class Reflex(LevelHook):
    """サイコキラー's reflex, level 104, also while it is dead: every seat that targeted it tonight and
    is alive dies (`psycho`); the list is then spent."""

    level = 104

    def act(self, ctx: Context, me: Layer) -> None:
        memory: PsychoMemory = me.memory
        by, memory.by = (memory.by if memory.night == ctx.day else []), []
        for seat in by:
            ctx.kill(seat, Cause.PSYCHO, me.seat)


@role
class PsychoKiller(Role):
    """サイコキラー: every seat that chooses it as the target of a night action (a divination, a hiding
    place, a revival, the wolf attack — at submission, not redirected; the drawn night-1 divination
    too; a guard when its protection lands on it at level 80) dies at level 104, even if the サイコキラー
    is dead by then; the attack at 105 still kills it."""

    deadly_weapon = True  # V2.1.12

    name_en = "Psycho Killer"
    Memory = PsychoMemory
    level_hooks = (Reflex(),)
    hooks_while_dead = True

    @on(Targeted)
    def noted(self, ctx: Context, me: Layer, event: Targeted) -> None:
        memory: PsychoMemory = me.memory
        if memory.night != ctx.day:
            memory.night, memory.by = ctx.day, []
        if event.by != me.seat and event.by not in memory.by:
            memory.by.append(event.by)


# ---------------------------------------------------------------------- attackers of the 狂人系: 狂犬, 復讐人


class Bite(Ability):
    """狂犬's bite: once per game, any night from 2, optional, level 100, another living seat: the
    (redirected) target dies (`dog`); no guard stops it, a holy protection and the target's own
    resistances do (a 妖狐 dies). Spent when it resolves."""

    verb = Verb.BITE
    first = 2
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.used

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.used)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True
        ctx.kill(ctx.aimed(action.targets[0]), Cause.DOG, action.seat, guardable=False)


@role
class MadDog(Role):
    """狂犬: 占 人狼, 霊 人狼, counts human. Once, from night 2, it may bite a living seat to death (`dog`):
    no guard stops it; a holy protection and the target's own resistances do."""

    deadly_weapon = True  # V2.1.12

    name_en = "Mad Dog"
    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    abilities = (Bite(),)
    Memory = OnceMemory


@role
class MadHunter(Hunter):
    """復讐人: a ハンター of team Werewolf — on any death but a sudden one it takes a last shot."""

    name_en = "Mad Hunter"  # not the ハンター's, which it would inherit


# ---------------------------------------------------------------------- hypnosis and bets (W.1.3, W.1.11a)

HYPNOTIZE = Verb.declare("hypnotize", label=("催眠術", "hypnotize"))


@mark("Hypnotized", "催眠", until=Expiry.LIVING_DAWN)
class Hypnotized(Role):
    """催眠 (W.1.3), from level 50 to the next dawn at which the seat is alive: its actions resolve to
    nothing, its own hooks are void, and so are its role's resistances and the protections it held
    before (a wolf stays immune to wolf attacks; one placed later, a 狩人's at 80, works)."""

    seal = Seal.HYPNOTIZED


class Hypnotize(Ability):
    """催眠術: once per game, any night from 2, optional, level 50, spent at submission: a living seat
    (told 「{name}が{target}に催眠術をかけました。」). At level 50 the (redirected) target is hypnotized
    until dawn; if it counts as wolf, all of tonight's wolf attacks are cancelled."""

    verb = HYPNOTIZE
    level = 50
    required = False
    first = 2
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(me.seat, "hypnotized", player=me.seat, target=action.target)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.identity(target).counts() is Count.WOLF:
            ctx.cancel_attacks()
        ctx.grant(target, "Hypnotized", action.seat)
        ctx.unguard(target)


@role
class Hypnotist(Role):
    """催眠術師: once, from night 2, it hypnotizes a seat at level 50 (W.1.3); a wolf hypnotized so
    cancels all of tonight's wolf attacks."""

    abilities = (Hypnotize(),)


@role
class Faker(Gamble):
    """イカサマ師: a ギャンブラー of team Werewolf (W.1.11a). It stocks a vote at each dawn it lives (1 on
    day 2); its votes weigh 0, or, once it bet that day, its whole stock; a day it bet ends with stock 0."""
