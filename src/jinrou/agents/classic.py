"""Classic werewolf bots: a random one and a heuristic one that talks, lies and votes together.

Both implement :class:`jinrou.classic.agent.Agent` and see nothing but their
:class:`~jinrou.classic.views.SeatView`, the rules every player knows (the role declarations) and,
if they are given it, the public role list (配役: role id → count, announced at the start of a
fixed casting). Make one agent per seat and game: it reads its view's messages and claims once,
as they come.

**RandomAgent** says nothing; for each thing it may do it takes a uniform legal choice (an optional
action or vote only with probability ½); where an action has another form taken instead of it
(「襲撃しない」 for an attack) it takes one of the forms, uniformly.

**HeuristicAgent** keeps a *suspicion* per seat: the log-odds that the seat is against the village
(a wolf, a madman, a fox, a vampire, 悪魔くん), starting from the role list's share of such seats
(1 in 4 without a list), summed from

* its own knowledge: the seats its role knows (wolves, foxes, 共有者, 女王観戦者, …; a lover is an
  ally, not a side), every role its view shows (the dead see them), its own divination and psychic
  results (±10; a white divination −5, since 大狼 and foxes read white);
* the public claims, each weighed by the *trust* in its claimant. The claimants of 占い師 (or
  霊能者) share the role's seats: each has weight 1 against 0.18 for "nobody who claims it is
  genuine", trust = seats × weight / (sum of weights + 0.18). A weight drops to 0 when the claim
  contradicts what the bot knows (a result on itself, on a partner, on a seat it divined; it holds
  the role itself; the claimant is a known enemy, or its own lying ally; the role is not in the
  list; a psychic result on a seat not executed), 6-fold when a seat reported black was found dead
  in the morning (wolves do not attack wolves), moves with the psychics' verdict on executed seats
  it reported (×e^±1.5), rises 1.6-fold when the claimant was killed in the night (wolves kill the
  real seer) and falls 3-fold when it came out as two roles or changed a result. A result counts
  +4·trust (black) or −2.5·trust (white) on its target, unless the target is a counter-claimant
  (their mutual blacks only say they disagree); the claimant itself gets +3.5·(1 − 2·trust).
  共有者 claims count −2.5·trust (trust 0.8, or 0.3 when more claim it than the list holds, 0 when
  the bot is a 共有者 who does not know the claimant); another village coming out −0.6 (+0.3 when
  counter-claimed); a coming out as a role of another team +0.7, as a role not in the list +2;
* the votes: each vote for a seat since shown white (psychics' verdict, own knowledge) +0.4, for
  one shown black −0.3, against a trusted seer (trust > 0.6) +0.5.

From these it derives each seat's *value* to the village (trusted seer 3·trust, psychic 2·trust,
共有者 1·trust, a seer, psychic or guard its own divination named 2.5, plus whiteness 0.3·(−suspicion)
clipped to ±0.9) and how far each living seat could still be a *fox* (1, times 1 − trust for each
claimant whose divination named it and for its own claim; 0 for seats it knows or divined).

It **speaks** at the first ballot of each day: a 占い師 comes out on its first day and reports
every divination (DIVINED); a 霊能者 comes out with its first result, or at once if someone else
claims the role, and reports (IDENTIFIED); 共有者 come out at once; everybody then says whom it
will vote for (VOTE: its choice below, given what was said before it) and, as a villager, whom it
suspects when P > 0.6 (ESTIMATE). The claim language has two results, so a divined vampire and a
psychic's 大狼 read werewolf, a psychic's 子狐 human. Wolves and madmen may **lie**: on day 2 the lowest-seated wolf
(probability 0.35) or a madman (0.6) comes out as 占い師 unless an ally already claimed a result
role, and reports one fake divination a day — a living seat it has not named, never itself, black
only on a non-ally (the counter-claiming seer half the time it may, at most one black per three
days), white on an ally now and then — so that the story holds together. 悪魔くん once bitten,
てるてる坊主 once charged and 皮なめし職人 from day 3 come out as 人狼 to get executed.

It **votes** for the candidate with the best objective plus the bandwagon: 2 × the share of today's
claims naming it (a VOTE counts 2, an ESTIMATE ±1, each times the speaker's chance of being on the
village's side), so the village converges. The village's
objective is suspicion − ½·value (at most −50 on the two days after a seat topped a day's last
ballot alone and was not executed: it resisted, as a 絶対狼 does while other wolves live, so the
village executes others first and tries it again on the third day); once every wolf left seems located (or at most one is left) while
a fox may live and the village can afford it, it hunts the fox first (+2·fox, −3 for a seat with
suspicion > 1.5: executing the last wolf would hand the fox the win). Wolves and informed madmen
blend in (suspicion, as a villager would) but push a seat that survived their attack (a fox, or a
guarded seat, +3); a madman who knows nobody votes the most valuable seat. Everybody spares the
allies it knows. After a tie (a re-vote) it keeps to the tied seats, and from the second re-vote
every bot takes the same one (most VOTE claims, then the lowest seat) unless it is an ally, so the
ballot ends before the draw.

At **night** it divines the seat whose suspicion is nearest ½ among those it has not divined
(plus 0.05·fox; never 身代わりくん, and a wolf that divines never a claimed seer — the reverse curse),
guards and blesses (聖職者, from night 2) the most valuable seat, attacks or bites the most valuable
non-ally (−4 for a seat its side's fake seer called black, −2 for last night's survivor), pairs
(キューピッド: itself and the whitest seat; 求愛者: the whitest), hides at a white seat of little value
(逃亡者), revives the whitest dead seat (猫又 only a white one), sends a seer kit to the whitest
seat that claimed nothing (商人), leaves from night 2 (スパイ) and shoots its objective's best
(ハンター). A verb it has no policy for gets uniform legal targets when required and is skipped
when optional. Of the wave-3 wolves, a 欲張りな狼 gorges (probability ½, from night 2) while no attack
of its side has failed and more than three seats besides its side live, and attacks the next best
seat with the extra attack at once; a 慎重な狼 abstains with probability 1/20, never when at most two
non-allies more than its side live; the guard a 直感派狼 sensed is worth +3 as an attack target. A
狼少年 frames, every night, the non-ally the village trusts most (trust minus suspicion). A 誘惑する女狼
seduces the non-ally most likely a village power role (a claimed 占い師, 霊能者 or 狩人 +3, then value
minus suspicion); a 美女 charms, every night, the non-ally most likely to hunt the wolves (trust plus
value minus suspicion); a マッドサイエンティスト revives, from night 2, the dead seat of most value (a
claimed power role +3), so it comes back as 狼の子分. A seat of team Werewolf by a sub-role (狼の子分,
月狂病) that reports results (a seduced 占い師 or 霊能者) calls its black results white.
Of the divination madmen, a 邪魔狂人 obstructs the seer claimant the village trusts most (none: the
seat a seer would divine next, suspicion nearest ½); a かぼちゃ魔 costumes the non-ally the village
trusts most, as the 狼少年 frames; a 丑刻参 curses, every night, the uncertain seat a seer would
divine next (never a seer claimant); a 雨男 makes it rain (from night 2) once a seer claimant it
does not know lives. 妖術師 and サトリ divine as a seer does, never twice the same seat, and always
come out as 占い師 (unless an ally claimed a result role): their daily report calls black a seat they
found to be the 占い師, white the others they read. A 一途な狼
lunges when the seat it would attack is a trusted 占い師 claimant (trust > ½) and a guard may protect
it (an attack of its side failed before, or the role list holds a 狩人 or 風来狩人); a 囮狼 decoys, half
the nights from night 2, the most uncertain non-ally (the seat a seer most likely divines: it then
reads 人狼) but never its side's likely prey; a 爆弾魔 bombs a claimed 狩人, else from night 2 the seat
the village values most; a 破壊の狂人 exposes the most trusted 占い師 claimant every night. They lie
(a fake 占い師) as every wolf and madman does; a サイコキラー has nothing to choose. A 狂犬 bites,
once, from night 2, the non-ally claimed 占い師 or 狩人 it trusts most (none claimed: it waits); a
狡猾な狼 feigns death when it is called black or named in a third of the day's VOTE claims and
another known wolf lives, and rises the next night; a 復讐人 shoots as a madman votes (the village's
most valuable seat). By day its day actions come before its vote: a 威嚇する狼 threatens, and a
催眠術師 hypnotizes (by night), the claimed 占い師 or 狩人 the village trusts most; a 血狼
self-destructs when half the living said they vote for it; an イカサマ師 bets when its stock (≥ 2)
would carry its choice past today's most announced target. A 巫女 prays once, when it claimed a role,
was named in a third of the day's VOTE claims or at most five seats live (else w.p. 0.3 from night 2).
A 犬 adopts the seat of most value and least suspicion, guards it, and bites it only once its suspicion
reaches log-odds 2. A 罠師 traps the seat a guard would protect (the most valuable), and comes out once
another seat came out as 狩人. A 独裁者 names (comes out, VOTE) the seat it suspects most from probability
0.3 and decrees it from 0.8; issue 24's other village roles come out when named in a third of the day's
VOTE claims.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from jinrou.classic.agent import Agent
from jinrou.classic.catalog import Team
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.game import Legal
from jinrou.classic.model import Action, Count, Seat, Stage, Verb, Vote
from jinrou.classic.roles import ROLES, SUB_ROLES
from jinrou.classic.views import SeatView

PRIOR = math.log(1 / 3)  # log-odds of 1 in 4
CERTAIN = 10.0
W_BLACK, W_WHITE = 4.0, 2.5  # a result's weight on its target, times the claimant's trust
LIAR = 3.5  # a claimant's own suspicion: LIAR · (1 − 2·trust)
NOBODY = 0.18  # weight of "no claimant of the role is genuine" against 1 per claimant
BANDWAGON = 2.0
NOISE = 0.25
P_WOLF_FAKE, P_MAD_FAKE = 0.35, 0.6
ABSTAIN, GORGE = Verb("abstain"), Verb("gorge")  # 慎重な狼's and 欲張りな狼's verbs (declared by the roles)
FRAME = Verb("frame")  # 狼少年's (declared by the role)
OBSTRUCT, COSTUME, CURSE, RAIN = Verb("obstruct"), Verb("costume"), Verb("curse"), Verb("rain")  # 邪魔狂人 …
MIND_READERS = frozenset({"Sorcerer", "Satori"})
"""Wolf-side roles that divine: they always come out as 占い師 and report what they read."""
SEDUCE, CHARM = Verb("seduce"), Verb("charm")  # 誘惑する女狼's and 美女's (declared by the roles)
SILENCE = Verb("silence")  # 呪いをかける者's (declared by the role)
POWERS = frozenset({"Diviner", "Psychic", "Guard"})
"""Village roles whose claim makes a seat worth seducing (誘惑する女狼) or reviving (マッドサイエンティスト)."""
LUNGE, DECOY, BOMB, EXPOSE = Verb("lunge"), Verb("decoy"), Verb("bomb"), Verb("expose")  # wave 3 (the roles')
P_DECOY = 0.5  # 囮狼's decoy on a night it makes sense
GUARDS = ("Guard", "WanderingGuard", "Cosplayer", "Elementaler", "DragonKnight")  # roles whose protection a lunge goes through
FEIGN, RISE = Verb("feign"), Verb("rise")  # 狡猾な狼's (declared by the role)
PRAY, ADOPT, TRAP = Verb("pray"), Verb("adopt"), Verb("trap")  # 巫女's, 犬's, 罠師's (declared by the roles)
DOG_BITE = 2.0  # the suspicion (log-odds) of its owner from which a 犬 bites it
P_PRAY = 0.3  # 巫女's prayer on a quiet night from night 2
POWER_CLAIMS = ("Diviner", "Guard")  # the claims an optional bite (狂犬) goes for
P_ABSTAIN, P_GORGE = 0.05, 0.5  # 慎重な狼's 「襲撃しない」, 欲張りな狼's extra attack, when they make sense
GUARD_SENSED = 3.0  # an attack on the guard that 直感派狼 sensed
RESISTED, RESISTED_DAYS = -50.0, 2  # a seat that survived the execution it topped (絶対狼): others first, 2 days
THREATEN, SELFDESTRUCT = Verb("threaten"), Verb("selfdestruct")  # 威嚇する狼's and 血狼's day actions
HYPNOTIZE, BET = Verb("hypnotize"), Verb("bet")  # 催眠術師's and イカサマ師's (declared by the roles)
ASSIST = Verb("assist")  # 秘書's (declared by the role)
TROUBLE, DICTATE = Verb("trouble"), Verb("dictate")  # トラブルメーカー's and 独裁者's (declared by the roles)
TROUBLE_LIVING = 7  # a トラブルメーカー stirs trouble from night 2 while at least this many seats live
DICTATE_SURE = 0.8  # a 独裁者 dictates once the seat it would vote for is a wolf with this probability
DICTATE_NAMED = 0.3  # … and names it (comes out, its VOTE claim on it) from this probability
SEALED_ROLES = ("Diviner", "Guard")  # the claims a 威嚇する狼 or a 催眠術師 silences first
SCOUT = Verb("scout")  # 忍者's (declared by the role)
DOOMED = 0.5  # the share of the living that said they vote for a 血狼 when it self-destructs
ASSASSINATE, POISON, COUNSEL = Verb("assassinate"), Verb("poison"), Verb("counsel")  # 暗殺者, 魔女, カウンセラー
KILL_SURE = 0.6  # the suspicion an optional kill (暗殺, 毒薬) waits for
GACHA, COMMIT = Verb("gacha"), Verb("commit")  # 課金者's (declared by the role)
STUDY = Verb("study")  # オカルトマニア's (declared by the role)
SLAY, SHIELD = Verb("slay"), Verb("shield")  # 竜騎士's and 人身御供's (declared by the roles)
SLAY_GAP = 2.0  # a 竜騎士 slays the top suspect standing this far (log-odds) above the next one
SHIELD_TRUST = 0.7  # a 人身御供 gives its life for a seat it trusts this much (a claimed 占い師 or 霊能者 first)
AUTOPSY, SIFT, SENSE, CHANNEL = Verb("autopsy"), Verb("sift"), Verb("sense"), Verb("channel")  # batch 3, group I
MISDIRECT, LURE, VISIT = Verb("misdirect"), Verb("lure"), Verb("visit")  # 奇術師, 迷える子羊, 家政婦 (by the roles)
LURE_VALUE = 2.0  # a 迷える子羊 lures the wolves once another living seat is worth this much (a trusted seer)
GACHA_KEEP = 2  # a 課金者 commits to a role of its own team of this rarity (★) or more; below, one premium pull

VILLAGE_CO = frozenset({
    "TroubleMaker", "FrankensteinsMonster", "Dictator", "King", "Gambler", "Secretary", "Dog", "Trapper", "Miko",
    "ToughGuy", "Lycan", "Assassin", "Diseased", "Oldman", "Witch", "Counselor", "Sleepwalker", "Fate", "Oracle",
    "SeersMama", "Tarzan", "Liar", "PI", "Spellcaster", "Saint", "Interpreter", "Emma", "TinyGhost", "Ninja",
    "GachaAddicted"})
"""Issue 24's village roles that come out as themselves (一言主神 comes out as a 占い師): a 独裁者 the day it
dictates, a 罠師 once another seat came out as 狩人, and any of them when named in a third of the day's
VOTE claims (a 夢遊病者, 預言者 or 運命の子 only once it knows its role)."""
REPORTED = {"Diviner": ClaimKind.DIVINED, "Psychic": ClaimKind.IDENTIFIED}
CLAIMED_AS = {"Hitokotonushinokami": "Diviner",  # a role that divines as a 占い師 comes out as one (一言主神)
              "DarkPsychic": "Psychic"}  # … and one that reads the executed as a 霊能者 (闇の霊媒師)
"""Roles that come out and report their results, and how."""
PAIRED = frozenset({"Couple"})
"""Roles whose two members know each other and come out together."""
BAITS = frozenset({"Devil", "Teruteru", "Tanner"})
"""Roles that want to be executed (once bitten, once charged, always): they come out as 人狼."""
HOSTILE = frozenset({Team.WEREWOLF, Team.LONE_WOLF, Team.FOX, Team.VAMPIRE, Team.DEVIL})
"""Teams against the village (the others, ニート and 恋人 aside)."""
BLACK = "werewolf"
WHITE = "human"
PUMPKIN = "pumpkin"  # かぼちゃ魔's costume (W.1.5): a seer reports it; it weighs nothing either way


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
            choice = _uniform(view, legal, rng)
            if choice is not None:
                out.append(choice)
        return _votes_last(_one_potion(out))


def _one_potion(out: list[Action | Vote]) -> list[Action | Vote]:
    """魔女's potions exclude each other tonight (V1.2: one a night), and so do 竜騎士's acts (V2.2): the first
    chosen stays."""
    kept = out
    for group in ((POISON, Verb.REVIVE), (SLAY, Verb.GUARD)):
        chosen = [c for c in kept if isinstance(c, Action) and c.verb in group]
        kept = [c for c in kept if c not in chosen[1:]]
    return kept


def _votes_last(out: list[Action | Vote]) -> list[Action | Vote]:
    """A day's actions before its vote: a bet (イカサマ師) counts only for the votes cast after it."""
    return sorted(out, key=lambda c: isinstance(c, Vote))


