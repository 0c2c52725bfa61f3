"""Single teams of wave 3 (``roles/single_teams.py``, classic-roles-third.md T.7): カルトリーダー and 教主
(カルト信者), 鴉 and 修験者, 暴徒 (暴動者, 警備員), 決闘者 (宿敵), ローレライ (しもべ).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.texts import shown_role

from ..helpers import (
    action,
    close,
    dead,
    knows,
    legal_verbs,
    line,
    new,
    night,
    refused,
    result,
    seat,
    told,
    vote,
    winners,
)


def subs(g, letter: str) -> list[str]:
    return [layer.role.id for layer in g.identity(seat(g, letter)).extras()]


# ---------------------------------------------------------------------------------------------- カルトリーダー


def test_cult_leader_recruits_each_night_at_100_and_knows_its_members():
    g = new(["Werewolf", "CultLeader", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"recruit": ("A", "C", "D", "E", "F", "G")}
    assert g.awaited() == [0, 1]  # required
    night(g, "B recruit C", "A attack D")
    assert told(g, "cult recruit", "B") == [{"player": 1, "target": 2}]
    assert told(g, "cult joined", "C") == [{"player": 2}]
    assert subs(g, "C") == ["CultMember"] and knows(g, "B") == {"C": "CultMember"}
    assert shown_role("Human", subs(g, "C"), "ja") == "カルト信者（村人）"
    assert dead(g) == {"D": "attack"}


def test_a_missed_recruit_is_a_sudden_death():
    g = new(["Werewolf", "CultLeader", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", draws=[("announcement", ["B", "D"])])
    assert dead(g) == {"B": "sudden", "D": "attack"}


def test_the_cult_wins_when_every_living_seat_is_a_member_whatever_else_and_the_members_lose_without_a_hierarch():
    g = new(["Werewolf", "CultLeader", "Human", "Human"])
    night(g, "B recruit C", "A attack D")
    vote(g, "AB BA CA")  # the wolf executed: B and C left, C a member: the cult
    assert result(g) == "Cult" and winners(g) == "B"  # C, a member with no 教主 alive, loses (team Human)


def test_with_a_living_hierarch_every_member_wins_with_the_cult():
    g = new(["Werewolf", "Hierarch", "Human", "Human"])
    night(g, "B recruit C", "A attack D")
    vote(g, "AB BA CA")
    assert result(g) == "Cult" and winners(g) == "BC"


def test_a_member_still_wins_by_its_role_without_a_cult_result():
    g = new(["Werewolf", "CultLeader", "Human", "Human", "Human"])
    night(g, "B recruit C", "A attack E")
    vote(g, "AB BA CA DA")  # the wolf executed: B, C, D alive, D no member: the village wins
    assert result(g) == "Human" and winners(g) == "CDE"


def test_recruiting_a_member_again_does_nothing_and_a_dead_target_still_joins():
    g = new(["Werewolf", "CultLeader", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B recruit C", "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "B recruit C", "A attack F")
    assert len(told(g, "cult joined", "C")) == 1 and subs(g, "C") == ["CultMember"]
    vote(g, "AG BG CG GA")
    night(g, "B recruit A", "A attack B")
    assert "CultMember" in subs(g, "A")


def test_a_cult_leader_in_love_no_longer_sweeps_for_the_cult():
    from jinrou.classic.roles.lovers import pair

    g = new(["Werewolf", "CultLeader", "Human", "Human", "Human"])
    night(g, "B recruit C", "A attack E")
    pair(g.ctx, seat(g, "B"), seat(g, "D"))
    vote(g, "AB BA CA DA")  # the wolf executed: B (a lover, team Friend), C a member, D a lover
    assert result(g) == "Friend"


# ---------------------------------------------------------------------------------------------- 鴉, 修験者


def test_ravens_know_each_other_and_the_ascetic_knows_them_unknown_back():
    g = new(["Werewolf", "Raven", "Raven", "Ascetic", "Human", "Human", "Human"])
    assert knows(g, "B") == {"C": "Raven"} and knows(g, "D") == {"B": "Raven", "C": "Raven"}
    assert legal_verbs(g, "B") == {} and legal_verbs(g, "D") == {}


def test_the_last_raven_caws_once_and_takes_the_villages_result():
    g = new(["Werewolf", "Raven", "Raven", "Ascetic", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert told(g, "raven cry", None) == [{}]  # one raven left at this dawn
    vote(g, "AC BC CA DC EC FC GC".replace("BC ", ""))
    assert dead(g) == {"B": "attack", "C": "execution"}
    night(g, "A attack D")
    assert told(g, "raven cry", None) == [{}]  # once
    vote(g, "EA FA GA AE")
    assert result(g) == "Human" and winners(g) == "EFG"  # no raven alive: the village


def test_two_ravens_one_alive_at_a_result_is_the_ravens_and_the_ascetic_wins_dead_or_alive():
    g = new(["Werewolf", "Raven", "Raven", "Ascetic", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AC BC CA EC FC GC")
    assert told(g, "raven cry", None) == []  # the cry waits for a dawn
    night(g, "A attack E")
    assert told(g, "raven cry", None) == [{}]
    vote(g, "BA FA GA AF")
    assert result(g) == "Raven" and winners(g) == "BD"


def test_a_lone_raven_wins_alive_whatever_the_result_and_never_caws():
    g = new(["Werewolf", "Raven", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "BA DA EA AB")
    assert result(g) == "Human" and winners(g) == "BCDE" and told(g, "raven cry", None) == []


def test_the_ascetic_with_one_raven_wins_iff_it_lives_and_alone_iff_itself_lives():
    g = new(["Werewolf", "Raven", "Ascetic", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "CA DA EA AC")
    assert result(g) == "Human" and winners(g) == "DE"  # the raven dead: the ascetic loses
    g = new(["Werewolf", "Ascetic", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "CA DA EA AC")
    assert result(g) == "Human" and winners(g) == "CDE"  # no raven: its own life, and it is dead


# ---------------------------------------------------------------------------------------------- 暴徒


def hooligans(**start):
    return new(["Werewolf", "Hooligan", "Human", "Human", "Human", "Human", "Human", "Human", "Human"], start=[
        ("hooligan guards", ["D", "E"])][: 1 if start.get("guards", True) else 0])


def test_the_hooligan_riots_at_its_first_dusk_and_guards_are_appointed():
    g = new(["Werewolf", "Hooligan", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            start=[("hooligan guards", ["D", "E"])])  # ⌈9/8⌉ = 2 of C…I (not the 暴徒)
    assert subs(g, "B") == ["HooliganAttacker"] and subs(g, "D") == ["HooliganGuard"] == subs(g, "E")
    assert told(g, "hooligan guard", "D") == [{"player": 3}]
    assert legal_verbs(g, "B") == {"recruit": ("A", "C", "D", "E", "F", "G", "H", "I"),
                                   "assault": ("A", "C", "D", "E", "F", "G", "H", "I")}
    assert legal_verbs(g, "D") == {}  # a guard arrests from the next night
    assert shown_role("Human", subs(g, "D"), "ja") == "村人（警備員）"
    # the 暴徒 itself is 「暴徒」 (the reference's HooliganMember names a 暴徒 alone); a recruit 「村人（暴動者）」
    assert shown_role("Hooligan", subs(g, "B"), "ja") == "暴徒" and shown_role("Hooligan", subs(g, "B"), "en") == "Hooligan"
    assert shown_role("Human", ["HooliganAttacker"], "ja") == "村人（暴動者）"


def test_a_recruited_seat_riots_from_the_next_night_and_two_assaults_kill():
    g = new(["Werewolf", "Hooligan", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            start=[("hooligan guards", ["D", "E"])])
    night(g, "B recruit C", "B assault F", "A attack G")
    assert told(g, "hooligan joined", "C") == [{"player": 2}] and subs(g, "C") == ["HooliganAttacker"]
    assert dead(g) == {"G": "attack"}  # one assault alone kills nobody
    assert knows(g, "B") == {"C": "HooliganAttacker"}
    vote(g, "AH BH CH DH EH FH HA IH")
    assert "assault" in legal_verbs(g, "C")
    night(g, "B recruit I", "B assault F", "C assault F", "A attack D",
          draws=[("order", ["B", "C"]), ("announcement", ["F", "D"])])
    assert dead(g) == {"G": "attack", "H": "execution", "F": "hooligan", "D": "attack"}
    assert line(g, "died", "ja") == "Gは無残な姿で発見されました"  # hidden until the end, as every cause here


def test_recruiting_a_guard_fails_and_the_hooligan_is_told():
    g = new(["Werewolf", "Hooligan", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            start=[("hooligan guards", ["D", "E"])])
    night(g, "B recruit D", "A attack G")
    assert subs(g, "D") == ["HooliganGuard"] and told(g, "hooligan found guard", "B") == [{"player": 1, "target": 3}]


def test_a_guard_arrests_a_rioter_out_of_the_riot_and_voids_the_hooligans_assault():
    g = new(["Werewolf", "Hooligan", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            start=[("hooligan guards", ["D", "E"])])
    night(g, "B recruit C", "A attack G")
    vote(g, "AH BH CH DH EH FH HA IH")
    night(g, "B recruit I", "B assault F", "C assault F", "D arrest C", "A attack E",
          draws=[("order", ["B", "C"])])
    assert "F" not in dead(g) and subs(g, "C") == [] and told(g, "arrested out", "C") == [{"player": 2}]
    vote(g, "AI BI CI DI FI IA")
    g2 = new(["Werewolf", "Hooligan", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
             start=[("hooligan guards", ["D", "E"])])
    night(g2, "B recruit C", "A attack G")
    vote(g2, "AH BH CH DH EH FH HA IH")
    night(g2, "B recruit I", "B assault F", "C assault F", "D arrest B", "A attack E",
          draws=[("order", ["B", "C"])])
    assert "F" not in dead(g2) and subs(g2, "B") == ["HooliganAttacker"]
    assert told(g2, "arrested", "B") == [{"player": 1}]


def test_the_hooligans_win_when_every_living_seat_riots():
    g = new(["Werewolf", "Hooligan", "Human", "Human"], start=[("hooligan guards", ["D"])])
    night(g, "B recruit C", "A attack D")
    vote(g, "AB BA CA")
    assert result(g) == "Hooligan" and winners(g) == "BC"  # the rioter C wins with them too


# ---------------------------------------------------------------------------------------------- 決闘者


def test_the_duelist_challenges_on_its_first_night_and_both_become_nemeses():
    g = new(["Werewolf", "Duelist", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"pair": ("A", "C", "D", "E", "F", "G")} and g.awaited() == [0, 1]
    g.apply(action(g, "B pair C"))
    assert told(g, "duel challenge", "B") == [{"player": 1, "target": 2}]
    assert told(g, "duel accepted", "C") == [{"player": 1, "target": 2}]
    assert subs(g, "B") == ["Enemy"] == subs(g, "C") and knows(g, "B") == {"C": "Enemy"} and knows(g, "C") == {"B": "Enemy"}
    assert g.identity(seat(g, "C")).team().value == "Duel" and shown_role("Human", ["Enemy"], "ja") == "宿敵（村人）"
    close(g)
    assert legal_verbs(g, "B") == {}


def test_a_nemesis_wins_alive_with_its_partner_dead_whatever_the_result():
    g = new(["Werewolf", "Duelist", "Human", "Human", "Human"])
    night(g, "B pair C", "A attack C")
    vote(g, "BA DA EA AB")
    assert result(g) == "Human" and winners(g) == "BDE"  # C (a nemesis) dead loses, B wins


def test_the_scapegoat_duelist_makes_no_challenge_and_is_never_challenged():
    g = new(["Duelist", "Werewolf", "Duelist", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    assert legal_verbs(g, "C") == {"pair": ("B", "D", "E", "F", "G")}
    night(g, "C pair D")
    assert subs(g, "A") == [] and "A" in dead(g)


# ---------------------------------------------------------------------------------------------- ローレライ


def test_lorelei_sings_on_night_of_its_day_and_two_seats_become_its_servants():
    g = new(["Werewolf", "Lorelei", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])  # ⌊8/4⌋ = 2
    night(g, "A attack C")
    assert subs(g, "D") == []
    vote(g, "AD BD DA ED FD GD HD ID")
    night(g, "A attack E", draws=[("lorelei familia", ["F", "G"])])
    assert told(g, "lorelei charmed", "F") == [{"player": 5}] and told(g, "lorelei song", None) == [{}]
    assert subs(g, "F") == ["LoreleiFamilia"] and knows(g, "F") == {"B": "Lorelei"}
    assert g.identity(seat(g, "G")).team().value == "Lorelei"


def test_lorelei_alive_takes_a_decided_result_and_her_servants_win_with_her():
    g = new(["Werewolf", "Lorelei", "Human", "Human", "Human"])  # ⌊4/4⌋ = 1: it sings on night 1
    night(g, "A attack C", draws=[("lorelei familia", ["D", "E"])])
    vote(g, "BA DA EA AB")
    assert result(g) == "Lorelei" and winners(g) == "BDE"


def test_servants_follow_a_dead_lorelei():
    g = new(["Werewolf", "Lorelei", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", draws=[("lorelei familia", ["D", "E"])])
    vote(g, "AB DB EB FB BA", draws=[("announcement", ["B", "D", "E"])])
    assert dead(g) == {"C": "attack", "B": "execution", "D": "suicide", "E": "suicide"}


def test_lorelei_dying_before_her_song_takes_a_living_neighbour():
    g = new(["Werewolf", "Lorelei", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB DB EB FB GB HB IB BA", draws=[("lorelei victim", "A"), ("announcement", ["B", "A"])])
    assert dead(g)["B"] == "execution" and dead(g)["A"] == "lorelei"


def test_bad_choices_are_refused_with_a_message_and_change_nothing():
    g = new(["Werewolf", "Duelist", "CultLeader", "Human", "Human", "Human", "Human"])
    refused(g, action(g, "B pair B"), "B")  # not itself
    refused(g, action(g, "C recruit C"), "C")
    g.apply(action(g, "B pair D"))
    refused(g, action(g, "B pair E"), "B")  # once
    g = new(["Werewolf", "Hooligan", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            start=[("hooligan guards", ["D", "E"])])
    refused(g, action(g, "D arrest B"), "D")  # not on the night of its appointment


# ---------------------------------------------------------------------------------------------- interactions


def test_a_hypnotized_rioters_assault_counts_but_it_does_not_resolve_the_riot():
    """T.1.13: hypnosis voids no assault; the joint resolution is at the turn of the first rioter in A neither
    sealed nor hypnotized (none: no assault resolves)."""
    roles = ["Werewolf", "Hooligan", "Human", "Hypnotist", "Human", "Human", "Human", "Human", "Human"]
    g = new(roles, start=[("hooligan guards", ["E", "F"])])
    night(g, "B recruit C", "A attack G")
    vote(g, "AH BH CH DH EH FH HA IH")
    night(g, "B recruit I", "B assault E", "C assault E", "D hypnotize C", "A attack F",
          draws=[("order", ["C", "B"]), ("announcement", ["E", "F"])])
    assert dead(g)["E"] == "hooligan"  # C hypnotized: its assault counts, B's turn resolves the riot
    g = new(roles, start=[("hooligan guards", ["E", "F"])])
    night(g, "B recruit C", "A attack G")
    vote(g, "AH BH CH DH EH FH HA IH")
    night(g, "B recruit I", "B assault E", "C assault E", "D hypnotize B", "A attack F",
          draws=[("order", ["B", "C"]), ("announcement", ["E", "F"])])
    assert dead(g)["E"] == "hooligan"  # B hypnotized: C's turn resolves it, B's assault counting


def test_the_scapegoat_hooligan_recruits_by_draw_never_assaults_and_is_never_a_guard():
    g = new(["Hooligan", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"scapegoat": "on"}, start=[("scapegoat attacker", "B"), ("hooligan guards", ["C", "D"])])
    assert subs(g, "A") == ["HooliganAttacker"] and subs(g, "C") == ["HooliganGuard"] == subs(g, "D")
    night(g, draws=[("scapegoat recruit", "E")])
    assert subs(g, "E") == ["HooliganAttacker"] and dead(g) == {"A": "attack"}
    g = new(["Human", "Werewolf", "Hooligan", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"scapegoat": "on"}, start=[("scapegoat attacker", "B"), ("hooligan guards", ["D", "E"])])
    assert "HooliganGuard" not in subs(g, "A")


def test_a_lorelei_alive_at_the_start_with_a_decided_result_takes_it_at_once():
    g = new(["Werewolf", "Lorelei", "Human"])  # she counts none: 1 human ≤ 1 wolf, then hers (T.1.2 7d)
    assert result(g) == "Lorelei" and winners(g) == "B"


def test_no_lorelei_sings_once_a_servant_exists():
    g = new(["Werewolf", "Lorelei", "Lorelei", "Human", "Human", "Human", "Human", "Human", "Human"])  # ⌊8/4⌋ = 2
    night(g, "A attack D", draws=[("order", ["B", "C"])])
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "A attack F", draws=[("order", ["B", "C"]), ("lorelei familia", ["G", "H"])])
    assert told(g, "lorelei charmed") == [{"player": 6}, {"player": 7}]  # the second Lorelei sings no more
    assert told(g, "lorelei song", None) == [{}]  # one song notice (the singer's)


def test_lorelei_after_singing_takes_nobody_with_her():
    g = new(["Werewolf", "Lorelei", "Human", "Human", "Human", "Human"])  # ⌊5/4⌋ = 1
    night(g, "A attack C", draws=[("lorelei familia", ["D", "E"])])
    vote(g, "AB DB EB FB BA", draws=[("announcement", ["B", "D", "E"])])
    assert "lorelei" not in dead(g).values()


def test_the_raven_cry_comes_from_the_first_raven_dead_or_alive():
    g = new(["Werewolf", "Human", "Raven", "Human", "Raven", "Human", "Human"])
    night(g, "A attack C")  # the first raven dead: the cry still comes, once
    assert told(g, "raven cry", None) == [{}]


def test_contacts_with_a_psycho_killer_targeted_at_submission_or_at_the_hooligans_resolution():
    """T.1.14: the cult's recruit is *targeted* at submission, the 暴徒's at its resolution (level 100,
    before the サイコキラー's 104): either recruiter dies."""
    g = new(["Werewolf", "CultLeader", "PsychoKiller", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B recruit C", "A attack D", draws=[("announcement", ["B", "D"])])
    assert dead(g)["B"] == "psycho" and "CultMember" in subs(g, "C")
    g = new(["Werewolf", "Hooligan", "PsychoKiller", "Human", "Human", "Human", "Human", "Human", "Human"],
            start=[("hooligan guards", ["D", "E"])])
    night(g, "B recruit C", "A attack F", draws=[("announcement", ["B", "F"])])
    assert dead(g)["B"] == "psycho" and "HooliganAttacker" in subs(g, "C")


def test_lorelei_sings_to_fewer_seats_when_fewer_are_left():
    """T.7, settled here: one candidate left, one servant (the reference's loop would fail)."""
    g = new(["Werewolf", "Lorelei", "Human", "Human", "Human", "Human"])  # ⌊5/4⌋ = 1: night 1
    for letter in "DEF":  # a table where they are gone (set directly, as test_victory's states)
        g.alive[seat(g, letter)] = False
    night(g, "A attack C", draws=[("lorelei familia", ["A"])])  # C dies at 105; the wolf alone is left
    assert subs(g, "A") == ["LoreleiFamilia"] and result(g) == "Lorelei" and winners(g) == "AB"
