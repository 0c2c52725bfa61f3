"""Team Werewolf's 狂人系 (classic-werewolf §8, classic-roles-werewolf W.3): madmen on the wolves' side —
狂人, 狂信者, 囁き狂人, 叫迷狂人, スパイ of §8, and those of wave 3 that do not mark a seat (the others:
madmen_marks.py).

Defaults (W.3): 占 村人, 霊 村人, counts human, knows nobody, no chat; 人狼占い converts them like
every madman (§8). Each class states only what is special about it; the mechanics they use are the
engine's, named for no role: appearing as a wolf and being known to wolves (W.1.12, flags), a chat
read without writing (``Role.listens``), a publication on death (W.1.13), an own resistance (§5.2
step 4), a death on execution, and a result overlay held by a mark (W.1.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jinrou.classic.abilities import LevelHook, Once
from jinrou.classic.catalog import Team
from jinrou.classic.events import (
    Died,
    Executed,
    PhaseOpened,
    Targeted,
    Threat,
    on,
)
from jinrou.classic.model import Action, Blocked, Cause, Count, Fortune, Message, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, Shown, role
from jinrou.classic.roles.common import (
    DOG_DEATH,
    POISON_DEATH,
    BlasphemyProof,
    Divination,
    Divining,
    Gamble,
    LastShot,
    OnceMemory,
    alive_for_win,
    first_divination_pool,
    knows_wolves,
    leave,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.events import Threat
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------- 狂人系 (count human)


@role
class Madman(Role):
    """狂人: on the wolves' side; knows nobody."""

    card_ja = "狂人: 人狼の味方です。誰のことも知りません。"


@role
class Fanatic(Role):
    """狂信者: knows the wolves (they do not know it)."""

    card_ja = "狂信者: 人狼を知っています（人狼は狂信者を知りません）。"

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)


@role
class WhisperingMad(Role):
    """囁き狂人: knows the wolves; reads and writes the wolf chat, where the others know it (it
    writes there under its name)."""

    card_ja = "囁き狂人: 人狼を知っていて、人狼のチャットを読み書きできます。"
    card_en = ("Whispering Madman: knows the wolves; reads and writes the Wolves chat, where the wolves know it (it "
               "writes there under its name).")

    shown = Shown(chat=Chat.WOLF)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.WOLF})


@role
class MadCouple(Role):
    """叫迷狂人: knows the other 叫迷狂人; their own night chat."""

    card_ja = "叫迷狂人: もうひとりの叫迷狂人を知っています。夜は叫迷狂人どうしで話せます。"
    card_en = "Mad Couple: knows the other 叫迷狂人 (Mad Couple); they talk at night in the Mad couple chat."


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

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.spent)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.spent = True

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if leave(ctx, action.seat):  # V2.1.6
            me.memory.left = True


@role
class Spy(Role):
    """スパイ: knows the wolves; may leave the village (失踪); wins iff the result is Werewolf and it
    left. Once gone it speaks only to itself."""

    card_ja = ("スパイ: 人狼を知っています。村を去る（失踪する）ことができます。人狼陣営が勝ち、"
               "村を去っていれば勝利します。去った後は誰とも話せません。")
    card_en = ("Spy: knows the wolves; it may leave the village (失踪); it wins if the werewolves win and it has "
               "left. Once gone it speaks only to itself.")

    abilities = (Leave(),)
    Memory = SpyMemory

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def speaks_in_heaven(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.left

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.WEREWOLF and me.memory.left


@role
class LurkingMad(Role):
    """暗躍者: appears as a wolf to those who know the wolves (W.1.12); knows nobody; the wolves may
    attack it."""

    card_ja = ("暗躍者: 人狼の味方です。誰のことも知りませんが、人狼（と人狼を知る役職）からは人狼として見えます。"
               "人狼は暗躍者を襲撃できます。")

    appears_as_wolf = True


@role
class HearMadman(Role):
    """聴狂人: knows the wolves (as 狂信者); reads the wolf chat's talk, not its notices (the attack
    chosen, a skill), and cannot write there."""

    card_ja = ("聴狂人: 人狼を知っています（人狼は聴狂人を知りません）。人狼のチャットの会話を読めます（書けません。"
               "襲撃などの通知は見えません）。")
    card_en = ("Hearing Madman: knows the wolves (as a 狂信者 Fanatic); reads what the wolves say in the Wolves "
               "chat, not its notices (the attack chosen, a skill used), and cannot write there.")

    listens = frozenset({Chat.WOLF})

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)


