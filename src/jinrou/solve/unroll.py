"""Compiling a game whose states are a small automaton plus each player's history text.

In many games of imperfect information (the no-talk werewolf among them) a state is a handful of
counts — the *core* — together with what each player has seen so far, and a move changes the core
and appends a piece of text to each player's view. The full game has millions of histories, the
core a few thousand states. So the rules are asked once per core state (the game's own Python
code, with empty views: a child's views are then exactly the text the move appends), and the
millions of histories are unrolled with numpy, level by level: views become ids in a trie of
appended pieces, and nodes are merged when core, and both views, are equal — the same merging as
:func:`jinrou.solve.efg.compile_game` with the state's key, at a small fraction of its cost.

The contract of such a state (the methods besides :class:`jinrou.solve.efg.State`):

- ``views()``: each player's history text, ``None`` once he has left the game (died);
- ``with_views(views)``: the same state with other views;
- a move appends to each view (or ends it), and depends on nothing else of it; a player's
  information-state string is his view followed by a suffix that depends on the core only;
- every appended piece starts with a separator, so equal texts are equal sequences of pieces;
- an ended game is only its core (terminal nodes merge whatever the views).

A test compiles games both ways and compares them, which checks the contract.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from jinrou.solve.efg import TERMINAL, CompiledGame, Game, assemble, transitions

DEAD = -1  # the view of a player who has left the game
SAME = 0  # the event "nothing appended"


class _Core:
    """The core automaton: every reachable core state, its moves, the pieces they append."""

    def __init__(self, root):
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
                    pieces = [DEAD if view is None else self.pieces.setdefault(view, len(self.pieces))
                              for view in child.views()]
                    label_id = self.labels.setdefault(label, len(self.labels))
                    moves.append((label_id, 1.0 if probability is None else probability, index, *pieces))
            self.moves[self.number[state.key()]] = moves

    def _add(self, core) -> int:
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

    def tables(self):
        """The moves as flat arrays, indexed through ``start`` (moves of core state a:
        start[a]:start[a+1])."""
        count = np.array([len(m) for m in self.moves], dtype=np.int64)
        start = np.concatenate([[0], np.cumsum(count)])
        flat = [move for moves in self.moves for move in moves]
        columns = np.array(flat, dtype=np.float64).reshape(-1, 5)
        label, child, piece0, piece1 = (columns[:, i].astype(np.int64) for i in (0, 2, 3, 4))
        return start, count, label, columns[:, 1], child, np.stack([piece0, piece1], axis=1)


def _blank(state):
    return state.with_views(tuple(None if view is None else "" for view in state.views()))


class _Trie:
    """Views as ids: id = (parent id, appended piece), interned once for the whole game (a view can
    be extended on several levels), kept as sorted keys parent·pieces + piece."""

    def __init__(self, pieces: int):
        self.pieces = pieces
        self.parent: list[np.ndarray] = [np.array([DEAD])]  # id 0: the empty view
        self.piece: list[np.ndarray] = [np.array([SAME])]
        self.size = 1
        self.keys = np.zeros(0, dtype=np.int64)
        self.ids = np.zeros(0, dtype=np.int64)

    def extend(self, view: np.ndarray, piece: np.ndarray) -> np.ndarray:
        out = np.where((view == DEAD) | (piece == DEAD), DEAD, view)
        grow = (out != DEAD) & (piece != SAME)
        if grow.any():
            keys, inverse = np.unique(view[grow] * self.pieces + piece[grow], return_inverse=True)
            where = np.searchsorted(self.keys, keys)
            known = where < len(self.keys)
            known[known] = self.keys[where[known]] == keys[known]
            ids = np.empty(len(keys), dtype=np.int64)
            ids[known] = self.ids[where[known]]
            new = keys[~known]
            ids[~known] = self.size + np.arange(len(new))
            self.parent.append(new // self.pieces)
            self.piece.append(new % self.pieces)
            self.size += len(new)
            self.keys = np.insert(self.keys, where[~known], new)
            self.ids = np.insert(self.ids, where[~known], ids[~known])
            out[grow] = ids[inverse.reshape(-1)]
        return out

    def texts(self, wanted: np.ndarray, pieces: list[str]) -> dict[int, str]:
        parent, piece = np.concatenate(self.parent), np.concatenate(self.piece)
        memo: dict[int, str] = {}
        for view in wanted.tolist():
            chain = []
            while view != DEAD and view not in memo:
                chain.append(view)
                view = int(parent[view])
            text = memo.get(view, "")
            for v in reversed(chain):
                text = memo[v] = text + pieces[int(piece[v])]
        return memo


def _unique_rows(*columns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of non-negative int columns numbered by distinct value: each row's number, and the
    first row of each number."""
    combined = np.zeros(len(columns[0]), dtype=np.int64)
    for column in columns:
        _, combined = np.unique(combined * (int(column.max(initial=0)) + 1) + column, return_inverse=True)
        combined = combined.reshape(-1).astype(np.int64)
    _, first = np.unique(combined, return_index=True)
    return combined, first


