"""What a role may read and do: the narrow door between the declarations and the engine (§12).

Roles receive a :class:`Context`, never the game. It offers the public facts (day, seats alive or
dead, settings, executions, tonight's attack count), each seat's :class:`~jinrou.classic.identity.
Identity` to ask (results, team, "holds a 占い師"), and the acts of the rules: kill (through §5.2's
resistances) or revive a seat, tell, draw a random outcome, change a role, grant or remove a
sub-role or mark, guard, arm a hunter, submit an action the rules make for a seat, emit an event.
Everything else of the game — its record, its phases, other roles' memory — stays out of reach,
so a role can only change the game through the rules' own verbs.

The context wraps a :class:`Table`: what it reads and does on a game, declared here so that the
vocabulary imports nothing above it; the engine's :class:`~jinrou.classic.state.State` (a game) is one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from jinrou.classic.events import Event, PhaseOpened
from jinrou.classic.identity import Identity, Layer, LayerKind
from jinrou.classic.model import Action, Blocked, Cause, Count, Death, GuardKind, Moment, Seat, Verb
from jinrou.classic.phase import Ballot, Night

if TYPE_CHECKING:
    import numpy as np

    from jinrou.classic.role import Role, Shared
    from jinrou.classic.settings import Settings

M = TypeVar("M", bound="Shared")


class Table(Protocol):
    """What the context reads and does on a game (a :class:`~jinrou.classic.state.State` is one): the
    public facts and the open phase, and the rules' acts, each documented where the game defines it."""

    @property
    def day(self) -> int: ...
    @property
    def n(self) -> int: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def scapegoat(self) -> Seat | None: ...
    @property
    def alive(self) -> Sequence[bool]: ...
    @property
    def sudden(self) -> Collection[Seat]: ...
    @property
    def deaths(self) -> Sequence[Death | None]: ...
    @property
    def identities(self) -> Sequence[Identity]: ...
    @property
    def night(self) -> Night: ...
    @property
    def ballot(self) -> Ballot | None: ...
    @property
    def blocked(self) -> Blocked | None: ...
    @property
    def memories(self) -> dict[type[Shared], Shared]: ...
    def seats(self) -> range: ...
    def living(self) -> list[Seat]: ...
    def dead(self) -> list[Seat]: ...
    def announced_dead(self) -> list[Seat]: ...
    def burying(self) -> list[Seat]: ...
    def executed_on(self, day: int) -> list[Seat]: ...
    def attackers(self) -> list[Seat]: ...
    def playable(self) -> list[str]: ...
    def goat_may_draw(self, role_id: str) -> bool: ...
    def done(self, seat: Seat, verb: Verb, owner: Layer | None = None) -> int: ...
    def has_action_open(self, seat: Seat) -> bool: ...
    def kill(self, seat: Seat, cause: Cause, source: Seat | None = None, guardable: bool = True,
             tricked: bool = False) -> bool: ...
    def bite(self, seat: Seat, wolf: Seat, tricked: bool = False, forced: bool = False) -> bool: ...
    def biting(self, seat: Seat) -> Seat | None: ...
    def die(self, seat: Seat, cause: Cause, source: Seat | None = None) -> None: ...
    def death_kind(self, seat: Seat, kind: str) -> None: ...
    def revive(self, seat: Seat) -> bool: ...
    def arm(self, seat: Seat) -> None: ...
    def end_day(self, execute: Seat | None = None, by: Seat | None = None) -> None: ...
    def add_execution(self, notice: str | None = None, args: dict[str, Any] | None = None) -> None: ...
    def change_role(self, seat: Seat, role_id: str, told_now: bool | None = True, layer: Layer | None = None) -> None: ...
    def grant(self, seat: Seat, sub_id: str, source: Seat | None = None) -> Layer: ...
    def add_role(self, seat: Seat, role_id: str) -> Layer: ...
    def remove(self, layer: Layer) -> None: ...
    def tell(self, seat: Seat | Sequence[Seat] | None, key: str, **args: Any) -> None: ...
    def at_dawn(self, seat: Seat, key: str, **args: Any) -> None: ...
    def note(self, key: str, **args: Any) -> None: ...
    def draw(self, kind: str, options: Sequence[Any], weights: Sequence[int] | None = None) -> Any: ...
    def draw_seat(self, kind: str, seats: Sequence[Seat], weights: Sequence[int] | None = None) -> Seat: ...
    def draw_fixed(self, kind: str, check: Callable[[Any], str | None],
                   draw: Callable[[np.random.Generator], Any]) -> Any: ...
    def draw_seats(self, kind: str, seats: Sequence[Seat], k: int, shorter: bool = False) -> list[Seat]: ...
    def submit_drawn(self, action: Action) -> None: ...
    def emit(self, event: Event) -> None: ...


