"""The whole run: what it leaves out without OpenSpiel, and its last line — which tests were not
run, and why (grouped by reason; the reasons are in tests/needs.py).

A machine without chromium or PostgreSQL still passes: those tests are skipped, and the last line
says so. `scripts/test` repeats it as its own last line (from the file named by JINROU_NOT_RUN)."""

import importlib.util
import os
from collections import Counter

import pytest

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["src/jinrou/solve/openspiel.py"]  # its doctest


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter):
    """After the short summary (-ra): one line for what was skipped."""
    yield
    reasons: Counter[str] = Counter()
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reasons[reason.removeprefix("Skipped: ")] += 1
    line = not_run(reasons)
    terminalreporter.write_line(line)
    if os.environ.get("JINROU_NOT_RUN"):
        with open(os.environ["JINROU_NOT_RUN"], "w", encoding="utf-8") as file:
            file.write(line + "\n")


def not_run(reasons: Counter[str]) -> str:
    """``not run: 16 tests (the browser: …); 212 tests (PostgreSQL: …)``, or that every test ran."""
    if not reasons:
        return "every test ran"
    return "not run: " + "; ".join(f"{count:,} test{'s' * (count != 1)} ({reason})" for reason, count in reasons.most_common())
