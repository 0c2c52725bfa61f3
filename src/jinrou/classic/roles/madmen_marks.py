"""狂人系 that mark a seat (人狼陣営, classic-roles-werewolf W.3): 狼少年, 月下美人, 美女, 邪魔狂人, 雨男,
かぼちゃ魔, 影法師, 丑刻参, 爆弾魔, 破壊の狂人, 催眠術師 — each with the mark it places (W.1.5, W.1.7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.abilities import LevelHook, Once
from jinrou.classic.events import AttackedAt, BurialPass, Died, Divined, Executed, PhaseOpened, on
from jinrou.classic.identity import Expiry, Seal
from jinrou.classic.model import Action, Cause, Count, Fortune, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, mark, role
from jinrou.classic.roles.common import (
    TRAP_DEATH,
    Bodyguarding,
    Contacted,
    ContactHook,
    OnceMemory,
    PlaceMark,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


FRAME = Verb.declare("frame", label=("狼に仕立てる", "frame"))


@mark("Framed", "狼少年の濡れ衣")
class Framed(Role):
    """Framed by a 狼少年 (W.1.5): reads 人狼 until its seat's next dusk hook — a dead seat keeps it."""

    card_ja = "狼少年の濡れ衣: 次の夕方まで、占い結果が人狼になります（死者はそのまま）。"
    card_en = ("Framed: framed by a 狼少年 (Wolf Boy), the seat is divined 人狼 (werewolf) until its next dusk; a "
               "dead seat stays framed.")

    fortune_overlay = Fortune.WEREWOLF

    @on(PhaseOpened)
    def end(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK:
            ctx.remove(me)


class Frame(PlaceMark):
    """狼少年's frame: each night from 1, optional, level 90, a living seat (itself allowed): the
    (redirected) target reads 人狼 until its next dusk hook; a private fact."""

    verb = FRAME
    mark = "Framed"
    level = 90
    required = False


@role
class WolfBoy(Role):
    """狼少年: each night it may frame a living seat, which reads 人狼 to the diviners until its next
    dusk (W.1.5); the 霊能結果 and 人狼占い's role name are untouched.
    When it is cast, divination results come at dawn, even where they would come at once (T.1.11)."""

    card_ja = ("狼少年: 毎晩ひとり（自分も可）を選べます（任意）。"
               "その人は次の夕方まで占い結果が人狼になります（死んでいればそのまま）。"
               "霊能結果と人狼占いには影響しません。"
               "この役職がいると、占い結果は「すぐ分かる」設定でも翌朝分かります。")

    delays_divination = True  # T.1.11: cast, divination results come at dawn (the reference's DIVINER_NOIMMEDIATE_JOBS)
    abilities = (Frame(),)


# ---------------------------------------------------------------------- 月下美人, 美女 (group T)


@mark("Fascinated", "魅了")
class Fascinated(Role):
    """魅了 (a 月下美人's, for good; the seat is not told): at every burial at which the 月下美人 that
    placed it is dead, the seat dies (後追い, `suicide`)."""

    card_ja = ("魅了: 月下美人の魅了です（通知なし、ずっと続きます）。その月下美人が死んでいる埋葬のたびに、"
               "後を追って死にます。")
    card_en = ("Fascinated: 魅了 by a 月下美人 (Queen of the Night), for the rest of the game, not told: at every "
               "burial at which that 月下美人 is dead, the seat dies too (後追い).")

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if me.source is not None and not ctx.alive(me.source):
            ctx.follow(me.seat, "charm", me.source)


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

    card_ja = ("月下美人: 人狼の味方です。その夜に月下美人を占った人や護衛した人は、"
               "生きていれば魅了されます（通知なし）。魅了された人は、"
               "月下美人が死んでいる埋葬のたびに後を追って死にます。")
    card_en = ("Queen of the Night: on the wolves' side. At the end of each night it is alive, every seat that "
               "divined it (a divination with effects) or guarded it that night and is alive is charmed (魅了, not "
               "told): from then on, at every burial at which the 月下美人 is dead, that seat dies too (後追い).")

    level_hooks = (Fascination(),)


CHARM = Verb.declare("charm", label=("魅了", "charm"))


@mark("Attracted", "美女の魅了", until=Expiry.DUSK)
class WomanAttracted(Role):
    """美女の魅了 (until the next dusk; the seat is not told): at a burial where the 美女 that placed it
    is newly dead, by any cause but a wolf attack, the seat dies (後追い, `suicide`)."""

    card_ja = "美女の魅了: 次の夕方まで（通知なし）。その美女が人狼の襲撃以外で死んだ埋葬で、後を追って死にます。"
    card_en = ("Attracted: 美女の魅了 by a 美女 (Attractive Woman), until the next dusk, not told: at a burial where "
               "that 美女 has just died, of anything but a wolf attack, the seat dies too (後追い).")

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        source = me.source
        if source is None or ctx.alive(source) or source in ctx.announced_dead():
            return
        if ctx.cause_of_death(source) is not Cause.ATTACK:
            ctx.follow(me.seat, "charm", source)


CHARMED = Message.declare("charmed", "{player}は{target}を魅了しました。", "{player} charmed {target}.")


class Charm(PlaceMark):
    """美女's charm: each night from 1, optional, level 100, another living seat (told 「{name}は
    {target}を魅了しました。」): the (redirected) seat gets 美女の魅了 until the next dusk."""

    verb = CHARM
    mark = WomanAttracted.id
    itself = False
    required = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, CHARMED, player=action.seat, target=action.targets[0])


