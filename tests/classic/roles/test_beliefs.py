"""Wave 3's village, part 1, group VD (``roles/village_seers.py``; shared/spec/classic-roles-village-1.md V1.2):
予言者のママ, 野生児, 夢遊病者, 預言者 (V1.1.5: believes it is 村人).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.events import PhaseOpened
from jinrou.classic.model import Moment
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.roles.village_seers import SeersMama
from jinrou.classic.texts import render
from jinrou.classic.views import SeatView

from ..helpers import Recorder, action, alive, dead, legal_verbs, new, night, told, vote


def _lines(g, letter: str) -> list[str]:
    view = SeatView.of(g, g.names.index(letter))
    return [render(m, g.names) for _, m in view.messages]


# ---------------------------------------------------------------------------------------- 予言者のママ


def test_seers_mama_is_told_the_seers_at_its_first_dusk_in_seat_order_kits_included():
    g = new(["Werewolf", "SeersMama", "Diviner", "Human", "Diviner", "Human"])
    assert told(g, "seers mama", "B") == [{"player": 1, "seats": [2, 4]}]
    assert told(g, "seers mama", "C") == []  # private
    assert "Bは予言者のママです。占い師はC,Eです。" in _lines(g, "B")
    night(g, "A attack D", "C divine A", "E divine A", draws=[("order", ["C", "E"])])
    vote(g, "AB BA CA EA FA")
    assert len(told(g, "seers mama", "B")) == 1  # once


def test_seers_mama_without_a_seer_is_told_there_is_none():
    g = new(["Werewolf", "SeersMama", "Human", "Human", "Human"])
    assert told(g, "seers mama none", "B") == [{"player": 1}]
    assert "Bは予言者のママです。占い師はいません。" in _lines(g, "B")
    assert told(g, "seers mama") == []


def test_seers_mama_names_only_seers_not_an_apprentice_or_a_wolf_diviner():
    g = new(["WolfDiviner", "SeersMama", "ApprenticeSeer", "Diviner", "Human", "Human"])
    assert told(g, "seers mama", "B") == [{"player": 1, "seats": [3]}]
    assert "Bは予言者のママです。占い師はDです。" in _lines(g, "B")


def test_seers_mama_counts_a_seer_kit_as_a_seer():
    # V1.1.6: a 占いセット holds 占い師 (a seat given one before the mama's first dusk, as a cast would)
    g = new(["Werewolf", "SeersMama", "Human", "Human", "Human"])
    g.ctx.grant(3, "DivinerKit")
    layer = next(lay for lay in g.identity(1).layers if lay.role.id == "SeersMama")
    layer.memory.used = False
    SeersMama.declaration.seers(g.ctx, layer, PhaseOpened(Moment.DUSK))
    assert told(g, "seers mama", "B") == [{"player": 1, "seats": [3]}]


# ---------------------------------------------------------------------------------------- 野生児


def test_tarzan_counts_living_wolf_roles_at_each_dawn_after_the_nights_deaths():
    # V1.1.13: 人狼系 and 狂人狼 (not 狂人, not 妖狐)
    g = new(["Werewolf", "Werewolf", "MadWolf", "Madman", "Fox", "Tarzan", "Human", "Human", "Human"])
    assert told(g, "tarzan") == []  # nothing at the first dusk
    night(g, "A attack G")
    assert told(g, "tarzan", "F") == [{"player": 5, "count": 3}]
    assert told(g, "tarzan", "A") == []  # private
    assert "Fは3人の人狼の気配を感じました。" in _lines(g, "F")
    vote(g, "AB BA CB DB EB FB HB IB")  # B executed
    assert dead(g) == {"G": "attack", "B": "execution"}
    night(g, "A attack H")
    assert told(g, "tarzan", "F")[-1] == {"player": 5, "count": 2}


def test_tarzan_dead_is_told_nothing():
    g = new(["Werewolf", "Tarzan", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {"B": "attack"} and told(g, "tarzan") == []


def test_seers_mama_and_tarzan_round_trip():
    g = new(["Werewolf", "SeersMama", "Tarzan", "Diviner", "Human", "Human"])
    night(g, "A attack E", "D divine A")
    vote(g, "AB BA CA DA FA")
    doc = write(g)
    again = replay(doc)
    assert write(again) == doc and again.messages == g.messages


# ---------------------------------------------------------------------------------------- V1.1.5, 夢遊病者


def _role_seen(g, letter: str) -> str | None:
    return SeatView.of(g, g.names.index(letter)).role


def test_sleepwalker_believes_it_is_a_villager_until_its_dusk_of_night_3():
    g = new(["Werewolf", "Werewolf", "Sleepwalker", "Human", "Human", "Human", "Human", "Human", "Human"])
    view = SeatView.of(g, 2)
    assert view.role == "Human" and view.roles == {2: "Human"}
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    # night 2: the wolves are told the living 夢遊病者
    assert told(g, "sleepwalkers", "A") == [{"seats": [2]}] and told(g, "sleepwalkers", "B") == [{"seats": [2]}]
    assert told(g, "sleepwalkers", "C") == [] and told(g, "sleepwalkers", "F") == []
    assert "Cが徘徊しています。" in _lines(g, "A")
    assert _role_seen(g, "C") == "Human" and told(g, "sleepwalker aware") == []
    night(g, "A attack F")
    vote(g, "AG BG CG GA HG IG")
    assert told(g, "sleepwalker aware", "C") == [{"player": 2}]
    assert "Cは深夜徘徊を自覚しました。" in _lines(g, "C")
    assert told(g, "role revealed", "C") == [{"role": "Sleepwalker"}]
    assert _role_seen(g, "C") == "Sleepwalker"
    assert len(told(g, "sleepwalkers")) == 1  # night 2 only


def test_sleepwalker_notice_names_every_living_one_and_goes_to_wolves_not_the_whispering_madman():
    g = new(["Werewolf", "WhisperingMad", "Sleepwalker", "Sleepwalker", "Sleepwalker", "Human", "Human", "Human",
             "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FA GF HF IF")
    assert told(g, "sleepwalkers") == [{"seats": [2, 3]}]
    assert told(g, "sleepwalkers", "A") and not told(g, "sleepwalkers", "B")
    assert "C,Dが徘徊しています。" in _lines(g, "A")


def test_sleepwalker_none_alive_on_night_2_gives_no_notice():
    g = new(["Werewolf", "Sleepwalker", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "AC CA DC EC FC GC")
    assert told(g, "sleepwalkers") == []


def test_wolf_diviner_heaven_and_the_end_see_the_real_role():
    g = new(["WolfDiviner", "Sleepwalker", "Oracle", "Human", "Human", "Human", "Human"], {"heavenview": "view"})
    night(g, "A divine B", "A attack D")
    assert told(g, "divined", "A") == [{"target": 1, "result": "Sleepwalker"}]
    assert _role_seen(g, "B") == "Human" and _role_seen(g, "C") == "Human"
    vote(g, "AB BA CB EB FB GB")  # the sleepwalker executed
    assert SeatView.of(g, 1).role == "Sleepwalker"  # 霊界
    night(g, "A attack E")
    vote(g, "AF CA FA GA")
    assert g.is_over and SeatView.of(g, 2).role == "Oracle"
    assert SeatView.of(g, 2).roles[1] == "Sleepwalker"


# ---------------------------------------------------------------------------------------- 預言者


def test_oracle_tells_werewolves_about_to_win_when_humans_minus_wolves_is_at_most_2_and_reveals_its_role():
    g = new(["Werewolf", "Werewolf", "Oracle", "Human", "Human", "Human", "Human", "Human"])
    assert _role_seen(g, "C") == "Human"
    night(g, "A attack D")  # H 5, W 2: 3 > 2, W ≠ 1: none
    assert told(g, "oracle werewolf") == [] and _role_seen(g, "C") == "Human"
    vote(g, "AE BE CE EA FE GE HE")
    night(g, "A attack F")  # H 3, W 2
    assert told(g, "oracle werewolf", "C") == [{"player": 2}]
    assert "Cに神託が下りました。人狼陣営が勝利目前です。" in _lines(g, "C")
    assert told(g, "role revealed", "C") == [{"role": "Oracle"}] and _role_seen(g, "C") == "Oracle"


def test_oracle_fox_wins_over_werewolf_when_a_fox_lives():
    g = new(["Werewolf", "Fox", "Oracle", "Human", "Human"])
    night(g, "A attack D")  # H 3 (fox counts none), W 1
    assert told(g, "oracle fox", "C") == [{"player": 2}]


def test_oracle_one_wolf_among_more_than_4_is_no_oracle_and_4_is():
    g = new(["Werewolf", "Oracle", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")  # A 6, H 5, W 1
    assert told(g, "oracle werewolf") == []
    vote(g, "AD BD DA ED FD GD")
    night(g, "A attack E")  # A 4, H 3, W 1: H − W = 2
    assert told(g, "oracle werewolf", "B") == [{"player": 1}]


def test_oracle_lovers_about_to_win_and_settled_none_when_more_than_2_others_live():
    # settled here: L > 0 and N > 2 → none (the reference repeats its previous oracle)
    g = new(["Werewolf", "Oracle", "Cupid", "Human", "Human", "Human", "Human"])
    night(g, "C pair D E", "A attack F")
    assert told(g, "oracle friend") == [] and told(g, "oracle werewolf") == []  # L 2, N 3
    vote(g, "AG BG CG DG EG GA")
    night(g, "A attack C")  # L 2 (D, E), N 2 (A, B)
    assert told(g, "oracle friend", "B") == [{"player": 1}]
    assert "Bに神託が下りました。恋人陣営が勝利目前です。" in _lines(g, "B")


def test_oracle_dead_is_told_nothing():
    g = new(["Werewolf", "Oracle", "Human", "Human"])
    night(g, "A attack B")
    assert told(g, "oracle werewolf") == [] and alive(g) == "ACD"


def test_sleepwalker_and_oracle_round_trip():
    g = new(["Werewolf", "Werewolf", "Sleepwalker", "Oracle", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FA GF HF")
    night(g, "A attack G")
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


# ---------------------------------------------------------------------------------------- 運命の子


def test_fate_divined_becomes_a_drawn_human_role_at_level_122_and_acts_from_the_next_night():
    g = new(["Werewolf", "Fate", "Diviner", "Human", "Human", "Human", "Human"])
    assert _role_seen(g, "B") == "Human"
    rec = Recorder([("fate role", "Guard")])
    for text in ("A attack D", "C divine B"):
        g.apply(action(g, text))
    g.close(rec)
    assert told(g, "divined", "C") == [{"target": 1, "result": "human"}]  # the divination itself reads 村人
    kind, options, weights = rec.asked[0]
    assert kind == "fate role" and weights is None and "Fate" in options and "Guard" in options
    assert "Werewolf" not in options and "Madman" not in options and "Fox" not in options
    assert options == sorted(options) and "MadWolf" in options  # catalog team Human
    assert g.role(1).id == "Guard" and _role_seen(g, "B") == "Guard"
    assert told(g, "fate", "B") == [{"player": 1, "role": "Guard"}]
    assert "Bは運命の子でした。Guardとして生きる覚悟を決めました。" not in _lines(g, "B")
    assert "Bは運命の子でした。狩人として生きる覚悟を決めました。" in _lines(g, "B")
    vote(g, "AE BE CE EA FE GE")
    assert "guard" in legal_verbs(g, "B")
    night(g, "A attack F", "B guard F", "C divine A")
    assert dead(g) == {"D": "attack", "E": "execution"}  # guarded
    vote(g, "AB BA CA FA GA")
    assert g.is_over and SeatView.of(g, 1).history[1] == ("Fate", "Guard")


def test_fate_marked_but_dead_at_122_does_not_change_and_its_mark_is_dropped_at_the_next_dusk():
    g = new(["Werewolf", "Fate", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack B", "C divine B")  # no draw: dead at 122
    assert g.role(1).id == "Fate" and dead(g) == {"B": "attack"}
    layer = g.identity(1).main
    assert layer.memory.marked
    vote(g, "AE CE DE EA FE GE")
    assert not layer.memory.marked


def test_fate_drawing_a_believing_role_is_told_villager_and_a_dusk_hook_runs_at_once():
    g = new(["Werewolf", "Fate", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C divine B", draws=[("fate role", "Sleepwalker")])
    assert told(g, "fate", "B") == [{"player": 1, "role": "Human"}] and _role_seen(g, "B") == "Human"
    assert g.role(1).id == "Sleepwalker"
    assert all(m["role"] == "Human" for m in told(g, "role changed", "B"))
    g = new(["Werewolf", "Fate", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C divine B", draws=[("fate role", "SeersMama")])
    assert told(g, "seers mama", "B") == [{"player": 1, "seats": [2]}]  # its first dusk: at once
    vote(g, "AE BE CE EA FE GE")
    assert len(told(g, "seers mama", "B")) == 1


def test_fate_by_a_wolf_diviner_and_only_its_first_divination_marks():
    g = new(["WolfDiviner", "Fate", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "A divine B", draws=[("fate role", "Fate")])  # 運命の子 itself possible
    assert told(g, "divined", "A") == [{"target": 1, "result": "Fate"}]
    assert g.role(1).id == "Fate" and told(g, "fate", "B") == [{"player": 1, "role": "Human"}]
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F")  # not divined: nothing
    assert told(g, "fate", "B") == [{"player": 1, "role": "Human"}]


def test_a_living_fate_closes_heaven_under_norevive_and_a_changed_one_does_not():
    g = new(["Werewolf", "Fate", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C divine E")
    assert SeatView.of(g, 3).roles == {3: "Human"}  # the dead see only their own: a 運命の子 lives
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "C divine B", draws=[("fate role", "Human")])
    assert len(SeatView.of(g, 3).roles) == 7


def test_fate_round_trip():
    g = new(["Werewolf", "Fate", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C divine B", draws=[("fate role", "Guard")])
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "B guard C", "C divine A")
    record = write(g)
    assert record["events"][1] == {"type": "outcome", "draws": [{"draw": "fate role", "value": "Guard"}]}
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]
