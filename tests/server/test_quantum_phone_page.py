"""The quantum werewolf room — the lobby's first game — on a phone (390×844, Chromium) in Japanese
and in English: the probability table keeps each bot's name on one line ('ボットあか' / 'り' was
broken in two beside the three percentages), and the page stays within the screen."""

from __future__ import annotations

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving
from .test_classic_page_werewolves import PHONE
from .test_classic_phone import BROKEN


@needs.browser
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_the_probability_table_keeps_each_name_whole_on_a_phone(tmp_path, locale):
    from playwright.sync_api import expect, sync_playwright

    app = create_app(open_store(str(tmp_path / "quantum.db")))
    with serving(app) as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True).new_page()
        page.goto(url)
        expect(page.locator("input[name=seats]")).to_be_visible()  # the form, once the modes are in
        page.click("#create button[type=submit]")  # the default room: quantum werewolf, 7 seats
        page.wait_for_url("**/room/*")
        page.fill("#join input[name=name]", "Ann")
        page.click("#join-button")
        page.click("#bots")  # named in the page's language: ボットあかり, … or Bot Alice, …
        expect(page.locator("#seats li")).to_have_count(7)
        page.click("#start")
        expect(page.locator("#table tbody tr")).to_have_count(7)
        assert page.evaluate(BROKEN, "#table td") == []
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        browser.close()
