"""What an action is: its verb, the parameters the verb takes, and one codec for its text and JSON.

A **verb** (:class:`Verb`) is the word the record writes (``divine``, ``kit``, ``steal`` …) with the
parameters every action of that verb carries (:class:`Param`: a role id, or a choice among declared
words). Verbs are not a closed list: an ability declares its own with :meth:`Verb.declare` (the
engine's own — ``attack``, ``shoot`` — and those of the first roles are declared here as constants;
a role's own beside it: 商人's ``kit`` in ``roles/village.py``); declaring a verb twice with other
parameters is an error, so one verb reads alike for every role that has it.

An **action** (:class:`Action`) is one use: who, which verb, the seats, the parameter values. One
codec serves the record, the online mode, the terminal, the bots and the tests:

* text — ``divine B``, ``pair B C``, ``kit C Guard``, ``steal Human``, ``gacha premium``: the verb,
  the seats by name (a name may hold spaces; a number is the seat's place in the table, from 1),
  then the parameters' values in their declared order; with the actor first when it is not known
  (``A divine B``): :meth:`Action.parse` ↔ :meth:`Action.notation`;
* JSON — ``{"player", "action", "target" | "targets", <param key>: value …}`` as the record writes it
  (``"kit": "Guard"``, ``"role": "Human"``, ``"kind": "premium"``): :meth:`Action.from_json` ↔
  :meth:`Action.to_json`.

This module is the bottom of the classic vocabulary: it imports nothing of the engine (what an
ability is — when it is open, its hooks — is :mod:`jinrou.classic.abilities`, above it).

>>> import jinrou.classic.roles  # declares 商人's kit
>>> names = ["A", "B", "C"]
>>> a = Action.parse("A kit C Guard", names)
>>> a, a.notation(names), a.to_json(names)
(Action(seat=0, verb=Verb('kit'), targets=(2,), params=('Guard',)), 'A kit C Guard', {'player': 'A', 'action': 'kit', 'target': 'C', 'kit': 'Guard'})
>>> Action.from_json(a.to_json(names), names) == a
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from jinrou.digits import whole_number
from jinrou.errors import NotationError
from jinrou.players import Seat


class ParamKind(enum.Enum):
    """What a parameter's value is."""

    ROLE = "role"  # a role id (盗人's steal, 商人's kit); the ability says which are allowed now
    CHOICE = "choice"  # one of the declared words (課金者's gacha kind)
    TEXT = "text"  # free text of 1 to ``limit`` characters (歌人's poem); the last of its verb's parameters


@dataclass(frozen=True)
class Param:
    """A typed parameter of a verb: its JSON key (also its name), its kind and, for a choice, the
    words allowed (for a role id: the ids allowed whatever the state, or none: any declared role)."""

    key: str
    kind: ParamKind
    values: tuple[str, ...] = ()
    names: tuple[tuple[str, str], ...] = ()  # a choice's words for players, (Japanese, English), as ``values``
    limit: int = 0  # a text's most characters
    sample: str = ""  # a text a uniform choice writes (a bot without a policy, a room's fallback)

    def to_json(self) -> dict[str, Any]:
        out = {"key": self.key, "kind": self.kind.value, "values": list(self.values)}
        return {**out, "limit": self.limit} if self.kind is ParamKind.TEXT else out

    def allows(self, value: object, allowed: Sequence[str]) -> bool:
        """Whether ``value`` is one of ``allowed`` (the values allowed now) — for a text, a string of 1 to
        :attr:`limit` characters."""
        if self.kind is ParamKind.TEXT:
            return isinstance(value, str) and 1 <= len(value) <= self.limit
        return value in allowed

    def example(self, allowed: Sequence[str]) -> str:
        """The first value allowed, or a text's sample."""
        return self.sample if self.kind is ParamKind.TEXT else allowed[0]

    def name(self, value: str, lang: str) -> str:
        """A choice's word as players read it in ``lang`` (``ja``/``en``): its declared name, or itself."""
        if value in self.values and self.names:
            return self.names[self.values.index(value)][0 if lang == "ja" else 1]
        return value


class _Vocabulary(type):
    """The type of an open vocabulary's words: iterating the class gives every declared word, in
    declaration order (as an enum's would)."""

    def __iter__(cls) -> Iterator[Any]:
        return iter(cls.__dict__["_declared"].values())

    def __len__(cls) -> int:
        return len(cls.__dict__["_declared"])


