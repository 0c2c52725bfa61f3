"""What a seat may choose now, the one check of a choice, and its submission.

:func:`legal_actions` lists what a seat may do in the open phase (:class:`Legal`: a verb with its
targets and parameter values, or a vote). :func:`check` is the only check of a choice — an action,
a vote, a hunter's shot or a claim (:class:`Say`) — on its way in: it raises
:class:`~jinrou.errors.IllegalActionError` with the message for the player (English and Japanese)
and changes nothing, and answers with a :class:`Checked` choice that :func:`submit` applies without
checking again (the server asks the mode, the mode asks the rules once). A refusal says only what
the seat may know: its own abilities, the living, the candidates.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from jinrou.classic.abilities import Ability, Action, Param, ParamKind, Verb, When
from jinrou.classic.claims import Claim, ClaimKind
from jinrou.classic.events import Targeted
from jinrou.classic.identity import Layer
from jinrou.classic.model import Seat, Stage, Vote
from jinrou.classic.state import State
from jinrou.classic.texts import role_name, verb_label
from jinrou.errors import IllegalActionError

STAGE_JA = {Stage.NIGHT: "夜", Stage.DAY: "昼", Stage.HUNTER: "ハンターの時間", Stage.OVER: "終了後"}


@dataclass(frozen=True)
class Legal:
    """What a seat may do now: an action verb with its allowed targets (``arity`` of them) and, for
    each parameter of its verb, the values allowed now; or a vote."""

    verb: Verb | None  # None: a vote
    targets: tuple[Seat, ...]
    required: bool
    arity: int = 1
    values: tuple[tuple[str, ...], ...] = ()  # per parameter of the verb, in its declared order
    instead_of: Verb | None = None  # a form of that verb's use, taken instead of it (「襲撃しない」 for an attack)
    label: tuple[str, str] | None = None  # the ability's own name for players (ja, en), before its verb's (通訳)
    note: tuple[str, str] | None = None  # what its form says beside it now (ja, en): 課金者's premium pulls left
    or_none: tuple[str, str] | None = None  # it may be taken with no target too, so named (ja, en): 怪盗's 「盗まない」

    @property
    def params(self) -> tuple[Param, ...]:
        """The typed parameters its verb takes."""
        return self.verb.params if self.verb is not None else ()

    @property
    def kits(self) -> tuple[str, ...]:
        """The kits it may send (商人): the values of its ``kit`` parameter."""
        return next((v for p, v in zip(self.params, self.values, strict=False) if p.key == "kit"), ())

    def example(self) -> tuple[str, ...]:
        """The first allowed value of each parameter (what a default or random choice may start from)."""
        return tuple(p.example(v) for p, v in zip(self.params, self.values, strict=False) if v or p.kind is ParamKind.TEXT)


@dataclass(frozen=True)
class Say:
    """``seat`` says ``claim`` in the day chat (a choice, as an action or a vote is)."""

    seat: Seat
    claim: Claim


@dataclass(frozen=True)
class Will:
    """``seat`` writes its will (遺言): ``text`` replaces the one it wrote before (empty: none). A will is
    its writer's secret until it dies; then it is read out to everybody (setting ``will``)."""

    seat: Seat
    text: str


WILL_LIMIT = 300
"""A will's length at most, in characters (as a chat line's)."""


class Checked(NamedTuple):
    """A choice the rules accepted in the state they checked it in, to submit without checking again:
    an action with the ability it uses, named by places (its layer's among its seat's layers, the
    ability's among that layer's declared abilities) so that a copy of the state, or the state
    restored from a snapshot, submits it too; a vote, a hunter's shot or a claim uses none. (A named
    tuple: one is made for every choice, and it is made fast.)"""

    choice: Action | Vote | Say | Will
    layer: int | None = None  # the index of the ability's layer in its seat's layers (None: no ability)
    ability: int = 0  # the index of the ability in that layer's role's abilities

    def used(self, state: State) -> tuple[Ability, Layer] | None:
        """The ability it uses and that ability's layer, in ``state`` (None: none)."""
        if self.layer is None:
            return None
        layer = state.identities[self.choice.seat].layers[self.layer]
        return layer.role.abilities[self.ability], layer


# ---------------------------------------------------------------------- what a seat may do


def abilities_now(state: State, seat: Seat) -> Iterator[tuple[Ability, Layer, bool]]:
    """Each ability of the seat's role, extra roles and sub-roles open now (by night or by day,
    to the living or, at night, to the dead), with whether it is required."""
    when = When.DAY if state.stage is Stage.DAY else When.NIGHT
    return state.identities[seat].abilities(state.ctx, when, not state.alive[seat])


