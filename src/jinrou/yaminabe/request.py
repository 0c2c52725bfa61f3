"""What a host asks of a 闇鍋 casting: mode, safety level, options and pool, checked before any draw.

:meth:`Request.build` turns loose input (strings, Japanese labels, role names) into one validated,
frozen :class:`Request`, so that a request that cannot be cast fails with a
:class:`~jinrou.errors.CastingError` before anything is drawn (spec ``yaminabe.md`` §1):

- n is the number of seats, 身代わりくん (the scapegoat) included when option ``scapegoat`` is on,
  and n ≥ 6;
- 一部闇鍋 (*partial*): fixed roles, fixed category counts and excluded (unticked) roles; more fixed
  seats than seats, a fixed category whose roles are all excluded, every 人狼系 role excluded, a
  role both fixed and excluded, a hidden role fixed, and every seat fixed without a 人狼系 among
  them are errors;
- かんたん闇鍋 (*easy*) always runs at safety 高;
- the pool is ``"catalog"`` (all 188 roles), ``"playable"`` (the roles the classic engine declares,
  :data:`jinrou.classic.roles.PLAYABLE`) or any collection of role ids; a role outside the pool is
  never cast (spec §6).

>>> request = Request.build(9, "中", pool=["Human", "Werewolf", "Diviner", "Madman", "Guard"])
>>> request.safety, request.mode, sorted(request.pool)
(<Safety.MIDDLE: 'middle'>, <Mode.YAMINABE: 'yaminabe'>, ['Diviner', 'Guard', 'Human', 'Madman', 'Werewolf'])
"""

from __future__ import annotations

import calendar
import contextlib
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from jinrou.classic.casting import normal_cast
from jinrou.classic.catalog import ROLES, Category, UnknownRoleError
from jinrou.classic.naming import by_name
from jinrou.digits import whole_number
from jinrou.errors import CastingError
from jinrou.players import MAX_PLAYERS
from jinrou.yaminabe.levels import Safety
from jinrou.yaminabe.ratios import TeamRatios

SPECIAL = frozenset({
    "Thief", "MinionSelector", "QuantumPlayer", "SpaceWerewolfCrew", "SpaceWerewolfObserver",
    "SpaceWerewolfImposter", "SpaceWerewolfSabotage", "SpaceWerewolfGuard",
})  # fmt: skip
"""S: roles 闇鍋 never casts (spec §2)."""

Date = tuple[int, int]
"""A calendar day as (month, day), for the seasonal events."""


class Mode(enum.Enum):
    """A 闇鍋 casting mode (spec §1)."""

    YAMINABE = "yaminabe"
    """闇鍋: every seat random."""
    PARTIAL = "partial"
    """一部闇鍋: some roles and category counts fixed, some roles excluded, the rest random."""
    EASY = "easy"
    """かんたん闇鍋: 普通1 with one or two of its roles replaced by a random role of its category."""

    @property
    def label(self) -> str:
        """The Japanese name: 闇鍋, 一部闇鍋, かんたん闇鍋."""
        return {Mode.YAMINABE: "闇鍋", Mode.PARTIAL: "一部闇鍋", Mode.EASY: "かんたん闇鍋"}[self]

    @classmethod
    def parse(cls, text: Mode | str) -> Mode:
        """A mode from its value (``partial``) or Japanese name (``一部闇鍋``)."""
        return _parse(cls, text, "mode")


class Publication(enum.Enum):
    """What the room is told of the cast at the start (配役公開, ``yaminabe_hidejobs``, spec §5)."""

    FULL = "full"
    """役職一覧を公開 (reference value ``""``, the default): every role with its count."""
    TEAM = "team"
    """陣営ごとの数のみ: the number of seats of each team."""
    HIDDEN = "hidden"
    """非公開 (reference value ``"2"``): nothing."""

    @property
    def label(self) -> str:
        """The Japanese name of the setting's choice."""
        return {Publication.FULL: "役職一覧を公開", Publication.TEAM: "陣営ごとの数のみ", Publication.HIDDEN: "非公開"}[self]

    @classmethod
    def parse(cls, text: Publication | str) -> Publication:
        """A choice from its value, its label or 月下人狼's setting value (``""``, ``team``, ``2``)."""
        if isinstance(text, str) and text.strip() in _REFERENCE_PUBLICATION:
            return _REFERENCE_PUBLICATION[text.strip()]
        return _parse(cls, text, "publication")


