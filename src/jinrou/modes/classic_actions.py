"""How a classic room's JSON reads and writes a seat's actions and claims (the mode's codec): an action
or a claim as a page or a client sends it, checked against the game, and back as the views show it;
the wolves' proposed attacks. :mod:`jinrou.modes.classic` calls it; it names no role."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from jinrou.classic.catalog import UnknownRoleError
from jinrou.classic.claims import Claim, ClaimKind, quote, results_of
from jinrou.classic.game import Checked, Game, Legal
from jinrou.classic.model import Action, Seat, Verb
from jinrou.classic.naming import by_name
from jinrou.classic.views import SeatView
from jinrou.errors import IllegalActionError, NotationError

if TYPE_CHECKING:
    from jinrou.modes.classic import Village


def make_proposals(village: Village) -> None:
    """Proposed attacks, in the order proposed, while the wolves still have an attack to make."""
    game = village.game
    assert game is not None
    for proposal in village.proposals:
        if any(lg.verb is Verb.ATTACK and proposal.targets[0] in lg.targets for lg in game.legal_actions(proposal.seat)):
            game.apply(proposal)
    village.proposals.clear()


def pending_json(pending: Checked, names: Sequence[str]) -> dict[str, Any]:
    """The pending action as its outcome names it (``submitted``)."""
    assert isinstance(pending.choice, Action)
    return pending.choice.to_json(names)


def seat_named(game: Game, name: Any) -> Seat:
    if not isinstance(name, str) or name not in game.names:
        raise IllegalActionError(f"no player {quote(name)}: the players are {', '.join(game.names)}",
                                 ja=f"{quote(name)} という参加者はいません: 参加者は {', '.join(game.names)}")
    return game.names.index(name)


def param_keys(verb: Any) -> tuple[str, ...]:
    """The parameter keys an ``act`` of ``verb`` may carry (none for an unknown verb)."""
    try:
        return tuple(p.key for p in Verb(verb).params)
    except ValueError:
        return ()


def parse_action(game: Game, me: Seat, verb: Any, targets: Any, data: Mapping[str, Any]) -> Action:
    """An ``act`` (or ``propose``) read by the one action codec, :meth:`Action.from_json`."""
    try:
        Verb(verb)
    except ValueError:
        verbs = ", ".join(v.value for v in Verb)
        raise IllegalActionError(f"unknown action {quote(verb)}: actions are {verbs}",
                                 ja=f"不明な行動 {quote(verb)}: 行動は {verbs}") from None
    if not isinstance(targets, list):
        raise IllegalActionError("targets are a list of player names", ja="対象は参加者名のリストです")
    targets_named = [seat_named(game, t) for t in targets]  # the mode's own message for an unknown name
    try:
        action = Action.from_json({**{k: v for k, v in data.items() if k not in ("act", "propose")},
                                   "action": verb, "targets": [game.names[t] for t in targets_named]}, game.names, me)
    except NotationError as error:
        raise IllegalActionError(str(error), ja=f"行動の形が違います: {error}") from None
    return action


def act_json(action: Action, names: Sequence[str], key: str = "act") -> dict[str, Any]:
    """A bot's action as a person sends it: the record's JSON, its verb under ``key``."""
    data = action.to_json(names)
    del data["player"]
    data[key] = data.pop("action")
    if "target" in data:
        data["targets"] = [data.pop("target")]
    data.setdefault("targets", [])
    return data


def parse_claim(game: Game, data: Any) -> Claim:
    """A claim from its JSON (IllegalActionError saying the forms)."""
    forms = ('a claim is {"kind": "CO", "role": ROLE}, {"kind": "DIVINED"|"IDENTIFIED"|"ESTIMATE", "target": NAME, '
             '"result": "human"|"werewolf"} or {"kind": "VOTE", "target": NAME}')
    wrong = IllegalActionError(forms, ja="主張の形は " + forms.removeprefix("a claim is ").replace(" or ", " か "))
    if not isinstance(data, dict):
        raise wrong
    try:
        kind = ClaimKind(data.get("kind"))
    except (ValueError, TypeError):
        raise wrong from None
    wanted = {ClaimKind.COMINGOUT: {"kind", "role"}, ClaimKind.VOTE: {"kind", "target"}}.get(
        kind, {"kind", "target", "result"})
    if set(data) != wanted:
        raise wrong
    if kind is ClaimKind.COMINGOUT:
        role = data["role"]
        try:
            if isinstance(role, str):
                return Claim(kind, role=by_name(role).id)
        except UnknownRoleError:
            pass
        raise IllegalActionError(f"unknown role {quote(role)}: give a catalog id (Werewolf), an English (Seer) or "
                                 "Japanese name (人狼)",
                                 ja=f"{quote(role)} という役職はありません: ID（Werewolf）、英語名（Seer）か日本語名（人狼）で")
    target = seat_named(game, data["target"])
    if kind is ClaimKind.VOTE:
        return Claim(kind, target=target)
    if data["result"] not in results_of(kind):
        if kind is ClaimKind.DIVINED:  # a かぼちゃ魔's costume (W.1.5), the 鬼 kinds (T.1.10)
            raise IllegalActionError(f"a divination is human, werewolf, pumpkin or oni, not {quote(data['result'])}",
                                     ja=f"占い結果は human（人間）、werewolf（人狼）、pumpkin（かぼちゃ）か oni（鬼）です: "
                                        f"{quote(data['result'])} ではありません")
        if kind is ClaimKind.IDENTIFIED:  # the 鬼 kinds (T.1.10)
            raise IllegalActionError(f"a psychic result is human, werewolf or oni, not {quote(data['result'])}",
                                     ja=f"霊能結果は human（人間）、werewolf（人狼）か oni（鬼）です: "
                                        f"{quote(data['result'])} ではありません")
        raise IllegalActionError(f"a result is human or werewolf, not {quote(data['result'])}",
                                 ja=f"結果は human（人間）か werewolf（人狼）です: {quote(data['result'])} ではありません")
    return Claim(kind, target=target, result=data["result"])


def claim_json(claim: Claim, names: Sequence[str]) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": claim.kind.value}
    if claim.role is not None:
        data["role"] = claim.role
    if claim.target is not None:
        data["target"] = names[claim.target]
    if claim.result is not None:
        data["result"] = claim.result
    return data


def repeated(game: Game, seat: Seat, claim: Claim) -> bool:
    """Whether ``seat`` said ``claim`` before: today, or on any day for a coming out or a result."""
    lasting = claim.kind in (ClaimKind.COMINGOUT, ClaimKind.DIVINED, ClaimKind.IDENTIFIED)
    return any(s == seat and c == claim and (lasting or day == game.day) for day, s, c in game.claims)


def ask(decide: Callable[[SeatView, np.random.Generator], list[Any]], view_of: SeatView,
         rng: np.random.Generator) -> list[Any]:
    """A bot's decisions; a bot that fails says and does nothing (its seat then takes uniform legal
    choices): a room must not stop on a bot's bug."""
    try:
        return decide(view_of, rng)
    except Exception:  # noqa: BLE001 — deliberate: any failure of the bot's own code
        return []


def fits(action: Action, legal: Sequence[Legal]) -> bool:
    """Whether a bot's action is one of its legal ones (the engine checks it again)."""
    return any(lg.verb is action.verb and (len(action.targets) == lg.arity or (not action.targets and lg.or_none))
               and set(action.targets) <= set(lg.targets)
               and len(action.params) == len(lg.values)
               and all(p.allows(v, allowed) for p, v, allowed in zip(lg.params, action.params, lg.values, strict=True))
               for lg in legal)
