"""Fixed castings and dealing (classic-werewolf spec §2): 普通1, the standard role list for n seats,
and :func:`deal`, which hands a role list to the seats — 身代わりくん first, under 身代わりセーフティ.

Random castings (闇鍋) live in :mod:`jinrou.yaminabe`; they produce a list that :func:`deal` deals.

>>> normal_cast(9)
{'Werewolf': 2, 'Diviner': 1, 'Psychic': 1, 'Madman': 1, 'Guard': 1, 'Human': 3}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from jinrou.chance import uniform_below
from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Category, UnknownRoleError
from jinrou.classic.chemical import OPTION as CHEMICAL
from jinrou.classic.draws import Draw, Draws
from jinrou.classic.naming import by_name
from jinrou.classic.presets import normal1
from jinrou.classic.roles.switchers import stealable
from jinrou.digits import whole_number
from jinrou.errors import SetupError

if TYPE_CHECKING:
    from jinrou.classic.settings import Settings

SCAPEGOAT_EXCLUDED = frozenset({
    "QueenSpectator", "Spy2", "Poisoner", "Cat", "Cupid", "BloodyMary", "Noble", "Lover", "Twin", "Hunter",
    "MadHunter", "Idol", "SnowLover", "Raven", "LunaticLover", "HooliganGuard", "HooliganAttacker", "SantaClaus",
    "Hanami", "Duelist",
})  # fmt: skip
"""Roles 身代わりくん never draws under 身代わりセーフティ ``full``, besides the non-humans (人外)."""
SAFETY = ("full", "no", "free")


def normal_cast(n: int) -> dict[str, int]:
    """普通1 for ``n`` ≥ 3 seats (scapegoat included): role id → count, summing to ``n``, in the
    order the spec lists them, 村人 last."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 3:
        raise SetupError(f"普通1 needs at least 3 seats, not {n!r}")
    counts = {role: c for role, c in normal1(n).items() if c is not None and c}  # the preset table's 普通1
    counts["Human"] = n - sum(counts.values())
    return counts


def scapegoat_may_draw(role: str, safety: str = "full") -> bool:
    """Whether 身代わりくん may be dealt ``role`` under 身代わりセーフティ ``safety``: ``full`` excludes
    the non-humans and :data:`SCAPEGOAT_EXCLUDED`, ``no`` the non-humans, ``free`` nothing.

    >>> scapegoat_may_draw("Werewolf", "no"), scapegoat_may_draw("Hunter", "no"), scapegoat_may_draw("Hunter")
    (False, True, False)
    """
    if safety not in SAFETY:
        raise SetupError(f"身代わりセーフティ (safety) must be one of {', '.join(SAFETY)}, not {safety!r}")
    if role not in CATALOG:
        raise SetupError(f"unknown role id {role!r}: role ids are the catalog's, e.g. Human, Werewolf, Diviner")
    if safety == "free":
        return True
    return not CATALOG[role].nonhuman and (safety == "no" or role not in SCAPEGOAT_EXCLUDED)


def deal(roles: Mapping[str, int] | Sequence[str], rng: np.random.Generator, *, scapegoat: bool = True,
         safety: str = "full", candidates: list[list[str]] | None = None,
         requests: Mapping[int, str] | None = None) -> list[str]:
    """Deal a role list to the seats: each seat's role id, in seat order.

    With ``scapegoat`` (setting ``scapegoat=on``) seat 0 is 身代わりくん and draws first, uniformly
    among the list's copies that ``safety`` allows it (:func:`scapegoat_may_draw`); then, with
    ``requests`` (希望役職制, setting ``rolerequest``), each role of the list in its order goes to its
    requesters, one copy at a time to a uniform one of those left, while both last (the reference's
    ``setplayers``); the other seats get a uniform permutation of the rest. Every draw comes from ``rng``;
    without requests the draws are those of a plain deal.

    Args:
        roles: role id → count, or the list itself (one id per seat).
        rng: the generator to draw from.
        scapegoat: whether seat 0 is 身代わりくん.
        safety: 身代わりセーフティ, ``full``, ``no`` or ``free``.
        candidates: where 盗人's candidates go (T.1.9): given a list, the exchange of :func:`exchange` is
            made before dealing and its pairs are appended (pass them to the game with :func:`start_draws`).
        requests: seat → the role id it asks for (身代わりくん asks for none; a role of the list).

    Raises:
        SetupError: an unknown role id or safety, a negative count, no role 身代わりくん may draw, none
            a 盗人 may take, or a request that is not a seat's for a role of the list.

    >>> deal({"Werewolf": 1, "Diviner": 1, "Human": 2}, np.random.default_rng(1))[0] != "Werewolf"
    True
    """
    if isinstance(roles, Mapping):
        bad = [f"{r}: {c!r}" for r, c in roles.items() if isinstance(c, bool) or not isinstance(c, int) or c < 0]
        if bad:
            raise SetupError(f"role counts must be whole numbers ≥ 0, not {bad[0]}")
        listed = [role for role, count in roles.items() for _ in range(count)]
    else:
        listed = list(roles)
    check_requests(requests or {}, listed, scapegoat)
    if candidates is not None and "Thief" in listed:
        listed, pairs = exchange(listed, rng)
        candidates.extend(pairs)
    first = [_goat_draws(listed, rng, safety)] if scapegoat else []
    if not requests:
        return first + [listed[int(i)] for i in rng.permutation(len(listed))]
    dealt: dict[int, str] = {}
    seats = range(len(first), len(first) + len(listed))
    for role in dict.fromkeys(listed):  # each role in the list's order, while copies and requesters last
        while role in listed:
            asking = [s for s in seats if s not in dealt and requests.get(s) == role]
            if not asking:
                break
            dealt[asking[uniform_below(rng, len(asking))]] = role
            listed.remove(role)
    rest = [s for s in seats if s not in dealt]
    dealt.update(zip(rest, (listed[int(i)] for i in rng.permutation(len(listed))), strict=True))
    return first + [dealt[s] for s in seats]


