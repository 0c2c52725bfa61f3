"""`jinrou aiwolf`: the arena where AIWolf (人狼知能) agents play over TCP — a thin call of
:class:`jinrou.aiwolf.server.Arena` (see ``docs/aiwolf.md``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from jinrou.cli.common import command_group, fail, ignore_further_interrupts, prepare_folder
from jinrou.errors import JinrouError, SetupError

app = command_group("AIWolf (人狼知能) agents as players: the arena of the protocol's contest, over TCP.")


@app.command("serve")
def serve_command(
    port: Annotated[int, typer.Option(help="TCP port the agents connect to (0: any free one, printed).",
                                      min=0, max=65535)] = 10000,
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")] = "127.0.0.1",
    players: Annotated[int, typer.Option(help="Seats: 5 or 15 (the official casts).")] = 5,
    games: Annotated[int, typer.Option(help="Games to play with the same agents (a tournament).", min=1,
                                       max=1_000_000)] = 1,
    wait: Annotated[float, typer.Option(help="Seconds to wait for agents; jinrou's bots take the seats left.",
                                        min=0)] = 30.0,
    timeout: Annotated[float, typer.Option(help="Seconds an agent may take to answer a request; then a substitute "
                                           "answers (Skip, a random legal target).", min=0.001)] = 1.0,
    seed: Annotated[int, typer.Option(help="Seed of the tournament (game g plays with seed + g - 1).", min=0)] = 0,
    bots: Annotated[str, typer.Option(help="jinrou's bots for empty seats and lost agents: heuristic or random.")]
    = "heuristic",
    record_dir: Annotated[Path | None, typer.Option(help="Write every game's jinrou.classic/1 record here.")] = None,
    nlp: Annotated[bool, typer.Option("--nlp", help="The NLP flavour (自然言語部門): agents connect by WebSocket "
                                      "(ws://HOST:PORT/ws) and talk in free text.")] = False,
) -> None:
    """Run the AIWolf arena: agents connect over TCP, play the official sequencing, get substitutes when late; one JSON summary line per game, then the tournament's wins per agent and role with 95 % intervals.

    Example: jinrou aiwolf serve --port 10000 --players 5 --games 100 --record-dir games/
    """
    from jinrou.agents.classic import make_classic_agent
    from jinrou.aiwolf.server import Arena, listen
    from jinrou.aiwolf.wire import CASTS

    try:
        if players not in CASTS:
            raise SetupError(f"--players must be 5 or 15 (the official casts), not {players}")
        if bots not in ("heuristic", "random"):
            raise SetupError(f"unknown bot {bots!r}: choose heuristic or random")
        if record_dir is not None:
            prepare_folder(record_dir, "--record-dir")
        listener = listen(host, port)
    except JinrouError as error:
        fail(error)
    bound = listener.getsockname()[1]
    typer.echo(json.dumps({"listening": f"{host}:{bound}", "players": players, "games": games, "wait": wait}),
               err=True)
    if nlp:
        from jinrou.aiwolf.nlp import NlpArena

        arena: Arena = NlpArena(listener, players, lambda cast: make_classic_agent(bots, cast), timeout, seed,
                                f"jinrou-{bots}")
    else:
        arena = Arena(listener, players, lambda cast: make_classic_agent(bots, cast), timeout, seed, f"jinrou-{bots}")
    interrupted = False
    try:
        connected = arena.connect(wait)
        typer.echo(json.dumps({"connected": [p.name for p in connected]}, ensure_ascii=False), err=True)
        arena.play(games, str(record_dir) if record_dir else None,
                   lambda summary: typer.echo(json.dumps(summary, ensure_ascii=False)))
    except KeyboardInterrupt:  # Ctrl+C: the games finished so far are summarised
        ignore_further_interrupts()
        interrupted = True
        typer.echo(f"interrupted after {arena.tournament.games} of {games} games", err=True)
    except OSError as error:
        fail(f"cannot write the records to {record_dir}: {error.strerror or error}")
    finally:
        arena.close()
    typer.echo(json.dumps({"tournament": arena.tournament.to_json()}, ensure_ascii=False))
    if interrupted:
        raise typer.Exit(130)