def _uniform(view: SeatView, legal: Legal, rng: np.random.Generator) -> Action | Vote | None:
    """A uniform legal choice for ``legal`` (None when it cannot be made)."""
    assert view.seat is not None
    if len(legal.targets) < legal.arity:
        return None
    picks = rng.choice(len(legal.targets), size=legal.arity, replace=False) if legal.arity else ()
    targets = tuple(legal.targets[int(i)] for i in picks)
    if legal.verb is None:
        return Vote(view.seat, targets[0])
    values = tuple(allowed[int(rng.integers(len(allowed)))] for allowed in legal.values)
    return Action(view.seat, legal.verb, targets, values)


# ---------------------------------------------------------------------- what the heuristic bot reads

_UNWEIGHED = frozenset({"claim", "night", "morning", "revote"})
"""Messages that change nothing the assessment weighs (a claim is read from the claims)."""


@dataclass
class Notes:
    """What a bot has read so far; views only grow, so each message and claim is read once."""

    messages: int = 0
    claims: int = 0
    day: int = 1
    co: dict[Seat, str] = field(default_factory=dict)  # first coming out (or implied by a report)
    switched: set[Seat] = field(default_factory=set)  # came out as two roles, or changed a report
    divined: dict[Seat, dict[Seat, str]] = field(default_factory=dict)  # DIVINED: claimant → target → result
    identified: dict[Seat, dict[Seat, str]] = field(default_factory=dict)  # IDENTIFIED claims
    said: dict[int, dict[Seat, Seat]] = field(default_factory=dict)  # day → VOTE claims
    estimates: dict[int, dict[Seat, tuple[Seat, str]]] = field(default_factory=dict)  # day → ESTIMATE claims
    own: dict[Seat, str] = field(default_factory=dict)  # its own divination results
    readings: dict[Seat, str] = field(default_factory=dict)  # 妖術師's and サトリ's results ("Diviner": a seer)
    psychic: dict[Seat, str] = field(default_factory=dict)  # its own psychic results
    executed: set[Seat] = field(default_factory=set)
    found_dead: set[Seat] = field(default_factory=set)  # died with a hidden cause (night kills)
    ballots: list[tuple[int, dict[Seat, Seat]]] = field(default_factory=list)  # (day, vote table), oldest first
    voters: dict[Seat, list[Seat]] = field(default_factory=dict)  # candidate → who voted for it, every ballot
    attacks: dict[int, Seat] = field(default_factory=dict)  # night → the wolves' target (wolf chat)
    guards: set[Seat] = field(default_factory=set)  # seats seen guarding (直感派狼)
    bitten: bool = False  # 悪魔くん told it was bitten
    bet: int = 1  # the last day its stock was emptied (イカサマ師: it stocks a vote at each dawn after it)
    charged: bool = False  # てるてる坊主 charged
    came_out: bool = False
    dictating: Seat | None = None  # 独裁者: the seat it said it dictates today (its VOTE claim named it)
    reported: set[Seat] = field(default_factory=set)  # targets of its real results already said
    fake: str | None = None  # the role it pretends to be
    fake_decided: bool = False
    fake_results: dict[Seat, str] = field(default_factory=dict)
    fake_days: int = 0  # days it reported a fake result
    noise_key: tuple[int, bool] | None = None
    noise: list[float] = field(default_factory=list)
    version: int = 0  # counts what was read that may change the assessment
    survived: dict[Seat, int] = field(default_factory=dict)  # topped a day's last ballot alone, not executed: the day
    seers: frozenset[Seat] | None = None  # 予言者のママ: the seats told to hold 占い師 (None: not told)

    def read(self, view: SeatView) -> None:
        """Read the messages and claims that are new since the last call."""
        for _, message in view.messages[self.messages:]:
            key, args = message.key, message.args
            if key == "claim":  # read from the claims below
                continue
            if key not in _UNWEIGHED:
                self.version += 1
            if key == "morning":
                self.day = int(args["day"])  # type: ignore[call-overload]
            elif key == "night":
                self._note_survivor()
            elif key == "divined":
                self.own[args["target"]] = str(args["result"])  # type: ignore[index]
            elif key == "psychic":
                self.psychic[args["target"]] = str(args["result"])  # type: ignore[index]
            elif key == "mind read":
                self.readings[args["target"]] = str(args["result"])  # type: ignore[index]
            elif key in ("sorcery found", "sorcery not found"):
                self.readings[args["target"]] = "Diviner" if key == "sorcery found" else "other"  # type: ignore[index]
            elif key == "votes":
                table: dict[Seat, Seat] = dict(args["votes"])  # type: ignore[call-overload]
                self.ballots.append((self.day, table))
                for voter, target in table.items():
                    self.voters.setdefault(target, []).append(voter)
            elif key == "died":
                seat = args["player"]
                assert isinstance(seat, int)
                if args.get("cause") is None:
                    self.found_dead.add(seat)
                elif args["cause"] == "execution":
                    self.executed.add(seat)
            elif key == "attack chosen":
                self.attacks[self.day] = args["target"]  # type: ignore[assignment]
            elif key == "guard sensed":
                self.guards.add(args["guard"])  # type: ignore[arg-type]
            elif key == "devil bitten":
                self.bitten = True
            elif key == "charged":
                self.charged = True
            elif key in ("seers mama", "seers mama none"):
                self.seers = frozenset(args.get("seats") or ())  # type: ignore[call-overload]
        self.messages = len(view.messages)
        for day, seat, claim in view.claims[self.claims:]:
            kind = claim.kind
            if kind is not ClaimKind.VOTE and kind is not ClaimKind.ESTIMATE:
                self.version += 1  # what is said about today's vote only weighs in the vote
            if kind is ClaimKind.COMINGOUT:
                assert claim.role is not None
                self._came_out(seat, claim.role)
            elif kind is ClaimKind.DIVINED or kind is ClaimKind.IDENTIFIED:
                assert claim.target is not None and claim.result is not None
                role = "Diviner" if kind is ClaimKind.DIVINED else "Psychic"
                self._came_out(seat, role)
                reports = (self.divined if role == "Diviner" else self.identified).setdefault(seat, {})
                if reports.setdefault(claim.target, claim.result) != claim.result:
                    self.switched.add(seat)
            elif kind is ClaimKind.VOTE:
                assert claim.target is not None
                self.said.setdefault(day, {})[seat] = claim.target
            elif kind is ClaimKind.ESTIMATE:
                assert claim.target is not None and claim.result is not None
                self.estimates.setdefault(day, {})[seat] = (claim.target, claim.result)
        self.claims = len(view.claims)

    def _note_survivor(self) -> None:
        """At dusk: the day's last ballot had one top who was not executed — it resisted (絶対狼, a
        holy protection, a プリンス), so voting it again is likely wasted."""
        tables = [table for day, table in self.ballots if day == self.day]
        if not tables:
            return
        tally = Counter(tables[-1].values())
        top = max(tally.values())
        tops = [s for s, count in tally.items() if count == top]
        if len(tops) == 1 and tops[0] not in self.executed:
            self.survived[tops[0]] = self.day
            self.version += 1

    def _came_out(self, seat: Seat, role: str) -> None:
        if self.co.setdefault(seat, role) != role:
            self.switched.add(seat)

    def claimants(self, role: str) -> list[Seat]:
        return [s for s, r in self.co.items() if r == role]


