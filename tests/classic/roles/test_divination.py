"""Wave 3's divination 狂人系 (``roles/madmen.py``): 邪魔狂人, 雨男, 妖術師, サトリ, かぼちゃ魔, 影法師, 丑刻参,
and the mechanics they bring — obstructed divination (W.1.4) and result overlays (W.1.5) — with the
diviners already declared (占い師, 子狐, 人狼占い, 占いセット) and the 呪狼's *divined* hook.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from jinrou.classic.claims import Claim, ClaimError
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.settings import Settings
from jinrou.classic.texts import render
from jinrou.classic.views import SeatView
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    close,
    dead,
    legal_verbs,
    new,
    night,
    snapshot,
    told,
    vote,
)


def line(g, key: str) -> str:
    """The last message ``key`` rendered in Japanese."""
    return render(next(m for _, m in reversed(g.messages) if m.key == key), g.names)


def round_trip(g) -> None:
    """The record replays to the same events (write → replay → write)."""
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


# ---------------------------------------------------------------------- 邪魔狂人 (W.1.4)


def test_obstructive_madman_must_obstruct_a_living_seat_itself_allowed():
    g = new(["Werewolf", "ObstructiveMad", "Diviner", "Human", "Human"])
    assert legal_verbs(g, "B") == {"obstruct": ("A", "B", "C", "D", "E")}
    assert 1 in g.awaited()  # required
    g.apply(action(g, "A attack D"))
    g.apply(action(g, "C divine E"))
    close(g, [("announcement", ["B", "D"])])
    assert dead(g) == {"D": "attack", "B": "sudden"}


def test_an_obstructed_seer_gets_no_result_and_is_told_so_at_dawn():
    g = new(["Werewolf", "ObstructiveMad", "Diviner", "Fox", "Human", "Human", "Human"])
    night(g, "B obstruct C", "C divine D", "A attack E")
    assert told(g, "divined", "C") == []
    assert told(g, "divination obstructed", "C") == [{"player": 2, "target": 3}]
    assert line(g, "divination obstructed") == "CがDを占いましたが、何者かに邪魔されました。"
    assert dead(g) == {"E": "attack"}  # no effect: the fox lives
    round_trip(g)


def test_obstruction_lasts_until_the_next_dusk():
    g = new(["Werewolf", "ObstructiveMad", "Diviner", "Fox", "Human", "Human", "Human"])
    night(g, "B obstruct C", "C divine D", "A attack E")
    assert g.identity(2).obstructed and g.ctx.obstructed(2)
    vote(g, "AF BF CF DF FA GF")
    assert not g.identity(2).obstructed  # removed at the dusk
    night(g, "B obstruct A", "C divine D", "A attack G", draws=[("announcement", ["D", "G"])])
    assert dead(g)["D"] == "curse" and told(g, "divined", "C") == [{"target": 3, "result": "human"}]


def test_obstruction_blocks_the_curse_wolfs_divined_hook():
    # W.1.4: no *divined* hook — the 呪狼 does not kill the obstructed seer
    g = new(["CurseWolf", "ObstructiveMad", "Diviner", "Human", "Human", "Human"])
    night(g, "B obstruct C", "C divine A", "A attack D")
    assert dead(g) == {"D": "attack"}


def test_obstruction_blocks_the_wolf_diviners_conversion_and_reverse_curse():
    g = new(["WolfDiviner", "ObstructiveMad", "Madman", "Human", "Human", "Human"])
    night(g, "B obstruct A", "A divine C", "A attack D")
    assert g.role(2).id == "Madman" and told(g, "divined", "A") == []
    assert told(g, "divination obstructed", "A") == [{"player": 0, "target": 2}]
    g = new(["WolfDiviner", "ObstructiveMad", "Diviner", "Human", "Human", "Human"])
    night(g, "B obstruct A", "A divine C", "C divine D", "A attack E")
    assert dead(g) == {"E": "attack"}  # no 逆呪殺


def test_obstruction_blocks_a_seer_kit_too_settled_here():
    # W.1.4 settled here: the reference marks only the main role, so a kit escapes; here every divination
    g = new(["Werewolf", "ObstructiveMad", "Merchant", "Human", "Fox", "Human", "Human"])
    night(g, "A attack F", "B obstruct G")
    vote(g, "AG BG CG DG EG GA")
    night(g, "C kit D Diviner", "B obstruct D", "D divine E", "A attack C")
    assert "E" not in dead(g) and told(g, "divination obstructed", "D") == [{"player": 3, "target": 4}]


def test_an_obstructed_tiny_fox_draws_nothing_and_is_told_so():
    g = new(["Werewolf", "ObstructiveMad", "TinyFox", "Human", "Human", "Human"])
    night(g, "B obstruct C", "C divine D", "A attack E")  # no "tiny fox divination" drawn
    assert told(g, "divined", "C") == [] and told(g, "divination obstructed", "C") == [{"player": 2, "target": 3}]


def test_an_immediate_result_stands_only_its_effects_are_blocked():
    g = new(["Werewolf", "ObstructiveMad", "Diviner", "Fox", "Human", "Human", "Human"], {"divineresult": "immediate"})
    assert g.settings["divineresult"] == "sunrise"  # T.1.11: a 邪魔狂人 cast delays the results …
    # … so an immediate result meets an obstruction only when the 邪魔狂人 came later (a 盗人's theft): as if so
    g.settings = Settings.parse({**g.settings.values, "divineresult": "immediate"})
    g.apply(action(g, "C divine D"))
    assert told(g, "divined", "C") == [{"target": 3, "result": "human"}]
    night(g, "B obstruct C", "A attack E")
    assert "D" not in dead(g)  # no curse
    assert told(g, "divination obstructed", "C") == []  # its result was given: nothing more said


def test_obstruction_is_not_seen_by_the_obstructed_seat():
    g = new(["Werewolf", "ObstructiveMad", "Diviner", "Human", "Human", "Human"])
    g.apply(action(g, "B obstruct C"))
    night(g, "C divine D", "A attack E")
    for seat in range(6):
        view = SeatView.of(g, seat)
        assert "Obstructed" not in str(view.roles) and "Obstructed" not in str(view.messages)


def test_obstructing_a_dead_seat_is_refused_and_changes_nothing():
    g = new(["Werewolf", "ObstructiveMad", "Diviner", "Human", "Human", "Human"])
    night(g, "B obstruct C", "C divine D", "A attack E")
    vote(g, "AF BF CF DF FA")
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot obstruct E: allowed are A, B, C, D") as error:
        g.apply(action(g, "B obstruct E"))
    assert "BはEに「占いを邪魔する」できません" in error.value.ja
    assert snapshot(g) == before


def test_a_scapegoat_obstructive_madman_obstructs_a_drawn_seat():
    g = new(["ObstructiveMad", "Werewolf", "Diviner", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"},
            start=[("scapegoat attacker", "B")])
    g.apply(action(g, "C divine D"))
    close(g, [("scapegoat obstruct", "C")])
    assert told(g, "divination obstructed", "C") == [{"player": 2, "target": 3}] and dead(g) == {"A": "attack"}
    round_trip(g)


# ---------------------------------------------------------------------- 雨男 (W.1.4)


def test_rainy_boy_rains_once_from_night_two_and_obstructs_everyone_the_next_night():
    g = new(["Werewolf", "RainyBoy", "Diviner", "Fox", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {}
    with pytest.raises(IllegalActionError, match="has no action 'rain' tonight"):
        g.apply(action(g, "B rain"))
    night(g, "C divine F", "A attack E")
    vote(g, "AJ BJ CJ DJ FJ GJ HJ IJ JA")
    assert legal_verbs(g, "B") == {"rain": ()} and 1 not in g.awaited()
    g.apply(action(g, "B rain"))
    assert told(g, "rain chosen", "B") == [{"player": 1}] and line(g, "rain chosen") == "Bは翌日に雨を降らせます。"
    night(g, "C divine F", "A attack F")
    assert told(g, "rain", None) == [{}] and line(g, "rain") == "今日は雨が降っています。"
    assert told(g, "divined", "C")[-1] == {"target": 5, "result": "human"}  # the rain is for today's night
    vote(g, "AI BI CI DI GI HI IA")
    assert legal_verbs(g, "B") == {}  # once per game
    assert all(g.identity(s).obstructed for s in g.living())
    night(g, "C divine D", "A attack H")
    assert "D" not in dead(g) and told(g, "divination obstructed", "C") == [{"player": 2, "target": 3}]
    assert not any(g.identity(s).obstructed for s in g.seats())  # gone at the dawn after
    round_trip(g)


def test_the_rain_falls_even_if_the_rainy_boy_is_executed_that_day():
    g = new(["Werewolf", "RainyBoy", "Diviner", "Fox", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C divine E", "A attack E")
    vote(g, "AJ BJ CJ DJ FJ GJ HJ IJ JA")
    night(g, "B rain", "C divine G", "A attack G")
    assert told(g, "rain", None) == [{}]
    vote(g, "AB BA CB DB FB HB IB")  # the 雨男 is executed
    night(g, "C divine D", "A attack H")
    assert "D" not in dead(g) and told(g, "divination obstructed", "C")


def test_a_rainy_boy_dead_at_dawn_brings_no_rain():
    g = new(["Werewolf", "RainyBoy", "Diviner", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "C divine E", "A attack E")
    vote(g, "AF BF CF DF FA GF HF")
    night(g, "B rain", "C divine G", "A attack B")
    assert told(g, "rain", None) == [] and dead(g)["B"] == "attack"


# ---------------------------------------------------------------------- 妖術師


def test_sorcerer_learns_whether_a_seat_holds_a_seer_at_dawn():
    g = new(["Werewolf", "Sorcerer", "Diviner", "Fox", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E", "F", "G", "H")} and 1 in g.awaited()
    night(g, "B divine C", "C divine E", "A attack F", draws=[("order", ["B", "C"])])
    assert told(g, "sorcery found", "B") == [{"player": 1, "target": 2}]
    assert line(g, "sorcery found") == "BがCを調べたところ、占い師でした。"
    vote(g, "AH BH CH DH EH GH HA")
    night(g, "B divine D", "C divine A", "A attack E", draws=[("order", ["C", "B"])])
    assert told(g, "sorcery not found", "B") == [{"player": 1, "target": 3}]
    assert line(g, "sorcery not found") == "BがDを調べたところ、占い師ではありませんでした。"
    assert "D" not in dead(g)  # no curse
    round_trip(g)


def test_sorcerer_finds_a_seer_kit_and_ignores_overlays():
    g = new(["Werewolf", "Sorcerer", "Merchant", "Human", "WolfBoy", "Human", "Human"])
    night(g, "A attack F", "B divine C")
    vote(g, "AG BG CG DG EG GA")
    night(g, "C kit D Diviner", "B divine D", "E frame D", "A attack C")
    assert told(g, "sorcery found", "B")[-1] == {"player": 1, "target": 3}


def test_sorcerer_has_no_divined_hook_no_auto_first_divination_and_is_obstructable():
    g = new(["CurseWolf", "Sorcerer", "Human", "Human", "Human"], {"firstnightdivine": "auto"})
    assert g.night.actions == []  # nothing drawn for it
    night(g, "B divine A", "A attack C")
    assert "B" not in dead(g)  # the 呪狼's hook does not run
    g = new(["Werewolf", "Sorcerer", "ObstructiveMad", "Diviner", "Human"])
    night(g, "B divine D", "C obstruct B", "D divine E", "A attack E", draws=[("order", ["B", "D"])])
    assert told(g, "sorcery found", "B") == [] and told(g, "divination obstructed", "B") == [{"player": 1, "target": 3}]


def test_sorcerer_immediate_result():
    g = new(["Werewolf", "Sorcerer", "Diviner", "Human", "Human"], {"divineresult": "immediate"})
    g.apply(action(g, "B divine C"))
    assert told(g, "sorcery found", "B") == [{"player": 1, "target": 2}]
    night(g, "C divine D", "A attack E", draws=[("order", ["B", "C"])])
    assert told(g, "sorcery found", "B") == [{"player": 1, "target": 2}]  # not told twice


# ---------------------------------------------------------------------- サトリ


def test_satori_reads_the_fortune_word_with_big_wolf_and_seer_exceptions():
    g = new(["Werewolf", "Satori", "Diviner", "BigWolf", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B divine C", "C divine E", "A attack E", draws=[("order", ["B", "C"])])
    assert told(g, "mind read", "B") == [{"player": 1, "target": 2, "result": "Diviner"}]
    assert line(g, "mind read") == "Bの読心の結果、Cは占い師でした。"
    vote(g, "AF BF CF DF FA GF HF IF JF KF")
    night(g, "B divine D", "C divine G", "A attack G", draws=[("order", ["B", "C"])])
    assert told(g, "mind read", "B")[-1]["result"] == "bigwolf" and line(g, "mind read") == "Bの読心の結果、Dは大狼でした。"
    vote(g, "AH BH CH DH HA IH JH KH")
    night(g, "B divine A", "C divine I", "A attack I", draws=[("order", ["B", "C"])])
    assert told(g, "mind read", "B")[-1]["result"] == "werewolf" and line(g, "mind read") == "Bの読心の結果、Aは人狼でした。"


def test_satori_reads_a_seer_kit_as_seer_and_overlays_before_the_exceptions():
    g = new(["Werewolf", "Satori", "Merchant", "Human", "Pumpkin", "Human", "Human", "Human"])
    night(g, "A attack F", "B divine C", "E costume H")
    assert told(g, "mind read", "B") == [{"player": 1, "target": 2, "result": "human"}]
    vote(g, "AG BG CG DG EG GA HG")
    night(g, "C kit D Diviner", "B divine D", "A attack C", "E costume B")
    assert told(g, "mind read", "B")[-1]["result"] == "Diviner"
    vote(g, "AE BE DE EA HE")
    night(g, "B divine H", "A attack D", "D divine A", draws=[("order", ["B", "D"])])
    assert told(g, "mind read", "B")[-1]["result"] == "pumpkin"  # the overlay, read by サトリ


def test_satori_kills_a_fox_and_runs_divined_hooks():
    g = new(["Werewolf", "Satori", "Fox", "Human", "Human", "Human"])
    night(g, "B divine C", "A attack D", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"C": "curse", "D": "attack"}
    g = new(["CurseWolf", "Satori", "Human", "Human", "Human", "Human"])
    night(g, "B divine A", "A attack C", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "curse", "C": "attack"}  # the 呪狼's curse reaches it


def test_satori_is_obstructable_and_tells_at_once_with_immediate_results():
    g = new(["Werewolf", "Satori", "ObstructiveMad", "Fox", "Human", "Human"])
    night(g, "C obstruct B", "B divine D", "A attack E")
    assert "D" not in dead(g) and told(g, "mind read", "B") == []
    assert told(g, "divination obstructed", "B") == [{"player": 1, "target": 3}]
    g = new(["Werewolf", "Satori", "Fox", "Human", "Human"], {"divineresult": "immediate"})
    g.apply(action(g, "B divine C"))
    assert told(g, "mind read", "B") == [{"player": 1, "target": 2, "result": "human"}]
    night(g, "A attack D", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"C": "curse", "D": "attack"}


def test_satori_auto_first_reading_excludes_big_wolf_and_seers():
    # W.3 サトリ (reference L9329: 占い師's pool, also !BigWolf, !Diviner); told its line first
    g = new(["Werewolf", "Satori", "Diviner", "BigWolf", "Fox", "Human"], {"firstnightdivine": "auto"},
            start=[("first divination", "F"), ("first divination", "F")])
    assert told(g, "mind read auto", "B") == [{"player": 1}]
    assert line(g, "mind read auto") == "Bの今日の読心先は自動的に決定されます。"
    assert [(a.seat, a.targets) for a in g.night.actions] == [(1, (5,)), (2, (5,))]
    assert legal_verbs(g, "B") == {}


def test_satori_auto_pool_is_the_seers_pool_without_mind_read_words():
    from jinrou.classic.draws import Draw, Draws
    from jinrou.classic.game import Game

    rec = Draws(None, [Draw("first divination", "F"), Draw("first divination", "D")])
    asked = []
    original = rec.choice

    def choice(kind, options, weights=None, label=None):
        asked.append((kind, list(label if label is not None else options)))
        return original(kind, options, weights, label)

    rec.choice = choice  # type: ignore[method-assign]
    Game.new("ABCDEF", ["Werewolf", "Satori", "Diviner", "BigWolf", "Fox", "Human"],
             {"scapegoat": "off", "firstnightdivine": "auto"}, rec)
    assert asked == [("first divination", ["F"]), ("first divination", ["B", "D", "F"])]  # サトリ reads 村人 to 占い師


def test_a_scapegoat_satori_reads_a_drawn_seat():
    g = new(["Satori", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"},
            start=[("scapegoat attacker", "B")])
    close(g, [("scapegoat divine", "C")])
    assert told(g, "mind read", "A") == [] and dead(g) == {"A": "attack"}  # dead at dawn: not told
    round_trip(g)


# ---------------------------------------------------------------------- かぼちゃ魔 (W.1.5)


def test_pumpkin_costumes_a_seat_for_the_rest_of_the_game():
    g = new(["Werewolf", "Pumpkin", "Diviner", "Psychic", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"costume": ("A", "B", "C", "D", "E", "F", "G")} and 1 in g.awaited()
    g.apply(action(g, "B costume E"))
    assert told(g, "costumed", "B") == [{"player": 1, "target": 4}]
    assert line(g, "costumed") == "BがEをかぼちゃにしました。"
    night(g, "C divine E", "A attack F")
    assert told(g, "divined", "C") == [{"target": 4, "result": "pumpkin"}]
    assert render(next(m for _, m in g.messages if m.key == "divined"), g.names) == "Eを占ったところ、かぼちゃでした"
    vote(g, "AG BG CG DG EG GA")
    night(g, "B costume B", "C divine E", "A attack D")
    assert told(g, "divined", "C")[-1] == {"target": 4, "result": "pumpkin"}  # still, after a dusk
    vote(g, "AE BE CE EA")
    assert g.identity(4).psychic().value == "human"  # the 霊能結果 is untouched
    round_trip(g)


def test_pumpkin_is_not_read_by_the_wolf_diviner_nor_placed_on_a_seat_dead_by_then():
    g = new(["WolfDiviner", "Pumpkin", "Human", "Human", "Human", "Human"])
    night(g, "B costume C", "A divine C", "A attack D")
    assert told(g, "divined", "A") == [{"target": 2, "result": "Human"}]
    g = new(["Werewolf", "Pumpkin", "Human", "Human", "Human"])
    night(g, "B costume C", "A attack C")  # the attack resolves at 105 — after 90: C is costumed, then dies
    assert g.identity(2).has("Costumed")
    g = new(["Werewolf", "Pumpkin", "Diviner", "Human", "Human", "Human"])
    night(g, "B costume C", "A attack D", draws=[("announcement", ["C", "D"])])  # C did not divine: dead before 90
    assert dead(g) == {"C": "sudden", "D": "attack"} and not g.identity(2).has("Costumed")


def test_a_tiny_fox_reads_the_costume_in_its_true_half():
    g = new(["Werewolf", "Pumpkin", "TinyFox", "Human", "Human", "Human"])
    night(g, "B costume D", "C divine D", "A attack E", draws=[("tiny fox divination", True)])
    assert told(g, "divined", "C") == [{"target": 3, "result": "pumpkin"}]


def test_the_most_recent_overlay_wins_and_its_removal_uncovers_the_one_below():
    # W.1.5: a frame on a costumed seat reads 人狼 until the frame ends at dusk; then かぼちゃ again
    g = new(["Werewolf", "Pumpkin", "WolfBoy", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "B costume E", "C frame F", "D divine E", "A attack G", draws=[("order", ["B", "C"])])
    assert g.identity(4).fortune().value == "pumpkin"
    vote(g, "AH BH CH DH EH FH HA")
    night(g, "B costume A", "C frame E", "D divine E", "A attack B", draws=[("order", ["B", "C"])])
    assert told(g, "divined", "D")[-1] == {"target": 4, "result": "werewolf"}
    vote(g, "AC CA DC EC FC")
    assert g.identity(4).fortune().value == "pumpkin"  # the frame ended at the dusk


def test_a_pumpkin_result_can_be_claimed():
    names = ["A", "B", "C"]
    claim = Claim.parse("DIVINED C pumpkin", names)
    assert claim.result == "pumpkin" and claim.render(names, "ja") == "占い結果: Cはかぼちゃ"
    assert claim.render(names, "en") == "I divined C: pumpkin."
    assert Claim.parse(claim.notation(names), names) == claim
    with pytest.raises(ClaimError, match="the result must be human or werewolf or oni, not 'pumpkin'"):
        Claim.parse("IDENTIFIED C pumpkin", names)
    with pytest.raises(ClaimError, match="the result must be human or werewolf, not 'pumpkin'"):
        Claim.parse("ESTIMATE C pumpkin", names)
    with pytest.raises(ClaimError, match="the result must be human or werewolf or pumpkin or oni, not 'wolf'"):
        Claim.parse("DIVINED C wolf", names)


def test_a_scapegoat_pumpkin_costumes_a_drawn_seat():
    g = new(["Pumpkin", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on", "safety": "free"},
            start=[("scapegoat attacker", "B")])
    close(g, [("scapegoat costume", "D")])
    assert g.identity(3).fortune().value == "pumpkin"
    round_trip(g)


# ---------------------------------------------------------------------- 影法師 (W.1.5)


def test_shadow_blackens_the_guards_and_whitens_one_wolf_at_the_first_dusk():
    g = new(["Werewolf", "Werewolf", "Shadow", "Guard", "Human", "Human", "Human", "Human"],
            start=[("shadow wolf", "B")])
    assert g.identity(3).fortune().value == "werewolf" and g.identity(1).fortune().value == "human"
    assert g.identity(0).fortune().value == "werewolf"
    assert told(g, "shadow cast", "C") == [{"player": 2, "target": 1}] and line(g, "shadow cast") == "CはBの影を抜きました。"
    assert told(g, "shadow wolf", "A") == [{"target": 1}] and told(g, "shadow wolf", "D") == []
    assert line(g, "shadow wolf") == "Bは影を抜かれたようです。"
    assert g.identity(3).psychic().value == "human" and g.identity(1).psychic().value == "werewolf"
    night(g, "A attack E", "D guard F")
    vote(g, "AF BF CF DF FA GF HF")
    assert not told(g, "shadow cast", "C")[1:]  # once
    round_trip(g)


def test_shadow_overlays_end_with_the_shadows_life():
    g = new(["Werewolf", "Werewolf", "Shadow", "Guard", "Diviner", "Human", "Human", "Human", "Human"],
            start=[("shadow wolf", "A")])
    night(g, "A attack F", "E divine D", "D guard G")
    assert told(g, "divined", "E") == [{"target": 3, "result": "werewolf"}]
    vote(g, "AC BC CA DC EC GC HC IC")  # the 影法師 is executed
    assert g.identity(3).fortune().value == "human" and g.identity(0).fortune().value == "werewolf"
    night(g, "A attack G", "E divine A", "D guard E")
    assert told(g, "divined", "E")[-1] == {"target": 0, "result": "werewolf"}


def test_shadow_is_not_read_by_the_wolf_diviner_or_the_sorcerer():
    g = new(["WolfDiviner", "Shadow", "Guard", "Sorcerer", "Human", "Human", "Human"], start=[("shadow wolf", "A")])
    night(g, "A divine C", "D divine C", "A attack E", "C guard F")
    assert told(g, "divined", "A") == [{"target": 2, "result": "Guard"}]
    assert told(g, "sorcery not found", "D") == [{"player": 3, "target": 2}]


def test_shadow_without_wolves_alive_only_marks_the_guards():
    g = new(["Vampire", "Shadow", "Guard", "Human", "Human"])
    assert g.identity(2).fortune().value == "werewolf" and told(g, "shadow cast") == []


# ---------------------------------------------------------------------- 丑刻参


def test_a_cursed_seat_divined_that_night_dies_of_the_curse():
    g = new(["Werewolf", "Ushinotokimairi", "Diviner", "Human", "Human", "Human", "Human"], {"deadfox": "on"})
    assert legal_verbs(g, "B") == {"curse": ("A", "B", "C", "D", "E", "F", "G")} and 1 not in g.awaited()
    night(g, "B curse D", "C divine D", "A attack E", draws=[("announcement", ["D", "E"])])
    assert dead(g) == {"D": "curse", "E": "attack"}
    assert told(g, "died", None)[0:2] in ([{"player": 3, "cause": "curse"}, {"player": 4, "cause": None}],
                                          [{"player": 4, "cause": None}, {"player": 3, "cause": "curse"}])
    round_trip(g)


def test_the_curse_ends_at_dusk_and_needs_a_divination_with_effects():
    g = new(["Werewolf", "Ushinotokimairi", "Diviner", "TinyFox", "Sorcerer", "Human", "Human", "Human", "Human"])
    night(g, "B curse F", "C divine G", "D divine F", "E divine F", "A attack H",
          draws=[("order", ["C", "D", "E"]), ("tiny fox divination", True)])
    assert "F" not in dead(g)  # 子狐 and 妖術師 have no *divined* hook
    vote(g, "AI BI CI DI EI FI GI IA")
    night(g, "C divine F", "D divine G", "E divine A", "A attack G",
          draws=[("order", ["C", "D", "E"]), ("tiny fox divination", True)])
    assert "F" not in dead(g)  # the curse ended at the dusk


def test_an_obstructed_divination_does_not_trigger_the_curse():
    g = new(["Werewolf", "Ushinotokimairi", "Diviner", "ObstructiveMad", "Human", "Human"])
    night(g, "B curse E", "D obstruct C", "C divine E", "A attack F", draws=[("order", ["B", "D"])])
    assert dead(g) == {"F": "attack"}


def test_ushinotokimairi_divined_on_a_night_it_cursed_dies_too():
    g = new(["Werewolf", "Ushinotokimairi", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "B curse D", "C divine B", "A attack E", draws=[("announcement", ["B", "E"])])
    assert dead(g) == {"B": "curse", "E": "attack"}
    g = new(["Werewolf", "Ushinotokimairi", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack E")  # it did not curse: it reads 村人 and lives
    assert dead(g) == {"E": "attack"} and told(g, "divined", "C") == [{"target": 1, "result": "human"}]


def test_a_wolf_diviners_divination_triggers_the_curse():
    g = new(["WolfDiviner", "Ushinotokimairi", "Human", "Human", "Human", "Human"])
    night(g, "B curse C", "A divine C", "A attack D", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"C": "curse", "D": "attack"}


@pytest.mark.parametrize(("text", "en", "ja"), [
    ("B rain", "B (Rainy Boy) has no action 'rain' tonight", "Bには今夜「雨を降らせる」の行動はありません"),
    ("C costume", "C's costume takes 1 different target(s)", "「かぼちゃにする」には異なる1人を選んでください"),
    ("D divine D", "D cannot divine D: allowed are A, B, C, E, F", "DはDに「占う」できません"),
    ("E curse A B", "E's curse takes 1 different target(s)", "「呪う」には異なる1人を選んでください"),
    ("A obstruct B", "A (Werewolf) has no action 'obstruct' tonight", "Aには今夜「占いを邪魔する」の行動はありません"),
])
def test_bad_divination_madmen_actions_are_refused_saying_what_is_allowed(text, en, ja):
    g = new(["Werewolf", "RainyBoy", "Pumpkin", "Sorcerer", "Ushinotokimairi", "Human"])
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as error:
        g.apply(action(g, text))
    assert en in str(error.value) and ja in error.value.ja
    assert snapshot(g) == before


def test_rain_is_refused_once_spent():
    g = new(["Werewolf", "RainyBoy", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD")
    night(g, "B rain", "A attack E")
    vote(g, "AF BF FA GF")
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B \\(Rainy Boy\\) has no action 'rain' tonight"):
        g.apply(action(g, "B rain"))
    assert snapshot(g) == before


def test_a_mind_reading_triggers_the_curse():
    g = new(["Werewolf", "Ushinotokimairi", "Satori", "Human", "Human", "Human"])
    night(g, "B curse D", "C divine D", "A attack E", draws=[("announcement", ["D", "E"])])
    assert dead(g) == {"D": "curse", "E": "attack"}


# ---------------------------------------------------------------------- bots (docs/classic-bots.md)


def bot_games(role: str, seeds: range, extra: dict[str, int] | None = None) -> tuple[Counter[str], list[list]]:
    """Heuristic bots play games where seat A holds ``role``: the verbs A used, and its claims by game."""
    import numpy as np

    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.agent import act, talk
    from jinrou.classic.game import Game
    from jinrou.classic.settings import Settings
    from jinrou.classic.simulate import seat_names

    cast = {role: 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Fox": 1, "Human": 6, **(extra or {})}
    roles = [r for r, count in cast.items() for _ in range(count)]
    used: Counter[str] = Counter()
    claims = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
        bots = [HeuristicAgent(cast) for _ in roles]
        while not game.is_over:
            if game.stage.value != "night":
                talk(game, bots, rng)
            act(game, bots, rng)
            if game.stage.value == "night":
                used.update(a.verb.value for a in game.night.actions if a.seat == 0)
            game.close(rng)
        assert game.outcome is not None
        claims.append([c for _, s, c in game.claims if s == 0])
    return used, claims


@pytest.mark.parametrize(("role", "verb"), [("ObstructiveMad", "obstruct"), ("Pumpkin", "costume"),
                                            ("Ushinotokimairi", "curse"), ("RainyBoy", "rain")])
def test_bot_games_with_the_role_finish_and_use_its_ability(role, verb):
    used, _ = bot_games(role, range(6))
    assert used[verb] >= (1 if verb == "rain" else 6), used
    assert set(used) == {verb}


@pytest.mark.parametrize("role", ["Sorcerer", "Satori"])
def test_bot_mind_readers_divine_and_come_out_as_seer_with_their_results(role):
    used, claims = bot_games(role, range(6))
    assert used["divine"] >= 6
    said = [c for game in claims for c in game]
    assert any(c.kind.value == "CO" and c.role == "Diviner" for c in said)
    assert any(c.kind.value == "DIVINED" for c in said)


# ---------------------------------------------------------------------- with group T (月狼, 月下美人)


def test_an_obstructed_divination_is_no_contact_for_cynthia_wolf_or_queen_of_night():
    # W.1.4: no *divined* hook — the 月狼's 月狂病 and the 月下美人's 魅了 need a divination with effects
    g = new(["CynthiaWolf", "Diviner", "ObstructiveMad", "Human", "Human", "Human", "Human"])
    night(g, "C obstruct B", "B divine A", "A attack D")
    assert not g.identity(1).has("MoonPhilia") and told(g, "moon aura") == []
    g = new(["Werewolf", "QueenOfNight", "Diviner", "ObstructiveMad", "Human", "Human", "Human"])
    night(g, "D obstruct C", "C divine B", "A attack E")
    assert not g.identity(2).has("Fascinated")
    g = new(["Werewolf", "QueenOfNight", "Satori", "Human", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack E")  # a mind reading is a divination with effects: a contact
    assert g.identity(2).has("Fascinated")
