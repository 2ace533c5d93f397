"""An undo stack left to Python's cyclic collector takes its steps with it, without a crash.

The fresh-clone suite died now and then with SIGSEGV in the collector. The cause: when the
collector breaks a cycle, shiboken's ``tp_clear`` first detaches each wrapper from its C++ parent
and hands it ownership (PYSIDE-2221, in every released 6.x). A step's wrapper (a
``QUndoCommand``, not a ``QObject``, so its stack is not told) cleared before its stack deleted
the step, and the stack, freed a moment later in the same collection, deleted it again.

Each case runs in a child process, since the crash takes the interpreter with it. The step is
made before what holds the stack, so the collector clears the step first: the order that
crashed.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import weakref

import pytest
from PySide6.QtGui import QUndoStack

from refkit.app.undo import FunctionCommand
from refkit.gui.shell.undo_adapter import push_command

SCRIPT = textwrap.dedent(
    """
    import gc
    import sys

    from PySide6.QtWidgets import QApplication, QWidget

    from refkit.app.undo import FunctionCommand
    from refkit.gui.shell.undo_adapter import CommandAdapter, RefkitUndoStack

    app = QApplication([])
    done = []


    class Holder:
        '''A panel or session keeping the stack, in a cycle with itself.'''


    for turn in range(5):
        step = CommandAdapter(
            FunctionCommand("note a turn", lambda: done.append(1), lambda: done.pop())
        )
        holder = Holder()
        holder.me = holder
        holder.window = QWidget()
        holder.stack = RefkitUndoStack({parent})
        holder.stack.push(step)
        holder.stack.{move}
        del step, holder
        gc.collect()
    print("collected", len(done))
    """
)


@pytest.mark.slow
@pytest.mark.parametrize(("move", "done"), [("index()", 5), ("undo()", 0)])
@pytest.mark.parametrize("parent", ["", "holder.window"], ids=["alone", "in a window"])
def test_a_stack_with_its_steps_in_a_garbage_cycle_is_collected(
    move: str, done: int, parent: str
) -> None:
    script = SCRIPT.format(move=move, parent=parent)
    ran = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout.strip() == f"collected {done}"


def test_a_dropped_stack_and_its_steps_are_freed_without_the_collector(qapp) -> None:
    """A step does not keep its stack alive: a bare stack (no finalizer) dropped with its steps
    is freed at once, never left for the collector to clear wrapper by wrapper."""
    stack = QUndoStack()
    box: list[int] = []
    push_command(stack, FunctionCommand("note", lambda: box.append(1), box.clear))
    gone = weakref.ref(stack)
    gc.disable()
    try:
        del stack
        assert gone() is None
    finally:
        gc.enable()
    assert box == [1]
