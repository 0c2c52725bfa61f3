"""村人系 (村人陣営, classic-werewolf §8, V1.2): the village's first roles — 村人, 占い師, 霊能者, 狩人 and
the other roles of §8 — with the layers they give (聖職者's protection, 商人's kits), 狂人狼, おばけ, the
共有者's chat's 御子 and 通訳, and 仮装者, 聖痕者, 転生者 (V2.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.abilities import Once, Param, ParamKind
from jinrou.classic.catalog import Team
from jinrou.classic.events import (
    AttackedAt,
    BurialPass,
    Died,
    NightResolves,
    PhaseOpened,
    Targeted,
    Threat,
    on,
)
from jinrou.classic.identity import LayerKind
from jinrou.classic.model import Action, Blocked, Cause, Count, Fortune, Message, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, Shown, mark, role, sub_role
from jinrou.classic.roles.common import (
    ONI_DEATH,
    BlasphemyProof,
    Bodyguarding,
    Divining,
    GuardMemory,
    LastShot,
    Mediumship,
    OnceMemory,
    Protection,
    Villager,
    alive_for_win,
    guard_dusk,
    knows_wolves,
    poison,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.events import Threat
    from jinrou.classic.identity import Identity, Layer


@role
class Human(Villager):
    """村人: no ability."""

    card_ja = "村人: 能力はありません。"



@role
class Diviner(Divining):
    """占い師: divines a seat each night (required); a 妖狐 dies of it. With
    ``firstnightdivine=auto`` night 1's target is drawn among the other seats (身代わりくん aside)
    that read 村人, 妖狐系 but 子狐 excluded."""

    card_ja = ("占い師: 毎晩ひとりを占います（必須）。占われた妖狐は呪殺されます。部屋の設定「初日白通知」が"
               "あるときは、1日目の夜の占い先が、占い結果が村人になる他の席（身代わりくんと子狐以外の妖狐系を除く）"
               "から選ばれます。")
    card_en = ("Seer: divines a seat each night (required); a 妖狐 dies of it. With the room setting “first-night "
               "divination: a random human”, night 1's seat is chosen at random among the other seats (not the "
               "身代わりくん, the scapegoat) that would be divined 村人 (human), leaving out the foxes but not a "
               "子狐 (Tiny Fox).")



@role
class Psychic(Mediumship):
    """霊能者: the psychic result of each seat executed that day, at the next dawn
    (``psychicresult=sunset``: that dusk)."""

    card_ja = "霊能者: その日に処刑された人の霊能結果を、翌朝に知ります（霊能結果=夕方: その日の夕方）。"



@role
class Guard(Bodyguarding):
    """狩人: protects a seat each night from night 2 (night 1 too with ``scapegoat=off``)."""

    card_ja = "狩人: 2日目の夜から毎晩ひとりを護衛します（身代わりくんなしでは1日目の夜も）。"



class WanderingProtection(Protection):
    """風来狩人's guard: never on night 1."""

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2


GUARD_BANNED = Message.declare("guard banned", "{target}はもう護衛できません", "You can never again protect {target}.")


@role
class WanderingGuard(Role):
    """風来狩人: as 狩人 but never on night 1; after a dawn with no death at all it can never again
    protect the seat it protected that night (told)."""

    card_ja = ("風来狩人: 狩人と同じですが、1日目の夜は護衛できません。誰も死ななかった朝の後は、"
               "その夜に護衛した人を二度と護衛できません（通知あり）。")

    death_resistance = True  # V2.1.12
    guard_role = True  # V2.1.12

    abilities = (WanderingProtection(),)
    Memory = GuardMemory

    @on(PhaseOpened)
    def phase(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        memory: GuardMemory = me.memory
        if event.moment is Moment.DUSK:
            guard_dusk(me)
        elif memory.tonight is not None and ctx.night_deaths() == 0:
            memory.banned.append(memory.tonight)
            ctx.tell(me.seat, GUARD_BANNED, target=memory.tonight)


@role
class Couple(Role):
    """共有者: knows the other 共有者; they share a night chat."""

    card_ja = "共有者: もうひとりの共有者を知っています。夜は共有者どうしで話せます。"
    card_en = "Mason: knows the other 共有者 (Masons); they talk at night in the Masons chat."


    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: self.id for s in ctx.seats_of(Couple, exclude=me.seat)}

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.COUPLE})


