"""Message texts are an open vocabulary (as verbs and causes are): the rules' own are written in
``texts.py``, a role declares its own beside it, each in Japanese and English, with the words of an
argument whose values are words of their own (共感覚者's colors, 商人's kits)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import jinrou.classic.roles as roles_package
from jinrou.classic.model import Message, Template
from jinrou.classic.texts import TEMPLATES, render, template

NAMES = ["身代わりくん", "Ann", "Ben"]


def test_a_role_message_is_declared_beside_its_role_and_renders_in_both_languages():
    from jinrou.classic.roles.others import DEVIL_BITTEN

    assert DEVIL_BITTEN == "devil bitten" and "devil bitten" not in TEMPLATES
    assert render(Message(DEVIL_BITTEN), NAMES, "ja") == "人狼に噛まれました。処刑されれば勝利です"
    assert render(Message(DEVIL_BITTEN), NAMES, "en") == "The wolves bit you: be executed to win."


def test_an_argument_s_declared_words_are_said_in_each_language_and_an_unknown_value_as_is():
    sense = {"player": 1, "target": 2}
    assert render(Message("sense result", {**sense, "color": "桜色"}), NAMES, "ja") == "AnnがBenの色を見た結果、桜色でした。"
    assert render(Message("sense result", {**sense, "color": "桜色"}), NAMES, "en") == "Ann sees Ben's color: cherry pink."
    assert render(Message("sense result", {**sense, "color": "虹色"}), NAMES, "en") == "Ann sees Ben's color: 虹色."
    assert render(Message("kit received", {"kit": "Psychic"}), NAMES, "ja") == "霊能セットが到着しました"
    assert render(Message("kit sent", {"target": 2, "kit": "Guard"}), NAMES, "en") == "You sent a bodyguard kit to Ben."


def test_a_message_declared_again_alike_is_the_same_and_with_other_texts_is_refused_and_nothing_changes():
    assert Message.declare("charged", "てるてる坊主の準備が整いました", "You are ready: be executed now to win.") == "charged"
    before = template("charged")
    with pytest.raises(ValueError, match="message 'charged' is declared twice with different texts"):
        Message.declare("charged", "準備完了", "ready")
    sense = template("sense result")
    with pytest.raises(ValueError, match="message 'sense result' is declared twice with different texts"):
        Message.declare("sense result", sense.ja, sense.en)  # its colors' words left out: another message
    for key in ("", " padded", "died", 3):
        with pytest.raises(ValueError, match="a message key is a non-empty word or words"):
            Message.declare(key, "x", "x")  # type: ignore[arg-type]
    assert template("charged") is before and Message.template("died") is None


def test_a_test_role_may_declare_a_message_and_forget_it():
    key = Message.declare("fireworks seen", "{player}は花火を見ました。", "{player} saw the fireworks.")
    try:
        assert template(key) == Template("{player}は花火を見ました。", "{player} saw the fireworks.")
        assert render(Message(key, {"player": 2}), NAMES, "en") == "Ben saw the fireworks."
    finally:
        Message.forget(key)
    with pytest.raises(KeyError, match="no message 'fireworks seen' is declared"):
        render(Message(key, {"player": 2}), NAMES, "en")


def _declared_in(path: Path) -> set[str]:
    """The keys a module declares with ``Message.declare("key", …)``."""
    return {node.args[0].value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "Message.declare"
            and node.args and isinstance(node.args[0], ast.Constant)}


def test_the_rules_texts_hold_no_role_s_message():
    """What one role tells is declared in its module; ``texts.py`` keeps the rules' own (night, votes, end …)."""
    in_roles = set().union(*(_declared_in(p) for p in Path(roles_package.__file__).parent.glob("*.py")))
    assert len(in_roles) > 140 and not in_roles & set(TEMPLATES)
    assert {"night", "votes", "end", "role changed"} <= set(TEMPLATES)
