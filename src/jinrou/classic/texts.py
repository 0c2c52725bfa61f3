"""What the game says, in Japanese and in English: one template pair per message key.

Messages (:class:`~jinrou.classic.model.Message`) carry seats, role ids and result values; this
module turns them into lines for a terminal, a log or a web page. The texts follow 月下人狼's
where it has one (「…は無残な姿で発見されました」). Only the rules' own messages are written here
(:data:`TEMPLATES`); what belongs to one role is declared beside it: its messages
(:meth:`Message.declare <jinrou.classic.model.Message.declare>`, with the words of their arguments:
共感覚者's colors), its card (``card_ja``, ``card_en``: :func:`role_rule` reads them), its names, the
labels of its verbs and the words of its parameters.

>>> from jinrou.classic.model import Message
>>> render(Message("died", {"player": 1, "cause": None}), ["A", "B"], "ja")
'Bは無残な姿で発見されました'
>>> render(Message("died", {"player": 1, "cause": None}), ["A", "B"], "en")
'B was found dead.'
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Team
from jinrou.classic.model import Cause, Fortune, Message, PsychicResult, Template

LANGS = ("ja", "en")


@runtime_checkable
class Renders(Protocol):
    """A value a message carries that renders itself (a :class:`~jinrou.classic.claims.Claim`: that module
    renders with this one's names, so this one names no claim)."""

    def render(self, names: Sequence[str], lang: str = "ja") -> str: ...

TEMPLATES: dict[str, tuple[str, str]] = {
    "night": ("{day}日目の夜になりました。", "Night {day} falls."),
    "morning": ("{day}日目の朝になりました。", "Day {day} dawns."),
    "revived": ("{player}は蘇生しました。", "{player} came back to life."),
    "votes": ("投票結果: {votes}（得票: {counts}）", "Votes: {votes} (received: {counts})"),
    "no execution": ("処刑は行われませんでした。", "Nobody is executed today."),
    "revote": ("再投票です。あと{left}回の投票で結論が出なければ引き分けになります。",
               "Vote again: {left} more ballot(s) without a decision and the game is a draw."),
    "revote once": ("再投票です。再び同数ならその中からランダムに処刑します。",
                    "Vote again: on another tie one of the tied is executed at random."),
    "runoff": ("決選投票です: {candidates}", "Runoff between {candidates}."),
    "psychic result": ("GM霊能: {target}は{result}でした", "GM psychic: {target} was {result}."),
    "shot": ("{hunter}は最期の力で{target}を撃ちました", "With a last effort {hunter} shoots {target}."),
    "end": ("ゲーム終了: {winner}です", "Game over: {winner}."),
    "draw": ("ゲーム終了: 引き分けです", "Game over: a draw."),
    "claim": ("{player}: {claim}", "{player}: {claim}"),
    "will": ("{player}の遺言: {text}", "{player}'s will: {text}"),
    "guard success": ("{target}の護衛に成功しました", "You protected {target} from an attack."),
    "role changed": ("あなたは{role}になりました", "You are now {role}."),
    "divination delayed": ("占い結果に影響する役職が存在するので、占い結果が「すぐ分かる」から「翌朝分かる」に変更されました。",
                           "A role that changes divination results is cast: divination results come at dawn, not at once."),
    "shoji": ("壁に耳あり障子に目あり。", "Walls have ears and shoji have eyes: someone here may read a chat it is not in."),
    "votes hidden": ("投票結果が闇に隠されました。", "The votes are hidden in darkness."),
    "executions left": ("今日はあと{count}人処刑します。もう一度投票してください。",
                        "{count} more to execute today: vote again."),
}  # fmt: skip
"""The rules' own messages (ja, en): what the game says whatever the roles. A role's messages are declared
beside it (:meth:`Message.declare <jinrou.classic.model.Message.declare>`)."""


def _declare(templates: dict[str, tuple[str, str]]) -> None:
    for key, (ja, en) in templates.items():
        Message.declare(key, ja, en)


_declare(TEMPLATES)


def verb_label(verb: Any, lang: str = "ja", label: tuple[str, str] | None = None) -> str:
    """A verb's name for players in ``lang``: ``label``, the ability's own where it has one
    (:attr:`~jinrou.classic.abilities.Ability.label`, :attr:`~jinrou.classic.game.Legal.label`: 通訳's
    「通訳する」 for its ``pair``), else the label its declaration gives (:meth:`~jinrou.classic.abilities.Verb.declare`),
    else the verb itself."""
    value = getattr(verb, "value", verb)
    names = label or getattr(verb, "label", None) or (value, value)
    return str(names[0 if lang == "ja" else 1])


def role_name(role_id: str, lang: str) -> str:
    """A role's one name in ``lang``, the catalog's (:attr:`~jinrou.classic.catalog.CatalogRole.name_en`:
    ``Seer`` for ``Diviner``); a sub-role's or mark's, the one its declaration gives; else the id.

    >>> role_name("Diviner", "en"), role_name("Diviner", "ja"), role_name("WolfMinion", "en")
    ('Seer', '占い師', 'Wolf minion')
    """
    role = CATALOG.get(role_id)
    if role is None:
        from jinrou.classic.roles import SUB_ROLES

        role = SUB_ROLES[role_id].catalog if role_id in SUB_ROLES else None
    if role is None:
        return role_id
    return role.name_ja if lang == "ja" else role.name_en


ANNOUNCED: dict[Team, tuple[tuple[str, str], tuple[str, str]]] = {
    Team.CULT: (("カルトリーダー勝利", "村はカルトに支配されました。"), ("The cult leader wins", "The cult rules the village.")),
    Team.RAVEN: (("鴉勝利", "村は鴉に支配されました。"), ("The raven wins", "The ravens rule the village.")),
    Team.HOOLIGAN: (("暴徒勝利", "村は暴徒によって破壊し尽くされました。"),
                    ("The hooligans win", "The rioters have laid the village waste.")),
    Team.LORELEI: (("ローレライ勝利", "ローレライが村人を魅了し、すべて渦の中に消えていった……"),
                   ("Lorelei wins", "Lorelei charmed the villagers, and all vanished into the whirlpool…")),
}  # fmt: skip
"""The results announced with a line of their own at the end (T.1.1): team → ((short, text) in ja, in en)."""


def announcement(winner_id: str, lang: str) -> str | None:
    """The end's own announcement of a result that has one (T.1.1: 【カルトリーダー勝利】「村はカルトに支配されました。」),
    else None.

    >>> announcement("Cult", "ja"), announcement("Human", "ja")
    ('【カルトリーダー勝利】「村はカルトに支配されました。」', None)
    >>> announcement("Raven", "en")
    '[The raven wins] "The ravens rule the village."'
    """
    found = ANNOUNCED.get(Team(winner_id)) if winner_id != "Draw" else None
    if found is None:
        return None
    short, text = found[LANGS.index(lang)]
    return f"【{short}】「{text}」" if lang == "ja" else f'[{short}] "{text}"'


def outcome_text(winner_id: str, lang: str) -> str:
    """How a game ended, a team read as a team: 「村人陣営の勝利」, ``the village won``, or a draw.

    >>> outcome_text("Human", "en"), outcome_text("Human", "ja"), outcome_text("Draw", "en")
    ('the village won', '村人陣営の勝利', 'a draw')
    """
    if winner_id == "Draw":
        return "引き分け" if lang == "ja" else "a draw"
    team = Team(winner_id)
    return f"{team.name_ja}の勝利" if lang == "ja" else f"the {team.name_en} won"


def pair_name(left: str, right: str, lang: str) -> str:
    """A ケミカル人狼 seat's two roles as one name, left then right (the reference's 「{left}×{right}」).

    >>> pair_name("Werewolf", "Diviner", "ja"), pair_name("Werewolf", "Diviner", "en")
    ('人狼×占い師', 'Werewolf × Seer')
    """
    return f"{role_name(left, lang)}×{role_name(right, lang)}" if lang == "ja" else \
        f"{role_name(left, lang)} × {role_name(right, lang)}"


def shown_role(role_id: str, subs: Sequence[str], lang: str, pair: str | None = None) -> str:
    """A seat's role as it is shown with its sub-roles (each that shows itself with the role wraps the
    name, the latest outermost, unless it is shown bare on that role): 「狼の子分（占い師）」, 「暴徒」 with
    its own 暴動者 mark (the reference's HooliganMember names a 暴徒 alone); ``pair``: a ケミカル seat's
    right role (「人狼×占い師」).

    >>> shown_role("Diviner", ["Lovers", "WolfMinion"], "ja"), shown_role("Werewolf", [], "en", "Diviner")
    ('狼の子分（占い師）', 'Werewolf × Seer')
    >>> shown_role("Hooligan", ["HooliganAttacker"], "ja"), shown_role("Human", ["HooliganAttacker"], "ja")
    ('暴徒', '村人（暴動者）')
    """
    from jinrou.classic.roles import SUB_ROLES

    name = role_name(role_id, lang) if pair is None else pair_name(role_id, pair, lang)
    for sub in subs:
        declared = SUB_ROLES.get(sub)
        if declared is not None and declared.shown_with is not None and role_id not in declared.shown_bare_on:
            name = declared.shown_with[0 if lang == "ja" else 1].format(role=name)
    return name


def result_name(value: str, lang: str) -> str:
    """A divination or psychic result, or a role id (人狼占い learns role names)."""
    for enum in (Fortune, PsychicResult):
        try:
            member = enum(value)
        except ValueError:
            continue
        return member.name_ja if lang == "ja" else member.value
    return role_name(value, lang)


def template(key: str) -> Template:
    """The texts of the message ``key``: the rules' own (:data:`TEMPLATES`) or a role's, declared beside
    it (:meth:`~jinrou.classic.model.Message.declare`; the roles are imported to declare theirs when a
    key is asked for before)."""
    found = Message.template(key)
    if found is None:
        import jinrou.classic.roles  # noqa: F401  (registers the roles and their messages)

        found = Message.template(key)
    if found is None:
        raise KeyError(f"no message {key!r} is declared (Message.declare beside the role that tells it)")
    return found


def render(message: Message, names: Sequence[str], lang: str = "ja") -> str:
    """The message as a line of text in ``lang`` (``ja`` or ``en``)."""
    declared = None if message.key == "died" else template(message.key)
    args: dict[str, Any] = {}
    for key, value in message.args.items():
        if declared is not None and key in declared.words:  # its own words (共感覚者's colors, 商人's kits)
            args[key] = declared.word(key, value, lang)
        elif key in ("player", "target", "partner", "first", "second", "wolf", "hunter", "guard") and isinstance(value, int):
            args[key] = names[value]
        elif key == "role":
            args[key] = role_name(str(value), lang)
        elif key == "result":
            args[key] = result_name(str(value), lang)
        elif key == "results" and isinstance(value, str):  # several results, comma-joined (超常現象研究者)
            args[key] = ("," if lang == "ja" else ", ").join(result_name(v, lang) for v in value.split(","))
        elif key == "votes" and isinstance(value, dict):
            args[key] = ", ".join(f"{names[v]}→{names[t]}" for v, t in value.items())
        elif key == "counts" and isinstance(value, dict):  # each candidate's final count (V1.1.2), most first
            args[key] = ", ".join(f"{names[s]} {n}" + ("票" if lang == "ja" else "") for s, n in value.items())
        elif key == "roles" and isinstance(value, dict):
            args[key] = " ".join(f"{names[s]}:{role_name(str(r), lang)}" for s, r in value.items())
        elif key == "cause" and message.key != "died" and isinstance(value, str):
            args[key] = Cause(value).name_ja if lang == "ja" else value  # a note's cause (絶対狼)
        elif key == "candidates" and isinstance(value, list | tuple):
            args[key] = ", ".join(names[c] for c in value)
        elif key == "seats" and isinstance(value, list | tuple):
            args[key] = ("," if lang == "ja" else ", ").join(names[c] for c in value)
        elif key == "claim" and isinstance(value, Renders):  # a claim (it renders itself; claims use this module)
            args[key] = value.render(names, lang)
        else:
            args[key] = value
    if message.key == "died":  # its cause's own line (a public cause's), else found dead
        cause = message.args.get("cause")
        found = message.args.get("found")
        died = Cause(str(cause)).died if cause else Cause(str(found)).found if found else None
        default = "{player}は無残な姿で発見されました" if lang == "ja" else "{player} was found dead."
        return (died[LANGS.index(lang)] if died else default).format(**args)
    assert declared is not None
    if message.key == "end":
        if args["winner"] == "Draw":
            return template("draw").text(lang)
        said = announcement(str(args["winner"]), lang)
        args["winner"] = outcome_text(str(args["winner"]), lang)
        if said is not None:
            return f"{declared.text(lang).format(**args)} {said}"
    return declared.text(lang).format(**args)


_REF = r"(?:§|(?:W|V\d|T)\.)\d+(?:\.\d+)*[a-z]?(?: step \d+)?"
_SPEC_REFS = re.compile(rf" ?\({_REF}(?:,? {_REF})*(?: [^)]*)?\)| ?\b{_REF}\b")
"""The spec's section numbers in a declaration's docstring (``(W.1.12)``, ``(§5.2 step 4)``): not for players."""
_CJK = "\u3000-\u9fff\uff00-\uffef"
_CJK_BREAK = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}{{])|(?<=}}) (?=[{_CJK}])")
"""A docstring's line break inside Japanese text (「…は {target}の…」): joined without a space."""


