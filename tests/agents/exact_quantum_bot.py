"""The heuristic quantum bot as it was before it scored with floats (issue 43): every probability
an exact :class:`Fraction` asked of the view one at a time. Kept as the reference the float bot must
match decision for decision (test_quantum_bot_floats.py); not used anywhere else."""

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from jinrou.players import Seat
from jinrou.quantum.events import NightAction, Vote, VoteEvent
from jinrou.quantum.views import PlayerView


def _uniform(rng: np.random.Generator, seats: Sequence[Seat]) -> Seat:
    """A uniform choice among ``seats`` (not empty)."""
    return seats[int(rng.integers(len(seats)))]


def _pick(rng: np.random.Generator, seats: Sequence[Seat], score: Callable[[Seat], Fraction | float]) -> Seat:
    """The best-scoring seat, ties broken at random."""
    scores = {s: score(s) for s in seats}
    best = max(scores.values())
    return _uniform(rng, [s for s in seats if scores[s] == best])


def _tied_last_round(view: PlayerView) -> tuple[list[Seat], int]:
    """The players tied in today's last vote round, and how many rounds were tied today."""
    today = [e for e in view.events if isinstance(e, VoteEvent) and e.day == view.phase.number]
    if view.phase.is_night or not today:
        return [], 0
    tally = Counter(today[-1].votes.values())
    top = max(tally.values(), default=0)
    return sorted(s for s, c in tally.items() if c == top), len(today)


class ExactHeuristicAgent:
    """The heuristic bot as it was, every score an exact fraction."""

    name = "heuristic"

    def act(self, view: PlayerView, rng: np.random.Generator) -> NightAction | Vote:
        legal = view.legal
        if legal.vote:
            return Vote(view.player, self._vote(view, rng))
        divine = self._divine(view, rng) if legal.divine else None
        attack = self._attack(view, rng) if legal.attack else None
        return NightAction(view.player, divine=divine, attack=attack)

    @staticmethod
    def _shown(view: PlayerView, seat: Seat, column: str, default: Fraction) -> Fraction:
        value = view.table.probability(seat, column)
        return default if value is None else value

    def _trust(self, view: PlayerView) -> Fraction:
        """How far the bot believes its own results: its chance of being the seer."""
        seer = view.table.probability(view.player, "seer")
        if seer is not None:
            return seer
        return self._shown(view, view.player, "human", Fraction(1, 2)) / 2

    def _results(self, view: PlayerView) -> dict[Seat, str]:
        return {target: result for _, target, result in view.divinations if result != "none"}

    def _belief(self, view: PlayerView, seat: Seat) -> Fraction:
        """The bot's probability that ``seat`` is a wolf."""
        table = self._shown(view, seat, "wolf", Fraction(view.wolves, len(view.names)))
        result = self._results(view).get(seat)
        if result is None:
            return table
        trust = self._trust(view)
        return trust * (1 if result == "wolf" else 0) + (1 - trust) * table

    def _vote(self, view: PlayerView, rng: np.random.Generator) -> Seat:
        sign = -1 if view.table.probability(view.player, "wolf") == 1 else 1  # a certain wolf plays for the wolves
        tied, rounds = _tied_last_round(view)
        runoff = [s for s in tied if s in view.legal.vote]
        if runoff:  # after a second tie, private results no longer count: the public table decides
            belief = self._belief if rounds < 2 else (lambda v, s: self._shown(v, s, "wolf", Fraction(0)))
            return max(runoff, key=lambda s: (sign * belief(view, s), -s))
        return _pick(rng, view.legal.vote, lambda s: sign * self._belief(view, s))

    def _divine(self, view: PlayerView, rng: np.random.Generator) -> Seat:
        done = set(self._results(view))
        fresh = [s for s in view.legal.divine if s not in done] or list(view.legal.divine)
        return _pick(rng, fresh, lambda s: (p := self._shown(view, s, "wolf", Fraction(1, 2))) * (1 - p))

    def _attack(self, view: PlayerView, rng: np.random.Generator) -> Seat:
        found = {s for s, r in self._results(view).items() if r == "wolf"}
        targets = [s for s in view.legal.attack if s not in found] or list(view.legal.attack)

        def score(seat: Seat) -> Fraction:
            wolf = self._shown(view, seat, "wolf", Fraction(1, 2))
            dead = self._shown(view, seat, "dead", Fraction(0))
            return (1 - wolf) * (1 - dead) + self._shown(view, seat, "seer", Fraction(0))

        return _pick(rng, targets, score)
