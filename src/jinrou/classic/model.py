"""The words of classic werewolf: causes of death, results, how a seat counts, stages, votes.

Actions and verbs live in :mod:`jinrou.classic.actions` (imported here too).

Enums carry the English value written in records and a Japanese label for players.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from jinrou.classic.actions import Action, Verb, Word  # what an action is (re-exported: the words of the game)
from jinrou.classic.catalog import Team
from jinrou.players import Seat  # a seat's index, 0-based, in the order of the record's ``players``


class Cause(Word):
    """Why a seat died (§5.1): the word the record writes, with its names for players.

    Causes are an open vocabulary, as verbs are: the rules' own are declared here (a wolf attack, an
    execution, 後追い, a hunter's shot, a sudden death …); a role that kills in a way of its own declares
    its cause beside it (:meth:`declare`: 欲張りな狼's 「強欲の報い」 in its module). Causes are interned:
    ``Cause("attack") is Cause.ATTACK``. Only a ``public`` cause is announced as such while the game runs
    (処刑, 後追い, 銃殺, 失踪, 突然死, 老衰: each with its own line, ``died``); the others read
    「無残な姿で発見されました」."""

    __slots__ = ("died", "found", "name_en", "name_ja", "public", "value")
    _declared: ClassVar[dict[str, Cause]] = {}

    value: str
    name_ja: str
    name_en: str  # what the online page says of it
    public: bool
    died: tuple[str, str] | None  # its own line for the death in ja and en ({player}); None: found dead
    found: tuple[str, str] | None  # a hidden cause's own line (V2.1.13 デスノート: 「…は死体で発見されました。」)

    ATTACK: ClassVar[Cause]
    VAMPIRE: ClassVar[Cause]
    EXECUTION: ClassVar[Cause]
    CURSE: ClassVar[Cause]
    SUICIDE: ClassVar[Cause]
    HUNTER: ClassVar[Cause]
    SUDDEN: ClassVar[Cause]

    def __new__(cls, value: str) -> Cause:  # noqa: PYI034 — the declared cause, never a new one
        cause = cls._declared.get(value) if isinstance(value, str) else None
        if cause is None:
            raise ValueError(f"{value!r} is not a declared cause: the causes are {', '.join(cls._declared)}")
        return cause

    @classmethod
    def declare(cls, value: str, name_ja: str, name_en: str, *, public: bool = False,
                died: tuple[str, str] | None = None, found: tuple[str, str] | None = None) -> Cause:
        """The cause ``value`` (declared now, or the same one declared before: declaring it again
        with other names is an error, so one word reads alike wherever it is written)."""
        known = cls._declared.get(value)
        if known is not None:
            if (known.name_ja, known.name_en, known.public, known.died, known.found) != (name_ja, name_en, public, died, found):
                raise ValueError(f"cause {value!r} is declared twice with different names")
            return known
        if not value or not value.isascii() or not value.isalnum() or value != value.lower():
            raise ValueError(f"a cause is one lower-case word, not {value!r}")
        cause: Cause = cls._intern(value=value, name_ja=name_ja, name_en=name_en, public=public, died=died, found=found)
        return cause


Cause.ATTACK = Cause.declare("attack", "人狼の襲撃", "killed by the wolves")
Cause.VAMPIRE = Cause.declare("vampire", "ヴァンパイアの襲撃", "killed by a vampire")
Cause.EXECUTION = Cause.declare("execution", "処刑", "executed", public=True,
                                died=("{player}は処刑されました", "{player} was executed."))
Cause.CURSE = Cause.declare("curse", "呪殺", "cursed", died=("{player}は呪殺されました", "{player} was cursed to death."))
Cause.SUICIDE = Cause.declare("suicide", "後追い", "followed in death", public=True,
                              died=("{player}は誰かの後を追って自ら死を選びました。", "{player} chose to follow someone in death."))
Cause.HUNTER = Cause.declare("hunter", "銃殺", "shot", public=True,
                             died=("{player}は銃殺されました", "{player} was shot."))
Cause.SUDDEN = Cause.declare("sudden", "突然死", "sudden death", public=True,
                             died=("{player}は突然死しました", "{player} died suddenly (no action in time)."))


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
    ONI = "oni"  # the 鬼 kinds (T.1.10)

    @property
    def name_ja(self) -> str:
        return {"human": "村人", "werewolf": "人狼", "vampire": "ヴァンパイア",
                "suspicious": "なんだかとても怪しい人", "pumpkin": "かぼちゃ", "oni": "鬼"}[self.value]  # fmt: skip


class PsychicResult(enum.Enum):
    """A psychic result (霊能結果, §4.4)."""

    HUMAN = "human"
    WEREWOLF = "werewolf"
    BIG_WOLF = "bigwolf"
    TINY_FOX = "tinyfox"
    ONI = "oni"  # the 鬼 kinds (T.1.10)
    BIG_WOLF_TINY_FOX = "bigwolf,tinyfox"  # a ケミカル seat of 大狼 and 子狐: both words (classic.chemical)

    @property
    def name_ja(self) -> str:
        return {"human": "村人", "werewolf": "人狼", "bigwolf": "大狼", "tinyfox": "子狐", "oni": "鬼",
                "bigwolf,tinyfox": "大狼,子狐"}[self.value]  # fmt: skip


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
class Template:
    """A message's text in Japanese and English (``{player}``, ``{target}`` … filled in from its args by
    :func:`jinrou.classic.texts.render`), and the words of an argument whose values are words of their
    own: argument → value → (ja, en) (共感覚者's colors, 商人's kits; a value not listed is said as is)."""

    ja: str
    en: str
    words: Mapping[str, Mapping[str, tuple[str, str]]] = field(default_factory=dict)
    relayed: bool = True  # False: it reaches its seats only, never a relay's (V2.1.8b: a poem, not a listener)

    def text(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en

    def word(self, arg: str, value: object, lang: str) -> object:
        """``value`` of the argument ``arg`` as players read it in ``lang``: its declared word, or itself."""
        words = self.words.get(arg)
        if words is None or not isinstance(value, str) or value not in words:
            return value
        return words[value][0 if lang == "ja" else 1]


@dataclass(frozen=True)
class Message:
    """Something the game says: to everybody (``to`` is None) or to some seats only.

    ``key`` names the text; ``args`` fill it in (seats as ints, roles as ids, results as enum values).
    Message texts are an open vocabulary, as verbs and causes are: the rules' own are declared in
    :mod:`jinrou.classic.texts`, a role's beside it (:meth:`declare`), so a new role that tells its
    players something edits no other file. A death's line is its cause's (:class:`Cause`)."""

    key: str
    args: dict[str, object] = field(default_factory=dict)
    to: frozenset[Seat] | None = None

    _declared: ClassVar[dict[str, Template]] = {}

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.args.items(), key=str)), self.to))

    @classmethod
    def declare(cls, key: str, ja: str, en: str, *,
                words: Mapping[str, Mapping[str, tuple[str, str]]] | None = None, relayed: bool = True) -> str:
        """Declare the texts of the message ``key`` (and the words of its arguments, :class:`Template`);
        returns the key, for ``ctx.tell(seat, KEY, …)``. Declaring it again alike is the same message;
        other texts under a declared key are an error, so a key reads alike wherever it is told."""
        if not isinstance(key, str) or not key or key != key.strip() or key == "died":
            raise ValueError(f"a message key is a non-empty word or words (not 'died': a cause's line), not {key!r}")
        template = Template(ja, en, {arg: dict(values) for arg, values in (words or {}).items()}, relayed)
        known = cls._declared.get(key)
        if known is not None and known != template:
            raise ValueError(f"message {key!r} is declared twice with different texts")
        cls._declared.setdefault(key, template)
        return key

    @classmethod
    def template(cls, key: str) -> Template | None:
        """The declared texts of ``key`` (None: none is declared)."""
        return cls._declared.get(key)

    @classmethod
    def forget(cls, key: str) -> None:
        """Remove a declared message (a test's own role, when the test ends)."""
        cls._declared.pop(key, None)


DRAW = "Draw"
"""The result of a game nobody won (a record's ``winner``)."""


@dataclass(frozen=True)
class Outcome:
    """The end: the winning team (None: a draw) and every seat that wins, dead or alive."""

    winner: Team | None
    winners: frozenset[Seat]

    @property
    def winner_id(self) -> str:
        return self.winner.value if self.winner else DRAW


__all__ = [
    "DRAW",
    "Action",
    "Blocked",
    "Cause",
    "Count",
    "Death",
    "Fortune",
    "GuardKind",
    "Message",
    "Moment",
    "Outcome",
    "PsychicResult",
    "Seat",
    "Stage",
    "Template",
    "Verb",
    "Vote",
]
