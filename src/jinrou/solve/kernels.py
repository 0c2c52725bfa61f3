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
def parallel_chance(parent, child, slot, chance):
    """Chance edges from one parent to one child as one edge: a mask of the edges kept and the
    probabilities with the merged ones added to the first (edges come grouped by parent)."""
    keep = np.ones(len(parent), dtype=np.bool_)
    merged = chance.copy()
    start = 0
    while start < len(parent):
        end = start
        while end < len(parent) and parent[end] == parent[start]:
            end += 1
        for e in range(start, end):
            if slot[e] < 0 and keep[e]:
                for f in range(e + 1, end):
                    if keep[f] and slot[f] < 0 and child[f] == child[e]:
                        merged[e] += chance[f]
                        keep[f] = False
        start = end
    return keep, merged


@numba.njit(cache=True)
def own_parents(parent, child, slot, mover, slot_infoset, infosets, n):
    """Each information set's parent slot: its player's last own action before it (−1 at his
    first decision). Perfect recall makes it one slot for every history of the set; where it is
    not (different own pasts in one information set, or merged into one node above it) the set
    gets −2, and the caller refuses the game."""
    unset = -3
    last = np.full((2, n), unset, dtype=np.int64)
    last[:, 0] = -1
    found = np.full(infosets, unset, dtype=np.int64)
    for e in range(len(parent)):
        p, c, s = parent[e], child[e], slot[e]
        if s >= 0:
            i = slot_infoset[s]
            v = last[mover[e], p]
            if found[i] == unset:
                found[i] = v
            elif found[i] != v:
                found[i] = -2
        for who in range(2):
            new = s if (s >= 0 and mover[e] == who) else last[who, p]
            if last[who, c] == unset:
                last[who, c] = new
            elif last[who, c] != new:
                last[who, c] = -2
    return found


@numba.njit(cache=True)
def counterfactual(player, parent, child, windex, mover, table, cf):
    """Forward: every node's reach by the other player and chance (summed over merged histories)."""
    cf[:] = 0.0
    cf[0] = 1.0
    for e in range(len(parent)):
        x = cf[parent[e]]
        if mover[e] != player:
            x *= table[windex[e]]
        cf[child[e]] += x


@numba.njit(cache=True)
def backward_q(player, parent, child, windex, mover, table, leaf, cf, value, q):
    """Backward: every node's value for player 0, and per slot of ``player`` its counterfactual
    action value q(a) = Σ_h cf(h)·v(h·a) — each child's value is final when its edges come up."""
    value[:] = leaf
    q[:] = 0.0
    for e in range(len(parent) - 1, -1, -1):
        v = value[child[e]]
        w = windex[e]
        value[parent[e]] += table[w] * v
        if mover[e] == player:
            q[w] += cf[parent[e]] * v


@numba.njit(cache=True)
def regret_update(player, iteration, q, policy, actions, slot_infoset, infoset_player, parent_slot, regret,
                  cumulative):
    """Regrets r(a) += ±(q(a) − Σ_b σ(b)q(b)), and the average += t·own reach·σ, per information set
    of ``player``; then regret-matching+ of his new policy. Own reach is a product along his own
    actions (perfect recall), so it is computed per information set, not per node."""
    infosets = len(infoset_player)
    sign = 1.0 if player == 0 else -1.0
    expected = np.zeros(infosets)
    for s in range(len(policy)):
        expected[slot_infoset[s]] += policy[s] * q[s]
    own = np.ones(infosets)
    for i in range(infosets):  # a parent slot's information set comes first (level order)
        ps = parent_slot[i]
        if ps >= 0:
            own[i] = own[slot_infoset[ps]] * policy[ps]
    sums = np.zeros(infosets)
    for s in range(len(policy)):
        i = slot_infoset[s]
        if infoset_player[i] == player:
            cumulative[s] += iteration * own[i] * policy[s]
            r = regret[s] + sign * (q[s] - expected[i])
            regret[s] = max(0.0, r)
            sums[i] += regret[s]
    for s in range(len(policy)):
        i = slot_infoset[s]
        if infoset_player[i] == player:
            policy[s] = regret[s] / sums[i] if sums[i] > 0.0 else 1.0 / actions[s]


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
        depth[c] = max(depth[c], depth[p] + (1 if mine else 0))
    infoset_depth = np.full(infosets, -1, dtype=np.int64)
    for e in range(len(parent)):
        if mover[e] == player:
            i = slot_infoset[slot[e]]
            infoset_depth[i] = max(infoset_depth[i], depth[parent[e]])
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
            if infoset_player[i] == player and infoset_depth[i] == k and (best[i] < 0 or q[s] > q[best[i]]):
                best[i] = s
        for s in range(len(policy)):
            i = slot_infoset[s]
            if infoset_player[i] == player and infoset_depth[i] == k:
                respond[s] = 1.0 if best[i] == s else 0.0
    return backward(parent, child, weights(slot, chance, respond), leaf)[0]
