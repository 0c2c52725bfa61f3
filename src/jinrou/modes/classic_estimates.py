"""The bots' estimate of each team's win rate per cast (勝率の目安), beside a player's 戦績.

A player's profile shows, for each cast he played — the cast kind the game history keys a finished
game by (:func:`jinrou.modes.classic_view.history`: ``normal`` for 普通1, ``yaminabe:middle`` for
闇鍋 中, ``preset:普通配役.普通2`` …) and the room's seats — his wins per team beside what the
heuristic bots make of the same cast. The server never plays a game for a request: the bots'
counts are computed ahead by :func:`tally` (``scripts/win_estimates.py``) and shipped as
``data/classic-estimates.json``, read once by :func:`estimate`. A cast the table lacks — a fixed
cast or a 一部闇鍋 (their roles are the host's choice), a seat count not played — has no estimate.

The estimate is *per seat*, as a player's record is: over the bot seats (身代わりくん's left out)
whose team at the end (:func:`~jinrou.modes.classic_view.standings_of`: 狼の子分 with the wolves) was
T, how many won — the chance that a seat on team T wins, the same fraction a player's wins / games
on T estimates. Games are played as a room of those settings plays them (the room's default rules,
身代わりくん on; the cast drawn by the room's own :func:`~jinrou.modes.classic_settings.draw_cast`),
game i of (cast, seats) from ``SeedSequence([seed, code(cast), seats, i])``, so the table is
reproducible and grows without changing its first games.

>>> counts = tally("normal", 8, games=2, seed=1)
>>> sum(seats for _, seats in counts.values())   # 8 players, 身代わりくん left out, 2 games
16
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from jinrou.classic.catalog import Team
from jinrou.errors import CastingError, JinrouError, SetupError
from jinrou.modes import classic_settings as rooms
from jinrou.modes.base import CastEstimate

FORMAT = "jinrou.classic-estimates/1"
TABLE = Path(__file__).parent / "data" / "classic-estimates.json"
TRIES = 20
"""Draws of a cast before a game is given up as unplayable (as a room retries a 闇鍋 casting)."""

Counts = dict[str, tuple[int, int]]
"""Team id → (seats that won, seats): the bots' games of one cast and seat count."""
TEAM_WORDS = {team.value: (team.name_en, team.name_ja) for team in Team}
"""Team id → its words (English, Japanese)."""


def room_settings(cast: str, players: int) -> dict[str, Any] | None:
    """A room's checked settings for the cast key ``cast`` and ``players`` players (None: a cast
    whose roles are the host's choice — ``fixed``, ``partial:…`` — or a key no room makes).

    Raises:
        SettingsError: the cast cannot seat that many (a preset's range, a 闇鍋's minimum).
    """
    kind, _, chosen = cast.partition(":")
    data: dict[str, Any] = {"players": players, "cast": kind}
    if kind in ("yaminabe", "easy") and chosen:
        data["yaminabe_safety"] = chosen
    elif kind == "preset" and chosen:
        data["preset"] = chosen
    elif kind != "normal" or chosen:
        return None
    return rooms.check(data)


def play(settings: Mapping[str, Any], seed: np.random.SeedSequence) -> list[tuple[str, bool]] | None:
    """One bot game of a room with ``settings``: each bot seat's team at the end and whether it won
    (None: no cast could be drawn, or 身代わりくん can be dealt none of its roles)."""
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.settings import Settings
    from jinrou.classic.simulate import play_game
    from jinrou.modes.classic_view import standings_of

    casting, game_seed = seed.spawn(2)
    rng = np.random.default_rng(casting)
    for _ in range(TRIES):
        try:
            roles, _published = rooms.draw_cast(settings, rng)
            break
        except (CastingError, SetupError):
            continue
    else:
        return None
    counts: dict[str, int] = {}
    for dealt in roles:
        for role in [dealt] if isinstance(dealt, str) else dealt:
            counts[role] = counts.get(role, 0) + 1
    try:
        game = play_game(counts, Settings.parse(rooms.engine_settings(settings)), HeuristicAgent,
                         int(game_seed.generate_state(1, np.uint64)[0] >> np.uint64(1)))
    except (SetupError, RuntimeError):
        return None
    offset = 1 if game.scapegoat is not None else 0
    standings = standings_of(game, offset)
    assert standings is not None
    return [(s.team or "", s.result == "win") for s in standings]


