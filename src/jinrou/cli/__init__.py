"""The ``jinrou`` command. Thin: parse options, call the library, render (or print ``--json``).

One module per command group — :mod:`~jinrou.cli.quantum`, :mod:`~jinrou.cli.offline`,
:mod:`~jinrou.cli.strategy`, :mod:`~jinrou.cli.solve`, :mod:`~jinrou.cli.shogi`,
:mod:`~jinrou.cli.classic`, :mod:`~jinrou.cli.yaminabe`, :mod:`~jinrou.cli.aiwolf` — and :mod:`~jinrou.cli.serve` for the
server (:mod:`~jinrou.cli.admin` for its accounts); this module only makes the root group and registers them. What every command shares —
exit status 2 and one line ``error: …`` for bad input, output paths checked before the work starts,
records numbered from 1 — is in :mod:`jinrou.cli.common`. numpy, numba, dask and matplotlib are
imported inside the commands that use them, so that ``jinrou --help`` starts quickly
(``benchmarks/cli_startup.py``).
"""

from __future__ import annotations

from typing import Annotated

import typer

from jinrou.cli import admin, aiwolf, classic, offline, quantum, serve, shogi, solve, strategy, yaminabe
from jinrou.cli.common import RootGroup, RootTyper, show_version

app = RootTyper(cls=RootGroup, help="Play and study werewolf-family games (人狼).", no_args_is_help=True)
app.command("serve")(serve.serve_command)
for _name, _group in (("quantum", quantum.app), ("offline", offline.app), ("strategy", strategy.app),
                      ("solve", solve.app), ("shogi", shogi.app), ("classic", classic.app),
                      ("yaminabe", yaminabe.app), ("aiwolf", aiwolf.app), ("admin", admin.app)):
    app.add_typer(_group, name=_name)


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", callback=show_version, is_eager=True)
    ] = False,
) -> None:
    """Play and study werewolf-family games (人狼)."""


if __name__ == "__main__":  # pragma: no cover
    app()
