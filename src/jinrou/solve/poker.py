"""Kuhn and Leduc poker: the standard benchmarks of CFR solvers, exactly as OpenSpiel defines them.

They anchor the solver to public figures (OpenSpiel's CFR+): Kuhn's game value is −1/18 for the
first player; CFR+ reaches exploitability 1.1944041e-3 at iteration 100 and goes below 1e-3 first
at iteration 68. Leduc: 1.3416e-2 at iteration 100, below 1e-3 first at iteration 447, value
−0.085605 for the first player.

Kuhn: cards 0 < 1 < 2, one to each player, ante 1; player 0 passes or bets 1, player 1 answers,
and after pass–bet player 0 folds (pass) or calls (bet). Leduc: six cards (ranks 0–2, two suits;
rank = card // 2), ante 1, two betting rounds with raises of 2 then 4 and at most two raises a
round, player 0 opens each round, one public card between the rounds; a pair with the public
card beats any other hand, else the higher rank wins, equal ranks split.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from jinrou.solve.efg import CHANCE, TERMINAL

# ----------------------------------------------------------------- Kuhn


@dataclass(frozen=True)
class KuhnState:
    cards: tuple[int, ...] = ()
    history: str = ""

    def player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        if self.history in ("pp", "bp", "bb", "pbp", "pbb"):
            return TERMINAL
        return len(self.history) % 2

    def actions(self) -> list[str]:
        return ["p", "b"]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        left = [c for c in range(3) if c not in self.cards]
        return [(str(c), 1 / len(left)) for c in left]

    def child(self, action: str) -> KuhnState:
        if len(self.cards) < 2:
            return replace(self, cards=self.cards + (int(action),))
        return replace(self, history=self.history + action)

    def infoset(self, player: int) -> str:
        return f"{self.cards[player]}{self.history}"

    def returns(self) -> float:
        h = self.history
        if h == "bp":
            return 1.0
        if h == "pbp":
            return -1.0
        stake = 2.0 if "b" in h else 1.0
        return stake if self.cards[0] > self.cards[1] else -stake

    def key(self) -> tuple:
        return (self.cards, self.history)


class Kuhn:
    name = "kuhn"

    def initial(self) -> KuhnState:
        return KuhnState()


# ---------------------------------------------------------------- Leduc

RAISES = (2, 4)
MAX_RAISES = 2


@dataclass(frozen=True)
class LeducState:
    private: tuple[int, ...] = ()
    public: int | None = None
    rounds: tuple[str, ...] = ("",)  # the actions of each round so far: f(old) c(all) r(aise)
    stake: tuple[int, int] = (1, 1)  # each player's chips in the pot
    folded: int | None = None

    @property
    def _round(self) -> str:
        return self.rounds[-1]

    def _round_over(self) -> bool:
        return len(self._round) >= 2 and self._round[-1] == "c"

    def player(self) -> int:
        if len(self.private) < 2:
            return CHANCE
        if self.folded is not None:
            return TERMINAL
        if self._round_over():
            return TERMINAL if len(self.rounds) == 2 else CHANCE
        return len(self._round) % 2

    def actions(self) -> list[str]:
        mover = len(self._round) % 2
        moves = ["f"] if self.stake[1 - mover] > self.stake[mover] else []
        moves.append("c")
        if self._round.count("r") < MAX_RAISES:
            moves.append("r")
        return moves

    def chance_outcomes(self) -> list[tuple[str, float]]:
        dealt = set(self.private) | ({self.public} if self.public is not None else set())
        left = [c for c in range(6) if c not in dealt]
        return [(str(c), 1 / len(left)) for c in left]

    def child(self, action: str) -> LeducState:
        if len(self.private) < 2:
            return replace(self, private=self.private + (int(action),))
        if self._round_over():  # the public card
            return replace(self, public=int(action), rounds=self.rounds + ("",))
        mover = len(self._round) % 2
        if action == "f":
            return replace(self, rounds=self.rounds[:-1] + (self._round + "f",), folded=mover)
        paid = self.stake[1 - mover] + (0 if action == "c" else RAISES[len(self.rounds) - 1])
        stake = (paid, self.stake[1]) if mover == 0 else (self.stake[0], paid)
        return replace(self, rounds=self.rounds[:-1] + (self._round + action,), stake=stake)

    def infoset(self, player: int) -> str:
        public = "-" if self.public is None else str(self.public)
        return f"{self.private[player]}|{public}|{'|'.join(self.rounds)}"

    def returns(self) -> float:
        if self.folded is not None:
            return -float(self.stake[0]) if self.folded == 0 else float(self.stake[1])
        public = self.public
        if public is None:  # pragma: no cover - the showdown is after the second round, the public card dealt
            raise ValueError("a showdown needs the public card")
        hands = [(c // 2 == public // 2, c // 2) for c in self.private]
        if hands[0] == hands[1]:
            return 0.0
        return float(self.stake[1]) if hands[0] > hands[1] else -float(self.stake[0])

    def key(self) -> tuple:
        return (self.private, self.public, self.rounds)


class Leduc:
    name = "leduc"

    def initial(self) -> LeducState:
        return LeducState()
