"""`jinrou classic …`: classic werewolf as 月下人狼 plays it (roles, replay, simulate, play)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from jinrou.errors import JinrouError

app = typer.Typer(
    help="Classic werewolf as 月下人狼 plays it: 42 roles, its victory rules, records, bots that claim.",
    no_args_is_help=True,
)


def fail(error: Exception | str) -> NoReturn:
    """One line on stderr and exit status 2."""
    Console(stderr=True, soft_wrap=True).print(f"[red]error:[/red] {escape(str(error))}")
    raise typer.Exit(2)


@app.command("roles")
def roles_command(
    json_output: Annotated[bool, typer.Option("--json", help="Print the role list as JSON.")] = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print docs/classic-roles.md.")] = False,
) -> None:
    """The playable roles with their team, results and rule, in Japanese and English."""
    from jinrou.classic.rolesheet import markdown as role_markdown
    from jinrou.classic.rolesheet import rows

    if markdown:
        typer.echo(role_markdown(), nl=False)
        return
    if json_output:
        typer.echo(json.dumps([r.to_json() for r in rows()], ensure_ascii=False))
        return
    table = RichTable(title="Classic werewolf roles (役職)", show_lines=True)
    for column in ("id", "役職", "role", "陣営 team", "占", "霊", "rule"):
        table.add_column(column, overflow="fold")
    for r in rows():
        table.add_row(r.id, r.name_ja, r.name_en, f"{r.team_ja} {r.team}", r.fortune, r.psychic, r.rule)
    Console().print(table)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A jinrou.classic/1 record: full, or an input record.")],
    json_output: Annotated[bool, typer.Option("--json", help="Print the full (verified or completed) record.")] = False,
    seed: Annotated[int | None, typer.Option(help="Seed for outcomes the record neither gives nor seeds.", min=0)] = None,
) -> None:
    """Replay a record and verify it event by event against the rules.

    A full record must match the rules in every death, claim, result and the end. An input record
    — players, roles, settings and the choices — is completed: missing required actions and votes
    are sudden deaths, random outcomes not given are drawn from the record's seed (else --seed,
    else 0). Errors name the event (1-based). Format: docs/classic-record.md.
    """
    from jinrou.classic.record import dumps as dump_record
    from jinrou.classic.record import load, replay, write

    try:
        data = load(str(file))
        game = replay(data, seed)
    except JinrouError as error:
        fail(error)
    used = data.get("seed") if data.get("seed") is not None else (seed or 0)
    if json_output:
        typer.echo(dump_record(write(game, used)), nl=False)
        return
    console = Console()
    print_transcript(console, game)
    full = "result" in data
    state = f"won by {game.outcome.winner_id}" if game.outcome else f"in progress (day {game.day}, {game.stage.value})"
    console.print(f"[green]✓[/green] {'record verified' if full else 'input record completed'}: game {state}.")


def print_transcript(console: Console, game: object) -> None:
    """Every message of a game, private ones marked with their readers."""
    from jinrou.classic.game import Game
    from jinrou.terminal.classic import line

    assert isinstance(game, Game)
    for _, message in game.messages:
        to = "" if message.to is None else "[cyan]→ " + ", ".join(game.names[s] for s in sorted(message.to)) + "[/cyan] "
        console.print(to + line(message, game.names))
