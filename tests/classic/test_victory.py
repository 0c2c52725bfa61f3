"""The victory checks of classic-werewolf §7, one by one in their order, and who wins (the per-seat
win rules). Most tests judge a state directly: a game is set up, some seats are marked dead and some
paired as 恋人, and :func:`jinrou.classic.victory.judge` is asked; the ends of whole games are in
``roles/test_*.py`` and ``test_votes.py``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic.catalog import Team
from jinrou.classic.identity import Layer, LayerKind
from jinrou.classic.model import Count
from jinrou.classic.role import Role
from jinrou.classic.roles.lovers import pair
from jinrou.classic.roles.village import Human
from jinrou.classic.victory import CHECKS, conclude, judge

from .helpers import cast, close, dead, new, night, result, seat, vote, winners


def state(roles: str, gone: str = "", lovers: tuple[str, ...] = (), **settings: str):
    """A game of ``roles`` (space-separated ids) seated A, B, …; the letters in ``gone`` dead;
    each ``lovers`` item ("AB") a pair of 恋人."""
    game = new(roles.split(), settings)
    for letter in gone:
        game.alive[seat(game, letter)] = False
    for a, b in lovers:
        pair(game.ctx, seat(game, a), seat(game, b))
    return game


def judged(roles: str, gone: str = "", lovers: tuple[str, ...] = (), **settings: str) -> str | None:
    r = judge(state(roles, gone, lovers, **settings))
    return r.value if isinstance(r, Team) else r


def test_the_checks_are_in_the_specs_order():
    assert [(step, c.__name__) for step, c in CHECKS] == [
        ("1", "_nobody"), ("2", "_human"), ("3", "_werewolf"), ("4", "_vampire"), ("5", "_lovers_alone"),
        ("6", "_lone_wolf"), ("7a", "_fox"), ("7b", "_raven"), ("7c", "_lovers"), ("7d", "_lorelei"),
        ("8a", "_majority"), ("8b", "_hooligans"), ("8c", "_cult"), ("8d", "_victory_mark")]


# §7.1
def test_nobody_alive_is_a_draw_whatever_else():
    assert judged("Werewolf Human Fox", gone="ABC") == "Draw"
    assert judged("Werewolf Human Human", gone="ABC", lovers=("BC",)) == "Draw"


# §7.2
def test_no_wolf_and_no_vampire_alive_is_the_villages():
    assert judged("Werewolf Human Madman", gone="A") == "Human"  # a madman counts human
    assert judged("Werewolf Human Human", gone="") is None


def test_a_mad_wolf_alive_keeps_the_village_from_winning():
    assert judged("Werewolf MadWolf Human Human Human", gone="A") is None


# §7.3
def test_humans_no_more_than_wolves_is_the_wolves():
    assert judged("Werewolf Human Human", gone="B") == "Werewolf"
    assert judged("Werewolf Werewolf Human Human Human", gone="") is None
    assert judged("Werewolf Werewolf Human Human Human", gone="C") == "Werewolf"  # 2 ≤ 2


def test_foxes_do_not_count_as_humans():
    # wolves 1, humans 1 (the fox counts as none): the wolves' result, then the fox takes it (§7.7a)
    assert judged("Werewolf Human Fox Human", gone="D") == "Fox"


def test_a_living_vampire_stops_the_wolves_and_a_living_wolf_stops_the_vampires():
    assert judged("Werewolf Vampire Human", gone="C") is None
    assert judged("Werewolf Vampire Human Human", gone="") is None


# §7.4
def test_humans_no_more_than_vampires_and_no_wolf_is_the_vampires():
    assert judged("Werewolf Vampire Human Human", gone="AC") == "Vampire"
    assert judged("Werewolf Vampire Human Human Human", gone="AC") is None


# §7.5
def test_only_lovers_alive_is_the_lovers():
    # a wolf and a vampire in love: no result from 2–4, then everybody alive is a lover
    assert judged("Werewolf Vampire Human", gone="C", lovers=("AB",)) == "Friend"


# §7.6
def test_lone_wolf_alone_takes_the_wolves_result():
    assert judged("LoneWolf Human Human", gone="B") == "LoneWolf"
    assert judged("LoneWolf Werewolf Human Human", gone="C") == "Werewolf"  # two wolves
    assert judged("LoneWolf MadWolf Human Human", gone="C") == "Werewolf"  # 狂人狼 counts as a wolf too
    assert judged("Werewolf LoneWolf Human Human", gone="BC") == "Werewolf"  # the last wolf is not lone


# §7.7a
def test_a_living_fox_or_tiny_fox_steals_a_decided_result():
    assert judged("Werewolf Human Fox", gone="A") == "Fox"
    assert judged("Werewolf Human TinyFox", gone="A") == "Fox"
    assert judged("Werewolf Human TinyFox Human", gone="B") == "Fox"
    assert judged("Werewolf Human Fox", gone="C") == "Werewolf"  # the fox dead
    assert judged("Werewolf Human Human Fox", gone="") is None  # no result: nothing to steal
    assert judged("LoneWolf Human Fox", gone="B") == "Fox"


# §7.7c
def test_one_lover_pair_alive_takes_a_decided_result():
    assert judged("Werewolf Human Human Human", gone="A", lovers=("BC",)) == "Friend"
    assert judged("Werewolf Human Human Fox", gone="A", lovers=("BC",)) == "Friend"  # after the fox
    assert judged("Werewolf Human Human Human", gone="ABC", lovers=("BC",)) == "Human"  # none alive: it stands
    assert judged("Werewolf Human Human Human", gone="", lovers=("BC",)) is None


def test_lovers_with_friendsjudge_ruin_win_only_when_they_alone_live():
    assert judged("Werewolf Human Human Human", gone="A", lovers=("BC",), friendsjudge="ruin") == "Human"
    assert judged("Werewolf Human Human Human", gone="AD", lovers=("BC",), friendsjudge="ruin") == "Friend"


def test_several_lover_groups_alive_clear_the_result_with_friendssplit():
    roles = "Werewolf Human Human Human Human Human"
    assert judged(roles, gone="A", lovers=("BC", "DE")) is None  # play goes on
    assert judged(roles, gone="AF", lovers=("BC", "DE")) == "Friend"  # all living are lovers
    assert judged(roles, gone="A", lovers=("BC", "DE"), friendssplit="off") == "Friend"
    assert judged(roles, gone="A", lovers=("BC", "CD")) == "Friend"  # pairs sharing a seat are one group


def test_a_cleared_result_lets_play_go_on_in_a_real_game():
    g = new(["Werewolf", "Cupid", "Cupid", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B pair D E", "C pair F G", "A attack H")
    vote(g, "AB BA CA DA EA FA GA")
    assert dead(g) == {"H": "attack", "A": "execution"} and result(g) is None and g.day == 2
    assert g.stage.value == "night"


# §7.9
def test_the_devils_mark_wins_over_any_result():
    g = state("Werewolf Devil Human Fox", gone="AB")
    g.grant(1, "VictoryMark")
    assert judge(g) is Team.DEVIL
    g = state("Werewolf Devil Human Human Human", gone="B")
    g.grant(1, "VictoryMark")
    assert judge(g) is Team.DEVIL  # also without a result


def test_the_devils_mark_turns_a_draw_with_nobody_alive_into_its_win():
    # §7.1 and §7.9 (issue 28, point 3; reference game core-scapegoat/065)
    g = state("Werewolf Devil Human", gone="ABC")
    g.grant(1, "VictoryMark")
    assert judge(g) is Team.DEVIL
    # a whole game: the bitten 悪魔くん B and everyone else executed together under drawvote=all
    g = new(["Werewolf", "Devil", "Human"], {"drawvote": "all"})
    night(g, "A attack B")
    vote(g, "AB BC CA", draws=[("announcement", ["A", "C", "B"])])
    assert dead(g) == {"A": "execution", "B": "execution", "C": "execution"}
    assert result(g) == "Devil" and winners(g) == "B"


def test_a_cast_without_wolves_or_vampires_ends_at_once():
    # the win check runs after night 1's first burial (§3; reference: judge() after the sunset burial)
    g = new(["Human", "Fox", "Diviner"])
    assert result(g) == "Fox" and winners(g) == "B" and g.is_over


# §7.10 and who wins


def test_four_revotes_without_a_result_are_a_draw_nobody_wins():
    g = new(["Werewolf", "Neet", "Bat", "Human", "Human", "Human"])
    night(g, "A attack D")
    for r in range(4):
        vote(g, "AE EA FA CE")  # 2–2 each time; the ニート does not vote
    assert result(g) == "Draw" and g.outcome is not None and g.outcome.winner is None and winners(g) == ""


def test_a_retake_after_sudden_deaths_counts_toward_the_four():
    g = new(["Werewolf", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    for _ in range(3):
        vote(g, "AC CA DA EC")
    cast(g, "AC CA DA")
    close(g)  # E did not vote: sudden death, r = 4, the checks find nothing: a draw
    assert dead(g) == {"B": "attack", "E": "sudden"} and result(g) == "Draw"


def test_a_result_found_at_the_fourth_ballot_wins_over_the_draw():
    g = new(["Werewolf", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    for _ in range(3):
        vote(g, "AC CA DA EC")
    cast(g, "CA DA EC")
    close(g)  # the wolf did not vote: it dies, and the village wins before any draw
    assert dead(g) == {"B": "attack", "A": "sudden"} and result(g) == "Human" and winners(g) == "BCDE"


def test_sudden_death_seats_always_lose():
    g = new(["Werewolf", "Human", "Human", "Human", "Human", "Neet"])
    night(g, "A attack B")
    cast(g, "AC CA DA")  # E does not vote; the ニート need not
    close(g)
    assert dead(g) == {"B": "attack", "E": "sudden"}
    vote(g, "AC CA DA FA")
    assert result(g) == "Human" and winners(g) == "BCDF"  # E's team won, E lost


def decide(roles: str, gone: str = "", lovers: tuple[str, ...] = (), sudden: str = "") -> tuple[str | None, str]:
    """The engine's end of a state: the result and the winning seats."""
    g = state(roles, gone, lovers)
    g.sudden.update(seat(g, s) for s in sudden)
    assert conclude(g)
    return result(g), winners(g)


