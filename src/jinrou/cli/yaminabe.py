"""``jinrou yaminabe``: 闇鍋 random casting — one cast, or the distributions over many (docs/yaminabe.md).

Thin: options are parsed here, :mod:`jinrou.yaminabe` casts and counts, and this module renders
(a rich table, or one JSON object with ``--json``). Bad input: one line ``error: …`` on stderr,
exit code 2, nothing written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from jinrou.cli.common import check_output, fail
from jinrou.errors import JinrouError

if TYPE_CHECKING:  # numpy and the casting load only when a command runs: ``jinrou yaminabe --help`` stays light
    from jinrou.yaminabe import Request, Safety, Stats

app = typer.Typer(
    help="闇鍋 (yaminabe): 月下人狼's random casting with its eight safety levels, over its 188-role catalog.",
    no_args_is_help=True,
)


Players = Annotated[int, typer.Option("--players", help="Seats n, the scapegoat's included (6 or more).")]
SafetyOption = Annotated[
    str | None,
    typer.Option(help="Safety level: none, low, lowlow, middle, high, super, supersuper, reverse or なし, 低, 低+, 中, 高, 超, 走召, 逆 (default 低; 高 for --mode easy)."),
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
        if not sep or not name or not count.strip().isdigit():
            raise JinrouError(f"bad {what} {item!r}: write NAME=COUNT, e.g. 人狼=2")
        pairs[name.strip()] = pairs.get(name.strip(), 0) + int(count)
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
    fix: Annotated[list[str] | None, typer.Option(help="一部闇鍋: a fixed role ROLE=COUNT (id or Japanese name); repeat it.")] = None,
    fix_category: Annotated[
        list[str] | None, typer.Option(help="一部闇鍋: fixed slots of a category CATEGORY=COUNT (Werewolf or 人狼系); repeat it.")
    ] = None,
    exclude: Annotated[list[str] | None, typer.Option(help="一部闇鍋: a role never cast (unticked); repeat it.")] = None,
    publish: Annotated[str, typer.Option(help="配役公開: full (the role list), team (counts per team) or hidden.")] = "full",
    hide_singleton_teams: Annotated[bool, typer.Option(help="With --publish team: count one-role teams as その他.")] = False,
    ushi: Annotated[bool, typer.Option("--ushi", help="2陣営戦: village and wolf teams only.")] = False,
    date: DateOption = None,
    seasonal: Annotated[bool, typer.Option(help="Run the seasonal events at all.")] = True,
    losemode: Annotated[bool, typer.Option("--losemode", help="敗北村: never cast ニート.")] = False,
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
        f" ({who}) · pool {request.pool_name} · seed {seed}",
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
            check_output(plot_file, "--plot", (".png", ".svg"))
        options = Options(date=parse_date(date) if date is not None else None, faithful=faithful)
        request = Request.build(players, safety, options=options, pool=_pool(pool), weighting=weighting)
        check_castings(castings)
        seed = _seed(seed)
        levels = [request.safety] + [level for level in Safety if plot_file is not None and level is not request.safety]
        results = _run(request, levels, castings, seed, quiet=json_output)
    except JinrouError as error:
        fail(error)
    except KeyboardInterrupt:
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
    from rich.progress import Progress, TaskID

    from jinrou.yaminabe import Safety, statistics

    results: dict[Safety, Stats] = {}
    with Progress(console=Console(stderr=True), transient=True, disable=quiet) as progress:
        for level in levels:
            task = progress.add_task(f"闇鍋 {level.label} ({level.value})", total=castings)
            spawned = seed if level is request.safety else [seed, list(Safety).index(level)]

            def advance(done: int, task: TaskID = task) -> None:
                progress.update(task, completed=done)

            rng = np.random.default_rng(spawned)
            results[level] = statistics(replace(request, safety=level), castings, rng=rng, seed=seed, progress=advance)
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
