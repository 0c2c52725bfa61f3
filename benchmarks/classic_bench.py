"""Classic werewolf speed: whole 16-player games of heuristic bots, one JSON line per measurement;
never asserts.

``game``: ``--games`` games (≥ 200) of a mixed 16-seat cast (普通1 for 16 with swaps that bring in
狼の子, 大狼, 狂信者, 猫又, ハンター, 聖職者, 商人, キューピッド; target < 50 ms a game) and of 普通1
for 16, one after the other in this process: mean, median and 95th percentile of the wall time of a
whole game (dealing, engine, views, bots), and where the time goes (bots, views, closing phases).

``batch``: ``--batch`` games (10,000) of the mixed cast through :func:`jinrou.classic.simulate.simulate`
with ``--workers`` processes (2; target < 10 min): wall time and games per second.

``--wolves``: instead, the per-game measurement of 16-seat casts with the wave-3 wolves declared so
far: 普通1 for 16 with its three 人狼 replaced by 欲張りな狼, 慎重な狼, 舌禍狼 (``wolves16a``), by
呪狼, 直感派狼, 闇狼 (``wolves16b``), by 印狼, 冥狼, 欲張りな狼 (``wolves16c``), by 一途な狼, 瞳狼, 囮狼
(``wolves16d``), by 孤独な狼, 狡猾な狼, 絶対狼 (``wolves16e``), by 威嚇する狼, 血狼, 月狼 (``wolves16f``) and by
誘惑する女狼, 威嚇する狼, 瞳狼 (``wolves16g``); target < 25 ms a game.

``--madmen``: the same for wave 3's madmen declared so far: 普通1 for 16 with its 狂人 and two 村人
replaced by 狼少年, スパイⅡ, 黒猫 (``madmen16a``), by 聴狂人, 暗躍者, 曲芸師 (``madmen16b``), by 邪魔狂人,
かぼちゃ魔, 丑刻参 (``madmen16c``), by サトリ, 妖術師, 影法師 (``madmen16d``) and by 雨男, 邪魔狂人, サトリ
(``madmen16e``), by 爆弾魔, 破壊の狂人, サイコキラー (``madmen16f``), by 狂犬, 復讐人, 狂人
(``madmen16g``), by 催眠術師, イカサマ師, 月下美人 (``madmen16h``) and by マッドサイエンティスト, 美女, 催眠術師
(``madmen16i``). Together the casts hold each of the 41 roles of the werewolf team's batch.

``--village``: the same for issue 24's village roles: 普通1 for 16 with five of its six
村人 replaced by 王様, 秘書, トラブルメーカー, 独裁者, フランケンシュタインの怪物, 課金者 (``village16a``, all six), by ギャンブラー,
暗殺者, 魔女, 病人, 老人 (``village16b``, its 妖狐 a 村人 too), by カウンセラー, 嘘つき, 超常現象研究者,
呪いをかける者, 御子 (``village16c``), by 通訳, 犬, 罠師, 巫女, タフガイ (``village16d``), by 狼憑き, 予言者のママ,
野生児, 夢遊病者, 預言者 (``village16e``, no 妖狐 either) and by 運命の子, おばけ, 一言主神, 忍者, 閻魔
(``village16f``). Together the casts hold each of the 31 roles of issue 24.

``--single-teams``: the same for issue 35's single teams and vampires: 普通1 for 16 with five of its six 村人
replaced by カルトリーダー, 教主, 鴉, 鴉, 修験者 (``singles16a``), by 暴徒, 決闘者, ローレライ, 吸血鬼の眷属, ドラキュラ
(``singles16b``) and by ドラキュラ, ドラキュラ, 吸血鬼の眷属, カルトリーダー, 暴徒 (``singles16c``); target < 25 ms a game.

    python benchmarks/classic_bench.py                    # both
    python benchmarks/classic_bench.py --only game --games 500
    python benchmarks/classic_bench.py --only game --wolves
    python benchmarks/classic_bench.py --only game --madmen
    python benchmarks/classic_bench.py --only game --village
    python benchmarks/classic_bench.py --only game --village2   # batch 3's village roles declared so far
    python benchmarks/classic_bench.py --only game --single-teams   # issue 35's single teams and vampires
    python benchmarks/classic_bench.py --only game --foxes-oni  # issue 35's fox kinds and 第三陣営 without a team
    python benchmarks/classic_bench.py --only game --switchers  # issue 35's switchers and lovers (T.4, T.5)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

MIXED_16 = {
    "Werewolf": 1, "WolfCub": 1, "BigWolf": 1, "Fanatic": 1, "Diviner": 1, "Psychic": 1, "Guard": 1,
    "Couple": 2, "Fox": 1, "Cat": 1, "Hunter": 1, "Priest": 1, "Merchant": 1, "Cupid": 1, "Human": 1,
}  # fmt: skip
"""普通1 for 16 (人狼 3, 占い師, 霊能者, 狂人, 狩人, 共有者 2, 妖狐, 村人 6) with swaps: 人狼 → 狼の子, 大狼;
狂人 → 狂信者; 村人 → 猫又, ハンター, 聖職者, 商人, キューピッド."""
WOLVES_16 = {
    "wolves16a": ("GreedyWolf", "CautiousWolf", "TongueWolf"),
    "wolves16b": ("CurseWolf", "IntuitionWolf", "DarkWolf"),
    "wolves16c": ("SealWolf", "NetherWolf", "GreedyWolf"),
    "wolves16d": ("ToughWolf", "EyesWolf", "DecoyWolf"),
    "wolves16e": ("SolitudeWolf", "CraftyWolf", "AbsoluteWolf"),
    "wolves16f": ("ThreateningWolf", "BloodWolf", "CynthiaWolf"),
    "wolves16g": ("FascinatingWolf", "ThreateningWolf", "EyesWolf"),
}
"""The wave-3 wolves that replace 普通1's three 人狼 in the ``--wolves`` casts."""
MADMEN_16 = {
    "madmen16a": ("WolfBoy", "Spy2", "BlackCat"),
    "madmen16b": ("HearMadman", "LurkingMad", "Acrobat"),
    "madmen16c": ("ObstructiveMad", "Pumpkin", "Ushinotokimairi"),
    "madmen16d": ("Satori", "Sorcerer", "Shadow"),
    "madmen16e": ("RainyBoy", "ObstructiveMad", "Satori"),
    "madmen16f": ("Bomber", "DestroyCraziest", "PsychoKiller"),
    "madmen16g": ("MadDog", "MadHunter", "Madman"),
    "madmen16h": ("Hypnotist", "Faker", "QueenOfNight"),
    "madmen16i": ("MadScientist", "AttractiveWoman", "Hypnotist"),
}
"""The wave-3 madmen that replace 普通1's 狂人 and two 村人 in the ``--madmen`` casts."""
VILLAGE_16 = {
    "village16a": ("King", "Secretary", "TroubleMaker", "Dictator", "FrankensteinsMonster", "GachaAddicted"),
    "village16b": ("Gambler", "Assassin", "Witch", "Diseased", "Oldman"),
    "village16c": ("Counselor", "Liar", "PI", "Spellcaster", "Saint"),
    "village16d": ("Interpreter", "Dog", "Trapper", "Miko", "ToughGuy"),
    "village16e": ("Lycan", "SeersMama", "Tarzan", "Sleepwalker", "Oracle"),
    "village16f": ("Fate", "TinyGhost", "Hitokotonushinokami", "Ninja", "Emma"),
}
"""Issue 24's village roles that replace five (or all six) of 普通1's six 村人 in the ``--village`` casts."""
VILLAGE2_16 = {
    "village2_16a": ("Cosplayer", "Samurai", "Elementaler", "DragonKnight", "Sacrifice"),
    "village2_16b": ("Illusionist", "StraySheep", "RedHood", "DrawGirl", "HouseKeeper"),
    "village2_16c": ("Forensic", "MementoDisposer", "DarkPsychic", "Synesthete", "Itako", "Baker"),
    "village2_16d": ("OccultMania", "Dreamer", "Disguised", "HolyMarked", "Reincarnator"),
    "village2_16gifts": ("SantaClaus", "Reindeer", "HomeComer", "Light", "Streamer"),  # issue 34
    "village2_16crowds": ("Hanami", "Streamer", "SantaClaus", "HomeComer", "Light"),  # issue 34
    "village2_16e": ("Pyrotechnist", "Idol", "Poet", "RemoteWorker", "BloodyMary", "Phantom"),  # issue 34 (v3a)
}
"""The batch-3 village roles declared so far (classic-roles-village-2.md) that replace five or six of 普通1's six
村人 in the ``--village2`` casts."""
SINGLE_TEAMS_16 = {
    "singles16a": ("CultLeader", "Hierarch", "Raven", "Raven", "Ascetic"),
    "singles16b": ("Hooligan", "Duelist", "Lorelei", "VampireClan", "Dracula"),
    "singles16c": ("Dracula", "Dracula", "VampireClan", "CultLeader", "Hooligan"),
}
"""Issue 35's single teams and vampires (classic-roles-third.md T.6–T.7) that replace five of 普通1's six 村人 in the
``--single-teams`` casts."""
FOXES_ONI_16 = {
    "foxes16a": ("Trickster", "NightRabbit", "Blasphemy"),
    "foxes16b": ("VariationFox", "XianFox", "Actress"),
    "oni16a": ("Hoodlum", "Oni", "GoldOni", "DarkClown"),
    "oni16b": ("FrontOni", "BackOni", "Amanojaku", "Shishimai", "ResidualHaunting"),
}
"""Issue 35's fox kinds (classic-roles-third T.2: they replace 普通1's 妖狐 and two 村人) and 第三陣営 without a team
(T.3: they replace four or five of its six 村人) in the ``--foxes-oni`` casts."""
SWITCHERS_16 = {
    "switchers16": ("Stalker", "Copier", "Doppleganger", "Thief", "DualPersonality"),
    "sweets16": ("BadLady", "LunaticLover", "SnowLover", "Patissiere"),
}
"""Issue 35's switchers (T.4) and team Friend's third parties (T.5) that replace five or four of 普通1's six 村人 in
the ``--switchers`` casts."""
VILLAGE_NO_FOX = frozenset({"village16b", "village16e"})
"""The ``--village`` casts whose 妖狐 is a 村人 too (a cast without a fox)."""


