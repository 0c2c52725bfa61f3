"""村人系 of the day (V1.2): votes, executions and the day chat — 王様, ギャンブラー, 秘書, トラブルメーカー,
独裁者, フランケンシュタインの怪物, 課金者, 呪いをかける者."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once, Param, ParamKind, When
from jinrou.classic.catalog import Team
from jinrou.classic.events import (
    BurialPass,
    Executed,
    Nightfall,
    on,
)
from jinrou.classic.identity import Expiry
from jinrou.classic.model import Action, Message, Seat, Verb
from jinrou.classic.role import Ability, LevelHook, Role, mark, role
from jinrou.classic.roles.common import (
    Gamble,
    PlaceMark,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


@mark("Silenced", "沈黙", until=Expiry.DUSK)
class Silenced(Role):
    """沈黙 (呪いをかける者): until the next dusk its seat cannot write the day chat (its vote, will
    and monologue are unaffected)."""

    card_ja = "沈黙: 次の夕方まで昼の会話で発言できません。投票・遺言はできます。"
    card_en = ("Silenced: 沈黙, by a 呪いをかける者 (Spellcaster): until the next dusk the seat cannot write in the "
               "Village chat (its vote, will and monologue are unaffected).")

    silences = True


@dataclass
class SpellMemory:
    chosen: list[Seat] = field(default_factory=list)  # every seat it chose, counted at submission


SPELL_CAST = Message.declare("spell cast", "{player}が{target}に呪いをかけました。", "{player} cursed {target}.")
SILENCED = Message.declare("silenced", "{target}は呪いをかけられました。昼に発言できません。",
                           "{target} was cursed: it cannot speak in the Village chat until dusk.")


class Spell(PlaceMark):
    """呪いをかける者's curse: each night from 2, optional, level 100, a living seat it never chose
    before (itself allowed): if the (redirected) target lives at its level it gets 沈黙 until the next
    dusk, told."""

    verb = Verb.declare("silence", label=("呪いをかける", "silence"))
    mark = "Silenced"
    first = 2
    required = False

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in super().targets(ctx, me) if s not in me.memory.chosen]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.chosen.append(action.targets[0])
        ctx.tell(action.seat, SPELL_CAST, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        super().resolve(ctx, action, me)  # 沈黙 on the (redirected) target if it lives
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target):
            ctx.tell(target, SILENCED, target=target)


@role
class Spellcaster(Role):
    """呪いをかける者: from night 2 it may curse a living seat it never chose before (itself allowed):
    told 「{target}は呪いをかけられました。昼に発言できません。」, that seat cannot speak in the day chat
    until the next dusk (沈黙)."""

    card_ja = ("呪いをかける者: 2日目以降の夜に、まだ選んだことのない生存者ひとり（自分も可）に呪いをかけられます。"
               "相手は次の夕方まで昼の会話で発言できません（沈黙。投票・遺言はできます）。")
    card_en = ("Spellcaster: from night 2, each night it may curse a living seat it never chose before (itself "
               "allowed). That seat is told 「呪いをかけられました。昼に発言できません。」 (you are cursed and "
               "cannot speak by day) and cannot write in the Village chat until the next dusk (沈黙, silence); it "
               "may still vote and leave a will.")

    abilities = (Spell(),)
    Memory = SpellMemory


# ---------------------------------------------------------------------- group VA (issue 24): vote weights, executions

ASSIST = Verb.declare("assist", label=("補佐", "assist"))


TROUBLE = Verb.declare("trouble", label=("トラブルを起こす", "stir up trouble"))


DICTATE = Verb.declare("dictate", label=("処刑を宣言", "dictate"))


@role
class King(Role):
    """王様: its votes weigh 1 more (V1.1.2)."""

    card_ja = "王様: 村人の仲間です。投票が1票多く数えられます（2票）。"

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        return 1


@role
class Gambler(Gamble):
    """ギャンブラー: an イカサマ師 of team Human (V1.1.2, W.3). It stocks a vote at each dawn it lives (1 on
    day 2); its votes weigh 0, or, once it bet that day, its whole stock; a day it bet ends with stock 0."""

    card_ja = ("ギャンブラー: 村人の仲間です。生きて朝を迎えるたびに票を1つためます（2日目に1）。普段の投票は0票で、"
               "昼に「賭けに出る」と、その後の投票がためた票すべての重さになり、その日の夕方にためた票は0になります。"
               "投票した後は、その投票では賭けられません。")


@mark("Assisted", "補佐", until=Expiry.DUSK)
class Assisted(Role):
    """補佐 (秘書), to the next dusk, not told: the seat's votes weigh 1 more (V1.1.2)."""

    card_ja = "補佐: 秘書に補佐されました。次の夕方まで、投票が1票多く数えられます。"
    card_en = "Assisted: 補佐 by a 秘書 (Secretary), until the next dusk, not told: the seat's votes count 1 more."

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        return 1


