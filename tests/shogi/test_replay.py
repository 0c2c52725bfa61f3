"""The one replay of shogi moves (jinrou.shogi.replay): steps, numbering from 1, the determination
list after each move, resignation, and Record.replay as the same walk run to the end."""

from itertools import islice

import pytest

from jinrou.errors import RecordError
from jinrou.shogi import Game, Side, Termination
from jinrou.shogi.record import Record
from jinrou.shogi.replay import steps

SAMPLE = ["⑤c4", "⑭xc4", "⑦c2", "⑫xc2", "①b2"]


def test_each_step_names_its_number_side_and_canonical_move():
    walked = [(s.number, s.side, str(s.move)) for s in steps(Game(), ["5-c4", "14xc4", "7c2", "12xc2", "1-b2"])]
    assert walked == [(1, Side.SENTE, "⑤c4"), (2, Side.GOTE, "⑭xc4"), (3, Side.SENTE, "⑦c2"),
                      (4, Side.GOTE, "⑫xc2"), (5, Side.SENTE, "①b2")]


def test_the_determination_list_after_each_move_has_its_known_marks():
    # marks: 歩 香 銀 金 猫 玉; the values are those of the shogi record doctest and test_record.py's CLI test
    lists = [s.determination for s in steps(Game(), SAMPLE)]
    assert lists[0][4] == "●●●●〇●"  # ⑤c4 leaves ⑤ one type: 猫
    assert lists[-1][0] == "●●++●●" and lists[-1][5] == "〇●●●●●" and lists[-1][13] == "+++++●"
    assert all(len(marks) == 20 and all(len(m) == 6 for m in marks) for marks in lists)


def test_the_game_shows_the_position_after_each_step_while_it_is_walked():
    game = Game()
    for step in steps(game, SAMPLE):
        assert len(game.moves) == step.number and tuple(game.determination()) == step.determination
    assert game.outcome is None and game.assignments() == 163968


def test_an_illegal_move_is_named_by_its_number_after_the_moves_before_it_are_yielded():
    walk = steps(Game(), ["⑤c4", "⑭xc4", "⑤*c3"])
    assert [s.number for s in islice(walk, 2)] == [1, 2]
    with pytest.raises(RecordError, match=r"^move 3 '⑤\*c3': illegal move"):
        next(walk)
    with pytest.raises(RecordError, match="^move 1 '⑤c9': cannot read move"):
        list(steps(Game(), ["⑤c9"]))


def test_a_resignation_comes_after_the_last_move_and_not_after_the_end():
    game = Game()
    list(steps(game, SAMPLE, resigned=1))
    assert game.outcome is not None and game.outcome.winner is Side.SENTE
    assert game.outcome.termination is Termination.RESIGNATION
    with pytest.raises(RecordError, match="gote resigned after the game had ended"):
        list(steps(game, [], resigned=1))


def test_record_replay_is_the_same_walk_run_to_the_end():
    record = Record(tuple(SAMPLE), resigned=0)
    walked = Game()
    last = list(steps(walked, record.moves, record.resigned))[-1]
    replayed = record.replay()
    assert replayed.determination() == walked.determination() == list(last.determination)
    assert replayed.outcome == walked.outcome and replayed.moves == walked.moves
