"""希望役職制 (room option ``rolerequest``, issue 36): before the deal each seat may ask for a role of the
list; the deal honours the requests as the reference's ``setplayers`` does — 身代わりくん first, then each
role in the list's order to a uniform one of its requesters left while copies last, the rest dealt
uniformly — and the record keeps the requests, checked against the roles on reading."""

from __future__ import annotations

import copy
import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from jinrou.classic.casting import deal, unhonoured
from jinrou.classic.game import Game
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.cli import app
from jinrou.errors import RecordError, SetupError

CAST = {"Werewolf": 2, "Diviner": 1, "Guard": 1, "Human": 4}
NAMES = list("ABCDEFGH")


def test_a_lone_requester_always_gets_its_role_and_rivals_share_it_evenly():
    got, goat = Counter(), 0
    for seed in range(600):
        roles = deal(CAST, np.random.default_rng(seed), requests={3: "Werewolf", 5: "Diviner", 6: "Diviner"})
        assert roles[3] == "Werewolf"  # 身代わりくん never draws a wolf under safety full: a copy is left for it
        got[5 if roles[5] == "Diviner" else 6 if roles[6] == "Diviner" else 0] += 1
        goat += roles[0] == "Diviner"
    assert got[0] == goat  # the Diviner goes to a rival unless 身代わりくん drew it first (1 time in 6)
    assert abs(got[5] - got[6]) < 90 and got[5] + got[6] > 450


def test_without_requests_the_deal_draws_as_a_plain_one():
    for seed in range(20):
        assert deal(CAST, np.random.default_rng(seed), requests={}) == deal(CAST, np.random.default_rng(seed))


@pytest.mark.parametrize(("requests", "message"), [
    ({0: "Human"}, "身代わりくん asks for no role: its role is drawn first"),
    ({2: "Fox"}, "seat 2 asks for 'Fox', which is not in the role list: ask for one of Werewolf, Diviner, Guard, Human"),
    ({8: "Human"}, "a role request names seat 8: the seats are 0 to 7"),
])
def test_a_bad_request_is_refused_with_what_is_allowed(requests, message):
    with pytest.raises(SetupError, match=f"^{message}$"):
        deal(CAST, np.random.default_rng(0), requests=requests)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.dictionaries(st.integers(1, 7), st.sampled_from(sorted(CAST)), max_size=7))
def test_every_deal_with_requests_honours_them_and_deals_the_whole_list(seed, requests):
    roles = deal(CAST, np.random.default_rng(seed), requests=requests)
    assert Counter(roles) == Counter(CAST) and unhonoured(roles, requests) is None


def game(requests: dict[int, str], rolerequest: str = "on") -> Game:
    roles = deal(CAST, np.random.default_rng(4), requests=requests)
    return Game.new(NAMES, roles, {"rolerequest": rolerequest}, np.random.default_rng(4), requests=requests)


def test_a_game_keeps_its_requests_in_the_record_and_replays_them():
    g = game({2: "Diviner", 4: "Guard"})
    record = write(g)
    assert record["settings"]["rolerequest"] == "on" and record["requests"] == {"C": "Diviner", "E": "Guard"}
    assert (record["roles"]["C"], record["roles"]["E"]) == ("Diviner", "Guard")
    assert write(replay(record)) == record
    assert "requests" not in write(game({}))


def test_requests_need_the_setting_and_a_deal_that_honours_them():
    with pytest.raises(SetupError, match="^role requests need the setting rolerequest=on$"):
        game({2: "Diviner"}, "off")
    record = write(game({2: "Diviner"}))
    taker = next(n for n, r in record["roles"].items() if r == "Human" and n != "A")
    tampered = copy.deepcopy(record)
    tampered["requests"] = {taker: "Diviner"}  # asked for the Diviner, which went to C
    with pytest.raises(RecordError, match=f"^setup: the roles are not a deal that honours the role requests: {taker} "
                                          f"asked for Diviner and got Human, but a Diviner went to C, which did not ask for it$"):
        replay(tampered)
    for bad in (["C"], {"Z": "Diviner"}, {"C": 3}):
        tampered["requests"] = bad
        with pytest.raises(RecordError, match=r'^"requests" must give some players the role each asked for'):
            replay(tampered)


