"""The rules of quantum werewolf (量子人狼): phases, actions, chance, judgement.

A :class:`Game` is an immutable state. ``game.apply(action)`` returns the next state; the events
it produced are appended to ``game.events`` (the game record). Two kinds of action move a game:

* **decisions** — :class:`NightAction`, :class:`Vote`, :class:`Deadline` — from players and the
  clock, accepted while ``game.chance is None``;
* **chance outcomes** — the night order, a divination result, a collapse, a tie-break, the final
  world — answering ``game.chance``, the pending random event. ``chance.sample(rng)`` draws one with
  exact probabilities; a replay supplies the recorded one instead, and an outcome of probability
  zero is refused. ``game.advance(rng)`` samples until a decision is needed.

So the engine reads no clock and owns no generator, and a record replays exactly.

Flow (spec §2): night 1 → day 1 → night 2 … Each phase starts with the deaths of players dead in
every world (chain effect), the table, and the judgement. A night resolves in a random order,
each player's divination then attack. A day is a vote; a tie is re-voted up to four times, then the
game is a draw (option ``random_tiebreak``: a random choice among the tied). Details the spec
leaves open are settled in ``docs/quantum-rules.md``; notably a player who misses a required
action dies a sudden death right *after* the phase's resolution, so everything he was targeted
with still happens.

>>> import numpy as np
>>> game = Game.new(Setup.create(["A", "B", "C"]))
>>> game.phase, game.waiting_for()
(Phase.parse('night 1'), (0, 1, 2))
>>> game = game.apply(NightAction(0, divine=1)).apply(NightAction(1, divine=2)).apply(NightAction(2, divine=0))
>>> game = game.apply(Deadline()).advance(np.random.default_rng(3))
>>> game.phase, game.table.worlds
(Phase.parse('day 1'), 3)
"""

from __future__ import annotations

import bisect
import itertools
import math
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np

from jinrou.chance import uniform_below, weighted_index
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError, SetupError
from jinrou.outcome import Termination, Winner
from jinrou.players import check_setup, names_for
from jinrou.quantum.events import (
    Action,
    Cause,
    ChanceOutcome,
    Collapsed,
    Deadline,
    DeathEvent,
    Divined,
    EndEvent,
    Event,
    FinalWorld,
    NightAction,
    NightEvent,
    Numbers,
    NumbersEvent,
    Order,
    Phase,
    PhaseKind,
    TableEvent,
    TieBroken,
    Vote,
    VoteEvent,
)
from jinrou.quantum.roles import Card, Seat
from jinrou.quantum.worlds import Multiverse, Table

REVOTES = 4
"""Re-votes after a tied vote before the game is a draw (spec §2.3)."""


def default_wolves(players: int) -> int:
    """Wolves by player count (spec §1): 1 (<8), 2 (8–12), 3 (13–19), 4 (20–24), 5 (25–29), 6 (30+)."""
    for limit, wolves in ((8, 1), (13, 2), (20, 3), (25, 4), (30, 5)):
        if players < limit:
            return wolves
    return 6


