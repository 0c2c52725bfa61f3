"""The AIWolf protocol language (人狼知能プロトコル, platform 0.6.x): parse and render every sentence form.

A sentence (``Content`` in AIWolfCommon's ``client/lib/Content.java``) is one of

* ``Skip`` / ``Over`` — nothing to say now / nothing more today;
* ``[SUBJECT] ESTIMATE|COMINGOUT TARGET ROLE`` — a guess / a coming out (ROLE: ``BODYGUARD``,
  ``FREEMASON``, ``MEDIUM``, ``POSSESSED``, ``SEER``, ``VILLAGER``, ``WEREWOLF``, ``FOX``, ``ANY``);
* ``[SUBJECT] DIVINED|IDENTIFIED TARGET SPECIES`` — a result (``HUMAN``, ``WEREWOLF``, ``ANY``);
* ``[SUBJECT] ATTACK|ATTACKED|DIVINATION|GUARD|GUARDED|VOTE|VOTED TARGET`` — an intention or a deed;
* ``[SUBJECT] AGREE|DISAGREE TALK|WHISPER dayD ID:N`` — about an earlier utterance;
* operators over nested sentences in parentheses: ``REQUEST|INQUIRE TARGET (S)``, ``REQUEST (S)``,
  ``BECAUSE (S1) (S2)``, ``XOR (S1) (S2)``, ``AND|OR (S1) (S2) …``, ``NOT (S)``, ``DAY D (S)``.

An agent is ``Agent[NN]`` (its index, from 1) or ``ANY`` (index 0); the subject may be left out
(unspecified). As the official library does, a nested sentence without a subject takes its
operator's target (``REQUEST``, ``INQUIRE``) or subject, and the canonical text leaves out a
nested subject equal to the one that would be filled in — so ``str(Content.parse(text))`` is the
text the official ``Content.getText()`` gives.

>>> c = Content.parse("Agent[01] BECAUSE (DIVINED Agent[03] WEREWOLF) (VOTE Agent[03])")
>>> c.operator, c.contents[0].subject, str(c.contents[1])
(<Operator.BECAUSE: 'BECAUSE'>, 1, 'Agent[01] VOTE Agent[03]')
>>> str(c)
'Agent[01] BECAUSE (DIVINED Agent[03] WEREWOLF) (VOTE Agent[03])'
>>> validate("VOTE Agent[x]"), validate("BECAUSE (VOTE Agent[01])"), validate("REQUEST ANY (Over)")
(False, False, True)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from jinrou.classic.claims import quote
from jinrou.errors import JinrouError

ANY = 0
"""The agent index of ``ANY`` (AIWolf's ``Agent.getAgent(0)``)."""
ROLES = ("BODYGUARD", "FREEMASON", "MEDIUM", "POSSESSED", "SEER", "VILLAGER", "WEREWOLF", "FOX", "ANY")
"""AIWolf's roles, in the order of its ``Role`` enum (``ANY`` only in sentences)."""
SPECIES = ("HUMAN", "WEREWOLF", "ANY")
SKIP, OVER = "Skip", "Over"


class ProtocolError(JinrouError):
    """A line that is not a sentence, a packet or an answer of the AIWolf protocol."""


class Topic(enum.Enum):
    ESTIMATE = "ESTIMATE"
    COMINGOUT = "COMINGOUT"
    DIVINATION = "DIVINATION"
    DIVINED = "DIVINED"
    IDENTIFIED = "IDENTIFIED"
    GUARD = "GUARD"
    GUARDED = "GUARDED"
    VOTE = "VOTE"
    VOTED = "VOTED"
    ATTACK = "ATTACK"
    ATTACKED = "ATTACKED"
    AGREE = "AGREE"
    DISAGREE = "DISAGREE"
    OVER = "OVER"
    SKIP = "SKIP"
    OPERATOR = "OPERATOR"


class Operator(enum.Enum):
    REQUEST = "REQUEST"
    INQUIRE = "INQUIRE"
    BECAUSE = "BECAUSE"
    DAY = "DAY"
    NOT = "NOT"
    AND = "AND"
    OR = "OR"
    XOR = "XOR"


ROLE_TOPICS = (Topic.ESTIMATE, Topic.COMINGOUT)
RESULT_TOPICS = (Topic.DIVINED, Topic.IDENTIFIED)
TARGET_TOPICS = (Topic.ATTACK, Topic.ATTACKED, Topic.DIVINATION, Topic.GUARD, Topic.GUARDED, Topic.VOTE, Topic.VOTED)
TALK_TOPICS = (Topic.AGREE, Topic.DISAGREE)
ARITY = {Operator.BECAUSE: 2, Operator.XOR: 2, Operator.NOT: 1, Operator.DAY: 1, Operator.REQUEST: 1,
         Operator.INQUIRE: 1}
"""How many nested sentences an operator takes (AND, OR: one or more)."""

# The official patterns (Content.java), with Python's [A-Z] for Java's \p{Upper}.
_AGENT = r"\s+(Agent\[\d+\]|ANY)"
_SUBJECT = r"^(Agent\[\d+\]|ANY|)\s*"
_TALK = r"\s+([A-Z]+)\s+day(\d+)\s+ID:(\d+)"
_WORD = r"\s+([A-Z]+)"
_PAREN = r"(\(.*\))"
_AGREE = re.compile(_SUBJECT + r"(AGREE|DISAGREE)" + _TALK + r"$")
_ESTIMATE = re.compile(_SUBJECT + r"(ESTIMATE|COMINGOUT)" + _AGENT + _WORD + r"$")
_DIVINED = re.compile(_SUBJECT + r"(DIVINED|IDENTIFIED)" + _AGENT + _WORD + r"$")
_TARGET = re.compile(_SUBJECT + r"(ATTACK|ATTACKED|DIVINATION|GUARD|GUARDED|VOTE|VOTED)" + _AGENT + r"$")
_REQUEST = re.compile(_SUBJECT + r"(REQUEST|INQUIRE)" + _AGENT + r"\s+" + _PAREN + r"$")
_BECAUSE = re.compile(_SUBJECT + r"(BECAUSE|AND|OR|XOR|NOT|REQUEST)\s+" + _PAREN + r"$")
_DAY = re.compile(_SUBJECT + r"DAY\s+(\d+)\s+" + _PAREN + r"$")
_AGENT_NAME = re.compile(r"Agent\[(\d+)\]")
_STRIP = re.compile(r"^(Agent\[\d+\]|ANY|)\s*([A-Z]+)(.*)$")


def agent(index: int) -> str:
    """An agent index as the protocol writes it.

    >>> agent(3), agent(12), agent(ANY)
    ('Agent[03]', 'Agent[12]', 'ANY')
    """
    return "ANY" if index == ANY else f"Agent[{index:02d}]"


def agent_index(text: str) -> int:
    """The index of ``Agent[NN]`` (``ANY``: 0).

    Raises:
        ProtocolError: not an agent.
    """
    if text == "ANY":
        return ANY
    m = _AGENT_NAME.fullmatch(text)
    if m is None:
        raise ProtocolError(f"not an agent: {quote(text)} (say Agent[NN] or ANY)")
    return int(m.group(1))


@dataclass(frozen=True)
class Content:
    """One sentence of the protocol language. Agents are indices (``ANY`` is 0, None: unspecified).

    Fields used by each topic: ``target`` and ``role`` (ESTIMATE, COMINGOUT), ``target`` and
    ``species`` (DIVINED, IDENTIFIED), ``target`` (ATTACK … VOTED), ``talk_type``, ``talk_day`` and
    ``talk_id`` (AGREE, DISAGREE), ``operator`` with ``contents`` and ``target`` (REQUEST, INQUIRE)
    or ``day`` (DAY).
    """

    topic: Topic
    subject: int | None = None
    target: int | None = None
    role: str | None = None
    species: str | None = None
    talk_type: str | None = None
    talk_day: int | None = None
    talk_id: int | None = None
    operator: Operator | None = None
    day: int | None = None
    contents: tuple[Content, ...] = ()

    # ---------------------------------------------------------------- reading

    @classmethod
    def parse(cls, text: str) -> Content:
        """Read a sentence (surrounding spaces ignored), nested ones completed as the official library does.

        Raises:
            ProtocolError: not a sentence of the language (the message says which part).
        """
        if not isinstance(text, str):
            raise ProtocolError(f"a sentence is a string, not {quote(text)}")
        return _parse(text, 0)

    @classmethod
    def skip(cls) -> Content:
        return cls(Topic.SKIP)

    @classmethod
    def over(cls) -> Content:
        return cls(Topic.OVER)

    # ---------------------------------------------------------------- writing

    def __str__(self) -> str:
        """The canonical text (AIWolf's ``Content.getText()``)."""
        topic = self.topic
        if topic is Topic.SKIP:
            return SKIP
        if topic is Topic.OVER:
            return OVER
        head = "" if self.subject is None else agent(self.subject) + " "
        if topic in TALK_TOPICS:
            return f"{head}{topic.value} {self.talk_type} day{self.talk_day} ID:{self.talk_id}"
        assert topic is Topic.OPERATOR or self.target is not None
        if topic in ROLE_TOPICS:
            return f"{head}{topic.value} {agent(self.target or 0)} {self.role}"
        if topic in RESULT_TOPICS:
            return f"{head}{topic.value} {agent(self.target or 0)} {self.species}"
        if topic in TARGET_TOPICS:
            return f"{head}{topic.value} {agent(self.target or 0)}"
        op = self.operator
        assert op is not None
        if op in (Operator.REQUEST, Operator.INQUIRE):
            return f"{head}{op.value} {agent(self.target or 0)} ({self._inner(0, self.target)})"
        if op is Operator.DAY:
            return f"{head}DAY {self.day} ({self._inner(0, self.subject)})"
        count = len(self.contents) if op in (Operator.AND, Operator.OR) else ARITY[op]
        return f"{head}{op.value} " + " ".join(f"({self._inner(i, self.subject)})" for i in range(count))

    def _inner(self, i: int, implied: int | None) -> str:
        inner = self.contents[i]
        return strip_subject(str(inner)) if inner.subject == implied else str(inner)

    def __post_init__(self) -> None:
        """Nested sentences without a subject take the operator's target (REQUEST, INQUIRE) or, if it
        has one, its subject — as the official constructor does (``completeInnerSubject``)."""
        if not self.contents:
            return
        implied = self.target if self.operator in (Operator.REQUEST, Operator.INQUIRE) else self.subject
        if implied is not None and any(c.subject is None for c in self.contents):
            object.__setattr__(self, "contents", tuple(replace(c, subject=implied) if c.subject is None else c
                                                       for c in self.contents))


def strip_subject(text: str) -> str:
    """A sentence's text without its subject (``stripSubject``)."""
    m = _STRIP.match(text)
    return m.group(2) + m.group(3) if m else text


def validate(text: str) -> bool:
    """Whether ``text`` is a sentence (``Content.validate``: the server turns any other utterance into ``Skip``)."""
    try:
        Content.parse(text)
    except ProtocolError:
        return False
    return True


def _subject(text: str) -> int | None:
    return None if text == "" else agent_index(text)


def _parse(text: str, depth: int) -> Content:
    if depth > 32:
        raise ProtocolError("sentences nest at most 32 deep")
    s = text.strip()
    if s == SKIP:
        return Content(Topic.SKIP)
    if s == OVER:
        return Content(Topic.OVER)
    if m := _AGREE.match(s):
        if m.group(3) not in ("TALK", "WHISPER"):
            raise ProtocolError(f"{m.group(2)} is about a TALK or a WHISPER, not {quote(m.group(3))}")
        return Content(Topic(m.group(2)), _subject(m.group(1)), talk_type=m.group(3), talk_day=int(m.group(4)),
                       talk_id=int(m.group(5)))
    if m := _ESTIMATE.match(s):
        if m.group(4) not in ROLES:
            raise ProtocolError(f"unknown role {quote(m.group(4))}: the roles are {', '.join(ROLES)}")
        return Content(Topic(m.group(2)), _subject(m.group(1)), agent_index(m.group(3)), role=m.group(4))
    if m := _DIVINED.match(s):
        if m.group(4) not in SPECIES:
            raise ProtocolError(f"unknown species {quote(m.group(4))}: say {', '.join(SPECIES)}")
        return Content(Topic(m.group(2)), _subject(m.group(1)), agent_index(m.group(3)), species=m.group(4))
    if m := _TARGET.match(s):
        return Content(Topic(m.group(2)), _subject(m.group(1)), agent_index(m.group(3)))
    if m := _REQUEST.match(s):
        op = Operator(m.group(2))
        return Content(Topic.OPERATOR, _subject(m.group(1)), agent_index(m.group(3)), operator=op,
                       contents=_nested(m.group(4), op, depth))
    if m := _BECAUSE.match(s):
        op = Operator(m.group(2))
        contents = _nested(m.group(3), op, depth)
        target = None
        if op is Operator.REQUEST:  # REQUEST (S): the target is the nested subject, or ANY
            target = ANY if contents[0].subject is None else contents[0].subject
        return Content(Topic.OPERATOR, _subject(m.group(1)), target, operator=op, contents=contents)
    if m := _DAY.match(s):
        return Content(Topic.OPERATOR, _subject(m.group(1)), operator=Operator.DAY, day=int(m.group(2)),
                       contents=_nested(m.group(3), Operator.DAY, depth))
    raise ProtocolError(f"not a sentence of the protocol: {quote(s, 60)} (e.g. COMINGOUT Agent[01] SEER, "
                        "VOTE Agent[02], Skip, Over)")


def _nested(text: str, op: Operator, depth: int) -> tuple[Content, ...]:
    parts = _parenthesised(text)
    need = ARITY.get(op, 1)
    if len(parts) < need:
        raise ProtocolError(f"{op.value} takes {need} sentence{'s' if need > 1 else ''} in parentheses, "
                            f"not {len(parts)}")
    if op in ARITY:
        parts = parts[:need]  # as the official library, which reads the first ones
    return tuple(_parse(p, depth + 1) for p in parts)


def _parenthesised(text: str) -> list[str]:
    """The top-level parenthesised parts of ``text`` (``getContentStrings``)."""
    parts, level, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            if level == 0:
                start = i
            level += 1
        elif ch == ")":
            level -= 1
            if level == 0:
                parts.append(text[start + 1:i])
            elif level < 0:
                raise ProtocolError("unbalanced parentheses")
    if level != 0:
        raise ProtocolError("unbalanced parentheses")
    return parts


def sentences(contents: Sequence[Content]) -> list[str]:
    """The canonical texts of several sentences."""
    return [str(c) for c in contents]


__all__ = ["ANY", "OVER", "ROLES", "SKIP", "SPECIES", "Content", "Operator", "ProtocolError", "Topic", "agent",
           "agent_index", "strip_subject", "validate"]
