"""Quantum werewolf's events as lines of text (English with the Japanese terms), for every front end:
the terminal's transcript, the server's log, replays."""

from __future__ import annotations

from collections.abc import Sequence

from jinrou.outcome import Winner
from jinrou.quantum.events import Cause, DeathEvent, EndEvent, Event, NightEvent, NumbersEvent, VoteEvent
from jinrou.quantum.roles import Card, Role

CAUSES = {
    Cause.ATTACK: "was found dead (attacked)", Cause.EXECUTION: "was executed", Cause.SUDDEN: "died a sudden death",
}
WINNERS = {Winner.VILLAGE: "The village (村人陣営) wins!", Winner.WOLVES: "The wolves (人狼陣営) win!", Winner.DRAW: "Draw."}


def card_text(card: Card) -> str:
    rank = f" {card.rank}" if card.role is Role.WOLF else ""
    return f"{card.role.japanese}{rank} ({card})"


def event_line(event: Event, names: Sequence[str]) -> str | None:
    """One line for an event of the record (None for tables, shown as tables)."""
    if isinstance(event, DeathEvent):
        return f"✝ {names[event.player]} {CAUSES[event.cause]}: {card_text(event.card)}"
    if isinstance(event, VoteEvent):
        votes = ", ".join(f"{names[v]}→{names[t]}" for v, t in event.votes.items())
        result = f"{names[event.executed]} is executed" if event.executed is not None else "tie: no execution"
        return f"Vote (day {event.day}): {votes or 'nobody voted'} — {result}"
    if isinstance(event, NightEvent):
        parts = []
        for seat, action in event.actions.items():
            bits = []
            if action.divine is not None:
                bits.append(f"divines {names[action.divine]} = {event.divinations.get(seat)}")
            if action.attack is not None:
                bits.append(f"attacks {names[action.attack]}")
            parts.append(f"{names[seat]} " + " and ".join(bits))
        order = f" (order {' '.join(names[s] for s in event.order)})" if event.order else ""
        return f"Night {event.night}{order}: " + ("; ".join(parts) or "no actions")
    if isinstance(event, EndEvent):
        text = WINNERS[event.winner]
        if event.world is not None:
            text += " Final world: " + ", ".join(f"{n} {card_text(c)}" for n, c in zip(names, event.world))
        return text
    if isinstance(event, NumbersEvent):
        return "Secret numbers: " + ", ".join(f"{n}={k}" for n, k in zip(names, event.numbers))
    return None
