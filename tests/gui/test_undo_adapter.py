"""The one QUndoCommand adapter: app commands on Qt's undo stack."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoStack

from refkit.app.undo import Command, FunctionCommand
from refkit.errors import ConflictError
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


class LosingRaces:
    """A step worked out from a stored number; the store moved on ``races`` times before it."""

    def __init__(self, box: list[int], made: list[int], races: int) -> None:
        self.box, self.made, self.races = box, made, races

    def make(self) -> Command:
        read = self.box[0]
        self.made.append(read)
        store = self

        class Step:
            text = "Double it"

            def do(self) -> None:
                if store.races:
                    store.races -= 1
                    store.box[0] += 1  # another window saved in between
                    raise ConflictError("the number was changed since; nothing was saved")
                if store.box[0] != read:
                    raise AssertionError("written over a change it did not read")
                store.box[0] = read * 2

            def undo(self) -> None:
                store.box[0] = read

        return Step()


def test_push_made_makes_a_step_again_on_the_fresh_state_after_a_conflict(qapp) -> None:
    from refkit.gui.shell.undo_adapter import push_made

    stack = QUndoStack()
    box: list[int] = [5]
    made: list[int] = []
    push_made(stack, LosingRaces(box, made, races=2).make)
    assert made == [5, 6, 7]  # read again after each lost race
    assert box == [14]
    assert stack.count() == 1
    stack.undo()
    assert box == [7]


def test_push_made_gives_up_after_its_attempts_with_the_conflict(qapp) -> None:
    from refkit.gui.shell.undo_adapter import STEP_ATTEMPTS, push_made

    stack = QUndoStack()
    box: list[int] = [1]
    with pytest.raises(ConflictError):
        push_made(stack, LosingRaces(box, [], races=STEP_ATTEMPTS).make)
    assert stack.count() == 0
    assert box == [1 + STEP_ATTEMPTS]  # only the other window's saves
