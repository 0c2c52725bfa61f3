"""What the classic room's one stream is made of (issue 38): log lines marked by the public lines so
far, a header at each day and night, 投票結果 as a table, claims as talk, the notices of a seat under
the section they belong to, and 独り言 — each seat's own channel, read by its writer alone until the
end."""

from __future__ import annotations

from typing import Any

from jinrou.modes.classic_view import HEADS

from .test_classic_mode import NAMES, Table

SIX = {"players": 6, "cast": "fixed", "roles": {"Werewolf": 1, "King": 1, "Diviner": 1, "Human": 4},
       "rules": {"scapegoat": "on"}}
ROLES = ["Human", "King", "Werewolf", "Diviner", "Human", "Human", "Human"]  # 身代わりくん, Ann (王様), Ben (人狼), Cat (占い師)


def table() -> Table:
    return Table(SIX, roles=ROLES, humans=range(6))


def night_one(t: Table) -> None:
    t.act(2, {"act": "divine", "targets": ["Ben"]})
    for seat in range(6):
        if seat in t.mode.awaited(t.state):
            t.act(seat, {"done": True})


def publics(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [line for line in log if not line.get("private")]


def test_public_lines_count_themselves_and_a_private_line_those_before_it():
    t = table()
    night_one(t)
    for seat in (None, 0, 1, 2):
        log = t.view(seat)["log"]
        assert [line["m"] for line in publics(log)] == list(range(1, len(publics(log)) + 1)), seat
    seer = t.view(2)["log"]
    told = [i for i, line in enumerate(seer) if line.get("private")]
    assert told and all(seer[i]["ja"].startswith("» ") for i in told)
    for i in told:  # the public lines before it, whoever reads
        assert seer[i]["m"] == sum(1 for line in seer[:i] if not line.get("private"))
    assert t.mode.log_mark(t.state) == len(publics(t.view(None)["log"]))  # a chat line said now: after them all


def test_each_day_and_night_opens_with_its_header_and_the_notices_say_theirs():
    t = table()
    night_one(t)
    heads = [line["head"] for line in t.view(None)["log"] if "head" in line]
    assert heads == [{"ja": "1日目 夜", "en": "Night 1"}, {"ja": "2日目 昼", "en": "Day 2"}]
    results = t.view(2)["me"]["results"]
    assert results == [{"ja": "Benを占ったところ、人狼でした", "en": "Your divination: Ben is werewolf.",
                        "at": {"ja": "2日目 昼", "en": "Day 2"}}], results  # told at dawn (divineresult sunrise)
    for seat in range(6):
        t.act(seat, {"vote": "Fay" if seat != 5 else "Eve"})
    t.act(1, {"act": "attack", "targets": ["Dan"]})
    wolf = t.view(1)["me"]["results"]
    assert wolf == [{"ja": "BenがDanを襲撃します", "en": "Ben will attack Dan.", "at": {"ja": "2日目 夜", "en": "Night 2"}}]
    assert set(HEADS) == {"night", "morning", "end"}


def test_the_votes_are_a_table_per_ballot_with_the_votes_each_got_weights_included():
    t = table()
    night_one(t)
    votes = {0: "Ben", 1: "Cat", 2: "Ben", 3: "Ben", 4: "Cat", 5: "Ben"}  # Ann is the King: her vote weighs 2
    for seat, target in votes.items():
        t.act(seat, {"vote": target})
    tables = [line for line in t.view(None)["log"] if "votes" in line]
    assert len(tables) == 1
    rows = {row["voter"]: (row["target"], row["got"]) for row in tables[0]["votes"]}
    assert rows == {"Ann": ("Ben", 0), "Ben": ("Cat", 5), "Cat": ("Ben", 2), "Dan": ("Ben", 0), "Eve": ("Cat", 0),
                    "Fay": ("Ben", 0)}
    assert [row["voter"] for row in tables[0]["votes"]] == list(NAMES[:6])  # in seat order, as 月下人狼
    assert tables[0]["ja"].startswith("投票結果: ")  # the line itself stays, for a terminal


def test_a_claim_is_said_by_its_seat():
    t = table()
    night_one(t)
    t.act(3, {"claim": {"kind": "CO", "role": "Diviner"}})
    said = [line for line in t.view(1)["log"] if "by" in line]
    assert said[-1]["by"] == "Dan" and said[-1]["said"] == {"ja": "占い師CO", "en": "I am the Seer."}, said[-1]


# ---------------------------------------------------------------------- 独り言


def monologues(t: Table, seat: int | None) -> dict[str, bool]:
    return {c.key: c.writable for c in t.mode.channels(t.state, seat) if c.key.startswith("monologue")}


def test_each_seat_has_its_own_monologue_no_other_seat_nor_a_spectator_reads():
    t = table()
    for seat in range(6):
        assert monologues(t, seat) == {f"monologue-{seat}": True}  # night: the only chat of a villager
    assert monologues(t, None) == {}
    village = {c.key: (c.closed, c.closed_ja) for c in t.mode.channels(t.state, 3)}["village"]
    assert village == ("it is night: the village sleeps and nobody talks",
                       "夜です。村は眠っていて、朝まで誰も話せません（独り言は書けます）")  # why, in both languages
    assert t.mode.channels(t.state, 3)[0].to_json()["why"]["ja"].endswith("（独り言は書けます）")


def test_the_dead_write_no_monologue_and_at_the_end_everybody_reads_each_one_named():
    t = table()
    night_one(t)
    for seat, target in {0: "Ben", 1: "Eve", 2: "Eve", 3: "Eve", 4: "Ben", 5: "Eve"}.items():
        t.act(seat, {"vote": target})
    assert not t.game.alive[5]  # Eve (room seat 4) was executed
    dead = t.mode.channels(t.state, 4)
    assert monologues(t, 4) == {"monologue-4": False}
    assert {c.key: c.closed for c in dead}["monologue-4"] == "the dead write in 霊界 (the dead)"
    t.play_humans()
    over = t.mode.channels(t.state, 0)
    shown = {c.key: (c.en, c.ja) for c in over if c.key.startswith("monologue")}
    assert shown == {"monologue-0": ("Monologue (Ann)", "独り言（Ann）")}  # the room lists every seat's at the end


# ---------------------------------------------------------------------- safe controls


def legal(t: Table, seat: int) -> dict[str, dict[str, Any]]:
    return {lg["verb"]: lg for lg in t.view(seat)["legal"]}


def test_what_cannot_be_taken_back_is_asked_again_and_nothing_else():
    cast = {"players": 7, "cast": "fixed", "roles": {"Werewolf": 1, "Dictator": 1, "Witch": 1, "Diviner": 1, "Human": 4},
            "rules": {"scapegoat": "on"}}
    t = Table(cast, roles=["Human", "Dictator", "Witch", "Diviner", "Werewolf", "Human", "Human", "Human"], humans=range(7))
    assert legal(t, 2)["divine"]["confirm"] is False
    t.act(2, {"act": "divine", "targets": ["Dan"]})
    for seat in range(7):
        t.act(seat, {"done": True})
    assert legal(t, 0)["dictate"]["confirm"] is True and legal(t, 0)["vote"]["confirm"] is False
    t.act(0, {"act": "dictate", "targets": ["Fay"]})
    potions = legal(t, 1)
    assert potions["poison"]["confirm"] is True and potions["revive"]["confirm"] is True
    assert legal(t, 3)["attack"]["confirm"] is False  # the wolves' nightly attack: their routine


def test_a_wolf_cubs_death_gives_the_wolves_two_attacks_and_their_forms_say_so():
    cast = {"players": 7, "cast": "fixed", "roles": {"WolfCub": 1, "Werewolf": 1, "Diviner": 1, "Human": 5},
            "rules": {"scapegoat": "on"}}
    t = Table(cast, roles=["Human", "WolfCub", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"],
              humans=range(7))
    t.act(2, {"act": "divine", "targets": ["Eve"]})
    for seat in range(7):
        t.act(seat, {"done": True})
    for seat in range(7):
        t.act(seat, {"vote": "Ann" if seat != 0 else "Eve"})  # the 狼の子 is executed
    first = legal(t, 1)["attack"]
    assert first["note"] == {"ja": "今夜は2回襲撃できます（1回目）", "en": "2 attacks tonight (this is attack 1)"}
    t.act(1, {"act": "attack", "targets": ["Eve"]})
    second = legal(t, 1)["attack"]
    assert second["note"] == {"ja": "今夜は2回襲撃できます（2回目・任意）", "en": "2 attacks tonight (this is attack 2, optional)"}
    assert "attack" not in legal(t, 3) and "2回襲撃" not in str(t.view(3)) and "2回襲撃" not in str(t.view(None))
