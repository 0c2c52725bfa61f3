"""Small helpers for the classic engine's rule tests: seats by letter, actions and votes as short
texts, random outcomes forced exactly (an unexpected draw fails loudly), deaths by name."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from jinrou.classic.draws import Draw, Draws
from jinrou.classic.game import Game
from jinrou.classic.model import Action, Vote
from jinrou.errors import IllegalActionError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def new(roles: Iterable[str], settings: Mapping[str, Any] | None = None, start: Iterable[tuple[str, Any]] = ()) -> Game:
    """A game of ``roles`` seated A, B, C… with ``scapegoat=off`` unless ``settings`` says otherwise;
    ``start``: the outcomes drawn at the start, in order (none by default)."""
    roles = list(roles)
    given = Draws(None, [Draw(k, v) for k, v in start])
    game = Game.new(LETTERS[: len(roles)], roles, {"scapegoat": "off", **(settings or {})}, given)
    assert not given.leftover(), f"start draws not taken: {given.leftover()}"
    return game


def seat(game: Game, letter: str) -> int:
    return game.names.index(letter)


def action(game: Game, text: str) -> Action:
    """``"A attack E"``, ``"A pair B C"``, ``"A kit B Guard"``, ``"A leave"``, ``"A shoot C"``: the
    action codec's notation (:meth:`Action.parse`)."""
    return Action.parse(text, game.names)


def given(draws: Iterable[tuple[str, Any]]) -> Draws:
    return Draws(None, [Draw(kind, value) for kind, value in draws])


def close(game: Game, draws: Iterable[tuple[str, Any]] = ()) -> list[Draw]:
    """Close the open phase with exactly these outcomes (every one must be taken, no other drawn);
    returns what was drawn."""
    d = given(draws)
    game.close(d)
    assert not d.leftover(), f"draws not taken: {d.leftover()}"
    return d.taken


def night(game: Game, *actions: str, draws: Iterable[tuple[str, Any]] = ()) -> None:
    """Submit the night's actions in order, then close the night."""
    for text in actions:
        game.apply(action(game, text))
    close(game, draws)


def cast(game: Game, votes: str) -> None:
    """``"AB BA CA"``: A votes B, B votes A, C votes A (the ballot stays open)."""
    for pair in votes.split():
        game.apply(Vote(seat(game, pair[0]), seat(game, pair[1])))


def vote(game: Game, votes: str, draws: Iterable[tuple[str, Any]] = ()) -> None:
    """Cast ``votes`` (see :func:`cast`), then close the ballot."""
    cast(game, votes)
    close(game, draws)


def dead(game: Game) -> dict[str, str]:
    """The dead seats by letter with their causes."""
    return {game.names[s]: d.cause.value for s, d in enumerate(game.deaths) if d is not None}


def alive(game: Game) -> str:
    return "".join(game.names[s] for s in game.living())


def told(game: Game, key: str, to: str | None = "*") -> list[dict[str, Any]]:
    """The args of every message ``key`` (to ``to``'s letter; None: public ones; "*": any)."""
    out = []
    for _, m in game.messages:
        if m.key != key:
            continue
        if to == "*" or (to is None and m.to is None) or (to not in (None, "*") and m.to is not None
                                                            and seat(game, to) in m.to):
            out.append(m.args)
    return out


def winners(game: Game) -> str:
    assert game.outcome is not None
    return "".join(game.names[s] for s in sorted(game.outcome.winners))


def result(game: Game) -> str | None:
    return game.outcome.winner_id if game.outcome else None


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a refused choice must leave as it was (a role's memory that is merely created
    empty by a query aside)."""
    state = {k: v for k, v in game.__dict__.items() if k not in ("_draws", "ctx", "identities", "night")}
    state["identities"] = [[(layer.role.id, layer.kind, copy.deepcopy(layer.memory), layer.until, layer.source)
                            for layer in identity.layers] for identity in game.identities]
    state["night"] = {k: v for k, v in game.night.__dict__.items() if k != "owners"}
    state["owners"] = [None if layer is None else (layer.seat, layer.role.id) for layer in game.night.owners]
    return copy.deepcopy(state)


class Recorder(Draws):
    """Draws that also note the options and weights of each choice (to read the odds the rules use)."""

    def __init__(self, given: list[tuple[str, Any]]) -> None:
        super().__init__(None, [Draw(k, v) for k, v in given])
        self.asked: list[tuple[str, list[Any], list[int] | None]] = []

    def choice(self, kind, options, weights=None, label=None):  # type: ignore[override]
        self.asked.append((kind, list(label if label is not None else options), None if weights is None else list(weights)))
        return super().choice(kind, options, weights, label)


def legal_verbs(game, letter: str) -> dict[str, tuple[str, ...]]:
    """What a seat may do now: verb → target letters (a vote is ``"vote"``)."""
    out = {}
    for lg in game.legal_actions(seat(game, letter)):
        out[lg.verb.value if lg.verb else "vote"] = tuple(game.names[t] for t in lg.targets)
    return out


def knows(game, letter: str) -> dict[str, str]:
    """What a seat's role and sub-roles tell it about the others: letter → label."""
    return {game.names[k]: v for k, v in game.identity(seat(game, letter)).knows(game.ctx)}


def chats(game, letter: str) -> set[str]:
    return set(game.identity(seat(game, letter)).chats(game.ctx))


def bot_game_replays(setup: tuple[list[str], dict[str, Any], int], kind: str) -> None:
    """Play a bot game (``heuristic`` or ``random``) of a hypothesis setup (cast, room, seed) to its
    end and check its record replays to the same record."""
    from jinrou.agents.classic import HeuristicAgent, RandomAgent
    from jinrou.classic.record import write
    from jinrou.classic.replay import replay
    from jinrou.classic.settings import Settings
    from jinrou.classic.simulate import play_game

    cast, room, seed = setup
    counts: dict[str, int] = {}
    for role in cast:
        counts[role] = counts.get(role, 0) + 1
    g = play_game(counts, Settings.parse(room), HeuristicAgent if kind == "heuristic" else RandomAgent, seed)
    assert g.outcome is not None
    record = write(g)
    assert write(replay(record)) == record


def refused(g: Game, choice: Action | Vote, match: str) -> IllegalActionError:
    """``choice`` is refused with a message matching ``match``, in English and Japanese, and nothing
    changes; returns the error."""
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=match) as caught:
        g.apply(choice)
    assert snapshot(g) == before
    assert caught.value.ja  # the one-line refusal in both languages
    return caught.value


def line(g: Game, key: str, lang: str = "ja") -> str:
    """The first message ``key`` rendered in ``lang``."""
    from jinrou.classic.texts import render

    return render(next(m for _, m in g.messages if m.key == key), g.names, lang)
