"""Seasonal events, step 5 of the casting (spec ``yaminabe.md`` §4.2).

On some days of the year 闇鍋 likes to add a fitting role — サンタクロース at Christmas, 花火師 in
summer, 巫女 at New Year, 鬼 on 節分 — and outside them it often bars that role instead. The day is
the room's local date, a parameter (``Options.date``, (month, day)); option ``seasonal`` off skips
the step. Every addition needs a free slot and a role not in N; off-season exclusions bar the role
from class slots too ([C]; ``faithful``: from the free pool only, the reference's defect).

The events in the order they draw (one U per "w.p."):

======================= ==================================================== ========================
days                    additions                                            otherwise barred
======================= ==================================================== ========================
12-24..12-25            サンタクロース .4 (then トナカイ .4), 御子 .4          サンタクロース w.p. .8
07-26..08-16            花火師 .11                                           花火師 w.p. .7
12-24..12-25, 02-14     爆弾魔 .5
02-13..02-14            パティシエール .4                                    パティシエール w.p. .84
01-01..01-03            巫女 .35
04-01                   w.p. .5: 嘘つき, again until a U < .75 or no free slot
12-31, 01-04..01-07     獅子舞 .5 (01-01..01-03: .7)                         獅子舞 w.p. .8
10-30..10-31            one of かぼちゃ魔 .15 | 仮装者 .25 | おばけ .15 | 魔女 .15  かぼちゃ魔 w.p. .2
10-28..10-31, 12-24..25, 暴徒 (if none) .4 on 10-28, else .2                 暴徒 w.p. .4
12-31
12-29..01-03, 08-12..15 帰省者 .11                                           帰省者 w.p. .15
02-03                   r←U: 鬼 < .2, 金鬼 < .3, 前鬼 < .4, 後鬼 < .5 (first allowed)
======================= ==================================================== ========================

A study's games have no clock either: :func:`drawn_date` draws each game's day uniformly over the
365 days of a common year (29 February, which has no event, left out), so that a study meets the
seasons about as often as rooms opened all year round do.
"""

from __future__ import annotations

import datetime

import numpy as np

from jinrou.yaminabe.draft import Draft
from jinrou.yaminabe.request import Date

YEAR: tuple[Date, ...] = tuple(
    ((day := datetime.date(2017, 1, 1) + datetime.timedelta(days=k)).month, day.day) for k in range(365)
)
"""The 365 days of a common year as (month, day), 1 January first (2017: the article's year)."""


def within(date: Date | None, first: Date, last: Date) -> bool:
    """Whether (month, day) ``date`` lies in ``first``..``last`` inclusive (the range may wrap past 12-31)."""
    if date is None:
        return False
    if first <= last:
        return first <= date <= last
    return date >= first or date <= last


def drawn_date(rng: np.random.Generator) -> Date:
    """A day of the year, each of :data:`YEAR`'s 365 equally likely (one draw from ``rng``).

    >>> drawn_date(np.random.default_rng(0))
    (11, 7)
    """
    return YEAR[int(rng.integers(len(YEAR)))]


def seasonal(draft: Draft) -> None:
    """Step 5: the events of ``draft.request.options.date`` (skipped when ``seasonal`` is off)."""
    options = draft.request.options
    if not options.seasonal:
        return
    d, date, u, N = draft, options.date, draft.u, draft.N
    classes = not d.faithful  # off-season exclusions are [C]

    def off_season(role: str, p: float) -> None:
        if u() < p:
            d.exclude({role}, classes=classes)

    christmas = within(date, (12, 24), (12, 25))
    if christmas:
        if u() < 0.4 and d.add("SantaClaus", N) and u() < 0.4:
            d.add("Reindeer", N)
        if u() < 0.4:
            d.add("Saint", N)
    else:
        off_season("SantaClaus", 0.8)
    if within(date, (7, 26), (8, 16)):
        if u() < 0.11:
            d.add("Pyrotechnist", N)
    else:
        off_season("Pyrotechnist", 0.7)
    if (christmas or date == (2, 14)) and u() < 0.5:
        d.add("Bomber", N)
    if within(date, (2, 13), (2, 14)):
        if u() < 0.4:
            d.add("Patissiere", N)
    else:
        off_season("Patissiere", 0.84)
    new_year = within(date, (1, 1), (1, 3))
    if new_year and u() < 0.35:
        d.add("Miko", N)
    if date == (4, 1) and u() < 0.5 and d.allowed("Liar", N):
        while d.slots > 0:
            d.put("Liar")
            d.slots -= 1
            if u() < 0.75:
                break
    if date == (12, 31) or within(date, (1, 4), (1, 7)):
        if u() < 0.5:
            d.add("Shishimai", N)
    elif new_year:
        if u() < 0.7:
            d.add("Shishimai", N)
    else:
        off_season("Shishimai", 0.8)
    if within(date, (10, 30), (10, 31)):
        d.one_of([("Pumpkin", 0.15), ("Disguised", 0.25), ("TinyGhost", 0.15), ("Witch", 0.15)])
    else:
        off_season("Pumpkin", 0.2)
    if within(date, (10, 28), (10, 31)) or christmas or date == (12, 31):
        if u() < (0.4 if date == (10, 28) else 0.2) and d.count("Hooligan") == 0:
            d.add("Hooligan", N)
    else:
        off_season("Hooligan", 0.4)
    if within(date, (12, 29), (1, 3)) or within(date, (8, 12), (8, 15)):
        if u() < 0.11:
            d.add("HomeComer", N)
    else:
        off_season("HomeComer", 0.15)
    if date == (2, 3):
        r = u()
        for role, bound in (("Oni", 0.2), ("GoldOni", 0.3), ("FrontOni", 0.4), ("BackOni", 0.5)):
            # faithful: the reference tests 金鬼's exclusion for 前鬼 and 後鬼 (a typo)
            tested = "GoldOni" if d.faithful and role in ("FrontOni", "BackOni") else role
            if r < bound and d.slots > 0 and role in d.pool and d.allowed(tested, N):
                d.put(role)
                d.slots -= 1
                break


__all__ = ["YEAR", "drawn_date", "seasonal", "within"]
