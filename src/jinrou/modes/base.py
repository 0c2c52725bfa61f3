"""The one door between the server and a game: what a game mode provides.

A mode adapts one game package to JSON: it declares its room settings (a :class:`Schema` the lobby
form is generated from), starts a game, says which phase it is in and who is awaited, applies a
player's action, closes a phase at its deadline, draws and replays random outcomes, plays for a bot,
and builds each seat's (or a spectator's) view, chat channels, result and record. The server
stores, orders and pushes; it never imports a game package and never asks a mode's name.

Game states are the mode's own values, treated as opaque by the server; every method that takes one
returns a new one (or raises :class:`~jinrou.errors.IllegalActionError` and leaves it unchanged).
See ``docs/modes.md`` for the contract of each method and a walk-through of writing a new mode.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from jinrou.digits import whole_number
from jinrou.errors import IllegalActionError, JinrouError
from jinrou.players import Seat


class SettingsError(JinrouError):
    """Room settings that a mode refuses; the message says what is allowed."""


class PhaseKind(enum.StrEnum):
    """What kind of time it is: the page darkens at night, and some chat channels close."""

    DAY = "day"
    NIGHT = "night"
    OTHER = "other"


@dataclass(frozen=True)
class Phase:
    """The current phase as the server needs it.

    ``turn`` counts turns inside one phase that each get their own deadline (a move in shogi); the
    server arms a new deadline when the phase closes or the turn changes.
    """

    name: str
    kind: PhaseKind = PhaseKind.OTHER
    turn: int = 0
    label: tuple[str, str] | None = None
    """(English, Japanese), where the mode names its phase in both: the lobby shows the page's one."""
    timed: bool = False
    """The turn lasts until its deadline even when nobody is awaited (classic's n秒ルール: the first
    seconds of a day, when nobody may speak): the server does not close it early."""


@dataclass(frozen=True)
class Channel:
    """A chat channel as one viewer sees it now: it can be read, and written unless ``closed``
    says why not (a lower-case sentence shown to the player; ``closed_ja`` in Japanese, where the
    mode says it in both: the page shows the reason in its language)."""

    key: str
    en: str
    ja: str
    closed: str | None = None
    closed_ja: str | None = None

    @property
    def writable(self) -> bool:
        return self.closed is None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "en": self.en, "ja": self.ja, "write": self.writable}
        if self.closed is not None:
            data["why"] = {"en": self.closed, "ja": self.closed_ja or self.closed}
        return data


@dataclass(frozen=True)
class Result:
    """How a game ended, for the end screen: a sentence in both languages and the winning seats."""

    en: str
    ja: str
    winners: tuple[Seat, ...]


@dataclass(frozen=True)
class History:
    """What the game history (``/games``, ``GET /api/games``) lists and filters a finished game by,
    from its mode's optional ``history(state, settings)``: the winner (a key to filter by and its
    words), the length (days, moves), the preset or cast kind (普通1, 闇鍋 中, …: a key and its words),
    the cast in a few words, and the ids of the roles that were in the game (classic: every role a
    seat held, changes included). Each pair is (English, Japanese)."""

    winner: str
    winner_label: tuple[str, str]
    length: int
    length_label: tuple[str, str]
    preset: str
    preset_label: tuple[str, str]
    cast_label: tuple[str, str] = ("", "")
    roles: tuple[str, ...] = ()


def history_of(mode: Mode, state: Any, settings: Mapping[str, Any]) -> History | None:
    """A finished game's :class:`History` (None: nothing to list — a game that never began, such
    as a classic cast that could not be drawn). A mode without ``history`` is listed under its
    result's sentence and its name."""
    own = getattr(mode, "history", None)
    if own is not None:
        found: History | None = own(state, settings)
        return found
    result = mode.result(state)
    if result is None:
        return None
    return History(result.en[:60], (result.en, result.ja), 0, ("", ""), mode.name, mode.title)


@dataclass(frozen=True)
class Standing:
    """How one seat ended a finished game, for a player's record (戦績): its role and team (the
    mode's ids: classic ``Diviner`` and ``Human``, quantum ``seer`` and ``village``), ``result``
    ``"win"``, ``"loss"`` or ``"draw"``, and whether it died a sudden death (突然死). A mode that
    says so has ``standings(state)``: one a room seat (None for a seat that played no role: a game
    master); without it the server reads only wins and losses off :class:`Result`."""

    role: str | None
    team: str | None
    result: str
    sudden: bool = False