def legal_actions(state: State, seat: Seat) -> list[Legal]:
    """What ``seat`` may do now (empty when it need not or cannot act)."""
    if state.stage is Stage.NIGHT:
        identity = state.identities[seat]
        if (not state.alive[seat] and not identity.acts_while_dead) or identity.closed:  # V2.1.5: a closed night
            return []
        return legal_abilities(state, seat, [])
    if state.stage is Stage.DAY:  # the vote first, then the day actions (W.1.1)
        ballot = state.ballot
        assert ballot is not None
        if not state.alive[seat] or ballot.ended:
            return []
        legal = []
        if seat not in ballot.votes:
            allowed = candidates(state, seat)
            if allowed:
                legal.append(Legal(None, allowed, state.identities[seat].must_vote))
        return legal_abilities(state, seat, legal) if state.identities[seat].acts_by_day else legal
    if state.stage is Stage.HUNTER and seat in state.armed and not shot(state, seat):
        return [Legal(Verb.SHOOT, tuple(shot_targets(state, seat)), False)]
    return []


def legal_abilities(state: State, seat: Seat, legal: list[Legal]) -> list[Legal]:
    """``legal`` and the seat's abilities open now and not yet used up, with their targets and
    parameter values."""
    ctx = state.ctx
    for ability, owner, required in abilities_now(state, seat):
        if ability.done(ctx, owner) or ability.refuse(ctx, owner) is not None:
            continue
        targets = ability.targets(ctx, owner)
        if targets or ability.arity == 0:
            values = ability.values(ctx, owner) if ability.verb.params else ()
            legal.append(Legal(ability.verb, tuple(targets), required, ability.arity, values, ability.instead_of,
                               ability.label, ability.note(ctx, owner), ability.or_none))
    return legal


def awaited(state: State) -> list[Seat]:
    """Seats whose required action or vote is still missing (身代わりくん is never awaited)."""
    if state.stage is Stage.HUNTER:
        return [s for s in state.armed if not shot(state, s)]
    return [s for s in state.seats() if s != state.scapegoat and any(lg.required for lg in legal_actions(state, s))]


def has_action_open(state: State, seat: Seat) -> bool:
    """V1.1.11: whether ``seat`` has a night action open now (:meth:`Context.has_action_open`)."""
    if any(a.seat == seat for a in state.night.actions):
        return True
    if state.identities[seat].closed:  # V2.1.5: a closed night has no form
        return False
    if state.day == 1 and state.settings["scapegoat"] != "off" and state.identities[seat].attacks:
        return True
    return bool(legal_abilities(state, seat, []))


def candidates(state: State, seat: Seat) -> tuple[Seat, ...]:
    """The seats ``seat`` may vote for in the open ballot."""
    assert state.ballot is not None
    alive = state.alive  # asked for every seat at every view: a list, not a generator
    if state.settings.on("votemyself"):
        return tuple([c for c in state.ballot.candidates if alive[c]])
    return tuple([c for c in state.ballot.candidates if alive[c] and c != seat])


def shot(state: State, seat: Seat) -> bool:
    """Whether the armed hunter ``seat`` has shot."""
    return state.done(seat, Verb.SHOOT) > 0


def shot_targets(state: State, seat: Seat) -> list[Seat]:
    """Whom the armed hunter ``seat`` may shoot: the living, but itself and the other armed hunters."""
    return [s for s in state.living() if s != seat and s not in state.armed]


def draws_at_once(state: State, action: Action) -> bool:
    """Whether submitting ``action`` draws random outcomes (its ability's ``draws_on_submit``):
    the actor sees them at once, so they travel with the action (:class:`~jinrou.classic.entries.Acted`)."""
    if isinstance(action.seat, bool) or not isinstance(action.seat, int) or not 0 <= action.seat < state.n:
        return False  # no seat: refused by the check, with its message
    return any(ability.draws_on_submit for ability, _, _ in abilities_now(state, action.seat)
               if ability.verb is action.verb)


# ---------------------------------------------------------------------- the check


def check(state: State, choice: Action | Vote | Say | Will) -> Checked:
    """Whether ``choice`` may be submitted now: the choice with what it uses; changes nothing.

    Raises:
        IllegalActionError: the choice is not allowed now (the message says what is).
    """
    if isinstance(choice, Say):
        check_claim(state, choice.seat, choice.claim)
        return Checked(choice)
    if isinstance(choice, Will):
        check_will(state, choice.seat, choice.text)
        return Checked(choice)
    if state.stage is Stage.OVER:
        raise IllegalActionError("the game is over", ja="ゲームは終了しました")
    if isinstance(choice, Vote):
        _check_vote(state, choice)
        return Checked(choice)
    return _check_action(state, choice)


