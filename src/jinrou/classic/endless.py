"""エンドレス闇鍋 (``endless``): people join a game while it is played, and the dead are reborn.

The reference's ``特殊ルール.エンドレス闇鍋`` (uhyo/jinrou ``server/rpc/game/game.coffee``; settled in
``docs/classic-rules.md``, "エンドレス闇鍋"). Its cast at the start is a 闇鍋 like any other; then, while the game
is not over, a person may ask to join (:func:`check_enter`) as long as the seats still counted — the living and
the dead who may come back, every dead seat but a sudden death's (the reference's ``norevive``) — and the people
already waiting stay below the room's number (the setting ``capacity``; 0: the seats at the start). He waits,
no seat yet, until the next dawn (:func:`dawn`, run with the room rules' dawn, before the day's first win check
where the reference has one): then each person waiting becomes a new seat, appended in the order they asked,
with a role drawn uniformly over the declared roles but those that say no (``Role.endless_draw``: 子分選択者,
盗人) — draw ``endless join`` — and each dead seat that may come back (not a sudden death's, not 身代わりくん's, not
dead since the night began) is reborn with probability p = 2 / (dead + 3), ``dead`` the number of those seats
(draw ``rebirth``), as a fresh seat of a role drawn alike (draw ``rebirth role``); while newcomers joined this
dawn, a rebirth drawn is skipped with probability 1 − p (draw ``rebirth skipped``), once per newcomer, the
seats taken in an order drawn uniformly (``rebirth order``) when it matters. The engine names no role here.
"""

from __future__ import annotations

from fractions import Fraction

from jinrou.classic.model import Message, Seat
from jinrou.classic.roles import ROLES
from jinrou.classic.state import State
from jinrou.errors import IllegalActionError, SetupError
from jinrou.players import MAX_NAME

OPTION = "endless"
"""The setting that makes a game endless (``on``)."""
CAPACITY = "capacity"
"""The setting of the room's number: how many seats may be counted (0: the seats at the start)."""

JOINED = Message.declare("joined", "{player}さんが参加しました。", "{player} joins the game.")
REBORN = Message.declare("reborn", "{player}は転生しました。", "{player} is reborn.")


def pool() -> tuple[str, ...]:
    """The roles a newcomer or a reborn seat is drawn from: every declared role but those that say no, sorted (asked
    at each dawn: a role declared later, a test's own, is drawn too)."""
    return tuple(sorted(role_id for role_id, role in ROLES.items() if role.endless_draw))


def rebirth_chance(dead: int) -> Fraction:
    """The chance that one dead seat that may come back is reborn at a dawn, with ``dead`` such seats:
    2 / (dead + 3) (the reference's: two deaths a day would be matched by ``2 / (dead + 2)``, a little less
    so that the seats counted shrink)."""
    return Fraction(2, dead + 3)


def capacity(state: State) -> int:
    """The room's number: how many seats may be counted (the setting, else the seats at the start)."""
    return int(state.settings[CAPACITY]) or state.founders


def counted(state: State) -> int:
    """The seats counted against the room's number: the living, and the dead who may come back (every dead
    seat but a sudden death's; 身代わりくん's too, as the reference counts it)."""
    return sum(1 for s in state.seats() if state.alive[s] or s not in state.sudden)


def joinable(state: State) -> bool:
    """Whether a person may ask to join now: an endless game not over, with room for one more."""
    return (state.settings.on(OPTION) and not state.is_over
            and counted(state) + len(state.entrants) < capacity(state))


