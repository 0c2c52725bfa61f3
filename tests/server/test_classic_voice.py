"""悪霊憑き's voice online (issue 34, V2.2): a 霊界 line written during the day's discussion is said in the
village chat under a living 悪霊憑き's name, through the real app and store; the dead who do not see every role
(its writer included), the living and spectators read only the copy, never who wrote it; outside the
discussion nothing is said aloud."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .test_classic_online import create, deadline, get_view, join, post

CAST = {"players": 6, "cast": "fixed", "roles": {"Werewolf": 1, "SpiritPossessed": 1, "Diviner": 1, "Human": 3},
        "rules": {"scapegoat": "off", "heavenview": ""}, "times": {"night": 600, "day": 600, "voting": 60}}


def lines(view: dict[str, Any], channel: str | None = None) -> list[tuple[str, str]]:
    found = view["chat"] if channel is None else view["chats"].get(channel, [])
    return [(line["name"], line["text"]) for line in found]


def test_a_heaven_line_of_the_discussion_is_said_under_the_possessed_name(tmp_path):
    with TestClient(create_app(open_store(str(tmp_path / "voice.db")))) as client:
        room = create(client, **CAST)
        names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
        tokens = [join(client, room, name) for name in names]
        assert post(client, room, "start", token=tokens[0]) == {"ok": True}
        roles = {name: get_view(client, room, token)["game"]["me"]["role"]["id"] for name, token in zip(names, tokens)}
        wolf = next(n for n, r in roles.items() if r == "Werewolf")
        possessed = next(n for n, r in roles.items() if r == "SpiritPossessed")
        seer = next(n for n, r in roles.items() if r == "Diviner")
        victim = next(n for n, r in roles.items() if r == "Human")
        token = dict(zip(names, tokens))
        assert post(client, room, "action", token=token[wolf], action={"act": "attack", "targets": [victim]}) == {"ok": True}
        assert post(client, room, "action", token=token[seer], action={"act": "divine", "targets": [wolf]}) == {"ok": True}
        for _ in range(3):
            if get_view(client, room, token[seer])["game"]["stage"] == "day":
                break
            deadline(client, room)
        view = get_view(client, room, token[seer])["game"]
        assert view["stage"] == "day" and not view["players"][names.index(victim)]["alive"]
        assert post(client, room, "chat", token=token[victim], text="I was bitten", channel="heaven") == {"ok": True}
        for name in names:
            seen = get_view(client, room, token[name])
            assert (possessed, "I was bitten") in lines(seen), name  # said aloud under its name
            assert ("I was bitten" in str(lines(seen, "heaven"))) is False, name  # the writer included
            assert (victim, "I was bitten") not in lines(seen), name
        spectator = get_view(client, room)
        assert lines(spectator) == [(possessed, "I was bitten")]
        deadline(client, room)  # the discussion ends: the vote
        assert post(client, room, "chat", token=token[victim], text="vote the wolf", channel="heaven") == {"ok": True}
        seen = get_view(client, room, token[victim])
        assert (victim, "vote the wolf") in lines(seen, "heaven") and "vote the wolf" not in str(lines(seen))