def docstring_text(obj: object) -> str:
    """``obj``'s docstring as one line: its line breaks are spaces, except inside Japanese text."""
    return _CJK_BREAK.sub("", " ".join((inspect.getdoc(obj) or "").split()))
_SPEC_REF_OPENING = re.compile(rf"\({_REF}(?:,? {_REF})*[:;,] ")
_SPEC_REF_CLOSING = re.compile(rf"[;,] {_REF}(?:,? {_REF})*\)")


def role_rule(role_id: str, lang: str) -> str:
    """A role's (or sub-role's) card in ``lang``: the ``card_ja`` or ``card_en`` written on its declaration,
    else its docstring (markup and section references removed) — also in Japanese for a mark none is
    written for; it opens with the name in English on an English card."""
    from jinrou.classic.roles import ROLES, SUB_ROLES

    owner = ROLES.get(role_id) or SUB_ROLES[role_id]
    if lang == "ja" and owner.card_ja is not None:
        return owner.card_ja
    if lang == "en" and owner.card_en is not None:
        text = owner.card_en
    else:
        text = docstring_text(type(owner)).replace("``", "")
        text = _SPEC_REFS.sub("", _SPEC_REF_OPENING.sub("(", _SPEC_REF_CLOSING.sub(")", text))).replace("`", "")
    sub = SUB_ROLES.get(role_id) if role_id not in ROLES else None
    name = sub.name_ja if sub else role_name(role_id, "ja")  # the declaration opens with the Japanese name:
    english = sub.name_en if sub else role_name(role_id, "en")  # an English page says it in English
    return f"{english}:{text.removeprefix(name + ':')}" if text.startswith(name + ":") else text
