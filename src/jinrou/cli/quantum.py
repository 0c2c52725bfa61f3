"""`jinrou quantum …`: quantum werewolf (量子人狼) in the terminal — play, replay a record, simulate bots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer
from rich.console import Console

from jinrou.cli.common import (
    check_output,
    command_group,
    fail,
    ignore_further_interrupts,
    prepare_folder,
    read_file,
    save,
)
from jinrou.cli.progress import progress_of
from jinrou.errors import JinrouError
from jinrou.interrupts import uninterrupted
from jinrou.seeds import seed_or_fresh

if TYPE_CHECKING:
    from jinrou.quantum.game import Game, Options, Setup
    from jinrou.quantum.record import Record
    from jinrou.quantum.simulate import Summary


Bot = Literal["random", "heuristic"]
"""The bots of :mod:`jinrou.agents.quantum`."""


app = command_group(
    "Quantum werewolf (量子人狼): nobody's role is fixed until he dies; everybody sees the exact "
    "probability table."
)


def _options(
    first_night_attack: bool, final_collapse: bool, random_tiebreak: bool, split_seer: bool, hide_dead: bool,
    anonymous: bool,
) -> Options:
    from jinrou.quantum.game import Options

    return Options(first_night_attack, final_collapse, random_tiebreak, split_seer, hide_dead, anonymous)


# Rule options shared by play and simulate.
FirstNightAttack = Annotated[bool, typer.Option(help="Allow attacks on night 1 (初日襲撃).")]
FinalCollapse = Annotated[
    bool, typer.Option(help="Reveal one remaining world at the end; off: players whose side is uncertain lose.")
]
RandomTiebreak = Annotated[bool, typer.Option(help="Break a tied vote at random instead of re-voting (max 4).")]
SplitSeer = Annotated[bool, typer.Option(help="Show 村人 villager and 占い師 seer apart instead of 人間 human.")]
HideDead = Annotated[bool, typer.Option(help="Hide the 死亡 dead column of the table.")]
Anonymous = Annotated[bool, typer.Option(help="Anonymous table: rows are 'Player N', each knows only his N.")]
Wolves = Annotated[
    int | None, typer.Option(help="Number of wolves (default by players: 1 <8, 2 <13, 3 <20, 4 <25, 5 <30, 6).")
]


@app.command("play")
def play_command(
    players: Annotated[int, typer.Option(help="Number of players, 3 or more (quantum werewolf has no 身代わりくん: every seat plays).")] = 7,
    wolves: Wolves = None,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names (sets --players).")] = None,
    humans: Annotated[int, typer.Option(help="Human players at this terminal (the first seats); 2+ is pass-and-play.")] = 1,
    bots: Annotated[Bot, typer.Option(help="Bots for the other seats.")] = "heuristic",
    seed: Annotated[int | None, typer.Option(help="Seed of all random draws (default: a fresh one, shown).", min=0)] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record (jinrou.quantum/1) here at the end.")] = None,
    first_night_attack: FirstNightAttack = False,
    final_collapse: FinalCollapse = True,
    random_tiebreak: RandomTiebreak = False,
    split_seer: SplitSeer = False,
    hide_dead: HideDead = False,
    anonymous: Anonymous = False,
) -> None:
    """Play quantum werewolf in the terminal: you against bots, or pass-and-play for a table of people.

    Each night you choose whom to divine (if you may be the seer) and whom to attack (if you may be a wolf); each day you vote. The probability table shows, for every player, the exact share of the remaining worlds in which he is human (人間), a wolf (人狼) and dead (死亡). Interrupted (Ctrl+C), the game so far is still written to --record.

    Example: jinrou quantum play --players 9 --split-seer --record game.json
    """
    import numpy as np

    from jinrou.agents import make_agent
    from jinrou.quantum.game import Game, Setup
    from jinrou.quantum.record import Record
    from jinrou.terminal.quantum import TerminalPlay

    console = Console()
    try:
        options = _options(first_night_attack, final_collapse, random_tiebreak, split_seer, hide_dead, anonymous)
        setup = Setup.create(names.split(",") if names else players, wolves, options)
        if not 0 <= humans <= len(setup.players):
            raise JinrouError(f"--humans must be between 0 and {len(setup.players)}, not {humans}")
        agents = [None] * humans + [make_agent(bots) for _ in range(len(setup.players) - humans)]
        if record is not None:
            check_output(record, "--record")
    except (JinrouError, ValueError) as error:
        fail(error)
    seed = seed_or_fresh(seed)
    console.print(
        f"[bold]Quantum werewolf (量子人狼)[/bold]: {len(setup.players)} players, "
        f"{setup.wolves} {'wolf' if setup.wolves == 1 else 'wolves'}, "
        f"1 seer — seed {seed}. Humans: {', '.join(setup.players[:humans]) or 'none'}."
    )
    play = TerminalPlay(Game.new(setup), agents, np.random.default_rng(seed), console)
    try:
        game = play.run()
    except (KeyboardInterrupt, EOFError):
        ignore_further_interrupts()
        console.print("\nThe game is interrupted" + (": its record so far is kept." if record else "."))
        if record is not None:
            save(record, Record.of(play.game, seed).dumps(), console)
        raise typer.Exit(130) from None
    if record is not None:
        save(record, Record.of(game, seed).dumps(), console)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A jinrou.quantum/1 record: full, or an input record.")],
    json_output: Annotated[bool, typer.Option("--json", help="Print the full (verified or completed) record as JSON.")] = False,
) -> None:
    """Replay a record and verify it against the rules.

    A full record must match the rules event for event. An input record — only its night, vote and death events, the choices and the random outcomes — is completed: the tables and the end are computed (with --json, the full record is printed). An impossible outcome or a missing chain death is an error naming the event (counted from 1). Format: docs/quantum-record.md.

    Example: jinrou quantum replay examples/quantum-moves.json --json > quantum-full.json
    """
    from jinrou.quantum.record import Record
    from jinrou.terminal.quantum import print_record

    try:
        record = read_file(file, lambda text: Record.read(text))
        game = read_file(file, lambda _: record.replay())
    except JinrouError as error:
        fail(error)
    if json_output:
        typer.echo(Record.of(game, record.seed).dumps(), nl=False)
        return
    console = Console()
    print_record(console, game)
    kind = "input record completed" if record.is_input else "record verified"
    state = "finished" if game.is_over else f"in progress ({game.phase})"
    console.print(f"[green]✓[/green] {kind}: {len(game.events)} events, game {state}.")


@app.command("simulate")
def simulate_command(
    players: Annotated[int, typer.Option(help="Number of players (quantum werewolf has no 身代わりくん: every seat plays).")],
    games: Annotated[int, typer.Option(help="Number of games to play (a million take about a day).", min=1, max=1_000_000)],
    seed: Annotated[int, typer.Option(help="Seed of the whole run; each game gets its own seed from it.", min=0)],
    wolves: Wolves = None,
    bots: Annotated[Bot, typer.Option(help="Bots for every seat.")] = "heuristic",
    record_dir: Annotated[Path | None, typer.Option(help="Write one record per game into this folder.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    first_night_attack: FirstNightAttack = False,
    final_collapse: FinalCollapse = True,
    random_tiebreak: RandomTiebreak = False,
) -> None:
    """Play many bot games; print win rates per side with 95 % confidence intervals and game lengths.

    Each game gets its own seed from --seed and records it, so any game can be rerun or replayed.
    Ctrl+C prints the summary of the games finished so far ("interrupted after N of M games", exit
    status 130); exactly their records are in --record-dir.

    Example: jinrou quantum simulate --players 13 --games 1000 --seed 1 --record-dir records
    """
    from jinrou.agents import make_agent
    from jinrou.quantum.game import Setup
    from jinrou.quantum.record import Record
    from jinrou.quantum.simulate import Summary, simulate

    try:
        options = _options(first_night_attack, final_collapse, random_tiebreak, False, False, False)
        setup = Setup.create(players, wolves, options)
        if record_dir is not None:
            prepare_folder(record_dir, "--record-dir")
    except (JinrouError, ValueError) as error:
        fail(error)
    finished: list[Game] = []
    runs = simulate(setup, lambda: [make_agent(bots) for _ in setup.players], seed, games)
    interrupted = False
    try:
        with progress_of(games, "Playing", quiet=json_output or games < 20) as advance:
            for index, (game_seed, game) in enumerate(runs):
                with uninterrupted():  # a game's record is written if and only if it is counted
                    if record_dir is not None:
                        _write_record(record_dir / f"game-{index:0{len(str(games))}d}.json", Record.of(game, game_seed), index)
                    finished.append(game)
                advance(len(finished))
    except KeyboardInterrupt:  # the games finished are summarised, their records kept
        ignore_further_interrupts()
        interrupted = True
    if interrupted:
        typer.echo(f"interrupted after {len(finished)} of {games} games", err=True)
        if not finished:
            raise typer.Exit(130)
    summary = Summary.of(finished)
    if json_output:
        head = {"players": players, "wolves": setup.wolves, "bots": bots, "seed": seed}
        typer.echo(json.dumps({**head, **summary.to_json()}))
    else:
        _print_summary(Console(), setup, bots, summary)
    if interrupted:
        raise typer.Exit(130)


def _write_record(path: Path, record: Record, written: int) -> None:
    try:
        path.write_text(record.dumps(), encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error} ({written} records were written before it)")


def _print_summary(console: Console, setup: Setup, bots: str, summary: Summary) -> None:
    from rich.table import Table as RichTable

    table = RichTable(title=f"{len(setup.players)} players, {setup.wolves} wolves, {bots} bots — {summary.games} games")
    for column in ("side", "wins", "rate", "95 % interval"):
        table.add_column(column, justify="right" if column != "side" else "left")
    labels = {"village": "村人陣営 village", "wolves": "人狼陣営 wolves", "draw": "draw"}
    for side, interval in summary.rates.items():
        table.add_row(
            labels[side], str(summary.wins[side]), f"{interval.rate:.1%}", f"{interval.low:.1%} – {interval.high:.1%}"
        )
    console.print(table)
    lengths = ", ".join(f"{day}: {count}" for day, count in summary.days.items())
    console.print(f"Game length in days: mean {summary.mean_days:.2f} (days: games — {lengths})")