@pytest.mark.parametrize(("roles", "gone", "lovers", "expected"), [
    ("Werewolf Madman Human", "C", (), ("Werewolf", "AB")),  # the madman wins with the wolves
    ("Werewolf Cupid Human Human", "A", (), ("Human", "CD")),  # no lovers: Cupid (team Friend) loses
    ("Werewolf Cupid Human Human Human", "A", ("DE",), ("Friend", "BDE")),  # Cupid wins with its lovers
    ("Werewolf Human Human", "C", ("AB",), ("Friend", "AB")),  # a wolf in love wins as a lover
    ("Werewolf LoneWolf Human", "C", (), ("Werewolf", "A")),  # the lone wolf loses its team's win
    ("Werewolf Spy Human", "C", (), ("Werewolf", "A")),  # a spy that did not leave loses
    ("Werewolf Fugitive Human Human", "A", (), ("Human", "BCD")),
    ("Werewolf Fugitive Human Human", "AB", (), ("Human", "CD")),  # a dead fugitive loses
    ("Werewolf Slave Noble Human", "A", (), ("Human", "CD")),  # the noble lives: the slave loses
    ("Werewolf Slave Noble Human", "AC", (), ("Human", "BCD")),  # the dead noble wins with the village
    ("Werewolf Bat Human", "C", (), ("Werewolf", "AB")),
    ("Werewolf Bat Human Human", "AB", (), ("Human", "CD")),
    ("Werewolf Tanner Human Human", "AB", (), ("Human", "BCD")),
    ("Werewolf Tanner Human", "C", (), ("Werewolf", "A")),
    ("Werewolf Neet Human", "C", (), ("Werewolf", "AB")),
    ("Werewolf Neet Human Human", "A", (), ("Human", "BCD")),
    ("Werewolf Teruteru Human Human", "A", (), ("Human", "CD")),  # not executed while charged
    ("Werewolf Devil Human Human", "A", (), ("Human", "CD")),
    ("Werewolf Vampire Human", "A", (), ("Vampire", "B")),
    ("Werewolf Immoral Fox Human", "A", (), ("Fox", "BC")),  # the immoral wins with the fox
    ("Werewolf Immoral TinyFox Human", "A", (), ("Fox", "BC")),
    ("MadWolf Human Human", "", (), (None, "")),  # (not decided: see below)
])
def test_who_wins_a_decided_result(roles, gone, lovers, expected):
    if expected[0] is None:
        assert judge(state(roles, gone, lovers)) is None
        return
    assert decide(roles, gone, lovers) == expected


