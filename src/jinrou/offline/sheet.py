"""A printable recording sheet and rules summary for offline quantum werewolf.

One self-contained HTML page (A4 landscape when printed, no external resources): the rules in
brief on the left, and a grid on the right with a row per player for the pointers he received each
night (襲撃先指定の記録), his announced results (占い結果), his seer possibility and his fate. Up to
:data:`ONE_PAGE` players it prints on one A4 page; with more, the grid goes on over further pages
(:func:`pages`), its column heads repeated on each.

>>> "<td class=name>Ann</td>" in sheet_html(["Ann", "Bob", "Cy"], wolves=1)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from jinrou.offline.rules import Setup

RULES = [
    ("準備 Setup", ("{wolves} (人狼), 1 seer (占い師), the rest villagers (村人). Nobody has a role yet: "
                 "a role is fixed only when its player dies.")),
    ("夜 Night", ("Everybody points at the player he would attack. The pointed-at player writes down who "
                "pointed at him (襲撃先指定の記録). A player whose living pointers (襲撃先指定数) reach the number "
                "of living players dies by attack and becomes human.")),
    ("昼 Day", ("Each player who may still be the seer may announce one result a day: “I divined X: "
              "human / wolf”. Then everybody votes; the most-voted player is executed (a tie is re-voted).")),
    ("処刑死の判定 Collapse", ("The GM rolls the d100 against the assistant's exact threshold: the executed "
                          "player becomes human or wolf.")),
    ("人間に収束 Human", "Everyone who announced him as a wolf loses the seer possibility."),
    ("人狼に収束 Wolf", ("The players he pointed at die by attack and become human. Everyone who announced him "
                     "as human, or one of those victims as a wolf, loses the seer possibility.")),
    ("占い師の判定 Seer check", ("If nobody alive may be the seer: after a human, the day-1 executed player was "
                            "the true seer; after a wolf, the world collapses (draw).")),
    ("襲撃先指定の修正 Strikes", "Strike the names of dead players from every pointer record."),
    ("勝敗の判定 Win check", ("After each execution: 0 left → draw; no wolf left → village wins; 1 left → he "
                          "is a wolf, wolves win; 2 left → draw; 3 or more → next night.")),
]

ONE_PAGE = 30  # player rows that fit on the first A4 landscape page, under the title and column heads
PER_PAGE = 36  # rows on each further page, under the repeated column heads

STYLE = """
@page { size: A4 landscape; margin: 8mm; }
body { font-family: "Noto Sans CJK JP", "Hiragino Sans", sans-serif; font-size: 8.5pt; margin: 0; }
h1 { font-size: 13pt; margin: 0 0 4px; }
.page { display: grid; grid-template-columns: 30% 70%; gap: 8px; }
dl { margin: 0; } dt { font-weight: bold; margin-top: 4px; } dd { margin: 0 0 2px 0; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 1px solid #444; padding: 1px 2px; height: 15px; text-align: center; }
thead { display: table-header-group; } tr { break-inside: avoid; }
th { background: #eee; font-size: 7.5pt; } td.name { text-align: left; font-weight: bold; }
.small { font-size: 7pt; color: #555; }
"""


def pages(players: int) -> int:
    """How many A4 landscape pages the sheet of ``players`` players prints on.

    >>> pages(10), pages(30), pages(31), pages(200)
    (1, 1, 2, 6)
    """
    return 1 + max(0, math.ceil((players - ONE_PAGE) / PER_PAGE))


def sheet_html(players: int | Sequence[str], wolves: int | None = None, nights: int = 8) -> str:
    """The sheet for ``players`` (a count or names) as one HTML page."""
    setup = Setup.create(players, wolves)
    wolves_text = f"{setup.wolves} {'wolf' if setup.wolves == 1 else 'wolves'}"
    rules = "".join(
        f"<dt>{escape(title)}</dt><dd>{escape(text.format(wolves=wolves_text))}</dd>" for title, text in RULES
    )
    night_heads = "".join(f"<th>夜{i}</th>" for i in range(1, nights + 1))
    day_heads = "".join(f"<th>昼{i}</th>" for i in range(1, nights + 1))
    blanks = "<td></td>" * (2 * nights)
    rows = "".join(
        f"<tr><td class=name>{escape(name)}</td>{blanks}<td>□</td><td></td></tr>" for name in setup.players
    )
    return f"""<!DOCTYPE html>
<html lang="ja"><head><meta charset="utf-8"><title>オフライン版量子人狼 — recording sheet</title>
<style>{STYLE}</style></head><body>
<h1>オフライン版量子人狼 Offline quantum werewolf — {len(setup.players)} players, {wolves_text}</h1>
<div class=page>
<section><dl>{rules}</dl>
<p class=small>Exact probabilities: <code>jinrou offline gm</code> counts every assignment of seer and wolves
consistent with the record.</p></section>
<section><table>
<colgroup><col style="width:11%">{'<col>' * (2 * nights)}<col style="width:6%"><col style="width:9%"></colgroup>
<thead><tr><th rowspan=2>player</th><th colspan={nights}>pointed at by (襲撃先指定の記録)</th>
<th colspan={nights}>announced: target + 人/狼 (占い結果)</th><th rowspan=2>占い師 seer?</th><th rowspan=2>† fate</th></tr>
<tr>{night_heads}{day_heads}</tr></thead>
<tbody>{rows}</tbody>
</table></section>
</div></body></html>
"""
