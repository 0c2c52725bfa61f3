"""Team Werewolf (人狼陣営): the 人狼系 wolves and the 狂人系 madmen (classic-werewolf §8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from jinrou.classic.catalog import Team
from jinrou.classic.events import AttackedAt, Died, on
from jinrou.classic.model import Action, Cause, Count, Fortune, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, Shown, role
from jinrou.classic.roles.common import Divination, knows_wolves
from jinrou.classic.roles.village import Diviner

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


class Attack(Ability):
    """The wolves' attack (§4.3): one a night (two after a 狼の子's death, the second optional and
    free to name the first's target again), shared by every living attacking wolf; the first
    submission fixes it and is shown in the wolf chat."""

    verb = Verb.ATTACK
    level = 105

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.role.attacks and ctx.attacks_tonight() > 0

    def done(self, ctx: Context, me: Layer) -> bool:
        return len(ctx.chosen(Verb.ATTACK)) >= ctx.attacks_tonight()

    def is_required(self, ctx: Context, me: Layer) -> bool:
        """Only the night's first attack is required; a 狼の子's extra one may be left out."""
        return not ctx.chosen(Verb.ATTACK) and bool(self.targets(ctx, me))

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        """A 狼の子's second attack may name the first's target again (the reference accepts it)."""
        if ctx.settings.on("wolfattack"):
            return [s for s in ctx.living() if s != me.seat]
        wolves = ctx.counting(Count.WOLF)
        return [s for s in ctx.living() if s not in wolves]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(ctx.chat_members(Chat.WOLF), "attack chosen", wolf=action.seat, target=action.target)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.settings.on("noticebitten"):
            ctx.tell(target, "attacked")
        ctx.kill(target, Cause.ATTACK, action.seat)
        ctx.emit(AttackedAt(target, Cause.ATTACK, action.seat))


ATTACK = Attack()


class Wolf(Role):
    """人狼系: 占 人狼, 霊 人狼, counts wolf; knows the wolves, wolf chat, attacks, immune to attack."""

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    counts = Count.WOLF
    attacks = True
    immune_to_wolf_attack = True
    abilities: ClassVar[tuple[Ability, ...]] = (ATTACK,)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.WOLF})


@role
class Werewolf(Wolf):
    """人狼."""


@role
class BigWolf(Wolf):
    """大狼: divined as 村人; its psychic result is 大狼."""

    name_en = "Big Wolf"
    fortune = Fortune.HUMAN
    psychic = PsychicResult.BIG_WOLF


@role
class WolfCub(Wolf):
    """狼の子: its death gives the wolves two attacks on the next night that starts."""

    name_en = "Wolf Cub"

    @on(Died)
    def bonus(self, ctx: Context, me: Layer, event: Died) -> None:
        ctx.add_attack_next_night()


class WolfDivination(Divination):
    """人狼占い's divination: optional, level 120, learns the role's name. A 妖狐 dies (呪殺); divining
    a seat that holds a 占い師 (its role or a 占いセット) kills the 人狼占い itself (逆呪殺, as the
    reference does); a living madman of team Werewolf becomes a uniform random playable role and is
    told."""

    level = 120
    required = False

    def result(self, ctx: Context, target: Seat) -> str:
        return ctx.identity(target).role.id

    def effect(self, ctx: Context, action: Action, target: Seat) -> None:
        identity = ctx.identity(target)
        role_of = identity.role
        if identity.cursed_by_divination:
            ctx.kill(target, Cause.CURSE, action.seat)
        if identity.holds(Diviner):  # its role or a 占いセット
            ctx.kill(action.seat, Cause.CURSE, target)
        if ctx.alive(target) and role_of.catalog.team is Team.WEREWOLF and role_of.counts is Count.HUMAN:
            ctx.change_role(target, ctx.draw("new role", ctx.playable()))


@role
class WolfDiviner(Wolf):
    """人狼占い: a wolf that may also divine a seat's role each night."""

    name_en = "Wolf Diviner"
    abilities = (ATTACK, WolfDivination())
    closes_heaven = "alive"


@role
class LoneWolf(Wolf):
    """一匹狼: judges as team LoneWolf; wins iff the result is LoneWolf and it is alive."""

    name_en = "Lone Wolf"
    judge_team = Team.LONE_WOLF

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.LONE_WOLF and ctx.alive(me.seat)


# ---------------------------------------------------------------------- 狂人系 (count human)


@role
class Madman(Role):
    """狂人: on the wolves' side; knows nobody."""


@role
class Fanatic(Role):
    """狂信者: knows the wolves (they do not know it)."""

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)


@role
class WhisperingMad(Role):
    """囁き狂人: knows the wolves; reads and writes the wolf chat, where the others know it (it
    writes there under its name)."""

    name_en = "Whispering Madman"
    shown = Shown(chat=Chat.WOLF)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.WOLF})


@role
class MadCouple(Role):
    """叫迷狂人: knows the other 叫迷狂人; their own night chat."""

    name_en = "Mad Couple"

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: self.id for s in ctx.seats_of(MadCouple, exclude=me.seat)}

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.MAD_COUPLE})


@dataclass
class SpyMemory:
    spent: bool = False  # its leave is used (even if a protection kept it)
    left: bool = False  # it left the village


class Leave(Ability):
    """スパイ's departure: any night, optional, once; it dies at level 100 (失踪). A holy protection
    stops it like any death (§5.2): the スパイ stays, its leave spent."""

    verb = Verb.LEAVE
    arity = 0
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.spent

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return []

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.spent = True

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if ctx.kill(action.seat, Cause.LEAVE):
            me.memory.left = True


@role
class Spy(Role):
    """スパイ: knows the wolves; may leave the village (失踪); wins iff the result is Werewolf and it
    left. Once gone it speaks only to itself."""

    abilities = (Leave(),)
    Memory = SpyMemory

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def speaks_in_heaven(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.left

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.WEREWOLF and me.memory.left
