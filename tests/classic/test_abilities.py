"""Abilities, verbs, typed parameters and the one action codec (classic/abilities.py); day actions
(W.1.1) proved with the tests' own role (:mod:`tests.classic.wager_role`) through the engine, the
record and the terminal."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from jinrou.classic.abilities import Action, Param, ParamKind, Verb, When
from jinrou.classic.game import Legal
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.views import SeatView
from jinrou.errors import IllegalActionError, NotationError
from jinrou.terminal.classic import TerminalPlay
from tests.classic.helpers import action, cast, close, new, night
from tests.classic.wager_role import STAKES, declared

ROLE_IDS = ("Human", "Werewolf", "Diviner", "Guard", "Fox", "Madman")

# ---------------------------------------------------------------------- the codec


def actions(names: list[str]) -> st.SearchStrategy[Action]:
    seats = st.integers(0, len(names) - 1)

    def values(verb: Verb) -> st.SearchStrategy[tuple[str, ...]]:
        return st.tuples(*(st.sampled_from(p.values or ROLE_IDS) for p in verb.params))

    return st.sampled_from(list(Verb)).flatmap(lambda verb: st.builds(
        Action, seats, st.just(verb), st.lists(seats, max_size=2).map(tuple), values(verb)))


NAME_LISTS = st.lists(st.from_regex(r"[A-Za-z\u4e00-\u4e10][A-Za-z0-9_\u4e00-\u4e10]{0,6}", fullmatch=True),
                      min_size=3, max_size=8, unique_by=str.casefold)


@settings(deadline=None)  # (a few ms an example; the 200 ms default is wall time, a loaded machine's)
@given(st.data(), NAME_LISTS)
def test_an_action_reads_back_from_its_notation_and_its_json(data, names):
    with declared():
        a = data.draw(actions(names))
        assert Action.parse(a.notation(names), names) == a
        assert Action.parse(a.notation(names, actor=False), names, seat=a.seat) == a
        assert Action.from_json(a.to_json(names), names) == a
        numbers = [str(s + 1) for s in range(len(names))]
        assert Action.parse(str(a), numbers) == a


def test_the_notation_reads_names_with_spaces_and_numbers_and_puts_parameters_last():
    names = ["Bot Alice", "Bot", "Carl"]
    a = Action(0, Verb.PAIR, (1, 2))
    assert a.notation(names) == "Bot Alice pair Bot Carl"
    assert Action.parse("bot alice PAIR bot carl", names) == a
    assert Action.parse("1 pair 2 3", names) == a
    assert Action.parse("kit carl Guard", names, seat=1) == Action(1, Verb.KIT, (2,), ("Guard",))
    assert Action(1, Verb.KIT, (2,), ("Guard",)).to_json(names) == {
        "player": "Bot", "action": "kit", "target": "Carl", "kit": "Guard"}
    assert str(Action(0, Verb.DIVINE, (2,))) == "1 divine 3"


@pytest.mark.parametrize(("text", "message"), [
    ("", "names no player first"),
    ("A", "no action in 'A'"),
    ("A dance B", "unknown action 'dance': the actions are attack, divine, guard"),
    ("A divine Zed", "no player 'Zed': the players are A, B, C"),
    ("A kit", "kit takes its seats, then KIT"),
    ("A wager B huge Human", "the stake of wager is one of high, low, not 'huge'"),
])
def test_bad_notations_are_refused_saying_what_is_allowed(text, message):
    with declared(), pytest.raises(NotationError, match=message):
        Action.parse(text, ["A", "B", "C"])


@pytest.mark.parametrize(("data", "message"), [
    ([], "an action is"),
    ({"player": "A"}, "an action is"),
    ({"player": "Q", "action": "divine"}, "no player 'Q'"),
    ({"player": "A", "action": "divine", "targets": "B"}, "targets must be a list"),
    ({"player": "A", "action": "kit", "target": "B", "kit": 3}, "the kit of kit is Diviner, Psychic, Guard, not 3"),
])
def test_bad_action_json_is_refused_saying_what_is_allowed(data, message):
    with pytest.raises(NotationError, match=message):
        Action.from_json(data, ["A", "B", "C"])


def test_verbs_are_declared_once_with_their_parameters_and_unpickle_as_themselves():
    import pickle

    assert Verb("divine") is Verb.DIVINE and Verb.declare("divine") is Verb.DIVINE
    assert pickle.loads(pickle.dumps(Verb.KIT)) is Verb.KIT
    with pytest.raises(ValueError, match="declared twice with different parameters"):
        Verb.declare("divine", Param("x", ParamKind.CHOICE, ("a",)))
    with pytest.raises(ValueError, match="unknown action 'dance'"):
        Verb("dance")
    assert [v.value for v in Verb][:3] == ["attack", "divine", "guard"]


def test_a_verb_declared_beside_its_role_is_verbs_attribute_and_carries_its_words():
    """商人's ``kit`` is declared in its role module (with the kits' words), not in the vocabulary; the
    bots' ``Verb.KIT`` still names it."""
    kit = Verb.KIT.param("kit")
    assert Verb.KIT is Verb("kit") and kit is not None and kit.values == ("Diviner", "Psychic", "Guard")
    assert [kit.name(k, "ja") for k in ("Diviner", "Guard")] == ["占いセット", "狩人セット"]
    assert kit.name("Psychic", "en") == "a medium kit" and kit.name("Human", "en") == "Human"
    with pytest.raises(AttributeError, match="no attribute 'DANCE'"):
        Verb.DANCE  # noqa: B018


