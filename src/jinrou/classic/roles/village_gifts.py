"""村人系 who give and leave (V2.2, classic-roles-village-2.md): サンタクロース and its トナカイ, 帰省者.

Two mechanics of V2.1 are theirs: *leaving* (V2.1.6, :func:`~jinrou.classic.roles.common.leave`: a
death with cause ``leave``, public, resistible; a departed seat is dead for every rule and joins 霊界)
and *kits* (V2.1.7: a role held as an extra role, its actions optional, its results to the holder).
A kit given at once (帰省者, as 商人) opens that very night; one given at a resolution level (サンタ's
presents, level 101) is given after the night's choices, so it opens from the next night — the night's
resolution order is the whole of that rule. A kit whose role has a kit declaration of its own (占いセット,
霊能セット, 狩人セット: 商人's) is that extra role, by id; the others are the playable role itself
(``ctx.add_role``: 聖職者, 巫女, 老人, 聖痕者), told under the present's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once
from jinrou.classic.catalog import Team
from jinrou.classic.events import BurialPass, PhaseOpened, on
from jinrou.classic.model import Action, Blocked, Cause, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, LevelHook, Role, role
from jinrou.classic.roles.common import POISON_DEATH, leave

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.events import Threat
    from jinrou.classic.identity import Layer


KIT_EXTRA = {"Diviner": "DivinerKit", "Psychic": "PsychicKit", "Guard": "GuardKit"}
"""A kit's role → the extra role declared for it as a kit (商人's 占い/霊能/狩人セット); any other role is
held as itself (V2.1.7)."""

THINGS: dict[str, tuple[str, str]] = {
    "poison": ("毒入りプレゼント", "a poisoned present"),
    "HolyMarked": ("聖痕者セット", "a Holy Marked kit"),
    "Oldman": ("玉手箱", "a tamatebako (an old man's box)"),
    "Priest": ("聖職者セット", "a priest kit"),
    "Miko": ("コスプレセット（巫女）", "a cosplay kit (shrine maiden)"),
    "Diviner": ("占いセット", "a seer kit"),
    "Guard": ("狩人セット", "a bodyguard kit"),
    "Psychic": ("霊能セット", "a medium kit"),
}
"""What a present or a kit is called, by the role it holds (V2.2 サンタクロース, 帰省者)."""

KIT_ARRIVED = Message.declare("kit arrived", "{target}に{kit}が到着しました。", "{kit} arrived for {target}.",
                              words={"kit": THINGS})


def give_kit(ctx: Context, seat: Seat, kit: str) -> None:
    """V2.1.7: ``seat`` holds ``kit`` (a role id) as a kit — its extra role — and is told it arrived.
    Given at once it opens that night; given at a level, the next (the night's choices are over)."""
    if kit in KIT_EXTRA:
        ctx.grant(seat, KIT_EXTRA[kit])
    else:
        ctx.add_role(seat, kit)
    ctx.tell(seat, KIT_ARRIVED, target=seat, kit=kit)


# ---------------------------------------------------------------------- サンタクロース and トナカイ

GIFT = Verb.declare("gift", label=("プレゼントを届ける", "deliver a present"))

SANTA_GIFT = (("poison", 50), ("HolyMarked", 50), ("Oldman", 50), ("Priest", 75), ("Miko", 75), ("Diviner", 250),
              ("Guard", 250), ("Psychic", 200))
"""The draw ``santa gift``: each present with its chance in thousandths (the reference's table)."""

GIFT_CHOSEN = Message.declare("gift chosen", "{player}は{target}にプレゼントを届けました。",
                              "{player} delivers a present to {target}.")
POISON_GIFT = Message.declare("poison gift", "{target}に毒入りプレゼントが届きました。",
                              "A poisoned present arrived for {target}.")


@dataclass
class SantaMemory:
    given: list[Seat] = field(default_factory=list)  # the seats it chose, each once (at submission)
    left: bool = False  # it has left the village (V2.1.6), kept alive by a protection or not


class Gift(Ability):
    """サンタクロース's present: each night while some other living seat has had none from it, required,
    level 101, such a seat (counted at submission); at 101 the (redirected) seat, dead or alive, gets
    a present, draw ``santa gift``: poison (it dies, ``poison``, resistible) or a kit from the next night."""

    verb = GIFT
    level = 101

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.left

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        given = me.memory.given
        return [s for s in ctx.living() if s != me.seat and s not in given]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.given.append(action.targets[0])
        ctx.tell(action.seat, GIFT_CHOSEN, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if me.memory.left:
            return
        target = ctx.aimed(action.targets[0])
        thing = ctx.draw("santa gift", [t for t, _ in SANTA_GIFT], weights=[w for _, w in SANTA_GIFT])
        if thing == "poison":
            ctx.tell(target, POISON_GIFT, target=target)
            ctx.kill(target, POISON_DEATH, action.seat)
        else:
            give_kit(ctx, target, thing)


@role
class SantaClaus(Role):
    """サンタクロース: each night from 1, while another living seat has had no present from it, it must
    deliver one (level 101; the seat, dead or alive, draws ``santa gift``: 5% poison, else a kit
    usable from the next night). Dawn hook, alive: when no other living seat is left without its
    present it leaves (V2.1.6; kept alive, it has left all the same). While a トナカイ lives, a wolf
    attack (tricked too), a vampire attack or a 魔女's poison aimed at it kills a living トナカイ instead
    (draw ``reindeer victim``; unguardable, the attacker as its killer). Wins iff team Human wins,
    or it has left."""

    card_ja = ("サンタクロース: 1日目の夜から、まだプレゼントを渡していない生存者がいる間、毎晩ひとりにプレゼントを届けます"
               "（必須）。中身はランダムで、毒（5%、死亡）か、翌日の夜から使えるセット（占い・狩人・霊能・聖職者・巫女・"
               "玉手箱・聖痕者）です。全員に届け終えた朝に村を去ります。トナカイが生きている間は、人狼・ヴァンパイアの襲撃"
               "と魔女の毒薬の身代わりにトナカイが死にます。村人陣営が勝つか、村を去っていれば勝利します。")
    card_en = ("Santa Claus: from night 1, while some other living seat has had no present from it, it must deliver "
               "one each night. The present is drawn at random: poison (5%: the seat dies) or a kit usable from the "
               "next night (seer, bodyguard, medium, priest, shrine maiden, an old man's box, Holy Marked). At the "
               "dawn after everyone has had one, it leaves the village. While a トナカイ (Reindeer) lives, a wolf or "
               "vampire attack or a 魔女's (Witch's) poison aimed at it kills a Reindeer instead. It wins if the "
               "village wins, or if it has left.")

    death_resistance = True  # V2.1.12, while a トナカイ lives (:meth:`attribute`)
    deadly_weapon = True  # V2.1.12
    blocks_as = Blocked.SUBSTITUTE  # 瞳狼: 身代わり

    abilities = (Gift(),)
    Memory = SantaMemory

    @on(PhaseOpened)
    def deliver_or_leave(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        memory: SantaMemory = me.memory
        if event.moment is not Moment.DAWN or memory.left:
            return
        if not any(s != me.seat and s not in memory.given for s in ctx.living()):
            memory.left = True  # it has left, whether a protection keeps it or not (V2.1.6)
            leave(ctx, me.seat)

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        wolves = threat.cause is Cause.ATTACK and ctx.biting(me.seat) is not None  # a wolf attack, tricked too
        if not (wolves or threat.cause is Cause.VAMPIRE or threat.cause.value == "witch"):
            return False
        reindeer = ctx.seats_of(Reindeer, living=True)
        if not reindeer:
            return False
        victim = ctx.draw_seat("reindeer victim", reindeer)
        ctx.kill(victim, threat.cause, threat.source, guardable=False)
        return True

    def attribute(self, ctx: Context, me: Layer, name: str) -> bool:
        """V2.1.12: its death resistance holds while a トナカイ lives; a deadly weapon always."""
        return super().attribute(ctx, me, name) and (name != "death_resistance" or bool(ctx.seats_of(Reindeer, living=True)))

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN or me.memory.left


def santa_left(ctx: Context) -> bool:
    """Whether some サンタクロース has left the village (V2.1.6)."""
    return any(ctx.identity(s).half(SantaClaus).memory.left for s in ctx.seats_of(SantaClaus))


@role
class Reindeer(Role):
    """トナカイ: knows the サンタクロース (not known back); dies (``suicide``) in a burial hook in which it
    lives, a seat holds サンタクロース and none of them lives (one that left is dead, unless a protection
    kept it); takes the サンタ's deaths. Wins iff team Human wins, or some サンタクロース has left."""

    card_ja = ("トナカイ: サンタクロースを知っています（サンタからは知られません）。サンタクロースが全員死ぬと後を追って死"
               "にます。サンタへの人狼・ヴァンパイアの襲撃と魔女の毒薬の身代わりになります。村人陣営が勝つか、サンタクロー"
               "スが村を去っていれば勝利します。")
    card_en = ("Reindeer: knows the サンタクロース (Santa Claus), who does not know it. When every Santa Claus is dead, "
               "it follows them in death. Any wolf or vampire attack or a 魔女's (Witch's) poison aimed at Santa kills a "
               "Reindeer instead. It wins if the village wins, or if a Santa Claus has left the village.")

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: SantaClaus.id for s in ctx.seats_of(SantaClaus, exclude=me.seat)}

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        santas = ctx.seats_of(SantaClaus)
        if santas and not any(ctx.alive(s) for s in santas):
            ctx.follow(me.seat, "santa")

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN or santa_left(ctx)


# ---------------------------------------------------------------------- 帰省者

KIT = Verb("kit")  # 商人's verb (roles/village.py), its kit a parameter: 帰省者 reuses it (V2.3)

HOME_KIT_SENT = Message.declare("home kit sent", "{player}は{target}へ{kit}を渡しました。",
                                "{player} handed {kit} to {target}.", words={"kit": THINGS})


class HomeKit(Ability):
    """帰省者's kit: once, any night from 2, optional, at once: another living seat gets a 占い, 霊能 or
    狩人セット usable that night (as 商人's; not redirected)."""

    verb = KIT
    label = ("渡す", "hand a kit")  # not 商人's 「発送」
    level = None
    required = False
    first = 2
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        target, kit = action.targets[0], str(action.kit)
        ctx.tell(action.seat, HOME_KIT_SENT, player=action.seat, target=target, kit=kit)
        give_kit(ctx, target, kit)


class GoingHome(LevelHook):
    """At level 95 of each night ≥ 3 its seat is in A and free (W.1.3), the 帰省者 leaves (V2.1.6);
    kept alive, it tries again the next night."""

    level = 95

    def act(self, ctx: Context, me: Layer) -> None:
        if ctx.day >= 3:
            leave(ctx, me.seat)


@role
class HomeComer(Role):
    """帰省者: 商人 of this batch — once, any night from 2, it may hand another living seat a 占い, 霊能 or
    狩人セット, usable that night (「{name}は{target}へ{kit}を渡しました。」, the recipient
    「{target}に{kit}が到着しました。」). At level 95 of each night from 3 it is in A and free, it leaves
    (V2.1.6, normally announced at the dawn of day 4); kept alive, it tries again the next night."""

    card_ja = ("帰省者: 2日目の夜以降に一度だけ、他の生存者ひとりに占い・霊能・狩人セットを渡せます（その夜から使えます）。"
               "3日目の夜以降、夜の間に村を去ります（通常は4日目の朝に発表されます）。")
    card_en = ("Home Comer: once, on any night from night 2, it may hand another living seat a seer, medium or "
               "bodyguard kit, usable that same night. From night 3 it leaves the village during the night (normally "
               "announced at the dawn of day 4); if something keeps it alive, it tries again the next night.")

    abilities = (HomeKit(),)
    level_hooks = (GoingHome(),)
