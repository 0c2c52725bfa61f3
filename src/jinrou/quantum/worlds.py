"""The multiverse of quantum werewolf: every world still possible, counted exactly, never listed.

A *world* assigns the seer and the wolves of rank 1..k to distinct players (everybody else is a
villager) and marks who is dead in it. There are P(n, k+1) of them at the start — 96,909,120 at 24
players and 5 wolves, 1.03·10^10 at 30 and 6 — so this module never lists them. A
:class:`Multiverse` keeps the *facts* that cut the world set down (divination results, attacks,
collapsed cards, executed players) and counts the worlds that satisfy them.

Why counting is cheap. Wolves die only by execution or sudden death, and both collapse the dead
player, so every wolf rank below the current *dominant rank* r* is dead and pinned to a known
player, and every attack was made under a pinned rank or under r*. Fix the seer ``s`` and the
holder ``h`` of r*: each fact becomes a condition on one player alone ("t is a wolf", "t is not a
wolf", "t is dead"). The ``f`` wolf ranks that are neither pinned nor r* are then interchangeable,
and filling them from ``e`` optional players after the ``f − j`` required ones gives::

    worlds(s, h) = C(e, j) · f!

Summing over the ≤ n² pairs (s, h) gives the world count and, with a few integer matrix products,
every marginal of the probability table: O(n³) machine-integer work per table, and exact Python
integer weights (one per distinct ``(e, j)``). Conditioning — "worlds where p is the seer", "where
s is the living seer and t a wolf" — is the same kernel with masks, so divination odds and collapse
distributions are exact counts too.

:mod:`jinrou.quantum.explicit` lists the worlds literally; tests check that both agree.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

import numpy as np

from jinrou.chance import weighted_index
from jinrou.quantum.roles import SEER, VILLAGER, Card, Role, Seat, wolf

Mask = np.ndarray
"""A boolean array of shape (n,) over seats."""


@dataclass(frozen=True)
class Divination:
    """A divination that found candidate worlds: in every world where ``seer`` is the seer,
    ``target`` is a wolf exactly when ``wolf`` is true."""

    seer: Seat
    target: Seat
    wolf: bool


@dataclass(frozen=True)
class Attack:
    """An attack made while ``rank`` was the dominant rank: in worlds where ``attacker`` holds that
    rank, ``target`` is dead, and worlds where ``target`` is a wolf are gone."""

    attacker: Seat
    target: Seat
    rank: int


@dataclass(frozen=True)
class Row:
    """World counts for one player: in how many worlds he is each role, and dead."""

    villager: int
    seer: int
    wolf: int
    dead: int

    @property
    def human(self) -> int:
        """Villager or seer (人間)."""
        return self.villager + self.seer


COLUMNS = ("villager", "seer", "human", "wolf", "dead")
"""The columns of a probability table, in the order of :attr:`Table.probabilities`."""


@dataclass(frozen=True)
class Table:
    """The probability table (確率表) as exact counts: ``rows[seat]`` over ``worlds`` worlds.

    >>> t = Multiverse.start(3, 1).table
    >>> t.worlds, t.rows[0]
    (6, Row(villager=2, seer=2, wolf=2, dead=0))
    >>> t.probability(0, "wolf")
    Fraction(1, 3)
    """

    worlds: int
    rows: tuple[Row, ...]

    @cached_property
    def probabilities(self) -> np.ndarray:
        """Every seat's probabilities in one pass, float64 of shape (n, 5) over :data:`COLUMNS`:
        each entry is the exact fraction rounded once to the nearest float (all 0 when no world is
        left). For display and for bots; :meth:`probability` is the exact value.

        >>> Multiverse.start(3, 1).table.probabilities[0].tolist()
        [0.3333333333333333, 0.3333333333333333, 0.6666666666666666, 0.3333333333333333, 0.0]
        """
        counts = [(r.villager, r.seer, r.villager + r.seer, r.wolf, r.dead) for r in self.rows]
        if self.worlds == 0:
            return np.zeros((len(self.rows), len(COLUMNS)))
        if self.worlds < 2**53:  # every count is a float exactly: numpy's division rounds as Python's
            return np.array(counts, dtype=np.float64).reshape(-1, len(COLUMNS)) / self.worlds
        worlds = self.worlds
        return np.array([[c / worlds for c in row] for row in counts], dtype=np.float64)

    @cached_property
    def kinds(self) -> np.ndarray:
        """int64 of shape (n,): seats with equal rows (the same counts in every column) share a
        number, others differ — whatever is computed from a seat's row alone is equal within a kind."""
        index: dict[Row, int] = {}
        return np.array([index.setdefault(r, len(index)) for r in self.rows], dtype=np.int64)

    def probability(self, seat: Seat, column: str) -> Fraction:
        """``column`` (villager, seer, human, wolf, dead) of ``seat`` as an exact fraction; 0 when no
        world is left."""
        if self.worlds == 0:
            return Fraction(0)
        return Fraction(getattr(self.rows[seat], column), self.worlds)

    def certain(self, seat: Seat, column: str) -> bool:
        """True when ``column`` holds in every world (and some world is left)."""
        return self.worlds > 0 and getattr(self.rows[seat], column) == self.worlds


