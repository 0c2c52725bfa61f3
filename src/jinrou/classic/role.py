"""How a role is declared: its data, abilities and reactions in one class (classic-werewolf §12).

A role is a subclass of :class:`Role` registered with :func:`role`. Its static columns (its names in
Japanese and English, team, category, strength, non-human, hidden) come from the catalog row of the
same id, so they are written once, in the catalog; the class adds only what is special about it:

* values — ``fortune`` and ``psychic`` results, ``counts`` (parity), ``judge_team``
  when it judges apart from its catalog team, and flags (``attacks``, ``immune_to_wolf_attack``,
  ``cursed_by_divination``, ``steals_victory``, ``swaps_results``, ``must_vote``, ``closes_heaven``, ``shown``,
  ``listens``, ``hides_votes``, ``goat_attacks_all``, ``appears_as_wolf``, ``known_to_wolves``,
  ``mind_read``, ``voids_resistance``; a mark's ``fortune_overlay`` and ``blocks_divination``);
* its card for players — ``card_ja`` and ``card_en``, written under its docstring (the engineers'
  rule, which is the card where none is written); a sub-role's and mark's names in ja and en come
  with :func:`sub_role` and :func:`mark`, a role's from the catalog;
* ``Memory`` — a dataclass: the state one instance of the role keeps on its seat; the state a
  mechanic keeps for the whole table (狼の子's extra attack, tonight's trick) is a :class:`Shared`
  dataclass declared beside the roles that use it, one per game, asked with ``ctx.memory``;
* ``abilities`` — its actions by night and by day (:class:`~jinrou.classic.abilities.Ability`: verb,
  level, when, targets, parameters, required, effect);
* reactions to typed events (:func:`~jinrou.classic.events.on`: died, executed, an attack at a
  house, a phase opened, a burial pass, …);
* answers to queries — ``resist`` (§5.2), ``vote_weight``, ``vote_priority``, ``wins`` — and what
  it gives its seat: ``knows``, ``chats``, ``speaks_in_heaven``.

Every method receives a :class:`~jinrou.classic.context.Context` (what a role may read and do) and
its :class:`~jinrou.classic.identity.Layer` (``me.seat``, ``me.memory``), never the game. Sub-roles
(恋人, 決定者, 権力者), extra roles (商人's kits) and marks (聖職者's protection, a victory mark) are
declared the same way with :func:`sub_role` and :func:`mark`; the seat's
:class:`~jinrou.classic.identity.Identity` reads them together.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, TypeVar

from jinrou.classic.abilities import Ability, LevelHook
from jinrou.classic.catalog import CatalogRole, Category, Team, catalog_role
from jinrou.classic.events import Event, Handler, Threat, reactions
from jinrou.classic.identity import Expiry, LayerKind, Seal
from jinrou.classic.model import Blocked, Count, Fortune, PsychicResult, Seat

if TYPE_CHECKING:
    from fractions import Fraction

    from jinrou.classic.context import Context
    from jinrou.classic.identity import Identity, Layer


class Chat:
    """Night chats a role reads and writes (§9). Day, monologue and 霊界 are every seat's."""

    WOLF = "wolf"
    FOX = "fox"
    COUPLE = "couple"
    MAD_COUPLE = "madcouple"
    HEAVEN = "heaven"  # 霊界: the dead's; a role may read it while alive (``Role.listens``: 冥狼)


class Kept(enum.Enum):
    """How long a :class:`Shared` memory lasts once made (the rules forget it then; it is made again,
    fresh, when next asked)."""

    GAME = "game"  # for the rest of the game
    NIGHT = "night"  # until the next night opens (its dusk): tonight's, or since the last dawn
    BURIAL = "burial"  # until the end of the next burial


class Shared:
    """A mechanic's memory shared by the seats and the rules for the whole table, one per game: what
    a role keeps beyond its own seat (狼の子's extra attack on the next night, tonight's trick, the
    failed attacks a 瞳狼 reads). Declared as a dataclass subclass (every field with a default) beside
    the roles or marks that use it, never a field of the game; asked with
    :meth:`~jinrou.classic.context.Context.memory` (made on first ask) or
    :meth:`~jinrou.classic.context.Context.recall` (None until made). It lasts as ``kept`` says."""

    kept: ClassVar[Kept] = Kept.GAME
    room_option: ClassVar[str | None] = None  # a room-wide rule (§11): made at the start when this setting is on

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("room_option"):
            ROOM_RULES.append(cls)

    def dusk(self, ctx: Context) -> None:
        """When a night opens, after its first burial and before its dusk hooks, with its attack count
        at 1 (狼の子's and 病人's next night): most memories do nothing."""

    def dawn(self, ctx: Context) -> None:
        """When a day starts, before its dawn hooks (V2.1.16: 死神の手帳 hands its デスノート), at the
        time :func:`~jinrou.classic.night.room_dawn` says: most memories do nothing."""


