"""Batch 3 (village part 2, issue 34), roles of the night's closing and its private words: 花火師, アイドル,
歌人, 悪霊憑き (shared/spec/classic-roles-village-2.md V2.2; mechanics V2.1.5 closed nights, V2.1.8a poems,
V2.1.8c 霊界's voice, V2.1.11 received priority).

A *closed night* (V2.1.5) is a mark, :class:`NightClosed`, to dawn: its seat has no night form (no action,
nothing required, no part in the wolves' attack: ``Role.closes_night``, read by the identity), while its
dusk hook, chats, contacts, on-death hooks and every effect needing no submission stay. 花火師's fireworks
close every seat's night; an アイドル's death closes its fans' next night. A 歌人's poem is free text, a
parameter of the kind ``ParamKind.TEXT`` (1–4096 characters), told to its receiver alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once, Param, ParamKind, When
from jinrou.classic.catalog import Team
from jinrou.classic.events import PhaseOpened, on
from jinrou.classic.identity import Expiry, LayerKind
from jinrou.classic.model import Action, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, LevelHook, Role, Shared, mark, role, sub_role

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------- closed nights (V2.1.5)


@mark("Night closed", "能力使用不可", until=Expiry.DAWN)
class NightClosed(Role):
    """A closed night (V2.1.5), to dawn: no night form — no action, nothing required (no sudden death), no
    part in the wolves' attack (none at all if every wolf is closed); its dusk hook, chats, contacts,
    on-death hooks and every effect needing no submission stay."""

    card_ja = "能力使用不可: 今夜は夜の能力を使えません（襲撃もできません）。会話はできます。"
    card_en = ("Night closed: tonight the seat can use no night ability (a werewolf takes no part in the attack); "
               "its chats stay open.")

    closes_night = True


# ---------------------------------------------------------------------- 花火師 (V2.1.5)

LAUNCH = Verb.declare("launch", label=("花火を打ち上げる", "launch fireworks"))
LAUNCH_READY = Message.declare("launch", "{player}は花火を打ち上げる準備をしています。",
                               "{player} is getting the fireworks ready.")
FIREWORKS = Message.declare("fireworks", "きれいな花火が打ち上がりました。今夜は能力を使用できません。",
                            "Beautiful fireworks light up the sky. Nobody can use an ability tonight.")


@dataclass
class Fireworks(Shared):
    """花火師's fireworks, ready for the next dusk (a 花火師 dead by then still launches them)."""

    ready: bool = False

    def dusk(self, ctx: Context) -> None:
        if not self.ready:
            return
        self.ready = False
        ctx.tell(None, FIREWORKS)
        for seat in ctx.seats():  # every seat, dead or alive (V2.1.5)
            ctx.grant(seat, NightClosed.id)


class Launch(Ability):
    """花火師's fireworks: once per game, any day, optional day action (W.1.1), no target: told 「{name}は花火を
    打ち上げる準備をしています。」; at the next dusk, right after the night's attack count is set and before every
    other dusk effect, public 「きれいな花火が打ち上がりました。今夜は能力を使用できません。」 and every seat's night
    is closed (V2.1.5)."""

    verb = LAUNCH
    level = None
    arity = 0
    required = False
    when = When.DAY
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(me.seat, LAUNCH_READY, player=me.seat)
        ctx.memory(Fireworks).ready = True


@role
class Pyrotechnist(Role):
    """花火師: once per game, any day, it may get fireworks ready (told); at the next dusk, even if it died
    meanwhile, they light up the sky (public) and nobody has a night form that night (V2.1.5): no action, no
    wolf attack; chats, dusk hooks and every effect needing no submission stay."""

    card_ja = ("花火師: 村人の仲間です。一度だけ、昼に花火を打ち上げる準備ができます。その夜は全員（死者も）が"
               "夜の能力を使えず、人狼も襲撃できません（会話はできます）。準備の後に死んでも花火は上がります。")
    card_en = ("Pyrotechnist: a villager. Once per game, by day, it may get fireworks ready: that night (announced at "
               "dusk) nobody, the dead included, can use a night ability and the wolves cannot attack; the chats "
               "stay open. The fireworks go up even if it dies before dusk.")

    abilities = (Launch(),)


# ---------------------------------------------------------------------- アイドル (V2.1.5, V2.1.11)

CAPTIVATE = Verb.declare("captivate", label=("ファンにする", "make a fan"))
CAPTIVATING = Message.declare("captivate", "{player}は{target}をファンにしました。", "{player} wins {target} over as a fan.")
BECAME_FAN = Message.declare("fan", "{target}は{player}のファンになりました。", "{target} became a fan of {player}.")
IDOL_COUNT = Message.declare("idol count", "{player}の観察の結果、現在の村人陣営の人数は{count}人でした。",
                             "{player} watched the crowd: the village team counts {count} now.")
FAN_SHOCK = Message.declare("fan shock", "アイドルが死亡したショックで{player}は今夜能力を使えなくなりました。",
                            "Shocked by the idol's death, {player} cannot use an ability tonight.")


