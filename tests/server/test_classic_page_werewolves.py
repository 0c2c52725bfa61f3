"""The classic page with the werewolf batch's roles (issue 23's W.1), in a real browser against a real
`jinrou serve`: Ann (狡猾な狼) feigns death with one button, reads while dead a card that claims only
what she may still do and 「今夜（死亡中）: 死んだふりをやめる」, and rises; Ben (血狼) sees his day action
by day, cancels then confirms 自爆, and the day ends at once; Cy (誘惑する女狼, played through the API)
seduces the 占い師 and dies a sudden death, so the end table shows 「狼の子分（占い師）」 in 人狼陣営 and
the new causes (自爆). Ann on a phone and Ben on a desktop in Japanese, then the other way round in
English; screenshots of each step under $JINROU_SCREENSHOTS (else the test's folder)."""

from __future__ import annotations

import asyncio
import json
import os
import urllib.request
from typing import Any

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving, wait_until
from .test_browser import CONTRAST, UNTRANSLATED
from .test_classic_online import act_once, create_fixed_room, seeds_for, send
from .test_classic_phone import BROKEN

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
CAST = {"players": 8, "cast": "fixed", "roles": {"CraftyWolf": 1, "BloodWolf": 1, "FascinatingWolf": 1, "Diviner": 1,
                                                  "Human": 4},
        "rules": {"scapegoat": "off"}, "times": {"night": 120, "day": 120}}


@pytest.fixture
def live(monkeypatch, tmp_path):
    """`jinrou serve`'s app on 127.0.0.1 on a loop of our own (to pass a deadline on it), each room's seed
    dealing its first four seats (Ann, Ben, Cy, Dan) 狡猾な狼, 血狼, 誘惑する女狼 and 村人."""
    wanted = ("CraftyWolf", "BloodWolf", "FascinatingWolf", "Human")
    seed = seeds_for(CAST, 10, lambda cast: tuple(cast[:4]) == wanted)[0]
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
    app = create_app(open_store(str(tmp_path / "werewolves.db")))
    with serving(app) as (url, loop):
        yield url, app, loop


