"""Team Friend (恋人陣営): キューピッド, 求愛者 and the sub-role 恋人 (classic-werewolf §8)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import BurialPass, on
from jinrou.classic.model import Action, Message, Seat, Verb
from jinrou.classic.role import Ability, Role, role, sub_role
from jinrou.classic.roles.common import alive_for_win

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


LOVER = Message.declare("lover", "あなたは{partner}の恋人になりました", "You are now in love with {partner}.")


def pair(ctx: Context, a: Seat, b: Seat) -> None:
    """``a`` and ``b`` become 恋人 (each is told)."""
    for one, other in ((a, b), (b, a)):
        layer = ctx.identity(one).layer(Lovers.id) or ctx.grant(one, Lovers.id)
        layer.memory.partners.append(other)
        ctx.tell(one, LOVER, partner=other)


ARROWS = Message.declare("arrows", "{first}と{second}へ恋の矢を放ちました", "Your arrows hit {first} and {second}.")


class Arrows(Ability):
    """キューピッド's arrows: night 1, required, at once: two different seats (itself allowed)."""

    verb = Verb.PAIR
    level = None
    arity = 2

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day == 1

    def spent(self, ctx: Context, me: Layer) -> bool:
        return ctx.day > 1

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        a, b = action.targets
        pair(ctx, a, b)
        ctx.tell(action.seat, ARROWS, first=a, second=b)


@role
class Cupid(Role):
    """キューピッド: on night 1 makes two seats 恋人; wins with team Friend."""

    card_ja = "キューピッド: 1日目の夜に、ふたりを恋人にします。恋人陣営として勝利します。"

    abilities = (Arrows(),)


class Courtship(Ability):
    """求愛者's courtship: night 1, required (身代わりくん skips), at once: it and another seat."""

    verb = Verb.PAIR
    level = None

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day == 1

    def spent(self, ctx: Context, me: Layer) -> bool:
        return ctx.day > 1

    def is_required(self, ctx: Context, me: Layer) -> bool:
        return me.seat != ctx.scapegoat and super().is_required(ctx, me)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        pair(ctx, action.seat, action.targets[0])


@role
class Lover(Role):
    """求愛者: on night 1 becomes 恋人 with a seat of its choice."""

    card_ja = "求愛者: 1日目の夜に、選んだひとりと恋人になります。"

    abilities = (Courtship(),)


@dataclass
class LoversMemory:
    partners: list[Seat] = field(default_factory=list)  # the seats it was paired with, in order


@sub_role("Lovers", "恋人")
class Lovers(Role):
    """恋人 (sub-role): its team becomes Friend; knows its partner (all lovers if ``friendssplit``
    is off); dies (後追い) at a burial where its partner (any lover) is dead; wins iff the result is
    Friend and it lives."""

    card_ja = ("恋人（付加役職）: 陣営が恋人陣営になります。相手（恋人は独立がオフなら恋人全員）を知っています。"
               "相手が死んだ埋葬で後を追って死にます。恋人陣営が勝ち、生き残っていれば勝利します。")
    card_en = ("Lovers: 恋人, added to the role: its team becomes the lovers; it knows its partner (every lover when "
               "the lovers are not split into pairs); at a burial where its partner (any lover) is dead it dies too "
               "(後追い); it wins if the lovers win and it is alive.")

    judge_team = Team.FRIEND
    lover = True
    told = True
    Memory = LoversMemory

    def partners(self, ctx: Context, me: Layer) -> set[Seat]:
        return set(me.memory.partners)

    def _bound(self, ctx: Context, me: Layer) -> set[Seat]:
        if ctx.settings.on("friendssplit"):
            return set(me.memory.partners)
        return {s for s in ctx.seats() if s != me.seat and ctx.identity(s).lover}  # a hidden lover too (T.1.7)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: "Lovers" for s in self._bound(ctx, me)}

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if any(not ctx.alive(s) for s in self._bound(ctx, me)):
            ctx.follow(me.seat, "lover")

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.FRIEND and alive_for_win(ctx, me.seat)  # T.1.4