SPY_REPORT = Message.declare("spy report", "{player}の調査報告書が発見されました。", "{player}'s report was found.")
SPY_REPORT_ROLES = Message.declare("spy report roles", "{roles}", "{roles}")


@role
class Spy2(BlasphemyProof):
    """スパイⅡ: knows the wolves and is known to them (W.1.12). At its death, whatever the cause, its
    report is public at once, before the death's own announcement (W.1.13): 「{name}の調査報告書が発見
    されました。」 and every seat's current role. Wins iff the result is Werewolf and it is alive."""

    card_ja = ("スパイⅡ: 人狼を知っていて、人狼もスパイⅡを知っています。死ぬと（死因を問わず）、"
               "その死の発表の前に「調査報告書」が公開され、全員の現在の役職が明かされます。人狼陣営が勝ち、"
               "生き残っていれば勝利します。")
    card_en = ("Spy II: knows the wolves and is known to them. When it dies, whatever the cause, its report is "
               "published at once, before its death is announced: 「…の調査報告書が発見されました。」 (its "
               "investigation report was found), with every seat's current role. It wins if the werewolves win and "
               "it is alive.")

    known_to_wolves = True

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    @on(Died)
    def publish(self, ctx: Context, me: Layer, event: Died) -> None:
        ctx.tell(None, SPY_REPORT, player=me.seat)
        ctx.tell(None, SPY_REPORT_ROLES, roles={s: ctx.identity(s).role.id for s in ctx.seats()})

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.WEREWOLF and alive_for_win(ctx, me.seat)  # T.1.4


ACROBAT = Message.declare("acrobat", "{player}は人狼の襲撃を回避しました。", "{player} dodged the wolves' attack.")


@role
class Acrobat(Role):
    """曲芸師: the first wolf attack that reaches it (past guards) does not kill it, once per game
    (§5.2 step 4); told 「{name}は人狼の襲撃を回避しました。」."""

    card_ja = ("曲芸師: 人狼の味方です。一度だけ、自分に届いた最初の人狼の襲撃を回避します（護衛されていれば届きませ"
               "ん）。")
    card_en = ("Acrobat: on the wolves' side. The first wolf attack that reaches it (a guarded one does not) does "
               "not kill it, once in the game; it is told 「人狼の襲撃を回避しました。」 (it dodged the wolves' "
               "attack).")

    death_resistance = True  # V2.1.12

    Memory = OnceMemory
    blocks_as = Blocked.ACROBATICS

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK or me.memory.used:
            return False
        me.memory.used = True
        ctx.tell(me.seat, ACROBAT, player=me.seat)
        return True


@role
class BlackCat(Role):
    """黒猫: when executed, one living seat not counting as wolf dies of its poison (`poison`, drawn
    uniformly); nothing if there is none."""

    card_ja = "黒猫: 人狼の味方です。処刑されると、人狼として数えられない生存者からランダムに1人が毒で死にます。"

    deadly_weapon = True  # V2.1.12


    @on(Executed)
    def poison(self, ctx: Context, me: Layer, event: Executed) -> None:
        wolves = set(ctx.counting(Count.WOLF))
        pool = [s for s in ctx.living() if s not in wolves]
        if pool:
            ctx.kill(ctx.draw_seat("poison", pool), POISON_DEATH, me.seat)


