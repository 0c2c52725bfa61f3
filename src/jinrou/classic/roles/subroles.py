"""Sub-roles held on top of a role: 聖職者's protection, 商人's kits, 決定者 and 権力者 (恋人 is in
:mod:`jinrou.classic.roles.lovers`). They add hooks and abilities but never change a seat's
results, count or team (恋人 aside)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.model import Cause, Seat
from jinrou.classic.role import Role, sub_role
from jinrou.classic.roles.village import Diviner, Guard, Psychic

if TYPE_CHECKING:
    from jinrou.classic.game import Game


@sub_role("Holy protection", "聖職者の加護")
class HolyProtection(Role):
    """Saves the seat once from any death but a sudden one (§5.2 step 3); the seat is told."""

    def resist(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> bool:
        game.remove_sub(seat, self.id)
        game.tell(seat, "holy protection used")
        return True


@sub_role("Seer kit", "占いセット")
class DivinerKit(Diviner):
    """占いセット: 占い師's divination, optional."""


@sub_role("Medium kit", "霊能セット")
class PsychicKit(Psychic):
    """霊能セット: 霊能者's results."""


@sub_role("Bodyguard kit", "狩人セット")
class GuardKit(Guard):
    """狩人セット: 狩人's protection, optional."""


def _assign(game: Game, kind: str, sub: str) -> None:
    if game.settings.on(kind):
        game.add_sub(game.draw_seat(kind, list(game.seats())), sub)


@sub_role("Decider", "決定者")
class Decider(Role):
    """決定者 (setting ``decider``): a random seat; its vote decides among tied candidates."""

    def setup(self, game: Game, seat: Seat) -> None:
        _assign(game, "decider", self.id)

    def vote_priority(self, game: Game, seat: Seat) -> int:
        return 1


@sub_role("Authority", "権力者")
class Authority(Role):
    """権力者 (setting ``authority``): a random seat; its vote counts twice."""

    def setup(self, game: Game, seat: Seat) -> None:
        _assign(game, "authority", self.id)

    def vote_weight(self, game: Game, seat: Seat) -> int:
        return 1
