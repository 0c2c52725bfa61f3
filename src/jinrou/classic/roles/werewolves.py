"""Team Werewolf (人狼陣営): the 人狼系 wolves (classic-werewolf §8, W.2); the 狂人系 are in madmen.py and
madmen_marks.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once, When
from jinrou.classic.catalog import Team
from jinrou.classic.events import (
    AttackFailed,
    BurialPass,
    Died,
    Divined,
    Guarded,
    Nightfall,
    PhaseOpened,
    Threat,
    on,
)
from jinrou.classic.model import Action, Blocked, Cause, Count, Fortune, Message, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, Shown, role
from jinrou.classic.roles.common import (
    ATTACK,
    Absolute,
    Attack,
    AttackFailures,
    BlasphemyProof,
    Contacted,
    ContactHook,
    Divination,
    Divining,
    Lunged,
    NextNight,
    SealedLastNight,
    Villager,
    Wolf,
    alive_for_win,
    attack_form,
    attacks_spent,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


ABSTAIN = attack_form(Verb.declare("abstain", label=("襲撃しない", "abstain")))  # W.1.9c: it spends an attack


GORGE = Verb.declare("gorge", label=("欲張る", "gorge"))


@role
class Werewolf(Wolf):
    """人狼."""

    card_ja = "人狼: 毎晩、仲間と村人をひとり襲撃します。"
    card_en = "人狼: attacks a seat each night, with the other wolves."


@role
class BigWolf(Wolf):
    """大狼: divined as 村人; its psychic result is 大狼."""

    card_ja = "大狼: 占い結果は村人、霊能結果は大狼です。"

    fortune = Fortune.HUMAN
    psychic = PsychicResult.BIG_WOLF
    mind_read = PsychicResult.BIG_WOLF.value  # サトリ reads 「大狼」


@role
class WolfCub(Wolf):
    """狼の子: its death gives the wolves two attacks on the next night that starts."""

    card_ja = "狼の子: 死ぬと、次の夜に人狼は2回襲撃できます。"


    @on(Died)
    def bonus(self, ctx: Context, me: Layer, event: Died) -> None:
        ctx.memory(NextNight).extra = True


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
        if identity.holds(Divining):  # its role or a 占いセット
            ctx.kill(action.seat, Cause.CURSE, target)
        if ctx.alive(target) and role_of.catalog.team is Team.WEREWOLF and role_of.counts is Count.HUMAN:
            ctx.change_role(target, ctx.draw("new role", ctx.playable()))


@role
class WolfDiviner(Wolf):
    """人狼占い: a wolf that may also divine a seat's role each night."""

    card_ja = "人狼占い: 人狼ですが、毎晩ひとりの役職を占うこともできます。"

    abilities = (ATTACK, WolfDivination())
    closes_heaven = "alive"


@role
class LoneWolf(Wolf, BlasphemyProof):
    """一匹狼: judges as team LoneWolf; wins iff team LoneWolf wins and it is alive."""

    card_ja = "一匹狼: 一匹狼陣営として判定されます。一匹狼陣営が勝ち、生き残っていれば勝利します。"
    card_en = ("Lone Wolf: a werewolf judged on a team of its own (the lone wolf); it wins if that team wins and it "
               "is alive.")

    judge_team = Team.LONE_WOLF

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.LONE_WOLF and alive_for_win(ctx, me.seat)  # T.1.4


# ---------------------------------------------------------------------- wave 3 人狼系 (W.2)


@role
class CurseWolf(Wolf):
    """呪狼: a seat that divines it with effects (占い師, a 占いセット, a fellow 人狼占い) dies of the
    curse (呪殺) at its own resolution."""

    card_ja = ("呪狼: 人狼です。占い師（占いセット、人狼占いも）に占われると、"
               "占った人が呪殺されます（その占いの解決時）。")


    @on(Divined)
    def curse(self, ctx: Context, me: Layer, event: Divined) -> None:
        ctx.kill(event.by, Cause.CURSE, me.seat)


GUARD_SENSED = Message.declare("guard sensed", "{player}は{guard}に護衛されたことを直感しました。",
                               "{player} senses that {guard} guards it.")


@role
class IntuitionWolf(Wolf):
    """直感派狼: told who guards it, when the protection is placed."""

    card_ja = "直感派狼: 人狼です。狩人に護衛されると、誰に護衛されたかを直感します（護衛が置かれたとき）。"


    @on(Guarded)
    def sense(self, ctx: Context, me: Layer, event: Guarded) -> None:
        ctx.tell(me.seat, GUARD_SENSED, player=me.seat, guard=event.by)


