"""The single bridge between ``refkit.app`` commands and Qt's undo stack.

Every undoable edit in the app is a plain :class:`refkit.app.undo.Command`; this adapter is the only
``QUndoCommand`` subclass. ``QUndoStack.push`` calls ``redo()`` at once, which runs ``do()``.

If ``do()`` raises, nothing was changed (commands are written that way), so :func:`push_command`
removes the half-pushed entry again and re-raises: the stack never holds an edit that did not
happen.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand, QUndoStack

from refkit.app.undo import Command


class CommandAdapter(QUndoCommand):
    """Wraps one app command; redo → ``do()``, undo → ``undo()``, text → ``text``."""

    def __init__(self, command: Command) -> None:
        super().__init__(command.text)
        self._command = command
        self.error: BaseException | None = None

    @property
    def command(self) -> Command:
        return self._command

    def redo(self) -> None:
        # Qt calls this from C++, where a Python exception would only be printed; keep it and let
        # push_command() raise it in the caller's frame.
        try:
            self._command.do()
        except Exception as error:
            self.error = error
            self.setObsolete(True)
        else:
            self.error = None
        self.setText(self._command.text)

    def undo(self) -> None:
        self._command.undo()
        self.setText(self._command.text)


def push_command(stack: QUndoStack, command: Command) -> CommandAdapter:
    """Do ``command`` and put it on ``stack``; re-raises what ``do()`` raised (stack unchanged)."""
    adapter = CommandAdapter(command)
    stack.push(adapter)
    if adapter.error is not None:
        error = adapter.error
        adapter.error = None
        raise error
    return adapter
