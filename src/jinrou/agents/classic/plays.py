"""The bots' play per role: what a seat of a role does with its verbs and says of itself, declared by
the role groups' modules (:mod:`.village`, :mod:`.werewolves` …) and looked up by the main loop
(:mod:`.bots`), which names no role.

A role's play is one :class:`Play`, declared once with :func:`declare` (its id is the role's, or a
sub-role's: a kit's verbs are played by the kit's play). What a play may hold:

* ``policies`` — verb → :data:`Policy`, the choice for a legal action of that verb (or None: not
  now). A seat's verb is played by its role's policy, else by the policy of a sub-role it is told
  of, else by the verb's default (:func:`default`: the vocabulary's shared verbs — divine, guard,
  attack, … — whose play :mod:`.common` declares for every role that holds one), else by the policy
  of the first play that declares the verb (a seat holding another role's verb: フランケンシュタインの怪物
  takes the dead's abilities), else uniformly when required and not at all when optional;
* what goes with its verbs, for whoever holds them: ``exclusive`` — verbs of which the first chosen
  stays (魔女's potions: one a night), ``finish`` — what the choices become once made (欲張りな狼's
  extra attack after a gorge), ``names`` — the seat it names in its talk (独裁者: the seat it will
  decree); each does nothing unless its verbs are chosen or legal;
* what the role says: the claims that report its results (``reports``), the role it comes out as
  (``claims_as``), whether it comes out with its partner (``paired``), when a village role — or a third
  party the village gains nothing by executing (``third``: ストーカー, 鴉, 決闘者 …) — comes out as
  itself (``comes_out``), the coming out that gets it executed (``bait``), the village role a hostile
  third party hides behind (``cover``: a カルトリーダー on the block says 村人), and whether it always
  plays a fake 占い師 (``fakes_seer``);
* what the others read in a claim of it: its holder's worth to the village per unit of trust
  (``worth``), and the flags ``power``, ``guards`` and ``targeted`` that other roles' policies ask
  (:func:`roles`);
* how its messages are read into a bot's notes (``reads``: message key → :data:`Reader`), where what
  they say is a note the main loop weighs (予言者のママ's seers, 妖術師's and サトリ's readings, the
  guards 直感派狼 senses); a message no play reads is only counted as read.

Declaring a play registers it; :func:`forget` removes one (a role a test declares for a while).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from jinrou.classic.claims import ClaimKind
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Message, Seat, Verb, Vote
from jinrou.classic.views import SeatView

if TYPE_CHECKING:
    from jinrou.agents.classic.assessment import Assessment
    from jinrou.agents.classic.bots import HeuristicAgent
    from jinrou.agents.classic.notes import Notes

Policy = Callable[["HeuristicAgent", SeatView, "Assessment", Legal, Sequence[float], np.random.Generator],
                  "Action | None"]
"""A choice for one legal action: (bot, view, assessment, legal, noise, rng) → an action, or None."""
Finish = Callable[["HeuristicAgent", SeatView, "Assessment", "list[Action | Vote]", Sequence[float],
                   np.random.Generator], "list[Action | Vote]"]
"""What a seat's choices become once made (they come in and go out before the votes are put last)."""
ComesOut = Callable[["HeuristicAgent", SeatView, "Assessment"], bool]
"""Whether a village role comes out as itself now."""
Bait = Callable[["HeuristicAgent", SeatView], "str | None"]
"""The role a seat that wants to be executed comes out as now (None: not now)."""
Names = Callable[[SeatView, "Assessment"], "Seat | None"]
"""The seat a seat names in its talk, coming out and saying it votes for it (None: none; its verb is
not legal)."""
Reader = Callable[["Notes", Message], None]
"""How a bot notes a message it was told: (its notes, the message)."""


@dataclass(frozen=True)
class Play:
    """One role's play (see the module docstring); every field but the id has a default: nothing
    of its own."""

    role: str
    policies: Mapping[Verb, Policy] = field(default_factory=dict)
    exclusive: tuple[tuple[Verb, ...], ...] = ()  # of each group, the first chosen stays
    finish: Finish | None = None  # once the choices are made: it must leave them as they are without its verb
    reports: ClaimKind | None = None  # its results, said as these claims (占い師: DIVINED)
    claims_as: str | None = None  # the role it comes out as, and reports as (一言主神: 占い師)
    paired: bool = False  # comes out at once; the members know each other (共有者)
    comes_out: ComesOut | None = None  # a village role that comes out as itself, when this says so
    bait: Bait | None = None  # wants to be executed: comes out as the role this returns (悪魔くん: 人狼)
    third: bool = False  # a third party the village has no reason to execute: ``comes_out`` as for a village role
    cover: Bait | None = None  # a hostile third party: comes out as the role this returns (村人) to stay hidden
    names: Names | None = None  # the seat it comes out naming, its VOTE claim (独裁者), while its verb is legal
    fakes_seer: bool = False  # a wolf-side diviner: always a fake 占い師 reporting what it read (妖術師)
    worth: float = 1.0  # a trusted claimant's value to the village, per unit of trust (占い師 3)
    power: bool = False  # a village power role: a seat claiming it is worth seducing, reviving, shielding
    guards: bool = False  # protects by night: a 一途な狼 lunges through it, a 爆弾魔 bombs it
    targeted: bool = False  # its claim draws the wolf side's night tricks first (威嚇, 催眠, 狂犬's bite)
    reads: Mapping[str, Reader] = field(default_factory=dict)  # its messages' keys → how a bot notes them