@role
class Twin(Role):
    """双子: knows the other 双子 (no chat); dies (後追い) at a burial where a 双子 is dead."""

    card_ja = "双子: もうひとりの双子を知っています（チャットはありません）。双子が死んだ埋葬で後を追って死にます。"

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: self.id for s in ctx.seats_of(Twin, exclude=me.seat)}

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if any(not ctx.alive(s) for s in ctx.seats_of(Twin, exclude=me.seat)):
            ctx.follow(me.seat, "twin")


@role
class Poisoner(Role):
    """埋毒者: whoever kills it (or a random seat) dies of its poison."""

    card_ja = "埋毒者: 自分を殺した人（またはランダムなひとり）を毒で道連れにします。"

    deadly_weapon = True  # V2.1.12

    @on(Died)
    def poison(self, ctx: Context, me: Layer, event: Died) -> None:
        poison(ctx, me.seat, event.cause, event.source)


class CatRevival(Ability):
    """猫又's revival: from night 2, optional, level 100, a dead seat; one draw: 1 in 20 a random
    other already-announced dead seat revives instead (none: nothing), 4 in 20 the target revives."""

    verb = Verb.REVIVE
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.dead() if not ctx.died_suddenly(s)]

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        luck = ctx.draw("cat revival", ["other", "target", "none"], weights=[1, 4, 15])
        if luck == "other":
            # any other announced dead seat, as the reference draws; a sudden death's stays dead
            others = [s for s in ctx.announced_dead() if s != target]
            if others:
                ctx.revive(ctx.draw_seat("cat revives instead", others))
        elif luck == "target":
            ctx.revive(target)


@role
class Cat(Role):
    """猫又: poisons as 埋毒者; may try to revive a dead seat each night from night 2; while dead it
    tries on itself every night."""

    card_ja = ("猫又: 埋毒者と同じく毒を持ちます。2日目の夜から毎晩、死者ひとりの蘇生を試せます。"
               "死んでいる間は毎晩自分の蘇生を試みます。")

    deadly_weapon = True  # V2.1.12

    abilities = (CatRevival(),)
    closes_heaven = "in game"

    @on(Died)
    def poison(self, ctx: Context, me: Layer, event: Died) -> None:
        poison(ctx, me.seat, event.cause, event.source)

    @on(NightResolves)
    def while_dead(self, ctx: Context, me: Layer, event: NightResolves) -> None:
        if ctx.day >= 2 and not ctx.died_suddenly(me.seat):
            ctx.act_while_dead(Action(me.seat, Verb.REVIVE, (me.seat,)), me)


@role
class Hunter(LastShot):
    """ハンター: on any death but a sudden one it takes a last shot (§5.5)."""

    card_ja = "ハンター: 突然死以外で死ぬと、最期にひとりを撃ちます。"


@role
class Noble(Role):
    """貴族: a wolf attack that would kill it while a 奴隷 lives kills every living 奴隷 instead
    (unguardable; their cause is the wolf attack)."""

    card_ja = ("貴族: 奴隷が生きている間に人狼に襲われると、代わりに生きている奴隷が全員死にます（護衛できません。"
               "死因は人狼の襲撃）。")

    death_resistance = True  # V2.1.12

    blocks_as = Blocked.SUBSTITUTE

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        slaves = ctx.seats_of(Slave, living=True)
        if threat.cause is not Cause.ATTACK or not slaves:
            return False
        for slave in slaves:
            ctx.kill(slave, Cause.ATTACK, threat.source, guardable=False)
        return True

    def attribute(self, ctx: Context, me: Layer, name: str) -> bool:
        """V2.1.12: its death resistance holds while a 奴隷 lives."""
        return super().attribute(ctx, me, name) and (name != "death_resistance" or bool(ctx.seats_of(Slave, living=True)))