def test_sudden_death_seats_lose_even_when_their_team_wins():
    assert decide("Werewolf Human Human Neet Bat", "AB", sudden="BD") == ("Human", "CE")
    assert decide("Werewolf Tanner Human Human", "AB", sudden="B") == ("Human", "CD")


def test_nobody_wins_a_draw():
    assert decide("Werewolf Neet Bat", "ABC") == ("Draw", "")


# ---------------------------------------------------------------------------------------------- T.1.2 in full
# Each step below is asked of seats whose declarations say what the step reads (a stand-in declaration,
# not registered, placed on a seat here: the real roles that say so are tested in roles/test_*.py).


class _SwapsResults(Human):
    """A stand-in: a role that swaps Human and Werewolf while it lives (闇道化)."""

    swaps_results = True


class _Raven(Human):
    """A stand-in: a role of which a lone survivor takes a decided result (鴉)."""

    lone_survivor = Team.RAVEN


class _Lorelei(Human):
    """A stand-in: a role that takes a decided result after the lovers (ローレライ), counting none."""

    counts = Count.NONE
    steals_after_lovers = Team.LORELEI


class _Leader(Human):
    """A stand-in: a role that leads a majority (ドラキュラ), counting as a vampire."""

    counts = Count.VAMPIRE
    majority = Team.VAMPIRE


