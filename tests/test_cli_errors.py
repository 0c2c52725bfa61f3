"""Issue 15, item by item: every bad input at the command line is one line `error: …` with exit
status 2, refused before any work starts, and nothing is written or lost."""

import copy
import json
import re
import socket

import numpy as np
import pytest
from typer.testing import CliRunner

from jinrou.agents.quantum import HeuristicAgent
from jinrou.cli import app
from jinrou.quantum.game import Setup
from jinrou.quantum.record import Record
from jinrou.quantum.simulate import play

runner = CliRunner()
CIRCLED = re.compile("[\u2460-\u2473]")  # ①–⑳


def refused(args, message, cwd=None):
    """Run ``jinrou ARGS``: exit status 2, one line ``error: …`` containing ``message``."""
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2, (args, result.output)
    assert result.output.startswith("error: ") and result.output.count("\n") == 1, (args, result.output)
    assert message in result.output, (args, result.output)
    assert "Traceback" not in result.output
    return result


def nothing_in(folder):
    assert sorted(p.name for p in folder.iterdir()) == []


# ------------------------------------------------------------------------------ tracebacks


@pytest.mark.parametrize("args", [
    ["quantum", "play", "--seed", "-1"],
    ["quantum", "simulate", "--players", "5", "--games", "1", "--seed", "-1"],
    ["shogi", "play", "--seed", "-1"],
    ["offline", "gm", "--seed", "-3"],
    ["shogi", "replay", "x.json", "--seed", "-1"],
    ["strategy", "count", "x.json", "--seed", "-1"],
])
def test_a_negative_seed_is_refused_before_anything_runs(args):
    refused(args, "invalid value for '--seed': Input should be greater than or equal to 0")


def test_a_record_to_a_missing_folder_or_a_folder_is_refused_before_the_game(tmp_path):
    missing = str(tmp_path / "no" / "game.json")
    for group in ("quantum", "shogi"):
        result = refused([group, "play", "--record", missing], "the folder")
        assert "does not exist" in result.output and "seed" not in result.output  # the game never started
        refused([group, "play", "--record", str(tmp_path)], "is a folder: give a file name")
    refused(["offline", "gm", "--record", missing], "does not exist")
    refused(["offline", "sheet", "--output", str(tmp_path / "no" / "sheet.html")], "does not exist")
    refused(["quantum", "simulate", "--players", "5", "--games", "1", "--seed", "0",
             "--record-dir", "/proc/nope"], "--record-dir '/proc/nope': cannot create the folder")
    (tmp_path / "file").write_text("x")
    refused(["quantum", "simulate", "--players", "5", "--games", "1", "--seed", "0",
             "--record-dir", str(tmp_path / "file")], "is a file, not a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_a_record_that_cannot_be_written_at_the_end_is_saved_elsewhere(tmp_path, monkeypatch):
    from pathlib import Path

    record = tmp_path / "game.json"
    real = Path.write_text

    def full_disk(self, *args, **kwargs):
        if self == record:
            raise OSError(28, "No space left on device")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full_disk)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    result = runner.invoke(app, ["quantum", "play", "--players", "4", "--humans", "0", "--seed", "1",
                                 "--record", str(record)])
    assert result.exit_code == 2
    line = result.output.strip().splitlines()[-1]
    saved = re.search(r"it is saved in (\S+) instead", line)
    assert line.startswith("error: cannot write the record to") and "No space left on device" in line and saved
    assert Record.read(Path(saved[1]).read_text()).replay().is_over  # nothing lost


def test_an_interrupted_game_still_writes_its_record(tmp_path):
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["quantum", "play", "--players", "5", "--seed", "4", "--record", str(record)],
                           input="B\n")  # then the input ends: EOF at the next question
    assert result.exit_code == 130, result.output
    assert "The game is interrupted: its record so far is kept." in result.output
    game = Record.read(record.read_text()).replay()
    assert not game.is_over and game.events


