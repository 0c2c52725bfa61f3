"""The day's ballots (§6): votes, the tally, runoffs, ties, revotes and executions.

:func:`open_vote` opens the day's first ballot; :func:`close` counts it (身代わりくん's vote, the
non-voters' sudden deaths, weights, priorities and received votes) and executes, holds a runoff,
breaks a tie or takes it again. A day action may end the day without a vote (:func:`end_day`, W.1.1).
Each returns the step that follows now, or None when the game waits or is over
(:class:`~jinrou.classic.phase.Then`).
"""

from __future__ import annotations

from collections import Counter

from jinrou.classic.burial import after, bury
from jinrou.classic.choices import candidates, submit_drawn
from jinrou.classic.model import Cause, Moment, Seat, Stage, Vote
from jinrou.classic.phase import MAX_REVOTES, Ballot, Then
from jinrou.classic.state import State
from jinrou.classic.victory import conclude


def open_vote(state: State) -> None:
    """The day's first ballot, among every living seat."""
    state.revotes = 0
    _new_ballot(state, False, tuple(state.living()))


def _new_ballot(state: State, runoff: bool, among: tuple[Seat, ...]) -> None:
    state.stage = Stage.DAY
    state.day_actions = ()
    state.ballot = Ballot(runoff, among)
    state.open_phase(Stage.DAY)


def close(state: State) -> Then | None:
    """The ballot closes (see the module docstring)."""
    ballot = state.ballot
    assert ballot is not None
    if ballot.ended:  # W.1.1: the day ended without a vote, as after an execution
        if ballot.decreed is not None:  # V1.1.1: its execution draws (埋毒者), so it is carried out here
            execute(state, ballot.decreed)
        bury(state, Moment.DAY)
        return after(state, Then.DUSK)
    goat = state.scapegoat
    if goat is not None and state.alive[goat] and goat not in ballot.votes:
        allowed = candidates(state, goat)
        if allowed:
            submit_drawn(state, Vote(goat, state.draw_seat("scapegoat vote", allowed)))
    missing = [s for s in state.living() if s not in ballot.votes and state.identities[s].must_vote
               and candidates(state, s)]
    if missing:
        for seat in missing:
            state.kill(seat, Cause.SUDDEN)
        bury(state, Moment.ABSENT)
        return after(state, Then.RETAKE)
    tally: Counter[Seat] = Counter()
    priority: dict[Seat, int] = {}
    ctx, identities = state.ctx, state.identities
    for voter, target in ballot.votes.items():
        tally[target] += ballot.weights[voter]
        p = identities[voter].vote_priority(ctx)
        priority[target] = max(priority.get(target, 0), p)
    for c in sorted(ballot.candidates) if ballot.votes else ():  # V1.1.2: received-vote modifiers (痛恨),
        if state.alive[c] and identities[c].receives_votes():  # each living candidate in seat order
            extra = identities[c].vote_received(ctx)
            if extra > 0:
                tally[c] += extra
                priority.setdefault(c, 0)
            elif extra < 0 and c in tally:  # T.1.10 (獅子舞's bites): never below 0, kept in the tally at 0
                tally[c] = max(0, tally[c] + extra)
    for c in list(priority):  # V2.1.11: received-priority modifiers (アイドル), for a candidate with votes
        raised = identities[c].priority_received(ctx) if state.alive[c] and c in ballot.votes.values() else None
        if raised:
            priority[c] += raised
    if not state.settings.on("voteresult"):
        if any(identities[s].hides_votes for s in state.living()):  # W.1.11b (闇狼)
            state.tell(None, "votes hidden")
        else:  # V1.1.2: the table shows the final numbers (weights, 痛恨)
            counts = dict(sorted(tally.items(), key=lambda item: (-item[1], item[0])))
            state.tell(None, "votes", votes={v: t for v, t in ballot.votes.items()}, counts=counts)
    if not ballot.votes:
        conclude(state, no_votes=True)
        return None
    most = max(tally.values())
    tops = [c for c in tally if tally[c] == most]
    best = max(priority[c] for c in tops)
    tops = sorted(c for c in tops if priority[c] == best)
    mode = state.settings["runoff"]
    if ballot.runoff:
        return _execute(state, tops) if len(tops) == 1 else _tie(state, tops)
    if len(tops) == 1 and mode != "yes":
        return _execute(state, tops)
    if mode == "yes":
        # a single top faces the whole next group by votes, then priority (reference VotingBox.check)
        rest = {c: (tally[c], priority[c]) for c in tally if c not in tops}
        second = sorted(c for c in rest if rest[c] == max(rest.values())) if len(tops) == 1 else []
        if len(tops) + len(second) > 1:
            _new_ballot(state, True, tuple(tops + second))
            return None
        return _execute(state, tops)
    if mode == "revote" and state.settings["drawvote"] == "revote":
        _new_ballot(state, True, tuple(tops))
        return None
    return _tie(state, tops)


