"""Team Human (村人陣営): the 村人系 roles, 狂人狼 and 呪われた者 (classic-werewolf §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jinrou.classic.catalog import Category, Team
from jinrou.classic.model import Action, Cause, Count, Fortune, Moment, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, members, role
from jinrou.classic.roles.common import Divination, Protection, guard_dusk, knows_wolves, poison

if TYPE_CHECKING:
    from jinrou.classic.game import Game


@role
class Human(Role):
    """村人: no ability."""

    name_en = "Villager"


@role
class Diviner(Role):
    """占い師: divines a seat each night (required); a 妖狐 dies of it. With
    ``firstnightdivine=auto`` night 1's target is drawn among the other seats (身代わりくん aside)
    that read 村人, 妖狐系 but 子狐 excluded."""

    name_en = "Seer"
    abilities = (Divination(),)

    def on_dusk(self, game: Game, seat: Seat) -> None:
        if game.day == 1 and game.settings["firstnightdivine"] == "auto" and seat != game.scapegoat:
            pool = [
                s for s in game.living()
                if s not in (seat, game.scapegoat) and game.role(s).fortune is Fortune.HUMAN
                and not (game.role(s).category is Category.FOX and game.role(s).id != "TinyFox")
            ]
            if pool:
                game.submit_drawn(Action(seat, Verb.DIVINE, (game.draw_seat("first divination", pool),)))


@role
class Psychic(Role):
    """霊能者: the psychic result of each seat executed that day, at the next dawn
    (``psychicresult=sunset``: that dusk)."""

    name_en = "Medium"

    def on_burial(self, game: Game, seat: Seat, moment: Moment) -> None:
        """Notes each seat executed today at the burial after the vote, as the reference does
        (Psychic.beforebury): a 霊能セット received later does not read earlier executions."""
        if moment is Moment.DAY:
            memory = game.memory(seat, self)
            seen = memory.setdefault("seen", [])
            for target in game.executed_on(game.day):
                if target not in seen:
                    seen.append(target)
                    memory.setdefault("pending", []).append(target)

    def _results(self, game: Game, seat: Seat) -> None:
        for target in game.memory(seat, self).pop("pending", []):
            game.tell(seat, "psychic", target=target, result=game.role(target).psychic.value)

    def on_dusk(self, game: Game, seat: Seat) -> None:
        if game.settings["psychicresult"] == "sunset":
            self._results(game, seat)

    def on_dawn(self, game: Game, seat: Seat) -> None:
        if game.settings["psychicresult"] == "sunrise":
            self._results(game, seat)


@role
class Guard(Role):
    """狩人: protects a seat each night from night 2 (night 1 too with ``scapegoat=off``)."""

    name_en = "Bodyguard"
    abilities = (Protection(),)

    def on_dusk(self, game: Game, seat: Seat) -> None:
        guard_dusk(game, seat, self)


class WanderingProtection(Protection):
    """風来狩人's guard: never on night 1."""

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day >= 2


@role
class WanderingGuard(Role):
    """風来狩人: as 狩人 but never on night 1; after a dawn with no death at all it can never again
    protect the seat it protected that night (told)."""

    name_en = "Wandering Guard"
    abilities = (WanderingProtection(),)

    def on_dusk(self, game: Game, seat: Seat) -> None:
        guard_dusk(game, seat, self)

    def on_dawn(self, game: Game, seat: Seat) -> None:
        memory = game.memory(seat, self)
        last = memory.get("tonight")
        if last is not None and game.night.deaths == 0:
            memory.setdefault("banned", []).append(last)
            game.tell(seat, "guard banned", target=last)


@role
class Couple(Role):
    """共有者: knows the other 共有者; they share a night chat."""

    name_en = "Mason"

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return {s: self.id for s in members(game, lambda r: r.id == self.id, exclude=seat)}

    def chats(self, game: Game, seat: Seat) -> frozenset[str]:
        return frozenset({Chat.COUPLE})


@role
class Twin(Role):
    """双子: knows the other 双子 (no chat); dies (後追い) at a burial where a 双子 is dead."""

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return {s: self.id for s in members(game, lambda r: r.id == self.id, exclude=seat)}

    def on_burial(self, game: Game, seat: Seat, moment: Moment) -> None:
        if any(not game.alive[s] for s in members(game, lambda r: r.id == self.id, exclude=seat)):
            game.kill(seat, Cause.SUICIDE)


