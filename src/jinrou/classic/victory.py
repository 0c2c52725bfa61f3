"""The victory checks (classic-werewolf §7 as T.1.2 writes it in full), one function per step, run in
their order.

Each check sees the seats through their identities and what their declarations say — how each
counts, the *fox* flag (``steals_victory``), a role that swaps the village's and the wolves' results
(``swaps_results``), the LoneWolf judge team, who is a lover and its partners, a role of which one
survivor takes the result (``lone_survivor``), one that takes a decided result after the lovers
(``steals_after_lovers``), a majority a role leads (``majority``), a team that wins when every living
seat holds it (``sweeps``), a victory mark — and none names a role. In T.1.2's order:

1–5. the first result (:data:`DECIDING`: each only while none is found);
6. the lone wolf;
7. only if a result is set now (:data:`DECIDED`): the fox, the last raven, the lovers (who may clear
   it), Lorelei (also after the lovers cleared it);
8. whether or not one is set (:data:`ALWAYS`): a majority, the sweeps (Hooligan, then Cult), the
   victory mark;
9. the draw after too many ballots (the engine's, :func:`conclude`).

A team's check is one function and one line in its list. :func:`conclude` runs them on a game after
each burial and ends it on a result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from jinrou.classic.catalog import Team
from jinrou.classic.identity import LayerKind
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
    settings, and the context its roles are asked through (a lover's partners, a win rule)."""

    @property
    def identities(self) -> Sequence[Identity]: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def ctx(self) -> Context: ...

    def living(self) -> list[Seat]: ...

    def identity(self, seat: Seat) -> Identity: ...


class Tally:
    """The living seats counted as §7 counts them (T.1.2: humans, wolves, vampires by their counts;
    lovers, the hidden ones included), and whether a living seat swaps the first results."""

    def __init__(self, game: Table) -> None:
        self.game = game
        self.alive = game.living()
        every = game.identities
        self.identities = [every[s] for s in self.alive]
        counted = {Count.HUMAN: 0, Count.WOLF: 0, Count.VAMPIRE: 0, Count.NONE: 0}
        for identity in self.identities:  # a seat counts once (a ケミカル seat of two wolves: twice)
            counted[identity.counts()] += identity.weight
        self.humans = counted[Count.HUMAN]
        self.wolves = counted[Count.WOLF]
        self.vampires = counted[Count.VAMPIRE]
        self.lovers = [identity.seat for identity in self.identities if identity.lover]
        self.swapped = any(role.swaps_results for identity in self.identities for role in identity.halves())


Check = Callable[[Tally, Result], Result]


# ---------------------------------------------------------------------------------------------- steps 1–5


def _nobody(t: Tally, result: Result) -> Result:
    """Step 1: nobody alive → Draw."""
    return DRAW if not t.alive else result


def _human(t: Tally, result: Result) -> Result:
    """Step 2: no wolf and no vampire alive → Human; Werewolf while a seat swaps them (闇道化)."""
    if result is None and t.wolves == 0 and t.vampires == 0:
        return Team.WEREWOLF if t.swapped else Team.HUMAN
    return result


def _werewolf(t: Tally, result: Result) -> Result:
    """Step 3: humans ≤ wolves and no vampire → Werewolf; Human while a seat swaps them (闇道化)."""
    if result is None and t.humans <= t.wolves and t.vampires == 0:
        return Team.HUMAN if t.swapped else Team.WEREWOLF
    return result


def _vampire(t: Tally, result: Result) -> Result:
    """Step 4: humans ≤ vampires and no wolf → Vampire."""
    return Team.VAMPIRE if result is None and t.humans <= t.vampires and t.wolves == 0 else result


def _lovers_alone(t: Tally, result: Result) -> Result:
    """Step 5: every living seat a lover → Friend."""
    return Team.FRIEND if result is None and t.lovers and len(t.lovers) == len(t.alive) else result


# ---------------------------------------------------------------------------------------------- step 6


def _lone_wolf(t: Tally, result: Result) -> Result:
    """Step 6: result Werewolf with exactly one wolf alive, of team LoneWolf → LoneWolf (a ケミカル seat's
    role team: its halves', combined)."""
    if result is Team.WEREWOLF and t.wolves == 1:
        wolves = [identity for identity in t.identities if identity.counts() is Count.WOLF]
        if len(wolves) == 1 and wolves[0].role_team() is Team.LONE_WOLF:
            return Team.LONE_WOLF
    return result


# ---------------------------------------------------------------------------------------------- step 7


def _fox(t: Tally, result: Result) -> Result:
    """Step 7(a): a *fox* alive (T.1.3: its role or a sub-role says so, ``steals_victory``) → Fox."""
    if any(identity.steals_victory for identity in t.identities):
        return Team.FOX
    return result


def _raven(t: Tally, result: Result) -> Result:
    """Step 7(b): ≥ 2 seats, dead or alive, whose role declares ``lone_survivor`` T (鴉) and exactly
    one of them alive → T."""
    flocks: dict[Team, list[bool]] = {}
    alive = t.game.ctx.alive
    for identity in t.game.identities:
        for role in identity.halves():  # a ケミカル seat of two 鴉 counts twice, as the reference counts them
            team = role.lone_survivor
            if team is not None:
                flocks.setdefault(team, []).append(alive(identity.seat))
    for team, lives in flocks.items():
        if len(lives) >= 2 and lives.count(True) == 1:
            result = team
    return result


