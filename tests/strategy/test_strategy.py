"""The strategy language: parsing errors, known counts, brute force = symbolic, examples, CLI."""

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from jinrou.cli import app
from jinrou.errors import StrategyError
from jinrou.strategy.brute import Space
from jinrou.strategy.count import count, examples, transcript
from jinrou.strategy.rules import Cast, load, parse

EXAMPLES = Path(__file__).parents[2] / "examples"
TALKS = 2**18  # three talks of 6 bits


# ----------------------------------------------------------------- parsing

BAD = [
    ("not json", "{rules: []}", "not JSON"),
    ("no rules", {"rule": []}, 'a rule file is an object with a list "rules"'),
    ("unknown operator", {"rules": [["TRUE"], ["XOR", ["TRUE"], ["TRUE"]]]}, r"rules\[1\] \[\"XOR\".*unknown operator 'XOR'"),
    ("unknown player", {"rules": [["AND", ["VOTE", "villager", "fox"]]]}, r"rules\[0\]\[1\] .*unknown target 'fox'"),
    ("unknown role", {"rules": [["INTALK", "wolf", "seer", "hunter"]]}, r"rules\[0\] .*unknown role 'hunter'"),
    ("role not in play", {"players": {"P0": "villager", "P1": "villager", "P2": "wolf"},
                          "rules": [["INTALK", "P0", "P1", "seer"]]}, r"unknown role 'seer' \(roles in this game: villager, wolf\)"),
    ("wrong arity", {"rules": [["VOTE", "wolf"]]}, r"rules\[0\] .*VOTE takes 2 arguments"),
    ("if without two parts", {"rules": [["NOT", ["IF", ["TRUE"]]]]}, r"rules\[0\]\[1\] .*IF takes 2 arguments"),
    ("empty and", {"rules": [["AND"]]}, "AND needs at least one expression"),
    ("not a list", {"rules": ["VOTE"]}, r"rules\[0\] \"VOTE\": an expression is a list"),
    ("self vote", {"rules": [["VOTE", "wolf", "wolf"]]}, "nobody votes for himself"),
    ("unknown side", {"rules": [["WINNER", "fox"]]}, "unknown side 'fox'"),
    ("bad cast", {"players": {"P0": "villager", "P1": "villager", "P2": "fox"}, "rules": []}, "unknown role 'fox'"),
    ("ambiguous role", {"players": {"P0": "villager", "P1": "villager", "P2": "wolf", "P3": "seer"},
                        "rules": [["VOTE", "villager", "wolf"]]}, r"unknown voter 'villager': players are P0, P1, P2, P3 \(or the roles wolf, seer\)"),
]


@pytest.mark.parametrize("name, data, message", BAD, ids=[b[0] for b in BAD])
def test_bad_rule_files_name_the_expression_and_its_path(name, data, message):
    with pytest.raises(StrategyError, match=message):
        parse(data)


def test_roles_name_their_only_holder_and_names_work_too():
    rules = parse({"players": {"P0": "villager", "P1": "villager", "P2": "wolf", "P3": "seer"},
                   "rules": [["VOTE", "seer", "P2"], ["VOTE", "P0", "wolf"]]})
    assert rules.cast.seat("seer") == 3 and rules.cast.seat("P2") == 2 and rules.cast.seat("villager") is None
    assert len(rules.cast.worlds) == 12 and rules.cast.states == 2**48 * 81


# ------------------------------------------------------------ known counts


def test_without_rules_only_the_votes_decide():
    """Of the 8 vote profiles: the wolf gets 2 votes in 2 (village), the villager or the seer in 4
    (wolves), and 2 are the 1-1-1 cycles (draw) — each with every combination of talks."""
    counts = count(parse({"rules": []}))
    assert (counts.villagerside, counts.wolfside, counts.draw, counts.violation) == (2 * TALKS, 4 * TALKS, 2 * TALKS, 0)


def test_the_papers_table_1_when_the_seer_votes_for_the_wolf():
    """Table 1: villager→wolf wins for the village whatever the wolf does; villager→seer loses if the
    wolf also votes for the seer and draws if he votes for the villager."""
    table = {("wolf", "seer"): "villagerside", ("wolf", "villager"): "villagerside",
             ("seer", "seer"): "wolfside", ("seer", "villager"): "draw"}
    for (villager, wolf), side in table.items():
        rules = parse({"rules": [["VOTE", "seer", "wolf"], ["VOTE", "villager", villager], ["VOTE", "wolf", wolf]]})
        counts = count(rules)
        assert getattr(counts, side) == TALKS and counts.violation == 7 * TALKS


