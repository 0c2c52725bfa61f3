"""The AIWolf wire format: one JSON object a line, as the official server (platform 0.6.x) sends them.

A **packet** (``common/net/Packet.java``) always has the five keys ``gameInfo``, ``gameSetting``,
``request``, ``talkHistory`` and ``whisperHistory`` (JSONIC writes a bean's properties in name order,
absent ones as ``null``; aiwolf-python reads all five in every packet). Which ones are filled
depends on the request, as ``TcpipServer.send`` decides:

* ``NAME``, ``ROLE``: the request only;
* ``INITIALIZE``: ``gameInfo`` and ``gameSetting``; ``DAILY_INITIALIZE``: ``gameInfo``; ``FINISH``:
  ``gameInfo`` with every role;
* ``VOTE`` after a tied ballot, ``ATTACK`` after a tied attack vote, and ``DIVINE``, ``GUARD``,
  ``WHISPER``, ``ATTACK`` on a night after an execution: ``gameInfo``;
* otherwise (``TALK``, ``WHISPER``, ``VOTE``, ``DIVINE``, ``GUARD``, ``ATTACK``, ``DAILY_FINISH``): the
  talks and whispers of the day the agent has not been sent yet, in ``talkHistory`` and
  ``whisperHistory`` (always both lists: the Java client fails on a missing whisper list).

``gameInfo`` (``GameInfoToSend``) has every field always: agents as indices, ``-1`` for none, maps
keyed by the index as a string (``{"1": "ALIVE"}``). ``gameSetting`` holds ``GameSetting``'s
properties. Answers: a name or a role for ``NAME``/``ROLE``, a sentence for ``TALK``/``WHISPER``,
``{"agentIdx":N}`` for the requests that name an agent (a bare number or ``Agent[NN]`` is read too).

>>> encode(packet(Request.NAME))
'{"gameInfo":null,"gameSetting":null,"request":"NAME","talkHistory":null,"whisperHistory":null}'
>>> read_target('{"agentIdx":3}'), read_target("Agent[04]"), read_target("nobody")
(3, 4, None)
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jinrou.aiwolf.language import ROLES, ProtocolError
from jinrou.classic.claims import quote

NONE = -1
"""An agent field that names nobody."""


class Request(enum.Enum):
    """What a packet asks (``common/data/Request.java``); the first eight wait for an answer."""

    NAME = "NAME"
    ROLE = "ROLE"
    TALK = "TALK"
    WHISPER = "WHISPER"
    VOTE = "VOTE"
    DIVINE = "DIVINE"
    GUARD = "GUARD"
    ATTACK = "ATTACK"
    INITIALIZE = "INITIALIZE"
    DAILY_INITIALIZE = "DAILY_INITIALIZE"
    DAILY_FINISH = "DAILY_FINISH"
    FINISH = "FINISH"

    @property
    def has_return(self) -> bool:
        return self in ANSWERED


ANSWERED = frozenset({Request.NAME, Request.ROLE, Request.TALK, Request.WHISPER, Request.VOTE, Request.DIVINE,
                      Request.GUARD, Request.ATTACK})
TARGETED = frozenset({Request.VOTE, Request.DIVINE, Request.GUARD, Request.ATTACK})
"""The requests answered with an agent."""

CASTS: Mapping[int, Mapping[str, int]] = {
    5: {"POSSESSED": 1, "SEER": 1, "VILLAGER": 2, "WEREWOLF": 1},
    15: {"BODYGUARD": 1, "MEDIUM": 1, "POSSESSED": 1, "SEER": 1, "VILLAGER": 8, "WEREWOLF": 3},
}
"""The official casts (``GameSetting.getDefaultGame``) of the contest's two sizes."""


@dataclass(frozen=True)
class GameSetting:
    """``GameSetting``: the official defaults (``getDefaultGame``) for ``player_num`` seats."""

    role_num: Mapping[str, int]
    max_talk: int = 10
    max_talk_turn: int = 20
    max_whisper: int = 10
    max_whisper_turn: int = 20
    max_skip: int = 2
    max_revote: int = 1
    max_attack_revote: int = 1
    time_limit: int = 1000  # ms
    random_seed: int = 0
    enable_role_request: bool = True

    @classmethod
    def default(cls, players: int, time_limit_ms: int = 1000, seed: int = 0) -> GameSetting:
        if players not in CASTS:
            raise ProtocolError(f"the arena plays the official casts of {' or '.join(map(str, CASTS))} seats, "
                                f"not {quote(players)}")
        return cls(CASTS[players], time_limit=time_limit_ms, random_seed=seed)

    @property
    def player_num(self) -> int:
        return sum(self.role_num.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "enableNoAttack": False, "enableNoExecution": False, "enableRoleRequest": self.enable_role_request,
            "maxAttackRevote": self.max_attack_revote, "maxRevote": self.max_revote, "maxSkip": self.max_skip,
            "maxTalk": self.max_talk, "maxTalkTurn": self.max_talk_turn, "maxWhisper": self.max_whisper,
            "maxWhisperTurn": self.max_whisper_turn, "playerNum": self.player_num, "randomSeed": self.random_seed,
            "roleNumMap": {r: self.role_num.get(r, 0) for r in ROLES if r != "ANY"},
            "talkOnFirstDay": False, "timeLimit": self.time_limit, "validateUtterance": True,
            "votableInFirstDay": False, "voteVisible": True, "whisperBeforeRevote": False,
        }


