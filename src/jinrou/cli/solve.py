"""`jinrou solve …`: werewolf without conversation solved with CFR+ — one setup, or the win-rate table.

The work is the library's: :mod:`jinrou.solve.solution` checks and solves one setup,
:mod:`jinrou.solve.table` sweeps the table's cells; this module parses the options and renders.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from jinrou.cli.common import check_plot, command_group, fail, ignore_further_interrupts
from jinrou.cli.progress import progress_of
from jinrou.errors import JinrouError
from jinrou.solve.solution import MAX_PLAYERS

app = command_group(
    "Game-theory solver: CFR+ equilibria and win rates of werewolf without conversation (seer, guard)."
)


VARIANT_HELP = ("Model variant (repeatable): night_first, night_zero_divination, guard_self, wolves_see_guard, "
                "seer_result_survives, merged_white, strict_wolf_majority.")
PLOT_SUFFIXES = (".png", ".svg", ".pdf")


@app.command("table")
def solve_table_command(
    seer: Annotated[bool, typer.Option("--seer", help="Include a seer (占い師) who comes out on day 1.")] = False,
    guard: Annotated[bool, typer.Option("--guard", help="Include a guard (狩人), the village's decision-maker.")] = False,
    max_players: Annotated[int, typer.Option(help="Largest number of players (games beyond about 20 do not fit in memory).", min=3, max=MAX_PLAYERS)] = 10,
    iterations: Annotated[int, typer.Option(help="CFR+ iterations per cell.", min=1)] = 500,
    workers: Annotated[int | None, typer.Option(help="Processes here (default: every core).", min=1)] = None,
    cluster: Annotated[str | None, typer.Option(help="A Dask scheduler address: run the cells there.")] = None,
    variant: Annotated[list[str] | None, typer.Option(metavar="VARIANT", help=VARIANT_HELP)] = None,
    plot_file: Annotated[Path | None, typer.Option("--plot", help="Also draw the table as a chart (PNG, SVG, PDF).")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object with a list 'cells'.")] = False,
) -> None:
    """The village win-rate table (players × wolves) of werewolf without conversation, like Bi & Tanaka's, with each cell's exploitability.

    Each cell is solved with CFR+ (the village's guard against the wolves); the win rate is the village's under the average strategies, as a percentage rounded half up. Cells run in parallel. Ctrl+C stops every worker at once and shows the cells solved so far (a partial table, and chart with --plot; exit status 130). Guide: docs/no-talk-werewolf.md.

    Example: jinrou solve table --seer --guard --max-players 8 --plot table.png
    """
    from rich.table import Table as RichTable

    from jinrou.solve.solution import parse_variant
    from jinrou.solve.table import Cell, cells, connect, plot, sweep

    try:
        chosen = parse_variant(variant or [])
        if plot_file is not None:
            check_plot(plot_file, "--plot", PLOT_SUFFIXES, "solve")
        client = connect(cluster) if cluster is not None else None
        todo = cells(max_players, seer, guard)
        runs = sweep(todo, seer, guard, iterations, chosen, workers, client=client)
        results: list[Cell] = []
        try:
            with progress_of(len(todo), "Solving cells", json_output) as advance:
                for cell in runs:  # on Ctrl-C the cells already solved stay in the list
                    results.append(cell)
                    advance(len(results))
        except KeyboardInterrupt:  # the workers are killed at once; the cells solved are shown
            ignore_further_interrupts()
            runs.close()
            interrupted = True
        else:
            interrupted = False
    except JinrouError as error:
        fail(error)
    if interrupted:
        typer.echo(f"interrupted after {len(results)} of {len(todo)} cells", err=True)
        if not results:
            raise typer.Exit(130)
    results.sort(key=lambda c: (c.players, c.wolves))
    title = f"village win rate — seer {'yes' if seer else 'no'}, guard {'yes' if guard else 'no'}, {iterations} iterations"
    if json_output:
        typer.echo(json.dumps({"seer": seer, "guard": guard, "iterations": iterations,
                               "cells": [c.to_json() for c in results]}))
    else:
        console = Console()
        table = RichTable(title=title, title_justify="left")
        table.add_column("players", justify="right")
        wolves = sorted({c.wolves for c in results})
        for m in wolves:
            table.add_column(("1 wolf" if m == 1 else f"{m} wolves") + " (ε)", justify="right")
        for n in sorted({c.players for c in results}):
            row = {c.wolves: c for c in results if c.players == n}
            table.add_row(str(n), *[f"{row[m].percent}% ({row[m].exploitability:.1e})" if m in row else "" for m in wolves])
        console.print(table)
    if plot_file is not None:  # after the table is out: a chart that fails to save loses nothing else
        try:
            plot(results, str(plot_file), title)
        except (OSError, ValueError) as error:
            fail(f"cannot write the chart to {plot_file}: {getattr(error, 'strerror', None) or error}")
        if not json_output:
            Console().print(f"Chart written to {plot_file}")
    if interrupted:
        raise typer.Exit(130)


@app.command("game")
def solve_game_command(
    villagers: Annotated[int, typer.Option(help="Villagers (村人).", min=0)] = 4,
    wolves: Annotated[int, typer.Option(help="Wolves (人狼).", min=1)] = 1,
    seer: Annotated[bool, typer.Option("--seer", help="Include a seer.")] = False,
    guard: Annotated[bool, typer.Option("--guard", help="Include a guard.")] = False,
    iterations: Annotated[int, typer.Option(help="CFR+ iterations.", min=1)] = 500,
    variant: Annotated[list[str] | None, typer.Option(metavar="VARIANT", help=VARIANT_HELP)] = None,
    strategy_key: Annotated[str | None, typer.Option("--strategy", help="Print the average strategy at this information set, e.g. \"G,4 1 1 2,vR,gRR-,dR,vC\".")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Solve one setup: its value (the village win rate), exploitability, size and time; optionally the strategy at one information set.

    Information sets are the paper's history strings: the guard's start with G, the wolves' with M, then the initial counts (villagers seer guard wolves) and the events (vR: a grey lynched, gDD-: guard and attack on the seer, the attack failed, dG: the seer divined the guard, ...).

    Example: jinrou solve game --villagers 4 --seer --guard --wolves 2 --strategy "G,4 1 1 2,vR,gRR-,dR,vC"
    """
    from rich.progress import Progress, TimeRemainingColumn

    from jinrou.solve.solution import checked_setup, parse_variant, solve

    try:
        setup = checked_setup(villagers, int(seer), int(guard), wolves, parse_variant(variant or []), strategy_key)
        columns = (*Progress.get_default_columns()[:-1], TimeRemainingColumn(elapsed_when_finished=True))
        bar = Progress(*columns, disable=json_output or iterations < 50)

        def advance(done: int) -> None:  # the bar starts with the first iteration, once the game is built
            if not bar.task_ids:
                bar.start()
                bar.add_task("CFR+", total=iterations)
            bar.update(bar.task_ids[0], completed=done)

        try:
            solution = solve(setup, iterations, strategy_key, progress=advance)
        finally:
            if bar.task_ids:  # started: Progress.stop prints a line even when it never started
                bar.stop()
    except JinrouError as error:
        fail(error)
    if json_output:
        typer.echo(json.dumps(solution.to_json()))
        return
    console = Console()
    console.print(f"[bold]{setup.counts}[/bold] (villagers seer guard wolves): village win rate "
                  f"[bold]{solution.village_win_rate * 100:.2f}%[/bold], exploitability {solution.exploitability:.2e}")
    console.print(f"{solution.nodes:,} nodes ({solution.histories:,} histories merged), {solution.infosets:,} "
                  f"information sets; built in {solution.build_seconds:.1f} s, {iterations} iterations in "
                  f"{solution.solve_seconds:.1f} s")
    if solution.strategy is not None:
        console.print(f"{strategy_key}: " + ", ".join(f"{a} {p:.3f}" for a, p in solution.strategy.items()))