@sub_role("Fan", "ファン", LayerKind.SUB)
class Fan(Role):
    """An アイドル's fan, for good (its ``source``): knows its アイドル and is known by it. At the first dusk
    at which that アイドル is dead, the living fan is told 「アイドルが死亡したショックで{name}は今夜能力を使え
    なくなりました。」, stops being a fan and has its night closed (V2.1.5)."""

    card_ja = "ファン: アイドルのファンです。アイドルとお互いを知っています。アイドルが死ぬと、その夜は能力を使えません。"
    card_en = ("Fan: a fan of an アイドル (Idol), each knowing the other. On the night after the idol dies the fan can "
               "use no ability.")

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {me.source: Idol.id} if me.source is not None else {}

    @on(PhaseOpened)
    def shocked(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK or me.source is None or ctx.alive(me.source):
            return
        ctx.tell(me.seat, FAN_SHOCK, player=me.seat)
        ctx.remove(me)
        ctx.grant(me.seat, NightClosed.id)


@dataclass
class IdolMemory:
    first: int | None = None  # its first night (the first dusk it held the role)
    second: bool = False  # its second fan is drawn


def fans(ctx: Context, idol: Seat, living: bool = True) -> list[Seat]:
    """The seats that are ``idol``'s fans (the living only, by default), in seat order."""
    seats = ctx.living() if living else list(ctx.seats())
    return [s for s in seats if any(layer.role is Fan.declaration and layer.source == idol
                                    for layer in ctx.identity(s).extras())]


def make_fan(ctx: Context, idol: Seat, target: Seat) -> None:
    ctx.grant(target, Fan.id, idol)
    ctx.tell([idol, target], BECAME_FAN, player=idol, target=target)


class Captivate(Ability):
    """アイドル's first fan: its first night, required, level 80, another living seat (told 「{name}は{target}を
    ファンにしました。」); at level 80 the (redirected) seat becomes its fan, both told."""

    verb = CAPTIVATE
    level = 80

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.first in (None, ctx.day)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.first = ctx.day
        ctx.tell(me.seat, CAPTIVATING, player=me.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        make_fan(ctx, me.seat, ctx.aimed(action.targets[0]))


class SecondFan(LevelHook):
    """At level 80 of the first night ≥ 4 on which the アイドル is in A, neither sealed nor hypnotized, and a
    fan lives: a second fan, draw ``second fan`` (uniform among the living seats other than it and its fans),
    both told; once."""

    level = 80

    def act(self, ctx: Context, me: Layer) -> None:
        if me.memory.second or ctx.day < 4 or not fans(ctx, me.seat):
            return
        me.memory.second = True
        pool = [s for s in ctx.living() if s != me.seat and s not in fans(ctx, me.seat)]
        if pool:
            make_fan(ctx, me.seat, ctx.draw_seat("second fan", pool))


@role
class Idol(Role):
    """アイドル: its first night it must make another living seat its fan (level 80, the redirected seat); the
    アイドル and its fans know each other. From night 4, once, a second fan is drawn while a fan lives. Each dawn
    it lives while a fan lives it is told how many living seats are of team Human. From day 5, while no fan
    lives, the votes it receives carry priority 1 more than its voters' highest (ties go against it: V2.1.11).
    After its death each living fan's next night is closed (V2.1.5)."""

    card_ja = ("アイドル: 村人の仲間です。最初の夜にひとりをファンにします（必須）。アイドルとファンはお互いを知っています。"
               "4日目以降の夜に一度、ファンが生きていればもうひとりファンが増えます。ファンが生きている間、毎朝生きている"
               "村人陣営の人数を知ります。5日目からファンがいないと、同票の時に処刑されやすくなります。"
               "アイドルが死ぬと、ファンはその夜能力を使えません。")
    card_en = ("Idol: a villager. On its first night it must make another living seat its fan; the idol and its fans "
               "know each other. From night 4, once, a second fan joins while a fan lives. Each morning, while a fan "
               "lives, it is told how many living seats are on the village team. From day 5, while no fan lives, it "
               "loses every tie of the vote. On the night after it dies its fans can use no ability.")

    abilities = (Captivate(),)
    level_hooks = (SecondFan(),)
    Memory = IdolMemory

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: Fan.id for s in fans(ctx, me.seat, living=False)}

    @on(PhaseOpened)
    def watch(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK:
            if me.memory.first is None:
                me.memory.first = ctx.day
            return
        if fans(ctx, me.seat):
            count = sum(1 for s in ctx.living() if ctx.identity(s).team() is Team.HUMAN)
            ctx.tell(me.seat, IDOL_COUNT, player=me.seat, count=count)

    def priority_received(self, ctx: Context, me: Layer) -> int:
        return 1 if ctx.day >= 5 and not fans(ctx, me.seat) else 0


# ---------------------------------------------------------------------- 歌人 (V2.1.7, V2.1.8a)

POEM_LIMIT = 4096
"""A poem's most characters (the reference's server accepts any text up to this)."""
POEM_PARAM = Param("poem", ParamKind.TEXT, limit=POEM_LIMIT, sample="月明かり 誰を想うか 夜の歌")
POEM = Verb.declare("poem", POEM_PARAM, label=("歌を送る", "send a poem"))
REPLY = Verb.declare("reply", POEM_PARAM, label=("返歌を送る", "reply with a poem"))
POEM_SENT = Message.declare("poem sent", "{player}は{target}に歌を送りました。", "{player} sends {target} a poem.")
POEM_CAME = Message.declare("poem came", "{target}に{player}からの歌が届きました。「{poem}」",
                            "A poem from {player} reaches {target}: “{poem}”", relayed=False)  # V2.1.8b: not a listener's
POET_PAIRED = Message.declare("poet paired", "{target}は{player}からの歌を受け取って歌人になりました。",
                              "{target} received {player}'s poem and became a Poet.")


@dataclass
class PoetMemory:
    partner: Seat | None = None  # the seat it is paired with (None: unpaired)
    turn: bool = False  # its partner's poem came last: it may reply


def _deliver(ctx: Context, sender: Seat, to: Seat, text: str) -> None:
    ctx.tell(to, POEM_CAME, player=sender, target=to, poem=text)


class SendPoem(Ability):
    """歌人's poem: while unpaired, each night, optional, level 100: another living seat and a poem (1–4096
    characters); told 「{name}は{target}に歌を送りました。」. At 100 the (redirected) seat, dead or alive, receives it
    (「{target}に{name}からの歌が届きました。」 and the text, to it alone) and a 歌人 extra role paired with the
    sender (told 「{target}は{name}からの歌を受け取って歌人になりました。」); the sender is paired with it."""

    verb = POEM
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.partner is None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(me.seat, POEM_SENT, player=me.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        _deliver(ctx, me.seat, target, str(action.param("poem")))
        layer = ctx.add_role(target, Poet.id)
        layer.memory.partner, layer.memory.turn = me.seat, True
        me.memory.partner, me.memory.turn = target, False
        ctx.tell(target, POET_PAIRED, player=me.seat, target=target)


class ReplyPoem(Ability):
    """A paired 歌人's reply (its role or an extra role): while its partner's poem came last and its partner
    lives, each night, optional, level 100, a poem only; told 「{name}は{partner}に歌を送りました。」. At 100 the
    poem goes to the (redirected) partner and the turn passes to that seat's 歌人 paired with the sender."""

    verb = REPLY
    required = False
    arity = 0

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.turn and me.memory.partner is not None and ctx.alive(me.memory.partner)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(me.seat, POEM_SENT, player=me.seat, target=me.memory.partner)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        partner = me.memory.partner
        if partner is None:
            return
        to = ctx.aimed(partner)
        _deliver(ctx, me.seat, to, str(action.param("poem")))
        me.memory.turn = False
        for layer in ctx.identity(to).layers:
            if layer.role is Poet.declaration and layer.memory.partner == me.seat:
                layer.memory.turn = True


@role
class Poet(Role):
    """歌人: while unpaired it may send another living seat a poem each night (any text of 1–4096 characters,
    told to its receiver alone); the receiver becomes a 歌人 too (an extra role) paired with it, and the two may
    then reply to each other in turn, any number of rounds, never to another partner (V2.1.7, V2.1.8a)."""

    card_ja = ("歌人: 村人の仲間です。夜に、生きている人ひとりに歌（1〜4096文字）を送れます。受け取った人にだけ歌が届き、"
               "その人も歌人になってあなたと組になります。それからは、相手の歌が届いた夜に返歌を送れます（何度でも。"
               "相手は変えられません）。")
    card_en = ("Poet: a villager. At night it may send a living seat a poem (any text of 1 to 4096 characters), which "
               "only that seat reads; the receiver becomes a Poet too, paired with it. From then on each may reply "
               "with a poem on a night after the other's came, any number of times, never to anyone else.")

    abilities = (SendPoem(), ReplyPoem())
    Memory = PoetMemory


# ---------------------------------------------------------------------- 悪霊憑き (V2.1.8c, V2.1.10)


@role
class SpiritPossessed(Role):
    """悪霊憑き: while it lives, each 霊界 line written during the day's discussion is said in the day chat under
    the name of a living 悪霊憑き able to write there (not 沈黙), drawn per line (``possessed voice``); the dead
    who see every role read the 霊界 line and its copy, everyone else only the copy (the living never learn who
    wrote it). A reviver while alive (V2.1.10). Online only: the server's chat carries it (``Role.voices_heaven``,
    the mode's ``voices`` and ``reads_veiled``)."""

    card_ja = ("悪霊憑き: 村人の仲間です。生きている間、昼の議論中に霊界で書かれた発言が、あなたの名前で昼の会話に"
               "表示されます（誰が書いたかは生きている人にはわかりません）。")
    card_en = ("Spirit Possessed: a villager. While it lives, whatever the dead write during the day's discussion "
               "is said in the Village chat under its name (the living never learn who wrote it).")

    closes_heaven = "alive"  # V2.1.10: a reviver while alive
    voices_heaven = True
