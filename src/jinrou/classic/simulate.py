"""Bot games of classic werewolf and their statistics: win rates with confidence intervals, game
lengths, win rates by role.

A simulation plays G games of one cast for N seats. Game ``i`` draws from its own seed, derived
from the simulation's seed (:func:`game_seeds`), in two independent streams: the *table* stream
deals the roles (:func:`jinrou.classic.casting.deal`, 身代わりくん first under 身代わりセーフティ)
and feeds the bots; the *rules* stream is the generator of the engine — so the seed written in a
game's record is the rules' seed, and replaying the record's choices with it redraws the same
outcomes. Games run in worker processes when asked (``workers``); the summary is the same for any
number of workers. Interrupted (Ctrl-C), a :class:`Simulation` keeps the games finished so far and
leaves no worker behind.

The bots are passed in as a factory (this module never imports :mod:`jinrou.agents`): it is called
once per seat and game with the public role list (role id → count) and must be picklable (a class
or a module-level function) when ``workers`` > 1.

>>> from jinrou.agents.classic import HeuristicAgent
>>> summary = simulate("normal", games=4, seed=1, agents=HeuristicAgent, players=8)
>>> summary.games, sum(summary.wins.values())
(4, 4)
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from jinrou.classic.agent import MAX_PHASES, Agent, act, talk
from jinrou.classic.casting import check_requests, deal_room, kept_requests, normal_cast, per_seat, start_draws
from jinrou.classic.catalog import Team
from jinrou.classic.endless import check_settings as check_endless
from jinrou.classic.game import DRAW, Game
from jinrou.classic.model import Stage
from jinrou.classic.presets import Dealer, DrawnPreset, PresetError
from jinrou.classic.presets import find as find_preset
from jinrou.classic.settings import Settings
from jinrou.errors import SetupError
from jinrou.interrupts import uninterrupted
from jinrou.players import default_names
from jinrou.stats import Interval
from jinrou.workers import unordered

AgentFactory = Callable[[Mapping[str, int]], Agent]
Played = tuple[int, "GameResult", str | None]
"""A game played by a worker: its index in the run, its result, its record's text (when asked)."""
"""Makes one seat's bot, given the public role list (role id → count)."""

NAMED_CASTS: dict[str, Callable[[int], dict[str, int]]] = {"normal": normal_cast, "普通1": normal_cast}
"""Castings by name: role counts for n seats."""

SCAPEGOAT_NAME = "身代わりくん"
CHUNK = 25  # games per task sent to a worker process
MAX_GAMES = 1_000_000
"""The most games one simulation plays (a million take hours; more would not fit their seeds in memory)."""


@dataclass(frozen=True)
class GameResult:
    """One finished game, as the summary needs it (small enough to come back from a worker).

    Attributes:
        seed: the game's seed (its record's ``seed``).
        winner: the winning team's id, or ``Draw``.
        days: the day the game ended on (Day d, or the night of day d).
        roles: each seat's role at the start (ケミカル人狼: its two, [left, right]).
        won: each seat's result: whether it wins.
    """

    seed: int
    winner: str
    days: int
    roles: tuple[str | list[str], ...]
    won: tuple[bool, ...]

    @classmethod
    def of(cls, game: Game, seed: int) -> GameResult:
        assert game.outcome is not None
        winners = game.outcome.winners
        return cls(seed, game.outcome.winner_id, game.day, game.cast, tuple(s in winners for s in game.seats()))


