"""Extensive-form games: a small state interface, and its compilation into flat arrays.

A game is written the OpenSpiel way — a :class:`State` says whose turn it is (a player, chance, or
terminal), its legal actions or chance outcomes with exact probabilities, its children, each
player's information-state string, and the returns at the end. Simultaneous moves are written as
consecutive moves whose second mover's information state does not show the first move.

:func:`compile_game` walks the game once and lays it out for vectorised solvers: nodes grouped by
depth, edges (parent → child, with the acting player's information-set *slot* or a chance
probability), and the slot table (information set, action). Two histories whose states compare
equal through :meth:`State.key` are **merged** into one node, so the compiled game is a DAG whose
edges carry the multiplicities: solvers add reach along edges and push values back along them,
which is exact because merged histories have the same future and the same information sets.
A node with a single move is the identity, so it is **spliced out**: the edges into it lead to
where its move leads instead — a chance node with one outcome (a werewolf game has many: every night
after the seer's death), one whose outcomes all lead to the same child (outcomes that meet are one
edge first), and a decision of an information set with one action (its slot stays, with
probability 1); each would cost every sweep of every iteration.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol, runtime_checkable

import numpy as np

CHANCE = -1
TERMINAL = -2


class State(Protocol):
    """One history of a two-player zero-sum game."""

    def player(self) -> int:
        """0 or 1 to move, CHANCE, or TERMINAL."""
        ...

    def actions(self) -> Sequence[str]:
        """Legal actions of the player to move, as short labels (unique within the state)."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[str, float]]:
        """(label, probability) of each chance outcome."""
        ...

    def child(self, action: str) -> State: ...

    def infoset(self, player: int) -> str:
        """The information-state string of ``player`` (only asked of the player to move)."""
        ...

    def returns(self) -> float:
        """Player 0's payoff at a terminal state (player 1 gets its negative)."""
        ...

    def key(self) -> Hashable:
        """Equal keys ⇒ the two histories may be merged (same future, same information sets)."""
        ...


class Game(Protocol):
    name: str

    def initial(self) -> State: ...


@runtime_checkable
class CompilesByViews(Game, Protocol):
    """A game whose states are a small core plus each player's history text, and which says so by
    compiling itself through its core automaton (:func:`jinrou.solve.unroll.compile_by_views`): the
    same compiled game as the walk of :func:`compile_game`, at a fraction of its cost."""

    def compile_by_views(self, splice: bool = True, settle: bool = True) -> CompiledGame: ...


@dataclass
class CompiledGame:
    """A game as arrays. Nodes are numbered level by level (the root is node 0).

    Per node (n,): ``player`` int8 (0, 1, CHANCE, TERMINAL), ``utility`` float64 (player 0's
    payoff at terminals, else 0). Per edge (e,), sorted by the parent's level: ``parent``,
    ``child`` int32, ``weight`` int32: the (information set, action) *slot* of a decision edge, or
    (slots + k) for a chance edge of probability ``probabilities[k]`` (float64, distinct values) —
    one index into "the policy, then the probabilities", which is how the solver weighs edges, at
    4 bytes an edge. ``slot`` (−1 for chance) and ``chance`` (1 on decision edges) are the same
    two columns spelt out (made on each access: for small games and tests). Levels:
    ``edge_levels`` lists slices of edges whose parents lie on one level, root first.
    Per slot (s,): ``slot_infoset`` int32, ``slot_label`` int16 (its action: ``labels[slot_label]``,
    spelt out by ``slot_action``). Per information set (i,):
    ``infoset_player`` int8, ``infoset_names`` (made on first use by ``namer``).
    """

    name: str
    player: np.ndarray
    utility: np.ndarray
    parent: np.ndarray
    child: np.ndarray
    weight: np.ndarray
    probabilities: np.ndarray
    edge_levels: list[slice]
    slot_infoset: np.ndarray
    slot_label: np.ndarray
    labels: list[str]
    infoset_player: np.ndarray
    namer: Callable[[], list[str]] = field(repr=False)
    histories: int  # histories before merging (spliced nodes not counted)

    @property
    def nodes(self) -> int:
        return len(self.player)

    @property
    def slot(self) -> np.ndarray:
        """Each edge's slot, −1 on chance edges (int32)."""
        return np.where(self.weight < len(self.slot_infoset), self.weight, -1).astype(np.int32)

    @property
    def chance(self) -> np.ndarray:
        """Each edge's chance probability, 1 on decision edges (float64)."""
        k = self.weight.astype(np.int64) - len(self.slot_infoset)
        return np.append(self.probabilities, 1.0)[np.where(k >= 0, k, -1)]

    @property
    def infosets(self) -> int:
        return len(self.infoset_player)

    @cached_property
    def slot_action(self) -> list[str]:
        """Each slot's action label."""
        return [self.labels[a] for a in self.slot_label.tolist()]

    @cached_property
    def infoset_names(self) -> list[str]:
        """Each information set's string (made on first use: millions of strings are gigabytes, and
        solving needs none of them)."""
        return self.namer()

    @cached_property
    def _infoset_numbers(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.infoset_names)}

    def infoset_index(self, name: str) -> int:
        """The number of the information set called ``name`` (KeyError if the game has none)."""
        return self._infoset_numbers[name]

    def slots_of(self, infoset: int) -> np.ndarray:
        return np.flatnonzero(self.slot_infoset == infoset)


