"""The heuristic bots play the single teams of wave 3 (``agents/classic/single_teams.py``): every verb of
カルトリーダー, 教主, 暴徒, 暴動者, 警備員, 決闘者 and ドラキュラ is used, nobody dies for a missed choice, the
rioters' assaults meet, and the games replay from their records."""

from __future__ import annotations

from collections import Counter

import pytest

from jinrou.agents.classic import HeuristicAgent
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import play_game

CASTS = {
    "cult": {"Werewolf": 2, "Diviner": 1, "Guard": 1, "CultLeader": 1, "Hierarch": 1, "Human": 7},
    "riot": {"Werewolf": 2, "Diviner": 1, "Guard": 1, "Hooligan": 1, "Human": 11},
    "duel": {"Werewolf": 2, "Diviner": 1, "Duelist": 1, "Raven": 2, "Ascetic": 1, "Human": 6},
    "vampires": {"Werewolf": 2, "Diviner": 1, "Guard": 1, "Dracula": 2, "VampireClan": 1, "Lorelei": 1, "Human": 8},
}
VERBS = {"cult": {"recruit"}, "riot": {"recruit", "assault", "arrest"}, "duel": {"pair"}, "vampires": {"bite"}}


@pytest.mark.parametrize("name", sorted(CASTS))
def test_the_bots_use_every_verb_and_their_games_replay(name):
    used: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    for seed in range(6):
        game = play_game(CASTS[name], Settings.parse(), HeuristicAgent, seed)
        assert game.outcome is not None and not game.sudden
        record = write(game)
        assert write(replay(record)) == record
        for event in record["events"]:
            used.update(a["action"] for a in event.get("actions", ()))
        causes.update(d.cause.value for d in game.deaths if d is not None)
    assert VERBS[name] <= set(used)
    if name == "riot":
        assert causes["hooligan"] > 0  # the rioters' assaults meet on one seat
