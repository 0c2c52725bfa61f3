"""Issue 36's room options about people: 覆面 (``blind``: the seats play under masks until the end), a game
master (``gm``) and spectators' talk (``watchspeak``) — the room form, the engine's settings and the mode's
side (the server's side: ``tests/server/test_classic_room_options_online.py``)."""

from __future__ import annotations

from jinrou.modes.classic import ClassicMode
from jinrou.modes.classic_settings import engine_settings, room_option, schema

from .test_classic_mode import Table


def test_the_form_offers_the_room_options_in_a_group_of_their_own_in_both_languages():
    fields = {f.key: f for f in schema().fields}
    assert [(fields[k].group, fields[k].default, fields[k].ja) for k in ("blind", "gm", "watchspeak")] == [
        ("room", False, "覆面"), ("room", False, "ゲームマスター"), ("room", True, "観戦者の発言")]
    assert schema().groups["room"] == ("Room", "部屋")
    checked = ClassicMode().settings({"room": {"blind": True}})
    assert engine_settings(checked)["blind"] == "on" and engine_settings(checked)["watchspeak"] == "on"


def test_a_room_stored_before_the_options_has_their_defaults():
    assert room_option({"rules": {}}, "watchspeak") and not room_option({"rules": {}}, "blind")


def test_masks_name_the_seats_in_order_and_the_game_plays_under_them():
    mode = ClassicMode()
    assert mode.masks(mode.settings({}), 6) is None
    settings = mode.settings({"players": 6, "room": {"blind": True}})
    masks = mode.masks(settings, 6)
    assert masks == ("覆面1", "覆面2", "覆面3", "覆面4", "覆面5", "覆面6")
    table = Table({"players": 6, "room": {"blind": True}}, humans=[0], players=masks)
    assert table.game.names == ("身代わりくん", *masks) and table.view(0)["players"][1]["name"] == "覆面1"
