"""役職変化系 of team Others (classic-roles-third T.4): ストーカー, コピー, ドッペルゲンガー, 盗人, 二重人格.

Each changes through the seat's identity (T.1.8): the seat's role becomes a fresh instance of the new
role — its sub-roles, marks, life and will kept; the role taken is the other seat's *base* role, without
its sub-roles or state. 盗人 and コピー run the new role's dusk hook at once (that night's actions of the
new role are open, required ones included); ドッペルゲンガー changes at a burial, without one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jinrou.chance import uniform_below
from jinrou.classic.abilities import Once, Param, ParamKind
from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Team
from jinrou.classic.events import BurialPass, Dealt, PhaseOpened, on
from jinrou.classic.model import Action, Count, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, Role, role
from jinrou.classic.roles.common import shown_if_stolen

if TYPE_CHECKING:
    import numpy as np

    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


def base_role(ctx: Context, seat: Seat) -> str:
    """The role a seat's role change takes from ``seat`` (T.1.8): its role, without sub-roles or state."""
    return ctx.identity(seat).role.id


# ---------------------------------------------------------------------------------------------------- ストーカー

STALK = Verb.declare("stalk", label=("ストーキングする", "stalk"))
STALKS = Message.declare("stalks", "{player}は{target}（{role}）のストーカーになりました。",
                         "{player} now stalks {target} ({role}).")


@dataclass
class StalkerMemory:
    target: Seat | None = None  # the seat it stalks


class Stalk(Ability):
    """ストーカー's choice: its first night (required until done), at once: another living seat; told its
    role (sub-roles omitted)."""

    verb = STALK
    level = None
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        target = action.targets[0]
        me.memory.target = target
        ctx.tell(action.seat, STALKS, player=action.seat, target=target, role=base_role(ctx, target))


@role
class Stalker(Role):
    """ストーカー: its first night it must stalk another living seat, told 「{name}は{target}（{role}）の
    ストーカーになりました。」 (its role, sub-roles omitted). Its team stays Others (counts human). It wins iff
    the result is the stalked seat's team at the end (Others: never), whether either lives."""

    wins_apart = True  # ケミカル: its half wins by its own rule whatever its seat's team

    card_ja = ("ストーカー: 最初の夜に、生きている他の人をひとり必ず選び、その人の役職を知ります。"
               "ゲーム終了時にその人の陣営が勝っていれば、生死に関わらず勝利します（その他の陣営なら勝てません）。")
    card_en = ("Stalker: on its first night it must choose another living seat to stalk and learns its role. It "
               "wins if that seat's team at the end wins, dead or alive (never if that team is 'others').")

    Memory = StalkerMemory
    abilities = (Stalk(),)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        target = me.memory.target
        if target is None:
            return False
        team = ctx.identity(target).team()
        return team is not Team.OTHERS and team is result


# ---------------------------------------------------------------------------------------------------- コピー

COPY = Verb.declare("copy", label=("コピーする", "copy"))
COPIES = Message.declare("copies", "{player}が{target}の能力をコピーしました。", "{player} copied the role of {target}.")


def copy_weight(ctx: Context, seat: Seat) -> int:
    """身代わりくん's odds of copying ``seat`` (T.4, settled here): 4 for a role neither non-human nor among
    those 身代わりセーフティ ``full`` keeps from it (its catalog safety), 1 otherwise."""
    return 4 if ctx.goat_may_draw(base_role(ctx, seat)) else 1


class Copy(Ability):
    """コピー's copy: once, any night, optional, at once: another living seat; it becomes that seat's base
    role (T.1.8) and the new role's dusk hook runs at once."""

    verb = COPY
    level = None
    once = Once.GAME
    required = False
    draws_on_submit = True  # the new role's dusk hook may draw (二重人格's personality)

    def available(self, ctx: Context, me: Layer) -> bool:
        """Not again the night it copied (**settled here**: a コピー that copies a コピー is a fresh one, whose
        copy opens from the next night — else it could copy on and on within one night)."""
        return not ctx.done_by_seat(me.seat, COPY)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        target = action.targets[0]
        ctx.tell(action.seat, COPIES, player=action.seat, target=target)
        ctx.change_role(action.seat, base_role(ctx, target), layer=me)
        ctx.dusk_hook(action.seat, me)

    def scapegoat(self, ctx: Context, me: Layer) -> Action | None:
        if ctx.day != 1:
            return None
        pool = self.targets(ctx, me)
        weights = [copy_weight(ctx, s) for s in pool]
        target = ctx.draw_seat("scapegoat copy", pool, weights)
        return Action(me.seat, COPY, (target,))


@role
class Copier(Role):
    """コピー: counts none until it copies. Once, on any night, it may copy another living seat (told
    「{name}が{target}の能力をコピーしました。」): it becomes that seat's role (without its sub-roles) and
    takes it up at once. It loses if it never copies. As 身代わりくん it copies on night 1."""

    card_ja = ("コピー: いずれかの夜に一度だけ、生きている他の人をひとり選んでその役職（付加役職を除く）をコピーし、"
               "すぐにその役職になります。コピーするまでは人数に数えられず、一度もコピーしなければ敗北します。")
    card_en = ("Copier: once, on any night, it may copy another living seat: it becomes that seat's role (without "
               "its sub-roles) at once. Until it copies it counts as neither human nor wolf; if it never copies it "
               "loses.")

    counts = Count.NONE
    abilities = (Copy(),)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return False


