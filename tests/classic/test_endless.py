"""エンドレス闇鍋 (``endless``): people join a game going on, the dead are reborn (docs/classic-rules.md, "エンドレス闇鍋")."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic import endless, rules
from jinrou.classic.draws import Draws
from jinrou.classic.game import Game
from jinrou.classic.model import Action, Verb
from jinrou.classic.record import dumps, write
from jinrou.classic.replay import replay
from jinrou.classic.roles import ROLES
from jinrou.classic.views import SeatView, heaven_sees_all
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError, RecordError, SetupError

from .helpers import alive, close, dead, new, night, snapshot, told, vote
from .helpers import given as given_draws
from .test_properties import choose_randomly

SIX = ["Werewolf", "Diviner", "Human", "Human", "Human", "Human"]
EIGHT = ["Werewolf", "Diviner", *["Human"] * 6]
ENDLESS = {"endless": "on", "capacity": 8}


class Recording(Draws):
    """Real draws that also keep each choice's options and weights (what the rules asked for)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked: list[tuple[str, list[Any], list[int] | None]] = []

    def choice(self, kind, options, weights=None, label=None):  # type: ignore[no-untyped-def]
        self.asked.append((kind, list(options), None if weights is None else list(weights)))
        return super().choice(kind, options, weights, label)


# ---------------------------------------------------------------------- a join and a rebirth at known dawns


def test_a_newcomer_joins_at_the_next_dawn_and_a_dead_seat_is_reborn_the_dawn_after():
    g = new(SIX, ENDLESS)
    assert g.joinable and g.waiting == ()
    g.enter("G")
    assert g.waiting == ("G",) and g.names == tuple("ABCDEF") and g.n == 6  # not a seat yet
    night(g, "A attack F", "B divine A", draws=[("endless join", "Guard")])
    # dawn 2: G is the 7th seat, a 狩人; F, dead tonight, may not be reborn yet (nothing drawn for it)
    assert g.names == tuple("ABCDEFG") and g.cast[6] == "Guard" and g.role(6).id == "Guard" and g.alive[6]
    assert g.waiting == () and told(g, "joined", None) == [{"player": 6}]
    assert len(g.identities) == len(g.alive) == len(g.deaths) == len(g.cast) == g.n == 7
    vote(g, "AC BC CA DC EC GC")
    night(g, "A attack D", "B divine E", "G guard B",
          draws=[("rebirth", True), ("rebirth role", "Psychic"), ("rebirth", False)])  # C then F, p = 2/5 each
    assert alive(g) == "ABCEG" and dead(g) == {"D": "attack", "F": "attack"}
    assert g.role(2).id == "Psychic" and g.roles_held(2) == ("Human", "Psychic")
    assert told(g, "reborn", None) == [{"player": 2}] and told(g, "role changed", "C") == [{"role": "Psychic"}]
    full = write(g)
    assert full["joined"] == ["G"] and full["roles"]["G"] == "Guard" and full["players"] == list("ABCDEFG")
    nights = [e for e in full["events"] if e["type"] == "night"]
    assert nights[0]["enters"] == ["G"] and nights[0]["joined"] == ["G"] and nights[1]["revived"] == ["C"]


def test_the_reborn_seat_is_a_fresh_seat_of_its_new_role_and_plays_it():
    g = new(EIGHT, ENDLESS)
    night(g, "A attack H", "B divine A")
    vote(g, "AC BC CA DC EC FC GC")
    night(g, "A attack D", "B divine E", draws=[("rebirth", False), ("rebirth", True), ("rebirth role", "Werewolf")])
    assert alive(g) == "ABEFGH" and g.role(7).id == "Werewolf" and g.deaths[7] is None  # C stays dead, H reborn
    assert SeatView.of(g, 0).known.get(7) is not None  # the wolves know their new fellow
    vote(g, "AB BA EB FB GB HB")
    assert {lg.verb.value for lg in g.legal_actions(7)} == {"attack"}  # a wolf at night


