"""Team Werewolf (``roles/werewolves.py``): the 人狼系 wolves, their attack, and the 狂人系 madmen.

Games are seated A, B, C… (``helpers.new``) with ``scapegoat=off`` unless a test says otherwise, and
every random outcome is forced (``draws=[...]``): a draw the test does not expect fails the test.
The spec sections quoted are those of ``shared/spec/classic-werewolf.md``; values marked "reference"
come from 月下人狼's server (uhyo/jinrou, ``server/rpc/game/game.coffee``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.model import Stage
from jinrou.classic.record import write
from jinrou.classic.role import Chat
from jinrou.classic.roles import PLAYABLE
from jinrou.errors import IllegalActionError

from ..helpers import (
    Recorder,
    action,
    alive,
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
