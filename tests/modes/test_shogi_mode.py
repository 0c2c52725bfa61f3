"""Quantum mini-shogi through the mode interface: settings, whole games with bots, refused moves,
resignation, loss on time, and one view for everybody that agrees with the record."""

import re
from fractions import Fraction

import numpy as np
import pytest

from jinrou import modes
from jinrou.errors import IllegalActionError
from jinrou.modes import Phase, SettingsError
from jinrou.shogi import Game
from jinrou.shogi.record import Record

MODE = modes.get("shogi")
PLAYERS = ("Ann", "Bot Bob")
SAMPLE = ["⑤c4", "⑭xc4", "⑦c2", "⑫xc2", "①b2"]  # the source's sample game (spec §6)


def started(clock=600, bot="random", moves=()):
    match = MODE.start(PLAYERS, MODE.settings({"clock_seconds": clock, "bot": bot}))
    for text in moves:
        match = MODE.act(match, match.game.turn, {"move": text})
    return match


def bot_game(seed, bot="random"):
    """A whole game with both seats played by bots, every state kept."""
    rng = np.random.default_rng(seed)
    states = [started(bot=bot)]
    while MODE.result(states[-1]) is None:
        (seat,) = MODE.awaited(states[-1])
        states.append(MODE.act(states[-1], seat, MODE.bot_action(states[-1], seat, rng)))
    return states


def test_settings_default_to_ten_minutes_a_side_and_the_search_bot():
    assert MODE.settings({}) == {"clock_seconds": 600, "bot": "search"}
    assert MODE.seats(MODE.settings({})) == 2
    assert MODE.summary(MODE.settings({"bot": "random"})) == {"clock_seconds": 600, "bot": "random"}
    assert [f.key for f in MODE.schema.fields] == ["clock_seconds", "bot"]


@pytest.mark.parametrize(("data", "message"), [
    ({"clock_seconds": 5}, "clock_seconds must be 10–7200, not 5"),
    ({"clock_seconds": 7201}, "clock_seconds must be 10–7200, not 7201"),
    ({"clock_seconds": "600"}, "clock_seconds must be 10–7200, not '600'"),
    ({"bot": "smart"}, "bot must be one of random, search, not 'smart'"),
    ({"seats": 3}, "unknown settings ['seats']: settings are bot, clock_seconds"),
])
def test_bad_settings_are_refused_saying_what_is_allowed(data, message):
    with pytest.raises(SettingsError) as caught:
        MODE.settings(data)
    assert str(caught.value) == message


def test_a_whole_bot_game_through_the_interface_gives_a_record_that_replays():
    states = bot_game(seed=3)
    last = states[-1]
    assert states[0].game.moves == [] and [len(s.game.moves) for s in states] == list(range(len(states)))  # none mutated
    record = MODE.record(last, seed=12345)
    assert record["format"] == "jinrou.shogi/1" and record["players"] == {"sente": "Ann", "gote": "Bot Bob"}
    replayed = Record.read(record).replay()
    assert replayed.outcome == last.game.outcome and replayed.determination() == last.game.determination()
    view = MODE.view(last, None)
    assert view["moves"] == record["moves"] and view["outcome"]["reason"] == record["result"]["reason"]
    assert view["result"]["winners"] == [PLAYERS[last.game.outcome.winner]]
    assert view["log"][-1] == f"— {last.game.outcome} —" and len(view["log"]) == len(record["moves"]) + 1
    assert MODE.awaited(last) == () and MODE.seconds(last, {}, (0.0, 0.0)) is None


def test_each_move_is_a_turn_of_its_own_and_the_mover_is_awaited():
    match = started(moves=SAMPLE[:2])
    assert MODE.phase(match) == Phase("move 3", turn=2)
    assert MODE.awaited(match) == (0,)
    assert MODE.awaited(MODE.act(match, 0, {"move": "⑦c2"})) == (1,)
    assert MODE.draw(match, lambda: np.random.default_rng(0)) is None


def test_the_clock_of_the_side_to_move_is_what_it_has_not_used():
    match = started(clock=300, moves=SAMPLE[:1])
    assert MODE.seconds(match, {}, (12.5, 40.0)) == 260.0  # gote to move
    assert MODE.seconds(match, {}, (0.0, 301.0)) == 0.0


def test_a_refused_move_says_why_and_changes_nothing():
    match = started(moves=SAMPLE[:2])
    before = MODE.view(match, None)
    with pytest.raises(IllegalActionError) as caught:
        MODE.act(match, 0, {"move": "10-d5"})  # ⑩ is column 5's pawn since ⑤ proved to be the cat
    assert str(caught.value) == "illegal move '⑩d5': ⑩ cannot go b5→d5: only 香 could, and ⑩ can only be 歩"
    assert match.game.explain("⑩d5") == "⑩ cannot go b5→d5: only 香 could, and ⑩ can only be 歩"  # the game's reason
    assert len(match.game.moves) == 2 and MODE.view(match, None) == before


@pytest.mark.parametrize(("seat", "action", "message"), [
    (1, {"move": "⑪c1"}, "it is not your turn: ▲ sente is to move"),
    (0, {"move": "⑤c9"}, "cannot read move '⑤c9': write the piece number and the square"),
    (0, {"move": 5}, 'a move is a text such as "⑤c4" or "5-c4", not 5'),
    (0, {"resign": False}, 'to resign, send {"resign": true}'),
    (0, {"move": "⑤c4", "resign": True}, 'an action is {"move": "⑤c4"} (the piece and the square) or {"resign": true}'),
    (0, "⑤c4", 'an action is {"move": "⑤c4"}'),
])
def test_malformed_actions_are_refused(seat, action, message):
    with pytest.raises(IllegalActionError, match="^" + re.escape(message)):
        MODE.act(started(), seat, action)


