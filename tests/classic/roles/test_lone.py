"""Wave 3's attackers, feigned death, public identity and resisted execution: 孤独な狼, 狡猾な狼, 絶対狼
(``roles/werewolves.py``), 狂犬 and 復讐人 (``roles/madmen.py``); shared/spec/classic-roles-werewolf.md
W.2, W.3, mechanics W.1.9a, W.1.10, W.1.11c, W.1.12, W.1.14.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.casting import SCAPEGOAT_EXCLUDED, scapegoat_may_draw
from jinrou.classic.catalog import Team
from jinrou.classic.model import Count, Fortune, PsychicResult, Stage
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import SUB_ROLES, Role, sub_role
from jinrou.classic.roles import ROLES
from jinrou.classic.roles.common import LastShot
from jinrou.classic.texts import render
from jinrou.classic.views import SeatView, heaven_sees_all
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError

from ..helpers import (
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
    snapshot,
    told,
    vote,
    winners,
)


def rendered(g, key: str, to: str | None = "*", lang: str = "ja") -> list[str]:
    """Every message ``key`` (to ``to``'s letter; None: public ones), as players read it."""
    out = []
    for _, m in g.messages:
        if m.key == key and (to == "*" or (to is None and m.to is None)
                             or (to not in (None, "*") and m.to is not None and g.names.index(to) in m.to)):
            out.append(render(m, g.names, lang))
    return out


def replays(g) -> None:
    """The record replays through the same rules to the same events (the open phase aside)."""
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


# ---------------------------------------------------------------------------------------------- 孤独な狼


def test_solitude_wolf_is_outside_the_pack_but_the_wolves_know_it():
    # W.1.12: told no wolf and no スパイⅡ, no wolf chat; the wolves do see it in their list
    g = new(["SolitudeWolf", "Werewolf", "Spy2", "Human", "Human", "Human", "Human"])
    assert knows(g, "A") == {} and chats(g, "A") == set()
    assert knows(g, "B") == {"A": "wolves", "C": "Spy2"} and knows(g, "C") == {"A": "wolves", "B": "wolves"}
    assert "wolf" not in SeatView.of(g, 0).reads
    g.apply(action(g, "B attack D"))
    assert told(g, "attack chosen", "A") == []  # the wolves' notice is not its own


def test_solitude_wolf_is_no_attacker_while_another_lives_and_becomes_one_alone():
    # W.1.9a: not an attacker at first; at its dusk hook with no living attacker it becomes one (told)
    g = new(["SolitudeWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "A") == {} and g.awaited() == [1] and g.attackers() == [1]
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=r"A \(Solitary Wolf\) has no action 'attack' tonight"):
        g.apply(action(g, "A attack C"))
    assert snapshot(g) == before
    night(g, "B attack C")
    vote(g, "AB BD DB EB FB GB")  # the other wolf is executed
    assert rendered(g, "solitude attacks", "A") == ["Aは襲撃できるようになりました。"]
    assert legal_verbs(g, "A") == {"attack": ("D", "E", "F", "G")} and g.awaited() == [0]
    g.apply(action(g, "A attack D"))
    assert told(g, "attack chosen") == [{"wolf": 1, "target": 2}, {"wolf": 0, "target": 3}]
    assert told(g, "attack chosen", "A") == [{"wolf": 0, "target": 3}]  # its own notice, to itself only
    (notice,) = [m for _, m in g.messages if m.key == "attack chosen" and m.args["wolf"] == 0]
    assert notice.to == frozenset({0})
    close(g)
    assert dead(g) == {"C": "attack", "B": "execution", "D": "attack"}
    replays(g)


def test_solitude_wolf_alone_from_the_start_attacks_on_night_one():
    g = new(["SolitudeWolf", "Human", "Human", "Human", "Human"])
    assert told(g, "solitude attacks", "A") == [{"player": 0}] and g.awaited() == [0]
    night(g, "A attack B")
    assert dead(g) == {"B": "attack"}


def test_solitude_wolf_stops_when_another_attacker_lives():
    # W.1.9a: an attacker while another living attacker exists → it stops, told
    # 「他にも人狼がいるようです。{name}は襲撃できなくなりました。」; a 呪われた者 bitten becomes 人狼 (§8)
    g = new(["SolitudeWolf", "Cursed", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")  # the 呪われた者 survives and turns into a wolf after the vote
    vote(g, "AC BC CA DC EC FC GC")
    assert g.identity(1).role.id == "Werewolf" and g.attackers() == [1]
    assert rendered(g, "solitude stops", "A") == ["他にも人狼がいるようです。Aは襲撃できなくなりました。"]
    assert legal_verbs(g, "A") == {} and "attack" in legal_verbs(g, "B")
    assert rendered(g, "solitude stops", "A", "en") == ["There seem to be other wolves: A may no longer attack."]


def test_several_solitude_wolves_left_alone_draw_the_attacker():
    # W.2: one becomes the attacker, draw `solitude attacker` (uniform among them)
    g = new(["SolitudeWolf", "SolitudeWolf", "Human", "Human", "Human", "Human", "Human"],
            start=[("solitude attacker", "B")])
    assert g.attackers() == [1] and told(g, "solitude attacks") == [{"player": 1}]
    assert legal_verbs(g, "A") == {} and knows(g, "A") == {} == knows(g, "B")
    assert write(g)["events"][0] == {"type": "outcome", "draws": [{"draw": "solitude attacker", "value": "B"}]}
    night(g, "B attack C")
    replays(g)


def test_a_scapegoat_is_attacked_on_night_one_by_a_solitude_wolf_alone():
    # W.2 Scapegoat: the night-1 attacker is drawn after the dusk hooks when no wolf attacked before them
    # (the reference draws it after runSunset); a 孤独な狼 beside a wolf is not among the attackers
    g = new(["Human", "SolitudeWolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g)
    assert dead(g) == {"A": "attack"}
    g = new(["Human", "SolitudeWolf", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "C")])
    with pytest.raises(ImpossibleOutcomeError, match="scapegoat attacker cannot be 'B': it is one of 'C'"):
        new(["Human", "SolitudeWolf", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g)
    assert dead(g) == {"A": "attack"}


# ---------------------------------------------------------------------------------------------- 狡猾な狼


def test_crafty_wolf_feigns_death_its_attack_stands_and_it_rises_the_next_night():
    # W.2 狡猾な狼, W.1.10: `feign` told at once, dies `crafty` at 100 (announced 無残な姿), its attack stands;
    # the next night, dead, `rise` told at once, revives at 100, announced at dawn
    g = new(["CraftyWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "A") == {"attack": ("C", "D", "E", "F", "G", "H"), "feign": ()}
    g.apply(action(g, "A feign"))
    assert rendered(g, "feigned", "A") == ["Aは死んだふりをしました。"] and told(g, "feigned", "B") == []
    night(g, "A attack C", draws=[("announcement", ["A", "C"])])
    assert dead(g) == {"A": "crafty", "C": "attack"}
    assert told(g, "died", None) == [{"player": 0, "cause": None}, {"player": 2, "cause": None}]
    assert legal_verbs(g, "A") == {}  # dead by day
    vote(g, "BD DE ED FD GD HD")
    assert legal_verbs(g, "A") == {"rise": ()} and 0 not in g.awaited()  # optional
    g.apply(action(g, "A rise"))
    assert rendered(g, "rose", "A") == ["Aは死んだふりをやめました。"]
    night(g, "B attack E")
    assert "A" in alive(g) and dead(g) == {"C": "attack", "D": "execution", "E": "attack"}
    assert told(g, "revived", None) == [{"player": 0}]
    assert legal_verbs(g, "A")["vote"]
    record = write(g)
    assert {"player": "A", "action": "feign"} in record["events"][0]["actions"]
    assert record["events"][0]["deaths"][0] == {"player": "A", "cause": "crafty"}
    assert {"player": "A", "action": "rise"} in record["events"][-2]["actions"]
    replays(g)


def test_crafty_wolf_that_does_not_rise_the_next_night_stays_dead_and_may_feign_again_after_a_return():
    g = new(["CraftyWolf", "Werewolf"] + ["Human"] * 9)
    night(g, "A feign", "B attack C", draws=[("announcement", ["A", "C"])])
    vote(g, "BD DE ED FD GD HD ID JD KD")
    night(g, "A rise", "B attack E")
    vote(g, "AF BF FG GF HF IF JF KF")
    assert legal_verbs(g, "A") == {"attack": ("G", "H", "I", "J", "K"), "feign": ()}  # usable again after its return
    night(g, "A feign", "B attack G", draws=[("announcement", ["A", "G"])])
    vote(g, "BH HI IH JH KH")
    assert legal_verbs(g, "A") == {"rise": ()}
    close(g)  # not taken: the chance is gone
    assert dead(g)["A"] == "crafty" and legal_verbs(g, "A") == {}


def test_a_crafty_wolf_feigning_is_dead_for_the_win_check():
    # "dead for every count and win check": the last wolf feigning loses the game at dawn
    g = new(["CraftyWolf", "Human", "Human", "Human", "Human"])
    night(g, "A feign", "A attack B", draws=[("announcement", ["A", "B"])])
    assert result(g) == "Human" and winners(g) == "BCDE"


def test_a_holy_protection_stops_the_feint_and_a_living_crafty_wolf_cannot_rise():
    # crafty is resistible; the reference resets the chance at the dusk hook of a living 狡猾な狼
    g = new(["CraftyWolf", "Werewolf", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "A feign", "C protect A", "B attack D")
    assert "A" in alive(g) and told(g, "holy protection used", "A") == [{}]
    vote(g, "AE BE CE EC FE GE")
    assert legal_verbs(g, "A") == {"attack": ("C", "F", "G"), "feign": ()}
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="A \\(Crafty Wolf\\) has no action 'rise' tonight"):
        g.apply(action(g, "A rise"))
    assert snapshot(g) == before


def test_crafty_wolf_bad_inputs_are_refused_and_change_nothing():
    g = new(["CraftyWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="A's feign takes no target") as error:
        g.apply(action(g, "A feign C"))
    assert error.value.ja == "「死んだふり」には相手は要りません"
    with pytest.raises(IllegalActionError, match="has no action 'rise' tonight"):
        g.apply(action(g, "A rise"))
    assert snapshot(g) == before
    g.apply(action(g, "A feign"))
    with pytest.raises(IllegalActionError, match="A has already chosen to feign tonight"):
        g.apply(action(g, "A feign"))
    night(g, "A attack C", draws=[("announcement", ["A", "C"])])
    vote(g, "BD DE ED FD GD")
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="A is dead and cannot act"):
        g.apply(action(g, "A attack E"))
    assert snapshot(g) == before


def test_a_crafty_wolf_killed_otherwise_at_its_level_may_still_rise():
    # W.2 (as the reference): it feigned but a 狂犬's bite killed it first at level 100
    g = new(["CraftyWolf", "MadDog", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C attack D")
    vote(g, "AE BE CE EF FE GE HE IE")
    night(g, "A feign", "B bite A", "C attack F", draws=[("order", ["B", "A"]), ("announcement", ["A", "F"])])
    assert dead(g)["A"] == "dog"
    vote(g, "BG CG GH HG IG")
    assert legal_verbs(g, "A") == {"rise": ()}
    night(g, "A rise", "C attack H")
    assert "A" in alive(g)


def test_a_crafty_wolf_is_a_reviver_while_alive_or_able_to_return():
    # W.1.12: 霊界表示 norevive counts a 狡猾な狼 alive or able to return as a reviver
    g = new(["CraftyWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"heavenview": "norevive"})
    night(g, "B attack C")
    assert not heaven_sees_all(g) and SeatView.of(g, 2).roles == {2: "Human"}
    vote(g, "AD BD DE ED FD GD HD ID")
    night(g, "A feign", "B attack E", draws=[("announcement", ["A", "E"])])
    assert not heaven_sees_all(g)  # dead, but it may rise tonight
    vote(g, "BF FG GF HF IF")
    assert not heaven_sees_all(g)
    close(g, draws=[])  # it does not rise, and the wolf does not attack: sudden death
    assert dead(g)["A"] == "crafty" and heaven_sees_all(g)


# ---------------------------------------------------------------------------------------------- 絶対狼


def test_absolute_wolf_is_known_to_every_seat():
    # W.1.12 public identity: every seat is told at the start who holds it (wolves know it as a wolf too)
    g = new(["AbsoluteWolf", "Werewolf", "SolitudeWolf", "Human", "Diviner", "Fox"])
    for seat in range(1, 6):
        assert SeatView.of(g, seat).labels[0][-1] == "AbsoluteWolf"
    assert SeatView.of(g, 1).labels[0] == ("wolves", "AbsoluteWolf")
    assert 0 not in SeatView.of(g, 0).known and SeatView.of(g, None).known == {}


def test_absolute_wolf_resists_its_execution_silently_and_the_day_goes_on():
    # W.1.11c: an execution the target resists kills nobody and says nothing; burial and win check, then
    # the night; nobody is told (the end-of-game note only)
    g = new(["AbsoluteWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    messages = len(g.messages)
    vote(g, "AB BD DA EA FA GA")
    assert "A" in alive(g) and g.stage is Stage.NIGHT and g.day == 2 and g.executions == []
    said = [m.key for _, m in g.messages[messages:]]
    assert said == ["votes", "night"]
    assert [m.key for m in g.notes] == ["absolute resisted"]
    night(g, "A attack D")
    vote(g, "AB BE EB FB GB")  # the other wolf is executed; now the 絶対狼 is the last wolf
    night(g, "A attack E")
    vote(g, "AF FA GA")
    assert dead(g)["A"] == "execution" and result(g) == "Human"
    assert rendered(g, "absolute resisted", None) == ["Aは絶対狼の力で処刑に耐えました。"]
    assert rendered(g, "absolute resisted", None, "en") == ["A, an Absolute Wolf, withstood execution."]
    replays(g)


def test_absolute_wolf_resists_a_hunter_shot_and_a_dog_bite_but_not_a_sudden_death():
    g = new(["AbsoluteWolf", "Werewolf", "Hunter", "MadDog", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AC BC CA DC FC GC HC")  # the hunter is executed and shoots the 絶対狼
    g.apply(action(g, "C shoot A"))
    close(g)
    assert "A" in alive(g) and told(g, "shot", None) == [{"hunter": 2, "target": 0}]
    night(g, "D bite A", "B attack F")
    assert "A" in alive(g) and [n.args["cause"] for n in g.notes] == ["hunter", "dog"]
    cast(g, "BG DG GB HB")  # the 絶対狼 does not vote: sudden death (never resisted)
    close(g)
    assert dead(g)["A"] == "sudden"


def test_absolute_wolves_alone_resist_nothing():
    # another living seat counting as wolf must not be a 絶対狼
    g = new(["AbsoluteWolf", "AbsoluteWolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BD DB EB FB GB")
    assert dead(g)["B"] == "execution" and g.notes == ()


def test_absolute_wolf_of_another_team_resists_nothing():
    # the resistance holds while its team is Werewolf: a lover (team Friend, §7) is executed
    g = new(["AbsoluteWolf", "Werewolf", "Cupid", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C pair A D", "B attack E")
    assert g.team_of(0) is Team.FRIEND
    vote(g, "AB BA CA DA FA GA HA", draws=[("announcement", ["A", "D"])])
    assert dead(g)["A"] == "execution" and dead(g)["D"] == "suicide" and g.notes == ()


def test_a_sub_role_that_voids_resistance_breaks_the_absolute_wolfs():
    # T.1.5 (later batches: 暴動者, 狂愛, 絆): a generic flag on sub-roles; a test's own sub-role here
    @sub_role("Test breaker", "テスト破り")
    class TestBreaker(Role):
        voids_resistance = True

    try:
        g = new(["AbsoluteWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
        night(g, "A attack C")
        g.grant(0, "TestBreaker")
        vote(g, "AB BA DA EA FA GA")
        assert dead(g)["A"] == "execution"
    finally:
        SUB_ROLES.pop("TestBreaker")


# ---------------------------------------------------------------------------------------------- 狂犬


def test_mad_dog_reads_as_a_wolf_counts_human_and_bites_once_from_night_two():
    # W.3 狂犬: 占 人狼, 霊 人狼, counts human; `bite` once, night ≥ 2, optional, level 100: dies `dog`
    dog = ROLES["MadDog"]
    assert (dog.fortune, dog.psychic, dog.counts, dog.team) == (
        Fortune.WEREWOLF, PsychicResult.WEREWOLF, Count.HUMAN, Team.WEREWOLF)
    g = new(["Werewolf", "MadDog", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=r"B \(Mad Dog\) has no action 'bite' tonight"):
        g.apply(action(g, "B bite C"))
    assert snapshot(g) == before
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    assert legal_verbs(g, "B") == {"bite": ("A", "E", "F", "G", "H")} and g.awaited() == [0]
    with pytest.raises(IllegalActionError, match="B cannot bite B: allowed are A, E, F, G, H"):
        g.apply(action(g, "B bite B"))
    night(g, "B bite E", "A attack F", draws=[("announcement", ["E", "F"])])
    assert dead(g) == {"C": "attack", "D": "execution", "E": "dog", "F": "attack"}
    assert told(g, "died", None)[-2:] == [{"player": 4, "cause": None}, {"player": 5, "cause": None}]
    vote(g, "AG BG GH HG")
    assert legal_verbs(g, "B") == {}  # spent
    replays(g)


def test_mad_dog_bite_ignores_guards_but_not_a_holy_protection_and_a_fox_dies():
    g = new(["Werewolf", "MadDog", "Guard", "Priest", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack F", "C guard G", "D protect G")
    vote(g, "AH BH CH DH EH GH HA IH")
    night(g, "B bite G", "C guard G", "A attack I")  # the holy protection (from night 1) saves it
    assert "G" in alive(g) and told(g, "holy protection used", "G") == [{}]
    g = new(["Werewolf", "MadDog", "Guard", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "C guard F")
    vote(g, "AG BG CG DG FG GA HG")
    night(g, "B bite D", "C guard D", "A attack H", draws=[("announcement", ["D", "H"])])
    assert dead(g)["D"] == "dog"  # guarded, and a 妖狐: it dies anyway
    assert told(g, "guard success") == []


def test_mad_dog_keeps_its_bite_through_nights_it_does_not_bite():
    # optional, once per game: a night without a bite spends nothing (it is spent when it resolves)
    g = new(["Werewolf", "MadDog", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    night(g, "A attack E")  # no bite tonight
    vote(g, "AF BF FA GF HF")
    assert legal_verbs(g, "B") == {"bite": ("A", "G", "H")}
    # a wolf has no resistance to it (level 100): the last wolf dies, its attack (105) still lands
    night(g, "B bite A", "A attack G", draws=[("announcement", ["A", "G"])])
    assert dead(g)["A"] == "dog" and dead(g)["G"] == "attack" and result(g) == "Human"


# ---------------------------------------------------------------------------------------------- 復讐人


def test_mad_hunter_is_a_hunter_of_the_werewolf_team():
    # W.3 復讐人: ハンター (§5.5: armed on any death but a sudden one, `shoot`, draw `hunter shot`), team Werewolf
    hunter = ROLES["MadHunter"]
    assert hunter.team is Team.WEREWOLF and hunter.counts is Count.HUMAN and hunter.fortune is Fortune.HUMAN
    # the hunter's rule, reused: the part both declare (roles/common), never one role module importing another
    assert isinstance(hunter, LastShot) and isinstance(ROLES["Hunter"], LastShot) and hunter.name_en == "Mad Hunter"
    g = new(["Werewolf", "MadHunter", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BD DB EB FB GB")
    assert g.stage is Stage.HUNTER and legal_verbs(g, "B") == {"shoot": ("A", "D", "E", "F", "G")}
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B may shoot one of A, D, E, F, G"):
        g.apply(action(g, "B shoot B"))
    assert snapshot(g) == before
    close(g, draws=[("hunter shot", "D")])
    assert dead(g) == {"C": "attack", "B": "execution", "D": "hunter"}
    night(g, "A attack E")
    vote(g, "AF FG GF")
    assert result(g) == "Werewolf" and winners(g) == "AB"  # it wins with the wolves, dead or alive
    replays(g)


def test_mad_hunter_killed_at_night_shoots_and_a_sudden_death_does_not_arm_it():
    g = new(["Werewolf", "MadHunter", "Human", "Human", "Human", "Human", "Human"], {"wolfattack": "on"})
    night(g, "A attack B")
    g.apply(action(g, "B shoot C"))
    close(g)
    assert dead(g) == {"B": "attack", "C": "hunter"} and told(g, "shot", None) == [{"hunter": 1, "target": 2}]
    g = new(["Werewolf", "MadHunter", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    cast(g, "AD DA EA FA GA")  # the 復讐人 does not vote
    close(g)
    assert dead(g)["B"] == "sudden" and g.stage is not Stage.HUNTER


# ---------------------------------------------------------------------------------------------- casting


def test_the_casting_rules_for_these_roles_are_data():
    # yaminabe.md §2 身代わりセーフティ: `full` bars 復讐人; the wolves are non-human (barred under full/no)
    assert "MadHunter" in SCAPEGOAT_EXCLUDED
    assert not scapegoat_may_draw("MadHunter", "full") and scapegoat_may_draw("MadHunter", "no")
    assert scapegoat_may_draw("MadDog", "full")
    for wolf in ("SolitudeWolf", "CraftyWolf", "AbsoluteWolf"):
        assert not scapegoat_may_draw(wolf, "full") and not scapegoat_may_draw(wolf, "no")
        assert scapegoat_may_draw(wolf, "free")
    # §4.1 rejections: 絶対狼 without another 人狼系 (or beside a 一匹狼) and 一途な狼 without another wolf
    from jinrou.yaminabe.rules import ALWAYS_RULES, JOBS_RULES

    assert "AbsoluteWolf" in ALWAYS_RULES and "ToughWolf" in JOBS_RULES


# ---------------------------------------------------------------------------------------------- with group A's roles


def test_a_mad_dogs_bite_on_a_decoyed_seat_kills_the_decoy_wolf():
    # W.2 囮狼: "a ヴァンパイア or 狂犬 kill hits it" (W.1.2: the bite reads its target through the map)
    g = new(["DecoyWolf", "Werewolf", "MadDog", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EF FE GE HE IE")
    night(g, "A decoy F", "C bite F", "B attack G", draws=[("announcement", ["A", "G"])])
    assert dead(g)["A"] == "dog" and "F" in alive(g) and dead(g)["G"] == "attack"


def test_an_eyes_wolf_reads_resistance_for_an_attack_on_the_absolute_wolf():
    # W.2 瞳狼: an attack stopped by immunity or an own resistance reads 耐性 (wolfattack on)
    g = new(["EyesWolf", "AbsoluteWolf", "Human", "Human", "Human", "Human", "Human"], {"wolfattack": "on"})
    night(g, "A attack B")
    assert "B" in alive(g)
    assert rendered(g, "eyes resistance", "A") == ["Bへの襲撃は耐性に阻まれました。"]
