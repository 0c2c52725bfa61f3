"""Quantum werewolf bots: a random one and a heuristic one.

Nobody in quantum werewolf knows his role, so a bot reasons from the public table and its own
results. The heuristic bot:

* **votes** for the player it most believes to be a wolf. Its belief in a player is the table's
  P(wolf), moved toward its own divination result of him by its *trust* in being the seer
  (P(seer) where the table shows it, else half of P(human)). A bot that is a wolf in every world
  plays for the wolves instead and votes for the likeliest human. On a re-vote it keeps to the
  players tied in the last round (a runoff), equal beliefs going to the earliest seat, and from
  the second re-vote on it goes by the public table alone, so that bots converge instead of
  splitting until the game is drawn.
* **divines** the living player whose wolf-ness is most uncertain (P(wolf) closest to ½) among those
  it has not yet divined with a result — the divination that deletes the most worlds on average.
* **attacks** the likeliest living human — P(human)·(1 − P(dead)), plus P(seer) when the table shows
  it, because the seer is the village's weapon — and never a player it found to be a wolf: an attack
  on a wolf deletes the very worlds in which the bot is the dominant wolf.

Where the table cannot say (anonymous option: rows are numbered), the bot falls back on its own
results and on chance. Ties are broken by the generator it is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from jinrou.players import Seat
from jinrou.quantum.events import NightAction, TableEvent, Vote, VoteEvent
from jinrou.quantum.views import PlayerView

TOLERANCE = 1e-9
"""Float scores within this of the best are compared again exactly. A float score is the exact one
rounded a few times (errors near 1e-16), so the choice is the one exact arithmetic makes."""

HALF = Fraction(1, 2)

Score = Callable[[np.ndarray, bool], np.ndarray]
"""A scoring of seats: ``score(seats, exact)`` gives each seat's score, float64 of shape
(len(seats),), or with ``exact`` an object array of :class:`Fraction` (the same formula)."""


def _uniform(rng: np.random.Generator, seats: Sequence[Seat]) -> Seat:
    """A uniform choice among ``seats`` (not empty)."""
    return seats[int(rng.integers(len(seats)))]


def _best(seats: Sequence[Seat], score: Score, kinds: np.ndarray) -> list[Seat]:
    """The seats of ``seats`` (in their order) with the highest score, exactly.

    The float scores decide; where several seats come within :data:`TOLERANCE` of the best, the
    exact scores decide among them — computed once per kind: ``kinds`` (int, by seat) gives equal
    numbers to seats whose scores are equal by construction (equal table rows, equal own results).
    """
    if len(seats) == 1:
        return [int(seats[0])]
    picked = np.asarray(seats, dtype=np.int64)
    approx = score(picked, False)
    near = picked[approx >= approx.max() - TOLERANCE]
    if len(near) > 1:
        group = kinds[near]
        if (group != group[0]).any():
            first: dict[int, int] = {}  # each kind's first seat among the near ones
            for index, kind in enumerate(group.tolist()):
                first.setdefault(kind, index)
            exact = score(near[list(first.values())], True)
            top = max(exact)
            best = {kind for kind, value in zip(first, exact, strict=True) if value == top}
            near = near[[kind in best for kind in group.tolist()]]
    return near.tolist()


def _pick(rng: np.random.Generator, seats: Sequence[Seat], score: Score, kinds: np.ndarray) -> Seat:
    """The best-scoring seat, ties broken at random."""
    return _uniform(rng, _best(seats, score, kinds))


def _tied_last_round(view: PlayerView) -> tuple[list[Seat], int]:
    """The players tied in today's last vote round, and how many rounds were tied today."""
    if view.phase.is_night:
        return [], 0
    today: list[VoteEvent] = []
    for event in reversed(view.events):  # today's votes follow today's table
        if isinstance(event, TableEvent):
            break
        if isinstance(event, VoteEvent) and event.day == view.phase.number:
            today.append(event)
    if not today:
        return [], 0
    tally = Counter(today[0].votes.values())
    top = max(tally.values(), default=0)
    return sorted(s for s, c in tally.items() if c == top), len(today)


class RandomAgent:
    """Chooses every target uniformly among the legal ones."""

    name = "random"

    def act(self, view: PlayerView, rng: np.random.Generator) -> NightAction | Vote:
        legal = view.legal
        if legal.vote:
            return Vote(view.player, _uniform(rng, legal.vote))
        divine = _uniform(rng, legal.divine) if legal.divine else None
        return NightAction(view.player, divine=divine, attack=_uniform(rng, legal.attack) if legal.attack else None)


