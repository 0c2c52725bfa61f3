"""Werewolf without conversation (Bi & Tanaka, GPW 2015) as an extensive-form game.

The model (``docs/no-talk-werewolf.md``, "The model"): nR villagers, an optional seer (D) who comes out
on day 1 and is believed, an optional guard (G) who never reveals himself, nM wolves (M) acting as
one player. Two players, zero-sum: the village's only decision-maker is the guard (player 0,
payoff 1 when the village wins), the wolves are player 1. Lynches and divinations follow fixed
random procedures. Players within a category are exchangeable, so states are category counts.

Labels of the living: the seer ``D``; villagers announced white ``W`` (the guard, if announced, is
internally ``S`` and publicly a white); ``C`` villagers whose attack failed because the guard
protected them (known to guard and wolves only); a wolf announced black ``B`` (lynched the next
day); everybody else is grey.

Days: a living B is lynched, else a uniformly random public-grey player (wolves, C players and an
un-whited guard included). Nights: guard and wolves pick a category at once (the wolves' decision
does not see the guard's); the individual is drawn uniformly within it; the attack fails if it
hits the protected player. Then the seer, if alive, divines a uniform player among those alive at
the start of the night other than himself and the whites ("d-": no result, if the target or the
seer died tonight). The game is judged after every lynch and every attack.

Information sets are the paper's history strings: ``G,4 1 1 4,vR,gDD-,dG,vR`` for the guard and
``M,4 1 1 4,vM,gDD-,dR,vR`` for the wolves (a success the wolves see as ``g?R+``: they learn
neither the guard's choice nor whether the victim was the guard).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import NamedTuple

from jinrou.errors import JinrouError
from jinrou.solve.efg import CHANCE, TERMINAL, CompiledGame
from jinrou.solve.unroll import compile_by_views

GUARD, WOLVES = 0, 1


class ModelError(JinrouError):
    """A werewolf setup or option is impossible."""


@dataclass(frozen=True)
class Variant:
    """Options of the model (spec §8); all off is the paper's game."""

    night_first: bool = False
    """The game starts with night 1 instead of day 1."""
    night_zero_divination: bool = False
    """The seer divines once before day 1."""
    guard_self: bool = False
    """The guard may protect himself (category G)."""
    wolves_see_guard: bool = False
    """The wolves choose after seeing the guard's category."""
    seer_result_survives: bool = False
    """A seer attacked tonight still publishes tonight's result."""
    merged_white: bool = False
    """Whites and C players form one category W for guard and wolves."""
    strict_wolf_majority: bool = False
    """The wolves win only when strictly more than the others."""

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