ASSISTED = Message.declare("assisted", "{player}は{target}を補佐しました。",
                           "{player} assists {target}: its votes tomorrow weigh 1 more.")


class Assist(PlaceMark):
    """補佐: each night, optional, level 100, another living seat (told 「{name}は{target}を補佐しました。」);
    the (redirected) target, alive then, gets 補佐: its votes of the next day weigh 1 more."""

    verb = ASSIST
    required = False
    mark = "Assisted"
    itself = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(me.seat, ASSISTED, player=me.seat, target=action.target)


@role
class Secretary(Role):
    """秘書: each night it may assist another living seat (level 100): that seat's votes of the next day
    weigh 1 more (V1.1.2)."""

    card_ja = ("秘書: 村人の仲間です。毎晩、自分以外の生きているひとりを補佐できます（任意）。"
               "補佐された人の次の日の投票は1票多く数えられます（本人には知らされません）。")
    card_en = ("Secretary: on the villagers' side. Each night it may assist another living seat (optional): that "
               "seat's votes of the next day count 1 more (the seat is not told).")

    abilities = (Assist(),)


TROUBLE_TOLD = Message.declare("trouble", "{player}は村でトラブルを起こしました。", "{player} stirs up trouble in the village.")
TROUBLED = Message.declare("troubled", "トラブルメーカーにより村が混乱しています。今日は{count}人処刑されます。",
                           "A Trouble Maker threw the village into confusion: {count} executions today.")


class Trouble(Ability):
    """トラブル: once per game, any night, optional, no target, spent at submission (told 「{name}は村で
    トラブルを起こしました。」); at level 100 (a sealed or hypnotized one fizzles) the next day gets one
    more execution, announced at its dawn even if the トラブルメーカー died that night (V1.1.3)."""

    verb = TROUBLE
    arity = 0
    required = False
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(me.seat, TROUBLE_TOLD, player=me.seat)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.add_execution(TROUBLED)


@role
class TroubleMaker(Role):
    """トラブルメーカー: once, any night, it stirs up trouble: the next day executes one more seat
    (「トラブルメーカーにより村が混乱しています。今日は{k}人処刑されます。」, V1.1.3)."""

    card_ja = ("トラブルメーカー: 村人の仲間です。一度だけ、夜にトラブルを起こせます（任意）。次の日は処刑が1人増え、"
               "朝に全員へ知らされます（その夜に死んでも有効。能力を封じられていると不発）。処刑のたびに、"
               "まだ処刑が残っていれば、埋葬の後にもう一度投票します。")
    card_en = ("Trouble Maker: on the villagers' side. Once in the game, on any night, it may stir up trouble "
               "(optional): the next day one more seat is executed, and everybody is told at dawn "
               "「トラブルメーカーにより村が混乱しています。今日は…人処刑されます。」 (the village is in chaos: N "
               "seats will be executed today). It works even if the Trouble Maker dies that night, not if it is "
               "sealed. After each execution, while executions remain, the village votes again.")

    abilities = (Trouble(),)


DICTATED = Message.declare("dictated", "独裁者の{player}により、{target}の処刑が宣言されました。",
                           "The Dictator {player} decreed {target}'s execution.")


class Dictate(Ability):
    """独裁: once per game, any day, optional, a living seat (itself allowed, as the reference): public
    「独裁者の{name}により、{target}の処刑が宣言されました。」; the day ends at once (its votes void,
    nobody acts any more) and closing it executes the target — a プリンス cancels it — then burial,
    hunters, win check and dusk; the day's remaining executions are dropped (V1.1.1, V1.1.3)."""

    verb = DICTATE
    level = None
    when = When.DAY
    required = False
    once = Once.GAME

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return list(ctx.living())

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        target = action.targets[0]
        ctx.tell(None, DICTATED, player=me.seat, target=target)
        ctx.end_day(execute=target, by=me.seat)