# ---------------------------------------------------------------------- day actions in the engine

ROLES = ["Werewolf", "SpaceWerewolfObserver", "Human", "Human", "Human", "Diviner"]


def day_two():
    game = new(ROLES)
    night(game, "A attack C", "F divine A")
    return game


def test_a_day_action_is_offered_by_day_after_the_vote_with_its_parameters_and_only_once_a_day():
    with declared():
        game = day_two()
        legal = game.legal_actions(1)
        assert legal[0].verb is None  # the vote comes first
        wager = legal[1]
        assert wager.verb is Verb("wager") and not wager.required and wager.arity == 1
        assert [p.key for p in wager.params] == ["stake", "role"] and wager.values[0] == STAKES
        assert "Werewolf" in wager.values[1] and 1 not in wager.targets
        assert game.awaited() == [0, 1, 3, 4, 5]  # optional: nobody waits for it
        game.apply(action(game, "B wager A high Werewolf"))
        assert [lg.verb for lg in game.legal_actions(1)] == [None]  # once a day, the vote still open
        with pytest.raises(IllegalActionError, match="has no action 'wager' today"):
            game.apply(action(game, "B wager A low Human"))


def test_a_day_action_changes_later_votes_and_the_record_keeps_it_before_the_votes_and_replays():
    with declared():
        game = day_two()
        cast(game, "AB DB")
        game.apply(action(game, "B wager A high Werewolf"))  # a right guess, high: B's vote weighs 2
        cast(game, "BA EA FE")
        close(game)
        assert game.executed_on(2) == [0] and game.is_over
        record = write(game, 0)
        day = next(e for e in record["events"] if e["type"] == "day")
        assert day["actions"] == [{"player": "B", "action": "wager", "target": "A", "stake": "high", "role": "Werewolf"}]
        assert write(replay(record), 0) == record
        inputs = {k: record[k] for k in ("format", "players", "roles", "settings")}
        inputs["events"] = [{k: e[k] for k in ("type", "actions", "votes") if k in e}
                            for e in record["events"] if e["type"] != "outcome"]
        assert write(replay(inputs), 0)["result"] == record["result"]


def test_a_wrong_guess_weighs_nothing_and_day_actions_are_refused_at_night_and_with_bad_values():
    with declared():
        game = new(ROLES)
        with pytest.raises(IllegalActionError, match="has no action 'wager' tonight"):
            game.apply(action(game, "B wager A high Werewolf"))
        night(game, "A attack C", "F divine A")
        verb = Verb("wager")
        with pytest.raises(IllegalActionError, match="the stake must be one of high, low, not 'medium'"):
            game.apply(Action(1, verb, (0,), ("medium", "Werewolf")))
        with pytest.raises(IllegalActionError, match="the role must be one of .*, not 'Nobody'"):
            game.apply(Action(1, verb, (0,), ("high", "Nobody")))
        with pytest.raises(IllegalActionError, match="the stake must be one of high, low, not None"):
            game.apply(Action(1, verb, (0,)))
        with pytest.raises(IllegalActionError, match="A cannot wager now: it is the day"):
            game.apply(Action(0, verb, (1,), ("high", "Human")))  # a role without it
        game.apply(action(game, "B wager A high Human"))
        cast(game, "AB DB BA EA FE")
        close(game)
        assert not game.executed_on(2)  # 2 against 2: no weight was won


def test_the_terminal_reads_a_day_action_with_the_codec_then_the_vote():
    with declared():
        game = day_two()
        answers = iter(["help", "wager 1 loud Werewolf", "wager A high Werewolf", "vote A"])
        prompts = []

        def ask(prompt, **_):
            prompts.append(prompt)
            return next(answers)

        out = io.StringIO()
        play = TerminalPlay(game, [None] * game.n, np.random.default_rng(0), Console(file=out, width=200), ask=ask)
        play._day(SeatView.of(game, 1))
        assert "wager NAME high|low ROLE" in prompts[0]
        assert "the stake of wager is one of high, low, not 'loud'" in out.getvalue()
        assert "wager NAME high|low ROLE" in out.getvalue()  # help lists the day action
        assert [a.verb.value for a, _ in game.day_actions] == ["wager"] and game.ballot.votes == {1: 0}


def test_abilities_declare_their_timing():
    from jinrou.classic.roles.village import SendKit

    assert SendKit.when is When.NIGHT and SendKit().kits == ("Diviner", "Psychic", "Guard")
    assert Legal(Verb.KIT, (1,), False, 1, (("Diviner", "Guard"),)).kits == ("Diviner", "Guard")
