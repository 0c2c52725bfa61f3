"""The room settings of classic werewolf online: the schema the lobby form is made from, the checks
across fields, and the cast drawn at the start.

The schema is generated from the engine's settings table (:data:`jinrou.classic.settings.SCHEMA`):
its switches become check boxes, its other choices selects, its phase lengths numbers — the rules
under ``rules``, the phase lengths under ``times``. The casting fields come before them:

- ``players`` (people and bots; 身代わりくん, when ``rules.scapegoat`` is ``on``, is one seat more);
- ``cast``: 普通1 (``normal``), a preset of the reference (``preset``: ``preset`` names it, as
  :mod:`jinrou.classic.presets`; the cast it deals is kept in ``roles``), a fixed cast (``fixed``,
  自由配役: ``roles`` gives every seat), or 闇鍋
  (``yaminabe``), 一部闇鍋 (``partial``: ``roles`` fixes some seats, ``categories`` some category
  slots, ``excluded`` leaves roles out) and かんたん闇鍋 (``easy``), each at ``yaminabe_safety``; エンドレス闇鍋
  (``endless``): a 闇鍋 of the people present when the host starts (``players`` is the room's number, its
  seats: 6 seats at least to start, 身代わりくん's included), people joining while it is played
  (:func:`started`: the engine's ``endless`` and ``capacity``, which the form does not offer);
- what the room is told of a 闇鍋 cast (``yaminabe_hidejobs``, 配役公開: ``full``, ``team`` or
  ``hidden``; a fixed cast is public: it is in the room's settings), ``hide_singleton_teams``,
  ``ushi`` (2陣営戦);
- ``heaven_spectators``: spectators read 霊界 too.

A 闇鍋 cast draws from the whole catalog (``yaminabe_pool`` ``catalog``, the default: every role 月下人狼's
闇鍋 may cast — those it never casts are not in its draws — with the seasonal events of the room's day at
the start) or from the roles the engine declares without events (``playable``, as rooms cast before). Two
engine settings are not offered online: ``wolfsound`` and ``couplesound`` (the chat is the server's: it
shows no howls). ``silentrule`` (n秒ルール) is a time: the day's first seconds, a turn of their own in which
nobody speaks (:class:`~jinrou.modes.classic.Turn`). ``rolerequest``
(希望役職制) opens a request phase before the deal (:mod:`jinrou.modes.classic_requests`): only for a
cast known before the deal (普通1, a preset, a fixed cast) and without ケミカル人狼, as in 月下人狼.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np

from jinrou.classic import endless
from jinrou.classic.casting import deal, deal_pairs, normal_cast, scapegoat_may_draw
from jinrou.classic.catalog import Category
from jinrou.classic.chemical import OPTION as CHEMICAL
from jinrou.classic.presets import NAMES_JA, PRESETS, Preset, PresetError
from jinrou.classic.presets import find as find_preset
from jinrou.classic.published import RoleList
from jinrou.classic.roles import ROLES
from jinrou.classic.settings import SCHEMA as ENGINE
from jinrou.classic.texts import role_rule
from jinrou.errors import CastingError, SetupError
from jinrou.modes.base import DEAD_CHAT_NOTE, Choice, Field, FieldKind, Schema, SettingsError
from jinrou.yaminabe import Options, Request, Safety, cast_from
from jinrou.yaminabe.casting import uniforms
from jinrou.yaminabe.publish import publication_key
from jinrou.yaminabe.request import Date

MAX_PLAYERS = 40
CASTS = {
    "normal": ("standard (普通1)", "普通1"),
    "fixed": ("fixed: the roles below", "自由配役"),
    "yaminabe": ("yaminabe: all random", "闇鍋"),
    "partial": ("partial yaminabe", "一部闇鍋"),
    "easy": ("easy yaminabe", "かんたん闇鍋"),
    "preset": ("a preset of 月下人狼 (below)", "配役プリセット"),
    "endless": ("endless yaminabe: people join while it is played", "エンドレス闇鍋"),
}
YAMINABE = {"yaminabe": "yaminabe", "partial": "partial", "easy": "easy", "endless": "yaminabe"}
"""cast → the 闇鍋 package's mode (エンドレス闇鍋 starts as a 闇鍋 of the seats taken)."""
ENDLESS = "endless"
"""The cast of an エンドレス闇鍋 room (the reference's ``特殊ルール.エンドレス闇鍋``): ``players`` is the room's number
(its seats), the host starts with the people present (6 seats at least, 身代わりくん's included) and more join while
it is played (:func:`started`)."""
SHOWN_UNDER_YAMINABE = ("cast", tuple(YAMINABE))
"""The lobby shows a 闇鍋's own fields (safety, pool, what is published, 2陣営戦) only under a 闇鍋 cast."""
FEWEST_SEATS = 6
"""The fewest game seats a game starts with (身代わりくん's included), as 月下人狼's start refuses fewer."""
POOLS = {"catalog": ("the whole catalog, with seasonal events (月下人狼's)", "全役職（季節イベントあり）"),
         "playable": ("the roles declared, no seasonal event", "宣言済みの役職のみ（季節イベントなし）")}
