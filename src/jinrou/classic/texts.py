"""What the game says, in Japanese and in English: one template pair per message key.

Messages (:class:`~jinrou.classic.model.Message`) carry seats, role ids and result values; this
module turns them into lines for a terminal, a log or a web page. The texts follow 月下人狼's
where it has one (「…は無残な姿で発見されました」).

>>> from jinrou.classic.model import Message
>>> render(Message("died", {"player": 1, "cause": None}), ["A", "B"], "ja")
'Bは無残な姿で発見されました'
>>> render(Message("died", {"player": 1, "cause": None}), ["A", "B"], "en")
'B was found dead.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Team
from jinrou.classic.model import Fortune, Message, PsychicResult

LANGS = ("ja", "en")

_DEATH_JA = {
    "execution": "{player}は処刑されました", "suicide": "{player}は後を追って死にました",
    "hunter": "{player}は銃殺されました", "leave": "{player}は村を去りました",
    "sudden": "{player}は突然死しました", "curse": "{player}は呪殺されました",
}  # fmt: skip
_DEATH_EN = {
    "execution": "{player} was executed.", "suicide": "{player} died of grief.",
    "hunter": "{player} was shot.", "leave": "{player} left the village.",
    "sudden": "{player} died suddenly (no action in time).", "curse": "{player} was cursed to death.",
}  # fmt: skip

TEMPLATES: dict[str, tuple[str, str]] = {
    "night": ("{day}日目の夜になりました。", "Night {day} falls."),
    "morning": ("{day}日目の朝になりました。", "Day {day} dawns."),
    "revived": ("{player}は蘇生しました", "{player} came back to life."),
    "votes": ("投票結果: {votes}", "Votes: {votes}"),
    "no execution": ("処刑は行われませんでした。", "Nobody is executed today."),
    "revote": ("再投票です。あと{left}回の投票で結論が出なければ引き分けになります。",
               "Vote again: {left} more ballot(s) without a decision and the game is a draw."),
    "runoff": ("決選投票です: {candidates}", "Runoff between {candidates}."),
    "prince": ("{player}はプリンスでした。処刑は行われませんでした。",
               "{player} was the Prince. Nobody is executed today."),
    "psychic result": ("GM霊能: {target}は{result}でした", "GM psychic: {target} was {result}."),
    "shot": ("{hunter}は最期の力で{target}を撃ちました", "With a last effort {hunter} shoots {target}."),
    "end": ("ゲーム終了: {winner}の勝利です", "Game over: {winner} win."),
    "draw": ("ゲーム終了: 引き分けです", "Game over: a draw."),
    "claim": ("{player}: {claim}", "{player}: {claim}"),
    "attack chosen": ("{wolf}が{target}を襲撃します", "{wolf} will attack {target}."),
    "guard success": ("{target}の護衛に成功しました", "You protected {target} from an attack."),
    "holy protection used": ("聖職者の加護があなたを守りました", "A holy protection saved your life."),
    "role changed": ("あなたは{role}になりました", "You are now {role}."),
    "divined": ("{target}を占ったところ、{result}でした", "Your divination: {target} is {result}."),
    "psychic": ("霊能結果: {target}は{result}でした", "Psychic result: {target} was {result}."),
    "guard banned": ("{target}はもう護衛できません", "You can never again protect {target}."),
    "kit sent": ("{target}へ{kit}を発送しました", "You sent {kit} to {target}."),
    "kit received": ("{kit}が到着しました", "You received {kit}."),
    "lover": ("あなたは{partner}の恋人になりました", "You are now in love with {partner}."),
    "arrows": ("{first}と{second}へ恋の矢を放ちました", "Your arrows hit {first} and {second}."),
    "devil bitten": ("人狼に噛まれました。処刑されれば勝利です", "The wolves bit you: be executed to win."),
    "charged": ("てるてる坊主の準備が整いました", "You are ready: be executed now to win."),
    "attacked": ("あなたは人狼に襲われました", "The wolves attacked you."),
}  # fmt: skip

KITS = {"Diviner": ("占いセット", "a seer kit"), "Psychic": ("霊能セット", "a medium kit"),
        "Guard": ("狩人セット", "a bodyguard kit")}  # fmt: skip
VERBS = {
    "attack": ("襲撃", "attack"), "divine": ("占う", "divine"), "guard": ("護衛", "guard"),
    "pair": ("恋人にする", "make lovers"), "revive": ("蘇生", "revive"), "protect": ("加護", "bless"),
    "hide": ("逃亡", "hide"), "leave": ("村を去る", "leave the village"), "kit": ("発送", "send a kit"),
    "bite": ("吸血", "bite"), "shoot": ("銃撃", "shoot"),
}  # fmt: skip
"""Each action verb (the record's word) in Japanese and English."""


def role_name(role_id: str, lang: str) -> str:
    """A role's name in ``lang`` (declared English name where there is one)."""
    if lang == "ja":
        return CATALOG[role_id].name_ja if role_id in CATALOG else role_id
    from jinrou.classic.roles import ROLES

    return ROLES[role_id].name_en if role_id in ROLES else CATALOG[role_id].name_en if role_id in CATALOG else role_id


def team_name(team_id: str, lang: str) -> str:
    team = Team(team_id)
    return team.name_ja if lang == "ja" else team.name_en


def result_name(value: str, lang: str) -> str:
    """A divination or psychic result, or a role id (人狼占い learns role names)."""
    for enum in (Fortune, PsychicResult):
        try:
            member = enum(value)
        except ValueError:
            continue
        return member.name_ja if lang == "ja" else member.value
    return role_name(value, lang)


def render(message: Message, names: Sequence[str], lang: str = "ja") -> str:
    """The message as a line of text in ``lang`` (``ja`` or ``en``)."""
    from jinrou.classic.claims import Claim

    args: dict[str, Any] = {}
    for key, value in message.args.items():
        if key in ("player", "target", "partner", "first", "second", "wolf", "hunter") and isinstance(value, int):
            args[key] = names[value]
        elif key == "role":
            args[key] = role_name(str(value), lang)
        elif key == "result":
            args[key] = result_name(str(value), lang)
        elif key == "kit":
            args[key] = KITS[str(value)][0 if lang == "ja" else 1]
        elif key == "votes" and isinstance(value, dict):
            args[key] = ", ".join(f"{names[v]}→{names[t]}" for v, t in value.items())
        elif key == "candidates" and isinstance(value, list | tuple):
            args[key] = ", ".join(names[c] for c in value)
        elif key == "claim" and isinstance(value, Claim):
            args[key] = value.render(names, lang)
        else:
            args[key] = value
    if message.key == "died":
        cause = message.args.get("cause")
        table = _DEATH_JA if lang == "ja" else _DEATH_EN
        default = "{player}は無残な姿で発見されました" if lang == "ja" else "{player} was found dead."
        return (table.get(str(cause), default) if cause else default).format(**args)
    if message.key == "end":
        if args["winner"] == "Draw":
            return TEMPLATES["draw"][LANGS.index(lang)]
        args["winner"] = team_name(str(args["winner"]), lang)
    return TEMPLATES[message.key][LANGS.index(lang)].format(**args)
