"""Slow, vanishing and address-forging clients against a real `jinrou serve` on 127.0.0.1 (issue 37,
points 3, 4 and 6): deadlines on headers and bodies, one counted line for a client that left in the
middle of its body, and X-Forwarded-For trusted only from the proxies named at `serve`."""

import json
import logging
import socket
import subprocess
import sys
import threading
import time

import pytest
from websockets.sync.client import connect

from jinrou.server.app import create_app
from jinrou.server.store import open_store

from .conftest import Server, serving, wait_until
from .test_api import ROOM

QUICK = ("--limits", "header_seconds=0.5,body_seconds=0.5")


@pytest.fixture
def quick(tmp_path):
    running = Server(str(tmp_path / "quick.db"), *QUICK).start()
    yield running
    running.stop()


def answer_of(sock: socket.socket, within: float = 10.0) -> bytes:
    """Everything the server sends until it closes the connection (fails if it never does)."""
    sock.settimeout(within)
    chunks = []
    while chunk := sock.recv(65_536):
        chunks.append(chunk)
    return b"".join(chunks)


def opened(server: Server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=5)


def test_a_silent_connection_is_answered_408_and_closed(quick):
    with opened(quick) as sock:
        start = time.monotonic()
        answer = answer_of(sock)
    assert answer.startswith(b"HTTP/1.1 408 ") and b"did not arrive within 0.5 s" in answer
    assert time.monotonic() - start < 5


def test_partial_headers_are_answered_408_and_closed(quick):
    with opened(quick) as sock:
        sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: app")
        answer = answer_of(sock)
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"] == "the request's headers did not arrive within 0.5 s"


def test_headers_trickled_a_byte_at_a_time_meet_the_deadline_of_their_first_byte(quick):
    request = b"GET /api/modes HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"x" * 200 + b"\r\n\r\n"
    closed = threading.Event()
    with opened(quick) as sock:
        def trickle():
            for byte in request:
                if closed.is_set():
                    return
                try:
                    sock.sendall(bytes([byte]))
                except OSError:
                    return
                time.sleep(0.05)
        sender = threading.Thread(target=trickle, daemon=True)
        sender.start()
        answer = answer_of(sock)
        closed.set()
    assert answer.startswith(b"HTTP/1.1 408 ")


def test_a_partial_body_is_answered_408_and_closed_and_nothing_is_made(quick):
    with opened(quick) as sock:
        sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 200\r\n\r\n{\"name\": \"slow")
        answer = answer_of(sock)
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 408 ") and b"connection: close" in head.lower()
    assert json.loads(body)["error"] == "the request body did not arrive within 0.5 s: send it at once"
    lobby = json.loads(answer_of_request(quick, b"GET /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
    assert lobby == []
    assert "Traceback" not in quick.logged()


def answer_of_request(server: Server, request: bytes) -> bytes:
    with opened(server) as sock:
        sock.sendall(request)
        return answer_of(sock).split(b"\r\n\r\n", 1)[1]


def one_response(sock: socket.socket) -> tuple[int, bytes]:
    """The status and body of one response on a kept-alive connection (framed by Content-Length)."""
    sock.settimeout(5)
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65_536)
    head, body = data.split(b"\r\n\r\n", 1)
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(65_536)
    return int(head.split(b" ", 2)[1]), body


def test_a_kept_alive_connection_and_a_websocket_outlive_the_header_deadline(quick):
    with opened(quick) as sock:
        for _ in range(2):  # the deadline runs from a request's first byte, not from the connect
            time.sleep(0.3)
            sock.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert one_response(sock) == (200, b"[]")
    room = json.loads(answer_of_request(quick, b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                        b"Content-Length: %d\r\n\r\n%s" % (len(json.dumps(ROOM)), json.dumps(ROOM).encode())))
    with connect(f"ws://127.0.0.1:{quick.port}/ws/rooms/{room['id']}") as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "view"
        time.sleep(1.5)  # three header deadlines
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}


def test_a_client_gone_in_the_middle_of_its_body_is_counted_on_one_line_without_a_traceback(tmp_path, caplog):
    app = create_app(open_store(str(tmp_path / "gone.db")))
    caplog.set_level(logging.INFO)
    with serving(app) as (url, _):
        port = int(url.rsplit(":", 1)[1])
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{\"na")
                time.sleep(0.1)
        wait_until(lambda: app.state.dropped["gone"] == 3, timeout=10, what="three clients counted as gone")
    assert not app.state.service.rooms.active
    gone = [r for r in caplog.records if "gone" in r.getMessage()]
    assert len(gone) == 3 and all(r.levelno == logging.INFO and r.exc_info is None for r in gone)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


def create_from(server: Server, forwarded_for: str) -> int:
    body = json.dumps(ROOM).encode()
    answer = b"HTTP/1.1 " + answer_of_raw(server, b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                          b"X-Forwarded-For: %s\r\nContent-Length: %d\r\n\r\n%s"
                                          % (forwarded_for.encode(), len(body), body))
    return int(answer.split(b" ", 2)[1])


def answer_of_raw(server: Server, request: bytes) -> bytes:
    with opened(server) as sock:
        sock.sendall(request)
        return answer_of(sock).removeprefix(b"HTTP/1.1 ")


def test_forwarded_addresses_are_ignored_unless_their_proxy_is_named(tmp_path):
    plain = Server(str(tmp_path / "plain.db")).start()
    try:  # three open rooms an address: a new X-Forwarded-For each time does not make a new address
        assert [create_from(plain, f"203.0.113.{n}") for n in range(5)] == [200, 200, 200, 429, 429]
    finally:
        plain.stop()
    behind = Server(str(tmp_path / "behind.db"), "--proxy", "127.0.0.1").start()
    try:  # behind a named proxy each client is its own address; one client still has three rooms
        assert [create_from(behind, f"203.0.113.{n}") for n in range(5)] == [200] * 5
        assert [create_from(behind, "198.51.100.7") for _ in range(4)] == [200, 200, 200, 429]
    finally:
        behind.stop()


def test_a_bad_proxy_address_is_one_line_before_anything_starts(tmp_path):
    done = subprocess.run([sys.executable, "-m", "jinrou.cli", "serve", "--port", "1", "--db",
                           str(tmp_path / "never.db"), "--proxy", "127.0.0.1,localhost"],
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "--proxy 'localhost' is not an address or network" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "never.db").exists()
