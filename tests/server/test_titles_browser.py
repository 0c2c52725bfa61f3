"""称号 in a real browser (Playwright and Debian's chromium against `jinrou serve`): the profile lists
every title with how to earn it and the player's progress, the owner chooses one there, and a room
he then joins shows it beside his nickname — at 390×844 and 1280×900, in Japanese and in English."""

import httpx2 as httpx
import pytest
from playwright.sync_api import expect, sync_playwright

from jinrou.modes.base import Standing
from jinrou.server import titles
from jinrou.server.accounts import COOKIE, Statements
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM

pytestmark = needs.browser

SIZES = [pytest.param({"width": 390, "height": 844}, lang, id=f"phone-{lang}") for lang in ("ja", "en")] + [
    pytest.param({"width": 1280, "height": 900}, lang, id=f"desktop-{lang}") for lang in ("ja", "en")]
WORDS = {"ja": {"how": "占い師で10勝", "earned": "獲得 ✓", "seer": "名占い師", "wolf": "3 / 10", "save": "保存",
                "shows": "表示中の称号: 名占い師", "none": "称号を表示していません。", "heading": "称号"},
         "en": {"how": "10 wins as Seer", "earned": "earned ✓", "seer": "Seasoned Seer", "wolf": "3 / 10", "save": "Save",
                "shows": "Shows Seasoned Seer", "none": "Shows no title.", "heading": "Titles (称号)"}}


@pytest.mark.parametrize(("viewport", "lang"), SIZES)
def test_the_profile_lists_titles_the_owner_chooses_one_and_his_seat_shows_it(server, viewport, lang):
    words = TEXT = WORDS[lang]
    answer = httpx.post(server.url + "/api/account/register", json={"name": "Ann", "password": "correct horse"})
    session = answer.cookies[COOKIE]
    store = open_store(server.db)  # ten wins as 占い師 and three as 人狼, as the server keeps finished games
    for n in range(13):
        role, team = ("Diviner", "Human") if n < 10 else ("Werewolf", "Werewolf")
        store.run(Statements().record_plays(f"r{n}", "classic", [(0, "ann", Standing(role, team, "win"))], 100.0 + n))
    store.close()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        stranger = browser.new_context(viewport=viewport, locale="ja-JP" if lang == "ja" else "en-US").new_page()
        stranger.goto(server.url + "/player/Ann")  # anyone reads the list; only the owner chooses
        expect(stranger.locator("#titles li")).to_have_count(len(titles.all_titles()))
        expect(stranger.locator("#titles-section h2")).to_have_text(TEXT["heading"])
        expect(stranger.locator("#shown-title")).to_have_text(words["none"])
        expect(stranger.locator("#choose-title")).to_be_hidden()

        context = browser.new_context(viewport=viewport, locale="ja-JP" if lang == "ja" else "en-US")
        context.add_cookies([{"name": COOKIE, "value": session, "url": server.url}])
        page = context.new_page()
        page.goto(server.url + "/player/Ann")
        seer = page.locator("#titles li[data-key='classic:Diviner:10']")
        expect(seer).to_contain_text(words["how"])
        expect(seer).to_contain_text(words["earned"])
        expect(page.locator("#titles li[data-key='classic:Werewolf:10']")).to_contain_text(words["wolf"])
        expect(page.locator("#choose-title")).to_be_visible()
        assert page.locator("#title-choice option").count() == 2  # none, and the one earned
        page.select_option("#title-choice", "classic:Diviner:10")
        page.get_by_role("button", name=words["save"]).click()
        expect(page.locator("#shown-title")).to_have_text(words["shows"])
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]  # nothing wider
        for button in page.locator("#choose-title button, #choose-title select").all():
            box = button.bounding_box()
            assert box["height"] >= 44 or viewport["width"] > 900, "a control a thumb can hit"

        room = httpx.post(server.url + "/api/rooms", json={"name": "village", "seats": 5}).json()["id"]
        page.goto(f"{server.url}/room/{room}")
        page.fill("#join input[name=name]", "Wolfie")
        page.click("#join button[type=submit]")
        expect(page.locator("#seats li").first.locator(".title-badge")).to_have_text(words["seer"])
        stranger.goto(f"{server.url}/room/{room}")  # everybody in the room sees it beside the nickname
        expect(stranger.locator("#seats li").first).to_contain_text("Wolfie")
        expect(stranger.locator("#seats li").first.locator(".title-badge")).to_have_text(words["seer"])
        assert stranger.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        browser.close()
