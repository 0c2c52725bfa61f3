"""月下人狼's casting presets (配役): for a preset and a number of seats, the role counts a room is cast
from — 普通1/2/3, the 特殊役職配役, 桃栗配役, テーマ配役 and その他 groups of the reference's room form.

A preset's id is its group and name joined by "." (``普通配役.普通1``, ``テーマ配役.女王村``); the name alone
(``女王村``) or its English name (``Queen village``) finds it too where it is unique. ``n`` counts every
seat, 身代わりくん included, as the reference's preset functions count; 村人 fills the seats the preset
leaves (``Human = n − the others``).

The rules are the reference's tables (uhyo/jinrou ``client/code/shared/game.coffee``, ``jobrules``),
including what its arithmetic does at the edges, where a room is refused (see
``docs/classic-rules.md``, "Casting presets"): fewer seats than the preset's own minimum; more roles
than seats or a count below zero (六つ巴人狼 below 10 seats, 狂った世界's 狂人 below 6); and 人狼占い at
7–10 seats, where the reference adds a 妖狐 to an absent count (``undefined + 1``, not a number) and its
start check refuses the list. A room needs :data:`MIN_SEATS` seats besides.

>>> find("普通1").cast(9)
{'Werewolf': 2, 'Diviner': 1, 'Psychic': 1, 'Madman': 1, 'Guard': 1, 'Human': 3}
>>> find("女王村").suggested
{'scapegoat': 'no'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from jinrou.errors import CastingError, SetupError

MIN_SEATS = 6
"""A room starts with 6 seats at least (身代わりくん included), whatever the preset; a preset's rule
itself answers from its own minimum (4 for 普通1/2/3), as the reference's functions do."""

Counts = dict[str, int]
NAN = None
"""An absent count the reference increments (``undefined + 1``): the list is refused at the start."""


class PresetError(SetupError):
    """An unknown preset, or a number of seats it cannot cast (the message says what is allowed)."""


class _Grouped:
    """A preset's address: the reference's group and name joined by "." (``普通配役.普通1``)."""

    group: str
    name: str

    @property
    def id(self) -> str:
        return f"{self.group}.{self.name}"

    @property
    def group_en(self) -> str:
        return GROUPS_EN[self.group]


@dataclass(frozen=True)
class Preset(_Grouped):
    """One preset of the room form: its group and name (Japanese, as the reference), English names,
    the one-line description the form shows, its own minimum of seats, the settings it suggests, and
    its rule (seats → the counts of every role but 村人)."""

    group: str
    name: str
    name_en: str
    title_ja: str
    title_en: str
    rule: Callable[[int], Mapping[str, int | None]] = field(repr=False)
    min_players: int = 1
    suggested: Mapping[str, str] = field(default_factory=dict)

    def cast(self, n: int) -> Counts:
        """The role counts for ``n`` seats (身代わりくん included), 村人 last, roles without a seat left
        out; :class:`PresetError` where the reference refuses the room."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise PresetError(f"the number of seats must be a whole number, not {n!r}")
        counts = self._counts(n)
        if isinstance(counts, str):
            raise PresetError(f"{self.name} ({self.name_en}) cannot cast {n} seats: {counts}; {self.accepted_text()}")
        return counts

    def _counts(self, n: int) -> Counts | str:
        """The counts, or why the reference refuses ``n`` seats."""
        if n < self.min_players:
            return f"it needs at least {self.min_players} seats (身代わりくん included)"
        counts = dict(self.rule(n))
        absent = sorted(role for role, c in counts.items() if c is NAN)
        if absent:
            return f"the reference adds to a count it never set ({', '.join(absent)}) and refuses the room"
        below = sorted(f"{role} {c}" for role, c in counts.items() if c is not None and c < 0)
        if below:
            return f"a count would be below zero ({', '.join(below)})"
        human = n - sum(c for c in counts.values() if c is not None)
        if human < 0:
            return f"it casts {n - human} roles, more than the seats"
        out = {role: c for role, c in counts.items() if c and role != "Human"}
        return out | {"Human": human} if human else out

    def accepts(self, n: int) -> bool:
        return not isinstance(self._counts(n), str)

    def accepted_text(self) -> str:
        """The seats it casts between 4 and 30, as ranges: "it casts 10–30 seats"."""
        seats = [n for n in range(4, 31) if self.accepts(n)]
        spans: list[str] = []
        for n in seats:
            if spans and int(spans[-1].split("–")[-1]) == n - 1:
                spans[-1] = f"{spans[-1].split('–')[0]}–{n}"
            else:
                spans.append(str(n))
        return f"it casts {', '.join(spans)} seats (of 4 to 30)" if spans else "it casts no room of 4 to 30 seats"


def _add(counts: dict[str, int | None], role: str, by: int = 1) -> None:
    """``counts[role] += by`` as the reference's JavaScript does it: an absent count stays absent (NAN)."""
    before = counts.get(role, NAN)
    counts[role] = NAN if before is NAN else before + by


