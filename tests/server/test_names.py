"""Nicknames that show nothing, look like another seat's, or pass for a bot, a spectator, a game's
own player or a table row are refused (issue 14, finding 15; issue 26, point 14)."""

import pytest

from jinrou.classic.simulate import SCAPEGOAT_NAME
from jinrou.modes.classic import SCAPEGOAT
from jinrou.server.names import RESERVED, check_nickname, skeleton, visible

from .test_api import join, new_room

LOOK_ALIKES = [  # (a seated name, a look-alike) — each pair folds to one skeleton
    ("Ann", "Аnn"),  # Cyrillic А
    ("Ann", "ＡＮＮ"),  # fullwidth
    ("Bill", "BiII"),  # capital I for l
    ("Olga", "0lga"),  # zero for O
    ("Emma", "Εmma"),  # Greek Ε
    ("José", "Jose"),  # an accent
    ("mom", "rnom"),  # r n reads as m
    ("カイ", "力イ"),  # the kanji 力 for the katakana カ
    ("ロビン", "口ビン"),  # the kanji 口 for ロ
    ("ユーキ", "ユ一キ"),  # the kanji 一 for the long-vowel mark
    ("へいた", "ヘいた"),  # katakana ヘ for hiragana へ
    ("ﾀﾛｳ", "タロウ"),  # half-width kana
    ("Ann", "A\u200bnn"),  # a zero-width space inside (refused as not printable anyway)
    ("Ann", "An\u0301n"),  # a combining accent
]


@pytest.mark.parametrize("seated, other", LOOK_ALIKES)
def test_a_name_that_looks_like_a_seated_one_is_refused(seated, other):
    with pytest.raises(ValueError, match="looks like|is taken|printable"):
        check_nickname(other, [seated], 20)


@pytest.mark.parametrize("a, b", [("Ann", "Anna"), ("ヒロ", "ビロ"), ("Bob", "Rob"), ("Kai", "Kei"), ("太郎", "次郎")])
def test_names_that_merely_resemble_each_other_are_both_allowed(a, b):
    assert skeleton(a) != skeleton(b)
    assert check_nickname(b, [a], 20) == b


@pytest.mark.parametrize("name, message", [
    ("\u0301\u0301\u0301", "shows nothing"),  # combining marks only
    ("\u3164\u3164", "shows nothing"),  # Hangul fillers
    ("\u2800", "shows nothing"),  # the braille blank
    ("\u200b\u200b", "printable"),  # zero-width spaces
    ("\u202eevil", "printable"),  # a right-to-left override
    ("Bot Alice", "passes for a bot"),
    ("bot 3", "passes for a bot"),
    ("B0T Zed", "passes for a bot"),
    ("Вот", "passes for a bot"),  # Cyrillic
    ("🤖 Ann", "passes for a bot"),
    ("ボット", "passes for a bot"),
    ("Player 3", "passes for a row"),
    ("player12", "passes for a row"),
    ("ＰＬＡＹＥＲ４", "passes for a row"),
    ("プレイヤー3", "passes for a row"),
])
def test_invisible_and_impersonating_names_are_refused(name, message):
    with pytest.raises(ValueError, match=message):
        check_nickname(name, [], 20)


@pytest.mark.parametrize("name, message", [  # issue 26, point 14: names found in rooms
    ("Bot太郎", "passes for a bot"),
    ("ボット太郎", "passes for a bot"),
    ("ﾎﾞｯﾄ太郎", "passes for a bot"),  # half-width kana
    ("B0t太郎", "passes for a bot"),
    ("BotAnn", "passes for a bot"),
    ("bot_x", "passes for a bot"),
    ("Watcher (観戦)", "passes for a spectator"),
    ("Ann（観戦）", "passes for a spectator"),  # full-width brackets
    ("Ann [spectator]", "passes for a spectator"),
    ("身代わりくん", "a game's own player"),
    ("身代わりくん2", "a game's own player"),  # as the game renames it when a player took its name
    ("身代わり君", "a game's own player"),
    ("身代ゎりくん", None),  # a small ゎ: not folded, allowed
])
def test_names_that_pose_as_a_bot_a_spectator_or_the_scapegoat_are_refused(name, message):
    if message is None:
        assert check_nickname(name, [], 20) == name
        return
    with pytest.raises(ValueError, match=message) as error:
        check_nickname(name, [], 20)
    assert error.value.ja and "\n" not in str(error.value)


def test_the_reserved_name_is_the_games_scapegoat():
    assert RESERVED[0] == SCAPEGOAT_NAME == SCAPEGOAT


@pytest.mark.parametrize("name, taken", [("Ａ" * 40, ["Ａ" * 40]), ("Ｂ" * 40, ["B" * 40]), ("\u3164" * 39, []),
                                         ("Bot " + "x" * 36, []), ("x" * 30 + "(観戦)", []), ("身代わりくん" + "x" * 30, [])])
def test_errors_quote_at_most_twenty_characters_of_a_name(name, taken):
    with pytest.raises(ValueError) as error:
        check_nickname(name, taken, 50)
    for text in (str(error.value), error.value.ja):
        assert name[:21] not in text and repr(name[:20]) + "…" in text


@pytest.mark.parametrize("name", ["Bottle", "Robot", "Players", "Ann-Marie", "さくら", "Zoë", "李", "x", "Botan",
                                  "観戦太郎", "Ann (Tokyo)"])
def test_ordinary_names_pass(name):
    assert check_nickname(name, [], 20) == name and visible(name)


def test_the_api_refuses_look_alikes_impersonators_and_empty_names(client):
    room = new_room(client)
    join(client, room, "Ann")
    for name, message in [("Аnn", "looks like 'Ann'"), ("\u0301\u0301", "shows nothing"), ("Bot Bob", "bot"),
                          ("Player 2", "Player N"), ("Bot太郎", "bot"), ("身代わりくん", "game's own player"),
                          ("Zed (観戦)", "spectator")]:
        response = client.post(f"/api/rooms/{room}/join", json={"name": name})
        assert response.status_code == 400 and message in response.json()["error"], response.json()
    watcher = client.post(f"/api/rooms/{room}/watch", json={"name": "Watcher (観戦)"})
    assert watcher.status_code == 400 and "spectator" in watcher.json()["error"] and watcher.json()["ja"]
    bad_room = client.post("/api/rooms", json={"name": "\u3164", "seats": 5})
    assert bad_room.status_code == 400 and "shows nothing" in bad_room.json()["error"]
    assert join(client, room, "Ben")
