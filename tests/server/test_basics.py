"""The players' basics the audit missed (issue 14, finding 14): leave a seat, the host's kick, a
rematch with the same seats, the spectators' own chat, a lobby of open rooms first, in pages."""

from jinrou.server.guard import ServerLimits

from .test_api import join, new_room, play_to_the_end, started_room, view


def post(client, room, path, **body):
    return client.post(f"/api/rooms/{room}/{path}", json=body)


def test_a_seat_can_be_left_before_the_start_and_its_token_opens_nothing_then(client):
    room = new_room(client)
    ann, ben = join(client, room, "Ann"), join(client, room, "Ben")
    assert post(client, room, "leave", token=ben).json() == {"ok": True}
    assert view(client, room)["room"]["taken"] == 1
    assert post(client, room, "chat", token=ben, text="still here?").status_code == 403
    assert join(client, room, "Ben")  # the seat and the name are free again
    post(client, room, "bots", token=ann)
    post(client, room, "start", token=ann)
    late = post(client, room, "leave", token=ann)
    assert late.status_code == 400 and "cannot be left" in late.json()["error"]


def test_the_host_is_who_sat_first_and_only_he_may_kick_before_the_start(client):
    room = new_room(client)
    ann, ben, cat = (join(client, room, name) for name in ("Ann", "Ben", "Cat"))
    assert view(client, room)["room"]["host"] == 0
    refused = post(client, room, "kick", token=ben, seat=2)
    assert refused.status_code == 403 and "only the host" in refused.json()["error"]
    assert post(client, room, "kick", token=ann, seat=2).json() == {"ok": True}
    assert view(client, room)["room"]["seat_list"][2] is None
    assert post(client, room, "chat", token=cat, text="hey").status_code == 403  # kicked: the token is void
    assert "not by removing himself" in post(client, room, "kick", token=ann, seat=0).json()["error"]
    assert "taken seat" in post(client, room, "kick", token=ann, seat=4).json()["error"]
    post(client, room, "leave", token=ann)
    assert view(client, room)["room"]["host"] == 1  # the host left: the next who sat down hosts
    post(client, room, "bots", token=ben)
    assert post(client, room, "kick", token=ben, seat=0).json() == {"ok": True}  # a bot can be removed too
    post(client, room, "bots", token=ben)
    post(client, room, "start", token=ben)
    assert "nobody can be removed" in post(client, room, "kick", token=ben, seat=2).json()["error"]


def test_a_rematch_seats_everybody_again_in_a_new_room_with_the_same_tokens(client):
    room, tokens = started_room(client, humans=("Ann", "Ben"), password=None)
    early = post(client, room, "rematch", token=tokens[0])
    assert early.status_code == 400 and "when the game is over" in early.json()["error"]
    play_to_the_end(client, room, tokens)
    again = post(client, room, "rematch", token=tokens[1]).json()["id"]
    assert post(client, room, "rematch", token=tokens[0]).json()["id"] == again  # asked twice: one room
    assert view(client, room)["room"]["rematch"] == again
    old, new = view(client, room)["room"], view(client, again, tokens[0])
    assert new["you"] == 0 and view(client, again, tokens[1])["you"] == 1
    assert new["room"]["seat_list"] == old["seat_list"] and new["game"] is None
    assert {k: new["room"][k] for k in ("seats", "wolves", "night_seconds", "options")} == {
        k: old[k] for k in ("seats", "wolves", "night_seconds", "options")}
    assert post(client, again, "start", token=tokens[0]).json() == {"ok": True}


def test_a_password_rooms_rematch_keeps_its_password(client):
    room = new_room(client, seats=3, wolves=1, password="pw")
    ann = join(client, room, "Ann", password="pw")
    post(client, room, "bots", token=ann)
    post(client, room, "start", token=ann)
    play_to_the_end(client, room, [ann])
    again = post(client, room, "rematch", token=ann).json()["id"]
    assert client.get(f"/api/rooms/{again}/view").status_code == 401
    assert client.post(f"/api/rooms/{again}/watch", json={"password": "pw"}).status_code == 200


def test_spectators_chat_in_their_own_channel_which_players_read_only_at_the_end(client):
    room, tokens = started_room(client, humans=("Ann",))
    anonymous = client.post(f"/api/rooms/{room}/chat", json={"pass": "x.y", "text": "hi"})
    assert anonymous.status_code == 403
    watcher = client.post(f"/api/rooms/{room}/watch", json={"name": "Zed"}).json()["pass"]
    assert client.post(f"/api/rooms/{room}/watch", json={"name": "Bot Bob"}).status_code == 400
    said = client.post(f"/api/rooms/{room}/chat", json={"pass": watcher, "text": "Ann is the wolf"})
    assert said.json() == {"ok": True}
    spectator = client.get(f"/api/rooms/{room}/view", params={"pass": watcher}).json()
    assert spectator["chats"]["spectators"] == [{"name": "Zed (観戦)", "text": "Ann is the wolf", "phase": "night 1"}]
    assert "Ann is the wolf" not in str(view(client, room, tokens[0]))  # players never read it in play
    assert client.post(f"/api/rooms/{room}/chat", json={"pass": watcher, "text": "x", "channel": "village"}
                       ).status_code == 400
    with client.websocket_connect(f"/ws/rooms/{room}?pass={watcher}") as ws:
        ws.receive_json()
        ws.send_json({"type": "chat", "text": "over the socket"})
        assert ws.receive_json()["chats"]["spectators"][-1]["text"] == "over the socket"
    play_to_the_end(client, room, tokens)
    assert view(client, room, tokens[0])["chats"]["spectators"][0]["text"] == "Ann is the wolf"  # at the end


def test_the_lobby_lists_open_rooms_first_in_pages_and_hides_finished_ones(client):
    service = client.app.state.service  # six rooms from one address, five of them unstarted at once
    service.limits, service.creation_limits.burst = ServerLimits(rooms=5), 6
    playing, _ = started_room(client)
    full = new_room(client, seats=3, wolves=1)
    join(client, full, "Kim")
    client.post(f"/api/rooms/{full}/bots", json={"token": join(client, full, "Lee")})
    opened = [new_room(client, name=f"open {i}") for i in range(3)]
    finished, done = started_room(client)
    play_to_the_end(client, finished, done)
    listed = [r["id"] for r in client.get("/api/rooms").json()]
    assert listed[:3] == opened[::-1]  # open rooms first, the newest first
    assert set(listed[3:]) == {playing, full} and finished not in listed
    pages = [client.get("/api/rooms", params={"offset": o, "limit": 2}).json() for o in (0, 2, 4)]
    assert [r["id"] for page in pages for r in page] == listed and len(pages[2]) == 1
    assert client.get(f"/api/rooms/{finished}/view").json()["game"]["result"]  # still there when asked for
