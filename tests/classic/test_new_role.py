"""A role declared in a test file only (:mod:`tests.classic.ambush_role`: its card, verb, cause,
message, win rule and bot play) plays wherever a role plays — ``jinrou classic simulate``, an online
room through the server's API, the record and its replay — with no change anywhere else: the how-to
of ``docs/classic-roles.md``, proved (issue 33's deliverable 5). Each test declares it for its own
span; the last checks that nothing of it is left."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

import jinrou
from jinrou import chatlog
from jinrou.agents.classic import plays
from jinrou.classic.model import Cause, Message, Verb
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.roles import PLAYABLE, ROLES
from jinrou.cli import app
from jinrou.modes.classic import ClassicMode
from jinrou.modes.classic_settings import schema
from jinrou.server.app import create_app
from jinrou.server.store import open_store
from tests.classic.ambush_role import CARD_EN, CARD_JA, CAUSE, DIED, ID, MESSAGE, NAME_JA, TOLD, VERB, declared
from tests.modes.test_classic_mode import first_choice
from tests.server.test_classic_online import awaited, create, get_view, join, post, seeds_for

SOURCE = Path(jinrou.__file__).parent
runner = CliRunner()


def test_no_file_of_the_package_names_the_role():
    """What a new role needs is its own file: if the engine, the server, the page or the bots had to name
    it (its id, its Japanese name, its verb, its cause or its message), this test role could not play
    without a change there — the catalog's row of its id is the only mention (beside 闇鍋's list of the
    roles it never casts, as the id is the quantum player's, which jinrou never declares as a classic role)."""
    assert CAUSE == VERB and VERB in MESSAGE  # the verb's word covers the cause's and the message's
    words = re.compile(rf"\b(?:{ID}|{VERB})\b|{NAME_JA}|闇討ち")  # its id and verb, its names in Japanese
    found = [f"{path.relative_to(SOURCE)}: {match.group(0)}" for path in sorted(SOURCE.rglob("*"))
             if path.suffix in (".py", ".js", ".html", ".json", ".tsv", ".md") and path.is_file()
             for match in words.finditer(path.read_text(encoding="utf-8"))]
    # the catalog's row, and 闇鍋's list of the roles it never casts (the quantum player, whose id it borrows)
    assert found == [f"classic/data/gekka-roles.tsv: {ID}", f"classic/data/gekka-roles.tsv: {NAME_JA}",
                     f"yaminabe/request.py: {ID}"]


