"""The dice package's exceptions. All are ValueErrors, so a caller may catch them together."""

from __future__ import annotations

from refkit.errors import DomainError


class DiceNotationError(DomainError, ValueError):
    """Dice notation that cannot be read: the message names the problem and its position."""

    def __init__(self, text: str, problem: str, position: int | None = None) -> None:
        self.text = text
        self.problem = problem
        self.position = position
        where = "" if position is None else f" at position {position}"
        super().__init__(f"bad dice notation {_shorten(text)!r}: {problem}{where}")


class DiceValueError(DomainError, ValueError):
    """Given die values that do not fit the dice: wrong count, not a face, not a number."""


class DiceOddsError(DomainError, ValueError):
    """Exact odds that would take too long to work out (too many or too large dice)."""


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
