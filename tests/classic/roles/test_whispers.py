"""Issue 24, group VE (``roles/village_seers.py``, the block headed "group VE"; 呪いをかける者 in
``roles/village_ballots.py``, 御子 and 通訳 in ``roles/village.py``): 嘘つき, 超常現象研究者, 呪いをかける者, 御子, 通訳 and the mechanics they bring — the couple chat's new readers and writers and
沈黙 (V1.1.15), the divination variants (嘘つき's draw, 超常現象研究者's seat and neighbours), 通訳's
pairing at level 45 and 御子's revival (shared/spec/classic-roles-village-1.md V1.2).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.abilities import Verb
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat
from jinrou.classic.texts import render, verb_label
from jinrou.classic.views import DAY_CHAT, SeatView, heaven_sees_all
from jinrou.errors import IllegalActionError

from ..helpers import (
    Recorder,
    action,
    chats,
    close,
    dead,
    knows,
    legal_verbs,
    new,
    night,
    result,
    snapshot,
    told,
    vote,
    winners,
)


def line(g, key: str, lang: str = "ja") -> str:
    """The last message ``key`` rendered."""
    return render(next(m for _, m in reversed(g.messages) if m.key == key), g.names, lang)


def round_trip(g) -> None:
    """The record replays to the same events (write → replay → write)."""
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def refused(g, text: str, says: str) -> None:
    """``text`` is refused with a message containing ``says``, and nothing changes."""
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as error:
        g.apply(action(g, text))
    assert says in str(error.value)
    assert snapshot(g) == before


# ---------------------------------------------------------------------- 嘘つき


def test_liar_must_divine_any_other_seat_living_or_dead_not_itself():
    g = new(["Werewolf", "Liar", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E", "F")}
    assert 1 in g.awaited()  # required
    night(g, "A attack C", "B divine A", draws=[("liar divination", True)])
    vote(g, "AD BD DA ED FD")  # C and D are dead: divining them is still allowed
    assert legal_verbs(g, "B")["divine"] == ("A", "C", "D", "E", "F")
    refused(g, "B divine B", "cannot divine B")


def test_liar_draws_three_in_ten_for_the_truth_and_swaps_human_and_werewolf_otherwise():
    g = new(["Werewolf", "Liar", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "A attack C"))
    g.apply(action(g, "B divine A"))
    d = Recorder([("liar divination", False)])
    g.close(d)
    assert d.asked == [("liar divination", [True, False], [3, 7])]
    assert told(g, "liar divined", "B") == [{"target": 0, "result": "human"}]  # a lie: 人狼 → 村人
    assert line(g, "liar divined") == "あんまり自信ないけど、霊能占いの結果、Aは村人だと思う。たぶん。"
    vote(g, "AD BD DA ED FD")
    night(g, "A attack E", "B divine F", draws=[("liar divination", False)])
    assert told(g, "liar divined", "B")[-1] == {"target": 5, "result": "werewolf"}  # 村人 → 人狼
    record = write(g)
    nights = [e for e in record["events"] if e["type"] == "night"]
    assert {"player": "B", "action": "divine", "target": "F"} in nights[1]["actions"]
    round_trip(g)


def test_liar_tells_the_truth_when_drawn_and_leaves_other_words_unchanged():
    g = new(["Werewolf", "Liar", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine A", draws=[("liar divination", True)])
    assert told(g, "liar divined", "B") == [{"target": 0, "result": "werewolf"}]
    g = new(["Werewolf", "Liar", "Vampire", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C", draws=[("liar divination", False)])
    assert told(g, "liar divined", "B") == [{"target": 2, "result": "vampire"}]  # no swap for ヴァンパイア


def test_liar_is_told_at_dawn_even_with_immediate_results_kills_no_fox_and_is_not_obstructed():
    g = new(["Werewolf", "Liar", "Fox", "ObstructiveMad", "Human", "Human", "Human"], {"divineresult": "immediate"})
    g.apply(action(g, "B divine C"))
    assert told(g, "liar divined", "B") == []  # not at submission
    night(g, "A attack E", "D obstruct B", draws=[("liar divination", True)])
    assert dead(g) == {"E": "attack"}  # no curse: the fox lives
    assert told(g, "liar divined", "B") == [{"target": 2, "result": "human"}]  # obstruction does not touch it
    assert told(g, "divination obstructed", "B") == []


def test_liar_wins_with_the_village_only_alive():
    g = new(["Werewolf", "Liar", "Human", "Human", "Human"])
    night(g, "A attack C", "B divine A", draws=[("liar divination", True)])
    vote(g, "AD BA DA EA")
    assert result(g) == "Human" and winners(g) == "BCDE"  # C dead but a villager
    g = new(["Werewolf", "Liar", "Human", "Human", "Human"])
    night(g, "A attack B", "B divine A", draws=[("liar divination", True)])
    vote(g, "AD CA DA EA")
    assert result(g) == "Human" and winners(g) == "CDE"  # dead, the liar loses


# ---------------------------------------------------------------------- 超常現象研究者


def test_pi_investigates_once_a_living_seat_itself_allowed_and_reads_its_neighbours():
    g = new(["Werewolf", "PI", "Human", "Vampire", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"divine": tuple("ABCDEFG")}  # living seats, itself allowed
    assert 1 not in g.awaited()  # optional
    night(g, "A attack E", "B divine C")  # C, then B, then D: only ヴァンパイア
    assert told(g, "investigated", "B") == [{"player": 1, "target": 2, "results": "vampire"}]
    assert line(g, "investigated") == "BがCとその両隣を調査したところ、ヴァンパイアが発見されました。"
    vote(g, "AF BF CF DF FA GF")
    assert "divine" not in legal_verbs(g, "B")  # spent
    round_trip(g)


def test_pi_words_are_each_once_by_last_occurrence_in_target_previous_next():
    # target B (村人), previous A (人狼), next C (人狼): 「人狼」 once; circular at the ends
    g = new(["Werewolf", "PI", "Werewolf", "Human", "Human", "Human", "Vampire"])
    night(g, "A attack E", "B divine B")
    assert told(g, "investigated", "B") == [{"player": 1, "target": 1, "results": "werewolf"}]
    g = new(["Werewolf", "PI", "Human", "Human", "Human", "Human", "Vampire"])
    night(g, "A attack E", "B divine A")  # A 人狼, G ヴァンパイア (previous, circular), B 村人
    assert told(g, "investigated", "B") == [{"player": 1, "target": 0, "results": "werewolf,vampire"}]
    assert line(g, "investigated") == "BがAとその両隣を調査したところ、人狼,ヴァンパイアが発見されました。"
    g = new(["Werewolf", "PI", "Human", "Human", "Human", "Human", "Vampire"])
    night(g, "A attack E", "B divine D")
    assert told(g, "investigated human", "B") == [{"player": 1, "target": 3}]
    assert line(g, "investigated human") == "BがDとその両隣を調査したところ、全員村人でした。"


def test_pi_curses_a_fox_it_targets_but_not_a_neighbour_and_reads_the_dead():
    g = new(["Werewolf", "PI", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"D": "attack", "C": "curse"}
    g = new(["Werewolf", "PI", "Human", "Fox", "Human", "Human", "Human"])
    night(g, "A attack E", "B divine C")  # the fox is C's neighbour: it lives
    assert dead(g) == {"E": "attack"} and told(g, "investigated human", "B") == [{"player": 1, "target": 2}]
    vote(g, "AF BF CF DF FA GF")
    g2 = new(["Werewolf", "PI", "Human", "Human", "Human", "Human", "Human"])
    night(g2, "A attack C")
    vote(g2, "AD BD DA ED FD GD")  # C (attacked) and D (executed) are dead; A's neighbours read as ever
    night(g2, "A attack E", "B divine B")
    assert told(g2, "investigated", "B") == [{"player": 1, "target": 1, "results": "werewolf"}]


def test_pi_with_immediate_results_is_told_at_once():
    g = new(["Werewolf", "PI", "Human", "Human", "Human", "Human"], {"divineresult": "immediate"})
    g.apply(action(g, "B divine A"))
    assert told(g, "investigated", "B") == [{"player": 1, "target": 0, "results": "werewolf"}]


def test_an_obstructed_pi_learns_nothing_and_keeps_its_investigation():
    g = new(["Werewolf", "PI", "Fox", "ObstructiveMad", "Human", "Human", "Human"])
    night(g, "A attack E", "B divine C", "D obstruct B")
    assert told(g, "investigated", "B") == [] and dead(g) == {"E": "attack"}  # no effect: the fox lives
    assert told(g, "divination obstructed", "B") == [{"player": 1, "target": 2}]
    vote(g, "AF BF CF DF FA GF")
    assert "divine" in legal_verbs(g, "B")  # not spent (the reference)


def test_pi_refuses_a_dead_target():
    g = new(["Werewolf", "PI", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD")
    refused(g, "B divine C", "cannot divine C")


# ---------------------------------------------------------------------- 呪いをかける者 and 沈黙


def test_spellcaster_silences_a_seat_from_night_2_until_the_next_dusk():
    g = new(["Werewolf", "Spellcaster", "Human", "Human", "Human", "Human", "Human"])
    assert "silence" not in legal_verbs(g, "B")  # night 1: none
    night(g, "A attack G")
    vote(g, "AF BF CF DF EF FA")
    assert legal_verbs(g, "B")["silence"] == ("A", "B", "C", "D", "E")  # itself allowed
    assert 1 not in g.awaited()  # optional
    g.apply(action(g, "A attack D"))
    g.apply(action(g, "B silence C"))
    assert told(g, "spell cast", "B") == [{"player": 1, "target": 2}]
    assert line(g, "spell cast") == "BがCに呪いをかけました。"
    close(g, [])
    assert told(g, "silenced", "C") == [{"target": 2}]
    assert line(g, "silenced") == "Cは呪いをかけられました。昼に発言できません。"
    assert g.identity(2).silenced and told(g, "silenced", "D") == []
    view = SeatView.of(g, 2)
    assert DAY_CHAT in view.reads and DAY_CHAT not in view.writes
    assert DAY_CHAT in SeatView.of(g, 4).writes  # E (D died tonight)
    with pytest.raises(IllegalActionError, match="silenced"):
        g.claim(2, Claim(ClaimKind.COMINGOUT, role="Diviner"))
    vote(g, "AE BE CE EA")  # its vote is unaffected
    assert dead(g)["E"] == "execution" and not g.identity(2).silenced  # gone at dusk
    round_trip(g)


def test_spellcaster_never_chooses_a_seat_twice_a_choice_counting_at_submission():
    g = new(["Werewolf", "Spellcaster", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AG BG CG DG EG FG GA")
    night(g, "A attack C", "B silence C")  # C lives at level 100 (the attack kills at 105): silenced, then dead
    assert told(g, "silenced", "C") == [{"target": 2}] and dead(g)["C"] == "attack"
    vote(g, "AF BF DF EF FA")
    assert "C" not in legal_verbs(g, "B")["silence"]
    refused(g, "B silence C", "cannot silence C")
    night(g, "A attack E", "B silence B")
    assert g.identity(1).silenced
    vote(g, "AD BD DA")  # a silenced seat still votes
    assert "B" not in legal_verbs(g, "B").get("silence", ())


# ---------------------------------------------------------------------- 御子


def test_saint_knows_the_masons_and_saints_who_know_it_and_shares_their_chat():
    g = new(["Werewolf", "Saint", "Couple", "Couple", "Saint", "Human", "Human"])
    assert knows(g, "B") == {"C": "Couple", "D": "Couple", "E": "Saint"}
    assert SeatView.of(g, 2).known.get(1) == "Saint" and SeatView.of(g, 3).known.get(4) == "Saint"
    assert "B" not in knows(g, "F") and 1 not in SeatView.of(g, 5).known
    assert chats(g, "B") == {Chat.COUPLE} and Chat.COUPLE in SeatView.of(g, 1).writes


def test_saint_revives_a_dead_seat_on_night_4_only_if_alive_at_level_121():
    g = new(["Werewolf", "Saint", "Human", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert "revive" not in legal_verbs(g, "B")
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD ID JD")
    assert legal_verbs(g, "B") == {}  # night 2
    night(g, "A attack E")
    vote(g, "AF BF FA GF HF IF JF")
    assert legal_verbs(g, "B") == {}  # night 3
    night(g, "A attack G")
    vote(g, "AH BH HA IH JH")
    assert legal_verbs(g, "B")["revive"] == ("C", "D", "E", "F", "G", "H")
    assert 1 not in g.awaited()  # optional
    g.apply(action(g, "B revive C"))
    assert line(g, "miracle") == "BはCに奇蹟の力を使います。"
    night(g, "A attack I")
    assert g.alive[2] and "C" not in dead(g) and dead(g)["I"] == "attack"
    round_trip(g)


def test_a_saint_killed_that_night_revives_nobody_and_saint_is_a_reviver_alive():
    g = new(["Werewolf", "Saint", "Human", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"heavenview": "norevive"})
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD ID JD")
    night(g, "A attack E")
    vote(g, "AF BF FA GF HF IF JF")
    night(g, "A attack G")
    assert not heaven_sees_all(g)  # a living 御子 is a reviver
    vote(g, "AH BH HA IH JH")
    night(g, "B revive C", "A attack B")
    assert not g.alive[2] and dead(g)["B"] == "attack"
    assert heaven_sees_all(g)


# ---------------------------------------------------------------------- 通訳


def test_interpreter_pairs_two_living_seats_on_night_1_who_then_use_the_couple_chat():
    g = new(["Werewolf", "Interpreter", "Couple", "Couple", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"pair": tuple("ABCDEFG")}
    assert 1 in g.awaited()  # required
    view = SeatView.of(g, 1)
    assert Chat.COUPLE in view.reads and Chat.COUPLE not in view.writes  # reads, never writes
    refused(g, "B pair E E", "2 different")
    night(g, "A attack G", "B pair B E")
    assert told(g, "interprets", "B") == [{"player": 1, "target": 1}, {"player": 1, "target": 4}]
    assert told(g, "interpreted", "E") == [{"player": 4}]
    assert line(g, "interpreted") == "Eは通訳を手配されました。" and line(g, "interprets") == "BはEを通訳します。"
    assert chats(g, "E") == {Chat.COUPLE} and chats(g, "B") == {Chat.COUPLE}
    vote(g, "AF BF CF DF EF FA")
    assert Chat.COUPLE in SeatView.of(g, 4).writes and Chat.COUPLE in SeatView.of(g, 1).writes
    assert Chat.COUPLE not in SeatView.of(g, 0).reads
    assert legal_verbs(g, "B") == {}  # once
    round_trip(g)


def test_interpreter_pair_is_named_interpret_for_players_and_cupid_pair_still_makes_lovers():
    """通訳's ``pair`` is offered under its ability's own name (``Ability.label``: 「通訳する」/"interpret"),
    not its verb's (キューピッド's 「恋人にする」): the legal action carries it, refusals name it; the
    record keeps the verb ``pair``."""
    g = new(["Werewolf", "Interpreter", "Cupid", "Human", "Human", "Human", "Human"])
    interpreter, cupid = (next(lg for lg in g.legal_actions(s) if lg.verb is Verb.PAIR) for s in (1, 2))
    assert interpreter.label == ("通訳する", "interpret") and cupid.label is None
    assert [verb_label(interpreter.verb, lang, interpreter.label) for lang in ("ja", "en")] == ["通訳する", "interpret"]
    assert [verb_label(cupid.verb, lang, cupid.label) for lang in ("ja", "en")] == ["恋人にする", "make lovers"]
    with pytest.raises(IllegalActionError) as error:
        g.apply(action(g, "B pair E E"))
    assert error.value.ja == "「通訳する」には異なる2人を選んでください"
    with pytest.raises(IllegalActionError) as error:
        g.apply(action(g, "C pair E E"))
    assert error.value.ja == "「恋人にする」には異なる2人を選んでください"
    night(g, "A attack G", "B pair B E", "C pair D F")
    actions = next(e["actions"] for e in write(g)["events"] if e["type"] == "night")
    assert [a["action"] for a in actions if a["player"] in "BC"] == ["pair", "pair"]


def test_interpreter_pair_is_targeted_at_level_45_on_both_seats_and_not_redirected():
    g = new(["Werewolf", "Interpreter", "PsychoKiller", "Human", "Human", "Human", "Human"])
    night(g, "A attack G", "B pair C D", draws=[("announcement", ["B", "G"])])
    assert dead(g) == {"G": "attack", "B": "psycho"}  # サイコキラー kills who targets it
    assert g.identity(3).has("Interpreted")


# ---------------------------------------------------------------------- interactions with declared roles


def test_liar_reads_a_pumpkin_costume_unchanged_whatever_its_draw():
    # V1.2 嘘つき: the 占い結果 with W.1.5 overlays; a word other than 村人/人狼 is never swapped
    g = new(["Werewolf", "Liar", "Pumpkin", "Human", "Human", "Human", "Human"])
    night(g, "C costume D", "A attack E", "B divine D", draws=[("liar divination", False)])
    assert told(g, "liar divined", "B") == [{"target": 3, "result": "pumpkin"}]
    assert line(g, "liar divined", "en") == "Not too sure, but by psychic divination D is pumpkin, I think. Maybe."


def test_a_silence_aimed_at_a_decoyed_seat_silences_the_decoy_wolf():
    # V1.1.14: redirection applies to 呪いをかける者's curse; the told line names the seat silenced
    g = new(["DecoyWolf", "Spellcaster", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AG BG CG DG EG FG GA")
    night(g, "A decoy C", "A attack D", "B silence C")
    assert g.identity(0).silenced and not g.identity(2).silenced
    assert told(g, "silenced", "A") == [{"target": 0}] and told(g, "silenced", "C") == []
    assert g.identity(1).main.memory.chosen == [2]  # the seat chosen counts, not the one reached


def test_a_pi_investigating_a_decoyed_seat_reads_the_decoy_wolf_and_its_neighbours():
    g = new(["DecoyWolf", "PI", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AG BG CG DG EG FG GA")
    night(g, "A decoy D", "A attack E", "B divine D")
    assert told(g, "investigated", "B") == [{"player": 1, "target": 3, "results": "werewolf"}]
