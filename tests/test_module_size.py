"""Every module of the program stays at most 700 lines (DESIGN.md): a module past that has
stopped having one responsibility and is split, not grown.

Read from the source tree, so a new or grown module anywhere under ``refkit/`` fails here by
name. ``ALLOWED_FOR_NOW`` holds only modules being split on another branch; once that split is
merged its entries go, and the list is meant to stay empty."""

from __future__ import annotations

from pathlib import Path

import refkit

MOST_LINES = 700

ALLOWED_FOR_NOW = frozenset(
    {
        # Being split by another helper (issue 24); remove each once its split is merged.
        "gui/main.py",
        "gui/dungeon/turn_panel.py",
        "gui/travel/day_panel.py",
    }
)


def module_lengths() -> dict[str, int]:
    root = Path(refkit.__file__).parent
    return {
        path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(root.rglob("*.py"))
    }


def test_no_module_is_over_the_limit() -> None:
    offenders = {
        where: lines
        for where, lines in module_lengths().items()
        if lines > MOST_LINES and where not in ALLOWED_FOR_NOW
    }
    listed = ", ".join(f"refkit/{where} ({lines} lines)" for where, lines in offenders.items())
    assert not offenders, f"modules over {MOST_LINES} lines: {listed}"


def test_the_allowed_modules_exist() -> None:
    """An allowance for a module that has gone (moved, renamed or split into a package) is
    dropped, so the list cannot quietly outlive its reason."""
    lengths = module_lengths()
    assert sorted(where for where in ALLOWED_FOR_NOW if where not in lengths) == []


def test_the_scan_reads_the_modules() -> None:
    """The scan finds the program's modules and counts their lines (so the limit test above
    cannot pass by finding nothing)."""
    lengths = module_lengths()
    assert len(lengths) > 100
    assert lengths["__init__.py"] >= 1