@role
class SealWolf(Wolf):
    """印狼: each vote it casts weighs 1 more per dead seat among its two neighbours in seat order
    (circular, 身代わりくん included), counted when it votes."""

    card_ja = ("印狼: 人狼です。投票するとき、席順で両隣（円環、身代わりくんも含む）"
               "の死者1人につき1票多く数えられます。")


    def vote_weight(self, ctx: Context, me: Layer) -> int:
        neighbours = {(me.seat - 1) % ctx.n, (me.seat + 1) % ctx.n} - {me.seat}
        return sum(1 for s in neighbours if not ctx.alive(s))


@role
class DarkWolf(Wolf):
    """闇狼: while it lives every published vote table is hidden from everybody
    (「投票結果が闇に隠されました。」); GM霊能 is still shown."""

    card_ja = ("闇狼: 人狼です。生きている間は、公開される投票結果が全員に対して「投票結果が闇に隠されました。」"
               "に置き換えられます（GM霊能は表示されます）。")
    card_en = ("Dark Wolf: a werewolf. While it lives every published vote table is hidden from everybody: "
               "「投票結果が闇に隠されました。」 (the vote results are hidden in darkness); GM霊能 (the game "
               "master's medium) is still shown.")

    hides_votes = True


@role
class NetherWolf(Wolf):
    """冥狼: reads 霊界 (the dead's chat) but cannot write there; while it lives the dead see less
    (霊界表示 norevive: it counts as a reviver)."""

    card_ja = ("冥狼: 人狼です。霊界の会話を読めます（書けません）。"
               "生きている間は蘇生役職として数えられます（霊界表示）。")
    card_en = ("Nether Wolf: a werewolf. It reads the chat of the dead (霊界, The dead) but cannot write there. "
               "While it lives it counts as someone who may bring the dead back (for the room setting “the dead see "
               "all: unless someone may come back”).")

    listens = frozenset({Chat.HEAVEN})
    closes_heaven = "alive"


ABSTAINED = Message.declare("abstained", "{wolf}たち人狼は襲撃しませんでした。", "{wolf} and the wolves attack nobody tonight.")


class Abstain(Ability):
    """「襲撃しない」: spends one of tonight's attacks on nobody (no death, no failure); wolf chat
    「{name}たち人狼は襲撃しませんでした。」."""

    verb = ABSTAIN
    level = None
    arity = 0
    required = False
    instead_of = Verb.ATTACK

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.role.attacks and ctx.attacks_tonight() > 0

    def done(self, ctx: Context, me: Layer) -> bool:
        return attacks_spent(ctx) >= ctx.attacks_tonight()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(ctx.chat_members(Chat.WOLF), ABSTAINED, wolf=action.seat)


@role
class CautiousWolf(Wolf):
    """慎重な狼: when it chooses an attack it may choose 「襲撃しない」 instead (abstain): one attack
    spent on nobody. Divined 人狼, as the reference's code (the catalog's column says otherwise)."""

    card_ja = ("慎重な狼: 人狼です。襲撃を選ぶとき、代わりに「襲撃しない」を選べます（襲撃1回分を使い、"
               "誰も死にません）。占い結果は人狼です。")
    card_en = ("Cautious Wolf: a werewolf. When it chooses an attack it may choose 「襲撃しない」 (no attack) "
               "instead: the attack is used up and nobody dies. It is divined 人狼 (werewolf).")

    abilities = (ATTACK, Abstain())


@dataclass
class TongueMemory:
    tasted: list[tuple[Seat, Role]] = field(default_factory=list)  # tonight's targets and their roles
    lost: bool = False  # it tasted a 村人: never again


class TastingAttack(Attack):
    """The wolves' attack, as every wolf's; one the 舌禍狼 submitted itself (not the night-1 attack
    on 身代わりくん) also notes its chosen target's role (not redirected) before it lands."""

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: TongueMemory = me.memory
        if not memory.lost and any(a is action for a in ctx.chosen(Verb.ATTACK)):
            memory.tasted.append((action.targets[0], ctx.identity(action.targets[0]).role))
        super().resolve(ctx, action, me)


TASTED = Message.declare("tasted", "{player}の味見の結果、{target}は{role}でした。", "{player} tasted {target}: {role}.")
TASTED_HUMAN = Message.declare("tasted human", "{player}の味見の結果、{target}は{role}でした。以降は襲撃対象者の役職を知ることができません。",
                               "{player} tasted {target}: {role}. It can no longer taste its victims.")


