"""The history's pages in a real browser (Chromium), at 390×844 and 1280×900, in Japanese and in
English: the list with its filters, a finished game's page (the log by day, one player's lines, the
channels and every 独り言, every role, the record, a link per phase), the replay viewer (buttons, the
slider, ← →, quantum's table, shogi's board), /replay with a good and a bad record, /roles and a
role's rule opened from its name; and an unfinished game reachable from none of them. Screenshots
go to $JINROU_SCREENSHOTS when set."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from .conftest import serving
from .finished import classic_game, quantum_game, shogi_game
from .test_browser import CONTRAST, UNTRANSLATED
from .test_classic_online import ARGS, CHROMIUM
from .test_classic_page_werewolves import DESKTOP, PHONE
from .test_classic_phone import BROKEN
from .test_classic_room_page import SMALL
from .test_history import MOVES

REFERENCE = Path(__file__).parent.parent / "data" / "reference-games" / "core" / "001.json"


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A store with a finished game of each mode (the classic one with a monologue and talk after the
    end), and a classic game still at its first night, whose record and monologue must be nowhere."""
    db = str(tmp_path_factory.mktemp("history") / "history.db")
    with TestClient(create_app(open_store(db))) as client:
        shogi = shogi_game(client, "Ann", "Ben")
        quantum = quantum_game(client, "Ann")
        classic, token = classic_game(client, "Ann", monologue="ひとりごと: 私は狼")
        client.post(f"/api/rooms/{classic}/chat", json={"token": token, "text": "おつかれさま"})
        playing, zed = classic_game(client, "Zed", finish=False, monologue="秘密の独り言")
    return db, {"classic": classic, "quantum": quantum, "shogi": shogi, "playing": playing, "zed": zed}


