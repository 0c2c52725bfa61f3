"""Single teams and the others (第三陣営系): 悪魔くん, ヴァンパイア, こうもり, 皮なめし職人,
てるてる坊主, ニート (classic-werewolf §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.model import Action, Cause, Count, Fortune, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Role, members, role

if TYPE_CHECKING:
    from jinrou.classic.game import Game


@role
class Devil(Role):
    """悪魔くん: resists wolf attacks, the first marking it bitten (told); executed while bitten it
    gets the victory mark. Wins iff the result is Devil and it holds the mark. 霊 人狼."""

    psychic = PsychicResult.WEREWOLF

    def resist(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> bool:
        if cause is not Cause.ATTACK:
            return False
        memory = game.memory(seat, self)
        if not memory.get("bitten"):
            memory["bitten"] = True
            game.tell(seat, "devil bitten")
        return True

    def on_death(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        if cause is Cause.EXECUTION and game.memory(seat, self).get("bitten"):
            game.flags.setdefault("victory marks", set()).add(seat)

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return result is Team.DEVIL and seat in game.flags.get("victory marks", ())


class Bite(Ability):
    """ヴァンパイア's attack: each night from 2, required, level 100, another living seat dies
    (vampire attack, guardable); a 逃亡者 hiding there dies too."""

    verb = Verb.BITE

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day >= 2

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        target = action.targets[0]
        game.kill(target, Cause.VAMPIRE, action.seat)
        game.attacked_at(target, Cause.VAMPIRE)


@role
class Vampire(Role):
    """ヴァンパイア: 占 ヴァンパイア, counts as a vampire; knows the other ヴァンパイア; immune to wolf
    attacks; bites a seat to death each night from night 2."""

    fortune = Fortune.VAMPIRE
    counts = Count.VAMPIRE
    immune_to_wolf_attack = True
    abilities = (Bite(),)

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return {s: self.id for s in members(game, lambda r: r.id == self.id, exclude=seat)}


@role
class Bat(Role):
    """こうもり: wins iff alive at the end, whoever else wins."""

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return game.alive[seat]


@role
class Tanner(Role):
    """皮なめし職人: wins iff dead at the end (not by sudden death), whoever else wins."""

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return not game.alive[seat]


def teruteru_day(n: int) -> int:
    """The first day a てるてる坊主 is charged: 2 (n ≤ 4), 3 (n ≤ 6), 4 (n ≤ 10), else 5."""
    return 2 if n <= 4 else 3 if n <= 6 else 4 if n <= 10 else 5


@role
class Teruteru(Role):
    """てるてる坊主: charged (told) at the dawn of day D or later (D by the seats at the start);
    wins iff executed while charged, whoever else wins."""

    def on_dawn(self, game: Game, seat: Seat) -> None:
        memory = game.memory(seat, self)
        if not memory.get("charged") and game.day >= teruteru_day(game.n):
            memory["charged"] = True
            game.tell(seat, "charged")

    def on_death(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        memory = game.memory(seat, self)
        if cause is Cause.EXECUTION and memory.get("charged"):
            memory["won"] = True

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return bool(game.memory(seat, self).get("won"))


@role
class Neet(Role):
    """ニート: need not vote; always wins (not on a draw; never after a sudden death)."""

    must_vote = False

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return True
