"""The 第三陣営 of wave 3 with no team of their own (classic-roles-third T.3): ならず者, 鬼 and 金鬼/前鬼/後鬼,
闇道化, 天邪鬼, 獅子舞 and 地縛霊.

Each is team Others: no result of its own, its win rule alone decides, whatever the result, never on a
Draw (T.1.1). Every survival clause reads *alive for the win* (T.1.4:
:func:`~jinrou.classic.roles.common.alive_for_win`), which a living 地縛霊 extends to the seat it haunts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from jinrou.classic.abilities import Once
from jinrou.classic.catalog import Team
from jinrou.classic.events import Daybreak, PhaseOpened, Targeted, Threat, on
from jinrou.classic.model import Action, Cause, Fortune, Message, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, LevelHook, Role, Shared, mark, role
from jinrou.classic.roles.common import ONI_DEATH, Haunting, alive_for_win

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------- ならず者

GRUDGE = Verb.declare("grudge", label=("恨む", "bear a grudge"))
GRUDGES = Message.declare("grudges", "{player}は{target}を恨んでいます。", "{player} bears a grudge against {target}.")


@dataclass
class HoodlumMemory:
    grudges: list[Seat] = field(default_factory=list)  # the two seats it bears a grudge against


class Grudge(Ability):
    """ならず者's grudge: its first night, required, at once, two distinct living seats other than itself
    (settled here); never *targeted*."""

    verb = GRUDGE
    level = None
    arity = 2
    once = Once.GAME
    targets_on_submit = False  # T.1.14: never

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.grudges = list(action.targets)
        for target in action.targets:
            ctx.tell(action.seat, GRUDGES, player=action.seat, target=target)


@role
class Hoodlum(Role):
    """ならず者: on its first night it must choose two other living seats it bears a grudge against; wins
    iff alive for the win and both are dead, whatever the result."""

    card_ja = "ならず者: 最初の夜に恨む相手をふたり必ず選びます。最後に生きていて、そのふたりが死んでいれば勝利します。"
    card_en = ("Hoodlum: on its first night it must choose two other players it bears a grudge against. It wins if "
               "it is alive at the end and both of them are dead, whoever else wins.")

    Memory = HoodlumMemory
    abilities = (Grudge(),)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        grudges = me.memory.grudges
        return bool(grudges) and alive_for_win(ctx, me.seat) and not any(ctx.alive(s) for s in grudges)


# ---------------------------------------------------------------------- 鬼, 金鬼, 前鬼, 後鬼

ABDUCT = Verb.declare("abduct", label=("攫う", "abduct"))
ABDUCTING = Message.declare("abducting", "{player}は{target}を攫おうとしています。", "{player} tries to abduct {target}.")


@dataclass
class OniMemory:
    abductions: int = 0  # s: its earlier true ``abduction`` draws
    targets: list[Seat] | None = None  # 金鬼's: the seats it must see dead (None: not drawn yet)


class Abduction(Ability):
    """The 鬼 kinds' abduction: each night from 2, optional, level 100, another living seat (never
    redirected, never *targeted*). A target with an assassination reflex p (V1.1.9d) draws it: true, the
    鬼 dies (``oni``) and the target is spared; else draw ``abduction`` (w.p. r^s, at least 1/100): true,
    the target dies (``oni``) and s grows by one, whether it died or not. Drawn even if the target died
    tonight already (the reference)."""

    verb = ABDUCT
    level = 100
    first = 2
    required = False
    targets_on_submit = False  # T.1.14: never

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, ABDUCTING, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = action.targets[0]  # not redirected (T.1.14)
        p = next((r for role in ctx.identity(target).halves() if (r := role.assassination_reflex)), None)
        if p and ctx.draw("assassination reflex", [True, False], weights=[p.numerator, p.denominator - p.numerator]):
            ctx.kill(action.seat, ONI_DEATH, target, guardable=False)
            return
        role_of = me.role
        assert isinstance(role_of, OniKind)
        odds = role_of.abduction_odds(me.memory.abductions)
        if ctx.draw("abduction", [True, False], weights=[odds.numerator, odds.denominator - odds.numerator]):
            me.memory.abductions += 1
            ctx.kill(target, ONI_DEATH, action.seat, guardable=False)


class OniKind(Role):
    """The 鬼 kinds' part (T.3 鬼): 占 and 霊 「鬼」; death resistance, deadly weapon, an assassination
    reflex; the abduction from night 2; each wolf attack reaching it draws ``oni resists`` (never as
    身代わりくん). ``rate``: the abduction's decay r; ``resistance``: the odds of resisting."""

    death_resistance = True  # T.1.16
    deadly_weapon = True
    rate: ClassVar[Fraction] = Fraction(1, 5)
    resistance: ClassVar[Fraction] = Fraction(3, 10)

    fortune = Fortune.ONI
    psychic = PsychicResult.ONI
    assassination_reflex: ClassVar[Fraction | None] = Fraction(3, 10)
    Memory = OniMemory
    abilities = (Abduction(),)

    def abduction_odds(self, s: int) -> Fraction:
        """The odds of an abduction after ``s`` earlier true draws: r^s, at least 1/100."""
        return max(self.rate ** s, Fraction(1, 100))

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK or me.seat == ctx.scapegoat:
            return False
        odds = self.resistance
        return bool(ctx.draw("oni resists", [True, False], weights=[odds.numerator, odds.denominator - odds.numerator]))