# ---------------------------------------------------------------------------------------------------- ドッペルゲンガー

MIMIC = Verb.declare("mimic", label=("ドッペルゲンガーになる", "mimic"))
MIMICS = Message.declare("mimics", "{player}が{target}のドッペルゲンガーになりました。",
                         "{player} is now the doppelganger of {target}.")
BECAME = Message.declare("became", "{player}は{role}になりました。", "{player} has become {role}.")


@dataclass
class DopplegangerMemory:
    target: Seat | None = None  # the seat it mimics now (None: it may choose)


class Mimic(Ability):
    """ドッペルゲンガー's choice: once per change, any night, optional, at once: another living seat."""

    verb = MIMIC
    level = None
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.target is None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.target = action.targets[0]
        ctx.tell(action.seat, MIMICS, player=action.seat, target=action.targets[0])


class Mimicking(Role):
    """What the role and its extra role share: the choice, and the change at a burial."""

    Memory = DopplegangerMemory
    abilities = (Mimic(),)

    @on(BurialPass)
    def change(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        target = me.memory.target
        if target is None or target not in ctx.burying() or not ctx.alive(me.seat):
            return
        new = base_role(ctx, target)
        me.memory.target = None
        if shown_if_stolen(ctx, me.seat, new):  # T.4: robbed by a 怪盗 (a 怪盗 for every rule until its dusk, shown
            # the new role till then: the reference's passing change): no extra role
            ctx.remove(me)
            ctx.tell(me.seat, BECAME, player=me.seat, role=new)
            return
        identity = ctx.identity(me.seat)
        first = identity.main is me
        ctx.change_role(me.seat, new, told_now=False, layer=me)  # the role gained last is replaced (T.4)
        if first:
            ctx.add_role(me.seat, Doppleganger.id)  # V1.1.6: it may choose again
        ctx.tell(me.seat, BECAME, player=me.seat, role=new)


@role
class Doppleganger(Mimicking):
    """ドッペルゲンガー: once, on any night, it may choose another living seat (told 「{name}が{target}の
    ドッペルゲンガーになりました。」). At a burial where that seat is among the new deaths and it lives, it
    becomes the dead seat's role (without its sub-roles), told 「{name}は{role}になりました。」, and keeps a
    ドッペルゲンガー extra role (V1.1.6) to choose again: each later change replaces the role gained last. A seat
    robbed by a 怪盗 at that burial gets no extra role (it stays a 怪盗, shown the new role until its dusk). It
    loses if it never changes."""

    card_ja = ("ドッペルゲンガー: いずれかの夜に一度、生きている他の人をひとり選べます。その人が死んだ埋葬で"
               "自分が生きていれば、その人の役職（付加役職を除く）になり、また別の人を選べます（次に変わるときは"
               "最後に得た役職が置き換わります）。一度も役職が変わらなければ敗北します。")
    card_en = ("Doppelganger: once, on any night, it may choose another living seat. At the burial where that seat "
               "is found dead, if it is alive, it becomes that seat's role (without its sub-roles) and may choose "
               "again: each later change replaces the role it gained last. It loses if it never changes.")

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return False


# ---------------------------------------------------------------------------------------------------- 盗人

STEAL = Verb.declare("steal", Param("role", ParamKind.ROLE), label=("盗む", "steal"))
CANDIDATES = Message.declare("thief candidates", "{player}が選択可能な役職は{results}です。",
                             "{player} may become: {results}.")


def stealable(role_id: str) -> bool:
    """Whether a copy of ``role_id`` may be drawn as a 盗人's candidate (T.1.9): neither 盗人 nor non-human."""
    entry = CATALOG.get(role_id)
    return entry is not None and role_id != "Thief" and not entry.nonhuman


@dataclass
class ThiefMemory:
    candidates: list[str] = field(default_factory=lambda: ["Human"])  # a 盗人 made later has only 村人


def _check_candidates(value: Any) -> str | None:
    """Why ``value`` cannot be a 盗人's candidates drawn before dealing (None: it can). The list dealt is the
    one after the exchange, whose copies drawn are gone: only their kind is checked."""
    if value is None:
        return None  # the reference's 身代わりくん 盗人: none drawn, 村人 only
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(r, str) and stealable(r) for r in value):
        return "it is two role ids, neither 盗人 nor non-human (or null: 村人 only)"
    return None


