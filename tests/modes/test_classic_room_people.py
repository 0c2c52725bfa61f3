"""Issue 36's room options about people: 覆面 (``blind``: the seats play under masks until the end), a game
master (``gm``) and spectators' talk (``watchspeak``) — the room form, the engine's settings and the mode's
side (the server's side: ``tests/server/test_classic_room_options_online.py``)."""

from __future__ import annotations

import pytest

from jinrou.classic.settings import Settings
from jinrou.errors import IllegalActionError
from jinrou.modes.base import SettingsError
from jinrou.modes.classic import ClassicMode
from jinrou.modes.classic_settings import blind, engine_settings, room_option, schema

from .test_classic_mode import Table


def test_the_form_offers_the_room_options_in_a_group_of_their_own_in_both_languages():
    fields = {f.key: f for f in schema().fields}
    assert [(fields[k].group, fields[k].default, fields[k].ja) for k in ("blind", "gm", "watchspeak")] == [
        ("room", "off", "覆面"), ("room", False, "ゲームマスター"), ("room", True, "観戦者の発言")]
    assert [(c.value, c.ja) for c in fields["blind"].choices] == [
        ("off", "なし"), ("on", "覆面（終了後に公開）"), ("complete", "完全覆面（終了後も非公開）")]
    assert schema().groups["room"] == ("Room", "部屋")
    checked = ClassicMode().settings({"room": {"blind": True}})
    assert engine_settings(checked)["blind"] == "on" and engine_settings(checked)["watchspeak"] == "on"


@pytest.mark.parametrize("room,shown", [
    ({}, {}),
    ({"blind": True}, {"blind": {"en": "yes, names shown at the end", "ja": "あり（終了後に公開）"}}),
    ({"blind": "complete", "gm": True}, {"blind": {"en": "complete: names never shown", "ja": "完全覆面（終了後も非公開）"},
                                        "gm": {"en": "yes", "ja": "あり"}}),
    ({"gm": True, "watchspeak": False}, {"gm": {"en": "yes", "ja": "あり"}}),
])
def test_the_rooms_summary_names_masks_and_a_game_master_beside_the_cast(room, shown):
    mode = ClassicMode()
    summary = mode.summary(mode.settings({"room": room}))
    assert summary == {"cast": {"en": "standard (普通1)", "ja": "普通1"}, **shown}


def test_a_room_stored_before_the_options_has_their_defaults():
    assert room_option({"rules": {}}, "watchspeak") and not room_option({"rules": {}}, "blind")


@pytest.mark.parametrize("given,stored,engine", [(True, "on", "on"), (False, "off", "off"), ("on", "on", "on"),
                                                 ("complete", "complete", "complete"), ("off", "off", "off")])
def test_masks_are_off_on_or_complete_and_a_switch_still_reads(given, stored, engine):
    checked = ClassicMode().settings({"room": {"blind": given}})
    assert checked["room"]["blind"] == stored and engine_settings(checked)["blind"] == engine
    assert room_option(checked, "blind") is (stored != "off") and blind(checked) == stored
    old = {"players": 6, "room": {"blind": given}}  # a room stored while 覆面 was a switch (true, false)
    assert blind(old) == stored and engine_settings(old)["blind"] == engine


def test_a_bad_mask_value_is_refused_with_the_values_allowed_and_nothing_is_made():
    with pytest.raises(SettingsError, match="'always'") as refused:
        ClassicMode().settings({"room": {"blind": "always"}})
    assert "off" in str(refused.value) and "complete" in str(refused.value)


def test_complete_masks_stay_after_the_end_and_the_mode_still_gives_standings():
    mode = ClassicMode()
    assert mode.unmasks_at_end(mode.settings({"room": {"blind": True}}))
    assert not mode.unmasks_at_end(mode.settings({"room": {"blind": "complete"}}))
    assert mode.unmasks_at_end(mode.settings({}))
    masks = tuple(f"覆面{i + 1}" for i in range(6))
    table = Table({"players": 6, "room": {"blind": "complete"}}, humans=[], players=masks)  # bots play to the end
    assert table.mode.result(table.state) is not None  # the server keeps only their sudden deaths (accounts)
    assert all(s is not None for s in table.mode.standings(table.state))
    on = Table({"players": 6, "room": {"blind": True}}, humans=[], players=masks)
    assert all(s is not None for s in on.mode.standings(on.state))
    assert Settings.parse({"blind": "complete"})["blind"] == "complete"  # the engine's (record, --setting)