@dataclass(frozen=True)
class Summary:
    """Win rates per team and per role, and game lengths, over a batch of games.

    Attributes:
        games: how many games were played.
        players: seats per game, 身代わりくん included.
        cast: the role list (role id → count).
        seed: the simulation's seed.
        wins: games won per winning team id (``Draw`` included), every team that could win listed.
        rates: each team's win rate with its 95 % Wilson interval.
        days: game length histogram: day the game ended on → games.
        roles: per role (at the start): seats dealt it and how many of those won (a ケミカル seat counts for
            each of its roles, once).
    """

    games: int
    players: int
    cast: dict[str, int]
    seed: int
    wins: dict[str, int]
    rates: dict[str, Interval]
    days: dict[int, int]
    roles: dict[str, tuple[int, int]]

    @classmethod
    def of(cls, results: Sequence[GameResult], cast: Mapping[str, int], seed: int,
           players: int | None = None) -> Summary:
        """The summary of ``results`` (games of ``cast``, simulated from ``seed``; ``players``: the seats at the
        start, where ``cast`` is not one game's — a drawn cast's summary lists every role dealt in the games)."""
        won = Counter(r.winner for r in results)
        teams = [t.value for t in Team if t.value in won or t in _possible_winners(cast)]
        wins = {team: won.get(team, 0) for team in [*teams, DRAW]}
        seats: Counter[str] = Counter()
        winners: Counter[str] = Counter()
        for r in results:
            held = [[held] if isinstance(held, str) else list(dict.fromkeys(held)) for held in r.roles]
            seats.update(role for both in held for role in both)
            winners.update(role for both, w in zip(held, r.won) if w for role in both)
        roles = {role: (winners[role], seats[role]) for role in cast if seats[role]}
        per = 2 if results and not isinstance(results[0].roles[0], str) else 1
        return cls(
            games=len(results),
            players=players if players is not None else sum(cast.values()) // per,
            cast=dict(cast),
            seed=seed,
            wins=wins,
            rates={team: Interval.wilson(count, len(results)) for team, count in wins.items()},
            days=dict(sorted(Counter(r.days for r in results).items())),
            roles=roles,
        )

    @property
    def mean_days(self) -> float:
        return sum(d * c for d, c in self.days.items()) / max(1, self.games)

    def role_rate(self, role: str) -> Interval:
        """The win rate of the seats dealt ``role``, with its 95 % Wilson interval."""
        won, seats = self.roles[role]
        return Interval.wilson(won, seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": self.players,
            "cast": self.cast,
            "seed": self.seed,
            "wins": self.wins,
            "win_rates": {t: {"rate": i.rate, "ci95": [i.low, i.high]} for t, i in self.rates.items()},
            "days": {"mean": self.mean_days, "histogram": {str(d): c for d, c in self.days.items()}},
            "roles": {
                role: {"seats": seats, "wins": won, "rate": (i := self.role_rate(role)).rate, "ci95": [i.low, i.high]}
                for role, (won, seats) in self.roles.items()
            },
        }


# ---------------------------------------------------------------------- playing


def game_seeds(seed: int, games: int) -> list[int]:
    """One independent 63-bit seed per game, derived from the simulation's seed."""
    return [int(s) for s in np.random.default_rng(seed).integers(0, 2**63 - 1, size=games)]


def resolve_cast(cast: Mapping[str, int] | str, players: int | None = None, per: int = 1) -> dict[str, int]:
    """A role list: ``cast`` itself (role id → count), or a named casting for ``players`` seats
    (:data:`NAMED_CASTS`, or a preset of :mod:`jinrou.classic.presets` by id or name); ``per``: the roles
    a seat is dealt (2 for ケミカル人狼, whose list is the casting for twice the seats, as the reference's).

    Raises:
        SetupError: an unknown name, a named casting without ``players``, counts that are not whole
            numbers ≥ 0, an unknown or undeclared role id, or counts that do not sum to ``players``.
    """
    preset = None
    if isinstance(cast, str):
        if players is None:
            raise SetupError(f"the casting {cast!r} needs the number of players")
        if cast in NAMED_CASTS:
            return NAMED_CASTS[cast](players * per)
        try:
            preset = find_preset(cast)
        except PresetError:
            raise SetupError(f"unknown casting {cast!r}: give role counts, {' or '.join(NAMED_CASTS)}, or a preset "
                             "(`jinrou classic cast --list`)") from None
        if isinstance(preset, DrawnPreset):
            raise SetupError(f"{preset.name} ({preset.name_en}) draws its cast at random: `jinrou classic simulate` "
                             f"and `play` draw it (--preset {preset.id}); else give the cast `jinrou classic cast "
                             f"--preset {preset.id} --seed S --json` prints (--cast)")
        cast = preset.cast(players * per)
    from jinrou.classic.roles import ROLES

    counts = dict(cast)
    for role, count in counts.items():
        if role not in ROLES:
            if preset is not None:
                raise SetupError(f"the preset {preset.id} casts {role}, a role not playable yet (see `jinrou classic "
                                 "roles`)")
            raise SetupError(f"role {role!r} is not a playable role id (see `jinrou classic roles`)")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise SetupError(f"the count of {role} must be a whole number ≥ 0, not {count!r}")
    counts = {role: count for role, count in counts.items() if count}
    total = sum(counts.values())
    if players is not None and total != players * per:
        raise SetupError(f"the role counts sum to {total}, not {players} players" if per == 1 else
                         f"the role counts sum to {total}, not {per * players}: ケミカル人狼 deals {players} players two each")
    if total % per:
        raise SetupError(f"ケミカル人狼 deals two roles a seat: the role counts sum to {total}, an odd number")
    if total < 3 * per:
        raise SetupError(f"a game needs at least 3 seats, not {total // per}")
    return counts


