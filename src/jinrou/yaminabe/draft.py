"""The working state of one casting in the spec's notation (``yaminabe.md`` §2) and its small moves.

A :class:`Draft` holds what the steps of :mod:`jinrou.yaminabe.casting` read and change:

- ``placed``: the roles already in the list (role id → count), by category in ``by_category``;
- ``cat[X]``, ``team[X]``: pending slots of a category or team, filled by the fill loop (step 7),
  keyed by the category's or team's value (``cat["Werewolf"]``; ``""`` is the None category);
- ``slots``: free slots; count_cat(X) = placed roles of category X + cat[X];
- E (``E``), the roles barred from the free pool, and C (``C``), those barred from class slots; a
  rule marked [C] in the spec enters both. N (``N``) is E's snapshot after step 2, the test of
  "allowed" for insertions and partners. The pool and U (unticked roles) bar everywhere.

Every random number is one uniform U in [0, 1) from ``draft.u()``: the :data:`Uniform` interface, a
callable, is the one seam through which randomness enters, so tests can script each draw. A choice
among k candidates is ``candidates[int(U·k)]``, as on the reference.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import filterfalse

from jinrou.classic.catalog import ROLES, Category, Team
from jinrou.yaminabe.levels import Flags
from jinrou.yaminabe.request import CATEGORY_ORDER, SPECIAL, Mode, Request, Weighting

Uniform = Callable[[], float]
"""A source of uniform numbers in [0, 1): each call is one fresh U."""

ROLE_IDS = tuple(ROLES)
"""Every role id in catalog order."""

TEAM_ORDER = (
    Team.HUMAN, Team.WEREWOLF, Team.FOX, Team.DEVIL, Team.FRIEND, Team.VAMPIRE, Team.CULT, Team.RAVEN,
    Team.HOOLIGAN, Team.DUEL, Team.LORELEI, Team.OTHERS, Team.NEET,
)  # fmt: skip
"""The teams in the fill loop's order (spec §4 step 7a)."""

# The draft keys categories and teams by their values ("Werewolf"; "" is the None category): string
# hashes are cached, an enum's hash is a Python call — the fill loop looks them up constantly.
CATEGORY_KEYS = tuple(c.value for c in CATEGORY_ORDER)
TEAM_KEYS = tuple(t.value for t in TEAM_ORDER)
CATEGORY_OF = {r.id: r.category.value for r in ROLES.values()}
TEAM_OF = {r.id: r.team.value for r in ROLES.values()}
CATEGORY_ROLES = {c.value: tuple(r.id for r in ROLES.values() if r.category is c) for c in Category}
TEAM_ROLES = {t.value: tuple(r.id for r in ROLES.values() if r.team is t) for t in Team}
CATEGORY_SETS = {key: frozenset(roles) for key, roles in CATEGORY_ROLES.items()}
TEAM_SETS = {key: frozenset(roles) for key, roles in TEAM_ROLES.items()}
NONHUMANS = frozenset(r.id for r in ROLES.values() if r.nonhuman)
WOLF_TEAM = frozenset(TEAM_ROLES["Werewolf"])
STRENGTH = {r.id: r.strength or 0 for r in ROLES.values()}

_PLAIN = {"Human": "Human", "Werewolf": "Werewolf", "Madman": "Madman", "Fox": "Fox", "Immoral": "Immoral"}


def plain_role(key: str) -> str:
    """A class's base role: 村人, 人狼, 狂人, 妖狐, 背徳者 for the classes of those names, else 村人."""
    return _PLAIN.get(key, "Human")