@role
class Slave(Role):
    """奴隷: knows the 貴族; wins iff team Human wins and no 貴族 lives."""

    card_ja = "奴隷: 貴族を知っています。村人陣営が勝ち、貴族が生きていなければ勝利します。"
    card_en = "Slave: knows the 貴族 (Noble); wins if the village wins and no 貴族 is alive."

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: "Noble" for s in ctx.seats_of(Noble)}

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN and not ctx.seats_of(Noble, living=True)


@role
class ApprenticeSeer(Role):
    """見習い占い師: in a burial where a 占い師 is dead, or no seat is a 占い師, it becomes 占い師
    (told) — every apprentice after a 占い師's death; with none cast, only the first."""

    card_ja = ("見習い占い師: 占い師が死んでいるか、占い師がいない埋葬のときに占い師になります（通知あり）。"
               "占い師が死ねば見習いは全員、占い師が配役されていなければ最初のひとりだけです。")


    @on(BurialPass)
    def succeed(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        seers = ctx.seats_of(Diviner)
        if not seers or any(not ctx.alive(s) for s in seers):
            ctx.change_role(me.seat, Diviner.id, layer=me)


class HolyGift(Ability):
    """聖職者's blessing: once, any night, optional, level 69: another seat is protected until used."""

    verb = Verb.PROTECT
    level = 69
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.used

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.used)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.grant(ctx.aimed(action.targets[0]), "HolyProtection", source=action.seat)


@role
class Priest(Role):
    """聖職者: once, it gives another seat a holy protection against any death but a sudden one."""

    card_ja = "聖職者: 一度だけ、他のひとりに、突然死以外のどんな死からも守る加護を与えます。"

    death_resistance = True  # V2.1.12

    abilities = (HolyGift(),)
    Memory = OnceMemory


HOLY_PROTECTION_USED = Message.declare("holy protection used", "聖職者の加護があなたを守りました", "A holy protection saved your life.")


@mark("Holy protection", "聖職者の加護")
class HolyProtection(Role):
    """Saves the seat once from any death but a sudden one (§5.2 step 3); the seat is told."""

    card_ja = "聖職者の加護: 突然死以外の死から一度だけ守られます（通知あり）。"
    card_en = "Holy protection: saves the seat once from any death but a sudden one; the seat is told."

    blocks_as = Blocked.HOLY

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if ctx.identity(me.seat).role.unshielded:  # V2.1.3: never protects it, and is not used up
            return False
        ctx.remove(me)
        ctx.tell(me.seat, HOLY_PROTECTION_USED)
        return True


@dataclass
class FugitiveMemory:
    hiding: Seat | None = None  # tonight's host
    caught: bool = False  # it died (or was doomed) at its host's tonight
    night: int = 0  # the night it chose ``hiding`` (a sealed seat skips the dusk hook that clears it: W.1.3)
    dusked: bool = False  # its dusk hook has run (before, as while drunk from the start, it is not at home: away)


class Hide(Ability):
    """逃亡者's hiding place: each night from 2 (1 with ``scapegoat=off``), required, level 95."""

    verb = Verb.HIDE
    level = 95

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= (1 if ctx.settings["scapegoat"] == "off" else 2)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.hiding, me.memory.night = action.targets[0], ctx.day

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        host = ctx.aimed(action.targets[0])
        if not ctx.alive(host):  # a host dead by sudden death is harmless (reference: `!pl.dead`)
            return
        identity = ctx.identity(host)
        counts = identity.counts()
        if counts is Count.WOLF and identity.team() is not Team.HUMAN:
            Fugitive.caught(ctx, me, Cause.ATTACK, host)
        elif identity.vampire_role():  # a ヴァンパイア (a ドラキュラ host bites it instead, T.6)
            Fugitive.caught(ctx, me, Cause.VAMPIRE, host)


