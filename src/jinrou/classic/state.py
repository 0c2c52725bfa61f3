"""A classic game's state and the acts of the rules on it that every phase and every role uses.

:class:`State` holds what a game is at a moment — the seats' identities, who lives, the open phase
(:mod:`~jinrou.classic.phase`), the day's executions, the messages, the record's entries, the
mechanics' shared memories (:class:`~jinrou.classic.role.Shared`) — and the rules' own verbs:
tell, draw, dispatch an event, kill (through §5.2's resistances), bite, revive, change a role,
grant or remove a layer. The phases (:mod:`~jinrou.classic.night`, :mod:`~jinrou.classic.ballot`,
:mod:`~jinrou.classic.burial`, :mod:`~jinrou.classic.victory`) are functions over a state;
:class:`~jinrou.classic.game.Game` is a state with the public surface (new, legal actions, apply,
close). The roles see it only through their :class:`~jinrou.classic.context.Context` (a state is its
:class:`~jinrou.classic.context.Table`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import compress
from typing import Any, ClassVar

import numpy as np

from jinrou.classic.actions import Action, Verb
from jinrou.classic.casting import scapegoat_may_draw
from jinrou.classic.catalog import Team
from jinrou.classic.claims import Claim
from jinrou.classic.context import Context
from jinrou.classic.draws import Draws
from jinrou.classic.entries import Death as DeathEntry
from jinrou.classic.entries import Entry
from jinrou.classic.events import Bitten, Countered, Died, Event, Executed, Scope, Threat
from jinrou.classic.identity import Expiry, Identity, Layer, LayerKind
from jinrou.classic.model import Blocked, Cause, Count, Death, GuardKind, Message, Outcome, Seat, Stage
from jinrou.classic.phase import Ballot, Night, Then
from jinrou.classic.published import RoleList
from jinrou.classic.record import Log
from jinrou.classic.role import Kept, Role, Shared
from jinrou.classic.roles import ROLES, SUB_ROLES
from jinrou.classic.settings import Settings


class State:
    """A classic game's state and the rules' acts on it (see the module docstring)."""

    ctx: Context
    """What the roles see of this game (made by the game: the context needs its whole surface)."""

    def __init__(self, players: Sequence[str], roles: Sequence[Role | tuple[Role, Role]], settings: Settings) -> None:
        self.names = tuple(players)
        self.identities = [Identity(s, _layers(s, r)) for s, r in enumerate(roles)]
        self.cast = tuple(identity.role_ids() for identity in self.identities)  # the roles at the start (ケミカル: pairs)
        self.settings = settings
        n = len(players)
        self.n = n
        self.founders = n  # the seats at the start; エンドレス闇鍋 appends newcomers after them
        self.entrants: list[str] = []  # エンドレス闇鍋: the people waiting to join at the next dawn, in order
        self.night_closed = 0  # the record's length when the last night began to close (died_today)
        self.alive = [True] * n
        self.deaths: list[Death | None] = [None] * n
        self.sudden: set[Seat] = set()
        self.memories: dict[type[Shared], Shared] = {}  # each mechanic's shared memory (ctx.memory), by its class
        self.day = 1
        self.stage = Stage.NIGHT
        self.phase = 0  # index of the open phase (its phase event in the record)
        self.opened = 0  # phases opened so far
        self.revotes = 0
        self.ballot: Ballot | None = None
        self.night = Night()
        self.day_actions: tuple[tuple[Action, Layer], ...] = ()  # the open ballot's day actions, with their layers (W.1.1)
        self.executions: list[tuple[int, Seat]] = []  # (day, seat)
        self.executions_left = 1  # V1.1.3: ballots ending in an execution still to come today (1 at dawn)
        self.dawn_executions: list[tuple[str, dict[str, Any]]] = []  # V1.1.3: +1 each at the next dawn hooks, with its public notice
        self.armed: list[Seat] = []  # hunters waiting to shoot
        self.resume: Then | None = None  # what follows the hunter stage
        self.outcome: Outcome | None = None
        self.blocked: Blocked | None = None  # why the last kill did not kill (W.1.9f; None: it killed, or its seat was dead)
        self.changes: tuple[tuple[int, Seat, str], ...] = ()  # every change of a seat's role: (phase, seat, new role id)
        self.notes: tuple[Message, ...] = ()  # hidden details nobody is told while the game runs, told at its end
        self.claims: list[tuple[int, Seat, Claim]] = []  # (day, seat, claim), public
        self.wills: dict[Seat, str] = {}  # 遺言: each seat's last will, its own secret until it dies
        self.messages: list[tuple[int, Message]] = []  # (phase, message)
        self.log = Log()  # what happened, as the record's typed entries (record.py writes them)
        self.dawn_news: list[tuple[Seat, str, dict[str, Any]]] = []  # told at dawn to the living
        self.next_news: list[tuple[Seat, str, dict[str, Any]]] = []  # told when the next phase opens
        self.fresh_dead: list[Seat] = []  # dead since the last burial's announcements
        self.fresh_revived: list[Seat] = []  # revived since then
        self._draws: Draws = Draws(None)
        self.published: RoleList | None = None  # the role list the room was told (配役公開), if any
        self.requests: dict[Seat, str] = {}  # 希望役職制: the role each seat asked for before the deal

    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"messages", "claims", "executions"})
    """Lists the engine only appends immutable items to: a copy gets a list of its own holding the
    same items (deep-copying them is most of a copy's cost: the record of a 30-seat game)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        new = type(self).__new__(type(self))
        memo[id(self)] = new  # first: the roles' context of the copy sees the copy
        shared = self._APPEND_ONLY
        new.__dict__.update({key: list(value) if key in shared else copy.deepcopy(value, memo)
                             for key, value in self.__dict__.items()})
        return new

    @property
    def entries(self) -> list[Entry]:
        """What happened so far, as the record's typed entries, in order (written by its :class:`Log`)."""
        return self.log.entries

    # ------------------------------------------------------------------ queries

    def seats(self) -> range:
        return range(self.n)

    def died_today(self) -> set[Seat]:
        """The seats that died since the last night began to resolve (its close): this day's dead, found at
        its dawn or after (a seat that died before, came back and died again among them)."""
        return {e.seat for e in self.log.entries[self.night_closed:] if isinstance(e, DeathEntry)}

    def living(self) -> list[Seat]:
        return list(compress(range(self.n), self.alive))  # asked everywhere: the fastest form

    def dead(self) -> list[Seat]:
        return [s for s in range(self.n) if not self.alive[s]]

    def role(self, seat: Seat) -> Role:
        return self.identities[seat].role

    def identity(self, seat: Seat) -> Identity:
        """What ``seat`` is: its role, extra roles, sub-roles and marks, read together."""
        return self.identities[seat]

    @staticmethod
    def playable() -> list[str]:
        """The ids of every declared role, sorted."""
        return sorted(ROLES)

    @staticmethod
    def goat_may_draw(role_id: str) -> bool:
        """Whether 身代わりくん may be dealt ``role_id`` under 身代わりセーフティ ``full`` (§2)."""
        return scapegoat_may_draw(role_id, "full")

    def roles_held(self, seat: Seat) -> tuple[str, ...]:
        """The roles ``seat`` held, in order: its role at the start, then each it changed into
        (呪われた者 → 人狼; a ケミカル seat's two written ``left+right`` each time). Hidden from players until the
        end: only a view at the end shows it."""
        start = self.cast[seat]
        return ("+".join(start) if isinstance(start, list) else start, *(role for _, s, role in self.changes if s == seat))

    def has_sub(self, seat: Seat, sub_id: str) -> bool:
        """Whether ``seat`` holds a sub-role, extra role or mark declared as ``sub_id``."""
        return self.identities[seat].has(sub_id)

    def team_of(self, seat: Seat) -> Team:
        """The team the seat judges with: a sub-role's (恋人: Friend) or its role's."""
        return self.identities[seat].team()

    def counts(self, seat: Seat) -> Count:
        return self.identities[seat].counts()

    @property
    def scapegoat(self) -> Seat | None:
        return 0 if self.settings["scapegoat"] == "on" else None

    @property
    def is_over(self) -> bool:
        return self.stage is Stage.OVER

    def attackers(self) -> list[Seat]:
        """Living seats that take part in the wolves' attack."""
        return [s for s in self.living() if self.identities[s].attacks]

    def announced_dead(self) -> list[Seat]:
        """Dead seats whose deaths have been announced (not those of the running night)."""
        return [s for s in self.dead() if s not in self.fresh_dead]

    def burying(self) -> list[Seat]:
        """The seats dead since the last burial's announcements (this burial's dead so far)."""
        return list(self.fresh_dead)

    def executed_on(self, day: int) -> list[Seat]:
        return [s for d, s in self.executions if d == day]

    def voted(self, seat: Seat) -> bool:
        """Whether ``seat`` has voted in the open ballot."""
        return self.ballot is not None and seat in self.ballot.votes

    def done(self, seat: Seat, verb: Verb, owner: Layer | None = None) -> int:
        """How many times ``seat`` has submitted ``verb`` in the open phase (with ``owner``: by that
        role's or sub-role's ability, so that a kit's ability is apart from the role's)."""
        if self.stage is Stage.DAY:
            return sum(1 for a, by in self.day_actions if a.seat == seat and a.verb is verb and (owner is None or by is owner))
        return sum(1 for a, by in zip(self.night.actions, self.night.owners, strict=True)
                   if a.seat == seat and a.verb == verb and (owner is None or by is owner))

    # ------------------------------------------------------------------ telling

    def tell(self, seat: Seat | Sequence[Seat] | None, key: str, **args: Any) -> None:
        """Say something to one seat, some seats, or (None) everybody."""
        to = None if seat is None else frozenset([seat] if isinstance(seat, int) else seat)
        if to is not None and ((declared := Message.template(key)) is None or declared.relayed):
            ids = self.identities  # V2.1.8b: a notice told to a 配信者 reaches its listeners too (not a poem)
            to = to.union(*(ids[s].relays(self.ctx) for s in to))
        self.messages.append((self.phase, Message(key, args, to)))

    def note(self, key: str, **args: Any) -> None:
        """A hidden detail, told to everybody when the game ends (絶対狼 resisted a death)."""
        self.notes = (*self.notes, Message(key, args))

    def at_dawn(self, seat: Seat, key: str, **args: Any) -> None:
        """Tell ``seat`` at the next dawn, if it is still alive then (night results)."""
        self.dawn_news.append((seat, key, args))

    def at_next_phase(self, seat: Seat, key: str, **args: Any) -> None:
        """Tell ``seat`` when the next phase opens (呪われた者's change, §8)."""
        self.next_news.append((seat, key, args))

    def open_phase(self, stage: Stage) -> None:
        """A phase of ``stage`` opens: its number, its record entry, then what was kept for it."""
        self.phase, self.opened = self.opened, self.opened + 1
        runoff = None
        if stage is Stage.DAY:
            assert self.ballot is not None
            runoff = self.ballot.candidates if self.ballot.runoff else None
        self.log.phase(stage, runoff)
        news, self.next_news = self.next_news, []
        for seat, key, args in news:
            self.tell(seat, key, **args)

    # ------------------------------------------------------------------ chance

    @contextmanager
    def drawing(self, draws: Draws | np.random.Generator | None) -> Iterator[Draws]:
        """Draw from ``draws`` (a generator, or outcomes given by a record) while the rules run; the
        outcomes taken are recorded right after the entries of the phase being closed."""
        given = draws if isinstance(draws, Draws) else Draws(draws)
        self._draws = given
        start, at = len(given.taken), len(self.entries)
        try:
            yield given
        except BaseException:
            self._draws = Draws(None)
            raise
        taken = given.taken[start:]
        if taken:
            self.log.outcome(at, taken)
        self._draws = Draws(None)

    @property
    def draws(self) -> Draws:
        return self._draws

    def draw(self, kind: str, options: Sequence[Any], weights: Sequence[int] | None = None) -> Any:
        """A random outcome (uniform, or by ``weights``), recorded."""
        return self._draws.choice(kind, list(options), weights=None if weights is None else list(weights))

    def draw_fixed(self, kind: str, check: Callable[[Any], str | None], draw: Callable[[np.random.Generator], Any]) -> Any:
        """A casting-time outcome, given beforehand or drawn now (:meth:`Draws.fixed`), recorded."""
        return self._draws.fixed(kind, check, draw)

    def draw_seat(self, kind: str, seats: Sequence[Seat], weights: Sequence[int] | None = None) -> Seat:
        """A random seat of ``seats`` (uniform, or by ``weights``), recorded by name."""
        return int(self._draws.choice(kind, list(seats), None if weights is None else list(weights),
                                      label=[self.names[s] for s in seats]))

    def draw_seats(self, kind: str, seats: Sequence[Seat], k: int, shorter: bool = False) -> list[Seat]:
        """``k`` distinct seats of ``seats`` (all if fewer), uniform, recorded as a list of names."""
        return [int(s) for s in self._draws.sample(kind, list(seats), k, [self.names[s] for s in seats], shorter)]

    # ------------------------------------------------------------------ events and memories

    def emit(self, event: Event) -> None:
        """Dispatch ``event`` to the identities its scope names, in seat order (the seats are listed
        before the first reaction: a seat that dies meanwhile still gets it, as a burial pass does); a
        seat none of whose layers reacts to its type is passed over with one look-up."""
        scope = event.scope
        if scope is Scope.OWN:
            seats: Sequence[Seat] = (event.seat,)  # type: ignore[attr-defined]
        elif scope is Scope.LIVING:
            seats = self.living()
        elif scope is Scope.DEAD:
            seats = self.dead()
        else:
            seats = self.seats()
        ctx, identities, kind = self.ctx, self.identities, type(event)
        for seat in seats:
            for handler, role, layer in identities[seat].reactions.get(kind, ()):  # = Identity.react
                handler(role, ctx, layer, event)

    def forget(self, kept: Kept) -> None:
        """The shared memories kept until now are forgotten."""
        if self.memories:
            self.memories = {kind: memory for kind, memory in self.memories.items() if memory.kept is not kept}

    def add_execution(self, notice: str | None = None, args: dict[str, Any] | None = None) -> None:
        """One more execution (V1.1.3): today, or with ``notice`` at the next dawn hooks."""
        if notice is None:
            self.executions_left += 1
        else:
            self.dawn_executions.append((notice, args or {}))

    # ------------------------------------------------------------------ deaths

    def kill(self, seat: Seat, cause: Cause, source: Seat | None = None, guardable: bool = True,
             tricked: bool = False) -> bool:
        """Try to kill ``seat`` (§5.2 resistances in order); True if it died. When it did not,
        :attr:`blocked` says why (W.1.9f). A ``tricked`` attack (V2.1.1) passes immunity and every
        guard protection."""
        self.blocked = None
        if not self.alive[seat]:
            return False
        identity = self.identities[seat]
        guardable = guardable and not tricked
        if cause is Cause.ATTACK and identity.immune_to_wolf_attack and not tricked:
            self.blocked = Blocked.RESISTANCE
            return False
        night = self.night
        if cause in (Cause.ATTACK, Cause.VAMPIRE) and guardable and seat in night.guarded and not any(
                layer.role.voids_guards for layer in identity.extras()):  # an exposure voids them (破壊の狂人)
            placed = list(zip(night.guarded[seat], night.guard_kinds.get(seat, ()), strict=True))
            counter = next((g for g, k in placed if k is GuardKind.COUNTER), None)
            if counter is not None:  # V2.1.2b: a counter guard first, then 罠, then the other guards
                self.emit(Countered(counter, seat, cause, source))  # its guard's answer (侍: both die)
                self.blocked = Blocked.GUARD
                return False
            if self.settings.on("gjmessage"):
                guards = [g for g, k in placed if k is GuardKind.HUNTER]
                if guards:
                    self.tell(guards, "guard success", target=seat)
                for trapper in dict.fromkeys(g for g, k in placed if k is GuardKind.TRAP):  # V1.2 罠師's GJ line
                    self.tell(trapper, "trap success", trapper=trapper, target=seat)
            kinds = night.guard_kinds.get(seat, ())
            self.blocked = Blocked.TRAP if kinds and kinds[0] is GuardKind.TRAP else Blocked.GUARD
            return False
        if cause is not Cause.SUDDEN:
            layer = identity.resisting(self.ctx, Threat(seat, cause, source))
            if layer is not None:  # sub-roles and marks first (聖職者's protection, step 3), then the role
                self.blocked = layer.role.blocks_as
                return False
        self.die(seat, cause, source)
        return True

    def bite(self, seat: Seat, wolf: Seat, tricked: bool = False, forced: bool = False) -> bool:
        """A wolf attack of ``wolf``'s kills ``seat`` if it can (``forced``: whatever protects it, W.1.9d
        一途); True if it died, then *bitten to death* (V2.1.4: :class:`Bitten` after its :class:`Died`).
        While it is tried, :meth:`biting` names the wolf (a night cover tells a bite from the other
        ``attack`` deaths)."""
        self.night.bite = (seat, wolf)
        try:
            if forced:
                died = self.alive[seat]
                if died:
                    self.die(seat, Cause.ATTACK, wolf)
            else:
                died = self.kill(seat, Cause.ATTACK, wolf, tricked=tricked)
        finally:
            self.night.bite = None
        if died:
            self.emit(Bitten(seat, wolf))
        return died

    def biting(self, seat: Seat) -> Seat | None:
        """The wolf whose attack is trying to kill ``seat`` right now (V2.1.4), or None."""
        bite = self.night.bite
        return bite[1] if bite is not None and bite[0] == seat else None

    def death_kind(self, seat: Seat, kind: str) -> None:
        """V1.1.12: note the exact kind of ``seat``'s death beside its cause (後追い: lover, fox …)."""
        death = self.deaths[seat]
        if death is not None:
            self.deaths[seat] = Death(death.phase, death.cause, kind)

    def die(self, seat: Seat, cause: Cause, source: Seat | None = None) -> None:
        """``seat`` dies now, whatever protects it; its death hooks run (§5.3)."""
        self.alive[seat] = False
        self.deaths[seat] = Death(self.phase, cause)
        self.log.died(seat, cause)
        if cause is Cause.SUDDEN:
            self.sudden.add(seat)
        self.fresh_dead.append(seat)
        self.emit(Died(seat, cause, source))
        if cause is Cause.EXECUTION:
            self.emit(Executed(seat))

    def revive(self, seat: Seat) -> bool:
        """A dead seat comes back with its current role (never after a sudden death, never a role that
        refuses every revival: V2.1.10 血まみれのメアリー)."""
        if self.alive[seat] or seat in self.sudden or self.identities[seat].role.refuses_revival:
            return False
        self.alive[seat] = True
        self.deaths[seat] = None
        self.fresh_revived.append(seat)
        self.log.revived(seat)
        return True

    def add_seat(self, name: str, role_id: str) -> Seat:
        """A newcomer (エンドレス闇鍋) takes a new seat, after every other, holding a fresh ``role_id``: every
        per-seat list grows by one; the record's players and roles at the start include it."""
        seat = self.n
        self.names = (*self.names, name)
        self.identities.append(Identity(seat, _layers(seat, ROLES[role_id])))
        self.cast = (*self.cast, role_id)
        self.alive.append(True)
        self.deaths.append(None)
        self.n += 1
        self.log.joined(seat)
        return seat

    def reborn(self, seat: Seat, role_id: str) -> None:
        """A dead seat is reborn (エンドレス闇鍋): a fresh seat of ``role_id`` — none of its layers kept — alive
        again, told its new role; a revival in the record."""
        self.identities[seat] = Identity(seat, _layers(seat, ROLES[role_id]))
        self.changes = (*self.changes, (self.phase, seat, role_id))
        self.alive[seat] = True
        self.deaths[seat] = None
        self.log.revived(seat)
        self.tell(seat, "role changed", role=ROLES[role_id].believes or role_id)

    def arm(self, seat: Seat) -> None:
        """A hunter will take a last shot (§5.5)."""
        self.armed.append(seat)

    # ------------------------------------------------------------------ layers

    def change_role(self, seat: Seat, role_id: str, told_now: bool | None = True, layer: Layer | None = None) -> None:
        """The seat's role becomes a fresh ``role_id`` (a declared role), keeping the layers above it;
        it is told now, or when the next phase opens (``told_now`` False), or not at all (None: the role
        that changes it tells its own line, as 怪盗's). ``layer``: the role changing itself — a ケミカル
        seat's right role changes only its half (else a change replaces the left one)."""
        identity = self.identities[seat]
        kind = LayerKind.PAIR if layer is not None and layer is identity.pair else LayerKind.ROLE
        identity.change_role(Layer.of(ROLES[role_id], kind, seat))
        held = role_id if identity.pair is None else "+".join(identity.role_ids())  # ケミカル: the pair as it is now
        self.changes = (*self.changes, (self.phase, seat, held))
        shown = ROLES[role_id].believes or role_id  # V1.1.5: a role that believes it is 村人 is told so
        if told_now:
            self.tell(seat, "role changed", role=shown)
        elif told_now is False:
            self.at_next_phase(seat, "role changed", role=shown)

    def grant(self, seat: Seat, sub_id: str, source: Seat | None = None) -> Layer:
        """``seat`` gains a fresh sub-role, extra role or mark ``sub_id``, on top of its layers."""
        sub = SUB_ROLES[sub_id]
        layer = Layer.of(sub, sub.kind, seat, sub.until, source)
        self.identities[seat].gain(layer)
        if sub.level_hooks and self.stage is Stage.NIGHT:
            self.night.late_hooks.append(layer)
        return layer

    def add_role(self, seat: Seat, role_id: str) -> Layer:
        """``seat`` gains a fresh instance of the playable role ``role_id`` as an extra role (V1.1.6: its
        actions optional, its knowledge, chats and hooks; never its team, results, count or resistances)."""
        role = ROLES[role_id]
        layer = Layer.of(role, LayerKind.EXTRA, seat)
        self.identities[seat].gain(layer)
        if role.level_hooks and self.stage is Stage.NIGHT:
            self.night.late_hooks.append(layer)
        return layer

    def remove(self, layer: Layer) -> None:
        """A layer above a role leaves its seat (the one below shows again)."""
        self.identities[layer.seat].lose(layer)

    def expire(self, moment: Expiry) -> None:
        """Marks that end at this moment leave every seat, dead ones too (W.1.7); at dawn, those that
        end at the next dawn at which their seat is alive leave the living (W.1.3)."""
        alive = self.alive
        for identity in self.identities:
            identity.expire(moment)
            if moment is Expiry.DAWN and alive[identity.seat]:
                identity.expire(Expiry.LIVING_DAWN)


def _layers(seat: Seat, roles: Role | tuple[Role, Role]) -> list[Layer]:
    """A seat's layers at the start: its role, or a ケミカル seat's two (left, then right as its pair)."""
    if isinstance(roles, tuple):
        return [Layer.of(roles[0], LayerKind.ROLE, seat), Layer.of(roles[1], LayerKind.PAIR, seat)]
    return [Layer.of(roles, LayerKind.ROLE, seat)]


__all__ = ["State"]