class Word(metaclass=_Vocabulary):
    """A word of an open vocabulary (a verb, a cause of death): declared once — by the rules, or beside
    the role that uses it — then the same object wherever it is named, copied or unpickled (a server
    snapshot); immutable. A subclass keeps its words in its own ``_declared`` and says in ``__new__``
    what an undeclared word is refused with."""

    __slots__ = ()
    _declared: ClassVar[dict[str, Any]]
    value: str

    @classmethod
    def _intern(cls, **fields: object) -> Any:
        """A new word with these fields, declared under its ``value``."""
        word = object.__new__(cls)
        for name, given in fields.items():
            object.__setattr__(word, name, given)
        cls._declared[word.value] = word
        return word

    @classmethod
    def forget(cls, value: str) -> None:
        """Remove a declared word (a test's own role's, when the test ends)."""
        cls._declared.pop(value, None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__.lower()} is immutable")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.value!r})"

    def __str__(self) -> str:
        return self.value

    def __reduce__(self) -> tuple[type[Word], tuple[str]]:
        return type(self), (self.value,)  # unpickled, it is the declared word

    def __copy__(self) -> Word:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Word:
        return self


class _Verbs(_Vocabulary):
    """Verb's type: besides iterating, a declared verb is its attribute by its word in capitals
    wherever it is declared (``Verb.KIT``: 商人's)."""

    def __getattr__(cls, name: str) -> Verb:
        verb = cls.__dict__.get("_declared", {}).get(name.lower()) if name.isupper() else None
        if verb is None:
            raise AttributeError(f"type object 'Verb' has no attribute {name!r}")
        return verb


class Verb(Word, metaclass=_Verbs):
    """An action's verb as the record writes it, with the parameters its actions carry.

    Verbs are interned: ``Verb("divine") is Verb.DIVINE``; :meth:`declare` adds one; ``list(Verb)``
    gives every declared verb in declaration order. ``Verb(word)``
    of an undeclared word raises :class:`ValueError` listing the verbs (as an enum would)."""

    __slots__ = ("label", "params", "value")
    _declared: ClassVar[dict[str, Verb]] = {}

    value: str
    params: tuple[Param, ...]
    label: tuple[str, str] | None  # its name in Japanese and English, for players

    ATTACK: ClassVar[Verb]
    DIVINE: ClassVar[Verb]
    GUARD: ClassVar[Verb]
    PAIR: ClassVar[Verb]
    REVIVE: ClassVar[Verb]
    PROTECT: ClassVar[Verb]
    HIDE: ClassVar[Verb]
    LEAVE: ClassVar[Verb]
    BITE: ClassVar[Verb]
    SHOOT: ClassVar[Verb]

    def __new__(cls, value: str) -> Verb:  # noqa: PYI034 — the declared verb, never a new one
        verb = cls._declared.get(value) if isinstance(value, str) else None
        if verb is None:
            raise ValueError(f"unknown action {_quote(value)}: the actions are {', '.join(cls._declared)}")
        return verb

    @classmethod
    def declare(cls, value: str, *params: Param, label: tuple[str, str] | None = None) -> Verb:
        """The verb ``value`` taking ``params`` (declared now, or the same one declared before);
        ``label``: its name in Japanese and English, for players."""
        known = cls._declared.get(value)
        if known is not None:
            if known.params != params:
                raise ValueError(f"verb {value!r} is declared twice with different parameters")
            return known
        if not value or not value.isascii() or not value.replace("_", "").isalnum() or value != value.lower():
            raise ValueError(f"a verb is one lower-case word, not {value!r}")
        verb: Verb = cls._intern(value=value, params=params, label=label)
        return verb

    def param(self, key: str) -> Param | None:
        return next((p for p in self.params if p.key == key), None)


Verb.ATTACK = Verb.declare("attack", label=("襲撃", "attack"))
Verb.DIVINE = Verb.declare("divine", label=("占う", "divine"))
Verb.GUARD = Verb.declare("guard", label=("護衛", "guard"))
Verb.PAIR = Verb.declare("pair", label=("恋人にする", "make lovers"))
Verb.REVIVE = Verb.declare("revive", label=("蘇生", "revive"))
Verb.PROTECT = Verb.declare("protect", label=("加護", "bless"))
Verb.HIDE = Verb.declare("hide", label=("逃亡", "hide"))
Verb.LEAVE = Verb.declare("leave", label=("村を去る", "leave the village"))
Verb.BITE = Verb.declare("bite", label=("吸血", "bite"))
Verb.SHOOT = Verb.declare("shoot", label=("銃撃", "shoot"))

