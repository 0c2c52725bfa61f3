"""What a heuristic bot has read of its view: the messages it was told and the claims said, each read
once as it comes (views only grow). The rules' messages and the shared results (占い, 霊能) are read
here; a role's own message is read as its play says (:attr:`~jinrou.agents.classic.plays.Play.reads`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from jinrou.agents.classic import plays
from jinrou.classic.claims import ClaimKind
from jinrou.classic.model import Seat, Verb
from jinrou.classic.views import SeatView

_UNWEIGHED = frozenset({"claim", "night", "morning", "revote", "revote once"})
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
    readings: dict[Seat, str] = field(default_factory=dict)  # a reading's results, as its play notes them (a seer: the 占い師's id)
    psychic: dict[Seat, str] = field(default_factory=dict)  # its own psychic results
    executed: set[Seat] = field(default_factory=set)
    execution_day: int = 0  # the last day an execution killed a seat, or a tie executed nobody
    hidden_day: int = 0  # the last day a ballot's table was hidden (闇狼)
    found_dead: set[Seat] = field(default_factory=set)  # died with a hidden cause (night kills)
    ballots: list[tuple[int, dict[Seat, Seat]]] = field(default_factory=list)  # (day, vote table: {} hidden), oldest first
    voters: dict[Seat, list[Seat]] = field(default_factory=dict)  # candidate → who voted for it, every ballot
    attacks: dict[int, Seat] = field(default_factory=dict)  # night → the wolves' target (wolf chat)
    aims: dict[tuple[Verb, int], Seat] = field(default_factory=dict)  # (verb, night) → the seat its own action named
    guards: set[Seat] = field(default_factory=set)  # seats seen guarding, as a play notes them
    heard: set[str] = field(default_factory=set)  # the keys of every message it was told (悪魔くん: bitten)
    bet: int = 1  # the last day its stock was emptied (イカサマ師: it stocks a vote at each dawn after it)
    came_out: bool = False
    named: Seat | None = None  # the seat its talk named today, to act on (独裁者: its VOTE claim, its decree)
    reported: set[Seat] = field(default_factory=set)  # targets of its real results already said
    fake: str | None = None  # the role it pretends to be
    fake_decided: bool = False
    fake_results: dict[Seat, str] = field(default_factory=dict)
    fake_days: int = 0  # days it reported a fake result
    noise_key: tuple[int, bool] | None = None
    noise: list[float] = field(default_factory=list)
    version: int = 0  # counts what was read that may change the assessment
    survived: dict[Seat, int] = field(default_factory=dict)  # topped a day's last ballot alone, not executed: the day
    seers: frozenset[Seat] | None = None  # the seats known to hold 占い師, as a play notes them (None: not told)
    by_role: dict[str, tuple[Seat, ...]] = field(default_factory=dict)  # role → its claimants in ``co``'s order

    def read(self, view: SeatView) -> None:
        """Read the claims and the messages that are new since the last call (the claims first: each
        is kept by its own day, and a dusk's reading of the day's outcome needs the day's claims)."""
        if len(view.claims) > self.claims:
            self._read_claims(view)
        if len(view.messages) > self.messages:
            self._read_messages(view)

    def _read_messages(self, view: SeatView) -> None:
        for _, message in view.messages[self.messages:]:
            key, args = message.key, message.args
            if key == "claim":  # read from the claims below
                continue
            if key not in _UNWEIGHED:
                self.version += 1
            self.heard.add(key)
            if key == "morning":
                self.day = int(args["day"])  # type: ignore[call-overload]
            elif key == "night":
                self._note_survivor()
            elif key == "divined":
                self.own[args["target"]] = str(args["result"])  # type: ignore[index]
            elif key == "psychic":
                self.psychic[args["target"]] = str(args["result"])  # type: ignore[index]
            elif key == "votes":
                table: dict[Seat, Seat] = dict(args["votes"])  # type: ignore[call-overload]
                self.ballots.append((self.day, table))
                for voter, target in table.items():
                    self.voters.setdefault(target, []).append(voter)
            elif key == "no execution":  # a tie (drawvote=none): nobody topped it alone
                self.execution_day = self.day
            elif key == "votes hidden":  # 闇狼: a ballot whose table nobody sees
                self.ballots.append((self.day, {}))
                self.hidden_day = self.day
            elif key == "died":
                seat = args["player"]
                assert isinstance(seat, int)
                if args.get("cause") is None:
                    self.found_dead.add(seat)
                elif args["cause"] == "execution":
                    self.executed.add(seat)
                    self.execution_day = self.day
            elif key == "attack chosen":
                self.attacks[self.day] = args["target"]  # type: ignore[assignment]
            elif (reader := plays.reader(key)) is not None:
                reader(self, message)
        self.messages = len(view.messages)

    def _read_claims(self, view: SeatView) -> None:
        said, estimates, vote, estimate = self.said, self.estimates, ClaimKind.VOTE, ClaimKind.ESTIMATE
        for day, seat, claim in view.claims[self.claims:]:
            kind = claim.kind
            if kind is vote:  # what is said about today's vote only weighs in the vote
                assert claim.target is not None
                (said.get(day) or said.setdefault(day, {}))[seat] = claim.target
                continue
            if kind is estimate:
                assert claim.target is not None and claim.result is not None
                (estimates.get(day) or estimates.setdefault(day, {}))[seat] = (claim.target, claim.result)
                continue
            self.version += 1
            if kind is ClaimKind.COMINGOUT:
                assert claim.role is not None
                self._came_out(seat, claim.role)
            elif kind is ClaimKind.DIVINED or kind is ClaimKind.IDENTIFIED:
                assert claim.target is not None and claim.result is not None
                self._came_out(seat, plays.reporter(kind))
                reports = (self.divined if kind is ClaimKind.DIVINED else self.identified).setdefault(seat, {})
                if reports.setdefault(claim.target, claim.result) != claim.result:
                    self.switched.add(seat)
        self.claims = len(view.claims)

    def _note_survivor(self) -> None:
        """At dusk: the day's last ballot had one top who was not executed — it resisted (絶対狼, a
        holy protection, a プリンス), so voting it again is likely wasted. Where the table was hidden
        (闇狼) and the day killed nobody by execution, the top is read from the day's VOTE claims: the
        seat most of the living said they would vote for."""
        if not self.ballots or self.ballots[-1][0] != self.day:  # ballots come day by day: the last is today's
            return
        table = self.ballots[-1][1]
        if self.hidden_day == self.day:
            if self.execution_day == self.day:
                return  # somebody was executed (the execution worked), or the ballot tied
            table = self.said.get(self.day, {})
        tally = Counter(table.values())
        if not tally:
            return
        top = max(tally.values())
        tops = [s for s, count in tally.items() if count == top]
        if len(tops) == 1 and tops[0] not in self.executed:
            self.survived[tops[0]] = self.day
            self.version += 1

    def failed(self, verb: Verb, day: int) -> Counter[Seat]:
        """The seats ``verb`` aimed at on the nights before ``day`` — the pack's attack as the wolf chat
        told it, else the bot's own choice — each with how many nights it was aimed at: a seat among
        them still alive survived them all (guarded, or it resists), so aiming at it again is likely
        wasted. The caller asks about living seats only."""
        aimed = {night: seat for (v, night), seat in self.aims.items() if v is verb and night < day}
        if verb is Verb.ATTACK:
            aimed.update((night, seat) for night, seat in self.attacks.items() if night < day)
        return Counter(aimed.values())

    def _came_out(self, seat: Seat, role: str) -> None:
        if seat not in self.co:
            self.co[seat] = role
            self.by_role[role] = (*self.by_role.get(role, ()), seat)
        elif self.co[seat] != role:
            self.switched.add(seat)

    def claimants(self, role: str) -> tuple[Seat, ...]:
        """The seats that came out as ``role`` first, in the order they did (kept as they come: the
        assessment asks at every reading)."""
        return self.by_role.get(role, ())


__all__ = ["Notes"]