def test_intalk_means_some_world_of_the_talk_gives_the_player_that_role():
    counts = count(parse({"rules": [["INTALK", "seer", "seer", "seer"]]}))
    assert counts.states - counts.violation == 48 * 64 * 64 * 8  # 48 of 64 seer talks include one of 2 worlds
    claim = ["AND", ["INTALK", "seer", "seer", "seer"], ["NOT", ["INTALK", "seer", "seer", "villager"]],
             ["NOT", ["INTALK", "seer", "seer", "wolf"]]]
    assert count(parse({"rules": [claim]})).violation == counts.states - 3 * 64 * 64 * 8  # a non-empty subset of 2


def test_the_papers_example_state_is_valid_under_its_appendix_rules():
    """Section 5's transcript: seer and wolf both claim seer and name the villager as the wolf, the
    villager votes for the wolf — a village win the appendix rules allow."""
    rules = load(str(EXAMPLES / "three-player-appendix.json"))
    worlds = {"".join(w[i][0].upper() for i in range(3)): k for k, w in enumerate(rules.cast.worlds)}
    talks = [{"VWS", "VSW", "WSV", "SVW"}, {"WSV"}, {"WVS"}]
    state = sum(1 << (6 * s + worlds[w]) for s, talk in enumerate(talks) for w in talk)
    state += (1 << 18) * 0 + (1 << 19) * 1 + (1 << 20) * 1  # villager→wolf, wolf→seer, seer→wolf (digit: which other)
    space = Space(rules)
    assert space.decode(state) == (tuple(frozenset(worlds[w] for w in t) for t in talks), (1, 2, 1))
    assert space.valid[state] and space.side[state] == 0


# ------------------------------------------------------ brute = symbolic


@st.composite
def expressions(draw, players, depth=3, roles=("villager", "wolf", "seer")):
    atoms = st.one_of(
        st.tuples(st.just("INTALK"), st.sampled_from(players), st.sampled_from(players),
                  st.sampled_from(roles)).map(list),
        st.tuples(st.just("VOTE"), st.sampled_from(players), st.sampled_from(players))
        .filter(lambda e: e[1] != e[2]).map(list),
        st.sampled_from([["WINNER", "villagerside"], ["WINNER", "wolfside"], ["WINNER", "draw"], ["TRUE"]]),
    )
    if depth == 0:
        return draw(atoms)
    sub = expressions(players, depth - 1, roles)
    return draw(st.one_of(
        atoms,
        st.lists(sub, min_size=1, max_size=3).map(lambda xs: ["AND", *xs]),
        st.lists(sub, min_size=1, max_size=3).map(lambda xs: ["OR", *xs]),
        sub.map(lambda x: ["NOT", x]),
        st.tuples(sub, sub).map(lambda xs: ["IF", *xs]),
    ))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_symbolic_counts_equal_brute_force_on_the_three_player_space(data):
    players = ["villager", "wolf", "seer"]
    rules = parse({"rules": data.draw(st.lists(expressions(players), max_size=4))})
    assert count(rules, "symbolic") == count(rules, "brute").__class__(
        **{**count(rules, "brute").__dict__, "method": "symbolic"})


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_symbolic_counts_equal_brute_force_on_a_four_player_cast(data):
    """4 players V, V, V, W: 4 worlds, 5,308,416 states — small enough for both methods."""
    cast = {"P0": "villager", "P1": "villager", "P2": "villager", "P3": "wolf"}
    rules = parse({"players": cast, "rules": data.draw(st.lists(expressions(list(cast), 2, ("villager", "wolf")), max_size=3))})
    brute, symbolic = count(rules, "brute"), count(rules, "symbolic")
    assert (brute.villagerside, brute.wolfside, brute.draw, brute.violation) == (
        symbolic.villagerside, symbolic.wolfside, symbolic.draw, symbolic.violation)