@role
class Oni(OniKind):
    """鬼: 占/霊 「鬼」; from night 2 it may abduct a seat (odds 1, then 1/5, 1/25 … at least 1/100; an
    assassination reflex of the target kills it instead); resists a wolf attack w.p. 3/10. Wins iff
    alive for the win and a wolf (人狼系 or 狂人狼, even under 狐憑き) lives."""

    card_ja = ("鬼: 占い・霊能結果は「鬼」です。2日目以降の夜にひとりを攫えます（攫うたびに成功しにくくなります）。"
               "人狼の襲撃に3割の確率で耐えます。最後に生きていて、人狼がひとりでも生きていれば勝利します。")
    card_en = ("Oni: divined and seen by the medium as 「鬼」 (oni). From night 2 it may try to abduct a player (each "
               "success makes the next less likely); it survives a wolf attack 3 times in 10. It wins if it is alive at "
               "the end and a werewolf is alive.")

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return alive_for_win(ctx, me.seat) and any(ctx.identity(s).wolf_role() for s in ctx.living())


GOLD_TARGETS = Message.declare("gold oni targets", "{player}が倒すべき相手は{seats}です。",
                               "{player} must see {seats} dead.")


@role
class GoldOni(OniKind):
    """金鬼: as 鬼 with reflex 2/5, abduction (1/2)^s and resistance 2/5. Its targets: the k seats just
    before it in seat order (no wrap-around), k drawn (``gold oni targets``) uniform in 1…W+1 at its first
    dusk, W the seats whose role is a wolf then (T.1.9); told to it. Wins iff team Human wins, it is alive
    for the win and all its targets are dead."""

    wins_apart = True  # ケミカル: its half wins by its own rule whatever its seat's team

    card_ja = ("金鬼: 鬼の一種です。自分の直前の席の何人か（人狼の数+1人まで）が標的として知らされます。"
               "村人陣営が勝ち、最後に生きていて、標的がみな死んでいれば勝利します。")
    card_en = ("Gold Oni: a kind of oni. It is told its targets: some of the players seated just before it (up to the "
               "number of werewolves plus one). It wins if the village wins, it is alive at the end and every target "
               "is dead.")

    rate = Fraction(1, 2)
    resistance = Fraction(2, 5)
    assassination_reflex = Fraction(2, 5)

    @on(PhaseOpened)
    def draw_targets(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK and me.memory.targets is None:
            wolves = sum(1 for s in ctx.seats() if ctx.identity(s).wolf_role())
            k = ctx.draw("gold oni targets", list(range(1, wolves + 2)))
            me.memory.targets = list(range(max(0, me.seat - k), me.seat))
            if me.memory.targets:
                ctx.tell(me.seat, GOLD_TARGETS, player=me.seat, seats=me.memory.targets)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: "target" for s in me.memory.targets or ()}

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return (result is Team.HUMAN and alive_for_win(ctx, me.seat)
                and not any(ctx.alive(s) for s in me.memory.targets or ()))


