"""Team Fox (妖狐陣営): 妖狐, 子狐 and 背徳者 (classic-werewolf §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.events import BurialPass, on
from jinrou.classic.model import Action, Count, Fortune, PsychicResult, Seat
from jinrou.classic.role import Role, role
from jinrou.classic.roles.common import Divination, FoxKind, fox_list

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


def knows_foxes(ctx: Context, me: Layer) -> dict[Seat, str]:
    """The fox list (T.2: 妖狐, the listed 妖狐系 kinds, 狐憑き), as 妖狐, 子狐 and 背徳者 know it."""
    return fox_list(ctx, me.seat)


@role
class Fox(FoxKind):
    """妖狐: counts as nobody; resists wolf attacks; dies when divined (呪殺); alive at a decided
    end, it takes the win for the foxes."""

    card_ja = ("妖狐: 誰としても数えられません。人狼に襲われても死にませんが、占われると死にます（呪殺）。"
               "勝敗が決まったときに生きていれば、妖狐陣営が勝利を奪います。")


class TinyDivination(Divination):
    """子狐's divination: required, level 100; with probability 1/2 the true result, else
    「なんだかとても怪しい人」; no curse. The result always comes at dawn (it is drawn then)."""

    told_at_once = False

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        true = ctx.draw("tiny fox divination", [True, False])
        result = ctx.identity(target).fortune().value if true else Fortune.SUSPICIOUS.value
        self.tell(ctx, action, result, now=False)


@role
class TinyFox(Role):
    """子狐: knows the 妖狐 (not known back); divines each night, right half of the time; not cursed
    by divination and no resistance. Its psychic result is 子狐."""

    card_ja = ("子狐: 妖狐を知っています（妖狐は子狐を知りません）。毎晩占いますが、結果が正しいのは半分の確率です。"
               "占われても呪殺されず、襲撃への耐性もありません。霊能結果は子狐です。")

    first_divination_spares = False  # §8: drawn by ``firstnightdivine=auto``, unlike the other 妖狐系
    counts = Count.NONE
    psychic = PsychicResult.TINY_FOX
    steals_victory = True
    abilities = (TinyDivination(),)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_foxes(ctx, me)


@role
class Immoral(Role):
    """背徳者: knows the 妖狐; dies (後追い) at a burial where no 妖狐 or 子狐 lives."""

    card_ja = "背徳者: 妖狐陣営です。誰が妖狐かを知っています。妖狐と子狐がみな死ぬと、後を追って死にます。"
    card_en = ("Immoral: on the fox's team; you know who the foxes are. When no fox or fox cub is left alive, "
               "you follow them in death.")

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_foxes(ctx, me)

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if not any(ctx.identity(s).steals_victory for s in ctx.living()):  # no *fox* lives (T.1.3)
            ctx.follow(me.seat, "fox")
