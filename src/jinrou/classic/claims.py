"""Structured claims: what players say in the day chat, in a small language bots and people share.

In the spirit of the AIWolf protocol, a claim is one of

* ``CO role`` — come out as a role (``COMINGOUT``);
* ``DIVINED target human|werewolf|pumpkin|oni`` — report a divination (``DIVINED``; 「かぼちゃ」, W.1.5; 「鬼」,
  T.1.10);
* ``IDENTIFIED target human|werewolf|oni`` — report a psychic result (``IDENTIFIED``);
* ``VOTE target`` — say whom one will vote for (``VOTE``);
* ``ESTIMATE target werewolf|human`` — say whom one suspects or trusts (``ESTIMATE``).

Claims are public and may be false: wolves and madmen lie. A claim renders in Japanese and English
and parses back from its notation.

>>> c = Claim.parse("DIVINED C werewolf", ["A", "B", "C"])
>>> c, c.render(["A", "B", "C"], "ja"), c.render(["A", "B", "C"], "en")
(Claim(kind=<ClaimKind.DIVINED: 'DIVINED'>, target=2, role=None, result='werewolf'), '占い結果: Cは人狼', 'I divined C: werewolf.')

A record keeps a claim's notation, its role by id; people read it with the role's one name:

>>> co = Claim.parse("CO seer", ["A"])
>>> co.notation(["A"]), co.shown(["A"]), co.render(["A"], "en"), co.render(["A"], "ja")
('CO Diviner', 'CO Seer', 'I am the Seer.', '占い師CO')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from jinrou.classic.catalog import UnknownRoleError
from jinrou.classic.naming import by_name
from jinrou.classic.texts import result_name, role_name
from jinrou.errors import JinrouError

RESULTS = ("human", "werewolf")
DIVINED_RESULTS = (*RESULTS, "pumpkin", "oni")  # かぼちゃ魔's costume reads 「かぼちゃ」 (W.1.5), the 鬼 kinds 「鬼」
IDENTIFIED_RESULTS = (*RESULTS, "oni")  # the 鬼 kinds read 「鬼」 to the medium too (T.1.10)
FORMS = ("CO ROLE", "DIVINED PLAYER human|werewolf|pumpkin|oni", "IDENTIFIED PLAYER human|werewolf|oni", "VOTE PLAYER",
         "ESTIMATE PLAYER human|werewolf")
"""Every claim's notation, one per kind (the terminal's help lists them)."""
QUOTED = 20
"""How many characters of a bad input an error message quotes."""


class ClaimError(JinrouError):
    """A claim that cannot be read or said now."""


def results_of(kind: ClaimKind) -> tuple[str, ...]:
    """The results a claim of ``kind`` may report: a divination's, a psychic result's, or an estimate's."""
    return DIVINED_RESULTS if kind is ClaimKind.DIVINED else IDENTIFIED_RESULTS if kind is ClaimKind.IDENTIFIED \
        else RESULTS


def quote(value: object, limit: int = QUOTED) -> str:
    """A bad input as an error message quotes it: its ``repr``, of at most its first ``limit``
    characters (a name, a role, a result sent by anybody may be long).

    >>> quote("Ann"), quote("x" * 30)
    ("'Ann'", "'xxxxxxxxxxxxxxxxxxxx'…")
    """
    if isinstance(value, str):
        return repr(value[:limit]) + ("…" if len(value) > limit else "")
    text = repr(value)
    return text[:limit] + ("…" if len(text) > limit else "")


class ClaimKind(enum.Enum):
    COMINGOUT = "CO"
    DIVINED = "DIVINED"
    IDENTIFIED = "IDENTIFIED"
    VOTE = "VOTE"
    ESTIMATE = "ESTIMATE"


