"""Classic werewolf bots: a random one and a heuristic one that talks, lies and votes together.

The package is in two layers. The core names no role: :mod:`.plays` (the registry of each role's
play), :mod:`.notes` (what a bot has read), :mod:`.assessment` (what it thinks of the table),
:mod:`.bots` (the main loop: :class:`RandomAgent`, :class:`HeuristicAgent`) and :mod:`.common` (the
play of the vocabulary's verbs, divine, guard, attack …, shared by roles of several groups). Above it,
one module per group of the catalog declares its roles' plays (:func:`~.plays.declare`):
:mod:`.village` (村人系), :mod:`.werewolves` (人狼系), :mod:`.madmen` (狂人系), :mod:`.others` (第三陣営系; :mod:`.single_teams`
its single teams of wave 3) and :mod:`.switching` (役職変化系); :mod:`.foxes_oni` plays wave 3's fox kinds and the
第三陣営 without a team (悪戯妖精 … 冒涜者, ならず者, the 鬼 kinds, 獅子舞, 地縛霊). Importing this
package declares every play; a role declared elsewhere (a test's) declares its own play the same
way, and the main loop finds it by the role's id.
"""

from jinrou.agents.classic import (  # noqa: F401  (declares)
    common,
    crowds,
    foxes_oni,
    madmen,
    others,
    plays,
    single_teams,
    sweets,
    switchers,
    switching,
    village,
    village_nights,
    werewolves,
)
from jinrou.agents.classic.assessment import Assessment, Table, assess
from jinrou.agents.classic.bots import AGENTS, HeuristicAgent, RandomAgent, make_classic_agent
from jinrou.agents.classic.notes import Notes
from jinrou.agents.classic.plays import Play

__all__ = ["AGENTS", "Assessment", "HeuristicAgent", "Notes", "Play", "RandomAgent", "Table", "assess",
           "make_classic_agent", "plays"]