@role
class AttractiveWoman(Role):
    """美女: each night it may charm another living seat until the next dusk; if the 美女 dies meanwhile
    by any cause but a wolf attack, the charmed seat dies with it (後追い, at that burial)."""

    card_ja = ("美女: 人狼の味方です。毎晩、他の生存者ひとりを魅了できます（任意、通知なし）。"
               "次の夕方までに美女が人狼の襲撃以外で死ぬと、その埋葬で魅了された人も後を追って死にます。")

    abilities = (Charm(),)


# ---------------------------------------------------------------------- divination (W.1.4, W.1.5, W.3)
# 邪魔狂人, 雨男, かぼちゃ魔, 影法師, 丑刻参 (妖術師 and サトリ: madmen.py): marks that obstruct their seat's divinations
# (W.1.4, ``blocks_divination``: the engine calls an obstructed ``divination``'s ``obstructed`` instead of
# ``resolve``), more overlays (「かぼちゃ」, 影法師's pair held while it lives), a mark that reacts to its
# seat being divined (丑刻参's 呪い) and the words a mind reader reads (``Role.mind_read``).

OBSTRUCT = Verb.declare("obstruct", label=("占いを邪魔する", "obstruct"))


RAIN = Verb.declare("rain", label=("雨を降らせる", "make it rain"))


COSTUME = Verb.declare("costume", label=("かぼちゃにする", "costume"))


CURSE = Verb.declare("curse", label=("呪う", "curse"))


@mark("Obstructed", "占いの邪魔", Expiry.DUSK)
class Obstructed(Role):
    """Obstructed by a 邪魔狂人 (W.1.4) until the next dusk: each divination its seat makes gives no
    result and no effect; told at dawn that it was obstructed instead."""

    card_ja = "占いの邪魔: 次の夕方まで、その人の占いは結果も効果もありません（朝に邪魔されたと知らされます）。"
    card_en = ("Obstructed: by a 邪魔狂人 (Obstructive Madman), until the next dusk: each divination the seat makes "
               "gives no result and no effect; it is told at dawn that it was obstructed instead.")

    blocks_divination = True


class Obstruct(PlaceMark):
    """邪魔狂人's obstruction: each night from 1, required, level 90, a living seat (itself allowed):
    the (redirected) target is obstructed until the next dusk."""

    verb = OBSTRUCT
    mark = "Obstructed"
    level = 90


@role
class ObstructiveMad(Role):
    """邪魔狂人: each night it must obstruct a living seat, whose divinations that night give no
    result and no effect (W.1.4: 占い師, 子狐, 人狼占い, 妖術師, サトリ, a 占いセット).
    When it is cast, divination results come at dawn, even where they would come at once (T.1.11)."""

    card_ja = ("邪魔狂人: 毎晩ひとり（自分も可）を選びます（必須）。"
               "その人がその夜に行う占い（占い師・子狐・人狼占い・妖術師・サトリ・占いセット）は結果が出ず、"
               "効果もありません（呪殺なども起きません）。占った人は朝に「何者かに邪魔されました」"
               "と知らされます。"
               "この役職がいると、占い結果は「すぐ分かる」設定でも翌朝分かります。")

    delays_divination = True  # T.1.11: cast, divination results come at dawn (the reference's DIVINER_NOIMMEDIATE_JOBS)
    abilities = (Obstruct(),)


@dataclass
class RainMemory:
    pending: bool = False  # it rained: the weather is told at its next living dawn


