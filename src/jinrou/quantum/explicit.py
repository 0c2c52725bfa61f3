"""The world list, written out: the rules of §2 of the spec applied literally, one world at a time.

This is the model the source text draws (its numbered パターン tables). It costs P(n, k+1) worlds,
so it is for small games only: it reproduces the source's tables row by row, it can hold states
the game never reaches (the source's "wolf 1 dead in some worlds" example), and the tests check
that :class:`jinrou.quantum.worlds.Multiverse` — which never lists worlds — agrees with it on
random games. It answers the same questions with the same names.

>>> w = WorldList.start(3, 1).attack(0, 1)          # A attacks B
>>> [str(world.cards[0]) for _, world in w.worlds if 1 in world.dead]  # B dead where A is the wolf
['wolf:1', 'wolf:1']
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, replace

from jinrou.quantum.roles import SEER, VILLAGER, Card, Role, Seat, wolf
from jinrou.quantum.worlds import Row, Table


@dataclass(frozen=True)
class World:
    """One assignment of cards, with the players dead in it."""

    cards: tuple[Card, ...]
    dead: frozenset[Seat] = frozenset()

    def is_wolf(self, seat: Seat) -> bool:
        return self.cards[seat].role is Role.WOLF

    def dominant(self) -> Seat | None:
        """The living wolf of the smallest rank in this world."""
        living = [(c.rank, p) for p, c in enumerate(self.cards) if c.role is Role.WOLF and p not in self.dead]
        return min(living)[1] if living else None


@dataclass(frozen=True)
class WorldList:
    """Numbered worlds (``(number, world)`` pairs, in order)."""

    players: int
    wolves: int
    worlds: tuple[tuple[int, World], ...]

    @classmethod
    def start(cls, players: int, wolves: int) -> WorldList:
        """All worlds, numbered from 1: seer first, then wolves by rank, by seat order."""
        worlds = []
        for picks in itertools.permutations(range(players), wolves + 1):
            cards = [VILLAGER] * players
            cards[picks[0]] = SEER
            for rank, seat in enumerate(picks[1:], start=1):
                cards[seat] = wolf(rank)
            worlds.append(World(tuple(cards)))
        return cls(players, wolves, tuple(enumerate(worlds, start=1)))

    @classmethod
    def of(cls, rows: dict[int, tuple[tuple[Card, ...], set[Seat]]]) -> WorldList:
        """Worlds written by hand: ``{number: (cards, dead seats)}``."""
        first = next(iter(rows.values()))[0]
        wolves = sum(c.role is Role.WOLF for c in first)
        worlds = tuple((i, World(tuple(cards), frozenset(dead))) for i, (cards, dead) in rows.items())
        return cls(len(first), wolves, worlds)

    def _keep(self, keep) -> WorldList:
        return replace(self, worlds=tuple((i, w) for i, w in self.worlds if keep(w)))

    def _map(self, change) -> WorldList:
        return replace(self, worlds=tuple((i, change(w)) for i, w in self.worlds))

    # ----------------------------------------------------------------- changes

    def divine(self, seer: Seat, target: Seat, is_wolf: bool) -> WorldList:
        """Delete the worlds where ``seer`` is the seer (alive or dead) and ``target`` contradicts."""
        return self._keep(lambda w: w.cards[seer] != SEER or w.is_wolf(target) == is_wolf)

    def attack(self, attacker: Seat, target: Seat) -> WorldList:
        """Where ``attacker`` is the dominant wolf: delete if ``target`` is a wolf, else kill him."""
        hit = [(i, w) for i, w in self.worlds if w.dominant() == attacker]
        gone = {i for i, w in hit if w.is_wolf(target)}
        killed = {i for i, _ in hit} - gone
        return replace(
            self,
            worlds=tuple(
                (i, replace(w, dead=w.dead | {target}) if i in killed else w) for i, w in self.worlds if i not in gone
            ),
        )

    def require_alive(self, player: Seat) -> WorldList:
        return self._keep(lambda w: player not in w.dead)

    def collapse(self, player: Seat, card: Card) -> WorldList:
        return self._keep(lambda w: w.cards[player] == card)

    def kill(self, player: Seat) -> WorldList:
        return self._map(lambda w: replace(w, dead=w.dead | {player}))

    # --------------------------------------------------------------- questions

    @property
    def count(self) -> int:
        return len(self.worlds)

    @property
    def table(self) -> Table:
        rows = []
        for p in range(self.players):
            roles = Counter(w.cards[p].role for _, w in self.worlds)
            dead = sum(p in w.dead for _, w in self.worlds)
            rows.append(Row(roles[Role.VILLAGER], roles[Role.SEER], roles[Role.WOLF], dead))
        return Table(self.count, tuple(rows))

    def divination_odds(self, seer: Seat, target: Seat) -> tuple[int, int]:
        candidates = [w for _, w in self.worlds if w.cards[seer] == SEER and seer not in w.dead]
        return sum(w.is_wolf(target) for w in candidates), len(candidates)

    def card_counts(self, player: Seat) -> dict[Card, int]:
        counts = Counter(w.cards[player] for _, w in self.worlds)
        return {c: counts[c] for c in sorted(counts, key=lambda c: c.sort_key)}

    def dead_everywhere(self, alive: set[Seat]) -> list[Seat]:
        """Of the publicly living ``alive``, those dead in every world."""
        if not self.worlds:
            return []
        return [p for p in sorted(alive) if all(p in w.dead for _, w in self.worlds)]
