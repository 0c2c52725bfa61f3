"""Classic bots: only legal choices over random casts and settings, honest seers and psychics,
consistent liars, claims that render and parse back, and a heuristic village that beats a random one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

import numpy as np
import pytest

from jinrou.agents.classic import HeuristicAgent, RandomAgent, make_classic_agent, plays
from jinrou.classic.abilities import LevelHook
from jinrou.classic.agent import Agent, act, talk
from jinrou.classic.agent import play as play_to_end
from jinrou.classic.casting import deal, normal_cast
from jinrou.classic.catalog import Team
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.game import Game
from jinrou.classic.model import Action, Message, Verb, Vote
from jinrou.classic.record import events as record_events
from jinrou.classic.record import write
from jinrou.classic.roles import ROLES, SUB_ROLES
from jinrou.classic.settings import Settings
from jinrou.classic.simulate import AgentFactory, play_game, seat_names
from jinrou.classic.views import SeatView

PLAYABLE = sorted(ROLES)
VARIED = {
    "scapegoat": ["on", "off", "no"], "drawvote": ["revote", "random", "none", "all"],
    "runoff": ["no", "revote", "yes"], "firstnightdivine": ["manual", "auto"],
    "divineresult": ["sunrise", "immediate"], "psychicresult": ["sunrise", "sunset"],
    "consecutiveguard": ["yes", "no"], "guardmyself": ["off", "on"], "wolfattack": ["off", "on"],
    "friendssplit": ["on", "off"], "hunter_lastattack": ["yes", "no"], "decider": ["off", "on"],
    "authority": ["off", "on"], "voteresult": ["off", "on"], "GMpsychic": ["off", "on"],
}  # fmt: skip


class Checked:
    """Wraps a bot: every choice must be one of its view's legal ones, every claim sayable."""

    def __init__(self, bot: Agent) -> None:
        self.bot, self.name = bot, bot.name

    def talk(self, view: SeatView, rng: np.random.Generator) -> list[Claim]:
        claims = self.bot.talk(view, rng)
        for claim in claims:
            assert claim.kind is not ClaimKind.COMINGOUT or claim.role in ROLES
            assert Claim.parse(claim.notation(view.names), view.names) == claim  # a record can replay it
        return claims

    def act(self, view: SeatView, rng: np.random.Generator) -> list[Action | Vote]:
        choices = self.bot.act(view, rng)
        verbs = [c.verb if isinstance(c, Action) else None for c in choices]
        extra = 1 if Verb("gorge") in verbs else 0  # a gorge buys the wolves one more attack, taken with it
        assert len(set(verbs)) == len(choices) - min(extra, verbs.count(Verb.ATTACK) - 1 if Verb.ATTACK in verbs else 0)
        for choice in choices:
            if isinstance(choice, Vote):
                legal = [lg for lg in view.legal if lg.verb is None]
                assert choice.seat == view.seat and legal and choice.target in legal[0].targets
            else:
                legal = [lg for lg in view.legal if lg.verb is choice.verb]
                assert choice.seat == view.seat and legal, (choice, view.legal)
                none = not choice.targets and legal[0].or_none is not None  # 怪盗's 「盗まない」
                assert none or (len(choice.targets) == legal[0].arity and len(set(choice.targets)) == legal[0].arity)
                assert set(choice.targets) <= set(legal[0].targets)
                assert choice.kit is None or choice.kit in legal[0].kits
        return choices


