"""Sub-roles several roles or a room setting give: 狼の子分 and 月狂病 (team Werewolf, W.1.8), 決定者 and
権力者 (room-wide, §11), and 子分選択者 — the catalog role the room option 狼の子分 (``wolfminion``) deals
to a wolf as an extra role, which names the seat that becomes 狼の子分. 恋人 is in
:mod:`jinrou.classic.roles.lovers`, 聖職者's protection and 商人's kits beside them in
:mod:`jinrou.classic.roles.village`, the victory mark in :mod:`jinrou.classic.roles.others`.

The room-wide layers are dealt at the start in declaration order (the draws ``decider``, ``authority``,
``minion selector``, then ``drunk`` of :mod:`jinrou.classic.roles.village_crowds`), as the reference deals them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.abilities import Ability, Once
from jinrou.classic.catalog import Team
from jinrou.classic.model import Action, Count, Message, Seat, Verb
from jinrou.classic.role import Chat, Role, role, sub_role

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------- team-changing sub-roles, 誘惑する女狼, 月狼
# (W.1.8, W.1.6: group T)


@sub_role("Wolf minion", "狼の子分")
class WolfMinion(Role):
    """狼の子分 (sub-role; shown 「狼の子分（{role}）」), told: the seat keeps its role, abilities,
    results and parity count, but its team becomes Werewolf and it wins iff the result is Werewolf
    (its role's own win rule, and that of a sub-role below it, e.g. 恋人, is dropped: the latest team
    change on top prevails, W.1.8)."""

    card_ja = "狼の子分（付加役職）: 役職と能力はそのままで、人狼陣営になります。人狼陣営が勝てば勝利します。"
    card_en = ("Wolf minion: 狼の子分 (shown as 「狼の子分（…）」 around the role), told: the seat keeps its role, "
               "abilities, results and count, but its team becomes the werewolves and it wins if the werewolves win "
               "(its role's own win rule, and a 恋人 Lovers' below it, no longer count: the latest team change "
               "prevails).")
    shown_with = ("狼の子分（{role}）", "Wolf minion ({role})")

    judge_team = Team.WEREWOLF
    told = True

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.WEREWOLF


@sub_role("Moon lunacy", "月狂病")
class MoonPhilia(WolfMinion):
    """月狂病 (sub-role; shown 「月狂病（{role}）」), told: as 狼の子分 — team Werewolf, wins iff the
    result is Werewolf — and it also reads and writes the 叫迷狂人's night chat."""

    card_ja = "月狂病（付加役職）: 狼の子分と同じく人狼陣営になり、夜は叫迷狂人のチャットを読み書きできます。"
    card_en = ("Moon lunacy: 月狂病 (shown as 「月狂病（…）」 around the role), told: like a 狼の子分 (Wolf minion) "
               "— the werewolves' team, wins if the werewolves win — and it also reads and writes the Mad couple "
               "chat at night.")
    shown_with = ("月狂病（{role}）", "Moon lunacy ({role})")

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.MAD_COUPLE})


@sub_role("Decider", "決定者")
class Decider(Role):
    """決定者 (setting ``decider``): a random seat; its vote decides among tied candidates."""

    card_ja = "決定者: ランダムなひとりです。同数のとき、その票が処刑先を決めます。"
    card_en = "Decider: 決定者 (a room setting): a seat drawn at random; when votes are tied, its vote decides."

    room_option = "decider"

    def vote_priority(self, ctx: Context, me: Layer) -> int:
        return 1


@sub_role("Authority", "権力者")
class Authority(Role):
    """権力者 (setting ``authority``): a random seat; its vote counts twice."""

    card_ja = "権力者: ランダムなひとりです。その票は2票に数えられます。"
    card_en = "Authority: 権力者 (a room setting): a seat drawn at random; its vote counts twice."

    room_option = "authority"

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        return 1


# ---------------------------------------------------------------------- 子分選択者 (room option 狼の子分)

MINION = Verb.declare("minion", label=("子分指定", "name a minion"))
MINION_NAMED = Message.declare("minion named", "{player}は{target}（{role}）を狼の子分に指定しました。",
                               "{player} named {target} ({role}) the wolves' minion.")
BECAME_MINION = Message.declare("minion", "{target}は狼の子分になりました。", "{target} is now a wolf minion.")


class NameMinion(Ability):
    """子分指定: night 1 only, once, level 100, any living seat (itself included, as the reference offers);
    the wolves (its night chat) and the selector are told at once 「{name}は{target}（{role}）を狼の子分に指定
    しました。」 with the target's role. At 100 the (redirected) target — alive or not, as the reference —
    gets 狼の子分 (W.1.8), told 「{target}は狼の子分になりました。」. Required of a 子分選択者 cast as its role;
    optional as the extra role the room option deals (V1.1.6, the reference's sub-role form)."""

    verb = MINION
    once = Once.GAME

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day == 1

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        target = action.targets[0]
        told = sorted({*ctx.chat_members(Chat.WOLF), action.seat})
        ctx.tell(told, MINION_NAMED, player=action.seat, target=target, role=ctx.identity(target).role.id)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        ctx.grant(target, WolfMinion.id, me.seat)
        ctx.tell(target, BECAME_MINION, target=target)


@role
class MinionSelector(Role):
    """子分選択者 (room option ``wolfminion``, §11, W.1.8): at the start one seat counting as wolf, draw
    ``minion selector``, gains it as an extra role; on night 1 it may name a living seat, which becomes
    狼の子分 at level 100. Cast as a role (a host's cast; 闇鍋 never casts it), team Werewolf, a human for
    divination and parity, its naming required."""

    card_ja = ("子分選択者: 人狼陣営です。初日の夜に、生存者ひとりを狼の子分に指定します（人狼たちに役職とともに通知）。"
               "指定された人は役職と能力はそのままで人狼陣営になります。ルール「狼の子分」では人狼のひとりが兼ねます（任意）。")
    card_en = ("Minion Selector: the werewolves' team. On night 1 it names a living seat as the wolves' minion (the "
               "wolves are told it with that seat's role); that seat keeps its role and abilities but joins the "
               "werewolves' team (狼の子分, Wolf minion). With the room option “wolf minion” one of the wolves holds it "
               "besides its role, and may name nobody.")

    room_option = "wolfminion"
    abilities = (NameMinion(),)
    endless_draw = False  # エンドレス闇鍋 never draws it (the reference's REBIRTH_EXCLUDED_JOBS)

    def dealt(self, ctx: Context) -> list[Seat]:
        """With ``wolfminion``: one uniform seat among those counting as wolf (none: nobody)."""
        if not ctx.settings.on("wolfminion"):
            return []
        wolves = ctx.counting(Count.WOLF)
        return [ctx.draw_seat("minion selector", wolves)] if wolves else []