"""Where a 闇鍋 casts from: the catalog (the reference's rooms, events by the room's date) or the roles
declared."""
PUBLICATIONS = {"full": ("every role with its count", "役職一覧を公開"),
                "team": ("only the seats of each team", "陣営ごとの数のみ"),
                "hidden": ("nothing", "非公開")}
NOT_ONLINE = frozenset({"wolfsound", "couplesound", "endless", "capacity"})  # エンドレス闇鍋: the room side places them
TIMES = ("day", "night", "remain", "voting", "dynamic_day_time", "dynamic_day_time_factor", "silentrule")
ROOM = ("blind", "gm", "watchspeak")
"""The room's own options (覆面, a game master, spectators' talk), in the form's group ``room``."""
SWITCHES = {frozenset({"on", "off"}): ("on", "off"), frozenset({"yes", "no"}): ("yes", "no")}
"""An engine choice that is a switch (its two values) → (value when ticked, when not)."""
CHOICE_LABELS: dict[tuple[str, str], tuple[str, str]] = {
    ("scapegoat", "on"): ("yes", "あり"), ("scapegoat", "off"): ("no (the wolves attack on night 1)", "なし"),
    ("scapegoat", "no"): ("no, and no night-1 attack", "なし（初日襲撃なし）"),
    ("safety", "full"): ("no non-human, no risky role", "あり"), ("safety", "no"): ("no non-human", "人外なし"),
    ("safety", "free"): ("anything", "なし"),
    ("heavenview", "norevive"): ("unless someone may come back", "蘇生役職がいなければ"),
    ("heavenview", "view"): ("always", "常に"), ("heavenview", ""): ("never", "表示しない"),
    ("runoff", "no"): ("no", "なし"), ("runoff", "revote"): ("on a tie", "同数時"), ("runoff", "yes"): ("always", "常に"),
    ("drawvote", "revote"): ("vote again", "再投票"), ("drawvote", "random"): ("one at random", "ランダム処刑"),
    ("drawvote", "none"): ("nobody is executed", "処刑なし"), ("drawvote", "all"): ("all of them", "全員処刑"),
    ("drawvote", "once"): ("vote again once, then one at random (AIWolf)", "一度だけ再投票、次はランダム処刑"),
    ("divineresult", "sunrise"): ("at dawn", "朝"), ("divineresult", "immediate"): ("at once", "即時"),
    ("firstnightdivine", "manual"): ("chosen", "なし"), ("firstnightdivine", "auto"): ("a random human", "あり"),
    ("psychicresult", "sunrise"): ("at dawn", "朝"), ("psychicresult", "sunset"): ("at dusk", "夕方"),
    ("poisonwolf", "selector"): ("the wolf who chose", "襲撃者"), ("poisonwolf", ""): ("a random wolf", "ランダム"),
    ("friendsjudge", "alive"): ("alive at the end", "生存"), ("friendsjudge", "ruin"): ("only lovers left", "恋人のみ"),
    ("blind", "off"): ("no", "なし"), ("blind", "on"): ("names shown at the end", "覆面（終了後に公開）"),
    ("blind", "complete"): ("names never shown (完全覆面)", "完全覆面（終了後も非公開）"),
}  # fmt: skip
HUNTER_SECONDS = 45
AIWOLF_ROLES = ("Human", "Diviner", "Psychic", "Guard", "Couple", "Werewolf", "Madman", "Fox")
"""The roles the AIWolf protocol knows (村人, 占い師, 霊能者, 狩人, 共有者, 人狼, 狂人, 妖狐)."""
AIWOLF_LABEL = ("AIWolf seats (人狼知能; fixed or 普通1 casts of its 8 roles only)",
                "人狼知能の席（その8役職の自由配役・普通1のみ）")
