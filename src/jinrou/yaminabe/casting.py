"""闇鍋 random casting: 月下人狼's algorithm with its eight safety levels (spec ``yaminabe.md`` §4).

A casting fills n seats (the scapegoat's included; ケミカル人狼, ``Options(chemical=True)``: 2n roles, its counts
still sized by the n seats, as the reference's) in steps over one
:class:`~jinrou.yaminabe.draft.Draft`; each step is a function of this module, run in this order:

0. :func:`easy_slots` (かんたん闇鍋 only): start from 普通1 and turn one or two of its roles into
   slots of their category.
1. :func:`exclusions`: roles barred for this casting (some always, some by level, some at random).
2. :func:`nonhumans`: with *jingais*, the number of wolves, foxes, vampires, devils and ローレライ
   from a table by seat count and a few random tweaks; wolves become 人狼系 slots, the others are
   placed at once. Without it, one 人狼系 slot. :func:`lonely` then bars 背徳者, 吸血鬼の眷属 and
   花見客 when their companions are missing, and N is taken (E's snapshot).
3. :func:`team_ratios`: with *teams* or *ppcheck*, a wolf-team target (25–35 % of the seats, below
   half) filled with 狂人系 slots and a village-team target (48–60 %) of village slots; a few lovers,
   吸血鬼の眷属 and 背徳者 by seat count.
4. :func:`insurance`: a likely 占い師 (or 見習い占い師), and with *teams* a likely 狩人 (or 風来狩人).
5. :func:`~jinrou.yaminabe.seasons.seasonal`: the date's events.
6. :func:`free_pool`: P, the roles a free slot draws from.
7. :func:`~jinrou.yaminabe.fill.fill`: up to 300 draws fill the pending class slots, then the free
   slots, each draw checked by :func:`~jinrou.yaminabe.rules.rejects`; with *strength*, 40 such
   trials and the one whose summed role strengths are most even (逆: least even) is kept.

The balanced level (*tuned*, this project's) takes the wolf and village ranges, the number of foxes
(step 2, instead of the table's foxes, vampires, devils and ローレライ; a fox's U is scaled to the
kinds the pool allows, so that every one is cast), of lovers (first in step 3) and, where the row
sets it, of 人狼系 roles (step 2, a mean as the foxes', instead of 中's table; below half the seats) from its table
(:mod:`jinrou.yaminabe.ratios`), or from ``Options(ratios=…)``.

The reference's defects (spec §7) are fixed; ``Options(faithful=True)`` reproduces them, and a list
the reference would refuse (too many or too few roles, a negative count) is then a
:class:`~jinrou.errors.CastingError`.

>>> casting = cast(12, "中", rng=np.random.default_rng(7))
>>> len(casting.roles), casting.published.text_ja.startswith("出現役職: 村人")
(12, True)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain, filterfalse
from typing import Any

import numpy as np

from jinrou.classic.catalog import ROLES, Category
from jinrou.errors import CastingError
from jinrou.yaminabe.draft import (
    CATEGORY_OF,
    CATEGORY_SETS,
    NONHUMANS,
    ROLE_IDS,
    TEAM_OF,
    TEAM_SETS,
    Draft,
    Uniform,
)  # fmt: skip
from jinrou.yaminabe.fill import fill
from jinrou.yaminabe.levels import Safety
from jinrou.yaminabe.publish import PUBLICATION_KEYS, Published, publication_key, publish
from jinrou.yaminabe.ratios import TeamRatios, balanced_table
from jinrou.yaminabe.request import Mode, Options, Publication, Request, Weighting, format_date
from jinrou.yaminabe.seasons import seasonal

WOLF, FOX, MADMAN, HUMAN = "Werewolf", "Fox", "Madman", "Human"
"""Category keys of the draft (also team keys: 村人陣営 is "Human", 人狼陣営 "Werewolf")."""

FOX_KINDS = (
    ("Fox", 0.24), ("TinyFox", 0.42), ("XianFox", 0.56), ("VariationFox", 0.68), ("Actress", 0.80),
    ("Trickster", 0.90), ("NightRabbit", 0.95), ("Blasphemy", 1.0),
)  # fmt: skip
"""Step 2's fox kinds: r←U, the first allowed kind whose bound exceeds r."""
IMMORAL_FOXES = ("Fox", "TinyFox", "XianFox", "NightRabbit", "Trickster", "VariationFox")
"""The foxes step 3 counts for 背徳者 (女狐 not among them)."""
LOVERS = frozenset({"Cupid", "Lover", "BadLady", "Patissiere", "SnowLover", "LunaticLover"})
LOVER_KINDS = tuple(role for role in ROLE_IDS if role in LOVERS)
"""The lovers-team roles the balanced level draws from, in catalog order."""
CHEMICAL_VILLAGE = 0.80
"""What ケミカル人狼 adds to the village team's target, as a share of the seats: the reference's 1.28–1.40
for 0.48–0.60 (its roles are twice the seats, its targets still sized by the seats)."""
NONHUMANS_CHOSEN = NONHUMANS | {"Blasphemy"}
"""Barred from the free pool once step 2 has chosen the non-humans."""
TWO_TEAMS_BARRED = TEAM_SETS["Fox"] | TEAM_SETS["Others"] | CATEGORY_SETS["Others"] | CATEGORY_SETS[""]
"""Barred from the free pool under 2陣営戦 (ushi)."""


