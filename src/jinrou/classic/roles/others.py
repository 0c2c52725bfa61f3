"""Single teams and the others (第三陣営系): 悪魔くん, ヴァンパイア, こうもり, 皮なめし職人,
てるてる坊主, ニート (classic-werewolf §8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import AttackedAt, Executed, PhaseOpened, Threat, on
from jinrou.classic.model import Action, Blocked, Cause, Count, Fortune, Message, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Role, mark, role
from jinrou.classic.roles.common import alive_for_win

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


@dataclass
class DevilMemory:
    bitten: bool = False


@mark("Victory mark", "勝利の印")
class VictoryMark(Role):
    """A victory mark (§7.9): its holder takes the result for its role's team."""

    card_ja = "勝利の印: 持ち主は、自分の役職の陣営が勝てば勝利します。"
    card_en = "Victory mark: its holder wins if its role's team wins."

    victory_mark = True


DEVIL_BITTEN = Message.declare("devil bitten", "人狼に噛まれました。処刑されれば勝利です", "The wolves bit you: be executed to win.")


@role
class Devil(Role):
    """悪魔くん: resists wolf attacks, the first marking it bitten (told); executed while bitten it
    gets the victory mark. Wins iff the result is Devil and it holds the mark. 霊 人狼."""

    wins_apart = True  # ケミカル: its half wins by its own rule whatever its seat's team

    card_ja = ("悪魔くん: 人狼に襲われても死なず、最初の襲撃で噛まれた印がつきます（通知あり）。"
               "噛まれた後に処刑されると勝利の印を得ます。悪魔くん陣営が勝ち、勝利の印を持っていれば勝利します。"
               "霊能結果は人狼です。")
    card_en = ("Devil: a wolf attack does not kill it; the first one marks it bitten (told). Executed while bitten, "
               "it gets the victory mark. It wins if the devil's team wins and it holds the mark. The medium sees it "
               "as a werewolf (霊人狼).")

    death_resistance = True  # V2.1.12

    psychic = PsychicResult.WEREWOLF
    Memory = DevilMemory
    blocks_as = Blocked.DEVIL

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK:
            return False
        if not me.memory.bitten:
            me.memory.bitten = True
            ctx.tell(me.seat, DEVIL_BITTEN)
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

    card_ja = ("ヴァンパイア: 占い結果はヴァンパイアで、ヴァンパイアとして数えられます。"
               "他のヴァンパイアを知っています。人狼に襲われても死なず、2日目の夜から毎晩ひとりを吸血して殺します。")

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

    card_ja = "こうもり: 誰が勝っても、最後に生きていれば勝利します。"
    card_en = "Bat: wins if it is alive at the end, whoever else wins."

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return alive_for_win(ctx, me.seat)  # T.1.4


@role
class Tanner(Role):
    """皮なめし職人: wins iff dead at the end (not by sudden death), whoever else wins."""

    card_ja = "皮なめし職人: 誰が勝っても、最後に死んでいれば勝利します（突然死を除く）。"
    card_en = "Tanner: wins if it is dead at the end (not by a sudden death), whoever else wins."

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return not ctx.alive(me.seat)


def teruteru_day(n: int) -> int:
    """The first day a てるてる坊主 is charged: 2 (n ≤ 4), 3 (n ≤ 6), 4 (n ≤ 10), else 5."""
    return 2 if n <= 4 else 3 if n <= 6 else 4 if n <= 10 else 5


@dataclass
class TeruteruMemory:
    charged: bool = False
    won: bool = False  # executed while charged


CHARGED = Message.declare("charged", "てるてる坊主の準備が整いました", "You are ready: be executed now to win.")


@role
class Teruteru(Role):
    """てるてる坊主: charged (told) at the dawn of day D or later (D by the seats at the start);
    wins iff executed while charged, whoever else wins."""

    card_ja = ("てるてる坊主: D日目（開始時の人数で決まります）以降の朝に準備が整います（通知あり）。"
               "準備が整った後に処刑されると、誰が勝っても勝利します。")
    card_en = ("Teruteru: it is charged (told) at a dawn from a day set by the number of seats at the start; it wins "
               "if it is executed while charged, whoever else wins.")

    Memory = TeruteruMemory  # one instance's state on its seat, fresh on a role change

    @on(PhaseOpened)  # events: Died, Executed, AttackedAt, Divined, Guarded, Targeted, BurialPass, …
    def charge(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DAWN and not me.memory.charged and ctx.day >= teruteru_day(ctx.n):
            me.memory.charged = True
            ctx.tell(me.seat, CHARGED)

    @on(Executed)
    def hanged(self, ctx: Context, me: Layer, event: Executed) -> None:
        if me.memory.charged:
            me.memory.won = True

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:  # a query: its win rule
        return me.memory.won


@role
class Neet(Role):
    """ニート: need not vote; always wins (not on a draw; never after a sudden death)."""

    card_ja = "ニート: 投票しなくてもかまいません。常に勝利します（引き分けと、突然死した後を除く）。"

    must_vote = False

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return True


__all__ = ["Bat", "Devil", "Neet", "Tanner", "Teruteru", "Vampire", "VictoryMark", "teruteru_day"]
