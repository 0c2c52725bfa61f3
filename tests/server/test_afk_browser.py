"""AFK warnings in a real browser (Playwright and Debian's chromium against `jinrou serve`): a seat
that still owes its action is warned at 60, 30 and 10 seconds before the deadline — a banner that
grows more urgent, beeps made with WebAudio when the player switched the sound on, a notification
while the tab is hidden — and a seat that has acted, or a spectator, is warned of nothing; at
390×844 and 1280×900, in Japanese and in English. The page's clock is Playwright's, moved by hand."""

import httpx2 as httpx
import pytest
from playwright.sync_api import expect, sync_playwright

from .. import needs
from ..needs import ARGS, CHROMIUM
from .test_api import my_action

pytestmark = needs.browser

SIZES = [pytest.param({"width": 390, "height": 844}, lang, id=f"phone-{lang}") for lang in ("ja", "en")] + [
    pytest.param({"width": 1280, "height": 900}, lang, id=f"desktop-{lang}") for lang in ("ja", "en")]
WORDS = {"ja": {60: "まだ行動していません", 30: "あなたの行動を待っています", 10: "今すぐ行動してください",
                "sound": "警告音: オン", "off": "警告音: オフ"},
         "en": {60: "You still have to act", 30: "Still waiting for your action", 10: "Act now",
                "sound": "warning sound: on", "off": "warning sound: off"}}
NOTIFICATIONS = """
(() => {  // the real Notification, its uses noted for the test
  const Real = window.Notification;
  window.shown = [];
  window.Notification = class extends Real { constructor(title, options) { super(title, options); window.shown.push(options.body); } };
})();
"""

LEFT = "Math.round(latest.room.deadline - (Date.now() / 1000 + offset))"
"""The seconds the page's countdown shows (room.js's own reckoning: its latest view's deadline, its clock)."""


def run_until(page, left: int) -> None:
    """Move the page's clock on until its countdown shows ``left`` seconds. Its clock runs on meanwhile: a fixed
    step would land wherever the real time spent so far (a loaded machine: many seconds) put it."""
    page.wait_for_function("() => latest && latest.room.deadline")  # (a page just opened: its first view)
    page.clock.run_for(max(0, page.evaluate(LEFT) - left) * 1000)


@pytest.mark.parametrize(("viewport", "lang"), SIZES)
def test_a_seat_that_owes_its_action_is_warned_at_60_30_and_10_seconds_and_nobody_else_is(server, viewport, lang):
    words = WORDS[lang]
    room = httpx.post(server.url + "/api/rooms", json={"name": "afk", "seats": 5, "wolves": 1,
                                                       "night_seconds": 600}).json()["id"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, "--autoplay-policy=no-user-gesture-required"])
        locale = "ja-JP" if lang == "ja" else "en-US"
        context = browser.new_context(viewport=viewport, locale=locale)
        context.grant_permissions(["notifications"], origin=server.url)
        page = context.new_page()
        page.add_init_script(NOTIFICATIONS)
        page.clock.install()
        page.goto(f"{server.url}/room/{room}")
        page.fill("#join input[name=name]", "Ann")
        page.click("#join button[type=submit]")
        expect(page.locator("#who")).to_contain_text("Ann")
        expect(page.locator("#afk-sound")).to_have_attribute("aria-label", words["off"])
        page.click("#afk-sound")  # the player's choice: beeps from now on (one to hear what they sound like)
        expect(page.locator("#afk-sound")).to_have_attribute("aria-label", words["sound"])
        token = page.evaluate(f"localStorage.getItem('jinrou-token-{room}')")
        ben = httpx.post(f"{server.url}/api/rooms/{room}/join", json={"name": "Ben"}).json()["token"]
        httpx.post(f"{server.url}/api/rooms/{room}/bots", json={"token": token})
        assert httpx.post(f"{server.url}/api/rooms/{room}/start", json={"token": ben}).status_code == 200

        spectator = browser.new_context(viewport=viewport, locale=locale).new_page()
        spectator.clock.install()
        spectator.goto(f"{server.url}/room/{room}")
        expect(page.locator("#timer")).not_to_have_text("")
        assert page.evaluate("fetch(location.href.replace('/room/', '/api/rooms/') + '/view?token=' + "
                             f"localStorage.getItem('jinrou-token-{room}')).then(r => r.json()).then(v => v.due)")
        expect(page.locator("#afk")).to_be_hidden()  # 600 s left: not yet
        beeps = page.evaluate("window.jinrouBeeps || 0")
        for step, left in ((60, 45), (30, 20), (10, 5)):  # each well inside its step (60–31, 30–11, 10–0 s left)
            run_until(page, left)
            run_until(spectator, left)
            expect(page.locator("#afk")).to_be_visible()
            expect(page.locator("#afk")).to_have_attribute("data-step", str(step))
            expect(page.locator("#afk")).to_contain_text(words[step])
            expect(spectator.locator("#afk")).to_be_hidden()  # a spectator owes nothing and is told of nobody
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert page.evaluate("window.jinrouBeeps") - beeps == 1 + 2 + 3  # one, two, three beeps as it nears
        assert page.locator("#afk").evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(201, 42, 42)"
        browser.close()


