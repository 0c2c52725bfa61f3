"""Finished games step by step, from their records alone: what the replay viewer shows (a finished
game's page, ``/replay``).

A mode that can be replayed has ``record_format`` (the ``format`` its records carry) and
``replay(record) -> list[step]``, which checks the record as the mode's ``replay`` command does
(raising :class:`~jinrou.errors.RecordError`, or another :class:`~jinrou.errors.JinrouError`, with
a one-line message) and returns one JSON step per phase: ``phase`` (the name chat lines of that
phase carry, or its start), ``label`` (``{"en", "ja"}``), ``kind`` (night, day, other), ``seats``
(name, alive, the cause of a death, the role as known at the end), ``happened`` (lines in both
languages) and ``votes``; quantum adds the probability ``table``, shogi the ``board``.
:func:`steps` then puts the record's chat lines in the step of their phase.

Quantum werewolf and quantum mini-shogi are stepped here; classic in
:mod:`jinrou.modes.classic_replay`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from jinrou import chatlog
from jinrou.errors import RecordError

if TYPE_CHECKING:
    from jinrou.modes.base import Mode

MAX_STEPS = 2000
"""Steps a replay may have (a shogi game of this many moves; a classic game of as many phases)."""


def steps(mode: Mode, record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The record's steps with its chat lines, each in the step of its phase (the first step whose
    phase is the line's, else whose phase begins it; the lobby's first, the end's and any other last)."""
    replay = getattr(mode, "replay", None)
    if replay is None:
        raise RecordError(f"{mode.name} games cannot be replayed in the page")
    found: list[dict[str, Any]] = replay(record)
    if len(found) > MAX_STEPS:
        raise RecordError(f"the game has {len(found)} steps: the viewer shows at most {MAX_STEPS}")
    for step in found:
        step["lines"] = []
    chat = record.get(chatlog.KEY) or []
    if not isinstance(chat, list):
        raise RecordError("chat must be a list of lines")
    exact: dict[str, int] = {}
    for index, step in enumerate(found):
        exact.setdefault(step["phase"], index)
    prefixes = sorted(exact.items(), key=lambda item: -len(item[0]))
    for line in chat:
        if not isinstance(line, dict) or not isinstance(line.get("phase"), str):
            continue
        phase = line["phase"]
        where = exact.get(phase)
        if where is None:
            where = next((i for p, i in prefixes if p and phase.startswith(p)), 0 if phase == "lobby" else len(found) - 1)
        found[where]["lines"].append({"name": str(line.get("name", "")), "text": str(line.get("text", "")),
                                      "channel": str(line.get("channel", ""))})
    return found


def quantum_steps(mode: Any, data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A quantum werewolf game by phases: after each, the probability table as spectators saw it,
    the seats (a dead one's revealed card; every card of the final world at the end) and the log
    lines of the phase."""
    from jinrou.quantum.record import Record, _Replay

    record = Record.read(dict(data))
    starts: list[tuple[str, Any]] = []  # each phase and the game as it began (its deaths announced)

    class Stepping(_Replay):
        def sync(self, game: Any) -> Any:
            game = super().sync(game)
            if not starts or starts[-1][0] != str(game.phase):
                starts.append((str(game.phase), game))
            return game

    final = Stepping(record, None).run()
    end = mode.view(final, None)
    roster = {p["name"]: p.get("card") for p in (end.get("roster") or [])}
    told: dict[str, list[str]] = {}  # the log at the end (the nights' orders told), split at each phase's header
    current = ""
    for line in end["log"]:
        text = line if isinstance(line, str) else line.get("en", "")
        if text.startswith("— ") and text.endswith(" —") and text[2:-2] in {p for p, _ in starts}:
            current = text[2:-2]
            continue
        told.setdefault(current, []).append(text)
    found: list[dict[str, Any]] = []
    for index, (phase, _) in enumerate(starts):
        view = mode.view(starts[index + 1][1], None) if index + 1 < len(starts) else end
        kind, _, number = phase.partition(" ")
        label = {"en": phase.capitalize(), "ja": f"{number}日目 {'夜' if kind == 'night' else '昼'}"}
        seats = [{"name": p["name"], "alive": p["alive"],
                  "cause": None if p["alive"] else {"en": "dead", "ja": "死亡"},
                  "role": _card(roster.get(p["name"]))}
                 for p in view["players"]]
        found.append({"phase": phase, "label": label, "kind": "night" if kind == "night" else "day", "seats": seats,
                      "happened": [{"en": line, "ja": line} for line in told.get(phase, [])],
                      "votes": [], "table": view["table"]})
    return found


def _card(card: str | None) -> dict[str, str] | None:
    """A quantum card as the record writes it (``villager``, ``seer``, ``wolf:1``) in both languages."""
    if card is None:
        return None
    kind, _, rank = card.partition(":")
    en, ja = {"villager": ("villager", "村人"), "seer": ("seer", "占い師"), "wolf": ("wolf", "人狼")}.get(kind, (kind, kind))
    return {"en": f"{en} {rank}".strip(), "ja": f"{ja}{rank}"}


def shogi_steps(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A quantum mini-shogi game move by move: the board after each (pieces with the types each may
    still be), the move in the page's notation."""
    from jinrou.modes.shogi import Match
    from jinrou.shogi.game import Game
    from jinrou.shogi.record import Record
    from jinrou.shogi.replay import steps as played

    record = Record.read(dict(data))
    game = Game()
    players = record.players

    def step(number: int, happened: Sequence[str]) -> dict[str, Any]:
        view = Match(game, players, "random", 0).view
        label = {"en": "Start" if number == 0 else f"Move {number}", "ja": "開始" if number == 0 else f"{number}手目"}
        return {"phase": f"move {number + 1}", "label": label, "kind": "other",
                "seats": [{"name": name, "alive": True, "cause": None, "role": None} for name in players],
                "happened": [{"en": text, "ja": text} for text in happened], "votes": [],
                "board": {key: view[key] for key in ("board", "pieces", "hands", "turn", "assignments")}}

    found = [step(0, [])]
    for taken in played(game, record.moves, record.resigned, record.lost_on_time):
        found.append(step(taken.number, [f"{taken.number}. {'▲△'[int(taken.side)]} {taken.move}"]))
    if game.outcome is not None:
        found[-1]["happened"].append({"en": f"— {game.outcome} —", "ja": f"— {game.outcome} —"})
    return found
