"""The ``jinrou`` command. Thin: parse options, call the library, render (or print ``--json``).

What every command shares — exit status 2 and one line ``error: …`` for bad input, output paths
checked before the work starts, records numbered from 1 — is in :mod:`jinrou.cli.common`. numpy,
numba, dask and matplotlib are imported inside the commands that use them, so that ``jinrou --help``
starts quickly (``benchmarks/cli_startup.py``).
"""

from __future__ import annotations

import enum
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from jinrou.cli import classic as _classic
from jinrou.cli import yaminabe as _yaminabe
from jinrou.cli.common import RootGroup, check_output, fail, prepare_folder, read_file, save, show_version
from jinrou.errors import JinrouError
from jinrou.jsontext import parse_json

if TYPE_CHECKING:
    import socket

    from jinrou.quantum.game import Options, Setup
    from jinrou.quantum.simulate import Summary

app = typer.Typer(cls=RootGroup, help="Play and study werewolf-family games (人狼).", no_args_is_help=True)
quantum = typer.Typer(
    help="Quantum werewolf (量子人狼): nobody's role is fixed until he dies; everybody sees the exact "
    "probability table.",
    no_args_is_help=True,
)
app.add_typer(quantum, name="quantum")
offline = typer.Typer(
    help="Offline quantum werewolf (オフライン版量子人狼): an exact assistant for the face-to-face game's master.",
    no_args_is_help=True,
)
app.add_typer(offline, name="offline")
strategy = typer.Typer(
    help="Strategy-description language: exact outcome counts over every talk and vote of small werewolf games.",
    no_args_is_help=True,
)
app.add_typer(strategy, name="strategy")
solve = typer.Typer(
    help="Game-theory solver: CFR+ equilibria and win rates of werewolf without conversation (seer, guard).",
    no_args_is_help=True,
)
app.add_typer(solve, name="solve")
shogi = typer.Typer(
    help="Quantum mini-shogi (量子ミニ将棋): 5×5 shogi whose piece types are fixed only by the moves played.",
    no_args_is_help=True,
)
app.add_typer(shogi, name="shogi")
app.add_typer(_classic.app, name="classic")
app.add_typer(_yaminabe.app, name="yaminabe")


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", callback=show_version, is_eager=True)
    ] = False,
) -> None:
    """Play and study werewolf-family games (人狼)."""


class Bot(str, enum.Enum):
    """The bots of :mod:`jinrou.agents.quantum`."""

    random = "random"
    heuristic = "heuristic"


