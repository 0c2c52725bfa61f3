"""The classic bots' layout: a core that names no role, one module per role group declaring its roles'
plays, and a role declared elsewhere (a test's) playing its own verb without a change to the package."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

import jinrou.agents.classic as package
from jinrou.agents.classic import HeuristicAgent, plays
from jinrou.agents.classic.plays import NO_PLAY, Play
from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Category
from jinrou.classic.claims import ClaimKind
from jinrou.classic.model import Action, Verb
from jinrou.classic.record import write
from jinrou.classic.roles import ROLES, SUB_ROLES
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import play_game
from tests.classic.wager_role import ID as POET
from tests.classic.wager_role import declared

HERE = Path(package.__file__).parent
CORE = ("__init__", "plays", "notes", "assessment", "bots", "common", "requests")  # requests: 希望役職制, no role group
GROUPS = {"village": {Category.HUMAN}, "crowds": {Category.HUMAN}, "werewolves": {Category.WEREWOLF}, "madmen": {Category.MADMAN},
          "others": {Category.OTHERS, Category.NONE}, "switching": {Category.SWITCHING},
          "switchers": {Category.SWITCHING}, "sweets": {Category.OTHERS, Category.NONE},
          "single_teams": {Category.OTHERS, Category.NONE},
          "village_nights": {Category.HUMAN, Category.SWITCHING},  # issue 34's roles of roles/village_{nights,masks}
          "foxes_oni": {Category.FOX, Category.IMMORAL, Category.OTHERS}}  # wave 3's fox kinds, 第三陣営 without a team

"""Each group module and the catalog categories (系) of the roles it declares plays for."""


def source(module: str) -> str:
    return (HERE / f"{module}.py").read_text(encoding="utf-8")


def test_the_package_holds_the_core_and_the_group_modules_only():
    assert sorted(p.stem for p in HERE.glob("*.py")) == sorted([*CORE, *GROUPS])


def test_no_module_of_the_bots_over_900_lines_nor_class_over_500():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in HERE.glob("*.py")}
    classes = {node.name: node.end_lineno - node.lineno + 1 for p in HERE.glob("*.py")
               for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef)}
    assert {m: n for m, n in sizes.items() if n > 900} == {} and {c: n for c, n in classes.items() if n > 500} == {}


@pytest.mark.parametrize("module", CORE)
def test_the_core_names_no_role_id_of_the_catalog(module):
    ids = set(CATALOG) | set(ROLES) | set(SUB_ROLES)
    words = set(re.findall(r"\b\w+\b", source(module)))
    assert sorted(words & ids) == []


@pytest.mark.parametrize("module", [m for m in CORE if m != "__init__"])
def test_the_core_imports_no_group_module(module):
    imported = set()
    for node in ast.walk(ast.parse(source(module))):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
    assert sorted(m for m in imported if m.rpartition(".")[2] in GROUPS and "agents" in m) == []


@pytest.mark.parametrize("module", sorted(GROUPS))
def test_each_group_module_declares_plays_for_the_roles_of_its_categories(module):
    declared_here = re.findall(r'\bPlay\("(\w+)"', source(module))
    assert declared_here
    assert [r for r in declared_here if r not in SUB_ROLES  # a sub-role's play (its verbs: 暴動者's assault)
            and (r not in ROLES or ROLES[r].category not in GROUPS[module])] == []


def test_every_play_is_a_declared_role_once_and_a_result_claim_has_one_reporter():
    roles = plays.roles(lambda play: True)
    assert len(roles) == len(set(roles)) and set(roles) <= set(ROLES) | set(SUB_ROLES)  # (plays' docstring)
    assert (plays.reporter(ClaimKind.DIVINED), plays.reporter(ClaimKind.IDENTIFIED)) == ("Diviner", "Psychic")
    assert plays.of("Human") is NO_PLAY and plays.of(None) is NO_PLAY


def test_a_play_declared_twice_or_a_second_reporter_is_refused_and_nothing_changes():
    before = plays.roles(lambda play: True)
    with pytest.raises(ValueError, match="the play of 'Witch' is declared twice"):
        plays.declare(Play("Human"), Play("Witch"))  # the first is not registered either
    with pytest.raises(ValueError, match="the play of 'Human' is declared twice"):
        plays.declare(Play("Human"), Play("Human"))
    with pytest.raises(ValueError, match="'Human' reports DIVINED claims, as 'Diviner' does"):
        plays.declare(Play("Human", reports=ClaimKind.DIVINED))
    with pytest.raises(ValueError, match="the default play of 'divine' is declared twice"):
        plays.default(Verb.DIVINE, plays.defaults()[Verb.DIVINE])
    assert plays.roles(lambda play: True) == before and plays.of("Human") is NO_PLAY
    assert plays.reporter(ClaimKind.DIVINED) == "Diviner"


def test_a_verb_held_through_another_role_is_played_as_its_declaring_role_plays_it():
    """A フランケンシュタインの怪物 holds the dead's abilities: a 法医学者's autopsy is played as the 法医学者's."""
    autopsy = Verb("autopsy")
    assert plays.policy("FrankensteinsMonster", (), autopsy) is plays.of("Forensic").policies[autopsy]
    assert plays.policy("Dog", (), Verb.BITE) is plays.of("Dog").policies[Verb.BITE]  # its own first
    assert plays.policy("MadDog", (), Verb.BITE) is plays.defaults()[Verb.BITE]  # then the verb's default
    assert plays.policy("Human", ("DivinerKit",), Verb.DIVINE) is plays.defaults()[Verb.DIVINE]


