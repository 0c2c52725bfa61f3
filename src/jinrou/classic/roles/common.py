"""Pieces several role declarations share: knowing the wolves, divining, poisoning, guarding, being
divined or guarded (W.1.6 contacts), gambling with stocked votes (W.1.11a, V1.1.2); the shared
memories of the wolves' attack that roles of several modules set or read (its next night, a trick, a
lunge, the failures a 瞳狼 reads) and the seal (封印) that 威嚇する狼 and 血狼 place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from jinrou.classic.abilities import Once, When
from jinrou.classic.catalog import Category
from jinrou.classic.events import (
    AttackedAt,
    AttackFailed,
    BurialPass,
    Died,
    Divined,
    Guarded,
    NightEnds,
    PhaseOpened,
    Targeted,
    Threat,
    on,
)
from jinrou.classic.identity import Expiry, Seal
from jinrou.classic.model import Action, Blocked, Cause, Count, Fortune, Message, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Kept, LevelHook, Role, Shared, mark

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


WOLVES_SICK = Message.declare("wolves sick", "人狼たちは病気になりました。今日は襲撃できません。",
                              "The werewolves fell sick: no attack tonight.")
"""The pack's notice at the dusk after 病人 died of their attack (V1.1.10), told by :class:`NextNight`."""


@dataclass
class NextNight(Shared):
    """The wolves' attacks on the next night that opens: one more after a 狼の子's death, none after a
    病人's (V1.1.10's sick mark, told to the pack's wolves at that dusk; it prevails over the extra one:
    settled here)."""

    extra: bool = False
    sick: bool = False

    def dusk(self, ctx: Context) -> None:
        if self.sick:
            ctx.set_attacks_tonight(0)
            pack = [s for s in ctx.chat_members(Chat.WOLF) if ctx.identity(s).wolf_role()]  # a 孤独な狼 hears none
            if pack:
                ctx.tell(pack, WOLVES_SICK)
        elif self.extra:
            ctx.set_attacks_tonight(2)
        self.extra = self.sick = False


@dataclass
class Trick(Shared):
    """V2.1.1: tonight's wolf attacks with a target are turned on ``seat`` and tricked (奇術師 at 78, a
    迷える子羊's lure at 79: the last before level 105 prevails)."""

    kept = Kept.NIGHT
    seat: Seat | None = None


@dataclass
class Lunged(Shared):
    """W.1.9d: tonight each failed wolf attack kills its target anyway, then ``by`` (一途な狼's lunge,
    read by the wolves' attack)."""

    kept = Kept.NIGHT
    by: Seat | None = None


@dataclass
class AttackFailures(Shared):
    """W.1.9f: each wolf attack that failed on a protection or resistance since the last burial, with
    why, in order (the wolves' attack logs them; the first living 瞳狼 takes them at a burial)."""

    kept = Kept.BURIAL
    log: list[tuple[Seat, Blocked]] = field(default_factory=list)

    def take(self) -> tuple[tuple[Seat, Blocked], ...]:
        """The failures logged, now read (the log empties)."""
        taken, self.log = tuple(self.log), []
        return taken


@dataclass
class SealedLastNight(Shared):
    """The seats sealed (封印) when the last night ended, noted by their seals at that dawn before they
    end: until the next dusk a 瞳狼 among them is told no failed attack (W.2)."""

    kept = Kept.NIGHT
    seats: set[Seat] = field(default_factory=set)


