"""エンドレス闇鍋 in a real browser (Debian's chromium), on a desktop in English and on a 390×844 phone in Japanese:
the host makes the room in the lobby and starts with the people present; a newcomer opens the room during the
game, finds the join form there, joins, reads that he waits for the next dawn (everybody reads that he is about to
join), and at the dawn his page becomes his seat's — his role card, his name in the growing seat list."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from .conftest import serving, wait_until
from .test_classic_online import ARGS, CHROMIUM
from .test_restart import call

DESKTOP = {"viewport": {"width": 1280, "height": 900}, "locale": "en-US"}
PHONE = {"viewport": {"width": 390, "height": 844}, "locale": "ja-JP", "is_mobile": True, "has_touch": True}
WORDS = {  # what each page says, in its language
    "en-US": {"seats": "Seats (the game is on: you may join it)", "join": "Join the game", "waiting": "waiting to join",
              "wait": "You join at the next dawn, in seat 6", "entering": "Zed is about to join.",
              "you": "you are Zed", "joined": "Zed joins the game.",
              "cast": "The cast at the start (newcomers draw theirs)"},
    "ja-JP": {"seats": "席（ゲーム中: 途中参加できます）", "join": "途中参加する", "waiting": "参加待ち",
              "wait": "次の夜明けに6番席で参加します", "entering": "Zedさんが参加しようとしています。",
              "you": "あなたは Zed", "joined": "Zedさんが参加しました。",
              "cast": "開始時の配役（途中参加者の役職は参加時に決まります）"},
}


@pytest.fixture
def live(monkeypatch, tmp_path):
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: 9)  # the room's seed: one game
    app = create_app(open_store(str(tmp_path / "endless-page.db")))
    with serving(app) as (url, loop):
        yield url, app, loop


@needs.browser
@pytest.mark.parametrize("options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_newcomer_joins_an_endless_game_in_the_browser(live, options, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    url, app, loop = live
    words = WORDS[options["locale"]]
    service = app.state.service
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ann, zed = browser.new_context(**options).new_page(), browser.new_context(**options).new_page()
        ann.goto(url)
        ann.select_option("#mode", "classic")
        ann.fill("input[name=name]", "endless village")
        ann.fill("input[name=players]", "8")
        ann.select_option("select[name=cast]", "endless")
        ann.fill("input[name=night]", "300")
        ann.fill("input[name=day]", "300")
        ann.uncheck("input[name=ready_check]")
        ann.click("#create button[type=submit]")
        ann.wait_for_url("**/room/*")
        room = ann.url.rsplit("/", 1)[1]
        assert service.rooms[room].settings["cast"] == "endless"
        ann.fill("#join input[name=name]", "Ann")
        ann.click("#join button[type=submit]")
        expect(ann.locator("#seats li", has_text="Ann")).to_have_count(1)
        server = SimpleNamespace(url=url)
        for name in ("Ben", "Cat", "Dan", "Eve"):  # four more people, by the API: five and 身代わりくん start it
            assert call(server, "POST", f"/api/rooms/{room}/join", {"name": name})["token"]
        expect(ann.locator("#seats li", has_text="Eve")).to_have_count(1)
        ann.click("#start")
        expect(ann.locator("#c-role")).to_be_visible()
        expect(ann.locator("#lobby-panel")).to_be_hidden()  # a seat of the game: no join form

        zed.goto(ann.url)  # a newcomer, during the game
        expect(zed.locator("#seats-title")).to_have_text(words["seats"])
        expect(zed.locator("#join-button")).to_have_text(words["join"])
        expect(zed.locator("#seats li")).to_have_count(5)
        zed.fill("#join input[name=name]", "Zed")
        zed.click("#join button[type=submit]")
        expect(zed.locator("#who")).to_have_text(words["waiting"])
        expect(zed.locator("#waiting")).to_contain_text(words["wait"])
        expect(zed.locator("#lobby-panel")).to_be_hidden()
        expect(ann.locator("#entering")).to_have_text(words["entering"])
        expect(zed.locator("#entering")).to_have_text(words["entering"])
        expect(zed.locator("#c-role")).to_be_hidden()  # a spectator's view: no role of his
        zed.screenshot(path=str(tmp_path / "waiting.png"), full_page=True)
        if options is PHONE:
            assert zed.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone

        for _ in range(20):  # the turns run out (nobody acts) until the dawn seats him
            if len(service.rooms[room].seats) > 5:
                break
            key = asyncio.run_coroutine_threadsafe(_turn_key(service, room), loop).result(10)
            asyncio.run_coroutine_threadsafe(service._deadline_passed(room, key), loop).result(30)
        wait_until(lambda: len(service.rooms[room].seats) == 6, what="the dawn")
        expect(zed.locator("#who")).to_have_text(words["you"])
        expect(zed.locator("#waiting")).to_be_hidden()
        expect(zed.locator("#entering")).to_be_hidden()
        expect(zed.locator("#c-role")).to_be_visible()
        expect(zed.locator("#c-players")).to_contain_text("Zed")
        expect(ann.locator("#c-players")).to_contain_text("Zed")  # the seat list grew for everybody
        expect(ann.locator("#log")).to_contain_text(words["joined"])
        expect(zed.locator("#c-published-title")).to_have_text(words["cast"])  # the list is the start's, not his
        zed.screenshot(path=str(tmp_path / "seated.png"), full_page=True)
        if options is PHONE:
            assert zed.evaluate("document.documentElement.scrollWidth") <= 390
        browser.close()


async def _turn_key(service, room: str) -> tuple[int, int]:
    return service.rooms[room].turn_key