NO_PLAY = Play("")
"""The play of a role that declares none: nothing of its own."""

_PLAYS: dict[str, Play] = {}
_DEFAULTS: dict[Verb, Policy] = {}
_REPORTERS: dict[ClaimKind, str] = {}
_DECLARED: dict[Verb, Policy] = {}  # each verb's policy in the first play that declares it
_EXCLUSIVE: list[tuple[Verb, ...]] = []
_FINISHES: list[Finish] = []
_NAMES: list[Names] = []
_PAIRED: list[str] = []
_READERS: dict[str, Reader] = {}


def declare(*plays: Play) -> None:
    """Register plays, each under its role id: once a role, one reporter a claim kind, one reader a
    message (checked for all before any is registered)."""
    roles, reporters = dict(_PLAYS), dict(_REPORTERS)
    for play in plays:
        if play.role in roles:
            raise ValueError(f"the play of {play.role!r} is declared twice")
        if play.reports is not None and play.reports in reporters:
            raise ValueError(f"{play.role!r} reports {play.reports.value} claims, as {reporters[play.reports]!r} does")
        read = next((key for key in play.reads for other in roles.values() if key in other.reads), None)
        if read is not None:
            raise ValueError(f"{play.role!r} reads the message {read!r}, as another play does")
        roles[play.role] = play
        if play.reports is not None:
            reporters[play.reports] = play.role
    _PLAYS.update(roles)
    _REPORTERS.update(reporters)
    _index()


def forget(role: str) -> None:
    """Remove the play of ``role`` (a role declared for a while, by a test)."""
    play = _PLAYS.pop(role)
    if play.reports is not None:
        del _REPORTERS[play.reports]
    _index()


def _index() -> None:
    """What the main loop asks of every play, gathered in the order declared."""
    _DECLARED.clear()
    for play in reversed(_PLAYS.values()):
        _DECLARED.update(play.policies)
    _EXCLUSIVE[:] = [group for play in _PLAYS.values() for group in play.exclusive]
    _FINISHES[:] = [play.finish for play in _PLAYS.values() if play.finish is not None]
    _NAMES[:] = [play.names for play in _PLAYS.values() if play.names is not None]
    _PAIRED[:] = [play.role for play in _PLAYS.values() if play.paired]
    _READERS.clear()
    for play in _PLAYS.values():
        _READERS.update(play.reads)


def default(verb: Verb, policy: Policy) -> None:
    """Register the play of ``verb`` for a seat whose role and told sub-roles declare none for it."""
    if verb in _DEFAULTS:
        raise ValueError(f"the default play of {verb.value!r} is declared twice")
    _DEFAULTS[verb] = policy


def of(role: str | None) -> Play:
    """The play of ``role`` (:data:`NO_PLAY` when it declares none)."""
    return _PLAYS.get(role or "", NO_PLAY)


def policy(role: str | None, subs: Iterable[str], verb: Verb) -> Policy | None:
    """The policy for ``verb`` of a seat holding ``role`` and told of ``subs``: its role's, else a
    sub-role's, else the verb's default, else the first declared for the verb (None: no policy)."""
    for held in (role, *subs):
        found = _PLAYS.get(held or "")
        if found is not None and verb in found.policies:
            return found.policies[verb]
    return _DEFAULTS.get(verb) or _DECLARED.get(verb)


def exclusive() -> Sequence[tuple[Verb, ...]]:
    """Every play's groups of exclusive verbs."""
    return _EXCLUSIVE


def finishes() -> Sequence[Finish]:
    """Every play's ``finish``, in the order declared."""
    return _FINISHES


def named(view: SeatView, a: Assessment) -> Seat | None:
    """The seat the view's seat names in its talk today (the first play's ``names`` that names one)."""
    for names in _NAMES:
        seat = names(view, a)
        if seat is not None:
            return seat
    return None


def defaults() -> dict[Verb, Policy]:
    """The verbs' default policies (the registry itself: a test may take one out for a while)."""
    return _DEFAULTS


def reporter(kind: ClaimKind) -> str:
    """The role whose results ``kind`` claims report (DIVINED: 占い師, IDENTIFIED: 霊能者)."""
    return _REPORTERS[kind]


def reader(key: str) -> Reader | None:
    """How a bot notes the message ``key`` (None: no play reads it)."""
    return _READERS.get(key)


def paired() -> Sequence[str]:
    """The paired roles (共有者), asked at every assessment."""
    return _PAIRED


def roles(flag: Callable[[Play], bool]) -> tuple[str, ...]:
    """The roles whose play has ``flag``, in the order declared."""
    return tuple(role for role, play in _PLAYS.items() if flag(play))


__all__ = ["NO_PLAY", "Bait", "ComesOut", "Finish", "Names", "Play", "Policy", "Reader", "declare", "default",
           "defaults", "exclusive", "finishes", "forget", "named", "of", "paired", "policy", "reader", "reporter",
           "roles"]
