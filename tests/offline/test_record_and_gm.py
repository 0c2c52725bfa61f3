"""The offline record (round trips, strict reading) and the GM assistant (session and command)."""

import io
import json
import random
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from jinrou.cli import app
from jinrou.errors import RecordError
from jinrou.offline import record
from jinrou.offline.rules import Announce, CastVote, OfflineGame, Point, Setup
from jinrou.terminal.offline import GMSession


def random_game(seed: int, players: int, wolves: int, steps: int = 400) -> OfflineGame:
    """A game played by random people: random pointers, announcements and votes; exact collapses."""
    r, rng = random.Random(seed), np.random.default_rng(seed)
    game = OfflineGame.new(Setup.create(players, wolves))
    for _ in range(steps):
        if game.is_over:
            break
        if game.executed is not None:
            game = game.apply(game.draw_collapse(rng))
            continue
        actor = game.waiting_for()[0]
        target = r.choice(sorted(game.alive - {actor}))
        if game.is_night:
            game = game.apply(Point(game.number, actor, target))
            continue
        if (not game.votes and game.has_seer_possibility(actor) and r.random() < 0.2
                and not any(a.day == game.number and a.player == actor for a in game.announcements)):
            game = game.apply(Announce(game.number, actor, target, r.random() < 0.5))
        game = game.apply(CastVote(game.number, actor, target))
    return game


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 12))
def test_records_round_trip_and_every_state_has_probabilities(seed, players):
    game = random_game(seed, players, max(1, min(2, players - 3)))
    text = record.dumps(game, seed)
    back, saved = record.read(json.loads(text))
    assert back == game and saved == seed
    if game.counts.total:
        assert sum(game.counts.wolf_probability(p) for p in range(players)) == game.setup.wolves


BAD = [
    ("not json", "{", "not JSON"),
    ("format", {"format": "jinrou.offline/2"}, "not a jinrou.offline/1 record"),
    ("unknown player", {"entries": [{"type": "point", "night": 1, "player": "Zed", "target": "A"}]},
     "event 1 (point): unknown player 'Zed'"),
    ("bad field", {"entries": [{"type": "point", "night": 1, "player": "A"}]}, "event 1 (point): a point entry has the fields"),
    ("unknown type", {"entries": [{"type": "dance"}]}, "event 1 (dance): unknown type 'dance'"),
    ("illegal entry", {"entries": [{"type": "point", "night": 1, "player": "A", "target": "A"}]},
     "event 1 (point): A cannot point at himself"),
    ("bad result", {"entries": [{"type": "announce", "day": 1, "player": "A", "target": "B", "result": "fox"}]},
     "event 1 (announce): result must be wolf or human"),
]


@pytest.mark.parametrize("name, change, message", BAD, ids=[b[0] for b in BAD])
def test_malformed_offline_records_are_refused(name, change, message):
    data = change if isinstance(change, str) else {"format": "jinrou.offline/1", "players": list("ABCDE"),
                                                    "wolves": 1, "seed": None, "entries": [], **change}
    with pytest.raises(RecordError, match=re.escape(message)):
        record.read(data)


def _session(tmp_path=None, players=5, wolves=1):
    out = io.StringIO()
    console = Console(file=out, width=120)
    path = tmp_path / "game.json" if tmp_path else None
    return GMSession(OfflineGame.new(Setup.create(players, wolves)), console, seed=3, path=path), out


def test_gm_session_runs_a_day_with_the_exact_threshold_and_the_formula(tmp_path):
    session, out = _session(tmp_path)
    session.execute("point A B B C C D D E E A")
    session.execute("announce a b wolf")  # names are case-insensitive
    session.execute("vote A B B A C B D B E B")
    text = out.getvalue()
    # A (if he is the seer) says B is a wolf: W={B} has 4 seers, W={A} 4, W={C|D|E} 3 each (not A)
    assert "day 1" in text and "B is executed. Exact P(wolf) = 4/17 (23.5%)" in text
    assert "roll 1–24 → wolf" in text and "Source formula: 32.0%" in text
    session.execute("roll 57")  # the GM's roll: above 20, human
    assert session.game.collapsed == {1: False} and session.game.lost_seer == {0}
    saved, seed = record.load(str(tmp_path / "game.json"))  # saved after every entry
    assert saved == session.game and seed == 3


def test_gm_session_errors_change_nothing_and_undo_takes_back_one_entry(tmp_path):
    session, out = _session(tmp_path)
    session.execute("point A B B C")
    before = session.game
    for line in ["point A C", "point C C", "point Q A", "announce A B maybe", "roll", "dance"]:
        session.execute(line)
        assert session.game == before
    text = out.getvalue()
    for message in ["A has already pointed tonight", "C cannot point at himself", "unknown player 'Q'",
                    "announce takes a player, a target and wolf or human", "nobody is awaiting execution",
                    "unknown command 'dance'"]:
        assert message in text
    session.execute("undo")
    assert session.game.entries == before.entries[:-1]


def test_gm_session_draws_reproducibly_from_its_seed():
    games = []
    for _ in range(2):
        session, _ = _session()
        for line in ["point A B B C C D D E E A", "vote A B B A C B D B E B", "roll"]:
            session.execute(line)
        games.append(session.game)
    assert games[0] == games[1] and 1 in games[0].collapsed