@role
class Dictator(Role):
    """独裁者: once, by day, it declares a seat's execution: the seat is executed at once and the day
    ends (V1.1.1)."""

    card_ja = ("独裁者: 村人の仲間です。一度だけ、昼にひとり（自分も可）の処刑を宣言できます。その場で処刑され、"
               "投票は無効になってその日は終わります（残りの処刑もなくなります）。プリンスは処刑を取り消します。")

    abilities = (Dictate(),)


@dataclass
class MonsterMemory:
    seen: list[Seat] = field(default_factory=list)  # the dead it has looked at (each once)


ABSORBED = Message.declare("absorbed", "{player}は{target}の死体から{role}の能力を吸収しました。",
                           "{player} absorbed {target}'s power as {role}.")


@role
class FrankensteinsMonster(Role):
    """フランケンシュタインの怪物: executed by a ballot, the day gets one more execution (not by a 独裁者,
    V1.1.3). In each burial it lives, it absorbs the role (main role, fresh) of each newly dead seat of
    team Human that is not a フランケンシュタインの怪物, as an extra role (V1.1.6), told 「{name}は{target}
    の死体から{role}の能力を吸収しました。」; its results, count, team and resistances stay its own."""

    card_ja = ("フランケンシュタインの怪物: 村人の仲間です。生きている間、村人陣営の人が死ぬたびに、"
               "その人の役職の能力を吸収します（複数重ねられます。夜の能力はすべて任意。"
               "占い結果・陣営・耐性は村人のまま）。投票で処刑されると、その日の処刑が1人増えます。")
    card_en = ("Frankenstein's Monster: on the villagers' side. While it lives, each time a seat of the village team "
               "dies (not another フランケンシュタインの怪物), it absorbs that seat's role as an extra role, with "
               "fresh abilities (they add up; every night ability is optional), and is told "
               "「…の死体から…の能力を吸収しました。」 (it absorbed that role's abilities from the body). Its "
               "divination result, team, count and resistances stay its own. Executed by a vote (not by a 独裁者 "
               "Dictator), that day one more seat is executed.")

    Memory = MonsterMemory

    @on(Executed)
    def executed(self, ctx: Context, me: Layer, event: Executed) -> None:
        if not ctx.day_ended():  # a ballot's execution, not a 独裁者's
            ctx.add_execution()

    @on(BurialPass)
    def absorb(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        memory: MonsterMemory = me.memory
        if not ctx.alive(me.seat):  # died earlier in this burial (a lover's suicide): it absorbs no more
            return
        for seat in ctx.burying():
            if seat in memory.seen or ctx.alive(seat):
                continue
            memory.seen.append(seat)
            identity = ctx.identity(seat)
            if identity.team() is not Team.HUMAN or identity.is_a(FrankensteinsMonster):
                continue
            ctx.add_role(me.seat, identity.role.id)
            ctx.tell(me.seat, ABSORBED, player=me.seat, target=seat, role=identity.role.id)


# ---------------------------------------------------------------------- 課金者 (issue 24): draws when submitted

GACHA = Verb.declare("gacha", Param("kind", ParamKind.CHOICE, ("normal", "premium"),
                                    (("ノーマルガチャ", "normal gacha"), ("プレミアムガチャ", "premium gacha"))),
                     label=("ガチャを引く", "pull the gacha"))


COMMIT = Verb.declare("commit", label=("引き当てた役職に決める", "commit to the role drawn"))


GACHA_ODDS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "normal": ((1, 2, 3, 4, 5), (500, 400, 90, 7, 3)),
    "premium": ((3, 4, 5, 6), (900, 80, 18, 2)),
}
"""Each kind of pull's rarities (★) and their chances in thousandths (V1.2 課金者; the reference's table)."""


