"""A whole classic game on a phone (390×844), in Japanese and then in English, as a player of 月下人狼
meets it (issue 26, points 7–13): the role card with its rule, the room's settings, the wolves' tab at
night, one language at a time (log included), the end table with the roles each seat held (呪われた者 →
人狼), nothing wider than the screen and no word broken letter by letter; the lobby's room list too."""

from __future__ import annotations

import os

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving
from .test_browser import CONTRAST, UNTRANSLATED
from .test_classic_online import act_once, pick_roles, seeds_for

PHONE = {"width": 390, "height": 844}
CAST = {"players": 6, "cast": "fixed", "roles": {"Werewolf": 1, "Cursed": 1, "Diviner": 1, "Human": 3},
        "rules": {"scapegoat": "off"}, "times": {"night": 120, "day": 120}}
BROKEN = """(selector) => {  // cells whose text wraps onto more lines than it has words: broken letter by letter
  const bad = [];
  for (const node of document.querySelectorAll(selector)) {
    for (const text of [...node.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim())) {
      const range = document.createRange();
      range.selectNodeContents(text);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      const words = text.textContent.trim().split(/\\s+/).length;
      if (lines > words) bad.push(`${text.textContent.trim()}: ${lines} lines`);
    }
  }
  return bad;
}"""
TO_DO = """() => !document.querySelector('#end-panel').hidden || [...document.querySelectorAll(
  'form.c-form[data-verb=vote] button, form.c-form[data-verb=attack] button, form.c-form[data-verb=divine] button, #c-done')]
  .some((b) => b.getClientRects().length > 0)"""


@pytest.fixture
def live(monkeypatch, tmp_path):
    """`jinrou serve`'s app on 127.0.0.1, each room's seed dealing its first seat (the person) the wolf
    and the second (a bot) 呪われた者."""
    seed = seeds_for(CAST, 8, lambda cast: cast[0] == "Werewolf" and cast[1] == "Cursed")[0]
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
    app = create_app(open_store(str(tmp_path / "phone.db")))
    with serving(app) as (url, _):
        yield url, app


def check_page(page, where: str, ja: bool) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), f"{where}: too wide"
    assert page.evaluate(CONTRAST) == [], where
    assert page.evaluate(BROKEN, "td, th, .c-badge, button, #c-settings-line") == [], where
    if ja:
        assert page.evaluate(UNTRANSLATED) == [], where
    log = page.locator("#log").inner_text()  # one language at a time
    assert ("Night 1 falls." in log) is not ja and ("1日目の夜になりました。" in log) is ja, where


