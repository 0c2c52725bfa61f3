"""The victory checks of classic-werewolf §7, one by one in their order, and who wins (the per-seat
win rules). Most tests judge a state directly: a game is set up, some seats are marked dead and some
paired as 恋人, and :func:`jinrou.classic.victory.judge` is asked; the ends of whole games are in
``roles/test_*.py`` and ``test_votes.py``."""

from __future__ import annotations

import pytest

from jinrou.classic.catalog import Team
from jinrou.classic.roles.lovers import pair
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
    assert [c.__name__ for c in CHECKS] == ["_nobody", "_human", "_werewolf", "_vampire", "_lovers_alone",
                                          "_lone_wolf", "_fox", "_lovers", "_victory_mark"]


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
