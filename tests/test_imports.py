"""No import circles among jinrou's modules, read from the source with :mod:`ast`.

The graph has an edge A → B for every ``import jinrou.B`` / ``from jinrou.B import x`` in module A
(``x`` itself when it is a submodule; relative imports resolved), each marked *top level* when it
runs while A is imported — in the module body, a class body, an ``if`` or a ``try`` — or *deferred*
when it sits inside a function. Imports under ``if TYPE_CHECKING:`` never run and are left out.

Two rules are checked, and why these two:

* **No cycle at module top level.** Such a cycle makes one module run while the other is half
  initialised: whether ``from a import b`` works then depends on which of the two was imported
  first. This is the cycle that breaks programs, so it is forbidden everywhere.
* **Packages depend one way** — rules → record → views → adapters (``docs``: ARCHITECTURE.md) —
  counting deferred imports too: collapse every module to its package (``jinrou.quantum``,
  ``jinrou.agents``, …; a top-level module such as ``jinrou.players`` is its own) and the package
  graph must have no cycle. A deferred import hides a circle from the interpreter, not from the
  reader: ``quantum`` importing ``agents`` inside a function still makes the rules depend on the
  bots that depend on the rules.

Not checked: a cycle *inside one package* closed only by deferred imports. It cannot see a
half-initialised module (the deferred import runs after both have loaded), and within one package
deferring an import is sometimes the simplest registry (a role module importing the game that
imports every role). Such cycles are listed by :func:`deferred_cycles_inside_packages` for a
reviewer to read, not asserted.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import jinrou

ROOT = Path(jinrou.__file__).parent


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    top_level: bool


def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    names = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imports(module: str, path: Path, known: dict[str, Path]) -> list[Edge]:
    """The jinrou modules ``module`` imports, with where and whether at top level."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    edges: list[Edge] = []

    def visit(node: ast.AST, top_level: bool) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child, top_level)
            return
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            if target in known and target != module:
                edges.append(Edge(module, target, node.lineno, top_level))
        inside = top_level and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return edges


def all_edges() -> list[Edge]:
    known = module_names()
    return [edge for module, path in known.items() for edge in imports(module, path, known)]


def package_of(module: str) -> str:
    """``jinrou.quantum.game`` → ``jinrou.quantum``; ``jinrou.players`` → itself."""
    return ".".join(module.split(".")[:2])


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    nodes = sorted(set(graph) | {t for targets in graph.values() for t in targets})
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.get(successor, ())))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def describe(component: list[str], edges: list[Edge], key=lambda name: name) -> str:
    """The edges inside a cycle, one per line, with the importing line."""
    inside = set(component)
    lines = [f"  {e.source}:{e.line} imports {e.target}{'' if e.top_level else ' (in a function)'}"
             for e in edges if key(e.source) in inside and key(e.target) in inside and key(e.source) != key(e.target)]
    return "\n".join(sorted(set(lines)))


def deferred_cycles_inside_packages() -> list[list[str]]:
    """Module cycles closed by deferred imports within one package (reported, not forbidden)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for edge in all_edges():
        graph[edge.source].add(edge.target)
    return cycles(graph)


def test_cycles_finds_a_strongly_connected_component():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_the_known_imports():
    edges = {(e.source, e.target) for e in all_edges()}
    assert ("jinrou.quantum.game", "jinrou.quantum.events") in edges
    assert ("jinrou.solve.werewolf", "jinrou.solve.unroll") in edges


def test_no_import_cycle_at_module_top_level():
    edges = [e for e in all_edges() if e.top_level]
    graph: dict[str, set[str]] = defaultdict(set)
    for edge in edges:
        graph[edge.source].add(edge.target)
    found = cycles(graph)
    assert not found, "modules import each other at top level:\n" + "\n\n".join(describe(c, edges) for c in found)


def test_packages_depend_one_way():
    edges = all_edges()
    graph: dict[str, set[str]] = defaultdict(set)
    for edge in edges:
        if package_of(edge.source) != package_of(edge.target):
            graph[package_of(edge.source)].add(package_of(edge.target))
    found = cycles(graph)
    assert not found, "packages import each other:\n" + "\n\n".join(describe(c, edges, package_of) for c in found)


CLASSIC_VOCABULARY = frozenset({
    "jinrou.classic.model", "jinrou.classic.catalog", "jinrou.classic.events", "jinrou.classic.identity",
    "jinrou.classic.role", "jinrou.classic.context", "jinrou.classic.abilities",
})  # fmt: skip
"""What a role declaration may import (ARCHITECTURE.md, "classic/ for 182 roles"): the words of the
game, a seat's identity, the events, the declaration kit and the context it is handed."""


def _every_import(path: Path, module: str, known: dict[str, Path]) -> set[str]:
    """Every jinrou module ``path`` names in an import, under ``TYPE_CHECKING`` too."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names)
    return {name for name in found if name in known}


def test_classic_roles_import_only_the_vocabulary():
    """roles/* never import the engine (game, victory, views, record …), not even for types: a role
    reaches the game only through the context it is handed."""
    known = module_names()
    bad = sorted(
        f"{module} imports {target}"
        for module, path in known.items() if module.startswith("jinrou.classic.roles.")
        for target in _every_import(path, module, known)
        if target not in CLASSIC_VOCABULARY and not target.startswith("jinrou.classic.roles")
        and target.startswith("jinrou.classic")
    )
    assert not bad, "a role module imports beyond the vocabulary:\n" + "\n".join(bad)


def test_the_classic_engine_is_in_no_import_circle():
    """The circle game ↔ role ↔ roles/* is gone: no module cycle, deferred imports counted, goes
    through the engine, the events, the model or the context. (One remains that this test leaves
    aside: ``catalog.by_name`` reads the declared English names, catalog → roles → role → catalog.)"""
    engine = {"jinrou.classic.game", "jinrou.classic.victory", "jinrou.classic.views", "jinrou.classic.record",
              "jinrou.classic.model", "jinrou.classic.events", "jinrou.classic.context"}
    found = [c for c in deferred_cycles_inside_packages() if engine & set(c)]
    assert not found, f"the classic engine is in an import circle: {found}"