def api(url: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """Cy's part, through the API (a GET without a body)."""
    request = urllib.request.Request(f"{url}{path}", data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def pass_deadline(app, loop, room: str) -> None:
    """What the room's timer does when the turn's deadline passes, on the server's own loop."""
    service = app.state.service

    async def passed() -> None:
        await service._deadline_passed(room, service.rooms[room].turn_key)
        await service.settled(room)  # the bots' part that follows, in slices

    asyncio.run_coroutine_threadsafe(passed(), loop).result(10)


def check_page(page, where: str, ja: bool) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), f"{where}: too wide"
    assert page.evaluate(CONTRAST) == [], where
    assert page.evaluate(BROKEN, "td, th, .c-badge, button, #c-facts li") == [], where
    if ja:
        assert page.evaluate(UNTRANSLATED) == [], where
    for button in page.locator("#board button").all():  # every control readable: not cut, not tiny
        if button.is_visible():
            box = button.bounding_box()
            assert box["height"] >= 30 and box["x"] + box["width"] <= page.viewport_size["width"], (where, box)


@needs.browser
@pytest.mark.parametrize(("locale", "ann_size", "ben_size"), [("ja-JP", PHONE, DESKTOP), ("en-US", DESKTOP, PHONE)],
                         ids=["ja", "en"])
def test_crafty_blood_and_fascinating_wolves_on_the_page(live, locale, ann_size, ben_size, tmp_path):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect, sync_playwright

    url, app, loop = live
    ja = locale.startswith("ja")
    t = (lambda en, japanese: japanese) if ja else (lambda en, japanese: en)
    folder = os.environ.get("JINROU_SCREENSHOTS") or str(tmp_path)
    shots: list[str] = []

    def shot(page, name: str) -> None:
        path = os.path.join(folder, f"classic-werewolves-{locale}-{name}.png")
        page.screenshot(path=path, full_page=True)
        shots.append(path)

    def options(size):
        return {"viewport": size, "locale": locale,
                **({"is_mobile": True, "has_touch": True} if size["width"] < 500 else {})}

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ann = browser.new_context(**options(ann_size)).new_page()
        ben = browser.new_context(**options(ben_size)).new_page()
        create_fixed_room(ann, url, t("wolf village", "狼の村"), CAST["roles"], 8, "off")
        room = ann.url.rsplit("/", 1)[1]
        ann.fill("#join input[name=name]", "Ann")
        ann.click("#join button[type=submit]")
        expect(ann.locator("#who")).to_contain_text("Ann")
        ben.goto(ann.url)
        ben.fill("#join input[name=name]", "Ben")
        ben.click("#join button[type=submit]")
        expect(ben.locator("#who")).to_contain_text("Ben")
        cy = api(url, f"/api/rooms/{room}/join", {"name": "Cy"})["token"]
        dan = browser.new_context(**options(ann_size)).new_page()  # a villager, to be sealed by the blood moon
        dan.goto(ann.url)
        dan.fill("#join input[name=name]", "Dan")
        dan.click("#join button[type=submit]")
        expect(dan.locator("#who")).to_contain_text("Dan")
        ann.click("#bots")
        expect(ann.locator("#seats li")).to_have_count(8)
        # the cast is event 10, as the seed was chosen for (the page may show a seat before its event settles)
        wait_until(lambda: app.state.service.rooms[room].seq == 9, what="the eight seats stored")
        ann.click("#start")
        wait_until(lambda: getattr(app.state.service.rooms[room].state, "game", None) is not None, what="the cast")
        game = app.state.service.rooms[room].state.game
        seer = next(game.names[s] for s in game.seats() if game.role(s).id == "Diviner")
        humans = [game.names[s] for s in game.seats() if game.role(s).id == "Human" and game.names[s] != "Dan"]

        def cy_does(action: dict[str, Any]) -> None:
            assert api(url, f"/api/rooms/{room}/action", {"token": cy, "action": action}) == {"ok": True}

        # night 1: the cards list night abilities only (point 2); Cy seduces the seer; Ann attacks, feigns
        expect(ann.locator("#c-role")).to_contain_text(t("Crafty Wolf (狡猾な狼)", "狡猾な狼"))
        facts = ann.locator("#c-facts")
        expect(facts).to_contain_text(t("At night you may: attack, feign death", "夜にできること: 襲撃, 死んだふり"))
        expect(facts).not_to_contain_text(t("rise", "死んだふりをやめる"))  # only while dead
        expect(ben.locator("#c-facts")).to_contain_text(t("By day you may: self-destruct", "昼にできること: 自爆"))
        expect(ben.locator("#c-facts")).to_contain_text(t("At night you may: attack", "夜にできること: 襲撃"))
        expect(ben.locator("#c-facts")).not_to_contain_text(t("attack, self-destruct", "襲撃, 自爆"))  # a day action
        cy_does({"act": "seduce", "targets": [seer]})
        attack = ann.locator("form.c-form[data-verb=attack]")
        attack.locator("select").select_option(humans[0])
        attack.locator("button").click()
        feign = ann.locator("form.c-form[data-verb=feign]")
        expect(feign.locator("select")).to_have_count(0)  # a parameterless action: one button (point 3)
        expect(feign.locator("button")).to_have_text(t("feign death", "死んだふり"))
        check_page(ann, "night 1", ja)
        check_page(ben, "night 1", ja)
        shot(ann, "ann-night1")
        feign.locator("button").click()
        expect(ann.locator("#c-results")).to_contain_text(t("Ann feigns death.", "Annは死んだふりをしました。"))
        ann.click("#c-done")
        ben.click("#c-done")
        dan.click("#c-done")
        cy_does({"done": True})

        # day 2: Ann lies dead (死んだふり, hidden till the end); her card claims nothing she cannot use
        expect(ann.locator("#c-team")).to_contain_text(t("you are dead", "死亡"))
        expect(ann.locator("#c-facts")).to_contain_text(t("You know: Ben (wolf)", "知っている人: Ben (人狼)"))
        for claimed in (t("At night you may", "夜にできること"), t("attack", "襲撃"), t("rise", "死んだふりをやめる")):
            expect(ann.locator("#c-facts")).not_to_contain_text(claimed)  # nothing she cannot use now
        expect(ann.locator("#c-players li.you")).to_contain_text(t("dead", "死亡"))
        # Ben's day action: one button, asked again; cancelled, nothing happens; confirmed, the day ends
        selfdestruct = ben.locator("form.c-form[data-verb=selfdestruct] button")
        expect(selfdestruct).to_have_text(t("self-destruct", "自爆"))
        expect(ben.locator("#c-act-title")).to_have_text(t("Today", "今日"))
        check_page(ben, "day 2", ja)
        check_page(ann, "day 2 (dead)", ja)
        shot(ben, "ben-day2")
        shot(ann, "ann-day2-dead")
        asked: list[str] = []
        ben.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        selfdestruct.click()
        expect(ben.locator("#c-team")).not_to_contain_text(t("you are dead", "死亡"))
        assert asked and t("the day ends without a vote", "今日は投票なしで終わります") in asked[0], asked
        ben.once("dialog", lambda dialog: dialog.accept())
        selfdestruct.click()
        expect(ben.locator("#log")).to_contain_text(t("Ben sacrifices itself to call the blood moon.",
                                                       "Benは自らを犠牲に血月の力を引き出します。"))
        expect(ben.locator("#log")).to_contain_text(t("The blood moon seals", "血月の力により村人たちは能力を封印"))

        # night 2, under the blood moon: Dan is sealed, and his chat says so (point 4); Ann, dead, rises
        # with one button; Cy attacks
        expect(dan.locator("#chat-note")).to_have_text(t("You are sealed (封印されています): no night chat tonight (a monologue only).",
                                                         "封印されています: 今夜は夜の会話ができません（独り言のみ）。"))
        expect(dan.locator("#c-team")).to_contain_text(t("sealed tonight", "今夜は封印されています"))
        check_page(dan, "night 2 (sealed)", ja)
        shot(dan, "dan-night2-sealed")
        expect(ann.locator("#c-facts")).to_contain_text(t("Tonight (while dead): rise", "今夜（死亡中）: 死んだふりをやめる"))
        rise = ann.locator("form.c-form[data-verb=rise] button")
        expect(rise).to_be_visible()
        check_page(ann, "night 2 (dead)", ja)
        shot(ann, "ann-night2-rise")
        rise.click()
        expect(ann.locator("#c-results")).to_contain_text(t("Ann stops feigning death.", "Annは死んだふりをやめました。"))
        ann.click("#c-done")
        ben.click("#c-done")
        dan.click("#c-done")
        victim = api(url, f"/api/rooms/{room}/view?token={cy}")["game"]["legal"]
        target = next(n for n in next(lg for lg in victim if lg["verb"] == "attack")["targets"] if n in humans)
        cy_does({"act": "attack", "targets": [target]})
        cy_does({"done": True})

        # day 3: Ann is back; Cy misses the vote and dies at the deadline: the seer becomes 狼の子分
        expect(ann.locator("#log")).to_contain_text(t("Ann came back to life.", "Annは蘇生しました"))
        expect(ann.locator("#c-team")).not_to_contain_text(t("you are dead", "死亡"))
        vote = ann.locator("form.c-form[data-verb=vote]")
        expect(vote).to_be_visible()
        vote.locator("select").select_option(next(n for n in vote.locator("option:not([disabled])").all_inner_texts() if n != seer))
        vote.locator("button").click()
        send(dan.locator("form.c-form[data-verb=vote]"))
        for _ in range(3):
            if not api(url, f"/api/rooms/{room}/view?token={cy}")["game"]["me"]["alive"]:
                break
            pass_deadline(app, loop, room)
        assert not api(url, f"/api/rooms/{room}/view?token={cy}")["game"]["me"]["alive"]

        for _ in range(200):  # Ann's and Dan's part until the end: the vote, the attack, the end of the night
            if ann.locator("#end-panel").is_visible():
                break
            before = ann.locator("#log").inner_text()
            for page in (ann, dan):
                act_once(page)
            try:  # the next line of the log (or the end); a turn that waits for the other page goes round again
                ann.wait_for_function("(before) => document.querySelector('#log').textContent !== before || "
                                      "!document.querySelector('#end-panel').hidden", arg=before, timeout=2000)
            except PlaywrightTimeout:
                continue
        expect(ann.locator("#end-panel")).to_be_visible()

        # the end (point 1): the seer shown as 狼の子分（占い師）, in the wolves' team; the causes named
        for page in (ann, ben):
            rows = page.locator("#c-end-body tr")
            expect(rows).to_have_count(8)
            seer_row = page.locator("#c-end-body tr", has_text=seer)
            expect(seer_row.locator("td").nth(1)).to_have_text(t("Wolf minion (Seer)", "狼の子分（占い師）"))
            expect(seer_row.locator("td").nth(2)).to_have_text(t("werewolves", "人狼陣営"))
            ben_row = page.locator("#c-end-body tr", has_text="Ben")
            expect(ben_row.locator("td").nth(3)).to_have_text(t("blew itself up", "自爆"))
            expect(page.locator("#c-players li", has_text=seer)).to_contain_text(t("Wolf minion (Seer)", "狼の子分（占い師）"))
            check_page(page, "end", ja)
            assert page.evaluate("() => { const box = document.querySelector('#c-end .scroll');"
                                 " return box.scrollWidth <= box.clientWidth; }"), "the end table needs a scroll"
        shot(ann, "ann-end")
        shot(ben, "ben-end")
        for path in shots:
            assert os.path.getsize(path) > 10_000, path
        browser.close()
