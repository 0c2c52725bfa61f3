"""What a classic room shows each seat, as JSON: built from :class:`~jinrou.classic.views.SeatView`
only, so that a seat sees what the rules let it see — its role card, the players with what is
public (and the roles it knows), the published role list, what it may do now, the claims, its own
results, the log — and at the end everything. Chat channels come from the view's chats
(:attr:`SeatView.reads`, :attr:`SeatView.writes`), which the engine derives from the roles'
declarations: this module never asks which role a seat holds to decide what it may read.

Texts come in both languages (``{"ja": …, "en": …}``), log lines too: the page shows the one of its
language. A role comes with its rule (``rule``), the card's text; a seat known under several labels
has them all (``known`` is a list); at the end each seat's role history (``history``, when its role
changed) — never before.

The page reads the log as 月下人狼's one stream (issue 38): each line carries ``m``, its place among
the chat lines (the public lines so far: :func:`log_mark` marks a chat line the same way), a day's
or a night's first line its header (``head``), 投票結果 its table (``votes``), a claim its speaker
(``by``, ``said``); a seat's notices say the section they belong to (``at``). Besides the engine's
chats every seat has its 独り言 (``monologue-{seat}``), its own until the end.
"""

from __future__ import annotations

import functools
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jinrou.classic.abilities import Once, Param, ParamKind
from jinrou.classic.catalog import Team
from jinrou.classic.game import Game, Legal
from jinrou.classic.model import Cause, Message, Seat, Stage, Verb
from jinrou.classic.published import RoleList
from jinrou.classic.role import declared
from jinrou.classic.roles import ROLES, SUB_ROLES
from jinrou.classic.texts import (
    Renders,
    announcement,
    outcome_text,
    pair_name,
    render,
    role_name,
    role_rule,
    shown_role,
    verb_label,
)
from jinrou.classic.views import DAY_CHAT, HEAVEN_CHAT, SeatView, heaven_sees_all
from jinrou.modes.base import Channel, History, Result, Standing, result_json
from jinrou.modes.classic_requests import view as requests_view

if TYPE_CHECKING:
    from jinrou.modes.classic import Village

CHANNELS = {
    DAY_CHAT: ("village", "Village", "村"), "wolf": ("wolves", "Wolves", "人狼"), "fox": ("foxes", "Foxes", "妖狐"),
    "couple": ("couples", "Masons", "共有者"), "madcouple": ("madcouple", "Mad couple", "叫迷狂人"),
    HEAVEN_CHAT: ("heaven", "The dead", "霊界"),
}  # fmt: skip
"""A chat of the engine → (channel key, English, Japanese)."""
SPECTATORS = ("spectators only read the chat", "観戦者は読むだけです")
SILENT_NIGHT = ("it is night: the village sleeps and nobody talks",
                "夜です。村は眠っていて、朝まで誰も話せません（独り言は書けます）")
TO_THE_LIVING = ("the dead do not speak to the living: write in 霊界 (the dead)",
                 "死者は生者に話しかけられません。霊界に書いてください")
SILENCED = ("you are silenced (沈黙: 呪いをかけられました) until dusk: no Village chat; your vote and will are unaffected",
            "呪いをかけられました（沈黙）: 夕方まで村の会話に書けません（独り言は書けます）。投票はできます")
SEALED_NOTE = {"ja": "封印されています: 今夜は夜の会話ができません（独り言のみ）。",
               "en": "You are sealed (封印されています): no night chat tonight (a monologue only)."}
"""What the chat says instead of its box to a seat sealed for the night (W.1.3)."""
MONOLOGUE = ("monologue", "Monologue", "独り言")
"""独り言: each seat's own channel (key ``monologue-{room seat}``), read by its writer alone until the
end, when everybody reads every seat's (月下人狼's monologue, spec §9)."""
MONOLOGUE_DEAD = ("the dead write in 霊界 (the dead)", "死者は霊界に書きます")
FOUND_DEAD = {"id": None, "ja": "無残な姿で発見", "en": "found dead"}
GROUPS = {"wolves": ("人狼", "wolf"), "Lovers": ("恋人", "lover"), "target": ("標的", "target")}
"""Labels of what a seat knows of another that are groups rather than roles."""