def random_setups(count: int, seed: int) -> Iterator[tuple[list[str], dict[str, str]]]:
    """Random casts of 4–16 seats from every declared role and random settings; each has a Human
    (身代わりくん may draw it) and a 人狼 (without an attacker, a tie that executes nobody can come
    back every day: 狂人狼 and two humans with ``drawvote=none`` never end)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(4, 17))
        roles = ["Human", "Werewolf", *(PLAYABLE[int(i)] for i in rng.integers(len(PLAYABLE), size=n - 2))]
        settings = {name: values[int(rng.integers(len(values)))] for name, values in VARIED.items()}
        yield roles, settings


def play(roles: Sequence[str], settings: dict[str, str], bots: Sequence[Agent | None], seed: int) -> Game:
    rng = np.random.default_rng(seed)
    parsed = Settings.parse(settings)
    dealt = deal(list(roles), rng, scapegoat=parsed["scapegoat"] == "on", safety=parsed["safety"])
    game = Game.new(seat_names(len(dealt), parsed), dealt, parsed, rng)
    return play_to_end(game, [None if s == game.scapegoat else bots[s] for s in game.seats()], rng)


# ---------------------------------------------------------------------- legality


@pytest.mark.parametrize("seed", range(4))
def test_bots_only_choose_legal_actions_over_random_casts_and_settings(seed):
    rng = np.random.default_rng(seed)
    for index, (roles, settings) in enumerate(random_setups(30, seed)):
        kinds = rng.integers(2, size=len(roles))
        bots = [Checked(HeuristicAgent(Counter(roles)) if k else RandomAgent()) for k in kinds]
        game = play(roles, settings, bots, seed * 1000 + index)  # an illegal choice raises
        assert game.outcome is not None
        assert not game.sudden, "a bot left a required action or vote undone"


def test_a_policy_for_every_verb_of_every_role_and_uniform_targets_for_a_verb_it_does_not_know(monkeypatch):
    held = {(r.id, a.verb) for r in [*ROLES.values(), *SUB_ROLES.values()] for a in r.abilities}
    assert {verb for _, verb in held} | {Verb.SHOOT} == set(Verb) - {LevelHook.verb}  # a hook's verb is never offered
    assert [(r, v.value) for r, v in sorted(held, key=str) if plays.policy(r, (), v) is None] == []
    assert plays.policy("Human", (), Verb.SHOOT) is not None  # a hunter's shot: the engine's verb
    monkeypatch.delitem(plays.defaults(), Verb.GUARD)
    monkeypatch.delitem(plays.defaults(), Verb.DIVINE)
    cast = {"Werewolf": 2, "Diviner": 1, "Guard": 1, "Human": 4}
    for seed in range(5):
        roles = [role for role, count in cast.items() for _ in range(count)]
        game = play(roles, {"scapegoat": "off"}, [Checked(HeuristicAgent(cast)) for _ in roles], seed)
        assert not game.sudden


def test_make_classic_agent_by_name():
    assert isinstance(make_classic_agent("random"), RandomAgent)
    assert make_classic_agent("heuristic", {"Werewolf": 1}).name == "heuristic"
    with pytest.raises(ValueError, match="unknown bot 'smart': choose one of random, heuristic"):
        make_classic_agent("smart")


def test_the_random_bot_says_nothing():
    cast = normal_cast(9)
    game = play_game(cast, Settings.parse(), RandomAgent, 3)
    assert game.claims == []


# ---------------------------------------------------------------------- what the heuristic bot says


def heuristic_games(cast: dict[str, int], count: int, seed: int = 0) -> Iterator[Game]:
    for game_seed in range(seed, seed + count):
        yield play_game(cast, Settings.parse(), HeuristicAgent, game_seed)


def claims_of(game: Game, seat: int) -> list[tuple[int, Claim]]:
    return [(day, claim) for day, s, claim in game.claims if s == seat]


def told(game: Game, seat: int, key: str) -> dict[int, str]:
    """What ``seat`` was told under ``key``: target → result."""
    return {int(m.args["target"]): str(m.args["result"]) for _, m in game.messages  # type: ignore[call-overload]
            if m.key == key and m.to is not None and seat in m.to}


def test_the_heuristic_seer_comes_out_on_day_2_and_reports_every_result_truthfully():
    seen = 0
    for game in heuristic_games(normal_cast(12), 15):
        seer = game.cast.index("Diviner")
        if seer == game.scapegoat:
            continue
        said = claims_of(game, seer)
        assert said[0] == (2, Claim(ClaimKind.COMINGOUT, role="Diviner")), said
        results = told(game, seer, "divined")
        reports = [c for _, c in said if c.kind is ClaimKind.DIVINED]
        for claim in reports:
            assert claim.result == ("human" if results[claim.target] == "human" else "werewolf")
        assert {c.target for c in reports} <= set(results)
        seen += len(reports)
        for _, claim in said:
            assert claim.kind is not ClaimKind.COMINGOUT or claim.role == "Diviner"
    assert seen > 20


def test_the_heuristic_psychic_reports_the_executed_truthfully():
    seen = 0
    for game in heuristic_games(normal_cast(12), 15):
        psychic = game.cast.index("Psychic")
        results = told(game, psychic, "psychic")
        for _, claim in claims_of(game, psychic):
            if claim.kind is ClaimKind.IDENTIFIED:
                assert claim.result == ("human" if results[claim.target] in ("human", "tinyfox") else "werewolf")
                seen += 1
    assert seen > 5


def phase_claims(game: Game) -> Iterator[tuple[int, int, Claim]]:
    """Every claim with the index of the phase it was made in (as deaths count phases)."""
    phases = [e for e in record_events(game) if e["type"] != "outcome"]
    for index, event in enumerate(phases):
        for said in event.get("claims", []):
            yield index, game.names.index(said["player"]), Claim.parse(said["claim"], game.names)


def test_wolves_and_madmen_lie_consistently():
    liars = 0
    for game in heuristic_games(normal_cast(14), 40):
        wolves = {s for s in game.seats() if game.cast[s] == "Werewolf"}
        said: dict[int, list[tuple[int, Claim]]] = {}
        for phase, seat, claim in phase_claims(game):
            said.setdefault(seat, []).append((phase, claim))
        for seat, claims in said.items():
            reports = [(phase, c) for phase, c in claims if c.kind is ClaimKind.DIVINED]
            if ROLES[game.cast[seat]].team is not Team.WEREWOLF or not reports:
                continue
            liars += 1
            assert claims[0][1] == Claim(ClaimKind.COMINGOUT, role="Diviner")  # it came out first
            assert [c.role for _, c in claims if c.kind is ClaimKind.COMINGOUT] == ["Diviner"]
            phases = [phase for phase, _ in reports]
            assert phases == sorted(set(phases)), "one fake result a day"
            targets = [c.target for _, c in reports]
            assert len(set(targets)) == len(targets) and seat not in targets
            for phase, claim in reports:
                assert claim.target is not None
                death = game.deaths[claim.target]
                assert death is None or death.phase >= phase, "a fake result on a seat already dead"
                if game.cast[seat] == "Werewolf":
                    assert not (claim.target in wolves and claim.result == "werewolf"), "a wolf called a wolf black"
    assert liars >= 10


def test_claims_render_in_both_languages():
    game = next(heuristic_games(normal_cast(13), 1, seed=4))
    kinds = set()
    for _, seat, claim in game.claims:
        ja, en = claim.render(game.names, "ja"), claim.render(game.names, "en")
        assert ja and en and ja != en
        assert not any("\u3040" <= ch <= "\u30ff" for ch in en)
        kinds.add(claim.kind)
    assert {ClaimKind.COMINGOUT, ClaimKind.DIVINED, ClaimKind.VOTE} <= kinds


def test_heuristic_village_bots_vote_together_and_rarely_draw():
    games = list(heuristic_games(normal_cast(12), 30, seed=100))
    assert sum(g.outcome is not None and g.outcome.winner is None for g in games) <= 2
    ballots = sum(1 for g in games for e in record_events(g) if e["type"] == "day")
    assert ballots <= 1.5 * sum(g.day - 1 for g in games)  # few revotes: the bots converge


# ---------------------------------------------------------------------- strength


def village_wins(village: AgentFactory, others: AgentFactory, games: int, seed: int) -> int:
    """Games the village wins in 普通1 for 9 when its seats are ``village`` bots and the rest ``others``."""
    cast = normal_cast(9)
    wins = 0
    for game_seed in range(seed, seed + games):
        rng = np.random.default_rng(game_seed)
        roles = deal(cast, rng)
        bots = [(village if ROLES[r].team is Team.HUMAN else others)(cast) for r in roles]
        game = _play_dealt(roles, bots, rng)
        wins += game.outcome is not None and game.outcome.winner is Team.HUMAN
    return wins


def _play_dealt(roles: list[str], bots: list[Agent], rng: np.random.Generator) -> Game:
    game = Game.new(seat_names(len(roles), Settings.parse()), roles, {}, rng)
    return play_to_end(game, [None if s == game.scapegoat else bots[s] for s in game.seats()], rng)


def test_a_heuristic_village_beats_a_random_one():
    smart = village_wins(HeuristicAgent, RandomAgent, 80, seed=0)
    naive = village_wins(RandomAgent, RandomAgent, 80, seed=0)
    outplayed = village_wins(RandomAgent, HeuristicAgent, 80, seed=0)
    assert smart >= naive + 16 and naive >= outplayed, (smart, naive, outplayed)


# ---------------------------------------------------------------------- allies (issue 26, point 14)


def test_the_wolf_chat_knows_its_whispering_madman_and_nobody_else_does():
    roles = ["Werewolf", "Werewolf", "WhisperingMad", "Fanatic", "MadWolf", "Human", "Human"]
    settings = Settings.parse({"scapegoat": "off"})
    game = Game.new(seat_names(len(roles), settings), roles, settings, np.random.default_rng(0))
    for reader in (0, 1, 4):  # the wolves and 狂人狼: the wolf chat's members
        assert SeatView.of(game, reader).known[2] == "WhisperingMad"
    for other in (2, 3, 5, None):
        assert 2 not in SeatView.of(game, other).known


def test_bot_wolves_never_attack_their_whispering_madman():
    cast = {"Werewolf": 2, "WhisperingMad": 1, "Diviner": 1, "Psychic": 1, "Guard": 1, "Human": 6}
    attacks = 0
    for seed in range(40):
        game = play_game(cast, Settings.parse({"scapegoat": "off"}), HeuristicAgent, seed)
        mad = game.names[game.cast.index("WhisperingMad")]
        for event in record_events(game):
            for action in event.get("actions", []) if event["type"] == "night" else []:
                if action["action"] == "attack":
                    attacks += 1
                    assert action["target"] != mad, (seed, event)
    assert attacks > 100


# ---------------------------------------------------------------------- wave-3 wolves


def wolf_nights(role: str, seeds: range) -> Counter[str]:
    """What a heuristic bot holding ``role`` did at night over whole games of heuristic bots: the
    verbs of its actions, counted, and ``nights`` (the nights it had an attack to choose)."""
    seen: Counter[str] = Counter()
    cast = {role: 1, "Werewolf": 1, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 7}
    roles = [r for r, count in cast.items() for _ in range(count)]
    for seed in seeds:
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
        bots = [HeuristicAgent(cast) for _ in roles]
        while not game.is_over:
            if game.stage.value == "night" and game.alive[0]:
                seen["nights"] += any(lg.verb is Verb.ATTACK for lg in game.legal_actions(0))
                before = len(game.night.actions)
                act(game, bots, rng)
                seen.update(a.verb.value for a in game.night.actions[before:] if a.seat == 0)
            else:
                talk(game, bots, rng)
                act(game, bots, rng)
            game.close(rng)
    return seen


def test_a_bot_cautious_wolf_abstains_only_rarely_and_a_greedy_wolf_gorges_sometimes():
    cautious = wolf_nights("CautiousWolf", range(30))
    assert 0 < cautious["abstain"] <= 0.15 * cautious["nights"], cautious
    greedy = wolf_nights("GreedyWolf", range(30))
    assert greedy["gorge"] >= 3, greedy  # at most once a game, when no attack has failed yet
    assert greedy["attack"] > greedy["nights"]  # a gorge's extra attack is taken with it


def test_a_bot_intuition_wolf_notes_the_guard_it_sensed_for_its_attacks():
    from jinrou.agents.classic import Notes

    notes = Notes()
    view_messages = [(0, Message("guard sensed", {"player": 0, "guard": 3}, frozenset({0})))]

    class View:
        messages = view_messages
        claims = ()

    notes.read(View())  # type: ignore[arg-type]
    assert notes.guards == {3}


# ---------------------------------------------------------------------- wave-3 madmen


def test_a_bot_wolf_boy_frames_a_seat_every_night_never_itself():
    # docs/classic-bots.md: it frames the non-ally the village trusts most (it knows no wolf)
    cast = {"WolfBoy": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 6}
    roles = [r for r, count in cast.items() for _ in range(count)]
    frames = 0
    for seed in range(10):
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
        bots = [HeuristicAgent(cast) for _ in roles]
        while not game.is_over:
            if game.stage.value != "night":
                talk(game, bots, rng)
            act(game, bots, rng)
            for a in game.night.actions if game.stage.value == "night" else ():
                if a.verb.value == "frame":
                    assert a.seat == 0 and a.targets[0] != 0
            frames += sum(1 for a in game.night.actions if a.verb.value == "frame") if game.stage.value == "night" else 0
            game.close(rng)
    assert frames >= 10


# ---------------------------------------------------------------------- wave-3 group T (charms, team changes)


def t_games(role: str, seeds: range, extra: Mapping[str, int] | None = None) -> tuple[Counter[str], list[Game]]:
    """Whole games of heuristic bots with ``role`` on seat 0: the verbs seat 0 used at night, counted,
    and the finished games."""
    cast = {role: 1, "Werewolf": 1, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 6, **(extra or {})}
    roles = [r for r, count in cast.items() for _ in range(count)]
    used: Counter[str] = Counter()
    games = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
        bots = [Checked(HeuristicAgent(cast)) for _ in roles]
        while not game.is_over:
            if game.stage.value == "night":
                before = len(game.night.actions)
                act(game, bots, rng)
                used.update(a.verb.value for a in game.night.actions[before:] if a.seat == 0)
            else:
                talk(game, bots, rng)
                act(game, bots, rng)
            game.close(rng)
        assert game.outcome is not None and 0 not in game.sudden
        games.append(game)
    return used, games


def test_bot_fascinating_wolf_seduces_on_night_one_a_non_ally():
    used, games = t_games("FascinatingWolf", range(8))
    assert used["seduce"] == 8
    for game in games:
        target = game.identity(0).main.memory.target
        assert target is not None and target not in (0, 1)  # never itself nor the other wolf


def test_bot_mad_scientist_revives_a_dead_seat_and_attractive_woman_charms_every_night():
    used, games = t_games("MadScientist", range(8))
    assert used["revive"] >= 4
    assert any(any(identity.has("WolfMinion") for identity in game.identities) for game in games)
    used, _ = t_games("AttractiveWoman", range(5))
    assert used["charm"] >= 5


def test_bot_games_with_cynthia_wolf_and_queen_of_night_finish_and_touch_their_diviners():
    _, games = t_games("CynthiaWolf", range(12), {"QueenOfNight": 1})
    touched = [s for game in games for identity in game.identities
               if identity.has("MoonPhilia") or identity.has("Fascinated") for s in [identity.seat]]
    assert touched


def test_a_seer_turned_to_the_wolves_reports_its_black_results_as_white():
    # docs/classic-bots.md: a seat of team Werewolf by 狼の子分 or 月狂病 that reports results
    roles = ["CynthiaWolf", "Werewolf", "Diviner", "Human", "Human", "Human", "Human", "Human"]
    game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"})
    game.apply(Action(2, Verb.DIVINE, (0,)))  # the seer divines the 月狼: 人狼, and gets 月狂病
    game.apply(Action(0, Verb.ATTACK, (3,)))
    game.close(np.random.default_rng(0))
    assert game.identity(2).has("MoonPhilia")
    bot = HeuristicAgent()
    claims = bot.talk(SeatView.of(game, 2), np.random.default_rng(0))
    reports = [c for c in claims if c.kind is ClaimKind.DIVINED]
    assert reports == [Claim(ClaimKind.DIVINED, target=0, result="human")]


# ---------------------------------------------------------------------- wave-3 attacks (一途な狼, 囮狼, 爆弾魔, 破壊の狂人, サイコキラー)


def _bot_games(cast: dict[str, int], seeds: range) -> list[Game]:
    """Whole games of heuristic bots told the role list, one per seed (``scapegoat=off``)."""
    roles = [r for r, count in cast.items() for _ in range(count)]
    games = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
        play_to_end(game, [HeuristicAgent(cast) for _ in roles], rng)  # talk() says nothing at night
        assert game.outcome is not None and not game.sudden
        games.append(game)
    return games


def _used(games: list[Game], verb: str) -> list[dict]:
    return [a for g in games for e in record_events(g) for a in e.get("actions", []) if a["action"] == verb]


@pytest.mark.parametrize(("role", "verb"), [("ToughWolf", "lunge"), ("DecoyWolf", "decoy"), ("Bomber", "bomb"),
                                            ("DestroyCraziest", "expose")])
def test_bot_games_with_a_wave3_attack_role_finish_and_use_its_ability(role, verb):
    # docs/classic-bots.md: 一途 on a trusted seer a guard may protect, 囮狼 on the most uncertain
    # non-ally, 爆弾魔 a claimed guard or the most valuable seat, 破壊の狂人 the trusted seer
    cast = {role: 1, "Werewolf": 1 if role.endswith("Wolf") else 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 6}
    games = _bot_games(cast, range(12))
    uses = _used(games, verb)
    assert len(uses) >= 3 and all(u["player"] == "A" for u in uses)
    if verb in ("lunge", "bomb"):
        assert max(Counter(id(g) for g in games for e in record_events(g) for a in e.get("actions", [])
                           if a["action"] == verb).values()) == 1  # once per game


def test_bot_games_with_a_psycho_killer_finish_and_it_kills():
    games = _bot_games({"PsychoKiller": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Human": 6}, range(12))
    assert any(d["cause"] == "psycho" for g in games for e in record_events(g) for d in e.get("deaths", []))


# ---------------------------------------------------------------------- attackers, feigned death, public identity


def bot_games(cast: dict[str, int], seeds: range, agent: type = HeuristicAgent) -> tuple[Counter[str], Counter[str]]:
    """Whole games of ``agent`` bots (seat 0 holds the first role of ``cast``): the verbs seat 0 used,
    counted, and the winners' teams; every game must end."""
    used: Counter[str] = Counter()
    results: Counter[str] = Counter()
    roles = [r for r, count in cast.items() for _ in range(count)]
    for seed in seeds:
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
        bots = [agent(cast) for _ in roles]
        for _ in range(200):
            if game.is_over:
                break
            talk(game, bots, rng)
            before = len(game.night.actions)
            act(game, bots, rng)
            used.update(a.verb.value for a in game.night.actions[before:] if a.seat == 0)
            game.close(rng)
        assert game.is_over, seed
        results[game.outcome.winner_id if game.outcome else "?"] += 1
    return used, results