def _from(n: int, *steps: int) -> int:
    """How many of the thresholds ``steps`` ``n`` reaches: ``1 + _from(n, 8, 13)`` is 1, 2 or 3."""
    return sum(n >= k for k in steps)


def normal1(n: int) -> dict[str, int | None]:
    """普通1: the standard list (the spec's §2 table)."""
    counts: dict[str, int | None] = {"Werewolf": 1 + _from(n, 8, 13, 20, 25, 30), "Diviner": 1 + _from(n, 22)}
    if n >= 8:
        counts["Psychic"] = 1
    if n >= 6:
        counts["Madman"] = 2 if 18 <= n <= 19 or n >= 23 else 1
        counts["Guard"] = 1 + _from(n, 20)
    if n >= 13:
        counts["Couple"] = 2 + _from(n, 18)
    if n >= 11:
        counts["Fox"] = 1 + _from(n, 19)
    return counts


def normal2(n: int) -> dict[str, int | None]:
    counts: dict[str, int | None] = {"Werewolf": 1 + _from(n, 8, 16, 20, 25, 29), "Diviner": 1}
    if n >= 8:
        counts["Psychic"] = 1
    if n >= 10:
        counts["Madman"] = 1 + _from(n, 28)
    if n >= 11:
        counts["Guard"] = 1
    if n >= 13:
        counts["Couple"] = 2 + _from(n, 28)
    if n >= 15:
        counts["Fox"] = 1
    return counts


def normal3(n: int) -> dict[str, int | None]:
    counts = normal1(n)
    counts["Fox"] = (counts.get("Fox") or 0) + 1
    if n < 10 and (counts["Werewolf"] or 0) > 1:
        _add(counts, "Werewolf", -1)
    return counts


def _on_normal1(change: Callable[[int, dict[str, int | None]], None]) -> Callable[[int], dict[str, int | None]]:
    """A preset that is 普通1 changed."""
    def rule(n: int) -> dict[str, int | None]:
        counts = normal1(n)
        change(n, counts)
        return counts

    rule.__doc__ = change.__doc__
    return rule


@_on_normal1
def lovers(n: int, c: dict[str, int | None]) -> None:
    """恋人: a キューピッド in the place of a 妖狐."""
    if (c.get("Fox") or 0) > 0:
        _add(c, "Fox", -1)
    c["Cupid"] = (c.get("Cupid") or 0) + 1


@_on_normal1
def immoral(n: int, c: dict[str, int | None]) -> None:
    """背徳者: a 背徳者 where a 妖狐 is."""
    if (c.get("Fox") or 0) > 0:
        c["Immoral"] = 1


@_on_normal1
def poisoner(n: int, c: dict[str, int | None]) -> None:
    """埋毒者あり: a 埋毒者, and a 人狼 more."""
    c["Poisoner"] = 1
    _add(c, "Werewolf")


@_on_normal1
def cat(n: int, c: dict[str, int | None]) -> None:
    """猫又あり: a 猫又, and a 人狼 more."""
    c["Cat"] = 1
    _add(c, "Werewolf")


