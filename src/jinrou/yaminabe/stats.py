"""What a host can expect of a 闇鍋 level: distributions over many castings.

:func:`statistics` casts one request K times and tallies, per casting, the seats of each team
group, the number of 人狼系 roles and of fox-team seats, which roles appear and how many distinct
roles there are; :class:`Stats` turns the tallies into the figures of ``jinrou yaminabe stats``
(percentages, except the mean number of distinct roles). :func:`plot` draws the team-share
distributions of several levels side by side.

Team groups: *village* = team Human (村人陣営), *wolf* = team Werewolf (人狼陣営, 一匹狼 included),
*fox* = team Fox (妖狐陣営), *lovers* = team Friend (恋人陣営), *others* = every other team.

>>> stats = statistics(Request.build(12, "中"), 200, rng=np.random.default_rng(1))
>>> stats.p_wolf_team_half, list(stats.team_share), list(stats.werewolf_category_count)
(0.0, ['village', 'wolf', 'fox', 'lovers', 'others'], ['1', '2', '3'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np

from jinrou.classic.catalog import ROLES, Team
from jinrou.errors import CastingError
from jinrou.yaminabe.casting import cast_from, uniforms
from jinrou.yaminabe.request import Request, format_date

GROUPS = ("village", "wolf", "fox", "lovers", "others")
"""The team groups of the statistics, in display order."""
GROUP_OF = {
    role.id: {Team.HUMAN: "village", Team.WEREWOLF: "wolf", Team.FOX: "fox", Team.FRIEND: "lovers"}.get(role.team, "others")
    for role in ROLES.values()
}
"""Role id → its team group."""
_WEREWOLF_CATEGORY = frozenset(role.id for role in ROLES.values() if role.category.value == "Werewolf")


@dataclass(frozen=True)
class Stats:
    """Tallies of K castings of one request; the properties give the published figures (percent).

    Attributes:
        request: what was cast.
        castings: K, the castings made.
        failures: castings the reference would have refused (``faithful`` only); the figures are over
            the others.
        group_seats: team group → {seats of the group in a cast → castings}.
        werewolf_roles: {人狼系 roles in a cast → castings}.
        role_castings: role id → castings with at least one (catalog order, roles that appeared).
        distinct_roles: distinct roles summed over the castings.
        seed: the seed the generator was made from, if the caller says (shown in JSON).
    """

    request: Request
    castings: int
    failures: int
    group_seats: Mapping[str, Mapping[int, int]]
    werewolf_roles: Mapping[int, int]
    role_castings: Mapping[str, int]
    distinct_roles: int
    seed: int | None = None

    @property
    def cast(self) -> int:
        """Castings that produced a list."""
        return self.castings - self.failures

    @property
    def team_share(self) -> dict[str, float]:
        """Team group → mean share of the seats, in percent."""
        n = self.request.seats
        return {g: _percent(sum(k * c for k, c in self.group_seats[g].items()), self.cast * n) for g in GROUPS}

    @property
    def p_wolf_team_half(self) -> float:
        """P(wolf-team seats ≥ n/2), in percent."""
        n = self.request.seats
        return _percent(sum(c for k, c in self.group_seats["wolf"].items() if 2 * k >= n), self.cast)

    @property
    def werewolf_category_count(self) -> dict[str, float]:
        """Number of 人狼系 roles → percent of castings."""
        return {str(k): _percent(c, self.cast) for k, c in sorted(self.werewolf_roles.items())}

    @property
    def fox_team_count(self) -> dict[str, float]:
        """Number of fox-team seats → percent of castings."""
        return {str(k): _percent(c, self.cast) for k, c in sorted(self.group_seats["fox"].items())}

    @property
    def p_role(self) -> dict[str, float]:
        """Role id → P(at least one in the cast), in percent, for every role that appeared."""
        return {role: _percent(c, self.cast) for role, c in self.role_castings.items()}

    @property
    def distinct_roles_mean(self) -> float:
        """The mean number of distinct roles in a cast."""
        return self.distinct_roles / self.cast if self.cast else 0.0

    def shares(self, group: str) -> np.ndarray:
        """Every casting's share of the seats (percent) held by ``group``: float64, shape (cast,)."""
        seats = sorted(self.group_seats[group].items())
        values = np.array([k for k, _ in seats], dtype=np.float64) * 100 / self.request.seats
        return np.repeat(values, [c for _, c in seats])

    def to_json(self) -> dict[str, Any]:
        """The figures as one JSON object (format in ``docs/yaminabe.md``)."""
        request, options = self.request, self.request.options
        return {
            "players": request.seats,
            "safety": request.safety.value,
            "pool": request.pool_name,
            "weighting": request.weighting.value,
            "date": format_date(options.date),
            "faithful": options.faithful,
            "seed": self.seed,
            "castings": self.castings,
            "failures": _percent(self.failures, self.castings),
            "team_share": self.team_share,
            "p_wolf_team_half": self.p_wolf_team_half,
            "werewolf_category_count": self.werewolf_category_count,
            "fox_team_count": self.fox_team_count,
            "p_role": self.p_role,
            "distinct_roles_mean": round(self.distinct_roles_mean, 4),
        }


