"""The victory checks of classic-werewolf §7, one function per team, run in their order.

Each check sees the living seats through their identities (how each counts, ``steals_victory``,
the LoneWolf judge team, who is a lover and its partners, a victory mark); none names a role. The first
block decides a result; the second block may take it over or clear it; 悪魔くん's mark comes last,
and it alone also takes over the draw of a game where nobody is alive.
A check is added to a list, so a later team (鴉, ローレライ, …) is one function and one line here.
:func:`conclude` runs them on a game after each burial and ends it on a result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from jinrou.classic.catalog import Team
from jinrou.classic.model import DRAW, Count, Outcome, Seat, Stage
from jinrou.classic.phase import MAX_REVOTES

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Identity
    from jinrou.classic.settings import Settings
    from jinrou.classic.state import State

Result = Team | str | None  # a team, "Draw", or None (no result yet)


class Table(Protocol):
    """What the checks read of a game (the game is one): every seat's identity, who lives, the room's
    settings, and the context its roles are asked through (a lover's partners)."""

    @property
    def identities(self) -> Sequence[Identity]: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def ctx(self) -> Context: ...

    def living(self) -> list[Seat]: ...

    def identity(self, seat: Seat) -> Identity: ...


class Tally:
    """The living seats counted as §7 counts them."""

    def __init__(self, game: Table) -> None:
        self.game = game
        self.alive = game.living()
        every = game.identities
        self.identities = [every[s] for s in self.alive]
        counts = [identity.counts() for identity in self.identities]
        self.humans = counts.count(Count.HUMAN)
        self.wolves = counts.count(Count.WOLF)
        self.vampires = counts.count(Count.VAMPIRE)
        self.lovers = [identity.seat for identity in self.identities if identity.lover]
        self.swapped = any(identity.role.swaps_results for identity in self.identities)  # T.1.2 steps 2–3


def _nobody(t: Tally, result: Result) -> Result:
    return "Draw" if not t.alive else result


def _human(t: Tally, result: Result) -> Result:
    """Step 2 (T.1.2): Human — Werewolf while a seat that swaps them lives (闇道化)."""
    if result is None and t.wolves == 0 and t.vampires == 0:
        return Team.WEREWOLF if t.swapped else Team.HUMAN
    return result


def _werewolf(t: Tally, result: Result) -> Result:
    """Step 3 (T.1.2): Werewolf — Human while a seat that swaps them lives (闇道化)."""
    if result is None and t.humans <= t.wolves and t.vampires == 0:
        return Team.HUMAN if t.swapped else Team.WEREWOLF
    return result


def _vampire(t: Tally, result: Result) -> Result:
    return Team.VAMPIRE if result is None and t.humans <= t.vampires and t.wolves == 0 else result


def _lovers_alone(t: Tally, result: Result) -> Result:
    return Team.FRIEND if result is None and t.lovers and len(t.lovers) == len(t.alive) else result


def _lone_wolf(t: Tally, result: Result) -> Result:
    if result is Team.WEREWOLF:
        wolves = [identity for identity in t.identities if identity.counts() is Count.WOLF]
        if len(wolves) == 1 and wolves[0].role.team is Team.LONE_WOLF:
            return Team.LONE_WOLF
    return result


def _fox(t: Tally, result: Result) -> Result:
    """7(a): a *fox* alive (T.1.3: a 妖狐系 role or 狐憑き, whatever its role) takes a decided result."""
    if isinstance(result, Team) and any(identity.steals_victory for identity in t.identities):
        return Team.FOX
    return result


def _lovers(t: Tally, result: Result) -> Result:
    """§7.7c: living lovers grouped by pairs (pairs sharing a seat merge)."""
    if not isinstance(result, Team) or not t.lovers:
        return result
    groups = lover_groups(t.game, t.lovers)
    everyone = len(t.lovers) == len(t.alive)
    if len(groups) == 1:
        if t.game.settings["friendsjudge"] == "alive" or everyone:
            return Team.FRIEND
        return result
    if t.game.settings.on("friendssplit") and not everyone:
        return None  # several couples alive: play on
    return Team.FRIEND


def _victory_mark(t: Tally, result: Result) -> Result:
    """§7.9: a seat holding a victory mark (悪魔くん executed after a bite) wins for its team."""
    for identity in t.game.identities:  # in seat order, the dead too
        if identity.victory_mark:
            return identity.role.team
    return result


CHECKS: list[Callable[[Tally, Result], Result]] = [
    _nobody, _human, _werewolf, _vampire, _lovers_alone, _lone_wolf, _fox, _lovers, _victory_mark,
]
"""§7 in order (the draw after too many revotes is the engine's, step 10)."""

OVER_A_DRAW: list[Callable[[Tally, Result], Result]] = [_victory_mark]
"""The checks that still run when nobody is alive (§7.1: a 悪魔くん's mark turns that draw into its
win, as the reference's judge, whose devil check follows every other)."""


def judge(game: Table) -> Result:
    """The result of the checks: a team, ``"Draw"``, or None when the game goes on."""
    tally = Tally(game)
    result: Result = None
    for check in CHECKS:
        if result != "Draw" or check in OVER_A_DRAW:
            result = check(tally, result)
    return result


def lover_groups(game: Table, lovers: list[Seat]) -> list[set[Seat]]:
    """The living lovers grouped: two lovers paired together (directly or through others) are one
    group."""
    groups: list[set[Seat]] = []
    for s in lovers:
        linked = {s} | {p for p in game.identity(s).partners(game.ctx) if p in lovers}
        merged = [g for g in groups if g & linked]
        for g in merged:
            groups.remove(g)
            linked |= g
        groups.append(linked)
    return groups


def conclude(state: State, no_votes: bool = False) -> bool:
    """The checks of §7 in order, then the draw of step 10 (a ballot taken again :data:`MAX_REVOTES`
    times, or one without a vote: ``no_votes``); on a result the game ends — each winning seat (not
    one dead by sudden death) named, the end and the hidden notes told to everybody — and True."""
    result = judge(state)
    if result is None and (state.revotes >= MAX_REVOTES or no_votes):
        result = DRAW
    if result is None:
        return False
    winner = None if result == DRAW else result
    assert winner is None or isinstance(winner, Team)
    winners = frozenset() if winner is None else frozenset(
        s for s in state.seats() if s not in state.sudden and state.identities[s].wins(state.ctx, winner)
    )
    state.outcome = Outcome(winner, winners)
    state.stage = Stage.OVER
    state.ballot = None
    state.tell(None, "end", winner=state.outcome.winner_id)
    for note in state.notes:
        state.tell(None, note.key, **note.args)
    return True