def play(page, url: str, app, ja: bool, shots: str) -> None:
    """Create the room from the lobby, take seat 1, fill with bots, play Ann's part to the end."""
    from playwright.sync_api import expect

    t = (lambda en, japanese: japanese) if ja else (lambda en, japanese: en)
    page.goto(url)
    expect(page.locator("#games")).to_contain_text(t("classic werewolf", "人狼（月下人狼"))
    page.select_option("#mode", "classic")
    expect(page.locator("label:has(input[name=night]) span")).to_have_text(t("night (s)", "夜 (秒)"))
    page.fill("input[name=name]", t("phone village", "スマホ村"))
    page.select_option("select[name=cast]", "fixed")
    pick_roles(page, CAST["roles"])
    page.fill("input[name=players]", "6")
    page.select_option("select[name=scapegoat]", "off")
    page.fill("input[name=night]", "120")
    page.fill("input[name=day]", "120")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/room/*")
    page.fill("#join input[name=name]", "Ann")
    page.click("#join button[type=submit]")
    page.click("#bots")
    expect(page.locator("#seats li")).to_have_count(6)
    # the settings, before the start (point 8)
    expect(page.locator("#c-settings-line")).to_contain_text(t("Cast: fixed", "配役: 自由配役"))
    expect(page.locator("#c-settings-line")).to_contain_text(t("night 120 s", "夜 120秒"))
    lobby = page.context.new_page()
    lobby.goto(url)
    expect(lobby.locator("#rooms tbody tr")).to_have_count(1)
    row = lobby.locator("#rooms tbody td").nth(3)  # the setup cell: in view on a phone (point 12)
    expect(row).to_contain_text(t("Cast fixed", "配役 自由配役"))  # the lobby row in the page's language
    assert row.bounding_box()["x"] + row.bounding_box()["width"] <= PHONE["width"]
    assert lobby.evaluate(BROKEN, "#rooms td") == []
    lobby.screenshot(path=f"{shots}-lobby.png", full_page=True)
    lobby.close()
    page.click("#start")

    # night 1: the card with the rule (point 7), the wolves' tab chosen (point 9), the settings shown
    expect(page.locator("#c-role")).to_contain_text(t("Werewolf (人狼)", "人狼"))
    expect(page.locator("#c-rule")).to_contain_text(t("attacks a seat each night", "毎晩、仲間と村人をひとり襲撃します"))
    expect(page.locator("#speak-as")).to_have_value("wolves")
    expect(page.locator("#say")).to_be_visible()
    expect(page.locator("#c-settings-line")).to_contain_text(t("night 120 s", "夜 120秒"))
    page.locator("#c-settings-panel summary").click()
    expect(page.locator("#c-settings-rules")).to_contain_text(t("first-night divination", "初日白通知"))
    check_page(page, "night 1", ja)
    page.screenshot(path=f"{shots}-night.png", full_page=True)
    cursed = page.locator("#c-players li .c-name").nth(1).inner_text()
    attack = page.locator("form.c-form[data-verb=attack]")
    attack.locator("select").select_option(cursed)  # 呪われた者 survives, and becomes a wolf after the vote
    attack.locator("button").click()
    page.click("#c-done")
    expect(page.locator("#speak-as")).to_have_value("village")  # day: the village
    check_page(page, "day 2", ja)
    page.screenshot(path=f"{shots}-day.png", full_page=True)

    for _ in range(60):  # Ann's part: the vote, the attack, the end of her night, until the end
        page.wait_for_function(TO_DO, timeout=20000)
        if page.locator("#end-panel").is_visible():
            break
        before = page.locator("#log").inner_text()
        act_once(page, ("vote", "attack", "divine"))
        page.wait_for_function("(before) => document.querySelector('#log').textContent !== before || "
                               "!document.querySelector('#end-panel').hidden", arg=before, timeout=20000)
    expect(page.locator("#end-panel")).to_be_visible()

    # the end (point 10): every role with what each seat held before
    room = app.state.service.rooms[page.url.rsplit("/", 1)[1]]
    game = room.state.game
    expect(page.locator("#c-end-body tr")).to_have_count(6)
    names = [game.role(s).name_ja if ja else game.role(s).name_en for s in game.seats()]
    cells = page.locator("#c-end-body tr td:nth-child(2)").all_inner_texts()
    held = game.roles_held(1)
    assert held == ("Cursed", "Werewolf"), held  # the seed and Ann's attack make it so
    assert cells[1] == t("Cursed → Werewolf", "呪われた者 → 人狼") and cells[0] == names[0], cells
    expect(page.locator("#channels button[data-channel=wolves]")).to_have_count(1)  # 感想戦: the chats stay
    check_page(page, "end", ja)
    page.screenshot(path=f"{shots}-end.png", full_page=True)


@needs.browser
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_a_whole_classic_game_on_a_phone_in_one_language(live, locale, tmp_path):
    from playwright.sync_api import sync_playwright

    url, app = live
    shots = os.path.join(os.environ.get("JINROU_SCREENSHOTS") or str(tmp_path), f"classic-phone-{locale}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True).new_page()
        play(page, url, app, locale.startswith("ja"), shots)
        for name in ("lobby", "night", "day", "end"):
            assert os.path.getsize(f"{shots}-{name}.png") > 10_000
        browser.close()