_REFERENCE_PUBLICATION = {"": Publication.FULL, "2": Publication.HIDDEN}


class Weighting(enum.Enum):
    """How a draw within a class treats a pool smaller than the catalog (issue 17, deliverable 4)."""

    UNIFORM = "uniform"
    """Every allowed role of the pool equally likely (the reference's rule, the default)."""
    CATALOG = "catalog"
    """Each pool role keeps the chance it has when casting from the whole catalog: a draw is made
    over the catalog, and a role outside the pool becomes the plain role of its category (村人, 人狼,
    狂人, 妖狐, 背徳者; 村人 for the other categories) — a filler, which the free pool's exclusions do
    not bar (as 村人 fills an empty free pool), but C, the unticked roles and the pool do (the draw
    is then made again)."""

    @property
    def label(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: Weighting | str) -> Weighting:
        """A weighting from its value (``uniform``, ``catalog``)."""
        return _parse(cls, text, "weighting")


@dataclass(frozen=True)
class Options:
    """The room settings the casting reads besides mode, level and pool (spec §1, §4, §5).

    Attributes:
        scapegoat: one of the n seats is 身代わりくん (the scapegoat, 月下人狼's default). The draws do
            not depend on it — the reference counts the scapegoat as a seat like any other — but the
            engine deals it its role first, from the cast (classic-werewolf spec §2).
        publish: what the room is told of the cast (配役公開).
        hide_singleton_teams: with ``publish=TEAM``, count the one-role teams (悪魔くん … 決闘者) as
            その他.
        ushi: 2陣営戦 — village and wolf teams only.
        date: the room's local date (month, day) for the seasonal events; None is a day outside every
            event (the reference reads the clock; a pure casting cannot).
        seasonal: run the seasonal step (spec §4.2) at all.
        losemode: 敗北村 — 闇鍋 never casts ニート.
        faithful: reproduce the reference's defects (spec §7); a list the reference would refuse is a
            :class:`~jinrou.errors.CastingError`.
        ratios: the balanced level's targets for this casting instead of its tuned table's row (the
            tuner tries candidates this way); other levels ignore them.
        chemical: ケミカル人狼 — each seat is dealt two roles, so the casting deals twice the seats
            (:attr:`Request.dealt`) while every count it sizes by the seats (the non-humans' table, the
            team targets, the rules by seat count) still reads the seats, as the reference's
            ``playersnumber``; the village-team target is then 128–140 % of the seats (48–60 % without),
            so the second role of most seats is a village one.
    """

    scapegoat: bool = True
    publish: Publication = Publication.FULL
    hide_singleton_teams: bool = False
    ushi: bool = False
    date: Date | None = None
    seasonal: bool = True
    losemode: bool = False
    faithful: bool = False
    ratios: TeamRatios | None = None
    chemical: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "publish", Publication.parse(self.publish))
        if self.ratios is not None and not isinstance(self.ratios, TeamRatios):
            raise CastingError(f"ratios must be TeamRatios (jinrou.yaminabe.ratios) or None, not {self.ratios!r}")
        if self.date is not None:
            object.__setattr__(self, "date", _check_date(self.date))