@role
class Fugitive(BlasphemyProof):
    """逃亡者: hides at another seat each night; survives attacks on itself, but dies if its host
    is a wolf not of team Human, a ヴァンパイア, or attacked. Wins iff team Human wins and it lives."""

    card_ja = ("逃亡者: 毎晩、他の人の家に逃げ込みます。自分への襲撃では死にませんが、"
               "逃げ込んだ先が村人陣営でない人狼・ヴァンパイアだったり、襲撃されたりすると死にます。村人陣営が勝ち、"
               "生き残れば勝利します。")
    card_en = ("Fugitive: each night it hides at another seat; an attack on itself misses it, but it dies if its "
               "host is a wolf not on the village team, a ヴァンパイア (Vampire), or attacked. It wins if the "
               "village wins and it is alive.")

    death_resistance = True  # V2.1.12

    abilities = (Hide(),)
    Memory = FugitiveMemory
    blocks_as = Blocked.ESCAPE

    @staticmethod
    def caught(ctx: Context, me: Layer, cause: Cause, source: Seat | None) -> None:
        me.memory.caught = True
        ctx.kill(me.seat, cause, source, guardable=False)

    @on(PhaseOpened)
    def dusk(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK:
            me.memory.hiding, me.memory.caught, me.memory.dusked = None, False, True

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        memory: FugitiveMemory = me.memory
        away = (memory.hiding is not None and memory.night == ctx.day) or not memory.dusked  # drunk from the start: never home
        return threat.cause in (Cause.ATTACK, Cause.VAMPIRE, ONI_DEATH) and away and not memory.caught

    @on(AttackedAt)
    def host_attacked(self, ctx: Context, me: Layer, event: AttackedAt) -> None:
        if ctx.alive(me.seat) and me.memory.hiding == event.host and me.memory.night == ctx.day:
            self.caught(ctx, me, event.cause, event.source)  # the attacker behind it (V2.1.4: 家政婦)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN and alive_for_win(ctx, me.seat)  # T.1.4


class Raising(Ability):
    """魔術師's raising: each night from 3 while a seat is dead, required, level 100: a dead seat
    revives with probability 3/10 (身代わりくん 6/10)."""

    verb = Verb.REVIVE

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 3

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.dead() if not ctx.died_suddenly(s)]

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        chance = 6 if target == ctx.scapegoat else 3
        if ctx.draw("magician revival", [True, False], weights=[chance, 10 - chance]):
            ctx.revive(target)


@role
class Magician(Role):
    """魔術師: from night 3, while a seat is dead, it must try to raise one each night."""

    card_ja = "魔術師: 3日目の夜から、死者がいる間は毎晩ひとりの蘇生を試みなければなりません。"

    abilities = (Raising(),)
    closes_heaven = "alive"


KIT = Verb.declare("kit", Param("kit", ParamKind.ROLE, ("Diviner", "Psychic", "Guard"),
                                names=(("占いセット", "a seer kit"), ("霊能セット", "a medium kit"),
                                       ("狩人セット", "a bodyguard kit"))), label=("発送", "send a kit"))
"""商人's delivery: the kit is the role whose abilities it carries, with its words for players."""

KIT_WORDS = {"kit": dict(zip(KIT.params[0].values, KIT.params[0].names, strict=True))}
"""A kit's words in 商人's messages: its verb's (「占いセット」)."""
KIT_SENT = Message.declare("kit sent", "{target}へ{kit}を発送しました", "You sent {kit} to {target}.", words=KIT_WORDS)
KIT_RECEIVED = Message.declare("kit received", "{kit}が到着しました", "You received {kit}.", words=KIT_WORDS)


class SendKit(Ability):
    """商人's delivery: once, from night 2, optional, at once: another living seat gets a
    占い/霊能/狩人セット (that role's abilities as an optional extra role, usable the same night)."""

    verb = KIT
    level = None
    required = False  # its kit (Diviner, Psychic or Guard) is the ``kit`` parameter of its verb

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2 and not me.memory.used

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.used)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True
        target = action.targets[0]
        ctx.grant(target, KIT_LAYERS[str(action.kit)].id, source=action.seat)
        ctx.tell(action.seat, KIT_SENT, target=target, kit=action.kit)
        ctx.tell(target, KIT_RECEIVED, kit=action.kit)


@role
class Merchant(Role):
    """商人: once, it sends another seat a 占い, 霊能 or 狩人 kit."""

    card_ja = "商人: 一度だけ、他のひとりに占い・霊能・狩人のセットを送ります。"

    abilities = (SendKit(),)
    Memory = OnceMemory


