"""No Qt child that is not a QObject is left for the cyclic collector to delete twice.

Shiboken hands a wrapper the ownership of its C++ object as the collector clears it
(PYSIDE-2221): an undo step or a layout item cleared before its stack or layout is deleted a
second time by that stack or layout. The window's stacks are ``RefkitUndoStack``\\ s, whose
finalizer clears their steps first (``tests/gui/test_undo_stack_collected.py``), and no layout is
read back with ``itemAt``. Found by reading the source, so a bare ``QUndoStack(…)`` or an
``itemAt`` anywhere in the app or its GUI tests fails here, not some later run's collector."""

from __future__ import annotations

import ast
from pathlib import Path

import refkit

ROOT = Path(refkit.__file__).parent
GUI_TESTS = Path(__file__).parent / "gui"
BARE_STACKS_ON_PURPOSE = {
    # push_command's own behaviour on a stack that runs steps where it is called; each stack
    # is a local freed as the test returns (a step keeps its stack only weakly).
    "test_undo_adapter.py",
    "test_undo_stack_collected.py",  # a bare stack freed without the collector
}


def calls(paths: list[Path], names: set[str]) -> list[str]:
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in names:
                found.append(f"{path.name}:{node.lineno} {name}")
    return found


def test_every_undo_stack_is_a_refkit_undo_stack() -> None:
    sources = sorted(ROOT.rglob("*.py")) + [
        path for path in sorted(GUI_TESTS.rglob("*.py")) if path.name not in BARE_STACKS_ON_PURPOSE
    ]
    assert calls(sources, {"QUndoStack"}) == []


def test_no_layout_is_read_back_item_by_item() -> None:
    assert calls(sorted((ROOT / "gui").rglob("*.py")), {"itemAt"}) == []