@_on_normal1
def whispering(n: int, c: dict[str, int | None]) -> None:
    """囁き狂人: a 囁き狂人 in the place of a 狂人."""
    if (c.get("Madman") or 0) > 0:
        c["WhisperingMad"] = 1
        _add(c, "Madman", -1)


@_on_normal1
def bat(n: int, c: dict[str, int | None]) -> None:
    """こうもり: 1, 2 or 3 こうもり (from 10 and 16 seats)."""
    c["Bat"] = 1 + _from(n, 10, 16)


@_on_normal1
def noble(n: int, c: dict[str, int | None]) -> None:
    """貴族奴隷: 貴族 and 奴隷 in the place of the 共有者."""
    c["Noble"], c["Slave"] = 1 + _from(n, 23), 1 + _from(n, 14, 20)
    if (c.get("Couple") or 0) >= 2:
        c["Couple"] = 0


@_on_normal1
def magician(n: int, c: dict[str, int | None]) -> None:
    """魔術師: a 魔術師 more."""
    c["Magician"] = 1


@_on_normal1
def spy(n: int, c: dict[str, int | None]) -> None:
    """スパイ: a スパイ, in the place of the 狂人 below 10 seats."""
    c["Spy"] = 1
    if n < 10 and (c.get("Madman") or 0) > 0:
        _add(c, "Madman", -1)


@_on_normal1
def wolf_diviner(n: int, c: dict[str, int | None]) -> None:
    """人狼占い: a 人狼占い in the place of a 人狼, and a 妖狐 more from 7 seats."""
    _add(c, "Werewolf", -1)
    c["WolfDiviner"] = 1
    if n >= 7:
        _add(c, "Fox")  # no 妖狐 below 11 seats: the reference's count is not a number there


@_on_normal1
def merchant(n: int, c: dict[str, int | None]) -> None:
    """商人: a 商人 more."""
    c["Merchant"] = 1


def changing(n: int) -> dict[str, int | None]:
    """変化村: roles that change."""
    c: dict[str, int | None] = {"Werewolf": 1 + _from(n, 9), "Diviner": 1 + _from(n, 24), "Guard": 1, "Madman": 1,
                                "Copier": 1 + _from(n, 20, 22)}
    for role, at in (("OccultMania", 8), ("Psychic", 10), ("Doppleganger", 11), ("Counselor", 13),
                     ("FascinatingWolf", 13), ("ApprenticeSeer", 15), ("Cursed", 16), ("Cupid", 17), ("Sorcerer", 18),
                     ("ThreateningWolf", 19), ("Fanatic", 21), ("BigWolf", 26), ("Fox", 28), ("Immoral", 28)):
        if n >= at:
            c[role] = 1
    if n >= 22:
        _add(c, "Werewolf", -1)
        c["WolfDiviner"] = 1
    return c


def black(n: int) -> dict[str, int | None]:
    """黒い村: 狼憑き, 呪われ, 狼少年 — many seats read black."""
    lycan = 1 + _from(n, 10, 14, 22) - (n == 20)
    c: dict[str, int | None] = {"Lycan": lycan}
    if n >= 16:
        c["Cursed"] = 1 + _from(n, 28)
    c["Diviner"] = 1 + _from(n, 20)
    for role, at in (("ApprenticeSeer", 12), ("SeersMama", 16)):
        if n >= at:
            c[role] = 1
    if n >= 9:
        c["Psychic"] = 1 + _from(n, 18)
    c["Guard"] = 1
    if n >= 14:
        c["Couple"] = 2 + _from(n, 24)
    for role, at in (("Fugitive", 13), ("Merchant", 26), ("Dog", 27)):
        if n >= at:
            c[role] = 1
    c["Werewolf"] = 1 + _from(n, 13)
    if n >= 9:
        c["WolfDiviner"] = 1 + _from(n, 23)
    if n >= 19:
        c["SolitudeWolf"] = 1
    c["Madman"] = 0 if n >= 7 else 1
    if n >= 7:
        c["WolfBoy"] = 1 + _from(n, 17, 29)
    if n >= 20:
        c["Stalker"] = 1 + _from(n, 30)
    if n >= 25:
        c["Copier"] = 1
    return c


