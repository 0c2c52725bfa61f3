"""Team Werewolf (人狼陣営): the 人狼系 wolves and the 狂人系 madmen (classic-werewolf §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from jinrou.classic.catalog import Team
from jinrou.classic.model import Action, Cause, Count, Fortune, PsychicResult, Seat, Verb
from jinrou.classic.role import Ability, Chat, Role, members, role
from jinrou.classic.roles.common import Divination, knows_wolves
from jinrou.classic.roles.village import Diviner

if TYPE_CHECKING:
    from jinrou.classic.game import Game


class Attack(Ability):
    """The wolves' attack (§4.3): one a night (two after a 狼の子's death, the second optional and
    free to name the first's target again), shared by every living attacking wolf; the first
    submission fixes it and is shown in the wolf chat."""

    verb = Verb.ATTACK
    level = 105

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return owner.attacks and game.night.attacks > 0

    def _chosen(self, game: Game) -> list[Action]:
        return [a for a in game.night.actions if a.verb is Verb.ATTACK]

    def done(self, game: Game, seat: Seat, owner: Role) -> bool:
        return len(self._chosen(game)) >= game.night.attacks

    def is_required(self, game: Game, seat: Seat, owner: Role) -> bool:
        """Only the night's first attack is required; a 狼の子's extra one may be left out."""
        return not self._chosen(game) and bool(self.targets(game, seat, owner))

    def targets(self, game: Game, seat: Seat, owner: Role) -> list[Seat]:
        """A 狼の子's second attack may name the first's target again (the reference accepts it)."""
        if game.settings.on("wolfattack"):
            return [s for s in game.living() if s != seat]
        return [s for s in game.living() if game.counts(s) is not Count.WOLF]

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        game.tell(chat_members(game, Chat.WOLF), "attack chosen", wolf=action.seat, target=action.target)

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        target = action.targets[0]
        if game.settings.on("noticebitten"):
            game.tell(target, "attacked")
        game.kill(target, Cause.ATTACK, action.seat)
        game.attacked_at(target, Cause.ATTACK)


ATTACK = Attack()


def chat_members(game: Game, chat: str) -> list[Seat]:
    """Living seats that read and write ``chat``."""
    return [s for s in game.living() if any(chat in owner.chats(game, s) for owner in game.hooks(s))]


class Wolf(Role):
    """人狼系: 占 人狼, 霊 人狼, counts wolf; knows the wolves, wolf chat, attacks, immune to attack."""

    fortune = Fortune.WEREWOLF
    psychic = PsychicResult.WEREWOLF
    counts = Count.WOLF
    attacks = True
    immune_to_wolf_attack = True
    abilities: ClassVar[tuple[Ability, ...]] = (ATTACK,)

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return knows_wolves(game, seat)

    def chats(self, game: Game, seat: Seat) -> frozenset[str]:
        return frozenset({Chat.WOLF})


@role
class Werewolf(Wolf):
    """人狼."""


@role
class BigWolf(Wolf):
    """大狼: divined as 村人; its psychic result is 大狼."""

    name_en = "Big Wolf"
    fortune = Fortune.HUMAN
    psychic = PsychicResult.BIG_WOLF


@role
class WolfCub(Wolf):
    """狼の子: its death gives the wolves two attacks on the next night that starts."""

    name_en = "Wolf Cub"

    def on_death(self, game: Game, seat: Seat, cause: Cause, source: Seat | None) -> None:
        game.flags["extra_attack"] = True


class WolfDivination(Divination):
    """人狼占い's divination: optional, level 120, learns the role's name. A 妖狐 dies (呪殺); divining
    a seat that holds a 占い師 (its role or a 占いセット) kills the 人狼占い itself (逆呪殺, as the
    reference does); a living madman of team Werewolf becomes a uniform random playable role and is
    told."""

    level = 120
    required = False

    def result(self, game: Game, target: Seat) -> str:
        return game.role(target).id

    def effect(self, game: Game, action: Action) -> None:
        from jinrou.classic.roles import ROLES

        target = action.targets[0]
        role_of = game.role(target)
        if role_of.cursed_by_divination:
            game.kill(target, Cause.CURSE, action.seat)
        if any(isinstance(owner, Diviner) for owner in game.hooks(target)):  # its role or a 占いセット
            game.kill(action.seat, Cause.CURSE, target)
        if game.alive[target] and role_of.catalog.team is Team.WEREWOLF and role_of.counts is Count.HUMAN:
            ids = sorted(ROLES)
            game.change_role(target, game.draws.choice("new role", ids))


@role
class WolfDiviner(Wolf):
    """人狼占い: a wolf that may also divine a seat's role each night."""

    name_en = "Wolf Diviner"
    abilities = (ATTACK, WolfDivination())
    closes_heaven = "alive"