@dataclass(frozen=True)
class _Layout:
    """The facts of a multiverse arranged as arrays, independent of any conditioning."""

    n: int
    dominant: int | None  # r*, the smallest rank not pinned (None: every wolf is dead)
    free_ranks: tuple[int, ...]  # ranks neither pinned nor r*
    empty: bool  # the facts contradict each other globally
    pinned: Mask  # collapsed players
    pinned_wolf: Mask
    nonwolf: Mask  # not a wolf in any world
    dead: Mask  # dead in every world
    seer_ok: Mask  # may be the seer
    holder_ok: Mask  # may hold the dominant rank
    attacks: np.ndarray  # (n, n) bool: attacks[h, t] under the dominant rank
    wolf_found: np.ndarray  # (n, n) bool: [s, t] s divined t as a wolf
    human_found: np.ndarray  # (n, n) bool: [s, t] s divined t as human
    eye: np.ndarray  # (n, n) identity
    hit: Mask  # killed by an attack of a wolf now known (made under his rank)

    # Each change of a multiverse changes its layout a little: the derivations below give the
    # child's layout from the parent's in O(n²) array work, where building it anew goes over every
    # fact (thousands of attacks in a long game). Tests check both ways agree.

    def attacked(self, attacker: Seat, target: Seat, survivors: frozenset[Seat]) -> _Layout:
        """After an attack under the dominant rank."""
        attacks = self.attacks.copy()
        attacks[attacker, target] = True
        holder_ok = self.holder_ok
        if self.pinned_wolf[target] or target in survivors:
            holder_ok = holder_ok.copy()
            holder_ok[attacker] = False
        return replace(self, attacks=attacks, holder_ok=holder_ok)

    def divined(self, seer: Seat, target: Seat, is_wolf: bool) -> _Layout:
        found = (self.wolf_found if is_wolf else self.human_found).copy()
        found[seer, target] = True
        return replace(self, wolf_found=found) if is_wolf else replace(self, human_found=found)

    def kept_alive(self, player: Seat) -> _Layout:
        """After worlds where ``player`` is dead are deleted."""
        return replace(self, holder_ok=self.holder_ok & ~self.attacks[:, player], empty=self.empty or bool(self.hit[player]))

    def killed(self, player: Seat) -> _Layout:
        dead = self.dead.copy()
        dead[player] = True
        return replace(self, dead=dead)

    def collapsed(self, player: Seat, cards: tuple[Card | None, ...], wolves: int, survivors: frozenset[Seat]) -> _Layout:
        """After ``player`` collapsed (``cards`` are the new ones): if he holds the dominant rank,
        his attacks under it certainly hit and the next rank dominates, with no attack made yet."""
        hit, dead, attacks = self.hit, self.dead, self.attacks
        card = cards[player]
        if card is not None and card.role is Role.WOLF and card.rank == self.dominant:
            hit, dead = hit | attacks[player], dead | attacks[player]
            attacks = np.zeros_like(attacks)  # every attack so far was made under this rank or a lower one
        return _arrange(cards, wolves, dead, hit, attacks, self.wolf_found, self.human_found, survivors, self.eye)