@mark("Rain", "雨", Expiry.DAWN)
class Rained(Role):
    """The rain of a 雨男 (W.1.4): every living seat of a rainy day is obstructed that night (from the
    rainy dawn to the next, so at level 90 too, whatever became of the 雨男)."""

    card_ja = "雨: 雨男の雨です。雨の日に生きている全員が、その夜の能力を邪魔されます（雨男がどうなっても）。"
    card_en = ("Rain: the rain of a 雨男 (Rainy Boy): every living seat of a rainy day is obstructed that night "
               "(from the rainy dawn to the next), whatever became of the 雨男.")

    blocks_divination = True


RAIN_CHOSEN = Message.declare("rain chosen", "{player}は翌日に雨を降らせます。", "{player} will make it rain tomorrow.")


class Rain(Ability):
    """雨男's rain: once per game, any night from 2, optional, no target; told at once 「{name}は翌日に
    雨を降らせます。」."""

    verb = RAIN
    level = None
    arity = 0
    required = False
    first = 2
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.pending = True
        ctx.tell(action.seat, RAIN_CHOSEN, player=action.seat)


RAIN_TOLD = Message.declare("rain", "今日は雨が降っています。", "It is raining today.")


@role
class RainyBoy(Role):
    """雨男: once, from night 2, it may make it rain: at its next dawn alive everybody is told
    「今日は雨が降っています。」 and that day's night every living seat's divinations are obstructed
    (W.1.4) — even if the 雨男 died in the day."""

    card_ja = ("雨男: 2日目の夜から一度だけ、雨を降らせられます（対象なし）。"
               "次に生きて迎える朝に「今日は雨が降っています。」と公表され、"
               "その日の夜は生きている全員の占いが邪魔されます（雨男がその日に死んでいても）。")

    Memory = RainMemory
    abilities = (Rain(),)

    @on(PhaseOpened)
    def weather(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN or not me.memory.pending:
            return
        me.memory.pending = False
        ctx.tell(None, RAIN_TOLD)
        for seat in ctx.living():
            ctx.grant(seat, "Rained", me.seat)


@mark("Pumpkin costume", "かぼちゃの仮装")
class Costumed(Role):
    """A かぼちゃ魔's costume (W.1.5): reads 「かぼちゃ」 to the diviners for the rest of the game."""

    card_ja = "かぼちゃの仮装: かぼちゃ魔の仮装です。その後ずっと、占い結果が「かぼちゃ」になります。"
    card_en = ("Pumpkin costume: a かぼちゃ魔's (Pumpkin's) costume: the seat is divined 「かぼちゃ」 (pumpkin) for "
               "the rest of the game.")

    fortune_overlay = Fortune.PUMPKIN


COSTUMED = Message.declare("costumed", "{player}が{target}をかぼちゃにしました。", "{player} turned {target} into a pumpkin.")


class Costume(Ability):
    """かぼちゃ魔's costume: each night from 1, required, level 90, a living seat (itself allowed): told
    at once 「{name}が{target}をかぼちゃにしました。」; the (redirected) target, if alive then, reads
    「かぼちゃ」 from then on."""

    verb = COSTUME
    level = 90

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, COSTUMED, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if not ctx.alive(target):
            return
        old = ctx.identity(target).layer("Costumed")
        if old is not None:  # costumed again: on top again (W.1.5), one layer kept
            ctx.remove(old)
        ctx.grant(target, "Costumed", action.seat)


@role
class Pumpkin(Role):
    """かぼちゃ魔: each night it must costume a living seat, which reads 「かぼちゃ」 to 占い師, 子狐 and
    サトリ for the rest of the game (W.1.5); the 霊能結果 and 人狼占い's role name are untouched.
    When it is cast, divination results come at dawn, even where they would come at once (T.1.11)."""

    card_ja = ("かぼちゃ魔: 毎晩ひとり（自分も可）をかぼちゃにします（必須）。その人は以後ずっと、"
               "占い結果が「かぼちゃ」になります（霊能結果と人狼占いには影響しません）。"
               "この役職がいると、占い結果は「すぐ分かる」設定でも翌朝分かります。")

    delays_divination = True  # T.1.11: cast, divination results come at dawn (the reference's DIVINER_NOIMMEDIATE_JOBS)
    abilities = (Costume(),)


class ShadowMark(Role):
    """A 影法師's overlay (W.1.5), held while its 影法師 (the mark's source) lives: removed at its
    death, or at the first burial after it (a death it did not hear of)."""

    @on(BurialPass)
    def lift(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if me.source is not None and not ctx.alive(me.source):
            ctx.remove(me)


@mark("Shadow black", "影法師の影（人狼）")
class ShadowBlacked(ShadowMark):
    """On each 狩人 (a 狩人セット too): reads 人狼 while the 影法師 lives."""

    card_ja = "影法師の影（人狼）: 狩人（狩人セットも）の占い結果が、影法師が生きている間は人狼になります。"
    card_en = ("Shadow black: a 影法師's (Shadow's) mark on each 狩人 (Bodyguard; a Bodyguard kit too): divined 人狼 "
               "(werewolf) while the 影法師 lives.")

    fortune_overlay = Fortune.WEREWOLF


@mark("Shadow white", "影法師の影（村人）")
class ShadowWhited(ShadowMark):
    """On one wolf: reads 村人 while the 影法師 lives."""

    card_ja = "影法師の影（村人）: 人狼ひとりの占い結果が、影法師が生きている間は村人になります。"
    card_en = "Shadow white: a 影法師's (Shadow's) mark on one wolf: divined 村人 (human) while the 影法師 lives."

    fortune_overlay = Fortune.HUMAN


SHADOW_CAST = Message.declare("shadow cast", "{player}は{target}の影を抜きました。", "{player} drew out {target}'s shadow.")
SHADOW_WOLF = Message.declare("shadow wolf", "{target}は影を抜かれたようです。", "{target}'s shadow seems to have been drawn out.")


@role
class Shadow(Role):
    """影法師: at its first dusk every seat holding 狩人 reads 人狼, and one living seat counting as
    wolf (drawn ``shadow wolf``) reads 村人, while the 影法師 lives (W.1.5); it is told 「{name}は
    {target}の影を抜きました。」 and the wolf chat 「{target}は影を抜かれたようです。」."""

    card_ja = ("影法師: 最初の夜に、狩人全員の占い結果を人狼に、人狼のひとり（ランダム）の占い結果を村人にします。"
               "影法師が生きている間だけ有効です。どの人狼かは影法師と人狼に知らされます。"
               "この役職がいると、占い結果は「すぐ分かる」設定でも翌朝分かります。")
    card_en = ("Shadow: on the wolves' side. At its first dusk it takes the shadows: while the 影法師 lives, every "
               "seat holding 狩人 (Bodyguard) is divined 人狼 (werewolf), and one living wolf, drawn at random, is "
               "divined 村人 (human). It is told which wolf, 「…の影を抜きました。」 (it drew out that wolf's "
               "shadow), and the wolves are told in the Wolves chat 「…は影を抜かれたようです。」 (that wolf's "
               "shadow seems drawn out). "
               "When it is cast, divination results come at dawn, even where they would come at once.")

    delays_divination = True  # T.1.11: cast, divination results come at dawn (the reference's DIVINER_NOIMMEDIATE_JOBS)
    Memory = OnceMemory

    @on(PhaseOpened)
    def draw_shadows(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK or me.memory.used:
            return
        me.memory.used = True
        for seat in ctx.holding(Bodyguarding):
            ctx.grant(seat, "ShadowBlacked", me.seat)
        wolves = [s for s in ctx.living() if ctx.identity(s).counts() is Count.WOLF]
        if not wolves:
            return
        wolf = ctx.draw_seat("shadow wolf", wolves)
        ctx.grant(wolf, "ShadowWhited", me.seat)
        ctx.tell(me.seat, SHADOW_CAST, player=me.seat, target=wolf)
        ctx.tell(ctx.chat_members(Chat.WOLF), SHADOW_WOLF, target=wolf)

    @on(Died)
    def release(self, ctx: Context, me: Layer, event: Died) -> None:
        for seat in ctx.seats():
            for layer in ctx.identity(seat).extras():
                if isinstance(layer.role, ShadowMark) and layer.source == me.seat:
                    ctx.remove(layer)


@mark("Hex", "丑の刻参りの呪い", Expiry.DUSK)
class Hexed(Role):
    """A 丑刻参's curse (W.1.7) until the next dusk: divined that night with effects, its seat dies
    (``curse``)."""

    card_ja = "丑の刻参りの呪い: 次の夕方まで。その夜に占われると呪殺されます。"
    card_en = ("Hex: a 丑刻参's (Ushinotokimairi's) curse until the next dusk: if the seat is divined that night, it "
               "dies (呪殺).")

    @on(Divined)
    def strike(self, ctx: Context, me: Layer, event: Divined) -> None:
        ctx.kill(me.seat, Cause.CURSE, event.by)


class Hex(PlaceMark):
    """丑刻参's curse: each night from 1, optional, level 90, a living seat: the (redirected) target
    carries 呪い until the next dusk."""

    verb = CURSE
    mark = "Hexed"
    level = 90
    required = False


@role
class Ushinotokimairi(Role):
    """丑刻参: each night it may curse a living seat: divined (*divined* hook) that night, it dies
    (``curse``); on a night it cursed, the 丑刻参 dies too if divined."""

    card_ja = ("丑刻参: 毎晩ひとりを呪えます（任意）。その夜にその人が占われると呪殺されます。呪った夜は、"
               "丑刻参自身も占われると呪殺されます。")
    card_en = ("Ushinotokimairi: each night it may curse a living seat: if that seat is divined that night, it dies "
               "(呪殺). On a night it cursed, the 丑刻参 itself also dies if divined.")

    abilities = (Hex(),)

    @on(Divined)
    def exposed(self, ctx: Context, me: Layer, event: Divined) -> None:
        if ctx.done(me, CURSE):
            ctx.kill(me.seat, Cause.CURSE, event.by)


# ---------------------------------------------------------------------- 狂人系: bombs, exposures


BOMB = Verb.declare("bomb", label=("爆弾を仕掛ける", "plant a bomb"))


EXPOSE = Verb.declare("expose", label=("護衛を無効にする", "expose"))


@dataclass
class BombMemory:
    exploded: bool = False  # it explodes once (settled here); removed at the next dawn then


def explode(ctx: Context, me: Layer) -> None:
    """The bomb ``me`` is spent: it leaves its seat at the next dawn (dead or alive)."""
    me.memory.exploded = True
    me.until = Expiry.DAWN


class BombCheck(LevelHook):
    """(a) At level 100, at the carrier's turn if it is in A: each guard protection of 狩人's kind on
    it (exposed or not) kills its guard and the carrier (罠) and is removed."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        guards = [] if me.memory.exploded else ctx.guards_on(me.seat)
        if not guards:
            return
        explode(ctx, me)
        for guard in dict.fromkeys(guards):
            ctx.unguard(me.seat, guard)
            ctx.kill(guard, TRAP_DEATH, me.source)
        ctx.kill(me.seat, TRAP_DEATH, me.source)


@mark("Bomb", "爆弾")
class Bomb(Role):
    """A bomb (W.1.7), invisible to its carrier, until it explodes once: (a) on a guard protection
    at level 100 (:class:`BombCheck`); (b) after a wolf attack on the carrier, whatever its outcome,
    the wolf that submitted it dies (罠), and after a ヴァンパイア's bite on the living carrier, that
    vampire; (c) the carrier executed, a living seat among its voters of that ballot, drawn
    uniformly (``bomb victim``). An exploded bomb leaves its seat at the next dawn."""

    card_ja = "爆弾: 爆弾魔が仕掛けた爆弾です（持ち主には見えません）。一度だけ爆発します。"
    card_en = ("Bomb: a 爆弾魔's (Bomber's) bomb, invisible to its carrier; it explodes once: when a guard protects "
               "the carrier, it kills the guard and the carrier; after a wolf attack on the carrier, whatever its "
               "outcome, it kills the wolf that made it; after a vampire's bite on the living carrier, that vampire; "
               "when the carrier is executed, one of the living seats that voted for it, at random. An exploded bomb "
               "is gone at the next dawn.")

    Memory = BombMemory
    level_hooks = (BombCheck(),)

    @on(AttackedAt)
    def attacked(self, ctx: Context, me: Layer, event: AttackedAt) -> None:
        if event.host != me.seat or me.memory.exploded or event.source is None:
            return
        explode(ctx, me)
        ctx.kill(event.source, TRAP_DEATH, me.source)

    @on(Executed)
    def executed(self, ctx: Context, me: Layer, event: Executed) -> None:
        voters = [] if me.memory.exploded else [v for v in ctx.ballot_voters(me.seat) if ctx.alive(v)]
        if voters:
            explode(ctx, me)
            ctx.kill(ctx.draw_seat("bomb victim", voters), TRAP_DEATH, me.source)


class PlantBomb(PlaceMark):
    """爆弾魔's bomb: once per game, any night from 1, optional, level 81: the (redirected) seat
    carries a bomb."""

    verb = BOMB
    mark = Bomb.id
    itself = False
    level = 81
    required = False
    once = Once.GAME


@role
class Bomber(Role):
    """爆弾魔: once, any night, it may plant a bomb on another living seat (see the bomb: it
    punishes the guards that protect its carrier, the wolf or vampire that attacks it, or one of
    the voters that execute it; one explosion)."""

    card_ja = ("爆弾魔: 人狼の味方です。一度だけ、夜に他の生存者ひとりに爆弾を仕掛けます。爆弾は一度だけ爆発します: "
               "狩人系に護衛されるとその狩人と持ち主が、人狼に襲われると襲撃した人狼が、"
               "ヴァンパイアに襲われるとそのヴァンパイアが、持ち主が処刑されるとその人に投票した生存者からランダムに1"
               "人が死にます（罠）。")

    deadly_weapon = True  # V2.1.12

    abilities = (PlantBomb(),)


@mark("Exposed", "護衛無効", until=Expiry.DUSK)
class Exposed(Role):
    """Exposed by a 破壊の狂人 until the next dusk: guard protections on the seat (狩人's kind, 罠,
    侍's counter guard) stop no attack — no GJ, no 瞳狼 line — though a bomb's and a 罠's guard
    checks still see them."""

    card_ja = "護衛無効: 次の夕方まで、狩人系の護衛・罠・侍の護衛が襲撃を防ぎません。"
    card_en = ("Exposed: by a 破壊の狂人 (Destroy Craziest), until the next dusk: guard protections on the seat (a "
               "狩人's kind, a trap, a 侍's counter guard) stop no attack — no successful guard is announced, no "
               "瞳狼 (Eyes Wolf) line — though a bomb and a trap still notice them.")

    voids_guards = True


class Expose(PlaceMark):
    """破壊の狂人's exposure: each night from 1, optional, level 90: a living seat, itself allowed."""

    verb = EXPOSE
    mark = Exposed.id
    level = 90
    required = False


@role
class DestroyCraziest(Role):
    """破壊の狂人: each night it may expose a living seat (itself too): until the next dusk the guard
    protections on it stop no attack."""

    card_ja = ("破壊の狂人: 人狼の味方です。毎晩ひとり（自分も可）を選べます（任意）。次の夕方まで、"
               "その人への狩人系の護衛・罠・侍の護衛は襲撃を防ぎません。")

    abilities = (Expose(),)


# ---------------------------------------------------------------------- hypnosis (W.1.3)

HYPNOTIZE = Verb.declare("hypnotize", label=("催眠術", "hypnotize"))


@mark("Hypnotized", "催眠", until=Expiry.LIVING_DAWN)
class Hypnotized(Role):
    """催眠 (W.1.3), from level 50 to the next dawn at which the seat is alive: its actions resolve to
    nothing, its own hooks are void, and so are its role's resistances and the protections it held
    before (a wolf stays immune to wolf attacks; one placed later, a 狩人's at 80, works)."""

    card_ja = ("催眠: その夜、行動と能力が無効になり、自分の耐性やそれまでに受けた護衛も効きません（後から受けた護衛"
               "は効きます）。次に生きて迎える朝まで続きます。")
    card_en = ("Hypnotized: 催眠, until the next dawn the seat is alive: its actions do nothing, its abilities and "
               "resistances are void, and so are the protections it got before (a wolf still cannot be killed by a "
               "wolf attack; a protection placed later, such as a 狩人's guard, works).")

    seal = Seal.HYPNOTIZED


HYPNOTIZED = Message.declare("hypnotized", "{player}が{target}に催眠術をかけました。", "{player} hypnotized {target}.")


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
        ctx.tell(me.seat, HYPNOTIZED, player=me.seat, target=action.target)

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

    card_ja = ("催眠術師: 人狼の味方です。2日目以降の夜に一度だけ、ひとりに催眠術をかけます。その夜、"
               "相手の行動と能力は無効になり、耐性や先に受けた護衛も効きません。相手が人狼なら、"
               "その夜の人狼の襲撃はすべて取り消されます。"
               "この役職がいると、占い結果は「すぐ分かる」設定でも翌朝分かります。")
    card_en = ("Hypnotist: on the wolves' side. Once in the game, from night 2, it hypnotizes a seat: that night the "
               "seat's actions and abilities do nothing, and its resistances and the protections it got before do "
               "not work. If the seat is a wolf, all of that night's wolf attacks are called off. "
               "When it is cast, divination results come at dawn, even where they would come at once.")

    delays_divination = True  # T.1.11: cast, divination results come at dawn (the reference's DIVINER_NOIMMEDIATE_JOBS)
    abilities = (Hypnotize(),)