@dataclass(frozen=True)
class Request:
    """A validated casting request; build it with :meth:`build`.

    Attributes:
        seats: n, the number of seats (the scapegoat's included when ``options.scapegoat``).
        safety: the 闇鍋セーフティ level (高 for かんたん闇鍋).
        mode: 闇鍋, 一部闇鍋 or かんたん闇鍋.
        fixed: 一部闇鍋's fixed roles, (role id, count) in catalog order.
        fixed_categories: 一部闇鍋's fixed category slots, (category, count) in the fill order.
        excluded: U, 一部闇鍋's unticked roles, never cast.
        options: the other settings.
        pool: the role ids the casting may use.
        pool_name: ``catalog``, ``playable`` or ``custom``.
        weighting: how draws treat a pool smaller than the catalog.
    """

    seats: int
    safety: Safety
    mode: Mode
    fixed: tuple[tuple[str, int], ...]
    fixed_categories: tuple[tuple[Category, int], ...]
    excluded: frozenset[str]
    options: Options
    pool: frozenset[str] = field(repr=False)
    pool_name: str
    weighting: Weighting

    @property
    def players(self) -> int:
        """The seats taken by players: n, less one for the scapegoat."""
        return self.seats - self.options.scapegoat

    @property
    def dealt(self) -> int:
        """The roles cast: n, or 2n under ケミカル人狼 (``options.chemical``)."""
        return self.seats * (2 if self.options.chemical else 1)

    def easy_base(self) -> dict[str, int]:
        """かんたん闇鍋's starting list: 普通1 for the seats, 村人 filling the second roles under ケミカル人狼
        (the reference fills its doubled count with 村人)."""
        base = normal_cast(self.seats)
        if self.options.chemical:
            base["Human"] = base.get("Human", 0) + self.seats
        return base

    @classmethod
    def build(
        cls,
        seats: int,
        safety: Safety | str | None = None,
        *,
        mode: Mode | str = Mode.YAMINABE,
        fixed: Mapping[str, int] | None = None,
        fixed_categories: Mapping[Category, int] | Mapping[str, int] | None = None,
        excluded: Iterable[str] = (),
        options: Options | None = None,
        pool: str | Iterable[str] = "catalog",
        weighting: Weighting | str = Weighting.UNIFORM,
    ) -> Request:
        """Check a request and normalise it (see the module docstring for what is refused).

        Args:
            seats: n ≥ 6, scapegoat included.
            safety: a level, its value or its Japanese label; None: 低, or 高 for かんたん闇鍋.
            mode: 闇鍋 (default), 一部闇鍋 or かんたん闇鍋, by value or Japanese name.
            fixed: 一部闇鍋 only: role (id or Japanese name) → count.
            fixed_categories: 一部闇鍋 only: category (``Werewolf`` or ``人狼系``) → count of slots.
            excluded: 一部闇鍋 only: roles (ids or Japanese names) never to cast.
            options: the other settings (defaults: :class:`Options`).
            pool: ``"catalog"``, ``"playable"`` or role ids.
            weighting: ``uniform`` (default) or ``catalog``.

        Raises:
            CastingError: the request is malformed or cannot be cast.
        """
        if isinstance(seats, bool) or not isinstance(seats, int) or seats < 6:
            raise CastingError(f"闇鍋 needs at least 6 seats (the scapegoat included), not {seats!r}")
        if seats > MAX_PLAYERS:  # a huge count would overflow numpy's arrays (issue 15's fuzz)
            raise CastingError(f"闇鍋 takes at most {MAX_PLAYERS} seats, not {seats}")
        mode = Mode.parse(mode)
        if safety is None:
            level = Safety.HIGH if mode is Mode.EASY else Safety.LOW
        else:
            level = Safety.parse(safety)
        if mode is Mode.EASY and level is not Safety.HIGH:
            raise CastingError(f"かんたん闇鍋 always casts at safety 高 (high), not {safety!r}")
        excluded = list(excluded)
        if mode is not Mode.PARTIAL and (fixed or fixed_categories or excluded):
            raise CastingError("fixed roles, fixed categories and excluded roles need mode 一部闇鍋 (partial)")
        pool_ids, pool_name = resolve_pool(pool)
        roles = _counts(fixed or {}, "fixed role")
        categories = _category_counts(fixed_categories or {})
        unticked = frozenset(role_id(r, "excluded role") for r in excluded)
        options = options if options is not None else Options()
        _check_partial(seats * (2 if options.chemical else 1), roles, categories, unticked, pool_ids, chemical=options.chemical)
        if mode is Mode.EASY:
            missing = sorted(set(normal_cast(seats)) - pool_ids, key=lambda r: ROLES[r].row)
            if missing:
                raise CastingError(f"かんたん闇鍋 starts from 普通1, whose role {missing[0]!r} is not in the pool")
        return cls(
            seats=seats,
            safety=level,
            mode=mode,
            fixed=tuple(sorted(roles.items(), key=lambda item: ROLES[item[0]].row)),
            fixed_categories=tuple(sorted(categories.items(), key=lambda item: CATEGORY_ORDER.index(item[0]))),
            excluded=unticked,
            options=options,
            pool=pool_ids,
            pool_name=pool_name,
            weighting=Weighting.parse(weighting),
        )


