"""The rejection rules of the fill loop (spec ``yaminabe.md`` §4.1).

Each drawn role r passes :func:`rejects` before it is placed; a rejected role gives its slot back
and the loop draws again (up to 300 draws a trial). Three groups of rules, checked in this order:

- **PP** (safety levels with *teams* or *ppcheck*; team and free slots only): a wolf-team role is
  refused when it would bring the wolf-team roles of this trial's fill to half the seats, ⌈n/2⌉.
- **jobs** (高, 超, 走召): roles that need a companion or a context. Some place a *partner* with r
  (:meth:`~jinrou.yaminabe.draft.Draft.partner`): 共有者, 双子 and 叫迷狂人 come in pairs, 貴族 with
  奴隷, 鴉 in twos (threes from 16 seats), 女王観戦者 with a protector, 大狼 usually with a 霊能者;
  r is refused when its partner cannot be placed.
- **always**: 絶対狼 and 一匹狼 never together, 絶対狼 never the only kind of wolf, トナカイ only
  with サンタクロース, ローレライ only from 13 seats.

"Placed" means already in the list; count_cat(人狼系) counts the pending wolf slots too but not
the slot r was drawn for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from jinrou.yaminabe.draft import WOLF_TEAM, Draft
from jinrou.yaminabe.levels import Flags

Rule = Callable[[Draft, str], bool]
"""A rule: True when the draft refuses the drawn role."""

WOLF = "Werewolf"
"""The 人狼系 category's key."""


def rejects(draft: Draft, role: str, class_slot: bool, wolfteam: int) -> bool:
    """Whether the fill loop refuses ``role`` now (spec §4.1); partners a rule places stay placed.

    Args:
        draft: the trial, with the slot of ``role`` already taken.
        role: the drawn role (a stand-in, under catalog weighting, for a role outside the pool).
        class_slot: it was drawn for a pending category slot (exempt from the PP rule).
        wolfteam: wolf-team roles placed so far by this trial's fill.
    """
    flags = draft.flags
    pp = (flags.teams or flags.ppcheck) and not class_slot and role in WOLF_TEAM
    if pp and wolfteam + 1 >= -(-draft.n // 2):  # the wolf team would hold half the seats
        return True
    if flags.jobs:
        rule = JOBS_RULES.get(role)
        if rule is not None and rule(draft, role):
            return True
    rule = ALWAYS_RULES.get(role)
    return rule is not None and rule(draft, role)


def _one_wolf(d: Draft, role: str) -> bool:  # 霊能者, 赤ずきん: useless with one wolf
    return d.count_cat(WOLF) == 1


def _pair(d: Draft, role: str) -> bool:  # 共有者, 双子, 叫迷狂人: never alone
    return d.count(role) == 0 and not d.partner(role)


def _noble_slave(d: Draft, role: str) -> bool:  # 貴族 ⇄ 奴隷
    other = "Slave" if role == "Noble" else "Noble"
    return d.count(other) == 0 and not d.partner(other)


def _occult_mania(d: Draft, role: str) -> bool:
    return d.count("Diviner") == 0 and d.u() < 0.5


def _queen_spectator(d: Draft, role: str) -> bool:
    if d.count("QueenSpectator") or d.count("Spy2") or d.count("BloodyMary"):
        return True
    if d.u() >= 0.1:
        return True
    if d.count("Guard") or d.count("Priest") or d.count("Trapper"):
        return False
    guarded = (d.u() < 0.4 and d.partner("Guard")) or (d.u() < 0.5 and d.partner("Priest")) or d.partner("Trapper")
    return not guarded


def _spy2(d: Draft, role: str) -> bool:
    return bool(d.count("Spy2") or d.count("QueenSpectator")) or d.u() >= 0.1


def _rare(d: Draft, role: str) -> bool:  # 狂人狼: refused w.p. .9
    return d.u() >= 0.1


def _needs_seer(d: Draft, role: str) -> bool:  # 狼憑き, 予言者のママ, 妖術師, …: only with a seer kind
    return not (d.count("Diviner") or d.count("ApprenticeSeer") or d.count("PI"))


def _needs_other_wolf(d: Draft, role: str) -> bool:
    return d.count_cat(WOLF) == 0


def _big_wolf(d: Draft, role: str) -> bool:
    if d.count_cat(WOLF) == 0:
        return True
    return not (d.u() < 0.15 or d.partner("Psychic"))


def _bloody_mary(d: Draft, role: str) -> bool:
    return d.count_cat(WOLF) <= 1 or d.count("QueenSpectator") > 0


def _one_only(d: Draft, role: str) -> bool:  # 悪霊憑き
    return d.count(role) > 0


def _raven(d: Draft, role: str) -> bool:
    if d.count("Raven") == 0:
        if not d.partner("Raven"):
            return True
        if d.n >= 16:
            d.partner("Raven")  # a third one; its failure is ignored
    return False


def _ascetic(d: Draft, role: str) -> bool:
    return d.count("Raven") == 0


def _absolute_wolf(d: Draft, role: str) -> bool:
    wolves = d.count_cat(WOLF)
    return wolves == 0 or wolves == d.count("AbsoluteWolf") or d.count("LoneWolf") > 0


def _lone_wolf(d: Draft, role: str) -> bool:
    return d.count("AbsoluteWolf") > 0


def _reindeer(d: Draft, role: str) -> bool:
    return d.count("SantaClaus") == 0


def _lorelei(d: Draft, role: str) -> bool:
    return d.n < 13


JOBS_RULES: dict[str, Rule] = {
    "Psychic": _one_wolf, "RedHood": _one_wolf,
    "Couple": _pair, "Twin": _pair, "MadCouple": _pair,
    "Noble": _noble_slave, "Slave": _noble_slave,
    "OccultMania": _occult_mania, "QueenSpectator": _queen_spectator, "Spy2": _spy2, "MadWolf": _rare,
    **dict.fromkeys(("Lycan", "SeersMama", "Sorcerer", "WolfBoy", "ObstructiveMad", "Satori", "Fate"), _needs_seer),
    **dict.fromkeys(("LoneWolf", "FascinatingWolf", "ToughWolf", "WolfCub"), _needs_other_wolf),
    "BigWolf": _big_wolf, "BloodyMary": _bloody_mary, "SpiritPossessed": _one_only,
    "Raven": _raven, "Ascetic": _ascetic,
}  # fmt: skip
"""The *jobs* rules (高, 超, 走召), by role."""

ALWAYS_RULES: dict[str, Rule] = {
    "AbsoluteWolf": _absolute_wolf, "LoneWolf": _lone_wolf, "Reindeer": _reindeer, "Lorelei": _lorelei,
}  # fmt: skip
"""The rules of every level, by role."""



@functools.cache
def ruled(flags: Flags) -> tuple[frozenset[str], frozenset[str]]:
    """The roles :func:`rejects` may refuse under ``flags`` when drawn for a category slot, and when
    drawn for a team or free slot (the PP rule's too): the fill loop asks it about no other."""
    roles = set(ALWAYS_RULES)
    if flags.jobs:
        roles |= set(JOBS_RULES)
    other = roles | WOLF_TEAM if flags.teams or flags.ppcheck else roles
    return frozenset(roles), frozenset(other)


__all__ = ["ALWAYS_RULES", "JOBS_RULES", "Rule", "rejects", "ruled"]
