"""闇鍋 games the bots once never ended (``play_game``: "did not end in 1000 phases") now end: the
study's games that stalled, each replayed from its seeds, and many games over the whole catalog at
the level 逆 (reverse), where the resisting roles (絶対狼, 悪魔くん, the fox kinds) meet most often.

The stalls, found by the yaminabe study (docs/yaminabe-study.md) and a search over its seeds: the
village voted the publicly known 絶対狼 — which resists execution while another wolf lives, a 闇狼
hiding the vote table — every day, and the wolves attacked seats that resist attacks (悪魔くん, 夜兎)
every night. The bots now learn from those outcomes (tests/agents/test_classic_outcomes.py).
The two balanced games stalled with the table of main at 0699109; the search that found the 逆 games
played 1,000 games a seat count from 16 to 20 at 逆 (study seed 3636) and at バランス (seed 2036)."""

from __future__ import annotations

import pytest

from jinrou.agents.classic import HeuristicAgent
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import play_game
from jinrou.yaminabe.study import Plan, cast_game

STALLED = {  # the study's label of the game → its cast (role id → count) and the game's seed (its record's)
    # 逆, 16 seats, study seed 2036, game 75 (day 03-22): 絶対狼 + 闇狼 voted, 悪魔くん attacked
    "reverse-16-2036-75": ({"Guard": 1, "Dog": 1, "Diseased": 1, "Fate": 1, "Itako": 1, "DragonKnight": 1, "WolfCub": 1,
                            "AbsoluteWolf": 1, "DarkWolf": 1, "Pumpkin": 1, "Hypnotist": 1, "AttractiveWoman": 2,
                            "VariationFox": 1, "Devil": 1, "Dracula": 1}, 2011920259767850198),
    # 逆, 16 seats, study seed 3636, game 774 (day 12-19): 絶対狼 + 闇狼 voted, two 悪魔くん and a 夜兎 attacked
    "reverse-16-3636-774": ({"Psychic": 1, "Couple": 1, "Poisoner": 1, "WanderingGuard": 1, "Cosplayer": 1, "Itako": 1,
                             "Streamer": 1, "SealWolf": 1, "AbsoluteWolf": 1, "DarkWolf": 1, "Madman": 1, "Fanatic": 1,
                             "NightRabbit": 1, "LunaticLover": 1, "Devil": 2}, 4969415731808739176),
    # バランス, 17 seats, the balanced check (study seed 3636), game 550 (day 09-25): 絶対狼 + 闇狼 voted
    "balanced-17-3636-550": ({"Diviner": 1, "Guard": 1, "Merchant": 1, "ApprenticeSeer": 1, "Miko": 1, "Tarzan": 1,
                              "Twin": 1, "MementoDisposer": 1, "Cosplayer": 1, "DrawGirl": 1, "ThreateningWolf": 1,
                              "AbsoluteWolf": 1, "DarkWolf": 1, "Hypnotist": 1, "Fox": 1, "Hooligan": 1, "Tanner": 1},
                             125259054217315631),
    # バランス, 19 seats, the balanced check (study seed 3636), game 160 (day 03-27): two 絶対狼 + 闇狼 voted
    "balanced-19-3636-160": ({"Diviner": 1, "Guard": 1, "ToughGuy": 1, "Oldman": 1, "King": 1, "Miko": 1, "Fate": 1,
                              "Twin": 1, "MementoDisposer": 1, "Samurai": 1, "Idol": 2, "HolyMarked": 1, "AbsoluteWolf": 2,
                              "DarkWolf": 1, "ObstructiveMad": 1, "MadHunter": 1, "SnowLover": 1}, 1915397560057977081),
}
"""Each game pinned by its cast and seed, so that a later table or casting change keeps the very game."""


@pytest.mark.parametrize("label", list(STALLED))
def test_a_study_game_that_stalled_now_ends(label):
    counts, seed = STALLED[label]
    game = play_game(counts, Settings.parse(), HeuristicAgent, seed)  # a stall raises RuntimeError
    assert game.is_over and game.outcome is not None and game.outcome.winner_id


def test_the_first_stalled_game_is_the_studys_game_75():
    plan = Plan.build(["reverse"], [16], 76, seed=2036)
    casting, seed = cast_game(plan, plan.levels[0], 16, 75)
    assert (dict(casting.counts), seed) == STALLED["reverse-16-2036-75"]


@pytest.mark.parametrize("n", range(16, 21))
def test_yaminabe_over_the_whole_catalog_at_reverse_ends(n):
    plan = Plan.build(["reverse"], [n], 40, seed=7)  # the catalog pool, each game on its drawn day
    for index in range(plan.games):
        casting, game_seed = cast_game(plan, plan.levels[0], n, index)
        game = play_game(casting.counts, Settings.parse(), HeuristicAgent, game_seed)  # a stall raises
        assert game.is_over and game.outcome is not None, (n, index, casting.counts)
