"""Team Werewolf's 狂人系 of wave 3 (classic-roles-werewolf W.3): madmen on the wolves' side.

Defaults (W.3): 占 村人, 霊 村人, counts human, knows nobody, no chat; 人狼占い converts them like
every madman (§8). Each class states only what is special about it; the mechanics they use are the
engine's, named for no role: appearing as a wolf and being known to wolves (W.1.12, flags), a chat
read without writing (``Role.listens``), a publication on death (W.1.13), an own resistance (§5.2
step 4), a death on execution, and a result overlay held by a mark (W.1.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import Died, Executed, PhaseOpened, on
from jinrou.classic.model import Action, Cause, Count, Fortune, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, mark, role
from jinrou.classic.roles.common import knows_wolves
from jinrou.classic.roles.village import Hunter, OnceMemory

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

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True
        ctx.kill(ctx.aimed(action.targets[0]), Cause.DOG, action.seat, guardable=False)


@role
class MadDog(Role):
    """狂犬: 占 人狼, 霊 人狼, counts human. Once, from night 2, it may bite a living seat to death (`dog`):
    no guard stops it; a holy protection and the target's own resistances do."""

    name_en = "Mad Dog"
    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    abilities = (Bite(),)
    Memory = OnceMemory


@role
class MadHunter(Hunter):
    """復讐人: a ハンター of team Werewolf — on any death but a sudden one it takes a last shot."""

    name_en = "Mad Hunter"  # not the ハンター's, which it would inherit
