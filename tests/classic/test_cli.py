"""`jinrou classic …` run in-process (typer's runner), with real files in a temporary folder."""

import json
from pathlib import Path

from typer.testing import CliRunner

from jinrou.classic.rolesheet import markdown
from jinrou.cli import app

from .test_record import EXAMPLE

runner = CliRunner()
DOCS = Path(__file__).parents[2] / "docs"


def test_roles_lists_all_42_in_both_languages():
    result = runner.invoke(app, ["classic", "roles", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 42
    seer = next(r for r in rows if r["id"] == "Diviner")
    assert (seer["name_ja"], seer["name_en"], seer["team"]) == ("占い師", "Seer", "Human")


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
    assert result.output.strip() == "error: event 2: D is dead and cannot vote"
    missing = runner.invoke(app, ["classic", "replay", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and missing.output.startswith("error: cannot read")
    source.write_text("{not json", encoding="utf-8")
    broken = runner.invoke(app, ["classic", "replay", str(source)])
    assert broken.exit_code == 2 and "is not JSON" in broken.output
