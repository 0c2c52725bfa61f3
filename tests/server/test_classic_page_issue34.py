"""The classic page with issue 34's new kinds of choice, in a real browser against a real `jinrou serve`:
Ann (歌人) gets a text box for her poem with its limit (4096 characters), is told to write something before
sending, then sends a poem to Ben; Ben (怪盗) finds 「盗まない」 among the seats of his theft and takes it. The
engine holds both as sent: the poem's text, and a theft with no target. In Japanese, then in English."""

from __future__ import annotations

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving, wait_until
from .test_classic_online import create_fixed_room, seeds_for

CAST = {"players": 6, "cast": "fixed", "roles": {"Poet": 1, "Phantom": 1, "Werewolf": 1, "Human": 4},
        "rules": {"scapegoat": "on"}, "times": {"night": 120, "day": 120}}
POEM = "古池や 蛙飛び込む 水の音"


@pytest.fixture
def live(monkeypatch, tmp_path):
    """`jinrou serve`'s app on 127.0.0.1, each room's seed dealing Ann 歌人 and Ben 怪盗 (身代わりくん a 村人)."""
    seed = seeds_for(CAST, 8, lambda cast: cast[0] == "Human" and cast[1:3] == ["Poet", "Phantom"])[0]
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
    app = create_app(open_store(str(tmp_path / "issue34.db")))
    with serving(app) as (url, _):
        yield url, app


@needs.browser
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"], ids=["ja", "en"])
def test_a_poem_box_with_its_limit_and_a_theft_of_nothing_on_the_page(live, locale):
    from playwright.sync_api import expect, sync_playwright

    url, app = live
    ja = locale.startswith("ja")
    t = (lambda en, japanese: japanese) if ja else (lambda en, japanese: en)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = {}
        for name in ("Ann", "Ben"):
            page = pages[name] = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900}).new_page()
            if name == "Ann":
                create_fixed_room(page, url, "issue34", CAST["roles"], CAST["players"], "on")
            else:
                page.goto(pages["Ann"].url)
            page.fill("#join input[name=name]", name)
            page.click("#join button[type=submit]")
            expect(page.locator("#who")).to_contain_text(name)
        ann, ben = pages["Ann"], pages["Ben"]
        room = ann.url.rsplit("/", 1)[1]
        ann.click("#bots")
        expect(ann.locator("#seats li")).to_have_count(CAST["players"])
        wait_until(lambda: app.state.service.rooms[room].seq == 7, what="the six seats stored")
        ann.click("#start")
        wait_until(lambda: getattr(app.state.service.rooms[room].state, "game", None) is not None, what="the cast")
        game = app.state.service.rooms[room].state.game
        assert [game.role(s).id for s in (1, 2)] == ["Poet", "Phantom"], "the seed was chosen for another event"

        poem = ann.locator("form.c-form[data-verb=poem]")
        box = poem.locator("textarea[name=param-poem]")
        expect(box).to_have_attribute("maxlength", "4096")
        expect(box).to_have_attribute("placeholder", t("Your poem (1–4096 characters)", "歌（1〜4096文字）"))
        poem.locator("select[name=target0]").select_option("Ben")
        poem.locator("button").click()  # nothing written yet
        expect(poem.locator(".c-missing")).to_have_text(t("Write it first.", "先に内容を書いてください。"))
        box.fill(POEM)
        poem.locator("button").click()
        expect(ann.locator("#c-results")).to_contain_text(t("Ann sends Ben a poem.", "AnnはBenに歌を送りました。"))

        swap = ben.locator("form.c-form[data-verb=swap]")
        nothing = swap.locator("select[name=target0] option[value='-']")
        expect(nothing).to_have_text(t("steal nothing", "盗まない"))
        swap.locator("select[name=target0]").select_option("-")
        swap.locator("button").click()
        expect(ben.locator("#c-results")).to_contain_text(t("Ben steals no role.", "Benは役職を盗みませんでした。"))

        def sent() -> bool:
            made = {a.verb.value: a for a in app.state.service.rooms[room].state.game.night.actions}
            return "poem" in made and "swap" in made

        wait_until(sent, what="both choices folded")
        made = {a.verb.value: a for a in app.state.service.rooms[room].state.game.night.actions}
        assert made["poem"].params == (POEM,) and made["poem"].targets == (2,) and made["swap"].targets == ()
        browser.close()