ROOM_RULES: list[type[Shared]] = []
"""The shared memories that are room-wide rules (``room_option``), made at the start of a game whose
setting is on, in declaration order."""


@dataclass(frozen=True)
class Shown:
    """Who knows a seat holding this role as that role, beyond their own knowledge (§9): the members
    of a night chat (囁き狂人 writes in the wolf chat under its name) or a team (女王観戦者)."""

    chat: str | None = None
    team: Team | None = None
    everyone: bool = False  # every other seat (W.1.12 public identity: 絶対狼)
    as_role: bool = False  # a sub-role's audience knows the seat as its role, not as the sub-role (a woken 胡蝶)

    def sees(self, ctx: Context, viewer: Identity) -> bool:
        return self.everyone or (self.chat is not None and self.chat in viewer.chats(ctx)) or (
            self.team is not None and viewer.team() is self.team)


class Role:
    """A role's declaration. See the module docstring; every attribute has a default."""

    id: ClassVar[str]
    name_en: ClassVar[str] = ""  # the catalog's (a sub-role's: its sub_role()'s); never declared by a role
    card_ja: ClassVar[str | None] = None  # its card in Japanese; None: its docstring (registration: own, never inherited)
    card_en: ClassVar[str | None] = None  # its card in English; None: its docstring, its name put in English
    shown_with: ClassVar[tuple[str, str] | None] = None  # a sub-role shown around the role (ja, en): 「狼の子分（{role}）」
    shown_bare_on: ClassVar[frozenset[str]] = frozenset()  # roles it is not shown around (暴動者 on the 暴徒 itself)
    fortune: ClassVar[Fortune] = Fortune.HUMAN
    psychic: ClassVar[PsychicResult] = PsychicResult.HUMAN
    counts: ClassVar[Count] = Count.HUMAN
    human: ClassVar[bool | None] = None  # "is human" for the rules that ask (女王観戦者, 誘惑する女狼); None: counts human
    judge_team: ClassVar[Team | None] = None  # None: the catalog team
    attacks: ClassVar[bool] = False  # takes part in the wolves' attack
    immune_to_wolf_attack: ClassVar[bool] = False
    cursed_by_divination: ClassVar[bool] = False
    steals_victory: ClassVar[bool] = False  # T.1.3 *fox* (a role's or a sub-role's): alive, a decided result is Fox (T.1.2 7a)
    swaps_results: ClassVar[bool] = False  # T.1.2 steps 2–3: while its seat lives, Human and Werewolf swap (闇道化)
    lone_survivor: ClassVar[Team | None] = None  # T.1.2 7(b): ≥ 2 seats hold it, exactly one alive → this team (鴉)
    steals_after_lovers: ClassVar[Team | None] = None  # T.1.2 7(d): alive at a decided result → this team (ローレライ)
    majority: ClassVar[Team | None] = None  # T.1.2 8(a): a role leads, its holders and marked seats > half → this team
    sweeps: ClassVar[Team | None] = None  # T.1.2 8(b–c): every living seat holds it → this team (a role: while its team)
    must_vote: ClassVar[bool] = True
    closes_heaven: ClassVar[str | None] = None  # "in game" / "alive" / "while able": the dead see less (霊界表示 norevive)
    shown: ClassVar[Shown | None] = None
    listens: ClassVar[frozenset[str]] = frozenset()  # chats it reads while alive but never writes (W.1.12)
    hides_votes: ClassVar[bool] = False  # alive, every published vote table is hidden (W.1.11b)
    goat_attacks_all: ClassVar[bool] = False  # as 身代わりくん it takes every open attack, not only as sole wolf
    appears_as_wolf: ClassVar[bool] = False  # listed among the wolves told to those who know them (W.1.12)
    known_to_wolves: ClassVar[bool] = False  # told to the wolves in a second list (W.1.12: スパイⅡ)
    mind_read: ClassVar[str | None] = None  # the word a mind reader (サトリ) reads for it where its 占い is 村人
    blocks_as: ClassVar[Blocked] = Blocked.RESISTANCE  # what its ``resist`` is, when it stops a death (W.1.9f)
    voids_guards: ClassVar[bool] = False  # a mark: guard protections on its seat stop no attack (W.3 破壊の狂人)
    hooks_while_dead: ClassVar[bool] = False  # its level hooks run while its seat is dead too (サイコキラー)
    silences: ClassVar[bool] = False  # a mark: its seat cannot write the day chat (V1.1.15 沈黙; vote and will kept)
    assassination_reflex: ClassVar[Fraction | None] = None  # V1.1.9d: an 暗殺者 aiming at it dies instead w.p. p
    delays_divination: ClassVar[bool] = False  # T.1.11: cast, it turns ``divineresult=immediate`` into sunrise
    eavesdrops: ClassVar[bool] = False  # cast under 障子に目あり (``shoji``), the start warns of it (the reference's LOG_PEEKING_JOBS)
    first_divination_spares: ClassVar[bool | None] = None  # §8 ``firstnightdivine=auto`` never draws it; None: 妖狐系
    believes: ClassVar[str | None] = None  # V1.1.5: the role the seat is told it holds until ``aware`` (預言者: 村人)
    abilities: ClassVar[tuple[Ability, ...]] = ()
    level_hooks: ClassVar[tuple[LevelHook, ...]] = ()  # effects at a resolution level without an action (W.1.6)
    Memory: ClassVar[type | None] = None  # a dataclass: one instance's state on its seat
    # sub-roles, extra roles and marks (layers above a role)
    kind: ClassVar[LayerKind] = LayerKind.ROLE
    until: ClassVar[Expiry] = Expiry.NEVER  # when a mark ends by itself
    seal: ClassVar[Seal | None] = None  # a mark that seals or hypnotizes its seat (W.1.3)
    told: ClassVar[bool] = False  # the seat is told it holds it (恋人, kits)
    fortune_overlay: ClassVar[Fortune | None] = None  # a mark's override of the 占い結果 (W.1.5)
    psychic_overlay: ClassVar[PsychicResult | None] = None
    blocks_divination: ClassVar[bool] = False  # a mark's: its seat's divinations are obstructed (W.1.4)
    counts_as: ClassVar[Count | None] = None  # a sub-role's override of the count
    lover: ClassVar[bool] = False  # counts among the lovers (§7)
    conceals: ClassVar[bool] = False  # T.1.7 hidden lover: its holder is not told of it, nor shown its team
    shows_team: ClassVar[Team | None] = None  # T.1.7 false lover (手玉): the team its holder is shown, judged by none
    told_as: ClassVar[str | None] = None  # the layer its holder is told it holds instead (手玉: 恋人)
    victory_mark: ClassVar[bool] = False  # §7.9
    voids_resistance: ClassVar[bool] = False  # a sub-role that voids its holder's unconditional resistance (T.1.5)
    room_option: ClassVar[str | None] = None  # a room-wide sub-role: the setting that deals it (§11)
    drowses: ClassVar[bool] = False  # V2.1.9 a sub-role (酔っ払い): the layers below it act, know and chat not, no dusk hook
    shows_as: ClassVar[tuple[str, Team] | None] = None  # with ``drowses``: the role id and team its seat is shown as
    death_resistance: ClassVar[bool] = False  # V1.1.13 attribute read by later roles (法医学者): 犬, タフガイ, 罠師, 巫女
    deadly_weapon: ClassVar[bool] = False  # V1.1.13 attribute read by later roles (遺品整理士): 犬, 罠師, 魔女, 暗殺者
    guard_role: ClassVar[bool] = False  # V1.1.13 attribute read by later roles (闇の霊媒師): 罠師
    unshielded: ClassVar[bool] = False  # V2.1.3: holy protection, 巫女の加護 and shields never protect its seat (迷える子羊)
    voices_heaven: ClassVar[bool] = False  # alive, 霊界's lines of the day's discussion are said under its name (悪霊憑き)
    closes_night: ClassVar[bool] = False  # a mark: its seat's night is closed (V2.1.5: no night form, no attacker)
    refuses_revival: ClassVar[bool] = False  # V2.1.10: every revival of its seat does nothing (血まみれのメアリー)
    endless_draw: ClassVar[bool] = True  # エンドレス闇鍋 may draw it for a newcomer or a reborn seat (not 子分選択者, 盗人)
    wins_apart: ClassVar[bool] = False  # ケミカル: its half wins by its rule even when its seat's team is another's (悪魔くん)
    resist_rank: ClassVar[int] = 0  # V2.1.3: ``resist`` asked before lower ranks' (巫女の加護 2, a shield 1; the rest 0)
    # derived at registration
    catalog: ClassVar[CatalogRole]
    reactions: ClassVar[dict[type[Event], tuple[Handler, ...]]] = {}
    has_win_rule: ClassVar[bool] = False
    overrides: ClassVar[frozenset[str]] = frozenset()  # which of ANSWERS it declares (the rest: Role's)
    declaration: ClassVar[Role]

    # -------------------------------------------------------------- derived data

    @property
    def name_ja(self) -> str:
        return self.catalog.name_ja

    @property
    def team(self) -> Team:
        """The team it judges with (§7): ``judge_team`` or the catalog's team."""
        return self.judge_team or self.catalog.team

    @property
    def category(self) -> Category:
        return self.catalog.category

    @property
    def sub_role(self) -> bool:
        return self.kind is not LayerKind.ROLE

    def __repr__(self) -> str:
        return f"<role {self.id}>"

    def __deepcopy__(self, memo: dict[int, object]) -> Role:
        return self  # a declaration is one stateless object shared by every game and its copies

    def __reduce__(self) -> tuple[Callable[[type[Role]], Role], tuple[type[Role]]]:
        return _declaration, (type(self),)  # pickled by its class: unpickled, it is the same declaration

    def __str__(self) -> str:
        return f"{self.name_ja} ({self.name_en})"

    # -------------------------------------------------------------- answers

    def attacking(self, me: Layer) -> bool:
        """Whether the seat takes part in the wolves' attack (``attacks``); a role may read its memory
        (W.1.9a: 孤独な狼), its seat's identity settled again when that changes (``ctx.resettle``)."""
        return self.attacks

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        """Its own resistance to a death (§5.2 steps 3–4; an execution too, プリンス): True means the
        seat does not die."""
        return False

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        """The other seats it knows and as what (a role id or a group name such as ``wolves``)."""
        return {}

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        """The night chats it reads and writes (:class:`Chat` names)."""
        return frozenset()

    def speaks_in_heaven(self, ctx: Context, me: Layer) -> bool:
        """Whether the dead seat writes in 霊界 (a departed スパイ does not)."""
        return True

    def partners(self, ctx: Context, me: Layer) -> set[Seat]:
        """The seats a lover was paired with."""
        return set()

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        """Its win rule (the seat did not die suddenly and the game is not a draw)."""
        return result == ctx.identity(me.seat).team()

    def keeps_alive(self, ctx: Context, me: Layer, seat: Seat) -> bool:
        """Whether this layer, its seat alive, keeps the dead ``seat`` *alive for the win* (T.1.4: a
        地縛霊 haunting it); asked by :meth:`~jinrou.classic.context.Context.alive_for_win`."""
        return False

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        """How many votes its vote is worth beyond 1 (権力者)."""
        return 0

    def vote_priority(self, ctx: Context, me: Layer) -> int:
        """The priority its vote gives its candidate (決定者)."""
        return 0

    def vote_received(self, ctx: Context, me: Layer) -> int:
        """Votes its living seat receives beyond those cast, per ballot it is a candidate of, after the
        tally (V1.1.2: 痛恨); below 0, votes taken off those it received, never below 0 (T.1.10: 獅子舞's bite)."""
        return 0

    def priority_received(self, ctx: Context, me: Layer) -> int:
        """V2.1.11 *received priority*: how much it raises, per ballot, the priority its living seat got
        from its voters, when it got votes (アイドル: 1 from day 5 while no fan lives)."""
        return 0

    def relays(self, ctx: Context, me: Layer) -> frozenset[Seat]:
        """The seats that read every notice told to its seat from now on (V2.1.8b: a 配信者's listeners)."""
        return frozenset()

    def listened(self, me: Layer) -> frozenset[str]:
        """The chats its layer reads while alive without writing: ``listens``, or chats of its own layer
        (V2.1.8b: a listener reads its 配信者's stream)."""
        return self.listens

    def attribute(self, ctx: Context, me: Layer, name: str) -> bool:
        """V2.1.12: whether this layer gives its seat the attribute ``name`` now (``death_resistance``,
        ``deadly_weapon``, ``guard_role``): its flag; a role whose attribute holds only at times says so
        (貴族: death resistance while a 奴隷 lives)."""
        return bool(getattr(self, name, False))

    def believed(self, me: Layer) -> str | None:
        """V1.1.5: the role id the seat is told it holds instead of this one (``believes``) until its
        memory says it is ``aware``; None: it knows its role."""
        return None if self.believes is None or getattr(me.memory, "aware", False) else self.believes

    def dealt(self, ctx: Context) -> list[Seat]:
        """A room-wide layer's seats at the start (§11, after the roles are dealt): one uniform seat,
        draw named ``room_option``, when its setting is on (決定者, 権力者); a layer dealt otherwise says
        so (V2.1.9: 酔っ払い; 子分選択者, a role dealt as an extra role to a wolf)."""
        if self.room_option and ctx.settings.on(self.room_option):
            return [ctx.draw_seat(self.room_option, list(ctx.seats()))]
        return []

    def shows(self, me: Layer) -> str | None:
        """A layer above the role: the role id its seat is shown instead of its own (V2.1.15: a robbed
        seat sees its old role until its next dusk); None: it shows nothing."""
        return None

    def still_reviving(self, ctx: Context, me: Layer) -> bool:
        """With ``closes_heaven = "while able"``: whether it may still bring a seat back now (W.1.12: a
        living マッドサイエンティスト with its revival unused)."""
        return ctx.alive(me.seat)