@sub_role("Seer kit", "占いセット", LayerKind.EXTRA)
class DivinerKit(Divining):
    """占いセット: 占い師's divination, optional."""

    card_ja = "占いセット: 占い師の占いができます（任意）。"
    card_en = "Seer kit: an extra role: each night you may divine a seat as a 占い師 (Seer) does (optional)."

    told = True


@sub_role("Medium kit", "霊能セット", LayerKind.EXTRA)
class PsychicKit(Mediumship):
    """霊能セット: 霊能者's results."""

    card_ja = "霊能セット: 霊能者の霊能結果を知ります。"
    card_en = "Medium kit: an extra role: you learn the 霊能者's (Medium's) results, as it does."

    told = True


@sub_role("Bodyguard kit", "狩人セット", LayerKind.EXTRA)
class GuardKit(Bodyguarding):
    """狩人セット: 狩人's protection, optional."""

    card_ja = "狩人セット: 狩人の護衛ができます（任意）。"
    card_en = "Bodyguard kit: an extra role: each night you may guard a seat as a 狩人 (Bodyguard) does (optional)."

    told = True


KIT_LAYERS: dict[str, type[Role]] = {"Diviner": DivinerKit, "Psychic": PsychicKit, "Guard": GuardKit}
"""Each value of 商人's ``kit`` to the extra role it gives."""


INFECTION_DEATH = Cause.declare("infection", "感染症", "infected")  # 女王観戦者's death


@role
class QueenSpectator(BlasphemyProof):
    """女王観戦者: known to the village team; on her death every living seat counting human dies
    (感染症)."""

    card_ja = "女王観戦者: 村人陣営に知られています。死ぬと、村人として数えられる生存者が全員死にます（感染症）。"

    deadly_weapon = True  # V2.1.12

    shown = Shown(team=Team.HUMAN)

    @on(Died)
    def infect(self, ctx: Context, me: Layer, event: Died) -> None:
        for s in ctx.living():
            if ctx.identity(s).is_human():
                ctx.kill(s, INFECTION_DEATH, me.seat)


PRINCE = Message.declare("prince", "{player}はプリンスでした。処刑は行われませんでした。",
                         "{player} was the Prince. Nobody is executed today.")


@role
class Prince(Role):
    """プリンス: its first execution is cancelled and announced (a resistance to execution, after a
    holy protection); under ``drawvote=all`` the other tops are still executed."""

    card_ja = "プリンス: 最初の処刑は取り消されて公表され、その日は誰も処刑されません。"

    death_resistance = True  # V2.1.12

    Memory = OnceMemory

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.EXECUTION or me.memory.used:
            return False
        me.memory.used = True
        ctx.tell(None, PRINCE, player=me.seat)
        return True


@role
class MadWolf(Role):
    """狂人狼: team Human but 占 人狼, 霊 人狼 and counts as a wolf; known to the wolves and in their
    chat, immune to their attack; never attacks."""

    card_ja = ("狂人狼: 村人陣営ですが、占い結果も霊能結果も人狼で、人狼として数えられます。人狼に知られ、"
               "人狼のチャットに加わり、人狼に襲われても死にません。襲撃はしません。")
    card_en = ("Mad Wolf: on the village team, but divined and seen by the medium as a werewolf, and counted as a "
               "wolf; known to the wolves and in the Wolves chat; their attack cannot kill it; it never attacks.")

    death_resistance = True  # V2.1.12
    deadly_weapon = True  # V2.1.12

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    counts = Count.WOLF
    immune_to_wolf_attack = True

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.WOLF})


# ---------------------------------------------------------------------- おばけ (group VF); 御子 and 通訳, the
# 共有者's chat (group VE, V1.1.15); 仮装者, 聖痕者, 転生者 (group C, V2.2)