@dataclass(frozen=True)
class Options:
    """Rule and display options of the spec; every default is the reference server's."""

    first_night_attack: bool = False
    """Attacks are allowed on night 1 (初日襲撃)."""
    final_collapse: bool = True
    """At the end, one remaining world is drawn and revealed; off: uncertain players lose."""
    random_tiebreak: bool = False
    """A tied vote executes a random one of the tied instead of re-voting."""
    split_seer: bool = False
    """The table shows 村人 and 占い師 apart instead of 人間."""
    hide_dead: bool = False
    """The table hides the 死亡 column."""
    anonymous: bool = False
    """Table rows are "Player N"; each player learns only his own secret number."""

    def to_json(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        if not isinstance(data, Mapping):
            raise SetupError(f"options must be an object, not {data!r}")
        for key, value in data.items():
            if key not in known:
                raise SetupError(f"unknown option {key!r}: options are {', '.join(sorted(known))}")
            if not isinstance(value, bool):
                raise SetupError(f"option {key!r} must be true or false, not {value!r}")
        return cls(**data)


@dataclass(frozen=True)
class Setup:
    """Who plays and with how many wolves."""

    players: tuple[str, ...]
    wolves: int
    options: Options = Options()

    def __post_init__(self) -> None:
        check_setup(self.players, self.wolves, "quantum werewolf")

    @classmethod
    def create(
        cls, players: int | Sequence[str], wolves: int | None = None, options: Options | None = None
    ) -> Setup:
        """A setup from a player count (named A, B, …, or P1, P2, … past 26) or a list of names;
        ``wolves`` defaults to :func:`default_wolves`."""
        if isinstance(players, int):
            players = names_for(players, "quantum werewolf")
        names = tuple(players)
        return cls(names, default_wolves(len(names)) if wolves is None else wolves, options or Options())


# ------------------------------------------------------------------ chance


@dataclass(frozen=True)
class Chance(ABC):
    """A pending random event. ``sample`` draws an outcome with exact probabilities;
    ``probability`` tells how likely a given one is (0 for an impossible one)."""

    @abstractmethod
    def sample(self, rng: np.random.Generator) -> ChanceOutcome: ...

    @abstractmethod
    def probability(self, outcome: ChanceOutcome) -> Fraction: ...

    @abstractmethod
    def describe(self, names: Sequence[str]) -> str:
        """What is being drawn, for messages."""


@dataclass(frozen=True)
class NumbersChance(Chance):
    """The secret numbers of the anonymous table: a uniform permutation of 1..n."""

    players: int

    def sample(self, rng: np.random.Generator) -> Numbers:
        return Numbers(tuple(int(x) + 1 for x in rng.permutation(self.players)))

    def probability(self, outcome: ChanceOutcome) -> Fraction:
        valid = isinstance(outcome, Numbers) and sorted(outcome.numbers) == list(range(1, self.players + 1))
        return Fraction(1, math.factorial(self.players)) if valid else Fraction(0)

    def describe(self, names: Sequence[str]) -> str:
        return "the secret table numbers"


@dataclass(frozen=True)
class OrderChance(Chance):
    """The night's resolution order: a uniform permutation of the living players."""

    living: tuple[Seat, ...]

    def sample(self, rng: np.random.Generator) -> Order:
        return Order(tuple(int(x) for x in rng.permutation(np.array(self.living))))

    def probability(self, outcome: ChanceOutcome) -> Fraction:
        valid = isinstance(outcome, Order) and sorted(outcome.seats) == sorted(self.living)
        return Fraction(1, math.factorial(len(self.living))) if valid else Fraction(0)

    def describe(self, names: Sequence[str]) -> str:
        return "the night's resolution order"


@dataclass(frozen=True)
class DivinationChance(Chance):
    """``seer`` divines ``target``: "wolf" in ``wolf_worlds`` of the ``candidates`` worlds where
    ``seer`` is the living seer (one candidate world is drawn uniformly)."""

    seer: Seat
    target: Seat
    wolf_worlds: int
    candidates: int

    def sample(self, rng: np.random.Generator) -> Divined:
        return Divined(uniform_below(rng, self.candidates) < self.wolf_worlds)

    def probability(self, outcome: ChanceOutcome) -> Fraction:
        if not isinstance(outcome, Divined):
            return Fraction(0)
        wolf = Fraction(self.wolf_worlds, self.candidates)
        return wolf if outcome.wolf else 1 - wolf

    def describe(self, names: Sequence[str]) -> str:
        return f"the result of {names[self.seer]} divining {names[self.target]}"


@dataclass(frozen=True)
class CollapseChance(Chance):
    """Dying ``players`` collapse (収束) one at a time — any of them may go first — each to a card
    drawn with the share of worlds that give it to him."""

    players: tuple[Seat, ...]
    cause: Cause
    worlds: Multiverse = field(repr=False)

    def counts(self, player: Seat) -> dict[Card, int]:
        return self.worlds.card_counts(player)

    def sample(self, rng: np.random.Generator) -> Collapsed:
        player = self.players[0]
        counts = self.counts(player)
        return Collapsed(player, list(counts)[weighted_index(rng, list(counts.values()))])

    def probability(self, outcome: ChanceOutcome) -> Fraction:
        if not isinstance(outcome, Collapsed) or outcome.player not in self.players:
            return Fraction(0)
        return Fraction(self.counts(outcome.player).get(outcome.card, 0), self.worlds.count)

    def describe(self, names: Sequence[str]) -> str:
        who = " or ".join(names[p] for p in self.players)
        return {Cause.ATTACK: f"the death of {who} (dead in every world)", Cause.EXECUTION: f"the execution of {who}",
                Cause.SUDDEN: f"the sudden death of {who}"}[self.cause]


@dataclass(frozen=True)
class TieBreakChance(Chance):
    """A uniform choice among the tied players."""

    tied: tuple[Seat, ...]

    def sample(self, rng: np.random.Generator) -> TieBroken:
        return TieBroken(self.tied[int(rng.integers(len(self.tied)))])

    def probability(self, outcome: ChanceOutcome) -> Fraction:
        ok = isinstance(outcome, TieBroken) and outcome.player in self.tied
        return Fraction(1, len(self.tied)) if ok else Fraction(0)

    def describe(self, names: Sequence[str]) -> str:
        return "the tie-break among " + ", ".join(names[p] for p in self.tied)


@dataclass(frozen=True)
class WorldChance(Chance):
    """The final collapse: one remaining world, drawn uniformly."""

    worlds: Multiverse = field(repr=False)

    def sample(self, rng: np.random.Generator) -> FinalWorld:
        return FinalWorld(self.worlds.sample_world(rng))

    def probability(self, outcome: ChanceOutcome) -> Fraction:
        ok = isinstance(outcome, FinalWorld) and self.worlds.contains(outcome.world)
        return Fraction(1, self.worlds.count) if ok else Fraction(0)

    def describe(self, names: Sequence[str]) -> str:
        return "the final world"


# ------------------------------------------------------------------ stages


@dataclass(frozen=True)
class _Numbering:
    """Anonymous option: the numbers are drawn before night 1."""


@dataclass(frozen=True)
class _Dawn:
    """A phase starts: chain deaths, then the table and the judgement."""


@dataclass(frozen=True)
class _Orders:
    submitted: Mapping[Seat, NightAction] = field(default_factory=dict)


@dataclass(frozen=True)
class _Ordering:
    """The night is closed: its resolution order is drawn next."""

    actions: Mapping[Seat, NightAction]
    missing: tuple[Seat, ...]


@dataclass(frozen=True)
class _Resolving:
    """The night resolves in ``order``, each player's divination then attack."""

    actions: Mapping[Seat, NightAction]
    missing: tuple[Seat, ...]
    order: tuple[Seat, ...]
    cursor: int = 0
    divining: bool = True  # at the cursor's divination (else his attack)
    results: Mapping[Seat, str] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return self.cursor == len(self.order)

    @property
    def acting(self) -> NightAction | None:
        """The orders of the player at the cursor (None: he gave none, or the night is done)."""
        return None if self.done else self.actions.get(self.order[self.cursor])

    def divination(self) -> tuple[Seat, Seat] | None:
        """(seer, target) of the divination due at the cursor, if one is."""
        action = self.acting
        if not self.divining or action is None or action.divine is None:
            return None
        return action.player, action.divine


@dataclass(frozen=True)
class _Sudden:
    players: tuple[Seat, ...]
    then: _Dawn | _Voting  # next: the next phase's dawn, or a re-vote
    died: bool = False  # someone died here, so judge before going on


@dataclass(frozen=True)
class _Voting:
    round: int = 0
    votes: Mapping[Seat, Seat] = field(default_factory=dict)


@dataclass(frozen=True)
class _TieBreak:
    votes: Mapping[Seat, Seat]
    tied: tuple[Seat, ...]
    missing: tuple[Seat, ...]


@dataclass(frozen=True)
class _Executing:
    player: Seat
    missing: tuple[Seat, ...]


@dataclass(frozen=True)
class _Ending:
    termination: Termination


@dataclass(frozen=True)
class _Over:
    termination: Termination
    world: tuple[Card, ...] | None


_Stage = (_Numbering | _Dawn | _Orders | _Ordering | _Resolving | _Sudden | _Voting | _TieBreak | _Executing | _Ending
          | _Over)


# ------------------------------------------------------------------ results


@dataclass(frozen=True)
class Outcome:
    """How a game ended: why (which gives the winning side: village, wolves or draw), the revealed
    world if one was drawn, and the seats that won (everybody on the winning side, dead or alive)."""

    termination: Termination
    world: tuple[Card, ...] | None
    winners: tuple[Seat, ...]

    @property
    def winner(self) -> Winner:
        return self.termination.winner


@dataclass(frozen=True)
class LegalActions:
    """What ``player`` may do now: targets for each kind of action (empty: not his to take)."""

    divine: tuple[Seat, ...] = ()
    attack: tuple[Seat, ...] = ()
    vote: tuple[Seat, ...] = ()


# -------------------------------------------------------------------- game


@dataclass(frozen=True)
class Game:
    """A quantum werewolf game at one moment: its setup, world set, phase and record so far."""

    setup: Setup
    worlds: Multiverse
    phase: Phase
    stage: _Stage
    events: tuple[Event, ...] = ()

    @classmethod
    def new(cls, setup: Setup) -> Game:
        """A game at the start of night 1 (its first chance is the anonymous numbers, if on)."""
        stage = _Numbering() if setup.options.anonymous else _Dawn()
        worlds = Multiverse.start(len(setup.players), setup.wolves)
        return cls(setup, worlds, Phase(PhaseKind.NIGHT, 1), stage)._settle()

    # ------------------------------------------------------------ questions

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def table(self) -> Table:
        """The current probability table (world counts)."""
        return self.worlds.table

    @property
    def alive(self) -> tuple[Seat, ...]:
        """Players who have not died publicly (some may be dead in some worlds)."""
        return self.worlds.living

    def is_alive(self, seat: Seat) -> bool:
        return seat not in self.worlds.dead

    @property
    def is_over(self) -> bool:
        return isinstance(self.stage, _Over)

    @cached_property
    def outcome(self) -> Outcome | None:
        """The result once the game is over."""
        if not isinstance(self.stage, _Over):
            return None
        termination, world = self.stage.termination, self.stage.world
        winner = termination.winner
        if winner is Winner.DRAW:
            winners: tuple[Seat, ...] = ()
        elif world is not None:
            winners = tuple(p for p, card in enumerate(world) if card.role.side is winner)
        else:  # no final collapse: only players whose side is certain can win
            table = self.table
            wolves = winner is Winner.WOLVES
            winners = tuple(p for p in range(len(self.names))
                            if (table.certain(p, "wolf") if wolves else table.rows[p].wolf == 0))
        return Outcome(termination, world, winners)

    def decided(self, action: NightAction | Vote) -> bool:
        """Whether ``action`` is the very decision its player has already made in this phase (his
        night orders, his vote): given again it would change nothing (:meth:`apply` refuses it, as
        any second decision)."""
        st = self.stage
        if isinstance(action, NightAction):
            return isinstance(st, _Orders) and st.submitted.get(action.player) == action
        return isinstance(st, _Voting) and st.votes.get(action.player) == action.target

    def seat(self, name: str) -> Seat:
        """The seat of the player called ``name``."""
        try:
            return self.names.index(name)
        except ValueError:
            raise IllegalActionError(f"unknown player {name!r}: players are {', '.join(self.names)}") from None

    def may_divine(self, seat: Seat) -> bool:
        """Whether ``seat`` is alive and may still be the seer (P(seer) > 0): he divines at night."""
        return seat in self.worlds.possible[0]

    def may_attack(self, seat: Seat) -> bool:
        """Whether ``seat`` is alive and may still be a wolf (P(wolf) > 0): he attacks at night."""
        return seat in self.worlds.possible[1]

    def can_divine(self, seat: Seat) -> bool:
        """Whether ``seat`` must choose a divination tonight."""
        return self.phase.is_night and self.may_divine(seat)

    def can_attack(self, seat: Seat) -> bool:
        """Whether ``seat`` must choose an attack tonight (attacks start on night 2 unless
        ``first_night_attack``)."""
        attacks_on = self.phase.number > 1 or self.setup.options.first_night_attack
        return self.phase.is_night and attacks_on and self.may_attack(seat)

    def legal_actions(self, seat: Seat) -> LegalActions:
        """The targets ``seat`` may choose now."""
        alive = self.alive
        at = bisect.bisect_left(alive, seat)
        others = alive[:at] + alive[at + 1:] if at < len(alive) and alive[at] == seat else alive
        if isinstance(self.stage, _Orders) and seat not in self.stage.submitted:
            return LegalActions(
                divine=others if self.can_divine(seat) else (), attack=others if self.can_attack(seat) else ()
            )
        if isinstance(self.stage, _Voting) and self.is_alive(seat) and seat not in self.stage.votes:
            return LegalActions(vote=others)
        return LegalActions()

    def waiting_for(self) -> tuple[Seat, ...]:
        """Players who still must act before the phase can resolve."""
        if isinstance(self.stage, _Orders):
            actors = self.worlds.acting[self.phase.number > 1 or self.setup.options.first_night_attack]
            return tuple(itertools.filterfalse(self.stage.submitted.__contains__, actors))
        if isinstance(self.stage, _Voting):
            return tuple(itertools.filterfalse(self.stage.votes.__contains__, self.alive))
        return ()

    def divinations(self, seat: Seat) -> list[tuple[int, Seat, str]]:
        """``seat``'s own divinations so far: (night, target, "wolf" | "human" | "none")."""
        return [
            (e.night, target, e.divinations[seat])
            for e in self.events
            if isinstance(e, NightEvent) and seat in e.divinations and (target := e.actions[seat].divine) is not None
        ]

    def number(self, seat: Seat) -> int | None:
        """``seat``'s secret table number (anonymous option), once drawn."""
        drawn = next((e for e in self.events if isinstance(e, NumbersEvent)), None)
        return None if drawn is None else drawn.numbers[seat]

    @cached_property
    def chance(self) -> Chance | None:
        """The random event the game waits for, or None when it waits for players (or is over)."""
        st, worlds = self.stage, self.worlds
        if isinstance(st, _Numbering):
            return NumbersChance(len(self.names))
        if isinstance(st, _Dawn) and worlds.count and (dying := worlds.dead_everywhere()):
            return CollapseChance(tuple(dying), Cause.ATTACK, worlds)
        if isinstance(st, _Ordering):
            return OrderChance(self.alive)
        if isinstance(st, _Resolving) and (due := st.divination()) is not None:
            wolf, candidates = worlds.divination_odds(*due)
            if candidates:
                return DivinationChance(*due, wolf, candidates)
        if isinstance(st, _Sudden) and st.players and worlds.count:
            return CollapseChance(st.players[:1], Cause.SUDDEN, worlds)
        if isinstance(st, _TieBreak):
            return TieBreakChance(st.tied)
        if isinstance(st, _Executing) and worlds.count:
            return CollapseChance((st.player,), Cause.EXECUTION, worlds)
        if isinstance(st, _Ending) and self.setup.options.final_collapse and worlds.count:
            return WorldChance(worlds)
        return None

    # ------------------------------------------------------------- changes

    def apply(self, action: Action | ChanceOutcome) -> Game:
        """The state after ``action`` (a decision, or an outcome of the pending chance).

        Raises :class:`IllegalActionError` or :class:`ImpossibleOutcomeError` and changes nothing
        when the action is not allowed now.
        """
        if isinstance(action, NightAction | Vote | Deadline):
            if self.is_over:
                raise IllegalActionError("the game is over")
            if self.chance is not None:
                raise IllegalActionError(f"waiting for {self.chance.describe(self.names)}, not for players")
            game = self._decide(action)
        else:
            chance = self.chance
            if chance is None:
                raise IllegalActionError(f"no random event is pending: {type(action).__name__} is not expected")
            if chance.probability(action) == 0:
                raise ImpossibleOutcomeError(
                    f"{_describe_outcome(action, self.names)} is impossible for {chance.describe(self.names)}"
                )
            game = self._happen(action)
        return game._settle()

    def advance(self, rng: np.random.Generator) -> Game:
        """Draw every pending random event until players must act or the game is over."""
        game = self
        while game.chance is not None:
            game = game.apply(game.chance.sample(rng))
        return game

    # ------------------------------------------------------------ internals

    def _emit(self, *events: Event, **changes: Any) -> Game:
        return _evolve(self, events=self.events + events, **changes)

    def _name(self, seat: Seat) -> str:
        return self.names[seat]

    def _check_player(self, seat: Any, role: str) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.names):
            raise IllegalActionError(f"unknown {role} {seat!r}: seats are 0–{len(self.names) - 1}")

    def _check_target(self, actor: Seat, target: Seat, verb: str) -> None:
        self._check_player(target, "target")
        if target == actor:
            raise IllegalActionError(f"{self._name(actor)} cannot {verb} himself")
        if not self.is_alive(target):
            raise IllegalActionError(f"{self._name(target)} is dead: {verb} a living player")

    def _decide(self, action: Action) -> Game:
        st = self.stage
        if isinstance(action, Deadline):
            if isinstance(st, _Orders):
                return self._close_night(st)
            if isinstance(st, _Voting):
                return self._close_vote(st)
            raise IllegalActionError(f"nothing to close in {self.phase}")  # pragma: no cover - chance covers it
        self._check_player(action.player, "player")
        who = self._name(action.player)
        if not self.is_alive(action.player):
            raise IllegalActionError(f"{who} is dead and cannot act")
        if isinstance(action, NightAction):
            if not isinstance(st, _Orders):
                raise IllegalActionError(f"it is {self.phase}: night actions are taken at night")
            if action.player in st.submitted:
                raise IllegalActionError(f"{who} has already acted tonight")
            for verb, target, allowed in (
                ("divine", action.divine, self.can_divine(action.player)),
                ("attack", action.attack, self.can_attack(action.player)),
            ):
                if allowed and target is None:
                    living = ", ".join(self._name(p) for p in self.alive if p != action.player)
                    raise IllegalActionError(f"{who} must choose whom to {verb} ({living})")
                if not allowed and target is not None:
                    why = {
                        "divine": "he cannot be the seer",
                        "attack": "he cannot be a wolf" if self.phase.number > 1 or self.setup.options.first_night_attack
                        else "there are no attacks on night 1",
                    }[verb]
                    raise IllegalActionError(f"{who} cannot {verb}: {why}")
                if target is not None:
                    self._check_target(action.player, target, verb)
            return _evolve(self, stage=_Orders({**st.submitted, action.player: action}))
        if not isinstance(st, _Voting):
            raise IllegalActionError(f"it is {self.phase}: votes are cast by day")
        if action.player in st.votes:
            raise IllegalActionError(f"{who} has already voted")
        self._check_target(action.player, action.target, "vote for")
        return _evolve(self, stage=_Voting(st.round, {**st.votes, action.player: action.target}))

    def _close_night(self, st: _Orders) -> Game:
        missing = self.waiting_for()
        actions = {p: st.submitted.get(p, NightAction(p)) for p in self.alive if p not in missing}
        return _evolve(self, stage=_Ordering(actions, missing))

    def _close_vote(self, st: _Voting) -> Game:
        missing = tuple(p for p in self.alive if p not in st.votes)
        tally = Counter(st.votes.values())
        top = max(tally.values(), default=0)
        tied = tuple(sorted(p for p, c in tally.items() if c == top))
        if len(tied) == 1:
            return self._emit(VoteEvent(self.phase.number, st.votes, tied[0]))._execute(tied[0], missing)
        if tied and self.setup.options.random_tiebreak:
            return _evolve(self, stage=_TieBreak(st.votes, tied, missing))
        game = self._emit(VoteEvent(self.phase.number, st.votes, None))
        if st.round < REVOTES:
            return _evolve(game, stage=_Sudden(missing, _Voting(st.round + 1)))
        return _evolve(game, stage=_Ending(Termination.TIED_VOTES))

    def _execute(self, player: Seat, missing: tuple[Seat, ...]) -> Game:
        # "he was alive until now": worlds where he is already dead go first (spec §2.3)
        others = tuple(p for p in missing if p != player)
        return _evolve(self, worlds=self.worlds.require_alive(player), stage=_Executing(player, others))

    def _happen(self, outcome: ChanceOutcome) -> Game:
        """The state after ``outcome``, one :meth:`apply` found possible for the pending chance: each
        stage that waits for chance takes the one kind of outcome its chance draws."""
        match self.stage, outcome:
            case _Numbering(), Numbers():
                return self._emit(NumbersEvent(outcome.numbers), stage=_Dawn())
            case _Ordering() as st, Order():
                return _evolve(self, stage=_Resolving(st.actions, st.missing, outcome.seats))
            case _Resolving() as st, Divined() if (due := st.divination()) is not None:
                seer, target = due
                results = {**st.results, seer: "wolf" if outcome.wolf else "human"}
                return _evolve(self, worlds=self.worlds.divine(seer, target, outcome.wolf),
                               stage=_evolve(st, divining=False, results=results))
            case _Dawn(), Collapsed():  # a chain death: the dawn goes on
                return self._die(outcome, Cause.ATTACK)
            case _Sudden() as st, Collapsed():
                return _evolve(self._die(outcome, Cause.SUDDEN), stage=_Sudden(st.players[1:], st.then, died=True))
            case _Executing() as st, Collapsed():
                game = self._die(outcome, Cause.EXECUTION)
                end = game._judge()
                return _evolve(game, stage=_Sudden(st.missing, _Dawn()) if end is None else _Ending(end))
            case _TieBreak() as st, TieBroken():
                game = self._emit(VoteEvent(self.phase.number, st.votes, outcome.player))
                return game._execute(outcome.player, st.missing)
            case _Ending() as st, FinalWorld():
                end_event = EndEvent(st.termination.winner, outcome.world)
                return self._emit(end_event, stage=_Over(st.termination, outcome.world))
        raise AssertionError(f"{outcome!r} in {self.stage!r}")  # pragma: no cover - apply checked the chance

    def _die(self, outcome: Collapsed, cause: Cause) -> Game:
        """The dying player collapses to the drawn card and dies."""
        worlds = self.worlds.collapse(outcome.player, outcome.card).kill(outcome.player)
        return self._emit(DeathEvent(outcome.player, cause, outcome.card), worlds=worlds)

    def _settle(self) -> Game:
        """Run the steps that need nobody (no decision, no chance) until one is needed."""
        game = self
        while (step := game._step()) is not None:
            game = step
        return game

    def _step(self) -> Game | None:
        st = self.stage
        if isinstance(st, _Dawn):
            if self.chance is not None:
                return None
            game = self._emit(TableEvent(self.phase, self.table))
            if (end := game._judge()) is not None:
                return _evolve(game, stage=_Ending(end))
            return _evolve(game, stage=_Orders() if self.phase.is_night else _Voting())
        if isinstance(st, _Resolving):
            if self.chance is not None:
                return None
            if st.done:
                acted = {p: a for p, a in st.actions.items() if a.divine is not None or a.attack is not None}
                night = NightEvent(self.phase.number, st.order, acted, st.results)
                return self._emit(night, stage=_Sudden(st.missing, _Dawn()))
            if st.divining:
                if (due := st.divination()) is not None:  # no candidate world: no result
                    return _evolve(self, stage=_evolve(st, divining=False, results={**st.results, due[0]: "none"}))
                return _evolve(self, stage=_evolve(st, divining=False))
            worlds = self.worlds
            action = st.acting
            if action is not None and action.attack is not None:
                worlds = worlds.attack(action.player, action.attack)
            return _evolve(self, worlds=worlds, stage=_evolve(st, cursor=st.cursor + 1, divining=True))
        if isinstance(st, _Sudden):
            if self.chance is not None:
                return None
            if st.died and (end := self._judge()) is not None:
                return _evolve(self, stage=_Ending(end))
            if isinstance(st.then, _Dawn):
                return _evolve(self, stage=_Dawn(), phase=self.phase.next())
            return _evolve(self, stage=st.then)
        if isinstance(st, _Executing) and self.worlds.count == 0:  # pragma: no cover - a dawn would have died him
            return _evolve(self, stage=_Ending(Termination.NO_WORLD))
        if isinstance(st, _Ending) and self.chance is None:
            return self._emit(EndEvent(st.termination.winner, None), stage=_Over(st.termination, None))
        return None

    def _judge(self) -> Termination | None:
        """Spec §2.6, with fresh counts: draw if no world is left; wolves win when certain living
        wolves exist and are at least half the living; village wins when all k wolves are
        certainly dead."""
        table = self.table
        if table.worlds == 0:
            return Termination.NO_WORLD
        alive = self.alive
        wolves_alive = sum(1 for p in alive if table.certain(p, "wolf") and table.rows[p].dead == 0)
        if wolves_alive and len(alive) <= 2 * wolves_alive:
            return Termination.WOLF_PARITY
        dead_wolves = sum(1 for p in range(len(self.names)) if table.certain(p, "wolf") and table.certain(p, "dead"))
        if dead_wolves == self.setup.wolves:
            return Termination.WOLVES_DEAD
        return None


