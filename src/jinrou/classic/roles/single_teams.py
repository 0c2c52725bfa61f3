"""Single teams (第三陣営系, classic-roles-third.md T.7): カルトリーダー and 教主 (カルト信者), 鴉 and
修験者, 暴徒 (暴動者, 警備員 and their joint assaults), 決闘者 (宿敵) and ローレライ (ローレライのしもべ).

Each team's victory check is a flag the judgement reads (T.1.2): the cult's and the hooligans' sweeps
(``sweeps``), the last raven (``lone_survivor``), Lorelei after the lovers (``steals_after_lovers``);
決闘者's team Duel has none (its members win by survival)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinrou.classic.catalog import Team
from jinrou.classic.events import BurialPass, Daybreak, Died, PhaseOpened, Targeted, on
from jinrou.classic.model import Action, Cause, Count, Message, Moment, Seat, Verb
from jinrou.classic.role import Ability, Kept, LevelHook, Role, Shared, role, sub_role
from jinrou.classic.roles.common import in_resolution

if TYPE_CHECKING:
    from jinrou.classic.context import Context
    from jinrou.classic.identity import Layer


# ---------------------------------------------------------------------------------------------- the cult

RECRUIT = Verb.declare("recruit", label=("信者にする", "recruit"))
CULT_RECRUITED = Message.declare("cult recruit", "{player}が{target}を信者にしました。", "{player} makes {target} a believer.")
CULT_JOINED = Message.declare("cult joined", "{player}はカルトの信者になりました。", "{player} has joined the cult.")


@sub_role("Cult member", "カルト信者")
class CultMember(Role):
    """カルト信者 (sub-role; shown 「カルト信者（{role}）」), told: the cult's sweep counts it (T.1.2 8c);
    wins also if the result is Cult and a 教主 lives, else by the rule below it (T.1.5)."""

    card_ja = ("カルト信者（付加役職）: 役職はそのままです。生存者が全員カルト信者（とカルト陣営の教祖）になるとカルト陣営が"
               "勝利します。カルト陣営が勝ち、教主が生きていれば勝利します。それ以外は元の役職の勝利条件です。")
    card_en = ("Cult member: カルト信者, added to the role, told: the role stays. When every living player is a cult "
               "member (or a cult leader of the cult's team) the cult wins; a member wins with it while a Hierarch "
               "lives, otherwise by its role's own rule.")
    shown_with = ("カルト信者（{role}）", "Cult member ({role})")
    told = True
    sweeps = Team.CULT

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        if result is Team.CULT and ctx.seats_of(Hierarch, living=True):
            return True
        return ctx.identity(me.seat).wins_below(ctx, me, result)


class Recruit(Ability):
    """カルトリーダー's recruiting: each night from 1, required, level 100: another living seat; told at once.
    At 100 the (redirected) target, dead or alive, becomes a カルト信者 (told; again: nothing)."""

    verb = RECRUIT

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, CULT_RECRUITED, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        if not ctx.identity(target).has(CultMember.id):
            ctx.grant(target, CultMember.id, action.seat)
            ctx.tell(target, CULT_JOINED, player=target)


def knows_members(ctx: Context, me: Layer) -> dict[Seat, str]:
    return {s: CultMember.id for s in ctx.seats() if s != me.seat and ctx.identity(s).has(CultMember.id)}


@role
class CultLeader(Role):
    """カルトリーダー: each night makes a seat a カルト信者 (``recruit``, level 100, required); knows the
    カルト信者. Wins iff the result is Cult: every living seat a カルト信者 or a cult leader of team Cult."""

    card_ja = ("カルトリーダー: 毎晩ひとりをカルト信者にします（必須）。カルト信者が誰かを知っています。生存者が全員カルト信者"
               "（とカルト陣営の教祖）になるとカルト陣営の勝利です。カルト陣営が勝てば勝利します。")
    card_en = ("Cult Leader: each night it makes another player a cult member (required); it knows the cult members. "
               "When every living player is a cult member (or a cult leader of the cult's team), the cult wins; it "
               "wins if the cult wins.")

    sweeps = Team.CULT
    abilities = (Recruit(),)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return knows_members(ctx, me)


@role
class Hierarch(CultLeader):
    """教主: as カルトリーダー; while a 教主 lives at the end of a Cult result, every カルト信者 wins too."""

    card_ja = ("教主: カルトリーダーと同じく毎晩ひとりをカルト信者にします（必須）。カルト信者が誰かを知っています。"
               "カルト陣営が勝てば勝利し、そのとき教主が生きていればカルト信者も全員勝利します。")
    card_en = ("Hierarch: like the Cult Leader, each night it makes another player a cult member (required) and knows "
               "them; it wins if the cult wins, and if a Hierarch is alive then, every cult member wins too.")


# ---------------------------------------------------------------------------------------------- ravens

RAVEN_CRY = Message.declare("raven cry", "鴉がカァと鳴く声が村に響きました。", "A raven's caw rings through the village.")


@dataclass
class RavenCry(Shared):
    """Whether the ravens' cry was heard (once a game)."""

    cried: bool = False


