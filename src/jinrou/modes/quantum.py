"""Quantum werewolf (量子人狼) as a server mode: JSON in, per-seat JSON views out.

Actions are ``{"divine": name|null, "attack": name|null}`` at night and ``{"vote": name}`` by day;
random outcomes travel as the small JSON objects of :func:`outcome_json`. Views are built from
:class:`~jinrou.quantum.views.PlayerView` only, so a seat sees what the rules let it see, and what
the engine knows but no player may is kept out of them:

- **Who is awaited at night** tells whether a player may still be the seer or a wolf (a player who
  can be neither is not asked), so a view names only its own seat if awaited; by day, when every
  living player votes, the players yet to vote are listed.
- **The anonymous table** must not tie a name to a row: the dead leave the table (they are listed
  by name with their role), and the other players' rows are shown in a secret order drawn afresh
  for each table (from the secret numbers and the table's index), labelled A, B, C…; only one's own
  row carries one's number. So no label or position follows a player from one table to the next,
  and a death does not mark which row was his.
- **The dead talk in 霊界** (heaven): the living never read it; spectators do when the room says so.
- **The end** shows the record's verdict: each player's card (from the final world, or the card he
  collapsed to), alive or dead, and whether his side won — dead winners included, as the rules say.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np

from jinrou.agents.quantum import HeuristicAgent
from jinrou.errors import IllegalActionError, SetupError
from jinrou.modes.base import (
    DEAD_CHAT_NOTE,
    Channel,
    Field,
    FieldKind,
    History,
    Phase,
    PhaseKind,
    Result,
    Schema,
    SettingsError,
    Standing,
    Title,
    result_json,
)
from jinrou.players import Seat
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
from jinrou.quantum.game import Game, Options, Setup, default_wolves
from jinrou.quantum.record import Record
from jinrou.quantum.roles import Card
from jinrou.quantum.texts import event_line
from jinrou.quantum.views import PlayerView, TableView

OPTION_LABELS = {
    "first_night_attack": ("first-night attack", "初日襲撃"),
    "final_collapse": ("final collapse", "最終収束"),
    "random_tiebreak": ("random tie-break", "同票ランダム処刑"),
    "split_seer": ("split villager/seer", "村人/占い師を分けて表示"),
    "hide_dead": ("hide the dead column", "死亡列を隠す"),
    "anonymous": ("anonymous numbering", "匿名"),
}
MAX_SEATS = 40
CACHED = 4096  # log lines and tables kept formatted (least recently used first out)
WINNERS = {"village": ("The village (村人陣営) wins!", "村人陣営の勝利"),
           "wolves": ("The wolves (人狼陣営) win!", "人狼陣営の勝利"),
           "draw": ("Draw (引き分け).", "引き分け")}
WINNER_LABELS = {"village": ("The village won", "村人陣営の勝利"), "wolves": ("The wolves won", "人狼陣営の勝利"),
                 "draw": ("Draw", "引き分け")}
"""A winner as the game history lists it."""
SILENT_NIGHT = "it is night: the village sleeps and nobody talks"
THE_DEAD = "the dead do not speak to the living: talk in 霊界 (heaven)"
SPECTATORS_READ = "spectators only read the chat"


class QuantumMode:
    """Quantum werewolf (量子人狼)."""

    name = "quantum"
    record_format = "jinrou.quantum/1"
    title = ("Quantum werewolf", "量子人狼")
    script = Path(__file__).parent / "web" / "quantum.js"
    public_clocks = False

    @property
    def titles(self) -> tuple[Title, ...]:
        """The 称号 this mode grants for wins (declared in :mod:`jinrou.modes.titles`)."""
        from jinrou.modes.titles import QUANTUM

        return QUANTUM
    schema = Schema(
        (Field("seats", "Seats", "人数", FieldKind.INTEGER, 7, 3, MAX_SEATS),
         Field("wolves", "Wolves", "人狼の数", FieldKind.INTEGER, None, 1, MAX_SEATS - 2),
         Field("night_seconds", "Night (s)", "夜 (秒)", FieldKind.INTEGER, 60, 5, 3600),
         Field("day_seconds", "Day (s)", "昼 (秒)", FieldKind.INTEGER, 180, 5, 3600),
         Field("spectators_read_heaven", "Spectators read the dead's chat (霊界)", "観戦者も霊界を読める",
               FieldKind.BOOLEAN, False, note=DEAD_CHAT_NOTE),
         *(Field(f.name, *OPTION_LABELS[f.name], FieldKind.BOOLEAN, f.default, group="options")
           for f in fields(Options))),
        {"options": ("Rules and table", "ルールと表")},
    )

    def __init__(self) -> None:
        self._lines: OrderedDict[int, tuple[Any, str | None]] = OrderedDict()  # id(event) → (event, its log line)
        self._tables: OrderedDict[int, tuple[Any, dict[str, Any]]] = OrderedDict()  # id(table view) → (it, JSON)

    # ---------------------------------------------------------------- setup

    def settings(self, data: Mapping[str, Any]) -> dict[str, Any]:
        settings = self.schema.validate(data)
        seats = settings["seats"]
        wolves = settings["wolves"] = settings["wolves"] or default_wolves(seats)
        if not 1 <= wolves <= seats - 2:
            raise SettingsError(f"wolves must be 1–{seats - 2} for {seats} seats, not {wolves!r}",
                                ja=f"{seats}人の部屋の人狼は1〜{seats - 2}人です（{wolves!r}人ではなく）")
        try:
            settings["options"] = Options.from_json(settings["options"]).to_json()
        except SetupError as error:
            raise SettingsError(str(error)) from None
        return settings

    def seats(self, settings: Mapping[str, Any]) -> int:
        return int(settings["seats"])

    def summary(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"wolves": settings["wolves"]}

    def start(self, players: tuple[str, ...], settings: Mapping[str, Any]) -> Game:
        options = Options.from_json(settings.get("options", {}))
        return Game.new(Setup(players, settings["wolves"], options))

    # ---------------------------------------------------------------- phases

    def phase(self, game: Game) -> Phase:
        return Phase(str(game.phase), PhaseKind.NIGHT if game.phase.is_night else PhaseKind.DAY)

    def seconds(self, game: Game, settings: Mapping[str, Any], used: Sequence[float]) -> float | None:
        return float(settings["night_seconds"] if game.phase.is_night else settings["day_seconds"])

    def awaited(self, game: Game) -> tuple[Seat, ...]:
        return game.waiting_for()

    def result(self, game: Game) -> Result | None:
        outcome = game.outcome
        if outcome is None:
            return None
        en, ja = WINNERS[outcome.winner]
        return Result(en, ja, outcome.winners)

    winners = tuple((key, en, ja) for key, (en, ja) in WINNER_LABELS.items())
    """What the history filters the winner by (key, English, Japanese)."""

    def replay(self, record: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The game of a ``jinrou.quantum/1`` record phase by phase, checked as ``quantum replay`` checks it."""
        from jinrou.modes.replays import quantum_steps

        return quantum_steps(self, record)

    def history(self, game: Game, settings: Mapping[str, Any]) -> History | None:
        """What the game history lists: the winning side, the days, the wolves among the seats."""
        outcome = game.outcome
        if outcome is None:
            return None
        winner = str(outcome.winner)
        days = game.phase.number
        wolves = int(settings["wolves"])
        return History(winner, WINNER_LABELS[winner], days, (f"{days} day{'s' if days != 1 else ''}", f"{days}日"),
                       f"wolves:{wolves}", (f"{wolves} wolves" if wolves != 1 else "1 wolf", f"人狼{wolves}"),
                       (f"{len(game.names)} players, {wolves} {'wolves' if wolves != 1 else 'wolf'}, a seer",
                        f"{len(game.names)}人（人狼{wolves}・占い師1）"))

    def standings(self, game: Game) -> tuple[Standing, ...] | None:
        """Each seat's card at the end (as the roster shows it), its side (a wolf's: ``wolves``,
        else ``village``), won, lost or drawn, and whether it died a sudden death."""
        outcome = game.outcome
        if outcome is None:
            return None
        deaths = {e.player: e for e in game.events if isinstance(e, DeathEvent)}
        found = []
        for seat in range(len(game.names)):
            card = outcome.world[seat] if outcome.world is not None else (
                deaths[seat].card if seat in deaths else None)
            team = None if card is None else "wolves" if card.role.value == "wolf" else "village"
            result = "draw" if outcome.winner == "draw" else "win" if seat in outcome.winners else "loss"
            found.append(Standing(None if card is None else card.role.value, team, result,
                                  seat in deaths and deaths[seat].cause.value == "sudden"))
        return tuple(found)

    def channels(self, game: Game | None, seat: Seat | None,
                 settings: Mapping[str, Any] | None = None) -> tuple[Channel, ...]:
        """村 for everybody (closed at night, to the dead and to spectators); 霊界 for the dead, for
        spectators when ``spectators_read_heaven`` is on, and for all once the game is over."""
        over = game is not None and game.outcome is not None
        night = game is not None and not over and game.phase.is_night
        dead = game is not None and seat is not None and not game.is_alive(seat)
        closed = SPECTATORS_READ if seat is None else THE_DEAD if dead and not over else SILENT_NIGHT if night else None
        village = Channel("village", "Village", "村", closed)
        if over or dead or (seat is None and game is not None and (settings or {}).get("spectators_read_heaven")):
            return village, Channel("heaven", "Heaven (the dead)", "霊界", SPECTATORS_READ if seat is None else None)
        return (village,)

    # ------------------------------------------------------------- actions

    def check(self, game: Game, seat: Seat, action: Any) -> None:
        """Whether :meth:`act` accepts ``action``: the game is immutable, so the state it would make
        is made and dropped."""
        self.act(game, seat, action)

    def act(self, game: Game, seat: Seat, action: Any) -> Game:
        """``{"divine": name|null, "attack": name|null}`` at night, ``{"vote": name}`` by day."""
        return game.apply(self._decision(game, seat, action))

    def repeats(self, game: Game, seat: Seat, action: Any) -> bool:
        """Whether ``action`` is the night orders or the vote ``seat`` has already given this phase
        (a retry: the engine refuses a second decision, though this one changes nothing)."""
        try:
            return game.decided(self._decision(game, seat, action))
        except IllegalActionError:
            return False

    @staticmethod
    def _decision(game: Game, seat: Seat, action: Any) -> NightAction | Vote:
        """The engine's decision an action's JSON stands for (IllegalActionError when it is malformed)."""
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
            return Vote(seat, vote)
        return NightAction(seat, target("divine"), target("attack"))

    def close(self, game: Game) -> Game:
        return game.apply(Deadline())

    def bot_action(self, game: Game, seat: Seat, rng: np.random.Generator) -> dict[str, Any]:
        action = HeuristicAgent().act(PlayerView.of(game, seat), rng)
        names = game.names
        if isinstance(action, Vote):
            return {"vote": names[action.target]}
        return {"divine": _name(names, action.divine), "attack": _name(names, action.attack)}

    # --------------------------------------------------------------- chance

    def draw(self, game: Game, make_rng: Callable[[], np.random.Generator]) -> dict[str, Any] | None:
        """The next random outcome as JSON (None when none is pending; the generator is only made
        when one is)."""
        chance = game.chance
        return None if chance is None else outcome_json(chance.sample(make_rng()))

    def happen(self, game: Game, outcome: Mapping[str, Any]) -> Game:
        return game.apply(outcome_from_json(outcome))

    # ---------------------------------------------------------------- views

    def view(self, game: Game, seat: Seat | None) -> dict[str, Any]:
        """Everything ``seat`` may see, as JSON (None: a spectator). Built from PlayerView only."""
        view = PlayerView.of(game, seat)
        names = game.names
        table = view.table
        return {
            "mode": self.name,
            "phase": str(view.phase),
            "phase_label": [str(view.phase), f"{view.phase.number}日目の{'夜' if view.phase.is_night else '昼'}"],
            "is_night": view.phase.is_night,
            "players": [
                {"name": n, "alive": view.alive[s], "card": None if view.cards[s] is None else str(view.cards[s])}
                for s, n in enumerate(names)
            ],
            "table": self._anonymous(game, table, seat) if game.setup.options.anonymous and view.outcome is None else {
                **self._table(table),
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
            "waiting_for": self._waiting(game, view, seat),
            "log": [line for e in view.events if (line := self._line(e, names, seat)) is not None],
            "outcome": None if view.outcome is None else {
                "winner": view.outcome.winner,
                "world": None if view.outcome.world is None else [str(c) for c in view.outcome.world],
                "winners": [names[s] for s in view.outcome.winners],
            },
            "result": result_json(self.result(game) if view.outcome is not None else None, names),
            "roster": None if view.outcome is None else self._roster(game),
        }

    def record(self, game: Game, seed: int) -> dict[str, Any]:
        return Record.of(game, seed).write()

    def _waiting(self, game: Game, view: PlayerView, seat: Seat | None) -> list[str]:
        """By day the players yet to vote (every living player votes); at night only the viewer,
        if the night waits for him — whom else it waits for would tell who may be the seer or a wolf."""
        if not view.phase.is_night:
            return [game.names[s] for s in view.waiting_for]
        return [game.names[seat]] if seat is not None and seat in view.waiting_for else []

    def _anonymous(self, game: Game, table: TableView, seat: Seat | None) -> dict[str, Any]:
        """The anonymous table without a thread from a name to a row (see the module): the living's
        rows in a secret order new at every table, others' rows lettered, one's own numbered."""
        numbers = tuple(game.number(s) or 0 for s in range(len(game.names)))
        tables = sum(1 for e in game.events if isinstance(e, TableEvent))
        key = hashlib.blake2b(repr((numbers, tables)).encode(), digest_size=16).digest()
        own = game.number(seat) if seat is not None else None
        living = [(number, row) for number, row in enumerate(table.rows, start=1) if not row.dead or number == own]
        living.sort(key=lambda item: hashlib.blake2b(str(item[0]).encode(), key=key, digest_size=8).digest())
        rows, own_row = [], None
        for index, (number, row) in enumerate(living):
            if number == own:
                own_row = index
            label = row.label if number == own else _letters(index)
            rows.append({"label": label, "values": table.probabilities[number - 1].tolist(),
                         "exact": [str(v) for v in row.values], "dead": row.dead, "card": None})  # only one's own row can be dead
        return {"columns": list(table.columns), "worlds": str(table.worlds), "rows": rows, "own_row": own_row}

    def _roster(self, game: Game) -> list[dict[str, Any]]:
        """Each player at the end as the record says: his card (the final world's, or the one he
        collapsed to at death; None when neither says), alive or not, and whether his side won."""
        outcome = game.outcome
        assert outcome is not None
        died = {e.player: e.card for e in game.events if isinstance(e, DeathEvent)}
        winners = set(outcome.winners)
        return [{"name": name, "card": None if card is None else str(card), "alive": s not in died,
                 "won": s in winners}
                for s, name in enumerate(game.names)
                for card in [outcome.world[s] if outcome.world is not None else died.get(s)]]

    def _table(self, table: TableView) -> dict[str, Any]:
        """A table view as JSON, made once: every viewer of a (non-anonymous) state shares it."""
        cached = self._tables.get(id(table))
        if cached is None or cached[0] is not table:
            while len(self._tables) >= CACHED // 16:
                self._tables.popitem(last=False)
            rows = [{"label": r.label, "values": floats, "exact": [str(v) for v in r.values],
                     "dead": r.dead, "card": None if r.card is None else str(r.card)}
                    for r, floats in zip(table.rows, table.probabilities.tolist(), strict=True)]
            cached = self._tables[id(table)] = (table, {"columns": list(table.columns), "worlds": str(table.worlds),
                                                        "rows": rows})
        return cached[1]

    def _line(self, event: Any, names: tuple[str, ...], seat: Seat | None) -> str | None:
        """The log line of a game event, formatted once: every view of every player repeats them.
        (A viewer's own night is a view-made event, formatted each time; it is one line a night.)"""
        if isinstance(event, NightEvent) and not event.order:
            return _public_line(event, names, seat)
        cached = self._lines.get(id(event))
        if cached is None or cached[0] is not event:
            while len(self._lines) >= CACHED:
                self._lines.popitem(last=False)
            cached = self._lines[id(event)] = (event, _public_line(event, names, seat))
        return cached[1]


def outcome_json(outcome: Numbers | Order | Divined | Collapsed | TieBroken | FinalWorld) -> dict[str, Any]:
    """A random outcome as JSON (the form stored in a room's ``outcome`` events)."""
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
    return {"world": [str(c) for c in outcome.world]}


def outcome_from_json(data: Mapping[str, Any]) -> Numbers | Order | Divined | Collapsed | TieBroken | FinalWorld:
    if "numbers" in data:
        return Numbers(tuple(data["numbers"]))
    if "order" in data:
        return Order(tuple(data["order"]))
    if "divined" in data:
        return Divined(data["divined"])
    if "collapsed" in data:
        return Collapsed(data["collapsed"], Card.parse(data["card"]))
    if "tiebreak" in data:
        return TieBroken(data["tiebreak"])
    return FinalWorld(tuple(Card.parse(c) for c in data["world"]))


def _letters(index: int) -> str:
    """A, B, … Z, AA, AB, …: the label of an anonymous row."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def _name(names: tuple[str, ...], seat: Seat | None) -> str | None:
    return None if seat is None else names[seat]


def _public_line(event: Any, names: tuple[str, ...], seat: Seat | None) -> str | None:
    """A log line for an event the viewer may see (tables are shown as the table, not logged)."""
    if isinstance(event, TableEvent):
        return f"— {event.phase} —"
    if isinstance(event, NightEvent) and seat is not None and not event.order:
        return (event_line(event, names) or "").replace("Night", "Your night", 1)
    if isinstance(event, DeathEvent | VoteEvent | EndEvent | NightEvent):
        return event_line(event, names)
    return None