def seat_names(n: int, settings: Settings) -> tuple[str, ...]:
    """Player names for a bot game: A, B, … (P1, P2, … beyond 26), the first 身代わりくん when the
    setting ``scapegoat`` is on."""
    names = default_names(n)
    return (SCAPEGOAT_NAME, *names[1:]) if settings["scapegoat"] == "on" else names


@dataclass(frozen=True)
class Drawn:
    """A cast drawn for each game (a :class:`~jinrou.classic.presets.DrawnPreset`: エンドレス闇鍋) of ``players`` seats."""

    preset: str
    players: int
    deal: Dealer

    def draw(self, seed: int, settings: Settings) -> dict[str, int]:
        """Game ``seed``'s cast, from its own *casting* stream (``[seed, 3]``)."""
        preset = find_preset(self.preset)
        assert isinstance(preset, DrawnPreset)
        return preset.draw(self.players, np.random.default_rng([seed, 3]), self.deal, settings["scapegoat"] == "on")


ARRIVAL = "N{}"
"""The name of the k-th bot that arrives in an endless game (N1, N2, …: no seat of the start is named so)."""


def arrive(game: Game, arrived: int) -> int:
    """エンドレス闇鍋's simulated arrivals: at each night, while the room has space (:attr:`Game.joinable`), one bot
    asks to join (it takes its seat at the next dawn); the number arrived so far after this night."""
    if game.stage is Stage.NIGHT and game.joinable:
        game.enter(ARRIVAL.format(arrived + 1))
        return arrived + 1
    return arrived


def play_game(cast: Mapping[str, int] | Drawn, settings: Settings, agents: AgentFactory, seed: int,
              requests: Mapping[int, str] | None = None) -> Game:
    """Deal ``cast`` (a :class:`Drawn` one: drawn for this game first) and play one bot game from ``seed`` (see
    the module docstring for its streams); ``requests``: 希望役職制's requests (seat → role id), honoured by the deal
    (``rolerequest=on``). In an endless game (エンドレス闇鍋) one bot arrives each night while there is room
    (:func:`arrive`), and plays its seat from the next dawn on."""
    table = np.random.default_rng([seed, 1])
    rules = np.random.default_rng(seed)
    if isinstance(cast, Drawn):
        cast = cast.draw(seed, settings)
    candidates: list[list[str]] = []  # T.1.9: 盗人's, drawn before dealing
    roles = deal_room(cast, table, settings, candidates, requests)
    game = Game.new(seat_names(len(roles), settings), roles, settings, start_draws(rules, candidates),
                    requests=kept_requests(requests or {}, roles))  # 盗人's exchange may leave a request nothing
    bots = [None if s == game.scapegoat else agents(cast) for s in game.seats()]
    endless, arrived = settings.on("endless"), 0
    for _ in range(MAX_PHASES):
        if game.is_over:
            return game
        if endless:
            arrived = arrive(game, arrived)
        talk(game, bots, table)
        act(game, bots, table, rules)
        game.close(rules)
        bots += [agents(cast) for _ in range(game.n - len(bots))]  # newcomers play as bots
    # the rules have no day limit (as the reference): a game stalls when every execution and attack fails, or
    # ties execute nobody (drawvote=none) day after day; the bots avoid repeating what failed (docs/classic-rules.md)
    raise RuntimeError(f"the game of seed {seed} did not end in {MAX_PHASES} phases")  # pragma: no cover


def seat_requests(requests: Mapping[str, str], names: Sequence[str], settings: Settings,
                  cast: Mapping[str, int]) -> dict[int, str]:
    """希望役職制's requests by player name (``--request B=占い師``) as seat → role id: the setting
    ``rolerequest`` on, each name a seat's (not 身代わりくん's), each role a role of ``cast`` (id or name).

    Raises:
        SetupError: requests without ``rolerequest=on``, an unknown name or role, a role not cast.
    """

    from jinrou.classic.catalog import UnknownRoleError
    from jinrou.classic.naming import by_name

    if requests and not settings.on("rolerequest"):
        raise SetupError("role requests need the setting rolerequest=on")
    if requests and settings.on("chemical"):
        raise SetupError("role requests are not honoured with chemical (ケミカル人狼) on, as in 月下人狼: give none")
    out = {}
    for name, role in requests.items():
        if name not in names:
            raise SetupError(f"no player {name!r} asks for a role: the players are {', '.join(names)}")
        try:
            out[list(names).index(name)] = by_name(role).id
        except UnknownRoleError as error:
            raise SetupError(str(error)) from None
    check_requests(out, [role for role, count in cast.items() for _ in range(count)], settings["scapegoat"] == "on", names)
    return out