def check_claim(state: State, seat: Seat, claim: Claim | None = None) -> None:
    """Whether ``seat`` may say ``claim`` now (None: whether it may speak at all); changes nothing.

    Raises:
        IllegalActionError: not by day, a dead, silenced (沈黙) or unknown seat, a claim about no player, or a
            VOTE claim for a dead player.
    """
    _check_seat(state, seat)
    names = state.names
    if state.stage is not Stage.DAY:
        raise IllegalActionError(f"claims are made by day, not at the {state.stage.value}",
                                 ja=f"主張（CO・結果・投票先）は昼にだけできます（今は{STAGE_JA[state.stage]}）")
    if not state.alive[seat]:
        raise IllegalActionError(f"{names[seat]} is dead: the dead do not speak in the day chat",
                                 ja=f"{names[seat]}は死亡しています: 死者は昼の会話で話せません")
    if state.identities[seat].silenced:
        raise IllegalActionError(f"{names[seat]} is silenced (沈黙) until dusk: no day chat (its vote and will "
                                 "are unaffected)",
                                 ja=f"{names[seat]}は呪いをかけられています（沈黙）: 夕方まで昼の会話で発言できません"
                                 "（投票・遺言はできます）")
    if claim is None or claim.target is None:
        return
    _check_seat(state, claim.target)
    if claim.kind is ClaimKind.VOTE and not state.alive[claim.target]:
        name = names[claim.target]
        raise IllegalActionError(f"{name} is dead: say you will vote for a living player",
                                 ja=f"{name}は死亡しています: 投票先には生きている人を言ってください")


def check_will(state: State, seat: Seat, text: object) -> None:
    """Whether ``seat`` may write ``text`` as its will now: the setting ``will`` on, the game going on,
    the seat alive (by day or by night, as the reference's will form), at most :data:`WILL_LIMIT`
    printable characters (line breaks allowed); changes nothing.

    Raises:
        IllegalActionError: why not, and what is allowed.
    """
    _check_seat(state, seat)
    if not state.settings.on("will"):
        raise IllegalActionError("this village has no wills (遺言 is off)", ja="この村には遺言がありません（遺言なし）")
    if state.stage is Stage.OVER:
        raise IllegalActionError("the game is over", ja="ゲームは終了しました")
    if not state.alive[seat]:
        raise IllegalActionError(f"{state.names[seat]} is dead: a will is written while alive",
                                 ja=f"{state.names[seat]}は死亡しています: 遺言は生きているうちに書きます")
    if not isinstance(text, str) or len(text) > WILL_LIMIT or any(not (c.isprintable() or c == "\n") for c in text):
        raise IllegalActionError(f"a will is at most {WILL_LIMIT} printable characters",
                                 ja=f"遺言は表示できる文字で{WILL_LIMIT}字までです")


def _check_vote(state: State, vote: Vote) -> None:
    names = state.names
    if state.stage is not Stage.DAY:
        raise IllegalActionError(f"{_who(state, vote.seat)} cannot vote now: it is the {state.stage.value}",
                                 ja=f"今は{STAGE_JA[state.stage]}なので投票できません")
    ballot = state.ballot
    assert ballot is not None
    _check_seat(state, vote.seat)
    _check_seat(state, vote.target)
    if not state.alive[vote.seat]:
        raise IllegalActionError(f"{names[vote.seat]} is dead and cannot vote",
                                 ja=f"{names[vote.seat]}は死亡しているので投票できません")
    if ballot.ended:
        raise IllegalActionError("the day ended without a vote (自爆): no votes today",
                                 ja="今日は投票なしで終わりました（自爆）: もう投票できません")
    if vote.seat in ballot.votes:
        raise IllegalActionError(f"{names[vote.seat]} has already voted; votes are final",
                                 ja=f"{names[vote.seat]}はもう投票しました（投票は変えられません）")
    allowed = candidates(state, vote.seat)
    if vote.target not in allowed:
        if vote.target == vote.seat:
            raise IllegalActionError(f"{names[vote.seat]} cannot vote for himself",
                                     ja=f"{names[vote.seat]}は自分に投票できません")
        raise IllegalActionError(
            f"{names[vote.seat]} cannot vote for {names[vote.target]}: "
            f"the candidates are {_list(state, allowed)}",
            ja=f"{names[vote.seat]}は{names[vote.target]}に投票できません: 候補は {_list(state, allowed, 'ja')}",
        )