class _Sect(Human):
    """A stand-in: a role that sweeps for the cult while its seat's team is the cult (カルトリーダー)."""

    judge_team = Team.CULT
    sweeps = Team.CULT


class _Sub(Role):
    """A stand-in sub-role (its flags set per test)."""

    id = "StandInSub"
    kind = LayerKind.SUB


class _FoxSub(_Sub):
    counts_as = Count.NONE
    steals_victory = True


class _Bitten(_Sub):
    kind = LayerKind.MARK
    majority = Team.VAMPIRE


class _Rioter(_Sub):
    sweeps = Team.HOOLIGAN


class _Believer(_Sub):
    sweeps = Team.CULT


def placed(roles: str, gone: str = "", lovers: tuple[str, ...] = (), *, as_: dict[str, type[Role]] | None = None,
           subs: dict[str, tuple[type[Role], ...]] | None = None, **settings: str):
    """:func:`state`, with stand-in roles put on some seats (``as_``: letter → class) and stand-in
    sub-roles on others (``subs``)."""
    game = state(roles, gone, lovers, **settings)
    for letter, kind in (as_ or {}).items():
        s = seat(game, letter)
        game.identities[s].change_role(Layer.of(kind(), LayerKind.ROLE, s))
    for letter, kinds in (subs or {}).items():
        s = seat(game, letter)
        for kind in kinds:
            game.identities[s].gain(Layer.of(kind(), kind.kind, s))
    return game


def placed_result(*args, **kwargs) -> str | None:
    r = judge(placed(*args, **kwargs))
    return r.value if isinstance(r, Team) else r


# steps 2–3 with a seat that swaps them (闇道化)
def test_step_2_no_wolf_is_the_wolves_win_while_a_swapping_seat_lives():
    assert placed_result("Werewolf Human Human Human", "A", as_={"D": _SwapsResults}) == "Werewolf"
    assert placed_result("Werewolf Human Human Human", "AD", as_={"D": _SwapsResults}) == "Human"  # it is dead


def test_step_3_the_wolves_majority_is_the_villages_win_while_a_swapping_seat_lives():
    assert placed_result("Werewolf Human Human Human", "BC", as_={"D": _SwapsResults}) == "Human"
    assert placed_result("Werewolf Werewolf Human Human", "C", as_={"D": _SwapsResults}) == "Human"
    assert placed_result("Werewolf Human Human Human", "", as_={"D": _SwapsResults}) is None


def test_step_6_reads_the_swapped_result_a_lone_wolf_never_takes_a_flipped_win():
    assert placed_result("LoneWolf Human Human Human", "BC", as_={"D": _SwapsResults}) == "Human"
    assert placed_result("LoneWolf Human Human Human", "ABC", as_={"D": _SwapsResults}) == "Werewolf"


