"""闇鍋セーフティ (yaminabe safety): the eight levels of 月下人狼, this project's ``balanced``, and the
switches each one turns on.

The level (room setting ``yaminabe_safety``, default 低) decides which parts of the casting
algorithm run (spec ``yaminabe.md`` §3). Each level is a set of seven switches (:class:`Flags`):

========== ======== ======= ======= ===== ===== ======== ======= =====
value      label    jingais ppcheck teams jobs  strength reverse tuned
========== ======== ======= ======= ===== ===== ======== ======= =====
none       なし
low        低        ✔
lowlow     低+       ✔       ✔
middle     中        ✔               ✔
high       高        ✔               ✔     ✔
super      超        ✔               ✔     ✔     ✔
supersuper 走召                             ✔     ✔
reverse    逆        ✔                           ✔        ✔
balanced   バランス     ✔               ✔                            ✔
========== ======== ======= ======= ===== ===== ======== ======= =====

- *jingais*: the number of non-humans (人外) comes from a table by seat count; without it only one
  人狼系 role is guaranteed.
- *ppcheck* / *teams*: team-ratio targets (wolf team 25–35 %, village team 48–60 % of the seats)
  and the PP rule (no wolf-team draw that would give the wolves half the seats).
- *teams* or *jobs*: a seer (占い師) is likely inserted; *teams*: a guard (狩人) too.
- *jobs*: the pairing and companion rules between roles (共有者 come in pairs, …).
- *strength*: 40 trial castings, the one whose summed role strengths are most even is kept;
  *reverse* keeps the most uneven one.
- *tuned* (``balanced`` only, issue 19): 中 whose team counts — the wolf and village share ranges,
  the number of foxes and lovers — come from a table tuned by bot games for each seat count
  (:mod:`jinrou.yaminabe.ratios`, ``docs/yaminabe-study.md``).

>>> Safety.parse("中").flags
Flags(jingais=True, ppcheck=False, teams=True, jobs=False, strength=False, reverse=False, tuned=False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from jinrou.errors import CastingError


@dataclass(frozen=True)
class Flags:
    """The switches of one safety level (spec §3).

    Attributes:
        jingais: non-human counts from the seat-count table (step 2).
        ppcheck: the team-ratio step and the PP rule without the other *teams* rules.
        teams: team-ratio targets, the PP rule, seer and guard insurance.
        jobs: the role-pairing rules of the fill loop, seer insurance (見習い占い師 too).
        strength: 40 trials, the most balanced one kept.
        reverse: keep the least balanced trial instead.
        tuned: team counts from the balanced table (:mod:`jinrou.yaminabe.ratios`) instead of the
            reference's ranges: no vampires, devils or ローレライ beside the wolves, foxes and lovers.
    """

    jingais: bool = False
    ppcheck: bool = False
    teams: bool = False
    jobs: bool = False
    strength: bool = False
    reverse: bool = False
    tuned: bool = False


class Safety(enum.Enum):
    """A 闇鍋セーフティ level; the value is 月下人狼's setting value."""

    NONE = "none"
    """なし: every seat random but one 人狼系."""
    LOW = "low"
    """低 (the default): non-human counts by seat count."""
    LOWLOW = "lowlow"
    """低+: 低 plus the team-ratio targets and the PP rule."""
    MIDDLE = "middle"
    """中: 低 plus team ratios, the PP rule, seer and guard insurance."""
    HIGH = "high"
    """高: 中 plus the role-pairing rules."""
    SUPER = "super"
    """超 (β2): 高, then the most balanced of 40 trials."""
    SUPERSUPER = "supersuper"
    """走召 (α2): pairing rules and 40 trials, without non-human counts or team ratios."""
    REVERSE = "reverse"
    """逆 (α): non-human counts, then the least balanced of 40 trials."""
    BALANCED = "balanced"
    """バランス (this project's, issue 19): 中 with team counts tuned by bot games for each seat count."""

    @property
    def label(self) -> str:
        """The Japanese label: なし, 低, 低+, 中, 高, 超, 走召, 逆, バランス."""
        return _LABELS[self]

    @property
    def flags(self) -> Flags:
        """The switches this level turns on (spec §3)."""
        return _FLAGS[self]

    @classmethod
    def parse(cls, text: Safety | str) -> Safety:
        """A level from its value (``middle``), its label (``中``) or 月下人狼's shown label (``超(β2)``).

        Raises:
            CastingError: the text names no level; the message lists them.
        """
        if isinstance(text, Safety):
            return text
        found = _BY_TEXT.get(text.strip().casefold()) if isinstance(text, str) else None
        if found is not None:
            return found
        values = ", ".join(level.value for level in cls)
        labels = ", ".join(level.label for level in cls)
        raise CastingError(f"unknown safety level {text!r}: levels are {values} or {labels}")


_LABELS = {
    Safety.NONE: "なし", Safety.LOW: "低", Safety.LOWLOW: "低+", Safety.MIDDLE: "中", Safety.HIGH: "高",
    Safety.SUPER: "超", Safety.SUPERSUPER: "走召", Safety.REVERSE: "逆", Safety.BALANCED: "バランス",
}  # fmt: skip
_SHOWN = {Safety.SUPER: "超(β2)", Safety.SUPERSUPER: "走召(α2)", Safety.REVERSE: "逆(α)"}
_BY_TEXT = {text: level for level in Safety for text in (level.value, level.label, _SHOWN.get(level)) if text}
_FLAGS = {
    Safety.NONE: Flags(),
    Safety.LOW: Flags(jingais=True),
    Safety.LOWLOW: Flags(jingais=True, ppcheck=True),
    Safety.MIDDLE: Flags(jingais=True, teams=True),
    Safety.HIGH: Flags(jingais=True, teams=True, jobs=True),
    Safety.SUPER: Flags(jingais=True, teams=True, jobs=True, strength=True),
    Safety.SUPERSUPER: Flags(jobs=True, strength=True),
    Safety.REVERSE: Flags(jingais=True, strength=True, reverse=True),
    Safety.BALANCED: Flags(jingais=True, teams=True, tuned=True),
}

__all__ = ["Flags", "Safety"]
