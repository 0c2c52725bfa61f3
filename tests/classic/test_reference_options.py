"""Reference games played with room options (``tests/data/reference-games/options/``, README's "Room
options"): those whose options jinrou plays — 酔っ払い (``drunk``), 死神の手帳 (``deathnote``), 決定者,
権力者, 自分に投票, ケミカル人狼 (``chemical``: a seat's roles a list, [left, right]) — on casts of declared
roles, replayed by jinrou to the same deaths, winner and winners. A game is left out only by name, with
the reason (:data:`LEFT_OUT`); the shared set's other games need options jinrou does not play yet (狼の子分,
敗北村)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.errors import RecordError

from .test_reference_games import deaths

DATA = Path(__file__).parent.parent / "data" / "reference-games" / "options"
PLAYED = {"drunk", "deathnote", "decider", "authority", "votemyself"}
PLAYED |= {"chemical"}
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "reference-games" / "options"

HOLDER_BY_KIND = ("the record gives each dawn's `deathnote holder` without the night's other draws (`order`, "
                  "`announcement`), meant to be taken by its kind (README: 死神の手帳); jinrou's replay takes given "
                  "draws strictly in order, and this game draws one of those first")
LEFT_OUT: dict[str, str] = {"002": HOLDER_BY_KIND, "008": HOLDER_BY_KIND, "014": HOLDER_BY_KIND, "026": HOLDER_BY_KIND}
"""Games that differ from jinrou's replay on purpose: name → why."""


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


@pytest.mark.parametrize("name", sorted(LEFT_OUT))
def test_the_games_left_out_stop_where_their_reason_says(name):
    with pytest.raises(RecordError, match="the rules draw '(order|announcement)' here, but the record gives 'deathnote holder'"):
        replay(load(name)["record"])


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


def test_the_chemical_games_are_played_each_seat_with_two_roles():
    chemical = [name for name in games() if "chemical" in load(name)["reference"]["meta"]["options"]]
    assert len(chemical) >= 10  # alone (159) and with decider, authority, drunk, votemyself
    for name in chemical:
        game = replay(load(name)["record"])
        assert all(isinstance(roles, list) and len(roles) == 2 for roles in game.cast)
