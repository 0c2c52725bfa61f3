"""The tuner of the balanced level (issue 19): team-ratio targets that balance the bots' games.

月下人狼's author balanced 中 and above by measuring, reading each team's win rate against its share
of the seats, and setting the share ranges where the rates came out right (the source article).
This tuner does the same in a loop, for one seat count n at a time: play K games with the current
targets, measure the win rates, move each target toward its goal, and again — a stochastic
approximation (Robbins–Monro) with one knob per goal:

- ``wolf``: the centre c of the wolf team's share range [c − 5 %, c + 5 %]; it follows the village's
  win rate V toward 50 %: c ← c + a_k·(V − ½) (more wolves when the village wins too often), a step
  of at most 4 % (an early round far from the answer, its rates bent by foxes and lovers, must not
  throw c far off);
- ``third``: the share left to third parties (others, foxes and lovers included); the village's range
  is the rest, [1 − c − third − 5 %, 1 − c − third + 5 %]; it follows the wolf team's win rate W:
  third ← third + a_k·(W − wolf aim), at most 4 % a step (fewer third parties when the wolves fall
  short);
- ``fox``, ``lovers``: the mean number of 妖狐系 and lovers-team roles, multiplied by
  (aim / measured rate)^(a_k/a₀), so they settle where the fox team wins its aim (6 %, under the
  goal's 10 %) and the lovers theirs (3 %), at most one of each (the article: "about one").

The mean number of 人狼系 roles is not moved by :func:`tune`: ``Knobs.werewolves`` (``start``;
``jinrou yaminabe tune --werewolves``) fixes it for every round and the answer, None leaving it to
中's table. :func:`secant` searches one knob alone — that mean, or the wolf centre — for the count
where the village wins half its games: the village's win rate falls as either grows, and in the
mean it is exactly linear between two whole numbers (a casting draws ⌊m⌋ or ⌈m⌉ wolves and nothing
else depends on it), so that two measured ends give the answer by a secant. At 8 seats one wolf is
too weak for any share of madmen and two too strong: the shipped row's mean lies between.

Gains shrink as a_k = a₀/(k + 1)^0.5 (a₀ = 0.6: the village's win rate falls by about 1 % for each
1 % of wolf-team share, so a first step corrects about half of the error). The answer is the mean
of the knobs over the second half of the rounds (Polyak averaging), checked by a fresh, larger set
of games; a check that misses the goal is one more, precise round — a step with gain a₀/2 — and the
new answer is checked again, up to ``retries`` times. The table keeps the last check's counts. The
games come from an *evaluator* (the bots by default, :func:`bots_evaluator`), so the search itself
is tested on a toy objective whose answer is known.

Goal of issue 19: village 50 % ± 2 %, wolf team above 35 %, fox team below 10 %, for n = 8 … 20.

>>> def toy(n, ratios, games, seed):  # a world where the village wins half its games at a wolf share of 32 %
...     village = round(games * (0.5 + 1.5 * (0.32 - sum(ratios.wolf) / 2)))
...     return {Side.VILLAGE: village, Side.WOLF: games - village}
>>> tuned = tune(12, toy, seed=1, rounds=30, games=10**5)
>>> tuned.knobs.wolf, tuned.met
(0.32, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from jinrou.errors import StudyError
from jinrou.yaminabe.ratios import BalancedTable, TeamRatios
from jinrou.yaminabe.study import MAX_GAMES, SIDES, Plan, Side

HALF_WIDTH = 0.05
"""Half the width of the wolf and village share ranges (the article's ranges are 5–10 % wide)."""
MAX_STEP = 0.04
"""The largest move of the wolf and third-party shares in one round."""

Wins = Mapping[Side, int]
"""Games won per side (:attr:`Side.DRAW` included); their sum is the number of games."""
Evaluate = Callable[[int, TeamRatios, int, int], Wins]
"""(seats n, targets, games K, seed) → wins per side over K games cast with those targets."""


@dataclass(frozen=True)
class Goal:
    """What the balanced level should achieve, and where the tuner aims inside it.

    Attributes:
        village: the village's win rate must lie in [lo, hi] (aim: the middle).
        wolf_min: the wolf team's win rate must exceed it.
        fox_max: the fox team's win rate must stay below it.
        wolf_aim, fox_aim, lovers_aim: where the tuner steers the wolves, foxes and lovers.
    """

    village: tuple[Fraction, Fraction] = (Fraction(48, 100), Fraction(52, 100))
    wolf_min: Fraction = Fraction(35, 100)
    fox_max: Fraction = Fraction(10, 100)
    wolf_aim: float = 0.37
    fox_aim: float = 0.06
    lovers_aim: float = 0.03

    def met(self, wins: Wins) -> bool:
        """Whether counts meet the goal (exact rates)."""
        games = sum(wins.values())
        if not games:
            return False
        rate = {side: Fraction(wins.get(side, 0), games) for side in (Side.VILLAGE, Side.WOLF, Side.FOX)}
        low, high = self.village
        return low <= rate[Side.VILLAGE] <= high and rate[Side.WOLF] > self.wolf_min and rate[Side.FOX] < self.fox_max

    def to_json(self) -> dict[str, Any]:
        return {"village": [float(x) for x in self.village], "wolf_min": float(self.wolf_min),
                "fox_max": float(self.fox_max), "wolf_aim": self.wolf_aim, "fox_aim": self.fox_aim,
                "lovers_aim": self.lovers_aim}


@dataclass(frozen=True)
class Knobs:
    """The tuner's four knobs (see the module docstring), and the fixed 人狼系 count (None: 中's
    table); :meth:`ratios` turns them into targets."""

    wolf: float = 0.35
    third: float = 0.05
    fox: float = 0.5
    lovers: float = 0.5
    werewolves: int | float | None = None

    @classmethod
    def of(cls, ratios: TeamRatios) -> Knobs:
        """The knobs of a table's row (the centres of its ranges): a search started from a table
        already tuned (``jinrou yaminabe tune --start-from``) needs fewer rounds.

        >>> Knobs.of(Knobs(0.3, 0.1, 0.2, 0.1, 2).ratios())
        Knobs(wolf=0.3, third=0.1, fox=0.2, lovers=0.1, werewolves=2)
        """
        wolf = sum(ratios.wolf) / 2
        return cls(round(wolf, 3), round(1 - wolf - sum(ratios.village) / 2, 3), ratios.fox, ratios.lovers, ratios.werewolves)

    def ratios(self) -> TeamRatios:
        village = 1 - self.wolf - self.third

        def span(centre: float) -> tuple[float, float]:
            return (round(_clip(centre - HALF_WIDTH, 0, 1), 3), round(_clip(centre + HALF_WIDTH, 0, 1), 3))

        return TeamRatios(village=span(village), wolf=span(self.wolf), fox=round(self.fox, 3), lovers=round(self.lovers, 3),
                          werewolves=self.werewolves)

    def rounded(self) -> Knobs:
        """Knobs rounded to what a table shows (three decimals)."""
        mean = self.werewolves if self.werewolves is None or isinstance(self.werewolves, int) else round(self.werewolves, 3)
        return replace(self, werewolves=mean, **{name: round(getattr(self, name), 3) for name in ("wolf", "third", "fox", "lovers")})


@dataclass(frozen=True)
class Round:
    """One round of the search: the knobs it played and the wins they gave."""

    knobs: Knobs
    wins: Wins


@dataclass(frozen=True)
class Tuned:
    """The tuner's answer for n seats.

    Attributes:
        players: n.
        knobs: the answer; ``knobs.ratios()`` is the table's row.
        rounds: the search, round by round.
        checks: the checks, the last one of the answer (earlier ones missed the goal).
        met: whether the last check meets the goal.
    """

    players: int
    knobs: Knobs
    rounds: tuple[Round, ...]
    checks: tuple[Round, ...]
    met: bool

    @property
    def check(self) -> Wins:
        """Wins per side over the last check's games, played with the answer."""
        return self.checks[-1].wins


def tune(
    n: int,
    evaluate: Evaluate,
    *,
    seed: int,
    goal: Goal = Goal(),
    start: Knobs = Knobs(),
    rounds: int = 10,
    games: int = 400,
    check_games: int = 2000,
    retries: int = 3,
    gain: float = 0.6,
    on_round: Callable[[int, Round], None] | None = None,
) -> Tuned:
    """Search the targets for n seats (see the module docstring).

    Args:
        n: seats.
        evaluate: plays K games with given targets (:func:`bots_evaluator`, or a toy).
        seed: every round's games and the check draw from seeds derived from it and n.
        goal: the win rates to reach.
        start: the knobs of the first round, and the 人狼系 count of every round (``werewolves``).
        rounds: rounds of the search (≥ 1).
        games: games per round.
        check_games: fresh games that check the answer.
        retries: checks that may follow a missed one (each after a step from the missed check).
        gain: a₀, the first step's gain.
        on_round: told each round and each check as it finishes (its number counts on after the
            rounds: a progress report).

    Raises:
        StudyError: a count that is not a whole number ≥ 1.
    """
    for name, value, least, most in (("rounds", rounds, 1, 1000), ("games", games, 1, MAX_GAMES),
                                     ("check games", check_games, 1, MAX_GAMES), ("retries", retries, 0, 100)):
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise StudyError(f"the tuner's {name} must be a whole number from {least} to {most:,}, not {value!r}")
    knobs = start
    history: list[Round] = []
    for k in range(rounds):
        wins = evaluate(n, knobs.ratios(), games, _seed(seed, n, k))
        history.append(Round(knobs, dict(wins)))
        if on_round is not None:
            on_round(k, history[-1])
        knobs = step(knobs, wins, goal, gain / (k + 1) ** 0.5, gain)
    tail = history[len(history) // 2:] if len(history) > 1 else history
    mean = {name: float(np.mean([getattr(r.knobs, name) for r in tail])) for name in ("wolf", "third", "fox", "lovers")}
    answer = Knobs(mean["wolf"], mean["third"], mean["fox"], mean["lovers"], start.werewolves)
    answer = answer.rounded()
    checks: list[Round] = []
    for retry in range(retries + 1):
        if retry:
            answer = step(answer, checks[-1].wins, goal, gain / 2, gain).rounded()
        checks.append(Round(answer, dict(evaluate(n, answer.ratios(), check_games, _seed(seed, n, rounds + retry)))))
        if on_round is not None:
            on_round(rounds + retry, checks[-1])
        if goal.met(checks[-1].wins):
            break
    return Tuned(n, answer, tuple(history), tuple(checks), goal.met(checks[-1].wins))


SECANT_KNOBS = ("werewolves", "wolf")
"""The knobs :func:`secant` searches: the mean 人狼系 count and the wolf centre."""


def secant(
    n: int,
    evaluate: Evaluate,
    *,
    seed: int,
    knob: str = "werewolves",
    start: Knobs = Knobs(),
    bracket: tuple[float, float] | None = None,
    slope: float | None = None,
    seen: Sequence[Round] = (),
    rounds: int = 1,
    games: int = 2000,
    check_games: int = 2000,
    retries: int = 1,
    goal: Goal = Goal(),
    on_round: Callable[[int, Round], None] | None = None,
) -> Tuned:
    """Search one knob (``werewolves``: the mean 人狼系 count; ``wolf``: the wolf centre) for the value
    where the village wins half its games, the other knobs kept at ``start``'s.

    The village's win rate V falls with the knob at ``slope`` (per unit of the knob), or at the secant
    through the two ends of ``bracket`` (each played with ``games`` unless ``seen`` holds a round there;
    exact for the mean between two whole numbers). Every round seen or played says where V = ½:
    x − (V − ½)/slope; the estimate is their mean weighted by games, within the knob's bounds (the
    mean: 1 to (n − 1) // 2, every count cast below half the seats; the centre: 10–49 %). Each of
    ``rounds`` plays ``games`` at the estimate; the answer is the last estimate, checked by
    ``check_games`` fresh games; a check that misses the goal joins the rounds and the new estimate is
    checked, up to ``retries`` times. Few games suffice when the slope is known: a round of a table
    already tuned is the first point (``seen``).

    Raises:
        StudyError: an unknown knob, no slope or bracket, a slope that does not fall, a bracket outside
            the knob's bounds or whose ends do not fall, a count that is not a whole number ≥ 1.
    """
    for name, value, least, most in (("rounds", rounds, 0, 1000), ("games", games, 1, MAX_GAMES),
                                     ("check games", check_games, 1, MAX_GAMES), ("retries", retries, 0, 100)):
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise StudyError(f"the secant's {name} must be a whole number from {least} to {most:,}, not {value!r}")
    if knob not in SECANT_KNOBS:
        raise StudyError(f"the secant searches {' or '.join(SECANT_KNOBS)}, not {knob!r}")
    low, high = (1.0, float((n - 1) // 2)) if knob == "werewolves" else (0.10, 0.49)
    if (slope is None) == (bracket is None):
        raise StudyError("the secant needs a slope or a bracket (two values of the knob), one of them")
    if slope is not None and not slope < 0:
        raise StudyError(f"the village's win rate falls as the {knob} knob grows: the slope must be below 0, not {slope!r}")
    if bracket is not None and not (low <= bracket[0] < bracket[1] <= high):
        raise StudyError(f"the bracket must be two values from {low:g} to {high:g} at {n} seats, the smaller first, not {tuple(bracket)!r}")
    if bracket is None and getattr(start, knob) is None:
        raise StudyError(f"the secant on {knob} without a bracket starts from the start's value: give one")
    points = list(seen)
    played = 0

    def play(x: float, count: int) -> Round:
        nonlocal played
        knobs = replace(start, **{knob: x}).rounded()
        played += 1
        return Round(knobs, dict(evaluate(n, knobs.ratios(), count, _seed(seed, n, played, 1))))

    def village(at: float) -> Fraction:
        there = [r for r in points if getattr(r.knobs, knob) == at]
        return Fraction(sum(r.wins.get(Side.VILLAGE, 0) for r in there), sum(sum(r.wins.values()) for r in there))

    if bracket is not None:
        for end in bracket:
            if not any(getattr(r.knobs, knob) == end for r in points):
                points.append(play(end, games))
                if on_round is not None:
                    on_round(played - 1, points[-1])
        a, b = village(bracket[0]), village(bracket[1])
        if not b < a:
            raise StudyError(f"the village's win rate did not fall from {bracket[0]:g} to {bracket[1]:g} ({float(a):.1%} → {float(b):.1%}):"
                             " widen the bracket or play more games")
        slope = float((b - a) / (bracket[1] - bracket[0]))
    assert slope is not None

    def estimate() -> float:
        if not points:
            return float(getattr(start, knob))
        total = sum(sum(r.wins.values()) for r in points)
        x = sum(sum(r.wins.values()) * (getattr(r.knobs, knob) - (r.wins.get(Side.VILLAGE, 0) / sum(r.wins.values()) - 0.5) / slope)
                for r in points) / total
        return round(_clip(x, low, high), 3)

    for _ in range(rounds):
        points.append(play(estimate(), games))
        if on_round is not None:
            on_round(played - 1, points[-1])
    checks: list[Round] = []
    for retry in range(retries + 1):
        if retry:
            points.append(checks[-1])
        checks.append(play(estimate(), check_games))
        if on_round is not None:
            on_round(played - 1, checks[-1])
        if goal.met(checks[-1].wins):
            break
    return Tuned(n, checks[-1].knobs, tuple(points), tuple(checks), goal.met(checks[-1].wins))


def step(knobs: Knobs, wins: Wins, goal: Goal, a: float, first: float = 0.6) -> Knobs:
    """One update of the knobs from one round's wins, with gain ``a`` (``first``: a₀; see the
    module docstring)."""
    games = sum(wins.values())
    if not games:
        raise StudyError("a round of the tuner played no game")
    rate = {side: wins.get(side, 0) / games for side in (*SIDES, Side.DRAW)}
    floor = 0.5 / games  # a side that never won counts as half a win
    exponent = a / first

    def toward(mean: float, aim: float, measured: float) -> float:
        return _clip(max(mean, 0.01) * (aim / max(measured, floor)) ** exponent, 0.0, 1.0)

    wolf = _clip(knobs.wolf + _clip(a * (rate[Side.VILLAGE] - 0.5), -MAX_STEP, MAX_STEP), 0.10, 0.49)
    third = _clip(knobs.third + _clip(a * (rate[Side.WOLF] - goal.wolf_aim), -MAX_STEP, MAX_STEP), 0.0, 0.30)
    return Knobs(wolf, third, toward(knobs.fox, goal.fox_aim, rate[Side.FOX]),
                 toward(knobs.lovers, goal.lovers_aim, rate[Side.LOVERS]), knobs.werewolves)


def bots_evaluator(bots: str = "heuristic", *, workers: int = 1, client: Any = None, weighting: str = "uniform",
                   pool: str = "catalog", date: str = "drawn") -> Evaluate:
    """An :data:`Evaluate` that casts at the balanced level with the given targets from ``pool`` on
    ``date`` (:class:`~jinrou.yaminabe.study.Plan`'s) and lets the bots play (through
    :func:`jinrou.yaminabe.runs.run_study`: processes or a Dask client)."""
    from jinrou.yaminabe.runs import run_study

    def evaluate(n: int, ratios: TeamRatios, games: int, seed: int) -> Wins:
        plan = Plan.build(levels=("balanced",), players=(n,), games=games, seed=seed, bots=bots, weighting=weighting,  # type: ignore[arg-type]
                          table=BalancedTable({n: ratios}), pool=pool, date=date)
        result = run_study(plan, workers=workers, client=client)
        return {side: result.by_players(plan.levels[0], n, side).wins for side in (*SIDES, Side.DRAW)}

    return evaluate


def best_so_far(n: int, seen: Sequence[Round], goal: Goal = Goal()) -> Tuned:
    """What an interrupted search for n seats has found: the round (or check) of ``seen`` whose
    village win rate came nearest the goal's middle (the later one of a tie, the search being
    further along), as an unchecked answer — ``met`` is False, its counts are that round's.

    Raises:
        StudyError: no round was seen.
    """
    if not seen:
        raise StudyError(f"the search for {n} seats has no round yet")
    aim = (goal.village[0] + goal.village[1]) / 2

    def miss(r: Round) -> Fraction:
        return abs(Fraction(r.wins.get(Side.VILLAGE, 0), max(1, sum(r.wins.values()))) - aim)

    best = min(reversed(seen), key=miss)
    return Tuned(n, best.knobs.rounded(), tuple(seen), (Round(best.knobs.rounded(), best.wins),), False)


def table_of(results: Sequence[Tuned], about: Mapping[str, Any]) -> BalancedTable:
    """The balanced table of tuned rows, each with its check's counts."""
    rows = {t.players: t.knobs.ratios() for t in results}
    verified = {t.players: {side.value: t.check.get(side, 0) for side in (*SIDES, Side.DRAW)} for t in results}
    return BalancedTable(dict(sorted(rows.items())), dict(sorted(verified.items())), dict(about))


def _seed(seed: int, n: int, k: int, *more: int) -> int:
    return int(np.random.SeedSequence([seed, n, k, *more]).generate_state(1)[0])


def _clip(x: float, low: float, high: float) -> float:
    return min(high, max(low, x))


__all__ = ["HALF_WIDTH", "MAX_STEP", "SECANT_KNOBS", "Evaluate", "Goal", "Knobs", "Round", "Tuned", "Wins", "best_so_far", "bots_evaluator",
           "secant", "step", "table_of", "tune"]
