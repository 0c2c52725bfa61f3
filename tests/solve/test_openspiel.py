"""The OpenSpiel bridge: jinrou's games as OpenSpiel games, OpenSpiel's CFR+ on them, and our CFR+
iterates equal to OpenSpiel's to the bit. Skipped without open-spiel (the `openspiel` extra)."""

import pytest

from jinrou.solve.cfr import CFRPlus
from jinrou.solve.efg import compile_game
from jinrou.solve.poker import Leduc
from jinrou.solve.werewolf import NoTalkWerewolf, Setup

from .. import needs

try:
    import pyspiel
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    import jinrou.solve.openspiel  # noqa: F401  (registers the games)
except ImportError:  # every test here is skipped: needs.openspiel
    pass

pytestmark = needs.openspiel


@pytest.fixture(scope="module")
def leduc():
    return compile_game(Leduc())


def test_openspiels_cfr_plus_on_the_bridged_kuhn_reproduces_the_anchor():
    game = pyspiel.load_game("jinrou_kuhn")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) == pytest.approx(1.1944041e-3, abs=5e-11)


@pytest.mark.parametrize("counts", [(2, 1, 1, 1), (3, 0, 1, 1), (3, 1, 1, 1)])
def test_openspiels_cfr_plus_agrees_with_ours_on_small_werewolf_cells(counts):
    params = dict(zip(["villagers", "seer", "guard", "wolves"], counts))
    game = pyspiel.load_game("jinrou_werewolf", params)
    theirs = cfr.CFRPlusSolver(game)
    for _ in range(40):
        theirs.evaluate_and_update_policy()
    policy = theirs.average_policy()
    ours = CFRPlus(compile_game(NoTalkWerewolf(Setup(*counts))))
    ours.iterate(40)
    assert expected_game_score.policy_value(game.new_initial_state(), [policy, policy])[0] == pytest.approx(
        ours.value(), abs=1e-9)
    assert exploitability.exploitability(game, policy) == pytest.approx(ours.exploitability(), abs=1e-9)
    state = game.new_initial_state()
    while state.is_chance_node():
        state = state.child(state.chance_outcomes()[0][0])
    assert state.information_state_string() in compile_game(NoTalkWerewolf(Setup(*counts))).infoset_names


def test_any_jinrou_game_wraps_as_an_openspiel_game():
    from jinrou.solve.openspiel import spiel_game
    from jinrou.solve.poker import Kuhn

    game = spiel_game(Kuhn())
    solver = cfr.CFRPlusSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) == pytest.approx(1.1944041e-3, abs=5e-11)
    assert game.num_distinct_actions() == 5  # cards 0, 1, 2 and the actions b, p


def test_iterates_equal_openspiels_to_the_bit(leduc):
    game = pyspiel.load_game("leduc_poker")
    theirs = pyspiel.CFRPlusSolver(game)
    ours = CFRPlus(leduc)
    for _ in range(30):
        theirs.evaluate_and_update_policy()
    ours.iterate(30)
    label = {0: "f", 1: "c", 2: "r"}
    average = theirs.average_policy()
    checked = 0
    stack = [(game.new_initial_state(), Leduc().initial())]
    while stack:
        state, mine = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack += [(state.child(a), mine.child(str(a))) for a, _ in state.chance_outcomes()]
            continue
        strategy = ours.strategy(mine.infoset(state.current_player()))
        assert {label[a]: p for a, p in average.action_probabilities(state).items()} == strategy
        checked += 1
        stack += [(state.child(a), mine.child(label[a])) for a in state.legal_actions()]
    assert checked == int((leduc.player >= 0).sum())  # every decision history compared


def test_a_game_is_built_once_per_parameters_and_serialized_states_come_back():
    """Reading a serialized state loads its game again by name: the bridge makes each parameter set
    once (a werewolf game's alphabet is a walk of the whole game), so it costs a lookup."""
    name = "jinrou_werewolf(guard=1,seer=1,villagers=2,wolves=1)"
    game = pyspiel.load_game(name)
    assert pyspiel.load_game(name).labels is game.labels
    assert pyspiel.load_game("jinrou_werewolf(guard=1,seer=1,villagers=3,wolves=1)").labels is not game.labels
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.chance_outcomes()[-1][0] if state.is_chance_node() else state.legal_actions()[-1])
        again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert again_game.labels is game.labels
        assert again.history() == state.history() and str(again) == str(state)
    assert again.returns() == state.returns()


def test_openspiels_random_simulation_test_passes_with_serialization():
    pyspiel.random_sim_test(pyspiel.load_game("jinrou_werewolf(guard=1,seer=1,villagers=2,wolves=1)"),
                            num_sims=3, serialize=True, verbose=False)
