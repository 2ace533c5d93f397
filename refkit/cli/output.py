"""Printing results: exactly one JSON object with --json, short text otherwise.

What is printed may hold names and notes from files and the database, so control and format
characters are written as escapes (``\\x1b``, ``\\u202e``): a crow called ``ESC[2J`` cannot
clear the terminal, and the JSON still reads back to the same values.
"""

from __future__ import annotations

import json
import sys

from refkit.rules.common.name_text import json_safe, terminal_safe

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Protocol, SupportsFloat

    class Ratio(Protocol):
        """An exact ratio, as a Fraction is."""

        @property
        def numerator(self) -> int: ...

        @property
        def denominator(self) -> int: ...


def emit(result: Mapping[str, Any], text: str, *, as_json: bool) -> None:
    if as_json:
        sys.stdout.write(json_safe(json.dumps(result, ensure_ascii=False)) + "\n")
    else:
        sys.stdout.write(terminal_safe(text.rstrip("\n")) + "\n")


def error_line(message: str) -> str:
    """The one ``error: …`` line for ``message``: whitespace runs (newlines too) become one space,
    hidden characters become escapes."""
    return "error: " + terminal_safe(" ".join(message.split()), keep="") + "\n"


def warning_line(message: str) -> str:
    """One ``warning: …`` line: something went wrong beside a result that was still given."""
    return "warning: " + terminal_safe(" ".join(message.split()), keep="") + "\n"


def fraction_text(value: Ratio) -> str:
    return f"{value.numerator}/{value.denominator}"


def percent(value: SupportsFloat) -> str:
    return f"{float(value) * 100:.1f}%"
