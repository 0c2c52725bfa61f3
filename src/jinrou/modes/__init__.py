"""Game modes the server hosts, each reached only through :class:`~jinrou.modes.base.Mode`.

Adding a mode is one module and one line here (``docs/modes.md``). A mode's module is imported the
first time it is asked for, so a server that never hosts shogi never loads it.
"""

from __future__ import annotations

import importlib
from functools import cache

from jinrou.modes.base import (
    CastEstimate,
    Channel,
    Choice,
    Field,
    FieldKind,
    History,
    Mode,
    Phase,
    PhaseKind,
    Result,
    Schema,
    SettingsError,
    Standing,
    Title,
    cast_estimate,
    check_enter,
    enter,
    fewest_seats,
    history_of,
    joinable,
    waiting,
)

REGISTRY: dict[str, str] = {
    "quantum": "jinrou.modes.quantum:QuantumMode",
    "shogi": "jinrou.modes.shogi:ShogiMode",
    "classic": "jinrou.modes.classic:ClassicMode",
}
"""Mode name → ``module:class`` (the order is the lobby's)."""

DEFAULT = "quantum"


def get(name: object) -> Mode:
    """The mode called ``name`` (SettingsError naming the modes there are)."""
    if not isinstance(name, str) or name not in REGISTRY:
        raise SettingsError(f"unknown mode {name!r}: modes are {', '.join(REGISTRY)}")
    return _load(name)


@cache
def _load(name: str) -> Mode:
    module, cls = REGISTRY[name].split(":")
    mode: Mode = getattr(importlib.import_module(module), cls)()
    return mode


def read_record(data: object) -> tuple[Mode, dict]:
    """The mode whose record ``data`` is, and the record (a file of the reference games holds it
    under ``"record"``); RecordError saying which formats there are."""
    from jinrou.errors import RecordError

    if isinstance(data, dict) and isinstance(data.get("record"), dict) and "format" not in data:
        data = data["record"]
    formats: dict[str, str] = {}
    for name in REGISTRY:
        format_ = getattr(get(name), "record_format", None)
        if format_ is not None:
            formats[format_] = name
    if not isinstance(data, dict) or data.get("format") not in formats:
        given = data.get("format") if isinstance(data, dict) else None
        raise RecordError(f"not a game record: its format must be one of {', '.join(sorted(formats))}"
                          + (f", not {str(given)[:40]!r}" if given is not None else " (a JSON object with \"format\")"))
    return get(formats[data["format"]]), data


def replay_steps(mode: Mode, record: dict) -> list[dict]:
    """The record's game step by step for the replay viewer (see :mod:`jinrou.modes.replays`)."""
    from jinrou.modes.replays import steps

    return steps(mode, record)


def all_modes() -> list[Mode]:
    return [get(name) for name in REGISTRY]


__all__ = [
    "DEFAULT",
    "REGISTRY",
    "CastEstimate",
    "Channel",
    "Choice",
    "Field",
    "FieldKind",
    "History",
    "Mode",
    "Phase",
    "PhaseKind",
    "Result",
    "Schema",
    "SettingsError",
    "Standing",
    "Title",
    "all_modes",
    "cast_estimate",
    "check_enter",
    "enter",
    "fewest_seats",
    "get",
    "history_of",
    "joinable",
    "read_record",
    "replay_steps",
    "waiting",
]