"""The form's label of ``aiwolf_seats``: it says which rooms may open AI seats; the refusal names the roles
(村人, 占い師, 霊能者, 狩人, 共有者, 人狼, 狂人, 妖狐)."""


def _group(role_id: str) -> tuple[str, str]:
    """The form's group of a role: its category and its team (村人系 · 村人陣営)."""
    catalog = ROLES[role_id].catalog
    category, team = catalog.category, catalog.team
    return f"{category.name_en} · {team.name_en}", f"{category.name_ja} · {team.name_ja}"


CATEGORY_CHOICES = tuple(Choice(c.value or "None", c.name_en, c.name_ja) for c in Category)


def _engine_field(name: str, group: str) -> Field:
    setting = ENGINE[name]
    en, ja = setting.label_en, setting.label_ja
    if en.endswith("(s)"):
        ja += " (秒)"  # a length of time, as the English says it
    if not setting.choices:
        return Field(name, en, ja, FieldKind.INTEGER, setting.default_int, setting.minimum, setting.maximum, group=group)
    switch = SWITCHES.get(frozenset(setting.choices))
    if switch is not None:
        return Field(name, en, ja, FieldKind.BOOLEAN, setting.default == switch[0], group=group)
    choices = tuple(Choice(v, *CHOICE_LABELS.get((name, v), (v, v))) for v in setting.choices)
    return Field(name, en, ja, FieldKind.CHOICE, setting.default, choices=choices, group=group)


def schema() -> Schema:
    """The room settings of a classic room. Its role choices are the roles declared when it is asked
    (a role declared after this module was imported — a test's own — is offered while it is declared)."""
    return _schema(tuple(ROLES))


