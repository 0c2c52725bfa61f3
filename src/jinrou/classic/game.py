"""The classic werewolf engine: phases, night resolution, deaths, burial, votes and victory.

The rules of ``classic-werewolf.md`` §3–§7, for any roles: the engine asks each seat's
:class:`~jinrou.classic.identity.Identity` (results, count, team, flags, abilities, win rule),
dispatches typed events (:mod:`jinrou.classic.events`) to the identities they concern, and hands
roles a narrow :class:`~jinrou.classic.context.Context`, never itself; nothing here names a role. A game waits in one of
three stages — the night (actions), a ballot (votes) or a hunter's last shot — and moves on when
:meth:`Game.close` is called (a deadline, or everybody done). Every call validates before it
changes anything; every random outcome comes from the :class:`~jinrou.classic.draws.Draws` given to
``close``. What happens is appended to :attr:`Game.entries` as typed entries
(:mod:`jinrou.classic.entries`, seats not names): :mod:`jinrou.classic.record` alone writes them as
JSON. :mod:`jinrou.classic.rules` is the pure surface over this class (check, fold, close into a
new game).

Conventions (settled in ``docs/classic-rules.md``): the first seat is 身代わりくん when the setting
``scapegoat`` is ``on``; hooks that the spec runs "in a random order" at dusk and dawn run in seat
order (none of the 42 roles' hooks interact there); only orders that matter are drawn.

>>> import numpy as np
>>> from jinrou.classic.game import Game
>>> g = Game.new("ABCDE", ["Werewolf", "Diviner", "Human", "Human", "Human"], {"scapegoat": "off"})
>>> g.stage, g.day, sorted(a.verb.value for a in g.legal_actions(0))
(<Stage.NIGHT: 'night'>, 1, ['attack'])
"""

from __future__ import annotations

import copy
import enum
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jinrou.classic import entries as log
from jinrou.classic.abilities import Ability, Action, Param, ParamKind, Verb, When
from jinrou.classic.catalog import Team
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.context import Context
from jinrou.classic.draws import Draw, Draws
from jinrou.classic.events import (
    Announced,
    Bitten,
    BurialPass,
    Countered,
    Daybreak,
    DeadBurialPass,
    Died,
    Event,
    Executed,
    Nightfall,
    NightResolves,
    PhaseOpened,
    Scope,
    Targeted,
    Threat,
)
from jinrou.classic.identity import Expiry, Identity, Layer, LayerKind
from jinrou.classic.model import (
    Blocked,
    Cause,
    Count,
    Death,
    GuardKind,
    Message,
    Moment,
    Seat,
    Stage,
    Vote,
)
from jinrou.classic.published import RoleList
from jinrou.classic.role import Chat, Role
from jinrou.classic.roles import ROLES, SUB_ROLES
from jinrou.classic.settings import Settings
from jinrou.classic.texts import role_name, verb_label
from jinrou.classic.victory import judge
from jinrou.errors import IllegalActionError, SetupError
from jinrou.players import check_setup

MAX_REVOTES = 4
DRAW = "Draw"
_STAGE_JA = {Stage.NIGHT: "夜", Stage.DAY: "昼", Stage.HUNTER: "ハンターの時間", Stage.OVER: "終了後"}


class Then(enum.Enum):
    """What follows a burial once the hunters have shot and nobody has won (a hunter stage keeps it
    in :attr:`Game.resume`)."""

    DAWN_HOOKS = "dawn hooks"  # the dawn hooks, after the night's deaths
    OPEN_VOTE = "open vote"  # the day's first ballot
    RETAKE = "retake"  # the ballot again, after its non-voters died
    DUSK = "dusk"  # the next night
    NEXT_EXECUTION = "next execution"  # V1.1.3: a new ballot, executions being left today


@dataclass(frozen=True)
class Legal:
    """What a seat may do now: an action verb with its allowed targets (``arity`` of them) and, for
    each parameter of its verb, the values allowed now; or a vote."""

    verb: Verb | None  # None: a vote
    targets: tuple[Seat, ...]
    required: bool
    arity: int = 1
    values: tuple[tuple[str, ...], ...] = ()  # per parameter of the verb, in its declared order
    instead_of: Verb | None = None  # a form of that verb's use, taken instead of it (「襲撃しない」 for an attack)
    label: tuple[str, str] | None = None  # the ability's own name for players (ja, en), before its verb's (通訳)
    note: tuple[str, str] | None = None  # what its form says beside it now (ja, en): 課金者's premium pulls left

    @property
    def params(self) -> tuple[Param, ...]:
        """The typed parameters its verb takes."""
        return self.verb.params if self.verb is not None else ()

    @property
    def kits(self) -> tuple[str, ...]:
        """The kits it may send (商人): the values of its ``kit`` parameter."""
        return next((v for p, v in zip(self.params, self.values, strict=False) if p.key == "kit"), ())

    def example(self) -> tuple[str, ...]:
        """The first allowed value of each parameter (what a default or random choice may start from)."""
        return tuple(v[0] for v in self.values if v)


@dataclass(frozen=True)
class Outcome:
    """The end: the winning team (None: a draw) and every seat that wins, dead or alive."""

    winner: Team | None
    winners: frozenset[Seat]

    @property
    def winner_id(self) -> str:
        return self.winner.value if self.winner else DRAW


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
    """What is submitted during one night."""

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
    forced_by: Seat | None = None  # W.1.9d: tonight a failed wolf attack kills anyway (一途), set by that seat
    rank: dict[Seat, int] = field(default_factory=dict)  # P over the seats sharing a level (§4.2)
    late_hooks: list[Layer] = field(default_factory=list)  # layers with level hooks gained while resolving
    sealed: frozenset[Seat] = frozenset()  # the seats sealed when it ended (W.2 瞳狼: not told at that dawn)
    open_actions: frozenset[Seat] = frozenset()  # V1.1.11: noted at dusk only when a living seat reads it (忍者)
    trick: Seat | None = None  # V2.1.1: tonight's wolf attacks with a target are turned on this seat (tricked)
    bite: tuple[Seat, Seat] | None = None  # V2.1.4: the seat a wolf attack is killing now, and that wolf


