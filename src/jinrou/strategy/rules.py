"""The strategy-description language: casts, expressions, and a strict parser.

A rule file (Osawa & Sato's language, spec §2) is JSON: ``{"rules": [expr, ...]}``, optionally with
``"players": {"P0": "villager", ...}`` naming the players and their true roles (default: the
paper's three players ``villager``, ``wolf``, ``seer``, named by their roles). A *state* is one
talk per player — a set of worlds — and one vote per player; it is valid when every rule is true.

Expressions are JSON arrays::

    ["TRUE", ...]                       always true (a comment or label)
    ["INTALK", speaker, player, role]   the speaker's talk contains a world where player has role
    ["VOTE", voter, target]             voter votes for target
    ["WINNER", side]                    the outcome is villagerside, wolfside or draw
    ["AND", e, ...] ["OR", e, ...] ["NOT", e] ["IF", cond, then]

Players are named by name, or by role when exactly one player holds it.

>>> rules = parse({"rules": [["IF", ["INTALK", "wolf", "villager", "wolf"], ["VOTE", "villager", "wolf"]]]})
>>> rules.cast.players, len(rules.cast.worlds)
(('villager', 'wolf', 'seer'), 6)
>>> rules.expressions[0]
If(cond=InTalk(speaker=1, player=0, role='wolf'), then=Vote(voter=0, target=1))
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any

from jinrou.errors import StrategyError
from jinrou.jsontext import parse_json

ROLES = ("villager", "wolf", "seer")
SIDES = ("villagerside", "wolfside", "draw")
LETTER = {"villager": "V", "wolf": "W", "seer": "S"}


@dataclass(frozen=True)
class Cast:
    """Who plays and who is really what. ``worlds`` are every distinct assignment of these roles to
    these players (the possible worlds a talk picks from), in a fixed order."""

    players: tuple[str, ...]
    roles: tuple[str, ...]

    @classmethod
    def paper(cls) -> Cast:
        """The paper's three players, named by their roles."""
        return cls(ROLES, ROLES)

    @property
    def worlds(self) -> tuple[tuple[str, ...], ...]:
        return tuple(sorted(set(itertools.permutations(self.roles)), key=lambda w: [ROLES.index(r) for r in w]))

    @property
    def others(self) -> tuple[tuple[int, ...], ...]:
        """Whom each player may vote for (everybody else, in seat order)."""
        n = len(self.players)
        return tuple(tuple(t for t in range(n) if t != v) for v in range(n))

    @property
    def states(self) -> int:
        """Talks (2^worlds each) × votes ((n−1) choices each)."""
        n = len(self.players)
        return 2 ** (n * len(self.worlds)) * (n - 1) ** n

    def seat(self, name: str) -> int | None:
        """A player by name, or by a role exactly one player holds; None if neither."""
        if name in self.players:
            return self.players.index(name)
        holders = [s for s, role in enumerate(self.roles) if role == name]
        return holders[0] if len(holders) == 1 else None

    def outcome(self, votes: tuple[int, ...]) -> str:
        """The side that wins when player ``v`` votes for ``votes[v]``: the one player with the most
        votes is executed — a wolf: villagerside, anyone else: wolfside; a tie executes nobody: draw."""
        tally = [0] * len(self.players)
        for target in votes:
            tally[target] += 1
        top = max(tally)
        if tally.count(top) > 1:
            return "draw"
        return "villagerside" if self.roles[tally.index(top)] == "wolf" else "wolfside"

    def label(self, seat: int) -> str:
        """``Player 0 (villager)`` — with the name too when it is not the role."""
        name, role = self.players[seat], self.roles[seat]
        return f"Player {seat} ({role})" if name == role else f"Player {seat} ({name}, {role})"


# -------------------------------------------------------------- expressions


@dataclass(frozen=True)
class Const:
    value: bool


@dataclass(frozen=True)
class InTalk:
    speaker: int
    player: int
    role: str


@dataclass(frozen=True)
class Vote:
    voter: int
    target: int


@dataclass(frozen=True)
class Winner:
    side: str


@dataclass(frozen=True)
class And:
    items: tuple


@dataclass(frozen=True)
class Or:
    items: tuple


@dataclass(frozen=True)
class Not:
    item: Any


@dataclass(frozen=True)
class If:
    cond: Any
    then: Any


Expr = Const | InTalk | Vote | Winner | And | Or | Not | If


