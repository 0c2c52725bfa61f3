"""How a role is declared: its data and its behaviour in one class (classic-werewolf spec §12).

A role is a subclass of :class:`Role` registered with :func:`role`. Its static columns (Japanese
name, team, category, strength, non-human, hidden) come from the catalog row of the same id, so they
are written once, in the catalog; the class adds what the engine needs:

* values — ``name_en``, ``fortune`` and ``psychic`` results, ``counts`` (parity), ``judge_team``
  when it judges apart from its catalog team, and flags the engine asks (``attacks``,
  ``immune_to_wolf_attack``, ``cursed_by_divination``, ``steals_victory``, ``must_vote``);
* ``abilities`` — its night actions (:class:`Ability`: verb, level, when, targets, required, effect);
* hooks from a fixed set — ``setup``, ``on_dusk``, ``on_dawn``, ``on_burial``, ``resist``,
  ``on_death``, ``on_attack_at``, ``while_dead``, ``knows``, ``reveals_to``,
  ``chats``, ``speaks_in_heaven``, ``wins``, ``vote_weight``, ``vote_priority``.

The engine (:mod:`jinrou.classic.game`) only ever calls these; it never names a role. Sub-roles
(恋人, 商人's kits, 聖職者's protection, 決定者, 権力者) are :class:`Role` objects too, held on top of
a seat's role: they add abilities, hooks and a win rule but never change results or counts.

A role's per-seat memory is ``game.memory(seat, role)``, a dict private to that role on that seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, TypeVar

from jinrou.classic.catalog import CatalogRole, Category, Team, catalog_role
from jinrou.classic.model import Action, Cause, Count, Fortune, Moment, PsychicResult, Seat, Verb

if TYPE_CHECKING:
    from jinrou.classic.game import Game


class Chat:
    """Night chats a role reads and writes (§9). Day, monologue and 霊界 are every seat's."""

    WOLF = "wolf"
    FOX = "fox"
    COUPLE = "couple"
    MAD_COUPLE = "madcouple"


class Ability:
    """A night action (or the hunter's shot) of a role.

    Subclasses set ``verb``, ``level`` (resolution order, §4.2; None: takes effect when submitted),
    ``arity`` (number of targets) and override the hooks below. Defaults: every night, required,
    once per night, targets = other living seats.
    """

    verb: ClassVar[Verb]
    level: ClassVar[int | None] = 100
    arity: ClassVar[int] = 1
    required: ClassVar[bool] = True

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        """Whether ``seat`` may use it tonight (before anything is submitted)."""
        return True

    def is_required(self, game: Game, seat: Seat, owner: Role) -> bool:
        """Whether leaving it undone tonight is a sudden death."""
        return self.required and bool(self.targets(game, seat, owner) or self.arity == 0)

    def done(self, game: Game, seat: Seat, owner: Role) -> bool:
        """Whether ``owner``'s use of it has been used up for tonight (a kit's apart from the role's)."""
        return game.done(seat, self.verb, owner) > 0

    def targets(self, game: Game, seat: Seat, owner: Role) -> list[Seat]:
        """The seats it may be aimed at tonight."""
        return [s for s in game.living() if s != seat]

    def check(self, game: Game, action: Action, owner: Role) -> str | None:
        """A reason to refuse ``action`` beyond its targets (None: fine)."""
        return None

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        """What happens at once when it is submitted (pairing, kits, immediate results)."""

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        """What happens at its level in the night's resolution."""


