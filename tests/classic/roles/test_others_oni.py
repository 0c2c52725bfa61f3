"""The 第三陣営 of wave 3 (``roles/others_oni.py``, classic-roles-third T.3): ならず者, 鬼/金鬼/前鬼/後鬼, 闇道化,
天邪鬼, 獅子舞, 地縛霊; *alive for the win* (T.1.4), the 鬼 result word (T.1.10), the received-vote modifier
(T.1.10) and 闇道化's swap (T.1.2 steps 2–3).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jinrou.classic.catalog import Team
from jinrou.classic.model import Vote
from jinrou.classic.victory import judge
from jinrou.errors import IllegalActionError

from ..helpers import (
    Recorder,
    action,
    alive,
    bot_game_replays,
    close,
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

# ---------------------------------------------------------------------------------------------- ならず者


def test_hoodlum_bears_a_grudge_against_two_other_seats_on_its_first_night():
    g = new(["Werewolf", "Hoodlum", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"grudge": ("A", "C", "D", "E", "F")} and g.awaited() == [0, 1]
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(action(g, "B grudge B C"))  # itself: never (settled here)
    assert snapshot(g) == before
    g.apply(action(g, "B grudge C D"))
    assert told(g, "grudges", "B") == [{"player": 1, "target": 2}, {"player": 1, "target": 3}]
    g.apply(action(g, "A attack C"))
    close(g)
    assert "grudge" not in legal_verbs(g, "B")


def test_hoodlum_wins_alive_once_both_are_dead_whoever_wins():
    g = new(["Werewolf", "Hoodlum", "Human", "Human", "Human", "Human"])
    night(g, "B grudge C D", "A attack C")
    vote(g, "AD BD DA ED FD")
    night(g, "A attack E")
    vote(g, "AF BF FA")
    assert result(g) == "Werewolf" and winners(g) == "AB"
    g = new(["Werewolf", "Hoodlum", "Human", "Human", "Human", "Human"])
    night(g, "B grudge C D", "A attack C")
    vote(g, "BA DA EA FA AB")
    assert result(g) == "Human" and winners(g) == "CDEF"  # D lives


def test_a_hoodlum_left_idle_dies_suddenly():
    g = new(["Werewolf", "Hoodlum", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "A attack C"))
    close(g, draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


# ---------------------------------------------------------------------------------------------- 鬼


def test_oni_reads_oni_to_the_seer_and_the_medium():
    g = new(["Werewolf", "Oni", "Diviner", "Psychic", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack E")
    assert told(g, "divined", "C") == [{"target": 1, "result": "oni"}]
    vote(g, "AB BA CB DB FB GB")
    night(g, "C divine A", "A attack F")
    assert told(g, "psychic", "D") == [{"target": 1, "result": "oni"}]


def test_oni_abducts_from_night_two_each_success_making_the_next_less_likely():
    g = new(["Werewolf", "Oni", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}  # not on night 1
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD ID")
    assert legal_verbs(g, "B") == {"abduct": ("A", "E", "F", "G", "H", "I")} and 1 not in g.awaited()
    rec = Recorder([("abduction", True), ("announcement", ["E", "F"])])
    g.apply(action(g, "B abduct E"))
    g.apply(action(g, "A attack F"))
    g.close(rec)
    assert told(g, "abducting", "B") == [{"player": 1, "target": 4}]
    assert rec.asked[0] == ("abduction", [True, False], [1, 0])  # (1/5)^0
    assert dead(g) == {"C": "attack", "D": "execution", "E": "oni", "F": "attack"}
    vote(g, "AG BG GA HG IG")
    rec = Recorder([("abduction", False)])
    g.apply(action(g, "B abduct H"))
    g.apply(action(g, "A attack I"))
    g.close(rec)
    assert rec.asked[0] == ("abduction", [True, False], [1, 4])  # (1/5)^1
    assert "H" in alive(g)


def test_an_oni_abducting_a_seat_with_an_assassination_reflex_may_die_instead():
    g = new(["Werewolf", "Oni", "Oni", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    rec = Recorder([("assassination reflex", True), ("announcement", ["B", "F"])])
    g.apply(action(g, "B abduct C"))
    g.apply(action(g, "A attack F"))
    g.close(rec)
    assert rec.asked[0] == ("assassination reflex", [True, False], [3, 7])
    assert dead(g)["B"] == "oni" and "C" in alive(g)


def test_oni_resists_a_wolf_attack_three_times_in_ten_never_as_scapegoat():
    g = new(["Werewolf", "Oni", "Human", "Human", "Human", "Human"])
    rec = Recorder([("oni resists", True)])
    g.apply(action(g, "A attack B"))
    g.close(rec)
    assert rec.asked == [("oni resists", [True, False], [3, 7])] and alive(g) == "ABCDEF"
    vote(g, "AC BC CA DC EC FC")
    night(g, "A attack B", draws=[("oni resists", False)])
    assert dead(g)["B"] == "attack"
    g = new(["Oni", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g)
    assert dead(g) == {"A": "attack"}


def test_oni_wins_alive_while_a_wolf_lives_even_a_fox_possessed_one():
    g = new(["Werewolf", "Oni", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED")
    night(g, "A attack E")
    assert result(g) == "Werewolf" and winners(g) == "AB"
    g = new(["Werewolf", "Oni", "Blasphemy", "Human", "Human", "Human"])
    night(g, "C blaspheme A", "A attack D")  # the wolf counts none now: step 2, then 7(a)
    assert result(g) == "Fox" and winners(g) == "BC"  # a 狐憑き wolf still lives for the 鬼


def test_front_and_back_oni_want_the_wolves_and_the_foxes_dead():
    g = new(["Werewolf", "FrontOni", "BackOni", "Human", "Human", "Human", "Fox"])
    night(g, "A attack D")
    vote(g, "AG BG CG EG FG GA")
    night(g, "A attack E")
    vote(g, "BA CA FA AB")
    assert result(g) == "Human" and winners(g) == "BCDEF"
    g = new(["Werewolf", "FrontOni", "BackOni", "Human", "Human", "Human", "Fox"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F")
    vote(g, "BA CA GA AB")
    assert result(g) == "Fox" and winners(g) == "BG"  # the fox lives: not the 後鬼's win


def test_gold_oni_draws_its_targets_among_the_seats_just_before_it():
    rec = Recorder([("gold oni targets", 2)])
    from jinrou.classic.game import Game

    g = Game.new("ABCDEF", ["Werewolf", "Human", "Human", "GoldOni", "Werewolf", "Human"], {"scapegoat": "off"}, rec)
    assert rec.asked == [("gold oni targets", [1, 2, 3], None)]  # W = 2 wolves: 1…3
    assert told(g, "gold oni targets", "D") == [{"player": 3, "seats": [1, 2]}]
    assert knows(g, "D") == {"B": "target", "C": "target"}
    g = new(["GoldOni", "Werewolf", "Human", "Human", "Human"], start=[("gold oni targets", 1)])
    assert knows(g, "A") == {} and told(g, "gold oni targets", "A") == []  # the first seat: none


def test_gold_oni_wins_with_the_village_alive_with_its_targets_dead():
    g = new(["Human", "GoldOni", "Werewolf", "Human", "Human", "Human"], start=[("gold oni targets", 1)])
    night(g, "C attack A")
    vote(g, "BC CD DC EC FC")
    assert result(g) == "Human" and winners(g) == "ABDEF"


# ---------------------------------------------------------------------------------------------- 闇道化, 天邪鬼


def test_dark_clown_swaps_the_village_and_wolf_results_while_it_lives():
    g = new(["Werewolf", "DarkClown", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert told(g, "clown arrives", None) == [{}]
    vote(g, "BA DA EA AB")
    assert result(g) == "Werewolf" and winners(g) == "AB"  # the wolves win with the wolf dead
    g = new(["Werewolf", "DarkClown", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED")
    night(g, "A attack E")  # humans 1 (the 闇道化) ≤ wolves 1, but the 闇道化 lives
    assert result(g) == "Human" and winners(g) == "BCDE"


def test_dark_clown_says_when_it_leaves_at_the_next_dawn_only():
    g = new(["Werewolf", "DarkClown", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB")
    assert told(g, "clown leaves", None) == []
    night(g, "A attack D")
    assert told(g, "clown arrives", None) == [{}] and told(g, "clown leaves", None) == [{}]
    vote(g, "AE EA FE GE")
    night(g, "A attack F")
    assert result(g) == "Werewolf" and told(g, "clown leaves", None) == [{}]


def test_the_swap_is_steps_two_and_three_only():
    g = new(["Werewolf", "DarkClown", "Fox", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "BA CA EA AE")
    assert result(g) == "Fox"  # 7(a) after the swap to Werewolf
    assert judge(g) is Team.FOX


def test_amanojaku_wins_unless_the_village_wins_or_a_draw():
    g = new(["Werewolf", "Amanojaku", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB")
    night(g, "A attack D")
    assert result(g) == "Werewolf" and winners(g) == "AB"  # dead or alive
    g = new(["Werewolf", "Amanojaku", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "BA DA EA AB")
    assert result(g) == "Human" and "B" not in winners(g)


# ---------------------------------------------------------------------------------------------- 獅子舞


def test_shishimai_nips_once_each_seat_itself_allowed_and_each_nip_takes_a_vote_off():
    g = new(["Werewolf", "Shishimai", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"nip": ("A", "B", "C", "D", "E", "F", "G")} and g.awaited() == [0]
    night(g, "B nip C", "A attack G")
    assert told(g, "nips", "B") == [{"player": 1, "target": 2}] and g.has_sub(2, "ShishimaiNip")
    for voter, target in (("A", "C"), ("B", "C"), ("C", "D"), ("D", "E"), ("E", "D"), ("F", "D")):
        g.apply(Vote(seat(g, voter), seat(g, target)))
    close(g)
    assert told(g, "votes", None)[-1]["counts"] == {3: 3, 2: 1, 4: 1}  # C: 2 − 1
    assert dead(g)["D"] == "execution"


def test_a_nipped_seat_stays_in_the_tally_at_zero_and_a_lone_top_at_zero_is_executed():
    g = new(["Werewolf", "Shishimai", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B nip C", "A attack G")
    vote(g, "AF BF CF DF EF FA")
    assert legal_verbs(g, "B") == {"nip": ("A", "B", "D", "E")}  # never C again
    night(g, "B nip E", "A attack D")
    assert g.identity(4).vote_received(g.ctx) == -1
    vote(g, "AC BA CA EA")  # E unvoted; C: 1 − 1 = 0 stays; A 3
    assert told(g, "votes", None)[-1]["counts"] == {0: 3, 2: 0} and dead(g)["A"] == "execution"


def test_shishimai_wins_when_every_other_living_seat_is_nipped():
    g = new(["Werewolf", "Shishimai", "Human", "Human", "Human"])
    night(g, "B nip C", "A attack D")
    vote(g, "AE BE CE EA")
    night(g, "B nip B", "A attack C")
    assert result(g) == "Werewolf" and winners(g) == "A"  # A is not nipped
    g = new(["Werewolf", "Shishimai", "Human", "Human", "Human"])
    night(g, "B nip A", "A attack D")
    vote(g, "AE BE CE EA")
    night(g, "B nip C", "A attack B")
    assert result(g) == "Werewolf" and winners(g) == "AB"  # dead or alive


# ---------------------------------------------------------------------------------------------- 地縛霊


def test_residual_haunting_keeps_its_seat_alive_for_the_win_and_wins_by_its_rule():
    g = new(["Werewolf", "ResidualHaunting", "Bat", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"haunt": ("A", "C", "D", "E", "F")} and g.awaited() == [0]
    g.apply(action(g, "B haunt C"))
    assert told(g, "haunts", "B") == [{"player": 1, "target": 2}] and told(g, "haunts", "C") == []
    g.apply(action(g, "A attack C"))
    close(g)
    assert "haunt" not in legal_verbs(g, "B")
    vote(g, "AD BD DA ED FD")
    night(g, "A attack E")
    vote(g, "AF BF FA")
    assert result(g) == "Werewolf" and winners(g) == "ABC"  # the dead こうもり is alive for the win


def test_residual_haunting_that_never_chose_dies_on_night_three_and_loses():
    g = new(["Werewolf", "ResidualHaunting", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD ID")
    night(g, "A attack E")
    assert "B" in alive(g)
    vote(g, "AF BF FA GF HF IF")
    night(g, "A attack G", draws=[("announcement", ["B", "G"])])
    assert dead(g)["B"] == "selfdestruct"


def test_a_cycle_of_haunting_wins_nothing():
    g = new(["Werewolf", "ResidualHaunting", "ResidualHaunting", "Human", "Human", "Human"])
    night(g, "B haunt C", "C haunt B", "A attack D", draws=[("order", ["B", "C"])])  # their level-100 hooks
    vote(g, "AE BE CE EA FE")
    night(g, "A attack F", draws=[("order", ["C", "B"])])
    vote(g, "AC BC CA")
    assert result(g) == "Werewolf" and winners(g) == "A"  # B's rule is C's, which is B's: false


# ---------------------------------------------------------------------------------------------- payload audit


def test_private_facts_of_the_third_parties_reach_only_their_seats():
    from jinrou.classic.views import SeatView

    g = new(["Human", "Human", "GoldOni", "Werewolf", "ResidualHaunting", "Hoodlum", "Shishimai", "Human"],
            start=[("gold oni targets", 2)])
    night(g, "E haunt A", "F grudge A B", "G nip H", "D attack B", draws=[("order", ["E", "G"])])
    own = {"gold oni targets": "C", "haunts": "E", "grudges": "F", "nips": "G"}
    for s in [None, *g.seats()]:
        view = SeatView.of(g, s)
        keys = {m.key for _, m in view.messages}
        for key, letter in own.items():
            assert (key in keys) is (s is not None and g.names[s] == letter), (key, s)
        if s != 2:
            assert "target" not in view.known.values()
        assert "ShishimaiNip" not in view.subs  # hidden, even from the nipped seat
    assert SeatView.of(g, 2).known == {0: "target", 1: "target"}


def test_a_fugitive_away_from_home_escapes_an_abduction_and_gold_oni_odds_are_its_own():
    g = new(["Werewolf", "GoldOni", "Fugitive", "Human", "Human", "Human", "Human"], start=[("gold oni targets", 1)])
    night(g, "C hide D", "A attack E")
    vote(g, "AF BF CF DF FA GF")
    rec = Recorder([("abduction", True)])
    g.apply(action(g, "B abduct C"))
    g.apply(action(g, "C hide D"))
    g.apply(action(g, "A attack G"))
    g.close(rec)
    assert "C" in alive(g)  # away at D's house
    assert rec.asked[:1] == [("abduction", [True, False], [1, 0])]
    vote(g, "AD BD CD DA")
    rec = Recorder([("abduction", False), ("oni resists", True)])
    g.apply(action(g, "B abduct C"))
    g.apply(action(g, "C hide B"))
    g.apply(action(g, "A attack B"))
    g.close(rec)
    assert rec.asked == [("abduction", [True, False], [1, 1]), ("oni resists", [True, False], [2, 3])]


def test_the_oni_word_is_a_claim_a_seer_and_a_medium_may_make_and_the_bots_make_it():
    from jinrou.classic.claims import Claim, ClaimError

    names = ["A", "B", "C"]
    for text, ja in (("DIVINED C oni", "占い結果: Cは鬼"), ("IDENTIFIED C oni", "霊能結果: Cは鬼")):
        claim = Claim.parse(text, names)
        assert claim.result == "oni" and claim.render(names, "ja") == ja and Claim.parse(claim.notation(names), names) == claim
    with pytest.raises(ClaimError, match="the result must be human or werewolf, not 'oni'"):
        Claim.parse("ESTIMATE C oni", names)
    import numpy as np

    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.agent import play as play_to_end
    from jinrou.classic.game import Game

    reported = 0
    for seed in range(6):
        rng = np.random.default_rng(seed)
        cast = {"Werewolf": 2, "Oni": 1, "GoldOni": 1, "FrontOni": 1, "BackOni": 1, "Diviner": 1, "Psychic": 1,
                "Human": 3}
        roles = [r for r, k in cast.items() for _ in range(k)]
        g = Game.new([f"P{i}" for i in range(len(roles))], roles, {"scapegoat": "off"}, rng)
        play_to_end(g, [HeuristicAgent(cast) for _ in roles], rng)
        reported += sum(1 for _, _, c in g.claims if c.result == "oni")
    assert reported >= 3


def test_emma_is_told_an_abduction():
    g = new(["Werewolf", "Oni", "Emma", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "B abduct F", "A attack G", draws=[("abduction", True), ("announcement", ["F", "G"])])
    assert told(g, "emma oni", "C") == [{"player": 5}]


# ---------------------------------------------------------------------------------------------- invariants



THIRDS = ["Hoodlum", "Oni", "GoldOni", "FrontOni", "BackOni", "DarkClown", "Amanojaku", "Shishimai",
          "ResidualHaunting", "Trickster", "NightRabbit", "VariationFox", "XianFox", "Actress", "Blasphemy"]


@st.composite
def third_setups(draw):  # type: ignore[no-untyped-def]
    """8–14 seats: 1–2 wolves, 2–6 of the fox kinds and third parties, a 占い師 and a 狩人 sometimes, the rest 村人."""
    thirds = draw(st.lists(st.sampled_from(THIRDS), min_size=2, max_size=6))
    wolves = ["Werewolf", *draw(st.lists(st.sampled_from(["Werewolf", "Madman", "Fox"]), max_size=1))]
    extra = draw(st.lists(st.sampled_from(["Diviner", "Guard", "Psychic", "Immoral", "Fugitive"]), max_size=2))
    cast = draw(st.permutations([*wolves, *thirds, *extra, "Human", "Human"]))
    room = {"scapegoat": draw(st.sampled_from(["on", "off"]))}
    return cast, room, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(third_setups(), st.sampled_from(["heuristic", "random"]))
def test_bot_games_with_the_fox_kinds_and_third_parties_end_and_replay_from_their_records(setup, kind):
    bot_game_replays(setup, kind)
