"""Bans on the administrators' page in a real browser (Playwright and Debian's chromium against `jinrou
serve`): a player's line is reported, the administrator opens /admin, bans him from the report card's
"Ban…" (the form filled with his account and the reason), sees the ban listed, and the player's next line
is refused with the ban's own words; the administrator lifts it and the player speaks again — on a phone
(390×844) and on a desktop (1280×900), in Japanese and in English."""

import pytest
from playwright.sync_api import expect, sync_playwright

from jinrou.server.accounts import create_admin
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .test_moderation_browser import SIZES, audit

pytestmark = needs.browser

WORDS = {"ja": {"ban": "禁止…", "submit": "禁止する", "lift": "解除", "one": "有効な禁止 1件（新しい順）",
                "none": "有効な禁止 0件（新しい順）", "all": "解除・期限切れの禁止も表示", "kind": "発言禁止",
                "refused": "あなたのアカウントは ", "lifted": "解除）", "empty": "value はアカウントのユーザー名です",
                "by": "作成: "},
         "en": {"ban": "Ban…", "submit": "Ban", "lift": "Lift", "one": "1 ban in force (the latest first)",
                "none": "0 bans in force (the latest first)", "all": "Show lifted and expired bans too",
                "kind": "No chatting", "refused": "your account is banned from chatting until ",
                "lifted": "(lifted", "empty": "value is the account's user name", "by": " by "}}
REASON = "abuse: every day"


@pytest.mark.parametrize(("viewport", "lang"), SIZES)
def test_the_administrator_bans_from_a_report_card_sees_the_ban_and_lifts_it(server, viewport, lang):
    words = WORDS[lang]
    locale = "ja-JP" if lang == "ja" else "en-US"
    store = open_store(server.db)
    create_admin(store, "root", "correct horse")
    store.close()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ann_browser = browser.new_context(viewport=viewport, locale=locale)
        assert ann_browser.request.post(server.url + "/api/account/register",
                                        data={"name": "Ann", "password": "correct horse"}).ok
        ann = ann_browser.new_page()
        ann.goto(server.url)
        ann.fill("input[name=seats]", "5")
        ann.click("#create button[type=submit]")
        ann.wait_for_url("**/room/*")
        room = ann.url.rsplit("/", 1)[1]
        ann.fill("#join input[name=name]", "Ann")
        ann.click("#join button[type=submit]")
        expect(ann.locator("#who")).to_contain_text("Ann")
        ann.fill("#say input[name=text]", "you are all idiots")
        ann.click("#say button[type=submit]")
        expect(ann.locator("#chat > div", has_text="you are all idiots")).to_be_visible()
        reporter = browser.new_context()
        assert reporter.request.post(f"{server.url}/api/rooms/{room}/report", data={
            "channel": None, "line": 0, "text": "you are all idiots", "reason": REASON}).ok
        carl = reporter.request.post(f"{server.url}/api/rooms/{room}/join", data={"name": "Carl"})
        assert carl.ok  # a player without an account, reported by his seat
        assert reporter.request.post(f"{server.url}/api/rooms/{room}/report", data={"seat": 1, "reason": "spam"}).ok

        admin = browser.new_context(viewport=viewport, locale=locale)
        assert admin.request.post(server.url + "/api/account/login",
                                  data={"name": "root", "password": "correct horse"}).ok
        page = admin.new_page()
        page.goto(server.url + "/admin")
        expect(page.locator("section.report")).to_have_count(2)
        expect(page.locator("#ban-count")).to_have_text(words["none"])
        audit(page, viewport, "the page, no ban yet", lang)
        seat_card = page.locator("section.report", has_text="Carl")  # no account: his address key
        seat_card.get_by_role("button", name=words["ban"]).click()
        expect(page.locator("#ban-form select[name=target]")).to_have_value("address")
        key = page.locator("#ban-form input[name=value]").input_value()
        assert len(key) == 32 and int(key, 16) >= 0
        expect(page.locator("#ban-form input[name=reason]")).to_have_value("spam")

        line_card = page.locator("section.report", has_text="you are all idiots")
        line_card.get_by_role("button", name=words["ban"]).click()
        form = page.locator("#ban-form")
        expect(form.locator("select[name=kind]")).to_have_value("chat")
        expect(form.locator("select[name=target]")).to_have_value("account")
        expect(form.locator("input[name=value]")).to_have_value("Ann")
        expect(form.locator("input[name=reason]")).to_have_value(REASON)
        assert page.evaluate("() => { const r = document.querySelector('#ban-form').getBoundingClientRect();"
                             " return r.top >= 0 && r.top < window.innerHeight; }")  # scrolled into view
        audit(page, viewport, "the form filled from a report", lang)
        form.locator("select[name=for]").select_option("7d")
        form.get_by_role("button", name=words["submit"], exact=True).click()
        expect(page.locator("#ban-count")).to_have_text(words["one"])
        listed = page.locator("#ban-list li.ban")
        expect(listed).to_have_count(1)
        expect(listed).to_contain_text(words["kind"])
        expect(listed).to_contain_text("Ann")
        expect(listed).to_contain_text(REASON)
        expect(listed).to_contain_text(words["by"] + "root")
        expect(form.locator("input[name=value]")).to_have_value("")
        audit(page, viewport, "a ban listed", lang)

        ann.fill("#say input[name=text]", "still here")  # refused at once, in the ban's words
        ann.click("#say button[type=submit]")
        expect(ann.locator("#error")).to_contain_text(words["refused"])
        expect(ann.locator("#error")).to_contain_text(REASON)
        expect(ann.locator("#chat > div", has_text="still here")).to_have_count(0)

        form.get_by_role("button", name=words["submit"], exact=True).click()  # nobody named: the server's line
        expect(page.locator("#ban-error")).to_contain_text(words["empty"])
        expect(listed).to_have_count(1)

        listed.get_by_role("button", name=words["lift"], exact=True).click()
        expect(page.locator("#ban-count")).to_have_text(words["none"])
        expect(listed).to_have_count(0)
        page.get_by_text(words["all"]).click()
        expect(listed).to_have_count(1)
        expect(listed).to_contain_text(words["lifted"])
        expect(listed.get_by_role("button", name=words["lift"], exact=True)).to_have_count(0)
        audit(page, viewport, "a lifted ban, with the toggle", lang)

        ann.fill("#say input[name=text]", "sorry")
        ann.click("#say button[type=submit]")
        expect(ann.locator("#chat > div", has_text="sorry")).to_be_visible()

        form.locator("select[name=kind]").select_option("create")  # until a date, in the administrator's time
        form.locator("input[name=value]").fill("Ann")
        expect(form.locator("input[name=until]")).to_be_hidden()
        form.locator("select[name=for]").select_option("until")
        form.locator("input[name=until]").fill("2999-01-01T12:00")
        form.get_by_role("button", name=words["submit"], exact=True).click()
        expect(listed).to_have_count(2)
        expect(listed.first).to_contain_text("2999")
        browser.close()
    store = open_store(server.db)
    [(kind, until, _), (_, _, lifted)] = store._query("SELECT kind, until, lifted FROM bans ORDER BY created DESC")
    [(author, reason)] = store._query("SELECT author, reason FROM bans WHERE kind = 'chat'")
    store.close()
    assert lifted is not None and author == "root" and reason == REASON
    assert kind == "create" and 32_472_057_600 < until < 32_472_230_400  # 2999-01-01 ± a day, whatever the zone
