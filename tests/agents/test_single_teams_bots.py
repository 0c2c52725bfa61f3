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


@pytest.mark.parametrize(("role", "says"), [("Raven", "Raven"), ("Ascetic", "Ascetic"), ("Duelist", "Duelist"),
                                            ("CultLeader", "Human"), ("Hierarch", "Human"), ("Hooligan", "Human"),
                                            ("Dracula", "Human"), ("Lorelei", "Human")])
def test_a_single_team_on_the_block_comes_out_as_itself_or_hides_behind_a_villager(role, says):
    """Named in a third of the day's VOTE claims: a party the village gains nothing by executing (鴉, 修験者,
    決闘者) comes out as itself; a hostile one (the cult, the hooligans, the vampires, ローレライ) says 村人."""
    from jinrou.classic.claims import ClaimKind
    from tests.agents.test_classic_agents import _bot_games

    cast = {"Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 5, role: 1}  # it speaks last
    said = [c.role for g in _bot_games(cast, range(8)) for _, s, c in g.claims
            if s == 10 and c.kind is ClaimKind.COMINGOUT]
    assert said and set(said) == {says}
