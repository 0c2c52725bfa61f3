"""Team Human (``roles/village.py``, 呪われた者 in ``roles/switching.py``): 占い師 … 呪われた者, each rule with its interactions.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.model import Stage
from jinrou.classic.record import events as record_events
from jinrou.classic.role import Chat
from jinrou.errors import ImpossibleOutcomeError

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

# ---------------------------------------------------------------------------------------------- 占い師


def test_seer_learns_the_result_at_dawn_and_cannot_divine_itself():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E")}  # never itself (settled in §4.1)
    g.apply(action(g, "B divine A"))
    assert told(g, "divined") == []
    night(g, "A attack C")
    assert told(g, "divined", "B") == [{"target": 0, "result": "werewolf"}]


def test_seer_divination_is_required():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human"])
    g.apply(action(g, "A attack C"))
    assert g.awaited() == [1]
    close(g, draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


def test_divineresult_immediate_tells_at_once():
    g = new(["Werewolf", "Diviner", "Fox", "Human", "Human"], {"divineresult": "immediate"})
    g.apply(action(g, "B divine C"))
    assert told(g, "divined", "B") == [{"target": 2, "result": "human"}]
    assert dead(g) == {}  # the curse waits for the night's resolution (§4.1)
    night(g, "A attack D", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"C": "curse", "D": "attack"} and len(told(g, "divined", "B")) == 1


def test_fox_divined_dies_of_the_curse_announced_as_found_dead():
    g = new(["Werewolf", "Diviner", "Fox", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C", draws=[("announcement", ["D", "C"])])
    assert dead(g) == {"C": "curse", "D": "attack"}
    assert told(g, "died", None) == [{"player": 3, "cause": None}, {"player": 2, "cause": None}]
    assert told(g, "divined", "B") == [{"target": 2, "result": "human"}]  # a fox reads 村人


def test_deadfox_announces_the_curse():
    g = new(["Werewolf", "Diviner", "Fox", "Human", "Human", "Human"], {"deadfox": "on"})
    night(g, "A attack D", "B divine C", draws=[("announcement", ["C", "D"])])
    assert told(g, "died", None) == [{"player": 2, "cause": "curse"}, {"player": 3, "cause": None}]


def test_seer_killed_the_same_night_still_curses_but_learns_nothing():
    g = new(["Werewolf", "Diviner", "Fox", "Human", "Human", "Human"])
    night(g, "A attack B", "B divine C", draws=[("announcement", ["B", "C"])])  # level 100 before 105
    assert dead(g) == {"B": "attack", "C": "curse"} and told(g, "divined") == []


def test_firstnightdivine_auto_draws_among_white_non_foxes_but_tiny_fox():
    roles = ["Human", "Diviner", "Werewolf", "Fox", "TinyFox", "BigWolf", "Human", "Madman"]
    settings = {"scapegoat": "on", "firstnightdivine": "auto"}
    # the pool: not the seer, not 身代わりくん (A), not 人狼 (C, black), not 妖狐 (D); 子狐 E and 大狼 F (white) are in
    with pytest.raises(ImpossibleOutcomeError, match="first divination cannot be 'D': it is one of 'E', 'F', 'G', 'H'"):
        new(roles, settings, start=[("scapegoat attacker", "C"), ("first divination", "D")])
    g = new(roles, settings, start=[("scapegoat attacker", "C"), ("first divination", "F")])
    assert legal_verbs(g, "B") == {}  # already divined
    # 占い師 and 子狐 share level 100: their order is drawn (§4.2)
    night(g, "E divine B", draws=[("order", ["B", "E"]), ("tiny fox divination", True)])
    assert told(g, "divined", "B") == [{"target": 5, "result": "human"}]


def test_firstnightdivine_manual_leaves_night_one_to_the_seer():
    g = new(["Werewolf", "Diviner", "Human", "Human"], {"firstnightdivine": "manual"})
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D")}


# ---------------------------------------------------------------------------------------------- 霊能者


def test_psychic_reads_each_executed_seat_at_the_next_dawn():
    g = new(["Werewolf", "Werewolf", "Psychic", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")  # a human is executed
    assert told(g, "psychic", "C") == []
    night(g, "A attack F")
    assert told(g, "psychic", "C") == [{"target": 4, "result": "human"}]
    vote(g, "AB BA CA GA HA")
    night(g, "B attack G")
    assert told(g, "psychic", "C")[-1] == {"target": 0, "result": "werewolf"}


def test_psychic_learns_nothing_of_other_deaths():
    g = new(["Werewolf", "Psychic", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD")
    night(g, "A attack E")
    assert told(g, "psychic", "B") == [{"target": 3, "result": "human"}]  # not C or E, killed by the wolves


def test_psychicresult_sunset_tells_at_that_dusk():
    g = new(["Werewolf", "Werewolf", "Psychic", "Human", "Human", "Human", "Human"], {"psychicresult": "sunset"})
    night(g, "A attack D")
    vote(g, "AB BA CA EA FA GA")
    assert g.stage is Stage.NIGHT and told(g, "psychic", "C") == [{"target": 0, "result": "werewolf"}]
    (phase, _), = [(p, m) for p, m in g.messages if m.key == "psychic"]
    assert record_events(g)[phase]["type"] == "night" and phase == g.phase  # told in night 2


def test_gmpsychic_announces_the_executed_seats_result_to_everybody():
    g = new(["Werewolf", "Devil", "Human", "Human", "Human", "Human"], {"GMpsychic": "on"})
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB")
    assert told(g, "psychic result", None) == [{"target": 1, "result": "werewolf"}]  # 悪魔くん: 霊 人狼 (§8)


# ---------------------------------------------------------------------------------------------- 狩人, 風来狩人


def test_guard_stops_the_attack_silently_unless_gjmessage():
    g = new(["Werewolf", "Guard", "Human", "Human", "Human"])
    night(g, "A attack C", "B guard C")
    assert dead(g) == {} and told(g, "guard success") == []
    g = new(["Werewolf", "Guard", "Human", "Human", "Human"], {"gjmessage": "on"})
    night(g, "A attack C", "B guard C")
    assert dead(g) == {} and told(g, "guard success", "B") == [{"target": 2}]
    assert told(g, "guard success", "C") == []


def test_guard_guarding_elsewhere_does_not_stop_the_attack():
    g = new(["Werewolf", "Guard", "Human", "Human", "Human"], {"gjmessage": "on"})
    night(g, "A attack C", "B guard D")
    assert dead(g) == {"C": "attack"} and told(g, "guard success") == []


def test_guard_never_guards_itself_unless_guardmyself():
    g = new(["Werewolf", "Guard", "Human", "Human"])
    assert legal_verbs(g, "B") == {"guard": ("A", "C", "D")}
    g = new(["Werewolf", "Guard", "Human", "Human"], {"guardmyself": "on"})
    assert legal_verbs(g, "B") == {"guard": ("A", "B", "C", "D")}
    night(g, "A attack B", "B guard B")
    assert dead(g) == {}


def test_guard_starts_on_night_two_with_the_scapegoat():
    g = new(["Human", "Werewolf", "Guard", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    assert legal_verbs(g, "C") == {} and g.awaited() == []
    close(g)
    assert legal_verbs(g, "C") == {"vote": ("B", "D", "E", "F", "G")}
    vote(g, "BD CD DB ED FD GD")
    assert legal_verbs(g, "C") == {"guard": ("B", "E", "F", "G")} and g.awaited() == [1, 2]


def test_consecutiveguard_no_bans_last_nights_seat():
    g = new(["Werewolf", "Guard", "Human", "Human", "Human", "Human", "Human"], {"consecutiveguard": "no"})
    night(g, "A attack C", "B guard D")
    vote(g, "AE BE DE EA FE GE")
    assert legal_verbs(g, "B") == {"guard": ("A", "F", "G")}  # not D (last night), not itself
    night(g, "A attack F", "B guard G")
    vote(g, "AG BG DG GD")
    assert legal_verbs(g, "B") == {"guard": ("A", "D")}  # D again: only the last night's seat is banned
    g = new(["Werewolf", "Guard", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", "B guard D")
    vote(g, "AE BE DE EA FE GE")
    assert legal_verbs(g, "B") == {"guard": ("A", "D", "F", "G")}  # consecutiveguard=yes (default)


def test_guard_stops_the_attack_before_the_targets_own_resistance():
    # §5.2: the guard (step 2) comes before the role's resistance (step 4): a guarded 悪魔くん is not
    # bitten, a guarded 呪われた者 does not turn, a guarded 妖狐's guard hears of the GJ
    g = new(["Werewolf", "Guard", "Devil", "Cursed", "Fox", "Human", "Human", "Human", "Human"], {"gjmessage": "on"})
    night(g, "A attack C", "B guard C")
    assert told(g, "devil bitten") == [] and told(g, "guard success", "B") == [{"target": 2}]
    vote(g, "AF BF CF DF EF FA GF HF IF")
    night(g, "A attack D", "B guard D")
    vote(g, "AG BG CG DG EG GA HG IG")
    assert g.role(3).id == "Cursed"
    night(g, "A attack E", "B guard E")
    assert told(g, "guard success", "B")[-1] == {"target": 4}


def test_wandering_guard_never_guards_on_night_one():
    g = new(["Werewolf", "WanderingGuard", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {} and g.awaited() == [0]


def test_wandering_guard_is_banned_from_its_seat_after_a_dawn_without_deaths():
    g = new(["Werewolf", "WanderingGuard", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    night(g, "A attack E", "B guard E")  # GJ: nobody dies
    assert dead(g) == {"C": "attack", "D": "execution"}
    assert told(g, "guard banned", "B") == [{"target": 4}]
    vote(g, "AF BF EF FA GF HF")
    assert legal_verbs(g, "B") == {"guard": ("A", "G", "H")}  # never E again
    night(g, "A attack G", "B guard H")  # a dawn with a death bans nothing
    assert told(g, "guard banned", "B") == [{"target": 4}]
    vote(g, "AH BH EH HA")
    assert legal_verbs(g, "B") == {"guard": ("A",)}


# ---------------------------------------------------------------------------------------------- 共有者, 双子


def test_masons_know_each_other_and_share_a_chat():
    g = new(["Werewolf", "Couple", "Couple", "Human"])
    assert knows(g, "B") == {"C": "Couple"} and chats(g, "B") == {Chat.COUPLE} and knows(g, "D") == {}


def test_twin_dies_after_the_other_twin_and_knows_it():
    g = new(["Werewolf", "Twin", "Twin", "Human", "Human", "Human"])
    assert knows(g, "B") == {"C": "Twin"} and chats(g, "B") == set()  # no chat
    night(g, "A attack B", draws=[("announcement", ["C", "B"])])
    assert dead(g) == {"B": "attack", "C": "suicide"}
    assert told(g, "died", None) == [{"player": 2, "cause": "suicide"}, {"player": 1, "cause": None}]


# ---------------------------------------------------------------------------------------------- 埋毒者


def test_poisoner_attacked_kills_the_wolf_that_chose_the_attack():
    g = new(["Werewolf", "Werewolf", "Poisoner", "Human", "Human", "Human", "Human"])
    night(g, "B attack C", draws=[("announcement", ["C", "B"])])  # poisonwolf=selector (default)
    assert dead(g) == {"C": "attack", "B": "poison"}


def test_poisoner_attacked_kills_a_random_attacking_wolf_with_poisonwolf_off():
    g = new(["Werewolf", "Werewolf", "MadWolf", "Poisoner", "Human", "Human", "Human", "Human"], {"poisonwolf": ""})
    rec = Recorder([("poison", "A"), ("announcement", ["A", "D"])])
    g.apply(action(g, "B attack D"))
    g.close(rec)
    assert dead(g) == {"D": "attack", "A": "poison"}
    assert [a for a in rec.asked if a[0] == "poison"] == [("poison", ["A", "B"], None)]  # not 狂人狼 C


def test_poisoner_as_scapegoat_poisons_the_drawn_wolf():
    g = new(["Poisoner", "Werewolf", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "C")])
    close(g, draws=[("announcement", ["A", "C"])])
    assert dead(g) == {"A": "attack", "C": "poison"}


def test_poisoner_executed_poisons_a_random_living_seat():
    g = new(["Werewolf", "Poisoner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    rec = Recorder([("poison", "A"), ("announcement", ["B", "A"])])
    cast(g, "AB BA DB EB FB")
    g.close(rec)
    assert [a for a in rec.asked if a[0] == "poison"] == [("poison", ["A", "D", "E", "F"], None)]
    assert dead(g) == {"C": "attack", "B": "execution", "A": "poison"} and result(g) == "Human"


def test_poisoner_dying_suddenly_still_poisons():
    g = new(["Werewolf", "Poisoner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AD DA EA FA")  # B does not vote
    close(g, draws=[("poison", "E"), ("announcement", ["B", "E"])])
    assert dead(g) == {"C": "attack", "B": "sudden", "E": "poison"}
    assert g.stage is Stage.DAY and g.revotes == 1  # the ballot is retaken


def test_poisoner_attacked_by_a_wolf_dead_earlier_that_night_poisons_nobody():
    # reference Poisoner.dying with poisonwolf "selector": the living seats filtered to `from` — none
    g = new(["Werewolf", "Werewolf", "Vampire", "Poisoner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FA GF HF IF")
    night(g, "C bite A", "A attack D", draws=[("announcement", ["A", "D"])])  # the bite (100) before the attack (105)
    assert dead(g) == {"E": "attack", "F": "execution", "A": "vampire", "D": "attack"}


# ---------------------------------------------------------------------------------------------- 猫又


def test_cat_poisons_like_the_poisoner():
    g = new(["Werewolf", "Werewolf", "Cat", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", draws=[("announcement", ["A", "C"])])
    assert dead(g) == {"C": "attack", "A": "poison"}


def test_cat_revives_its_target_one_time_in_five():
    g = new(["Werewolf", "Cat", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}  # not on night 1
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD")
    assert legal_verbs(g, "B") == {"revive": ("C", "D")} and g.awaited() == [0]  # optional
    rec = Recorder([("cat revival", "target")])
    g.apply(action(g, "A attack E"))
    g.apply(action(g, "B revive C"))
    g.close(rec)
    # reference Cat.midnight: one r = Math.random(); r ≤ 0.05 → another dead seat, r ≤ 0.25 → the target
    assert rec.asked == [("cat revival", ["other", "target", "none"], [1, 4, 15])]
    assert dead(g) == {"D": "execution", "E": "attack"} and "C" in alive(g)
    assert told(g, "revived", None) == [{"player": 2}]


def test_cat_revival_that_fails_revives_nobody():
    g = new(["Werewolf", "Cat", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD")
    night(g, "A attack E", "B revive C", draws=[("cat revival", "none")])
    assert dead(g) == {"C": "attack", "D": "execution", "E": "attack"} and told(g, "revived") == []


def test_cat_misfire_revives_another_announced_dead_seat():
    g = new(["Werewolf", "Cat", "Human", "Human", "Diviner", "Fox", "Human", "Human", "Human"])
    night(g, "A attack C", "E divine G")
    vote(g, "AD BD DA ED FD GD HD ID")
    rec = Recorder([("order", ["E", "B"]), ("cat revival", "other"), ("cat revives instead", "C"),
                    ("announcement", ["F", "G"])])
    for text in ("E divine F", "B revive D", "A attack G"):
        g.apply(action(g, text))
    g.close(rec)
    # the fox cursed just before (level 100, E first) is not yet announced: only C can come back instead of D
    assert ("cat revives instead", ["C"], None) in rec.asked
    assert dead(g) == {"D": "execution", "F": "curse", "G": "attack"} and "C" in alive(g)


def test_cat_misfire_on_a_seat_dead_suddenly_revives_nobody():
    # reference Cat.midnight: the other seat is drawn among every announced dead one; revive() then
    # refuses a sudden death's (norevive)
    g = new(["Werewolf", "Cat", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AE BE EA FE GE HE")
    close(g)  # D did not vote
    vote(g, "AE BE EA FE GE HE")
    assert dead(g) == {"C": "attack", "D": "sudden", "E": "execution"}
    rec = Recorder([("cat revival", "other"), ("cat revives instead", "D")])
    g.apply(action(g, "A attack F"))
    g.apply(action(g, "B revive C"))
    g.close(rec)
    assert ("cat revives instead", ["D", "E"], None) in rec.asked
    assert dead(g) == {"C": "attack", "D": "sudden", "E": "execution", "F": "attack"} and told(g, "revived") == []

def test_dead_cat_tries_to_revive_itself_every_night():
    g = new(["Werewolf", "Cat", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB", draws=[("poison", "D"), ("announcement", ["B", "D"])])
    assert dead(g) == {"C": "attack", "B": "execution", "D": "poison"}
    night(g, "A attack E", draws=[("cat revival", "target")])
    assert "B" in alive(g) and told(g, "revived", None) == [{"player": 1}]


def test_cat_dead_by_sudden_death_never_revives():
    g = new(["Werewolf", "Cat", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AD DA EA FA GA HA")  # B does not vote
    close(g, draws=[("poison", "D"), ("announcement", ["B", "D"])])
    vote(g, "AE EA FE GE HE")
    night(g, "A attack F")  # no draw: the cat does not try
    assert "B" not in alive(g)


# ---------------------------------------------------------------------------------------------- ハンター


def test_hunter_executed_shoots_a_seat_of_its_choice():
    g = new(["Werewolf", "Hunter", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB")
    assert g.stage is Stage.HUNTER and g.awaited() == [1]
    assert legal_verbs(g, "B") == {"shoot": ("A", "D", "E", "F")} and legal_verbs(g, "D") == {}
    night(g, "B shoot A")
    assert dead(g) == {"C": "attack", "B": "execution", "A": "hunter"} and result(g) == "Human"
    assert told(g, "shot", None) == [{"hunter": 1, "target": 0}]
    assert told(g, "died", None)[-1] == {"player": 0, "cause": "hunter"}


def test_hunter_that_does_not_shoot_shoots_a_random_seat():
    g = new(["Werewolf", "Hunter", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB")
    close(g, draws=[("hunter shot", "D")])
    assert dead(g) == {"C": "attack", "B": "execution", "D": "hunter"} and g.stage is Stage.NIGHT


def test_hunters_shot_chain():
    g = new(["Werewolf", "Hunter", "Hunter", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AB BA CB DB FB GB HB IB")
    night(g, "B shoot C")
    assert g.stage is Stage.HUNTER and legal_verbs(g, "C") == {"shoot": ("A", "D", "F", "G", "H", "I")}
    night(g, "C shoot A")
    assert dead(g) == {"E": "attack", "B": "execution", "C": "hunter", "A": "hunter"} and g.stage is Stage.NIGHT


def test_hunter_shoots_with_lastattack_no_when_the_check_finds_nothing():
    g = new(["Werewolf", "Hunter", "Human", "Human", "Human", "Human"], {"hunter_lastattack": "no"})
    night(g, "A attack B")
    assert g.stage is Stage.HUNTER
    night(g, "B shoot C")
    assert dead(g) == {"B": "attack", "C": "hunter"} and g.stage is Stage.DAY


def test_hunter_shot_is_resisted_only_by_a_holy_protection():
    g = new(["Werewolf", "Hunter", "Priest", "Guard", "Human", "Human", "Human"])
    night(g, "A attack B", "C protect E", "D guard E")
    night(g, "B shoot E")
    assert "E" in alive(g) and told(g, "holy protection used", "E") == [{}]


def test_armed_hunters_are_not_targets_of_each_other():
    g = new(["Werewolf", "Werewolf", "Hunter", "Hunter", "Poisoner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")  # the wolves attack hunter C
    assert g.stage is Stage.HUNTER and legal_verbs(g, "C") == {"shoot": ("A", "B", "D", "E", "F", "G", "H", "I")}


def test_hunter_last_shot_comes_before_the_win_check_with_lastattack_yes():
    g = new(["Werewolf", "Hunter", "Human"])
    night(g, "A attack B")  # A and C left: humans ≤ wolves, but B shoots first
    assert g.stage is Stage.HUNTER
    night(g, "B shoot A")
    assert result(g) == "Human" and winners(g) == "BC"


def test_win_check_comes_before_the_hunter_with_lastattack_no():
    g = new(["Werewolf", "Hunter", "Human"], {"hunter_lastattack": "no"})
    night(g, "A attack B")
    assert result(g) == "Werewolf" and winners(g) == "A" and dead(g) == {"B": "attack"}


def test_no_hunter_phase_when_nobody_is_left_to_shoot():
    g = new(["Werewolf", "Hunter", "Human", "Human"], {"drawvote": "all", "votemyself": "on"})
    night(g, "A attack C")
    vote(g, "AB BA DD", draws=[("announcement", ["A", "B", "D"])])  # a three-way tie: all executed
    assert result(g) == "Draw" and [e["type"] for e in record_events(g)] == ["night", "day", "outcome"]


def test_hunter_dying_suddenly_is_not_armed():
    g = new(["Werewolf", "Hunter", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AD DA EA FA")
    close(g)
    assert dead(g) == {"C": "attack", "B": "sudden"} and g.stage is Stage.DAY


# ---------------------------------------------------------------------------------------------- 貴族, 奴隷


def test_noble_attacked_sends_every_living_slave_to_die_instead():
    g = new(["Werewolf", "Noble", "Slave", "Slave", "Human", "Human", "Human", "Human"])
    assert knows(g, "C") == {"B": "Noble"} and knows(g, "B") == {}
    night(g, "A attack B", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"C": "attack", "D": "attack"}
    vote(g, "AE BE EA FE GE HE")
    night(g, "A attack B")  # no slave left: the noble dies
    assert dead(g)["B"] == "attack"


def test_noble_guarded_keeps_the_slave_alive():
    g = new(["Werewolf", "Noble", "Slave", "Guard", "Human", "Human"])
    night(g, "A attack B", "D guard B")
    assert dead(g) == {}


def test_slave_wins_with_the_village_only_once_the_noble_is_dead():
    g = new(["Werewolf", "Noble", "Slave", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BA CA EA FA")
    assert result(g) == "Human" and winners(g) == "BDEF"  # the noble lives: the slave loses
    g = new(["Werewolf", "Noble", "Slave", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AB BA CB EB FB")  # the noble is executed
    night(g, "A attack E")
    vote(g, "AC CA FA")
    assert result(g) == "Human" and winners(g) == "BCDEF"


# ---------------------------------------------------------------------------------------------- 見習い占い師


def test_every_apprentice_becomes_a_seer_after_the_seers_death():
    g = new(["Werewolf", "Diviner", "ApprenticeSeer", "ApprenticeSeer", "Human", "Human", "Human"])
    assert g.role(2).id == g.role(3).id == "ApprenticeSeer" and legal_verbs(g, "C") == {}
    night(g, "A attack B", "B divine E")
    assert g.role(2).id == g.role(3).id == "Diviner"
    assert told(g, "role changed", "C") == [{"role": "Diviner"}] == told(g, "role changed", "D")
    vote(g, "AE CE DE EA FE GE")
    assert legal_verbs(g, "C") == {"divine": ("A", "D", "F", "G")} and g.awaited() == [0, 2, 3]


def test_with_no_seer_cast_only_the_first_apprentice_becomes_one():
    # settled in §8 after the reference's code (ApprenticeSeer.beforebury: no seat is a Diviner → change)
    g = new(["Werewolf", "ApprenticeSeer", "ApprenticeSeer", "Human", "Human"])
    assert g.role(1).id == "Diviner" and g.role(2).id == "ApprenticeSeer"  # at night 1's first burial
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E")}


def test_apprentice_stays_while_the_seer_lives():
    g = new(["Werewolf", "Diviner", "ApprenticeSeer", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine A")
    assert g.role(2).id == "ApprenticeSeer"


# ---------------------------------------------------------------------------------------------- 聖職者


def test_priest_protection_saves_once_and_the_seat_is_told():
    g = new(["Werewolf", "Priest", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"protect": ("A", "C", "D", "E", "F", "G")} and g.awaited() == [0]
    night(g, "A attack C", "B protect C")
    assert dead(g) == {} and told(g, "holy protection used", "C") == [{}] and not g.has_sub(2, "HolyProtection")
    vote(g, "AD BD CD DA ED FD GD")
    assert legal_verbs(g, "B") == {}  # once
    night(g, "A attack C")
    assert dead(g) == {"D": "execution", "C": "attack"}


def test_priest_protection_lasts_until_used():
    g = new(["Werewolf", "Priest", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B protect C")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack C")
    assert "C" in alive(g) and told(g, "holy protection used", "C") == [{}]


def test_priest_protection_comes_after_the_guard():
    # §5.2: the guard (step 2) stops the attack before the protection (step 3) is used
    g = new(["Werewolf", "Priest", "Guard", "Human", "Human", "Human"])
    night(g, "A attack D", "B protect D", "C guard D")
    assert dead(g) == {} and g.has_sub(3, "HolyProtection") and told(g, "holy protection used") == []


def test_priest_protection_holds_against_execution_poison_and_curse():
    g = new(["Werewolf", "Priest", "Human", "Human", "Human", "Human", "Human"], {"GMpsychic": "on"})
    night(g, "A attack C", "B protect D")
    vote(g, "AD BD DA ED FD GD")  # D is voted out but does not die
    assert "D" in alive(g) and told(g, "holy protection used", "D") == [{}]
    assert told(g, "psychic result", None) == []  # nobody died: nothing to read (reference: `if player.dead`)
    assert g.stage is Stage.NIGHT
    g = new(["Werewolf", "Priest", "Diviner", "Fox", "Human", "Human"])
    night(g, "A attack E", "B protect D", "C divine D")
    assert "D" in alive(g)  # level 69 before the curse at 100


def test_priest_protection_does_not_stop_sudden_death():
    g = new(["Werewolf", "Priest", "Human", "Human", "Human"])
    g.apply(action(g, "B protect A"))
    close(g)
    assert dead(g) == {"A": "sudden"} and result(g) == "Human"


# ---------------------------------------------------------------------------------------------- 逃亡者


def test_fugitive_hiding_survives_an_attack_on_itself():
    g = new(["Werewolf", "Fugitive", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"hide": ("A", "C", "D", "E")} and g.awaited() == [0, 1]
    night(g, "A attack B", "B hide C")
    assert dead(g) == {}


def test_fugitive_hides_only_from_night_two_with_the_scapegoat():
    g = new(["Human", "Werewolf", "Fugitive", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    assert legal_verbs(g, "C") == {}


def test_fugitive_hiding_at_a_wolfs_house_dies():
    g = new(["Werewolf", "Fugitive", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", "B hide A", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "attack", "C": "attack"}


def test_fugitive_hiding_at_a_mad_wolfs_house_survives():
    g = new(["Werewolf", "Fugitive", "MadWolf", "Human", "Human", "Human"])
    night(g, "A attack D", "B hide C")
    assert dead(g) == {"D": "attack"}


def test_fugitive_hiding_at_an_attacked_house_dies_even_if_the_host_is_guarded():
    g = new(["Werewolf", "Fugitive", "Guard", "Human", "Human", "Human"])
    night(g, "A attack D", "B hide D", "C guard D")
    assert dead(g) == {"B": "attack"}
    g = new(["Werewolf", "Fugitive", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B hide D", draws=[("announcement", ["D", "B"])])
    assert dead(g) == {"B": "attack", "D": "attack"}


def test_fugitive_hiding_at_a_wolf_dead_by_sudden_death_survives():
    # reference Fugitive.midnight: `if !pl.dead && pl.isWerewolf() …` — a dead host is harmless
    g = new(["Werewolf", "Fugitive", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "B hide A"))
    close(g)
    assert dead(g) == {"A": "sudden"} and result(g) == "Human" and winners(g) == "BCDEF"


def test_fugitive_wins_only_alive_with_the_village():
    g = new(["Werewolf", "Fugitive", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", "B hide A", draws=[("announcement", ["B", "C"])])
    vote(g, "AD DA EA FA")
    assert result(g) == "Human" and winners(g) == "CDEF"


# ---------------------------------------------------------------------------------------------- 魔術師


def test_magician_must_try_to_raise_a_dead_seat_from_night_three():
    g = new(["Werewolf", "Magician", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert legal_verbs(g, "B") == {"vote": ("A", "D", "E", "F", "G", "H", "I")}
    vote(g, "AD BD DA ED FD GD HD ID")
    assert legal_verbs(g, "B") == {}  # night 2: not yet
    night(g, "A attack E")
    vote(g, "AF BF FA GF HF IF")
    assert legal_verbs(g, "B") == {"revive": ("C", "D", "E", "F")} and g.awaited() == [0, 1]
    rec = Recorder([("magician revival", True)])
    g.apply(action(g, "A attack G"))
    g.apply(action(g, "B revive D"))
    g.close(rec)
    assert rec.asked == [("magician revival", [True, False], [3, 7])]  # 3/10 (reference Magician: r = 0.3)
    assert "D" in alive(g) and told(g, "revived", None) == [{"player": 3}]


def test_magician_raises_the_scapegoat_six_times_in_ten():
    g = new(["Human", "Werewolf", "Magician", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"scapegoat": "on"}, start=[("scapegoat attacker", "B")])
    close(g)
    vote(g, "BD CD DB ED FD GD HD ID")
    night(g, "B attack E")
    vote(g, "BF CF FB GF HF IF")
    rec = Recorder([("magician revival", False)])
    g.apply(action(g, "B attack G"))
    g.apply(action(g, "C revive A"))
    g.close(rec)
    assert rec.asked == [("magician revival", [True, False], [6, 4])] and "A" not in alive(g)


def test_magician_that_does_not_try_dies_suddenly():
    g = new(["Werewolf", "Magician", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    night(g, "A attack E")
    vote(g, "AF BF FA GF HF")
    g.apply(action(g, "A attack G"))
    close(g, draws=[("announcement", ["B", "G"])])
    assert dead(g)["B"] == "sudden"


# ---------------------------------------------------------------------------------------------- 女王観戦者


def test_queen_spectator_death_kills_every_living_seat_counting_human():
    g = new(["Werewolf", "QueenSpectator", "Human", "Madman", "Fox", "Human", "MadWolf", "Vampire"])
    night(g, "A attack B", draws=[("announcement", ["B", "C", "D", "F"])])
    assert dead(g) == {"B": "attack", "C": "infection", "D": "infection", "F": "infection"}
    assert told(g, "died", None)[1] == {"player": 2, "cause": None}  # 感染症 reads as found dead


def test_queen_spectator_is_known_to_the_village_team():
    g = new(["Werewolf", "QueenSpectator", "Human", "Madman", "MadWolf", "Fox"])
    queen = g.identity(1)
    assert [v for v in range(6) if list(queen.shown_to(g.ctx, g.identity(v)))] == [2, 4]  # 村人, 狂人狼 (team Human); not itself


# ---------------------------------------------------------------------------------------------- プリンス


def test_prince_first_execution_is_cancelled_and_announced_the_second_is_not():
    g = new(["Werewolf", "Prince", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB")
    assert dead(g) == {"C": "attack"} and told(g, "prince", None) == [{"player": 1}]
    assert told(g, "executed") == [] and g.stage is Stage.NIGHT and g.day == 2
    night(g, "A attack D")
    vote(g, "AB BA EB FB")
    assert dead(g)["B"] == "execution" and len(told(g, "prince")) == 1


def test_prince_among_several_tops_with_drawvote_all_cancels_only_its_own_execution():
    # §8 プリンス, §6 (issue 28, point 2; reference games core-scapegoat/061–063, 067): the other tops
    # are still executed
    g = new(["Werewolf", "Prince", "Human", "Human", "Human", "Human"], {"drawvote": "all"})
    night(g, "A attack C")
    vote(g, "AB BD DB EA FA")  # A and B tie
    assert dead(g) == {"C": "attack", "A": "execution"} and told(g, "prince", None) == [{"player": 1}]
    assert result(g) == "Human"


def test_a_holy_protection_saves_a_prince_before_its_own_cancel():
    # §5.2: the holy protection (step 3) before the role's own resistance (step 4), as the
    # reference's HolyProtected, which does not ask the role beneath
    g = new(["Werewolf", "Prince", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C protect B")
    vote(g, "AB BA CB EB FB GB")
    assert dead(g) == {"D": "attack"} and told(g, "holy protection used", "B") == [{}]
    assert told(g, "prince") == [] and not g.has_sub(1, "HolyProtection")
    night(g, "A attack E")
    vote(g, "AB BA CB FB GB")
    assert dead(g) == {"D": "attack", "E": "attack"} and told(g, "prince", None) == [{"player": 1}]


# ---------------------------------------------------------------------------------------------- 狂人狼


def test_mad_wolf_reads_werewolf_never_attacks_and_wins_with_the_village():
    g = new(["Werewolf", "MadWolf", "Diviner", "Human", "Human", "Human", "Human"], {"wolfattack": "on"})
    assert legal_verbs(g, "B") == {}
    night(g, "A attack B", "C divine B")  # immune to the wolves
    assert dead(g) == {} and told(g, "divined", "C") == [{"target": 1, "result": "werewolf"}]
    vote(g, "AB BC CA DA EA FA GA")
    assert result(g) is None  # 狂人狼 counts as a wolf: wolves = 1
    night(g, "C divine D")
    vote(g, "BC CB DB EB FB GB")
    assert result(g) == "Human" and winners(g) == "BCDEFG"


# ---------------------------------------------------------------------------------------------- 呪われた者


def test_cursed_survives_the_attack_and_turns_wolf_after_the_next_vote_told_the_next_phase():
    g = new(["Werewolf", "Cursed", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B", "C divine B")
    assert dead(g) == {} and told(g, "divined", "C") == [{"target": 1, "result": "human"}]
    assert g.role(1).id == "Cursed"
    vote(g, "AD BD CD DA ED FD GD HD")
    assert g.role(1).id == "Werewolf" and g.stage is Stage.NIGHT
    ((phase, _),) = [(p, m) for p, m in g.messages if m.key == "role changed"]
    assert record_events(g)[phase]["type"] == "night" and phase == g.phase  # told at night 2, not at the vote
    assert legal_verbs(g, "B") == {"attack": ("C", "E", "F", "G", "H")}


def test_cursed_bitten_by_a_vampire_turns_vampire():
    g = new(["Werewolf", "Cursed", "Vampire", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "A attack F", "C bite B")
    assert g.role(1).id == "Cursed" and "B" in alive(g)
    vote(g, "AG BG CG GA HG IG")
    assert g.role(1).id == "Vampire"


def test_cursed_turns_after_a_vote_without_execution():
    # reference: drawvote "none" buries with type "punish", when 呪われた者 changes
    g = new(["Werewolf", "Cursed", "Human", "Human", "Human", "Human"], {"drawvote": "none"})
    night(g, "A attack B")
    vote(g, "AC BC CA DA EF FE")
    assert told(g, "no execution", None) == [{}] and g.role(1).id == "Werewolf"


def test_cursed_does_not_turn_at_the_burial_of_non_voters():
    # reference: the sudden deaths of non-voters are buried with type "other", not "punish"
    g = new(["Werewolf", "Cursed", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    cast(g, "AC BC CA DA EA")  # F and G do not vote
    close(g, draws=[("announcement", ["F", "G"])])
    assert g.stage is Stage.DAY and g.role(1).id == "Cursed"
    vote(g, "AC BC CA DC EC")
    assert g.role(1).id == "Werewolf"