RESUSCITATION = Message.declare("resuscitation", "{player}は{target}に蘇生措置を施しました。",
                                "{player} tries to resuscitate {target}.")
MINION = Message.declare("minion", "{target}は狼の子分になりました。", "{target} is now a wolf minion.")


class Resuscitation(Ability):
    """マッドサイエンティスト's revival: once per game, any night from 2 while a seat is dead, optional,
    level 100, a dead seat (never a sudden death's); spent when submitted, even if it fails. The
    (redirected) target revives and becomes 狼の子分, told 「{target}は狼の子分になりました。」."""

    verb = Verb.REVIVE
    required = False
    first = 2
    once = Once.GAME

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.dead() if not ctx.died_suddenly(s)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, RESUSCITATION, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.revive(target):
            ctx.grant(target, "WolfMinion", me.seat)
            ctx.tell(target, MINION, target=target)


@role
class MadScientist(Role):
    """マッドサイエンティスト: once, from night 2, it may revive a dead seat, which becomes 狼の子分
    (team Werewolf). While alive with its revival unused, the dead see less (霊界表示 norevive)."""

    card_ja = ("マッドサイエンティスト: 人狼の味方です。2日目以降の夜に一度だけ、"
               "死者ひとりを蘇生できます（突然死を除く。選んだ時点で使用済み）。"
               "蘇生した人は狼の子分になります（通知あり）。生きていて未使用の間は蘇生役職として数えられます（霊界表"
               "示）。")
    card_en = ("Mad Scientist: on the wolves' side. Once in the game, from night 2, it may revive a dead seat (not "
               "one that died a sudden death; used once chosen), which becomes a 狼の子分 (Wolf minion, the "
               "werewolves' team) and is told. While it lives with its revival unused it counts as someone who may "
               "bring the dead back (for the room setting “the dead see all: unless someone may come back”).")

    abilities = (Resuscitation(),)
    closes_heaven = "while able"

    def still_reviving(self, ctx: Context, me: Layer) -> bool:
        return ctx.alive(me.seat) and Verb.REVIVE.value not in dict(me.uses)


SORCERY = {
    "found": Message.declare("sorcery found", "{player}が{target}を調べたところ、占い師でした。", "{player} examined {target}: a seer."),
    "not found": Message.declare("sorcery not found", "{player}が{target}を調べたところ、占い師ではありませんでした。",
                                 "{player} examined {target}: not a seer."),
}
"""妖術師's line per result."""


class Sorcery(Divination):
    """妖術師's divination: each night from 1, required, level 100, another living seat: told whether it
    holds a 占い師 (a 占いセット included) — at dawn, or at once with ``divineresult=immediate``. No
    curse, no *divined* hook; obstructable (W.1.4)."""

    def result(self, ctx: Context, target: Seat) -> str:
        return "found" if ctx.identity(target).holds(Divining) else "not found"

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if ctx.settings["divineresult"] != "immediate":
            self.tell(ctx, action, self.result(ctx, ctx.aimed(action.targets[0])), now=False)

    def tell(self, ctx: Context, action: Action, result: str, now: bool) -> None:
        key, args = SORCERY[result], {"player": action.seat, "target": action.targets[0]}
        if now:
            ctx.tell(action.seat, key, **args)
        else:
            ctx.tell_at_dawn(action.seat, key, **args)


@role
class Sorcerer(Role):
    """妖術師: each night it must examine another living seat and learns whether it is a 占い師
    (「…占い師でした。」 or 「…占い師ではありませんでした。」); no auto first divination."""

    card_ja = ("妖術師: 毎晩、他のひとりを調べます（必須）。その人が占い師（占いセットを含む）かどうかを知ります。"
               "呪殺はしません。占いと同じく邪魔されます。")
    card_en = ("Sorcerer: each night it must examine another living seat and learns whether it is a 占い師 (Seer; a "
               "seer kit counts): 「…占い師でした。」 (a seer) or 「…占い師ではありませんでした。」 (not a seer). It "
               "kills no fox; it can be obstructed like a divination; the room setting “first-night divination: a "
               "random human” picks no seat for it.")

    abilities = (Sorcery(),)


