"""`jinrou shogi …`: quantum mini-shogi (量子ミニ将棋) — play in the terminal, replay a record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer
from rich.console import Console

from jinrou.cli.common import check_output, command_group, fail, ignore_further_interrupts, read_file, save
from jinrou.errors import JinrouError
from jinrou.jsontext import parse_json
from jinrou.seeds import seed_or_fresh

if TYPE_CHECKING:
    from jinrou.shogi.record import Record as ShogiRecord


ShogiPlayer = Literal["human", "random", "search"]
"""Who plays a side of quantum mini-shogi: a person at this terminal, or a bot of :mod:`jinrou.agents.shogi`."""


app = command_group(
    "Quantum mini-shogi (量子ミニ将棋): 5×5 shogi whose piece types are fixed only by the moves played."
)


@app.command("play")
def shogi_play_command(
    sente: Annotated[ShogiPlayer, typer.Option(help="Sente (先手, moves first): human, random or search bot.")] = "human",
    gote: Annotated[ShogiPlayer, typer.Option(help="Gote (後手): human, random or search bot.")] = "search",
    seed: Annotated[int | None, typer.Option(help="Seed of the bots' random choices (default: a fresh one, shown).", min=0)] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record (jinrou.shogi/1) here at the end.")] = None,
    ascii_only: Annotated[bool, typer.Option("--ascii", help="Show piece numbers as digits (for terminals without ①–⑳).")] = False,
) -> None:
    """Play quantum mini-shogi in the terminal: against the search bot (default), a random bot, or another person.

    Type moves as ⑤c4 / 5-c4 (move), 14xc4 (capture), 1-b2+ (promote), 7*c3 (drop); Tab completes the legal moves. 'help' explains, 'moves' lists them, 'why MOVE' says why a move is illegal, 'undo' takes back. Rules: docs/quantum-shogi.md.

    Example: jinrou shogi play --gote search --record game.json
    """
    import numpy as np

    from jinrou.agents.shogi import make_shogi_agent
    from jinrou.shogi.game import Game as ShogiGame
    from jinrou.shogi.record import Record as ShogiRecord
    from jinrou.terminal.shogi import TerminalShogi

    try:
        if record is not None:
            check_output(record, "--record")
    except JinrouError as error:
        fail(error)
    seed = seed_or_fresh(seed)
    agents = [None if who == "human" else make_shogi_agent(who) for who in (sente, gote)]
    console = Console()
    console.print(f"[bold]Quantum mini-shogi (量子ミニ将棋)[/bold]: sente {sente}, gote {gote} — seed {seed}. "
                  "Type 'help' for the notation.")
    play = TerminalShogi(ShogiGame(), agents, np.random.default_rng(seed), console, ascii_only=ascii_only)
    interrupted = False
    try:
        game = play.run()
    except (KeyboardInterrupt, EOFError):  # Ctrl-C, or Ctrl-D at a prompt: keep the game so far
        ignore_further_interrupts()
        console.print("\nThe game is interrupted" + (": its record so far is kept." if record else "."))
        game, interrupted = play.game, True
    if record is not None:
        data = ShogiRecord.of(game, (sente, gote)).write()
        save(record, json.dumps(data, ensure_ascii=False, indent=1) + "\n", console)
    if interrupted:
        raise typer.Exit(130)


@app.command("replay")
def shogi_replay_command(
    file: Annotated[Path, typer.Argument(help="A jinrou.shogi/1 record.")],
    adjudicate_types: Annotated[bool, typer.Option("--adjudicate", help="Also run the over-the-board check: fix every type (drawn from the consistent ones) and replay with classical rules; the first foul loses.")] = False,
    seed: Annotated[int, typer.Option(help="Seed of the types drawn for --adjudicate.", min=0)] = 0,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object: the determination list after each move (and the adjudication).")] = False,
    ascii_only: Annotated[bool, typer.Option("--ascii", help="Show piece numbers as digits.")] = False,
) -> None:
    """Replay a record: the board and the determination list after each move, then the result.

    Every move is checked exactly; a move no consistent assignment allows is an error naming the move (counted from 1) and the rule. Format: docs/quantum-shogi.md.

    Example: jinrou shogi replay shogi-game.json --adjudicate
    """
    import numpy as np

    from jinrou.shogi.game import Game as ShogiGame
    from jinrou.shogi.pieces import SIDE_NAMES
    from jinrou.shogi.record import adjudicate, describe_types, result_json
    from jinrou.shogi.replay import steps
    from jinrou.terminal.shogi import ascii_text, render

    try:
        record = read_file(file, _shogi_record)
    except JinrouError as error:
        fail(ascii_text(str(error)) if ascii_only else error)
    plain = ascii_text if ascii_only else str
    console = Console()
    game = ShogiGame()
    lists = []
    for step in steps(game, record.moves, record.resigned, record.lost_on_time):  # the record is read: every move is allowed
        lists.append(step.determination)
        if not json_output:
            console.rule(f"{step.number}. {SIDE_NAMES[step.side]} {step.move.ascii() if ascii_only else step.move}")
            render(console, game, ascii_only)
    verdict = adjudicate(record.moves, np.random.default_rng(seed)) if adjudicate_types else None
    if json_output:
        data: dict[str, Any] = {"moves": list(record.moves), "determination": lists,
                                "result": result_json(game.outcome)}
        if verdict is not None:
            data["adjudication"] = {"types": describe_types(verdict.types),
                                    "foul": None if verdict.foul is None else str(verdict.foul)}
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    console.print(plain(f"[green]✓[/green] {len(record.moves)} moves, every one allowed by a consistent assignment. "
                        f"Result: {game.outcome or 'game in progress'}"))
    if verdict is not None:
        console.print(plain(f"Adjudication with {describe_types(verdict.types)}: {verdict}"))


def _shogi_record(text: str) -> ShogiRecord:
    from jinrou.shogi.record import Record as ShogiRecord

    return ShogiRecord.read(parse_json(text, JinrouError))

