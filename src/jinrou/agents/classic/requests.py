"""What a bot asks for before the deal under 希望役職制 (room option ``rolerequest``).

The policy is おまかせ (no request): a role asked for by several seats goes to one of them at random,
so a bot that asked would only take a role from the people who want it; leaving the cast to chance
keeps every copy for them, and a bot plays whatever role it is dealt. 身代わりくん asks for none either
(its role is drawn first). One function, so that a better policy changes one place.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np


def request_role(cast: Mapping[str, int], rng: np.random.Generator) -> str | None:
    """The role a bot asks for among ``cast`` (role id → count), None for おまかせ: always None (see the
    module docstring); ``rng`` is there for a policy that draws.

    >>> request_role({"Werewolf": 2, "Diviner": 1, "Human": 6}, np.random.default_rng(0)) is None
    True
    """
    del cast, rng
    return None


__all__ = ["request_role"]
