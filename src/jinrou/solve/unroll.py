"""Compiling a game whose states are a small automaton plus each player's history text.

In many games of imperfect information (the no-talk werewolf among them) a state is a handful of
counts — the *core* — together with what each player has seen so far, and a move changes the core
and appends a piece of text to each player's view. The full game has millions of histories, the
core a few thousand states. So the rules are asked once per core state (the game's own Python
code, with empty views: a child's views are then exactly the text the move appends), and the
millions of histories are unrolled with numpy, level by level: views become ids in a trie of
appended pieces, and nodes are merged when core, and both views, are equal — the same merging as
:func:`jinrou.solve.efg.compile_game` with the state's key, at a small fraction of its cost.

The contract of such a state (:class:`ViewState`: the methods besides :class:`jinrou.solve.efg.State`):

- ``views()``: each player's history text, ``None`` once he has left the game (died);
- ``with_views(views)``: the same state with other views;
- a move appends to each view (or ends it), and depends on nothing else of it; a player's
  information-state string is his view followed by a suffix that depends on the core only;
- every appended piece starts with a separator, so equal texts are equal sequences of pieces;
- an ended game is only its core (terminal nodes merge whatever the views).

Subgames of chance alone are **settled** at their core (:meth:`_Core.settle`): no decision below,
so their value is the core's, computed once, and a move into one leads to a terminal holding it —
the histories below are never unrolled (half the nodes of a large werewolf game), and no
information set is lost.

A game declares that its states keep the contract by offering ``compile_by_views`` (the
:class:`jinrou.solve.efg.CompilesByViews` protocol), which calls :func:`compile_by_views`. A test
compiles games both ways and compares them, which checks the contract.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol

import numpy as np

from jinrou.solve.efg import TERMINAL, CompiledGame, State, assemble, transitions

DEAD = -1  # the view of a player who has left the game
SAME = 0  # the event "nothing appended"


class ViewState(State, Protocol):
    """A state of a two-player game as its core and each player's view (the contract above)."""

    def views(self) -> tuple[str | None, str | None]:
        """Each player's history text, None once he has left the game."""
        ...

    def with_views(self, views: tuple[str | None, str | None]) -> ViewState:
        """The same core with other views."""
        ...


class ViewGame(Protocol):
    """A game whose states are :class:`ViewState` s."""

    name: str

    def initial(self) -> ViewState: ...


