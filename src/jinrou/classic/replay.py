"""A game record played again through the rules (:mod:`jinrou.classic.record` writes it; format:
``docs/classic-record.md``).

Replaying feeds the record's choices and outcomes through the same :meth:`Game.apply
<jinrou.classic.game.Game.apply>` and :meth:`Game.close <jinrou.classic.game.Game.close>` the game
used:

* an **input record** holds only the choices (outcomes optional): what is missing is a sudden death
  or is drawn from the record's seed, and replay returns the full record;
* a **full record** also holds each phase's deaths, revivals, claims and what each player learned,
  and the result: replay checks every one of them.

>>> from jinrou.classic.record import write
>>> from jinrou.classic.replay import replay
>>> data = {"format": "jinrou.classic/1", "players": list("ABCDE"),
...         "roles": {"A": "Werewolf", "B": "Diviner", "C": "Human", "D": "Human", "E": "Human"},
...         "settings": {"scapegoat": "off"},
...         "events": [{"type": "night", "actions": [{"player": "A", "action": "attack", "target": "E"},
...                                                  {"player": "B", "action": "divine", "target": "A"}]},
...                    {"type": "day", "votes": {"A": "B", "B": "A", "C": "A", "D": "A"}}]}
>>> full = write(replay(data))
>>> full["result"]["winner"], full["result"]["deaths"]
('Human', [{'phase': 0, 'player': 'E', 'cause': 'attack'}, {'phase': 1, 'player': 'A', 'cause': 'execution'}])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from jinrou import chatlog
from jinrou.classic.claims import Claim, ClaimError
from jinrou.classic.draws import Draw, Draws
from jinrou.classic.game import Game, Will
from jinrou.classic.model import Action, Seat, Stage, Vote
from jinrou.classic.published import RoleList
from jinrou.classic.record import CHECKED, FORMAT, PHASES, write
from jinrou.errors import JinrouError, NotationError, RecordError


def _fail(where: str, message: str) -> RecordError:
    return RecordError(f"{where}: {message}")


def _seat(names: tuple[str, ...], name: Any, where: str) -> Seat:
    if not isinstance(name, str) or name not in names:
        raise _fail(where, f"no player {name!r}: the players are {', '.join(names)}")
    return names.index(name)


def _action(names: tuple[str, ...], data: Any, where: str) -> Action:
    try:
        return Action.from_json(data, names)
    except NotationError as error:
        raise _fail(where, str(error)) from None


def _shown(value: Any) -> str:
    """A record's wrong value, quoted short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _draws(event: Any, where: str) -> list[Draw]:
    draws = event.get("draws") if isinstance(event, dict) else None
    if not isinstance(draws, list) or not all(isinstance(d, dict) and isinstance(d.get("draw"), str) for d in draws):
        raise _fail(where, 'draws are a list: "draws": [{"draw": KIND, "value": ...}]')
    return [Draw(d["draw"], d.get("value")) for d in draws]


