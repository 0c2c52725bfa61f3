"""Team Fox, wave 3 (classic-roles-third T.2): 悪戯妖精 and its 絆, 夜兎, 歪狐, 仙狐, 女狐 (妖狐系), 冒涜者
and the 狐憑き it places (背徳者系).

The 妖狐系 kinds take §8 妖狐's defaults from :class:`~jinrou.classic.roles.common.FoxKind` (counts none,
*fox*, resists wolf attacks, cursed when divined, the fox list and the fox chat); each declares only what
differs. 狐憑き is a *fox* sub-role: whatever its holder's role, it counts none, resists wolf attacks, dies
when divined and is in the fox list (T.1.3, T.1.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once
from jinrou.classic.catalog import Team
from jinrou.classic.events import BurialPass, Died, Divined, PhaseOpened, Targeted, Threat, on
from jinrou.classic.identity import Expiry
from jinrou.classic.model import Action, Cause, Count, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, mark, role, sub_role
from jinrou.classic.roles.common import BlasphemyProof, FoxKind, Villager

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------- 悪戯妖精 and 絆

BONDS_DEATH = Cause.declare(
    "bonds", "絆", "followed its bond in death", public=True,
    died=("{player}は絆に引きずられるように誰かの後を追って自ら死を選びました。",
          "{player} was dragged along by a bond and chose to follow someone in death."))
BIND_FIRST = Message.declare("bind first", "{player}は絆を結ぶ1人目に{target}を選びました。",
                             "{player} chose {target} as the first to bind.")
BIND_SECOND = Message.declare("bind second", "{player}は絆を結ぶ2人目に{target}を選びました。",
                              "{player} chose {target} as the second to bind.")
BOUND = Message.declare("bound", "{player}は{target}に運命の絆を結びました。", "{player} tied a bond of fate to {target}.")
BOND = Message.declare("bond", "{player}は運命の絆を結びました。", "{player} is tied by a bond of fate.")


@dataclass
class BondMemory:
    partners: list[Seat] = field(default_factory=list)  # the seats it is bound to, in order


@sub_role("Bond", "絆")
class Bond(Role):
    """絆 (悪戯妖精's, T.1.5; shown 「{role}（絆）」), told: knows its partner; dies (``bonds``, public) at a
    burial where its partner, still 絆, is dead. Team, results and win rule unchanged."""

    card_ja = "絆（付加役職）: 絆の相手を知っています。絆を持ったままの相手が死んだ埋葬で、後を追って死にます。"
    card_en = ("Bond: 絆, added to the role by a 悪戯妖精 (Trickster): you know your partner; at a burial where your "
               "partner, still bound, is dead, you follow it in death. Your team and win rule do not change.")
    shown_with = ("{role}（絆）", "{role} (bond)")

    told = True
    Memory = BondMemory

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: self.id for s in me.memory.partners}

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        gone = next((s for s in me.memory.partners if not ctx.alive(s) and ctx.identity(s).has(self.id)), None)
        if gone is not None:
            ctx.kill(me.seat, BONDS_DEATH, gone)


class Binding(Ability):
    """悪戯妖精's pairing: its first night, required, level 45, two distinct living seats, itself allowed,
    never 身代わりくん (身代わりくん itself: two other seats); both are *targeted* at level 45 and get 絆
    bound to each other there (never redirected)."""

    verb = Verb.PAIR
    label = ("絆を結ぶ", "bind")
    level = 45
    arity = 2
    once = Once.GAME
    targets_on_submit = False  # both targeted at level 45 (T.1.14)

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        goat = ctx.scapegoat
        return [s for s in ctx.living() if s != goat]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        first, second = action.targets
        ctx.tell(action.seat, BIND_FIRST, player=action.seat, target=first)
        ctx.tell(action.seat, BIND_SECOND, player=action.seat, target=second)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        pair = action.targets
        for one, other in (pair, pair[::-1]):
            ctx.emit(Targeted(one, action.seat, self.verb))
            layer = ctx.identity(one).layer(Bond.id) or ctx.grant(one, Bond.id, action.seat)
            layer.memory.partners.append(other)
        for one in pair:
            ctx.tell(action.seat, BOUND, player=action.seat, target=one)
            ctx.tell(one, BOND, player=one)


@role
class Trickster(FoxKind):
    """悪戯妖精: a 妖狐 (§8) that, on its first night, must bind two living seats (itself allowed, never
    身代わりくん) by 絆 at level 45: each then dies when the other, still bound, is dead."""

    card_ja = ("悪戯妖精: 妖狐の一種です。最初の夜に生存者ふたり（自分も可）を必ず選び、運命の絆で結びます。"
               "絆を結ばれた人は、相手が死ぬと後を追って死にます。")
    card_en = ("Trickster: a kind of fox. On its first night it must choose two living players (itself allowed) and "
               "tie them by a bond of fate: when one dies, the other follows it in death.")

    abilities = (Binding(),)


# ---------------------------------------------------------------------- 夜兎, 歪狐, 仙狐, 女狐


@role
class NightRabbit(FoxKind):
    """夜兎: a 妖狐 (§8) that also reads the wolf chat's talk, without writing it (W.1.12)."""

    card_ja = "夜兎: 妖狐の一種です。人狼の会話を読むことができます（書き込めません）。"
    card_en = "Night Rabbit: a kind of fox that also reads the Wolves chat at night (it cannot write there)."

    listens = frozenset({Chat.WOLF})
    eavesdrops = True  # 障子に目あり warns of it


MUTATE = Verb.declare("mutate", label=("変異する", "mutate"))
MUTATES = Message.declare("mutates", "{player}は自身の体質を変異します。", "{player} mutates its constitution.")


@mark("Mutation", "変異", until=Expiry.DUSK)
class Mutation(Role):
    """歪狐's mutation (its own seat, until the next dusk): it resists no wolf attack and no divination
    curses it."""

    card_ja = "変異: 次の夕方まで、人狼の襲撃に耐えられず、占われても呪殺されません。"
    card_en = "Mutation: until the next dusk, a wolf attack can kill you and a divination does not curse you."


class Mutate(Ability):
    """歪狐's mutation: each night, optional, at once, no target; told; until the next dusk it does not
    resist wolf attacks (guards and holy protection still do) and a divination does not curse it."""

    verb = MUTATE
    level = None
    arity = 0
    required = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, MUTATES, player=action.seat)
        if not ctx.identity(action.seat).has(Mutation.id):
            ctx.grant(action.seat, Mutation.id, action.seat)