GM = ("gm", "Game master", "ゲームマスター")
"""A GM room's channel from the game master to one seat (key ``gm-{room seat}``): the GM writes, the seat reads."""
GM_HEAVEN = ("gm-heaven", "GM → the dead", "GM→霊界")
"""A GM room's channel from the game master to the dead (月下人狼's ``gmheaven``): whoever reads 霊界 reads it."""
GM_AUDIENCE = ("gm-audience", "GM → spectators", "GM→観戦者")
"""A GM room's channel from the game master to the spectators (月下人狼's ``gmaudience``): they alone read it."""
MASTER_READS = (("the game master reads every chat and writes in the village's, to the dead, to the spectators "
                 "and to one seat"), "ゲームマスターは全ての会話を読み、村・霊界・観戦者・各参加者あてに書きます")
FROM_MASTER = ("the game master writes here: it is told to you alone", "ゲームマスターからあなただけへの連絡です")
TO_THE_DEAD = ("the game master writes here to the dead", "ゲームマスターから霊界への連絡です")
TO_SPECTATORS = ("the game master writes here to the spectators", "ゲームマスターから観戦者への連絡です")


def channels(village: Village | None, seat: Seat | None) -> tuple[Channel, ...]:
    """The chats ``seat`` reads now, the village first, its own 独り言 last (see the module docstring); a
    GM room's game master reads every chat and writes the village's, the dead's (``gm-heaven``: the dead
    read it, and spectators who read 霊界), the spectators' (``gm-audience``) and one to each seat."""
    game = None if village is None else village.game
    key, en, ja = CHANNELS[DAY_CHAT]
    if village is not None and seat is not None and seat == village.master:
        return master_channels(village)
    if village is None or game is None:
        found = [Channel(key, en, ja, *((None, None) if seat is not None else SPECTATORS))]
        if village is not None and village.master is not None and seat is None:
            found.append(Channel(*GM_AUDIENCE, *TO_SPECTATORS))
        return tuple(found)
    me = None if seat is None else village.seat(seat)
    view = seat_view(village, me)
    alive = me is not None and game.alive[me]
    closed: tuple[str, str] | tuple[None, None]
    if me is None:
        closed = SPECTATORS
    elif DAY_CHAT in view.writes and str(village.turn) == "silent" and not game.is_over:  # n秒ルール
        seconds = village.settings["times"].get("silentrule", 0)
        closed = (f"nobody speaks in the first {seconds} seconds of the day (n秒ルール)",
                  f"朝から{seconds}秒間は発言禁止です（n秒ルール）")
    elif DAY_CHAT in view.writes or game.is_over:
        closed = (None, None)
    else:
        closed = TO_THE_LIVING if not alive else SILENCED if game.identity(me).silenced and (
            game.stage is not Stage.NIGHT) else SILENT_NIGHT
    found = [Channel(key, en, ja, *closed)]
    own_stream = None if me is None else own_chat(view.writes, me)  # V2.1.8b: its monologue now
    for chat in sorted(view.reads - {DAY_CHAT, HEAVEN_CHAT}, key=lambda c: (list(CHANNELS).index(c) if c in CHANNELS else 99, c)):
        if chat == own_stream:
            continue  # in its monologue's place, below
        key, en, ja = _chat_names(chat, game.names)
        why = (None, None) if chat in view.writes else TO_THE_LIVING if not alive else (
            (f"you read the {en.lower()} but may not write to them", f"{ja}の会話は読むだけです")
            if me is not None and chat in game.identity(me).listens
            else (f"the {en.lower()} talk at night", f"{ja}の会話は夜だけです"))
        found.append(Channel(key, en, ja, *why))
    heaven = HEAVEN_CHAT in view.reads or (me is None and village.settings["heaven_spectators"])
    if heaven:
        key, en, ja = CHANNELS[HEAVEN_CHAT]
        why = (None, None) if HEAVEN_CHAT in view.writes else SPECTATORS if me is None else (
            ("you read the dead but may not write to them", "霊界は読むだけです") if alive
            else ("you left the village: you speak to nobody", "村を去ったので、誰とも話せません"))
        found.append(Channel(key, en, ja, *why))
    if village.master is not None and (heaven and (me is None or not alive)):  # the GM's lines to the dead
        found.append(Channel(*GM_HEAVEN, *TO_THE_DEAD))
    if village.master is not None and me is None:
        found.append(Channel(*GM_AUDIENCE, *TO_SPECTATORS))
    if seat is not None:
        found.append(monologue(village, seat, alive, replaced=own_stream is not None))
        if own_stream is not None:
            kind = own_stream.partition("-")[0]
            found.append(Channel(own_stream, *SEAT_CHATS[kind][2:]))
        if village.master is not None:
            found.append(Channel(f"{GM[0]}-{seat}", GM[1], GM[2], *FROM_MASTER))
    return tuple(found)


