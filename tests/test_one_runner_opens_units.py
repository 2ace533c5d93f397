"""Exactly one place per front end opens a unit of work: the window's undo stack and the
command line's (and scripts') ``Services`` — never a command, a service or a repository.

Found by reading the source, so a new ``with ….unit_of_work():`` anywhere else fails here
before it can split a step's transaction (and nested units are refused at run time too:
``tests/store/test_unit_rules.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

import refkit

RUNNERS = {
    "compose.py",  # Services: Services.do, in_unit, a one_step command's unit, start-up seeding
    "gui/shell/undo_adapter.py",  # RefkitUndoStack.in_one_unit: every step and write of the window
}
STORE = "store/"  # where units are made (Database.unit_of_work itself)


def openers() -> dict[str, list[int]]:
    root = Path(refkit.__file__).parent
    found: dict[str, list[int]] = {}
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"unit_of_work", "_unit_of_work"}
            ):
                found.setdefault(where, []).append(node.lineno)
    return found


def test_only_the_runners_open_units_of_work() -> None:
    outside = {
        where: lines
        for where, lines in openers().items()
        if where not in RUNNERS and not where.startswith(STORE)
    }
    assert outside == {}, f"units of work opened outside the runners: {outside}"


def test_the_runners_do_open_them() -> None:
    """The scan finds what it looks for (so the test above cannot pass by finding nothing)."""
    assert set(openers()) >= RUNNERS
