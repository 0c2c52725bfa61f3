"""Team Friend's third parties (classic-roles-third T.5): 悪女, 狂愛者, 雪女, パティシエール and her chocolates.

Each pairs on its first night (required until done: a miss is a sudden death). They reach the 恋人 of §8
(``lovers.py``) through the seat's identity — its sub-role ``Lovers`` by id, its memory's ``partners`` —
and add the hidden and false lovers of T.1.7: a hidden lover (本命, :class:`Sweetheart`) is a 恋人 for
every rule but its holder is shown its plain role, old team and no partner until it eats its chocolate; a
false lover (手玉, :class:`Plaything`) is shown as the 悪女's 恋人 and is one for no rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once
from jinrou.classic.catalog import Team
from jinrou.classic.events import BurialPass, Died, Threat, on
from jinrou.classic.model import Action, Blocked, Cause, Fortune, Message, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Role, Shared, mark, role, sub_role
from jinrou.classic.roles.common import POISON_DEATH

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer

LOVERS = "Lovers"  # §8's 恋人 (lovers.py), reached by id through the identity
COURTED = Message.declare("courted", "{player}は求愛されて恋人になりました。", "{player} was courted: you are now a lover.")


def lovers(ctx: Context, seat: Seat, partner: Seat) -> None:
    """``seat`` becomes (or stays) a 恋人 paired with ``partner`` (not told: each role says it its way)."""
    layer = ctx.identity(seat).layer(LOVERS) or ctx.grant(seat, LOVERS)
    if partner not in layer.memory.partners:
        layer.memory.partners.append(partner)


class Pairing(Ability):
    """A first-night pairing of this group: required until done, but 身代わりくん makes none (T, Scapegoat: as
    the reference; a lone 狂愛者 cannot win)."""

    once = Once.GAME

    def is_required(self, ctx: Context, me: Layer) -> bool:
        return me.seat != ctx.scapegoat and super().is_required(ctx, me)


def bound(ctx: Context, me: Layer, partners: list[Seat]) -> set[Seat]:
    """The lovers a lover dies with (§8): its partners, or every other lover unless ``friendssplit``."""
    if ctx.settings.on("friendssplit"):
        return set(partners)
    return {s for s in ctx.seats() if s != me.seat and ctx.identity(s).lover}


# ---------------------------------------------------------------------------------------------------- 悪女

HONMEI = Message.declare("bad lady honmei", "{player}は{target}を本命の相手に選びました。",
                         "{player} chose {target} as her true love.")
TEDAMA = Message.declare("bad lady tedama", "{player}は{target}を手玉に取りました。",
                         "{player} is toying with {target}.")


@dataclass
class PlaythingMemory:
    lady: Seat | None = None  # the 悪女 it is shown as the lover of


@sub_role("Plaything", "手玉")
class Plaything(Role):
    """手玉 (悪女's false lover, T.1.7): its holder is shown 「恋人（{role}）」 with the 悪女 as its partner and
    team 恋人陣営, but it is a 恋人 for no rule: it keeps its team and win rule and never dies with her."""

    card_ja = "手玉: 悪女に手玉に取られました。本人には恋人と表示されますが、陣営も勝利条件も元のままで、後追いもしません。"
    card_en = ("Plaything: toyed with by a 悪女 (Bad Lady). Its holder is shown as her lover, but its team and win "
               "rule stay its own and it never dies with her.")

    told = True
    told_as = LOVERS
    shows_team = Team.FRIEND
    Memory = PlaythingMemory

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {me.memory.lady: LOVERS} if me.memory.lady is not None else {}


class Courting(Pairing):
    """悪女's choice: its first night (required until done), at once: [本命, 手玉], two living seats other
    than itself, one seat twice allowed (then simply her 恋人, told twice)."""

    verb = Verb.PAIR
    label = ("本命と手玉を選ぶ", "choose true love and plaything")
    level = None
    arity = 2
    repeats = True
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        lady, (love, toy) = action.seat, action.targets
        ctx.tell(lady, HONMEI, player=lady, target=love)
        ctx.tell(lady, TEDAMA, player=lady, target=toy)
        lovers(ctx, lady, love)
        lovers(ctx, love, lady)
        ctx.tell(love, COURTED, player=love)
        if toy != love:
            ctx.grant(toy, Plaything.id, source=lady).memory.lady = lady
        ctx.tell(toy, COURTED, player=toy)


@role
class BadLady(Role):
    """悪女: its first night it must choose two living seats other than itself, [本命, 手玉] (one seat twice
    allowed); told 「{name}は{M}を本命の相手に選びました。」 and 「{name}は{K}を手玉に取りました。」. It and its 本命
    become 恋人; both chosen are told 「{X}は求愛されて恋人になりました。」 and cannot tell which they are: the
    手玉 is shown as her 恋人 but keeps its team and win rule and never dies with her (T.1.7)."""

    card_ja = ("悪女: 最初の夜に、自分以外の生きている人から本命と手玉をひとりずつ必ず選びます（同じ人でも可）。"
               "本命とは恋人になります。手玉は自分が恋人だと思い込みますが、本当は元の陣営のままで、後追いもしません。"
               "選ばれたふたりにはどちらなのか分かりません。")
    card_en = ("Bad Lady: on her first night she must choose two living seats other than herself: her true love and "
               "her plaything (one seat may be both). She and her true love become lovers. Both are told they were "
               "courted and cannot tell which they are: the plaything believes it is her lover, but keeps its team "
               "and never dies with her.")

    abilities = (Courting(),)


# ---------------------------------------------------------------------------------------------------- 狂愛者

OBSESS = Verb.declare("obsess", label=("狂愛する", "obsess"))
OBSESSES = Message.declare("obsesses", "{player}は{target}を狂愛の対象に選びました。",
                           "{player} is now obsessed with {target}.")
LUNATIC_DEATH = Cause.declare("lunatic", "狂愛者の襲撃", "killed by a lunatic lover")


@dataclass
class Obsessions(Shared):
    """The killers noted for each 狂愛者 whose target died while it lived (T.5): 狂愛者 seat → seats."""

    killers: dict[Seat, list[Seat]] = field(default_factory=dict)


@dataclass
class LunaticMemory:
    target: Seat | None = None


@mark("Obsessed", "狂愛")
class Obsessed(Role):
    """狂愛 (狂愛者's target, hidden): when its seat dies while the 狂愛者 lives, its killers are noted — the
    voters for it (execution), the wolf that submitted the attack, any other cause's actor; none for a
    sudden death, 後追い or 絆. Its holder wins also if it is alive for the win."""

    card_ja = "狂愛: 狂愛者に愛されています（本人は知りません）。生き残れば、元の勝利条件に関わらず勝利します。"
    card_en = ("Obsessed: a 狂愛者 (Lunatic Lover) is obsessed with this seat (it is not told). Alive at the end, it "
               "wins whatever its own rule says.")

    @on(Died)
    def killed(self, ctx: Context, me: Layer, event: Died) -> None:
        lunatic = me.source
        if lunatic is None or not ctx.alive(lunatic) or event.cause in (Cause.SUDDEN, Cause.SUICIDE):
            return
        if event.cause is Cause.EXECUTION:
            killers = ctx.ballot_voters(me.seat)
        else:
            killers = [event.source] if event.source is not None and event.source != me.seat else []
        noted = ctx.memory(Obsessions).killers.setdefault(lunatic, [])
        noted.extend(k for k in killers if k not in noted)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return ctx.alive(me.seat) or ctx.identity(me.seat).wins_below(ctx, me, result)


class Obsession(Pairing):
    """狂愛者's choice: its first night (required until done), at once: another living seat."""

    verb = OBSESS
    level = None
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        target = action.targets[0]
        me.memory.target = target
        ctx.grant(target, Obsessed.id, source=action.seat)
        ctx.tell(action.seat, OBSESSES, player=action.seat, target=target)


@role
class LunaticLover(Role):
    """狂愛者: never a 恋人. Its first night it must choose another living seat (told 「{name}は{target}を
    狂愛の対象に選びました。」), which gets 狂愛 (hidden). At the burial of that seat's death, while it lives, a
    uniform living seat among the killers noted dies (``lunatic``, draw ``lunatic revenge``); then, at every
    burial where its target is dead, it dies (``suicide``). It wins iff its target is alive, whatever the
    result; its target wins also if it is alive."""

    card_ja = ("狂愛者: 最初の夜に、生きている他の人をひとり狂愛の対象に必ず選びます（相手は知りません）。"
               "対象が死ぬと、その死に関わった人（処刑なら投票者、襲撃なら襲撃した人狼など）から生きているひとりを"
               "道連れにして後を追います。対象が生き残れば勝利し、対象も生き残れば勝利します。")
    card_en = ("Lunatic Lover: on its first night it must choose another living seat to be obsessed with (not "
               "told). When that seat dies, a living seat among its killers (its voters, the attacking wolf …) dies "
               "too, and the Lunatic Lover follows its love in death. It wins if its love is alive at the end, and "
               "so does its love.")

    Memory = LunaticMemory
    abilities = (Obsession(),)
    deadly_weapon = True  # T.1.16

    @on(BurialPass)
    def revenge(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        target = me.memory.target
        if target is None or ctx.alive(target):
            return
        killers = ctx.memory(Obsessions).killers.pop(me.seat, [])
        living = [s for s in killers if ctx.alive(s)]
        if living:
            ctx.kill(ctx.draw_seat("lunatic revenge", living), LUNATIC_DEATH, me.seat, guardable=False)
        ctx.follow(me.seat, "lunatic")

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return me.memory.target is not None and ctx.alive(me.memory.target)


# ---------------------------------------------------------------------------------------------------- 雪女

SNOW_COURTS = Message.declare("snow courts", "{player}は{target}に求愛しました。", "{player} courted {target}.")


@mark("Snow blessing", "雪の加護")
class SnowBlessing(Role):
    """雪の加護 (雪女's, hidden): the first wolf or vampire attack on its seat that passes immunity, guard and
    holy protection fails (before its role's own resistance) and uses it up."""

    card_ja = "雪の加護: 人狼やヴァンパイアの襲撃を一度だけ防ぎます（本人は知りません）。"
    card_en = "Snow blessing: a wolf's or vampire's attack on this seat fails, once (its holder is not told)."

    blocks_as = Blocked.SNOW

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause not in (Cause.ATTACK, Cause.VAMPIRE) or ctx.identity(me.seat).has("HolyProtection"):
            return False  # a holy protection is used first
        ctx.remove(me)
        return True


class SnowCourtship(Pairing):
    """雪女's courtship: its first night (required until done), at once: another living seat."""

    verb = Verb.PAIR
    label = ("求愛する", "court")
    level = None
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        target = action.targets[0]
        lovers(ctx, action.seat, target)
        lovers(ctx, target, action.seat)
        ctx.grant(target, SnowBlessing.id, source=action.seat)
        ctx.tell(action.seat, SNOW_COURTS, player=action.seat, target=target)
        ctx.tell(target, COURTED, player=target)


@role
class SnowLover(Role):
    """雪女: its first night it must court another living seat: both become 恋人 (told 「{name}は{target}に
    求愛しました。」, the target 「{target}は求愛されて恋人になりました。」), and the target gets 雪の加護 (hidden):
    the first wolf or vampire attack on it that passes immunity, guard and holy protection fails."""

    card_ja = ("雪女: 最初の夜に、生きている他の人をひとり必ず選んで求愛し、恋人になります。相手には雪の加護がつき、"
               "人狼やヴァンパイアの襲撃を一度だけ防ぎます（相手は知りません）。")
    card_en = ("Snow Lover: on its first night it must court another living seat: the two become lovers, and its "
               "love is protected, once and without knowing it, from a wolf's or vampire's attack.")

    abilities = (SnowCourtship(),)
    death_resistance = True  # T.1.16


# ---------------------------------------------------------------------------------------------------- パティシエール

EAT = Verb.declare("eat", label=("チョコレートを食べる", "eat the chocolate"))
CHOSEN = Message.declare("patissiere chose", "{player}は{target}を本命に選びました。",
                         "{player} chose {target} as her true love.")
DELIVERED = Message.declare("chocolate delivered", "{player}にチョコレートが届きました。", "{player} received a chocolate.")
PAIRED = Message.declare("patissiere paired", "{player}は{target}と恋人になりました。", "{player} and {target} are now lovers.")
HONMEI_EATEN = Message.declare(
    "chocolate honmei", "{player}が食べたチョコレートは本命でした。{player}は{target}と恋人になりました。",
    "The chocolate {player} ate was a true-love one: {player} and {target} are now lovers.")
GIRI = Message.declare("chocolate giri", "{player}が食べたチョコレートは義理でした。",
                       "The chocolate {player} ate was a courtesy one.")
FLAVOURS = ("cursed", "black", "white", "poison", "stalker", "vampire", "priest", "none")
WEIGHTS = (12, 18, 15, 5, 7, 8, 10, 25)  # T.5: .12 .18 .15 .05 .07 .08 .10 .25
TASTED = {
    "cursed": Message.declare("chocolate cursed", "{player}が食べたチョコレートは呪いのチョコレートでした。次の昼は発言できません。",
                              "The chocolate {player} ate was cursed: you cannot speak in the next day."),
    "black": Message.declare("chocolate black",
                             "{player}が食べたチョコレートはブラックチョコレートでした。占い・霊能結果が人狼になりました。",
                             "The chocolate {player} ate was dark: your divination and psychic results now read 人狼."),
    "white": Message.declare("chocolate white",
                             "{player}が食べたチョコレートはホワイトチョコレートでした。占い・霊能結果が村人になりました。",
                             "The chocolate {player} ate was white: your divination and psychic results now read 村人."),
    "poison": Message.declare("chocolate poison", "{player}が食べたチョコレートは毒入りチョコでした。",
                              "The chocolate {player} ate was poisoned."),
    "stalker": Message.declare("chocolate stalker",
                               "{player}は執念でチョコレートの差出人を探し出しました。{player}は{target}のストーカーになりました。",
                               "{player} tracked down who sent the chocolate: {player} now stalks {target}."),
    "vampire": Message.declare("chocolate vampire",
                               "{player}が食べたチョコレートはなんだか鉄の味がしました。占い結果がヴァンパイアになりました。",
                               "The chocolate {player} ate tasted of iron: your divination result now reads ヴァンパイア."),
    "priest": Message.declare("chocolate priest", "{player}が食べたチョコレートは聖なるチョコでした。聖職者の能力を1度使えます。",
                              "The chocolate {player} ate was holy: you may use a 聖職者's (Priest's) blessing once."),
}


@dataclass
class SweetheartMemory:
    partners: list[Seat] = field(default_factory=list)


@sub_role("Sweetheart", "本命")
class Sweetheart(Role):
    """本命 (a パティシエール's hidden lover, T.1.7): a 恋人 for every rule — the lover count, team Friend, its win
    rule, 後追い with its partner — but its holder is not told: it sees its plain role, old team and no
    partner until it eats its chocolate and becomes an ordinary 恋人."""

    card_ja = "本命: パティシエールの本命です（チョコレートを食べるまで本人は知りません）。恋人として扱われます。"
    card_en = ("Sweetheart: a パティシエール's (Patissiere's) true love, a lover for every rule, though it does not "
               "know until it eats its chocolate.")

    judge_team = Team.FRIEND
    lover = True
    conceals = True
    Memory = SweetheartMemory

    def partners(self, ctx: Context, me: Layer) -> set[Seat]:
        return set(me.memory.partners)

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if any(not ctx.alive(s) for s in bound(ctx, me, me.memory.partners)):
            ctx.follow(me.seat, "lover")

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.FRIEND and ctx.alive(me.seat)


@mark("Dark chocolate", "ブラックチョコレート")
class BlackChocolate(Role):
    """ブラックチョコレート: its seat's 占い and 霊能 results read 人狼 for the rest of the game (T.1.10)."""

    card_ja = "ブラックチョコレート: この人の占い結果と霊能結果は、これから人狼になります。"
    card_en = "Dark chocolate: from now on this seat is divined 人狼 (werewolf) and read 人狼 by a medium."

    fortune_overlay = Fortune.WEREWOLF
    psychic_overlay = PsychicResult.WEREWOLF


@mark("White chocolate", "ホワイトチョコレート")
class WhiteChocolate(Role):
    """ホワイトチョコレート: its seat's 占い and 霊能 results read 村人 for the rest of the game (T.1.10)."""

    card_ja = "ホワイトチョコレート: この人の占い結果と霊能結果は、これから村人になります。"
    card_en = "White chocolate: from now on this seat is divined 村人 (human) and read 村人 by a medium."

    fortune_overlay = Fortune.HUMAN
    psychic_overlay = PsychicResult.HUMAN


@mark("Iron taste", "鉄の味")
class IronChocolate(Role):
    """鉄の味: its seat's 占い result reads ヴァンパイア for the rest of the game (T.1.10)."""

    card_ja = "鉄の味: この人の占い結果は、これからヴァンパイアになります。"
    card_en = "Iron taste: from now on this seat is divined ヴァンパイア (vampire)."

    fortune_overlay = Fortune.VAMPIRE


OVERLAYS = {"black": BlackChocolate.id, "white": WhiteChocolate.id, "vampire": IronChocolate.id}


@dataclass
class ChocolateMemory:
    sender: Seat | None = None  # the パティシエール
    honmei: bool = False
    since: int = 0  # the night it came
    eaten: bool = False


class Eat(Ability):
    """チョコレート's eating: from the night after it came, once, optional, at once, no target: a 本命 becomes an
    ordinary 恋人 at once; a 義理 draws its flavour at level 90 (``chocolate``), if its eater is in A and
    not hypnotized (else it is void)."""

    verb = EAT
    level = 90
    arity = 0
    required = False
    once = Once.GAME

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day > me.memory.since and not me.memory.eaten

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.eaten = True
        seat, sender = action.seat, me.memory.sender
        if not me.memory.honmei:
            ctx.tell(seat, GIRI, player=seat)
            return
        hidden = ctx.identity(seat).layer(Sweetheart.id)
        if hidden is not None:
            ctx.remove(hidden)
        lovers(ctx, seat, sender)
        ctx.tell(seat, HONMEI_EATEN, player=seat, target=sender)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if me.memory.honmei:
            return
        seat, sender = action.seat, me.memory.sender
        flavour = ctx.draw("chocolate", FLAVOURS, WEIGHTS)
        if flavour == "none":
            return
        ctx.tell(seat, TASTED[flavour], player=seat, target=sender)
        if flavour == "cursed":
            ctx.grant(seat, "Silenced", source=sender)  # V1.1.7 沈黙, to the next dusk
        elif flavour in OVERLAYS:
            ctx.grant(seat, OVERLAYS[flavour], source=sender)
        elif flavour == "poison":
            ctx.kill(seat, POISON_DEATH, sender, guardable=False)
        elif flavour == "stalker":
            ctx.change_role(seat, "Stalker", told_now=False)
            ctx.identity(seat).main.memory.target = sender  # T.1.8: a ストーカー of the パティシエール
        else:
            ctx.add_role(seat, "Priest")  # one 聖職者's blessing (V1.1.6)


@sub_role("Chocolate", "チョコレート")
class Chocolate(Role):
    """チョコレート (パティシエール's): from the night after it came its holder may eat it, once. A 本命 makes it
    the パティシエール's 恋人 (told 「{X}が食べたチョコレートは本命でした。{X}は{P}と恋人になりました。」); a 義理
    (told 「…義理でした。」) draws its flavour at level 90: 呪い (沈黙 to the next dusk), ブラック (占・霊 人狼),
    ホワイト (占・霊 村人), 毒入り (it dies), 執念 (it becomes the パティシエール's ストーカー), 鉄の味 (占
    ヴァンパイア), 聖なるチョコ (one 聖職者's blessing) or nothing."""

    card_ja = ("チョコレート: パティシエールから届いたチョコレートです。届いた次の夜から一度だけ食べられます。本命なら"
               "パティシエールと恋人になり、義理なら何かが起こるかもしれません（呪い・ブラック・ホワイト・毒・執念・"
               "鉄の味・聖なるチョコ）。")
    card_en = ("Chocolate: from a パティシエール (Patissiere). From the night after it came it may be eaten, once. "
               "Eating a true-love one makes its eater her lover; a courtesy one may do something: silence the next day, "
               "make the results read 人狼 or 村人 or ヴァンパイア, poison, turn it into her stalker, or give one "
               "聖職者 (Priest) blessing — or nothing.")

    told = True
    Memory = ChocolateMemory
    abilities = (Eat(),)


class Delivery(Pairing):
    """パティシエール's choice: its first night (required until done), level 45 (never redirected): another
    living seat, its 本命."""

    verb = Verb.PAIR
    label = ("本命を選ぶ", "choose a true love")
    level = 45
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, CHOSEN, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        sender, love = action.seat, action.targets[0]
        for seat in ctx.living():
            if seat == sender:
                continue
            chocolate = ctx.grant(seat, Chocolate.id, source=sender)
            chocolate.memory.sender, chocolate.memory.since = sender, ctx.day
            chocolate.memory.honmei = seat == love
            if seat == love:
                ctx.grant(seat, Sweetheart.id, source=sender).memory.partners.append(sender)
            ctx.tell(seat, DELIVERED, player=seat)
        lovers(ctx, sender, love)
        ctx.tell(sender, PAIRED, player=sender, target=love)


@role
class Patissiere(Role):
    """パティシエール: its first night it must choose another living seat, its 本命 (told 「{name}は{target}を本命に
    選びました。」). At level 45 every other living seat gets a チョコレート (told 「{X}にチョコレートが届きました。」):
    the 本命's makes it her hidden lover (T.1.7) and she becomes its 恋人 (told 「{name}は{target}と恋人に
    なりました。」); the others are 義理. Cast, it makes divination results come at dawn (T.1.11)."""

    card_ja = ("パティシエール: 最初の夜に、生きている他の人をひとり本命に必ず選びます。全員にチョコレートが届き、"
               "本命とは恋人になります（本命は自分のチョコレートを食べるまで知りません）。ほかの人には義理チョコが"
               "届きます。"
               "この役職がいると、占い結果は「すぐ分かる」設定でも翌朝分かります。")
    card_en = ("Patissiere: on her first night she must choose another living seat as her true love. Every other "
               "seat gets a chocolate; she and her true love are lovers (it does not know until it eats its "
               "chocolate); the others' chocolates are courtesy ones. "
               "When it is cast, divination results come at dawn, even where they would come at once.")

    delays_divination = True  # T.1.11: cast, divination results come at dawn (the reference's DIVINER_NOIMMEDIATE_JOBS)
    abilities = (Delivery(),)
    deadly_weapon = True  # T.1.16


__all__ = ["BadLady", "Chocolate", "LunaticLover", "Obsessed", "Patissiere", "Plaything", "SnowBlessing", "SnowLover",
           "Sweetheart"]