class Draft:
    """One casting in progress. Plain class: it grows step by step; :meth:`fork` copies it for a trial.

    Attributes:
        request: what was asked.
        n: the number of seats (what the counts are sized by; ケミカル人狼 deals twice as many roles).
        flags: the safety level's switches.
        faithful: reproduce the reference's defects.
        u: the source of uniform numbers.
        placed: role id → count already in the list.
        by_category: the placed roles counted by category.
        cat: pending slots per category.
        team: pending slots per team.
        slots: free slots (negative only under ``faithful``).
        E: roles barred from the free pool.
        C: roles barred from class slots (immutable; replaced when it grows).
        N: E as it was after step 2.
        P: the free pool of step 6, in catalog order (:meth:`in_free_pool` tests it); ``P_draw`` the list
            a free draw picks from (the catalog's free pool under ``Weighting.CATALOG``).
    """

    def __init__(self, request: Request, uniform: Uniform) -> None:
        start = _start(request)
        self.request = request
        self.n = request.seats
        self.flags = start.flags
        self.faithful = start.faithful
        self.u = uniform
        self.pool = request.pool
        self.placed = dict(start.placed)
        self.by_category = dict(start.by_category)
        self.cat = dict(start.cat)  # keys in the fill order
        self.team = dict(start.team)
        self.slots = start.slots
        self.E = set(start.barred)
        self.C = start.barred
        self.N: frozenset[str] = frozenset()
        self.P: tuple[str, ...] = ()
        self.P_draw: tuple[str, ...] = ()
        self._P_set: frozenset[str] | None = None
        self.cache: dict[frozenset[str], dict[tuple[bool, str], tuple[str, ...]]] = {}
        self.ruled_class, self.ruled_other = start.ruled
        """The roles the fill loop's rules may refuse when drawn for a category slot / another slot."""
        self.checked_class, self.checked_other = start.checked
        """The roles the fill loop does more with than place them (the rules' roles, 狂人狼 and ローレライ,
        the wolf team under the PP rule, the roles outside the pool, …): for a category slot / another slot."""
        self.wolfteam = 0
        """Wolf-team roles placed by the current trial's fill (the PP rule), counted with *teams* or *ppcheck*."""
        self.vanishing = self.faithful and request.mode is Mode.EASY
        """The reference's かんたん闇鍋 has no counter for デスノート and 聖痕者: drawn, they vanish."""

    # ----- counting

    def count(self, role: str) -> int:
        """How many ``role`` are placed."""
        return self.placed.get(role, 0)

    def count_cat(self, category: str) -> int:
        """count_cat(X): placed roles of category X (its value, ``"Werewolf"``) plus its pending slots."""
        return self.by_category[category] + self.cat[category]

    # ----- exclusions

    def allowed(self, role: str, barred: AbstractSet[str]) -> bool:
        """``role`` is in the pool and not in ``barred`` (E, N or C)."""
        return role in self.pool and role not in barred

    def usable(self, role: str) -> bool:
        """``role`` may be cast at all: in the pool, not unticked, not one 闇鍋 never casts."""
        return role in self.pool and role not in self.request.excluded and role not in SPECIAL

    def exclude(self, roles: AbstractSet[str], *, classes: bool = False) -> None:
        """Bar ``roles`` from the free pool (E), and with ``classes`` from class slots too (C: a [C] rule)."""
        self.E |= roles
        if classes and not self.C.issuperset(roles):
            self.C = self.C.union(roles)

    # ----- placing

    def put(self, role: str, count: int = 1) -> None:
        """Place ``count`` copies of ``role`` without touching any slot."""
        self.placed[role] = self.placed.get(role, 0) + count
        self.by_category[CATEGORY_OF[role]] += count

    def add(self, role: str, barred: AbstractSet[str], *, need_slot: bool = True) -> bool:
        """"add r": one ``role`` in a free slot, if a slot is free and the role allowed (not in ``barred``).

        ``need_slot=False`` is the reference's defect of adding without a free slot (``faithful``).
        """
        if (need_slot and self.slots <= 0) or not self.allowed(role, barred):
            return False
        self.put(role)
        self.slots -= 1
        return True

    def one_of(self, choices: Sequence[tuple[str, float]], *, need_slot: bool = True) -> bool:
        """"a p | b p' | …": add a if a fresh U < p and a is allowed (not in N, a slot free), else try b
        with a fresh U; at most one. Whether one was added."""
        return any(self.u() < p and self.add(role, self.N, need_slot=need_slot) for role, p in choices)

    def take(self, role: str, *, team_slots: bool = True) -> bool:
        """Place ``role`` in a pending slot of its category, else of its team, else a free slot."""
        category, team = CATEGORY_OF[role], TEAM_OF[role]
        if self.cat[category] > 0:
            self.cat[category] -= 1
        elif team_slots and self.team.get(team, 0) > 0:
            self.team[team] -= 1
        elif self.slots > 0:
            self.slots -= 1
        else:
            return False
        self.put(role)
        return True

    def partner(self, role: str) -> bool:
        """partner(x) of spec §4.1: place one ``role`` alongside the role being drawn, if allowed.

        Allowed means not in N (``faithful``: in the free pool P, which 高 has emptied of village
        roles and madmen — the reference's defect 2); it takes a slot as :meth:`take` does
        (``faithful``: 霊能者 and 聖職者 skip team slots).
        """
        if self.faithful:
            return self.in_free_pool(role) and self.take(role, team_slots=role not in ("Psychic", "Priest"))
        return self.allowed(role, self.N) and self.take(role)

    def in_free_pool(self, role: str) -> bool:
        """``role`` is in P."""
        if self._P_set is None:
            self._P_set = frozenset(self.P)
        return role in self._P_set

    def bar_from_fill(self, role: str) -> None:
        """After one 狂人狼 or ローレライ: remove it from the free pool and add it to C."""
        self.P = tuple(r for r in self.P if r != role)
        self.P_draw = tuple(r for r in self.P_draw if r != role)
        self._P_set = None
        self.C = self.C | {role}

    def keep_removals(self, trial: Draft) -> None:
        """Take a trial's removals of 狂人狼 and ローレライ from P and C (``faithful``: the reference's
        trials inherit them)."""
        self.C, self.P, self.P_draw, self._P_set = trial.C, trial.P, trial.P_draw, trial._P_set

    # ----- drawing

    def candidates(self, classes: dict[str, tuple[str, ...]], key: str) -> tuple[str, ...]:
        """The roles a pending slot of class ``key`` (of ``classes``: CATEGORY_ROLES or TEAM_ROLES)
        draws from, in catalog order.

        Uniform weighting: (class ∩ pool) − C. Catalog weighting: class − C, whose roles outside the
        pool become stand-ins when drawn — but only while (class ∩ pool) − C is not empty. Empty:
        the slots of the class become free.
        """
        by_class = self.cache.get(self.C)
        if by_class is None:
            by_class = self.cache[self.C] = {}
        found = by_class.get((classes is TEAM_ROLES, key))
        if found is None:
            C = self.C
            in_pool, drawn = _class_lists(self.pool, self.request.weighting)[classes is TEAM_ROLES, key]
            if C.isdisjoint(drawn):
                found = drawn if in_pool else ()
            elif not C.issuperset(in_pool):
                found = tuple(filterfalse(C.__contains__, drawn))
            else:
                found = ()
            by_class[classes is TEAM_ROLES, key] = found
        return found

    def fork(self) -> Draft:
        """A copy for one trial of the fill loop: its own counts and slots; E, N, C, P and the cache
        are shared (C and P are immutable and replaced when they change)."""
        trial = Draft.__new__(Draft)
        trial.__dict__.update(self.__dict__)
        trial.placed = dict(self.placed)
        trial.by_category = dict(self.by_category)
        trial.cat = dict(self.cat)
        trial.team = dict(self.team)
        return trial


