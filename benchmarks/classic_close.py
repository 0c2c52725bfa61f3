"""What a pure phase close costs: whole bot games of 16 and 30 seats (普通1 for that many), and at
every phase close of them, timed apart: a copy of the game (:meth:`Game.copy`, what
:func:`jinrou.classic.rules.close` adds), the close folded in place (:meth:`Game.fold_close`, what a
simulation does) and the pure close (:func:`jinrou.classic.rules.close`: copy and close). Also the
choices (actions, votes, claims) per phase: a new state per choice would cost one copy each. One
JSON line per cast; never asserts.

    python benchmarks/classic_close.py                 # 16 and 30 seats, 40 games each
    python benchmarks/classic_close.py --games 100
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time


def measure(players: int, games: int, seed: int) -> dict[str, object]:
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic import rules
    from jinrou.classic.casting import normal_cast
    from jinrou.classic.draws import Draws
    from jinrou.classic.game import Game
    from jinrou.classic.settings import Settings
    from jinrou.classic.simulate import game_seeds, play_game

    copies: list[float] = []
    folds: list[float] = []
    pures: list[float] = []
    choices: list[int] = []
    close = Game.close

    def timed_close(game: Game, draws: object = None) -> None:
        start = time.perf_counter()
        game.copy()
        copies.append(time.perf_counter() - start)
        state = draws.bit_generator.state if hasattr(draws, "bit_generator") else None  # type: ignore[union-attr]
        start = time.perf_counter()
        rules.close(game, draws)  # type: ignore[arg-type]
        pures.append(time.perf_counter() - start)
        if state is not None:
            draws.bit_generator.state = state  # type: ignore[attr-defined]  # the same outcomes again
        start = time.perf_counter()
        game.fold_close(draws if isinstance(draws, Draws) or draws is None else Draws(draws))  # type: ignore[arg-type]
        folds.append(time.perf_counter() - start)
        choices.append(timed_close.choices)  # type: ignore[attr-defined]
        timed_close.choices = 0  # type: ignore[attr-defined]

    timed_close.choices = 0  # type: ignore[attr-defined]
    apply, claim = Game.apply, Game.claim

    def counted_apply(game: Game, choice: object) -> None:
        timed_close.choices += 1  # type: ignore[attr-defined]
        apply(game, choice)  # type: ignore[arg-type]

    def counted_claim(game: Game, seat: int, said: object) -> None:
        timed_close.choices += 1  # type: ignore[attr-defined]
        claim(game, seat, said)  # type: ignore[arg-type]

    cast = normal_cast(players)
    settings = Settings.parse()
    seeds = game_seeds(seed, games)
    play_game(cast, settings, HeuristicAgent, seeds[0])  # warm up
    Game.close, Game.apply, Game.claim = timed_close, counted_apply, counted_claim  # type: ignore[method-assign, assignment]
    try:
        for game_seed in seeds:
            play_game(cast, settings, HeuristicAgent, game_seed)
    finally:
        Game.close, Game.apply, Game.claim = close, apply, claim  # type: ignore[method-assign]

    def ms(values: list[float]) -> float:
        return round(statistics.fmean(values) * 1000, 3)

    return {
        "measure": "close",
        "players": players,
        "games": games,
        "closes": len(folds),
        "copy_ms": ms(copies),
        "fold_close_ms": ms(folds),
        "pure_close_ms": ms(pures),
        "choices_per_phase": round(statistics.fmean(choices), 2),
        "copies_per_phase_if_pure_choices_ms": round(statistics.fmean(choices) * statistics.fmean(copies) * 1000, 3),
        "python": platform.python_version(),
        "load_average": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in (16, 30):
        print(json.dumps(measure(players, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
