"""Issue 36's room options in a real browser (Debian's chromium, 390×844): the lobby form's group 部屋 (覆面, a
game master, spectators' talk) and the times (n秒ルール); in the room the game master's panel moves the time,
a player writes its will in its own form, and the masked names stay masked on every page until the end."""

from __future__ import annotations

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from .conftest import serving, wait_until
from .test_classic_online import ARGS, CHROMIUM, pick_roles

PHONE = {"viewport": {"width": 390, "height": 844}, "locale": "ja-JP", "is_mobile": True, "has_touch": True}


@pytest.fixture
def live(tmp_path):
    app = create_app(open_store(str(tmp_path / "options.db")))
    with serving(app) as (url, _):
        yield url, app


@needs.browser
def test_a_masked_gm_room_made_in_the_lobby_played_on_a_phone(live, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    url, app = live
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        gina, ann = browser.new_context(**PHONE).new_page(), browser.new_context(**PHONE).new_page()
        gina.goto(url)
        gina.select_option("#mode", "classic")
        expect(gina.locator("#create")).to_contain_text("部屋")  # the room options' group, in the page's language
        gina.fill("input[name=name]", "覆面GM村")
        gina.fill("input[name=players]", "6")
        gina.select_option("select[name=cast]", "fixed")
        pick_roles(gina, {"Werewolf": 1, "Diviner": 1, "Human": 4})
        gina.select_option("select[name=scapegoat]", "off")
        gina.fill("input[name=night]", "300")
        gina.fill("input[name=silentrule]", "5")
        expect(gina.locator("select[name=blind] option[value=complete]")).to_have_text("完全覆面（終了後も非公開）")
        gina.select_option("select[name=blind]", "on")
        gina.check("input[name=gm]")
        gina.uncheck("input[name=ready_check]")
        gina.click("#create button[type=submit]")
        gina.wait_for_url("**/room/*")
        room = gina.url.rsplit("/", 1)[1]
        settings = app.state.service.rooms[room].settings
        assert settings["room"] == {"blind": "on", "gm": True, "watchspeak": True} and settings["times"]["silentrule"] == 5
        gina.fill("#join input[name=name]", "Gina")
        gina.click("#join button[type=submit]")
        expect(gina.locator("#who")).to_have_text("あなたは 覆面1")
        # the settings line names 覆面 and the game master (from the room's summary), in the page's language
        expect(gina.locator("#c-settings-line")).to_contain_text("覆面: あり（終了後に公開） · ゲームマスター: あり")
        english = browser.new_context(**{**PHONE, "locale": "en-US"}).new_page()
        english.goto(gina.url)
        expect(english.locator("#c-settings-line")).to_contain_text(
            "masked names: yes, names shown at the end · the host is the game master: yes")
        english.screenshot(path=str(tmp_path / "settings-en.png"), full_page=True)
        english.goto(url)  # the lobby's row says it too
        expect(english.locator("#rooms tbody td").nth(3)).to_contain_text(
            "masked names yes, names shown at the end, the host is the game master yes")
        english.close()
        ann.goto(gina.url)
        ann.fill("#join input[name=name]", "Ann")
        ann.click("#join button[type=submit]")
        expect(ann.locator("#who")).to_have_text("あなたは 覆面2")
        gina.click("#bots")
        wait_until(lambda: not app.state.service.rooms[room].free_seats(), what="the bots")
        gina.click("#start")
        expect(gina.locator("#c-master-title")).to_have_text("あなたはゲームマスターです")
        expect(ann.locator("#c-master")).to_be_hidden()
        # the GM's chooser: the village, the dead, the spectators, each player (月下人狼's gmheaven, gmaudience, gmreply)
        expect(gina.locator("#speak-as option[value=gm-heaven]")).to_have_text("GM→霊界")
        expect(gina.locator("#speak-as option[value=gm-audience]")).to_have_text("GM→観戦者")
        expect(gina.locator("#speak-as option[value=gm-1]")).to_have_text("GM→覆面2（Ann）")  # he reads who wears it
        expect(ann.locator("#speak-as option[value=gm-heaven]")).to_have_count(0)
        gina.select_option("#speak-as", "gm-audience")
        gina.fill("#say input[name=text]", "観戦者の皆さんへ")
        gina.click("#say button[type=submit]")
        wait_until(lambda: [(line.channel, line.text) for line in app.state.service.rooms[room].chat]
                   == [("gm-audience", "観戦者の皆さんへ")], what="the GM's line to the spectators")
        expect(ann.locator("#log")).not_to_contain_text("観戦者の皆さんへ")
        gina.screenshot(path=str(tmp_path / "master.png"), full_page=True)
        wait_until(lambda: app.state.service.rooms[room].deadline is not None, what="the night's deadline")
        before = app.state.service.rooms[room].deadline
        gina.click("#c-longer")
        wait_until(lambda: app.state.service.rooms[room].deadline == pytest.approx(before + 30), what="30 s more")
        expect(ann.locator("#c-will-title")).to_have_text("遺言")
        ann.fill("#c-will-form textarea", "覆面3が怪しい")
        ann.click("#c-will-form button")
        wait_until(lambda: app.state.service.rooms[room].state.game.wills == {0: "覆面3が怪しい"}, what="the will")
        assert "Ann" not in ann.content() and "Gina" not in ann.content()  # the names are masked on her page
        browser.close()