def _fresh_seed() -> int:
    import numpy as np

    return int(np.random.SeedSequence().generate_state(1)[0])  # a fresh 32-bit seed, shown to the user


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


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[str, typer.Option(help="Store: a SQLite file, or postgresql://user:password@host/dbname.")] = "jinrou.db",
) -> None:
    """Run the online server: a lobby, rooms and the quantum werewolf game in the browser.

    Every room's events are stored as they happen, so the server can be stopped or killed at any moment and started again: rooms, seats, chat, deadlines and games come back and play goes on.
    """
    try:
        sock = _listen(host, port)  # before anything is opened or printed: a bad address or a busy port
    except JinrouError as error:
        fail(error)
    import uvicorn

    from jinrou.server.app import create_app
    from jinrou.server.store import open_store

    try:
        store = open_store(db)
    except Exception as error:  # noqa: BLE001 — a bad path or an unreachable database, whatever the driver raises: say which
        sock.close()
        fail(f"cannot open the store {db!r}: {error}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    Console().print(f"[bold]jinrou[/bold] is serving at [link]http://{shown}:{port}/[/link] (store: {db}) — Ctrl+C stops it.")
    # views are a few kilobytes of JSON: compressing every push costs more CPU than it saves on a LAN
    config = uvicorn.Config(create_app(store), log_level="warning", ws_per_message_deflate=False)
    uvicorn.Server(config).run(sockets=[sock])


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, or :class:`JinrouError` saying why there can be none."""
    import errno
    import ipaddress
    import socket

    if host.replace(".", "").isdigit():
        try:
            ipaddress.ip_address(host)
        except ValueError:
            raise JinrouError(f"--host {host!r} is not an IP address: four numbers 0–255, e.g. 127.0.0.1") from None
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (OSError, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise JinrouError(f"--host {host!r} is not a known address ({reason}): give an address of this machine, "
                          "e.g. 127.0.0.1 or 0.0.0.0") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise JinrouError(f"port {port} on {host} is in use: stop what uses it, or give another --port") from None
        raise JinrouError(f"cannot listen on {host}:{port}: {error.strerror or error} (--host must be an address "
                          "of this machine, e.g. 127.0.0.1 or 0.0.0.0)") from None
    return sock


@quantum.command("play")
def play_command(
    players: Annotated[int, typer.Option(help="Number of players (3 or more).")] = 7,
    wolves: Wolves = None,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names (sets --players).")] = None,
    humans: Annotated[int, typer.Option(help="Human players at this terminal (the first seats); 2+ is pass-and-play.")] = 1,
    bots: Annotated[Bot, typer.Option(help="Bots for the other seats.")] = Bot.heuristic,
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
        agents = [None] * humans + [make_agent(bots.value) for _ in range(len(setup.players) - humans)]
        if record is not None:
            check_output(record, "--record")
    except (JinrouError, ValueError) as error:
        fail(error)
    seed = seed if seed is not None else _fresh_seed()
    console.print(
        f"[bold]Quantum werewolf (量子人狼)[/bold]: {len(setup.players)} players, "
        f"{setup.wolves} {'wolf' if setup.wolves == 1 else 'wolves'}, "
        f"1 seer — seed {seed}. Humans: {', '.join(setup.players[:humans]) or 'none'}."
    )
    play = TerminalPlay(Game.new(setup), agents, np.random.default_rng(seed), console)
    try:
        game = play.run()
    except (KeyboardInterrupt, EOFError):
        console.print("\nThe game is interrupted" + (": its record so far is kept." if record else "."))
        if record is not None:
            save(record, Record.of(play.game, seed).dumps(), console)
        raise typer.Exit(130) from None
    if record is not None:
        save(record, Record.of(game, seed).dumps(), console)


@quantum.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A jinrou.quantum/1 record: full, or an input record.")],
    json_output: Annotated[bool, typer.Option("--json", help="Print the full (verified or completed) record as JSON.")] = False,
) -> None:
    """Replay a record and verify it against the rules.

    A full record must match the rules event for event. An input record — only its night, vote and death events, the choices and the random outcomes — is completed: the tables and the end are computed (with --json, the full record is printed). An impossible outcome or a missing chain death is an error naming the event (counted from 1). Format: docs/quantum-record.md.
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


@quantum.command("simulate")
def simulate_command(
    players: Annotated[int, typer.Option(help="Number of players.")],
    games: Annotated[int, typer.Option(help="Number of games to play (a million take about a day).", min=1, max=1_000_000)],
    seed: Annotated[int, typer.Option(help="Seed of the whole run; each game gets its own seed from it.", min=0)],
    wolves: Wolves = None,
    bots: Annotated[Bot, typer.Option(help="Bots for every seat.")] = Bot.heuristic,
    record_dir: Annotated[Path | None, typer.Option(help="Write one record per game into this folder.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    first_night_attack: FirstNightAttack = False,
    final_collapse: FinalCollapse = True,
    random_tiebreak: RandomTiebreak = False,
) -> None:
    """Play many bot games; print win rates per side with 95 % confidence intervals and game lengths.

    Each game gets its own seed from --seed and records it, so any game can be rerun or replayed.

    Example: jinrou quantum simulate --players 13 --games 1000 --seed 1 --record-dir records
    """
    from rich.progress import track

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
    finished = []
    runs = simulate(setup, lambda: [make_agent(bots.value) for _ in setup.players], seed, games)
    for index, (game_seed, game) in enumerate(
        track(runs, total=games, description="Playing", disable=json_output or games < 20)
    ):
        finished.append(game)
        if record_dir is not None:
            path = record_dir / f"game-{index:0{len(str(games))}d}.json"
            try:
                path.write_text(Record.of(game, game_seed).dumps(), encoding="utf-8")
            except OSError as error:
                fail(f"cannot write {path}: {error.strerror or error} ({index} records were written before it)")
    summary = Summary.of(finished)
    if json_output:
        head = {"players": players, "wolves": setup.wolves, "bots": bots.value, "seed": seed}
        typer.echo(json.dumps({**head, **summary.to_json()}))
        return
    _print_summary(Console(), setup, bots.value, summary)


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


@offline.command("gm")
def gm_command(
    players: Annotated[int, typer.Option(help="Number of players.")] = 10,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names (sets --players).")] = None,
    wolves: Annotated[int | None, typer.Option(help="Wolves (default: 2, 3 from 15 players, 4 from 20).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the assistant's own rolls (default: fresh, shown).", min=0)] = None,
    record: Annotated[Path | None, typer.Option(help="Save the record here after every entry.")] = None,
    resume: Annotated[Path | None, typer.Option(help="Resume the game saved in this record (and keep saving to it).")] = None,
) -> None:
    """Run a face-to-face game: record pointers, announcements and votes; get exact probabilities.

    The assistant applies every rule (deaths by attack, seer-possibility losses, strikes, the win check, the world collapse) and, on an execution, shows the exact P(wolf), the d100 threshold and the source's formula beside it; it takes your roll or draws itself. Type 'help' for the commands; names complete with Tab.

    Example: jinrou offline gm --names Ann,Bob,Cy,Dee,Eve,Fay,Gus,Hal,Ivy,Jo --record game.json
    """
    from jinrou.offline import record as offline_record
    from jinrou.offline.rules import OfflineGame
    from jinrou.offline.rules import Setup as OfflineSetup
    from jinrou.terminal.offline import GMSession, line_reader, run

    console = Console()
    try:
        if resume is not None:
            game, saved_seed = read_file(resume, offline_record.read, "--resume")
            seed = seed if seed is not None else saved_seed
            record = record or resume
        else:
            game = OfflineGame.new(OfflineSetup.create(names.split(",") if names else players, wolves))
        if record is not None:
            check_output(record, "--record")
    except JinrouError as error:
        fail(error)
    seed = seed if seed is not None else _fresh_seed()
    wolves_text = "1 wolf" if game.setup.wolves == 1 else f"{game.setup.wolves} wolves"
    console.print(f"[bold]オフライン版量子人狼[/bold]: {len(game.names)} players, {wolves_text} — "
                  f"seed {seed}{f', saving to {record}' if record else ''}. Type 'help' for commands.")
    run(GMSession(game, console, seed, record), line_reader(game))


@offline.command("sheet")
def sheet_command(
    players: Annotated[int, typer.Option(help="Number of players.")] = 10,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names (sets --players).")] = None,
    wolves: Annotated[int | None, typer.Option(help="Wolves (default: 2, 3 from 15 players, 4 from 20).")] = None,
    output: Annotated[Path, typer.Option(help="The HTML file to write.")] = Path("offline-sheet.html"),
) -> None:
    """Write a printable recording sheet and rules summary (HTML; print it on A4 landscape: one page up to 30 players)."""
    from jinrou.offline.sheet import pages, sheet_html

    try:
        html = sheet_html(names.split(",") if names else players, wolves)
        check_output(output, "--output")
    except JinrouError as error:
        fail(error)
    save(output, html, Console(), "sheet")
    count = pages(len(names.split(",")) if names else players)
    Console().print("Open it in a browser and print it: " + (
        "one A4 landscape page." if count == 1 else f"about {count} A4 landscape pages (the player rows go on, "
        "with the column heads repeated)."), highlight=False)


class Method(str, enum.Enum):
    """How states are counted."""

    auto = "auto"
    brute = "brute"
    symbolic = "symbolic"


@strategy.command("count")
def strategy_count_command(
    file: Annotated[Path, typer.Argument(help="A rule file (JSON), e.g. examples/three-player-appendix.json.")],
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object with the counts.")] = False,
    examples: Annotated[int, typer.Option(help="Also show this many valid states as transcripts.", min=0, max=10_000)] = 0,
    seed: Annotated[int, typer.Option(help="Seed for choosing the example states.", min=0)] = 0,
    method: Annotated[Method, typer.Option(help="brute (small spaces), symbolic (decision diagrams), or auto.")] = Method.auto,
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
        counts = count(rules, method.value)
        shown = pick_examples(rules, examples, seed, method.value) if examples else []
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


VARIANT_HELP = ("Model variant (repeatable): night_first, night_zero_divination, guard_self, wolves_see_guard, "
                "seer_result_survives, merged_white, strict_wolf_majority.")
PLOT_SUFFIXES = (".png", ".svg", ".pdf")
MAX_SOLVE_PLAYERS = 30  # the largest games solved have 23 players (docs/no-talk-werewolf.md); 30 is far beyond memory


def _variant(names: list[str] | None) -> Any:
    from jinrou.solve.werewolf import ModelError, Variant

    unknown = sorted(set(names or []) - set(Variant.names()))
    if unknown:
        raise ModelError(f"unknown variant {', '.join(unknown)}: variants are {', '.join(Variant.names())}")
    return Variant(**{name: True for name in names or []})


def _check_plot(path: Path) -> None:
    """--plot before solving: a PNG, SVG or PDF name in a folder that exists, and matplotlib."""
    import importlib.util

    check_output(path, "--plot", PLOT_SUFFIXES)
    if importlib.util.find_spec("matplotlib") is None:
        raise JinrouError("--plot needs matplotlib: pip install 'jinrou[solve]'")


@solve.command("table")
def solve_table_command(
    seer: Annotated[bool, typer.Option("--seer", help="Include a seer (占い師) who comes out on day 1.")] = False,
    guard: Annotated[bool, typer.Option("--guard", help="Include a guard (狩人), the village's decision-maker.")] = False,
    max_players: Annotated[int, typer.Option(help="Largest number of players (games beyond about 20 do not fit in memory).", min=3, max=MAX_SOLVE_PLAYERS)] = 10,
    iterations: Annotated[int, typer.Option(help="CFR+ iterations per cell.", min=1)] = 500,
    workers: Annotated[int | None, typer.Option(help="Processes here (default: every core).", min=1)] = None,
    cluster: Annotated[str | None, typer.Option(help="A Dask scheduler address: run the cells there.")] = None,
    variant: Annotated[list[str] | None, typer.Option(help=VARIANT_HELP)] = None,
    plot_file: Annotated[Path | None, typer.Option("--plot", help="Also draw the table as a chart (PNG, SVG, PDF).")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object with a list 'cells'.")] = False,
) -> None:
    """The village win-rate table (players × wolves) of werewolf without conversation, like Bi & Tanaka's, with each cell's exploitability.

    Each cell is solved with CFR+ (the village's guard against the wolves); the win rate is the village's under the average strategies, as a percentage rounded half up. Cells run in parallel. Guide: docs/no-talk-werewolf.md.
    """
    from rich.progress import track
    from rich.table import Table as RichTable

    from jinrou.solve.table import cells, connect, plot, sweep

    try:
        chosen = _variant(variant)
        if plot_file is not None:
            _check_plot(plot_file)
        client = connect(cluster) if cluster is not None else None
        todo = cells(max_players, seer, guard)
        runs = sweep(todo, seer, guard, iterations, chosen, workers, client=client)
        results = list(track(runs, total=len(todo), description="Solving cells", disable=json_output))
    except JinrouError as error:
        fail(error)
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


# G or M, the setup's counts, then the events (vR, gDD-, dG, ...): see docs/no-talk-werewolf.md
INFOSET = re.compile(r"(?P<who>[GM]),(?P<counts>\d+ \d+ \d+ \d+)((,[vgd][A-Z?+-]{1,3})*)")


@solve.command("game")
def solve_game_command(
    villagers: Annotated[int, typer.Option(help="Villagers (村人).", min=0)] = 4,
    wolves: Annotated[int, typer.Option(help="Wolves (人狼).", min=1)] = 1,
    seer: Annotated[bool, typer.Option("--seer", help="Include a seer.")] = False,
    guard: Annotated[bool, typer.Option("--guard", help="Include a guard.")] = False,
    iterations: Annotated[int, typer.Option(help="CFR+ iterations.", min=1)] = 500,
    variant: Annotated[list[str] | None, typer.Option(help=VARIANT_HELP)] = None,
    strategy_key: Annotated[str | None, typer.Option("--strategy", help="Print the average strategy at this information set, e.g. \"G,4 1 1 2,vR,gRR-,dR,vC\".")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Solve one setup: its value (the village win rate), exploitability, size and time; optionally the strategy at one information set.

    Information sets are the paper's history strings: the guard's start with G, the wolves' with M, then the initial counts (villagers seer guard wolves) and the events (vR: a grey lynched, gDD-: guard and attack on the seer, the attack failed, dG: the seer divined the guard, ...).
    """
    import time as clock

    from rich.progress import track

    from jinrou.solve.cfr import CFRPlus
    from jinrou.solve.efg import compile_game
    from jinrou.solve.werewolf import NoTalkWerewolf, Setup

    try:
        setup = Setup(villagers, int(seer), int(guard), wolves, _variant(variant))
        if setup.players > MAX_SOLVE_PLAYERS:
            raise JinrouError(f"{setup.players} players is too many to solve: at most {MAX_SOLVE_PLAYERS} "
                              "(the largest games solved have 23, docs/no-talk-werewolf.md)")
        if strategy_key is not None:
            _check_infoset(strategy_key, setup)
    except JinrouError as error:
        fail(error)
    start = clock.perf_counter()
    game = compile_game(NoTalkWerewolf(setup))
    built = clock.perf_counter() - start
    if strategy_key is not None and strategy_key not in game.infoset_names:  # before solving
        example = next((n for n in game.infoset_names if n.startswith(strategy_key[:1])), game.infoset_names[0])
        fail(f"unknown information set {strategy_key!r} in this game (--strategy; a history it never reaches): "
             f"they look like {example!r}")
    solver = CFRPlus(game)
    for _ in track(range(iterations), description="CFR+", disable=json_output or iterations < 50):
        solver.iterate()
    solved = clock.perf_counter() - start - built
    shown = solver.strategy(strategy_key) if strategy_key is not None else None
    value = solver.value()
    result: dict[str, Any] = {"setup": setup.counts, "players": setup.players, "village_win_rate": value,
              "exploitability": solver.exploitability(), "iterations": iterations, "nodes": game.nodes,
              "histories": game.histories, "infosets": game.infosets, "build_seconds": round(built, 3),
              "solve_seconds": round(solved, 3)}
    if shown is not None:
        result["strategy"] = {"infoset": strategy_key, "average": shown}
    if json_output:
        typer.echo(json.dumps(result))
        return
    console = Console()
    console.print(f"[bold]{setup.counts}[/bold] (villagers seer guard wolves): village win rate "
                  f"[bold]{result['village_win_rate'] * 100:.2f}%[/bold], exploitability {result['exploitability']:.2e}")
    console.print(f"{game.nodes:,} nodes ({game.histories:,} histories merged), {game.infosets:,} information sets; "
                  f"built in {built:.1f} s, {iterations} iterations in {solved:.1f} s")
    if shown is not None:
        console.print(f"{strategy_key}: " + ", ".join(f"{a} {p:.3f}" for a, p in shown.items()))


def _check_infoset(key: str, setup: Any) -> None:
    """The form of a --strategy information set, checked before the game is built and solved."""
    example = f"{'G' if setup.guard else 'M'},{setup.counts},vR"
    match = INFOSET.fullmatch(key)
    if match is None:
        raise JinrouError(f"unknown information set {key!r} (--strategy): write G (the guard's) or M (the wolves'), "
                          f"the counts, then the events, e.g. {example!r}")
    if match["who"] == "G" and not setup.guard:
        raise JinrouError(f"--strategy {key!r}: this setup has no guard (--guard), so information sets start with M")
    if match["counts"] != setup.counts:
        raise JinrouError(f"--strategy {key!r}: this setup's counts (villagers seer guard wolves) are "
                          f"{setup.counts!r}, e.g. {example!r}")


class ShogiPlayer(str, enum.Enum):
    """Who plays a side of quantum mini-shogi."""

    human = "human"
    random = "random"
    search = "search"


@shogi.command("play")
def shogi_play_command(
    sente: Annotated[ShogiPlayer, typer.Option(help="Sente (先手, moves first): human, random or search bot.")] = ShogiPlayer.human,
    gote: Annotated[ShogiPlayer, typer.Option(help="Gote (後手): human, random or search bot.")] = ShogiPlayer.search,
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
    seed = seed if seed is not None else _fresh_seed()
    agents = [None if who is ShogiPlayer.human else make_shogi_agent(who.value) for who in (sente, gote)]
    console = Console()
    console.print(f"[bold]Quantum mini-shogi (量子ミニ将棋)[/bold]: sente {sente.value}, gote {gote.value} — seed {seed}. "
                  "Type 'help' for the notation.")
    play = TerminalShogi(ShogiGame(), agents, np.random.default_rng(seed), console, ascii_only=ascii_only)
    interrupted = False
    try:
        game = play.run()
    except KeyboardInterrupt:
        console.print("\nThe game is interrupted" + (": its record so far is kept." if record else "."))
        game, interrupted = play.game, True
    if record is not None:
        data = ShogiRecord.of(game, (sente.value, gote.value)).write()
        save(record, json.dumps(data, ensure_ascii=False, indent=1) + "\n", console)
    if interrupted:
        raise typer.Exit(130)


@shogi.command("replay")
def shogi_replay_command(
    file: Annotated[Path, typer.Argument(help="A jinrou.shogi/1 record.")],
    adjudicate_types: Annotated[bool, typer.Option("--adjudicate", help="Also run the over-the-board check: fix every type (drawn from the consistent ones) and replay with classical rules; the first foul loses.")] = False,
    seed: Annotated[int, typer.Option(help="Seed of the types drawn for --adjudicate.", min=0)] = 0,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object: the determination list after each move (and the adjudication).")] = False,
    ascii_only: Annotated[bool, typer.Option("--ascii", help="Show piece numbers as digits.")] = False,
) -> None:
    """Replay a record: the board and the determination list after each move, then the result.

    Every move is checked exactly; a move no consistent assignment allows is an error naming the move (counted from 1) and the rule. Format: docs/quantum-shogi.md.
    """
    import numpy as np

    from jinrou.shogi.game import Game as ShogiGame
    from jinrou.shogi.pieces import SIDE_NAMES
    from jinrou.shogi.record import adjudicate, describe_types, result_json
    from jinrou.terminal.shogi import ascii_text, render

    try:
        record = read_file(file, _shogi_record)
    except JinrouError as error:
        fail(ascii_text(str(error)) if ascii_only else error)
    plain = ascii_text if ascii_only else str
    console = Console()
    game = ShogiGame()
    lists = []
    for number, move_text in enumerate(record.moves, 1):
        move = game.push(move_text)
        lists.append(game.determination())
        if not json_output:
            console.rule(f"{number}. {SIDE_NAMES[1 - game.turn]} {move.ascii() if ascii_only else move}")
            render(console, game, ascii_only)
    if record.resigned is not None:
        game.resign(record.resigned)
    verdict = adjudicate(record.moves, np.random.default_rng(seed)) if adjudicate_types else None
    if json_output:
        data = {"moves": list(record.moves), "determination": lists, "result": result_json(game.outcome)}
        if verdict is not None:
            data["adjudication"] = {"types": describe_types(verdict.types),
                                    "foul": None if verdict.foul is None else str(verdict.foul)}
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    console.print(plain(f"[green]✓[/green] {len(record.moves)} moves, every one allowed by a consistent assignment. "
                        f"Result: {game.outcome or 'game in progress'}"))
    if verdict is not None:
        console.print(plain(f"Adjudication with {describe_types(verdict.types)}: {verdict}"))


def _shogi_record(text: str) -> Any:
    from jinrou.shogi.record import Record as ShogiRecord

    data = parse_json(text, JinrouError)
    return ShogiRecord.read(data)


if __name__ == "__main__":  # pragma: no cover
    app()