@role
class Raven(Role):
    """鴉: knows the 鴉. With ≥ 2 鴉 in the game (dead or alive) wins iff the result is Raven (T.1.2 7b) and it
    is alive for the win; the first dawn at which at most one lives, the public cry (once). Alone in the
    game, wins iff alive for the win, whatever the result."""

    card_ja = ("鴉: 他の鴉を知っています。鴉が2人以上配役されていれば、最後の1人だけが生き残ったときに勝敗が決まると鴉陣営の"
               "勝利となり、生きていれば勝利します（鴉が1人以下になった朝、鳴き声が村に響きます）。鴉が1人だけなら、"
               "誰が勝っても生きていれば勝利します。")
    card_en = ("Raven: it knows the other ravens. With two or more ravens in the game, when a result is decided while "
               "exactly one of them lives, the ravens take it, and it wins if it is that one (the morning at most one "
               "is left, a caw is heard by all). One raven alone wins if it is alive at the end, whoever else wins.")

    lone_survivor = Team.RAVEN

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: self.id for s in ctx.seats_of(Raven, exclude=me.seat)}

    @on(Daybreak)
    def cry(self, ctx: Context, me: Layer, event: Daybreak) -> None:
        ravens = ctx.seats_of(Raven)
        if ravens[0] != me.seat or len(ravens) < 2 or ctx.memory(RavenCry).cried:
            return
        if sum(ctx.alive(s) for s in ravens) <= 1:
            ctx.memory(RavenCry).cried = True
            ctx.tell(None, RAVEN_CRY)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        alive = ctx.alive_for_win(me.seat)
        return alive and (result is Team.RAVEN or len(ctx.seats_of(Raven)) < 2)


@role
class Ascetic(Role):
    """修験者: knows the 鴉 (not known back). ≥ 2 鴉 in the game → wins iff the result is Raven (dead or
    alive); exactly 1 → iff that 鴉 is alive; none → iff it is alive (plainly alive, whatever the result)."""

    card_ja = ("修験者: 鴉を知っています（鴉は修験者を知りません）。鴉が2人以上いれば鴉陣営が勝てば勝利します（生死は問いません）。"
               "鴉が1人ならその鴉が生き残れば、鴉がいなければ自分が生き残れば、誰が勝っても勝利します。")
    card_en = ("Ascetic: it knows the ravens (they do not know it). With two or more ravens in the game it wins if the "
               "ravens win, dead or alive; with one raven, if that raven is alive at the end; with none, if it is "
               "alive itself — whoever else wins.")

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: Raven.id for s in ctx.seats_of(Raven)}

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        ravens = ctx.seats_of(Raven)
        if len(ravens) >= 2:
            return result is Team.RAVEN
        return ctx.alive(ravens[0] if ravens else me.seat)


# ---------------------------------------------------------------------------------------------- hooligans

HOOLIGAN_DEATH = Cause.declare("hooligan", "暴動者による暴行", "beaten by rioters")
INCITE = Message.declare("hooligan recruit", "{player}は{target}を暴動に参加させました。",
                         "{player} stirs {target} into the riot.")
INCITE_GUARD = Message.declare("hooligan found guard",
                               "{player}は{target}を暴動に参加させようとしましたが、{target}は警備員でした。",
                               "{player} tried to stir {target} into the riot, but {target} is a guard.")
RIOTING = Message.declare("hooligan joined", "{player}は暴動に参加しました。", "{player} has joined the riot.")
APPOINTED = Message.declare("hooligan guard", "村に暴徒が潜んでいます。{player}は警備員に任命されました。",
                            "Hooligans lurk in the village: {player} is appointed a guard.")
