"""Team Werewolf's 狂人系 of wave 3 (classic-roles-werewolf W.3): madmen on the wolves' side.

Defaults (W.3): 占 村人, 霊 村人, counts human, knows nobody, no chat; 人狼占い converts them like
every madman (§8). Each class states only what is special about it; the mechanics they use are the
engine's, named for no role: appearing as a wolf and being known to wolves (W.1.12, flags), a chat
read without writing (``Role.listens``), a publication on death (W.1.13), an own resistance (§5.2
step 4), a death on execution, and a result overlay held by a mark (W.1.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once, When
from jinrou.classic.catalog import Team
from jinrou.classic.events import BurialPass, Died, Executed, PhaseOpened, on
from jinrou.classic.identity import Expiry, Seal
from jinrou.classic.model import Action, Cause, Count, Fortune, Moment, Seat, Verb
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


# ---------------------------------------------------------------------- hypnosis and bets (W.1.3, W.1.11a)

HYPNOTIZE = Verb.declare("hypnotize", label=("催眠術", "hypnotize"))
BET = Verb.declare("bet", label=("賭けに出る", "bet"))


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


@dataclass
class StockMemory:
    stock: int = 0  # votes stocked: +1 at each dawn it lives (1 on day 2)
    bet: int = 0  # the day it bet (0: never)


class Bet(Ability):
    """賭け: each day, optional, no target: told 「{name}は賭けに出ました。」; its votes cast after it that
    day weigh its whole stock. Refused once it has voted in the current ballot (settled here)."""

    verb = BET
    level = None
    when = When.DAY
    arity = 0
    required = False
    once = Once.DAY

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return []

    def refuse(self, ctx: Context, me: Layer) -> tuple[str, str] | None:
        if ctx.voted(me.seat):
            return ("it has voted in this ballot already: a bet counts only for the votes cast after it",
                    "この投票ではもう投票しました（賭けはその後の投票にだけ効きます）")
        return None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.bet = ctx.day
        ctx.tell(me.seat, "bet", player=me.seat)


@role
class Faker(Role):
    """イカサマ師: a ギャンブラー of team Werewolf (W.1.11a). It stocks a vote at each dawn it lives (1 on
    day 2); its votes weigh 0, or, once it bet that day, its whole stock; a day it bet ends with stock 0."""

    abilities = (Bet(),)
    Memory = StockMemory

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        memory: StockMemory = me.memory
        return memory.stock - 1 if memory.bet == ctx.day else -1

    @on(PhaseOpened)
    def stock(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        memory: StockMemory = me.memory
        if event.moment is Moment.DAWN:
            memory.stock += 1
        elif memory.bet == ctx.day:
            memory.stock = 0
