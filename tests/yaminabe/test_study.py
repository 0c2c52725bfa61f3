"""The team-ratio study (issue 19): counting and intervals on known data, a small study end to end
(deterministic from its seed, whatever the chunks and processes), the plan's checks."""

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from jinrou.errors import CastingError, StudyError
from jinrou.stats import Interval
from jinrou.yaminabe import Safety
from jinrou.yaminabe.runs import run_study
from jinrou.yaminabe.study import (
    SIDES,
    Chunk,
    ChunkResult,
    GameRow,
    Plan,
    Side,
    StudyResult,
    Tally,
    cast_game,
    game_date,
    game_seeds,
    play_plan,
    share_bins,
    winning_side,
)  # fmt: skip

V, W, F, L, O, D = Side.VILLAGE, Side.WOLF, Side.FOX, Side.LOVERS, Side.OTHERS, Side.DRAW


def known_result() -> StudyResult:
    """Six hand-made games of 中: four of 8 seats, two of 10 (one chunk of 4, one of 2 each)."""
    plan = Plan.build(levels=("middle",), players=(8, 10), games=4, seed=0, chunk=3)
    rows = {
        8: [GameRow((4, 3, 1, 0, 0), V), GameRow((5, 2, 0, 1, 0), W), None, GameRow((4, 2, 1, 0, 1), F)],
        10: [GameRow((6, 3, 0, 0, 1), V), GameRow((5, 3, 1, 0, 1), D), GameRow((5, 4, 0, 0, 1), W),
             GameRow((7, 3, 0, 0, 0), V)],
    }  # fmt: skip
    chunks = [ChunkResult(c, tuple(rows[c.players][c.start:c.stop])) for c in plan.chunks()]
    random.Random(1).shuffle(chunks)  # gathered in any order
    return StudyResult.of(plan, chunks)


def test_wilson_interval_known_values():
    # 95 % Wilson score interval (Wilson 1927); 0 of 10: upper bound z²/(n + z²) = 0.2775 (Brown, Cai & DasGupta 2001)
    assert Interval.wilson(0, 10).high == pytest.approx(0.27753, abs=1e-5) and Interval.wilson(0, 10).low == 0
    i = Interval.wilson(50, 100)
    assert (round(i.low, 4), round(i.high, 4)) == (0.4038, 0.5962)
    i = Interval.wilson(81, 263)  # Newcombe 1998, table I: 0.2553–0.3662
    assert (round(i.low, 4), round(i.high, 4)) == (0.2553, 0.3662)


def test_tally_rates_are_exact_fractions():
    assert Tally(1, 3).rate == Fraction(1, 3) and Tally(0, 0).rate is None
    # by hand: centre ½, half-width z·√(¼/4 + z²/64)/(1 + z²/4) = 0.349961
    assert Tally(2, 4).to_json() == {"games": 4, "wins": 2, "rate": 0.5, "ci95": [0.150039, 0.849961]}


def test_share_bins_by_exact_share():
    pairs = [(Fraction(1, 4), True), (Fraction(3, 10), False), (Fraction(2, 7), True), (Fraction(0), True),
             (Fraction(1, 2), False), (Fraction(1), True), (Fraction(49, 100), True)]  # fmt: skip
    bins = share_bins(pairs, 10)
    assert [(b.low, b.high, b.tally.wins, b.tally.games) for b in bins] == [
        (20, 30, 2, 2),  # 25 % and 28.6 %
        (30, 40, 0, 1),  # 30 % starts the next bin
        (40, 50, 1, 1),
        (50, 60, 0, 1),
        (90, 100, 1, 1),  # 100 % in the last bin; 0 % left out
    ]


@pytest.mark.parametrize("width", [0, 3, -5, 7])
def test_bin_width_must_divide_100(width):
    with pytest.raises(StudyError, match="the bin width must divide 100 %"):
        share_bins([], width)