@lru_cache(maxsize=4)
def _schema(declared: tuple[str, ...]) -> Schema:
    order = sorted(declared, key=publication_key)  # published order: by category (村人系, 人狼系, …), then row
    role_choices = tuple(Choice(r, ROLES[r].name_en, ROLES[r].name_ja, _group(r), (role_rule(r, "en"), role_rule(r, "ja")))
                         for r in order)  # each with its rule: the lobby's cast picker shows it a tap away
    excluded = tuple(Choice(c.value, c.en, c.ja, c.group) for c in role_choices)  # their rules once, in the roles'
    return Schema(
        (
            Field("players", "Players (people and bots)", "参加人数", FieldKind.INTEGER, 9, 5, MAX_PLAYERS),
            Field("cast", "Cast", "配役", FieldKind.CHOICE, "normal", choices=tuple(Choice(k, *v) for k, v in CASTS.items())),
            Field("preset", "Preset (cast preset)", "プリセット（配役プリセット）", FieldKind.CHOICE, PRESETS[1].id,
                  shown_when=("cast", ("preset",)),
                  choices=tuple(Choice(p.id, f"{p.name_en} ({p.name})", NAMES_JA.get(p.name, p.name),
                                       (p.group_en, p.group), (p.title_en, p.title_ja))
                                for p in PRESETS if _playable(p))),
            Field("yaminabe_safety", "Yaminabe safety", "闇鍋セーフティ", FieldKind.CHOICE, Safety.LOW.value, shown_when=SHOWN_UNDER_YAMINABE,
                  choices=tuple(Choice(s.value, f"{s.label} ({s.value})", s.label) for s in Safety)),
            Field("roles", "Roles (fixed: every seat; partial: the fixed ones)", "役職（自由配役: 全員、一部闇鍋: 固定分）",
                  FieldKind.COUNTS, {}, 0, MAX_PLAYERS + 1, role_choices, shown_when=("cast", ("fixed", "partial"))),
            Field("categories", "Category slots (partial)", "系ごとの数（一部闇鍋）", FieldKind.COUNTS, {}, 0,
                  MAX_PLAYERS + 1, CATEGORY_CHOICES, shown_when=("cast", ("partial",))),
            Field("excluded", "Roles left out (partial)", "除外役職（一部闇鍋）", FieldKind.SET, [], choices=excluded,
                  shown_when=("cast", ("partial",))),
            Field("yaminabe_pool", "Yaminabe roles", "闇鍋の役職", FieldKind.CHOICE, "catalog", shown_when=SHOWN_UNDER_YAMINABE,
                  choices=tuple(Choice(k, *v) for k, v in POOLS.items())),
            Field("yaminabe_hidejobs", "Cast shown (yaminabe)", "配役公開（闇鍋）", FieldKind.CHOICE, "full", shown_when=SHOWN_UNDER_YAMINABE,
                  choices=tuple(Choice(k, *v) for k, v in PUBLICATIONS.items())),
            Field("hide_singleton_teams", "Count one-role teams as others", "単独陣営をその他に含める", FieldKind.BOOLEAN, False,
                  shown_when=SHOWN_UNDER_YAMINABE),
            Field("ushi", "Two teams only (yaminabe)", "2陣営戦（闇鍋）", FieldKind.BOOLEAN, False, shown_when=SHOWN_UNDER_YAMINABE),
            Field("aiwolf_seats", AIWOLF_LABEL[0], AIWOLF_LABEL[1], FieldKind.INTEGER, 0, 0, MAX_PLAYERS,
                  shown_when=("cast", ("normal", "fixed"))),
            Field("heaven_spectators", "Spectators read the dead's chat", "観戦者も霊界を見る", FieldKind.BOOLEAN, False,
                  note=DEAD_CHAT_NOTE),
            *(_engine_field(name, "times") for name in TIMES),
            Field("hunter", "hunter's last shot (s)", "ハンター (秒)", FieldKind.INTEGER, HUNTER_SECONDS, 10, 3600,
                  group="times"),
            *(_engine_field(name, "rules") for name in ENGINE if name not in TIMES + ROOM and name not in NOT_ONLINE),
            *(_engine_field(name, "room") for name in ROOM),
        ),
        {"times": ("Times", "時間"), "rules": ("Rules", "ルール"), "room": ("Room", "部屋")},
    )


def _playable(preset: Preset) -> bool:
    """Whether a preset casts only declared roles at some size (a room may choose it)."""
    return any(preset.accepts(n) and set(preset.cast(n)) <= set(ROLES) for n in range(6, MAX_PLAYERS + 2))


