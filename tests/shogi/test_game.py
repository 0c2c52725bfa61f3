"""Quantum mini-shogi rules: the source's sample game, one hand-made game per rule, bad moves."""

import numpy as np
import pytest

from jinrou.errors import IllegalActionError, NotationError
from jinrou.shogi import Game, Move, Outcome, PieceType
from jinrou.shogi import space as sp
from jinrou.shogi.classical import attacked, pawn_drop_mates
from jinrou.shogi.game import type_names

SAMPLE = ["⑤c4", "⑭xc4", "⑦c2", "⑫xc2", "①b2"]

# 駒確定状況リスト after move 5, copied from the source (quantum-mini-shogi.ja.txt, 【対戦サンプル】)
SOURCE_LIST = """
①:●●++●● ⑪:++++++
②:++++●+ ⑫:++++++
③:++++●+ ⑬:++++++
④:++++●+ ⑭:+++++●
⑤:●●●●〇● ⑮:++++++
⑥:〇●●●●● ⑯:++++++
⑦:++++●● ⑰:++++++
⑧:++++●+ ⑱:++++++
⑨:++++●● ⑲:++++++
⑩:〇●●●●● ⑳:++++++
"""


def source_list() -> list[str]:
    pairs = [line.split() for line in SOURCE_LIST.strip().splitlines()]
    return [left.split(":")[1] for left, _ in pairs] + [right.split(":")[1] for _, right in pairs]


def types_of(game: Game, piece: str) -> str:
    return type_names(game.possible(Move.parse(piece + "a1").piece))


def test_sample_game_determination_list_after_move_5_is_the_sources():
    game = Game(SAMPLE)
    assert game.determination() == source_list()
    assert game.outcome is None and game.turn == 1


def test_sample_game_step_by_step_claims_of_the_source():
    game = Game(SAMPLE[:1])
    assert types_of(game, "⑤") == "猫" and types_of(game, "⑩") == "歩"  # knight jump: the cat; column 5's pawn
    game.push(SAMPLE[1])
    assert "玉" not in types_of(game, "⑭")  # c4 is attacked by ⑨ whatever ⑨ is
    assert game.position.hand(1) == [4]  # ⑤ on gote's stand
    game.push(SAMPLE[2])
    assert "玉" not in types_of(game, "⑦") and "玉" not in types_of(game, "⑨")
    game.push(SAMPLE[3])
    game.push(SAMPLE[4])
    assert types_of(game, "①") == "銀/金" and types_of(game, "⑥") == "歩"


def test_start_position_has_one_pawn_per_column_pair():
    game = Game()
    assert game.assignments() == 3840 * 3840
    # ⑧ stepped forward and straight back: gold or cat (a king would have stood attacked on c3), so no
    # pawn, and ③ — the other piece of column 3 — is the pawn
    game = Game(["⑧c3", "⑮c5", "⑧b3", "⑮d5"])
    assert types_of(game, "⑧") == "金/猫"
    assert types_of(game, "③") == "歩"


def test_promotion_says_pawn_lance_or_silver():
    # ⑥ (captured by gote, possibly 香/銀/金) steps onto gote's far row and promotes: 香 or 銀 (歩 was ruled out before)
    moves = ["⑦c4", "⑫xb1", "①xb1", "⑥*b2", "⑦xd4", "⑥xa2+"]
    before = Game(moves[:-1])
    assert types_of(before, "⑥") == "香/銀/金"
    after = Game(moves)
    assert types_of(after, "⑥") == "香/銀" and after.position.promoted[5]


def test_a_promoted_piece_moves_as_gold():
    game = Game(["⑦c4", "⑫xb1", "①xb1", "⑥*b2", "⑦xd4", "⑥xa2+", "⑨c4"])
    legal = {str(m) for m in game.legal_moves() if m.piece == 5}
    assert legal == {"⑥a1", "⑥xa3", "⑥b2"}  # gote's gold steps from a2: sideways and back, not a silver's b1/b3


def test_entering_the_far_row_unpromoted_is_no_king_pawn_or_lance():
    moves = ["④c5", "⑮xc5", "⑦xd2", "⑱c4", "⑧c2", "⑱xa3", "⑧xd3", "③*c2"]
    before = Game(moves)
    assert types_of(before, "⑧") == "銀/金/玉"
    after = Game(moves + ["⑧e3"])
    assert types_of(after, "⑧") == "銀/金"  # 入玉禁止, and a pawn or lance would have had to promote
    assert types_of(Game(moves + ["⑧e3+"]), "⑧") == "銀"  # of these only the silver promotes


def test_captured_piece_is_not_a_king_even_at_move_one():
    game = Game(["⑥xd2"])  # ⑥'s knight jump: the cat; ⑫ stood attacked in the start position
    assert types_of(game, "⑥") == "猫"
    assert "玉" not in types_of(game, "⑫")


