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
def backward(parent, child, windex, table, leaf, value):
    """Every node's value (into ``value``) from the leaf values, edge e weighted by table[windex[e]]."""
    value[:] = leaf
    for e in range(len(parent) - 1, -1, -1):
        value[parent[e]] += table[windex[e]] * value[child[e]]
    return value


@numba.njit(cache=True)
def splice(player, utility, multiplicity, parent, child, code, table, bounds, forced):
    """Remove the nodes with one move, in place (see :func:`jinrou.solve.efg.assemble`): chance edges
    from one parent to one child become one edge (probabilities added), then every chance node left
    with one edge, and every decision node whose one edge is a ``forced`` slot (of an information set
    with one action), is bypassed (not the root) — edges into it lead where its edge leads, chains
    followed. ``code``: an edge's slot, or −1 − k for the probability table[k]; a merged edge's sum
    goes to a new entry after the table. ``bounds``: the first edge of each level and the end
    (edges grouped by parent, parents numbered level by level, children after their parents).
    Returns the nodes and edges kept (the arrays' leading parts), the new bounds, the histories of
    the nodes kept and the probabilities added to the table."""
    n, edges = len(player), len(parent)
    drop = np.zeros(edges, dtype=np.bool_)
    degree = np.zeros(n, dtype=np.int32)
    target = np.arange(n).astype(np.int32)
    extra = np.zeros(16)
    added = 0
    start = 0
    while start < edges:
        end = start
        while end < edges and parent[end] == parent[start]:
            end += 1
        for e in range(start, end):
            if drop[e]:
                continue
            if code[e] < 0:
                total = table[-1 - code[e]]
                merged = False
                for f in range(e + 1, end):
                    if not drop[f] and code[f] < 0 and child[f] == child[e]:
                        total += table[-1 - code[f]]
                        drop[f] = True
                        merged = True
                if merged:
                    if added == len(extra):
                        extra = np.concatenate((extra, np.zeros(len(extra))))
                    extra[added] = total
                    code[e] = -1 - (len(table) + added)
                    added += 1
            degree[parent[e]] += 1
            target[parent[e]] = child[e]
            if code[e] >= 0 and not forced[code[e]]:
                degree[parent[e]] += 1  # a choice: kept, whatever the edges left
        start = end
    through = np.zeros(n, dtype=np.bool_)
    for v in range(n - 1, 0, -1):  # the root stays the root; a child's target is final first
        if degree[v] == 1 and player[v] != -2:
            through[v] = True
            c = target[v]
            if through[c]:
                target[v] = target[c]
    renumber = degree  # reused: the new number of each node kept
    kept = 0
    histories = 0
    for v in range(n):
        if not through[v]:
            renumber[v] = kept
            player[kept], utility[kept], multiplicity[kept] = player[v], utility[v], multiplicity[v]
            histories += multiplicity[v]
            kept += 1
    new_bounds = np.zeros(len(bounds), dtype=np.int64)
    k = 0
    level = 0
    for e in range(edges):
        while e >= bounds[level + 1]:
            level += 1
            new_bounds[level] = k
        p = parent[e]
        if drop[e] or through[p]:
            continue
        c = child[e]
        if through[c]:
            c = target[c]
        parent[k], child[k], code[k] = renumber[p], renumber[c], code[e]
        k += 1
    for rest in range(level + 1, len(bounds)):
        new_bounds[rest] = k
    return kept, k, new_bounds, histories, extra[:added].copy()


@numba.njit(cache=True)
def recode(code, which, slots):
    """In place: a chance edge's code −1 − k becomes slots + which[k] (see efg.assemble)."""
    for e in range(len(code)):
        if code[e] < 0:
            code[e] = slots + which[-1 - code[e]]


@numba.njit(cache=True)
def own_parents(parent, child, weight, mover, slot_infoset, infosets, n):
    """Each information set's parent slot: its player's last own action before it (−1 at his
    first decision). Perfect recall makes it one slot for every history of the set; where it is
    not (different own pasts in one information set, or merged into one node above it) the set
    gets −2, and the caller refuses the game."""
    unset = -3
    last = np.full((2, n), unset, dtype=np.int32)
    last[:, 0] = -1
    found = np.full(infosets, unset, dtype=np.int64)
    for e in range(len(parent)):
        p, c, s = parent[e], child[e], weight[e]
        if s >= len(slot_infoset):
            s = -1  # a chance edge
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
def best_response(player, parent, child, windex, mover, leaf, table, slot_infoset, infoset_player, cf, value):
    """The responder's best-response value (see cfr.best_response_value). ``table``: the edge
    weights, the other player's policy in its first slots (the responder's are overwritten);
    ``cf`` and ``value``: node-sized buffers (the solver's, reused: no allocation per node)."""
    n, slots, infosets = len(leaf), len(slot_infoset), len(infoset_player)
    sign = 1.0 if player == 0 else -1.0
    cf[:] = 0.0
    cf[0] = 1.0
    depth = np.zeros(n, dtype=np.int32)
    for e in range(len(parent)):
        p, c = parent[e], child[e]
        mine = mover[e] == player
        cf[c] += cf[p] * (1.0 if mine else table[windex[e]])
        d = depth[p] + (1 if mine else 0)
        depth[c] = max(depth[c], d)
    infoset_depth = np.full(infosets, -1, dtype=np.int32)
    for e in range(len(parent)):
        if mover[e] == player:
            i = slot_infoset[windex[e]]
            infoset_depth[i] = max(infoset_depth[i], depth[parent[e]])
    for s in range(slots):
        if infoset_player[slot_infoset[s]] == player:
            table[s] = 0.0
    top = infoset_depth.max() if infosets > 0 else -1
    q = np.zeros(slots)
    best = np.full(infosets, -1, dtype=np.int64)
    for k in range(top, -1, -1):
        backward(parent, child, windex, table, leaf, value)
        q[:] = 0.0
        for e in range(len(parent)):
            if mover[e] == player and infoset_depth[slot_infoset[windex[e]]] == k:
                q[windex[e]] += cf[parent[e]] * (sign * value[child[e]])
        best[:] = -1
        for s in range(slots):
            i = slot_infoset[s]
            if infoset_player[i] == player and infoset_depth[i] == k and (best[i] < 0 or q[s] > q[best[i]]):
                best[i] = s
        for s in range(slots):
            i = slot_infoset[s]
            if infoset_player[i] == player and infoset_depth[i] == k:
                table[s] = 1.0 if best[i] == s else 0.0
    return sign * backward(parent, child, windex, table, leaf, value)[0]
