"""Printing results: exactly one JSON object with --json, short text otherwise."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any


def emit(result: Mapping[str, Any], text: str, *, as_json: bool) -> None:
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(text.rstrip("\n") + "\n")


def fraction_text(value: Any) -> str:
    return f"{value.numerator}/{value.denominator}"


def percent(value: Any) -> str:
    return f"{float(value) * 100:.1f}%"
