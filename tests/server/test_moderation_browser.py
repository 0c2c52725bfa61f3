"""The report flow and the mute in a real browser (Playwright and Debian's chromium against `jinrou
serve`): a player reports another's chat line and seat, mutes him (his lines hidden, a reload
too) and unmutes him; an administrator reads the reports at /admin and closes one — on a phone
(390×844) and on a desktop (1280×900), in Japanese and in English."""

import pytest
from playwright.sync_api import expect, sync_playwright

from jinrou.server.accounts import create_admin
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .test_browser import CONTRAST, UNTRANSLATED
from .test_classic_room_page import SMALL

pytestmark = needs.browser

SIZES = [pytest.param({"width": 390, "height": 844}, lang, id=f"phone-{lang}") for lang in ("ja", "en")] + [
    pytest.param({"width": 1280, "height": 900}, lang, id=f"desktop-{lang}") for lang in ("ja", "en")]
WORDS = {"ja": {"report": "通報", "mute": "Bobをミュート", "unmute": "ミュート解除", "sent": "通報しました。管理者が確認します。",
                "abuse": "暴言・侮辱", "close": "処理済みにする", "open": "未処理の通報 2件（新しい順）",
                "left": "未処理の通報 1件（新しい順）", "closed": "処理済み", "reason": "理由: "},
         "en": {"report": "Report", "mute": "Mute Bob", "unmute": "Unmute", "sent": "Reported: the administrators will read it. Thank you.",
                "abuse": "Abuse or insults", "close": "Close the report", "open": "2 open reports (the latest first)",
                "left": "1 open report (the latest first)", "closed": "Closed", "reason": "Reason: "}}


def audit(page, viewport, where, lang=None):
    """The page fits its width, reads well (contrast; no small text on a phone) and, in Japanese (``lang``),
    has no English left."""
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], where
    assert page.evaluate(CONTRAST) == [], where
    if viewport["width"] < 900:
        assert page.evaluate(SMALL) == [], where
    if lang == "ja":
        assert page.evaluate(UNTRANSLATED) == [], where


