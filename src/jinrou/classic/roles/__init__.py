"""The declared roles (classic-werewolf §8) — the playable pool — and the layers held above them.

Importing this package registers every declaration; :data:`ROLES` maps each role id to its
declaration, :data:`SUB_ROLES` each sub-role, extra role and mark, :data:`PLAYABLE` is the set of
ids that 闇鍋 casts from in rooms. One module per catalog category (村人系 in several: ``village*``;
``switching``, ``werewolves``, ``madmen*``, ``foxes*``, ``lovers``, ``others*``, ``subroles``), each role
with its card and causes beside it. The modules import only the vocabulary (model, actions, abilities,
events, identity, role, context's types, catalog) and ``common`` (the parts several roles share or ask
about) — never the engine, never each other.
"""

from jinrou.classic.role import ROLES, SUB_ROLES, Role
from jinrou.classic.roles import (  # noqa: F401  (registers)
    foxes,
    foxes_kinds,
    lovers,
    lovers_sweets,
    madmen,
    madmen_marks,
    others,
    others_oni,
    single_teams,
    subroles,
    switchers,
    switching,
    vampires,
    village,
    village_ballots,
    village_crowds,
    village_gifts,
    village_guards,
    village_masks,
    village_nights,
    village_remedies,
    village_seers,
    village_tricks,
    werewolves,
)

PLAYABLE: frozenset[str] = frozenset(ROLES)
"""The ids of the roles this engine declares."""

__all__ = ["PLAYABLE", "ROLES", "SUB_ROLES", "Role"]