@role
class TongueWolf(Wolf):
    """舌禍狼: at the next dawn, alive, it learns the role of each seat it attacked itself that night
    that is dead by then (味見); a 村人 tasted ends the tasting for good."""

    card_ja = ("舌禍狼: 人狼です。自分で襲撃した相手が翌朝までに死んでいれば、その役職を知ります（味見）。"
               "村人を味見すると、以降は味見できなくなります。")

    abilities = (TastingAttack(),)
    Memory = TongueMemory

    @on(PhaseOpened)
    def taste(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN:
            return
        memory: TongueMemory = me.memory
        tasted, memory.tasted = memory.tasted, []
        for target, held in tasted:
            if not ctx.alive(target):
                human = isinstance(held, Villager)
                ctx.tell(me.seat, TASTED_HUMAN if human else TASTED, player=me.seat, target=target, role=held.id)
                memory.lost = memory.lost or human


@dataclass
class GreedyMemory:
    night: int | None = None  # the night it gorged
    paid: bool = False  # a failed attack that night cost it its life


GORGED = Message.declare("gorged", "{wolf}は欲張りました。人狼たちはもう1人襲撃できます。",
                         "{wolf} is greedy: the wolves may attack one more seat tonight.")


class Gorge(Ability):
    """欲張り: once per game, any night from 2, optional, at once: the wolves get one more attack
    tonight (wolf chat 「{name}は欲張りました。人狼たちはもう1人襲撃できます。」). Refused, and not
    spent, while tonight has no attack chosen or pending."""

    verb = GORGE
    level = None
    arity = 0
    required = False
    first = 2
    once = Once.GAME

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.role.attacks and ctx.attacks_tonight() > 0

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.night = ctx.day
        ctx.add_attack_tonight()
        ctx.tell(ctx.chat_members(Chat.WOLF), GORGED, wolf=action.seat)


GREEDY_DEATH = Cause.declare("greedy", "強欲の報い", "paid for its greed")  # 欲張りな狼's price for a failed attack (W.1.14)


@role
class GreedyWolf(Wolf):
    """欲張りな狼: once, from night 2, it may gorge: one more attack tonight. The first attack of that
    night that fails (its target alive after it) kills it (強欲の報い) and cancels the attacks after
    it; 「襲撃しない」 never fails."""

    card_ja = ("欲張りな狼: 人狼です。2日目以降の夜に一度だけ、欲張って人狼の襲撃を1回増やせます。その夜、"
               "最初に失敗した襲撃で欲張りな狼は死に（強欲の報い）、以降の襲撃は取り消されます。「襲撃しない」"
               "は失敗しません。")

    abilities = (ATTACK, Gorge())
    Memory = GreedyMemory
    goat_attacks_all = True

    @on(AttackFailed)
    def pay(self, ctx: Context, me: Layer, event: AttackFailed) -> None:
        memory: GreedyMemory = me.memory
        if memory.night == ctx.day and not memory.paid:
            memory.paid = True
            ctx.cancel_attacks()
            ctx.kill(me.seat, GREEDY_DEATH)


SEDUCE = Verb.declare("seduce", label=("誘惑", "seduce"))


@dataclass
class SeduceMemory:
    target: Seat | None = None  # the seat it seduced


SEDUCE_CHOSEN = Message.declare("seduce chosen", "{player}は{target}を誘惑しようとしています。", "{player} is seducing {target}.")


class Seduce(Ability):
    """誘惑: its first night (night 1), required, at once: another living seat (settled here; the
    reference also offers itself); told 「{name}は{target}を誘惑しようとしています。」. Not offered
    while no living seat counts other than wolf."""

    verb = SEDUCE
    level = None
    once = Once.GAME

    def available(self, ctx: Context, me: Layer) -> bool:
        wolves = set(ctx.counting(Count.WOLF))
        return any(s not in wolves for s in ctx.living())

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.target = action.targets[0]
        ctx.tell(action.seat, SEDUCE_CHOSEN, player=action.seat, target=action.targets[0])


SEDUCED = Message.declare("seduced", "{target}は狼に誘惑されました。",
                          "{target} was seduced by the wolves: you are now a wolf minion.")


@role
class FascinatingWolf(Wolf):
    """誘惑する女狼: on its first night it seduces another living seat (at once). At its death, whatever
    the cause, if a seat counting as wolf still lives and the seduced seat lives, is not of team
    Werewolf and counts as human (not a wolf, a fox, a vampire), that seat becomes 狼の子分 (told
    「{target}は狼に誘惑されました。」)."""

    card_ja = ("誘惑する女狼: 人狼です。最初の夜に、他の生存者ひとりを誘惑します（必須、すぐに有効）。"
               "死んだとき（死因を問わず）、人狼として数えられる生存者がいて、"
               "誘惑した人が生きていて人狼陣営でなく人間なら、その人は狼の子分になります（通知あり）。")
    card_en = ("Fascinating Wolf: a werewolf. On its first night it must seduce another living seat (at once). When "
               "it dies, whatever the cause, if a seat counting as a wolf still lives and the seduced seat is alive, "
               "not of the werewolves' team and a human (not a wolf, a fox or a vampire), that seat becomes a "
               "狼の子分 (Wolf minion), told 「…は狼に誘惑されました。」 (seduced by the wolf).")

    abilities = (ATTACK, Seduce())
    Memory = SeduceMemory

    @on(Died)
    def seduced(self, ctx: Context, me: Layer, event: Died) -> None:
        target = me.memory.target
        if target is None or not ctx.alive(target) or not any(ctx.alive(s) for s in ctx.counting(Count.WOLF)):
            return
        identity = ctx.identity(target)
        if identity.team() is not Team.WEREWOLF and identity.is_human():
            ctx.grant(target, "WolfMinion", me.seat)
            ctx.tell(target, SEDUCED, target=target)


MOON_AURA = Message.declare("moon aura", "{target}は{player}の放つ月のオーラに魅せられました。",
                            "{target} was bewitched by the moon aura of {player}: you now side with the wolves.")


class MoonAura(ContactHook):
    """月狼's aura at level 122: each seat that divined or guarded it tonight and is alive gets 月狂病,
    told 「{target}は{name}の放つ月のオーラに魅せられました。」."""

    level = 122

    def touch(self, ctx: Context, me: Layer, seat: Seat) -> None:
        ctx.grant(seat, "MoonPhilia", me.seat)
        ctx.tell(seat, MOON_AURA, player=me.seat, target=seat)


@role
class CynthiaWolf(Contacted, Wolf):
    """月狼: at level 122 (acting if alive at the night's end, even if it died earlier that night), each
    seat that divined it with effects (占い師, 人狼占い, a 占いセット) or guarded it this night and is
    alive becomes 月狂病 (team Werewolf; the 叫迷狂人's chat), told."""

    card_ja = ("月狼: 人狼です。その夜に月狼を占った人（占い師、人狼占い、占いセット）や護衛した人は、"
               "生きていれば月狂病になります（夜の終わりに生きていれば、その夜に死んでいても効きます。通知あり）。")
    card_en = ("Cynthia Wolf: a werewolf. At the end of each night, if it is alive then (even if it died earlier "
               "that night), every seat that divined it (占い師 Seer, 人狼占い Wolf Diviner, a seer kit) or guarded "
               "it that night and is alive becomes 月狂病 (Moon lunacy: the werewolves' team, in the Mad couple "
               "chat), and is told.")

    level_hooks = (MoonAura(),)


# ---------------------------------------------------------------------- wave 3 人狼系: attacks, failures, redirection


LUNGE = attack_form(Verb.declare("lunge", label=("捨て身の襲撃", "lunge")))  # one of tonight's attacks (W.2 一途な狼)


DECOY = Verb.declare("decoy", label=("囮になる", "decoy"))




LUNGE_TOLD = Message.declare("lunge", "{wolf}は捨て身の覚悟で{target}を狙っています。", "{wolf} lunges at {target}, whatever it costs.")


class Lunge(Attack):
    """一途な狼's lunge: once per game, as an attack it submits while the wolves still have one to
    choose (optional: the plain attack is the other form). Besides the attack notice the wolf chat
    reads 「{name}は捨て身の覚悟で{target}を狙っています。」; tonight every failed wolf attack kills its
    target anyway, then the 一途な狼 (W.1.9d, :class:`Attack`)."""

    verb = LUNGE
    once = Once.GAME
    required = False
    instead_of = Verb.ATTACK

    def is_required(self, ctx: Context, me: Layer) -> bool:
        return False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        super().submit(ctx, action, me)
        ctx.tell(ctx.chat_members(Chat.WOLF), LUNGE_TOLD, wolf=action.seat, target=action.target)
        ctx.memory(Lunged).by = action.seat


@role
class ToughWolf(Wolf):
    """一途な狼: once per game its attack may be a lunge: that night at level 105 each failed wolf
    attack kills its target anyway (no immunity, guard, holy protection or resistance; the cause is
    the attack, with the 一途な狼 as the attacker), then the 一途な狼, if alive, dies (捨て身); 欲張り
    is then not triggered. The flag covers every attack of the night (settled, as the reference)."""

    card_ja = ("一途な狼: 人狼です。一度だけ、襲撃を捨て身の襲撃にできます。"
               "その夜は失敗した襲撃がすべて（耐性・護衛・加護を無視して）対象を殺し、"
               "その後一途な狼は死にます（捨て身）。欲張りな狼の代償はその夜は起きません。")
    card_en = ("Tough Wolf: a werewolf. Once in the game its attack may be a lunge: that night every wolf attack "
               "that fails kills its target anyway (no resistance, guard, holy protection or immunity stops it), "
               "then the 一途な狼, if alive, dies (捨て身); the 欲張りな狼's (Greedy Wolf's) price is not paid that "
               "night.")

    abilities = (ATTACK, Lunge())


EYES_LINES = {
    Blocked.RESISTANCE: Message.declare("eyes resistance", "{target}への襲撃は耐性に阻まれました。",
                                        "The attack on {target} was resisted."),
    Blocked.GUARD: Message.declare("eyes guard", "{target}への襲撃は護衛に阻まれました。",
                                   "The attack on {target} was stopped by a guard."),
    Blocked.HOLY: Message.declare("eyes holy", "{target}への襲撃は聖なる力に阻まれました。",
                                  "The attack on {target} was stopped by a holy power."),
    Blocked.DEVIL: Message.declare("eyes devil", "{target}への襲撃は悪魔の力に阻まれました。",
                                   "The attack on {target} was stopped by a devil's power."),
    Blocked.CURSE: Message.declare("eyes curse", "{target}への襲撃は呪いの力に阻まれました。",
                                   "The attack on {target} was stopped by a curse."),
    Blocked.SUBSTITUTE: Message.declare("eyes substitute", "{target}への襲撃は何者かが身代わりになり失敗しました。",
                                        "The attack on {target} failed: someone died in its place."),
    Blocked.ESCAPE: Message.declare("eyes escape", "{target}への襲撃は{target}の逃亡により失敗しました。",
                                    "The attack on {target} failed: {target} was away."),
    Blocked.TRAP: Message.declare("eyes trap", "{target}への襲撃は罠に阻まれました。",
                                  "The attack on {target} was stopped by a trap."),
    Blocked.SNOW: Message.declare("eyes snow", "{target}への襲撃は雪の力に阻まれました。",
                                  "The attack on {target} was stopped by the snow."),
    Blocked.ACROBATICS: Message.declare("eyes acrobatics", "{target}への襲撃は曲芸的な動きで回避されました。",
                                        "The attack on {target} was dodged with acrobatics."),
}
"""瞳狼's line per attack that failed, by what stopped it (W.1.9f)."""


@role
class EyesWolf(Wolf):
    """瞳狼: at each burial at which a 瞳狼 lives, every living 瞳狼 is told one line per wolf attack
    that failed on a protection or resistance since the last burial, naming the seat and why
    (耐性, 護衛, 聖なる力, 悪魔の力, 呪いの力, 身代わり, 逃亡, 罠, 雪, 曲芸); otherwise the lines are lost."""

    card_ja = ("瞳狼: 人狼です。埋葬のたびに、前の埋葬から耐性や護衛などで失敗した人狼の襲撃ごとに、"
               "誰への襲撃が何に阻まれたかを知ります（生きている瞳狼全員）。")


    @on(BurialPass)
    def see(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        eyes = ctx.seats_of(EyesWolf, living=True)
        if not eyes or eyes[0] != me.seat:  # the first living 瞳狼 reads the log for them all
            return
        failures = (ctx.recall(AttackFailures) or AttackFailures()).take()
        sealed = (ctx.recall(SealedLastNight) or SealedLastNight()).seats  # when the night ended (W.2)
        eyes = [s for s in eyes if not ctx.identity(s).sealed and s not in sealed]  # not one sealed: lines lost
        for target, why in failures if eyes else ():
            ctx.tell(eyes, EYES_LINES[why], target=target)


DECOY_TOLD = Message.declare("decoy", "{wolf}は{target}の家に忍び込み囮となりました。",
                             "{wolf} slipped into {target}'s house as a decoy.")


class Decoy(Ability):
    """囮狼's decoy: once per game, any night from 2, optional, level 40: a living seat; wolf chat
    「{name}は{target}の家に忍び込み囮となりました。」 at submission; at level 40 every effect aimed at that
    seat tonight lands on the 囮狼 instead (W.1.2)."""

    verb = DECOY
    level = 40
    required = False
    first = 2
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(ctx.chat_members(Chat.WOLF), DECOY_TOLD, wolf=action.seat, target=action.target)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.redirect(action.targets[0], action.seat)


@role
class DecoyWolf(Wolf):
    """囮狼: once, from night 2, it may slip into a living seat's house as a decoy: tonight every
    action on that seat is redirected to the 囮狼 (an attack there hits the 囮狼 and fails unless a
    一途 night; a divination reads the 囮狼 under the chosen name; a guard protects it).
    When it is cast, divination results come at dawn, even where they would come at once (T.1.11)."""

    card_ja = ("囮狼: 人狼です。2日目以降の夜に一度だけ、生きている人の家に忍び込み囮になれます。"
               "その夜その人への行動（襲撃・占い・護衛など）はすべて囮狼に向かいます（襲撃は失敗、占い結果は人狼）。"
               "この役職がいると、占い結果は「すぐ分かる」設定でも翌朝分かります。")

    delays_divination = True  # T.1.11: cast, divination results come at dawn (the reference's DIVINER_NOIMMEDIATE_JOBS)
    abilities = (ATTACK, Decoy())


# ---------------------------------------------------------------------- wave 3 人狼系: attackers, feigned death, public identity (W.2)


@dataclass
class SolitudeMemory:
    attacks: bool = False  # it takes part in the attack (W.1.9a): not at first


SOLITUDE_ATTACKS = Message.declare("solitude attacks", "{player}は襲撃できるようになりました。", "{player} may attack now.")
SOLITUDE_STOPS = Message.declare("solitude stops", "他にも人狼がいるようです。{player}は襲撃できなくなりました。",
                                 "There seem to be other wolves: {player} may no longer attack.")


@role
class SolitudeWolf(Wolf):
    """孤独な狼: outside the pack (W.1.12) — it knows no wolf and no スパイⅡ, has no wolf chat and its
    own attack notice is its own; the wolves do know it. Not an attacker at first; at its dusk hook,
    not attacking while no living seat attacks, it becomes the attacker (told); attacking while
    another living seat attacks, it stops (told). Several alone: one of them, drawn (W.1.9a)."""

    card_ja = ("孤独な狼: 人狼です。他の人狼もスパイⅡも知らず、人狼のチャットにも入れません（人狼からは見えます）。"
               "最初は襲撃できません。夕方、襲撃できる人狼が生きていなければ襲撃できるようになり（通知あり）、"
               "他に襲撃できる人狼がいれば襲撃できなくなります（通知あり）。自分の襲撃の通知は自分にだけ届きます。")
    card_en = ("Solitary Wolf: a werewolf outside the pack. It knows no wolf and no スパイⅡ (Spy II), is not in the "
               "Wolves chat, and only it is told of its own attack; the wolves do know it. It does not attack at "
               "first: at a dusk when no living wolf attacks, it starts attacking (told); at a dusk when another "
               "living wolf attacks, it stops (told). Several Solitary Wolves: one of them, at random.")

    Memory = SolitudeMemory

    def attacking(self, me: Layer) -> bool:
        return bool(me.memory.attacks)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {}

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset()

    @on(PhaseOpened)
    def turn(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK:
            return
        attackers = ctx.attackers()
        if not me.memory.attacks and not attackers:
            alone = [s for s in ctx.seats_of(SolitudeWolf, living=True)  # a sealed one skips its hook (W.1.3)
                     if not ctx.identity(s).attacks and not ctx.identity(s).sealed]
            chosen = ctx.draw_seat("solitude attacker", alone) if len(alone) > 1 else me.seat
            self._set(ctx, ctx.identity(chosen).half(SolitudeWolf), True)
        elif me.memory.attacks and any(s != me.seat for s in attackers):
            self._set(ctx, me, False)

    @staticmethod
    def _set(ctx: Context, me: Layer, attacks: bool) -> None:
        me.memory.attacks = attacks
        ctx.resettle(me.seat)
        ctx.tell(me.seat, SOLITUDE_ATTACKS if attacks else SOLITUDE_STOPS, player=me.seat)


FEIGN = Verb.declare("feign", label=("死んだふり", "feign death"))


RISE = Verb.declare("rise", label=("死んだふりをやめる", "rise"))


@dataclass
class CraftyMemory:
    returns: int | None = None  # the night it may rise: the one after it feigned


CRAFTY_DEATH = Cause.declare("crafty", "死んだふり", "feigned death")  # 狡猾な狼's feigned death (W.1.14)


FEIGNED = Message.declare("feigned", "{player}は死んだふりをしました。", "{player} feigns death.")


class Feign(Ability):
    """死んだふり: each night, optional, level 100, no target: told at once; it dies (`crafty`,
    resistible) and may rise the next night. Its attack that night still stands."""

    verb = FEIGN
    arity = 0
    required = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, FEIGNED, player=action.seat)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.returns = ctx.day + 1  # also if killed otherwise earlier at this level (reference)
        ctx.kill(me.seat, CRAFTY_DEATH, me.seat)


ROSE = Message.declare("rose", "{player}は死んだふりをやめました。", "{player} stops feigning death.")


class Rise(Ability):
    """死んだふりをやめる: the night after feigning, while dead, optional, level 100, no target: told at
    once; it revives (announced at dawn). Not taken that night, the chance is gone."""

    verb = RISE
    arity = 0
    required = False
    while_dead = True

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.returns == ctx.day and not ctx.died_suddenly(me.seat)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, ROSE, player=action.seat)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.returns = None
        ctx.revive(me.seat)


@role
class CraftyWolf(Wolf):
    """狡猾な狼: each night it may feign death (死んだふり): at level 100 it dies (`crafty`, announced as
    a wolf kill; dead for every count), its attack still standing; the next night, dead, it may rise
    (revives at level 100, announced at dawn); not taken, the chance is gone. Usable again after each
    return. A reviver for 霊界表示 while alive or able to return (W.1.10, W.1.12)."""

    card_ja = ("狡猾な狼: 人狼です。毎晩、死んだふりができます（任意）: その夜に死に（人狼の襲撃と同じに見えます）、"
               "その夜の襲撃はそのまま行われます。次の夜、死んだまま死んだふりをやめると蘇生します（朝に発表）。"
               "やめなければ、そのまま死にます。蘇生した後は再び使えます。")
    card_en = ("Crafty Wolf: a werewolf. Each night it may feign death (死んだふり): late that night it dies "
               "(announced as a wolf kill; dead for every count) and its attack still goes ahead. On the next night, "
               "dead, it may rise again: it comes back late that night, announced at dawn; not taken, the chance is "
               "gone for good. It may feign death again after each return. While alive or able to return it counts "
               "as someone who may bring the dead back (for the room setting “the dead see all: unless someone may "
               "come back”).")

    abilities = (ATTACK, Feign(), Rise())
    Memory = CraftyMemory
    closes_heaven = "while able"

    def still_reviving(self, ctx: Context, me: Layer) -> bool:
        returns = me.memory.returns
        return ctx.alive(me.seat) or (returns is not None and returns >= ctx.day and not ctx.died_suddenly(me.seat))

    @on(PhaseOpened)
    def wake(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK:  # alive at dusk: a feint the night before is over (reference)
            me.memory.returns = None


ABSOLUTE_RESISTED = Message.declare("absolute resisted", "{player}は絶対狼の力で{cause}に耐えました。",
                                    "{player}, an Absolute Wolf, withstood {cause}.")


@role
class AbsoluteWolf(Wolf, Absolute):
    """絶対狼: every seat is told who holds it (W.1.12 public identity). It resists every death but a
    sudden one, execution included (W.1.11c: the day goes on as after an execution), while its team is
    Werewolf, it holds no sub-role that voids that (T.1.5: 暴動者, 狂愛, 絆) and a living seat counting as
    wolf is not a 絶対狼; nobody is told (an end-of-game note)."""

    card_ja = ("絶対狼: 人狼です。誰が絶対狼かは全員に知らされます。人狼陣営のままで、"
               "他に生きている人狼が絶対狼だけでない間は、突然死以外のどの死（処刑も）"
               "にも耐えます（処刑されても誰も死にません）。")

    shown = Shown(everyone=True)

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        identity = ctx.identity(me.seat)
        if identity.team() is not Team.WEREWOLF or any(layer.role.voids_resistance for layer in identity.extras()):
            return False
        wolves = [s for s in ctx.living() if ctx.identity(s).counts() is Count.WOLF]
        if all(ctx.identity(s).is_a(AbsoluteWolf) for s in wolves):
            return False
        ctx.note(ABSOLUTE_RESISTED, player=me.seat, cause=threat.cause.value)
        return True


# ---------------------------------------------------------------------- seals and day actions (W.1.1, W.1.3)

THREATEN = Verb.declare("threaten", label=("威嚇", "threaten"))


SELFDESTRUCT = Verb.declare("selfdestruct", label=("自爆", "self-destruct"))


@dataclass
class ThreatMemory:
    target: Seat | None = None  # the seat it threatened
    day: int = 0  # the day it did


THREATENED = Message.declare("threatened", "{player}は{target}を威嚇しました。", "{player} threatened {target}.")


class Threaten(Ability):
    """威嚇: once per game, any day, optional: a living seat, sealed at the next dusk (before every
    dusk hook) if it and the 威嚇する狼 still live; the wolf is told 「{name}は{target}を威嚇しました。」."""

    verb = THREATEN
    level = None
    when = When.DAY
    required = False
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.target, me.memory.day = action.target, ctx.day
        ctx.tell(me.seat, THREATENED, player=me.seat, target=action.target)


SEALED = Message.declare("sealed", "{player}は威嚇されました。今夜は能力が無効化されます。",
                         "{player} was threatened: its abilities are sealed tonight.")


@role
class ThreateningWolf(Wolf):
    """威嚇する狼: once, by day, it threatens a living seat; at that dusk, if both live, the seat is
    sealed for the night (told 「{target}は威嚇されました。今夜は能力が無効化されます。」). Not a
    *targeted* contact. Settled here: the seal comes before every dusk hook."""

    card_ja = ("威嚇する狼: 人狼です。一度だけ、昼にひとりを威嚇できます。その日の夕方に自分と相手が生きていれば、"
               "相手はその夜、能力を封印されます（夜の能力・夜の会話・死亡時などの能力が無効。通知あり）。")
    card_en = ("Threatening Wolf: a werewolf. Once in the game, by day, it threatens a living seat; at that dusk, if "
               "both are alive, the seat is sealed for the night (封印: no night ability, no night chat, no ability "
               "on death), told 「…は威嚇されました。今夜は能力が無効化されます。」 (threatened: its abilities do "
               "nothing tonight). The seal comes before everything else at dusk.")

    abilities = (ATTACK, Threaten())
    Memory = ThreatMemory

    @on(Nightfall)
    def threat(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        memory: ThreatMemory = me.memory
        target = memory.target
        if target is not None and memory.day == ctx.day and ctx.alive(me.seat) and ctx.alive(target):
            ctx.grant(target, "Sealed", me.seat)
            ctx.tell(target, SEALED, player=target)


@dataclass
class BloodMemory:
    day: int = 0  # the day it self-destructed (0: not yet)


SELFDESTRUCT_DEATH = Cause.declare("selfdestruct", "自爆", "blew itself up")  # 血狼's day action (W.1.14)


SELF_DESTRUCT = Message.declare("self-destruct", "{player}は自らを犠牲に血月の力を引き出します。",
                                "{player} sacrifices itself to call the blood moon.")


class SelfDestruct(Ability):
    """自爆: once per game, any day, optional, no target: public 「{name}は自らを犠牲に血月の力を引き出し
    ます。」; it dies at once (`selfdestruct`, resistible) and the day ends without a vote."""

    verb = SELFDESTRUCT
    level = None
    when = When.DAY
    arity = 0
    required = False
    once = Once.GAME
    draws_on_submit = True  # its death's hooks may draw at once (a ケミカル seat's 転生者 half)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.day = ctx.day
        ctx.tell(None, SELF_DESTRUCT, player=me.seat)
        ctx.kill(me.seat, SELFDESTRUCT_DEATH)
        ctx.end_day()


BLOOD_MOON = Message.declare("blood moon", "血月の力により村人たちは能力を封印されています。",
                             "The blood moon seals the villagers' abilities tonight.")


@role
class BloodWolf(Wolf):
    """血狼: once, by day, it may self-destruct: it dies at once (自爆; no 霊能 result) and the day ends
    without a vote (burial, hunter, victory as after an execution). At that dusk, if it is dead, the
    blood moon: public 「血月の力により村人たちは能力を封印されています。」 and every seat not counting as
    wolf, dead ones too, is sealed for the night."""

    card_ja = ("血狼: 人狼です。一度だけ、昼に自爆できます。その場で死に（自爆。霊能結果は出ません）、"
               "その日は投票なしで終わります。その夜は血月となり、人狼として数えられない全員（死者も）"
               "が能力を封印されます。")

    abilities = (ATTACK, SelfDestruct())
    Memory = BloodMemory

    @on(Nightfall)
    def blood_moon(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        if me.memory.day != ctx.day or ctx.alive(me.seat) or ctx.identity(me.seat).closed:
            return  # V2.2 花火師: on a closed night (fireworks) the blood moon is spent without effect
        ctx.tell(None, BLOOD_MOON)
        for seat in ctx.seats():
            if ctx.identity(seat).counts() is not Count.WOLF:
                ctx.grant(seat, "Sealed", me.seat)