def _check_action(state: State, action: Action) -> Checked:
    _check_seat(state, action.seat)
    for t in action.targets:
        _check_seat(state, t)
    ctx, stage, identity = state.ctx, state.stage, state.identities[action.seat]
    who = state.names[action.seat]
    if stage is Stage.HUNTER:
        if action.verb is not Verb.SHOOT or action.seat not in state.armed:
            raise IllegalActionError(f"only an armed hunter may act now (shoot), not {who} ({action.verb.value})",
                                     ja=f"今はハンターが撃つ時間です: {who}は行動できません")
        if shot(state, action.seat):
            raise IllegalActionError(f"{who} has already shot", ja=f"{who}はもう撃ちました")
        allowed = shot_targets(state, action.seat)
        if len(action.targets) != 1 or action.targets[0] not in allowed:
            raise IllegalActionError(f"{who} may shoot one of {_list(state, allowed)}",
                                     ja=f"{who}が撃てるのは {_list(state, allowed, 'ja')} のひとりです")
        return Checked(action)
    verb = f"「{verb_label(action.verb, 'ja')}」"
    now, now_ja = ("tonight", "今夜") if stage is Stage.NIGHT else ("today", "今日")
    if stage is not Stage.NIGHT and stage is not Stage.DAY:
        raise IllegalActionError(f"{who} cannot {action.verb.value} now: it is the {stage.value}",
                                 ja=f"今は{STAGE_JA[stage]}なので{verb}はできません")
    if stage is Stage.DAY and state.ballot is not None and state.ballot.ended:
        raise IllegalActionError(f"the day ended without a vote (自爆): {who} cannot {action.verb.value} today",
                                 ja=f"今日は投票なしで終わりました（自爆）: {who}はもう{verb}できません")
    if stage is Stage.NIGHT and identity.closed:
        raise IllegalActionError(f"{who}'s night is closed (V2.1.5): no action tonight",
                                 ja=f"{who}は今夜能力を使えません")
    mine = [(ability, owner) for ability, owner, _ in abilities_now(state, action.seat) if ability.verb is action.verb]
    if mine and mine[0][0].label is not None:  # the ability's own name (通訳's 「通訳する」)
        verb = f"「{mine[0][0].label[0]}」"
    if not mine:
        if stage is Stage.DAY and not identity.declares(action.verb, When.DAY):
            raise IllegalActionError(f"{who} cannot {action.verb.value} now: it is the {stage.value}",
                                     ja=f"今は{STAGE_JA[stage]}なので{verb}はできません")
        if not state.alive[action.seat]:
            raise IllegalActionError(f"{who} is dead and cannot act", ja=f"{who}は死亡しているので行動できません")
        raise IllegalActionError(f"{who} ({identity.role.name_en}) has no action {action.verb.value!r} {now}",
                                 ja=f"{who}には{now_ja}{verb}の行動はありません")
    # a seat holding the same ability twice (its role's and a kit's) uses them in turn, its role's first
    left = [(ability, owner) for ability, owner in mine if not ability.done(ctx, owner)]
    if not left:
        raise IllegalActionError(f"{who} has already chosen to {action.verb.value} {now}",
                                 ja=f"{who}は{now_ja}もう{verb}の相手を選びました")
    ability, owner = left[0]
    if len(left) > 1:  # the first whose targets allow the choice (two absorbed 犬 bite each its owner)
        ability, owner = next(((ab, ow) for ab, ow in left if set(action.targets) <= set(ab.targets(ctx, ow))
                                and len(action.targets) in (ab.arity, 0)),
                              left[0])
    closed = ability.refuse(ctx, owner)
    if closed is not None:
        raise IllegalActionError(f"{who} cannot {action.verb.value}: {closed[0]}", ja=f"{who}は{verb}できません: {closed[1]}")
    allowed = ability.targets(ctx, owner)
    if (action.targets or ability.or_none is None) and (len(action.targets) != ability.arity or (
            len(set(action.targets)) != ability.arity and not ability.repeats)):
        wanted = "no target" if ability.arity == 0 else f"{ability.arity} different target(s)"
        raise IllegalActionError(f"{who}'s {action.verb.value} takes {wanted}", ja=f"{verb}には" + (
            "相手は要りません" if ability.arity == 0 else f"異なる{ability.arity}人を選んでください"))
    bad = [t for t in action.targets if t not in allowed]
    if bad:
        raise IllegalActionError(
            f"{who} cannot {action.verb.value} {state.names[bad[0]]}: allowed are {_list(state, allowed)}",
            ja=f"{who}は{state.names[bad[0]]}に{verb}できません: 選べるのは {_list(state, allowed, 'ja')}",
        )
    values = _check_values(state, action, ability, owner)
    if values is not None:
        raise IllegalActionError(f"{who} cannot {action.verb.value}: {values[0]}",
                                 ja=f"{who}は{verb}できません: {values[1]}")
    reason = ability.check(ctx, action, owner)
    if reason:
        raise IllegalActionError(f"{who} cannot {action.verb.value}: {reason}",
                                 ja=f"{who}は{verb}できません: {reason}")
    return Checked(action, next(i for i, layer in enumerate(identity.layers) if layer is owner),
                   next(i for i, declared in enumerate(owner.role.abilities) if declared is ability))


