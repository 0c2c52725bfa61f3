"""What some tests need beyond the `test` extra — a browser, PostgreSQL, haproxy, OpenSpiel — and
the reason each is skipped without it. One place, so that the run's last line can say what was
not run and why (conftest.py); `scripts/test` installs them all where it may (as root)."""

import importlib.util
import os
import shutil

import pytest

CHROMIUM = os.environ.get("JINROU_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's chromium, which Playwright drives (its own browser download is not needed); another
chromium-family browser where JINROU_CHROMIUM names it."""
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
"""chromium's options for a headless run as root in a container."""
POSTGRES = os.environ.get("JINROU_TEST_POSTGRES")
"""A PostgreSQL database the store tests may empty (postgresql://user:password@host/name)."""

BROWSER = f"the browser: no chromium at {CHROMIUM} (apt-get install chromium, or JINROU_CHROMIUM=PATH)"
STORE = "PostgreSQL: JINROU_TEST_POSTGRES names no database"
HAPROXY = "haproxy: not installed (apt-get install haproxy)"
OPENSPIEL = "OpenSpiel: not installed (pip install -e '.[openspiel]')"

browser = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=BROWSER)
postgres = pytest.mark.skipif(not POSTGRES, reason=STORE)
haproxy = pytest.mark.skipif(not shutil.which("haproxy"), reason=HAPROXY)
openspiel = pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None, reason=OPENSPIEL)
