"""One AIWolf game: the official server's sequencing (``AIWolfGame``) played on jinrou's classic engine.

The rules are jinrou's (:class:`~jinrou.classic.game.Game`: deaths, divinations, the medium's results,
guards, curses, victory); this module only asks the agents what the protocol asks, in its order,
and turns their answers into jinrou's choices and claims. The settings that make jinrou's rules
AIWolf's: ``scapegoat=no`` (no 身代わりくん, no attack on the first night), ``drawvote=once`` (one
revote among all, then a random pick among the tops), ``votemyself=off``, with the divination on the
first night chosen (``firstnightdivine=manual``). AIWolf's day ``d`` is jinrou's day ``d + 1``:

* day 0: ``DAILY_INITIALIZE`` to all, no talk, no vote; night 0: ``DAILY_FINISH`` to all, the wolves
  whisper, the seer divines (jinrou's night 1: no guard, no attack);
* day d ≥ 1: ``DAILY_INITIALIZE``; talk in turns (each turn the living in a shuffled order, at most
  ``maxTalk`` utterances a day and ``maxTalkTurn`` turns, ``Skip`` more than ``maxSkip`` times in a row
  becomes ``Over``, the day's talk ends when a whole turn said ``Over``); ``DAILY_FINISH``; the vote
  (a tie: one revote, then a random pick, drawn by jinrou and recorded); then, unless the game is
  over, the divination, the whispers, the guard and the attack vote among the wolves (every living
  human counts one more, so a tie or no vote is a random pick; one revote first).

Answers that are late, missing or not allowed are substitutes: ``Skip`` for an utterance (an
utterance that is not a sentence too, as ``validateUtterance`` does), a uniformly drawn legal
target for a vote, a divination and a guard, no vote for an attack vote. An agent that is gone (its
connection closed) is replaced by one of jinrou's bots for the rest of the game. Sentences that say
a claim, alone or asserted in ``AND``, ``BECAUSE``, ``DAY`` (:func:`~jinrou.aiwolf.mapping.claims_of`),
become the seat's claims; every utterance is kept in the
record's ``aiwolf`` section. The arena's own choices (the shuffles, substitutes, attack pick) come
from the generator it is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from jinrou.aiwolf.language import OVER, SKIP, Content, ProtocolError
from jinrou.aiwolf.mapping import AIWOLF_ROLE, JINROU_ROLE, claims_of, index_of, seat_of, sentence_of, species
from jinrou.aiwolf.wire import (
    TARGETED,
    GameInfo,
    GameSetting,
    Judge,
    Request,
    Talk,
    Vote,
    packet,
    read_target,
    target_answer,
)
from jinrou.classic.agent import Agent as Bot
from jinrou.classic.game import Game
from jinrou.classic.model import Action, Stage, Verb
from jinrou.classic.model import Vote as JinrouVote
from jinrou.classic.record import write
from jinrou.classic.views import SeatView
from jinrou.errors import IllegalActionError

SETTINGS = {"scapegoat": "no", "drawvote": "once", "votemyself": "off", "firstnightdivine": "manual",
            "runoff": "no", "guardmyself": "off", "consecutiveguard": "yes", "wolfattack": "off"}
"""jinrou's settings that play AIWolf's rules."""
VERBS = {Request.DIVINE: Verb.DIVINE, Request.GUARD: Verb.GUARD, Request.ATTACK: Verb.ATTACK}
Packet = Callable[[], dict[str, Any]]


class Player(Protocol):
    """An AIWolf agent in a seat: it is told packets and answers the requests that want an answer.
    ``packet`` builds the packet only if the player needs it (jinrou's bots read the game's views)."""

    name: str

    @property
    def gone(self) -> bool:
        """Whether it can no longer answer (its connection closed)."""
        ...

    def ask(self, request: Request, packet: Packet) -> str | None:
        """The answer line to ``request`` (None: none in time)."""
        ...

    def tell(self, request: Request, packet: Packet) -> None:
        """A request without an answer."""
        ...


@dataclass
class Day:
    """What AIWolf's ``GameData`` keeps of one day (agents as indices)."""

    day: int
    talks: list[Talk] = field(default_factory=list)
    whispers: list[Talk] = field(default_factory=list)
    votes: list[Vote] = field(default_factory=list)
    attack_votes: list[Vote] = field(default_factory=list)
    remain_talk: dict[int, int] = field(default_factory=dict)
    remain_whisper: dict[int, int] = field(default_factory=dict)
    executed: int | None = None
    divine: Judge | None = None
    guard: int | None = None
    attacked: int | None = None
    last_dead: list[int] = field(default_factory=list)
    medium: dict[int, str] = field(default_factory=dict)  # executed agent → species, as jinrou told the medium


