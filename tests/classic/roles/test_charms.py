"""Group T of wave 3: team-changing sub-roles (狼の子分, 月狂病; W.1.8), level-122 contact effects
(W.1.6) and charms (魅了, 美女の魅了; W.1.7) — 誘惑する女狼, 月狼 (``roles/werewolves.py``), 月下美人,
マッドサイエンティスト, 美女 (``roles/madmen.py``); shared/spec/classic-roles-werewolf.md W.2, W.3.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.catalog import Team
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat
from jinrou.classic.texts import render, role_rule
from jinrou.classic.views import SeatView, heaven_sees_all
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    chats,
    close,
    dead,
    legal_verbs,
    line,
    new,
    night,
    result,
    snapshot,
    told,
    vote,
    winners,
)


def roundtrip(g) -> None:
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


# ---------------------------------------------------------------------------------------------- 誘惑する女狼


def test_fascinating_wolf_must_seduce_another_living_seat_on_night_one_told_at_once():
    g = new(["FascinatingWolf", "Human", "Human", "Human", "Human", "Diviner"])
    assert legal_verbs(g, "A") == {"attack": ("B", "C", "D", "E", "F"), "seduce": ("B", "C", "D", "E", "F")}
    assert 0 in g.awaited()
    g.apply(action(g, "A seduce F"))
    assert told(g, "seduce chosen", "A") == [{"player": 0, "target": 5}]
    assert line(g, "seduce chosen") == "AはFを誘惑しようとしています。"
    assert "seduce" not in legal_verbs(g, "A")
    night(g, "A attack B", "F divine C")
    assert "seduce" not in legal_verbs(g, "A") and g.day == 2


def test_fascinating_wolf_left_without_seducing_dies_suddenly():
    g = new(["FascinatingWolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {"A": "sudden"} and result(g) == "Human"


def test_seduce_refused_on_itself_or_twice_and_nothing_changes():
    """Settled here: another living seat (the reference also offers the 女狼 itself)."""
    g = new(["FascinatingWolf", "Human", "Human", "Human", "Human", "Human"])
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="cannot seduce A: allowed are B, C, D, E, F") as refused:
        g.apply(action(g, "A seduce A"))
    assert "AはAに「誘惑」できません" in refused.value.ja
    assert snapshot(g) == before
    g.apply(action(g, "A seduce B"))
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="has no action 'seduce' tonight"):
        g.apply(action(g, "A seduce C"))
    assert snapshot(g) == before


def test_seduced_human_becomes_wolf_minion_when_the_fascinating_wolf_dies_while_a_wolf_lives():
    g = new(["FascinatingWolf", "Werewolf", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A seduce C", "A attack D", "C divine E")
    vote(g, "AB BC CA EA FA GA")  # the 女狼 is executed; B still lives
    c = g.identity(2)
    assert c.has("WolfMinion") and c.team() is Team.WEREWOLF and c.counts().value == "human"
    assert c.is_a(type(g.role(2))) and g.role(2).id == "Diviner"  # keeps its role and abilities
    assert told(g, "seduced", "C") == [{"target": 2}]
    assert line(g, "seduced") == "Cは狼に誘惑されました。"
    assert "WolfMinion" in SeatView.of(g, 2).subs
    assert "divine" in legal_verbs(g, "C")  # its role's ability stays


def test_no_minion_without_a_living_wolf_or_for_a_dead_non_human_or_werewolf_team_target():
    # the last wolf: nobody is seduced (and the village wins)
    g = new(["FascinatingWolf", "Human", "Human", "Human", "Human"])
    night(g, "A seduce B", "A attack C")
    vote(g, "AB BA DA EA")
    assert not g.identity(1).has("WolfMinion") and result(g) == "Human"
    # a madman (team Werewolf already), a fox (not human), a dead seat: nothing
    for target, role in (("C", "Madman"), ("C", "Fox")):
        g = new(["FascinatingWolf", "Werewolf", role, "Human", "Human", "Human", "Human"])
        night(g, f"A seduce {target}", "A attack D")
        vote(g, "AE BE CA EA FA GA")
        assert dead(g)["A"] == "execution" and not g.identity(2).has("WolfMinion")
    g = new(["FascinatingWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A seduce C", "A attack C")
    vote(g, "AB BD DA EA FA GA")
    assert not g.identity(2).has("WolfMinion")


def test_seduce_is_not_offered_when_no_seat_but_wolves_lives():
    g = new(["FascinatingWolf", "Werewolf", "Human", "Human", "Human"], {"wolfattack": "on"})
    assert "seduce" in legal_verbs(g, "A")
    from jinrou.classic.roles.werewolves import Seduce

    seduce = Seduce()
    layer = g.identity(0).main
    g.alive[2] = g.alive[3] = g.alive[4] = False  # only the wolves live (a state no rule reaches on night 1)
    assert not seduce.available(g.ctx, layer)


def test_a_seduced_lover_takes_the_wolves_team_on_top_of_its_love():
    # W.1.8 / T.1.5: the latest team change on top prevails (恋人 below it is dropped for team and win)
    g = new(["FascinatingWolf", "Werewolf", "Cupid", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A seduce D", "C pair D E", "A attack F")
    vote(g, "AB BD CA DA EA GA HA")
    d = g.identity(3)
    assert d.has("Lovers") and d.has("WolfMinion") and d.team() is Team.WEREWOLF
    assert d.lover  # still a lover for the counts (§7) and the 後追い
    assert d.wins(g.ctx, Team.WEREWOLF) and not d.wins(g.ctx, Team.FRIEND)


def test_scapegoat_fascinating_wolf_seduces_by_the_draw():
    g = new(["FascinatingWolf", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"})
    close(g, [("scapegoat seduce", "C")])
    assert g.identity(0).main.memory.target == 2


def test_seduce_record_round_trip():
    g = new(["FascinatingWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A seduce C", "A attack D")
    vote(g, "AB BC CA EA FA GA")
    record = write(g)
    assert {"player": "A", "action": "seduce", "target": "C"} in record["events"][0]["actions"]
    roundtrip(g)
    assert replay(record).identity(2).has("WolfMinion")


def test_wolf_minion_wins_with_the_wolves_and_loses_with_the_village():
    g = new(["FascinatingWolf", "Werewolf", "Human", "Human", "Human", "Human"])
    night(g, "A seduce C", "A attack D")
    vote(g, "AE BE CA EA FA")  # the 女狼 executed: C becomes 狼の子分
    night(g, "B attack E")
    vote(g, "BF CF FB")  # F executed: B (wolf) and C (human) left
    assert result(g) == "Werewolf" and winners(g) == "ABC"


# ---------------------------------------------------------------------------------------------- 月狼


def test_cynthia_wolf_gives_moon_lunacy_to_its_living_diviner_and_guard_at_122():
    g = new(["CynthiaWolf", "Diviner", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "B divine A", "C guard A", "A attack D")
    for s in (1, 2):
        assert g.identity(s).has("MoonPhilia") and g.identity(s).team() is Team.WEREWOLF
    assert told(g, "moon aura", "B") == [{"player": 0, "target": 1}]
    assert told(g, "moon aura", "C") == [{"player": 0, "target": 2}]  # placed at 80, divined at 100
    assert line(g, "moon aura") == "CはAの放つ月のオーラに魅せられました。"
    assert told(g, "divined", "B") == [{"target": 0, "result": "werewolf"}]  # its results are its own
    assert "MoonPhilia" in SeatView.of(g, 1).subs
    assert chats(g, "B") == {Chat.MAD_COUPLE} and g.stage.value == "day"


def test_moon_lunacy_reads_and_writes_the_mad_couple_chat_at_night():
    g = new(["CynthiaWolf", "Diviner", "MadCouple", "MadCouple", "Human", "Human", "Human", "Human"])
    night(g, "B divine A", "A attack E")
    vote(g, "AF BF CF DF FA GF HF")
    assert chats(g, "B") == {Chat.MAD_COUPLE}
    view = SeatView.of(g, 1)
    assert Chat.MAD_COUPLE in view.reads and Chat.MAD_COUPLE in view.writes
    assert 1 in g.ctx.chat_members(Chat.MAD_COUPLE)


def test_cynthia_wolf_acts_if_alive_at_the_nights_end_even_after_an_earlier_death_of_the_diviner_no():
    # the diviner dead by the night's end gets nothing; a diviner of another seat gets nothing
    g = new(["CynthiaWolf", "Diviner", "Diviner", "Human", "Human", "Human", "Human"], {"wolfattack": "on"})
    night(g, "B divine A", "C divine D", "A attack B", draws=[("order", ["B", "C"])])
    assert not g.identity(1).has("MoonPhilia") and not g.identity(2).has("MoonPhilia")
    assert told(g, "moon aura") == []


def test_cynthia_wolf_divined_by_a_wolf_diviner_and_a_kit_holder():
    g = new(["CynthiaWolf", "WolfDiviner", "Merchant", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B attack E")
    vote(g, "AF BF CF DF FA GF HF IF JF")
    night(g, "C kit D Diviner", "B attack G")
    vote(g, "AH BH CH DH HA IH JH")
    night(g, "B divine A", "D divine A", "B attack I")
    assert g.identity(1).has("MoonPhilia") and g.identity(3).has("MoonPhilia")


def test_contacts_of_an_earlier_night_are_forgotten():
    g = new(["CynthiaWolf", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B divine C", "A attack D")
    assert not g.identity(1).has("MoonPhilia") and g.identity(0).main.memory.contacts == []


def test_moon_lunacy_wins_with_the_wolves():
    g = new(["CynthiaWolf", "Diviner", "Human", "Human", "Human"])
    night(g, "B divine A", "A attack C")
    vote(g, "AD BD DA ED")  # D executed: A (wolf), B (human, 月狂病), E: humans 2 > wolves 1
    night(g, "A attack E", "B divine E")
    assert result(g) == "Werewolf" and winners(g) == "AB"


# ---------------------------------------------------------------------------------------------- 月下美人


def test_queen_of_night_charms_its_diviner_and_guard_silently_and_they_follow_it_in_death():
    g = new(["Werewolf", "QueenOfNight", "Diviner", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "C divine B", "D guard B", "A attack E")
    for s in (2, 3):
        assert g.identity(s).has("Fascinated") and g.identity(s).team() is Team.HUMAN
    assert "Fascinated" not in str(SeatView.of(g, 2).subs) and "Fascinated" not in str(SeatView.of(g, 2).messages)
    vote(g, "AB BA CB DB FB GB HB", draws=[("announcement", ["B", "C", "D"])])  # both charmed seats follow it
    assert dead(g) == {"E": "attack", "B": "execution", "C": "suicide", "D": "suicide"}
    assert render(next(m for _, m in g.messages if m.key == "died" and m.args["player"] == 2), g.names) == \
        "Cは誰かの後を追って自ら死を選びました。"


def test_queen_of_night_attacked_at_105_still_charms_at_122_and_takes_its_diviner_at_dawn():
    # in A (alive when the night ends), it acts at 122 though the wolves killed it at 105
    g = new(["Werewolf", "QueenOfNight", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack B", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "attack", "C": "suicide"}


def test_queen_of_night_converted_by_a_wolf_diviner_at_120_charms_nobody():
    g = new(["WolfDiviner", "QueenOfNight", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A divine B", "C divine B", "A attack D", draws=[("new role", "Human")])
    assert g.role(1).id == "Human" and not g.identity(2).has("Fascinated")


def test_charm_lasts_for_good_and_works_at_a_later_burial():
    g = new(["Werewolf", "QueenOfNight", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    night(g, "C divine F", "A attack B", draws=[("announcement", ["B", "C"])])  # C follows at dawn
    assert dead(g) == {"D": "attack", "E": "execution", "B": "attack", "C": "suicide"}


def test_level_122_hooks_of_two_seats_share_the_level_in_order_p():
    g = new(["CynthiaWolf", "QueenOfNight", "Diviner", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "C divine A", "D guard B", "A attack E", draws=[("order", ["B", "A"])])
    assert g.identity(2).has("MoonPhilia") and g.identity(3).has("Fascinated")


# ---------------------------------------------------------------------------------------------- マッドサイエンティスト


def test_mad_scientist_revives_a_dead_seat_as_a_wolf_minion_from_night_two_once():
    g = new(["Werewolf", "MadScientist", "Diviner", "Human", "Human", "Human", "Human"])
    assert "revive" not in legal_verbs(g, "B")
    night(g, "C divine D", "A attack C")
    vote(g, "AE BE DE EA FE GE")
    assert legal_verbs(g, "B") == {"revive": ("C", "E")}
    night(g, "B revive C", "A attack F")
    c = g.identity(2)
    assert g.alive[2] and c.has("WolfMinion") and c.team() is Team.WEREWOLF
    assert told(g, "resuscitation", "B") == [{"player": 1, "target": 2}]
    assert told(g, "minion", "C") == [{"target": 2}] and line(g, "minion") == "Cは狼の子分になりました。"
    assert told(g, "revived") == [{"player": 2}]
    vote(g, "AD BD CD DA GD")
    assert g.stage.value == "night" and "revive" not in legal_verbs(g, "B")  # once per game
    roundtrip(g)


def test_mad_scientist_revival_is_spent_at_submission_even_if_it_fails_and_refuses_bad_targets():
    g = new(["Werewolf", "MadScientist", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD")
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="cannot revive E: allowed are C, D") as refused:
        g.apply(action(g, "B revive E"))
    assert "蘇生" in refused.value.ja and snapshot(g) == before
    night(g, "B revive C", "A attack B")  # the scientist dies at 105, after its revival at 100
    assert g.alive[2] and g.identity(2).has("WolfMinion")


def test_mad_scientist_never_revives_a_sudden_death():
    g = new(["Werewolf", "MadScientist", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", draws=[("announcement", ["C", "D"])])  # C, the diviner, dies suddenly
    assert dead(g)["C"] == "sudden"
    vote(g, "AE BE EA FE GE")
    assert legal_verbs(g, "B") == {"revive": ("D", "E")}


def test_mad_scientist_closes_heaven_while_alive_and_unused():
    g = new(["Werewolf", "MadScientist", "Human", "Human", "Human", "Human", "Human"], {"heavenview": "norevive"})
    night(g, "A attack C")
    assert not heaven_sees_all(g)
    vote(g, "AD BD DA ED FD GD")
    g.apply(action(g, "B revive D"))
    assert heaven_sees_all(g)  # spent
    g = new(["Werewolf", "MadScientist", "Human", "Human", "Human", "Human", "Human"], {"heavenview": "norevive"})
    night(g, "A attack B")
    assert heaven_sees_all(g)  # dead


# ---------------------------------------------------------------------------------------------- 美女


def test_attractive_woman_charm_kills_its_seat_when_she_is_executed_the_next_day():
    g = new(["Werewolf", "AttractiveWoman", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"charm": ("A", "C", "D", "E", "F", "G")}
    assert g.awaited() == [0]
    night(g, "B charm C", "A attack D")
    assert told(g, "charmed", "B") == [{"player": 1, "target": 2}]
    assert line(g, "charmed") == "BはCを魅了しました。"
    assert told(g, "charmed", "C") == [] and "Attracted" not in str(SeatView.of(g, 2).subs)
    vote(g, "AB BA CB EB FB GB", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"D": "attack", "B": "execution", "C": "suicide"}


def test_attractive_woman_killed_by_the_wolves_takes_nobody():
    g = new(["Werewolf", "AttractiveWoman", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B charm C", "A attack B")
    assert dead(g) == {"B": "attack"}


def test_attractive_woman_charm_ends_at_dusk():
    g = new(["Werewolf", "AttractiveWoman", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B charm C", "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    assert not g.identity(2).has("Attracted")
    night(g, "A attack F")
    vote(g, "AB BA CB GB HB")
    assert "C" not in dead(g)


def test_charm_record_round_trip():
    g = new(["Werewolf", "AttractiveWoman", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B charm C", "A attack D")
    vote(g, "AB BA CB EB FB GB", draws=[("announcement", ["B", "C"])])
    record = write(g)
    assert {"player": "B", "action": "charm", "target": "C"} in record["events"][0]["actions"]
    roundtrip(g)


def test_rule_cards_exist_in_japanese():
    for role_id in ("FascinatingWolf", "CynthiaWolf", "QueenOfNight", "MadScientist", "AttractiveWoman",
                    "WolfMinion", "MoonPhilia"):
        assert role_rule(role_id, "ja").startswith(("誘惑", "月", "マッド", "美女", "狼の子分"))
        assert role_rule(role_id, "en")


def test_a_fascinating_wolf_dead_suddenly_still_makes_its_minion():
    # W.2: on its death, any cause, sudden too
    g = new(["FascinatingWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A seduce C", "A attack D")
    vote(g, "BE CE EB FE GE")  # A does not vote: a sudden death
    assert dead(g)["A"] == "sudden" and g.identity(2).has("WolfMinion")
    assert told(g, "seduced", "C") == [{"target": 2}]


def test_a_scapegoat_never_takes_the_optional_charm_or_revival():
    # W.1 Scapegoat: only required actions (the close would fail on an unexpected draw)
    for role in ("AttractiveWoman", "MadScientist"):
        g = new([role, "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"},
                start=[("scapegoat attacker", "B")])
        assert close(g) == []  # no draw: no "scapegoat charm" / "scapegoat revive"
        assert dead(g) == {"A": "attack"} and g.stage.value == "day"


def test_moon_lunacy_on_a_lover_prevails_for_team_and_win():
    g = new(["CynthiaWolf", "Cupid", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B pair C D", "C divine A", "A attack E")
    c = g.identity(2)
    assert c.has("Lovers") and c.has("MoonPhilia") and c.team() is Team.WEREWOLF
    assert [layer.role.id for layer in c.extras()] == ["Lovers", "MoonPhilia"]  # the latest on top
    assert c.wins(g.ctx, Team.WEREWOLF) and not c.wins(g.ctx, Team.FRIEND)


def test_a_tiny_fox_divining_the_cynthia_wolf_is_no_contact():
    # W.1.6: *divined* is called by the divinations with effects — not 子狐's
    g = new(["CynthiaWolf", "Human", "TinyFox", "Human", "Human", "Human", "Human"])
    night(g, "C divine A", "A attack D", draws=[("tiny fox divination", True)])
    assert not g.identity(2).has("MoonPhilia") and told(g, "moon aura") == []


def test_a_level_hook_is_no_action_a_player_may_take():
    g = new(["CynthiaWolf", "QueenOfNight", "Human", "Human", "Human"])
    assert "hook" not in legal_verbs(g, "A") and legal_verbs(g, "B") == {}
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=r"B \(Queen of the Night\) has no action 'hook' tonight") as refused:
        g.apply(action(g, "B hook"))
    assert refused.value.ja == "Bには今夜「能力の発動」の行動はありません"
    assert snapshot(g) == before
