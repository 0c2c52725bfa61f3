"""Files and JSON text read the same way by every record, rule-file and word-list reader: its errors are one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinrou.errors import JinrouError


def read_text(path: str | Path, error: type[JinrouError] = JinrouError, name: str | None = None,
              give: str | None = None, not_text: str = "is not UTF-8 text") -> str:
    """The UTF-8 text of the file at ``path``, or ``error`` in one line saying why not: missing, a folder,
    unreadable, not UTF-8. ``name``: how the message names the file (else its path); ``give``: what to give
    instead, said when it is missing or a folder; ``not_text``: what is said of a file that is not UTF-8."""
    name = name or str(path)
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{name} does not exist" + (f": give {give}" if give else "")) from None
    except IsADirectoryError:
        raise error(f"{name} is a folder: give {give or 'a file'}") from None
    except OSError as problem:
        raise error(f"cannot read {name}: {problem.strerror or problem}") from None
    except UnicodeDecodeError:
        raise error(f"{name} {not_text}") from None


def parse_json(text: str | bytes, error: type[JinrouError] = JinrouError) -> Any:
    """The value of JSON ``text``; ``error`` with one line when it is not JSON (or nested so deeply
    that it cannot be read).

    >>> parse_json('{"a": [1]}')
    {'a': [1]}
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(f"not JSON: {problem}") from None
    except UnicodeDecodeError:
        raise error("not JSON: the text is not UTF-8") from None
    except RecursionError:
        raise error("not JSON that can be read: nested too deeply") from None
    except ValueError as problem:  # an integer past Python's conversion limit (4,300 digits)
        raise error(f"not JSON that can be read: {str(problem).split(';')[0]}") from None
