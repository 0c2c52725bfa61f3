"""The team-ratio study (issue 19): 闇鍋 games played by bots, each team's share of the seats
against its win rate — the source article's figure, redone by simulation.

月下人狼's author tallied 45,356 played 闇鍋 rooms: per team, its share of the players against its win
rate (the article ``yaminabe-team-ratio.ja.txt``), and concluded that the village team should hold
about 55–60 % of the seats, the wolf team 30–40 %, foxes and lovers about one seat each. Here the
rooms are cast by :func:`jinrou.yaminabe.cast` and played by the classic engine's bots instead:

- a :class:`Plan` names the safety levels, the seat counts, K games per (level, seats), the pool,
  the date, the weighting, the bots and the seed; games are cast from the ``catalog`` pool (every
  role 闇鍋 casts; ``playable``: the roles the engine declares), under ``catalog`` weighting with the
  catalog's chances (roles outside the pool stand in as plain roles);
- the seasonal events (:mod:`jinrou.yaminabe.seasons`) run on each game's date: by default a day of
  the year drawn for the game from its own seed (``drawn``), else one day for every game (``12-24``)
  or a day without any event (``none``, the studies before issue 36);
- game i of (level, n) casts and plays from its own seed, derived from (seed, level, n, i), so the
  results do not depend on how the games are split into :class:`Chunk` s or on which process or
  machine plays them (:mod:`jinrou.yaminabe.runs` runs them: processes, a Dask cluster, a
  resumable results file);
- a game keeps what the study needs (:class:`GameRow`): the seats each :class:`Side` held and the
  side that won;
- :class:`StudyResult` counts: per level and side, the games in each share bin and the wins among
  them (a :class:`Tally`, exact; its Wilson 95 % interval for display), the side's win rate over
  the level's games, and per seat count.

Sides: *village* = team Human (村人陣営), *wolf* = team Werewolf (人狼陣営, 一匹狼 included), *fox* =
team Fox (妖狐陣営), *lovers* = team Friend (恋人陣営), *others* = every other team; a seat counts for
the team of the role it was dealt, the game for the team the engine names as winner.

>>> plan = Plan.build(levels=("middle",), players=(8,), games=4, seed=1)
>>> result = play_plan(plan)
>>> [row.seats for row in result.rows[Safety.MIDDLE, 8]][:2]  # each game's seats by side
[(5, 2, 0, 0, 1), (4, 2, 0, 0, 2)]
>>> tally = result.overall(Safety.MIDDLE, Side.VILLAGE)  # who wins moves with the roles declared
>>> tally.games, 0 <= tally.wins <= tally.games
(4, True)
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from jinrou.classic.catalog import Team
from jinrou.errors import CastingError, SetupError, StudyError
from jinrou.stats import Interval
from jinrou.yaminabe.casting import Casting, cast_from, uniforms
from jinrou.yaminabe.levels import Safety
from jinrou.yaminabe.ratios import BalancedTable, balanced_table
from jinrou.yaminabe.request import Date, Options, Request, Weighting, format_date, parse_date
from jinrou.yaminabe.seasons import drawn_date
from jinrou.yaminabe.stats import GROUP_OF

CHUNK = 25
"""Games per chunk: the unit of work sent to a process or a Dask worker and of the results file."""
MAX_GAMES = 1_000_000
"""The most games per (level, seats): a million of 20 seats take about a day on one core."""
LEVEL_CODES = {level: code for code, level in enumerate(Safety)}
"""A level's number in the game seeds (its position in :class:`Safety`; new levels come last)."""
POOLS = ("catalog", "playable")
"""The pools a study casts from, by name (a plan names its pool, so that its results file does)."""
DRAWN, NO_EVENT = "drawn", "none"
"""A plan's date: a day drawn for each game, or a day outside every seasonal event."""


class Side(enum.Enum):
    """A team group of the study, or a draw (no side won)."""

    VILLAGE = "village"
    """村人陣営: team Human."""
    WOLF = "wolf"
    """人狼陣営: team Werewolf, 一匹狼 included."""
    FOX = "fox"
    """妖狐陣営: team Fox (背徳者 included)."""
    LOVERS = "lovers"
    """恋人陣営: team Friend."""
    OTHERS = "others"
    """その他: every other team (悪魔くん, ヴァンパイア, てるてる坊主, ニート, …)."""
    DRAW = "draw"
    """引き分け: nobody won."""

    @property
    def name_ja(self) -> str:
        return _SIDE_JA[self]


