"""Sub-roles several roles or a room setting give: 狼の子分 and 月狂病 (team Werewolf, W.1.8), 決定者 and
権力者 (room-wide, §11). 恋人 is in :mod:`jinrou.classic.roles.lovers`, 聖職者's protection and 商人's
kits beside them in :mod:`jinrou.classic.roles.village`, the victory mark in :mod:`jinrou.classic.roles.others`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.role import Chat, Role, sub_role

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