def start(data: Any, seed: int | None = None) -> tuple[Game, list[Any], np.random.Generator]:
    """The game a record starts (before its events), its events, and the generator for outcomes
    the record does not give (the record's seed, else ``seed``, else 0)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'not a classic record: "format" must be {FORMAT!r}')
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players) \
            or len(set(players)) != len(players):
        raise RecordError('"players" must be a list of distinct names (texts): ["A", "B", ...]')
    roles = data.get("roles")
    if not isinstance(roles, dict) or sorted(map(str, roles)) != sorted(players) \
            or not all(isinstance(r, str) or (isinstance(r, list) and len(r) == 2 and all(isinstance(i, str) for i in r))
                       for r in roles.values()):
        raise RecordError('"roles" must give every player a role id: {"A": "Werewolf", ...} '
                          '(with chemical on, two: {"A": ["Werewolf", "Diviner"], ...})')
    settings = data.get("settings")
    if settings is not None and not isinstance(settings, dict):
        raise RecordError(f'"settings" must be an object of names and values, e.g. {{"scapegoat": "off"}}, not {_shown(settings)}')
    given_seed = data.get("seed", seed)
    if given_seed is None:
        given_seed = 0 if seed is None else seed
    if isinstance(given_seed, bool) or not isinstance(given_seed, int) or given_seed < 0:
        raise RecordError(f'"seed" must be a whole number ≥ 0 or null, not {given_seed!r}')
    events = data.get("events", [])
    if not isinstance(events, list):
        raise RecordError('"events" must be a list')
    if chatlog.KEY in data:  # a room's chat, kept beside the game: checked, not replayed
        chatlog.check_chat(data[chatlog.KEY])
    rng = np.random.default_rng(given_seed)
    first = _draws(events[0], "event 1") if events and isinstance(events[0], dict) and \
        events[0].get("type") == "outcome" else []
    draws = Draws(rng, first)
    published = RoleList.from_json(data["published"]) if data.get("published") is not None else None
    requests = data.get("requests", {})
    if not isinstance(requests, dict) or not all(p in players and isinstance(r, str) for p, r in requests.items()):
        raise RecordError(f'"requests" must give some players the role each asked for: {{"B": "Diviner", ...}}, '
                          f"not {_shown(requests)}")
    joined = data.get("joined", [])  # エンドレス闇鍋: the seats that joined while it was played, the last players
    if not isinstance(joined, list) or joined != players[len(players) - len(joined):] or len(joined) >= len(players):
        raise RecordError(f'"joined" must list the players who joined the game going on, the last of "players" in '
                          f'their order: {{"joined": ["G", ...]}}, not {_shown(joined)}')
    founders = players[:len(players) - len(joined)]
    try:
        game = Game.new(founders, [roles[p] for p in founders], settings or {}, draws, published,
                        {players.index(p): r for p, r in requests.items()})
    except JinrouError as error:
        raise RecordError(f"setup: {error}") from None
    if draws.leftover():
        raise RecordError("event 1: more outcomes than the start draws")
    return game, events[1:] if first else events, rng


def replay(data: Mapping[str, Any], seed: int | None = None) -> Game:
    """Replay a record (input or full) and return the game; :class:`RecordError` names the event
    (1-based) and what is wrong."""
    game, events, rng = start(data, seed)
    offset = len(data.get("events", [])) - len(events)
    index = 0
    played = 0  # phase events read so far
    while index < len(events):
        event = events[index]
        where = f"event {index + offset + 1}"
        kind = event.get("type") if isinstance(event, dict) else None
        if kind not in PHASES:
            what = "an outcome event must follow a phase" if kind == "outcome" else \
                f"unknown event type {kind!r}: events are night, day, hunter and outcome"
            raise _fail(where, what)
        if game.is_over:
            opened = game.opened
            choices = any(event.get(k) for k in ("actions", "votes", "claims", "wills", "enters"))
            if opened != played + 1 or choices:  # not the phase the game ended in, as its own record has it
                raise _fail(where, "the game is already over")
        played += 1
        following = events[index + 1] if index + 1 < len(events) else None
        if game.is_over:
            _check_consequences(game, event, played - 1, where)
            index += 2 if isinstance(following, dict) and following.get("type") == "outcome" else 1
            continue
        draws = Draws(rng, _draws(following, f"event {index + offset + 2}")
                      if isinstance(following, dict) and following.get("type") == "outcome" else [])
        after = next((e for e in events[index + 1:] if isinstance(e, dict) and e.get("type") != "outcome"), None)
        if event.get("open") is not None and (event["open"] is not True or following is not None):
            raise _fail(where, '"open": true marks only the last event, a phase not closed yet')
        try:
            _play_phase(game, event, kind, draws, where, close=event.get("open") is not True)
            while after is not None and game.stage is Stage.HUNTER and after.get("type") != "hunter":
                game.close(draws)  # a hunter stage the record leaves out: the shots are drawn
        except RecordError:
            raise
        except JinrouError as error:
            raise _fail(where, str(error)) from None
        if draws.leftover():
            raise _fail(where, f"the record gives outcomes the rules do not draw: {draws.leftover()[0].kind!r}")
        index += 2 if isinstance(following, dict) and following.get("type") == "outcome" else 1
    _check_joined(game, data)
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError(f'"result" must be an object {{"winner": ..., "winners": [...], "deaths": [...]}}, not {_shown(result)}')
    if result is not None:
        produced = write(game).get("result")
        if produced is None:
            raise RecordError("result: the record gives a result but the game has not ended")
        for key in ("winner", "winners", "deaths"):
            if key in result and result[key] != produced[key]:
                raise RecordError(f"result: {key} is {result[key]!r} in the record, {produced[key]!r} by the rules")
    return game


def _check_joined(game: Game, data: Mapping[str, Any]) -> None:
    """エンドレス闇鍋: a record's ``joined`` seats and their roles must be those the game took (an input record
    may leave them out: the replay's record gives them)."""
    if "joined" not in data:
        return
    took = list(game.names[game.founders:])
    if data["joined"] != took:
        raise RecordError(f'joined: {data["joined"]!r} in the record, {took!r} by the rules')
    roles = data["roles"]
    for seat in range(game.founders, game.n):
        if roles[game.names[seat]] != game.cast[seat]:
            raise RecordError(f"roles: {game.names[seat]} joined as {roles[game.names[seat]]!r} in the record, "
                              f"{game.cast[seat]!r} by the rules")


