"""村人系 of crowds (V2.2, classic-roles-village-2.md): 花見客 and the 酔っ払い it deals (V2.1.9, also the room
option ``drunk``), デスノート and the one-night デスノート the room option ``deathnote`` hands round (死神の手帳,
V2.1.16), 配信者 and its listeners (V2.1.7 a nightly role, V2.1.8b a stream).

The mechanics are the vocabulary's: a drowsy sub-role (``Role.drowses``: the identity holds back the
layers below it), a room-wide sub-role's own dealing (``Role.dealt``), a room rule that is a shared
memory with a dawn hook (``Shared.room_option``), a chat a layer reads without writing
(``Role.listened``) and the seats a notice told to a seat reaches too (``Role.relays``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import PhaseOpened, on
from jinrou.classic.identity import Layer, LayerKind
from jinrou.classic.model import Action, Cause, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, LevelHook, Role, Shared, role, sub_role
from jinrou.classic.roles.common import Villager

if TYPE_CHECKING:
    from jinrou.classic.context import Context


# ---------------------------------------------------------------------- デスノート and 死神の手帳

WRITE = Verb.declare("write", label=("名前を書く", "write a name"))
DEATHNOTE_DEATH = Cause.declare("deathnote", "心臓麻痺", "heart failure",
                                found=("{player}は死体で発見されました", "{player} was found dead in bed."))
"""V2.1.13: announced 「{name}は死体で発見されました。」, the cause hidden until the end."""
WROTE = Message.declare("wrote", "{player}が{target}の名前を死神の手帳に書きました。",
                        "{player} wrote {target}'s name in the death note.")


class Write(Ability):
    """デスノート's writing: each night from 2, optional, level 100, another living seat (settled here: the
    reference offers itself); at 100 the (redirected) seat, if alive, dies (``deathnote``; not guardable,
    wolves not immune)."""

    verb = WRITE
    required = False
    first = 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, WROTE, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target):
            ctx.kill(target, DEATHNOTE_DEATH, action.seat, guardable=False)


@role
class Light(Role):
    """デスノート (hidden: 闇鍋 casts it, a host cannot pick it): each night from 2 it may write the name of
    another living seat, who dies at level 100 (``deathnote``, not guardable; wolves are not immune).
    Deadly weapon."""

    card_ja = ("デスノート: 2日目の夜から毎晩、他の生存者ひとりの名前を死神の手帳に書けます（任意）。書かれた人は死にます"
               "（護衛できず、人狼も死にます。「死体で発見されました」と発表されます）。")
    card_en = ("Light: from night 2, each night it may write the name of another living seat in the death note; "
               "that seat dies during the night (no guard saves it, a wolf too), announced as found dead in bed.")

    deadly_weapon = True  # V2.1.12

    abilities = (Write(),)


class DropNote(LevelHook):
    """At level 100 of the night, after its writing, a one-night デスノート leaves its seat, used or not (a
    holder dead by then keeps it, useless; a sealed or hypnotized one keeps it: W.1.3)."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        ctx.remove(me)


@sub_role("Death note", "死神の手帳", LayerKind.EXTRA)
class DeathNote(Role):
    """死神の手帳's デスノート (room option ``deathnote``, V2.1.16): an extra role for a day and a night — it
    may write as デスノート does; it leaves its seat at level 100 of that night."""

    card_ja = "死神の手帳: 今夜だけ、他の生存者ひとりの名前を書けます（任意）。書かれた人は死にます。夜の途中で手帳は消えます。"
    card_en = ("Death note: tonight only, you may write the name of another living seat; that seat dies during "
               "the night (no guard saves it). The note is gone by dawn.")

    deadly_weapon = True  # V2.1.12: a kit or an extra role gives it
    abilities = (Write(),)
    level_hooks = (DropNote(),)


@dataclass
class DeathNoteRule(Shared):
    """死神の手帳 (room option ``deathnote``, §11, V2.1.16): at each dawn, before the dawn hooks, one living
    seat (身代わりくん included), draw ``deathnote holder``, gets a デスノート for that day and night (not
    told; its role view lists it)."""

    room_option = "deathnote"

    def dawn(self, ctx: Context) -> None:
        living = ctx.living()
        if living:
            ctx.grant(ctx.draw_seat("deathnote holder", living), DeathNote.id)


# ---------------------------------------------------------------------- 花見客 and the 酔っ払い