# ---------------------------------------------------------------------- what the heuristic bot thinks


def _side(team: Team | None) -> Team | None:
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


def _is_black(result: str) -> bool | None:
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
        declared = {r: (ROLES[r], c) for r, c in counts.items() if r in ROLES}
        return cls(
            dict(counts),
            hostile=sum(c for role, c in declared.values() if role.team in HOSTILE),
            wolves=sum(c for role, c in declared.values() if role.counts is Count.WOLF),
            foxes=sum(c for role, c in declared.values() if role.steals_victory),
        )

    def count(self, role: str) -> int:
        return self.counts.get(role, 0)


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

    def probability(self, seat: Seat) -> float:
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, self.suspicion[seat]))))


def assess(view: SeatView, notes: Notes, table: Table | None = None) -> Assessment:
    """The heuristic's evaluation (see the module docstring), from the view, what was read and
    the public role list (if the bot was given one)."""
    n, me = view.n, view.seat
    assert me is not None
    my_team = _side(view.team)
    village = my_team is Team.HUMAN
    mine = ROLES.get(view.role or "")
    prior = PRIOR
    if table is not None:
        p = min(0.6, max(0.05, table.hostile / max(1, n - (view.scapegoat is not None))))
        prior = math.log(p / (1 - p))
    suspicion = [prior] * n
    known: dict[Seat, bool] = {}  # seats whose side it knows: True = against the village
    allies: set[Seat] = set()
    for s, label in view.known.items():
        if label == "Lovers":
            if my_team is Team.FRIEND:
                allies.add(s)
            continue
        team = _label_team(label)
        if team is None:
            continue
        known[s] = team is not Team.HUMAN
        if _side(team) is my_team:
            allies.add(s)
    for s, role_id in view.roles.items():
        if s != me and role_id in ROLES:
            known[s] = ROLES[role_id].team is not Team.HUMAN
    for s, result in notes.psychic.items():
        black = _is_black(result)
        if black is not None:
            known.setdefault(s, black)
    for s, result in notes.own.items():  # a white divination is not certain: 大狼 and foxes read white
        black = _is_black(result)
        if black or (black is not None and result in ROLES):
            known.setdefault(s, black)
    for s in notes.seers or ():  # 予言者のママ: the true 占い師 are village
        known.setdefault(s, False)
    if mine is not None:
        known[me] = mine.team is not Team.HUMAN
    for s, black in known.items():
        if s != me:
            suspicion[s] += CERTAIN if black else -CERTAIN
    for s, result in notes.own.items():
        if s not in known and result == "human":
            suspicion[s] -= 5.0
    my_fortune_black = mine is not None and mine.fortune.value != "human"

    def contradicts(target: Seat, result: str) -> bool:
        """A result the bot knows to be false."""
        if result not in (BLACK, WHITE):
            return False  # 「かぼちゃ」 says nothing of the side
        black = result == BLACK
        if target == me:
            return black != my_fortune_black
        own = notes.own.get(target)
        if own is not None and own not in ROLES and _is_black(own) is not None:
            return black != _is_black(own)
        label = view.known.get(target)
        if label in ROLES:
            return black != (ROLES[label].fortune.value != "human")
        return False

    # psychics first: their verdicts on the executed weigh the seers
    trust: dict[Seat, float] = {}
    psychics = notes.claimants("Psychic")
    weights = {}
    for c in psychics:
        g = _claimant_weight(view, notes, c, known, allies, village, table)
        for target, result in notes.identified.get(c, {}).items():
            if target not in notes.executed or target == me or known.get(target, result == BLACK) != (result == BLACK):
                g = 0.0
        weights[c] = g
    trust.update(_share(weights, me if view.role == "Psychic" else None, _room(table, "Psychic")))
    verdict: dict[Seat, float] = {}
    for target in notes.executed:
        if target in known:
            verdict[target] = 1.0 if known[target] else -1.0
        else:
            v = sum(trust[c] * (1 if notes.identified[c][target] == BLACK else -1)
                    for c in psychics if target in notes.identified.get(c, {}))
            verdict[target] = max(-1.0, min(1.0, v))

    seers = notes.claimants("Diviner")
    weights = {}
    for c in seers:
        g = _claimant_weight(view, notes, c, known, allies, village, table)
        for target, result in notes.divined.get(c, {}).items():
            if contradicts(target, result):
                g = 0.0
            elif result == BLACK and target in notes.found_dead:
                g /= 6
            if target in verdict and result in (BLACK, WHITE):
                g *= math.exp(1.5 * verdict[target] * (1 if result == BLACK else -1))
        if c in notes.found_dead:
            g *= 1.6
        weights[c] = g
    trust.update(_share(weights, me if view.role == "Diviner" else None, _room(table, "Diviner")))
    rivals = set(seers)
    for c in seers:
        for target, result in notes.divined.get(c, {}).items():
            # a seer's word on a counter-claimant only says they disagree; 「かぼちゃ」 says nothing
            if target not in rivals and result in (BLACK, WHITE):
                suspicion[target] += trust[c] * (W_BLACK if result == BLACK else -W_WHITE)
    for c in (*seers, *psychics):
        suspicion[c] += LIAR * (1 - 2 * trust[c])

    for role in PAIRED:
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
    counted: Counter[str] = Counter()
    for c, role in notes.co.items():
        counted[role] += 1
    for c, role in notes.co.items():
        if role in REPORTED or role in PAIRED or c == me:
            continue
        team = ROLES[role].team if role in ROLES else None
        if table is not None and table.count(role) == 0:
            suspicion[c] += 2.0  # a role that is not in the game
        elif team is Team.HUMAN:
            suspicion[c] += -0.6 if counted[role] == 1 else 0.3
        else:
            suspicion[c] += 0.7
    for c in notes.switched:
        suspicion[c] += 1.0

    # votes, judged by the evidence so far
    shown = {t: 1.0 if black else -1.0 for t, black in known.items()}
    shown.update(verdict)
    for target, v in shown.items():
        if abs(v) > 0.5:
            for voter in notes.voters.get(target, ()):
                suspicion[voter] += 0.4 if v < 0 else -0.3
    best_seer = max(seers, key=lambda c: trust[c], default=None)
    if best_seer is not None and trust[best_seer] > 0.6:
        for voter in notes.voters.get(best_seer, ()):
            suspicion[voter] += 0.5

    value = [0.9 if x < -3 else -0.9 if x > 3 else -0.3 * x for x in suspicion]  # whiteness, clipped
    for c, t in trust.items():
        claimed = notes.co.get(c)
        value[c] += (3.0 if claimed == "Diviner" else 2.0 if claimed == "Psychic" else 1.0) * t
    for s, result in notes.own.items():
        if result in ("Diviner", "Psychic", "Guard"):
            value[s] += 2.5

    # how far each living seat could still be a fox: a divined fox dies, a trusted claimant is none
    fox = [1.0 if alive else 0.0 for alive in view.alive]
    for s in (me, *known, *notes.own):
        fox[s] = 0.0
    for c, t in trust.items():
        fox[c] *= 1.0 - t
    for c in seers:
        for target in notes.divined.get(c, ()):
            if target != c:
                fox[target] *= 1.0 - trust[c]
    fox_hunt = False
    if village and table is not None and table.foxes:
        cursed = {t for c in seers if trust[c] > 0.5 for t, r in notes.divined.get(c, {}).items()
                  if r == WHITE and t in notes.found_dead}
        dead_wolves = 0.0  # executed seats, by the psychics' verdict or else by suspicion
        for s in notes.executed:
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
    if notes.seers is not None and notes.co[c] == "Diviner" and c not in notes.seers:
        return 0.1  # 予言者のママ was told the seers: another claimant lies (or got a 占いセット later)
    if not village and c in allies:
        return 0.0  # its own side lies
    return 1 / 3 if c in notes.switched else 1.0


