"""The night (§3.1–§3.3, §4): dusk, the resolution of the night's actions by level, dawn.

:func:`dusk` opens a night (its marks end, its first burial, the attacks it has, the seals and dusk
hooks, night 1's attack on 身代わりくん); :func:`close` ends it — 身代わりくん's choices, the sudden
deaths, every action and level hook in the order of §4.2 — and :func:`dawn` opens the next day
(its burial, the room rules' :func:`room_dawn`, then :func:`dawn_hooks`). Each returns the step that follows now, or None when the game
waits for the players or is over (:class:`~jinrou.classic.phase.Then`).
"""

from __future__ import annotations

from typing import Any

from jinrou.classic import endless
from jinrou.classic.abilities import Ability
from jinrou.classic.burial import after, bury
from jinrou.classic.choices import legal_actions, submit_drawn
from jinrou.classic.events import ActionsOpen, Daybreak, NightEnds, Nightfall, NightResolves, PhaseOpened
from jinrou.classic.identity import Expiry, Layer
from jinrou.classic.model import Action, Cause, Count, Moment, Stage, Verb
from jinrou.classic.phase import Night, Then
from jinrou.classic.role import Kept
from jinrou.classic.state import State
from jinrou.classic.victory import conclude

Act = tuple[int, int, Action, Ability, Layer]
"""One thing to resolve tonight: (level, order of submission, action, ability, its layer)."""


def dusk(state: State) -> None:
    """Night ``day`` starts (§3.1)."""
    state.stage = Stage.NIGHT
    state.night = Night()
    state.forget(Kept.NIGHT)
    state.expire(Expiry.DUSK)
    state.open_phase(Stage.NIGHT)
    state.tell(None, "night", day=state.day)
    bury(state, Moment.DUSK)
    if conclude(state):  # after every burial (§3): a cast without wolves ends at once
        return
    state.night.attacks = 1
    for memory in tuple(state.memories.values()):  # 狼の子's extra attack, 病人's none
        memory.dusk(state.ctx)
    if state.day == 1 and state.settings["scapegoat"] != "off":
        state.night.attacks = 0
        _scapegoat_attack(state)
    state.emit(Nightfall())  # the seals, before every dusk hook (W.1.3)
    state.emit(PhaseOpened(Moment.DUSK))
    bury(state, Moment.DUSK)
    if conclude(state):
        return
    if state.day == 1 and state.night.fixed_attack is None:
        _scapegoat_attack(state)  # a 孤独な狼 alone attacks from its dusk hook on (W.1.9a)
    state.emit(ActionsOpen())  # V1.1.11: 忍者 notes who has a night action open


def _scapegoat_attack(state: State) -> None:
    """Night 1's attack on 身代わりくん, by a living attacking wolf drawn uniformly (none: none).
    Drawn before the dusk hooks (the records' order) or, when no wolf attacks yet, after them
    (the reference draws it after them: a 孤独な狼 alone is an attacker by then)."""
    goat = state.scapegoat
    attackers = [s for s in state.living() if state.identities[s].attacks and s != goat]
    if goat is not None and attackers and state.counts(goat) is not Count.WOLF:
        wolf = state.draw_seat("scapegoat attacker", attackers)
        state.night.fixed_attack = Action(wolf, Verb.ATTACK, (goat,))