def _check_values(state: State, action: Action, ability: Ability, owner: Layer) -> tuple[str, str] | None:
    """Why ``action``'s parameter values are refused, in English and Japanese (None: each is one
    allowed now)."""
    params = action.verb.params
    if len(action.params) > len(params):
        return (f"{action.verb.value} takes {len(params)} parameter(s), not {len(action.params)}",
                f"指定できる値は{len(params)}つです（{len(action.params)}つ指定されました）")
    for param, allowed, i in zip(params, ability.values(state.ctx, owner), range(len(params)), strict=True):
        value = action.params[i] if i < len(action.params) else None
        if param.kind is ParamKind.TEXT and not param.allows(value, allowed):
            size = 0 if value is None else len(value)
            return (f"the {param.key} is a text of 1–{param.limit} characters, not {size}",
                    f"{param.key} は1〜{param.limit}文字です（{size}文字）")
        if param.kind is not ParamKind.TEXT and value not in allowed:
            shown = "、".join(param.name(v, "ja") if param.kind is not ParamKind.ROLE else role_name(v, "ja")
                             for v in allowed) if len(allowed) <= 12 else "選べる役職"
            given = "指定なし" if value is None else repr(value)
            return (f"the {param.key} must be one of {', '.join(allowed)}, not {value!r}",
                    f"{param.key} は {shown} のどれかです（{given}）")
    return None


def _check_seat(state: State, seat: Seat) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise IllegalActionError(f"no seat {seat!r}: seats are 0–{state.n - 1}")


def _who(state: State, seat: Seat) -> str:
    return state.names[seat] if isinstance(seat, int) and 0 <= seat < state.n else repr(seat)


def _list(state: State, seats: Sequence[Seat], lang: str = "en") -> str:
    return ", ".join(state.names[s] for s in seats) or ("なし" if lang == "ja" else "nobody")


# ---------------------------------------------------------------------- submission


def submit(state: State, checked: Checked, recorded: bool) -> None:
    """Apply a checked choice (in the state it was checked in, or a copy); ``recorded`` False for
    choices the rules drew (their draw is the record)."""
    choice = checked.choice
    if isinstance(choice, Say):
        say(state, choice.seat, choice.claim)
        return
    if isinstance(choice, Will):
        state.wills[choice.seat] = choice.text
        state.log.willed(choice.seat, choice.text)
        return
    if isinstance(choice, Vote):
        ballot = state.ballot
        assert ballot is not None
        ballot.votes[choice.seat] = choice.target
        ballot.weights[choice.seat] = state.identities[choice.seat].vote_weight(state.ctx)
        if recorded:
            state.log.voted(choice.seat, choice.target)
        return
    used = checked.used(state)
    if state.stage is Stage.DAY:
        assert used is not None
        state.day_actions = (*state.day_actions, (choice, used[1]))
    else:
        state.night.actions.append(choice)
        state.night.owners.append(used[1] if used is not None else None)
    if recorded:  # a day event's actions are applied before its votes (W.1.1)
        state.log.acted(choice)
    if used is not None:
        ability, owner = used
        if ability.once is not None:
            owner.uses = (*((v, d) for v, d in owner.uses if v != choice.verb.value), (choice.verb.value, state.day))
        ability.submit(state.ctx, choice, owner)
        if ability.targets_on_submit and ability.when is When.NIGHT:
            for target in choice.targets:
                state.emit(Targeted(target, choice.seat, choice.verb))


def say(state: State, seat: Seat, claim: Claim) -> None:
    """A checked claim is said: public, in the record, the claims and the day chat."""
    state.log.claimed(seat, claim)
    state.claims.append((state.day, seat, claim))
    state.tell(None, "claim", player=seat, claim=claim)


def submit_drawn(state: State, choice: Action | Vote) -> None:
    """Check and submit a choice the rules drew for a seat (its draw is the record, not the choice)."""
    submit(state, check(state, choice), recorded=False)


__all__ = ["WILL_LIMIT", "Checked", "Legal", "Say", "Will", "check", "check_claim", "check_will", "draws_at_once", "legal_actions", "submit", "submit_drawn"]