@dataclass(frozen=True)
class _Pairs:
    """Per (seer, holder) pair: whether worlds exist and their ``(e, j)`` category.

    ``seers`` (|S|,) and ``holders`` (|H|,) are seat indices (``holders == [-1]`` when no wolf is
    alive); every 2-d array is indexed [seer row, holder column] or [row, seat].
    """

    seers: np.ndarray
    holders: np.ndarray
    ok: np.ndarray  # (|S|, |H|) bool
    optional: np.ndarray  # (|S|, |H|) int: e, players that may fill a free rank
    slots: np.ndarray  # (|S|, |H|) int: j, free ranks left after the required wolves
    required: np.ndarray  # (|S|, n) bool: wolves the seer's results require (besides the holder)
    seer_free: np.ndarray  # (|S|, n) bool: may fill a free rank as far as the seer's facts go
    holder_free: np.ndarray  # (|H|, n) bool: may fill a free rank as far as the holder's facts go
    kills: np.ndarray  # (|H|, n) bool: killed by this holder's attacks
    free: int  # f


@dataclass(frozen=True)
class Multiverse:
    """The world set of a game, as facts; every question about it is an exact count.

    Instances are immutable: each change returns a new multiverse, and counts are cached.

    >>> m = Multiverse.start(4, 2)           # villager, seer, wolf:1, wolf:2 — 24 worlds
    >>> m = m.attack(0, 2)                   # A attacks C (the source's dominant-wolf example)
    >>> m.count, m.table.rows[2]
    (22, Row(villager=6, seer=6, wolf=10, dead=4))
    """

    players: int
    wolves: int
    cards: tuple[Card | None, ...] = field(default=())
    dead: frozenset[Seat] = frozenset()
    divinations: tuple[Divination, ...] = ()
    attacks: tuple[Attack, ...] = ()
    survivors: frozenset[Seat] = frozenset()

    @classmethod
    def start(cls, players: int, wolves: int) -> Multiverse:
        """All P(players, wolves + 1) worlds, nobody dead."""
        if not 1 <= wolves < players:
            raise ValueError(f"need 1 ≤ wolves < players, got {wolves} wolves for {players} players")
        return cls(players, wolves, (None,) * players)

    # ----------------------------------------------------------------- changes

    def divine(self, seer: Seat, target: Seat, is_wolf: bool) -> Multiverse:
        """Delete every world where ``seer`` is the seer and ``target``'s wolf-ness differs."""
        child = replace(self, divinations=self.divinations + (Divination(seer, target, is_wolf),))
        return self._derive(child, lambda layout: layout.divined(seer, target, is_wolf))

    def attack(self, attacker: Seat, target: Seat) -> Multiverse:
        """Apply an attack in the worlds where ``attacker`` is the dominant wolf."""
        rank = self._layout.dominant
        if rank is None:
            return self
        child = replace(self, attacks=self.attacks + (Attack(attacker, target, rank),))
        return self._derive(child, lambda layout: layout.attacked(attacker, target, self.survivors))

    def require_alive(self, player: Seat) -> Multiverse:
        """Delete every world where ``player`` is dead (the pre-filter of an execution)."""
        child = replace(self, survivors=self.survivors | {player})
        return self._derive(child, lambda layout: layout.kept_alive(player))

    def collapse(self, player: Seat, card: Card) -> Multiverse:
        """Keep only the worlds where ``player`` holds ``card`` (check :meth:`card_counts` first)."""
        cards = list(self.cards)
        cards[player] = card
        child = replace(self, cards=tuple(cards))
        return self._derive(child, lambda layout: layout.collapsed(player, child.cards, self.wolves, self.survivors))

    def kill(self, player: Seat) -> Multiverse:
        """Mark ``player`` dead in every world."""
        child = replace(self, dead=self.dead | {player})
        return self._derive(child, lambda layout: layout.killed(player))

    def _derive(self, child: Multiverse, change: Callable[[_Layout], _Layout]) -> Multiverse:
        """``child`` with its layout made from this one's by ``change``, when this one has been built
        (a cached property: setting it is setting the cache)."""
        if "_layout" in self.__dict__:
            child.__dict__["_layout"] = change(self._layout)
        return child

    # --------------------------------------------------------------- questions

    @property
    def dominant_rank(self) -> int | None:
        """The rank whose living holder attacks effectively tonight (None when all wolves died)."""
        return self._layout.dominant

    @cached_property
    def count(self) -> int:
        """The number of worlds left."""
        return self._count()

    @cached_property
    def table(self) -> Table:
        """World counts of every player's role and death."""
        return self._table()

    @cached_property
    def living(self) -> tuple[Seat, ...]:
        """Players not publicly dead, in seat order."""
        return tuple(p for p in range(self.players) if p not in self.dead)

    @cached_property
    def possible(self) -> tuple[frozenset[Seat], frozenset[Seat]]:
        """The living players who may still be the seer, and those who may still be a wolf."""
        rows = self.table.rows
        return (frozenset(p for p in self.living if rows[p].seer > 0),
                frozenset(p for p in self.living if rows[p].wolf > 0))

    @cached_property
    def acting(self) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
        """In seat order, the living who may be the seer, and those who may be the seer or a wolf:
        who acts on a night without attacks, and on a night with them."""
        seers, wolves = self.possible
        return (tuple(p for p in self.living if p in seers),
                tuple(p for p in self.living if p in seers or p in wolves))

    def divination_odds(self, seer: Seat, target: Seat) -> tuple[int, int]:
        """``(w, c)``: ``c`` worlds where ``seer`` is the living seer, ``w`` of them with ``target`` a
        wolf. The result is "wolf" with probability w/c; c == 0 means no result at all."""
        layout = self._layout
        if layout.dead[seer]:
            return 0, 0
        pairs = self._pairs(seer=_onehot(layout.n, seer), holder=~layout.attacks[:, seer])
        if pairs is None or not pairs.ok.any():
            return 0, 0
        # One seer, so the pairs are his holders. In a pair's worlds the target is a wolf in all of
        # them (he is the holder, a wolf the seer's results require, or a known wolf), in those
        # that choose him for a free rank (when he may fill one), or in none.
        ok, required = pairs.ok[0], pairs.required[0]
        every = (pairs.holders == target) | required[target] | layout.pinned_wolf[target]
        chosen = ~every & pairs.seer_free[0, target] & ~required[target] & pairs.holder_free[:, target]
        code = pairs.optional[0] * (pairs.free + 1) + pairs.slots[0]
        candidates = wolves = 0
        for kinds, weigh in ((ok, False), (ok & every, False), (ok & chosen, True)):
            counts = np.bincount(code[kinds])
            total = 0
            for c in np.flatnonzero(counts):
                e, j = divmod(int(c), pairs.free + 1)
                if weigh:  # worlds of the pair with the target among the j chosen of e
                    e, j = e - 1, j - 1
                total += _worlds_per_pair(e, j, pairs.free) * int(counts[c]) if e >= 0 and j >= 0 else 0
            if kinds is ok:
                candidates = total
            else:
                wolves += total
        return wolves, candidates

    def card_counts(self, player: Seat) -> dict[Card, int]:
        """In how many worlds ``player`` holds each card (cards with no world left out), in
        canonical order: the distribution of his collapse."""
        collapsed = self.cards[player]
        if collapsed is not None:
            return {collapsed: self.count} if self.count else {}
        layout = self._layout
        only = _onehot(layout.n, player)
        counts = {VILLAGER: self._count(seer=~only, nonwolf=only), SEER: self._count(seer=only)}
        if layout.dominant is not None:
            counts[wolf(layout.dominant)] = self._count(holder=only)
            if layout.free_ranks:
                share = self._count(holder=~only, wolf=only) // len(layout.free_ranks)
                counts.update({wolf(rank): share for rank in layout.free_ranks})
        return {card: c for card, c in sorted(counts.items(), key=lambda i: i[0].sort_key) if c}

    def dead_everywhere(self) -> list[Seat]:
        """Players not yet publicly dead who are dead in every world (they die at the next phase
        start). Empty when no world is left: nothing is derived from an empty world set."""
        table = self.table
        return [p for p in range(self.players) if p not in self.dead and table.certain(p, "dead")]

    def contains(self, world: tuple[Card, ...]) -> bool:
        """Whether ``world`` (a card per seat) is one of the worlds left."""
        if len(world) != self.players or sorted(c.sort_key for c in world if c.role is not Role.VILLAGER) != [
            (1, 0),
            *((2, r) for r in range(1, self.wolves + 1)),
        ]:
            return False
        if any(pin is not None and pin != card for pin, card in zip(self.cards, world)):
            return False
        n, layout = self.players, self._layout
        wolves = np.array([c.role is Role.WOLF for c in world])
        seer = np.array([c.role is Role.SEER for c in world])
        holder = np.array([c == wolf(layout.dominant) for c in world]) if layout.dominant else np.ones(n, bool)
        return self._count(seer=seer, holder=holder, wolf=wolves, nonwolf=~wolves) > 0

    def sample_world(self, rng: np.random.Generator) -> tuple[Card, ...]:
        """One world drawn uniformly from those left (the final collapse)."""
        pairs = self._pairs()
        if pairs is None or not pairs.ok.any():
            raise ValueError("no world is left to draw")
        weights = _weights(pairs)
        index = weighted_index(rng, [int(w) for w in weights.ravel()])
        row, col = divmod(index, len(pairs.holders))
        seer, holder = int(pairs.seers[row]), int(pairs.holders[col])
        required = pairs.required[row].copy()
        if holder >= 0:
            required[holder] = False
        optional = np.flatnonzero(pairs.seer_free[row] & pairs.holder_free[col] & ~pairs.required[row])
        chosen = list(np.flatnonzero(required))
        slots = int(pairs.slots[row, col])
        chosen += list(rng.choice(optional, size=slots, replace=False)) if slots else []
        ranks = self._layout.free_ranks
        order = rng.permutation(len(chosen))
        world = [card if card is not None else VILLAGER for card in self.cards]
        world[seer] = SEER
        dominant = self._layout.dominant
        if holder >= 0 and dominant is not None:  # a holder is drawn only while a dominant wolf lives
            world[holder] = wolf(dominant)
        for rank, pick in zip(ranks, order, strict=True):
            world[int(chosen[pick])] = wolf(rank)
        return tuple(world)

    # ---------------------------------------------------------------- the kernel

    @cached_property
    def _layout(self) -> _Layout:
        """The facts as arrays, built anew (a changed multiverse derives it from its parent's)."""
        n, k = self.players, self.wolves
        holder_of = {c.rank: p for p, c in enumerate(self.cards) if c is not None and c.role is Role.WOLF}
        dominant = next((r for r in range(1, k + 1) if r not in holder_of), None)
        dead = np.zeros(n, bool)
        dead[list(self.dead)] = True
        hit = np.zeros(n, bool)
        attacks = np.zeros((n, n), bool)
        for a in self.attacks:
            if a.rank == dominant:
                attacks[a.attacker, a.target] = True
            elif holder_of.get(a.rank) == a.attacker:  # made by a wolf now known: it certainly hit
                hit[a.target] = True
        wolf_found = np.zeros((n, n), bool)
        human_found = np.zeros((n, n), bool)
        for d in self.divinations:
            (wolf_found if d.wolf else human_found)[d.seer, d.target] = True
        return _arrange(self.cards, k, dead | hit, hit, attacks, wolf_found, human_found, self.survivors,
                        np.eye(n, dtype=bool))

    def _pairs(
        self,
        seer: Mask | None = None,
        holder: Mask | None = None,
        wolf: Mask | None = None,
        nonwolf: Mask | None = None,
    ) -> _Pairs | None:
        """The (seer, holder) pairs of the worlds where the seer is in ``seer``, the dominant wolf in
        ``holder``, every player of ``wolf`` is a wolf and none of ``nonwolf`` is. None: no world."""
        L = self._layout
        n = L.n
        if L.empty:
            return None
        must_not = L.nonwolf if nonwolf is None else L.nonwolf | nonwolf
        must = np.zeros(n, bool) if wolf is None else wolf
        if (must & must_not).any() or (must_not & L.pinned_wolf).any():
            return None
        seers = np.flatnonzero(L.seer_ok if seer is None else L.seer_ok & seer)
        # per seer: who may not fill a free rank, and who must
        blocked = L.eye[seers] | L.pinned | must_not | L.human_found[seers]
        required = (L.wolf_found[seers] | must) & ~L.pinned_wolf
        good = ~(required & blocked).any(axis=1) & ~(L.human_found[seers] & L.pinned_wolf).any(axis=1)
        seers, blocked, required = seers[good], blocked[good], required[good]
        if L.dominant is not None:
            holders = np.flatnonzero(L.holder_ok & ~must_not & (True if holder is None else holder))
            kills = L.attacks[holders]
            holder_blocked = L.eye[holders] | kills
            ok = seers[:, None] != holders[None, :]
            ok &= ~L.human_found[seers][:, holders]
            ok &= _matmul(required, kills.T) == 0  # a required wolf attacked by the dominant wolf
            n_required = required.sum(axis=1)[:, None] - required[:, holders]
            n_blocked = blocked.sum(axis=1)[:, None] + holder_blocked.sum(axis=1)[None, :]
            n_blocked = n_blocked - _matmul(blocked, holder_blocked.T)
        else:
            holders = np.array([-1])
            kills = holder_blocked = np.zeros((1, n), bool)
            ok = np.ones((len(seers), 1), bool)
            n_required = required.sum(axis=1)[:, None]
            n_blocked = blocked.sum(axis=1)[:, None]
        free = len(L.free_ranks)
        optional = n - n_blocked - n_required
        slots = free - n_required
        ok &= (slots >= 0) & (slots <= optional)
        return _Pairs(seers, holders, ok, optional, slots, required, ~blocked, ~holder_blocked, kills, free)

    def _count(self, **masks: Mask) -> int:
        pairs = self._pairs(**masks)
        if pairs is None:
            return 0
        total = 0
        for (e, j), pair_count in _categories(pairs):
            total += _worlds_per_pair(e, j, pairs.free) * pair_count
        return total

    def _table(self) -> Table:
        """Every seat's counts from the pairs, category by category: a category's pairs all have the
        same world count, so a seat's count in it is a machine-integer count of pairs (bit sets and
        integer products) times one exact Python integer."""
        n, L = self.players, self._layout
        seer = wolf_dominant = wolf_free = killed = np.zeros(n, object)
        total = 0
        pairs = self._pairs()
        if pairs is not None and pairs.ok.any():
            S, H = pairs.seers, pairs.holders
            has_holder = H[0] >= 0
            code = np.where(pairs.ok, pairs.optional * (pairs.free + 1) + pairs.slots, -1)
            categories = np.unique(code[code >= 0])
            member = code[None, :, :] == categories[:, None, None]  # (C, |S|, |H|) bool
            required = pairs.required.astype(np.int64)
            free_by_seer = (pairs.seer_free & ~pairs.required).astype(np.int64)
            rows, cols = member.sum(axis=2), member.sum(axis=1)  # (C, |S|), (C, |H|)
            in_required = rows @ required  # (C, n): pairs requiring t as a wolf, the holder among them
            if has_holder:  # the holder is no free wolf
                in_required[:, H] -= np.einsum("csh,sh->ch", member, required[:, H])
            # (C, n): the category's pairs where t may fill a free rank as far as both seer and holder
            # go, summed over the (category, seer) rows that have pairs (a seer's are in few categories)
            cat, row = np.nonzero(rows)
            by_holder = _matmul(member[cat, row], pairs.holder_free) * free_by_seer[row]
            optional = np.zeros((len(categories), n), dtype=np.int64)
            np.add.at(optional, cat, by_holder)
            dead = cols @ pairs.kills.astype(np.int64)  # (C, n)
            weight, weight_with = [], []
            for c in categories:
                e, j = divmod(int(c), pairs.free + 1)
                weight.append(_worlds_per_pair(e, j, pairs.free))
                weight_with.append(_worlds_per_pair(e - 1, j - 1, pairs.free) if e and j else 0)
            w, w_with = np.array(weight, dtype=object), np.array(weight_with, dtype=object)
            total = int(w @ rows.sum(axis=1).astype(object))
            seer = np.zeros(n, object)
            seer[S] = w @ rows.astype(object)
            wolf_dominant = np.zeros(n, object)
            if has_holder:
                wolf_dominant[H] = w @ cols.astype(object)
            wolf_free = w @ in_required.astype(object) + w_with @ optional.astype(object)
            killed = w @ dead.astype(object)
        out = []
        for p in range(n):
            wolves = total if L.pinned_wolf[p] else int(wolf_dominant[p] + wolf_free[p])
            dead_in = total if L.dead[p] else int(killed[p])
            out.append(Row(total - int(seer[p]) - wolves, int(seer[p]), wolves, dead_in))
        return Table(total, tuple(out))


