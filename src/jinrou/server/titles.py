"""称号 on the server: every mode's titles (each mode's ``titles``), a player's progress towards
each, and the choice of the one shown beside his nickname.

The titles are declared by the modes (:mod:`jinrou.modes.titles`); the server only counts an
account's wins per mode and role (its ``plays``) against them. A title, once earned, stays earned
(wins only grow). An account shows at most one: its choice is kept in ``account_titles`` and copied
into the ``joined`` event of each seat it takes, so a room shows the title chosen when the seat was
taken, whatever is chosen later.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import cache
from typing import Any

from jinrou import modes
from jinrou.modes import Title
from jinrou.server.errors import RoomError

log = logging.getLogger("jinrou.server")
KEY_LIMIT = 80


@cache
def all_titles() -> tuple[Title, ...]:
    """Every mode's titles, in the lobby's order of the modes (a mode that does not load has none)."""
    found: list[Title] = []
    for name in modes.REGISTRY:
        try:
            found += getattr(modes.get(name), "titles", ())
        except Exception:  # a mode that does not load is left out, not the others
            log.exception("mode %r does not load", name)
    return tuple(found)


def find(key: Any) -> Title | None:
    """The title of ``key`` (None: no such title, or not a key at all)."""
    return next((t for t in all_titles() if t.key == key), None) if isinstance(key, str) else None


def wins_towards(title: Title, wins: dict[tuple[str, str | None], int]) -> int:
    """The wins that count towards ``title``, from ``wins`` per (mode, role)."""
    if title.role is None:
        return sum(count for (mode, _), count in wins.items() if mode == title.mode)
    return wins.get((title.mode, title.role), 0)


def wins_by_role(tally: Iterable[tuple]) -> dict[tuple[str, str | None], int]:
    """Wins per (mode, role) from the rows of ``accounts.Statements.tally``."""
    wins: dict[tuple[str, str | None], int] = {}
    for mode, role, _team, result, _sudden, count in tally:
        if result == "win":
            wins[mode, role] = wins.get((mode, role), 0) + count
    return wins


def to_json(title: Title) -> dict[str, Any]:
    """A title as the pages show it: its key, its names, and how it is earned."""
    en, ja = title.how()
    return {"key": title.key, "en": title.en, "ja": title.ja, "mode": title.mode, "role": title.role,
            "wins": title.wins, "how": {"en": en, "ja": ja}}


def progress(wins: dict[tuple[str, str | None], int]) -> list[dict[str, Any]]:
    """Every title with the wins counted towards it (``have``, at most its ``wins``) and whether it
    is ``earned``."""
    return [{**to_json(t), "have": min(t.wins, wins_towards(t, wins)), "earned": wins_towards(t, wins) >= t.wins}
            for t in all_titles()]


def check_choice(key: Any, wins: dict[tuple[str, str | None], int]) -> Title | None:
    """The title an account may choose to show (None: show none), or RoomError saying why not."""
    if key is None:
        return None
    title = find(key)
    if title is None:
        shown = f"{key[:KEY_LIMIT]!r}" if isinstance(key, str) else type(key).__name__
        raise RoomError(f"no title {shown}: a title is a key like 'classic:Diviner:10' from your profile's list, or null",
                        ja=f"称号 {shown} はありません。プロフィールの一覧にある 'classic:Diviner:10' のようなキーか null です")
    have = wins_towards(title, wins)
    if have < title.wins:
        en, ja = title.how()
        raise RoomError(f"you have not earned {title.en!r} yet: it takes {en} (you have {have})",
                        ja=f"称号「{title.ja}」はまだ得ていません: {ja}が必要です（今 {have}勝）")
    return title


def shown(key: str | None) -> dict[str, str] | None:
    """A seat's title as its room shows it (``{"en", "ja"}``; None: none, or a title no longer declared)."""
    title = find(key) if key else None
    return None if title is None else {"en": title.en, "ja": title.ja}