@mark("Sealed", "封印", until=Expiry.LIVING_DAWN)
class Sealed(Role):
    """封印 (W.1.3), placed by 威嚇する狼's threat and 血狼's blood moon, read by 瞳狼; from dusk to the next dawn at which the seat is alive: no night
    ability (none required), no night chat but its monologue, its own dusk, on-death, *divined*,
    *targeted* and level hooks void; its resistances stay, and it still counts as an attacking wolf."""

    card_ja = ("封印: 夕方から次に生きて迎える朝まで、夜の能力・夜の会話（独り言のみ）"
               "・死亡時や占われた時などの能力が無効になります。耐性は残ります。")
    card_en = ("Sealed: 封印 (by a 威嚇する狼's threat or a 血狼's blood moon), from dusk to the next dawn the seat "
               "is alive: no night ability (none is required), no night chat but its monologue, and its abilities at "
               "dusk, on death, when divined or chosen, or during the night do nothing; its resistances stay, and a "
               "wolf still counts as attacking.")

    seal = Seal.SEALED

    @on(NightEnds)
    def note_sealed(self, ctx: Context, me: Layer, event: NightEnds) -> None:
        ctx.memory(SealedLastNight).seats.add(me.seat)


def in_resolution(ctx: Context, seat: Seat) -> bool:
    """Whether ``seat`` is in tonight's A (§4.2, asked while the night resolves): alive now, or dead since
    the last burial by a cause other than a sudden death (T.1.13's joint actions count their seats in A)."""
    return ctx.alive(seat) or (seat in ctx.burying() and ctx.cause_of_death(seat) is not Cause.SUDDEN)


def knows_wolves(ctx: Context, me: Layer) -> dict[Seat, str]:
    """The wolves (seats counting as wolf or appearing as one, alive or dead), as 狂信者, スパイ and
    the wolves know them."""
    return {s: "wolves" for s in ctx.seen_as_wolves() if s != me.seat}


DIVINED = Message.declare("divined", "{target}を占ったところ、{result}でした", "Your divination: {target} is {result}.")
DIVINATION_OBSTRUCTED = Message.declare("divination obstructed", "{player}が{target}を占いましたが、何者かに邪魔されました。",
                                        "{player} divined {target}, but something got in the way.")


class Divination(Ability):
    """占い: each night, required, level 100, another living seat; the result (its 占い結果) at
    dawn, or at once with ``divineresult=immediate``; a target cursed by divination dies (呪殺)."""

    verb = Verb.DIVINE
    level = 100
    divination = True  # obstructable (W.1.4)
    told_at_once = True  # with ``divineresult=immediate``; False: always at dawn

    def result(self, ctx: Context, target: Seat) -> str:
        return ctx.identity(target).fortune().value

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        if self.told_at_once and ctx.settings["divineresult"] == "immediate":
            self.tell(ctx, action, self.result(ctx, action.targets[0]), now=True)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.settings["divineresult"] != "immediate":
            self.tell(ctx, action, self.result(ctx, target), now=False)
        self.effect(ctx, action, target)
        ctx.emit(Divined(target, action.seat))

    def tell(self, ctx: Context, action: Action, result: str, now: bool) -> None:
        args = {"target": action.targets[0], "result": result}  # the chosen seat's name (W.1.2)
        if now:
            ctx.tell(action.seat, DIVINED, **args)
        else:
            ctx.tell_at_dawn(action.seat, DIVINED, **args)

    def effect(self, ctx: Context, action: Action, target: Seat) -> None:
        if ctx.identity(target).cursed_by_divination:
            ctx.kill(target, Cause.CURSE, action.seat)

    def obstructed(self, ctx: Context, action: Action, me: Layer) -> None:
        """W.1.4: no result, no effect; told at dawn 「{name}が{target}を占いましたが、何者かに邪魔されました。」
        instead of the result (a result told at submission stands: nothing more is said)."""
        if not (self.told_at_once and ctx.settings["divineresult"] == "immediate"):
            ctx.tell_at_dawn(action.seat, DIVINATION_OBSTRUCTED, player=action.seat, target=action.targets[0])


class PlaceMark(Ability):
    """A night action that places a mark (``mark``, a declared mark's id) on the (redirected) target,
    if that seat is alive when it resolves; aimed at any living seat, the actor's own included unless
    ``itself`` is False."""

    mark: ClassVar[str]
    itself: ClassVar[bool] = True

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living() if self.itself else super().targets(ctx, me)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target):
            ctx.grant(target, self.mark, action.seat)


