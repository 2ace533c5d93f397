"""Every module of the program stays at most 700 lines (DESIGN.md): a module past that has
stopped having one responsibility and is split, not grown.

Read from the source tree, so a new or grown module anywhere under ``refkit/`` fails here by
name; there is no allow-list."""

from __future__ import annotations

from pathlib import Path

import refkit

MOST_LINES = 700


def module_lengths() -> dict[str, int]:
    root = Path(refkit.__file__).parent
    return {
        path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(root.rglob("*.py"))
    }


def test_no_module_is_over_the_limit() -> None:
    offenders = {where: lines for where, lines in module_lengths().items() if lines > MOST_LINES}
    listed = ", ".join(f"refkit/{where} ({lines} lines)" for where, lines in offenders.items())
    assert not offenders, f"modules over {MOST_LINES} lines: {listed}"


def test_the_scan_reads_the_modules() -> None:
    """The scan finds the program's modules and counts their lines (so the limit test above
    cannot pass by finding nothing)."""
    lengths = module_lengths()
    assert len(lengths) > 100
    assert lengths["__init__.py"] >= 1
