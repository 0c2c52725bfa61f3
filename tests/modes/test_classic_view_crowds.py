"""What the classic page reads of issue 34's gifts and crowds, payload side: the room options 酔っ払い and
死神の手帳 in the room form and the engine's settings; a present, a stream, a notice relayed to a listener
and a death note are private facts — each payload of every other seat and of a spectator is checked not
to hold them; the stream is a channel of the 配信者 (written at night) and of its listeners (read only)."""

from __future__ import annotations

import json
from typing import Any

from jinrou.modes.classic_settings import engine_settings, schema

from .test_classic_mode import Table

FIXED = {"cast": "fixed", "rules": {"scapegoat": "off"}}


def table(roles: list[str], rules: dict[str, Any] | None = None) -> Table:
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    settings = {"players": len(roles), "roles": counts, **FIXED}
    settings["rules"] = {**settings["rules"], **(rules or {})}
    return Table(settings, roles=roles, humans=range(len(roles)))


def payloads(t: Table) -> dict[int | None, str]:
    """Each seat's view (and a spectator's) as the JSON the page receives."""
    return {s: json.dumps(t.view(s), ensure_ascii=False) for s in [*range(len(t.players)), None]}


def holding(t: Table, text: str) -> set[int | None]:
    return {s for s, p in payloads(t).items() if text in p}


def test_the_room_form_offers_the_drunk_and_the_death_note_and_the_engine_gets_them():
    fields = {f.key: f for f in schema().fields}
    assert fields["drunk"].default is False and fields["deathnote"].default is False
    assert (fields["drunk"].ja, fields["deathnote"].ja) == ("酔っ払い", "死神の手帳")
    t = table(["Werewolf", "Diviner", "Human", "Human", "Human", "Human"], {"drunk": True, "deathnote": True})
    assert engine_settings(t.settings)["drunk"] == engine_settings(t.settings)["deathnote"] == "on"
    assert t.game.settings.on("drunk") and t.game.settings.on("deathnote")
    drunk = [i.seat for i in t.game.identities if any(layer.role.id == "Drunk" for layer in i.layers)]
    assert drunk == [0] or drunk == [1]  # a seat whose role is no 村人
    me = t.view(drunk[0])["me"]
    assert me["role"]["id"] == "Human" and me["team"]["id"] == "Human" and not me["subs"]
    t.play_humans()
    assert t.game.is_over


def test_a_present_reaches_its_receiver_only():
    t = table(["Werewolf", "SantaClaus", "Human", "Human", "Human", "Human"])
    t.act(1, {"act": "gift", "targets": ["Cat"]})
    t.act(0, {"act": "attack", "targets": ["Dan"]})
    t.deadline()
    arrived = [s for s in range(6) if "Catに" in payloads(t)[s] and "到着しました" in payloads(t)[s]
               or "毒入りプレゼント" in payloads(t)[s]]
    assert arrived == [2]
    assert holding(t, "BenはCatにプレゼントを届けました。") == {1}


def test_the_stream_is_the_streamers_and_its_listeners_channel_and_its_notices_reach_them_only():
    roles = ["Werewolf", "Streamer", "Human", "Human", "Human", "Human", "Human", "Human"]
    t = table(roles)
    listeners = sorted(i.seat for i in t.game.identities if any(layer.role.id == "Listener" for layer in i.layers))
    assert len(listeners) == 2 and 1 not in listeners
    channels = {s: {c.key: c for c in t.mode.channels(t.state, s)} for s in [*range(8), None]}
    # at night its monologue is its stream (V2.1.8b): the stream in the monologue's place, the 独り言 read only
    assert channels[1]["stream-1"].writable and channels[1]["stream-1"].en == "Monologue (stream)"
    assert channels[1]["stream-1"].ja == "独り言（配信）" and list(channels[1])[-1] == "stream-1"
    assert channels[1]["monologue-1"].closed_ja == "夜の独り言は配信になり、視聴者が読みます"
    for s in listeners:
        assert "stream-1" in channels[s] and not channels[s]["stream-1"].writable
        assert (channels[s]["stream-1"].en, channels[s]["stream-1"].ja) == ("Stream (Ben)", "配信（Ben）")
    assert [s for s in channels if "stream-1" in channels[s]] == [1, *listeners]
    told = f"{t.players[listeners[0]]}はBenの視聴者になりました。"
    assert holding(t, told) == {listeners[0]}
    others = [s for s in range(2, 8) if s not in listeners]
    t.act(0, {"act": "attack", "targets": [t.players[others[0]]]})
    t.deadline()
    by_day = {c.key: c for c in t.mode.channels(t.state, 1)}  # by day it has its 独り言, the stream is closed
    assert by_day["monologue-1"].writable and not by_day["stream-1"].writable
    assert (by_day["stream-1"].en, list(by_day)[-1]) == ("Stream (Ben)", "monologue-1")
    for s in range(8):  # the day: everybody votes another non-listener; at dusk the 配信者 tries a role
        if t.game.alive[s] and s in t.mode.awaited(t.state):
            t.act(s, {"vote": t.players[others[1] if s != others[1] else others[2]]})
    assert not t.game.is_over and t.game.day == 2
    tried = [s for s, p in payloads(t).items() if "今夜は" in p and "やってみることにしました" in p]
    assert tried == [1, *listeners]  # told to the 配信者, relayed to its listeners; not to a spectator



def test_a_death_note_is_listed_to_its_holder_only():
    t = table(["Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"], {"deathnote": True})
    t.act(0, {"act": "attack", "targets": ["Ben"]})
    t.deadline()
    holder = next(i.seat for i in t.game.identities if any(layer.role.id == "DeathNote" for layer in i.layers))
    living = {s: p for s, p in payloads(t).items() if s is None or t.game.alive[s]}  # the dead see all (霊界表示)
    assert [s for s, p in living.items() if "死神の手帳: 今夜だけ" in p] == [holder]
    assert [s for s, p in living.items() if '"DeathNote"' in p] == [holder]


def test_the_homecomers_kit_chooser_online_offers_its_three_kits_by_name_and_hands_one():
    t = table(["Werewolf", "HomeComer", "Human", "Human", "Human", "Human", "Human"])
    t.act(0, {"act": "attack", "targets": ["Cat"]})
    t.deadline()
    for s in range(7):
        if t.game.alive[s] and s in t.mode.awaited(t.state):
            t.act(s, {"vote": "Dan" if s != 3 else "Eve"})
    legal = {lg["verb"]: lg for lg in t.view(1)["legal"]}["kit"]
    assert (legal["ja"], legal["en"], legal["required"]) == ("渡す", "hand a kit", False)
    assert legal["kits"] == [{"id": "Diviner", "ja": "占いセット", "en": "a seer kit"},
                             {"id": "Psychic", "ja": "霊能セット", "en": "a medium kit"},
                             {"id": "Guard", "ja": "狩人セット", "en": "a bodyguard kit"}]
    t.act(1, {"act": "kit", "targets": ["Eve"], "kit": "Guard"})
    assert holding(t, "Eveに狩人セットが到着しました。") == {4}
    assert "guard" in {lg["verb"] for lg in t.view(4)["legal"]}  # usable that night
