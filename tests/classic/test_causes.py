"""Causes of death are an open vocabulary (as verbs are): the rules declare theirs, a role declares its
own beside it, each with its names for players; the record writes the word."""

from __future__ import annotations

import copy
import pickle

import pytest

from jinrou.classic.model import Cause, Message
from jinrou.classic.roles import ROLES  # noqa: F401  (declares the roles' causes)
from jinrou.classic.texts import render


def test_a_cause_is_interned_and_unpickles_as_itself():
    assert Cause("attack") is Cause.ATTACK and Cause.declare("attack", "人狼の襲撃", "killed by the wolves") is Cause.ATTACK
    assert pickle.loads(pickle.dumps(Cause("greedy"))) is Cause("greedy")
    assert copy.deepcopy(Cause.SUDDEN) is Cause.SUDDEN and repr(Cause.SUDDEN) == "Cause('sudden')"
    with pytest.raises(AttributeError, match="immutable"):
        Cause.ATTACK.value = "bite"  # type: ignore[misc]


def test_the_roles_declare_their_own_causes_with_names_in_both_languages():
    """欲張りな狼's 強欲の報い is declared in its module, not in the rules' list; 老人's 老衰 is public with its
    own line."""
    assert Cause("greedy").name_ja == "強欲の報い" and Cause("greedy").name_en == "paid for its greed"
    assert not Cause("greedy").public and Cause("infirm").public
    assert {c.value for c in Cause if c.public} == {"execution", "suicide", "hunter", "leave", "sudden", "infirm",
                                                   "bonds"}  # 絆's 後追い (T.1.6)
    assert render(Message("died", {"player": 0, "cause": "infirm"}), ["A"], "ja") == "Aは老衰で死亡しました。"
    assert render(Message("died", {"player": 0, "cause": "greedy"}), ["A"], "en") == "A was found dead."


def test_a_cause_declared_again_with_other_names_or_a_bad_word_is_refused_and_nothing_changes():
    declared = len(Cause)
    with pytest.raises(ValueError, match="cause 'greedy' is declared twice with different names"):
        Cause.declare("greedy", "欲張り", "greedy")
    for word in ("", "Greedy", "two words", "焼死"):
        with pytest.raises(ValueError, match="a cause is one lower-case word"):
            Cause.declare(word, "x", "x")
    with pytest.raises(ValueError, match="'nothing' is not a declared cause: the causes are attack, vampire"):
        Cause("nothing")
    assert len(Cause) == declared and Cause("greedy").name_ja == "強欲の報い"


def test_a_test_role_may_declare_a_cause_and_forget_it():
    burnt = Cause.declare("burnt", "焼死", "burnt")
    try:
        assert Cause("burnt") is burnt and burnt in list(Cause)
    finally:
        Cause.forget("burnt")
    with pytest.raises(ValueError):
        Cause("burnt")
