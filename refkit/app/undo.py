"""Undoable edits as plain command objects.

A command knows how to do itself, undo itself, and what to call itself in the Edit menu. There is no
history here: the desktop app keeps one ``QUndoStack`` and wraps every command in a single adapter,
so the Qt stack *is* the history. Front ends without Qt (tests, scripts) simply call ``do()``.

A command's ``do()`` may be called again after ``undo()`` (redo), so it must work from the state its
own ``undo()`` left behind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@runtime_checkable
class Command(Protocol):
    """An edit that can be done, undone and redone."""

    @property
    def text(self) -> str:
        """Short description for the Edit menu, e.g. ``Clear roll log (12 rolls)``."""
        ...

    def do(self) -> None:
        """Apply the edit (also used for redo)."""
        ...

    def undo(self) -> None:
        """Revert exactly what the last ``do()`` applied."""
        ...


@dataclass(frozen=True)
class FunctionCommand:
    """A command made of two callables, for edits too small to deserve a class of their own."""

    text: str
    apply: Callable[[], object]
    revert: Callable[[], object]

    def do(self) -> None:
        self.apply()

    def undo(self) -> None:
        self.revert()
