"""Checks shared by the command-line tests: one ``error: ...`` line, and bad input refused whole.

This is a plain module (pytest does not rewrite its asserts), so each assert says what it saw.
"""

from __future__ import annotations


def assert_error_line(run, *needles: str) -> str:
    """The run printed exactly one ``error: ...`` line (no traceback) holding every needle."""
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err
    assert lines[0].startswith("error: "), lines[0]
    assert "Traceback" not in run.err, run.err
    for needle in needles:
        assert needle in lines[0], f"{needle!r} not in {lines[0]!r}"
    return lines[0]


def assert_bad_input(run, *needles: str) -> None:
    """Bad input: exit code 2, nothing on stdout, and one error line holding every needle."""
    assert run.code == 2, run
    assert run.out == "", run.out
    assert_error_line(run, *needles)