@dataclass(frozen=True)
class Casting:
    """One 闇鍋 cast.

    Attributes:
        request: what was asked.
        roles: the n role ids (2n under ケミカル人狼), in published order (category, then catalog row). The engine deals
            them to the seats; with ``options.scapegoat`` it deals the scapegoat first, from these
            (classic-werewolf spec §2).
    """

    request: Request
    roles: tuple[str, ...]

    @functools.cached_property
    def published(self) -> Published:
        """What the room is told at the start (配役公開)."""
        return publish(self.request, self.counts)

    @property
    def counts(self) -> dict[str, int]:
        """Role id → count, in published order."""
        counts: dict[str, int] = {}
        for role in self.roles:
            counts[role] = counts.get(role, 0) + 1
        return counts

    def to_json(self) -> dict[str, Any]:
        """The cast as a JSON object (format in ``docs/yaminabe.md``)."""
        request, options = self.request, self.request.options
        return {
            "seats": request.seats,
            "players": request.players,
            "scapegoat": options.scapegoat,
            "mode": request.mode.value,
            "safety": request.safety.value,
            "pool": request.pool_name,
            "weighting": request.weighting.value,
            **({"chemical": True} if options.chemical else {}),
            "date": format_date(options.date),
            "fixed": dict(request.fixed),
            "fixed_categories": {c.value or "None": k for c, k in request.fixed_categories},
            "excluded": sorted(request.excluded, key=publication_key),
            "roles": self.counts,
            "announcement": {"ja": self.published.announcement_ja, "en": self.published.announcement_en},
            "published": {"kind": self.published.kind.value, "ja": self.published.text_ja, "en": self.published.text_en},
        }


def cast(
    n: int,
    safety: Safety | str | None = None,
    *,
    rng: np.random.Generator,
    mode: Mode | str = Mode.YAMINABE,
    fixed: Mapping[str, int] | None = None,
    fixed_categories: Mapping[Category, int] | Mapping[str, int] | None = None,
    excluded: Iterable[str] = (),
    options: Options | None = None,
    pool: str | Iterable[str] = "catalog",
    weighting: Weighting | str = Weighting.UNIFORM,
) -> Casting:
    """Cast n seats at random as 月下人狼's 闇鍋 does (spec ``yaminabe.md``).

    Args:
        n: seats, n ≥ 6, the scapegoat's included when ``options.scapegoat`` (the default).
        safety: 闇鍋セーフティ, a :class:`Safety`, its value (``middle``) or label (``中``);
            None: 低 (高 for かんたん闇鍋, which allows no other).
        rng: the only source of randomness.
        mode: 闇鍋 (``yaminabe``), 一部闇鍋 (``partial``) or かんたん闇鍋 (``easy``).
        fixed: 一部闇鍋: role (id or Japanese name) → count placed as is.
        fixed_categories: 一部闇鍋: category (``Werewolf``, ``人狼系``) → slots filled from it.
        excluded: 一部闇鍋: roles never cast (unticked).
        options: scapegoat, publication (配役公開), 2陣営戦, date, seasonal, faithful, … (:class:`Options`).
        pool: ``"catalog"`` (all 188 roles), ``"playable"`` (the classic engine's roles) or role ids.
        weighting: ``uniform`` within the pool, or ``catalog`` to keep the catalog's chances.

    Returns:
        The cast (n role ids) and its published list.

    Raises:
        CastingError: the request is impossible or malformed (nothing is drawn), or, with
            ``faithful``, the reference would have refused the list.

    >>> casting = cast(9, "中", rng=np.random.default_rng(1), options=Options(publish="team"))
    >>> casting.roles[:4]
    ('Diviner', 'Fugitive', 'Prince', 'WanderingGuard')
    >>> casting.published.text_ja
    '出現陣営情報: 村人陣営5 人狼陣営2 鴉陣営1 その他1'
    """
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator (numpy.random.default_rng(seed)), not {rng!r}")
    request = Request.build(
        n, safety, mode=mode, fixed=fixed, fixed_categories=fixed_categories, excluded=excluded, options=options,
        pool=pool, weighting=weighting,
    )  # fmt: skip
    return cast_from(request, uniforms(rng))