@role
class TinyGhost(Role):
    """おばけ: counts none (neither human nor wolf in the parity, §1, §7), yet is human for the rules
    that ask whether a seat is human (女王観戦者's infection, 誘惑する女狼's seduction), as the reference."""

    card_ja = ("おばけ: 能力はありません。勝敗の人数（人間と人狼の数）には、"
               "人間としても人狼としても数えられません（女王観戦者の感染症と誘惑する女狼の誘惑では人間です）。")
    card_en = ("Tiny Ghost: no ability. It counts neither as a human nor as a wolf when the village checks who wins, "
               "yet it is a human for the 女王観戦者's (Queen Spectator's) infection and the 誘惑する女狼's "
               "(Fascinating Wolf's) seduction.")

    counts = Count.NONE
    human = True


class SaintShown(Shown):
    """御子 is known to the 共有者 (§8: they see it among their partners)."""

    def sees(self, ctx: Context, viewer: Identity) -> bool:
        return viewer.holds(Couple)


MIRACLE = Message.declare("miracle", "{player}は{target}に奇蹟の力を使います。", "{player} uses its miraculous power on {target}.")


class Miracle(Ability):
    """御子's miracle: night 4 only, optional, level 121, a dead seat (never a sudden death's; not
    offered when none is dead): it revives if the 御子, in A, still lives at level 121."""

    verb = Verb.REVIVE
    level = 121
    required = False
    first = 4

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day == 4

    def spent(self, ctx: Context, me: Layer) -> bool:
        return ctx.day > 4

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.dead() if not ctx.died_suddenly(s)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, MIRACLE, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        if ctx.alive(action.seat):
            ctx.revive(ctx.aimed(action.targets[0]))


@role
class Saint(Role):
    """御子: knows the 共有者 and the other 御子, who know it; reads and writes the couple chat. On night
    4 only it may revive a dead seat (「{name}は{target}に奇蹟の力を使います。」), if it is still alive when
    the miracle acts (level 121). A reviver while alive."""

    card_ja = ("御子: 共有者と御子を知っていて、共有者からも知られています。共有者の会話を読み書きできます。"
               "4日目の夜にだけ、死者ひとりを蘇生できます（奇蹟。その時点で御子が生きていれば必ず成功）。")
    card_en = ("Saint: knows the 共有者 (Masons) and the other 御子, who know it; reads and writes the Masons chat. "
               "On night 4 only it may revive a dead seat: 「…に奇蹟の力を使います。」 (it uses its miracle on that "
               "seat); the miracle works if the 御子 is still alive late that night, when it acts. While it lives it "
               "counts as someone who may bring the dead back (for the room setting “the dead see all: unless "
               "someone may come back”).")

    abilities = (Miracle(),)
    shown = SaintShown()
    closes_heaven = "alive"

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: ctx.identity(s).role.id for s in ctx.seats() if s != me.seat and (
            ctx.identity(s).holds(Couple) or ctx.identity(s).holds(Saint))}

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.COUPLE})


@sub_role("Interpreted", "通訳")
class Interpreted(Role):
    """通訳 (通訳's pairing): its seat reads and writes the couple chat for good."""

    card_ja = "通訳: 共有者の会話を読み書きできます（通訳に手配されました）。"
    card_en = ("Interpreted: chosen by a 通訳 (Interpreter): the seat reads and writes the Masons chat for the rest "
               "of the game.")

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.COUPLE})


INTERPRETS = Message.declare("interprets", "{player}は{target}を通訳します。", "{player} will interpret for {target}.")
INTERPRETED = Message.declare("interpreted", "{player}は通訳を手配されました。",
                              "{player} was given an interpreter: you may use the Masons chat.")


class Interpretation(Ability):
    """通訳's pairing: its first night (night 1), required, level 45, two distinct living seats (itself
    allowed): both are interpreted for good (each told), *targeted* at level 45, never redirected.
    Its first night is the first the seat holds it; unused, it stays open (the reference)."""
    # an absorbed one (V1.1.6) is optional and a 運命の子 may become a 通訳: the reference's sunset opens
    # the pairing while no pair was chosen (L11178–11184)

    verb = Verb.PAIR
    label = ("通訳する", "interpret")  # not キューピッド's 「恋人にする」
    level = 45
    arity = 2
    targets_on_submit = False  # both targeted at level 45 (V1.1.14)
    once = Once.GAME

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        for seat in action.targets:
            ctx.emit(Targeted(seat, action.seat, self.verb))
            if not ctx.identity(seat).has(Interpreted.id):
                ctx.grant(seat, Interpreted.id, source=action.seat)
            ctx.tell(action.seat, INTERPRETS, player=action.seat, target=seat)
            ctx.tell(seat, INTERPRETED, player=seat)


