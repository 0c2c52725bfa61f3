"""Symbolic counting: the rules as one boolean function, its models counted on a decision diagram.

Variables: one per talk bit (``t_s_w``: player s's talk contains world w) and a few per vote
(player v's choice among his n−1 others, in binary: ``v_v_b``). Every expression compiles to a
binary decision diagram (the `dd` library); the valid states are the models of the conjunction of
the rules and of "every vote code names a player", and :meth:`dd.BDD.count` counts them exactly
(Python integers) without enumerating anything. The outcome (WINNER) is compiled once from the
(n−1)^n vote profiles. A 4-player cast with roles V, V, W, S has ~2.3·10^16 states and counts in
well under a second.

Uniform examples are drawn by walking the variables in order and fixing each with the probability
given by the model counts of the two cofactors.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cached_property

import numpy as np
from dd.autoref import BDD, Function

from jinrou.chance import uniform_below
from jinrou.strategy.rules import SIDES, And, Const, Expr, If, InTalk, Not, Or, RuleFile, Vote, Winner

PROFILES_PER_SECOND = 4_000
"""Vote profiles weighed per second, as measured (7 players: 279,936 profiles in 68 s): the
estimate given before a long count (8 players: 5.8 M profiles, about 24 minutes)."""


class Diagram:
    """A rule file compiled to decision diagrams; ``progress`` is told the vote profiles weighed so
    far while the outcome is compiled (:attr:`profiles` in all), the long part beyond 6 players."""

    def __init__(self, rules: RuleFile, progress: Callable[[int], None] | None = None):
        self.progress = progress
        self.rules, self.cast = rules, rules.cast
        self.n, self.worlds = len(self.cast.players), self.cast.worlds
        self.vote_bits = max(1, (self.n - 2).bit_length())  # enough for codes 0 .. n−2
        self.bdd = BDD()
        self.talk_vars = [[f"t_{s}_{w}" for w in range(len(self.worlds))] for s in range(self.n)]
        self.vote_vars = [[f"v_{v}_{b}" for b in range(self.vote_bits)] for v in range(self.n)]
        self.variables = [x for row in self.talk_vars for x in row] + [x for row in self.vote_vars for x in row]
        self.bdd.declare(*self.variables)

    def _choice(self, voter: int, code: int):
        """The diagram of "voter's vote code is ``code``"."""
        node = self.bdd.true
        for b, name in enumerate(self.vote_vars[voter]):
            var = self.bdd.var(name)
            node &= var if code >> b & 1 else ~var
        return node

    @cached_property
    def votes_exist(self):
        """Every vote code names one of the voter's n−1 others."""
        node = self.bdd.true
        for voter in range(self.n):
            named = self.bdd.false
            for code in range(self.n - 1):
                named |= self._choice(voter, code)
            node &= named
        return node

    @property
    def profiles(self) -> int:
        """The vote profiles the outcome is compiled from: (n−1)^n."""
        return (self.n - 1) ** self.n

    @cached_property
    def sides(self) -> dict[str, Function]:
        nodes = {side: self.bdd.false for side in SIDES}
        for done, codes in enumerate(itertools.product(range(self.n - 1), repeat=self.n), 1):
            targets = tuple(self.cast.others[v][c] for v, c in enumerate(codes))
            profile = self.bdd.true
            for voter, code in enumerate(codes):
                profile &= self._choice(voter, code)
            side = self.cast.outcome(targets)
            nodes[side] |= profile
            if self.progress is not None and (done % 1024 == 0 or done == self.profiles):
                self.progress(done)
        return nodes

    def compile(self, expr: Expr):
        bdd = self.bdd
        if isinstance(expr, Const):
            return bdd.true if expr.value else bdd.false
        if isinstance(expr, InTalk):
            node = bdd.false
            for w, world in enumerate(self.worlds):
                if world[expr.player] == expr.role:
                    node |= bdd.var(self.talk_vars[expr.speaker][w])
            return node
        if isinstance(expr, Vote):
            return self._choice(expr.voter, self.cast.others[expr.voter].index(expr.target))
        if isinstance(expr, Winner):
            return self.sides[expr.side]
        if isinstance(expr, Not):
            return ~self.compile(expr.item)
        if isinstance(expr, If):
            return ~self.compile(expr.cond) | self.compile(expr.then)
        nodes = [self.compile(e) for e in expr.items]
        result = nodes[0]
        for node in nodes[1:]:
            result = result & node if isinstance(expr, And) else result | node
        assert isinstance(expr, And | Or)
        return result

    @cached_property
    def valid(self):
        node = self.votes_exist
        for expr in self.rules.expressions:
            node &= self.compile(expr)
        return node

    def count(self, node) -> int:
        return int(self.bdd.count(node, nvars=len(self.variables)))

    def side_counts(self) -> dict[str, int]:
        return {side: self.count(self.valid & self.sides[side]) for side in SIDES}

    def sample(self, rng: np.random.Generator):
        """One valid state, uniformly: (talks as sets of world indices, each player's target)."""
        node, values = self.valid, {}
        total = self.count(node)
        if total == 0:
            raise ValueError("no valid state")
        for name in self.variables:
            high = node & self.bdd.var(name)
            with_true = self.count(high)
            value = uniform_below(rng, total) < with_true
            values[name] = value
            node = high if value else node & ~self.bdd.var(name)
            total = with_true if value else total - with_true
        talks = tuple(frozenset(w for w, name in enumerate(row) if values[name]) for row in self.talk_vars)
        codes = [sum(values[name] << b for b, name in enumerate(row)) for row in self.vote_vars]
        return talks, tuple(self.cast.others[v][c] for v, c in enumerate(codes))