def transitions(state: State, who: int):
    """(label, chance probability or None, child) of every move — from ``state.transitions()`` when
    the game offers it (one pass instead of one ``child`` call per outcome)."""
    fast = getattr(state, "transitions", None)
    if fast is not None:
        return fast()
    if who == CHANCE:
        return [(label, p, state.child(label)) for label, p in state.chance_outcomes() if p > 0]
    return [(label, None, state.child(label)) for label in state.actions()]


def compile_game(game: Game, splice: bool = True, by_views: bool | None = None, settle: bool = True) -> CompiledGame:
    """Walk ``game`` level by level, merging equal states, into a :class:`CompiledGame`
    (``splice=False`` keeps the nodes with one move). A game that :class:`CompilesByViews` compiles
    itself, unless ``by_views=False`` (``by_views=True``: it must); it then also evaluates its
    subgames of chance alone at their core unless ``settle=False`` (the walk never does)."""
    if by_views is not False and isinstance(game, CompilesByViews):
        return game.compile_by_views(splice, settle)
    if by_views:
        raise ValueError(f"{game.name} does not compile by views")
    players: list[int] = []
    utilities: list[float] = []
    parents: list[int] = []
    children: list[int] = []
    slots: list[int] = []
    chances: list[float] = []
    infoset_ids: dict[str, int] = {}
    infoset_player: list[int] = []
    slot_ids: dict[tuple[int, str], int] = {}
    slot_infoset: list[int] = []
    slot_action: list[str] = []
    edge_levels: list[slice] = []

    level = [game.initial()]
    players.append(0)
    utilities.append(0.0)
    first = 0  # the number of the first node on this level
    multiplicity = [1]
    multiplicities = [1]  # histories merged into each node
    while level:
        next_level: list[State] = []
        next_index: dict[Hashable, int] = {}
        next_multiplicity: list[int] = []
        start = len(parents)
        for offset, state in enumerate(level):
            node = first + offset
            who = state.player()
            players[node] = who
            if who == TERMINAL:
                utilities[node] = state.returns()
                continue
            if who != CHANCE:
                name = state.infoset(who)
                infoset = infoset_ids.setdefault(name, len(infoset_ids))
                if infoset == len(infoset_player):
                    infoset_player.append(who)
            for label, probability, successor in transitions(state, who):
                key = successor.key()
                index = next_index.get(key)
                if index is None:
                    index = next_index[key] = len(next_level)
                    next_level.append(successor)
                    next_multiplicity.append(0)
                next_multiplicity[index] += multiplicity[offset]
                parents.append(node)
                children.append(first + len(level) + index)
                if who == CHANCE:
                    slots.append(-1)
                    chances.append(probability)
                else:
                    slot = slot_ids.setdefault((infoset, label), len(slot_ids))
                    if slot == len(slot_infoset):
                        slot_infoset.append(infoset)
                        slot_action.append(label)
                    slots.append(slot)
                    chances.append(1.0)
        edge_levels.append(slice(start, len(parents)))
        first += len(level)
        players.extend([0] * len(next_level))
        utilities.extend([0.0] * len(next_level))
        multiplicities.extend(next_multiplicity)
        level, multiplicity = next_level, next_multiplicity
    return assemble(game.name, np.array(players, dtype=np.int8), np.array(utilities, dtype=np.float64),
                    np.array(multiplicities, dtype=np.int64), np.array(parents, dtype=np.int32),
                    np.array(children, dtype=np.int32), *coded(np.array(slots, dtype=np.int32),
                                                               np.array(chances, dtype=np.float64)), [s.stop - s.start for s in edge_levels],
                    np.array(slot_infoset, dtype=np.int32), *_labelled(slot_action),
                    np.array(infoset_player, dtype=np.int8),
                    list(infoset_ids), splice)


