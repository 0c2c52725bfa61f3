"""Issue 34, crowds: デスノート and 死神の手帳, 花見客 and the 酔っ払い, 配信者 and its listeners
(``roles/village_crowds.py``; shared/spec/classic-roles-village-2.md V2.2, mechanics V2.1.7 nightly roles,
V2.1.8b streams, V2.1.9 the 酔っ払い, V2.1.16 死神の手帳).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.texts import render
from jinrou.classic.views import SeatView
from jinrou.errors import ImpossibleOutcomeError

from ..helpers import action, chats, close, dead, knows, legal_verbs, new, night, seat, told, vote


def same_replay(g) -> None:  # type: ignore[no-untyped-def]
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def lines(g, key: str, lang: str = "ja") -> list[str]:  # type: ignore[no-untyped-def]
    return [render(m, g.names, lang) for _, m in g.messages if m.key == key]


def extras(g, letter: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [layer.role.id for layer in g.identity(seat(g, letter)).extras()]


# ---------------------------------------------------------------------- デスノート


def test_light_writes_from_night_two_past_guards_and_wolves_and_the_cause_stays_hidden():
    g = new(["Werewolf", "Werewolf", "Light", "Guard", "Human", "Human", "Human", "Human"])
    assert "write" not in legal_verbs(g, "C")
    night(g, "A attack E", "D guard F")
    vote(g, "AF BF CF DF FA GF HF")
    assert legal_verbs(g, "C")["write"] == tuple("ABDGH")  # another living seat (settled here)
    assert not any(lg.required for lg in g.legal_actions(seat(g, "C")))
    g.apply(action(g, "C write A"))
    assert lines(g, "wrote") == ["CがAの名前を死神の手帳に書きました。"]
    assert told(g, "wrote", "C") and not told(g, "wrote", None)
    night(g, "B attack G", "D guard A", draws=[("announcement", ["A", "G"])])  # a guard does not save A
    assert dead(g)["A"] == "deathnote"
    assert "Aは死体で発見されました" in lines(g, "died")
    assert "A was found dead in bed." in lines(g, "died", "en")
    assert SeatView.of(g, seat(g, "H")).causes[seat(g, "A")] is None  # hidden until the end
    same_replay(g)


def test_the_death_note_option_hands_a_one_night_note_at_each_dawn():
    g = new(["Werewolf", "Human", "Human", "Human", "Human", "Human", "Guard"], {"deathnote": "on"})
    night(g, "A attack B", "G guard C", draws=[("deathnote holder", "C")])
    assert extras(g, "C") == ["DeathNote"]
    assert "DeathNote" in SeatView.of(g, seat(g, "C")).subs  # its role view lists it (not told otherwise)
    assert not [m for _, m in g.messages if m.to and seat(g, "C") in m.to]
    assert not SeatView.of(g, seat(g, "D")).subs
    vote(g, "AD CD DA ED FD GD")
    assert legal_verbs(g, "C")["write"] == tuple("AEFG")
    night(g, "A attack E", "C write A", "G guard A", draws=[("announcement", ["A", "E"]), ("deathnote holder", "F")])
    assert dead(g)["A"] == "deathnote" and extras(g, "C") == []  # gone at level 100 of that night
    assert g.outcome is not None and g.outcome.winner_id == "Human"
    assert write(g)["settings"]["deathnote"] == "on"
    same_replay(g)


def test_an_unused_note_goes_at_level_100_and_a_dead_holder_keeps_it():
    g = new(["Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"], {"deathnote": "on"})
    night(g, "A attack B", draws=[("deathnote holder", "C")])
    vote(g, "AD CD DA ED FD GD")
    night(g, "A attack C", draws=[("deathnote holder", "E")])  # C dies at 105, after its note left at 100
    assert extras(g, "C") == [] and extras(g, "E") == ["DeathNote"]
    vote(g, "AF EF FA GF")
    night(g, "A attack E", draws=[("deathnote holder", "A")])  # E's unused note goes at 100, before the attack at 105
    assert extras(g, "E") == [] and g.outcome is not None  # the dawn that ends the game still hands a note


def test_the_holder_of_a_dawn_that_ends_the_game_is_drawn_before_the_win_check_unless_judged_first():
    # the reference hands the note at the start of its day, before that day's first judgement (hunter_lastattack
    # yes); with ``no``, or after a hunter phase between the night and the day, it judges first
    for settings, holders in (({}, [("deathnote holder", "A")]), ({"hunter_lastattack": "no"}, [])):
        g = new(["Werewolf", "Human", "Human", "Human", "Human"], {"deathnote": "on", **settings})
        night(g, "A attack B", draws=[("deathnote holder", "C")])
        vote(g, "AD CD DA ED")
        night(g, "A attack C", draws=holders)  # A and E left: the wolves win at this dawn
        assert g.outcome is not None and g.outcome.winner_id == "Werewolf"
        assert extras(g, "A") == (["DeathNote"] if holders else [])
    for target, holders in (("A", []), ("C", [("deathnote holder", "D")])):
        g = new(["Werewolf", "Hunter", "Human", "Human", "Human", "Human", "Human"], {"deathnote": "on"})
        night(g, "A attack B")  # the hunter phase comes first: no holder drawn yet
        assert g.stage.value == "hunter" and extras(g, "D") == []
        g.apply(action(g, f"B shoot {target}"))
        close(g, holders)  # the wolf shot: the village wins at the judgement after the phase, before any holder
        assert (g.outcome is not None) == (target == "A") and extras(g, "D") == (["DeathNote"] if holders else [])


# ---------------------------------------------------------------------- 花見客 and the 酔っ払い


def test_a_hanami_makes_a_seat_drunk_at_casting_and_a_drunk_wolf_believes_it_is_a_villager():
    roles = ["Werewolf", "Werewolf", "Hanami", "Diviner", "Human", "Human", "Human", "Human", "Human", "Human"]
    g = new(roles, start=[("drunk", ["A"])])
    assert extras(g, "A") == ["Drunk"]
    view = SeatView.of(g, seat(g, "A"))
    assert (view.role, view.team.value, view.subs, view.known) == ("Human", "Human", (), {})
    assert legal_verbs(g, "A") == {} and chats(g, "A") == set() and knows(g, "A") == {}
    assert "A" in knows(g, "B")  # the other wolf still knows it
    assert lines(g, "hanami") == ["Cたちは花見を楽しみました。まだ誰か酔っ払っているようです。"]
    assert told(g, "hanami", "C") and not told(g, "hanami", None)
    night(g, "B attack E", "D divine A")
    assert told(g, "divined", "D")[-1]["result"] == "werewolf"  # its results stay its role's
    vote(g, "AF BF CF DF FA GF HF IF JF")
    assert legal_verbs(g, "A") == {}  # night 2: still drunk
    night(g, "B attack G", "D divine H")
    vote(g, "AH BH CH DH HA IH JH")
    assert lines(g, "woke") == ["Aは目が覚めました。"] and told(g, "woke", "A")
    assert "attack" in legal_verbs(g, "A") and extras(g, "A") == []
    assert SeatView.of(g, seat(g, "A")).role == "Werewolf"
    same_replay(g)


def test_a_seat_still_drunk_is_shown_as_the_drunk_at_the_end_and_one_awake_by_its_role():
    """The reference's Drunk.getJobname: 「酔っ払い（{role}）」 while the mark is on — the end table and 霊界
    name the seat so; a seat that woke lost the mark and shows its role alone."""
    from jinrou.classic.texts import shown_role

    g = new(["Werewolf", "Hanami", "Diviner", "Human", "Human", "Human"], start=[("drunk", ["A"])])
    night(g, "C divine B")  # the drunk wolf cannot attack
    vote(g, "AD BA CA DA EA FA")  # and is executed on day 2, still drunk
    assert g.is_over and dead(g)["A"] == "execution"
    end = SeatView.of(g, seat(g, "B"))
    assert end.subs_of[seat(g, "A")] == ("Drunk",)
    assert shown_role(end.roles[seat(g, "A")], end.subs_of[seat(g, "A")], "ja") == "酔っ払い（人狼）"
    assert shown_role("Werewolf", ("Drunk",), "en") == "Drunk (Werewolf)"
    awake = new(["Werewolf", "Werewolf", "Hanami", "Diviner", "Human", "Human", "Human", "Human", "Human", "Human"],
                start=[("drunk", ["A"])])
    night(awake, "B attack E", "D divine A")
    vote(awake, "AF BF CF DF FA GF HF IF JF")
    night(awake, "B attack G", "D divine H")
    vote(awake, "AH BH CH DH HA IH JH")  # night 3: it woke
    assert extras(awake, "A") == [] and SeatView.of(awake, seat(awake, "H")).subs_of.get(seat(awake, "A"), ()) == ()


def test_the_drunk_draw_skips_villagers_and_hanami_and_the_option_adds_one():
    roles = ["Werewolf", "Hanami", "Human", "Diviner", "Guard", "Human", "Human"]
    with pytest.raises(ImpossibleOutcomeError, match="drunk must be a list"):
        new(roles, start=[("drunk", ["C"])])  # a 村人
    with pytest.raises(ImpossibleOutcomeError, match="drunk must be a list"):
        new(roles, start=[("drunk", ["A", "D"])])  # one 花見客: one drunk
    g = new(roles, {"drunk": "on"}, start=[("drunk", ["D", "E"])])
    assert extras(g, "D") == ["Drunk"] and extras(g, "E") == ["Drunk"]
    assert new(roles, start=[("drunk", [])]).identity(0).extras() == ()  # a record may give fewer
    g2 = new(["Werewolf", "Diviner", "Human", "Human", "Human"], {"drunk": "on"}, start=[("drunk", ["B"])])
    assert extras(g2, "B") == ["Drunk"] and write(g2)["settings"]["drunk"] == "on"
    assert "divine" not in legal_verbs(g2, "B")  # nothing required: no sudden death
    night(g2, "A attack C")
    assert "B" not in dead(g2)


def test_a_drunk_seats_dusk_hook_is_skipped_and_runs_on_the_night_it_wakes():
    # 配信者 draws its listeners at its first dusk: drunk, it draws them at the dusk it wakes (night 3)
    roles = ["Werewolf", "Streamer", "Human", "Human", "Human", "Human", "Human", "Hanami"]
    g = new(roles, start=[("drunk", ["B"])])
    assert not [d for d in write(g)["events"][0].get("draws", []) if d["draw"] == "listeners"]
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    night(g, "A attack E")
    vote(g, "AF BF FA GF HF", draws=[("listeners", ["G", "H"])])
    assert extras(g, "B") == [] and told(g, "listening", "G")


# ---------------------------------------------------------------------- 配信者


def streaming():  # type: ignore[no-untyped-def]
    roles = ["Werewolf", "Streamer", "Human", "Human", "Human", "Human", "Human", "Human"]
    return new(roles, start=[("listeners", ["C", "D"])])


def test_a_streamers_listeners_are_drawn_at_its_first_dusk_and_read_its_stream():
    g = streaming()  # ⌊8/4⌋ = 2 listeners among the living seats other than it
    assert extras(g, "C") == ["Listener"] and extras(g, "D") == ["Listener"]
    assert lines(g, "listening") == ["CはBの視聴者になりました。", "DはBの視聴者になりました。"]
    assert told(g, "listening", "C") == [{"player": seat(g, "C"), "target": seat(g, "B")}]
    assert knows(g, "C") == {"B": "Streamer"} and knows(g, "E") == {}
    stream = "stream-1"
    assert chats(g, "B") == {stream}
    assert stream in SeatView.of(g, seat(g, "C")).reads and stream not in SeatView.of(g, seat(g, "C")).writes
    assert stream not in SeatView.of(g, seat(g, "E")).reads
    assert stream in SeatView.of(g, seat(g, "B")).writes


def test_a_streamer_tries_a_fresh_role_each_dusk_and_its_notices_reach_its_listeners():
    g = streaming()
    night(g, "A attack E")
    vote(g, "AF BF CF DF FA GF HF", draws=[("streamer role", "Diviner")])
    assert lines(g, "trying") == ["Bは今夜は占い師をやってみることにしました。"]
    assert told(g, "trying", "C") and told(g, "trying", "D") and not told(g, "trying", "E")
    assert extras(g, "B") == ["Diviner"] and "divine" in legal_verbs(g, "B")
    g.apply(action(g, "B divine A"))
    night(g, "A attack G")
    assert told(g, "divined", "C") and not told(g, "divined", "E")  # its result reaches its listeners
    vote(g, "AH BH CH DH HA", draws=[("streamer role", "Guard")])
    assert extras(g, "B") == ["Guard"]  # in place of the last
    same_replay(g)


def test_a_streamer_without_listeners_retires_and_its_listeners_stop():
    g = streaming()
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")  # both listeners dead
    assert g.identity(seat(g, "B")).role.id == "Human" and lines(g, "retired") == [
        "Bは視聴者がいなくなり引退して村人になりました。"]
    g2 = streaming()
    night(g2, "A attack E")
    vote(g2, "AB BA CB DB FB GB HB")  # the 配信者 executed: dead, it still holds 配信者
    assert extras(g2, "D") == ["Listener"]
    g2.change_role(seat(g2, "B"), "Human")  # a seat that no longer holds 配信者 (a role change)
    night(g2, "A attack F")
    vote(g2, "AG CG DG GA HG")
    assert extras(g2, "D") == [] and extras(g2, "C") == []


def test_a_streamer_is_told_only_how_many_listeners_live_and_its_listeners_are_not():
    g = streaming()  # V2.2: the 配信者 sees only how many listeners live
    assert lines(g, "audience") == ["Bの視聴者は2人です。"] and lines(g, "audience", "en") == ["B has 2 listeners alive."]
    assert told(g, "audience", "B") == [{"player": seat(g, "B"), "count": 2}]
    assert not told(g, "audience", "C") and not told(g, "audience", "D") and not told(g, "audience", None)
    view = SeatView.of(g, seat(g, "B"))
    assert view.known == {} and [m.key for _, m in view.messages if m.key == "audience"] == ["audience"]  # not who
    night(g, "A attack C")  # one listener dies
    vote(g, "AF BF DF EF FA GF HF", draws=[("streamer role", "Guard")])
    assert [m["count"] for m in told(g, "audience", "B")] == [2, 1]
    assert not told(g, "audience", "D")
    same_replay(g)


def test_a_message_declared_unrelayed_reaches_its_seat_but_no_listener():
    from jinrou.classic.model import Message

    key = Message.declare("test unrelayed", "{player}への歌", "a poem for {player}", relayed=False)
    try:
        g = streaming()
        g.tell(seat(g, "B"), key, player=seat(g, "B"))
        g.tell(seat(g, "B"), "trying", player=seat(g, "B"), role="Guard")
        assert told(g, key, "B") and not told(g, key, "C") and not told(g, key, "D")
        assert told(g, "trying", "C") and told(g, "trying", "D")
    finally:
        Message.forget(key)