@role
class LoneWolf(Wolf):
    """一匹狼: judges as team LoneWolf; wins iff the result is LoneWolf and it is alive."""

    name_en = "Lone Wolf"
    judge_team = Team.LONE_WOLF

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return result is Team.LONE_WOLF and game.alive[seat]


# ---------------------------------------------------------------------- 狂人系 (count human)


@role
class Madman(Role):
    """狂人: on the wolves' side; knows nobody."""


@role
class Fanatic(Role):
    """狂信者: knows the wolves (they do not know it)."""

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return knows_wolves(game, seat)


@role
class WhisperingMad(Role):
    """囁き狂人: knows the wolves; reads and writes the wolf chat."""

    name_en = "Whispering Madman"

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return knows_wolves(game, seat)

    def reveals_to(self, game: Game, seat: Seat, viewer: Seat) -> str | None:
        """The other members of the wolf chat know it: it writes there under its name."""
        in_chat = viewer != seat and any(Chat.WOLF in owner.chats(game, viewer) for owner in game.hooks(viewer))
        return self.id if in_chat else None

    def chats(self, game: Game, seat: Seat) -> frozenset[str]:
        return frozenset({Chat.WOLF})


@role
class MadCouple(Role):
    """叫迷狂人: knows the other 叫迷狂人; their own night chat."""

    name_en = "Mad Couple"

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return {s: self.id for s in members(game, lambda r: r.id == self.id, exclude=seat)}

    def chats(self, game: Game, seat: Seat) -> frozenset[str]:
        return frozenset({Chat.MAD_COUPLE})


class Leave(Ability):
    """スパイ's departure: any night, optional, once; it dies at level 100 (失踪). A holy protection
    stops it like any death (§5.2): the スパイ stays, its leave spent."""

    verb = Verb.LEAVE
    arity = 0
    required = False

    def available(self, game: Game, seat: Seat, owner: Role) -> bool:
        return not game.memory(seat, owner).get("spent")

    def targets(self, game: Game, seat: Seat, owner: Role) -> list[Seat]:
        return []

    def submit(self, game: Game, action: Action, owner: Role) -> None:
        game.memory(action.seat, owner)["spent"] = True

    def resolve(self, game: Game, action: Action, owner: Role) -> None:
        if game.kill(action.seat, Cause.LEAVE):
            game.memory(action.seat, owner)["left"] = True


@role
class Spy(Role):
    """スパイ: knows the wolves; may leave the village (失踪); wins iff the result is Werewolf and it
    left. Once gone it speaks only to itself."""

    abilities = (Leave(),)

    def knows(self, game: Game, seat: Seat) -> dict[Seat, str]:
        return knows_wolves(game, seat)

    def speaks_in_heaven(self, game: Game, seat: Seat) -> bool:
        return not game.memory(seat, self).get("left")

    def wins(self, game: Game, seat: Seat, result: Team) -> bool:
        return result is Team.WEREWOLF and bool(game.memory(seat, self).get("left"))