def check_enter(state: State, name: str) -> None:
    """Whether the person ``name`` may ask to join now; changes nothing.

    Raises:
        IllegalActionError: not an endless game, the game over, the room full (checked before the name: a
            refusal that is no fault of the name's comes first), or a bad or taken name.
    """
    if not state.settings.on(OPTION):
        raise IllegalActionError("only an endless game (エンドレス闇鍋, the setting endless=on) takes people "
                                 "while it is played", ja="途中参加できるのはエンドレス闇鍋だけです")
    if state.is_over:
        raise IllegalActionError("the game is over: nobody joins it now", ja="ゲームは終了しました: もう参加できません")
    if not joinable(state):
        raise IllegalActionError(
            f"the room is full: {counted(state)} seats counted (the living and the dead who may come back) and "
            f"{len(state.entrants)} waiting, of {capacity(state)}; one may join when a seat is lost for good",
            ja=f"満員です: 数えられる席（生存者と転生しうる死者）{counted(state)}・参加待ち{len(state.entrants)}人で定員"
               f"{capacity(state)}人です。突然死で席が空けば参加できます")
    if not isinstance(name, str) or not name.strip() or name != name.strip() or len(name) > MAX_NAME \
            or not name.isprintable():
        raise IllegalActionError(f"a newcomer's name must be 1–{MAX_NAME} printable characters without outer "
                                 f"spaces, not {name!r}", ja=f"名前は前後に空白のない1〜{MAX_NAME}文字にしてください: {name!r}")
    taken = {n.casefold() for n in (*state.names, *state.entrants)}
    if name.casefold() in taken:
        raise IllegalActionError(f"{name!r} already plays or waits to join (names differ ignoring case): "
                                 "a newcomer needs a name of his own",
                                 ja=f"{name!r} はすでに参加しているか参加待ちです（大文字・小文字は区別しません）: 別の名前にしてください")


def check_settings(settings_on: bool, chemical: bool, requests: bool, capacity_given: int, seats: int) -> None:
    """An endless game's settings: no ケミカル人狼, no 希望役職制, a room's number of at least the seats at the start.

    Raises:
        SetupError: the one line that says what is not allowed.
    """
    if not settings_on:
        return
    if chemical:
        raise SetupError("エンドレス闇鍋 (endless) is not played with ケミカル人狼 (chemical), as in 月下人狼: "
                         "turn one of them off", ja="エンドレス闇鍋ではケミカル人狼は使えません（月下人狼と同じ）: どちらかを外してください")
    if requests:
        raise SetupError("エンドレス闇鍋 (endless) takes no role requests (希望役職制, rolerequest): its cast is a 闇鍋 "
                         "and its newcomers' roles are drawn; turn rolerequest off",
                         ja="エンドレス闇鍋では希望役職制は使えません（配役は闇鍋、途中参加の役職は抽選）: 希望役職制を外してください")
    if capacity_given and capacity_given < seats:
        raise SetupError(f"the room's number (capacity) must be at least the {seats} seats at the start, not "
                         f"{capacity_given} (0: the seats at the start)",
                         ja=f"部屋の人数（capacity）は開始時の{seats}席以上にしてください（0なら開始時の席数）: {capacity_given}")


def dawn(state: State) -> None:
    """An endless game's dawn: the people waiting join, then the dead may be reborn (see the module docstring)."""
    if not state.settings.on(OPTION):
        return
    roles = pool()
    entrants, state.entrants = state.entrants, []
    for name in entrants:
        seat = state.add_seat(name, state.draw("endless join", roles))
        state.tell(None, JOINED, player=seat)
    candidates = _may_be_reborn(state)
    if not candidates:
        return
    p = rebirth_chance(len(candidates))
    weights = (p.numerator, p.denominator - p.numerator)  # reborn, stays dead: exact integer weights
    if entrants and len(candidates) > 1:  # the order matters only to the skipping below
        candidates = state.draws.order("rebirth order", candidates, [state.names[s] for s in candidates])
    skips = len(entrants)
    for seat in candidates:
        if not state.draw("rebirth", [True, False], weights):
            continue
        if skips and state.draw("rebirth skipped", [True, False], weights[::-1]):  # w.p. 1 − p
            skips -= 1
            continue
        state.reborn(seat, state.draw("rebirth role", roles))
        state.tell(None, REBORN, player=seat)


def _may_be_reborn(state: State) -> list[Seat]:
    """The dead seats that may be reborn this dawn, in seat order: not a sudden death's, not 身代わりくん's, not
    dead since the night began (the reference's "not found dead this very day")."""
    today, goat = state.died_today(), state.scapegoat
    return [s for s in state.dead() if s not in state.sudden and s != goat and s not in today]


__all__ = ["CAPACITY", "OPTION", "capacity", "check_enter", "check_settings", "counted", "dawn", "joinable",
           "pool", "rebirth_chance"]
