"""Quantum mini-shogi online: the API from the lobby to the record, clocks and the loss on time, a
SIGKILLed server that comes back with the same board and clocks, every pushed payload checked
against the record, and whole games played by taps in a real browser (desktop and a phone)."""

import json
import os
import shutil
import time

import pytest
from playwright.sync_api import expect, sync_playwright
from starlette.testclient import TestClient
from typer.testing import CliRunner

from jinrou.cli import app as cli
from jinrou.server.app import create_app
from jinrou.server.store import open_store
from jinrou.shogi import Game
from jinrou.shogi.record import Record

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import Server
from .test_restart import call

ROOM = {"name": "shogi table", "mode": "shogi", "clock_seconds": 600, "bot": "random"}


def new_room(client, **settings):
    response = client.post("/api/rooms", json={**ROOM, **settings})
    assert response.status_code == 200, response.json()
    return response.json()["id"]


def join(client, room, name):
    response = client.post(f"/api/rooms/{room}/join", json={"name": name})
    assert response.status_code == 200, response.json()
    return response.json()["token"]


def view(client, room, token=None):
    return client.get(f"/api/rooms/{room}/view", params={"token": token} if token else {}).json()


def act(client, room, token, action):
    return client.post(f"/api/rooms/{room}/action", json={"token": token, "action": action})


def choose(game, careful=True):
    """The move a test plays for the side to move, as ``(group, target, notation)``: a drop when there
    is one, else a capture, else the first legal move — and, if ``careful``, never one that determines
    its own king at once when another move does not (so that games last a few moves)."""
    position = Game(game["moves"])
    options = [(g, t, t["move"] or t["promote"]) for g in game["legal"] for t in g["to"]]

    def safe(option):
        after = position.copy()
        after.push(option[2])
        return after.outcome is None or after.outcome.winner == position.turn

    def rank(option):
        return (careful and not safe(option), not option[0]["drop"], "x" not in option[2])

    return min(options, key=rank)


