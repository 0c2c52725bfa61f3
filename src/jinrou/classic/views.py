"""What one seat (or a spectator) may know: the only way private data leaves the engine (§9).

A :class:`SeatView` holds a seat's own role and sub-roles, the seats it knows (wolf, fox, couple
partners, its lover, …), the messages meant for it, the public record of the game (deaths with
their public cause, votes, claims, the role list the room was told), what it may do now, and the
chats it reads and writes. A seat known under several labels (a 子狐 that is the 妖狐's lover) keeps
them all (:attr:`SeatView.labels`). The dead see every role and cause under 霊界表示
(``heavenview``); at the end everybody sees everything, the roles each seat held before its last
one included (:attr:`SeatView.history`: 呪われた者 → 人狼), which nobody sees before. Bots, the
terminal and the server build everything a player receives from a view.

Chats (§9) by name: ``day`` (昼), the night chats the roles declare (:class:`~jinrou.classic.role.Chat`:
``wolf``, ``fox``, ``couple``, ``madcouple``) and ``heaven`` (霊界). :attr:`SeatView.reads` is every
chat a seat may read now, what was said before included: the day chat; the night chats its role
and sub-roles declare (written only at night, only while alive); the chats its layers read without
writing (``Role.listens``: 冥狼 reads 霊界 while alive); 霊界 once dead — and under 霊界表示 every
chat of the game. :attr:`SeatView.writes` is where it may write now: the day chat by day (hunter's
time included) while alive, its night chats at night while alive, 霊界 when dead unless its role
says it speaks to nobody (a departed スパイ). The dead never write to the living.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from jinrou.classic.catalog import Team
from jinrou.classic.claims import Claim
from jinrou.classic.game import Game, Legal, Outcome
from jinrou.classic.identity import Identity
from jinrou.classic.model import Message, Seat, Stage
from jinrou.classic.published import RoleList
from jinrou.classic.roles import SUB_ROLES

VISIBLE_SUBS = frozenset(sub.id for sub in SUB_ROLES.values() if sub.told)
"""Layers above a role that a seat is told of (恋人, kits; not 決定者, 権力者 nor a protection)."""
DAY_CHAT = "day"
"""The day chat (昼): every living seat by day, read by all."""
HEAVEN_CHAT = "heaven"
"""霊界: the dead's chat."""


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` knows now (``seat`` None: a spectator, who sees only what is public)."""

    seat: Seat | None
    names: tuple[str, ...]
    day: int
    stage: Stage
    alive: tuple[bool, ...]
    causes: dict[Seat, str | None]  # dead seats → their cause where it is public or known
    role: str | None
    team: Team | None
    subs: tuple[str, ...]
    known: dict[Seat, str]  # other seats it knows, as a role id or a group (wolves, Fox, Lovers): the last label
    roles: dict[Seat, str]  # every role it may see (its own; all for the dead in 霊界 and at the end)
    legal: tuple[Legal, ...]
    messages: tuple[tuple[int, Message], ...]
    claims: tuple[tuple[int, Seat, Claim], ...]
    candidates: tuple[Seat, ...]
    runoff: bool
    revotes: int
    chats_read: frozenset[str]
    chats_write: frozenset[str]
    outcome: Outcome | None
    scapegoat: Seat | None
    published: RoleList | None = None  # the role list the room was told (配役公開)
    reads: frozenset[str] = frozenset({DAY_CHAT})  # every chat it may read now, history included
    writes: frozenset[str] = frozenset()  # the chats it may write in now
    vote: Seat | None = None  # its own vote in the open ballot
    labels: dict[Seat, tuple[str, ...]] = field(default_factory=dict)  # every label of ``known``, in order
    history: dict[Seat, tuple[str, ...]] = field(default_factory=dict)  # at the end: roles held, if it changed
    subs_of: dict[Seat, tuple[str, ...]] = field(default_factory=dict)  # told sub-roles of the seats whose role it sees
    pair: str | None = None  # ケミカル人狼: its right role as it is told it (``role`` is the left one)
    pairs: dict[Seat, str] = field(default_factory=dict)  # ケミカル人狼: the right role of each seat of ``roles``

    @property
    def n(self) -> int:
        return len(self.names)

    def living(self) -> list[Seat]:
        return [s for s in range(self.n) if self.alive[s]]

    @classmethod
    def master(cls, game: Game) -> SeatView:
        """A game master's view (an online room's GM, who plays no seat): everything — every role and
        cause, every message, private ones too, every chat — as at the end, the outcome aside."""
        over = cls.of(game, None)
        roles = {s: game.role(s).id for s in game.seats()}
        return replace(over, causes={s: d.cause.value for s, d in enumerate(game.deaths) if d is not None},
                       roles=roles, messages=tuple(game.messages),
                       reads=frozenset({DAY_CHAT, HEAVEN_CHAT, *(c for s in game.seats() for c in game.identity(s).chats(game.ctx))}),
                       subs_of={s: told for s in roles if (told := _subs(game.identity(s), True))})

    @classmethod
    def of(cls, game: Game, seat: Seat | None, legal: Sequence[Legal] | None = None) -> SeatView:
        """The view of ``seat`` (None: a spectator). ``legal``: ``game.legal_actions(seat)`` when the
        caller has just asked it (the bots' loop asks before every view it builds)."""
        over = game.is_over
        heaven = seat is not None and not game.alive[seat] and heaven_sees_all(game)
        everything = over or heaven
        causes = {
            s: d.cause.value if (everything or d.cause.public) else None
            for s, d in enumerate(game.deaths) if d is not None
        }
        known: dict[Seat, str] = {}
        labels: dict[Seat, tuple[str, ...]] = {}
        roles: dict[Seat, str] = {}
        chats_read: frozenset[str] = frozenset()
        chats_write: frozenset[str] = frozenset()
        subs: tuple[str, ...] = ()
        role = team = pair = None
        pairs: dict[Seat, str] = {}
        if seat is not None:
            ctx, me = game.ctx, game.identity(seat)
            role = me.role.id if everything else me.own_role()  # V1.1.5: 村人 until its trigger
            pair = _own_pair(me, everything)
            team = me.team() if everything else me.own_team()  # V2.1.9 (drunk), T.1.7 (lovers)
            subs = _subs(me, everything)  # 恋人 and kits (決定者, 権力者 and marks are not told)
            roles[seat] = role
            if pair is not None:
                pairs[seat] = pair
            for other, label in me.knows(ctx):
                _label(known, labels, other, label)
            for shower in game.identities:  # most seats show nothing: skip them without a call
                if shower.showing and shower.seat != seat:
                    for shown in shower.shown_to(ctx, me):
                        _label(known, labels, shower.seat, shown)
            if game.alive[seat] and game.stage is Stage.NIGHT:
                chats_read = chats_write = me.chats(ctx)
        if everything:
            roles = {s: game.role(s).id for s in game.seats()}
            pairs = {s: p.role.id for s in game.seats() if (p := game.identity(s).pair) is not None}
        reads, writes = _chats(game, seat, heaven)
        messages = _messages(game, seat)
        ballot = game.ballot
        return cls._built(
            seat=seat,
            names=game.names,
            day=game.day,
            stage=game.stage,
            alive=tuple(game.alive),
            causes=causes,
            role=role,
            team=team,
            subs=subs,
            known=known,
            roles=roles,
            legal=tuple(legal if legal is not None else game.legal_actions(seat)) if seat is not None else (),
            messages=messages,
            claims=tuple(game.claims),
            candidates=ballot.candidates if ballot else (),
            runoff=ballot.runoff if ballot else False,
            revotes=game.revotes,
            chats_read=chats_read,
            chats_write=chats_write,
            outcome=game.outcome if over else None,
            scapegoat=game.scapegoat,
            published=game.published,
            reads=reads,
            writes=writes,
            vote=ballot.votes.get(seat) if ballot is not None and seat is not None else None,
            labels=labels,
            history={s: held for s in game.seats() if len(held := game.roles_held(s)) > 1} if over else {},
            subs_of={s: told for s in roles if (told := _subs(game.identity(s), everything))},
            pair=pair,
            pairs=pairs,
        )

    @classmethod
    def _built(cls, **fields: object) -> SeatView:
        """A view of every field given, set at once: the frozen dataclass' ``__init__`` sets its 29 fields
        one call each, and the bots take a view at every phase (about 130 a game); the same object
        (tests/classic/test_views.py checks every field is given)."""
        view = object.__new__(cls)
        view.__dict__.update(fields)
        return view


def _own_pair(identity: Identity, everything: bool) -> str | None:
    """ケミカル人狼: the right role a seat is told it holds — its id; 村人 while drunk (V2.1.9: 「村人・村人」);
    the role it believes (V1.1.5) — or, once everything is seen, the real one (None: it holds one role)."""
    pair = identity.pair
    if pair is None:
        return None
    if everything:
        return pair.role.id
    if identity.shown_as is not None:
        return identity.shown_as[0]
    return pair.role.believed(pair) or pair.role.id


def _subs(identity: Identity, everything: bool) -> tuple[str, ...]:
    """The layers above a seat's role it is told of (恋人, kits); once everything is seen (the end, 霊界) by
    their own names, with those concealed from it (T.1.5: 手玉, not 恋人; 本命) and those shown around its
    role (V2.1.9: a seat still drunk is 「酔っ払い（人狼）」 at the end, as the reference's Drunk.getJobname)."""
    if not everything:
        return identity.told_layers()
    return tuple(layer.role.id for layer in identity.extras()
                 if layer.role.told or layer.role.conceals or layer.role.shown_with is not None)


def _label(known: dict[Seat, str], labels: dict[Seat, tuple[str, ...]], seat: Seat, label: str) -> None:
    """``seat`` is known as ``label`` too (a 子狐 that is the 妖狐's lover knows it as both)."""
    known[seat] = label
    if label not in labels.get(seat, ()):
        labels[seat] = (*labels.get(seat, ()), label)


def _chats(game: Game, seat: Seat | None, heaven: bool) -> tuple[frozenset[str], frozenset[str]]:
    """The chats ``seat`` reads and writes now (see the module docstring)."""
    if seat is None:
        return frozenset({DAY_CHAT}), frozenset()
    ctx, identity = game.ctx, game.identity(seat)
    own = identity.chats(ctx)
    if game.alive[seat]:
        stage = game.stage
        if stage is Stage.NIGHT:
            now = own
        elif stage is Stage.DAY or stage is Stage.HUNTER:
            now = _NO_CHAT if identity.silenced else _DAY_ONLY  # 沈黙 (V1.1.15): no day chat
        else:
            now = _NO_CHAT
        return _DAY_ONLY | own | identity.listens, now
    reads = {DAY_CHAT, HEAVEN_CHAT, *own}
    if heaven:
        reads.update(c for s in game.seats() for c in game.identity(s).chats(ctx))
    speaks = not game.is_over and game.identity(seat).speaks_in_heaven(ctx)
    return frozenset(reads), frozenset({HEAVEN_CHAT} if speaks else ())


_DAY_ONLY: frozenset[str] = frozenset({DAY_CHAT})
_NO_CHAT: frozenset[str] = frozenset()


_Seen = tuple[int, object, tuple[tuple[int, Message], ...]]
_SEEN: weakref.WeakKeyDictionary[Game, dict[Seat | None, _Seen]] = weakref.WeakKeyDictionary()
"""Per game and seat: how many of the game's messages were filtered, the last of them, and what the
seat got. A game's messages only grow, so a view filters only the new ones (bots take a view at
every phase)."""


def _messages(game: Game, seat: Seat | None) -> tuple[tuple[int, Message], ...]:
    """The messages meant for ``seat`` (None: the public ones), in order."""
    every = game.messages
    seen = _SEEN.setdefault(game, {})
    done, last, mine = seen.get(seat, (0, None, ()))
    if done > len(every) or (done and every[done - 1] is not last):
        done, mine = 0, ()  # not the list it was: filter it all again
    if done < len(every):
        if seat is None:
            mine += tuple([pm for pm in every[done:] if pm[1].to is None])
        else:
            mine += tuple([pm for pm in every[done:] if (to := pm[1].to) is None or seat in to])
        seen[seat] = (len(every), every[-1], mine)
    return mine


def heaven_sees_all(game: Game) -> bool:
    """霊界表示: ``view`` always; ``norevive`` unless a seat could come back (a 猫又 in the game, or a
    living 魔術師 or 人狼占い, or a role that says it still may: a living マッドサイエンティスト with its
    revival unused, a 狡猾な狼 alive or able to return, W.1.12), and never in an endless game (エンドレス闇鍋: the
    dead may always be reborn); ``""`` never."""
    mode = game.settings["heavenview"]
    if mode == "view":
        return True
    if mode == "" or game.settings.on("endless"):
        return False
    return not any(
        (closes := (identity := game.identity(s)).closes_heaven) == "in game" or (closes == "alive" and game.alive[s])
        or (closes == "while able" and identity.role.still_reviving(game.ctx, identity.main))
        for s in game.seats()
    )
