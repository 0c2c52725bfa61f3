"""Team-ratio targets of the balanced safety level (バランス) and the tuned table that ships them.

The level ``balanced`` is 中 whose team counts come from a table by seat count instead of 月下人狼's
fixed ranges (issue 19). For n seats, :class:`TeamRatios` gives

- ``wolf``: the wolf team's share range (lo, hi): target round(n·(lo + (hi − lo)·U)), below half
  the seats, made up with 狂人系 slots as 中 does;
- ``werewolves`` (optional): the mean number of 人狼系 roles m ≥ 1 — ⌊m⌋, plus one more w.p. its
  fraction, so that a row may lie between two whole numbers (at 8 seats one wolf is too weak and two
  too strong); every count cast is below half the seats (a casting at fewer seats than the row's caps
  it there). A whole number casts exactly that count, drawing nothing. None: 中's table and tweaks
  decide, as before;
- ``village``: the village team's share range, likewise, in village slots;
- ``fox``: the mean number of 妖狐系 roles — ⌊fox⌋, plus one more w.p. its fraction;
- ``lovers``: the mean number of lovers-team (恋人陣営) roles, likewise.

Seats the targets leave go to the free pool (third parties). The tuned table (package data
``data/balanced.json``, made by ``jinrou yaminabe tune``, documented in ``docs/yaminabe-study.md``)
covers 8 to 20 seats; other counts take the nearest row (shares scale with n; above 20 seats 中's wolf
table sets the number of 人狼系 roles).

>>> table = balanced_table()
>>> min(table.rows), max(table.rows), table.for_seats(30).wolf == table.rows[20].wolf, table.for_seats(30).werewolves
(8, 20, True, None)
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib.resources import files
from typing import Any

from jinrou.digits import whole_number
from jinrou.errors import CastingError

TABLE_FORMAT = "jinrou.yaminabe-balanced/1"
"""The ``format`` of a balanced table's JSON."""


@dataclass(frozen=True)
class TeamRatios:
    """The balanced level's targets for one seat count (see the module docstring).

    Attributes:
        village: the village team's share range (lo, hi), 0 ≤ lo ≤ hi ≤ 1.
        wolf: the wolf team's share range (lo, hi).
        fox: the mean number of 妖狐系 roles, ≥ 0.
        lovers: the mean number of lovers-team roles, ≥ 0.
        werewolves: the mean number of 人狼系 roles, ≥ 1 (a whole number is kept an int); None: 中's table.
    """

    village: tuple[float, float]
    wolf: tuple[float, float]
    fox: float
    lovers: float
    werewolves: int | float | None = None

    def __post_init__(self) -> None:
        for name in ("village", "wolf"):
            pair = getattr(self, name)
            if not (isinstance(pair, tuple | list) and len(pair) == 2 and all(_is_number(x) for x in pair)
                    and 0 <= pair[0] <= pair[1] <= 1):
                raise CastingError(f"the {name} share range must be two numbers 0 ≤ lo ≤ hi ≤ 1, not {pair!r}")
            object.__setattr__(self, name, (float(pair[0]), float(pair[1])))
        for name in ("fox", "lovers"):
            value = getattr(self, name)
            if not (_is_number(value) and 0 <= value <= 10):
                raise CastingError(f"the mean number of {name} roles must be a number from 0 to 10, not {value!r}")
            object.__setattr__(self, name, float(value))
        w = self.werewolves
        if w is not None and not (_is_number(w) and 1 <= w <= 500):
            raise CastingError(f"the mean number of 人狼系 roles must be a number from 1 to 500 or None, not {w!r}")
        if isinstance(w, float) and w.is_integer():  # 2.0 is the whole number 2: no draw, written as 2
            object.__setattr__(self, "werewolves", int(w))

    @property
    def most_werewolves(self) -> int | None:
        """⌈werewolves⌉, the most 人狼系 roles the row casts (None: 中's table)."""
        return None if self.werewolves is None else math.ceil(self.werewolves)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"village": list(self.village), "wolf": list(self.wolf), "fox": self.fox, "lovers": self.lovers}
        if self.werewolves is not None:  # absent: 中's table (the tables written before the knob)
            data["werewolves"] = self.werewolves
        return data

    @classmethod
    def from_json(cls, data: Any) -> TeamRatios:
        """Read :meth:`to_json`'s object; :class:`CastingError` says what is wrong."""
        keys = ("village", "wolf", "fox", "lovers")
        if not isinstance(data, Mapping) or set(data) - {*keys, "werewolves", "verified"} or not set(keys) <= set(data):
            raise CastingError(f"team ratios must be an object with {', '.join(keys)} (and werewolves), not {data!r:.120}")
        pair = (lambda v: tuple(v) if isinstance(v, list) else v)
        return cls(pair(data["village"]), pair(data["wolf"]), data["fox"], data["lovers"], data.get("werewolves"))