RESERVED = frozenset({"player", "action", "target", "targets", "draws"})
"""The keys of an action's JSON that are not parameters (``draws``: the outcomes its submission drew,
written by the record beside the action)."""


@dataclass(frozen=True)
class Action:
    """``seat`` does ``verb`` to ``targets`` (none for 失踪, two for キューピッド) with ``params``:
    the values of the verb's parameters, in their declared order (a 商人's kit: ``("Guard",)``)."""

    seat: Seat
    verb: Verb
    targets: tuple[Seat, ...] = ()
    params: tuple[str, ...] = ()

    @property
    def target(self) -> Seat | None:
        return self.targets[0] if self.targets else None

    def param(self, key: str) -> str | None:
        """The value of the parameter ``key`` (None: the verb has none, or it is missing)."""
        for param, value in zip(self.verb.params, self.params, strict=False):
            if param.key == key:
                return value
        return None

    @property
    def kit(self) -> str | None:
        """A 商人's kit: the value of its ``kit`` parameter (a role id)."""
        return self.param("kit")

    # -------------------------------------------------------------- text

    @classmethod
    def parse(cls, text: str, names: Sequence[str], seat: Seat | None = None) -> Action:
        """Read an action's notation (see the module docstring): ``VERB SEAT… VALUE…``, after the
        actor's name unless ``seat`` gives it. A seat is a player's name (any case) or its number
        in the table (1 for the first seat).

        Raises:
            NotationError: the text is no action (the message says what is allowed).
        """
        quoted, bare = _quoted(text)
        words = bare.split()
        if seat is None:
            seat, words = _take_name(words, names, text)
        if not words:
            raise NotationError(f"no action in {_quote(text)}: say VERB and its targets (e.g. divine B)")
        try:
            verb = Verb(words[0].lower())
        except ValueError as error:
            raise NotationError(str(error)) from None
        want = len(verb.params)
        texted = bool(verb.params) and verb.params[-1].kind is ParamKind.TEXT
        if texted:  # the text is the quoted part, the other values the last words before it
            if quoted is None:
                raise NotationError(f"{verb.value} takes {_shape(verb)}")
            want -= 1
        if len(words) - 1 < want:
            raise NotationError(f"{verb.value} takes {_shape(verb)}")
        values = tuple(words[len(words) - want:]) + ((quoted,) if texted and quoted is not None else ())
        for param, value in zip(verb.params, values, strict=True):
            if param.kind is ParamKind.TEXT and not param.allows(value, ()):
                raise NotationError(f"the {param.key} of {verb.value} is a text of 1–{param.limit} characters, "
                                    f"not {len(value)}")
            if param.kind is ParamKind.CHOICE and value not in param.values:
                raise NotationError(f"the {param.key} of {verb.value} is one of {', '.join(param.values)}, "
                                    f"not {_quote(value)}")
        return cls(seat, verb, _names_to_seats(words[1:len(words) - want], names), values)

    def notation(self, names: Sequence[str], actor: bool = True) -> str:
        """The action's text: ``A divine B`` (without the actor's name: ``divine B``)."""
        words = [names[self.seat]] if actor else []
        words += [self.verb.value, *(names[t] for t in self.targets),
                  *(f'"{v}"' if p.kind is ParamKind.TEXT else v for p, v in zip(self.verb.params, self.params, strict=False))]
        return " ".join(words)

    def __str__(self) -> str:
        """The notation with seats as their numbers in the table (from 1): ``1 divine 2``."""
        return self.notation([str(s + 1) for s in range(max((self.seat, *self.targets)) + 1)])

    # -------------------------------------------------------------- JSON

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """``{"player", "action", "target" | "targets", <param key>: value …}``, as the record has it."""
        out: dict[str, Any] = {"player": names[self.seat], "action": self.verb.value}
        if len(self.targets) == 1:
            out["target"] = names[self.targets[0]]
        elif self.targets:
            out["targets"] = [names[t] for t in self.targets]
        for param, value in zip(self.verb.params, self.params, strict=False):
            out[param.key] = value
        return out

    @classmethod
    def from_json(cls, data: Any, names: Sequence[str], seat: Seat | None = None) -> Action:
        """An action from its JSON (``seat``: the actor, when ``"player"`` is not given). Keys that
        are neither the action's nor its verb's parameters are ignored; a missing parameter is left
        out (the engine refuses it, naming what is allowed).

        Raises:
            NotationError: not an action object, an unknown verb or player, a value of the wrong type.
        """
        forms = 'an action is {"player": NAME, "action": VERB, "target": NAME}'
        if not isinstance(data, Mapping) or not isinstance(data.get("action"), str):
            raise NotationError(forms)
        if seat is None:
            if not isinstance(data.get("player"), str):
                raise NotationError(forms)
            seat = _seat(data["player"], names)
        try:
            verb = Verb(data["action"])
        except ValueError as error:
            raise NotationError(str(error)) from None
        if "targets" in data:
            if not isinstance(data["targets"], list):
                raise NotationError("targets must be a list of names")
            targets = tuple(_seat(t, names) for t in data["targets"])
        elif "target" in data and data["target"] is not None:
            targets = (_seat(data["target"], names),)
        else:
            targets = ()
        values = []
        for param in verb.params:
            value = data.get(param.key)
            if value is None:
                break
            if not isinstance(value, str):
                allowed = ", ".join(param.values) if param.values else "a text" if param.kind is ParamKind.TEXT else "a role id"
                raise NotationError(f"the {param.key} of {verb.value} is {allowed}, not {_quote(value)}")
            values.append(value)
        return cls(seat, verb, targets, tuple(values))


