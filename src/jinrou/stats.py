"""Small statistics shared by the simulations: a proportion with its Wilson score interval.

>>> i = Interval.wilson(50, 100)
>>> i.rate, round(i.low, 4), round(i.high, 4)
(0.5, 0.4038, 0.5962)
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Interval:
    """A proportion with its 95 % Wilson score interval."""

    rate: float
    low: float
    high: float

    @classmethod
    def wilson(cls, hits: int, total: int, z: float = 1.959963984540054) -> Interval:
        if total == 0:
            return cls(math.nan, 0.0, 1.0)
        p = hits / total
        centre = (p + z * z / (2 * total)) / (1 + z * z / total)
        half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
        return cls(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


__all__ = ["Interval"]
