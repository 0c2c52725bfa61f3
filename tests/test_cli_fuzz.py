"""A bounded fuzz of the whole ``jinrou`` command (issue 15): every command, including the
``classic`` and ``yaminabe`` groups, run through the CLI runner with one generated bad argument or
bad file at a time — unknown options, values of the wrong type, negative and huge numbers, unicode,
missing files, folders, unreadable, empty, truncated or deeply nested JSON, records of the wrong
format, unwritable output paths.

Each run must end with exit status 2 and exactly one line ``error: …`` — no traceback — and write
nothing: neither in the working folder (where default outputs such as ``offline-sheet.html`` would
go) nor next to the fixtures. Hypothesis runs a fixed number of examples (derandomized, so CI sees
the same ones, in about 20 s); ``FUZZ_EXAMPLES=5000 python -m pytest tests/test_cli_fuzz.py`` searches
longer, with new examples each run. Numeric options are also tried at their edges and with huge
values every time (``EDGES``).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from jinrou.cli import app
from jinrou.solve.werewolf import Variant

runner = CliRunner()
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "250"))
DERANDOMIZE = "FUZZ_EXAMPLES" not in os.environ  # a longer search set by hand draws new examples each run


# ----------------------------------------------------------------------------- bad values


def _not_an_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return True
    return False


NOT_INT = st.one_of(
    st.sampled_from(["", "x", "1.5", "1e3", "--", "seven", "0x10", "١٢a", "∞", "NaN", "3 4"]),
    st.text(min_size=1, max_size=12).filter(_not_an_int).filter(lambda t: not t.startswith("-")),
)
UNICODE = st.text(min_size=1, max_size=20).filter(lambda t: not t.startswith("-"))
WORDS = st.one_of(st.sampled_from(["max", "secret", "teams", "3", "全部", "闇", "superduper"]),
                  st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=6).map(lambda t: "zz" + t))


def ints_outside(low: int | None, high: int | None) -> st.SearchStrategy[str]:
    """Whole numbers outside [low, high] (either bound may be open), and huge ones, as text."""
    parts = []
    if low is not None:
        parts.append(st.integers(max_value=low - 1))
        parts.append(st.sampled_from([low - 1, -(10**30)]))
    if high is not None:
        parts.append(st.integers(min_value=high + 1))
        parts.append(st.sampled_from([high + 1, 10**30]))
    return st.one_of(*parts).map(str)


def bad_int(low: int | None, high: int | None) -> st.SearchStrategy[str]:
    return st.one_of(ints_outside(low, high), NOT_INT)


def not_one_of(choices: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(["", "genius", "RANDOM", "none", "ランダム"]), UNICODE).filter(
        lambda t: t not in choices and not t.startswith("-"))


# ----------------------------------------------------------------------------- fixtures


@dataclass
class Files:
    """Bad input files and bad output paths, made once."""

    root: Path
    inputs: dict[str, Path] = field(default_factory=dict)
    outputs: dict[str, Path] = field(default_factory=dict)
    folders: dict[str, Path] = field(default_factory=dict)


def make_files(root: Path) -> Files:
    files = Files(root)
    fixtures = root / "fixtures"
    fixtures.mkdir()
    quantum = {"format": "jinrou.quantum/1", "players": ["A", "B", "C"], "wolves": 1, "events": []}
    contents: dict[str, str | bytes] = {
        "empty": "",
        "truncated": json.dumps(quantum)[:25],
        "not-json": "players: A, B, C\n",
        "json-list": "[1, 2, 3]",
        "json-null": "null",
        "other-format": json.dumps({"format": "jinrou.nothing/9", "moves": [], "entries": [], "events": []}),
        "binary": bytes(range(128, 256)) * 4,
        "deep": "[" * 100_000 + "]" * 100_000,
        "huge-numbers": json.dumps({**quantum, "wolves": 10**400, "seed": -(10**50)}),
        "negative-seed": json.dumps({"format": "jinrou.offline/1", "players": list("ABCDE"), "wolves": 1,
                                     "seed": -3, "entries": []}),
        "unicode": "人狼\u0000\ud7ff\uffff" * 20,
        "shogi-cut": json.dumps({"format": "jinrou.shogi/1", "moves": ["⑤c4"],
                                 "result": {"winner": "gote", "reason": "king determined"}}),
        "wrong-types": json.dumps({"format": "jinrou.quantum/1", "players": "ABC", "wolves": "1", "events": {}}),
    }
    for name, content in contents.items():
        path = fixtures / f"{name}.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
        files.inputs[name] = path
    unreadable = fixtures / "unreadable.json"
    unreadable.write_text("{not json", encoding="utf-8")
    unreadable.chmod(0)
    files.inputs["unreadable"] = unreadable
    files.inputs["missing"] = fixtures / "missing.json"
    files.inputs["folder"] = fixtures
    files.inputs["unicode-name"] = fixtures / "存在しない ファイル.json"
    a_file = fixtures / "a-file"
    a_file.write_text("x")
    files.outputs = {
        "missing-folder": root / "no-such-folder" / "out.json",
        "folder": fixtures,
        "proc": Path("/proc/no-such/out.json"),
        "under-a-file": a_file / "out.json",
    }
    files.folders = {"a-file": a_file, "proc": Path("/proc/no-such-folder"), "under-a-file": a_file / "sub"}
    return files


def snapshot(root: Path) -> list[tuple[str, int]]:
    return sorted((str(p.relative_to(root)), p.lstat().st_size) for p in root.rglob("*"))


# ----------------------------------------------------------------------------- commands


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def commands(files: Files) -> dict[str, tuple[list[str], dict[str, st.SearchStrategy[str]], list[str]]]:
    """Each command: (base arguments — cheap and valid —, a bad-value strategy per option, positional
    slots). A generated case replaces or adds one option with a bad value, or swaps the file argument."""
    bad_input = st.sampled_from(sorted(files.inputs)).map(lambda k: str(files.inputs[k]))
    bad_output = st.sampled_from(sorted(files.outputs)).map(lambda k: str(files.outputs[k]))
    bad_folder = st.sampled_from(sorted(files.folders)).map(lambda k: str(files.folders[k]))
    seed = bad_int(0, None)
    names = st.sampled_from(["A,B", "A,a,B,C", "A,,B,C", " A,B,C,D", "A,B,C,D" + ",X" * 0 + ",\u0007",
                             "A,B,C," + "x" * 40, ",".join(["A"] * 5)])
    offline_names = st.sampled_from(["A,B", "A B,C,D,E,F", "A,a,C,D,E", "A,,C,D,E", ",".join(["Q"] * 5)])
    return {
        "quantum play": (["--players", "5", "--humans", "0", "--seed", "1"], {
            "--players": bad_int(3, 1000), "--wolves": bad_int(1, 3), "--humans": bad_int(0, 5), "--seed": seed,
            "--bots": not_one_of(["random", "heuristic"]), "--names": names, "--record": bad_output}, []),
        "quantum replay": (["FILE"], {}, ["FILE"]),
        "quantum simulate": (["--players", "5", "--games", "2", "--seed", "1"], {
            "--players": bad_int(3, 1000), "--games": bad_int(1, 1_000_000), "--seed": seed, "--wolves": bad_int(1, 3),
            "--bots": not_one_of(["random", "heuristic"]), "--record-dir": bad_folder}, []),
        "offline gm": (["--players", "5", "--wolves", "1", "--seed", "1"], {
            "--players": bad_int(3, 1000), "--wolves": bad_int(1, 3), "--seed": seed, "--names": offline_names,
            "--record": bad_output, "--resume": bad_input}, []),
        "offline sheet": (["--players", "10", "--output", str(files.root / "out" / "sheet.html")], {
            "--players": bad_int(3, 1000), "--wolves": bad_int(1, 8), "--names": offline_names,
            "--output": bad_output}, []),
        "strategy count": (["FILE"], {"--examples": bad_int(0, 10_000), "--seed": seed,
                                      "--method": not_one_of(["auto", "brute", "symbolic"])}, ["FILE"]),
        "solve table": (["--max-players", "4", "--iterations", "1", "--workers", "1"], {
            "--max-players": bad_int(3, 30), "--iterations": bad_int(1, None), "--workers": bad_int(1, None),
            "--variant": not_one_of(Variant.names()), "--plot": st.one_of(bad_output, st.just(str(files.root / "out" / "t.jpg"))),
            "--cluster": st.sampled_from(["nonsense", f"tcp://127.0.0.1:{_closed_port()}", "tcp://[::1",
                                          "inproc://x:1:2", "tcp://999.1.1.1:8786"])}, []),
        "solve game": (["--iterations", "1"], {
            "--villagers": bad_int(0, 29), "--wolves": bad_int(1, 3), "--iterations": bad_int(1, None),
            "--variant": not_one_of(Variant.names()), "--strategy": UNICODE.filter(lambda t: not t.startswith(("G,", "M,")))}, []),
        "shogi play": (["--sente", "random", "--gote", "random", "--seed", "1"], {
            "--sente": not_one_of(["human", "random", "search"]), "--gote": not_one_of(["human", "random", "search"]),
            "--seed": seed, "--record": bad_output}, []),
        "shogi replay": (["FILE"], {"--seed": seed}, ["FILE"]),
        "serve": (["--port", "1"], {  # port 1 needs privileges or is busy: only bad values are generated
            "--port": bad_int(1, 65535),
            "--host": st.tuples(st.integers(256, 999), st.integers(0, 999)).map(lambda t: f"{t[0]}.{t[1]}.0.1")}, []),
        "aiwolf serve": (["--port", "1", "--wait", "0"], {  # port 1: only bad values, refused before it is used
            "--port": bad_int(0, 65535), "--players": st.sampled_from(["4", "6", "14", "16", "0", "-5"]),
            "--games": bad_int(1, 1_000_000), "--bots": not_one_of(["heuristic", "random"]),
            "--record-dir": st.just(str(files.folders["a-file"]))}, []),
        "classic roles": ([], {}, []),
        "classic replay": (["FILE"], {"--seed": seed}, ["FILE"]),
        "classic simulate": (["--players", "9", "--games", "2", "--seed", "1"], {
            "--players": bad_int(3, 1000), "--games": bad_int(1, None), "--seed": seed,
            "--roles": st.sampled_from(["Wizard", "Werewolf:x", "Werewolf:-1", "人狼:2,占い師:99", ":", "Werewolf::2"]),
            "--cast": bad_input, "--bots": not_one_of(["random", "heuristic"]),
            "--setting": st.sampled_from(["runoff=maybe", "nonsense", "=", "scapegoat=perhaps", "x=1"]),
            "--workers": bad_int(1, None), "--record-dir": st.just(str(files.folders["a-file"]))}, []),
        "classic play": (["--players", "9", "--humans", "0", "--seed", "1"], {
            "--players": bad_int(3, 1000), "--humans": bad_int(0, 8), "--seed": seed, "--names": names,
            "--roles": st.sampled_from(["Wizard", "Werewolf:x", "Werewolf,Human:3"]), "--cast": bad_input,
            "--bots": not_one_of(["random", "heuristic"]), "--record": bad_output}, []),
        "yaminabe cast": (["--players", "9", "--seed", "1"], {
            # the choices also take labels and 月下人狼's setting values ("" is full publication): curated bad ones
            "--players": bad_int(6, None), "--seed": seed, "--safety": WORDS, "--pool": WORDS, "--weighting": WORDS,
            "--mode": WORDS, "--fix": st.sampled_from(["占い師", "Seer=1", "=2", "人狼=x"]), "--publish": WORDS,
            "--date": st.sampled_from(["12/24", "13-01", "02-30", "x"])}, []),
        "yaminabe stats": (["--players", "9", "--castings", "10", "--seed", "1"], {
            "--players": bad_int(6, None), "--castings": bad_int(1, None), "--seed": seed,
            "--plot": st.one_of(bad_output, st.just(str(files.root / "out" / "chart.jpg"))),
            "--date": st.sampled_from(["12/24", "13-01", "x"])}, []),
        "yaminabe study": (["--levels", "low", "--players", "8", "--games", "1", "--seed", "1", "--workers", "1"], {
            "--levels": WORDS, "--players": st.sampled_from(["5", "20-8", "x", "8-", "8-100000", "1001", ","]),
            "--games": bad_int(1, 1_000_000), "--seed": seed, "--weighting": WORDS,
            "--bots": not_one_of(["random", "heuristic"]), "--workers": bad_int(1, None),
            "--bin": st.sampled_from(["0", "3", "7", "101", "x"]), "--min-games": bad_int(1, None),
            "--plot": st.one_of(bad_output, st.just(str(files.root / "out" / "study.jpg"))),
            "--results": st.one_of(bad_output, st.just(str(files.root / "out" / "study.csv"))),
            "--cluster": st.sampled_from(["nonsense", f"tcp://127.0.0.1:{_closed_port()}", "tcp://[::1"])}, []),
        "yaminabe tune": (["--players", "9", "--rounds", "1", "--games", "1", "--check-games", "1", "--retries", "0",
                           "--seed", "1", "--workers", "1"], {
            "--players": st.sampled_from(["5", "20-8", "x", "8-100000"]), "--rounds": bad_int(1, 1000),
            "--games": bad_int(1, 1_000_000), "--check-games": bad_int(1, 1_000_000), "--retries": bad_int(0, 100),
            "--seed": seed, "--bots": not_one_of(["random", "heuristic"]), "--workers": bad_int(1, None),
            "--output": st.one_of(bad_output, st.just(str(files.root / "out" / "table.txt"))),
            "--cluster": st.sampled_from(["nonsense", f"tcp://127.0.0.1:{_closed_port()}"])}, []),
    }


@st.composite
def bad_case(draw: st.DrawFn, table: dict) -> list[str]:
    name = draw(st.sampled_from(sorted(table)))
    base, options, positionals = table[name]
    args = list(base)
    kinds = ["unknown option", "extra argument", "flag with a value"]
    if options:
        kinds += ["bad value"] * 6 + ["missing value"]
    if positionals:
        kinds += ["bad file"] * 4
    kind = draw(st.sampled_from(kinds))
    file_slot = args.index("FILE") if "FILE" in args else None
    if file_slot is not None:  # a file that is fine to read but refused for its content, unless we break it
        args[file_slot] = draw(st.sampled_from(["truncated", "other-format", "json-list", "wrong-types",
                                                "shogi-cut", "negative-seed"]).map(lambda k: str(FILES.inputs[k])))
    if kind == "bad file":
        args[file_slot] = draw(st.sampled_from(sorted(FILES.inputs)).map(lambda k: str(FILES.inputs[k])))
    elif kind == "unknown option":
        args.append("--" + draw(st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=8)) + "-zz")
    elif kind == "extra argument" and not positionals:
        args.append(draw(UNICODE))
    elif kind == "extra argument":
        args.append(draw(st.sampled_from(["extra", "人狼", "x" * 50])))
    elif kind == "flag with a value":
        args.append(draw(st.sampled_from(["--json=yes", "--help=1", "--ascii=no", "--seer=3"])))
    elif kind == "missing value":
        args.append(draw(st.sampled_from(sorted(options))))  # the option is the last word: no value follows
    else:
        option = draw(st.sampled_from(sorted(options)))
        value = draw(options[option])
        if option in args:
            args[args.index(option) + 1] = value
        else:
            args += [option, value]
    return [*name.split(), *args]


FILES: Files


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    global FILES
    root = tmp_path_factory.mktemp("fuzz")
    (root / "out").mkdir()
    (root / "cwd").mkdir()
    FILES = make_files(root)
    yield root
    FILES.inputs["unreadable"].chmod(0o600)


def test_fuzz_every_command_refuses_bad_input_in_one_line(workspace):
    table = commands(FILES)
    before = snapshot(workspace)

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(bad_case(table))
    def check(args):
        with contextlib.chdir(workspace / "cwd"):
            result = runner.invoke(app, args, input="", env={"COLUMNS": "80"})
        output = result.output
        assert result.exit_code == 2, (args, result.exit_code, output[-2000:], result.exception)
        assert "Traceback" not in output and result.exception is None or isinstance(result.exception, SystemExit), \
            (args, output)
        assert output.startswith("error: ") and output.count("\n") == 1, (args, output)
        assert snapshot(workspace) == before, (args, "wrote a file")

    check()


def test_no_command_and_unknown_commands_are_one_line(workspace):
    for args in (["nonsense"], ["quantum", "nonsense"], ["classic", "人狼"], ["yaminabe", "--nonsense"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and result.output.startswith("error: ") and result.output.count("\n") == 1, \
            (args, result.output)


HUGE = str(10**30)
# Every numeric option at its first bad value on each side, and a huge one: always run, whatever
# the generated examples above happen to draw. (bases as in ``commands``)
EDGES = [
    *[["quantum", "play", "--players", "5", "--humans", "0", "--seed", "1", option, value]
      for option, values in {"--players": ["2", "1001", HUGE, "-3"], "--wolves": ["0", "4", HUGE, "-1"],
                             "--humans": ["-1", "6", HUGE], "--seed": ["-1", "-" + HUGE]}.items() for value in values],
    *[["quantum", "simulate", "--players", "5", "--games", "2", "--seed", "1", option, value]
      for option, values in {"--players": ["2", "1001", HUGE], "--games": ["0", "1000001", HUGE],
                             "--seed": ["-1"], "--wolves": ["0", HUGE]}.items() for value in values],
    *[["offline", "gm", "--players", "5", "--wolves", "1", "--seed", "1", option, value]
      for option, values in {"--players": ["2", "1001", HUGE], "--wolves": ["0", "4", HUGE], "--seed": ["-3"]}.items()
      for value in values],
    *[["offline", "sheet", "--players", "10", "--output", "x.html", option, value]
      for option, values in {"--players": ["-3", "1001", HUGE], "--wolves": ["0", "9", HUGE]}.items() for value in values],
    *[["solve", "table", "--max-players", "4", "--iterations", "1", option, value]
      for option, values in {"--max-players": ["2", "31", HUGE], "--iterations": ["0", "-" + HUGE],
                             "--workers": ["0", "-2"]}.items() for value in values],
    *[["solve", "game", "--iterations", "1", option, value]
      for option, values in {"--villagers": ["-1", "30", HUGE], "--wolves": ["0", "4", HUGE],
                             "--iterations": ["0"]}.items() for value in values],
    *[["shogi", "play", "--sente", "random", "--gote", "random", option, value] for option, value in
      [("--seed", "-1"), ("--seed", "-" + HUGE)]],
    ["serve", "--port", "0"], ["serve", "--port", "65536"], ["serve", "--port", HUGE], ["serve", "--port", "-1"],
    *[["classic", "simulate", "--players", "9", "--games", "2", "--seed", "1", option, value]
      for option, values in {"--players": ["2", "1001", HUGE], "--games": ["0", "-" + HUGE], "--seed": ["-1"],
                             "--workers": ["0", "-" + HUGE], "--roles": [f"Werewolf:{HUGE},Human:3"]}.items()
      for value in values],
    *[["classic", "play", "--players", "9", "--humans", "0", "--seed", "1", option, value]
      for option, values in {"--players": ["2", "1001", HUGE], "--humans": ["-1", "9", HUGE], "--seed": ["-1"],
                             "--roles": [f"Werewolf:{HUGE},Human:3"]}.items() for value in values],
    *[["yaminabe", "cast", "--players", "9", "--seed", "1", option, value]
      for option, values in {"--players": ["5", "1001", HUGE], "--seed": ["-1", "-" + HUGE]}.items() for value in values],
    *[["yaminabe", "stats", "--players", "9", "--castings", "10", "--seed", "1", option, value]
      for option, values in {"--players": ["5", HUGE], "--castings": ["0", "-" + HUGE], "--seed": ["-1"]}.items()
      for value in values],
    *[["yaminabe", "study", "--levels", "low", "--players", "8", "--games", "1", "--seed", "1", option, value]
      for option, values in {"--players": ["5", "1001", HUGE], "--games": ["0", "1000001", HUGE], "--seed": ["-1"],
                             "--workers": ["0", "-" + HUGE], "--bin": ["0", "101", HUGE], "--min-games": ["0"]}.items()
      for value in values],
    *[["yaminabe", "tune", "--players", "9", "--seed", "1", option, value]
      for option, values in {"--players": ["5", HUGE], "--rounds": ["0", "1001", HUGE], "--games": ["0", HUGE],
                             "--check-games": ["0", HUGE], "--retries": ["-1", "101", HUGE], "--seed": ["-1"]}.items()
      for value in values],
]


@pytest.mark.parametrize("args", EDGES, ids=[" ".join(a[:2] + a[-2:])[:60] for a in EDGES])
def test_every_numeric_option_refuses_its_edges_and_huge_values(args, workspace):
    with contextlib.chdir(workspace / "cwd"):
        result = runner.invoke(app, args, input="")
    assert result.exit_code == 2, (args, result.output[-1000:], result.exception)
    assert result.output.startswith("error: ") and result.output.count("\n") == 1, (args, result.output)
    assert list((workspace / "cwd").iterdir()) == []


# ----------------------------------------------------------------------------- the prompts

WORD = st.one_of(st.sampled_from(["A", "b", "C", "Zed", "wolf", "human", "1", "100", "0", "²", "[/]", "-", ""]),
                 st.text(max_size=6))
GM_LINE = st.one_of(
    st.lists(st.one_of(st.sampled_from(["point", "p", "announce", "a", "vote", "v", "roll", "r", "table", "log",
                                         "undo", "help", "save", "dance"]), WORD), max_size=6).map(" ".join),
    st.just("save /proc/no-such/x.json"))
SHOGI_LINE = st.one_of(
    st.tuples(st.sampled_from(["", "why", "moves", "undo", "help", "resign"]), st.text(max_size=8)).map(" ".join),
    st.tuples(st.integers(-1, 25), st.sampled_from(["-", "x", "*", ""]), st.sampled_from(["a1", "c4", "e5", "f9", ""]),
              st.sampled_from(["", "+"])).map(lambda t: f"{t[0]}{t[1]}{t[2]}{t[3]}"),
    st.sampled_from(["⑤c4", "⑳*a1", "①b2+", "㉑c3"]))


@settings(max_examples=int(os.environ.get("FUZZ_PROMPT_EXAMPLES", "60")), deadline=None, derandomize=DERANDOMIZE, database=None)
@given(st.lists(GM_LINE, max_size=25))
def test_the_gm_prompt_never_dies_of_a_typo(lines):
    import io
    import tempfile

    from rich.console import Console

    from jinrou.offline.rules import OfflineGame, Setup
    from jinrou.terminal.offline import GMSession, run

    out = io.StringIO()
    session = GMSession(OfflineGame.new(Setup.create(5, 1)), Console(file=out, width=100), seed=1)
    feed = iter([*lines, "quit"])
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):  # 'save NAME' writes ./NAME
        run(session, lambda prompt: next(feed))
    assert "unexpected error" not in out.getvalue(), out.getvalue()[-2000:]


@settings(max_examples=int(os.environ.get("FUZZ_PROMPT_EXAMPLES", "40")), deadline=None, derandomize=DERANDOMIZE, database=None)
@given(st.lists(SHOGI_LINE, max_size=15), st.booleans())
def test_the_shogi_prompt_never_dies_of_a_typo(lines, ascii_only):
    import io
    import re

    import numpy as np
    from rich.console import Console

    from jinrou.agents.shogi import make_shogi_agent
    from jinrou.shogi.game import Game
    from jinrou.terminal.shogi import TerminalShogi

    out = io.StringIO()
    feed = iter(lines)

    def read(prompt):
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    with contextlib.suppress(EOFError):  # the input ends: Ctrl-D, which the command turns into an interruption
        TerminalShogi(Game(), [None, make_shogi_agent("random")], np.random.default_rng(1),
                      Console(file=out, width=100), read, ascii_only=ascii_only).run()
    text = out.getvalue()
    assert "unexpected error" not in text, text[-2000:]
    assert not ascii_only or not re.search("[\u2460-\u2473]", text)