def queen(n: int) -> dict[str, int | None]:
    """女王村: a 女王観戦者 to keep alive."""
    c: dict[str, int | None] = {"Diviner": 1 + _from(n, 25)}
    if n >= 11:
        c["ApprenticeSeer"] = 1
    c.update({"Psychic": 1, "Guard": 1, "Trapper": 1, "Priest": 1})
    if n >= 12:
        c["Merchant"] = 1 + _from(n, 18)
    c["QueenSpectator"] = 1
    if n >= 14:
        c["Prince"] = 1 + _from(n, 21)
    if n >= 15:
        c["Dictator"] = 1 + _from(n, 17)
    if n >= 26:
        c["Couple"] = 2
    c["Werewolf"] = 1 + _from(n, 26)
    c["WolfDiviner"] = 1 + _from(n, 19)
    for role, at in (("WolfCub", 13), ("ToughWolf", 16)):
        if n >= at:
            c[role] = 1
    c["WhisperingMad"] = 1
    for role, at in (("Sorcerer", 23), ("Tanner", 28)):
        if n >= at:
            c[role] = 1
    return c


def mad_world(n: int) -> dict[str, int | None]:
    """狂った世界: every seat left is a 狂人 (no 村人)."""
    c: dict[str, int | None] = {"Werewolf": 1 + _from(n, 9, 14, 19, 24), "Diviner": 1 + _from(n, 12, 20), "Guard": 1}
    if n >= 8:
        c["Sorcerer"] = 1 + _from(n, 23)
    for role, at in (("Psychic", 16), ("Fanatic", 17)):
        if n >= at:
            c[role] = 1
    if n >= 7:
        c["Dictator"] = 1 + _from(n, 9, 14)
    for role, at in (("Poisoner", 22), ("Witch", 18)):
        if n >= at:
            c[role] = 1
    c["Madman"] = n - sum(v or 0 for v in c.values())
    return c


def six_way(n: int) -> dict[str, int | None]:
    """六つ巴人狼: six teams (村人, 人狼, 妖狐, 悪魔, 恋人, 吸血鬼 …) at once."""
    c: dict[str, int | None] = {"Diviner": 1, "Psychic": 1, "Guard": 1, "Madman": 1,
                                "Werewolf": 2 + _from(n, 18, 25, 35) - _from(n, 27, 30), "Fox": 1 + _from(n, 20, 36),
                                "Devil": 1, "Cupid": 1, "Copier": 1}
    for role, at in (("Priest", 14), ("Doppleganger", 14), ("Stalker", 16), ("Bat", 16), ("ApprenticeSeer", 20),
                     ("WolfDiviner", 27), ("Immoral", 27), ("Noble", 29), ("Slave", 29), ("LoneWolf", 30)):
        if n >= at:
            c[role] = 1
    if n >= 23:
        c["Vampire"] = 1 + _from(n, 38)
    return c


def space(n: int) -> dict[str, int | None]:
    """宇宙人狼: its own roles (not part of the classic catalog's play)."""
    c: dict[str, int | None] = {"SpaceWerewolfImposter": 1 + _from(n, 7, 13, 20), "SpaceWerewolfObserver": 1}
    if n >= 6:
        c["SpaceWerewolfGuard"] = c["SpaceWerewolfSabotage"] = 1
    c["SpaceWerewolfCrew"] = n - sum(v or 0 for v in c.values()) if n >= 6 else NAN  # it sums absent counts
    return c


GROUPS_EN = {"普通配役": "Standard", "特殊役職配役": "Special roles", "桃栗配役": "Momoguri", "テーマ配役": "Themes",
             "その他": "Others", "特殊ルール": "Special rules"}