_SIDE_JA = {
    Side.VILLAGE: "村人陣営", Side.WOLF: "人狼陣営", Side.FOX: "妖狐陣営", Side.LOVERS: "恋人陣営",
    Side.OTHERS: "その他", Side.DRAW: "引き分け",
}  # fmt: skip
SIDES = (Side.VILLAGE, Side.WOLF, Side.FOX, Side.LOVERS, Side.OTHERS)
"""The sides that hold seats, in display order."""
_WINNER = {Team.HUMAN.value: Side.VILLAGE, Team.WEREWOLF.value: Side.WOLF, Team.LONE_WOLF.value: Side.WOLF,
           Team.FOX.value: Side.FOX, Team.FRIEND.value: Side.LOVERS, "Draw": Side.DRAW}
_SIDE_OF_ROLE = {role: Side(group) for role, group in GROUP_OF.items()}


def winning_side(winner_id: str) -> Side:
    """The side of the engine's winning team id (``Human``, ``LoneWolf``, ``Draw``, …)."""
    return _WINNER.get(winner_id, Side.OTHERS)


@dataclass(frozen=True)
class GameRow:
    """One played game as the study keeps it.

    Attributes:
        seats: the seats each side of :data:`SIDES` was dealt (summing to n).
        winner: the side that won (:attr:`Side.DRAW` for a draw).
    """

    seats: tuple[int, int, int, int, int]
    winner: Side

    def to_json(self) -> list[Any]:
        return [*self.seats, self.winner.value]

    @classmethod
    def from_json(cls, data: Any) -> GameRow:
        if not (isinstance(data, list) and len(data) == 6 and all(_count(x) for x in data[:5])):
            raise ValueError(f"a game is [village, wolf, fox, lovers, others seats, winner], not {data!r:.80}")
        return cls(tuple(data[:5]), Side(data[5]))  # type: ignore[arg-type]


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` … ``stop`` − 1 of one (level, seats)."""

    level: Safety
    players: int
    start: int
    stop: int

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.level.value, self.players, self.start)

    def __len__(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True)
class Plan:
    """What a study plays; :meth:`build` makes one from loose input (levels by label, …).

    Attributes:
        levels: the safety levels, each once, in the order given.
        players: the seat counts n (scapegoat included), each ≥ 6, in increasing order.
        games: K, games per (level, seats).
        seed: the study's seed; every game's seed derives from it (see the module docstring).
        weighting: how draws treat the playable pool: ``uniform`` within it, or ``catalog``
            (:class:`~jinrou.yaminabe.request.Weighting`).
        bots: the classic bots' name (``heuristic`` or ``random``).
        chunk: games per chunk.
        table: the balanced level's table instead of the shipped one (the tuner's candidates).
        pool: ``catalog`` (every role 闇鍋 casts, the default) or ``playable`` (the declared roles).
        date: the seasonal events' day: ``drawn`` (each game's own, uniform over the year, from its
            seed), ``none`` (a day without events) or one day ``MM-DD`` for every game.
    """

    levels: tuple[Safety, ...]
    players: tuple[int, ...]
    games: int
    seed: int
    weighting: Weighting = Weighting.UNIFORM
    bots: str = "heuristic"
    chunk: int = CHUNK
    table: BalancedTable | None = None
    pool: str = "catalog"
    date: str = DRAWN

    @classmethod
    def build(
        cls,
        levels: Iterable[Safety | str] | Safety | str,
        players: Iterable[int] | int,
        games: int,
        seed: int,
        *,
        weighting: Weighting | str = Weighting.UNIFORM,
        bots: str = "heuristic",
        chunk: int = CHUNK,
        table: BalancedTable | None = None,
        pool: str = "catalog",
        date: str = DRAWN,
    ) -> Plan:
        """A plan from loose input: levels by value or label (``中``), players in any order;
        the checks of :class:`Plan` (a :class:`~jinrou.errors.StudyError` or
        :class:`~jinrou.errors.CastingError` says what is allowed)."""
        return cls(tuple(_items(levels, "levels")), tuple(_items(players, "players")), games, seed,  # type: ignore[arg-type]
                   Weighting.parse(weighting), bots, chunk, table, pool, date)

    def __post_init__(self) -> None:
        levels = tuple(dict.fromkeys(Safety.parse(level) for level in _items(self.levels, "levels")))
        players = tuple(sorted(set(_items(self.players, "players"))))
        if not levels or not players:
            raise StudyError("a study needs at least one safety level and one seat count")
        for n in players:
            Request.build(n, levels[0])  # the seat-count checks of every casting (6 … 1000)
        for name in ("games", "chunk"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_GAMES:
                raise StudyError(f"{name} must be a whole number from 1 to {MAX_GAMES:,}, not {value!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise StudyError(f"the seed must be a whole number ≥ 0, not {self.seed!r}")
        weighting = Weighting.parse(self.weighting)
        if self.pool not in POOLS:
            raise StudyError(f"unknown pool {self.pool!r}: a study casts from {' or '.join(POOLS)}")
        object.__setattr__(self, "date", _date_choice(self.date))
        from jinrou.agents.classic import AGENTS

        if self.bots not in AGENTS:
            raise StudyError(f"unknown bots {self.bots!r}: choose one of {', '.join(AGENTS)}")
        object.__setattr__(self, "levels", levels)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "weighting", weighting)

    @property
    def total(self) -> int:
        """Games in the whole study."""
        return self.games * len(self.levels) * len(self.players)

    def chunks(self) -> list[Chunk]:
        """The study's chunks, level by level, seat count by seat count."""
        return [Chunk(level, n, start, min(start + self.chunk, self.games))
                for level in self.levels for n in self.players for start in range(0, self.games, self.chunk)]

    def request(self, level: Safety, n: int) -> Request:
        """The casting request of (level, n): the plan's pool and weighting, its date unless drawn
        (:func:`play_one` sets each game's), and for the balanced level the plan's table (if it has one)."""
        ratios = self.table.for_seats(n) if self.table is not None and level.flags.tuned else None
        date = parse_date(self.date) if self.date not in (DRAWN, NO_EVENT) else None
        return Request.build(n, level, pool=self.pool, weighting=self.weighting, options=Options(ratios=ratios, date=date))

    def to_json(self) -> dict[str, Any]:
        """What identifies the study's games (the results file's header); the balanced level's
        table is written out, so that a rerun after the table changed does not mix its games."""
        tuned = any(level.flags.tuned for level in self.levels)
        table = (self.table or balanced_table()).to_json()["seats"] if tuned else None
        return {
            "levels": [level.value for level in self.levels], "players": list(self.players), "games": self.games,
            "seed": self.seed, "pool": self.pool, "date": self.date, "weighting": self.weighting.value, "bots": self.bots,
            "chunk": self.chunk, "table": table,
        }  # fmt: skip


def game_seeds(plan: Plan, level: Safety, n: int, index: int) -> tuple[np.random.Generator, int]:
    """Game ``index`` of (level, n): the casting's generator and the game's seed (the record's),
    independent streams from (seed, level, n, index)."""
    casting, game = np.random.SeedSequence([plan.seed, LEVEL_CODES[level], n, index]).spawn(2)
    return np.random.default_rng(casting), int(game.generate_state(1, np.uint64)[0] >> np.uint64(1))


def game_date(plan: Plan, level: Safety, n: int, index: int) -> Date | None:
    """Game ``index`` of (level, n)'s date for the seasonal events: the plan's day, None for
    ``none``, or for ``drawn`` a day of the year from a third stream of the game's seed sequence
    (the casting's and the game's streams, the first two, are those of :func:`game_seeds`, so
    drawing the date changes neither)."""
    if plan.date == NO_EVENT:
        return None
    if plan.date != DRAWN:
        return parse_date(plan.date)
    stream = np.random.SeedSequence([plan.seed, LEVEL_CODES[level], n, index]).spawn(3)[2]
    return drawn_date(np.random.default_rng(stream))


def cast_game(plan: Plan, level: Safety, n: int, index: int, request: Request | None = None) -> tuple[Casting, int]:
    """Game ``index`` of (level, n)'s cast, on its date (:func:`game_date`), and its seed."""
    rng, seed = game_seeds(plan, level, n, index)
    request = request or plan.request(level, n)
    if plan.date == DRAWN:
        request = replace(request, options=replace(request.options, date=game_date(plan, level, n, index)))
    return cast_from(request, uniforms(rng)), seed


def play_one(plan: Plan, level: Safety, n: int, index: int, request: Request | None = None) -> GameRow | None:
    """Cast and play game ``index`` of (level, n) (``request``: ``plan.request(level, n)``, made
    once per chunk); None when the cast cannot be played (身代わりくん can be dealt none of its
    roles, or the game stalls)."""
    from jinrou.agents.classic import AGENTS
    from jinrou.classic.settings import Settings
    from jinrou.classic.simulate import play_game

    casting, seed = cast_game(plan, level, n, index, request)
    try:
        game = play_game(casting.counts, Settings.parse(), AGENTS[plan.bots], seed)
    except (SetupError, RuntimeError):
        return None
    assert game.outcome is not None
    seats = [0] * len(SIDES)
    for role in casting.roles:
        seats[SIDES.index(_SIDE_OF_ROLE[role])] += 1
    return GameRow(tuple(seats), winning_side(game.outcome.winner_id))  # type: ignore[arg-type]


@dataclass(frozen=True)
class ChunkResult:
    """A finished chunk: its games in index order (None: not playable)."""

    chunk: Chunk
    rows: tuple[GameRow | None, ...]

    def to_json(self) -> dict[str, Any]:
        level, n, start = self.chunk.key
        return {"level": level, "players": n, "start": start, "games": [r.to_json() if r else None for r in self.rows]}


def play_chunk(plan: Plan, chunk: Chunk) -> ChunkResult:
    """Play one chunk (in any process: it depends on nothing but its arguments)."""
    request = plan.request(chunk.level, chunk.players)
    return ChunkResult(chunk, tuple(play_one(plan, chunk.level, chunk.players, i, request) for i in range(chunk.start, chunk.stop)))


def play_plan(plan: Plan) -> StudyResult:
    """Play a whole study in this process (:func:`jinrou.yaminabe.runs.run_study` for processes,
    a cluster, progress and a results file)."""
    return StudyResult.of(plan, [play_chunk(plan, chunk) for chunk in plan.chunks()])


# ----------------------------------------------------------------------------- counting


@dataclass(frozen=True)
class Tally:
    """Wins of a side over some games: an exact rate, and its Wilson 95 % interval for display."""

    wins: int
    games: int

    @property
    def rate(self) -> Fraction | None:
        """wins / games (None without games)."""
        return Fraction(self.wins, self.games) if self.games else None

    @property
    def interval(self) -> Interval:
        return Interval.wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        i = self.interval
        rate = None if self.games == 0 else round(i.rate, 6)
        return {"games": self.games, "wins": self.wins, "rate": rate, "ci95": [round(i.low, 6), round(i.high, 6)]}


@dataclass(frozen=True)
class Bin:
    """Games where a side held a share of the seats in [low, high) percent (the last bin is
    closed), and its wins among them."""

    low: Fraction
    high: Fraction
    tally: Tally


def share_bins(pairs: Iterable[tuple[Fraction, bool]], width: Fraction | int) -> list[Bin]:
    """Bin (share of the seats, won) pairs by share: [0, w), [w, 2w), … percent, shares of 0
    left out, a share of 100 % in the last bin; only bins with games, in order.

    >>> [(b.low, b.high, b.tally) for b in share_bins([(Fraction(1, 4), True), (Fraction(2, 7), False)], 5)]
    [(Fraction(25, 1), Fraction(30, 1), Tally(wins=1, games=2))]
    """
    width = Fraction(width)
    if width <= 0 or 100 % width:
        raise StudyError(f"the bin width must divide 100 %, not {width}")
    last = int(100 / width) - 1
    wins: dict[int, int] = {}
    games: dict[int, int] = {}
    for share, won in pairs:
        if share <= 0:
            continue
        k = min(last, math.floor(share * 100 / width))
        games[k] = games.get(k, 0) + 1
        wins[k] = wins.get(k, 0) + won
    return [Bin(k * width, (k + 1) * width, Tally(wins[k], games[k])) for k in sorted(games)]


@dataclass(frozen=True)
class StudyResult:
    """Every game of a study, by (level, seats), and the counts the report shows.

    Attributes:
        plan: the study.
        rows: (level, n) → its games in index order, unplayable ones left out.
        unplayable: (level, n) → games whose cast could not be played.
    """

    plan: Plan
    rows: Mapping[tuple[Safety, int], tuple[GameRow, ...]]
    unplayable: Mapping[tuple[Safety, int], int]

    @classmethod
    def of(cls, plan: Plan, chunks: Iterable[ChunkResult]) -> StudyResult:
        """Gather chunks (in any order; each once) into the study's result."""
        by_key = {c.chunk.key: c.rows for c in chunks}
        games: dict[tuple[Safety, int], list[GameRow | None]] = {(level, n): [] for level in plan.levels for n in plan.players}
        for chunk in plan.chunks():  # in index order
            games[chunk.level, chunk.players] += by_key[chunk.key]
        rows = {key: tuple(row for row in played if row is not None) for key, played in games.items()}
        return cls(plan, rows, {key: played.count(None) for key, played in games.items()})

    def games(self, level: Safety) -> Iterator[tuple[int, GameRow]]:
        """(n, game) for every played game of ``level``."""
        for n in self.plan.players:
            for row in self.rows[level, n]:
                yield n, row

    def overall(self, level: Safety, side: Side) -> Tally:
        """The side's wins over every played game of the level."""
        rows = [row for _, row in self.games(level)]
        return Tally(sum(row.winner is side for row in rows), len(rows))

    def present(self, level: Safety, side: Side) -> Tally:
        """The side's wins over the level's games where it held a seat."""
        i = SIDES.index(side)
        rows = [row for _, row in self.games(level) if row.seats[i]]
        return Tally(sum(row.winner is side for row in rows), len(rows))

    def by_players(self, level: Safety, n: int, side: Side) -> Tally:
        """The side's wins over the played games of (level, n)."""
        rows = self.rows[level, n]
        return Tally(sum(row.winner is side for row in rows), len(rows))

    def bins(self, level: Safety, side: Side, width: Fraction | int = 5) -> list[Bin]:
        """The side's share of the seats (binned, percent) against its wins (see :func:`share_bins`)."""
        i = SIDES.index(side)
        return share_bins(((Fraction(row.seats[i], n), row.winner is side) for n, row in self.games(level)), width)

    def mean_share(self, level: Safety, side: Side) -> Fraction:
        """The side's mean share of the seats over the level's played games."""
        i = SIDES.index(side)
        shares = [Fraction(row.seats[i], n) for n, row in self.games(level)]
        return sum(shares, Fraction(0)) / len(shares) if shares else Fraction(0)

    def json_lines(self, width: Fraction | int = 5) -> Iterator[dict[str, Any]]:
        """The report as JSON objects, one per line: the study, then per level its overall rates
        (``level``), its rates per seat count (``players``) and its share bins (``share``)."""
        yield {"kind": "study", **self.plan.to_json(), "unplayable": sum(self.unplayable.values()), "bin": float(width)}
        for level in self.plan.levels:
            head = {"level": level.value, "label": level.label}
            for side in (*SIDES, Side.DRAW):  # a draw holds no seat: no share, no games "with it"
                present = self.present(level, side).to_json() if side is not Side.DRAW else {"games": None, "rate": None}
                share = _percent(self.mean_share(level, side)) if side is not Side.DRAW else None
                yield {"kind": "level", **head, "side": side.value, "side_ja": side.name_ja, **self.overall(level, side).to_json(),
                       "present": present["games"], "present_rate": present["rate"], "mean_share": share}
            for n in self.plan.players:
                yield {"kind": "players", **head, "players": n, "games": len(self.rows[level, n]),
                       "unplayable": self.unplayable[level, n],
                       "wins": {side.value: self.by_players(level, n, side).wins for side in (*SIDES, Side.DRAW)}}
            for side in SIDES:
                for b in self.bins(level, side, width):
                    yield {"kind": "share", **head, "side": side.value, "side_ja": side.name_ja,
                           "share": [_percent(b.low / 100), _percent(b.high / 100)], **b.tally.to_json()}


def plot_study(result: StudyResult, path: str, width: Fraction | int = 5, min_games: int = 30, title: str | None = None) -> None:
    """The article's figure: per level a panel, share of the seats (x, %) against win rate (y, %),
    one line per side with its Wilson 95 % band; bins with fewer than ``min_games`` games are left
    out. PNG or SVG by the path's suffix."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    levels = result.plan.levels
    columns = min(len(levels), 3)
    rows = -(-len(levels) // columns)
    figure, axes = plt.subplots(rows, columns, figsize=(5.2 * columns, 4.2 * rows), squeeze=False, sharey=True)
    colours = {Side.VILLAGE: "tab:green", Side.WOLF: "tab:red", Side.FOX: "tab:orange", Side.LOVERS: "tab:pink",
               Side.OTHERS: "tab:grey"}
    for axis, level in zip(axes.flat, levels):
        for side in SIDES:
            bins = [b for b in result.bins(level, side, width) if b.tally.games >= min_games]
            if not bins:
                continue
            x = [float(b.low + b.high) / 2 for b in bins]
            intervals = [b.tally.interval for b in bins]
            axis.plot(x, [100 * i.rate for i in intervals], marker="o", markersize=3, color=colours[side], label=side.value)
            axis.fill_between(x, [100 * i.low for i in intervals], [100 * i.high for i in intervals], color=colours[side],
                              alpha=0.15, linewidth=0)
        axis.axhline(50, color="black", linewidth=0.6, linestyle=":")
        games = sum(len(result.rows[level, n]) for n in result.plan.players)
        axis.set_title(f"{level.value}, {games} games")  # level.value: the default font has no kana
        axis.set_xlabel("share of the seats (%)")
        axis.set_xlim(0, 100)
        axis.set_ylim(0, 100)
        axis.grid(alpha=0.3)
    for axis in axes.flat[len(levels):]:
        axis.set_visible(False)
    for axis in axes[:, 0]:
        axis.set_ylabel("win rate (%)")
    labelled = {label: handle for axis in axes.flat for handle, label in zip(*axis.get_legend_handles_labels())}
    if labelled:
        axes.flat[0].legend(labelled.values(), labelled.keys(), loc="upper left", fontsize="small")
    plan = result.plan
    figure.suptitle(title or f"yaminabe team share vs win rate: {plan.bots} bots, pool {plan.pool} ({plan.weighting.value}), "
                    f"date {plan.date}, "
                    f"{min(plan.players)}-{max(plan.players)} seats, {plan.games} games per level and seat count "
                    f"(bands: Wilson 95 %, bins of {width} % with {min_games}+ games)")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def _percent(x: Fraction) -> float:
    return round(float(x * 100), 4)


def _date_choice(value: object) -> str:
    """A plan's date as written in its results file: ``drawn``, ``none`` or ``MM-DD``."""
    if value in (DRAWN, NO_EVENT):
        return str(value)
    try:
        return str(format_date(parse_date(value)))  # type: ignore[arg-type]
    except (CastingError, TypeError, ValueError):
        raise StudyError(f"bad date {value!r}: give drawn (a day of the year drawn for each game), none (a day without"
                         " seasonal events) or one day as MM-DD, e.g. 12-24") from None


def _count(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _items(values: object, what: str) -> Sequence[Any]:
    if isinstance(values, str | Safety | int):
        return (values,)
    if not isinstance(values, Iterable):
        raise StudyError(f"{what} must be a list, not {values!r}")
    return tuple(values)


__all__ = [
    "CHUNK", "DRAWN", "LEVEL_CODES", "MAX_GAMES", "NO_EVENT", "POOLS", "SIDES", "Bin", "Chunk", "ChunkResult", "GameRow", "Plan",
    "Side", "StudyResult", "Tally", "cast_game", "game_date", "game_seeds", "play_chunk", "play_one", "play_plan", "plot_study",
    "share_bins", "winning_side",
]  # fmt: skip
