"""numba kernels for CFR+ on large compiled games (one loop over the edges per sweep).

Edges come in level order, so a forward loop sees every parent complete before its children and a
backward loop every child before its parents. These kernels serve merged games (DAGs) of millions
of nodes, where numpy's per-level passes cost too much; small trees keep the numpy path in
:mod:`jinrou.solve.cfr`, which reproduces OpenSpiel's arithmetic exactly.
"""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True)
def weights(slot, chance, policy):
    """Each edge's probability: the policy of its slot, or its chance probability. (Computed once
    per pass: a helper called per edge is not inlined and costs more than the sweeps.)"""
    w = np.empty(len(slot))
    for e in range(len(slot)):
        s = slot[e]
        w[e] = policy[s] if s >= 0 else chance[e]
    return w


@numba.njit(cache=True)
def backward(parent, child, w, leaf):
    """Every node's value from the leaf values, the edges weighted by ``w``."""
    value = leaf.copy()
    for e in range(len(parent) - 1, -1, -1):
        value[parent[e]] += w[e] * value[child[e]]
    return value


@numba.njit(cache=True)
def values(parent, child, slot, chance, utility, terminal, policy):
    """Every node's value for player 0 when both play ``policy``."""
    return backward(parent, child, weights(slot, chance, policy), np.where(terminal, utility, 0.0))


@numba.njit(cache=True)
def reaches(player, parent, child, w, mover, n):
    """The updating player's own reach and his counterfactual reach, per node."""
    own = np.zeros(n)
    cf = np.zeros(n)
    own[0] = 1.0
    cf[0] = 1.0
    for e in range(len(parent)):
        p, c = parent[e], child[e]
        if mover[e] == player:
            own[c] += own[p] * w[e]
            cf[c] += cf[p]
        else:
            own[c] += own[p]
            cf[c] += cf[p] * w[e]
    return own, cf


@numba.njit(cache=True)
def accumulate(player, iteration, parent, child, slot, mover, own, cf, value, policy, regret, cumulative):
    """Regrets and the linearly weighted average at the player's decision edges."""
    sign = 1.0 if player == 0 else -1.0
    for e in range(len(parent)):
        if mover[e] == player:
            s, p = slot[e], parent[e]
            regret[s] += cf[p] * sign * (value[child[e]] - value[p])
            cumulative[s] += iteration * own[p] * policy[s]


def update(player, iteration, parent, child, slot, chance, mover, utility, terminal, policy, regret, cumulative):
    """One CFR+ pass for ``player``: reaches forward, values backward, regrets and average. Small
    compiled loops composed in Python: fused into one function they ran three times slower."""
    w = weights(slot, chance, policy)
    own, cf = reaches(player, parent, child, w, mover, len(utility))
    value = backward(parent, child, w, np.where(terminal, utility, 0.0))
    accumulate(player, iteration, parent, child, slot, mover, own, cf, value, policy, regret, cumulative)


@numba.njit(cache=True)
def match(regret, slot_infoset, infosets, actions, policy):
    """Regret-matching+: clip regrets at 0, then positive regrets normalised per information set."""
    sums = np.zeros(infosets)
    for s in range(len(regret)):
        if regret[s] < 0.0:
            regret[s] = 0.0
        sums[slot_infoset[s]] += regret[s]
    for s in range(len(regret)):
        total = sums[slot_infoset[s]]
        policy[s] = regret[s] / total if total > 0.0 else 1.0 / actions[s]


@numba.njit(cache=True)
def best_response(player, parent, child, slot, chance, mover, utility, terminal, policy, slot_infoset,
                  infoset_player, infosets):
    """The responder's best-response value against ``policy`` (see cfr.best_response_value)."""
    n = len(utility)
    sign = 1.0 if player == 0 else -1.0
    cf = np.zeros(n)
    cf[0] = 1.0
    depth = np.zeros(n, dtype=np.int64)
    for e in range(len(parent)):
        p, c = parent[e], child[e]
        mine = mover[e] == player
        s = slot[e]
        w = 1.0 if mine else (policy[s] if s >= 0 else chance[e])
        cf[c] += cf[p] * w
        d = depth[p] + (1 if mine else 0)
        if d > depth[c]:
            depth[c] = d
    infoset_depth = np.full(infosets, -1, dtype=np.int64)
    for e in range(len(parent)):
        if mover[e] == player:
            i = slot_infoset[slot[e]]
            if depth[parent[e]] > infoset_depth[i]:
                infoset_depth[i] = depth[parent[e]]
    respond = policy.copy()
    for s in range(len(policy)):
        if infoset_player[slot_infoset[s]] == player:
            respond[s] = 0.0
    leaf = np.where(terminal, sign * utility, 0.0)
    top = infoset_depth.max() if infosets > 0 else -1
    for k in range(top, -1, -1):
        value = backward(parent, child, weights(slot, chance, respond), leaf)
        q = np.zeros(len(policy))
        for e in range(len(parent)):
            if mover[e] == player and infoset_depth[slot_infoset[slot[e]]] == k:
                q[slot[e]] += cf[parent[e]] * value[child[e]]
        best = np.full(infosets, -1, dtype=np.int64)
        for s in range(len(policy)):
            i = slot_infoset[s]
            if infoset_player[i] == player and infoset_depth[i] == k:
                if best[i] < 0 or q[s] > q[best[i]]:
                    best[i] = s
        for s in range(len(policy)):
            i = slot_infoset[s]
            if infoset_player[i] == player and infoset_depth[i] == k:
                respond[s] = 1.0 if best[i] == s else 0.0
    return backward(parent, child, weights(slot, chance, respond), leaf)[0]
