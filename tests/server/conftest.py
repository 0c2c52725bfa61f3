"""Fixtures for the server: real stores (SQLite, and PostgreSQL when JINROU_TEST_POSTGRES names one),
the real app in-process, and a real `jinrou serve` process on 127.0.0.1."""

import asyncio
import contextlib
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from jinrou.server.app import create_app
from jinrou.server.service import Blocking
from jinrou.server.store import TABLES, open_store

from .. import needs
from ..needs import POSTGRES

STORES = ["sqlite", pytest.param("postgres", marks=needs.postgres)]
EXPECT_SECONDS = 15
"""How long a browser test's expect() waits for its page (Playwright's default: 5 s). A page that gets there
passes at once; the wait is for a loaded machine (CI runs the suite on 2 cores, chromium and servers beside it)."""

with contextlib.suppress(ImportError):  # (no browser tests without Playwright)
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_SECONDS * 1000)


@pytest.fixture(params=STORES)
def store(request, tmp_path):
    if request.param == "postgres":
        import psycopg

        with psycopg.connect(POSTGRES, autocommit=True) as db:
            for table in TABLES:
                db.execute(f"DROP TABLE IF EXISTS {table}")
        store = open_store(POSTGRES)
    else:
        store = open_store(str(tmp_path / "jinrou.db"))
    yield store
    store.close()


def blocking(client: TestClient) -> Blocking:
    """The app's room service, driven from the test: each coroutine runs on the app's own loop
    (after whatever it still had to do, never beside it), the game's slices included."""
    return Blocking(client.app.state.service, client.portal.call)


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(open_store(str(tmp_path / "api.db")))) as client:
        yield client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(condition, timeout: float = 20.0, what: str = "condition") -> None:
    """Poll ``condition`` until it holds, for at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        pause.wait(0.05)


@contextlib.contextmanager
def serving(app) -> Iterator[tuple[str, asyncio.AbstractEventLoop]]:
    """``app`` served by uvicorn on 127.0.0.1 (a free port) on an event loop of its own in a thread,
    as `jinrou serve` serves it; yields its address and that loop (to run a coroutine on it)."""
    import uvicorn

    from jinrou.server.timeouts import uvicorn_options

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning",
                                           **uvicorn_options(app)))
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=lambda: loop.run_until_complete(server.serve()), daemon=True)
    thread.start()
    wait_until(lambda: server.started, what="the server to listen")
    try:
        yield f"http://127.0.0.1:{server.config.port}", loop
    finally:
        server.should_exit = True
        thread.join(10)


class Server:
    """`jinrou serve` in a child process on 127.0.0.1."""

    def __init__(self, db: str, *args: str):
        self.db, self.port, self.process, self.args = db, free_port(), None, args

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Server":
        # its log goes to a file, never a pipe: a pipe nobody reads fills up and the server blocks writing to it
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 — open for the server's life, closed by stop and kill
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jinrou.cli", "serve", "--port", str(self.port), "--db", self.db, *self.args],
            stdout=subprocess.DEVNULL, stderr=self.log,
        )

        def listening() -> bool:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.logged()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return True
            except OSError:
                return False

        wait_until(listening, what="the server to listen")
        return self

    def logged(self) -> str:
        """What the server wrote to its log so far."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def kill(self) -> None:
        self.process.kill()  # SIGKILL: no shutdown code runs
        self.process.wait()
        self.log.close()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        if self.process:
            self.log.close()


@pytest.fixture
def server(tmp_path):
    running = Server(str(tmp_path / "server.db")).start()
    yield running
    running.stop()