def check(data: Mapping[str, Any]) -> dict[str, Any]:
    """Complete, checked settings: the schema, then the casting's rules (SettingsError otherwise)."""
    room = data.get("room") if isinstance(data, Mapping) else None
    if isinstance(room, Mapping) and isinstance(room.get("blind"), bool):  # 覆面 was a switch: true is "on"
        data = {**data, "room": {**room, "blind": "on" if room["blind"] else "off"}}
    settings = schema().validate(data)
    n = seats(settings)
    if n < 6:
        raise SettingsError(f"a room has at least 6 seats, 身代わりくん included: {settings['players']} players "
                            f"{'and 身代わりくん ' if n > settings['players'] else ''}are {n}",
                            ja=f"部屋は身代わりくんを含めて6席以上です: 参加者{settings['players']}人"
                               f"{'と身代わりくん' if n > settings['players'] else ''}で{n}席です")
    kind = settings["cast"]
    if kind == ENDLESS:  # the engine's own refusals, said before the room is made
        try:
            endless.check_settings(True, per_seat(settings) > 1, False, 0, n)
        except SetupError as error:
            raise SettingsError(str(error), ja=error.ja) from None
    if kind == ENDLESS and settings["heaven_spectators"]:  # a spectator may join: he must not have read the dead
        raise SettingsError("エンドレス闇鍋 (endless) does not let spectators read 霊界 (heaven_spectators): a spectator may "
                            "join the game going on, as in 月下人狼 — turn one of them off",
                            ja="エンドレス闇鍋では観戦者は霊界を見られません（観戦者も途中参加できるため。月下人狼と同じ）: どちらかを外してください")
    if kind != "partial" and (settings["categories"] or settings["excluded"]):
        raise SettingsError("categories and excluded roles are for 一部闇鍋: choose cast partial")
    if kind in ("normal", "yaminabe", "easy", "preset", ENDLESS) and settings["roles"]:
        raise SettingsError("roles are for a fixed cast (自由配役) or 一部闇鍋: choose cast fixed or partial")
    dealt = n * per_seat(settings)  # the roles dealt: ケミカル人狼 deals two a seat (the reference's casting for 2n)
    if kind == "normal":
        settings["roles"] = normal_cast(dealt)
    elif kind == "preset":
        _check_preset(settings, dealt)
    elif kind == "fixed":
        _check_fixed(settings, dealt)
    else:
        if kind == "easy":
            settings["yaminabe_safety"] = Safety.HIGH.value
        _check_yaminabe(settings)
    _check_requests(settings)
    if settings["aiwolf_seats"] and per_seat(settings) > 1:
        raise SettingsError("AIWolf seats hold one role: they cannot join a ケミカル人狼 (chemical) room",
                            ja="人狼知能の席は役職をひとつしか持てません: ケミカル人狼の部屋には入れません")
    if settings["aiwolf_seats"]:
        unknown = sorted(set(settings["roles"]) - set(AIWOLF_ROLES)) if kind in ("normal", "fixed") else [kind]
        if unknown:
            raise SettingsError(
                "AIWolf seats are only for a fixed cast or 普通1 of the roles the protocol knows "
                f"({', '.join(AIWOLF_ROLES)}), not {', '.join(unknown)}",
                ja="人狼知能の席は、プロトコルが知る役職（村人・占い師・霊能者・狩人・共有者・人狼・狂人・妖狐）だけの"
                   f"自由配役か普通1の部屋に限ります（{', '.join(unknown)} は不可）")
        if settings["aiwolf_seats"] > settings["players"]:
            raise SettingsError(f"aiwolf_seats is at most the players ({settings['players']}), "
                                f"not {settings['aiwolf_seats']}")
    return settings


def room_option(settings: Mapping[str, Any], name: str) -> bool:
    """Whether the room option ``name`` (:data:`ROOM`) is on — any value but ``off`` of a choice (覆面: ``on``
    or ``complete``) — (a room stored before the options: its default)."""
    value = settings.get("room", {}).get(name, ENGINE[name].default)
    return value != "off" if isinstance(value, str) else bool(value)


def blind(settings: Mapping[str, Any]) -> str:
    """覆面 (``blind``): ``off``, ``on`` (names hidden until the end) or ``complete`` (完全覆面: for ever); a room
    stored while it was a switch: ``on`` for true."""
    value = settings.get("room", {}).get("blind", "off")
    return value if isinstance(value, str) else "on" if value else "off"