def master_channels(village: Village) -> tuple[Channel, ...]:
    """The game master's chats: the village's (written at any time), to the dead and to the spectators
    (written), one to each seat (written), and every other chat any seat reads now, 独り言 included (read only)."""
    key, en, ja = CHANNELS[DAY_CHAT]
    found: dict[str, Channel] = {key: Channel(key, en, ja)}
    for gm_key, gm_en, gm_ja in (GM_HEAVEN, GM_AUDIENCE):  # 月下人狼's GM speaks to the dead and to the spectators too
        found[gm_key] = Channel(gm_key, gm_en, gm_ja)
    seats = [s for s in range(len(village.players)) if s != village.master]
    for s in seats:
        name = village.players[s]
        found[f"{GM[0]}-{s}"] = Channel(f"{GM[0]}-{s}", f"GM → {name}", f"GM→{name}")
    if village.game is not None:
        for reader in [*seats, None]:
            for channel in channels(village, reader):
                if channel.key not in found:
                    label = (f"{channel.en} ({village.players[reader]})", f"{channel.ja}（{village.players[reader]}）") if (
                        reader is not None and channel.key.startswith(MONOLOGUE[0])) else (channel.en, channel.ja)
                    found[channel.key] = Channel(channel.key, *label, *MASTER_READS)
        heaven_key, heaven_en, heaven_ja = CHANNELS[HEAVEN_CHAT]
        found.setdefault(heaven_key, Channel(heaven_key, heaven_en, heaven_ja, *MASTER_READS))
    return tuple(found.values())


SEAT_CHATS = {"stream": ("Stream", "配信", "Monologue (stream)", "独り言（配信）")}
"""Chats that are one seat's own, named ``{kind}-{seat}`` by the engine (V2.1.8b: a 配信者's stream) →
(English, Japanese) for its readers, who see it named with its seat's name, and (English, Japanese) for
its writer: while it may write it, it *is* its monologue (月下人狼's 配信 in place of 独り言, at night)."""
STREAMING = ("at night your monologue is your stream (配信): your listeners read it",
             "夜の独り言は配信になり、視聴者が読みます")
"""Why a seat's 独り言 is closed while a chat of its own replaces it."""


def own_chat(writes: frozenset[str], seat: Seat) -> str | None:
    """The chat of ``seat``'s own (:data:`SEAT_CHATS`) it writes now, which replaces its monologue (None:
    none; by day a 配信者 has its 独り言)."""
    return next((chat for chat in (f"{kind}-{seat}" for kind in SEAT_CHATS) if chat in writes), None)


def _chat_names(chat: str, names: tuple[str, ...]) -> tuple[str, str, str]:
    """An engine chat's channel key and names (English, Japanese)."""
    if chat in CHANNELS:
        return CHANNELS[chat]
    kind, _, seat = chat.partition("-")
    if kind in SEAT_CHATS and seat.isdigit() and int(seat) < len(names):
        (en, ja, *_), who = SEAT_CHATS[kind], names[int(seat)]
        return chat, f"{en} ({who})", f"{ja}（{who}）"
    return chat, chat, chat


def voices(village: Village | None, seat: Seat | None, channel: str) -> tuple[Seat, ...]:
    """The room seats under whose name a line ``seat`` writes in ``channel`` now is said in the village's
    chat too (V2.2 悪霊憑き: a 霊界 line of the day's discussion, said by a living seat whose role voices 霊界 and
    that may write the day chat; the server draws one per line, ``possessed voice``); none: it is not."""
    game = None if village is None else village.game
    if (game is None or seat is None or game.is_over or channel != CHANNELS[HEAVEN_CHAT][0]
            or game.stage is not Stage.DAY or str(village.turn) != "discussion"):  # type: ignore[union-attr]
        return ()
    speakers = (s for s in game.living() if not game.identity(s).silenced
                and any(layer.role.voices_heaven for layer in game.identity(s).acting()))
    return tuple(room for s in speakers if (room := village.room_seat(s)) is not None)  # type: ignore[union-attr]