class Simulation:
    """A batch of bot games, checked before any is played; iterate it for each game's result as it
    finishes (out of order with workers). Stopping the iteration early — Ctrl-C — kills the workers
    at once (:mod:`jinrou.workers`): :attr:`finished` holds the games finished, and :meth:`summary`
    summarises them (``interrupted after N of M games``). The records are written here, not in the
    workers, each with its game counted, so a record is in the folder if and only if its game is
    in :attr:`finished`, however the run ends.

    Args: as :func:`simulate`.

    Raises:
        SetupError: a bad cast, settings, game count or worker count (nothing is played).
    """

    def __init__(self, cast: Mapping[str, int] | str, games: int, seed: int, agents: AgentFactory, *,
                 players: int | None = None, settings: Settings | Mapping[str, Any] | None = None,
                 record_dir: str | os.PathLike[str] | None = None, workers: int = 1,
                 requests: Mapping[str, str] | None = None, deal: Dealer | None = None) -> None:
        self.settings = settings if isinstance(settings, Settings) else Settings.parse(settings)
        drawn = drawn_preset(cast)
        self.cast: dict[str, int] | Drawn
        if drawn is not None:  # エンドレス闇鍋: each game's cast drawn, the preset's settings on
            if players is None:
                raise SetupError(f"the casting {drawn.name} ({drawn.name_en}) needs the number of players")
            if not drawn.accepts(players):
                raise SetupError(f"{drawn.name} ({drawn.name_en}) cannot cast {players} seats: it needs at least "
                                 f"{drawn.min_players} (身代わりくん included)")
            self.settings = Settings.parse({**self.settings.values, **drawn.settings})
            if deal is None:
                raise SetupError(f"{drawn.name} ({drawn.name_en}) draws a 闇鍋 for each game: give its dealer "
                                 "(deal=jinrou.yaminabe.deal)")
            self.cast, seats = Drawn(drawn.id, players, deal), players
        else:
            self.cast = resolve_cast(cast, players, per_seat(self.settings))
            seats = sum(self.cast.values()) // per_seat(self.settings)
        check_endless(self.settings.on("endless"), self.settings.on("chemical"), self.settings.on("rolerequest"),
                      int(self.settings["capacity"]), seats)
        cast_list = self.cast if isinstance(self.cast, dict) else {}
        self.requests = seat_requests(requests or {}, seat_names(seats, self.settings), self.settings, cast_list)
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise SetupError(f"games must be a whole number ≥ 1 and at most {MAX_GAMES:,}, not {games!r}")
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise SetupError(f"workers must be a whole number ≥ 1, not {workers!r}")
        if isinstance(self.cast, dict):  # a dry deal: a list that 身代わりくん cannot be dealt from fails here
            deal_room(self.cast, np.random.default_rng(0), self.settings, requests=self.requests)
        self.games, self.seed, self.agents, self.workers = games, seed, agents, workers
        self.directory = Path(record_dir) if record_dir is not None else None
        self.finished: list[GameResult] = []
        """The games finished so far, in the order they finished: exactly those whose records are written."""

    def __iter__(self) -> Generator[GameResult, None, None]:
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)
        seeds = game_seeds(self.seed, self.games)
        settings = dict(self.settings.values)  # a plain dict pickles
        write = self.directory is not None
        jobs = [(start, seeds[start:start + CHUNK], self.cast, settings, self.agents, write, self.requests)
                for start in range(0, self.games, CHUNK)]
        if self.workers == 1 or len(jobs) == 1:
            batches: Generator[list[Played], None, None] = (
                _play_batch((index, [seed], cast, values, agents, record, requests))
                for start, chunk, cast, values, agents, record, requests in jobs
                for index, seed in enumerate(chunk, start))
        else:
            batches = unordered(_play_batch, jobs, self.workers)
        try:
            for batch in batches:
                for index, result, text in batch:
                    with uninterrupted():  # a game's record is written if and only if it is counted
                        self._keep(index, result, text)
                    yield result
        finally:
            batches.close()  # the workers killed now, not when the generator is collected
            # a record cut short by an error (a full disk) leaves a part file: remove it
            if self.directory is not None:
                for part in self.directory.glob(".game-*.part"):
                    part.unlink(missing_ok=True)

    def _keep(self, index: int, result: GameResult, text: str | None) -> None:
        """Write game ``index``'s record (whole or not at all: a part file, then renamed) and count it."""
        if self.directory is not None and text is not None:
            name = f"game-{index + 1:05d}.json"
            part = self.directory / f".{name}.part"
            part.write_text(text, encoding="utf-8")
            os.replace(part, self.directory / name)
        self.finished.append(result)

    def summary(self, results: Sequence[GameResult]) -> Summary:
        """The summary of ``results`` (all the games, or those finished when interrupted); a drawn cast's lists
        every role dealt in them, newcomers' included."""
        if isinstance(self.cast, Drawn):
            dealt = Counter(role for r in results for held in r.roles for role in ([held] if isinstance(held, str) else held))
            return Summary.of(results, dict(dealt), self.seed, players=self.cast.players)
        return Summary.of(results, self.cast, self.seed)


