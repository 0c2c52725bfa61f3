"""Every role of classic-werewolf §8, one or more games per rule, with its interactions.

Games are seated A, B, C… (``helpers.new``) with ``scapegoat=off`` unless a test says otherwise, and
every random outcome is forced (``draws=[...]``): a draw the test does not expect fails the test.
The spec sections quoted are those of ``shared/spec/classic-werewolf.md``; values marked "reference"
come from 月下人狼's server (uhyo/jinrou, ``server/rpc/game/game.coffee``).
"""

from __future__ import annotations

from typing import Any

import pytest

from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Category, Team
from jinrou.classic.draws import Draws
from jinrou.classic.model import Count, Fortune, PsychicResult, Stage, Verb
from jinrou.classic.record import replay, write
from jinrou.classic.role import Chat
from jinrou.classic.roles import PLAYABLE, ROLES
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError

from .helpers import action, alive, cast, close, dead, new, night, result, seat, told, vote, winners

# The 42 roles of §8, in the spec's order.
SPEC_ROLES = ["Werewolf", "BigWolf", "WolfCub", "WolfDiviner", "LoneWolf", "Madman", "Fanatic", "WhisperingMad", "MadCouple", "Spy", "Human", "Diviner", "Psychic", "Guard", "WanderingGuard", "Couple", "Twin", "Poisoner", "Cat", "Hunter", "Noble", "Slave", "ApprenticeSeer", "Priest", "Fugitive", "Magician", "Merchant", "QueenSpectator", "Prince", "MadWolf", "Cursed", "Fox", "TinyFox", "Immoral", "Cupid", "Lover", "Devil", "Vampire", "Bat", "Tanner", "Teruteru", "Neet"]


class Recorder(Draws):
    """Draws that also note the options and weights of each choice (to read the odds the rules use)."""

    def __init__(self, given: list[tuple[str, Any]]) -> None:
        from jinrou.classic.draws import Draw

        super().__init__(None, [Draw(k, v) for k, v in given])
        self.asked: list[tuple[str, list[Any], list[int] | None]] = []

    def choice(self, kind, options, weights=None, label=None):  # type: ignore[override]
        self.asked.append((kind, list(label if label is not None else options), None if weights is None else list(weights)))
        return super().choice(kind, options, weights, label)


def legal_verbs(game, letter: str) -> dict[str, tuple[str, ...]]:
    """What a seat may do now: verb → target letters (a vote is ``"vote"``)."""
    out = {}
    for lg in game.legal_actions(seat(game, letter)):
        out[lg.verb.value if lg.verb else "vote"] = tuple(game.names[t] for t in lg.targets)
    return out


# ---------------------------------------------------------------------------------------------- static data


def test_the_declared_roles_are_the_42_of_the_spec():
    assert sorted(PLAYABLE) == sorted(SPEC_ROLES) and len(PLAYABLE) == 42


@pytest.mark.parametrize("role_id", sorted(PLAYABLE))
def test_declaration_agrees_with_the_catalog(role_id):
    declared, row = ROLES[role_id], CATALOG[role_id]
    assert declared.catalog == row  # every static column (strength, non-human, hidden, …) is the catalog's
    assert declared.id == row.id and declared.name_ja == row.name_ja and declared.category is row.category
    # LoneWolf judges apart (§8: "judge team LoneWolf (catalog: Werewolf)"); every other team is the catalog's
    assert declared.team is (Team.LONE_WOLF if role_id == "LoneWolf" else row.team)
    assert declared.catalog.team is row.team
    # 占い結果 人狼 iff the catalog's divined_black; ヴァンパイア reads ヴァンパイア (§8)
    if role_id == "Vampire":
        assert declared.fortune is Fortune.VAMPIRE and not row.divined_black
    else:
        assert (declared.fortune is Fortune.WEREWOLF) == row.divined_black


# §8 results and §1 counts, written out from the spec
SPEC_PSYCHIC = {"BigWolf": PsychicResult.BIG_WOLF, "TinyFox": PsychicResult.TINY_FOX, "Devil": PsychicResult.WEREWOLF,
                "MadWolf": PsychicResult.WEREWOLF}