class Role:
    """A role's declaration. See the module docstring; every attribute has a default."""

    id: ClassVar[str]
    name_en: ClassVar[str] = ""
    fortune: ClassVar[Fortune] = Fortune.HUMAN
    psychic: ClassVar[PsychicResult] = PsychicResult.HUMAN
    counts: ClassVar[Count] = Count.HUMAN
    judge_team: ClassVar[Team | None] = None  # None: the catalog team
    attacks: ClassVar[bool] = False  # takes part in the wolves' attack
    immune_to_wolf_attack: ClassVar[bool] = False
    cursed_by_divination: ClassVar[bool] = False
    steals_victory: ClassVar[bool] = False  # §7.7a: alive, it takes a decided result for its team
    must_vote: ClassVar[bool] = True
    closes_heaven: ClassVar[str | None] = None  # "in game" / "alive": the dead see less (霊界表示 norevive)
    abilities: ClassVar[tuple[Ability, ...]] = ()
    sub_role: ClassVar[bool] = False
    catalog: ClassVar[CatalogRole]

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

    def __repr__(self) -> str:
        return f"<role {self.id}>"

    def __deepcopy__(self, memo: dict[int, object]) -> Role:
        return self  # a declaration is one stateless object shared by every game and its copies

    def __reduce__(self) -> tuple[Callable[[str, bool], Role], tuple[str, bool]]:
        return declared, (self.id, self.sub_role)  # pickled by id: unpickled, it is the same declaration

    def __str__(self) -> str:
        return f"{self.name_ja} ({self.name_en})"

    # -------------------------------------------------------------- hooks

    def setup(self, game: Game, seat: Seat) -> None:
        """At the start of the game."""

    def on_dusk(self, game: Game, seat: Seat) -> None:
        """When a night starts (living seats)."""

    def on_dawn(self, game: Game, seat: Seat) -> None:
        """When a day starts (living seats): results, charges."""

    def on_burial(self, game: Game, seat: Seat, moment: Moment) -> None:
        """In every pass of a burial (living seats, seat order): suicides, role changes, notes."""

    def resist(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> bool:
        """The role's own resistance to a death (§5.2 step 4; an execution too, プリンス): True means it
        does not die."""
        return False

    def on_death(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        """Right after the seat died (§5.3): poison, infection, marks, arming."""

    def on_attack_at(self, game: Game, seat: Seat, host: Seat, cause: Cause) -> None:
        """A wolf or vampire attack was aimed at ``host`` tonight (for 逃亡者 hiding there)."""

    def while_dead(self, game: Game, seat: Seat) -> Action | None:
        """An action a dead seat takes by itself tonight (猫又)."""
        return None

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        """The other seats it knows and as what (a role id or a group name such as ``wolves``)."""
        return {}

    def reveals_to(self, game: Game, seat: Seat, viewer: Seat) -> str | None:
        """How ``seat`` shows itself to ``viewer`` beyond the viewer's own knowledge (女王観戦者)."""
        return None

    def speaks_in_heaven(self, game: Game, seat: Seat) -> bool:
        """Whether the dead seat writes in 霊界 (a departed スパイ does not)."""
        return True

    def chats(self, game: Game, seat: Seat) -> frozenset[str]:
        """The night chats it reads and writes (:class:`Chat` names)."""
        return frozenset()

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        """Its win rule (the seat did not die suddenly and the game is not a draw)."""
        return result == game.team_of(seat)

    def vote_weight(self, game: Game, seat: Seat) -> int:
        """How many votes its vote is worth beyond 1 (sub-roles: 権力者)."""
        return 0

    def vote_priority(self, game: Game, seat: Seat) -> int:
        """The priority its vote gives its candidate (sub-roles: 決定者)."""
        return 0


R = TypeVar("R", bound=type[Role])

ROLES: dict[str, Role] = {}
"""Every declared role by id (the playable roles), in declaration order."""
SUB_ROLES: dict[str, Role] = {}
"""Every declared sub-role by id."""


def role(cls: R) -> R:
    """Register a role declaration; its id is the class name and must be a catalog id."""
    cls.id = cls.__name__
    cls.catalog = catalog_role(cls.id)
    if not cls.name_en:
        cls.name_en = cls.catalog.name_en
    if cls.id in ROLES:
        raise ValueError(f"role {cls.id!r} is declared twice")
    ROLES[cls.id] = cls()
    return cls


def sub_role(name_en: str, name_ja: str) -> Callable[[R], R]:
    """Register a sub-role (not a catalog role): ids are the class names."""

    def register(cls: R) -> R:
        cls.id = cls.__name__
        cls.name_en = name_en
        cls.sub_role = True
        cls.catalog = CatalogRole(cls.id, name_ja, name_en, Team.NONE, Category.NONE, None, False, False, True, -1)
        SUB_ROLES[cls.id] = cls()
        return cls

    return register


def declared(role_id: str, sub: bool = False) -> Role:
    """The declaration of a role (or sub-role) by id, as a pickled game names it."""
    import jinrou.classic.roles  # noqa: F401  (registers the declarations)

    return (SUB_ROLES if sub else ROLES)[role_id]


def members(game: Game, test: Callable[[Role], bool], exclude: Seat | None = None) -> list[Seat]:
    """Seats (alive or dead) whose role passes ``test``."""
    return [s for s in game.seats() if s != exclude and test(game.role(s))]
