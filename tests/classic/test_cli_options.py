"""The room options 酔っ払い (``drunk``) and 死神の手帳 (``deathnote``) through `jinrou classic simulate` and
`jinrou classic play` (issue 34): given as ``--setting``, played by the rules, written in each record's
settings, and replayed."""

import json

from typer.testing import CliRunner

from jinrou.cli import app

runner = CliRunner()


def draws(record: dict, kind: str) -> list:
    return [d["value"] for e in record["events"] for d in e.get("draws", []) if d["draw"] == kind]


def test_simulate_plays_the_drunk_and_the_death_note_and_records_them(tmp_path):
    args = ["classic", "simulate", "--players", "10", "--games", "4", "--seed", "3", "--json",
            "--setting", "drunk=on", "--setting", "deathnote=on", "--record-dir", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.iterdir())]
    assert len(records) == 4
    for record in records:
        assert record["settings"]["drunk"] == "on" and record["settings"]["deathnote"] == "on"
        assert len(draws(record, "drunk")) == 1 and len(draws(record, "drunk")[0]) == 1  # one drunk
    assert sum(len(draws(r, "deathnote holder")) for r in records) >= 4  # a holder at each dawn
    replayed = runner.invoke(app, ["classic", "replay", str(min(tmp_path.iterdir()))])
    assert replayed.exit_code == 0 and "record verified" in replayed.output


def test_play_takes_the_options_and_a_bad_value_is_one_line(tmp_path):
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["classic", "play", "--players", "8", "--humans", "0", "--seed", "2",
                                 "--setting", "deathnote=on", "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert json.loads(record.read_text(encoding="utf-8"))["settings"]["deathnote"] == "on"
    bad = runner.invoke(app, ["classic", "simulate", "--players", "9", "--games", "1", "--seed", "1",
                                "--setting", "drunk=yes"])
    assert bad.exit_code == 2 and "setting 'drunk' must be one of off, on, not 'yes'" in bad.output


def test_simulate_takes_complete_masks_and_records_and_replays_them(tmp_path):
    # 完全覆面 is the online room's (names hidden for ever); the engine keeps it in the record's settings
    result = runner.invoke(app, ["classic", "simulate", "--players", "8", "--games", "1", "--seed", "1", "--json",
                                 "--setting", "blind=complete", "--record-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.iterdir()
    assert json.loads(path.read_text(encoding="utf-8"))["settings"]["blind"] == "complete"
    assert "record verified" in runner.invoke(app, ["classic", "replay", str(path)]).output
    bad = runner.invoke(app, ["classic", "simulate", "--players", "8", "--games", "1", "--seed", "1",
                              "--setting", "blind=forever"])
    assert bad.exit_code == 2 and "setting 'blind' must be one of off, on, complete, not 'forever'" in bad.output
