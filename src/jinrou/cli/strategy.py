"""`jinrou strategy …`: the strategy-description language — exact counts of a rule file's states."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
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

    A state is valid when every rule of the file holds. The village win rate is villagerside / (villagerside + wolfside). Beyond 6 players the symbolic count weighs (n−1)^n vote profiles one by one (7 players: about a minute, 8: about 24): it says so before it starts and shows a bar with the time left. Guide: docs/strategy-language.md.

    Example: jinrou strategy count examples/three-player-appendix.json --examples 2
    """
    from rich.table import Table as RichTable

    from jinrou.strategy.count import count, profiles, transcript
    from jinrou.strategy.count import examples as pick_examples
    from jinrou.strategy.rules import parse as parse_rules

    try:
        rules = read_file(file, parse_rules)
        weighed = profiles(rules, method)
        if weighed >= LONG:  # say what is coming before minutes of silence
            _announce(len(rules.cast.players), weighed, 2 if examples else 1)
        with _bar(weighed, "weighing vote profiles", quiet=json_output or weighed < LONG) as advance:
            counts = count(rules, method, advance)
        with _bar(weighed, "again, for the examples", quiet=json_output or weighed < LONG or not examples) as advance:
            shown = pick_examples(rules, examples, seed, method, advance) if examples else []
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



LONG = 100_000
"""Vote profiles from which a count is announced and shown with a bar (7 players: 279,936)."""


def _announce(players: int, weighed: int, passes: int) -> None:
    """The size of a long count and its time at the measured rate, on stderr, before it starts."""
    from jinrou.strategy.symbolic import PROFILES_PER_SECOND

    seconds = passes * weighed / PROFILES_PER_SECOND
    about = f"{seconds / 3600:.1f} h" if seconds >= 5400 else f"{seconds / 60:.0f} min" if seconds >= 90 \
        else f"{seconds:.2g} s"
    Console(stderr=True).print(
        f"{players} players: {weighed:,} vote profiles to weigh{' twice (count, examples)' if passes == 2 else ''}, "
        f"about {about} at {PROFILES_PER_SECOND:,} a second; Ctrl+C stops", highlight=False, soft_wrap=True)


@contextlib.contextmanager
def _bar(total: int, what: str, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr with the time left (lines when not a terminal), and the callback that moves it."""
    from jinrou.cli.progress import progress_of

    with progress_of(total, what, quiet) as advance:
        yield advance
