"""The classic room as a 月下人狼 player reads it (issue 38), in a real browser at 390×844 and 1280×900,
in Japanese and in English: the lobby's cast picker (groups, search, rules, the seats counted live)
and its rows that open their room; the stream as the main column (a header per day and night, the
executions and deaths where the player reads, 投票結果 as a table, the channels as filters, 独り言);
no seat chosen in advance; the wolves told of their two attacks; the notices under their night; one
language at a time; 44 px targets on the phone. Ann, the wolf, plays in the browser; the seven other
seats are people playing through the API, so that every day goes as the test says."""

from __future__ import annotations

import os
from typing import Any

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store
from tests.modes.test_classic_mode import first_choice

from .conftest import serving
from .test_browser import CONTRAST, UNTRANSLATED
from .test_classic_online import ARGS, CHROMIUM, seeds_for
from .test_classic_page_werewolves import DESKTOP, PHONE, api
from .test_classic_phone import BROKEN

CAST = {"players": 8, "cast": "fixed", "roles": {"Werewolf": 1, "WolfCub": 1, "Diviner": 1, "Human": 6},
        "rules": {"scapegoat": "on"}, "times": {"night": 600, "day": 600}}
OTHERS = {"en": ("Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"), "ja": ("ベン", "キャット", "ダン", "イブ", "フェイ", "ガス", "ハル")}
SMALL = """() => {  // links, buttons and check boxes (through their label) under 44 × 44 px
  const small = [];
  for (const node of document.querySelectorAll("a, button, input[type=checkbox]")) {
    if (!node.getClientRects().length || node.closest("[hidden]")) continue;
    const target = node.type === "checkbox" ? node.closest("label") || node : node;
    const box = target.getBoundingClientRect();
    if (box.height < 44 || box.width < 44) small.push(`${node.tagName}.${node.className} "${(node.textContent || node.name || "").trim().slice(0, 20)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}"""


