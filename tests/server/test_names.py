"""Nicknames that show nothing, look like another seat's, or pass for a bot or a table row are
refused (issue 14, finding 15)."""

import pytest

from jinrou.server.names import check_nickname, skeleton, visible

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


@pytest.mark.parametrize("name", ["Bottle", "Robot", "Players", "Ann-Marie", "さくら", "Zoë", "李", "x"])
def test_ordinary_names_pass(name):
    assert check_nickname(name, [], 20) == name and visible(name)


def test_the_api_refuses_look_alikes_impersonators_and_empty_names(client):
    room = new_room(client)
    join(client, room, "Ann")
    for name, message in [("Аnn", "looks like 'Ann'"), ("\u0301\u0301", "shows nothing"), ("Bot Bob", "bot"),
                          ("Player 2", "Player N")]:
        response = client.post(f"/api/rooms/{room}/join", json={"name": name})
        assert response.status_code == 400 and message in response.json()["error"], response.json()
    bad_room = client.post("/api/rooms", json={"name": "\u3164", "seats": 5})
    assert bad_room.status_code == 400 and "shows nothing" in bad_room.json()["error"]
    assert join(client, room, "Ben")