def _intern(table: dict, rows: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """Global numbers of the given distinct rows (tuples of ints), new ones numbered in order;
    and which of the rows were new."""
    ids = np.empty(len(rows), dtype=np.int64)
    new = []
    for k, row in enumerate(map(tuple, rows.tolist())):
        number = table.get(row)
        if number is None:
            number = table[row] = len(table)
            new.append(k)
        ids[k] = number
    return ids, new


def compile_by_views(game: Game, splice: bool = True) -> CompiledGame:
    """Compile ``game`` (whose states follow the contract above) through its core automaton."""
    initial = game.initial()
    core = _Core(_blank(initial))
    start, count, label, probability, child_core, piece = core.tables()
    root_pieces = [DEAD if v is None else core.pieces.setdefault(v, len(core.pieces)) for v in initial.views()]
    piece_texts, suffix_texts, labels = list(core.pieces), list(core.suffixes), list(core.labels)
    trie = _Trie(len(piece_texts))
    views = np.stack([trie.extend(np.zeros(1, dtype=np.int64), np.array([p])) for p in root_pieces], axis=1)
    core_player = np.array(core.player, dtype=np.int8)
    core_suffix = np.array(core.suffix, dtype=np.int64)

    level, multiplicity = np.array([core.root], dtype=np.int64), np.ones(1, dtype=np.int64)
    nodes_core, multiplicities = [level], [multiplicity]
    parents, children, slots, chances, level_sizes = [], [], [], [], []
    infoset_of: dict[tuple[int, int], int] = {}  # (view, suffix) → information set
    infoset_player: list[int] = []
    slot_of: dict[tuple[int, int], int] = {}  # (information set, label) → slot
    slot_infoset: list[int] = []
    slot_label: list[int] = []
    first = 0
    while len(level):
        who = core_player[level]
        # the information set of every decision node: (the mover's view, the core's suffix)
        node_infoset = np.full(len(level), -1, dtype=np.int64)
        decides = np.flatnonzero(who >= 0)
        if len(decides):
            pairs = np.stack([views[decides, who[decides]], core_suffix[level[decides]]], axis=1)
            number, firsts = _unique_rows(pairs[:, 0], pairs[:, 1])
            ids, new = _intern(infoset_of, pairs[firsts])
            infoset_player.extend(who[decides[firsts[new]]].tolist())
            node_infoset[decides] = ids[number]
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
            pairs = np.stack([node_infoset[source[decision]], label[move[decision]]], axis=1)
            number, firsts_ = _unique_rows(pairs[:, 0], pairs[:, 1])
            ids, new = _intern(slot_of, pairs[firsts_])
            slot_infoset.extend(pairs[firsts_[new], 0].tolist())
            slot_label.extend(pairs[firsts_[new], 1].tolist())
            edge_slot[decision] = ids[number]
        parents.append((first + source).astype(np.int32))
        children.append((first + len(level) + index).astype(np.int32))
        slots.append(edge_slot.astype(np.int32))
        chances.append(np.where(decision, 1.0, probability[move]))
        level_sizes.append(len(source))
        first += len(level)
        level, views = after[firsts], next_views[firsts]
        multiplicity = np.rint(np.bincount(index, multiplicity[source].astype(np.float64))).astype(np.int64)
        nodes_core.append(level)
        multiplicities.append(multiplicity)

    texts = trie.texts(np.array([view for view, _ in infoset_of], dtype=np.int64), piece_texts)
    names = [texts[view] + suffix_texts[suffix] for view, suffix in infoset_of]
    if len(set(names)) != len(names):
        raise ValueError(f"{game.name}: two different views read the same (a piece without a separator?)")
    all_core = np.concatenate(nodes_core)
    return assemble(game.name, core_player[all_core], np.array(core.utility)[all_core],
                    np.concatenate(multiplicities), np.concatenate(parents), np.concatenate(children),
                    np.concatenate(slots),
                    np.concatenate(chances), level_sizes, np.array(slot_infoset, dtype=np.int32),
                    [labels[a] for a in slot_label], np.array(infoset_player, dtype=np.int8), names, splice)
