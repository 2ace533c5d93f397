"""The one QUndoCommand adapter: app commands on Qt's undo stack."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoStack

from refkit.app.undo import Command, FunctionCommand
from refkit.gui.shell.undo_adapter import push_command


class Counter:
    """A tiny undoable edit: add ``step`` to a list-held number."""

    def __init__(self, box: list[int], step: int) -> None:
        self.box = box
        self.step = step

    @property
    def text(self) -> str:
        return f"Add {self.step}"

    def do(self) -> None:
        self.box[0] += self.step

    def undo(self) -> None:
        self.box[0] -= self.step


class Refusing:
    text = "Impossible edit"

    def do(self) -> None:
        raise ValueError("slot 11 is not in the backpack (1-10)")

    def undo(self) -> None:
        raise AssertionError("never done, so never undone")


def test_push_does_undo_reverts_redo_does_again(qapp) -> None:
    stack = QUndoStack()
    box = [0]
    push_command(stack, Counter(box, 5))
    push_command(stack, Counter(box, 2))
    assert box == [7]
    assert stack.undoText() == "Add 2"
    stack.undo()
    assert box == [5]
    assert stack.redoText() == "Add 2"
    stack.undo()
    assert box == [0]
    assert not stack.canUndo()
    stack.redo()
    stack.redo()
    assert box == [7]


def test_a_command_that_fails_raises_and_leaves_the_stack_alone(qapp) -> None:
    stack = QUndoStack()
    box = [0]
    push_command(stack, Counter(box, 1))
    with pytest.raises(ValueError, match="slot 11"):
        push_command(stack, Refusing())
    assert stack.count() == 1
    assert stack.undoText() == "Add 1"
    stack.undo()
    assert box == [0]


def test_function_command_is_a_command(qapp) -> None:
    log: list[str] = []
    command = FunctionCommand("Say hi", lambda: log.append("do"), lambda: log.append("undo"))
    assert isinstance(command, Command)
    stack = QUndoStack()
    push_command(stack, command)
    stack.undo()
    stack.redo()
    assert log == ["do", "undo", "do"]
    assert stack.undoText() == "Say hi"


class RefusesUndo(Counter):
    """An edit whose undo is refused, as when another process changed the state in between."""

    def undo(self) -> None:
        raise ValueError("the clock was changed elsewhere")


def test_a_refused_undo_changes_nothing_and_is_reported(qtbot) -> None:
    from refkit.gui.shell.undo_adapter import RefkitUndoStack

    stack = RefkitUndoStack()
    box = [0]
    push_command(stack, Counter(box, 1))
    push_command(stack, RefusesUndo(box, 10))
    assert box == [11]
    with qtbot.waitSignal(stack.command_failed, timeout=1000) as failed:
        stack.undo()
    assert box == [11]  # the refused undo left the state alone
    assert "Undo of “Add 10” refused: the clock was changed elsewhere" in failed.args[0]
    assert stack.undoText() == "Add 1"  # the step that can no longer be undone is dropped
    stack.undo()
    assert box == [10]
