"""A role written for the tests of day actions and typed parameters (as ``tests/server/nim_mode.py``
proves the mode door): no declared role has a day action yet, so this one proves the mechanism
through the engine, the record, the online mode and the terminal.

It sits under the catalog id ``SpaceWerewolfObserver`` (観察者, a role of another game mode that no
spec declares; ギャンブラー, its first home, is declared since issue 24, 歌人, its second, since issue 34) only
because a role's id must be a catalog id; its rule is the tests' own. By day, once a day, optional
(W.1.1), it *wagers* on a living seat: a stake (a choice, ``high`` or ``low``) and a guess of that
seat's role (a role id). A right guess with a high stake makes its later votes that day weigh one
more; nobody is told anything.

Use :func:`declared` around a test: the role and its verb are registered, then removed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Ability, Action, Once, Param, ParamKind, Verb, When
from jinrou.classic.role import ROLES, Role, role

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer

ID = "SpaceWerewolfObserver"
STAKES = ("high", "low")


@dataclass
class WagerMemory:
    day: int = 0  # the day of its last right guess with a high stake


@contextmanager
def declared() -> Iterator[type[Role]]:
    """The test role registered under :data:`ID` while the block runs."""
    verb = Verb.declare("wager", Param("stake", ParamKind.CHOICE, STAKES), Param("role", ParamKind.ROLE),
                        label=("賭け", "wager"))

    class Wager(Ability):
        """By day, once a day, optional: a living seat, a stake and a guess of its role."""

        level = None
        required = False
        when = When.DAY
        once = Once.DAY

        def submit(self, ctx: Context, action: Action, me: Layer) -> None:
            target = action.targets[0]
            right = ctx.identity(target).role.id == action.param("role")
            if right and action.param("stake") == "high":
                me.memory.day = ctx.day

    Wager.verb = verb

    class SpaceWerewolfObserver(Role):
        """The tests' gambler (see the module docstring)."""

        abilities = (Wager(),)
        Memory = WagerMemory

        def vote_weight(self, ctx: Context, me: Layer) -> int:
            return 1 if me.memory.day == ctx.day else 0

    role(SpaceWerewolfObserver)
    try:
        yield SpaceWerewolfObserver
    finally:
        del ROLES[ID]
        Verb.forget("wager")
