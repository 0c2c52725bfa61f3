"""The classic page with issue 24's village roles, in a real browser against a real `jinrou serve`: five
people hold 課金者, 魔女, 独裁者, 通訳 and ギャンブラー, a sixth (played through the API) the one 人狼, bots
and 身代わりくん the rest. Night 1: the 課金者 pulls the normal gacha (ノーマルガチャ / プレミアムガチャ offered),
sees the pull at once, is offered premium only and 「引き当てた役職に決める」, commits (no gacha form left) and
is the role drawn on day 2; the 通訳's form reads 「通訳する」 with two targets; the 魔女 has no potion yet.
Day 2: the ギャンブラー bets with one button; the 独裁者 dictates a seat and the day ends at once. Night 2: the
魔女 sees both potions, revives the dictated seat, and no potion is left that night; night 3: only 毒薬 is
offered (蘇生薬 is spent); she poisons the wolf and the village wins. The 課金者 draws from a pool that the
test narrows to 霊能者 (the draws are the server's; the role it becomes is then known). Phones and desktops
(390×844, 1280×900) in Japanese, then the other way round in English; screenshots of each step under
$JINROU_SCREENSHOTS (else the test's folder)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .. import needs
from ..needs import ARGS, CHROMIUM
from .conftest import serving, wait_until
from .test_classic_online import create_fixed_room, seeds_for, send
from .test_classic_page_werewolves import DESKTOP, PHONE, api, check_page

PEOPLE = ("GachaAddicted", "Witch", "Dictator", "Interpreter", "Gambler")  # each a page, in some order
CAST = {"players": 9, "cast": "fixed",
        "roles": {**dict.fromkeys(PEOPLE, 1), "Werewolf": 1, "Human": 4},
        "rules": {"scapegoat": "on"}, "times": {"night": 120, "day": 120}}
NAMES = ("Ann", "Ben", "Cy", "Dan", "Eve")
WOLF = "Fay"
PHONE_ROLES = {"GachaAddicted", "Dictator", "Interpreter"}  # on a phone in Japanese, on a desktop in English


def wanted(cast: list[str]) -> bool:
    """身代わりくん (game seat 0) a 村人, the five people's seats issue 24's five roles in any order, Fay the wolf."""
    return cast[0] == "Human" and sorted(cast[1:6]) == sorted(PEOPLE) and cast[6] == "Werewolf"


@pytest.fixture
def live(monkeypatch, tmp_path):
    """`jinrou serve`'s app on 127.0.0.1 on a loop of our own, each room's seed dealing the cast above; every
    gacha pull draws 霊能者 (the odds of the rarities stay the reference's)."""
    dealt: list[list[str]] = []
    seed = seeds_for(CAST, 11, lambda cast: wanted(cast) and not dealt.append(cast))[0]  # its cast: the first kept
    monkeypatch.setattr("jinrou.server.service.secrets.randbits", lambda bits: seed)
    monkeypatch.setattr("jinrou.classic.roles.village_ballots.GACHA_ROLES", dict.fromkeys(range(1, 7), ("Psychic",)))
    app = create_app(open_store(str(tmp_path / "village.db")))
    with serving(app) as (url, _):
        yield url, app, dealt[0]


@needs.browser
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"], ids=["ja", "en"])
def test_gacha_witch_dictator_interpreter_and_gambler_on_the_page(live, locale, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    url, app, cast = live
    ja = locale.startswith("ja")
    t = (lambda en, japanese: japanese) if ja else (lambda en, japanese: en)
    folder = os.environ.get("JINROU_SCREENSHOTS") or str(tmp_path)
    shots: list[str] = []
    role_of = dict(zip(NAMES, cast[1:6], strict=True))
    name_of = {role: name for name, role in role_of.items()}

    def shot(page, name: str) -> None:
        path = os.path.join(folder, f"classic-village-{locale}-{name}.png")
        page.screenshot(path=path, full_page=True)
        shots.append(path)

    def options(role: str):
        size = PHONE if (role in PHONE_ROLES) == ja else DESKTOP
        return {"viewport": size, "locale": locale,
                **({"is_mobile": True, "has_touch": True} if size["width"] < 500 else {})}

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages: dict[str, Any] = {}
        for name in NAMES:
            page = pages[name] = browser.new_context(**options(role_of[name])).new_page()
            if name == NAMES[0]:  # Ann makes the room
                create_fixed_room(page, url, t("village", "村"), CAST["roles"], CAST["players"], "on")
            else:
                page.goto(pages[NAMES[0]].url)
            page.fill("#join input[name=name]", name)
            page.click("#join button[type=submit]")
            expect(page.locator("#who")).to_contain_text(name)
        room = pages[NAMES[0]].url.rsplit("/", 1)[1]
        fay = api(url, f"/api/rooms/{room}/join", {"name": WOLF})["token"]
        gacha, witch, dictator, interpreter, gambler = (pages[name_of[r]] for r in PEOPLE)
        gacha.click("#bots")
        expect(gacha.locator("#seats li")).to_have_count(CAST["players"])
        wait_until(lambda: app.state.service.rooms[room].seq == 10, what="the nine seats stored")
        gacha.click("#start")
        wait_until(lambda: getattr(app.state.service.rooms[room].state, "game", None) is not None, what="the cast")
        game = app.state.service.rooms[room].state.game
        assert [game.role(s).id for s in game.seats()] == cast, "the seed was chosen for another event"
        bots = [game.names[s] for s in game.seats()[7:]]

        def fay_does(action: dict[str, Any]) -> None:
            assert api(url, f"/api/rooms/{room}/action", {"token": fay, "action": action}) == {"ok": True}

        def legal(verb: str) -> list[str]:
            view = api(url, f"/api/rooms/{room}/view?token={fay}")["game"]["legal"]
            return next((lg["targets"] for lg in view if lg["verb"] == verb), [])

        def end_night() -> None:
            for page in pages.values():
                done = page.locator("#c-done")
                expect(done).to_be_visible()
                done.click()
            fay_does({"done": True})

        # night 1: the 課金者's gacha form offers both kinds; a pull is seen at once (point 1)
        expect(gacha.locator("#c-role")).to_contain_text(t("Gacha Addict", "課金者"))
        pull = gacha.locator("form.c-form[data-verb=gacha]")
        expect(pull.locator(".c-verb")).to_have_text(t("pull the gacha", "ガチャを引く"))
        expect(pull.locator("option")).to_have_text([t("normal gacha", "ノーマルガチャ"), t("premium gacha", "プレミアムガチャ")])
        expect(pull.locator(".c-note")).to_have_text(t("premium pulls left: 1", "プレミアムガチャはあと1回"))  # P on night 1
        expect(gacha.locator("form.c-form[data-verb=commit]")).to_have_count(0)  # nothing drawn yet
        check_page(gacha, "night 1: the gacha", ja)
        shot(gacha, "gacha-night1")
        pull.locator("select").select_option("normal")
        pull.locator("button").click()
        line = t(f"{name_of['GachaAddicted']} pulls the normal gacha and gets ",
                 f"{name_of['GachaAddicted']}はノーマルガチャを引いて★")
        expect(gacha.locator("#c-results")).to_contain_text(line)
        expect(gacha.locator("#c-results")).to_contain_text(t("[Medium]", "【霊能者】を獲得しました。"))
        expect(gacha.locator("#log")).to_contain_text(line)  # the seat's own line in the log too
        # the normal pull is made: premium only is offered now, and the commit, one button
        expect(pull.locator("option")).to_have_text([t("premium gacha", "プレミアムガチャ")])
        commit = gacha.locator("form.c-form[data-verb=commit]")
        expect(commit.locator("select")).to_have_count(0)
        expect(commit.locator("button")).to_have_text(t("commit to the role drawn", "引き当てた役職に決める"))
        check_page(gacha, "night 1: pulled", ja)
        shot(gacha, "gacha-pulled")
        commit.locator("button").click()
        expect(gacha.locator("#c-results")).to_contain_text(
            t(f"{name_of['GachaAddicted']} commits to [Medium].", f"{name_of['GachaAddicted']}は引き当てた【霊能者】に決めました。"))
        expect(gacha.locator("#c-forms form")).to_have_count(0)  # no gacha, no commit left tonight

        # the 通訳's form: 「通訳する」, two targets (point 4); the 魔女 has nothing on night 1
        pair = interpreter.locator("form.c-form[data-verb=pair]")
        expect(pair.locator(".c-verb")).to_have_text(t("interpret", "通訳する"))
        expect(pair.locator("select")).to_have_count(2)
        firsts = [pair.locator("select").nth(i).input_value() for i in range(2)]
        assert firsts == ["", ""], firsts  # no seat chosen in advance (issue 38): 「選択してください」
        expect(pair.locator("select").nth(0).locator("option").first).to_have_text(t("Choose…", "選択してください"))
        pair.locator("button").click()  # sent as it comes, it says what is missing and sends nothing
        expect(pair.locator(".c-missing")).to_have_text(t("Choose a player first.", "先に対象を選択してください。"))
        check_page(interpreter, "night 1: interpret", ja)
        shot(interpreter, "interpreter-night1")
        pair.locator("select").nth(0).select_option(name_of["GachaAddicted"])
        pair.locator("select").nth(1).select_option(name_of["Witch"])
        send(pair)  # once per game: asked again, answered yes
        expect(pair).to_have_count(0)
        expect(witch.locator("form.c-form[data-verb=poison]")).to_have_count(0)
        expect(witch.locator("form.c-form[data-verb=revive]")).to_have_count(0)
        assert legal("attack") == []  # night 1: the wolves' victim is 身代わりくん
        end_night()

        # day 2: the 課金者 is a 霊能者 now; the ギャンブラー bets with one button; the 独裁者 dictates (point 3)
        expect(gacha.locator("#c-role")).to_contain_text(t("Medium", "霊能者"))
        expect(gacha.locator("#c-role")).not_to_contain_text(t("Gacha", "課金者"))
        bet = gambler.locator("form.c-form[data-verb=bet]")
        expect(bet.locator("select")).to_have_count(0)
        expect(bet.locator("button")).to_have_text(t("bet", "賭けに出る"))
        expect(gambler.locator("#c-act-title")).to_have_text(t("Today", "今日"))
        check_page(gambler, "day 2: bet", ja)
        shot(gambler, "gambler-day2")
        bet.locator("button").click()
        expect(gambler.locator("#c-results")).to_contain_text(
            t(f"{name_of['Gambler']} bets its stocked votes.", f"{name_of['Gambler']}は賭けに出ました。"))
        expect(bet).to_have_count(0)  # once a day
        dictate = dictator.locator("form.c-form[data-verb=dictate]")
        expect(dictate.locator(".c-verb")).to_have_text(t("dictate", "処刑を宣言"))
        expect(dictate.locator("select")).to_have_count(1)
        check_page(dictator, "day 2: dictate", ja)
        shot(dictator, "dictator-day2")
        doomed = bots[0]
        dictate.locator("select").select_option(doomed)
        asked: list[str] = []  # an execution cannot be taken back: asked again; declined, nothing happens
        dictator.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        dictate.locator("button").click()
        expect(dictator.locator("#c-act-title")).to_have_text(t("Today", "今日"))
        assert asked == [t(f"dictate: {doomed}? This cannot be taken back.",
                           f"{doomed}に「処刑を宣言」を使います。取り消せません。よろしいですか？")], asked
        assert legal("vote")  # still the day: nobody was executed
        dictator.once("dialog", lambda dialog: dialog.accept())
        dictate.locator("button").click()
        expect(dictator.locator("#log")).to_contain_text(
            t(f"The Dictator {name_of['Dictator']} decreed {doomed}'s execution.",
              f"独裁者の{name_of['Dictator']}により、{doomed}の処刑が宣言されました。"))
        for page in pages.values():  # the day ends at once: night 2, nobody voted
            expect(page.locator("#c-act-title")).to_have_text(t("Tonight", "今夜"))

        # night 2: both potions (point 2): 毒薬 on the living, 蘇生薬 on the dead; one a night
        poison = witch.locator("form.c-form[data-verb=poison]")
        revive = witch.locator("form.c-form[data-verb=revive]")
        expect(poison.locator(".c-verb")).to_have_text(t("poison", "毒薬"))
        expect(revive.locator(".c-verb")).to_have_text(t("revive", "蘇生"))
        assert doomed in revive.locator("option").all_inner_texts()
        assert doomed not in poison.locator("option").all_inner_texts()
        assert name_of["Witch"] not in poison.locator("option").all_inner_texts()  # another living seat
        check_page(witch, "night 2: potions", ja)
        shot(witch, "witch-night2")
        revive.locator("select").select_option(doomed)
        send(revive)  # a potion: asked again, answered yes
        expect(witch.locator("#c-results")).to_contain_text(
            t(f"{name_of['Witch']} used a revival potion on {doomed}.", f"{name_of['Witch']}は{doomed}に蘇生薬を使いました。"))
        expect(witch.locator("#c-forms form")).to_have_count(0)  # one potion a night
        fay_does({"act": "attack", "targets": [bots[1]]})
        end_night()

        # day 3: the dictated seat is back; the dictator's once is spent; everybody votes the last bot
        expect(witch.locator("#log")).to_contain_text(t(f"{doomed} came back to life.", f"{doomed}は蘇生しました"))
        expect(dictator.locator("form.c-form[data-verb=vote]")).to_be_visible()
        expect(dictator.locator("form.c-form[data-verb=dictate]")).to_have_count(0)
        for page in pages.values():
            vote = page.locator("form.c-form[data-verb=vote]")
            vote.locator("select").select_option(bots[2])
            vote.locator("button").click()
        fay_does({"vote": bots[2]})

        # night 3: 蘇生薬 is spent, 毒薬 offered; she poisons the wolf and the village wins
        expect(witch.locator("#c-act-title")).to_have_text(t("Tonight", "今夜"))
        expect(poison).to_be_visible()
        expect(revive).to_have_count(0)
        check_page(witch, "night 3: poison only", ja)
        shot(witch, "witch-night3")
        poison.locator("select").select_option(WOLF)
        send(poison)
        expect(witch.locator("#c-results")).to_contain_text(
            t(f"{name_of['Witch']} used a poison on {WOLF}.", f"{name_of['Witch']}は{WOLF}に毒薬を使いました。"))
        expect(witch.locator("#c-forms form")).to_have_count(0)
        fay_does({"act": "attack", "targets": [doomed]})
        end_night()

        for page in (gacha, witch):
            expect(page.locator("#end-panel")).to_be_visible()
            expect(page.locator("#c-end-body tr")).to_have_count(CAST["players"] + 1)
            row = page.locator("#c-end-body tr", has_text=name_of["GachaAddicted"])
            expect(row.locator("td").nth(1)).to_have_text(t("Gacha Addict → Medium", "課金者 → 霊能者"))
            check_page(page, "end", ja)
        shot(gacha, "gacha-end")
        shot(witch, "witch-end")
        for path in shots:
            assert os.path.getsize(path) > 10_000, path
        browser.close()
