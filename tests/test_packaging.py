"""The extras (issue 40, point 14): each installs what its commands use, `test` names the others,
`dev` holds the tools, open-spiel is apart; and CI runs the README's test command."""

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]


def names(requirements: list[str]) -> set[str]:
    return {re.match(r"[A-Za-z0-9_.-]+", r)[0].lower() for r in requirements}


def test_test_names_the_other_extras_instead_of_repeating_them():
    named = [r for r in EXTRAS["test"] if r.startswith("jinrou[")]
    assert named == ["jinrou[postgres,study,solve]"]
    others = names(EXTRAS["postgres"]) | names(EXTRAS["study"]) | names(EXTRAS["solve"])
    assert not names([r for r in EXTRAS["test"] if not r.startswith("jinrou[")]) & others


def test_the_tools_are_in_dev_and_open_spiel_apart():
    assert names(EXTRAS["dev"]) == {"ruff", "mypy"}
    assert names(EXTRAS["openspiel"]) == {"open-spiel"}
    for extra, requirements in EXTRAS.items():
        if extra not in ("dev", "openspiel"):
            assert not names(requirements) & {"ruff", "mypy", "open-spiel"}, extra


def test_no_command_imports_openspiel():
    """open-spiel is no command's: nothing under src imports it but the bridge itself."""
    importers = []
    for path in (ROOT / "src" / "jinrou").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(m.split(".")[0] in ("pyspiel", "open_spiel") or m == "jinrou.solve.openspiel" for m in modules):
                importers.append(path.relative_to(ROOT / "src").as_posix())
    assert importers == ["jinrou/solve/openspiel.py"]


def test_ci_runs_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "scripts/test" in readme.split("## What you can do")[0]  # in the Quick start
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
