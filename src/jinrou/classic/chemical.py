"""ケミカル人狼 (room option ``chemical``): how a seat's two roles combine, the one place of the rule.

With ``chemical`` on, each seat holds two roles, its left one (the seat's role) and its right one (a
:attr:`~jinrou.classic.identity.LayerKind.PAIR` layer). The seat's
:class:`~jinrou.classic.identity.Identity` asks this module what the two give together; each answer
is the reference's (uhyo/jinrou, ``server/rpc/game/game.coffee``, class ``Chemical``), settled in
``docs/classic-rules.md`` ("ケミカル人狼"):

* 占い結果 — the stronger of the two: ヴァンパイア, then 人狼, then 鬼, else 村人 (a half's other word, such as
  かぼちゃ, reads 村人);
* 霊能結果 — the highest by priority (村人 0, 鬼 1, 人狼 2, 大狼 and 子狐 3); 大狼 with 子狐 reads both;
* count (§1) — a fox half counts the seat as nothing; else a wolf half as wolves, one per wolf half; else a
  vampire half as vampires, one per vampire half; else human if either half counts human;
* team — the first of :data:`TEAM_ORDER` either half has (a half of another team adds none: two such halves
  make the seat :attr:`~jinrou.classic.catalog.Team.OTHERS`);
* win rule — each half of the seat's team (or whose role declares ``wins_apart``: 悪魔くん, ストーカー, 天邪鬼,
  二重人格, 金鬼) wins by its rule with the result; any half whose rule holds whatever team won (a てるてる坊主's)
  wins by it too (:meth:`~jinrou.classic.identity.Identity.wins`).
"""

from __future__ import annotations

from collections.abc import Sequence

from jinrou.classic.catalog import Team
from jinrou.classic.model import Count, Fortune, PsychicResult

OPTION = "chemical"
"""The room setting that deals two roles a seat."""

FORTUNE_ORDER = (Fortune.VAMPIRE, Fortune.WEREWOLF, Fortune.ONI)
"""The divination words a half passes to its seat, strongest first (anything else reads 村人)."""

PSYCHIC_PRIORITY = {PsychicResult.HUMAN: 0, PsychicResult.ONI: 1, PsychicResult.WEREWOLF: 2,
                    PsychicResult.BIG_WOLF: 3, PsychicResult.TINY_FOX: 3}  # fmt: skip
"""The psychic words by priority: the seat reads its halves' highest (both when two differ at the top)."""

TEAM_ORDER = (Team.CULT, Team.HOOLIGAN, Team.LORELEI, Team.FRIEND, Team.DUEL, Team.RAVEN, Team.FOX,
              Team.VAMPIRE, Team.WEREWOLF, Team.LONE_WOLF, Team.HUMAN)  # fmt: skip
"""The teams a half gives its seat, first first; a seat with none of them judges with OTHERS."""

INDEPENDENT = Team.NONE
"""The result a half's win rule is asked with to learn whether it wins whatever team won (the reference
asks with the empty team): no team wins as NONE, so only a rule that ignores the result holds."""


def fortune(left: Fortune, right: Fortune) -> Fortune:
    """The seat's 占い結果 from its halves'.

    >>> fortune(Fortune.HUMAN, Fortune.WEREWOLF), fortune(Fortune.PUMPKIN, Fortune.HUMAN)
    (<Fortune.WEREWOLF: 'werewolf'>, <Fortune.HUMAN: 'human'>)
    """
    return next((word for word in FORTUNE_ORDER if word in (left, right)), Fortune.HUMAN)


def psychic(left: PsychicResult, right: PsychicResult) -> PsychicResult:
    """The seat's 霊能結果 from its halves'.

    >>> psychic(PsychicResult.WEREWOLF, PsychicResult.BIG_WOLF), psychic(PsychicResult.TINY_FOX, PsychicResult.BIG_WOLF)
    (<PsychicResult.BIG_WOLF: 'bigwolf'>, <PsychicResult.BIG_WOLF_TINY_FOX: 'bigwolf,tinyfox'>)
    """
    top = max(PSYCHIC_PRIORITY.get(left, 0), PSYCHIC_PRIORITY.get(right, 0))
    found = {word for word in (left, right) if PSYCHIC_PRIORITY.get(word, 0) == top}
    if len(found) == 2:
        return PsychicResult.BIG_WOLF_TINY_FOX  # the one pair at one priority: 大狼 and 子狐
    return found.pop()


def team(left: Team, right: Team) -> Team:
    """The team the seat judges with.

    >>> team(Team.WEREWOLF, Team.FOX), team(Team.HUMAN, Team.OTHERS), team(Team.DEVIL, Team.OTHERS)
    (<Team.FOX: 'Fox'>, <Team.HUMAN: 'Human'>, <Team.OTHERS: 'Others'>)
    """
    return next((found for found in TEAM_ORDER if found in (left, right)), Team.OTHERS)


def count(halves: Sequence[tuple[Count, bool]]) -> tuple[Count, int]:
    """How the seat counts for parity and how many it counts as, from each half's (count, fox) — a fox
    half being a *fox* (T.1.3), which counts as nothing.

    >>> count([(Count.WOLF, False), (Count.WOLF, False)]), count([(Count.WOLF, False), (Count.NONE, True)])
    ((<Count.WOLF: 'wolf'>, 2), (<Count.NONE: 'none'>, 0))
    """
    if any(fox for _, fox in halves):
        return Count.NONE, 0
    for kind in (Count.WOLF, Count.VAMPIRE):
        many = sum(1 for counted, _ in halves if counted is kind)
        if many:
            return kind, many
    return (Count.HUMAN, 1) if any(counted is Count.HUMAN for counted, _ in halves) else (Count.NONE, 0)


__all__ = ["FORTUNE_ORDER", "INDEPENDENT", "OPTION", "PSYCHIC_PRIORITY", "TEAM_ORDER", "count",
           "fortune", "psychic", "team"]
