"""役職変化系 of team Others (``roles/switchers.py``, classic-roles-third T.4): ストーカー, コピー,
ドッペルゲンガー, 盗人 (with T.1.9's candidates drawn before dealing), 二重人格.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic.casting import deal, exchange, start_draws
from jinrou.classic.catalog import Team
from jinrou.classic.draws import Draw, Draws
from jinrou.classic.game import Game
from jinrou.classic.model import Count
from jinrou.classic.record import write
from jinrou.errors import ImpossibleOutcomeError, SetupError

from ..helpers import (
    Recorder,
    action,
    alive,
    bot_game_replays,
    close,
    dead,
    legal_verbs,
    new,
    night,
    result,
    snapshot,
    told,
    vote,
    winners,
)

# ---------------------------------------------------------------------------------------------------- ストーカー


def test_stalker_must_stalk_another_living_seat_on_its_first_night_and_learns_its_role():
    g = new(["Werewolf", "Stalker", "Diviner", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"stalk": ("A", "C", "D", "E", "F")} and 1 in g.awaited()
    g.apply(action(g, "B stalk C"))
    assert told(g, "stalks", "B") == [{"player": 1, "target": 2, "role": "Diviner"}]
    assert g.identity(1).team() is Team.OTHERS and g.identity(1).counts() is Count.HUMAN
    night(g, "A attack D", "C divine A")
    assert "stalk" not in legal_verbs(g, "B")  # its first night only


def test_stalker_that_never_stalks_dies_suddenly():
    g = new(["Werewolf", "Stalker", "Human", "Human", "Human", "Human"])
    night(g, "A attack C", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


def test_stalker_wins_with_the_stalked_seats_team_dead_or_alive():
    g = new(["Werewolf", "Stalker", "Human", "Human", "Human"])
    night(g, "B stalk A", "A attack C")
    vote(g, "AD BD ED DA")  # D executed; A, B, E live: humans 2 (B counts human) > wolves 1
    night(g, "A attack E")
    assert result(g) == "Werewolf" and winners(g) == "AB"


def test_stalker_of_the_executed_wolf_wins_with_the_village_never_with_others():
    g = new(["Werewolf", "Stalker", "Human", "Human", "Human"])
    night(g, "B stalk C", "A attack D")
    vote(g, "BA CA EA AC")
    assert result(g) == "Human" and winners(g) == "BCDE"
    g = new(["Werewolf", "Stalker", "Stalker", "Human", "Human", "Human"])
    night(g, "B stalk C", "C stalk D", "A attack E")
    vote(g, "BA CA DA FA AD")
    assert result(g) == "Human" and winners(g) == "CDEF"  # B stalked a team-Others seat: never


# ---------------------------------------------------------------------------------------------------- コピー


def test_copier_counts_none_until_it_copies_then_takes_up_the_role_at_once():
    g = new(["Werewolf", "Copier", "Diviner", "Human", "Human", "Human"])
    assert g.identity(1).counts() is Count.NONE
    assert legal_verbs(g, "B") == {"copy": ("A", "C", "D", "E", "F")} and 1 not in g.awaited()  # optional
    g.apply(action(g, "B copy C"))
    assert told(g, "copies", "B") == [{"player": 1, "target": 2}]
    assert g.identity(1).role.id == "Diviner" and g.identity(1).counts() is Count.HUMAN
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E", "F")} and 1 in g.awaited()  # required tonight


def test_copier_that_copies_a_copier_is_a_fresh_one_whose_copy_opens_the_next_night():
    """Settled here: else a コピー could copy on and on within one night (two コピー, bots looping)."""
    g = new(["Werewolf", "Copier", "Copier", "Human", "Human", "Human", "Human", "Human"])
    g.apply(action(g, "B copy C"))
    assert g.identity(1).role.id == "Copier" and legal_verbs(g, "B") == {}
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    assert not g.is_over and "copy" in legal_verbs(g, "B")  # the next night


def test_copier_copies_the_base_role_without_sub_roles_and_a_wolf_copy_joins_the_wolves():
    g = new(["Werewolf", "Copier", "Cupid", "Human", "Human", "Human"])
    g.apply(action(g, "C pair A D"))
    g.apply(action(g, "B copy A"))
    assert g.identity(1).role.id == "Werewolf" and not g.has_sub(1, "Lovers")
    assert g.identity(1).counts() is Count.WOLF and 1 in g.attackers()


def test_copier_that_never_copies_loses_and_a_lone_copier_cannot_be_counted():
    g = new(["Werewolf", "Copier", "Human", "Human", "Human"])
    night(g, "A attack C")
    vote(g, "AD BD ED DA")  # D executed: A, B, E live — 1 human, 1 wolf, the コピー counts none
    assert result(g) == "Werewolf" and winners(g) == "A"


def test_scapegoat_copier_copies_on_night_one_weighting_safe_roles_four_to_one():
    g = Game.new("ABCDEF", ["Copier", "Werewolf", "Hunter", "Diviner", "Human", "Human"], {"scapegoat": "on"},
                 Draws(None, [Draw("scapegoat attacker", "B")]))
    draws = Recorder([("scapegoat copy", "D"), ("scapegoat divine", "C"), ("order", ["A", "D"])])
    g.apply(action(g, "D divine B"))
    g.close(draws)
    kind, options, weights = draws.asked[0]
    assert kind == "scapegoat copy" and options == ["B", "C", "D", "E", "F"] and weights == [1, 1, 4, 4, 4]
    assert g.roles_held(0) == ("Copier", "Diviner")


# ---------------------------------------------------------------------------------------------------- ドッペルゲンガー


def test_doppleganger_becomes_the_dead_seats_role_and_may_choose_again():
    g = new(["Werewolf", "Doppleganger", "Diviner", "Guard", "Human", "Human", "Human"])
    assert 1 not in g.awaited()  # optional
    g.apply(action(g, "B mimic C"))
    assert told(g, "mimics", "B") == [{"player": 1, "target": 2}] and "mimic" not in legal_verbs(g, "B")
    night(g, "A attack C", "C divine A", "D guard E")
    assert g.identity(1).role.id == "Diviner" and g.has_sub(1, "Doppleganger")
    assert told(g, "became", "B") == [{"player": 1, "role": "Diviner"}]
    vote(g, "AE BE DE EA FE GE")
    assert set(legal_verbs(g, "B")) == {"divine", "mimic"} and 1 in g.awaited()
    night(g, "B mimic D", "B divine A", "A attack D", "D guard F")
    assert g.identity(1).role.id == "Guard" and g.roles_held(1) == ("Doppleganger", "Diviner", "Guard")
    assert [m["role"] for m in told(g, "became", "B")] == ["Diviner", "Guard"]


def test_doppleganger_changes_only_if_alive_and_loses_if_it_never_does():
    g = new(["Werewolf", "Doppleganger", "Human", "Human", "Human"])
    night(g, "B mimic C", "A attack B")
    assert g.identity(1).role.id == "Doppleganger" and dead(g) == {"B": "attack"}
    vote(g, "AC CA DA EA")
    assert result(g) == "Human" and winners(g) == "CDE"


def test_a_doppleganger_robbed_by_a_phantom_at_that_burial_gets_no_extra_role():
    from jinrou.classic.views import SeatView

    g = new(["Werewolf", "Doppleganger", "Human", "Human", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "B mimic D", "E divine A", "A attack D")  # B: 村人 with a ドッペルゲンガー extra role
    assert g.roles_held(1) == ("Doppleganger", "Human") and g.has_sub(1, "Doppleganger")
    vote(g, "AI BI CI EI FI GI HI IA")
    g.change_role(2, "Phantom")  # C: a 怪盗 whose first night is night 2 (set by hand: the record cannot replay)
    night(g, "B mimic E", "E divine A", "C swap B", "A attack E")  # robbed at 125; E dies at the burial
    assert told(g, "became", "B")[-1] == {"player": 1, "role": "Diviner"}  # told, shown until its dusk …
    assert SeatView.of(g, 1).role == "Diviner" and g.identity(1).role.id == "Phantom"  # … still a 怪盗 for every rule
    assert not g.has_sub(1, "Doppleganger") and "mimic" not in legal_verbs(g, "B")  # no extra role
    assert g.identity(2).role.id == "Human" and g.roles_held(1) == ("Doppleganger", "Human", "Phantom")
    vote(g, "AF BF CF FA GF HF")
    assert SeatView.of(g, 1).role == "Phantom" and told(g, "robbed", "B") and set(legal_verbs(g, "B")) <= {"co"}
    g = new(["Werewolf", "Doppleganger", "Human", "Human", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "B mimic D", "E divine A", "A attack D")  # the same without the theft: it changes and may choose again
    vote(g, "AI BI CI EI FI GI HI IA")
    night(g, "B mimic E", "E divine A", "A attack E")
    assert g.identity(1).role.id == "Diviner" and g.has_sub(1, "Doppleganger")


# ---------------------------------------------------------------------------------------------------- 盗人


def test_exchange_draws_two_copies_neither_thief_nor_non_human_and_puts_villagers_in_their_place():
    for seed in range(30):
        listed, pairs = exchange(["Thief", "Werewolf", "Fox", "Diviner", "Guard"], np.random.default_rng(seed))
        (pair,) = pairs
        assert set(pair) <= {"Diviner", "Guard", "Human"} and listed[:3] == ["Thief", "Werewolf", "Fox"]
        assert all(r not in listed for r in pair if r != "Human")  # a drawn copy left the list …
        assert listed.count("Human") == sum(r != "Human" for r in pair)  # … for a 村人 (which may be drawn again)
    with pytest.raises(SetupError, match="盗人 has no role to take"):
        exchange(["Thief", "Werewolf", "Fox"], np.random.default_rng(0))


def test_deal_with_a_thief_deals_the_list_after_the_exchange_and_the_game_records_the_pairs():
    candidates: list[list[str]] = []
    dealt = deal(["Thief", "Werewolf", "Diviner", "Guard", "Human"], np.random.default_rng(3), scapegoat=False,
                 candidates=candidates)
    (pair,) = candidates
    assert sorted(dealt).count("Human") == 1 + sum(r != "Human" for r in pair)
    g = Game.new("ABCDE", dealt, {"scapegoat": "off"}, start_draws(np.random.default_rng(1), candidates))
    assert write(g)["events"][0] == {"type": "outcome", "draws": [{"draw": "thief candidates", "value": pair}]}
    thief = dealt.index("Thief")
    assert told(g, "thief candidates")[0] == {"player": thief, "results": ",".join(pair)}


def test_thief_is_told_its_candidates_and_must_steal_one_taking_it_up_at_once():
    g = new(["Werewolf", "Thief", "Human", "Human", "Human", "Human"], start=[("thief candidates", ["Diviner", "Human"])])
    assert told(g, "thief candidates", "B") == [{"player": 1, "results": "Diviner,Human"}]
    ((legal),) = g.legal_actions(1)
    assert legal.required and legal.arity == 0 and legal.values == (("Diviner", "Human"),)
    before = snapshot(g)
    with pytest.raises(Exception, match="Guard"):
        g.apply(action(g, "B steal Guard"))
    assert snapshot(g) == before
    g.apply(action(g, "B steal Diviner"))
    assert g.identity(1).role.id == "Diviner" and told(g, "became", "B") == [{"player": 1, "role": "Diviner"}]
    assert legal_verbs(g, "B") == {"divine": ("A", "C", "D", "E", "F")} and 1 in g.awaited()


def test_thief_that_never_steals_dies_suddenly_and_loses():
    g = new(["Werewolf", "Thief", "Human", "Human", "Human", "Human"], start=[("thief candidates", ["Human", "Human"])])
    assert g.legal_actions(1)[0].values == (("Human",),)
    night(g, "A attack C", draws=[("announcement", ["B", "C"])])
    assert dead(g) == {"B": "sudden", "C": "attack"}


def test_thief_candidates_given_by_a_record_must_be_possible():
    with pytest.raises(ImpossibleOutcomeError, match="neither 盗人 nor non-human"):
        new(["Werewolf", "Thief", "Human", "Human", "Human"], start=[("thief candidates", ["Werewolf", "Human"])])
    with pytest.raises(ImpossibleOutcomeError, match="two role ids"):
        new(["Werewolf", "Thief", "Human", "Human", "Human"], start=[("thief candidates", ["Human"])])
    g = new(["Werewolf", "Thief", "Human", "Human"], start=[("thief candidates", None)])  # the reference's goat
    assert g.legal_actions(1)[0].values == (("Human",),)


def test_scapegoat_thief_steals_a_uniform_candidate():
    g = Game.new("ABCDE", ["Thief", "Werewolf", "Human", "Human", "Human"], {"scapegoat": "on"},
                 Draws(None, [Draw("thief candidates", ["Guard", "Human"]), Draw("scapegoat attacker", "B")]))
    close(g, [("scapegoat steal", "Guard")])
    assert g.roles_held(0) == ("Thief", "Guard") and dead(g) == {"A": "attack"}


# ---------------------------------------------------------------------------------------------------- 二重人格


def test_dual_personality_draws_its_side_at_its_first_dusk_and_switches_at_each_dawn():
    g = new(["Werewolf", "DualPersonality", "Human", "Human", "Human", "Human"], start=[("personality", "human")])
    assert told(g, "personality", "B") == [{"player": 1, "side": "human"}]
    night(g, "A attack C")
    assert told(g, "personality", "B")[-1] == {"player": 1, "side": "werewolf"}
    vote(g, "AD BD ED FD DA")
    night(g, "A attack E")
    assert [m["side"] for m in told(g, "personality", "B")] == ["human", "werewolf", "human"]


def test_dual_personality_wins_with_the_team_of_its_side_at_the_end():
    g = new(["Werewolf", "DualPersonality", "Human", "Human", "Human"], start=[("personality", "human")])
    night(g, "A attack C")  # dawn: werewolf side
    vote(g, "AD BD ED DA")
    night(g, "A attack E")  # B lives through this dawn: human side
    # the game ends at that dawn's burial, before the dawn hooks: its side stays werewolf
    assert result(g) == "Werewolf" and winners(g) == "AB" and "B" in alive(g)
    g = new(["Werewolf", "DualPersonality", "Human", "Human", "Human"], start=[("personality", "human")])
    night(g, "A attack C")  # werewolf side
    vote(g, "AD BD ED DA")
    night(g, "A attack B")  # dies at night: its side stays werewolf
    assert result(g) == "Werewolf" and winners(g) == "AB"


def test_a_person_at_the_terminal_steals_a_candidate_by_its_name():
    import io

    from rich.console import Console

    from jinrou.agents.classic import HeuristicAgent
    from jinrou.terminal.classic import TerminalPlay

    roles = ["Human", "Thief", "Werewolf", "Diviner", "Human", "Human", "Human", "Human", "Human"]
    game = Game.new(["身代わりくん", *"BCDEFGHI"], roles, {}, start_draws(np.random.default_rng(3), [["Diviner", "Human"]]))
    prompts: list[str] = []

    def ask(prompt: str, **_: object) -> str:
        prompts.append(prompt)
        if prompt.startswith("盗む (steal)"):
            return "Seer"
        if "vote NAME" in prompt:
            return "vote C"
        return prompt.rsplit(" of ", 1)[1].removesuffix(" or skip").split(", ")[0] if " of " in prompt else ""

    out = io.StringIO()
    agents = [None, None, *[HeuristicAgent() for _ in range(7)]]
    game = TerminalPlay(game, agents, np.random.default_rng(3), Console(file=out, width=200), ask=ask).run()
    assert prompts[0] == "盗む (steal): a role (Seer, Villager)"
    assert game.roles_held(1) == ("Thief", "Diviner") and prompts[1].startswith("占い (divine)")  # at once
    assert "Bが選択可能な役職は占い師,村人です。  B may become: Seer, Villager." in out.getvalue()


# ---------------------------------------------------------------------------------------------------- bots, records

MINE = ["Stalker", "Copier", "Doppleganger", "Thief", "DualPersonality", "BadLady", "LunaticLover", "SnowLover",
        "Patissiere"]


@settings(max_examples=12, deadline=None)
@given(st.lists(st.sampled_from(MINE), min_size=2, max_size=5), st.sampled_from(["on", "off"]),
       st.integers(0, 2**16), st.sampled_from(["heuristic", "random"]))
def test_bot_games_with_the_switchers_and_lovers_finish_and_their_records_replay(mine, goat, seed, kind):
    """Invariant: whatever of these roles are cast (盗人's candidates drawn before dealing, chocolates eaten,
    roles changed at submission with their draws), a bot game ends and its record replays to itself."""
    cast = ["Werewolf", "Werewolf", "Diviner", "Guard", "Human", "Human", "Human", *mine]
    bot_game_replays((cast, {"scapegoat": goat}, seed), kind)


def test_doppleganger_changes_at_the_day_burial_of_an_executed_seat():
    g = new(["Werewolf", "Doppleganger", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "B mimic C", "C divine A", "A attack D")
    vote(g, "AC BC EC FC GC CA")
    assert dead(g) == {"D": "attack", "C": "execution"} and g.identity(1).role.id == "Diviner"
    assert told(g, "became", "B") == [{"player": 1, "role": "Diviner"}] and "divine" in legal_verbs(g, "B")


def test_a_thief_made_by_a_copy_has_only_villager_and_must_steal_that_night():
    g = new(["Werewolf", "Copier", "Thief", "Diviner", "Human", "Human"], start=[("thief candidates", ["Diviner", "Human"])])
    g.apply(action(g, "B copy C"))
    assert g.identity(1).role.id == "Thief" and told(g, "thief candidates", "B") == [{"player": 1, "results": "Human"}]
    ((legal),) = g.legal_actions(1)
    assert legal.required and legal.values == (("Human",),)


def test_a_dual_personality_gained_at_a_dawn_burial_draws_its_side_then_switches():
    g = new(["Werewolf", "Doppleganger", "DualPersonality", "Human", "Human", "Human"], start=[("personality", "human")])
    night(g, "B mimic C", "A attack C", draws=[("personality", "werewolf")])
    assert g.identity(1).role.id == "DualPersonality"
    assert told(g, "personality", "B") == [{"player": 1, "side": "human"}]  # drew werewolf, switched at that dawn
