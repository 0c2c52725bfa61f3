"""The game record ``jinrou.classic/1``: kept as the rules play, and written (format: ``docs/classic-record.md``).

A record holds the players, their roles at the start, the settings, the seed and the events: one
per phase (``night``, each ballot's ``day``, ``hunter``) with the choices made in it, and after a
phase that drew random outcomes an ``outcome`` event with them. While a game is played the rules
say what happens — a phase opened, a choice, a death, a revival, a claim, the outcomes a close
drew — to its :class:`Log`, which alone writes the typed entries (:mod:`jinrou.classic.entries`,
seats not names); this module alone writes them as JSON (:func:`events`, :func:`write`).
:mod:`jinrou.classic.replay` reads a record back and plays it through the rules.

>>> from jinrou.classic.game import Game
>>> from jinrou.classic.model import Action, Verb
>>> g = Game.new("ABCDE", ["Werewolf", "Diviner", "Human", "Human", "Human"], {"scapegoat": "off"})
>>> g.apply(Action(0, Verb.ATTACK, (4,)))
>>> [e["type"] for e in events(g)], events(g)[0]["actions"]
(['night'], [{'player': 'A', 'action': 'attack', 'target': 'E'}])
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from jinrou.classic import entries as log
from jinrou.classic.claims import Claim
from jinrou.classic.draws import Draw
from jinrou.classic.model import Action, Cause, Death, Message, Outcome, Seat, Stage
from jinrou.errors import RecordError
from jinrou.jsontext import parse_json, read_text

if TYPE_CHECKING:
    from jinrou.classic.identity import Identity
    from jinrou.classic.published import RoleList
    from jinrou.classic.role import Role
    from jinrou.classic.settings import Settings

FORMAT = "jinrou.classic/1"
PHASES = {"night": Stage.NIGHT, "day": Stage.DAY, "hunter": Stage.HUNTER}
CHECKED = ("deaths", "revived", "joined", "claims", "learned", "runoff")


# ---------------------------------------------------------------------- keeping


@dataclass
class Log:
    """A game's record as the rules keep it: one frozen entry per fact, in the order it happened.
    The rules tell it what happened; it alone writes the entries (and a copy of a game gets a list
    of its own holding the same entries: they never change)."""

    entries: list[log.Entry] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> Log:
        return Log(list(self.entries))

    def phase(self, stage: Stage, runoff: tuple[Seat, ...] | None = None) -> None:
        """A phase opened (``runoff``: a runoff ballot's candidates)."""
        self.entries.append(log.PhaseOpen(stage, runoff))

    def acted(self, action: Action) -> None:
        """A seat chose ``action`` in the open phase."""
        self.entries.append(log.Acted(action))

    def drew(self, at: int, action: Action, draws: Sequence[Draw]) -> None:
        """The action acted at entry ``at`` drew ``draws`` when it was submitted (課金者's gacha)."""
        self.entries[at] = log.Acted(action, tuple(draws))

    def voted(self, seat: Seat, target: Seat) -> None:
        self.entries.append(log.Voted(seat, target))

    def voided(self) -> None:
        """The day ended without a vote: the votes cast are void (W.1.1)."""
        self.entries.append(log.VotesVoided())

    def claimed(self, seat: Seat, claim: Claim) -> None:
        self.entries.append(log.Claimed(seat, claim))

    def willed(self, seat: Seat, text: str) -> None:
        self.entries.append(log.Willed(seat, text))

    def died(self, seat: Seat, cause: Cause) -> None:
        self.entries.append(log.Death(seat, cause))

    def revived(self, seat: Seat) -> None:
        self.entries.append(log.Revived(seat))

    def entered(self, name: str) -> None:
        """エンドレス闇鍋: the person ``name`` asked to join."""
        self.entries.append(log.Entered(name))

    def joined(self, seat: Seat) -> None:
        """エンドレス闇鍋: a person waiting took the new ``seat``."""
        self.entries.append(log.Joined(seat))

    def outcome(self, at: int, draws: Sequence[Draw]) -> None:
        """The outcomes one call of the rules drew, placed at entry ``at`` (right after the entries of
        the phase it closed)."""
        self.entries.insert(at, log.Outcome(tuple(draws)))


class Played(Protocol):
    """What a record is written from: a game (:class:`~jinrou.classic.game.Game`), as it is now."""

    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def cast(self) -> tuple[str | list[str], ...]: ...
    @property
    def founders(self) -> int: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def published(self) -> RoleList | None: ...
    @property
    def requests(self) -> Mapping[Seat, str]: ...
    @property
    def outcome(self) -> Outcome | None: ...
    @property
    def deaths(self) -> Sequence[Death | None]: ...
    @property
    def entries(self) -> list[log.Entry]: ...
    @property
    def messages(self) -> list[tuple[int, Message]]: ...
    def seats(self) -> range: ...
    def role(self, seat: Seat) -> Role: ...
    def identity(self, seat: Seat) -> Identity: ...


# ---------------------------------------------------------------------- writing


def message_json(message: Message, names: tuple[str, ...]) -> dict[str, Any]:
    """A message with seats as names, claims as their notation."""
    out: dict[str, Any] = {"key": message.key}
    for key, value in message.args.items():
        if isinstance(value, bool) or value is None or isinstance(value, str):
            out[key] = value
        elif isinstance(value, int):
            out[key] = names[value]
        elif isinstance(value, Claim):
            out[key] = value.notation(names)
        elif isinstance(value, dict):
            out[key] = {names[k]: names[v] for k, v in value.items()}
        elif isinstance(value, list | tuple):
            out[key] = [names[v] for v in value]
    return out


def events(game: Played) -> list[dict[str, Any]]:
    """The record's events of ``game`` so far, from its typed entries: one per phase, each followed
    by the ``outcome`` event of the outcomes its close drew (the start's come first), without what
    each player learned (:func:`write` adds it)."""
    names = game.names
    out: list[dict[str, Any]] = []
    phase: dict[str, Any] = {}
    for entry in game.entries:
        kind = type(entry)
        if kind is log.PhaseOpen:
            assert isinstance(entry, log.PhaseOpen)
            phase = {"type": entry.stage.value}
            if entry.stage is Stage.DAY:
                phase["votes"] = {}
                if entry.runoff is not None:
                    phase["runoff"] = [names[c] for c in entry.runoff]
            else:
                phase["actions"] = []
            out.append(phase)
        elif kind is log.Voted:
            assert isinstance(entry, log.Voted)
            phase["votes"][names[entry.seat]] = names[entry.target]
        elif kind is log.Acted:
            assert isinstance(entry, log.Acted)
            action = entry.action.to_json(names)
            if entry.draws:  # the outcomes its submission drew (課金者's gacha), beside it
                action["draws"] = [d.to_json() for d in entry.draws]
            phase.setdefault("actions", []).append(action)
        elif kind is log.Death:
            assert isinstance(entry, log.Death)
            phase.setdefault("deaths", []).append({"player": names[entry.seat], "cause": entry.cause.value})
        elif kind is log.Revived:
            assert isinstance(entry, log.Revived)
            phase.setdefault("revived", []).append(names[entry.seat])
        elif kind is log.Claimed:
            assert isinstance(entry, log.Claimed)
            phase.setdefault("claims", []).append({"player": names[entry.seat],
                                                   "claim": entry.claim.notation(names)})
        elif kind is log.Willed:
            assert isinstance(entry, log.Willed)
            phase.setdefault("wills", []).append({"player": names[entry.seat], "text": entry.text})
        elif kind is log.VotesVoided:
            phase["votes"] = {}
        elif kind is log.Entered:
            assert isinstance(entry, log.Entered)
            phase.setdefault("enters", []).append(entry.name)
        elif kind is log.Joined:
            assert isinstance(entry, log.Joined)
            phase.setdefault("joined", []).append(names[entry.seat])
        else:
            assert isinstance(entry, log.Outcome)
            out.append({"type": "outcome", "draws": [d.to_json() for d in entry.draws]})
    return out


def write(game: Played, seed: int | None = None) -> dict[str, Any]:
    """The full record of ``game`` (canonical: every setting spelled out)."""
    names = game.names
    learned: dict[int, dict[str, list[dict[str, Any]]]] = {}
    for phase, message in game.messages:
        if message.to is not None:
            for seat in sorted(message.to):
                learned.setdefault(phase, {}).setdefault(names[seat], []).append(message_json(message, names))
    written = []
    phase = 0
    for event in events(game):
        if event["type"] != "outcome":
            if phase in learned:
                event["learned"] = learned[phase]
            phase += 1
        written.append(event)
    if game.outcome is None and phase:  # a game going on: its last phase is not closed (a room's record)
        next(e for e in reversed(written) if e["type"] != "outcome")["open"] = True
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": list(names),
        "roles": {names[s]: role for s, role in enumerate(game.cast)},
        "settings": game.settings.written(),
        "seed": seed,
        "events": written,
    }
    if game.published is not None:
        record["published"] = game.published.to_json()
    if game.requests:  # 希望役職制: what each seat asked for before the deal
        record["requests"] = {names[s]: role for s, role in sorted(game.requests.items())}
    if len(names) > game.founders:  # エンドレス闇鍋: the seats that joined while it was played, after the others
        record["joined"] = list(names[game.founders:])
    if game.outcome is not None:
        deaths = [
            {"phase": d.phase, "player": names[s], "cause": d.cause.value}
            for s, d in sorted(enumerate(game.deaths), key=lambda sd: (sd[1].phase, sd[0]) if sd[1] else (0, 0))
            if d is not None
        ]
        record["result"] = {
            "winner": game.outcome.winner_id,
            "winners": [names[s] for s in sorted(game.outcome.winners)],
            "deaths": deaths,
            "roles": {names[s]: game.identity(s).role_ids() for s in game.seats()},
        }
    return record


def dumps(record: dict[str, Any]) -> str:
    """The record as JSON text, one event per line."""
    head = {k: v for k, v in record.items() if k not in ("events", "result")}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "events": [']
    lines += [" " + json.dumps(e, ensure_ascii=False) + "," for e in record["events"]]
    if record["events"]:
        lines[-1] = lines[-1][:-1]
    tail = "]"
    if "result" in record:
        tail += ', "result": ' + json.dumps(record["result"], ensure_ascii=False)
    return "\n".join(lines) + "\n" + tail + "}\n"


def load(path: str) -> dict[str, Any]:
    """A record file's JSON (an unreadable file is a :class:`RecordError`)."""
    text = read_text(path, RecordError, not_text="is not JSON: the text is not UTF-8")
    try:
        data = parse_json(text, RecordError)
    except RecordError as error:
        raise RecordError(f"{path} is {error}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} holds no record object")
    return data