_FIELDS: dict[type, tuple[str, ...]] = {}


def _evolve(state: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for the game's own states (Game, its stages), without its checks:
    every action makes a new state, and replace's introspection was a tenth of a bot game. The
    fields are copied (a cached property is not: it belongs to the old state); these classes run no
    ``__post_init__``."""
    cls = type(state)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    new = object.__new__(cls)
    values = new.__dict__
    old = state.__dict__
    for name in names:
        values[name] = changes.pop(name) if name in changes else old[name]
    if changes:
        raise TypeError(f"{cls.__name__} has no field {next(iter(changes))!r}")
    return new


def _describe_outcome(outcome: ChanceOutcome, names: Sequence[str]) -> str:
    if isinstance(outcome, Divined):
        return f"the result {'wolf' if outcome.wolf else 'human'}"
    if isinstance(outcome, Collapsed):
        return f"{names[outcome.player]} as {outcome.card}" if 0 <= outcome.player < len(names) else repr(outcome)
    if isinstance(outcome, TieBroken):
        return f"{names[outcome.player]}" if 0 <= outcome.player < len(names) else repr(outcome)
    if isinstance(outcome, FinalWorld):
        return "the world " + ", ".join(f"{n}={c}" for n, c in zip(names, outcome.world))
    if isinstance(outcome, Order):
        return "the order " + ", ".join(names[p] if 0 <= p < len(names) else str(p) for p in outcome.seats)
    return repr(outcome)
