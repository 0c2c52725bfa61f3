"""classic/ small (issue 33, deliverable 2): no module over 900 lines nor class over 500; the game's state
holds no field of one role's mechanic (those are shared memories the roles declare, ``role.Shared``), and
such a memory lasts as it says — the game, the night, or until the end of the next burial."""

from __future__ import annotations

import ast
from dataclasses import dataclass, fields
from pathlib import Path

import jinrou.classic
from jinrou.classic.phase import Ballot, Night
from jinrou.classic.role import Kept, Shared

from .helpers import new, night, vote

HERE = Path(jinrou.classic.__file__).parent


def sizes() -> tuple[dict[str, int], dict[str, int]]:
    """Lines per module of classic/ (roles/ included) and per class, by ``module:Class``."""
    paths = sorted(HERE.rglob("*.py"))
    modules = {str(p.relative_to(HERE)): len(p.read_text(encoding="utf-8").splitlines()) for p in paths}
    classes = {f"{p.relative_to(HERE)}:{node.name}": node.end_lineno - node.lineno + 1 for p in paths
               for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef)}
    return modules, classes


def test_no_module_of_classic_over_900_lines_nor_class_over_500():
    modules, classes = sizes()
    assert {"game.py", "state.py", "night.py", "ballot.py", "burial.py", "roles/werewolves.py"} <= set(modules)
    assert "game.py:Game" in classes and "roles/common.py:Divination" in classes  # what it measures
    assert {m: n for m, n in modules.items() if n > 900} == {} and {c: n for c, n in classes.items() if n > 500} == {}


def test_the_state_holds_no_field_of_one_role_s_mechanic():
    """The fields of the game and of its open phase are the rules every mechanic shares; a new field here
    is a choice to make here (a mechanic of one role keeps a shared memory of its own)."""
    assert {f.name for f in fields(Night)} == {
        "actions", "owners", "attacks", "attacks_cancelled", "fixed_attack", "guarded", "redirects", "dead_actions",
        "deaths", "guard_kinds", "rank", "late_hooks", "bite"}
    assert {f.name for f in fields(Ballot)} == {
        "runoff", "candidates", "votes", "weights", "ended", "decreed", "decreed_by"}
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human"])
    assert set(vars(g)) == {
        "names", "identities", "cast", "settings", "n", "alive", "deaths", "sudden", "memories", "day", "stage",
        "phase", "opened", "revotes", "ballot", "night", "day_actions", "executions", "executions_left",
        "dawn_executions", "armed", "resume", "outcome", "blocked", "changes", "notes", "claims", "wills", "messages", "log",
        "dawn_news", "next_news", "fresh_dead", "fresh_revived", "_draws", "published", "ctx",
        "requests",  # 希望役職制: what the seats asked for before the deal, kept beside the cast as 配役公開 is
        "founders", "entrants", "night_closed"}  # エンドレス闇鍋 (a room's rule, no role's): seats at the start, people
    # waiting, where this day's dead begin in the record


@dataclass
class Tonight(Shared):
    kept = Kept.NIGHT
    count: int = 0


@dataclass
class ToTheBurial(Shared):
    kept = Kept.BURIAL
    count: int = 0


@dataclass
class Always(Shared):
    count: int = 0


def kept(g) -> set[str]:
    return {kind.__name__ for kind in g.memories}


def test_a_shared_memory_is_made_on_first_ask_and_lasts_as_it_says():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human", "Human"])
    assert g.ctx.recall(Tonight) is None and kept(g) == set()  # asking what was never made makes nothing
    for kind in (Tonight, ToTheBurial, Always):
        g.ctx.memory(kind).count += 1
    assert g.ctx.memory(Tonight) is g.ctx.recall(Tonight) and g.ctx.recall(Always).count == 1
    twin = g.copy()
    twin.ctx.memory(Always).count = 5
    assert g.ctx.recall(Always).count == 1  # a copy's memories are its own
    night(g, "A attack E", "B divine A")
    assert kept(g) == {"Tonight", "Always"}  # the dawn burial ended: ToTheBurial is forgotten
    g.ctx.memory(ToTheBurial)
    vote(g, "AB BA CA DA FA")  # A executed: the game ends, the burial ends first
    assert g.is_over and kept(g) == {"Tonight", "Always"}


def test_a_night_memory_is_forgotten_when_the_next_night_opens():
    g = new(["Werewolf", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G", "B divine C")
    g.ctx.memory(Tonight).count = 3  # made by day: kept until the next dusk
    g.ctx.memory(Always).count = 3
    vote(g, "AC BC CA DC EC FC")
    assert g.stage.value == "night" and kept(g) == {"Always"} and g.ctx.recall(Always).count == 3
