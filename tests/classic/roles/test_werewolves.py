"""Team Werewolf (``roles/werewolves.py``): the 人狼系 wolves, their attack, and the 狂人系 madmen.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.model import Stage
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat
from jinrou.classic.roles import PLAYABLE
from jinrou.errors import IllegalActionError

from ..helpers import (
    Recorder,
    action,
    alive,
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

# ---------------------------------------------------------------------------------------------- 人狼系


def test_werewolf_attack_kills_its_target_announced_as_found_dead():
    g = new(["Werewolf", "Human", "Human", "Human"])
    assert legal_verbs(g, "A") == {"attack": ("B", "C", "D")}
    night(g, "A attack B")
    assert dead(g) == {"B": "attack"} and g.stage is Stage.DAY and g.day == 2
    assert told(g, "died", None) == [{"player": 1, "cause": None}]  # 「無残な姿で発見されました」: the cause hidden
    assert told(g, "attack chosen", "A") == [{"wolf": 0, "target": 1}]  # shown in the wolf chat


def test_wolves_cannot_attack_wolves_unless_wolfattack_and_never_themselves():
    g = new(["Werewolf", "BigWolf", "MadWolf", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "A") == {"attack": ("D", "E", "F", "G")}  # 狂人狼 counts as a wolf too
    g = new(["Werewolf", "BigWolf", "MadWolf", "Human", "Human", "Human", "Human"], {"wolfattack": "on"})
    assert legal_verbs(g, "A") == {"attack": ("B", "C", "D", "E", "F", "G")}
    night(g, "B attack A")  # wolves are immune to wolf attacks: nothing happens
    assert dead(g) == {}


def test_the_first_submission_fixes_the_one_attack_of_the_night():
    g = new(["Werewolf", "Werewolf", "Human", "Human", "Human"])
    g.apply(action(g, "B attack C"))
    assert legal_verbs(g, "A") == {} and g.awaited() == []
    with pytest.raises(IllegalActionError, match="A has already chosen to attack tonight"):
        g.apply(action(g, "A attack D"))
    close(g)
    assert dead(g) == {"C": "attack"}


def test_an_unchosen_attack_kills_every_attacking_wolf_by_sudden_death():
    g = new(["Werewolf", "WolfCub", "MadWolf", "Human", "Human", "Human", "Human"])
    assert g.awaited() == [0, 1]
    close(g, draws=[("announcement", ["B", "A"])])
    assert dead(g) == {"A": "sudden", "B": "sudden"}  # 狂人狼 never attacks, so it is not blamed
    assert result(g) is None and g.stage is Stage.DAY  # 狂人狼 counts as a wolf: wolves = 1, no result yet
    vote(g, "CD DC EC FC GC")
    assert result(g) == "Human" and winners(g) == "CDEFG"  # C, team Human, executed: it wins too


def test_no_night_one_attack_with_scapegoat_no():
    g = new(["Werewolf", "Human", "Human", "Human"], {"scapegoat": "no"})
    assert legal_verbs(g, "A") == {} and g.awaited() == []
    close(g)
    assert dead(g) == {}
    vote(g, "AB BA CB DC")
    assert legal_verbs(g, "A") == {"attack": ("C", "D")} and g.awaited() == [0]  # night 2: the attack is due


def test_scapegoat_is_attacked_on_night_one_by_a_drawn_wolf():
    g = new(["Human", "Werewolf", "Werewolf", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "C")])
    assert legal_verbs(g, "B") == {} and legal_verbs(g, "C") == {}  # no choice on night 1
    close(g)
    assert dead(g) == {"A": "attack"}


def test_big_wolf_is_divined_human_and_read_big_wolf_by_the_psychic():
    g = new(["BigWolf", "Diviner", "Psychic", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine A")
    assert told(g, "divined", "B") == [{"target": 0, "result": "human"}]
    vote(g, "AB BA CA EA FA GA")
    assert dead(g) == {"D": "attack", "A": "execution"} and result(g) == "Human"
    assert told(g, "psychic", "C") == []  # the game ended before the next dawn


def test_psychic_reads_big_wolf_at_the_next_dawn():
    g = new(["BigWolf", "Werewolf", "Psychic", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AB BA CA EA FA GA HA")
    assert told(g, "psychic", "C") == []
    night(g, "B attack E")
    assert told(g, "psychic", "C") == [{"target": 0, "result": "bigwolf"}]


def test_wolf_cub_death_gives_two_attacks_the_next_night_the_second_optional():
    g = new(["WolfCub", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DA EA FA GA HA IA")  # the cub is executed
    assert dead(g) == {"C": "attack", "A": "execution"}
    assert g.awaited() == [1]
    g.apply(action(g, "B attack D"))
    assert g.awaited() == []  # the second attack may be left out
    assert legal_verbs(g, "B") == {"attack": ("D", "E", "F", "G", "H", "I")}  # the same wolf
    g.apply(action(g, "B attack E"))
    close(g, draws=[("announcement", ["E", "D"])])
    assert dead(g) == {"C": "attack", "A": "execution", "D": "attack", "E": "attack"}
    vote(g, "BF FB GB HB IB")
    # back to one attack the night after
    assert legal_verbs(g, "B") == {} and result(g) == "Human"


def test_wolf_cub_extra_attack_left_out_is_no_sudden_death():
    g = new(["WolfCub", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DA EA FA GA HA")
    night(g, "B attack D")
    assert dead(g) == {"C": "attack", "A": "execution", "D": "attack"}
    vote(g, "BE EB FE GE HE")
    g.apply(action(g, "B attack F"))
    assert legal_verbs(g, "B") == {}  # one attack again on the night after


def test_wolf_cub_poisoned_at_night_gives_two_attacks_the_night_after():
    g = new(["WolfCub", "Werewolf", "Poisoner", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", draws=[("announcement", ["A", "C"])])  # the cub chose: the poison kills it
    assert dead(g) == {"A": "poison", "C": "attack"}
    vote(g, "BD DB EB FD GD HD ID")
    g.apply(action(g, "B attack E"))
    assert legal_verbs(g, "B") == {"attack": ("E", "F", "G", "H", "I")}


def test_wolf_cub_second_attack_may_name_the_first_attacks_target_again():
    # §4.3 (issue 28, point 7): the reference accepts it; the target dies once, of the first attack
    g = new(["WolfCub", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DA EA FA GA HA")
    night(g, "B attack D", "B attack D")
    assert dead(g) == {"C": "attack", "A": "execution", "D": "attack"}
    assert [a["target"] for a in write(g)["events"][-2]["actions"]] == ["D", "D"]


def test_wolf_diviner_learns_the_role_name_at_dawn():
    g = new(["WolfDiviner", "Human", "Guard", "Human", "Human"])
    assert legal_verbs(g, "A") == {"attack": ("B", "C", "D", "E"), "divine": ("B", "C", "D", "E")}
    night(g, "A divine C", "A attack B", "C guard D")
    assert told(g, "divined", "A") == [{"target": 2, "result": "Guard"}]


def test_wolf_diviner_divination_is_optional():
    g = new(["WolfDiviner", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "A attack B"))
    assert g.awaited() == []
    close(g)
    assert dead(g) == {"B": "attack"}


def test_wolf_diviner_curses_a_fox():
    g = new(["WolfDiviner", "Fox", "Human", "Human", "Human"])
    night(g, "A attack C", "A divine B", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "curse", "C": "attack"}
    assert told(g, "divined", "A") == [{"target": 1, "result": "Fox"}]


def test_wolf_diviner_divining_a_seer_dies_itself():
    # reference: WolfDiviner.divineeffect — `if p.isJobType "Diviner" then @die game,"curse"` (逆呪殺)
    g = new(["WolfDiviner", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "A divine C", "C divine E", draws=[("announcement", ["A", "D"])])
    assert dead(g) == {"A": "curse", "D": "attack"}
    assert "C" in alive(g)


def test_wolf_diviner_divining_a_seat_holding_a_seer_kit_dies_itself():
    # §8 人狼占い: "a target holding a 占い師 (its role or a 占いセット)" (issue 28, point 4; reference
    # game core-scapegoat/066: isJobType "Diviner" sees a kit too)
    g = new(["WolfDiviner", "Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "C kit F Diviner", "A divine F", "B attack G", draws=[("announcement", ["G", "A"])])
    assert dead(g) == {"D": "attack", "E": "execution", "G": "attack", "A": "curse"} and "F" in alive(g)


def test_wolf_diviner_divining_a_seer_killed_that_night_still_dies():
    # the attack (105) comes before the divination (120); reference divineeffect has no alive check
    g = new(["WolfDiviner", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "B attack C", "A divine C", "C divine D", draws=[("announcement", ["C", "A"])])
    assert dead(g) == {"C": "attack", "A": "curse"}


@pytest.mark.parametrize("madman", ["Madman", "Fanatic", "WhisperingMad", "MadCouple", "Spy"])
def test_wolf_diviner_turns_a_living_madman_into_a_random_playable_role(madman):
    g = new(["WolfDiviner", madman, "Human", "Human", "Human"])
    rec = Recorder([("new role", "Cat")])
    g.apply(action(g, "A attack C"))
    g.apply(action(g, "A divine B"))
    g.close(rec)
    assert g.role(1).id == "Cat" and told(g, "role changed", "B") == [{"role": "Cat"}]
    assert told(g, "divined", "A") == [{"target": 1, "result": madman}]  # the role it had when divined
    ((_, options, weights),) = [a for a in rec.asked if a[0] == "new role"]
    assert sorted(options) == sorted(PLAYABLE) and weights is None  # uniform over the playable roles (§8)


def test_wolf_diviner_leaves_a_dead_madman_and_a_human_as_they_are():
    g = new(["WolfDiviner", "Madman", "Human", "Human", "Human", "Human"], {"wolfattack": "on"})
    night(g, "A attack B", "A divine B")  # B dies at level 105, the divination is at 120
    assert dead(g) == {"B": "attack"} and g.role(1).id == "Madman"
    assert told(g, "divined", "A") == [{"target": 1, "result": "Madman"}]


def test_lone_wolf_wins_alone_when_it_is_the_last_wolf():
    g = new(["LoneWolf", "Werewolf", "Human", "Human", "Human"], {"scapegoat": "no"})
    close(g)
    vote(g, "AB BA CB DB EB")  # the other wolf is executed
    night(g, "A attack C")
    vote(g, "AD DA ED")
    assert result(g) == "LoneWolf" and winners(g) == "A"  # B (team Werewolf) loses (§7.6)


def test_lone_wolf_loses_when_the_wolves_win_together():
    g = new(["LoneWolf", "Werewolf", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert result(g) == "Werewolf" and winners(g) == "B"


def test_lone_wolf_executed_the_village_wins_the_dead_villager_too():
    g = new(["LoneWolf", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "AC CA DA")
    assert result(g) == "Human" and winners(g) == "BCD"


# ---------------------------------------------------------------------------------------------- 狂人系


def test_who_knows_the_wolves():
    g = new(["Werewolf", "BigWolf", "MadWolf", "Madman", "Fanatic", "WhisperingMad", "Spy", "Human"])
    wolves = {"A": "wolves", "B": "wolves", "C": "wolves"}  # 狂人狼 counts as a wolf: known to them (§8)
    assert knows(g, "A") == {"B": "wolves", "C": "wolves"} and knows(g, "C") == {"A": "wolves", "B": "wolves"}
    assert knows(g, "D") == {}  # 狂人 knows nobody
    assert knows(g, "E") == wolves and knows(g, "F") == wolves and knows(g, "G") == wolves
    assert "E" not in knows(g, "A")  # not known back
    assert chats(g, "A") == chats(g, "C") == chats(g, "F") == {Chat.WOLF}
    assert chats(g, "E") == chats(g, "G") == chats(g, "D") == set()


def test_whispering_madman_reads_the_wolf_chat_where_the_attack_is_shown():
    g = new(["Werewolf", "WhisperingMad", "Fanatic", "Human", "Human"])
    g.apply(action(g, "A attack D"))
    (_, m), = [(p, m) for p, m in g.messages if m.key == "attack chosen"]
    assert m.to == frozenset({0, 1})


def test_mad_couples_know_each_other_and_share_a_chat():
    g = new(["Werewolf", "MadCouple", "MadCouple", "Human", "Human"])
    assert knows(g, "B") == {"C": "MadCouple"} and knows(g, "C") == {"B": "MadCouple"}
    assert chats(g, "B") == {Chat.MAD_COUPLE} and "B" not in knows(g, "A")


def test_spy_leaves_at_level_100_and_wins_with_the_wolves():
    g = new(["Werewolf", "Spy", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"leave": ()} and g.awaited() == [0]  # optional
    night(g, "A attack C", "B leave", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "leave", "C": "attack"}
    assert told(g, "died", None) == [{"player": 1, "cause": "leave"}, {"player": 2, "cause": None}]  # 失踪 is told
    vote(g, "AD DA ED")
    assert result(g) == "Werewolf" and winners(g) == "AB"


def test_a_holy_protection_stops_a_spys_leave_and_the_leave_is_spent():
    # §8 スパイ (issue 28, point 5): the protection stops the leave like any death (§5.2); the スパイ
    # stays, cannot leave again, and so does not win with the wolves
    g = new(["Werewolf", "Spy", "Priest", "Human", "Human", "Human"])
    night(g, "C protect B", "B leave", "A attack D")
    assert dead(g) == {"D": "attack"} and told(g, "holy protection used", "B") == [{}]
    assert not g.has_sub(1, "HolyProtection")
    vote(g, "AE BE CE EA FE")
    assert legal_verbs(g, "B") == {}  # its leave is spent
    night(g, "A attack C")
    vote(g, "AF BF FA")
    assert result(g) == "Werewolf" and winners(g) == "A"


def test_spy_that_stays_loses_with_the_wolves_winning():
    g = new(["Werewolf", "Spy", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA")
    assert result(g) == "Werewolf" and winners(g) == "A"


def test_spy_left_loses_when_the_village_wins():
    g = new(["Werewolf", "Spy", "Human", "Human", "Human"])
    night(g, "A attack C", "B leave", draws=[("announcement", ["B", "C"])])
    vote(g, "AD DA EA")
    assert result(g) == "Human" and winners(g) == "CDE"


def test_madman_wins_with_the_wolves_dead_or_alive():
    g = new(["Werewolf", "Madman", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BD DB EB")  # the madman is executed
    night(g, "A attack D")
    assert result(g) == "Werewolf" and winners(g) == "AB"


# ---------------------------------------------------------------------------------------------- noticebitten


def test_noticebitten_tells_the_attacked_seat_even_when_it_survives():
    g = new(["Werewolf", "Fox", "Human", "Human", "Human"], {"noticebitten": "on"})
    night(g, "A attack B")
    assert told(g, "attacked", "B") == [{}] and dead(g) == {}
    g = new(["Werewolf", "Fox", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert told(g, "attacked") == []


# ---------------------------------------------------------------------------------------------- wave 3 人狼系
# shared/spec/classic-roles-werewolf.md W.2 (the mechanics: W.1)


def test_curse_wolf_kills_the_seer_that_divines_it_who_learns_nothing():
    # W.2 呪狼: the diviner dies (curse) at its own resolution, so it sees its result only with `immediate`
    g = new(["CurseWolf", "Diviner", "Human", "Human", "Human"])
    night(g, "A attack C", "B divine A", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "curse", "C": "attack"}
    assert told(g, "divined", "B") == []  # dead at dawn: no result
    assert told(g, "died", None) == [{"player": 1, "cause": None}, {"player": 2, "cause": None}]  # 無残な姿
    g = new(["CurseWolf", "Diviner", "Human", "Human", "Human"], {"divineresult": "immediate"})
    night(g, "B divine A", "A attack C", draws=[("announcement", ["B", "C"])])
    assert told(g, "divined", "B") == [{"target": 0, "result": "werewolf"}] and dead(g)["B"] == "curse"


def test_curse_wolf_kills_a_fellow_wolf_diviner_and_a_seer_kit_but_not_a_tiny_fox():
    # W.2 呪狼: "占い師, サトリ, a 占いセット, and a fellow 人狼占い too"; W.1.6: not 子狐
    g = new(["CurseWolf", "WolfDiviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", "B divine A", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "curse", "C": "attack"}
    g = new(["CurseWolf", "Merchant", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    g.apply(action(g, "B kit C Diviner"))
    night(g, "C divine A", "A attack F", draws=[("announcement", ["C", "F"])])
    assert dead(g) == {"D": "attack", "E": "execution", "C": "curse", "F": "attack"}
    g = new(["CurseWolf", "TinyFox", "Human", "Human", "Human"])
    night(g, "A attack C", "B divine A", draws=[("tiny fox divination", True)])
    assert dead(g) == {"C": "attack"}


def test_intuition_wolf_is_told_who_guards_it_when_the_protection_is_placed():
    # W.2 直感派狼: 「{name}は{guard}に護衛されたことを直感しました。」
    from jinrou.classic.texts import render

    g = new(["IntuitionWolf", "Guard", "Human", "Human", "Human"])
    g.apply(action(g, "B guard A"))
    assert told(g, "guard sensed") == []  # placed at level 80, not at submission
    night(g, "A attack C")
    assert told(g, "guard sensed", "A") == [{"player": 0, "guard": 1}] and told(g, "guard sensed", "B") == []
    message = next(m for _, m in g.messages if m.key == "guard sensed")
    assert render(message, g.names, "ja") == "AはBに護衛されたことを直感しました。"
    g = new(["IntuitionWolf", "Guard", "Human", "Human", "Human"])
    night(g, "B guard C", "A attack D")
    assert told(g, "guard sensed") == []


def test_seal_wolf_votes_weigh_one_more_per_dead_neighbour_circularly():
    # W.2 印狼: + each dead seat among its two neighbours in seat order (circular); A's are F and B
    g = new(["SealWolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack F")
    assert g.identity(0).vote_weight(g.ctx) == 2 and g.identity(2).vote_weight(g.ctx) == 1
    vote(g, "AB BC CD DE EA")  # B: 2 (A's vote), every other candidate 1: B is executed
    assert dead(g) == {"F": "attack", "B": "execution"}
    assert g.identity(0).vote_weight(g.ctx) == 3  # both neighbours dead now
    g = new(["Human", "Human", "Human", "Human", "Human", "SealWolf"])  # the other end of the circle
    night(g, "F attack A")
    vote(g, "FB BC CD DE EF")
    assert dead(g) == {"A": "attack", "B": "execution"}


def test_seal_wolf_weight_is_counted_when_it_votes():
    # W.1.11a: "counted when it votes" — a neighbour's death after the vote changes nothing
    g = new(["SealWolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    cast(g, "AC")
    assert g.ballot is not None and g.ballot.weights[0] == 1
    g.alive[1] = False  # (a death after its vote: the day actions of later roles)
    assert g.identity(0).vote_weight(g.ctx) == 2 and g.ballot.weights[0] == 1


def test_dark_wolf_hides_every_vote_table_while_it_lives_but_not_gm_psychic():
    # W.1.11b: 「投票結果が闇に隠されました。」 for everyone; GMpsychic still shown
    g = new(["DarkWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"GMpsychic": "on"})
    night(g, "A attack C")
    vote(g, "AD BD DA EA FA GA")
    assert told(g, "votes", "*") == [] and told(g, "votes hidden", None) == [{}]
    assert told(g, "psychic result", None) == [{"target": 0, "result": "werewolf"}]
    night(g, "B attack D")
    vote(g, "BE EF FE GE")  # the 闇狼 is dead: the table is shown again
    assert told(g, "votes", None) == [{"votes": {1: 4, 4: 5, 5: 4, 6: 4}, "counts": {4: 3, 5: 1}}]
    from jinrou.classic.texts import render

    message = next(m for _, m in g.messages if m.key == "votes hidden")
    assert render(message, g.names, "ja") == "投票結果が闇に隠されました。"


def test_nether_wolf_reads_heaven_alive_without_writing_and_counts_as_a_reviver():
    # W.2 冥狼, W.1.12: reads 霊界, cannot write; a reviver for 霊界表示 norevive while alive
    from jinrou.classic.views import SeatView, heaven_sees_all

    g = new(["NetherWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    view = SeatView.of(g, 0)
    assert "heaven" in view.reads and "heaven" not in view.writes
    assert "heaven" not in SeatView.of(g, 1).reads  # a plain wolf does not
    assert not heaven_sees_all(g) and SeatView.of(g, 2).roles == {2: "Human"}  # the dead see less
    vote(g, "AD BD DA EA FA GA")  # the 冥狼 is executed
    assert heaven_sees_all(g) and len(SeatView.of(g, 2).roles) == 7
    assert "heaven" in SeatView.of(g, 0).writes  # dead, it writes in 霊界 like any dead seat
    g = new(["NetherWolf", "Human", "Human", "Human", "Human"], {"heavenview": "view"})
    assert heaven_sees_all(g)


def test_cautious_wolf_may_abstain_spending_the_attack_on_nobody():
    # W.2 慎重な狼: 「襲撃しない」 spends one attack; wolf chat 「{name}たち人狼は襲撃しませんでした。」; no death
    g = new(["CautiousWolf", "Werewolf", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "A") == {"attack": ("C", "D", "E", "F"), "abstain": ()}
    assert legal_verbs(g, "B") == {"attack": ("C", "D", "E", "F")}
    g.apply(action(g, "A abstain"))
    assert told(g, "abstained", "B") == [{"wolf": 0}] and told(g, "abstained", "C") == []
    assert legal_verbs(g, "A") == {} and legal_verbs(g, "B") == {} and g.awaited() == []
    close(g)
    assert dead(g) == {} and g.stage is Stage.DAY
    record = write(g)
    assert record["events"][0]["actions"] == [{"player": "A", "action": "abstain"}]


def test_cautious_wolf_abstain_spends_one_of_a_wolf_cubs_two_attacks():
    g = new(["CautiousWolf", "WolfCub", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AB BA CB EB FB GB HB")  # the 狼の子 is executed: two attacks tonight
    g.apply(action(g, "A abstain"))
    assert legal_verbs(g, "C") == {"attack": ("E", "F", "G", "H")} and g.awaited() == []
    night(g, "C attack E")
    assert dead(g) == {"D": "attack", "B": "execution", "E": "attack"}


def test_cautious_wolf_is_divined_werewolf_overriding_the_catalog_column():
    # W.2 慎重な狼 "settled here": 占 人狼 as the reference's code; the catalog's divined_black is 0
    # (the reference's prize list omits it) — the declaration overrides that column
    from jinrou.classic.catalog import ROLES as CATALOG

    assert not CATALOG["CautiousWolf"].divined_black
    g = new(["CautiousWolf", "Diviner", "Human", "Human", "Human"])
    night(g, "A attack C", "B divine A")
    assert told(g, "divined", "B") == [{"target": 0, "result": "werewolf"}]


def test_cautious_wolf_has_no_abstain_on_the_scapegoats_night():
    g = new(["Human", "CautiousWolf", "Human", "Human", "Human"], {"scapegoat": "on"}, [("scapegoat attacker", "B")])
    assert legal_verbs(g, "B") == {}


def test_tongue_wolf_tastes_its_dead_victims_until_it_tastes_a_villager():
    # W.2 舌禍狼: 「{name}の味見の結果、{target}は{role}でした。」; a 村人 ends it (「以降は…知ることができません。」)
    g = new(["TongueWolf", "Diviner", "Human", "Psychic", "Guard", "Human", "Human", "Human", "Human"],
            {"drawvote": "none"})
    night(g, "A attack B", "B divine C", "E guard C")
    assert told(g, "tasted", "A") == [{"player": 0, "target": 1, "role": "Diviner"}]
    vote(g, "AC CA DA EC FA GC HA IC")  # a tie: nobody is executed
    night(g, "A attack C", "E guard D")
    assert told(g, "tasted human", "A") == [{"player": 0, "target": 2, "role": "Human"}]
    from jinrou.classic.texts import render

    message = next(m for _, m in g.messages if m.key == "tasted human")
    assert render(message, g.names, "ja") == "Aの味見の結果、Cは村人でした。以降は襲撃対象者の役職を知ることができません。"
    vote(g, "AD DA EA FD GA HD IE")
    night(g, "A attack D", "E guard F")
    assert dead(g)["D"] == "attack" and len(told(g, "tasted", "A")) == 1  # lost for good


def test_tongue_wolf_tastes_only_dead_targets_of_its_own_attacks():
    g = new(["TongueWolf", "Werewolf", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C guard D")  # guarded: alive at dawn, nothing told
    assert dead(g) == {} and told(g, "tasted") == []
    vote(g, "AE BE CE DE EA FE GE")
    night(g, "B attack F", "C guard D")  # the other wolf's attack is not tasted
    assert dead(g)["F"] == "attack" and told(g, "tasted") == []
    g = new(["Human", "TongueWolf", "Werewolf", "Human", "Human", "Human"], {"scapegoat": "on"},
            [("scapegoat attacker", "B")])
    close(g)  # the night-1 attack on 身代わりくん (A) is not tasted
    assert dead(g) == {"A": "attack"} and told(g, "tasted") == []


def test_greedy_wolf_gorges_from_night_two_once_and_the_wolves_attack_twice():
    # W.2 欲張りな狼: once, from night 2, at once; wolf chat 「{name}は欲張りました。人狼たちはもう1人襲撃できます。」
    g = new(["GreedyWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "A") == {"attack": ("C", "D", "E", "F", "G", "H", "I", "J")}
    with pytest.raises(IllegalActionError, match="has no action 'gorge' tonight"):  # refused on night 1, not spent
        g.apply(action(g, "A gorge"))
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD ID JD")
    assert "gorge" in legal_verbs(g, "A")
    g.apply(action(g, "A gorge"))
    assert told(g, "gorged", "B") == [{"wolf": 0}] and told(g, "gorged", "E") == []
    g.apply(action(g, "B attack E"))
    assert legal_verbs(g, "A") == {"attack": ("E", "F", "G", "H", "I", "J")}  # the extra attack (optional)
    assert g.awaited() == []
    night(g, "A attack F", draws=[("announcement", ["E", "F"])])
    assert dead(g) == {"C": "attack", "D": "execution", "E": "attack", "F": "attack"}
    vote(g, "AG BG GA HG IG JG")
    assert "gorge" not in legal_verbs(g, "A")  # once per game
    record = write(g)
    assert {"player": "A", "action": "gorge"} in record["events"][2]["actions"]
    # the record's gorge replays through the same rules (the open night stays open: "open": true)
    assert record["events"][-1]["open"] is True and write(replay(record)) == record


def greedy_night_two(*roles: str):
    g = new(["GreedyWolf", "Werewolf", "Guard", *roles])
    night(g, "A attack D", "C guard E")
    vote(g, "AE BE CE EA " + " ".join(f"{letter}E" for letter in "FGHIJ"[: len(roles) - 2]))
    return g


def test_greedy_wolf_dies_when_the_first_attack_fails_and_the_later_ones_are_cancelled():
    # W.1.9d: the 1st fails → only it dies
    g = greedy_night_two("Human", "Human", "Human", "Human", "Human")
    g.apply(action(g, "A gorge"))
    night(g, "A attack F", "B attack G", "C guard F")
    assert dead(g) == {"D": "attack", "E": "execution", "A": "greedy"}  # G's attack is cancelled
    assert told(g, "died", None)[-1] == {"player": 0, "cause": None}  # announced 無残な姿 (W.1.14)
    # the 2nd fails → the 1st victim and it die
    g = greedy_night_two("Human", "Human", "Human", "Human", "Human")
    g.apply(action(g, "A gorge"))
    night(g, "A attack G", "B attack F", "C guard F", draws=[("announcement", ["A", "G"])])
    assert dead(g) == {"D": "attack", "E": "execution", "G": "attack", "A": "greedy"}


def test_greedy_wolf_without_a_gorge_risks_nothing_and_abstaining_never_fails():
    g = greedy_night_two("Human", "Human", "Human", "Human", "Human")
    night(g, "A attack F", "C guard F")  # no gorge: a failed attack costs nothing
    assert "A" in alive(g)
    g = new(["GreedyWolf", "CautiousWolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    g.apply(action(g, "A gorge"))
    night(g, "B abstain", "A attack E")
    assert dead(g) == {"C": "attack", "D": "execution", "E": "attack"}  # 「襲撃しない」 never fails


def test_greedy_wolfs_death_is_resistible_but_the_attacks_stay_cancelled():
    # W.2: greedy is resistible: a holy protection saves it (used up), the later attacks stay cancelled
    g = new(["GreedyWolf", "Werewolf", "Guard", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "D protect A", "C guard F")
    vote(g, "AF BF CF DF FA GF HF")
    g.apply(action(g, "A gorge"))
    night(g, "A attack D", "B attack G", "C guard D")
    assert dead(g) == {"E": "attack", "F": "execution"} and told(g, "holy protection used", "A") == [{}]


def test_a_scapegoat_greedy_wolf_takes_every_open_attack():
    # W.2 Scapegoat, settled here for 欲張りな狼: the reference skips the sole-wolf test for it
    g = new(["GreedyWolf", "WolfCub", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"scapegoat": "on", "safety": "free"})
    close(g)  # night 1: 身代わりくん counts as a wolf: no attack
    vote(g, "BC CD DB EB FB GB HB IB", draws=[("scapegoat vote", "B")])  # the 狼の子 is executed
    close(g, [("scapegoat attack", "D"), ("scapegoat attack", "E"), ("announcement", ["D", "E"])])
    assert dead(g) == {"B": "execution", "D": "attack", "E": "attack"}
