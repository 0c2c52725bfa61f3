"""The day vote of classic-werewolf §6 (and §11's 決定者 and 権力者): tally, ties, runoffs, revotes,
sudden deaths of non-voters. Where the spec is terse, the reference's ``VotingBox.check`` (uhyo/jinrou,
``server/rpc/game/game.coffee``) is quoted."""

from __future__ import annotations

import pytest

from jinrou.classic.model import Stage, Vote
from jinrou.classic.record import events as record_events
from jinrou.classic.texts import render

from .helpers import cast, close, dead, legal_verbs, new, night, result, seat, told, vote, winners


def day_two(roles=None, **settings):
    """Seven seats (人狼 A, 村人 B–G) after night 1 (A attacks B): a ballot of A, C, D, E, F, G."""
    g = new(roles or ["Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"], settings)
    night(g, "A attack B")
    return g


def candidates(game) -> tuple[str, ...]:
    assert game.ballot is not None
    return tuple(game.names[c] for c in game.ballot.candidates if game.alive[c])


def test_most_votes_is_executed_and_the_vote_table_is_public():
    g = day_two()
    vote(g, "AC CA DA EA FC GA")
    assert dead(g) == {"B": "attack", "A": "execution"} and result(g) == "Human"
    assert told(g, "votes", None) == [{"votes": {0: 2, 2: 0, 3: 0, 4: 0, 5: 2, 6: 0}, "counts": {0: 4, 2: 2}}]
    message = next(m for _, m in g.messages if m.key == "votes")
    assert render(message, g.names, "ja") == "投票結果: A→C, C→A, D→A, E→A, F→C, G→A（得票: A 4票, C 2票）"
    assert render(message, g.names, "en") == "Votes: A→C, C→A, D→A, E→A, F→C, G→A (received: A 4, C 2)"


