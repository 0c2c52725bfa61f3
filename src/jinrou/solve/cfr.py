"""CFR+ on a compiled game, vectorised: a level-by-level sweep of numpy operations per pass.

The method (Tammelin 2014; OpenSpiel's ``CFRPlusSolver`` semantics, which this reproduces iterate
for iterate): regret-matching+ (cumulative regrets clipped at zero), alternating updates (player 0
then player 1 in each iteration, each pass using the other's freshly updated policy), a uniform
start, and the average strategy weighted linearly (iteration t adds t × own reach × policy).

On a tree (poker) one pass for player p is three numpy sweeps over the edges, one ``bincount``
per level, in OpenSpiel's arithmetic order: forward reaches (own Σπ_p, counterfactual
Σπ_{−p}π_chance), backward values, then per decision edge of p regret += cf × (v(child) − v(node))
and average += t × own × σ.

On a merged game (a DAG of millions of nodes) one pass is two compiled sweeps over the edges and
one over the slots — never a Python loop over nodes:

1. forward: each node's counterfactual reach (summed over the histories merged into it);
2. backward: each node's value and, per slot of p, q(a) = Σ_h cf(h)·v(h·a) — a child's value is
   final before its parents' edges come up, so no third sweep is needed;
3. per slot: regret += q(a) − Σ_b σ(b)q(b) (that sum is Σ_h cf(h)·v(h)), and the average grows by
   t × own reach × σ, where own reach is a product along the player's own actions and is therefore
   computed per information set (perfect recall), not per node.

Best responses (for exploitability) sweep backward once per depth of the responder's own action
sequence, fixing his choices from the deepest information sets up.

References: O. Tammelin, "Solving Large Imperfect Information Games Using CFR+" (2014);
M. Zinkevich et al., "Regret Minimization in Games with Incomplete Information" (2007).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jinrou.solve import kernels
from jinrou.solve.efg import CHANCE, TERMINAL, CompiledGame


@dataclass(frozen=True)
class _Level:
    parent: np.ndarray
    child: np.ndarray
    slot: np.ndarray  # −1 on chance edges
    chance: np.ndarray
    mover: np.ndarray  # the parent's player (0, 1 or CHANCE)


class CFRPlus:
    """A CFR+ run on ``game``; ``iterate(n)`` advances it, the rest reads it."""

    def __init__(self, game: CompiledGame):
        self.game = game
        self.iteration = 0
        slots = len(game.slot_infoset)
        self.regret = np.zeros(slots)
        self.cumulative = np.zeros(slots)
        self._actions = np.bincount(game.slot_infoset, minlength=game.infosets).astype(np.int32)[game.slot_infoset]
        self.policy = 1.0 / self._actions  # uniform start
        # On a tree (nothing merged) the numpy passes follow OpenSpiel's arithmetic exactly, so the
        # iterates agree to the last bit (regret-matching+ turns rounding noise into diverging runs);
        # merged games (DAGs, millions of nodes) run the numba kernels instead.
        self.exact = game.histories == game.nodes
        self._mover = game.player[game.parent]  # each edge's acting player (or CHANCE)
        if self.exact:
            self._tree_setup()
        else:
            self._dag_setup()

    def _tree_setup(self) -> None:
        game = self.game
        self._terminal = game.player == TERMINAL
        slot, chance = game.slot, game.chance
        self._levels = [_Level(game.parent[s], game.child[s], slot[s], chance[s], self._mover[s])
                        for s in game.edge_levels]
        decision = slot >= 0
        order = np.lexsort((np.arange(len(game.parent)), _postorder(game)[game.parent]))
        self._player_edges = []
        for player in (0, 1):
            chosen = order[decision[order] & (self._mover[order] == player)]
            self._player_edges.append((game.parent[chosen], game.child[chosen], slot[chosen]))

    def _dag_setup(self) -> None:
        """Edges weighted by one index into a table: the policy, then the distinct chance
        probabilities (the game's ``weight``; the policy is a view of the table, updated in place)."""
        game = self.game
        slots = len(game.slot_infoset)
        self._windex = game.weight
        self._table = np.concatenate([self.policy, game.probabilities])
        self.policy = self._table[:slots]
        self._leaf = game.utility  # 0 but at the terminals
        self._parent_slot = kernels.own_parents(game.parent, game.child, game.weight, self._mover, game.slot_infoset,
                                                game.infosets, game.nodes)
        if (self._parent_slot == -2).any():
            raise ValueError(f"{game.name} lacks perfect recall: an information set follows different own actions")
        self._parent_slot[self._parent_slot < -1] = -1  # a forced choice spliced out: own reach 1 there
        self._cf, self._value, self._q = np.zeros(game.nodes), np.zeros(game.nodes), np.zeros(slots)

    # -------------------------------------------------------------- iterating

    def iterate(self, iterations: int = 1) -> None:
        for _ in range(iterations):
            self.iteration += 1
            for player in (0, 1):
                if self.exact:
                    self._update(player)
                    np.maximum(self.regret, 0.0, out=self.regret)  # regret-matching+
                    self.policy = _matched(self.regret, self.game.slot_infoset, self._actions)
                else:  # a merged game: the numba sweeps, forward then backward
                    g = self.game
                    kernels.counterfactual(player, g.parent, g.child, self._windex, self._mover, self._table,
                                           self._cf)
                    kernels.backward_q(player, g.parent, g.child, self._windex, self._mover, self._table,
                                       self._leaf, self._cf, self._value, self._q)
                    kernels.regret_update(player, float(self.iteration), self._q, self.policy, self._actions,
                                          g.slot_infoset, g.infoset_player, self._parent_slot, self.regret,
                                          self.cumulative)

    def _update(self, player: int) -> None:
        """One pass on a tree, in OpenSpiel's arithmetic order: reach products kept per player,
        histories added one after the other in depth-first post-order (``np.add.at``)."""
        n = self.game.nodes
        reach = [np.ones(n), np.ones(n), np.ones(n)]  # player 0, player 1, chance
        padded = _padded(self.policy)
        for level in self._levels:
            weight = np.where(level.slot >= 0, padded[level.slot], level.chance)
            for who, r in ((0, reach[0]), (1, reach[1]), (CHANCE, reach[2])):
                r[level.child] = r[level.parent] * np.where(level.mover == who, weight, 1.0)
        own, cf = reach[player], reach[1 - player] * reach[2]
        value = self._values(self.policy)
        sign = 1.0 if player == 0 else -1.0
        parent, child, slot = self._player_edges[player]
        np.add.at(self.regret, slot, cf[parent] * (sign * value[child] - sign * value[parent]))
        np.add.at(self.cumulative, slot, self.iteration * own[parent] * self.policy[slot])

    def _values(self, policy: np.ndarray) -> np.ndarray:
        """Each node's value for player 0 when everybody plays ``policy`` (per slot)."""
        if not self.exact:
            g = self.game
            return kernels.backward(g.parent, g.child, self._windex, self._weights(policy), self._leaf, self._value)
        n = self.game.nodes
        value = np.where(self._terminal, self.game.utility, 0.0)
        padded = _padded(policy)
        for level in reversed(self._levels):
            weight = np.where(level.slot >= 0, padded[level.slot], level.chance)
            value += np.bincount(level.parent, weight * value[level.child], minlength=n)
        return value

    # ---------------------------------------------------------------- reading

    def average_policy(self) -> np.ndarray:
        """The average strategy per slot (uniform where an information set was never reached)."""
        sums = np.bincount(self.game.slot_infoset, self.cumulative, minlength=self.game.infosets)
        total = sums[self.game.slot_infoset]
        return np.where(total > 0, self.cumulative / np.where(total > 0, total, 1.0), 1.0 / self._actions)

    def value(self, policy: np.ndarray | None = None) -> float:
        """Player 0's expected payoff under ``policy`` (default: the average strategy)."""
        return float(self._values(self.average_policy() if policy is None else policy)[0])

    def best_response_value(self, player: int, policy: np.ndarray | None = None) -> float:
        """``player``'s payoff when he best-responds to the other's ``policy`` (default: average)."""
        policy = self.average_policy() if policy is None else policy
        if self.exact:
            return best_response_value(self.game, policy, player)
        g = self.game
        return float(kernels.best_response(player, g.parent, g.child, self._windex, self._mover, self._leaf,
                                           self._weights(policy), g.slot_infoset, g.infoset_player, self._cf,
                                           self._value))

    def _weights(self, policy: np.ndarray) -> np.ndarray:
        """The table of edge weights (merged games) with ``policy`` in place of the current one."""
        table = self._table.copy()
        table[:len(policy)] = policy
        return table

    def exploitability(self, policy: np.ndarray | None = None) -> float:
        """(BR₀ + BR₁) / 2 against ``policy`` (default: the average strategy) — OpenSpiel's
        exploitability, 0 exactly at a Nash equilibrium."""
        policy = self.average_policy() if policy is None else policy
        return (self.best_response_value(0, policy) + self.best_response_value(1, policy)) / 2

    def strategy(self, infoset: str, average: bool = True) -> dict[str, float]:
        """The average (or current) strategy at an information set, by action label."""
        index = self.game.infoset_index(infoset)
        policy = self.average_policy() if average else self.policy
        g = self.game
        return {g.labels[g.slot_label[s]]: float(policy[s]) for s in g.slots_of(index)}


def _matched(regret: np.ndarray, slot_infoset: np.ndarray, actions: np.ndarray) -> np.ndarray:
    """Regret matching: positive regrets normalised per information set, else uniform."""
    positive = np.maximum(regret, 0.0)
    sums = np.bincount(slot_infoset, positive, minlength=slot_infoset.max(initial=-1) + 1)[slot_infoset]
    return np.where(sums > 0, positive / np.where(sums > 0, sums, 1.0), 1.0 / actions)


def best_response_value(game: CompiledGame, policy: np.ndarray, player: int) -> float:
    """The value for ``player`` of a best response to the other player's ``policy``.

    The responder's information sets are decided from the deepest (by the number of his own
    earlier decisions) to the root. Each round sweeps backward once with the decisions taken so
    far — the values below the current depth are then exact — and picks, at every information set
    of that depth, the action maximising Σ_h cf_reach(h) · v(h·a).
    """
    n = game.nodes
    slots, chances = game.slot, game.chance
    levels = [(game.parent[s], game.child[s], slots[s], chances[s], game.player[game.parent[s]])
              for s in game.edge_levels]
    sign = 1.0 if player == 0 else -1.0
    leaf = np.where(game.player == TERMINAL, sign * game.utility, 0.0)
    # counterfactual reach (the other player's policy and chance), and the responder's own depth
    cf, depth = np.zeros(n), np.zeros(n, dtype=np.int64)
    cf[0] = 1.0
    padded = _padded(policy)
    for parent, child, slot, chance, mover in levels:
        mine = mover == player
        cf += np.bincount(child, cf[parent] * np.where(mine, 1.0, np.where(slot >= 0, padded[slot], chance)),
                          minlength=n)
        np.maximum.at(depth, child, depth[parent] + mine)
    infoset_depth = np.full(game.infosets, -1, dtype=np.int64)
    for parent, child, slot, chance, mover in levels:
        mine = mover == player
        np.maximum.at(infoset_depth, game.slot_infoset[slot[mine]], depth[parent[mine]])
    slot_depth = infoset_depth[game.slot_infoset]
    respond = np.where(game.infoset_player[game.slot_infoset] == player, 0.0, policy)

    def sweep() -> np.ndarray:
        value, weights = leaf.copy(), _padded(respond)
        for parent, child, slot, chance, mover in reversed(levels):
            value += np.bincount(parent, np.where(slot >= 0, weights[slot], chance) * value[child], minlength=n)
        return value

    for k in range(int(infoset_depth.max(initial=-1)), -1, -1):
        value = sweep()
        q = np.zeros(len(policy))
        for parent, child, slot, chance, mover in levels:
            pick = (mover == player) & (slot_depth[np.maximum(slot, 0)] == k)
            if pick.any():
                q += np.bincount(slot[pick], cf[parent[pick]] * value[child[pick]], minlength=len(policy))
        _decide(game, q, respond, infoset_depth == k)
    return float(sweep()[0])


def _padded(policy: np.ndarray) -> np.ndarray:
    """The policy with one more entry, which chance edges (slot −1) index harmlessly."""
    return np.append(policy, 0.0)


def _postorder(game: CompiledGame) -> np.ndarray:
    """Each node's rank in a depth-first post-order that visits children in action order."""
    children: list[list[int]] = [[] for _ in range(game.nodes)]
    for parent, child in zip(game.parent.tolist(), game.child.tolist()):
        children[parent].append(child)
    rank = np.zeros(game.nodes, dtype=np.int64)
    counter, stack = 0, [(0, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            rank[node] = counter
            counter += 1
            continue
        stack.append((node, True))
        stack.extend((c, False) for c in reversed(children[node]))
    return rank


def _decide(game: CompiledGame, q: np.ndarray, respond: np.ndarray, infosets: np.ndarray) -> None:
    """Set ``respond`` one-hot on the best action of every information set in the ``infosets`` mask."""
    slots = np.flatnonzero(infosets[game.slot_infoset])
    if not len(slots):
        return
    owner = game.slot_infoset[slots]
    order = np.lexsort((-q[slots], owner))  # per information set, the best action first
    first = np.ones(len(order), dtype=bool)
    first[1:] = owner[order][1:] != owner[order][:-1]
    respond[slots] = 0.0
    respond[slots[order[first]]] = 1.0
