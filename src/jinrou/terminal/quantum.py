"""Quantum werewolf in the terminal: the probability table, event lines, and the play loop.

Rendering works from views only (what the viewer may know). The play loop seats humans and bots;
with several humans it is pass-and-play: the screen is cleared and the next player is called
before anything private is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt
from rich.table import Table as RichTable

from jinrou.quantum.agent import Agent
from jinrou.quantum.events import (
    DeathEvent,
    NightAction,
    NightEvent,
    TableEvent,
    Vote,
    VoteEvent,
)
from jinrou.quantum.game import Game
from jinrou.quantum.roles import Card
from jinrou.quantum.simulate import step
from jinrou.quantum.texts import card_text, event_line
from jinrou.quantum.views import PlayerView, TableView

HEADERS = {"human": "人間 human", "villager": "村人 villager", "seer": "占い師 seer", "wolf": "人狼 wolf", "dead": "死亡 dead"}


def percent(value: Fraction) -> str:
    """A probability for display: one decimal, exact 0 and 100 kept exact."""
    if value in (0, 1):
        return f"{int(value * 100)}%"
    return f"{float(value) * 100:.1f}%"


def table_widget(table: TableView, title: str) -> RichTable:
    """The probability table (確率表): 100 % in bold, the dead greyed with their collapsed card.
    ``title`` is plain text (names are not read as markup)."""
    widget = RichTable(title=escape(title), title_justify="left")
    widget.add_column("player")
    for column in table.columns:
        widget.add_column(HEADERS[column], justify="right")
    widget.add_column("")
    for row in table.rows:
        cells = [f"[bold]{percent(v)}[/bold]" if v == 1 else percent(v) for v in row.values]
        note = f"† {card_text(row.card)}" if row.card is not None else ("†" if row.dead else "")
        widget.add_row(escape(row.label), *cells, note, style="dim" if row.dead else None)
    return widget


def print_record(console: Console, game: Game) -> None:
    """The whole game as a transcript: every event, each table drawn."""
    for event in game.events:
        if isinstance(event, TableEvent):
            view = TableView.of(event.table, game.names, game.setup.options, _cards_at(game, event))
            console.print(table_widget(view, f"{event.phase} — {event.table.worlds:,} worlds"))
        elif (line := event_line(event, game.names)) is not None:
            console.print(line, markup=False)


def _cards_at(game: Game, table_event: TableEvent) -> tuple[Card | None, ...]:
    """The cards revealed by the deaths before ``table_event``."""
    cards: list[Card | None] = [None] * len(game.names)
    for event in game.events:
        if event is table_event:
            break
        if isinstance(event, DeathEvent):
            cards[event.player] = event.card
    return tuple(cards)


# --------------------------------------------------------------------- play


class TerminalPlay:
    """A game at the terminal: humans type their choices, bots act for the other seats."""

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent | None],
        rng: np.random.Generator,
        console: Console,
        ask: Callable[..., str] = Prompt.ask,
    ):
        self.game, self.agents, self.rng, self.console, self.ask = game, list(agents), rng, console, ask
        self.humans = [s for s, a in enumerate(agents) if a is None]
        self.shown = {s: 0 for s in self.humans}  # events already shown to each human

    def run(self) -> Game:
        self.game = self.game.advance(self.rng)
        while not self.game.is_over:
            waiting = self.game.waiting_for()
            for seat in self.humans:
                if seat in waiting:
                    self._turn(seat)
                elif self.game.phase.is_night and seat in self.game.alive:
                    self._idle(seat)
            self.game = step(self.game, self.agents, self.rng)
        if not self.humans:
            print_record(self.console, self.game)
            return self.game
        for event in self.game.events[min(self.shown.values()) :]:  # the end is public: show what is left
            if not isinstance(event, NightEvent | TableEvent) and (line := event_line(event, self.game.names)):
                self.console.print(line, markup=False)
        return self.game

    def _turn(self, seat: int) -> None:
        names = self.game.names
        if len(self.humans) > 1:  # pass-and-play: hide the previous player's screen
            self.console.clear()
            self.ask(f"Pass the terminal to [bold]{escape(names[seat])}[/bold] and press Enter", default="",
                     show_default=False)
        view = PlayerView.of(self.game, seat)
        self._show(view)
        if view.legal.vote:
            self.game = self.game.apply(Vote(seat, self._choose(view, "vote for", view.legal.vote)))
        else:
            divine = self._choose(view, "divine", view.legal.divine) if view.legal.divine else None
            attack = self._choose(view, "attack", view.legal.attack) if view.legal.attack else None
            self.game = self.game.apply(NightAction(seat, divine, attack))
        if len(self.humans) > 1:
            self.console.clear()

    def _idle(self, seat: int) -> None:
        """A night with nothing to do for a living human: he still sees his view and is told so (in
        pass-and-play everybody alive gets the terminal each night, so nobody learns who acts)."""
        if len(self.humans) > 1:
            self.console.clear()
            self.ask(f"Pass the terminal to [bold]{escape(self.game.names[seat])}[/bold] and press Enter", default="",
                     show_default=False)
        view = PlayerView.of(self.game, seat)
        self._show(view)
        self.console.print(f"{str(view.phase).capitalize()}: nothing to do for you tonight — you can be neither the "
                           "seer nor a wolf. The night passes.")
        if len(self.humans) > 1:
            self.ask("Press Enter to hide your screen", default="", show_default=False)
            self.console.clear()

    def _show(self, view: PlayerView) -> None:
        names, seat = view.names, view.seat
        assert seat is not None  # a player's view, not a spectator's
        for event in self.game.events[self.shown[seat] :]:
            if isinstance(event, DeathEvent | VoteEvent) and (line := event_line(event, names)) is not None:
                self.console.print(line, markup=False)
        self.shown[seat] = len(self.game.events)
        title = f"{view.phase} — {names[seat]}'s view — {view.table.worlds:,} worlds"
        self.console.print(table_widget(view.table, title))
        if view.number is not None:
            self.console.print(f"Your secret number: [bold]{view.number}[/bold]")
        abilities = [text for text, ok in (("the seer", view.may_divine), ("a wolf", view.may_attack)) if ok]
        self.console.print(f"You may still be {' or '.join(abilities)}." if abilities else "You are certainly a villager.")
        for night, target, result in view.divinations:
            shown = {"none": "no result (you cannot be the living seer)"}.get(result, result)
            self.console.print(f"Night {night}: you divined {names[target]}: {shown}", markup=False)

    def _choose(self, view: PlayerView, verb: str, targets: Sequence[int]) -> int:
        names = [view.names[t] for t in targets]
        assert view.seat is not None
        answer = self.ask(f"{escape(view.names[view.seat])}, whom do you {verb}?", choices=names, case_sensitive=False)
        folded = [name.casefold() for name in names]  # names differ ignoring case: 'c' is C
        return targets[folded.index(str(answer).strip().casefold())]
