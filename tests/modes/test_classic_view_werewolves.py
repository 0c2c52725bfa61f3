"""What the classic page reads of the werewolf batch's roles (issue 23's W.1), payload side: when each
ability is open (night, day, while dead), the seat's team at the end (狼の子分 is 人狼陣営) and never before,
the sealed seat's chat note, the new causes and the 「かぼちゃ」 claim in both languages. The page itself:
tests/server/test_classic_page_werewolves.py."""

from __future__ import annotations

from typing import Any

from jinrou.classic.model import Cause
from jinrou.modes.classic_view import SEALED_NOTE, _cause

from .test_classic_mode import Table, first_choice

FIXED = {"cast": "fixed", "rules": {"scapegoat": "off"}}


def table(roles: list[str]) -> Table:
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    return Table({"players": len(roles), "roles": counts, **FIXED}, roles=roles, humans=range(len(roles)))


def abilities(view: dict[str, Any]) -> dict[str, tuple[str, bool, str]]:
    return {a["verb"]: (a["when"], a["while_dead"], a["ja"]) for a in view["me"]["abilities"]}


def settle(t: Table, skip: tuple[int, ...] = (), until=lambda t: False) -> None:
    """Every awaited seat but ``skip`` takes its first choice, until nobody else is awaited (or ``until``)."""
    for _ in range(50):
        if until(t) or t.game.is_over:
            return
        moved = False
        for seat in range(len(t.players)):
            if until(t) or t.game.is_over:
                return
            action = first_choice(t.view(seat))
            if seat not in skip and action is not None and seat in t.mode.awaited(t.state):
                t.act(seat, action)
                moved = True
        if not moved:
            return


def test_each_ability_says_when_it_is_open_night_day_or_while_dead_with_its_declared_name():
    t = table(["CraftyWolf", "BloodWolf", "ThreateningWolf", "Faker", "RainyBoy", "Human", "Human", "Human", "Human"])
    assert abilities(t.view(0)) == {"attack": ("night", False, "襲撃"), "feign": ("night", False, "死んだふり"),
                                    "rise": ("night", True, "死んだふりをやめる")}
    assert abilities(t.view(1))["selfdestruct"] == ("day", False, "自爆")
    assert abilities(t.view(2))["threaten"] == ("day", False, "威嚇")
    assert abilities(t.view(3)) == {"bet": ("day", False, "賭けに出る")}
    assert abilities(t.view(4)) == {"rain": ("night", False, "雨を降らせる")}
    night = {lg["verb"]: lg for lg in t.view(0)["legal"]}  # one button on the page: no target, no parameter
    assert night["feign"]["arity"] == 0 and night["feign"]["params"] == [] and not night["feign"]["required"]


def test_the_team_at_the_end_is_the_seats_last_one_and_nobody_sees_a_team_before():
    t = table(["FascinatingWolf", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"])
    t.act(0, {"act": "seduce", "targets": ["Cat"]})
    t.act(1, {"act": "attack", "targets": ["Dan"]})
    settle(t, until=lambda t: t.game.day == 2)
    for seat in range(1, 7):  # the day: everybody votes Ann out (she votes Eve)
        if t.game.alive[seat] and not t.game.is_over:
            t.act(seat, {"vote": "Ann"})
    t.act(0, {"vote": "Eve"})
    assert not t.game.alive[0] and t.game.alive[2]
    cat = t.view(2)
    assert cat["me"]["shown"] == {"ja": "狼の子分（占い師）", "en": "Wolf minion (Seer)"}
    assert cat["me"]["team"]["id"] == "Werewolf" and cat["me"]["role"]["team"]["id"] == "Human"
    assert all("team" not in p for seat in (None, 0, 1, 2) for p in t.view(seat)["players"])
    t.play_humans()
    for seat in (None, 2, 4):
        players = {p["name"]: p for p in t.view(seat)["players"]}
        assert players["Cat"]["team"]["id"] == "Werewolf" and players["Cat"]["role"]["team"]["id"] == "Human"
        assert players["Cat"]["shown"]["ja"] == "狼の子分（占い師）" and players["Dan"]["team"]["id"] == "Human"


def test_a_sealed_seat_is_told_why_its_night_chat_is_closed_and_nobody_else():
    t = table(["ThreateningWolf", "Human", "Human", "Human", "Human", "Human"])
    t.act(0, {"act": "attack", "targets": ["Cat"]})
    settle(t, until=lambda t: t.game.day == 2)
    assert t.view(1)["chat_note"] is None
    threaten = next(lg for lg in t.view(0)["legal"] if lg["verb"] == "threaten")  # a day action with a target
    assert threaten["arity"] == 1 and "Ben" in threaten["targets"] and not threaten["required"]
    t.act(0, {"act": "threaten", "targets": ["Ben"]})
    assert "threaten" not in [lg["verb"] for lg in t.view(0)["legal"]]  # once per game
    assert t.view(1)["chat_note"] is None  # sealed from the dusk on
    for seat, target in ((0, "Dan"), (1, "Dan"), (3, "Eve"), (4, "Dan"), (5, "Dan")):
        t.act(seat, {"vote": target})
    assert t.game.stage.value == "night" and t.game.identity(1).sealed
    assert t.view(1)["chat_note"] == SEALED_NOTE and t.view(1)["me"]["sealed"]
    assert any("威嚇" in r["ja"] and "threatened" in r["en"] for r in t.view(1)["me"]["results"])  # told
    assert [t.view(s)["chat_note"] for s in (0, 3, None)] == [None, None, None]


def test_every_cause_is_named_in_both_languages():
    assert len(Cause) >= 25  # the rules' and the roles' (declared beside each role that kills so)
    for cause in Cause:
        named = _cause(cause.value)
        assert named["ja"] == cause.name_ja and named["en"] == cause.name_en, cause
    assert _cause("selfdestruct") == {"id": "selfdestruct", "ja": "自爆", "en": "blew itself up"}
    assert _cause("crafty")["ja"] == "死んだふり" and _cause("dog")["en"] == "bitten by a mad dog"


def test_a_pumpkin_divination_is_claimed_and_read_in_both_languages():
    t = table(["Werewolf", "Diviner", "Human", "Human", "Human", "Human"])
    t.act(0, {"act": "attack", "targets": ["Cat"]})
    settle(t, until=lambda t: t.game.day == 2)
    t.act(1, {"claim": {"kind": "DIVINED", "target": "Ann", "result": "pumpkin"}})
    claim = t.view(3)["claims"][-1]
    assert claim["result"] == "pumpkin" and "かぼちゃ" in claim["ja"] and "pumpkin" in claim["en"], claim


def test_a_divination_of_a_pumpkin_reads_pumpkin_in_both_languages():
    t = table(["Pumpkin", "Diviner", "Werewolf", "Human", "Human", "Human"])
    t.act(0, {"act": "costume", "targets": ["Dan"]})
    t.act(1, {"act": "divine", "targets": ["Dan"]})
    t.act(2, {"act": "attack", "targets": ["Eve"]})
    settle(t, until=lambda t: t.game.day == 2)
    told = [r for r in t.view(1)["me"]["results"] if "Dan" in r["en"]]
    assert any("かぼちゃ" in r["ja"] and "pumpkin" in r["en"] for r in told), told
