"""Game modes the server hosts, each reached only through :class:`~jinrou.modes.base.Mode`.

Adding a mode is one module and one line here (``docs/modes.md``). A mode's module is imported the
first time it is asked for, so a server that never hosts shogi never loads it.
"""

from __future__ import annotations

import importlib
from functools import cache

from jinrou.modes.base import (
    Channel,
    Choice,
    Field,
    FieldKind,
    Mode,
    Phase,
    PhaseKind,
    Result,
    Schema,
    SettingsError,
    Standing,
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


def all_modes() -> list[Mode]:
    return [get(name) for name in REGISTRY]


__all__ = [
    "DEFAULT",
    "REGISTRY",
    "Channel",
    "Choice",
    "Field",
    "FieldKind",
    "Mode",
    "Phase",
    "PhaseKind",
    "Result",
    "Schema",
    "SettingsError",
    "Standing",
    "all_modes",
    "get",
]
