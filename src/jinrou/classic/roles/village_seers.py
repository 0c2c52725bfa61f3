"""村人系 that learn (V1.2, V2.2): 一言主神, 忍者, 閻魔, 予言者のママ, 野生児, 夢遊病者, 預言者, 運命の子,
嘘つき, 超常現象研究者, 法医学者, 遺品整理士, 闇の霊媒師, 共感覚者, イタコ, パン屋."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from jinrou.classic.abilities import Once
from jinrou.classic.catalog import Category, Team, catalog_role
from jinrou.classic.events import (
    ActionsOpen,
    Announced,
    Daybreak,
    Died,
    Divined,
    Nightfall,
    PhaseOpened,
    on,
)
from jinrou.classic.model import Action, Cause, Count, Fortune, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, Chat, Kept, LevelHook, Role, Shared, declared, mark, role
from jinrou.classic.roles.common import (
    Absolute,
    BlasphemyProof,
    Divination,
    Divining,
    Mediumship,
    OnceMemory,
    PsychicMemory,
    alive_for_win,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


@mark("FatalStrike", "痛恨")
class FatalStrike(Role):
    """痛恨 (一言主神's, for good; the seat is not told): in each ballot it is a living candidate of, it
    draws ``fatal strike`` (1 in 20) and on true receives 100 more votes (V1.1.2, after the tally)."""

    card_ja = "痛恨: 投票のたびに、生きている候補者なら20分の1の確率で100票を追加で受けます。"
    card_en = ("FatalStrike: 痛恨, left by a 一言主神 (Hitokotonushinokami) for the rest of the game, not told: in "
               "each vote in which the seat is a living candidate, 1 time in 20 it receives 100 more votes (after "
               "the count).")

    def vote_received(self, ctx: Context, me: Layer) -> int:
        return 100 if ctx.draw("fatal strike", [True, False], weights=[1, 19]) else 0


class FatalDivination(Divination):
    """一言主神's 占い: the 占い師's, and its target gets 痛恨 for good (once; never a 絶対狼), before
    the *divined* hook."""

    def effect(self, ctx: Context, action: Action, target: Seat) -> None:
        super().effect(ctx, action, target)
        identity = ctx.identity(target)
        if not identity.is_a(Absolute) and identity.layer(FatalStrike.id) is None:
            ctx.grant(target, FatalStrike.id, action.seat)


@role
class Hitokotonushinokami(Role):
    """一言主神: a 占い師 in every respect (its divination, results, curse, ``firstnightdivine=auto``) but
    not one for "holds 占い師" tests; its target also gets 痛恨 for good."""

    card_ja = ("一言主神: 占い師と同じく毎晩ひとりを占います（必須。妖狐は呪殺され、初日白通知も同じ）。"
               "占った相手には痛恨がずっと付きます（絶対狼を除く。本人には知らされません）。")
    card_en = ("Hitokotonushinokami: a 占い師 (Seer) in every respect — its divination, its results, the fox it "
               "kills, the first-night divination setting — but roles that look for a 占い師 do not find it; each "
               "seat it divines is also struck with 痛恨 (fatal strike) for the rest of the game: in each vote, 1 "
               "time in 20, that seat receives 100 more votes.")

    abilities = (FatalDivination(),)
    first_divination = Divining.first_divination  # the 占い師's own hook (draw `first divination`)


SCOUT = Verb.declare("scout", label=("偵察", "scout"))


SCOUT_CHOSEN = Message.declare("scout chosen", "{player}は{target}を偵察しました。", "{player} scouts {target}.")
SCOUT_ACTIVE = Message.declare("scout active", "{player}の偵察の結果、{target}は夜に行動可能でした。",
                               "{player}'s scouting: {target} could act tonight.")
SCOUT_IDLE = Message.declare("scout idle", "{player}の偵察の結果、{target}は夜に行動していませんでした。",
                             "{player}'s scouting: {target} did not act tonight.")


class Scouting(Ability):
    """忍者's scouting: each night from 1, required, level 100, another living seat but 身代わりくん (not
    itself: settled here, as §4.1); told at once 「…を偵察しました。」, and at level 100 whether the
    (redirected) target had a night action open tonight (V1.1.11), told by the chosen name."""

    verb = SCOUT
    level = 100

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.living() if s not in (me.seat, ctx.scapegoat)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, SCOUT_CHOSEN, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        noted = ctx.recall(OpenActions)
        key = SCOUT_ACTIVE if noted is not None and target in noted.seats else SCOUT_IDLE
        ctx.tell(action.seat, key, player=action.seat, target=action.targets[0])


@dataclass
class OpenActions(Shared):
    """V1.1.11: the living seats with a night action open tonight, noted after the dusk hooks when a
    living seat holds a 忍者 (none noted: nobody had one open)."""

    kept = Kept.NIGHT
    seats: frozenset[Seat] = frozenset()
    noted: bool = False


@role
class Ninja(Role):
    """忍者: scouts a seat each night (required) and learns whether it had a night action open (V1.1.11:
    an optional one counts, a spent once-only one does not)."""

    card_ja = ("忍者: 毎晩、身代わりくん以外の他のひとりを偵察します（必須）。その夜、"
               "相手が夜に行動可能だったかどうかを知ります（任意の能力も数え、使い切った能力は数えません）。")

    abilities = (Scouting(),)

    @on(ActionsOpen)
    def note_open(self, ctx: Context, me: Layer, event: ActionsOpen) -> None:
        noted = ctx.memory(OpenActions)
        if not noted.noted:  # the first living 忍者 notes them for all
            noted.seats = frozenset(s for s in ctx.living() if ctx.has_action_open(s))
            noted.noted = True


EMMA_LINES = {
    "attack": "attack", "greedy": "attack", "tough": "attack", "crafty": "attack",
    "poison": "poison", "witch": "poison", "infection": "infection", "vampire": "vampire", "dog": "dog",
    "trap": "trap", "curse": "curse", "psycho": "psycho", "selfdestruct": "selfdestruct", "assassinate": "assassinate",
    "lover": "lover", "fox": "fox", "twin": "twin", "charm": "charm",
    "ghost": "ghost", "dragon": "dragon", "samurai": "samurai", "elemental": "elemental", "sacrifice": "sacrifice",
    "dragonknight": "dragonknight", "mary": "curse",  # V2.1.13
    "santa": "santa",  # V2.1.13: a トナカイ's 後追い
    "oni": "oni",  # T.1.15 (the reference's Emma.result.oni)
}  # fmt: skip
"""閻魔's line (:data:`EMMA_TOLD`) per death: by the exact kind kept beside the cause where there is
one (後追い's), else by the cause; a death not here (execution, hunter shot, leave, sudden death, a
kind without a line) gives none (V1.2 Emma, V1.1.12)."""

EMMA_TOLD = {
    "attack": Message.declare("emma attack", "{player}は人狼の餌食になったようです。",
                              "{player} seems to have fallen prey to the wolves."),
    "poison": Message.declare("emma poison", "{player}は毒に冒されたようです。", "{player} seems to have been poisoned."),
    "infection": Message.declare("emma infection", "{player}は感染症により死亡したようです。",
                                 "{player} seems to have died of the infection."),
    "vampire": Message.declare("emma vampire", "{player}はヴァンパイアの餌食になったようです。",
                               "{player} seems to have fallen prey to a vampire."),
    "dog": Message.declare("emma dog", "{player}は犬の餌食になったようです。", "{player} seems to have fallen prey to a dog."),
    "trap": Message.declare("emma trap", "{player}は罠にかかって死亡したようです。", "{player} seems to have died in a trap."),
    "curse": Message.declare("emma curse", "{player}は呪殺されたようです。", "{player} seems to have been cursed to death."),
    "psycho": Message.declare("emma psycho", "{player}はサイコキラーに殺されたようです。",
                              "{player} seems to have been killed by a psycho killer."),
    "lover": Message.declare("emma lover", "{player}は恋人の後を追って死亡したようです。",
                             "{player} seems to have followed a lover in death."),
    "fox": Message.declare("emma fox", "{player}は狐の後を追って死亡したようです。",
                           "{player} seems to have followed the foxes in death."),
    "twin": Message.declare("emma twin", "{player}は双子の後を追って死亡したようです。",
                            "{player} seems to have followed a twin in death."),
    "charm": Message.declare("emma charm", "{player}は何かに取り憑かれて自ら命を断ったようです。",
                             "{player} seems to have taken its own life, possessed by something."),
    "selfdestruct": Message.declare("emma selfdestruct", "{player}は自爆したようです。",
                                    "{player} seems to have blown itself up."),
    "assassinate": Message.declare("emma assassinate", "{player}は暗殺されたようです。",
                                   "{player} seems to have been assassinated."),
    "oni": Message.declare("emma oni", "{player}は鬼に攫われたようです。", "{player} seems to have been abducted by an oni."),
    "dragon": Message.declare("emma dragon", "{player}は竜に焼き殺されたようです。",
                              "{player} seems to have been burnt to death by a dragon."),
    "samurai": Message.declare("emma samurai", "{player}は侍に一刀両断されたようです。",
                               "{player} seems to have been cut down by a samurai."),
    "elemental": Message.declare("emma elemental", "{player}は暴走した精霊によって殺されたようです。",
                                 "{player} seems to have been killed by a rampaging spirit."),
    "sacrifice": Message.declare("emma sacrifice", "{player}は生贄に捧げられたようです。",
                                 "{player} seems to have been offered as a sacrifice."),
    "dragonknight": Message.declare("emma dragonknight", "{player}は自責の念に駆られて自ら命を断ったようです。",
                                    "{player} seems to have taken its own life out of remorse."),
    "santa": Message.declare("emma santa", "{player}はサンタクロースの後を追って死亡したようです。",
                             "{player} seems to have followed Santa Claus in death."),
    "ghost": Message.declare("emma ghost", "{player}は亡霊の怨念に殺されたようです。",
                             "{player} seems to have been killed by a ghost's grudge."),
}
"""閻魔's line per line word of :data:`EMMA_LINES` (V1.2 Emma)."""


