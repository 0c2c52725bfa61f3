"""Single teams and the others (第三陣営系): 悪魔くん, ヴァンパイア, こうもり, 皮なめし職人,
てるてる坊主, ニート (classic-werewolf §8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import AttackedAt, Executed, PhaseOpened, Threat, on
from jinrou.classic.model import Action, Blocked, Cause, Count, Fortune, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Role, mark, role

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


@dataclass
class DevilMemory:
    bitten: bool = False


@mark("Victory mark", "勝利の印")
class VictoryMark(Role):
    """A victory mark (§7.9): its holder takes the result for its role's team."""

    victory_mark = True


@role
class Devil(Role):
    """悪魔くん: resists wolf attacks, the first marking it bitten (told); executed while bitten it
    gets the victory mark. Wins iff the result is Devil and it holds the mark. 霊 人狼."""

    death_resistance = True  # V2.1.12

    psychic = PsychicResult.WEREWOLF
    Memory = DevilMemory
    blocks_as = Blocked.DEVIL

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK:
            return False
        if not me.memory.bitten:
            me.memory.bitten = True
            ctx.tell(me.seat, "devil bitten")
        return True

    @on(Executed)
    def marked(self, ctx: Context, me: Layer, event: Executed) -> None:
        if me.memory.bitten and not ctx.identity(me.seat).victory_mark:
            ctx.grant(me.seat, VictoryMark.id)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.DEVIL and ctx.identity(me.seat).victory_mark


class Bite(Ability):
    """ヴァンパイア's attack: each night from 2, required, level 100, another living seat dies
    (vampire attack, guardable); a 逃亡者 hiding there dies too."""

    verb = Verb.BITE

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if not ctx.alive(target):  # a dead target: no attack at all (reference: `return if t.dead`)
            return
        ctx.kill(target, Cause.VAMPIRE, action.seat)
        ctx.emit(AttackedAt(target, Cause.VAMPIRE, action.seat))


@role
class Vampire(Role):
    """ヴァンパイア: 占 ヴァンパイア, counts as a vampire; knows the other ヴァンパイア; immune to wolf
    attacks; bites a seat to death each night from night 2."""

    death_resistance = True  # V2.1.12
    deadly_weapon = True  # V2.1.12

    fortune = Fortune.VAMPIRE
    counts = Count.VAMPIRE
    immune_to_wolf_attack = True
    abilities = (Bite(),)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: self.id for s in ctx.seats_of(Vampire, exclude=me.seat)}


@role
class Bat(Role):
    """こうもり: wins iff alive at the end, whoever else wins."""

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return ctx.alive(me.seat)


@role
class Tanner(Role):
    """皮なめし職人: wins iff dead at the end (not by sudden death), whoever else wins."""

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return not ctx.alive(me.seat)


def teruteru_day(n: int) -> int:
    """The first day a てるてる坊主 is charged: 2 (n ≤ 4), 3 (n ≤ 6), 4 (n ≤ 10), else 5."""
    return 2 if n <= 4 else 3 if n <= 6 else 4 if n <= 10 else 5


@dataclass
class TeruteruMemory:
    charged: bool = False
    won: bool = False  # executed while charged


@role
class Teruteru(Role):
    """てるてる坊主: charged (told) at the dawn of day D or later (D by the seats at the start);
    wins iff executed while charged, whoever else wins."""

    Memory = TeruteruMemory  # one instance's state on its seat, fresh on a role change

    @on(PhaseOpened)  # events: Died, Executed, AttackedAt, Divined, Guarded, Targeted, BurialPass, …
    def charge(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DAWN and not me.memory.charged and ctx.day >= teruteru_day(ctx.n):
            me.memory.charged = True
            ctx.tell(me.seat, "charged")

    @on(Executed)
    def hanged(self, ctx: Context, me: Layer, event: Executed) -> None:
        if me.memory.charged:
            me.memory.won = True

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:  # a query: its win rule
        return me.memory.won


@role
class Neet(Role):
    """ニート: need not vote; always wins (not on a draw; never after a sudden death)."""

    must_vote = False

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return True


__all__ = ["Bat", "Devil", "Neet", "Tanner", "Teruteru", "Vampire", "VictoryMark", "teruteru_day"]