def test_counts_on_known_games():
    result = known_result()
    m = Safety.MIDDLE
    assert result.unplayable == {(m, 8): 1, (m, 10): 0}
    assert result.overall(m, V) == Tally(3, 7) and result.overall(m, W) == Tally(2, 7)
    assert result.overall(m, D) == Tally(1, 7) and result.overall(m, F) == Tally(1, 7)
    assert result.present(m, F) == Tally(1, 3)  # the fox team held a seat in 3 of the 7 played games
    assert result.by_players(m, 10, V) == Tally(2, 4)
    assert result.mean_share(m, V) == (Fraction(4, 8) + Fraction(5, 8) + Fraction(4, 8) + Fraction(6, 10) + Fraction(5, 10)
                                       + Fraction(5, 10) + Fraction(7, 10)) / 7  # fmt: skip
    bins = {(b.low, b.high): (b.tally.wins, b.tally.games) for b in result.bins(m, W, 10)}
    assert bins == {(20, 30): (1, 2), (30, 40): (0, 4), (40, 50): (1, 1)}  # 2/8 ×2 | 3/8, 3/10 ×3 | 4/10


def test_json_lines_of_known_games():
    lines = list(known_result().json_lines(10))
    kinds = [line["kind"] for line in lines]
    assert kinds[0] == "study" and kinds.count("level") == 6 and kinds.count("players") == 2
    assert lines[0]["unplayable"] == 1 and lines[0]["levels"] == ["middle"]
    village = next(line for line in lines if line["kind"] == "level" and line["side"] == "village")
    assert (village["wins"], village["games"], village["side_ja"], village["label"]) == (3, 7, "村人陣営", "中")
    players = next(line for line in lines if line["kind"] == "players" and line["players"] == 10)
    assert players["wins"] == {"village": 2, "wolf": 1, "fox": 0, "lovers": 0, "others": 0, "draw": 1}
    share = next(line for line in lines if line["kind"] == "share" and line["side"] == "wolf" and line["share"] == [40.0, 50.0])
    assert (share["wins"], share["games"]) == (1, 1)
    assert json.loads(json.dumps(lines, ensure_ascii=False)) == lines


def test_game_rows_round_trip_and_winning_sides():
    row = GameRow((5, 3, 1, 0, 1), Side.FOX)
    assert GameRow.from_json(json.loads(json.dumps(row.to_json()))) == row
    assert [winning_side(t) for t in ("Human", "Werewolf", "LoneWolf", "Fox", "Friend", "Devil", "Draw")] == [V, W, W, F, L, O, D]
    with pytest.raises(ValueError, match="a game is"):
        GameRow.from_json([1, 2, 3])


def test_a_small_study_end_to_end_is_deterministic_whatever_the_chunks():
    plan = Plan.build(levels=("低", "balanced"), players=(8, 11), games=5, seed=19)
    result = play_plan(plan)
    assert sum(len(rows) for rows in result.rows.values()) + sum(result.unplayable.values()) == plan.total == 20
    for (level, n), rows in result.rows.items():
        assert all(sum(row.seats) == n for row in rows)
        assert all(row.seats[SIDES.index(V)] and row.seats[SIDES.index(W)] for row in rows)
    again = play_plan(Plan.build(levels=("low", "バランス"), players=(11, 8), games=5, seed=19, chunk=2))
    assert again.rows == result.rows
    in_processes = run_study(Plan.build(levels=("low", "balanced"), players=(8, 11), games=5, seed=19, chunk=3), workers=2)
    assert in_processes.rows == result.rows
    other = play_plan(Plan.build(levels=("low", "balanced"), players=(8, 11), games=5, seed=20))
    assert other.rows != result.rows


def test_more_games_extend_a_study_without_changing_the_first():
    first = play_plan(Plan.build(levels=("middle",), players=(9,), games=3, seed=4))
    more = play_plan(Plan.build(levels=("middle",), players=(9,), games=6, seed=4))
    assert more.rows[Safety.MIDDLE, 9][:3] == first.rows[Safety.MIDDLE, 9]


def test_chunks_cover_every_game_once():
    plan = Plan.build(levels=("low", "middle"), players=(8, 9, 10), games=60, seed=1)
    chunks = plan.chunks()
    assert sum(len(c) for c in chunks) == plan.total == 360
    assert len({c.key for c in chunks}) == len(chunks) and chunks[1] == Chunk(Safety.LOW, 8, 25, 50)


