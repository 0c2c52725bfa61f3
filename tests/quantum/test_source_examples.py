"""Every worked table of the source (sources/quantum-werewolf-rules.ja.txt), step by step.

Each table is transcribed from the source as printed (pattern number, then the cards of A, B, C[, D],
"(死亡)" marking a death). The literal world list must reproduce each table exactly, pattern numbers
included; the counting engine must give the same counts.
"""

from fractions import Fraction

import pytest

from jinrou.quantum.explicit import WorldList
from jinrou.quantum.roles import SEER, VILLAGER, wolf
from jinrou.quantum.worlds import Multiverse

A, B, C, D = range(4)
JA = {"村人": VILLAGER, "占い師": SEER, "人狼": wolf(1), "人狼1": wolf(1), "人狼2": wolf(2)}


def worlds(text: str) -> WorldList:
    """Parse the source's table: one line per pattern, '19 人狼2 村人 占い師 人狼1(死亡)'."""
    rows = {}
    for line in text.strip().splitlines():
        number, *cells = line.split()
        cards = tuple(JA[c.removesuffix("(死亡)")] for c in cells)
        dead = {seat for seat, c in enumerate(cells) if c.endswith("(死亡)")}
        rows[int(number)] = (cards, dead)
    return WorldList.of(rows)


THREE_START = """
1 村人 人狼 占い師
2 村人 占い師 人狼
3 人狼 村人 占い師
4 人狼 占い師 村人
5 占い師 村人 人狼
6 占い師 人狼 村人
"""

THREE_A_ATTACKS_B = """
1 村人 人狼 占い師
2 村人 占い師 人狼
3 人狼 村人(死亡) 占い師
4 人狼 占い師(死亡) 村人
5 占い師 村人 人狼
6 占い師 人狼 村人
"""

THREE_ALL_ATTACKS = """
1 村人 人狼 占い師(死亡)
2 村人 占い師(死亡) 人狼
3 人狼 村人(死亡) 占い師
4 人狼 占い師(死亡) 村人
5 占い師 村人(死亡) 人狼
6 占い師 人狼 村人(死亡)
"""

THREE_A_DIVINES_B_HUMAN = """
1 村人 人狼 占い師
2 村人 占い師 人狼
3 人狼 村人 占い師
4 人狼 占い師 村人
5 占い師 村人 人狼
"""

THREE_BEFORE_EXECUTION = """
1 村人 人狼 占い師(死亡)
2 村人 占い師(死亡) 人狼
3 人狼 村人(死亡) 占い師
4 人狼 占い師(死亡) 村人
5 占い師 村人(死亡) 人狼
"""

THREE_C_PREFILTERED = """
2 村人 占い師(死亡) 人狼
3 人狼 村人(死亡) 占い師
4 人狼 占い師(死亡) 村人
5 占い師 村人(死亡) 人狼
"""

THREE_A_DIVINES_B_WOLF = """
1 村人 人狼 占い師
2 村人 占い師 人狼
3 人狼 村人 占い師
4 人狼 占い師 村人
6 占い師 人狼 村人
"""

FOUR_START = """
1 村人 占い師 人狼1 人狼2
2 村人 占い師 人狼2 人狼1
3 村人 人狼1 占い師 人狼2
4 村人 人狼1 人狼2 占い師
5 村人 人狼2 占い師 人狼1
6 村人 人狼2 人狼1 占い師
7 占い師 村人 人狼1 人狼2
8 占い師 村人 人狼2 人狼1
9 占い師 人狼1 村人 人狼2
10 占い師 人狼1 人狼2 村人
11 占い師 人狼2 村人 人狼1
12 占い師 人狼2 人狼1 村人
13 人狼1 村人 占い師 人狼2
14 人狼1 村人 人狼2 占い師
15 人狼1 占い師 村人 人狼2
16 人狼1 占い師 人狼2 村人
17 人狼1 人狼2 村人 占い師
18 人狼1 人狼2 占い師 村人
19 人狼2 村人 占い師 人狼1
20 人狼2 村人 人狼1 占い師
21 人狼2 占い師 村人 人狼1
22 人狼2 占い師 人狼1 村人
23 人狼2 人狼1 村人 占い師
24 人狼2 人狼1 占い師 村人
"""


def four(edits: dict[int, str | None]) -> str:
    """FOUR_START with some rows replaced (None deletes the row)."""
    lines = []
    for line in FOUR_START.strip().splitlines():
        number = int(line.split()[0])
        if number in edits:
            if edits[number] is not None:
                lines.append(f"{number} {edits[number]}")
        else:
            lines.append(line)
    return "\n".join(lines)


FOUR_A_ATTACKS_C = four(
    {
        13: "人狼1 村人 占い師(死亡) 人狼2",
        14: None,
        15: "人狼1 占い師 村人(死亡) 人狼2",
        16: None,
        17: "人狼1 人狼2 村人(死亡) 占い師",
        18: "人狼1 人狼2 占い師(死亡) 村人",
    }
)

FOUR_WOLF1_DEAD = four({19: "人狼2 村人 占い師 人狼1(死亡)", 23: "人狼2 人狼1(死亡) 村人 占い師"})

FOUR_WOLF1_DEAD_A_ATTACKS_C = four(
    {
        13: "人狼1 村人 占い師(死亡) 人狼2",
        14: None,
        15: "人狼1 占い師 村人(死亡) 人狼2",
        16: None,
        17: "人狼1 人狼2 村人(死亡) 占い師",
        18: "人狼1 人狼2 占い師(死亡) 村人",
        19: "人狼2 村人 占い師(死亡) 人狼1(死亡)",
        23: "人狼2 人狼1(死亡) 村人(死亡) 占い師",
    }
)