def test_four_player_outcomes_follow_plurality_with_ties_as_draws():
    """V, V, W, S without rules: 2^48 talks times the 81 vote profiles, tallied here independently."""
    cast = Cast(("P0", "P1", "P2", "P3"), ("villager", "villager", "wolf", "seer"))
    wins = {"villagerside": 0, "wolfside": 0, "draw": 0}
    for targets in itertools.product(*[[t for t in range(4) if t != v] for v in range(4)]):
        votes = [targets.count(p) for p in range(4)]
        leaders = [p for p in range(4) if votes[p] == max(votes)]
        side = "draw" if len(leaders) > 1 else ("villagerside" if leaders[0] == 2 else "wolfside")
        wins[side] += 1
    counts = count(parse({"players": dict(zip(cast.players, cast.roles)), "rules": []}))
    assert counts.method == "symbolic" and counts.states == 2**48 * 81
    assert (counts.villagerside, counts.wolfside, counts.draw) == tuple(2**48 * wins[s] for s in wins)


# ---------------------------------------------------------------- examples


def test_examples_are_valid_reproducible_and_rendered_like_the_paper():
    rules = load(str(EXAMPLES / "three-player-appendix.json"))
    first = examples(rules, 3, seed=5)
    assert first == examples(rules, 3, seed=5) and len(first) == 3
    space = Space(rules)
    for state in first:
        assert rules.cast.outcome(state[1]) == "villagerside"
    symbolic = examples(rules, 3, seed=5, method="symbolic")
    assert all(rules.cast.outcome(s[1]) == "villagerside" for s in symbolic)
    text = transcript(rules.cast, first[0])
    assert text.startswith('Player 0 (villager) talks "(P0: ') and "* vote" in text and text.endswith("Wolves lose.")
    assert space.valid.sum() == count(rules).villagerside


runner = CliRunner()


def test_strategy_count_command_json_and_examples():
    result = runner.invoke(app, ["strategy", "count", str(EXAMPLES / "three-player-appendix.json"), "--json",
                                 "--examples", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"states", "villagerside", "wolfside", "draw", "violation", "village_win_rate"} <= set(data)
    assert data["states"] == 2_097_152 == data["villagerside"] + data["wolfside"] + data["draw"] + data["violation"]
    assert len(data["examples"]) == 2 and "* vote" in data["examples"][0]


def test_strategy_count_command_reports_errors_with_the_path(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"rules": [["AND", ["VOTE", "wolf", "nobody"]]]}))
    result = runner.invoke(app, ["strategy", "count", str(path)])
    assert result.exit_code == 2 and "rules[0][1]" in result.output and "unknown target 'nobody'" in result.output


def test_five_player_counter_claim_splits_10_1_5_as_counted_by_hand():
    """Seer→wolf, wolf→seer, named villager→wolf: the two unnamed villagers' 16 vote pairs give
    10 village wins, 1 wolf win (both vote for the seer) and 5 ties, whichever villager is named."""
    counts = count(load(str(EXAMPLES / "five-player-counter-claim.json")))
    unit = counts.wolfside
    assert (counts.villagerside, counts.draw) == (10 * unit, 5 * unit)
    free_talks = 2 ** (3 * 20)  # the three villagers say anything
    assert unit == 3 * free_talks  # one wolf-winning vote pair for each of the 3 villagers the wolf may name


def test_a_long_count_says_its_size_first_and_reports_progress(monkeypatch):
    """Issue 26, point 19: beyond 6 players a count runs for minutes; the (n−1)^n vote profiles are
    announced before it starts and counted as they are weighed (here 5 players, 4^5 = 1024)."""
    import jinrou.cli.strategy
    from jinrou.strategy.count import count, profiles
    from jinrou.strategy.rules import parse

    path = EXAMPLES / "five-player-counter-claim.json"
    rules = parse(path.read_text(encoding="utf-8"))
    told: list[int] = []
    assert profiles(rules) == 1024 and count(rules, progress=told.append).method == "symbolic"
    assert told == [1024]  # told every 1024 profiles and at the end
    monkeypatch.setattr(jinrou.cli.strategy, "LONG", 1000)  # as if it were long
    result = CliRunner().invoke(app, ["strategy", "count", str(path), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["states"] > 0, result.output
    assert result.stderr == "5 players: 1,024 vote profiles to weigh, about 0.26 s at 4,000 a second; Ctrl+C stops\n"