def seats(settings: Mapping[str, Any]) -> int:
    """n: the game's seats, 身代わりくん's included."""
    return int(settings["players"]) + (settings["rules"]["scapegoat"] == "on")


def fewest_players(settings: Mapping[str, Any]) -> int | None:
    """The fewest players an エンドレス闇鍋 room starts with (6 seats, 身代わりくん's included); None: any other cast
    starts with every seat taken."""
    if settings["cast"] != ENDLESS:
        return None
    return min(int(settings["players"]), FEWEST_SEATS - (settings["rules"]["scapegoat"] == "on"))


def started(settings: Mapping[str, Any], players: int) -> Mapping[str, Any]:
    """The settings a game is played by when ``players`` players start it: an エンドレス闇鍋 room's are a 闇鍋 of
    those players, with the engine's ``endless`` on and its ``capacity`` the room's seats (身代わりくん's included:
    the engine counts its seat as 月下人狼 does); any other room's are its own."""
    if settings["cast"] != ENDLESS:
        return settings
    rules = {**settings["rules"], "endless": True, "capacity": seats(settings)}
    return {**settings, "players": players, "rules": rules}


def per_seat(settings: Mapping[str, Any]) -> int:
    """The roles a seat is dealt: 2 in a ケミカル人狼 room (``chemical``), else 1."""
    return 2 if settings["rules"].get(CHEMICAL) else 1


def engine_settings(settings: Mapping[str, Any]) -> dict[str, str | int]:
    """The settings the engine plays by (:class:`jinrou.classic.settings.Settings`' names and values)."""
    out: dict[str, str | int] = {}
    for group in ("times", "rules", "room"):
        for name, value in settings.get(group, {}).items():  # a room stored before the group had none
            if name not in ENGINE:
                continue
            if isinstance(value, bool):  # a switch (or 覆面, stored as one before 完全覆面)
                on, off = SWITCHES.get(frozenset(ENGINE[name].choices), ("on", "off"))
                value = on if value else off
            out[name] = value
    return out


def draw_cast(settings: Mapping[str, Any], rng: np.random.Generator,
              candidates: list[list[str]] | None = None, date: Date | None = None, *,
              requests: Mapping[int, str] | None = None) -> tuple[list[str] | list[list[str]], RoleList]:
    """Each seat's role (身代わりくん's first; ケミカル人狼: its two) and the role list the room is told (before 盗人's exchange),
    drawn from ``rng``; 盗人's candidates, drawn before dealing, are appended to ``candidates`` (T.1.9);
    ``date``: the room's day, for a 闇鍋's seasonal events (None: a day outside every event);
    ``requests`` (希望役職制: game seat → role id) are honoured by the deal.

    Raises:
        CastingError: the 闇鍋 casting failed (a casting the level's rules refuse).
        SetupError: 身代わりくん may draw no role of the list (身代わりセーフティ).
    """
    kind = settings["cast"]
    if kind in YAMINABE:
        casting = cast_from(_request(settings, date), uniforms(rng))
        counts, shown = casting.counts, casting.published
        published = RoleList(shown.kind.value, shown.roles, shown.teams, (shown.announcement_ja, shown.announcement_en))
    else:
        counts = dict(settings["roles"])
        published = RoleList.of({r: counts[r] for r in sorted(counts, key=publication_key)})
    rules = settings["rules"]
    goat = rules["scapegoat"] == "on"
    if per_seat(settings) > 1:
        return deal_pairs(counts, rng, scapegoat=goat, safety=rules["safety"], candidates=candidates), published
    return deal(counts, rng, scapegoat=goat, safety=rules["safety"], candidates=candidates,
                requests=requests), published



SHORT_CASTS = {"normal": "standard (普通1)", "fixed": "fixed", "yaminabe": "yaminabe", "partial": "partial yaminabe",
               "easy": "easy yaminabe", "preset": "preset", "endless": "endless yaminabe"}
