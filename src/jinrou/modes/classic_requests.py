"""希望役職制 (room option ``rolerequest``) online: the request phase between a room's start and its deal.

In 月下人狼 a room with 希望役職制 does not deal at the start: for 60 seconds (its ``rolerequesting``
phase) each player chooses, privately, one role of the room's cast or おまかせ (none); the phase ends
when everybody has chosen or the time is up, and the deal honours the requests
(:func:`jinrou.classic.casting.deal`: 身代わりくん's role first — it asks for none —, then each role of the
list to a uniform one of the seats that asked for it, while copies last). Only a cast known before the
deal takes requests (:func:`jinrou.modes.classic_settings.takes_requests`).

Here the phase is the :class:`~jinrou.modes.classic.Village`'s before its game exists: ``requesting``
open, ``requests`` (game seat → role id, None for おまかせ) filled by the action ``{"request": ROLE}``
(``{"request": null}``: おまかせ); a seat may change its mind while the phase lasts. Bots ask as
:func:`jinrou.agents.classic.requests.request_role` says. A request is private: a seat's view shows its
own, no view shows another's, and the record, public at the end, keeps them (``requests``).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import numpy as np

from jinrou.agents.classic.requests import request_role
from jinrou.classic.catalog import UnknownRoleError
from jinrou.classic.claims import quote
from jinrou.classic.naming import by_name
from jinrou.classic.texts import role_name, role_rule
from jinrou.errors import IllegalActionError
from jinrou.modes.base import PhaseKind
from jinrou.players import Seat
from jinrou.yaminabe.publish import publication_key

if TYPE_CHECKING:
    from jinrou.modes.classic import Village

SECONDS = 60
"""How long the request phase lasts: 月下人狼's ``rolerequesting`` timer (60 s, whatever the room's times)."""
NAMES = (("希望選択", "role requests"), PhaseKind.OTHER)
"""The phase's name (Japanese, English) and kind."""
NOTE = {"en": ("Choose the role you would like, or leave it to chance (おまかせ). Nobody else learns your choice. "
               "Each role goes to those who asked for it, one at random when more asked than there are copies; "
               "身代わりくん's role is drawn first."),
        "ja": ("なりたい役職を選ぶか、おまかせにしてください。選んだ役職は他の人には分かりません。"
               "希望者が役職の数より多いときは希望者の中からランダムに決まります。身代わりくんの役職が先に決まります。")}
NONE = {"id": None, "en": "leave it to chance (おまかせ)", "ja": "おまかせ"}


def cast_roles(village: Village) -> dict[str, int]:
    """The room's cast (role id → count) in published order: what a seat may ask for."""
    roles = village.settings["roles"]
    return {role: roles[role] for role in sorted(roles, key=publication_key)}


def awaited(village: Village) -> tuple[Seat, ...]:
    """The room seats that have not chosen yet."""
    return tuple(s for s in range(len(village.players)) if village.seat(s) not in (village.requests or {}))


def read(village: Village, seat: Seat, action: Any) -> tuple[Seat, str | None]:
    """The game seat and the role (None: おまかせ) of a request; IllegalActionError, one line in both
    languages, for anything else or at any other time. Changes nothing."""
    if not village.requesting:
        raise IllegalActionError("role requests are made before the deal, in a room with 希望役職制 (rolerequest)",
                                 ja="希望役職は希望役職制の部屋で、配役の前にだけ選べます")
    if not isinstance(action, dict) or set(action) != {"request"}:
        raise IllegalActionError('the room takes role requests now: {"request": ROLE} or {"request": null} (おまかせ)',
                                 ja='今は希望役職を選ぶ時間です: {"request": 役職} か {"request": null}（おまかせ）')
    wanted, cast = action["request"], cast_roles(village)
    if wanted is None:
        return village.seat(seat), None
    role = wanted if wanted in cast else None
    if role is None and isinstance(wanted, str):
        try:
            role = by_name(wanted).id  # a name typed by a person: 占い師, Seer
        except UnknownRoleError:
            pass
    if role not in cast:
        raise IllegalActionError(f"{quote(wanted)} is not a role of this cast: ask for one of {', '.join(cast)}, "
                                 "or null (おまかせ)",
                                 ja=f"{quote(wanted)} はこの配役にありません: "
                                    f"{'、'.join(role_name(r, 'ja') for r in cast)} のどれか、または null（おまかせ）")
    return village.seat(seat), role


def repeats(village: Village, seat: Seat, action: Any) -> bool:
    """Whether the same request is sent again (nothing would change)."""
    try:
        me, role = read(village, seat, action)
    except IllegalActionError:
        return False
    return village.requests is not None and me in village.requests and village.requests[me] == role


def bot(village: Village, seat: Seat, rng: np.random.Generator) -> dict[str, Any]:
    """A bot's request, as a person sends it."""
    return {"request": request_role(cast_roles(village), rng)}


def dealt_requests(village: Village) -> dict[Seat, str]:
    """The role requests the deal honours (おまかせ left out)."""
    return {seat: role for seat, role in sorted((village.requests or {}).items()) if role is not None}


def view(village: Village, seat: Seat | None) -> dict[str, Any] | None:
    """What the request phase shows ``seat``: the roles it may ask for, its own request (``asked``: a role,
    ``NONE`` for おまかせ, None before it chose); a spectator and any seat after the phase: None."""
    if not village.requesting or seat is None:
        return None
    me, cast = village.seat(seat), cast_roles(village)
    asked = (village.requests or {}).get(me, ...)
    return {"choices": [_choice(role, count) for role, count in cast.items()],
            "none": NONE, "asked": None if asked is ... else NONE if asked is None else _choice(asked, cast[asked]),
            "seconds": SECONDS, "note": NOTE}


@functools.cache
def _choice(role: str, count: int) -> dict[str, Any]:
    return {"id": role, "ja": role_name(role, "ja"), "en": role_name(role, "en"), "count": count,
            "rule": {"ja": role_rule(role, "ja"), "en": role_rule(role, "en")}}
