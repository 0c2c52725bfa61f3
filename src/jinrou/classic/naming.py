"""A role by any name people type: its id, its one English name (``Seer`` for ``Diviner``), its
Japanese name, or a name other games give it (:data:`ALIASES`: AIWolf's ``Possessed``).

Only typed names are read this way (``--roles``, ``--cast``, ``--fix``, ``CO`` claims); every output
prints the catalog's one name per language (:attr:`~jinrou.classic.catalog.CatalogRole.name_en`).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from types import MappingProxyType

from jinrou.classic.catalog import ROLES, CatalogRole, UnknownRoleError

ALIASES: MappingProxyType[str, str] = MappingProxyType({
    "Wolf": "Werewolf", "Possessed": "Madman", "Freemason": "Couple",
})
"""Names other werewolf games give a role (AIWolf's Possessed and Freemason), accepted as typed, never
printed."""


def by_name(text: str) -> CatalogRole:
    """A role by any name it is known by: its id, its English name (``Seer`` for ``Diviner``, ``Wolf
    Cub``), its Japanese name or an alias (:data:`ALIASES`), ignoring case, width and spaces. The one
    lookup of role names typed by people: ``--roles``, ``--cast``, ``--fix``, ``CO`` claims.

    >>> [by_name(name).id for name in ("werewolf", "人狼", "Seer", "medium", "wolf cub", "ＷｏｌｆＣｕｂ", "possessed")]
    ['Werewolf', 'Werewolf', 'Diviner', 'Psychic', 'WolfCub', 'WolfCub', 'Madman']
    """
    role = _names().get(_fold(text)) if isinstance(text, str) else None
    if role is None:
        raise UnknownRoleError(f"unknown role {str(text)[:40]!r}: give its id (Diviner), English name (Seer) or "
                               "Japanese name (占い師); `jinrou classic roles` lists them")
    return role


def _fold(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


@cache
def _names() -> dict[str, CatalogRole]:
    """Every way a role is named, folded, to its row; an id wins over another role's name, a name over
    an alias."""
    names: dict[str, CatalogRole] = {_fold(alias): ROLES[role_id] for alias, role_id in ALIASES.items()}
    for role in ROLES.values():
        names[_fold(role.name_ja)] = role
        names[_fold(role.name_en)] = role
    names.update((_fold(role.id), role) for role in ROLES.values())
    return names


__all__ = ["ALIASES", "by_name"]
