"""One depth guard for every file format Refkit reads (JSON and TOML alike).

Python's readers recurse once per nesting level: a 1 KB file of 500 nested ``[`` is a
RecursionError from ``tomllib`` (and a deep JSON one from the pure-Python reader), and a file
read fine can still be too deep for the code that walks it afterwards. :func:`read_nested` reads
with the given reader and refuses both — a reader giving up, or a result nested more than
:data:`MAX_DEPTH` levels — as :class:`TooDeepError`, and a value the reader cannot turn into a
Python value (an integer of over 4,300 digits) as :class:`UnreadableValueError`; each format
turns these into its own error naming the file. No Refkit file needs more than a few levels.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from typing import Any

from refkit.errors import DomainError

MAX_DEPTH = 32
"""The deepest nesting of lists and tables (objects) a Refkit file may have."""

TOO_DEEP = "its lists or tables are nested too deeply to read"


class TooDeepError(DomainError, ValueError):
    """The text nests lists or tables deeper than any Refkit file (its ``reason`` says so)."""

    reason = TOO_DEEP

    def __init__(self) -> None:
        super().__init__(TOO_DEEP)


class UnreadableValueError(DomainError, ValueError):
    """The reader understood the text but could not make a value of it (``reason``: why)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_DECODE_ERRORS = (json.JSONDecodeError, tomllib.TOMLDecodeError)


def read_nested(loads: Callable[[str], Any], text: str) -> Any:
    """``loads(text)`` (``json.loads``, ``tomllib.loads``), refused when too deep to read or
    walk (TooDeepError) or holding a value it cannot make (UnreadableValueError); the reader's
    own syntax errors pass through unchanged."""
    try:
        data = loads(text)
    except RecursionError:
        raise TooDeepError() from None
    except _DECODE_ERRORS:
        raise
    except ValueError as error:  # e.g. an integer of over 4,300 digits
        raise UnreadableValueError(f"not readable ({error})") from None
    if depth_of(data, MAX_DEPTH + 1) > MAX_DEPTH:
        raise TooDeepError()
    return data


def depth_of(data: Any, stop_at: int) -> int:
    """How deeply ``data`` nests lists and dicts (a scalar: 0), counted without recursion and
    no further than ``stop_at``."""
    deepest = 0
    waiting: list[tuple[Any, int]] = [(data, 1)]
    while waiting:
        value, depth = waiting.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        if deepest >= stop_at:
            return deepest
        waiting.extend((child, depth + 1) for child in children)
    return deepest