@pytest.mark.parametrize(("viewport", "lang"), SIZES[:1] + SIZES[3:])
def test_a_hidden_tab_is_notified_and_a_seat_that_acted_is_warned_no_more(server, viewport, lang):
    words = WORDS[lang]
    room = httpx.post(server.url + "/api/rooms", json={"name": "afk", "seats": 5, "wolves": 1,
                                                       "night_seconds": 600}).json()["id"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=viewport, locale="ja-JP" if lang == "ja" else "en-US")
        context.grant_permissions(["notifications"], origin=server.url)
        page = context.new_page()
        page.add_init_script(NOTIFICATIONS)
        page.clock.install()
        page.goto(f"{server.url}/room/{room}")
        page.fill("#join input[name=name]", "Ann")
        page.click("#join button[type=submit]")
        expect(page.locator("#who")).to_contain_text("Ann")
        token = page.evaluate(f"localStorage.getItem('jinrou-token-{room}')")
        httpx.post(f"{server.url}/api/rooms/{room}/bots", json={"token": token})
        httpx.post(f"{server.url}/api/rooms/{room}/start", json={"token": token})
        expect(page.locator("#timer")).not_to_have_text("")
        page.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true})")  # another tab
        run_until(page, 45)
        expect(page.locator("#afk")).to_contain_text(words[60])
        warned = f"window.shown.filter((body) => body.includes({words[60]!r})).length"
        page.wait_for_function(f"{warned} === 1")
        view = httpx.get(f"{server.url}/api/rooms/{room}/view", params={"token": token}).json()
        assert view["due"] is True
        action = my_action(view["game"])
        assert httpx.post(f"{server.url}/api/rooms/{room}/action", json={"token": token, "action": action}).json() == {
            "ok": True}
        expect(page.locator("#afk")).to_be_hidden()  # it acted: nothing more to warn of this night
        page.clock.run_for(30_000)  # (the day that follows has its own three minutes)
        expect(page.locator("#afk")).to_be_hidden()
        assert page.evaluate(warned) == 1
        assert not any(words[30] in body or words[10] in body for body in page.evaluate("window.shown"))
        browser.close()


READY = {"ja": {"ready": "準備完了", "mark": "✓ 準備完了", "refused": "準備完了していない参加者がいます（Ben）",
                "start": "開始", "note": "準備完了: 2人中1人。"},
         "en": {"ready": "I'm ready", "mark": "✓ ready", "refused": "1 of the players have not said they are ready (Ben)",
                "start": "Start", "note": "Ready: 1 of 2 people."}}


@pytest.mark.parametrize(("viewport", "lang"), SIZES[:1] + SIZES[3:])
def test_the_ready_check_holds_the_start_until_the_other_person_says_ready(server, viewport, lang):
    words = READY[lang]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        locale = "ja-JP" if lang == "ja" else "en-US"
        host = browser.new_context(viewport=viewport, locale=locale).new_page()
        host.goto(server.url)
        host.fill("input[name=seats]", "5")
        assert host.is_checked("input[name=ready_check]")  # on by default in the lobby
        host.click("#create button[type=submit]")
        host.wait_for_url("**/room/*")
        host.fill("#join input[name=name]", "Ann")
        host.click("#join button[type=submit]")
        guest = browser.new_context(viewport=viewport, locale=locale).new_page()
        guest.goto(host.url)
        guest.fill("#join input[name=name]", "Ben")
        guest.click("#join button[type=submit]")
        expect(guest.locator("#ready")).to_have_text(words["ready"])
        host.click("#bots")
        host.get_by_role("button", name=words["start"], exact=True).click()
        expect(host.locator("#error")).to_contain_text(words["refused"])
        expect(host.locator("#ready-note")).to_contain_text(words["note"].replace("1", "0", 1) if lang == "en"
                                                             else "準備完了: 2人中0人。")
        guest.click("#ready")
        expect(host.locator("#seats li").nth(1)).to_contain_text(words["mark"])
        expect(host.locator("#ready-note")).to_contain_text(words["note"])
        assert host.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        host.get_by_role("button", name=words["start"], exact=True).click()
        expect(host.locator("#lobby-panel")).to_be_hidden()
        expect(guest.locator("#lobby-panel")).to_be_hidden()
        browser.close()
