"""`jinrou classic …`: classic werewolf as 月下人狼 plays it (roles, replay, simulate, play)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from rich.console import Console
from rich.table import Table as RichTable

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
from jinrou.digits import whole_number
from jinrou.errors import JinrouError
from jinrou.seeds import seed_or_fresh

app = command_group(
    "Classic werewolf as 月下人狼 plays it: its roles, its victory rules, records, bots that claim."
)


@app.command("roles")
def roles_command(
    json_output: Annotated[bool, typer.Option("--json", help="Print the role list as JSON.")] = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print docs/classic-roles.md.")] = False,
) -> None:
    """The playable roles with their team, results and rule, in Japanese and English.

    A card per role, readable at any width; --markdown prints the table of docs/classic-roles.md.

    Example: jinrou classic roles | less
    """
    from jinrou.classic.rolesheet import markdown as role_markdown
    from jinrou.classic.rolesheet import rows
    from jinrou.classic.texts import role_rule

    if markdown:
        typer.echo(role_markdown(), nl=False)
        return
    if json_output:
        typer.echo(json.dumps([r.to_json() for r in rows()], ensure_ascii=False))
        return
    from rich.markup import escape
    from rich.text import Text

    console = Console(highlight=False)
    listed = rows()
    console.print(f"[bold]Classic werewolf roles (役職)[/bold]: {len(listed)}, each with its team, what the seer "
                  "(占) and the medium (霊) see, and its rule\n")
    for r in listed:  # a card per role, readable at any width (a table's rule column was a few letters wide at 80)
        console.print(f"[bold]{escape(r.name_ja)} {escape(r.name_en)}[/bold] ({escape(r.id)}) · {escape(r.team_ja)} {escape(r.team_en)}"
                      f" · 占 {escape(r.fortune)} · 霊 {escape(r.psychic)}")
        for line in Text(role_rule(r.id, "en")).wrap(console, max(20, console.width - 4)):
            line.rstrip()
            console.print(Text("    ").append_text(line), soft_wrap=True)
        console.print()


@app.command("cast")
def cast_command(
    preset: Annotated[str | None, typer.Option(help="A casting preset (配役): its id (普通配役.普通1), its name where it is unique (女王村), or its English name; --list shows them.")] = None,
    players: Annotated[int | None, typer.Option(help="Seats, 身代わりくん included, as the reference's presets count.", min=1, max=1000)] = None,
    list_presets: Annotated[bool, typer.Option("--list", help="List the presets, with the seats each casts.")] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of the table.")] = False,
    seed: Annotated[int | None, typer.Option(help="Seed of a preset that draws its cast (エンドレス闇鍋; default: a fresh one, shown).", min=0)] = None,
) -> None:
    """The roles a casting preset of 月下人狼's room form deals for a number of seats, 村人 included.

    The presets are the reference's: 普通1/2/3, 特殊役職配役, 桃栗配役, テーマ配役 and その他, and 特殊ルール.エンドレス闇鍋
    (`endless`: a 闇鍋 of the engine's roles drawn from --seed, then people join the game; other random
    castings are `jinrou yaminabe cast`). --json prints {"preset", "players", "roles": {role id: count}} (and
    "seed" for a drawn cast).

    Example: jinrou classic cast --preset 女王村 --players 16
    """
    import numpy as np

    from jinrou.classic.catalog import ROLES
    from jinrou.classic.presets import DRAWN, PRESETS, DrawnPreset, Preset, find

    listed: tuple[Preset | DrawnPreset, ...] = (*PRESETS, *DRAWN)
    if list_presets:
        if json_output:
            typer.echo(json.dumps([{"id": p.id, "name_ja": p.name, "name_en": p.name_en, "title_ja": p.title_ja,
                                    "title_en": p.title_en, "seats": [n for n in range(4, 31) if p.accepts(n)],
                                    "suggested": dict(p.suggested), "drawn": isinstance(p, DrawnPreset)}
                                   for p in listed], ensure_ascii=False))
            return
        table = RichTable(title="Casting presets (配役)", title_justify="left")
        for column in ("id", "name", "seats (of 4–30)", "説明 / description"):
            table.add_column(column)
        for p in listed:
            table.add_row(p.id, p.name_en, p.accepted_text().removeprefix("it casts ").removesuffix(" seats (of 4 to 30)"),
                          f"{p.title_ja}\n{p.title_en}")
        Console(highlight=False).print(table)
        return
    drawn_seed = None
    try:
        if preset is None or players is None:
            raise JinrouError("give --preset and --players (or --list for the presets)")
        chosen = find(preset)
        if isinstance(chosen, DrawnPreset):
            drawn_seed = seed_or_fresh(seed)
            from jinrou.yaminabe import deal

            counts = chosen.draw(players, np.random.default_rng(drawn_seed), deal)
        else:
            counts = chosen.cast(players)
    except JinrouError as error:
        fail(error)
    if json_output:
        out: dict[str, Any] = {"preset": chosen.id, "players": players, "roles": counts}
        if drawn_seed is not None:
            out["seed"] = drawn_seed
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    table = RichTable(title=f"{chosen.id} ({chosen.group_en} · {chosen.name_en}) — {players} seats, 身代わりくん included",
                      title_justify="left")
    for column, justify in (("役職", "left"), ("role", "left"), ("陣営", "left"), ("team", "left"), ("×", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for role, count in counts.items():
        entry = ROLES[role]
        table.add_row(entry.name_ja, entry.name_en, entry.team.name_ja, entry.team.name_en, str(count))
    Console(highlight=False).print(table)
    if chosen.suggested:
        typer.echo("suggested: " + ", ".join(f"--setting {k}={v}" for k, v in chosen.suggested.items()))
    if drawn_seed is not None:
        typer.echo(f"drawn from seed {drawn_seed}")


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

    Example: jinrou classic replay examples/classic-moves.json --json
    """
    from jinrou.classic.record import dumps as dump_record
    from jinrou.classic.record import load, write
    from jinrou.classic.replay import replay
    from jinrou.classic.texts import outcome_text

    try:
        data = load(str(file))
    except JinrouError as error:
        fail(error)
    try:
        game = replay(data, seed)
    except JinrouError as error:
        fail(f"{file}: {_typed(str(error), data)}")
    used = data.get("seed") if data.get("seed") is not None else (seed or 0)
    if json_output:
        typer.echo(dump_record(write(game, used)), nl=False)
        return
    console = Console()
    print_transcript(console, game)
    full = "result" in data
    state = (f"game over, {outcome_text(game.outcome.winner_id, 'en')} ({outcome_text(game.outcome.winner_id, 'ja')})"
             if game.outcome else f"game in progress (day {game.day}, {game.stage.value})")
    console.print(f"[green]✓[/green] {'record verified' if full else 'input record completed'}: {state}.")