@role
class Emma(Role):
    """閻魔: at each burial, if alive after its deaths, told one line per death announced there, in
    announcement order, with its exact kind (V1.1.12); none for a curse announced publicly (deadfox)."""

    card_ja = ("閻魔: 埋葬のたびに、生きていれば、そこで発表された死者それぞれの詳しい死因を知ります（処刑・銃殺・失"
               "踪・突然死を除く。後追いは恋人・狐・双子・魅了の別まで。deadfoxで公表される呪殺を除く）。")

    @on(Announced)
    def judge(self, ctx: Context, me: Layer, event: Announced) -> None:
        for seat in event.seats:
            cause = ctx.cause_of_death(seat)
            if cause is None or (cause is Cause.CURSE and ctx.settings.on("deadfox")):
                continue
            line = EMMA_LINES.get(ctx.death_kind(seat) or cause.value)
            if line is not None:
                ctx.tell(me.seat, EMMA_TOLD[line], player=seat)


# ---------------------------------------------------------------- group VD (village part 1: V1.2)


SEERS_MAMA = Message.declare("seers mama", "{player}は予言者のママです。占い師は{seats}です。",
                             "{player} is the Seer's Mama. The seers are {seats}.")
SEERS_MAMA_NONE = Message.declare("seers mama none", "{player}は予言者のママです。占い師はいません。",
                                  "{player} is the Seer's Mama. There is no seer.")


