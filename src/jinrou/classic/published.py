"""The role list a room is told at the start (配役公開, classic-werewolf §9, yaminabe §5).

A fixed casting publishes its counts; a 闇鍋 casting publishes, as the room chose, every role with
its count (``full``, 役職一覧を公開), only the seats of each team (``team``, 陣営ごとの数のみ) or
nothing (``hidden``, 非公開), after a line naming its mode (闇鍋, 一部闇鍋's fixed part, …). The
game carries the list (:attr:`jinrou.classic.game.Game.published`) so that every seat's view, the
bots and the record have it; building it from a casting is the caller's (the 闇鍋 package or a
server mode).

>>> from jinrou.classic.catalog import Team
>>> RoleList.of({"Werewolf": 1, "Diviner": 1, "Human": 3}).text("ja")
'出現役職: 人狼1 占い師1 村人3'
>>> RoleList("team", teams=((Team.HUMAN, 4), (Team.WEREWOLF, 1))).text("en")
'Teams: village 4, werewolves 1'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from jinrou.classic.catalog import Team
from jinrou.errors import RecordError

KINDS = ("full", "team", "hidden")


@dataclass(frozen=True)
class RoleList:
    """What the room was told of the cast.

    Attributes:
        kind: ``full`` (every role with its count), ``team`` (seats per team) or ``hidden``.
        roles: ``full``: (role id, count) in the order published.
        teams: ``team``: (team, count) in the order published.
        announcement: (Japanese, English) line naming the casting (闇鍋, 一部闇鍋's fixed part, …);
            empty for a fixed casting.
    """

    kind: str
    roles: tuple[tuple[str, int], ...] = ()
    teams: tuple[tuple[Team, int], ...] = ()
    announcement: tuple[str, str] = ("", "")

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a role list is {', '.join(KINDS)}, not {self.kind!r}")

    @classmethod
    def of(cls, counts: Mapping[str, int]) -> RoleList:
        """The full list of a fixed casting (role id → count, in the order given; zeros left out)."""
        return cls("full", tuple((role, count) for role, count in counts.items() if count))

    @property
    def counts(self) -> dict[str, int] | None:
        """Role id → count when every role was published (what a bot may be told), else None."""
        return dict(self.roles) if self.kind == "full" else None

    def text(self, lang: str = "ja") -> str:
        """「出現役職: 村人3 占い師1 …」, 「出現陣営情報: 村人陣営5 …」 or "" (hidden), in ``lang``."""
        from jinrou.classic.texts import role_name

        if self.kind == "full":
            if lang == "ja":
                return "出現役職: " + " ".join(f"{role_name(r, 'ja')}{c}" for r, c in self.roles)
            return "Roles: " + ", ".join(f"{role_name(r, 'en')} {c}" for r, c in self.roles)
        if self.kind == "team":
            if lang == "ja":
                return "出現陣営情報: " + " ".join(f"{t.name_ja}{c}" for t, c in self.teams)
            return "Teams: " + ", ".join(f"{t.name_en} {c}" for t, c in self.teams)
        return ""

    def to_json(self) -> dict[str, Any]:
        """The list as the record writes it (``published``)."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.kind == "full":
            data["roles"] = dict(self.roles)
        elif self.kind == "team":
            data["teams"] = {team.value: count for team, count in self.teams}
        if any(self.announcement):
            data["announcement"] = {"ja": self.announcement[0], "en": self.announcement[1]}
        return data

    @classmethod
    def from_json(cls, data: Any) -> RoleList:
        """Read :meth:`to_json`'s form (:class:`RecordError` saying what is wrong)."""
        form = 'published is {"kind": "full"|"team"|"hidden", "roles": {ID: COUNT}, "teams": {TEAM: COUNT}}'
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise RecordError(form)
        roles, teams, note = data.get("roles", {}), data.get("teams", {}), data.get("announcement", {})
        if not (isinstance(roles, dict) and isinstance(teams, dict) and isinstance(note, dict)) or not all(
                isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in [*roles.values(), *teams.values()]):
            raise RecordError(form)
        try:
            team_counts = tuple((Team(t), c) for t, c in teams.items())
        except ValueError:
            raise RecordError(f"published: unknown team in {sorted(teams)}: teams are "
                              f"{', '.join(t.value for t in Team)}") from None
        return cls(data["kind"], tuple(roles.items()), team_counts,
                   (str(note.get("ja", "")), str(note.get("en", ""))))


__all__ = ["KINDS", "RoleList"]
