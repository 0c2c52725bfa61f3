"""Burials (§5.4) and what follows them: the hunters' last shots (§5.5) and the win check (§3).

A burial runs the burial hooks until nobody new dies, then announces the dead (their causes where
public) and the revived. After one, the armed hunters shoot (a hunter stage waits for them) and the
game ends on a result; otherwise it goes on with the step it was given (:class:`~jinrou.classic.phase.Then`),
which these functions return for the game to run (:meth:`~jinrou.classic.game.Game.close`).
"""

from __future__ import annotations

from jinrou.classic.choices import shot, shot_targets, submit_drawn
from jinrou.classic.events import Announced, BurialPass, DeadBurialPass
from jinrou.classic.model import Action, Cause, Death, Moment, Seat, Stage, Verb
from jinrou.classic.phase import Then
from jinrou.classic.role import Kept
from jinrou.classic.state import State
from jinrou.classic.victory import conclude


def bury(state: State, moment: Moment, last: bool = True) -> None:
    """Burial (§5.4): burial hooks until nobody new dies, then the announcements (``last``: False
    for a day's intermediate burial, V1.1.3)."""
    seen: dict[Seat, Death] = {}  # V2.1.10: a death seen by a pass is announced, even if revived in a later one
    while True:
        before = len(state.fresh_dead)
        seen.update((s, d) for s in state.fresh_dead if s not in seen and (d := state.deaths[s]) is not None)
        state.emit(BurialPass(moment, last))
        state.emit(DeadBurialPass(moment))
        if len(state.fresh_dead) == before:
            break
    if state.memories:
        state.forget(Kept.BURIAL)
    dead, state.fresh_dead = state.fresh_dead, []
    if len(dead) > 1:
        dead = state.draws.order("announcement", dead, [state.names[s] for s in dead])
    announced = []
    for seat in dead:
        death = state.deaths[seat] or seen.get(seat)
        if death is None:  # revived in the same night
            continue
        shown = death.cause if death.cause.public or (
            death.cause is Cause.CURSE and state.settings.on("deadfox")) else None
        found = {} if shown or death.cause.found is None else {"found": death.cause.value}  # its own line, hidden cause
        state.tell(None, "died", player=seat, cause=shown.value if shown else None, **found)
        will = state.wills.get(seat)
        if will and state.settings.on("will"):  # 遺言: read out when its writer's death is announced
            state.tell(None, "will", player=seat, text=will)
        announced.append(seat)
    if announced:
        state.emit(Announced(tuple(announced)))  # V1.1.12: 閻魔's lines, to the seats alive now
    revived, state.fresh_revived = state.fresh_revived, []
    for seat in revived:
        state.tell(None, "revived", player=seat)


def after(state: State, then: Then) -> Then | None:
    """After a burial: the hunters' last shots and the win check (§3); ``then`` when the game goes
    on with it now, None when it waits (a hunter stage keeps ``then``) or is over."""
    if state.armed and not state.living():
        state.armed = []  # nobody left to shoot: no hunter phase (the reference's hunterCheck)
    if state.armed:
        if not state.settings.on("hunter_lastattack") and conclude(state):
            return None
        state.resume = then
        state.stage = Stage.HUNTER
        state.night.actions, state.night.owners = [], []
        state.open_phase(Stage.HUNTER)
        return None
    if conclude(state):
        return None
    return then


def close_hunter(state: State) -> Then | None:
    """The hunter stage closes: a hunter that has not shot shoots a uniform target; the shots kill in
    order, then their burial; what follows is what the stage kept."""
    for hunter in list(state.armed):
        if not shot(state, hunter):
            targets = shot_targets(state, hunter)
            if targets:
                submit_drawn(state, Action(hunter, Verb.SHOOT, (state.draw_seat("hunter shot", targets),)))
    shots = list(state.night.actions)
    state.armed = []
    for fired in shots:
        state.tell(None, "shot", hunter=fired.seat, target=fired.targets[0])
        state.kill(fired.targets[0], Cause.HUNTER, fired.seat)
    state.night.actions, state.night.owners = [], []
    bury(state, Moment.HUNTER)
    then, state.resume = state.resume, None
    assert then is not None
    return after(state, then)


__all__ = ["after", "bury", "close_hunter"]
