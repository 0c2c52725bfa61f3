"""ケミカル人狼 (``chemical``) online through the unchanged server: the room form's checkbox, a room cast for
twice its seats, whole games of people and bots, and the payload audit — a seat's second role is a private
fact: before the end nobody but its seat is sent it (nor its first one), and the seat is sent both."""

from __future__ import annotations

import json
from typing import Any

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.texts import render
from jinrou.modes.classic_settings import schema

from .test_classic_online import act_if_awaited, capture, create, deadline, get_view, join, post

PLAYERS = 8
ROOM = {"players": PLAYERS, "cast": "fixed",
        "roles": {"Werewolf": 2, "Madman": 1, "Fox": 1, "Diviner": 1, "Psychic": 1, "Guard": 1, "Couple": 2,
                  "Human": 9},  # 18 roles: 身代わりくん and 8 players, two each
        "rules": {"chemical": True, "heavenview": ""}, "times": {"night": 600, "day": 600}}
HUMANS = 5


def test_the_room_form_offers_chemical_as_a_rule():
    field = next(f for f in schema().fields if f.key == "chemical")
    assert field.group == "rules" and field.default is False and field.ja == "ケミカル人狼" and "chemical" in field.en


def test_a_fixed_chemical_cast_of_one_role_a_seat_is_refused_with_one_line(client):
    response = client.post("/api/rooms", json={"name": "c", "mode": "classic", **ROOM,
                                               "roles": {"Werewolf": 2, "Diviner": 1, "Human": 6}})
    assert response.status_code == 400
    assert response.json()["error"] == ("a fixed ケミカル人狼 cast gives every seat two roles: 9 roles for 9 seats "
                                        "(身代わりくん included), 18 needed")


def test_a_chemical_room_plays_to_a_verified_record_and_no_payload_tells_a_second_role_to_another(client, monkeypatch):
    # the room's seed fixed (it is drawn at the room's creation): a game long enough for the payloads counted below
    # (about 100; a seed whose game ended on day 2 left 30, failing the count at random)
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: 0)
    room = create(client, **ROOM)
    tokens = [join(client, room, f"P{i}") for i in range(HUMANS)]
    post(client, room, "bots", token=tokens[0])
    service = client.app.state.service
    sent = capture(client, room, HUMANS)
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    for _ in range(300):
        if service.rooms[room].is_over:
            break
        acted = False
        for seat, token in enumerate(tokens):
            seen = get_view(client, room, token)
            if seen["game"]["result"]:
                break
            sent[seat].append(json.dumps(seen, ensure_ascii=False))
            acted = act_if_awaited(client, room, seat, token, seen["game"]) or acted
        if not acted and not service.rooms[room].is_over:
            deadline(client, room)
    assert service.rooms[room].is_over
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["settings"]["chemical"] == "on" and all(len(r) == 2 for r in record["roles"].values())
    game = replay(record)
    assert write(game)["result"] == record["result"]
    _check_payloads(record, sent, game)


def _check_payloads(record: dict[str, Any], sent: dict[int | None, list[str]], game: Any) -> None:
    names = game.names
    start = [record["roles"][n] for n in names]
    private = [(set(m.to), render(m, names, "ja")) for _, m in game.messages if m.to is not None]
    checked = 0
    for seat, payloads in sent.items():
        me = None if seat is None else seat + 1  # game seat (身代わりくん is seat 0)
        told = {line for to, line in private if me in to}
        for text in payloads:
            view = json.loads(text)["game"]
            if view is None or view["result"]:
                continue  # before the start nothing is secret; at the end everything is public
            checked += 1
            for index, player in enumerate(view["players"]):
                if index != me:
                    assert player["role"] is None and player["pair"] is None, (seat, player)
                else:
                    assert [player["role"]["id"], player["pair"]["id"]] in (start[me], ["Human", "Human"])
            if seat is None:
                assert view["me"] is None
            else:
                mine = view["me"]
                assert [mine["role"]["id"], mine["pair"]["id"]] in (start[me], ["Human", "Human"])
                assert "×" in mine["shown"]["ja"] and " × " in mine["shown"]["en"]
            for to, line in private:
                if me not in to and line not in told:
                    assert line not in text, (seat, line)
    assert checked > 30


def test_a_chemical_yaminabe_or_standard_room_casts_for_twice_its_seats():
    import numpy as np

    from jinrou.classic.casting import normal_cast
    from jinrou.modes.classic_settings import check, draw_cast

    standard = check({"players": 8, "rules": {"chemical": True}})
    assert standard["roles"] == normal_cast(18)  # 身代わりくん and 8 players, two roles each
    for cast in ("yaminabe", "easy"):
        settings = check({"players": 9, "cast": cast, "rules": {"chemical": True}})
        roles, published = draw_cast(settings, np.random.default_rng(3))
        assert len(roles) == 10 and all(isinstance(pair, list) and len(pair) == 2 for pair in roles)
        assert published.kind == "full" and sum(count for _, count in published.roles) == 20