# step 7(a): the fox flag of a sub-role (狐憑き) — the result is Fox whatever the holder's team
def test_step_7a_a_seat_holding_a_fox_sub_role_takes_a_decided_result_for_the_foxes():
    # a wolf holding it counts none: no wolf is left, the village's result, then Fox
    assert placed_result("Werewolf Human Human", "", subs={"A": (_FoxSub,)}) == "Fox"
    assert placed_result("Werewolf Human Human", "A", subs={"B": (_FoxSub,)}) == "Fox"
    assert placed_result("Werewolf Human Human", "AB", subs={"B": (_FoxSub,)}) == "Human"  # dead: nothing


# step 7(b)
def test_step_7b_two_ravens_in_the_game_and_one_alive_take_a_decided_result():
    ravens = {"C": _Raven, "D": _Raven}
    assert placed_result("Werewolf Human Human Human", "AC", as_=ravens) == "Raven"
    assert placed_result("Werewolf Human Human Human", "A", as_=ravens) == "Human"  # both alive
    assert placed_result("Werewolf Human Human Human", "ACD", as_=ravens) == "Human"  # none alive
    assert placed_result("Werewolf Human Human Human", "A", as_={"D": _Raven}) == "Human"  # one in the game
    assert placed_result("Werewolf Human Human Human", "C", as_=ravens) is None  # no result: nothing to take


def test_step_7b_comes_after_the_fox_and_before_the_lovers():
    ravens = {"C": _Raven, "D": _Raven}
    assert placed_result("Werewolf Fox Human Human", "AC", as_=ravens) == "Raven"
    assert placed_result("Werewolf Human Human Human Human", "AC", ("BE",), as_=ravens) == "Friend"


# step 7(d)
def test_step_7d_a_living_lorelei_takes_a_decided_result_after_the_lovers():
    assert placed_result("Werewolf Human Human Human", "A", as_={"D": _Lorelei}) == "Lorelei"
    assert placed_result("Werewolf Human Human Human", "AD", as_={"D": _Lorelei}) == "Human"
    assert placed_result("Werewolf Human Human Human", "", as_={"D": _Lorelei}) is None  # no result
    assert placed_result("Werewolf Human Human Human", "A", ("BC",), as_={"D": _Lorelei}) == "Lorelei"
    # the lovers clear the result (two couples, friendssplit): Lorelei takes it all the same
    six = "Werewolf Human Human Human Human Human Human"
    assert placed_result(six, "A", ("BC", "DE"), as_={"G": _Lorelei}) == "Lorelei"
    assert placed_result(six, "A", ("BC", "DE")) is None


def test_step_7d_counts_none_so_a_lorelei_and_a_wolf_alone_are_the_wolves_then_hers():
    assert placed_result("Werewolf Human Human", "B", as_={"C": _Lorelei}) == "Lorelei"


# step 8(a)
def test_step_8a_a_living_leader_and_its_marked_seats_over_half_the_living_win():
    # leader B + bitten C, D of 6 living: 3 ≤ 3, no; E dead: 3 > 5/2
    subs = {"C": (_Bitten,), "D": (_Bitten,)}
    roles = "Werewolf Human Human Human Human Human"
    assert placed_result(roles, "", as_={"B": _Leader}, subs=subs) is None
    assert placed_result(roles, "E", as_={"B": _Leader}, subs=subs) == "Vampire"
    assert placed_result(roles, "BE", as_={"B": _Leader}, subs=subs) is None  # no leader alive
    assert placed_result(roles, "CE", as_={"B": _Leader}, subs=subs) is None  # a dead bitten seat does not count


def test_step_8a_replaces_a_decided_result():
    # the wolf dead: the village's result; leader and one bitten of 3 living: the vampires'
    assert placed_result("Werewolf Human Human Human", "A", as_={"B": _Leader}, subs={"C": (_Bitten,)}) == "Vampire"


# steps 8(b)–(c)
def test_step_8b_every_living_seat_a_rioter_is_the_hooligans_win():
    subs = {"A": (_Rioter,), "B": (_Rioter,)}
    assert placed_result("Werewolf Human Human", "C", subs=subs) == "Hooligan"  # over the wolves' result
    assert placed_result("Werewolf Human Human", "", subs=subs) is None
    assert placed_result("Werewolf Human Human", "ABC", subs=subs) == "Draw"  # alive > 0 is needed


