"""A role declared in this file only — its card, verb, cause, message, win rule and bot play — to prove
that a new role touches no other file (``docs/classic-roles.md``'s how-to; issue 33's deliverable 5):
:mod:`tests.classic.test_new_role` plays it in ``classic simulate``, in an online room and through the
record, and checks that no file of the package names it.

It sits under the catalog id ``QuantumPlayer`` (量子人間, the quantum player, which jinrou never declares as a
classic role: issue 35's "Done when") only because a role's id must be a catalog id: its rule is the tests'
own. Once a game, by
night, optional, it ambushes another living seat: it is told so at once (its message), and at level 100
that seat dies of its cause, ``ambush``, announced with its own line (a guard does not help). It wins if
it is alive at the end, whoever else wins. Its bots ambush at once the living seat they suspect most.

Use :func:`declared` around a test: everything is registered, then removed, so that no other test sees
it (the declared roles, the room settings' role choices, the bots' plays).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.plays import Play
from jinrou.classic.abilities import Ability, Action, Once, Verb
from jinrou.classic.catalog import Team
from jinrou.classic.game import Legal
from jinrou.classic.model import Cause, Message
from jinrou.classic.role import ROLES, Role, role
from jinrou.classic.views import SeatView

if TYPE_CHECKING:
    from jinrou.agents.classic.assessment import Assessment
    from jinrou.agents.classic.bots import HeuristicAgent
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer

ID, NAME_JA = "QuantumPlayer", "量子人間"
VERB = CAUSE = "ambush"
MESSAGE = "ambush chosen"
CARD_JA = ("量子人間: 一度だけ、夜に他のひとりを闇討ちできます（任意）。その人は死にます（護衛では防げません）。"
           "誰が勝っても、最後に生きていれば勝利します。")
CARD_EN = ("Quantum Player: once a game, by night, you may ambush another living player, who dies (a guard does not "
           "help). You win if you are alive at the end, whoever else wins.")
DIED = ("{player}は闇討ちに遭いました", "{player} was ambushed.")
TOLD = ("{player}は今夜{target}を闇討ちします。", "{player} will ambush {target} tonight.")


def ambush_the_most_suspected(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal,
                              noise: Sequence[float], rng: np.random.Generator) -> Action:
    """The bots' play: at once, the living seat it suspects most."""
    target = max(legal.targets, key=lambda s: a.suspicion[s] + noise[s])
    return Action(view.seat, legal.verb, (target,))


@contextmanager
def declared() -> Iterator[type[Role]]:
    """The role, its verb, cause, message and play registered while the block runs."""
    verb = Verb.declare(VERB, label=("闇討ち", "ambush"))
    cause = Cause.declare(CAUSE, "闇討ち", "ambushed", public=True, died=DIED)
    told = Message.declare(MESSAGE, *TOLD)

    class Ambush(Ability):
        """Once a game, any night, optional, level 100: another living seat dies of ``ambush`` (not
        guardable); told at once."""

        required = False
        once = Once.GAME

        def submit(self, ctx: Context, action: Action, me: Layer) -> None:
            ctx.tell(action.seat, told, player=action.seat, target=action.targets[0])

        def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
            ctx.kill(ctx.aimed(action.targets[0]), cause, action.seat, guardable=False)

    Ambush.verb = verb

    class QuantumPlayer(Role):
        """The tests' ambusher (see the module docstring)."""

        card_ja = CARD_JA
        card_en = CARD_EN

        abilities = (Ambush(),)

        def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
            return ctx.alive(me.seat)

    role(QuantumPlayer)
    # its catalog row is hidden (闇鍋's only): a new role's row is a host's to pick
    QuantumPlayer.catalog = dataclasses.replace(QuantumPlayer.catalog, hidden=False)
    plays.declare(Play(ID, policies={verb: ambush_the_most_suspected}))
    try:
        yield QuantumPlayer
    finally:
        plays.forget(ID)
        del ROLES[ID]
        Message.forget(MESSAGE)
        Cause.forget(CAUSE)
        Verb.forget(VERB)
