"""The classic werewolf engine: a game, what its seats may do, and its phases played on.

The rules of ``classic-werewolf.md`` §3–§7, for any roles: the engine asks each seat's
:class:`~jinrou.classic.identity.Identity` (results, count, team, flags, abilities, win rule),
dispatches typed events (:mod:`jinrou.classic.events`) to the identities they concern, and hands
roles a narrow :class:`~jinrou.classic.context.Context`, never itself; nothing here names a role. A
game waits in one of three stages — the night (actions), a ballot (votes) or a hunter's last shot —
and moves on when :meth:`Game.close` is called (a deadline, or everybody done). Every call validates
before it changes anything; every random outcome comes from the :class:`~jinrou.classic.draws.Draws`
given to ``close``. What happens is told to the game's record (:class:`~jinrou.classic.record.Log`),
which alone writes it as typed entries (:attr:`Game.entries`, seats not names) and, as JSON,
:mod:`jinrou.classic.record`. :mod:`jinrou.classic.rules` is the pure surface over this class
(check, fold, close into a new game).

:class:`Game` is a :class:`~jinrou.classic.state.State` (the game's data and the rules' acts) with
the surface its holders use; the rules themselves are in modules of their own, functions over a
state: what a seat may do and the check of a choice (:mod:`~jinrou.classic.choices`), the night
(:mod:`~jinrou.classic.night`), the ballots (:mod:`~jinrou.classic.ballot`), the burials and last
shots (:mod:`~jinrou.classic.burial`), the victory (:mod:`~jinrou.classic.victory`). Each phase
function returns the step that follows it (:class:`~jinrou.classic.phase.Then`); the game runs the
steps until one waits for the players.

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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from jinrou.classic import ballot, burial, choices, endless, night
from jinrou.classic.casting import check_requests, unhonoured
from jinrou.classic.chemical import OPTION as CHEMICAL
from jinrou.classic.choices import Checked, Legal, Say, Will
from jinrou.classic.claims import Claim
from jinrou.classic.context import Context
from jinrou.classic.draws import Draw, Draws
from jinrou.classic.events import Dealt
from jinrou.classic.model import DRAW, Action, Outcome, Seat, Stage, Vote
from jinrou.classic.phase import Ballot, Then
from jinrou.classic.published import RoleList
from jinrou.classic.role import DEALT, ROOM_RULES, Role
from jinrou.classic.roles import ROLES
from jinrou.classic.settings import Settings
from jinrou.classic.state import State
from jinrou.errors import IllegalActionError, SetupError
from jinrou.players import check_setup

STEPS: dict[Then, Callable[[State], Then | None]] = {
    Then.ROOM_DAWN: night.room_dawn,
    Then.DAWN_HOOKS: night.dawn_hooks,
    Then.OPEN_VOTE: ballot.open_vote,
    Then.RETAKE: ballot.retake,
    Then.DUSK: night.dusk,
    Then.NEXT_EXECUTION: ballot.next_execution,
}
"""The function of each step that may follow a burial."""


class Game(State):
    """A game of classic werewolf. Build one with :meth:`new`."""

    def __init__(self, players: Sequence[str], roles: Sequence[Role | tuple[Role, Role]], settings: Settings) -> None:
        super().__init__(players, roles, settings)
        self.ctx = Context(self)  # what the roles see of this game

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        roles: Sequence[str | Sequence[str]],
        settings: Settings | Mapping[str, Any] | None = None,
        draws: Draws | np.random.Generator | None = None,
        published: RoleList | None = None,
        requests: Mapping[Seat, str] | None = None,
    ) -> Game:
        """A game at the start of night 1.

        Args:
            players: the names, in seat order (with ``scapegoat=on`` the first is 身代わりくん).
            roles: each seat's role id (catalog ids of declared roles); with ``chemical`` on (ケミカル人狼),
                each seat's two, ``[left, right]``.
            settings: room settings (:class:`Settings` or a mapping of names to values).
            draws: where the start's random outcomes come from (決定者, 権力者, night 1).
            published: the role list the room is told (配役公開); it changes no rule.
            requests: 希望役職制 (``rolerequest``): the role each seat asked for before the deal (seat → role
                id); the roles must be a deal that honoured them (:func:`~jinrou.classic.casting.deal`).

        Raises:
            SetupError: bad players, roles or settings (the message says what is allowed).
        """
        players = list(players)
        check_setup(players, 1, "classic werewolf")
        if not isinstance(settings, Settings):
            settings = Settings.parse(settings)
        if len(roles) != len(players):
            raise SetupError(f"{len(players)} players need {len(players)} roles, not {len(roles)}")
        declared: list[Role | tuple[Role, Role]] = []
        chemical = settings.on(CHEMICAL)
        for name, given in zip(players, roles):
            if chemical != (not isinstance(given, str)):
                raise SetupError(f"{name} holds {given!r}: with chemical (ケミカル人狼) {'on' if chemical else 'off'} "
                                 f"a seat holds {'two role ids, [left, right]' if chemical else 'one role id'}")
            ids = [given] if isinstance(given, str) else list(given)
            if chemical and len(ids) != 2:
                raise SetupError(f"{name} holds {len(ids)} roles: with chemical (ケミカル人狼) on a seat holds two, [left, right]")
            for role_id in ids:
                if not isinstance(role_id, str) or role_id not in ROLES:
                    raise SetupError(
                        f"role {role_id!r} of {name} is not a playable role id (see `jinrou classic roles`)"
                    )
            declared.append((ROLES[ids[0]], ROLES[ids[1]]) if chemical else ROLES[ids[0]])
        endless.check_settings(settings.on(endless.OPTION), chemical, settings.on("rolerequest"),
                               int(settings[endless.CAPACITY]), len(players))
        requests = dict(requests or {})
        if requests:
            _check_requests(players, [r for r in roles if isinstance(r, str)], settings, requests)
        game = cls(players, declared, settings)
        game.published = published
        game.requests = requests
        with game.drawing(draws):
            game.emit(Dealt())  # the casting-time draws of the roles dealt (T.1.9)
            if settings["divineresult"] == "immediate" and any(role.delays_divination for identity in game.identities
                                                               for role in identity.halves()):
                game.settings = Settings.parse({**settings.values, "divineresult": "sunrise"})  # T.1.11
                game.tell(None, "divination delayed")
            if settings.on("shoji") and any(role.eavesdrops for identity in game.identities  # 障子に目あり
                                            for role in identity.halves()):
                game.tell(None, "shoji")
            for layer in DEALT:  # room-wide layers (§11): 決定者, 権力者, 子分選択者, 酔っ払い (V2.1.9)
                for seat in layer.dealt(game.ctx):
                    if layer.sub_role:
                        game.grant(seat, layer.id)
                    else:
                        game.add_role(seat, layer.id)  # an extra role (V1.1.6): 子分選択者 on a wolf
            for rule in ROOM_RULES:  # room-wide rules (§11): 死神の手帳 (V2.1.16)
                if settings.on(str(rule.room_option)):
                    game.memories[rule] = rule()
            night.dusk(game)
        return game

    def copy(self) -> Game:
        """An independent copy (bots try moves on copies; :func:`jinrou.classic.rules.close` closes
        a phase on one)."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ what a seat may do

    # The rules' own functions over a state, as methods with no call in between (the bots and the views
    # ask for the legal actions hundreds of times a game): legal_actions(seat), awaited(),
    # has_action_open(seat), draws_at_once(action) — see jinrou.classic.choices.
    legal_actions = choices.legal_actions
    awaited = choices.awaited
    has_action_open = choices.has_action_open
    draws_at_once = choices.draws_at_once

    # ------------------------------------------------------------------ applying choices

    def check(self, choice: Action | Vote | Say | Will) -> Checked:
        """Whether :meth:`apply` would accept ``choice`` now: the checked choice, to apply without
        checking again (the one check of a choice: :func:`jinrou.classic.choices.check`); changes nothing.

        Raises:
            IllegalActionError: the choice is not allowed now (the message says what is).
        """
        return choices.check(self, choice)

    def check_claim(self, seat: Seat, claim: Claim | None = None) -> None:
        """Whether ``seat`` may say ``claim`` now (None: whether it may speak at all); changes nothing.

        Raises:
            IllegalActionError: see :func:`jinrou.classic.choices.check_claim`.
        """
        choices.check_claim(self, seat, claim)

    def apply(self, choice: Action | Vote | Say | Will | Checked, draws: Draws | np.random.Generator | None = None) -> None:
        """Submit a night or day action, a hunter's shot, a vote or a claim — checked now, or a
        :class:`Checked` one from :meth:`check` on this game as it is (or its copy), not checked
        again; effective at once where the rules say.
        ``draws``: where an action that draws when submitted (:meth:`draws_at_once`) takes its
        outcomes — a generator, or outcomes given by a record or a stored outcome (checked on a copy
        first, as :meth:`close` does); any other choice ignores it.

        Raises:
            IllegalActionError: the choice is not allowed now (nothing changes).
            ImpossibleOutcomeError: a given outcome cannot happen, or one is missing and there is no
                generator (nothing changes).
        """
        checked = choice if isinstance(choice, Checked) else choices.check(self, choice)
        action = checked.choice
        if not (isinstance(action, Action) and choices.draws_at_once(self, action)):
            choices.submit(self, checked, recorded=True)
            return
        draws = draws if isinstance(draws, Draws) else Draws(draws)
        if draws.rng is None or draws.given:
            start = len(draws.taken)
            self.copy()._submit_drawing(checked, draws)  # raises here, this game untouched, when impossible
            draws = Draws(None, draws.taken[start:])
        self._submit_drawing(checked, draws)

    def _submit_drawing(self, checked: Checked, draws: Draws) -> None:
        """Submit ``checked`` taking its outcomes from ``draws``; they are written on its entry."""
        action = checked.choice
        assert isinstance(action, Action)
        at, start = len(self.entries), len(draws.taken)
        self._draws = draws
        try:
            choices.submit(self, checked, recorded=True)
        finally:
            self._draws = Draws(None)
        self.log.drew(at, action, draws.taken[start:])

    # ------------------------------------------------------------------ エンドレス闇鍋: people joining

    @property
    def waiting(self) -> tuple[str, ...]:
        """The people waiting to join at the next dawn (エンドレス闇鍋), in the order they asked: not seats yet."""
        return tuple(self.entrants)

    @property
    def joinable(self) -> bool:
        """Whether a person may ask to join now (:func:`jinrou.classic.endless.joinable`): an endless game not
        over whose seats still counted (the living, the dead who may come back) and people waiting are fewer
        than the room's number (the setting ``capacity``)."""
        return endless.joinable(self)

    def enter(self, name: str) -> None:
        """The person ``name`` asks to join (エンドレス闇鍋): he waits until the next dawn, when he takes a new seat
        after every other with a drawn role (:func:`jinrou.classic.endless.dawn`); recorded in the open phase.

        Raises:
            IllegalActionError: see :func:`jinrou.classic.endless.check_enter` (nothing changes).
        """
        endless.check_enter(self, name)
        self.entrants.append(name)
        self.log.entered(name)

    def submit_drawn(self, action: Action) -> None:
        """Submit an action the rules drew for a seat (its draw is the record)."""
        choices.submit_drawn(self, action)

    def claim(self, seat: Seat, claim: Claim) -> None:
        """A living seat states a claim in the day chat (public; it may be false).

        Raises:
            IllegalActionError: see :func:`jinrou.classic.choices.check_claim`.
        """
        choices.check_claim(self, seat, claim)  # the one check (as choices.check does for a Say)
        choices.say(self, seat, claim)

    def end_day(self, execute: Seat | None = None, by: Seat | None = None) -> None:
        """A day action ends the day at once without a vote (:func:`jinrou.classic.ballot.end_day`)."""
        ballot.end_day(self, execute, by)

    def execute(self, seat: Seat) -> bool:
        """Execute one seat (§6; a 独裁者's too): True if it died (a holy protection, プリンス resist)."""
        return ballot.execute(self, seat)

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
        with self.drawing(draws):
            if self.stage is Stage.NIGHT:
                then = night.close(self)
            elif self.stage is Stage.DAY:
                then = ballot.close(self)
            else:
                then = burial.close_hunter(self)
            while then is not None:  # the steps that follow, until one waits for the players
                then = STEPS[then](self)


def _check_requests(players: list[str], roles: list[str], settings: Settings, requests: dict[Seat, str]) -> None:
    """A game's role requests (希望役職制): the setting on, each a seat's for a role of the cast, 身代わりくん's
    none, and the roles a deal that honoured them."""
    if not settings.on("rolerequest"):
        raise SetupError("role requests need the setting rolerequest=on")
    if settings.on(CHEMICAL):
        raise SetupError("role requests are not honoured with chemical (ケミカル人狼) on, as in 月下人狼: give none")
    goat = settings["scapegoat"] == "on"
    check_requests(requests, roles, goat, players)
    reason = unhonoured(roles, requests, goat, players)
    if reason is not None:
        raise SetupError(f"the roles are not a deal that honours the role requests: {reason}")

__all__ = ["DRAW", "Ballot", "Checked", "Draw", "Game", "Legal", "Outcome", "Say", "Will"]