def test_a_rebirth_drawn_is_skipped_with_chance_one_minus_p_once_per_newcomer():
    g = new(EIGHT, {"endless": "on", "capacity": 9})
    night(g, "A attack H", "B divine A")
    vote(g, "AC BC CA DC EC FC GC")  # C and H dead before tonight: two seats that may be reborn, p = 2/5
    g.enter("I")
    g.apply(Action(0, Verb.ATTACK, (3,)))
    g.apply(Action(1, Verb.DIVINE, (4,)))
    d = Recording(None, given_draws([("endless join", "Human"), ("rebirth order", ["H", "C"]), ("rebirth", True),
                                     ("rebirth skipped", True), ("rebirth", True), ("rebirth role", "Fox")]).given)
    g.close(d)
    assert not d.leftover()
    assert alive(g) == "ABCEFGI" and g.role(2).id == "Fox"  # H's rebirth skipped for I; C's not: no skip left
    asked = [(kind, tuple(weights or ())) for kind, _, weights in d.asked if kind.startswith("rebirth")]
    # reborn 2 : stays dead 3 (p = 2/5); skipped 3 : kept 2 (1 − p)
    assert asked == [("rebirth", (2, 3)), ("rebirth skipped", (3, 2)), ("rebirth", (2, 3)), ("rebirth role", ())]


@pytest.mark.parametrize(("dead_seats", "p"), [(1, Fraction(1, 2)), (2, Fraction(2, 5)), (3, Fraction(1, 3)),
                                               (7, Fraction(1, 5)), (0, Fraction(2, 3))])
def test_the_chance_of_a_rebirth_is_two_over_dead_plus_three(dead_seats, p):
    assert endless.rebirth_chance(dead_seats) == p


def test_each_rebirth_is_drawn_with_the_exact_chance_of_its_dawn():
    g = new(EIGHT, ENDLESS)
    night(g, "A attack H", "B divine C")
    vote(g, "AC BC CA DC EC FC GC")
    night(g, "A attack D", "B divine E", draws=[("rebirth", False), ("rebirth", False)])
    vote(g, "AE BE EA FE GE")
    g.apply(Action(0, Verb.ATTACK, (5,)))
    g.apply(Action(1, Verb.DIVINE, (6,)))
    d = Recording(np.random.default_rng(5))
    g.close(d)
    weights = [w for kind, _, w in d.asked if kind == "rebirth"]  # C, D, E, H: dead before tonight
    assert len(weights) == 4 and {Fraction(w[0], sum(w)) for w in weights if w} == {Fraction(2, 7)}
    assert endless.rebirth_chance(4) == Fraction(2, 7)


def test_the_seats_dead_since_the_night_began_and_sudden_deaths_are_never_reborn():
    g = new(EIGHT, ENDLESS)
    g.apply(Action(0, Verb.ATTACK, (7,)))
    close(g, [("announcement", ["B", "H"])])  # B never divined: a sudden death; H attacked; neither dead before
    assert dead(g) == {"B": "sudden", "H": "attack"} and endless.counted(g) == 7
    vote(g, "AC CA DC EC FC GC")
    g.apply(Action(0, Verb.ATTACK, (3,)))
    d = Recording(None, given_draws([("rebirth", False), ("rebirth", False)]).given)
    g.close(d)
    assert not d.leftover() and [kind for kind, _, _ in d.asked] == ["rebirth", "rebirth"]  # C and H, not B nor D


