"""The bots of issue 34's gifts and crowds (``agents/classic/crowds.py``): サンタクロース delivers its presents,
帰省者 hands a kit, a デスノート and a holder of 死神の手帳's note write, a 配信者 plays its nightly role, a drunk
seat plays as the 村人 it believes it is, and each comes out as itself on the block; whole games of them
end without a sudden death and replay to the same record."""

from __future__ import annotations

from collections import Counter

import numpy as np

from jinrou.agents.classic import HeuristicAgent
from jinrou.classic.agent import play as play_to_end
from jinrou.classic.game import Game
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import seat_names

from .test_classic_agents import _bot_games, _cos, _used


def test_santa_gifts_the_homecomer_hands_kits_and_a_death_note_writes_in_bot_games():
    cast = {"SantaClaus": 1, "Reindeer": 1, "HomeComer": 1, "Light": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1,
            "Human": 3}
    games = _bot_games(cast, range(20))
    gifts, kits, writes = _used(games, "gift"), _used(games, "kit"), _used(games, "write")
    assert len(gifts) >= 20 and kits and writes
    assert all(a["player"] != a["target"] for a in gifts)
    for game in games[:3]:
        record = write(game)
        assert write(replay(record)) == record


def test_a_streamer_plays_its_nightly_role_and_the_crowd_comes_out_on_the_block():
    cast = {"Streamer": 1, "Hanami": 1, "SantaClaus": 1, "Reindeer": 1, "HomeComer": 1, "Werewolf": 2,
            "Madman": 1, "Diviner": 1, "Guard": 1, "Human": 2}
    games = _bot_games(cast, range(12))
    seen: Counter = _cos(games)
    assert {r for r in ("Streamer", "Hanami", "SantaClaus", "Reindeer", "HomeComer") if seen[(r, r)]}, seen
    tried = [m for g in games for _, m in g.messages if m.key == "trying"]
    assert tried  # a 配信者 with listeners alive tries a nightly role
    drunk = [g for g in games if any(layer.role.id == "Drunk" for i in g.identities for layer in i.layers)]
    assert drunk  # a 花見客 made a seat drunk


def test_room_options_drunk_and_deathnote_play_with_bots_to_the_end():
    roles = ["Werewolf", "Werewolf", "Diviner", "Guard", "Madman", "Human", "Human", "Human", "Human"]
    settings = Settings.parse({"scapegoat": "on", "drunk": "on", "deathnote": "on"})
    holders = 0
    for seed in range(6):
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), settings), roles, settings, rng)
        play_to_end(game, [HeuristicAgent(dict(Counter(roles))) for _ in roles], rng)
        assert game.outcome is not None and not game.sudden
        record = write(game)
        assert record["settings"]["drunk"] == record["settings"]["deathnote"] == "on"
        assert write(replay(record)) == record
        holders += sum(1 for e in record["events"] for d in e.get("draws", []) if d["draw"] == "deathnote holder")
    assert holders