@dataclass(frozen=True)
class CastEstimate:
    """A cast a player played — the preset key the history lists a game by, with its seats — as his
    戦績 shows it beside his win rates: its words (English, Japanese), each team's words, and the
    bots' estimate: team id → (bot seats on that team that won, bot seats on it) over games of the
    same cast and seats, computed ahead (None: no estimate). A mode says so with the optional
    ``estimate(preset, seats)``; without it the key is its own label and there is no estimate."""

    label: tuple[str, str]
    bots: Mapping[str, tuple[int, int]] | None = None
    teams: Mapping[str, tuple[str, str]] = field(default_factory=dict)


def cast_estimate(mode: Mode, preset: str, seats: int) -> CastEstimate:
    """The mode's :class:`CastEstimate` of a cast (its key as its words when it says nothing)."""
    own = getattr(mode, "estimate", None)
    if own is not None:
        found: CastEstimate = own(preset, seats)
        return found
    return CastEstimate((preset, preset))


@dataclass(frozen=True)
class Title:
    """A 称号: a name a player may show beside his nickname once he has won ``wins`` games of the
    mode as ``role`` (the role id its :class:`Standing` gives; None: any role). ``as_en``/``as_ja``
    name what he must win as, for the page that says how each title is earned. A mode lists its
    own in ``titles`` (optional); the key, ``mode:role:wins``, is what an account stores."""

    mode: str
    role: str | None
    wins: int
    en: str
    ja: str
    as_en: str
    as_ja: str

    @property
    def key(self) -> str:
        return f"{self.mode}:{self.role or '*'}:{self.wins}"

    def how(self) -> tuple[str, str]:
        """How it is earned, in English and Japanese."""
        if self.role is None:
            return f"{self.wins} wins in {self.as_en}", f"{self.as_ja}で{self.wins}勝"
        return f"{self.wins} wins as {self.as_en}", f"{self.as_ja}で{self.wins}勝"


DEAD_CHAT_NOTE = (
    ("Anyone who opens the room without a seat reads the dead — a living player in a second tab too: give the "
     "room a password and tell it only to spectators."),
    ("席のない人は誰でも霊界を読めます（生きている参加者が別のタブで開いても）。部屋にパスワードを付け、観戦者だけに"
     "教えてください。"))
"""The note of a "spectators read 霊界" switch: why it is a host's choice (a seat's second tab is a
spectator too)."""


class FieldKind(enum.StrEnum):
    """What a setting's value is; the lobby draws each kind as its own input."""

    INTEGER = "integer"
    BOOLEAN = "boolean"
    CHOICE = "choice"
    TEXT = "text"
    COUNTS = "counts"
    """A count (0–``maximum``) for each of some choices: ``{"Werewolf": 2, "Diviner": 1}`` (a role list)."""
    SET = "set"
    """Some of the choices: ``["Fox", "Cat"]`` (roles left out)."""


@dataclass(frozen=True)
class Choice:
    """One allowed value; ``group`` (English, Japanese) labels the group it is shown in (a role's
    category and team); ``rule`` (English, Japanese) says what it is, a tap away in the form (a
    role's card)."""

    value: str
    en: str
    ja: str
    group: tuple[str, str] | None = None
    rule: tuple[str, str] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"value": self.value, "en": self.en, "ja": self.ja}
        if self.group is not None:
            data["group"] = {"en": self.group[0], "ja": self.group[1]}
        if self.rule is not None:
            data["rule"] = {"en": self.rule[0], "ja": self.rule[1]}
        return data


