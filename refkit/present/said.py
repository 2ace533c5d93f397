"""A panel's one message line, which goes when its cause goes (Qt-free).

A refusal such as "Name the dungeon first" is said with the condition that made it; whenever the
panel shows a new state it asks the line whether that condition still holds, and the message is
withdrawn the moment it does not (the dungeon was entered, an undo took the cause away). A
message said without a condition stays until the next one or until its time runs out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

S = TypeVar("S")


class SaidLine(Generic[S]):
    """The message shown now and what keeps it true."""

    def __init__(self) -> None:
        self._text = ""
        self._holds: Callable[[S], bool] | None = None

    @property
    def text(self) -> str:
        return self._text

    def say(self, text: str, holds: Callable[[S], bool] | None = None) -> None:
        self._text, self._holds = text, holds

    def clear(self) -> None:
        self._text, self._holds = "", None

    def still_true(self, state: S) -> bool:
        """False (and the line cleared) when the message's cause no longer holds in ``state``."""
        if not self._text:
            return False
        if self._holds is not None and not self._holds(state):
            self.clear()
            return False
        return True
