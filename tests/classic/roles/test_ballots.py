"""Vote weights, several executions a day, day actions and extra roles — the roles of group VA
(shared/spec/classic-roles-village-1.md V1.1.1–3, V1.1.6, V1.2): 王様, ギャンブラー, 秘書, トラブルメーカー,
独裁者, フランケンシュタインの怪物 (``roles/village_ballots.py``).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat, declared
from jinrou.classic.roles import ROLES

from ..helpers import (
    action,
    cast,
    chats,
    close,
    dead,
    knows,
    legal_verbs,
    line,
    new,
    night,
    refused,
    told,
    vote,
)


def test_the_roles_of_group_va_declared_so_far_have_cards():
    for role_id in ("King", "Gambler", "Secretary", "Assisted", "TroubleMaker", "Dictator",
                    "FrankensteinsMonster"):
        assert declared(role_id).card_ja
    assert ROLES["King"].team.value == "Human" and ROLES["Gambler"].team.value == "Human"


# ---------------------------------------------------------------------------------------------- 王様


def test_king_votes_weigh_2_and_with_authority_3():
    g = new(["Werewolf", "King", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G")
    cast(g, "BC")
    assert g.ballot is not None and g.ballot.weights[1] == 2
    vote(g, "AD CD DC EF FE")  # C 2 + 1 = 3, D 2: the 王様's vote decides
    assert dead(g)["C"] == "execution"
    g = new(["Werewolf", "King", "Human", "Human", "Human", "Human", "Human"], {"authority": "on"},
            start=[("authority", "B")])
    night(g, "A attack G")
    cast(g, "BC")
    assert g.ballot is not None and g.ballot.weights[1] == 3  # 1 + 王様's 1 + 権力者's 1


# ---------------------------------------------------------------------------------------------- ギャンブラー


def test_gambler_shares_the_faker_mechanic_with_team_human():
    """ギャンブラー is W.3's イカサマ師 of team Human (one class, :class:`Gamble`)."""
    from jinrou.classic.roles.common import Gamble
    assert isinstance(ROLES["Gambler"], Gamble) and isinstance(ROLES["Faker"], Gamble)
    g = new(["Werewolf", "Gambler", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    assert g.identity(1).layers[0].memory.stock == 1  # 1 on day 2
    cast(g, "BC")
    assert g.ballot is not None and g.ballot.weights[1] == 0  # a weight 0 vote still names its candidate
    vote(g, "AD CD DC EH FH GH HC")
    assert dead(g)["H"] == "execution"
    night(g, "A attack G")
    g.apply(action(g, "B bet"))
    assert told(g, "bet", "B") == [{"player": 1}] and line(g, "bet") == "Bは賭けに出ました。"
    refused(g, action(g, "B bet"), "B .Gambler. has no action 'bet' today")
    vote(g, "BC AD CD DC EC FD")  # C: 2 + 1 + 1 = 4, D: 3
    assert dead(g)["C"] == "execution"
    assert g.identity(1).layers[0].memory.stock == 0


def test_gambler_bet_is_refused_once_it_has_voted():
    g = new(["Werewolf", "Gambler", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G")
    cast(g, "BC")
    assert "bet" not in legal_verbs(g, "B")
    error = refused(g, action(g, "B bet"), "B cannot bet: it has voted in this ballot already")
    assert "この投票ではもう投票しました" in error.ja


def test_scapegoat_gambler_votes_with_weight_0():
    # V1.1 Scapegoat: never an optional or day action; a ギャンブラー scapegoat votes with weight 0
    g = new(["Gambler", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g)
    assert dead(g) == {"A": "attack"}
    g.revive(0)  # only to see its vote: the scapegoat is attacked on night 1
    cast(g, "BC CD DC EC FC GD")
    close(g, [("scapegoat vote", "D")])
    assert g.ballot is not None and g.ballot.weights[0] == 0
    assert dead(g)["C"] == "execution"  # C 4, D 2 + the scapegoat's 0

# ---------------------------------------------------------------------------------------------- 秘書


def test_secretary_assists_a_seat_whose_votes_weigh_1_more_the_next_day():
    g = new(["Werewolf", "Secretary", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B")["assist"] == tuple("ACDEFGH")  # another living seat
    night(g, "A attack H", "B assist C")
    assert told(g, "assisted", "B") == [{"player": 1, "target": 2}]
    assert line(g, "assisted") == "BはCを補佐しました。"
    assert told(g, "assisted", "C") == []  # not told
    cast(g, "CD")
    assert g.ballot is not None and g.ballot.weights[2] == 2
    vote(g, "AE BE DC EC FD GA")  # D 2 + 1 = 3, E 2, C 2: the assisted vote decides
    assert dead(g)["D"] == "execution"


def test_secretary_mark_ends_at_dusk_and_is_optional():
    g = new(["Werewolf", "Secretary", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "B assist C")
    vote(g, "CD AD BD DE EF FG GA")  # D 2 + … executed
    assert dead(g)["D"] == "execution"
    assert not any(layer.role.id == "Assisted" for layer in g.identity(2).layers)  # gone at dusk
    night(g, "A attack G")  # the 秘書 may skip (optional: no sudden death)
    assert "B" not in dead(g)
    cast(g, "CE")
    assert g.ballot is not None and g.ballot.weights[2] == 1


def test_secretary_refuses_itself():
    g = new(["Werewolf", "Secretary", "Human", "Human", "Human", "Human", "Human", "Human"])
    error = refused(g, action(g, "B assist B"), "B")
    assert error.ja


# ---------------------------------------------------------------------------------------------- records, bots


def test_record_round_trip_of_assist_and_a_gambler_bet():
    g = new(["Werewolf", "Secretary", "Gambler", "King", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "B assist C")
    g.apply(action(g, "C bet"))
    vote(g, "CD AD BD DE EF FG GA")
    full = write(g)
    assert write(replay(full))["events"][:-1] == full["events"][:-1]
    assert full["events"][0]["actions"][1] == {"player": "B", "action": "assist", "target": "C"}



# ---------------------------------------------------------------------------------------------- トラブルメーカー


def test_troublemaker_gives_the_next_day_two_executions_with_an_intermediate_burial():
    g = new(["Werewolf", "TroubleMaker", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B")["trouble"] == ()
    night(g, "A attack I", "B trouble")
    assert told(g, "trouble", "B") == [{"player": 1}] and line(g, "trouble") == "Bは村でトラブルを起こしました。"
    assert told(g, "troubled", None) == [{"count": 2}]
    assert line(g, "troubled") == "トラブルメーカーにより村が混乱しています。今日は2人処刑されます。"
    vote(g, "AC BC CD DC EC FC GC HC")
    assert dead(g)["C"] == "execution" and g.stage.value == "day"  # a new ballot, the same day
    assert told(g, "executions left", None) == [{"count": 1}]
    assert line(g, "executions left") == "今日はあと1人処刑します。もう一度投票してください。"
    assert g.ballot is not None and g.ballot.candidates == tuple(g.living())
    vote(g, "AD BD DE ED FD GD HD")
    assert dead(g)["D"] == "execution" and g.stage.value == "night" and g.day == 2
    assert "trouble" not in legal_verbs(g, "B")  # once per game
    error = refused(g, action(g, "B trouble"), "B .Trouble Maker. has no action 'trouble'")
    assert error.ja
    night(g, "A attack H")
    assert g.executions_left == 1 and told(g, "troubled", None) == [{"count": 2}]


def test_troublemaker_acts_even_if_it_dies_that_night_and_fizzles_when_hypnotized():
    g = new(["Werewolf", "TroubleMaker", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B", "B trouble")
    assert dead(g) == {"B": "attack"} and told(g, "troubled", None) == [{"count": 2}]
    g = new(["Werewolf", "TroubleMaker", "Hypnotist", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    vote(g, "AD BD CD DE ED FD GD HD")
    night(g, "A attack H", "C hypnotize B", "B trouble")  # hypnotized at 50, the trouble at 100 fizzles
    assert told(g, "troubled", None) == [] and "trouble" not in legal_verbs(g, "B")  # spent at submission
    vote(g, "AE BE CE EF FE GE")
    assert g.stage.value == "night"


def test_two_executions_with_a_prince_the_cancelled_one_uses_an_execution_and_the_day_goes_on():
    """V1.1.3 (§8 amended): a プリンス's cancelled execution uses one; with one left the day goes on."""
    g = new(["Werewolf", "TroubleMaker", "Prince", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "B trouble")
    vote(g, "AC BC CD DC EC FC GC")
    assert "C" not in dead(g) and told(g, "prince", None) == [{"player": 2}]
    assert told(g, "executions left", None) == [{"count": 1}] and g.stage.value == "day"
    vote(g, "AC BC CD DC EC FC GC")  # a プリンス resists once only
    assert dead(g)["C"] == "execution" and g.stage.value == "night"


def test_a_cursed_seat_changes_only_in_the_days_last_burial():
    g = new(["Werewolf", "TroubleMaker", "Cursed", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", "B trouble")
    assert "C" not in dead(g)
    vote(g, "AD BD CD DE ED FD GD HD ID")
    assert g.identity(2).role.id == "Cursed"  # the intermediate burial: not yet
    vote(g, "AE BE CE EF FE GE HE IE")
    assert g.identity(2).role.id == "Werewolf"


def test_a_hunter_executed_by_the_first_of_two_ballots_shoots_before_the_next_ballot():
    g = new(["Werewolf", "Werewolf", "TroubleMaker", "Hunter", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "C trouble")
    vote(g, "AD BD CD DE ED FD GD HD")
    assert g.stage.value == "hunter" and told(g, "executions left") == []
    night(g, "D shoot E")  # its shot, then the notice and the new ballot (V1.1.3)
    assert dead(g)["E"] == "hunter" and g.stage.value == "day" and told(g, "executions left", None) == [{"count": 1}]


def test_a_won_game_after_the_first_of_two_executions_ends_there():
    g = new(["Werewolf", "TroubleMaker", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G", "B trouble")
    vote(g, "AB BA CA DA EA FA")
    assert g.is_over and g.outcome is not None and g.outcome.winner_id == "Human"
    assert told(g, "executions left") == []


def test_a_ballot_without_execution_ends_the_day_whatever_is_left():
    g = new(["Werewolf", "TroubleMaker", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"drawvote": "none", "runoff": "no"})
    night(g, "A attack H", "B trouble")
    vote(g, "AC BC CD ED DE FE GF")  # C 2, D 2, E 2: a tie, nobody executed
    assert g.stage.value == "night" and told(g, "executions left") == []


def test_drawvote_all_executes_every_top_with_one_execution():
    g = new(["Werewolf", "TroubleMaker", "Human", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"drawvote": "all", "runoff": "no"})
    night(g, "A attack I", "B trouble")
    vote(g, "AC BC CD DC ED FD GE HE", [("announcement", ["D", "C"])])  # C 3, D 3: both, by the one ballot
    assert dead(g)["C"] == dead(g)["D"] == "execution" and g.stage.value == "day"
    vote(g, "AE BE EF FE GE HE")
    assert dead(g)["E"] == "execution" and g.stage.value == "night"


# ---------------------------------------------------------------------------------------------- 独裁者


def test_dictator_ends_the_day_at_once_its_votes_void_and_the_close_executes():
    """Settled here: the decree ends the day at submission (nobody acts or votes any more); its
    execution is carried out when the day closes, since its effects may draw (埋毒者's poison) and the
    rules draw only at a close."""
    g = new(["Werewolf", "Dictator", "Psychic", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    assert legal_verbs(g, "B")["dictate"] == tuple("ABCDEFG")  # itself allowed
    cast(g, "CD DC")
    g.apply(action(g, "B dictate A"))
    assert told(g, "dictated", None) == [{"player": 1, "target": 0}]
    assert line(g, "dictated") == "独裁者のBにより、Aの処刑が宣言されました。"
    assert g.ballot is not None and g.ballot.votes == {}
    assert legal_verbs(g, "C") == {}  # nobody acts or votes any more
    close(g)
    assert dead(g)["A"] == "execution" and g.is_over and g.outcome is not None and g.outcome.winner_id == "Human"
    day = [e for e in write(g)["events"] if e["type"] == "day"]
    assert day[0]["actions"] == [{"player": "B", "action": "dictate", "target": "A"}] and day[0].get("votes", {}) == {}


def test_dictator_drops_the_remaining_executions_and_settles_a_tie():
    g = new(["Werewolf", "TroubleMaker", "Dictator", "Human", "Human", "Human", "Human", "Human", "Human"],
            {"drawvote": "revote", "runoff": "no"})
    night(g, "A attack I", "B trouble")
    vote(g, "AD BD CE DE EF FG GD HE")  # D 3, E 3: a tie, the ballot is taken again
    assert g.stage.value == "day" and not dead(g).get("D")
    g.apply(action(g, "C dictate D"))
    close(g)
    assert dead(g)["D"] == "execution" and g.stage.value == "night"  # the second execution is dropped
    assert told(g, "executions left") == []
    assert "dictate" not in legal_verbs(g, "C")


def test_dictator_against_a_prince_and_gm_psychic():
    """Settled here (V1.2 独裁者): ``GMpsychic`` announces the 霊能結果 of a dictated execution (the
    reference's shortcut omits it)."""
    g = new(["Werewolf", "Dictator", "Prince", "Human", "Human", "Human", "Human"], {"GMpsychic": "on"})
    night(g, "A attack G")
    g.apply(action(g, "B dictate C"))
    close(g)
    assert "C" not in dead(g) and told(g, "prince", None) == [{"player": 2}]
    assert g.stage.value == "night" and g.day == 2  # the day ends anyway
    g2 = new(["Werewolf", "Dictator", "Human", "Human", "Human", "Human", "Human"], {"GMpsychic": "on"})
    night(g2, "A attack G")
    g2.apply(action(g2, "B dictate C"))
    close(g2)
    assert told(g2, "psychic result", None) == [{"target": 2, "result": "human"}]


def test_dictating_a_poisoner_draws_its_victim_at_the_close():
    g = new(["Werewolf", "Dictator", "Poisoner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    g.apply(action(g, "B dictate C"))
    close(g, [("poison", "D"), ("announcement", ["C", "D"])])
    assert dead(g)["C"] == "execution" and dead(g)["D"] == "poison"


def test_dictator_refuses_a_dead_seat_and_a_second_dictate():
    g = new(["Werewolf", "Dictator", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    error = refused(g, action(g, "B dictate H"), "B")
    assert error.ja
    g.apply(action(g, "B dictate C"))
    close(g)
    night(g, "A attack G")
    refused(g, action(g, "B dictate D"), "B .Dictator. has no action 'dictate'")


def test_record_round_trip_of_trouble_several_ballots_and_dictate():
    g = new(["Werewolf", "TroubleMaker", "Dictator", "Prince", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "B trouble")
    vote(g, "AD BD CD DE ED FD GD HD")  # the プリンス: cancelled, one execution left
    vote(g, "AE BE CE DE EF FE GE HE")
    night(g, "A attack H")
    g.apply(action(g, "C dictate F"))
    close(g)
    full = write(g)
    assert write(replay(full))["events"][:-1] == full["events"][:-1]
    assert {"player": "B", "action": "trouble"} in full["events"][0]["actions"]


# ---------------------------------------------------------------------------------------------- フランケンシュタインの怪物


def test_monster_absorbs_a_dead_villagers_role_as_an_optional_extra_role():
    g = new(["Werewolf", "FrankensteinsMonster", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", "C divine D")
    assert told(g, "absorbed", "B") == [{"player": 1, "target": 2, "role": "Diviner"}]
    assert line(g, "absorbed") == "BはCの死体から占い師の能力を吸収しました。"
    assert [layer.kind.value for layer in g.identity(1).layers] == ["role", "extra"]
    assert g.identity(1).fortune().value == "human" and g.identity(1).team().value == "Human"
    vote(g, "AD BD CD DE ED FD GD HD".replace("CD ", ""))
    assert "divine" in legal_verbs(g, "B")
    night(g, "A attack E", "B divine A")  # it divines with its absorbed 占い師
    assert {"target": 0, "result": "werewolf"} in [
        {k: v for k, v in m.items() if k in ("target", "result")} for m in told(g, "divined", "B")]
    night_g = new(["Werewolf", "FrankensteinsMonster", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(night_g, "A attack C", "C divine D")
    vote(night_g, "AD BD DE ED FD GD HD")
    night(night_g, "A attack E")  # the absorbed divination is optional: no sudden death
    assert "B" not in dead(night_g)


def test_monster_absorbs_only_team_human_and_never_a_resistance():
    g = new(["Werewolf", "Werewolf", "FrankensteinsMonster", "Prince", "Human", "Human", "Human", "Human",
             "Human"])
    night(g, "A attack D")
    assert told(g, "absorbed", "C")[0]["role"] == "Prince"
    vote(g, "AB BE CB EB FB GB HB IB")  # a wolf executed: team Werewolf, nothing absorbed
    assert dead(g)["B"] == "execution" and len(told(g, "absorbed", "C")) == 1
    night(g, "A attack I")
    vote(g, "AC CE EC FC GC HC")  # its absorbed プリンス does not resist (V1.1.6)
    assert dead(g)["C"] == "execution" and told(g, "prince") == []


def test_monster_executed_by_a_ballot_adds_an_execution_but_not_by_a_dictator():
    g = new(["Werewolf", "FrankensteinsMonster", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    vote(g, "AB BC CB DB EB FB GB HB")
    assert dead(g)["B"] == "execution" and told(g, "executions left", None) == [{"count": 1}]
    vote(g, "AC CD DC EC FC GC HC")
    assert dead(g)["C"] == "execution" and g.stage.value == "night"
    g = new(["Werewolf", "FrankensteinsMonster", "Dictator", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    g.apply(action(g, "C dictate B"))
    close(g)
    assert dead(g)["B"] == "execution" and g.stage.value == "night" and told(g, "executions left") == []


def test_monster_with_an_absorbed_dictator_dictates_and_from_a_mad_wolf_learns_the_wolves():
    g = new(["Werewolf", "FrankensteinsMonster", "Dictator", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert "dictate" in legal_verbs(g, "B")
    g.apply(action(g, "B dictate A"))
    close(g)
    assert dead(g)["A"] == "execution" and g.is_over
    g = new(["Werewolf", "FrankensteinsMonster", "MadWolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AC BC CD DC EC FC GC")  # the 狂人狼 executed
    assert told(g, "absorbed", "B")[-1]["role"] == "MadWolf"
    assert knows(g, "B") == {"A": "wolves", "C": "wolves"} and Chat.WOLF in chats(g, "B")
    assert g.identity(1).counts().value == "human" and not g.identity(1).attacks


def test_record_round_trip_of_a_monster_game():
    g = new(["Werewolf", "FrankensteinsMonster", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", "C divine D")
    vote(g, "AB BD DB EB FB GB HB")
    vote(g, "AD DE ED FD GD HD")
    full = write(g)
    assert write(replay(full))["events"][:-1] == full["events"][:-1]
