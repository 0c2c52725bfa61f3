"""Step 7 of the casting, the fill loop (spec ``yaminabe.md`` §4 step 7).

Up to 300 draws a trial: each for the first pending category slot (村人系, 人狼系, 狂人系, 妖狐系,
背徳者系, 第三陣営系, 役職変化系, none), else pending team slot, else free slot; a class without
candidates frees its slots. A drawn role passes the rules of §4.1 (:func:`~jinrou.yaminabe.rules.rejects`)
or gives its slot back. Slots left after 300 draws get their class's plain role (``faithful``: they
stay empty, a short list). With *strength*, 40 trials from the same start, the most even kept.
"""

from __future__ import annotations

from collections.abc import Mapping

from jinrou.errors import CastingError
from jinrou.yaminabe.draft import (
    CATEGORY_KEYS,
    CATEGORY_OF,
    CATEGORY_ROLES,
    STRENGTH,
    TEAM_KEYS,
    TEAM_OF,
    TEAM_ROLES,
    WOLF_TEAM,
    Draft,
    plain_role,
)  # fmt: skip
from jinrou.yaminabe.rules import rejects

WOLF, HUMAN = "Werewolf", "Human"
"""Team keys of the strength score."""
CATEGORY_SLOT, TEAM_SLOT, FREE = "category", "team", "free"
"""The kinds of slot a draw is made for."""
TRIALS, DRAWS = 40, 300
"""Trials under *strength*; draws per trial."""


def fill(d: Draft) -> dict[str, int]:
    """Step 7: one trial (40 under *strength*) of the fill loop; the counts of the list kept.

    Under *strength*, H, W and O sum the catalog strengths of the village-team, wolf-team and other
    roles; a trial with O > H or O > W is dropped; the first trial with the smallest |H − (W + O)|
    is kept (逆: the largest |H − (W + O)| + O); none kept: the last one.
    """
    flags = d.flags
    best: dict[str, int] | None = None
    best_score = 0
    trial = d
    classes = pending_classes(d)
    for _ in range(TRIALS if flags.strength else 1):
        trial = d.fork()
        run_trial(trial, classes)
        if d.faithful and trial.C is not d.C:  # the reference's trials keep the removals of 狂人狼 and ローレライ
            classes = pending_classes(trial, d)
            d.keep_removals(trial)
        if flags.strength:
            score = strength_score(trial.placed, reverse=flags.reverse)
            if score is not None and (best is None or score < best_score):
                best, best_score = trial.placed, score
    return best if best is not None else trial.placed


def pending_classes(d: Draft, pending: Draft | None = None) -> list[tuple[bool, str, tuple[str, ...]]]:
    """The classes with pending slots in ``pending`` (default ``d``) in the fill order, with their
    candidates under ``d``'s C, as (is a team, key, candidates). A class without pending slots at the
    start of a trial gets none during it (slots only ever return to the class they were drawn for)."""
    pending = pending or d
    return [
        (is_team, key, d.candidates(TEAM_ROLES if is_team else CATEGORY_ROLES, key))
        for is_team, key in _CLASSES
        if (pending.team if is_team else pending.cat)[key] > 0
    ]


def strength_score(counts: Mapping[str, int], *, reverse: bool) -> int | None:
    """A trial's score, lower is better: |H − (W + O)|, or −(|H − (W + O)| + O) for 逆; None: dropped."""
    village = wolves = others = 0
    for role, count in counts.items():
        points = STRENGTH[role] * count
        team = TEAM_OF[role]
        if team == HUMAN:
            village += points
        elif team == WOLF:
            wolves += points
        else:
            others += points
    if others > village or others > wolves:
        return None
    diff = abs(village - (wolves + others))
    return -(diff + others) if reverse else diff


