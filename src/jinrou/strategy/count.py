"""Outcome counts of a rule file, examples, and the paper's transcript format.

>>> from jinrou.strategy.rules import parse
>>> counts = count(parse({"rules": [["VOTE", "seer", "wolf"]]}))
>>> counts.states, counts.villagerside + counts.wolfside + counts.draw + counts.violation
(2097152, 2097152)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from jinrou.errors import StrategyError
from jinrou.strategy.brute import MAX_STATES, Space
from jinrou.strategy.rules import LETTER, Cast, RuleFile
from jinrou.strategy.symbolic import Diagram

METHODS = ("auto", "brute", "symbolic")
State = tuple[tuple[frozenset[int], ...], tuple[int, ...]]  # (talk of each player, target of each vote)


@dataclass(frozen=True)
class Counts:
    """How many states end in each outcome, and how many break a rule (they add up to ``states``)."""

    states: int
    villagerside: int
    wolfside: int
    draw: int
    violation: int
    method: str

    @property
    def village_win_rate(self) -> Fraction | None:
        """villagerside / (villagerside + wolfside), exact; None when neither side ever wins."""
        decided = self.villagerside + self.wolfside
        return Fraction(self.villagerside, decided) if decided else None

    def to_json(self) -> dict:
        rate = self.village_win_rate
        return {
            "states": self.states, "villagerside": self.villagerside, "wolfside": self.wolfside, "draw": self.draw,
            "violation": self.violation, "village_win_rate": None if rate is None else float(rate),
            "village_win_rate_exact": None if rate is None else str(rate), "method": self.method,
        }


def _method(rules: RuleFile, method: str) -> str:
    if method not in METHODS:
        raise StrategyError(f"unknown method {method!r} (methods: {', '.join(METHODS)})")
    if method == "auto":
        return "brute" if rules.cast.states <= MAX_STATES else "symbolic"
    return method


def count(rules: RuleFile, method: str = "auto", progress: Callable[[int], None] | None = None) -> Counts:
    """Count every state's outcome: by brute force on small spaces, symbolically on any
    (``progress``: told the vote profiles weighed so far, :func:`profiles` in all)."""
    method = _method(rules, method)
    engine = Space(rules) if method == "brute" else Diagram(rules, progress)
    sides = engine.side_counts()
    valid = sum(sides.values())
    return Counts(rules.cast.states, sides["villagerside"], sides["wolfside"], sides["draw"],
                  rules.cast.states - valid, method)


def profiles(rules: RuleFile, method: str = "auto") -> int:
    """The vote profiles a symbolic count weighs one by one ((n−1)^n; 0 for brute force, which is
    quick): the size of the long part, known before it starts."""
    return 0 if _method(rules, method) == "brute" else (len(rules.cast.players) - 1) ** len(rules.cast.players)


def examples(rules: RuleFile, number: int, seed: int, method: str = "auto",
             progress: Callable[[int], None] | None = None) -> list[State]:
    """``number`` valid states drawn uniformly (with replacement), reproducibly from ``seed``."""
    rng = np.random.default_rng(seed)
    if _method(rules, method) == "brute":
        space = Space(rules)
        valid = np.flatnonzero(space.valid)
        if not len(valid):
            return []
        return [space.decode(int(valid[i])) for i in rng.integers(len(valid), size=number)]
    diagram = Diagram(rules, progress)
    if diagram.count(diagram.valid) == 0:
        return []
    return [diagram.sample(rng) for _ in range(number)]


def transcript(cast: Cast, state: State) -> str:
    """A state the way the paper prints it: each talk as a disjunction of worlds, the votes, the end."""
    talks, votes = state
    worlds = cast.worlds
    lines = []
    for seat, talk in enumerate(talks):
        said = " or ".join(
            "(" + ", ".join(f"P{p}: {LETTER[role]}" for p, role in enumerate(worlds[w])) + ")" for w in sorted(talk)
        )
        lines.append(f'{cast.label(seat)} talks "{said}."' if said else f"{cast.label(seat)} says nothing.")
    lines.append("* vote")
    lines += [f"{cast.label(v)} voted to Player {t}" for v, t in enumerate(votes)]
    side = cast.outcome(votes)
    lines += {"villagerside": ["Villagers win.", "Wolves lose."], "wolfside": ["Wolves win.", "Villagers lose."],
              "draw": ["Draw."]}[side]
    return "\n".join(lines)
