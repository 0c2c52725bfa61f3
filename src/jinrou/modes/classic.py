"""Classic werewolf (月下人狼's roles) as a server mode: 闇鍋 rooms, group chats, bots that claim.

The game is :class:`jinrou.classic.game.Game`; this module adds what a room needs around it, in a
:class:`Village`: the cast drawn at the start, the turns of a phase (the night's full length, the
day's discussion and voting time, the grace 猶予), who has finished the night, the attacks bot
wolves propose, and the bots themselves.

**Seats.** Room seat ``s`` is game seat ``s + 1`` when 身代わりくん (the scapegoat, an NPC of the
engine) plays, else ``s``. エンドレス闇鍋 (the cast ``endless``): the game is a 闇鍋 of the seats taken at the start
(:func:`~jinrou.modes.classic_settings.started`); a newcomer's game seat, appended at a dawn, is the next room seat
(:attr:`Village.players` grows with it).

**Turns.** A night lasts its full ``night`` seconds (an early end would tell who still had
something to do) unless every player has finished it — sent ``{"done": true}``: the living after
their actions, villagers included, and the dead too (bots do at once). So a room whose living
players are all bots still waits for its dead people, or the deadline, each night: a bot game never
runs to its end in one go. Whoever misses a required action at the deadline gets the grace
(``remain``), then dies a sudden death (突然死). With ``night`` 0 a night waits only for the required
actions. A day's first ballot lasts ``day`` seconds (with ``voting`` > 0: a discussion of ``day``
seconds, in which nobody votes, then ``voting`` seconds), a revote or a runoff ``remain`` seconds;
the ballot closes when everybody voted, else after the grace, and non-voters die suddenly. A
hunter's last shot waits ``hunter`` seconds, then is drawn.

**Actions** (JSON): ``{"vote": NAME}``; ``{"act": VERB, "targets": [NAME, …], PARAM: VALUE …}`` (a
night action, a day action or a shot; VERB and the parameters as the record writes them —
divine, attack, ``kit`` with ``"kit": "Guard"``, …: :meth:`~jinrou.classic.actions.Action.from_json`
reads it; the view's ``legal`` lists each open verb with its parameters and their allowed values);
``{"claim": CLAIM}`` by
day, CLAIM being ``{"kind": "CO", "role": ID}``, ``{"kind": "DIVINED"|"IDENTIFIED"|"ESTIMATE",
"target": NAME, "result": "human"|"werewolf"}`` or ``{"kind": "VOTE", "target": NAME}`` — the
structured claims the bots make (:mod:`jinrou.classic.claims`); ``{"claims": [CLAIM, …]}`` (a bot's
say at the start of a day); ``{"propose": "attack", "targets": [NAME]}`` (an attack made at the
night's end unless a wolf attacks first: bot wolves do this, so that a person among the wolves
chooses); ``{"will": TEXT}`` (遺言: the seat's will, read out at its death; empty: none); ``{"done": true}`` (the night,
or the discussion, is over for me). Before the deal, in a room with
希望役職制: ``{"request": ROLE}`` or ``{"request": null}`` (おまかせ; :mod:`jinrou.modes.classic_requests`).

**Chance.** Everything random happens in :meth:`ClassicMode.draw`, stored as an outcome before it
is applied: the cast (``{"cast": [role per game seat], "published": …, "draws": […]}``, the 闇鍋
draw and the deal from the room's generator) and each phase's close (``{"draws": […]}``, the
engine's :class:`~jinrou.classic.draws.Draw` list), and an action whose submission draws (課金者's
gacha: the player sees the pull at once; :func:`jinrou.classic.rules.draws_at_once`) — :meth:`ClassicMode.act`
keeps it aside as ``pending`` and :meth:`ClassicMode.draw` folds it into a copy of the game with its
outcome (``{"submitted": ACTION, "draws": […]}``). :meth:`ClassicMode.close` only marks the phase
as closing (or opens its grace); :meth:`ClassicMode.draw` closes it into a new game, the village
unchanged; :meth:`ClassicMode.happen` folds that game in once its outcome is stored, or closes a
new one from a stored outcome (a restart).

**State.** The order is the one several server processes need: :meth:`ClassicMode.check` checks
an action and changes nothing, the server stores it, and :meth:`ClassicMode.act` folds it — into the
:class:`Village` in place (a copy of the game per vote would cost more than the vote, see
:mod:`jinrou.classic.rules`). An action is checked once on its way in: the server asks the mode, the
mode asks the rules (:func:`jinrou.classic.rules.check`), and the checked choices it answers are kept
beside the village until :meth:`ClassicMode.act` folds them as they are; an action folded without
that check (a room restored from its events, a direct call) is checked then, once, before anything
changes. A
phase's close is the one place a copy is made: :meth:`ClassicMode.draw` closes it into a new game
and stores that outcome, the live village unchanged, and :meth:`ClassicMode.happen` folds it in.
Bots keep their notes in the village (a snapshot pickles them); after a restart from the events
they read the game afresh from their views, and a bot never repeats a claim it made (so a restored
占い師 bot does not come out twice). Views are cached per change of the village.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from jinrou.agents.classic import HeuristicAgent
from jinrou.classic import endless, rules
from jinrou.classic.casting import kept_requests, start_draws
from jinrou.classic.claims import Claim
from jinrou.classic.draws import Draw, Draws
from jinrou.classic.game import Checked, Game, Legal
from jinrou.classic.model import Action, Seat, Stage, Verb, Vote
from jinrou.classic.published import RoleList
from jinrou.classic.record import FORMAT, write
from jinrou.classic.texts import verb_label
from jinrou.classic.views import SeatView
from jinrou.errors import CastingError, IllegalActionError, ImpossibleOutcomeError, SetupError
from jinrou.modes import classic_requests as asking
from jinrou.modes import classic_settings as rooms
from jinrou.modes.base import CastEstimate, Channel, History, Phase, Result, Schema, Standing, Title
from jinrou.modes.classic_actions import (
    act_json,
    ask,
    claim_json,
    fits,
    make_proposals,
    param_keys,
    parse_action,
    parse_claim,
    pending_json,
    repeated,
    seat_named,
)
from jinrou.modes.classic_turns import Turn, begin, day_seconds, hearing, phase_names
from jinrou.modes.classic_view import channels, history, log_mark, reads_veiled, result_of, standings_of, view, voices

SCAPEGOAT = "身代わりくん"
CAST_TRIES = 50
MAX_CLAIMS = 30  # claims a seat may make in one day
FORMS = ('{"vote": NAME}, {"act": VERB, "targets": [NAME], PARAM: VALUE}, {"claim": {"kind": ..., ...}}, '
         '{"will": TEXT}, {"done": true} or {"propose": "attack", "targets": [NAME]}')


Accepted = tuple[str, Seat, tuple[Checked | Action, ...]]
"""An action the mode accepted: its kind, the game seat, and the rules' checked choices (for ``propose``: the
proposed attack, checked by the mode against the legal attacks; none for ``done``)."""


@dataclass(eq=False)
class Village:
    """A classic room's game state (see the module docstring): the game and the room's marks on it."""

    players: tuple[str, ...]  # the room's names, by room seat
    settings: Mapping[str, Any]
    game: Game | None = None  # None until the cast is drawn
    failed: str | None = None  # why the cast could not be drawn
    turn: Turn = Turn.MAIN
    closing: bool = False  # the phase is over; its outcome is to be drawn
    opened: int = -1  # the game's phase the marks below belong to
    ready: set[Seat] = field(default_factory=set)  # game seats that finished the turn
    talked: set[Seat] = field(default_factory=set)  # game seats that spoke at today's first ballot
    proposals: list[Action] = field(default_factory=list)  # attacks to make at the night's end
    bots: dict[Seat, HeuristicAgent] = field(default_factory=dict)
    drawn: tuple[dict[str, Any], Game] | None = None  # an outcome drawn and applied, to be confirmed
    pending: Checked | None = None  # an accepted action whose outcomes are to be drawn (課金者's gacha)
    checked: tuple[int, Seat, Any, Accepted] | None = None  # the last action check: version, room seat, action, answer
    version: int = 0  # counts the changes: views are cached per version
    views: dict[Any, tuple[int, Any]] = field(default_factory=dict)  # seat, ("view", seat) → (version, cached)
    key: str = field(default_factory=lambda: secrets.token_hex(8))  # names the room to the AIWolf agents' pool
    date: tuple[int, int] | None = None  # the room's day (month, day) at the start: 闇鍋's seasonal events
    master: Seat | None = None  # the game master's room seat (a GM room: the host at the start), who plays no seat
    requesting: bool = False  # 希望役職制: the request phase before the deal is open (classic_requests)
    requests: dict[Seat, str | None] | None = None  # game seat → the role it asked for (None: おまかせ); None: no requests

    def __post_init__(self) -> None:
        if self.requests is None and rooms.takes_requests(self.settings):  # 希望役職制: a request phase before the deal
            self.requesting, self.requests = True, {}

    def __getstate__(self) -> dict[str, Any]:
        """What a snapshot of the room pickles: not the views made from it nor the last check (caches)."""
        return {**self.__dict__, "views": {}, "checked": None}

    @property
    def offset(self) -> int:
        """1 when 身代わりくん holds game seat 0."""
        return int(self.settings["rules"]["scapegoat"] == "on")

    def seat(self, room_seat: Seat) -> Seat:
        """The game seat of a player's room seat (the game master's is none: ask :attr:`master` first)."""
        return room_seat - (self.master is not None and room_seat > self.master) + self.offset

    def room_seat(self, seat: Seat) -> Seat | None:
        """The room seat of a game seat (None: 身代わりくん)."""
        if seat < self.offset:
            return None
        room = seat - self.offset
        return room + (self.master is not None and room >= self.master)

    @property
    def first_ballot(self) -> bool:
        game = self.game
        return (game is not None and game.stage is Stage.DAY and game.ballot is not None and game.revotes == 0
                and not game.ballot.runoff)  # a night keeps the last day's ballot: it is no ballot of its own

    def missing(self, seat: Seat) -> list[Legal]:
        """The game seat's required actions still to do (an attack a wolf proposed counts as done)."""
        assert self.game is not None
        return [lg for lg in self.game.legal_actions(seat)
                if lg.required and not (lg.verb is Verb.ATTACK and self.proposals)]