def test_ctrl_d_at_the_shogi_prompt_interrupts_the_game_and_keeps_its_record(tmp_path):
    """Ctrl-D is an interruption (exit 130, as in the other modes), not a finished game; 'quit' is one."""
    from jinrou.shogi.record import Record as ShogiRecord

    record = tmp_path / "game.json"
    result = runner.invoke(app, ["shogi", "play", "--gote", "random", "--seed", "1", "--record", str(record)],
                           input="moves\n")  # then the input ends
    assert result.exit_code == 130, result.output
    assert "The game is interrupted: its record so far is kept." in result.output
    assert ShogiRecord.read(json.loads(record.read_text())).moves == ()
    quit_ = runner.invoke(app, ["shogi", "play", "--gote", "random", "--seed", "1"], input="quit\n")
    assert quit_.exit_code == 0, quit_.output


def test_save_to_a_bad_path_at_the_gm_prompt_keeps_the_game(tmp_path):
    result = runner.invoke(app, ["offline", "gm", "--players", "5", "--wolves", "1", "--seed", "1"],
                           input=f"point A B\nsave /nonexistent/x.json\nsave {tmp_path}\npoint B C\n"
                                 f"save {tmp_path / 'ok.json'}\nquit\n", env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert "✗ cannot save to '/nonexistent/x.json': No such file or directory" in result.output
    assert f"✗ cannot save to '{tmp_path}': it is a folder" in result.output
    saved = json.loads((tmp_path / "ok.json").read_text())
    assert len(saved["entries"]) == 2  # the game went on after the failed saves


def test_solve_table_checks_plot_workers_and_cluster_before_solving(tmp_path):
    refused(["solve", "table", "--plot", str(tmp_path / "no" / "t.png")], "does not exist")
    refused(["solve", "table", "--plot", str(tmp_path / "t.jpg")], "name the file .png or .svg or .pdf")
    refused(["solve", "table", "--plot", str(tmp_path)], "is a folder")
    for workers in ("-2", "0"):
        refused(["solve", "table", "--workers", workers], "invalid value for '--workers': Input should be greater than or equal to 1")
    refused(["solve", "table", "--max-players", "1000000"], "invalid value for '--max-players'")
    with socket.socket() as closed:  # a port nobody listens on: refused at once
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    result = refused(["solve", "table", "--cluster", f"tcp://127.0.0.1:{port}"], "cannot reach the Dask scheduler")
    assert len(result.output) < 300
    refused(["solve", "table", "--cluster", "nonsense"], "cannot read the scheduler address 'nonsense'")
    nothing_in(tmp_path)


def test_solve_table_prints_the_table_even_if_the_chart_cannot_be_saved(tmp_path, monkeypatch):
    from jinrou.solve import table

    def broken(results, path, title):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(table, "plot", broken)
    result = runner.invoke(app, ["solve", "table", "--max-players", "4", "--iterations", "5", "--workers", "1",
                                 "--plot", str(tmp_path / "t.png")])
    assert result.exit_code == 2
    assert "village win rate" in result.output  # the table came first
    assert result.output.strip().splitlines()[-1].startswith("error: cannot write the chart")


@pytest.mark.parametrize(("args", "message"), [
    (["--port", "70000"], "invalid value for '--port': Input should be less than or equal to 65535"),
    (["--port", "-1"], "invalid value for '--port': Input should be greater than or equal to 1"),
    (["--host", "999.1.1.1"], "--host '999.1.1.1' is not an IP address"),
    (["--host", "no-such-host.invalid"], "--host 'no-such-host.invalid' is not a known address"),
])
def test_serve_refuses_a_bad_port_or_host_before_serving(args, message, tmp_path):
    db = tmp_path / "jinrou.db"
    result = refused(["serve", *args, "--db", str(db)], message)
    assert "serving at" not in result.output and not db.exists()


def test_serve_refuses_a_port_in_use_before_serving(tmp_path):
    db = tmp_path / "jinrou.db"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = refused(["serve", "--port", str(port), "--db", str(db)], f"port {port} on 127.0.0.1 is in use")
    assert "serving at" not in result.output and not db.exists()


# ------------------------------------------------------------------------------ wrong or unhelpful


def test_a_negative_player_count_is_quoted():
    refused(["quantum", "simulate", "--players", "-3", "--games", "1", "--seed", "0"],
            "quantum werewolf needs at least 3 players, not -3")
    refused(["quantum", "simulate", "--players", str(10**12), "--games", "1", "--seed", "0"],
            "quantum werewolf takes at most 1000 players, not 1000000000000")
    refused(["offline", "gm", "--players", "-3"], "offline quantum werewolf needs at least 3 players, not -3")


def test_the_sheet_says_how_many_pages_it_prints_on(tmp_path):
    small = runner.invoke(app, ["offline", "sheet", "--players", "10", "--output", str(tmp_path / "a.html")])
    assert small.exit_code == 0 and "one A4 landscape page" in small.output
    large = runner.invoke(app, ["offline", "sheet", "--players", "200", "--output", str(tmp_path / "b.html")])
    assert large.exit_code == 0 and "about 6 A4 landscape pages" in large.output
    assert "one A4" not in large.output and "<thead>" in (tmp_path / "b.html").read_text()


def _record(seed=3):
    game = play(Setup.create(7), [HeuristicAgent() for _ in range(7)], np.random.default_rng(seed))
    return Record.of(game, seed).write()


def test_a_tampered_table_cell_is_named_in_one_short_line(tmp_path):
    data = _record()
    at = next(i for i, e in enumerate(data["events"]) if e["type"] == "table" and i > 0)
    data["events"][at]["rows"]["B"]["wolf"] += 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = refused(["quantum", "replay", str(path)], f"event {at + 1} (table): rows['B']['wolf'] is")
    assert "but the rules give" in result.output and len(result.output) < 200


def test_a_tampered_divination_is_reported_at_its_night(tmp_path):
    data = _record()
    night = next(i for i, e in enumerate(data["events"]) if e["type"] == "night")
    seer, result = next((s, r) for s, r in data["events"][night]["divinations"].items() if r in ("wolf", "human"))
    bad = copy.deepcopy(data)
    bad["events"][night]["divinations"][seer] = "human" if result == "wolf" else "wolf"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    refused(["quantum", "replay", str(path)], f"event {night + 1} (night): {seer}'s divination of")


def test_events_are_numbered_from_1_in_every_record(tmp_path):
    quantum = tmp_path / "q.json"
    quantum.write_text(json.dumps({"format": "jinrou.quantum/1", "players": ["A", "B", "C"], "wolves": 1,
                                   "events": [{"type": "dance"}]}))
    refused(["quantum", "replay", str(quantum)], "event 1: unknown type 'dance'")
    offline = tmp_path / "o.json"
    offline.write_text(json.dumps({"format": "jinrou.offline/1", "players": list("ABCDE"), "wolves": 1, "seed": 1,
                                   "entries": [{"type": "point", "night": 1, "player": "A", "target": "A"}]}))
    refused(["offline", "gm", "--resume", str(offline)], "event 1 (point): A cannot point at himself")
    shogi = tmp_path / "s.json"
    shogi.write_text(json.dumps({"format": "jinrou.shogi/1", "moves": ["⑤c9"]}))
    refused(["shogi", "replay", str(shogi)], "move 1: cannot read move '⑤c9'")


def test_solve_game_refuses_a_bad_strategy_before_solving():
    for key, message in [("nonsense", "unknown information set 'nonsense' (--strategy): write G"),
                         ("G,4 0 0 1,vR", "this setup has no guard"),
                         ("M,9 0 0 1,vR", "this setup's counts (villagers seer guard wolves) are '4 0 0 1'")]:
        result = refused(["solve", "game", "--iterations", "100000000", "--strategy", key], message)
        assert "village win rate" not in result.output
    refused(["solve", "game", "--villagers", "100"], "101 players is too many to solve: at most 30")


def test_a_shogi_record_cut_short_is_explained(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"format": "jinrou.shogi/1", "moves": ["⑤c4", "⑭xc4"],
                                "result": {"winner": "sente", "reason": "king determined"}}))
    refused(["shogi", "replay", str(path)], "after its 2 moves the game is still in progress: moves are missing")


