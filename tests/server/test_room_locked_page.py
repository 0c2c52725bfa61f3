"""A password room opened by someone who has not given its password, in a real browser (Chromium) at
390×844 and 1280×900, in Japanese and in English: every label of the form that asks for it is in
the page's language (the seats' heading and the seat button were left in English), and a wrong
password is refused in that language."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving
from .finished import made
from .test_browser import UNTRANSLATED
from .test_classic_page_werewolves import DESKTOP, PHONE
from .test_classic_room_page import SMALL


@needs.browser
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_a_locked_room_asks_for_its_password_in_the_page_s_language(tmp_path, locale, size):
    from playwright.sync_api import expect, sync_playwright

    ja, phone = locale.startswith("ja"), size["width"] < 500
    t = (lambda en, japanese: japanese) if ja else (lambda en, japanese: en)
    db = str(tmp_path / "locked.db")
    with TestClient(create_app(open_store(db))) as client:
        room = made(client, {"name": "秘密の村", "mode": "classic", "players": 9, "password": "secret"})
    with serving(create_app(open_store(db))) as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=size, locale=locale, **({"is_mobile": True, "has_touch": True} if phone else {}))
        page = context.new_page()
        page.goto(f"{url}/room/{room}")
        expect(page.locator("#locked")).to_be_visible()
        expect(page.locator("#seats-title")).to_have_text(t("Seats", "席"))
        expect(page.locator("#join-button")).to_have_text(t("Take a seat", "着席"))
        if ja:
            assert page.evaluate(UNTRANSLATED) == []
        if phone:
            assert page.evaluate(SMALL) == []
        page.fill("#join input[name=name]", "Ann")
        page.fill("#join input[name=password]", "wrong")
        page.click("#join-button")
        expect(page.locator("#error")).to_have_text(t("wrong room password", "部屋のパスワードが違います"))
        browser.close()


@needs.browser
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_the_host_who_set_the_password_is_not_asked_for_it_again(tmp_path, locale):
    """Made in the lobby with a password, the room opened to its maker locked, asking for the password
    he had just typed: it now opens to him, and his seat needs only his nickname."""
    from playwright.sync_api import expect, sync_playwright

    ja = locale.startswith("ja")
    app = create_app(open_store(str(tmp_path / "host.db")))
    with serving(app) as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True).new_page()
        page.goto(url)
        page.select_option("#mode", "classic")
        page.fill("#create input[name=password]", "secret")
        page.click("#create button[type=submit]")
        page.wait_for_url("**/room/*")
        expect(page.locator("#seats li")).to_have_count(9)  # the seats, not the lock
        expect(page.locator("#locked")).to_be_hidden()
        page.fill("#join input[name=name]", "Ann")
        page.click("#join-button")
        expect(page.locator("#who")).to_have_text("あなたは Ann" if ja else "you are Ann")
        browser.close()
