"""What a heuristic bot thinks of the table: a suspicion per seat (the log-odds that the seat plays
against the village), the trust in each claimant, each seat's value to the village and how far it
could still be a fox — from its view, what it has read (:class:`~.notes.Notes`) and the public role
list if it was given one.

The suspicion starts from the role list's share of seats against the village (a wolf, a madman, a
fox, a vampire, 悪魔くん; 1 in 4 without a list) and sums

* its own knowledge: the seats its role knows (wolves, foxes, 共有者, 女王観戦者, …; a lover is an
  ally, not a side), every role its view shows (the dead see them), its own divination and psychic
  results (±10; a white divination −5, since 大狼 and foxes read white);
* the public claims, each weighed by the *trust* in its claimant. The claimants of the role whose
  results DIVINED claims report (占い師), or IDENTIFIED claims (霊能者), share the role's seats: each
  has weight 1 against 0.18 for "nobody who claims it is genuine", trust = seats × weight / (sum of
  weights + 0.18). A weight drops to 0 when the claim contradicts what the bot knows (a result on
  itself, on a partner, on a seat it divined; it holds the role itself; the claimant is a known
  enemy, or its own lying ally; the role is not in the list; a psychic result on a seat not
  executed), 6-fold when a seat reported black was found dead in the morning (wolves do not attack
  wolves), moves with the psychics' verdict on executed seats it reported (×e^±1.5), rises 1.6-fold
  when the claimant was killed in the night (wolves kill the real seer) and falls 3-fold when it
  came out as two roles or changed a result. A result counts +4·trust (black) or −2.5·trust (white)
  on its target, unless the target is a counter-claimant (their mutual blacks only say they
  disagree); the claimant itself gets +3.5·(1 − 2·trust). Claims of a paired role (共有者) count
  −2.5·trust (trust 0.8, or 0.3 when more claim it than the list holds, 0 when the bot holds the role
  and does not know the claimant); another village coming out −0.6 (+0.3 when counter-claimed); a
  coming out as a role of another team +0.7, as a role not in the list +2;
* the votes: each vote for a seat since shown white (psychics' verdict, own knowledge) +0.4, for
  one shown black −0.3, against a trusted seer (trust > 0.6) +0.5.

From these it derives each seat's *value* to the village (a trusted claimant its play's worth ×
trust: 占い師 3, 霊能者 2, the others 1; a seat its own divination named a power role 2.5, plus
whiteness 0.3·(−suspicion) clipped to ±0.9) and how far each living seat could still be a *fox* (1,
times 1 − trust for each claimant whose divination named it and for its own claim; 0 for seats it
knows or divined). The roles it names are looked up in the plays (:mod:`.plays`), never written here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from jinrou.agents.classic import plays
from jinrou.agents.classic.notes import Notes
from jinrou.classic.catalog import Team
from jinrou.classic.claims import ClaimKind
from jinrou.classic.model import Count, Seat
from jinrou.classic.roles import ROLES, SUB_ROLES
from jinrou.classic.views import SeatView

PRIOR = math.log(1 / 3)  # log-odds of 1 in 4
CERTAIN = 10.0
W_BLACK, W_WHITE = 4.0, 2.5  # a result's weight on its target, times the claimant's trust
LIAR = 3.5  # a claimant's own suspicion: LIAR · (1 − 2·trust)
NOBODY = 0.18  # weight of "no claimant of the role is genuine" against 1 per claimant
HOSTILE = frozenset({Team.WEREWOLF, Team.LONE_WOLF, Team.FOX, Team.VAMPIRE, Team.DEVIL, Team.CULT, Team.HOOLIGAN,
                     Team.LORELEI})
"""Teams against the village (the others, ニート and 恋人 aside)."""
BLACK = "werewolf"
WHITE = "human"
PUMPKIN = "pumpkin"  # かぼちゃ魔's costume (W.1.5): a seer reports it; it weighs nothing either way
ONI = "oni"  # the 鬼 kinds' word (T.1.10): a seer or medium reports it; it weighs nothing either way


def side(team: Team | None) -> Team | None:
    return Team.WEREWOLF if team is Team.LONE_WOLF else team


def _label_team(label: str) -> Team | None:
    """The team a known seat's label implies (None: it says nothing about the side)."""
    if label == "wolves":
        return Team.WEREWOLF
    if label in ROLES:
        return ROLES[label].team
    if label in SUB_ROLES:
        return SUB_ROLES[label].judge_team
    return None