def deal(n: int, safety: str, rng: np.random.Generator, scapegoat: bool) -> dict[str, int]:
    """A 闇鍋 of ``n`` seats from the roles the engine plays, with no seasonal event: the start of an
    エンドレス闇鍋 (:class:`jinrou.classic.presets.Dealer`). Raises :class:`CastingError` when it cannot be filled."""
    return cast(n, safety, rng=rng, pool="playable", options=Options(scapegoat=scapegoat, seasonal=False)).counts


def cast_from(request: Request, uniform: Uniform) -> Casting:
    """Cast a checked request, drawing every U from ``uniform`` (the seam tests script)."""
    d = Draft(request, uniform)
    if request.mode is Mode.EASY:
        easy_slots(d)
    exclusions(d)
    nonhumans(d)
    lonely(d)
    team_ratios(d)
    insurance(d)
    seasonal(d)
    free_pool(d)
    counts = {role: count for role, count in fill(d).items() if count}
    if CATEGORY_SETS[WOLF].isdisjoint(counts):
        raise CastingError(
            "no 人狼系 (werewolf) role could be cast: the level's rules refuse every wolf left after the exclusions"
            " (e.g. those that need another wolf)"
        )
    dealt = request.dealt
    if any(count < 0 for count in counts.values()) or sum(counts.values()) != dealt:
        if not d.faithful:  # pragma: no cover - every step keeps the count; hypothesis checks it
            raise AssertionError(f"casting bug: {counts} for {dealt} roles")
        negative = [role for role, count in counts.items() if count < 0]
        room = f"{dealt} roles (two a seat)" if request.options.chemical else f"{dealt} seats"
        what = f"a negative count of {negative[0]}" if negative else f"{sum(counts.values())} roles for {room}"
        raise CastingError(f"the reference's casting fails here (faithful): {what}")
    roles: list[str] = []
    for role in sorted(counts, key=PUBLICATION_KEYS.__getitem__):
        roles += [role] * counts[role]
    return Casting(request, tuple(roles))


def uniforms(rng: np.random.Generator) -> Uniform:
    """Uniform numbers from ``rng``, drawn in batches (a numpy call per U would be slow) that grow
    from 64 to 1024, so that one casting does not pay for thousands it never uses."""

    def batches() -> Iterator[list[float]]:
        size = 64
        while True:
            yield rng.random(size).tolist()
            size = min(2 * size, 1024)

    return functools.partial(next, chain.from_iterable(batches()))


# ----- the steps


def easy_slots(d: Draft) -> None:
    """Step 0 (かんたん闇鍋): 普通1 for n (ケミカル人狼: 村人 filling 2n); one copy (fewer than 10 roles) or two
    (10 or more), drawn uniformly among the list's copies (catalog order) without replacement, each become
    a slot of its category — a 村人系 copy one of 村人系 w.p. .70, 第三陣営系 .15, 役職変化系 .15."""
    base = d.request.easy_base()
    copies = [role for role in sorted(base, key=lambda r: ROLES[r].row) for _ in range(base[role])]
    for role in copies:
        d.put(role)
    d.slots -= len(copies)
    for _ in range(2 if len(copies) >= 10 else 1):
        role = copies.pop(int(d.u() * len(copies)))
        d.put(role, -1)
        category = CATEGORY_OF[role]
        if category == HUMAN:
            v = d.u()
            category = HUMAN if v < 0.70 else "Others" if v < 0.85 else "Switching"
        d.cat[category] += 1


