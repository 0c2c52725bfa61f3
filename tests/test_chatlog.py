"""A room's chat beside a game record: every reader checks its shape and replays the game alone."""

import pytest

from jinrou.chatlog import check_chat
from jinrou.errors import RecordError
from jinrou.quantum.record import Record
from jinrou.shogi.record import Record as ShogiRecord

LINE = {"name": "Ann", "text": "hello", "phase": "day 1", "channel": "village"}


def test_a_list_of_lines_is_accepted():
    check_chat([LINE, {**LINE, "channel": "wolves"}])
    check_chat([])


@pytest.mark.parametrize(("chat", "message"), [
    ("hello", '"chat" must be a list of lines'),
    ([LINE, {**LINE, "seat": 1}], "chat line 2: a line is"),
    ([{**LINE, "text": 3}], "chat line 1: a line is"),
    ([["Ann", "hello"]], "chat line 1: a line is"),
])
def test_a_malformed_chat_names_its_line(chat, message):
    with pytest.raises(RecordError, match=message):
        check_chat(chat)


def test_the_quantum_and_shogi_readers_take_a_chat_and_check_it():
    quantum = {"format": "jinrou.quantum/1", "players": ["A", "B", "C"], "wolves": 1, "seed": 1, "events": []}
    assert Record.read({**quantum, "chat": [LINE]}) == Record.read(quantum)
    with pytest.raises(RecordError, match='"chat" must be a list'):
        Record.read({**quantum, "chat": {}})
    shogi = {"format": "jinrou.shogi/1", "moves": []}
    assert ShogiRecord.read({**shogi, "chat": [LINE]}).moves == ShogiRecord.read(shogi).moves
    with pytest.raises(RecordError, match="chat line 1"):
        ShogiRecord.read({**shogi, "chat": [{}]})
