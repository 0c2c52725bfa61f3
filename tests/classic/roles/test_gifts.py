"""Issue 34, gifts and leaving: サンタクロース トナカイ 帰省者 (``roles/village_gifts.py``; shared/spec/
classic-roles-village-2.md V2.2, mechanics V2.1.6 leaving, V2.1.7 kits given at once or from the next night).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.texts import render
from jinrou.errors import IllegalActionError

from ..helpers import (
    Recorder,
    action,
    alive,
    dead,
    knows,
    legal_verbs,
    new,
    night,
    result,
    seat,
    snapshot,
    told,
    vote,
    winners,
)


def same_replay(g) -> None:  # type: ignore[no-untyped-def]
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def lines(g, key: str, lang: str = "ja") -> list[str]:  # type: ignore[no-untyped-def]
    return [render(m, g.names, lang) for _, m in g.messages if m.key == key]


def extras(g, letter: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [layer.role.id for layer in g.identity(seat(g, letter)).extras()]


# ---------------------------------------------------------------------- サンタクロース


def test_santa_must_gift_a_seat_it_has_not_gifted_and_the_kit_opens_the_next_night():
    g = new(["Werewolf", "SantaClaus", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B")["gift"] == tuple("ACDEF")
    assert any(lg.required for lg in g.legal_actions(seat(g, "B")))
    g.apply(action(g, "B gift C"))
    assert lines(g, "gift chosen") == ["BはCにプレゼントを届けました。"]
    night(g, "A attack D", draws=[("santa gift", "Diviner")])
    assert lines(g, "kit arrived") == ["Cに占いセットが到着しました。"]
    assert told(g, "kit arrived", "C") and not told(g, "kit arrived", "B") and not told(g, "kit arrived", None)
    assert extras(g, "C") == ["DivinerKit"]
    vote(g, "AE BE CE EA FE")
    assert legal_verbs(g, "B")["gift"] == ("A", "F")  # C was given one, D and E are dead
    assert "divine" in legal_verbs(g, "C")  # usable from the next night, optional
    assert not any(lg.required for lg in g.legal_actions(seat(g, "C")))
    same_replay(g)


def test_a_present_drawn_by_the_references_odds_and_a_poisoned_one_kills():
    g = new(["Werewolf", "SantaClaus", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "A attack D"))
    g.apply(action(g, "B gift C"))
    recorder = Recorder([("santa gift", "poison"), ("announcement", ["C", "D"])])
    g.close(recorder)
    # the reference's table in thousandths: poison .05, 聖痕者 .05, 玉手箱 .05, 聖職者 .075, 巫女 .075, 占 .25, 狩 .25, 霊 .2
    assert ("santa gift", ["poison", "HolyMarked", "Oldman", "Priest", "Miko", "Diviner", "Guard", "Psychic"],
            [50, 50, 50, 75, 75, 250, 250, 200]) in recorder.asked
    assert dead(g) == {"C": "poison", "D": "attack"}
    assert lines(g, "poison gift") == ["Cに毒入りプレゼントが届きました。"]


@pytest.mark.parametrize(("thing", "ja", "held", "verb"), [
    ("Priest", "聖職者セット", "Priest", "protect"), ("Miko", "コスプレセット（巫女）", "Miko", "pray"),
    ("Guard", "狩人セット", "GuardKit", "guard"), ("Psychic", "霊能セット", "PsychicKit", None),
    ("HolyMarked", "聖痕者セット", "HolyMarked", None), ("Oldman", "玉手箱", "Oldman", None)])
def test_each_present_is_its_role_held_as_a_kit(thing, ja, held, verb):
    g = new(["Werewolf", "SantaClaus", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B gift C", draws=[("santa gift", thing)])
    assert lines(g, "kit arrived") == [f"Cに{ja}が到着しました。"]
    assert extras(g, "C") == [held]
    vote(g, "AE BE CE EA FE GE")
    if verb is not None:
        assert verb in legal_verbs(g, "C")
    assert g.identity(seat(g, "C")).role.id == "Human" and g.identity(seat(g, "C")).team().value == "Human"


def test_a_tamatebako_ages_its_holder_as_an_old_man():
    g = new(["Werewolf", "SantaClaus", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B gift C", draws=[("santa gift", "Oldman")])
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "B gift G", draws=[("santa gift", "Guard"), ("announcement", ["C", "F"])])
    assert dead(g)["C"] == "infirm"  # day 3 > 2 × 1 living wolf role (V1.2 老人)


def test_santa_leaves_at_the_dawn_after_all_are_gifted_and_wins_whatever_the_result():
    g = new(["Werewolf", "SantaClaus", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B gift C", draws=[("santa gift", "Guard")])
    vote(g, "AE BE CE EA FE")
    night(g, "A attack F", "B gift A", draws=[("santa gift", "Diviner")])
    assert dead(g)["B"] == "leave" and dead(g)["F"] == "attack"
    assert lines(g, "died")[-1] == "Bは村を去りました"
    assert result(g) == "Werewolf" and winners(g) == "AB"  # it left: it wins whatever the result
    same_replay(g)


def test_a_santa_kept_alive_has_left_all_the_same():
    g = new(["Werewolf", "SantaClaus", "Priest", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B gift C", "C protect B", draws=[("santa gift", "Psychic")])
    vote(g, "AE BE CE EA FE GE HE")
    night(g, "A attack F", "B gift G", draws=[("santa gift", "Guard")])
    assert not g.identity(seat(g, "B")).main.memory.left  # A and H have had no present yet
    vote(g, "AH BH CH GH HA")
    night(g, "A attack G", "B gift A", draws=[("santa gift", "Guard")])
    assert g.alive[seat(g, "B")] and g.identity(seat(g, "B")).main.memory.left  # kept by the protection
    assert told(g, "holy protection used", "B") and "gift" not in legal_verbs(g, "B")
    vote(g, "AC BA CA")
    assert result(g) == "Human" and "B" in winners(g)


def test_a_reindeer_takes_santas_wolf_attack_and_santa_is_death_resistant_while_one_lives():
    g = new(["Werewolf", "SantaClaus", "Reindeer", "Reindeer", "Human", "Human", "Human"])
    assert g.identity(seat(g, "B")).attribute(g.ctx, "death_resistance")
    assert knows(g, "C") == {"B": "SantaClaus"} and knows(g, "B") == {}
    night(g, "A attack B", "B gift E", draws=[("santa gift", "Guard"), ("reindeer victim", "D")])
    assert dead(g) == {"D": "attack"}
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack B", "B gift F", draws=[("santa gift", "Guard"), ("reindeer victim", "C")])
    assert dead(g)["C"] == "attack" and g.alive[seat(g, "B")]
    assert not g.identity(seat(g, "B")).attribute(g.ctx, "death_resistance")  # no トナカイ lives
    same_replay(g)


def test_reindeer_follow_the_last_santa_in_death_and_win_when_a_santa_left():
    g = new(["Werewolf", "SantaClaus", "Reindeer", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B gift E", draws=[("santa gift", "Guard")])
    vote(g, "AB BA CB EB FB GB", draws=[("announcement", ["B", "C"])])  # B executed, C follows
    assert dead(g) == {"D": "attack", "B": "execution", "C": "suicide"}
    g2 = new(["Werewolf", "SantaClaus", "Reindeer", "Human", "Human", "Human"])
    night(g2, "A attack D", "B gift C", draws=[("santa gift", "Guard")])
    vote(g2, "AE BE CE EA FE")
    night(g2, "A attack F", "B gift A", draws=[("santa gift", "Guard"), ("announcement", ["B", "C"])])
    assert dead(g2)["B"] == "leave" and dead(g2)["C"] == "suicide"  # the サンタ that left is dead
    assert result(g2) == "Werewolf" and winners(g2) == "ABC"  # a トナカイ wins when a サンタ left
    same_replay(g2)


def test_a_bad_gift_is_refused_with_its_reason_and_changes_nothing():
    g = new(["Werewolf", "SantaClaus", "Human", "Human", "Human", "Human"])
    before = snapshot(g)
    for text in ("B gift B", "C gift A"):
        with pytest.raises(IllegalActionError):
            g.apply(action(g, text))
    assert snapshot(g) == before
    night(g, "A attack D", "B gift C", draws=[("santa gift", "Guard")])
    vote(g, "AE BE CE EA FE")
    with pytest.raises(IllegalActionError, match="C"):
        g.apply(action(g, "B gift C"))  # C had its present


# ---------------------------------------------------------------------- 帰省者


def test_homecomer_hands_a_kit_at_once_usable_that_night_and_leaves_on_night_three():
    g = new(["Werewolf", "HomeComer", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert "kit" not in legal_verbs(g, "B")
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    assert legal_verbs(g, "B")["kit"] == tuple("ACFGH")
    g.apply(action(g, "B kit C Diviner"))
    assert lines(g, "home kit sent") == ["BはCへ占いセットを渡しました。"]
    assert lines(g, "kit arrived") == ["Cに占いセットが到着しました。"]
    assert lines(g, "home kit sent", "en") == ["B handed a seer kit to C."]
    assert "divine" in legal_verbs(g, "C")  # that very night
    g.apply(action(g, "C divine A"))
    night(g, "A attack F")
    assert "B" not in dead(g)  # night 2: it stays
    vote(g, "AG BG CG GA HG")
    assert "kit" not in legal_verbs(g, "B")  # once
    night(g, "A attack H", draws=[("announcement", ["B", "H"])])
    assert dead(g)["B"] == "leave"  # night 3, announced at the dawn of day 4
    assert "Bは村を去りました" in lines(g, "died")
    same_replay(g)


def test_a_homecomer_kept_by_a_holy_protection_tries_again_the_next_night():
    g = new(["Werewolf", "HomeComer", "Priest", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C protect B")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "A attack F")
    vote(g, "AG BG CG GA HG IG")
    night(g, "A attack H")  # night 3: the protection keeps it
    assert "B" not in dead(g)
    vote(g, "AI BI CI IA")
    night(g, "A attack C", draws=[("announcement", ["B", "C"])])
    assert dead(g)["B"] == "leave" and alive(g) == "A"


def test_emma_reads_a_reindeers_death_as_following_santa():
    g = new(["Werewolf", "SantaClaus", "Reindeer", "Emma", "Human", "Human", "Human"])
    night(g, "A attack E", "B gift F", draws=[("santa gift", "Guard")])
    vote(g, "AB BA CB DB FB GB", draws=[("announcement", ["B", "C"])])
    assert "Cはサンタクロースの後を追って死亡したようです。" in lines(g, "emma santa")


def test_a_present_is_not_named_with_the_role_in_the_end_table():
    """The reference hands a present as a plain Complex, whose job name is its holder's alone: the end table
    and 霊界 show 「村人」 for a 村人 holding a 占いセット (the kit stays among its told layers)."""
    from jinrou.classic.texts import shown_role
    from jinrou.classic.views import SeatView

    g = new(["Werewolf", "SantaClaus", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B gift C", draws=[("santa gift", "Diviner")])
    seen = SeatView.of(g, seat(g, "D"))  # the dead see every role (霊界表示)
    c = seat(g, "C")
    assert seen.subs_of[c] == ("DivinerKit",)
    assert (shown_role(seen.roles[c], seen.subs_of[c], "ja"), shown_role(seen.roles[c], seen.subs_of[c], "en")) == (
        "村人", "Villager")