def is_black(result: str) -> bool | None:
    """Whether a result (a fortune, a psychic result or a role id) shows a seat against the village
    (None: it shows nothing, like 子狐's 「なんだかとても怪しい人」)."""
    if result in ("human", "tinyfox"):
        return False
    if result in ("werewolf", "vampire", "bigwolf"):
        return True
    if result in ROLES:
        return ROLES[result].team is not Team.HUMAN
    return None


@dataclass(frozen=True)
class Table:
    """What the public role list (配役, the counts announced at the start) tells a bot."""

    counts: Mapping[str, int]
    hostile: int  # seats against the village: wolves, madmen, foxes, vampires, 悪魔くん
    wolves: int  # seats counting as wolves
    foxes: int  # 妖狐 and 子狐

    @classmethod
    def of(cls, counts: Mapping[str, int]) -> Table:
        key = (len(ROLES), tuple(counts.items()))
        table = _TABLES.get(key)
        if table is None:  # every bot of a game reads the same list: made once (per catalog: a test may add a role)
            table = _TABLES[key] = cls._of(counts)
            if len(_TABLES) > 256:
                del _TABLES[next(iter(_TABLES))]
        return table

    @classmethod
    def _of(cls, counts: Mapping[str, int]) -> Table:
        declared = {r: (ROLES[r], c) for r, c in counts.items() if r in ROLES}
        return cls(
            dict(counts),
            hostile=sum(c for role, c in declared.values() if role.team in HOSTILE),
            wolves=sum(c for role, c in declared.values() if role.counts is Count.WOLF),
            foxes=sum(c for role, c in declared.values() if role.steals_victory),
        )

    def count(self, role: str) -> int:
        return self.counts.get(role, 0)

    def prior(self, seats: int) -> float:
        """The log-odds that a seat among ``seats`` (身代わりくん left out) plays against the village."""
        p = min(0.6, max(0.05, self.hostile / max(1, seats)))
        return math.log(p / (1 - p))


_TABLES: dict[tuple[int, tuple[tuple[str, int], ...]], Table] = {}
"""The tables made so far, by role list (the oldest dropped past 256)."""


@dataclass(frozen=True)
class Assessment:
    """A bot's reading of the table: suspicion (log-odds against the village) per seat, trust in
    each claimant's claim, the seats it knows to be on its side, each seat's value to the village
    (what guards protect and wolves attack), how far each could still be a fox (no trusted result on
    it, 0 to 1), and whether the village should hunt a fox before the last wolf."""

    suspicion: tuple[float, ...]
    trust: dict[Seat, float]
    allies: frozenset[Seat]
    value: tuple[float, ...]
    fox: tuple[float, ...]
    fox_hunt: bool

    @cached_property
    def probabilities(self) -> tuple[float, ...]:
        """Each seat's chance of playing against the village (the logistic of its suspicion), computed
        once: the vote weighs every speaker by it, at every choice."""
        exp = math.exp
        return tuple([1 / (1 + exp(-(x if -30.0 <= x <= 30.0 else 30.0 if x > 30.0 else -30.0)))
                      for x in self.suspicion])

    def probability(self, seat: Seat) -> float:
        return self.probabilities[seat]