def check_requests(requests: Mapping[int, str], listed: Sequence[str], scapegoat: bool,
                   names: Sequence[str] | None = None) -> None:
    """Each request a seat's (not 身代わりくん's) for a role of ``listed`` (SetupError otherwise; seats named
    by ``names``, default ``seat N``)."""
    for seat, role in requests.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(listed):
            raise SetupError(f"a role request names seat {seat!r}: the seats are 0 to {len(listed) - 1}")
        if scapegoat and seat == 0:
            raise SetupError("身代わりくん asks for no role: its role is drawn first")
        if role not in listed:
            who = names[seat] if names is not None else f"seat {seat}"
            raise SetupError(f"{who} asks for {role!r}, which is not in the role list: "
                             f"ask for one of {', '.join(dict.fromkeys(listed))}")


def kept_requests(requests: Mapping[int, str], roles: Sequence[str | Sequence[str]]) -> dict[int, str]:
    """The requests a game keeps (:meth:`Game.new`'s ``requests``): those for a role that was dealt. 盗人's
    exchange (T.1.9) may take every copy of a requested role out of the deal; that request had nothing
    left to honour, and the game, which checks its requests against the roles dealt, is not told it.

    >>> kept_requests({1: "Diviner", 2: "Guard"}, ["Human", "Diviner", "Thief"])
    {1: 'Diviner'}
    """
    dealt = {role for role in roles if isinstance(role, str)}
    return {seat: role for seat, role in requests.items() if role in dealt}


def unhonoured(roles: Sequence[str], requests: Mapping[int, str], scapegoat: bool = True,
               names: Sequence[str] | None = None) -> str | None:
    """Why ``roles`` (each seat's, as dealt) cannot come from a deal that honoured ``requests`` (seat →
    role id): a seat asked for a role one of whose copies went to a seat that did not ask for it (or to
    a seat asking for another role) while the requester got something else; None: it could. Seats are
    named by ``names`` (default: ``seat N``).

    >>> unhonoured(["Human", "Diviner", "Human"], {2: "Diviner"})
    'seat 2 asked for Diviner and got Human, but a Diviner went to seat 1, which did not ask for it'
    """
    goat = 1 if scapegoat else 0
    for role in dict.fromkeys(requests.values()):
        asking = [s for s, r in requests.items() if r == role and s >= goat]
        got = [s for s in range(goat, len(roles)) if roles[s] == role]
        if len(set(asking) & set(got)) < min(len(asking), len(got)):
            seat = next(s for s in asking if s not in got)
            other = next(s for s in got if s not in asking)
            label = (lambda s: names[s]) if names is not None else (lambda s: f"seat {s}")
            return (f"{label(seat)} asked for {role} and got {roles[seat]}, but a {role} went to {label(other)}, "
                    "which did not ask for it")
    return None


def _goat_draws(listed: list[str], rng: np.random.Generator, safety: str) -> str:
    """身代わりくん's draw: a uniform copy of ``listed`` that ``safety`` allows it, taken out of the list."""
    allowed = [i for i, role in enumerate(listed) if scapegoat_may_draw(role, safety)]
    if not allowed:
        raise SetupError(
            f"身代わりくん cannot be dealt any role of this list under 身代わりセーフティ {safety!r}: "
            f"add a role it may draw (e.g. Human) or set safety to {'no' if safety == 'full' else 'free'}")
    return listed.pop(allowed[uniform_below(rng, len(allowed))])


def per_seat(settings: Settings) -> int:
    """How many roles a seat is dealt: 2 with ``chemical`` (ケミカル人狼) on, else 1."""
    return 2 if settings.on(CHEMICAL) else 1


def deal_room(roles: Mapping[str, int] | Sequence[str], rng: np.random.Generator, settings: Settings,
              candidates: list[list[str]] | None = None,
              requests: Mapping[int, str] | None = None) -> list[str] | list[list[str]]:
    """Deal a role list under a room's ``settings``: 身代わりくん by ``scapegoat`` and ``safety``, and two
    roles a seat with ``chemical`` on (:func:`deal_pairs`, which honours no request, as in 月下人狼; else
    :func:`deal` with the seats' ``requests``)."""
    goat, safety = settings["scapegoat"] == "on", settings["safety"]
    if settings.on(CHEMICAL):
        return deal_pairs(roles, rng, scapegoat=goat, safety=safety, candidates=candidates)
    return deal(roles, rng, scapegoat=goat, safety=safety, candidates=candidates, requests=requests)


