"""Whole numbers typed by people or sent over the network, read the one safe way.

``str.isdigit`` says yes to ``"²"`` and ``"٣"`` (which ``int`` then refuses or reads), and ``int``
of a few thousand digits raises (Python's conversion limit) or takes quadratic time: every place
that reads a count, a seat number or a query parameter asks :func:`whole_number` instead.
"""

from __future__ import annotations

MOST_DIGITS = 18
"""Digits in any whole number the program reads (below 2**63, and far above any count it needs)."""


def whole_number(text: str, most_digits: int = MOST_DIGITS) -> int | None:
    """The value of ``text`` (spaces around it allowed) when it is ASCII digits only, at most
    ``most_digits`` of them; None otherwise.

    >>> whole_number(" 12 "), whole_number("²"), whole_number("-1"), whole_number("1" * 19)
    (12, None, None, None)
    """
    text = text.strip()
    if not text or len(text) > most_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)