def reads_veiled(village: Village | None, seat: Seat | None) -> bool:
    """Whether ``seat`` reads the 霊界 lines said aloud by a 悪霊憑き (veiled from everyone else): the dead who
    see every role (霊界表示), and everybody once the game is over."""
    game = None if village is None else village.game
    if game is None:
        return False
    if game.is_over or (seat is not None and seat == village.master):  # type: ignore[union-attr]
        return True
    me = None if seat is None else village.seat(seat)  # type: ignore[union-attr]
    return me is not None and not game.alive[me] and heaven_sees_all(game)


def monologue(village: Village, seat: Seat, alive: bool, replaced: bool = False) -> Channel:
    """``seat``'s 独り言: written while it lives, read by it alone (at the end, by everybody: then its
    label names the writer, since every seat's is listed); ``replaced``: a chat of its own is its
    monologue now (a 配信者's stream at night), so this one is read only."""
    assert village.game is not None
    key, en, ja = MONOLOGUE
    if village.game.is_over:
        name = village.players[seat]
        return Channel(f"{key}-{seat}", f"{en} ({name})", f"{ja}（{name}）")
    return Channel(f"{key}-{seat}", en, ja, *((None, None) if alive and not replaced
                                             else STREAMING if alive else MONOLOGUE_DEAD))


def result_of(village: Village) -> Result | None:
    """The end: the winning team in both languages and the winning room seats (身代わりくん is none)."""
    if village.failed is not None:
        return Result(f"The cast could not be drawn: {village.failed}", f"配役できませんでした: {village.failed}", ())
    game = village.game
    if game is None or game.outcome is None:
        return None
    en, ja = outcome_text(game.outcome.winner_id, "en"), outcome_text(game.outcome.winner_id, "ja")
    en = f"{en[0].upper()}{en[1:]}" + ("." if game.outcome.winner is None else "!")  # A draw. / The village won!
    said = (announcement(game.outcome.winner_id, "en"), announcement(game.outcome.winner_id, "ja"))
    if said[0] is not None and said[1] is not None:  # T.1.1: a result with a line of its own says it too
        en, ja = f"{en} {said[0]}", f"{ja} {said[1]}"
    seats = (village.room_seat(s) for s in sorted(game.outcome.winners))
    return Result(en, ja, tuple(s for s in seats if s is not None))


