"""What every werewolf-family setup checks about its players, in one place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from jinrou.errors import SetupError

Seat = int
"""A player's place at the table, counted from 0 (one alias for every game)."""

MAX_NAME = 32
MAX_PLAYERS = 1000  # far beyond any table; it keeps a mistyped count from building millions of names


def check_setup(players: Sequence[str], wolves: int, game: str) -> None:
    """3 to :data:`MAX_PLAYERS` players, 1 ≤ wolves ≤ n − 2, names of 1–32 printable characters without outer
    spaces, no two alike (ignoring case). Raises :class:`SetupError` saying what is wrong."""
    n = len(players)
    if n < 3:
        raise SetupError(f"{game} needs at least 3 players, not {n}")
    if n > MAX_PLAYERS:
        raise SetupError(f"{game} takes at most {MAX_PLAYERS} players, not {n}")
    if isinstance(wolves, bool) or not isinstance(wolves, int) or not 1 <= wolves <= n - 2:
        raise SetupError(f"wolves must be between 1 and {n - 2} for {n} players, not {wolves!r}")
    for name in players:
        if not isinstance(name, str) or not name.strip() or name != name.strip() or len(name) > MAX_NAME:
            raise SetupError(f"player name {name!r} must be 1–{MAX_NAME} characters without outer spaces")
        if not name.isprintable():
            raise SetupError(f"player name {name!r} has control characters")
    twice = sorted(name for name, count in Counter(p.casefold() for p in players).items() if count > 1)
    if twice:
        raise SetupError(f"player names must differ (ignoring case); given twice: {', '.join(twice)}")


def names_for(count: int, game: str) -> tuple[str, ...]:
    """The default names of ``count`` players (:func:`default_names`), once the count is checked:
    3 to :data:`MAX_PLAYERS`. Raises :class:`SetupError` quoting the count."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise SetupError(f"the number of players must be a whole number, not {count!r}")
    if count < 3:
        raise SetupError(f"{game} needs at least 3 players, not {count}")
    if count > MAX_PLAYERS:
        raise SetupError(f"{game} takes at most {MAX_PLAYERS} players, not {count}")
    return default_names(count)


def default_names(count: int) -> tuple[str, ...]:
    """A, B, … for up to 26 players, else P1, P2, …"""
    if count <= 26:
        return tuple(chr(ord("A") + i) for i in range(count))
    return tuple(f"P{i + 1}" for i in range(count))
