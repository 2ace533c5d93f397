"""The single bridge between ``refkit.app`` commands and Qt's undo stack.

Every undoable edit in the app is a plain :class:`refkit.app.undo.Command`; this adapter is the only
``QUndoCommand`` subclass. ``QUndoStack.push`` calls ``redo()`` at once, which runs ``do()``.

If ``do()`` raises, nothing was changed (commands are written that way), so :func:`push_command`
removes the half-pushed entry again and re-raises: the stack never holds an edit that did not
happen.

Undo and redo from the Edit menu can fail too (another process changed the dungeon turn in
between, say): the command then refuses, changing nothing. The adapter marks itself obsolete so
Qt drops it (it can no longer be undone), and a :class:`RefkitUndoStack` says why through its
``command_failed`` signal, which the window shows.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from refkit.app.undo import Command


class RefkitUndoStack(QUndoStack):
    """The app's undo stack: a QUndoStack that reports undo/redo steps that were refused."""

    command_failed = Signal(str)


class CommandAdapter(QUndoCommand):
    """Wraps one app command; redo → ``do()``, undo → ``undo()``, text → ``text``."""

    def __init__(self, command: Command, stack: QUndoStack | None = None) -> None:
        super().__init__(command.text)
        self._command = command
        self._stack = stack
        self._pushed = False
        self.error: BaseException | None = None

    @property
    def command(self) -> Command:
        return self._command

    def redo(self) -> None:
        # Qt calls this from C++, where a Python exception would only be printed; keep it and let
        # push_command() raise it in the caller's frame (or report it, on a later redo).
        try:
            self._command.do()
        except Exception as error:
            self._refused("Redo", error)
        else:
            self.error = None
        self.setText(self._command.text)

    def undo(self) -> None:
        try:
            self._command.undo()
        except Exception as error:
            self._refused("Undo", error)
        self.setText(self._command.text)

    def _refused(self, step: str, error: Exception) -> None:
        self.error = error
        self.setObsolete(True)
        if self._pushed and isinstance(self._stack, RefkitUndoStack):
            self.error = None
            self._stack.command_failed.emit(f"{step} of “{self._command.text}” refused: {error}")


def push_command(stack: QUndoStack, command: Command) -> CommandAdapter:
    """Do ``command`` and put it on ``stack``; re-raises what ``do()`` raised (stack unchanged)."""
    adapter = CommandAdapter(command, stack)
    stack.push(adapter)
    adapter._pushed = True
    if adapter.error is not None:
        error = adapter.error
        adapter.error = None
        raise error
    return adapter