def exclusions(d: Draft) -> None:
    """Step 1: bar roles from every slot ([C]); under 2陣営戦, the third parties from the free pool."""
    request, flags, u = d.request, d.flags, d.u
    barred = []
    if "Human" in request.excluded:  # they believe they are 村人
        barred += ["Hanami", "Oracle", "Fate", "Sleepwalker", "Dreamer"]
    if request.options.publish is Publication.FULL or (not flags.jobs and request.safety is not Safety.NONE):
        barred.append("BloodyMary")
    if flags.jingais or flags.jobs:
        barred += ["Spy2", "SpiritPossessed", "MadWolf", "DarkClown"]
    if u() < 0.4:
        barred.append("AbsoluteWolf")
    barred += [role for role in ("Oracle", "Fate", "Sleepwalker", "Dreamer", "Hanami") if u() < 0.3]
    if request.options.losemode or u() < 0.4:
        barred.append("Neet")
    d.exclude(set(barred), classes=True)
    if request.options.ushi:
        d.exclude(TWO_TEAMS_BARRED)


def nonhumans(d: Draft) -> None:
    """Step 2: the non-human counts (*jingais*), else one 人狼系 slot if there is none."""
    n, u, E = d.n, d.u, d.E
    if not d.flags.jingais:
        if d.count_cat(WOLF) == 0 and (d.slots > 0 or d.faithful):
            d.cat[WOLF] = 1
            d.slots -= 1
    else:
        wolves, foxes, vampires, devils, loreleis = nonhuman_counts(n, u)
        if d.flags.tuned:  # balanced: the table's foxes, no other third party among the non-humans
            foxes, vampires, devils, loreleis = _mean_count(ratios(d).fox, u), 0, 0, 0
            table_wolves = ratios(d).werewolves  # and its 人狼系 count if it sets one (after the tweaks' draws):
            if table_wolves is not None:  # a mean, drawn as the foxes (a whole number draws nothing)
                wolves = max(1, min(_mean_count(table_wolves, u), (n - 1) // 2))  # below half the seats
        # 一部闇鍋 raises the targets to the fixed counts: no addition below is then negative
        want = wolves - d.count_cat(WOLF)
        k = want if d.faithful else min(want, d.slots)
        if k > 0:
            d.cat[WOLF] += k
            d.slots -= k
        for _ in range(foxes - d.count_cat(FOX) - d.count("Blasphemy")):
            if d.slots <= 0:
                break
            r = u()
            if d.flags.tuned:  # balanced: scaled to the allowed kinds, so that the table's count is met
                r *= max((bound for kind, bound in FOX_KINDS if d.allowed(kind, E)), default=0.0)
            for kind, bound in FOX_KINDS:
                if r < bound and d.allowed(kind, E):
                    d.add(kind, E)
                    break
        for _ in range(vampires - d.count("Vampire") - d.count("Dracula")):
            if d.slots <= 0:
                break
            if not (u() < 0.7 and d.add("Vampire", E)):
                d.add("Dracula", E)
        for role, target in (("Devil", devils), ("Lorelei", loreleis)):
            want = target - d.count(role)
            if want > 0 and d.allowed(role, E):
                k = min(want, d.slots) if d.faithful else min(want, max(d.slots, 0))
                if k:
                    d.put(role, k)
                    d.slots -= k
        d.exclude(NONHUMANS_CHOSEN)
    if d.count_cat(WOLF) == 0:  # Request.build refuses such requests; kept as the spec's rule
        raise CastingError("no 人狼系 (werewolf) role can be cast: every seat is taken")


def nonhuman_counts(n: int, u: Uniform) -> tuple[int, int, int, int, int]:
    """Step 2's table: wolves, foxes, vampires, devils and ローレライ for n seats, with the random tweaks."""
    wolves, foxes, vampires, devils, loreleis = 1, 0, 0, 0, 0
    if n >= 9:
        wolves = 2
        if n >= 12:
            if u() < 0.6:
                foxes += 1
            elif u() < 0.7:
                devils += 1
            if n >= 14:
                wolves = 3
                if n >= 16:
                    if u() < 0.5:
                        foxes += 1
                    elif u() < 0.3:
                        vampires += 1
                    else:
                        devils += 1
                    if n >= 18:
                        wolves = 4
                        if n >= 22:
                            if u() < 0.2:
                                foxes += 1
                            elif u() < 0.6:
                                vampires += 1
                            elif u() < 0.9:
                                devils += 1
                        if n >= 24:
                            wolves = 5
                            if n >= 30:
                                wolves = 6
    if wolves > 1 and u() < 0.1:
        wolves -= 1
    elif n >= 12 and u() < 0.2:
        wolves += 1
    if foxes > 1 and u() < 0.15:
        foxes -= 1
    elif n >= 11 and u() < 0.25 or n >= 8 and u() < 0.1:
        foxes += 1
    if n >= 11 and u() < 0.2:
        vampires += 1
    if n >= 11 and u() < 0.2:
        devils += 1
    if n >= 13 and u() < 0.1:
        loreleis += 1
    return wolves, foxes, vampires, devils, loreleis


def lonely(d: Draft) -> None:
    """Step 2b (*jingais* or *jobs*): bar roles whose companions are missing, [C]: 背徳者 without a
    妖狐系 placed or pending (``faithful``: placed only, from the free pool only), 吸血鬼の眷属 without
    a ヴァンパイア or ドラキュラ, 花見客 with fewer than two 人狼系. Then N ← E."""
    if d.flags.jingais or d.flags.jobs:
        foxes = d.by_category[FOX] if d.faithful else d.count_cat(FOX)
        if foxes == 0:
            d.exclude({"Immoral"}, classes=not d.faithful)
        if d.count("Vampire") == 0 and d.count("Dracula") == 0:
            d.exclude({"VampireClan"}, classes=True)
        if d.count_cat(WOLF) < 2:
            d.exclude({"Hanami"}, classes=True)
    d.N = frozenset(d.E)


def team_ratios(d: Draft) -> None:
    """Step 3 (*teams* or *ppcheck*): wolf-team and village-team targets, 吸血鬼の眷属, 背徳者, lovers."""
    if not (d.flags.teams or d.flags.ppcheck):
        return
    n, u, tuned = d.n, d.u, d.flags.tuned
    wolf_range, village_range = ((0.25, 0.10), (0.48, 0.12)) if not tuned else _low_width(ratios(d))
    if d.request.options.chemical:  # the second roles: most of them village ones (the reference's 1.28–1.40)
        village_range = (village_range[0] + CHEMICAL_VILLAGE, village_range[1])
    if tuned:  # balanced: its lovers first, each a kind drawn uniformly among those allowed
        for _ in range(_mean_count(ratios(d).lovers, u)):
            kinds = [role for role in LOVER_KINDS if d.allowed(role, d.N)]
            if d.slots <= 0 or not kinds:
                break
            d.add(kinds[int(u() * len(kinds))], d.N)
    if d.slots > 0:  # wolf team: 25–35 % of the seats, below half; 狂人系 slots make up the difference
        half = -(-n // 2)
        target = min(_round(n * (wolf_range[0] + wolf_range[1] * u())), half - 1)
        wolves = d.count_cat(WOLF)
        if wolves <= target:
            k = min(d.slots, target - wolves) - d.count_cat(MADMAN)
            if k > 0:
                d.cat[MADMAN] += k
                d.slots -= k
            elif d.faithful:  # the reference frees slots when the fixed madmen exceed the target
                d.slots -= k
        d.exclude(CATEGORY_SETS[MADMAN])
    if d.slots > 0:  # village team: 48–60 % of the seats (ケミカル人狼: 128–140 %), in village-team slots
        target = _round(n * (village_range[0] + village_range[1] * u()))
        if d.faithful:  # the reference counts the 村人系 roles only
            village = d.by_category[HUMAN]
        else:
            village = sum(count for role, count in d.placed.items() if TEAM_OF[role] == HUMAN)
        k = min(d.slots, target) - (village + d.team[HUMAN] + d.cat[HUMAN])
        if k > 0:
            d.team[HUMAN] += k
            d.slots -= k
        if not d.request.options.ushi:
            d.exclude(TEAM_SETS[HUMAN])
    _companion(d, "VampireClan", d.count("Vampire") + d.count("Dracula"), 15, 0.25, 0.05, small_bars=False)
    _companion(d, "Immoral", sum(d.count(role) for role in IMMORAL_FOXES), 14, 0.25, 0.06, small_bars=True)
    if d.slots > 0 and not tuned:
        if 12 <= n <= 17:
            d.one_of([("Cupid", 0.08), ("Lover", 0.03), ("SnowLover", 0.05), ("BadLady", 0.04), ("LunaticLover", 0.06)])
        elif 8 <= n <= 11:
            d.one_of([("Lover", 0.045), ("SnowLover", 0.025), ("Cupid", 0.01), ("LunaticLover", 0.03)])
        elif n >= 18:
            q = 1.0
            while u() < q and (d.slots > 0 or d.faithful):
                if not d.one_of(
                    [("Cupid", 0.12), ("Lover", 0.06), ("SnowLover", 0.07), ("BadLady", 0.04), ("LunaticLover", 0.08)],
                    need_slot=not d.faithful,
                ):
                    break
                q *= 0.6
    d.exclude(LOVERS)
    if d.slots > 0 and (n < 9 or (n < 12 and u() < 0.5)):
        d.exclude(TEAM_SETS["Duel"])


def _companion(d: Draft, role: str, masters: int, big: int, p_big: float, p_small: float, *, small_bars: bool) -> None:
    """吸血鬼の眷属 / 背徳者 of step 3: with one master, maybe one (p_big from ``big`` seats, else
    p_small); barred afterwards up to 17 seats (below ``big`` seats: only 背徳者)."""
    if d.slots > 0 and masters >= 1:
        if masters == 1:
            if d.n >= big:
                if d.u() < p_big:
                    d.add(role, d.N)
                if d.n <= 17:
                    d.exclude({role})
            else:
                if d.u() < p_small:
                    d.add(role, d.N)
                if small_bars:
                    d.exclude({role})
        elif d.n <= 17:
            d.exclude({role})
    else:
        d.exclude({role})


def insurance(d: Draft) -> None:
    """Step 4: a likely 占い師 (*teams* or *jobs*; 見習い占い師 under *jobs*), a likely 狩人 (*teams*;
    風来狩人 when a 占い師 is placed). An excluded candidate gives nothing; ``faithful``: the second
    candidate is never chosen (the reference's defect 1)."""
    flags = d.flags
    if (flags.teams or flags.jobs) and d.count("Diviner") == 0:
        r = d.u()
        if r < 0.75:
            _insure(d, "Diviner")
        elif flags.jobs and r < 0.80 and not d.faithful:
            _insure(d, "ApprenticeSeer")
    if flags.teams and d.count("Guard") == 0 and d.count("WanderingGuard") == 0:
        r = d.u()
        if r < 0.40:
            _insure(d, "Guard")
        elif d.count("Diviner") > 0 and r < 0.50 and not d.faithful:
            _insure(d, "WanderingGuard")


def _insure(d: Draft, role: str) -> None:
    """Place ``role`` if not in N: in a 村人系 slot, else a village slot, else a free slot."""
    if d.allowed(role, d.N):
        d.take(role)


def free_pool(d: Draft) -> None:
    """Step 6: P ← pool − E; empty: 村人 (an error at the first free draw if 村人 is excluded or
    outside the pool)."""
    E = d.E
    d.P = tuple(filterfalse(E.__contains__, _pool_order(d.pool)))
    if not d.P:
        d.P = d.P_draw = tuple(role for role in ("Human",) if d.usable(role))
    elif d.request.weighting is Weighting.CATALOG:
        d.P_draw = tuple(filterfalse(E.__contains__, ROLE_IDS))
    else:
        d.P_draw = d.P


@functools.lru_cache(maxsize=8)
def _pool_order(pool: frozenset[str]) -> tuple[str, ...]:
    return tuple(role for role in ROLE_IDS if role in pool)


def ratios(d: Draft) -> TeamRatios:
    """The balanced level's targets for this casting: ``Options.ratios``, else the tuned table's row."""
    return d.request.options.ratios or balanced_table().for_seats(d.n)


def _low_width(r: TeamRatios) -> tuple[tuple[float, float], tuple[float, float]]:
    """The wolf and village ranges as (lo, hi − lo): a target is round(n·(lo + (hi − lo)·U))."""
    return (r.wolf[0], r.wolf[1] - r.wolf[0]), (r.village[0], r.village[1] - r.village[0])


def _mean_count(mean: float, u: Uniform) -> int:
    """⌊mean⌋, plus one w.p. its fraction (one U, drawn only when there is a fraction)."""
    whole = int(mean)
    return whole + (1 if mean > whole and u() < mean - whole else 0)


def _round(x: float) -> int:
    """Round half up, as JavaScript's Math.round (Python's round() goes to even)."""
    return int(x + 0.5)


__all__ = [
    "Casting", "cast", "cast_from", "deal", "easy_slots", "exclusions", "free_pool", "insurance", "lonely", "nonhuman_counts",
    "nonhumans", "ratios", "team_ratios", "uniforms",
]  # fmt: skip
