"""Team Friend (恋人陣営): キューピッド, 求愛者 and the sub-role 恋人 (classic-werewolf §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.model import Action, Cause, Moment, Seat, Verb
from jinrou.classic.role import SUB_ROLES, Ability, Role, role, sub_role

if TYPE_CHECKING:
    from jinrou.classic.game import Game


def partners(game: Game, seat: Seat) -> set[Seat]:
    """The seats ``seat`` was paired with."""
    return set(game.memory(seat, SUB_ROLES["Lovers"]).get("partners", ()))


def pair(game: Game, a: Seat, b: Seat) -> None:
    """``a`` and ``b`` become 恋人 (each is told)."""
    for one, other in ((a, b), (b, a)):
        if not game.has_sub(one, "Lovers"):
            game.add_sub(one, "Lovers")
        game.memory(one, SUB_ROLES["Lovers"]).setdefault("partners", []).append(other)
        game.tell(one, "lover", partner=other)


class Arrows(Ability):
    """キューピッド's arrows: night 1, required, at once: two different seats (itself allowed)."""

    verb = Verb.PAIR
    level = None
    arity = 2

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day == 1

    def targets(self, game: Game, seat: Seat, owner: Role) -> list[Seat]:
        return game.living()

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        a, b = action.targets
        pair(game, a, b)
        game.tell(action.seat, "arrows", first=a, second=b)


@role
class Cupid(Role):
    """キューピッド: on night 1 makes two seats 恋人; wins with team Friend."""

    abilities = (Arrows(),)


class Courtship(Ability):
    """求愛者's courtship: night 1, required (身代わりくん skips), at once: it and another seat."""

    verb = Verb.PAIR
    level = None

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day == 1

    def is_required(self, game: Game, seat: Seat, owner: Role) -> bool:
        return seat != game.scapegoat and super().is_required(game, seat, owner)

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        pair(game, action.seat, action.targets[0])


@role
class Lover(Role):
    """求愛者: on night 1 becomes 恋人 with a seat of its choice."""

    name_en = "Suitor"
    abilities = (Courtship(),)


@sub_role("Lovers", "恋人")
class Lovers(Role):
    """恋人 (sub-role): its team becomes Friend; knows its partner (all lovers if ``friendssplit``
    is off); dies (後追い) at a burial where its partner (any lover) is dead; wins iff the result is
    Friend and it lives."""

    judge_team = Team.FRIEND

    def _bound(self, game: Game, seat: Seat) -> set[Seat]:
        if game.settings.on("friendssplit"):
            return partners(game, seat)
        return {s for s in game.seats() if s != seat and game.has_sub(s, self.id)}

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return {s: "Lovers" for s in self._bound(game, seat)}

    def on_burial(self, game: Game, seat: Seat, moment: Moment) -> None:
        if any(not game.alive[s] for s in self._bound(game, seat)):
            game.kill(seat, Cause.SUICIDE)

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return result is Team.FRIEND and game.alive[seat]