def test_the_scapegoat_is_never_reborn_but_counts_against_the_room():
    g = Game.new(["身代わりくん", *"BCDEFGH"], ["Human", "Werewolf", "Diviner", *["Human"] * 5],
                 {"scapegoat": "on", "endless": "on"}, np.random.default_rng(1))
    g.apply(Action(2, Verb.DIVINE, (1,)))
    g.close(np.random.default_rng(1))
    assert not g.alive[0] and endless.counted(g) == 8 and not g.joinable
    vote(g, "BD CD DB ED FD GD HD")
    g.apply(Action(1, Verb.ATTACK, (4,)))
    g.apply(Action(2, Verb.DIVINE, (5,)))
    d = Recording(np.random.default_rng(2))
    g.close(d)
    assert [(kind, w) for kind, _, w in d.asked if kind == "rebirth"] == [("rebirth", [1, 1])]  # D alone: p = 1/2


# ---------------------------------------------------------------------- who may draw what


def test_the_roles_drawn_are_every_declared_role_but_those_that_say_no():
    pool = endless.pool()
    assert "Thief" not in pool and "MinionSelector" not in pool
    assert set(pool) == {r for r, role in ROLES.items() if role.endless_draw} and len(pool) == len(ROLES) - 2


def test_an_excluded_role_given_by_a_record_is_refused_and_the_game_is_left_as_it_was():
    g = new(SIX, ENDLESS)
    g.enter("G")
    g.apply(Action(0, Verb.ATTACK, (5,)))
    g.apply(Action(1, Verb.DIVINE, (0,)))
    before = snapshot(g)
    with pytest.raises(ImpossibleOutcomeError, match=r"^endless join cannot be 'Thief': it is one of "):
        g.close(given_draws([("endless join", "Thief")]))
    assert snapshot(g) == before


def test_random_joins_never_draw_an_excluded_role():
    drawn = set()
    for seed in range(40):
        g = new(SIX, {"endless": "on", "capacity": 9})
        for name in "GHI":
            g.enter(name)
        g.apply(Action(0, Verb.ATTACK, (5,)))
        g.apply(Action(1, Verb.DIVINE, (0,)))
        g.close(np.random.default_rng(seed))
        drawn.update(g.cast[6:])
    assert drawn and drawn <= set(endless.pool()) and len(drawn) > 50


# ---------------------------------------------------------------------- refusals: one line, nothing changed


@pytest.mark.parametrize(("settings", "prepare", "name", "message"), [
    ({}, None, "G", "only an endless game (エンドレス闇鍋, the setting endless=on) takes people while it is played"),
    (ENDLESS, None, "a", ("'a' already plays or waits to join (names differ ignoring case): a newcomer needs a name of "
                         "his own")),
    (ENDLESS, "G", "g", "'g' already plays or waits to join"),
    (ENDLESS, None, " G", "a newcomer's name must be 1–32 printable characters without outer spaces, not ' G'"),
    (ENDLESS, None, "", "a newcomer's name must be"),
    ({"endless": "on"}, None, "G", ("the room is full: 6 seats counted (the living and the dead who may come back) and 0 "
                                   "waiting, of 6; one may join when a seat is lost for good")),
    (ENDLESS, "GH", "I", ("the room is full: 6 seats counted (the living and the dead who may come back) and 2 waiting, "
                         "of 8")),
])
def test_a_refused_entrant_gets_one_line_and_nothing_changes(settings, prepare, name, message):
    g = new(SIX, settings)
    for other in prepare or "":
        g.enter(other)
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as error:
        g.enter(name)
    assert str(error.value).startswith(message) and "\n" not in str(error.value) and error.value.ja
    with pytest.raises(IllegalActionError):
        rules.check_enter(g, name)
    assert snapshot(g) == before


def test_nobody_joins_a_game_that_is_over():
    g = new(["Werewolf", "Human", "Human"], ENDLESS)
    g.apply(Action(0, Verb.ATTACK, (1,)))
    close(g)
    assert g.is_over and not g.joinable
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="^the game is over: nobody joins it now$"):
        g.enter("G")
    assert snapshot(g) == before


