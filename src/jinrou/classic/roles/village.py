"""Team Human (村人陣営): the 村人系 roles, 狂人狼 and 呪われた者 (classic-werewolf §8)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from jinrou.classic.abilities import Once, Param, ParamKind, When
from jinrou.classic.catalog import Category, Team, catalog_role
from jinrou.classic.events import (
    Announced,
    AttackedAt,
    Bitten,
    BurialPass,
    Countered,
    Daybreak,
    DeadBurialPass,
    Died,
    Divined,
    Executed,
    Guarded,
    Nightfall,
    NightResolves,
    PhaseOpened,
    Targeted,
    Threat,
    on,
)
from jinrou.classic.identity import Expiry, LayerKind
from jinrou.classic.model import (
    Action,
    Blocked,
    Cause,
    Count,
    Fortune,
    GuardKind,
    Moment,
    PsychicResult,
    Seat,
    Verb,
)
from jinrou.classic.role import Ability, Chat, LevelHook, Role, Shown, declared, mark, role, sub_role
from jinrou.classic.roles.common import (
    DOG_DEATH,
    TRAP_DEATH,
    Absolute,
    Bodyguarding,
    Divination,
    Divining,
    Gamble,
    Guarding,
    GuardMemory,
    LastShot,
    Mediumship,
    OnceMemory,
    PlaceMark,
    Protection,
    PsychicMemory,
    Villager,
    guard_dusk,
    knows_wolves,
    poison,
)

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Identity, Layer


@role
class Human(Villager):
    """村人: no ability."""

    card_ja = "村人: 能力はありません。"

    name_en = "Villager"


@role
class Diviner(Divining):
    """占い師: divines a seat each night (required); a 妖狐 dies of it. With
    ``firstnightdivine=auto`` night 1's target is drawn among the other seats (身代わりくん aside)
    that read 村人, 妖狐系 but 子狐 excluded."""

    card_ja = ("占い師: 毎晩ひとりを占います（必須）。占われた妖狐は呪殺されます。初日白通知（firstnightdivine=auto）"
               "では、1日目の夜の占い先が、占い結果が村人になる他の席（身代わりくんと子狐以外の妖狐系を除く）"
               "から選ばれます。")
    card_en = ("Seer: divines a seat each night (required); a 妖狐 dies of it. With the room setting “first-night "
               "divination: a random human”, night 1's seat is chosen at random among the other seats (not the "
               "身代わりくん, the scapegoat) that would be divined 村人 (human), leaving out the foxes but not a "
               "子狐 (Tiny Fox).")

    name_en = "Seer"


@role
class Psychic(Mediumship):
    """霊能者: the psychic result of each seat executed that day, at the next dawn
    (``psychicresult=sunset``: that dusk)."""

    card_ja = "霊能者: その日に処刑された人の霊能結果を、翌朝に知ります（霊能結果=夕方: その日の夕方）。"

    name_en = "Medium"


@role
class Guard(Bodyguarding):
    """狩人: protects a seat each night from night 2 (night 1 too with ``scapegoat=off``)."""

    card_ja = "狩人: 2日目の夜から毎晩ひとりを護衛します（身代わりくんなしでは1日目の夜も）。"

    name_en = "Bodyguard"


class WanderingProtection(Protection):
    """風来狩人's guard: never on night 1."""

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2


@role
class WanderingGuard(Role):
    """風来狩人: as 狩人 but never on night 1; after a dawn with no death at all it can never again
    protect the seat it protected that night (told)."""

    card_ja = ("風来狩人: 狩人と同じですが、1日目の夜は護衛できません。誰も死ななかった朝の後は、"
               "その夜に護衛した人を二度と護衛できません（通知あり）。")

    death_resistance = True  # V2.1.12
    guard_role = True  # V2.1.12

    name_en = "Wandering Guard"
    abilities = (WanderingProtection(),)
    Memory = GuardMemory

    @on(PhaseOpened)
    def phase(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        memory: GuardMemory = me.memory
        if event.moment is Moment.DUSK:
            guard_dusk(me)
        elif memory.tonight is not None and ctx.night_deaths() == 0:
            memory.banned.append(memory.tonight)
            ctx.tell(me.seat, "guard banned", target=memory.tonight)


@role
class Couple(Role):
    """共有者: knows the other 共有者; they share a night chat."""

    card_ja = "共有者: もうひとりの共有者を知っています。夜は共有者どうしで話せます。"
    card_en = "Mason: knows the other 共有者 (Masons); they talk at night in the Masons chat."

    name_en = "Mason"

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
    """奴隷: knows the 貴族; wins iff the result is Human and no 貴族 lives."""

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

    name_en = "Apprentice Seer"

    @on(BurialPass)
    def succeed(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        seers = ctx.seats_of(Diviner)
        if not seers or any(not ctx.alive(s) for s in seers):
            ctx.change_role(me.seat, Diviner.id)


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


@dataclass
class FugitiveMemory:
    hiding: Seat | None = None  # tonight's host
    caught: bool = False  # it died (or was doomed) at its host's tonight
    night: int = 0  # the night it chose ``hiding`` (a sealed seat skips the dusk hook that clears it: W.1.3)


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
        elif counts is Count.VAMPIRE:
            Fugitive.caught(ctx, me, Cause.VAMPIRE, host)


@role
class Fugitive(Role):
    """逃亡者: hides at another seat each night; survives attacks on itself, but dies if its host
    is a wolf not of team Human, a ヴァンパイア, or attacked. Wins iff the result is Human and it lives."""

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
            me.memory.hiding, me.memory.caught = None, False

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        memory: FugitiveMemory = me.memory
        return (threat.cause in (Cause.ATTACK, Cause.VAMPIRE) and memory.hiding is not None and not memory.caught
                and memory.night == ctx.day)

    @on(AttackedAt)
    def host_attacked(self, ctx: Context, me: Layer, event: AttackedAt) -> None:
        if ctx.alive(me.seat) and me.memory.hiding == event.host and me.memory.night == ctx.day:
            self.caught(ctx, me, event.cause, event.source)  # the attacker behind it (V2.1.4: 家政婦)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN and ctx.alive(me.seat)


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
"""商人's delivery: the kit is the role whose abilities it carries (the kit's words for players beside it)."""


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
        ctx.grant(target, f"{action.kit}Kit", source=action.seat)
        ctx.tell(action.seat, "kit sent", target=target, kit=action.kit)
        ctx.tell(target, "kit received", kit=action.kit)


@role
class Merchant(Role):
    """商人: once, it sends another seat a 占い, 霊能 or 狩人 kit."""

    card_ja = "商人: 一度だけ、他のひとりに占い・霊能・狩人のセットを送ります。"

    abilities = (SendKit(),)
    Memory = OnceMemory


INFECTION_DEATH = Cause.declare("infection", "感染症", "infected")  # 女王観戦者's death


@role
class QueenSpectator(Role):
    """女王観戦者: known to the village team; on her death every living seat counting human dies
    (感染症)."""

    card_ja = "女王観戦者: 村人陣営に知られています。死ぬと、村人として数えられる生存者が全員死にます（感染症）。"

    deadly_weapon = True  # V2.1.12

    name_en = "Queen Spectator"
    shown = Shown(team=Team.HUMAN)

    @on(Died)
    def infect(self, ctx: Context, me: Layer, event: Died) -> None:
        for s in ctx.living():
            if ctx.identity(s).is_human():
                ctx.kill(s, INFECTION_DEATH, me.seat)


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
        ctx.tell(None, "prince", player=me.seat)
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

    name_en = "Mad Wolf"
    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    counts = Count.WOLF
    immune_to_wolf_attack = True

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.WOLF})


@dataclass
class CursedMemory:
    turns: str | None = None  # the role it becomes after the next vote