def _draw_candidates(rng: np.random.Generator, roles: list[str]) -> list[str]:
    """Two draws, each a uniform eligible copy of ``roles`` that leaves it for a 村人 (T.1.9), when the game
    is started from a list nobody exchanged before dealing (a game built directly): the seats keep their
    roles."""
    listed = list(roles)
    out: list[str] = []
    for _ in range(2):
        pool = [i for i, r in enumerate(listed) if stealable(r)]
        if not pool:
            return out + ["Human"] * (2 - len(out))
        i = pool[uniform_below(rng, len(pool))]
        out.append(listed[i])
        listed[i] = "Human"
    return out


class Steal(Ability):
    """盗人's theft: its first night (required until done), at once: one of its candidates; it becomes that
    role (T.1.8) and the new role's dusk hook runs at once."""

    verb = STEAL
    level = None
    arity = 0
    once = Once.GAME
    draws_on_submit = True  # the new role's dusk hook may draw (二重人格's personality)

    def values(self, ctx: Context, me: Layer) -> tuple[tuple[str, ...], ...]:
        return (tuple(dict.fromkeys(me.memory.candidates)),)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        new = action.params[0]
        ctx.change_role(action.seat, new, told_now=False, layer=me)
        ctx.tell(action.seat, BECAME, player=action.seat, role=new)
        ctx.dusk_hook(action.seat, me)


@role
class Thief(Role):
    """盗人 (host only, never 闇鍋): before dealing, two uniform copies of the list that are neither 盗人 nor
    non-human are drawn for it, each leaving the list for a 村人 (T.1.9: draw ``thief candidates``; a 盗人
    gained later has only 村人). At each dusk while 盗人 it is told 「{name}が選択可能な役職は{A},{B}です。」;
    its first night it must steal one of them: it becomes that role at once (told 「{name}は{role}に
    なりました。」) and takes it up that night. It loses if it never changes."""

    card_ja = ("盗人: ゲーム開始前に役職一覧から2つの役職（人外と盗人を除く）が抜かれ、代わりに村人が入ります。"
               "最初の夜に、その2つのうちひとつを必ず選び、すぐにその役職になります。")
    card_en = ("Thief: before the deal, two roles of the list (neither non-human nor 盗人) are taken out for it and "
               "replaced by villagers. On its first night it must take one of the two: it becomes that role at "
               "once. It loses if it never changes.")

    Memory = ThiefMemory
    abilities = (Steal(),)
    endless_draw = False  # エンドレス闇鍋 never draws it (the reference's REBIRTH_EXCLUDED_JOBS)

    @on(Dealt)
    def candidates(self, ctx: Context, me: Layer, event: Dealt) -> None:
        roles = [ctx.identity(s).role.id for s in ctx.seats()]
        drawn = ctx.draw_fixed("thief candidates", _check_candidates,
                               lambda rng: _draw_candidates(rng, roles))
        me.memory.candidates = list(drawn) if drawn else ["Human"]

    @on(PhaseOpened)
    def tell(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK:
            ctx.tell(me.seat, CANDIDATES, player=me.seat, results=",".join(me.memory.candidates))

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return False


# ---------------------------------------------------------------------------------------------------- 二重人格

PERSONALITY = Message.declare(
    "personality", "今日の{player}は{side}の人格です。", "Today {player} has the {side} personality.",
    words={"side": {"human": ("村人側", "village"), "werewolf": ("人狼側", "werewolf")}})


@dataclass
class DualMemory:
    side: str | None = None  # "human" or "werewolf", from its first dusk


@role
class DualPersonality(Role):
    """二重人格: at its first dusk it draws its side (``personality``: human or werewolf, each 1/2), told
    「今日の{name}は村人側の人格です。」 or 「…人狼側の人格です。」; at each dawn it lives it switches side and is
    told the new one (with none yet, it draws first). It wins iff its side at the end is human and team
    Human wins, or werewolf and team Werewolf wins (not a lone wolf)."""

    wins_apart = True  # ケミカル: its half wins by its own rule whatever its seat's team

    card_ja = ("二重人格: 村人側と人狼側の人格を持ち、最初の夜にどちらかが決まり（半々）、生きて迎える朝ごとに"
               "入れ替わります（その都度知らされます）。ゲーム終了時の人格が村人側で村人陣営が勝つか、"
               "人狼側で人狼陣営が勝てば勝利します。")
    card_en = ("Dual Personality: it has a village and a werewolf personality; the first is drawn at its first "
               "night (even odds) and they swap at each dawn it lives (it is told each time). It wins if its "
               "personality at the end is the village one and the village wins, or the werewolf one and the "
               "werewolves win.")

    Memory = DualMemory

    @on(PhaseOpened)
    def switch(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if me.memory.side is None:
            me.memory.side = ctx.draw("personality", ["human", "werewolf"])
            if event.moment is Moment.DUSK:
                ctx.tell(me.seat, PERSONALITY, player=me.seat, side=me.memory.side)
                return
        if event.moment is Moment.DAWN:
            me.memory.side = "werewolf" if me.memory.side == "human" else "human"
            ctx.tell(me.seat, PERSONALITY, player=me.seat, side=me.memory.side)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        side = me.memory.side
        return (side == "human" and result is Team.HUMAN) or (side == "werewolf" and result is Team.WEREWOLF)
