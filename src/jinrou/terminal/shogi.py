"""Quantum mini-shogi in the terminal: the board with piece numbers, hands, the determination list
with each piece's exact chance of being the king, and a move prompt with completion and ``help``."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence

import numpy as np
from rich.console import Console, Group
from rich.table import Table as RichTable
from rich.text import Text

from jinrou.agents.shogi import ShogiAgent
from jinrou.errors import JinrouError
from jinrou.shogi.game import Game
from jinrou.shogi.moves import Move
from jinrou.shogi.pieces import GLYPHS, ROWS, SIDE_JAPANESE, SIDE_NAMES, glyph

COLOURS = ("cyan", "red")
HELP = """\
Moves name a piece by its number and the square it goes to (rows a–e from the top, columns 1–5):
  ⑤c4 or 5-c4     move ⑤ to c4            ⑭xc4 or 14xc4   capture on c4
  ①b2+ or 1-b2+   move and promote          ⑦*c3 or 7*c3    drop ⑦ from your hand
A piece's type is unknown until the moves pin it down: a move is legal if at least one consistent
assignment of types allows it. Whoever's king (玉) becomes determined loses.
Commands: moves (list the legal moves), why MOVE (why a move is illegal), undo, resign, help, quit.
Determination list: 〇 determined, ● impossible, + possible; columns 歩 香 銀 金 猫 玉."""
_CIRCLED = re.compile(f"([{GLYPHS}])([a-e][1-5])?")


def ascii_text(text: str) -> str:
    """``text`` with every piece number ①–⑳ written in digits, and moves in their ASCII form:
    ``⑤c4`` → ``5-c4``, ``⑭xc4`` → ``14xc4``, ``⑥`` → ``6`` (for ``--ascii``).

    >>> ascii_text("illegal move '⑤c4': ⑥ on b1 blocks ⑭xc4")
    "illegal move '5-c4': 6 on b1 blocks 14xc4"
    """
    def plain(match: re.Match[str]) -> str:
        number = str(GLYPHS.index(match[1]) + 1)
        return f"{number}-{match[2]}" if match[2] else number

    return _CIRCLED.sub(plain, text)


def piece_label(game: Game, piece: int, ascii_only: bool = False) -> str:
    name = f"{piece + 1:>2}" if ascii_only else glyph(piece)
    return f"{'+' if game.position.promoted[piece] else ''}{name}"


def board_widget(game: Game, ascii_only: bool = False) -> RichTable:
    """The 5×5 board: sente's pieces in cyan, gote's in red and marked v, promoted ones with +."""
    board = game.position.board()
    widget = RichTable(show_header=True, box=None, pad_edge=False)
    widget.add_column("")
    for column in range(5):
        widget.add_column(str(column + 1), justify="center", min_width=4)
    for row in range(5):
        cells = []
        for column in range(5):
            piece = board[row * 5 + column]
            if piece < 0:
                cells.append(Text("・", style="dim"))
            else:
                owner = game.position.owners[piece]
                mark = "v" if owner == 1 else " "
                cells.append(Text(mark + piece_label(game, piece, ascii_only), style=COLOURS[owner]))
        widget.add_row(ROWS[row], *cells)
    return widget


def hands_text(game: Game, ascii_only: bool = False) -> Text:
    text = Text()
    for side in (0, 1):
        pieces = " ".join(piece_label(game, p, ascii_only) for p in game.position.hand(side)) or "—"
        text.append(f"{SIDE_JAPANESE[side]} {SIDE_NAMES[side]} hand (駒台): ", style=COLOURS[side])
        text.append(pieces + "\n")
    return text


def determination_widget(game: Game, ascii_only: bool = False) -> RichTable:
    """The determination list (駒確定状況リスト) in the source's two columns, with P(king) per piece."""
    lines = game.determination()
    counts = game.type_counts()
    total = counts[0].sum()
    widget = RichTable(title="駒確定状況リスト determination list (歩香銀金猫玉)", box=None, title_justify="left")
    for _ in range(2):
        widget.add_column("piece")
        widget.add_column("types")
        widget.add_column("P(玉)", justify="right")
    for local in range(10):
        cells: list[Text | str] = []
        for side in (0, 1):
            piece = side * 10 + local
            share = counts[piece, 5] / total
            king = "100%" if counts[piece, 5] == total else f"{share:.0%}" if share else "·"
            label = f"{piece + 1:>2}" if ascii_only else glyph(piece)
            cells += [Text(label, style=COLOURS[side]), lines[piece], king]
        widget.add_row(*cells)
    return widget


