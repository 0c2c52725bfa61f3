"""Several `jinrou serve --cluster` processes behind a real haproxy on one real PostgreSQL (issue 27):
games whose players sit on different processes, a SIGKILL of a room's owner in the night, a pause of
the database's network; every payload checked against the stored events, nothing lost, no room
forked. Needs JINROU_TEST_POSTGRES and haproxy (CI installs both)."""

from __future__ import annotations

import contextlib
import json
import secrets
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from jinrou.server.rooms import Room
from jinrou.server.store import StoredEvent

from .. import needs
from .conftest import POSTGRES, Server, free_port, wait_until
from .test_restart import call

pytestmark = [needs.postgres, needs.haproxy]
ROOM = {"name": "cluster", "seats": 5, "wolves": 1, "night_seconds": 600, "day_seconds": 600}


class Proxy:
    """haproxy on 127.0.0.1 with a config of its own: HTTP in front of the servers, or TCP in front
    of PostgreSQL (so that a test can cut the database's network and bring it back)."""

    def __init__(self, path: Path, config: str):
        self.path, self.port, self.process = path, free_port(), None
        path.write_text(config.format(port=self.port))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Proxy:
        self.process = subprocess.Popen(["haproxy", "-f", str(self.path), "-db"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        wait_until(self._listening, what="haproxy to listen")
        return self

    def _listening(self) -> bool:
        import socket

        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
            return True
        except OSError:
            return False

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def http_config(servers: list[Server]) -> str:
    """The config of docs/server-scaling.md: affinity by room id, health checks, another server on failure."""
    lines = "\n".join(f"    server {s.name} 127.0.0.1:{s.port} check inter 300ms fall 2 rise 1 maxconn 2100" for s in servers)
    return ("global\n    maxconn 2000\n"
            "defaults\n    mode http\n    timeout connect 1s\n    timeout client 60s\n    timeout server 60s\n"
            "    timeout tunnel 1h\n    timeout check 2s\n    timeout queue 5s\n    option forwardfor\n    option redispatch\n    retries 3\n"
            "frontend jinrou\n    bind 127.0.0.1:{port}\n    default_backend servers\n"
            "backend servers\n    option httpchk GET /\n"
            "    http-request set-header X-Room %[path,field(4,/)]\n"
            "    balance hdr(X-Room)\n    hash-type consistent\n" + lines.replace("{", "{{").replace("}", "}}") + "\n")


TCP_CONFIG = ("global\n    maxconn 500\ndefaults\n    mode tcp\n    timeout connect 1s\n    timeout client 1h\n"
              "    timeout server 1h\nlisten postgres\n    bind 127.0.0.1:{port}\n    server db %s\n")


class Cluster:
    """Three servers behind haproxy, on a schema of their own in the test database, reached through
    a TCP haproxy (the database's network)."""

    def __init__(self, tmp: Path, limits: str = "rooms=50,sockets=200,actions_per_second=50"):
        import psycopg

        self.schema = f"cluster_{secrets.token_hex(4)}"
        with psycopg.connect(POSTGRES, autocommit=True) as db:
            db.execute(f"CREATE SCHEMA {self.schema}")
        where = urlsplit(POSTGRES)
        self.db_proxy = Proxy(tmp / "postgres.cfg", TCP_CONFIG % f"{where.hostname}:{where.port or 5432}").start()
        self.url = (f"{where.scheme}://{where.netloc.rsplit('@', 1)[0]}@127.0.0.1:{self.db_proxy.port}{where.path}"
                    f"?options={quote(f'-csearch_path={self.schema}')}")
        self.servers = []
        for name in "abc":
            server = Server(self.url, "--cluster", name, "--limits", limits, "--proxy", "127.0.0.1")
            server.name = name
            self.servers.append(server)
        self.proxy = Proxy(tmp / "haproxy.cfg", http_config(self.servers))

    def start(self) -> Cluster:
        for server in self.servers:
            server.start()
        self.proxy.start()
        for server in self.servers:  # warm: the modes loaded in each
            assert isinstance(call(server, "GET", "/api/modes"), list)
        wait_until(lambda: len(self.query("SELECT name FROM processes")) == 3, what="three live processes")
        return self

    def stop(self) -> None:
        import psycopg

        for server in self.servers:
            server.stop()
        self.proxy.stop()
        self.db_proxy.stop()
        with psycopg.connect(POSTGRES, autocommit=True) as db:
            db.execute(f"DROP SCHEMA {self.schema} CASCADE")

    def query(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        import psycopg

        with psycopg.connect(POSTGRES, autocommit=True) as db:
            db.execute(f"SET search_path = {self.schema}")
            return db.execute(sql, parameters).fetchall()

    def owner(self, room: str) -> Server | None:
        """The process whose lease on the room runs (None: nobody's)."""
        found = self.query("SELECT process FROM pins WHERE room = %s AND lease_until > now()", (room,))
        return next((s for s in self.servers if found and s.name == found[0][0]), None)

    def events(self, room: str) -> list[StoredEvent]:
        rows = self.query("SELECT room, seq, kind, data, at FROM events WHERE room = %s ORDER BY seq", (room,))
        return [StoredEvent(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]


@pytest.fixture
def cluster(tmp_path):
    running = Cluster(tmp_path)
    try:
        yield running.start()
    finally:
        running.stop()


class Player:
    """A WebSocket of one seat (None: a spectator) to one address; it connects again through the
    proxy when its server goes away, and keeps every payload it is sent."""

    def __init__(self, base: str, room: str, token: str | None, fallback: str):
        self.base, self.room, self.token, self.fallback = base, room, token, fallback
        self.payloads: list[dict] = []
        self.socket = None
        self.reconnects = 0
        self.why: list[str] = []
        self.connect()

    def connect(self) -> None:
        query = f"?token={self.token}" if self.token else ""
        self.socket = connect(f"{self.base.replace('http', 'ws')}/ws/rooms/{self.room}{query}", open_timeout=5, legacy=True)
        self.payloads.append(json.loads(self.socket.recv(timeout=30)))

    def sync(self) -> dict | None:
        """Ping, keep what comes before the pong; the latest game (reconnecting if need be). A pong is
        awaited 30 s: a bound against a hang, wide enough for a machine running other suites too."""
        for _ in range(100):
            try:
                self.socket.send(json.dumps({"type": "ping"}))
                while True:
                    message = json.loads(self.socket.recv(timeout=30))
                    if message.get("type") == "pong":
                        return self.latest
                    if message.get("type") == "view":
                        self.payloads.append(message)
                    elif message.get("type") == "error" and "slow down" in message.get("error", ""):
                        # over the connection's message rate (this loop asks fast): the ping was refused,
                        # not answered — ask again once the rate allows (5 messages a second)
                        threading.Event().wait(0.25)
                        break
            except (ConnectionClosed, OSError, TimeoutError) as error:
                self.why.append(repr(error))
                self.base = self.fallback
                self.reconnects += 1
                try:
                    self.connect()
                except (OSError, TimeoutError, ConnectionClosed):
                    threading.Event().wait(0.1)  # the proxy is still marking the dead server down
        raise AssertionError("no pong")

    @property
    def latest(self) -> dict | None:
        return self.payloads[-1]["game"]

    def act(self) -> bool:
        game = self.latest
        legal = game["legal"] if game else {}
        if not game or not any(legal.values()) or game["result"]:
            return False
        action = {"vote": legal["vote"][0]} if legal["vote"] else {
            "divine": (legal["divine"] or [None])[0], "attack": (legal["attack"] or [None])[0]}
        try:
            self.socket.send(json.dumps({"type": "action", "action": action}))
        except ConnectionClosed:
            pass
        return True

    def close(self) -> None:
        self.socket.close()


def setup(cluster: Cluster, names=("Ann", "Ben", "Cat"), **settings) -> tuple[str, list[str]]:
    room = call(cluster.proxy, "POST", "/api/rooms", {**ROOM, **settings})["id"]
    tokens = [call(cluster.proxy, "POST", f"/api/rooms/{room}/join", {"name": n})["token"] for n in names]
    assert call(cluster.proxy, "POST", f"/api/rooms/{room}/bots", {"token": tokens[0]}) == {"ok": True}
    return room, tokens


def play(players: dict, until, rounds: int = 200) -> None:
    for _ in range(rounds):
        games = {seat: p.sync() for seat, p in players.items()}
        if until(games):
            return
        for seat, player in players.items():
            if seat is not None:
                player.act()
    raise AssertionError(f"the game did not get there: {games}")


def check_against_the_record(cluster: Cluster, room: str, players: dict) -> list[StoredEvent]:
    """Every event numbered 0..n-1, the record replays, and every game view a seat was pushed is
    that seat's view of the room folded from the stored events up to some event."""
    from jinrou.quantum.record import Record

    events = cluster.events(room)
    assert [e.seq for e in events] == list(range(len(events)))  # nothing lost, no fork
    folded = Room.created(events[0])
    seen: dict = {seat: {json.dumps(None)} for seat in players}
    for event in events[1:]:
        folded.fold(event)
        for seat in players:
            if folded.state is not None:
                seen[seat].add(json.dumps(json.loads(json.dumps(folded.mode.view(folded.state, seat))), sort_keys=True))
    checked = 0
    for seat, player in players.items():
        for payload in player.payloads:
            assert payload["you"] == seat
            assert json.dumps(payload["game"], sort_keys=True) in seen[seat], (seat, payload["game"])
            checked += 1
    record = call(cluster.proxy, "GET", f"/api/rooms/{room}/record")
    assert Record.read(record).replay().is_over
    assert checked >= 2 * len(players)
    return events


def test_a_game_whose_players_sit_on_three_processes_is_played_to_the_end(cluster):
    a, b, c = cluster.servers
    rooms = [call(cluster.proxy, "POST", "/api/rooms", {**ROOM, "name": f"r{i}"})["id"] for i in range(3)]
    assert {cluster.owner(r).name for r in rooms} == {"a", "b", "c"}  # the least-loaded process makes each
    wait_until(lambda: {r["id"] for r in call(cluster.proxy, "GET", "/api/rooms")} == set(rooms),
               what="the lobby lines")  # written by each room's owner, read by any process
    assert call(a, "GET", "/api/rooms") == call(b, "GET", "/api/rooms") == call(c, "GET", "/api/rooms")
    room, tokens = setup(cluster)
    owner = cluster.owner(room)
    players = {0: Player(a.url, room, tokens[0], cluster.proxy.url),
               1: Player(b.url, room, tokens[1], cluster.proxy.url),
               2: Player(c.url, room, tokens[2], cluster.proxy.url),
               None: Player(cluster.proxy.url, room, None, cluster.proxy.url)}
    assert call(c, "POST", f"/api/rooms/{room}/chat", {"token": tokens[2], "text": "from c"}) == {"ok": True}
    assert call(a, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
    play(players, lambda games: games[None] and games[None]["result"])
    assert all(p.reconnects == 0 for p in players.values()), [p.why for p in players.values()]
    events = check_against_the_record(cluster, room, players)
    assert cluster.query("SELECT process FROM pins WHERE room = %s", (room,)) == [(owner.name,)]
    assert any(e.kind == "chat" and e.data["text"] == "from c" for e in events)
    assert call(b, "GET", f"/api/rooms/{room}/view?token={tokens[1]}")["game"]["result"]
    wait_until(lambda: room not in {r["id"] for r in call(cluster.proxy, "GET", "/api/rooms")},
               what="the finished game to leave the lobby")


def test_sigkill_of_the_owner_in_the_night_another_process_takes_the_room_and_its_deadline(cluster):
    room, tokens = setup(cluster, night_seconds=5, day_seconds=600)
    owner = cluster.owner(room)
    others = [s for s in cluster.servers if s is not owner]
    players = {0: Player(owner.url, room, tokens[0], cluster.proxy.url),
               1: Player(others[0].url, room, tokens[1], cluster.proxy.url),
               None: Player(owner.url, room, None, cluster.proxy.url)}
    assert call(cluster.proxy, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
    players[0].sync()
    players[0].act()  # Ann acts in the night; Ben and Cat sleep through it
    players[0].sync()
    night = players[None].sync()
    assert night["is_night"] and players[None].payloads[-1]["room"]["deadline"]
    killed = time.monotonic()
    owner.kill()  # SIGKILL: no shutdown code runs, its lease runs out
    wait_until(lambda: cluster.owner(room) not in (None, owner), timeout=15, what="another process to take the room")
    took = time.monotonic() - killed
    # the deadline fires at the new owner: Ben and Cat, who missed the night, die a sudden death
    ann = {0: players[0], None: players[None]}
    play(ann, lambda games: games[None] and (games[None]["result"] or not games[None]["is_night"]), rounds=100)
    players[1].sync()
    log = "\n".join(players[None].latest["log"])
    assert "Ben died a sudden death" in log and "Cat died a sudden death" in log, log
    assert players[None].reconnects and players[0].reconnects and not players[1].reconnects
    play(ann, lambda games: games[None]["result"], rounds=100)
    players[1].sync()
    check_against_the_record(cluster, room, players)
    assert took < 10


def test_a_pause_of_the_database_network_loses_nothing_forks_no_room_and_moves_no_room(cluster):
    rooms = [setup(cluster, names=("Ann",)) for _ in range(3)]
    for room, tokens in rooms:
        assert call(cluster.proxy, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
    players = {room: {0: Player(cluster.proxy.url, room, tokens[0], cluster.proxy.url),
                      None: Player(cluster.servers[0].url, room, None, cluster.proxy.url)} for room, tokens in rooms}
    for seats in players.values():
        seats[0].sync()
    owners = {room: cluster.owner(room).name for room, _ in rooms}
    assert sorted(owners.values()) == ["a", "b", "c"]
    cluster.db_proxy.kill()  # every connection to PostgreSQL is cut, new ones are refused
    answers = {call(cluster.proxy, "POST", f"/api/rooms/{room}/chat", {"token": tokens[0], "text": "anyone?"}).get(
        "error", "ok")[:40] for room, tokens in rooms}
    assert "ok" not in answers  # refused while the database is away (503: try again)
    paused = time.monotonic()  # the leases run out meanwhile: each process finds its pins expired when it is back
    wait_until(lambda: time.monotonic() - paused > 3, timeout=5, what="the leases to run out")
    cluster.db_proxy.start()
    for room, seats in players.items():
        play(seats, lambda games: games[None] and games[None]["result"])
        check_against_the_record(cluster, room, seats)
        [(pins,)] = cluster.query("SELECT count(*) FROM pins WHERE room = %s", (room,))
        assert pins == 1
    assert len(cluster.query("SELECT name FROM processes WHERE alive_until > now()")) == 3
    # every lease ran out at once: each process, back, renewed its own pins before any took another's
    assert dict(cluster.query("SELECT room, process FROM pins WHERE room = ANY(%s)", (list(owners),))) == owners


def test_the_pin_of_a_finished_room_whose_owner_died_is_deleted_and_the_room_still_answers(cluster):
    room, tokens = setup(cluster, names=("Ann",))
    assert call(cluster.proxy, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
    players = {0: Player(cluster.proxy.url, room, tokens[0], cluster.proxy.url)}
    play(players, lambda games: games[0] and games[0]["result"])
    owner = cluster.owner(room)
    assert cluster.query("SELECT room FROM archive WHERE room = %s", (room,))
    owner.kill()  # its finished room is still in its memory, pinned: nobody renews the pin now
    wait_until(lambda: not cluster.query("SELECT process FROM pins WHERE room = %s", (room,)), timeout=10,
               what="the pin of the finished room to be deleted")
    assert call(cluster.proxy, "GET", f"/api/rooms/{room}/view?token={tokens[0]}")["game"]["result"]
    again = call(cluster.proxy, "POST", f"/api/rooms/{room}/rematch", {"token": tokens[0]})["id"]
    assert cluster.owner(again) not in (None, owner)
    check_against_the_record(cluster, room, players)


def post(server, path: str, body: dict) -> tuple[int, dict]:
    """A POST to ``server``: its status and JSON answer."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(server.url + path, method="POST", data=json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def connections(server, to: Server) -> set[int]:
    """The local ports of ``server``'s established TCP connections to ``to``'s port (Linux: its sockets'
    inodes in /proc/PID/fd, looked up in /proc/net/tcp)."""
    inodes = set()
    for fd in Path(f"/proc/{server.process.pid}/fd").iterdir():
        with contextlib.suppress(FileNotFoundError):  # closed meanwhile
            if (link := str(fd.readlink())).startswith("socket:["):
                inodes.add(link[8:-1])
    ports = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
        if state == "01" and inode in inodes and int(remote.split(":")[1], 16) == to.port:
            ports.add(int(local.split(":")[1], 16))
    return ports


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc/net/tcp")
def test_forwarded_commands_share_a_kept_alive_connection(cluster):
    room = call(cluster.proxy, "POST", "/api/rooms", ROOM)["id"]
    owner = cluster.owner(room)
    other = next(s for s in cluster.servers if s is not owner)
    used = []
    for _ in range(20):  # one after another: each finds the last one's connection idle in the pool
        assert post(other, f"/api/rooms/{room}/watch", {})[0] == 200
        used.append(connections(other, owner))
    assert all(used) and len(set().union(*used)) <= 3, used  # (a connection per command: none open after it)


def test_a_command_whose_owner_dies_once_it_was_sent_is_answered_504_and_its_retry_is_stored_once(cluster):
    import psycopg

    room, tokens = setup(cluster, names=("Ann",))
    assert call(cluster.proxy, "POST", f"/api/rooms/{room}/start", {"token": tokens[0]}) == {"ok": True}
    owner = cluster.owner(room)
    other = next(s for s in cluster.servers if s is not owner)
    legal = call(other, "GET", f"/api/rooms/{room}/view?token={tokens[0]}")["game"]["legal"]
    action = {"divine": (legal["divine"] or [None])[0], "attack": (legal["attack"] or [None])[0]}
    command = {"token": tokens[0], "action": action, "id": "ann-night-1"}
    seq = len(cluster.events(room))  # Ann's action will be this event; the night's close (the bots acted) the next
    with psycopg.connect(POSTGRES) as hold:  # the next number taken, uncommitted: the owner's append of it waits
        hold.execute(f"SET search_path = {cluster.schema}")
        hold.execute("INSERT INTO events (room, seq, kind, data, at) VALUES (%s, %s, 'close', '{}', 0)", (room, seq + 1))
        pid = hold.execute("SELECT pg_backend_pid()").fetchone()[0]
        with ThreadPoolExecutor(1) as pool:
            sent = pool.submit(post, other, f"/api/rooms/{room}/action", command)  # forwarded by other to the owner
            wait_until(lambda: cluster.query("SELECT count(*) FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))",
                                             (pid,))[0][0] == 1, what="the owner's next append to wait")
            assert [e.kind for e in cluster.events(room)[seq:]] == ["action"]  # stored, and not answered yet
            owner.kill()
            status, answer = sent.result()
        hold.rollback()
    assert status == 504, answer
    assert "may or may not have been carried out" in answer["error"] and "same id" in answer["error"] and answer["ja"]
    again: list = []  # the page's retry: 503 (the owner is away) until another process takes the room
    wait_until(lambda: again.append(post(other, f"/api/rooms/{room}/action", command)) or again[-1][0] != 503,
               timeout=15, what="another process to take the room")
    assert again[-1] == (200, {"ok": True}), again[-1]
    assert all("try again in a few seconds" in a["error"] for _, a in again[:-1])  # not sent: nothing to be unsure of
    assert cluster.owner(room) not in (None, owner)
    events = cluster.events(room)
    assert [e.seq for e in events] == list(range(len(events)))
    assert [e.seq for e in events if e.kind == "action" and e.data.get("id") == "ann-night-1"] == [seq]


def test_the_open_rooms_an_address_may_have_are_counted_across_the_processes(tmp_path):
    cluster = Cluster(tmp_path, limits="rooms=2,sockets=200,actions_per_second=50").start()
    try:
        a, b, c = cluster.servers
        first = call(a, "POST", "/api/rooms", ROOM)["id"]
        call(b, "POST", "/api/rooms", ROOM)
        assert {cluster.owner(r).name for (r,) in cluster.query("SELECT room FROM pins")} == {"a", "b"}
        wait_until(lambda: len(call(c, "GET", "/api/rooms")) == 2, what="the lobby lines")
        refused = call(c, "POST", "/api/rooms", ROOM)  # c holds none of them: it counts the others' too
        assert "2 open rooms already" in refused["error"], refused
        token = call(cluster.proxy, "POST", f"/api/rooms/{first}/join", {"name": "Ann"})["token"]
        call(cluster.proxy, "POST", f"/api/rooms/{first}/bots", {"token": token})
        assert call(cluster.proxy, "POST", f"/api/rooms/{first}/start", {"token": token}) == {"ok": True}
        wait_until(lambda: "id" in call(c, "POST", "/api/rooms", ROOM),
                   what="a room played by a person to stop counting among its maker's")
    finally:
        cluster.stop()
