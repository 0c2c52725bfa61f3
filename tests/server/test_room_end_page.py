"""A finished room in a real browser (Chromium), on a phone and a desktop, in Japanese and in English:
its result panel leads to the game's page in the history (the log by day, every role, the replay),
where a newcomer looks back on the game he just played — except for a private room's, never listed."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving
from .finished import classic_game
from .test_classic_page_werewolves import DESKTOP, PHONE
from .test_classic_room_page import SMALL


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A store with two finished classic rooms of Ann's: a listed one and a private one."""
    db = str(tmp_path_factory.mktemp("end") / "end.db")
    with TestClient(create_app(open_store(db))) as client:
        listed = classic_game(client, "Ann")
        private = classic_game(client, "Ann", private=True)
    return db, listed, private


@needs.browser
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_a_finished_room_links_to_its_game_s_page(finished, locale, size):
    from playwright.sync_api import expect, sync_playwright

    db, (room, token), (hidden_room, hidden_token) = finished
    ja, phone = locale.startswith("ja"), size["width"] < 500
    with serving(create_app(open_store(db))) as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=size, locale=locale, **({"is_mobile": True, "has_touch": True} if phone else {}))
        page = context.new_page()
        page.goto(url)
        page.evaluate("(pairs) => pairs.forEach(([room, token]) => localStorage.setItem(`jinrou-token-${room}`, token))",
                      [[room, token], [hidden_room, hidden_token]])
        page.goto(f"{url}/room/{room}")
        link = page.locator("#end-panel #game-page")
        expect(link).to_be_visible()
        expect(link).to_contain_text("この試合のページ" if ja else "This game's page")
        expect(link).to_have_attribute("href", f"/games/{room}")
        if phone:
            assert page.evaluate(SMALL) == []
        link.click()
        page.wait_for_url(f"**/games/{room}")
        expect(page.locator("#c-end")).to_be_visible()  # every role, as the history shows it

        page.goto(f"{url}/room/{hidden_room}")
        expect(page.locator("#end-panel")).to_be_visible()
        expect(page.locator("#end-panel #game-page")).to_be_hidden()
        browser.close()
