"""Issue 30 §6: the undo stack keeps a bounded number of steps (a setting), not a whole evening's.

Each step keeps what undoing it needs (a crow before and after an attack); unbounded, the stack
grew all evening. The oldest steps beyond ``undo/depth`` (default DEFAULT_UNDO_DEPTH) are dropped.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QSettings

from refkit.gui.main import RefkitApp
from refkit.gui.shell.undo_adapter import (
    DEFAULT_UNDO_DEPTH,
    UNDO_DEPTH_KEY,
    push_command,
    undo_depth,
)


class _Step:
    def __init__(self, number: int) -> None:
        self.text = f"Step {number}"

    def do(self) -> None:
        pass

    def undo(self) -> None:
        pass


def test_the_window_keeps_only_the_newest_steps_the_setting_asks_for(
    qtbot, start_app, settings: QSettings, db_file: Path
) -> None:
    settings.setValue(UNDO_DEPTH_KEY, 3)
    app: RefkitApp = start_app(db_file)
    first = app.undo_stack.count()
    for number in range(6):
        push_command(app.undo_stack, _Step(number))
    assert first <= 3
    texts = [app.undo_stack.command(i).text() for i in range(app.undo_stack.count())]
    assert texts == ["Step 3", "Step 4", "Step 5"]


def test_the_depth_defaults_when_unset_and_refuses_nonsense_saying_so(
    settings: QSettings, caplog
) -> None:
    assert undo_depth(settings) == DEFAULT_UNDO_DEPTH
    settings.setValue(UNDO_DEPTH_KEY, "50")
    assert undo_depth(settings) == 50
    for wrong in ("lots", "0", "-4", "1000000"):
        settings.setValue(UNDO_DEPTH_KEY, wrong)
        with caplog.at_level(logging.WARNING):
            assert undo_depth(settings) == DEFAULT_UNDO_DEPTH
        assert UNDO_DEPTH_KEY in caplog.text and repr(wrong) in caplog.text
        caplog.clear()


def test_malloc_arenas_are_bounded_on_glibc_unless_the_environment_says(monkeypatch) -> None:
    import platform
    import sys

    from refkit.gui.shell.memory import bound_malloc_arenas

    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert bound_malloc_arenas() is glibc
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert bound_malloc_arenas() is False
