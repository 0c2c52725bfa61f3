"""The play of issue 34's village roles of ``roles/village_nights.py`` and ``roles/village_masks.py``:
花火師 launches on the first day the village is down to half its seats or fewer (a night without an attack
is worth most then); アイドル makes the seat it suspects least its fan; 在宅者 comes out when it is on the
block (its execution would be wasted); 怪盗 steals a seat's role (or none) at random on its first night;
血まみれのメアリー, dead, hexes every night it may — the seat worth
most to the village once it has turned against it, the most suspected wolf while it stays with the village.
歌人 sends a short 5-7-5 poem to the seat it suspects least and always answers its partner's. The village
roles among them come out when they are on the block.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import Assessment
from jinrou.agents.classic.bots import HeuristicAgent
from jinrou.agents.classic.common import best, one
from jinrou.agents.classic.plays import Play
from jinrou.agents.classic.village import on_the_block
from jinrou.classic.catalog import Team
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Verb
from jinrou.classic.views import SeatView

HEX = Verb("hex")
LAUNCH = Verb("launch")
CAPTIVATE = Verb("captivate")
SWAP = Verb("swap")
POEM = Verb("poem")
REPLY = Verb("reply")

FIVES = ("月明かり", "夜が更けて", "秋の風", "春の宵", "霧の朝", "遠き声", "灯火よ", "星ひとつ")
SEVENS = ("誰を想うか", "村の灯りが", "影を見つめて", "狼の声", "静かに揺れる", "君に届けと", "夢を数えて")
"""The lines a bot poet writes its poems from (5, 7 and 5 morae, as the reference's form asks)."""


def haiku(rng: np.random.Generator) -> str:
    """A short poem of three lines, 5-7-5, drawn from the bots' lines."""
    return " ".join((FIVES[int(rng.integers(len(FIVES)))], SEVENS[int(rng.integers(len(SEVENS)))],
                     FIVES[int(rng.integers(len(FIVES)))]))


def _poem(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    """歌人: a short poem to the seat it trusts most (its partner then reads its count of nothing but trust)."""
    return Action(view.seat, POEM, (best(legal.targets, lambda s: -a.suspicion[s] + 0.01 * noise[s]),),  # type: ignore[arg-type]
                  (haiku(rng),))


def _reply(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """歌人 paired: it always answers its partner's poem with one of its own."""
    return Action(view.seat, REPLY, (), (haiku(rng),))  # type: ignore[arg-type]


def _swap(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    """怪盗: on its first night it knows nothing yet — a third of the time it steals nothing, else it steals
    from a seat drawn uniformly (a wolf's role makes it a wolf, and it plays as one)."""
    if legal.or_none is not None and (not legal.targets or rng.random() < 1 / 3):
        assert view.seat is not None
        return Action(view.seat, SWAP, ())
    return one(view, legal, legal.targets[int(rng.integers(len(legal.targets)))])


def _launch(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """花火師: on the first day at most half the seats live (each night without an attack counts then)."""
    assert view.seat is not None
    return Action(view.seat, LAUNCH, ()) if 2 * len(view.living()) <= view.n else None


def _captivate(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action:
    """アイドル: the seat it suspects least (its fan knows it, and reads its count of the village)."""
    return one(view, legal, best(legal.targets, lambda s: -a.suspicion[s] + 0.01 * noise[s]))


def _hex(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action:
    """血まみれのメアリー: executed (team Werewolf), the village seat worth most (a trusted claimant first);
    bitten (team Human), the wolf it suspects most (every seat offered is on the wolves' side)."""
    if view.team is Team.HUMAN:
        return one(view, legal, best(legal.targets, lambda s: a.suspicion[s] + 0.01 * noise[s]))
    return one(view, legal, best(legal.targets, lambda s: a.value[s] + a.trust.get(s, 0.0) + 0.01 * noise[s]))


plays.declare(
    Play("Pyrotechnist", comes_out=on_the_block, policies={LAUNCH: _launch}),
    Play("Idol", comes_out=on_the_block, policies={CAPTIVATE: _captivate}),
    Play("RemoteWorker", comes_out=on_the_block),
    Play("BloodyMary", policies={HEX: _hex}),
    Play("Phantom", policies={SWAP: _swap}),
    Play("Poet", comes_out=on_the_block, policies={POEM: _poem, REPLY: _reply}),
)