R = TypeVar("R", bound=type[Role])

ROLES: dict[str, Role] = {}
"""Every declared role by id (the playable roles), in declaration order."""
SUB_ROLES: dict[str, Role] = {}
"""Every declared sub-role, extra role and mark by id."""


ANSWERS = ("resist", "knows", "chats", "speaks_in_heaven", "partners", "vote_weight", "vote_priority",
           "vote_received", "priority_received", "keeps_alive", "relays")
"""The answers an identity asks only of the layers that declare them: Role's default of each changes
nothing (no resistance, nobody known, no chat, speaks, no partner, +0 votes, priority 0)."""


DEALT: list[Role] = []
"""The roles and sub-roles a room deals at the start beside the cast (§11: 決定者, 権力者, 子分選択者, 酔っ払い),
in declaration order — the order of their draws: those with a ``room_option`` or their own ``dealt``."""


def _register(cls: type[Role]) -> Role:
    cls.card_ja = cls.__dict__.get("card_ja")  # a card is the declaration's own: a subclass writes its own
    cls.card_en = cls.__dict__.get("card_en")
    cls.reactions = reactions(cls)
    cls.has_win_rule = cls.wins is not Role.wins
    cls.overrides = frozenset(name for name in ANSWERS if getattr(cls, name) is not getattr(Role, name))
    cls.declaration = cls()
    if cls.__dict__.get("room_option") or "dealt" in cls.__dict__:
        DEALT.append(cls.declaration)
    return cls.declaration