def test_step_8c_every_living_seat_a_believer_or_a_leader_of_the_cult_is_the_cults_win():
    assert placed_result("Werewolf Human Human", "A", as_={"B": _Sect}, subs={"C": (_Believer,)}) == "Cult"
    assert placed_result("Werewolf Human Human", "A", as_={"B": _Sect}) is not None  # C no believer: Human
    assert placed_result("Werewolf Human Human", "A", as_={"B": _Sect}) == "Human"
    # a leader whose team is no longer the cult (a lover) does not sweep
    assert placed_result("Werewolf Human Human Human", "AD", ("BC",), as_={"B": _Sect},
                         subs={"C": (_Believer,)}) == "Friend"


def test_step_8b_then_8c_then_8d():
    both = {"B": (_Rioter, _Believer), "C": (_Rioter, _Believer)}
    assert placed_result("Werewolf Human Human", "A", subs=both) == "Cult"  # the cult's check is later
    g = placed("Werewolf Devil Human Human", "A", subs={"B": (_Rioter, _Believer), "C": (_Rioter, _Believer),
                                                         "D": (_Rioter, _Believer)})
    g.grant(1, "VictoryMark")
    assert judge(g) is Team.DEVIL  # the devil's mark last


# step 8(d)
def test_step_8d_a_team_changing_sub_role_voids_the_devils_mark():
    g = state("Werewolf Devil Human Human Human", gone="B", lovers=("BC",))
    g.grant(1, "VictoryMark")
    assert judge(g) is None  # B, a lover, holds the mark but its team is Friend


# ---------------------------------------------------------------------------------------------- T.1.1 results


@pytest.mark.parametrize(("winner", "ja", "en"), [
    ("Cult", "ゲーム終了: カルト陣営の勝利です 【カルトリーダー勝利】「村はカルトに支配されました。」",
     'Game over: the cult won. [The cult leader wins] "The cult rules the village."'),
    ("Raven", "ゲーム終了: 鴉陣営の勝利です 【鴉勝利】「村は鴉に支配されました。」",
     'Game over: the ravens won. [The raven wins] "The ravens rule the village."'),
    ("Hooligan", "ゲーム終了: 暴徒陣営の勝利です 【暴徒勝利】「村は暴徒によって破壊し尽くされました。」",
     'Game over: the hooligans won. [The hooligans win] "The rioters have laid the village waste."'),
    ("Lorelei", "ゲーム終了: ローレライ陣営の勝利です 【ローレライ勝利】「ローレライが村人を魅了し、すべて渦の中に消えていった……」",
     'Game over: the Lorelei won. [Lorelei wins] "Lorelei charmed the villagers, and all vanished into the whirlpool…"'),
    ("Human", "ゲーム終了: 村人陣営の勝利です", "Game over: the village won."),  # no line of its own
])
def test_the_new_results_are_announced_with_their_own_line(winner, ja, en):
    from jinrou.classic.model import Message
    from jinrou.classic.texts import render

    assert render(Message("end", {"winner": winner}), ["A"], "ja") == ja
    assert render(Message("end", {"winner": winner}), ["A"], "en") == en


def test_the_new_results_in_the_simulate_and_study_tables():
    from jinrou.classic.simulate import _possible_winners
    from jinrou.yaminabe.study import Side, winning_side

    for team in ("Cult", "Raven", "Hooligan", "Lorelei", "Duel"):
        assert winning_side(team) is Side.OTHERS
    assert Team.DUEL not in _possible_winners({"Werewolf": 1, "Human": 3})
    assert _possible_winners({"Werewolf": 1, "Human": 3}) == {Team.WEREWOLF, Team.HUMAN}


