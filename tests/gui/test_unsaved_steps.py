"""Undo-stack steps the database refused to write: reported with Retry and Discard, never lost.

The rules' refusals (a ValueError) still undo nothing and say why in the status bar; a failed
write (locked, full, read-only) keeps the step so the user can retry it or give it up.
"""

from __future__ import annotations

import pytest

from refkit.gui.shell.save_problem_bar import SaveProblem, SaveProblemBar
from refkit.gui.shell.undo_adapter import EditNotSavedError, RefkitUndoStack, push_command
from refkit.store.errors import DatabaseLockedError

LOCKED = DatabaseLockedError("/data/refkit.sqlite3", "the database is locked by another program")


class FlakyStore:
    """A number kept in a 'database' that can be locked."""

    def __init__(self) -> None:
        self.value = 0
        self.locked = False

    def write(self, value: int) -> None:
        if self.locked:
            raise LOCKED
        self.value = value


class SetValue:
    def __init__(self, store: FlakyStore, value: int) -> None:
        self.store = store
        self.value = value
        self.before = store.value

    @property
    def text(self) -> str:
        return f"Set the value to {self.value}"

    def do(self) -> None:
        self.store.write(self.value)

    def undo(self) -> None:
        self.store.write(self.before)


@pytest.fixture
def stack(qapp) -> RefkitUndoStack:
    return RefkitUndoStack()


@pytest.fixture
def problems(stack: RefkitUndoStack) -> list[SaveProblem]:
    seen: list[SaveProblem] = []
    stack.write_failed.connect(seen.append)
    return seen


def test_a_push_that_cannot_be_written_is_reported_and_raised_as_a_refusal(
    stack: RefkitUndoStack, problems: list[SaveProblem]
) -> None:
    store = FlakyStore()
    store.locked = True
    with pytest.raises(EditNotSavedError) as caught:
        push_command(stack, SetValue(store, 5))
    assert isinstance(caught.value, ValueError)  # panels show it like any refusal
    assert str(caught.value) == (
        "“Set the value to 5” was not saved: the database is locked by another program"
    )
    assert stack.count() == 0
    (problem,) = problems
    assert problem.text == str(caught.value)
    store.locked = False
    problem.retry()
    assert store.value == 5 and stack.count() == 1
    assert len(problems) == 1  # a retry does not report again


def test_a_retry_that_fails_again_is_not_reported_twice(
    stack: RefkitUndoStack, problems: list[SaveProblem], qtbot
) -> None:
    bar = SaveProblemBar()
    qtbot.addWidget(bar)
    stack.write_failed.connect(bar.report)
    store = FlakyStore()
    store.locked = True
    with pytest.raises(EditNotSavedError):
        push_command(stack, SetValue(store, 5))
    assert not bar.retry()
    assert len(bar.problems()) == 1
    store.locked = False
    assert bar.retry()
    assert bar.problems() == [] and store.value == 5


def test_an_undo_that_cannot_be_written_stays_and_retry_finishes_it(
    stack: RefkitUndoStack, problems: list[SaveProblem]
) -> None:
    store = FlakyStore()
    push_command(stack, SetValue(store, 5))
    store.locked = True
    stack.undo()
    assert store.value == 5  # nothing was written …
    (problem,) = problems
    assert problem.text == (
        "Undo of “Set the value to 5” was not saved: the database is locked by another program"
    )
    assert stack.count() == 1  # … and the step is kept, not dropped as obsolete
    store.locked = False
    problem.retry()
    assert store.value == 0
    stack.redo()
    assert store.value == 5


def test_discarding_a_failed_undo_puts_the_stack_back_without_running_it_again(
    stack: RefkitUndoStack, problems: list[SaveProblem]
) -> None:
    store = FlakyStore()
    push_command(stack, SetValue(store, 5))
    store.locked = True
    stack.undo()
    assert stack.index() == 0
    store.locked = False
    assert problems[0].discard is not None
    problems[0].discard()
    assert stack.index() == 1 and store.value == 5
    stack.undo()
    assert store.value == 0


def test_a_rules_refusal_still_drops_the_step_and_says_why(stack: RefkitUndoStack) -> None:
    messages: list[str] = []
    stack.command_failed.connect(messages.append)
    store = FlakyStore()
    command = SetValue(store, 5)
    push_command(stack, command)

    def refuse() -> None:
        raise ValueError("another window changed it")

    command.undo = refuse  # type: ignore[method-assign]
    stack.undo()
    assert messages == ["Undo of “Set the value to 5” refused: another window changed it"]


def test_edits_waiting_in_editors_are_saved_before_each_step(stack: RefkitUndoStack) -> None:
    store = FlakyStore()
    order: list[str] = []

    def pending() -> None:
        order.append("pending saved")
        push_command(stack, SetValue(store, 1))  # a nested save does not recurse

    stack.add_pending_saver(pending)
    push_command(stack, SetValue(store, 2))
    order.append("step done")
    assert order == ["pending saved", "step done"]
    stack.undo()
    assert order == ["pending saved", "step done", "pending saved"]
    assert [stack.text(i) for i in range(stack.count())][:2] == [
        "Set the value to 1",
        "Set the value to 2",
    ]
