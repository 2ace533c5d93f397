"""Issue 29 §3: the bar's own retries go on while a lock stays, and a retry that meets the lock
again keeps the lock as its reason (not "“X” was not saved: “X” was not saved: …")."""

from __future__ import annotations

import pytest

from refkit.gui.shell import save_problem_bar
from refkit.gui.shell.save_problem_bar import SaveProblemBar
from refkit.gui.shell.undo_adapter import EditNotSavedError, RefkitUndoStack, push_command
from tests.gui.test_unsaved_steps import FlakyStore, SetValue

LOCKED = "the database is locked by another program"


@pytest.fixture
def bar(qtbot, monkeypatch) -> SaveProblemBar:
    monkeypatch.setattr(save_problem_bar, "AUTO_RETRY_MS", (20, 40, 80))
    made = SaveProblemBar()
    qtbot.addWidget(made)
    return made


def test_a_retry_that_meets_the_lock_again_says_the_lock_once(qapp, bar: SaveProblemBar) -> None:
    stack = RefkitUndoStack()
    stack.write_failed.connect(bar.report)
    store = FlakyStore()
    store.locked = True
    with pytest.raises(EditNotSavedError):
        push_command(stack, SetValue(store, 5))
    assert not bar.retry()
    (problem,) = bar.problems()
    assert problem.text == f"“Set the value to 5” was not saved: {LOCKED}"
    assert problem.passing  # still a lock: the bar keeps trying by itself


def test_the_bar_keeps_trying_past_its_schedule_while_the_lock_stays(
    qtbot, qapp, bar: SaveProblemBar
) -> None:
    stack = RefkitUndoStack()
    stack.write_failed.connect(bar.report)
    store = FlakyStore()
    tries = 0
    write = store.write

    def counting(value: int) -> None:
        nonlocal tries
        tries += 1
        write(value)

    store.write = counting  # type: ignore[method-assign]
    store.locked = True
    with pytest.raises(EditNotSavedError):
        push_command(stack, SetValue(store, 5))
    qtbot.waitUntil(lambda: tries >= 8, timeout=3000)  # well past the three scheduled tries
    assert bar.has_problems() and store.value == 0
    store.locked = False
    qtbot.waitUntil(lambda: not bar.has_problems(), timeout=1000)
    assert store.value == 5 and stack.count() == 1
