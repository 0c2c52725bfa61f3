"""A role by any name people type: its id, its English name (the one a declaration gives, ``Seer`` for
``Diviner``, or the id in words, ``Wolf Cub``) or its Japanese name.

It reads the declared English names, so it stands above the declarations (``roles/``); the catalog
below them stays the catalog's data alone.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from jinrou.classic.catalog import ROLES, CatalogRole, UnknownRoleError
from jinrou.classic.roles import ROLES as DECLARED


def by_name(text: str) -> CatalogRole:
    """A role by any name it is shown with: its id, its English name (the one the classic engine
    declares, ``Seer`` for ``Diviner``, or the id in words, ``Wolf Cub``) or its Japanese name,
    ignoring case, width and spaces. The one lookup of role names typed by people: ``--roles``,
    ``--cast``, ``--fix``, ``CO`` claims.

    >>> [by_name(name).id for name in ("werewolf", "人狼", "Seer", "medium", "wolf cub", "ＷｏｌｆＣｕｂ")]
    ['Werewolf', 'Werewolf', 'Diviner', 'Psychic', 'WolfCub', 'WolfCub']
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
    """Every way a role is named, folded, to its row; an id wins over another role's name."""
    names: dict[str, CatalogRole] = {}
    for role in ROLES.values():
        names.setdefault(_fold(role.name_ja), role)
        names.setdefault(_fold(role.name_en), role)
    for declared in DECLARED.values():  # the engine's English names (Seer, Medium, …)
        if declared.id in ROLES:
            names.setdefault(_fold(declared.name_en), ROLES[declared.id])
    names.update((_fold(role.id), role) for role in ROLES.values())
    return names


__all__ = ["by_name"]