BAD_PLANS = [
    ({"levels": ("max",)}, CastingError, "unknown safety level 'max'"),
    ({"levels": ()}, StudyError, "a study needs at least one safety level and one seat count"),
    ({"players": (5,)}, CastingError, "闇鍋 needs at least 6 seats (the scapegoat included), not 5"),
    ({"games": 0}, StudyError, "games must be a whole number from 1 to 1,000,000, not 0"),
    ({"games": 10**30}, StudyError, "games must be a whole number from 1 to 1,000,000, not 10000"),
    ({"chunk": 2.5}, StudyError, "chunk must be a whole number from 1 to 1,000,000, not 2.5"),
    ({"seed": -1}, StudyError, "the seed must be a whole number ≥ 0, not -1"),
    ({"bots": "smart"}, StudyError, "unknown bots 'smart': choose one of random, heuristic"),
    ({"weighting": "heavy"}, CastingError, "unknown weighting 'heavy'"),
    ({"pool": "all"}, StudyError, "unknown pool 'all': a study casts from catalog or playable"),
    ({"date": "13-01"}, StudyError, "bad date '13-01': give drawn (a day of the year drawn for each game), none (a day"),
    ({"date": 1224}, StudyError, "bad date 1224: give drawn"),
    ({"date": "Christmas"}, StudyError, "bad date 'Christmas': give drawn"),
]


@pytest.mark.parametrize(("change", "error", "message"), BAD_PLANS)
def test_bad_plans_are_refused_with_what_is_allowed(change, error, message):
    arguments = {"levels": ("low",), "players": (8,), "games": 2, "seed": 1, **change}
    with pytest.raises(error) as caught:
        Plan.build(**arguments)
    assert str(caught.value).startswith(message)


def test_a_study_casts_from_the_catalog_on_days_drawn_over_the_year():
    plan = Plan.build(levels=("middle",), players=(12,), games=2, seed=5)
    assert (plan.pool, plan.date) == ("catalog", "drawn")
    assert {key: plan.to_json()[key] for key in ("pool", "date")} == {"pool": "catalog", "date": "drawn"}
    dates = [game_date(plan, Safety.MIDDLE, 12, i) for i in range(3650)]
    assert dates[:4] == [(2, 7), (5, 1), (5, 1), (4, 22)]  # each game's own day, from its seed
    assert len(set(dates)) == 365 and (2, 29) not in dates  # 10 draws a day on average: every day of a common year
    assert all(270 <= count <= 330 for count in Counter(month for month, _ in dates).values())  # ≈ 300 a month


def test_drawing_the_date_leaves_the_casting_and_game_streams_as_they_were():
    drawn, fixed = (Plan.build(levels=("low",), players=(10,), games=1, seed=2, date=date) for date in ("drawn", "06-01"))
    for i in range(5):
        (rng, seed), (fixed_rng, fixed_seed) = game_seeds(drawn, Safety.LOW, 10, i), game_seeds(fixed, Safety.LOW, 10, i)
        assert seed == fixed_seed and rng.random() == fixed_rng.random()
        day = game_date(drawn, Safety.LOW, 10, i)
        on_that_day = Plan.build(levels=("low",), players=(10,), games=1, seed=2, date=f"{day[0]:02d}-{day[1]:02d}")
        assert cast_game(drawn, Safety.LOW, 10, i) == cast_game(on_that_day, Safety.LOW, 10, i)  # the day is the one drawn


def test_the_game_date_brings_the_seasonal_events():
    def santas(date: str) -> int:
        plan = Plan.build(levels=("low",), players=(16,), games=1, seed=3, date=date)
        return sum("SantaClaus" in cast_game(plan, Safety.LOW, 16, i)[0].roles for i in range(200))

    # 12-24: サンタクロース added w.p. .4 when allowed; a day without events bars it w.p. .8 (spec yaminabe.md §4.2)
    assert (santas("12-24"), santas("none")) == (91, 5)
    assert Plan.build(levels=("low",), players=(8,), games=1, seed=1, date=" 12-24 ").date == "12-24"


def test_the_playable_pool_on_a_day_without_events_plays_the_earlier_studies_games():
    # the rows this study gave before issue 36 (its docstring's example, pool playable, no seasonal day)
    plan = Plan.build(levels=("middle",), players=(8,), games=4, seed=1, pool="playable", date="none")
    assert [row.seats for row in play_plan(plan).rows[Safety.MIDDLE, 8]][:2] == [(5, 2, 0, 0, 1), (4, 2, 0, 0, 2)]
