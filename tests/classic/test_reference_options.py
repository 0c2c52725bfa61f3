"""Reference games played with room options (``tests/data/reference-games/options/``, README's "Room
options"): those whose options jinrou plays — 酔っ払い (``drunk``), 死神の手帳 (``deathnote``), 決定者,
権力者, 自分に投票, 狼の子分 (``wolfminion``), 敗北村 (``losemode``), ケミカル人狼 (``chemical``: a seat's
roles a list, [left, right]) — on casts of declared roles, replayed by jinrou to the same deaths, winner and
winners. A game is left out only by name, with the reason (:data:`LEFT_OUT`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jinrou.classic.record import write
from jinrou.classic.replay import replay

from .test_reference_games import deaths

DATA = Path(__file__).parent.parent / "data" / "reference-games" / "options"
PLAYED = {"drunk", "deathnote", "decider", "authority", "votemyself"}
PLAYED |= {"wolfminion", "losemode", "chemical"}  # 狼の子分 and its 子分選択者, 敗北村, ケミカル人狼
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference-games" / "options"

LEFT_OUT: dict[str, str] = {}
"""Games that differ from jinrou's replay on purpose: name → why (none: a given draw is taken by its kind,
so the 死神の手帳 games' `deathnote holder` without the night's `order`/`announcement` replays)."""


def games() -> list[str]:
    return [path.stem for path in sorted(DATA.glob("*.json"))]


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", [n for n in games() if n not in LEFT_OUT])
def test_jinrou_replays_the_reference_game_with_its_options_to_the_same_end(name):
    game = load(name)
    expected = game["expected"]
    full = write(replay(game["record"]))
    phases = [e for e in full["events"] if e["type"] != "outcome"]
    assert [(e["type"], deaths(e)) for e in phases] == [(p["kind"], deaths(p)) for p in expected["phases"]]
    assert full["result"]["winner"] == expected["winner"]
    assert full["result"]["winners"] == sorted(expected["winners"])
    options = set(game["reference"]["meta"]["options"])
    assert all(full["settings"][option] == "on" for option in options)


def test_the_options_played_are_drunk_and_deathnote_at_least_twice_each():
    played = [set(load(name)["reference"]["meta"]["options"]) for name in games() if name not in LEFT_OUT]
    assert all(options <= PLAYED for options in played)
    assert sum("drunk" in o for o in played) >= 3 and sum("deathnote" in o for o in played) >= 2


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared reference games are not beside the repository")
def test_the_copies_are_the_shared_games_whose_options_and_roles_jinrou_plays():
    from jinrou.classic.roles import ROLES

    wanted = []
    for path in sorted(SHARED.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        roles = data["record"]["roles"].values()
        if set(data["reference"]["meta"]["options"]) <= PLAYED and all(
                r in ROLES if isinstance(r, str) else all(half in ROLES for half in r) for r in roles):
            wanted.append(path.stem)
            assert (DATA / path.name).read_bytes() == path.read_bytes(), f"options/{path.name} differs"
    assert games() == wanted


def test_the_wolf_minion_games_are_played_and_their_selector_names_a_minion():
    played = [load(name) for name in games() if "wolfminion" in load(name)["reference"]["meta"]["options"]]
    assert len(played) >= 6
    named = [g for g in played if any(a.get("action") == "minion" for e in g["record"]["events"] for a in e.get("actions", []))]
    assert len(named) >= 4  # the others' selector named nobody (optional), or the cast had no wolf to deal it to


def test_the_losers_village_games_without_the_option_name_the_other_seats_winners():
    played = [load(name) for name in games() if "losemode" in load(name)["reference"]["meta"]["options"]]
    assert len(played) >= 6
    for game in played:
        record = json.loads(json.dumps(game["record"]))
        record["settings"]["losemode"] = "off"
        plain = replay(record)  # the same game: 敗北村 changes who wins, nothing else
        names = {plain.names[s] for s in plain.seats() if s not in plain.sudden}
        assert plain.outcome is not None
        usual = {plain.names[s] for s in plain.outcome.winners}
        assert set(game["expected"]["winners"]) == (set() if plain.outcome.winner is None else names - usual)


def test_the_chemical_games_are_played_each_seat_with_two_roles():
    chemical = [name for name in games() if "chemical" in load(name)["reference"]["meta"]["options"]]
    assert len(chemical) >= 12  # alone (159) and with decider, authority, drunk, votemyself, losemode
    for name in chemical:
        game = replay(load(name)["record"])
        assert all(isinstance(roles, list) and len(roles) == 2 for roles in game.cast)