@pytest.mark.parametrize(("viewport", "lang"), SIZES)
def test_report_a_line_and_a_seat_mute_and_unmute_and_the_administrator_closes_a_report(server, viewport, lang):
    words = WORDS[lang]
    locale = "ja-JP" if lang == "ja" else "en-US"
    store = open_store(server.db)
    create_admin(store, "root", "correct horse")
    store.close()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ann = browser.new_context(viewport=viewport, locale=locale).new_page()
        ann.goto(server.url)
        ann.fill("input[name=seats]", "5")
        ann.click("#create button[type=submit]")
        ann.wait_for_url("**/room/*")
        ann.fill("#join input[name=name]", "Ann")
        ann.click("#join button[type=submit]")
        expect(ann.locator("#who")).to_contain_text("Ann")

        bob = browser.new_context(viewport=viewport, locale=locale).new_page()
        bob.goto(ann.url)
        bob.fill("#join input[name=name]", "Bob")
        bob.click("#join button[type=submit]")
        expect(bob.locator("#who")).to_contain_text("Bob")
        bob.fill("#say input[name=text]", "you are all idiots")
        bob.click("#say button[type=submit]")

        line = ann.locator("#chat > div", has_text="you are all idiots")
        expect(line).to_be_visible()
        line.click()  # its menu: report, mute
        expect(line.locator(".line-tools button")).to_have_count(2)
        audit(ann, viewport, "a line's menu")
        if lang == "ja":
            assert ann.evaluate(UNTRANSLATED) == []
        line.get_by_role("button", name=words["report"], exact=True).click()
        dialog = ann.locator("dialog#report")
        expect(dialog).to_be_visible()
        expect(dialog.locator("#report-what")).to_have_text("Bob: you are all idiots")
        dialog.locator("select[name=reason]").select_option(label=words["abuse"])
        dialog.locator("textarea[name=note]").fill("every day")
        audit(ann, viewport, "the report dialog")
        dialog.locator("button[type=submit]").click()
        expect(dialog).to_be_hidden()
        expect(ann.locator("#moderation-note")).to_have_text(words["sent"])

        bob_seat = ann.locator("#seats li", has_text="Bob")
        bob_seat.get_by_role("button", name=words["report"], exact=True).click()
        expect(dialog.locator("#report-what")).to_have_text("Bob")
        dialog.locator("button[type=submit]").click()
        expect(dialog).to_be_hidden()

        line.click()
        line.get_by_role("button", name=words["mute"]).click()  # hidden for Ann only
        expect(ann.locator("#chat > div", has_text="you are all idiots")).to_be_hidden()
        bob.fill("#say input[name=text]", "still here")
        bob.click("#say button[type=submit]")
        expect(bob.locator("#chat > div", has_text="still here")).to_be_visible()
        ann.reload()  # the mute is kept in this browser
        expect(ann.locator("#seats li", has_text="Bob")).to_be_visible()
        expect(ann.locator("#chat > div", has_text="still here")).to_be_hidden()
        expect(ann.locator("#chat > div", has_text="you are all idiots")).to_be_hidden()
        assert "Bob" in ann.evaluate("localStorage.getItem(`jinrou-muted-${location.pathname.split('/').pop()}`)")
        ann.locator("#seats li", has_text="Bob").get_by_role("button", name=words["unmute"]).click()
        expect(ann.locator("#chat > div", has_text="still here")).to_be_visible()
        expect(bob.locator("#chat > div", has_text="you are all idiots")).to_be_visible()  # Bob never muted himself

        admin = browser.new_context(viewport=viewport, locale=locale)
        assert admin.request.post(server.url + "/api/account/login",
                                  data={"name": "root", "password": "correct horse"}).ok
        queue = admin.new_page()
        queue.goto(server.url + "/admin")
        expect(queue.locator("#count")).to_have_text(words["open"])
        expect(queue.locator("section.report")).to_have_count(2)
        first, second = queue.locator("section.report").nth(0), queue.locator("section.report").nth(1)
        expect(first).to_contain_text("Bob")  # the seat, reported last
        expect(second.locator(".reported")).to_contain_text("“you are all idiots”")
        expect(second).to_contain_text(f"{words['reason']}abuse: every day")
        audit(queue, viewport, "the administrators' queue")
        if lang == "ja":
            assert queue.evaluate(UNTRANSLATED) == []
        second.locator("input[name=note]").fill("warned")
        second.get_by_role("button", name=words["close"]).click()
        expect(queue.locator("#count")).to_have_text(words["left"])
        queue.get_by_role("button", name=words["closed"], exact=True).click()
        expect(queue.locator("section.report")).to_have_count(1)
        expect(queue.locator("section.report")).to_contain_text("warned")
        queue.goto(server.url)
        expect(queue.locator("#admin-reports")).to_be_visible()  # the lobby links an administrator to the queue
        browser.close()


def test_the_administrators_page_says_who_may_read_it(server):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(locale="en-US").new_page()
        page.goto(server.url + "/admin")
        expect(page.locator("#error")).to_have_text("log in as an administrator first")
        expect(page.locator("section.report")).to_have_count(0)
        browser.close()


def test_in_classics_stream_a_line_is_reported_and_its_speaker_muted(server):
    import httpx2

    room = httpx2.post(server.url + "/api/rooms", json={
        "name": "classic", "mode": "classic", "players": 6, "cast": "fixed", "roles": {"Werewolf": 1, "Human": 5},
        "rules": {"scapegoat": "off"}}).json()["id"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = {}
        for name in ("Ann", "Bob"):
            page = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP").new_page()
            page.goto(f"{server.url}/room/{room}")
            page.fill("#join input[name=name]", name)
            page.click("#join button[type=submit]")
            expect(page.locator("#who")).to_contain_text(name)
            pages[name] = page
        ann, bob = pages["Ann"], pages["Bob"]
        bob.fill("#say input[name=text]", "荒らしです")
        bob.click("#say button[type=submit]")
        line = ann.locator("#log .s-talk", has_text="荒らしです")
        expect(line).to_be_visible()
        line.click()
        line.get_by_role("button", name="通報", exact=True).click()
        expect(ann.locator("#report-what")).to_have_text("Bob: 荒らしです")
        ann.locator("dialog#report button[type=submit]").click()
        expect(ann.locator("#moderation-note")).to_have_text("通報しました。管理者が確認します。")
        line.click()
        line.get_by_role("button", name="Bobをミュート").click()
        expect(ann.locator("#log .s-talk", has_text="荒らしです")).to_be_hidden()
        assert ann.evaluate(SMALL) == []
        browser.close()
    store = open_store(server.db)
    [(report,)] = store._query("SELECT report FROM reports")
    store.close()
    assert '"text": "荒らしです"' in report and '"channel": ' in report
