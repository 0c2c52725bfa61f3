"""``jinrou yaminabe``: 闇鍋 random casting — one cast, the distributions over many (docs/yaminabe.md),
the team-ratio study with bot games and the tuner of the balanced level (docs/yaminabe-study.md).

Thin: options are parsed here, :mod:`jinrou.yaminabe` casts and counts, and this module renders
(a rich table, or one JSON object with ``--json``). Bad input: one line ``error: …`` on stderr,
exit code 2, nothing written.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer
from rich.console import Console
from rich.table import Table

from jinrou.cli.common import check_output, check_plot, fail, ignore_further_interrupts
from jinrou.cli.progress import progress_of
from jinrou.digits import whole_number
from jinrou.errors import JinrouError

if TYPE_CHECKING:  # numpy and the casting load only when a command runs: ``jinrou yaminabe --help`` stays light
    from jinrou.yaminabe import Request, Safety, Stats
    from jinrou.yaminabe.study import StudyResult
    from jinrou.yaminabe.tuner import Round, Tuned

app = typer.Typer(
    help="闇鍋 (yaminabe): 月下人狼's random casting with its eight safety levels, over its 188-role catalog.",
    no_args_is_help=True,
)


Players = Annotated[int, typer.Option("--players", help="Seats n, the scapegoat's included (6 or more).")]
SafetyOption = Annotated[
    str | None,
    typer.Option(help="Safety level: none, low, lowlow, middle, high, super, supersuper, reverse, balanced or なし, 低, 低+, 中, 高, 超, 走召, 逆, バランス (default 低; 高 for --mode easy)."),
]  # fmt: skip
Seed = Annotated[int | None, typer.Option(help="Seed of every random draw (default: a fresh one, shown).", min=0)]
PoolOption = Annotated[str, typer.Option(help="Roles to cast from: catalog (all 188) or playable (those the classic engine plays).")]
WeightingOption = Annotated[
    str,
    typer.Option(help="uniform: every allowed role of the pool equally likely; catalog: pool roles keep their chance from the whole catalog."),
]  # fmt: skip
DateOption = Annotated[str | None, typer.Option(help="The room's date MM-DD for the seasonal events (default: a day without any).")]
Faithful = Annotated[bool, typer.Option("--faithful", help="Reproduce the reference server's defects (docs/yaminabe.md).")]


def _pool(name: str) -> str:
    """A pool named on the command line: catalog or playable (role lists are the library's)."""
    if name not in ("catalog", "playable"):
        raise JinrouError(f"unknown pool {name!r}: pools are catalog and playable")
    return name


def _seed(seed: int | None) -> int:
    import numpy as np

    return seed if seed is not None else int(np.random.SeedSequence().generate_state(1)[0])


def _pairs(items: list[str] | None, what: str) -> dict[str, int]:
    """``NAME=COUNT`` options as a mapping."""
    pairs: dict[str, int] = {}
    for item in items or []:
        name, sep, count = item.rpartition("=")
        number = whole_number(count)
        if not sep or not name or number is None:
            raise JinrouError(f"bad {what} {item[:40]!r}: write NAME=COUNT, e.g. 人狼=2")
        pairs[name.strip()] = pairs.get(name.strip(), 0) + number
    return pairs


@app.command("cast")
def cast_command(
    players: Players,
    safety: SafetyOption = None,
    seed: Seed = None,
    pool: PoolOption = "catalog",
    weighting: WeightingOption = "uniform",
    mode: Annotated[
        str | None,
        typer.Option(help="yaminabe (闇鍋), partial (一部闇鍋) or easy (かんたん闇鍋); default: partial when something is fixed or excluded."),
    ] = None,
    fix: Annotated[list[str] | None, typer.Option(metavar="ROLE=COUNT", help="一部闇鍋: a fixed role ROLE=COUNT, the role by its id, English or Japanese name (占い師=1, Seer=1); repeat it.")] = None,
    fix_category: Annotated[
        list[str] | None, typer.Option(metavar="CATEGORY=COUNT", help="一部闇鍋: fixed slots of a category CATEGORY=COUNT (Werewolf or 人狼系); repeat it.")
    ] = None,
    exclude: Annotated[list[str] | None, typer.Option(metavar="ROLE", help="一部闇鍋: a role never cast (unticked), by its id, English or Japanese name; repeat it.")] = None,
    publish: Annotated[str, typer.Option(help="配役公開: full (the role list), team (counts per team) or hidden.")] = "full",
    hide_singleton_teams: Annotated[bool, typer.Option(help="With --publish team: count one-role teams as その他.")] = False,
    ushi: Annotated[bool, typer.Option("--ushi", help="2陣営戦: village and wolf teams only.")] = False,
    date: DateOption = None,
    seasonal: Annotated[bool, typer.Option(help="Run the seasonal events at all.")] = True,
    losemode: Annotated[bool, typer.Option("--losemode", help="敗北村: never cast ニート.")] = False,
    chemical: Annotated[
        bool, typer.Option("--chemical", help="ケミカル人狼: deal two roles a seat (twice as many roles, sized by the seats).")
    ] = False,
    scapegoat: Annotated[bool, typer.Option(help="One of the seats is 身代わりくん (the scapegoat).")] = True,
    faithful: Faithful = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of the table.")] = False,
) -> None:
    """Cast one 闇鍋: every role with its Japanese and English names and team, and what the room is told.

    Example: jinrou yaminabe cast --players 16 --safety 中 --seed 7
    """
    import numpy as np

    from jinrou.classic.catalog import ROLES
    from jinrou.yaminabe import Options, Publication, Request, cast_from
    from jinrou.yaminabe.casting import uniforms
    from jinrou.yaminabe.request import parse_date

    try:
        options = Options(
            scapegoat=scapegoat, publish=Publication.parse(publish), hide_singleton_teams=hide_singleton_teams, ushi=ushi,
            date=parse_date(date) if date is not None else None, seasonal=seasonal, losemode=losemode, faithful=faithful,
            chemical=chemical,
        )  # fmt: skip
        fixed, fixed_categories = _pairs(fix, "--fix"), _pairs(fix_category, "--fix-category")
        chosen = mode if mode is not None else "partial" if fixed or fixed_categories or exclude else "yaminabe"
        request = Request.build(
            players, safety, mode=chosen, fixed=fixed, fixed_categories=fixed_categories, excluded=exclude or (),
            options=options, pool=_pool(pool), weighting=weighting,
        )  # fmt: skip
        seed = _seed(seed)
        casting = cast_from(request, uniforms(np.random.default_rng(seed)))
    except JinrouError as error:
        fail(error)
    if json_output:
        typer.echo(json.dumps({**casting.to_json(), "seed": seed}, ensure_ascii=False))
        return
    console = Console()
    who = f"{request.players} players + 身代わりくん" if scapegoat else f"{request.players} players"
    console.print(
        f"[bold]{request.mode.label}[/bold] · safety {request.safety.label} ({request.safety.value}) · {request.seats} seats"
        f" ({who}){' · ケミカル人狼: two roles a seat' if chemical else ''} · pool {request.pool_name} · seed {seed}",
        highlight=False,
    )
    table = Table(title=casting.published.announcement_ja, title_justify="left")
    for column, justify in (("役職", "left"), ("role", "left"), ("陣営", "left"), ("team", "left"), ("×", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for role, count in casting.counts.items():
        entry = ROLES[role]
        table.add_row(entry.name_ja, entry.name_en, entry.team.name_ja, entry.team.name_en, str(count))
    console.print(table)
    published = casting.published
    if published.text_ja:
        console.print(published.text_ja, highlight=False)
        console.print(published.text_en, highlight=False)
    else:
        console.print("配役非公開 — the role list is hidden from the room.", highlight=False)


@app.command("stats")
def stats_command(
    players: Players,
    safety: SafetyOption = None,
    castings: Annotated[int, typer.Option(help="How many castings (K).")] = 10_000,
    seed: Seed = None,
    date: DateOption = None,
    pool: PoolOption = "catalog",
    weighting: WeightingOption = "uniform",
    faithful: Faithful = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print exactly one JSON object (percentages).")] = False,
    plot_file: Annotated[
        Path | None, typer.Option("--plot", help="Also draw the team shares of every safety level side by side (PNG or SVG).")
    ] = None,
) -> None:
    """The distributions over K castings: team shares, wolf counts, fox counts, how often each role appears.

    With --plot it casts K times at each of the eight levels too, and draws their team-share distributions side by side — the picture a host wants before choosing a level.

    Example: jinrou yaminabe stats --players 12 --safety 中 --castings 10000 --seed 1 --json
    """
    from jinrou.yaminabe import Options, Request, Safety, plot
    from jinrou.yaminabe.request import parse_date
    from jinrou.yaminabe.stats import check_castings

    try:
        if plot_file is not None:
            check_plot(plot_file, "--plot", (".png", ".svg"), "study")
        options = Options(date=parse_date(date) if date is not None else None, faithful=faithful)
        request = Request.build(players, safety, options=options, pool=_pool(pool), weighting=weighting)
        check_castings(castings)
        seed = _seed(seed)
        levels = [request.safety] + [level for level in Safety if plot_file is not None and level is not request.safety]
        results = _run(request, levels, castings, seed, quiet=json_output)
    except JinrouError as error:
        fail(error)
    except KeyboardInterrupt:
        ignore_further_interrupts()
        typer.echo("interrupted: no figures", err=True)
        raise typer.Exit(130) from None
    stats = results[request.safety]
    if plot_file is not None:
        try:
            plot([results[level] for level in Safety], str(plot_file))
        except OSError as error:
            fail(f"cannot write the chart to {plot_file}: {error.strerror or error}")
    if json_output:
        typer.echo(json.dumps(stats.to_json(), ensure_ascii=False))
        return
    _print_stats(stats)
    if plot_file is not None:
        Console().print(f"Chart written to {plot_file}", highlight=False)


def _run(request: Request, levels: list[Safety], castings: int, seed: int, *, quiet: bool) -> dict[Safety, Stats]:
    """Statistics of ``request`` at each level — the asked one from ``seed``, the others from seeds
    spawned from it — with a progress bar on stderr unless ``quiet``."""
    from dataclasses import replace

    import numpy as np

    from jinrou.yaminabe import Safety, statistics

    results: dict[Safety, Stats] = {}
    with progress_of(castings * len(levels), "闇鍋 castings", quiet) as advance:
        for index, level in enumerate(levels):
            spawned = seed if level is request.safety else [seed, list(Safety).index(level)]

            def told(done: int, before: int = index * castings) -> None:
                advance(before + done)

            rng = np.random.default_rng(spawned)
            results[level] = statistics(replace(request, safety=level), castings, rng=rng, seed=seed, progress=told)
    return results


def _print_stats(stats: Stats) -> None:
    from jinrou.classic.catalog import ROLES
    from jinrou.yaminabe.stats import GROUPS

    request = stats.request
    console = Console()
    console.print(
        f"[bold]闇鍋 {request.safety.label} ({request.safety.value})[/bold] · {request.seats} seats · pool"
        f" {request.pool_name} ({request.weighting.value}) · {stats.castings} castings · seed {stats.seed}",
        highlight=False,
    )
    if stats.failures:
        console.print(f"the reference would refuse {stats.failures} of them (faithful); the figures are over the rest")
    shares = Table(title="team share of the seats (mean %)", title_justify="left")
    for group in GROUPS:
        shares.add_column(group, justify="right")
    shares.add_row(*[f"{stats.team_share[g]:.1f}" for g in GROUPS])
    console.print(shares)
    console.print(f"P(wolf team ≥ half the seats): {stats.p_wolf_team_half:.2f} %   distinct roles per cast: {stats.distinct_roles_mean:.2f}")
    for title, counts in (("人狼系 roles", stats.werewolf_category_count), ("fox-team seats", stats.fox_team_count)):
        console.print(f"{title}: " + "  ".join(f"{k}: {v:.1f} %" for k, v in counts.items()), highlight=False)
    roles = Table(title="most frequent roles: P(at least one) %", title_justify="left")
    for column in ("役職", "role", "%"):
        roles.add_column(column, justify="right" if column == "%" else "left")
    for role, p in sorted(stats.p_role.items(), key=lambda item: -item[1])[:20]:
        roles.add_row(ROLES[role].name_ja, ROLES[role].name_en, f"{p:.1f}")
    console.print(roles)


# ----------------------------------------------------------------------------- the team-ratio study

PlayersRange = Annotated[str, typer.Option("--players", help="Seat counts: a range 8-20, a list 8,12,16 or one number.")]
Workers = Annotated[int | None, typer.Option(help="Processes here (default: every core).", min=1)]
Cluster = Annotated[str | None, typer.Option(help="A Dask scheduler address (tcp://host:8786): play the games on its workers.")]
Bots = Annotated[Literal["random", "heuristic"], typer.Option(help="The bots that play.")]
StudyPool = Annotated[str, typer.Option("--pool", help="Roles to cast from: catalog (every role 闇鍋 casts) or playable (the roles the classic engine declares).")]
StudyDate = Annotated[
    str, typer.Option("--date", help="The seasonal events' day: drawn (each game's own, uniform over the 365 days of a year, from its seed), none (a day without events) or one day MM-DD for every game."),
]  # fmt: skip


def _players_range(text: str) -> list[int]:
    """``8-20``, ``8,12,16`` or ``12`` as seat counts."""
    numbers: list[int] = []
    for part in text.split(","):
        low, sep, high = part.strip().partition("-")
        first, top = whole_number(low), whole_number(high) if sep else None
        if first is None or (sep and top is None):
            raise JinrouError(f"bad --players {text[:40]!r}: write a range 8-20, a list 8,12,16 or one number")
        last = first if top is None else top
        if last < first:
            raise JinrouError(f"bad --players {text!r}: a range goes up, e.g. 8-20")
        if last > 1000:  # before a huge range is built; the casting's own check says more
            raise JinrouError(f"bad --players {text!r}: 闇鍋 takes at most 1000 seats")
        numbers += range(first, last + 1)
    return numbers


def _connect(cluster: str | None):  # type: ignore[no-untyped-def]
    """A Dask client of ``--cluster``, or None."""
    if cluster is None:
        return None
    from jinrou.solve.table import connect

    return connect(cluster)


@app.command("study")
def study_command(
    levels: Annotated[str, typer.Option(help="Safety levels, comma-separated (values or labels).")] = "low,middle,high,balanced",
    players: PlayersRange = "8-20",
    games: Annotated[int, typer.Option(help="Games per safety level and seat count (K).", min=1, max=1_000_000)] = 100,
    seed: Seed = None,
    weighting: WeightingOption = "uniform",
    pool: StudyPool = "catalog",
    date: StudyDate = "drawn",
    bots: Bots = "heuristic",
    workers: Workers = None,
    cluster: Cluster = None,
    results: Annotated[
        Path | None, typer.Option(help="Results file (JSON lines): each finished chunk of games is added; a rerun skips them.")
    ] = None,
    plot_file: Annotated[Path | None, typer.Option("--plot", help="Draw the article's figure: share of the seats against win rate (PNG or SVG).")] = None,
    bin_width: Annotated[int, typer.Option("--bin", help="Width of the share bins, in percent (a divisor of 100).", min=1, max=100)] = 5,
    min_games: Annotated[int, typer.Option(help="Leave out of the figure the bins with fewer games.", min=1)] = 30,
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as JSON lines (study, level, players, share).")] = False,
) -> None:
    """The source article's study redone with bots: cast K 闇鍋 games per safety level and seat count from the whole catalog (--pool), on days drawn over the year (--date), let the bots play them, and report each team's share of the seats against its win rate (Wilson 95 % intervals).

    Example: jinrou yaminabe study --levels 低,中,バランス --players 8-20 --games 200 --seed 1 --plot study.png --results study.jsonl
    """
    import os

    from jinrou.yaminabe.runs import run_study
    from jinrou.yaminabe.study import Plan, plot_study

    done, total = [0], 0  # games finished, of the plan's
    try:
        if 100 % bin_width:
            raise JinrouError(f"--bin {bin_width}: the width of the share bins must divide 100 (1, 2, 4, 5, 10, 20, 25, 50)")
        if plot_file is not None:
            check_plot(plot_file, "--plot", (".png", ".svg"), "study")
        if results is not None:
            check_output(results, "--results", (".jsonl", ".json", ".txt"))
            if seed is None:
                raise JinrouError("--results needs --seed, so that a rerun plays the same games and skips those done")
        plan = Plan.build(levels=tuple(x.strip() for x in levels.split(",") if x.strip()), players=tuple(_players_range(players)),  # type: ignore[arg-type]
                    games=games, seed=_seed(seed), weighting=weighting, bots=bots, pool=_pool(pool), date=date)  # type: ignore[arg-type]
        client = _connect(cluster)  # before the bar: an unreachable scheduler is one line
        total = plan.total
        with progress_of(plan.total, "闇鍋 games", json_output) as advance, \
                client if client is not None else contextlib.nullcontext():
            def counted(games: int) -> None:
                done[0] = games
                advance(games)

            result = run_study(plan, workers=workers or os.cpu_count() or 1, client=client, results=results, progress=counted)
    except JinrouError as error:
        fail(error)
    except KeyboardInterrupt:  # the workers are killed at once (jinrou.workers); the results file keeps what finished
        ignore_further_interrupts()
        kept = f"; the finished chunks are kept in {results}: rerun to go on" if results is not None else ""
        typer.echo(f"interrupted after {done[0]} of {total} games: no report{kept}", err=True)
        raise typer.Exit(130) from None
    if json_output:
        for line in result.json_lines(bin_width):
            typer.echo(json.dumps(line, ensure_ascii=False))
    else:
        _print_study(result)
    if plot_file is not None:
        try:
            plot_study(result, str(plot_file), bin_width, min_games)
        except OSError as error:
            fail(f"cannot write the figure to {plot_file}: {error.strerror or error}")
        if not json_output:
            Console().print(f"Figure written to {plot_file}", highlight=False)


def _print_study(result: StudyResult) -> None:
    from jinrou.yaminabe.study import SIDES, Side

    plan = result.plan
    console = Console()
    console.print(
        f"[bold]闇鍋 study[/bold] · {plan.bots} bots · pool {plan.pool} ({plan.weighting.value}) · date {plan.date} · seats"
        f" {', '.join(map(str, plan.players))} · {plan.games} games each · seed {plan.seed}",
        highlight=False,
    )
    table = Table(title="win rates per safety level and team (%)", title_justify="left")
    for column in ("level", "陣営", "team", "share of seats", "win rate", "95 % CI", "win rate when cast"):
        table.add_column(column, justify="left" if column in ("level", "陣営", "team") else "right")
    for level in plan.levels:
        for side in (*SIDES, Side.DRAW):
            i = result.overall(level, side).interval
            drawn = side is Side.DRAW
            present = result.present(level, side).interval if not drawn else None
            table.add_row(
                f"{level.label} {level.value}" if side is SIDES[0] else "", side.name_ja, side.value,
                "" if drawn else f"{float(result.mean_share(level, side)) * 100:.1f}", f"{100 * i.rate:.1f}",
                f"{100 * i.low:.1f}–{100 * i.high:.1f}", "" if present is None or present.rate != present.rate else f"{100 * present.rate:.1f}",
                end_section=drawn,
            )
    console.print(table)
    village = Table(title="village win rate % by seats", title_justify="left")
    village.add_column("level")
    for n in plan.players:
        village.add_column(str(n), justify="right")
    for level in plan.levels:
        village.add_row(level.label, *[f"{100 * (result.by_players(level, n, Side.VILLAGE).interval.rate):.0f}" for n in plan.players])
    console.print(village)
    unplayable = sum(result.unplayable.values())
    if unplayable:
        console.print(f"{unplayable} casts could not be played (身代わりくん had no role it may be dealt, or the game stalled)")
    console.print("The share bins (the figure's points) are in --json (kind 'share') and drawn by --plot.", highlight=False)


@app.command("tune")
def tune_command(
    players: PlayersRange = "8-20",
    rounds: Annotated[int, typer.Option(help="Rounds of the search per seat count (with --secant: rounds played at the estimate, 0 allowed).", min=0, max=1000)] = 10,
    games: Annotated[int, typer.Option(help="Games per round.", min=1, max=1_000_000)] = 400,
    check_games: Annotated[int, typer.Option(help="Fresh games that check each answer.", min=1, max=1_000_000)] = 2000,
    retries: Annotated[int, typer.Option(help="Checks that may follow a missed one, each after a step from it.", min=0, max=100)] = 3,
    werewolves: Annotated[float | None, typer.Option(help="Fix the mean number of 人狼系 roles of the rows tuned (⌊m⌋, plus one w.p. its fraction; default: 中's table; every count below half the seats).", min=1)] = None,
    secant_knob: Annotated[Literal["werewolves", "wolf"] | None, typer.Option("--secant", help="Search this knob alone by secant steps instead (werewolves: the mean 人狼系 count; wolf: the wolf centre), the others kept at the start's; needs --bracket or --slope.")] = None,
    bracket: Annotated[str | None, typer.Option(help="With --secant: two values LO,HI of the knob, played first; the village's win rate between them is the slope (e.g. 1,2).")] = None,
    slope: Annotated[float | None, typer.Option(help="With --secant: the village's win rate per unit of the knob (below 0; e.g. -0.8 for the wolf centre).")] = None,
    start_from: Annotated[Path | None, typer.Option(help="A balanced table (JSON) to start each search from: its row for the seat count, or the nearest (its 人狼系 count too, unless --werewolves); fewer rounds then do.")] = None,
    seed: Seed = None,
    pool: StudyPool = "catalog",
    date: StudyDate = "drawn",
    bots: Bots = "heuristic",
    workers: Workers = None,
    cluster: Cluster = None,
    output: Annotated[Path | None, typer.Option(help="Write the balanced table (JSON) here; the package's is src/jinrou/yaminabe/data/balanced.json.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON line per seat count (answer, check, rounds).")] = False,
) -> None:
    """Tune the balanced level (バランス): per seat count, the team-ratio targets (wolf and village share ranges, mean foxes and lovers) that bring the bots' village win rate to 50 % ± 2 % with the wolf team above 35 % and the fox team below 10 %.

    Progress goes to stderr (a line every few seconds when it is not a terminal). Ctrl+C keeps what
    was found: the rows tuned, and for the seat count under way the best round so far (marked
    unchecked), are written as the table (to --output, else printed); exit status 130. The whole
    8–20 run takes hours on 2 cores (docs/yaminabe-study.md).

    Example: jinrou yaminabe tune --players 8-20 --seed 1 --output balanced.json   (one row: --players 8 --werewolves 2)
    """
    import math
    import os

    from jinrou.yaminabe.tuner import Goal, Knobs, best_so_far, bots_evaluator, secant, table_of, tune

    tuned: list[Tuned] = []
    seen: list[Round] = []  # the rounds and checks of the seat count under way
    seats: list[int] = []
    n, interrupted = 0, False
    try:
        if output is not None:
            check_output(output, "--output", (".json",))
        seats = _players_range(players)
        if werewolves is not None and 2 * math.ceil(werewolves) >= min(seats):
            raise JinrouError(f"--werewolves {werewolves:g}: the 人狼系 roles must be below half the seats ({min(seats)} seats)")
        if secant_knob is None and (bracket is not None or slope is not None):
            raise JinrouError("--bracket and --slope go with --secant KNOB (werewolves or wolf)")
        ends = _bracket(bracket)
        if werewolves is not None and werewolves.is_integer():
            werewolves = int(werewolves)  # a whole number, written as one
        seed = _seed(seed)
        start = _start_table(start_from)
        starts = {n: Knobs(werewolves=werewolves) if start is None else Knobs.of(start.for_seats(n)) for n in seats}
        for n, knobs in starts.items():
            if werewolves is not None:
                starts[n] = knobs = replace(knobs, werewolves=werewolves)
            if knobs.werewolves is not None and 2 * math.ceil(knobs.werewolves) >= n:
                raise JinrouError(f"--start-from: its row for {n} seats casts {knobs.werewolves} 人狼系 roles; they must be below half the seats")
        from jinrou.yaminabe.study import Plan

        checked = Plan.build(levels=("balanced",), players=tuple(seats), games=games, seed=seed, bots=bots, pool=_pool(pool),
                             date=date)  # the plan's checks, before any game
        date = checked.date
        client = _connect(cluster)
        evaluate = bots_evaluator(bots, workers=workers or os.cpu_count() or 1, client=client, pool=pool, date=date)
        steps = rounds + retries + 1 + (2 if ends else 0)  # the progress counts rounds and checks, a missed check's retries at most
        with progress_of(len(seats) * steps, "tuning (rounds)", json_output) as advance, \
                client if client is not None else contextlib.nullcontext():
            for n in seats:
                def told(k: int, r: Round) -> None:
                    seen.append(r)
                    advance(len(tuned) * steps + k + 1)

                seen.clear()
                if secant_knob is not None:
                    tuned.append(secant(n, evaluate, seed=seed, knob=secant_knob, start=starts[n], bracket=ends, slope=slope, rounds=rounds,
                                        games=games, check_games=check_games, retries=retries, on_round=told))
                else:
                    tuned.append(tune(n, evaluate, seed=seed, rounds=rounds, games=games, check_games=check_games,
                                      retries=retries, start=starts[n], on_round=told))
                seen.clear()
                advance(len(tuned) * steps)
                if json_output:
                    typer.echo(json.dumps(_tuned_json(tuned[-1]), ensure_ascii=False))
    except JinrouError as error:
        fail(error)
    except KeyboardInterrupt:  # the workers are killed at once; the rows tuned and the best round so far are kept
        ignore_further_interrupts()
        interrupted = True
    about: dict[str, object] = {"bots": bots, "pool": pool, "date": date, "seed": seed,
                                **({"start_from": start_from.name} if start_from is not None else {}), "rounds": rounds, "games": games, "check_games": check_games,
             "retries": retries, "goal": Goal().to_json(),
                                **({"secant": secant_knob, **({"bracket": list(ends)} if ends else {"slope": slope})} if secant_knob else {})}
    if interrupted:
        if seen:
            tuned.append(best_so_far(n, list(seen)))
            about["unchecked"] = [n]  # its row is the best round of an interrupted search
            if json_output:
                typer.echo(json.dumps({**_tuned_json(tuned[-1]), "unchecked": True}, ensure_ascii=False))
        if not tuned:
            typer.echo("interrupted before the first round ended: no table", err=True)
            raise typer.Exit(130)
        about["interrupted"] = True
        partial = f"; {n} seats: the best of {len(seen)} rounds, unchecked" if seen else ""
        typer.echo(f"interrupted: the table holds {len(tuned)} of {len(seats)} seat counts{partial}", err=True)
    table = table_of(tuned, about)
    text = table.dumps()
    if output is not None:
        from jinrou.cli.common import save

        save(output, text, Console(stderr=json_output or interrupted), "table")
    elif not json_output:
        typer.echo(text, nl=False)
    if not json_output:
        _print_tuned(tuned, {n} if seen and interrupted else set())
    if interrupted:
        raise typer.Exit(130)


def _bracket(text: str | None) -> tuple[float, float] | None:
    """``--bracket LO,HI`` as two numbers (None without it); a one-line error otherwise."""
    if text is None:
        return None
    try:
        low, high = (float(part) for part in text.split(","))
    except ValueError:
        raise JinrouError(f"--bracket {text!r}: two numbers LO,HI, the smaller first (e.g. 1,2)") from None
    return (low, high)


def _start_table(path: Path | None):  # type: ignore[no-untyped-def]
    """The balanced table of ``--start-from`` (None without it); a one-line error if unreadable."""
    if path is None:
        return None
    from jinrou.yaminabe.ratios import BalancedTable

    try:
        return BalancedTable.from_json(json.loads(path.read_text(encoding="utf-8")))
    except OSError as error:
        raise JinrouError(f"--start-from {str(path)!r}: cannot read it ({error.strerror or error})") from None
    except ValueError as error:  # bad JSON, or a table the package refuses (CastingError is a ValueError)
        raise JinrouError(f"--start-from {str(path)!r}: not a balanced table ({str(error).splitlines()[0]})") from None


def _tuned_json(t: Tuned) -> dict[str, object]:
    games = sum(t.check.values())
    return {"players": t.players, "ratios": t.knobs.ratios().to_json(), "met": t.met, "check_games": games,
            "check": {side.value: count for side, count in t.check.items()},
            "rounds": [_round_json(r) for r in t.rounds], "checks": [_round_json(r) for r in t.checks]}


def _round_json(r: Round) -> dict[str, object]:
    return {"ratios": r.knobs.ratios().to_json(), "wins": {s.value: c for s, c in r.wins.items()}}


def _print_tuned(tuned: list[Tuned], unchecked: set[int]) -> None:
    from jinrou.yaminabe.study import Side

    games = sum(tuned[0].check.values()) if tuned else 0
    table = Table(title=f"balanced level (バランス): targets, and win rates % over {games} fresh games", title_justify="left")
    for column in ("seats", "village share", "wolf share", "foxes", "lovers", "village", "wolf", "fox", "goal"):
        table.add_column(column, justify="right")
    for t in tuned:
        r, total = t.knobs.ratios(), sum(t.check.values())
        rates = [f"{100 * t.check.get(side, 0) / total:.1f}" for side in (Side.VILLAGE, Side.WOLF, Side.FOX)]
        table.add_row(str(t.players), f"{100 * r.village[0]:.0f}–{100 * r.village[1]:.0f}", f"{100 * r.wolf[0]:.0f}–{100 * r.wolf[1]:.0f}",
                      f"{r.fox:.2f}", f"{r.lovers:.2f}", *rates, "partial" if t.players in unchecked else "met" if t.met else "missed")
    Console().print(table)
