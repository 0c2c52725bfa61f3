"""Bots with the switchers (T.4) and team Friend's third parties (T.5): whole games finish, nobody dies
suddenly, and each new ability is used (docs/classic-bots.md)."""

from __future__ import annotations

import pytest

from jinrou.agents.classic import RandomAgent

from .test_classic_agents import Checked, _bot_games, _used, play, played_verbs, record_events

CAST = {"Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 5}


@pytest.mark.parametrize(("role", "verb"), [("Stalker", "stalk"), ("Copier", "copy"), ("Doppleganger", "mimic"),
                                            ("Thief", "steal"), ("LunaticLover", "obsess"), ("BadLady", "pair"),
                                            ("SnowLover", "pair"), ("Patissiere", "pair")])
def test_bot_games_with_a_switcher_or_a_lover_finish_and_use_its_ability(role, verb):
    games = _bot_games({role: 1, **CAST}, range(6))
    uses = _used(games, verb)
    assert len(uses) >= 6 and all(u["player"] == "A" for u in uses)


def test_bot_copiers_copy_on_their_first_night_and_thieves_take_a_role_that_is_not_a_villager():
    games = _bot_games({"Copier": 1, "Thief": 1, **CAST}, range(4))
    assert all(g.roles_held(0)[0] == "Copier" and len(g.roles_held(0)) == 2 for g in games)
    for game in games:
        stolen = [a["role"] for a in _used([game], "steal")]
        (pair,) = [d["value"] for e in record_events(game) if e["type"] == "outcome" for d in e["draws"]
                   if d["draw"] == "thief candidates"]
        assert stolen == [next((r for r in pair if r != "Human"), "Human")]


def test_bots_eat_the_patissieres_chocolates():
    taken = played_verbs({"Patissiere": 1, **CAST}, range(6))
    assert taken["eat"] >= 6


def test_random_bots_with_these_roles_choose_legal_actions():
    roles = ["Werewolf", "Werewolf", "Stalker", "Copier", "Doppleganger", "Thief", "DualPersonality", "BadLady",
             "LunaticLover", "SnowLover", "Patissiere", "Diviner", "Human", "Human"]
    used: set[str] = set()
    for seed in range(6):
        game = play(roles, {"scapegoat": "off"}, [Checked(RandomAgent()) for _ in roles], seed)  # illegal raises
        assert game.outcome is not None
        used |= {a["action"] for e in record_events(game) for a in e.get("actions", [])}
    assert {"stalk", "steal", "pair", "obsess"} <= used


@pytest.mark.parametrize("role", ["Stalker", "Doppleganger", "DualPersonality"])
def test_a_switcher_on_the_block_comes_out_as_itself(role):
    """Nobody gains by executing a switcher not yet changed (a ストーカー wins with its target's team): named in
    a third of the day's VOTE claims, it comes out as itself, as issue 24's village roles do; once changed it
    says what its new role says."""
    from jinrou.classic.claims import ClaimKind

    games = _bot_games({**CAST, role: 1}, range(8))  # the last seat: it speaks after the others' VOTE claims
    said = [(g.roles_held(10), c.role) for g in games for _, s, c in g.claims if s == 10 and c.kind is ClaimKind.COMINGOUT]
    assert any(co == role for _, co in said)
    assert all(co == role or co in held[1:] for held, co in said)  # itself, or the role it became