def view(village: Village, seat: Seat | None, phase: tuple[str, str]) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) may see of the room's game, as JSON; made once per
    change of the village (a chat line pushes the views again, unchanged)."""
    cached = village.views.get(("view", seat))
    if cached is None or cached[0] != village.version:
        cached = village.views[("view", seat)] = (village.version, _view(village, seat, phase))
    return cached[1]


def _view(village: Village, seat: Seat | None, phase: tuple[str, str]) -> dict[str, Any]:
    game = village.game
    result = result_of(village)
    if game is None:
        return {"mode": "classic", "phase": f"{phase[0]} · {phase[1]}", "phase_label": [phase[1], phase[0]],
                "stage": "failed" if village.failed else "requesting" if village.requesting else "casting", "day": 0,
                "players": [{"name": n, "alive": True} for n in village.players], "me": None, "legal": [],
                "ballot": None, "claims": [], "proposals": [], "published": None, "log": [],
                "request": requests_view(village, seat),  # 希望役職制: the seat's own choice only
                "result": result_json(result, village.players), "winner": None}
    master = seat is not None and seat == village.master
    me = None if seat is None or master else village.seat(seat)
    sv = seat_view(village, "master" if master else me)
    names = game.names
    over = game.is_over
    made = _log(game).made
    asks = _asks_again(game, sv)
    return {
        "mode": "classic",
        "phase": f"{phase[0]} · {phase[1]}",
        "phase_label": [phase[1], phase[0]],  # (English, Japanese): the page names it in its language
        "stage": game.stage.value,
        "turn": str(village.turn),
        "day": game.day,
        "players": [_player(game, sv, s, village.room_seat(s)) for s in game.seats()],
        "me": None if me is None else _me(village, sv, me),
        "legal": [_legal(legal, names, asks) for legal in sv.legal],
        "ballot": None if game.stage is not Stage.DAY else {
            "candidates": [names[c] for c in sv.candidates], "runoff": sv.runoff, "revotes": sv.revotes,
            "vote": None if sv.vote is None else names[sv.vote]},
        "claims": _claims(game),
        "proposals": [{"wolf": names[p.seat], "target": names[p.targets[0]]} for p in village.proposals]
        if "wolf" in sv.reads and not over and (me is None or "wolf" not in game.identity(me).listens) else [],
        "published": None if sv.published is None else _published(sv.published),
        "chat_note": SEALED_NOTE if me is not None and sv.stage is Stage.NIGHT and game.identity(me).sealed
        and not over else None,
        "co_roles": _co_roles(sv) if me is not None and sv.stage is Stage.DAY and game.alive[me] else [],
        "log": [made[id(pm)][1] if pm[1].to is None or not master else  # the GM reads whom a private line is to
                {**made[id(pm)][1], "to": [names[s] for s in sorted(pm[1].to)]} for pm in sv.messages],
        "master": None if village.master is None else {"name": village.players[village.master], "you": master},
        "result": result_json(result, village.players),
        "winner": None if sv.outcome is None else _team(sv.outcome.winner) if sv.outcome.winner else
        {"id": "Draw", "ja": "引き分け", "en": "draw"},
    }


def seat_view(village: Village, seat: Seat | None | str) -> SeatView:
    """The game seat's view (``"master"``: the game master's), made once per change of the village
    (channels and views both need it)."""
    cached = village.views.get(seat)
    if cached is None or cached[0] != village.version:
        assert village.game is not None
        made = SeatView.master(village.game) if seat == "master" else SeatView.of(village.game, seat)  # type: ignore[arg-type]
        cached = village.views[seat] = (village.version, made)
    return cached[1]


# ---------------------------------------------------------------------- parts
# Names of roles, teams, causes: made once each and shared by every view (never changed after).


@functools.cache
def _names_of(role_id: str) -> dict[str, str]:
    if "+" in role_id:  # a ケミカル seat's two roles, as its history holds them (``left+right``)
        left, right = role_id.split("+")
        return {"id": role_id, "ja": pair_name(left, right, "ja"), "en": pair_name(left, right, "en")}
    if role_id in SUB_ROLES:
        return {"id": role_id, "ja": SUB_ROLES[role_id].name_ja, "en": SUB_ROLES[role_id].name_en}
    return {"id": role_id, "ja": role_name(role_id, "ja"), "en": role_name(role_id, "en")}


@functools.cache
def _team(team: Team) -> dict[str, str]:
    return {"id": team.value, "ja": team.name_ja, "en": team.name_en}


@functools.cache
def _role(role_id: str) -> dict[str, Any]:
    if role_id in ROLES:
        return {**_names_of(role_id), "team": _team(ROLES[role_id].team)}
    return _names_of(role_id)


@functools.cache
def _shown(role_id: str, subs: tuple[str, ...], pair: str | None = None) -> dict[str, str]:
    """The role as shown with its sub-roles (W.1.8: 「狼の子分（{role}）」), a ケミカル seat's two (「人狼×占い師」)."""
    return {"ja": shown_role(role_id, subs, "ja", pair), "en": shown_role(role_id, subs, "en", pair)}


@functools.cache
def _rule(role_id: str) -> dict[str, str]:
    return {"ja": role_rule(role_id, "ja"), "en": role_rule(role_id, "en")}


@functools.cache
def _known(label: str) -> dict[str, str]:
    if label in GROUPS:
        ja, en = GROUPS[label]
        return {"id": label, "ja": ja, "en": en}
    return _names_of(label)


@functools.cache
def _cause(cause: str | None) -> dict[str, Any]:
    if cause is None:
        return FOUND_DEAD
    declared = Cause(cause)  # its names come with its declaration
    return {"id": cause, "ja": declared.name_ja, "en": declared.name_en}


def _player(game: Game, sv: SeatView, seat: Seat, room_seat: Seat | None) -> dict[str, Any]:
    alive = sv.alive[seat]
    cause = sv.causes.get(seat)
    data: dict[str, Any] = {
        "name": game.names[seat],
        "seat": room_seat,
        "alive": alive,
        "scapegoat": seat == sv.scapegoat,
        "cause": None if alive else _cause(cause),
        "role": _role(sv.roles[seat]) if seat in sv.roles else None,
        "pair": _role(sv.pairs[seat]) if seat in sv.pairs else None,  # ケミカル人狼: its right role
        "subs": [_names_of(sub) for sub in sv.subs_of.get(seat, ())],
        "shown": _shown(sv.roles[seat], sv.subs_of.get(seat, ()), sv.pairs.get(seat)) if seat in sv.roles else None,
        "known": [_known(label) for label in sv.labels.get(seat, ())],
        "you": seat == sv.seat,
    }
    if sv.outcome is not None:
        data["won"] = seat in sv.outcome.winners
        data["team"] = _team(game.identity(seat).team())  # at the end: 狼の子分 is 人狼陣営 (W.1.8)
        data["history"] = [_names_of(r) for r in sv.history.get(seat, ())]
    return data