class _Core:
    """The core automaton: every reachable core state, its moves, the pieces they append."""

    def __init__(self, root: ViewState):
        self.pieces: dict[str, int] = {"": SAME}
        self.labels: dict[str, int] = {}
        self.suffixes: dict[str, int] = {}
        self.number: dict[Hashable, int] = {}
        self.player: list[int] = []
        self.utility: list[float] = []
        self.suffix: list[int] = []
        self.moves: list[list[tuple[int, float, int, int, int]]] = []  # label, probability, child, piece₀, piece₁
        self.root = self._add(root)
        todo = [root]
        while todo:
            state = todo.pop()
            who = state.player()
            moves = []
            if who != TERMINAL:
                for label, probability, child in transitions(state, who):
                    core = _blank(child)
                    known = len(self.number)
                    index = self._add(core)
                    if index == known:
                        todo.append(core)
                    first, second = (DEAD if view is None else self.pieces.setdefault(view, len(self.pieces))
                                     for view in child.views())
                    label_id = self.labels.setdefault(label, len(self.labels))
                    moves.append((label_id, 1.0 if probability is None else probability, index, first, second))
            self.moves[self.number[state.key()]] = moves

    def _add(self, core: ViewState) -> int:
        key = core.key()
        index = self.number.get(key)
        if index is not None:
            return index
        index = self.number[key] = len(self.number)
        who = core.player()
        self.player.append(who)
        self.utility.append(core.returns() if who == TERMINAL else 0.0)
        suffix = core.infoset(who) if who >= 0 else ""
        self.suffix.append(self.suffixes.setdefault(suffix, len(self.suffixes)))
        self.moves.append([])
        return index

    def settle(self) -> None:
        """Evaluate every subgame of chance alone (no decision below, however many chance steps and
        views it has) at its core: a move into one leads to a terminal core holding its exact
        expected value instead (terminal cores are shared by value). Lossless for the solver — no
        information set lies below — and the end game, where histories are longest, is mostly such
        subgames (52 % of the nodes of 9 1 1 1). The root is kept as it is."""
        value: dict[int, float | None] = {}
        for core in self._postorder():
            if self.player[core] == TERMINAL:
                value[core] = self.utility[core]
            elif self.player[core] >= 0 or any(value[child] is None for _, _, child, _, _ in self.moves[core]):
                value[core] = None
            else:
                value[core] = sum(p * (value[child] or 0.0) for _, p, child, _, _ in self.moves[core])
        ends: dict[float, int] = {}
        for core in range(len(self.player)):
            if self.player[core] == TERMINAL:
                ends.setdefault(self.utility[core], core)
        for core, moves in enumerate(self.moves[:len(value)]):
            if value[core] is None or core == self.root:
                self.moves[core] = [(label, p, child if value[child] is None else self._end(ends, value[child]), a, b)
                                    for label, p, child, a, b in moves]
        for core, v in value.items():
            if v is not None and self.player[core] != TERMINAL and core != self.root:
                self.moves[core] = []  # unreachable now

    def _end(self, ends: dict[float, int], value: float | None) -> int:
        """The terminal core of payoff ``value`` (made on first use)."""
        assert value is not None
        if value not in ends:
            ends[value] = len(self.player)
            self.player.append(TERMINAL)
            self.utility.append(value)
            self.suffix.append(self.suffixes.setdefault("", len(self.suffixes)))
            self.moves.append([])
        return ends[value]

    def _postorder(self) -> list[int]:
        """Core states, each after every state it can move to (the automaton has no cycle)."""
        order, seen, stack = [], set(), [(self.root, False)]
        while stack:
            core, done = stack.pop()
            if done:
                order.append(core)
                continue
            if core in seen:
                continue
            seen.add(core)
            stack.append((core, True))
            stack.extend((child, False) for _, _, child, _, _ in self.moves[core] if child not in seen)
        return order

    def tables(self):
        """The moves as flat arrays, indexed through ``start`` (moves of core state a:
        start[a]:start[a+1])."""
        count = np.array([len(m) for m in self.moves], dtype=np.int64)
        start = np.concatenate([[0], np.cumsum(count)])
        flat = [move for moves in self.moves for move in moves]
        columns = np.array(flat, dtype=np.float64).reshape(-1, 5)
        label, child, piece0, piece1 = (columns[:, i].astype(np.int64) for i in (0, 2, 3, 4))
        return start, count, label, columns[:, 1], child, np.stack([piece0, piece1], axis=1)


def _blank(state: ViewState) -> ViewState:
    """The state's core: its views emptied (None kept for a player who has left)."""
    first, second = state.views()
    return state.with_views((None if first is None else "", None if second is None else ""))