def tally(cast: str, players: int, games: int, seed: int, start: int = 0,
          failed: list[tuple[int, str]] | None = None) -> Counts:
    """The bots' games ``start`` … ``start + games - 1`` of ``cast`` with ``players`` players:
    per team at the end, the bot seats that won and the seats (SetupError for a cast with no
    estimate: one whose roles are the host's choice). ``failed``: a game the engine fails on is
    left out and named there (its index, the error) instead of raised — a table made of thousands
    of games says which ones a bug spoiled, and the rest stand."""
    settings = room_settings(cast, players)
    if settings is None:
        raise SetupError(f"the cast {cast!r} has no estimate: its roles are the host's choice")
    won: dict[str, list[int]] = {}
    for index in range(start, start + games):
        try:
            played = play(settings, np.random.SeedSequence([seed, code(cast), players, index]))
        except Exception as error:
            if failed is None:
                raise
            failed.append((index, f"{type(error).__name__}: {error}"))
            continue
        for team, win in played or ():
            line = won.setdefault(team, [0, 0])
            line[0] += win
            line[1] += 1
    return {team: (w, n) for team, (w, n) in sorted(won.items())}


def code(cast: str) -> int:
    """A cast key as a number for the seed sequence (CRC-32 of its UTF-8)."""
    return zlib.crc32(cast.encode())


def merge(parts: Iterable[Counts]) -> Counts:
    """Counts of several runs of the same cast and seats, added."""
    out: dict[str, list[int]] = {}
    for part in parts:
        for team, (w, n) in part.items():
            line = out.setdefault(team, [0, 0])
            line[0] += w
            line[1] += n
    return {team: (w, n) for team, (w, n) in sorted(out.items())}


# ------------------------------------------------------------------ the mode's hook


def cast_estimate(cast: str, players: int) -> CastEstimate:
    """What a player's 戦績 shows of a cast he played: its words (as the lobby and the history say
    it: 普通1, 闇鍋 中 …), every team's words, and the shipped table's counts (None: none)."""
    return CastEstimate(cast_label(cast), estimate(cast, players), TEAM_WORDS)


@lru_cache(maxsize=256)
def cast_label(cast: str) -> tuple[str, str]:
    """A cast key's words (English, Japanese); a key no room makes is its own words."""
    kind, _, chosen = cast.partition(":")
    data: dict[str, Any] = {"players": 9, "cast": kind}
    if kind in rooms.YAMINABE and chosen:
        data["yaminabe_safety"] = chosen
    elif kind == "preset" and chosen:
        data["preset"] = chosen
    try:
        label = rooms.summary(rooms.schema().validate(data))
    except (JinrouError, KeyError, ValueError):
        return cast, cast
    return label["en"], label["ja"]


# ------------------------------------------------------------------ the table


def estimate(cast: str, players: int) -> Counts | None:
    """The shipped table's counts for ``cast`` and ``players`` players (None: none computed)."""
    return _table().get((cast, players))


def table_about() -> dict[str, Any]:
    """How the shipped table was made (bots, seed, games per cell, the command)."""
    return dict(_read()[0])


def write_table(path: Path, about: Mapping[str, Any], cells: Mapping[tuple[str, int], Counts]) -> None:
    """The table as :func:`estimate` reads it: one line per cast and seat count, sorted."""
    lines = [json.dumps({"cast": cast, "players": players,
                         "teams": {team: [w, n] for team, (w, n) in counts.items()}}, ensure_ascii=False)
             for (cast, players), counts in sorted(cells.items())]
    head = f'{{"format": "{FORMAT}",\n "about": {json.dumps(dict(about), ensure_ascii=False)},\n "cells": [\n  '
    text = head + ",\n  ".join(lines) + "\n]}\n"
    path.write_text(text, encoding="utf-8")


def read_table(path: Path) -> tuple[dict[str, Any], dict[tuple[str, int], Counts]]:
    """A table file: its ``about`` and its cells (ValueError naming what is wrong)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} table")
    cells: dict[tuple[str, int], Counts] = {}
    for i, cell in enumerate(data["cells"]):
        teams = cell["teams"]
        if not all(isinstance(w, int) and isinstance(n, int) and 0 <= w <= n for w, n in teams.values()):
            raise ValueError(f"cell {i} of {path}: each team is [wins, seats], 0 ≤ wins ≤ seats")
        cells[(cell["cast"], int(cell["players"]))] = {team: (w, n) for team, (w, n) in teams.items()}
    return data["about"], cells


@lru_cache(maxsize=1)
def _read() -> tuple[dict[str, Any], dict[tuple[str, int], Counts]]:
    if not TABLE.exists():
        return {}, {}
    return read_table(TABLE)


def _table() -> dict[tuple[str, int], Counts]:
    return _read()[1]


__all__ = ["FORMAT", "TABLE", "Counts", "cast_estimate", "cast_label", "code", "estimate", "merge", "play", "read_table", "room_settings", "table_about",
           "tally", "write_table"]