@dataclass(frozen=True)
class _Start:
    """What every casting of one request starts from."""

    flags: Flags
    faithful: bool
    placed: dict[str, int]
    by_category: dict[str, int]
    cat: dict[str, int]
    team: dict[str, int]
    slots: int
    barred: frozenset[str]
    ruled: tuple[frozenset[str], frozenset[str]]
    checked: tuple[frozenset[str], frozenset[str]]


_starts: dict[int, tuple[Request, _Start]] = {}


def _start(request: Request) -> _Start:
    """The start of ``request``'s castings, remembered for the last few requests (by identity)."""
    found = _starts.get(id(request))
    if found is not None and found[0] is request:
        return found[1]
    placed: dict[str, int] = {}
    by_category = dict.fromkeys(CATEGORY_KEYS, 0)
    for role, count in request.fixed:
        placed[role] = count
        by_category[CATEGORY_OF[role]] += count
    cat = dict.fromkeys(CATEGORY_KEYS, 0)
    for category, count in request.fixed_categories:
        cat[category.value] = count
    flags = request.safety.flags
    start = _Start(
        flags=flags,
        faithful=request.options.faithful,
        placed=placed,
        by_category=by_category,
        cat=cat,
        team=dict.fromkeys(TEAM_KEYS, 0),
        slots=request.dealt - sum(placed.values()) - sum(cat.values()),
        barred=SPECIAL | request.excluded,
        ruled=_ruled(flags),
        checked=_checked(request.pool, flags),
    )
    if len(_starts) >= 16:
        _starts.clear()
    _starts[id(request)] = (request, start)
    return start


def _ruled(flags: Flags) -> tuple[frozenset[str], frozenset[str]]:
    from jinrou.yaminabe.rules import ruled  # the rules read drafts: imported here, not at the top

    return ruled(flags)


@functools.lru_cache(maxsize=32)
def _checked(pool: frozenset[str], flags: Flags) -> tuple[frozenset[str], frozenset[str]]:
    """The roles the fill loop does more with than place them, for a category slot / another slot."""
    ruled_class, ruled_other = _ruled(flags)
    more = {"MadWolf", "Lorelei", "Light", "HolyMarked"} | set(ROLE_IDS) - pool
    if flags.teams or flags.ppcheck:
        more |= WOLF_TEAM
    return ruled_class | more, ruled_other | more


@functools.lru_cache(maxsize=8)
def _class_lists(pool: frozenset[str], weighting: Weighting) -> dict[tuple[bool, str], tuple[tuple[str, ...], tuple[str, ...]]]:
    """Per class (is-a-team, key): its roles in the pool, and the roles a draw picks from (the same,
    or under catalog weighting the whole class), both in catalog order."""
    lists = {}
    for is_team, classes in ((False, CATEGORY_ROLES), (True, TEAM_ROLES)):
        for key, roles in classes.items():
            in_pool = tuple(r for r in roles if r in pool)
            lists[is_team, key] = (in_pool, roles if weighting is Weighting.CATALOG else in_pool)
    return lists


__all__ = [
    "CATEGORY_KEYS", "CATEGORY_OF", "CATEGORY_ROLES", "CATEGORY_SETS", "NONHUMANS", "ROLE_IDS", "STRENGTH", "TEAM_KEYS", "TEAM_OF",
    "TEAM_ORDER", "TEAM_ROLES", "TEAM_SETS", "WOLF_TEAM", "Draft", "Uniform", "plain_role",
]  # fmt: skip
