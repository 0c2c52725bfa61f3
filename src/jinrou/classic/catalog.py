"""月下人狼's role catalog: 188 roles with their names, team, casting category, strength and flags.

The catalog is ``data/gekka-roles.tsv``, shipped unchanged as package data; this module reads it
once into typed, frozen :class:`CatalogRole` objects. It is the one source of each role's static
columns and of its one name in each language: the classic engine's role declarations take their
names, team, category and flags from here, every output (tables, claims, chat, the page, the docs)
names a role by :attr:`CatalogRole.name_ja` and :attr:`CatalogRole.name_en`, and 闇鍋 casting
(:mod:`jinrou.yaminabe`) draws from it. The English name is the id in words unless
:data:`NAMES_EN` gives the one English players know (``Diviner`` is the ``Seer``); ids stay what
records, settings and notations hold.

>>> ROLES["WolfCub"].name_ja, ROLES["WolfCub"].team, ROLES["WolfCub"].category
('狼の子', <Team.WEREWOLF: 'Werewolf'>, <Category.WEREWOLF: 'Werewolf'>)
>>> ROLES["WolfCub"].name_en, ROLES["Diviner"].name_en
('Wolf Cub', 'Seer')
>>> len(ROLES)
188
"""

from __future__ import annotations

import csv
import enum
import re
from dataclasses import dataclass
from importlib.resources import files
from types import MappingProxyType

from jinrou.errors import JinrouError


class UnknownRoleError(JinrouError):
    """A role id that is not in the catalog."""


class Team(enum.Enum):
    """A side (陣営) as the catalog lists it, plus LoneWolf, which judges apart from its listed team."""

    HUMAN = "Human"
    WEREWOLF = "Werewolf"
    FOX = "Fox"
    FRIEND = "Friend"
    DEVIL = "Devil"
    VAMPIRE = "Vampire"
    CULT = "Cult"
    RAVEN = "Raven"
    HOOLIGAN = "Hooligan"
    DUEL = "Duel"
    LORELEI = "Lorelei"
    OTHERS = "Others"
    NEET = "Neet"
    LONE_WOLF = "LoneWolf"
    NONE = "–"

    @property
    def name_ja(self) -> str:
        return _TEAM_JA[self]

    @property
    def name_en(self) -> str:
        return _TEAM_EN[self]


_TEAM_JA = {
    Team.HUMAN: "村人陣営", Team.WEREWOLF: "人狼陣営", Team.FOX: "妖狐陣営", Team.FRIEND: "恋人陣営",
    Team.DEVIL: "悪魔くん陣営", Team.VAMPIRE: "ヴァンパイア陣営", Team.CULT: "カルト陣営", Team.RAVEN: "鴉陣営",
    Team.HOOLIGAN: "暴徒陣営", Team.DUEL: "決闘者陣営", Team.LORELEI: "ローレライ陣営", Team.OTHERS: "その他",
    Team.NEET: "ニート", Team.LONE_WOLF: "一匹狼", Team.NONE: "なし",
}  # fmt: skip
_TEAM_EN = {
    Team.HUMAN: "village", Team.WEREWOLF: "werewolves", Team.FOX: "foxes", Team.FRIEND: "lovers",
    Team.DEVIL: "devil", Team.VAMPIRE: "vampires", Team.CULT: "cult", Team.RAVEN: "ravens",
    Team.HOOLIGAN: "hooligans", Team.DUEL: "duelists", Team.LORELEI: "Lorelei", Team.OTHERS: "others",
    Team.NEET: "NEET", Team.LONE_WOLF: "lone wolf", Team.NONE: "none",
}  # fmt: skip


class Category(enum.Enum):
    """A casting class (系); NONE is the catalog's empty category (the casting's None class)."""

    HUMAN = "Human"
    WEREWOLF = "Werewolf"
    MADMAN = "Madman"
    FOX = "Fox"
    IMMORAL = "Immoral"
    OTHERS = "Others"
    SWITCHING = "Switching"
    NONE = ""

    @property
    def name_ja(self) -> str:
        return _CATEGORY_JA[self]

    @property
    def name_en(self) -> str:
        return _CATEGORY_EN[self]


