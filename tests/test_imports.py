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

For ``jinrou.classic`` (its section at the end) the rules are stricter: no circle at all, deferred and
``TYPE_CHECKING`` imports counted, but a listed few type-only edges of the declaration kit; the
vocabulary imports only what is below it; a role module imports the vocabulary and ``roles/common``,
never another role module; the engine names no role.

Not checked elsewhere: a cycle *inside one package* closed only by deferred imports. It cannot see a
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
    kind: str  # "top" (runs when the module is imported), "deferred" (in a function) or "type" (TYPE_CHECKING)

    @property
    def top_level(self) -> bool:
        return self.kind == "top"


def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    names = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imports(module: str, path: Path, known: dict[str, Path], typed: bool = False) -> list[Edge]:
    """The jinrou modules ``module`` imports, with where and of which kind; those under ``if
    TYPE_CHECKING:`` only when ``typed``."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    edges: list[Edge] = []

    def visit(node: ast.AST, kind: str) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body if typed else ():
                visit(child, "type")
            for child in node.orelse:
                visit(child, kind)
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
                edges.append(Edge(module, target, node.lineno, kind))
        inner = "deferred" if kind == "top" and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) \
            else kind
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), "top")
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
    notes = {"top": "", "deferred": " (in a function)", "type": " (type only)"}
    lines = [f"  {e.source}:{e.line} imports {e.target}{notes[e.kind]}"
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


# ---------------------------------------------------------------------- classic/ in layers (issue 33)

CLASSIC = "jinrou.classic"
VOCABULARY = ("settings", "actions", "catalog", "model", "chemical", "events", "abilities", "identity", "role", "phase", "context")
"""The vocabulary of classic/, lowest first (ARCHITECTURE.md, "classic/ in layers"): room settings, what an
action is, the catalog's data, the values, the events, what an ability is, a seat's layers, how a role is
declared, what the open phase holds, what a role may do (the context, typed by the Table it reads: a game's
state implements it, so the vocabulary names no engine module). A module imports only those before it (and nothing else of classic/), save
the type-only edges below."""

TYPE_ONLY_UPWARD = {
    ("abilities", "context"): "an ability's hooks are handed the context",
    ("abilities", "identity"): "… and the layer that holds it",
    ("identity", "role"): "a layer is one declaration held by a seat (and a declaration is handed its layer)",
    ("identity", "context"): "a seat's identity asks its layers' answers with the context",
    ("role", "context"): "a declaration's reactions and answers are handed the context",
}
"""The only edges that go up: ``if TYPE_CHECKING:`` imports, the declaration kit's types naming each other
(an Ability is handed a Context and a Layer; a Layer holds a Role; a Role answers given both). Nothing runs
them, and each is listed with its reason; any other edge up, or any of these made to run, is a circle."""


def classic_edges() -> list[Edge]:
    """Every import between jinrou.classic's modules, of every kind, by their names under it."""
    known = module_names()
    return [Edge(_short(edge.source), _short(edge.target), edge.line, edge.kind)
            for module, path in known.items() if module == CLASSIC or module.startswith(CLASSIC + ".")
            for edge in imports(module, path, known, typed=True) if edge.target.startswith(CLASSIC)]


def _short(module: str) -> str:
    return module.removeprefix(CLASSIC + ".") if module != CLASSIC else "(package)"


def _role_module(name: str) -> bool:
    return name.startswith("roles.") and name != "roles.common"


def test_the_classic_graph_sees_every_kind_of_import():
    kinds = {(e.source, e.target): e.kind for e in classic_edges()}
    assert kinds[("game", "roles")] == "top" and kinds[("abilities", "context")] == "type"
    assert kinds[("rolesheet", "roles.others")] == "deferred"  # the how-to's example, read in a function


def test_no_import_circle_in_classic_type_checking_imports_included():
    """No circle among jinrou.classic's modules, counting every import — at top level, in a function, under
    ``TYPE_CHECKING`` — but the listed type-only edges of the declaration kit (each must still be one)."""
    edges = classic_edges()
    graph: dict[str, set[str]] = defaultdict(set)
    for edge in edges:
        if not (edge.kind == "type" and (edge.source, edge.target) in TYPE_ONLY_UPWARD):
            graph[edge.source].add(edge.target)
    found = cycles(graph)
    assert not found, "jinrou.classic's modules import each other:\n" + "\n\n".join(
        describe(c, edges) for c in found)
    listed = {(e.source, e.target) for e in edges if e.kind == "type"}
    assert set(TYPE_ONLY_UPWARD) <= listed, f"no longer imported (remove them): {set(TYPE_ONLY_UPWARD) - listed}"


def test_the_classic_vocabulary_imports_nothing_above_it():
    """model, events, the actions and abilities' types, … import only what is below them in VOCABULARY."""
    bad = sorted(
        f"{e.source}:{e.line} imports {e.target} ({e.kind})"
        for e in classic_edges() if e.source in VOCABULARY and (e.source, e.target) not in TYPE_ONLY_UPWARD
        and (e.target not in VOCABULARY or VOCABULARY.index(e.target) >= VOCABULARY.index(e.source)))
    assert not bad, "the vocabulary imports upward:\n" + "\n".join(bad)


def test_a_role_module_imports_the_vocabulary_and_roles_common_never_another_role_module():
    """roles/* never import the engine (game, victory, views, record …), not even for types, nor each
    other: what several roles share is in roles/common, which imports only the vocabulary."""
    bad = sorted(
        f"{e.source}:{e.line} imports {e.target}"
        for e in classic_edges() if e.source.startswith("roles.")
        and e.target not in VOCABULARY and not (e.target == "roles.common" and _role_module(e.source)))
    assert not bad, "a role module imports beyond the vocabulary and roles/common:\n" + "\n".join(bad)
    assert any(e.source == "roles.village" and e.target == "roles.common" for e in classic_edges())


def _role_ids() -> set[str]:
    from jinrou.classic.roles import ROLES, SUB_ROLES

    return set(ROLES) | set(SUB_ROLES)


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module's code (its docstrings left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_the_classic_engine_names_no_role():
    """No role id in the engine's logic (game, context, identity, victory, views, texts, …): it asks a
    seat's identity. Four modules hold data that names roles: the castings, the presets' tables, the catalog,
    whose teams and categories are words some ids share (Human, Werewolf) and whose English names are
    by id, and the names people type (naming's aliases)."""
    from jinrou.classic.catalog import NAMES_EN, Category, Team
    from jinrou.classic.naming import ALIASES

    allowed = {"casting.py": _role_ids(), "presets.py": _role_ids(), "catalog.py": {t.value for t in Team} | {c.value for c in Category} | set(NAMES_EN),
               "naming.py": set(ALIASES.values())}
    ids = _role_ids()
    bad = [f"{path.name}:{line}: {text!r}" for path in sorted((ROOT / "classic").glob("*.py"))
           for line, text in _code_strings(path) if text in ids and text not in allowed.get(path.name, ())]
    assert not bad, "the engine names a role:\n" + "\n".join(bad)


def test_no_role_tests_another_role_by_its_id():
    """A declaration asks what a seat is through its identity (``identity.is_a(Divining)``,
    ``identity.vampire_role()``), never by comparing an ``id``."""
    bad = []
    for path in sorted((ROOT / "classic" / "roles").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(
                    isinstance(side, ast.Attribute) and side.attr == "id" for side in (node.left, *node.comparators)):
                bad.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert not bad, "a role compares ids:\n" + "\n".join(bad)
