"""闇鍋 games the bots once never ended (``play_game``: "did not end in 1000 phases") now end: the
study's games that stalled, each replayed from its seeds, and many games over the whole catalog at
the level 逆 (reverse), where the resisting roles (絶対狼, 悪魔くん, the fox kinds) meet most often.

The stalls, found by the yaminabe study (docs/yaminabe-study.md) and a search over its seeds: the
village voted the publicly known 絶対狼 — which resists execution while another wolf lives, a 闇狼
hiding the vote table — every day, and the wolves attacked seats that resist attacks (悪魔くん, 夜兎)
every night. The bots now learn from those outcomes (tests/agents/test_classic_outcomes.py)."""

from __future__ import annotations

import pytest

from jinrou.agents.classic import HeuristicAgent
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import play_game
from jinrou.yaminabe.study import Plan, cast_game

STALLED = [  # (level, seats, study seed, game index, the game's seed)
    ("reverse", 16, 2036, 75, 2011920259767850198),  # day 03-22: 絶対狼 + 闇狼 voted, 悪魔くん attacked
    ("reverse", 16, 3636, 774, 4969415731808739176),  # day 12-19: 絶対狼 + 闇狼 voted, two 悪魔くん and 夜兎 attacked
]


def play(level: str, n: int, seed: int, index: int) -> tuple[int, object]:
    plan = Plan.build([level], [n], index + 1, seed=seed)
    casting, game_seed = cast_game(plan, plan.levels[0], n, index)
    return game_seed, play_game(casting.counts, Settings.parse(), HeuristicAgent, game_seed)


@pytest.mark.parametrize(("level", "n", "seed", "index", "game_seed"), STALLED,
                         ids=[f"{level}-{n}-{seed}-{index}" for level, n, seed, index, _ in STALLED])
def test_a_study_game_that_stalled_now_ends(level, n, seed, index, game_seed):
    played_seed, game = play(level, n, seed, index)
    assert played_seed == game_seed  # the very game that stalled
    assert game.is_over and game.outcome is not None and game.outcome.winner_id


@pytest.mark.parametrize("n", range(16, 21))
def test_yaminabe_over_the_whole_catalog_at_reverse_ends(n):
    plan = Plan.build(["reverse"], [n], 40, seed=7)  # the catalog pool, each game on its drawn day
    for index in range(plan.games):
        casting, game_seed = cast_game(plan, plan.levels[0], n, index)
        game = play_game(casting.counts, Settings.parse(), HeuristicAgent, game_seed)  # a stall raises
        assert game.is_over and game.outcome is not None, (n, index, casting.counts)
