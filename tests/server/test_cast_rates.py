"""Human win rates per cast beside the bots' estimate (issue 41, deliverable 2): a store seeded with
known plays gives the exact counts per (cast, seats, team) on a player's profile and in the site-wide
table, on SQLite and PostgreSQL, over the real app and a real socket."""

import httpx2 as httpx

from jinrou.modes.base import Standing
from jinrou.modes.classic_estimates import estimate
from jinrou.server.accounts import Account, Statements, hash_password
from jinrou.server.app import create_app
from jinrou.server.store import GameEntry

from .conftest import serving

NORMAL = {"en": "standard (普通1)", "ja": "普通1"}
MIDDLE = {"en": "yaminabe 中 (middle)", "ja": "闇鍋 中"}
HUMAN = {"en": "village", "ja": "村人陣営"}
WOLF = {"en": "werewolves", "ja": "人狼陣営"}


def finished(store, room, preset, seats, plays, at, *, mode="classic", listed=True):
    """A finished game of ``preset`` with ``seats`` seats: the history's entry (unless ``listed`` is
    false: a private room's game is not listed) and the signed-in seats' plays."""
    if listed:
        store.index_game(GameEntry(room, at, mode, seats, preset, "Human", ("A",), (), {"id": room}), 1,
                         {"line": {}, "view": {}})
    store.run(Statements().record_plays(room, mode, plays, at))


def seeded(store):
    """Ann: 普通1 at 9 seats — 3 games in the village (2 won, 1 lost), 1 as a wolf (a draw); 闇鍋 中 at 12
    seats — 1 game as a wolf (won); a private room's game (not listed, so no cast); Bob: 普通1 at 9 seats,
    2 games in the village (1 won, 1 lost); a quantum game of Ann's."""
    for key, name in (("ann", "Ann"), ("bob", "Bob")):
        store.run(Statements().create(Account(key, name, False, 0.0), hash_password("correct horse", n=2**4)))
    village, wolf = ("Human", "Human"), ("Werewolf", "Werewolf")
    ann = [("r1", "normal", 9, village, "win"), ("r2", "normal", 9, village, "win"), ("r3", "normal", 9, village, "loss"),
           ("r4", "normal", 9, wolf, "draw"), ("r5", "yaminabe:middle", 12, wolf, "win")]
    for at, (room, preset, seats, (role, team), result) in enumerate(ann):
        finished(store, room, preset, seats, [(0, "ann", Standing(role, team, result))], float(at))
    finished(store, "r1b", "normal", 9, [(1, "bob", Standing("Human", "Human", "win"))], 10.0)
    finished(store, "r3b", "normal", 9, [(1, "bob", Standing("Human", "Human", "loss"))], 11.0)
    finished(store, "private", "normal", 9, [(0, "ann", Standing("Human", "Human", "loss"))], 12.0, listed=False)
    finished(store, "q1", "wolves:1", 5, [(0, "ann", Standing("seer", "village", "win"))], 13.0, mode="quantum")


def bots(cast, seats, team):
    counts = estimate(cast, seats)
    assert counts is not None, f"the shipped table has no cell {cast} {seats}"
    won, seated = counts.get(team, (0, 0))
    return {"win": won, "seats": seated}


def line(cast, seats, label, team, team_label, counts, everyone, bots_line, mode="classic"):
    games = sum(counts)
    return {"mode": mode, "cast": cast, "seats": seats, "label": label, "team": team, "team_label": team_label,
            "games": games, "win": counts[0], "loss": counts[1], "draw": counts[2],
            "everyone": dict(zip(("games", "win", "loss", "draw"), (sum(everyone), *everyone))), "bots": bots_line}


def test_a_profile_counts_each_cast_and_team_with_every_accounts_and_the_bots_beside(store):
    seeded(store)
    with serving(create_app(store)) as (url, _), httpx.Client(base_url=url, timeout=30) as client:
        casts = client.get("/api/players/Ann").json()["casts"]
        assert casts == [
            line("normal", 9, NORMAL, "Human", HUMAN, (2, 1, 0), (3, 2, 0), bots("normal", 9, "Human")),
            line("normal", 9, NORMAL, "Werewolf", WOLF, (0, 0, 1), (0, 0, 1), bots("normal", 9, "Werewolf")),
            line("yaminabe:middle", 12, MIDDLE, "Werewolf", WOLF, (1, 0, 0), (1, 0, 0),
                 bots("yaminabe:middle", 12, "Werewolf")),
            line("wolves:1", 5, {"en": "wolves:1", "ja": "wolves:1"}, "village", None, (1, 0, 0), (1, 0, 0), None,
                 mode="quantum"),  # a mode without estimates: its key is its words, no bots
        ]
        assert [c["cast"] for c in client.get("/api/players/Bob").json()["casts"]] == ["normal"]
        site = client.get("/api/casts").json()["casts"]
        assert [(c["mode"], c["cast"], c["seats"], c["team"], c["games"], c["win"], c["loss"], c["draw"]) for c in site] == [
            ("classic", "normal", 9, "Human", 5, 3, 2, 0), ("classic", "normal", 9, "Werewolf", 1, 0, 0, 1),
            ("classic", "yaminabe:middle", 12, "Werewolf", 1, 1, 0, 0), ("quantum", "wolves:1", 5, "village", 1, 1, 0, 0)]
        assert "everyone" not in site[0] and site[0]["bots"] == bots("normal", 9, "Human")


def test_a_cast_without_an_estimate_says_none_and_a_team_the_bots_never_held_has_no_seats(store):
    store.run(Statements().create(Account("ann", "Ann", False, 0.0), hash_password("correct horse", n=2**4)))
    finished(store, "f1", "fixed", 6, [(0, "ann", Standing("Diviner", "Human", "win"))], 1.0)
    finished(store, "n1", "normal", 9, [(0, "ann", Standing("Bat", "Others", "loss"))], 2.0)
    finished(store, "n2", "normal", 99, [(0, "ann", Standing("Human", "Human", "loss"))], 3.0)
    with serving(create_app(store)) as (url, _), httpx.Client(base_url=url, timeout=30) as client:
        found = {(c["cast"], c["seats"], c["team"]): c for c in client.get("/api/players/ann").json()["casts"]}
    assert found[("fixed", 6, "Human")]["bots"] is None  # the host's own roles: nothing computed
    assert found[("fixed", 6, "Human")]["label"] == {"en": "fixed", "ja": "自由配役"}
    assert found[("normal", 9, "Others")]["bots"] == {"win": 0, "seats": 0}  # 普通1 casts no third party
    assert found[("normal", 99, "Human")]["bots"] is None  # a seat count not in the table


def test_every_accounts_counts_are_kept_a_minute(store):
    seeded(store)
    app = create_app(store)
    with serving(app) as (url, _), httpx.Client(base_url=url, timeout=30) as client:
        now = [1000.0]
        app.state.accounts.clock = lambda: now[0]
        before = client.get("/api/casts").json()["casts"][0]
        finished(store, "r9", "normal", 9, [(2, "bob", Standing("Human", "Human", "win"))], 20.0)
        assert client.get("/api/casts").json()["casts"][0] == before
        now[0] += 60
        after = client.get("/api/casts").json()["casts"][0]
        assert (after["games"], after["win"]) == (before["games"] + 1, before["win"] + 1)
