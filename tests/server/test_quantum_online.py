"""Quantum werewolf through the server: what the audit found in its views (issue 14, findings 1, 2,
4 and 13) — who is awaited, the anonymous table, the dead's chat, the end screen."""

import re

from jinrou.quantum.record import Record

from .conftest import blocking
from .test_api import join, my_action, new_room, view


def seated(client, humans, **settings):
    room = new_room(client, **settings)
    tokens = [join(client, room, name) for name in humans]
    client.post(f"/api/rooms/{room}/bots", json={"token": tokens[0]})
    client.post(f"/api/rooms/{room}/start", json={"token": tokens[0]})
    return room, tokens


def play(client, room, tokens, skip=(), limit=300):
    """Play every human's turn (those in ``skip`` miss theirs and die at the deadline); yield each
    round's views: {seat or None: view}."""
    service = client.app.state.service
    for _ in range(limit):
        views = {seat: view(client, room, token) for seat, token in enumerate(tokens)}
        views[None] = view(client, room)
        yield views
        if views[None]["game"]["result"]:
            return
        acted = False
        for seat, token in enumerate(tokens):
            game = views[seat]["game"]
            if seat not in skip and any(game["legal"].values()) and game["waiting_for"] == [game["players"][seat]["name"]]:
                client.post(f"/api/rooms/{room}/action", json={"token": token, "action": my_action(game)})
                acted = True
        if not acted:
            blocking(client)._deadline_passed(room, service.rooms[room].turn_key)
    raise AssertionError("the game did not end")


def test_at_night_a_view_names_nobody_awaited_but_its_own_seat(client):
    nights = 0
    for _ in range(5):
        room, tokens = seated(client, ["Ann", "Ben", "Cat", "Dan"], seats=8, wolves=2, options={"split_seer": False})
        for views in play(client, room, tokens):
            for seat, seen in views.items():
                game = seen["game"]
                if game["is_night"] and not game["result"]:
                    nights += 1
                    mine = [] if seat is None else [game["players"][seat]["name"]]
                    assert set(game["waiting_for"]) <= set(mine), (seat, game["phase"], game["waiting_for"])
                    if seat is not None and any(game["legal"].values()):
                        assert game["waiting_for"] == mine
    assert nights > 20


def test_an_anonymous_table_ties_no_name_to_a_row_even_after_deaths(client):
    room, tokens = seated(client, ["Ann", "Ben", "Cat"], seats=7, wolves=2, options={"anonymous": True})
    deaths_seen = 0
    for views in play(client, room, tokens, skip={1}):  # Ben misses his turns: a death early on
        spectator = views[None]["game"]
        if spectator["result"]:
            break
        living = [p["name"] for p in spectator["players"] if p["alive"]]
        deaths_seen += len(living) < 7
        for seat, seen in views.items():
            table = seen["game"]["table"]
            own = table["own_row"]
            for index, row in enumerate(table["rows"]):
                if index != own:
                    assert re.fullmatch("[A-Z]+", row["label"]) and not row["dead"], row  # no number, no death
            others = [row for index, row in enumerate(table["rows"]) if index != own]
            alive = seat is None or seen["game"]["players"][seat]["alive"]
            assert len(others) == len(living) - (1 if seat is not None and alive else 0)
    assert deaths_seen


def test_the_dead_talk_in_heaven_which_the_living_never_read(client):
    for option in (False, True):
        room, tokens = seated(client, ["Ann", "Ben"], seats=8, wolves=2, spectators_read_heaven=option)
        service = client.app.state.service
        ben = view(client, room, tokens[1])["game"]
        client.post(f"/api/rooms/{room}/action", json={"token": tokens[1], "action": my_action(ben)})
        blocking(client)._deadline_passed(room, service.rooms[room].turn_key)  # Ann misses night 1: she dies
        ann = view(client, room, tokens[0])
        assert not ann["game"]["players"][0]["alive"]
        keys = {c["key"]: c["write"] for c in ann["channels"]}
        assert keys == {"village": False, "heaven": True}
        refused = client.post(f"/api/rooms/{room}/chat", json={"token": tokens[0], "text": "boo", "channel": "village"})
        assert refused.status_code == 400 and "the dead do not speak to the living" in refused.json()["error"]
        said = client.post(f"/api/rooms/{room}/chat", json={"token": tokens[0], "text": "it was Bot Bob"})
        assert said.json() == {"ok": True}  # the first channel the dead may write: heaven
        assert view(client, room, tokens[0])["chats"]["heaven"][-1]["text"] == "it was Bot Bob"
        living = view(client, room, tokens[1])
        assert "heaven" not in living["chats"] and "it was Bot Bob" not in str(living)
        spectator = view(client, room)
        assert ("heaven" in spectator["chats"]) is option
        game = service.rooms[room].state
        for seat in range(8):  # a living bot's view would not hold heaven (a mode-level check)
            if game.is_alive(seat):
                assert [c.key for c in service.rooms[room].channels(seat)] == ["village"]


def test_the_end_screen_agrees_with_the_record(client):
    games = 0
    for settings in [{"options": {"final_collapse": True}}, {"options": {"final_collapse": False}},
                     {"seats": 7, "wolves": 2, "options": {"first_night_attack": True}}]:
        room, tokens = seated(client, ["Ann"], **settings)
        *_, views = play(client, room, tokens)  # the last views, at the end
        end = views[None]["game"]
        record = client.get(f"/api/rooms/{room}/record").json()
        replayed = Record.read(record).replay()
        names = record["players"]
        died = {e["player"]: e["role"] + (f":{e['rank']}" if e["rank"] else "") for e in record["events"]
                if e["type"] == "death"}
        final = record["events"][-1]
        assert final["type"] == "end"
        sides = {"village": ("villager", "seer"), "wolves": ("wolf",), "draw": ()}[final["winner"]]
        for row in end["roster"]:
            card = final["world"][row["name"]] if final["world"] else died.get(row["name"])
            assert row["card"] == card and row["alive"] == (row["name"] not in died)
            if card is not None:
                assert row["won"] == (card.split(":")[0] in sides), row
        assert end["result"]["winners"] == [row["name"] for row in end["roster"] if row["won"]]
        assert [names[s] for s in replayed.outcome.winners] == end["result"]["winners"]
        games += 1
    assert games == 3