class Game:
    """A game of classic werewolf. Build one with :meth:`new`."""

    changes: tuple[tuple[int, Seat, str], ...] = ()
    """Every change of a seat's role, in order: (phase, seat, the new role id). A class default, so
    that a game pickled before it was kept still reads (the server's snapshots)."""
    notes: tuple[Message, ...] = ()
    """Hidden details nobody is told while the game runs (:meth:`note`), told to everybody at its end
    (a class default, as ``changes``)."""
    day_actions: tuple[tuple[Action, Layer], ...] = ()
    """The day actions submitted in the open ballot, in order, with the layer whose ability each used
    (W.1.1; a class default, as ``changes``)."""
    blocked: Blocked | None = None
    """Why the last :meth:`kill` did not kill (W.1.9f; None: it killed, or its seat was dead)."""
    attack_failures: tuple[tuple[Seat, Blocked], ...] = ()
    """Each wolf attack that failed on a protection or resistance since the last burial, with why
    (W.1.9f: the 瞳狼's lines), in order."""

    # ------------------------------------------------------------------ setup

    def __init__(self, players: Sequence[str], roles: Sequence[Role], settings: Settings) -> None:
        self.names = tuple(players)
        self.identities = [Identity(s, [Layer.of(r, LayerKind.ROLE, s)]) for s, r in enumerate(roles)]
        self.cast = tuple(r.id for r in roles)  # the roles at the start
        self.settings = settings
        n = len(players)
        self.n = n
        self.alive = [True] * n
        self.deaths: list[Death | None] = [None] * n
        self.sudden: set[Seat] = set()
        self.extra_attack = False  # the next night that starts has one more attack (狼の子)
        self.sick_wolves = False  # the next night that starts has no attack (V1.1.10: 病人), over 狼の子's bonus
        self.ctx = Context(self)  # what the roles see of this game
        self.day = 1
        self.stage = Stage.NIGHT
        self.phase = 0  # index of the open phase (its phase event in the record)
        self.opened = 0  # phases opened so far
        self.revotes = 0
        self.ballot: Ballot | None = None
        self.night = Night()
        self.executions: list[tuple[int, Seat]] = []  # (day, seat)
        self.executions_left = 1  # V1.1.3: ballots ending in an execution still to come today (1 at dawn)
        self.dawn_executions: list[tuple[str, dict[str, Any]]] = []  # V1.1.3: +1 each at the next dawn hooks, with its public notice
        self.armed: list[Seat] = []  # hunters waiting to shoot
        self.resume: Then | None = None  # what follows the hunter stage
        self.outcome: Outcome | None = None
        self.claims: list[tuple[int, Seat, Claim]] = []  # (day, seat, claim), public
        self.messages: list[tuple[int, Message]] = []  # (phase, message)
        self.entries: list[log.Entry] = []  # what happened, typed: record.py writes it
        self._dawn_news: list[tuple[Seat, str, dict[str, Any]]] = []  # told at dawn to the living
        self._next_news: list[tuple[Seat, str, dict[str, Any]]] = []  # told when the next phase opens
        self._fresh_dead: list[Seat] = []
        self._fresh_revived: list[Seat] = []
        self._draws: Draws = Draws(None)
        self.published: RoleList | None = None  # the role list the room was told (配役公開), if any

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        roles: Sequence[str],
        settings: Settings | Mapping[str, Any] | None = None,
        draws: Draws | np.random.Generator | None = None,
        published: RoleList | None = None,
    ) -> Game:
        """A game at the start of night 1.

        Args:
            players: the names, in seat order (with ``scapegoat=on`` the first is 身代わりくん).
            roles: each seat's role id (catalog ids of declared roles).
            settings: room settings (:class:`Settings` or a mapping of names to values).
            draws: where the start's random outcomes come from (決定者, 権力者, night 1).
            published: the role list the room is told (配役公開); it changes no rule.

        Raises:
            SetupError: bad players, roles or settings (the message says what is allowed).
        """
        players = list(players)
        check_setup(players, 1, "classic werewolf")
        if not isinstance(settings, Settings):
            settings = Settings.parse(settings)
        if len(roles) != len(players):
            raise SetupError(f"{len(players)} players need {len(players)} roles, not {len(roles)}")
        declared = []
        for name, role_id in zip(players, roles):
            if role_id not in ROLES:
                raise SetupError(
                    f"role {role_id!r} of {name} is not a playable role id (see `jinrou classic roles`)"
                )
            declared.append(ROLES[role_id])
        game = cls(players, declared, settings)
        game.published = published
        with game._drawing(draws):
            for sub in SUB_ROLES.values():  # room-wide sub-roles (§11): 決定者, 権力者
                if sub.room_option and settings.on(sub.room_option):
                    game.grant(game.draw_seat(sub.room_option, list(game.seats())), sub.id)
            game._dusk()
        return game

    def copy(self) -> Game:
        """An independent copy (bots try moves on copies; :func:`jinrou.classic.rules.close` closes
        a phase on one)."""
        return copy.deepcopy(self)

    _APPEND_ONLY = frozenset({"entries", "messages", "claims", "executions"})
    """Lists the engine only appends immutable items to: a copy gets a list of its own holding the
    same items (deep-copying them is most of a copy's cost: the record of a 30-seat game)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        new = Game.__new__(Game)
        memo[id(self)] = new  # first: the roles' context of the copy sees the copy
        shared = self._APPEND_ONLY
        new.__dict__.update({key: list(value) if key in shared else copy.deepcopy(value, memo)
                             for key, value in self.__dict__.items()})
        return new

    # ------------------------------------------------------------------ queries

    def seats(self) -> range:
        return range(self.n)

    def living(self) -> list[Seat]:
        return [s for s in range(self.n) if self.alive[s]]

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

    def roles_held(self, seat: Seat) -> tuple[str, ...]:
        """The roles ``seat`` held, in order: its role at the start, then each it changed into
        (呪われた者 → 人狼). Hidden from players until the end: only a view at the end shows it."""
        return (self.cast[seat], *(role for _, s, role in self.changes if s == seat))

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

    def tell(self, seat: Seat | Sequence[Seat] | None, key: str, **args: Any) -> None:
        """Say something to one seat, some seats, or (None) everybody."""
        to = None if seat is None else frozenset([seat] if isinstance(seat, int) else seat)
        self.messages.append((self.phase, Message(key, args, to)))

    def note(self, key: str, **args: Any) -> None:
        """A hidden detail, told to everybody when the game ends (絶対狼 resisted a death)."""
        self.notes = (*self.notes, Message(key, args))

    def at_dawn(self, seat: Seat, key: str, **args: Any) -> None:
        """Tell ``seat`` at the next dawn, if it is still alive then (night results)."""
        self._dawn_news.append((seat, key, args))

    def at_next_phase(self, seat: Seat, key: str, **args: Any) -> None:
        """Tell ``seat`` when the next phase opens (呪われた者's change, §8)."""
        self._next_news.append((seat, key, args))

    def announced_dead(self) -> list[Seat]:
        """Dead seats whose deaths have been announced (not those of the running night)."""
        return [s for s in self.dead() if s not in self._fresh_dead]

    # ------------------------------------------------------------------ legal actions

    def _abilities(self, seat: Seat) -> Iterator[tuple[Ability, Layer, bool]]:
        """Each ability of the seat's role, extra roles and sub-roles open now (by night or by day,
        to the living or, at night, to the dead), with whether it is required."""
        when = When.DAY if self.stage is Stage.DAY else When.NIGHT
        return self.identities[seat].abilities(self.ctx, when, not self.alive[seat])

    def done(self, seat: Seat, verb: Verb, owner: Layer | None = None) -> int:
        """How many times ``seat`` has submitted ``verb`` in the open phase (with ``owner``: by that
        role's or sub-role's ability, so that a kit's ability is apart from the role's)."""
        if self.stage is Stage.DAY:
            return sum(1 for a, by in self.day_actions if a.seat == seat and a.verb is verb and (owner is None or by is owner))
        return sum(1 for a, by in zip(self.night.actions, self.night.owners, strict=True)
                   if a.seat == seat and a.verb == verb and (owner is None or by is owner))

    def legal_actions(self, seat: Seat) -> list[Legal]:
        """What ``seat`` may do now (empty when it need not or cannot act)."""
        if self.stage is Stage.NIGHT:
            if not self.alive[seat] and not self.identities[seat].acts_while_dead:
                return []
            return self._legal_abilities(seat, [])
        if self.stage is Stage.DAY:  # the vote first, then the day actions (W.1.1)
            assert self.ballot is not None
            if not self.alive[seat] or self.ballot.ended:
                return []
            legal = []
            if seat not in self.ballot.votes:
                candidates = self._candidates(seat)
                if candidates:
                    legal.append(Legal(None, candidates, self._role_votes(seat)))
            return self._legal_abilities(seat, legal) if self.identities[seat].acts_by_day else legal
        if self.stage is Stage.HUNTER and seat in self.armed and not self._shot(seat):
            return [Legal(Verb.SHOOT, tuple(self._shot_targets(seat)), False)]
        return []

    def _legal_abilities(self, seat: Seat, legal: list[Legal]) -> list[Legal]:
        """``legal`` and the seat's abilities open now and not yet used up, with their targets and
        parameter values."""
        for ability, owner, required in self._abilities(seat):
            if ability.done(self.ctx, owner) or ability.refuse(self.ctx, owner) is not None:
                continue
            targets = ability.targets(self.ctx, owner)
            if targets or ability.arity == 0:
                values = ability.values(self.ctx, owner) if ability.verb.params else ()
                legal.append(Legal(ability.verb, tuple(targets), required, ability.arity, values, ability.instead_of,
                                   ability.label, ability.note(self.ctx, owner)))
        return legal

    def awaited(self) -> list[Seat]:
        """Seats whose required action or vote is still missing (身代わりくん is never awaited)."""
        waiting = [s for s in self.seats() if s != self.scapegoat and any(
            lg.required for lg in self.legal_actions(s))]
        if self.stage is Stage.HUNTER:
            waiting = [s for s in self.armed if not self._shot(s)]
        return waiting

    def _candidates(self, seat: Seat) -> tuple[Seat, ...]:
        assert self.ballot is not None
        mine = self.settings.on("votemyself")
        return tuple(c for c in self.ballot.candidates if self.alive[c] and (mine or c != seat))

    def _role_votes(self, seat: Seat) -> bool:
        return self.identities[seat].must_vote

    def _shot(self, seat: Seat) -> bool:
        return self.done(seat, Verb.SHOOT) > 0

    def _shot_targets(self, seat: Seat) -> list[Seat]:
        return [s for s in self.living() if s != seat and s not in self.armed]

    # ------------------------------------------------------------------ applying choices

    def apply(self, choice: Action | Vote, draws: Draws | np.random.Generator | None = None) -> None:
        """Submit a night action, a hunter's shot or a vote; effective at once where the rules say.
        ``draws``: where an action that draws when submitted (:meth:`draws_at_once`) takes its
        outcomes — a generator, or outcomes given by a record or a stored outcome (checked on a copy
        first, as :meth:`close` does); any other choice ignores it.

        Raises:
            IllegalActionError: the choice is not allowed now (nothing changes).
            ImpossibleOutcomeError: a given outcome cannot happen, or one is missing and there is no
                generator (nothing changes).
        """
        if self.stage is Stage.OVER:
            raise IllegalActionError("the game is over", ja="ゲームは終了しました")
        if not (isinstance(choice, Action) and self.draws_at_once(choice)):
            self._submit(choice, recorded=True)
            return
        draws = draws if isinstance(draws, Draws) else Draws(draws)
        if draws.rng is None or draws.given:
            start = len(draws.taken)
            self.copy()._submit_drawing(choice, draws)  # raises here, this game untouched, when impossible
            draws = Draws(None, draws.taken[start:])
        self._submit_drawing(choice, draws)

    def draws_at_once(self, action: Action) -> bool:
        """Whether submitting ``action`` draws random outcomes (its ability's ``draws_on_submit``):
        the actor sees them at once, so they travel with the action (:class:`~jinrou.classic.entries.Acted`)."""
        if isinstance(action.seat, bool) or not isinstance(action.seat, int) or not 0 <= action.seat < self.n:
            return False  # no seat: refused by the check, with its message
        return any(ability.draws_on_submit for ability, _, _ in self._abilities(action.seat)
                   if ability.verb is action.verb)

    def _submit_drawing(self, action: Action, draws: Draws) -> None:
        """Submit ``action`` taking its outcomes from ``draws``; they are written on its entry."""
        at, start = len(self.entries), len(draws.taken)
        self._draws = draws
        try:
            self._submit(action, recorded=True)
        finally:
            self._draws = Draws(None)
        self.entries[at] = log.Acted(action, tuple(draws.taken[start:]))

    def check(self, choice: Action | Vote) -> None:
        """Whether :meth:`apply` would accept ``choice`` now; changes nothing.

        Raises:
            IllegalActionError: the choice is not allowed now (the message says what is).
        """
        if self.stage is Stage.OVER:
            raise IllegalActionError("the game is over", ja="ゲームは終了しました")
        if isinstance(choice, Vote):
            self._check_vote(choice)
        else:
            self._check_action(choice)

    def _submit(self, choice: Action | Vote, recorded: bool) -> None:
        """Apply a checked choice; ``recorded`` False for choices the rules drew (their draw is the
        record)."""
        if isinstance(choice, Vote):
            self._check_vote(choice)
            assert self.ballot is not None
            self.ballot.votes[choice.seat] = choice.target
            self.ballot.weights[choice.seat] = self.identities[choice.seat].vote_weight(self.ctx)
            if recorded:
                self.entries.append(log.Voted(choice.seat, choice.target))
            return
        ability, owner = self._check_action(choice)
        if self.stage is Stage.DAY:
            assert ability is not None
            self.day_actions = (*self.day_actions, (choice, owner))
        else:
            self.night.actions.append(choice)
            self.night.owners.append(owner if ability is not None else None)
        if recorded:  # a day event's actions are applied before its votes (W.1.1)
            self.entries.append(log.Acted(choice))
        if ability is not None:
            if ability.once is not None:
                owner.uses = (*((v, d) for v, d in owner.uses if v != choice.verb.value), (choice.verb.value, self.day))
            ability.submit(self.ctx, choice, owner)
            if ability.targets_on_submit and ability.when is When.NIGHT:
                for target in choice.targets:
                    self.emit(Targeted(target, choice.seat, choice.verb))

    def claim(self, seat: Seat, claim: Claim) -> None:
        """A living seat states a claim in the day chat (public; it may be false).

        Raises:
            IllegalActionError: see :meth:`check_claim`.
        """
        self.check_claim(seat, claim)
        self.entries.append(log.Claimed(seat, claim))
        self.claims.append((self.day, seat, claim))
        self.tell(None, "claim", player=seat, claim=claim)

    def check_claim(self, seat: Seat, claim: Claim | None = None) -> None:
        """Whether ``seat`` may say ``claim`` now (None: whether it may speak at all); changes nothing.

        Raises:
            IllegalActionError: not by day, a dead, silenced (沈黙) or unknown seat, a claim about no player, or a
                VOTE claim for a dead player.
        """
        self._check_seat(seat)
        if self.stage is not Stage.DAY:
            raise IllegalActionError(f"claims are made by day, not at the {self.stage.value}",
                                     ja=f"主張（CO・結果・投票先）は昼にだけできます（今は{_STAGE_JA[self.stage]}）")
        if not self.alive[seat]:
            raise IllegalActionError(f"{self.names[seat]} is dead: the dead do not speak in the day chat",
                                     ja=f"{self.names[seat]}は死亡しています: 死者は昼の会話で話せません")
        if self.identities[seat].silenced:
            raise IllegalActionError(f"{self.names[seat]} is silenced (沈黙) until dusk: no day chat (its vote and will "
                                     "are unaffected)",
                                     ja=f"{self.names[seat]}は呪いをかけられています（沈黙）: 夕方まで昼の会話で発言できません"
                                     "（投票・遺言はできます）")
        if claim is None or claim.target is None:
            return
        self._check_seat(claim.target)
        if claim.kind is ClaimKind.VOTE and not self.alive[claim.target]:
            name = self.names[claim.target]
            raise IllegalActionError(f"{name} is dead: say you will vote for a living player",
                                     ja=f"{name}は死亡しています: 投票先には生きている人を言ってください")

    def _check_vote(self, vote: Vote) -> None:
        if self.stage is not Stage.DAY:
            raise IllegalActionError(f"{self._who(vote.seat)} cannot vote now: it is the {self.stage.value}",
                                     ja=f"今は{_STAGE_JA[self.stage]}なので投票できません")
        assert self.ballot is not None
        self._check_seat(vote.seat)
        self._check_seat(vote.target)
        if not self.alive[vote.seat]:
            raise IllegalActionError(f"{self.names[vote.seat]} is dead and cannot vote",
                                     ja=f"{self.names[vote.seat]}は死亡しているので投票できません")
        if self.ballot.ended:
            raise IllegalActionError("the day ended without a vote (自爆): no votes today",
                                     ja="今日は投票なしで終わりました（自爆）: もう投票できません")
        if vote.seat in self.ballot.votes:
            raise IllegalActionError(f"{self.names[vote.seat]} has already voted; votes are final",
                                     ja=f"{self.names[vote.seat]}はもう投票しました（投票は変えられません）")
        allowed = self._candidates(vote.seat)
        if vote.target not in allowed:
            if vote.target == vote.seat:
                raise IllegalActionError(f"{self.names[vote.seat]} cannot vote for himself",
                                         ja=f"{self.names[vote.seat]}は自分に投票できません")
            raise IllegalActionError(
                f"{self.names[vote.seat]} cannot vote for {self.names[vote.target]}: "
                f"the candidates are {self._list(allowed)}",
                ja=f"{self.names[vote.seat]}は{self.names[vote.target]}に投票できません: 候補は {self._list(allowed, 'ja')}",
            )

    def _check_action(self, action: Action) -> tuple[Ability | None, Layer]:
        self._check_seat(action.seat)
        for t in action.targets:
            self._check_seat(t)
        who = self.names[action.seat]
        if self.stage is Stage.HUNTER:
            if action.verb is not Verb.SHOOT or action.seat not in self.armed:
                raise IllegalActionError(f"only an armed hunter may act now (shoot), not {who} ({action.verb.value})",
                                         ja=f"今はハンターが撃つ時間です: {who}は行動できません")
            if self._shot(action.seat):
                raise IllegalActionError(f"{who} has already shot", ja=f"{who}はもう撃ちました")
            allowed = self._shot_targets(action.seat)
            if len(action.targets) != 1 or action.targets[0] not in allowed:
                raise IllegalActionError(f"{who} may shoot one of {self._list(allowed)}",
                                         ja=f"{who}が撃てるのは {self._list(allowed, 'ja')} のひとりです")
            return None, self.identities[action.seat].main
        verb = f"「{verb_label(action.verb, 'ja')}」"
        now, now_ja = ("tonight", "今夜") if self.stage is Stage.NIGHT else ("today", "今日")
        if self.stage is not Stage.NIGHT and self.stage is not Stage.DAY:
            raise IllegalActionError(f"{who} cannot {action.verb.value} now: it is the {self.stage.value}",
                                     ja=f"今は{_STAGE_JA[self.stage]}なので{verb}はできません")
        if self.stage is Stage.DAY and self.ballot is not None and self.ballot.ended:
            raise IllegalActionError(f"the day ended without a vote (自爆): {who} cannot {action.verb.value} today",
                                     ja=f"今日は投票なしで終わりました（自爆）: {who}はもう{verb}できません")
        mine = [(ability, owner) for ability, owner, _ in self._abilities(action.seat) if ability.verb is action.verb]
        if mine and mine[0][0].label is not None:  # the ability's own name (通訳's 「通訳する」)
            verb = f"「{mine[0][0].label[0]}」"
        if not mine:
            if self.stage is Stage.DAY and not self.identities[action.seat].declares(action.verb, When.DAY):
                raise IllegalActionError(f"{who} cannot {action.verb.value} now: it is the {self.stage.value}",
                                         ja=f"今は{_STAGE_JA[self.stage]}なので{verb}はできません")
            if not self.alive[action.seat]:
                raise IllegalActionError(f"{who} is dead and cannot act", ja=f"{who}は死亡しているので行動できません")
            raise IllegalActionError(f"{who} ({self.role(action.seat).name_en}) has no action {action.verb.value!r} {now}",
                                     ja=f"{who}には{now_ja}{verb}の行動はありません")
        # a seat holding the same ability twice (its role's and a kit's) uses them in turn, its role's first
        left = [(ability, owner) for ability, owner in mine if not ability.done(self.ctx, owner)]
        if not left:
            raise IllegalActionError(f"{who} has already chosen to {action.verb.value} {now}",
                                     ja=f"{who}は{now_ja}もう{verb}の相手を選びました")
        ability, owner = left[0]
        if len(left) > 1:  # the first whose targets allow the choice (two absorbed 犬 bite each its owner)
            ability, owner = next(((ab, ow) for ab, ow in left if set(action.targets) <= set(ab.targets(self.ctx, ow))),
                                  left[0])
        closed = ability.refuse(self.ctx, owner)
        if closed is not None:
            raise IllegalActionError(f"{who} cannot {action.verb.value}: {closed[0]}", ja=f"{who}は{verb}できません: {closed[1]}")
        allowed = ability.targets(self.ctx, owner)
        if len(action.targets) != ability.arity or len(set(action.targets)) != ability.arity:
            wanted = "no target" if ability.arity == 0 else f"{ability.arity} different target(s)"
            raise IllegalActionError(f"{who}'s {action.verb.value} takes {wanted}", ja=f"{verb}には" + (
                "相手は要りません" if ability.arity == 0 else f"異なる{ability.arity}人を選んでください"))
        bad = [t for t in action.targets if t not in allowed]
        if bad:
            raise IllegalActionError(
                f"{who} cannot {action.verb.value} {self.names[bad[0]]}: allowed are {self._list(allowed)}",
                ja=f"{who}は{self.names[bad[0]]}に{verb}できません: 選べるのは {self._list(allowed, 'ja')}",
            )
        values = self._check_values(action, ability, owner)
        if values is not None:
            raise IllegalActionError(f"{who} cannot {action.verb.value}: {values[0]}",
                                     ja=f"{who}は{verb}できません: {values[1]}")
        reason = ability.check(self.ctx, action, owner)
        if reason:
            raise IllegalActionError(f"{who} cannot {action.verb.value}: {reason}",
                                     ja=f"{who}は{verb}できません: {reason}")
        return ability, owner

    def _check_values(self, action: Action, ability: Ability, owner: Layer) -> tuple[str, str] | None:
        """Why ``action``'s parameter values are refused, in English and Japanese (None: each is one
        allowed now)."""
        params = action.verb.params
        if len(action.params) > len(params):
            return (f"{action.verb.value} takes {len(params)} parameter(s), not {len(action.params)}",
                    f"指定できる値は{len(params)}つです（{len(action.params)}つ指定されました）")
        for param, allowed, i in zip(params, ability.values(self.ctx, owner), range(len(params)), strict=True):
            value = action.params[i] if i < len(action.params) else None
            if value not in allowed:
                shown = "、".join(param.name(v, "ja") if param.kind is not ParamKind.ROLE else role_name(v, "ja")
                                 for v in allowed) if len(allowed) <= 12 else "選べる役職"
                given = "指定なし" if value is None else repr(value)
                return (f"the {param.key} must be one of {', '.join(allowed)}, not {value!r}",
                        f"{param.key} は {shown} のどれかです（{given}）")
        return None

    def _check_seat(self, seat: Seat) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalActionError(f"no seat {seat!r}: seats are 0–{self.n - 1}")

    def _who(self, seat: Seat) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < self.n else repr(seat)

    def _list(self, seats: Sequence[Seat], lang: str = "en") -> str:
        return ", ".join(self.names[s] for s in seats) or ("なし" if lang == "ja" else "nobody")

    # ------------------------------------------------------------------ closing a phase

    def close(self, draws: Draws | np.random.Generator | None = None) -> None:
        """End the open phase (its deadline, or everybody done) and play on to the next one, in
        place: for the game's only holder (a simulation, a bot's trial, a replay).

        Missing required actions and votes are sudden deaths (突然死); random outcomes come from
        ``draws`` (a generator, or outcomes given by a record) and are recorded. Outcomes drawn from
        a generator are always possible: the phase is folded into this game directly. Given ones
        may not be: they are checked first by closing the phase on a new game (:meth:`closed`,
        which leaves this one as it was when they are impossible), then the same outcomes are
        folded into this game — check, then fold: nothing is ever undone.

        Raises:
            ImpossibleOutcomeError: a given outcome cannot happen here, or one is missing and there
                is no generator (the game is left as it was).
        """
        draws = draws if isinstance(draws, Draws) else Draws(draws)
        if draws.rng is None or draws.given:
            start = len(draws.taken)
            self.closed(draws)  # raises here, this game untouched, when an outcome is impossible
            draws = Draws(None, draws.taken[start:])  # the very outcomes the check drew: possible
        self.fold_close(draws)

    def closed(self, draws: Draws | np.random.Generator | None = None) -> Game:
        """A new game: this one with its open phase closed (see :meth:`close`); this one is left
        unchanged whatever happens (an impossible outcome raises before anything is kept).

        Raises:
            ImpossibleOutcomeError: as :meth:`close`.
        """
        if self.stage is Stage.OVER:
            raise IllegalActionError("the game is over")
        game = self.copy()
        game.fold_close(draws)
        return game

    def fold_close(self, draws: Draws | np.random.Generator | None = None) -> None:
        """Close the open phase on this very game. Only for outcomes that cannot be impossible (a
        generator) or a game that is thrown away when one is: an :class:`ImpossibleOutcomeError`
        leaves it half-closed (:meth:`closed` is the safe form)."""
        if self.stage is Stage.OVER:
            raise IllegalActionError("the game is over")
        with self._drawing(draws):
            if self.stage is Stage.NIGHT:
                self._close_night()
            elif self.stage is Stage.DAY:
                self._close_ballot()
            else:
                self._close_hunter()

    class _Drawing:
        def __init__(self, game: Game, draws: Draws | np.random.Generator | None) -> None:
            self.game = game
            self.draws = draws if isinstance(draws, Draws) else Draws(draws)

        def __enter__(self) -> None:
            self.game._draws = self.draws
            self.start = len(self.draws.taken)
            self.at = len(self.game.entries)  # the outcome goes right after the phase being closed

        def __exit__(self, *exc: object) -> None:
            taken = self.draws.taken[self.start:]
            if taken and exc[0] is None:
                self.game.entries.insert(self.at, log.Outcome(tuple(taken)))
            self.game._draws = Draws(None)

    def _drawing(self, draws: Draws | np.random.Generator | None) -> Game._Drawing:
        return Game._Drawing(self, draws)

    @property
    def draws(self) -> Draws:
        return self._draws

    def draw_seat(self, kind: str, seats: Sequence[Seat]) -> Seat:
        """A uniform random seat of ``seats``, recorded by name."""
        return int(self._draws.choice(kind, list(seats), label=[self.names[s] for s in seats]))

    def _open_phase(self, stage: Stage) -> None:
        self.phase, self.opened = self.opened, self.opened + 1
        runoff = None
        if stage is Stage.DAY:
            assert self.ballot is not None
            runoff = self.ballot.candidates if self.ballot.runoff else None
        self.entries.append(log.PhaseOpen(stage, runoff))
        news, self._next_news = self._next_news, []
        for seat, key, args in news:
            self.tell(seat, key, **args)

    # ------------------------------------------------------------------ night

    def _dusk(self) -> None:
        """Night ``day`` starts (§3.1)."""
        self.stage = Stage.NIGHT
        self.night = Night()
        self._expire(Expiry.DUSK)
        self._open_phase(Stage.NIGHT)
        self.tell(None, "night", day=self.day)
        self._bury(Moment.DUSK)
        if self._check_victory():  # after every burial (§3): a cast without wolves ends at once
            return
        self.night.attacks = 0 if self.sick_wolves else 2 if self.extra_attack else 1
        if self.sick_wolves:  # V1.1.10: the wolf notice, to the pack's wolves (a 孤独な狼 hears none)
            pack = [s for s in self.ctx.chat_members(Chat.WOLF) if self.identities[s].wolf_role()]
            if pack:
                self.tell(pack, "wolves sick")
        self.extra_attack = self.sick_wolves = False
        if self.day == 1 and self.settings["scapegoat"] != "off":
            self.night.attacks = 0
            self._scapegoat_attack()
        self.emit(Nightfall())  # the seals, before every dusk hook (W.1.3)
        self.emit(PhaseOpened(Moment.DUSK))
        self._bury(Moment.DUSK)
        if self._check_victory():
            return
        if self.day == 1 and self.night.fixed_attack is None:
            self._scapegoat_attack()  # a 孤独な狼 alone attacks from its dusk hook on (W.1.9a)
        if any(role.reads_open_actions for s in self.living() for role in self.identities[s].held()):
            self.night.open_actions = self._open_actions()

    def _open_actions(self) -> frozenset[Seat]:
        """V1.1.11: the living seats with a night action open tonight, read after the dusk hooks: an
        ability open and not yet done (optional ones too), and, as the reference, an action the rules
        already submitted for it (``firstnightdivine=auto``) and every attacking wolf on night 1 with
        身代わりくん."""
        goat_night = self.day == 1 and self.settings["scapegoat"] != "off"
        submitted = {a.seat for a in self.night.actions}
        return frozenset(s for s in self.living() if s in submitted or (goat_night and self.identities[s].attacks)
                         or self._legal_abilities(s, []))

    def _scapegoat_attack(self) -> None:
        """Night 1's attack on 身代わりくん, by a living attacking wolf drawn uniformly (none: none).
        Drawn before the dusk hooks (the records' order) or, when no wolf attacks yet, after them
        (the reference draws it after them: a 孤独な狼 alone is an attacker by then)."""
        goat = self.scapegoat
        attackers = [s for s in self.living() if self.identities[s].attacks and s != goat]
        if goat is not None and attackers and self.counts(goat) is not Count.WOLF:
            wolf = self.draw_seat("scapegoat attacker", attackers)
            self.night.fixed_attack = Action(wolf, Verb.ATTACK, (goat,))

    def attackers(self) -> list[Seat]:
        return [s for s in self.living() if self.identities[s].attacks]

    def _close_night(self) -> None:
        goat = self.scapegoat
        if goat is not None and self.alive[goat]:
            self._scapegoat_acts(goat)
        # sudden deaths: required actions still missing (§3.2), an attack nobody chose (§4.3)
        missing = [s for s in self.living() if s != goat and any(lg.required for lg in self.legal_actions(s))]
        for seat in missing:
            self.kill(seat, Cause.SUDDEN)
        alive_at_end = set(self.living())
        acts: list[tuple[int, int, Action, Ability, Layer]] = []
        for order, (action, by) in enumerate(zip(self.night.actions, self.night.owners, strict=True)):
            alive = action.seat in alive_at_end
            if alive or self.identities[action.seat].acts_while_dead:
                found = self._ability_of(action, by)
                if found and found[0].level is not None and alive is not found[0].while_dead:
                    acts.append((found[0].level, order, action, *found))
        if self.night.fixed_attack:
            found = self._ability_of(self.night.fixed_attack)
            if found:
                acts.append((found[0].level or 0, -1, self.night.fixed_attack, *found))
        for seat in sorted(alive_at_end):  # level hooks (W.1.6): each seat in A whose layers declare one
            for hook, owner in self.identities[seat].level_hooks:
                acts.append((hook.level or 0, len(self.night.actions), Action(seat, hook.verb), hook, owner))
        self.emit(NightResolves())
        for dead_action, owner in self.night.dead_actions:
            ability = next(a for a in owner.role.abilities if a.verb is dead_action.verb)
            acts.append((ability.level or 0, len(self.night.actions), dead_action, ability, owner))
        for seat in self.dead():  # level hooks that run while their seat is dead too (W.3 サイコキラー)
            for hook, owner in self.identities[seat].level_hooks:
                if owner.role.hooks_while_dead:
                    acts.append((hook.level or 0, len(self.night.actions), Action(seat, hook.verb), hook, owner))
        acts = self._resolution_order(acts)
        self.night.late_hooks = []
        while acts:
            level, _, action, ability, owner = acts.pop(0)
            if self.identities[action.seat].holds_back(owner) and not ability.resolves_under_seal:
                continue  # W.1.3: a hypnotized (or sealed) seat's actions and level hooks resolve to nothing
            if ability.divination and self.identities[action.seat].obstructed:
                ability.obstructed(self.ctx, action, owner)  # W.1.4: no result, no effect
                continue
            ability.resolve(self.ctx, action, owner)
            if self.night.late_hooks:  # a layer with level hooks gained tonight (a bomb at 81): from its level on
                late, self.night.late_hooks = self.night.late_hooks, []
                for layer in late:
                    if layer.seat in alive_at_end or layer.role.hooks_while_dead:
                        acts.extend((hook.level or 0, len(self.night.actions), Action(layer.seat, hook.verb), hook,
                                     layer) for hook in layer.role.level_hooks if (hook.level or 0) > level)
                acts.sort(key=self._resolution_key)
        self.night.deaths = len(self._fresh_dead)
        self._dawn()

    def _ability_of(self, action: Action, by: Layer | None = None) -> tuple[Ability, Layer] | None:
        """The ability ``action`` used: of its owner ``by`` (None: of the first layer that has its verb)."""
        for owner in self.identities[action.seat].acting() if by is None else [by]:
            for ability in owner.role.abilities:
                if ability.verb is action.verb:
                    return ability, owner
        return None

    def _resolution_order(self, acts: list[tuple[int, int, Action, Ability, Layer]]) -> list[Any]:
        """Sort by level; within a level by one uniform permutation P of the seats (§4.2), drawn
        only over the seats that share a level with another seat; wolf attacks keep their order."""
        by_level: dict[int, set[Seat]] = {}
        for level, _, _, ability, owner in acts:
            if ability.verb is not Verb.ATTACK and ability.instead_of is not Verb.ATTACK:
                by_level.setdefault(level, set()).add(owner.seat)
        shared = sorted({s for seats in by_level.values() if len(seats) > 1 for s in seats})
        rank = {s: i for i, s in enumerate(shared)}
        if len(shared) > 1:
            ordered = self._draws.order("order", shared, [self.names[s] for s in shared])
            rank = {s: i for i, s in enumerate(ordered)}
        self.night.rank = rank
        return sorted(acts, key=self._resolution_key)

    def _resolution_key(self, act: tuple[Any, ...]) -> tuple[int, int, int]:
        """An act's place: its level, then the wolf attacks in submission order and the others by P
        (a seat P was not drawn over comes first at its level)."""
        level, order, _, ability, owner = act
        attack = ability.verb is Verb.ATTACK or ability.instead_of is Verb.ATTACK
        return level, order if attack else self.night.rank.get(owner.seat, -1), order

    def _scapegoat_acts(self, goat: Seat) -> None:
        """身代わりくん takes uniform legal targets for each required action; it attacks only as the
        sole attacking wolf (§2), or, with a role that says so (``goat_attacks_all``: 欲張りな狼, as
        the reference), it takes every open attack."""
        legals = self.legal_actions(goat)
        while legals:
            legal = legals.pop(0)
            attack = legal.verb is Verb.ATTACK
            greedy = attack and self.identities[goat].role.goat_attacks_all
            if not (legal.required or (attack and self.attackers() == [goat]) or greedy):
                continue
            assert legal.verb is not None
            pool = list(legal.targets)
            chosen = []
            for _ in range(legal.arity):
                t = self.draw_seat(f"scapegoat {legal.verb.value}", pool)
                chosen.append(t)
                pool.remove(t)
            self._submit(Action(goat, legal.verb, tuple(chosen)), recorded=False)
            if greedy:  # the next open attack, if any
                legals = [lg for lg in self.legal_actions(goat) if lg.verb is Verb.ATTACK] + legals

    def submit_drawn(self, action: Action) -> None:
        """Submit an action the rules drew for a seat (its draw is the record)."""
        self._submit(action, recorded=False)

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

    def guard(self, target: Seat, guard: Seat, kind: GuardKind = GuardKind.HUNTER) -> None:
        """Protect ``target`` from wolf and vampire attacks for the rest of the night."""
        self.night.guarded.setdefault(target, []).append(guard)
        self.night.guard_kinds.setdefault(target, []).append(kind)

    def guards_on(self, target: Seat, kind: GuardKind = GuardKind.HUNTER) -> list[Seat]:
        """The seats whose protection of ``kind`` ``target`` holds tonight, in the order placed."""
        return [g for g, k in zip(self.night.guarded.get(target, ()), self.night.guard_kinds.get(target, ()),
                                  strict=True) if k is kind]

    def unguard(self, target: Seat, guard: Seat | None = None) -> None:
        """``guard``'s protections of ``target`` are removed (a bomb or a 罠 punished them); with no
        ``guard``, every protection placed on it so far tonight (W.1.3: a hypnosis voids them)."""
        kept = [(g, k) for g, k in zip(self.night.guarded.get(target, ()), self.night.guard_kinds.get(target, ()),
                                       strict=True) if guard is not None and g != guard]
        if kept:
            self.night.guarded[target] = [g for g, _ in kept]
            self.night.guard_kinds[target] = [k for _, k in kept]
        else:
            self.night.guarded.pop(target, None)
            self.night.guard_kinds.pop(target, None)

    def end_day(self, execute: Seat | None = None, by: Seat | None = None) -> None:
        """A day action ends the day at once (W.1.1: 自爆): no vote — the votes already cast are void
        (and leave the record) — and nobody may act or vote any more; closing it executes ``execute``
        (V1.1.1: 独裁者), buries the dead, gives the hunters their shots and checks the victory as after
        an execution, then dusk; ``by``: the seat that decreed it, its only voter."""
        ballot = self.ballot
        assert ballot is not None and self.stage is Stage.DAY
        ballot.ended = True
        ballot.decreed = execute
        ballot.decreed_by = by
        ballot.votes.clear()
        ballot.weights.clear()
        self.entries.append(log.VotesVoided())

    def voted(self, seat: Seat) -> bool:
        """Whether ``seat`` has voted in the open ballot."""
        return self.ballot is not None and seat in self.ballot.votes

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
        if cause in (Cause.ATTACK, Cause.VAMPIRE) and guardable and seat in self.night.guarded and not any(
                layer.role.voids_guards for layer in identity.extras()):  # an exposure voids them (破壊の狂人)
            placed = list(zip(self.night.guarded[seat], self.night.guard_kinds.get(seat, ()), strict=True))
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
            kinds = self.night.guard_kinds.get(seat, ())
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
        self.entries.append(log.Death(seat, cause))
        if cause is Cause.SUDDEN:
            self.sudden.add(seat)
        self._fresh_dead.append(seat)
        self.emit(Died(seat, cause, source))
        if cause is Cause.EXECUTION:
            self.emit(Executed(seat))

    def revive(self, seat: Seat) -> bool:
        """A dead seat comes back with its current role (never after a sudden death)."""
        if self.alive[seat] or seat in self.sudden:
            return False
        self.alive[seat] = True
        self.deaths[seat] = None
        self._fresh_revived.append(seat)
        self.entries.append(log.Revived(seat))
        return True

    def arm(self, seat: Seat) -> None:
        """A hunter will take a last shot (§5.5)."""
        self.armed.append(seat)

    def change_role(self, seat: Seat, role_id: str, told_now: bool = True) -> None:
        """The seat's role becomes a fresh ``role_id`` (a declared role), keeping the layers above it;
        it is told now, or when the next phase opens (``told_now`` False)."""
        self.identities[seat].change_role(Layer.of(ROLES[role_id], LayerKind.ROLE, seat))
        self.changes = (*self.changes, (self.phase, seat, role_id))
        shown = ROLES[role_id].believes or role_id  # V1.1.5: a role that believes it is 村人 is told so
        if told_now:
            self.tell(seat, "role changed", role=shown)
        else:
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

    def burying(self) -> list[Seat]:
        """The seats dead since the last burial's announcements (this burial's dead so far)."""
        return list(self._fresh_dead)

    def remove(self, layer: Layer) -> None:
        """A layer above a role leaves its seat (the one below shows again)."""
        self.identities[layer.seat].lose(layer)

    def _expire(self, moment: Expiry) -> None:
        """Marks that end at this moment leave every seat, dead ones too (W.1.7); at dawn, those that
        end at the next dawn at which their seat is alive leave the living (W.1.3)."""
        alive = self.alive
        for identity in self.identities:
            identity.expire(moment)
            if moment is Expiry.DAWN and alive[identity.seat]:
                identity.expire(Expiry.LIVING_DAWN)

    def _bury(self, moment: Moment, last: bool = True) -> None:
        """Burial (§5.4): burial hooks until nobody new dies, then the announcements (``last``: False
        for a day's intermediate burial, V1.1.3)."""
        seen: dict[Seat, Death] = {}  # V2.1.10: a death seen by a pass is announced, even if revived in a later one
        while True:
            before = len(self._fresh_dead)
            seen.update((s, d) for s in self._fresh_dead if s not in seen and (d := self.deaths[s]) is not None)
            self.emit(BurialPass(moment, last))
            self.emit(DeadBurialPass(moment))
            if len(self._fresh_dead) == before:
                break
        self.attack_failures = ()  # W.1.9f: logged until the next burial
        dead, self._fresh_dead = self._fresh_dead, []
        if len(dead) > 1:
            dead = self._draws.order("announcement", dead, [self.names[s] for s in dead])
        announced = []
        for seat in dead:
            death = self.deaths[seat] or seen.get(seat)
            if death is None:  # revived in the same night
                continue
            shown = death.cause if death.cause.public or (
                death.cause is Cause.CURSE and self.settings.on("deadfox")) else None
            self.tell(None, "died", player=seat, cause=shown.value if shown else None)
            announced.append(seat)
        if announced:
            self.emit(Announced(tuple(announced)))  # V1.1.12: 閻魔's lines, to the seats alive now
        revived, self._fresh_revived = self._fresh_revived, []
        for seat in revived:
            self.tell(None, "revived", player=seat)

    def _after_burial(self, then: Then) -> None:
        """After a burial: the hunters' last shots and the win check (§3), then ``then``."""
        if self.armed and not self.living():
            self.armed = []  # nobody left to shoot: no hunter phase (the reference's hunterCheck)
        if self.armed:
            if not self.settings.on("hunter_lastattack") and self._check_victory():
                return
            self.resume = then
            self.stage = Stage.HUNTER
            self.night.actions, self.night.owners = [], []
            self._open_phase(Stage.HUNTER)
            return
        if self._check_victory():
            return
        self._continue(then)

    def _continue(self, then: Then) -> None:
        """Go on with ``then``."""
        if then is Then.DAWN_HOOKS:
            self._dawn_hooks()
        elif then is Then.OPEN_VOTE:
            self._open_vote()
        elif then is Then.RETAKE:
            self._retake()
        elif then is Then.NEXT_EXECUTION:
            self._next_execution()
        else:
            self._dusk()

    def _close_hunter(self) -> None:
        for hunter in list(self.armed):
            if not self._shot(hunter):
                targets = self._shot_targets(hunter)
                if targets:
                    self._submit(Action(hunter, Verb.SHOOT, (self.draw_seat("hunter shot", targets),)), recorded=False)
        shots = list(self.night.actions)
        self.armed = []
        for shot in shots:
            self.tell(None, "shot", hunter=shot.seat, target=shot.targets[0])
            self.kill(shot.targets[0], Cause.HUNTER, shot.seat)
        self.night.actions, self.night.owners = [], []
        self._bury(Moment.HUNTER)
        then, self.resume = self.resume, None
        assert then is not None
        self._after_burial(then)

    # ------------------------------------------------------------------ dawn and day

    def _dawn(self) -> None:
        """Day ``day + 1`` starts (§3.3)."""
        self.day += 1
        self.executions_left = 1  # V1.1.3: set at dawn, before the dawn hooks
        self.night.sealed = frozenset(s for s in self.seats() if self.identities[s].sealed)
        self._expire(Expiry.DAWN)
        self.tell(None, "morning", day=self.day)
        self._bury(Moment.DAWN)
        self._after_burial(Then.DAWN_HOOKS)

    def _dawn_hooks(self) -> None:
        more, self.dawn_executions = self.dawn_executions, []
        for key, args in more:  # V1.1.3: executions added for today (トラブルメーカー), each announced with the new count
            self.executions_left += 1
            self.tell(None, key, count=self.executions_left, **args)
        news, self._dawn_news = self._dawn_news, []
        for seat, key, args in news:
            if self.alive[seat]:
                self.tell(seat, key, **args)
        self.emit(Daybreak())  # V2.2 パン屋: a dawn hook alive or dead
        self.emit(PhaseOpened(Moment.DAWN))
        self._bury(Moment.DAWN)
        self._after_burial(Then.OPEN_VOTE)

    def _open_vote(self) -> None:
        self.revotes = 0
        self._new_ballot(False, tuple(self.living()))

    def _new_ballot(self, runoff: bool, candidates: tuple[Seat, ...]) -> None:
        self.stage = Stage.DAY
        self.day_actions = ()
        self.ballot = Ballot(runoff, candidates)
        self._open_phase(Stage.DAY)

    def _close_ballot(self) -> None:
        ballot = self.ballot
        assert ballot is not None
        if ballot.ended:  # W.1.1: the day ended without a vote, as after an execution
            if ballot.decreed is not None:  # V1.1.1: its execution draws (埋毒者), so it is carried out here
                self.execute(ballot.decreed)
            self._bury(Moment.DAY)
            self._after_burial(Then.DUSK)
            return
        goat = self.scapegoat
        if goat is not None and self.alive[goat] and goat not in ballot.votes:
            candidates = self._candidates(goat)
            if candidates:
                self._submit(Vote(goat, self.draw_seat("scapegoat vote", candidates)), recorded=False)
        missing = [s for s in self.living() if s not in ballot.votes and self._role_votes(s) and self._candidates(s)]
        if missing:
            for seat in missing:
                self.kill(seat, Cause.SUDDEN)
            self._bury(Moment.ABSENT)
            self._after_burial(Then.RETAKE)
            return
        tally: Counter[Seat] = Counter()
        priority: dict[Seat, int] = {}
        for voter, target in ballot.votes.items():
            tally[target] += ballot.weights[voter]
            p = self.identities[voter].vote_priority(self.ctx)
            priority[target] = max(priority.get(target, 0), p)
        for c in sorted(ballot.candidates) if ballot.votes else ():  # V1.1.2: received-vote modifiers (痛恨),
            if self.alive[c] and self.identities[c].receives_votes():  # each living candidate in seat order
                extra = self.identities[c].vote_received(self.ctx)
                if extra:
                    tally[c] += extra
                    priority.setdefault(c, 0)
        if not self.settings.on("voteresult"):
            if any(self.identities[s].hides_votes for s in self.living()):  # W.1.11b (闇狼)
                self.tell(None, "votes hidden")
            else:  # V1.1.2: the table shows the final numbers (weights, 痛恨)
                counts = dict(sorted(tally.items(), key=lambda item: (-item[1], item[0])))
                self.tell(None, "votes", votes={v: t for v, t in ballot.votes.items()}, counts=counts)
        if not ballot.votes:
            self._check_victory(no_votes=True)
            return
        most = max(tally.values())
        tops = [c for c in tally if tally[c] == most]
        best = max(priority[c] for c in tops)
        tops = sorted(c for c in tops if priority[c] == best)
        mode = self.settings["runoff"]
        if ballot.runoff:
            self._execute(tops) if len(tops) == 1 else self._tie(tops)
        elif len(tops) == 1 and mode != "yes":
            self._execute(tops)
        elif mode == "yes":
            # a single top faces the whole next group by votes, then priority (reference VotingBox.check)
            rest = {c: (tally[c], priority[c]) for c in tally if c not in tops}
            second = sorted(c for c in rest if rest[c] == max(rest.values())) if len(tops) == 1 else []
            if len(tops) + len(second) > 1:
                self._new_ballot(True, tuple(tops + second))
            else:
                self._execute(tops)
        elif mode == "revote" and self.settings["drawvote"] == "revote":
            self._new_ballot(True, tuple(tops))
        else:
            self._tie(tops)

    def _tie(self, tops: list[Seat]) -> None:
        rule = self.settings["drawvote"]
        if rule == "revote":
            self._retake()
        elif rule == "random":
            self._execute([self.draw_seat("tie break", tops)])
        elif rule == "none":
            self.tell(None, "no execution")
            self._bury(Moment.DAY)
            self._after_burial(Then.DUSK)
        else:
            self._execute(self._in_tally_order(tops))

    def _in_tally_order(self, tops: list[Seat]) -> list[Seat]:
        """The tops in the order ``drawvote=all`` executes them (§6): reading the ballot in seat
        order, the tops in the order of their first vote, from the last to the first (the
        reference's ``VotingBox.check`` collects its tops so)."""
        assert self.ballot is not None
        first: list[Seat] = []
        for voter in sorted(self.ballot.votes):
            if self.ballot.votes[voter] not in first:
                first.append(self.ballot.votes[voter])
        return sorted(tops, key=first.index, reverse=True)

    def _retake(self) -> None:
        """The ballot is taken again (r += 1); at 4 the game is drawn unless a team has won."""
        self.revotes += 1
        if self.revotes >= MAX_REVOTES:
            self._check_victory()
            return
        self.tell(None, "revote", left=MAX_REVOTES - self.revotes)
        self._new_ballot(False, tuple(self.living()))

    def _execute(self, seats: list[Seat]) -> None:
        """Execute ``seats`` one at a time, each death's effects before the next (§6). The ballot uses
        one of the day's executions whatever it kills (V1.1.3); with some left, the burial is an
        intermediate one and a new ballot follows."""
        for seat in seats:
            self.execute(seat)
        self.executions_left -= 1
        last = self.executions_left <= 0
        self._bury(Moment.DAY, last=last)
        self._after_burial(Then.DUSK if last else Then.NEXT_EXECUTION)

    def execute(self, seat: Seat) -> bool:
        """Execute one seat (§6; a 独裁者's too): True if it died (a holy protection, プリンス resist)."""
        if not self.kill(seat, Cause.EXECUTION):  # resisted (§5.2: a holy protection, プリンス)
            return False
        self.executions.append((self.day, seat))
        if self.settings.on("GMpsychic"):
            self.tell(None, "psychic result", target=seat, result=self.identities[seat].psychic().value)
        return True

    def _next_execution(self) -> None:
        """V1.1.3: executions are left today — public notice, r ← 0 and a new ballot among all living."""
        self.tell(None, "executions left", count=self.executions_left)
        self.revotes = 0
        self._new_ballot(False, tuple(self.living()))

    def executed_on(self, day: int) -> list[Seat]:
        return [s for d, s in self.executions if d == day]

    # ------------------------------------------------------------------ victory

    def _check_victory(self, no_votes: bool = False) -> bool:
        """The checks of §7 in order; ends the game and returns True on a result."""
        result = judge(self)
        if result is None and (self.revotes >= MAX_REVOTES or no_votes):
            result = DRAW
        if result is None:
            return False
        winner = None if result == DRAW else result
        assert winner is None or isinstance(winner, Team)
        winners = frozenset() if winner is None else frozenset(
            s for s in self.seats()
            if s not in self.sudden and self.identities[s].wins(self.ctx, winner)
        )
        self.outcome = Outcome(winner, winners)
        self.stage = Stage.OVER
        self.ballot = None
        self.tell(None, "end", winner=self.outcome.winner_id)
        for note in self.notes:
            self.tell(None, note.key, **note.args)
        return True


__all__ = ["DRAW", "Ballot", "Draw", "Game", "Legal", "Outcome"]
