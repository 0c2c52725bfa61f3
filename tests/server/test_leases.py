"""Leases that survive a stalled event loop (issue 27): a process whose loop is busy for longer than
a lease keeps its rooms — its keeper thread renews them, nobody else can take them — and goes on
appending once the loop is back; a loop that hangs past the stall limit lets its leases run out.
The real app and a real PostgreSQL (a schema of the test's own); the loop is stalled by a call
that waits, on the loop's own thread, for the test to let it go."""

from __future__ import annotations

import secrets
import threading
from urllib.parse import quote

import psycopg
import pytest
from starlette.testclient import TestClient

from jinrou.server.app import create_app
from jinrou.server.cluster import Cluster, ClusterStore

from .. import needs
from .conftest import POSTGRES, wait_until

pytestmark = needs.postgres
ROOM = {"name": "leases", "seats": 5, "wolves": 1, "night_seconds": 600, "day_seconds": 600}


@pytest.fixture
def schema():
    name = f"leases_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {name}")
    yield name
    with psycopg.connect(POSTGRES, autocommit=True) as db:
        db.execute(f"DROP SCHEMA {name} CASCADE")


def query(schema: str, sql: str, parameters: tuple = ()) -> list[tuple]:
    with psycopg.connect(POSTGRES, autocommit=True) as db:
        db.execute(f"SET search_path = {schema}")
        return db.execute(sql, parameters).fetchall()


def stall(client: TestClient) -> tuple[threading.Event, threading.Event, threading.Thread]:
    """Stall the app's event loop (a call on its thread that waits for ``release``); ``stalled`` is
    set once the loop is held."""
    stalled, release = threading.Event(), threading.Event()

    def hold() -> None:
        stalled.set()
        release.wait(60)

    holder = threading.Thread(target=client.portal.call, args=(hold,))
    holder.start()
    assert stalled.wait(10)
    return stalled, release, holder


def past(schema: str, moment) -> bool:
    """Whether the database's clock has passed ``moment``."""
    return query(schema, "SELECT now() > %s", (moment,))[0][0]


def test_a_process_whose_loop_stalls_past_its_lease_keeps_its_rooms_and_goes_on_appending(schema):
    url = f"{POSTGRES}?options={quote(f'-csearch_path={schema}')}"
    store = ClusterStore(url, "a", lease=1.0)
    cluster = Cluster(store, "http://127.0.0.1:9", lease=1.0, renew=0.25, stall=600)
    with TestClient(create_app(store, cluster=cluster)) as client:
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        token = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
        [(lease,)] = query(schema, "SELECT lease_until FROM pins WHERE room = %s", (room,))
        _, release, holder = stall(client)
        try:
            renewed = cluster.keeper.renewed
            wait_until(lambda: past(schema, lease) and cluster.keeper.renewed > renewed + 2, timeout=20,
                       what="the first lease to run out while the loop is stalled")
            # another process's takeover (the heartbeat's statement) finds nothing expired to take
            taken = query(schema, "UPDATE pins SET process = 'b' WHERE room = %s AND lease_until < now() "
                                  "RETURNING room", (room,))
            assert taken == [] and query(schema, "SELECT process FROM pins WHERE room = %s", (room,)) == [("a",)]
        finally:
            release.set()
            holder.join()
        said = client.post(f"/api/rooms/{room}/chat", json={"token": token, "text": "still mine"})
        assert said.json() == {"ok": True}
        assert query(schema, "SELECT data FROM events WHERE room = %s ORDER BY seq DESC LIMIT 1",
                     (room,))[0][0].count("still mine") == 1


def test_a_loop_hung_past_the_stall_limit_lets_its_leases_run_out(schema):
    url = f"{POSTGRES}?options={quote(f'-csearch_path={schema}')}"
    store = ClusterStore(url, "a", lease=1.0)
    cluster = Cluster(store, "http://127.0.0.1:9", lease=1.0, renew=0.25, stall=1.0)
    with TestClient(create_app(store, cluster=cluster)) as client:
        room = client.post("/api/rooms", json=ROOM).json()["id"]
        _, release, holder = stall(client)
        try:
            wait_until(lambda: query(schema, "SELECT lease_until < now() FROM pins WHERE room = %s", (room,))[0][0],
                       timeout=20, what="the lease of a hung process to run out")
            assert query(schema, "UPDATE pins SET process = 'b' WHERE room = %s AND lease_until < now() "
                                 "RETURNING room", (room,)) == [(room,)]  # another process may take it now
        finally:
            release.set()
            holder.join()
