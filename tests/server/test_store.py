"""The event stores, run against SQLite and (when configured) PostgreSQL."""

import pytest

from jinrou.server.store import SQLiteStore, open_store


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
    with pytest.raises(Exception):
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