SPEC_COUNTS = {"MadWolf": Count.WOLF, "Vampire": Count.VAMPIRE, "Fox": Count.NONE, "TinyFox": Count.NONE}


@pytest.mark.parametrize("role_id", sorted(PLAYABLE))
def test_psychic_result_and_count_are_the_specs(role_id):
    declared = ROLES[role_id]
    wolf = declared.category is Category.WEREWOLF
    psychic = SPEC_PSYCHIC.get(role_id, PsychicResult.WEREWOLF if wolf else PsychicResult.HUMAN)
    counts = SPEC_COUNTS.get(role_id, Count.WOLF if wolf else Count.HUMAN)
    assert declared.psychic is psychic and declared.counts is counts
    assert declared.attacks == (wolf and role_id != "MadWolf")
    assert declared.immune_to_wolf_attack == (wolf or role_id in ("MadWolf", "Vampire"))


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


def knows(game, letter: str) -> dict[str, str]:
    """What a seat's role and sub-roles tell it about the others: letter → label."""
    return {game.names[k]: v for k, v in game.identity(seat(game, letter)).knows(game.ctx)}


def chats(game, letter: str) -> set[str]:
    return set(game.identity(seat(game, letter)).chats(game.ctx))


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
    assert g.events[phase]["type"] == "night" and phase == g.phase  # told in night 2


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
    assert result(g) == "Draw" and [e["type"] for e in g.events] == ["night", "day", "outcome"]


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


# ---------------------------------------------------------------------------------------------- 商人