def close(state: State) -> Then | None:
    """The night ends: 身代わりくん chooses, the missing required actions are sudden deaths, and every
    action and level hook resolves in order (§4); then dawn."""
    night = state.night
    goat = state.scapegoat
    state.night_closed = len(state.entries)  # this day's dead are those after it (エンドレス闇鍋's rebirths)
    if goat is not None and state.alive[goat]:
        _scapegoat_acts(state, goat)
    # sudden deaths: required actions still missing (§3.2), an attack nobody chose (§4.3)
    missing = [s for s in state.living() if s != goat and any(lg.required for lg in legal_actions(state, s))]
    for seat in missing:
        state.kill(seat, Cause.SUDDEN)
    alive_at_end = set(state.living())
    acts: list[Act] = []
    for order, (action, by) in enumerate(zip(night.actions, night.owners, strict=True)):
        alive = action.seat in alive_at_end
        if alive or state.identities[action.seat].acts_while_dead:
            found = _ability_of(state, action, by)
            if found and found[0].level is not None and alive is not found[0].while_dead:
                acts.append((found[0].level, order, action, *found))
    if night.fixed_attack:
        found = _ability_of(state, night.fixed_attack)
        if found:
            acts.append((found[0].level or 0, -1, night.fixed_attack, *found))
    for seat in sorted(alive_at_end):  # level hooks (W.1.6): each seat in A whose layers declare one
        for hook, owner in state.identities[seat].level_hooks:
            acts.append((hook.level or 0, len(night.actions), Action(seat, hook.verb), hook, owner))
    state.emit(NightResolves())
    for dead_action, owner in night.dead_actions:
        ability = next(a for a in owner.role.abilities if a.verb is dead_action.verb)
        acts.append((ability.level or 0, len(night.actions), dead_action, ability, owner))
    for seat in state.dead():  # level hooks that run while their seat is dead too (W.3 サイコキラー)
        for hook, owner in state.identities[seat].level_hooks:
            if owner.role.hooks_while_dead:
                acts.append((hook.level or 0, len(night.actions), Action(seat, hook.verb), hook, owner))
    acts = _resolution_order(state, acts)
    night.late_hooks = []
    ctx = state.ctx

    def key(act: Act) -> tuple[int, int, int]:
        return _resolution_key(night, act)

    while acts:
        level, _, action, ability, owner = acts.pop(0)
        if state.identities[action.seat].holds_back(owner) and not ability.resolves_under_seal:
            continue  # W.1.3: a hypnotized (or sealed) seat's actions and level hooks resolve to nothing
        if ability.divination and state.identities[action.seat].obstructed:
            ability.obstructed(ctx, action, owner)  # W.1.4: no result, no effect
            continue
        ability.resolve(ctx, action, owner)
        if night.late_hooks:  # a layer with level hooks gained tonight (a bomb at 81): from its level on
            late, night.late_hooks = night.late_hooks, []
            for layer in late:
                if layer.seat in alive_at_end or layer.role.hooks_while_dead:
                    acts.extend((hook.level or 0, len(night.actions), Action(layer.seat, hook.verb), hook,
                                 layer) for hook in layer.role.level_hooks if (hook.level or 0) > level)
            acts.sort(key=key)
    night.deaths = len(state.fresh_dead)
    return dawn(state)


def _ability_of(state: State, action: Action, by: Layer | None = None) -> tuple[Ability, Layer] | None:
    """The ability ``action`` used: of its owner ``by`` (None: of the first layer that has its verb)."""
    for owner in state.identities[action.seat].acting() if by is None else [by]:
        for ability in owner.role.abilities:
            if ability.verb is action.verb:
                return ability, owner
    return None


def _resolution_order(state: State, acts: list[Act]) -> list[Act]:
    """Sort by level; within a level by one uniform permutation P of the seats (§4.2), drawn
    only over the seats that share a level with another seat; wolf attacks keep their order."""
    by_level: dict[int, set[int]] = {}
    for level, _, _, ability, owner in acts:
        if ability.verb is not Verb.ATTACK and ability.instead_of is not Verb.ATTACK:
            by_level.setdefault(level, set()).add(owner.seat)
    shared = sorted({s for seats in by_level.values() if len(seats) > 1 for s in seats})
    rank = {s: i for i, s in enumerate(shared)}
    if len(shared) > 1:
        ordered = state.draws.order("order", shared, [state.names[s] for s in shared])
        rank = {s: i for i, s in enumerate(ordered)}
    night = state.night
    night.rank = rank
    return sorted(acts, key=lambda act: _resolution_key(night, act))


def _resolution_key(night: Night, act: tuple[Any, ...]) -> tuple[int, int, int]:
    """An act's place: its level, then the wolf attacks in submission order and the others by P
    (a seat P was not drawn over comes first at its level)."""
    level, order, _, ability, owner = act
    attack = ability.verb is Verb.ATTACK or ability.instead_of is Verb.ATTACK
    return level, order if attack else night.rank.get(owner.seat, -1), order