def test_either_side_may_resign_at_any_time_and_then_nothing_more_is_played():
    match = started(moves=SAMPLE[:1])  # gote to move; sente resigns anyway
    over = MODE.act(match, 0, {"resign": True})
    result = MODE.result(over)
    assert result is not None and result.winners == (1,)
    assert (result.en, result.ja) == ("△ Gote (Bot Bob) wins: sente resigned.", "後手（Bot Bob）の勝ち（先手の投了）")
    assert MODE.result(match) is None and MODE.awaited(over) == ()
    with pytest.raises(IllegalActionError, match="^the game is over: gote wins \\(resignation\\)"):
        MODE.act(over, 1, {"move": "⑭xc4"})
    record = MODE.record(over, 0)
    assert record["resigned"] == "sente" and Record.read(record).replay().outcome == over.game.outcome


def test_when_the_deadline_passes_the_side_to_move_loses_on_time():
    match = started(moves=SAMPLE[:3])  # gote to move
    over = MODE.close(match)
    result = MODE.result(over)
    assert result is not None and result.winners == (0,)
    assert (result.en, result.ja) == ("▲ Sente (Ann) wins: gote lost on time.", "先手（Ann）の勝ち（後手の時間切れ）")
    view = MODE.view(over, 1)
    assert view["outcome"] == {"winner": "sente", "reason": "gote lost on time", "termination": "time"}
    assert view["legal"] == [] and view["turn"] is None and view["phase"] == "over"
    record = MODE.record(over, 0)
    assert record["lost_on_time"] == "gote" and record["moves"] == SAMPLE[:3]
    assert Record.read(record).replay().outcome == over.game.outcome
    assert MODE.close(over) is over and MODE.result(match) is None  # closing an ended game changes nothing


def test_everybody_gets_the_same_view_and_it_agrees_with_the_record():
    for match in bot_game(seed=5):
        views = [MODE.view(match, seat) for seat in (0, 1, None)]
        assert views[0] == views[1] == views[2]
        view, game = views[0], Game(MODE.record(match, 0)["moves"])
        assert [p["marks"] for p in view["pieces"]] == game.determination()
        assert view["board"] == [None if p < 0 else p for p in game.position.board()]
        assert view["hands"] == [game.position.hand(0), game.position.hand(1)]
        assert view["assignments"] == str(game.assignments())
        for side in (0, 1):  # each side has exactly one king: P(玉) over its ten pieces sums to 1, exactly
            kings = [Fraction(p["king"]) for p in view["pieces"] if p["origin"] == side]
            assert sum(kings) == 1 and all(abs(float(k) - p["king_p"]) < 1e-12
                                           for k, p in zip(kings, view["pieces"][side * 10:]))
        legal = {text for g in view["legal"] for t in g["to"] for text in (t["move"], t["promote"]) if text}
        assert legal == {str(m) for m in game.legal_moves()}


def test_legal_moves_are_grouped_by_piece_with_forced_and_optional_promotion():
    forced = started(moves=["⑨xd5"])  # ⑭ d4→a4 can only be a lance's move, which must promote there
    group = next(g for g in MODE.view(forced, None)["legal"] if g["piece"] == 13)
    assert group["from"] == "d4" and not group["drop"]
    assert {"square": "a4", "move": None, "promote": "⑭xa4+"} in group["to"]
    optional = started(moves=["⑦xd1", "⑭c3", "⑧c4", "⑬c5", "⑪*d3", "⑬xc4"])  # ⑪ d3→e2: silver (may promote) or gold
    group = next(g for g in MODE.view(optional, None)["legal"] if g["piece"] == 10)
    assert {"square": "e2", "move": "⑪xe2", "promote": "⑪xe2+"} in group["to"]
    drops = [g for g in MODE.view(started(moves=["⑦xd2"]), None)["legal"] if g["drop"]]
    assert drops == []  # gote holds nothing yet
    held = started(moves=["⑦xd2", "⑪xd2"])  # sente holds ⑫, gote ⑦; sente to move
    drop = next(g for g in MODE.view(held, None)["legal"] if g["drop"])
    assert drop["piece"] == 11 and drop["from"] is None and all(t["move"].startswith("⑫*") for t in drop["to"])


def test_the_search_bot_plays_a_legal_move_in_the_same_json_as_a_person():
    match = started(bot="search", moves=SAMPLE)
    action = MODE.bot_action(match, 1, np.random.default_rng(0))
    assert set(action) == {"move"} and len(MODE.act(match, 1, action).game.moves) == 6


def test_one_table_chat_that_spectators_only_read():
    match = started()
    assert [c.to_json() for c in MODE.channels(match, 0)] == [{"key": "table", "en": "Table", "ja": "対局室", "write": True}]
    assert MODE.channels(None, None)[0].closed == "spectators only read the table chat"


def test_the_mode_has_no_chance_to_replay():
    with pytest.raises(IllegalActionError, match="no random outcomes"):
        MODE.happen(started(), {"numbers": [1]})