@role
class FrontOni(OniKind):
    """前鬼: as 鬼; wins iff alive for the win and every seat of team Werewolf (at the end) is dead."""

    card_ja = "前鬼: 鬼の一種です。最後に生きていて、人狼陣営がみな死んでいれば勝利します。"
    card_en = "Front Oni: a kind of oni. It wins if it is alive at the end and everyone on the werewolves' team is dead."

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return alive_for_win(ctx, me.seat) and not any(
            ctx.identity(s).team() is Team.WEREWOLF for s in ctx.living())


@role
class BackOni(OniKind):
    """後鬼: as 鬼; wins iff alive for the win and every seat of team Fox (at the end) is dead."""

    card_ja = "後鬼: 鬼の一種です。最後に生きていて、妖狐陣営がみな死んでいれば勝利します。"
    card_en = "Back Oni: a kind of oni. It wins if it is alive at the end and everyone on the foxes' team is dead."

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return alive_for_win(ctx, me.seat) and not any(ctx.identity(s).team() is Team.FOX for s in ctx.living())


# ---------------------------------------------------------------------- 闇道化, 天邪鬼

CLOWN_ARRIVES = Message.declare("clown arrives", "村に道化が潜んでいます。村人たちは正気を失いました。",
                                "A clown lurks in the village: the villagers have lost their minds.")
CLOWN_LEAVES = Message.declare("clown leaves", "村から道化が去り、村人たちは正気に返りました。",
                               "The clown has left the village: the villagers are sane again.")


@dataclass
class ClownNotice(Shared):
    """Whether the last public notice said a 闇道化 lives (None: none said yet)."""

    announced: bool | None = None


@role
class DarkClown(Role):
    """闇道化: while one lives, the results of team Human and team Werewolf swap (T.1.2 steps 2–3). At each dawn, when
    "a 闇道化 lives" differs from the last notice (none at first), everybody is told. Wins iff alive for
    the win."""

    card_ja = ("闇道化: 生きている間、村人陣営と人狼陣営の勝利条件が入れ替わります（朝に全員へ知らされます）。"
               "最後に生きていれば勝利します。")
    card_en = ("Dark Clown: while it lives, the village's and the werewolves' victories swap (everybody is told at "
               "dawn). It wins if it is alive at the end.")

    swaps_results = True

    @on(Daybreak)
    def notice(self, ctx: Context, me: Layer, event: Daybreak) -> None:
        clowns = [s for s in ctx.seats() if any(role.swaps_results for role in ctx.identity(s).halves())]
        if clowns[0] != me.seat:
            return  # the first 闇道化 in seat order says it, alive or dead
        lives = any(ctx.alive(s) for s in clowns)
        memory = ctx.memory(ClownNotice)
        if memory.announced is not lives:
            memory.announced = lives
            ctx.tell(None, CLOWN_ARRIVES if lives else CLOWN_LEAVES)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return alive_for_win(ctx, me.seat)


@role
class Amanojaku(Role):
    """天邪鬼: wins unless team Human wins or the game is a draw, dead or alive."""

    wins_apart = True  # ケミカル: its half wins by its own rule whatever its seat's team

    card_ja = "天邪鬼: 村人陣営以外が勝てば（引き分けを除く）、生死にかかわらず勝利します。"
    card_en = "Amanojaku: it wins if anyone but the village wins (not on a draw), dead or alive."

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is not Team.HUMAN


# ---------------------------------------------------------------------- 獅子舞

NIP = Verb.declare("nip", label=("噛む", "nip"))
NIPS = Message.declare("nips", "{player}が{target}を噛みました。", "{player} nipped {target}.")


@mark("Shishimai's nip", "獅子舞の噛み")
class ShishimaiNip(Role):
    """獅子舞の噛み (hidden, for good): each lowers the votes its seat receives in every ballot by 1, never
    below 0 (T.1.10)."""

    card_ja = "獅子舞の噛み: 処刑の投票で受ける票が1票減ります（0票未満にはなりません）。"
    card_en = "Shishimai's nip: you receive one vote fewer in every ballot (never below 0)."

    def vote_received(self, ctx: Context, me: Layer) -> int:
        return -1


@dataclass
class ShishimaiMemory:
    nipped: list[Seat] = field(default_factory=list)  # the seats its nips landed on