ASSAULT = Verb.declare("assault", label=("暴行", "assault"))
ASSAULTED = Message.declare("assault", "{player}は{target}に暴行を加えました。", "{player} assaults {target}.")
ARREST = Verb.declare("arrest", label=("拘束", "arrest"))
ARRESTING = Message.declare("arrest", "{player}は{target}を拘束しました。", "{player} arrests {target}.")
ARRESTED = Message.declare("arrested", "{player}は警備員に拘束されて暴行を行えませんでした。",
                           "{player} was held by a guard and could not assault anyone.")
DISBANDED = Message.declare("arrested out", "{player}は警備員に拘束されて暴動から外れました。",
                            "{player} was held by a guard and has left the riot.")


@dataclass
class RiotMemory:
    since: int = 0  # the night it joined (it may assault from the next; the 暴徒's own: 0, from night 1)


@dataclass
class RiotNight(Shared):
    """Tonight's joint assaults: resolved yet, and the assaults a 警備員 voided (by the assailant's seat)."""

    kept = Kept.NIGHT
    resolved: bool = False
    void: set[Seat] | None = None


class Assault(Ability):
    """暴動者's assault: each night, optional, at once (told); resolved with every other at level 100."""

    verb = ASSAULT
    level = None
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day > me.memory.since

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, ASSAULTED, player=action.seat, target=action.targets[0])


class Riot(LevelHook):
    """The joint assaults (T.1.13), level 100, at the turn in P of the first 暴動者 in A neither sealed nor
    hypnotized: each (redirected) seat assaulted by ≥ 2 of tonight's assaults (of seats in A, not voided;
    a hypnotized 暴動者's counts) dies (``hooligan``, unguardable)."""

    level = 100

    def act(self, ctx: Context, me: Layer) -> None:
        night = ctx.memory(RiotNight)
        if night.resolved:
            return
        night.resolved = True
        void = night.void or set()
        table: dict[Seat, list[Seat]] = {}
        for action in ctx.chosen(ASSAULT):
            if action.seat not in void and in_resolution(ctx, action.seat):
                table.setdefault(ctx.aimed(action.targets[0]), []).append(action.seat)
        for target, assailants in table.items():
            if len(assailants) >= 2:
                ctx.kill(target, HOOLIGAN_DEATH, assailants[0], guardable=False)


@sub_role("Rioter", "暴動者")
class HooliganAttacker(Role):
    """暴動者 (sub-role; shown 「{role}（暴動者）」, the 暴徒 itself 「暴徒」), told: each night from the one after it joined (the 暴徒
    from night 1), optional, ``assault`` another living seat; every seat assaulted by two or more dies.
    The hooligans' sweep counts it (T.1.2 8b); wins also if the result is Hooligan, else by the rule
    below it."""

    card_ja = ("暴動者（付加役職）: 参加した次の夜から毎晩、ひとりに暴行を加えられます（任意）。2人以上に暴行された人は死にます。"
               "生存者が全員暴動者になると暴徒陣営の勝利で、そのとき勝利します。それ以外は元の役職の勝利条件です。")
    card_en = ("Rioter: 暴動者, added to the role, told: from the night after it joined, each night it may assault another "
               "player; a player assaulted by two or more rioters that night dies. When every living player is a rioter "
               "the hooligans win, and it wins with them; otherwise it wins by its role's own rule.")
    shown_with = ("{role}（暴動者）", "{role} (rioter)")
    shown_bare_on = frozenset({"Hooligan"})  # the 暴徒 is shown 「暴徒」 (the reference's HooliganMember.getJobname)
    told = True
    sweeps = Team.HOOLIGAN
    deadly_weapon = True
    Memory = RiotMemory
    abilities = (Assault(),)
    level_hooks = (Riot(),)

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.HOOLIGAN or ctx.identity(me.seat).wins_below(ctx, me, result)


class Arrest(Ability):
    """警備員's arrest: each night after its appointment, optional, level 90: another living seat. The
    (redirected) target: the 暴徒 → its assault tonight is void (told if it assaulted); another 暴動者 →
    it leaves the riot for good, its assault tonight void (told); else nothing."""

    verb = ARREST
    level = 90
    required = False

    def available(self, ctx: Context, me: Layer) -> bool:
        return ctx.day > me.memory.since

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, ARRESTING, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        identity = ctx.identity(target)
        rioter = identity.layer(HooliganAttacker.id)
        if rioter is None:
            return
        night = ctx.memory(RiotNight)
        night.void = (night.void or set()) | {target}
        if identity.is_a(Hooligan):
            if any(a.seat == target for a in ctx.chosen(ASSAULT)):
                ctx.tell(target, ARRESTED, player=target)
            return
        while rioter is not None:
            ctx.remove(rioter)
            rioter = ctx.identity(target).layer(HooliganAttacker.id)
        ctx.tell(target, DISBANDED, player=target)


