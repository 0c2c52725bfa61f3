"""Layers held above a role: 聖職者's protection (a mark), 商人's kits (extra roles), 決定者 and
権力者 (room-wide sub-roles, §11); 恋人 is in :mod:`jinrou.classic.roles.lovers`, the victory mark in
:mod:`jinrou.classic.roles.others`. None changes a seat's results or count; only 恋人 its team."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.identity import LayerKind
from jinrou.classic.model import Blocked
from jinrou.classic.role import Role, mark, sub_role
from jinrou.classic.roles.common import Bodyguarding, Divining, Mediumship

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.events import Threat
    from jinrou.classic.identity import Layer


@mark("Holy protection", "聖職者の加護")
class HolyProtection(Role):
    """Saves the seat once from any death but a sudden one (§5.2 step 3); the seat is told."""

    card_ja = "聖職者の加護: 突然死以外の死から一度だけ守られます（通知あり）。"
    card_en = "Holy protection: saves the seat once from any death but a sudden one; the seat is told."

    blocks_as = Blocked.HOLY

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if ctx.identity(me.seat).role.unshielded:  # V2.1.3: never protects it, and is not used up
            return False
        ctx.remove(me)
        ctx.tell(me.seat, "holy protection used")
        return True


@sub_role("Seer kit", "占いセット", LayerKind.EXTRA)
class DivinerKit(Divining):
    """占いセット: 占い師's divination, optional."""

    card_ja = "占いセット: 占い師の占いができます（任意）。"
    card_en = "Seer kit: an extra role: each night you may divine a seat as a 占い師 (Seer) does (optional)."

    told = True


@sub_role("Medium kit", "霊能セット", LayerKind.EXTRA)
class PsychicKit(Mediumship):
    """霊能セット: 霊能者's results."""

    card_ja = "霊能セット: 霊能者の霊能結果を知ります。"
    card_en = "Medium kit: an extra role: you learn the 霊能者's (Medium's) results, as it does."

    told = True


@sub_role("Bodyguard kit", "狩人セット", LayerKind.EXTRA)
class GuardKit(Bodyguarding):
    """狩人セット: 狩人's protection, optional."""

    card_ja = "狩人セット: 狩人の護衛ができます（任意）。"
    card_en = "Bodyguard kit: an extra role: each night you may guard a seat as a 狩人 (Bodyguard) does (optional)."

    told = True


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