def _ended(winner: str):
    """A small game that ends with ``winner`` (a result of T.1.1), played by the real roles."""
    if winner == "Cult":
        g = new(["Werewolf", "Hierarch", "Human", "Human"])
        night(g, "B recruit C", "A attack D")
        vote(g, "AB BA CA")
    elif winner == "Raven":
        g = new(["Werewolf", "Raven", "Raven", "Human", "Human", "Human"])
        night(g, "A attack C")
        vote(g, "AD BA DA EA FA")
    elif winner == "Hooligan":
        g = new(["Werewolf", "Hooligan", "Human", "Human"], start=[("hooligan guards", ["D"])])
        night(g, "B recruit C", "A attack D")
        vote(g, "AB BA CA")
    else:
        g = new(["Werewolf", "Lorelei", "Human", "Human", "Human"])
        night(g, "A attack C", draws=[("lorelei familia", ["D", "E"])])
        vote(g, "BA DA EA AB")
    return g


@pytest.mark.parametrize(("winner", "won"), [("Cult", "BC"), ("Raven", "B"), ("Hooligan", "BC"),
                                             ("Lorelei", "BDE")])
def test_each_new_result_goes_through_the_record_the_views_the_tables_and_the_page(winner, won):
    from jinrou.classic.record import write
    from jinrou.classic.replay import replay
    from jinrou.classic.simulate import GameResult, Summary
    from jinrou.classic.texts import render
    from jinrou.classic.views import SeatView
    from jinrou.modes.classic import Village
    from jinrou.modes.classic_view import result_of
    from jinrou.yaminabe.study import Side, winning_side

    g = _ended(winner)
    assert result(g) == winner and winners(g) == won
    record = write(g)
    assert record["result"]["winner"] == winner and write(replay(record)) == record  # the record
    view = SeatView.of(g, None)
    assert view.outcome is not None and view.outcome.winner_id == winner  # the views
    end = next(m for _, m in view.messages if m.key == "end")
    assert "【" in render(end, g.names, "ja") and "[" in render(end, g.names, "en")  # the end, announced
    summary = Summary.of([GameResult.of(g, 0)], {r: g.cast.count(r) for r in set(g.cast)}, 0)
    assert summary.wins[winner] == 1  # classic simulate's table
    assert winning_side(winner) is Side.OTHERS  # the study's
    page = result_of(Village(tuple(g.names), {"rules": {"scapegoat": "off"}}, g))
    assert page is not None and page.ja.startswith(Team(winner).name_ja) and "【" in page.ja  # the page
    assert "won" in page.en


SINGLES = ["Dracula", "VampireClan", "CultLeader", "Hierarch", "Raven", "Raven", "Ascetic", "Hooligan", "Duelist",
           "Lorelei"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(6, 16), k=st.integers(1, 4))
def test_whatever_the_game_a_new_result_holds_what_its_step_reads(seed, n, k):
    """Invariants of T.1.2 over random games of the single teams' roles (random bots): a Cult or Hooligan
    result has every living seat sweeping for it; a Raven result one living 鴉 of two or more; a Lorelei
    result a living ローレライ; a Vampire result a living ドラキュラ's majority or no wolf with humans ≤
    vampires; nobody wins a draw; a 宿敵 wins only alive with its partner dead."""
    from jinrou.agents.classic import RandomAgent
    from jinrou.classic.settings import Settings
    from jinrou.classic.simulate import play_game

    rng = np.random.default_rng(seed)
    cast: dict[str, int] = {"Werewolf": max(1, n // 5)}
    for role in rng.choice(SINGLES, k):
        cast[str(role)] = cast.get(str(role), 0) + 1
    cast["Human"] = max(0, n - sum(cast.values()))
    g = play_game(cast, Settings.parse(), RandomAgent, seed)
    assert g.outcome is not None
    winner, living = g.outcome.winner_id, g.living()
    ids = [g.identity(s) for s in living]
    if winner in ("Cult", "Hooligan"):
        assert living and all(any(layer.role.sweeps is Team(winner) for layer in i.layers) for i in ids)
    if winner == "Raven":
        ravens = [s for s in g.seats() if g.identity(s).role.id == "Raven"]
        assert len(ravens) >= 2 and sum(g.alive[s] for s in ravens) == 1
    if winner == "Lorelei":
        assert any(i.role.id == "Lorelei" for i in ids)
    if winner == "Draw":
        assert g.outcome.winners == frozenset()
    for s in g.outcome.winners:
        enemy = g.identity(s).layer("Enemy")
        if enemy is not None and g.identity(s).win_layer() is enemy:
            assert g.alive[s] and not g.alive[enemy.memory.partner]