def _me(village: Village, sv: SeatView, me: Seat) -> dict[str, Any]:
    game = village.game
    assert game is not None and sv.role is not None and sv.team is not None
    abilities: dict[str, Any] = {}  # a verb once: its first declaration
    for owner in (declared(sv.role), *((ROLES[sv.pair],) if sv.pair else ()), *(declared(s) for s in sv.subs)):
        for ability in owner.abilities:
            abilities.setdefault(ability.verb.value, ability)
    night = game.stage is Stage.NIGHT and village.turn == "main"
    identity = game.identity(me)
    return {
        "role": _role(sv.role),
        "rule": _rule(sv.role),  # the role's rule, as `jinrou classic roles` says it
        "pair": {**_role(sv.pair), "rule": _rule(sv.pair)} if sv.pair else None,  # ケミカル人狼: its right role
        "team": _team(sv.team),
        "subs": [{**_names_of(s), "rule": _rule(s)} for s in sv.subs],
        "shown": _shown(sv.role, sv.subs, sv.pair),  # 「狼の子分（占い師）」 (W.1.8), 「人狼×占い師」
        "known": [{"name": sv.names[s], **_known(label)} for s, labels in sorted(sv.labels.items()) for label in labels],
        "abilities": [{"verb": v, "ja": verb_label(a.verb, "ja", a.label), "en": verb_label(a.verb, "en", a.label),
                       "when": a.when.value,
                       "while_dead": a.while_dead,
                       "spent": identity.spent(game.ctx, a.verb)}  # never again: the card says (used)
                      for v, a in abilities.items()],  # the card's lines
        "alive": sv.alive[me],
        "sealed": game.identity(me).sealed,  # 封印 (W.1.3): told by 威嚇, public by 血月
        "ready": me in village.ready,
        "may_finish": me not in village.ready and (
            night and not (sv.alive[me] and village.missing(me))
            or game.stage is Stage.DAY and village.turn == "discussion" and sv.alive[me]),
        "results": [_texts(game, pm) for pm in sv.messages if pm[1].to is not None],
        "will": game.wills.get(me, "") if game.settings.on("will") else None,  # 遺言: its writer's alone
        "may_will": game.settings.on("will") and sv.alive[me] and not game.is_over,
    }


ASK_AGAIN = frozenset({"dictate", "assassinate", "slay", "poison", "revive", "shoot", "lunge", "selfdestruct"})
"""Verbs whose action kills or cannot be taken back (an execution, a kill, a potion, 自爆): the page
asks again before sending one — as it does for every ability the seat may use once per game. The
wolves' nightly attack is their routine, not asked."""


def _asks_again(game: Game, sv: SeatView) -> dict[str, Any]:
    """What the seat's forms say beyond the engine's legal actions: the verbs asked again (those
    above and its once-per-game abilities), and, on a night of several attacks (狼の子's death,
    欲張り), how many the wolves have and which this is — told to those who attack only."""
    held = (declared(sv.role), *((ROLES[sv.pair],) if sv.pair else ()), *(declared(s) for s in sv.subs)) if sv.role else ()
    once = {a.verb.value for owner in held
            for a in owner.abilities if a.once is Once.GAME}
    attacks = game.night.attacks if game.stage is Stage.NIGHT else 0
    made = sum(1 for a in game.night.actions if a.verb is Verb.ATTACK) if attacks > 1 else 0
    return {"verbs": ASK_AGAIN | once, "attacks": attacks, "made": made}