def _share(weights: dict[Seat, float], me: Seat | None, room: int = 1) -> dict[Seat, float]:
    """Trust among the claimants of a role that ``room`` seats hold: each claimant's share of the
    weights plus "nobody is genuine", times ``room``; a bot that holds the role trusts itself and
    shares what room is left among the others."""
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


# ---------------------------------------------------------------------- the heuristic bot


class HeuristicAgent:
    """Reads the table, talks, lies when it is on the wolves' side, and votes with the village's
    claims (see the module docstring for what it evaluates)."""

    name = "heuristic"

    def __init__(self, cast: Mapping[str, int] | None = None) -> None:
        self.table = Table.of(cast) if cast is not None else None
        self.notes = Notes()
        self._cache: tuple[tuple[int, str | None], Assessment] | None = None

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
            self.notes.noise = [float(x) for x in rng.normal(0.0, NOISE, view.n)]
        return self.notes.noise

    def _objectives(self, view: SeatView, a: Assessment) -> list[float]:
        """How much the bot wants each seat executed (or shot)."""
        if _side(view.team) is Team.WEREWOLF:
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
        if _side(view.team) is not Team.WEREWOLF:
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
        notes.dictating = _dictating(view, a, DICTATE_NAMED) if any(lg.verb is DICTATE for lg in view.legal) else None
        role = CLAIMED_AS.get(view.role or "", view.role or "")
        if role in REPORTED:
            claims += self._report(view, role)
        elif not notes.came_out and (role in PAIRED or (role in VILLAGE_CO and _side(view.team) is Team.HUMAN and (
                notes.dictating is not None or self._comes_out(view, a, role)))):
            notes.came_out = True
            claims.append(Claim(ClaimKind.COMINGOUT, role=role))
        elif role in BAITS and not notes.came_out and (
                (role == "Devil" and notes.bitten) or (role == "Teruteru" and notes.charged)
                or (role == "Tanner" and view.day >= 3)):
            notes.came_out = True
            claims.append(Claim(ClaimKind.COMINGOUT, role="Werewolf"))
        elif _side(view.team) is Team.WEREWOLF:
            claims += self._lie(view, a, rng)
        noise = self._noise(view, rng)
        living = [s for s in view.living() if s != me]
        if living:
            target = self._choose_vote(view, a, living, noise) if notes.dictating is None else notes.dictating
            claims.append(Claim(ClaimKind.VOTE, target=target))
            if _side(view.team) is Team.HUMAN and a.probability(target) > 0.6:
                claims.append(Claim(ClaimKind.ESTIMATE, target=target, result=BLACK))
        return claims

    def _comes_out(self, view: SeatView, a: Assessment, role: str) -> bool:
        """Whether a village role of issue 24 comes out now (:data:`VILLAGE_CO`)."""
        notes, me = self.notes, view.seat
        if role == "Trapper" and any(s != me and view.alive[s] for s in notes.claimants("Guard")):
            return True  # a guard on its trapped seat dies (V1.1.9b): the claimed 狩人 should know
        named = sum(1 for t in notes.said.get(view.day, {}).values() if t == me)
        return 3 * named >= len(view.living())

    def _report(self, view: SeatView, role: str) -> list[Claim]:
        """A 占い師's or 霊能者's coming out and its new results."""
        notes = self.notes
        results = notes.own if role == "Diviner" else notes.psychic
        fresh = [(t, r) for t, r in results.items()
                 if t not in notes.reported and (_is_black(r) is not None or r == PUMPKIN)]
        turned = _side(view.team) is Team.WEREWOLF  # 狼の子分, 月狂病: its blacks are its side now
        claims: list[Claim] = []
        countered = any(s != view.seat for s in notes.claimants(role))
        if not notes.came_out and (role == "Diviner" or fresh or countered):
            notes.came_out = True
            claims.append(Claim(ClaimKind.COMINGOUT, role=role))
        if notes.came_out:
            for target, result in fresh:
                notes.reported.add(target)
                said = PUMPKIN if result == PUMPKIN else BLACK if _is_black(result) and not turned else WHITE
                claims.append(Claim(REPORTED[role], target=target, result=said))  # かぼちゃ as it read
        return claims

    def _lie(self, view: SeatView, a: Assessment, rng: np.random.Generator) -> list[Claim]:
        """Wolves and madmen: come out as a fake 占い師 on day 2 (maybe) and report a fake result
        each day, consistently (see the module docstring)."""
        notes, me = self.notes, view.seat
        assert me is not None
        claims: list[Claim] = []
        if not notes.fake_decided:
            notes.fake_decided = True  # once, on its first day: a wolf made later (呪われた者) keeps quiet
            mine = ROLES.get(view.role or "")
            ally_claimed = any(notes.co.get(s) in REPORTED for s in a.allies)
            if mine is not None and not ally_claimed and view.day <= 2:
                if mine.id in MIND_READERS:
                    lie = True
                elif mine.attacks:
                    wolves = [s for s in (*a.allies, me) if view.alive[s] and view.known.get(s, "wolves") == "wolves"]
                    lie = me == min(wolves) and rng.random() < P_WOLF_FAKE
                else:
                    lie = rng.random() < P_MAD_FAKE
                if lie:
                    notes.fake = "Diviner"
                    claims.append(Claim(ClaimKind.COMINGOUT, role="Diviner"))
        if notes.fake is None or notes.fake_days >= view.day - 1:
            return claims
        notes.fake_days = view.day - 1
        pool = [s for s in view.living() if s != me and s not in notes.fake_results]
        if not pool:
            return claims
        rivals = [s for s in notes.claimants("Diviner") if s != me and s not in a.allies and s in pool]
        blacks = sum(1 for r in notes.fake_results.values() if r == BLACK)
        enemies = [s for s in pool if s not in a.allies]
        friends = [s for s in pool if s in a.allies]
        black_ok = enemies and blacks * 3 < view.day
        read = [(s, r) for s, r in notes.readings.items() if s in pool]
        if read:  # 妖術師, サトリ: what they read, the 占い師 black
            seer = [s for s, r in read if r == "Diviner"]
            target, result = (seer[0], BLACK) if seer else (read[0][0], WHITE)
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

    def _choose_vote(self, view: SeatView, a: Assessment, candidates: Sequence[Seat], noise: Sequence[float]) -> Seat:
        """The candidate with the best objective plus the bandwagon (today's VOTE claims) and noise."""
        said: dict[Seat, float] = {}  # each speaker's word weighs as much as the bot believes him
        for speaker, target in self.notes.said.get(view.day, {}).items():
            if speaker != view.seat and view.alive[speaker]:
                said[target] = said.get(target, 0.0) + 2 * (1 - a.probability(speaker))
        for speaker, (target, result) in self.notes.estimates.get(view.day, {}).items():
            if speaker != view.seat and view.alive[speaker]:
                said[target] = said.get(target, 0.0) + (1 if result == BLACK else -1) * (1 - a.probability(speaker))
        weight = BANDWAGON / (sum(v for v in said.values() if v > 0) or 1)
        scores = self._objectives(view, a)
        return max(candidates, key=lambda s: scores[s] + weight * said.get(s, 0.0) + noise[s])

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
            policy = POLICIES.get(legal.verb)
            choice = policy(self, view, a, legal, noise, rng) if policy else (
                _uniform(view, legal, rng) if legal.required else None)
            if legal.instead_of is None or choice is not None:
                done.add(legal.verb if legal.instead_of is None else legal.instead_of)
            if choice is not None:
                out.append(choice)
        if any(isinstance(c, Action) and c.verb is SELFDESTRUCT for c in out):
            return [c for c in out if not isinstance(c, Vote)]  # the day ends without a vote
        return _votes_last(self._gorged(view, a, _one_potion(out), noise, rng))

    def _gorged(self, view: SeatView, a: Assessment, out: list[Action | Vote], noise: Sequence[float],
                rng: np.random.Generator) -> list[Action | Vote]:
        """After a gorge (欲張り) the extra attack it bought, on the next best target."""
        if not any(isinstance(c, Action) and c.verb is GORGE for c in out):
            return out
        attacks = [c for c in out if isinstance(c, Action) and c.verb is Verb.ATTACK]
        legal = next((lg for lg in view.legal if lg.verb is Verb.ATTACK), None)
        if legal is None or not attacks:
            return out
        rest = tuple(t for t in legal.targets if t not in attacks[0].targets)
        if rest:
            out.append(_attack(self, view, a, replace(legal, targets=rest), noise, rng))
        return out

    def _vote(self, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float]) -> Seat:
        candidates = list(legal.targets)
        if view.revotes and not view.runoff and self.notes.ballots and self.notes.ballots[-1][0] == view.day:
            tally = Counter(self.notes.ballots[-1][1].values())
            top = max(tally.values())
            tops = [s for s in candidates if tally.get(s) == top]
            if tops and any(s not in a.allies for s in tops):
                candidates = tops
                if view.revotes >= 2:  # everybody takes the same one: most VOTE claims, then the lowest seat
                    said = Counter(self.notes.said.get(view.day, {}).values())
                    for seat in sorted(tops, key=lambda s: (-said[s], s)):
                        if seat not in a.allies:
                            return seat
        return self._choose_vote(view, a, candidates, noise)


