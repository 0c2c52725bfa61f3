"""The lobby's account box in a real browser (Playwright and Debian's chromium against `jinrou serve`):
sign up, log out, a wrong password, log in, and an accounts-only room joined while signed in — on a
phone (390×844) in Japanese and on a desktop (1280×900) in English."""

import pytest
from playwright.sync_api import expect, sync_playwright

from .. import needs
from ..needs import ARGS, CHROMIUM

pytestmark = needs.browser

SIZES = [pytest.param({"width": 390, "height": 844}, "ja", id="phone-ja"),
         pytest.param({"width": 1280, "height": 900}, "en", id="desktop-en")]
TEXT = {"ja": {"in": "ann_{} でログイン中", "wrong": "ユーザー名かパスワードが違います", "login": "ログイン",
               "register": "登録", "logout": "ログアウト", "guest": "この部屋はログインした人だけが座れます"},
        "en": {"in": "signed in as ann_{}", "wrong": "wrong user name or password", "login": "Log in",
               "register": "Sign up", "logout": "Log out", "guest": "this room seats signed-in players only"}}


@pytest.mark.parametrize(("viewport", "lang"), SIZES)
def test_sign_up_log_out_log_in_and_sit_in_an_accounts_only_room(server, viewport, lang):
    words = TEXT[lang]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        locale = "ja-JP" if lang == "ja" else "en-US"
        context = browser.new_context(viewport=viewport, locale=locale)
        page = context.new_page()
        page.goto(server.url)
        expect(page.locator("#account h2")).to_have_text("アカウント" if lang == "ja" else "Account")
        page.fill("#account input[name=user]", f"ann_{lang}")
        page.fill("#account input[name=secret]", "correct horse")
        page.get_by_role("button", name=words["register"], exact=True).click()
        expect(page.locator("#account-name")).to_have_text(words["in"].format(lang))
        assert "jinrou_session" not in page.evaluate("document.cookie")  # HttpOnly: no script reads it
        [cookie] = [c for c in context.cookies() if c["name"] == "jinrou_session"]
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]  # nothing wider

        page.get_by_role("button", name=words["logout"]).click()
        page.fill("#account input[name=user]", f"ann_{lang}")
        page.fill("#account input[name=secret]", "not the password")
        page.get_by_role("button", name=words["login"], exact=True).click()
        expect(page.locator("#account-error")).to_have_text(words["wrong"])
        page.fill("#account input[name=secret]", "correct horse")
        page.get_by_role("button", name=words["login"], exact=True).click()
        expect(page.locator("#account-name")).to_have_text(words["in"].format(lang))
        expect(page.locator("#account-error")).to_have_text("")
        page.click("#profile")  # his own record: no game yet
        expect(page.locator("#player")).to_have_text(f"ann_{lang}")
        expect(page.locator("#games tbody tr")).to_have_count(0)
        page.go_back()

        page.fill("input[name=seats]", "5")
        page.check("input[name=accounts_only]")
        page.click("#create button[type=submit]")
        page.wait_for_url("**/room/*")
        page.fill("#join input[name=name]", "Wolfie")
        page.click("#join button[type=submit]")
        expect(page.locator("#who")).to_contain_text("Wolfie")

        guest = browser.new_context(viewport=viewport, locale=locale).new_page()  # another browser, not signed in
        guest.goto(page.url)
        guest.fill("#join input[name=name]", "Guest")
        guest.click("#join button[type=submit]")
        expect(guest.locator("#error")).to_contain_text(words["guest"])
        expect(page.locator("#seats li").first).to_contain_text("Wolfie")  # the guest sat nowhere
        browser.close()


PROFILE = {"ja": {"role": "役職別の戦績", "win": "勝ち", "sudden": "負け（突然死）", "games": "2試合",
                  "nobody": "プレイヤー 'nobody' はいません", "mode": "人狼（月下人狼）"},
           "en": {"role": "Record by role", "win": "win", "sudden": "loss (sudden death)", "games": "2 games",
                  "nobody": "no player 'nobody'", "mode": "Classic werewolf"}}


@pytest.mark.parametrize(("viewport", "lang"), SIZES)
def test_a_players_profile_page_shows_his_record_by_role_and_team_and_links_his_games(server, viewport, lang):
    import httpx2

    from jinrou.modes.base import Standing
    from jinrou.server.accounts import Statements
    from jinrou.server.store import open_store

    words = PROFILE[lang]
    answer = httpx2.post(server.url + "/api/account/register", json={"name": "Ann", "password": "correct horse"})
    assert answer.status_code == 200
    store = open_store(server.db)  # two finished games, as the server keeps them when a game ends
    store.run(Statements().record_plays("room1", "classic", [(0, "ann", Standing("Diviner", "Human", "win"))], 100.0))
    store.run(Statements().record_plays("room2", "classic", [(3, "ann", Standing("Werewolf", "Werewolf", "loss", True))],
                                        200.0))
    store.close()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=viewport, locale="ja-JP" if lang == "ja" else "en-US").new_page()
        page.goto(server.url + "/player/ANN")
        expect(page.locator("#player")).to_have_text("Ann")
        expect(page.locator("#summary")).to_contain_text(words["games"])
        expect(page.locator("#roles").locator("xpath=ancestor::section//h2")).to_have_text(words["role"])
        expect(page.locator("#roles tbody tr")).to_have_count(2)
        assert page.locator("#roles tbody tr").nth(0).locator("td").all_inner_texts() == [
            words["mode"], "Diviner", "1", "1", "0", "0", "0"]
        assert page.locator("#teams tbody tr").nth(1).locator("td").all_inner_texts() == [
            words["mode"], "Werewolf", "1", "0", "1", "0", "1"]
        latest = page.locator("#games tbody tr").nth(0)
        assert latest.locator("td").all_inner_texts()[2:] == ["Werewolf", words["sudden"]]
        assert latest.locator("a").get_attribute("href") == "/room/room2"
        assert page.locator("#games tbody tr").nth(1).locator("td").nth(3).inner_text() == words["win"]
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.goto(server.url + "/player/nobody")
        expect(page.locator("#error")).to_have_text(words["nobody"])
        browser.close()
