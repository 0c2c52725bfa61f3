"""Every error jinrou raises on bad input, one class per kind of failure.

All are :class:`ValueError` subclasses under :class:`JinrouError`, so a caller can catch them all.
Messages are lower case, quote the offending input and say what is allowed. Whatever raised them
changed nothing: rules validate before they build a new state.
"""


class JinrouError(ValueError):
    """Base class of every jinrou input error.

    ``ja`` is the same message in Japanese, where one was written: a page in Japanese shows it
    (:attr:`japanese` falls back to the English message).
    """

    def __init__(self, message: str = "", *args: object, ja: str | None = None):
        super().__init__(message, *args)
        self.ja = ja

    @property
    def japanese(self) -> str:
        return self.ja or str(self)


class SetupError(JinrouError):
    """A game cannot be set up like this (player count, wolves, names, options)."""


class IllegalActionError(JinrouError):
    """An action is not allowed now: wrong phase, dead or unknown player, bad target, acted twice."""


class ImpossibleOutcomeError(JinrouError):
    """A forced random outcome has probability zero in the current state."""


class RecordError(JinrouError):
    """A game record is malformed or contradicts the rules; the message names the event index."""


class NotationError(JinrouError):
    """A move text cannot be read (quantum mini-shogi notation such as ``⑤c4`` or ``5-c4``)."""


class StrategyError(JinrouError):
    """A strategy rule file is malformed; the message names the expression and its JSON path."""


class CastingError(JinrouError):
    """A 闇鍋 casting cannot be made as asked: a bad or impossible request (the message says what is
    allowed), or, with option ``faithful``, a role list the reference server would have refused."""


class StudyError(JinrouError):
    """A 闇鍋 team-ratio study or tuning cannot be run as asked: a bad plan, or a results file that
    belongs to another study or is damaged (the message names the file and line)."""


class ClusterError(JinrouError):
    """A Dask scheduler given for a parallel sweep cannot be reached or used; the message names the
    address and the reason."""