@sub_role("Guard of the peace", "警備員")
class HooliganGuard(Role):
    """警備員 (sub-role; shown 「{role}（警備員）」), told: appointed by the first 暴徒; each night after its
    appointment, optional, ``arrest`` another living seat (level 90); never becomes a 暴動者."""

    card_ja = ("警備員（付加役職）: 暴徒によって任命されます。次の夜から毎晩、ひとりを拘束できます（任意）。拘束された暴徒は"
               "その夜暴行できず、他の暴動者は暴動から外れます。警備員は暴動に参加させられません。")
    card_en = ("Guard of the peace: 警備員, added to the role, told: appointed when a hooligan arrives. From the next "
               "night, each night it may arrest another player: an arrested hooligan cannot assault that night, any "
               "other rioter leaves the riot for good. Guards can never be stirred into the riot.")
    shown_with = ("{role}（警備員）", "{role} (guard of the peace)")
    told = True
    Memory = RiotMemory
    abilities = (Arrest(),)


@dataclass
class HooliganMemory:
    started: bool = False


class Incite(Ability):
    """暴徒's recruiting: each night from 1, required, level 100: another living seat (told at once). At 100
    the (redirected) target, dead or alive (*targeted* then, and again if it joins): a 暴動者 → nothing;
    a 警備員 → the 暴徒 is told; else it becomes a 暴動者 (told), assaulting from the next night."""

    verb = RECRUIT
    label = ("暴動に参加させる", "stir into the riot")
    targets_on_submit = False

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        ctx.tell(action.seat, INCITE, player=action.seat, target=action.targets[0])

    def resolve(self, ctx: Context, action: Action, me: Layer) -> None:
        target = ctx.aimed(action.targets[0])
        ctx.emit(Targeted(target, action.seat, self.verb))
        identity = ctx.identity(target)
        if identity.has(HooliganAttacker.id):
            return
        if identity.has(HooliganGuard.id):
            ctx.tell(action.seat, INCITE_GUARD, player=action.seat, target=target)
            return
        ctx.grant(target, HooliganAttacker.id, action.seat).memory.since = ctx.day
        ctx.tell(target, RIOTING, player=target)
        ctx.emit(Targeted(target, action.seat, self.verb))


