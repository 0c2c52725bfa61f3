"""The classic bots' main loop: a random bot and a heuristic one that talks, lies and votes together.

Both implement :class:`jinrou.classic.agent.Agent` and see nothing but their
:class:`~jinrou.classic.views.SeatView`, the rules every player knows (the role declarations) and,
if they are given it, the public role list (配役: role id → count, announced at the start of a
fixed casting). Make one agent per seat and game: it reads its view's messages and claims once,
as they come. Everything a role does of its own is its play (:mod:`.plays`), declared by its group's
module; this loop names no role.

**RandomAgent** says nothing; for each thing it may do it takes a uniform legal choice (an optional
action or vote only with probability ½); where an action has another form taken instead of it
(「襲撃しない」 for an attack) it takes one of the forms, uniformly.

**HeuristicAgent** reads the table (:mod:`.assessment`) and **speaks** at the first ballot of each
day: a role whose results the claims report comes out and reports them — the 占い師 (DIVINED) on its
first day, the 霊能者 (IDENTIFIED) with its first result or at once if someone else claims the role;
a role that comes out as one of those (一言主神 as a 占い師) does so; a paired role (共有者) comes out at
once; a village role comes out as itself when its play says so (``comes_out``), one that wants to be
executed as its play says (``bait``), a third party the village gains nothing by executing as itself when
its play says (``third`` with ``comes_out``), a hostile one as the village role it hides behind (``cover``); everybody then says whom it will vote for (VOTE: its choice
below, given what was said before it, or the seat its role named) and, as a villager, whom it
suspects when P > 0.6 (ESTIMATE). The claim language has two results, so a divined vampire and a
psychic's 大狼 read werewolf, a psychic's 子狐 human. Wolves and madmen may **lie**: on day 2 the
lowest-seated wolf (probability 0.35) or a madman (0.6) comes out as 占い師 unless an ally already
claimed a result role (a role whose play ``fakes_seer`` always does), and reports one fake divination
a day — a living seat it has not named, never itself, black only on a non-ally (the counter-claiming
seer half the time it may, at most one black per three days), white on an ally now and then; a
mind reader reports what it read, the 占い師 black — so that the story holds together.

It **votes** for the candidate with the best objective plus the bandwagon: 2 × the share of today's
claims naming it (a VOTE counts 2, an ESTIMATE ±1, each times the speaker's chance of being on the
village's side), so the village converges. The village's objective is suspicion − ½·value (at most
−50 on the two days after a seat topped a day's last ballot alone and was not executed: it resisted,
as a 絶対狼 does while other wolves live, so the village executes others first and tries it again on
the third day; where a 闇狼 hid the table, the seat most named in the day's VOTE claims when nobody was
executed); once every wolf left seems located (or at most one is left) while a fox may live and
the village can afford it, it hunts the fox first (+2·fox, −3 for a seat with suspicion > 1.5:
executing the last wolf would hand the fox the win). Wolves and informed madmen blend in (suspicion,
as a villager would) but push a seat that survived their attack (a fox, or a guarded seat, +3); a
madman who knows nobody votes the most valuable seat. Everybody spares the allies it knows. After a
tie (a re-vote) it keeps to the tied seats, and from the second re-vote every bot takes the same one
(most VOTE claims, then the lowest seat) unless it is an ally, so the ballot ends before the draw.

It **acts** by its plays' policies, one per legal verb (a form taken instead of a verb first, its
day actions before its vote); a verb with no policy gets uniform legal targets when required and is
skipped when optional. Then its play's exclusive verbs keep the first chosen and its ``finish`` runs.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from jinrou.agents.classic import plays
from jinrou.agents.classic.assessment import BLACK, ONI, PUMPKIN, WHITE, Assessment, Table, assess, is_black, side
from jinrou.agents.classic.notes import Notes
from jinrou.classic.actions import ParamKind
from jinrou.classic.agent import Agent
from jinrou.classic.catalog import Team
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Seat, Stage, Verb, Vote
from jinrou.classic.roles import ROLES
from jinrou.classic.views import SeatView

BANDWAGON = 2.0
NOISE = 0.25
P_WOLF_FAKE, P_MAD_FAKE = 0.35, 0.6
RESISTED, RESISTED_DAYS = -50.0, 2  # a seat that survived the execution it topped (絶対狼): others first, 2 days


# ---------------------------------------------------------------------- the random bot


class RandomAgent:
    """Says nothing; takes uniform legal choices (optional ones with probability ½)."""

    name = "random"

    def __init__(self, cast: Mapping[str, int] | None = None) -> None:
        pass  # the role list does not matter to it

    def talk(self, view: SeatView, rng: np.random.Generator) -> list[Claim]:
        return []

    def act(self, view: SeatView, rng: np.random.Generator) -> list[Action | Vote]:
        out: list[Action | Vote] = []
        done: set[Verb | None] = set()
        verbs = {legal.verb for legal in view.legal}
        for legal in view.legal:
            if legal.verb in done or (legal.instead_of is not None and legal.instead_of in verbs):  # taken with its verb
                continue
            group = [legal, *(lg for lg in view.legal if lg.instead_of is not None and lg.instead_of is legal.verb)]
            if not any(lg.required for lg in group) and rng.random() < 0.5:
                continue
            done.add(legal.verb)
            legal = group[int(rng.integers(len(group)))] if len(group) > 1 else legal
            choice = uniform(view, legal, rng)
            if choice is not None:
                out.append(choice)
        return _votes_last(_exclusive(out))


def _exclusive(out: list[Action | Vote]) -> list[Action | Vote]:
    """Of each group of verbs a play makes exclusive (魔女's potions, V1.2: one a night), the first
    chosen stays."""
    if len(out) < 2:
        return out  # nothing to keep apart (a vote, one action)
    kept = out
    for group in plays.exclusive():
        chosen = [c for c in kept if isinstance(c, Action) and c.verb in group]
        kept = [c for c in kept if c not in chosen[1:]]
    return kept


def _votes_last(out: list[Action | Vote]) -> list[Action | Vote]:
    """A day's actions before its vote: a day action may change the votes cast after it (イカサマ師's bet)."""
    return sorted(out, key=lambda c: isinstance(c, Vote))


def uniform(view: SeatView, legal: Legal, rng: np.random.Generator) -> Action | Vote | None:
    """A uniform legal choice for ``legal`` (None when it cannot be made)."""
    assert view.seat is not None
    if len(legal.targets) < legal.arity:
        return None
    picks = rng.choice(len(legal.targets), size=legal.arity, replace=False) if legal.arity else ()
    targets = tuple(legal.targets[int(i)] for i in picks)
    if legal.verb is None:
        return Vote(view.seat, targets[0])
    values = tuple(p.sample if p.kind is ParamKind.TEXT else allowed[int(rng.integers(len(allowed)))]
                   for p, allowed in zip(legal.params, legal.values, strict=True))
    return Action(view.seat, legal.verb, targets, values)


# ---------------------------------------------------------------------- the heuristic bot


class HeuristicAgent:
    """Reads the table, talks, lies when it is on the wolves' side, and votes with the village's
    claims (see the module docstring for what it evaluates)."""

    name = "heuristic"

    def __init__(self, cast: Mapping[str, int] | None = None) -> None:
        self.table = Table.of(cast) if cast is not None else None
        self.notes = Notes()
        self._cache: tuple[tuple[int, str | None], Assessment] | None = None
        self._scores: tuple[Assessment, tuple[object, ...], list[float]] | None = None  # objectives, as of

    # ------------------------------------------------------------------ reading

    def _read(self, view: SeatView) -> Assessment:
        if len(view.messages) < self.notes.messages or len(view.claims) < self.notes.claims:
            self.notes = Notes()  # a new game: agents are meant for one, but stay safe
            self._cache = None
        self.notes.read(view)
        key = (self.notes.version, view.role)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, assess(view, self.notes, self.table))
        return self._cache[1]

    def _noise(self, view: SeatView, rng: np.random.Generator) -> list[float]:
        """Small random preferences, drawn once per day and once per night."""
        key = (view.day, view.stage is Stage.NIGHT)
        if self.notes.noise_key != key:
            self.notes.noise_key = key
            self.notes.noise = rng.normal(0.0, NOISE, view.n).tolist()
        return self.notes.noise

    def objectives(self, view: SeatView, a: Assessment) -> list[float]:
        """How much the bot wants each seat executed (or shot); the same list (not to be changed) until
        the assessment, the day, the living or its side change — what else it reads (the attacks, the
        seats that resisted) makes a new assessment."""
        key = (view.day, view.alive, view.team, view.role)
        cached = self._scores
        if cached is not None and cached[0] is a and cached[1] == key:
            return cached[2]
        scores = self._objectives(view, a)
        self._scores = (a, key, scores)
        return scores

    def _objectives(self, view: SeatView, a: Assessment) -> list[float]:
        if side(view.team) is Team.WEREWOLF:
            mine = ROLES.get(view.role or "")
            if not a.allies and not (mine and mine.attacks):
                scores = list(a.value)  # a madman who knows nobody votes the village's best
            else:  # blend in, but push a seat that survived the wolves' attack: a fox, unless it was guarded
                scores = list(a.suspicion)
                for night, target in self.notes.attacks.items():
                    if night < view.day and view.alive[target]:
                        scores[target] += 3.0
        elif a.fox_hunt:  # keep the last wolf for last: a fox alive then wins
            scores = [x - 0.5 * v + 2.0 * f - (3.0 if x > 1.5 else 0.0) for x, v, f in zip(a.suspicion, a.value, a.fox)]
        else:
            scores = [x - 0.5 * v for x, v in zip(a.suspicion, a.value)]
        if side(view.team) is not Team.WEREWOLF:
            for seat, day in self.notes.survived.items():  # it resisted its execution: others for two days
                if view.day - day <= RESISTED_DAYS:
                    scores[seat] = min(scores[seat], RESISTED)
        for ally in a.allies:
            scores[ally] = -100.0
        return scores

    # ------------------------------------------------------------------ talking

    def talk(self, view: SeatView, rng: np.random.Generator) -> list[Claim]:
        me = view.seat
        if me is None or not view.alive[me]:
            return []
        a = self._read(view)
        notes = self.notes
        claims: list[Claim] = []
        notes.named = plays.named(view, a)
        role = plays.of(view.role).claims_as or view.role or ""
        play = plays.of(role)  # what it says it is
        if play.reports is not None:
            claims += self._report(view, role, play.reports)
        elif not notes.came_out and (play.paired or (play.comes_out is not None and (
                side(view.team) is Team.HUMAN or play.third) and (
                notes.named is not None or play.comes_out(self, view, a)))):
            notes.came_out = True
            claims.append(Claim(ClaimKind.COMINGOUT, role=role))
        elif play.bait is not None and not notes.came_out and (bait := play.bait(self, view)) is not None:
            notes.came_out = True
            claims.append(Claim(ClaimKind.COMINGOUT, role=bait))
        elif play.cover is not None and not notes.came_out and (cover := play.cover(self, view)) is not None:
            notes.came_out = True
            claims.append(Claim(ClaimKind.COMINGOUT, role=cover))
        elif side(view.team) is Team.WEREWOLF:
            claims += self._lie(view, a, rng)
        noise = self._noise(view, rng)
        living = [s for s in view.living() if s != me]
        if living:
            target = self.choose_vote(view, a, living, noise) if notes.named is None else notes.named
            claims.append(Claim(ClaimKind.VOTE, target=target))
            if side(view.team) is Team.HUMAN and a.probability(target) > 0.6:
                claims.append(Claim(ClaimKind.ESTIMATE, target=target, result=BLACK))
        return claims

    def _report(self, view: SeatView, role: str, kind: ClaimKind) -> list[Claim]:
        """The coming out of a role whose results ``kind`` claims report, and its new results: a 占い師
        (DIVINED) comes out on its first day, a 霊能者 with its first result or once countered."""
        notes = self.notes
        divines = kind is ClaimKind.DIVINED
        results = notes.own if divines else notes.psychic
        fresh = [(t, r) for t, r in results.items()
                 if t not in notes.reported and (is_black(r) is not None or r in (PUMPKIN, ONI))]
        turned = side(view.team) is Team.WEREWOLF  # 狼の子分, 月狂病: its blacks are its side now
        claims: list[Claim] = []
        countered = any(s != view.seat for s in notes.claimants(role))
        if not notes.came_out and (divines or fresh or countered):
            notes.came_out = True
            claims.append(Claim(ClaimKind.COMINGOUT, role=role))
        if notes.came_out:
            for target, result in fresh:
                notes.reported.add(target)
                said = result if result in (PUMPKIN, ONI) else BLACK if is_black(result) and not turned else WHITE
                claims.append(Claim(kind, target=target, result=said))  # かぼちゃ, 鬼 as it read
        return claims

    def _lie(self, view: SeatView, a: Assessment, rng: np.random.Generator) -> list[Claim]:
        """Wolves and madmen: come out as a fake 占い師 on day 2 (maybe) and report a fake result
        each day, consistently (see the module docstring)."""
        notes, me = self.notes, view.seat
        assert me is not None
        claims: list[Claim] = []
        seer = plays.reporter(ClaimKind.DIVINED)
        if not notes.fake_decided:
            notes.fake_decided = True  # once, on its first day: a wolf made later (呪われた者) keeps quiet
            mine = ROLES.get(view.role or "")
            ally_claimed = any(plays.of(notes.co.get(s)).reports is not None for s in a.allies)
            if mine is not None and not ally_claimed and view.day <= 2:
                if plays.of(mine.id).fakes_seer:
                    lie = True
                elif mine.attacks:
                    wolves = [s for s in (*a.allies, me) if view.alive[s] and view.known.get(s, "wolves") == "wolves"]
                    lie = me == min(wolves) and rng.random() < P_WOLF_FAKE
                else:
                    lie = rng.random() < P_MAD_FAKE
                if lie:
                    notes.fake = seer
                    claims.append(Claim(ClaimKind.COMINGOUT, role=seer))
        if notes.fake is None or notes.fake_days >= view.day - 1:
            return claims
        notes.fake_days = view.day - 1
        pool = [s for s in view.living() if s != me and s not in notes.fake_results]
        if not pool:
            return claims
        rivals = [s for s in notes.claimants(seer) if s != me and s not in a.allies and s in pool]
        blacks = sum(1 for r in notes.fake_results.values() if r == BLACK)
        enemies = [s for s in pool if s not in a.allies]
        friends = [s for s in pool if s in a.allies]
        black_ok = enemies and blacks * 3 < view.day
        read = [(s, r) for s, r in notes.readings.items() if s in pool]
        if read:  # 妖術師, サトリ: what they read, the 占い師 black
            found = [s for s, r in read if r == seer]
            target, result = (found[0], BLACK) if found else (read[0][0], WHITE)
        elif rivals and black_ok and rng.random() < 0.5:
            target, result = rivals[int(rng.integers(len(rivals)))], BLACK
        elif black_ok and rng.random() < 0.3:
            target, result = max(enemies, key=lambda s: a.value[s] + float(rng.random())), BLACK
        elif friends and rng.random() < 0.3:
            target, result = friends[int(rng.integers(len(friends)))], WHITE
        else:
            choices = enemies or pool
            target, result = choices[int(rng.integers(len(choices)))], WHITE
        notes.fake_results[target] = result
        claims.append(Claim(ClaimKind.DIVINED, target=target, result=result))
        return claims

    # ------------------------------------------------------------------ choosing

    def choose_vote(self, view: SeatView, a: Assessment, candidates: Sequence[Seat], noise: Sequence[float]) -> Seat:
        """The candidate with the best objective plus the bandwagon (today's VOTE claims) and noise."""
        said: dict[Seat, float] = {}  # each speaker's word weighs as much as the bot believes him
        p, alive, me = a.probabilities, view.alive, view.seat
        for speaker, target in self.notes.said.get(view.day, {}).items():
            if speaker != me and alive[speaker]:
                said[target] = said.get(target, 0.0) + 2 * (1 - p[speaker])
        for speaker, (target, result) in self.notes.estimates.get(view.day, {}).items():
            if speaker != me and alive[speaker]:
                said[target] = said.get(target, 0.0) + (1 if result == BLACK else -1) * (1 - p[speaker])
        weight = BANDWAGON / (sum(v for v in said.values() if v > 0) or 1)
        scores = self.objectives(view, a)
        best, top = candidates[0], -math.inf  # the first of the best, as max() takes it
        for s in candidates:
            score = scores[s] + weight * said.get(s, 0.0) + noise[s]
            if score > top:
                best, top = s, score
        return best

    def act(self, view: SeatView, rng: np.random.Generator) -> list[Action | Vote]:
        if view.seat is None:
            return []
        a = self._read(view)
        noise = self._noise(view, rng)
        out: list[Action | Vote] = []
        done: set[Verb | None] = set()
        for legal in sorted(view.legal, key=lambda lg: lg.instead_of is None):  # a form taken instead of a verb first
            if legal.verb in done or (legal.instead_of is not None and legal.instead_of in done) or (
                    legal.arity and not legal.targets):
                continue
            if legal.verb is None:  # a vote, even where it is optional (ニート)
                done.add(None)
                out.append(Vote(view.seat, self._vote(view, a, legal, noise)))
                continue
            policy = plays.policy(view.role, (view.pair, *view.subs) if view.pair else view.subs, legal.verb)
            choice = policy(self, view, a, legal, noise, rng) if policy else (
                uniform(view, legal, rng) if legal.required else None)
            if isinstance(choice, Action) and legal.arity and len(choice.targets) not in (0, legal.arity):
                choice = uniform(view, legal, rng)  # a ケミカル seat: the other half's play, for a verb of another shape
            if legal.instead_of is None or choice is not None:
                done.add(legal.verb if legal.instead_of is None else legal.instead_of)
            if choice is not None:
                out.append(choice)
        out = _exclusive(out)
        for finish in plays.finishes():
            out = finish(self, view, a, out, noise, rng)
        if view.stage is Stage.NIGHT:  # what it aimed at tonight: a seat alive after it survived it
            for choice in out:
                if isinstance(choice, Action) and choice.targets:
                    self.notes.aims[choice.verb, view.day] = choice.targets[0]
        return _votes_last(out)

    def _vote(self, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float]) -> Seat:
        candidates = list(legal.targets)
        if view.revotes and not view.runoff and self.notes.ballots and self.notes.ballots[-1][0] == view.day:
            tally = Counter(self.notes.ballots[-1][1].values())  # empty where the table was hidden (闇狼)
            top = max(tally.values(), default=0)
            tops = [s for s in candidates if tally.get(s) == top]
            if tops and any(s not in a.allies for s in tops):
                candidates = tops
                if view.revotes >= 2:  # everybody takes the same one: most VOTE claims, then the lowest seat
                    said = Counter(self.notes.said.get(view.day, {}).values())
                    for seat in sorted(tops, key=lambda s: (-said[s], s)):
                        if seat not in a.allies:
                            return seat
        return self.choose_vote(view, a, candidates, noise)


AGENTS: dict[str, Callable[[Mapping[str, int] | None], Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}
"""The classic bots by name; each class is also a bot factory for :func:`jinrou.classic.simulate.simulate`."""


def make_classic_agent(kind: str, cast: Mapping[str, int] | None = None) -> Agent:
    """A classic werewolf bot by name, ``random`` or ``heuristic``, told the public role list
    (role id → count) if there is one.

    >>> make_classic_agent("heuristic").name
    'heuristic'
    """
    try:
        return AGENTS[kind](cast)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(AGENTS)}") from None


__all__ = ["AGENTS", "HeuristicAgent", "RandomAgent", "make_classic_agent", "uniform"]
