"""Dealing under 身代わりセーフティ (spec §2), and bot simulations: deterministic from the seed, the
same with worker processes, every record replays."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from jinrou.agents.classic import HeuristicAgent, RandomAgent
from jinrou.classic.casting import SCAPEGOAT_EXCLUDED, deal, scapegoat_may_draw
from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.record import load, write
from jinrou.classic.replay import replay
from jinrou.classic.simulate import GameResult, Summary, game_seeds, resolve_cast, simulate
from jinrou.errors import SetupError
from jinrou.stats import Interval

MANY = {"Werewolf": 2, "Fox": 1, "Hunter": 1, "Cat": 1, "Cupid": 1, "Poisoner": 1, "Noble": 1, "Twin": 2,
        "Diviner": 1, "Human": 1}  # fmt: skip


# ---------------------------------------------------------------------- dealing


def test_under_full_safety_the_scapegoat_draws_neither_a_nonhuman_nor_an_excluded_role():
    rng = np.random.default_rng(0)
    drawn = Counter(deal(MANY, rng)[0] for _ in range(600))
    assert set(drawn) == {"Diviner", "Human"}
    assert SCAPEGOAT_EXCLUDED >= {"Hunter", "Cat", "Cupid", "Poisoner", "Noble", "Twin", "QueenSpectator"}


def test_under_safety_no_only_nonhumans_are_spared_and_free_spares_nothing():
    rng = np.random.default_rng(1)
    no = Counter(deal(MANY, rng, safety="no")[0] for _ in range(1500))
    assert set(no) == set(MANY) - {"Werewolf", "Fox"}
    free = Counter(deal(MANY, rng, safety="free")[0] for _ in range(1500))
    assert set(free) == set(MANY)
    assert not any(CATALOG[role].nonhuman for role in no)


def test_the_scapegoat_draws_uniformly_among_the_copies_it_may_draw():
    rng = np.random.default_rng(2)
    drawn = Counter(deal({"Werewolf": 1, "Human": 3, "Diviner": 1}, rng)[0] for _ in range(4000))
    assert set(drawn) == {"Human", "Diviner"}
    assert 0.72 < drawn["Human"] / 4000 < 0.78  # 3 copies in 4


def test_nothing_the_scapegoat_may_draw_is_an_error():
    with pytest.raises(SetupError, match="身代わりくん cannot be dealt any role of this list under 身代わりセーフティ 'full'"):
        deal({"Werewolf": 1, "Hunter": 2}, np.random.default_rng(0))
    with pytest.raises(SetupError, match="under 身代わりセーフティ 'no'"):
        deal({"Werewolf": 1, "Fox": 2}, np.random.default_rng(0), safety="no")
    assert sorted(deal({"Werewolf": 1, "Hunter": 2}, np.random.default_rng(0), safety="no")) == \
        ["Hunter", "Hunter", "Werewolf"]
    assert deal({"Werewolf": 1, "Fox": 2}, np.random.default_rng(0), scapegoat=False)  # nobody to spare


@pytest.mark.parametrize("bad, message", [
    ({"Werewolf": -1, "Human": 4}, "role counts must be whole numbers ≥ 0"),
    ({"Wizard": 1, "Human": 4}, "unknown role id 'Wizard'"),
])  # fmt: skip
def test_bad_lists_are_refused(bad, message):
    with pytest.raises(SetupError, match=message):
        deal(bad, np.random.default_rng(0))
    with pytest.raises(SetupError, match="safety"):
        scapegoat_may_draw("Human", "half")


def test_the_others_get_a_uniform_permutation_reproducible_from_the_seed():
    cast = {"Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 3}
    assert deal(cast, np.random.default_rng(9)) == deal(cast, np.random.default_rng(9))
    seat_of_wolf = Counter(deal(cast, np.random.default_rng(seed)).index("Werewolf") for seed in range(2500))
    assert set(seat_of_wolf) == {1, 2, 3, 4, 5}
    assert all(400 < count < 600 for count in seat_of_wolf.values())  # 500 expected each
    dealt = deal(["Werewolf", "Human", "Human"], np.random.default_rng(3), scapegoat=False)
    assert sorted(dealt) == ["Human", "Human", "Werewolf"]


# ---------------------------------------------------------------------- simulating


def test_a_simulation_is_deterministic_from_its_seed():
    first = simulate("normal", 12, 5, HeuristicAgent, players=10)
    assert first == simulate("normal", 12, 5, HeuristicAgent, players=10)
    assert first != simulate("normal", 12, 6, HeuristicAgent, players=10)
    assert game_seeds(5, 3) == game_seeds(5, 12)[:3]


def test_worker_processes_give_the_same_summary():
    cast = {"Werewolf": 1, "Diviner": 1, "Madman": 1, "Human": 4}
    alone = simulate(cast, 120, 3, RandomAgent)
    assert simulate(cast, 120, 3, RandomAgent, workers=2) == alone


def test_every_record_replays_to_its_result(tmp_path):
    cast = {"Werewolf": 2, "Diviner": 1, "Psychic": 1, "Guard": 1, "Fox": 1, "Cat": 1, "Cupid": 1, "Human": 3}
    progress: list[int] = []
    summary = simulate(cast, 8, 11, HeuristicAgent, record_dir=tmp_path / "records", progress=progress.append)
    files = sorted((tmp_path / "records").glob("game-*.json"))
    assert [f.name for f in files] == [f"game-{i:05d}.json" for i in range(1, 9)] and progress[-1] == 8
    winners: Counter[str] = Counter()
    for path in files:
        record = load(str(path))
        game = replay(record)  # checks every event and the result
        assert write(game, record["seed"])["result"] == record["result"]
        winners[record["result"]["winner"]] += 1
        choices = {**{k: record[k] for k in ("format", "players", "roles", "settings", "seed")},
                   "events": [{k: v for k, v in e.items() if k in ("type", "actions", "votes", "claims")}
                              for e in record["events"] if e["type"] != "outcome"]}
        assert write(replay(choices), record["seed"])["result"] == record["result"]  # the seed redraws
    assert {t: c for t, c in summary.wins.items() if c} == dict(winners)


def test_the_summary_counts_teams_roles_and_days():
    results = [
        GameResult(1, "Human", 4, ("Human", "Werewolf", "Diviner"), (True, False, True)),
        GameResult(2, "Werewolf", 3, ("Werewolf", "Human", "Diviner"), (True, False, False)),
        GameResult(3, "Draw", 7, ("Diviner", "Human", "Werewolf"), (False, False, False)),
    ]
    summary = Summary.of(results, {"Werewolf": 1, "Diviner": 1, "Human": 1}, seed=0)
    assert summary.wins == {"Human": 1, "Werewolf": 1, "Draw": 1}
    assert summary.rates["Human"] == Interval.wilson(1, 3)
    assert summary.days == {3: 1, 4: 1, 7: 1} and summary.mean_days == pytest.approx(14 / 3)
    assert summary.roles == {"Werewolf": (1, 3), "Diviner": (1, 3), "Human": (1, 3)}
    data = json.loads(json.dumps(summary.to_json()))
    assert data["win_rates"]["Draw"]["rate"] == pytest.approx(1 / 3) and data["days"]["histogram"]["7"] == 1
    third = Interval.wilson(1, 3)
    assert data["roles"]["Werewolf"] == {"seats": 3, "wins": 1, "rate": third.rate, "ci95": [third.low, third.high]}


def test_teams_that_could_win_are_listed_even_without_a_win():
    summary = simulate({"Werewolf": 1, "Fox": 1, "Cupid": 1, "Diviner": 1, "Human": 4}, 3, 0, HeuristicAgent)
    assert list(summary.wins) == ["Human", "Werewolf", "Fox", "Friend", "Draw"]


@pytest.mark.parametrize("cast, players, games, message", [
    ("chaos", 9, 1, "unknown casting 'chaos'"),
    ("normal", None, 1, "needs the number of players"),
    ({"Werewolf": 1, "Human": 5}, 7, 1, "the role counts sum to 6, not 7 players"),
    ({"Werewolf": 1, "Wizard": 5}, None, 1, "'Wizard' is not a playable role id"),
    ({"Werewolf": 1, "Human": 1.5}, None, 1, "whole number"),
    ({"Werewolf": 1, "Human": 4}, None, 0, "games must be a whole number ≥ 1"),
    ({"Werewolf": 1, "Human": 4}, None, 99_999_999_999, "at most 1,000,000, not 99999999999"),  # was a MemoryError
    ({"Werewolf": 2, "Fox": 3}, None, 1, "身代わりくん cannot be dealt"),
])  # fmt: skip
def test_bad_simulations_are_refused_before_playing(cast, players, games, message):
    with pytest.raises(SetupError, match=message):
        simulate(cast, games, 0, RandomAgent, players=players)


def test_named_castings():
    assert resolve_cast("普通1", 9) == resolve_cast("normal", 9) == {
        "Werewolf": 2, "Diviner": 1, "Psychic": 1, "Madman": 1, "Guard": 1, "Human": 3}
    assert resolve_cast({"Werewolf": 1, "Guard": 0, "Human": 4}) == {"Werewolf": 1, "Human": 4}


def test_interval_is_shared_with_the_quantum_simulation():
    from jinrou.quantum.simulate import Interval as QuantumInterval

    assert QuantumInterval is Interval