class _Numbering:
    """Numbers for int64 keys that arrive level by level (a key may come again on a later level):
    the keys seen, sorted, with their numbers — vectorised, no Python loop per key."""

    def __init__(self, size: int = 0):
        self.size = size
        self.keys = np.zeros(0, dtype=np.int64)
        self.ids = np.zeros(0, dtype=np.int32)

    def number(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each key's number (new keys numbered in order of first appearance), and the position in
        ``keys`` of the first appearance of each new key, in number order."""
        distinct, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        where = np.searchsorted(self.keys, distinct)
        known = where < len(self.keys)
        known[known] = self.keys[where[known]] == distinct[known]
        ids = np.empty(len(distinct), dtype=np.int64)
        ids[known] = self.ids[where[known]]
        new = np.flatnonzero(~known)
        new = new[np.argsort(first[new], kind="stable")]
        ids[new] = self.size + np.arange(len(new))
        self.size += len(new)
        insert = np.sort(new)
        self.keys = np.insert(self.keys, where[insert], distinct[insert])
        self.ids = np.insert(self.ids, where[insert], ids[insert].astype(np.int32))
        return ids[inverse.reshape(-1)], first[new]


class _Trie:
    """Views as ids: id = (parent id, appended piece), numbered once for the whole game (a view
    can be extended on several levels)."""

    def __init__(self, pieces: int):
        self.pieces = pieces
        self.numbering = _Numbering(size=1)  # id 0: the empty view
        self.parent: list[np.ndarray] = [np.array([DEAD], dtype=np.int32)]
        self.piece: list[np.ndarray] = [np.array([SAME], dtype=np.int32)]

    def extend(self, view: np.ndarray, piece: np.ndarray) -> np.ndarray:
        out = np.where((view == DEAD) | (piece == DEAD), DEAD, view)
        grow = np.flatnonzero((out != DEAD) & (piece != SAME))
        if len(grow):
            ids, new = self.numbering.number(view[grow] * self.pieces + piece[grow])
            self.parent.append(view[grow[new]].astype(np.int32))
            self.piece.append(piece[grow[new]].astype(np.int32))
            out[grow] = ids
        return out

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Each view's parent view and appended piece (int32: what the names need of the trie)."""
        return np.concatenate(self.parent), np.concatenate(self.piece)


class _Namer:
    """The information sets' strings, made when first asked for (:attr:`CompiledGame.infoset_names`)
    from the views' trie: millions of strings are gigabytes, and solving needs none of them."""

    def __init__(self, game: str, trie: _Trie, view: np.ndarray, suffix: np.ndarray, pieces: list[str],
                 suffixes: list[str]):
        self.game, self.pieces, self.suffixes = game, pieces, suffixes
        self.parent, self.piece = trie.arrays()
        self.view, self.suffix = view.astype(np.int32), suffix.astype(np.int32)

    def __call__(self) -> list[str]:
        texts = self._texts(self.view)
        names = [text + self.suffixes[s] for text, s in zip(texts, self.suffix.tolist())]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.game}: two different views read the same (a piece without a separator?)")
        return names

    def _texts(self, wanted: np.ndarray) -> list[str]:
        """The text of each wanted view (shared prefixes built once)."""
        parent, piece, pieces = self.parent, self.piece, self.pieces
        memo: dict[int, str] = {DEAD: ""}
        for view in wanted.tolist():
            chain = []
            while view not in memo:
                chain.append(view)
                view = int(parent[view])
            text = memo[view]
            for v in reversed(chain):
                text = memo[v] = text + pieces[int(piece[v])]
        return [memo[view] for view in wanted.tolist()]