def _typed(message: str, data: dict) -> str:
    """``event 3: …`` as ``event 3 (day): …``, the event's type from the record, as quantum's
    errors name it."""
    import re

    match = re.match(r"event (\d+): ", message)
    events = data.get("events")
    if match is None or not isinstance(events, list) or not 1 <= int(match[1]) <= len(events):
        return message
    event = events[int(match[1]) - 1]
    kind = event.get("type") if isinstance(event, dict) else None
    if not isinstance(kind, str) or not kind:
        return message
    return f"event {match[1]} ({kind[:20]}): {message[match.end():]}"


def print_transcript(console: Console, game: object) -> None:
    """Every message of a game, private ones marked with their readers."""
    from jinrou.classic.game import Game
    from jinrou.terminal.classic import line

    assert isinstance(game, Game)
    for _, message in game.messages:
        to = "" if message.to is None else "[cyan]→ " + ", ".join(game.names[s] for s in sorted(message.to)) + "[/cyan] "
        console.print(to + line(message, game.names))


# ---------------------------------------------------------------------- casts and settings


def read_cast(roles: str | None, cast_file: Path | None, players: int | None,
              preset: str | None = None) -> tuple[dict[str, int] | str, int | None]:
    """The role list of --roles, --cast (a JSON object of counts, a list of ids, or the output of
    ``jinrou yaminabe cast --json`` or ``jinrou classic cast --json``, whose ``roles`` it takes) or
    --preset (its name, cast for --players), else 普通1."""
    from jinrou.classic.casting import parse_cast
    from jinrou.classic.presets import find
    from jinrou.errors import SetupError
    from jinrou.jsontext import parse_json
    from jinrou.players import MAX_PLAYERS

    if sum(given is not None for given in (roles, cast_file, preset)) > 1:
        raise SetupError("give one of --roles, --cast and --preset")
    if preset is not None:
        if players is None:
            raise SetupError("--preset needs --players (the seats, 身代わりくん included)")
        return find(preset).id, players
    if roles is not None:
        return _at_most(parse_cast(roles), MAX_PLAYERS), players
    if cast_file is not None:
        data = read_file(cast_file, lambda text: parse_json(text, SetupError))
        if isinstance(data, dict) and isinstance(data.get("roles"), dict):  # `jinrou yaminabe cast --json`
            data = data["roles"]
        if isinstance(data, list) and all(isinstance(r, str) for r in data):
            counts: dict[str, int] = {}
            for role in map(_role_id, data):
                counts[role] = counts.get(role, 0) + 1
            return _at_most(counts, MAX_PLAYERS), players
        if isinstance(data, dict):
            named: dict[str, Any] = {}
            for role, count in data.items():
                key, before = _role_id(role), named.get(_role_id(role))
                named[key] = before + count if isinstance(before, int) and isinstance(count, int) else count
            return _at_most(named, MAX_PLAYERS), players
        raise SetupError(f'{cast_file} must hold role counts {{"Werewolf": 2, ...}}, a list of role ids, or a cast of '
                         "`jinrou yaminabe cast --json`")
    if players is None:
        raise SetupError("give --players (the 普通1 cast), --roles or --cast")
    if players > MAX_PLAYERS:  # before any list of seats is built
        raise SetupError(f"classic werewolf takes at most {MAX_PLAYERS} players, not {players}")
    return "normal", players


