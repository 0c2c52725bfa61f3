"""The exact engine against brute force: every consistent pair replays without a foul under classical
shogi rules with those types fixed, and every other pair has one (sampled); legal moves are exactly
the moves :meth:`Game.explain` accepts; the lists never empty a piece."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.shogi import Game, Move
from jinrou.shogi import space as sp
from jinrou.shogi.classical import first_foul


def random_game(seed: int, plies: int) -> Game:
    rng = np.random.default_rng(seed)
    game = Game(play_on=True)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[int(rng.integers(len(moves)))])
    return game


def relation(game: Game) -> np.ndarray:
    rows = np.unpackbits(game.space.rows[0].view(np.uint8), axis=1, bitorder="little").astype(bool)
    columns = np.unpackbits(game.space.rows[1].view(np.uint8), axis=1, bitorder="little").astype(bool)
    assert (rows == columns.T).all(), "the two orientations of the relation differ"
    return rows


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40))
def test_consistent_pairs_are_exactly_those_without_a_classical_foul(seed, plies):
    game = random_game(seed, plies)
    rows = relation(game)
    rng = np.random.default_rng(seed)
    members = np.argwhere(rows)
    picks = [tuple(members[i]) for i in rng.integers(len(members), size=30)]
    picks += [(members[i][0], int(rng.integers(sp.N))) for i in rng.integers(len(members), size=40)]
    picks += [tuple(int(x) for x in rng.integers(sp.N, size=2)) for _ in range(40)]
    for a, b in picks:
        types = np.concatenate([sp.TYPES[a], sp.TYPES[b]])
        assert (first_foul(game.moves, types) is None) == rows[a, b], (a, b, [str(m) for m in game.moves])


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30))
def test_legal_moves_are_exactly_the_accepted_moves_and_each_can_be_played(seed, plies):
    game = random_game(seed, plies)
    legal = set(game.legal_moves())
    accepted = set()
    for piece in range(20):
        for to in range(25):
            for drop, promote in ((False, False), (False, True), (True, False)):
                try:
                    move = game.resolve(Move(piece, to, drop=drop, promote=promote))
                except ValueError:
                    continue
                if game.explain(move) is None:
                    accepted.add(move)
    assert legal == accepted
    for move in list(legal)[:6]:
        child = game.copy()
        child.push(move)
        assert all(child.possible(p) for p in range(20)), "a piece lost every type"
        assert child.assignments() > 0


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_determination_list_never_empties_a_piece_and_only_narrows(seed):
    rng = np.random.default_rng(seed)
    game = Game(play_on=True)
    previous = [game.possible(p) for p in range(20)]
    for _ in range(25):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[int(rng.integers(len(moves)))])
        now = [game.possible(p) for p in range(20)]
        assert all(now) and all(n & ~p == 0 for n, p in zip(now, previous))
        previous = now
    assert game.assignments() == int(relation(game).sum())


def test_exact_probabilities_sum_to_one_and_match_the_list():
    game = Game(["⑤c4", "⑭xc4", "⑦c2", "⑫xc2", "①b2"])
    table = game.probabilities()
    assert all(sum(row) == 1 for row in table)
    for piece, marks in enumerate(game.determination()):
        assert [p > 0 for p in table[piece]] == [m != "●" for m in marks]
    assert sum(table[p][5] for p in range(10)) == 1  # exactly one sente king
