"""An IPv6 client is counted by his /64 (:func:`jinrou.server.guard.address_unit`): a device takes new privacy
addresses in its network at will, so bans, kicks and the per-address limits that counted single IPv6 addresses
could be walked past by changing one's address. On the real app over real sockets (X-Forwarded-For from a proxy
it trusts, as behind a reverse proxy), on SQLite and PostgreSQL."""

import pytest

from jinrou.server.guard import address_unit

from .test_moderation import ban, events, join, new_room, post, running


@pytest.mark.parametrize(("address", "unit"), [
    ("203.0.113.7", "203.0.113.7"),
    ("2001:db8:1:2::5", "2001:db8:1:2::/64"),
    ("2001:DB8:1:2:abcd:ef01:2345:6789", "2001:db8:1:2::/64"),  # any spelling, any host part
    ("2001:db8:1:2::/64", "2001:db8:1:2::/64"),  # a unit forwarded by another process of the cluster: kept
    ("::ffff:203.0.113.7", "203.0.113.7"),  # an IPv4 client on a dual-stack socket
    ("::1", "::/64"),
    ("fe80::1%eth0", "fe80::/64"),
    ("testclient", "testclient"),  # no peer address (a test client): as given
])
def test_an_address_is_counted_by_its_unit(address, unit):
    assert address_unit(address) == unit
    assert address_unit(unit) == unit  # applied twice (forwarded in a cluster), the same


def test_an_address_ban_holds_for_the_whole_ipv6_network_and_for_an_ipv4_client_on_a_dual_stack_socket(store):
    with running(store) as (client, _):
        room = new_room(client)
        near = join(client, room, "Ann", address="2001:db8:1:2:abcd::9")
        other = join(client, room, "Bob", address="2001:db8:1:3::5")
        ban(store, "chat", "address", "2001:db8:1:2::5", reason="spam")
        before = events(store, room)
        refused = post(client, f"/api/rooms/{room}/chat", {"token": near, "text": "hi"}, address="2001:db8:1:2:abcd::9")
        assert refused.status_code == 403 and refused.json()["error"].startswith("your address is banned from chatting")
        assert events(store, room) == before
        assert post(client, f"/api/rooms/{room}/chat", {"token": other, "text": "hi"},
                    address="2001:db8:1:3::5").status_code == 200  # the next /64 is another household
        ban(store, "play", "address", "203.0.113.9")
        mapped = post(client, f"/api/rooms/{room}/join", {"name": "Cat"}, address="::ffff:203.0.113.9")
        assert mapped.status_code == 403 and mapped.json()["error"].startswith("your address is banned from playing")


def test_the_open_rooms_of_an_ipv6_network_are_counted_together(store):
    with running(store) as (client, _):
        for host in (1, 2, 3):
            new_room(client, address=f"2001:db8:1:2::{host}")
        refused = post(client, "/api/rooms", {"name": "a fourth", "seats": 5, "wolves": 1}, address="2001:db8:1:2::4")
        assert refused.status_code == 429 and refused.json()["error"].startswith("you have 3 open rooms already")
        assert new_room(client, address="2001:db8:1:3::1")  # another network: its own rooms


def test_a_kick_bars_the_kicked_players_whole_ipv6_network(store):
    with running(store) as (client, _):
        room = new_room(client)
        host = join(client, room, "Ann", address="10.0.0.1")
        join(client, room, "Bob", address="2001:db8:1:2::5")
        assert post(client, f"/api/rooms/{room}/kick", {"token": host, "seat": 1}).status_code == 200
        again = post(client, f"/api/rooms/{room}/join", {"name": "Bobby"}, address="2001:db8:1:2:ffff::1")
        assert again.status_code == 403 and again.json()["error"].startswith("the host removed you from this room")
        assert join(client, room, "Cat", address="2001:db8:1:3::5")