def _role_id(name: str) -> str:
    """A role named as it is shown (Seer, 占い師, diviner) as its id; another text as it is, for
    the cast's own error."""
    from jinrou.classic.catalog import UnknownRoleError
    from jinrou.classic.naming import by_name

    try:
        return by_name(name).id
    except UnknownRoleError:
        return name


def _at_most(counts: dict, limit: int) -> dict:
    """Role counts whose seats add up to at most ``limit`` (before any list of seats is built)."""
    from jinrou.errors import SetupError

    total = sum(c for c in counts.values() if isinstance(c, int) and not isinstance(c, bool) and c > 0)
    if total > limit:
        raise SetupError(f"classic werewolf takes at most {limit} players, not {total}")
    return counts


def read_requests(pairs: list[str] | None) -> dict[str, str]:
    """``--request NAME=ROLE`` options (希望役職制), by player name."""
    from jinrou.errors import SetupError

    out: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, role = pair.partition("=")
        if not sep or not name.strip() or not role.strip():
            raise SetupError(f"a role request is NAME=ROLE (e.g. B=Diviner), not {pair!r}")
        out[name.strip()] = role.strip()
    return out


def read_settings(pairs: list[str] | None) -> dict[str, str | int]:
    """``--setting name=value`` options (seconds as whole numbers)."""
    from jinrou.classic.settings import SCHEMA, Settings
    from jinrou.errors import SetupError

    out: dict[str, str | int] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SetupError(f"a setting is NAME=VALUE, not {pair!r} (the settings are {', '.join(SCHEMA)})")
        number = whole_number(value) if name in SCHEMA and not SCHEMA[name].choices else None
        out[name] = value if number is None else number
    Settings.parse(out)
    return out


PresetOption = Annotated[str | None, typer.Option(help="A casting preset of the reference (普通2, 女王村 …; `jinrou classic cast --list`) for --players seats; エンドレス闇鍋 (endless) draws each game's cast and a bot arrives each night while the room (--setting capacity=M) has space.")]
Roles = Annotated[str | None, typer.Option(help="The roles: ids, English or Japanese names with counts, any case, e.g. Werewolf:2,Seer,Medium,Villager:5 or 人狼:2,占い師.")]
CastFile = Annotated[Path | None, typer.Option("--cast", help="A JSON file of role counts or of roles (ids, English or Japanese names), or the output of `jinrou yaminabe cast --json --pool playable` (its roles).")]
SettingOption = Annotated[list[str] | None, typer.Option("--setting", metavar="NAME=VALUE", help="A room setting NAME=VALUE (docs/classic-rules.md); repeatable.")]
RequestOption = Annotated[list[str] | None, typer.Option("--request", metavar="NAME=ROLE", help="希望役職制 (with --setting rolerequest=on): the role player NAME asks for before the deal (an id, English or Japanese name); repeatable.")]
BotKind = Annotated[Literal["random", "heuristic"], typer.Option(help="The bots that play the other seats.")]


def _bot_class(kind: str) -> type:
    from jinrou.agents.classic import HeuristicAgent, RandomAgent
    from jinrou.errors import SetupError

    bots = {"random": RandomAgent, "heuristic": HeuristicAgent}
    if kind not in bots:
        raise SetupError(f"unknown bot {kind!r}: choose random or heuristic")
    return bots[kind]


