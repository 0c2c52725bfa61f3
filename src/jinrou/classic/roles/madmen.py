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
from jinrou.classic.events import AttackedAt, BurialPass, Died, Executed, PhaseOpened, Targeted, on
from jinrou.classic.identity import Expiry
from jinrou.classic.model import Action, Blocked, Cause, Count, Fortune, Moment, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, mark, role
from jinrou.classic.roles.common import Contacted, ContactHook, knows_wolves
from jinrou.classic.roles.village import OnceMemory

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


class Frame(Ability):
    """狼少年's frame: each night from 1, optional, level 90, a living seat (itself allowed): the
    (redirected) target reads 人狼 until its next dusk hook; a private fact."""

    verb = FRAME
    level = 90
    required = False

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target):
            ctx.grant(target, "Framed", action.seat)


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
            ctx.kill(me.seat, Cause.SUICIDE, me.source)


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
            ctx.kill(me.seat, Cause.SUICIDE, source)


class Charm(Ability):
    """美女's charm: each night from 1, optional, level 100, another living seat (told 「{name}は
    {target}を魅了しました。」): the (redirected) seat gets 美女の魅了 until the next dusk."""

    verb = CHARM
    required = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "charmed", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target):
            ctx.grant(target, WomanAttracted.id, me.seat)


@role
class AttractiveWoman(Role):
    """美女: each night it may charm another living seat until the next dusk; if the 美女 dies meanwhile
    by any cause but a wolf attack, the charmed seat dies with it (後追い, at that burial)."""

    name_en = "Attractive Woman"
    abilities = (Charm(),)


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


class PlantBomb(Ability):
    """爆弾魔's bomb: once per game, any night from 1, optional, level 81: the (redirected) seat
    carries a bomb."""

    verb = BOMB
    level = 81
    required = False
    once = Once.GAME

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target):
            ctx.grant(target, Bomb.id, action.seat)


@role
class Bomber(Role):
    """爆弾魔: once, any night, it may plant a bomb on another living seat (see the bomb: it
    punishes the guards that protect its carrier, the wolf or vampire that attacks it, or one of
    the voters that execute it; one explosion)."""

    abilities = (PlantBomb(),)


@mark("Exposed", "護衛無効", until=Expiry.DUSK)
class Exposed(Role):
    """Exposed by a 破壊の狂人 until the next dusk: guard protections on the seat (狩人's kind, 罠,
    侍's counter guard) stop no attack — no GJ, no 瞳狼 line — though a bomb's and a 罠's guard
    checks still see them."""

    voids_guards = True


class Expose(Ability):
    """破壊の狂人's exposure: each night from 1, optional, level 90: a living seat, itself allowed."""

    verb = EXPOSE
    level = 90
    required = False

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target):
            ctx.grant(target, Exposed.id, action.seat)


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
