"""Brute force over every state, vectorised: each expression is a boolean array over all states.

A state is an integer: bit ``s·W + w`` is whether player s's talk contains world w (W worlds), and
the bits above hold the vote profile in base n−1 (digit v: which of player v's others he votes
for). The paper's 3-player space is 2^21 = 2,097,152 states — a few megabytes per array — so
every rule is a handful of numpy operations on the whole space. Larger casts go to
:mod:`jinrou.strategy.symbolic`.
"""

from __future__ import annotations

import itertools
from functools import cached_property

import numpy as np

from jinrou.errors import StrategyError
from jinrou.strategy.rules import SIDES, And, Const, Expr, If, InTalk, Not, Or, RuleFile, Vote, Winner

MAX_STATES = 1 << 25


class Space:
    """Every state of a rule file's cast, with each expression evaluated on all of them at once."""

    def __init__(self, rules: RuleFile):
        cast = rules.cast
        if cast.states > MAX_STATES:
            raise StrategyError(f"{cast.states:.3g} states are too many for brute force: count symbolically")
        self.rules, self.cast = rules, cast
        self.n, self.worlds = len(cast.players), cast.worlds
        self.index = np.arange(cast.states, dtype=np.int64)

    def _digit(self, weight: int, base: int) -> np.ndarray:
        """Digit ``(state // weight) % base`` of every state: a periodic pattern, built by repetition
        rather than arithmetic on the whole index."""
        return np.tile(np.repeat(np.arange(base, dtype=np.int8), weight), len(self.index) // (base * weight))

    @cached_property
    def profile(self) -> np.ndarray:
        """Each state's vote profile number (0 .. (n−1)^n − 1)."""
        return self.index >> (self.n * len(self.worlds))

    def vote_profiles(self) -> list[tuple[int, ...]]:
        """Profile number → the target of each voter (digit v in base n−1, least significant first)."""
        choices = [range(self.n - 1)] * self.n
        profiles = []
        for digits in itertools.product(*choices):
            code = sum(d * (self.n - 1) ** v for v, d in enumerate(digits))
            profiles.append((code, tuple(self.cast.others[v][d] for v, d in enumerate(digits))))
        return [targets for _, targets in sorted(profiles)]

    @cached_property
    def side(self) -> np.ndarray:
        """Each state's outcome, as an index into SIDES."""
        table = np.array([SIDES.index(self.cast.outcome(t)) for t in self.vote_profiles()], dtype=np.int8)
        return table[self.profile]

    @cached_property
    def _talk_bits(self) -> dict[tuple[int, int], np.ndarray]:
        return {}

    def talk(self, speaker: int, world: int) -> np.ndarray:
        """Whether ``speaker``'s talk contains ``world``, in every state (cached: rules repeat them)."""
        key = (speaker, world)
        if key not in self._talk_bits:
            self._talk_bits[key] = self._digit(1 << (speaker * len(self.worlds) + world), 2).astype(bool)
        return self._talk_bits[key]

    @cached_property
    def choices(self) -> list[np.ndarray]:
        """Per voter, the index (among his others) of the player he votes for, in every state."""
        talk_states = 1 << (self.n * len(self.worlds))
        return [self._digit(talk_states * (self.n - 1) ** v, self.n - 1) for v in range(self.n)]

    def evaluate(self, expr: Expr) -> np.ndarray:
        if isinstance(expr, Const):
            return np.full(len(self.index), expr.value)
        if isinstance(expr, InTalk):
            hits = [w for w, world in enumerate(self.worlds) if world[expr.player] == expr.role]
            return np.logical_or.reduce([self.talk(expr.speaker, w) for w in hits])
        if isinstance(expr, Vote):
            return self.choices[expr.voter] == self.cast.others[expr.voter].index(expr.target)
        if isinstance(expr, Winner):
            return self.side == SIDES.index(expr.side)
        if isinstance(expr, Not):
            return ~self.evaluate(expr.item)
        if isinstance(expr, If):
            return ~self.evaluate(expr.cond) | self.evaluate(expr.then)
        reduce = np.logical_and if isinstance(expr, And) else np.logical_or
        assert isinstance(expr, And | Or)
        return reduce.reduce([self.evaluate(e) for e in expr.items])

    @cached_property
    def valid(self) -> np.ndarray:
        valid = np.ones(len(self.index), dtype=bool)
        for expr in self.rules.expressions:
            valid &= self.evaluate(expr)
        return valid

    def side_counts(self) -> dict[str, int]:
        counts = np.bincount(self.side[self.valid], minlength=len(SIDES))
        return {side: int(c) for side, c in zip(SIDES, counts, strict=True)}

    def decode(self, state: int) -> tuple[tuple[frozenset[int], ...], tuple[int, ...]]:
        """A state number as (each player's talk as a set of world indices, each player's target)."""
        w = len(self.worlds)
        talks = tuple(frozenset(x for x in range(w) if state >> (s * w + x) & 1) for s in range(self.n))
        return talks, self.vote_profiles()[state >> (self.n * w)]