def test_piece_left_attacked_is_not_its_owners_king():
    game = Game(["⑧c3"])  # c3 is attacked by ⑬ (forward step, any type)
    assert "玉" not in types_of(game, "⑧")
    assert game.king_candidates(0) == [0, 1, 2, 3, 4, 5, 6, 8, 9]


def test_the_cat_cannot_be_dropped():
    game = Game(["⑥xd2", "⑰xd2", "⑩c5"])  # gote holds ⑥, the cat
    before = (game.determination(), game.assignments(), list(game.moves))
    reason = game.explain("⑥*c3")
    assert reason == "⑥ cannot be dropped on c3: only 歩/香/銀/金 could, and ⑥ can only be 猫"
    with pytest.raises(IllegalActionError, match="cannot be dropped"):
        game.push("⑥*c3")
    assert (game.determination(), game.assignments(), list(game.moves)) == before


def test_a_drop_on_the_far_row_is_no_pawn_or_lance():
    moves = ["⑥xd1", "⑬c4", "⑧xd2", "⑭d3", "⑥xe1+", "⑬xb4", "①b1"]
    assert types_of(Game(moves), "⑨") == "歩/銀/金"
    assert types_of(Game(moves + ["⑨*a1"]), "⑨") == "銀/金"


SAME_ORIGIN_NIFU = ["⑦c1", "⑫xc1", "④c5", "⑫d2", "⑥c2", "⑭xc5", "⑧a4", "⑦*c1", "⑩xc5", "⑮xb4", "⑧xb4", "⑬c3",
                    "③b3", "⑦xc2", "⑭*d5", "⑥*d3", "①b1", "⑪xb1", "⑧a4", "⑬xb3", "②b2", "⑪a1+", "⑧b4", "⑦xb2",
                    "⑭xe4", "⑱xe4", "⑧b5", "⑭*b1", "⑲*b4", "⑦a3", "⑩xe5+", "⑱e3", "⑳*a2", "⑭c1", "⑳b2", "⑪a2",
                    "⑳c2", "⑫xc2", "⑲c4"]


@pytest.mark.parametrize(("moves", "drop", "pawn"), [
    # sente drops gote's ⑭ (a pawn) on column 4, where sente's own pawn stands: pieces of two origins
    (["⑧c3", "⑰c1", "⑦xd3", "⑲xd3", "⑧c2", "⑲e4", "⑨xd4", "⑱c3"], "⑭*b4", "⑭"),
    # found by random play, played on: gote drops its own ⑳ (a pawn) on column 3 beside its pawn ⑲
    (SAME_ORIGIN_NIFU, "⑳*c3", "⑳"),
])
def test_nifu_refuses_a_second_pawn_on_a_column(moves, drop, pawn):
    game = Game(moves, play_on=True)
    assert types_of(game, pawn) == "歩"
    reason = game.explain(drop)
    assert reason is not None and reason.startswith("二歩")


def test_pawn_drop_mate_with_fixed_types():
    # gote's king ⑯ on e1 boxed in by its own ⑫ (d2, a pawn) and ⑰ (e2, a lance); sente's gold ① on c1
    # guards d1; sente drops the pawn ⑩ on d1
    squares = np.full(20, -1, np.int64)
    owners = np.array([0] * 10 + [1] * 10, np.int64)
    types = np.zeros(20, np.int64)
    squares[[0, 9, 15, 11, 16]] = [10, 15, 20, 16, 21]  # c1, d1, e1, d2, e2
    types[[0, 9, 15, 11, 16]] = [PieceType.GOLD, PieceType.PAWN, PieceType.KING, PieceType.PAWN, PieceType.LANCE]
    promoted = np.zeros(20, np.bool_)
    assert pawn_drop_mates(9, 15, types, squares, owners, promoted)
    unguarded = squares.copy()
    unguarded[0] = -1
    assert not pawn_drop_mates(9, 15, types, unguarded, owners, promoted)  # the king takes the pawn
    gold_next_door = types.copy()
    gold_next_door[11] = PieceType.GOLD
    assert not pawn_drop_mates(9, 15, gold_next_door, squares, owners, promoted)  # ⑫ takes it sideways


def test_fourfold_repetition_is_a_draw():
    game = Game(["⑧c3", "⑮c5", "⑧b3", "⑮d5"] * 3)
    assert game.outcome is not None and game.outcome.winner is None and "千日手" in game.outcome.reason


CHECKING = ["⑦c4", "⑭c3", "⑦c5", "⑯c2", "⑦c4", "⑯b2", "⑧c2", "⑱d4", "⑦xd2"]  # found by random play
CHECK_CYCLE = ["⑰e3", "⑦c4", "⑰e2", "⑦d2"]  # gote's king steps away and back, sente's cat checks again


def test_a_certain_check_is_a_king_attacked_in_every_consistent_assignment():
    game = Game(CHECKING, play_on=True)
    assert game.checks == [False] * 8 + [True]
    rows = np.unpackbits(game.space.rows[0].view(np.uint8), axis=1, bitorder="little").astype(bool)
    for a, b in np.argwhere(rows)[:50]:
        types = np.concatenate([sp.TYPES[a], sp.TYPES[b]])
        king = 10 + int(np.flatnonzero(sp.TYPES[b] == PieceType.KING)[0])
        squares, owners, promoted = (np.array(x) for x in (game.position.squares, game.position.owners,
                                                            game.position.promoted))
        assert attacked(game.position.squares[king], 0, types, squares, owners, promoted, game.position.occupied(), -1)


