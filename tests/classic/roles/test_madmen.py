"""Wave 3's 狂人系 (``roles/madmen.py``; shared/spec/classic-roles-werewolf.md W.3, mechanics W.1).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat
from jinrou.classic.texts import render
from jinrou.classic.views import SeatView

from ..helpers import (
    Recorder,
    action,
    cast,
    chats,
    close,
    dead,
    knows,
    legal_verbs,
    new,
    night,
    result,
    told,
    vote,
    winners,
)


def test_lurking_madman_appears_among_the_wolves_knows_nobody_and_may_be_attacked():
    # W.1.12: listed among the wolves told to wolves, 狂信者, 聴狂人, スパイⅡ; knows nobody; attackable
    g = new(["Werewolf", "LurkingMad", "Fanatic", "HearMadman", "Spy2", "Human", "Human"])
    assert knows(g, "B") == {}
    wolves = {"A": "wolves", "B": "wolves"}
    assert knows(g, "C") == wolves and knows(g, "D") == wolves and knows(g, "E") == wolves
    assert knows(g, "A")["B"] == "wolves"
    assert "B" in legal_verbs(g, "A")["attack"]
    night(g, "A attack B")
    assert dead(g) == {"B": "attack"}
    assert g.identity(1).fortune().value == "human"  # 占 村人


def test_hearing_madman_reads_the_wolf_talk_but_not_its_notices_and_cannot_write():
    # W.3 聴狂人 (reference isListener: log.mode == "werewolf", the talk only)
    g = new(["Werewolf", "HearMadman", "Human", "Human", "Human"])
    assert knows(g, "B") == {"A": "wolves"} and "B" not in knows(g, "A")
    assert chats(g, "B") == set()
    view = SeatView.of(g, 1)
    assert Chat.WOLF in view.reads and Chat.WOLF not in view.writes
    g.apply(action(g, "A attack C"))
    assert told(g, "attack chosen", "B") == []  # the notice is the wolves'


def test_spy2_knows_the_wolves_and_they_know_it_in_a_second_list():
    g = new(["Werewolf", "Werewolf", "Spy2", "Human", "Human", "Human"])
    assert knows(g, "C") == {"A": "wolves", "B": "wolves"}
    assert knows(g, "A") == {"B": "wolves", "C": "Spy2"}


def test_spy2_report_is_public_before_its_death_announcement():
    # W.1.13: 「{name}の調査報告書が発見されました。」 then every seat's current role, before the death's line
    g = new(["Werewolf", "Spy2", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G")
    vote(g, "AB BC CB DB EB FB")
    lines = [(m.key, m.args.get("player")) for _, m in g.messages if m.to is None]
    assert lines.index(("spy report", 1)) + 1 == lines.index(("spy report roles", None)) < lines.index(("died", 1))
    (report,) = [m for _, m in g.messages if m.key == "spy report roles"]
    assert report.args["roles"] == {0: "Werewolf", 1: "Spy2", 2: "Human", 3: "Human", 4: "Human", 5: "Human", 6: "Human"}
    assert render(next(m for _, m in g.messages if m.key == "spy report"), g.names) == "Bの調査報告書が発見されました。"
    assert render(report, g.names).startswith("A:人狼 B:スパイⅡ C:村人")


def test_spy2_report_at_a_night_death_comes_before_the_dawn_announcement():
    g = new(["Werewolf", "Spy2", "Human", "Human", "Human", "Human"], {"wolfattack": "on"})
    night(g, "A attack B")
    keys = [m.key for _, m in g.messages]
    assert keys.index("spy report") < keys.index("died")


def test_spy2_wins_with_the_wolves_only_alive():
    g = new(["Werewolf", "Spy2", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA")
    assert result(g) == "Werewolf" and winners(g) == "AB"
    g = new(["Werewolf", "Spy2", "Human", "Human", "Human", "Human"])
    night(g, "A attack F")
    vote(g, "AB BC CB DB EB")  # the スパイⅡ is executed
    night(g, "A attack C")
    vote(g, "AD DE ED")
    assert result(g) == "Werewolf" and winners(g) == "A"


def test_acrobat_dodges_the_first_wolf_attack_that_reaches_it_once():
    g = new(["Werewolf", "Acrobat", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "A attack B", "C guard D")
    assert dead(g) == {} and told(g, "acrobat", "B") == [{"player": 1}]
    assert render(next(m for _, m in g.messages if m.key == "acrobat"), g.names) == "Bは人狼の襲撃を回避しました。"
    vote(g, "AD BD CD DA EA FA GD")
    night(g, "A attack B", "C guard G")
    assert dead(g) == {"D": "execution", "B": "attack"}


def test_a_guarded_acrobat_keeps_its_dodge():
    g = new(["Werewolf", "Acrobat", "Guard", "Human", "Human", "Human", "Human"], {"scapegoat": "off"})
    night(g, "A attack D", "C guard E")
    vote(g, "AE BE CE EA FA GE")
    night(g, "A attack B", "C guard B")  # the guard stops it: the attack never reaches the acrobat
    assert told(g, "acrobat", "B") == [] and dead(g) == {"D": "attack", "E": "execution"}
    vote(g, "AF BF CF FA GF")
    night(g, "A attack B", "C guard G")
    assert told(g, "acrobat", "B") == [{"player": 1}] and "B" not in dead(g)


def test_black_cat_executed_poisons_a_living_non_wolf_drawn_uniformly():
    g = new(["Werewolf", "BlackCat", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G")
    vote(g, "AB BC CB DB EB FB", draws=[("poison", "D"), ("announcement", ["B", "D"])])
    assert dead(g) == {"G": "attack", "B": "execution", "D": "poison"}
    record = write(g)
    assert record["events"][2] == {"type": "outcome", "draws": [{"draw": "poison", "value": "D"},
                                                                 {"draw": "announcement", "value": ["B", "D"]}]}
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_black_cat_never_poisons_a_wolf_and_only_on_execution():
    g = new(["Werewolf", "Werewolf", "BlackCat", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    rec = Recorder([("poison", "D"), ("announcement", ["C", "D"])])
    cast(g, "AC BC CD DC EC FC GC")
    g.close(rec)
    (_, options, _), = [(k, o, w) for k, o, w in rec.asked if k == "poison"]
    assert sorted(options) == ["D", "E", "F", "G"]  # the living seats but the wolves A, B
    g = new(["Werewolf", "BlackCat", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {"B": "attack"}  # no poison when attacked


def test_wolf_boy_frame_is_read_by_the_seer_not_the_medium_until_the_next_dusk():
    # W.1.5: 人狼 until the seat's next dusk hook; the seer reads it, the 霊能者 does not
    g = new(["Werewolf", "WolfBoy", "Diviner", "Psychic", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"frame": ("A", "B", "C", "D", "E", "F", "G")}
    assert g.awaited() == [0, 2]  # optional
    night(g, "B frame E", "C divine E", "A attack F")
    assert told(g, "divined", "C") == [{"target": 4, "result": "werewolf"}]
    assert g.identity(4).fortune().value == "werewolf" and g.identity(4).psychic().value == "human"
    vote(g, "AE BE CE DE EA GE")  # the framed seat is executed: the medium reads 村人
    assert g.identity(4).fortune().value == "werewolf"  # dead: it keeps the frame
    night(g, "A attack G", "C divine B")
    record = write(g)
    assert {"player": "B", "action": "frame", "target": "E"} in record["events"][0]["actions"]
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def test_wolf_boy_frame_ends_at_the_living_seats_next_dusk():
    g = new(["Werewolf", "WolfBoy", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "B frame D", "C divine E", "A attack F")
    assert g.identity(3).fortune().value == "werewolf"
    vote(g, "AE BE CE DE EA GE")
    assert g.identity(3).fortune().value == "human"  # removed at the dusk hook
    night(g, "C divine D", "A attack G")
    assert told(g, "divined", "C")[-1] == {"target": 3, "result": "human"}


def test_wolf_boy_frame_is_not_seen_by_the_framed_seat_or_others():
    g = new(["Werewolf", "WolfBoy", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "B frame D", "C divine E", "A attack F")
    for seat in range(7):
        view = SeatView.of(g, seat)
        assert "Framed" not in str(view.roles) and "Framed" not in str([m for m in view.messages])


def test_a_scapegoat_acrobat_survives_night_one():
    # W.3 曲芸師: the scapegoat's night-1 attack is its first wolf attack
    g = new(["Acrobat", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"},
            start=[("scapegoat attacker", "B")])
    assert g.scapegoat == 0
    close(g)
    assert dead(g) == {} and told(g, "acrobat", "A") == [{"player": 0}]