@role
class Interpreter(Role):
    """通訳: reads the couple chat (cannot write). On its first night it must choose two living seats
    (itself allowed): from night 2 both read and write the couple chat for good (each told
    「{name}は通訳を手配されました。」)."""

    card_ja = ("通訳: 共有者の会話を読めます（書けません）。最初の夜に生存者ふたり（自分も可）を必ず選び、"
               "その2人は2日目の夜から共有者の会話を読み書きできるようになります。")
    card_en = ("Interpreter: reads the Masons chat (cannot write there). On its first night it must choose two "
               "living seats (itself allowed): from night 2 both read and write the Masons chat for the rest of the "
               "game, and each is told 「通訳を手配されました。」 (an interpreter was arranged for you).")

    abilities = (Interpretation(),)
    listens = frozenset({Chat.COUPLE})


@role
class Disguised(Role):
    """仮装者: appears as a wolf (W.1.12): listed among the wolves told to the wolves, 狂信者, 囁き狂人,
    スパイ, 聴狂人 and スパイⅡ; for every rule a plain 村人 (占 村人, counts human, wolves may attack it)."""

    card_ja = ("仮装者: 村人です。人狼や狂信者・囁き狂人・スパイなど人狼を知る役職には、"
               "人狼のひとりとして見えます（占い結果は村人で、人狼にも襲撃されます）。")
    card_en = ("Disguised: a villager that the wolves, and every role that knows the wolves (狂信者 Fanatic, "
               "囁き狂人 Whispering Madman, スパイ Spy …), see as one of the wolves. For everything else it is a "
               "plain villager: divined 村人 (human), counted as a human, and the wolves may attack it.")

    appears_as_wolf = True


@role
class HolyMarked(Role):
    """聖痕者 (hidden: a host cannot pick it; 闇鍋 casts it): a 村人 under another name, nothing else."""

    card_ja = "聖痕者: 能力のない村人です（闇鍋でのみ登場します）。"
    card_en = "Holy Marked: a villager with no ability (only 闇鍋 casts it; a host cannot pick it)."


REINCARNATED = Message.declare("reincarnated", "{player}は{target}へ転生しました。", "{player} was reincarnated in {target}.")


@role
class Reincarnator(Role):
    """転生者: on its death by any cause but sudden death, one seat revives at once, draw
    ``reincarnation`` (uniform) among the seats dead and announced before this death — not 身代わりくん,
    not a sudden death's, not a 転生者, holding no non-human role (extra roles included); none: nothing.
    Announced after the burial's deaths 「{name}は蘇生しました。」; the end log adds
    「{name}は{target}へ転生しました。」. A reviver always (霊界表示 ``norevive``)."""

    card_ja = ("転生者: 死ぬと（突然死を除く）、それまでに死亡が知らされていた人からランダムにひとりが蘇生します（身"
               "代わりくん、突然死した人、転生者、人外の役職を持つ人を除く）。")
    card_en = ("Reincarnator: a villager. When it dies (but not by sudden death), one seat drawn at random among "
               "those whose deaths were already announced comes back to life (never 身代わりくん, a seat that died "
               "suddenly, another 転生者 or a seat holding a non-human role). The end of the game tells who it was "
               "reincarnated in.")

    closes_heaven = "in game"

    @on(Died)
    def reincarnate(self, ctx: Context, me: Layer, event: Died) -> None:
        if event.cause is Cause.SUDDEN:
            return
        pool = [s for s in ctx.announced_dead() if s != ctx.scapegoat and s != me.seat and not ctx.died_suddenly(s)
                and not ctx.identity(s).holds(Reincarnator)
                and not any(r.catalog.nonhuman for r in ctx.identity(s).held())]
        if not pool:
            return
        target = ctx.draw_seat("reincarnation", pool)
        if ctx.revive(target):
            ctx.note(REINCARNATED, player=me.seat, target=target)
