"""称号 (issue 41, deliverable 3): titles earned from per-role wins, declared once by the modes,
chosen by an account (a JSON door), shown beside the nickname in the rooms it joins, listed with
how to earn each on the profile — the real app over real sockets, on SQLite and PostgreSQL."""

import pytest

from jinrou import modes
from jinrou.modes.base import Standing, Title
from jinrou.server import titles
from jinrou.server.accounts import Statements
from jinrou.server.errors import RoomError

from .test_accounts import PASSWORD, ROOM, post, rows, running


def wins(store, account, mode, role, count, team="x", start=0):
    """``count`` finished games won by ``account`` as ``role`` (rooms r{start}…)."""
    for n in range(start, start + count):
        store.run(Statements().record_plays(f"r{n}", mode, [(0, account, Standing(role, team, "win"))], 1000.0 + n))


# ------------------------------------------------------------------ the table


def test_every_title_is_declared_once_with_both_names_and_a_key_of_its_own():
    found = titles.all_titles()
    assert len({t.key for t in found}) == len(found) >= 10
    assert all(t.en and t.ja and t.as_en and t.as_ja and t.wins > 0 for t in found)
    assert {t.mode for t in found} == set(modes.REGISTRY)  # every mode grants some


def test_a_classic_title_names_its_role_as_the_catalog_does():
    seer = titles.find("classic:Diviner:10")
    assert seer == Title("classic", "Diviner", 10, "Seasoned Seer", "名占い師", "Seer", "占い師")
    assert seer.how() == ("10 wins as Seer", "占い師で10勝")
    assert titles.find("shogi:*:10").how() == ("10 wins in quantum mini-shogi", "量子ミニ将棋で10勝")


def test_a_classic_role_of_a_title_is_one_the_classic_standings_record():
    from jinrou.classic.catalog import ROLES

    assert {t.role for t in modes.get("classic").titles} <= set(ROLES)


@pytest.mark.parametrize(("key", "have", "message"), [
    ("classic:Diviner:11", {}, "no title 'classic:Diviner:11': a title is a key like 'classic:Diviner:10'"),
    (7, {}, "no title int: a title is a key"),
    ("x" * 500, {}, "no title '" + "x" * 80 + "'"),
    ("classic:Diviner:10", {("classic", "Diviner"): 9},
     "you have not earned 'Seasoned Seer' yet: it takes 10 wins as Seer (you have 9)"),
    ("shogi:*:10", {("shogi", None): 4}, ("you have not earned 'Quantum Strategist' yet: it takes 10 wins in "
                                         "quantum mini-shogi (you have 4)")),
])
def test_a_title_not_there_or_not_earned_is_refused_saying_why(key, have, message):
    with pytest.raises(RoomError) as refused:
        titles.check_choice(key, have)
    assert str(refused.value).startswith(message) and refused.value.ja


def test_wins_count_per_role_and_a_modes_any_role_title_counts_them_all():
    tally = [("classic", "Diviner", "Human", "win", 0, 6), ("classic", "Diviner", "Human", "loss", 0, 3),
             ("classic", "Diviner", "Human", "win", 1, 4), ("shogi", None, None, "win", 0, 7),
             ("shogi", None, None, "draw", 0, 2)]
    wins = titles.wins_by_role(tally)
    assert wins == {("classic", "Diviner"): 10, ("shogi", None): 7}
    assert titles.check_choice("classic:Diviner:10", wins).ja == "名占い師"
    line = {t["key"]: t for t in titles.progress(wins)}
    assert (line["classic:Diviner:10"]["have"], line["classic:Diviner:10"]["earned"]) == (10, True)
    assert (line["classic:Diviner:50"]["have"], line["classic:Diviner:50"]["earned"]) == (10, False)
    assert (line["shogi:*:10"]["have"], line["shogi:*:10"]["earned"]) == (7, False)


# ------------------------------------------------------------------ the doors


