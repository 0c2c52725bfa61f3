"""A third game mode written for the test of the mode door (and the walk-through in docs/modes.md):
Nim with one pile — take 1 to 3 stones in turn; whoever takes the last stone wins."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from jinrou.errors import IllegalActionError
from jinrou.modes import Channel, Field, FieldKind, Phase, Result, Schema
from jinrou.modes.base import result_json


@dataclass(frozen=True)
class Pile:
    names: tuple[str, str]
    stones: int
    turn: int = 0  # moves made; seat turn % 2 is to move
    log: tuple[str, ...] = ()
    winner: int | None = None


class NimMode:
    name = "nim"
    title = ("Nim", "三山崩し")
    script = Path(__file__).with_name("nim.js")
    public_clocks = False
    schema = Schema((Field("stones", "Stones", "石の数", FieldKind.INTEGER, 10, 1, 100),
                     Field("move_seconds", "Seconds a move", "一手の秒数", FieldKind.INTEGER, 30, 5, 600)))

    def settings(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return self.schema.validate(data)

    def seats(self, settings: Mapping[str, Any]) -> int:
        return 2

    def summary(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"stones": settings["stones"]}

    def start(self, players: tuple[str, ...], settings: Mapping[str, Any]) -> Pile:
        return Pile((players[0], players[1]), settings["stones"])

    def phase(self, pile: Pile) -> Phase:
        return Phase(f"move {pile.turn + 1}", turn=pile.turn)

    def seconds(self, pile: Pile, settings: Mapping[str, Any], used: Sequence[float]) -> float | None:
        return float(settings["move_seconds"])

    def awaited(self, pile: Pile) -> tuple[int, ...]:
        return () if pile.winner is not None else (pile.turn % 2,)

    def check(self, pile: Pile, seat: int, action: Any) -> None:
        self.act(pile, seat, action)  # piles are immutable: the next one is made and dropped

    def repeats(self, pile: Pile, seat: int, action: Any) -> bool:
        return False  # a take always changes the pile

    def act(self, pile: Pile, seat: int, action: Any) -> Pile:
        take = action.get("take") if isinstance(action, dict) else None
        if seat != pile.turn % 2:
            raise IllegalActionError("it is not your turn")
        if isinstance(take, bool) or not isinstance(take, int) or not 1 <= take <= min(3, pile.stones):
            raise IllegalActionError(f"take 1–{min(3, pile.stones)} stones: {{\"take\": n}}")
        stones = pile.stones - take
        return replace(pile, stones=stones, turn=pile.turn + 1, log=(*pile.log, f"{pile.names[seat]} takes {take}"),
                       winner=seat if stones == 0 else None)

    def close(self, pile: Pile) -> Pile:  # out of time: the other side wins
        return replace(pile, winner=1 - pile.turn % 2, log=(*pile.log, "time"))

    def draw(self, pile: Pile, make_rng: Callable[[], np.random.Generator]) -> dict[str, Any] | None:
        return None

    def happen(self, pile: Pile, outcome: Mapping[str, Any]) -> Pile:
        raise ValueError("nim has no chance")

    def bot_action(self, pile: Pile, seat: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"take": pile.stones % 4 or 1}

    def view(self, pile: Pile, seat: int | None) -> dict[str, Any]:
        return {"phase": self.phase(pile).name, "stones": pile.stones, "log": list(pile.log),
                "result": result_json(self.result(pile), pile.names)}

    def channels(self, pile: Pile | None, seat: int | None) -> tuple[Channel, ...]:
        return (Channel("table", "Table", "卓", None if seat is not None else "spectators only read"),)

    def result(self, pile: Pile) -> Result | None:
        if pile.winner is None:
            return None
        return Result(f"{pile.names[pile.winner]} wins", f"{pile.names[pile.winner]} の勝ち", (pile.winner,))

    def record(self, pile: Pile, seed: int) -> dict[str, Any]:
        return {"format": "nim", "players": list(pile.names), "moves": list(pile.log)}
