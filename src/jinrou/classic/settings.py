"""Room settings of classic werewolf (classic-werewolf spec §10), with their defaults and limits.

Settings keep the spec's names and values as strings (``"on"``/``"off"`` for switches, phase
lengths in seconds as integers), so a record, a room form and the spec read alike. The table
:data:`SCHEMA` is the one place each setting is declared; the lobby form, the validation messages
and the documentation come from it.

>>> s = Settings.parse({"scapegoat": "off", "drawvote": "random"})
>>> s["scapegoat"], s["drawvote"], s["runoff"], s.on("wolfsound")
('off', 'random', 'no', True)
>>> Settings.parse({"drawvote": "coin"})
Traceback (most recent call last):
...
jinrou.errors.SetupError: setting 'drawvote' must be one of revote, random, none, all, once, not 'coin'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from jinrou.errors import SetupError


@dataclass(frozen=True)
class Setting:
    """One room setting: its allowed values (the first is the default) or an integer range."""

    name: str
    label_ja: str
    label_en: str
    choices: tuple[str, ...] = ()
    default_int: int = 0
    minimum: int = 0
    maximum: int = 3600
    unit: str = "seconds"  # what an integer setting counts
    quiet: bool = False  # written in a record only when it is not its default (a setting added after records were kept)

    @property
    def default(self) -> str | int:
        return self.choices[0] if self.choices else self.default_int

    def check(self, value: Any) -> str | int:
        if self.choices:
            if not isinstance(value, str) or value not in self.choices:
                raise SetupError(f"setting {self.name!r} must be one of {', '.join(self.choices)}, not {value!r}")
            return value
        if isinstance(value, bool) or not isinstance(value, int) or not self.minimum <= value <= self.maximum:
            raise SetupError(
                f"setting {self.name!r} must be a whole number of {self.unit} from {self.minimum} to {self.maximum}, "
                f"not {value!r}"
            )
        return value


ON_OFF = ("on", "off")
OFF_ON = ("off", "on")


def _s(name: str, ja: str, en: str, *choices: str) -> Setting:
    return Setting(name, ja, en, choices)


def _t(name: str, ja: str, en: str, default: int, minimum: int = 0) -> Setting:
    return Setting(name, ja, en, default_int=default, minimum=minimum)


SCHEMA: Mapping[str, Setting] = MappingProxyType({s.name: s for s in (
    _s("scapegoat", "身代わりくん", "scapegoat", "on", "off", "no"),
    _s("safety", "身代わりセーフティ", "scapegoat safety", "full", "no", "free"),
    _t("day", "昼", "day (s)", 330, 1),
    _t("night", "夜", "night (s)", 150),
    _t("remain", "猶予", "grace (s)", 120, 60),
    _t("voting", "投票専用時間", "voting time (s)", 0),
    _s("dynamic_day_time", "昼を生存者数で", "day length by survivors", *OFF_ON),
    Setting("dynamic_day_time_factor", "生存者1人あたり", "per survivor (s)", default_int=30, minimum=10, maximum=600),
    _t("silentrule", "n秒ルール", "silent start (s)", 0),
    _s("will", "遺言", "wills", *ON_OFF),
    _s("heavenview", "霊界表示", "the dead see all", "norevive", "view", ""),
    _s("votemyself", "自分に投票", "vote for oneself", *OFF_ON),
    _s("voteresult", "投票結果を隠す", "hide the vote table", *OFF_ON),
    _s("runoff", "決選投票", "runoff", "no", "revote", "yes"),
    _s("drawvote", "同数時", "on a tie", "revote", "random", "none", "all", "once"),
    _s("decider", "決定者", "decider", *OFF_ON),
    _s("authority", "権力者", "authority", *OFF_ON),
    _s("drunk", "酔っ払い", "a drunk", *OFF_ON),
    _s("deathnote", "死神の手帳", "the death note", *OFF_ON),
    _s("wolfminion", "狼の子分", "a wolf names a minion", *OFF_ON),
    _s("losemode", "敗北村", "losers win", *OFF_ON),
    _s("rolerequest", "希望役職制", "role requests", *OFF_ON),
    _s("chemical", "ケミカル人狼", "two roles a seat (chemical)", *OFF_ON),
    _s("noticebitten", "噛まれたら分かる", "the attacked are told", *OFF_ON),
    _s("GMpsychic", "GM霊能", "public psychic results", *OFF_ON),
    _s("wolfsound", "遠吠え", "wolves' howl", *ON_OFF),
    _s("wolfattack", "人狼を襲撃可", "wolves may attack wolves", *OFF_ON),
    _s("divineresult", "占い結果", "divination result", "sunrise", "immediate"),
    _s("firstnightdivine", "初日白通知", "first-night divination", "manual", "auto"),
    _s("psychicresult", "霊能結果", "psychic result", "sunrise", "sunset"),
    _s("couplesound", "共有者の小声", "couples' whisper", *OFF_ON),
    _s("guardmyself", "自分護衛", "guard oneself", *OFF_ON),
    _s("gjmessage", "護衛成功通知", "tell a guard his success", *OFF_ON),
    _s("consecutiveguard", "連続護衛", "guard the same seat twice", "yes", "no"),
    _s("deadfox", "呪殺表示", "announce curse deaths", *OFF_ON),
    _s("hunter_lastattack", "ラス撃ち", "hunter's last shot", "yes", "no"),
    _s("poisonwolf", "毒持ち襲撃", "poison hits", "selector", ""),
    _s("friendsjudge", "恋人の勝利条件", "lovers win", "alive", "ruin"),
    _s("friendssplit", "恋人は独立", "lover pairs apart", *ON_OFF),
    _s("shoji", "障子に目あり", "warn of eavesdroppers", *OFF_ON),
    _s("blind", "覆面", "masked names", "off", "on", "complete"),  # on: until the end; complete (完全覆面): for ever
    _s("gm", "ゲームマスター", "the host is the game master", *OFF_ON),
    _s("watchspeak", "観戦者の発言", "spectators may talk", *ON_OFF),
    Setting("endless", "エンドレス闇鍋", "endless (people join a game going on)", OFF_ON, quiet=True),
    Setting("capacity", "部屋の人数", "the room's number (seats counted)", default_int=0, maximum=1000, unit="seats",
            quiet=True),
)})  # fmt: skip
"""Every setting by name, in the spec's order. ``blind``, ``gm`` and ``watchspeak`` are the room's (月下人狼's room
options, not its rules): the engine plays alike under them, the record keeps them, the online room honours them.
``endless`` and ``capacity`` are エンドレス闇鍋's (:mod:`jinrou.classic.endless`: people join the game while it is
played, the dead are reborn; ``capacity`` 0 is the seats at the start); a record writes them only when an endless
game sets them (:meth:`Settings.written`), so that the records kept before them read as they were."""


@dataclass(frozen=True)
class Settings:
    """A room's settings: every name of :data:`SCHEMA` with a checked value."""

    values: Mapping[str, str | int]

    @classmethod
    def parse(cls, given: Mapping[str, Any] | None = None) -> Settings:
        """Settings from a mapping of names to values; absent names take their defaults.

        Raises:
            SetupError: an unknown name or a value that is not allowed (the message lists what is).
        """
        if given is not None and not isinstance(given, Mapping):
            raise SetupError("settings must be an object of names and values")
        given = dict(given or {})
        unknown = sorted(set(given) - set(SCHEMA), key=str)
        if unknown:
            raise SetupError(f"unknown setting {unknown[0]!r}: the settings are {', '.join(SCHEMA)}")
        return cls(MappingProxyType({name: s.check(given[name]) if name in given else s.default
                                     for name, s in SCHEMA.items()}))

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def on(self, name: str) -> bool:
        """Whether a switch is on (``"on"`` or ``"yes"``)."""
        return self.values[name] in ("on", "yes")

    def written(self) -> dict[str, str | int]:
        """The settings a record writes: every one, but a ``quiet`` one only when it is not its default."""
        return {name: v for name, v in self.values.items() if not SCHEMA[name].quiet or v != SCHEMA[name].default}

    def changed(self) -> dict[str, str | int]:
        """The settings that differ from their defaults (what a record needs to say)."""
        return {name: v for name, v in self.values.items() if v != SCHEMA[name].default}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settings) and dict(self.values) == dict(other.values)

    def __hash__(self) -> int:
        return hash(tuple(self.values.items()))

    def __deepcopy__(self, memo: dict[int, Any]) -> Settings:
        return self  # immutable: a copied game shares its settings

    def __reduce__(self) -> tuple[Any, tuple[dict[str, str | int]]]:
        return _settings, (dict(self.values),)  # a mapping proxy is not picklable: its values are


def _settings(values: dict[str, str | int]) -> Settings:
    """Settings from checked values (how pickled settings come back)."""
    return Settings(MappingProxyType(values))


DEFAULT = Settings.parse()