@dataclass(frozen=True)
class Talk:
    """An utterance (``TalkToSend``): ``idx`` counts the day's talks (or whispers) from 0."""

    idx: int
    day: int
    turn: int
    agent: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "day": self.day, "idx": self.idx, "text": self.text, "turn": self.turn}


@dataclass(frozen=True)
class Vote:
    """A vote or an attack vote (``VoteToSend``)."""

    day: int
    agent: int
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "day": self.day, "target": self.target}


@dataclass(frozen=True)
class Judge:
    """A divination or a medium's result (``JudgeToSend``): ``result`` is HUMAN or WEREWOLF."""

    day: int
    agent: int
    target: int
    result: str

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "day": self.day, "result": self.result, "target": self.target}


@dataclass(frozen=True)
class GameInfo:
    """What one agent is told (``GameInfoToSend``); every field is always sent."""

    day: int
    agent: int
    status: Mapping[int, str]
    roles: Mapping[int, str]
    existing_roles: Sequence[str]
    medium_result: Judge | None = None
    divine_result: Judge | None = None
    executed_agent: int = NONE
    latest_executed_agent: int = NONE
    attacked_agent: int = NONE
    cursed_fox: int = NONE
    guarded_agent: int = NONE
    votes: Sequence[Vote] = ()
    latest_votes: Sequence[Vote] = ()
    attack_votes: Sequence[Vote] = ()
    latest_attack_votes: Sequence[Vote] = ()
    talks: Sequence[Talk] = ()
    whispers: Sequence[Talk] = ()
    remain_talk: Mapping[int, int] = field(default_factory=dict)
    remain_whisper: Mapping[int, int] = field(default_factory=dict)
    last_dead: Sequence[int] = ()

    def to_json(self) -> dict[str, Any]:
        def judge(j: Judge | None) -> dict[str, Any] | None:
            return None if j is None else j.to_json()

        return {
            "agent": self.agent,
            "attackVoteList": [v.to_json() for v in self.attack_votes],
            "attackedAgent": self.attacked_agent,
            "cursedFox": self.cursed_fox,
            "day": self.day,
            "divineResult": judge(self.divine_result),
            "executedAgent": self.executed_agent,
            "existingRoleList": list(self.existing_roles),
            "guardedAgent": self.guarded_agent,
            "lastDeadAgentList": list(self.last_dead),
            "latestAttackVoteList": [v.to_json() for v in self.latest_attack_votes],
            "latestExecutedAgent": self.latest_executed_agent,
            "latestVoteList": [v.to_json() for v in self.latest_votes],
            "mediumResult": judge(self.medium_result),
            "remainTalkMap": {str(a): n for a, n in self.remain_talk.items()},
            "remainWhisperMap": {str(a): n for a, n in self.remain_whisper.items()},
            "roleMap": {str(a): r for a, r in self.roles.items()},
            "statusMap": {str(a): s for a, s in self.status.items()},
            "talkList": [t.to_json() for t in self.talks],
            "voteList": [v.to_json() for v in self.votes],
            "whisperList": [t.to_json() for t in self.whispers],
        }


GAME_INFO_KEYS = frozenset(GameInfo(0, 0, {}, {}, ()).to_json())
"""Every key of ``gameInfo``."""
PACKET_KEYS = ("gameInfo", "gameSetting", "request", "talkHistory", "whisperHistory")


def packet(request: Request, game_info: GameInfo | None = None, setting: GameSetting | None = None,
           talks: Sequence[Talk] | None = None, whispers: Sequence[Talk] | None = None) -> dict[str, Any]:
    """A packet as a JSON object (all five keys; see the module docstring)."""
    return {
        "gameInfo": None if game_info is None else game_info.to_json(),
        "gameSetting": None if setting is None else setting.to_json(),
        "request": request.value,
        "talkHistory": None if talks is None else [t.to_json() for t in talks],
        "whisperHistory": None if whispers is None else [t.to_json() for t in whispers],
    }


def encode(data: Mapping[str, Any]) -> str:
    """One line of JSON (no newline), as compact as JSONIC writes it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_packet(line: str | bytes) -> dict[str, Any]:
    """A packet read back (what a client does), checked for the five keys and a known request.

    Raises:
        ProtocolError: not a packet.
    """
    try:
        data = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError(f"a packet is one JSON object, not {quote(line, 40)}") from None
    if not isinstance(data, dict) or set(data) != set(PACKET_KEYS):
        raise ProtocolError(f"a packet has exactly the keys {', '.join(PACKET_KEYS)}")
    try:
        Request(data["request"])
    except ValueError:
        raise ProtocolError(f"unknown request {quote(data['request'])}") from None
    return data


_AGENT_IDX = re.compile(r"\{\s*\"agentIdx\"\s*:\s*(\d+)\s*\}")
_AGENT_TEXT = re.compile(r"Agent\[(\d+)\]")


def read_target(line: str | None) -> int | None:
    """The agent index an answer names (``{"agentIdx":N}``, ``N`` or ``Agent[NN]``), or None."""
    if line is None:
        return None
    text = line.strip()
    for pattern in (_AGENT_IDX, _AGENT_TEXT):
        if m := pattern.fullmatch(text):
            return int(m.group(1))
    return int(text) if text.isdigit() else None


def target_answer(index: int) -> str:
    """How an agent answers with ``Agent[index]`` (the Java client's ``DataConverter.convert(agent)``)."""
    return encode({"agentIdx": index})


__all__ = ["CASTS", "GAME_INFO_KEYS", "NONE", "PACKET_KEYS", "TARGETED", "GameInfo", "GameSetting", "Judge",
           "Request", "Talk", "Vote", "encode", "packet", "read_packet", "read_target", "target_answer"]