CATEGORY_ORDER = (
    Category.HUMAN, Category.WEREWOLF, Category.MADMAN, Category.FOX, Category.IMMORAL, Category.OTHERS,
    Category.SWITCHING, Category.NONE,
)  # fmt: skip
"""The categories in the fill loop's order (spec §4 step 7a), also the order of published lists."""


_CATALOG = frozenset(ROLES)
_WOLVES = tuple(r.id for r in ROLES.values() if r.category is Category.WEREWOLF)


def resolve_pool(pool: str | Iterable[str]) -> tuple[frozenset[str], str]:
    """The role ids of a pool and its name (``catalog``, ``playable`` or ``custom``).

    ``playable`` is :data:`jinrou.classic.roles.PLAYABLE`, the roles the classic engine declares,
    imported only when asked for.
    """
    if isinstance(pool, str):
        if pool == "catalog":
            return _CATALOG, "catalog"
        if pool == "playable":
            try:
                from jinrou.classic.roles import PLAYABLE
            except ImportError as error:
                raise CastingError(f"the playable pool is the classic engine's declared roles, which cannot be loaded: {error}") from None
            return frozenset(PLAYABLE), "playable"
        raise CastingError(f"unknown pool {pool!r}: pools are catalog, playable or a collection of role ids")
    ids = frozenset(role_id(r, "pool role", names=False) for r in pool)
    if not ids:
        raise CastingError("the pool is empty: give catalog, playable or some role ids")
    return ids, "custom"


def role_id(text: str, what: str, *, names: bool = True) -> str:
    """A catalog role id from an id or (``names``) a name as shown (English or Japanese); ``what``
    names it in errors."""
    if isinstance(text, str) and text in ROLES:
        return text
    if names and isinstance(text, str):
        with contextlib.suppress(UnknownRoleError):
            return by_name(text).id
    hint = "a catalog id (Werewolf), an English (Seer) or Japanese name (人狼)" if names else (
        "a catalog id such as Werewolf")
    raise CastingError(f"unknown {what} {text!r:.30}: give {hint}")


def parse_category(text: Category | str) -> Category:
    """A category from its value (``Werewolf``, ``None``), Japanese (``人狼系``) or English name."""
    if isinstance(text, Category):
        return text
    if isinstance(text, str):
        folded = text.strip().casefold()
        for category in Category:
            if folded in ((category.value or "none").casefold(), category.name_ja, category.name_en.casefold()):
                return category
    names = ", ".join(c.value or "None" for c in CATEGORY_ORDER)
    labels = ", ".join(c.name_ja for c in CATEGORY_ORDER)
    raise CastingError(f"unknown category {text!r}: categories are {names} or {labels}")


def parse_date(text: str) -> Date:
    """A ``MM-DD`` day (``12-24``) as (month, day)."""
    parts = text.strip().split("-") if isinstance(text, str) else []
    month, day = (whole_number(p, most_digits=2) for p in parts) if len(parts) == 2 else (None, None)
    if month is None or day is None:
        raise CastingError(f"bad date {str(text)[:20]!r}: give the day as MM-DD, e.g. 12-24")
    try:
        return _check_date((month, day))
    except CastingError:  # said as it was asked: MM-DD, not the library's (month, day)
        raise CastingError(f"bad date {text.strip()!r}: no such day; give a day of the calendar as MM-DD, "
                           "e.g. 12-24 (02-29 is one)") from None