def _play_phase(game: Game, event: dict[str, Any], kind: str, draws: Draws, where: str, close: bool = True) -> None:
    """Apply one phase event, and close it unless it is the open phase of a game going on."""
    if game.stage is not PHASES[kind]:
        raise _fail(where, f"a {kind} event, but the game waits for the {game.stage.value}")
    entrants = event.get("enters", [])  # エンドレス闇鍋: the people who asked to join in this phase, in order
    if not isinstance(entrants, list):
        raise _fail(where, 'enters are a list of names: "enters": ["G", ...]')
    for name in entrants:
        game.enter(name)
    names = game.names
    for claim in event.get("claims", []):
        if not isinstance(claim, dict):
            raise _fail(where, 'a claim is {"player": NAME, "claim": "CO Diviner"}')
        try:
            game.claim(_seat(names, claim.get("player"), where), Claim.parse(str(claim.get("claim", "")), names))
        except ClaimError as error:
            raise _fail(where, str(error)) from None
    for will in event.get("wills", []):  # 遺言 (before the phase's actions: only its writer's death reads it)
        if not isinstance(will, dict) or not isinstance(will.get("text"), str):
            raise _fail(where, 'a will is {"player": NAME, "text": TEXT}')
        game.apply(Will(_seat(names, will.get("player"), where), will["text"]))
    actions = event.get("actions", [])
    if not isinstance(actions, list):
        raise _fail(where, "actions must be a list")
    for action in actions:  # a day's actions come before its votes (W.1.1)
        given = Draws(draws.rng, _draws(action, where) if isinstance(action, dict) and "draws" in action else [])
        game.apply(_action(names, action, where), given)  # outcomes drawn at submission travel with it
        if given.leftover():
            raise _fail(where, f"the record gives outcomes the rules do not draw: {given.leftover()[0].kind!r}")
    if kind == "day":
        votes = event.get("votes", {})
        if not isinstance(votes, dict):
            raise _fail(where, 'votes are {"VOTER": "CANDIDATE", ...}')
        for voter, target in votes.items():
            game.apply(Vote(_seat(names, voter, where), _seat(names, target, where)))
    phase = game.phase
    if close:
        game.close(draws)
    _check_consequences(game, event, phase, where)


def _check_consequences(game: Game, event: dict[str, Any], phase: int, where: str) -> None:
    """A full record's deaths, revivals, claims and results of a phase must be the rules'."""
    if any(key in event for key in CHECKED):
        produced = _phase_event(game, phase)
        for key in CHECKED:
            if key in event and event[key] != produced.get(key, {} if key == "learned" else []):
                raise _fail(where, f"{key} are {event[key]!r} in the record, {produced.get(key)!r} by the rules")


def _phase_event(game: Game, phase: int) -> dict[str, Any]:
    """The game's own full-record event of phase ``phase``."""
    full = write(game)["events"]
    return [e for e in full if e["type"] != "outcome"][phase]


__all__ = ["replay", "start"]