def test_three_player_start_has_all_six_patterns():
    assert set(WorldList.start(3, 1).table.rows) == set(worlds(THREE_START).table.rows)
    assert Multiverse.start(3, 1).table == worlds(THREE_START).table


def test_attack_marks_the_victim_dead_only_where_the_attacker_is_the_wolf():
    after = worlds(THREE_START).attack(A, B)
    assert after == worlds(THREE_A_ATTACKS_B)
    assert Multiverse.start(3, 1).attack(A, B).table == after.table


def test_every_player_attacking_gives_the_sources_table():
    after = worlds(THREE_START).attack(A, B).attack(B, C).attack(C, B)
    assert after == worlds(THREE_ALL_ATTACKS)
    assert Multiverse.start(3, 1).attack(A, B).attack(B, C).attack(C, B).table == after.table


def test_divination_of_b_by_a_is_even_and_a_human_result_deletes_pattern_6():
    start = worlds(THREE_START)
    assert start.divination_odds(A, B) == (1, 2)  # patterns 5 and 6: B is a wolf in 6
    assert Multiverse.start(3, 1).divination_odds(A, B) == (1, 2)
    assert start.divine(A, B, False) == worlds(THREE_A_DIVINES_B_HUMAN)


def test_execution_of_c_prefilters_pattern_1_then_collapses_25_25_50():
    before = worlds(THREE_ALL_ATTACKS).divine(A, B, False)
    assert before == worlds(THREE_BEFORE_EXECUTION)
    prefiltered = before.require_alive(C)
    assert prefiltered == worlds(THREE_C_PREFILTERED)
    assert prefiltered.card_counts(C) == {VILLAGER: 1, SEER: 1, wolf(1): 2}  # 25 % / 25 % / 50 %
    engine = Multiverse.start(3, 1).attack(A, B).attack(B, C).attack(C, B).divine(A, B, False)
    assert engine.table == before.table
    assert engine.require_alive(C).card_counts(C) == {VILLAGER: 1, SEER: 1, wolf(1): 2}


def test_without_the_prefilter_c_would_collapse_20_40_40():
    counts = worlds(THREE_BEFORE_EXECUTION).card_counts(C)
    assert {card: Fraction(c, 5) for card, c in counts.items()} == {
        VILLAGER: Fraction(1, 5), SEER: Fraction(2, 5), wolf(1): Fraction(2, 5)
    }


def test_executing_b_instead_forces_him_to_be_the_wolf():
    prefiltered = worlds(THREE_BEFORE_EXECUTION).require_alive(B)
    assert [number for number, _ in prefiltered.worlds] == [1]
    engine = Multiverse.start(3, 1).attack(A, B).attack(B, C).attack(C, B).divine(A, B, False)
    assert engine.require_alive(B).card_counts(B) == {wolf(1): 1}


def test_wolf_result_gives_the_60_60_80_percent_human_table():
    after = worlds(THREE_START).divine(A, B, True)
    assert after == worlds(THREE_A_DIVINES_B_WOLF)
    table = Multiverse.start(3, 1).divine(A, B, True).table
    assert table == after.table
    assert [table.probability(p, "human") for p in (A, B, C)] == [Fraction(3, 5), Fraction(3, 5), Fraction(4, 5)]
    assert [table.probability(p, "wolf") for p in (A, B, C)] == [Fraction(2, 5), Fraction(2, 5), Fraction(1, 5)]
    assert [table.probability(p, "dead") for p in (A, B, C)] == [0, 0, 0]


def test_executing_a_as_seer_then_leaves_b_a_certain_living_wolf():
    engine = Multiverse.start(3, 1).divine(A, B, True).require_alive(A)
    assert engine.card_counts(A) == {VILLAGER: 2, SEER: 1, wolf(1): 2}
    after = engine.collapse(A, SEER).kill(A)
    assert after.count == 1
    assert after.table.certain(B, "wolf") and after.table.rows[B].dead == 0
    assert worlds(THREE_A_DIVINES_B_WOLF).collapse(A, SEER).worlds[0][0] == 6


def test_four_players_two_wolves_start_with_24_patterns():
    assert Multiverse.start(4, 2).count == 24
    assert WorldList.start(4, 2).table == worlds(FOUR_START).table


def test_only_the_dominant_wolf_attacks_and_wolves_cannot_attack_wolves():
    after = worlds(FOUR_START).attack(A, C)
    assert after == worlds(FOUR_A_ATTACKS_C)  # 14, 16 deleted; 13, 15, 17, 18 kill C; 19–24 untouched
    assert Multiverse.start(4, 2).attack(A, C).table == after.table


def test_with_wolf1_dead_wolf2_becomes_dominant_in_those_patterns():
    after = worlds(FOUR_WOLF1_DEAD).attack(A, C)
    assert after == worlds(FOUR_WOLF1_DEAD_A_ATTACKS_C)  # 19 and 23 now kill C as well


@pytest.mark.parametrize("players, wolves", [(3, 1), (4, 2), (5, 1), (6, 2), (7, 3)])
def test_start_counts_are_falling_factorials(players, wolves):
    import math

    engine = Multiverse.start(players, wolves)
    assert engine.count == math.perm(players, wolves + 1) == WorldList.start(players, wolves).count
    assert engine.table == WorldList.start(players, wolves).table
