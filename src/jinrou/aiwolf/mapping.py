"""AIWolf's roles and sentences ↔ jinrou's roles and claims (:mod:`jinrou.classic.claims`), both ways.

The protocol names eight roles; jinrou's catalog holds each of them (村人 ``Human``, 占い師
``Diviner``, 霊能者 ``Psychic``, 狩人 ``Guard``, 共有者 ``Couple``, 人狼 ``Werewolf``, 狂人
``Madman``, 妖狐 ``Fox``). Agents are numbered from 1 in seat order: seat ``s`` is ``Agent[s+1]``.

A sentence becomes a claim when it says what a claim says, about its speaker:

* ``COMINGOUT Agent[me] ROLE`` ↔ ``CO role``;
* ``DIVINED Agent[t] HUMAN|WEREWOLF`` ↔ ``DIVINED t human|werewolf``; ``IDENTIFIED`` likewise;
* ``VOTE Agent[t]`` ↔ ``VOTE t``;
* ``ESTIMATE Agent[t] WEREWOLF`` ↔ ``ESTIMATE t werewolf``, ``ESTIMATE Agent[t] VILLAGER`` ↔
  ``ESTIMATE t human``.

Anything else (another subject, ``ESTIMATE … SEER``, ``AGREE`` …) has no claim: it stays a protocol
line of the chat. An utterance asserts the sentences nested in ``AND``, ``BECAUSE`` and ``DAY``
(:func:`claims_of`: the official sample seer reports ``DAY 1 (DIVINED Agent[03] WEREWOLF)``); the
other operators (``OR``, ``XOR``, ``NOT``, ``REQUEST``, ``INQUIRE``) assert nothing. A claim the protocol cannot say (a ``pumpkin`` divination, a role it
does not know) has no sentence.

>>> claim_of(Content.parse("COMINGOUT Agent[02] SEER"), 1)
Claim(kind=<ClaimKind.COMINGOUT: 'CO'>, target=None, role='Diviner', result=None)
>>> str(sentence_of(Claim(ClaimKind.DIVINED, target=4, result="werewolf"), 0))
'DIVINED Agent[05] WEREWOLF'
"""

from __future__ import annotations

from types import MappingProxyType

from jinrou.aiwolf.language import ANY, Content, Operator, Topic
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.model import Seat

JINROU_ROLE = MappingProxyType({
    "VILLAGER": "Human", "SEER": "Diviner", "MEDIUM": "Psychic", "BODYGUARD": "Guard", "FREEMASON": "Couple",
    "WEREWOLF": "Werewolf", "POSSESSED": "Madman", "FOX": "Fox",
})
"""Each AIWolf role's jinrou role id."""
AIWOLF_ROLE = MappingProxyType({v: k for k, v in JINROU_ROLE.items()})
"""Each protocol role's AIWolf name, by jinrou role id."""
WOLF_ROLES = frozenset({"WEREWOLF"})
"""AIWolf's roles of the werewolf species (the others are HUMAN)."""


def seat_of(index: int) -> Seat:
    """The seat of ``Agent[index]``."""
    return index - 1


def index_of(seat: Seat) -> int:
    """The agent index of ``seat``."""
    return seat + 1


def species(role: str) -> str:
    """An AIWolf role's species (``HUMAN``/``WEREWOLF``)."""
    return "WEREWOLF" if role in WOLF_ROLES else "HUMAN"


def claim_of(content: Content, speaker: Seat) -> Claim | None:
    """The claim a sentence said by ``speaker`` makes, or None (see the module docstring)."""
    if content.subject not in (None, index_of(speaker)) or content.target in (None, ANY):
        return None
    target = seat_of(content.target)
    topic = content.topic
    if topic is Topic.COMINGOUT:
        role = JINROU_ROLE.get(content.role or "")
        return Claim(ClaimKind.COMINGOUT, role=role) if role and target == speaker else None
    if topic in (Topic.DIVINED, Topic.IDENTIFIED) and content.species in ("HUMAN", "WEREWOLF"):
        kind = ClaimKind.DIVINED if topic is Topic.DIVINED else ClaimKind.IDENTIFIED
        return Claim(kind, target=target, result=(content.species or "").lower())
    if topic is Topic.VOTE:
        return Claim(ClaimKind.VOTE, target=target)
    if topic is Topic.ESTIMATE and content.role in ("WEREWOLF", "VILLAGER"):
        return Claim(ClaimKind.ESTIMATE, target=target, result="werewolf" if content.role == "WEREWOLF" else "human")
    return None


ASSERTING = (Operator.AND, Operator.BECAUSE, Operator.DAY)
"""The operators whose nested sentences the speaker asserts (a reason and its conclusion, the parts of
a conjunction, what happened on a day); ``OR``, ``XOR``, ``NOT``, ``REQUEST`` and ``INQUIRE`` assert none."""


def claims_of(content: Content, speaker: Seat) -> list[Claim]:
    """Every claim an utterance makes: its own (:func:`claim_of`), or those of the sentences it asserts
    (``AND``, ``BECAUSE``, ``DAY``, nested to any depth), in order, each once.

    >>> [c.kind.value for c in claims_of(Content.parse("BECAUSE (DAY 1 (DIVINED Agent[03] WEREWOLF)) "
    ...                                                "(AND (VOTE Agent[03]) (REQUEST ANY (VOTE Agent[03])))"), 0)]
    ['DIVINED', 'VOTE']
    """
    if content.topic is not Topic.OPERATOR:
        claim = claim_of(content, speaker)
        return [] if claim is None else [claim]
    if content.operator not in ASSERTING or content.subject not in (None, index_of(speaker)):
        return []
    found: list[Claim] = []
    for inner in content.contents:
        for claim in claims_of(inner, speaker):
            if claim not in found:
                found.append(claim)
    return found


def sentence_of(claim: Claim, speaker: Seat) -> Content | None:
    """The sentence ``speaker`` says for ``claim`` (no subject, as agents usually write), or None."""
    kind = claim.kind
    if kind is ClaimKind.COMINGOUT:
        role = AIWOLF_ROLE.get(claim.role or "")
        return Content(Topic.COMINGOUT, target=index_of(speaker), role=role) if role else None
    assert claim.target is not None
    target = index_of(claim.target)
    if kind in (ClaimKind.DIVINED, ClaimKind.IDENTIFIED):
        if claim.result not in ("human", "werewolf"):
            return None
        topic = Topic.DIVINED if kind is ClaimKind.DIVINED else Topic.IDENTIFIED
        return Content(topic, target=target, species=(claim.result or "").upper())
    if kind is ClaimKind.VOTE:
        return Content(Topic.VOTE, target=target)
    return Content(Topic.ESTIMATE, target=target, role="WEREWOLF" if claim.result == "werewolf" else "VILLAGER")


__all__ = ["AIWOLF_ROLE", "JINROU_ROLE", "claim_of", "claims_of", "index_of", "seat_of", "sentence_of", "species"]