runner = CliRunner()


def test_gm_command_with_piped_input_saves_and_resumes(tmp_path):
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["offline", "gm", "--players", "5", "--wolves", "1", "--seed", "4", "--record", str(path)],
                           input="point A B B C C D D E E A\nquit\n")
    assert result.exit_code == 0, result.output
    assert "waiting for the pointers of A, B, C, D, E" in result.output and "day 1" in result.output
    resumed = runner.invoke(app, ["offline", "gm", "--resume", str(path)], input="vote A B B A C B D B E B\nroll 1\n")
    assert resumed.exit_code == 0, resumed.output
    game, seed = record.load(str(path))
    assert seed == 4 and game.collapsed == {1: True, 2: False} and game.winner == "village"  # C: B's victim


def test_sheet_command_writes_one_self_contained_page(tmp_path):
    path = tmp_path / "sheet.html"
    result = runner.invoke(app, ["offline", "sheet", "--names", "Ann,Bob,Cy,Dee", "--wolves", "1", "--output", str(path)])
    assert result.exit_code == 0, result.output
    html = path.read_text()
    assert all(f"<td class=name>{n}</td>" in html for n in ["Ann", "Bob", "Cy", "Dee"])
    assert "@page { size: A4 landscape" in html and "http" not in html and "<script" not in html
    assert "勝敗の判定" in html and "4 players, 1 wolf" in html and "1 wolves" not in html
    bad = runner.invoke(app, ["offline", "sheet", "--players", "2"])
    assert bad.exit_code == 2 and "at least 3 players" in bad.output


def test_player_names_and_commands_complete():
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from jinrou.terminal.offline import completer

    game = OfflineGame.new(Setup.create(["Ann", "Anton", "Bob", "Cy"], 1))
    complete = completer(game)

    def options(text):
        return [c.text for c in complete.get_completions(Document(text), CompleteEvent())]

    assert options("point an") == ["Ann", "Anton"]
    assert options("an") == ["announce"]
    assert options("vote Ann ") == ["Ann", "Anton", "Bob", "Cy"]
    assert options("announce Ann Bob w") == ["wolf"]
    assert options("undo ") == []


def test_gm_log_marks_a_lost_seer_possibility_apart_from_errors_and_counts_wolves_in_words(tmp_path):
    session, out = _session(tmp_path)
    session.execute("point A B B C C D D E E A")
    session.execute("announce A B wolf")
    announced = out.getvalue()
    assert announced.count("consistent ways") == 2  # day 1, and again after the announcement
    session.execute("vote A B B A C B D B E B")
    session.execute("roll 57")  # B collapses to human: A, who called him a wolf, loses the seer possibility
    text = out.getvalue()
    assert "⊘ A " in text and "✗" not in text  # ✗ is kept for refused commands
    assert "1 wolf left" in text and "1 wolves" not in text


def test_gm_session_survives_an_unwritable_record_and_odd_input(tmp_path):
    session, out = _session(tmp_path)
    (tmp_path / "game.json").mkdir()  # the record file became a folder: every save fails
    session.execute("point A B")
    assert len(session.game.entries) == 1  # the entry stands
    assert "not saved: cannot save to" in out.getvalue() and "save FILE" in out.getvalue()
    session.execute(f"save {tmp_path / 'elsewhere.json'}")
    assert record.load(str(tmp_path / "elsewhere.json"))[0] == session.game
    before = session.game
    for line in ["roll ²", "roll 1 2", "point [/] A", "save", "announce [red] B wolf"]:
        session.execute(line)
        assert session.game == before


def test_gm_names_are_never_read_as_markup():
    out = io.StringIO()
    game = OfflineGame.new(Setup.create(["[/]", "B", "[red]", "D"], 1))
    session = GMSession(game, Console(file=out, width=120), seed=1)
    session.show_table()
    session.execute("point [/] B")
    assert "[/]" in out.getvalue() and "[red]" in out.getvalue()


def _interrupted_after(lines):
    """A line reader that gives ``lines``, then is interrupted (Ctrl-C at the prompt)."""
    def reader(_game):
        queue = list(lines)

        def read_line(_prompt):
            if not queue:
                raise KeyboardInterrupt
            return queue.pop(0)

        return read_line

    return reader


def test_ctrl_c_in_gm_exits_130_and_keeps_the_game(tmp_path, monkeypatch):
    """Without --record the game goes to a named file of the temporary folder; with it, to the record."""
    import tempfile

    from jinrou.terminal import offline as terminal

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(terminal, "line_reader", _interrupted_after(["point A B B C"]))
    args = ["offline", "gm", "--players", "5", "--wolves", "1", "--seed", "4"]
    result = runner.invoke(app, args, env={"COLUMNS": "300"})
    assert result.exit_code == 130, result.output
    saved = re.search(r"The game is interrupted: it is saved in (\S+) \(go on with --resume", result.output)
    assert saved and saved[1].startswith(str(tmp_path))
    game, seed = record.load(saved[1])
    assert seed == 4 and len(game.entries) == 2
    path = tmp_path / "game.json"
    result = runner.invoke(app, [*args, "--record", str(path)], env={"COLUMNS": "300"})
    assert result.exit_code == 130 and f"it is saved in {path}" in result.output, result.output
    assert len(record.load(str(path))[0].entries) == 2
