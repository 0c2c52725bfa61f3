"""JSON text read the same way by every record and rule-file reader: its errors are one line."""

from __future__ import annotations

import json
from typing import Any

from jinrou.errors import JinrouError


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
