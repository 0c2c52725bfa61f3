"""The jinrou command, run in-process through typer's runner (real files in a temporary folder)."""

import io
import json
import re

import numpy as np
from typer.testing import CliRunner

from jinrou.agents.quantum import HeuristicAgent
from jinrou.cli import app
from jinrou.quantum.game import Game, Setup
from jinrou.quantum.record import Record
from jinrou.terminal.quantum import TerminalPlay

runner = CliRunner()


def test_simulate_json_and_records_that_replay(tmp_path):
    result = runner.invoke(
        app, ["quantum", "simulate", "--players", "7", "--games", "6", "--seed", "5", "--record-dir", str(tmp_path), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 6 and sum(data["wins"].values()) == 6 and data["wolves"] == 1
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"game-{i}.json" for i in range(6)]
    replay = runner.invoke(app, ["quantum", "replay", str(files[0])])
    assert replay.exit_code == 0 and "record verified" in replay.output


def test_simulate_prints_a_table_of_win_rates():
    result = runner.invoke(app, ["quantum", "simulate", "--players", "5", "--games", "3", "--seed", "1", "--bots", "random"])
    assert result.exit_code == 0, result.output
    assert "村人陣営 village" in result.output and "95 % interval" in result.output


def test_replay_completes_an_input_record(tmp_path):
    game = Game.new(Setup.create(6))
    from jinrou.quantum.simulate import play

    game = play(game.setup, [HeuristicAgent() for _ in range(6)], np.random.default_rng(8))
    data = Record.of(game, 8).write()
    data["events"] = [e for e in data["events"] if e["type"] in ("night", "vote", "death")]
    path = tmp_path / "input.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["quantum", "replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    completed = json.loads(result.output)
    assert completed["events"][:-1] == Record.of(game, 8).write()["events"][:-1]
    assert completed["events"][-1]["winner"] == game.outcome.winner


def test_replay_of_a_bad_record_fails_with_the_event_index(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "jinrou.quantum/1", "players": ["A", "B", "C"], "wolves": 1,
                                "events": [{"type": "vote", "day": 1, "votes": {}, "executed": None}]}))
    result = runner.invoke(app, ["quantum", "replay", str(path)])
    assert result.exit_code == 2
    assert "event 1 (vote): expected the night 1 event here" in result.output  # events count from 1


def test_bad_options_are_explained():
    result = runner.invoke(app, ["quantum", "simulate", "--players", "2", "--games", "1", "--seed", "0"])
    assert result.exit_code == 2 and "at least 3 players" in result.output
    result = runner.invoke(app, ["quantum", "play", "--bots", "genius"])
    assert result.exit_code == 2 and "'genius' is not one of" in result.output


def test_play_against_bots_to_the_end_with_a_record(tmp_path):
    record = tmp_path / "game.json"
    answers = "B\nC\nD\nE\n" * 40
    result = runner.invoke(app, ["quantum", "play", "--players", "5", "--seed", "4", "--record", str(record)], input=answers)
    assert result.exit_code == 0, result.output
    assert "A, whom do you divine? [B/C/D/E]" in result.output
    assert re.search(r"(village|wolves) \((村人|人狼)陣営\) wins|Draw", result.output)
    assert Record.read(record.read_text()).replay().is_over


def test_pass_and_play_shows_each_players_view_only_after_the_handover():
    out = io.StringIO()
    from rich.console import Console

    console = Console(file=out, force_terminal=True, width=100)
    names = iter(["B", "C", "D", "A"] * 200)

    def ask(prompt, choices=None, **_):
        return "" if choices is None else next(n for n in names if n in choices)

    game = Game.new(Setup.create(4))
    TerminalPlay(game, [None, None, None, HeuristicAgent()], np.random.default_rng(2), console, ask).run()
    screens = out.getvalue().split("\x1b[2J")  # each clear starts a new screen
    private = [s for s in screens if "'s view" in s]
    assert private
    for screen in private:
        viewer = re.search(r"(\w)'s view", screen).group(1)
        assert set(re.findall(r"(\w)'s view", screen)) == {viewer}  # one player's information per screen


def test_every_command_has_a_one_line_summary_and_an_example():
    """Issue 40, point 11: the group's list shows each command's first paragraph — one line, never a
    stray break — and each command's help ends with an example to copy."""
    import typer.main

    def commands(command, path):
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                yield from commands(sub, [*path, name])
        else:
            yield " ".join(path), command

    found = dict(commands(typer.main.get_command(app), []))
    assert len(found) >= 19
    for name, command in found.items():
        summary, *rest = command.help.strip().split("\n\n")
        assert "\n" not in summary, name
        assert rest and rest[-1].strip().startswith(f"Example: jinrou {name} "), name




def test_every_option_names_its_value_for_people():
    """An option's value is shown as what to type (``<NAME=VALUE>``, ``<ROLE>``), never as a Python
    type such as ``<list[str]>`` or ``<bool>``; a flag shows none."""
    import typer.main

    def commands(command, path):
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                yield from commands(sub, [*path, name])
        else:
            yield " ".join(path), command

    shown = {}
    for name, command in commands(typer.main.get_command(app), []):
        context = command.make_context(name, ["--help"], resilient_parsing=True)
        for param in command.params:
            if param.param_type_name == "option":
                shown[name, param.name] = param.display_type_rich(ctx=context)
    assert shown["classic simulate", "setting"] == "<NAME=VALUE>"
    assert shown["yaminabe cast", "fix"] == "<ROLE=COUNT>"
    assert shown["classic simulate", "json_output"] is None  # a flag
    assert not {key: value for key, value in shown.items() if value and ("list" in value or "bool" in value)}


def test_help_at_80_columns_cuts_no_word_beside_japanese():
    """A wrapped line that holds Japanese lost its last word to '…' in the command lists
    ('classic werewol…', 'until he dies…'): rich measured its trailing space in characters."""
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    flat = " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())
    assert "classic werewolf (人狼)" in flat and "werewol…" not in flat
    assert "fixed until he dies; everybody sees" in flat
    assert "5×5 shogi whose piece types are fixed only" in flat


def test_help_paragraphs_are_wrapped_to_the_terminal_not_to_the_source():
    """A command's description after its summary is one paragraph for the terminal to wrap: the
    docstring's own line breaks ('claim DIVINED B' / 'werewolf') are not shown."""
    result = runner.invoke(app, ["classic", "play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert any("claim DIVINED B werewolf, claim VOTE C" in ln for ln in result.output.splitlines())
    assert any("Interrupted (Ctrl+C, or Ctrl+D at a prompt)" in ln for ln in result.output.splitlines())