class HeuristicAgent:
    """Plays sensibly from the table and its own divinations (see the module docstring).

    It scores seats with float arrays over the view's table, one pass per decision; near-ties are
    settled with the exact fractions (see :func:`_best`), so it decides as exact arithmetic would.
    """

    name = "heuristic"

    def act(self, view: PlayerView, rng: np.random.Generator) -> NightAction | Vote:
        legal = view.legal
        if legal.vote:
            return Vote(view.player, self._vote(view, rng))
        divine = self._divine(view, rng) if legal.divine else None
        attack = self._attack(view, rng) if legal.attack else None
        return NightAction(view.player, divine=divine, attack=attack)

    @staticmethod
    def _trust(view: PlayerView, exact: bool) -> Fraction | float:
        """How far the bot believes its own results: its chance of being the seer (else half its
        chance of being human). The float is the fraction rounded once, as the table's floats are."""
        me = [view.player]
        if "seer" in view.table.columns:
            return view.table.column("seer", 0, me, exact)[0]
        human = view.table.column("human", HALF if exact else 0.5, me, exact)[0]
        return human / 2  # halving a float is exact

    @staticmethod
    def _results(view: PlayerView) -> dict[Seat, str]:
        return {target: result for _, target, result in view.divinations if result != "none"}

    @staticmethod
    def _codes(view: PlayerView) -> np.ndarray:
        """int64 (seats,): the bot's own result of each seat: 0 none, 1 human, 2 wolf."""
        codes = np.zeros(len(view.names), dtype=np.int64)
        for seat, result in HeuristicAgent._results(view).items():
            codes[seat] = 2 if result == "wolf" else 1
        return codes

    def _beliefs(self, view: PlayerView) -> tuple[Score, np.ndarray]:
        """The bot's probability that each seat is a wolf, and the kinds it depends on: the table's
        P(wolf), moved toward its own result by its trust in being the seer."""
        codes = self._codes(view)

        def belief(seats: np.ndarray, exact: bool) -> np.ndarray:
            default = Fraction(view.wolves, len(view.names)) if exact else view.wolves / len(view.names)
            table = view.table.column("wolf", default, seats, exact)
            code = codes[seats]
            if not code.any():  # no result of its own among them: the table alone
                return table
            wolf = (code == 2).astype(np.int64)
            trust = self._trust(view, exact)
            if exact:  # Python integers times fractions: exact
                return np.where(code > 0, trust * wolf.astype(object) + (1 - trust) * table, table)
            return np.where(code > 0, trust * wolf + (1 - trust) * table, table)

        return belief, view.table.kinds * 3 + codes

    def _vote(self, view: PlayerView, rng: np.random.Generator) -> Seat:
        sign = -1 if view.table.certain(view.player, "wolf") else 1  # a certain wolf plays for the wolves
        tied, rounds = _tied_last_round(view)
        runoff = [s for s in tied if s in view.legal.vote]
        belief, kinds = self._beliefs(view)
        if runoff and rounds >= 2:  # after a second tie, private results no longer count: the public table decides
            belief, kinds = (lambda seats, exact: view.table.column("wolf", 0, seats, exact)), view.table.kinds
        score: Score = lambda seats, exact: sign * belief(seats, exact)
        if runoff:  # equal beliefs go to the earliest seat
            return min(_best(runoff, score, kinds))
        return _pick(rng, view.legal.vote, score, kinds)

    def _divine(self, view: PlayerView, rng: np.random.Generator) -> Seat:
        done = set(self._results(view))
        fresh = [s for s in view.legal.divine if s not in done] or list(view.legal.divine)

        def score(seats: np.ndarray, exact: bool) -> np.ndarray:
            p = view.table.column("wolf", HALF if exact else 0.5, seats, exact)
            return p * (1 - p)

        return _pick(rng, fresh, score, view.table.kinds)

    def _attack(self, view: PlayerView, rng: np.random.Generator) -> Seat:
        found = {s for s, r in self._results(view).items() if r == "wolf"}
        targets = [s for s in view.legal.attack if s not in found] or list(view.legal.attack)

        def score(seats: np.ndarray, exact: bool) -> np.ndarray:
            wolf = view.table.column("wolf", HALF if exact else 0.5, seats, exact)
            dead = view.table.column("dead", 0, seats, exact)
            return (1 - wolf) * (1 - dead) + view.table.column("seer", 0, seats, exact)

        return _pick(rng, targets, score, view.table.kinds)


AGENTS: dict[str, Callable[[], RandomAgent | HeuristicAgent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}
