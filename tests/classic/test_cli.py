"""`jinrou classic …` run in-process (typer's runner), with real files in a temporary folder."""

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jinrou.classic.roles import PLAYABLE
from jinrou.classic.rolesheet import markdown
from jinrou.cli import app

from .test_record import EXAMPLE

runner = CliRunner()
DOCS = Path(__file__).parents[2] / "docs"


def test_roles_lists_every_declared_role_in_both_languages():
    result = runner.invoke(app, ["classic", "roles", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == len(PLAYABLE)  # the 42 of §8 and the wave-3 roles declared so far
    seer = next(r for r in rows if r["id"] == "Diviner")
    assert (seer["name_ja"], seer["name_en"], seer["team"]) == ("占い師", "Seer", "Human")


@pytest.mark.parametrize("width", [80, 120])
def test_roles_are_readable_at_80_and_120_columns(width):
    """Issue 40, point 10: a card per role, no line wider than the terminal, every rule whole (a
    table's rule column used to be a few letters wide: 3,986 lines at 80 columns)."""
    from rich.cells import cell_len

    from jinrou.classic.rolesheet import rows
    from jinrou.classic.texts import role_rule

    result = runner.invoke(app, ["classic", "roles"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(cell_len(line) for line in lines) <= width and len(lines) < 8 * len(PLAYABLE)
    text = " ".join(result.stdout.split())
    for r in rows():
        assert f"{r.name_ja} {r.name_en} ({r.id})" in text and " ".join(role_rule(r.id, "en").split()) in text, r.id


def test_role_page_in_docs_is_generated_from_the_declarations():
    assert (DOCS / "classic-roles.md").read_text(encoding="utf-8") == markdown(), \
        "docs/classic-roles.md is stale: run `jinrou classic roles --markdown > docs/classic-roles.md`"


def test_replay_completes_an_input_record_and_verifies_the_full_one(tmp_path):
    source = tmp_path / "moves.json"
    source.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    completed = runner.invoke(app, ["classic", "replay", str(source), "--json"])
    assert completed.exit_code == 0, completed.output
    full = json.loads(completed.output)
    assert full["result"]["winner"] == "Human" and full["seed"] == 0
    target = tmp_path / "full.json"
    target.write_text(completed.output, encoding="utf-8")
    verified = runner.invoke(app, ["classic", "replay", str(target)])
    assert verified.exit_code == 0 and "record verified" in verified.output
    assert "Dは無残な姿で発見されました" in verified.output and "D was found dead." in verified.output


def test_replay_errors_are_one_line_with_exit_status_2(tmp_path):
    bad = dict(EXAMPLE, events=[*EXAMPLE["events"][:1], {"type": "day", "votes": {"D": "A"}}])
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(bad), encoding="utf-8")
    result = runner.invoke(app, ["classic", "replay", str(source)])
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {source}: event 2 (day): D is dead and cannot vote"  # as quantum's
    missing = runner.invoke(app, ["classic", "replay", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and missing.output.strip() == f"error: {tmp_path / 'nope.json'} does not exist"
    source.write_text("{not json", encoding="utf-8")
    broken = runner.invoke(app, ["classic", "replay", str(source)])
    assert broken.exit_code == 2 and "is not JSON" in broken.output


def test_simulate_json_is_deterministic_and_its_records_replay(tmp_path):
    args = ["classic", "simulate", "--players", "9", "--games", "6", "--seed", "5", "--json",
            "--record-dir", str(tmp_path / "records")]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["games"] == 6 and sum(data["wins"].values()) == 6 and data["cast"]["Werewolf"] == 2
    assert json.loads(runner.invoke(app, args).output) == data
    files = sorted((tmp_path / "records").iterdir())
    assert len(files) == 6
    replayed = runner.invoke(app, ["classic", "replay", str(files[0])])
    assert replayed.exit_code == 0 and "record verified" in replayed.output


def test_simulate_with_a_role_list_in_japanese_names():
    result = runner.invoke(app, ["classic", "simulate", "--roles", "人狼:2,占い師,狩人,妖狐,村人:4", "--games", "3",
                                 "--seed", "1", "--bots", "random", "--setting", "scapegoat=off", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["cast"] == {"Werewolf": 2, "Diviner": 1, "Guard": 1, "Fox": 1, "Human": 4}


def test_play_with_bots_only_writes_a_record_that_replays(tmp_path):
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["classic", "play", "--players", "8", "--humans", "0", "--seed", "2",
                                 "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "Winners:" in result.output
    assert runner.invoke(app, ["classic", "replay", str(record)]).exit_code == 0


def test_bad_options_are_refused_before_anything_is_played(tmp_path):
    cases = [
        (["simulate", "--games", "3", "--seed", "1"], "give --players (the 普通1 cast), --roles or --cast"),
        (["simulate", "--roles", "Werewolf:x", "--games", "3", "--seed", "1"], "the count of Werewolf must be"),
        (["simulate", "--roles", "Wizard", "--games", "3", "--seed", "1"], "unknown role 'Wizard'"),
        (["simulate", "--players", "9", "--games", "3", "--seed", "1", "--setting", "runoff=maybe"],
         "setting 'runoff' must be one of no, revote, yes"),
        (["simulate", "--players", "9", "--games", "0", "--seed", "1"], "invalid value for '--games'"),
        (["simulate", "--players", "9", "--games", "99999999999", "--seed", "1"],  # a MemoryError before (issue 26)
         "invalid value for '--games': Input should be less than or equal to 1000000"),
        (["simulate", "--players", "9", "--games", "3", "--seed", "1", "--bots", "genius"],
         "invalid value for '--bots': 'genius' is not one of 'random', 'heuristic'"),
        (["play", "--players", "9", "--record", str(tmp_path / "no" / "x.json")], "does not exist"),
        (["play", "--players", "9", "--record", str(tmp_path)], "is a folder"),
        (["play", "--players", "9", "--humans", "12"], "--humans must be between 0 and 8"),
        (["play", "--roles", "Werewolf,Human:3", "--players", "9"], "the role counts sum to 4, not 9 players"),
    ]
    for args, message in cases:
        result = runner.invoke(app, ["classic", *args])
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("error: ") and message in result.output, (args, result.output)
        assert result.output.count("\n") == 1, result.output
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_play_keeps_its_record(tmp_path):
    """Ctrl-D at the first prompt (the input ends) and Ctrl-C both exit 130 with the game so far written."""
    from unittest import mock

    from jinrou.classic.record import write
    from jinrou.classic.replay import replay
    from jinrou.terminal.classic import TerminalPlay

    record = tmp_path / "game.json"
    args = ["classic", "play", "--players", "8", "--seed", "2", "--record", str(record)]
    ended = runner.invoke(app, args, input="")
    assert ended.exit_code == 130, ended.output
    assert "The game is interrupted: its record so far is kept." in ended.output
    data = json.loads(record.read_text(encoding="utf-8"))
    assert "result" not in data and data["events"] and data["events"][-1]["open"] is True  # the game so far
    assert write(replay(data), 2)["events"] == data["events"]  # replays to where it stopped: its phase open
    record.unlink()
    with mock.patch.object(TerminalPlay, "_turn", side_effect=KeyboardInterrupt):
        stopped = runner.invoke(app, args)
    assert stopped.exit_code == 130 and record.exists(), stopped.output


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_workers_at_once_and_keeps_the_games_finished(tmp_path, workers):
    """Real processes: Ctrl-C (SIGINT to the group) ends the command at once with 130, the summary
    of the games finished so far — exactly those whose records are written (issue 40, points 1 and
    9) — and no process left."""
    from ..processes import Jinrou, wait_for

    records = tmp_path / "records"
    args = ["classic", "simulate", "--players", "9", "--games", "1000000", "--seed", "1", "--workers", str(workers),
            "--bots", "random", "--record-dir", str(records), "--json"]
    with Jinrou(args, tmp_path) as run:
        run.wait_for_workers(workers if workers > 1 else 0)
        wait_for(lambda: len(list(records.glob("game-*.json"))) >= 60, "sixty records")  # more than two chunks
        code, out, err = run.interrupt()  # within 30 s, or it hangs
        run.none_left()
    assert code == 130, err
    finished = int(re.search(r"interrupted after (\d+) of 1000000 games", err)[1])
    data = json.loads(out)
    assert data["games"] == finished and sum(data["wins"].values()) == finished and 60 <= finished < 1000000
    assert len(list(records.glob("game-*.json"))) == finished and not list(records.glob(".*.part"))


def test_ctrl_c_before_any_game_finished_says_so(tmp_path):
    """Interrupted at once: no game finished, no record, no summary; still 130 and one line."""
    from ..processes import Jinrou

    records = tmp_path / "records"
    args = ["classic", "simulate", "--players", "20", "--games", "1000", "--seed", "1", "--workers", "2",
            "--record-dir", str(records)]
    with Jinrou(args, tmp_path) as run:
        run.wait_for_workers(2)
        code, out, err = run.interrupt()
        run.none_left()
    finished = int(re.search(r"interrupted after (\d+) of 1000 games", err)[1])
    assert code == 130 and len(list(records.glob("game-*.json"))) == finished
    assert (out == "") == (finished == 0)


def test_killing_simulate_leaves_no_worker(tmp_path):
    import os
    import signal

    from ..processes import Jinrou

    args = ["classic", "simulate", "--players", "9", "--games", "100000", "--seed", "1", "--workers", "2"]
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with Jinrou(args, tmp_path) as run:
            run.wait_for_workers(2)
            os.kill(run.pid, sig)  # the parent only, as a process manager or the OOM killer does
            run.process.wait(timeout=30)
            run.none_left()


def test_roles_are_accepted_by_every_name_they_are_shown_with(tmp_path):
    """Issue 26, point 18: the English names the table shows (Seer, Medium), any case, in --roles and --cast."""
    from jinrou.classic.claims import Claim
    from jinrou.classic.naming import by_name

    names = ("Seer", "medium", "BODYGUARD", "Villager", "占い師", "diviner", "Wolf Cub")
    assert [by_name(n).id for n in names] == ["Diviner", "Psychic", "Guard", "Human", "Diviner", "Diviner", "WolfCub"]
    assert Claim.parse("co Seer", ["A"]).role == "Diviner" and Claim.parse("CO wolf cub", ["A"]).role == "WolfCub"
    args = ["classic", "simulate", "--games", "2", "--seed", "1", "--bots", "random", "--json"]
    shown = runner.invoke(app, [*args, "--roles", "werewolf:2,Seer,Medium,bodyguard,villager:4"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["cast"] == {"Werewolf": 2, "Diviner": 1, "Psychic": 1, "Guard": 1, "Human": 4}
    cast = tmp_path / "cast.json"
    cast.write_text(json.dumps({"人狼": 2, "Seer": 1, "medium": 1, "Villager": 5}), encoding="utf-8")
    from_file = runner.invoke(app, [*args, "--cast", str(cast)])
    assert from_file.exit_code == 0, from_file.output
    assert json.loads(from_file.output)["cast"] == {"Werewolf": 2, "Diviner": 1, "Psychic": 1, "Human": 5}


def test_progress_is_lines_on_stderr_when_it_is_not_a_terminal():
    """Issue 40, point 5: no bar where nothing draws it, but lines — the first step and the last."""
    result = runner.invoke(app, ["classic", "simulate", "--players", "8", "--games", "20", "--seed", "1", "--bots", "random"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("Playing: ")]
    assert re.fullmatch(r"Playing: 1 of 20 \(5\.0 %\), \d+:\d\d:\d\d elapsed", lines[0])
    assert lines[-1].startswith("Playing: 20 of 20 (100.0 %), ")
    assert "20 games" in result.stdout


def test_a_yaminabe_cast_is_a_cast_for_classic_play_and_simulate(tmp_path):
    """Issue 40, point 7: `yaminabe cast --json` feeds `classic play --cast` (its roles)."""
    made = runner.invoke(app, ["yaminabe", "cast", "--players", "9", "--seed", "7", "--pool", "playable", "--json"])
    assert made.exit_code == 0, made.output
    cast = tmp_path / "cast.json"
    cast.write_text(made.stdout, encoding="utf-8")
    roles = json.loads(made.stdout)["roles"]
    simulated = runner.invoke(app, ["classic", "simulate", "--cast", str(cast), "--games", "2", "--seed", "1", "--json"])
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.stdout)["cast"] == roles
    record = tmp_path / "game.json"
    played = runner.invoke(app, ["classic", "play", "--cast", str(cast), "--seed", "1", "--record", str(record)], input="")
    assert played.exit_code == 130, played.output  # Ctrl-D at the first prompt: the game so far is kept
    data = json.loads(record.read_text(encoding="utf-8"))
    assert sorted(data["roles"].values()) == sorted(r for r, c in roles.items() for _ in range(c))