def render(console: Console, game: Game, ascii_only: bool = False) -> None:
    last = f"last move: {game.moves[-1].ascii() if ascii_only else game.moves[-1]}  " if game.moves else ""
    console.print(Group(board_widget(game, ascii_only), hands_text(game, ascii_only),
                        determination_widget(game, ascii_only)))
    console.print(f"{last}consistent assignment pairs: {game.assignments():,}")


class TerminalShogi:
    """The play loop: humans type moves, bots choose theirs; ``agents[side]`` is None for a human."""

    def __init__(self, game: Game, agents: Sequence[ShogiAgent | None], rng: np.random.Generator,
                 console: Console, read_line: Callable[[str], str] | None = None, ascii_only: bool = False):
        self.game, self.agents, self.rng, self.console = game, list(agents), rng, console
        self.read_line = read_line or line_reader(lambda: self.game)
        self.ascii_only = ascii_only

    def run(self) -> Game:
        render(self.console, self.game, self.ascii_only)
        while self.game.outcome is None:
            agent = self.agents[self.game.turn]
            if agent is not None:
                move = agent.choose(self.game, self.rng)
                self.game.push(move)
                self.console.print(f"{SIDE_NAMES[1 - self.game.turn]} ({agent.name} bot) plays {self._text(move)}")
                render(self.console, self.game, self.ascii_only)
                continue
            try:
                if not self.human_turn():
                    break
            except (KeyboardInterrupt, EOFError):
                raise
            except Exception as error:  # noqa: BLE001 — a game in progress never dies of a typo: report it
                self.console.print(f"unexpected error ({type(error).__name__}: {self._plain(str(error))}) — "
                                   "please report it", style="red", markup=False)
        if self.game.outcome is not None:
            self.console.print(f"[bold]Game over:[/bold] {self._plain(str(self.game.outcome))}")
        return self.game

    def human_turn(self) -> bool:
        """Read and carry out one line; False when the player quits."""
        side = self.game.turn
        line = self.read_line(f"{SIDE_JAPANESE[side]} {SIDE_NAMES[side]} move> ").strip()  # Ctrl-D: EOFError
        command, _, rest = line.partition(" ")
        if not line:
            return True
        if command in ("quit", "exit"):
            return False
        if command == "help":
            self.console.print(self._plain(HELP), markup=False)
        elif command == "moves":
            moves = self.game.legal_moves()
            self.console.print(f"{len(moves)} legal moves: " + " ".join(self._text(m) for m in moves))
        elif command == "why":
            try:
                self.console.print(self._plain(self.game.explain(rest) or f"{rest} is legal"), markup=False)
            except JinrouError as error:
                self.console.print(self._plain(str(error)), style="red", markup=False)
        elif command == "resign":
            self.game.resign(side)
        elif command == "undo":
            self.undo()
        else:
            try:
                self.game.push(line)
            except JinrouError as error:
                self.console.print(self._plain(str(error)), style="red", markup=False)
                return True
            render(self.console, self.game, self.ascii_only)
        return True

    def undo(self) -> None:
        """Take back the last move, and the bot's reply before it when playing a bot."""
        count = 1
        if len(self.game.moves) >= 2 and self.agents[1 - self.game.turn] is not None:
            count = 2
        if len(self.game.moves) < count:
            self.console.print("nothing to undo")
            return
        self.game = Game(self.game.moves[:-count], play_on=self.game.play_on)
        render(self.console, self.game, self.ascii_only)

    def _text(self, move: Move) -> str:
        return move.ascii() if self.ascii_only else str(move)

    def _plain(self, text: str) -> str:
        return ascii_text(text) if self.ascii_only else text


def line_reader(current: Callable[[], Game]) -> Callable[[str], str]:
    """prompt_toolkit with completion of the legal moves and commands on a terminal, else input()."""
    if not sys.stdin.isatty():
        return input
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion

    class MoveCompleter(Completer):
        def get_completions(self, document, complete_event):
            word = document.text_before_cursor.strip()
            options = ["help", "moves", "why", "undo", "resign", "quit"]
            for move in current().legal_moves():
                options += [str(move), move.ascii()]
            for option in options:
                if option.startswith(word):
                    yield Completion(option, start_position=-len(word))

    session: PromptSession[str] = PromptSession(completer=MoveCompleter())
    return session.prompt