@needs.browser
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_the_history_a_game_s_page_and_the_replay_in_the_browser(games, locale, size, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    db, rooms = games
    ja, phone = locale.startswith("ja"), size["width"] < 500
    t = (lambda en, japanese: japanese) if ja else (lambda en, japanese: en)
    folder = os.environ.get("JINROU_SCREENSHOTS") or str(tmp_path)
    prefix = os.path.join(folder, f"history-{locale}-{'phone' if phone else 'desktop'}")
    seen: list[str] = []  # every answer the history's pages were sent (the lobby lists games in play, as before)

    def check(page, where: str) -> None:
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), f"{where}: too wide"
        assert page.evaluate(CONTRAST) == [], where
        assert page.evaluate(BROKEN, "#primary td, #primary th, .lobby td, button") == [], where  # (a mode's own board: its page's tests)
        if ja:
            assert page.evaluate(UNTRANSLATED) == [], where
        if phone:
            assert page.evaluate(SMALL) == [], where
        page.screenshot(path=f"{prefix}-{where}.png", full_page=True)

    with serving(create_app(open_store(db))) as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=size, locale=locale, **({"is_mobile": True, "has_touch": True} if phone else {}))
        page = context.new_page()
        page.on("response", lambda r: seen.append(r.text()) if ("/api/games" in r.url or "/api/replay" in r.url) and r.ok else None)

        # the lobby leads to the history; a room may be made private (never listed)
        page.goto(url)
        expect(page.locator("input[name=private]")).to_be_attached()
        page.locator("header a[href='/games']").click()
        page.wait_for_url("**/games")

        # the list, newest first, and its filters
        page.select_option("#f-winner", "sente")
        page.click("#filters button[type=submit]")
        expect(page.locator("#games tbody tr")).to_have_count(1)
        page.click("#clear")
        rows = page.locator("#games tbody tr")
        expect(rows).to_have_count(3)
        expect(rows.nth(0)).to_contain_text("Annの村")
        expect(rows.nth(0)).to_contain_text(t("Villager ×4", "村人4"))
        expect(rows.nth(2)).to_contain_text(t("1 move", "1手"))
        check(page, "list")
        page.select_option("#f-mode", "quantum")
        page.click("#filters button[type=submit]")
        expect(rows).to_have_count(1)
        expect(rows.nth(0)).to_contain_text(t("Quantum werewolf", "量子人狼"))
        assert "mode=quantum" in page.url  # the address keeps the filters
        page.click("#clear")
        expect(rows).to_have_count(3)
        page.fill("#f-role", t("Bodyguard", "狩人"))  # a role by its name in the page's language
        page.click("#filters button[type=submit]")
        expect(rows).to_have_count(1)
        page.fill("#f-role", "")
        page.fill("input[name=player]", "Ben")
        page.click("#filters button[type=submit]")
        expect(rows).to_have_count(1)
        expect(rows.nth(0)).to_contain_text(t("Sente", "先手"))
        page.fill("input[name=player]", "Zed")  # the unfinished game's only person: nothing
        page.click("#filters button[type=submit]")
        expect(page.locator("#empty")).to_be_visible()
        check(page, "list-empty")
        page.click("#clear")
        expect(rows).to_have_count(3)
        rows.nth(0).locator("td").nth(1).click()  # a row opens its game
        page.wait_for_url(f"**/games/{rooms['classic']}")

        # the finished classic game: every role, the log by day, one player's lines, every channel
        expect(page.locator("#c-end")).to_be_visible()
        expect(page.locator("#c-end-body tr")).to_have_count(7)
        expect(page.locator("#record")).to_have_attribute("href", f"/api/games/{rooms['classic']}/record")
        heads = page.locator("#log .s-head")
        expect(heads.first).to_contain_text(t("Night 1", "1日目 夜"))
        blocks = page.locator("#log .s-block")
        total = blocks.count()
        assert total >= 3 and page.locator("#phases a").count() == heads.count()
        page.select_option("#day", "1")
        expect(page.locator("#log .s-block:visible")).to_have_count(1)
        page.select_option("#day", "")
        monologue = page.locator("#log .s-monologue")
        expect(monologue).to_contain_text("ひとりごと: 私は狼")  # 独り言, everybody's to read after the end
        expect(page.locator("#log")).to_contain_text("おつかれさま")  # the talk after the end
        page.locator("#channels button[data-channel=monologue]").click()
        expect(page.locator("#log .s-talk:visible")).to_have_count(1)
        page.locator("#channels button[data-channel=all]").click()
        page.select_option("#speaker", "Ann")
        visible = page.locator("#log .s-line:visible")
        assert visible.count() >= 2 and all(n == "Ann" for n in visible.evaluate_all("(rows) => rows.map((r) => r.dataset.name)"))
        page.select_option("#speaker", "")
        check(page, "classic-game")

        # the replay: buttons, ← →, the slider; each seat's role at the end; a role's name opens its rule
        viewer = page.locator("#viewer")
        expect(viewer.locator(".viewer-step")).to_have_text(t("The cast", "配役"))
        viewer.locator("button[aria-label]").nth(2).click()  # ▶
        expect(viewer.locator(".viewer-step")).to_have_text(t("Night 1", "1日目 夜"))
        expect(viewer.locator(".v-seats li.dead")).not_to_have_count(0)  # 身代わりくん, killed
        page.keyboard.press("ArrowRight")
        expect(viewer.locator(".viewer-step")).to_contain_text(t("Day 2", "2日目 昼"))
        page.keyboard.press("ArrowLeft")
        expect(viewer.locator(".viewer-step")).to_have_text(t("Night 1", "1日目 夜"))
        viewer.locator("input[type=range]").fill("0")
        expect(viewer.locator(".viewer-step")).to_have_text(t("The cast", "配役"))
        viewer.locator(".v-seats [data-role=Guard]").click()
        rule = page.locator("dialog.rule-card")
        expect(rule).to_be_visible()
        expect(rule.locator("h2")).to_have_text(t("Bodyguard (狩人)", "狩人"))
        check(page, "classic-rule")
        rule.locator("button").click()
        expect(rule).to_be_hidden()
        page.goto(f"{url}/games/{rooms['classic']}#step-2")  # a link to a step
        expect(viewer.locator(".viewer-step")).to_have_text(t("Night 1", "1日目 夜"))
        check(page, "classic-replay")

        page.goto(f"{url}/games/{rooms['quantum']}")
        expect(page.locator("#viewer table.prob")).to_be_visible()
        expect(page.locator("#viewer .viewer-step")).to_have_text(t("Night 1", "1日目 夜"))
        check(page, "quantum-game")
        page.goto(f"{url}/games/{rooms['shogi']}")
        expect(page.locator("#viewer .v-board > div")).to_have_count(25)
        page.keyboard.press("ArrowRight")
        expect(page.locator("#viewer .viewer-step")).to_have_text(t("Move 1", "1手目"))
        check(page, "shogi-game")

        # the unfinished game: no page, no record, no replay
        page.goto(f"{url}/games/{rooms['playing']}")
        expect(page.locator("#error")).to_contain_text(t("no finished game", "終わった試合はありません"))
        expect(page.locator("#stream-panel")).to_be_hidden()

        # in a room being played, a role's name (Zed's card) opens its rule over the page, which stays
        page.evaluate("([room, token]) => localStorage.setItem(`jinrou-token-${room}`, token)", [rooms["playing"], rooms["zed"]])
        page.goto(f"{url}/room/{rooms['playing']}")
        page.locator("#c-role [data-role]").click()
        expect(page.locator("dialog.rule-card")).to_be_visible()
        expect(page.locator("dialog.rule-card h2")).not_to_be_empty()
        assert page.url.endswith(f"/room/{rooms['playing']}")
        check(page, "room-rule")
        page.locator("dialog.rule-card button").click()

        # any record opened in the viewer, checked as `classic replay` checks it
        page.goto(f"{url}/replay")
        page.fill("textarea[name=text]", json.dumps({**MOVES, "events": [MOVES["events"][0],
                                                                          {"type": "day", "votes": {"D": "A"}}]}))
        page.click("#open button[type=submit]")
        expect(page.locator("#error")).to_contain_text("event 2: D is dead and cannot vote")
        page.fill("textarea[name=text]", json.dumps(MOVES))
        page.click("#open button[type=submit]")
        expect(page.locator("#viewer .viewer-step")).to_have_text(t("The cast", "配役"))
        page.keyboard.press("ArrowRight")
        expect(page.locator("#viewer")).to_contain_text(t("D died (cursed)", "D 死亡（呪殺）"))
        check(page, "replay-pasted")
        page.fill("textarea[name=text]", "")  # a file of 月下人狼's reference games, chosen
        page.set_input_files("input[name=file]", str(REFERENCE))
        page.click("#open button[type=submit]")
        expect(page.locator("#viewer .viewer-step")).to_have_text(t("The cast", "配役"))
        page.locator("#viewer input[type=range]").fill(str(page.locator("#viewer input[type=range]").get_attribute("max")))
        expect(page.locator("#viewer .viewer-step")).to_have_text(t("The end", "終局"))
        expect(page.locator("#viewer .v-seats")).to_contain_text(t("Cursed →", "呪われた者 →"))  # 呪われた者 → 人狼
        check(page, "replay-file")

        # the encyclopedia: found by a Japanese or an English name
        page.goto(f"{url}/roles")
        cards = page.locator(".role-list article")
        expect(page.locator("#role-Werewolf")).to_be_visible()
        assert cards.count() > 100
        page.fill("#q", "占い")
        expect(page.locator("#role-Diviner")).to_contain_text(t("Seer (占い師)", "占い師（Seer）"))
        assert cards.count() < 15
        page.fill("#q", "bodyguard")
        expect(page.locator("#role-Guard")).to_be_visible()
        check(page, "roles")
        browser.close()

    hidden = {"秘密の独り言", rooms["playing"]}
    assert not [text for text in seen if any(h in text for h in hidden)]  # nothing of the unfinished game was sent