PRESETS: tuple[Preset, ...] = (
    Preset("普通配役", "普通1", "Standard 1", "少人数でも楽しめる配役。", "Fun even with few players.", normal1, 4),
    Preset("普通配役", "普通2", "Standard 2", "一般的な配役。", "The common cast.", normal2, 4),
    Preset("普通配役", "普通3", "Standard 3", "少人数でも妖狐が出る配役。", "A fox even with few players.", normal3, 4),
    Preset("特殊役職配役", "恋人", "Cupid", "恋人が出る配役。", "With lovers (a Cupid).", lovers),
    Preset("特殊役職配役", "背徳者", "Immoral", "背徳者が出る配役。", "With an Immoral.", immoral),
    Preset("特殊役職配役", "埋毒者あり", "Poisoner", "埋毒者が出る配役。", "With a Poisoner.", poisoner),
    Preset("特殊役職配役", "猫又あり", "Cat", "猫又が出る配役。", "With a Cat.", cat),
    Preset("特殊役職配役", "囁き狂人", "Whispering Madman", "狂人の代わりに囁き狂人が出る配役。",
           "A Whispering Madman instead of a Madman.", whispering),
    Preset("桃栗配役", "こうもり", "Bat", "こうもりが出る配役。", "With Bats.", bat),
    Preset("桃栗配役", "貴族奴隷", "Noble and Slave", "貴族と奴隷が入る配役。", "With a Noble and Slaves.", noble),
    Preset("桃栗配役", "魔術師", "Magician", "魔術師が入る配役。", "With a Magician.", magician),
    Preset("桃栗配役", "スパイ", "Spy", "スパイが入る配役。", "With a Spy.", spy),
    Preset("桃栗配役", "人狼占い", "Wolf Diviner", "人狼占いが入る配役。", "With a Wolf Diviner.", wolf_diviner),
    Preset("桃栗配役", "商人", "Merchant", "商人が入る配役。", "With a Merchant.", merchant),
    Preset("テーマ配役", "変化村", "Changing village", "役職が変化する。", "Roles change.", changing, 6),
    Preset("テーマ配役", "黒い村", "Black village", "黒い。", "Black.", black, 6),
    Preset("テーマ配役", "女王村", "Queen village", "女王観戦者のいる村。推奨人数: 14〜16人。",
           "A village with a Queen Spectator; 14–16 players suggested.", queen, 10, {"scapegoat": "no"}),
    Preset("その他", "狂った世界", "Mad world", "狂人が多い。", "Many madmen.", mad_world),
    Preset("その他", "六つ巴人狼", "Six-way werewolf", "6つの勢力がひしめく。", "Six teams crowd the village.", six_way),
    Preset("その他", "spaceWerewolf", "Space werewolf", "宇宙で繰り広げられる人狼。役職名や設定が普通の人狼と異なる。",
           "Werewolf in space, with its own roles and rules.", space),
)  # fmt: skip
"""The reference's 20 presets, in the order of its room form."""

NAMES_JA = {"spaceWerewolf": "宇宙人狼"}
"""A preset's name as the form shows it, where it is not its id's name."""

CAST_TRIES = 50
"""A drawn cast the 闇鍋 cannot fill (a level's rules refuse every wolf left) is drawn again, up to this many times."""


class Dealer(Protocol):
    """Deals one 闇鍋 of ``n`` seats at 闇鍋セーフティ ``safety`` from ``rng`` (role id → count), raising
    :class:`~jinrou.errors.CastingError` when it cannot fill it: :func:`jinrou.yaminabe.deal`. A drawn preset is
    handed it by its caller, as a simulation is handed its bots, for the 闇鍋 package is built on this one."""

    def __call__(self, n: int, safety: str, rng: np.random.Generator, scapegoat: bool) -> Counts: ...