@dataclass(frozen=True)
class RuleFile:
    """A parsed rule file: its cast and its rules (all must hold in a valid state)."""

    cast: Cast
    expressions: tuple[Expr, ...]


# ------------------------------------------------------------------ parsing


def load(path: str) -> RuleFile:
    with open(path, encoding="utf-8") as handle:
        return parse(handle.read())


def parse(data: Any) -> RuleFile:
    """Parse a rule file (JSON text or a parsed object) strictly."""
    if isinstance(data, str | bytes):
        data = parse_json(data, StrategyError)
    if not isinstance(data, dict) or not isinstance(data.get("rules"), list):
        raise StrategyError('a rule file is an object with a list "rules": {"rules": [...]}')
    unknown = set(data) - {"rules", "players"}
    if unknown:
        raise StrategyError(f"unknown fields {sorted(unknown)}: a rule file has 'rules' and optionally 'players'")
    cast = _cast(data.get("players"))
    return RuleFile(cast, tuple(_expr(e, cast, f"rules[{i}]") for i, e in enumerate(data["rules"])))


def _cast(players: Any) -> Cast:
    if players is None:
        return Cast.paper()
    if not isinstance(players, dict) or len(players) < 3:
        raise StrategyError('"players" maps at least 3 player names to roles, e.g. {"P0": "villager", ...}')
    for name, role in players.items():
        if role not in ROLES:
            raise StrategyError(f"players[{name!r}]: unknown role {role!r} (roles: {', '.join(ROLES)})")
    roles = tuple(players.values())
    if roles.count("wolf") < 1 or roles.count("wolf") == len(roles):
        raise StrategyError('"players" needs at least one wolf and one non-wolf')
    return Cast(tuple(players), roles)


OPERATORS = {"TRUE", "INTALK", "VOTE", "WINNER", "AND", "OR", "NOT", "IF"}


def _expr(data: Any, cast: Cast, path: str) -> Expr:
    def fail(message: str) -> StrategyError:
        return StrategyError(f"{path} {json.dumps(data, ensure_ascii=False)}: {message}")

    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise fail('an expression is a list starting with an operator, e.g. ["VOTE", "villager", "wolf"]')
    op, args = data[0], data[1:]
    if op not in OPERATORS:
        raise fail(f"unknown operator {op!r} (operators: {', '.join(sorted(OPERATORS))})")

    def arity(count: int, form: str) -> None:
        if len(args) != count:
            raise fail(f"{op} takes {count} argument{'s' * (count != 1)}: {form}")

    def seat(index: int, what: str) -> int:
        found = cast.seat(args[index]) if isinstance(args[index], str) else None
        if found is None:
            known = ", ".join(cast.players)
            unique = [r for r in ROLES if cast.roles.count(r) == 1]
            raise fail(f"unknown {what} {args[index]!r}: players are {known}" + (
                f" (or the roles {', '.join(unique)})" if unique and cast.players != cast.roles else ""))
        return found

    if op == "TRUE":
        return Const(True)
    if op == "INTALK":
        arity(3, '["INTALK", speaker, player, role]')
        if args[2] not in cast.roles:
            in_play = ", ".join(r for r in ROLES if r in cast.roles)
            raise fail(f"unknown role {args[2]!r} (roles in this game: {in_play})")
        return InTalk(seat(0, "speaker"), seat(1, "player"), args[2])
    if op == "VOTE":
        arity(2, '["VOTE", voter, target]')
        voter, target = seat(0, "voter"), seat(1, "target")
        if voter == target:
            raise fail("nobody votes for himself")
        return Vote(voter, target)
    if op == "WINNER":
        arity(1, '["WINNER", side]')
        if args[0] not in SIDES:
            raise fail(f"unknown side {args[0]!r} (sides: {', '.join(SIDES)})")
        return Winner(args[0])
    if op == "NOT":
        arity(1, '["NOT", expression]')
        return Not(_expr(args[0], cast, f"{path}[1]"))
    if op == "IF":
        arity(2, '["IF", condition, consequence]')
        return If(_expr(args[0], cast, f"{path}[1]"), _expr(args[1], cast, f"{path}[2]"))
    if not args:
        raise fail(f"{op} needs at least one expression")
    items = tuple(_expr(a, cast, f"{path}[{i + 1}]") for i, a in enumerate(args))
    return And(items) if op == "AND" else Or(items)
