"""The whole-number checks the rules modules share; each raises ValueError naming the value."""

from __future__ import annotations


def require_whole(what: str, value: object, *, minimum: int | None = None) -> None:
    """``value`` must be an int (not a bool), and at least ``minimum`` when one is given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{what} must be at least {minimum}, got {value}")


def require_not_negative(what: str, value: object) -> None:
    """``value`` must be an int (not a bool) that is 0 or more."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{what} cannot be negative, got {value}")