def _tie(state: State, tops: list[Seat]) -> Then | None:
    rule = state.settings["drawvote"]
    if rule == "revote":
        retake(state)
        return None
    if rule == "once":  # AIWolf's rule: one revote among all the living, then one of the tops at random
        if state.revotes == 0:
            retake(state)
            return None
        return _execute(state, [state.draw_seat("tie break", tops)])
    if rule == "random":
        return _execute(state, [state.draw_seat("tie break", tops)])
    if rule == "none":
        state.tell(None, "no execution")
        bury(state, Moment.DAY)
        return after(state, Then.DUSK)
    return _execute(state, _in_tally_order(state, tops))


def _in_tally_order(state: State, tops: list[Seat]) -> list[Seat]:
    """The tops in the order ``drawvote=all`` executes them (§6): reading the ballot in seat
    order, the tops in the order of their first vote, from the last to the first (the
    reference's ``VotingBox.check`` collects its tops so)."""
    assert state.ballot is not None
    votes = state.ballot.votes
    first: list[Seat] = []
    for voter in sorted(votes):
        if votes[voter] not in first:
            first.append(votes[voter])
    return sorted(tops, key=first.index, reverse=True)


def retake(state: State) -> None:
    """The ballot is taken again (r += 1); at 4 the game is drawn unless a team has won."""
    state.revotes += 1
    if state.revotes >= MAX_REVOTES:
        conclude(state)
        return
    if state.settings["drawvote"] == "once":
        state.tell(None, "revote once")
    else:
        state.tell(None, "revote", left=MAX_REVOTES - state.revotes)
    _new_ballot(state, False, tuple(state.living()))


def _execute(state: State, seats: list[Seat]) -> Then | None:
    """Execute ``seats`` one at a time, each death's effects before the next (§6). The ballot uses
    one of the day's executions whatever it kills (V1.1.3); with some left, the burial is an
    intermediate one and a new ballot follows."""
    for seat in seats:
        execute(state, seat)
    state.executions_left -= 1
    last = state.executions_left <= 0
    bury(state, Moment.DAY, last=last)
    return after(state, Then.DUSK if last else Then.NEXT_EXECUTION)


def execute(state: State, seat: Seat) -> bool:
    """Execute one seat (§6; a 独裁者's too): True if it died (a holy protection, プリンス resist)."""
    if not state.kill(seat, Cause.EXECUTION):  # resisted (§5.2: a holy protection, プリンス)
        return False
    state.executions.append((state.day, seat))
    if state.settings.on("GMpsychic"):
        state.tell(None, "psychic result", target=seat, result=state.identities[seat].psychic().value)
    return True


def next_execution(state: State) -> None:
    """V1.1.3: executions are left today — public notice, r ← 0 and a new ballot among all living."""
    state.tell(None, "executions left", count=state.executions_left)
    state.revotes = 0
    _new_ballot(state, False, tuple(state.living()))


def end_day(state: State, execute: Seat | None = None, by: Seat | None = None) -> None:
    """A day action ends the day at once (W.1.1: 自爆): no vote — the votes already cast are void
    (and leave the record) — and nobody may act or vote any more; closing it executes ``execute``
    (V1.1.1: 独裁者), buries the dead, gives the hunters their shots and checks the victory as after
    an execution, then dusk; ``by``: the seat that decreed it, its only voter."""
    ballot = state.ballot
    assert ballot is not None and state.stage is Stage.DAY
    ballot.ended = True
    ballot.decreed = execute
    ballot.decreed_by = by
    ballot.votes.clear()
    ballot.weights.clear()
    state.log.voided()


__all__ = ["close", "end_day", "execute", "next_execution", "open_vote", "retake"]
