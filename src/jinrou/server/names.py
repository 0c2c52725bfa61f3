"""Names people choose — nicknames, spectators' names, room names — checked so they can be read and
told apart.

A name must show something: after removing invisible characters (format characters such as
U+200B, fillers such as U+3164 or U+2800, spaces) and combining marks, something must be left. A
nickname must not look like another seat's: two names collide when their *skeletons* are equal —
the idea of Unicode's confusable detection (UTS #39), with a small folding table instead of the
whole data file: NFKC (fullwidth ｌ → l), marks removed from letters below U+3000 (é → e; ビ stays ビ),
case folded, then the look-alikes
of Latin letters in Cyrillic and Greek, digits and letters that look alike (0/o, 1/l/I/|), letter
pairs that read as one (rn → m, vv → w), and the kana/kanji pairs of Japanese (カ/力, ロ/口, エ/工, ニ/二,
ー/一, へ/ヘ …). And a nickname must not pass for the server's own words: a bot ("Bot Alice", "bot 3",
anything starting with "bot" and a space or a digit, or with 🤖) or an anonymous row ("Player 3",
"プレイヤー3").

>>> skeleton("Ann") == skeleton("Аnn")  # the second begins with a Cyrillic А
True
>>> skeleton("ロビン") == skeleton("口ビン")
True
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from jinrou.server.errors import RoomError

INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f\u17b4\u17b5\u2061\u2062\u2063\u2064")
"""Printable characters that show nothing (Hangul fillers, the braille blank, …)."""

_LETTERS = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ɡ": "g",
    "ӏ": "l", "ь": "b",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "χ": "x", "γ": "y", "ω": "w", "μ": "u",
    # Latin
    "ı": "i", "ß": "ss", "ø": "o", "đ": "d", "ħ": "h", "ł": "l", "ŀ": "l", "ǀ": "l",
    # Japanese: kana and kanji that look alike, the long-vowel mark and dashes
    "力": "カ", "口": "ロ", "工": "エ", "二": "ニ", "一": "ー", "－": "ー", "―": "ー", "—": "ー", "‐": "ー", "-": "ー",
    "八": "ハ", "卜": "ト", "夕": "タ", "へ": "ヘ", "べ": "ベ", "ぺ": "ペ", "り": "リ", "〇": "o", "○": "o",
    "七": "ナ", "三": "ミ", "千": "チ",
}
_SIGNS = {"0": "o", "1": "l", "i": "l", "|": "l", "5": "s", "$": "s", "@": "a"}
"""Digits and signs that look like letters (and i, which looks like l): in skeletons only."""
_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
_BOT = re.compile(r"^\W*(?:bot|ボット|ぼっと)(?:[\W\d_]|$)|🤖")
_ROW = re.compile(r"^\W*(?:player|プレイヤー|ぷれいやー)\W*\d+\W*$")


def visible(text: str) -> str:
    """``text`` without what cannot be seen: invisible and format characters, combining marks,
    separators."""
    return "".join(c for c in text if c not in INVISIBLE and unicodedata.category(c)[0] not in "CMZ")


def skeleton(text: str) -> str:
    """A name folded so that names which look alike fold alike (see the module)."""
    folded = "".join(_SIGNS.get(c, c) for c in _letters(text) if not c.isspace())
    for pair, one in _PAIRS:
        folded = folded.replace(pair, one)
    return folded


def _letters(text: str) -> str:
    """NFKC, marks and invisibles removed (spaces kept), case folded, look-alike letters folded."""
    text = "".join(unicodedata.normalize("NFD", c) if c < "\u3000" else c  # é → e, but ビ stays ビ
                   for c in unicodedata.normalize("NFKC", text))
    text = "".join(c for c in text if c == " " or (c not in INVISIBLE and unicodedata.category(c)[0] not in "CMZ"))
    return "".join(_LETTERS.get(c, c) for c in unicodedata.normalize("NFKC", text).casefold())


def check_text_name(name: Any, limit: int, what: str) -> str:
    """A printable name of 1–``limit`` characters that shows something; stripped."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > limit or not name.isprintable():
        raise RoomError(f"{what} is 1–{limit} printable characters")
    name = name.strip()
    if not visible(name):
        raise RoomError(f"{what} {name!r} shows nothing: use letters, digits or signs, not only invisible "
                        "characters or combining marks")
    return name


def check_nickname(name: Any, taken: list[str], limit: int) -> str:
    """A nickname that shows something, passes for no bot or table row, and looks like no name in
    ``taken`` (RoomError saying which rule it breaks)."""
    name = check_text_name(name, limit, "a nickname")
    letters, folded = _letters(name), skeleton(name)
    if _BOT.search(letters.replace("0", "o")):
        raise RoomError(f"the nickname {name!r} passes for a bot: bots' names start with 'Bot'")
    if _ROW.match(letters):
        raise RoomError(f"the nickname {name!r} passes for a row of the anonymous table ('Player N')")
    for other in taken:
        if skeleton(other) == folded:
            same = other.casefold() == name.casefold()
            raise RoomError(f"the nickname {name!r} is taken in this room" if same else
                            f"the nickname {name!r} looks like {other!r}, who is in this room: choose another")
    return name