GACHA_ROLES: dict[int, tuple[str, ...]] = {
    1: ("Human", "Couple", "Noble", "Slave", "Liar", "Lycan", "Oldman", "TinyGhost", "Twin", "Sleepwalker",
        "Disguised", "Hanami"),
    2: ("Diviner", "Psychic", "Guard", "Magician", "ToughGuy", "ApprenticeSeer", "Diseased", "Dog", "SeersMama",
        "DrawGirl", "Cosplayer", "Reindeer", "Tarzan", "RemoteWorker", "Dreamer", "StraySheep", "DarkPsychic"),
    3: ("Fugitive", "Cursed", "Spellcaster", "Prince", "PI", "OccultMania", "RedHood", "WanderingGuard", "Phantom",
        "Pyrotechnist", "Forensic", "Ninja", "Emma", "HomeComer", "Samurai", "Sacrifice", "Oracle", "Poet",
        "GachaAddicted", "Hitokotonushinokami", "Gambler", "Saint", "MementoDisposer", "HouseKeeper"),
    4: ("Poisoner", "Merchant", "Light", "Cat", "Witch", "Dictator", "Miko", "HolyMarked", "TroubleMaker",
        "FrankensteinsMonster", "SantaClaus", "Baker", "SpiritPossessed", "Hunter", "Idol", "Elementaler", "Fate",
        "Synesthete", "Streamer", "Reincarnator", "Interpreter", "Assassin", "Secretary", "Itako"),
    5: ("QueenSpectator", "MadWolf", "Priest", "Trapper", "Counselor", "BloodyMary", "King", "Illusionist",
        "DragonKnight"),
    6: ("Neet",),
}  # fmt: skip
"""The roles of each rarity (the reference's client lists; its ★6 also names two GM-mode seats, left
out: only playable roles are drawn)."""


def gacha_pool(ctx: Context, rarity: int) -> list[str]:
    """The roles a pull of ``rarity`` may give: the rarity's list among the declared roles (a role
    of a later batch joins its list once declared)."""
    playable = set(ctx.playable())
    return [r for r in GACHA_ROLES[rarity] if r in playable]


@dataclass
class GachaMemory:
    pulls: int = 1  # premium pulls left tonight (P)
    normal: bool = False  # tonight's normal pull is made
    spent: int = 0  # premium pulls made tonight: 課金 −spent on its votes of the next day
    held: str | None = None  # the role its last pull drew tonight
    committed: bool = False  # it commits to ``held``: it becomes that role at level 122


GACHA_TOLD = {
    "normal": Message.declare("gacha normal", "{player}はノーマルガチャを引いて{stars}【{role}】を獲得しました。",
                              "{player} pulls the normal gacha and gets {stars} [{role}]."),
    "premium": Message.declare("gacha premium", "{player}はプレミアムガチャを引いて{stars}【{role}】を獲得しました。",
                               "{player} pulls the premium gacha and gets {stars} [{role}]."),
}
"""課金者's line per kind of pull."""


class Gacha(Ability):
    """ガチャ: each night until it commits, optional, no target, at once: ``normal`` once a night, ``premium``
    up to P times (P: its vote's weight in the last ballot of the day before, its own 課金 not counted; 1
    on night 1 or without a vote). A pull draws a rarity (``gacha rarity``) then a uniform role of that
    rarity (``gacha role``); the last role drawn is held until the next dusk. Each premium pull costs its
    votes of the next day 1 (課金, at level 122)."""

    verb = GACHA
    level = None
    arity = 0
    required = False
    targets_on_submit = False
    draws_on_submit = True

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.committed

    def done(self, ctx: Context, me: Layer) -> bool:
        memory: GachaMemory = me.memory
        return memory.committed or (memory.normal and memory.pulls <= 0)

    def values(self, ctx: Context, me: Layer) -> tuple[tuple[str, ...], ...]:
        memory: GachaMemory = me.memory
        return (("normal",) * (not memory.normal) + ("premium",) * (memory.pulls > 0),)

    def note(self, ctx: Context, me: Layer) -> tuple[str, str] | None:
        pulls = me.memory.pulls
        return (f"プレミアムガチャはあと{pulls}回", f"premium pulls left: {pulls}") if pulls > 0 else None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: GachaMemory = me.memory
        kind = action.param("kind") or "normal"
        rarities, odds = GACHA_ODDS[kind]
        weights = [w if gacha_pool(ctx, r) else 0 for r, w in zip(rarities, odds, strict=True)]
        rarity = ctx.draw("gacha rarity", rarities, weights)
        memory.held = ctx.draw("gacha role", gacha_pool(ctx, rarity))
        if kind == "normal":
            memory.normal = True
        else:
            memory.pulls, memory.spent = memory.pulls - 1, memory.spent + 1
        ctx.tell(me.seat, GACHA_TOLD[kind], player=me.seat, stars="★" * rarity, role=memory.held)


