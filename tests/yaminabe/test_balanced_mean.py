"""The balanced level's mean 人狼系 count (issue 36): its casting, its bounds, and the secant search
that moves it (or the wolf centre), on toy worlds whose answers are known."""

import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic.catalog import ROLES
from jinrou.errors import CastingError, StudyError
from jinrou.yaminabe import Options, cast
from jinrou.yaminabe.ratios import BalancedTable, TeamRatios
from jinrou.yaminabe.study import SIDES, Side
from jinrou.yaminabe.tuner import Goal, Knobs, secant

V, W, D = Side.VILLAGE, Side.WOLF, Side.DRAW


def werewolves(roles):
    return Counter(ROLES[r].category.value for r in roles)["Werewolf"]


def row(m):
    return TeamRatios(village=(0.55, 0.65), wolf=(0.25, 0.35), fox=0.2, lovers=0.1, werewolves=m)


def test_a_whole_mean_casts_exactly_as_the_integer_row_did():
    # the same seed, the same roles in the same order: a whole number draws nothing (casts taken with
    # the issue-36 table's 8-, 14- and 17-seat rows before the mean existed)
    known = {
        (8, 3, (0.55, 0.65), (0.33, 0.43), 0.116, 0.083, 1):
            ("Diviner", "Fate", "Hitokotonushinokami", "Illusionist", "Synesthete", "DecoyWolf", "QueenOfNight", "QueenOfNight"),
        (14, 5, (0.596, 0.696), (0.266, 0.366), 0.125, 0.16, 2):
            ("Diviner", "Guard", "Magician", "ToughGuy", "Witch", "Oldman", "Assassin", "GachaAddicted", "DarkPsychic", "Werewolf",
             "AbsoluteWolf", "Madman", "Satori", "DualPersonality"),
        (17, 11, (0.579, 0.679), (0.19, 0.29), 0.178, 0.181, 3):
            ("Diviner", "Psychic", "Magician", "Liar", "Liar", "ToughGuy", "TroubleMaker", "Miko", "Saint", "MementoDisposer",
             "RemoteWorker", "RemoteWorker", "BigWolf", "FascinatingWolf", "CurseWolf", "RainyBoy", "Oni"),
    }  # fmt: skip
    for (n, seed, *targets), roles in known.items():
        integer = TeamRatios(*targets)
        as_float = replace(integer, werewolves=float(integer.werewolves))
        assert as_float == integer and isinstance(as_float.werewolves, int)  # 2.0 is read as 2
        for ratios in (integer, as_float):
            assert cast(n, "balanced", rng=np.random.default_rng(seed), options=Options(ratios=ratios)).roles == roles