def test_it_plays_in_classic_simulate_and_each_record_replays_to_itself(tmp_path):
    """The real command (in this process, where the test declared the role), its bots playing their
    policy; each record written replays through ``classic replay`` to the same record."""
    with declared():
        result = runner.invoke(app, ["classic", "simulate", "--games", "6", "--seed", "3", "--roles",
                                     f"{ID},Werewolf:2,Diviner,Guard,Human:4", "--setting", "scapegoat=off",
                                     "--record-dir", str(tmp_path), "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["roles"][ID]["seats"] == 6
        ambushed = 0
        for path in sorted(tmp_path.iterdir()):
            record = json.loads(path.read_text(encoding="utf-8"))
            ambusher = next(name for name, held in record["roles"].items() if held == ID)
            night = next(e for e in record["events"] if e["type"] == "night")  # its bot ambushes on night 1
            [ambush] = [a for a in night["actions"] if a["action"] == VERB]
            assert ambush["player"] == ambusher
            ambushed += {"player": ambush["target"], "cause": CAUSE} in night["deaths"]
            replayed = runner.invoke(app, ["classic", "replay", str(path), "--json"])
            assert replayed.exit_code == 0 and json.loads(replayed.output) == record
            assert write(replay(record), record["seed"]) == record
        assert ambushed >= 4  # a guard does not stop it; a 人狼's resistance or a same-night death may
    _assert_gone()


ROOM = {"players": 6, "cast": "fixed", "roles": {ID: 2, "Werewolf": 1, "Guard": 1, "Human": 2},
        "rules": {"scapegoat": "off"}, "times": {"night": 600, "day": 600}}
CAST_EVENT = 8  # created, Ann joined, 5 bots: the cast is the 8th event


@pytest.fixture
def room_client(monkeypatch, tmp_path):
    """A real app on one store (a second is the same server restarted) whose next room's seed deals Ann
    (its first seat) and a bot the test role."""

    def client() -> TestClient:
        seed = seeds_for(ROOM, CAST_EVENT, lambda cast: cast[0] == ID and ID in cast[1:])[0]
        monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
        return TestClient(create_app(open_store(str(tmp_path / "room.db"))))

    return client


def test_it_plays_in_an_online_room_its_card_its_action_its_bots_and_its_record(room_client):
    """Ann holds it: its card in her view, its action through the API, its message told at once; a bot
    holding it plays its policy; the server restarts in between (the room folded again from its events);
    the room's record replays to itself."""
    with declared():
        with room_client() as client:
            room = create(client, **ROOM)
            ann = join(client, room, "Ann")
            post(client, room, "bots", token=ann)
            assert post(client, room, "start", token=ann) == {"ok": True}
            game = get_view(client, room, ann)["game"]
            me = game["me"]
            assert me["role"]["id"] == ID and me["role"]["ja"] == NAME_JA
            assert me["rule"] == {"ja": CARD_JA, "en": CARD_EN}  # its card, as declared beside it
            assert me["abilities"] == [{"verb": VERB, "ja": "闇討ち", "en": "ambush", "when": "night",
                                        "while_dead": False, "spent": False}]
            [legal] = [lg for lg in game["legal"] if lg["verb"] == VERB]
            assert not legal["required"] and len(legal["targets"]) == 5
            target = legal["targets"][0]
            refused = client.post(f"/api/rooms/{room}/action",
                                  json={"token": ann, "action": {"act": VERB, "targets": ["Ann"]}})
            assert refused.status_code == 400 and "Ann" in refused.json()["error"]
            assert post(client, room, "action", token=ann, action={"act": VERB, "targets": [target]}) == {"ok": True}
            told = {"ja": TOLD[0].format(player="Ann", target=target), "en": TOLD[1].format(player="Ann", target=target),
                    "at": {"en": "Night 1", "ja": "1日目 夜"}}  # the night it belongs to
            assert get_view(client, room, ann)["game"]["me"]["results"][-1] == told  # its message, at once
        with room_client() as client:  # the server restarted
            assert get_view(client, room, ann)["game"]["me"]["results"][-1] == told
            _play_to_the_end(client, room, ann)
            log = get_view(client, room, ann)["game"]["log"]
            record = client.get(f"/api/rooms/{room}/record", params={"token": ann}).json()
        assert write(replay(record), record["seed"]) == {k: v for k, v in record.items() if k != chatlog.KEY}
    night = next(e for e in record["events"] if e["type"] == "night")
    ambushers = [name for name, held in record["roles"].items() if held == ID]
    assert ambushers[0] == "Ann" and len(ambushers) == 2
    ambushes = {a["player"]: a["target"] for a in night["actions"] if a["action"] == VERB}
    assert ambushes.keys() == set(ambushers) and ambushes["Ann"] == target  # the bot played its policy
    assert {"player": target, "cause": CAUSE} in night["deaths"]
    died = {"ja": DIED[0].format(player=target), "en": DIED[1].format(player=target)}
    assert any(line.items() >= died.items() for line in log)  # its cause's line
    _assert_gone()


def _play_to_the_end(client: TestClient, room: str, token: str) -> None:
    """Ann takes the first legal choice and ends her turns; the bots play theirs."""
    for _ in range(300):
        game = get_view(client, room, token)["game"]
        if game["result"]:
            return
        action = first_choice(game)
        seat = get_view(client, room, token)["you"]
        if action is not None and seat in awaited(client, room):
            assert post(client, room, "action", token=token, action=action) == {"ok": True}
    raise AssertionError("the game did not end")


def _assert_gone() -> None:
    """Nothing of the role is left once its test ends: no declaration, verb, cause, message, play, room
    choice; the playable pool (闇鍋's) never had it."""
    assert ID not in ROLES and ID not in PLAYABLE and plays.of(ID) is plays.NO_PLAY
    assert VERB not in {v.value for v in Verb} and CAUSE not in {c.value for c in Cause}
    assert Message.template(MESSAGE) is None
    assert ID not in {c.value for f in schema().fields if f.key == "roles" for c in f.choices}
    assert ID not in {c["value"] for f in ClassicMode().schema.to_json()["fields"] if f["key"] == "roles"
                      for c in f["choices"]}


def test_the_room_settings_offer_the_role_while_it_is_declared_only():
    with declared():
        offered: Any = next(f for f in schema().fields if f.key == "roles")
        assert ID in {c.value for c in offered.choices}
    _assert_gone()