def replay_with_the_cli(tmp_path, record):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(cli, ["shogi", "replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# ----------------------------------------------------------------- the API


def test_a_whole_game_against_the_bot_through_the_api_ends_in_a_record_that_replays(client, tmp_path):
    modes = {m["name"]: m for m in client.get("/api/modes").json()}
    assert [f["key"] for f in modes["shogi"]["schema"]["fields"]] == ["clock_seconds", "bot"]
    room = new_room(client)
    ann = join(client, room, "Ann")
    assert client.post(f"/api/rooms/{room}/bots", json={"token": ann}).json() == {"ok": True}
    assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).json() == {"ok": True}
    first = view(client, room, ann)
    assert first["you"] == 0 and first["game"]["turn"] == 0 and first["game"]["players"][0] == "Ann"
    assert first["room"]["deadline"] is not None and first["game"]["phase"] == "move 1 · ▲ sente"
    assert client.get(f"/api/rooms/{room}/record").status_code == 403  # not before the end
    for _ in range(60):
        game = view(client, room, ann)["game"]
        if game["result"]:
            break
        assert game["turn"] == 0  # the bot has replied at once
        response = act(client, room, ann, {"move": choose(game)[2]})
        assert response.status_code == 200, response.json()
    game = view(client, room, ann)["game"]
    assert game["result"] is not None and game["turn"] is None
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["format"] == "jinrou.shogi/1" and record["players"]["sente"] == "Ann"
    assert record["moves"] == game["moves"] and record["result"]["reason"] == game["outcome"]["reason"]
    assert Record.read(record).replay().outcome is not None
    replayed = replay_with_the_cli(tmp_path, record)
    assert replayed["result"] == record["result"]
    assert replayed["determination"][-1] == [p["marks"] for p in game["pieces"]]


def test_a_refused_move_is_answered_with_its_reason_and_nothing_is_stored(client):
    room = new_room(client)
    ann, ben = join(client, room, "Ann"), join(client, room, "Ben")
    client.post(f"/api/rooms/{room}/start", json={"token": ann})
    assert act(client, room, ann, {"move": "⑤c4"}).status_code == 200
    assert act(client, room, ben, {"move": "⑭xc4"}).status_code == 200
    before = view(client, room)
    events = len(client.app.state.service.store.events(room))
    refused = act(client, room, ann, {"move": "10-d5"})
    assert refused.status_code == 400
    assert refused.json() == {"error": "illegal move '⑩d5': ⑩ cannot go b5→d5: only 香 could, and ⑩ can only be 歩"}
    assert act(client, room, ben, {"move": "⑪c1"}).json() == {"error": "it is not your turn: ▲ sente is to move"}
    assert len(client.app.state.service.store.events(room)) == events
    after = view(client, room)
    assert after["game"] == before["game"]
    resigned = act(client, room, ben, {"resign": True})  # gote may resign on sente's turn
    assert resigned.status_code == 200
    game = view(client, room)["game"]
    assert game["result"]["en"] == "▲ Sente (Ann) wins: gote resigned." and game["result"]["winners"] == ["Ann"]
    assert client.get(f"/api/rooms/{room}/record").json()["resigned"] == "gote"


def test_clocks_count_each_side_and_a_flag_that_fell_while_the_server_was_down_loses(tmp_path):
    with TestClient(create_app(open_store(str(tmp_path / "clock.db")))) as client:
        room = new_room(client, clock_seconds=120)
        ann = join(client, room, "Ann")
        client.post(f"/api/rooms/{room}/bots", json={"token": ann})
        client.post(f"/api/rooms/{room}/start", json={"token": ann})
        service = client.app.state.service
        service.clock = lambda: time.time() + 0.5  # Ann thinks half a second; the bot replies at once
        assert act(client, room, ann, {"move": "⑤c4"}).status_code == 200
        shown = view(client, room, ann)
        used = shown["room"]["used"]
        assert 0.5 <= used[0] < 5 and used[1] < 0.5 and shown["game"]["turn"] == 0
        left = shown["room"]["deadline"] - shown["server_time"]
        assert 120 - used[0] - 2 < left <= 120 - used[0]  # what is left on Ann's clock
    later = create_app(open_store(str(tmp_path / "clock.db")))
    later.state.service.clock = lambda: time.time() + 121  # the server was down when Ann's flag fell
    with TestClient(later) as client:
        game = view(client, room)["game"]
        assert game["outcome"] == {"winner": "gote", "reason": "sente lost on time", "termination": "time"}
        assert game["result"]["ja"].endswith("（先手の時間切れ）")
        record = client.get(f"/api/rooms/{room}/record").json()
        assert record["lost_on_time"] == "sente" and len(record["moves"]) == 2
        assert Record.read(record).replay().outcome.reason == "sente lost on time"
        assert replay_with_the_cli(tmp_path, record)["result"] == record["result"]


def test_a_move_after_the_flag_fell_is_refused_and_loses_on_time_even_before_the_timer_fires(client):
    room = new_room(client, clock_seconds=60)
    ann = join(client, room, "Ann")
    client.post(f"/api/rooms/{room}/bots", json={"token": ann})
    client.post(f"/api/rooms/{room}/start", json={"token": ann})
    service = client.app.state.service
    service.clock = lambda: time.time() + 61  # the timer is armed on the real loop; the clock says it is late
    late = act(client, room, ann, {"move": "⑤c4"})
    assert late.status_code == 400 and late.json()["error"] == "too late: the time for this turn was up"
    assert view(client, room, ann)["game"]["outcome"]["termination"] == "time"


def test_resigning_on_the_opponents_turn_costs_no_time_on_ones_own_clock(client):
    room = new_room(client)
    ann = join(client, room, "Ann")
    join(client, room, "Bob")  # gote, who will not move
    service, now = client.app.state.service, time.time()
    service.clock = lambda: now  # the server's clock stands still: Ann moves at once, however slow the machine
    client.post(f"/api/rooms/{room}/start", json={"token": ann})
    assert act(client, room, ann, {"move": "⑤c4"}).status_code == 200
    service.clock = lambda: now + 0.3  # Bob thinks; Ann gives up meanwhile
    assert act(client, room, ann, {"resign": True}).status_code == 200
    used = view(client, room, ann)["room"]["used"]
    assert used[0] == 0  # Ann's clock was not running


# --------------------------------------------------------- a real server


def test_sigkill_mid_game_and_restart_bring_back_the_board_the_clocks_and_the_turn(tmp_path):
    server = Server(str(tmp_path / "shogi.db")).start()
    try:
        room = call(server, "POST", "/api/rooms", {**ROOM, "clock_seconds": 300})["id"]
        ann = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
        ben = call(server, "POST", f"/api/rooms/{room}/join", {"name": "Ben"})["token"]
        call(server, "POST", f"/api/rooms/{room}/start", {"token": ann})
        for token, move in [(ann, "⑤c4"), (ben, "⑭xc4"), (ann, "⑦c2")]:
            time.sleep(0.2)  # some time on each clock
            assert call(server, "POST", f"/api/rooms/{room}/action", {"token": token, "action": {"move": move}}) == {"ok": True}

        def views():
            seen = {}
            for token in (ann, ben, None):
                data = call(server, "GET", f"/api/rooms/{room}/view" + (f"?token={token}" if token else ""))
                data.pop("server_time")
                seen[token] = data
            return seen

        before = views()
        assert before[ann]["room"]["used"][0] >= 0.4 and before[ann]["game"]["turn"] == 1
        server.kill()
        server.start()
        after = views()
        assert after == before  # board, hands, determination list, clocks (deadline, time used) and turn
        for token, move in [(ben, "⑫xc2"), (ann, "①b2")]:  # play goes on
            assert call(server, "POST", f"/api/rooms/{room}/action", {"token": token, "action": {"move": move}}) == {"ok": True}
        assert call(server, "GET", f"/api/rooms/{room}/view")["game"]["moves"] == ["⑤c4", "⑭xc4", "⑦c2", "⑫xc2", "①b2"]
    finally:
        server.stop()


# ------------------------------------------------------------ payloads


def test_every_payload_to_both_seats_and_a_spectator_shows_the_same_game_as_the_record(client):
    room = new_room(client)
    tokens = [join(client, room, "Ann"), join(client, room, "Ben")]
    client.post(f"/api/rooms/{room}/start", json={"token": tokens[0]})
    payloads = {0: [], 1: [], None: []}
    paths = {seat: f"/ws/rooms/{room}" + (f"?token={tokens[seat]}" if seat is not None else "") for seat in payloads}
    with client.websocket_connect(paths[0]) as s0, client.websocket_connect(paths[1]) as s1, \
            client.websocket_connect(paths[None]) as spectator:
        sockets = {0: s0, 1: s1, None: spectator}
        for seat, socket in sockets.items():
            payloads[seat].append(socket.receive_json())
        for _ in range(80):
            game = payloads[None][-1]["game"]
            if game["result"]:
                break
            assert act(client, room, tokens[game["turn"]], {"move": choose(game, careful=False)[2]}).status_code == 200
            for seat, socket in sockets.items():  # everybody is pushed the position after each move
                payloads[seat].append(socket.receive_json())
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["result"] is not None and len(payloads[None]) == len(record["moves"]) + 1
    for number, (mine, theirs, watched) in enumerate(zip(payloads[0], payloads[1], payloads[None])):
        assert (mine["you"], theirs["you"], watched["you"]) == (0, 1, None)
        assert mine["game"] == theirs["game"] == watched["game"]  # nothing is anybody's own
        game = mine["game"]
        assert game["moves"] == record["moves"][:number]
        position = Game(game["moves"])
        assert [p["marks"] for p in game["pieces"]] == position.determination()
        assert game["board"] == [None if p < 0 else p for p in position.position.board()]
        assert {text for g in game["legal"] for t in g["to"] for text in (t["move"], t["promote"]) if text} \
            == {str(m) for m in position.legal_moves()}
    final = payloads[None][-1]["game"]
    assert final["outcome"]["reason"] == record["result"]["reason"] and final["moves"] == record["moves"]


# ------------------------------------------------------------- browser


def tap_move(page, game):
    """Play the chosen move by taps: the piece (on the board or in the hand), then a lit square, then
    the promotion answer when it is asked."""
    group, target, text = choose(game)
    if group["drop"]:
        page.locator(f"#sg-bottom .sg-hand [data-piece='{group['piece']}']").tap()
    else:
        page.locator(f"#sg-grid [data-square='{group['from']}']").tap()
    lit = page.locator(f"#sg-grid [data-square='{target['square']}']")
    assert "target" in lit.get_attribute("class")
    lit.tap()
    if target["move"] and target["promote"]:
        page.locator("#sg-promote-yes" if text.endswith("+") else "#sg-promote-no").tap()
    return text


@needs.browser
@pytest.mark.parametrize(("width", "height", "bot", "resign_after"), [(1280, 900, "random", 30), (390, 844, "search", 4)],
                         ids=["desktop", "phone"])
def test_a_whole_game_by_taps_in_the_browser(server, tmp_path, width, height, bot, resign_after):
    """Against the random bot the game ends by itself; against the search bot, which keeps its king
    hidden, Ann resigns by the page's button after a few moves (the test stays short)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height}, has_touch=True, is_mobile=width < 500)
            play_by_taps(page, server, tmp_path, width, bot, resign_after)
        finally:
            browser.close()


def play_by_taps(page, server, tmp_path, width, bot, resign_after):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url)
    page.select_option("#mode", "shogi")
    page.fill("input[name=name]", "Shogi by taps")
    page.select_option("select[name=bot]", bot)
    page.click("#create button[type=submit]")
    page.wait_for_url("**/room/*")
    room = page.url.rsplit("/", 1)[1]
    page.fill("#join input[name=name]", "Ann")
    page.click("#join button[type=submit]")
    expect(page.locator("#who")).to_have_text("you are Ann")
    page.click("#bots")
    expect(page.locator("#seats")).to_contain_text("Bot")
    page.click("#start")
    expect(page.locator("#sg-status")).to_contain_text("Your move")
    expect(page.locator("#sg-grid .sg-cell")).to_have_count(25)
    expect(page.locator("#sg-list tbody tr")).to_have_count(10)
    expect(page.locator("#sg-bottom .sg-clock")).to_have_class("sg-clock running")
    token = page.evaluate(f"localStorage.getItem('jinrou-token-{room}')")
    tapped = []  # the moves played by taps
    for _ in range(resign_after):
        game = call(server, "GET", f"/api/rooms/{room}/view?token={token}")["game"]
        if game["result"]:
            break
        tapped.append(tap_move(page, game))
        page.wait_for_function("(n) => document.querySelector('#log').textContent.split('\\n').length > n"
                               " || !document.querySelector('#end-panel').hidden", arg=len(game["log"]) + 1)
        if len(tapped) == 1:
            page.screenshot(path=str(tmp_path / f"shogi-{width}-playing.png"), full_page=True)
    if page.locator("#end-panel").is_hidden():  # bound the test: resign by the page's button
        page.locator("#sg-resign").tap()
        expect(page.locator("#sg-resign-confirm")).to_be_visible()
        page.locator("#sg-resign-yes").tap()
        expect(page.locator("#winner")).to_contain_text("sente resigned")
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#winner")).to_contain_text("wins")
    game = call(server, "GET", f"/api/rooms/{room}/view")["game"]
    assert game["moves"][::2] == tapped  # every tap (piece, square, promotion answer) played the move meant
    print(f"{width} px wide: {len(tapped)} moves by taps ({sum('*' in m for m in tapped)} drops), "
          f"{len(game['moves'])} in all; {game['result']['en']}")
    expect(page.locator("#sg-status")).to_have_text(game["result"]["en"])
    expect(page.locator("#sg-resign-box")).to_be_hidden()
    page.locator("#lang").click()  # both languages
    expect(page.locator("#sg-status")).to_have_text(game["result"]["ja"])
    page.locator("#lang").click()
    record = page.evaluate("async () => (await fetch(document.querySelector('#record').href)).json()")
    assert record["moves"] == game["moves"] and Record.read(record).replay().outcome is not None
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no horizontal scroll
    board = page.locator("#sg-grid").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= width
    page.screenshot(path=str(tmp_path / f"shogi-{width}-end.png"), full_page=True)
    if os.environ.get("JINROU_SCREENSHOTS_DIR"):
        for name in (f"shogi-{width}-playing.png", f"shogi-{width}-end.png"):
            if (tmp_path / name).exists():
                shutil.copy(tmp_path / name, os.environ["JINROU_SCREENSHOTS_DIR"])
    assert errors == []
