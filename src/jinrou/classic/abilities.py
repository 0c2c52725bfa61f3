"""What a role may do: its abilities — when each is open, what it takes, and its effects.

An **ability** (:class:`Ability`) is what a role declares it may do: its verb, when it is open
(:class:`When` — by night, by day; ``while_dead``; ``first``, the first night or day it is open;
``once`` per game or per day), whether it is required, its resolution level, and what it takes —
``arity`` seats and the typed parameters its verb declares (:class:`~jinrou.classic.actions.Param`: a
role id, or a choice among declared words). The spec's W.1.1 day actions (V1.1.1) are abilities with
``when = When.DAY``: optional, open at any time of the day phase while the actor lives, recorded in the
``day`` event's ``actions`` in submission order and applied before that event's ``votes``.

What an action is — its verb, its parameters, the one codec for its text and JSON — is
:mod:`jinrou.classic.actions` (re-exported here: the words of a declaration).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, ClassVar

from jinrou.classic.actions import RESERVED, Action, Param, ParamKind, Verb
from jinrou.players import Seat

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


class When(enum.Enum):
    """When an ability is open: during the night (the default), or by day (W.1.1, V1.1.1)."""

    NIGHT = "night"
    DAY = "day"


class Once(enum.Enum):
    """How often an ability may be used beyond once a night or a ballot: once per game, or per day."""

    GAME = "game"
    DAY = "day"


class Ability:
    """An action a role (or extra role, sub-role) may take.

    Subclasses set ``verb``, ``level`` (night resolution order, §4.2; None: takes effect when
    submitted — every day action), ``arity`` (number of seats), ``when`` (night or day), ``first``
    (the first night or day it is open), ``once`` (per game or per day; None: once a night or
    ballot), ``while_dead`` (open only to its dead holder, W.1.10) and ``required``, and override
    the hooks below. Defaults: every night, required, once per night, targets = other living seats,
    parameter values = those its verb declares. ``me`` is the layer that holds it (a kit's apart
    from the role's).
    """

    verb: ClassVar[Verb]
    level: ClassVar[int | None] = 100
    arity: ClassVar[int] = 1
    required: ClassVar[bool] = True
    when: ClassVar[When] = When.NIGHT
    first: ClassVar[int] = 1  # the first night (or day) it is open
    once: ClassVar[Once | None] = None
    while_dead: ClassVar[bool] = False
    targets_on_submit: ClassVar[bool] = True  # its targets are *targeted* (W.1.6) when it is submitted
    instead_of: ClassVar[Verb | None] = None  # it is another form of that verb's use (「襲撃しない」 spends an attack)
    divination: ClassVar[bool] = False  # a divination (W.1.4): an obstructed seat's gives no result and no effect
    resolves_under_seal: ClassVar[bool] = False  # it resolves even if its holder is hypnotized (T.1.13), W.1.3
    draws_on_submit: ClassVar[bool] = False  # its submission draws outcomes the actor sees at once (課金者's gacha)
    label: ClassVar[tuple[str, str] | None] = None  # its name for players (ja, en) where its verb's does not fit (通訳)
    repeats: ClassVar[bool] = False  # its ``arity`` seats may repeat one seat (悪女's 本命 and 手玉, T.5)
    or_none: ClassVar[tuple[str, str] | None] = None  # it may also be taken with no target, so named (ja, en): 「盗まない」

    timed: ClassVar[bool] = False  # derived: it declares ``first`` > 1 or ``once``

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.timed = cls.first > 1 or cls.once is not None

    def open(self, ctx: Context, me: Layer) -> bool:
        """Whether ``me`` may use it in the open phase: its declared timing, then :meth:`available`."""
        return (not self.timed or self.timely(ctx, me)) and self.available(ctx, me)

    def timely(self, ctx: Context, me: Layer) -> bool:
        """Whether its declared timing lets ``me`` use it now: from day ``first``, and ``once`` not spent."""
        if ctx.day < self.first:
            return False
        if self.once is not None:
            spent = dict(me.uses).get(self.verb.value)
            if spent is not None and (self.once is Once.GAME or spent == ctx.day):
                return False
        return True

    def available(self, ctx: Context, me: Layer) -> bool:
        """Whether ``me`` may use it now, beyond its declared timing (before anything is submitted)."""
        return True

    def spent(self, ctx: Context, me: Layer) -> bool:
        """Whether ``me`` can never use it again (its role card marks it used): by default a once-per-game
        ability once used; one that counts its uses in its memory says so itself (魔女's potions)."""
        return self.once is Once.GAME and any(verb == self.verb.value for verb, _day in me.uses)

    def note(self, ctx: Context, me: Layer) -> tuple[str, str] | None:
        """What its form says beside it now, in Japanese and English (課金者: the premium pulls left), or None."""
        return None

    def refuse(self, ctx: Context, me: Layer) -> tuple[str, str] | None:
        """Why it is closed now though its timing opens it (English, Japanese), or None: it is open.
        A closed ability is not offered, and an action using it is refused with that reason."""
        return None

    def is_required(self, ctx: Context, me: Layer) -> bool:
        """Whether leaving it undone tonight is a sudden death."""
        return self.required and self.when is When.NIGHT and bool(self.targets(ctx, me) or self.arity == 0)

    def done(self, ctx: Context, me: Layer) -> bool:
        """Whether ``me``'s use of it has been used up for tonight (or this ballot)."""
        return ctx.done(me, self.verb) > 0

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        """The seats it may be aimed at now (none for an action without target: ``arity`` 0)."""
        return [s for s in ctx.living() if s != me.seat] if self.arity else []

    def values(self, ctx: Context, me: Layer) -> tuple[tuple[str, ...], ...]:
        """For each parameter of its verb, the values allowed now (a role id with no declared values:
        every declared role; a text: none listed, any of 1 to its ``limit`` characters)."""
        return tuple(() if p.kind is ParamKind.TEXT else p.values or tuple(ctx.playable()) for p in self.verb.params)

    @property
    def kits(self) -> tuple[str, ...]:
        """The kinds of kit it may send (商人): its verb's ``kit`` parameter's values."""
        param = self.verb.param("kit")
        return param.values if param is not None else ()

    def scapegoat(self, ctx: Context, me: Layer) -> Action | None:
        """What 身代わりくん does with it of its own accord when the night closes, before its required
        actions (drawn here, recorded): None — it takes only required actions, with uniform legal targets
        and parameter values (the Scapegoat paragraph of T: コピー copies on night 1)."""
        return None

    def check(self, ctx: Context, action: Action, me: Layer) -> str | None:
        """A reason to refuse ``action`` beyond its targets and parameter values (None: fine)."""
        return None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        """What happens at once when it is submitted (pairing, kits, immediate results, day actions).
        Only an ability that declares ``draws_on_submit`` may draw here (``ctx.draw``): its outcomes
        travel with the action — the record writes them beside it, a server draws them before it folds
        the action (``docs/classic-rules.md``)."""

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        """What happens at its level in the night's resolution."""

    def obstructed(self, ctx: Context, action: Action, me: Layer) -> None:
        """What happens at its level instead of :meth:`resolve` when it is a ``divination`` and its
        seat is obstructed (W.1.4): nothing, unless a divination says so (the line told at dawn)."""


class LevelHook(Ability):
    """A layer's effect at a level of the night's resolution that no action asks for (a *level hook*,
    W.1.3/W.1.6: 月狼's and 月下美人's contacts at 122). Each seat in A whose role, sub-role or mark
    declares one (``Role.level_hooks``) acts at ``level``, at its turn in P as with an action of its
    own; it is never offered nor recorded (its verb, ``hook``, names no action a player may take).
    :meth:`act` runs only while the declaring layer is still on its seat (a 人狼占い's conversion at
    120 ends the 月下美人 before 122)."""

    verb = Verb.declare("hook", label=("能力の発動", "level hook"))
    required = False
    arity = 0
    targets_on_submit = False

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if any(layer is me for layer in ctx.identity(me.seat).layers):
            self.act(ctx, me)

    def act(self, ctx: Context, me: Layer) -> None:
        """What the hook does (``me``: the declaring layer)."""


__all__ = ["RESERVED", "Ability", "Action", "LevelHook", "Once", "Param", "ParamKind", "Verb", "When"]