GACHA_COMMIT = Message.declare("gacha commit", "{player}は引き当てた【{role}】に決めました。", "{player} commits to [{role}].")


class Commit(Ability):
    """決定: once it holds a drawn role, optional, no target, at once (told 「{name}は引き当てた【{role}】に
    決めました。」); it pulls no more tonight and becomes that role at level 122 if alive then."""

    verb = COMMIT
    level = None
    arity = 0
    required = False
    targets_on_submit = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.held is not None and not me.memory.committed

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.committed = True
        ctx.tell(me.seat, GACHA_COMMIT, player=me.seat, role=me.memory.held)


class Payday(LevelHook):
    """課金者's level 122: alive, it becomes the role it committed to (V1.1.4: a fresh instance, no dusk
    hook; its actions from the next night), and its premium pulls of the night mark its seat 課金 −k. A
    hypnotized 課金者 resolves to nothing here (W.1.3), as the reference skips its midnight."""

    level = 122

    def act(self, ctx: Context, me: Layer) -> None:
        memory: GachaMemory = me.memory
        if not ctx.alive(me.seat):
            return
        if memory.committed and memory.held is not None:
            ctx.change_role(me.seat, memory.held, layer=me)
        if memory.spent:
            ctx.grant(me.seat, "GachaSpent").memory.spent = memory.spent


@dataclass
class SpentMemory:
    spent: int = 0


@mark("GachaSpent", "課金", until=Expiry.DUSK)
class GachaSpent(Role):
    """課金 (課金者), to the next dusk, not told: the seat's votes weigh k less, k its premium pulls (V1.1.2)."""

    card_ja = "課金: プレミアムガチャを引いた回数だけ、次の夕方まで投票が少なく数えられます。"
    card_en = ("GachaSpent: 課金 by a 課金者 (Gacha Addict), until the next dusk, not told: the seat's votes count 1 "
               "less for each premium gacha pull.")

    Memory = SpentMemory

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        return -int(me.memory.spent)


@role
class GachaAddicted(Role):
    """課金者: each night until it commits, it may pull the gacha — ``normal`` once a night, ``premium`` up to
    its last vote's weight, each premium pull weighing its next day's votes 1 less — and see at once the
    role drawn (rarity ★1–★6); it may then commit to the last role drawn and becomes it at level 122 (V1.1.4).
    A living 課金者 is a reviver (霊界表示 ``norevive``)."""

    card_ja = ("課金者: 決めるまで毎晩ガチャを引けます。ノーマルガチャは一晩1回、"
               "プレミアムガチャは前日の自分の票数（1日目の夜は1）まで引け、1回ごとに翌日の票が1減ります。"
               "引いた役職（★1〜★6）はすぐにわかり、最後に引いた役職に決めると、"
               "その夜の終わりに生きていればその役職になります。決めなかった役職は翌日の夕方に消えます。")
    card_en = ("Gacha Addict: each night until it commits, it may pull the gacha: the normal gacha once a night, the "
               "premium gacha as many times as its votes weighed on the day before (1 on night 1), each premium pull "
               "making its votes of the next day count 1 less. It sees each role drawn at once (rarity ★1–★6); it "
               "may then commit to the last role drawn, and becomes it at the night's end if alive. The roles not "
               "committed to are gone at the next dusk. While it lives it counts as someone who may come back (for "
               "the room setting “the dead see all: unless someone may come back”).")

    Memory = GachaMemory
    abilities = (Gacha(), Commit())
    level_hooks = (Payday(),)
    closes_heaven = "alive"

    @on(Nightfall)
    def new_night(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        """At each dusk (every seat hears it, sealed or not): P from its last vote's weight with its own 課金
        given back (1 without a vote), and last night's pulls dropped."""
        memory: GachaMemory = me.memory
        weight = ctx.last_vote_weight(me.seat)
        memory.pulls = (1 if weight is None else weight) + memory.spent
        memory.normal, memory.spent, memory.held, memory.committed = False, 0, None, False