class Nip(Ability):
    """獅子舞's nip: each night, optional, level 100, a living seat it has not nipped before (itself
    allowed); the (redirected) target, dead or alive, carries one more 獅子舞の噛み for good, *targeted*
    there."""

    verb = NIP
    level = 100
    required = False
    targets_on_submit = False  # T.1.14: at resolution, on the redirected seat

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.living() if s not in me.memory.nipped]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, NIPS, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        ctx.emit(Targeted(target, action.seat, self.verb))
        ctx.grant(target, ShishimaiNip.id, action.seat)
        me.memory.nipped.append(target)


@role
class Shishimai(Role):
    """獅子舞: each night it may nip a living seat it never nipped (itself allowed): that seat receives one
    vote fewer in every ballot. Wins iff every living seat but itself carries a nip or holds 獅子舞,
    whatever the result, dead or alive."""

    card_ja = ("獅子舞: 毎晩、まだ噛んでいない生存者ひとり（自分も可）を噛めます。噛まれた人は処刑の投票で受ける票が"
               "1票減ります。自分以外の生存者がみな噛まれていれば（獅子舞は除く）、生死にかかわらず勝利します。")
    card_en = ("Shishimai: each night it may nip a living player it never nipped (itself allowed): that player "
               "receives one vote fewer in every ballot. It wins if every other living player has been nipped (or is a "
               "Shishimai), dead or alive.")

    Memory = ShishimaiMemory
    abilities = (Nip(),)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return all(ctx.identity(s).has(ShishimaiNip.id) or ctx.identity(s).is_a(Shishimai)
                   for s in ctx.living() if s != me.seat)


# ---------------------------------------------------------------------- 地縛霊

HAUNT = Verb.declare("haunt", label=("取り憑く", "haunt"))
HAUNTS = Message.declare("haunts", "{player}は{target}の家に取り憑きました。", "{player} haunts {target}'s house.")
SELFDESTRUCT_DEATH = Cause.declare("selfdestruct", "自爆", "blew itself up")  # W.1.14's, reused (T.1.15)


@dataclass
class HauntingMemory:
    seat: Seat | None = None  # the seat it haunts
    judging: bool = False  # its win rule is being asked (a cycle of delegations is false)


class Haunt(Ability):
    """地縛霊's haunting: once, any night, optional, at once, another living seat (not told)."""

    verb = HAUNT
    level = None
    required = False
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.seat = action.targets[0]
        ctx.tell(action.seat, HAUNTS, player=action.seat, target=action.targets[0])


class Unbound(LevelHook):
    """地縛霊's level 100 from night 3: not having chosen, it dies (``selfdestruct``)."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        if ctx.day >= 3 and me.memory.seat is None:
            ctx.kill(me.seat, SELFDESTRUCT_DEATH, guardable=False)


@role
class ResidualHaunting(Haunting):
    """地縛霊: once, any night, it may haunt another living seat (not told): while the 地縛霊 lives, that seat
    is alive for the win (T.1.4). Not having chosen by level 100 of night 3 or later, it dies
    (``selfdestruct``). Wins iff its seat's win rule holds (a cycle of 地縛霊 is false); never without one."""

    card_ja = ("地縛霊: 一度だけ、夜にほかの生存者ひとりの家に取り憑けます（相手には知らされません）。"
               "地縛霊が生きている間、その人は勝利判定で生きているものとされます。3日目の夜までに選ばないと死にます。"
               "取り憑いた人の勝利条件を満たせば勝利します。")
    card_en = ("Residual Haunting: once, by night, it may haunt another living player's house (they are not told): "
               "while it lives, that player counts as alive for winning. If it has not chosen by night 3, it dies. It "
               "wins if the haunted player's win condition holds.")

    Memory = HauntingMemory
    abilities = (Haunt(),)
    level_hooks = (Unbound(),)

    def haunted(self, me: Layer) -> Seat | None:
        return me.memory.seat  # type: ignore[no-any-return]

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        memory: HauntingMemory = me.memory
        if memory.seat is None or memory.judging:
            return False
        memory.judging = True
        try:
            return ctx.identity(memory.seat).wins(ctx, result)
        finally:
            memory.judging = False


__all__ = ["Amanojaku", "BackOni", "DarkClown", "FrontOni", "GoldOni", "Hoodlum", "Oni", "ResidualHaunting",
           "Shishimai", "ShishimaiNip"]