@dataclass(frozen=True)
class Claim:
    """A claim: ``kind`` with a ``target`` seat, a ``role`` id (CO) or a ``result``."""

    kind: ClaimKind
    target: int | None = None
    role: str | None = None
    result: str | None = None

    @classmethod
    def parse(cls, text: str, names: Sequence[str]) -> Claim:
        """Read a claim's notation (case-insensitive words; players by name; a role by its id, English
        or Japanese name, :func:`~jinrou.classic.naming.by_name`).

        Raises:
            ClaimError: the text is not a claim (the message lists the forms).
        """
        words = text.split()
        forms = ", ".join(FORMS)
        if not words:
            raise ClaimError(f"empty claim: say one of {forms}")
        head = words[0].upper()
        kind = {"CO": ClaimKind.COMINGOUT, "COMINGOUT": ClaimKind.COMINGOUT}.get(head) or next(
            (k for k in ClaimKind if k.value == head), None)
        if kind is None:
            raise ClaimError(f"unknown claim {quote(words[0])}: say one of {forms}")
        if kind is ClaimKind.COMINGOUT:
            role = text.strip()[len(words[0]):].strip()  # a name may have spaces: CO Wolf Cub
            if not role:
                raise ClaimError("a coming out names one role: CO ROLE (e.g. CO Seer, CO Diviner, CO 占い師)")
            try:
                return cls(kind, role=by_name(role).id)
            except UnknownRoleError:
                raise ClaimError(f"unknown role {quote(role)}: give its id (Diviner), English name (Seer) or "
                                 "Japanese name (占い師)") from None
        # a player's name may hold spaces ("Bot Alice"): it is everything between the word and the result
        rest = text.strip()[len(words[0]):].strip()
        name, result = (rest, "") if kind is ClaimKind.VOTE else (rest[:-len(words[-1])].strip(), words[-1])
        if not name or (kind is not ClaimKind.VOTE and len(words) < 3):
            raise ClaimError(f"{kind.value} takes {'a player' if kind is ClaimKind.VOTE else 'a player and ' + '|'.join(results_of(kind))}")
        folded = [n.casefold() for n in names]
        if name.casefold() not in folded:
            raise ClaimError(f"no player {quote(name)}: the players are {', '.join(names)}")
        target = folded.index(name.casefold())
        if kind is ClaimKind.VOTE:
            return cls(kind, target=target)
        allowed = results_of(kind)
        if result.lower() not in allowed:
            raise ClaimError(f"the result must be {' or '.join(allowed)}, not {quote(result)}")
        result = result.lower()
        return cls(kind, target=target, result=result)

    def notation(self, names: Sequence[str]) -> str:
        if self.kind is ClaimKind.COMINGOUT:
            return f"CO {self.role}"
        assert self.target is not None
        tail = f" {self.result}" if self.result else ""
        return f"{self.kind.value} {names[self.target]}{tail}"

    def shown(self, names: Sequence[str], lang: str = "en") -> str:
        """The notation as people read it: a role by its name in ``lang`` (``CO Seer``), which
        :meth:`parse` reads back as it reads the id the record keeps (``CO Diviner``)."""
        if self.kind is ClaimKind.COMINGOUT:
            assert self.role is not None
            return f"CO {role_name(self.role, lang)}"
        return self.notation(names)

    def render(self, names: Sequence[str], lang: str = "ja") -> str:
        """The claim as a chat line in ``lang``."""
        target = names[self.target] if self.target is not None else ""
        result = result_name(self.result, lang) if self.result else ""
        if self.kind is ClaimKind.COMINGOUT:
            assert self.role is not None
            return f"{role_name(self.role, lang)}CO" if lang == "ja" else f"I am the {role_name(self.role, lang)}."
        if lang == "ja":
            return {
                ClaimKind.DIVINED: f"占い結果: {target}は{result}",
                ClaimKind.IDENTIFIED: f"霊能結果: {target}は{result}",
                ClaimKind.VOTE: f"{target}に投票します",
                ClaimKind.ESTIMATE: f"{target}は{result}だと思う",
            }[self.kind]
        return {
            ClaimKind.DIVINED: f"I divined {target}: {result}.",
            ClaimKind.IDENTIFIED: f"Psychic result: {target} was {result}.",
            ClaimKind.VOTE: f"I will vote for {target}.",
            ClaimKind.ESTIMATE: f"I think {target} is {'a werewolf' if self.result == 'werewolf' else 'human'}.",
        }[self.kind]
