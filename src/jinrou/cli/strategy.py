"""`jinrou strategy …`: the strategy-description language — exact counts of a rule file's states."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.console import Console

from jinrou.cli.common import command_group, fail, read_file
from jinrou.errors import JinrouError

Method = Literal["auto", "brute", "symbolic"]
"""How states are counted (:func:`jinrou.strategy.count.count`)."""


app = command_group(
    "Strategy-description language: exact outcome counts over every talk and vote of small werewolf games."
)


@app.command("count")
def strategy_count_command(
    file: Annotated[Path, typer.Argument(help="A rule file (JSON), e.g. examples/three-player-appendix.json.")],
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object with the counts.")] = False,
    examples: Annotated[int, typer.Option(help="Also show this many valid states as transcripts.", min=0, max=10_000)] = 0,
    seed: Annotated[int, typer.Option(help="Seed for choosing the example states.", min=0)] = 0,
    method: Annotated[Method, typer.Option(help="brute (small spaces), symbolic (decision diagrams), or auto.")] = "auto",
) -> None:
    """Count how many states (every talk and vote of every player) end in a village win, a wolf win, a draw, or break a rule.

    A state is valid when every rule of the file holds. The village win rate is villagerside / (villagerside + wolfside). Guide: docs/strategy-language.md.
    """
    from rich.table import Table as RichTable

    from jinrou.strategy.count import count, transcript
    from jinrou.strategy.count import examples as pick_examples
    from jinrou.strategy.rules import parse as parse_rules

    try:
        rules = read_file(file, parse_rules)
        counts = count(rules, method)
        shown = pick_examples(rules, examples, seed, method) if examples else []
    except JinrouError as error:
        fail(error)
    if json_output:
        data = counts.to_json()
        if examples:
            data["examples"] = [transcript(rules.cast, state) for state in shown]
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    console = Console()
    table = RichTable(title=f"{file.name}: {counts.states:,} states ({counts.method})", title_justify="left")
    table.add_column("outcome")
    table.add_column("states", justify="right")
    for name in ("villagerside", "wolfside", "draw", "violation"):
        table.add_row(name, f"{getattr(counts, name):,}")
    console.print(table)
    rate = counts.village_win_rate
    console.print(f"village win rate: {'undefined (no decided state)' if rate is None else f'{rate} = {float(rate):.4f}'}")
    for number, state in enumerate(shown, start=1):
        console.print(f"\n[bold]Example {number}[/bold]\n{transcript(rules.cast, state)}", highlight=False)