def measure_games(name: str, cast: dict[str, int], games: int, seed: int, target_ms: int = 50) -> dict[str, object]:
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.game import Game
    from jinrou.classic.settings import Settings
    from jinrou.classic.simulate import game_seeds, play_game
    from jinrou.classic.views import SeatView

    spent: dict[str, float] = {"views": 0.0, "close": 0.0, "whole": 0.0}
    of, close = SeatView.of.__func__, Game.close  # type: ignore[attr-defined]

    def timed_of(cls: type, game: Game, seat: int | None, legal: object = None) -> SeatView:
        start = time.perf_counter()
        view = of(cls, game, seat, legal)
        spent["views"] += time.perf_counter() - start
        return view

    def timed_close(game: Game, draws: object = None) -> None:
        start = time.perf_counter()
        close(game, draws)  # type: ignore[arg-type]
        spent["close"] += time.perf_counter() - start

    settings = Settings.parse()
    seeds = game_seeds(seed, games)
    play_game(cast, settings, HeuristicAgent, seeds[0])  # warm up (imports, caches)
    walls: list[float] = []
    cpus: list[float] = []
    days: list[int] = []
    for game_seed in seeds:
        start, cpu = time.perf_counter(), time.process_time()
        game = play_game(cast, settings, HeuristicAgent, game_seed)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        days.append(game.day)
    # a second pass, instrumented, says where the time goes (the wrappers cost a little)
    SeatView.of = classmethod(timed_of)  # type: ignore[method-assign, assignment]
    Game.close = timed_close  # type: ignore[method-assign, assignment]
    try:
        for game_seed in seeds[: min(games, 100)]:
            start = time.perf_counter()
            play_game(cast, settings, HeuristicAgent, game_seed)
            spent["whole"] += time.perf_counter() - start
    finally:
        SeatView.of = classmethod(of)  # type: ignore[method-assign, assignment]
        Game.close = close  # type: ignore[method-assign]
    sampled = min(games, 100)
    share = {k: round(spent[k] / spent["whole"], 3) for k in ("views", "close")}
    walls_ms = sorted(w * 1000 for w in walls)
    return {
        "measure": "game",
        "cast": name,
        "players": sum(cast.values()),
        "games": games,
        "mean_ms": round(statistics.fmean(walls_ms), 2),
        "median_ms": round(statistics.median(walls_ms), 2),
        "p95_ms": round(walls_ms[int(0.95 * (len(walls_ms) - 1))], 2),
        "max_ms": round(walls_ms[-1], 2),
        "cpu_mean_ms": round(statistics.fmean(cpus) * 1000, 2),
        "mean_days": round(statistics.fmean(days), 2),
        "share_of_time": {**share, "bots_and_rest": round(1 - sum(share.values()), 3), "sampled_games": sampled},
        "target_ms": target_ms,
        "python": platform.python_version(),
        "load_average": round(os.getloadavg()[0], 2),
    }