def _labelled(actions: list[str]) -> tuple[np.ndarray, list[str]]:
    """Action labels as indices into the list of distinct labels."""
    numbers: dict[str, int] = {}
    codes = np.array([numbers.setdefault(a, len(numbers)) for a in actions], dtype=np.int16)
    return codes, list(numbers)


def coded(slot: np.ndarray, chance: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Edges' slots and probabilities as :func:`assemble` takes them: one int32 code per edge (the
    slot, or −1 − k for the k-th of the distinct probabilities), and those probabilities."""
    on_chance = slot < 0
    table, which = np.unique(chance[on_chance], return_inverse=True)
    code = slot.astype(np.int32)
    code[on_chance] = -1 - which.reshape(-1)
    return code, table


def assemble(name, player, utility, multiplicity, parent, child, code, table, level_sizes, slot_infoset,
             slot_label, labels, infoset_player, infoset_names, splice=True) -> CompiledGame:
    """A :class:`CompiledGame` from the arrays of a level-by-level walk (``level_sizes``: the
    number of edges leaving each level; ``code`` and ``table``: the edges' slots and chance
    probabilities, :func:`coded`; ``slot_label``: each slot's action, an index into ``labels``;
    the arrays are reused; ``infoset_names``: a list, or a function making it).

    With ``splice``, the nodes with one move are removed (:func:`jinrou.solve.kernels.splice`): a
    chance node's outcomes that lead to one child are one edge first (probabilities added), so a
    chance node whose outcomes all meet goes too; a decision node of an information set with one
    action is the identity for every value, and its information set keeps its (only) slot, which no
    edge then uses. (Not one with one legal action where its information set has more: under
    ``guard_self`` the wolves' choices can differ within one information set, and the player's own
    last action must stay the same for all its histories.)"""
    from jinrou.solve import kernels

    bounds = np.concatenate([[0], np.cumsum(level_sizes, dtype=np.int64)])
    parent, child, code = (a.astype(np.int32, copy=False) for a in (parent, child, code))
    table = np.asarray(table, dtype=np.float64)
    if splice:
        forced = np.bincount(slot_infoset, minlength=len(infoset_player))[slot_infoset] == 1
        nodes, edges, bounds, histories, extra = kernels.splice(player, utility, multiplicity, parent, child, code,
                                                                table, bounds, forced)
        table = np.concatenate([table, extra])
        player, utility = _shrunk(player, nodes), _shrunk(utility, nodes)
        parent, child, code = (_shrunk(a, edges) for a in (parent, child, code))
    else:
        histories = multiplicity.sum()
    # the weights: slots first, then the distinct probabilities (code −1 − k: table[k])
    probabilities, which = np.unique(table, return_inverse=True)
    kernels.recode(code, which.reshape(-1).astype(np.int32), len(slot_infoset))
    return CompiledGame(
        name=name,
        player=player,
        utility=utility,
        parent=parent,
        child=child,
        weight=code,
        probabilities=probabilities,
        edge_levels=[slice(a, b) for a, b in zip(bounds[:-1].tolist(), bounds[1:].tolist()) if b > a],
        slot_infoset=slot_infoset,
        slot_label=slot_label.astype(np.int16),
        labels=labels,
        infoset_player=infoset_player,
        namer=infoset_names if callable(infoset_names) else lambda: infoset_names,
        histories=int(histories),
    )


def _shrunk(array: np.ndarray, length: int) -> np.ndarray:
    """The first ``length`` entries, in place when the array owns its memory (no second copy)."""
    if array.flags.owndata and array.flags.c_contiguous and array.base is None:
        array.resize(length, refcheck=False)
        return array
    return array[:length].copy()
