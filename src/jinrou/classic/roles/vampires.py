"""Team Vampire's roles of wave 3 (第三陣営系, classic-roles-third.md T.6): ドラキュラ (the joint bite of
T.1.13, the 吸血 mark, its majority: T.1.2 8a) and 吸血鬼の眷属. ヴァンパイア is §8's, in ``others``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.abilities import When
from jinrou.classic.actions import Verb
from jinrou.classic.catalog import Team
from jinrou.classic.events import BurialPass, Countered, Daybreak, on
from jinrou.classic.model import Action, Cause, Count, Fortune, GuardKind, Message, Seat
from jinrou.classic.role import Ability, Kept, Role, Shared, mark, role
from jinrou.classic.roles.common import TRAP_DEATH, in_resolution

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


BITE_CHOSEN = Message.declare("dracula bite", "{player}は{target}を吸血しようとしています。", "{player} means to bite {target}.")
BITE_DECIDED = Message.declare("dracula bitten", "ドラキュラたちは{target}を吸血しました。", "The Draculas bit {target}.")
BITE_SUCCEEDED = Message.declare("dracula success", "ドラキュラが吸血に成功したようです。", "It seems Dracula's bite succeeded.")
BITE_FAILED = Message.declare("dracula failure", "ドラキュラが吸血に失敗したようです。", "It seems Dracula's bite failed.")


@mark("Dracula's bite", "吸血")
class DraculaBitten(Role):
    """吸血 (mark, not told, for good): a seat a ドラキュラ bit; it counts for the ドラキュラ's majority
    (T.1.2 8a) while it lives."""

    card_ja = "吸血: ドラキュラに吸血された印です（本人には知らされません）。生きている間、ドラキュラの過半数に数えられます。"
    card_en = ("Dracula's bite: a seat a Dracula bit (not told); while it lives it counts toward the Draculas' "
               "majority.")

    majority = Team.VAMPIRE


@dataclass
class DraculaNights(Shared):
    """The Draculas' bites: tonight's resolved (the joint bite resolves once) and the nights a seat was
    bitten (the dawn's notice reads the last)."""

    kept = Kept.GAME
    resolved: int = 0  # the last night whose bite resolved
    bitten: int = 0  # the last night on which a seat was bitten


def draculas(ctx: Context) -> list[Seat]:
    return ctx.seats_of(Dracula)


class DraculaBite(Ability):
    """ドラキュラ's bite: each night from 2, required, level 106 (after the wolves), another living seat; every
    ドラキュラ is told each submission. At 106, once for all: draw ``dracula biter`` among the ドラキュラ in A
    that chose (a hypnotized one too, T.1.13), every ドラキュラ told the chosen target; the (redirected)
    target, dead or alive, gets 吸血 unless it does not count human, holds a guard protection (any kind;
    no notice; an exposure does not lift it) or holds 逃亡者 — a 罠 there kills the biter (``trap``) and a
    侍's counter guard answers it (both void it). Then each living seat counting human that holds 逃亡者
    and hid tonight at the target's or at a ドラキュラ's house, or that counselled a ドラキュラ tonight
    (the redirected seat), is bitten too."""

    verb = Verb.BITE
    level = 106
    first = 2
    resolves_under_seal = True

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(draculas(ctx), BITE_CHOSEN, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        nights = ctx.memory(DraculaNights)
        if nights.resolved == ctx.day:
            return
        nights.resolved = ctx.day
        chose = [a for a in ctx.chosen(Verb.BITE) if ctx.identity(a.seat).is_a(Dracula) and in_resolution(ctx, a.seat)]
        biter = ctx.draw_seat("dracula biter", list(dict.fromkeys(a.seat for a in chose))) if len(
            {a.seat for a in chose}) > 1 else chose[0].seat
        chosen = next(a.targets[0] for a in chose if a.seat == biter)
        ctx.tell(draculas(ctx), BITE_DECIDED, target=chosen)
        target = ctx.aimed(chosen)
        identity = ctx.identity(target)
        for trapper in dict.fromkeys(ctx.guards_on(target, GuardKind.TRAP)):
            ctx.kill(biter, TRAP_DEATH, trapper)
        for samurai in ctx.guards_on(target, GuardKind.COUNTER)[:1]:
            ctx.emit(Countered(samurai, target, Cause.VAMPIRE, biter))
        guarded = any(ctx.guards_on(target, kind) for kind in GuardKind)
        bitten = [target] if (not guarded and identity.counts() is Count.HUMAN
                              and not identity.declares(Verb.HIDE, When.NIGHT)) else []
        houses = {target, *draculas(ctx)}
        others = [a.seat for a in ctx.chosen(Verb.HIDE) if a.targets[0] in houses]
        # カウンセラー's (V1): a seat counselling a ドラキュラ tonight is bitten too
        others += [a.seat for a in ctx.chosen(Verb("counsel")) if ctx.identity(ctx.aimed(a.targets[0])).is_a(Dracula)]
        bitten += [s for s in others if ctx.alive(s) and ctx.identity(s).counts() is Count.HUMAN]
        for seat in dict.fromkeys(bitten):
            ctx.grant(seat, DraculaBitten.id, biter)
            nights.bitten = ctx.day


@role
class Dracula(Role):
    """ドラキュラ: 占 ヴァンパイア, counts as a vampire; not immune to wolf attacks; dies when divined (呪殺).
    Knows the ドラキュラ and every bitten seat, and sees every ドラキュラ's bite. From night 2 the
    ドラキュラ bite one seat together (required); a bitten seat is marked 吸血 for good. At each dawn after
    a night ≥ 2, public: the bite succeeded or failed. A living ドラキュラ and the living bitten seats more
    than half the living → Vampire (T.1.2 8a). Wins iff the result is Vampire."""

    card_ja = ("ドラキュラ: 占い結果はヴァンパイアで、ヴァンパイアとして数えられます。人狼に襲われると死に、占われると呪殺されます。"
               "2日目の夜から毎晩、ドラキュラたちでひとりを吸血します（必須。人間として数えられる人だけが吸血されます）。"
               "他のドラキュラと吸血した人を知っています。生きているドラキュラと吸血された生存者が生存者の過半数になると"
               "ヴァンパイア陣営の勝利です。ヴァンパイア陣営が勝てば勝利します。")
    card_en = ("Dracula: a seer sees it as a vampire and it counts as one. Wolf attacks kill it, and a divination curses "
               "it to death. From night 2 the Draculas together bite one player each night (required; only a player who "
               "counts as human is bitten, and is not told). It knows the other Draculas and everyone bitten. When the "
               "living Draculas and bitten players are more than half the living, the vampires win; it wins if the "
               "vampires win.")

    fortune = Fortune.VAMPIRE
    counts = Count.VAMPIRE
    cursed_by_divination = True
    majority = Team.VAMPIRE
    abilities = (DraculaBite(),)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        known = {s: DraculaBitten.id for s in ctx.seats() if ctx.identity(s).has(DraculaBitten.id)}
        known.update({s: self.id for s in draculas(ctx) if s != me.seat})
        return known

    @on(Daybreak)
    def notice(self, ctx: Context, me: Layer, event: Daybreak) -> None:
        if ctx.day - 1 < 2 or draculas(ctx)[0] != me.seat:
            return
        ctx.tell(None, BITE_SUCCEEDED if ctx.memory(DraculaNights).bitten == ctx.day - 1 else BITE_FAILED)


def _vampire(ctx: Context, seat: Seat) -> bool:
    """Whether ``seat``'s role (a ケミカル seat's either) counts as a vampire (ヴァンパイア, ドラキュラ)."""
    return any(role.counts is Count.VAMPIRE for role in ctx.identity(seat).halves())


@role
class VampireClan(Role):
    """吸血鬼の眷属: counts human; knows the ヴァンパイア and ドラキュラ (not known back); dies (後追い) at a
    burial where no ヴァンパイア or ドラキュラ lives (the first burial if none was cast). Wins iff the
    result is Vampire."""

    card_ja = ("吸血鬼の眷属: ヴァンパイア陣営です。ヴァンパイアとドラキュラを知っています（相手は知りません）。"
               "ヴァンパイアとドラキュラが全員死ぬと後を追って死にます。ヴァンパイア陣営が勝てば勝利します。")
    card_en = ("Vampire Clan: on the vampires' team; it knows the vampires and Draculas (they do not know it). When no "
               "vampire or Dracula is left alive it follows them in death. It wins if the vampires win.")

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: ctx.identity(s).role.id for s in ctx.seats() if _vampire(ctx, s)}

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if not any(_vampire(ctx, s) for s in ctx.living()):
            ctx.follow(me.seat, "vampire")


__all__ = ["Dracula", "DraculaBitten", "VampireClan"]