def test_a_title_earned_is_chosen_shown_in_the_rooms_joined_after_and_on_the_profile(store):
    wins(store, "ann", "classic", "Diviner", 10)
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        answer = post(client, "/api/account/title", {"title": "classic:Diviner:10"})
        assert answer.status_code == 200 and answer.json()["title"]["ja"] == "名占い師"
        assert client.get("/api/account/me").json()["account"]["title"] == {"en": "Seasoned Seer", "ja": "名占い師"}
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        token = post(client, f"/api/rooms/{room}/join", {"name": "Wolfie"}).json()["token"]
        [event] = [e for e in rows(store, "SELECT kind, data FROM events") if e[0] == "joined"]
        assert '"title": "classic:Diviner:10"' in event[1]
        client.cookies.clear()
        seats = client.get(f"/api/rooms/{room}/view").json()["room"]["seat_list"]  # a spectator sees it too
        assert seats[0] == {"name": "Wolfie", "bot": False, "title": {"en": "Seasoned Seer", "ja": "名占い師"}}
        profile = client.get("/api/players/Ann").json()
        assert profile["title"] == {"en": "Seasoned Seer", "ja": "名占い師"}
        line = {t["key"]: t for t in profile["titles"]}
        assert line["classic:Diviner:10"] == {**line["classic:Diviner:10"], "earned": True, "have": 10,
                                              "how": {"en": "10 wins as Seer", "ja": "占い師で10勝"}}
        assert line["classic:Werewolf:10"]["earned"] is False and line["classic:Werewolf:10"]["have"] == 0
        assert len(profile["titles"]) == len(titles.all_titles())
        post(client, f"/api/rooms/{room}/leave", {"token": token})


def test_a_title_chosen_later_leaves_a_seat_taken_before_as_it_was_and_null_shows_none(store):
    wins(store, "ann", "quantum", "seer", 10)
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        post(client, f"/api/rooms/{room}/join", {"name": "Ann"})
        assert post(client, "/api/account/title", {"title": "quantum:seer:10"}).status_code == 200
        assert "title" not in client.get(f"/api/rooms/{room}/view").json()["room"]["seat_list"][0]
        assert post(client, "/api/account/title", {"title": None}).json() == {"title": None}
        assert client.get("/api/account/me").json()["account"]["title"] is None
        assert rows(store, "SELECT * FROM account_titles") == []


@pytest.mark.parametrize(("data", "status", "message"), [
    ({"title": "classic:Werewolf:10"}, 400, ("you have not earned 'Pack Leader' yet: it takes 10 wins as Werewolf "
                                            "(you have 3)")),
    ({"title": "no such"}, 400, "no title 'no such'"),
    ({"title": ["classic:Diviner:10"]}, 400, "no title list"),
    ({}, 400, 'send {"title": a title\'s key, or null to show none}'),
])
def test_a_bad_title_choice_is_refused_in_one_line_and_changes_nothing(store, data, status, message):
    wins(store, "ann", "classic", "Werewolf", 3)
    wins(store, "ann", "classic", "Diviner", 10, start=10)
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        assert post(client, "/api/account/title", {"title": "classic:Diviner:10"}).status_code == 200
        answer = post(client, "/api/account/title", data)
        assert answer.status_code == status and answer.json()["error"].startswith(message)
        assert "\n" not in answer.json()["error"] and answer.json()["ja"]
        assert rows(store, "SELECT account, title FROM account_titles") == [("ann", "classic:Diviner:10")]


def test_choosing_a_title_needs_a_login(store):
    with running(store) as (client, _, _):
        answer = post(client, "/api/account/title", {"title": None})
        assert answer.status_code == 401 and answer.json()["error"] == "log in first"


def test_a_rematch_keeps_the_title_each_seat_showed(store):
    from .test_api import play_to_the_end

    wins(store, "ann", "quantum", "wolf", 10)
    with running(store) as (client, _, _):
        post(client, "/api/account/register", {"name": "Ann", "password": PASSWORD})
        post(client, "/api/account/title", {"title": "quantum:wolf:10"})
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        token = post(client, f"/api/rooms/{room}/join", {"name": "Ann"}).json()["token"]
        post(client, f"/api/rooms/{room}/bots", {"token": token})
        post(client, f"/api/rooms/{room}/start", {"token": token})
        play_to_the_end(client, room, [token])
        again = post(client, f"/api/rooms/{room}/rematch", {"token": token}).json()["id"]
        seat = client.get(f"/api/rooms/{again}/view").json()["room"]["seat_list"][0]
        assert seat["title"] == {"en": "Superposed Wolf", "ja": "重ね合わせの狼"}