def _lovers(t: Tally, result: Result) -> Result:
    """Step 7(c): living lovers grouped by pairs (pairs sharing a seat merge); one group → Friend
    (``friendsjudge=alive``, or all living are lovers); several → Friend, unless ``friendssplit`` and
    not all living are lovers: the result is cleared and play goes on. None alive: it stands."""
    if not t.lovers:
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


def _lorelei(t: Tally, result: Result) -> Result:
    """Step 7(d): a seat whose role declares ``steals_after_lovers`` T alive (ローレライ) → T, also
    when the lovers have just cleared the result."""
    for identity in t.identities:
        for role in identity.halves():
            team = role.steals_after_lovers
            if team is not None:
                return team
    return result


# ---------------------------------------------------------------------------------------------- step 8


def _majority(t: Tally, result: Result) -> Result:
    """Step 8(a): for a team T that a living seat's role leads (``majority``: ドラキュラ), the living
    seats holding a layer that declares T (the role, or a mark: 吸血) more than half the living → T."""
    led = {role.majority for identity in t.identities for role in identity.halves()} - {None}
    for team in sorted(led, key=list(Team).index):  # type: ignore[arg-type]
        counted = sum(1 for identity in t.identities if any(layer.role.majority is team for layer in identity.layers))
        if counted * 2 > len(t.alive):
            result = team
    return result


def _sweeps(t: Tally, team: Team) -> bool:
    """Whether every living seat (one at least) holds a layer that sweeps for ``team``: a sub-role or
    mark always, a role only while its seat judges with ``team``."""
    return bool(t.alive) and all(
        any(layer.role.sweeps is team and (layer.kind not in _ROLES or identity.team() is team)
            for layer in identity.layers)
        for identity in t.identities)


_ROLES = (LayerKind.ROLE, LayerKind.PAIR)


def _hooligans(t: Tally, result: Result) -> Result:
    """Step 8(b): every living seat a 暴動者 (``sweeps`` Hooligan) → Hooligan."""
    return Team.HOOLIGAN if _sweeps(t, Team.HOOLIGAN) else result


def _cult(t: Tally, result: Result) -> Result:
    """Step 8(c): every living seat a カルト信者, or a カルトリーダー/教主 whose team is Cult (``sweeps``
    Cult) → Cult."""
    return Team.CULT if _sweeps(t, Team.CULT) else result


def _victory_mark(t: Tally, result: Result) -> Result:
    """Step 8(d): a seat, dead or alive, holding a victory mark (悪魔くん executed after a bite) whose
    team is still its role's and whose win rule holds for that team's result → that team (a sub-role
    that changes its team voids the mark)."""
    ctx = t.game.ctx
    for identity in t.game.identities:  # in seat order, the dead too
        if identity.victory_mark:
            team = identity.role_team()
            if identity.team() is team and identity.wins(ctx, team):
                return team
    return result


DECIDING: tuple[Check, ...] = (_nobody, _human, _werewolf, _vampire, _lovers_alone)
"""Steps 1–5: the first that applies sets the result."""
DECIDED: tuple[Check, ...] = (_fox, _raven, _lovers, _lorelei)
"""Step 7: only if a result is set when it begins (each in turn may replace it; the lovers may clear it)."""
ALWAYS: tuple[Check, ...] = (_majority, _hooligans, _cult, _victory_mark)
"""Step 8: whether or not a result is set, each in turn may replace it."""

CHECKS: tuple[tuple[str, Check], ...] = (
    *((str(n), check) for n, check in enumerate(DECIDING, 1)),
    ("6", _lone_wolf),
    *((f"7{letter}", check) for letter, check in zip("abcd", DECIDED, strict=True)),
    *((f"8{letter}", check) for letter, check in zip("abcd", ALWAYS, strict=True)),
)
"""T.1.2's steps in order, each with its number (step 9, the draw after too many revotes, is the
engine's: :func:`conclude`)."""


def judge(game: Table) -> Result:
    """The result of the checks: a team, ``"Draw"``, or None when the game goes on."""
    t = Tally(game)
    result: Result = None
    for check in DECIDING:
        result = check(t, result)
    result = _lone_wolf(t, result)
    if result is not None:
        for check in DECIDED:
            result = check(t, result)
    for check in ALWAYS:
        result = check(t, result)
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
    one dead by sudden death) named, the end and the hidden notes told to everybody — and True. With
    ``losemode`` (敗北村) the result is the same team, but the winners are the seats whose win rule says
    they lost (the reference inverts each seat's ``isWinner``, then a sudden death loses; a draw has none)."""
    result = judge(state)
    if result is None and (state.revotes >= MAX_REVOTES or no_votes):
        result = DRAW
    if result is None:
        return False
    winner = None if result == DRAW else result
    assert winner is None or isinstance(winner, Team)
    inverted = state.settings.on("losemode")  # 敗北村: each seat's win inverted (a draw and a sudden death: nobody)
    winners = frozenset() if winner is None else frozenset(
        s for s in state.seats() if s not in state.sudden and state.identities[s].wins(state.ctx, winner) is not inverted
    )
    state.outcome = Outcome(winner, winners)
    state.stage = Stage.OVER
    state.ballot = None
    state.tell(None, "end", winner=state.outcome.winner_id)
    for note in state.notes:
        state.tell(None, note.key, **note.args)
    return True
