"""Win rates per cast on a player's page in a real browser (Playwright and Debian's chromium against
`jinrou serve`): his wins / games per cast and team, everyone's and the bots' estimate beside them, on a
phone (390×844) and a desktop (1280×900), in Japanese and in English."""

import pytest
from playwright.sync_api import expect, sync_playwright

from jinrou.modes.base import Standing
from jinrou.modes.classic_estimates import estimate

from .. import needs
from ..needs import ARGS, CHROMIUM

pytestmark = needs.browser

PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
WORDS = {"ja": {"head": "配役別の勝率", "normal": "普通1 · 9人", "middle": "闇鍋 中 · 12人", "fixed": "自由配役 · 6人",
                "village": "村人陣営", "wolves": "人狼陣営", "none": "目安なし"},
         "en": {"head": "Win rates per cast", "normal": "standard (普通1) · 9 seats", "middle": "yaminabe 中 (middle) · 12 seats",
                "fixed": "fixed · 6 seats", "village": "village", "wolves": "werewolves", "none": "no estimate"}}


def percent(wins, games):
    return f"{wins} / {games} ({100 * wins / games:.1f} %)"


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_profile_shows_win_rates_per_cast_beside_everyones_and_the_bots(server, viewport, lang):
    import httpx2

    from jinrou.server.accounts import Statements
    from jinrou.server.store import GameEntry, open_store

    words = WORDS[lang]
    name = "ann"
    assert httpx2.post(server.url + "/api/account/register", json={"name": name, "password": "correct horse"}).status_code == 200
    store = open_store(server.db)  # finished games as the server keeps them: the history's entry and the plays
    plays = [("normal", 9, "Human", "win"), ("normal", 9, "Human", "win"), ("normal", 9, "Human", "loss"),
             ("yaminabe:middle", 12, "Werewolf", "win"), ("fixed", 6, "Human", "loss")]
    for i, (preset, seats, team, result) in enumerate(plays):
        room = f"room{i}"
        store.index_game(GameEntry(room, float(i), "classic", seats, preset, "Human", ("A",), (), {"id": room}), 1,
                         {"line": {}, "view": {}})
        store.run(Statements().record_plays(room, "classic", [(0, name, Standing(team, team, result))], float(i)))
    store.close()
    human, wolf = estimate("normal", 9)["Human"], estimate("yaminabe:middle", 12)["Werewolf"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=viewport, locale="ja-JP" if lang == "ja" else "en-US").new_page()
        page.goto(f"{server.url}/player/{name}")
        expect(page.locator("#casts").locator("xpath=ancestor::section//h2")).to_have_text(words["head"])
        expect(page.locator("#casts tbody tr")).to_have_count(3)
        cells = [[" ".join(text.split()) for text in page.locator("#casts tbody tr").nth(i).locator("td").all_inner_texts()]
                 for i in range(3)]  # a phone shows a rate's percentage under its counts
        # a server of its own: everyone is this player alone; most played cast first, then by key
        assert cells[0] == [words["normal"], words["village"], percent(2, 3), percent(2, 3), percent(*human)]
        assert cells[1] == [words["fixed"], words["village"], percent(0, 1), percent(0, 1), words["none"]]
        assert cells[2] == [words["middle"], words["wolves"], percent(1, 1), percent(1, 1), percent(*wolf)]
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]  # the table scrolls in its box
        browser.close()