_CATEGORY_JA = {
    Category.HUMAN: "村人系", Category.WEREWOLF: "人狼系", Category.MADMAN: "狂人系", Category.FOX: "妖狐系",
    Category.IMMORAL: "背徳者系", Category.OTHERS: "第三陣営系", Category.SWITCHING: "役職変化系",
    Category.NONE: "なし",
}  # fmt: skip
_CATEGORY_EN = {
    Category.HUMAN: "villager", Category.WEREWOLF: "werewolf", Category.MADMAN: "madman", Category.FOX: "fox",
    Category.IMMORAL: "immoral", Category.OTHERS: "third party", Category.SWITCHING: "role-changing",
    Category.NONE: "none",
}  # fmt: skip


@dataclass(frozen=True)
class CatalogRole:
    """One row of the catalog.

    Attributes:
        id: the role's identifier (CamelCase English), used in code, records and settings.
        name_ja: the name players know it by.
        name_en: its one English name: the id split into words (``WolfCub`` → ``Wolf Cub``) unless
            :data:`NAMES_EN` gives another.
        team: its side for casting and team counts.
        category: its casting class.
        strength: the weight the strength-balancing safety levels sum (None: never cast).
        nonhuman: a non-human (人外).
        divined_black: a divination of it reads 人狼.
        hidden: a host cannot pick it in a fixed casting.
        row: its position in the catalog (0-based), the order of published role lists.
    """

    id: str
    name_ja: str
    name_en: str
    team: Team
    category: Category
    strength: int | None
    nonhuman: bool
    divined_black: bool
    hidden: bool
    row: int

    def __str__(self) -> str:
        return f"{self.name_ja} ({self.name_en})"


NAMES_EN: MappingProxyType[str, str] = MappingProxyType({
    "Human": "Villager", "Diviner": "Seer", "Psychic": "Medium", "Guard": "Bodyguard", "Couple": "Mason",
    "PI": "Paranormal Investigator", "Oldman": "Old Man", "FrankensteinsMonster": "Frankenstein's Monster",
    "SeersMama": "Seer's Mama", "GachaAddicted": "Gacha Addict", "RedHood": "Little Red Riding Hood",
    "Forensic": "Forensic Scientist", "SolitudeWolf": "Solitary Wolf", "CurseWolf": "Cursed Wolf",
    "IntuitionWolf": "Intuitive Wolf", "HearMadman": "Hearing Madman", "WhisperingMad": "Whispering Madman",
    "Spy2": "Spy II", "QueenOfNight": "Queen of the Night", "ObstructiveMad": "Obstructive Madman",
    "LurkingMad": "Lurking Madman", "Lover": "Suitor", "Doppleganger": "Doppelganger", "Neet": "NEET",
})  # fmt: skip
"""The English names that are not the id in words: the ones English players use (Villager, Seer, Medium,
Bodyguard, Mason), whole words (Old Man, Spy II) and a lover who is not one of the 恋人 (Suitor)."""


def id_words(role_id: str) -> str:
    """The id split into words: ``WolfCub`` → ``Wolf Cub``, ``Spy2`` → ``Spy 2``."""
    return re.sub(r"(?<=[a-z])(?=[A-Z0-9])|(?<=[A-Z])(?=[A-Z][a-z])", " ", role_id)


def english_name(role_id: str) -> str:
    """A catalog id's one English name: :data:`NAMES_EN`'s, else the id in words (:func:`id_words`)."""
    return NAMES_EN.get(role_id) or id_words(role_id)


def _load() -> dict[str, CatalogRole]:
    text = files("jinrou.classic").joinpath("data/gekka-roles.tsv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines(), delimiter="\t"))
    return {
        r["id"]: CatalogRole(
            id=r["id"],
            name_ja=r["name_ja"],
            name_en=english_name(r["id"]),
            team=Team(r["team"]),
            category=Category(r["category"]),
            strength=int(r["strength"]) if r["strength"] else None,
            nonhuman=r["nonhuman"] == "1",
            divined_black=r["divined_black"] == "1",
            hidden=r["hidden"] == "1",
            row=i,
        )
        for i, r in enumerate(rows)
    }


ROLES: MappingProxyType[str, CatalogRole] = MappingProxyType(_load())
"""Every catalog role by id, in catalog order."""


def catalog_role(role_id: str) -> CatalogRole:
    """The catalog row of ``role_id``; :class:`UnknownRoleError` names the id if there is none."""
    try:
        return ROLES[role_id]
    except (KeyError, TypeError):
        raise UnknownRoleError(f"unknown role id {role_id!r}: role ids are the catalog's, e.g. Human, Werewolf, Diviner") from None


__all__ = ["NAMES_EN", "ROLES", "CatalogRole", "Category", "Team", "UnknownRoleError", "catalog_role", "english_name", "id_words"]
