"""Terminal play of issue 34's kit chooser: a 帰省者 at the terminal is asked for a seat and a kit (its
three kits by their names), hands it, and the receiver's kit is usable at once; bots play the others."""

import io

import numpy as np
from rich.console import Console

from jinrou.agents.classic import HeuristicAgent
from jinrou.classic.game import Game
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.terminal.classic import TerminalPlay

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


class HomeComerAtTheTerminal:
    """Hands a 霊能セット to the first seat offered; votes and skips the rest."""

    def __init__(self):
        self.prompts = []

    def __call__(self, prompt, **_):
        self.prompts.append(prompt)
        if prompt.startswith("渡す (kit)"):
            first = prompt.split(" of ", 1)[1].split(",")[0].split(" and ")[0].strip()
            return f"{first} Medium"
        if "vote NAME" in prompt:
            return "vote " + prompt.split("vote NAME (", 1)[1].split(",")[0].rstrip(")")
        return "skip" if "skip" in prompt else ""


def test_a_homecomer_at_the_terminal_chooses_a_seat_and_a_kit_by_name():
    roles = ["HomeComer", "Werewolf", "Diviner", "Guard", "Human", "Human", "Human", "Human", "Human"]
    game = Game.new(NAMES, roles, {"scapegoat": "off"}, np.random.default_rng(5))
    agents = [None, *[HeuristicAgent() for _ in range(8)]]
    out, person = io.StringIO(), HomeComerAtTheTerminal()
    game = TerminalPlay(game, agents, np.random.default_rng(5), Console(file=out, width=200), ask=person).run()
    asked = [p for p in person.prompts if p.startswith("渡す (kit)")]
    assert asked and "a kit (Seer 占いセット, Medium 霊能セット, Bodyguard 狩人セット)" in asked[0], asked
    kits = [a for e in write(game, 5)["events"] if e["type"] == "night" for a in e["actions"] if a["action"] == "kit"]
    assert [(a["player"], a["kit"]) for a in kits] == [("Ann", "Psychic")]
    assert "霊能セットを渡しました" in out.getvalue()
    assert write(replay(write(game, 5)), 5) == write(game, 5)