def test_bot_games_with_a_solitude_wolf_a_mad_dog_and_a_mad_hunter_end_and_use_their_abilities():
    # docs/classic-bots.md: the 孤独な狼 attacks once alone; the 狂犬 bites a claimed seer or guard from night 2
    used, _ = bot_games({"SolitudeWolf": 1, "Werewolf": 1, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 7},
                        range(12))
    assert used["attack"] > 0, used
    used, _ = bot_games({"MadDog": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 6}, range(12))
    assert 0 < used["bite"] <= 12, used  # once a game at most
    used, _ = bot_games({"MadHunter": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 6},
                        range(12))
    assert used["shoot"] > 0, used
    used, _ = bot_games({"MadDog": 1, "CraftyWolf": 1, "AbsoluteWolf": 1, "SolitudeWolf": 1, "Diviner": 1,
                         "Human": 6}, range(6), RandomAgent)
    assert used["bite"] > 0, used


def test_a_bot_crafty_wolf_feigns_when_suspected_and_rises_the_next_night_and_absolute_wolf_games_end():
    used, _ = bot_games({"CraftyWolf": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 7},
                        range(20))
    assert used["feign"] > 0 and used["rise"] == used["feign"], used
    used, results = bot_games({"AbsoluteWolf": 1, "Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 6}, range(8))
    assert sum(results.values()) == 8 and used["attack"] > 0


def test_a_bot_notes_a_seat_that_survived_the_execution_it_topped_and_the_village_votes_another_next_day():
    # docs/classic-bots.md: 絶対狼 resists its execution while other wolves live; the village moves on
    from jinrou.agents.classic import Notes

    def notes_of(*messages: Message) -> Notes:
        notes = Notes()

        class View:
            claims = ()

        View.messages = [(0, m) for m in messages]  # type: ignore[attr-defined]
        notes.read(View())  # type: ignore[arg-type]
        return notes

    votes = Message("votes", {"votes": {0: 1, 2: 1, 3: 1, 1: 0}})
    assert notes_of(Message("morning", {"day": 2}), votes, Message("night", {"day": 2})).survived == {1: 2}
    executed = Message("died", {"player": 1, "cause": "execution"})
    assert notes_of(Message("morning", {"day": 2}), votes, executed, Message("night", {"day": 2})).survived == {}
    cast = {"AbsoluteWolf": 1, "Werewolf": 1, "Diviner": 1, "Human": 5}
    roles = [r for r, count in cast.items() for _ in range(count)]
    rng = np.random.default_rng(0)
    game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
    game.apply(Action(1, Verb.ATTACK, (2,)))
    game.close(rng)
    for voter in (1, 3, 4, 5, 6, 7):
        game.apply(Vote(voter, 0))
    game.apply(Vote(0, 3))
    game.close(rng)
    assert game.alive[0] and game.day == 2
    game.apply(Action(1, Verb.ATTACK, (3,)))
    game.close(rng)
    bot = HeuristicAgent(cast)
    view = SeatView.of(game, 4)
    assert bot.notes.survived == {} and not any(isinstance(c, Vote) and c.target == 0 for c in bot.act(view, rng))
    assert bot.notes.survived == {0: 2}


# ---------------------------------------------------------------------- seals and day actions (group S)


def played_verbs(cast: dict[str, int], seeds: range, agent: type = HeuristicAgent) -> Counter:
    """How often each verb was taken (day actions included) in bot games of ``cast``, every game
    played to its end."""
    roles = [r for r, count in cast.items() for _ in range(count)]
    taken: Counter = Counter()
    for seed in seeds:
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
        play_to_end(game, [agent(cast) for _ in roles], rng)
        for event in write(game)["events"]:
            taken.update(a["action"] for a in event.get("actions", []))
    return taken


def test_bots_with_seals_and_day_actions_finish_and_use_them():
    # docs/classic-bots.md: a 威嚇する狼 threatens a claimed seer or guard, a 血狼 self-destructs when
    # half the living said they vote for it, a 催眠術師 hypnotizes a claimed seer or guard, an イカサマ師
    # bets when its stock would decide the vote
    cast = {"ThreateningWolf": 1, "BloodWolf": 1, "Hypnotist": 1, "Faker": 1, "Diviner": 1, "Guard": 1,
            "Psychic": 1, "Human": 6}
    taken = played_verbs(cast, range(12))
    assert taken["threaten"] >= 3 and taken["hypnotize"] >= 3 and taken["bet"] >= 1, taken
    assert taken["selfdestruct"] >= 1, taken
    randomly = played_verbs(cast, range(12), RandomAgent)
    assert randomly["threaten"] and randomly["selfdestruct"] and randomly["bet"] and randomly["hypnotize"], randomly


def test_bots_with_king_gambler_and_secretary_finish_and_use_them():
    # docs/classic-bots.md: a 秘書 assists the seat it trusts most, a ギャンブラー bets as an イカサマ師 does
    cast = {"Werewolf": 2, "King": 1, "Gambler": 1, "Secretary": 1, "Diviner": 1, "Human": 5}
    taken = played_verbs(cast, range(8))
    assert taken["assist"] >= 3, taken
    randomly = played_verbs(cast, range(8), RandomAgent)
    assert randomly["assist"] and randomly["bet"], randomly


def test_bots_with_troublemaker_and_dictator_finish_and_use_them():
    # docs/classic-bots.md: a トラブルメーカー stirs trouble from night 2 in a large village, a 独裁者
    # dictates the seat it is sure of; several executions a day (V1.1.3) play to the end
    cast = {"Werewolf": 2, "TroubleMaker": 1, "Dictator": 1, "Diviner": 1, "Prince": 1, "Human": 6}
    taken = played_verbs(cast, range(8))
    assert taken["trouble"] >= 3 and taken["dictate"] >= 1, taken
    randomly = played_verbs(cast, range(8), RandomAgent)
    assert randomly["trouble"] and randomly["dictate"], randomly


def test_bots_with_a_monster_finish_and_use_its_absorbed_abilities():
    # V1.1.6: a フランケンシュタインの怪物 uses the actions of the roles it absorbed (here a 占い師's divination)
    cast = {"Werewolf": 2, "FrankensteinsMonster": 1, "Diviner": 2, "Guard": 1, "Human": 5}
    roles = [r for r, count in cast.items() for _ in range(count)]
    used = 0
    for seed in range(8):
        rng = np.random.default_rng(seed)
        game = Game.new(seat_names(len(roles), Settings.parse({"scapegoat": "off"})), roles, {"scapegoat": "off"}, rng)
        play_to_end(game, [HeuristicAgent(cast) for _ in roles], rng)
        monster = roles.index("FrankensteinsMonster")
        used += sum(1 for e in write(game)["events"] for a in e.get("actions", [])
                    if a["player"] == game.names[monster] and a["action"] == "divine")
    assert used >= 1
# ---------------------------------------------------------------------- issue 24, group VF (一言主神, おばけ)


def test_bot_games_with_hitokotonushinokami_and_tiny_ghost_finish_and_it_divines_and_comes_out_as_a_seer():
    cast = {"Hitokotonushinokami": 1, "TinyGhost": 1, "Werewolf": 2, "Guard": 1, "Psychic": 1, "Human": 5}
    games = _bot_games(cast, range(8))
    uses = _used(games, "divine")
    assert len(uses) >= 8 and all(u["player"] == "A" for u in uses)
    said = [claim for g in games for _, s, claim in g.claims if s == 0 and claim.kind is ClaimKind.COMINGOUT]
    assert said and all(claim.role == "Diviner" for claim in said)


def test_bot_games_with_a_ninja_finish_and_it_scouts_every_night_never_itself():
    cast = {"Ninja": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Emma": 1, "Human": 5}
    games = _bot_games(cast, range(6))
    uses = _used(games, "scout")
    assert len(uses) >= 6 and all(u["player"] == "A" and u["target"] != "A" for u in uses)


def test_bots_with_the_whisper_roles_finish_and_use_their_abilities():
    # docs/classic-bots.md: 嘘つき divines as a seer does, 超常現象研究者 investigates once, 呪いをかける者
    # silences the most suspected seat, 通訳 pairs itself with the least suspected, 御子 revives on night 4
    cast = {"Werewolf": 2, "Liar": 1, "PI": 1, "Spellcaster": 1, "Saint": 1, "Interpreter": 1, "Couple": 2,
            "Diviner": 1, "Human": 4}
    taken = played_verbs(cast, range(8))
    assert taken["silence"] >= 3 and taken["pair"] >= 8 and taken["divine"] >= 8 and taken["revive"] >= 1, taken
    randomly = played_verbs(cast, range(8), RandomAgent)
    assert randomly["silence"] and randomly["pair"] >= 8, randomly


def test_bot_games_with_a_miko_finish_and_it_prays_once():
    # docs/classic-bots.md: a 巫女 prays once, when it may die or be executed
    cast = {"Miko": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 6}
    games = _bot_games(cast, range(8))
    uses = _used(games, "pray")
    assert len(uses) >= 3 and all(u["player"] == "A" for u in uses)
    assert max(Counter(id(g) for g in games for e in record_events(g) for a in e.get("actions", [])
                       if a["action"] == "pray").values()) == 1


def test_bot_games_with_a_dog_finish_and_it_adopts_on_night_one():
    # docs/classic-bots.md: a 犬 adopts the most valuable seat on night 1 and bites it only when sure
    cast = {"Dog": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 6}
    games = _bot_games(cast, range(6))
    uses = _used(games, "adopt")
    assert len(uses) == len(games) and all(u["player"] == "A" and u["target"] != "A" for u in uses)


def test_bot_games_with_a_trapper_finish_and_it_traps_from_night_two():
    cast = {"Trapper": 1, "Werewolf": 2, "Diviner": 1, "Psychic": 1, "Human": 7}
    games = _bot_games(cast, range(6))
    uses = _used(games, "trap")
    assert len(uses) >= 6 and all(u["player"] == "A" and u["target"] != "A" for u in uses)


# ---------------------------------------------------------------------- village part 1, group VD


def test_bots_with_seers_mama_and_tarzan_finish_and_the_mama_sees_through_a_false_seer():
    # docs/classic-bots.md: the mama takes the seats told to hold 占い師 as village and gives any other
    # 占い師 claimant weight 0.1
    from jinrou.agents.classic import Notes, assess

    cast = {"Werewolf": 2, "Madman": 1, "Diviner": 1, "SeersMama": 1, "Tarzan": 1, "Human": 6}
    taken = played_verbs(cast, range(6))
    assert taken["divine"] and taken["attack"], taken
    game = Game.new("ABCDEF", ["Werewolf", "SeersMama", "Diviner", "Human", "Human", "Human"], {"scapegoat": "off"},
                    np.random.default_rng(0))
    for text in ("A attack F", "C divine D"):
        game.apply(Action.parse(text, game.names))
    game.close(np.random.default_rng(0))
    game.claim(0, Claim(ClaimKind.COMINGOUT, role="Diviner"))
    game.claim(2, Claim(ClaimKind.COMINGOUT, role="Diviner"))
    mama, notes, plain = SeatView.of(game, 1), Notes(), Notes()
    notes.read(mama)
    assert notes.seers == frozenset({2})
    seen = assess(mama, notes)
    assert seen.suspicion[0] > seen.suspicion[2] and seen.trust[0] < seen.trust[2]
    plain.read(SeatView.of(game, 3))
    assert plain.seers is None


def test_bots_with_a_sleepwalker_an_oracle_and_a_fate_finish_and_play_as_villagers_until_told():
    # V1.1.5: the bot's view says 村人 until the trigger; the game goes on as any other
    cast = {"Werewolf": 2, "Madman": 1, "Diviner": 1, "Sleepwalker": 1, "Oracle": 1, "Fate": 1, "Guard": 1,
            "Human": 4}
    taken = played_verbs(cast, range(6))
    assert taken["divine"] and taken["attack"], taken
    randomly = played_verbs(cast, range(6), RandomAgent)
    assert randomly["attack"], randomly


@pytest.mark.parametrize(("role", "verbs"), [("Assassin", ("assassinate",)), ("Witch", ("poison", "revive")),
                                             ("Counselor", ("counsel",))])
def test_bot_games_with_a_group_vc_role_finish_and_use_its_ability(role, verbs):
    # docs/classic-bots.md: 暗殺者 and 魔女's 毒薬 on a seat suspected enough, 蘇生薬 on a trusted dead seat,
    # カウンセラー on a seat suspected but likely no wolf
    cast = {role: 1, "Werewolf": 2, "Madman": 1, "Diviner": 1, "Guard": 1, "Psychic": 1, "Human": 5}
    games = _bot_games(cast, range(12))
    uses = [u for verb in verbs for u in _used(games, verb)]
    assert uses and all(u["player"] == "A" for u in uses)
    if role == "Assassin":
        assert max(Counter(id(g) for g in games for e in record_events(g) for a in e.get("actions", [])
                           if a["action"] == "assassinate").values()) == 1  # once per game


def test_bot_games_with_diseased_and_oldman_finish():
    games = _bot_games({"Diseased": 1, "Oldman": 1, "Werewolf": 2, "Diviner": 1, "Guard": 1, "Human": 5}, range(6))
    assert all(g.outcome is not None for g in games)


def test_random_bots_with_the_group_vc_roles_choose_legal_actions_and_use_them():
    roles = ["Werewolf", "Werewolf", "Assassin", "Witch", "Counselor", "Diseased", "Oldman", "Madman", "Human", "Human"]
    used: set[str] = set()
    for seed in range(8):
        game = play(roles, {"scapegoat": "off"}, [Checked(RandomAgent()) for _ in roles], seed)  # illegal raises
        assert game.outcome is not None and not game.sudden
        used |= {a["action"] for e in record_events(game) for a in e.get("actions", [])}
    assert {"assassinate", "poison", "revive", "counsel"} <= used


# ---------------------------------------------------------------------- issue 24: the village roles' claims


def _cos(games: list[Game]) -> Counter:
    """(seat's real role at the claim, claimed role) of every coming out."""
    return Counter((g.role(s).id, claim.role) for g in games for _, s, claim in g.claims
                   if claim.kind is ClaimKind.COMINGOUT)


def test_a_dictator_bot_names_its_target_coming_out_and_dictates_it():
    # docs/classic-bots.md: a 独裁者 comes out and says it votes for the seat it suspects (a wolf w.p. 0.3
    # or more), then dictates it once sure (0.8)
    cast = {"Dictator": 1, "Werewolf": 2, "Diviner": 1, "Psychic": 1, "Guard": 1, "Human": 6}
    games = _bot_games(cast, range(16))
    named = dictated = 0
    for g in games:
        said = [(d, c) for d, s, c in g.claims if s == 0]
        cos = [d for d, c in said if c.kind is ClaimKind.COMINGOUT]
        assert len(cos) <= 1 and all(c.role == "Dictator" for d, c in said if c.kind is ClaimKind.COMINGOUT)
        for e in record_events(g):
            for a in e.get("actions", []):
                if a["action"] == "dictate":
                    dictated += 1
                    votes = [g.names[c.target] for d, c in said if c.kind is ClaimKind.VOTE and cos and d >= cos[0]]
                    named += a["target"] in votes
    assert dictated >= 1 and named >= 1, (dictated, named)


def test_a_trapper_bot_comes_out_once_another_seat_claimed_guard():
    # a guard on the seat it traps dies (V1.1.9b): the claimed 狩人 must know there is a 罠師
    game = Game.new("ABCDEFG", ["Trapper", "Werewolf", "Guard", "Human", "Human", "Human", "Human"],
                    {"scapegoat": "off"}, np.random.default_rng(0))
    for text in ("B attack G", "C guard D"):
        game.apply(Action.parse(text, game.names))
    game.close(np.random.default_rng(0))
    rng = np.random.default_rng(1)
    bot = HeuristicAgent()
    assert not [c for c in bot.talk(SeatView.of(game, 0), rng) if c.kind is ClaimKind.COMINGOUT]
    game.claim(2, Claim(ClaimKind.COMINGOUT, role="Guard"))
    said = bot.talk(SeatView.of(game, 0), rng)
    assert Claim(ClaimKind.COMINGOUT, role="Trapper") in said
    assert not [c for c in bot.talk(SeatView.of(game, 0), rng) if c.kind is ClaimKind.COMINGOUT]  # once


ISSUE_34 = {"Pyrotechnist", "Idol", "Poet", "RemoteWorker",  # their own tests: tests/classic/roles
            "SantaClaus", "Reindeer", "HomeComer", "Hanami", "Streamer"}  # tests/agents/test_classic_crowds.py
"""Issue 34's village roles that come out on the block as issue 24's do."""


def test_every_village_role_of_issue_24_comes_out_as_itself_in_some_bot_game():
    """Each of the 31 roles makes a claim of its own (一言主神: as a 占い師): on the block (named in a third
    of the day's VOTE claims) at least; a 夢遊病者, 預言者 or 運命の子 only once it knows its role; a 課金者
    bot nearly always commits on night 1, so it is its new role by day (it may claim, seldom does)."""
    groups = [["TroubleMaker", "FrankensteinsMonster", "Dictator", "King", "Gambler", "Secretary"],
              ["Dog", "Trapper", "Miko", "ToughGuy", "Lycan", "Assassin"],
              ["Diseased", "Oldman", "Witch", "Counselor", "Sleepwalker", "Fate"],
              ["Oracle", "SeersMama", "Tarzan", "Liar", "PI", "Spellcaster"],
              ["Saint", "Interpreter", "Emma", "TinyGhost", "Ninja", "Hitokotonushinokami"]]
    coming_out = set(plays.roles(lambda play: play.comes_out is not None and not play.third)) - ISSUE_34
    assert coming_out | {"Hitokotonushinokami"} == {r for group in groups for r in group} | {"GachaAddicted"}
    seen: Counter = Counter()
    for group in groups:
        cast = {"Werewolf": 2, "Madman": 1, "Diviner": 1, "Guard": 1, **dict.fromkeys(group, 1)}
        seen += _cos(_bot_games(cast, range(12)))
    missing = [r for group in groups for r in group if r not in ("Sleepwalker", "Fate", "Oracle")
               and not seen[(r, "Diviner" if r == "Hitokotonushinokami" else r)]]
    assert not missing, (missing, seen)