@pytest.fixture
def live(monkeypatch, tmp_path):
    """The app on 127.0.0.1, each room's seed dealing Ann (room seat 0) 人狼 and Ben (seat 1) 狼の子."""
    seed = seeds_for(CAST, 10, lambda cast: cast[1] == "Werewolf" and cast[2] == "WolfCub")[0]
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
    app = create_app(open_store(str(tmp_path / "room-page.db")))
    with serving(app) as (url, _):
        yield url, app


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_the_classic_room_as_a_gekka_jinrou_player_reads_it(live, locale, size, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail("the browser test needs Debian's chromium: apt-get install chromium (as .ci/run does)")
    url, app = live
    ja, phone = locale.startswith("ja"), size["width"] < 500
    t = (lambda en, japanese: japanese) if ja else (lambda en, japanese: en)
    others = OTHERS["ja" if ja else "en"]
    folder = os.environ.get("JINROU_SCREENSHOTS") or str(tmp_path)
    prefix = os.path.join(folder, f"classic-room-{locale}-{'phone' if phone else 'desktop'}")

    def check(page, where: str) -> None:
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), f"{where}: too wide"
        assert page.evaluate(CONTRAST) == [], where
        assert page.evaluate(BROKEN, "td, th, .c-badge, button") == [], where
        if ja:
            assert page.evaluate(UNTRANSLATED) == [], where
        if phone:
            assert page.evaluate(SMALL) == [], where
        # a full-page shot resizes the viewport, and Chrome then scrolls a focused input back into view at
        # the next frame — between a later click's press and release, which then misses its button
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.screenshot(path=f"{prefix}-{where}.png", full_page=True)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=size, locale=locale, **({"is_mobile": True, "has_touch": True} if phone else {}))
        page = context.new_page()

        # the lobby, in the page's language only; the cast picker (point 8)
        page.goto(url)
        expect(page.locator("header h1")).to_have_text(t("jinrou — werewolf online", "jinrou — 人狼オンライン"))
        expect(page.locator("input[name=name]")).to_have_value(t("jinrou village", "人狼村"))
        page.select_option("#mode", "classic")
        page.fill("input[name=players]", "8")
        page.select_option("select[name=cast]", "fixed")
        picker = page.locator("details.choices:has(input[name=roles])")
        picker.locator("> summary").click()
        total = picker.locator("> summary .total")
        expect(total).to_have_text(t("0 of 9 seats (8 players + 身代わりくん)", "0 / 9席（参加者8人＋身代わりくん）"))
        picker.locator(".pick-search").fill(t("seer", "占い"))
        seer = picker.locator(".pick-row:visible", has=page.locator("input[data-choice=Diviner]"))
        expect(seer).to_have_count(1)
        assert picker.locator(".pick-row:visible").count() < 10  # the search leaves a few of the 135
        seer.locator(".pick-rule-button").click()  # the rule, one tap away
        expect(seer.locator(".pick-rule")).to_contain_text(t("Seer: ", "占い師: "))
        seer.locator("button.pick-step").nth(1).click()  # +
        expect(total).to_have_text(t("1 of 9 seats (8 players + 身代わりくん)", "1 / 9席（参加者8人＋身代わりくん）"))
        for role, count in (("Werewolf", 1), ("WolfCub", 1), ("Human", 6)):
            picker.locator(".pick-search").fill(role)
            picker.locator(f"input[data-choice={role}]").fill(str(count))
        picker.locator(".pick-search").fill("")
        expect(total).to_have_text(t("9 of 9 seats (8 players + 身代わりくん)", "9 / 9席（参加者8人＋身代わりくん）"))
        expect(picker.locator(".pick-chosen")).to_contain_text(t("Seer×1", "占い師×1"))
        page.fill("input[name=night]", "600")
        page.fill("input[name=day]", "600")
        check(page, "lobby")
        page.uncheck("input[name=ready_check]")  # the others join by the API and never say ready
        page.click("#create button[type=submit]")
        page.wait_for_url("**/room/*")
        room = page.url.rsplit("/", 1)[1]

        # the whole lobby row opens the room (point 7)
        lobby = context.new_page()
        lobby.goto(url)
        row = lobby.locator("#rooms tbody tr")
        expect(row).to_have_count(1)
        expect(row.locator("a.button")).to_have_text(t("join", "参加"))
        check(lobby, "lobby-row")
        row.locator("td").nth(2).click()  # the players' cell: no link of its own
        lobby.wait_for_url(f"**/room/{room}")
        lobby.close()

        page.fill("#join input[name=name]", "Ann")
        page.click("#join button[type=submit]")
        expect(page.locator("#who")).to_contain_text("Ann")
        tokens = [api(url, f"/api/rooms/{room}/join", {"name": name})["token"] for name in others]
        page.click("#start")

        def view(seat: int) -> dict[str, Any]:
            return api(url, f"/api/rooms/{room}/view?token={tokens[seat - 1]}")["game"]

        def others_do(vote: str | None = None) -> None:
            """The seven others' part: a vote for ``vote`` by day, else their first choice, then done."""
            for seat in range(1, 8):
                for _ in range(3):
                    game = view(seat)
                    if game["result"]:
                        return
                    legal = {lg["verb"]: lg for lg in game["legal"]}
                    if vote is not None and "vote" in legal and game["ballot"]["vote"] is None:
                        mine = next(p["name"] for p in game["players"] if p["you"])
                        action: dict[str, Any] | None = {"vote": vote if vote != mine else "Ann"}
                    elif vote is None and game["stage"] == "night":
                        action = first_choice(game)
                    else:
                        break
                    if action is None:
                        break
                    assert api(url, f"/api/rooms/{room}/action", {"token": tokens[seat - 1], "action": action}) == {"ok": True}

        # night 1: the stream is the main column, headed 「1日目 夜」; the village closed and why; the wolves'
        # chat, the monologue; Ann's card one tap away on a phone (point 1, point 4)
        stream, card = page.locator("#stream-panel"), page.locator("#c-card")
        expect(page.locator("#log .s-head").first).to_have_text(t("Night 1", "1日目 夜"))
        expect(card).to_contain_text(t("Werewolf", "人狼"))
        if phone:  # log and talk first, the rest one tap away
            assert stream.bounding_box()["y"] < card.bounding_box()["y"]
            expect(page.locator("#jump a")).to_have_count(6)
            page.locator("#jump a", has_text=t("Role", "役職")).click()
            page.wait_for_function("() => document.querySelector('#c-card').getBoundingClientRect().top < 120")
            page.locator("#jump a", has_text=t("Log", "ログ")).click()
        else:  # the main column: wider than the board, at its left
            assert stream.bounding_box()["x"] < card.bounding_box()["x"]
            assert stream.bounding_box()["width"] > 1.5 * card.bounding_box()["width"]
        expect(page.locator("#chat-note")).to_have_text(t("it is night: the village sleeps and nobody talks",
                                                          "夜です。村は眠っていて、朝まで誰も話せません（独り言は書けます）"))
        expect(page.locator("#speak-as")).to_have_value("wolves")  # a wolf writes to the wolves at night
        page.fill("#say input[name=text]", t("Ben is my cub", "ベンは子狼"))
        page.click("#say button[type=submit]")
        expect(page.locator("#log .s-wolves")).to_contain_text(t("Ben is my cub", "ベンは子狼"))
        page.select_option("#speak-as", "monologue-0")
        page.fill("#say input[name=text]", t("I must look calm", "平静を装わないと"))
        page.click("#say button[type=submit]")
        monologue = page.locator("#log .s-monologue")
        expect(monologue).to_contain_text(t("Ann (monologue): I must look calm", "Annの独り言: 平静を装わないと"))
        page.locator("#channels button[data-channel=monologue]").click()  # a filter of the one stream
        expect(page.locator("#log .s-wolves")).to_be_hidden()
        expect(page.locator("#log .s-head").first).to_be_visible()  # headers stay
        page.locator("#channels button[data-channel=all]").click()
        expect(page.locator("#log .s-wolves")).to_be_visible()
        for seat in range(1, 8):
            assert "I must look calm" not in str(api(url, f"/api/rooms/{room}/view?token={tokens[seat - 1]}"))
        check(page, "night1")
        others_do()
        page.click("#c-done")

        # day 2: the found dead in the stream; the vote form chooses nobody in advance (point 3)
        expect(page.locator("#log .s-head").first if page.locator("#stream-panel.newest-top").count() else
               page.locator("#log .s-head").last).to_have_text(t("Day 2", "2日目 昼"))
        expect(page.locator("#log")).to_contain_text(t("身代わりくん was found dead.", "身代わりくんは無残な姿で発見されました"))
        vote = page.locator("form.c-form[data-verb=vote]")
        expect(vote.locator("select")).to_have_value("")
        expect(vote.locator("option").first).to_have_text(t("Choose…", "選択してください"))
        vote.locator("button").click()
        expect(vote.locator(".c-missing")).to_have_text(t("Choose a player first.", "先に対象を選択してください。"))
        assert app.state.service.rooms[room].state.game.ballot.votes == {}  # nothing was sent
        check(page, "day2")
        vote.locator("select").select_option(others[0])
        vote.locator("button").click()
        others_do(vote=others[0])  # Ben, the 狼の子, is executed (he votes Ann)

        # night 2: the execution and 投票結果 as a table where the player reads (point 2); two attacks
        # told to the wolf (point 3)
        expect(page.locator("#log")).to_contain_text(t(f"{others[0]} was executed.", f"{others[0]}は処刑されました"))
        table = page.locator("#log .s-votes table")
        expect(table.locator("caption")).to_have_text(t("Votes", "投票結果"))
        expect(table.locator("tr")).to_have_count(9)  # its head and the eight voters
        ann_row, ben_row = table.locator("tr").nth(1), table.locator("tr").nth(2)  # in seat order, as 月下人狼
        expect(ann_row.locator("td")).to_have_text(["Ann", t("1 vote", "1票"), f"→ {others[0]}"])
        expect(ben_row.locator("td")).to_have_text([others[0], t("7 votes", "7票"), "→ Ann"])
        attack = page.locator("form.c-form[data-verb=attack]")
        expect(attack.locator(".c-note")).to_have_text(t("2 attacks tonight (this is attack 1)", "今夜は2回襲撃できます（1回目）"))
        expect(attack.locator("select")).to_have_value("")
        check(page, "night2")
        attack.locator("select").select_option(others[1])
        attack.locator("button").click()
        expect(attack.locator(".c-note")).to_have_text(t("2 attacks tonight (this is attack 2, optional)",
                                                         "今夜は2回襲撃できます（2回目・任意）"))
        # the notices, under the night they belong to (point 5)
        notices = page.locator("#c-results li")
        expect(notices.first).to_have_text(t("Night 2", "2日目 夜"))
        expect(notices.nth(1)).to_have_text(t(f"Ann will attack {others[1]}.", f"Annが{others[1]}を襲撃します"))
        attack.locator("select").select_option(others[2])
        attack.locator("button").click()
        others_do()
        page.click("#c-done")

        # day 3: everybody votes Ann: the village wins; every monologue is read by all (point 4); the
        # record's link in the page's language (point 6)
        expect(page.locator("#log")).to_contain_text(t(f"{others[1]} was found dead.", f"{others[1]}は無残な姿で発見されました"))
        vote.locator("select").select_option(others[4])
        vote.locator("button").click()
        others_do(vote="Ann")
        expect(page.locator("#end-panel")).to_be_visible()
        expect(page.locator("#record")).to_have_text(t("Download the game record", "記録をダウンロード"))
        expect(page.locator("#log .s-head").first if page.locator("#stream-panel.newest-top").count() else
               page.locator("#log .s-head").last).to_have_text(t("Game over", "終了"))
        expect(page.locator("#channels button[data-channel=monologue]")).to_have_count(1)  # every seat's, one tab
        spectator = api(url, f"/api/rooms/{room}/view")
        assert [line["text"] for line in spectator["chats"]["monologue-0"]] == [t("I must look calm", "平静を装わないと")]
        check(page, "end")

        # newest at the bottom: a setting, remembered (point 1)
        order = page.locator("#order")
        order.click()
        expect(page.locator("#stream-panel")).not_to_have_class("stream-panel newest-top")
        page.reload()
        expect(page.locator("#log .s-head").last).to_have_text(t("Game over", "終了"))
        expect(page.locator("#log .s-head").first).to_have_text(t("Night 1", "1日目 夜"))
        check(page, "end-oldest-first")
        browser.close()
    for name in ("lobby", "night1", "day2", "night2", "end"):
        assert os.path.getsize(f"{prefix}-{name}.png") > 10_000
