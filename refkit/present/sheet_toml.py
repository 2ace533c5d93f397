"""Reading the declarative layouts in ``sheets/*.toml``: one table of positive numbers at a time.

Every complaint names the file, the table and the key, so a broken layout says where it is broken.
"""

from __future__ import annotations

import math
import tomllib
from typing import Any

from refkit.errors import DomainError


class SheetLayoutError(DomainError, ValueError):
    """A file under ``sheets/`` is not valid TOML or lacks a number the layout needs."""


def parse_sheet(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SheetLayoutError(f"{source}: not valid TOML: {error}") from None


def table(data: dict[str, Any], name: str, source: str) -> dict[str, Any]:
    value = data.get(name)
    if not isinstance(value, dict):
        raise SheetLayoutError(f"{source}: the table [{name}] is missing")
    return value


def number(values: dict[str, Any], key: str, where: str, *, zero_ok: bool = False) -> float:
    """``values[key]`` as a float: a finite number above zero (or at zero when ``zero_ok``)."""
    value = values.get(key)
    if value is None:
        raise SheetLayoutError(f"{where}: {key} is missing")
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SheetLayoutError(f"{where}: {key} must be a number, not {value!r}")
    if value < 0 or (value == 0 and not zero_ok):
        bound = "zero or more" if zero_ok else "more than zero"
        raise SheetLayoutError(f"{where}: {key} must be {bound}, not {value!r}")
    return float(value)


def whole(values: dict[str, Any], key: str, where: str, *, zero_ok: bool = False) -> int:
    """``values[key]`` as a whole number above zero (or at zero when ``zero_ok``)."""
    value = values.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        if value is None:
            raise SheetLayoutError(f"{where}: {key} is missing")
        raise SheetLayoutError(f"{where}: {key} must be a whole number, not {value!r}")
    if value < 0 or (value == 0 and not zero_ok):
        bound = "zero or more" if zero_ok else "more than zero"
        raise SheetLayoutError(f"{where}: {key} must be {bound}, not {value!r}")
    return value


def text(values: dict[str, Any], key: str, where: str) -> str:
    value = values.get(key)
    if not isinstance(value, str) or not value.strip():
        raise SheetLayoutError(f"{where}: {key} must be a non-empty text")
    return value