def test_perpetual_check_must_vary_instead_of_repeating_a_fourth_time():
    game = Game(CHECKING + CHECK_CYCLE * 2 + CHECK_CYCLE[:3], play_on=True)
    reason = game.explain("⑦d2")
    assert reason is not None and reason.startswith("連続王手の千日手")
    assert all(str(m) != "⑦d2" for m in game.legal_moves())


def test_king_determined_ends_the_game_and_its_side_loses():
    game = Game(CHECKING[:3])
    assert game.outcome is None and game.king_candidates(1) == [10, 12, 14, 15, 16]
    # ⑯'s knight jump makes it the cat, so ⑪ (column 1's other piece) is the pawn; ⑬ (d3) and ⑮ (d5) are
    # left attacked by sente's cat ⑦ on c5: only ⑰ can be gote's king
    game.push(CHECKING[3])
    assert game.king_candidates(1) == [16]
    assert game.outcome == Outcome(0, "gote's king ⑰ is determined")
    assert game.legal_moves() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.push("⑦c4")


def test_resignation():
    game = Game(SAMPLE)
    game.resign(1)
    assert game.outcome is not None and game.outcome.winner == 0 and game.outcome.reason == "resignation"


BAD_MOVES = [
    ([], "⑪c1", IllegalActionError, "⑪ is not sente's piece"),
    ([], "①a2", IllegalActionError, "a2 holds sente's own ②"),
    ([], "⑦xc2", IllegalActionError, "nothing to capture on c2"),
    ([], "⑦*c2", IllegalActionError, "⑦ is on the board, not in hand"),
    ([], "⑦c5", IllegalActionError, "⑦ cannot go b2→c5: no piece may do that"),
    ([], "⑦c2+", IllegalActionError, "⑦ cannot go b2→c2 promoting"),
    (["⑤c4", "⑮c5"], "⑤d5", IllegalActionError, "⑤ cannot go c4→d5: only 銀/金/玉 could, and ⑤ can only be 猫"),
    (["⑧c5", "⑯c2", "⑧xe4"], "⑫c1", IllegalActionError, "王手放置: this move leaves gote's king attacked"),
    (["⑤c4", "⑭xc4"], "⑤*c3", IllegalActionError, "⑤ is not sente's piece"),
    ([], "⑲c9", NotationError, "cannot read move"),
    ([], "㉑c1", NotationError, "cannot read move"),
    ([], "21-c1", NotationError, "pieces are 1–20"),
    ([], "7*c3+", NotationError, "cannot promote on a drop"),
]


@pytest.mark.parametrize(("before", "text", "error", "message"), BAD_MOVES)
def test_bad_moves_are_refused_with_the_reason_and_change_nothing(before, text, error, message):
    game = Game(before)
    state = (game.determination(), game.assignments(), list(game.moves), game.position)
    with pytest.raises(error) as caught:
        game.push(text)
    assert message in str(caught.value)
    assert (game.determination(), game.assignments(), list(game.moves), game.position) == state


def test_pawn_drop_mate_is_refused_in_a_played_game():
    # found by random play, played on past the end: both kings are determined by now (⑤ and ⑳); sente's ⑮, a
    # pawn, dropped on b4 would attack gote's king ⑳ on c4, which has no escape
    moves = ["①c2", "⑭c4", "⑨xc4", "⑰c1", "⑨c5", "⑰xa2", "⑧xa2", "⑬c4", "①c1", "⑬d3", "⑭*a1", "②*d4",
             "⑨xd5", "⑳xd5", "①xd1", "②xa4+", "⑤xa4", "⑨*e5", "⑪*b3", "⑳c4", "②*c5", "⑬c2", "⑪xe3+", "⑲d4"]
    game = Game(moves, play_on=True)
    reason = game.explain("⑮*b4")
    assert reason is not None and reason.startswith("打ち歩詰")
    assert all(m.piece != 14 or m.to != 8 for m in game.legal_moves())


def test_notation_round_trip_in_both_forms():
    game = Game(SAMPLE)
    for move in game.legal_moves():
        assert Move.parse(str(move)) == Move(move.piece, move.to, move.drop, move.promote, move.capture)
        assert game.resolve(move.ascii()) == move


def test_why_names_the_piece_that_blocks_a_lance():
    game = Game()
    assert game.explain("1-c1") == "① cannot go a1→c1: only a lance (香) could, and ⑥ on b1 blocks the way"
    assert game.explain("2-d2") == "② cannot go a2→d2: only a lance (香) could, and ⑦ on b2 blocks the way"
    assert "no piece may do that" in game.explain("1-c3")  # no type moves like that, blocked or not