@role
class VariationFox(FoxKind):
    """歪狐: a 妖狐 (§8) that may mutate each night (at once): until the next dusk it neither resists wolf
    attacks nor dies of a divination. Its curse is its *divined* hook (so the mutation can lift it)."""

    card_ja = ("歪狐: 妖狐の一種です。毎晩、自身の体質を変異させることができます。変異すると次の夕方まで、"
               "人狼の襲撃に耐えられず、占われても呪殺されません。")
    card_en = ("Variation Fox: a kind of fox. Each night it may mutate: until the next dusk, a wolf attack can kill "
               "it and a divination no longer curses it.")

    cursed_by_divination = False  # its curse is the hook below: a mutation lifts it
    abilities = (Mutate(),)

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        return threat.cause is Cause.ATTACK and not ctx.identity(me.seat).has(Mutation.id)

    @on(Divined)
    def cursed(self, ctx: Context, me: Layer, event: Divined) -> None:
        if not ctx.identity(me.seat).has(Mutation.id):
            ctx.kill(me.seat, Cause.CURSE, event.by)


SCRY = Verb.declare("scry", label=("透視する", "scry"))
SCRIES = Message.declare("scries", "{player}は{target}の役職を透視しました。", "{player} scries {target}'s role.")
SCRIED = Message.declare("scried", "昨晩の仙狐による透視の結果は{role}でした。", "Last night the Xian Fox scried a {role}.")


@dataclass
class XianMemory:
    noted: str | None = None  # the role id scried tonight, for the next dawn


