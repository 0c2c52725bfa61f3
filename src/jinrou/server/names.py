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
"Bot太郎", "ボット太郎", "BotAnn": anything starting with "bot" but a word such as "Bottle", with ボット,
or with 🤖), a spectator in the chat ("Ann (観戦)"), a game's own player (身代わりくん, the classic
scapegoat, which the server never names itself: a name of it is reserved here, and a test keeps it
equal to the game's) or an anonymous row ("Player 3", "プレイヤー3"). Errors quote at most the first
20 characters of a name.

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
_BOT = re.compile(r"^\W*(?:bot(?![a-z])|ボット|ぼっと)|🤖")
"""Passes for a bot (on the folded letters): bot not followed by a Latin letter (Bottle is a word), ボット."""
_CAMEL_BOT = re.compile(r"^\W*[Bb]ot[A-Z]")
"""BotAnn (on the NFKC text, before case folding)."""
_SPECTATOR = re.compile(r"[(\[【「『〔<〈《]\s*(?:観戦|かんせん|spectator|watcher)")
"""Passes for a spectator: the chat shows one as "NAME (観戦)" (on the folded letters)."""
RESERVED = ("身代わりくん", "身代わり君", "みがわりくん")
"""Names of players the games make themselves, and names that start like them: the classic
scapegoat (``jinrou.classic.simulate.SCAPEGOAT_NAME`` first, then its other spellings)."""
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


def check_text_name(name: Any, limit: int, what: str, what_ja: str = "名前") -> str:
    """A printable name of 1–``limit`` characters that shows something; stripped."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > limit or not name.isprintable():
        raise RoomError(f"{what} is 1–{limit} printable characters", ja=f"{what_ja}は表示できる文字で1〜{limit}文字です")
    name = name.strip()
    if not visible(name):
        raise RoomError(f"{what} {quote(name)} shows nothing: use letters, digits or signs, not only invisible "
                        "characters or combining marks",
                        ja=f"{what_ja} {quote(name)} は何も表示されません: 見えない文字や結合文字だけでなく、文字・数字・記号を使ってください")
    return name


def check_nickname(name: Any, taken: list[str], limit: int) -> str:
    """A nickname that shows something, passes for no bot, spectator, game's own player or table
    row, and looks like no name in ``taken`` (RoomError saying which rule it breaks)."""
    name = check_text_name(name, limit, "a nickname", "ニックネーム")
    letters, folded = _letters(name), skeleton(name)
    shown = quote(name)
    if _BOT.search(letters.replace("0", "o")) or _CAMEL_BOT.match(unicodedata.normalize("NFKC", name)):
        raise RoomError(f"the nickname {shown} passes for a bot: bots' names start with 'Bot'",
                        ja=f"ニックネーム {shown} はボットと紛らわしい名前です: ボットの名前は「Bot」で始まります")
    if _SPECTATOR.search(letters):
        raise RoomError(f"the nickname {shown} passes for a spectator: the chat marks them '(観戦)'",
                        ja=f"ニックネーム {shown} は観戦者と紛らわしい名前です: チャットでは観戦者に「(観戦)」が付きます")
    if any(folded.startswith(skeleton(npc)) for npc in RESERVED):
        raise RoomError(f"the nickname {shown} is the name of a game's own player (身代わりくん): choose another",
                        ja=f"ニックネーム {shown} はゲームが使う名前（身代わりくん）です: 別の名前にしてください")
    if _ROW.match(letters):
        raise RoomError(f"the nickname {shown} passes for a row of the anonymous table ('Player N')",
                        ja=f"ニックネーム {shown} は匿名の表の行（「Player N」）と紛らわしい名前です")
    for other in taken:
        if skeleton(other) == folded:
            if other.casefold() == name.casefold():
                raise RoomError(f"the nickname {shown} is taken in this room",
                                ja=f"ニックネーム {shown} はこの部屋で使われています")
            raise RoomError(f"the nickname {shown} looks like {quote(other)}, who is in this room: choose another",
                            ja=f"ニックネーム {shown} はこの部屋の {quote(other)} と紛らわしい名前です: 別の名前にしてください")
    return name


def quote(name: str, limit: int = 20) -> str:
    """A name as an error message quotes it: its ``repr``, of its first ``limit`` characters."""
    return repr(name[:limit]) + ("…" if len(name) > limit else "")
