"""The room options of issue 36 through `jinrou classic simulate` and `jinrou classic play`: 狼の子分
(``wolfminion``) and 敗北村 (``losemode``) given as ``--setting``, played by the rules and the bots, written
in each record's settings, and replayed."""

import json

from typer.testing import CliRunner

from jinrou.cli import app

runner = CliRunner()


def actions(record: dict, verb: str) -> list:
    return [a for e in record["events"] for a in e.get("actions", []) if a["action"] == verb]


def draws(record: dict, kind: str) -> list:
    return [d["value"] for e in record["events"] for d in e.get("draws", []) if d["draw"] == kind]


def test_simulate_plays_the_wolf_minion_with_bots_naming_their_minion(tmp_path):
    args = ["classic", "simulate", "--players", "10", "--games", "4", "--seed", "5", "--json",
            "--setting", "wolfminion=on", "--record-dir", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.iterdir())]
    assert len(records) == 4
    for record in records:
        assert record["settings"]["wolfminion"] == "on"
        selector = draws(record, "minion selector")
        assert len(selector) == 1 and record["roles"][selector[0]] in ("Werewolf",)
        named = actions(record, "minion")
        assert [a["player"] for a in named] == selector  # the bot names its minion on night 1
    replayed = runner.invoke(app, ["classic", "replay", str(min(tmp_path.iterdir()))])
    assert replayed.exit_code == 0 and "record verified" in replayed.output


def test_simulate_and_play_take_the_losers_village_and_record_its_inverted_winners(tmp_path):
    args = ["classic", "simulate", "--players", "9", "--games", "3", "--seed", "2", "--json",
            "--setting", "losemode=on", "--record-dir", str(tmp_path / "sim")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for path in sorted((tmp_path / "sim").iterdir()):
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["settings"]["losemode"] == "on"
        replayed = runner.invoke(app, ["classic", "replay", str(path)])
        assert replayed.exit_code == 0 and "record verified" in replayed.output
    game = tmp_path / "game.json"
    played = runner.invoke(app, ["classic", "play", "--players", "8", "--humans", "0", "--seed", "4",
                                 "--setting", "losemode=on", "--setting", "wolfminion=on", "--record", str(game)])
    assert played.exit_code == 0, played.output
    settings = json.loads(game.read_text(encoding="utf-8"))["settings"]
    assert settings["losemode"] == settings["wolfminion"] == "on"


def test_a_bad_option_value_is_one_line_and_plays_nothing():
    bad = runner.invoke(app, ["classic", "simulate", "--players", "9", "--games", "1", "--seed", "1",
                              "--setting", "wolfminion=1"])
    assert bad.exit_code == 2 and "setting 'wolfminion' must be one of off, on, not '1'" in bad.output
    bad = runner.invoke(app, ["classic", "simulate", "--players", "9", "--games", "1", "--seed", "1",
                              "--setting", "losemode=yes"])
    assert bad.exit_code == 2 and "setting 'losemode' must be one of off, on, not 'yes'" in bad.output