def format_date(date: Date | None) -> str | None:
    """``MM-DD`` for (month, day), as :func:`parse_date` reads it; None stays None."""
    return None if date is None else f"{date[0]:02d}-{date[1]:02d}"


def _check_date(date: Date) -> Date:
    try:
        month, day = date
        valid = 1 <= month <= 12 and 1 <= day <= calendar.monthrange(2024, month)[1]  # a leap year: 02-29 exists
    except (TypeError, ValueError):
        valid = False
    if not valid:
        raise CastingError(f"bad date {date!r}: give (month, day), a day of the calendar such as (12, 24)")
    return (int(month), int(day))


def _counts(counts: Mapping[str, int], what: str) -> dict[str, int]:
    result: dict[str, int] = {}
    for text, count in counts.items():
        rid = role_id(text, what)
        _check_count(count, f"{what} {text!r}")
        if ROLES[rid].hidden:
            raise CastingError(f"{rid!r} ({ROLES[rid].name_ja}) is hidden: a host cannot fix it, only 闇鍋 casts it")
        if count:
            result[rid] = result.get(rid, 0) + count
    return result


def _category_counts(counts: Mapping[Category, int] | Mapping[str, int]) -> dict[Category, int]:
    result: dict[Category, int] = {}
    for text, count in counts.items():
        category = parse_category(text)
        _check_count(count, f"category {text!r}")
        if count:
            result[category] = result.get(category, 0) + count
    return result


def _check_count(count: object, what: str) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise CastingError(f"the count of {what} must be a whole number ≥ 0, not {count!r}")


def _check_partial(
    seats: int, roles: dict[str, int], categories: dict[Category, int], unticked: frozenset[str], pool: frozenset[str],
    *, chemical: bool = False,
) -> None:
    """一部闇鍋's checks; ``seats``: the roles cast (ケミカル人狼: two a seat)."""
    for rid in roles:
        if rid in unticked:
            raise CastingError(f"role {rid!r} ({ROLES[rid].name_ja}) is both fixed and excluded")
        if rid not in pool:
            raise CastingError(f"fixed role {rid!r} ({ROLES[rid].name_ja}) is not in the pool")
    total = sum(roles.values()) + sum(categories.values())
    if total > seats:
        if chemical:
            raise CastingError(f"more fixed roles than roles cast: {total} fixed for {seats} "
                               f"(ケミカル人狼: two a seat, {seats // 2} seats)")
        raise CastingError(f"more fixed roles than seats: {total} fixed for {seats} seats")
    barred = unticked | SPECIAL
    for category in categories:
        if not any(r.category is category and r.id in pool and r.id not in barred for r in ROLES.values()):
            raise CastingError(
                f"category {category.name_ja} ({category.value or 'None'}) has fixed slots but every one of its roles is"
                " excluded or outside the pool"
            )
    if all(wolf not in pool or wolf in barred for wolf in _WOLVES):
        raise CastingError("every 人狼系 (werewolf) role is excluded or outside the pool: 闇鍋 needs at least one")
    fixed_wolves = categories.get(Category.WEREWOLF, 0) + sum(c for r, c in roles.items() if ROLES[r].category is Category.WEREWOLF)
    if total == seats and not fixed_wolves:
        raise CastingError("every seat is fixed and none is a 人狼系 (werewolf) role: leave a seat free or fix a wolf")


def _parse(cls: type[enum.Enum], text: object, what: str):  # type: ignore[no-untyped-def]
    if isinstance(text, cls):
        return text
    if isinstance(text, str):
        folded = text.strip().casefold()
        for member in cls:
            if folded in (member.value, member.label):  # type: ignore[attr-defined]
                return member
    allowed = ", ".join(f"{m.value} ({m.label})" if m.label != m.value else m.value for m in cls)  # type: ignore[attr-defined]
    raise CastingError(f"unknown {what} {text!r}: {what}s are {allowed}")


__all__ = [
    "CATEGORY_ORDER", "SPECIAL", "Date", "Mode", "Options", "Publication", "Request", "Weighting", "format_date", "parse_category",
    "parse_date", "resolve_pool", "role_id",
]  # fmt: skip