def assess(view: SeatView, notes: Notes, table: Table | None = None) -> Assessment:
    """The heuristic's evaluation (see the module docstring), from the view, what was read and
    the public role list (if the bot was given one). Asked about twice a day by every bot (the
    claims said in between change it), so it is written for speed: every sum is taken in the same
    order as the plain reading, so the same view gives the same floats."""
    n, me = view.n, view.seat
    assert me is not None
    seer, medium = plays.reporter(ClaimKind.DIVINED), plays.reporter(ClaimKind.IDENTIFIED)
    my_team = side(view.team)
    village = my_team is Team.HUMAN
    mine = ROLES.get(view.role or "")
    prior = PRIOR if table is None else table.prior(n - (view.scapegoat is not None))
    suspicion = [prior] * n
    known: dict[Seat, bool] = {}  # seats whose side it knows: True = against the village
    allies: set[Seat] = set()
    for s, label in view.known.items():
        sub = SUB_ROLES.get(label)
        if sub is not None and sub.lover:
            if my_team is Team.FRIEND:
                allies.add(s)
            continue
        team = _label_team(label)
        if team is None:
            continue
        known[s] = team is not Team.HUMAN
        if side(team) is my_team and team is not Team.DUEL:  # two nemeses share team Duel, against each other
            allies.add(s)
    for s, role_id in view.roles.items():
        if s != me and role_id in ROLES:
            known[s] = ROLES[role_id].team is not Team.HUMAN
    own, psychic = notes.own, notes.psychic
    for s, result in psychic.items():
        black = is_black(result)
        if black is not None:
            known.setdefault(s, black)
    for s, result in own.items():  # a white divination is not certain: 大狼 and foxes read white
        black = is_black(result)
        if black or (black is not None and result in ROLES):
            known.setdefault(s, black)
    for s in notes.seers or ():  # 予言者のママ: the true 占い師 are village
        known.setdefault(s, False)
    if mine is not None:
        known[me] = mine.team is not Team.HUMAN
    for s, black in known.items():
        if s != me:
            suspicion[s] += CERTAIN if black else -CERTAIN
    for s, result in own.items():
        if s not in known and result == "human":
            suspicion[s] -= 5.0
    my_fortune_black = mine is not None and mine.fortune.value != "human"

    def contradicts(target: Seat, black: bool) -> bool:
        """A black or white result (「かぼちゃ」 says nothing of the side) the bot knows to be false."""
        if target == me:
            return black != my_fortune_black
        mine_on = own.get(target)
        if mine_on is not None and mine_on not in ROLES and is_black(mine_on) is not None:
            return black != is_black(mine_on)
        label = view.known.get(target)
        if label in ROLES:
            return black != (ROLES[label].fortune.value != "human")
        return False

    # psychics first: their verdicts on the executed weigh the seers
    executed, found_dead, identified, divined = notes.executed, notes.found_dead, notes.identified, notes.divined
    trust: dict[Seat, float] = {}
    psychics = notes.claimants(medium)
    weights = {}
    for c in psychics:
        g = _claimant_weight(view, notes, c, known, allies, village, table)
        for target, result in identified.get(c, {}).items():
            if target not in executed or target == me or known.get(target, result == BLACK) != (result == BLACK):
                g = 0.0
        weights[c] = g
    if weights:
        trust.update(_share(weights, me if view.role == medium else None, _room(table, medium)))
    verdict: dict[Seat, float] = {}
    for target in executed:
        if target in known:
            verdict[target] = 1.0 if known[target] else -1.0
        else:
            v = sum(trust[c] * (1 if identified[c][target] == BLACK else -1)
                    for c in psychics if target in identified.get(c, {}))
            verdict[target] = max(-1.0, min(1.0, v))

    seers = notes.claimants(seer)
    weights = {}
    for c in seers:
        g = _claimant_weight(view, notes, c, known, allies, village, table)
        for target, result in divined.get(c, {}).items():
            if (result == BLACK or result == WHITE) and contradicts(target, result == BLACK):
                g = 0.0
            elif result == BLACK and target in found_dead:
                g /= 6
            if target in verdict and (result == BLACK or result == WHITE):
                g *= math.exp(1.5 * verdict[target] * (1 if result == BLACK else -1))
        if c in found_dead:
            g *= 1.6
        weights[c] = g
    if weights:
        trust.update(_share(weights, me if view.role == seer else None, _room(table, seer)))
    for c in seers:
        t = trust[c]
        for target, result in divined.get(c, {}).items():
            # a seer's word on a counter-claimant only says they disagree; 「かぼちゃ」 says nothing
            if target not in seers:
                if result == BLACK:
                    suspicion[target] += t * W_BLACK
                elif result == WHITE:
                    suspicion[target] += t * -W_WHITE
    for c in (*seers, *psychics):
        suspicion[c] += LIAR * (1 - 2 * trust[c])

    for role in plays.paired():
        claimants = notes.claimants(role)
        room = table.count(role) if table is not None else 2
        for c in claimants:
            if c == me:
                continue
            if (view.role == role and view.known.get(c) != role) or room == 0:
                suspicion[c] += CERTAIN
                trust[c] = 0.0
            else:
                trust[c] = 0.8 if len(claimants) <= room else 0.3
                suspicion[c] -= 2.5 * trust[c]
    for role, claimants in notes.by_role.items():  # each seat once, under the role it came out as first
        play = plays.of(role)
        if play.reports is not None or play.paired:
            continue
        team = ROLES[role].team if role in ROLES else None
        for c in claimants:
            if c == me:
                continue
            if table is not None and table.count(role) == 0:
                suspicion[c] += 2.0  # a role that is not in the game
            elif team is Team.HUMAN:
                suspicion[c] += -0.6 if len(claimants) == 1 else 0.3
            else:
                suspicion[c] += 0.7
    for c in notes.switched:
        suspicion[c] += 1.0

    # votes, judged by the evidence so far
    shown = {t: 1.0 if black else -1.0 for t, black in known.items()}
    shown.update(verdict)
    voters = notes.voters
    for target, v in shown.items():
        if (v > 0.5 or v < -0.5) and target in voters:
            change = 0.4 if v < 0 else -0.3
            for voter in voters[target]:
                suspicion[voter] += change
    best_seer = max(seers, key=trust.__getitem__, default=None)
    if best_seer is not None and trust[best_seer] > 0.6:
        for voter in voters.get(best_seer, ()):
            suspicion[voter] += 0.5

    value = [0.9 if x < -3.0 else -0.9 if x > 3.0 else -0.3 * x for x in suspicion]  # whiteness, clipped
    co = notes.co
    for c, t in trust.items():
        value[c] += plays.of(co.get(c)).worth * t
    for s, result in own.items():
        if plays.of(result).power:
            value[s] += 2.5

    # how far each living seat could still be a fox: a divined fox dies, a trusted claimant is none
    fox = [1.0 if alive else 0.0 for alive in view.alive]
    fox[me] = 0.0
    for s in known:
        fox[s] = 0.0
    for s in own:
        fox[s] = 0.0
    for c, t in trust.items():
        fox[c] *= 1.0 - t
    for c in seers:
        t = 1.0 - trust[c]
        for target in divined.get(c, ()):
            if target != c:
                fox[target] *= t
    fox_hunt = False
    if village and table is not None and table.foxes:
        cursed = {t for c in seers if trust[c] > 0.5 for t, r in divined.get(c, {}).items()
                  if r == WHITE and t in found_dead}
        dead_wolves = 0.0  # executed seats, by the psychics' verdict or else by suspicion
        for s in executed:
            if not view.alive[s]:
                v = shown.get(s, 0.0)
                dead_wolves += 1.0 if v > 0.5 else 0.0 if v < -0.5 else 1 / (1 + math.exp(-suspicion[s]))
        living = view.living()
        left = table.wolves - dead_wolves
        located = sum(1 for s in living if suspicion[s] > 1.5)
        fox_hunt = len(cursed) < table.foxes and max(fox) > 0.5 and (left < 1.5 or left - located < 0.5) \
            and len(living) >= 4 * round(left) + 3
    return Assessment(tuple(suspicion), trust, frozenset(allies), tuple(value), tuple(fox), fox_hunt)


