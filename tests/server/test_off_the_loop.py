"""Nothing slow runs on the event loop (issue 27): the store is awaited — an append the database is
still writing does not hold up the loop (other rooms are read, the lobby served) — and a bot thinks on a thread, so a slow bot never holds
up another room. No timings: the slow part waits on an event the test sets only once the other
room has been served."""

from __future__ import annotations

import threading

from .test_api import join, new_room


def test_an_append_the_database_is_still_writing_does_not_hold_up_the_loop(client):
    store = client.app.state.service.store  # the synchronous store, run by the async one on its thread
    slow, writing, done = new_room(client), threading.Event(), threading.Event()
    other = new_room(client)
    ann = join(client, slow, "Ann")
    run = store.run

    def held(op):
        if "slow line" in str(op.statements):  # the append of the chat line below: the database is slow
            writing.set()
            assert done.wait(30)
        return run(op)

    store.run = held
    answers = []
    speaker = threading.Thread(target=lambda: answers.append(
        client.post(f"/api/rooms/{slow}/chat", json={"token": ann, "text": "slow line"})))
    speaker.start()
    assert writing.wait(10)  # the append is under way on the store's thread; the loop is free:
    assert client.get(f"/api/rooms/{other}/view").status_code == 200
    assert client.get("/api/modes").status_code == 200
    assert speaker.is_alive() and not answers  # … while the slow room's command still awaits its append
    done.set()
    speaker.join()
    assert answers[0].json() == {"ok": True}
