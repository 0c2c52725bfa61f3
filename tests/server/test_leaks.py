"""Hidden information leaves the server only in the view of the player entitled to it."""

import json

from jinrou.quantum.events import NightEvent

from .test_api import drain, join, my_action, new_room, view


def test_no_payload_to_another_player_or_a_spectator_holds_a_private_result_or_secret_number(client):
    room = new_room(client, seats=6, options={"anonymous": True, "split_seer": True})
    names = ["Ann", "Ben", "Cat"]
    tokens = [join(client, room, n) for n in names]
    client.post(f"/api/rooms/{room}/bots", json={"token": tokens[0]})
    client.post(f"/api/rooms/{room}/start", json={"token": tokens[0]})
    service = client.app.state.service
    payloads = {seat: [] for seat in [0, 1, 2, None]}  # everything each of them was sent
    sockets = {seat: client.websocket_connect(f"/ws/rooms/{room}" + (f"?token={tokens[seat]}" if seat is not None else ""))
               for seat in payloads}
    with sockets[0] as s0, sockets[1] as s1, sockets[2] as s2, sockets[None] as spectator:
        connections = {0: s0, 1: s1, 2: s2, None: spectator}
        for seat, ws in connections.items():
            payloads[seat].append(ws.receive_json())
        for _ in range(40):
            game = service.rooms[room].state
            if game.is_over:
                break
            for seat in (0, 1, 2):
                payloads[seat].append(view(client, room, tokens[seat]))
                action = my_action(payloads[seat][-1]["game"])
                if any(payloads[seat][-1]["game"]["legal"].values()):
                    client.post(f"/api/rooms/{room}/action", json={"token": tokens[seat], "action": action})
                    for s, ws in connections.items():  # a view is pushed to whom it changed for
                        payloads[s].extend(drain(ws))
        game = service.rooms[room].state
    secrets = {seat: game.number(seat) for seat in range(6)}
    results = {}
    for event in game.events:
        if isinstance(event, NightEvent):
            for seat, result in event.divinations.items():
                target = game.names[event.actions[seat].divine]
                results.setdefault(seat, []).append(f"{game.names[seat]} divines {target} = {result}")
    checked = 0
    for seat, sent in payloads.items():
        for payload in sent:
            view_of_game = payload["game"]
            if view_of_game is None or view_of_game["outcome"] is not None:
                continue  # before the start there is nothing secret; at the end the record is public
            checked += 1
            text = json.dumps(payload, ensure_ascii=False)
            for other, lines in results.items():
                if other != seat:
                    assert not any(line in text for line in lines), (seat, other)
            own = view_of_game["table"]["own_row"]
            own_rows = [] if own is None else [view_of_game["table"]["rows"][own]]
            if seat is None:
                assert view_of_game["private"] is None and own_rows == [] and "Your night" not in text
            else:
                assert view_of_game["private"]["number"] == secrets[seat]
                assert [row["label"] for row in own_rows] == [f"Player {secrets[seat]} (you)"]
                assert all(line.startswith("Your night") is False or f": {names[seat]} " in line
                           for line in view_of_game["log"])
                assert all(d["target"] != names[seat] for d in view_of_game["private"]["divinations"])
            assert all(row["card"] is None for row in view_of_game["table"]["rows"])  # anonymous rows reveal no role
    assert checked > 20