POISON_DEATH = Cause.declare("poison", "毒", "poisoned")  # 埋毒者's and 猫又's poison, 黒猫's
TRAP_DEATH = Cause.declare("trap", "罠", "caught in a trap (bomb)")  # a bomb's explosion (爆弾魔, W.1.14), a 罠師's trap
DOG_DEATH = Cause.declare("dog", "犬の襲撃", "bitten by a mad dog")  # 犬's and 狂犬's bite (W.1.14)
ONI_DEATH = Cause.declare("oni", "人攫い", "abducted by an oni")  # the 鬼 kinds' abduction (T.1.15): a 逃亡者 away escapes it
LEAVE_DEATH = Cause.declare("leave", "失踪", "left the village", public=True,
                            died=("{player}は村を去りました", "{player} left the village."))
"""V2.1.6 leaving (スパイ, サンタクロース, 帰省者): a death, public, resistible like any (:func:`leave`)."""


def leave(ctx: Context, seat: Seat) -> bool:
    """V2.1.6: ``seat`` leaves the village — it dies (``leave``, 「{name}は村を去りました。」) unless a
    protection keeps it (a holy protection, a shield), as any death; True if it left. A departed seat
    is dead for every rule; what a kept one does next is its role's (帰省者 tries again, サンタ has left)."""
    return ctx.kill(seat, LEAVE_DEATH)


def poison(ctx: Context, seat: Seat, cause: Cause, source: Seat | None) -> None:
    """埋毒者/猫又 poison (§8): after a wolf attack the wolf that chose it (``poisonwolf=selector``;
    nobody if it is dead by then, as the reference's Poisoner.dying) or a random living attacking
    wolf; after a vampire attack that vampire; else a random living seat."""
    victim: Seat | None
    if cause is Cause.ATTACK and ctx.settings["poisonwolf"] == "selector":
        victim = source if source is not None and ctx.alive(source) else None
    elif cause is Cause.ATTACK:
        wolves = ctx.attackers()
        victim = ctx.draw_seat("poison", wolves) if wolves else None
    elif cause is Cause.VAMPIRE and source is not None:
        victim = source
    else:
        living = ctx.living()
        victim = ctx.draw_seat("poison", living) if living else None
    if victim is not None:
        ctx.kill(victim, POISON_DEATH, seat)


@dataclass
class GuardMemory:
    """A guard's nights: tonight's seat, last night's, and the seats it may never guard again."""

    tonight: Seat | None = None
    last: Seat | None = None
    banned: list[Seat] = field(default_factory=list)


class Protection(Ability):
    """狩人's guard (§8): each night from 2 (1 with ``scapegoat=off``), required, level 80; not
    itself unless ``guardmyself``; not last night's seat if ``consecutiveguard=no``."""

    verb = Verb.GUARD
    level = 80
    targets_on_submit = False  # targeted when placed, at level 80 (W.1.6)

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= (1 if ctx.settings["scapegoat"] == "off" else 2)

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        memory: GuardMemory = me.memory
        banned = set(memory.banned)
        if ctx.settings["consecutiveguard"] == "no" and memory.last is not None:
            banned.add(memory.last)
        mine = ctx.settings.on("guardmyself")
        return [s for s in ctx.living() if (mine or s != me.seat) and s not in banned]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.tonight = action.targets[0]

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        ctx.guard(target, action.seat)
        ctx.emit(Targeted(target, action.seat, self.verb))
        ctx.emit(Guarded(target, action.seat))


def guard_dusk(me: Layer) -> None:
    """At dusk a guard's last target is the one it protected the night before (or nobody)."""
    memory: GuardMemory = me.memory
    memory.last, memory.tonight = memory.tonight, None