@dataclass(frozen=True)
class Field:
    """One room setting: its key, labels, kind, default and limits.

    ``default`` None means "automatic" (the mode fills it in after checking the others); ``group``
    nests the value under that key (quantum's rule switches live under ``options``). A COUNTS or SET
    value is JSON (an object of counts, a list of values) or, as the lobby form sends it, text:
    ``"Werewolf:2, Diviner"`` (a count of 1 when left out) and ``"Fox, Cat"``.
    """

    key: str
    en: str
    ja: str
    kind: FieldKind
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    group: str | None = None
    max_length: int = 200
    note: tuple[str, str] | None = None
    """(English, Japanese): what the host should know before choosing it, shown under the input."""
    shown_when: tuple[str, tuple[str, ...]] | None = None
    """(key, values): the lobby form shows this field only while the field ``key`` holds one of
    ``values`` (a 闇鍋's safety under a 闇鍋 cast), so that a host sees what his choice asks and no
    more; the server checks the value whatever the form showed."""

    def check(self, value: Any) -> Any:
        """The value, or SettingsError saying what is allowed."""
        if self.kind is FieldKind.INTEGER:
            if isinstance(value, bool) or not isinstance(value, int) or not (
                    (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum)):
                raise SettingsError(f"{self.key} must be {self.minimum}–{self.maximum}, not {value!r:.20}",
                                    ja=f"{self.ja}は{self.minimum}〜{self.maximum}です（{value!r:.20}ではなく）")
        elif self.kind is FieldKind.BOOLEAN:
            if not isinstance(value, bool):
                raise SettingsError(f"{self.key} must be true or false, not {value!r:.20}",
                                    ja=f"{self.ja}はオンかオフです（{value!r:.20}ではなく）")
        elif self.kind is FieldKind.CHOICE:
            values = [c.value for c in self.choices]
            if value not in values:
                raise SettingsError(f"{self.key} must be one of {', '.join(values)}, not {value!r:.20}",
                                    ja=f"{self.ja}は{'、'.join(c.ja for c in self.choices)}のどれかです")
        elif self.kind is FieldKind.COUNTS:
            return self._counts(value)
        elif self.kind is FieldKind.SET:
            return self._set(value)
        elif not isinstance(value, str) or len(value) > self.max_length or not value.isprintable():
            raise SettingsError(f"{self.key} is at most {self.max_length} printable characters",
                                ja=f"{self.ja}は表示できる文字で{self.max_length}字までです")
        return value

    def _counts(self, value: Any) -> dict[str, int]:
        """A COUNTS value in choice order, zero counts left out."""
        if isinstance(value, str):
            value = self._text_counts(value)
        if not isinstance(value, dict):
            raise SettingsError(f'{self.key} is an object of counts, e.g. {{"{self.choices[0].value}": 1}}')
        order = {c.value: i for i, c in enumerate(self.choices)}
        top = self.maximum
        for name, count in value.items():
            if name not in order:
                raise SettingsError(f"{self.key}: unknown {name!r}: allowed are {', '.join(order)}")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0 or (top is not None and count > top):
                raise SettingsError(f"{self.key}: the count of {name} must be 0–{top}, not {count!r}")
        return {name: value[name] for name in sorted(value, key=order.__getitem__) if value[name]}

    def _text_counts(self, text: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, count = (p.strip() for p in part.partition(":"))
            number = whole_number(count) if count else 1
            if number is None:
                raise SettingsError(f"{self.key}: the count of {name[:40]} must be a whole number, not {count[:20]!r}")
            counts[name] = counts.get(name, 0) + number
        return counts

    def _set(self, value: Any) -> list[str]:
        """A SET value in choice order, without repeats."""
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, list):
            raise SettingsError(f'{self.key} is a list of values, e.g. ["{self.choices[0].value}"]')
        allowed = [c.value for c in self.choices]
        for name in value:
            if name not in allowed:
                raise SettingsError(f"{self.key}: unknown {name!r}: allowed are {', '.join(allowed)}")
        return [name for name in allowed if name in value]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "en": self.en, "ja": self.ja, "kind": str(self.kind),
                                "default": self.default, "group": self.group}
        if self.kind in (FieldKind.INTEGER, FieldKind.COUNTS):
            data |= {"min": self.minimum, "max": self.maximum}
        if self.choices:
            data["choices"] = [c.to_json() for c in self.choices]
        if self.note:
            data["note"] = {"en": self.note[0], "ja": self.note[1]}
        if self.shown_when:
            data["when"] = {"key": self.shown_when[0], "values": list(self.shown_when[1])}
        return data