def measure_batch(games: int, workers: int, seed: int) -> dict[str, object]:
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.simulate import simulate

    start = time.perf_counter()
    summary = simulate(MIXED_16, games, seed, HeuristicAgent, workers=workers)
    wall = time.perf_counter() - start
    return {
        "measure": "batch",
        "cast": "mixed16",
        "players": 16,
        "games": games,
        "workers": workers,
        "cpus": os.cpu_count(),
        "wall_s": round(wall, 1),
        "games_per_s": round(games / wall, 1),
        "target_s": 600,
        "wins": summary.wins,
        "mean_days": round(summary.mean_days, 2),
        "load_average": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["game", "batch"])
    parser.add_argument("--games", type=int, default=300, help="games per cast in the per-game measurement")
    parser.add_argument("--batch", type=int, default=10_000, help="games in the batch measurement")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--wolves", action="store_true", help="the casts with wave-3 wolves instead")
    parser.add_argument("--madmen", action="store_true", help="the casts with wave-3 madmen instead")
    parser.add_argument("--village", action="store_true", help="the casts with issue 24's village roles instead")
    parser.add_argument("--village2", action="store_true", help="the casts with batch 3's village roles instead")
    parser.add_argument("--single-teams", action="store_true", help="the casts with issue 35's single teams instead")
    parser.add_argument("--foxes-oni", action="store_true",
                        help="the casts with issue 35's fox kinds and 第三陣営 without a team instead")
    parser.add_argument("--switchers", action="store_true", help="the casts with issue 35's switchers and lovers instead")
    args = parser.parse_args()
    if args.only in (None, "game"):
        from collections import Counter

        from jinrou.classic.casting import normal_cast

        casts = [("mixed16", MIXED_16), ("normal16", normal_cast(16))]
        if args.wolves:
            plain = {role: count for role, count in normal_cast(16).items() if role != "Werewolf"}
            casts = [(name, dict(Counter(plain) + Counter(wolves))) for name, wolves in WOLVES_16.items()]
        elif args.madmen:
            plain = dict(Counter(normal_cast(16)) - Counter({"Madman": 1, "Human": 2}))
            casts = [(name, dict(Counter(plain) + Counter(madmen))) for name, madmen in MADMEN_16.items()]
        elif args.village or args.village2 or args.single_teams or args.switchers:
            casts = []
            chosen = (VILLAGE_16 if args.village else VILLAGE2_16 if args.village2
                      else SINGLE_TEAMS_16 if args.single_teams else SWITCHERS_16)
            for name, village in chosen.items():
                plain = Counter(normal_cast(16)) - Counter({"Human": len(village)})
                if name in VILLAGE_NO_FOX:
                    plain = plain - Counter({"Fox": 1}) + Counter({"Human": 1})
                casts.append((name, dict(plain + Counter(village))))
        elif args.foxes_oni:
            casts = []
            for name, group in FOXES_ONI_16.items():
                fox = group[0] in ("Trickster", "VariationFox")
                plain = Counter(normal_cast(16)) - Counter({"Human": len(group) - fox, "Fox": int(fox)})
                casts.append((name, dict(plain + Counter(group))))
        for name, cast in casts:
            batch = (args.wolves or args.madmen or args.village or args.village2 or args.single_teams
                     or args.foxes_oni or args.switchers)
            target = 25 if batch else 50  # issues 23, 24, 34, 35: a cast with the batch's roles < 25 ms
            print(json.dumps(measure_games(name, cast, args.games, args.seed, target), ensure_ascii=False), flush=True)
    if args.only in (None, "batch"):
        print(json.dumps(measure_batch(args.batch, args.workers, args.seed), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