@role
class SeersMama(Role):
    """予言者のママ: at its first dusk it is told the seats holding 占い師, dead or alive, extra roles and
    kits included (V1.1.6), in seat order: 「{name}は予言者のママです。占い師は{a,b}です。」, or
    「{name}は予言者のママです。占い師はいません。」. Once."""

    card_ja = "予言者のママ: 村人です。最初の夜に、占い師が誰か（死者や占いセットの持ち主も含む）を知ります。"
    card_en = ("Seer's Mama: a villager. At its first dusk it is told who holds 占い師 (Seer), dead or alive, as a "
               "role, an extra role or a seer kit, in seat order — or that there is none. Once.")

    Memory = OnceMemory

    @on(PhaseOpened)
    def seers(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK or me.memory.used:
            return
        me.memory.used = True
        seers = ctx.holding(Divining)
        if seers:
            ctx.tell(me.seat, SEERS_MAMA, player=me.seat, seats=seers)
        else:
            ctx.tell(me.seat, SEERS_MAMA_NONE, player=me.seat)


TARZAN = Message.declare("tarzan", "{player}は{count}人の人狼の気配を感じました。", "{player} senses {count} werewolves.")


@role
class Tarzan(Role):
    """野生児: at each dawn it lives it is told 「{name}は{k}人の人狼の気配を感じました。」, k the living
    seats of a wolf role (V1.1.13) after the night's deaths."""

    card_ja = "野生児: 村人です。生きて朝を迎えるたびに、生きている人狼（人狼系の役職と狂人狼）の人数を知ります。"
    card_en = ("Tarzan: a villager. At each dawn it lives it is told how many werewolves are alive (seats of a wolf "
               "role, the 狂人狼 Mad Wolf included), after the night's deaths: 「…人の人狼の気配を感じました。」 (it "
               "senses N werewolves).")

    @on(PhaseOpened)
    def sense(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DAWN:
            count = sum(1 for s in ctx.living() if ctx.identity(s).wolf_role())
            ctx.tell(me.seat, TARZAN, player=me.seat, count=count)


@dataclass
class BeliefMemory:
    aware: bool = False  # V1.1.5: it has learned its role


ROLE_REVEALED = Message.declare("role revealed", "あなたの本当の役職は{role}です", "Your true role is {role}.")


def become_aware(ctx: Context, me: Layer) -> None:
    """V1.1.5: the seat learns its real role (told)."""
    me.memory.aware = True
    ctx.tell(me.seat, ROLE_REVEALED, role=me.role.id)


SLEEPWALKERS = Message.declare("sleepwalkers", "{seats}が徘徊しています。", "{seats} are wandering about at night.")
SLEEPWALKER_AWARE = Message.declare("sleepwalker aware", "{player}は深夜徘徊を自覚しました。", "{player} realizes it sleepwalks.")


@role
class Sleepwalker(Role):
    """夢遊病者: believes it is 村人 (V1.1.5). At the start of night 2 the wolves (wolf roles in the wolf
    chat; not 囁き狂人) get 「{a,b}が徘徊しています。」 naming every living 夢遊病者 (none alive: nothing).
    At its first dusk from night 3 on it is told 「{name}は深夜徘徊を自覚しました。」 and learns its role."""

    card_ja = ("夢遊病者: 村人です。3日目以降の最初の夕方まで、自分を村人だと思っています（人狼の占いや霊界、"
               "終了時は夢遊病者と見えます）。2日目の夜、人狼たちには生きている夢遊病者が「徘徊している」"
               "と知らされます。")
    card_en = ("Sleepwalker: a villager that believes it is a 村人 (Villager). At the start of night 2 the wolves "
               "(every wolf in the Wolves chat, not a 囁き狂人) are told which living 夢遊病者 are wandering about: "
               "「…が徘徊しています。」; none alive, nothing. At its first dusk from night 3 on it becomes aware, "
               "「深夜徘徊を自覚しました。」, and learns its role. Until then a 人狼占い (Wolf Diviner), the dead "
               "and the end of the game show it as 夢遊病者.")

    believes = "Human"
    Memory = BeliefMemory

    @on(PhaseOpened)
    def wander(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK:
            return
        if ctx.day == 2:
            walkers = ctx.seats_of(Sleepwalker, living=True)
            if walkers and walkers[0] == me.seat:  # one notice, sent by the first
                wolves = [s for s in ctx.chat_members(Chat.WOLF) if ctx.identity(s).wolf_role()]
                if wolves:
                    ctx.tell(wolves, SLEEPWALKERS, seats=walkers)
        elif ctx.day >= 3 and not me.memory.aware:
            ctx.tell(me.seat, SLEEPWALKER_AWARE, player=me.seat)
            become_aware(ctx, me)


ORACLES = {
    "friend": Message.declare("oracle friend", "{player}に神託が下りました。恋人陣営が勝利目前です。",
                              "{player} receives an oracle: the lovers are about to win."),
    "fox": Message.declare("oracle fox", "{player}に神託が下りました。妖狐陣営が勝利目前です。",
                           "{player} receives an oracle: the foxes are about to win."),
    "werewolf": Message.declare("oracle werewolf", "{player}に神託が下りました。人狼陣営が勝利目前です。",
                                "{player} receives an oracle: the werewolves are about to win."),
}
"""預言者's oracle per side about to win (V1.1.5)."""


@role
class Oracle(Role):
    """預言者: believes it is 村人 until its first oracle (V1.1.5). At each dawn it lives, with L living
    恋人, N other living seats, H and W the parity humans and wolves, F living 妖狐系, A living seats:
    L > 0 → 恋人 if N ≤ 2 (else none: settled here, the reference repeats its previous oracle); else
    H − W ≤ 2 → 妖狐 if F > 0, else 人狼; else W = 1 → 妖狐 if F > 0, else 人狼 if A ≤ 4; otherwise none.
    Told 「{name}に神託が下りました。{恋人|妖狐|人狼}陣営が勝利目前です。」; the first one reveals its role."""

    card_ja = ("預言者: 村人です。最初の神託まで自分を村人だと思っています。生きて朝を迎えるたびに、"
               "恋人・妖狐・人狼の陣営が勝利目前なら神託でそれを知ります。")
    card_en = ("Oracle: a villager that believes it is a 村人 (Villager) until its first oracle. At each dawn it "
               "lives, if a team is close to winning, it gets an oracle naming that team: if lovers live, 恋人 "
               "(Lovers) when at most 2 other seats live, else no oracle; with no lover alive, when the humans "
               "outnumber the wolves by 2 or less, 妖狐 (Foxes) if a fox lives, else 人狼 (Werewolves); else, with "
               "one wolf left, 妖狐 if a fox lives, else 人狼 if 4 seats or fewer live; otherwise no oracle. The "
               "line is 「…に神託が下りました。…陣営が勝利目前です。」 (that team is about to win). The first oracle "
               "reveals its role.")

    believes = "Human"
    Memory = BeliefMemory

    @on(PhaseOpened)
    def oracle(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN:
            return
        living = [ctx.identity(s) for s in ctx.living()]
        lovers = sum(1 for i in living if i.lover)
        humans = sum(1 for i in living if i.counts() is Count.HUMAN)
        wolves = sum(1 for i in living if i.counts() is Count.WOLF)
        foxes = sum(1 for i in living if i.role.category is Category.FOX)
        side = None
        if lovers:
            side = "friend" if len(living) - lovers <= 2 else None
        elif humans - wolves <= 2:
            side = "fox" if foxes else "werewolf"
        elif wolves == 1:
            side = "fox" if foxes else "werewolf" if len(living) <= 4 else None
        if side is None:
            return
        ctx.tell(me.seat, ORACLES[side], player=me.seat)
        if not me.memory.aware:
            become_aware(ctx, me)


@dataclass
class FateMemory:
    aware: bool = False  # V1.1.5 (a 運命の子 never learns it: it changes role)
    marked: bool = False  # divined: it changes at level 122 if alive
    marked_on: int = 0  # the night it was marked (a mark on a dead seat is dropped at the next dusk)


def human_roles(ctx: Context) -> list[str]:
    """The playable roles of catalog team Human, sorted (運命の子's and 課金者's pools)."""
    return [r for r in ctx.playable() if catalog_role(r).team is Team.HUMAN]


FATE = Message.declare("fate", "{player}は運命の子でした。{role}として生きる覚悟を決めました。",
                       "{player} was a Child of Fate: it resolves to live as {role}.")


class Destiny(LevelHook):
    """運命の子's change at level 122: marked and alive, it becomes a uniform random role of catalog
    team Human (draw ``fate role``), whose dusk hook runs at once."""

    level = 122

    def act(self, ctx: Context, me: Layer) -> None:
        if not me.memory.marked or not ctx.alive(me.seat):
            return
        new = ctx.draw("fate role", human_roles(ctx))
        ctx.change_role(me.seat, new, told_now=False, layer=me)
        ctx.tell(me.seat, FATE, player=me.seat, role=declared(new).believes or new)
        ctx.dusk_hook(me.seat, me)


@role
class Fate(Role):
    """運命の子: believes it is 村人 (V1.1.5). The first *divined* hook on it (占い師, 人狼占い, a 占いセット …)
    marks it; at level 122 that night, if alive, it becomes a uniform random role among the playable
    roles of catalog team Human (draw ``fate role``; 運命の子 itself possible) (V1.1.4), and the new role's
    dusk hook runs at once; told 「{name}は運命の子でした。{role}として生きる覚悟を決めました。」 ({role}: 村人
    for a role that believes it is 村人). The divination reads 村人. Marked but dead at 122: the mark is
    dropped at the next dusk. A living 運命の子 is a reviver (霊界表示 ``norevive``); the changed seat no
    longer is."""

    card_ja = ("運命の子: 村人です。自分を村人だと思っています。初めて占われた夜の終わりに生きていれば、"
               "村人陣営の役職からランダムに選ばれた役職になります（占い結果は村人）。")
    card_en = ("Fate: a villager that believes it is a 村人 (Villager). The first night it is divined (by a 占い師 "
               "Seer, a 人狼占い Wolf Diviner, a seer kit …), if it is alive at the night's end, it becomes a role "
               "drawn at random among the playable roles of the village team (運命の子 itself possible) and takes it "
               "up at once; it is told 「運命の子でした。…として生きる覚悟を決めました。」 (it was the child of fate "
               "and now lives as its new role; a role that believes it is a villager is named 村人). The divination "
               "reads 村人 (human). Divined but dead by the night's end: nothing happens. While it lives (and has "
               "not changed) it counts as someone who may come back, for the room setting “the dead see all: unless "
               "someone may come back”.")

    believes = "Human"
    Memory = FateMemory
    closes_heaven = "alive"
    level_hooks = (Destiny(),)

    @on(Divined)
    def marked(self, ctx: Context, me: Layer, event: Divined) -> None:
        if not me.memory.marked:
            me.memory.marked, me.memory.marked_on = True, ctx.day

    @on(Nightfall)
    def drop(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        """At the next dusk (a dead seat too: :class:`Nightfall` reaches every seat)."""
        if me.memory.marked and ctx.day > me.memory.marked_on:
            me.memory.marked = False


# ---------------------------------------------------------------------- group VE (issue 24): 嘘つき,
# 超常現象研究者 — divination variants (呪いをかける者: village_ballots.py; 御子, 通訳: village.py)


LIAR_DIVINED = Message.declare("liar divined", "あんまり自信ないけど、霊能占いの結果、{target}は{result}だと思う。たぶん。",
                               "Not too sure, but by psychic divination {target} is {result}, I think. Maybe.")


class LiarDivination(Divination):
    """嘘つき's divination: each night from 1, required, level 100, any other seat, living or dead.
    At its level one draw (``liar divination``): 3 in 10 the true 占い結果 (overlays read), else
    村人↔人狼 inverted (any other word unchanged); told at dawn, even with ``immediate``. No curse, no
    *divined* hook, not obstructable."""

    divination = False
    told_at_once = False

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.seats() if s != me.seat]

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        fortune = ctx.identity(ctx.aimed(action.targets[0])).fortune()
        if not ctx.draw("liar divination", [True, False], weights=[3, 7]):
            fortune = {Fortune.HUMAN: Fortune.WEREWOLF, Fortune.WEREWOLF: Fortune.HUMAN}.get(fortune, fortune)
        ctx.tell_at_dawn(action.seat, LIAR_DIVINED, target=action.targets[0], result=fortune.value)


@role
class Liar(BlasphemyProof):
    """嘘つき: each night it must divine another seat, living or dead; told at dawn 「あんまり自信ないけど、
    霊能占いの結果、{target}は{result}だと思う。たぶん。」 — the true 占い結果 3 times in 10, else 村人 and 人狼
    swapped. No curse, no obstruction, no auto first divination. Wins iff team Human wins and it is
    alive."""

    card_ja = ("嘘つき: 毎晩、自分以外のひとり（生死を問わず）を必ず占います。結果は朝に届きますが、"
               "10回に3回だけ正しく、それ以外は村人と人狼が入れ替わります（他の結果はそのまま）。呪殺はせず、"
               "邪魔もされません。村人陣営が勝ち、生き残っていれば勝利します。")
    card_en = ("Liar: each night it must divine another seat, living or dead. At dawn it is told "
               "「あんまり自信ないけど、霊能占いの結果、…は…だと思う。たぶん。」 (not too sure, but I think that "
               "seat is …): the true result 3 times in 10, else with 村人 (human) and 人狼 (werewolf) swapped (other "
               "results as they are). It kills no fox and cannot be obstructed; the room setting “first-night "
               "divination: a random human” picks no seat for it. It wins if the village wins and it is alive.")

    abilities = (LiarDivination(),)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN and alive_for_win(ctx, me.seat)  # T.1.4


INVESTIGATED = Message.declare("investigated", "{player}が{target}とその両隣を調査したところ、{results}が発見されました。",
                               "{player} investigated {target} and its two neighbours: found {results}.")
INVESTIGATED_HUMAN = Message.declare("investigated human", "{player}が{target}とその両隣を調査したところ、全員村人でした。",
                                     "{player} investigated {target} and its two neighbours: all villagers.")


class Investigation(Divination):
    """超常現象研究者's divination: once per game, any night from 1, optional, level 100, a living seat
    (itself allowed). It reads the 占い結果 of the target and its two neighbours in seat order
    (circular, dead seats and 身代わりくん included): each non-村人 word once, by last occurrence in
    (target, previous, next). Effects on the target only (a 妖狐 dies, *divined* hook); obstructable
    (W.1.4), an obstructed try not spent (the reference); spent when it reads."""

    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.used

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.used)

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def result(self, ctx: Context, target: Seat) -> str:
        n = ctx.n
        words = [ctx.identity(s).fortune().value for s in (target, (target - 1) % n, (target + 1) % n)]
        found = [w for i, w in enumerate(words) if w != Fortune.HUMAN.value and w not in words[i + 1:]]
        return ",".join(found)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        if ctx.settings["divineresult"] == "immediate":
            me.memory.used = True  # read at once (the reference)
        super().submit(ctx, action, me)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True
        super().resolve(ctx, action, me)

    def tell(self, ctx: Context, action: Action, result: str, now: bool) -> None:
        args: dict[str, object] = {"player": action.seat, "target": action.targets[0]}
        key = INVESTIGATED if result else INVESTIGATED_HUMAN
        if result:
            args["results"] = result
        if now:
            ctx.tell(action.seat, key, **args)
        else:
            ctx.tell_at_dawn(action.seat, key, **args)


@role
class PI(Role):
    """超常現象研究者: once per game, on any night, it may investigate a living seat (itself allowed) and
    its two neighbours in seat order: told 「{name}が{target}とその両隣を調査したところ、{words}が発見されまし
    た。」 (each result but 村人 once) or 「…、全員村人でした。」. A 妖狐 investigated dies (the target only);
    an obstructed try is not spent. No auto first divination."""

    card_ja = ("超常現象研究者: 一度だけ、夜に生きている人ひとり（自分も可）とその両隣（席順、死者も含む）を調査し、"
               "村人以外の占い結果があればそれを知ります（なければ「全員村人」）。調査した本人が妖狐なら呪殺します。"
               "邪魔された調査は使ったことになりません。")
    card_en = ("Paranormal Investigator: once in the game, on any night, it may investigate a living seat (itself "
               "allowed) and its two neighbours in seat order, dead ones included. It is told every divination "
               "result among them other than 村人 (human), each once — 「…が発見されました。」 — or "
               "「全員村人でした。」 (all three human). If the seat it chose is a 妖狐 (Fox), that fox dies. An "
               "obstructed investigation is not used up. The 初日白通知 setting (first-night white) picks no seat "
               "for it.")

    abilities = (Investigation(),)
    Memory = OnceMemory


# ---------------------------------------------------------------------- group I (batch 3): 法医学者 遺品整理士 闇の霊媒師
# 共感覚者 イタコ パン屋 — readings of attributes (V2.1.12), the ghost (V2.1.13 `ghost`), colors, a dawn hook alive or dead

AUTOPSY = Verb.declare("autopsy", label=("死体を調べる", "examine a body"))


SIFT = Verb.declare("sift", label=("遺品を整理する", "sort belongings"))


CHANNEL = Verb.declare("channel", label=("声を聴く", "listen to the dead"))


SENSE = Verb.declare("sense", label=("色を見る", "see a color"))


class AttributeReading(Ability):
    """A reading of a dead seat's attribute (V2.1.12): each night from 2 while a seat is dead, required,
    level 100, a dead seat; told at once ``chosen``; at level 100 whether the (redirected) seat has
    ``attribute`` then (``found``/``missing``, naming the chosen seat). Not a divination."""

    attribute: ClassVar[str]
    chosen: ClassVar[str]  # its messages' keys (declared on each reading)
    found: ClassVar[str]
    missing: ClassVar[str]
    level = 100
    first = 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.dead()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, self.chosen, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        found = ctx.identity(ctx.aimed(action.targets[0])).attribute(ctx, self.attribute)
        ctx.tell(action.seat, self.found if found else self.missing, player=action.seat, target=action.targets[0])


class Autopsy(AttributeReading):
    """法医学者's autopsy: each night from 2 while a seat is dead, required, level 100, a dead seat; told at once
    「{name}は{target}の死体を調べました。」, at level 100 whether the (redirected) seat has death resistance then."""

    verb = AUTOPSY
    attribute = "death_resistance"
    chosen = Message.declare("autopsy select", "{player}は{target}の死体を調べました。", "{player} examines {target}'s body.")
    found = Message.declare("autopsy yes", "{player}の調べによると、{target}は死亡耐性を持っていました。",
                            "{player}'s examination: {target} could resist death.")
    missing = Message.declare("autopsy no", "{player}の調べによると、{target}は死亡耐性を持っていませんでした。",
                              "{player}'s examination: {target} could not resist death.")


class Sift(AttributeReading):
    """遺品整理士's sorting: as the autopsy, reading a deadly weapon: 「{name}は{target}の遺品を整理しました。」, then
    whether a weapon was found."""

    verb = SIFT
    attribute = "deadly_weapon"
    chosen = Message.declare("sift select", "{player}は{target}の遺品を整理しました。", "{player} sorts {target}'s belongings.")
    found = Message.declare("sift yes", "{player}が整理すると、{target}の遺品から凶器を発見しました。",
                            "{player} found a deadly weapon among {target}'s belongings.")
    missing = Message.declare("sift no", "{player}が整理すると、{target}の遺品には怪しい物はありませんでした。",
                              "{player} found nothing suspicious among {target}'s belongings.")


@role
class Forensic(Role):
    """法医学者: each night from 2 while a seat is dead, it must examine a dead seat (told 「{name}は{target}の
    死体を調べました。」); at level 100 it learns whether that seat has death resistance (V2.1.12) — not a
    divination."""

    card_ja = ("法医学者: 2日目の夜から、死者がいれば毎晩、死者ひとりの死体を調べます（必須）。その夜の終わりに、"
               "その人が死亡耐性（人狼系・狩人・妖狐・タフガイ・巫女など、死を免れうる役職）"
               "を持っていたかがわかります。占いではありません。")
    card_en = ("Forensic Scientist: from night 2, on each night when someone is dead, you must examine one dead "
               "player's body. At the end of the night you learn whether that player could resist death (the "
               "werewolves, the bodyguards, the foxes, the Tough Guy, the Miko and the like). It is not a divination.")

    abilities = (Autopsy(),)


@role
class MementoDisposer(Role):
    """遺品整理士: 法医学者 in every respect, reading a deadly weapon (V2.1.12) instead: 「{name}は{target}の遺品を
    整理しました。」, then whether a weapon was found."""

    card_ja = ("遺品整理士: 2日目の夜から、死者がいれば毎晩、死者ひとりの遺品を整理します（必須）。その夜の終わりに、"
               "その人の遺品から凶器（人狼系・埋毒者・猫又・ハンター・魔女・暗殺者など、人を殺しうる役職）"
               "が見つかったかがわかります。占いではありません。")
    card_en = ("Memento Disposer: from night 2, on each night when someone is dead, you must sort one dead player's "
               "belongings. At the end of the night you learn whether you found a deadly weapon (the werewolves, the "
               "Poisoner, the Cat, the Hunter, the Witch, the Assassin and the like). It is not a divination.")

    abilities = (Sift(),)


GHOST_DEATH = Cause.declare("ghost", "亡霊の怨念", "a ghost's revenge")  # 闇の霊媒師's 亡霊の怨念 (V2.1.13)


class GhostRevenge(LevelHook):
    """The ghost's revenge (level 100, its seat dead): every living seat whose role is a guard role (V2.1.2d:
    the role only, never an extra role or kit) dies (`ghost`, resistible); the ghost then goes."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        ctx.remove(me)
        if ctx.alive(me.seat):
            return  # brought back before the night: no ghost
        for seat in ctx.living():
            if ctx.identity(seat).attribute(ctx, "guard_role", main_only=True):
                ctx.kill(seat, GHOST_DEATH, me.seat)


@mark("Ghost", "亡霊")
class Ghost(Role):
    """亡霊 (闇の霊媒師), on its own executed seat until the next night's level 100, not told: then every living
    seat whose role is a guard role dies (`ghost`, resistible)."""

    card_ja = ("亡霊: 処刑された闇の霊媒師です（本人には見えません）。次の夜の途中で、"
               "生きている護衛役職の人を全員呪い殺して消えます。")
    card_en = ("Ghost: an executed Dark Psychic, not told: during the next night every living bodyguard (Bodyguard, "
               "Wandering Guard, Trapper and the like) dies of its grudge, and the ghost goes.")

    level_hooks = (GhostRevenge(),)
    hooks_while_dead = True


@dataclass
class HauntMemory(PsychicMemory):
    haunted: bool = False  # it became a ghost once


@role
class DarkPsychic(Mediumship):
    """闇の霊媒師: 霊能者 in every respect. Executed, it turns into a ghost: on the first night after, at level
    100, every living seat whose role is a guard role dies (`ghost`, resistible). Once. With
    ``psychicresult=sunset`` the ghost never acts (the reference's dusk hook of a dead 霊能者 clears it)."""

    card_ja = ("闇の霊媒師: 霊能者と同じく、処刑された人の霊能結果がわかります。処刑されると亡霊になり、次の夜に、"
               "生きている狩人・風来狩人・罠師など護衛役職の人を全員呪い殺します（一度だけ。"
               "霊能結果が夕方に出る設定では何も起きません）。")
    card_en = ("Dark Psychic: a medium — you learn what each executed player was. If you are executed you become a "
               "ghost: on the next night every living bodyguard (Bodyguard, Wandering Guard, Trapper and the like) "
               "dies of your grudge. Once. When the medium's results come at dusk, the ghost does nothing.")

    Memory = HauntMemory
    deadly_weapon = True  # V2.1.12

    @on(Died)
    def haunt(self, ctx: Context, me: Layer, event: Died) -> None:
        memory: HauntMemory = me.memory
        if event.cause is Cause.EXECUTION and not memory.haunted and ctx.settings["psychicresult"] != "sunset":
            memory.haunted = True
            ctx.grant(me.seat, Ghost.id, me.seat)


SYNESTHETE_COLORS = {
    "赤色": "red", "茶色": "brown", "橙色": "orange", "小麦色": "wheat", "黄色": "yellow", "黄土色": "ochre",
    "緑色": "green", "水色": "light blue", "藍色": "indigo", "青色": "blue", "紫色": "purple", "桜色": "cherry pink",
    "金色": "gold", "銀色": "silver", "灰色": "gray",
}  # fmt: skip
"""共感覚者's colors, each with its English (draw ``synesthete color``: uniform among those not yet in its map;
the record and the Japanese say the color word)."""
SENSE_RESULT = Message.declare("sense result",
                               "{player}が{target}の色を見た結果、{color}でした。",
                               "{player} sees {target}'s color: {color}.",
                               words={"color": {c: (c, en) for c, en in SYNESTHETE_COLORS.items()}})


@dataclass
class ColorMemory:
    colors: dict[str, str] = field(default_factory=dict)  # team id → its color word


SENSE_SELECT = Message.declare("sense select", "{player}は{target}の色を見ました。", "{player} looks at {target}'s color.")


class Sensing(Ability):
    """共感覚者's sight: each night from 1, required, level 100, another seat, living or dead; told at once
    「{name}は{target}の色を見ました。」; at level 100 the color of the (redirected) seat's current team (a team
    met for the first time gets a new color, draw ``synesthete color``), naming the chosen seat. Not a
    divination."""

    verb = SENSE
    level = 100

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.seats() if s != me.seat]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, SENSE_SELECT, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: ColorMemory = me.memory
        team = ctx.identity(ctx.aimed(action.targets[0])).team().value
        if team not in memory.colors:
            used = set(memory.colors.values())
            memory.colors[team] = ctx.draw("synesthete color", [c for c in SYNESTHETE_COLORS if c not in used])
        ctx.tell(action.seat, SENSE_RESULT, player=action.seat, target=action.targets[0], color=memory.colors[team])


@role
class Synesthete(Role):
    """共感覚者: each night it must look at another seat, living or dead, and sees the color of that seat's
    team; it gives each team it meets a color of its own, drawn when first met."""

    card_ja = ("共感覚者: 毎晩、自分以外のひとり（生死を問わず）の色を見ます（必須）。その夜の終わりに、"
               "その人の今の陣営の色がわかります。初めて見た陣営には、"
               "まだ使っていない色がランダムに割り当てられます。占いではありません。")
    card_en = ("Synesthete: each night you must look at another player, living or dead. At the end of the night you "
               "see the color of that player's team; each team you meet for the first time gets a color of its own, "
               "drawn at random. It is not a divination.")

    abilities = (Sensing(),)
    Memory = ColorMemory


@dataclass
class ChannelMemory:
    chosen: Seat | None = None  # the dead seat listened to, for good (the reference never clears it)


CHANNEL_SELECT = Message.declare("channel select", "{player}は{target}の声に耳を傾けました。",
                                 "{player} listens to {target}'s voice.")


class Channel(Ability):
    """イタコ's use: once per game, any night from 2, optional, spent at submission: a dead seat; told
    「{name}は{target}の声に耳を傾けました。」, and its seat gets the 口寄せ mark, whose level hook at 100 gives the
    result (the action itself resolves to nothing)."""

    verb = CHANNEL
    level = 100
    first = 2
    once = Once.GAME
    required = False

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.dead()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, CHANNEL_SELECT, player=action.seat, target=action.targets[0])
        ctx.grant(action.seat, Channelling.id, action.seat).memory.chosen = action.targets[0]


CHANNEL_RESULT = Message.declare("channel result", "{player}は{target}の声を聴きました。{target}は{role}でした。",
                                 "{player} heard {target}'s voice: {target} was {role}.")


class Channelled(LevelHook):
    """イタコ's result, at level 100 of the night of its use and of every later night at which it is in A
    and not sealed or hypnotized (the mark was gained before any seal): the (redirected) seat's name and
    role (sub-roles omitted) — as the reference, which never clears the choice."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        target = ctx.aimed(me.memory.chosen)
        ctx.tell(me.seat, CHANNEL_RESULT, player=me.seat, target=target, role=ctx.identity(target).role.id)


@mark("Channelling", "口寄せ")
class Channelling(Role):
    """口寄せ (イタコ), on its own seat for good, not told: the dead seat it listens to; at level 100 of each
    night it is in A it is told that seat's role."""

    card_ja = ("口寄せ: イタコが声を聴いた死者です（本人には見えません）。以降、"
               "イタコが生きている夜の終わりには毎回、その人の役職が告げられます。")
    card_en = ("Channelling: an Itako's listening to a dead player, for the rest of the game, not told: at the end "
               "of each night the Itako is alive, it hears that player's role.")

    Memory = ChannelMemory
    level_hooks = (Channelled(),)


@role
class Itako(Role):
    """イタコ: once, from night 2, it may listen to a dead seat: at the end of that night (and of every later
    night it lives) it learns that seat's role."""

    card_ja = ("イタコ: 2日目以降の夜に一度だけ、死者ひとりの声を聴けます（任意）。その夜の終わりに、"
               "その人の役職がわかります（以降も生きている夜の終わりには毎回、その人の役職が告げられます）。")
    card_en = ("Itako: once, from night 2, you may listen to a dead player. At the end of that night (and of every "
               "later night you are alive) you learn that player's role.")

    abilities = (Channel(),)


@dataclass
class BakerMemory:
    mourned: bool = False  # 「…もうおいしいパンが食べられません。」 said since the last living パン屋


BAKER_BREAD = Message.declare("baker bread", "パン屋がおいしいパンを焼いてくれたそうです。", "The baker has baked delicious bread.")
BAKER_GONE = Message.declare("baker gone", "今日からはもうおいしいパンが食べられません。", "From today on there is no more delicious bread.")


@role
class Baker(Role):
    """パン屋: at each dawn, alive or dead, once for all パン屋 (by the first seat holding one): while one
    lives, public 「パン屋がおいしいパンを焼いてくれたそうです。」; at the first dawn at which all are dead, public
    「今日からはもうおいしいパンが食べられません。」, once (again if one came back and all died anew)."""

    card_ja = ("パン屋: 村人です。パン屋が生きている間は毎朝「パン屋がおいしいパンを焼いてくれたそうです。」"
               "と全員に告げられ、全員死んだ最初の朝に「今日からはもうおいしいパンが食べられません。」"
               "と告げられます。")
    card_en = ("Baker: a villager. Every morning while a Baker lives, everyone hears that the baker has baked "
               "delicious bread; on the first morning when all the Bakers are dead, everyone hears there is no more.")

    Memory = BakerMemory

    @on(Daybreak)
    def bake(self, ctx: Context, me: Layer, event: Daybreak) -> None:
        bakers = ctx.holding(Baker)
        first = next(layer for layer in ctx.identity(bakers[0]).layers if isinstance(layer.role, Baker))
        if first is not me:
            return
        memory: BakerMemory = me.memory
        if any(ctx.alive(s) for s in bakers):
            memory.mourned = False
            ctx.tell(None, BAKER_BREAD)
        elif not memory.mourned:
            memory.mourned = True
            ctx.tell(None, BAKER_GONE)