@dataclass
class Stats:
    """What an arena game counted: requests, substitutes, late or malformed answers, replaced agents."""

    requests: int = 0
    substitutes: int = 0
    replaced: list[int] = field(default_factory=list)


class BotSeat:
    """A seat nobody took: one of jinrou's bots plays it (a :class:`BotPlayer` from the first request on)."""

    def __init__(self, name: str = "jinrou") -> None:
        self.name = name

    @property
    def gone(self) -> bool:
        return True

    def ask(self, request: Request, packet: Packet) -> str | None:
        return None

    def tell(self, request: Request, packet: Packet) -> None:
        pass


class BotPlayer:
    """One of jinrou's bots speaking the protocol: its claims as sentences, its choices as answers."""

    def __init__(self, name: str, bot: Bot, seat: int, view: Callable[[], SeatView], rng: np.random.Generator):
        self.name, self.bot, self.seat, self.view, self.rng = name, bot, seat, view, rng
        self._said: tuple[int, list[str]] = (-1, [])

    @property
    def gone(self) -> bool:
        return False

    def tell(self, request: Request, packet: Packet) -> None:
        pass

    def ask(self, request: Request, packet: Packet) -> str | None:
        if request is Request.NAME:
            return self.name
        if request is Request.TALK:
            view = self.view()
            if self._said[0] != view.day:
                sentences = [sentence_of(c, self.seat) for c in self.bot.talk(view, self.rng)]
                self._said = (view.day, [str(s) for s in sentences if s is not None])
            return self._said[1].pop(0) if self._said[1] else OVER
        if request in TARGETED:
            view = self.view()
            for choice in self.bot.act(view, self.rng):
                if isinstance(choice, JinrouVote) and request is Request.VOTE:
                    return target_answer(index_of(choice.target))
                if isinstance(choice, Action) and choice.verb is VERBS.get(request) and choice.targets:
                    return target_answer(index_of(choice.targets[0]))
            return None
        return OVER if request is Request.WHISPER else None


