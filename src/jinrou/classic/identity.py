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
  vote, closes 霊界, hides the votes (闇狼) — the role's, some also from sub-roles and marks (a 狐憑き
  is cursed, T.1.5); obstructed divinations only from marks (W.1.4: 邪魔狂人, 雨男); the chats read
  without writing (冥狼's 霊界) from every acting layer;
* abilities, chats, knowledge given and shown — the union over the role, extra roles and
  sub-roles (an extra role's and a sub-role's actions are never required);
* "holds a 占い師" — :meth:`Identity.is_a` (the role) and :meth:`Identity.holds` (the role or an
  extra role, V1.1.6): roles ask by declaration class, never by comparing ids.

ケミカル人狼 (room option ``chemical``): a seat holds a second role, its right one, as a
:attr:`LayerKind.PAIR` layer right above its role. The two are the seat's role together: what the role
alone answers elsewhere — results, count, team, win rule, flags — the two halves answer combined by
:mod:`jinrou.classic.chemical`; both halves act (their actions required as declared), know, chat,
resist (each is asked) and react; :meth:`Identity.is_a` asks either half. Sub-roles and marks stack
above the pair as above a role.

Marks end by themselves at a moment (:class:`Expiry`): at the next dusk or dawn, dead seats too, or
at the next dawn at which the seat is alive. A mark may seal its seat (:class:`Seal`, W.1.3: 封印,
催眠): the identity then holds back what the seat held before it — its hooks, its fox curse, its
abilities and night chats (sealed) or its resistances (hypnotized) — for every layer at once.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jinrou.classic import chemical
from jinrou.classic.abilities import Verb, When
from jinrou.classic.catalog import Team
from jinrou.classic.chemical import INDEPENDENT
from jinrou.classic.events import PhaseOpened
from jinrou.classic.model import Count, Fortune, Moment, PsychicResult, Seat

if TYPE_CHECKING:
    from jinrou.classic.abilities import Ability, LevelHook
    from jinrou.classic.context import Context
    from jinrou.classic.events import Event, Handler, Threat
    from jinrou.classic.role import Role, Shown


class LayerKind(enum.Enum):
    """What a layer is to its seat."""

    ROLE = "role"  # the seat's role (one per seat, replaced by a role change)
    PAIR = "pair"  # ケミカル: the seat's right role, read with its role (jinrou.classic.chemical)
    EXTRA = "extra"  # an extra role under the role: actions (optional), knowledge, hooks; no team or results
    SUB = "sub"  # a sub-role on top: may change the team, the win rule, the count
    MARK = "mark"  # a timed state another seat placed: hooks, overlays, an end


class Expiry(enum.Enum):
    """When a mark ends by itself (W.1.7); others end when their own hooks remove them."""

    NEVER = "never"
    DUSK = "dusk"  # at the next dusk (dead seats too)
    DAWN = "dawn"  # at the next dawn
    LIVING_DAWN = "living dawn"  # at the next dawn at which the seat is alive (W.1.3: a dead seat keeps it)


class Seal(enum.Enum):
    """What a mark that seals its seat holds back (W.1.3), answered by the identity for every layer.

    Both void the seat's own hooks (its role's, extra roles' and sub-roles' reactions: on-death,
    *divined*, *targeted*, dusk and level hooks — not its burial, *guarded* or attacked-at hooks, nor the hooks of
    marks others placed on it; :attr:`~jinrou.classic.events.Event.through_seal`) and the fox curse
    (a *divined* effect); its actions resolve to nothing (unless the ability says otherwise:
    :attr:`~jinrou.classic.abilities.Ability.resolves_under_seal`)."""

    SEALED = "sealed"  # 封印 (威嚇, 血月): also no night ability and no night chat; resistances stay
    HYPNOTIZED = "hypnotized"  # 催眠 (level 50): also its resistances and protections gained before it are void


@dataclass
class Layer:
    """One declaration held by a seat, with its own memory (the role's ``Memory`` dataclass)."""

    role: Role
    kind: LayerKind
    seat: Seat
    memory: Any = None
    until: Expiry = Expiry.NEVER
    source: Seat | None = None  # who placed it (a mark), if anyone
    uses: tuple[tuple[str, int], ...] = ()  # (verb, day) of its last use of each once-only ability

    @classmethod
    def of(cls, role: Role, kind: LayerKind, seat: Seat, until: Expiry = Expiry.NEVER,
           source: Seat | None = None) -> Layer:
        """A fresh instance of ``role`` on ``seat`` (its memory new)."""
        return cls(role, kind, seat, role.Memory() if role.Memory is not None else None, until, source)

    @property
    def id(self) -> str:
        return self.role.id


class Identity:
    """A seat's layers, role first, and the answers they give together (see the module docstring).

    Its layers change only through :meth:`change_role`, :meth:`gain`, :meth:`lose` and
    :meth:`expire`, and each change settles the answers again (:meth:`_settle`, the one place):
    what the declarations alone decide — results, count, team, win rule, flags, which layers act,
    know, chat, resist, vote or react to each event type — is worked out once per change, not on
    every question; what depends on the game or a layer's memory is asked each time, only of the
    layers that declare that answer (a layer keeping :class:`~jinrou.classic.role.Role`'s default
    is skipped: its default changes nothing).
    """

    __slots__ = (
        "_abilities", "_acting", "_after_seal", "_chatting", "_counts", "_fortune", "_heaven", "_held", "_ids",
        "_knowing", "_lovers", "_nightly", "_prioritising", "_psychic", "_raising", "_receiving", "_relaying",
        "_resisting", "_role_team", "_team", "_told", "_weighing", "_win", "acts_by_day", "acts_while_dead",
        "appears_as_wolf", "attacks", "closed", "closes_heaven", "cursed_by_divination", "hides_votes", "hypnotized",
        "immune_to_wolf_attack", "known_to_wolves", "layers", "level_hooks", "listens", "lover", "main", "must_vote",
        "obstructed", "pair", "reactions", "role", "sealed", "seat", "showing", "shown_as", "silenced",
        "steals_victory", "under_seal", "victory_mark", "weight",
    )  # fmt: skip

    seat: Seat
    layers: tuple[Layer, ...]
    """Its layers in the order gained, the role first (changed only by the methods below)."""
    main: Layer
    """The role's layer."""
    role: Role
    attacks: bool
    """Whether it takes part in the wolves' attack: its role's answer (:meth:`Role.attacking`), which
    may read the role's memory (W.1.9a: 孤独な狼); settled again by :meth:`resettle`."""
    immune_to_wolf_attack: bool
    cursed_by_divination: bool
    """Its role's, or a sub-role's or mark's (a 狐憑き is cursed, T.1.5)."""
    steals_victory: bool
    """T.1.3's *fox*: its role's, or a sub-role's or mark's (狐憑き); alive at a decided end, the result
    is Fox (T.1.2 7a)."""
    must_vote: bool
    closes_heaven: str | None
    hides_votes: bool
    """Its role hides every published vote table while the seat lives (W.1.11b: 闇狼)."""
    appears_as_wolf: bool
    """Its role is listed among the wolves to those who know them (W.1.12: 暗躍者)."""
    known_to_wolves: bool
    """Its role is told to the wolves in a second list (W.1.12: スパイⅡ)."""
    shown_as: tuple[str, Team] | None  # a drowsy sub-role's shown role id and team (V2.1.9: 村人 while drunk)
    obstructed: bool
    """A mark obstructs its divinations (W.1.4: 邪魔狂人, 雨男): they give no result and no effect."""
    listens: frozenset[str]
    """Chats its acting layers read while alive without writing (W.1.12: 冥狼 reads 霊界)."""
    lover: bool
    """Whether it counts among the lovers (§7)."""
    pair: Layer | None
    """ケミカル: its right role's layer (None: the seat holds one role)."""
    weight: int
    """How many it counts as (§1, under :meth:`counts`): 1; a ケミカル seat of two wolves counts 2 (0 for nothing)."""
    victory_mark: bool
    """Whether it holds a victory mark (§7.9: 悪魔くん executed after a bite)."""
    showing: tuple[tuple[str, Shown], ...]
    """The acting layers declared as shown to others (``Role.shown``), as (id, audience): most
    seats none, and :meth:`shown_to` is then asked of nobody."""
    reactions: dict[type[Event], tuple[tuple[Handler, Role, Layer], ...]]
    """By event type, each reaction of its layers, in the order gained: (handler, role, layer)."""

    acts_by_day: bool
    """Whether one of its abilities is a day action (W.1.1); most seats have none, and by day the
    engine then asks for none."""
    acts_while_dead: bool
    """Whether one of its abilities is open to it while dead (W.1.10)."""
    level_hooks: tuple[tuple[LevelHook, Layer], ...]
    """Each level hook of its layers (role, sub-roles, marks; W.1.6: 月狼 at 122), with its layer: most
    seats none, and the night's resolution then adds nothing for them."""
    sealed: bool
    """Whether a mark seals it (W.1.3 封印: no night ability, no night chat, its own hooks void)."""
    hypnotized: bool
    """Whether a mark hypnotizes it (W.1.3 催眠: its actions and own hooks void, and the resistances and
    protections it gained before)."""
    under_seal: bool
    """Either of the two (what the engine asks before an action resolves)."""
    silenced: bool
    """Whether a mark silences it (V1.1.15 沈黙): it cannot write the day chat (vote and will unaffected)."""
    closed: bool
    """Whether a mark closes its night (V2.1.5): no night form, no part in the attack; hooks and chats stay."""

    def __init__(self, seat: Seat, layers: Iterable[Layer] = ()) -> None:
        self.seat = seat
        self._settle(tuple(layers))

    def _settle(self, layers: tuple[Layer, ...]) -> None:
        """Hold ``layers`` from now on and work out again what they alone decide (see the class)."""
        self.layers = layers
        self.main = main = layers[0]
        self.role = role = main.role
        self.attacks = role.attacking(main)
        self.immune_to_wolf_attack = role.immune_to_wolf_attack
        self.steals_victory = role.steals_victory
        self.must_vote = role.must_vote
        self.closes_heaven = role.closes_heaven
        self.hides_votes = role.hides_votes
        self.appears_as_wolf = role.appears_as_wolf
        self.known_to_wolves = role.known_to_wolves
        if len(layers) == 1:
            _settle_alone(self, main, role)
        else:
            self._settle_stack(layers, main, role)
        self._nightly = tuple(a for a in self._abilities if a[0].when is When.NIGHT and not a[0].while_dead)
        self.acts_by_day = any(ability.when is When.DAY for ability, _, _ in self._abilities)
        self.acts_while_dead = any(ability.while_dead for ability, _, _ in self._abilities)
        self.level_hooks = tuple((hook, layer) for layer in layers for hook in layer.role.level_hooks) if (
            len(layers) > 1 or role.level_hooks) else ()
        if self.closed:  # V2.1.5: an attacking wolf whose night is closed is no attacker
            self.attacks = False

    def _settle_stack(self, layers: tuple[Layer, ...], main: Layer, role: Role) -> None:
        """:meth:`_settle` for a seat with layers above its role."""
        acting = tuple(layer for layer in layers if layer.kind is not LayerKind.MARK)
        above = tuple(layer for layer in reversed(layers) if layer.kind is LayerKind.SUB or layer.kind is LayerKind.MARK)
        self._acting = acting
        self._ids = frozenset(layer.role.id for layer in layers[1:] if layer.kind is not LayerKind.PAIR)
        self._held = tuple(layer.role for layer in layers if layer.kind is not LayerKind.SUB and layer.kind is not LayerKind.MARK)
        self.pair = pair = next((layer for layer in layers if layer.kind is LayerKind.PAIR), None)
        fortune, psychic, counts, team = role.fortune, role.psychic, role.counts, role.team
        self.weight = 1
        self.cursed_by_divination = role.cursed_by_divination
        if pair is not None:  # ケミカル: the two halves' answers combined (jinrou.classic.chemical)
            fortune, psychic, counts, team = _combine(self, main, pair)
        self._role_team = team
        # results, count, team, win rule: the most recent sub-role or mark that declares one, else the role
        self._fortune = next((r for layer in above if (r := layer.role.fortune_overlay) is not None), fortune)
        self._psychic = next((p for layer in above if (p := layer.role.psychic_overlay) is not None), psychic)
        self._counts = next((c for layer in above if (c := layer.role.counts_as) is not None), counts)
        if self._counts is not counts:  # a sub-role's count (狐憑き) is one seat's
            self.weight = 1
        self._team = next((t for layer in above if (t := layer.role.judge_team) is not None), team)
        self._win = next((layer for layer in above if layer.role.has_win_rule), main)
        self.cursed_by_divination = self.cursed_by_divination or any(layer.role.cursed_by_divination for layer in above)
        self.steals_victory = self.steals_victory or any(layer.role.steals_victory for layer in above)  # T.1.3: 狐憑き
        self.obstructed = any(layer.role.blocks_divination for layer in above)
        self.lover = any(layer.role.lover for layer in layers)
        self.victory_mark = any(layer.role.victory_mark for layer in layers)
        self.silenced = any(layer.role.silences for layer in layers)
        self.closed = any(layer.role.closes_night for layer in layers)
        self._told = tuple(layer.role.told_as or layer.role.id for layer in layers[1:]
                           if layer.role.told or layer.kind is LayerKind.EXTRA)
        # which layers answer what (the others keep Role's defaults)
        self._abilities = tuple((ability, layer, layer.kind is LayerKind.ROLE or layer.kind is LayerKind.PAIR)
                                for layer in acting for ability in layer.role.abilities)
        self._chatting = tuple(layer for layer in acting if "chats" in layer.role.overrides)
        self.listens = frozenset().union(*(layer.role.listened(layer) for layer in acting))
        self._knowing = tuple(layer for layer in acting if "knows" in layer.role.overrides)
        self.showing = tuple((role.id if shown.as_role else layer.role.id, shown)  # a sub-role may show the role
                             for layer in acting if (shown := layer.role.shown) is not None)
        self._heaven = tuple(layer for layer in layers if "speaks_in_heaven" in layer.role.overrides)
        self._lovers = tuple(layer for layer in layers if layer.role.lover)
        self._resisting = tuple(layer for layer in (*above[::-1], main, *((pair,) if pair else ()))
                                if "resist" in layer.role.overrides)  # V1.1.6: no extra role's resistances
        if any(layer.role.resist_rank for layer in self._resisting):  # V2.1.3's order: 巫女の加護, shield, the rest
            self._resisting = tuple(sorted(self._resisting, key=lambda layer: -layer.role.resist_rank))
        self._weighing = tuple(layer for layer in layers if "vote_weight" in layer.role.overrides)
        self._relaying = tuple(layer for layer in layers if "relays" in layer.role.overrides)
        self._prioritising = tuple(layer for layer in layers if "vote_priority" in layer.role.overrides)
        self._receiving = tuple(layer for layer in layers if "vote_received" in layer.role.overrides)
        self._raising = tuple(layer for layer in layers if "priority_received" in layer.role.overrides)
        reacting: dict[type[Event], list[tuple[Handler, Role, Layer]]] = {}
        for layer in layers:
            for kind, handlers in layer.role.reactions.items():
                reacting.setdefault(kind, []).extend((handler, layer.role, layer) for handler in handlers)
        self.reactions = {kind: tuple(found) for kind, found in reacting.items()}
        self.sealed = self.hypnotized = self.under_seal = False
        self._after_seal = _NO_LAYERS
        self.shown_as = None
        if (drowsy := next((i for i, layer in enumerate(layers) if layer.role.drowses), None)) is not None:
            _drowse(self, layers, drowsy)
        if any(layer.role.seal is not None for layer in layers):
            _settle_seal(self, layers)

    # ------------------------------------------------------------------ pickling, copies, comparison

    def __getstate__(self) -> dict[str, Any]:
        return {"seat": self.seat, "layers": self.layers}  # the rest is settled again from them

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.seat = state["seat"]
        self._settle(tuple(state["layers"]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Identity):
            return NotImplemented
        return (self.seat, self.layers) == (other.seat, other.layers)

    __hash__ = None  # type: ignore[assignment]  # its layers change

    def __repr__(self) -> str:
        return f"Identity(seat={self.seat!r}, layers={self.layers!r})"

    # ------------------------------------------------------------------ changing the layers

    def change_role(self, layer: Layer) -> None:
        """Its role becomes ``layer``'s (a fresh instance), the layers above kept (V1.1.4); a
        :attr:`LayerKind.PAIR` layer replaces a ケミカル seat's right role instead."""
        if layer.kind is LayerKind.PAIR:
            assert self.pair is not None
            self._settle(tuple(layer if held is self.pair else held for held in self.layers))
        else:
            self._settle((layer, *self.layers[1:]))

    def gain(self, layer: Layer) -> None:
        """``layer`` goes on top of its layers (a sub-role, extra role or mark)."""
        self._settle((*self.layers, layer))

    def lose(self, layer: Layer) -> None:
        """``layer`` (one above the role) leaves it; the one below shows again."""
        layers = list(self.layers)
        layers.remove(layer)
        self._settle(tuple(layers))

    def resettle(self) -> None:
        """Work its answers out again, its layers unchanged: an answer read from a layer's memory
        changed (W.1.9a: 孤独な狼 becomes an attacker at its dusk hook)."""
        self._settle(self.layers)

    def expire(self, moment: Expiry) -> None:
        """Its marks that end at ``moment`` leave it (W.1.7)."""
        if len(self.layers) > 1 and any(layer.until is moment for layer in self.layers[1:]):
            self._settle((self.layers[0], *(layer for layer in self.layers[1:] if layer.until is not moment)))

    # ------------------------------------------------------------------ the layers

    def extras(self) -> tuple[Layer, ...]:
        """Every layer above the role, in the order gained."""
        return self.layers[1:]

    def layer(self, role_id: str) -> Layer | None:
        """The most recent layer above the role declared as ``role_id`` (None: none)."""
        if role_id not in self._ids:
            return None
        for layer in reversed(self.layers[1:]):
            if layer.role.id == role_id:
                return layer
        return None  # pragma: no cover - in _ids

    def has(self, role_id: str) -> bool:
        """Whether a layer above the role is declared as ``role_id`` (a sub-role, kit or mark)."""
        return role_id in self._ids

    def own_role(self) -> str:
        """The role id the seat itself is told it holds: a drowsy sub-role's (V2.1.9), the old role a
        robbed seat still sees (V2.1.15), the one it believes (V1.1.5: 村人 until its trigger), else its
        role's. 人狼占い, 霊界 and the end read the real role (``role``)."""
        if self.shown_as is not None:
            return self.shown_as[0]
        shown = next((r for layer in self.layers[:0:-1] if (r := layer.role.shows(layer)) is not None), None)
        return shown or self.role.believed(self.main) or self.role.id

    def own_team(self) -> Team:
        """The team the seat is told it has: a drowsy sub-role's (V2.1.9: 村人陣営 while drunk), else
        :meth:`shown_team` (T.1.7: a hidden or false lover's)."""
        return self.shown_as[1] if self.shown_as is not None else self.shown_team()

    def wolf_role(self) -> bool:
        """V1.1.13 *wolf role* (老人, カウンセラー, 野生児): its role counts as a wolf for parity (人狼系, 狂人狼),
        whatever a sub-role makes the seat count (狐憑き)."""
        return any(role.counts is Count.WOLF for role in self.halves())

    def vampire_role(self) -> bool:
        """A *vampire role* (カウンセラー and 逃亡者 ask): its role counts as a vampire for parity and is
        immune to wolf attacks (ヴァンパイア), whatever a sub-role makes the seat count. A ドラキュラ, which
        counts as a vampire but is not immune, is none (the reference's ``isJobType "Vampire"``: it bites
        a guest or counsellor instead, T.6)."""
        return any(role.counts is Count.VAMPIRE and role.immune_to_wolf_attack for role in self.halves())

    def half(self, kind: type[Role]) -> Layer:
        """The layer of its role — a ケミカル seat's left or right one — that is a ``kind`` (the left first)."""
        return self.main if self.pair is None or isinstance(self.role, kind) else self.pair

    def halves(self) -> tuple[Role, ...]:  # its role, and a ケミカル seat's right role
        return (self.role,) if self.pair is None else (self.role, self.pair.role)

    def role_team(self) -> Team:  # a ケミカル seat's: its halves' combined; whatever a sub-role makes it judge with
        return self._role_team

    def role_ids(self) -> str | list[str]:  # its role's id, or a ケミカル seat's [left, right] (as a record writes them)
        return self.role.id if self.pair is None else [self.role.id, self.pair.role.id]

    def is_a(self, kind: type[Role]) -> bool:
        """Whether the seat's role (a ケミカル seat's either) is a ``kind`` (its declaration class or a subclass)."""
        return isinstance(self.role, kind) or (self.pair is not None and isinstance(self.pair.role, kind))

    def attribute(self, ctx: Context, name: str, main_only: bool = False) -> bool:
        """V2.1.12: whether the seat has the attribute ``name`` (:meth:`Role.attribute`: ``death_resistance``,
        ``deadly_weapon``, ``guard_role``) now: its role, an extra role, a kit or a mark gives it (``main_only``:
        its role alone, as V2.1.2's *guard role* is read)."""
        layers = (self.main,) if main_only else self.layers
        return any(layer.role.attribute(ctx, layer, name) for layer in layers)

    def holds(self, kind: type[Role]) -> bool:
        """Whether its role or an extra role is a ``kind`` (V1.1.6: a 占いセット holds a 占い師)."""
        return any(isinstance(role, kind) for role in self._held)

    def held(self) -> tuple[Role, ...]:
        """Its role and extra roles (V1.1.6), in order: what :meth:`holds` looks through."""
        return self._held

    def acting(self) -> tuple[Layer, ...]:
        """The layers whose actions, chats and knowledge the seat has: role, extra roles, sub-roles."""
        return self._acting

    # ------------------------------------------------------------------ results, count, team

    def fortune(self) -> Fortune:
        """Its 占い結果: the most recent overlay of a mark, else its role's (W.1.5)."""
        return self._fortune

    def psychic(self) -> PsychicResult:
        """Its 霊能結果: the most recent overlay of a mark, else its role's (T.1.10)."""
        return self._psychic

    def counts(self) -> Count:
        """How it counts for parity (§1): a sub-role's count if one declares it (狐憑き), else the role's."""
        return self._counts

    def team(self) -> Team:
        """The team it judges with: the most recent sub-role's that declares one (恋人: Friend), else
        its role's."""
        return self._team

    def shown_team(self) -> Team:
        """The team its holder is shown (T.1.7): :meth:`team`, passing over a concealed layer (本命), a shown one's (手玉)."""
        for layer in reversed(self.layers[1:]):
            declared = layer.role
            if layer.kind is not LayerKind.EXTRA and layer.kind is not LayerKind.PAIR and not declared.conceals and (
                    shown := declared.shows_team or declared.judge_team) is not None:
                return shown
        return self._role_team

    def win_layer(self) -> Layer:
        """The layer whose win rule decides: the most recent sub-role or mark that has one, else the role."""
        return self._win

    def told_layers(self) -> tuple[str, ...]:
        """The ids of the layers above its role that the seat was told of (恋人, kits)."""
        return self._told

    # ------------------------------------------------------------------ what its layers answer together

    def abilities(self, ctx: Context, when: When = When.NIGHT, dead: bool = False) -> Iterator[tuple[Ability, Layer, bool]]:
        """Each ability open to it now — by night or by day (``when``), to the living or the dead
        (``dead``) — with its layer and whether it is required (only the role's abilities may be)."""
        found = self._nightly if when is When.NIGHT and not dead else tuple(
            a for a in self._abilities if a[0].when is when and a[0].while_dead is dead)
        for ability, layer, main in found:
            if (not ability.timed or ability.timely(ctx, layer)) and ability.available(ctx, layer):
                yield ability, layer, main and ability.is_required(ctx, layer)

    def spent(self, ctx: Context, verb: Verb) -> bool:
        """Whether each ability of ``verb`` its layers declare is spent for good (:meth:`Ability.spent`)."""
        found = [ability.spent(ctx, layer) for ability, layer, _ in self._abilities if ability.verb is verb]
        return bool(found) and all(found)

    def declares(self, verb: Verb, when: When) -> bool:
        """Whether one of its layers declares an ability of ``verb`` open ``when`` (used up or not)."""
        return any(ability.verb is verb and ability.when is when for ability, _, _ in self._abilities)

    def chats(self, ctx: Context) -> frozenset[str]:
        """The night chats it reads and writes."""
        layers = self._chatting
        if not layers:
            return _NO_CHATS
        if len(layers) == 1:
            return layers[0].role.chats(ctx, layers[0])
        chats: frozenset[str] = frozenset()
        for layer in layers:
            chats |= layer.role.chats(ctx, layer)
        return chats

    def knows(self, ctx: Context) -> Iterator[tuple[Seat, str]]:
        """The seats it knows and as what, layer by layer (a seat may come twice, with two labels)."""
        for layer in self._knowing:
            yield from layer.role.knows(ctx, layer).items()

    def shown_to(self, ctx: Context, viewer: Identity) -> list[str]:
        """The labels under which ``viewer`` knows this seat by its declared audience (女王観戦者 to the
        village, 囁き狂人 to the wolf chat)."""
        if not self.showing or viewer.seat == self.seat:
            return []
        return [role_id for role_id, shown in self.showing if shown.sees(ctx, viewer)]

    def speaks_in_heaven(self, ctx: Context) -> bool:
        return all(layer.role.speaks_in_heaven(ctx, layer) for layer in self._heaven)

    def partners(self, ctx: Context) -> set[Seat]:
        """The seats it was paired with (恋人)."""
        out: set[Seat] = set()
        for layer in self._lovers:
            out |= layer.role.partners(ctx, layer)
        return out

    def holds_back(self, layer: Layer) -> bool:
        """Whether a seal holds ``layer`` back (W.1.3): the seat is sealed or hypnotized and gained it
        before the seal (its role always); its actions and level hooks then resolve to nothing."""
        return self.under_seal and id(layer) not in self._after_seal

    def resists(self, ctx: Context, threat: Threat) -> bool:
        """§5.2 steps 3–4: its sub-roles and marks first (聖職者's protection), then its role."""
        return self.resisting(ctx, threat) is not None

    def resisting(self, ctx: Context, threat: Threat) -> Layer | None:
        """:meth:`resists`, answering with the layer that stopped the death (its ``blocks_as`` says
        why, W.1.9f), or None."""
        for layer in self._resisting:
            if layer.role.resist(ctx, layer, threat):
                if layer is self.main and self.pair is not None and self.pair in self._resisting:
                    self.pair.role.resist(ctx, self.pair, threat)  # ケミカル: each half is asked (the reference)
                return layer
        return None

    def relays(self, ctx: Context) -> frozenset[Seat]:  # the seats reading its notices (V2.1.8b: listeners)
        return frozenset().union(*(layer.role.relays(ctx, layer) for layer in self._relaying)) if self._relaying else _NOBODY

    def receives_votes(self) -> bool:
        """Whether a layer adds votes to those it receives (V1.1.2: 痛恨)."""
        return bool(self._receiving)

    def vote_received(self, ctx: Context) -> int:
        """The votes it receives in a ballot beyond those cast: its layers' modifiers, summed."""
        return sum([layer.role.vote_received(ctx, layer) for layer in self._receiving])

    def priority_received(self, ctx: Context) -> int | None:
        """V2.1.11: how much its layers raise the priority it got from its voters (None: none declares it)."""
        return sum([layer.role.priority_received(ctx, layer) for layer in self._raising]) if self._raising else None

    def is_human(self) -> bool:
        """Whether it is human for the rules that ask (女王観戦者's infection, 誘惑する女狼): it counts
        human, or its role says so while its count is its role's (おばけ)."""
        human = self.role.human
        if human is None or self._counts is not self.role.counts:
            return self._counts is Count.HUMAN
        return human

    def vote_weight(self, ctx: Context) -> int:
        """What its vote is worth: 1 plus every layer's modifier (権力者 +1)."""
        return 1 + sum([layer.role.vote_weight(ctx, layer) for layer in self._weighing])

    def vote_priority(self, ctx: Context) -> int:
        """The priority its vote gives its candidate: its layers' highest (決定者 1; a layer that
        declares none gives 0)."""
        priorities = [layer.role.vote_priority(ctx, layer) for layer in self._prioritising]
        if len(priorities) < len(self.layers):
            priorities.append(0)
        return max(priorities)

    def wins(self, ctx: Context, result: Team) -> bool:
        layer = self._win
        if layer is self.main and self.pair is not None:
            return _pair_wins(self, ctx, result)
        return layer.role.wins(ctx, layer, result)

    def wins_below(self, ctx: Context, layer: Layer, result: Team) -> bool:
        """The win rule under ``layer``: the most recent sub-role or mark gained before it that has one,
        else the role's (T.1.5: カルト信者 and 暴動者 add an alternative — "wins also if …, else the rule
        below")."""
        index = next(i for i, held in enumerate(self.layers) if held is layer)
        for below in reversed(self.layers[1:index]):
            if below.kind is not LayerKind.EXTRA and below.kind is not LayerKind.PAIR and below.role.has_win_rule:
                return below.role.wins(ctx, below, result)
        if self.pair is not None:
            return _pair_wins(self, ctx, result)
        return self.main.role.wins(ctx, self.main, result)

    def react(self, ctx: Context, event: Event) -> None:
        """Dispatch ``event`` to each layer that reacts to it, in the order gained (the layers as they
        were when it arrived)."""
        for handler, role, layer in self.reactions.get(type(event), ()):
            handler(role, ctx, layer, event)


def _drowse(identity: Identity, layers: tuple[Layer, ...], at: int) -> None:
    """:meth:`Identity._settle_stack`'s answers under a drowsy sub-role (V2.1.9 酔っ払い, ``Role.drowses``):
    the layers below it — the role first — have no abilities (so nothing is required), chats, chats
    read or knowledge, and their dusk hooks do nothing; the seat is shown as ``shows_as``. Its team,
    results, count, resistances and other hooks stay."""
    below = frozenset(id(layer) for layer in layers[:at])
    identity.shown_as = layers[at].role.shows_as
    identity._abilities = tuple(a for a in identity._abilities if id(a[1]) not in below)
    identity._chatting = tuple(layer for layer in identity._chatting if id(layer) not in below)
    identity._knowing = tuple(layer for layer in identity._knowing if id(layer) not in below)
    identity.listens = frozenset().union(*(layer.role.listened(layer) for layer in identity._acting
                                           if id(layer) not in below))
    dusk = identity.reactions.get(PhaseOpened)
    if dusk:
        identity.reactions[PhaseOpened] = tuple((_no_dusk(handler) if id(layer) in below else handler, role, layer)
                                                for handler, role, layer in dusk)


def _no_dusk(handler: Handler) -> Handler:
    """``handler`` (a reaction to :class:`~jinrou.classic.events.PhaseOpened`) doing nothing at dusk."""

    def dawn_only(role: Role, ctx: Context, layer: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK:
            handler(role, ctx, layer, event)

    return dawn_only


_NO_CHATS: frozenset[str] = frozenset()
_NOBODY: frozenset[Seat] = frozenset()
_NONE: frozenset[str] = frozenset()
_NO_LAYERS: frozenset[int] = frozenset()


__all__ = ["Expiry", "Identity", "Layer", "LayerKind", "Seal"]


def _settle_seal(identity: Identity, layers: tuple[Layer, ...]) -> None:
    """:meth:`Identity._settle_stack`'s answers under a seal or hypnosis (W.1.3, :class:`Seal`): what the
    seat held before the first seal is held back — its hooks (all but those of events that pass
    a seal: burial, *guarded*), its fox curse, and under hypnosis its resistances — while the
    layers gained after it act (a 聖職者's protection at 69 after a hypnosis at 50, as the
    reference stacks them)."""
    seals = [(i, layer.role.seal) for i, layer in enumerate(layers) if layer.role.seal is not None]
    identity.sealed = any(kind is Seal.SEALED for _, kind in seals)
    identity.hypnotized = any(kind is Seal.HYPNOTIZED for _, kind in seals)
    identity.under_seal = True
    identity._after_seal = later = frozenset(id(layer) for layer in layers[seals[0][0] + 1:])
    identity.reactions = {kind: kept for kind, found in identity.reactions.items() if (kept := tuple(
        r for r in found if kind.through_seal or id(r[2]) in later))}
    identity.cursed_by_divination = False  # the fox curse is a *divined* effect
    if identity.sealed:
        identity._abilities = ()
        identity._chatting = ()
        identity.listens = frozenset()
    if identity.hypnotized:
        since = next(i for i, kind in seals if kind is Seal.HYPNOTIZED)
        after = {id(layer) for layer in layers[since + 1:]}
        identity._resisting = tuple(layer for layer in identity._resisting if id(layer) in after)


def _settle_alone(identity: Identity, main: Layer, role: Role) -> None:
    """:meth:`Identity._settle` for a seat that holds its role alone (most seats; every seat at the start):
    what :meth:`Identity._settle_stack` would answer, without layers above to look through (a test holds
    the two alike for every role)."""
    alone = identity.layers
    answers = role.overrides
    identity.sealed = identity.hypnotized = identity.under_seal = False
    identity._after_seal = _NO_LAYERS
    identity.shown_as = None
    identity._acting = alone
    identity._ids = _NONE
    identity._held = (role,)
    identity._role_team = role.team
    identity.pair = None
    identity.weight = 1
    identity._fortune = role.fortune
    identity._psychic = role.psychic
    identity._counts = role.counts
    identity._team = role.team
    identity._win = main
    identity.cursed_by_divination = role.cursed_by_divination
    identity.obstructed = False
    identity.lover = role.lover
    identity.victory_mark = role.victory_mark
    identity.silenced = role.silences
    identity.closed = role.closes_night
    identity._told = ()
    identity._abilities = tuple((ability, main, True) for ability in role.abilities) if role.abilities else ()
    identity._chatting = alone if "chats" in answers else ()
    identity.listens = role.listened(main)
    identity._relaying = alone if "relays" in answers else ()
    identity._knowing = alone if "knows" in answers else ()
    identity.showing = ((role.id, role.shown),) if role.shown is not None else ()
    identity._heaven = alone if "speaks_in_heaven" in answers else ()
    identity._lovers = alone if role.lover else ()
    identity._resisting = alone if "resist" in answers else ()
    identity._weighing = alone if "vote_weight" in answers else ()
    identity._prioritising = alone if "vote_priority" in answers else ()
    identity._receiving = alone if "vote_received" in answers else ()
    identity._raising = alone if "priority_received" in answers else ()
    identity.reactions = {kind: tuple([(handler, role, main) for handler in handlers])
                      for kind, handlers in role.reactions.items()} if role.reactions else {}


def _pair_wins(identity: Identity, ctx: Context, result: Team) -> bool:
    """A ケミカル seat's win rule (:mod:`jinrou.classic.chemical`): a half whose team is the seat's team
    (or that ``wins_apart``) by its rule with ``result``; any half whose rule holds whatever team won."""
    team = identity.role_team()
    won = False
    for layer in identity.layers[:2]:  # the role and its pair
        declared = layer.role
        if declared.team is team or declared.wins_apart:
            won = declared.wins(ctx, layer, result) or won
        won = declared.wins(ctx, layer, INDEPENDENT) or won
    return won


def _combine(identity: Identity, main: Layer, pair: Layer) -> tuple[Fortune, PsychicResult, Count, Team]:
    """A ケミカル seat's answers from its two halves (:mod:`jinrou.classic.chemical`): its flags set on
    ``identity`` (each a half's, either half's; must vote: both), its weight, and its results, count and
    team returned, for the sub-roles and marks above to overlay."""
    left, right = main.role, pair.role
    identity.attacks = left.attacking(main) or right.attacking(pair)
    identity.immune_to_wolf_attack = left.immune_to_wolf_attack or right.immune_to_wolf_attack
    identity.cursed_by_divination = left.cursed_by_divination or right.cursed_by_divination
    identity.steals_victory = left.steals_victory or right.steals_victory
    identity.must_vote = left.must_vote and right.must_vote
    identity.closes_heaven = left.closes_heaven or right.closes_heaven
    identity.hides_votes = left.hides_votes or right.hides_votes
    identity.appears_as_wolf = left.appears_as_wolf or right.appears_as_wolf
    identity.known_to_wolves = left.known_to_wolves or right.known_to_wolves
    counts, identity.weight = chemical.count([(role.counts, role.steals_victory) for role in (left, right)])
    team = chemical.team(left.team, right.team)
    return chemical.fortune(left.fortune, right.fortune), chemical.psychic(left.psychic, right.psychic), counts, team
