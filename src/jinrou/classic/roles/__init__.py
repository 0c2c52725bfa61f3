"""The declared roles (classic-werewolf §8) — the playable pool — and the sub-roles.

Importing this package registers every declaration; :data:`ROLES` maps each role id to its
declaration, :data:`PLAYABLE` is the set of ids that 闇鍋 casts from in rooms.
"""

from jinrou.classic.role import ROLES, SUB_ROLES, Role
from jinrou.classic.roles import foxes, lovers, others, subroles, village, werewolves  # noqa: F401  (registers)

PLAYABLE: frozenset[str] = frozenset(ROLES)
"""The ids of the roles this engine declares."""

__all__ = ["PLAYABLE", "ROLES", "SUB_ROLES", "Role"]
