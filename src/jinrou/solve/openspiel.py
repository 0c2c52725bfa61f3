"""The OpenSpiel bridge: jinrou's games as OpenSpiel Python games, so OpenSpiel's algorithms run on them.

Importing this module registers ``jinrou_kuhn``, ``jinrou_leduc`` and ``jinrou_werewolf``
(parameters ``villagers``, ``seer``, ``guard``, ``wolves``)::

    import pyspiel
    import jinrou.solve.openspiel  # registers the games
    game = pyspiel.load_game("jinrou_werewolf(villagers=3,seer=1,guard=1,wolves=1)")

Any game of :mod:`jinrou.solve.efg` can be wrapped with :func:`spiel_game`. OpenSpiel wants integer
actions and their number up front: one walk of the game collects every action and chance label
into an alphabet. Information-state strings are the game's own (the paper's strings for the
werewolf game), served through an observer.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pyspiel

from jinrou.solve.efg import CHANCE, TERMINAL, Game
from jinrou.solve.poker import Kuhn, Leduc
from jinrou.solve.werewolf import NoTalkWerewolf, Setup


def _alphabet(game: Game) -> tuple[list[str], int]:
    """Every label of the game (decisions and chance outcomes), and the longest history."""
    labels: dict[str, None] = {}
    longest, frontier, seen = 0, [(game.initial(), 0)], set()
    while frontier:
        state, depth = frontier.pop()
        key = state.key()
        if key in seen:
            continue
        seen.add(key)
        longest = max(longest, depth)
        who = state.player()
        if who == TERMINAL:
            continue
        moves = [label for label, _ in state.chance_outcomes()] if who == CHANCE else list(state.actions())
        for label in moves:
            labels.setdefault(label, None)
            frontier.append((state.child(label), depth + 1))
    return sorted(labels), longest


class _Observer:
    """Serves the game's information-state strings (no tensors)."""

    def __init__(self, iig_obs_type: Any, params: Any):
        self.tensor = None
        self.dict: dict = {}

    def set_from(self, state: _SpielState, player: int) -> None:
        pass  # only strings are provided

    def string_from(self, state: _SpielState, player: int) -> str:
        return state.inner.infoset(player) if state.inner.player() == player else ""


class _SpielState(pyspiel.State):
    def __init__(self, game: _SpielGame, inner: Any):
        super().__init__(game)
        self.inner = inner
        self._labels = game.labels
        self._ids = game.ids

    def current_player(self) -> int:
        who = self.inner.player()
        if who == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if who == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return who

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._ids[a] for a in self.inner.actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted((self._ids[label], p) for label, p in self.inner.chance_outcomes() if p > 0)

    def _apply_action(self, action: int) -> None:
        self.inner = self.inner.child(self._labels[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self._labels[action]

    def is_terminal(self) -> bool:
        return self.inner.player() == TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        value = self.inner.returns()
        return [value, -value]

    def __str__(self) -> str:
        return repr(self.inner.key())


@lru_cache(maxsize=32)
def _built(key: tuple) -> tuple[Game, list[str], dict[str, int], int]:
    """A game by its parameters, made once: ``("kuhn",)``, ``("leduc",)``, ``("werewolf", setup)``.
    OpenSpiel makes a game again for every state it reads back (a serialized state names its game
    and parameters), and a werewolf game's alphabet is a walk of the whole game (0.41 s at 8 seats).
    Returns the game, its labels, their ids and the longest history."""
    inner: Game = {"kuhn": Kuhn, "leduc": Leduc, "werewolf": NoTalkWerewolf}[key[0]](*key[1:])
    labels, longest = _alphabet(inner)
    return inner, labels, {label: i for i, label in enumerate(labels)}, longest


class _SpielGame(pyspiel.Game):
    def __init__(self, game_type: pyspiel.GameType, inner: Game | tuple, params: dict):
        """``inner``: the game, or the key of a game made once by its parameters (see :func:`_built`)."""
        if isinstance(inner, tuple):
            self.inner, self.labels, self.ids, longest = _built(inner)
        else:
            self.inner = inner
            self.labels, longest = _alphabet(inner)
            self.ids = {label: i for i, label in enumerate(self.labels)}
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.labels), max_chance_outcomes=len(self.labels), num_players=2,
            min_utility=-10.0, max_utility=10.0, utility_sum=0.0, max_game_length=longest,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> _SpielState:
        return _SpielState(self, self.inner.initial())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(iig_obs_type, params)


def _game_type(short_name: str, long_name: str, parameters: dict | None = None) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name, long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        parameter_specification=parameters or {},
    )


def spiel_game(game: Game, short_name: str = "jinrou_game") -> pyspiel.Game:
    """Any jinrou extensive-form game as an (unregistered) OpenSpiel game object."""
    return _SpielGame(_game_type(short_name, f"jinrou {game.name}"), game, {})


_KUHN = _game_type("jinrou_kuhn", "jinrou Kuhn poker")
_LEDUC = _game_type("jinrou_leduc", "jinrou Leduc poker")
_WEREWOLF = _game_type("jinrou_werewolf", "jinrou werewolf without conversation",
                       {"villagers": 4, "seer": 1, "guard": 1, "wolves": 2})


class KuhnGame(_SpielGame):
    def __init__(self, params: dict | None = None):
        super().__init__(_KUHN, ("kuhn",), params or {})


class LeducGame(_SpielGame):
    def __init__(self, params: dict | None = None):
        super().__init__(_LEDUC, ("leduc",), params or {})


class WerewolfGame(_SpielGame):
    def __init__(self, params: dict | None = None):
        p = {"villagers": 4, "seer": 1, "guard": 1, "wolves": 2, **(params or {})}
        setup = Setup(int(p["villagers"]), int(p["seer"]), int(p["guard"]), int(p["wolves"]))
        super().__init__(_WEREWOLF, ("werewolf", setup), p)


pyspiel.register_game(_KUHN, KuhnGame)
pyspiel.register_game(_LEDUC, LeducGame)
pyspiel.register_game(_WEREWOLF, WerewolfGame)