def test_the_vote_table_shows_the_final_numbers_weights_and_fatal_strikes():
    # V1.1.2: "the published table shows the final numbers" — B (王様) weighs 2, C's 痛恨 adds 100
    g = new(["Werewolf", "King", "Hitokotonushinokami", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C divine E")  # E carries 痛恨 (一言主神's divination)
    vote(g, "AE BA CE EA FE GA", draws=[("fatal strike", True)])
    assert told(g, "votes", None)[-1]["counts"] == {4: 103, 0: 4}  # E: 3 cast + 100; A: 1 + 2 (王様) + 1
    message = next(m for _, m in reversed(g.messages) if m.key == "votes")
    assert render(message, g.names, "ja").endswith("（得票: E 103票, A 4票）")


def test_voteresult_hides_the_vote_table():
    g = day_two(voteresult="on")
    vote(g, "AC CA DA EA FC GA")
    assert told(g, "votes") == []


def test_every_living_seat_votes_once_for_another():
    g = day_two()
    assert legal_verbs(g, "C") == {"vote": ("A", "D", "E", "F", "G")} and g.awaited() == [0, 2, 3, 4, 5, 6]
    assert legal_verbs(g, "B") == {}  # dead
    g.apply(Vote(seat(g, "C"), seat(g, "A")))
    assert legal_verbs(g, "C") == {} and g.awaited() == [0, 3, 4, 5, 6]


def test_votemyself_allows_a_vote_for_oneself():
    g = day_two(votemyself="on")
    assert legal_verbs(g, "C") == {"vote": ("A", "C", "D", "E", "F", "G")}
    vote(g, "AA CC DC EC FC GA")
    assert dead(g)["C"] == "execution"


def test_authority_vote_counts_twice():
    # A: C (×2) and D = 3; E: A and F = 2 → A; without 権力者 the same votes tie 2–2
    g = new(["Werewolf", "Human", "Human", "Human", "Human", "Human"], {"authority": "on"}, start=[("authority", "C")])
    night(g, "A attack B")
    vote(g, "CA DA AE FE EF")
    assert dead(g)["A"] == "execution" and g.has_sub(2, "Authority")
    g = new(["Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "CA DA AE FE EF")
    assert g.stage is Stage.DAY and told(g, "revote", None) == [{"left": 3}]


def test_decider_breaks_a_tie_among_the_tops():
    g = new(["Werewolf", "Human", "Human", "Human", "Human", "Human"], {"decider": "on"}, start=[("decider", "D")])
    night(g, "A attack B")
    vote(g, "CA FA DE AE EC")  # A 2, E 2: the 決定者 D voted E
    assert dead(g)["E"] == "execution"


def test_decider_voting_outside_the_tops_changes_nothing():
    g = new(["Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"], {"decider": "on"},
            start=[("decider", "D")])
    night(g, "A attack B")
    vote(g, "CA FA AE GE DG EC")  # A 2, E 2; the 決定者 D voted G (1)
    assert g.stage is Stage.DAY and g.revotes == 1


def test_decider_and_authority_may_be_one_seat_and_the_scapegoat():
    g = new(["Human", "Werewolf", "Human", "Human", "Human"], {"scapegoat": "on", "decider": "on", "authority": "on"},
            start=[("decider", "A"), ("authority", "A"), ("scapegoat attacker", "B")])
    assert g.has_sub(0, "Decider") and g.has_sub(0, "Authority")


# ---------------------------------------------------------------------------------------------- ties


def test_tie_with_drawvote_revote_retakes_the_ballot_and_counts_down():
    g = day_two()
    for r in range(1, 4):
        vote(g, "AC CA DA EC FG GF")
        assert g.revotes == r and candidates(g) == ("A", "C", "D", "E", "F", "G")
        assert told(g, "revote", None)[-1] == {"left": 4 - r}  # 「あと{4−r}回の投票で結論が出なければ引き分け」
    vote(g, "AC CA DA EC FG GF")
    assert result(g) == "Draw" and winners(g) == ""
    assert len(told(g, "revote")) == 3


def test_the_revote_counter_starts_again_each_day():
    g = day_two()
    vote(g, "AC CA DA EC FG GF")
    vote(g, "AC CA DC EC FG GF")
    assert dead(g)["C"] == "execution"
    night(g, "A attack D")
    vote(g, "AE EA FA GE")
    assert g.revotes == 1 and told(g, "revote", None)[-1] == {"left": 3}


def test_tie_with_drawvote_random_executes_a_drawn_top():
    g = day_two(drawvote="random")
    vote(g, "AC CA DA EC FG GF", draws=[("tie break", "C")])
    assert dead(g)["C"] == "execution"


def test_tie_break_draw_is_among_the_tops_only():
    g = day_two(drawvote="random")
    cast(g, "AC CA DA EC FG GF")
    from jinrou.errors import ImpossibleOutcomeError

    with pytest.raises(ImpossibleOutcomeError, match="tie break cannot be 'F': it is one of 'A', 'C'"):
        close(g, draws=[("tie break", "F")])


def test_tie_with_drawvote_none_executes_nobody():
    g = day_two(drawvote="none")
    vote(g, "AC CA DA EC FG GF")
    assert told(g, "no execution", None) == [{}] and dead(g) == {"B": "attack"} and g.stage is Stage.NIGHT


def test_tie_with_drawvote_all_executes_every_top():
    g = day_two(drawvote="all")
    vote(g, "AC CA DA EC FG GF", draws=[("announcement", ["C", "A"])])
    assert dead(g) == {"B": "attack", "A": "execution", "C": "execution"} and result(g) == "Human"


def test_drawvote_all_executes_the_tops_one_at_a_time_from_the_last_first_vote_in_seat_order():
    # §6 (issue 28, point 1; reference games core-scapegoat/052 and 064): reading the ballot in seat
    # order, the tops come in the order of their first vote and are executed from the last to the
    # first, each death's effects before the next. D's first vote (A's) reads before the 女王観戦者
    # C's (D's), so C is executed first and her infection kills D before D's turn.
    roles = ["Werewolf", "Human", "QueenSpectator", "Human", "Human", "Human", "Human"]
    g = day_two(roles, drawvote="all")
    vote(g, "GF FA EC DC CD AD", draws=[("announcement", ["C", "D", "E", "F", "G"])])  # cast in any order
    assert dead(g) == {"B": "attack", "C": "execution", "D": "infection", "E": "infection", "F": "infection",
                       "G": "infection"} and result(g) == "Werewolf"
    # the other way round: D is executed first, then C infects the rest
    g = day_two(roles, drawvote="all")
    vote(g, "AC CD DC ED FA GF", draws=[("announcement", ["D", "C", "E", "F", "G"])])
    assert dead(g) == {"B": "attack", "D": "execution", "C": "execution", "E": "infection", "F": "infection",
                       "G": "infection"} and result(g) == "Werewolf"


# ---------------------------------------------------------------------------------------------- runoffs


def test_runoff_revote_holds_a_runoff_among_the_tops_first():
    g = day_two(runoff="revote")
    vote(g, "AC CA DA EC FG GF")
    assert g.ballot.runoff and candidates(g) == ("A", "C") and g.revotes == 0
    assert record_events(g)[g.phase]["runoff"] == ["A", "C"]
    # all living seats vote, for the candidates only (a candidate for the other one)
    assert legal_verbs(g, "A") == {"vote": ("C",)} and legal_verbs(g, "D") == {"vote": ("A", "C")}
    vote(g, "AC CA DA EA FA GC")
    assert dead(g)["A"] == "execution"


def test_a_tie_in_the_runoff_goes_to_drawvote():
    g = day_two(runoff="revote")
    vote(g, "AC CA DA EC FG GF")
    vote(g, "AC CA DA EC FA GC")
    assert not g.ballot.runoff and g.revotes == 1 and candidates(g) == ("A", "C", "D", "E", "F", "G")
    g = day_two(runoff="revote", drawvote="random")
    vote(g, "AC CA DA EC FG GF", draws=[("tie break", "A")])  # reference: only drawvote revote runs a runoff
    assert dead(g)["A"] == "execution"


def test_runoff_yes_puts_a_single_top_against_the_whole_second_group():
    g = day_two(runoff="yes")
    vote(g, "AC CA DA EA FG GF")  # A 3; C, F, G 1 each
    assert g.ballot.runoff and candidates(g) == ("A", "C", "F", "G")
    vote(g, "AC CA DA EA FA GA")
    assert dead(g)["A"] == "execution"


def test_runoff_yes_with_several_tops_is_a_runoff_among_them():
    g = day_two(runoff="yes")
    vote(g, "AC CA DA EC FG GF")
    assert g.ballot.runoff and candidates(g) == ("A", "C")


def test_runoff_yes_with_a_unanimous_vote_executes_at_once():
    g = new(["Werewolf", "Human", "Human", "Human"], {"runoff": "yes"})
    night(g, "A attack B")
    vote(g, "AC CA DA")
    assert g.ballot.runoff and candidates(g) == ("A", "C")
    g = new(["Werewolf", "Human", "Human", "Human", "Human"], {"runoff": "yes", "votemyself": "on"})
    night(g, "A attack B")
    vote(g, "AA CA DA EA")
    assert dead(g)["A"] == "execution"


def test_runoff_yes_second_group_is_the_next_by_votes_then_priority():
    # reference VotingBox.check: after a single top, the candidates equal to the first of the rest by
    # (votes, priority) — here C (2 votes, 決定者's priority) but not G (2 votes, priority 0)
    g = new(["Werewolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"runoff": "yes", "decider": "on"}, start=[("decider", "D")])
    night(g, "A attack B")
    vote(g, "AG CA DC EA FA GC HA IG")
    assert g.ballot.runoff and candidates(g) == ("A", "C")


# ---------------------------------------------------------------------------------------------- missing votes


def test_non_voters_die_suddenly_and_the_ballot_is_retaken():
    g = day_two()
    cast(g, "AC CA DA")
    close(g, draws=[("announcement", ["F", "E", "G"])])
    assert dead(g) == {"B": "attack", "E": "sudden", "F": "sudden", "G": "sudden"}
    assert told(g, "died", None)[-3:] == [{"player": 5, "cause": "sudden"}, {"player": 4, "cause": "sudden"},
                                          {"player": 6, "cause": "sudden"}]
    assert g.stage is Stage.DAY and g.revotes == 1 and candidates(g) == ("A", "C", "D")
    assert told(g, "revote", None) == [{"left": 3}] and told(g, "votes") == []  # the table waits for a full ballot


def test_a_sudden_death_in_a_runoff_retakes_the_whole_ballot():
    g = day_two(runoff="revote")
    vote(g, "AC CA DA EC FG GF")
    cast(g, "AC CA DA EC FA")
    close(g)
    assert dead(g)["G"] == "sudden" and not g.ballot.runoff and candidates(g) == ("A", "C", "D", "E", "F")


def test_the_scapegoat_votes_by_a_draw_among_the_others():
    # a 妖狐 身代わりくん survives night 1's attack (safety "free" would allow it)
    g = new(["Fox", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g)
    assert dead(g) == {} and g.awaited() == [1, 2, 3, 4, 5]  # 身代わりくん is never awaited
    cast(g, "BC CB DC EB FC")
    from jinrou.errors import ImpossibleOutcomeError

    with pytest.raises(ImpossibleOutcomeError, match="scapegoat vote cannot be 'A': it is one of 'B', 'C', 'D', 'E', 'F'"):
        close(g.copy(), draws=[("scapegoat vote", "A")])
    close(g, draws=[("scapegoat vote", "C")])
    assert dead(g) == {"C": "execution"}


def test_no_vote_at_all_runs_the_win_check_at_once():
    # only seats that need not vote are left: reachable only by editing the state (a ballot with a
    # voter alive has a vote or a sudden death), so the state is edited
    g = new(["Werewolf", "Neet", "Neet", "Human"], {"scapegoat": "no"})
    close(g)
    for s in (0, 3):
        g.alive[s] = False
    close(g)
    assert result(g) == "Human" and winners(g) == "BCD"


def test_drawvote_once_votes_again_once_then_executes_one_of_the_tops_at_random():
    # AIWolf's rule (AIWolfGame.night: maxRevote = 1, then a shuffled pick among the tops)
    g = day_two(drawvote="once")
    vote(g, "AC CA DA EC FG GF")  # A 2, C 2: a revote among every living seat
    assert g.stage is Stage.DAY and g.revotes == 1 and candidates(g) == ("A", "C", "D", "E", "F", "G")
    assert render(next(m for _, m in reversed(g.messages) if m.key == "revote once"), g.names, "ja") == (
        "再投票です。再び同数ならその中からランダムに処刑します。")
    vote(g, "AD CA DA EC FC GD", draws=[("tie break", "D")])  # A 2, C 2, D 2: one of them at random
    assert dead(g) == {"B": "attack", "D": "execution"} and g.stage is Stage.NIGHT
    days = [e for e in record_events(g) if e["type"] == "day"]
    assert len(days) == 2  # both ballots are in the record
