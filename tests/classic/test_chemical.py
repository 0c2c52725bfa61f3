"""ケミカル人狼 (room option ``chemical``): two roles a seat, combined through the seat's identity by
:mod:`jinrou.classic.chemical` — known values from the reference's ``Chemical`` class (uhyo/jinrou,
``server/rpc/game/game.coffee``), whole games, the record round trip and bad input."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic import chemical
from jinrou.classic.catalog import Team
from jinrou.classic.game import Game
from jinrou.classic.identity import LayerKind
from jinrou.classic.model import Count, Fortune, PsychicResult, Verb
from jinrou.classic.record import dumps, write
from jinrou.classic.replay import replay
from jinrou.classic.roles import ROLES
from jinrou.errors import RecordError, SetupError

from .helpers import alive, dead, new, night, seat, vote
from .test_properties import play_randomly

ON = {"chemical": "on"}


# ---------------------------------------------------------------------- the combination, known values


@pytest.mark.parametrize(("left", "right", "result"), [
    (Fortune.HUMAN, Fortune.WEREWOLF, Fortune.WEREWOLF),
    (Fortune.WEREWOLF, Fortune.VAMPIRE, Fortune.VAMPIRE),  # ヴァンパイア first
    (Fortune.ONI, Fortune.HUMAN, Fortune.ONI),
    (Fortune.WEREWOLF, Fortune.ONI, Fortune.WEREWOLF),
    (Fortune.PUMPKIN, Fortune.HUMAN, Fortune.HUMAN),  # any other word reads 村人
])
def test_a_pairs_divination_is_its_stronger_halfs(left, right, result):
    assert chemical.fortune(left, right) is result is chemical.fortune(right, left)


@pytest.mark.parametrize(("left", "right", "result"), [
    (PsychicResult.HUMAN, PsychicResult.ONI, PsychicResult.ONI),
    (PsychicResult.ONI, PsychicResult.WEREWOLF, PsychicResult.WEREWOLF),
    (PsychicResult.WEREWOLF, PsychicResult.BIG_WOLF, PsychicResult.BIG_WOLF),
    (PsychicResult.TINY_FOX, PsychicResult.HUMAN, PsychicResult.TINY_FOX),
    (PsychicResult.BIG_WOLF, PsychicResult.TINY_FOX, PsychicResult.BIG_WOLF_TINY_FOX),  # one priority: both
    (PsychicResult.BIG_WOLF, PsychicResult.BIG_WOLF, PsychicResult.BIG_WOLF),
])
def test_a_pairs_psychic_result_is_its_halves_highest_by_priority(left, right, result):
    assert chemical.psychic(left, right) is result is chemical.psychic(right, left)


@pytest.mark.parametrize(("left", "right", "result"), [
    (Team.WEREWOLF, Team.FOX, Team.FOX),
    (Team.HUMAN, Team.WEREWOLF, Team.WEREWOLF),
    (Team.LONE_WOLF, Team.WEREWOLF, Team.WEREWOLF),
    (Team.HUMAN, Team.LONE_WOLF, Team.LONE_WOLF),
    (Team.FRIEND, Team.CULT, Team.CULT),
    (Team.HUMAN, Team.OTHERS, Team.HUMAN),
    (Team.DEVIL, Team.NEET, Team.OTHERS),  # neither in the order
])
def test_a_pairs_team_is_the_first_of_the_order_either_half_has(left, right, result):
    assert chemical.team(left, right) is result is chemical.team(right, left)


def _ids(*pairs: tuple[str, str]) -> list[list[str]]:
    return [list(p) for p in pairs]


def test_two_wolf_halves_count_as_two_wolves_and_a_fox_half_as_nothing():
    g = new(_ids(("LoneWolf", "BigWolf"), ("Werewolf", "Fox"), ("Human", "TinyFox"), ("Human", "Copier"),
                 ("Vampire", "Human"), ("Human", "Diviner")), ON)
    counted = [(g.identity(s).counts(), g.identity(s).weight) for s in g.seats()]
    assert counted == [(Count.WOLF, 2), (Count.NONE, 0), (Count.NONE, 0), (Count.HUMAN, 1), (Count.VAMPIRE, 1),
                       (Count.HUMAN, 1)]


def test_a_wolf_and_seer_seat_attacks_divines_is_divined_a_wolf_and_judges_with_the_wolves():
    g = new(_ids(("Werewolf", "Diviner"), ("Human", "Human"), ("Human", "Guard"), ("Human", "Human"),
                 ("Human", "Human")), ON)
    me = g.identity(0)
    assert me.pair is not None and me.pair.kind is LayerKind.PAIR and me.role_ids() == ["Werewolf", "Diviner"]
    assert me.attacks and me.fortune() is Fortune.WEREWOLF and me.team() is Team.WEREWOLF
    assert me.is_a(type(ROLES["Diviner"])) and me.is_a(type(ROLES["Werewolf"]))
    legal = {a.verb: a.required for a in g.legal_actions(0)}
    assert legal == {Verb.ATTACK: True, Verb.DIVINE: True}  # both halves' actions, each required as declared
    night(g, "A attack B", "A divine C", "C guard D")
    assert dead(g) == {"B": "attack"}
    assert g.messages and any(m.key == "divined" and m.to == frozenset({0}) for _, m in g.messages)


def test_the_wolves_win_when_humans_are_no_more_than_the_two_wolves_one_seat_counts():
    g = new(_ids(("Werewolf", "Werewolf"), ("Human", "Human"), ("Human", "Human"), ("Human", "Human"),
                 ("Human", "Human")), ON)
    night(g, "A attack B")
    assert not g.is_over  # 3 humans, 2 wolves
    vote(g, "AC CA DC EC")
    assert g.is_over and g.outcome is not None and g.outcome.winner is Team.WEREWOLF


def test_a_half_of_another_team_does_not_win_but_its_seat_wins_with_the_other_half():
    # reference game options/003: M ['Human', 'TinyFox'] wins for the foxes
    g = new(_ids(("Werewolf", "Human"), ("Human", "TinyFox"), ("Human", "Human"), ("Human", "Human")), ON)
    night(g, "A attack C", "B divine D", draws=[("tiny fox divination", True)])
    assert dead(g) == {"C": "attack"} and g.outcome is not None  # 1 human (D) ≤ 1 wolf, then the fox alive
    assert g.outcome.winner is Team.FOX and g.outcome.winners == frozenset({1})


def test_a_result_independent_rule_wins_beside_its_seats_team():
    # てるてる坊主's rule ignores the result: executed, its half wins though the seat's team (Human) lost
    g = new(_ids(("Werewolf", "Human"), ("Human", "Teruteru"), ("Human", "Human"), ("Human", "Human")), ON)
    night(g, "A attack C")
    vote(g, "AB BA DB")
    assert dead(g) == {"C": "attack", "B": "execution"}
    assert g.outcome is not None and g.outcome.winner is Team.WEREWOLF and 1 in g.outcome.winners


def test_a_noble_and_cursed_seat_bitten_loses_its_slave_and_turns_its_cursed_half_only():
    # reference game options/013: D ['Noble', 'Cursed'] bitten, H's 奴隷 dies, D ends ['Noble', 'Werewolf']
    g = new(_ids(("Werewolf", "Human"), ("Noble", "Cursed"), ("Slave", "Human"), ("Human", "Human"),
                 ("Human", "Human"), ("Human", "Human")), ON)
    night(g, "A attack B")
    assert dead(g) == {"C": "attack"}
    vote(g, "AD BD DA ED FA")
    assert g.identity(1).role_ids() == ["Noble", "Werewolf"]
    assert g.identity(1).counts() is Count.WOLF


def test_a_pairs_roles_are_told_and_written_as_a_list_left_then_right():
    g = new(_ids(("Werewolf", "Diviner"), ("Human", "Guard"), ("Human", "Human"), ("Human", "Human")), ON)
    record = write(g)
    assert record["roles"]["A"] == ["Werewolf", "Diviner"] and record["settings"]["chemical"] == "on"


# ---------------------------------------------------------------------- whole games, round trips


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 12), st.integers(0, 2**32 - 1))
def test_random_chemical_games_end_and_write_replay_write_the_same_record(n, seed):
    rng = np.random.default_rng(seed)
    ids = sorted(ROLES)
    wolves = [r for r in ids if ROLES[r].counts is Count.WOLF]
    roles = [[str(rng.choice(wolves)), str(rng.choice(ids))]] + [[str(rng.choice(ids)), str(rng.choice(ids))]
                                                                   for _ in range(n - 1)]
    game = Game.new([f"P{i}" for i in range(n)], roles, {**ON, "scapegoat": "off"}, rng)
    play_randomly(game, rng)
    record = write(game, seed)
    text = dumps(record)
    assert write(replay(json.loads(text)), seed) == record
    assert all(isinstance(r, list) and len(r) == 2 for r in record["result"]["roles"].values())


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize(("roles", "room", "message"), [
    (["Werewolf", "Human", "Human", "Human"], ON,
     "A holds 'Werewolf': with chemical (ケミカル人狼) on a seat holds two role ids, [left, right]"),
    ([["Werewolf", "Human"], "Human", "Human", "Human"], {},
     "A holds ['Werewolf', 'Human']: with chemical (ケミカル人狼) off a seat holds one role id"),
    ([["Werewolf"], ["Human", "Human"], ["Human", "Human"], ["Human", "Human"]], ON,
     "A holds 1 roles: with chemical (ケミカル人狼) on a seat holds two, [left, right]"),
    ([["Werewolf", "Nobody"], ["Human", "Human"], ["Human", "Human"], ["Human", "Human"]], ON,
     "role 'Nobody' of A is not a playable role id (see `jinrou classic roles`)"),
    ([["Werewolf", "Human"]] * 4, {"chemical": "yes"}, "setting 'chemical' must be one of off, on, not 'yes'"),
])
def test_a_bad_chemical_setup_is_refused_with_one_line(roles, room, message):
    with pytest.raises(SetupError) as error:
        Game.new("ABCD", roles, {"scapegoat": "off", **room})
    assert str(error.value) == message


def test_a_record_with_three_roles_a_seat_is_refused_and_nothing_is_played():
    record = {"format": "jinrou.classic/1", "players": list("ABCD"), "settings": ON,
              "roles": {"A": ["Werewolf", "Human", "Human"], "B": ["Human", "Human"], "C": ["Human", "Human"],
                        "D": ["Human", "Human"]}}
    with pytest.raises(RecordError, match=r'^"roles" must give every player a role id: .*with chemical on, two'):
        replay(record)


def test_a_pair_seat_is_alive_and_dead_as_one_seat():
    g = new(_ids(("Werewolf", "Human"), ("Human", "Human"), ("Human", "Human"), ("Human", "Human"),
                 ("Human", "Human")), ON)
    night(g, "A attack B")
    assert alive(g) == "ACDE" and seat(g, "B") == 1


# ---------------------------------------------------------------------- the deal, simulations


def test_a_chemical_deal_gives_each_seat_two_of_the_list_the_scapegoats_under_its_safety():
    from jinrou.classic.casting import deal_pairs, scapegoat_may_draw

    roles = {"Werewolf": 2, "Fox": 1, "Diviner": 1, "Guard": 1, "Human": 7}
    for seed in range(50):
        dealt = deal_pairs(roles, np.random.default_rng(seed))
        assert len(dealt) == 6 and all(len(pair) == 2 for pair in dealt)
        assert sorted(r for pair in dealt for r in pair) == sorted(r for r, c in roles.items() for _ in range(c))
        assert all(scapegoat_may_draw(r) for r in dealt[0])


def test_the_only_wolf_is_never_dealt_beside_a_fox_and_an_impossible_list_is_refused():
    from jinrou.classic.casting import deal_pairs

    for seed in range(100):
        dealt = deal_pairs({"Werewolf": 1, "Fox": 2, "Human": 5}, np.random.default_rng(seed), scapegoat=False)
        assert not any("Werewolf" in pair and "Fox" in pair for pair in dealt)
    with pytest.raises(SetupError, match=r"^ケミカル人狼 \(chemical\): the only 人狼系 role was dealt beside a 妖狐系"):
        deal_pairs({"Werewolf": 1, "Fox": 1}, np.random.default_rng(0), scapegoat=False)
    with pytest.raises(SetupError, match=r"^ケミカル人狼 \(chemical\) deals two roles a seat: the list needs an even"):
        deal_pairs({"Werewolf": 1, "Human": 4}, np.random.default_rng(0), scapegoat=False)


def test_a_whole_simulation_with_chemical_plays_bots_for_both_halves_and_writes_replayable_records(tmp_path):
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.record import load
    from jinrou.classic.simulate import Simulation

    run = Simulation("普通1", 6, 5, HeuristicAgent, players=9, settings=ON, record_dir=tmp_path)
    results = list(run)
    assert run.cast == {"Werewolf": 3, "Diviner": 1, "Psychic": 1, "Madman": 2, "Guard": 1, "Couple": 3, "Fox": 1,
                        "Human": 6}  # 普通1 for 18: the reference casts twice the seats
    summary = run.summary(results)
    assert summary.players == 9 and sum(summary.wins.values()) == 6
    for path in sorted(tmp_path.glob("game-*.json")):
        record = load(str(path))
        assert record["settings"]["chemical"] == "on" and all(len(r) == 2 for r in record["roles"].values())
        assert write(replay(record))["result"] == record["result"]


def test_a_simulation_whose_counts_do_not_double_the_players_is_refused():
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.simulate import Simulation

    with pytest.raises(SetupError, match=r"^the role counts sum to 9, not 18: ケミカル人狼 deals 9 players two each$"):
        Simulation({"Werewolf": 2, "Human": 7}, 1, 0, HeuristicAgent, players=9, settings=ON)


# ---------------------------------------------------------------------- what the seat is shown


def test_a_seat_sees_both_its_roles_others_see_neither_until_the_end():
    from jinrou.classic.views import SeatView
    from jinrou.terminal.classic import players_widget, role_card

    g = new(_ids(("Werewolf", "Diviner"), ("Human", "Guard"), ("Human", "Human"), ("Human", "Human")), ON)
    mine, other, spectator = SeatView.of(g, 0), SeatView.of(g, 1), SeatView.of(g, None)
    assert (mine.role, mine.pair, mine.pairs) == ("Werewolf", "Diviner", {0: "Diviner"})
    assert (other.pair, other.pairs, spectator.pairs) == ("Guard", {1: "Guard"}, {})
    assert "人狼×占い師" in role_card(mine) and "Werewolf × Seer" in role_card(mine)
    night(g, "A attack B", "A divine C")
    vote(g, "AC CA DC")
    assert g.is_over and SeatView.of(g, None).pairs == {0: "Diviner", 1: "Guard", 2: "Human", 3: "Human"}
    from rich.console import Console

    console = Console(record=True, width=120)
    console.print(players_widget(SeatView.of(g, None)))
    assert "人狼×占い師" in console.export_text()


def test_a_drunk_pair_seat_is_shown_villager_twice_and_the_end_shows_its_roles():
    from jinrou.classic.views import SeatView

    g = new(_ids(("Werewolf", "Human"), ("Guard", "Diviner"), ("Human", "Human"), ("Human", "Human"),
                 ("Human", "Human")), {**ON, "drunk": "on"}, start=[("drunk", ["B"])])
    view = SeatView.of(g, 1)
    assert (view.role, view.pair) == ("Human", "Human") and not view.legal


def test_a_changed_half_is_in_the_history_the_end_shows():
    from jinrou.classic.views import SeatView

    g = new(_ids(("Werewolf", "Human"), ("Noble", "Cursed"), ("Slave", "Human"), ("Human", "Human"),
                 ("Human", "Human"), ("Human", "Human")), ON)
    night(g, "A attack B")
    vote(g, "AD BD DA ED FA")
    assert g.is_over and SeatView.of(g, None).history[1] == ("Noble+Cursed", "Noble+Werewolf")


def test_a_slave_and_cursed_seat_dies_for_its_noble_its_cursed_half_resists_only_a_bite():
    # reference game options/013: H ['Slave', 'Cursed'] dies in the place of D ['Noble', 'Cursed'] on night 1
    g = new(_ids(("Werewolf", "Human"), ("Noble", "Human"), ("Slave", "Cursed"), ("Human", "Human"),
                 ("Human", "Human"), ("Human", "Human")), ON)
    night(g, "A attack B")
    assert dead(g) == {"C": "attack"}


# ---------------------------------------------------------------------- the command line


def test_classic_play_and_simulate_take_chemical_as_a_setting(tmp_path):
    from typer.testing import CliRunner

    from jinrou.cli import app

    runner = CliRunner()
    played = runner.invoke(app, ["classic", "play", "--players", "6", "--humans", "0", "--setting", "chemical=on",
                                 "--seed", "2", "--record", str(tmp_path / "game.json")])
    assert played.exit_code == 0, played.output
    assert "人狼×村人" in played.output
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert record["settings"]["chemical"] == "on" and all(len(r) == 2 for r in record["roles"].values())
    odd = runner.invoke(app, ["classic", "simulate", "--games", "2", "--seed", "1", "--roles", "Werewolf:2,Human:7",
                              "--setting", "chemical=on"])
    assert odd.exit_code != 0
    assert odd.output.strip().splitlines()[-1] == ("error: ケミカル人狼 deals two roles a seat: the role counts sum to "
                                                   "9, an odd number")