# ---------------------------------------------------------------------- helpers


def _quote(value: object, limit: int = 20) -> str:
    """A bad input as a message quotes it (as :func:`jinrou.classic.claims.quote`; not imported from
    there, which would put this module in an import circle through the catalog)."""
    text = value if isinstance(value, str) else repr(value)
    shown = repr(text[:limit]) if isinstance(value, str) else text[:limit]
    return shown + ("…" if len(text) > limit else "")


def _shape(verb: Verb) -> str:
    if not verb.params:
        return "seats only"
    return "its seats, then " + " ".join(f'"{p.key.upper()}" in double quotes' if p.kind is ParamKind.TEXT
                                         else p.key.upper() for p in verb.params)


def _quoted(text: str) -> tuple[str | None, str]:
    """The part of ``text`` between its first and last double quote (a free text: 歌人's poem), and the rest."""
    first, last = text.find('"'), text.rfind('"')
    if first < 0 or last == first:
        return None, text
    return text[first + 1:last], text[:first] + " " + text[last + 1:]


def _seat(name: Any, names: Sequence[str]) -> Seat:
    if not isinstance(name, str) or name not in names:
        raise NotationError(f"no player {_quote(name)}: the players are {', '.join(names)}")
    return list(names).index(name)


def _take_name(words: list[str], names: Sequence[str], text: str) -> tuple[Seat, list[str]]:
    """The actor named by the first words (the longest name that fits), and the words after it."""
    found = _longest(words, names)
    if found is None:
        raise NotationError(f"{_quote(text)} names no player first: the players are {', '.join(names)}")
    seat, used = found
    return seat, words[used:]


def _longest(words: list[str], names: Sequence[str]) -> tuple[Seat, int] | None:
    """The seat whose name (any case) is the most leading words, or whose number is the first word."""
    folded = {name.casefold(): s for s, name in enumerate(names)}
    for used in range(len(words), 0, -1):
        seat = folded.get(" ".join(words[:used]).casefold())
        if seat is not None:
            return seat, used
    number = whole_number(words[0]) if words else None
    if number is not None and 1 <= number <= len(names):
        return number - 1, 1
    return None


def _names_to_seats(words: list[str], names: Sequence[str]) -> tuple[Seat, ...]:
    seats = []
    while words:
        found = _longest(words, names)
        if found is None:
            raise NotationError(f"no player {_quote(' '.join(words))}: the players are {', '.join(names)}")
        seats.append(found[0])
        words = words[found[1]:]
    return tuple(seats)


__all__ = ["RESERVED", "Action", "Param", "ParamKind", "Verb"]
