"""Random outcomes of a classic game: drawn from a generator, or given by a record, always written.

Every random choice the rules make (a poison victim, the resolution order, a 猫又's revival) goes
through one :class:`Draws` object as a named draw among explicit options with integer weights. A
draw is taken from the outcomes a record gives — the first one left of the draw's kind, checked to be
possible — and otherwise from the generator; either way it is written down, so the game's record
holds every outcome and replays without the generator. A given outcome is matched by its kind, not its
position: a record may give some of a phase's draws and leave others out (the reference's games give
死神の手帳's ``deathnote holder`` but not the night's ``order``); one the rules never draw is left over
(:meth:`Draws.leftover`), which a reader reports.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from jinrou.chance import uniform_below, weighted_index
from jinrou.errors import ImpossibleOutcomeError


@dataclass(frozen=True)
class Draw:
    """One random outcome: what was drawn (``kind``) and its value as the record writes it (a
    player name, a list of names, a role id or a word)."""

    kind: str
    value: Any

    def to_json(self) -> dict[str, Any]:
        return {"draw": self.kind, "value": self.value}


class Draws:
    """The source of a game's random outcomes for one call of the rules (see the module docstring).

    Args:
        rng: the generator to draw from when no outcome is given (None: every outcome must be given).
        given: outcomes to use first, each by its kind, in order within a kind (from a record).
    """

    def __init__(self, rng: np.random.Generator | None, given: Sequence[Draw] = ()) -> None:
        self.rng = rng
        self.given = list(given)
        self.taken: list[Draw] = []

    def _next_given(self, kind: str) -> Draw | None:
        """The first given outcome of ``kind``, if any (taken by its kind, not by its position: a
        record may give some of a phase's draws and leave the others to the generator)."""
        index = next((i for i, draw in enumerate(self.given) if draw.kind == kind), None)
        return None if index is None else self.given.pop(index)

    def _generator(self, kind: str) -> np.random.Generator:
        if self.rng is None:
            raise ImpossibleOutcomeError(f"the rules draw {kind!r} here, but no outcome is given and there is no seed")
        return self.rng

    def choice(self, kind: str, options: Sequence[Any], weights: Sequence[int] | None = None,
               label: Sequence[Any] | None = None) -> Any:
        """One of ``options`` (uniform, or with integer ``weights``); ``label[i]`` is how option i is
        written (default: the option itself)."""
        labels = list(label) if label is not None else list(options)
        if weights is not None:
            possible = [i for i, w in enumerate(weights) if w > 0]
        else:
            possible = list(range(len(options)))
        given = self._next_given(kind)
        if given is not None:
            matches = [i for i in possible if labels[i] == given.value]
            if not matches:
                allowed = ", ".join(repr(labels[i]) for i in possible)
                raise ImpossibleOutcomeError(f"{kind} cannot be {given.value!r}: it is one of {allowed}")
            index = matches[0]
        elif weights is None:
            index = uniform_below(self._generator(kind), len(options))
        else:
            index = weighted_index(self._generator(kind), list(weights))
        self.taken.append(Draw(kind, labels[index]))
        return options[index]

    def fixed(self, kind: str, check: Callable[[Any], str | None], draw: Callable[[np.random.Generator], Any]) -> Any:
        """An outcome that may have been drawn before the game (a casting-time draw, T.1.9: 盗人's candidates,
        drawn by the caster before dealing): the given value if there is one, accepted when ``check``
        finds no reason (its reason otherwise), else ``draw`` from the generator; written either way."""
        given = self._next_given(kind)
        if given is not None:
            reason = check(given.value)
            if reason is not None:
                raise ImpossibleOutcomeError(f"{kind} cannot be {given.value!r}: {reason}")
            value = given.value
        else:
            value = draw(self._generator(kind))
        self.taken.append(Draw(kind, value))
        return value

    def order(self, kind: str, items: Sequence[Any], label: Sequence[Any]) -> list[Any]:
        """A uniform random order of ``items`` (``label``: how each is written)."""
        labels = list(label)
        given = self._next_given(kind)
        if given is not None:
            if not isinstance(given.value, list) or sorted(map(str, given.value)) != sorted(map(str, labels)):
                raise ImpossibleOutcomeError(f"{kind} must order exactly {', '.join(map(str, labels))}")
            perm = [labels.index(v) for v in given.value]
        else:
            perm = [int(i) for i in self._generator(kind).permutation(len(items))]
        self.taken.append(Draw(kind, [labels[i] for i in perm]))
        return [items[i] for i in perm]

    def sample(self, kind: str, items: Sequence[Any], k: int, label: Sequence[Any], shorter: bool = False) -> list[Any]:
        """``k`` distinct items of ``items`` (all of them if fewer), uniform without repetition, in the
        order drawn (``label``: how each is written; the record writes the list). Given by a record, the
        list must name distinct items — ``min(k, len(items))`` of them, or with ``shorter`` any number up
        to that (a start the reference dealt by hand: 花見客's ``drunk``)."""
        labels = list(label)
        want = min(k, len(items))
        given = self._next_given(kind)
        if given is not None:
            value = given.value
            ok = (isinstance(value, list) and len(set(map(str, value))) == len(value)
                  and all(v in labels for v in value) and (len(value) == want or (shorter and len(value) < want)))
            if not ok:
                size = f"at most {want}" if shorter else f"exactly {want}"
                raise ImpossibleOutcomeError(f"{kind} must be a list of {size} distinct of {', '.join(map(str, labels))}")
            picked = [labels.index(v) for v in value]
        else:
            picked = [int(i) for i in self._generator(kind).permutation(len(items))[:want]] if want else []
        self.taken.append(Draw(kind, [labels[i] for i in picked]))
        return [items[i] for i in picked]

    def leftover(self) -> list[Draw]:
        """Given outcomes that the rules did not draw (a record that gives too many)."""
        return list(self.given)