"""A cast's English name in a lobby row."""


def summary(settings: Mapping[str, Any]) -> dict[str, str]:
    """The cast in a few words for the lobby, in both languages: 普通1, 自由配役, 闇鍋 中 (yaminabe 中 (middle)), …"""
    ja, en = CASTS[settings["cast"]][1], SHORT_CASTS[settings["cast"]]
    if settings["cast"] == "preset":
        preset = find_preset(settings["preset"])
        return {"en": f"{preset.name_en} ({preset.name})", "ja": NAMES_JA.get(preset.name, preset.name)}
    if settings["cast"] in YAMINABE:
        level = Safety(settings["yaminabe_safety"])
        ja, en = f"{ja} {level.label}", f"{en} {level.label} ({level.value})"
    return {"en": en, "ja": ja}


ROOM_SUMMARY = {("blind", "on"): ("yes, names shown at the end", "あり（終了後に公開）"),
                ("blind", "complete"): ("complete: names never shown", "完全覆面（終了後も非公開）"),
                ("gm", "on"): ("yes", "あり")}
"""The room options a room's summary names, by (option, value) → (English, Japanese)."""


def room_summary(settings: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """覆面 and a game master in a few words (``{"blind": {"en", "ja"}, "gm": …}``, each only when on): the
    lobby's row and the room's settings line show them beside the cast."""
    found: dict[str, dict[str, str]] = {}
    for name, value in (("blind", blind(settings)), ("gm", "on" if room_option(settings, "gm") else "off")):
        if (name, value) in ROOM_SUMMARY:
            en, ja = ROOM_SUMMARY[name, value]
            found[name] = {"en": en, "ja": ja}
    return found


def _request(settings: Mapping[str, Any], date: Date | None = None) -> Request:
    """The 闇鍋 request of a room on ``date`` (CastingError when the package refuses it): from the
    ``yaminabe_pool`` (``catalog`` by default: the reference's; ``playable``: the roles declared, as
    rooms cast before issue 36), with the day's seasonal events."""
    pool = settings.get("yaminabe_pool", "playable")  # a room stored before the pool was a setting: playable
    options = Options(scapegoat=settings["rules"]["scapegoat"] == "on", publish=settings["yaminabe_hidejobs"],
                      hide_singleton_teams=settings["hide_singleton_teams"], ushi=settings["ushi"], date=date,
                      seasonal=pool == "catalog", losemode=engine_settings(settings).get("losemode") == "on",  # 敗北村: never ニート
                      chemical=per_seat(settings) > 1)  # ケミカル人狼: 2n roles, the counts sized by the n seats
    return Request.build(
        seats(settings), settings["yaminabe_safety"], mode=YAMINABE[settings["cast"]], fixed=settings["roles"],
        fixed_categories=settings["categories"], excluded=settings["excluded"], options=options, pool=pool,
    )  # fmt: skip


def _check_fixed(settings: dict[str, Any], n: int) -> None:
    roles = settings["roles"]
    total = sum(roles.values())
    if total != n:
        goat = " (身代わりくん included)" if n > settings["players"] * per_seat(settings) else ""
        goat_ja = "（身代わりくんを含む）" if goat else ""
        if per_seat(settings) > 1:
            raise SettingsError(f"a fixed ケミカル人狼 cast gives every seat two roles: {total} roles for "
                                f"{n // 2} seats{goat}, {n} needed",
                                ja=f"ケミカル人狼の自由配役は1席に2役職です: {n // 2}席{goat_ja}に{n}役職が要りますが、"
                                   f"{total}役職です")
        raise SettingsError(f"a fixed cast gives every seat a role: {total} roles for {n} seats{goat}",
                            ja=f"自由配役は全席に1役職ずつです: {n}席{goat_ja}に{total}役職です")
    hidden = [r for r in roles if ROLES[r].catalog.hidden]
    if hidden:
        raise SettingsError(f"{hidden[0]} ({ROLES[hidden[0]].name_ja}) is cast only by 闇鍋, not in a fixed cast",
                            ja=f"{ROLES[hidden[0]].name_ja}は闇鍋でだけ配られます（自由配役には入れられません）")
    _check_scapegoat(settings, roles)


def _check_preset(settings: dict[str, Any], n: int) -> None:
    """A preset's cast for the room's seats, kept in ``roles`` (the record's settings hold it)."""
    try:
        preset = find_preset(settings["preset"])
        roles = preset.cast(n)
    except PresetError as error:
        raise SettingsError(str(error)) from None
    undeclared = [r for r in roles if r not in ROLES]
    if undeclared:
        raise SettingsError(f"{preset.name} ({preset.name_en}) casts {undeclared[0]} at {n} seats, a role not "
                            "playable yet: choose another preset or number of players")
    settings["roles"] = roles
    _check_scapegoat(settings, roles)


def _check_scapegoat(settings: Mapping[str, Any], roles: Mapping[str, int]) -> None:
    rules = settings["rules"]
    if rules["scapegoat"] == "on" and not any(scapegoat_may_draw(r, rules["safety"]) for r in roles):
        raise SettingsError(f"身代わりくん may draw no role of this cast under 身代わりセーフティ {rules['safety']!r}: "
                            "add a role it may draw (e.g. Human) or change the safety")


REQUEST_CASTS = ("normal", "preset", "fixed")
"""The casts a room takes role requests for (希望役職制): those known before the deal. 月下人狼 skips the request
phase for 闇鍋, 一部闇鍋 and エンドレス闇鍋 (and we for かんたん闇鍋 too: a request would name the roles of a cast
drawn at the deal, hidden or not)."""


def _check_requests(settings: Mapping[str, Any]) -> None:
    """希望役職制 (``rolerequest``) only where the reference honours requests: a cast known before the deal,
    without ケミカル人狼."""
    if not settings["rules"].get("rolerequest"):
        return
    if per_seat(settings) > 1:
        raise SettingsError("role requests (希望役職制) are not honoured with ケミカル人狼 (chemical), as in 月下人狼: "
                            "turn one of them off",
                            ja="ケミカル人狼では希望役職制は使えません（月下人狼と同じ）: どちらかをオフにしてください")
    if settings["cast"] not in REQUEST_CASTS:
        raise SettingsError(f"role requests (希望役職制) need a cast known before the deal (normal, preset or fixed), "
                            f"not {settings['cast']}: a 闇鍋 cast is drawn at the deal",
                            ja="希望役職制は配役が開始前に決まる部屋（普通1・配役プリセット・自由配役）だけです: "
                               "闇鍋の配役は開始時に決まります")


def takes_requests(settings: Mapping[str, Any]) -> bool:
    """Whether a room opens a request phase before its deal (希望役職制: checked by :func:`check`)."""
    return bool(settings["rules"].get("rolerequest")) and settings["cast"] in REQUEST_CASTS and per_seat(settings) == 1


TRIALS = 8


def _check_yaminabe(settings: dict[str, Any]) -> None:
    """The request as the 闇鍋 package checks it, then a few trial casts: a request whose draws its
    rules always refuse (every wolf left needs another) is refused here, not at the start."""
    try:
        _request(settings)
    except CastingError as error:
        raise SettingsError(str(error)) from None
    failure: CastingError | SetupError | None = None
    for trial in range(TRIALS):
        try:
            draw_cast(settings, np.random.default_rng(trial))
            return
        except (CastingError, SetupError) as error:
            failure = error
    raise SettingsError(f"this 闇鍋 cannot be cast: {failure}")


__all__ = ["CASTS", "ENDLESS", "MAX_PLAYERS", "check", "draw_cast", "engine_settings", "fewest_players", "schema",
           "seats", "started", "summary", "takes_requests"]
