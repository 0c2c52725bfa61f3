"""The 配信者's page in a real browser against a real `jinrou serve` (V2.1.8b): at night its monologue box is
its stream — the say box writes to 「独り言（配信）」 with the stream's placeholder, the 独り言 being read only —
and its line shows as 「Annの配信」 on the stream's colour. Who receives it (its listeners only) is checked on
the payloads (tests/server/test_classic_stream.py). In Japanese, then in English."""

from __future__ import annotations

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving, wait_until
from .test_classic_online import create_fixed_room, seeds_for

CAST = {"players": 8, "cast": "fixed", "roles": {"Streamer": 1, "Werewolf": 1, "Human": 7},
        "rules": {"scapegoat": "on"}, "times": {"night": 120, "day": 120}}


@pytest.fixture
def live(monkeypatch, tmp_path):
    """`jinrou serve`'s app on 127.0.0.1, each room's seed dealing Ann 配信者."""
    seed = seeds_for(CAST, 10, lambda cast: cast[1] == "Streamer")[0]
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
    app = create_app(open_store(str(tmp_path / "stream.db")))
    with serving(app) as (url, _):
        yield url, app


@needs.browser
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"], ids=["ja", "en"])
def test_the_streamers_monologue_box_at_night_is_its_stream(live, locale):
    from playwright.sync_api import expect, sync_playwright

    url, app = live
    t = (lambda en, japanese: japanese) if locale.startswith("ja") else (lambda en, japanese: en)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900}).new_page()
        create_fixed_room(page, url, "stream", CAST["roles"], CAST["players"], "on")
        page.fill("#join input[name=name]", "Ann")
        page.click("#join button[type=submit]")
        expect(page.locator("#who")).to_contain_text("Ann")
        room = page.url.rsplit("/", 1)[1]
        page.click("#bots")
        expect(page.locator("#seats li")).to_have_count(CAST["players"])
        wait_until(lambda: app.state.service.rooms[room].seq == CAST["players"] + 1, what="the seats stored")
        page.click("#start")
        wait_until(lambda: getattr(app.state.service.rooms[room].state, "game", None) is not None, what="the cast")
        game = app.state.service.rooms[room].state.game
        assert game.role(1).id == "Streamer", "the seed was chosen for another cast"

        expect(page.locator("#speak-as")).to_have_value("stream-1")  # its only box tonight
        box = page.locator("#say input[name=text]")
        expect(box).to_have_attribute("placeholder", t("your monologue is your stream: your listeners read it",
                                                       "独り言（配信: 視聴者が読みます）"))
        expect(page.locator("#channels button[data-channel='stream-1']")).to_have_text(
            t("Monologue (stream)", "独り言（配信）"))
        box.fill(t("hello listeners", "視聴者のみなさん"))
        page.click("#say button[type=submit]")
        line = page.locator("#log .s-stream")
        expect(line).to_contain_text(t("Ann (stream): hello listeners", "Annの配信: 視聴者のみなさん"))
        assert line.evaluate("node => getComputedStyle(node).backgroundColor") == "rgb(255, 229, 201)"  # #ffe5c9
        browser.close()
