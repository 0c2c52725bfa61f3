"""`jinrou offline …`: offline quantum werewolf (オフライン版量子人狼) — the game master's assistant and the
printable recording sheet."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from jinrou.cli.common import check_output, command_group, fail, ignore_further_interrupts, read_file, rescue, save
from jinrou.errors import JinrouError
from jinrou.seeds import seed_or_fresh

if TYPE_CHECKING:
    from jinrou.terminal.offline import GMSession

app = command_group(
    "Offline quantum werewolf (オフライン版量子人狼): an exact assistant for the face-to-face game's master."
)


@app.command("gm")
def gm_command(
    players: Annotated[int, typer.Option(help="Number of players.")] = 10,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names (sets --players).")] = None,
    wolves: Annotated[int | None, typer.Option(help="Wolves (default: 2, 3 from 15 players, 4 from 20).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the assistant's own rolls (default: fresh, shown).", min=0)] = None,
    record: Annotated[Path | None, typer.Option(help="Save the record here after every entry.")] = None,
    resume: Annotated[Path | None, typer.Option(help="Resume the game saved in this record (and keep saving to it).")] = None,
) -> None:
    """Run a face-to-face game: record pointers, announcements and votes; get exact probabilities.

    The assistant applies every rule (deaths by attack, seer-possibility losses, strikes, the win check, the world collapse) and, on an execution, shows the exact P(wolf), the d100 threshold and the source's formula beside it; it takes your roll or draws itself. Type 'help' for the commands; names complete with Tab. Interrupted (Ctrl+C), the game is kept: in --record, else in a file of the temporary folder that is named, and --resume goes on with it.

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
    seed = seed_or_fresh(seed)
    wolves_text = "1 wolf" if game.setup.wolves == 1 else f"{game.setup.wolves} wolves"
    console.print(f"[bold]オフライン版量子人狼[/bold]: {len(game.names)} players, {wolves_text} — "
                  f"seed {seed}{f', saving to {record}' if record else ''}. Type 'help' for commands.")
    session = GMSession(game, console, seed, record)
    try:
        run(session, line_reader(game))
    except KeyboardInterrupt:
        ignore_further_interrupts()
        _keep(session)
        raise typer.Exit(130) from None


def _keep(session: GMSession) -> None:
    """After Ctrl-C: the game saved where it goes (its record), else in the temporary folder, and
    said where, so that --resume goes on with it."""
    from jinrou.offline import record as offline_record

    console = session.console
    if not session.game.entries and session.path is None:
        console.print("\nThe game is interrupted (nothing was entered).")
        return
    where: Path | None = None
    if session.path is not None:
        try:
            session.save(None, quiet=True)
            where = session.path
        except JinrouError:
            pass
    if where is None:
        try:
            where = rescue(offline_record.dumps(session.game, session.seed), "offline", ".json")
        except OSError as error:
            console.print(f"\nThe game is interrupted and cannot be saved: {error.strerror or error}")
            return
    console.print(f"\nThe game is interrupted: it is saved in {where} (go on with --resume {where}).",
                  highlight=False, markup=False)


@app.command("sheet")
def sheet_command(
    players: Annotated[int, typer.Option(help="Number of players.")] = 10,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names (sets --players).")] = None,
    wolves: Annotated[int | None, typer.Option(help="Wolves (default: 2, 3 from 15 players, 4 from 20).")] = None,
    output: Annotated[Path, typer.Option(help="The HTML file to write (.html; print it to PDF from the browser).")] = Path("offline-sheet.html"),
) -> None:
    """Write a printable recording sheet and rules summary (HTML; print it on A4 landscape: one page up to 30 players).

    Example: jinrou offline sheet --names Ann,Bob,Cy,Dee,Eve,Fay,Gus,Hal,Ivy,Jo --output sheet.html
    """
    from jinrou.offline.sheet import pages, sheet_html

    try:
        html = sheet_html(names.split(",") if names else players, wolves)
        check_output(output, "--output", (".html", ".htm"))  # HTML under another name (x.pdf) misleads
    except JinrouError as error:
        fail(error)
    save(output, html, Console(), "sheet")
    count = pages(len(names.split(",")) if names else players)
    Console().print("Open it in a browser and print it: " + (
        "one A4 landscape page." if count == 1 else f"about {count} A4 landscape pages (the player rows go on, "
        "with the column heads repeated)."), highlight=False)

