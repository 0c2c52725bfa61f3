"""Roles and cards of quantum werewolf (量子人狼).

A *card* is what a player turns out to be when his role collapses: a villager, the seer, or a wolf
of a given rank. Wolves are ranked 1..k; rank 1 is the top wolf (序列が一番高い), and only the living
wolf of the smallest rank — the dominant wolf (ドミナント人狼) — attacks effectively.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from jinrou.digits import whole_number
from jinrou.errors import JinrouError
from jinrou.outcome import Winner
from jinrou.players import Seat


class Role(enum.Enum):
    """The three roles of quantum werewolf."""

    VILLAGER = "villager"
    """Villager (村人): village side, no ability."""
    SEER = "seer"
    """Seer (占い師): village side, divines one player a night."""
    WOLF = "wolf"
    """Wolf (人狼): wolf side; the dominant wolf's attack kills."""

    @property
    def side(self) -> Winner:
        """The side this role wins with: :attr:`Winner.VILLAGE` or :attr:`Winner.WOLVES`."""
        return Winner.WOLVES if self is Role.WOLF else Winner.VILLAGE

    @property
    def japanese(self) -> str:
        """The name players know it by."""
        return {"villager": "村人", "seer": "占い師", "wolf": "人狼"}[self.value]


@dataclass(frozen=True)
class Card:
    """A role with its wolf rank: ``Card(Role.WOLF, 2)`` is written ``wolf:2``.

    >>> Card.parse("wolf:2")
    Card.parse('wolf:2')
    >>> str(Card(Role.SEER))
    'seer'
    """

    role: Role
    rank: int | None = None

    def __post_init__(self) -> None:
        if (self.role is Role.WOLF) != (self.rank is not None):
            raise JinrouError(f"a wolf card needs a rank and no other card has one: {self.role}, {self.rank!r}")
        if self.rank is not None and self.rank < 1:
            raise JinrouError(f"wolf ranks start at 1, not {self.rank!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``villager``, ``seer`` or ``wolf:R``."""
        role, _, rank = str(text).partition(":")
        try:
            parsed = Role(role)
        except ValueError:
            raise JinrouError(f"unknown card {text!r}: expected villager, seer or wolf:RANK") from None
        if parsed is Role.WOLF:
            number = whole_number(rank, most_digits=4)
            if number is None:
                raise JinrouError(f"card {text[:40]!r} needs a wolf rank, as in 'wolf:1'")
            return cls(parsed, number)
        if rank:
            raise JinrouError(f"card {text!r}: only wolves have a rank")
        return cls(parsed)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical order: villager, seer, wolf:1, wolf:2, ..."""
        return ({"villager": 0, "seer": 1, "wolf": 2}[self.role.value], self.rank or 0)

    def __str__(self) -> str:
        return f"wolf:{self.rank}" if self.role is Role.WOLF else self.role.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


VILLAGER = Card(Role.VILLAGER)
SEER = Card(Role.SEER)


def wolf(rank: int) -> Card:
    """The card of the wolf of ``rank``."""
    return Card(Role.WOLF, rank)


__all__ = ["SEER", "VILLAGER", "Card", "Role", "Seat", "wolf"]
