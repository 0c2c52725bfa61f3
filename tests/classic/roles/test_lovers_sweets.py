"""Team Friend's third parties (``roles/lovers_sweets.py``, classic-roles-third T.5): 悪女 (false lovers,
手玉), 狂愛者 (狂愛), 雪女 (雪の加護), パティシエール and her chocolates (hidden lovers, T.1.7; overlays, T.1.10;
the ``divineresult`` notice, T.1.11).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.catalog import Team
from jinrou.classic.draws import Draw, Draws
from jinrou.classic.game import Game
from jinrou.classic.model import Fortune, PsychicResult
from jinrou.classic.views import SeatView
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    alive,
    close,
    dead,
    knows,
    legal_verbs,
    new,
    night,
    result,
    seat,
    snapshot,
    told,
    vote,
    winners,
)


def view(g, letter):
    return SeatView.of(g, seat(g, letter))


# ---------------------------------------------------------------------------------------------------- 悪女


def test_bad_lady_pairs_with_her_true_love_and_shows_her_plaything_as_a_false_lover():
    g = new(["Werewolf", "BadLady", "Human", "Diviner", "Human", "Human"])
    assert legal_verbs(g, "B") == {"pair": ("A", "C", "D", "E", "F")} and 1 in g.awaited()
    g.apply(action(g, "B pair C D"))
    assert told(g, "bad lady honmei", "B") == [{"player": 1, "target": 2}]
    assert told(g, "bad lady tedama", "B") == [{"player": 1, "target": 3}]
    assert told(g, "courted", "C") == [{"player": 2}] and told(g, "courted", "D") == [{"player": 3}]
    # both are shown alike: 恋人, team 恋人陣営, the 悪女 as partner
    for letter in "CD":
        v = view(g, letter)
        assert v.subs == ("Lovers",) and v.team is Team.FRIEND and v.known == {1: "Lovers"}
    # but only the 本命 is one for the rules
    assert g.identity(2).lover and g.identity(2).team() is Team.FRIEND
    assert not g.identity(3).lover and g.identity(3).team() is Team.HUMAN and g.identity(3).role.id == "Diviner"


def test_the_plaything_never_follows_her_and_wins_with_its_own_team():
    g = new(["Werewolf", "BadLady", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B pair C D", "A attack B", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "attack", "C": "suicide"} and "D" in alive(g)
    vote(g, "DA EA FA GA AD")
    assert result(g) == "Human" and winners(g) == "DEFG"
    assert view(g, "D").subs == ("Plaything",) and view(g, "E").subs_of[3] == ("Plaything",)  # the end lists 手玉


def test_one_seat_may_be_both_true_love_and_plaything_then_simply_her_lover():
    g = new(["Werewolf", "BadLady", "Human", "Human", "Human"])
    g.apply(action(g, "B pair C C"))
    assert g.identity(2).lover and not g.has_sub(2, "Plaything") and told(g, "courted", "C") == [{"player": 2}] * 2
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human"])
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="2 different"):
        g.apply(action(g, "B pair C C"))  # キューピッド's pair still takes two different seats
    assert snapshot(g) == before


def test_bad_lady_that_pairs_nobody_dies_suddenly():
    g = new(["Werewolf", "BadLady", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


# ---------------------------------------------------------------------------------------------------- 狂愛者


def test_lunatic_lover_avenges_its_executed_love_on_a_voter_then_follows_it():
    g = new(["Werewolf", "LunaticLover", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"obsess": ("A", "C", "D", "E", "F", "G")}
    g.apply(action(g, "B obsess C"))
    assert told(g, "obsesses", "B") == [{"player": 1, "target": 2}] and g.has_sub(2, "Obsessed")
    assert view(g, "C").subs == () and not g.identity(1).lover  # hidden; never a 恋人
    night(g, "A attack G")
    vote(g, "AC DC EC FC CA BA", draws=[("lunatic revenge", "D"), ("announcement", ["C", "D", "B"])])  # A votes too: a wolf among the killers
    assert dead(g) == {"G": "attack", "C": "execution", "D": "lunatic", "B": "suicide"}
    assert told(g, "lunatic revenge") == []


def test_lunatic_revenge_draws_among_the_living_killers_and_a_wolf_attack_names_the_wolf():
    g = new(["Werewolf", "LunaticLover", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B obsess C", "A attack C", draws=[("lunatic revenge", "A"), ("announcement", ["A", "B", "C"])])
    assert dead(g) == {"C": "attack", "A": "lunatic", "B": "suicide"}
    assert result(g) == "Human"


def test_lunatic_lover_wins_iff_its_love_lives_and_the_love_wins_also_if_alive():
    g = new(["Werewolf", "LunaticLover", "Werewolf", "Human", "Human", "Human", "Human"])
    night(g, "B obsess D", "A attack E")
    vote(g, "AF BF CF DF FA GA")  # F executed: A, B, C, D, G live — 3 humans, 2 wolves
    night(g, "A attack G")  # 2 humans (B, D) ≤ 2 wolves
    assert result(g) == "Werewolf" and winners(g) == "ABCD"  # B: its love lives; D (村人): alive and 狂愛


# ---------------------------------------------------------------------------------------------------- 雪女


def test_snow_lover_courts_a_seat_whose_first_wolf_attack_fails():
    g = new(["Werewolf", "SnowLover", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "B pair C"))
    assert told(g, "snow courts", "B") == [{"player": 1, "target": 2}] and told(g, "courted", "C") == [{"player": 2}]
    assert g.identity(2).lover and g.identity(1).lover and view(g, "C").known == {1: "Lovers"}
    assert view(g, "C").subs == ("Lovers",)  # the blessing is hidden
    night(g, "A attack C")
    assert dead(g) == {} and not g.has_sub(2, "SnowBlessing")  # used up
    vote(g, "AD BD CD DA ED FA")
    night(g, "A attack C", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"D": "execution", "C": "attack", "B": "suicide"}


def test_snow_blessing_comes_after_a_guard():
    g = new(["Werewolf", "SnowLover", "Guard", "Human", "Human", "Human"], {"scapegoat": "off"})
    night(g, "B pair D", "C guard D", "A attack D")
    assert dead(g) == {} and g.has_sub(3, "SnowBlessing")  # the guard stopped it first


# ---------------------------------------------------------------------------------------------------- パティシエール


def patissiere_game(settings=None):
    g = new(["Werewolf", "Patissiere", "Diviner", "Human", "Human", "Human", "Human"], settings)
    night(g, "B pair C", "A attack D", "C divine A")
    return g


@pytest.mark.parametrize("role", ["Patissiere", "WolfBoy", "ObstructiveMad", "Pumpkin", "Hypnotist", "DecoyWolf",
                                  "Shadow"])
def test_each_role_the_spec_names_for_t_1_11_delays_immediate_divination_with_the_public_notice(role):
    """T.1.11 (the reference's DIVINER_NOIMMEDIATE_JOBS): cast, ``divineresult=immediate`` becomes ``sunrise``,
    told to everybody; each such card says so in both languages."""
    from jinrou.classic.texts import role_rule

    start = [("shadow wolf", "A")] if role == "Shadow" else []  # its casting-time draw
    g = new(["Werewolf", role, "Diviner", "Human", "Human", "Human", "Human"], {"divineresult": "immediate"}, start)
    assert g.settings["divineresult"] == "sunrise" and told(g, "divination delayed", None) == [{}]
    assert next(m for _, m in g.messages if m.key == "divination delayed").to is None  # public
    assert role_rule(role, "ja").endswith("占い結果は「すぐ分かる」設定でも翌朝分かります。")
    assert role_rule(role, "en").endswith("divination results come at dawn, even where they would come at once.")
    plain = new(["Werewolf", role, "Diviner", "Human", "Human", "Human", "Human"], {"divineresult": "sunrise"}, start)
    assert told(plain, "divination delayed", None) == []


def test_patissiere_forces_divination_results_at_dawn():
    g = new(["Werewolf", "Patissiere", "Human", "Human", "Human"], {"divineresult": "immediate"})
    assert g.settings["divineresult"] == "sunrise" and told(g, "divination delayed", None) == [{}]
    g = new(["Werewolf", "Cupid", "Human", "Human", "Human"], {"divineresult": "immediate"})
    assert g.settings["divineresult"] == "immediate" and told(g, "divination delayed", None) == []


def test_patissiere_sends_every_other_seat_a_chocolate_and_her_true_love_is_a_hidden_lover():
    g = patissiere_game()
    assert told(g, "patissiere chose", "B") == [{"player": 1, "target": 2}]
    assert [m["player"] for m in told(g, "chocolate delivered")] == [0, 2, 3, 4, 5, 6]  # D died at 100, after 45
    assert told(g, "patissiere paired", "B") == [{"player": 1, "target": 2}]
    c = view(g, "C")  # the hidden lover sees its plain role and team, a chocolate, no partner
    assert c.role == "Diviner" and c.team is Team.HUMAN and c.subs == ("Chocolate",) and c.known == {}
    assert g.identity(2).lover and g.identity(2).team() is Team.FRIEND  # a 恋人 for every rule
    assert knows(g, "B") == {"C": "Lovers"}


def test_the_hidden_lover_follows_its_partner_before_eating():
    g = patissiere_game()
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack B", "C divine F", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"D": "attack", "E": "execution", "B": "attack", "C": "suicide"}


def test_eating_a_true_love_chocolate_makes_an_ordinary_lover():
    g = patissiere_game()
    assert "eat" not in legal_verbs(g, "C")  # from the night after it came
    vote(g, "AE BE CE EA FE GE")
    assert legal_verbs(g, "C") == {"divine": ("A", "B", "F", "G"), "eat": ()}
    g.apply(action(g, "C eat"))
    assert told(g, "chocolate honmei", "C") == [{"player": 2, "target": 1}]
    c = view(g, "C")
    assert c.team is Team.FRIEND and c.subs == ("Chocolate", "Lovers") and c.known == {1: "Lovers"}
    assert "eat" not in legal_verbs(g, "C")


@pytest.mark.parametrize(("flavour", "check"), [
    ("cursed", lambda g: g.identity(5).silenced),
    ("black", lambda g: (g.identity(5).fortune(), g.identity(5).psychic()) == (Fortune.WEREWOLF, PsychicResult.WEREWOLF)),
    ("white", lambda g: (g.identity(5).fortune(), g.identity(5).psychic()) == (Fortune.HUMAN, PsychicResult.HUMAN)),
    ("poison", lambda g: dead(g).get("F") == "poison"),
    ("stalker", lambda g: g.identity(5).role.id == "Stalker" and g.identity(5).main.memory.target == 1),
    ("vampire", lambda g: g.identity(5).fortune() is Fortune.VAMPIRE),
    ("priest", lambda g: g.has_sub(5, "Priest")),
    ("none", lambda g: g.identity(5).fortune() is Fortune.HUMAN and "F" in alive(g)),
])
def test_a_courtesy_chocolate_draws_its_flavour_at_level_90(flavour, check):
    g = patissiere_game()
    vote(g, "AE BE CE EA FE GE")
    g.apply(action(g, "F eat"))
    assert told(g, "chocolate giri", "F") == [{"player": 5}]
    night(g, "C divine A", "A attack G",
          draws=[("chocolate", flavour)] + ([("announcement", ["F", "G"])] if flavour == "poison" else []))
    if flavour != "none":
        assert len(told(g, f"chocolate {flavour}", "F")) == 1
    if flavour == "stalker":
        assert told(g, "chocolate stalker", "F") == [{"player": 5, "target": 1}]
    assert check(g)


@pytest.mark.parametrize("lover", ["BadLady", "LunaticLover", "SnowLover", "Patissiere"])
def test_scapegoat_makes_no_pairing_as_one_of_these_and_never_dies_for_it(lover):
    g = Game.new("ABCDE", [lover, "Werewolf", "Human", "Human", "Human"], {"scapegoat": "on"},
                 Draws(None, [Draw("scapegoat attacker", "B")]))
    assert g.awaited() == []  # nobody else must act: the wolf's attack on 身代わりくん is fixed
    close(g)
    assert dead(g) == {"A": "attack"} and not any(g.identity(s).lover for s in g.seats())


def test_a_hidden_lover_that_never_ate_wins_with_the_lovers():
    g = new(["Werewolf", "Patissiere", "Human", "Human", "Human"])
    night(g, "B pair C", "A attack D")
    assert view(g, "C").team is Team.HUMAN  # it believes it is a villager
    vote(g, "BA CA EA AE")
    assert result(g) == "Friend" and winners(g) == "BC"  # §7 7(c): living lovers take the village's result
    assert view(g, "C").subs == ("Chocolate", "Sweetheart") and view(g, "C").team is Team.FRIEND  # the end says it


def test_a_dead_obsessed_seat_still_wins_by_its_own_rule_and_the_lunatic_then_loses():
    g = new(["Werewolf", "LunaticLover", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B obsess C", "A attack H")
    vote(g, "AC DC EC FC GC CA BA", draws=[("lunatic revenge", "E"), ("announcement", ["C", "E", "B"])])
    assert dead(g) == {"H": "attack", "C": "execution", "E": "lunatic", "B": "suicide"}
    night(g, "A attack D")
    vote(g, "AF FA GA")
    assert result(g) == "Human" and winners(g) == "CDEFGH"  # C, dead: the rule under its 狂愛 (the village's)


def test_the_eyes_wolf_reads_the_snow_in_a_failed_attack():
    g = new(["EyesWolf", "SnowLover", "Human", "Human", "Human", "Human"])
    night(g, "B pair C", "A attack C")
    assert dead(g) == {} and told(g, "eyes snow", "A") == [{"target": 2}]


def test_a_holy_protection_is_used_before_the_snow_blessing():
    g = new(["Werewolf", "SnowLover", "Priest", "Human", "Human", "Human"])
    night(g, "B pair D", "C protect D", "A attack D")
    assert dead(g) == {} and g.has_sub(3, "SnowBlessing") and not g.has_sub(3, "HolyProtection")