@dataclass(frozen=True)
class Setup:
    villagers: int
    seer: int
    guard: int
    wolves: int
    variant: Variant = Variant()

    def __post_init__(self) -> None:
        for name, value in (("villagers", self.villagers), ("wolves", self.wolves)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ModelError(f"{name} must be a count, not {value!r}")
        if self.seer not in (0, 1) or self.guard not in (0, 1):
            raise ModelError("there is at most one seer and one guard")
        if self.wolves < 1:
            raise ModelError("there must be at least one wolf")
        humans = self.villagers + self.seer + self.guard
        if self.wolves >= humans + (1 if self.variant.strict_wolf_majority else 0):
            raise ModelError(f"{self.wolves} wolves against {humans} others: the wolves have already won")

    @property
    def players(self) -> int:
        return self.villagers + self.seer + self.guard + self.wolves

    @property
    def counts(self) -> str:
        return f"{self.villagers} {self.seer} {self.guard} {self.wolves}"


class State(NamedTuple):
    """A history of the no-talk werewolf game, at category level (a named tuple: states are made
    by the million, and ``_replace`` is what keeps building cheap)."""

    setup: Setup
    grey: int  # grey villagers
    white: int  # white villagers
    c: int  # C villagers
    seer: bool  # the seer is alive
    guard: str  # "none", "dead", "grey", "white"
    wolves: int  # grey wolves
    black: int  # an announced wolf awaiting his lynch
    step: str  # day, guard, wolves, attack, divine, over
    night: tuple = ()  # within a night: the guard's category, the wolves' category, the start pool, the victim
    gview: str | None = None  # the guard's history (None once he is dead, or without a guard)
    mview: str = ""
    winner: str | None = None

    # ------------------------------------------------------------ interface

    def player(self) -> int:
        if self.step == "over":
            return TERMINAL
        if self.step == "guard":
            return GUARD
        if self.step == "wolves":
            return WOLVES
        return CHANCE

    def returns(self) -> float:
        return 1.0 if self.winner == "village" else 0.0

    def infoset(self, player: int) -> str:
        if player == GUARD:
            if self.gview is None:  # pragma: no cover - only the player to move is asked, and he is alive
                raise ValueError("the guard has left the game: he has no information state")
            return self.gview
        if self.setup.variant.wolves_see_guard and self.night:
            return f"{self.mview},g{self.night[0]}"
        return self.mview

    def views(self) -> tuple[str | None, str]:
        """The guard's and the wolves' history strings (for :mod:`jinrou.solve.unroll`)."""
        return self.gview, self.mview

    def with_views(self, views: tuple[str | None, str | None]) -> State:
        guard, wolves = views
        if wolves is None:  # pragma: no cover - the wolves' view ends only with the game, never emptied
            raise ValueError("the wolves always have a view")
        return self._replace(gview=guard, mview=wolves)

    def key(self) -> tuple:
        if self.step == "over":  # an ended game is only its winner: all such histories merge
            return ("over", self.winner)
        return self[1:]

    def actions(self) -> list[str]:
        return self._guard_categories() if self.step == "guard" else self._wolf_categories()

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return [(label, p) for label, p, _ in self._branches()]

    def transitions(self) -> list[tuple[str, float | None, State]]:
        """Every move at once: (label, probability or None for a decision, child)."""
        if self.step in ("guard", "wolves"):
            return [(a, None, self.child(a)) for a in self.actions()]
        return [(label, p, child) for label, p, child in self._branches() if p > 0]

    def child(self, action: str) -> State:
        if self.step == "guard":
            return self._replace(step="wolves", night=(action,))
        if self.step == "wolves":
            return self._replace(step="attack", night=self.night + (action,))
        for label, _, successor in self._branches():
            if label == action:
                return successor
        raise KeyError(action)

    # ------------------------------------------------------------- helpers

    def _humans(self) -> int:
        return self.grey + self.white + self.c + self.seer + (self.guard in ("grey", "white"))

    def _judged(self) -> State:
        """The victory check (spec §3)."""
        wolves = self.wolves + self.black
        if wolves == 0:
            return self._replace(step="over", winner="village")
        humans = self._humans()
        if wolves > humans or (wolves == humans and not self.setup.variant.strict_wolf_majority):
            return self._replace(step="over", winner="wolves")
        return self

    def _log(self, guard: str | None, wolves: str) -> State:
        gview = None if self.gview is None or guard is None else f"{self.gview},{guard}"
        return self._replace(gview=gview, mview=f"{self.mview},{wolves}")

    def _next_night(self) -> State:
        if self.step == "over":
            return self
        return self._replace(step="guard" if self.guard in ("grey", "white") else "wolves", night=())

    def _guard_categories(self) -> list[str]:
        merged = self.setup.variant.merged_white
        options = []
        if self.seer:
            options.append("D")
        if self.white + (self.c if merged else 0):
            options.append("W")
        if self.c and not merged:
            options.append("C")
        if self.grey + self.wolves:
            options.append("R")
        if self.setup.variant.guard_self:
            options.append("G")
        return options

    def _wolf_categories(self) -> list[str]:
        merged = self.setup.variant.merged_white
        options = []
        if self.seer:
            options.append("D")
        if self.white + (self.guard == "white") + (self.c if merged else 0):
            options.append("W")
        if self.c and not merged:
            options.append("C")
        if self.grey + (self.guard == "grey"):
            options.append("R")
        return options

    # ------------------------------------------------------------ chance steps

    def _branches(self) -> list[tuple[str, float, State]]:
        if self.step == "day":
            return self._lynch()
        if self.step == "attack":
            return self._attack()
        return self._divine()

    def _lynch(self) -> list[tuple[str, float, State]]:
        if self.black:
            after = self._replace(black=0)._log("vM", "vM")._judged()
            return [("B", 1.0, after._next_night())]
        pool = [("R", self.grey), ("C", self.c), ("G", int(self.guard == "grey")), ("M", self.wolves)]
        total = sum(count for _, count in pool)
        out = []
        for who, count in pool:
            if not count:
                continue
            if who == "R":
                after = self._replace(grey=self.grey - 1)._log("vR", "vR")
            elif who == "C":
                after = self._replace(c=self.c - 1)._log("vC", "vC")
            elif who == "G":
                after = self._replace(guard="dead", gview=None)._log(None, "vR")
            else:
                after = self._replace(wolves=self.wolves - 1)._log("vR", "vM")
            out.append((who, count / total, after._judged()._next_night()))
        return out

    def _targets(self, category: str) -> list[tuple[str, int]]:
        """The wolves' category by true class: (class, how many)."""
        merged = self.setup.variant.merged_white
        if category == "D":
            return [("D", 1)]
        if category == "W":
            return [("W", self.white), ("S", int(self.guard == "white"))] + ([("C", self.c)] if merged else [])
        if category == "C":
            return [("C", self.c)]
        return [("R", self.grey), ("G", int(self.guard == "grey"))]

    def _protected(self, category: str | None) -> dict[str, int]:
        """The guard's category by true class (himself excluded unless he chose G)."""
        if category is None:
            return {}
        merged = self.setup.variant.merged_white
        return {
            "D": {"D": 1},
            "W": {"W": self.white, **({"C": self.c} if merged else {})},
            "C": {"C": self.c},
            "R": {"R": self.grey, "M": self.wolves},
            "G": {"S" if self.guard == "white" else "G": 1},
        }[category]

    def _attack(self) -> list[tuple[str, float, State]]:
        guarded = self.night[0] if self.guard in ("grey", "white") else None
        attacked = self.night[-1]
        protected = self._protected(guarded)
        guard_size = sum(protected.values())
        targets = [(who, n) for who, n in self._targets(attacked) if n]
        size = sum(n for _, n in targets)
        pool = (self.grey, self.c, int(self.guard == "grey"), self.wolves)  # divination pool at night start
        out = []
        for who, n in targets:
            hit = protected.get(who, 0)
            failed = hit / (size * guard_size) if hit else 0.0
            if failed:
                after = self._replace(grey=self.grey - 1, c=self.c + 1) if who == "R" else self
                seen = f"g{guarded}{guarded}-"
                wolf_seen = f"g{attacked}{attacked}-"
                if self.setup.variant.wolves_see_guard:  # they saw him choose G: they recall it
                    wolf_seen = f"g{guarded}{attacked}-"
                out.append((f"{who}-", failed, after._log(seen, wolf_seen)._after_attack(pool, None)))
            success = n / size - failed
            if success:
                after = self._killed(who)
                view = {"D": "D", "W": "W", "C": "C", "R": "R"}.get(who)  # S, G: the guard himself
                guard_seen = None if view is None else f"g{guarded}{view}+"
                wolf_seen = f"g?{attacked}+"
                if self.setup.variant.wolves_see_guard and guarded is not None:
                    wolf_seen = f"g{guarded}{attacked}+"
                after = after._log(guard_seen, wolf_seen)
                if view is None:
                    after = after._replace(gview=None)
                out.append((f"{who}+", success, after._after_attack(pool, who)))
        return out

    def _killed(self, who: str) -> State:
        if who == "D":
            return self._replace(seer=False)
        if who == "W":
            return self._replace(white=self.white - 1)
        if who == "C":
            return self._replace(c=self.c - 1)
        if who == "R":
            return self._replace(grey=self.grey - 1)
        return self._replace(guard="dead")  # S or G

    def _after_attack(self, pool: tuple[int, int, int, int], victim: str | None) -> State:
        judged = self._judged()
        if judged.step == "over":
            return judged
        if not self.setup.seer:
            return judged._replace(step="day", night=())
        return judged._replace(step="divine", night=(pool, victim))

    def _divine(self) -> list[tuple[str, float, State]]:
        pool, victim = self.night if self.night else ((self.grey, self.c, int(self.guard == "grey"), self.wolves), None)
        seer_alive = self.seer or (victim == "D" and self.setup.variant.seer_result_survives)
        after_night = self._after_divination
        if not seer_alive:
            return [("-", 1.0, after_night(self._log("d-", "d-")))]
        grey, c, guard, wolves = pool
        total = grey + c + guard + wolves
        if total == 0:
            return [("-", 1.0, after_night(self._log("d-", "d-")))]
        dead = {"R": victim == "R", "C": victim == "C", "G": victim == "G"}
        out = []
        # a grey villager whose attack failed tonight is C now: still a target, and seen as a C
        became_c = max(0, self.c - c)
        for who, count in (("R", grey), ("C", c), ("G", guard), ("M", wolves)):
            if not count:
                continue
            killed = 1 if dead.get(who) else 0
            if killed:
                out.append((f"{who}x", 1 / total, after_night(self._log("d-", "d-"))))
            living = count - killed
            if who == "R" and became_c:
                converted = self._replace(c=self.c - 1, white=self.white + 1)._log("dC", "dC")
                out.append(("Rc", became_c / total, after_night(converted)))
                living -= became_c
            if living <= 0:
                continue
            if who == "R":
                after = self._replace(grey=self.grey - 1, white=self.white + 1)._log("dR", "dR")
            elif who == "C":
                after = self._replace(c=self.c - 1, white=self.white + 1)._log("dC", "dC")
            elif who == "G":
                after = self._replace(guard="white")._log("dG", "dR")
            else:
                after = self._replace(wolves=self.wolves - 1, black=1)._log("dM", "dM")
            out.append((who, living / total, after_night(after)))
        return out

    @staticmethod
    def _after_divination(state: State) -> State:
        return state._replace(step="day", night=())


class NoTalkWerewolf:
    """The game of a setup, for :func:`jinrou.solve.efg.compile_game`."""

    def __init__(self, setup: Setup):
        self.setup = setup
        self.name = f"werewolf({setup.counts})"

    def compile_by_views(self, splice: bool = True, settle: bool = True) -> CompiledGame:
        """The compiled game through its core automaton (its states keep the contract of
        :mod:`jinrou.solve.unroll`)."""
        return compile_by_views(self, splice, settle)

    def initial(self) -> State:
        s = self.setup
        views = f"{s.counts}"
        state = State(s, grey=s.villagers, white=0, c=0, seer=bool(s.seer), guard="grey" if s.guard else "none",
                      wolves=s.wolves, black=0, step="day", gview=f"G,{views}" if s.guard else None,
                      mview=f"M,{views}")
        if s.variant.night_zero_divination and s.seer:
            state = state._replace(step="divine", night=())
        elif s.variant.night_first:
            state = state._next_night()
        return state
