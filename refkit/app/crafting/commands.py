"""The undoable pieces of a crafting step: a project saved, started or forgotten, and a
session-log entry marked undone; a whole step is a :class:`refkit.app.crafting.service.
CraftingStep`, done by whoever runs it in one unit of work.

Each project command stores the project it leaves and undoes only while the project is still
as it left it (the revision it wrote), so an undo never throws away a roll made elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from refkit.app.undo import UndoConflictError
from refkit.errors import ConflictError
from refkit.rules.crafting.tracker import CraftingProject


class ProjectStore(Protocol):
    """What the commands need (``refkit.store.crafting_store.CraftingProjectRepository`` fits)."""

    def get(self, name: str) -> tuple[CraftingProject, int]: ...

    def save(self, project: CraftingProject, expected_revision: int | None) -> int: ...

    def delete(self, name: str, expected_revision: int) -> None: ...


@dataclass
class ProjectEdit:
    """Store ``after`` in place of ``before`` (read at ``revision``); undo puts ``before`` back.
    ``before`` None: the project is new (undo forgets it)."""

    store: ProjectStore
    before: CraftingProject | None
    after: CraftingProject
    revision: int | None
    text: str
    # The revision this command's last do (``_left``) or undo (``_undone``) wrote.
    _left: int | None = field(default=None, init=False, repr=False)
    _undone: int | None = field(default=None, init=False, repr=False)

    def do(self) -> None:
        expected = self.revision if self._left is None else self._undone
        try:
            self._left = self.store.save(self.after, expected)
        except ConflictError as error:
            if self._left is None:
                raise
            raise UndoConflictError(f"cannot redo {self.text!r}: {error}") from None

    def undo(self) -> None:
        if self._left is None:
            raise RuntimeError(f"{self.text!r} has not been done, so it cannot be undone")
        try:
            if self.before is None:
                self.store.delete(self.after.name, self._left)
                self._undone = None
            else:
                self._undone = self.store.save(self.before, self._left)
        except ConflictError as error:
            raise UndoConflictError(f"cannot undo {self.text!r}: {error}") from None


@dataclass(frozen=True)
class LogEntries:
    """Session-log entries written by a step: marked undone with it, unmarked on redo."""

    mark: Callable[[list[int], bool], object]
    ids: tuple[int, ...]
    text: str = "session log"

    def do(self) -> None:
        if self.ids:
            self.mark(list(self.ids), False)

    def undo(self) -> None:
        if self.ids:
            self.mark(list(self.ids), True)
