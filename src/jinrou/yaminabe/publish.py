"""What the room is told of a 闇鍋 cast at the start (配役公開, spec ``yaminabe.md`` §5).

- :attr:`~jinrou.yaminabe.request.Publication.FULL` (役職一覧を公開, the default): every role with
  its count, 「出現役職: 村人3 占い師1 …」, by category in the fill order (村人系, 人狼系, 狂人系,
  妖狐系, 背徳者系, 第三陣営系, 役職変化系, none) and catalog order within one. 預言者, 運命の子,
  夢遊病者 and 胡蝶 believe they are 村人 and are listed as 村人.
- :attr:`~jinrou.yaminabe.request.Publication.TEAM` (陣営ごとの数のみ): the seats of each team,
  「出現陣営情報: 村人陣営5 人狼陣営2 …」, in the order 村人, 人狼 (一匹狼 with it), 妖狐, 恋人,
  悪魔くん, ヴァンパイア, カルト, 鴉, 暴徒, 決闘者, ローレライ, その他, ニート, empty teams left out;
  option ``hide_singleton_teams`` counts 悪魔くん … 決闘者 as その他.
- :attr:`~jinrou.yaminabe.request.Publication.HIDDEN` (非公開): nothing.

Before the list the room is told the mode: 闇鍋 its name, 一部闇鍋 its fixed part and
「除外役職: …」, かんたん闇鍋 the 普通1 list it started from.

>>> from jinrou.yaminabe.request import Options, Request
>>> published = publish(Request.build(6, options=Options(publish="team")), {"Werewolf": 1, "Fox": 1, "Human": 4})
>>> published.text_ja, published.text_en
('出現陣営情報: 村人陣営4 人狼陣営1 妖狐陣営1', 'Teams: village 4, werewolves 1, foxes 1')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from jinrou.classic.catalog import ROLES, Team
from jinrou.yaminabe.request import CATEGORY_ORDER, Mode, Publication, Request

SHOWN_AS_HUMAN = frozenset({"Oracle", "Fate", "Sleepwalker", "Dreamer"})
"""Roles that believe they are 村人 and are published as 村人."""

PUBLISHED_TEAMS = (
    Team.HUMAN, Team.WEREWOLF, Team.FOX, Team.FRIEND, Team.DEVIL, Team.VAMPIRE, Team.CULT, Team.RAVEN,
    Team.HOOLIGAN, Team.DUEL, Team.LORELEI, Team.OTHERS, Team.NEET,
)  # fmt: skip
SINGLETON_TEAMS = frozenset({Team.DEVIL, Team.VAMPIRE, Team.CULT, Team.RAVEN, Team.HOOLIGAN, Team.DUEL})


PUBLICATION_KEYS = {r.id: (CATEGORY_ORDER.index(r.category), r.row) for r in ROLES.values()}
"""Role id → its place in published lists: (category in the fill order, catalog row)."""


def publication_key(role: str) -> tuple[int, int]:
    """The order of published lists: category in the fill order, then catalog row."""
    return PUBLICATION_KEYS[role]


@dataclass(frozen=True)
class Published:
    """The start-of-game announcement of a cast.

    Attributes:
        kind: which publication the room chose.
        roles: ``FULL``: (role id, count) in published order; empty otherwise.
        teams: ``TEAM``: (team, count) in published order; empty otherwise.
        announcement_ja: the mode line (闇鍋, 一部闇鍋's fixed part, かんたん闇鍋's 普通1 list).
        announcement_en: the same in English.
    """

    kind: Publication
    roles: tuple[tuple[str, int], ...]
    teams: tuple[tuple[Team, int], ...]
    announcement_ja: str
    announcement_en: str

    @property
    def text_ja(self) -> str:
        """「出現役職: …」 or 「出現陣営情報: …」; empty when the list is hidden."""
        if self.kind is Publication.FULL:
            return "出現役職: " + _ja(self.roles)
        if self.kind is Publication.TEAM:
            return "出現陣営情報: " + " ".join(f"{team.name_ja}{count}" for team, count in self.teams)
        return ""

    @property
    def text_en(self) -> str:
        """The list in English; empty when it is hidden."""
        if self.kind is Publication.FULL:
            return "Roles: " + _en(self.roles)
        if self.kind is Publication.TEAM:
            return "Teams: " + ", ".join(f"{team.name_en} {count}" for team, count in self.teams)
        return ""


def publish(request: Request, counts: Mapping[str, int]) -> Published:
    """The announcement of the cast ``counts`` (role id → count) under ``request``'s settings."""
    options = request.options
    roles: tuple[tuple[str, int], ...] = ()
    teams: tuple[tuple[Team, int], ...] = ()
    if options.publish is Publication.FULL:
        shown: dict[str, int] = {}
        for role, count in counts.items():
            key = "Human" if role in SHOWN_AS_HUMAN else role
            shown[key] = shown.get(key, 0) + count
        roles = tuple((r, shown[r]) for r in sorted(shown, key=publication_key) if shown[r])
    elif options.publish is Publication.TEAM:
        by_team = dict.fromkeys(PUBLISHED_TEAMS, 0)
        for role, count in counts.items():
            team = ROLES[role].team
            if options.hide_singleton_teams and team in SINGLETON_TEAMS:
                team = Team.OTHERS
            by_team[team] = by_team.get(team, 0) + count
        teams = tuple((t, c) for t, c in by_team.items() if c)
    ja, en = announce(request)
    return Published(options.publish, roles, teams, ja, en)


def announce(request: Request) -> tuple[str, str]:
    """The mode line in Japanese and English (spec §5, last point)."""
    if request.mode is Mode.EASY:
        base = sorted(request.easy_base().items(), key=lambda item: publication_key(item[0]))
        return f"かんたん闇鍋: {_ja(base)}", f"easy yaminabe from the standard list: {_en(base)}"
    if request.mode is Mode.YAMINABE:
        return "闇鍋", "yaminabe: every seat random"
    fixed = [f"{ROLES[r].name_ja}{c}" for r, c in sorted(request.fixed, key=lambda item: publication_key(item[0]))]
    fixed += [f"{category.name_ja}{c}" for category, c in request.fixed_categories]
    fixed_en = [f"{ROLES[r].name_en} {c}" for r, c in sorted(request.fixed, key=lambda item: publication_key(item[0]))]
    fixed_en += [f"{category.name_en} category {c}" for category, c in request.fixed_categories]
    excluded = sorted(request.excluded, key=publication_key)
    ja = "一部闇鍋" + (": " + " ".join(fixed) if fixed else "")
    en = "partial yaminabe" + (": " + ", ".join(fixed_en) if fixed_en else "")
    if excluded:
        ja += " 除外役職: " + " ".join(ROLES[r].name_ja for r in excluded)
        en += "; excluded: " + ", ".join(ROLES[r].name_en for r in excluded)
    return ja, en


def _ja(items: tuple[tuple[str, int], ...] | list[tuple[str, int]]) -> str:
    return " ".join(f"{ROLES[r].name_ja}{c}" for r, c in items)


def _en(items: tuple[tuple[str, int], ...] | list[tuple[str, int]]) -> str:
    return ", ".join(f"{ROLES[r].name_en} {c}" for r, c in items)


__all__ = ["PUBLICATION_KEYS", "PUBLISHED_TEAMS", "SHOWN_AS_HUMAN", "Published", "announce", "publication_key", "publish"]