def _legal(legal: Legal, names: tuple[str, ...], asks: dict[str, Any]) -> dict[str, Any]:
    """One thing a seat may do now, with the controls it needs: ``arity`` seats among ``targets``, and
    per typed parameter (``params``: a role id or a choice) the values allowed now, named; ``confirm``
    when the page asks again before sending it (see :data:`ASK_AGAIN`)."""
    if legal.verb is None:
        verb, ja, en = "vote", "投票", "vote"
    else:
        verb, ja, en = legal.verb.value, verb_label(legal.verb, "ja", legal.label), verb_label(legal.verb, "en", legal.label)
    note = None if legal.note is None else {"ja": legal.note[0], "en": legal.note[1]}
    if legal.verb is Verb.ATTACK and asks["attacks"] > 1:  # the double attack, announced where the wolves act
        n, which = asks["attacks"], asks["made"] + 1
        note = {"ja": f"今夜は{n}回襲撃できます（{which}回目{'' if legal.required else '・任意'}）",
                "en": f"{n} attacks tonight (this is attack {which}{'' if legal.required else ', optional'})"}
    return {"verb": verb, "ja": ja, "en": en, "targets": [names[t] for t in legal.targets],
            "required": legal.required, "arity": legal.arity,
            "params": [{"key": p.key, "kind": p.kind.value, "values": [_value(p, v) for v in values],
                        **({"limit": p.limit} if p.kind is ParamKind.TEXT else {})}
                       for p, values in zip(legal.params, legal.values, strict=True)],
            "kits": [_value(p, k) for p, values in zip(legal.params, legal.values, strict=True) if p.key == "kit"
                     for k in values],
            "note": note, "confirm": verb in asks["verbs"],
            "none": None if legal.or_none is None else {"ja": legal.or_none[0], "en": legal.or_none[1]}}


def _value(param: Param, value: str) -> dict[str, str]:
    """A parameter's value with its names for players: those its verb declares (a kit's), a role's, or the
    word itself."""
    if param.kind is ParamKind.ROLE and not (param.names and value in param.values):
        return {"id": value, "ja": role_name(value, "ja"), "en": role_name(value, "en")}
    return {"id": value, "ja": param.name(value, "ja"), "en": param.name(value, "en")}


_CLAIMS: weakref.WeakKeyDictionary[Game, list[dict[str, Any]]] = weakref.WeakKeyDictionary()
"""Per game: its public claims as JSON, made once (claims only grow; every seat sees them all)."""
LASTING = ("CO", "DIVINED", "IDENTIFIED")
"""Claims that stand after their day (what one says one is, and found); the others are today's."""


def _claims(game: Game) -> list[dict[str, Any]]:
    """The comings out and results claimed so far, and today's other claims (all are in the log)."""
    made = _CLAIMS.setdefault(game, [])
    names = game.names
    for day, seat, claim in game.claims[len(made):]:
        made.append({"day": day, "player": names[seat], "kind": claim.kind.value,
                     "target": None if claim.target is None else names[claim.target], "role": claim.role,
                     "result": claim.result, "ja": claim.render(names, "ja"), "en": claim.render(names, "en")})
    return [c for c in made if c["kind"] in LASTING or c["day"] == game.day]


@functools.lru_cache(maxsize=256)
def _published(listed: RoleList) -> dict[str, Any]:
    return {"kind": listed.kind, "ja": listed.text("ja"), "en": listed.text("en"),
            "announcement": {"ja": listed.announcement[0], "en": listed.announcement[1]},
            "roles": [{**_role(r), "count": c} for r, c in listed.roles],
            "teams": [{**_team(t), "count": c} for t, c in listed.teams]}


def _co_roles(sv: SeatView) -> list[dict[str, str]]:
    """The roles one may come out as: the published list's, else every playable one."""
    listed = sv.published.counts if sv.published is not None else None
    return [_names_of(r) for r in (listed or ROLES)]


HEADS = {"night": ("{day}日目 夜", "Night {day}"), "morning": ("{day}日目 昼", "Day {day}"), "end": ("終了", "Game over")}
"""Messages that open a section of the log (月下人狼's day and night marks) → its header."""


@dataclass(eq=False)
class _Log:
    """A game's messages as pages show them, each made once (every seat's view repeats them; a game
    keeps its messages, so their ids stay theirs): per message its texts, its log line and the
    section it belongs to."""

    read: int = 0  # messages of the game made so far
    public: int = 0  # public ones among them: a line's ``m``, and a chat line's mark
    section: dict[str, str] | None = None  # the header of the section being read
    made: dict[int, tuple[dict[str, str], dict[str, Any], dict[str, str] | None]] = field(default_factory=dict)


_LOGS: weakref.WeakKeyDictionary[Game, _Log] = weakref.WeakKeyDictionary()