runner = CliRunner()


def test_play_and_simulate_take_requests_by_name_and_record_them(tmp_path):
    path = tmp_path / "game.json"
    played = runner.invoke(app, ["classic", "play", "--players", "8", "--humans", "0", "--seed", "3",
                                 "--setting", "rolerequest=on", "--request", "C=占い師", "--record", str(path)])
    assert played.exit_code == 0, played.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["requests"] == {"C": "Diviner"} and record["roles"]["C"] == "Diviner"
    args = ["classic", "simulate", "--players", "9", "--games", "3", "--seed", "1", "--json", "--setting",
            "rolerequest=on", "--request", "D=Werewolf", "--record-dir", str(tmp_path / "sim")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for file in (tmp_path / "sim").iterdir():
        record = json.loads(file.read_text(encoding="utf-8"))
        assert record["roles"]["D"] == "Werewolf" and record["requests"] == {"D": "Werewolf"}


def test_a_request_that_a_thiefs_exchange_left_nothing_to_honour_is_dropped_not_refused(tmp_path):
    """盗人's candidates are drawn before the deal (T.1.9) and may take the only 占い師 out of it: the
    request then had nothing to honour, and simulate plays on without it rather than failing."""
    args = ["classic", "simulate", "--roles", "Thief,Diviner,Werewolf,Human:4", "--games", "12", "--seed", "5",
            "--json", "--setting", "rolerequest=on", "--request", "C=Diviner", "--record-dir", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    kept = [json.loads(f.read_text(encoding="utf-8")) for f in sorted(tmp_path.iterdir())]
    assert len(kept) == 12
    for record in kept:
        dealt = [r for r in record["roles"].values() if isinstance(r, str)]
        assert record.get("requests", {}) == ({"C": "Diviner"} if "Diviner" in dealt else {})
        if "Diviner" in dealt:
            assert record["roles"]["C"] == "Diviner"
    assert any("requests" not in r or not r["requests"] for r in kept)  # an exchange took the 占い師 out


@pytest.mark.parametrize(("args", "message"), [
    (["--request", "C=Diviner"], "role requests need the setting rolerequest=on"),
    (["--setting", "rolerequest=on", "--request", "Z=Diviner"], "no player 'Z' asks for a role: the players are"),
    (["--setting", "rolerequest=on", "--request", "C"], "a role request is NAME=ROLE (e.g. B=Diviner), not 'C'"),
    (["--setting", "rolerequest=on", "--request", "C=Fox"], "C asks for 'Fox', which is not in the role list"),
])
def test_a_bad_request_on_the_command_line_is_one_line(args, message):
    bad = runner.invoke(app, ["classic", "simulate", "--players", "8", "--games", "1", "--seed", "1", *args])
    assert bad.exit_code == 2 and message in bad.output


def test_play_asks_each_person_at_the_terminal_for_a_request_before_the_deal(tmp_path):
    path = tmp_path / "game.json"
    args = ["classic", "play", "--players", "8", "--seed", "3", "--setting", "rolerequest=on", "--record", str(path)]
    played = runner.invoke(app, args, input="Fox\n占い師\n")  # then the input ends: the game so far is kept
    assert played.exit_code == 130, played.output
    assert "妖狐 (Fox) is not in this cast: choose one of Werewolf, Diviner, Psychic, Madman, Guard, Human, or Enter " \
           "for おまかせ" in played.output.replace("\n", "")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["requests"] == {"B": "Diviner"} and record["roles"]["B"] == "Diviner"  # seed 3
    two = runner.invoke(app, [*args[:-2], "--humans", "2"], input="\n\n\n\n")  # pass-and-play: each called first
    before = two.output.split("Classic werewolf (人狼)")[0]
    assert before.index("Pass the terminal to B") < before.index("B: the role") < before.index("Pass the terminal to C")
    given = runner.invoke(app, [*args[:-2], "--humans", "2", "--request", "C=Guard"], input="\n")
    before = given.output.split("Classic werewolf (人狼)")[0]
    assert "B: the role" in before and "C: the role" not in before  # C asked on the command line
    plain = runner.invoke(app, ["classic", "play", "--players", "8", "--seed", "3"], input="")
    assert "希望役職制" not in plain.output and plain.exit_code == 130
