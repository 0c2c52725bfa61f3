"""End to end in a real browser: Playwright drives Debian's chromium against `jinrou serve`."""

import json
import os
import shutil

import pytest
from playwright.sync_api import expect, sync_playwright

from .. import needs
from ..needs import ARGS, CHROMIUM

pytestmark = needs.browser


@pytest.fixture
def page():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        yield page
        browser.close()


def test_create_a_room_fill_it_with_bots_and_play_a_whole_game_in_the_browser(server, page, tmp_path):
    outside = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(server.url) else None)
    page.goto(server.url)
    page.fill("input[name=name]", "E2E village")
    page.fill("input[name=seats]", "5")
    page.fill("input[name=night_seconds]", "60")
    page.fill("input[name=day_seconds]", "60")
    page.check("input[name=split_seer]")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/room/*")

    page.fill("#join input[name=name]", "Ann")
    page.click("#join button[type=submit]")
    expect(page.locator("#who")).to_have_text("you are Ann")
    hostile = "<img src=x onerror=alert(1)>"
    page.fill("#say input[name=text]", hostile)
    page.click("#say button[type=submit]")
    expect(page.locator("#chat")).to_contain_text(hostile)  # shown as text, never as markup
    assert page.locator("#chat img").count() == 0
    page.click("#bots")
    expect(page.locator("#seats li")).to_have_count(5)
    page.click("#start")

    expect(page.locator("#table tbody tr")).to_have_count(5)
    headers = page.locator("#table thead th").all_inner_texts()
    assert headers[:5] == ["player", "村人 villager", "占い師 seer", "人狼 wolf", "死亡 dead"]
    assert page.locator("#table tbody tr.own").count() == 1
    page.screenshot(path=str(tmp_path / "night.png"), full_page=True)

    forms = "#night:not([hidden]), #vote:not([hidden]), #end-panel:not([hidden])"
    for _ in range(80):  # play Ann's part: confirm the night orders or the vote the page proposes
        page.wait_for_selector(forms, timeout=15000)
        if page.locator("#end-panel").is_visible():
            break
        log = page.locator("#log").inner_text()
        form = page.locator("#night") if page.locator("#night").is_visible() else page.locator("#vote")
        form.locator("button").click()
        page.wait_for_function("(before) => document.querySelector('#log').textContent !== before || "
                               "!document.querySelector('#end-panel').hidden", arg=log, timeout=15000)
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#winner")).to_contain_text("Winners")
    assert page.locator("#table tbody tr.dead").count() >= 1
    page.screenshot(path=str(tmp_path / "end.png"), full_page=True)
    if os.environ.get("JINROU_SCREENSHOTS"):
        shutil.copy(tmp_path / "end.png", os.environ["JINROU_SCREENSHOTS"])
    record = page.evaluate("async () => (await fetch(document.querySelector('#record').href)).json()")
    assert record["format"] == "jinrou.quantum/1" and record["events"][-1]["type"] == "end"
    assert (tmp_path / "end.png").stat().st_size > 10_000
    assert outside == []  # nothing but the server was fetched
    assert json.dumps(record)


# ------------------------------------------------ a phone, broken sessions, contrast, languages (issue 14)

PHONE = {"width": 390, "height": 844}
CONTRAST = """() => {  // every visible text against its background: WCAG contrast ratios below 4.5
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const background = (node) => { for (; node; node = node.parentElement) { const c = parse(getComputedStyle(node).backgroundColor);
    if (c.length === 3 || c[3] > 0) return c; } return [255, 255, 255]; };
  const low = [];
  for (const node of document.querySelectorAll("body *")) {
    const text = [...node.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    if (!text || !node.getClientRects().length || getComputedStyle(node).visibility === "hidden") continue;
    const a = lum(parse(getComputedStyle(node).color)), b = lum(background(node));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) low.push(`${node.tagName}#${node.id}.${node.className} "${text.slice(0, 30)}" ${ratio.toFixed(2)}`);
  }
  return low;
}"""
UNTRANSLATED = """() => {  // labels in one language only: visible texts (not player data) with no Japanese in ja
  const bad = [];
  for (const node of document.querySelectorAll("body *")) {
    if (node.closest("[translate=no], #lang, script, style") || !node.getClientRects().length) continue;
    const text = [...node.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    if (/[A-Za-z]{3,}/.test(text) && !/[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(text) && !/^jinrou\\b/.test(text)) bad.push(text.slice(0, 40));
  }
  return bad;
}"""


def seated_game(page, url: str, room: str) -> None:
    """From the lobby: a 5-seat room, Ann in it, bots, started."""
    page.goto(url)
    page.fill("input[name=name]", room)
    page.fill("input[name=seats]", "5")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/room/*")
    page.fill("#join input[name=name]", "Ann")
    page.click("#join button[type=submit]")
    page.click("#bots")
    page.click("#start")


def audit_page(page, where):
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), f"{where}: too wide"
    assert page.evaluate(CONTRAST) == [], where


def test_a_whole_game_on_a_phone_in_japanese_with_every_label_translated_and_readable(server):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
        page.goto(server.url)
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        expect(page.locator("input[name=seats]")).to_be_visible()  # the form, from the mode's schema
        audit_page(page, "lobby")
        assert page.evaluate(UNTRANSLATED) == []
        page.fill("input[name=name]", "スマホ村")
        page.fill("input[name=seats]", "5")
        page.click("#create button[type=submit]")
        page.wait_for_url("**/room/*")
        page.fill("#join input[name=name]", "さくら")
        page.click("#join button[type=submit]")
        expect(page.locator("#who")).to_have_text("あなたは さくら")
        audit_page(page, "seats")
        page.click("#bots")
        expect(page.locator("#seats li")).to_have_count(5)
        page.click("#start")
        expect(page.locator("#table tbody tr")).to_have_count(5)
        phases = set()
        for _ in range(80):
            page.wait_for_selector("#night:not([hidden]), #vote:not([hidden]), #end-panel:not([hidden])", timeout=15000)
            if page.locator("#end-panel").is_visible():
                break
            phases.add(page.title())
            audit_page(page, page.locator("#phase").inner_text())
            assert page.evaluate(UNTRANSLATED) == [], page.locator("#phase").inner_text()
            form = page.locator("#night") if page.locator("#night").is_visible() else page.locator("#vote")
            top = page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().bottom + window.scrollY", "#action-panel")
            table = page.evaluate("() => document.querySelector('#table').getBoundingClientRect().top + window.scrollY")
            assert top <= PHONE["height"] and table <= PHONE["height"], (top, table)  # the action and the table in view
            log = page.locator("#log").inner_text()
            form.locator("button").click()
            page.wait_for_function("(before) => document.querySelector('#log').textContent !== before || "
                                   "!document.querySelector('#end-panel').hidden", arg=log, timeout=15000)
        expect(page.locator("#winner")).to_contain_text("勝者")
        expect(page.locator("#roster tbody tr")).to_have_count(5)
        audit_page(page, "end")
        assert page.evaluate(UNTRANSLATED) == []
        assert len(phases) >= 2 and all("·" in title for title in phases)  # the title follows the phase
        page.click("#lang")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("#winner")).to_contain_text("Winners (dead or alive)")
        page.screenshot(path=os.environ.get("JINROU_PHONE_SCREENSHOT", "/tmp/jinrou-phone-end.png"), full_page=True)
        browser.close()


def test_a_night_in_the_dark_header_is_readable(server, page):
    seated_game(page, server.url, "dark")
    expect(page.locator("body.night")).to_have_count(1)
    expect(page.locator("#timer")).to_contain_text("left")
    assert page.evaluate(CONTRAST) == []


def test_an_unknown_room_and_a_stale_token_say_so_and_lead_back(server, page):
    page.goto(f"{server.url}/room/nowhere")
    expect(page.locator("#gone")).to_be_visible()
    expect(page.locator("#gone-text")).to_contain_text("does not exist")
    assert page.locator("#gone a").get_attribute("href") == "/"
    room = page.evaluate("async () => (await (await fetch('/api/rooms', {method: 'POST', body: JSON.stringify("
                         "{name: 'stale', seats: 5}) })).json()).id")
    page.evaluate(f"() => localStorage.setItem('jinrou-token-{room}', 'from another server')")
    page.goto(f"{server.url}/room/{room}")
    expect(page.locator("#error")).to_contain_text("not valid any more")
    expect(page.locator("#who")).to_have_text("spectating")
    assert page.evaluate(f"() => localStorage.getItem('jinrou-token-{room}')") is None


def test_the_page_says_when_the_server_is_away_and_stops_the_clock_until_it_is_back(tmp_path):
    from .conftest import Server

    server = Server(str(tmp_path / "away.db")).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport=PHONE)
            seated_game(page, server.url, "away")
            expect(page.locator("#timer")).to_contain_text("left")
            server.kill()
            expect(page.locator("#offline")).to_be_visible()
            expect(page.locator("#offline")).to_contain_text("reconnecting")
            expect(page.locator("#timer")).to_have_text("clock stopped")
            server.start()
            expect(page.locator("#offline")).to_be_hidden(timeout=20000)
            expect(page.locator("#timer")).to_contain_text("left")
            browser.close()
    finally:
        server.stop()


def test_a_password_room_asks_for_its_password_before_showing_anything(server, page):
    page.goto(server.url)
    page.fill("input[name=name]", "secret village")
    page.fill("input[name=seats]", "7")
    page.fill("input[name=password]", "open sesame")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/room/*")
    expect(page.locator("#seats li")).to_have_count(7)  # its maker is not asked for the password he just set
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")  # anyone else is
    page.reload()
    expect(page.locator("#locked")).to_be_visible()
    assert page.locator("#seats li").count() == 0
    page.fill("#unlock input[name=password]", "open sesame")
    page.click("#unlock button[type=submit]")
    expect(page.locator("#locked")).to_be_hidden()
    expect(page.locator("#seats li")).to_have_count(7)
    page.fill("#join input[name=name]", "Ann")
    page.click("#join button[type=submit]")
    expect(page.locator("#who")).to_have_text("you are Ann")


def test_an_action_whose_answer_is_lost_is_sent_again_with_its_id_and_stored_once(server, page):
    from jinrou.server.store import open_store

    seated_game(page, server.url, "retry")
    room = page.url.rsplit("/", 1)[1]
    sent = []

    def lose_the_first_answer(route):
        sent.append(json.loads(route.request.post_data))
        if len(sent) == 1:
            route.fetch()  # the server stores the action, and its answer is lost on the way back
            route.fulfill(status=504, json={"error": "the room's server went away before it answered"})
        else:
            route.continue_()

    page.route("**/api/rooms/*/action", lose_the_first_answer)
    page.wait_for_selector("#night:not([hidden])")
    with page.expect_response(lambda r: r.url.endswith("/action") and r.status == 200, timeout=15000):
        page.locator("#night button").click()
    assert len(sent) == 2 and sent[0] == sent[1] and len(sent[0]["id"]) == 32, sent  # the same action, the same id
    store = open_store(server.db)
    try:
        stored = [e for e in store.events(room) if e.kind == "action" and e.data["seat"] == 0]
    finally:
        store.close()
    assert [e.data["id"] for e in stored] == [sent[0]["id"]]  # once (without its id the retry is refused: it is day)
    expect(page.locator("#error")).to_have_text("")