def _arrange(
    cards: tuple[Card | None, ...],
    k: int,
    dead: Mask,
    hit: Mask,
    attacks: np.ndarray,
    wolf_found: np.ndarray,
    human_found: np.ndarray,
    survivors: frozenset[Seat],
    eye: np.ndarray,
) -> _Layout:
    """A layout from the cards and the facts already in arrays (``dead`` includes ``hit``)."""
    n = len(cards)
    pinned = np.array([c is not None for c in cards])
    pinned_wolf = np.array([c is not None and c.role is Role.WOLF for c in cards])
    holder_of = {c.rank for c in cards if c is not None and c.role is Role.WOLF}
    dominant = next((r for r in range(1, k + 1) if r not in holder_of), None)
    free_ranks = tuple(r for r in range(1, k + 1) if r not in holder_of and r != dominant)
    nonwolf = (pinned & ~pinned_wolf) | hit
    empty = bool((hit & pinned_wolf).any()) or any(hit[p] for p in survivors)
    pinned_seer = [p for p, c in enumerate(cards) if c is not None and c.role is Role.SEER]
    seer_ok = ~pinned if not pinned_seer else _onehot(n, pinned_seer[0])
    holder_ok = ~pinned & ~nonwolf & ~(attacks & pinned_wolf).any(axis=1)
    if survivors:
        holder_ok &= ~attacks[:, sorted(survivors)].any(axis=1)
    return _Layout(
        n, dominant, free_ranks, empty, pinned, pinned_wolf, nonwolf, dead, seer_ok, holder_ok,
        attacks, wolf_found, human_found, eye, hit,
    )


