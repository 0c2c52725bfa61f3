"""Team Fox of wave 3 (``roles/foxes_kinds.py``, classic-roles-third T.2): 悪戯妖精 and 絆, 夜兎, 歪狐, 仙狐,
女狐, 冒涜者 and 狐憑き; the *fox* flag and the fox list (T.1.3).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.catalog import Team
from jinrou.classic.model import Count
from jinrou.classic.role import Chat
from jinrou.errors import IllegalActionError

from ..helpers import (
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
    seat,
    snapshot,
    told,
    vote,
    winners,
)

FOXES = ["Fox", "Trickster", "NightRabbit", "VariationFox", "XianFox"]

# ---------------------------------------------------------------------------------------------- the fox list, *fox*


def test_the_fox_list_holds_the_listed_kinds_and_not_the_actress_nor_the_tiny_fox():
    g = new(["Werewolf", *FOXES, "Actress", "TinyFox", "Immoral", "Blasphemy", "Human"])
    listed = {"B", "C", "D", "E", "F"}
    for letter in listed:
        assert set(knows(g, letter)) == listed - {letter} and chats(g, letter) == {Chat.FOX}
        assert g.identity(seat(g, letter)).counts() is Count.NONE and g.identity(seat(g, letter)).steals_victory
    assert set(knows(g, "H")) == listed and set(knows(g, "I")) == listed  # 子狐, 背徳者
    assert knows(g, "G") == {} and chats(g, "G") == set()  # 女狐: told none, no chat
    assert knows(g, "J") == {} and chats(g, "J") == set()  # 冒涜者 knows nobody
    assert g.identity(seat(g, "G")).steals_victory  # but 女狐 is a *fox*
    assert not g.identity(seat(g, "J")).steals_victory and g.identity(seat(g, "J")).counts() is Count.HUMAN


def test_the_night_rabbit_reads_the_wolf_chat_without_writing_it():
    g = new(["Werewolf", "NightRabbit", "Human", "Human", "Human"])
    identity = g.identity(seat(g, "B"))
    assert identity.listens == frozenset({Chat.WOLF}) and Chat.WOLF not in identity.chats(g.ctx)


@pytest.mark.parametrize("kind", [*FOXES, "Actress"])
def test_each_fox_kind_resists_the_wolves_dies_when_divined_and_takes_the_result(kind):
    g = new(["Werewolf", kind, "Diviner", "Human", "Human", "Human", "Human"])
    opened = {"Trickster": ["B pair F G"]}.get(kind, [])
    night(g, *opened, "A attack B", "C divine D")
    assert dead(g) == {}
    vote(g, "AD BD CD DA ED FD GD")
    night(g, "A attack E", "C divine B", draws=[("announcement", ["B", "E"])])
    assert dead(g) == {"D": "execution", "B": "curse", "E": "attack"}


def test_a_living_fox_kind_takes_a_werewolf_win_and_the_actress_wins_with_the_wolves_too():
    g = new(["Werewolf", "NightRabbit", "Actress", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE")
    assert result(g) == "Fox" and winners(g) == "BC"
    g = new(["Werewolf", "Actress", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB")
    night(g, "A attack D")
    assert result(g) == "Werewolf" and winners(g) == "AB"  # 女狐, dead, wins with the wolves


# ---------------------------------------------------------------------------------------------- 悪戯妖精, 絆


def test_trickster_binds_two_seats_at_level_45_and_each_is_told():
    g = new(["Werewolf", "Trickster", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"pair": ("A", "B", "C", "D", "E", "F")} and g.awaited() == [0, 1]
    g.apply(action(g, "B pair C D"))
    assert told(g, "bind first", "B") == [{"player": 1, "target": 2}]
    assert told(g, "bind second", "B") == [{"player": 1, "target": 3}]
    assert not g.has_sub(2, "Bond")  # at level 45, not at once
    g.apply(action(g, "A attack E"))
    close(g)
    assert g.has_sub(2, "Bond") and g.has_sub(3, "Bond")
    assert knows(g, "C") == {"D": "Bond"} and knows(g, "D") == {"C": "Bond"}
    assert told(g, "bound", "B") == [{"player": 1, "target": 2}, {"player": 1, "target": 3}]
    assert told(g, "bond", "C") == [{"player": 2}] and told(g, "bond", "D") == [{"player": 3}]
    assert "pair" not in legal_verbs(g, "B")  # its first night only
    vote(g, "AC BC CA DC FC", draws=[("announcement", ["C", "D"])])
    assert dead(g) == {"E": "attack", "C": "execution", "D": "bonds"}  # dragged along at the same burial
    assert told(g, "died", None)[-1] == {"player": 3, "cause": "bonds"}


def test_a_bond_holds_only_while_the_partner_is_still_bound_and_the_trickster_may_bind_itself():
    g = new(["Werewolf", "Trickster", "Human", "Human", "Human", "Human"])
    night(g, "B pair B C", "A attack D")
    assert g.has_sub(1, "Bond") and g.has_sub(2, "Bond")
    layer = g.identity(2).layer("Bond")
    g.remove(layer)  # C no longer bound
    vote(g, "AC BC CA EC FC")
    assert dead(g) == {"D": "attack", "C": "execution"} and "B" in alive(g)


def test_trickster_must_bind_never_the_scapegoat_and_a_scapegoat_trickster_binds_two_others():
    g = new(["Human", "Werewolf", "Trickster", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    assert legal_verbs(g, "C")["pair"] == ("B", "C", "D", "E", "F")
    with pytest.raises(IllegalActionError):
        g.apply(action(g, "C pair A D"))
    g = new(["Trickster", "Werewolf", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g, draws=[("scapegoat pair", "C"), ("scapegoat pair", "E")])
    assert g.has_sub(2, "Bond") and g.has_sub(4, "Bond") and not g.has_sub(0, "Bond")


def test_trickster_left_idle_dies_suddenly():
    g = new(["Werewolf", "Trickster", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "A attack C"))
    close(g, draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


# ---------------------------------------------------------------------------------------------- 歪狐


def test_variation_fox_mutated_dies_to_the_wolves_until_the_next_dusk():
    g = new(["Werewolf", "VariationFox", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"mutate": ()} and g.awaited() == [0]  # optional
    g.apply(action(g, "B mutate"))
    assert told(g, "mutates", "B") == [{"player": 1}]
    g.apply(action(g, "A attack B"))
    close(g)
    assert dead(g) == {"B": "attack"}


def test_variation_fox_mutation_ends_at_dusk_and_lifts_the_curse():
    g = new(["Werewolf", "VariationFox", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B mutate", "C divine B", "A attack D")
    assert dead(g) == {"D": "attack"}  # divined while mutated: no curse
    assert g.has_sub(1, "Mutation")
    vote(g, "AE BE CE EA FE GE HE")
    assert not g.has_sub(1, "Mutation")  # ended at dusk
    night(g, "A attack B", "C divine F")
    assert "B" in alive(g)  # resists again
    vote(g, "AF BF CF FA GF HF")
    night(g, "A attack C", "C divine B", draws=[("announcement", ["B", "C"])])
    assert dead(g)["B"] == "curse"


# ---------------------------------------------------------------------------------------------- 仙狐


def test_xian_fox_scries_a_role_made_public_at_dawn_without_the_seat():
    g = new(["Werewolf", "XianFox", "Diviner", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"scry": ("A", "C", "D", "E", "F")} and g.awaited() == [0, 2]
    night(g, "B scry C", "C divine D", "A attack E")
    assert told(g, "scries", "B") == [{"player": 1, "target": 2}]
    assert told(g, "scried", None) == [{"role": "Diviner"}]
    vote(g, "AF BF CF DF FA")
    night(g, "B scry D", "C divine A", "A attack C")  # a 村人: nothing
    assert told(g, "scried", None) == [{"role": "Diviner"}]


def test_xian_fox_dead_at_dawn_says_nothing():
    g = new(["Werewolf", "XianFox", "Diviner", "Human", "Human", "Human"])
    night(g, "B scry A", "C divine B", "A attack E", draws=[("announcement", ["B", "E"])])
    assert dead(g) == {"B": "curse", "E": "attack"} and told(g, "scried", None) == []


# ---------------------------------------------------------------------------------------------- 女狐


def test_actress_leaves_the_stage_publicly_when_it_dies():
    g = new(["Werewolf", "Actress", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AB BA DB EB FB")
    assert dead(g)["B"] == "execution"
    assert told(g, "actress exits", None) == [{"player": 1}]


# ---------------------------------------------------------------------------------------------- 冒涜者, 狐憑き


def test_blasphemy_possesses_its_target_with_a_fox():
    g = new(["Werewolf", "Blasphemy", "Human", "Diviner", "Human", "Human"])
    assert legal_verbs(g, "B") == {"blaspheme": ("A", "C", "D", "E", "F")} and g.awaited() == [0, 1, 3]
    night(g, "B blaspheme C", "A attack C", "D divine E")
    assert told(g, "blasphemes", "B") == [{"player": 1, "target": 2}]
    assert alive(g) == "ABCDEF"  # 狐憑き at 90 resists the attack at 105
    c = g.identity(2)
    assert c.has("FoxPossession") and c.counts() is Count.NONE and c.steals_victory and c.team() is Team.HUMAN
    assert "FoxPossession" not in c.told_layers() and knows(g, "C") == {} and chats(g, "C") == set()
    assert "blaspheme" not in legal_verbs(g, "B")  # succeeded
    vote(g, "AE BE CE DE EA FE")
    night(g, "A attack F", "D divine C", draws=[("announcement", ["C", "F", "B"])])
    assert dead(g) == {"E": "execution", "C": "curse", "F": "attack", "B": "suicide"}  # no fox lives


def test_fox_possession_makes_a_wolf_a_fox_that_counts_none_and_takes_the_result():
    g = new(["Werewolf", "Werewolf", "Blasphemy", "Human", "Human", "Fox"])
    night(g, "C blaspheme A", "A attack D")
    a = g.identity(0)
    assert a.counts() is Count.NONE and a.wolf_role() and set(knows(g, "F")) == {"A"}
    vote(g, "AF BF CF EF FE")  # the 妖狐 executed; the possessed wolf is the fox now
    night(g, "B attack E")
    assert result(g) == "Fox" and winners(g) == "CF"  # 冒涜者 and the dead 妖狐 win; the 狐憑き's team is Werewolf


def test_blasphemy_turns_back_on_itself_from_a_fugitive_and_retries_after_a_dead_target():
    g = new(["Werewolf", "Blasphemy", "Fugitive", "Human", "Human", "Human"])
    night(g, "B blaspheme C", "C hide D", "A attack E")
    assert g.has_sub(1, "FoxPossession") and not g.has_sub(2, "FoxPossession")
    g = new(["Werewolf", "Blasphemy", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "B blaspheme C"))
    g.apply(action(g, "A attack D"))
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(action(g, "B blaspheme B"))  # another seat (settled here)
    assert snapshot(g) == before
    close(g)
    assert g.has_sub(2, "FoxPossession")


def test_blasphemy_on_a_seat_dead_by_then_fails_and_is_required_again():
    g = new(["Werewolf", "Blasphemy", "Trickster", "Human", "Human", "Human", "Human"])
    night(g, "B blaspheme C", "A attack D", draws=[("announcement", ["C", "D"])])  # C dies suddenly first
    assert dead(g) == {"C": "sudden", "D": "attack"} and not g.has_sub(2, "FoxPossession")
    vote(g, "AE BE EA FE GE")
    assert legal_verbs(g, "B") == {"blaspheme": ("A", "F", "G")} and 1 in g.awaited()
    night(g, "B blaspheme F", "A attack G")
    assert g.has_sub(5, "FoxPossession") and "blaspheme" not in legal_verbs(g, "B")


# ---------------------------------------------------------------------------------------------- payload audit


def test_private_facts_of_the_fox_kinds_reach_only_their_seats():
    from jinrou.classic.views import SeatView

    g = new(["Werewolf", "Blasphemy", "Trickster", "Human", "Human", "Human", "Fox"])
    night(g, "B blaspheme D", "C pair E F", "A attack D")
    views = {letter: SeatView.of(g, seat(g, letter)) for letter in "ABCDEFG"}
    spectator = SeatView.of(g, None)
    assert "FoxPossession" not in views["D"].subs and views["D"].known == {}  # 狐憑き: its holder is not told
    assert views["G"].known == {2: "Fox", 3: "Fox"}  # the 妖狐 knows the 悪戯妖精 and the possessed seat
    assert views["E"].subs == ("Bond",) and views["F"].known == {4: "Bond"}  # 絆: the pair, and only them
    for letter, view in views.items():
        keys = {m.key for _, m in view.messages}
        assert ("blasphemes" in keys) is (letter == "B")
        assert ("bind first" in keys) is (letter == "C")
        assert ("bond" in keys) is (letter in "EF")
        if letter not in "EF":
            assert 4 not in view.known and 5 not in view.known
    assert not {m.key for _, m in spectator.messages} & {"blasphemes", "bind first", "bond", "bound"}
    assert spectator.known == {} and not spectator.subs


def test_the_immoral_lives_on_while_a_fox_possessed_seat_lives():
    g = new(["Werewolf", "Blasphemy", "Fox", "Immoral", "Human", "Human", "Human", "Human"])
    night(g, "B blaspheme E", "A attack F")
    vote(g, "AC BC CA DC EC GC HC")  # the 妖狐 executed; the 狐憑き lives: no 後追い
    assert dead(g) == {"F": "attack", "C": "execution"}
    assert g.identity(3).knows(g.ctx) is not None and set(knows(g, "D")) == {"C", "E"}