@role
class Poisoner(Role):
    """埋毒者: whoever kills it (or a random seat) dies of its poison."""

    def on_death(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        poison(game, seat, cause, source)


class CatRevival(Ability):
    """猫又's revival: from night 2, optional, level 100, a dead seat; one draw: 1 in 20 a random
    other already-announced dead seat revives instead (none: nothing), 4 in 20 the target revives."""

    verb = Verb.REVIVE
    required = False

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day >= 2

    def targets(self, game: Game, seat: Seat, owner: Role) -> list[Seat]:
        return [s for s in game.dead() if s not in game.sudden]

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        target = action.targets[0]
        luck = game.draws.choice("cat revival", ["other", "target", "none"], weights=[1, 4, 15])
        if luck == "other":
            # any other announced dead seat, as the reference draws; a sudden death's stays dead
            others = [s for s in game.announced_dead() if s != target]
            if others:
                game.revive(game.draw_seat("cat revives instead", others))
        elif luck == "target":
            game.revive(target)


@role
class Cat(Role):
    """猫又: poisons as 埋毒者; may try to revive a dead seat each night from night 2; while dead it
    tries on itself every night."""

    abilities = (CatRevival(),)
    closes_heaven = "in game"

    def on_death(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        poison(game, seat, cause, source)

    def while_dead(self, game: Game, seat: Seat) -> Action | None:
        if game.day >= 2 and seat not in game.sudden:
            return Action(seat, Verb.REVIVE, (seat,))
        return None


@role
class Hunter(Role):
    """ハンター: on any death but a sudden one it takes a last shot (§5.5)."""

    def on_death(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        if cause is not Cause.SUDDEN:
            game.arm(seat)


@role
class Noble(Role):
    """貴族: a wolf attack that would kill it while a 奴隷 lives kills every living 奴隷 instead
    (unguardable; their cause is the wolf attack)."""

    def resist(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> bool:
        slaves = [s for s in game.living() if game.role(s).id == "Slave"]
        if cause is not Cause.ATTACK or not slaves:
            return False
        for slave in slaves:
            game.kill(slave, Cause.ATTACK, source, guardable=False)
        return True


@role
class Slave(Role):
    """奴隷: knows the 貴族; wins iff the result is Human and no 貴族 lives."""

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return {s: "Noble" for s in members(game, lambda r: r.id == "Noble")}

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return result is Team.HUMAN and not any(game.role(s).id == "Noble" for s in game.living())


@role
class ApprenticeSeer(Role):
    """見習い占い師: in a burial where a 占い師 is dead, or no seat is a 占い師, it becomes 占い師
    (told) — every apprentice after a 占い師's death; with none cast, only the first."""

    name_en = "Apprentice Seer"

    def on_burial(self, game: Game, seat: Seat, moment: Moment) -> None:
        seers = members(game, lambda r: r.id == "Diviner")
        if not seers or any(not game.alive[s] for s in seers):
            game.change_role(seat, "Diviner")


class HolyGift(Ability):
    """聖職者's blessing: once, any night, optional, level 69: another seat is protected until used."""

    verb = Verb.PROTECT
    level = 69
    required = False

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return not game.memory(seat, owner).get("used")

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        game.memory(action.seat, owner)["used"] = True

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        game.add_sub(action.targets[0], "HolyProtection")


@role
class Priest(Role):
    """聖職者: once, it gives another seat a holy protection against any death but a sudden one."""

    abilities = (HolyGift(),)


class Hide(Ability):
    """逃亡者's hiding place: each night from 2 (1 with ``scapegoat=off``), required, level 95."""

    verb = Verb.HIDE
    level = 95

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day >= (1 if game.settings["scapegoat"] == "off" else 2)

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        game.memory(action.seat, owner)["hiding"] = action.targets[0]

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        host = action.targets[0]
        counts = game.counts(host)
        if not game.alive[host]:  # a host dead by sudden death is harmless (reference: `!pl.dead`)
            return
        if counts is Count.WOLF and game.team_of(host) is not Team.HUMAN:
            Fugitive.caught(game, action.seat, Cause.ATTACK, host)
        elif counts is Count.VAMPIRE:
            Fugitive.caught(game, action.seat, Cause.VAMPIRE, host)


@role
class Fugitive(Role):
    """逃亡者: hides at another seat each night; survives attacks on itself, but dies if its host
    is a wolf not of team Human, a ヴァンパイア, or attacked. Wins iff the result is Human and it lives."""

    abilities = (Hide(),)

    @staticmethod
    def caught(game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        game.memory(seat, game.role(seat))["caught"] = True
        game.kill(seat, cause, source, guardable=False)

    def on_dusk(self, game: Game, seat: Seat) -> None:
        game.memory(seat, self).pop("hiding", None)
        game.memory(seat, self).pop("caught", None)

    def resist(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> bool:
        memory = game.memory(seat, self)
        return cause in (Cause.ATTACK, Cause.VAMPIRE) and "hiding" in memory and not memory.get("caught")

    def on_attack_at(self, game: Game, seat: Seat, host: Seat, cause: Cause) -> None:
        if game.alive[seat] and game.memory(seat, self).get("hiding") == host:
            self.caught(game, seat, cause, None)

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return result is Team.HUMAN and game.alive[seat]


class Raising(Ability):
    """魔術師's raising: each night from 3 while a seat is dead, required, level 100: a dead seat
    revives with probability 3/10 (身代わりくん 6/10)."""

    verb = Verb.REVIVE

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day >= 3

    def targets(self, game: Game, seat: Seat, owner: Role) -> list[Seat]:
        return [s for s in game.dead() if s not in game.sudden]

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        target = action.targets[0]
        chance = 6 if target == game.scapegoat else 3
        if game.draws.choice("magician revival", [True, False], weights=[chance, 10 - chance]):
            game.revive(target)


@role
class Magician(Role):
    """魔術師: from night 3, while a seat is dead, it must try to raise one each night."""

    abilities = (Raising(),)
    closes_heaven = "alive"


class SendKit(Ability):
    """商人's delivery: once, from night 2, optional, at once: another living seat gets a
    占い/霊能/狩人セット (that role's abilities as an optional sub-role, usable the same night)."""

    verb = Verb.KIT
    level = None
    required = False
    kits = ("Diviner", "Psychic", "Guard")

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return game.day >= 2 and not game.memory(seat, owner).get("sent")

    def check(self, game: Game, action: Action, owner: Role) -> str | None:
        if action.kit not in self.kits:
            return f"the kit must be one of {', '.join(self.kits)}, not {action.kit!r}"
        return None

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        game.memory(action.seat, owner)["sent"] = True
        target = action.targets[0]
        game.add_sub(target, f"{action.kit}Kit")
        game.tell(action.seat, "kit sent", target=target, kit=action.kit)
        game.tell(target, "kit received", kit=action.kit)


@role
class Merchant(Role):
    """商人: once, it sends another seat a 占い, 霊能 or 狩人 kit."""

    abilities = (SendKit(),)


@role
class QueenSpectator(Role):
    """女王観戦者: known to the village team; on her death every living seat counting human dies
    (感染症)."""

    name_en = "Queen Spectator"

    def reveals_to(self, game: Game, seat: Seat, viewer: Seat) -> str | None:
        return self.id if viewer != seat and game.team_of(viewer) is Team.HUMAN else None

    def on_death(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        for s in game.living():
            if game.counts(s) is Count.HUMAN:
                game.kill(s, Cause.INFECTION, seat)


@role
class Prince(Role):
    """プリンス: its first execution is cancelled and announced (a resistance to execution, after a
    holy protection); under ``drawvote=all`` the other tops are still executed."""

    def resist(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> bool:
        memory = game.memory(seat, self)
        if cause is not Cause.EXECUTION or memory.get("revealed"):
            return False
        memory["revealed"] = True
        game.tell(None, "prince", player=seat)
        return True


@role
class MadWolf(Role):
    """狂人狼: team Human but 占 人狼, 霊 人狼 and counts as a wolf; known to the wolves and in their
    chat, immune to their attack; never attacks."""

    name_en = "Mad Wolf"
    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    counts = Count.WOLF
    immune_to_wolf_attack = True

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return knows_wolves(game, seat)

    def chats(self, game: Game, seat: Seat) -> frozenset[str]:
        return frozenset({Chat.WOLF})


@role
class Cursed(Role):
    """呪われた者: survives a wolf (vampire) attack and becomes 人狼 (ヴァンパイア) in the burial after
    the next vote (executions or none); told when the next phase opens."""

    def resist(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> bool:
        if cause not in (Cause.ATTACK, Cause.VAMPIRE):
            return False
        game.memory(seat, self).setdefault("turns", "Werewolf" if cause is Cause.ATTACK else "Vampire")
        return True

    def on_burial(self, game: Game, seat: Seat, moment: Moment) -> None:
        turns = game.memory(seat, self).get("turns")
        if turns and moment is Moment.DAY:  # after the vote, not after non-voters' sudden deaths (reference)
            game.change_role(seat, turns, told_now=False)
