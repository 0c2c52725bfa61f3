"""Pieces several role declarations share: knowing the wolves, divining, poisoning, guarding."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.model import Action, Cause, Count, Seat, Verb
from jinrou.classic.role import Ability, Role

if TYPE_CHECKING:
    from jinrou.classic.game import Game


def knows_wolves(game: Game, seat: Seat) -> dict[Seat, str]:
    """The wolves (seats counting as wolf, alive or dead), as 狂信者, スパイ and the wolves know them."""
    return {s: "wolves" for s in game.seats() if s != seat and game.counts(s) is Count.WOLF}


class Divination(Ability):
    """占い: each night, required, level 100, another living seat; the result (its 占い結果) at
    dawn, or at once with ``divineresult=immediate``; a target cursed by divination dies (呪殺)."""

    verb = Verb.DIVINE
    level = 100
    told_at_once = True  # with ``divineresult=immediate``; False: always at dawn

    def result(self, game: Game, target: Seat) -> str:
        return game.role(target).fortune.value

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        if self.told_at_once and game.settings["divineresult"] == "immediate":
            self.tell(game, action, self.result(game, action.targets[0]), now=True)

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        target = action.targets[0]
        if game.settings["divineresult"] != "immediate":
            self.tell(game, action, self.result(game, target), now=False)
        self.effect(game, action)

    def tell(self, game: Game, action: Action, result: str, now: bool) -> None:
        args = {"target": action.targets[0], "result": result}
        if now:
            game.tell(action.seat, "divined", **args)
        else:
            game.at_dawn(action.seat, "divined", **args)

    def effect(self, game: Game, action: Action) -> None:
        target = action.targets[0]
        if game.role(target).cursed_by_divination:
            game.kill(target, Cause.CURSE, action.seat)


def poison(game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
    """埋毒者/猫又 poison (§8): after a wolf attack the wolf that chose it (``poisonwolf=selector``;
    nobody if it is dead by then, as the reference's Poisoner.dying) or a random living attacking
    wolf; after a vampire attack that vampire; else a random living seat."""
    victim: Seat | None
    if cause is Cause.ATTACK and game.settings["poisonwolf"] == "selector":
        victim = source if source is not None and game.alive[source] else None
    elif cause is Cause.ATTACK:
        wolves = game.attackers()
        victim = game.draw_seat("poison", wolves) if wolves else None
    elif cause is Cause.VAMPIRE and source is not None:
        victim = source
    else:
        living = game.living()
        victim = game.draw_seat("poison", living) if living else None
    if victim is not None:
        game.kill(victim, Cause.POISON, seat)


class Protection(Ability):
    """狩人's guard (§8): each night from 2 (1 with ``scapegoat=off``), required, level 80; not
    itself unless ``guardmyself``; not last night's seat if ``consecutiveguard=no``."""

    verb = Verb.GUARD
    level = 80

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day >= (1 if game.settings["scapegoat"] == "off" else 2)

    def targets(self, game: Game, seat: Seat, owner: Role) -> list[Seat]:
        memory = game.memory(seat, owner)
        banned = set(memory.get("banned", ()))
        if game.settings["consecutiveguard"] == "no" and memory.get("last") is not None:
            banned.add(memory["last"])
        mine = game.settings.on("guardmyself")
        return [s for s in game.living() if (mine or s != seat) and s not in banned]

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        game.memory(action.seat, owner)["tonight"] = action.targets[0]

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        game.guard(action.targets[0], action.seat)


def guard_dusk(game: Game, seat: Seat, owner: Role) -> None:
    """At dusk a guard's last target is the one it protected the night before (or nobody)."""
    memory = game.memory(seat, owner)
    memory["last"] = memory.pop("tonight", None)