class ClassicMode:
    """Classic werewolf (月下人狼の役職), with 闇鍋."""

    name = "classic"
    record_format = FORMAT
    title = ("Classic werewolf", "人狼（月下人狼）")
    script = Path(__file__).parent / "web" / "classic.js"
    public_clocks = False

    @property
    def titles(self) -> tuple[Title, ...]:
        """The 称号 this mode grants for wins (declared in :mod:`jinrou.modes.titles`)."""
        from jinrou.modes.titles import CLASSIC

        return CLASSIC

    @property
    def schema(self) -> Schema:
        """The room settings (their role choices: the roles declared now)."""
        return rooms.schema()

    # ---------------------------------------------------------------- setup

    def settings(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return rooms.check(data)

    def seats(self, settings: Mapping[str, Any]) -> int:
        """The room's seats: the players, and the game master's in a GM room."""
        return int(settings["players"]) + rooms.room_option(settings, "gm")

    def summary(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The cast in a few words, and 覆面 and a game master when the room has them (each ``{"en", "ja"}``)."""
        return {"cast": rooms.summary(settings), **rooms.room_summary(settings)}

    def masks(self, settings: Mapping[str, Any], seats: int) -> tuple[str, ...] | None:
        """覆面 (``blind``): the names the seats play under until the end — 覆面1, 覆面2, … by room seat —;
        None: their own names."""
        return tuple(f"覆面{seat + 1}" for seat in range(seats)) if rooms.room_option(settings, "blind") else None

    def start(self, players: tuple[str, ...], settings: Mapping[str, Any], date: tuple[int, int] | None = None,
              host: Seat | None = None) -> Village:
        """A room's village; ``date``: the room's day (month, day) at the start, for 闇鍋's seasonal events
        (None: a day outside every event); ``host``: the host's room seat, the game master of a GM room."""
        master = (host or 0) if rooms.room_option(settings, "gm") else None
        played = rooms.started(settings, len(players) - (master is not None))  # エンドレス闇鍋: the seats taken
        return Village(tuple(players), played, date=date, master=master)

    def fewest_seats(self, settings: Mapping[str, Any]) -> int | None:
        """The fewest room seats taken a room starts with (エンドレス闇鍋: 6 game seats, 身代わりくん's included, the
        game master's seat besides); None: every seat (any other cast)."""
        fewest = rooms.fewest_players(settings)
        return None if fewest is None else fewest + rooms.room_option(settings, "gm")

    def waiting(self, village: Village) -> tuple[str, ...]:
        """The people who asked to join the game going on and have no seat yet, in order (エンドレス闇鍋: they take
        game seats ``len(game.names)``, … at the next dawn)."""
        return () if village.game is None else village.game.waiting

    def spectators_speak(self, settings: Mapping[str, Any]) -> bool:
        """観戦者の発言 (``watchspeak``): whether spectators talk in the room's spectators' channel."""
        return rooms.room_option(settings, "watchspeak")

    def game_master(self, village: Village) -> Seat | None:
        """The game master's room seat (None: the room has none): it may change the turn's time."""
        return village.master

    def unmasked(self, village: Village, seat: Seat) -> bool:
        """Whether ``seat`` reads the seats' own names in a 覆面 room before the end (and after a 完全覆面's):
        the game master."""
        return seat == village.master

    def unmasks_at_end(self, settings: Mapping[str, Any]) -> bool:
        """Whether the end shows who played under each mask: 覆面 (``blind: on``) does, 完全覆面
        (``complete``) never (月下人狼's ``blind: "complete"``)."""
        return rooms.blind(settings) != "complete"

    # ---------------------------------------------------------------- phases

    def phase(self, village: Village) -> Phase:
        (ja, en), kind = phase_names(village)
        return Phase(f"{ja} · {en}", kind, label=(en, ja), timed=village.turn is Turn.SILENT)

    def seconds(self, village: Village, settings: Mapping[str, Any], used: Sequence[float]) -> float | None:
        game, times = village.game, settings["times"]
        if village.requesting:
            return float(asking.SECONDS)
        if game is None or game.is_over:
            return None
        if game.stage is Stage.HUNTER:
            return float(times["hunter"])
        if village.turn is Turn.GRACE:
            return float(times["remain"])
        if game.stage is Stage.NIGHT:
            return float(times["night"])
        day, silent = day_seconds(game, times), times.get("silentrule", 0)
        if village.turn is Turn.SILENT:
            return float(min(silent, day))
        talk = max(0, day - silent)  # the silence is the day's first seconds, as the reference counts them
        if village.turn is Turn.DISCUSSION:
            return float(talk)
        if not village.first_ballot:
            return float(times["remain"])
        return float(times["voting"] if times["voting"] else talk)

    def awaited(self, village: Village) -> tuple[Seat, ...]:
        game = village.game
        if village.requesting:
            return asking.awaited(village)
        if game is None or village.closing or game.is_over:
            return ()
        goat = game.scapegoat
        if village.turn is Turn.SILENT:
            return ()  # nobody is asked anything: the silence runs its time (a timed turn)
        if game.stage is Stage.NIGHT and village.turn is Turn.GRACE:
            seats = [s for s in game.living() if s != goat and village.missing(s)]
        elif game.stage is Stage.NIGHT and village.turn is Turn.MAIN:
            seats = [s for s in game.seats() if s != goat and s not in village.ready]
        elif village.turn is Turn.DISCUSSION:
            seats = [s for s in game.living() if s != goat and s not in village.ready]
        else:  # at a day's first ballot those who have not spoken come first: the bots talk, then vote
            seats = sorted(game.awaited(), key=lambda s: village.first_ballot and s in village.talked)
            if hearing(village):  # the bots' votes wait for the people's say
                seats = [s for s in seats if s not in village.talked]
        return tuple(s - village.offset + (village.master is not None and s - village.offset >= village.master)
                     for s in seats)

    def due(self, village: Village, seat: Seat) -> bool:
        """Whether room seat ``seat`` still owes an action the turn's deadline counts against it: a
        required night action (an attack another wolf proposed counts as made), a vote, a hunter's
        shot — what a sudden death or a missed grace punishes. Not the optional "done" of a night
        or a day's talk, and not :meth:`awaited`'s order of the bots. The seat's own view tells
        the same (its legal actions, its vote), so the answer tells it nothing new."""
        game = village.game
        if game is None or village.closing or game.is_over or village.turn is Turn.DISCUSSION:
            return False
        me = village.seat(seat)
        if game.stage is Stage.NIGHT:
            return game.alive[me] and me != game.scapegoat and bool(village.missing(me))
        return me in game.awaited()

    def joinable(self, village: Village) -> bool:
        """Whether a person may ask to join the game going on now (エンドレス闇鍋: :attr:`Game.joinable
        <jinrou.classic.game.Game.joinable>`); False before the cast is drawn, in any other room, and once over."""
        game = village.game
        return game is not None and not village.closing and game.joinable

    def check_enter(self, village: Village, name: str) -> None:
        """Whether the person ``name`` may ask to join now; changes nothing.

        Raises:
            IllegalActionError: no game yet, a closing turn, or :func:`jinrou.classic.endless.check_enter`'s
                refusals.
        """
        game = village.game
        if game is None:
            raise IllegalActionError("the game has not begun: join the room before its start",
                                     ja="まだ始まっていません: 開始前に入室してください")
        if village.closing:
            raise IllegalActionError("the phase is closing: ask again in a moment",
                                     ja="フェーズの終わりの処理中です: 少し待ってからもう一度どうぞ")
        endless.check_enter(game, name)

    def enter(self, village: Village, name: str) -> Village:
        """The person ``name`` asks to join (エンドレス闇鍋): he waits, no seat, until the next dawn, when the game
        appends his seat after every other (game seat ``len(game.names) + his place among those waiting``).

        Raises:
            IllegalActionError: :meth:`check_enter`'s refusals (the village unchanged).
        """
        self.check_enter(village, name)
        assert village.game is not None  # checked
        village.game.enter(name)
        village.version += 1
        return village

    def result(self, village: Village) -> Result | None:
        return result_of(village)

    def replay(self, record: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The game of a ``jinrou.classic/1`` record step by step, checked as ``classic replay`` checks it."""
        from jinrou.modes.classic_replay import steps

        return steps(record)

    @property
    def winners(self) -> tuple[tuple[str, str, str], ...]:
        """What the history filters the winner by: each team that can win (its id, English, Japanese) and a draw."""
        from jinrou.classic.catalog import Team
        from jinrou.classic.texts import outcome_text

        return (*((team.value, team.name_en.capitalize(), team.name_ja) for team in Team if team not in (Team.NONE, Team.OTHERS, Team.NEET)),
                ("Draw", outcome_text("Draw", "en").capitalize(), outcome_text("Draw", "ja")))

    def history(self, village: Village, settings: Mapping[str, Any]) -> History | None:
        """What the game history lists of the finished game (winner, days, cast, roles)."""
        return history(village, settings)

    def estimate(self, preset: str, seats: int) -> CastEstimate:
        """A cast's words and the bots' win counts per team for it, computed ahead (see
        :mod:`jinrou.modes.classic_estimates`), beside a player's 戦績."""
        from jinrou.modes.classic_estimates import cast_estimate

        return cast_estimate(preset, seats)

    def standings(self, village: Village) -> tuple[Standing | None, ...] | None:
        """Each room seat's role and team at the end (狼の子分 counts with the wolves, W.1.8), won, lost
        or drawn, and whether it died a sudden death (None: no game was played, or it goes on; a GM
        room's game master played no seat). A 完全覆面 room's too: the server keeps only their sudden deaths."""
        played: list[Standing | None] | None = (None if (found := standings_of(village.game, village.offset)) is None
                                               else list(found))
        if played is not None and village.master is not None:
            played.insert(village.master, None)
        return None if played is None else tuple(played)

    def channels(self, village: Village | None, seat: Seat | None) -> tuple[Channel, ...]:
        return channels(village, seat)

    def voices(self, village: Village | None, seat: Seat | None, channel: str) -> tuple[Seat, ...]:
        """The room seats one of which says a line ``seat`` writes in ``channel`` aloud in the main channel
        (悪霊憑き's voice; the server draws which, and veils the line itself: see :meth:`reads_veiled`)."""
        return voices(village, seat, channel)

    def reads_veiled(self, village: Village | None, seat: Seat | None) -> bool:
        """Whether ``seat`` reads the lines said aloud by another seat's voice (the dead who see all)."""
        return reads_veiled(village, seat)

    def log_mark(self, village: Village) -> int:
        """Where a chat line said now falls in the log (the page shows talk and log as one stream)."""
        return log_mark(village.game)

    # ------------------------------------------------------------- actions

    def check(self, village: Village, seat: Seat, action: Any) -> None:
        """Whether :meth:`act` accepts ``action`` from ``seat`` now; IllegalActionError (the message
        for the player) when not. Changes nothing but the check it keeps for :meth:`act` (the server
        checks, stores the action, then folds it: it is not checked again)."""
        if village.requesting or isinstance(action, dict) and "request" in action:
            asking.read(village, seat, action)  # 希望役職制: a request before the deal
            return
        accepted = self._checked(village, seat, action)
        village.checked = (village.version, seat, copy.deepcopy(action), accepted)

    def repeats(self, village: Village, seat: Seat, action: Any) -> bool:
        """Whether ``action`` is already in effect for ``seat`` — the same ``done``, vote, proposed
        attack, or night or day action sent again (a retry): it would change nothing, though the
        engine refuses a second vote or a second use of an ability. A claim never is: said twice, it
        is said twice. Changes nothing."""
        if village.requesting:
            return asking.repeats(village, seat, action)
        game = village.game
        if game is None or game.is_over or village.pending is not None or not isinstance(action, dict) or (
                seat == village.master):
            return False
        me = village.seat(seat)
        try:
            if set(action) == {"done"}:
                return action["done"] is True and me in village.ready
            if set(action) == {"will"}:
                return game.wills.get(me, "") == action["will"] and isinstance(action["will"], str)
            if set(action) == {"vote"}:
                ballot = game.ballot
                return (game.stage is Stage.DAY and ballot is not None and not ballot.ended
                        and ballot.votes.get(me) == seat_named(game, action["vote"]))
            if "propose" in action and set(action) <= {"propose", "targets"}:  # proposed again, it goes last
                return village.proposals[-1:] == [parse_action(game, me, action["propose"], action.get("targets", []), {})]
            if "act" in action and set(action) <= {"act", "targets", *param_keys(action["act"])}:
                choice = parse_action(game, me, action["act"], action.get("targets", []), action)
                made = [a for a, _ in game.day_actions] if game.stage is Stage.DAY else game.night.actions
                if choice not in made:
                    return False
                try:  # a seat holding the ability twice may make the same choice again: a second use
                    rules.check(game, choice)
                except IllegalActionError:
                    return True
        except IllegalActionError:
            return False
        return False

    def act(self, village: Village, seat: Seat, action: Any) -> Village:
        """A player's action (see the module docstring), folded into the village: as :meth:`check`
        accepted it in this very state, else checked now; IllegalActionError, the state unchanged,
        when it is not allowed now."""
        if village.requesting or isinstance(action, dict) and "request" in action:
            me, role = asking.read(village, seat, action)
            assert village.requests is not None
            village.requests[me] = role
            village.version += 1
            return village
        kept, village.checked = village.checked, None
        if kept is not None and kept[:3] == (village.version, seat, action):
            kind, me, choices = kept[3]
        else:
            kind, me, choices = self._checked(village, seat, action)
        game = village.game
        assert game is not None
        if kind == "propose":
            village.proposals[:] = [p for p in village.proposals if p.seat != me] + [
                c for c in choices if isinstance(c, Action)]
        elif kind == "done":
            village.ready.add(me)
        elif kind == "act" and isinstance(choices[0], Checked) and rules.draws_at_once(game, choices[0]):
            village.pending = choices[0]  # folded with its outcomes: drawn and stored first (draw, happen)
        else:
            for choice in choices:
                assert isinstance(choice, Checked)
                rules.fold(game, choice)
            if kind == "act" and village.proposals and not any(
                    lg.verb is Verb.ATTACK for s in game.attackers() for lg in game.legal_actions(s)):
                village.proposals.clear()  # the wolves attacked: nothing is left to propose
            if kind == "claims":
                village.talked.add(me)
        village.version += 1
        return village

    def _checked(self, village: Village, seat: Seat, action: Any) -> Accepted:
        """The action's kind, the game seat and the engine's choices it makes, each checked by the
        rules once (for ``propose``: the proposed attack; none for ``done``); IllegalActionError
        otherwise. Changes nothing."""
        game = village.game
        if seat == village.master:
            raise IllegalActionError("the game master plays no seat: it talks and changes the time, never acts for a seat",
                                     ja="ゲームマスターは席を持ちません。発言と時間の変更はできますが、誰かの代わりに行動はできません")
        if game is None:
            raise IllegalActionError("the cast is being drawn: wait a moment", ja="配役を決めています。少しお待ちください")
        if game.is_over:
            raise IllegalActionError("the game is over", ja="ゲームは終了しました")
        if village.pending is not None:  # the server draws it before the next command: only a stray call meets this
            raise IllegalActionError("an action's outcome is being drawn: wait a moment",
                                     ja="行動の結果を抽選しています。少しお待ちください")
        if not isinstance(action, dict):
            raise IllegalActionError(f"an action is an object: {FORMS}", ja=f"行動はオブジェクトです: {FORMS}")
        me = village.seat(seat)
        kind = next((k for k in ("vote", "act", "claim", "claims", "will", "done", "propose") if k in action), None)
        allowed = {"act": {"act", "targets", *param_keys(action.get("act"))},
                   "propose": {"propose", "targets"}}.get(kind or "", {kind})
        if kind is None or set(action) - allowed:
            raise IllegalActionError(f"unknown action {sorted(action)}: use {FORMS}",
                                     ja=f"不明な行動 {sorted(action)}: {FORMS} のどれかです")
        choices: tuple[rules.Choice, ...]
        if village.turn is Turn.SILENT and (kind in ("claim", "claims", "done") or (
                kind == "vote" and village.settings["times"]["voting"])):
            seconds = village.settings["times"].get("silentrule", 0)
            raise IllegalActionError(f"nobody speaks in the first {seconds} seconds of the day (n秒ルール): wait",
                                     ja=f"朝から{seconds}秒間は発言禁止です（n秒ルール）。少し待ってください")
        if kind == "vote":
            if game.stage is Stage.DAY and village.turn is Turn.DISCUSSION:
                raise IllegalActionError("the vote opens after the discussion", ja="投票は議論の後に始まります")
            choices = (Vote(me, seat_named(game, action["vote"])),)
        elif kind == "act":
            choices = (parse_action(game, me, action["act"], action.get("targets", []), action),)
        elif kind == "propose":
            return kind, me, (self._proposal(village, me, action),)
        elif kind == "claim":
            choices = self._claims(village, me, [action["claim"]])
        elif kind == "claims":
            choices = self._claims(village, me, action["claims"], many=True)
        elif kind == "will":
            choices = (rules.Will(me, action["will"]),)
        else:
            self._check_done(village, me, action["done"])
            return kind, me, ()
        return kind, me, tuple(rules.check(game, choice) for choice in choices)

    def _proposal(self, village: Village, me: Seat, action: dict[str, Any]) -> Action:
        """The attack ``me`` proposes, checked."""
        game = village.game
        assert game is not None
        proposal = parse_action(game, me, action["propose"], action.get("targets", []), {})
        legal = next((lg for lg in game.legal_actions(me) if lg.verb is Verb.ATTACK), None)
        if proposal.verb is not Verb.ATTACK or legal is None or len(proposal.targets) != 1 \
                or proposal.targets[0] not in legal.targets:
            raise IllegalActionError("only a wolf that may attack tonight proposes an attack, on one of its targets",
                                     ja="襲撃を提案できるのは今夜襲撃できる人狼だけで、襲撃できる相手のひとりです")
        return proposal

    def _claims(self, village: Village, me: Seat, data: Any, many: bool = False) -> tuple[rules.Say, ...]:
        """What ``me`` says with ``data``, one claim or (``many``) a non-empty list of them: every one
        is checked (who speaks, when, about whom; :func:`jinrou.classic.rules.check` checks them
        again) before any is said."""
        game = village.game
        assert game is not None
        game.check_claim(me)  # at night, from the dead: refused whatever was sent
        if many and (not isinstance(data, list) or not data):
            raise IllegalActionError('claims are a non-empty list: {"claims": [CLAIM, ...]}',
                                     ja='claims は主張を1つ以上並べたリストです: {"claims": [CLAIM, ...]}')
        claims = [parse_claim(game, c) for c in data]
        said = sum(1 for day, s, _ in game.claims if s == me and day == game.day)
        if said + len(claims) > MAX_CLAIMS:
            raise IllegalActionError(f"at most {MAX_CLAIMS} claims a day", ja=f"主張は1日{MAX_CLAIMS}回までです")
        return tuple(rules.Say(me, claim) for claim in claims)

    def _check_done(self, village: Village, me: Seat, value: Any) -> None:
        game = village.game
        assert game is not None
        if value is not True:
            raise IllegalActionError('say {"done": true} when your night (or the discussion) is over for you',
                                     ja='夜（または議論）を終えるときは {"done": true} を送ってください')
        if game.stage is Stage.NIGHT and village.turn is Turn.MAIN:
            missing = village.missing(me) if game.alive[me] else []
            if missing:
                verb = missing[0].verb
                ja = verb_label(verb, "ja", missing[0].label) if verb else "投票"
                raise IllegalActionError(f"first {verb.value if verb else 'vote'}: it is required tonight",
                                         ja=f"先に「{ja}」をしてください（今夜は必須です）")
        elif not (game.stage is Stage.DAY and village.turn is Turn.DISCUSSION and game.alive[me]):
            raise IllegalActionError("there is nothing to finish now: " + (
                "vote" if game.stage is Stage.DAY else "the night waits only for missing actions"),
                ja="今は終えるものはありません: " + ("投票してください" if game.stage is Stage.DAY
                                               else "夜はまだの必須行動だけを待っています"))

    def close(self, village: Village) -> Village:
        """The turn's deadline passed, or nobody is awaited: the next turn (grace, voting), or the
        phase closes (its outcome drawn next). Proposed attacks are made now if no wolf attacked."""
        if village.requesting:  # the request phase is over: the cast is drawn next, honouring the requests
            village.requesting = False
            village.version += 1
            return village
        game = village.game
        if game is None or game.is_over or village.closing:
            return village
        if game.stage is Stage.NIGHT:
            make_proposals(village)
            if village.turn is Turn.MAIN and any(village.missing(s) for s in game.living() if s != game.scapegoat):
                village.turn = Turn.GRACE
            else:
                village.closing = True
        elif game.stage is Stage.DAY and village.turn is Turn.DISCUSSION:
            village.turn = Turn.MAIN
        elif game.stage is Stage.DAY and village.turn is Turn.SILENT:
            village.turn = Turn.DISCUSSION if village.settings["times"]["voting"] else Turn.MAIN
        elif game.stage is Stage.DAY and village.turn is Turn.MAIN and game.awaited():
            village.turn = Turn.GRACE
        else:
            village.closing = True
        village.version += 1
        return village

    # --------------------------------------------------------------- chance

    def draw(self, village: Village, make_rng: Callable[[], np.random.Generator]) -> dict[str, Any] | None:
        """The cast, or a closing phase's outcomes (None when nothing is to be drawn).

        The phase is closed into a new game (:func:`jinrou.classic.rules.close`), as the draws are
        made; the village keeps its game, unchanged, until :meth:`happen` folds the stored outcome:
        it then takes the new game (a stored outcome, at a restart, is closed anew from its draws).
        Asked again before that, this gives the same outcome, never a second close."""
        if village.drawn is not None:
            return village.drawn[0]
        if village.pending is not None and village.game is not None:
            draws, folded = Draws(make_rng()), village.game.copy()
            rules.fold(folded, village.pending, draws)
            outcome = {"submitted": pending_json(village.pending, folded.names), "draws": [d.to_json() for d in draws.taken]}
            village.drawn = (outcome, folded)
            return outcome
        if village.failed is not None or village.requesting or not (village.game is None or village.closing):
            return None
        rng = make_rng()
        if village.game is None:
            outcome, game = self._cast(village, rng)
        else:
            draws = Draws(rng)
            game = rules.close(village.game, draws)
            outcome = {"draws": [d.to_json() for d in draws.taken]}
        if game is not None:
            village.drawn = (outcome, game)
        return outcome

    def _cast(self, village: Village, rng: np.random.Generator) -> tuple[dict[str, Any], Game | None]:
        settings = village.settings
        error: Exception | None = None
        asked = asking.dealt_requests(village)  # 希望役職制
        for _ in range(CAST_TRIES):
            candidates: list[list[str]] = []  # T.1.9: 盗人's, drawn before dealing
            try:
                roles, published = rooms.draw_cast(settings, rng, candidates, village.date, requests=asked)
                break
            except (CastingError, SetupError) as failed:
                error = failed
        else:
            return {"failed": str(error)}, None
        draws = start_draws(rng, candidates)
        game = Game.new(_names(village), roles, rooms.engine_settings(settings), draws, published,
                        kept_requests(asked, roles))
        return {"cast": roles, "published": published.to_json(), "draws": [d.to_json() for d in draws.taken]}, game

    def happen(self, village: Village, outcome: Mapping[str, Any]) -> Village:
        if village.pending is not None:
            return self._happen_pending(village, outcome)
        drawn, village.drawn = village.drawn, None
        if drawn is not None and drawn[0] == outcome:
            game = drawn[1]
        elif drawn is not None:
            raise ImpossibleOutcomeError("the outcome is not the one just drawn")
        elif "failed" in outcome:
            village.failed = str(outcome["failed"])
            village.version += 1
            return village
        else:
            given = Draws(None, [Draw(d["draw"], d["value"]) for d in outcome["draws"]])
            if "cast" in outcome:
                game = Game.new(_names(village), outcome["cast"], rooms.engine_settings(village.settings), given,
                                RoleList.from_json(outcome["published"]),
                                kept_requests(asking.dealt_requests(village), outcome["cast"]))
            else:
                assert village.game is not None
                game = rules.close(village.game, given)
            if given.leftover():
                raise ImpossibleOutcomeError(f"the outcome gives draws the rules did not make: {given.leftover()}")
        village.game = game
        village.version += 1
        _seat_newcomers(village)
        begin(village)
        return village

    def _happen_pending(self, village: Village, outcome: Mapping[str, Any]) -> Village:
        """Fold the pending action with its stored outcomes (the game drawn, or, at a restart, the
        action folded anew from the stored draws — checked on a copy first)."""
        drawn, village.drawn = village.drawn, None
        pending, game = village.pending, village.game
        assert pending is not None and game is not None
        if outcome.get("submitted") != pending_json(pending, game.names):
            raise ImpossibleOutcomeError("the outcome is not the pending action's")
        if drawn is not None and drawn[0] == outcome:
            village.game = drawn[1]
        else:  # folded on a copy: an impossible or extra outcome leaves the village as it was
            given, folded = Draws(None, [Draw(d["draw"], d["value"]) for d in outcome["draws"]]), game.copy()
            rules.fold(folded, pending, given)
            if given.leftover():
                raise ImpossibleOutcomeError(f"the outcome gives draws the rules did not make: {given.leftover()}")
            village.game = folded
        village.pending = None
        village.version += 1
        return village

    # ----------------------------------------------------------------- bots

    def bot_action(self, village: Village, seat: Seat, rng: np.random.Generator) -> dict[str, Any]:
        """A bot's next step, in the JSON a person sends: at a day's first ballot its claims at once,
        then its vote — asked for only once the people have had their say (see :func:`_hearing`), so
        it reads their claims; at night one action at a time (an attack proposed while other wolves
        may choose), then done; a hunter's shot."""
        if village.requesting:  # 希望役職制: the bots' policy (classic_requests)
            return asking.bot(village, seat, rng)
        game = village.game
        assert game is not None
        me = village.seat(seat)
        agent = village.bots.get(me)
        if agent is None:
            published = game.published.counts if game.published is not None else None
            agent = village.bots[me] = HeuristicAgent(published)
        names = game.names
        if village.settings.get("aiwolf_seats"):  # an AIWolf agent may play this bot seat (docs/aiwolf.md)
            from jinrou.aiwolf.seats import play_seat

            for _ in range(MAX_CLAIMS):  # a claim it made before is not said again: it is asked again
                step = play_seat(village.key, int(village.settings["aiwolf_seats"]), game, me, village.first_ballot,
                                 village.turn is Turn.DISCUSSION,
                                 village.turn is Turn.MAIN and len(game.attackers()) > 1, rng)
                if not (isinstance(step, Claim) and repeated(game, me, step)):
                    break
            if isinstance(step, Claim) and not repeated(game, me, step):
                return {"claims": [claim_json(step, names)]}
            if isinstance(step, dict):
                return step
        view_of = SeatView.of(game, me)
        if game.stage is Stage.DAY:
            if village.first_ballot and me not in village.talked and not game.identity(me).silenced:  # 沈黙
                said = [c for c in ask(agent.talk, view_of, rng) if not repeated(game, me, c)]
                room = MAX_CLAIMS - sum(1 for day, s, _ in game.claims if s == me and day == game.day)
                if said[:max(0, room)]:  # a bot with nothing to say (its own failure) goes on to its vote
                    return {"claims": [claim_json(c, names) for c in said[:max(0, room)]]}
            if village.turn is Turn.DISCUSSION:
                return {"done": True}
            choices = ask(agent.act, view_of, rng)
            taken = next((c for c in choices if isinstance(c, Action) and fits(c, view_of.legal)), None)
            if taken is not None:  # a day action first (W.1.1): its vote is asked for again after it
                return act_json(taken, names)
            legal = view_of.legal[0]
            chosen = next((c.target for c in choices if isinstance(c, Vote)), None)
            target = chosen if chosen in legal.targets else legal.targets[int(rng.integers(len(legal.targets)))]
            return {"vote": names[target]}
        proposed = {p.verb for p in village.proposals if p.seat == me}
        for choice in ask(agent.act, view_of, rng):
            if isinstance(choice, Action) and choice.verb not in proposed and fits(choice, view_of.legal):
                verb = "act"
                if choice.verb is Verb.ATTACK and village.turn is Turn.MAIN and len(game.attackers()) > 1:
                    verb = "propose"
                return act_json(choice, names, verb)
        needed = village.missing(me) if game.stage is Stage.NIGHT else list(view_of.legal)
        if needed:
            legal = needed[0]
            assert legal.verb is not None
            picks = rng.choice(len(legal.targets), size=legal.arity, replace=False) if legal.arity else ()
            drawn = Action(me, legal.verb, tuple(legal.targets[int(i)] for i in picks), legal.example())
            return act_json(drawn, names)
        return {"done": True}

    # ---------------------------------------------------------------- views

    def view(self, village: Village, seat: Seat | None) -> dict[str, Any]:
        (ja, en), _ = phase_names(village)
        return view(village, seat, (ja, en))

    def record(self, village: Village, seed: int) -> dict[str, Any]:
        if village.game is None:
            return {"format": FORMAT, "players": list(village.players), "seed": seed, "events": [],
                    "error": village.failed}
        return write(village.game, seed)


def _names(village: Village) -> tuple[str, ...]:
    """The game's names: 身代わりくん's first (renamed if a player took its name)."""
    players = tuple(p for s, p in enumerate(village.players) if s != village.master)  # the game master plays no seat
    if not village.offset:
        return players
    goat, taken = SCAPEGOAT, {p.casefold() for p in players}
    number = 2
    while goat.casefold() in taken:
        goat, number = f"{SCAPEGOAT}{number}", number + 1
    return (goat, *players)


def _seat_newcomers(village: Village) -> None:
    """エンドレス闇鍋: the seats the game appended at a dawn are the room's next seats, under their game names."""
    assert village.game is not None
    names = village.game.names
    joined = len(names) - village.offset - (len(village.players) - (village.master is not None))
    if joined > 0:
        village.players = (*village.players, *names[len(names) - joined:])


__all__ = ["SCAPEGOAT", "ClassicMode", "Turn", "Village"]