PAIR_TRIES = 100
"""How many deals of the pairs :func:`deal_pairs` tries before it refuses (the reference's casting loop)."""


def deal_pairs(roles: Mapping[str, int] | Sequence[str], rng: np.random.Generator, *, scapegoat: bool = True,
               safety: str = "full", candidates: list[list[str]] | None = None) -> list[list[str]]:
    """ケミカル人狼 (``chemical``): deal a list of twice as many roles as seats, two a seat, as
    ``[left, right]`` in seat order.

    With ``scapegoat`` 身代わりくん draws its two first, each uniformly among the copies left that ``safety``
    allows it (:func:`scapegoat_may_draw`); the other seats get the rest in a uniform permutation, taken
    two by two. With exactly one 人狼系 in the list it never shares a seat with a 妖狐系 (the reference's
    deal: a pair that would is dealt again, :data:`PAIR_TRIES` times at most). 盗人's exchange is made
    first, as :func:`deal` makes it.

    Raises:
        SetupError: as :func:`deal`; an odd number of roles; or no deal keeps the only 人狼系 from a 妖狐系.

    >>> deal_pairs({"Werewolf": 1, "Diviner": 1, "Human": 6}, np.random.default_rng(1), scapegoat=False)[0]
    ['Human', 'Werewolf']
    """
    listed = [role for role, count in roles.items() for _ in range(count)] if isinstance(roles, Mapping) else list(roles)
    if len(listed) % 2:
        raise SetupError(f"ケミカル人狼 (chemical) deals two roles a seat: the list needs an even number of roles, "
                         f"not {len(listed)}")
    if candidates is not None and "Thief" in listed:
        listed, pairs = exchange(listed, rng)
        candidates.extend(pairs)
    first = [[_goat_draws(listed, rng, safety), _goat_draws(listed, rng, safety)]] if scapegoat else []
    wolves = [role for role in listed if CATALOG[role].category is Category.WEREWOLF]
    alone = wolves[0] if len(wolves) == 1 else None
    for _ in range(PAIR_TRIES):
        order = [listed[int(i)] for i in rng.permutation(len(listed))]
        pairs = [order[i:i + 2] for i in range(0, len(order), 2)]
        if alone is None or not any(alone in pair and any(CATALOG[r].category is Category.FOX for r in pair)
                                    for pair in pairs):
            return first + pairs
    raise SetupError("ケミカル人狼 (chemical): the only 人狼系 role was dealt beside a 妖狐系 role in every try: "
                     "add a role that is neither")


def exchange(roles: Sequence[str], rng: np.random.Generator) -> tuple[list[str], list[list[str]]]:
    """T.1.9, before dealing: for each 盗人 of ``roles``, two draws, each a uniform copy of the list that is
    neither 盗人 nor non-human (:func:`~jinrou.classic.roles.switchers.stealable`); the copy drawn leaves
    the list for a 村人 (which may be drawn again). Returns the list after the exchange and the pairs in
    draw order (they go to the 盗人 seats in seat order).

    Raises:
        SetupError: no copy is left to draw (the start fails).
    """
    listed = list(roles)
    pairs = []
    for _ in range(listed.count("Thief")):
        pair = []
        for _ in range(2):
            pool = [i for i, role in enumerate(listed) if stealable(role)]
            if not pool:
                raise SetupError("盗人 has no role to take: the list needs a role that is neither 盗人 nor non-human")
            i = pool[uniform_below(rng, len(pool))]
            pair.append(listed[i])
            listed[i] = "Human"
        pairs.append(pair)
    return listed, pairs


def start_draws(rng: np.random.Generator | None, candidates: Sequence[Sequence[str]]) -> Draws:
    """The draws a game starts from: 盗人's candidates drawn before dealing (:func:`deal`), then ``rng``."""
    return Draws(rng, [Draw("thief candidates", list(pair)) for pair in candidates])


def parse_cast(text: str) -> dict[str, int]:
    """A role list written ``Werewolf:2,Diviner,Human:5`` (ids or Japanese names; count 1 when
    omitted) as role id → count.

    >>> parse_cast("人狼:2, Diviner, human:3")
    {'Werewolf': 2, 'Diviner': 1, 'Human': 3}

    Raises:
        SetupError: an unknown role or a count that is not a whole number ≥ 1.
    """
    counts: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, count = part.partition(":")
        try:
            role = by_name(name).id
        except UnknownRoleError as error:
            raise SetupError(str(error)) from None
        number = whole_number(count) if count else 1
        if not number:
            raise SetupError(f"the count of {name.strip()} must be a whole number ≥ 1, not {count.strip()[:20]!r}")
        counts[role] = counts.get(role, 0) + number
    if not counts:
        raise SetupError("the role list is empty: write e.g. Werewolf:2,Diviner,Human:5")
    return counts