class ArenaGame:
    """One game of ``players`` (seat s is ``Agent[s+1]``) under ``setting``.

    Args:
        players: one per seat, in agent order.
        setting: the protocol's settings (cast, limits) sent to the agents.
        rng: every random choice of the game and the arena.
        make_bot: a jinrou bot for a seat whose agent is gone (and for bot seats).
    """

    def __init__(self, players: Sequence[Player], setting: GameSetting, rng: np.random.Generator,
                 make_bot: Callable[[Mapping[str, int]], Bot], roles: Sequence[str] | None = None,
                 free_text: bool = False, first_day_talk: bool = False):
        self.free_text = free_text  # the NLP flavour: any text is an utterance (a sentence among them is a claim)
        self.first_day_talk = first_day_talk  # the NLP flavour talks on day 0 too
        self.players = list(players)
        self.setting = setting
        self.rng = rng
        self.make_bot = make_bot
        self.n = len(players)
        self.stats = Stats()
        self.days: list[Day] = []
        self.last_talk: dict[int, int] = {}
        self.last_whisper: dict[int, int] = {}
        self.log: list[str] = []
        self.roles = list(roles) if roles is not None else self._assign_roles()
        names = [f"Agent[{index_of(s):02d}]" for s in range(self.n)]
        self.game = Game.new(names, [JINROU_ROLE[r] for r in self.roles], SETTINGS, rng)
        self.cast = {JINROU_ROLE[r]: k for r, k in setting.role_num.items() if k}

    # ------------------------------------------------------------------ the sequence

    def play(self) -> Game:
        """Play to the end (``AIWolfGame.start``) and tell everybody ``FINISH``."""
        for seat in range(self.n):
            self._tell(seat, Request.INITIALIZE)
        while not self.game.is_over:
            self._day()
            self._night()
        for seat in range(self.n):
            self._tell(seat, Request.FINISH)
        return self.game

    @property
    def today(self) -> Day:
        return self.days[-1]

    def _day(self) -> None:
        day = Day(len(self.days))
        day.remain_talk = {index_of(s): self.setting.max_talk for s in self._living()}
        day.remain_whisper = {index_of(s): self.setting.max_whisper for s in self._living() if self._wolf(s)}
        self.days.append(day)
        self.last_talk.clear()
        self.last_whisper.clear()
        for seat in range(self.n):
            self._tell(seat, Request.DAILY_INITIALIZE)
        if day.day > 0 or self.first_day_talk:
            self._talk(Request.TALK)

    def _night(self) -> None:
        day = self.today
        for seat in range(self.n):
            self._tell(seat, Request.DAILY_FINISH)
        if day.day == 0:
            self._talk(Request.WHISPER)
        else:
            self._vote()
            if self.game.is_over:
                return
        self._divine()
        if day.day > 0:
            self._talk(Request.WHISPER)
            self._guard()
            self._attack()
        self._dawn()

    # ------------------------------------------------------------------ talk and whispers

    def _talk(self, request: Request) -> None:
        whisper = request is Request.WHISPER
        day = self.today
        speakers = [s for s in self._living() if not whisper or self._wolf(s)]
        if whisper and len(speakers) <= 1:
            return
        remain = day.remain_whisper if whisper else day.remain_talk
        talks = day.whispers if whisper else day.talks
        skips: Counter[int] = Counter()
        turns = self.setting.max_whisper_turn if whisper else self.setting.max_talk_turn
        for turn in range(turns):
            order = [speakers[i] for i in self.rng.permutation(len(speakers))]
            more = False
            for seat in order:
                agent = index_of(seat)
                text = OVER
                if remain[agent] > 0:
                    text = self._ask(seat, request) or SKIP
                content = _content(text)
                if self.free_text:
                    text = " ".join(text.split()) or SKIP  # one line; an empty answer is a Skip
                elif content is None:
                    text = SKIP
                    self.stats.substitutes += 1
                if text == SKIP:
                    skips[agent] += 1
                    if skips[agent] > self.setting.max_skip:
                        text = OVER
                talk = Talk(len(talks), day.day, turn, agent, text)
                talks.append(talk)
                self.log.append(f"{day.day},{'whisper' if whisper else 'talk'},{talk.idx},{turn},{agent},{text}")
                if text not in (OVER, SKIP):
                    remain[agent] -= 1
                    skips[agent] = 0
                    if not whisper and content is not None:
                        self._claim(seat, content)
                if text != OVER:
                    more = True
            if not more:
                break

    def _claim(self, seat: int, content: Content) -> None:
        if self.game.stage is not Stage.DAY:
            return
        for claim in claims_of(content, seat):
            try:
                self.game.claim(seat, claim)
            except IllegalActionError:
                pass  # about no player, or a vote for the dead: it stays an utterance

    # ------------------------------------------------------------------ votes and night actions

    def _vote(self) -> None:
        day = self.today
        game = self.game
        while game.stage is Stage.DAY and not game.is_over:
            votes = []  # the last round stays day.votes until this one is complete (latestVoteList)
            for seat in self._living():
                legal = next((lg for lg in game.legal_actions(seat) if lg.verb is None), None)
                if legal is None:
                    continue
                target = self._target(seat, Request.VOTE, legal.targets)
                votes.append(Vote(day.day, index_of(seat), index_of(target)))
                game.apply(JinrouVote(seat, target))
            day.votes = votes
            self.log.extend(f"{day.day},vote,{v.agent},{v.target}" for v in votes)
            alive = self._living()
            game.close(self.rng)
            executed = [s for s in alive if not game.alive[s] and game.deaths[s] is not None
                        and game.deaths[s].cause.value == "execution"]  # type: ignore[union-attr]
            if executed:
                day.executed = index_of(executed[0])
                self.log.append(f"{day.day},execute,{day.executed},{self.roles[executed[0]]}")

    def _divine(self) -> None:
        for seat in self._living():
            legal = self._legal(seat, Verb.DIVINE)
            if legal is not None:
                target = self._target(seat, Request.DIVINE, legal.targets)
                self.game.apply(Action(seat, Verb.DIVINE, (target,)), self.rng)
                self.today.divine = Judge(self.today.day, index_of(seat), index_of(target), "")
                self.log.append(f"{self.today.day},divine,{index_of(seat)},{index_of(target)}")

    def _guard(self) -> None:
        for seat in self._living():
            legal = self._legal(seat, Verb.GUARD)
            if legal is not None:
                target = self._target(seat, Request.GUARD, legal.targets)
                self.game.apply(Action(seat, Verb.GUARD, (target,)), self.rng)
                self.today.guard = index_of(target)
                self.log.append(f"{self.today.day},guard,{index_of(seat)},{index_of(target)}")

    def _attack(self) -> None:
        day = self.today
        wolves = [s for s in self._living() if self._legal(s, Verb.ATTACK) is not None]
        if not wolves:
            return
        humans = [s for s in self._living() if not self._wolf(s)]
        attacked: int | None = None
        tops: list[int] = []
        for _ in range(self.setting.max_attack_revote + 1):
            votes = []
            for seat in wolves:
                legal = self._legal(seat, Verb.ATTACK)
                answer = self._ask(seat, Request.ATTACK)
                target = read_target(answer)
                if target is None or legal is None or seat_of(target) not in legal.targets:
                    if answer is not None:
                        self.stats.substitutes += 1
                    continue  # AIWolf: no attack vote
                votes.append(Vote(day.day, index_of(seat), target))
                self.log.append(f"{day.day},attackVote,{index_of(seat)},{target}")
            day.attack_votes = votes
            tally = Counter(seat_of(v.target) for v in votes)
            tally.update(humans)  # every living human counts once more (isEnableNoAttack is false)
            most = max(tally.values())
            tops = sorted(s for s in tally if tally[s] == most)
            if len(tops) == 1:
                attacked = tops[0]
                break
        if attacked is None:
            attacked = tops[int(self.rng.integers(len(tops)))]
        by = next((seat_of(v.agent) for v in day.attack_votes if seat_of(v.target) == attacked), wolves[0])
        self.game.apply(Action(by, Verb.ATTACK, (attacked,)), self.rng)
        day.attacked = index_of(attacked)
        self.log.append(f"{day.day},attack,{day.attacked}")

    def _dawn(self) -> None:
        """Close the night on jinrou's engine; read what it told (deaths, results)."""
        game = self.game
        day = self.today
        alive = self._living()
        told = len(game.messages)
        game.close(self.rng)
        day.last_dead = sorted(index_of(s) for s in alive if not game.alive[s])
        for _, message in game.messages[told:]:
            if message.key == "divined" and day.divine is not None:
                result = "WEREWOLF" if str(getattr(message.args["result"], "value", message.args["result"])) \
                    == "werewolf" else "HUMAN"
                day.divine = Judge(day.day, day.divine.agent, day.divine.target, result)
            if message.key == "psychic":
                target = message.args["target"]
                result = str(getattr(message.args["result"], "value", message.args["result"]))
                day.medium[index_of(int(target))] = "WEREWOLF" if result == "werewolf" else "HUMAN"  # type: ignore[call-overload]

    # ------------------------------------------------------------------ asking

    def _target(self, seat: int, request: Request, legal: Sequence[int]) -> int:
        """The seat an agent names, or a uniformly drawn legal one."""
        answer = self._ask(seat, request)
        target = read_target(answer)
        if target is not None and seat_of(target) in legal:
            return seat_of(target)
        self.stats.substitutes += 1
        return legal[int(self.rng.integers(len(legal)))]

    def _ask(self, seat: int, request: Request) -> str | None:
        self.stats.requests += 1
        return self._player(seat).ask(request, lambda: self.packet(seat, request))

    def _tell(self, seat: int, request: Request) -> None:
        self._player(seat).tell(request, lambda: self.packet(seat, request))

    def _player(self, seat: int) -> Player:
        player = self.players[seat]
        if player.gone:  # replaced by a bot for the rest of the game
            player = BotPlayer(player.name, self.make_bot(self.cast), seat, lambda: SeatView.of(self.game, seat),
                               self.rng)
            if not isinstance(self.players[seat], BotSeat):
                self.stats.replaced.append(index_of(seat))
            self.players[seat] = player
        return player

    def _legal(self, seat: int, verb: Verb) -> Any:
        return next((lg for lg in self.game.legal_actions(seat) if lg.verb is verb and lg.targets), None)

    def _living(self) -> list[int]:
        return self.game.living()

    def _wolf(self, seat: int) -> bool:
        return species(self.roles[seat]) == "WEREWOLF"

    def _assign_roles(self) -> list[str]:
        """Role requests honoured while the cast allows, in a shuffled order (``AIWolfGame.init``)."""
        order = [int(i) for i in self.rng.permutation(self.n)]
        requested: dict[str, list[int]] = {r: [] for r in self.setting.role_num}
        free: list[int] = []
        for seat in order:
            role = self.players[seat].ask(Request.ROLE, lambda: packet(Request.ROLE)) \
                if self.setting.enable_role_request else None
            role = (role or "").strip()
            if role in requested and len(requested[role]) < self.setting.role_num[role]:
                requested[role].append(seat)
            else:
                free.append(seat)
        roles = [""] * self.n
        for role in AIWOLF_ROLE.values():
            for _ in range(self.setting.role_num.get(role, 0)):
                roles[requested[role].pop(0) if requested.get(role) else free.pop(0)] = role
        return roles

    # ------------------------------------------------------------------ packets

    def packet(self, seat: int, request: Request) -> dict[str, Any]:
        """The packet ``seat`` is sent for ``request`` (``TcpipServer.send``)."""
        day = self.today if self.days else Day(0)
        agent = index_of(seat)
        if request is Request.INITIALIZE:
            self.last_talk.clear()
            self.last_whisper.clear()
            return packet(request, self.info(seat), self.setting)
        if request is Request.DAILY_INITIALIZE:
            return packet(request, self.info(seat))
        if request in (Request.NAME, Request.ROLE):
            return packet(request)
        if request is Request.FINISH:
            return packet(request, self.info(seat, final=True))
        full = (request is Request.VOTE and day.votes) or (request is Request.ATTACK and day.attack_votes) or (
            day.executed is not None and request in (Request.DIVINE, Request.GUARD, Request.WHISPER, Request.ATTACK))
        if full:
            return packet(request, self.info(seat))
        whispers = day.whispers if self._wolf(seat) else []
        return packet(request, talks=_since(day.talks, agent, self.last_talk),
                      whispers=_since(whispers, agent, self.last_whisper))

    def info(self, seat: int, final: bool = False) -> GameInfo:
        """``GameData.getGameInfoToSend`` for ``seat`` (``final``: with every role)."""
        today = self.today if self.days else Day(0)
        yesterday = self.days[-2] if len(self.days) >= 2 else None
        agent = index_of(seat)
        role = self.roles[seat]
        wolf = role == "WEREWOLF"
        roles = {agent: role}
        for other in range(self.n):
            if self.roles[other] == role and role in ("WEREWOLF", "FREEMASON"):
                roles[index_of(other)] = role
        if final:
            roles = {index_of(s): r for s, r in enumerate(self.roles)}
        extra: dict[str, Any] = {}
        if yesterday is not None:
            executed = yesterday.executed
            extra.update(executed_agent=-1 if executed is None else executed, last_dead=list(yesterday.last_dead),
                         votes=list(yesterday.votes))
            if role == "MEDIUM" and executed is not None and executed in yesterday.medium:
                extra["medium_result"] = Judge(today.day, agent, executed, yesterday.medium[executed])
            if role == "SEER" and yesterday.divine is not None and yesterday.divine.result:
                d = yesterday.divine
                extra["divine_result"] = Judge(today.day, d.agent, d.target, d.result)
            if wolf:
                extra.update(attacked_agent=-1 if yesterday.attacked is None else yesterday.attacked,
                             attack_votes=list(yesterday.attack_votes))
            if role == "BODYGUARD" and yesterday.guard is not None:
                extra["guarded_agent"] = yesterday.guard
        return GameInfo(
            day=today.day, agent=agent,
            status={index_of(s): "ALIVE" if self.game.alive[s] else "DEAD" for s in range(self.n)},
            roles=roles, existing_roles=sorted(set(self.roles)),
            latest_executed_agent=-1 if today.executed is None else today.executed,
            latest_votes=list(today.votes), latest_attack_votes=list(today.attack_votes) if wolf else [],
            talks=list(today.talks), whispers=list(today.whispers) if wolf else [],
            remain_talk=dict(today.remain_talk), remain_whisper=dict(today.remain_whisper) if wolf else {},
            **extra,
        )

    # ------------------------------------------------------------------ the record

    def record(self, seed: int | None = None, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The game as ``jinrou.classic/1`` (claims included) with an ``aiwolf`` section: the agents'
        names, their AIWolf roles, every utterance and action line, the substitutes and replaced agents."""
        data = write(self.game, seed)
        data["aiwolf"] = {
            "agents": {self.game.names[s]: (names or [p.name for p in self.players])[s] for s in range(self.n)},
            "roles": {self.game.names[s]: r for s, r in enumerate(self.roles)},
            "log": list(self.log),
            "requests": self.stats.requests,
            "substitutes": self.stats.substitutes,
            "replaced": [f"Agent[{a:02d}]" for a in self.stats.replaced],
        }
        return data


def _since(talks: list[Talk], agent: int, last: dict[int, int]) -> list[Talk]:
    """The talks not yet sent to ``agent`` (``TcpipServer.minimize``)."""
    start = last.get(agent, 0)
    last[agent] = len(talks)
    return talks[start:] if start <= len(talks) else list(talks)


def _content(text: str) -> Content | None:
    try:
        return Content.parse(text)
    except ProtocolError:
        return None


__all__ = ["SETTINGS", "ArenaGame", "BotPlayer", "BotSeat", "Day", "Player", "Stats"]
