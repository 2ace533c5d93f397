"""The fight's undoable steps: each swaps one fight state for the next, and puts it back.

A step is made before it is done (the desktop's undo stack does it on push) and any dice it
needs are rolled when it is made, so a redo repeats the same step. An undo or redo refuses
(:class:`~refkit.app.undo.UndoConflictError`) when the fight is no longer as the step left it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from refkit.app.undo import Command, CompositeCommand, UndoConflictError
from refkit.rules.combat.fight import Fight


class FightLog(Protocol):
    """Where the fight's steps are written (the session log): an entry per step, marked undone
    while the step is undone, never rewritten."""

    def write(self, text: str) -> int:
        """Store an entry for a step just done; returns its id."""
        ...

    def mark_undone(self, entry: int, undone: bool) -> None: ...


class FightHolder(Protocol):
    """Where the fight's current state lives (the fight session)."""

    @property
    def state(self) -> Fight: ...

    @property
    def log(self) -> FightLog | None: ...

    def replace_state(self, state: Fight) -> None: ...


Follow = Callable[[Fight, Fight], Iterable[Command]]
"""What a fight step leads to on the crows' sheets, from the fight before and after it (the
"grabbed" a crow loses when its grab ends), made when the step is first done."""


class FightStep:
    """One change of the fight: ``before`` becomes ``after``, with one entry in the fight log."""

    def __init__(
        self,
        holder: FightHolder,
        before: Fight,
        after: Fight,
        text: str,
        *,
        follow: Follow | None = None,
    ) -> None:
        self._holder = holder
        self.before = before
        self.after = after
        self._text = text
        self._entry: int | None = None
        self._follow = follow
        self._followed: CompositeCommand | None = None

    @property
    def text(self) -> str:
        return self._text

    def do(self) -> None:
        self._swap(self.before, self.after, "redo")
        try:
            self._do_followed()
        except BaseException:
            self._swap(self.after, self.before, "undo")
            raise
        log = self._holder.log
        if log is None:
            return
        if self._entry is None:
            self._entry = log.write(self._text)
        else:
            log.mark_undone(self._entry, False)

    def undo(self) -> None:
        if self._followed is not None:
            self._followed.undo()
        try:
            self._swap(self.after, self.before, "undo")
        except BaseException:
            if self._followed is not None:
                self._followed.do()
            raise
        log = self._holder.log
        if log is not None and self._entry is not None:
            log.mark_undone(self._entry, True)

    def _do_followed(self) -> None:
        """The sheet changes the new fight leads to: worked out on the first do, from the sheets
        as they are then (after the step's other changes), and done again on a redo."""
        if self._followed is not None:
            self._followed.do()
            return
        if self._follow is None:
            return
        followed = CompositeCommand(self._text)
        try:
            for command in self._follow(self.before, self.after):
                command.do()
                followed.add_done(command)
        except BaseException:
            followed.undo()
            raise
        self._followed = followed

    def _swap(self, expected: Fight, target: Fight, action: str) -> None:
        if self._holder.state != expected:
            raise UndoConflictError(
                f"cannot {action} {self._text!r}: the fight changed since; nothing was changed"
            )
        self._holder.replace_state(target)


class JoinedStep:
    """Several commands made one after another, each from the state the one before it left
    (two edits of one crow must not both start from the same sheet), as one step."""

    def __init__(self, text: str, builders: list[Callable[[], Command]]) -> None:
        self._text = text
        self._builders = builders
        self._joined: CompositeCommand | None = None

    @property
    def text(self) -> str:
        return self._text

    def do(self) -> None:
        if self._joined is not None:
            self._joined.do()
            return
        joined = CompositeCommand(self._text)
        try:
            for build in self._builders:
                child = build()
                child.do()
                joined.add_done(child)
        except BaseException:
            joined.undo()
            raise
        self._joined = joined

    def undo(self) -> None:
        if self._joined is None:
            raise RuntimeError(f"{self._text!r} has not been done, so it cannot be undone")
        self._joined.undo()