@dataclass(frozen=True)
class DrawnPreset(_Grouped):
    """A cast of the room form's 特殊ルール group that is drawn, not read off a table: エンドレス闇鍋, whose start is a
    闇鍋 (:mod:`jinrou.yaminabe`, at 闇鍋セーフティ ``safety``, from the roles the engine plays) and whose game is
    endless (``settings``: the engine settings it sets, whatever else the room says). ``n`` counts every seat,
    身代わりくん included."""

    group: str
    name: str
    name_en: str
    title_ja: str
    title_en: str
    settings: Mapping[str, str] = field(default_factory=dict)
    min_players: int = MIN_SEATS
    safety: str = "low"
    alias: str = ""  # a short English name it is found by too (``endless``)

    @property
    def suggested(self) -> Mapping[str, str]:
        return self.settings

    def accepts(self, n: int) -> bool:
        return not isinstance(n, bool) and isinstance(n, int) and n >= self.min_players

    def accepted_text(self) -> str:
        return f"it casts {self.min_players}–30 seats (of 4 to 30)"

    def cast(self, n: int) -> Counts:
        """Never a table: :class:`PresetError` (its cast is drawn: :meth:`draw`)."""
        raise PresetError(f"{self.name} ({self.name_en}) draws its cast at random: give a seed (--seed)")

    def draw(self, n: int, rng: np.random.Generator, deal: Dealer, scapegoat: bool = True) -> Counts:
        """The counts of a cast drawn for ``n`` seats from ``rng`` by ``deal`` (drawn again when the 闇鍋 cannot fill
        it, :data:`CAST_TRIES` times at most).

        Raises:
            PresetError: fewer seats than it casts, or no cast after every try.
        """
        if not self.accepts(n):
            raise PresetError(f"{self.name} ({self.name_en}) cannot cast {n!r} seats: it needs at least "
                              f"{self.min_players} (身代わりくん included)")
        failure: CastingError | None = None
        for _ in range(CAST_TRIES):
            try:
                return deal(n, self.safety, rng, scapegoat)
            except CastingError as error:
                failure = error
        raise PresetError(f"{self.name} ({self.name_en}) could not cast {n} seats in {CAST_TRIES} tries: {failure}")


DRAWN: tuple[DrawnPreset, ...] = (
    DrawnPreset("特殊ルール", "エンドレス闇鍋", "Endless yaminabe", "途中から参加でき、死んだ人もいずれ転生する闇鍋。",
                "A 闇鍋 people may join while it is played; the dead are reborn in time.", {"endless": "on"},
                alias="endless"),
)
"""The 特殊ルール casts drawn at random that jinrou's presets offer (エンドレス闇鍋; 闇鍋 itself is ``jinrou yaminabe``)."""


def _index() -> dict[str, Preset | DrawnPreset]:
    by: dict[str, list[Preset | DrawnPreset]] = {}
    every: tuple[Preset | DrawnPreset, ...] = (*PRESETS, *DRAWN)
    for preset in every:
        alias = preset.alias if isinstance(preset, DrawnPreset) and preset.alias else preset.id
        for key in {preset.id, preset.name, NAMES_JA.get(preset.name, preset.name), preset.name_en.casefold(),
                    f"{preset.group_en}.{preset.name_en}".casefold(), alias}:
            by.setdefault(key, []).append(preset)
    return {key: found[0] for key, found in by.items() if len(found) == 1}


_BY_NAME = _index()


def find(name: str) -> Preset | DrawnPreset:
    """The preset of an id (``普通配役.普通1``, ``特殊ルール.エンドレス闇鍋``), a unique name (``普通1``, ``女王村``) or an
    English name (``endless`` too, for エンドレス闇鍋)."""
    found = _BY_NAME.get(name) or _BY_NAME.get(name.strip().casefold())
    if found is None:
        ids = [p.id for p in PRESETS] + [p.id for p in DRAWN]
        raise PresetError(f"unknown preset {name!r}: the presets are {', '.join(ids)} "
                          "(the name alone, or the English name, where it is unique)")
    return found


def cast(name: str, n: int) -> Counts:
    """The counts of preset ``name`` for ``n`` seats (身代わりくん included)."""
    return find(name).cast(n)

