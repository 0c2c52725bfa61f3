"""Shared by the 闇鍋 tests: scripted uniform numbers, drafts at a step, the wave-2 pool."""

from __future__ import annotations

from collections.abc import Iterable

from jinrou.yaminabe.casting import easy_slots, exclusions, free_pool, insurance, lonely, nonhumans, team_ratios
from jinrou.yaminabe.draft import Draft
from jinrou.yaminabe.request import Mode, Request
from jinrou.yaminabe.seasons import seasonal

WAVE2 = frozenset({
    "Werewolf", "BigWolf", "WolfCub", "WolfDiviner", "LoneWolf",
    "Madman", "Fanatic", "WhisperingMad", "MadCouple", "Spy",
    "Human", "Diviner", "Psychic", "Guard", "WanderingGuard", "Couple", "Twin", "Poisoner", "Cat", "Hunter", "Noble",
    "Slave", "ApprenticeSeer", "Priest", "Fugitive", "Magician", "Merchant", "QueenSpectator", "Prince", "MadWolf",
    "Cursed", "Fox", "TinyFox", "Immoral", "Cupid", "Lover", "Devil", "Vampire", "Bat", "Tanner", "Teruteru", "Neet",
})  # fmt: skip
"""The 42 roles of classic-werewolf spec §8: the playable pool until jinrou.classic.roles declares it."""

HIGH = 0.999
"""A U that passes no "w.p." test."""


class Script:
    """Scripted uniform numbers: the given ones in order, then ``then`` for ever (None: an error)."""

    def __init__(self, values: Iterable[float] = (), then: float | None = None) -> None:
        self.values = list(values)
        self.then = then
        self.used = 0

    def __call__(self) -> float:
        if self.used < len(self.values):
            value = self.values[self.used]
        elif self.then is None:
            raise AssertionError(f"the script ran out after {self.used} draws")
        else:
            value = self.then
        self.used += 1
        return value

    @property
    def left(self) -> int:
        """Scripted values not drawn yet."""
        return max(0, len(self.values) - self.used)


STEPS = {
    "exclusions": exclusions, "nonhumans": nonhumans, "lonely": lonely, "team_ratios": team_ratios,
    "insurance": insurance, "seasonal": seasonal, "free_pool": free_pool,
}  # fmt: skip


def draft(request: Request, values: Iterable[float] = (), then: float | None = HIGH, *, upto: str | None = None) -> Draft:
    """A draft of ``request`` with scripted U, run through the steps before ``upto`` (None: through
    step 6; step 0 first under かんたん闇鍋)."""
    d = Draft(request, Script(values, then))
    if request.mode is Mode.EASY:
        easy_slots(d)
    for name, step in STEPS.items():
        if name == upto:
            break
        step(d)
    return d


def build(seats: int, safety: str | None = None, **kwargs: object) -> Request:
    return Request.build(seats, safety, **kwargs)  # type: ignore[arg-type]