class Guarding(Role):
    """A guard role's part whatever the role (狩人, コスプレイヤー, 侍, 精霊使い): it remembers, from one dusk to
    the next, the seat it protected (``consecutiveguard``), and it is a *guard role* with *death
    resistance* (V2.1.12)."""

    Memory: ClassVar[type | None] = GuardMemory
    death_resistance: ClassVar[bool] = True
    guard_role: ClassVar[bool] = True

    @on(PhaseOpened)
    def dusk(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK:
            guard_dusk(me)


@dataclass
class ContactMemory:
    """The seats that divined (with effects) or guarded this seat, with the night of each (W.1.6)."""

    contacts: list[tuple[int, Seat]] = field(default_factory=list)


class Contacted(Role):
    """A role whose level hook reads who divined (with effects) or guarded it this night (W.1.6's
    *divined* and *guarded*: 月狼, 月下美人); its ``Memory`` is :class:`ContactMemory`."""

    Memory: ClassVar[type | None] = ContactMemory

    @on(Divined, Guarded)
    def contacted(self, ctx: Context, me: Layer, event: Divined | Guarded) -> None:
        me.memory.contacts.append((ctx.day, event.by))


class ContactHook(LevelHook):
    """At its level, each seat that divined or guarded the hook's seat this night and is alive now
    gets :meth:`touch` (once, in the order of contact); the night's contacts are then forgotten."""

    def act(self, ctx: Context, me: Layer) -> None:
        memory: ContactMemory = me.memory
        tonight = list(dict.fromkeys(s for night, s in memory.contacts if night == ctx.day))
        memory.contacts = []
        for seat in tonight:
            if ctx.alive(seat):
                self.touch(ctx, me, seat)

    def touch(self, ctx: Context, me: Layer, seat: Seat) -> None:
        """The effect on one living seat that touched it."""


# ---------------------------------------------------------------------- bets (W.1.11a, V1.1.2)

BET = Verb.declare("bet", label=("賭けに出る", "bet"))


@dataclass
class StockMemory:
    stock: int = 0  # votes stocked: +1 at each dawn it lives (1 on day 2)
    bet: int = 0  # the day it bet (0: never)


BET_TOLD = Message.declare("bet", "{player}は賭けに出ました。", "{player} bets its stocked votes.")


class Bet(Ability):
    """賭け: each day, optional, no target: told 「{name}は賭けに出ました。」; its votes cast after it that
    day weigh its whole stock. Refused once it has voted in the current ballot (settled here)."""

    verb = BET
    level = None
    when = When.DAY
    arity = 0
    required = False
    once = Once.DAY

    def refuse(self, ctx: Context, me: Layer) -> tuple[str, str] | None:
        if ctx.voted(me.seat):
            return ("it has voted in this ballot already: a bet counts only for the votes cast after it",
                    "この投票ではもう投票しました（賭けはその後の投票にだけ効きます）")
        return None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.bet = ctx.day
        ctx.tell(me.seat, BET_TOLD, player=me.seat)


class Gamble(Role):
    """The gambler's mechanic, whatever its team (イカサマ師 W.3, ギャンブラー V1.2): it stocks a vote at each
    dawn it lives (1 on day 2); its votes weigh 0, or, once it bet that day, its whole stock; a day it
    bet ends with stock 0. Held as an extra role (V1.1.6) it does the same on its seat."""

    abilities: ClassVar[tuple[Ability, ...]] = (Bet(),)
    Memory: ClassVar[type | None] = StockMemory

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        memory: StockMemory = me.memory
        return memory.stock - 1 if memory.bet == ctx.day else -1

    @on(PhaseOpened)
    def stock(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        memory: StockMemory = me.memory
        if event.moment is Moment.DAWN:
            memory.stock += 1
        elif memory.bet == ctx.day:
            memory.stock = 0


# ---------------------------------------------------------------------- parts other roles ask about
# A role asks what another seat is through its identity and these parts (``identity.holds(Divining)``:
# "holds a 占い師", a 占いセット included), never by its id, and never importing another role module.


@dataclass
class OnceMemory:
    used: bool = False  # its once-only ability is spent


class Villager(Role):
    """村人's part: no ability (what 舌禍狼's tasting asks for: a 村人 tasted ends it)."""


class BlasphemyProof(Role):
    """The part of the roles a 冒涜者's blasphemy turns back on the 冒涜者 itself (T.2: 逃亡者, 女王観戦者,
    嘘つき, スパイⅡ, 一匹狼, 絶対狼, 在宅者)."""


@dataclass
class StolenMemory:
    role: str = "Human"  # the role the robbed seat is shown until its next dusk (its old one, at first)
    kept: Layer | None = None  # the robbed role's layer (its memory): what still answers for the seat until dusk


class Stolen(Role):
    """The *robbed* mark's part (V2.1.15) other rules ask about: a seat a 怪盗 robbed is a 怪盗 for every rule
    until its dusk, shown another role until then (ドッペルゲンガー's change at a burial, T.4, asks it)."""

    Memory = StolenMemory

    def shows(self, me: Layer) -> str | None:
        return str(me.memory.role)

    def show_until_dusk(self, me: Layer, role_id: str) -> None:
        """Show the robbed seat ``role_id`` as its role until the mark goes."""
        me.memory.role = role_id


def shown_if_stolen(ctx: Context, seat: Seat, role_id: str) -> bool:
    """Whether ``seat`` carries the *robbed* mark now (a :class:`Stolen` layer); if so it is shown ``role_id``
    until the mark goes."""
    for layer in ctx.identity(seat).extras():
        if isinstance(layer.role, Stolen):
            layer.role.show_until_dusk(layer, role_id)
            return True
    return False


class Absolute(BlasphemyProof):
    """絶対狼's part other roles ask about: the rules that spare a 絶対狼 by name (一言主神's 痛恨)."""


class LastShot(Role):
    """ハンター's part (ハンター, 復讐人): on any death but a sudden one it takes a last shot (§5.5)."""

    deadly_weapon: ClassVar[bool] = True  # V2.1.12

    @on(Died)
    def arm(self, ctx: Context, me: Layer, event: Died) -> None:
        if event.cause is not Cause.SUDDEN:
            ctx.arm(me.seat)


def first_divination_pool(ctx: Context, seat: Seat) -> list[Seat]:
    """Where ``firstnightdivine=auto`` may send ``seat``'s night-1 divination (§8): the other living
    seats (身代わりくん aside) that read 村人, 妖狐系 but 子狐 excluded (a role's ``first_divination_spares``)."""
    pool = []
    for s in ctx.living():
        identity = ctx.identity(s)
        spares = identity.role.first_divination_spares
        spared = identity.role.category is Category.FOX if spares is None else spares
        if s not in (seat, ctx.scapegoat) and identity.fortune() is Fortune.HUMAN and not spared:
            pool.append(s)
    return pool


class Divining(Role):
    """占い師's part, whoever holds it (the 占い師, a 占いセット): it divines a seat each night; with
    ``firstnightdivine=auto`` night 1's target is drawn (:func:`first_divination_pool`). A seat holds a
    占い師 (V1.1.6: what 妖術師, 人狼占い, オカルトマニア and 予言者のママ ask) when its role or an extra role is
    this part."""

    abilities: ClassVar[tuple[Ability, ...]] = (Divination(),)
    mind_read: ClassVar[str | None] = "Diviner"  # サトリ reads 「占い師」 (a 占いセット too)

    @on(PhaseOpened)
    def first_divination(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        seat = me.seat
        if event.moment is not Moment.DUSK or ctx.day != 1 or ctx.settings["firstnightdivine"] != "auto" or (
                seat == ctx.scapegoat):
            return
        pool = first_divination_pool(ctx, seat)
        if pool:
            ctx.submit(Action(seat, Verb.DIVINE, (ctx.draw_seat("first divination", pool),)))


@dataclass
class PsychicMemory:
    seen: list[Seat] = field(default_factory=list)  # executed seats noted
    pending: list[Seat] = field(default_factory=list)  # their results not yet told


PSYCHIC = Message.declare("psychic", "霊能結果: {target}は{result}でした", "Psychic result: {target} was {result}.")


class Mediumship(Role):
    """霊能者's part, whoever holds it (霊能者, 闇の霊媒師, a 霊能セット): the psychic result of each seat
    executed that day, at the next dawn (``psychicresult=sunset``: that dusk)."""

    Memory: ClassVar[type | None] = PsychicMemory

    @on(BurialPass)
    def note(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        """Notes each seat executed today at the burial after the vote, as the reference does
        (Psychic.beforebury): a 霊能セット received later does not read earlier executions."""
        if event.moment is Moment.DAY:
            memory: PsychicMemory = me.memory
            for target in ctx.executed_on(ctx.day):
                if target not in memory.seen:
                    memory.seen.append(target)
                    memory.pending.append(target)

    @on(PhaseOpened)
    def results(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if ctx.settings["psychicresult"] == ("sunset" if event.moment is Moment.DUSK else "sunrise"):
            pending, me.memory.pending = me.memory.pending, []
            for target in pending:
                ctx.tell(me.seat, PSYCHIC, target=target, result=ctx.identity(target).psychic().value)


class Bodyguarding(Guarding):
    """狩人's part, whoever holds it (the 狩人, a 狩人セット): its guard each night (what 影法師 asks)."""

    abilities: ClassVar[tuple[Ability, ...]] = (Protection(),)


# ---------------------------------------------------------------------- the wolves (人狼系's base, §4.3)


ATTACK_FORMS: list[Verb] = [Verb.ATTACK]
"""The verbs that spend one of tonight's attacks; a wolf's own form joins them by :func:`attack_form`
(W.1.9c: 慎重な狼's 「襲撃しない」, W.2: 一途な狼's lunge)."""


def attack_form(verb: Verb) -> Verb:
    """``verb`` spends one of tonight's attacks when chosen (declared beside the role that has it)."""
    if verb not in ATTACK_FORMS:
        ATTACK_FORMS.append(verb)
    return verb


def attacks_spent(ctx: Context) -> int:
    """How many of tonight's attacks the wolves have chosen, in any form."""
    return ctx.count_chosen(tuple(ATTACK_FORMS))


TOUGH_DEATH = Cause.declare("tough", "捨て身", "gave its life for the kill")  # 一途な狼's price for its lunge (W.1.14)


ATTACK_CHOSEN = Message.declare("attack chosen", "{wolf}が{target}を襲撃します", "{wolf} will attack {target}.")
ATTACKED = Message.declare("attacked", "あなたは人狼に襲われました", "The wolves attacked you.")


class Attack(Ability):
    """The wolves' attack (§4.3): one a night (two after a 狼の子's death, the second optional and
    free to name the first's target again), shared by every living attacking wolf; the first
    submission fixes it and is shown in the wolf chat. An attack whose target is alive after it has
    *failed* (W.1.9d); once tonight's attacks are cancelled (欲張り's price) the rest do nothing."""

    verb = Verb.ATTACK
    level = 105

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.identity(me.seat).attacks and ctx.attacks_tonight() > 0

    def done(self, ctx: Context, me: Layer) -> bool:
        return attacks_spent(ctx) >= ctx.attacks_tonight()

    def is_required(self, ctx: Context, me: Layer) -> bool:
        """Only the night's first attack is required; a 狼の子's extra one may be left out."""
        return not attacks_spent(ctx) and bool(self.targets(ctx, me))

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        """A 狼の子's second attack may name the first's target again (the reference accepts it)."""
        if ctx.settings.on("wolfattack"):
            return [s for s in ctx.living() if s != me.seat]
        wolves = ctx.counting(Count.WOLF)
        return [s for s in ctx.living() if s not in wolves]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        pack = ctx.chat_members(Chat.WOLF)  # a wolf outside the pack is told alone (W.1.12: 孤独な狼)
        ctx.tell(pack if action.seat in pack else action.seat, ATTACK_CHOSEN, wolf=action.seat, target=action.target)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if ctx.attacks_cancelled():
            return
        trick = (ctx.recall(Trick) or Trick()).seat  # V2.1.1: turned on that seat, past immunity and guards
        target = ctx.aimed(action.targets[0] if trick is None else trick)
        if ctx.settings.on("noticebitten"):
            ctx.tell(target, ATTACKED)
        ctx.bite(target, action.seat, tricked=trick is not None)  # V2.1.4: bitten to death if it dies
        why = ctx.blocked()
        ctx.emit(AttackedAt(target, Cause.ATTACK, action.seat))
        if ctx.alive(target):
            tough = (ctx.recall(Lunged) or Lunged()).by
            if tough is not None:  # W.1.9d: 一途 first — it kills anyway, then its wolf; no failure then
                ctx.bite(target, tough, forced=True)
                ctx.kill(tough, TOUGH_DEATH)
                return
            if why is not None:  # W.1.9f: logged with its reason until the next burial (瞳狼)
                ctx.memory(AttackFailures).log.append((target, why))
            ctx.emit(AttackFailed(target, action.seat))


ATTACK = Attack()


class Wolf(Role):
    """人狼系: 占 人狼, 霊 人狼, counts wolf; knows the wolves, wolf chat, attacks, immune to attack."""

    death_resistance = True  # V2.1.12
    deadly_weapon = True  # V2.1.12

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    counts = Count.WOLF
    attacks = True
    immune_to_wolf_attack = True
    abilities: ClassVar[tuple[Ability, ...]] = (ATTACK,)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        known = knows_wolves(ctx, me)
        for s in ctx.seats():  # the second list (W.1.12: スパイⅡ)
            if s != me.seat and s not in known and (identity := ctx.identity(s)).known_to_wolves:
                known[s] = identity.role.id
        return known

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.WOLF})


# ---------------------------------------------------------------------- the foxes' part (§8 妖狐, T.1.3, T.2)


def fox_list(ctx: Context, exclude: Seat | None = None) -> dict[Seat, str]:
    """The fox list (T.2): the seats, alive or dead, holding a 妖狐系 kind that is listed (妖狐, 悪戯妖精,
    夜兎, 歪狐, 仙狐 — not 女狐, not 子狐) or 狐憑き, each known as ``Fox`` (what 妖狐, 子狐 and 背徳者 are told)."""
    return {s: "Fox" for s in ctx.seats() if s != exclude and any(
        isinstance(layer.role, FoxKind) and layer.role.fox_listed for layer in ctx.identity(s).layers)}


class FoxKind(Role):
    """妖狐系's defaults (§8 妖狐, T.2): counts as nobody; *fox* (``steals_victory``: alive at a decided end,
    the result is Fox, T.1.2 7(a)); resists wolf attacks (§5.2 step 4); dies when divined (呪殺); spared by
    the auto first divination (its catalog category); knows the fox list and reads and writes the fox
    chat — unless ``fox_listed`` is False (女狐: out of the list, told none, no chat). A sub-role may be
    one too (狐憑き: listed, its holder told nothing)."""

    death_resistance = True  # V2.1.12, T.1.16
    fox_listed: ClassVar[bool] = True  # in the fox list, knowing it, in the fox chat

    counts = Count.NONE
    cursed_by_divination = True
    steals_victory = True

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        return threat.cause is Cause.ATTACK

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return fox_list(ctx, me.seat) if self.fox_listed else {}

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.FOX}) if self.fox_listed else frozenset()


# ---------------------------------------------------------------------- alive for the win (T.1.4)


class Haunting(Role):
    """地縛霊's part other roles ask about (T.1.4): the seat it haunts, which is *alive for the win* while
    the 地縛霊 lives."""

    def haunted(self, me: Layer) -> Seat | None:
        """The seat ``me`` haunts (None: none yet)."""
        return None


def alive_for_win(ctx: Context, seat: Seat) -> bool:
    """T.1.4 *alive for the win*: ``seat`` is alive, or a living 地縛霊 haunts it (every survival clause of a
    win rule reads it; the counts and §7 never do)."""
    if ctx.alive(seat):
        return True
    for s in ctx.living():
        identity = ctx.identity(s)
        layer = identity.half(Haunting)  # a ケミカル seat's 地縛霊 may be its right role
        role = layer.role
        if isinstance(role, Haunting) and role.haunted(layer) == seat:
            return True
    return False
