"""End to end in a real browser: Playwright drives Debian's chromium against `jinrou serve`."""

import json
import os
import shutil

import pytest
from playwright.sync_api import expect, sync_playwright

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


@pytest.fixture
def page():
    if not os.path.exists(CHROMIUM):
        pytest.fail("the browser test needs Debian's chromium: apt-get install chromium (as .ci/run does)")
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