@dataclass(frozen=True)
class Schema:
    """A mode's room settings; :meth:`validate` checks a JSON object against it field by field."""

    fields: tuple[Field, ...]
    groups: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # group key → (en, ja) legend

    def validate(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Known keys only, each value checked, missing ones defaulted (automatic ones left None)."""
        top = {f.key for f in self.fields if f.group is None} | set(self.groups)
        unknown = set(data) - top
        if unknown:
            raise SettingsError(f"unknown settings {sorted(unknown)}: settings are {', '.join(sorted(top))}")
        settings: dict[str, Any] = {group: {} for group in self.groups}
        for group in self.groups:
            given = data.get(group) or {}
            if not isinstance(given, dict):
                raise SettingsError(f"{group} is an object of switches")
            known = {f.key for f in self.fields if f.group == group}
            if set(given) - known:
                name = min(set(given) - known)
                raise SettingsError(f"unknown {group.removesuffix('s')} {name!r}: "
                                    f"allowed are {', '.join(sorted(known))}")
        for f in self.fields:
            given = data.get(f.group) or {} if f.group else data
            value = given.get(f.key)
            if value is None:  # a default list or object is copied: settings are the room's own
                value = f.default.copy() if isinstance(f.default, dict | list) else f.default
            else:
                value = f.check(value)
            (settings[f.group] if f.group else settings)[f.key] = value
        return settings

    def to_json(self) -> dict[str, Any]:
        return {"fields": [f.to_json() for f in self.fields],
                "groups": [{"key": k, "en": en, "ja": ja} for k, (en, ja) in self.groups.items()]}


class Mode(Protocol):
    """What the server needs of a game (see ``docs/modes.md``)."""

    name: str  # the key in the registry and in stored rooms
    title: tuple[str, str]  # (English, Japanese)
    schema: Schema
    script: Path  # the page's mode script: it draws the view and sends actions
    public_clocks: bool
    """Whether every viewer sees the time each seat has spent on its turns (a shogi clock). Where
    seats act unseen (a night), it stays private: a seat that acts more would spend more."""

    def settings(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Complete, checked settings (SettingsError otherwise): the schema plus cross-field rules."""
        ...

    def seats(self, settings: Mapping[str, Any]) -> int: ...
    def summary(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """A few settings worth a lobby column (JSON values)."""
        ...

    def start(self, players: tuple[str, ...], settings: Mapping[str, Any]) -> Any:
        """A new game of ``players`` (the room's names in seat order). A mode's ``start`` may also take
        ``host`` (the host's room seat at the start) and ``date`` ((month, day), the server's day at the
        start): the server stores both with the start and passes those its parameters name."""
        ...
    def phase(self, state: Any) -> Phase: ...
    def seconds(self, state: Any, settings: Mapping[str, Any], used: Sequence[float]) -> float | None:
        """How long the current turn lasts from now (None: no deadline); ``used`` is the time each
        seat has spent on its turns so far (per-side clocks)."""
        ...

    def awaited(self, state: Any) -> tuple[Seat, ...]:
        """Seats whose action the game waits for (a fact for the server, never shown as such)."""
        ...

    def check(self, state: Any, seat: Seat, action: Any) -> None:
        """Whether :meth:`act` accepts ``action`` from ``seat`` now: IllegalActionError (the message
        goes to the player) when not. Changes nothing — the server checks, stores the action, and
        only then folds it with :meth:`act`."""
        ...

    def repeats(self, state: Any, seat: Seat, action: Any) -> bool:
        """Whether ``action`` is already in effect for ``seat`` (the same vote, the same target, the
        same "I am done" sent again: a retry): acting again would change nothing, so the server
        answers it without storing it. False for an action that changes the state each time (a
        move, a claim said twice) and for anything :meth:`check` would refuse for another reason.
        Changes nothing."""
        ...

    def act(self, state: Any, seat: Seat, action: Any) -> Any:
        """The state after ``seat``'s ``action`` (checked again first: IllegalActionError, the
        state unchanged, when it is not allowed now)."""
        ...

    def close(self, state: Any) -> Any:
        """The deadline passed: whoever is awaited has missed it."""
        ...

    def draw(self, state: Any, make_rng: Callable[[], np.random.Generator]) -> dict[str, Any] | None:
        """The next random outcome as JSON (None when none is pending)."""
        ...

    def happen(self, state: Any, outcome: Mapping[str, Any]) -> Any: ...
    def bot_action(self, state: Any, seat: Seat, rng: np.random.Generator) -> Any: ...
    def view(self, state: Any, seat: Seat | None) -> dict[str, Any]:
        """Everything ``seat`` (None: a spectator) may see, as JSON: at least ``phase`` (a string),
        ``log`` (lines) and ``result`` (None, or :class:`Result` as JSON)."""
        ...

    def channels(self, state: Any | None, seat: Seat | None) -> tuple[Channel, ...]:
        """The channels ``seat`` may read now (state None: before the start), main channel first."""
        ...

    def result(self, state: Any) -> Result | None: ...
    def record(self, state: Any, seed: int) -> dict[str, Any]: ...

    # Optional: ``due(state, seat) -> bool``, whether ``seat`` still owes an action this turn that
    # its deadline counts against it (a vote, a required night action): the server tells that seat
    # alone, and its page warns it before the deadline. It must tell nothing the seat's own view does
    # not (it may change only when that view changes). Without it: ``seat in awaited(state)``.
    #
    # Optional: ``log_mark(state) -> int``, where a chat line said now falls among the view's log
    # lines — a count of public log lines so far, the same for every viewer. The server stores it
    # with the line, and a page that finds ``m`` on its log lines (a public line's count, itself
    # included; a private line's, of those before it) shows talk and log as one stream.
    #
    # Optional: ``joinable(state) -> bool`` and ``enter(state, name) -> state``, a game people may join while it
    # is played (classic エンドレス闇鍋): whether one more may ask now, and the state once ``name`` asked (he waits,
    # no seat, until the game gives him one; IllegalActionError, the state unchanged, when he may not), and
    # ``check_enter(state, name)``, enter's refusals changing nothing (checked before a name: a refusal for a full
    # room or a closing turn comes first). Without them nobody joins a game going on (:func:`joinable`,
    # :func:`check_enter`, :func:`enter`). With them: ``waiting(state) -> tuple[str,
    # ...]``, the people who asked and have no seat yet, in the order they asked (the game appends their seats in
    # that order: the server seats them as the list shrinks, :func:`waiting`), and ``fewest_seats(settings) -> int |
    # None``, the fewest room seats taken a room may start with (None: every seat; :func:`fewest_seats`).


def joinable(mode: Mode, state: Any) -> bool:
    """Whether a person may ask to join the game going on now: the mode's optional ``joinable`` (False without it)."""
    own = getattr(mode, "joinable", None)
    return bool(own(state)) if own is not None else False


def waiting(mode: Mode, state: Any) -> tuple[str, ...]:
    """The people who asked to join the game going on and have no seat yet, in order (the mode's optional
    ``waiting``; nobody without it)."""
    own = getattr(mode, "waiting", None)
    return tuple(own(state)) if own is not None and state is not None else ()


def fewest_seats(mode: Mode, settings: Mapping[str, Any]) -> int | None:
    """The fewest room seats taken a room of ``settings`` may start with (the mode's optional ``fewest_seats``;
    None: every seat)."""
    own = getattr(mode, "fewest_seats", None)
    found: int | None = own(settings) if own is not None else None
    return found


def check_enter(mode: Mode, state: Any, name: str) -> None:
    """Why the person ``name`` may not ask to join the game going on now (the mode's optional ``check_enter``);
    changes nothing.

    Raises:
        IllegalActionError: the mode takes nobody while it is played, or refuses him now.
    """
    own = getattr(mode, "check_enter", None)
    if own is None:
        raise _takes_nobody(mode)
    own(state, name)


def _takes_nobody(mode: Mode) -> IllegalActionError:
    return IllegalActionError(f"a {mode.name} game takes nobody while it is played: join a room before its start",
                              ja="このゲームは途中参加できません: 開始前の部屋に入ってください")


def enter(mode: Mode, state: Any, name: str) -> Any:
    """The state once the person ``name`` asked to join the game going on (the mode's optional ``enter``).

    Raises:
        IllegalActionError: the mode takes nobody while it is played, or refuses him now (the state unchanged).
    """
    own = getattr(mode, "enter", None)
    if own is None:
        raise _takes_nobody(mode)
    return own(state, name)


def result_json(result: Result | None, names: Sequence[str]) -> dict[str, Any] | None:
    """A result as the pages show it."""
    if result is None:
        return None
    return {"en": result.en, "ja": result.ja, "winners": [names[s] for s in result.winners]}