def test_a_sudden_death_frees_a_seat():
    g = new(SIX, {"endless": "on"})
    assert not g.joinable
    g.apply(Action(0, Verb.ATTACK, (5,)))
    close(g, [("announcement", ["B", "F"])])  # B never divined: a sudden death, never back, no longer counted
    assert g.joinable and rules.enter(g, "G")[0].name == "G" and not g.joinable  # type: ignore[union-attr]


@pytest.mark.parametrize(("settings", "message"), [
    ({"chemical": "on"}, "エンドレス闇鍋 (endless) is not played with ケミカル人狼 (chemical), as in 月下人狼: turn one of them off"),
    ({"rolerequest": "on"}, ("エンドレス闇鍋 (endless) takes no role requests (希望役職制, rolerequest): its cast is a 闇鍋 and its "
                            "newcomers' roles are drawn; turn rolerequest off")),
    ({"capacity": 5}, ("the room's number (capacity) must be at least the 6 seats at the start, not 5 (0: the seats at "
                      "the start)")),
])
def test_an_endless_game_refuses_chemical_role_requests_and_a_small_room(settings, message):
    roles: list[Any] = [[r, "Human"] for r in SIX] if settings.get("chemical") else SIX
    with pytest.raises(SetupError) as error:
        Game.new(list("ABCDEF"), roles, {"scapegoat": "off", "endless": "on", **settings})
    assert str(error.value) == message and error.value.ja


def test_the_capacity_setting_counts_seats():
    with pytest.raises(SetupError, match="^setting 'capacity' must be a whole number of seats from 0 to 1000, not -1$"):
        new(SIX, {"endless": "on", "capacity": -1})


# ---------------------------------------------------------------------- views


def test_a_person_waiting_sees_what_a_spectator_sees_and_the_dead_never_see_all():
    g = new(SIX, {**ENDLESS, "heavenview": "norevive"})
    g.enter("G")
    assert SeatView.of(g, None).n == 6 and g.waiting == ("G",)  # he is read as a spectator (seat None): no seat yet
    night(g, "A attack F", "B divine A", draws=[("endless join", "Human")])
    view = SeatView.of(g, 6)
    assert view.n == 7 and view.role == "Human" and len(view.alive) == 7
    assert not heaven_sees_all(g) and SeatView.of(g, 5).roles == {5: "Human"}  # no 猫又, yet the dead may come back


# ---------------------------------------------------------------------- the record


def test_the_record_round_trips_and_a_wrong_join_is_refused_in_one_line():
    g = new(SIX, ENDLESS)
    g.enter("G")
    g.enter("H")
    night(g, "A attack F", "B divine A", draws=[("endless join", "Guard"), ("endless join", "Fox")])
    vote(g, "AC BC CA DC EC GC HC")
    g.close(np.random.default_rng(3))
    full = write(g, 3)
    text = dumps(full)
    assert write(replay(json.loads(text)), 3) == full
    for key, value, message in (  # G counted among the players at the start: his entry is refused where it is
            ("joined", ["H"], r"^event 1: 'G' already plays or waits to join"),
            ("joined", ["A"], r'^"joined" must list the players who joined the game going on, the last of "players"'),
            ("roles", {**full["roles"], "H": "Human"}, r"^roles: H joined as 'Human' in the record, 'Fox' by the rules$")):
        bad = json.loads(text)
        bad[key] = value
        with pytest.raises(RecordError, match=message):
            replay(bad)
    bad = json.loads(text)
    bad["events"][0]["joined"] = ["H", "G"]
    with pytest.raises(RecordError, match=r"^event 1: joined are \['H', 'G'\] in the record, \['G', 'H'\] by the rules$"):
        replay(bad)


def test_an_input_record_with_only_the_entrants_replays_to_the_full_record():
    g = new(SIX, ENDLESS)
    g.enter("G")
    night(g, "A attack F", "B divine A", draws=[("endless join", "Guard")])
    full = write(g, 0)
    given_only = {k: v for k, v in full.items() if k != "joined"}
    given_only["players"], given_only["roles"] = list("ABCDEF"), {k: v for k, v in full["roles"].items() if k != "G"}
    assert write(replay(given_only), 0) == full


