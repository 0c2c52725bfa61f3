"""The offline game master's assistant at the terminal (``jinrou offline gm``).

The GM types what happens at the table; the assistant keeps the record, applies every rule, and
shows the live table with each living player's exact P(wolf) beside the source's formula. Commands:

  point A B [C D ...]      A points at B tonight (pairs)            alias: p
  announce A B wolf|human  A announces "I divined B: wolf/human"    alias: a
  vote A B [C D ...]       A votes for B (pairs)                    alias: v
  roll [N]                 the executed player's collapse: N is your d100 roll (1–100);
                           without N the assistant draws with the exact probability
  table | log | undo | save [FILE] | help | quit

Log marks: ✝ a death, ⊘ a seer possibility lost, ★ the true seer named, = a tied vote, ■ the end
(✗ marks only a refused command: nothing was entered).

Columns: pointers = 襲撃先指定数 (living pointers), seer? = 占い師の可能性, P(wolf) = the exact
model, formula = the source's die formula for comparison.

Every change is saved to the record file at once when one is given, so nothing is lost; a typo or
a file that cannot be written is reported and the prompt comes back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from rich.console import Console, JustifyMethod
from rich.markup import escape
from rich.table import Table as RichTable

from jinrou.digits import whole_number
from jinrou.errors import JinrouError
from jinrou.offline import record
from jinrou.offline.model import source_formula
from jinrou.offline.rules import Announce, CastVote, Collapse, OfflineGame, Point

COMMANDS = ["point", "announce", "vote", "roll", "table", "log", "undo", "save", "help", "quit"]
ALIASES = {"p": "point", "a": "announce", "v": "vote", "r": "roll", "q": "quit", "exit": "quit"}
HELP = __doc__.split("Commands:", 1)[1].split("Every change", 1)[0].rstrip()


def percent(value) -> str:
    return "—" if value is None else f"{float(value) * 100:.1f}%"


class GMSession:
    """One game being run: ``execute`` takes a command line and prints what follows."""

    def __init__(self, game: OfflineGame, console: Console, seed: int, path: Path | None = None):
        self.game, self.console, self.seed, self.path = game, console, seed, path

    # -------------------------------------------------------------- commands

    def execute(self, line: str) -> bool:
        """Run one command; False when the GM quits."""
        words = line.replace(",", " ").split()
        if not words:
            return True
        command = ALIASES.get(words[0].lower(), words[0].lower())
        args = words[1:]
        try:
            if command == "quit":
                return False
            if command == "help":
                self.console.print(HELP)
            elif command == "table":
                self.show_table()
            elif command == "log":
                self.show_log(0)
            elif command == "save":
                self.save(Path(args[0]) if args else None)
            elif command == "undo":
                self._change(self.game.undo(), announce_undo=True)
            elif command in ("point", "vote"):
                self._pairs(command, args)
            elif command == "announce":
                self._announce(args)
            elif command == "roll":
                self._roll(args)
            else:
                raise JinrouError(f"unknown command {words[0]!r}: commands are {', '.join(COMMANDS)}")
        except JinrouError as error:
            self.console.print(f"[red]✗[/red] {escape(str(error))}")
        return True

    def _pairs(self, command: str, args: list[str]) -> None:
        if not args or len(args) % 2:
            raise JinrouError(f"{command} takes pairs of names: {command} A B [C D ...]")
        game = self.game
        for actor, target in zip(args[::2], args[1::2], strict=True):
            a, t = game.seat(actor), game.seat(target)
            game = game.apply(Point(game.number, a, t) if command == "point" else CastVote(game.number, a, t))
        self._change(game)

    def _announce(self, args: list[str]) -> None:
        if len(args) != 3 or args[2].lower() not in ("wolf", "human"):
            raise JinrouError("announce takes a player, a target and wolf or human: announce A B wolf")
        game = self.game
        entry = Announce(game.number, game.seat(args[0]), game.seat(args[1]), args[2].lower() == "wolf")
        self._change(game.apply(entry), show_table=True)  # seer possibilities and P(wolf) change at once

    def _roll(self, args: list[str]) -> None:
        game = self.game
        if game.executed is None:
            raise JinrouError("nobody is awaiting execution")
        if args:
            roll = whole_number(args[0])
            if roll is None or len(args) > 1:
                raise JinrouError(f"a d100 roll is one number 1–100, not {' '.join(args)[:40]!r}")
            _, threshold, _ = game.execution_odds()
            entry = Collapse(game.executed, threshold.is_wolf(roll), roll)
        else:  # the assistant draws, reproducibly: one generator per entry position of this seed
            entry = game.draw_collapse(np.random.default_rng([self.seed, len(game.entries)]))
        self._change(game.apply(entry))

    # ---------------------------------------------------------------- output

    def _change(self, game: OfflineGame, announce_undo: bool = False, show_table: bool = False) -> None:
        before = len(self.game.happenings)
        phase, self.game = self.game.phase, game
        if announce_undo:
            self.console.print("Undone: the last entry is taken back.")
            before = len(game.happenings)
        self.show_log(before)
        if self.path is not None:
            try:
                self.save(self.path, quiet=True)
            except JinrouError as error:  # the entry stands: the game goes on, the GM can save elsewhere
                self.console.print(f"[yellow]![/yellow] not saved: {escape(str(error))} — type 'save FILE' to save "
                                   "elsewhere")
        if game.phase != phase or announce_undo or game.is_over or show_table:
            self.show_table()
        self.console.print(self.status())

    def show_log(self, start: int) -> None:
        names = self.game.names
        for _, h in self.game.happenings[start:]:
            who = f"{names[h.player]} " if h.player is not None else ""
            mark = {"death": "✝", "seer-lost": "⊘", "seer-named": "★", "tie": "=", "end": "■"}[h.kind]
            self.console.print(f"{mark} {who}{h.detail}", markup=False)

    def show_table(self) -> None:
        game = self.game
        counts = game.counts
        living, rounds = len(game.alive), max(1, game.rounds())
        left = game.wolves_left()
        widget = RichTable(title=f"{game.phase} — {living} alive, {left} {'wolf' if left == 1 else 'wolves'} left, "
                                 f"{counts.total:,} consistent ways", title_justify="left")
        columns: list[tuple[str, JustifyMethod]] = [
            ("player", "left"), ("", "left"), ("role", "left"), ("pointers", "right"), ("seer?", "left"),
            ("P(wolf)", "right"), ("%", "right"), ("formula", "right")]
        for column, justify in columns:
            widget.add_column(column, justify=justify)
        collapsed = game.collapsed
        for seat, name in enumerate(game.names):
            alive = seat in game.alive
            role = {True: "人狼 wolf", False: "人間 human", None: ""}[collapsed.get(seat)]
            if game.seer == seat:
                role = "占い師 seer"
            p = counts.wolf_probability(seat)
            formula = ""
            if alive and seat not in collapsed:
                formula = percent(1 - source_formula(living - game.wolves_left(), living, rounds,
                                                     game.pointer_count(seat)))
            widget.add_row(escape(name), "" if alive else "†", role, str(game.pointer_count(seat)) if alive else "",
                           "yes" if game.has_seer_possibility(seat) else "no", "—" if p is None else str(p),
                           percent(p), formula, style=None if alive else "dim")
        self.console.print(widget)

    def status(self) -> str:
        game = self.game
        if game.is_over:
            return f"[bold]Game over — {game.winner}[/bold]: {escape(game.reason)}. (undo to take back, quit to leave)"
        if game.executed is not None:
            p, threshold, formula = game.execution_odds()
            name = escape(game.names[game.executed])
            return (f"[bold]{name} is executed.[/bold] Exact P(wolf) = {p} ({percent(p)}); "
                    f"d100: [bold]roll 1–{threshold.wolf_up_to} → wolf[/bold]. Source formula: {percent(formula)}. "
                    f"Enter 'roll N' with your roll, or 'roll' to let the assistant draw.")
        waiting = escape(", ".join(game.names[s] for s in game.waiting_for()))
        if game.is_night:
            return f"{game.phase}: waiting for the pointers of {waiting} (point A B ...)"
        return f"{game.phase}: announcements (announce A B wolf|human), then votes; waiting for {waiting} (vote A B ...)"

    def save(self, path: Path | None, quiet: bool = False) -> None:
        path = path or self.path
        if path is None:
            raise JinrouError("save needs a file name: save game.json")
        try:
            path.write_text(record.dumps(self.game, self.seed), encoding="utf-8")
        except OSError as error:
            reason = "it is a folder" if path.is_dir() else error.strerror or str(error)
            raise JinrouError(f"cannot save to {str(path)!r}: {reason}") from None
        self.path = path
        if not quiet:
            self.console.print(f"Saved to {path}", markup=False)


def run(session: GMSession, read_line: Callable[[str], str]) -> OfflineGame:
    """The interactive loop: show the table, then read and run commands until quit or end of input.
    Ctrl-C (KeyboardInterrupt) is left to the caller, who keeps the game and exits 130."""
    session.show_table()
    session.console.print(session.status())
    while True:
        try:
            line = read_line("gm> ")
        except EOFError:
            break
        try:
            if not session.execute(line):
                break
        except Exception as error:  # noqa: BLE001 — a game in progress never dies: the state is unchanged
            session.console.print(f"[red]✗[/red] unexpected error ({type(error).__name__}: {escape(str(error))}); "
                                  "the game is unchanged — please report it")
    return session.game


def line_reader(game: OfflineGame) -> Callable[[str], str]:
    """prompt_toolkit with completion of commands and player names on a terminal; plain input()
    otherwise (pipes, tests)."""
    import sys

    if not sys.stdin.isatty():
        return input
    from prompt_toolkit import PromptSession

    return PromptSession(completer=completer(game)).prompt


def completer(game: OfflineGame):
    """Tab completion, case-insensitive: a command first, then player names (and, third after
    ``announce``, wolf or human)."""
    from prompt_toolkit.completion import Completer, Completion

    class GMCompleter(Completer):
        def get_completions(self, document, complete_event):
            words = document.text_before_cursor.split()
            typing = document.text_before_cursor.endswith(" ") is False and bool(words)
            done = words[:-1] if typing else words
            prefix = words[-1] if typing else ""
            command = ALIASES.get(done[0].lower(), done[0].lower()) if done else None
            if command is None:
                options = COMMANDS
            elif command == "announce" and len(done) == 3:
                options = ["wolf", "human"]
            elif command in ("point", "vote", "announce"):
                options = list(game.names)
            else:
                options = []
            for option in options:
                if option.lower().startswith(prefix.lower()):
                    yield Completion(option, start_position=-len(prefix))

    return GMCompleter()


__all__ = ["GMSession", "completer", "line_reader", "run"]