@dataclass(frozen=True)
class BalancedTable:
    """Team ratios by seat count, with how each row was measured.

    Attributes:
        rows: seats → targets.
        verified: seats → the check of the row: games played and wins per side (village, wolf, fox,
            lovers, others, draw), as the tuner measured them.
        about: how the table was made (bots, pool, goal, seed), for the record.
    """

    rows: Mapping[int, TeamRatios]
    verified: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    about: Mapping[str, Any] = field(default_factory=dict)

    def for_seats(self, n: int) -> TeamRatios:
        """The row for n seats, or the nearest one (the smallest above the table, the largest below).
        Above the table a row's fixed number of 人狼系 roles is not kept: tuned for fewer seats, it would
        leave the larger village too few wolves, so 中's wolf table decides there (its shares still scale)."""
        if n in self.rows:
            return self.rows[n]
        low, high = min(self.rows), max(self.rows)
        row = self.rows[low if n < low else high if n > high else min(self.rows, key=lambda k: (abs(k - n), k))]
        return replace(row, werewolves=None) if n > high and row.werewolves is not None else row

    def to_json(self) -> dict[str, Any]:
        return {
            "format": TABLE_FORMAT,
            "about": dict(self.about),
            "seats": {str(n): {**r.to_json(), **({"verified": dict(self.verified[n])} if n in self.verified else {})}
                      for n, r in sorted(self.rows.items())},
        }

    def dumps(self) -> str:
        """:meth:`to_json` as text, one seat count a line (the package data's layout)."""
        data = self.to_json()
        rows = ",\n".join(f"  {json.dumps(n)}: {json.dumps(row, ensure_ascii=False)}" for n, row in data["seats"].items())
        return (f'{{"format": {json.dumps(data["format"])},\n "about": {json.dumps(data["about"], ensure_ascii=False)},\n'
                f' "seats": {{\n{rows}\n }}}}\n')

    @classmethod
    def from_json(cls, data: Any) -> BalancedTable:
        """Read :meth:`to_json`'s object; :class:`CastingError` names the row that is wrong."""
        if not isinstance(data, Mapping) or data.get("format") != TABLE_FORMAT or not isinstance(data.get("seats"), Mapping):
            raise CastingError(f"a balanced table is a JSON object with format {TABLE_FORMAT!r} and 'seats'")
        rows: dict[int, TeamRatios] = {}
        verified: dict[int, dict[str, int]] = {}
        for key, row in data["seats"].items():
            seats = whole_number(key) if isinstance(key, str) else None
            if seats is None or seats < 6:
                raise CastingError(f"balanced table: seats must be a number ≥ 6, not {str(key)[:20]!r}")
            try:
                rows[seats] = TeamRatios.from_json(row)
            except CastingError as error:
                raise CastingError(f"balanced table, {key} seats: {error}") from None
            most = rows[seats].most_werewolves
            if most is not None and 2 * most >= seats:
                mean = rows[seats].werewolves
                what = f"{most} 人狼系 roles are" if mean == most else f"a mean of {mean} 人狼系 roles casts up to {most}, which is"
                raise CastingError(f"balanced table, {key} seats: {what} not below half the seats (at most {(seats - 1) // 2})")
            if "verified" in row:
                verified[int(key)] = dict(row["verified"])
        if not rows:
            raise CastingError("balanced table: no rows")
        return cls(dict(sorted(rows.items())), verified, dict(data.get("about", {})))


@functools.cache
def balanced_table() -> BalancedTable:
    """The tuned table shipped with the package (``jinrou/yaminabe/data/balanced.json``)."""
    text = files("jinrou.yaminabe").joinpath("data/balanced.json").read_text(encoding="utf-8")
    return BalancedTable.from_json(json.loads(text))


def _is_number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and not math.isnan(x)


__all__ = ["TABLE_FORMAT", "BalancedTable", "TeamRatios", "balanced_table"]