def wagers(seeds: range) -> Counter[str]:
    """The stakes of the wagers the Poet bot made over bot games of a cast with one Poet."""
    cast = {POET: 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Human": 4}
    seen: Counter[str] = Counter()
    for seed in seeds:
        record = write(play_game(cast, Settings.parse({"scapegoat": "off"}), HeuristicAgent, seed))
        poet = next(name for name, role in record["roles"].items() if role == POET)
        for event in record["events"]:
            seen.update(a["stake"] for a in event.get("actions", ()) if a["action"] == "wager" and a["player"] == poet)
    return seen


def test_a_role_declared_in_a_test_plays_its_own_verb_by_declaring_its_play():
    def wager(bot, view, a, legal, noise, rng):
        """Bets high that the seat it suspects most is a 人狼."""
        target = max(legal.targets, key=lambda s: a.suspicion[s])
        return Action(view.seat, legal.verb, (target,), ("high", "Werewolf"))

    with declared() as poet:
        verb = poet.abilities[0].verb
        assert plays.policy(POET, (), verb) is None
        assert wagers(range(3)) == Counter()  # an optional verb without a policy is skipped
        plays.declare(Play(POET, policies={verb: wager}))
        try:
            assert plays.policy(POET, (), verb) is wager
            assert wagers(range(3))["high"] >= 3  # once a day, every day it lives
        finally:
            plays.forget(POET)
    assert plays.of(POET) is NO_PLAY


def _role_messages() -> set[str]:
    """Every message key a role module declares (``Message.declare("key", …)``)."""
    import jinrou.classic.roles as package

    keys = set()
    for path in Path(package.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "Message.declare":
                keys.add(node.args[0].value)
    return keys


@pytest.mark.parametrize("module", CORE)
def test_the_core_reads_no_role_s_own_message(module):
    """A role's message is read as its play says (``reads``), not by the notes: the core reads the rules'
    messages and the shared results (divined, psychic, the wolves' attack)."""
    compared = {node.value for compare in ast.walk(ast.parse(source(module))) if isinstance(compare, ast.Compare)
                for node in ast.walk(compare) if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    shared = {"divined", "psychic", "attack chosen"}  # roles/common's 占い and 霊能, every attacking wolf's
    assert sorted(compared & _role_messages() - shared) == []
    if module == "notes":
        assert {"morning", "divined", "votes"} <= compared  # the test reads what it means to


def test_a_role_s_message_is_noted_as_its_play_reads_it():
    assert plays.reader("guard sensed") is plays.of("IntuitionWolf").reads["guard sensed"]
    assert plays.reader("seers mama none") is plays.of("SeersMama").reads["seers mama none"]
    assert plays.reader("devil bitten") is None  # its bait asks whether it was told (notes.heard)


def test_a_message_read_by_a_second_play_is_refused_and_nothing_changes():
    before = plays.roles(lambda play: True)
    with pytest.raises(ValueError, match="'Human' reads the message 'guard sensed', as another play does"):
        plays.declare(Play("Human", reads={"guard sensed": lambda notes, message: None}))
    assert plays.roles(lambda play: True) == before and plays.of("Human") is NO_PLAY
    assert plays.reader("guard sensed") is plays.of("IntuitionWolf").reads["guard sensed"]