@role
class Hooligan(Role):
    """暴徒: at its first dusk becomes a 暴動者; then, if no seat holds 警備員, ⌈living/8⌉ uniform living seats
    not 身代わりくん, 暴動者 or 暴徒 become 警備員 (draw ``hooligan guards``; told). Each night ``recruit``s
    a seat into the riot (level 100, required); knows the 暴動者. Wins iff the result is Hooligan."""

    card_ja = ("暴徒: 最初の夜に自分も暴動者になり、村には警備員が任命されます（生存者8人につき1人）。毎晩ひとりを暴動に参加"
               "させます（必須）。暴動者が誰かを知っています。生存者が全員暴動者になると暴徒陣営が勝利し、そのとき勝利します。")
    card_en = ("Hooligan: on its first night it becomes a rioter itself, and guards of the peace are appointed (one for "
               "each 8 living players). Each night it stirs another player into the riot (required). It knows the "
               "rioters. When every living player is a rioter, the hooligans win, and it wins with them.")

    deadly_weapon = True
    Memory = HooliganMemory
    abilities = (Incite(),)

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: HooliganAttacker.id for s in ctx.seats()
                if s != me.seat and ctx.identity(s).has(HooliganAttacker.id)}

    @on(PhaseOpened)
    def first_dusk(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is not Moment.DUSK or me.memory.started:
            return
        me.memory.started = True
        if not ctx.identity(me.seat).has(HooliganAttacker.id):
            ctx.grant(me.seat, HooliganAttacker.id, me.seat).memory.since = ctx.day - 1
        if any(ctx.identity(s).has(HooliganGuard.id) for s in ctx.seats()):
            return
        living = ctx.living()
        pool = [s for s in living if s != ctx.scapegoat and not ctx.identity(s).has(HooliganAttacker.id)
                and not ctx.identity(s).is_a(Hooligan)]
        for guard in ctx.draw_seats("hooligan guards", pool, -(-len(living) // 8)):
            ctx.grant(guard, HooliganGuard.id, me.seat).memory.since = ctx.day
            ctx.tell(guard, APPOINTED, player=guard)


# ---------------------------------------------------------------------------------------------- duelists

CHALLENGE = Message.declare("duel challenge", "{player}は{target}に決闘を申し込みました。",
                            "{player} challenges {target} to a duel.")
CHALLENGED = Message.declare("duel accepted", "{target}は{player}との決闘に挑みます。", "{target} takes up {player}'s duel.")


@dataclass
class EnemyMemory:
    partner: Seat = -1


@sub_role("Nemesis", "宿敵")
class Enemy(Role):
    """宿敵 (sub-role; shown 「宿敵（{role}）」), told: its team becomes Duel; knows its partner; wins iff
    alive for the win and its partner is dead, whatever the result."""

    card_ja = "宿敵（付加役職）: 決闘者陣営になります。相手を知っています。生き残り、相手が死んでいれば、誰が勝っても勝利します。"
    card_en = ("Nemesis: 宿敵, added to the role, told: its team becomes the duelists; it knows its opponent; it wins if it "
               "is alive at the end and its opponent is dead, whoever else wins.")
    shown_with = ("宿敵（{role}）", "Nemesis ({role})")
    judge_team = Team.DUEL
    told = True
    Memory = EnemyMemory

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {me.memory.partner: self.id}

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return ctx.alive_for_win(me.seat) and not ctx.alive(me.memory.partner)


@dataclass
class DuelistMemory:
    paired: bool = False


class Challenge(Ability):
    """決闘者's challenge: its first night (until it pairs), required, at once: another living seat, never
    身代わりくん (身代わりくん itself makes none). Both get 宿敵, each knowing the other."""

    verb = Verb.PAIR
    level = None
    label = ("決闘を申し込む", "challenge to a duel")

    def available(self, ctx: Context, me: Layer) -> bool:
        return not me.memory.paired

    def spent(self, ctx: Context, me: Layer) -> bool:
        return bool(me.memory.paired)

    def is_required(self, ctx: Context, me: Layer) -> bool:
        return me.seat != ctx.scapegoat and super().is_required(ctx, me)

    def targets(self, ctx: Context, me: Layer) -> list[Seat]:
        return [s for s in ctx.living() if s != me.seat and s != ctx.scapegoat]

    def submit(self, ctx: Context, action: Action, me: Layer) -> None:
        me.memory.paired = True
        a, b = action.seat, action.targets[0]
        for one, other in ((a, b), (b, a)):
            ctx.grant(one, Enemy.id, a).memory.partner = other
        ctx.tell(a, CHALLENGE, player=a, target=b)
        ctx.tell(b, CHALLENGED, player=a, target=b)


@role
class Duelist(Role):
    """決闘者: on its first night challenges another living seat (required); both become 宿敵 (team Duel).
    Each wins iff alive for the win and the other is dead, whatever the result."""

    card_ja = ("決闘者: 最初の夜にひとりに決闘を申し込みます（必須）。ふたりとも宿敵（決闘者陣営）になり、相手が死んで自分が"
               "生き残れば、誰が勝っても勝利します。")
    card_en = ("Duelist: on its first night it challenges another player to a duel (required); both become nemeses (the "
               "duelists' team), and each wins if it is alive at the end and the other is dead, whoever else wins.")

    Memory = DuelistMemory
    abilities = (Challenge(),)


# ---------------------------------------------------------------------------------------------- Lorelei

LORELEI_DEATH = Cause.declare("lorelei", "怨嗟の歌声", "killed by a vengeful song")
CHARMED = Message.declare("lorelei charmed", "{player}はローレライの歌声に魅了されました。",
                          "{player} was charmed by Lorelei's song.")
SONG = Message.declare("lorelei song", "村に歌声が響き渡りました。", "A song rings through the village.")


@sub_role("Lorelei's servant", "ローレライのしもべ")
class LoreleiFamilia(Role):
    """ローレライのしもべ (sub-role; shown 「ローレライのしもべ（{role}）」), told: team Lorelei, wins iff the
    result is Lorelei; knows the ローレライ; dies (後追い) at a burial where its ローレライ is dead and no
    ローレライ lives."""

    card_ja = ("ローレライのしもべ（付加役職）: ローレライ陣営になり、ローレライを知っています。ローレライ陣営が勝てば勝利します。"
               "ローレライが全員死ぬと後を追って死にます。")
    card_en = ("Lorelei's servant: ローレライのしもべ, added to the role, told: its team becomes Lorelei's and it knows "
               "her; it wins if Lorelei wins; when no Lorelei is left alive, it follows her in death.")
    shown_with = ("ローレライのしもべ（{role}）", "Lorelei's servant ({role})")
    judge_team = Team.LORELEI
    told = True

    def knows(self, ctx: Context, me: Layer) -> dict[Seat, str]:
        return {s: Lorelei.id for s in ctx.seats_of(Lorelei)}

    def wins(self, ctx: Context, me: Layer, result: Team) -> bool:
        return result is Team.LORELEI

    @on(BurialPass)
    def follow(self, ctx: Context, me: Layer, event: BurialPass) -> None:
        if me.source is not None and not ctx.alive(me.source) and not ctx.seats_of(Lorelei, living=True):
            ctx.follow(me.seat, "lorelei")


@dataclass
class LoreleiMemory:
    song: str = ""  # "sing": it sang tonight (the dawn's notice to come); "done": never again


class Song(LevelHook):
    """ローレライ's song, level 115: on the first night with d ≥ ⌊(n−1)/4⌋ on which no しもべ exists, two
    uniform living seats not 身代わりくん or ローレライ (fewer if fewer) become しもべ (draw ``lorelei
    familia``; told)."""

    level = 115

    def act(self, ctx: Context, me: Layer) -> None:
        if me.memory.song or ctx.day < (ctx.n - 1) // 4 or _servants(ctx):
            return
        pool = [s for s in ctx.living() if s != ctx.scapegoat and not ctx.identity(s).is_a(Lorelei)]
        for seat in ctx.draw_seats("lorelei familia", pool, 2):
            ctx.grant(seat, LoreleiFamilia.id, me.seat)
            ctx.tell(seat, CHARMED, player=seat)
        me.memory.song = "sing"


def _servants(ctx: Context) -> bool:
    return any(ctx.identity(s).has(LoreleiFamilia.id) for s in ctx.seats())


@role
class Lorelei(Role):
    """ローレライ (hidden): counts none; no action; its song (level 115) makes two しもべ once; the next dawn,
    if it lives, the public notice. Until it has sung (and while no しもべ existed at a dusk), on its death
    one of its two nearest living neighbours (circular) dies (``lorelei``, draw ``lorelei victim``). Wins iff
    the result is Lorelei (T.1.2 7d: a decided result while a ローレライ lives)."""

    card_ja = ("ローレライ: 誰としても数えられません。夜は何もしませんが、ある夜、歌声でふたりをしもべにします。歌う前に死ぬと、"
               "両隣の生存者のどちらかを道連れにします。勝敗が決まったときに生きていればローレライ陣営の勝利となり、勝利します。")
    card_en = ("Lorelei: counts as nobody. It takes no action, but one night its song makes two players its servants. If "
               "it dies before singing, one of its nearest living neighbours dies with it. When a result is decided while "
               "a Lorelei lives, Lorelei takes it, and it wins.")

    counts = Count.NONE
    steals_after_lovers = Team.LORELEI
    deadly_weapon = True
    Memory = LoreleiMemory
    level_hooks = (Song(),)

    @on(PhaseOpened)
    def sunset_and_sunrise(self, ctx: Context, me: Layer, event: PhaseOpened) -> None:
        if event.moment is Moment.DUSK:
            if not me.memory.song and _servants(ctx):
                me.memory.song = "done"
        elif me.memory.song == "sing":
            ctx.tell(None, SONG)
            me.memory.song = "done"

    @on(Died)
    def vengeance(self, ctx: Context, me: Layer, event: Died) -> None:
        if event.seat != me.seat or me.memory.song:
            return
        n = ctx.n
        living = [s for s in ctx.living() if s != me.seat]
        if not living:
            return
        after = min(living, key=lambda s: (s - me.seat) % n)
        before = max(living, key=lambda s: (s - me.seat) % n)
        victim = ctx.draw_seat("lorelei victim", [before, after])
        ctx.kill(victim, LORELEI_DEATH, me.seat, guardable=False)


__all__ = ["Ascetic", "CultLeader", "CultMember", "Duelist", "Enemy", "Hierarch", "Hooligan", "HooliganAttacker",
           "HooliganGuard", "Lorelei", "LoreleiFamilia", "Raven"]