HANAMI = Message.declare("hanami", "{player}たちは花見を楽しみました。まだ誰か酔っ払っているようです。",
                         "{player} and friends enjoyed the cherry blossoms. Someone still seems to be drunk.")
WOKE = Message.declare("woke", "{player}は目が覚めました。", "{player} woke up.")


@role
class Hanami(Role):
    """花見客: at casting each 花見客 makes one seat 酔っ払い (V2.1.9: :class:`Drunk`); at the dusk of night 1
    it is told 「{name}たちは花見を楽しみました。まだ誰か酔っ払っているようです。」."""

    card_ja = ("花見客: 能力はありません。ゲーム開始時に、村人・花見客以外の誰かひとりが酔っ払いになります"
               "（3日目の夜まで自分を村人だと思い込み、能力を使えません）。")
    card_en = ("Hanami: no ability. At the start of the game one seat that is neither a 村人 (Villager) nor a "
               "Hanami becomes drunk: until night 3 it believes it is a Villager and cannot use its abilities.")

    @on(PhaseOpened)
    def party(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK and ctx.day == 1:
            ctx.tell(me.seat, HANAMI, player=me.seat)


@sub_role("Drunk", "酔っ払い")
class Drunk(Role):
    """酔っ払い (V2.1.9; 花見客, room option ``drunk``): shown 村人 (name, card, team); no night form, nothing
    required, no list, no chat but the day's and its monologue; a drunk wolf still counts as an attacking
    wolf. At the first dusk from night 3 at which it lives it is told 「{name}は目が覚めました。」, the mark
    goes and its role's dusk hook runs."""

    card_ja = "酔っ払い: 3日目の夜に目が覚めるまで、自分を村人だと思い込んでいて、能力を使えません。"
    card_en = ("Drunk: until it wakes at the dusk of night 3, the seat believes it is a 村人 (Villager): no ability, "
               "no night chat, nobody known. Its real role's team and rules stay.")
    shown_with = ("酔っ払い（{role}）", "Drunk ({role})")

    drowses = True
    shows_as = ("Human", Team.HUMAN)

    def dealt(self, ctx: Context) -> list[Seat]:
        """One seat per 花見客 in the game, and one more with ``drunk``: draw ``drunk`` (names, without
        repetition) among the seats — 身代わりくん included — whose role is neither 村人 nor 花見客."""
        k = len(ctx.seats_of(Hanami)) + (1 if ctx.settings.on("drunk") else 0)
        if not k:
            return []
        pool = [s for s in ctx.seats() if not ctx.identity(s).is_a(Villager) and not ctx.identity(s).is_a(Hanami)]
        return ctx.draw_seats("drunk", pool, k, shorter=True)

    @on(PhaseOpened)
    def wake(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK and ctx.day >= 3:
            ctx.tell(me.seat, WOKE, player=me.seat)
            ctx.remove(me)
            ctx.dusk_hook(me.seat)  # skipped while drunk, it runs on the night it wakes (settled here)


# ---------------------------------------------------------------------- 配信者 and its listeners

STREAMER_ROLES = ("Diviner", "Liar", "PI", "Forensic", "Ninja", "Synesthete", "Guard", "Spellcaster", "Priest",
                  "Witch", "Counselor", "Cosplayer", "MementoDisposer", "Interpreter")
"""The draw ``streamer role``: the nightly roles a 配信者 may try (uniform)."""

LISTENING = Message.declare("listening", "{player}は{target}の視聴者になりました。",
                            "{player} became a listener of {target}'s stream.")
TRYING = Message.declare("trying", "{player}は今夜は{role}をやってみることにしました。",
                         "{player} will try being a {role} tonight.")
AUDIENCE = Message.declare("audience", "{player}の視聴者は{count}人です。", "{player} has {count} listeners alive.",
                           relayed=False)  # V2.2: the 配信者 sees only how many listeners live (its own notice)
RETIRED = Message.declare("retired", "{player}は視聴者がいなくなり引退して村人になりました。",
                          "{player} has no listeners left: it retires and becomes a 村人 (Villager).")


def stream(seat: Seat) -> str:
    """The night chat that is ``seat``'s stream (V2.1.8b)."""
    return f"stream-{seat}"


@dataclass
class StreamerMemory:
    started: bool = False  # its listeners were drawn (its first dusk)
    nightly: Layer | None = None  # tonight's role, an extra role replaced at each dusk


@role
class Streamer(Role):
    """配信者: at its first dusk ⌊n/4⌋ seats become its listeners (draw ``listeners`` among the living seats
    other than it and 身代わりくん), each told 「{X}は{name}の視聴者になりました。」; a listener knows it, reads
    its stream (its night talk) and every notice told to it from then on; the 配信者 is told only how many
    listeners live (「{name}の視聴者は{count}人です。」, at that dusk and each later one it streams). At each later dusk at which it
    lives: a listener of it lives → a fresh nightly role, draw ``streamer role``, in place of the last
    (「{name}は今夜は{role}をやってみることにしました。」, its dusk hook runs); none → it retires, becoming 村人.
    A reviver while alive."""

    card_ja = ("配信者: 最初の夜に、参加者の4分の1の人数が視聴者になります。夜の会話は配信になり、視聴者が読めます。"
               "視聴者は配信者に届く通知も読めます（配信者にわかるのは生きている視聴者の人数だけです）。"
               "2日目の夜からは毎晩ランダムな役職（占い師・狩人・魔女など）をその夜だけ演じます。"
               "視聴者が全員死ぬと引退して村人になります。")
    card_en = ("Streamer: at its first dusk a quarter of the seats become its listeners. Its night talk is a stream "
               "its listeners read, and they read every notice it is told (it only learns how many listeners are "
               "alive). From night 2, each night it plays a role drawn at random (a seer, a bodyguard, a witch …) "
               "for that night. When no listener is left alive it retires and becomes a 村人 (Villager).")

    closes_heaven = "alive"  # V2.1.10

    Memory = StreamerMemory

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({stream(me.seat)})

    def relays(self, ctx: Context, me: Layer) -> frozenset[Seat]:
        return frozenset(s for s in ctx.seats() if any(
            layer.role is Listener.declaration and layer.source == me.seat for layer in ctx.identity(s).extras()))

    @on(PhaseOpened)
    def dusk(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK:
            return
        memory: StreamerMemory = me.memory
        if not memory.started:
            memory.started = True
            pool = [s for s in ctx.living() if s != me.seat and s != ctx.scapegoat]
            drawn = ctx.draw_seats("listeners", pool, ctx.n // 4)
            for seat in drawn:
                ctx.grant(seat, Listener.id, source=me.seat)
                ctx.tell(seat, LISTENING, player=seat, target=me.seat)
            ctx.tell(me.seat, AUDIENCE, player=me.seat, count=len(drawn))
            return
        if memory.nightly is not None:
            ctx.remove(memory.nightly)
            memory.nightly = None
        audience = sum(ctx.alive(s) for s in self.relays(ctx, me))
        if audience:
            ctx.tell(me.seat, AUDIENCE, player=me.seat, count=audience)
            role_id = ctx.draw("streamer role", STREAMER_ROLES)
            memory.nightly = layer = ctx.add_role(me.seat, role_id)
            ctx.tell(me.seat, TRYING, player=me.seat, role=role_id)
            for handler in layer.role.reactions.get(PhaseOpened, ()):  # its dusk hook, now (V2.1.7)
                handler(layer.role, ctx, layer, event)
        else:
            ctx.tell(me.seat, RETIRED, player=me.seat)
            ctx.change_role(me.seat, "Human", layer=me)


@sub_role("Listener", "視聴者")
class Listener(Role):
    """A 配信者's listener (V2.1.8b; its seat ``source``): knows its 配信者, reads its stream while alive and
    every notice told to it; it stops at a dusk at which it lives and that seat no longer holds 配信者."""

    card_ja = "視聴者: 配信者を知っています。配信者の夜の配信と、配信者に届く通知を読めます。"
    card_en = ("Listener: you know the 配信者 (Streamer) you listen to; you read its night stream and every "
               "notice it is told.")

    told = True

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:  # while that seat streams (a dead listener
        # keeps its layer, V2.1.8b, but not a label its 配信者 no longer holds)
        return {me.source: Streamer.id} if me.source is not None and ctx.identity(me.source).is_a(Streamer) else {}

    def listened(self, me: Layer) -> frozenset[str]:
        return frozenset({stream(me.source)}) if me.source is not None else frozenset()

    @on(PhaseOpened)
    def tune_out(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK and (me.source is None or not ctx.identity(me.source).is_a(Streamer)):
            ctx.remove(me)