class Context:
    """One game seen by its roles (see the module docstring)."""

    __slots__ = ("_game",)

    def __init__(self, game: Table) -> None:
        self._game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Context:
        copied = memo.get(id(self._game))  # a copy of the whole game: the copy's context
        return Context(copied) if copied is not None else self

    # ------------------------------------------------------------------ public facts

    @property
    def day(self) -> int:
        return self._game.day

    @property
    def n(self) -> int:
        """Seats at the start."""
        return self._game.n

    @property
    def settings(self) -> Settings:
        return self._game.settings

    @property
    def scapegoat(self) -> Seat | None:
        return self._game.scapegoat

    def seats(self) -> range:
        return self._game.seats()

    def living(self) -> list[Seat]:
        return self._game.living()

    def dead(self) -> list[Seat]:
        return self._game.dead()

    def alive(self, seat: Seat) -> bool:
        return self._game.alive[seat]

    def alive_for_win(self, seat: Seat) -> bool:
        """T.1.4 *alive for the win*: ``seat`` is alive, or a living seat's layer keeps it so (a 地縛霊
        haunting it: :meth:`~jinrou.classic.role.Role.keeps_alive`). Survival clauses of win rules ask
        this; counts and the victory checks never do."""
        game = self._game
        if game.alive[seat]:
            return True
        return any("keeps_alive" in layer.role.overrides and layer.role.keeps_alive(self, layer, seat)
                   for s in game.living() for layer in game.identities[s].layers)

    def died_suddenly(self, seat: Seat) -> bool:
        """Whether ``seat`` died by sudden death (it never revives)."""
        return seat in self._game.sudden

    def follow(self, seat: Seat, kind: str, source: Seat | None = None) -> bool:
        """``seat`` dies by 後追い (`suicide`, through §5.2) and the engine keeps ``kind`` beside the cause
        (V1.1.12: "lover", "fox", "twin", "charm" …); True if it died."""
        if not self._game.kill(seat, Cause.SUICIDE, source):
            return False
        self._game.death_kind(seat, kind)
        return True

    def death_kind(self, seat: Seat) -> str | None:
        """The exact kind of ``seat``'s death noted beside its cause (V1.1.12), or None."""
        death = self._game.deaths[seat]
        return death.kind if death is not None else None

    def cause_of_death(self, seat: Seat) -> Cause | None:
        """How ``seat`` died (None: it is alive), whether announced yet or not (美女's charm asks)."""
        death = self._game.deaths[seat]
        return death.cause if death is not None else None

    def announced_dead(self) -> list[Seat]:
        """Dead seats whose deaths have been announced (not those of the running night)."""
        return self._game.announced_dead()

    def executed_on(self, day: int) -> list[Seat]:
        return self._game.executed_on(day)

    def night_deaths(self) -> int:
        """How many seats died in last night's resolution."""
        return self._game.night.deaths

    def identity(self, seat: Seat) -> Identity:
        """What ``seat`` is (to ask, not to change: changes go through the acts below)."""
        return self._game.identities[seat]

    def counting(self, count: Count) -> list[Seat]:
        """Seats that count as ``count`` for parity (§1), alive or dead, in seat order."""
        return [identity.seat for identity in self._game.identities if identity.counts() is count]

    def seen_as_wolves(self) -> list[Seat]:
        """Seats listed as wolves to those who know them: counting as wolf, or appearing as one
        (W.1.12: 暗躍者), alive or dead, in seat order."""
        return [i.seat for i in self._game.identities if i.counts() is Count.WOLF or i.appears_as_wolf]

    def seats_of(self, kind: type[Role], *, living: bool = False, exclude: Seat | None = None) -> list[Seat]:
        """Seats whose role is a ``kind``, alive or dead (``living``: alive only)."""
        game = self._game
        return [s for s in game.seats() if s != exclude and (not living or game.alive[s])
                and game.identities[s].is_a(kind)]

    def holding(self, kind: type[Role]) -> list[Seat]:
        """Seats whose role or an extra role is a ``kind`` (V1.1.6)."""
        return [s for s in self._game.seats() if self._game.identities[s].holds(kind)]

    def attackers(self) -> list[Seat]:
        """Living seats that take part in the wolves' attack."""
        return self._game.attackers()

    def chat_members(self, chat: str) -> list[Seat]:
        """Living seats that read and write ``chat``."""
        return [s for s in self._game.living() if chat in self._game.identities[s].chats(self)]

    def attacks_tonight(self) -> int:
        """How many attacks the wolves must choose tonight."""
        return self._game.night.attacks

    def chosen(self, verb: Verb) -> list[Action]:
        """The actions of ``verb`` submitted tonight, in order."""
        return [a for a in self._game.night.actions if a.verb is verb]

    def count_chosen(self, verbs: tuple[Verb, ...]) -> int:
        """How many actions of any of ``verbs`` were submitted tonight."""
        return sum(1 for a in self._game.night.actions if a.verb in verbs)

    def done(self, me: Layer, verb: Verb) -> int:
        """How many times ``me`` (this layer of its seat) submitted ``verb`` tonight."""
        return self._game.done(me.seat, verb, me)

    def done_by_seat(self, seat: Seat, verb: Verb) -> int:
        """How many times ``seat`` submitted ``verb`` tonight, by any of its layers (a role it held before
        a change tonight included)."""
        return self._game.done(seat, verb)

    def aimed(self, seat: Seat) -> Seat:
        """Where an effect aimed at ``seat`` lands tonight (W.1.2's redirection; none today)."""
        return self._game.night.redirects.get(seat, seat)

    def has_action_open(self, seat: Seat) -> bool:
        """V1.1.11: whether living ``seat`` has a night action open now (read after the dusk hooks, 忍者):
        an ability open and not yet done, optional ones too; as the reference, also an action the rules
        already submitted for it (``firstnightdivine=auto``) and every attacking wolf on night 1 with
        身代わりくん."""
        return self._game.has_action_open(seat)

    def obstructed(self, seat: Seat) -> bool:
        """Whether ``seat``'s divinations are obstructed now (W.1.4): an obstructed divination is no
        divination with effects (no *divined* hook, no curse)."""
        return self._game.identities[seat].obstructed
    def voted(self, seat: Seat) -> bool:
        """Whether ``seat`` has voted in the open ballot."""
        ballot = self._game.ballot
        return ballot is not None and seat in ballot.votes

    def playable(self) -> list[str]:
        """The ids of every declared role, sorted."""
        return self._game.playable()

    def goat_may_draw(self, role_id: str) -> bool:
        """Whether 身代わりくん may be dealt ``role_id`` under 身代わりセーフティ ``full`` (§2: neither non-human
        nor on its list)."""
        return self._game.goat_may_draw(role_id)

    def blocked(self) -> Blocked | None:
        """Why the last kill did not kill (W.1.9f), None if it killed or its seat was dead."""
        return self._game.blocked

    def guards_on(self, target: Seat, kind: GuardKind = GuardKind.HUNTER) -> list[Seat]:
        """The seats whose protection of ``kind`` ``target`` holds tonight (exposed or not)."""
        return self._game.night.guards_on(target, kind)

    def ballot_voters(self, target: Seat) -> list[Seat]:
        """The seats that voted for ``target`` in the ballot being counted (none outside one); a
        decreed execution's only voter is the seat that decreed it (V1.2 独裁者: the day's votes are void)."""
        ballot = self._game.ballot
        if ballot is not None and ballot.ended:
            return [ballot.decreed_by] if ballot.decreed == target and ballot.decreed_by is not None else []
        return [] if ballot is None else [v for v, t in ballot.votes.items() if t == target]

    def last_vote_weight(self, seat: Seat) -> int | None:
        """What ``seat``'s vote weighed in the last ballot held (the day's last, until the next day
        opens one); None when it did not vote there, the day ended without a vote, or none was held."""
        ballot = self._game.ballot
        if ballot is None or ballot.ended or seat not in ballot.votes:
            return None
        return ballot.weights[seat]

    # ------------------------------------------------------------------ acts

    def kill(self, seat: Seat, cause: Cause, source: Seat | None = None, guardable: bool = True) -> bool:
        """Try to kill ``seat`` through §5.2's resistances; True if it died."""
        return self._game.kill(seat, cause, source, guardable)

    def bite(self, seat: Seat, wolf: Seat, tricked: bool = False, forced: bool = False) -> bool:
        """``wolf``'s attack tries to kill ``seat`` (``tricked``: past immunity and guards, V2.1.1;
        ``forced``: whatever protects it, W.1.9d); True if it died, *bitten to death* (V2.1.4)."""
        return self._game.bite(seat, wolf, tricked, forced)

    def biting(self, seat: Seat) -> Seat | None:
        """The wolf whose attack is trying to kill ``seat`` right now (V2.1.4), or None: a death being
        tried now is a bite."""
        return self._game.biting(seat)

    def die(self, seat: Seat, cause: Cause, source: Seat | None = None) -> bool:
        """``seat``, if alive, dies now whatever protects it (W.1.9d: 一途); True if it died."""
        if not self._game.alive[seat]:
            return False
        self._game.die(seat, cause, source)
        return True

    def redirect(self, seat: Seat, to: Seat) -> None:
        """Tonight every effect aimed at ``seat`` and resolved from now lands on ``to`` (W.1.2)."""
        self._game.night.redirects[seat] = to

    def unguard(self, target: Seat, guard: Seat | None = None) -> None:
        """``guard``'s protections of ``target`` are removed for the night (no ``guard``: every one
        placed so far tonight, W.1.3: a hypnosis)."""
        self._game.night.unguard(target, guard)

    def revive(self, seat: Seat) -> bool:
        """A dead seat comes back (never after a sudden death); True if it did."""
        return self._game.revive(seat)

    def arm(self, seat: Seat) -> None:
        """A hunter will take a last shot (§5.5)."""
        self._game.arm(seat)

    def guard(self, target: Seat, by: Seat, kind: GuardKind = GuardKind.HUNTER) -> None:
        """Protect ``target`` from wolf and vampire attacks for the rest of the night (a protection of
        ``kind``: 狩人's by default)."""
        self._game.night.guard(target, by, kind)

    def end_day(self, execute: Seat | None = None, by: Seat | None = None) -> None:
        """The day ends at once without a vote (W.1.1: 自爆); the votes cast are void. ``execute``: the
        seat executed when the day closes (V1.1.1: 独裁者 — nobody may act before that); ``by``: the seat
        that decreed it, counted as its only voter (:meth:`ballot_voters`)."""
        self._game.end_day(execute, by)

    def add_execution(self, notice: str | None = None, **args: Any) -> None:
        """One more execution (V1.1.3): today (the ballot now closing), or with ``notice`` at the next
        dawn hooks, where the public ``notice`` tells the new count (``count``) and ``args``."""
        self._game.add_execution(notice, args)

    def add_role(self, seat: Seat, role_id: str) -> Layer:
        """``seat`` gains a fresh playable role as an extra role (V1.1.6: フランケンシュタインの怪物)."""
        return self._game.add_role(seat, role_id)

    def burying(self) -> list[Seat]:
        """The seats that died since the last burial's announcements (a burial hook's new dead)."""
        return self._game.burying()

    def day_ended(self) -> bool:
        """Whether the open day was ended by a day action (W.1.1: 自爆, 独裁者), its votes void."""
        ballot = self._game.ballot
        return ballot is not None and ballot.ended


    def tell(self, seat: Seat | Sequence[Seat] | None, key: str, **args: Any) -> None:
        """Say something to one seat, some seats, or (None) everybody."""
        self._game.tell(seat, key, **args)

    def tell_at_dawn(self, seat: Seat, key: str, **args: Any) -> None:
        """Tell ``seat`` at the next dawn, if it is alive then (night results)."""
        self._game.at_dawn(seat, key, **args)

    def draw(self, kind: str, options: Sequence[Any], weights: Sequence[int] | None = None) -> Any:
        """A random outcome (uniform, or by ``weights``), recorded."""
        return self._game.draw(kind, options, weights)

    def draw_seat(self, kind: str, seats: Sequence[Seat], weights: Sequence[int] | None = None) -> Seat:
        """A random seat of ``seats`` (uniform, or by ``weights``), recorded by name."""
        return self._game.draw_seat(kind, seats, weights)

    def draw_fixed(self, kind: str, check: Callable[[Any], str | None],
                   draw: Callable[[np.random.Generator], Any]) -> Any:
        """A casting-time outcome (T.1.9: 盗人's candidates): the one the caster drew before dealing, given
        with the start's outcomes and accepted when ``check`` finds no reason against it, else ``draw``
        from the generator now; recorded either way (:meth:`~jinrou.classic.draws.Draws.fixed`)."""
        return self._game.draw_fixed(kind, check, draw)

    def draw_seats(self, kind: str, seats: Sequence[Seat], k: int, shorter: bool = False) -> list[Seat]:
        """``k`` distinct seats of ``seats`` (all if fewer), uniform, recorded as one list of names
        (``shorter``: a record may give fewer, V2.2 花見客's ``drunk``)."""
        return self._game.draw_seats(kind, seats, k, shorter)

    def change_role(self, seat: Seat, role_id: str, told_now: bool | None = True, layer: Layer | None = None) -> None:
        """The seat's role becomes a fresh ``role_id``; told now, or when the next phase opens (False), or
        not (None: the role that changes it says its own line). A role changing itself passes its
        ``layer``: on a ケミカル seat only its half changes."""
        self._game.change_role(seat, role_id, told_now, layer)

    def dusk_hook(self, seat: Seat, changed: Layer | None = None) -> None:
        """``seat``'s role runs its dusk reactions now (V1.1.4: 運命の子's new role, at once); ``changed``: the
        layer that has just changed itself — on a ケミカル seat only the new role of its half runs them (None:
        both halves)."""
        identity = self._game.identities[seat]
        halves = (identity.main,) if identity.pair is None else (identity.main, identity.pair)
        if changed is not None and identity.pair is not None:
            halves = (identity.pair,) if changed.kind is LayerKind.PAIR else (identity.main,)
        for layer in halves:
            for handler in layer.role.reactions.get(PhaseOpened, ()):
                handler(layer.role, self, layer, PhaseOpened(Moment.DUSK))

    def grant(self, seat: Seat, role_id: str, source: Seat | None = None) -> Layer:
        """``seat`` gains a sub-role, extra role or mark (on top of its layers)."""
        return self._game.grant(seat, role_id, source)

    def remove(self, layer: Layer) -> None:
        """A sub-role, extra role or mark leaves its seat."""
        self._game.remove(layer)

    def submit(self, action: Action) -> None:
        """Submit an action the rules make for a living seat (its draw, if any, is the record)."""
        self._game.submit_drawn(action)

    def act_while_dead(self, action: Action, me: Layer) -> None:
        """A dead seat's action by a "while dead" rule joins tonight's resolution (猫又)."""
        self._game.night.dead_actions.append((action, me))

    def emit(self, event: Event) -> None:
        """Dispatch ``event`` to the identities it concerns."""
        self._game.emit(event)

    def add_attack_tonight(self) -> None:
        """The wolves get one more attack tonight (W.1.9b: 欲張り)."""
        self._game.night.attacks += 1

    def cancel_attacks(self) -> None:
        """Tonight's wolf attacks not yet resolved do nothing (W.1.9d–e: 欲張り's price, 催眠)."""
        self._game.night.attacks_cancelled = True

    def attacks_cancelled(self) -> bool:
        """Whether tonight's remaining wolf attacks were cancelled."""
        return self._game.night.attacks_cancelled

    def resettle(self, seat: Seat) -> None:
        """``seat``'s identity works its answers out again: an answer read from a layer's memory
        changed (W.1.9a: 孤独な狼 becomes an attacker, or stops)."""
        self._game.identities[seat].resettle()

    def note(self, key: str, **args: Any) -> None:
        """A hidden detail nobody is told while the game runs, shown to everybody at its end (絶対狼
        resisted a death)."""
        self._game.note(key, **args)

    def set_attacks_tonight(self, count: int) -> None:
        """The wolves have ``count`` attacks tonight (at dusk: 狼の子's extra one, 病人's none)."""
        self._game.night.attacks = count

    # ------------------------------------------------------------------ shared memories

    def memory(self, kind: type[M]) -> M:
        """The game's memory of the mechanic ``kind`` (a :class:`~jinrou.classic.role.Shared` dataclass
        declared beside the roles that use it), made fresh on first ask; it lasts as ``kind.kept`` says."""
        memories = self._game.memories
        found = memories.get(kind)
        if found is None:
            found = memories[kind] = kind()
        return found  # type: ignore[return-value]

    def recall(self, kind: type[M]) -> M | None:
        """The game's memory of ``kind`` if one was made and still lasts (None: nothing to remember);
        asking makes nothing."""
        return self._game.memories.get(kind)  # type: ignore[return-value]