def test_help_shows_flags_without_a_type_and_there_is_a_version():
    for args in (["solve", "table", "--help"], ["quantum", "replay", "--help"], ["quantum", "play", "--help"]):
        result = runner.invoke(app, args, env={"COLUMNS": "120"})
        assert result.exit_code == 0 and "--help" in result.output
        assert "<bool>" not in result.output, args
    version = runner.invoke(app, ["--version"])
    from jinrou import __version__
    assert version.exit_code == 0 and version.output == f"jinrou {__version__}\n"


def test_jinrou_help_lists_every_group():
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    for name in ("serve", "quantum", "offline", "strategy", "solve", "shogi", "classic", "yaminabe"):
        assert re.search(rf"│ {name}\s", result.output), name


def test_jinrou_help_imports_no_heavy_library():
    import subprocess
    import sys

    program = ("import sys\nfrom jinrou.cli import app\ntry:\n    app(['--help'])\nexcept SystemExit:\n    pass\n"
               "print(sorted(m for m in ('numpy', 'numba', 'dask', 'matplotlib') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_shogi_play_with_ascii_never_prints_circled_numbers():
    result = runner.invoke(app, ["shogi", "play", "--ascii", "--seed", "3", "--gote", "random"],
                           input="help\nwhy 1-c1\n5-c4\n1-e1\nmoves\nquit\n")
    assert result.exit_code == 0, result.output
    assert "1 cannot go a1→c1: only a lance (香) could, and 6 on b1 blocks the way" in result.output
    assert "last move: 5-c4" in result.output
    assert not CIRCLED.search(result.output), CIRCLED.findall(result.output)[:5]


def test_quantum_play_takes_names_in_any_case_and_says_when_a_night_has_nothing_for_you():
    result = runner.invoke(app, ["quantum", "play", "--players", "5", "--seed", "4", "--bots", "random"],
                           input="b\nc\nd\ne\n" * 40)
    assert result.exit_code == 0, result.output
    assert "Please select one of the available options" not in result.output  # 'b' is B


def test_a_night_with_nothing_to_do_is_said():
    import io
    import random

    from rich.console import Console

    from jinrou.quantum.game import Game
    from jinrou.terminal.quantum import TerminalPlay

    for seed in range(60):  # a game where the human is certainly a villager on some night (seed 4 is one)
        out, choose = io.StringIO(), random.Random(seed)
        TerminalPlay(Game.new(Setup.create(6)), [None] + [HeuristicAgent() for _ in range(5)],
                     np.random.default_rng(seed), Console(file=out, width=120),
                     lambda prompt, choices=None, choose=choose, **_: choose.choice(choices) if choices else "").run()
        text = out.getvalue()
        if "nothing to do for you tonight" in text:
            night = re.search(r"(Night \d+): nothing to do for you tonight — you can be neither the seer nor a wolf\. "
                              r"The night passes\.", text)
            assert night and "You are certainly a villager." in text[:night.start()]  # his view came first
            return
    pytest.fail("no game with an idle night in 60 seeds")


def test_player_names_are_shown_as_typed_never_as_markup():
    result = runner.invoke(app, ["quantum", "play", "--names", "Ann,[/],[red]x,Dee", "--humans", "0", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "[/]" in result.output and "[red]x" in result.output


# ------------------------------------------------------------------------------ issue 26, points 19 and 11


def test_a_sheet_is_written_only_under_an_html_name(tmp_path):
    refused(["offline", "sheet", "--output", str(tmp_path / "sheet.pdf")], "name the file .html or .htm")
    nothing_in(tmp_path)


@pytest.mark.parametrize("args", [
    ["classic", "simulate", "--players", "9", "--games", "1", "--seed", "1", "--record-dir", ""],
    ["quantum", "simulate", "--players", "5", "--games", "1", "--seed", "1", "--record-dir="],
    ["serve", "--db", ""],
    ["classic", "replay", " "],
])
def test_an_empty_value_is_refused_not_read_as_the_current_folder_or_the_default(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused(args, "it is empty: give a name or value")
    nothing_in(tmp_path)  # no records in the current folder, no jinrou.db


def test_the_store_error_never_shows_the_password(monkeypatch):
    """A malformed URL is quoted whole by the driver (psycopg's ProgrammingError): the password is hidden."""
    secret = "s3cr3t-pw"
    with socket.socket() as probe:  # a free port (serve binds it before it opens the store)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = refused(["serve", "--port", str(port), "--db", f"postgresql://ann:{secret}@[bad/jinrou"],
                     "cannot open the store 'postgresql://ann:***@[bad/jinrou'")
    assert secret not in result.output


def _free_port() -> int:
    with socket.socket() as probe:  # serve binds its port before it opens the store
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("secret", ["p", "o", "st", "s3cret"])
def test_a_short_password_is_masked_where_it_stands_not_in_every_word(secret):
    """Issue 40, point 8: the password `p` used to turn "open" into "o***en" and the URL into
    "***ostgresql://…"; only the password itself is masked now."""
    result = refused(["serve", "--port", str(_free_port()), "--db", f"postgresql://ann:{secret}@[bad/games"],
                     "error: cannot open the store 'postgresql://ann:***@[bad/games'")
    assert f":{secret}@" not in result.output and "***ostgresql" not in result.output


def test_a_postgresql_store_without_psycopg_names_the_extra(monkeypatch):
    """Issue 40, point 8: without the postgres extra, the error says how to install it."""
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name.startswith("psycopg") else find_spec(name, *a))
    result = refused(["serve", "--port", str(_free_port()), "--db", "postgresql://ann:pw@127.0.0.1/jinrou"],
                     "error: a PostgreSQL store needs psycopg and psycopg_pool, which are not installed: "
                     "pip install -e '.[postgres]' in a checkout (else pip install 'jinrou[postgres]')")
    assert "pw" not in result.output


def test_serve_help_names_all_three_games():
    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "quantum werewolf (量子人狼), quantum mini-shogi (量子ミニ将棋) and classic werewolf (人狼)" in text


@pytest.mark.parametrize("group", ["quantum", "shogi", "classic"])
def test_every_replay_says_alike_that_a_record_is_missing_or_a_folder(group, tmp_path):
    """``classic replay`` said 'cannot read x.json: No such file or directory' where the others say
    'x.json does not exist': one wording for one mistake."""
    missing = str(tmp_path / "x.json")
    refused([group, "replay", missing], f"error: {missing} does not exist")
    refused([group, "replay", str(tmp_path)], f"error: {tmp_path} is a folder: give a file")


def test_ctrl_c_on_serve_exits_130_and_leaves_no_alarm_behind(tmp_path, monkeypatch, capsys):
    """Ctrl-C on ``jinrou serve``, which no command code catches (uvicorn stops, then raises it
    again): exit 130, and the insisting timer of jinrou.interrupts is stopped — it was left armed, so
    the process often died of its SIGALRM while exiting ("Alarm clock", status 142)."""
    import os
    import signal
    import threading

    from jinrou.cli.common import RootGroup

    from .server.conftest import free_port

    port = free_port()
    saved = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGALRM)
    monkeypatch.setattr(RootGroup, "program", True)  # as the console script runs it

    def press_ctrl_c_once_listening():
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                threading.Event().wait(0.05)
        os.kill(os.getpid(), signal.SIGINT)

    presser = threading.Thread(target=press_ctrl_c_once_listening)
    presser.start()
    try:
        with pytest.raises(SystemExit) as exited:
            app(["serve", "--port", str(port), "--db", str(tmp_path / "j.db")], prog_name="jinrou")
        armed = signal.getitimer(signal.ITIMER_REAL)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGINT, saved[0])
        signal.signal(signal.SIGALRM, saved[1])
        presser.join()
    assert exited.value.code == 130
    assert armed == (0.0, 0.0)
    banner = capsys.readouterr().out.splitlines()[0]  # one line, whatever the width (a log file's is 80)
    assert banner.startswith("jinrou is serving at http://localhost:") and banner.endswith("— Ctrl+C stops it.")


@pytest.mark.parametrize(("args", "message"), [
    (["quantum", "play", "--players", "1.5"], "invalid value for '--players': '1.5' is not a whole number"),
    (["classic", "play", "--players", "abc"], "invalid value for '--players': 'abc' is not a whole number"),
    (["serve", "--port", "x"], "invalid value for '--port': 'x' is not a whole number"),
    (["classic", "simulate", "--players", "9", "--seed", "1", "--bots", "smart"],
     "invalid value for '--bots': 'smart' is not one of 'random', 'heuristic'"),
])
def test_a_value_of_the_wrong_kind_is_quoted_and_said_in_words(args, message):
    """Not 'Input should be a valid integer, unable to parse string as an integer' (which value?) nor
    'Value error, 'smart' is not one of …': the value typed, and what it should have been."""
    result = refused(args, message)
    assert "Input should be" not in result.output and "Value error" not in result.output