MIND_READ = Message.declare("mind read", "{player}の読心の結果、{target}は{result}でした。",
                            "{player} read {target}'s mind: {result}.")


class MindReading(Divination):
    """サトリ's divination: each night from 1, required, level 100, another living seat: the 占い結果
    word (overlays read), except that a seat reading 村人 whose role or extra role declares a
    ``mind_read`` word (大狼, 占い師 and its kit) gives that word. A divination with effects: a 妖狐
    dies (呪殺), *divined* hooks run; obstructable (W.1.4)."""

    def result(self, ctx: Context, target: Seat) -> str:
        identity = ctx.identity(target)
        fortune = identity.fortune()
        if fortune is Fortune.HUMAN:
            word = next((r.mind_read for r in identity.held() if r.mind_read is not None), None)
            if word is not None:
                return word
        return fortune.value

    def tell(self, ctx: Context, action: Action, result: str, now: bool) -> None:
        args = {"player": action.seat, "target": action.targets[0], "result": result}
        if now:
            ctx.tell(action.seat, MIND_READ, **args)
        else:
            ctx.tell_at_dawn(action.seat, MIND_READ, **args)


MIND_READ_AUTO = Message.declare("mind read auto", "{player}の今日の読心先は自動的に決定されます。",
                                 "{player}'s mind reading tonight is chosen automatically.")