def test_a_record_without_endless_reads_its_settings_as_before():
    assert "endless" not in write(new(SIX))["settings"] and "capacity" not in write(new(SIX))["settings"]


# ---------------------------------------------------------------------- invariants


@st.composite
def endless_games(draw):
    n = draw(st.integers(4, 9))
    roles = draw(st.lists(st.sampled_from(sorted(endless.pool())), min_size=n - 1, max_size=n - 1))
    cast = draw(st.permutations(["Werewolf", *roles]))
    capacity = draw(st.integers(n, n + 6))
    return cast, capacity, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=30, deadline=None)
@given(endless_games())
def test_random_endless_games_grow_their_seats_and_replay_to_the_same_record(setup):
    cast, capacity, seed = setup
    rng = np.random.default_rng(seed)
    g = Game.new([f"P{i}" for i in range(len(cast))], cast, {"endless": "on", "capacity": capacity}, rng)
    seats, newcomers = g.n, 0
    for _ in range(16):
        if g.is_over:
            break
        while g.joinable and rng.random() < 0.5:
            g.enter(f"N{newcomers}")
            newcomers += 1
        assert endless.counted(g) + len(g.waiting) <= capacity
        choose_randomly(g, rng)
        g.close(rng)
        assert g.n >= seats and g.names[:seats] == tuple(g.names[:seats])
        seats = g.n
        assert len(g.names) == len(g.identities) == len(g.alive) == len(g.deaths) == len(g.cast) == g.n
        assert all((g.deaths[s] is None) == g.alive[s] for s in g.seats())
        assert [SeatView.of(g, s).n for s in g.seats()] == [g.n] * g.n
    assert g.n == len(cast) + newcomers - len(g.waiting)
    record = write(g, seed)
    assert write(replay(json.loads(dumps(record))), seed) == record


def test_a_hunter_s_dawn_shot_is_this_day_s_death_and_is_not_reborn_that_dawn():
    g = new(["Werewolf", "Diviner", "Hunter", *["Human"] * 5], ENDLESS)
    night(g, "A attack H", "B divine A")
    vote(g, "AE BE CE DE EA FE GE")
    night(g, "A attack C", "B divine D")  # C, the ハンター, dies: its shot before the day (no rebirth drawn yet)
    assert g.stage.value == "hunter" and dead(g) == {"C": "attack", "E": "execution", "H": "attack"}
    d = Recording(None, given_draws([("rebirth", False), ("rebirth", False)]).given)
    g.apply(Action(2, Verb.SHOOT, (5,)))
    g.close(d)
    assert not d.leftover() and dead(g)["F"] == "hunter" and g.stage.value == "day"
    assert [kind for kind, _, _ in d.asked] == ["rebirth", "rebirth"]  # E and H; not C nor F, dead this day


@pytest.mark.parametrize(("lastattack", "over"), [("yes", False), ("no", True)])
def test_a_newcomer_joins_before_the_day_s_first_win_check_unless_it_is_judged_first(lastattack, over):
    g = new(["Werewolf", "Poisoner", "Human", "Human", "Human", "Human"], {**ENDLESS, "hunter_lastattack": lastattack})
    g.enter("G")
    g.apply(Action(0, Verb.ATTACK, (1,)))  # the 埋毒者's poison kills the only wolf
    d = Recording(None, given_draws([("poison", "A"), ("announcement", ["A", "B"]), ("endless join", "Werewolf")]).given)
    g.close(d)
    assert dead(g) == {"A": "poison", "B": "attack"} and g.is_over is over
    assert (g.names, g.waiting) == ((tuple("ABCDEF"), ("G",)) if over else (tuple("ABCDEFG"), ()))
    assert [k for k, _, _ in d.asked].count("endless join") == (0 if over else 1)
