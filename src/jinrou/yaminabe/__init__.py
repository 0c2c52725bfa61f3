"""闇鍋 (yaminabe): 月下人狼's random casting over its 188-role catalog, with the eight safety levels.

Casting is its own concern over the role catalog (:mod:`jinrou.classic.catalog`), so it is its own
package rather than a module of :mod:`jinrou.classic`: the classic engine plays a cast it is given
and never needs this package, while this package needs of the engine only the set of roles it
declares (the ``playable`` pool, imported when asked for). Statistics over many castings live here
too, and the team-ratio study (issue 19) will join them.

- :func:`cast` — one casting: n seats, a safety level (なし … 逆), a mode (闇鍋, 一部闇鍋,
  かんたん闇鍋), options, a pool and a seeded generator; a :class:`Casting` with its published list.
- :func:`statistics` — the distributions over many castings (team shares, wolf counts, role
  frequencies); :func:`plot` draws team shares per level.

The algorithm and its settled points: ``docs/yaminabe.md`` and the spec ``yaminabe.md``.

>>> import numpy as np
>>> casting = cast(8, "低", rng=np.random.default_rng(2), options=Options(publish="team"))
>>> len(casting.roles), casting.published.text_ja.split()[0]
(8, '出現陣営情報:')
"""

from jinrou.errors import CastingError
from jinrou.yaminabe.casting import Casting, cast, cast_from, deal
from jinrou.yaminabe.levels import Flags, Safety
from jinrou.yaminabe.publish import Published
from jinrou.yaminabe.request import Mode, Options, Publication, Request, Weighting
from jinrou.yaminabe.stats import Stats, plot, statistics

__all__ = [
    "Casting",
    "CastingError",
    "Flags",
    "Mode",
    "Options",
    "Publication",
    "Published",
    "Request",
    "Safety",
    "Stats",
    "Weighting",
    "cast",
    "cast_from",
    "deal",
    "plot",
    "statistics",
]  # fmt: skip
