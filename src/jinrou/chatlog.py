"""A room's chat kept in a game record: the lines said in a room, in the order they were said.

A record downloaded from the online server (any mode) carries, beside the game, the room's chat
as ``"chat": [{"name", "text", "phase", "channel"}, …]`` — every channel, the wolves' and the
dead's too, since the record is published only once the game is over (the 感想戦). Replaying a
record checks the list's shape and otherwise ignores it: talk changes no rule.
"""

from __future__ import annotations

from typing import Any

from jinrou.errors import RecordError

KEY = "chat"
LINE = frozenset({"name", "text", "phase", "channel"})


def check_chat(value: Any) -> None:
    """RecordError naming the line unless ``value`` is a list of chat lines (see the module)."""
    if not isinstance(value, list):
        raise RecordError(f'"chat" must be a list of lines {{"name", "text", "phase", "channel"}}, not {value!r:.40}')
    for number, line in enumerate(value, 1):
        if not isinstance(line, dict) or set(line) != LINE or not all(
                isinstance(line[k], str) for k in ("name", "text", "phase", "channel")):
            raise RecordError(f'chat line {number}: a line is {{"name", "text", "phase", "channel"}} of texts, '
                              f"not {line!r:.60}")
