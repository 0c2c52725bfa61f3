"""Game modes behind one small interface, so the server hosts any of them unchanged.

A mode turns JSON into engine actions and engine state into per-player JSON views; the server only
stores, orders and pushes. The interface (:class:`GameMode`): start a game, who it waits for,
apply a player's action, close the phase at its deadline, draw or replay its random outcomes, a
bot's action, a player's view, whether it is over, and its record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from jinrou.agents.quantum import HeuristicAgent
from jinrou.errors import IllegalActionError
from jinrou.quantum.events import (
    Collapsed,
    Deadline,
    DeathEvent,
    Divined,
    EndEvent,
    FinalWorld,
    NightAction,
    NightEvent,
    Numbers,
    Order,
    TableEvent,
    TieBroken,
    Vote,
    VoteEvent,
)
from jinrou.quantum.game import Game, Options, Setup
from jinrou.quantum.record import Record
from jinrou.quantum.roles import Card
from jinrou.quantum.views import PlayerView
from jinrou.terminal.quantum import event_line


class GameMode(Protocol):
    """What the server needs of a game."""

    name: str

    def start(self, players: tuple[str, ...], settings: dict[str, Any]) -> Any: ...
    def waiting_for(self, state: Any) -> tuple[int, ...]: ...
    def act(self, state: Any, seat: int, action: dict[str, Any]) -> Any: ...
    def close(self, state: Any) -> Any: ...
    def draw(self, state: Any, make_rng: Callable[[], np.random.Generator]) -> dict[str, Any] | None: ...
    def happen(self, state: Any, outcome: dict[str, Any]) -> Any: ...
    def bot_action(self, state: Any, seat: int, rng: np.random.Generator) -> dict[str, Any]: ...
    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...
    def phase(self, state: Any) -> str: ...
    def is_over(self, state: Any) -> bool: ...
    def record(self, state: Any, seed: int) -> dict[str, Any]: ...


class QuantumMode:
    """Quantum werewolf (量子人狼)."""

    name = "quantum"

    def __init__(self) -> None:
        self._lines: dict[int, tuple[Any, str | None]] = {}  # id(event) → (event, its log line)
        self._tables: dict[int, tuple[Any, dict[str, Any]]] = {}  # id(table view) → (it, its JSON)

    # ---------------------------------------------------------------- setup

    def start(self, players: tuple[str, ...], settings: dict[str, Any]) -> Game:
        options = Options.from_json(settings.get("options", {}))
        return Game.new(Setup(players, settings["wolves"], options))

    def waiting_for(self, game: Game) -> tuple[int, ...]:
        return game.waiting_for()

    def phase(self, game: Game) -> str:
        return str(game.phase)

    def is_over(self, game: Game) -> bool:
        return game.is_over

    # ------------------------------------------------------------- actions

    def act(self, game: Game, seat: int, action: dict[str, Any]) -> Game:
        """``{"divine": name|null, "attack": name|null}`` at night, ``{"vote": name}`` by day."""
        if not isinstance(action, dict):
            raise IllegalActionError("an action is an object: {\"divine\": ..., \"attack\": ...} or {\"vote\": ...}")
        unknown = set(action) - {"divine", "attack", "vote"}
        if unknown:
            raise IllegalActionError(f"unknown action fields {sorted(unknown)}: use divine and attack, or vote")

        def target(key: str) -> int | None:
            name = action.get(key)
            if name is None:
                return None
            if not isinstance(name, str):
                raise IllegalActionError(f"{key} must name a player, not {name!r}")
            return game.seat(name)

        if "vote" in action:
            if set(action) != {"vote"}:
                raise IllegalActionError("a vote is {\"vote\": name} alone")
            vote = target("vote")
            if vote is None:
                raise IllegalActionError("vote for a player: {\"vote\": name}")
            return game.apply(Vote(seat, vote))
        return game.apply(NightAction(seat, target("divine"), target("attack")))

    def close(self, game: Game) -> Game:
        return game.apply(Deadline())

    def bot_action(self, game: Game, seat: int, rng: np.random.Generator) -> dict[str, Any]:
        action = HeuristicAgent().act(PlayerView.of(game, seat), rng)
        names = game.names
        if isinstance(action, Vote):
            return {"vote": names[action.target]}
        name = lambda s: None if s is None else names[s]  # noqa: E731
        return {"divine": name(action.divine), "attack": name(action.attack)}

    # --------------------------------------------------------------- chance

    def draw(self, game: Game, make_rng: Callable[[], np.random.Generator]) -> dict[str, Any] | None:
        """The next random outcome as JSON (None when none is pending; the generator is only made
        when one is)."""
        chance = game.chance
        if chance is None:
            return None
        outcome = chance.sample(make_rng())
        if isinstance(outcome, Numbers):
            return {"numbers": list(outcome.numbers)}
        if isinstance(outcome, Order):
            return {"order": list(outcome.seats)}
        if isinstance(outcome, Divined):
            return {"divined": outcome.wolf}
        if isinstance(outcome, Collapsed):
            return {"collapsed": outcome.player, "card": str(outcome.card)}
        if isinstance(outcome, TieBroken):
            return {"tiebreak": outcome.player}
        assert isinstance(outcome, FinalWorld)
        return {"world": [str(c) for c in outcome.world]}

    def happen(self, game: Game, outcome: dict[str, Any]) -> Game:
        if "numbers" in outcome:
            return game.apply(Numbers(tuple(outcome["numbers"])))
        if "order" in outcome:
            return game.apply(Order(tuple(outcome["order"])))
        if "divined" in outcome:
            return game.apply(Divined(outcome["divined"]))
        if "collapsed" in outcome:
            return game.apply(Collapsed(outcome["collapsed"], Card.parse(outcome["card"])))
        if "tiebreak" in outcome:
            return game.apply(TieBroken(outcome["tiebreak"]))
        return game.apply(FinalWorld(tuple(Card.parse(c) for c in outcome["world"])))

    # ---------------------------------------------------------------- views

    def view(self, game: Game, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see, as JSON (None: a spectator). Built from PlayerView only."""
        view = PlayerView.of(game, seat)
        names = game.names
        table = view.table
        return {
            "mode": self.name,
            "phase": str(view.phase),
            "is_night": view.phase.is_night,
            "players": [
                {"name": n, "alive": view.alive[s], "card": None if view.cards[s] is None else str(view.cards[s])}
                for s, n in enumerate(names)
            ],
            "table": {**self._table(table),
                      "own_row": next((i for i, r in enumerate(table.rows) if seat is not None and r.seat == seat), None)},
            "private": None if seat is None else {
                "number": view.number,
                "divinations": [{"night": n, "target": names[t], "result": r} for n, t, r in view.divinations],
                "may_divine": view.may_divine,
                "may_attack": view.may_attack,
            },
            "legal": {
                "divine": [names[s] for s in view.legal.divine],
                "attack": [names[s] for s in view.legal.attack],
                "vote": [names[s] for s in view.legal.vote],
            },
            "waiting_for": [names[s] for s in view.waiting_for],
            "log": [line for e in view.events if (line := self._line(e, names, seat)) is not None],
            "outcome": None if view.outcome is None else {
                "winner": view.outcome.winner,
                "world": None if view.outcome.world is None else [str(c) for c in view.outcome.world],
                "winners": [names[s] for s in view.outcome.winners],
            },
        }

    def record(self, game: Game, seed: int) -> dict[str, Any]:
        return Record.of(game, seed).write()

    def _table(self, table: Any) -> dict[str, Any]:
        """A table view as JSON, made once: every viewer of a (non-anonymous) state shares it."""
        cached = self._tables.get(id(table))
        if cached is None or cached[0] is not table:
            if len(self._tables) > 10_000:
                self._tables.clear()
            rows = [{"label": r.label, "values": [float(v) for v in r.values], "exact": [str(v) for v in r.values],
                     "dead": r.dead, "card": None if r.card is None else str(r.card)} for r in table.rows]
            cached = self._tables[id(table)] = (table, {"columns": list(table.columns), "worlds": str(table.worlds),
                                                        "rows": rows})
        return cached[1]

    def _line(self, event: Any, names: tuple[str, ...], seat: int | None) -> str | None:
        """The log line of a game event, formatted once: every view of every player repeats them.
        (A viewer's own night is a view-made event, formatted each time; it is one line a night.)"""
        if isinstance(event, NightEvent) and not event.order:
            return _public_line(event, names, seat)
        cached = self._lines.get(id(event))
        if cached is None or cached[0] is not event:
            if len(self._lines) > 200_000:
                self._lines.clear()
            cached = self._lines[id(event)] = (event, _public_line(event, names, seat))
        return cached[1]


def _public_line(event: Any, names: tuple[str, ...], seat: int | None) -> str | None:
    """A log line for an event the viewer may see (tables are shown as the table, not logged)."""
    if isinstance(event, TableEvent):
        return f"— {event.phase} —"
    if isinstance(event, NightEvent) and seat is not None and not event.order:
        return event_line(event, names).replace("Night", "Your night", 1)
    if isinstance(event, DeathEvent | VoteEvent | EndEvent | NightEvent):
        return event_line(event, names)
    return None


MODES: dict[str, GameMode] = {"quantum": QuantumMode()}