def _scapegoat_acts(state: State, goat: int) -> None:
    """身代わりくん takes uniform legal targets for each required action; it attacks only as the
    sole attacking wolf (§2), or, with a role that says so (``goat_attacks_all``: 欲張りな狼, as
    the reference), it takes every open attack. An ability may choose for it first (``Ability.scapegoat``:
    コピー's copy, optional, taken on night 1); a parameter's value is drawn uniformly too (盗人's role)."""
    for ability, layer, _ in list(state.identities[goat].abilities(state.ctx)):
        own = ability.scapegoat(state.ctx, layer)
        if own is not None:
            submit_drawn(state, own)
    legals = legal_actions(state, goat)
    while legals:
        legal = legals.pop(0)
        if not any(lg.verb is legal.verb for lg in legal_actions(state, goat)):
            continue  # taken meanwhile: a ケミカル seat's two halves both listed the attack the seat makes once
        attack = legal.verb is Verb.ATTACK
        greedy = attack and state.identities[goat].role.goat_attacks_all
        if not (legal.required or (attack and state.attackers() == [goat]) or greedy):
            continue
        assert legal.verb is not None
        pool = list(legal.targets)
        if legal.or_none is not None:  # a target, or none (怪盗's 「盗まない」, drawn as "")
            options = [*pool, -1]
            drawn = state.draws.choice(f"scapegoat {legal.verb.value}", options, label=[*(state.names[s] for s in pool), ""])
            submit_drawn(state, Action(goat, legal.verb, () if drawn == -1 else (int(drawn),)))
            continue
        chosen = []
        for _ in range(legal.arity):
            t = state.draw_seat(f"scapegoat {legal.verb.value}", pool)
            chosen.append(t)
            pool.remove(t)
        params = tuple(state.draw(f"scapegoat {legal.verb.value}", list(values)) for values in legal.values)
        submit_drawn(state, Action(goat, legal.verb, tuple(chosen), params))
        if greedy:  # the next open attack, if any
            legals = [lg for lg in legal_actions(state, goat) if lg.verb is Verb.ATTACK] + legals


def dawn(state: State) -> Then | None:
    """Day ``day + 1`` starts (§3.3)."""
    state.day += 1
    state.executions_left = 1  # V1.1.3: set at dawn, before the dawn hooks
    state.emit(NightEnds())  # a seal notes its seat (W.2 瞳狼), before it ends
    state.expire(Expiry.DAWN)
    state.tell(None, "morning", day=state.day)
    bury(state, Moment.DAWN)
    if state.armed and state.living() or not state.settings.on("hunter_lastattack"):
        return after(state, Then.ROOM_DAWN)  # judged first: before the hunters shoot, or after them
    room_dawn(state)  # the reference hands the デスノート before its first judgement of the day
    return after(state, Then.DAWN_HOOKS)


def room_dawn(state: State) -> Then:
    """The room rules' dawn (V2.1.16 死神の手帳, then エンドレス闇鍋's joins and rebirths), before the dawn hooks. The reference runs it at the
    start of its day, before that day's first win check unless a hunter phase came between the night
    and the day or ``hunter_lastattack`` is ``no`` (each judges first): so a dawn that ends the game
    may still draw its holder."""
    for memory in tuple(state.memories.values()):
        memory.dawn(state.ctx)
    endless.dawn(state)  # エンドレス闇鍋: the people waiting join, the dead may be reborn
    return Then.DAWN_HOOKS


def dawn_hooks(state: State) -> Then | None:
    """The day's executions added for it, the night's results told to the living, the dawn hooks and
    their burial; then the day's first ballot."""
    more, state.dawn_executions = state.dawn_executions, []
    for key, args in more:  # V1.1.3: executions added for today (トラブルメーカー), each announced with the new count
        state.executions_left += 1
        state.tell(None, key, count=state.executions_left, **args)
    news, state.dawn_news = state.dawn_news, []
    for seat, key, args in news:
        if state.alive[seat]:
            state.tell(seat, key, **args)
    state.emit(Daybreak())  # V2.2 パン屋: a dawn hook alive or dead
    state.emit(PhaseOpened(Moment.DAWN))
    bury(state, Moment.DAWN)
    return after(state, Then.OPEN_VOTE)


__all__ = ["close", "dawn", "dawn_hooks", "dusk", "room_dawn"]