def _log(game: Game) -> _Log:
    """The game's log, brought up to its last message."""
    log = _LOGS.setdefault(game, _Log())
    names = game.names
    for pm in game.messages[log.read:]:
        message = pm[1]
        ja, en = render(message, names, "ja"), render(message, names, "en")
        private = message.to is not None
        log.public += not private
        mark = "» " if private else ""  # a private message
        line: dict[str, Any] = {"ja": mark + ja, "en": mark + en, "m": log.public}
        if private:
            line["private"] = True
        head = HEADS.get(message.key)
        if head is not None and not private:
            day = message.args.get("day", "")
            log.section = line["head"] = {"ja": head[0].format(day=day), "en": head[1].format(day=day)}
        if message.key == "votes" and not private:
            line["votes"] = _ballot(message, names)
        claim = message.args.get("claim")
        if message.key == "claim" and isinstance(claim, Renders):  # a seat's say: talk in the village's colour
            line["by"] = names[int(message.args["player"])]  # type: ignore[call-overload]
            line["said"] = {"ja": claim.render(names, "ja"), "en": claim.render(names, "en")}
        log.made[id(pm)] = ({"ja": ja, "en": en}, line, log.section)
    log.read = len(game.messages)
    return log


def log_mark(game: Game | None) -> int:
    """Where a chat line said now falls in the log: the public messages so far (every viewer sees
    them; a line's ``m`` counts the same way)."""
    return 0 if game is None else _log(game).public


def _ballot(message: Message, names: tuple[str, ...]) -> list[dict[str, Any]]:
    """投票結果 as a table (月下人狼's): each seat that voted or got votes, in seat order, with whom it
    voted for and the votes it got (the final numbers: weights and 痛恨 included, V1.1.2)."""
    votes = message.args["votes"]
    counts = message.args["counts"]
    assert isinstance(votes, dict) and isinstance(counts, dict)
    return [{"voter": names[s], "target": names[votes[s]] if s in votes else None, "got": counts.get(s, 0)}
            for s in sorted(set(votes) | set(counts))]


def _texts(game: Game, pm: tuple[int, Message]) -> dict[str, Any]:
    """A message told to the seat, with the section (「2日目 夜」) it belongs to: 「あなたへの通知」."""
    texts, _, section = _log(game).made[id(pm)]
    return {**texts, "at": section}


__all__ = ["CHANNELS", "channels", "log_mark", "result_of", "standings_of", "view"]


def history(village: Village, settings: Any) -> History | None:
    """What the game history lists of a finished game: the winning team, the days, the cast kind
    (普通1, 闇鍋 中, …), the cast at the start in a few words, every role a seat held (None: the cast
    was never drawn)."""
    from jinrou.modes.classic_settings import YAMINABE, summary

    game = village.game
    if game is None or game.outcome is None:
        return None
    winner = game.outcome.winner_id
    counts: dict[str, int] = {}
    for dealt in game.cast:
        for role in [dealt] if isinstance(dealt, str) else dealt:  # a ケミカル seat's two
            counts[role] = counts.get(role, 0) + 1
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))

    def cast(lang: str) -> str:
        return " ".join(f"{role_name(role, lang)}{count if count > 1 else ''}" if lang == "ja" else
                        f"{role_name(role, lang)}{f' ×{count}' if count > 1 else ''}" for role, count in ordered)

    held = sorted({role for seat in game.seats() for roles in game.roles_held(seat) for role in roles.split("+")})
    kind = settings["cast"]  # a 闇鍋 with its level; a cast chosen by a named field (a preset of 月下人狼's) with its choice
    chosen = settings["yaminabe_safety"] if kind in YAMINABE else settings.get(kind)
    preset = f"{kind}:{chosen}" if isinstance(chosen, str) and chosen else kind
    label = summary(settings)
    en_winner = outcome_text(winner, "en")
    return History(winner, (en_winner[0].upper() + en_winner[1:], outcome_text(winner, "ja")), game.day,
                   (f"{game.day} day{'s' if game.day != 1 else ''}", f"{game.day}日"), preset,
                   (label["en"], label["ja"]), (cast("en"), cast("ja")), tuple(held))


def standings_of(game: Game | None, first: int = 0) -> tuple[Standing, ...] | None:
    """Each seat's role and team at the end from seat ``first`` on (a room's seats: 身代わりくん's
    left out), won, lost or drawn, and whether it died a sudden death (None: no game, or it goes on).
    One rule for a player's 戦績 and the bots' estimates beside it."""
    if game is None or game.outcome is None:
        return None
    outcome = game.outcome
    return tuple(Standing(game.identity(seat).role.id, game.identity(seat).team().value,
                          "draw" if outcome.winner is None else "win" if seat in outcome.winners else "loss",
                          seat in game.sudden)
                 for seat in range(first, len(game.names)))
