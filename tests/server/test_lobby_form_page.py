"""The lobby's classic room form in a real browser (Chromium), at 390×844 and 1280×900, in Japanese
and in English: a newcomer who keeps 普通1 sees no 闇鍋, preset or cast-picker field; each cast shows
the fields it uses (the schema's ``when``), and a field hidden by the cast is not sent — the room is
made with its default, not refused for a value the host can no longer see."""

from __future__ import annotations

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving
from .test_browser import UNTRANSLATED
from .test_classic_online import pick_roles
from .test_classic_page_werewolves import DESKTOP, PHONE
from .test_classic_room_page import SMALL

OWN = ["preset", "yaminabe_safety", "roles", "categories", "excluded", "yaminabe_pool", "yaminabe_hidejobs",
       "hide_singleton_teams", "ushi", "aiwolf_seats"]
"""The fields that belong to some casts only."""
SHOWN = {
    "normal": ["aiwolf_seats"],
    "fixed": ["roles", "aiwolf_seats"],
    "preset": ["preset"],
    "yaminabe": ["yaminabe_safety", "yaminabe_pool", "yaminabe_hidejobs", "hide_singleton_teams", "ushi"],
    "partial": ["yaminabe_safety", "roles", "categories", "excluded", "yaminabe_pool", "yaminabe_hidejobs",
                "hide_singleton_teams", "ushi"],
    "easy": ["yaminabe_safety", "yaminabe_pool", "yaminabe_hidejobs", "hide_singleton_teams", "ushi"],
    "endless": ["yaminabe_safety", "yaminabe_pool", "yaminabe_hidejobs", "hide_singleton_teams", "ushi"],
}


@needs.browser
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_the_classic_form_shows_the_fields_of_the_chosen_cast_only(tmp_path, locale, size):
    from playwright.sync_api import sync_playwright

    ja, phone = locale.startswith("ja"), size["width"] < 500
    app = create_app(open_store(str(tmp_path / "lobby.db")))
    with serving(app) as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=size, locale=locale, **({"is_mobile": True, "has_touch": True} if phone else {}))
        page = context.new_page()
        page.goto(url)
        page.select_option("#mode", "classic")

        def shown() -> list[str]:
            return [key for key in OWN if page.locator(f"#mode-fields [name={key}]").evaluate(
                "(input) => !input.closest('[hidden]')")]

        assert shown() == SHOWN["normal"]  # the default cast, 普通1: nothing of the others
        for cast, fields in SHOWN.items():
            page.select_option("select[name=cast]", cast)
            assert shown() == fields, cast
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        if ja:
            assert page.evaluate(UNTRANSLATED) == []
        if phone:
            assert page.evaluate(SMALL) == []

        # roles picked for a fixed cast, then a 闇鍋 chosen: the hidden roles are not sent
        page.select_option("select[name=cast]", "fixed")
        pick_roles(page, {"Werewolf": 1, "Diviner": 1})
        page.select_option("select[name=cast]", "yaminabe")
        page.click("#create button[type=submit]")
        page.wait_for_url("**/room/*")
        room = page.url.rsplit("/", 1)[1]
        assert app.state.service.rooms[room].settings["cast"] == "yaminabe"
        browser.close()
