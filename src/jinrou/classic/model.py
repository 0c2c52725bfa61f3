"""The words of classic werewolf: causes of death, results, how a seat counts, stages, votes.

Actions and verbs live in :mod:`jinrou.classic.abilities` (imported here too).

Enums carry the English value written in records and a Japanese label for players.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from jinrou.classic.abilities import Action, Verb  # what an action is (re-exported: the words of the game)
from jinrou.players import Seat  # a seat's index, 0-based, in the order of the record's ``players``


class Cause(enum.Enum):
    """Why a seat died (§5.1). Only 突然死, 処刑, 後追い, 銃殺 and 失踪 have texts of their own while
    the game runs; the others are announced alike (「無残な姿で発見されました」)."""

    ATTACK = "attack"
    VAMPIRE = "vampire"
    EXECUTION = "execution"
    CURSE = "curse"
    POISON = "poison"
    INFECTION = "infection"
    SUICIDE = "suicide"
    HUNTER = "hunter"
    LEAVE = "leave"
    SUDDEN = "sudden"
    GREEDY = "greedy"  # 欲張りな狼's price for a failed attack (W.1.14)
    TOUGH = "tough"  # 一途な狼's price for its lunge (W.1.14)
    PSYCHO = "psycho"  # サイコキラー's reflex (W.1.14)
    TRAP = "trap"  # a bomb's explosion (爆弾魔; W.1.14), a 罠
    CRAFTY = "crafty"  # 狡猾な狼's feigned death (W.1.14: 死んだふり)
    DOG = "dog"  # 狂犬's bite (W.1.14: 犬の襲撃)
    SELFDESTRUCT = "selfdestruct"  # 血狼's day action (W.1.14)
    WITCH = "witch"  # 魔女's 毒薬 (V1.1.16)
    ASSASSINATE = "assassinate"  # 暗殺者's 暗殺 (V1.1.16)
    INFIRM = "infirm"  # 老人's 老衰, public (V1.1.16)
    DRAGON = "dragon"  # 竜騎士's 竜の炎 (V2.1.13)
    SAMURAI = "samurai"  # 侍's counter (V2.1.13: 侍の反撃)
    ELEMENTAL = "elemental"  # 精霊使い's 暴走した精霊の力 (V2.1.13)
    SACRIFICE = "sacrifice"  # 人身御供's 生贄 (V2.1.13)
    GHOST = "ghost"  # 闇の霊媒師's 亡霊の怨念 (V2.1.13)

    @property
    def name_ja(self) -> str:
        return _CAUSE_JA[self]


_CAUSE_JA = {
    Cause.ATTACK: "人狼の襲撃", Cause.VAMPIRE: "ヴァンパイアの襲撃", Cause.EXECUTION: "処刑", Cause.CURSE: "呪殺",
    Cause.POISON: "毒", Cause.INFECTION: "感染症", Cause.SUICIDE: "後追い", Cause.HUNTER: "銃殺",
    Cause.LEAVE: "失踪", Cause.SUDDEN: "突然死", Cause.GREEDY: "強欲の報い",
    Cause.TOUGH: "捨て身", Cause.PSYCHO: "サイコキラー", Cause.TRAP: "罠",
    Cause.CRAFTY: "死んだふり", Cause.DOG: "犬の襲撃",
    Cause.SELFDESTRUCT: "自爆",
    Cause.WITCH: "毒薬", Cause.ASSASSINATE: "暗殺", Cause.INFIRM: "老衰",
    Cause.DRAGON: "竜の炎", Cause.SAMURAI: "侍の反撃", Cause.ELEMENTAL: "暴走した精霊の力", Cause.SACRIFICE: "生贄",
    Cause.GHOST: "亡霊の怨念",
}  # fmt: skip

#: Causes announced with their own text while the game runs; the rest read 「無残な姿で発見されました」.
PUBLIC_CAUSES = frozenset({Cause.EXECUTION, Cause.SUICIDE, Cause.HUNTER, Cause.LEAVE, Cause.SUDDEN, Cause.INFIRM})


class Blocked(enum.Enum):
    """Why a death did not happen (W.1.9f): what stopped it, as the 瞳狼's line names it. A
    resisting declaration states its own (``Role.blocks_as``; default 耐性)."""

    RESISTANCE = "resistance"  # 耐性: immunity or an own resistance (a wolf or vampire target, 妖狐, …)
    GUARD = "guard"  # 護衛: a guard protection (狩人's kind), 侍
    HOLY = "holy"  # 聖なる力: 聖職者's protection, 巫女
    DEVIL = "devil"  # 悪魔の力: 悪魔くん
    CURSE = "curse"  # 呪いの力: 呪われた者
    SUBSTITUTE = "substitute"  # 身代わり: 貴族's 奴隷, サンタクロース's トナカイ, 人身御供
    ESCAPE = "escape"  # 逃亡: 逃亡者 away
    TRAP = "trap"  # 罠: 罠師
    SNOW = "snow"  # 雪: 雪女
    ACROBATICS = "acrobatics"  # 曲芸: 曲芸師


class GuardKind(enum.Enum):
    """What kind of protection a guard places (§5.2 step 2): 狩人's kind (狩人, 風来狩人, 狩人セット,
    犬, V2.1.2's) is what a bomb and a 罠 punish and an exposure voids; 罠 and 侍's counter guard
    are other kinds."""

    HUNTER = "hunter"
    TRAP = "trap"
    COUNTER = "counter"


class Fortune(enum.Enum):
    """A divination result (占い結果, §4.4)."""

    HUMAN = "human"
    WEREWOLF = "werewolf"
    VAMPIRE = "vampire"
    SUSPICIOUS = "suspicious"  # 子狐's failed divination
    PUMPKIN = "pumpkin"  # かぼちゃ魔's costume (W.1.5)

    @property
    def name_ja(self) -> str:
        return {"human": "村人", "werewolf": "人狼", "vampire": "ヴァンパイア",
                "suspicious": "なんだかとても怪しい人", "pumpkin": "かぼちゃ"}[self.value]  # fmt: skip


class PsychicResult(enum.Enum):
    """A psychic result (霊能結果, §4.4)."""

    HUMAN = "human"
    WEREWOLF = "werewolf"
    BIG_WOLF = "bigwolf"
    TINY_FOX = "tinyfox"

    @property
    def name_ja(self) -> str:
        return {"human": "村人", "werewolf": "人狼", "bigwolf": "大狼", "tinyfox": "子狐"}[self.value]


class Count(enum.Enum):
    """How a seat counts in the victory checks (§1, §7)."""

    HUMAN = "human"
    WOLF = "wolf"
    VAMPIRE = "vampire"
    NONE = "none"


class Stage(enum.Enum):
    """What the game waits for."""

    NIGHT = "night"
    DAY = "day"
    HUNTER = "hunter"
    OVER = "over"


class Moment(enum.Enum):
    """When a burial (埋葬, §5.4) happens; some burial hooks care."""

    DUSK = "dusk"
    DAWN = "dawn"
    DAY = "day"  # after the vote: its execution(s), a cancelled one, or none
    ABSENT = "absent"  # after the sudden deaths of non-voters, before the ballot is retaken
    HUNTER = "hunter"


@dataclass(frozen=True)
class Vote:
    """``seat`` votes for ``target`` in the current ballot."""

    seat: Seat
    target: Seat


@dataclass(frozen=True)
class Death:
    """A seat's death: when (the index of the phase event it came from) and why."""

    phase: int
    cause: Cause
    kind: str | None = None  # V1.1.12: the exact kind where the cause merges several (後追い: lover, fox, twin, charm)


@dataclass(frozen=True)
class Message:
    """Something the game says: to everybody (``to`` is None) or to some seats only.

    ``key`` names the text (see :mod:`jinrou.classic.texts`); ``args`` fill it in (seats as ints,
    roles as ids, results as enum values)."""

    key: str
    args: dict[str, object] = field(default_factory=dict)
    to: frozenset[Seat] | None = None

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.args.items(), key=str)), self.to))


__all__ = [
    "PUBLIC_CAUSES",
    "Action",
    "Blocked",
    "Cause",
    "Count",
    "Death",
    "Fortune",
    "GuardKind",
    "Message",
    "Moment",
    "PsychicResult",
    "Seat",
    "Stage",
    "Verb",
    "Vote",
]
