"""The classic room's one stream through the server (issue 38): chat lines marked where they fall in
the log, 独り言 read by its writer alone until the end, the closed village chat saying why in both
languages, bots named in the page's language."""

from __future__ import annotations

from tests.modes.test_classic_mode import first_choice

from .test_classic_online import awaited, create, deadline, get_view, join, post

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
CAST = {"players": 6, "cast": "fixed", "roles": {"Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 4},
        "times": {"night": 600, "day": 600}}


def started(client) -> tuple[str, list[str]]:
    room = create(client, **CAST)
    tokens = [join(client, room, name) for name in NAMES]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    return room, tokens


def test_a_monologue_is_its_writers_alone_until_the_end(client):
    room, tokens = started(client)
    assert post(client, room, "chat", token=tokens[3], text="I think Ben is odd", channel="monologue-3") == {"ok": True}
    mine = get_view(client, room, tokens[3])
    assert [line["text"] for line in mine["chats"]["monologue-3"]] == ["I think Ben is odd"]
    for seat in (0, 1, 2, 4, 5):
        seen = get_view(client, room, tokens[seat])
        assert "I think Ben is odd" not in str(seen) and "monologue-3" not in seen["chats"], seat
    assert "I think Ben is odd" not in str(get_view(client, room))  # a spectator
    taken = client.post(f"/api/rooms/{room}/chat", json={"token": tokens[1], "text": "hi", "channel": "monologue-3"})
    assert taken.status_code == 403 and "no chat channel 'monologue-3' for you now" in taken.json()["error"]
    assert [line["text"] for line in get_view(client, room, tokens[3])["chats"]["monologue-3"]] == ["I think Ben is odd"]
    for _ in range(300):  # to the end: then everybody reads it, under its writer's name
        if get_view(client, room)["game"]["result"]:
            break
        acted = False
        for seat, token in enumerate(tokens):
            action = first_choice(get_view(client, room, token)["game"])
            if action is not None and seat in awaited(client, room):
                assert post(client, room, "action", token=token, action=action) == {"ok": True}
                acted = True
        if not acted:
            deadline(client, room)
    end = get_view(client, room)
    assert [line["text"] for line in end["chats"]["monologue-3"]] == ["I think Ben is odd"]
    assert {"key": "monologue-3", "en": "Monologue (Dan)", "ja": "独り言（Dan）", "write": False,
            "why": {"en": "the game is over", "ja": "ゲームは終わりました"}} in end["channels"]


def test_a_chat_line_carries_where_it_falls_in_the_log_and_the_record_keeps_its_four_keys(client):
    room, tokens = started(client)
    seen = get_view(client, room, tokens[0])
    publics = sum(1 for line in seen["game"]["log"] if not line.get("private"))
    post(client, room, "chat", token=tokens[0], text="quiet night", channel="monologue-0")
    line = get_view(client, room, tokens[0])["chats"]["monologue-0"][0]
    assert line["mark"] == publics and isinstance(line["at"], float)
    lobby = create(client, **CAST)
    token = join(client, lobby, "Zed")
    post(client, lobby, "chat", token=token, text="before the start")
    assert get_view(client, lobby, token)["chat"] == [{"name": "Zed", "text": "before the start", "phase": "lobby"}]
    room_state = client.app.state.service.rooms[room]
    assert all(set(chat) == {"name", "text", "phase", "channel"} for chat in room_state.record()["chat"])


def test_the_closed_village_chat_says_why_in_both_languages(client):
    room, tokens = started(client)
    village = get_view(client, room, tokens[0])["channels"][0]
    assert village["key"] == "village" and village["write"] is False
    assert village["why"] == {"en": "it is night: the village sleeps and nobody talks",
                              "ja": "夜です。村は眠っていて、朝まで誰も話せません（独り言は書けます）"}
    refused = client.post(f"/api/rooms/{room}/chat", json={"token": tokens[0], "text": "hello?", "channel": "village"})
    assert refused.status_code == 400 and refused.json()["ja"] == village["why"]["ja"]


def test_bots_are_named_in_the_page_s_language(client):
    room = create(client, **CAST)
    token = join(client, room, "あかね")
    bad = client.post(f"/api/rooms/{room}/bots", json={"token": token, "lang": "fr"})
    assert bad.status_code == 400 and bad.json()["error"] == "lang is en or ja, not 'fr'"
    assert [s for s in get_view(client, room, token)["room"]["seat_list"] if s] == [{"name": "あかね", "bot": False}]
    assert post(client, room, "bots", token=token, lang="ja") == {"ok": True}
    names = [s["name"] for s in get_view(client, room, token)["room"]["seat_list"][1:]]
    assert names == ["ボットあかり", "ボットいつき", "ボットうた", "ボットえいた", "ボットおとは"]
    english = create(client, **CAST)
    token = join(client, english, "Ann")
    post(client, english, "bots", token=token)  # no lang: English, as before
    assert get_view(client, english, token)["room"]["seat_list"][1]["name"] == "Bot Alice"


def test_a_streamers_monologue_at_night_is_its_stream_read_by_its_listeners_only(client):
    """V2.1.8b (月下人狼's 配信 in place of 独り言): at night the 配信者's monologue box is its stream, which its
    listeners read and nobody else (no other seat, no spectator); its 独り言 is read only until day."""
    names = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    room = create(client, players=8, cast="fixed", roles={"Werewolf": 1, "Streamer": 1, "Human": 6},
                  times={"night": 600, "day": 600}, rules={"scapegoat": "off"})
    tokens = [join(client, room, name) for name in names]
    assert post(client, room, "start", token=tokens[0]) == {"ok": True}
    views = [get_view(client, room, token) for token in tokens]
    streamer = next(s for s, v in enumerate(views) if v["game"]["me"]["role"]["id"] == "Streamer")
    key = f"stream-{streamer}"
    listeners = [s for s, v in enumerate(views) if s != streamer and any(c["key"] == key for c in v["channels"])]
    assert len(listeners) == 2  # ⌊8/4⌋
    mine = {c["key"]: c for c in views[streamer]["channels"]}
    assert mine[key] == {"key": key, "en": "Monologue (stream)", "ja": "独り言（配信）", "write": True}
    assert [c["key"] for c in views[streamer]["channels"]][-1] == key  # in the monologue's place
    assert mine[f"monologue-{streamer}"]["why"] == {"en": "at night your monologue is your stream (配信): your "
                                                          "listeners read it", "ja": "夜の独り言は配信になり、視聴者が読みます"}
    refused = client.post(f"/api/rooms/{room}/chat", json={"token": tokens[streamer], "text": "secret",
                                                          "channel": f"monologue-{streamer}"})
    assert refused.status_code == 400 and refused.json()["error"].startswith("at night your monologue is your stream")
    assert post(client, room, "chat", token=tokens[streamer], text="hello listeners", channel=key) == {"ok": True}
    for seat, token in enumerate(tokens):
        seen = get_view(client, room, token)
        if seat == streamer or seat in listeners:
            assert [line["text"] for line in seen["chats"][key]] == ["hello listeners"], seat
        else:
            assert "hello listeners" not in str(seen) and key not in seen["chats"], seat
    assert "hello listeners" not in str(get_view(client, room))  # a spectator
    listener = {c["key"]: c for c in get_view(client, room, tokens[listeners[0]])["channels"]}[key]
    assert (listener["en"], listener["ja"], listener["write"]) == (f"Stream ({names[streamer]})",
                                                                  f"配信（{names[streamer]}）", False)
