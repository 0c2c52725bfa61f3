"""Fixed castings: 普通1, the standard role list for n seats (classic-werewolf spec §2).

Random castings (闇鍋) live in :mod:`jinrou.yaminabe`; dealing a list to seats is
:func:`jinrou.classic.game.deal`.

>>> normal_cast(9)
{'Werewolf': 2, 'Diviner': 1, 'Psychic': 1, 'Madman': 1, 'Guard': 1, 'Human': 3}
"""

from __future__ import annotations

from jinrou.errors import SetupError


def normal_cast(n: int) -> dict[str, int]:
    """普通1 for ``n`` ≥ 3 seats (scapegoat included): role id → count, summing to ``n``, in the
    order the spec lists them, 村人 last."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 3:
        raise SetupError(f"普通1 needs at least 3 seats, not {n!r}")
    counts = {
        "Werewolf": 1 + sum(n >= k for k in (8, 13, 20, 25, 30)),
        "Diviner": 2 if n >= 22 else 1,
        "Psychic": 1 if n >= 8 else 0,
        "Madman": (2 if n in (18, 19) or n >= 23 else 1) if n >= 6 else 0,
        "Guard": (2 if n >= 20 else 1) if n >= 6 else 0,
        "Couple": (3 if n >= 18 else 2) if n >= 13 else 0,
        "Fox": (2 if n >= 19 else 1) if n >= 11 else 0,
    }
    counts = {role: c for role, c in counts.items() if c}
    counts["Human"] = n - sum(counts.values())
    return counts
