"""Undoable edits as plain command objects.

A command knows how to do itself, undo itself, and what to call itself in the Edit menu. There is no
history here: the desktop app keeps one ``QUndoStack`` and wraps every command in a single adapter,
so the Qt stack *is* the history. Front ends without Qt (tests, scripts) simply call ``do()``.

A command's ``do()`` may be called again after ``undo()`` (redo), so it must work from the state its
own ``undo()`` left behind. An undo or redo that would overwrite what changed since (another window,
the command line) raises :class:`UndoConflictError` instead, changing nothing.

Steps that join several commands (End DT with its wounds on the crows, a rest with its benefits) are
one :class:`CompositeCommand`: its children are done in order and undone in reverse, all or none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from refkit.errors import ConflictError


class UndoConflictError(ConflictError):
    """An undo or redo refused because what it would overwrite changed since; nothing changed."""


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


@runtime_checkable
class Undoable(Protocol):
    """What a step's hook may return to have its work undone with the step."""

    def do(self) -> None: ...

    def undo(self) -> None: ...


def as_command(value: object, text: str) -> Command | None:
    """``value`` as a command to join to a step: itself if it is one, a command named ``text``
    if it can only be done and undone, None if it cannot be undone (a plain result)."""
    if isinstance(value, Command):
        return value
    if isinstance(value, Undoable):
        return FunctionCommand(text, value.do, value.undo)
    return None


class CompositeCommand:
    """Child commands as one step (Orange canvas's idea): done in order, undone in reverse.

    All or none: if a child's ``do()`` raises, the children already done are undone (latest
    first) and the error goes on; if a child's ``undo()`` raises, the children already undone are
    done again (in order) and the error goes on. Children may be added after the first ``do()``
    (a step's hooks are known only once the step ran) with :meth:`add_done`.
    """

    def __init__(self, text: str, children: Iterable[Command] = ()) -> None:
        self._text = text
        self._children: list[Command] = list(children)

    @property
    def text(self) -> str:
        return self._text

    @property
    def children(self) -> tuple[Command, ...]:
        return tuple(self._children)

    def add_done(self, child: Command) -> None:
        """Join ``child``, which the caller has already done, as the last step."""
        self._children.append(child)

    def do(self) -> None:
        done: list[Command] = []
        for child in self._children:
            try:
                child.do()
            except BaseException as error:
                _put_back([back.undo for back in reversed(done)], error)
                raise
            done.append(child)

    def undo(self) -> None:
        undone: list[Command] = []
        for child in reversed(self._children):
            try:
                child.undo()
            except BaseException as error:
                _put_back([again.do for again in reversed(undone)], error)
                raise
            undone.append(child)


class FollowedStep(CompositeCommand):
    """A step and the commands its first ``do()`` leads to (the crows' sheets a travel day
    changes, the rest it ends in), done, undone and redone as one step (in the one unit of work
    its runner opens), so a failure anywhere keeps none of it. A subclass does and yields each
    follow-up in :meth:`follow`, which runs once, right after the step."""

    def __init__(self, step: Command) -> None:
        super().__init__(step.text, (step,))
        self.step = step
        self._followed = False

    @property
    def text(self) -> str:
        return self.step.text

    def follow(self) -> Iterator[Command]:
        """The follow-ups of the step just done, each done before it is yielded."""
        return iter(())

    def do(self) -> None:
        if self._followed:  # redo
            super().do()
            return
        self._children = [self.step]  # a first do that failed midway kept none of these
        self.step.do()
        for done in self.follow():
            self.add_done(done)
        self._followed = True

    def undo(self) -> None:
        if not self._followed:
            raise RuntimeError(f"{self.text} is undone only after it was done")
        super().undo()


def _put_back(steps: Iterable[Callable[[], None]], error: BaseException) -> None:
    """Run ``steps`` to return to where the composite step started. If one of them fails too, the
    first ``error`` still goes to the caller (it says why the step was refused), with a note."""
    for step in steps:
        try:
            step()
        except Exception as also:
            error.add_note(f"and putting back what was done before failed too: {also}")
            return
