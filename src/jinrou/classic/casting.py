"""Fixed castings and dealing (classic-werewolf spec §2): 普通1, the standard role list for n seats,
and :func:`deal`, which hands a role list to the seats — 身代わりくん first, under 身代わりセーフティ.

Random castings (闇鍋) live in :mod:`jinrou.yaminabe`; they produce a list that :func:`deal` deals.

>>> normal_cast(9)
{'Werewolf': 2, 'Diviner': 1, 'Psychic': 1, 'Madman': 1, 'Guard': 1, 'Human': 3}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from jinrou.chance import uniform_below
from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import UnknownRoleError
from jinrou.classic.naming import by_name
from jinrou.classic.presets import normal1
from jinrou.digits import whole_number
from jinrou.errors import SetupError

SCAPEGOAT_EXCLUDED = frozenset({
    "QueenSpectator", "Spy2", "Poisoner", "Cat", "Cupid", "BloodyMary", "Noble", "Lover", "Twin", "Hunter",
    "MadHunter", "Idol", "SnowLover", "Raven", "LunaticLover", "HooliganGuard", "HooliganAttacker", "SantaClaus",
    "Hanami", "Duelist",
})  # fmt: skip
"""Roles 身代わりくん never draws under 身代わりセーフティ ``full``, besides the non-humans (人外)."""
SAFETY = ("full", "no", "free")


def normal_cast(n: int) -> dict[str, int]:
    """普通1 for ``n`` ≥ 3 seats (scapegoat included): role id → count, summing to ``n``, in the
    order the spec lists them, 村人 last."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 3:
        raise SetupError(f"普通1 needs at least 3 seats, not {n!r}")
    counts = {role: c for role, c in normal1(n).items() if c is not None and c}  # the preset table's 普通1
    counts["Human"] = n - sum(counts.values())
    return counts


def scapegoat_may_draw(role: str, safety: str = "full") -> bool:
    """Whether 身代わりくん may be dealt ``role`` under 身代わりセーフティ ``safety``: ``full`` excludes
    the non-humans and :data:`SCAPEGOAT_EXCLUDED`, ``no`` the non-humans, ``free`` nothing.

    >>> scapegoat_may_draw("Werewolf", "no"), scapegoat_may_draw("Hunter", "no"), scapegoat_may_draw("Hunter")
    (False, True, False)
    """
    if safety not in SAFETY:
        raise SetupError(f"身代わりセーフティ (safety) must be one of {', '.join(SAFETY)}, not {safety!r}")
    if role not in CATALOG:
        raise SetupError(f"unknown role id {role!r}: role ids are the catalog's, e.g. Human, Werewolf, Diviner")
    if safety == "free":
        return True
    return not CATALOG[role].nonhuman and (safety == "no" or role not in SCAPEGOAT_EXCLUDED)


def deal(roles: Mapping[str, int] | Sequence[str], rng: np.random.Generator, *, scapegoat: bool = True,
         safety: str = "full") -> list[str]:
    """Deal a role list to the seats: each seat's role id, in seat order.

    With ``scapegoat`` (setting ``scapegoat=on``) seat 0 is 身代わりくん and draws first, uniformly
    among the list's copies that ``safety`` allows it (:func:`scapegoat_may_draw`); the other seats get
    a uniform permutation of the rest. Every draw comes from ``rng``.

    Args:
        roles: role id → count, or the list itself (one id per seat).
        rng: the generator to draw from.
        scapegoat: whether seat 0 is 身代わりくん.
        safety: 身代わりセーフティ, ``full``, ``no`` or ``free``.

    Raises:
        SetupError: an unknown role id or safety, a negative count, or no role 身代わりくん may draw.

    >>> deal({"Werewolf": 1, "Diviner": 1, "Human": 2}, np.random.default_rng(1))[0] != "Werewolf"
    True
    """
    if isinstance(roles, Mapping):
        bad = [f"{r}: {c!r}" for r, c in roles.items() if isinstance(c, bool) or not isinstance(c, int) or c < 0]
        if bad:
            raise SetupError(f"role counts must be whole numbers ≥ 0, not {bad[0]}")
        listed = [role for role, count in roles.items() for _ in range(count)]
    else:
        listed = list(roles)
    allowed = [i for i, role in enumerate(listed) if scapegoat_may_draw(role, safety)]
    first: list[str] = []
    if scapegoat:
        if not allowed:
            raise SetupError(
                f"身代わりくん cannot be dealt any role of this list under 身代わりセーフティ {safety!r}: "
                f"add a role it may draw (e.g. Human) or set safety to {'no' if safety == 'full' else 'free'}")
        first = [listed.pop(allowed[uniform_below(rng, len(allowed))])]
    return first + [listed[int(i)] for i in rng.permutation(len(listed))]


def parse_cast(text: str) -> dict[str, int]:
    """A role list written ``Werewolf:2,Diviner,Human:5`` (ids or Japanese names; count 1 when
    omitted) as role id → count.

    >>> parse_cast("人狼:2, Diviner, human:3")
    {'Werewolf': 2, 'Diviner': 1, 'Human': 3}

    Raises:
        SetupError: an unknown role or a count that is not a whole number ≥ 1.
    """
    counts: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, count = part.partition(":")
        try:
            role = by_name(name).id
        except UnknownRoleError as error:
            raise SetupError(str(error)) from None
        number = whole_number(count) if count else 1
        if not number:
            raise SetupError(f"the count of {name.strip()} must be a whole number ≥ 1, not {count.strip()[:20]!r}")
        counts[role] = counts.get(role, 0) + number
    if not counts:
        raise SetupError("the role list is empty: write e.g. Werewolf:2,Diviner,Human:5")
    return counts