@app.command("simulate")
def simulate_command(
    games: Annotated[int, typer.Option(help="Number of games to play (a million take hours).", min=1, max=1_000_000)],
    seed: Annotated[int, typer.Option(help="Seed of the whole run; each game gets its own seed from it.", min=0)],
    players: Annotated[int | None, typer.Option(help="Seats per game, 身代わりくん included (普通1 unless --roles/--cast/--preset).")] = None,
    roles: Roles = None,
    cast: CastFile = None,
    preset: PresetOption = None,
    bots: BotKind = "heuristic",
    setting: SettingOption = None,
    request: RequestOption = None,
    workers: Annotated[int, typer.Option(help="Processes to play in.", min=1)] = 1,
    record_dir: Annotated[Path | None, typer.Option(help="Write every game's record into this folder.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
) -> None:
    """Play many bot games; print each team's win rate with a 95 % Wilson interval, game lengths and win rates by role.

    Ctrl+C stops every worker at once and prints the summary of the games finished so far
    ("interrupted after N of M games", exit status 130); their records are kept.

    Example: jinrou classic simulate --players 16 --games 1000 --seed 1 --workers 2
    """
    from jinrou.classic.simulate import Simulation
    from jinrou.yaminabe import deal

    try:
        counts, n = read_cast(roles, cast, players, preset)
        settings = read_settings(setting)
        agent = _bot_class(bots)
        if record_dir is not None:
            prepare_folder(record_dir, "--record-dir")
        run = Simulation(counts, games, seed, agent, players=n, settings=settings, record_dir=record_dir,
                         workers=workers, requests=read_requests(request), deal=deal)
    except JinrouError as error:
        fail(error)
    interrupted = False
    played = iter(run)
    try:
        with progress_of(games, "Playing", quiet=json_output or games < 20) as advance:
            for _ in played:
                advance(len(run.finished))
    except KeyboardInterrupt:  # the workers are killed at once; the games finished are summarised
        ignore_further_interrupts()
        played.close()
        interrupted = True
    except OSError as error:
        fail(f"cannot write the records to {record_dir}: {error.strerror or error}")
    results = run.finished  # exactly the games whose records are written
    if interrupted:
        typer.echo(f"interrupted after {len(results)} of {games} games", err=True)
        if not results:
            raise typer.Exit(130)
    summary = run.summary(results)
    if json_output:
        typer.echo(json.dumps({**summary.to_json(), "bots": bots}, ensure_ascii=False))
    else:
        print_summary(Console(), summary, bots)
    if interrupted:
        raise typer.Exit(130)


def print_summary(console: Console, summary: object, bots: str) -> None:
    from jinrou.classic.catalog import Team
    from jinrou.classic.simulate import Summary
    from jinrou.classic.texts import role_name

    assert isinstance(summary, Summary)
    cast = ", ".join(f"{role_name(r, 'ja')}{c}" for r, c in summary.cast.items())
    table = RichTable(title=f"{summary.players} seats ({cast}), {bots} bots — {summary.games} games")
    for column in ("winner", "wins", "rate", "95 % interval"):
        table.add_column(column, justify="left" if column == "winner" else "right")
    for team, interval in summary.rates.items():
        label = "引き分け draw" if team == "Draw" else f"{Team(team).name_ja} {Team(team).name_en}"
        table.add_row(label, str(summary.wins[team]), f"{interval.rate:.1%}", f"{interval.low:.1%} – {interval.high:.1%}")
    console.print(table)
    by_role = RichTable(title="Win rate by role (seats dealt it)")
    for column in ("role", "seats", "won", "rate"):
        by_role.add_column(column, justify="left" if column == "role" else "right")
    for role, (won, seats) in summary.roles.items():
        by_role.add_row(f"{role_name(role, 'ja')} {role_name(role, 'en')}", str(seats), str(won),
                        f"{summary.role_rate(role).rate:.1%}")
    console.print(by_role)
    lengths = ", ".join(f"day {d}: {c}" for d, c in summary.days.items())
    console.print(f"Game length: mean day {summary.mean_days:.2f} ({lengths})")


@app.command("play")
def play_command(
    players: Annotated[int | None, typer.Option(help="Seats, 身代わりくん included (普通1 unless --roles/--cast/--preset).")] = None,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names (after 身代わりくん).")] = None,
    roles: Roles = None,
    cast: CastFile = None,
    preset: PresetOption = None,
    humans: Annotated[int, typer.Option(help="People at this terminal (the first seats after 身代わりくん); 2+ is pass-and-play.")] = 1,
    bots: BotKind = "heuristic",
    setting: SettingOption = None,
    request: RequestOption = None,
    seed: Annotated[int | None, typer.Option(help="Seed of every draw (default: a fresh one, shown).", min=0)] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record (jinrou.classic/1) here at the end.")] = None,
) -> None:
    """Play classic werewolf in the terminal: you against bots, or pass-and-play for a table of people.

    By night you choose your role's actions; by day you make claims (claim CO Seer, claim DIVINED B
    werewolf, claim VOTE C …; 'help' lists them all) and vote. A player is named in any case or by
    his number in the table; a role by its id, English or Japanese name. Lines are shown in Japanese and English. Interrupted (Ctrl+C,
    or Ctrl+D at a prompt), the game so far is still written to --record.

    Example: jinrou classic play --players 9 --roles Werewolf:2,Seer,Medium,Bodyguard,Madman,Villager:3
    """
    import numpy as np

    from jinrou.classic.casting import deal_room, kept_requests, per_seat, start_draws
    from jinrou.classic.game import Game
    from jinrou.classic.record import dumps, write
    from jinrou.classic.settings import Settings
    from jinrou.classic.simulate import SCAPEGOAT_NAME, Drawn, drawn_preset, resolve_cast, seat_names, seat_requests
    from jinrou.terminal.classic import TerminalPlay

    try:
        given_names = [n.strip() for n in names.split(",")] if names else None
        parsed = Settings.parse(read_settings(setting))
        goat = parsed["scapegoat"] == "on"
        if given_names and players is None:
            players = len(given_names) + goat
        counts, n = read_cast(roles, cast, players, preset)
        seed = seed_or_fresh(seed)
        drawn = drawn_preset(counts) if isinstance(counts, str) else None
        if drawn is not None and n is not None:  # エンドレス闇鍋: a 闇鍋 drawn from the seed, endless on
            parsed = Settings.parse({**parsed.values, **drawn.settings})
            from jinrou.yaminabe import deal

            counts = Drawn(drawn.id, n, deal).draw(seed, parsed)
        counts = resolve_cast(counts, n, per_seat(parsed))
        total = sum(counts.values()) // per_seat(parsed)  # the seats (ケミカル人狼: two roles each)
        seat_list = list(seat_names(total, parsed))
        if given_names:
            if len(given_names) != total - goat:
                raise JinrouError(f"{len(given_names)} names for {total - goat} players (plus 身代わりくん)" if goat
                                  else f"{len(given_names)} names for {total} players")
            seat_list = [SCAPEGOAT_NAME, *given_names] if goat else given_names
        if not 0 <= humans <= total - goat:
            raise JinrouError(f"--humans must be between 0 and {total - goat}, not {humans}")
        agent = _bot_class(bots)
        if record is not None:
            check_output(record, "--record")
        rng = np.random.default_rng(seed)
        candidates: list[list[str]] = []  # T.1.9: 盗人's, drawn before dealing
        wanted = read_requests(request)
        if parsed.on("rolerequest") and per_seat(parsed) == 1:  # 希望役職制: the people choose, the bots by their policy
            from jinrou.agents.classic.requests import request_role
            from jinrou.terminal.classic import ask_requests

            people_names = seat_list[goat:goat + humans]
            wanted |= ask_requests([n for n in people_names if n not in wanted], [r for r, c in counts.items() if c],
                                   Console())
            policy = np.random.default_rng([seed, 2])
            for name in seat_list[goat + humans:]:
                if name not in wanted and (role := request_role(counts, policy)) is not None:
                    wanted[name] = role
        asked = seat_requests(wanted, seat_list, parsed, counts)  # 希望役職制, before the deal
        dealt = deal_room(counts, np.random.default_rng([seed, 1]), parsed, candidates, asked)
        game = Game.new(seat_list, dealt, parsed, start_draws(rng, candidates), requests=kept_requests(asked, dealt))
    except JinrouError as error:
        fail(error)
    people = [s for s in game.seats() if s != game.scapegoat][:humans]
    agents = [None if s in people or s == game.scapegoat else agent(counts) for s in game.seats()]
    console = Console()
    listing = ", ".join(f"{role_name_ja(r)}{c}" for r, c in counts.items())
    console.print(f"[bold]Classic werewolf (人狼)[/bold]: {total} seats — {listing} — seed {seed}. "
                  f"People: {', '.join(game.names[s] for s in people) or 'none'}.")
    play = TerminalPlay(game, agents, rng, console)
    try:
        game = play.run()
    except (KeyboardInterrupt, EOFError):  # Ctrl-C, or Ctrl-D at a prompt: keep the game so far
        ignore_further_interrupts()
        console.print("\nThe game is interrupted" + (": its record so far is kept." if record else "."))
        if record is not None:
            save(record, dumps(write(play.game, seed)), console)
        raise typer.Exit(130) from None
    if record is not None:
        save(record, dumps(write(game, seed)), console)


def role_name_ja(role: str) -> str:
    from jinrou.classic.texts import role_name

    return role_name(role, "ja")