def _onehot(n: int, seat: Seat) -> Mask:
    mask = np.zeros(n, bool)
    mask[seat] = True
    return mask


def _matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Integer product of boolean matrices a (p, n) and b (n, q): int64 (p, q), counts of common
    members. A few rows (a divination's one seer) sum the rows of b they select; more go by bit sets."""
    if len(a) <= 4:
        return np.array([b[row].sum(axis=0) for row in a], dtype=np.int64).reshape(len(a), b.shape[1])
    return _common_packed(_pack(a), _pack(b.T))


def _pack(mask: np.ndarray) -> np.ndarray:
    """The rows of a boolean matrix (p, n) as bit sets: uint64 of shape (p, ⌈n/64⌉ or 1)."""
    packed = np.packbits(mask, axis=1, bitorder="little")
    words = np.zeros((len(mask), max(1, -(-packed.shape[1] // 8)) * 8), dtype=np.uint8)
    words[:, :packed.shape[1]] = packed
    return words.view(np.uint64)


def _common_packed(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """int64 (p, q): members shared by bit sets a[i] and b[j] (popcounts of their intersections;
    numpy's integer matrix product is a plain loop, its float one many threads that wait on a
    busy machine). By blocks of rows, so that the intersections take a few MB at most."""
    out = np.zeros((len(a), len(b)), dtype=np.int64)
    step = max(1, (1 << 20) // max(1, len(b)))
    for start in range(0, len(a), step):
        block = out[start:start + step]
        for word in range(a.shape[1]):
            block += np.bitwise_count(a[start:start + step, word, None] & b[None, :, word])
    return out


def _worlds_per_pair(optional: int, slots: int, free: int) -> int:
    """Worlds of one (seer, holder) pair: choose the optional free wolves, then order all free ranks."""
    return math.comb(optional, slots) * math.factorial(free)


def _categories(pairs: _Pairs) -> list[tuple[tuple[int, int], int]]:
    """Distinct ``(e, j)`` among the pairs with worlds, and how many pairs have each."""
    counts = np.bincount((pairs.optional * (pairs.free + 1) + pairs.slots)[pairs.ok])
    return [(divmod(int(v), pairs.free + 1), int(counts[v])) for v in np.flatnonzero(counts)]


def _weights(pairs: _Pairs) -> np.ndarray:
    """World count of every (seer, holder) pair, as Python integers (object array)."""
    out = np.zeros(pairs.ok.shape, object)
    for (i, j) in zip(*np.nonzero(pairs.ok)):
        out[i, j] = _worlds_per_pair(int(pairs.optional[i, j]), int(pairs.slots[i, j]), pairs.free)
    return out