@role
class Satori(Role):
    """サトリ: each night it must read another living seat's mind: 「{name}の読心の結果、{target}は
    {result}でした。」 — its 占い結果, or 「大狼」/「占い師」 for a 大狼 or 占い師 reading 村人; a 妖狐 it
    reads dies. With ``firstnightdivine=auto`` night 1's seat is drawn as 占い師's, 大狼 and 占い師
    excluded (draw ``first divination``)."""

    card_ja = ("サトリ: 毎晩、他のひとりの心を読みます（必須）。占い結果がわかり、"
               "村人と出る人が大狼・占い師ならそれがわかります。妖狐は死にます。"
               "初日白通知では1日目の夜の読心先が占い師と同じように（大狼と占い師を除いて）決まります。")
    card_en = ("Satori: each night it must read another living seat's mind: told 「…の読心の結果、…は…でした。」 "
               "(that seat's divination result, but 大狼 for a 大狼 Big Wolf and 占い師 for a 占い師 Seer that would "
               "read 村人). Any 妖狐 (Fox) it reads dies. With the room setting “first-night divination: a random "
               "human”, night 1's seat is chosen as for a 占い師, leaving out any 大狼 and 占い師.")

    abilities = (MindReading(),)

    @on(PhaseOpened)
    def first_reading(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        seat = me.seat
        if event.moment is not Moment.DUSK or ctx.day != 1 or ctx.settings["firstnightdivine"] != "auto" or (
                seat == ctx.scapegoat):
            return
        pool = [s for s in first_divination_pool(ctx, seat)
                if not any(r.mind_read is not None for r in ctx.identity(s).held())]
        if pool:
            ctx.tell(seat, MIND_READ_AUTO, player=seat)
            ctx.submit(Action(seat, Verb.DIVINE, (ctx.draw_seat("first divination", pool),)))


@dataclass
class PsychoMemory:
    night: int = 0  # the night of the seats below
    by: list[Seat] = field(default_factory=list)  # who targeted it that night


PSYCHO_DEATH = Cause.declare("psycho", "サイコキラー", "killed by a psycho killer")  # サイコキラー's reflex (W.1.14)


class Reflex(LevelHook):
    """サイコキラー's reflex, level 104, also while it is dead: every seat that targeted it tonight and
    is alive dies (`psycho`); the list is then spent."""

    level = 104

    def act(self, ctx: Context, me: Layer) -> None:
        memory: PsychoMemory = me.memory
        by, memory.by = (memory.by if memory.night == ctx.day else []), []
        for seat in by:
            ctx.kill(seat, PSYCHO_DEATH, me.seat)


@role
class PsychoKiller(Role):
    """サイコキラー: every seat that chooses it as the target of a night action (a divination, a hiding
    place, a revival, the wolf attack — at submission, not redirected; the drawn night-1 divination
    too; a guard when its protection lands on it at level 80) dies at level 104, even if the サイコキラー
    is dead by then; the attack at 105 still kills it."""

    card_ja = ("サイコキラー: 夜に自分を対象に選んだ人（占い・護衛・襲撃など）は、"
               "その夜のうちに死にます（サイコキラーが死んでいても）。人狼の襲撃ではサイコキラーも死にます。")
    card_en = ("Psycho Killer: every seat that chooses it as the target of a night action — a divination (the first "
               "night's automatic one too), a hiding place, a revival, the wolves' attack (as chosen, even if "
               "redirected), a guard that lands on it — dies that night, even if the サイコキラー is already dead; a "
               "wolf attack still kills the サイコキラー.")

    deadly_weapon = True  # V2.1.12

    Memory = PsychoMemory
    level_hooks = (Reflex(),)
    hooks_while_dead = True

    @on(Targeted)
    def noted(self, ctx: Context, me: Layer, event: Targeted) -> None:
        memory: PsychoMemory = me.memory
        if memory.night != ctx.day:
            memory.night, memory.by = ctx.day, []
        if event.by != me.seat and event.by not in memory.by:
            memory.by.append(event.by)


# ---------------------------------------------------------------------- attackers of the 狂人系: 狂犬, 復讐人


class Bite(Ability):
    """狂犬's bite: once per game, any night from 2, optional, level 100, another living seat: the
    (redirected) target dies (`dog`); no guard stops it, a holy protection and the target's own
    resistances do (a 妖狐 dies). Spent when it resolves."""

    verb = Verb.BITE
    first = 2
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.used

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.used)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True
        ctx.kill(ctx.aimed(action.targets[0]), DOG_DEATH, action.seat, guardable=False)


@role
class MadDog(Role):
    """狂犬: 占 人狼, 霊 人狼, counts human. Once, from night 2, it may bite a living seat to death (`dog`):
    no guard stops it; a holy protection and the target's own resistances do."""

    card_ja = ("狂犬: 人狼の味方です。占い結果・霊能結果は人狼ですが、人間として数えられます。"
               "2日目以降の夜に一度だけひとりを噛み殺せます（任意）。護衛では防げませんが、"
               "聖職者の加護や相手の耐性（妖狐など）は効きます。")

    deadly_weapon = True  # V2.1.12

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    abilities = (Bite(),)
    Memory = OnceMemory


@role
class MadHunter(LastShot):
    """復讐人: a ハンター of team Werewolf — on any death but a sudden one it takes a last shot."""

    card_ja = "復讐人: 人狼の味方のハンターです。突然死以外で死ぬと、最期にひとりを撃ちます。"



@role
class Faker(Gamble):
    """イカサマ師: a ギャンブラー of team Werewolf (W.1.11a). It stocks a vote at each dawn it lives (1 on
    day 2); its votes weigh 0, or, once it bet that day, its whole stock; a day it bet ends with stock 0."""

    card_ja = ("イカサマ師: 人狼の味方のギャンブラーです。生きて朝を迎えるたびに票を1つためます（2日目に1）。"
               "普段の投票は0票で、昼に「賭けに出る」と、その後の投票がためた票すべての重さになり、"
               "その日の夕方にためた票は0になります。投票した後は、その投票では賭けられません。")
