"""Offline quantum werewolf (オフライン版量子人狼): the rules of spec §1 as a pure game module.

The game master enters what happens at the table as *entries* — pointers (襲撃先指定), announced
divination results (占い結果の発表), votes, and each executed player's collapse (処刑死の判定) — and
:class:`OfflineGame` derives everything else: deaths by attack (襲撃死), lost seer possibilities
(占い師の判定), struck pointers (襲撃先指定の修正), the win check (勝敗の判定) and the world collapse.
A game is the fold of its entries, so undo is "replay all but the last", and the record is the
entry list (``jinrou.offline/1``, see ``docs/offline-quantum-werewolf.md``).

Flow: night 1 (everybody points) → day 1 (announcements, vote, execution, collapse) → night 2 → …
The collapse of the executed player is the only random element; :mod:`jinrou.offline.model` gives
its exact probability, and a collapse with no consistent way behind it is refused.

>>> game = OfflineGame.new(Setup.create(["A", "B", "C", "D", "E"], wolves=1))
>>> for pointer, target in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]:
...     game = game.apply(Point(1, pointer, target))
>>> game.phase, game.pointer_count(1)
('day 1', 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

import numpy as np

from jinrou.chance import uniform_below
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError, SetupError
from jinrou.offline.model import Counts, Facts, Threshold, source_formula
from jinrou.outcome import Termination, Winner
from jinrou.players import Seat, check_setup, names_for


def _wolves_for(players: int) -> int:
    """The source's wolf count: 2 wolves up to 14 players, 3 for 15–19, 4 for 20–24, one more per 5
    beyond (not quantum werewolf's :func:`jinrou.quantum.game.default_wolves`)."""
    return 2 if players < 15 else 3 + (players - 15) // 5


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    wolves: int

    def __post_init__(self) -> None:
        check_setup(self.players, self.wolves, "offline quantum werewolf")
        for name in self.players:
            if " " in name or "," in name:
                raise SetupError(f"player name {name!r} may not contain spaces or commas (the GM types it)")

    @classmethod
    def create(cls, players: int | Sequence[str], wolves: int | None = None) -> Setup:
        names = names_for(players, "offline quantum werewolf") if isinstance(players, int) else tuple(players)
        return cls(names, _wolves_for(len(names)) if wolves is None else wolves)


# ------------------------------------------------------------------ entries


@dataclass(frozen=True)
class Point:
    """At night ``night``, ``player`` points at ``target`` (the player he would attack)."""

    night: int
    player: Seat
    target: Seat


@dataclass(frozen=True)
class Announce:
    """On day ``day``, ``player`` announces "I divined ``target``: wolf / human"."""

    day: int
    player: Seat
    target: Seat
    wolf: bool


@dataclass(frozen=True)
class CastVote:
    """On day ``day``, ``player`` votes for ``target``."""

    day: int
    player: Seat
    target: Seat


@dataclass(frozen=True)
class Collapse:
    """The executed ``player`` collapses to wolf or human: by the GM's d100 ``roll``, or (roll None)
    drawn by the tool with the exact probability."""

    player: Seat
    wolf: bool
    roll: int | None = None


Entry = Point | Announce | CastVote | Collapse


# --------------------------------------------------------------- happenings


@dataclass(frozen=True)
class Happening:
    """Something the rules made happen, for the log: ``kind`` is death, seer-lost, seer-named, tie,
    or end; ``player`` and ``detail`` say who and why."""

    kind: str
    player: Seat | None
    detail: str


# --------------------------------------------------------------------- game


@dataclass(frozen=True)
class OfflineGame:
    """An offline game: its setup, its entries and everything they imply."""

    setup: Setup
    entries: tuple[Entry, ...] = ()
    number: int = 1
    is_night: bool = True
    alive: frozenset[Seat] = frozenset()
    roles: tuple[tuple[Seat, bool], ...] = ()  # collapsed players: (seat, is wolf)
    lost_seer: frozenset[Seat] = frozenset()
    seer: Seat | None = None
    votes: tuple[tuple[Seat, Seat], ...] = ()  # this round
    executed: Seat | None = None  # awaiting his collapse
    first_executed: Seat | None = None
    happenings: tuple[tuple[int, Happening], ...] = ()  # (entry index, happening)
    termination: Termination | None = None
    reason: str = ""  # the termination in words

    @classmethod
    def new(cls, setup: Setup) -> OfflineGame:
        return cls(setup, alive=frozenset(range(len(setup.players))))

    @classmethod
    def replay(cls, setup: Setup, entries: Iterable[Entry]) -> OfflineGame:
        """The game after ``entries``; an invalid entry raises naming it ``event N`` (counting from 1)."""
        game = cls.new(setup)
        for number, entry in enumerate(entries, 1):
            try:
                game = game.apply(entry)
            except (IllegalActionError, ImpossibleOutcomeError) as error:
                kind = {Point: "point", Announce: "announce", CastVote: "vote", Collapse: "collapse"}.get(type(entry))
                raise type(error)(f"event {number} ({kind}): {error}") from None
        return game

    def undo(self) -> OfflineGame:
        """The game without its last entry."""
        if not self.entries:
            raise IllegalActionError("nothing to undo")
        return OfflineGame.replay(self.setup, self.entries[:-1])

    # ------------------------------------------------------------ questions

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def phase(self) -> str:
        return f"{'night' if self.is_night else 'day'} {self.number}"

    @property
    def winner(self) -> Winner | None:
        """The winning side once the game is over."""
        return None if self.termination is None else self.termination.winner

    @property
    def is_over(self) -> bool:
        return self.termination is not None

    @property
    def collapsed(self) -> dict[Seat, bool]:
        """Collapsed players: seat → is wolf."""
        return dict(self.roles)

    def seat(self, name: str) -> Seat:
        """The seat of ``name`` (case-insensitive)."""
        for seat, known in enumerate(self.names):
            if known.casefold() == str(name).casefold():
                return seat
        raise IllegalActionError(f"unknown player {name!r}: players are {', '.join(self.names)}")

    @property
    def pointers(self) -> list[Point]:
        return [e for e in self.entries if isinstance(e, Point)]

    @property
    def announcements(self) -> list[Announce]:
        return [e for e in self.entries if isinstance(e, Announce)]

    def pointer_count(self, seat: Seat) -> int:
        """襲撃先指定数: pointers recorded on ``seat`` whose pointer is still alive."""
        return sum(1 for p in self.pointers if p.target == seat and p.player in self.alive)

    def has_seer_possibility(self, seat: Seat) -> bool:
        return seat not in self.lost_seer and (self.seer is None or self.seer == seat)

    def waiting_for(self) -> tuple[Seat, ...]:
        """Who still has to point (at night) or vote (by day)."""
        if self.is_over or self.executed is not None:
            return ()
        if self.is_night:
            done = {p.player for p in self.pointers if p.night == self.number}
        else:
            done = {voter for voter, _ in self.votes}
        return tuple(sorted(self.alive - done))

    @cached_property
    def facts(self) -> Facts:
        return Facts(
            players=len(self.names),
            wolves=self.setup.wolves,
            pointers=frozenset((p.player, p.target) for p in self.pointers),
            humans=frozenset(s for s, wolf in self.roles if not wolf),
            known_wolves=frozenset(s for s, wolf in self.roles if wolf),
            announcements=frozenset((a.player, a.target, a.wolf) for a in self.announcements),
            lost_seer=self.lost_seer,
            seer=self.seer,
        )

    @cached_property
    def counts(self) -> Counts:
        """The exact model's counts of consistent ways."""
        return self.facts.counts()

    def wolves_left(self) -> int:
        return self.setup.wolves - sum(1 for _, wolf in self.roles if wolf)

    def rounds(self) -> int:
        """ラウンド数 for the source's formula: nights played so far."""
        return self.number if not self.is_night else self.number - 1

    def execution_odds(self) -> tuple[Fraction, Threshold, Fraction]:
        """For the player awaiting his collapse: exact P(wolf), the d100 threshold, and the
        source formula's P(wolf) (1 − its P(human))."""
        if self.executed is None:
            raise IllegalActionError("nobody is awaiting execution")
        exact = self.counts.wolf_probability(self.executed)
        if exact is None:  # pragma: no cover - the world check ends a game with no consistent way
            raise ImpossibleOutcomeError("no assignment of roles fits what happened")
        living = len(self.alive)
        formula = 1 - source_formula(
            living - self.wolves_left(), living, max(1, self.rounds()), self.pointer_count(self.executed)
        )
        return exact, Threshold(exact), formula

    def draw_collapse(self, rng: np.random.Generator) -> Collapse:
        """The executed player's collapse drawn with the exact probability."""
        if self.executed is None:
            raise IllegalActionError("nobody is awaiting execution")
        wolf = uniform_below(rng, self.counts.total) < self.counts.wolf[self.executed]
        return Collapse(self.executed, wolf)

    # -------------------------------------------------------------- changes

    def apply(self, entry: Entry) -> OfflineGame:
        """The game after ``entry``. Raises (and changes nothing) when it is not allowed now."""
        if self.is_over:
            raise IllegalActionError(f"the game is over ({self.reason})")
        for seat in _seats_of(entry):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.names):
                raise IllegalActionError(f"unknown seat {seat!r}")
        game = replace(self, entries=self.entries + (entry,))
        if isinstance(entry, Point):
            return self._point(entry, game)
        if isinstance(entry, Announce):
            return self._announce(entry, game)
        if isinstance(entry, CastVote):
            return self._vote(entry, game)
        if isinstance(entry, Collapse):
            return self._collapse(entry, game)
        raise IllegalActionError(f"unknown entry {entry!r}")

    def _name(self, seat: Seat) -> str:
        return self.names[seat]

    def _living_target(self, actor: Seat, target: Seat, verb: str) -> None:
        if actor not in self.alive:
            raise IllegalActionError(f"{self._name(actor)} is dead")
        if target == actor:
            raise IllegalActionError(f"{self._name(actor)} cannot {verb} himself")
        if target not in self.alive:
            raise IllegalActionError(f"{self._name(target)} is dead: {verb} a living player")

    def _point(self, entry: Point, game: OfflineGame) -> OfflineGame:
        if not self.is_night or entry.night != self.number:
            raise IllegalActionError(f"it is {self.phase}: players point at night")
        self._living_target(entry.player, entry.target, "point at")
        if entry.player not in self.waiting_for():
            raise IllegalActionError(f"{self._name(entry.player)} has already pointed tonight")
        if game.waiting_for():
            return game
        return game._resolve_night()

    def _announce(self, entry: Announce, game: OfflineGame) -> OfflineGame:
        who = self._name(entry.player)
        if self.is_night or entry.day != self.number:
            raise IllegalActionError(f"it is {self.phase}: results are announced by day")
        if self.votes or self.executed is not None:
            raise IllegalActionError("the vote has begun: announcements come before it")
        self._living_target(entry.player, entry.target, "divine")
        if not self.has_seer_possibility(entry.player):
            raise IllegalActionError(f"{who} has lost the seer possibility and may not announce results")
        if any(a.day == self.number and a.player == entry.player for a in self.announcements):
            raise IllegalActionError(f"{who} has already announced a result today")
        return game._world_check()  # the announcements may leave no possible seer

    def _vote(self, entry: CastVote, game: OfflineGame) -> OfflineGame:
        if self.is_night or entry.day != self.number:
            raise IllegalActionError(f"it is {self.phase}: votes are cast by day")
        if self.executed is not None:
            raise IllegalActionError(f"{self._name(self.executed)} is executed: enter his collapse first")
        self._living_target(entry.player, entry.target, "vote for")
        if entry.player not in self.waiting_for():
            raise IllegalActionError(f"{self._name(entry.player)} has already voted")
        game = replace(game, votes=self.votes + ((entry.player, entry.target),))
        if game.waiting_for():
            return game
        tally = Counter(target for _, target in game.votes)
        top = max(tally.values())
        tied = sorted(t for t, c in tally.items() if c == top)
        if len(tied) > 1:
            names = ", ".join(self._name(t) for t in tied)
            return game._happen(Happening("tie", None, f"tie between {names}: vote again"), votes=())
        first = self.first_executed if self.first_executed is not None else tied[0]
        return replace(game, executed=tied[0], votes=(), first_executed=first)

    def _collapse(self, entry: Collapse, game: OfflineGame) -> OfflineGame:
        if self.executed is None:
            raise IllegalActionError("nobody is awaiting execution: finish the vote first")
        if entry.player != self.executed:
            raise IllegalActionError(f"{self._name(self.executed)} is the one executed, not {self._name(entry.player)}")
        p, threshold, _ = self.execution_odds()
        if entry.roll is not None:
            if isinstance(entry.roll, bool) or not isinstance(entry.roll, int) or not 1 <= entry.roll <= 100:
                raise IllegalActionError(f"a d100 roll is 1–100, not {entry.roll!r}")
            if threshold.is_wolf(entry.roll) != entry.wolf:
                side = "wolf" if threshold.is_wolf(entry.roll) else "human"
                raise ImpossibleOutcomeError(f"roll {entry.roll} means {side} (1–{threshold.wolf_up_to} → wolf)")
        if (p == 0 and entry.wolf) or (p == 1 and not entry.wolf):
            side = "wolf" if entry.wolf else "human"
            raise ImpossibleOutcomeError(f"{self._name(entry.player)} cannot be a {side}: no consistent world has it")
        game = replace(game, executed=None)._die(entry.player, "execution", entry.wolf)
        if entry.wolf:
            victims = sorted({q.target for q in self.pointers if q.player == entry.player} & game.alive)
            for victim in victims:
                game = game._die(victim, "attack", False)
            game = game._lose_seer(
                [(a.player, f"announced {self._name(entry.player)} as human") for a in self.announcements
                 if a.target == entry.player and not a.wolf]
                + [(a.player, f"announced {self._name(a.target)} as a wolf") for a in self.announcements
                   if a.target in victims and a.wolf]
            )
            if game.alive and not any(game.has_seer_possibility(s) for s in game.alive):
                why = "world collapse: after a wolf's collapse nobody alive can be the seer"
                return game._end(Termination.NO_SEER, why)
        else:
            game = game._lose_seer(
                [(a.player, f"announced {self._name(entry.player)} as a wolf") for a in self.announcements
                 if a.target == entry.player and a.wolf]
            )
            game = game._name_seer_if_needed()
        return game._after_execution()

    # ------------------------------------------------------------ consequences

    def _happen(self, happening: Happening, **changes) -> OfflineGame:
        index = len(self.entries) - 1
        return replace(self, happenings=self.happenings + ((index, happening),), **changes)

    def _die(self, seat: Seat, cause: str, wolf: bool) -> OfflineGame:
        role = "wolf" if wolf else "human"
        text = {"execution": f"executed, collapsed to {role}", "attack": "died by attack, human"}[cause]
        return self._happen(
            Happening("death", seat, text), alive=self.alive - {seat}, roles=self.roles + ((seat, wolf),)
        )

    def _lose_seer(self, losses: list[tuple[Seat, str]]) -> OfflineGame:
        game = self
        for seat, why in losses:
            if seat not in game.lost_seer:
                game = game._happen(Happening("seer-lost", seat, why), lost_seer=game.lost_seer | {seat})
        return game

    def _name_seer_if_needed(self) -> OfflineGame:
        """占い師の判定 after a human collapse: if nobody alive may be the seer any more, the player
        executed on day 1 is the true seer."""
        if self.seer is not None or not self.alive or any(self.has_seer_possibility(s) for s in self.alive):
            return self
        if self.first_executed is None:  # no execution yet: nobody can be named
            return self._end(Termination.NO_SEER, "world collapse: nobody can be the seer")
        named = self.first_executed
        return self._happen(Happening("seer-named", named, "executed on day 1: the true seer"), seer=named)

    def _resolve_night(self) -> OfflineGame:
        """襲撃死の判定: players pointed at by at least as many living pointers as there are living
        players die by attack and become human — repeated, since each death strikes pointers and
        lowers the living count."""
        game = self
        while victims := sorted(s for s in game.alive if game.pointer_count(s) >= len(game.alive)):
            for victim in victims:
                game = game._die(victim, "attack", False)
            game = game._lose_seer(
                [(a.player, f"announced {self._name(a.target)} as a wolf") for a in self.announcements
                 if a.target in victims and a.wolf]
            )
            game = game._name_seer_if_needed()
            if game.is_over:
                return game
        if len(game.alive) < len(self.alive):  # deaths by attack: judged too, or 1–2 players would be stuck
            return game._judge(then_night=False)
        return replace(game, is_night=False)._world_check()

    def _after_execution(self) -> OfflineGame:
        return self._judge(then_night=True)

    def _judge(self, then_night: bool) -> OfflineGame:
        """勝敗の判定 (spec order), after the world check; if the game goes on, the next phase."""
        game = self._world_check()
        if game.is_over:
            return game
        living = len(game.alive)
        if living == 0:
            return game._end(Termination.NOBODY_LEFT, "nobody is left")
        if game.wolves_left() == 0:
            return game._end(Termination.WOLVES_DEAD, "every wolf is dead")
        if living == 1:
            (last,) = game.alive
            game = game._happen(Happening("death", last, "the last player becomes a wolf"),
                                roles=game.roles + ((last, True),))
            return game._end(Termination.LAST_PLAYER, f"only {self._name(last)} is left, and becomes a wolf")
        if living == 2:
            return game._end(Termination.TWO_LEFT, "two players are left")
        if then_night:
            return replace(game, is_night=True, number=game.number + 1)
        return replace(game, is_night=False)

    def _world_check(self) -> OfflineGame:
        if self.counts.total == 0:
            return self._end(Termination.NO_WORLD, "world collapse: no assignment of roles fits what happened")
        return self

    def _end(self, termination: Termination, reason: str) -> OfflineGame:
        detail = f"{termination.winner}: {reason}"
        return self._happen(Happening("end", None, detail), termination=termination, reason=reason)


def _seats_of(entry: Entry) -> list[Seat]:
    if isinstance(entry, Collapse):
        return [entry.player]
    return [entry.player, entry.target]