def _claimant_weight(view: SeatView, notes: Notes, c: Seat, known: dict[Seat, bool], allies: set[Seat],
                     village: bool, table: Table | None) -> float:
    """A claimant's weight before its reports are checked: 0 when the bot knows it lies."""
    if c == view.seat:
        return 0.0 if view.role != notes.co.get(c) else 1.0
    if table is not None and table.count(notes.co[c]) == 0:
        return 0.0  # the role is not in the game
    if known.get(c):
        return 0.0  # an enemy of the village never holds a village result role
    if notes.seers is not None and notes.co[c] == plays.reporter(ClaimKind.DIVINED) and c not in notes.seers:
        return 0.1  # 予言者のママ was told the seers: another claimant lies (or got a 占いセット later)
    if not village and c in allies:
        return 0.0  # its own side lies
    return 1 / 3 if c in notes.switched else 1.0


def _share(weights: dict[Seat, float], me: Seat | None, room: int = 1) -> dict[Seat, float]:
    """Trust among the claimants of a role that ``room`` seats hold: each claimant's share of the
    weights plus "nobody is genuine", times ``room``; a bot that holds the role trusts itself and
    shares what room is left among the others."""
    if me is None or me not in weights:
        others = weights
    else:
        others = {c: g for c, g in weights.items() if c != me}
    if me is not None:
        room -= 1
    total = sum(others.values()) + NOBODY
    trust = {c: min(1.0, room * g / total) for c, g in others.items()}
    if me is not None and me in weights:
        trust[me] = 1.0
    return trust


def _room(table: Table | None, role: str) -> int:
    """How many seats may genuinely hold ``role`` (1 without a role list)."""
    return 1 if table is None else max(1, table.count(role))


__all__ = ["BLACK", "ONI", "PUMPKIN", "WHITE", "Assessment", "Table", "assess", "is_black", "side"]
