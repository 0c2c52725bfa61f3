"""A classic room's turns and their clocks: the part of a phase the room is in (:class:`Turn`), the phase's names
in both languages, a day's length, and what a phase opens with — the room side of the reference's timers, kept
apart from the mode's doors (:mod:`jinrou.modes.classic`)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from jinrou.classic.claims import ClaimKind
from jinrou.classic.game import Game
from jinrou.classic.model import Stage
from jinrou.modes import classic_requests as asking
from jinrou.modes.base import PhaseKind

if TYPE_CHECKING:
    from jinrou.modes.classic import Village


class Turn(enum.StrEnum):
    """The part of a phase the room is in; each gets its own deadline."""

    MAIN = "main"
    SILENT = "silent"  # a day's first ``silentrule`` seconds (n秒ルール): nobody speaks, the turn runs its time
    DISCUSSION = "discussion"  # a day's talk before the voting time (``voting`` > 0)
    GRACE = "grace"  # 猶予: only the missing required actions (or votes) are waited for


def phase_names(village: Village) -> tuple[tuple[str, str], PhaseKind]:
    """The phase in Japanese and English (1日目 夜, night 1; 2日目 昼 再投票1, day 2 revote 1; …)
    and its kind."""
    game = village.game
    if game is None and village.requesting:
        return asking.NAMES
    if game is None:
        return ("配役", "casting"), PhaseKind.OTHER
    day = game.day
    if game.stage is Stage.NIGHT:
        ja, en, kind = f"{day}日目 夜", f"night {day}", PhaseKind.NIGHT
    elif game.stage is Stage.DAY:
        assert game.ballot is not None
        ja, en, kind = f"{day}日目 昼", f"day {day}", PhaseKind.DAY
        if game.ballot.runoff:
            ja, en = f"{ja} 決選投票", f"{en} runoff"
        elif game.revotes:
            ja, en = f"{ja} 再投票{game.revotes}", f"{en} revote {game.revotes}"
        elif village.turn is Turn.SILENT:
            ja, en = f"{ja} 発言禁止", f"{en} silence"
        elif village.turn is Turn.DISCUSSION:
            ja, en = f"{ja} 議論", f"{en} discussion"
        elif voting_time(village):
            ja, en = f"{ja} 投票", f"{en} voting"
    elif game.stage is Stage.HUNTER:
        ja, en, kind = f"{day}日目 ハンター", f"day {day} hunter", PhaseKind.OTHER
    else:
        return ("終了", "over"), PhaseKind.OTHER
    if village.turn is Turn.GRACE and not (game.stage is Stage.NIGHT and village.settings["times"]["night"] == 0):
        ja, en = f"{ja} 猶予", f"{en} grace"
    return (ja, en), kind


def day_seconds(game: Game, times: Mapping[str, Any]) -> int:
    """A day's length: ``day``, or with 昼の時間を生存者数で (``dynamic_day_time``) (the living + 1) ×
    ``dynamic_day_time_factor`` (身代わりくん among the living, as the reference counts its players)."""
    if times["dynamic_day_time"]:
        return (len(game.living()) + 1) * int(times.get("dynamic_day_time_factor", 30))
    return int(times["day"])


def voting_time(village: Village) -> bool:
    """Whether the open ballot is a day's voting time after its discussion."""
    return village.first_ballot and bool(village.settings["times"]["voting"])


def begin(village: Village) -> None:
    """A phase opened: clear the marks of the last one and take its first turn."""
    game = village.game
    assert game is not None
    village.closing = False
    if game.phase == village.opened and game.stage is not Stage.OVER:
        return
    village.opened = game.phase
    village.ready.clear()
    village.talked.clear()
    village.proposals.clear()
    village.turn = Turn.MAIN
    times = village.settings["times"]
    if game.stage is Stage.NIGHT and times["night"] == 0:
        village.turn = Turn.GRACE
    elif village.first_ballot and times.get("silentrule", 0):
        village.turn = Turn.SILENT
    elif village.first_ballot and times["voting"]:
        village.turn = Turn.DISCUSSION


def hearing(village: Village) -> bool:
    """Whether the bots' votes wait for the people: at a day's first ballot without a discussion
    time, until every seat that still owes its vote and has not said its claims at once (as bots do,
    ``{"claims": [...]}``) has said whom it will vote for (a VOTE claim) or voted. At the deadline the
    ballot's grace opens, and the bots vote then: a silent person holds them no longer."""
    game = village.game
    assert game is not None
    if not village.first_ballot or village.turn is not Turn.MAIN or village.settings["times"]["voting"]:
        return False
    spoke = {s for day, s, c in game.claims if day == game.day and c.kind is ClaimKind.VOTE}
    return any(s not in village.talked and s not in spoke for s in game.awaited())
