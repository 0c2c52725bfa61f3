"""Team Fox (妖狐陣営): 妖狐, 子狐 and 背徳者 (classic-werewolf §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.model import Action, Cause, Count, Fortune, Moment, PsychicResult, Seat
from jinrou.classic.role import Chat, Role, members, role
from jinrou.classic.roles.common import Divination

if TYPE_CHECKING:
    from jinrou.classic.game import Game


def knows_foxes(game: Game, seat: Seat) -> dict[Seat, str]:
    """The 妖狐, as 妖狐, 子狐 and 背徳者 know them."""
    return {s: "Fox" for s in members(game, lambda r: r.id == "Fox", exclude=seat)}


@role
class Fox(Role):
    """妖狐: counts as nobody; resists wolf attacks; dies when divined (呪殺); alive at a decided
    end, it takes the win for the foxes."""

    counts = Count.NONE
    cursed_by_divination = True
    steals_victory = True

    def resist(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> bool:
        return cause is Cause.ATTACK

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return knows_foxes(game, seat)

    def chats(self, game: Game, seat: Seat) -> frozenset[str]:
        return frozenset({Chat.FOX})


class TinyDivination(Divination):
    """子狐's divination: required, level 100; with probability 1/2 the true result, else
    「なんだかとても怪しい人」; no curse. The result always comes at dawn (it is drawn then)."""

    told_at_once = False

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        target = action.targets[0]
        true = game.draws.choice("tiny fox divination", [True, False])
        result = game.role(target).fortune.value if true else Fortune.SUSPICIOUS.value
        self.tell(game, action, result, now=False)


@role
class TinyFox(Role):
    """子狐: knows the 妖狐 (not known back); divines each night, right half of the time; not cursed
    by divination and no resistance. Its psychic result is 子狐."""

    name_en = "Tiny Fox"
    counts = Count.NONE
    psychic = PsychicResult.TINY_FOX
    steals_victory = True
    abilities = (TinyDivination(),)

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return knows_foxes(game, seat)


@role
class Immoral(Role):
    """背徳者: knows the 妖狐; dies (後追い) at a burial where no 妖狐 or 子狐 lives."""

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return knows_foxes(game, seat)

    def on_burial(self, game: Game, seat: Seat, moment: Moment) -> None:
        if not any(game.role(s).steals_victory for s in game.living()):
            game.kill(seat, Cause.SUICIDE)