class Scry(Ability):
    """仙狐's scrying: each night, optional, level 75, another living seat; the (redirected) target's role
    is noted (none for a 村人) and made public at the next dawn if the 仙狐 lives. Not a divination."""

    verb = SCRY
    level = 75
    required = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.noted = None
        ctx.tell(action.seat, SCRIES, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.identity(ctx.aimed(action.targets[0]))
        me.memory.noted = None if target.is_a(Villager) else target.role.id


@role
class XianFox(FoxKind):
    """仙狐: a 妖狐 (§8) that may scry another living seat each night (level 75): at the next dawn, if it
    lives, everybody is told the role it saw, without the seat (nothing for a 村人)."""

    card_ja = ("仙狐: 妖狐の一種です。毎晩、ほかのひとりの役職を透視できます。翌朝、生きていれば、"
               "その役職が全員に公開されます（誰の役職かは公開されません。村人なら何も起きません）。")
    card_en = ("Xian Fox: a kind of fox. Each night it may scry another living player's role: at the next dawn, if "
               "it is alive, everybody is told the role it saw (not whose it is; nothing for a villager).")

    Memory = XianMemory
    abilities = (Scry(),)

    @on(PhaseOpened)
    def reveal(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DAWN and me.memory.noted is not None:
            ctx.tell(None, SCRIED, role=me.memory.noted)
            me.memory.noted = None


EXITS = Message.declare("actress exits", "{player}は舞台を降りました。", "{player} has left the stage.")


@role
class Actress(FoxKind):
    """女狐: a 妖狐 (§8) outside the fox list (told none, no fox chat); wins iff the result is Fox or
    Werewolf. When it dies (any cause): public at once 「{name}は舞台を降りました。」."""

    card_ja = ("女狐: 妖狐の一種ですが、ほかの妖狐を知らず、妖狐の会話にも入れません。妖狐陣営か人狼陣営が"
               "勝てば勝利します。死ぬと「舞台を降りました」と全員に知らされます。")
    card_en = ("Actress: a kind of fox that knows no other fox and has no Foxes chat. It wins if the foxes or the "
               "werewolves win. When it dies, everybody is told it has left the stage.")

    fox_listed = False

    @on(Died)
    def exits(self, ctx: Context, me: Layer, event: Died) -> None:
        ctx.tell(None, EXITS, player=me.seat)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.FOX or result is Team.WEREWOLF


# ---------------------------------------------------------------------- 冒涜者 and 狐憑き


@sub_role("Fox possession", "狐憑き")
class FoxPossession(FoxKind):
    """狐憑き (冒涜者's, T.1.5; listed 「狐憑き（{role}）」), not told: *fox*; counts none; resists wolf
    attacks (before its role's own resistance); dies when divined; in the fox list. Its holder knows
    nobody for it and has no fox chat; team, results and win rule unchanged."""

    card_ja = ("狐憑き（付加役職）: 本人は知りません。妖狐として扱われ（数えられず、人狼に襲われても死なず、"
               "占われると死にます）、妖狐たちに知られます。陣営と勝利条件は変わりません。")
    card_en = ("Fox possession: 狐憑き, placed by a 冒涜者 (Blasphemy), unknown to its holder: the seat is a fox for "
               "the rules — it counts as nobody, a wolf attack does not kill it, a divination does, and the foxes "
               "know it — but its team and win rule do not change.")
    shown_with = ("狐憑き（{role}）", "Fox-possessed ({role})")

    counts_as = Count.NONE

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {}

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset()


BLASPHEME = Verb.declare("blaspheme", label=("冒涜する", "blaspheme"))
BLASPHEMES = Message.declare("blasphemes", "{player}は{target}を冒涜しました。", "{player} blasphemed {target}.")


@dataclass
class BlasphemyMemory:
    done: bool = False  # its blasphemy succeeded: from now on it follows the foxes


class Blaspheme(Ability):
    """冒涜者's blasphemy: each night until it succeeds, required, level 90, another living seat. The
    recipient is the (redirected) target — or the 冒涜者 itself if that seat's role is one it turns back
    (:class:`~jinrou.classic.roles.common.BlasphemyProof`); dead, nothing (again the next night); else it
    gets 狐憑き (not told) and the blasphemy has succeeded."""

    verb = BLASPHEME
    level = 90

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.done

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, BLASPHEMES, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        recipient = action.seat if ctx.identity(target).is_a(BlasphemyProof) else target
        if not ctx.alive(recipient):
            return
        if not ctx.identity(recipient).has(FoxPossession.id):
            ctx.grant(recipient, FoxPossession.id, action.seat)
        me.memory.done = True


@role
class Blasphemy(Role):
    """冒涜者 (背徳者系): counts human, not a fox, knows nobody. Each night until it succeeds it must
    blaspheme another living seat, which becomes 狐憑き (T.1.5) — the 冒涜者 itself when that seat is a
    逃亡者, 女王観戦者, 嘘つき, スパイⅡ, 一匹狼, 絶対狼 or 在宅者. Once it has succeeded, it dies (後追い) at a
    burial where no fox lives."""

    card_ja = ("冒涜者: 妖狐陣営ですが、妖狐を知りません。成功するまで毎晩ひとりを必ず冒涜し、その人を狐憑き"
               "（本人は知らない妖狐）にします（逃亡者・女王観戦者・嘘つき・スパイⅡ・一匹狼・絶対狼・在宅者を選ぶと"
               "自分が狐憑きになります）。成功した後は、妖狐がみな死ぬと後を追って死にます。")
    card_en = ("Blasphemy: on the foxes' team, but it knows no fox. Each night until it succeeds it must blaspheme "
               "another living player, who becomes fox-possessed (a fox for the rules, without knowing it); choosing "
               "a Fugitive, Queen Spectator, Liar, Spy II, Lone Wolf, Absolute Wolf or Remote Worker possesses the "
               "blasphemer itself. Once it has succeeded, it follows the foxes in death when none is left alive.")

    Memory = BlasphemyMemory
    abilities = (Blaspheme(),)

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if me.memory.done and not any(ctx.identity(s).steals_victory for s in ctx.living()):
            ctx.follow(me.seat, "fox")


__all__ = ["Actress", "Blasphemy", "Bond", "FoxPossession", "Mutation", "NightRabbit", "Trickster", "VariationFox",
           "XianFox"]
