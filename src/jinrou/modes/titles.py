"""The 称号 (titles) each mode grants for wins: one table, declared here once.

月下人狼 grants its titles (称号) for games won; here a title is earned by wins as one role (the role
id the mode's ``standings`` records: classic ``Diviner``, quantum ``seer``), or by wins in a mode
whatever the role (shogi, which has no roles). Each mode exposes its part as ``titles``; the server
reads them only there (see :mod:`jinrou.server.titles`). Thresholds: 10 wins as a common role, 5 as
the fox (it wins rarely), 50 for the second step of the roles most played.

>>> [t.key for t in CLASSIC][:2]
['classic:Human:10', 'classic:Human:50']
"""

from __future__ import annotations

from jinrou.classic.texts import role_name
from jinrou.modes.base import Title


def _classic(role: str, wins: int, en: str, ja: str) -> Title:
    return Title("classic", role, wins, en, ja, role_name(role, "en"), role_name(role, "ja"))


CLASSIC: tuple[Title, ...] = (
    _classic("Human", 10, "Trusty Villager", "頼れる村人"),
    _classic("Human", 50, "Village Elder", "村の長老"),
    _classic("Diviner", 10, "Seasoned Seer", "名占い師"),
    _classic("Diviner", 50, "Clairvoyant", "千里眼"),
    _classic("Psychic", 10, "Spirit Reader", "霊視の達人"),
    _classic("Guard", 10, "Iron Guardian", "鉄壁の守り手"),
    _classic("Couple", 10, "Steadfast Mason", "固い絆"),
    _classic("Madman", 10, "Apostle of Madness", "狂気の使徒"),
    _classic("Werewolf", 10, "Pack Leader", "群れの長"),
    _classic("Werewolf", 50, "Lord of the Night", "夜の覇者"),
    _classic("Fox", 5, "Shapeshifter", "化け狐"),
    _classic("Fox", 20, "Nine Tails", "九尾"),
)
"""Classic werewolf (月下人狼's roles)."""

QUANTUM: tuple[Title, ...] = (
    Title("quantum", "villager", 10, "Observer", "観測者", "Villager", "村人"),
    Title("quantum", "seer", 10, "Quantum Seer", "量子の占い師", "Seer", "占い師"),
    Title("quantum", "wolf", 10, "Superposed Wolf", "重ね合わせの狼", "Werewolf", "人狼"),
)
"""Quantum werewolf (量子人狼): the cards at the end."""

SHOGI: tuple[Title, ...] = (
    Title("shogi", None, 10, "Quantum Strategist", "量子の棋士", "quantum mini-shogi", "量子ミニ将棋"),
)
"""Quantum mini-shogi: wins in any seat."""
