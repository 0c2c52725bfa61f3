"""The bots of wave 3's fox kinds and of the 第三陣営 without a team (``agents/classic/foxes_oni.py``): games
of these roles play to their end, and each bot uses its verbs (docs/classic-bots.md)."""

from __future__ import annotations

from jinrou.agents.classic import RandomAgent
from tests.agents.test_classic_agents import played_verbs


def test_bots_of_the_fox_kinds_finish_and_use_their_verbs():
    cast = {"Werewolf": 2, "Trickster": 1, "VariationFox": 1, "XianFox": 1, "Blasphemy": 1, "NightRabbit": 1,
            "Actress": 1, "Diviner": 1, "Guard": 1, "Human": 4}
    taken = played_verbs(cast, range(6))
    assert taken["pair"] >= 5 and taken["scry"] >= 5 and taken["blaspheme"] >= 5 and taken["mutate"] >= 1, taken
    randomly = played_verbs(cast, range(6), RandomAgent)
    assert randomly["pair"] and randomly["scry"] and randomly["blaspheme"] and randomly["mutate"], randomly


def test_bots_of_the_third_parties_finish_and_use_their_verbs():
    cast = {"Werewolf": 2, "Hoodlum": 1, "Oni": 1, "GoldOni": 1, "FrontOni": 1, "BackOni": 1, "Shishimai": 1,
            "ResidualHaunting": 1, "DarkClown": 1, "Amanojaku": 1, "Fox": 1, "Diviner": 1, "Human": 3}
    taken = played_verbs(cast, range(6))
    assert taken["grudge"] >= 5 and taken["abduct"] >= 3 and taken["nip"] >= 5 and taken["haunt"] >= 5, taken
    randomly = played_verbs(cast, range(6), RandomAgent)
    assert randomly["grudge"] and randomly["abduct"] and randomly["nip"] and randomly["haunt"], randomly