@settings(max_examples=25, deadline=None)
@given(m=st.floats(1, 4, allow_nan=False).map(lambda x: round(x, 3)), n=st.integers(9, 20), seed=st.integers(0, 2**32))
def test_a_mean_casts_its_floor_or_its_ceiling(m, n, seed):
    m = min(m, (n - 1) // 2)
    casting = cast(n, "balanced", rng=np.random.default_rng(seed), pool="playable", options=Options(ratios=row(m)))
    assert werewolves(casting.roles) in {math.floor(m), math.ceil(m)} and len(casting.roles) == n


def test_the_mean_count_converges_to_the_mean():
    counts = [werewolves(cast(12, "balanced", rng=np.random.default_rng(s), pool="playable", options=Options(ratios=row(2.3))).roles)
              for s in range(600)]
    assert set(counts) == {2, 3}
    assert abs(np.mean(counts) - 2.3) < 3 * math.sqrt(0.3 * 0.7 / 600)  # three standard errors


def test_a_mean_row_reads_and_writes_back():
    data = {"format": "jinrou.yaminabe-balanced/1", "about": {},
            "seats": {"8": {"village": [0.55, 0.65], "wolf": [0.33, 0.43], "fox": 0.1, "lovers": 0.1, "werewolves": 1.39},
                      "9": {"village": [0.55, 0.65], "wolf": [0.33, 0.43], "fox": 0.1, "lovers": 0.1, "werewolves": 2}}}
    table = BalancedTable.from_json(data)
    assert table.rows[8].werewolves == 1.39 and table.rows[8].most_werewolves == 2 and table.to_json() == data
    assert table.dumps().count('"werewolves": 2}') == 1  # a whole number is written as one


@pytest.mark.parametrize(("mean", "message"), [
    (0.99, "the mean number of 人狼系 roles must be a number from 1 to 500 or None, not 0.99"),
    (0, "the mean number of 人狼系 roles must be a number from 1 to 500 or None, not 0"),
    (float("nan"), "the mean number of 人狼系 roles must be a number from 1 to 500 or None, not nan"),
    ("2", "the mean number of 人狼系 roles must be a number from 1 to 500 or None, not '2'"),
    (True, "the mean number of 人狼系 roles must be a number from 1 to 500 or None, not True"),
])  # fmt: skip
def test_a_mean_below_one_is_refused(mean, message):
    with pytest.raises(CastingError) as caught:
        row(mean)
    assert str(caught.value) == message


@pytest.mark.parametrize(("n", "mean", "message"), [
    (8, 3.01, "balanced table, 8 seats: a mean of 3.01 人狼系 roles casts up to 4, which is not below half the seats (at most 3)"),
    (8, 4, "balanced table, 8 seats: 4 人狼系 roles are not below half the seats (at most 3)"),
    (9, 4.5, "balanced table, 9 seats: a mean of 4.5 人狼系 roles casts up to 5, which is not below half the seats (at most 4)"),
])  # fmt: skip
def test_a_mean_at_half_the_seats_is_refused(n, mean, message):
    data = {"format": "jinrou.yaminabe-balanced/1", "seats": {str(n): {**row(1).to_json(), "werewolves": mean}}}
    before = dict(data["seats"][str(n)])
    with pytest.raises(CastingError) as caught:
        BalancedTable.from_json(data)
    assert str(caught.value) == message and "\n" not in message
    assert data["seats"][str(n)] == before  # the input is left as it was


# ----------------------------------------------------------------------------- the secant search


def mean_toy(n, ratios, games, seed):
    """A known world, linear in the mean count as the bots' is: one wolf, village 61 %; two, 35 %;
    the village wins half its games at m = 1 + 11/26 ≈ 1.423."""
    m = ratios.werewolves
    village = round(games * (0.61 - 0.26 * (m - 1)))
    return {V: village, W: games - village}


def noisy_mean_toy(n, ratios, games, seed):
    p = 0.61 - 0.26 * (ratios.werewolves - 1)
    village = int(np.random.default_rng(seed).binomial(games, p))
    return {V: village, W: games - village}


def centre_toy(n, ratios, games, seed):
    """The village wins half its games at a wolf centre of 32 %, falling 0.8 % per 1 % of share."""
    village = round(games * (0.5 - 0.8 * (sum(ratios.wolf) / 2 - 0.32)))
    return {V: village, W: games - village}


def test_the_secant_finds_the_mean_of_a_toy_world_from_its_bracket():
    tuned = secant(8, mean_toy, seed=1, start=Knobs(wolf=0.38, werewolves=1), bracket=(1, 2), rounds=0, games=10**5)
    assert [r.knobs.werewolves for r in tuned.rounds] == [1, 2]  # the bracket's ends, played
    assert tuned.knobs.werewolves == pytest.approx(1 + 11 / 26, abs=0.001) and tuned.met
    assert tuned.knobs.wolf == 0.38 and tuned.knobs.ratios().werewolves == tuned.knobs.werewolves


def test_the_secant_reuses_rounds_seen_and_plays_only_what_is_missing():
    seen = [replace(r) for r in secant(8, mean_toy, seed=1, bracket=(1, 2), rounds=0, games=1000).rounds[:1]]
    played = []

    def spy(n, ratios, games, seed):
        played.append(ratios.werewolves)
        return mean_toy(n, ratios, games, seed)

    tuned = secant(8, spy, seed=1, bracket=(1, 2), seen=seen, rounds=0, games=1000)
    assert played == [2, tuned.knobs.werewolves] and tuned.rounds[0] == seen[0]


def test_the_secant_meets_the_goal_in_a_noisy_toy_world():
    tuned = secant(8, noisy_mean_toy, seed=3, bracket=(1, 2), rounds=1, games=2000, check_games=4000, retries=2)
    games = sum(tuned.check.values())
    assert tuned.met and abs(Fraction(tuned.check[V], games) - Fraction(1, 2)) <= Fraction(2, 100)
    assert tuned.knobs.werewolves == pytest.approx(1.423, abs=0.05)


def test_the_secant_moves_the_wolf_centre_with_a_known_slope():
    start = Knobs(wolf=0.26, third=0.08, fox=0.2, lovers=0.1)
    tuned = secant(12, centre_toy, seed=1, knob="wolf", start=start, slope=-0.8, rounds=1, games=10**5)
    assert tuned.knobs.wolf == pytest.approx(0.32, abs=0.001) and tuned.met
    assert replace(tuned.knobs, wolf=start.wolf) == start  # the other knobs are kept
    assert tuned.rounds[0].knobs == start  # the first round plays the start


def test_a_missed_secant_check_joins_the_rounds():
    # a slope far too steep moves little; each missed check is one more point
    start = Knobs(wolf=0.20, third=0.08)
    tuned = secant(12, centre_toy, seed=1, knob="wolf", start=start, slope=-8.0, rounds=1, games=1000, check_games=1000, retries=3)
    assert len(tuned.checks) == 4 and not tuned.met and tuned.rounds[1:] == tuned.checks[:-1]
    assert [c.knobs.wolf for c in tuned.checks] == sorted(c.knobs.wolf for c in tuned.checks)  # each one further toward 32 %


@pytest.mark.parametrize(("arguments", "message"), [
    ({"knob": "fox", "slope": -1}, "the secant searches werewolves or wolf, not 'fox'"),
    ({}, "the secant needs a slope or a bracket (two values of the knob), one of them"),
    ({"slope": -1, "bracket": (1, 2)}, "the secant needs a slope or a bracket (two values of the knob), one of them"),
    ({"slope": 0.5, "start": Knobs(werewolves=2)}, "the village's win rate falls as the werewolves knob grows: the slope must be below 0, not 0.5"),
    ({"bracket": (1, 4)}, "the bracket must be two values from 1 to 3 at 8 seats, the smaller first, not (1, 4)"),
    ({"bracket": (2, 1)}, "the bracket must be two values from 1 to 3 at 8 seats, the smaller first, not (2, 1)"),
    ({"slope": -1}, "the secant on werewolves without a bracket starts from the start's value: give one"),
    ({"slope": -1, "start": Knobs(werewolves=2), "games": 0}, "the secant's games must be a whole number from 1 to 1,000,000, not 0"),
])  # fmt: skip
def test_bad_secant_arguments_are_refused_in_one_line(arguments, message):
    played = []
    with pytest.raises(StudyError) as caught:
        secant(8, lambda *a: played.append(a) or mean_toy(*a), seed=1, **arguments)
    assert str(caught.value) == message and not played  # nothing was played


def test_a_bracket_whose_ends_do_not_fall_is_refused():
    def flat(n, ratios, games, seed):
        return {V: games // 2, W: games - games // 2}

    with pytest.raises(StudyError, match=r"^the village's win rate did not fall from 1 to 2 \(50.0% → 50.0%\): widen the bracket"):
        secant(8, flat, seed=1, bracket=(1, 2), games=100)


def test_the_secant_is_reproducible_from_its_seed():
    first = secant(8, noisy_mean_toy, seed=5, bracket=(1, 2), games=300, check_games=300)
    assert secant(8, noisy_mean_toy, seed=5, bracket=(1, 2), games=300, check_games=300) == first
    assert secant(8, noisy_mean_toy, seed=6, bracket=(1, 2), games=300, check_games=300) != first
    assert set(first.check) <= {*SIDES, D} and Goal().met(first.check) == first.met
