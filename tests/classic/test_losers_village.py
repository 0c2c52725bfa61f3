"""敗北村 (room option ``losemode``, issue 36): the result is the same team, but every seat's win is
inverted — the winners are the seats whose win rule says they lost — then a sudden death loses, and a
draw has no winner (the reference's ``judge``: ``iswin`` negated under ``@rule.losemode``, before its
sudden-death check; reference games ``options/`` 006, 015, 021, 027, 029, 031, 032, 054)."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given, settings

from jinrou.classic.game import Game
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.errors import RecordError

from .helpers import new, night, result, vote, winners
from .test_properties import play_randomly, setups

CAST = ["Werewolf", "Madman", "Diviner", "Human", "Human", "Neet"]


def test_a_neet_always_loses_the_wolves_side_wins_a_village_result_and_a_draw_has_nobody():
    g = new(CAST, {"losemode": "on"})
    night(g, "A attack D", "C divine A")
    vote(g, "AC BC CA EA FA")
    assert result(g) == "Human" and winners(g) == "AB"  # not C, D, E (their side won), not F (ニート always wins)
    g = new(CAST)  # the same game without the option: the village and ニート
    night(g, "A attack D", "C divine A")
    vote(g, "AC BC CA EA FA")
    assert result(g) == "Human" and winners(g) == "CDEF"


def test_a_sudden_death_loses_even_inverted():
    g = new(["Werewolf", "Madman", "Diviner", "Human", "Neet"], {"losemode": "on"})
    night(g, "A attack D", draws=[("announcement", ["C", "D"])])  # C did not divine: a sudden death
    vote(g, "AE BE EA")  # E executed: A | B, the wolves' result
    assert result(g) == "Werewolf"
    assert winners(g) == "D"  # the village lost: D wins, not C (dead suddenly), not E (ニート), not A, B


def test_a_record_of_the_losers_village_round_trips():
    g = new(CAST, {"losemode": "on"})
    night(g, "A attack D", "C divine A")
    vote(g, "AC BC CA EA FA")
    record = write(g)
    assert record["settings"]["losemode"] == "on" and record["result"]["winners"] == ["A", "B"]
    assert write(replay(record)) == record
    tampered = copy.deepcopy(record)
    tampered["result"]["winners"] = ["C", "D", "E", "F"]  # the winners without the option
    with pytest.raises(RecordError, match=r"^result: winners is \['C', 'D', 'E', 'F'\] in the record, \['A', 'B'\] by the rules$"):
        replay(tampered)


@settings(max_examples=40, deadline=None)
@given(setups())
def test_the_winners_of_the_losers_village_are_the_other_seats_but_the_sudden_deaths(setup):
    cast, room, seed = setup
    room = {k: v for k, v in room.items() if k != "losemode"}
    plain = Game.new([f"P{i}" for i in range(len(cast))], cast, room, np.random.default_rng(seed))
    play_randomly(plain, np.random.default_rng(seed))
    record = write(plain)
    record["settings"]["losemode"] = "on"
    del record["result"]
    inverted = replay(record)  # the same game: the option changes who wins, nothing else
    assert plain.outcome is not None and inverted.outcome is not None
    assert inverted.outcome.winner == plain.outcome.winner
    if plain.outcome.winner is None:
        assert inverted.outcome.winners == plain.outcome.winners == frozenset()
    else:
        others = set(plain.seats()) - set(plain.sudden) - set(plain.outcome.winners)
        assert set(inverted.outcome.winners) == others
