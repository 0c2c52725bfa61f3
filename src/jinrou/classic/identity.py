"""A seat's identity: its role, extra roles, sub-roles and marks, read together (classic-werewolf §12).

An :class:`Identity` is a stack of :class:`Layer` objects in the order they were gained: the role
first, then extra roles (商人's kits, V1.1.6), sub-roles (恋人, 決定者, 権力者; W.1.8, T.1.5) and marks
(聖職者's protection, a victory mark; W.1.7). Each layer is one instance of a declaration with its
own typed memory, so two layers of one seat never share state and a role change (V1.1.4) is a
fresh instance. The engine asks the identity, never a role; the identity combines its layers:

* results — the role's 占い and 霊能 words, under the overlays of marks, the most recently placed on
  top (W.1.5: removing it uncovers the one below);
* parity count, team and win rule — the role's, unless a sub-role or mark declares one: the most
  recent prevails (恋人 → Friend; 狼の子分, 月狂病, 更生者 in wave 3). Extra roles never change them;
* flags — attacks, immunity to wolf attacks, cursed when divined, steals a decided result, must
  vote, closes 霊界 — the role's, some also from sub-roles and marks (a 狐憑き is cursed, T.1.5);
* abilities, chats, knowledge given and shown — the union over the role, extra roles and
  sub-roles (an extra role's and a sub-role's actions are never required);
* "holds a 占い師" — :meth:`Identity.is_a` (the role) and :meth:`Identity.holds` (the role or an
  extra role, V1.1.6): roles ask by declaration class, never by comparing ids.

Marks end by themselves at a moment (:class:`Expiry`): at the next dusk or dawn, dead seats too.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jinrou.classic.catalog import Team
from jinrou.classic.model import Count, Fortune, PsychicResult, Seat

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.events import Event, Threat
    from jinrou.classic.role import Ability, Role


class LayerKind(enum.Enum):
    """What a layer is to its seat."""

    ROLE = "role"  # the seat's role (one per seat, replaced by a role change)
    EXTRA = "extra"  # an extra role under the role: actions (optional), knowledge, hooks; no team or results
    SUB = "sub"  # a sub-role on top: may change the team, the win rule, the count
    MARK = "mark"  # a timed state another seat placed: hooks, overlays, an end


class Expiry(enum.Enum):
    """When a mark ends by itself (W.1.7); others end when their own hooks remove them."""

    NEVER = "never"
    DUSK = "dusk"  # at the next dusk (dead seats too)
    DAWN = "dawn"  # at the next dawn


@dataclass
class Layer:
    """One declaration held by a seat, with its own memory (the role's ``Memory`` dataclass)."""

    role: Role
    kind: LayerKind
    seat: Seat
    memory: Any = None
    until: Expiry = Expiry.NEVER
    source: Seat | None = None  # who placed it (a mark), if anyone

    @classmethod
    def of(cls, role: Role, kind: LayerKind, seat: Seat, until: Expiry = Expiry.NEVER,
           source: Seat | None = None) -> Layer:
        """A fresh instance of ``role`` on ``seat`` (its memory new)."""
        return cls(role, kind, seat, role.Memory() if role.Memory is not None else None, until, source)

    @property
    def id(self) -> str:
        return self.role.id


@dataclass
class Identity:
    """A seat's layers, role first, and the answers they give together (see the module docstring)."""

    seat: Seat
    layers: list[Layer] = field(default_factory=list)

    # ------------------------------------------------------------------ the layers

    @property
    def main(self) -> Layer:
        """The role's layer."""
        return self.layers[0]

    @property
    def role(self) -> Role:
        return self.layers[0].role

    def extras(self) -> list[Layer]:
        """Every layer above the role, in the order gained."""
        return self.layers[1:]

    def layer(self, role_id: str) -> Layer | None:
        """The most recent layer above the role declared as ``role_id`` (None: none)."""
        for layer in reversed(self.layers[1:]):
            if layer.role.id == role_id:
                return layer
        return None

    def has(self, role_id: str) -> bool:
        """Whether a layer above the role is declared as ``role_id`` (a sub-role, kit or mark)."""
        return self.layer(role_id) is not None

    def is_a(self, kind: type[Role]) -> bool:
        """Whether the seat's role is a ``kind`` (its declaration class or a subclass)."""
        return isinstance(self.layers[0].role, kind)

    def holds(self, kind: type[Role]) -> bool:
        """Whether its role or an extra role is a ``kind`` (V1.1.6: a 占いセット holds a 占い師)."""
        return any(isinstance(layer.role, kind) for layer in self.layers
                   if layer.kind is LayerKind.ROLE or layer.kind is LayerKind.EXTRA)

    def acting(self) -> list[Layer]:
        """The layers whose actions, chats and knowledge the seat has: role, extra roles, sub-roles."""
        layers = self.layers
        if len(layers) == 1:  # most seats: no list to filter
            return layers
        return [layer for layer in layers if layer.kind is not LayerKind.MARK]

    def _above(self) -> list[Layer]:
        """Sub-roles and marks, the most recent first: where a later team, rule or overlay prevails."""
        if len(self.layers) == 1:
            return []
        return [layer for layer in reversed(self.layers) if layer.kind is LayerKind.SUB or layer.kind is LayerKind.MARK]

    # ------------------------------------------------------------------ results, count, team

    def fortune(self) -> Fortune:
        """Its 占い結果: the most recent overlay of a mark, else its role's (W.1.5)."""
        for layer in self._above():
            if layer.role.fortune_overlay is not None:
                return layer.role.fortune_overlay
        return self.role.fortune

    def psychic(self) -> PsychicResult:
        """Its 霊能結果: the most recent overlay of a mark, else its role's (T.1.10)."""
        for layer in self._above():
            if layer.role.psychic_overlay is not None:
                return layer.role.psychic_overlay
        return self.role.psychic

    def counts(self) -> Count:
        """How it counts for parity (§1): a sub-role's count if one declares it (狐憑き), else the role's."""
        if len(self.layers) == 1:
            return self.layers[0].role.counts
        for layer in self._above():
            if layer.role.counts_as is not None:
                return layer.role.counts_as
        return self.role.counts

    def team(self) -> Team:
        """The team it judges with: the most recent sub-role's that declares one (恋人: Friend), else
        its role's."""
        if len(self.layers) == 1:
            return self.layers[0].role.team
        for layer in self._above():
            if layer.role.judge_team is not None:
                return layer.role.judge_team
        return self.role.team

    def win_layer(self) -> Layer:
        """The layer whose win rule decides: the most recent sub-role or mark that has one, else the role."""
        for layer in self._above():
            if layer.role.has_win_rule:
                return layer
        return self.layers[0]

    # ------------------------------------------------------------------ flags

    @property
    def attacks(self) -> bool:
        """Whether it takes part in the wolves' attack."""
        return self.role.attacks

    @property
    def immune_to_wolf_attack(self) -> bool:
        return self.role.immune_to_wolf_attack

    @property
    def cursed_by_divination(self) -> bool:
        return self.role.cursed_by_divination or any(layer.role.cursed_by_divination for layer in self._above())

    @property
    def steals_victory(self) -> bool:
        """Alive at a decided end, it takes the result for its role's team (§7.7a: a fox)."""
        return self.role.steals_victory

    @property
    def must_vote(self) -> bool:
        return self.role.must_vote

    @property
    def closes_heaven(self) -> str | None:
        return self.role.closes_heaven

    @property
    def lover(self) -> bool:
        """Whether it counts among the lovers (§7)."""
        return any(layer.role.lover for layer in self.layers)

    @property
    def victory_mark(self) -> bool:
        """Whether it holds a victory mark (§7.9: 悪魔くん executed after a bite)."""
        return any(layer.role.victory_mark for layer in self.layers)

    def told_layers(self) -> tuple[str, ...]:
        """The ids of the layers above its role that the seat was told of (恋人, kits)."""
        return tuple(layer.role.id for layer in self.layers[1:] if layer.role.told)

    # ------------------------------------------------------------------ what its layers answer together

    def abilities(self, ctx: Context) -> Iterator[tuple[Ability, Layer, bool]]:
        """Each ability open to it tonight, with its layer and whether it is required (only the
        role's abilities may be)."""
        for layer in self.acting():
            for ability in layer.role.abilities:
                if ability.available(ctx, layer):
                    yield ability, layer, layer.kind is LayerKind.ROLE and ability.is_required(ctx, layer)

    def chats(self, ctx: Context) -> frozenset[str]:
        """The night chats it reads and writes."""
        layers = self.acting()
        if len(layers) == 1:
            return layers[0].role.chats(ctx, layers[0])
        chats: frozenset[str] = frozenset()
        for layer in layers:
            chats |= layer.role.chats(ctx, layer)
        return chats

    def knows(self, ctx: Context) -> Iterator[tuple[Seat, str]]:
        """The seats it knows and as what, layer by layer (a seat may come twice, with two labels)."""
        for layer in self.acting():
            yield from layer.role.knows(ctx, layer).items()

    def shown_to(self, ctx: Context, viewer: Identity) -> list[str]:
        """The labels under which ``viewer`` knows this seat by its declared audience (女王観戦者 to the
        village, 囁き狂人 to the wolf chat)."""
        if viewer.seat == self.seat or (len(self.layers) == 1 and self.layers[0].role.shown is None):
            return []
        return [layer.role.id for layer in self.acting()
                if (shown := layer.role.shown) is not None and shown.sees(ctx, viewer)]

    def speaks_in_heaven(self, ctx: Context) -> bool:
        return all(layer.role.speaks_in_heaven(ctx, layer) for layer in self.layers)

    def partners(self, ctx: Context) -> set[Seat]:
        """The seats it was paired with (恋人)."""
        out: set[Seat] = set()
        for layer in self.layers:
            if layer.role.lover:
                out |= layer.role.partners(ctx, layer)
        return out

    def resists(self, ctx: Context, threat: Threat) -> bool:
        """§5.2 steps 3–4: its sub-roles and marks first (聖職者's protection), then its role."""
        for layer in [*self.layers[1:], self.layers[0]] if len(self.layers) > 1 else self.layers:
            if layer.role.resist(ctx, layer, threat):
                return True
        return False

    def vote_weight(self, ctx: Context) -> int:
        """What its vote is worth: 1 plus every layer's modifier (権力者 +1)."""
        return 1 + sum([layer.role.vote_weight(ctx, layer) for layer in self.layers])

    def vote_priority(self, ctx: Context) -> int:
        """The priority its vote gives its candidate: its layers' highest (決定者 1)."""
        return max([layer.role.vote_priority(ctx, layer) for layer in self.layers])

    def wins(self, ctx: Context, result: Team) -> bool:
        layer = self.win_layer()
        return layer.role.wins(ctx, layer, result)

    def react(self, ctx: Context, event: Event) -> None:
        """Dispatch ``event`` to each layer that reacts to it, in the order gained."""
        kind = type(event)
        for layer in self.layers[:]:
            for handler in layer.role.reactions.get(kind, ()):
                handler(layer.role, ctx, layer, event)


__all__ = ["Expiry", "Identity", "Layer", "LayerKind"]