def test_merchant_kit_is_usable_the_same_night_and_optional():
    g = new(["Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}  # from night 2
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    assert legal_verbs(g, "B") == {"kit": ("A", "C", "F", "G")} and g.awaited() == [0]
    (kit,) = g.legal_actions(1)
    assert kit.kits == ("Diviner", "Psychic", "Guard") and not kit.required
    g.apply(action(g, "B kit C Guard"))
    assert told(g, "kit received", "C") == [{"kit": "Guard"}] and told(g, "kit sent", "B") == [{"target": 2, "kit": "Guard"}]
    assert legal_verbs(g, "C") == {"guard": ("A", "B", "F", "G")} and g.awaited() == [0]  # optional
    night(g, "A attack F", "C guard F")
    assert "F" in alive(g) and legal_verbs(g, "B") == {"vote": ("A", "C", "F", "G")}
    vote(g, "AG BG CG FG GA")
    assert legal_verbs(g, "B") == {}  # once
    assert legal_verbs(g, "C") == {"guard": ("A", "B", "F")}


def test_merchant_seer_kit_divines():
    g = new(["Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    g.apply(action(g, "B kit C Diviner"))
    night(g, "C divine A", "A attack F")
    assert told(g, "divined", "C") == [{"target": 0, "result": "werewolf"}]


def test_a_seer_holding_a_seer_kit_divines_twice_its_roles_first():
    # §8 商人 (issue 28, point 6): two divine actions that night, its role's (required) then the
    # kit's (optional), each with its result and its curse
    g = new(["Werewolf", "Merchant", "Diviner", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "C divine F")
    vote(g, "AG BG CG DG FG GA HG")
    g.apply(action(g, "B kit C Diviner"))
    assert [(lg.verb.value, lg.required) for lg in g.legal_actions(2)] == [("divine", True), ("divine", False)]
    g.apply(action(g, "C divine D"))
    assert [(lg.verb.value, lg.required) for lg in g.legal_actions(2)] == [("divine", False)]
    assert g.awaited() == [0]  # the kit's divination is optional
    g.apply(action(g, "C divine A"))
    assert g.legal_actions(2) == []
    with pytest.raises(IllegalActionError, match="^C has already chosen to divine tonight$"):
        g.apply(action(g, "C divine H"))
    g.apply(action(g, "A attack F"))
    close(g, [("announcement", ["D", "F"])])
    assert dead(g) == {"E": "attack", "G": "execution", "D": "curse", "F": "attack"}
    assert told(g, "divined", "C")[1:] == [{"target": 3, "result": "human"}, {"target": 0, "result": "werewolf"}]
    second_night = [e for e in write(g)["events"] if e["type"] == "night"][1]
    assert [a for a in second_night["actions"] if a["action"] == "divine"] == [
        {"player": "C", "action": "divine", "target": "D"}, {"player": "C", "action": "divine", "target": "A"}]
    full = write(g)
    assert write(replay({**full, "events": full["events"][:-1]})) == full  # it replays (the open day aside)


def test_merchant_medium_kit_reads_the_executed():
    g = new(["Werewolf", "Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    g.apply(action(g, "C kit F Psychic"))
    night(g, "A attack G")
    vote(g, "AB BA CB FB HB IB")
    night(g, "A attack H")
    assert told(g, "psychic", "F") == [{"target": 1, "result": "werewolf"}]


def test_merchant_kit_must_be_one_of_the_three():
    g = new(["Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE")
    with pytest.raises(IllegalActionError, match="^B cannot kit: the kit must be one of Diviner, Psychic, Guard, not 'Sword'$"):
        g.apply(action(g, "B kit C Sword"))


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
    assert g.events[phase]["type"] == "night" and phase == g.phase  # told at night 2, not at the vote
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


# ---------------------------------------------------------------------------------------------- 妖狐, 子狐, 背徳者


def test_fox_resists_the_wolf_attack_but_not_the_vampire():
    g = new(["Werewolf", "Fox", "Human", "Human", "Human", "Human", "Vampire", "Human"])
    night(g, "A attack B")
    assert dead(g) == {}
    vote(g, "AC BC CA DC EC FC GC HC")
    night(g, "A attack D", "G bite B", draws=[("announcement", ["B", "D"])])
    assert dead(g) == {"C": "execution", "B": "vampire", "D": "attack"}


def test_foxes_know_each_other_and_the_tiny_fox_and_immoral_know_them():
    g = new(["Werewolf", "Fox", "Fox", "TinyFox", "Immoral", "Human"])
    assert knows(g, "B") == {"C": "Fox"} and chats(g, "B") == {Chat.FOX}
    assert knows(g, "D") == {"B": "Fox", "C": "Fox"} and chats(g, "D") == set()
    assert knows(g, "E") == {"B": "Fox", "C": "Fox"}
    assert "D" not in knows(g, "B") and "E" not in knows(g, "B")  # not known back


def test_tiny_fox_divines_right_half_of_the_time():
    g = new(["Werewolf", "TinyFox", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E", "F", "G")} and g.awaited() == [0, 1]
    rec = Recorder([("tiny fox divination", True)])
    g.apply(action(g, "B divine A"))
    g.apply(action(g, "A attack C"))
    g.close(rec)
    assert rec.asked == [("tiny fox divination", [True, False], None)]  # 1/2 (reference: Math.random()<0.5)
    assert told(g, "divined", "B") == [{"target": 0, "result": "werewolf"}]
    vote(g, "AD BD DA ED FD GD")
    night(g, "B divine A", "A attack E", draws=[("tiny fox divination", False)])
    assert told(g, "divined", "B")[-1] == {"target": 0, "result": "suspicious"}  # 「なんだかとても怪しい人」


def test_tiny_fox_neither_curses_nor_is_cursed_and_dies_to_the_wolves():
    g = new(["Werewolf", "TinyFox", "Fox", "Diviner", "Human", "Human", "Human"])
    night(g, "B divine C", "D divine B", "A attack E",
          draws=[("order", ["B", "D"]), ("tiny fox divination", True)])
    assert dead(g) == {"E": "attack"}
    assert told(g, "divined", "D") == [{"target": 1, "result": "human"}]
    vote(g, "AF BF CF DF FA GF")
    night(g, "A attack B", "B divine G", "D divine A", draws=[("order", ["B", "D"]), ("tiny fox divination", True)])
    assert dead(g)["B"] == "attack"


def test_tiny_fox_psychic_result():
    g = new(["Werewolf", "TinyFox", "Psychic", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B divine C", draws=[("tiny fox divination", True)])
    vote(g, "AB BA CB EB FB GB")
    night(g, "A attack E")
    assert told(g, "psychic", "C") == [{"target": 1, "result": "tinyfox"}]


def test_immoral_follows_the_last_fox_in_the_same_burial():
    g = new(["Werewolf", "Fox", "Immoral", "Diviner", "Human", "Human", "Human"])
    night(g, "D divine B", "A attack E", draws=[("announcement", ["B", "C", "E"])])
    assert dead(g) == {"B": "curse", "C": "suicide", "E": "attack"}


def test_immoral_lives_on_while_a_tiny_fox_lives():
    g = new(["Werewolf", "Fox", "TinyFox", "Immoral", "Diviner", "Human", "Human", "Human"])
    night(g, "E divine B", "C divine A", "A attack F",
          draws=[("order", ["C", "E"]), ("tiny fox divination", True), ("announcement", ["B", "F"])])
    assert dead(g) == {"B": "curse", "F": "attack"}
    vote(g, "AC CA DC EC GC HC", draws=[("announcement", ["C", "D"])])
    assert dead(g)["C"] == "execution" and dead(g)["D"] == "suicide"


# ---------------------------------------------------------------------------------------------- キューピッド, 求愛者, 恋人


def test_cupid_pairs_two_seats_on_night_one_itself_allowed():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human", "Human"])
    ((legal),) = g.legal_actions(1)
    assert legal.verb is Verb.PAIR and legal.arity == 2 and legal.targets == (0, 1, 2, 3, 4, 5) and legal.required
    g.apply(action(g, "B pair B C"))
    assert g.has_sub(1, "Lovers") and g.has_sub(2, "Lovers") and g.team_of(2) is Team.FRIEND
    assert told(g, "lover", "C") == [{"partner": 1}] and told(g, "lover", "B") == [{"partner": 2}]
    assert told(g, "arrows", "B") == [{"first": 1, "second": 2}]
    g.apply(action(g, "A attack D"))
    close(g)
    assert legal_verbs(g, "B") == {"vote": ("A", "C", "E", "F")}
    vote(g, "AE BE CE EA FE")
    assert "pair" not in legal_verbs(g, "B")  # night 1 only


def test_lover_dies_after_its_partner():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human", "Human"])
    night(g, "B pair C D", "A attack C", draws=[("announcement", ["D", "C"])])
    assert dead(g) == {"C": "attack", "D": "suicide"} and "B" in alive(g)


def test_cupid_must_shoot_its_arrows():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "A attack C"))
    assert g.awaited() == [1]
    close(g, draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


def test_suitor_pairs_itself_with_another_seat():
    g = new(["Werewolf", "Lover", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"pair": ("A", "C", "D", "E", "F")} and g.awaited() == [0, 1]
    g.apply(action(g, "B pair A"))
    assert g.has_sub(0, "Lovers") and g.has_sub(1, "Lovers") and knows(g, "A") == {"B": "wolves"} | {"B": "Lovers"}
    assert g.team_of(0) is Team.FRIEND and g.counts(0) is Count.WOLF  # a lover keeps its count (§1)


def test_scapegoat_suitor_does_not_court():
    g = new(["Lover", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    assert legal_verbs(g, "A") == {"pair": ("B", "C", "D", "E", "F")}
    close(g)  # no draw: 身代わりくん skips the optional courtship
    assert not any(g.has_sub(s, "Lovers") for s in range(6))


def test_lovers_apart_with_friendssplit_on_and_together_with_it_off():
    roles = ["Werewolf", "Cupid", "Cupid", "Human", "Human", "Human", "Human", "Human", "Human"]
    g = new(roles)
    g.apply(action(g, "B pair D E"))
    g.apply(action(g, "C pair F G"))
    assert knows(g, "D") == {"E": "Lovers"}
    night(g, "A attack D", draws=[("announcement", ["D", "E"])])
    assert dead(g) == {"D": "attack", "E": "suicide"}  # F and G live on
    g = new(roles, {"friendssplit": "off"})
    g.apply(action(g, "B pair D E"))
    g.apply(action(g, "C pair F G"))
    assert knows(g, "D") == {"E": "Lovers", "F": "Lovers", "G": "Lovers"}
    night(g, "A attack D", draws=[("announcement", ["D", "E", "F", "G"])])
    assert dead(g) == {"D": "attack", "E": "suicide", "F": "suicide", "G": "suicide"}


def test_lovers_win_alone_alive_and_cupid_wins_with_them():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human"])
    night(g, "B pair C D", "A attack E")
    vote(g, "AB BA CA DA")
    assert result(g) == "Friend" and winners(g) == "BCD"


def test_dead_lover_loses_the_lovers_win():
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B pair B C", "A attack D")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F")
    vote(g, "AG BA CA GA")
    assert result(g) == "Friend" and winners(g) == "BC"


# ---------------------------------------------------------------------------------------------- 悪魔くん


def test_devil_bitten_survives_told_once_and_wins_when_executed_afterwards():
    g = new(["Werewolf", "Devil", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {} and told(g, "devil bitten", "B") == [{}]
    vote(g, "AC BC CA DC EC FC GC")
    night(g, "A attack B")
    assert dead(g) == {"C": "execution"} and len(told(g, "devil bitten")) == 1
    vote(g, "AB BA DB EB FB GB")
    assert result(g) == "Devil" and winners(g) == "B"


def test_devil_executed_unbitten_just_dies():
    g = new(["Werewolf", "Devil", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB GB")
    assert dead(g) == {"C": "attack", "B": "execution"} and result(g) is None


def test_devil_dies_to_the_vampire():
    g = new(["Werewolf", "Devil", "Vampire", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    night(g, "A attack F", "C bite B", draws=[("announcement", ["B", "F"])])
    assert dead(g)["B"] == "vampire"


# ---------------------------------------------------------------------------------------------- ヴァンパイア


def test_vampire_bites_from_night_two_and_the_guard_stops_it():
    g = new(["Werewolf", "Vampire", "Guard", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}  # no bite on night 1
    night(g, "A attack E", "C guard D", "D divine B")
    assert told(g, "divined", "D") == [{"target": 1, "result": "vampire"}]
    vote(g, "AF BF CF DF FA GF HF IF")
    assert legal_verbs(g, "B") == {"bite": ("A", "C", "D", "G", "H", "I")} and g.awaited() == [0, 1, 2, 3]
    night(g, "B bite D", "C guard D", "A attack G", "D divine A", draws=[("order", ["B", "D"])])
    assert dead(g) == {"E": "attack", "F": "execution", "G": "attack"}
    vote(g, "AH BH CH DH HA IH")
    night(g, "B bite D", "C guard I", "A attack I", "D divine C", draws=[("order", ["D", "B"])])
    assert dead(g)["D"] == "vampire"


def test_vampire_is_immune_to_wolves_and_kills_a_fugitive_hiding_at_its_target():
    g = new(["Werewolf", "Vampire", "Fugitive", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B", "C hide D")
    assert dead(g) == {}
    vote(g, "AE BE CE DE EA FE GE HE")
    night(g, "B bite D", "C hide D", "A attack F", draws=[("announcement", ["C", "D", "F"])])
    assert dead(g) == {"E": "execution", "C": "vampire", "D": "vampire", "F": "attack"}


def test_fugitive_hiding_at_a_vampires_house_dies():
    g = new(["Werewolf", "Vampire", "Fugitive", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C hide B", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"C": "vampire", "D": "attack"}


def test_vampires_win_when_humans_are_no_more_than_them_and_no_wolf_lives():
    g = new(["Vampire", "Vampire", "Human", "Human", "Human", "Human", "Human"])
    assert knows(g, "A") == {"B": "Vampire"}
    close(g)
    vote(g, "AC BC CA DC EC FC GC")
    night(g, "A bite D", "B bite E", draws=[("order", ["A", "B"]), ("announcement", ["D", "E"])])
    assert result(g) == "Vampire" and winners(g) == "AB"


# ---------------------------------------------------------------------------------------------- その他: こうもり, 皮なめし職人, てるてる坊主, ニート


def test_bat_wins_alive_whoever_wins():
    g = new(["Werewolf", "Bat", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BA DA EA")
    assert result(g) == "Human" and winners(g) == "BCDE"
    g = new(["Werewolf", "Bat", "Human"])
    night(g, "A attack B")
    assert result(g) == "Werewolf" and winners(g) == "A"


def test_tanner_wins_dead_but_not_dead_suddenly():
    g = new(["Werewolf", "Tanner", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "AC CA DA EA FA")
    assert result(g) == "Human" and winners(g) == "BCDEF"
    g = new(["Werewolf", "Tanner", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AD DA EA FA")
    close(g)
    assert dead(g) == {"C": "attack", "B": "sudden"}
    vote(g, "AD DA EA FA")
    assert result(g) == "Human" and winners(g) == "CDEF"


@pytest.mark.parametrize(("n", "day"), [(3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (10, 4), (11, 5), (30, 5)])
def test_teruteru_charge_day_by_seats(n, day):
    from jinrou.classic.roles.others import teruteru_day

    # reference Teruteru.sunrise: players ≤ 4 and day 2, ≤ 6 and day 3, ≤ 10 and day 4, or day ≥ 5
    assert teruteru_day(n) == day


def test_teruteru_wins_when_executed_after_its_charge():
    g = new(["Werewolf", "Teruteru", "Human", "Human", "Human", "Human"])  # n = 6: charged at day 3
    night(g, "A attack C")
    assert told(g, "charged") == []
    vote(g, "AD BD DA ED FD")
    night(g, "A attack E")
    assert told(g, "charged", "B") == [{}]
    vote(g, "AB BA FB")
    assert result(g) == "Werewolf" and winners(g) == "AB"


def test_teruteru_executed_before_its_charge_loses():
    g = new(["Werewolf", "Teruteru", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB")
    night(g, "A attack D")
    vote(g, "AE EA FA")
    assert result(g) == "Human" and winners(g) == "CDEF"


def test_neet_need_not_vote_and_wins_unless_a_draw():
    g = new(["Werewolf", "Neet", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert g.awaited() == [0, 3, 4]
    ((legal),) = g.legal_actions(1)
    assert legal.verb is None and not legal.required
    vote(g, "AD DA EA")
    assert dead(g) == {"C": "attack", "A": "execution"} and result(g) == "Human" and winners(g) == "BCDE"
    g = new(["Werewolf", "Neet", "Human"])
    night(g, "A attack C")
    assert result(g) == "Werewolf" and winners(g) == "AB"


# ---------------------------------------------------------------------------------------------- noticebitten


def test_noticebitten_tells_the_attacked_seat_even_when_it_survives():
    g = new(["Werewolf", "Fox", "Human", "Human", "Human"], {"noticebitten": "on"})
    night(g, "A attack B")
    assert told(g, "attacked", "B") == [{}] and dead(g) == {}
    g = new(["Werewolf", "Fox", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert told(g, "attacked") == []


# ---------------------------------------------------------------------------------------------- copies


def test_a_copied_game_plays_on_independently():
    g = new(["Werewolf", "Priest", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B protect C")
    copy = g.copy()
    vote(copy, "AE BE CE EA FE GE")
    night(copy, "A attack C")  # the protection is used up on the copy only
    assert "C" in alive(copy) and not copy.has_sub(2, "HolyProtection")
    assert g.has_sub(2, "HolyProtection") and g.stage is Stage.DAY and g.day == 2
    assert g.settings is copy.settings and g.role(0) is copy.role(0)

