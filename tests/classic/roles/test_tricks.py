"""Batch 3 (village part 2), group T: 奇術師 迷える子羊 赤ずきん 看板娘 家政婦 (``roles/village_tricks.py``, the block
headed "group T"; shared/spec/classic-roles-village-2.md V2.2, mechanics V2.1.1 tricked attacks, V2.1.3 the
night cover, V2.1.4 bitten to death, V2.1.10 revivals in a burial hook, V2.1.11 an extra execution).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import ROLES
from jinrou.classic.texts import render, role_rule
from jinrou.errors import IllegalActionError

from ..helpers import action, bot_game_replays, dead, legal_verbs, new, night, seat, snapshot, told, vote

TRICKS = ["Illusionist", "StraySheep", "RedHood", "DrawGirl", "HouseKeeper"]


def same_replay(g) -> None:  # type: ignore[no-untyped-def]
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def line(g, key: str) -> str:  # type: ignore[no-untyped-def]
    (message,) = [m for _, m in g.messages if m.key == key]
    return render(message, g.names)


def holds(g, letter: str, mark: str) -> bool:  # type: ignore[no-untyped-def]
    return any(layer.role.id == mark for layer in g.identity(seat(g, letter)).extras())


# ---------------------------------------------------------------------- 奇術師 (V2.1.1 tricked attacks)


def test_illusionist_turns_the_attack_on_a_wolf_past_its_immunity_once_from_night_two():
    g = new(["Werewolf", "Werewolf", "Illusionist", "Guard", "Human", "Human", "Human", "Human"])
    assert "misdirect" not in legal_verbs(g, "C")
    with pytest.raises(IllegalActionError, match="has no action 'misdirect' tonight"):
        g.apply(action(g, "C misdirect A"))
    night(g, "A attack E", "D guard F")
    vote(g, "AF BF CF DF FA GF HF")
    assert legal_verbs(g, "C")["misdirect"] == tuple("ABCDGH")  # a living seat, itself allowed
    g.apply(action(g, "C misdirect B"))
    assert line(g, "misdirect") == "Cは今晩の人狼の襲撃先をBにすり替えました。"
    assert "misdirect" not in legal_verbs(g, "C")  # spent at submission
    night(g, "A attack G", "D guard B")  # the guard on B stops no tricked attack
    assert dead(g)["B"] == "attack" and "G" not in dead(g)
    assert told(g, "guard success") == []
    vote(g, "AH CH DH GH HA")
    assert "misdirect" not in legal_verbs(g, "C")
    same_replay(g)


def test_a_tricked_attack_is_stopped_by_own_resistance_and_redirected_at_its_level():
    # V2.1.1: 妖狐's own resistance stops it; W.1.2's redirection at 105 applies to the new target
    g = new(["Werewolf", "Illusionist", "Fox", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    night(g, "A attack F", "B misdirect C")
    assert "C" not in dead(g) and "F" not in dead(g)
    g2 = new(["Werewolf", "DecoyWolf", "Illusionist", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g2, "A attack D")
    vote(g2, "AE BE CE EA FE GE HE IE")
    night(g2, "A attack F", "B decoy G", "C misdirect G")  # the trick names G; the decoy takes what lands on G
    assert dead(g2) == {"D": "attack", "E": "execution", "B": "attack"}


def test_a_tricked_attack_passes_a_trap():
    g = new(["Werewolf", "Illusionist", "Trapper", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AF BF CF EF FA GF HF")
    night(g, "A attack G", "B misdirect E", "C trap E")
    assert dead(g)["E"] == "attack" and "A" not in dead(g)  # the trap neither saves E nor kills its wolf


# ---------------------------------------------------------------------- 迷える子羊 (V2.1.1, V2.1.3)


def test_stray_sheep_is_exposed_on_odd_nights_of_its_life():
    g = new(["Werewolf", "StraySheep", "Guard", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert holds(g, "B", "Exposed")
    night(g, "A attack B", "C guard B")  # night 1: exposed, the guard stops nothing
    assert dead(g) == {"B": "attack"}
    g = new(["Werewolf", "StraySheep", "Guard", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C guard B")
    vote(g, "AE BE CE EA FE GE HE IE")
    assert not holds(g, "B", "Exposed")
    night(g, "A attack B", "C guard B")  # night 2: not exposed, guarded
    assert "B" not in dead(g) and told(g, "guard success") == []  # gjmessage is off by default
    vote(g, "AF BF CF FA GF HF IF")
    assert holds(g, "B", "Exposed")
    night(g, "A attack B", "C guard B")  # night 3: exposed again
    assert dead(g)["B"] == "attack"
    same_replay(g)


def test_a_destroy_craziests_exposure_shifts_the_sheeps_cycle():
    # V2.2 迷える子羊: carrying a 護衛無効 through a night, it places none at the next dusk (settled here,
    # as the reference's code)
    g = new(["Werewolf", "StraySheep", "DestroyCraziest", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "A attack F", "C expose B")  # night 2: exposed by the madman
    vote(g, "AG BG CG GA HG IG")
    assert not holds(g, "B", "Exposed")  # night 3: none
    night(g, "A attack H")
    vote(g, "AI BI CI IA")
    assert holds(g, "B", "Exposed")  # night 4


def test_holy_protection_never_protects_the_sheep_and_is_not_used_up():
    g = new(["Werewolf", "StraySheep", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C protect B")
    assert holds(g, "B", "HolyProtection")
    vote(g, "AB BA CB EB FB GB")
    assert dead(g)["B"] == "execution" and holds(g, "B", "HolyProtection")
    assert told(g, "holy protection used") == []


def test_stray_sheep_lure_takes_every_attack_past_guards_covers_the_others_and_prevails_over_the_illusionist():
    roles = ["Werewolf", "WolfCub", "StraySheep", "Illusionist", "Guard", "Witch", "Human", "Human", "Human",
             "Human", "Human"]
    g = new(roles)
    night(g, "A attack G", "E guard F")
    vote(g, "AH BH CH DH EH FH HA IH JH KH")
    assert dead(g) == {"G": "attack", "H": "execution"}
    assert "lure" in legal_verbs(g, "C")
    g.apply(action(g, "C lure"))
    assert line(g, "lure") == "Cは身代わりになろうとしています。"
    assert "lure" not in legal_verbs(g, "C")
    night(g, "A attack I", "D misdirect J", "E guard C", "F poison K")
    assert dead(g)["C"] == "attack"  # bitten: the sheep's 79 prevails over the 奇術師's 78
    assert "I" not in dead(g) and "J" not in dead(g)
    assert "K" not in dead(g)  # the night cover stops the witch's poison
    assert not any(holds(g, x, "NightCover") for x in "ABDEFIJK")  # until dawn
    same_replay(g)


def test_a_lured_sheep_alive_at_dawn_dies_then():
    # the 病人's death leaves the wolves no attack on night 2: the lured sheep lives to the dawn hook
    g = new(["Werewolf", "StraySheep", "Diseased", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD ID")
    night(g, "B lure")
    assert dead(g)["B"] == "attack"  # at the dawn hook, unguardable
    assert told(g, "housekeeper saw") == []


# ---------------------------------------------------------------------- 赤ずきん (V2.1.4, V2.1.10)


def test_red_hood_bitten_revives_when_its_wolf_is_executed():
    g = new(["Werewolf", "Werewolf", "RedHood", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B attack C")
    assert dead(g) == {"C": "attack"} and g.identity(2).closes_heaven == "while able"
    assert ROLES["RedHood"].still_reviving(g.ctx, g.identity(2).layers[0])  # dead, waiting for its wolf
    vote(g, "AD BD DA ED FD GD HD ID")
    assert "C" in dead(g)
    night(g, "A attack E")
    vote(g, "AB BA FB GB HB IB")
    assert "C" not in dead(g) and "B" in dead(g)
    (revived,) = told(g, "revived", None)
    assert revived == {"player": 2}
    assert line(g, "revived") == "Cは蘇生しました。"
    same_replay(g)


def test_red_hood_revives_in_the_very_burial_that_announces_its_death():
    # V2.2 赤ずきん: its wolf assassinated at 100 still bites at 105; the dawn burial announces both deaths,
    # then the revival (the reference collects the dead before its burial hooks run)
    g = new(["Werewolf", "Werewolf", "RedHood", "Assassin", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FA GF HF IF")
    night(g, "B attack C", "D assassinate B", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"E": "attack", "F": "execution", "B": "assassinate"}
    public = [render(m, g.names) for _, m in g.messages if m.to is None][-3:]
    assert public == ["Bは無残な姿で発見されました", "Cは無残な姿で発見されました", "Cは蘇生しました。"]
    same_replay(g)


def test_red_hood_dying_otherwise_forgets_its_wolf():
    g = new(["Werewolf", "Werewolf", "RedHood", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AC BC CA EC FC GC HC IC")
    assert dead(g)["C"] == "execution"
    assert g.identity(2).closes_heaven == "while able" and not ROLES["RedHood"].still_reviving(
        g.ctx, g.identity(2).layers[0])
    night(g, "A attack E")
    vote(g, "AB BA FB GB HB IB")
    assert "C" in dead(g) and "B" in dead(g)


# ---------------------------------------------------------------------- 看板娘 (V2.1.4, V2.1.11)


def test_draw_girl_bitten_makes_the_next_day_execute_two():
    g = new(["Werewolf", "Werewolf", "DrawGirl", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert line(g, "draw girl") == "Cは看板娘でした。今日は2人処刑されます。"
    assert told(g, "draw girl", None) == [{"count": 2, "player": 2}]
    vote(g, "AD BD DA ED FD GD HD ID")
    assert dead(g)["D"] == "execution"
    vote(g, "AE BE EA FE GE HE IE")
    assert dead(g)["E"] == "execution"  # the second execution of day 2
    same_replay(g)


def test_draw_girl_executed_or_dying_otherwise_adds_nothing():
    g = new(["Werewolf", "Werewolf", "DrawGirl", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AC BC CA EC FC GC HC IC")
    night(g, "A attack E")
    assert told(g, "draw girl") == []


# ---------------------------------------------------------------------- 家政婦 (V2.1.4)


def test_housekeeper_sees_the_wolf_that_bites_the_seat_it_visits():
    g = new(["Werewolf", "Werewolf", "HouseKeeper", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert "visit" not in legal_verbs(g, "C")
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    assert "C" not in legal_verbs(g, "C")["visit"]
    g.apply(action(g, "C visit F"))
    assert line(g, "visit") == "CはFの家に訪れました。"
    night(g, "B attack F")
    assert told(g, "housekeeper saw", "C") == [{"player": 2, "wolf": 1, "target": 5}]
    assert line(g, "housekeeper saw") == "CはBがFを襲うのを目撃しました。"
    same_replay(g)


def test_housekeeper_at_a_wolfs_house_dies_and_a_quiet_night_tells_nothing():
    g = new(["Werewolf", "HouseKeeper", "Madman", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "A attack F", "B visit C")
    assert "B" not in dead(g) and told(g, "housekeeper saw") == []  # a madman's house is safe; C not attacked
    vote(g, "AG BG CG GA HG IG")
    night(g, "A attack H", "B visit A", draws=[("announcement", ["B", "H"])])
    assert dead(g)["B"] == "attack"


def test_housekeeper_sees_the_wolf_behind_a_slave_killed_for_its_noble():
    g = new(["Werewolf", "HouseKeeper", "Noble", "Slave", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FA GF HF IF")
    night(g, "A attack C", "B visit D")
    assert dead(g)["D"] == "attack" and "C" not in dead(g)
    assert told(g, "housekeeper saw", "B") == [{"player": 1, "wolf": 0, "target": 3}]


def test_housekeeper_sees_the_wolf_behind_a_fugitive_caught_at_its_host():
    g = new(["Werewolf", "HouseKeeper", "Fugitive", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C hide E")
    vote(g, "AF BF CF EF FA GF HF IF")
    night(g, "A attack E", "B visit C", "C hide E", draws=[("order", ["B", "C"]), ("announcement", ["C", "E"])])
    assert dead(g)["C"] == "attack" and dead(g)["E"] == "attack"
    assert told(g, "housekeeper saw", "B") == [{"player": 1, "wolf": 0, "target": 2}]


def test_housekeeper_and_draw_girl_read_a_tricked_attack_as_a_bite():
    g = new(["Werewolf", "HouseKeeper", "DrawGirl", "Illusionist", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FA GF HF IF")
    night(g, "A attack G", "B visit C", "D misdirect C")
    assert dead(g)["C"] == "attack" and "G" not in dead(g)
    assert told(g, "housekeeper saw", "B") == [{"player": 1, "wolf": 0, "target": 2}]
    assert told(g, "draw girl", None) == [{"count": 2, "player": 2}]


def test_a_tricked_attack_kills_a_vampire():
    g = new(["Werewolf", "Illusionist", "Vampire", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AF BF CF EF FA GF HF IF")
    night(g, "A attack G", "B misdirect C", "C bite H", draws=[("announcement", ["C", "H"])])
    assert dead(g)["C"] == "attack"


# ---------------------------------------------------------------------- refusals, cards, bots


def test_refused_tricks_say_why_and_change_nothing():
    g = new(["Werewolf", "Illusionist", "StraySheep", "HouseKeeper", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    vote(g, "AF BF CF DF FA GF HF")
    for text, message in (("D visit D", "D cannot visit D: allowed are A, B, C, G, H"),
                          ("D visit E", "D cannot visit E: allowed are A, B, C, G, H"),
                          ("B misdirect F", "B cannot misdirect F: allowed are A, B, C, D, G, H")):
        before = snapshot(g)
        with pytest.raises(IllegalActionError, match=message):
            g.apply(action(g, text))
        assert snapshot(g) == before
    g.apply(action(g, "C lure"))
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="has no action 'lure' tonight"):
        g.apply(action(g, "C lure"))
    assert snapshot(g) == before


def test_the_cards_name_each_role_for_players():
    for role in TRICKS:
        assert role_rule(role, "ja").startswith(ROLES[role].name_ja)
        assert role_rule(role, "en").startswith(ROLES[role].name_en + ":")


@st.composite
def trick_setups(draw):
    """8–13 seats: 1–2 wolves, 2–6 of this group's roles, a 占い師 and a 狩人 sometimes, the rest 村人."""
    tricks = draw(st.lists(st.sampled_from(TRICKS), min_size=2, max_size=6))
    wolves = ["Werewolf", *draw(st.lists(st.sampled_from(["Werewolf", "WolfCub", "Madman"]), max_size=1))]
    extra = draw(st.lists(st.sampled_from(["Diviner", "Guard", "Witch", "Fox"]), max_size=2))
    cast = draw(st.permutations([*wolves, *tricks, *extra, "Human", "Human"]))
    room = {"scapegoat": draw(st.sampled_from(["on", "off"])), "gjmessage": draw(st.sampled_from(["on", "off"]))}
    return cast, room, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trick_setups(), st.sampled_from(["heuristic", "random"]))
def test_bot_games_with_the_tricks_end_and_replay_from_their_records(setup, kind):
    bot_game_replays(setup, kind)