def test_masks_name_the_seats_in_order_and_the_game_plays_under_them():
    mode = ClassicMode()
    assert mode.masks(mode.settings({}), 6) is None
    settings = mode.settings({"players": 6, "room": {"blind": True}})
    masks = mode.masks(settings, 6)
    assert masks == ("覆面1", "覆面2", "覆面3", "覆面4", "覆面5", "覆面6")
    table = Table({"players": 6, "room": {"blind": True}}, humans=[0], players=masks)
    assert table.game.names == ("身代わりくん", *masks) and table.view(0)["players"][1]["name"] == "覆面1"


# ---------------------------------------------------------------------- a game master

GM_PLAYERS = ("Gina", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
GM_CAST = ["Human", "Human", "Werewolf", "Diviner", "Human", "Human", "Guard"]  # 身代わりくん, Ann, Ben, …


def gm_table(**rules: object) -> Table:
    return Table({"players": 6, "cast": "fixed", "roles": {"Human": 4, "Werewolf": 1, "Diviner": 1, "Guard": 1},
                  "room": {"gm": True}, "rules": rules, "times": {"night": 100}}, roles=GM_CAST, humans=[0, 1, 3],
                 players=GM_PLAYERS)


def test_a_gm_room_has_a_seat_more_whose_host_plays_no_seat():
    mode = ClassicMode()
    settings = mode.settings({"players": 6, "room": {"gm": True}})
    assert mode.seats(settings) == 7 and mode.seats(mode.settings({"players": 6})) == 6
    table = gm_table()
    assert table.game.names == ("身代わりくん", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
    assert [p["seat"] for p in table.view(None)["players"]] == [None, 1, 2, 3, 4, 5, 6]
    assert table.mode.game_master(table.state) == 0 and table.mode.unmasked(table.state, 0)
    assert not table.mode.unmasked(table.state, 1)
    host3 = mode.start(GM_PLAYERS, settings, host=3)
    assert host3.master == 3 and [host3.seat(s) for s in (0, 1, 2, 4, 5, 6)] == [1, 2, 3, 4, 5, 6]
    assert [host3.room_seat(s) for s in range(7)] == [None, 0, 1, 2, 4, 5, 6]


def test_the_game_master_sees_every_role_every_private_line_and_the_wolves_plans():
    table = gm_table(divineresult="immediate")
    table.act(3, {"act": "divine", "targets": ["Ben"]})  # Cat, the 占い師, divines Ben: told to Cat alone at once
    master = table.view(0)
    assert master["me"] is None and master["legal"] == [] and master["master"] == {"name": "Gina", "you": True}
    assert [p["role"]["id"] for p in master["players"]] == GM_CAST
    told = [line for line in master["log"] if line.get("private")]
    assert told and told[-1]["to"] == ["Cat"] and "Ben" in told[-1]["en"]
    assert table.view(1)["master"] == {"name": "Gina", "you": False}
    assert all("to" not in line for line in table.view(3)["log"])  # only the GM is told whom a line is to
    assert sum(p["role"] is not None for p in table.view(1)["players"]) == 1  # a seat sees its own role only


def test_the_game_master_cannot_act_for_a_seat_and_nothing_changes():
    table = gm_table()
    before = table.view(None)
    for action in ({"vote": "Ann"}, {"act": "divine", "targets": ["Ben"]}, {"done": True}, {"will": "x"}):
        with pytest.raises(IllegalActionError, match="the game master plays no seat: it talks and changes the time"):
            table.act(0, action)
    assert table.view(None) == before and not table.mode.repeats(table.state, 0, {"done": True})


def test_the_game_master_reads_every_chat_and_writes_the_village_and_one_to_each_seat():
    table = gm_table()
    chats = {c.key: c.writable for c in table.mode.channels(table.state, 0)}
    assert chats["village"] and all(chats[f"gm-{s}"] for s in range(1, 7))
    assert chats["gm-heaven"] and chats["gm-audience"]
    assert {k for k, w in chats.items() if not w} == {"wolves", "heaven", *(f"monologue-{s}" for s in range(1, 7))}
    ann = {c.key: c for c in table.mode.channels(table.state, 1)}
    assert not ann["gm-1"].writable and ann["gm-1"].closed == "the game master writes here: it is told to you alone"
    assert "gm-2" not in ann and table.mode.reads_veiled(table.state, 0)


@pytest.mark.parametrize("spectators_read_heaven", [False, True])
def test_the_game_masters_lines_to_the_dead_reach_the_dead_and_to_the_spectators_the_spectators(spectators_read_heaven):
    # 月下人狼's GM speak modes gmheaven and gmaudience (server/rpc/game/game.coffee, GameMaster.getSpeakChoice)
    table = Table({"players": 6, "cast": "fixed", "roles": {"Human": 6, "Werewolf": 1}, "room": {"gm": True},
                   "heaven_spectators": spectators_read_heaven, "rules": {"heavenview": ""}},
                  roles=["Human", "Human", "Werewolf", "Human", "Human", "Human", "Human"], humans=range(7),
                  players=GM_PLAYERS)
    mode = table.mode

    def readers(key: str) -> set[int | None]:
        return {seat for seat in (*range(7), None) if key in {c.key for c in mode.channels(table.state, seat)}}

    master = {c.key: c for c in mode.channels(table.state, 0)}
    assert master["gm-heaven"].writable and master["gm-audience"].writable
    assert (master["gm-heaven"].en, master["gm-heaven"].ja) == ("GM → the dead", "GM→霊界")
    assert (master["gm-audience"].en, master["gm-audience"].ja) == ("GM → spectators", "GM→観戦者")
    assert [c.key for c in mode.channels(table.state, 0)][:3] == ["village", "gm-heaven", "gm-audience"]
    assert readers("gm-heaven") == {0} | ({None} if spectators_read_heaven else set())  # nobody is dead yet
    assert readers("gm-audience") == {0, None}
    for seat in range(1, 7):  # night 1: the scapegoat is attacked; day 2: everybody votes Dan
        table.act(seat, {"done": True})
    for seat in range(1, 7):
        table.act(seat, {"vote": "Dan" if seat != 4 else "Eve"})
    assert not table.game.alive[table.state.seat(4)]
    assert readers("gm-heaven") == {0, 4} | ({None} if spectators_read_heaven else set())
    assert readers("gm-audience") == {0, None}
    dan = {c.key: c for c in mode.channels(table.state, 4)}
    assert not dan["gm-heaven"].writable and dan["gm-heaven"].closed == "the game master writes here to the dead"
    spectator = {c.key: c for c in mode.channels(table.state, None)}
    assert spectator["gm-audience"].closed_ja == "ゲームマスターから観戦者への連絡です"


def test_spectators_read_the_game_masters_lines_to_them_before_the_deal_too():
    table = Table({"players": 6, "cast": "fixed", "roles": {"Human": 5, "Werewolf": 1, "Diviner": 1},
                   "room": {"gm": True}, "rules": {"rolerequest": True}}, humans=range(7), players=GM_PLAYERS)
    assert table.state.game is None  # 希望役職制: the request phase before the deal
    assert "gm-audience" in {c.key for c in table.mode.channels(table.state, None)}
    assert "gm-audience" not in {c.key for c in table.mode.channels(table.state, 1)}


def test_the_game_master_has_no_standing_and_the_players_theirs():
    table = gm_table()
    table.play_humans()
    standings = table.mode.standings(table.state)
    assert standings[0] is None and [s.role for s in standings[1:]] == GM_CAST[1:]
    assert 0 not in table.mode.result(table.state).winners


# ---------------------------------------------------------------------- 障子に目あり, 観戦者の発言

SHOJI_CAST = ["Werewolf", "NightRabbit", "Human", "Human", "Diviner", "Human"]


@pytest.mark.parametrize("shoji,cast,warned", [(True, SHOJI_CAST, True), (False, SHOJI_CAST, False),
                                               (True, ["Werewolf", "Fox", "Human", "Human", "Diviner", "Human"], False)])
def test_shoji_warns_everybody_at_the_start_when_an_eavesdropper_is_cast(shoji, cast, warned):
    counts = {r: cast.count(r) for r in set(cast)}
    table = Table({"players": 6, "cast": "fixed", "roles": counts, "rules": {"scapegoat": "off", "shoji": shoji}},
                  roles=cast, humans=[])
    lines = [line["ja"] for line in table.view(None)["log"]]
    assert ("壁に耳あり障子に目あり。" in lines) is warned  # public: a spectator reads it
    assert table.game.settings["shoji"] == ("on" if shoji else "off")


def test_only_the_roles_the_reference_lists_are_eavesdroppers():
    from jinrou.classic.roles import ROLES

    assert [r for r, role in ROLES.items() if role.eavesdrops] == ["NightRabbit"]


def test_the_mode_says_whether_spectators_talk():
    mode = ClassicMode()
    assert mode.spectators_speak(mode.settings({})) and not mode.spectators_speak(mode.settings({"room": {"watchspeak": False}}))