def role(cls: R) -> R:
    """Register a role declaration; its id is the class name and must be a catalog id."""
    cls.id = cls.__name__
    cls.catalog = catalog_role(cls.id)
    if "name_en" in cls.__dict__:
        raise ValueError(f"role {cls.id!r} declares its English name: a role's names are the catalog's "
                         "(jinrou.classic.catalog.NAMES_EN), one per language")
    cls.name_en = cls.catalog.name_en
    if cls.id in ROLES:
        raise ValueError(f"role {cls.id!r} is declared twice")
    ROLES[cls.id] = _register(cls)
    return cls


def sub_role(name_en: str, name_ja: str, kind: LayerKind = LayerKind.SUB) -> Callable[[R], R]:
    """Register a sub-role, extra role or mark (not a catalog role): ids are the class names."""

    def register(cls: R) -> R:
        cls.id = cls.__name__
        cls.name_en = name_en
        cls.kind = kind
        cls.catalog = CatalogRole(cls.id, name_ja, name_en, Team.NONE, Category.NONE, None, False, False, True, -1)
        SUB_ROLES[cls.id] = _register(cls)
        return cls

    return register


def mark(name_en: str, name_ja: str, until: Expiry = Expiry.NEVER) -> Callable[[R], R]:
    """Register a mark (W.1.7): a timed state placed on a seat, ending by itself at ``until``."""

    def register(cls: R) -> R:
        cls.until = until
        return sub_role(name_en, name_ja, LayerKind.MARK)(cls)

    return register


def _declaration(cls: type[Role]) -> Role:
    """The declaration of a role class (how a pickled game names it)."""
    return cls.declaration


def declared(role_id: str) -> Role:
    """The declaration of a role, sub-role or mark by id (registered: the roles package imported)."""
    return ROLES.get(role_id) or SUB_ROLES[role_id]


__all__ = ["DEALT", "ROLES", "ROOM_RULES", "SUB_ROLES", "Ability", "Chat", "Kept", "LevelHook", "Role", "Shared", "Shown", "declared", "mark",
           "role", "sub_role"]

