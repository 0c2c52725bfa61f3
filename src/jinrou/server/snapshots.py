"""Snapshots: a room folded up to an event number, so that a restart folds only what came after.

Folding a room replays its game through the rules (a 40-seat quantum game: about 0.3 ms an event),
so restoring from the events alone grows with all history. A snapshot is the folded room — seats,
chat, deadline, the mode's game state — pickled, and stored with the number of the next event
and a *fingerprint* of the code. It is an optimisation that is never trusted blindly:

- **Exact.** It is the very room the events made (no second serialisation to get wrong); the
  events after it are folded on top as usual, so the result equals a full replay (tested).
- **Code-checked.** The fingerprint hashes every source file of the ``jinrou`` package (and the
  versions of Python and numpy). A snapshot written by other code is ignored, and the room is
  replayed from its events — one slow restart after an upgrade, never a wrong room.
- **Only our classes.** It is read with a restricted unpickler that loads nothing but ``jinrou``'s
  own classes (and the mode's), numpy arrays, fractions and plain containers: a snapshot table
  written by someone else cannot run code.
- **Crash-safe.** A snapshot is one row, written after the events it covers are committed, and
  replaced in one statement: a SIGKILL leaves the old snapshot or the new one, each consistent with
  the events.

Any failure to read one (unknown class, corrupt data, other code) falls back to the events.
"""

from __future__ import annotations

import base64
import hashlib
import io
import pickle
import platform
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from jinrou import modes
from jinrou.server.rooms import Room
from jinrou.server.store import Snapshot

FORMAT = "jinrou.room/1"
SAFE_BUILTINS = frozenset({"set", "frozenset", "bytearray", "complex", "slice", "range", "tuple", "list", "dict",
                           "bytes", "str", "int", "float", "bool"})
SAFE_GLOBALS = frozenset({
    ("copyreg", "_reconstructor"), ("collections", "OrderedDict"), ("fractions", "Fraction"), ("numpy", "dtype"),
    ("numpy", "ndarray"), ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"), ("numpy._core.multiarray", "scalar"),
    ("numpy.core.numeric", "_frombuffer"), ("numpy._core.numeric", "_frombuffer"),
})
_SKIPPED = ("mode",)  # the mode is the registry's, found again by name


class SnapshotError(ValueError):
    """A snapshot that cannot be used (the room is then replayed from its events)."""


@cache
def fingerprint() -> str:
    """The code a snapshot was written by: every source file of jinrou, Python's and numpy's versions."""
    root = Path(modes.__file__).parent.parent
    digest = hashlib.sha256(f"{FORMAT} {platform.python_version()} {np.__version__}".encode())
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:32]


def take(room: Room) -> Snapshot:
    """The room as a snapshot (covering its events up to ``room.seq``); SnapshotError when its
    game state cannot be pickled (the room is then restored from its events)."""
    state = {f.name: getattr(room, f.name) for f in fields(Room) if f.name not in _SKIPPED}
    try:
        data = pickle.dumps((FORMAT, room.mode.name, state), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise SnapshotError(f"room {room.id}: its state cannot be snapshotted ({error})") from None
    return Snapshot(room.id, room.seq, fingerprint(), base64.b64encode(data).decode("ascii"))


def restore(snapshot: Snapshot) -> Room:
    """The room a snapshot holds (SnapshotError when it was written by other code or is unreadable)."""
    if snapshot.fingerprint != fingerprint():
        raise SnapshotError(f"room {snapshot.room}: the snapshot was written by other code")
    try:
        kind, mode_name, state = _Unpickler(io.BytesIO(base64.b64decode(snapshot.data))).load()
        mode = modes.get(mode_name)
    except Exception as error:  # noqa: BLE001 — whatever a corrupt or foreign pickle raises: replay instead
        raise SnapshotError(f"room {snapshot.room}: unreadable snapshot ({type(error).__name__}: {error})") from None
    if kind != FORMAT or not isinstance(state, dict) or state.get("id") != snapshot.room or (
            state.get("seq") != snapshot.seq):
        raise SnapshotError(f"room {snapshot.room}: the snapshot does not describe this room at event {snapshot.seq}")
    return Room(mode=mode, **state)


class _Unpickler(pickle.Unpickler):
    """Loads jinrou's classes, numpy arrays, fractions and containers; refuses anything else."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("jinrou.") or (module, name) in SAFE_GLOBALS or (
                module == "builtins" and name in SAFE_BUILTINS) or module in _mode_modules():
            return _find(module, name)
        raise pickle.UnpicklingError(f"a snapshot may not load {module}.{name}")


@cache
def _find(module: str, name: str) -> Any:
    return pickle.Unpickler.find_class(_Unpickler(io.BytesIO()), module, name)


def _mode_modules() -> frozenset[str]:
    """The modules of registered modes outside the jinrou package (a test's mode)."""
    return frozenset(path.split(":")[0] for path in modes.REGISTRY.values())
