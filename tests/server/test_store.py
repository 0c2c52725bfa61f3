"""The event stores, run against SQLite and (when configured) PostgreSQL."""

import pytest

from jinrou.server.store import Snapshot, SQLiteStore, open_store


def test_events_come_back_in_order_with_their_data(store):
    store.append("r1", 0, "created", {"name": "村 1"})
    store.append("r2", 0, "created", {"name": "second"})
    store.append("r1", 1, "chat", {"text": "おはよう", "nested": {"list": [1, None, True]}})
    assert store.rooms() == ["r1", "r2"]
    events = store.events("r1")
    assert [(e.seq, e.kind) for e in events] == [(0, "created"), (1, "chat")]
    assert events[1].data == {"text": "おはよう", "nested": {"list": [1, None, True]}}
    assert events[0].at <= events[1].at


def test_an_event_number_cannot_be_written_twice(store):
    store.append("r", 0, "created", {})
    with pytest.raises(Exception):  # noqa: B017 — sqlite3's and psycopg's IntegrityError
        store.append("r", 0, "created", {"again": True})
    assert [e.data for e in store.events("r")] == [{}]


def test_queries_are_parameterised(store):
    hostile = "x'); DROP TABLE events; --"
    store.append(hostile, 0, "chat", {"text": hostile})
    assert store.events(hostile)[0].data == {"text": hostile}
    assert store.rooms() == [hostile]


def test_open_store_reads_urls(tmp_path):
    assert isinstance(open_store(str(tmp_path / "a.db")), SQLiteStore)
    assert open_store(f"sqlite:///{tmp_path / 'b.db'}").path == str(tmp_path / "b.db")


def test_snapshots_archive_and_secret_are_kept(store):
    for seq in range(5):
        store.append("r", seq, "created" if seq == 0 else "chat", {"n": seq})
    store.append("s", 0, "created", {})
    assert [e.seq for e in store.events("r", after=2)] == [3, 4]
    assert store.snapshot("r") is None
    store.save_snapshot(Snapshot("r", 3, "f1", "data1"))
    store.save_snapshot(Snapshot("r", 5, "f2", "data2"))  # one per room: the newest
    assert store.snapshot("r") == Snapshot("r", 5, "f2", "data2")
    assert store.archived("r") is None and store.active_rooms() == ["r", "s"]
    store.archive("r", 5, {"id": "r"}, {"format": "x", "名": "村"})
    store.archive("r", 6, {"id": "other"}, {})  # archived once: the first stays
    assert store.archived("r") == {"summary": {"id": "r"}, "record": {"format": "x", "名": "村"}}
    assert store.active_rooms() == ["s"] and store.rooms() == ["r", "s"]
    assert len(store.secret()) == 32 and store.secret() == store.secret()