@role
class Cursed(Role):
    """呪われた者: survives a wolf (vampire) attack and becomes 人狼 (ヴァンパイア) in the burial after
    the next vote (executions or none); told when the next phase opens."""

    card_ja = ("呪われた者: 人狼（ヴァンパイア）に襲われても死なず、次の投票の後の埋葬で人狼（ヴァンパイア）"
               "になります（処刑があってもなくても）。次の時間帯の初めに知らされます。")

    death_resistance = True  # V2.1.12

    Memory = CursedMemory
    blocks_as = Blocked.CURSE

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause not in (Cause.ATTACK, Cause.VAMPIRE):
            return False
        if me.memory.turns is None:
            me.memory.turns = "Werewolf" if threat.cause is Cause.ATTACK else "Vampire"
        return True

    @on(BurialPass)
    def turn(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        # after the vote, not after non-voters' sudden deaths (reference)
        if me.memory.turns and event.moment is Moment.DAY and event.last:  # V1.1.3: the day's last burial
            ctx.change_role(me.seat, me.memory.turns, told_now=False)


# ---------------------------------------------------------------------- group VF (issue 24): 閻魔 おばけ 忍者 一言主神


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


@mark("FatalStrike", "痛恨")
class FatalStrike(Role):
    """痛恨 (一言主神's, for good; the seat is not told): in each ballot it is a living candidate of, it
    draws ``fatal strike`` (1 in 20) and on true receives 100 more votes (V1.1.2, after the tally)."""

    card_ja = "痛恨: 投票のたびに、生きている候補者なら20分の1の確率で100票を追加で受けます。"
    card_en = ("FatalStrike: 痛恨, left by a 一言主神 (Hitokotonushinokami) for the rest of the game, not told: in "
               "each vote in which the seat is a living candidate, 1 time in 20 it receives 100 more votes (after "
               "the count).")

    def vote_received(self, ctx: Context, me: Layer) -> int:
        return 100 if ctx.draw("fatal strike", [True, False], weights=[1, 19]) else 0


class FatalDivination(Divination):
    """一言主神's 占い: the 占い師's, and its target gets 痛恨 for good (once; never a 絶対狼), before
    the *divined* hook."""

    def effect(self, ctx: Context, action: Action, target: Seat) -> None:
        super().effect(ctx, action, target)
        identity = ctx.identity(target)
        if not identity.is_a(Absolute) and identity.layer(FatalStrike.id) is None:
            ctx.grant(target, FatalStrike.id, action.seat)


@role
class Hitokotonushinokami(Role):
    """一言主神: a 占い師 in every respect (its divination, results, curse, ``firstnightdivine=auto``) but
    not one for "holds 占い師" tests; its target also gets 痛恨 for good."""

    card_ja = ("一言主神: 占い師と同じく毎晩ひとりを占います（必須。妖狐は呪殺され、初日白通知も同じ）。"
               "占った相手には痛恨がずっと付きます（絶対狼を除く。本人には知らされません）。")
    card_en = ("Hitokotonushinokami: a 占い師 (Seer) in every respect — its divination, its results, the fox it "
               "kills, the first-night divination setting — but roles that look for a 占い師 do not find it; each "
               "seat it divines is also struck with 痛恨 (fatal strike) for the rest of the game: in each vote, 1 "
               "time in 20, that seat receives 100 more votes.")

    name_en = "Hitokotonushinokami"
    abilities = (FatalDivination(),)
    first_divination = Divining.first_divination  # the 占い師's own hook (draw `first divination`)


SCOUT = Verb.declare("scout", label=("偵察", "scout"))


class Scouting(Ability):
    """忍者's scouting: each night from 1, required, level 100, another living seat but 身代わりくん (not
    itself: settled here, as §4.1); told at once 「…を偵察しました。」, and at level 100 whether the
    (redirected) target had a night action open tonight (V1.1.11), told by the chosen name."""

    verb = SCOUT
    level = 100

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.living() if s not in (me.seat, ctx.scapegoat)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "scout chosen", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        key = "scout active" if ctx.had_action_open(target) else "scout idle"
        ctx.tell(action.seat, key, player=action.seat, target=action.targets[0])


@role
class Ninja(Role):
    """忍者: scouts a seat each night (required) and learns whether it had a night action open (V1.1.11:
    an optional one counts, a spent once-only one does not)."""

    card_ja = ("忍者: 毎晩、身代わりくん以外の他のひとりを偵察します（必須）。その夜、"
               "相手が夜に行動可能だったかどうかを知ります（任意の能力も数え、使い切った能力は数えません）。")

    abilities = (Scouting(),)
    reads_open_actions = True


EMMA_LINES = {
    "attack": "attack", "greedy": "attack", "tough": "attack", "crafty": "attack",
    "poison": "poison", "witch": "poison", "infection": "infection", "vampire": "vampire", "dog": "dog",
    "trap": "trap", "curse": "curse", "psycho": "psycho", "selfdestruct": "selfdestruct", "assassinate": "assassinate",
    "lover": "lover", "fox": "fox", "twin": "twin", "charm": "charm",
}  # fmt: skip
"""閻魔's line (message ``emma KEY``) per death: by the exact kind kept beside the cause where there is
one (後追い's), else by the cause; a death not here (execution, hunter shot, leave, sudden death, a
kind without a line) gives none (V1.2 Emma, V1.1.12)."""


@role
class Emma(Role):
    """閻魔: at each burial, if alive after its deaths, told one line per death announced there, in
    announcement order, with its exact kind (V1.1.12); none for a curse announced publicly (deadfox)."""

    card_ja = ("閻魔: 埋葬のたびに、生きていれば、そこで発表された死者それぞれの詳しい死因を知ります（処刑・銃殺・失"
               "踪・突然死を除く。後追いは恋人・狐・双子・魅了の別まで。deadfoxで公表される呪殺を除く）。")

    @on(Announced)
    def judge(self, ctx: Context, me: Layer, event: Announced) -> None:
        for seat in event.seats:
            cause = ctx.cause_of_death(seat)
            if cause is None or (cause is Cause.CURSE and ctx.settings.on("deadfox")):
                continue
            line = EMMA_LINES.get(ctx.death_kind(seat) or cause.value)
            if line is not None:
                ctx.tell(me.seat, f"emma {line}", player=seat)

# ---------------------------------------------------------------------------------------------------------
# Group VB (classic-roles-village-1 V1.2): 犬, 罠師, 巫女, タフガイ, 狼憑き


@role
class Lycan(Role):
    """狼憑き: a 村人 whose 占い結果 is 人狼; its 霊能結果 is 村人 and it counts human. Nothing else."""

    card_ja = "狼憑き: 村人です。占い結果は人狼です（霊能結果は村人）。ほかの能力はありません。"

    fortune = Fortune.WEREWOLF


@dataclass
class ToughMemory:
    state: str = ""  # "bitten" by its first resisted wolf attack, "doomed" from the next dawn


class ToughDeath(LevelHook):
    """A doomed seat's death: at level 100 it dies (`attack`); nothing prevents it (no protection,
    resistance, seal or hypnosis). The mark is then spent."""

    level = 100
    resolves_under_seal = True

    def act(self, ctx: Context, me: Layer) -> None:
        ctx.remove(me)
        ctx.die(me.seat, Cause.ATTACK)


@mark("Doomed", "瀕死")
class Doomed(Role):
    """Doomed (タフガイ, not told): it dies at level 100 of the night (:class:`ToughDeath`)."""

    card_ja = "瀕死（タフガイ）: その夜に必ず死にます（人狼の襲撃）。本人には知らされません。"
    card_en = "Doomed: a wounded タフガイ (Tough Guy), not told: it dies that night, as if attacked by the wolves."

    level_hooks = (ToughDeath(),)


@role
class ToughGuy(Role):
    """タフガイ: resists every wolf attack (§5.2 step 4; not a vampire's); the first one bites it
    (not told): it lives through the next day and dies at level 100 of the following night
    (`attack`), whatever protects it."""

    card_ja = ("タフガイ: 人狼の襲撃では死にません（何度でも。ヴァンパイアの襲撃では死にます）。"
               "最初に襲撃されると（通知なし）、翌日は生きていますが、"
               "その次の夜に必ず死にます（護衛・加護・耐性も効きません）。")
    card_en = ("Tough Guy: a wolf attack never kills it outright (a vampire's does). The first wolf attack that "
               "reaches it wounds it, without telling it: it lives through the next day and dies in the following "
               "night, as if attacked, whatever protects it.")

    name_en = "Tough Guy"
    Memory = ToughMemory
    death_resistance = True

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK:
            return False
        if not me.memory.state:
            me.memory.state = "bitten"
        return True

    @on(PhaseOpened)
    def doomed(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        memory: ToughMemory = me.memory
        if event.moment is Moment.DAWN and memory.state == "bitten":
            memory.state = "doomed"
            ctx.grant(me.seat, Doomed.id, me.seat)


PRAY = Verb.declare("pray", label=("祈る", "pray"))


@mark("Miko protection", "巫女の加護", until=Expiry.DUSK)
class MikoProtection(Role):
    """巫女の加護 (V1.1.9c), to the next dusk: stops every death but a sudden one, any number of times,
    silently; asked after guard protection and before 聖職者's protection (which is then kept); an
    execution it stops is W.1.11c's resisted execution."""

    card_ja = "巫女の加護: 次の夕方まで、突然死以外のどんな死にも耐えます（何度でも、通知なし）。"
    card_en = ("Miko protection: 巫女の加護, until the next dusk: stops every death but a sudden one, any number of "
               "times, silently; it acts after a guard's protection and before a 聖職者's (Priest's) protection, "
               "which is then kept; an execution it stops kills nobody and the day goes on.")

    blocks_as = Blocked.HOLY
    resist_rank = 2  # V2.1.3: after a night cover (3), before a shield (1) and 聖職者's protection

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        return not ctx.identity(me.seat).role.unshielded  # V2.1.3: never a 迷える子羊's


class Praying(LevelHook):
    """At level 71 a prayer not yet answered gives its seat 巫女の加護 (and is spent); held back by a
    seal or a hypnosis, it waits for the next night its seat is in A and free (the reference)."""

    level = 71

    def act(self, ctx: Context, me: Layer) -> None:
        ctx.remove(me)
        ctx.grant(me.seat, MikoProtection.id, me.seat)


@mark("Prayer", "祈り")
class Prayer(Role):
    """A 巫女's prayer, from its submission until level 71 of a night its seat is free (:class:`Praying`)."""

    card_ja = "祈り: 巫女の祈りです。能力が封印されていない夜のレベル71で巫女の加護になります。"
    card_en = ("Prayer: a 巫女's (Miko's) prayer; from the middle of the night, if the 巫女 is not sealed, it "
               "protects the 巫女 until the next dusk.")

    level_hooks = (Praying(),)


class Pray(Ability):
    """巫女's prayer: once per game, any night from 1, optional, no target, spent at submission; told
    at once 「{name}が聖なる力で自身を守りました。」; at level 71 it gets 巫女の加護 until the next dusk."""

    verb = PRAY
    level = None  # its effect is the prayer's level hook, at 71
    arity = 0
    required = False
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.grant(action.seat, Prayer.id, action.seat)
        ctx.tell(action.seat, "prayed", player=action.seat)


@role
class Miko(Role):
    """巫女: once, any night, it may pray: from level 71 to the next dusk every death but a sudden one
    misses it, silently (its execution too: the day goes on as after an execution)."""

    card_ja = ("巫女: 一度だけ、夜に祈れます（任意、対象なし）。その夜の途中（レベル71）から次の夕方まで、"
               "突然死以外のどんな死にも耐えます（何度でも、通知なし。処刑されても誰も死にません）。")
    card_en = ("Miko: once in the game, on any night, it may pray (no target). From the middle of that night until "
               "the next dusk no death can take it but a sudden death, and it is not told: executed, nobody dies and "
               "the day goes on as after an execution.")

    abilities = (Pray(),)
    death_resistance = True


ADOPT = Verb.declare("adopt", label=("飼い主を選ぶ", "adopt an owner"))


@dataclass
class DogMemory:
    owner: Seat | None = None  # its owner (not told), chosen on its first night
    night: int = 0  # the night it adopted
    bit: int = 0  # the night it bit


class Adopt(Ability):
    """犬's choice of owner: its first night, required, at once: another living seat (not told)."""

    verb = ADOPT
    level = None

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.owner is None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: DogMemory = me.memory
        memory.owner, memory.night = action.targets[0], ctx.day
        ctx.tell(action.seat, "adopted", player=action.seat, target=action.targets[0])


class DogBite(Ability):
    """犬's bite: each night after its first while the owner lives, optional, level 80, the owner (not
    redirected): it dies (`dog`); no guard stops it, a holy protection, 巫女の加護 and its own
    resistances do. Told at submission 「{name}が{target}を襲撃しました。」; *targeted* after the kill."""

    verb = Verb.BITE
    level = 80
    required = False
    targets_on_submit = False

    def available(self, ctx: Context, me: Layer) -> bool:
        memory: DogMemory = me.memory
        return memory.owner is not None and memory.night < ctx.day and ctx.alive(memory.owner)

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        owner = me.memory.owner
        return [owner] if owner is not None and ctx.alive(owner) else []

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.bit = ctx.day
        ctx.tell(action.seat, "dog bite", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        owner = action.targets[0]
        ctx.kill(owner, DOG_DEATH, action.seat, guardable=False)
        ctx.emit(Targeted(owner, action.seat, self.verb))


class DogGuard(LevelHook):
    """犬's protection (V1.1.9a): each night after its first that it does not bite, level 80, its living
    owner gets a guard protection of 狩人's kind (*guarded*, and *targeted* as a 狩人's)."""

    level = 80

    def act(self, ctx: Context, me: Layer) -> None:
        memory: DogMemory = me.memory
        owner = memory.owner
        if owner is None or memory.night >= ctx.day or memory.bit == ctx.day or not ctx.alive(owner):
            return
        ctx.guard(owner, me.seat)
        ctx.emit(Targeted(owner, me.seat, Verb.GUARD))
        ctx.emit(Guarded(owner, me.seat))


@role
class Dog(Role):
    """犬: 占 人狼, 霊 人狼, counts human. On its first night it must choose another living seat as its
    owner (not told). Each later night, while the owner lives, it may bite the owner to death (`dog`:
    no guard stops it); else it guards the owner as a 狩人 does."""

    card_ja = ("犬: 占い結果・霊能結果は人狼ですが、人間として数えられます。最初の夜に、"
               "他の生存者ひとりを飼い主に選びます（必須、相手には知らされません）。以降の夜は、"
               "飼い主が生きていれば飼い主を襲えます（任意。護衛では防げません）。襲わない夜は、"
               "狩人と同じく飼い主を護衛します。")

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    Memory = DogMemory
    abilities = (Adopt(), DogBite())
    level_hooks = (DogGuard(),)
    death_resistance = True
    deadly_weapon = True


TRAP = Verb.declare("trap", label=("罠を仕掛ける", "set a trap"))


class TrapCheck(LevelHook):
    """罠's check (V1.1.9b), level 100, at the trapped seat's turn if it is in A: every guard protection of
    狩人's kind on it (exposed or not) costs its guard's life (`trap`), and those protections and the
    trap are removed."""

    level = 100
    resolves_under_seal = True  # the trapper's act, not the trapped seat's

    def act(self, ctx: Context, me: Layer) -> None:
        guards = ctx.guards_on(me.seat)
        if not guards:
            return
        ctx.remove(me)
        ctx.unguard(me.seat, me.source)
        for guard in dict.fromkeys(guards):
            ctx.unguard(me.seat, guard)
            ctx.kill(guard, TRAP_DEATH, me.source)


@mark("Trapped", "罠", until=Expiry.DAWN)
class Trapped(Role):
    """A 罠師's trap on a seat, to dawn (not shown): its guard check at 100 (:class:`TrapCheck`); each
    wolf attack it stops (a guard protection of the 罠 kind) kills a uniform random living attacking
    wolf (draw `trap victim`), a vampire attack it stops the vampire (`trap`)."""

    card_ja = "罠: 罠師の罠です（本人には見えません）。朝まで続きます。"
    card_en = ("Trapped: a 罠師's (Trapper's) trap on a seat, until dawn, not shown; it guards the seat. Each wolf "
               "attack it stops kills one living attacking wolf at random; a vampire's attack it stops kills that "
               "vampire.")

    level_hooks = (TrapCheck(),)

    @on(AttackedAt)
    def sprung(self, ctx: Context, me: Layer, event: AttackedAt) -> None:
        if event.host != me.seat or ctx.blocked() is not Blocked.TRAP or not ctx.alive(me.seat):
            return
        if event.cause is Cause.VAMPIRE and event.source is not None:
            ctx.kill(event.source, TRAP_DEATH, me.source)
        elif event.cause is Cause.ATTACK and (wolves := ctx.attackers()):
            ctx.kill(ctx.draw_seat("trap victim", wolves), TRAP_DEATH, me.source)


@dataclass
class TrapMemory:
    last: Seat | None = None  # the seat of its previous trap


class SetTrap(Ability):
    """罠師's trap: each night from 2, required, level 81: a living seat, not itself (unless
    ``guardmyself``), never the seat of its previous trap; told at once 「{name}は{target}を罠で護衛しました。」.
    The (redirected) seat, if alive, holds a protection of the 罠 kind and the trap until dawn (*guarded*)."""

    verb = TRAP
    level = 81
    first = 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        mine = ctx.settings.on("guardmyself")
        last = me.memory.last
        return [s for s in ctx.living() if (mine or s != me.seat) and s != last]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.last = action.targets[0]
        ctx.tell(action.seat, "trap set", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if not ctx.alive(target):
            return
        ctx.guard(target, action.seat, GuardKind.TRAP)
        ctx.grant(target, Trapped.id, action.seat)
        ctx.emit(Guarded(target, action.seat))


@role
class Trapper(Role):
    """罠師: from night 2 it must set a trap on a living seat (never the same twice in a row): until dawn
    a 狩人's kind of guard on that seat dies, and the seat is unprotected; else each wolf or vampire
    attack on it fails and kills a random attacking wolf, or the vampire."""

    card_ja = ("罠師: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ。前回と同じ人は不可）"
               "に罠を仕掛けます（必須）。朝まで、その人を護衛した狩人・風来狩人・狩人セット・犬は罠で死に、"
               "その人は守られません。そうでなければその人への人狼・ヴァンパイアの襲撃は失敗し、"
               "襲撃した人狼からランダムにひとり（またはヴァンパイア）が罠で死にます。")

    Memory = TrapMemory
    abilities = (SetTrap(),)
    death_resistance = True
    deadly_weapon = True
    guard_role = True


# ---------------------------------------------------------------- group VD (village part 1: V1.2)


@role
class SeersMama(Role):
    """予言者のママ: at its first dusk it is told the seats holding 占い師, dead or alive, extra roles and
    kits included (V1.1.6), in seat order: 「{name}は予言者のママです。占い師は{a,b}です。」, or
    「{name}は予言者のママです。占い師はいません。」. Once."""

    card_ja = "予言者のママ: 村人です。最初の夜に、占い師が誰か（死者や占いセットの持ち主も含む）を知ります。"
    card_en = ("Seer's Mama: a villager. At its first dusk it is told who holds 占い師 (Seer), dead or alive, as a "
               "role, an extra role or a seer kit, in seat order — or that there is none. Once.")

    name_en = "Seer's Mama"
    Memory = OnceMemory

    @on(PhaseOpened)
    def seers(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK or me.memory.used:
            return
        me.memory.used = True
        seers = ctx.holding(Divining)
        if seers:
            ctx.tell(me.seat, "seers mama", player=me.seat, seats=seers)
        else:
            ctx.tell(me.seat, "seers mama none", player=me.seat)


@role
class Tarzan(Role):
    """野生児: at each dawn it lives it is told 「{name}は{k}人の人狼の気配を感じました。」, k the living
    seats of a wolf role (V1.1.13) after the night's deaths."""

    card_ja = "野生児: 村人です。生きて朝を迎えるたびに、生きている人狼（人狼系の役職と狂人狼）の人数を知ります。"
    card_en = ("Tarzan: a villager. At each dawn it lives it is told how many werewolves are alive (seats of a wolf "
               "role, the 狂人狼 Mad Wolf included), after the night's deaths: 「…人の人狼の気配を感じました。」 (it "
               "senses N werewolves).")

    @on(PhaseOpened)
    def sense(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DAWN:
            count = sum(1 for s in ctx.living() if ctx.identity(s).wolf_role())
            ctx.tell(me.seat, "tarzan", player=me.seat, count=count)


@dataclass
class BeliefMemory:
    aware: bool = False  # V1.1.5: it has learned its role


def become_aware(ctx: Context, me: Layer) -> None:
    """V1.1.5: the seat learns its real role (told)."""
    me.memory.aware = True
    ctx.tell(me.seat, "role revealed", role=me.role.id)


@role
class Sleepwalker(Role):
    """夢遊病者: believes it is 村人 (V1.1.5). At the start of night 2 the wolves (wolf roles in the wolf
    chat; not 囁き狂人) get 「{a,b}が徘徊しています。」 naming every living 夢遊病者 (none alive: nothing).
    At its first dusk from night 3 on it is told 「{name}は深夜徘徊を自覚しました。」 and learns its role."""

    card_ja = ("夢遊病者: 村人です。3日目以降の最初の夕方まで、自分を村人だと思っています（人狼の占いや霊界、"
               "終了時は夢遊病者と見えます）。2日目の夜、人狼たちには生きている夢遊病者が「徘徊している」"
               "と知らされます。")
    card_en = ("Sleepwalker: a villager that believes it is a 村人 (Villager). At the start of night 2 the wolves "
               "(every wolf in the Wolves chat, not a 囁き狂人) are told which living 夢遊病者 are wandering about: "
               "「…が徘徊しています。」; none alive, nothing. At its first dusk from night 3 on it becomes aware, "
               "「深夜徘徊を自覚しました。」, and learns its role. Until then a 人狼占い (Wolf Diviner), the dead "
               "and the end of the game show it as 夢遊病者.")

    believes = "Human"
    Memory = BeliefMemory

    @on(PhaseOpened)
    def wander(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK:
            return
        if ctx.day == 2:
            walkers = ctx.seats_of(Sleepwalker, living=True)
            if walkers and walkers[0] == me.seat:  # one notice, sent by the first
                wolves = [s for s in ctx.chat_members(Chat.WOLF) if ctx.identity(s).wolf_role()]
                if wolves:
                    ctx.tell(wolves, "sleepwalkers", seats=walkers)
        elif ctx.day >= 3 and not me.memory.aware:
            ctx.tell(me.seat, "sleepwalker aware", player=me.seat)
            become_aware(ctx, me)


@role
class Oracle(Role):
    """預言者: believes it is 村人 until its first oracle (V1.1.5). At each dawn it lives, with L living
    恋人, N other living seats, H and W the parity humans and wolves, F living 妖狐系, A living seats:
    L > 0 → 恋人 if N ≤ 2 (else none: settled here, the reference repeats its previous oracle); else
    H − W ≤ 2 → 妖狐 if F > 0, else 人狼; else W = 1 → 妖狐 if F > 0, else 人狼 if A ≤ 4; otherwise none.
    Told 「{name}に神託が下りました。{恋人|妖狐|人狼}陣営が勝利目前です。」; the first one reveals its role."""

    card_ja = ("預言者: 村人です。最初の神託まで自分を村人だと思っています。生きて朝を迎えるたびに、"
               "恋人・妖狐・人狼の陣営が勝利目前なら神託でそれを知ります。")
    card_en = ("Oracle: a villager that believes it is a 村人 (Villager) until its first oracle. At each dawn it "
               "lives, if a team is close to winning, it gets an oracle naming that team: if lovers live, 恋人 "
               "(Lovers) when at most 2 other seats live, else no oracle; with no lover alive, when the humans "
               "outnumber the wolves by 2 or less, 妖狐 (Foxes) if a fox lives, else 人狼 (Werewolves); else, with "
               "one wolf left, 妖狐 if a fox lives, else 人狼 if 4 seats or fewer live; otherwise no oracle. The "
               "line is 「…に神託が下りました。…陣営が勝利目前です。」 (that team is about to win). The first oracle "
               "reveals its role.")

    believes = "Human"
    Memory = BeliefMemory

    @on(PhaseOpened)
    def oracle(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN:
            return
        living = [ctx.identity(s) for s in ctx.living()]
        lovers = sum(1 for i in living if i.lover)
        humans = sum(1 for i in living if i.counts() is Count.HUMAN)
        wolves = sum(1 for i in living if i.counts() is Count.WOLF)
        foxes = sum(1 for i in living if i.role.category is Category.FOX)
        side = None
        if lovers:
            side = "friend" if len(living) - lovers <= 2 else None
        elif humans - wolves <= 2:
            side = "fox" if foxes else "werewolf"
        elif wolves == 1:
            side = "fox" if foxes else "werewolf" if len(living) <= 4 else None
        if side is None:
            return
        ctx.tell(me.seat, f"oracle {side}", player=me.seat)
        if not me.memory.aware:
            become_aware(ctx, me)


@dataclass
class FateMemory:
    aware: bool = False  # V1.1.5 (a 運命の子 never learns it: it changes role)
    marked: bool = False  # divined: it changes at level 122 if alive
    marked_on: int = 0  # the night it was marked (a mark on a dead seat is dropped at the next dusk)


def human_roles(ctx: Context) -> list[str]:
    """The playable roles of catalog team Human, sorted (運命の子's and 課金者's pools)."""
    return [r for r in ctx.playable() if catalog_role(r).team is Team.HUMAN]


class Destiny(LevelHook):
    """運命の子's change at level 122: marked and alive, it becomes a uniform random role of catalog
    team Human (draw ``fate role``), whose dusk hook runs at once."""

    level = 122

    def act(self, ctx: Context, me: Layer) -> None:
        if not me.memory.marked or not ctx.alive(me.seat):
            return
        new = ctx.draw("fate role", human_roles(ctx))
        ctx.change_role(me.seat, new, told_now=False)
        ctx.tell(me.seat, "fate", player=me.seat, role=declared(new).believes or new)
        ctx.dusk_hook(me.seat)


@role
class Fate(Role):
    """運命の子: believes it is 村人 (V1.1.5). The first *divined* hook on it (占い師, 人狼占い, a 占いセット …)
    marks it; at level 122 that night, if alive, it becomes a uniform random role among the playable
    roles of catalog team Human (draw ``fate role``; 運命の子 itself possible) (V1.1.4), and the new role's
    dusk hook runs at once; told 「{name}は運命の子でした。{role}として生きる覚悟を決めました。」 ({role}: 村人
    for a role that believes it is 村人). The divination reads 村人. Marked but dead at 122: the mark is
    dropped at the next dusk. A living 運命の子 is a reviver (霊界表示 ``norevive``); the changed seat no
    longer is."""

    card_ja = ("運命の子: 村人です。自分を村人だと思っています。初めて占われた夜の終わりに生きていれば、"
               "村人陣営の役職からランダムに選ばれた役職になります（占い結果は村人）。")
    card_en = ("Fate: a villager that believes it is a 村人 (Villager). The first night it is divined (by a 占い師 "
               "Seer, a 人狼占い Wolf Diviner, a seer kit …), if it is alive at the night's end, it becomes a role "
               "drawn at random among the playable roles of the village team (運命の子 itself possible) and takes it "
               "up at once; it is told 「運命の子でした。…として生きる覚悟を決めました。」 (it was the child of fate "
               "and now lives as its new role; a role that believes it is a villager is named 村人). The divination "
               "reads 村人 (human). Divined but dead by the night's end: nothing happens. While it lives (and has "
               "not changed) it counts as someone who may come back, for the room setting “the dead see all: unless "
               "someone may come back”.")

    believes = "Human"
    Memory = FateMemory
    closes_heaven = "alive"
    level_hooks = (Destiny(),)

    @on(Divined)
    def marked(self, ctx: Context, me: Layer, event: Divined) -> None:
        if not me.memory.marked:
            me.memory.marked, me.memory.marked_on = True, ctx.day

    @on(Nightfall)
    def drop(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        """At the next dusk (a dead seat too: :class:`Nightfall` reaches every seat)."""
        if me.memory.marked and ctx.day > me.memory.marked_on:
            me.memory.marked = False


# ---------------------------------------------------------------------- group VE (issue 24): 嘘つき,
# 超常現象研究者, 呪いをかける者, 御子, 通訳 — chats (V1.1.15), 沈黙, divination variants


class LiarDivination(Divination):
    """嘘つき's divination: each night from 1, required, level 100, any other seat, living or dead.
    At its level one draw (``liar divination``): 3 in 10 the true 占い結果 (overlays read), else
    村人↔人狼 inverted (any other word unchanged); told at dawn, even with ``immediate``. No curse, no
    *divined* hook, not obstructable."""

    divination = False
    told_at_once = False

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.seats() if s != me.seat]

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        fortune = ctx.identity(ctx.aimed(action.targets[0])).fortune()
        if not ctx.draw("liar divination", [True, False], weights=[3, 7]):
            fortune = {Fortune.HUMAN: Fortune.WEREWOLF, Fortune.WEREWOLF: Fortune.HUMAN}.get(fortune, fortune)
        ctx.tell_at_dawn(action.seat, "liar divined", target=action.targets[0], result=fortune.value)


@role
class Liar(Role):
    """嘘つき: each night it must divine another seat, living or dead; told at dawn 「あんまり自信ないけど、
    霊能占いの結果、{target}は{result}だと思う。たぶん。」 — the true 占い結果 3 times in 10, else 村人 and 人狼
    swapped. No curse, no obstruction, no auto first divination. Wins iff the result is Human and it is
    alive."""

    card_ja = ("嘘つき: 毎晩、自分以外のひとり（生死を問わず）を必ず占います。結果は朝に届きますが、"
               "10回に3回だけ正しく、それ以外は村人と人狼が入れ替わります（他の結果はそのまま）。呪殺はせず、"
               "邪魔もされません。村人陣営が勝ち、生き残っていれば勝利します。")
    card_en = ("Liar: each night it must divine another seat, living or dead. At dawn it is told "
               "「あんまり自信ないけど、霊能占いの結果、…は…だと思う。たぶん。」 (not too sure, but I think that "
               "seat is …): the true result 3 times in 10, else with 村人 (human) and 人狼 (werewolf) swapped (other "
               "results as they are). It kills no fox and cannot be obstructed; the room setting “first-night "
               "divination: a random human” picks no seat for it. It wins if the village wins and it is alive.")

    abilities = (LiarDivination(),)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN and ctx.alive(me.seat)


class Investigation(Divination):
    """超常現象研究者's divination: once per game, any night from 1, optional, level 100, a living seat
    (itself allowed). It reads the 占い結果 of the target and its two neighbours in seat order
    (circular, dead seats and 身代わりくん included): each non-村人 word once, by last occurrence in
    (target, previous, next). Effects on the target only (a 妖狐 dies, *divined* hook); obstructable
    (W.1.4), an obstructed try not spent (the reference); spent when it reads."""

    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.used

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.used)

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def result(self, ctx: Context, target: Seat) -> str:
        n = ctx.n
        words = [ctx.identity(s).fortune().value for s in (target, (target - 1) % n, (target + 1) % n)]
        found = [w for i, w in enumerate(words) if w != Fortune.HUMAN.value and w not in words[i + 1:]]
        return ",".join(found)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        if ctx.settings["divineresult"] == "immediate":
            me.memory.used = True  # read at once (the reference)
        super().submit(ctx, action, me)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True
        super().resolve(ctx, action, me)

    def tell(self, ctx: Context, action: Action, result: str, now: bool) -> None:
        args: dict[str, object] = {"player": action.seat, "target": action.targets[0]}
        key = "investigated" if result else "investigated human"
        if result:
            args["results"] = result
        if now:
            ctx.tell(action.seat, key, **args)
        else:
            ctx.tell_at_dawn(action.seat, key, **args)


@role
class PI(Role):
    """超常現象研究者: once per game, on any night, it may investigate a living seat (itself allowed) and
    its two neighbours in seat order: told 「{name}が{target}とその両隣を調査したところ、{words}が発見されまし
    た。」 (each result but 村人 once) or 「…、全員村人でした。」. A 妖狐 investigated dies (the target only);
    an obstructed try is not spent. No auto first divination."""

    card_ja = ("超常現象研究者: 一度だけ、夜に生きている人ひとり（自分も可）とその両隣（席順、死者も含む）を調査し、"
               "村人以外の占い結果があればそれを知ります（なければ「全員村人」）。調査した本人が妖狐なら呪殺します。"
               "邪魔された調査は使ったことになりません。")
    card_en = ("Paranormal Investigator: once in the game, on any night, it may investigate a living seat (itself "
               "allowed) and its two neighbours in seat order, dead ones included. It is told every divination "
               "result among them other than 村人 (human), each once — 「…が発見されました。」 — or "
               "「全員村人でした。」 (all three human). If the seat it chose is a 妖狐 (Fox), that fox dies. An "
               "obstructed investigation is not used up. The 初日白通知 setting (first-night white) picks no seat "
               "for it.")

    name_en = "Paranormal Investigator"
    abilities = (Investigation(),)
    Memory = OnceMemory


@mark("Silenced", "沈黙", until=Expiry.DUSK)
class Silenced(Role):
    """沈黙 (呪いをかける者): until the next dusk its seat cannot write the day chat (its vote, will
    and monologue are unaffected)."""

    card_ja = "沈黙: 次の夕方まで昼の会話で発言できません。投票・遺言はできます。"
    card_en = ("Silenced: 沈黙, by a 呪いをかける者 (Spellcaster): until the next dusk the seat cannot write in the "
               "Village chat (its vote, will and monologue are unaffected).")

    silences = True


@dataclass
class SpellMemory:
    chosen: list[Seat] = field(default_factory=list)  # every seat it chose, counted at submission


class Spell(PlaceMark):
    """呪いをかける者's curse: each night from 2, optional, level 100, a living seat it never chose
    before (itself allowed): if the (redirected) target lives at its level it gets 沈黙 until the next
    dusk, told."""

    verb = Verb.declare("silence", label=("呪いをかける", "silence"))
    mark = "Silenced"
    first = 2
    required = False

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in super().targets(ctx, me) if s not in me.memory.chosen]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.chosen.append(action.targets[0])
        ctx.tell(action.seat, "spell cast", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        super().resolve(ctx, action, me)  # 沈黙 on the (redirected) target if it lives
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target):
            ctx.tell(target, "silenced", target=target)


@role
class Spellcaster(Role):
    """呪いをかける者: from night 2 it may curse a living seat it never chose before (itself allowed):
    told 「{target}は呪いをかけられました。昼に発言できません。」, that seat cannot speak in the day chat
    until the next dusk (沈黙)."""

    card_ja = ("呪いをかける者: 2日目以降の夜に、まだ選んだことのない生存者ひとり（自分も可）に呪いをかけられます。"
               "相手は次の夕方まで昼の会話で発言できません（沈黙。投票・遺言はできます）。")
    card_en = ("Spellcaster: from night 2, each night it may curse a living seat it never chose before (itself "
               "allowed). That seat is told 「呪いをかけられました。昼に発言できません。」 (you are cursed and "
               "cannot speak by day) and cannot write in the Village chat until the next dusk (沈黙, silence); it "
               "may still vote and leave a will.")

    abilities = (Spell(),)
    Memory = SpellMemory


class SaintShown(Shown):
    """御子 is known to the 共有者 (§8: they see it among their partners)."""

    def sees(self, ctx: Context, viewer: Identity) -> bool:
        return viewer.holds(Couple)


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
        ctx.tell(action.seat, "miracle", player=action.seat, target=action.targets[0])

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
            ctx.tell(action.seat, "interprets", player=action.seat, target=seat)
            ctx.tell(seat, "interpreted", player=seat)


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


# ---------------------------------------------------------------------- group VC (issue 24): 暗殺者 病人 老人 魔女
# カウンセラー (V1.1.9d assassination reflex, V1.1.10 sick, V1.1.8 更生者, V1.1.16 causes)


@role
class Diseased(Role):
    """病人: when it dies of a wolf attack, the wolves get no attack on the next night (V1.1.10's sick
    mark, told to them at that dusk; it prevails over a 狼の子's bonus: settled here)."""

    card_ja = "病人: 人狼に襲撃されて死ぬと、次の夜は人狼が襲撃できません（人狼に通知。狼の子の追加の襲撃より優先）。"
    card_en = ("Diseased: when a wolf attack kills it, the wolves cannot attack on the next night (they are told so "
               "at that dusk); this also cancels a 狼の子's (Wolf Cub's) extra attack.")

    @on(Died)
    def sicken(self, ctx: Context, me: Layer, event: Died) -> None:
        if event.cause is Cause.ATTACK and event.source is not None and ctx.identity(event.source).attacks:
            ctx.sicken_wolves()


@dataclass
class OldmanMemory:
    day: int = 0  # the last day its age was checked


INFIRM_DEATH = Cause.declare("infirm", "老衰", "old age", public=True,
                             died=("{player}は老衰で死亡しました。", "{player} died of old age."))  # 老人's 老衰, public (V1.1.16)


@role
class Oldman(Role):
    """老人: in each dawn burial it lives (checked once, after the night's deaths are set, before the
    win check), on day d it dies of old age (``infirm``, public) if d > 2 × the living wolf roles
    (V1.1.13); a holy protection still saves it."""

    card_ja = ("老人: 生きて迎える朝ごとに、その日が生存する人狼役職（人狼系・狂人狼）"
               "の数の2倍を超えていれば老衰で死にます（公表されます。聖なる力は効きます）。人狼ひとりなら3日目の朝、"
               "ふたりなら5日目の朝です。")

    name_en = "Old Man"
    Memory = OldmanMemory

    @on(BurialPass)
    def age(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if event.moment is not Moment.DAWN or me.memory.day == ctx.day:
            return
        me.memory.day = ctx.day
        wolves = sum(1 for s in ctx.living() if ctx.identity(s).wolf_role())
        if ctx.day > 2 * wolves:
            ctx.kill(me.seat, INFIRM_DEATH, guardable=False)


ASSASSINATE = Verb.declare("assassinate", label=("暗殺", "assassinate"))


@dataclass
class AssassinMemory:
    used: bool = False  # its assassination has resolved


ASSASSINATE_DEATH = Cause.declare("assassinate", "暗殺", "assassinated")  # 暗殺者's 暗殺 (V1.1.16)


class Assassination(Ability):
    """暗殺: once per game, any night from 2, optional, level 100: another living seat dies
    (``assassinate``; not guardable, resistible) — or, if it declares an assassination reflex p
    (V1.1.9d), w.p. p the 暗殺者 dies instead (drawn even if the target died tonight already). Spent
    when it resolves."""

    verb = ASSASSINATE
    required = False
    first = 2

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.used

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.used)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "assassinate", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.used = True
        target = ctx.aimed(action.targets[0])
        p = ctx.identity(target).role.assassination_reflex
        if p and ctx.draw("assassination reflex", [True, False], weights=[p.numerator, p.denominator - p.numerator]):
            ctx.kill(action.seat, ASSASSINATE_DEATH, target, guardable=False)
        else:
            ctx.kill(target, ASSASSINATE_DEATH, action.seat, guardable=False)


@role
class Assassin(Role):
    """暗殺者: once per game, from night 2, it may assassinate another living seat (unguardable)."""

    card_ja = ("暗殺者: 2日目以降の夜に一度だけ、他の生存者ひとりを暗殺できます（任意）。護衛では防げませんが、"
               "聖なる力や相手の耐性は効きます。暗殺反射を持つ相手では、その確率で代わりに自分が死にます。")

    abilities = (Assassination(),)
    Memory = AssassinMemory
    deadly_weapon = True


POISON = Verb.declare("poison", label=("毒薬", "poison"))


@dataclass
class WitchMemory:
    potions: int = 0  # potions used (two in all)
    revived: bool = False  # its one 蘇生薬 is used
    night: int = 0  # the last night it used one (at most one a night)


class WitchPotion(Ability):
    """A 魔女's potion: from night 2, optional, level 100, spent at submission; two in all, at most one
    a night."""

    required = False
    first = 2

    def available(self, ctx: Context, me: Layer) -> bool:
        memory: WitchMemory = me.memory
        return memory.potions < 2 and memory.night != ctx.day

    def spent(self, ctx: Context, me: Layer) -> bool:
        return me.memory.potions >= 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: WitchMemory = me.memory
        memory.potions, memory.night = memory.potions + 1, ctx.day
        ctx.tell(action.seat, f"witch {self.verb.value}", player=action.seat, target=action.targets[0])


WITCH_DEATH = Cause.declare("witch", "毒薬", "a witch's poison")  # 魔女's 毒薬 (V1.1.16)


class WitchPoison(WitchPotion):
    """毒薬: another living seat dies (``witch``; not guardable; holy protection and resistances apply)."""

    verb = POISON

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.kill(ctx.aimed(action.targets[0]), WITCH_DEATH, action.seat, guardable=False)


class WitchRevival(WitchPotion):
    """蘇生薬 (one at most): a dead seat (never a sudden death's) revives, always."""

    verb = Verb.REVIVE

    def available(self, ctx: Context, me: Layer) -> bool:
        return super().available(ctx, me) and not me.memory.revived

    def spent(self, ctx: Context, me: Layer) -> bool:
        return super().spent(ctx, me) or me.memory.revived

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.dead() if not ctx.died_suddenly(s)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.revived = True
        super().submit(ctx, action, me)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.revive(ctx.aimed(action.targets[0]))


@role
class Witch(Role):
    """魔女: two potions in all (one 蘇生薬 at most), one a night from night 2: 毒薬 kills a living seat,
    蘇生薬 revives a dead one. Alive, it is a reviver (霊界表示)."""

    card_ja = ("魔女: 2日目以降の夜に、薬を合わせて2回まで（1晩に1回、蘇生薬は1回まで）使えます（任意）。毒薬: "
               "他の生存者ひとりが死にます（護衛では防げません）。蘇生薬: 死者ひとりが必ず蘇生します（突然死を除く）"
               "。")
    card_en = ("Witch: from night 2, one potion a night, two potions in the whole game, at most one of them the "
               "蘇生薬: the 毒薬 (poison) kills another living seat (no guard stops it), the 蘇生薬 (revival) brings "
               "a dead seat back to life (not one that died a sudden death). While it lives it counts as someone who "
               "may bring the dead back (for the room setting “the dead see all: unless someone may come back”).")

    abilities = (WitchPoison(), WitchRevival())
    Memory = WitchMemory
    closes_heaven = "alive"
    deadly_weapon = True


@sub_role("Reformed", "更生者")
class Reformed(Role):
    """更生者 (sub-role; shown 「更生者（{role}）」), told: the seat keeps its role, abilities, results
    and parity count, but its team becomes Human and it wins iff the result is Human (V1.1.8, the
    mirror of 狼の子分: the latest team change on top prevails)."""

    card_ja = "更生者（付加役職）: 役職と能力はそのままで、村人陣営になります。村人陣営が勝てば勝利します。"
    card_en = ("Reformed: 更生者 (shown as 「更生者（…）」 around the role), told: the seat keeps its role, "
               "abilities, results and count, but its team becomes the village and it wins if the village wins (the "
               "latest team change prevails).")
    shown_with = ("更生者（{role}）", "Reformed ({role})")

    judge_team = Team.HUMAN
    told = True

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HUMAN


@mark("Counseled", "カウンセリング")
class Counseled(Role):
    """The mark a カウンセラー leaves at level 110 on a seat it noted: at the next dawn, if the seat
    lives and is not of team Human, it becomes 更生者 (told); the mark then ends (the カウンセラー
    may have died meanwhile)."""

    card_ja = ("カウンセリング: カウンセラーに相談された印です。次の朝に生きていて村人陣営でなければ、"
               "更生者になります（通知あり。カウンセラーがその間に死んでいても）。")
    card_en = ("Counseled: a seat a カウンセラー (Counselor) talked to: at the next dawn, if it lives and is not of "
               "the village team, it becomes 更生者 (Reformed) and is told, even if the カウンセラー died meanwhile.")

    @on(PhaseOpened)
    def reform(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN:
            return
        ctx.remove(me)
        if ctx.identity(me.seat).team() is not Team.HUMAN:
            ctx.grant(me.seat, Reformed.id, me.source)
            ctx.tell(me.seat, "reformed", player=me.seat)


COUNSEL = Verb.declare("counsel", label=("カウンセリング", "counsel"))


class Counsel(Ability):
    """カウンセリング: each night from 2, optional, level 110: a living seat (itself allowed). At 110
    the (redirected) target, even dead by then: a wolf role (V1.1.13) not of team Human → the
    カウンセラー dies (``attack``, unguardable); a ヴァンパイア not of team Human → it dies
    (``vampire``); else the target is noted for the next dawn."""

    verb = COUNSEL
    level = 110
    required = False
    first = 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "counsel", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        identity = ctx.identity(target)
        human = identity.team() is Team.HUMAN
        if identity.wolf_role() and not human:
            ctx.kill(action.seat, Cause.ATTACK, target, guardable=False)
        elif identity.vampire_role() and not human:
            ctx.kill(action.seat, Cause.VAMPIRE, target, guardable=False)
        elif identity.counts() is not Count.VAMPIRE:
            ctx.grant(target, Counseled.id, action.seat)


@role
class Counselor(Role):
    """カウンセラー: each night from 2 it may counsel a living seat: one not of team Human becomes
    更生者 at the next dawn, but counseling a wolf role or a ヴァンパイア kills the カウンセラー."""

    card_ja = ("カウンセラー: 2日目以降の夜、生存者ひとり（自分も可）をカウンセリングできます（任意）。"
               "村人陣営でない人は翌朝生きていれば村人陣営の更生者になります。"
               "ただし人狼役職やヴァンパイアをカウンセリングすると自分が死にます。結果は知らされません。")

    abilities = (Counsel(),)


# ---------------------------------------------------------------------- group VA (issue 24): vote weights, executions

ASSIST = Verb.declare("assist", label=("補佐", "assist"))
TROUBLE = Verb.declare("trouble", label=("トラブルを起こす", "stir up trouble"))
DICTATE = Verb.declare("dictate", label=("処刑を宣言", "dictate"))


@role
class King(Role):
    """王様: its votes weigh 1 more (V1.1.2)."""

    card_ja = "王様: 村人の仲間です。投票が1票多く数えられます（2票）。"

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        return 1


@role
class Gambler(Gamble):
    """ギャンブラー: an イカサマ師 of team Human (V1.1.2, W.3). It stocks a vote at each dawn it lives (1 on
    day 2); its votes weigh 0, or, once it bet that day, its whole stock; a day it bet ends with stock 0."""

    card_ja = ("ギャンブラー: 村人の仲間です。生きて朝を迎えるたびに票を1つためます（2日目に1）。普段の投票は0票で、"
               "昼に「賭けに出る」と、その後の投票がためた票すべての重さになり、その日の夕方にためた票は0になります。"
               "投票した後は、その投票では賭けられません。")


@mark("Assisted", "補佐", until=Expiry.DUSK)
class Assisted(Role):
    """補佐 (秘書), to the next dusk, not told: the seat's votes weigh 1 more (V1.1.2)."""

    card_ja = "補佐: 秘書に補佐されました。次の夕方まで、投票が1票多く数えられます。"
    card_en = "Assisted: 補佐 by a 秘書 (Secretary), until the next dusk, not told: the seat's votes count 1 more."

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        return 1


class Assist(PlaceMark):
    """補佐: each night, optional, level 100, another living seat (told 「{name}は{target}を補佐しました。」);
    the (redirected) target, alive then, gets 補佐: its votes of the next day weigh 1 more."""

    verb = ASSIST
    required = False
    mark = "Assisted"
    itself = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(me.seat, "assisted", player=me.seat, target=action.target)


@role
class Secretary(Role):
    """秘書: each night it may assist another living seat (level 100): that seat's votes of the next day
    weigh 1 more (V1.1.2)."""

    card_ja = ("秘書: 村人の仲間です。毎晩、自分以外の生きているひとりを補佐できます（任意）。"
               "補佐された人の次の日の投票は1票多く数えられます（本人には知らされません）。")
    card_en = ("Secretary: on the villagers' side. Each night it may assist another living seat (optional): that "
               "seat's votes of the next day count 1 more (the seat is not told).")

    abilities = (Assist(),)


class Trouble(Ability):
    """トラブル: once per game, any night, optional, no target, spent at submission (told 「{name}は村で
    トラブルを起こしました。」); at level 100 (a sealed or hypnotized one fizzles) the next day gets one
    more execution, announced at its dawn even if the トラブルメーカー died that night (V1.1.3)."""

    verb = TROUBLE
    arity = 0
    required = False
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(me.seat, "trouble", player=me.seat)

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.add_execution("troubled")


@role
class TroubleMaker(Role):
    """トラブルメーカー: once, any night, it stirs up trouble: the next day executes one more seat
    (「トラブルメーカーにより村が混乱しています。今日は{k}人処刑されます。」, V1.1.3)."""

    card_ja = ("トラブルメーカー: 村人の仲間です。一度だけ、夜にトラブルを起こせます（任意）。次の日は処刑が1人増え、"
               "朝に全員へ知らされます（その夜に死んでも有効。能力を封じられていると不発）。処刑のたびに、"
               "まだ処刑が残っていれば、埋葬の後にもう一度投票します。")
    card_en = ("Trouble Maker: on the villagers' side. Once in the game, on any night, it may stir up trouble "
               "(optional): the next day one more seat is executed, and everybody is told at dawn "
               "「トラブルメーカーにより村が混乱しています。今日は…人処刑されます。」 (the village is in chaos: N "
               "seats will be executed today). It works even if the Trouble Maker dies that night, not if it is "
               "sealed. After each execution, while executions remain, the village votes again.")

    abilities = (Trouble(),)


class Dictate(Ability):
    """独裁: once per game, any day, optional, a living seat (itself allowed, as the reference): public
    「独裁者の{name}により、{target}の処刑が宣言されました。」; the day ends at once (its votes void,
    nobody acts any more) and closing it executes the target — a プリンス cancels it — then burial,
    hunters, win check and dusk; the day's remaining executions are dropped (V1.1.1, V1.1.3)."""

    verb = DICTATE
    level = None
    when = When.DAY
    required = False
    once = Once.GAME

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return list(ctx.living())

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        target = action.targets[0]
        ctx.tell(None, "dictated", player=me.seat, target=target)
        ctx.end_day(execute=target, by=me.seat)


@role
class Dictator(Role):
    """独裁者: once, by day, it declares a seat's execution: the seat is executed at once and the day
    ends (V1.1.1)."""

    card_ja = ("独裁者: 村人の仲間です。一度だけ、昼にひとり（自分も可）の処刑を宣言できます。その場で処刑され、"
               "投票は無効になってその日は終わります（残りの処刑もなくなります）。プリンスは処刑を取り消します。")

    abilities = (Dictate(),)


@dataclass
class MonsterMemory:
    seen: list[Seat] = field(default_factory=list)  # the dead it has looked at (each once)


@role
class FrankensteinsMonster(Role):
    """フランケンシュタインの怪物: executed by a ballot, the day gets one more execution (not by a 独裁者,
    V1.1.3). In each burial it lives, it absorbs the role (main role, fresh) of each newly dead seat of
    team Human that is not a フランケンシュタインの怪物, as an extra role (V1.1.6), told 「{name}は{target}
    の死体から{role}の能力を吸収しました。」; its results, count, team and resistances stay its own."""

    card_ja = ("フランケンシュタインの怪物: 村人の仲間です。生きている間、村人陣営の人が死ぬたびに、"
               "その人の役職の能力を吸収します（複数重ねられます。夜の能力はすべて任意。"
               "占い結果・陣営・耐性は村人のまま）。投票で処刑されると、その日の処刑が1人増えます。")
    card_en = ("Frankenstein's Monster: on the villagers' side. While it lives, each time a seat of the village team "
               "dies (not another フランケンシュタインの怪物), it absorbs that seat's role as an extra role, with "
               "fresh abilities (they add up; every night ability is optional), and is told "
               "「…の死体から…の能力を吸収しました。」 (it absorbed that role's abilities from the body). Its "
               "divination result, team, count and resistances stay its own. Executed by a vote (not by a 独裁者 "
               "Dictator), that day one more seat is executed.")

    name_en = "Frankenstein's Monster"
    Memory = MonsterMemory

    @on(Executed)
    def executed(self, ctx: Context, me: Layer, event: Executed) -> None:
        if not ctx.day_ended():  # a ballot's execution, not a 独裁者's
            ctx.add_execution()

    @on(BurialPass)
    def absorb(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        memory: MonsterMemory = me.memory
        if not ctx.alive(me.seat):  # died earlier in this burial (a lover's suicide): it absorbs no more
            return
        for seat in ctx.burying():
            if seat in memory.seen or ctx.alive(seat):
                continue
            memory.seen.append(seat)
            identity = ctx.identity(seat)
            if identity.team() is not Team.HUMAN or identity.is_a(FrankensteinsMonster):
                continue
            ctx.add_role(me.seat, identity.role.id)
            ctx.tell(me.seat, "absorbed", player=me.seat, target=seat, role=identity.role.id)


# ---------------------------------------------------------------------- 課金者 (issue 24): draws when submitted

GACHA = Verb.declare("gacha", Param("kind", ParamKind.CHOICE, ("normal", "premium"),
                                    (("ノーマルガチャ", "normal gacha"), ("プレミアムガチャ", "premium gacha"))),
                     label=("ガチャを引く", "pull the gacha"))
COMMIT = Verb.declare("commit", label=("引き当てた役職に決める", "commit to the role drawn"))

GACHA_ODDS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "normal": ((1, 2, 3, 4, 5), (500, 400, 90, 7, 3)),
    "premium": ((3, 4, 5, 6), (900, 80, 18, 2)),
}
"""Each kind of pull's rarities (★) and their chances in thousandths (V1.2 課金者; the reference's table)."""

GACHA_ROLES: dict[int, tuple[str, ...]] = {
    1: ("Human", "Couple", "Noble", "Slave", "Liar", "Lycan", "Oldman", "TinyGhost", "Twin", "Sleepwalker",
        "Disguised", "Hanami"),
    2: ("Diviner", "Psychic", "Guard", "Magician", "ToughGuy", "ApprenticeSeer", "Diseased", "Dog", "SeersMama",
        "DrawGirl", "Cosplayer", "Reindeer", "Tarzan", "RemoteWorker", "Dreamer", "StraySheep", "DarkPsychic"),
    3: ("Fugitive", "Cursed", "Spellcaster", "Prince", "PI", "OccultMania", "RedHood", "WanderingGuard", "Phantom",
        "Pyrotechnist", "Forensic", "Ninja", "Emma", "HomeComer", "Samurai", "Sacrifice", "Oracle", "Poet",
        "GachaAddicted", "Hitokotonushinokami", "Gambler", "Saint", "MementoDisposer", "HouseKeeper"),
    4: ("Poisoner", "Merchant", "Light", "Cat", "Witch", "Dictator", "Miko", "HolyMarked", "TroubleMaker",
        "FrankensteinsMonster", "SantaClaus", "Baker", "SpiritPossessed", "Hunter", "Idol", "Elementaler", "Fate",
        "Synesthete", "Streamer", "Reincarnator", "Interpreter", "Assassin", "Secretary", "Itako"),
    5: ("QueenSpectator", "MadWolf", "Priest", "Trapper", "Counselor", "BloodyMary", "King", "Illusionist",
        "DragonKnight"),
    6: ("Neet",),
}  # fmt: skip
"""The roles of each rarity (the reference's client lists; its ★6 also names two GM-mode seats, left
out: only playable roles are drawn)."""


def gacha_pool(ctx: Context, rarity: int) -> list[str]:
    """The roles a pull of ``rarity`` may give: the rarity's list among the declared roles (a role
    of a later batch joins its list once declared)."""
    playable = set(ctx.playable())
    return [r for r in GACHA_ROLES[rarity] if r in playable]


@dataclass
class GachaMemory:
    pulls: int = 1  # premium pulls left tonight (P)
    normal: bool = False  # tonight's normal pull is made
    spent: int = 0  # premium pulls made tonight: 課金 −spent on its votes of the next day
    held: str | None = None  # the role its last pull drew tonight
    committed: bool = False  # it commits to ``held``: it becomes that role at level 122


class Gacha(Ability):
    """ガチャ: each night until it commits, optional, no target, at once: ``normal`` once a night, ``premium``
    up to P times (P: its vote's weight in the last ballot of the day before, its own 課金 not counted; 1
    on night 1 or without a vote). A pull draws a rarity (``gacha rarity``) then a uniform role of that
    rarity (``gacha role``); the last role drawn is held until the next dusk. Each premium pull costs its
    votes of the next day 1 (課金, at level 122)."""

    verb = GACHA
    level = None
    arity = 0
    required = False
    targets_on_submit = False
    draws_on_submit = True

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.committed

    def done(self, ctx: Context, me: Layer) -> bool:
        memory: GachaMemory = me.memory
        return memory.committed or (memory.normal and memory.pulls <= 0)

    def values(self, ctx: Context, me: Layer) -> tuple[tuple[str, ...], ...]:
        memory: GachaMemory = me.memory
        return (("normal",) * (not memory.normal) + ("premium",) * (memory.pulls > 0),)

    def note(self, ctx: Context, me: Layer) -> tuple[str, str] | None:
        pulls = me.memory.pulls
        return (f"プレミアムガチャはあと{pulls}回", f"premium pulls left: {pulls}") if pulls > 0 else None

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: GachaMemory = me.memory
        kind = action.param("kind") or "normal"
        rarities, odds = GACHA_ODDS[kind]
        weights = [w if gacha_pool(ctx, r) else 0 for r, w in zip(rarities, odds, strict=True)]
        rarity = ctx.draw("gacha rarity", rarities, weights)
        memory.held = ctx.draw("gacha role", gacha_pool(ctx, rarity))
        if kind == "normal":
            memory.normal = True
        else:
            memory.pulls, memory.spent = memory.pulls - 1, memory.spent + 1
        ctx.tell(me.seat, f"gacha {kind}", player=me.seat, stars="★" * rarity, role=memory.held)


class Commit(Ability):
    """決定: once it holds a drawn role, optional, no target, at once (told 「{name}は引き当てた【{role}】に
    決めました。」); it pulls no more tonight and becomes that role at level 122 if alive then."""

    verb = COMMIT
    level = None
    arity = 0
    required = False
    targets_on_submit = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return me.memory.held is not None and not me.memory.committed

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.committed = True
        ctx.tell(me.seat, "gacha commit", player=me.seat, role=me.memory.held)


class Payday(LevelHook):
    """課金者's level 122: alive, it becomes the role it committed to (V1.1.4: a fresh instance, no dusk
    hook; its actions from the next night), and its premium pulls of the night mark its seat 課金 −k. A
    hypnotized 課金者 resolves to nothing here (W.1.3), as the reference skips its midnight."""

    level = 122

    def act(self, ctx: Context, me: Layer) -> None:
        memory: GachaMemory = me.memory
        if not ctx.alive(me.seat):
            return
        if memory.committed and memory.held is not None:
            ctx.change_role(me.seat, memory.held)
        if memory.spent:
            ctx.grant(me.seat, "GachaSpent").memory.spent = memory.spent


@dataclass
class SpentMemory:
    spent: int = 0


@mark("GachaSpent", "課金", until=Expiry.DUSK)
class GachaSpent(Role):
    """課金 (課金者), to the next dusk, not told: the seat's votes weigh k less, k its premium pulls (V1.1.2)."""

    card_ja = "課金: プレミアムガチャを引いた回数だけ、次の夕方まで投票が少なく数えられます。"
    card_en = ("GachaSpent: 課金 by a 課金者 (Gacha Addict), until the next dusk, not told: the seat's votes count 1 "
               "less for each premium gacha pull.")

    Memory = SpentMemory

    def vote_weight(self, ctx: Context, me: Layer) -> int:
        return -int(me.memory.spent)


@role
class GachaAddicted(Role):
    """課金者: each night until it commits, it may pull the gacha — ``normal`` once a night, ``premium`` up to
    its last vote's weight, each premium pull weighing its next day's votes 1 less — and see at once the
    role drawn (rarity ★1–★6); it may then commit to the last role drawn and becomes it at level 122 (V1.1.4).
    A living 課金者 is a reviver (霊界表示 ``norevive``)."""

    card_ja = ("課金者: 決めるまで毎晩ガチャを引けます。ノーマルガチャは一晩1回、"
               "プレミアムガチャは前日の自分の票数（1日目の夜は1）まで引け、1回ごとに翌日の票が1減ります。"
               "引いた役職（★1〜★6）はすぐにわかり、最後に引いた役職に決めると、"
               "その夜の終わりに生きていればその役職になります。決めなかった役職は翌日の夕方に消えます。")
    card_en = ("Gacha Addict: each night until it commits, it may pull the gacha: the normal gacha once a night, the "
               "premium gacha as many times as its votes weighed on the day before (1 on night 1), each premium pull "
               "making its votes of the next day count 1 less. It sees each role drawn at once (rarity ★1–★6); it "
               "may then commit to the last role drawn, and becomes it at the night's end if alive. The roles not "
               "committed to are gone at the next dusk. While it lives it counts as someone who may come back (for "
               "the room setting “the dead see all: unless someone may come back”).")

    name_en = "Gacha Addict"
    Memory = GachaMemory
    abilities = (Gacha(), Commit())
    level_hooks = (Payday(),)
    closes_heaven = "alive"

    @on(Nightfall)
    def new_night(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        """At each dusk (every seat hears it, sealed or not): P from its last vote's weight with its own 課金
        given back (1 without a vote), and last night's pulls dropped."""
        memory: GachaMemory = me.memory
        weight = ctx.last_vote_weight(me.seat)
        memory.pulls = (1 if weight is None else weight) + memory.spent
        memory.normal, memory.spent, memory.held, memory.committed = False, 0, None, False


# ---------------------------------------------------------------------- group I (batch 3): 法医学者 遺品整理士 闇の霊媒師
# 共感覚者 イタコ パン屋 — readings of attributes (V2.1.12), the ghost (V2.1.13 `ghost`), colors, a dawn hook alive or dead

AUTOPSY = Verb.declare("autopsy", label=("死体を調べる", "examine a body"))
SIFT = Verb.declare("sift", label=("遺品を整理する", "sort belongings"))
CHANNEL = Verb.declare("channel", label=("声を聴く", "listen to the dead"))
SENSE = Verb.declare("sense", label=("色を見る", "see a color"))


class AttributeReading(Ability):
    """A reading of a dead seat's attribute (V2.1.12): each night from 2 while a seat is dead, required,
    level 100, a dead seat; told at once 「``key`` select」; at level 100 whether the (redirected) seat has
    ``attribute`` then (「``key`` yes」/「``key`` no」, naming the chosen seat). Not a divination."""

    attribute: ClassVar[str]
    key: ClassVar[str]
    level = 100
    first = 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.dead()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, f"{self.key} select", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        found = ctx.identity(ctx.aimed(action.targets[0])).attribute(ctx, self.attribute)
        ctx.tell(action.seat, f"{self.key} {'yes' if found else 'no'}", player=action.seat, target=action.targets[0])


class Autopsy(AttributeReading):
    """法医学者's autopsy: each night from 2 while a seat is dead, required, level 100, a dead seat; told at once
    「{name}は{target}の死体を調べました。」, at level 100 whether the (redirected) seat has death resistance then."""

    verb = AUTOPSY
    attribute = "death_resistance"
    key = "autopsy"


class Sift(AttributeReading):
    """遺品整理士's sorting: as the autopsy, reading a deadly weapon: 「{name}は{target}の遺品を整理しました。」, then
    whether a weapon was found."""

    verb = SIFT
    attribute = "deadly_weapon"
    key = "sift"


@role
class Forensic(Role):
    """法医学者: each night from 2 while a seat is dead, it must examine a dead seat (told 「{name}は{target}の
    死体を調べました。」); at level 100 it learns whether that seat has death resistance (V2.1.12) — not a
    divination."""

    card_ja = ("法医学者: 2日目の夜から、死者がいれば毎晩、死者ひとりの死体を調べます（必須）。その夜の終わりに、"
               "その人が死亡耐性（人狼系・狩人・妖狐・タフガイ・巫女など、死を免れうる役職）"
               "を持っていたかがわかります。占いではありません。")
    card_en = ("Forensic Scientist: from night 2, on each night when someone is dead, you must examine one dead "
               "player's body. At the end of the night you learn whether that player could resist death (the "
               "werewolves, the bodyguards, the foxes, the Tough Guy, the Miko and the like). It is not a divination.")

    name_en = "Forensic Scientist"
    abilities = (Autopsy(),)


@role
class MementoDisposer(Role):
    """遺品整理士: 法医学者 in every respect, reading a deadly weapon (V2.1.12) instead: 「{name}は{target}の遺品を
    整理しました。」, then whether a weapon was found."""

    card_ja = ("遺品整理士: 2日目の夜から、死者がいれば毎晩、死者ひとりの遺品を整理します（必須）。その夜の終わりに、"
               "その人の遺品から凶器（人狼系・埋毒者・猫又・ハンター・魔女・暗殺者など、人を殺しうる役職）"
               "が見つかったかがわかります。占いではありません。")
    card_en = ("Memento Disposer: from night 2, on each night when someone is dead, you must sort one dead player's "
               "belongings. At the end of the night you learn whether you found a deadly weapon (the werewolves, the "
               "Poisoner, the Cat, the Hunter, the Witch, the Assassin and the like). It is not a divination.")

    name_en = "Memento Disposer"
    abilities = (Sift(),)


GHOST_DEATH = Cause.declare("ghost", "亡霊の怨念", "a ghost's revenge")  # 闇の霊媒師's 亡霊の怨念 (V2.1.13)


class GhostRevenge(LevelHook):
    """The ghost's revenge (level 100, its seat dead): every living seat whose role is a guard role (V2.1.2d:
    the role only, never an extra role or kit) dies (`ghost`, resistible); the ghost then goes."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        ctx.remove(me)
        if ctx.alive(me.seat):
            return  # brought back before the night: no ghost
        for seat in ctx.living():
            if ctx.identity(seat).attribute(ctx, "guard_role", main_only=True):
                ctx.kill(seat, GHOST_DEATH, me.seat)


@mark("Ghost", "亡霊")
class Ghost(Role):
    """亡霊 (闇の霊媒師), on its own executed seat until the next night's level 100, not told: then every living
    seat whose role is a guard role dies (`ghost`, resistible)."""

    card_ja = ("亡霊: 処刑された闇の霊媒師です（本人には見えません）。次の夜の途中で、"
               "生きている護衛役職の人を全員呪い殺して消えます。")
    card_en = ("Ghost: an executed Dark Psychic, not told: during the next night every living bodyguard (Bodyguard, "
               "Wandering Guard, Trapper and the like) dies of its grudge, and the ghost goes.")

    level_hooks = (GhostRevenge(),)
    hooks_while_dead = True


@dataclass
class HauntMemory(PsychicMemory):
    haunted: bool = False  # it became a ghost once


@role
class DarkPsychic(Mediumship):
    """闇の霊媒師: 霊能者 in every respect. Executed, it turns into a ghost: on the first night after, at level
    100, every living seat whose role is a guard role dies (`ghost`, resistible). Once. With
    ``psychicresult=sunset`` the ghost never acts (the reference's dusk hook of a dead 霊能者 clears it)."""

    card_ja = ("闇の霊媒師: 霊能者と同じく、処刑された人の霊能結果がわかります。処刑されると亡霊になり、次の夜に、"
               "生きている狩人・風来狩人・罠師など護衛役職の人を全員呪い殺します（一度だけ。"
               "霊能結果が夕方に出る設定では何も起きません）。")
    card_en = ("Dark Psychic: a medium — you learn what each executed player was. If you are executed you become a "
               "ghost: on the next night every living bodyguard (Bodyguard, Wandering Guard, Trapper and the like) "
               "dies of your grudge. Once. When the medium's results come at dusk, the ghost does nothing.")

    name_en = "Dark Psychic"
    Memory = HauntMemory
    deadly_weapon = True  # V2.1.12

    @on(Died)
    def haunt(self, ctx: Context, me: Layer, event: Died) -> None:
        memory: HauntMemory = me.memory
        if event.cause is Cause.EXECUTION and not memory.haunted and ctx.settings["psychicresult"] != "sunset":
            memory.haunted = True
            ctx.grant(me.seat, Ghost.id, me.seat)


SYNESTHETE_COLORS = ("赤色", "茶色", "橙色", "小麦色", "黄色", "黄土色", "緑色", "水色", "藍色", "青色", "紫色", "桜色",
                     "金色", "銀色", "灰色")  # fmt: skip
"""共感覚者's colors (draw ``synesthete color``: uniform among those not yet in its map)."""


@dataclass
class ColorMemory:
    colors: dict[str, str] = field(default_factory=dict)  # team id → its color word


class Sensing(Ability):
    """共感覚者's sight: each night from 1, required, level 100, another seat, living or dead; told at once
    「{name}は{target}の色を見ました。」; at level 100 the color of the (redirected) seat's current team (a team
    met for the first time gets a new color, draw ``synesthete color``), naming the chosen seat. Not a
    divination."""

    verb = SENSE
    level = 100

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.seats() if s != me.seat]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "sense select", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: ColorMemory = me.memory
        team = ctx.identity(ctx.aimed(action.targets[0])).team().value
        if team not in memory.colors:
            used = set(memory.colors.values())
            memory.colors[team] = ctx.draw("synesthete color", [c for c in SYNESTHETE_COLORS if c not in used])
        ctx.tell(action.seat, "sense result", player=action.seat, target=action.targets[0], color=memory.colors[team])


@role
class Synesthete(Role):
    """共感覚者: each night it must look at another seat, living or dead, and sees the color of that seat's
    team; it gives each team it meets a color of its own, drawn when first met."""

    card_ja = ("共感覚者: 毎晩、自分以外のひとり（生死を問わず）の色を見ます（必須）。その夜の終わりに、"
               "その人の今の陣営の色がわかります。初めて見た陣営には、"
               "まだ使っていない色がランダムに割り当てられます。占いではありません。")
    card_en = ("Synesthete: each night you must look at another player, living or dead. At the end of the night you "
               "see the color of that player's team; each team you meet for the first time gets a color of its own, "
               "drawn at random. It is not a divination.")

    abilities = (Sensing(),)
    Memory = ColorMemory


@dataclass
class ChannelMemory:
    chosen: Seat | None = None  # the dead seat listened to, for good (the reference never clears it)


class Channel(Ability):
    """イタコ's use: once per game, any night from 2, optional, spent at submission: a dead seat; told
    「{name}は{target}の声に耳を傾けました。」, and its seat gets the 口寄せ mark, whose level hook at 100 gives the
    result (the action itself resolves to nothing)."""

    verb = CHANNEL
    level = 100
    first = 2
    once = Once.GAME
    required = False

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.dead()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "channel select", player=action.seat, target=action.targets[0])
        ctx.grant(action.seat, Channelling.id, action.seat).memory.chosen = action.targets[0]


class Channelled(LevelHook):
    """イタコ's result, at level 100 of the night of its use and of every later night at which it is in A
    and not sealed or hypnotized (the mark was gained before any seal): the (redirected) seat's name and
    role (sub-roles omitted) — as the reference, which never clears the choice."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        target = ctx.aimed(me.memory.chosen)
        ctx.tell(me.seat, "channel result", player=me.seat, target=target, role=ctx.identity(target).role.id)


@mark("Channelling", "口寄せ")
class Channelling(Role):
    """口寄せ (イタコ), on its own seat for good, not told: the dead seat it listens to; at level 100 of each
    night it is in A it is told that seat's role."""

    card_ja = ("口寄せ: イタコが声を聴いた死者です（本人には見えません）。以降、"
               "イタコが生きている夜の終わりには毎回、その人の役職が告げられます。")
    card_en = ("Channelling: an Itako's listening to a dead player, for the rest of the game, not told: at the end "
               "of each night the Itako is alive, it hears that player's role.")

    Memory = ChannelMemory
    level_hooks = (Channelled(),)


@role
class Itako(Role):
    """イタコ: once, from night 2, it may listen to a dead seat: at the end of that night (and of every later
    night it lives) it learns that seat's role."""

    card_ja = ("イタコ: 2日目以降の夜に一度だけ、死者ひとりの声を聴けます（任意）。その夜の終わりに、"
               "その人の役職がわかります（以降も生きている夜の終わりには毎回、その人の役職が告げられます）。")
    card_en = ("Itako: once, from night 2, you may listen to a dead player. At the end of that night (and of every "
               "later night you are alive) you learn that player's role.")

    abilities = (Channel(),)


@dataclass
class BakerMemory:
    mourned: bool = False  # 「…もうおいしいパンが食べられません。」 said since the last living パン屋


@role
class Baker(Role):
    """パン屋: at each dawn, alive or dead, once for all パン屋 (by the first seat holding one): while one
    lives, public 「パン屋がおいしいパンを焼いてくれたそうです。」; at the first dawn at which all are dead, public
    「今日からはもうおいしいパンが食べられません。」, once (again if one came back and all died anew)."""

    card_ja = ("パン屋: 村人です。パン屋が生きている間は毎朝「パン屋がおいしいパンを焼いてくれたそうです。」"
               "と全員に告げられ、全員死んだ最初の朝に「今日からはもうおいしいパンが食べられません。」"
               "と告げられます。")
    card_en = ("Baker: a villager. Every morning while a Baker lives, everyone hears that the baker has baked "
               "delicious bread; on the first morning when all the Bakers are dead, everyone hears there is no more.")

    Memory = BakerMemory

    @on(Daybreak)
    def bake(self, ctx: Context, me: Layer, event: Daybreak) -> None:
        bakers = ctx.holding(Baker)
        first = next(layer for layer in ctx.identity(bakers[0]).layers if isinstance(layer.role, Baker))
        if first is not me:
            return
        memory: BakerMemory = me.memory
        if any(ctx.alive(s) for s in bakers):
            memory.mourned = False
            ctx.tell(None, "baker bread")
        elif not memory.mourned:
            memory.mourned = True
            ctx.tell(None, "baker gone")


EMMA_LINES.update(ghost="ghost")  # V2.1.13: 「{name}は亡霊の怨念に殺されたようです。」


# ---------------------------------------------------------------------- group T (wave 3, village part 2): tricks and
# bites — 奇術師 迷える子羊 赤ずきん 看板娘 家政婦 (V2.1.1 tricked attacks, V2.1.3 night cover, V2.1.4 bitten to death,
# V2.1.10 revival in a burial hook, V2.1.11 an extra execution)

MISDIRECT = Verb.declare("misdirect", label=("襲撃先をすり替える", "misdirect the attack"))
LURE = Verb.declare("lure", label=("身代わりになる", "lure the wolves"))
VISIT = Verb.declare("visit", label=("家を訪れる", "visit"))

COVERED_CAUSES = frozenset({"vampire", "witch", "dog", "hooligan", "dragon", "samurai", "elemental", "oni",
                            "assassinate", "ghost", "deathnote"})
"""The causes (besides a wolf's bite) a night cover stops: the deaths an attacker's own act causes (V2.1.3)."""


class Misdirect(Ability):
    """すり替え: once per game, any night from 2, optional, level 78: a living seat, itself allowed; told at
    once. At 78 tonight's wolf attacks with a target are turned on the chosen seat (not redirected itself)
    and tricked (V2.1.1); a later trick (迷える子羊 at 79) prevails."""

    verb = MISDIRECT
    level = 78
    required = False
    first = 2
    once = Once.GAME

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "misdirect", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.trick_attacks(action.targets[0])


@role
class Illusionist(Role):
    """奇術師: once, from night 2, it may turn that night's wolf attacks on a living seat of its choice
    (itself too): the attack then kills a wolf or a ヴァンパイア and no guard stops it (V2.1.1)."""

    card_ja = ("奇術師: 2日目以降の夜に一度だけ、生存者ひとり（自分も可）を選べます（任意）。"
               "その夜の人狼の襲撃先がその人にすり替わり、その襲撃は護衛や罠では防げず、"
               "人狼やヴァンパイアも死にます。迷える子羊が同じ夜に身代わりになると、そちらが優先されます。")
    card_en = ("Illusionist: once, from night 2, you may choose a living player (yourself too): that night the "
               "werewolves' attack lands on that player instead. Such an attack ignores every guard and trap and "
               "kills even a werewolf or a vampire. If a Stray Sheep lures the wolves the same night, the sheep "
               "prevails.")

    abilities = (Misdirect(),)


@mark("Night cover", "襲撃系無効", until=Expiry.DAWN)
class NightCover(Role):
    """A 迷える子羊's night cover (V2.1.3), until dawn: silently and any number of times it stops the
    deaths an attacker's own act causes — a wolf's bite (tricked too), a vampire attack, 魔女's poison,
    犬, 暴動者, 竜騎士, 侍's counter, 精霊使い, 鬼, 暗殺者, 闇の霊媒師, デスノート — and no other."""

    card_ja = ("襲撃系無効（迷える子羊）: 朝まで、襲撃する者の手による死（人狼の襲撃、ヴァンパイアの襲撃、"
               "魔女の毒薬、暗殺など）を何度でも防ぎます（通知なし）。それ以外の死は防ぎません。")
    card_en = ("Night cover: from a 迷える子羊 (Stray Sheep), until dawn: it silently stops, any number of times, "
               "the deaths an attacker's own act causes (a werewolf or vampire attack, a witch's poison, an "
               "assassination …) and no other.")

    resist_rank = 3  # V2.1.3: after the guards, before 巫女の加護 (2), a shield (1) and 聖職者's protection

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is Cause.ATTACK:
            return ctx.biting(me.seat) is not None
        return threat.cause.value in COVERED_CAUSES


@dataclass
class SheepMemory:
    exposed: int = 0  # the last night it carried a 護衛無効 (its own or another's)
    lured: bool = False  # its lure was submitted
    lured_night: int = 0  # the night its lure took effect (0: not yet)


class Lure(Ability):
    """身代わり: once per game, any night from 2, optional, no target, spent when submitted; told at once.
    It takes effect at level 79 of the first night from then on on which its seat is in A and free
    (:class:`Luring`)."""

    verb = LURE
    level = None
    arity = 0
    required = False
    first = 2
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.lured = True
        ctx.tell(action.seat, "lure", player=action.seat)


class Luring(LevelHook):
    """At level 79 a lure not yet in effect: tonight's wolf attacks with a target are turned on the
    迷える子羊 and tricked (V2.1.1, after 奇術師's 78), and every other living seat gets a night cover until
    dawn (V2.1.3). Held back by a seal or a hypnosis, it waits for the next night."""

    level = 79

    def act(self, ctx: Context, me: Layer) -> None:
        memory: SheepMemory = me.memory
        if not memory.lured or memory.lured_night:
            return
        memory.lured_night = ctx.day
        ctx.trick_attacks(me.seat)
        for seat in ctx.living():
            if seat != me.seat:
                ctx.grant(seat, NightCover.id, me.seat)


@role
class StraySheep(Role):
    """迷える子羊: exposed every other night (at each dusk, dead or alive, it gets a 護衛無効 until the next
    dusk unless it carried one through the night before: nights 1, 3, 5 …); holy protection, 巫女の加護 and
    shields never protect it. Once, from night 2, it may lure the wolves: that night their attacks are
    turned on it, past every guard (V2.1.1), and every other living seat is covered until dawn (V2.1.3);
    from then on it dies at each dawn at which it lives (``attack``, unguardable)."""

    card_ja = ("迷える子羊: 1日おきの夜（1日目、3日目…）に護衛無効になり、"
               "聖職者の加護・巫女の加護・人身御供には守られません。2日目以降の夜に一度だけ、"
               "身代わりになれます（任意、対象なし）。その夜の人狼の襲撃はすべて自分に向き（護衛では防げません）、"
               "他の生存者は朝まで襲撃系の死から守られます。以後、生きて朝を迎えるたびに死亡します。")
    card_en = ("Stray Sheep: every other night (nights 1, 3, 5 …) no guard protects you, and a holy protection, a "
               "Miko's blessing or a Sacrifice never does. Once, from night 2, you may lure the wolves: that night "
               "all their attacks land on you, past every guard, and every other living player is safe until dawn "
               "from the deaths an attacker causes. From then on you die at each dawn you are alive.")

    name_en = "Stray Sheep"
    Memory = SheepMemory
    abilities = (Lure(),)
    level_hooks = (Luring(),)
    unshielded = True

    @on(Nightfall)
    def expose(self, ctx: Context, me: Layer, event: Nightfall) -> None:
        """At each dusk (the dead too, sealed or not): exposed unless it carried a 護衛無効 last night
        (settled here, as the reference's code: such a night ends it and places none)."""
        memory: SheepMemory = me.memory
        if memory.exposed == ctx.day - 1 and ctx.day > 1:
            return
        memory.exposed = ctx.day
        ctx.grant(me.seat, "Exposed", me.seat)

    @on(PhaseOpened)
    def dawn(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DAWN:
            return
        memory: SheepMemory = me.memory
        if any(layer.role.voids_guards for layer in ctx.identity(me.seat).extras()):
            memory.exposed = max(memory.exposed, ctx.day - 1)  # another's exposure (破壊の狂人) shifts the cycle
        if memory.lured_night:
            ctx.kill(me.seat, Cause.ATTACK, guardable=False)


@dataclass
class RedHoodMemory:
    killer: Seat | None = None  # the wolf that bit it to death (V2.1.4), until another death


@role
class RedHood(Role):
    """赤ずきん: bitten to death, it remembers its killer; in every burial in which it is dead and that wolf
    is dead it revives (V2.1.10), announced after that burial's deaths. Any other death clears the memory.
    A reviver (霊界表示 ``norevive``) while alive or while it waits."""

    card_ja = ("赤ずきん: 人狼に噛まれて死ぬと、噛んだ人狼を覚えています。その人狼が死ぬと蘇生します。"
               "ほかの死に方をすると忘れます。")
    card_en = ("Little Red Riding Hood: killed by a werewolf's bite, you remember that werewolf; when it is dead "
               "too, you come back to life. Dying any other way makes you forget it.")

    name_en = "Little Red Riding Hood"
    Memory = RedHoodMemory
    closes_heaven = "while able"

    def still_reviving(self, ctx: Context, me: Layer) -> bool:
        return ctx.alive(me.seat) or me.memory.killer is not None

    @on(Died)
    def forget(self, ctx: Context, me: Layer, event: Died) -> None:
        me.memory.killer = None

    @on(Bitten)
    def remember(self, ctx: Context, me: Layer, event: Bitten) -> None:
        me.memory.killer = event.by

    @on(DeadBurialPass)
    def rise(self, ctx: Context, me: Layer, event: DeadBurialPass) -> None:
        killer = me.memory.killer
        if killer is not None and not ctx.alive(killer) and ctx.revive(me.seat):
            me.memory.killer = None


@role
class DrawGirl(Role):
    """看板娘: bitten to death (V2.1.4), it makes the next day's executions one more, announced at that
    dawn 「{name}は看板娘でした。今日は{k}人処刑されます。」 (V2.1.11, V1.1.3); once per such death."""

    card_ja = "看板娘: 人狼に噛まれて死ぬと、次の朝に看板娘だったことが公表され、その日の処刑人数が1人増えます。"
    card_en = ("Draw Girl: killed by a werewolf's bite, you are revealed the next morning and that day one more "
               "player is executed.")

    name_en = "Draw Girl"

    @on(Bitten)
    def bitten(self, ctx: Context, me: Layer, event: Bitten) -> None:
        ctx.add_execution("draw girl", player=me.seat)


@mark("Housekept", "家政婦の訪問", until=Expiry.DAWN)
class Housekept(Role):
    """A 家政婦's visit, until dawn: if the seat dies bitten, or by another ``attack`` death with a wolf
    behind it (V2.1.4), the 家政婦 (the mark's source) is told at once who, even if dead."""

    card_ja = "家政婦の訪問: 朝まで、この人が人狼の襲撃で死ぬと、訪れた家政婦にどの人狼が襲ったかが伝わります。"
    card_en = ("Housekept: a 家政婦 (House Keeper) watches this seat until dawn: if a werewolf attack kills it, the "
               "House Keeper learns which werewolf.")

    @on(Died)
    def witness(self, ctx: Context, me: Layer, event: Died) -> None:
        if event.cause is Cause.ATTACK and event.source is not None and me.source is not None:
            ctx.tell(me.source, "housekeeper saw", player=me.source, wolf=event.source, target=me.seat)


class Visit(Ability):
    """訪問: each night from 2, optional, level 95: another living seat; told at once. At 95 the
    (redirected) seat: counting as wolf and not of team Human → the 家政婦 dies (``attack``, unguardable,
    as a 逃亡者 at a wolf's house); else it is watched until dawn (:class:`Housekept`)."""

    verb = VISIT
    level = 95
    required = False
    first = 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "visit", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        identity = ctx.identity(target)
        if identity.counts() is Count.WOLF and identity.team() is not Team.HUMAN:
            ctx.kill(action.seat, Cause.ATTACK, target, guardable=False)
        elif ctx.alive(target):
            ctx.grant(target, Housekept.id, action.seat)


@role
class HouseKeeper(Role):
    """家政婦: each night from 2 it may visit another living seat: at a wolf's house (not of team Human) it
    dies; else, if that seat dies that night of a wolf attack, it learns which wolf (even if dead)."""

    card_ja = ("家政婦: 2日目以降の夜、他の生存者ひとりの家を訪れられます（任意）。人狼（村人陣営でない）"
               "の家なら自分が死にます。そうでなければ、その夜その人が人狼に襲われて死ぬと、襲った人狼が分かります。")
    card_en = ("House Keeper: from night 2, each night you may visit another living player. At a werewolf's house "
               "(one not on the village's side) you die; otherwise, if a werewolf attack kills that player that "
               "night, you learn which werewolf it was.")

    name_en = "House Keeper"
    abilities = (Visit(),)


# ---------------------------------------------------------------------- group G (village part 2): コスプレイヤー 侍
# 精霊使い 竜騎士 人身御供 — guards (V2.1.2), a counter guard, shields (V2.1.3), causes (V2.1.13)

SLAY = Verb.declare("slay", label=("竜の炎で焼き払う", "slay"))
SHIELD = Verb.declare("shield", label=("身代わりになる", "shield"))

EMMA_LINES.update({"dragon": "dragon", "samurai": "samurai", "elemental": "elemental", "sacrifice": "sacrifice",
                   "dragonknight": "dragonknight"})  # V2.1.13: 閻魔's lines for this batch's causes


@role
class Cosplayer(Guarding):
    """コスプレイヤー: a 狩人 in every rule (V2.1.2: its protection is a 狩人's) that reads 人狼 to the 占い師 and the
    霊能者; it counts human."""

    card_ja = ("コスプレイヤー: 狩人と同じく毎晩ひとりを護衛します（2日目の夜から。"
               "身代わりくんなしなら1日目の夜から。必須）。占い結果・霊能結果は人狼ですが、人間として数えられます。")
    card_en = ("Cosplayer: protects a seat each night as a 狩人 (Bodyguard) does, from night 2 (from night 1 without "
               "the scapegoat), required. It reads 人狼 (werewolf) to seers and mediums, but counts as a human.")

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    abilities = (Protection(),)


class CounterGuard(Protection):
    """侍's guard: each night from 2 (never night 1, whatever ``scapegoat``), required, level 82; 狩人's choices
    (``guardmyself``, ``consecutiveguard``); told at once 「{name}は{target}を護衛しました。」, *targeted* then. The
    (redirected) seat holds its counter guard until dawn (V2.1.2b, ``GuardKind.COUNTER``; *guarded*)."""

    level = 82
    targets_on_submit = True

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        super().submit(ctx, action, me)
        ctx.tell(action.seat, "guard chosen", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        ctx.guard(target, action.seat, GuardKind.COUNTER)
        ctx.emit(Guarded(target, action.seat))


SAMURAI_DEATH = Cause.declare("samurai", "侍の反撃", "cut down by a samurai")  # 侍's counter (V2.1.13)


@role
class Samurai(Guarding):
    """侍: from night 2 it must guard a seat with its counter guard: each wolf or vampire attack on it that
    passes immunity fails, and the 侍 dies (`attack`, or `vampire` against a vampire) and so does the attacker
    (`samurai`), both through their protections and resistances; no guard success is told (瞳狼: 護衛)."""

    card_ja = ("侍: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ）を護衛します（必須）。"
               "その人への人狼・ヴァンパイアの襲撃は失敗し、侍は死に（人狼の襲撃・ヴァンパイアの襲撃）、"
               "襲撃した人狼またはヴァンパイアも侍の反撃で死にます。護衛成功は知らされません。")
    card_en = ("Samurai: from night 2 it must guard a living seat (itself only with the setting “guard yourself”). "
               "Each wolf or vampire attack on that seat fails: the Samurai dies of it, and its blade kills the "
               "attacking wolf or vampire. Nobody is told of a successful guard.")

    abilities = (CounterGuard(),)
    deadly_weapon = True

    @on(Countered)
    def counter(self, ctx: Context, me: Layer, event: Countered) -> None:
        """The counter of one attack its guard stopped: first the 侍 (unguardable), then the attacker."""
        ctx.kill(me.seat, event.cause, event.source, guardable=False)
        if event.source is not None:
            ctx.kill(event.source, SAMURAI_DEATH, me.seat)


@dataclass
class ElementalMemory(GuardMemory):
    protected: Seat | None = None  # the (redirected) seat its guard landed on …
    night: int = 0  # … that night


class ElementalGuard(Protection):
    """精霊使い's guard: each night from 2 (never night 1), required, level 80; 狩人's choices (``guardmyself``;
    ``consecutiveguard=no`` forbids last night's seat: settled here, the reference never refuses it); told at
    once 「{name}は精霊の力で{target}を護衛しました。」, *targeted* then; the (redirected) seat gets a guard
    protection of 狩人's kind (V2.1.2a)."""

    targets_on_submit = True

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day >= 2

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        super().submit(ctx, action, me)
        ctx.tell(action.seat, "elemental guard", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: ElementalMemory = me.memory
        target = ctx.aimed(action.targets[0])
        ctx.guard(target, action.seat)
        ctx.emit(Guarded(target, action.seat))
        memory.protected, memory.night = target, ctx.day


ELEMENTAL_DEATH = Cause.declare("elemental", "暴走した精霊の力", "a rampaging spirit")  # 精霊使い's rampaging spirits (V2.1.13)


@role
class Elementaler(Guarding):
    """精霊使い: from night 2 it must guard a seat with its spirits (a 狩人's protection). Bitten to death (V2.1.4)
    that night, it takes the seat it protected with it, if alive (`elemental`, through its protections)."""

    card_ja = ("精霊使い: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ）"
               "を精霊の力で護衛します（必須。狩人の護衛と同じ）。その夜に自分が人狼に噛み殺されると、"
               "護衛した人も暴走した精霊の力で死にます。")
    card_en = ("Elementaler: from night 2 it must protect a living seat with its spirits (itself only with the "
               "setting “guard yourself”), as a 狩人 (Bodyguard) does. If the wolves kill it that night, the "
               "rampaging spirits kill the seat it protected too.")

    abilities = (ElementalGuard(),)
    Memory = ElementalMemory
    deadly_weapon = True

    @on(Bitten)
    def rampage(self, ctx: Context, me: Layer, event: Bitten) -> None:
        memory: ElementalMemory = me.memory
        if memory.night == ctx.day and memory.protected is not None:  # its guard resolved tonight
            ctx.kill(memory.protected, ELEMENTAL_DEATH, event.by)


@dataclass
class DragonMemory:
    guarded: Seat | None = None  # the seat its last guard protected (redirected) …
    guard_night: int = 0  # … on that night
    chosen: Seat | None = None  # the seat it chose (not redirected) the last night it acted …
    acted: int = 0  # … that night (0: none pending for the next dawn)
    slain: bool = False  # its one slay is used


class DragonAct(Ability):
    """A 竜騎士's night: from night 2, optional, level 80, another living seat (never itself); one of its two
    acts a night."""

    required = False
    level = 80
    first = 2

    def available(self, ctx: Context, me: Layer) -> bool:
        return not any(ctx.done(me, verb) for verb in (Verb.GUARD, SLAY))

    def acted(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: DragonMemory = me.memory
        memory.chosen, memory.acted = action.targets[0], ctx.day


class DragonGuard(DragonAct):
    """竜騎士's ``guard``: never the seat it protected the night before (whatever ``consecutiveguard``); told at
    once 「{name}は{target}を護衛しました。」; the (redirected) seat gets a guard protection of 狩人's kind."""

    verb = Verb.GUARD

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        memory: DragonMemory = me.memory
        last = memory.guarded if memory.guard_night == ctx.day - 1 else None
        return [s for s in ctx.living() if s not in (me.seat, last)]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "guard chosen", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        memory: DragonMemory = me.memory
        target = ctx.aimed(action.targets[0])
        ctx.guard(target, action.seat)
        ctx.emit(Guarded(target, action.seat))
        memory.guarded, memory.guard_night = target, ctx.day
        self.acted(ctx, action, me)


DRAGON_DEATH = Cause.declare("dragon", "竜の炎", "burnt by a dragon")  # 竜騎士's 竜の炎 (V2.1.13)


class Slay(DragonAct):
    """竜騎士's ``slay``, once per game (spent when it resolves, as the reference): told at once 「{name}が{target}を
    襲撃しました。」; at level 80 the (redirected) seat dies (`dragon`: no guard, no wolf immunity)."""

    verb = SLAY

    def available(self, ctx: Context, me: Layer) -> bool:
        return super().available(ctx, me) and not me.memory.slain

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.slain)

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "slay chosen", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.slain = True
        ctx.kill(ctx.aimed(action.targets[0]), DRAGON_DEATH, action.seat, guardable=False)
        self.acted(ctx, action, me)


@role
class DragonKnight(Role):
    """竜騎士: from night 2 it may guard another seat (never the same two nights running) or, once, burn one
    (`dragon`). At the dawn after a night it acted, alive, if the seat it chose is dead and of team Human, it
    dies (後追い, 自責の念)."""

    card_ja = ("竜騎士: 2日目の夜から毎晩、次のどちらかができます（任意）。"
               "他の生存者ひとりを護衛する（前の夜に護衛した人は不可）か、一度だけ、"
               "他の生存者ひとりを竜の炎で殺す（護衛では防げず、人狼も死にます）。行動した翌朝、生きていて、"
               "選んだ人が死んでいて村人陣営なら、自責の念で後を追います。")
    card_en = ("Dragon Knight: from night 2, each night, it may either guard another living seat (never the one it "
               "guarded the night before) or, once in the game, burn another living seat to death with its dragon's "
               "fire (no guard stops it, and a wolf dies of it too). At the dawn after a night it acted, if it lives "
               "and the seat it chose is dead and of the village team, it takes its own life out of remorse.")

    name_en = "Dragon Knight"
    abilities = (Slay(), DragonGuard())  # a bot weighs the slay first (one act a night)
    Memory = DragonMemory
    death_resistance = True
    deadly_weapon = True
    guard_role = True

    @on(BurialPass)
    def remorse(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        """In the dawn burial (any pass: the chosen seat may die in a later one), once."""
        memory: DragonMemory = me.memory
        if event.moment is not Moment.DAWN or memory.acted != ctx.day - 1 or memory.chosen is None:
            return
        if not ctx.alive(memory.chosen) and ctx.identity(memory.chosen).team() is Team.HUMAN:
            memory.acted = 0
            ctx.follow(me.seat, "dragonknight")


SACRIFICE_DEATH = Cause.declare("sacrifice", "生贄", "sacrificed")  # 人身御供's 生贄 (V2.1.13)


@mark("Shielded", "生贄の守り", until=Expiry.DUSK)
class Shielded(Role):
    """A 人身御供's shield (V2.1.3), to the next dusk: the first death its seat would suffer (not a sudden one),
    while the seat is of team Human, not a 迷える子羊 (``unshielded``) and its 人身御供 lives, does not happen — the 人身御供 dies instead
    (`sacrifice`, through its own protections; 瞳狼: 身代わり); silent (the end log tells it). Asked after
    巫女の加護 and before 聖職者's protection; an execution it stops is W.1.11c's."""

    card_ja = "生贄の守り: 次の夕方まで、最初に受ける死（突然死を除く）の代わりに人身御供が死にます（通知なし）。"
    card_en = ("Shielded: a Sacrifice offered its life for this seat: until the next dusk, the first death it would "
               "suffer (a sudden death aside) kills the Sacrifice instead, silently.")

    blocks_as = Blocked.SUBSTITUTE
    resist_rank = 1

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        giver, identity = me.source, ctx.identity(me.seat)
        if (giver is None or not ctx.alive(giver) or threat.cause is SACRIFICE_DEATH
                or identity.team() is not Team.HUMAN or identity.role.unshielded):  # never a 迷える子羊 (V2.1.3)
            return False
        ctx.remove(me)
        ctx.note("sacrificed", target=me.seat, cause=threat.cause.value)
        ctx.kill(giver, SACRIFICE_DEATH, giver)
        return True


class Offer(Ability):
    """人身御供's ``shield``: once per game, any night, optional, level 70, spent at submission: another living
    seat; told at once 「{name}が{target}を守るため自らの命を差し出そうとしています。」. At level 70 the
    (redirected) seat, if of team Human, is shielded until the next dusk (:class:`Shielded`)."""

    verb = SHIELD
    level = 70
    required = False
    once = Once.GAME

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "shield offered", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if ctx.alive(target) and ctx.identity(target).team() is Team.HUMAN:
            ctx.grant(target, Shielded.id, action.seat)


@role
class Sacrifice(Role):
    """人身御供: once, any night, it may offer its life for another seat of team Human: until the next dusk the
    first death that seat would suffer kills the 人身御供 instead (an execution too: nobody else dies)."""

    card_ja = ("人身御供: 一度だけ、夜に他の生存者ひとりを選べます（任意）。その人が村人陣営なら、"
               "次の夕方まで（翌日の処刑も含む）、その人が最初に受ける死（突然死を除く）"
               "の代わりに人身御供が死にます（生贄。通知なし）。")
    card_en = ("Sacrifice: once in the game, at night, it may offer its life for another living seat. If that seat "
               "is of the village team, until the next dusk (the next day's execution included) the first death it "
               "would suffer, a sudden death aside, kills the Sacrifice instead; nobody is told.")

    abilities = (Offer(),)
    death_resistance = True
# ---------------------------------------------------------------------- group C (wave 3, village part 2): role changes —
# オカルトマニア 胡蝶 仮装者 聖痕者 転生者 (V2.1.15 role changes, V1.1.5 beliefs, V2.1.10 revivals, W.1.12 appearances)

STUDY = Verb.declare("study", label=("指定", "study"))


class Study(Ability):
    """オカルトマニア's study: each night from 2 until it changes, required, level 102: a living seat,
    itself allowed. At 102 the (redirected) seat, dead or alive by then: counts as wolf → 人狼; else
    holds 占い師 (an extra role or a kit too) → 占い師; else 村人 (V1.1.4); the new role's dusk hook runs
    at once (V2.1.15)."""

    verb = STUDY
    level = 102
    first = 2

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return ctx.living()

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, "study", player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        identity = ctx.identity(ctx.aimed(action.targets[0]))
        new = "Werewolf" if identity.counts() is Count.WOLF else "Diviner" if identity.holds(Divining) else "Human"
        ctx.change_role(action.seat, new, told_now=False)
        ctx.tell(action.seat, "studied", player=action.seat, role=new)
        ctx.dusk_hook(action.seat)


@role
class OccultMania(Role):
    """オカルトマニア: each night from 2 until it changes, it studies a living seat (required, itself
    allowed: it then becomes 村人); told 「{name}は{target}を指定しました。」. At level 102 it becomes 人狼
    if the (redirected) seat counts as wolf, else 占い師 if that seat holds one, else 村人 (V1.1.4); told
    「{name}は{role}になりました。」. Its new role's dusk hook runs at once; a new 人狼 is immune to that
    night's attacks and attacks from the next night."""

    card_ja = ("オカルトマニア: 2日目以降の夜、生きている人をひとり（自分も可）指定しなければなりません。"
               "その夜のうちに、指定した人が人狼として数えられれば人狼に、占い師（占いセットを含む）"
               "を持っていれば占い師に、それ以外なら村人になります（自分を指定すると村人）。"
               "人狼になった夜は人狼に襲われず、翌日の夜から襲撃します。")
    card_en = ("Occult Mania: a villager. From night 2 on, each night until it changes, it must name a living seat "
               "(itself allowed). That night it becomes a 人狼 (Werewolf) if the seat counts as a wolf, else a "
               "占い師 (Seer) if the seat holds one (a seer kit too), else a 村人 (Villager) — naming itself makes "
               "it a villager. It is told 「…になりました。」 (what it became) and takes up its new role at once; a "
               "new werewolf cannot be killed by that night's wolf attack and attacks from the next night.")

    name_en = "Occult Mania"
    abilities = (Study(),)


@dataclass
class DreamMemory:
    aware: bool = False  # V1.1.5: it has woken (and learned its role)


@sub_role("Dreamer", "胡蝶", LayerKind.SUB)
class Awakened(Role):
    """A woken 胡蝶 (not told as a sub-role; the seat is shown 胡蝶): team Werewolf, wins iff the result
    is Werewolf or LoneWolf, knows the wolves, reads and writes the wolf chat, where the others know
    it (as 囁き狂人). It still counts human and reads 村人."""

    card_ja = "胡蝶（目覚め）: 夢から覚めた胡蝶です。人狼陣営になり、人狼を知り、人狼チャットで話せます。"
    card_en = ("Dreamer: a 胡蝶 (Dreamer) woken by a wolf attack: on the werewolf team, it knows the wolves and "
               "writes in the Wolves chat, where the wolves know it.")

    judge_team = Team.WEREWOLF
    shown = Shown(chat=Chat.WOLF, as_role=True)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_wolves(ctx, me)

    def chats(self, ctx: Context, me: Layer) -> frozenset[str]:
        return frozenset({Chat.WOLF})

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result in (Team.WEREWOLF, Team.LONE_WOLF)


@role
class Dreamer(Role):
    """胡蝶: believes it is 村人 (V1.1.5). Own resistance, once: the first wolf attack reaching it does
    not kill it; it wakes, told at once 「夢から覚めた{name}は胡蝶でした。」, and from then is shown 胡蝶,
    has team Werewolf (wins iff the result is Werewolf or LoneWolf), knows the wolves and reads and
    writes the wolf chat (as 囁き狂人). It still counts human and reads 村人. Death resistance."""

    card_ja = ("胡蝶: 自分を村人だと思っています。初めて人狼に襲撃されても一度だけ死なず、"
               "夢から覚めて胡蝶だと知ります。それからは人狼陣営（人狼陣営か一匹狼が勝てば勝利）になり、人狼を知り、"
               "人狼チャットで話せます（人狼からもわかります）。占い結果は村人で、人間として数えられます。")
    card_en = ("Dreamer: believes it is a 村人 (Villager). The first wolf attack that reaches it does not kill it: "
               "it wakes, is told 「夢から覚めた…は胡蝶でした。」 (it was a Dreamer), and from then on it is on the "
               "werewolf team (it wins if the werewolves or a lone wolf win), knows the wolves and writes in the "
               "Wolves chat, where the wolves know it. It is still divined 村人 (human) and counted as a human.")

    believes = "Human"
    Memory = DreamMemory
    death_resistance = True

    def resist(self, ctx: Context, me: Layer, threat: Threat) -> bool:
        if threat.cause is not Cause.ATTACK or me.memory.aware:
            return False
        me.memory.aware = True
        ctx.tell(me.seat, "dreamer woke", player=me.seat)
        ctx.grant(me.seat, Awakened.id)
        return True


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
            ctx.note("reincarnated", player=me.seat, target=target)