def run_trial(t: Draft, classes: list[tuple[bool, str, tuple[str, ...]]] | None = None) -> None:
    """One trial of the fill loop on ``t``: up to 300 draws, then the leftover slots (spec §4 step 7).

    Each draw is for the first class (categories, then teams, in the fill order) with a pending
    slot, else for a free slot. Slots only ever return to the class they were drawn for, so the
    classes are filled one after the other; a class without candidates frees its slots.

    Args:
        t: the trial (a fork of the draft after step 6).
        classes: :func:`pending_classes` of the draft (computed if not given).
    """
    u, pool, placed, by_category = t.u, t.pool, t.placed, t.by_category
    wolfteam_roles = WOLF_TEAM if t.flags.teams or t.flags.ppcheck else frozenset()  # the PP rule counts them
    draws = 0
    sources = pending_classes(t) if classes is None else classes
    for is_team, key, candidates in [*sources, (None, "", ())]:
        if is_team is None:  # the free slots
            kind, ruled, checked = FREE, t.ruled_other, t.checked_other
        else:
            kind = TEAM_SLOT if is_team else CATEGORY_SLOT
            ruled, checked = (t.ruled_other, t.checked_other) if is_team else (t.ruled_class, t.checked_class)
        pending_of = t.team if is_team else t.cat
        C, k = t.C, len(candidates)
        while draws < DRAWS:
            if kind is FREE:
                if t.slots <= 0:
                    break
                candidates, k = t.P_draw, len(t.P_draw)
                if not k:
                    raise CastingError(
                        "no role is left for the free seats: the level's exclusions bar every role of the pool, and"
                        " 村人 is excluded or outside the pool"
                    )
                t.slots -= 1
            else:
                if pending_of[key] <= 0:
                    break
                if t.C is not C:  # 狂人狼 or ローレライ joined C
                    C, candidates = t.C, t.candidates(TEAM_ROLES if is_team else CATEGORY_ROLES, key)
                    k = len(candidates)
                if not k:
                    t.slots += pending_of[key]
                    pending_of[key] = 0
                    break
                pending_of[key] -= 1
            draws += 1
            role = candidates[int(u() * k)]
            if role in checked:  # most roles go straight to 7c
                if role not in pool:  # catalog weighting: the plain role of its category stands in (a filler,
                    role = plain_role(CATEGORY_OF[role])  # as 村人 for an empty free pool: E does not bar it, C does)
                    if not t.usable(role) or role in t.C:
                        _give_back(t, kind, key)
                        continue
                if role in ruled and rejects(t, role, kind is CATEGORY_SLOT, t.wolfteam):
                    _give_back(t, kind, key)
                    continue
                if t.vanishing and role in ("Light", "HolyMarked"):
                    continue
                if role in ("MadWolf", "Lorelei"):
                    t.bar_from_fill(role)
                if role in wolfteam_roles:
                    t.wolfteam += 1
            placed[role] = placed.get(role, 0) + 1
            by_category[CATEGORY_OF[role]] += 1
    if draws == DRAWS and not t.faithful:  # slots may be left: plain roles fill them (the reference: a short list)
        _fill_leftovers(t)


_CLASSES = tuple((False, key) for key in CATEGORY_KEYS) + tuple((True, key) for key in TEAM_KEYS)
"""The classes of pending slots in the fill order: (is a team, key)."""


def _give_back(t: Draft, kind: str, key: str) -> None:
    """A refused draw's slot returns."""
    if kind is CATEGORY_SLOT:
        t.cat[key] += 1
    elif kind is TEAM_SLOT:
        t.team[key] += 1
    else:
        t.slots += 1


def _fill_leftovers(t: Draft) -> None:
    """Slots left after 300 draws: a class slot gets its class's plain role, a free slot 村人."""
    for pending in (t.cat, t.team):
        for key, count in pending.items():
            if count > 0:
                t.put(_filler(t, plain_role(key)), count)
                pending[key] = 0
    if t.slots > 0:
        t.put(_filler(t, "Human"), t.slots)
        t.slots = 0


def _filler(d: Draft, role: str) -> str:
    """``role`` as a filler, else 村人; an error when neither may be cast."""
    candidates = dict.fromkeys((role, "Human"))
    for candidate in candidates:
        if d.usable(candidate):
            return candidate
    raise CastingError(
        f"seats are left after {DRAWS} draws and no plain role may fill them: {' and '.join(map(repr, candidates))}"
        " excluded or outside the pool"
    )


__all__ = ["DRAWS", "TRIALS", "fill", "pending_classes", "run_trial", "strength_score"]
