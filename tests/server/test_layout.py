"""server/ small: no module over 900 lines, and the parts of the room service import one way — the
registry (rooms, locks, the path of an event), then each part (pushes, progress, replicas), then the
service that puts them together; a part reaches another only through the methods the registry
declares."""

from __future__ import annotations

import ast
from pathlib import Path

import jinrou

HERE = Path(jinrou.__file__).parent / "server"
PARTS = ("pushes", "progress", "replicas")


def runtime_imports(name: str) -> set[str]:
    """The jinrou.server modules ``name`` imports when it is imported (``TYPE_CHECKING`` left out)."""
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
                continue
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                if node.module == "jinrou.server":
                    found.update(alias.name for alias in node.names)
                elif node.module.startswith("jinrou.server."):
                    found.add(node.module.removeprefix("jinrou.server."))
            elif isinstance(node, ast.Import):
                found.update(a.name.removeprefix("jinrou.server.") for a in node.names
                             if a.name.startswith("jinrou.server."))
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list) and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    visit(inner)

    visit(ast.parse((HERE / f"{name}.py").read_text(encoding="utf-8")).body)
    return found


def test_no_module_of_server_over_900_lines():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in sorted(HERE.glob("*.py"))}
    assert {"service.py", "registry.py", "progress.py", "app.py", "store.py"} <= set(sizes)  # what it measures
    assert {name: n for name, n in sizes.items() if n > 900} == {}


def test_the_parts_of_the_room_service_import_one_way():
    assert not runtime_imports("registry") & {*PARTS, "service"}
    for part in PARTS:
        assert "registry" in runtime_imports(part)
        assert not runtime_imports(part) & {*PARTS, "service"} - {part}, part
    assert {*PARTS, "registry", "history", "passes"} <= runtime_imports("service")
