"""希望役職制 on the room page, on a phone (390×844), in Japanese and in English: the lobby form's switch,
the chooser after the start (the cast's roles and おまかせ, a tap from their rules), the request taken and
said back, nothing wider than the screen, one language at a time; the deal then gives Ann the wolf she
asked for."""

from __future__ import annotations

import json
import os
import urllib.request

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving
from .test_browser import CONTRAST, UNTRANSLATED

PHONE = {"width": 390, "height": 844}


def post(url: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(url + path, method="POST", data=json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def live(tmp_path):
    with serving(create_app(open_store(str(tmp_path / "requests.db")))) as (url, _):
        yield url


@needs.browser
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_the_chooser_on_a_phone_takes_a_request_and_the_deal_honours_it(live, locale, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    url, ja = live, locale.startswith("ja")
    t = (lambda en, japanese: japanese) if ja else (lambda en, japanese: en)
    shots = os.path.join(os.environ.get("JINROU_SCREENSHOTS") or str(tmp_path), f"classic-requests-{locale}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True).new_page()
        page.goto(url)
        page.select_option("#mode", "classic")
        page.fill("input[name=name]", t("requests", "希望村"))
        page.fill("input[name=players]", "6")  # 普通1 for 7 seats, 身代わりくん included: one wolf
        switch = page.locator("input[name=rolerequest]")
        expect(switch.locator("xpath=..")).to_contain_text(t("role requests", "希望役職制"))
        switch.check()
        page.click("#create button[type=submit]")
        page.wait_for_url("**/room/*")
        room = page.url.rsplit("/", 1)[1]
        page.fill("#join input[name=name]", "Ann")
        page.click("#join button[type=submit]")
        expect(page.locator("#seats li")).to_have_count(6)
        ben = post(url, f"/api/rooms/{room}/join", {"name": "Ben"})["token"]  # keeps the phase open after Ann
        page.click("#bots")
        page.click("#start")

        chooser = page.locator("#c-request")
        expect(chooser).to_be_visible()
        expect(page.locator("#c-request-title")).to_have_text(t("Role requests (希望役職制)", "希望役職の選択"))
        expect(page.locator("#c-request-asked")).to_contain_text(t("Not chosen yet", "未選択です"))
        options = page.locator("#c-request-form select option").all_inner_texts()
        assert options[0] == t("leave it to chance (おまかせ)", "おまかせ") and len(options) == 1 + 5, options
        assert t("Werewolf (人狼) × 1", "人狼 × 1") in options, options
        expect(page.locator("#jump a.due")).to_have_count(1)  # the chooser is marked to do
        page.select_option("#c-request-form select", "Werewolf")
        page.click("#c-request-form button")
        expect(page.locator("#c-request-asked")).to_contain_text(t("You asked for Werewolf (人狼)", "人狼を希望しました"))
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "too wide"
        assert page.evaluate(CONTRAST) == []
        if ja:
            assert page.evaluate(UNTRANSLATED) == []
        page.screenshot(path=f"{shots}-chooser.png", full_page=True)
        page.locator("#c-request-roles li", has_text=t("Seer", "占い師")).click()  # its rule, a tap away
        expect(page.locator("body")).to_contain_text(t("divines a seat each night", "毎晩ひとりを占います"))

        assert post(url, f"/api/rooms/{room}/action", {"token": ben, "action": {"request": None}}) == {"ok": True}
        expect(page.locator("#c-role")).to_contain_text(t("Werewolf (人狼)", "人狼"))  # alone to ask for a wolf
        expect(chooser).to_be_hidden()
        browser.close()
    assert os.path.getsize(f"{shots}-chooser.png") > 10_000