def _unique_rows(*columns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of non-negative int columns numbered by distinct value: each row's number, and the
    first row of each number."""
    combined = np.zeros(len(columns[0]), dtype=np.int64)
    for column in columns:
        _, combined = np.unique(combined * (int(column.max(initial=0)) + 1) + column, return_inverse=True)
        combined = combined.reshape(-1).astype(np.int64)
    _, first = np.unique(combined, return_index=True)
    return combined, first


def compile_by_views(game: ViewGame, splice: bool = True, settle: bool = True) -> CompiledGame:
    """Compile ``game`` (whose states follow the contract above) through its core automaton
    (``settle``: subgames of chance alone become terminals holding their value, :meth:`_Core.settle`)."""
    initial = game.initial()
    core = _Core(_blank(initial))
    if settle:
        core.settle()
    start, count, label, probability, child_core, piece = core.tables()
    root_pieces = [DEAD if v is None else core.pieces.setdefault(v, len(core.pieces)) for v in initial.views()]
    piece_texts, suffix_texts, labels = list(core.pieces), list(core.suffixes), list(core.labels)
    trie = _Trie(len(piece_texts))
    views = np.stack([trie.extend(np.zeros(1, dtype=np.int64), np.array([p])) for p in root_pieces], axis=1)
    core_player = np.array(core.player, dtype=np.int8)
    core_suffix = np.array(core.suffix, dtype=np.int64)

    level, multiplicity = np.array([core.root], dtype=np.int64), np.ones(1, dtype=np.int64)
    nodes_core, multiplicities = [level.astype(np.int32)], [multiplicity]
    parents, children, codes, level_sizes = [], [], [], []
    table, probability_id = np.unique(probability, return_inverse=True)  # edges' probabilities: codes −1 − k
    probability_id = probability_id.reshape(-1).astype(np.int32)
    extra, table_size = [table], len(table)
    suffixes = len(suffix_texts)
    infoset_numbers = _Numbering()  # keys: view · suffixes + suffix
    slot_numbers = _Numbering()  # keys: information set · labels + label
    nothing = np.zeros(0, dtype=np.int32)
    infoset_view, infoset_suffix, infoset_player, slot_infoset, slot_label = ([nothing] for _ in range(5))
    first = 0
    while len(level):
        who = core_player[level]
        # the information set of every decision node: (the mover's view, the core's suffix)
        node_infoset = np.full(len(level), -1, dtype=np.int64)
        decides = np.flatnonzero(who >= 0)
        if len(decides):
            view, suffix = views[decides, who[decides]], core_suffix[level[decides]]
            node_infoset[decides], new = infoset_numbers.number(view * suffixes + suffix)
            infoset_view.append(view[new].astype(np.int32))
            infoset_suffix.append(suffix[new].astype(np.int32))
            infoset_player.append(who[decides[new]])
        # every move of every node
        counts = count[level]
        source = np.repeat(np.arange(len(level)), counts)
        move = start[level][source] + np.arange(len(source)) - np.repeat(np.cumsum(counts) - counts, counts)
        after = child_core[move]
        next_views = np.stack([trie.extend(views[source, p], piece[move, p]) for p in (0, 1)], axis=1)
        next_views[core_player[after] == TERMINAL] = DEAD  # an ended game is only its core
        index, firsts = _unique_rows(after, next_views[:, 0] + 1, next_views[:, 1] + 1)
        decision = who[source] >= 0
        edge_slot = np.full(len(source), -1, dtype=np.int64)
        if decision.any():
            infoset, action = node_infoset[source[decision]], label[move[decision]]
            edge_slot[decision], new = slot_numbers.number(infoset * len(labels) + action)
            slot_infoset.append(infoset[new].astype(np.int32))
            slot_label.append(action[new].astype(np.int32))
        # histories merged into each node (float sums: exact below 2^53 histories)
        next_multiplicity = np.rint(np.bincount(index, multiplicity[source].astype(np.float64))).astype(np.int64)
        code = np.where(decision, edge_slot, -1 - probability_id[move]).astype(np.int32)
        keep, sums = _merged(source, index, probability[move], decision)
        if keep is not None:  # outcomes of one node that meet: one edge, its probability a new entry
            merged = sums >= 0
            code[merged] = -1 - (table_size + np.arange(merged.sum(), dtype=np.int32))
            extra.append(sums[merged])
            table_size += int(merged.sum())
            source, index, code = source[keep], index[keep], code[keep]
        parents.append((first + source).astype(np.int32))
        children.append((first + len(level) + index).astype(np.int32))
        codes.append(code)
        level_sizes.append(len(source))
        first += len(level)
        level, views, multiplicity = after[firsts], next_views[firsts], next_multiplicity
        nodes_core.append(level.astype(np.int32))
        multiplicities.append(multiplicity)

    namer = _Namer(game.name, trie, np.concatenate(infoset_view), np.concatenate(infoset_suffix), piece_texts,
                   suffix_texts)
    del trie, infoset_numbers, slot_numbers, views, next_views
    # one array at a time, each list freed as it is joined: the peak of the build is here
    all_core = _joined(nodes_core)
    player, utility = core_player[all_core], np.array(core.utility)[all_core]
    del all_core
    multiplicity = _joined(multiplicities)
    parent, child, code = _joined(parents), _joined(children), _joined(codes)
    return assemble(game.name, player, utility, multiplicity, parent, child, code, _joined(extra), level_sizes,
                    _joined(slot_infoset).astype(np.int32), _joined(slot_label), labels,
                    _joined(infoset_player).astype(np.int8), namer, splice)


def _merged(source: np.ndarray, index: np.ndarray, probability: np.ndarray, decision: np.ndarray):
    """A level's chance outcomes of one node that lead to one child as one edge (what
    :func:`jinrou.solve.efg.assemble` would do, done before the edges are stored): the edges kept
    (None: all), and the added probability on each kept edge that stands for several (−1 elsewhere)."""
    if decision.all():
        return None, None
    key = np.where(decision, -1 - np.arange(len(source)), source * (int(index.max()) + 1) + index)
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    if len(first) == len(key):
        return None, None
    inverse = inverse.reshape(-1)
    keep = np.zeros(len(key), dtype=bool)
    keep[first] = True
    several = np.bincount(inverse) > 1
    sums = np.where(several, np.bincount(inverse, np.where(decision, 0.0, probability)), -1.0)[inverse]
    sums[~keep] = -1.0
    return keep, sums


def _joined(parts: list[np.ndarray]) -> np.ndarray:
    """The parts as one array; the list is emptied (its arrays freed as soon as joined)."""
    joined = np.concatenate(parts)
    parts.clear()
    return joined