def simulate(
    cast: Mapping[str, int] | str,
    games: int,
    seed: int,
    agents: AgentFactory,
    *,
    players: int | None = None,
    settings: Settings | Mapping[str, Any] | None = None,
    record_dir: str | os.PathLike[str] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    deal: Dealer | None = None,
) -> Summary:
    """Play ``games`` bot games of ``cast`` and summarise them.

    Args:
        cast: role id → count, or a named casting (``normal``/``普通1``) for ``players`` seats.
        games: how many games (1 to :data:`MAX_GAMES`).
        seed: the simulation's seed; game ``i`` plays from ``game_seeds(seed, games)[i]``.
        agents: the bot factory (see the module docstring).
        players: seats per game, 身代わりくん included (needed by a named casting; checked against counts).
        settings: room settings (defaults: the spec's).
        record_dir: if given, every game's full record (``jinrou.classic/1``, its seed the game's) is
            written there as ``game-00001.json``, ``game-00002.json``, … (created if missing).
        workers: processes to play in (1: in this process).
        progress: called with the number of games finished so far, after each game.
        deal: the 闇鍋 a drawn preset (エンドレス闇鍋) casts each game with: :func:`jinrou.yaminabe.deal`.

    Raises:
        SetupError: a bad cast, settings, game count or worker count (nothing is played).
    """
    run = Simulation(cast, games, seed, agents, players=players, settings=settings, record_dir=record_dir,
                     workers=workers, deal=deal)
    for _ in run:
        if progress is not None:
            progress(len(run.finished))
    return run.summary(run.finished)


def drawn_preset(cast: Mapping[str, int] | str) -> DrawnPreset | None:
    """The drawn preset ``cast`` names (エンドレス闇鍋), if it names one."""
    if not isinstance(cast, str) or cast in NAMED_CASTS:
        return None
    try:
        found = find_preset(cast)
    except PresetError:
        return None
    return found if isinstance(found, DrawnPreset) else None


def _play_batch(job: tuple[int, list[int], dict[str, int] | Drawn, dict[str, Any], AgentFactory, bool, dict[int, str]],
                ) -> list[Played]:
    """Play games ``start``, ``start + 1``, … from ``seeds``; each with its record's text if asked."""
    from jinrou.classic.record import dumps, write

    start, seeds, cast, settings, agents, record, requests = job
    parsed = Settings.parse(settings)
    out = []
    for index, game_seed in enumerate(seeds, start):
        game = play_game(cast, parsed, agents, game_seed, requests)
        out.append((index, GameResult.of(game, game_seed), dumps(write(game, game_seed)) if record else None))
    return out


def _possible_winners(cast: Mapping[str, int]) -> set[Team]:
    """Teams a game of ``cast`` could end with: the judge teams of its roles (恋人 with a pairing role)."""
    from jinrou.classic.roles import ROLES

    teams = {ROLES[role].team for role in cast if role in ROLES}
    if any(ability.verb.value == "pair" and ability.label is None  # a pairing that makes lovers (決闘者's: 宿敵)
           for role in cast if role in ROLES for ability in ROLES[role].abilities):
        teams.add(Team.FRIEND)
    return teams - {Team.OTHERS, Team.NEET, Team.NONE, Team.DUEL}  # Duel is never a result (T.1.1)


__all__ = ["MAX_GAMES", "NAMED_CASTS", "AgentFactory", "Drawn", "GameResult", "Simulation", "Summary", "arrive",
           "drawn_preset", "game_seeds", "play_game", "resolve_cast", "seat_names", "seat_requests", "simulate"]
