"""What the open phase holds: a night's submissions, protections and redirections (:class:`Night`) or a
ballot's votes (:class:`Ballot`).

Plain data that the phase modules (:mod:`~jinrou.classic.night`, :mod:`~jinrou.classic.ballot`) fill
and the roles' :class:`~jinrou.classic.context.Context` reads, with the rules every mechanic shares
(§4's attacks and guards, W.1.2's redirection, W.1.10's dead actions, §6's votes). What one role's
mechanic keeps is not a field here but its own shared memory (:class:`~jinrou.classic.role.Shared`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from jinrou.classic.actions import Action
from jinrou.classic.identity import Layer
from jinrou.classic.model import GuardKind, Seat

MAX_REVOTES = 4
"""A ballot taken again this many times draws the game unless a team has won (§6)."""


class Then(enum.Enum):
    """What follows a burial once the hunters have shot and nobody has won (a hunter stage keeps it
    in ``State.resume``): the next step of the game's phases."""

    ROOM_DAWN = "room dawn"  # the room rules' dawn (死神の手帳), then the dawn hooks
    DAWN_HOOKS = "dawn hooks"  # the dawn hooks, after the night's deaths
    OPEN_VOTE = "open vote"  # the day's first ballot
    RETAKE = "retake"  # the ballot again, after its non-voters died
    DUSK = "dusk"  # the next night
    NEXT_EXECUTION = "next execution"  # V1.1.3: a new ballot, executions being left today


@dataclass
class Ballot:
    """The open ballot: a plain vote or a runoff among ``candidates``."""

    runoff: bool
    candidates: tuple[Seat, ...]
    votes: dict[Seat, Seat] = field(default_factory=dict)
    weights: dict[Seat, int] = field(default_factory=dict)  # each vote's weight, counted when cast (W.1.11a)
    ended: bool = False  # a day action ended the day without a vote (W.1.1: 自爆); its votes are void
    decreed: Seat | None = None  # V1.1.1: the seat a day action (独裁者) executes when the ended day closes
    decreed_by: Seat | None = None  # its only voter (V1.2 独裁者: for 爆弾魔's bomb)


@dataclass
class Night:
    """What is submitted and placed during one night."""

    actions: list[Action] = field(default_factory=list)
    owners: list[Layer | None] = field(default_factory=list)  # whose ability each action used (§8 商人)
    attacks: int = 0  # attacks the wolves must choose tonight
    attacks_cancelled: bool = False  # W.1.9: the attacks not yet resolved tonight do nothing
    fixed_attack: Action | None = None  # night 1 with 身代わりくん
    guarded: dict[Seat, list[Seat]] = field(default_factory=dict)
    redirects: dict[Seat, Seat] = field(default_factory=dict)  # W.1.2: an effect aimed at a seat lands elsewhere
    dead_actions: list[tuple[Action, Layer]] = field(default_factory=list)  # taken by "while dead" rules
    deaths: int = 0
    guard_kinds: dict[Seat, list[GuardKind]] = field(default_factory=dict)  # each of ``guarded``'s, in order
    rank: dict[Seat, int] = field(default_factory=dict)  # P over the seats sharing a level (§4.2)
    late_hooks: list[Layer] = field(default_factory=list)  # layers with level hooks gained while resolving
    bite: tuple[Seat, Seat] | None = None  # V2.1.4: the seat a wolf attack is killing now, and that wolf

    def guard(self, target: Seat, guard: Seat, kind: GuardKind = GuardKind.HUNTER) -> None:
        """Protect ``target`` from wolf and vampire attacks for the rest of the night."""
        self.guarded.setdefault(target, []).append(guard)
        self.guard_kinds.setdefault(target, []).append(kind)

    def guards_on(self, target: Seat, kind: GuardKind = GuardKind.HUNTER) -> list[Seat]:
        """The seats whose protection of ``kind`` ``target`` holds tonight, in the order placed."""
        return [g for g, k in zip(self.guarded.get(target, ()), self.guard_kinds.get(target, ()), strict=True)
                if k is kind]

    def unguard(self, target: Seat, guard: Seat | None = None) -> None:
        """``guard``'s protections of ``target`` are removed (a bomb or a 罠 punished them); with no
        ``guard``, every protection placed on it so far tonight (W.1.3: a hypnosis voids them)."""
        kept = [(g, k) for g, k in zip(self.guarded.get(target, ()), self.guard_kinds.get(target, ()), strict=True)
                if guard is not None and g != guard]
        if kept:
            self.guarded[target] = [g for g, _ in kept]
            self.guard_kinds[target] = [k for _, k in kept]
        else:
            self.guarded.pop(target, None)
            self.guard_kinds.pop(target, None)


__all__ = ["MAX_REVOTES", "Ballot", "Night", "Then"]