def statistics(
    request: Request,
    castings: int,
    *,
    rng: np.random.Generator,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Stats:
    """Cast ``request`` ``castings`` times and tally the results.

    Args:
        request: what to cast (:meth:`Request.build <jinrou.yaminabe.request.Request.build>`).
        castings: K ≥ 1.
        rng: the only source of randomness.
        seed: the seed ``rng`` was made from, recorded in the result.
        progress: called with the number of castings done, now and then (for a progress bar).

    Raises:
        CastingError: K < 1, or a casting fails for another reason than ``faithful``'s refusals.
    """
    check_castings(castings)
    uniform = uniforms(rng)
    faithful = request.options.faithful
    groups: dict[str, Counter[int]] = {g: Counter() for g in GROUPS}
    wolves: Counter[int] = Counter()
    appeared: Counter[str] = Counter()
    failures = distinct = 0
    step = max(1, castings // 100)
    for i in range(castings):
        try:
            roles = cast_from(request, uniform).roles
        except CastingError:
            if not faithful:
                raise
            failures += 1
            continue
        seats = Counter(GROUP_OF[role] for role in roles)
        for group in GROUPS:
            groups[group][seats[group]] += 1
        wolves[sum(role in _WEREWOLF_CATEGORY for role in roles)] += 1
        kinds = set(roles)
        appeared.update(kinds)
        distinct += len(kinds)
        if progress is not None and (i + 1) % step == 0:
            progress(i + 1)
    if progress is not None:
        progress(castings)
    return Stats(
        request=request,
        castings=castings,
        failures=failures,
        group_seats=MappingProxyType({g: MappingProxyType(dict(sorted(c.items()))) for g, c in groups.items()}),
        werewolf_roles=MappingProxyType(dict(sorted(wolves.items()))),
        role_castings=MappingProxyType({role: appeared[role] for role in ROLES if appeared[role]}),
        distinct_roles=distinct,
        seed=seed,
    )


def check_castings(castings: object) -> None:
    """Refuse a number of castings that is not a whole number ≥ 1."""
    if isinstance(castings, bool) or not isinstance(castings, int) or castings < 1:
        raise CastingError(f"the number of castings must be a whole number ≥ 1, not {castings!r}")


def plot(results: Sequence[Stats], path: str, title: str | None = None) -> None:
    """Draw the team-share distributions of ``results`` (one per safety level) side by side: one
    panel per team group, one box per level (mean marked), to PNG or SVG by the path's suffix."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [stats.request.safety.value for stats in results]
    figure, axes = plt.subplots(1, len(GROUPS), figsize=(3.2 * len(GROUPS), 4.2), sharey=True)
    for axis, group in zip(axes, GROUPS):
        axis.boxplot([stats.shares(group) for stats in results], showmeans=True, whis=(5, 95), showfliers=False)
        axis.set_xticks(range(1, len(labels) + 1), labels, rotation=60)
        axis.set_title(group)
        axis.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("share of the seats (%)")
    first = results[0]
    figure.suptitle(
        title or f"yaminabe team shares: {first.request.seats} seats, {first.cast} castings per level, pool {first.request.pool_name}"
        " (boxes: quartiles, whiskers: 5-95 %, triangles: means)"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def _percent(part: float, whole: float) -> float:
    return round(100 * part / whole, 4) if whole else 0.0


__all__ = ["GROUPS", "GROUP_OF", "Stats", "check_castings", "plot", "statistics"]