# ---------------------------------------------------------------------- night policies


Policy = Callable[[HeuristicAgent, SeatView, Assessment, Legal, Sequence[float], np.random.Generator],
                  "Action | None"]


def _best(targets: Sequence[Seat], score: Callable[[Seat], float]) -> Seat:
    return max(targets, key=score)


def _one(view: SeatView, legal: Legal, target: Seat) -> Action:
    assert view.seat is not None and legal.verb is not None
    return Action(view.seat, legal.verb, (target,))


def _divine(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action:
    notes = bot.notes
    wolf = ROLES[view.role].attacks if view.role in ROLES else False
    pool = [s for s in legal.targets if s not in notes.own and s not in notes.readings and s not in a.allies
            and s != view.scapegoat
            and not (wolf and notes.co.get(s) == "Diviner")] or list(legal.targets)

    def uncertainty(s: Seat) -> float:
        p = a.probability(s)
        return p * (1 - p) + 0.05 * a.fox[s] + 0.05 * noise[s]

    return _one(view, legal, _best(pool, uncertainty))


def _guard(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    if not legal.required and legal.verb is Verb.PROTECT and view.day < 2 and max(a.trust.values(), default=0) < 0.5:
        return None  # 聖職者 keeps its one blessing for a seat worth it
    return _one(view, legal, _best(legal.targets, lambda s: a.value[s] + (5.0 if s in a.allies else 0.0) + noise[s]))


def _attack(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action:
    notes = bot.notes
    assert view.seat is not None
    black = {t for c in a.allies | {view.seat} for t, r in notes.divined.get(c, {}).items() if r == BLACK}
    black |= {t for t, r in notes.fake_results.items() if r == BLACK}
    survivor = notes.attacks.get(view.day - 1)

    def score(s: Seat) -> float:
        return a.value[s] - (4.0 if s in black else 0.0) - (2.0 if s == survivor else 0.0) \
            + (GUARD_SENSED if s in notes.guards else 0.0) - (100.0 if s in a.allies else 0.0) + noise[s]

    return _one(view, legal, _best(legal.targets, score))


def _pair(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    assert view.seat is not None
    me = view.seat
    others = sorted((s for s in legal.targets if s != me), key=lambda s: a.suspicion[s] + noise[s])
    if legal.arity == 1:
        return _one(view, legal, others[0]) if others else None
    first = me if me in legal.targets else (others.pop(0) if others else None)
    if first is None or not others:
        return None
    return Action(me, Verb.PAIR, (first, others[0]))


def _hide(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    return _one(view, legal, _best(legal.targets, lambda s: -a.suspicion[s] - 2.0 * a.value[s] + noise[s]))


def _revive(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    if _side(view.team) is Team.WEREWOLF:  # マッドサイエンティスト: its revived seat becomes 狼の子分
        return _one(view, legal, _best(legal.targets, lambda s: (3.0 if bot.notes.co.get(s) in POWERS else 0.0)
                                       + a.value[s] + noise[s]))
    target = _best(legal.targets, lambda s: -a.suspicion[s] + noise[s])
    if not legal.required and a.suspicion[target] > 0:
        return None
    return _one(view, legal, target)


def _kit(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action:
    assert view.seat is not None
    pool = [s for s in legal.targets if s not in bot.notes.co] or list(legal.targets)
    kit = "Diviner" if "Diviner" in legal.kits else legal.kits[0] if legal.kits else None
    return Action(view.seat, Verb.KIT, (_best(pool, lambda s: -a.suspicion[s] + noise[s]),), (kit,) if kit else ())


def _leave(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    assert view.seat is not None
    return Action(view.seat, Verb.LEAVE) if view.day >= 2 or legal.required else None


def _abstain(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """慎重な狼: 「襲撃しない」 rarely (1 in 20), so that a quiet night says nothing of a guard, and never
    when the kill may decide the game (at most two non-allies more than the wolves' side)."""
    assert view.seat is not None
    living = view.living()
    allies = sum(1 for s in living if s in a.allies or s == view.seat)
    if len(living) - allies <= allies + 2 or rng.random() >= P_ABSTAIN:
        return None
    return Action(view.seat, legal.verb)  # type: ignore[arg-type]


def _gorge(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """欲張りな狼: one more attack tonight (half the time) when no attack of the wolves has failed yet —
    no sign of a guard or a fox, whose protection would cost the wolf its life — and the village
    still has more than three seats besides the wolves' side."""
    assert view.seat is not None
    living = view.living()
    failed = any(t in living for n, t in bot.notes.attacks.items() if n < view.day)
    others = sum(1 for s in living if s not in a.allies and s != view.seat)
    if failed or others <= 3 or rng.random() >= P_GORGE:
        return None
    return Action(view.seat, legal.verb)  # type: ignore[arg-type]


def _frame(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """狼少年: frames the non-ally the village trusts most (least suspected, a trusted claimant
    first), so that a seer who divines it tonight calls it a wolf."""
    assert view.seat is not None
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat]
    if not pool:
        return None
    return _one(view, legal, _best(pool, lambda s: a.trust.get(s, 0.0) - a.suspicion[s] + noise[s]))


def _costume(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action:
    """かぼちゃ魔 (required): as the 狼少年 frames, else any legal seat."""
    return _frame(bot, view, a, legal, noise, rng) or _one(view, legal, _best(legal.targets, lambda s: noise[s]))


def _next_divined(view: SeatView, a: Assessment, pool: Sequence[Seat], noise: Sequence[float]) -> Seat:
    """The seat a seer would divine next: suspicion nearest ½ (as :func:`_divine`)."""
    return _best(pool, lambda s: a.probability(s) * (1 - a.probability(s)) + 0.05 * noise[s])


def _obstruct(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
              rng: np.random.Generator) -> Action:
    """邪魔狂人: the seer claimant the village trusts most, else the seat a seer would divine next."""
    seers = [s for s in bot.notes.claimants("Diviner") if s in legal.targets and s not in a.allies and s != view.seat]
    if seers:
        return _one(view, legal, _best(seers, lambda s: a.trust.get(s, 0.0) + 0.1 * noise[s]))
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat] or list(legal.targets)
    return _one(view, legal, _next_divined(view, a, pool, noise))


def _curse(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """丑刻参: the uncertain seat a seer would divine next (never a seer claimant, nor itself)."""
    seers = set(bot.notes.claimants("Diviner"))
    pool = [s for s in legal.targets if s not in a.allies and s not in seers and s != view.seat and s != view.scapegoat]
    return _one(view, legal, _next_divined(view, a, pool, noise)) if pool else None


def _rain(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """雨男: once a seer claimant it does not know lives."""
    assert view.seat is not None and legal.verb is not None
    seers = [s for s in bot.notes.claimants("Diviner") if view.alive[s] and s not in a.allies and s != view.seat]
    return Action(view.seat, legal.verb) if seers else None
def _adopt(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """犬: the owner it will guard, the seat of most value to the village and least suspect."""
    return _one(view, legal, _best(legal.targets, lambda s: a.value[s] - a.suspicion[s] + noise[s]))


def _pray(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """巫女: once, on a night it may die or be executed the next day: once it claimed a role, or was named
    in a third of the day's VOTE claims, or when at most five seats live; else w.p. P_PRAY from night 2."""
    assert view.seat is not None and legal.verb is not None
    me = view.seat
    living = len(view.living())
    named = sum(1 for t in bot.notes.said.get(view.day, {}).values() if t == me)
    wanted = me in bot.notes.co or living <= 5 or 3 * named >= living or (view.day >= 2 and rng.random() < P_PRAY)
    return Action(me, legal.verb) if wanted else None


def _seduce(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action:
    """誘惑する女狼: the non-ally most likely a village power role (a claimed 占い師, 霊能者 or 狩人 first,
    then the seat of most value to the village): made 狼の子分 at her death, it works for the wolves."""
    pool = [s for s in legal.targets if s not in a.allies] or list(legal.targets)
    return _one(view, legal, _best(pool, lambda s: (3.0 if bot.notes.co.get(s) in POWERS else 0.0)
                                   + a.value[s] - a.suspicion[s] + noise[s]))


def _silence(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """呪いをかける者: every night it may, the most suspected seat it never chose (never itself nor an
    ally): silenced for a day, a wolf cannot argue its case or lie about results."""
    pool = [s for s in legal.targets if s != view.seat and s not in a.allies]
    if not pool:
        return None
    return _one(view, legal, _best(pool, lambda s: a.suspicion[s] + noise[s]))


def _charm(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """美女: every night, the non-ally most likely to hunt the wolves (a trusted claimant, a trusted
    and unsuspected seat), who dies with her if the village executes her tomorrow."""
    pool = [s for s in legal.targets if s not in a.allies]
    if not pool:
        return None
    return _one(view, legal, _best(pool, lambda s: a.trust.get(s, 0.0) + a.value[s] - a.suspicion[s] + noise[s]))
def _claimed(bot: HeuristicAgent, a: Assessment, legal: Legal, roles: Sequence[str]) -> list[Seat]:
    """The legal targets that came out as one of ``roles``, not allies."""
    return [s for s in legal.targets if bot.notes.co.get(s) in roles and s not in a.allies]


def _threaten(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
              rng: np.random.Generator) -> Action | None:
    """威嚇する狼: seals the claimed seer or guard the village trusts most (none: it keeps its threat)."""
    pool = _claimed(bot, a, legal, SEALED_ROLES)
    return _one(view, legal, _best(pool, lambda s: a.trust.get(s, 0.0) + noise[s])) if pool else None


def _selfdestruct(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
                  rng: np.random.Generator) -> Action | None:
    """血狼: self-destructs when it is the likely execution — at least half the living said they
    vote for it today — so that its death buys the blood moon instead of a vote the wolves lose."""
    assert view.seat is not None
    said = bot.notes.said.get(view.day, {})
    against = sum(1 for speaker, target in said.items() if target == view.seat and view.alive[speaker])
    return Action(view.seat, SELFDESTRUCT) if against >= DOOMED * len(view.living()) else None


def _hypnotize(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action | None:
    """催眠術師: hypnotizes the claimed seer or guard the village trusts most — its divination or
    guard comes to nothing tonight (none claimed: it keeps its one hypnosis)."""
    pool = _claimed(bot, a, legal, SEALED_ROLES)
    if pool:
        return _one(view, legal, _best(pool, lambda s: a.trust.get(s, 0.0) + noise[s]))
    return None


def _bet(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
         rng: np.random.Generator) -> Action | None:
    """イカサマ師, ギャンブラー: bets (its whole stock) when the stock would decide the vote: it has stocked at least
    2, and its choice, behind or level with today's most announced target, would pass it."""
    assert view.seat is not None
    stock = view.day - bot.notes.bet
    candidates = [s for s in view.living() if s != view.seat]
    if stock < 2 or not candidates:
        return None
    said = Counter(t for speaker, t in bot.notes.said.get(view.day, {}).items() if view.alive[speaker])
    mine = bot._choose_vote(view, a, candidates, noise)
    top = max(said.values(), default=0)
    if said[mine] <= top < said[mine] + stock:
        bot.notes.bet = view.day
        return Action(view.seat, BET)
    return None


def _assist(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """秘書: assists the seat it trusts most — that seat's vote tomorrow weighs 1 more."""
    return _one(view, legal, _best(legal.targets, lambda s: a.trust.get(s, 0.0) + noise[s])) if legal.targets else None


def _trouble(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """トラブルメーカー: stirs up trouble (two executions tomorrow) from night 2 while the village is
    still large — at least 7 living — so that the extra execution costs the wolves more than the village."""
    assert view.seat is not None
    if view.day >= 2 and len(view.living()) >= TROUBLE_LIVING:
        return Action(view.seat, TROUBLE)
    return None


def _dictate(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """独裁者: declares the execution of the non-ally it suspects most once that seat is probably a
    wolf (probability 0.8 or more): the vote cannot save it then."""
    named = bot.notes.dictating
    if named in legal.targets and a.probability(named) >= DICTATE_SURE:  # type: ignore[arg-type]
        return _one(view, legal, named)  # type: ignore[arg-type]  # the seat it named in its talk
    pool = [s for s in legal.targets if s != view.seat and s not in a.allies]
    if not pool:
        return None
    target = _best(pool, lambda s: a.suspicion[s] + noise[s])
    return _one(view, legal, target) if a.probability(target) >= DICTATE_SURE else None


def _dictating(view: SeatView, a: Assessment, sure: float) -> Seat | None:
    """The seat a 独裁者 names (comes out and says it votes for), if any: the non-ally it suspects
    most, once that seat is a wolf with probability ``sure`` or more."""
    legal = next((lg for lg in view.legal if lg.verb is DICTATE), None)
    pool = [s for s in (legal.targets if legal else ()) if s != view.seat and s not in a.allies]
    if not pool:
        return None
    target = _best(pool, lambda s: a.suspicion[s])
    return target if a.probability(target) >= sure else None


def _lunge(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """一途な狼: lunges (its life for the kill) when the seat it would attack is a trusted 占い師
    claimant (trust > ½) that a guard may well protect: an attack of its side already failed, or the
    role list holds a guard."""
    notes = bot.notes
    target = _attack(bot, view, a, legal, noise, rng).targets[0]
    if notes.co.get(target) != "Diviner" or a.trust.get(target, 0.0) <= 0.5:
        return None
    failed = any(view.alive[t] for n, t in notes.attacks.items() if n < view.day)
    guarded = bot.table is None or any(bot.table.count(r) for r in GUARDS)
    return _one(view, legal, target) if failed or guarded else None


def _decoy(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """囮狼: half the nights, slips into the house of the non-ally a seer most likely divines (the
    most uncertain) — the divination then reads 人狼 on it — but never the wolves' likely target."""
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat and s != view.scapegoat]
    if len(pool) < 2 or rng.random() >= P_DECOY:
        return None
    prey = _best(pool, lambda s: a.value[s])  # what the attack policy takes
    rest = [s for s in pool if s != prey]
    return _one(view, legal, _best(rest, lambda s: a.probability(s) * (1 - a.probability(s)) + noise[s]))


def _bomb(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """爆弾魔: bombs a claimed 狩人, else, from night 2, the seat the village values most (the
    likely wolf target, which a guard protects: both die)."""
    pool = [s for s in legal.targets if s not in a.allies]
    guards = [s for s in pool if bot.notes.co.get(s) in GUARDS]
    if guards:
        return _one(view, legal, guards[0])
    if view.day < 2 or not pool:
        return None
    return _one(view, legal, _best(pool, lambda s: a.value[s] + noise[s]))


def _expose(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """破壊の狂人: exposes the most trusted living 占い師 claimant (its guard then saves nothing)."""
    seers = [s for s in legal.targets if bot.notes.co.get(s) == "Diviner" and s not in a.allies and s != view.seat]
    return _one(view, legal, _best(seers, lambda s: a.trust.get(s, 0.0) + noise[s])) if seers else None
def _bite(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """A required bite (ヴァンパイア) is an attack; an optional one (狂犬, once) waits for a non-ally
    that claimed 占い師 or 狩人, the most trusted first."""
    if legal.required:
        return _attack(bot, view, a, legal, noise, rng)
    if view.role == "Dog":  # 犬: its owner only, once the bot is fairly sure the owner is a wolf
        owner = [s for s in legal.targets if s not in a.allies and a.suspicion[s] >= DOG_BITE]
        return _one(view, legal, owner[0]) if owner else None
    pool = [s for s in legal.targets if s not in a.allies and bot.notes.co.get(s) in POWER_CLAIMS]
    if not pool:
        return None
    return _one(view, legal, _best(pool, lambda s: a.trust.get(s, 0.0) + a.value[s] + noise[s]))


def _feign(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """狡猾な狼: feigns death when it is suspected — called black in a claimed divination, or named in
    a third of today's VOTE claims — and another wolf it knows lives (its death must not end the game)."""
    me = view.seat
    assert me is not None
    notes = bot.notes
    labels = {s: view.labels.get(s, ()) for s in a.allies if view.alive[s]}
    wolves = [s for s, held in labels.items()
              if any(x == "wolves" or (x in ROLES and ROLES[x].counts is Count.WOLF) for x in held)]
    black = any(results.get(me) == BLACK for c, results in notes.divined.items() if c != me)
    named = sum(1 for t in notes.said.get(view.day, {}).values() if t == me)
    if not wolves or not (black or 3 * named >= len(view.living())):
        return None
    return Action(me, legal.verb)  # type: ignore[arg-type]


def _rise(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action:
    """狡猾な狼: always rises the night after its feint."""
    assert view.seat is not None
    return Action(view.seat, legal.verb)  # type: ignore[arg-type]


def _kill(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """暗殺者, 魔女's 毒薬: once sure enough, the most suspected seat that is no ally (nor itself)."""
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat]
    if not pool:
        return None
    target = _best(pool, lambda s: a.suspicion[s] + noise[s])
    return _one(view, legal, target) if a.suspicion[target] >= KILL_SURE else None


def _counsel(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
             rng: np.random.Generator) -> Action | None:
    """カウンセラー: the most suspected seat that is likely no wolf (a wolf would kill it): a madman,
    a fox or a lover turns village; nothing when every seat looks clean or wolfish."""
    pool = [s for s in legal.targets if s not in a.allies and s != view.seat and 0.2 <= a.suspicion[s] < 0.5]
    if not pool:
        return None
    return _one(view, legal, _best(pool, lambda s: a.suspicion[s] + noise[s]))


def _misdirect(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action | None:
    """奇術師: once sure enough of a wolf, it turns the night's attack on it (a tricked attack kills a wolf)."""
    return _kill(bot, view, a, legal, noise, rng)


def _lure(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """迷える子羊: takes the wolves' bite for the village (its life for a seat worth more: a trusted seer)."""
    assert view.seat is not None and legal.verb is not None
    worth = [s for s, alive in enumerate(view.alive) if alive and s != view.seat and a.value[s] >= LURE_VALUE]
    return Action(view.seat, legal.verb) if worth else None


def _visit(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """家政婦: watches the seat the wolves most likely attack (the most valuable one it trusts): its death
    names the wolf; a suspected seat could be a wolf's house, where it would die."""
    pool = [s for s in legal.targets if a.suspicion[s] < KILL_SURE]
    return _one(view, legal, _best(pool, lambda s: a.value[s] + noise[s])) if pool else None


def _shoot(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    scores = bot._objectives(view, a)
    return _one(view, legal, _best(legal.targets, lambda s: scores[s] + noise[s]))


def _scout(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """忍者: the seat it is least sure of (its result is private: it only guides the 忍者's own doubt)."""
    return _one(view, legal, _best(legal.targets, lambda s: a.probability(s) * (1 - a.probability(s)) + 0.05 * noise[s]))


def _drawn(view: SeatView) -> tuple[str, int, int] | None:
    """What the 課金者's pulls drew tonight: the last role, its rarity and the premium pulls made."""
    last, premium = None, 0
    for _, message in reversed(view.messages):
        if message.key == "night":  # tonight's lines come after its announcement
            break
        if message.key in ("gacha normal", "gacha premium"):
            premium += message.key == "gacha premium"
            last = last or (str(message.args["role"]), len(str(message.args["stars"])))
    return None if last is None else (*last, premium)


def _keeps(view: SeatView, role: str, rarity: int) -> bool:
    """Whether a 課金者 bot commits to ``role``: of its own team, rare enough, not 課金者 again."""
    return rarity >= GACHA_KEEP and role != view.role and ROLES[role].team is view.team


def _gacha(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action | None:
    """課金者: its normal pull each night; one premium pull (a vote less tomorrow) when the normal one drew
    nothing worth keeping."""
    assert view.seat is not None
    kinds = legal.values[0]
    drawn = _drawn(view)
    if "normal" in kinds:
        return Action(view.seat, GACHA, (), ("normal",))
    if "premium" in kinds and drawn is not None and drawn[2] == 0 and not _keeps(view, drawn[0], drawn[1]):
        return Action(view.seat, GACHA, (), ("premium",))
    return None


def _commit(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """課金者: commits to the role it drew when it is worth keeping (see :func:`_keeps`)."""
    assert view.seat is not None
    drawn = _drawn(view)
    return Action(view.seat, COMMIT) if drawn is not None and _keeps(view, drawn[0], drawn[1]) else None


def _study(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """オカルトマニア: the claimant it trusts most (a true 占い師 makes it one), else the seat it suspects
    least (it becomes 村人 rather than turn wolf against its village); never itself while another is open."""
    pool = [s for s in legal.targets if s != view.seat] or list(legal.targets)
    return _one(view, legal, _best(pool, lambda s: a.trust.get(s, 0.0) - 0.1 * a.suspicion[s] + 0.01 * noise[s]))
def _slay(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
          rng: np.random.Generator) -> Action | None:
    """竜騎士: its one slay on the most suspected seat once sure enough (as 暗殺者), or once that seat stands
    SLAY_GAP above every other (a black result): a village seat slain costs the 竜騎士 its life."""
    pool = sorted((s for s in legal.targets if s not in a.allies and s != view.seat), key=lambda s: -a.suspicion[s])
    if not pool:
        return None
    top = a.suspicion[pool[0]]
    clear = len(pool) == 1 or top - a.suspicion[pool[1]] >= SLAY_GAP
    return _one(view, legal, pool[0]) if top >= KILL_SURE or clear else None


def _shield(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
            rng: np.random.Generator) -> Action | None:
    """人身御供: once, its life for the seat most worth keeping (a claimed 占い師 or 霊能者 first) among those it
    trusts enough; none such: it waits."""
    pool = [s for s in legal.targets if s != view.seat and (s in a.allies or a.trust.get(s, 0.0) >= SHIELD_TRUST)]
    if not pool:
        return None
    return _one(view, legal, _best(pool, lambda s: (3.0 if bot.notes.co.get(s) in POWERS else 0.0) + a.value[s]
                                   + noise[s]))


def _read_dead(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
               rng: np.random.Generator) -> Action:
    """法医学者, 遺品整理士, イタコ: a dead seat it has not read yet (its ``… select`` lines), the one whose side
    it is least sure of; イタコ (optional) listens at its first chance."""
    read = {m.args.get("target") for _, m in view.messages if m.key.endswith(" select") and m.to is not None
            and view.seat in m.to}
    pool = [s for s in legal.targets if s not in read] or list(legal.targets)
    return _one(view, legal, _best(pool, lambda s: a.probability(s) * (1 - a.probability(s)) + 0.05 * noise[s]))


def _sense(bot: HeuristicAgent, view: SeatView, a: Assessment, legal: Legal, noise: Sequence[float],
           rng: np.random.Generator) -> Action:
    """共感覚者: a living seat it is least sure of (a color tells teams apart once a known one shares it)."""
    pool = [s for s in legal.targets if view.alive[s]] or list(legal.targets)
    return _one(view, legal, _best(pool, lambda s: a.probability(s) * (1 - a.probability(s)) + 0.05 * noise[s]))


POLICIES: dict[Verb, Policy] = {
    Verb.DIVINE: _divine, Verb.GUARD: _guard, Verb.PROTECT: _guard, Verb.ATTACK: _attack, Verb.BITE: _bite,
    Verb.PAIR: _pair, Verb.HIDE: _hide, Verb.REVIVE: _revive, Verb.KIT: _kit, Verb.LEAVE: _leave,
    Verb.SHOOT: _shoot, ABSTAIN: _abstain, GORGE: _gorge, FRAME: _frame, SEDUCE: _seduce, CHARM: _charm,
    OBSTRUCT: _obstruct, COSTUME: _costume, CURSE: _curse, RAIN: _rain,
    LUNGE: _lunge, DECOY: _decoy, BOMB: _bomb, EXPOSE: _expose, FEIGN: _feign, RISE: _rise,
    THREATEN: _threaten, SELFDESTRUCT: _selfdestruct, HYPNOTIZE: _hypnotize, BET: _bet,
    ASSIST: _assist, TROUBLE: _trouble, DICTATE: _dictate,
    SCOUT: _scout,
    SILENCE: _silence,
    ASSASSINATE: _kill, POISON: _kill, COUNSEL: _counsel,
    PRAY: _pray, ADOPT: _adopt, TRAP: _guard,
    GACHA: _gacha, COMMIT: _commit,
    STUDY: _study,
    SLAY: _slay, SHIELD: _shield,
    AUTOPSY: _read_dead, SIFT: _read_dead, CHANNEL: _read_dead, SENSE: _sense,
    MISDIRECT: _misdirect, LURE: _lure, VISIT: _visit,
}  # fmt: skip
"""The heuristic's night policy per verb; a verb not here gets uniform legal targets when required."""

AGENTS: dict[str, Callable[[Mapping[str, int] | None], Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}
"""The classic bots by name; each class is also a bot factory for :func:`jinrou.classic.simulate.simulate`."""


def make_classic_agent(kind: str, cast: Mapping[str, int] | None = None) -> Agent:
    """A classic werewolf bot by name, ``random`` or ``heuristic``, told the public role list
    (role id → count) if there is one.

    >>> make_classic_agent("heuristic", {"Werewolf": 1, "Diviner": 1, "Human": 3}).name
    'heuristic'
    """
    try:
        return AGENTS[kind](cast)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(AGENTS)}") from None


__all__ = ["AGENTS", "Assessment", "HeuristicAgent", "Notes", "RandomAgent", "assess", "make_classic_agent"]
