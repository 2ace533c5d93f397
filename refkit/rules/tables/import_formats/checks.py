"""What every table format shares: the problems an import collects (by line), the suggested
one-row fixes, reading a row's range as written, and the checks every parsed table ends with."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from refkit.errors import DomainError
from refkit.rules.common import file_bounds
from refkit.rules.common.name_text import name_problem
from refkit.rules.tables.import_formats.effect_durations import (
    is_effect_table,
    with_duration_read,
)
from refkit.rules.tables.model import (
    RollableTable,
    TableProblem,
    TableRow,
    TableSource,
    validate_table,
)

_DASH = r"[-–—‒―−]"
# At most 30 digits: far past any row bound (said as such), short of Python's 4,300-digit limit
# on reading a number (a longer one is "no range at the start", not a crash).
RANGE = rf"(?P<low>\d{{1,30}})\s*(?:(?:{_DASH}|to)\s*(?P<high>\d{{1,30}})|(?P<plus>\+))?"
"""A row's range as written: ``3``, ``1–2``, ``01 to 02``, ``13+``."""
RANGE_CELL = re.compile(rf"^\s*{RANGE}\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class RowFix:
    """A change to one row (1-based ``row``): a new ``low`` or ``high`` end, its removal, or
    its ``duration``. ``text`` asks for it in words: ``make row 32 start at 63?``."""

    row: int
    text: str
    low: int | None = None
    high: int | None = None
    remove: bool = False
    duration: str | None = None


@dataclass(frozen=True)
class ImportProblem:
    message: str
    line: int | None = None
    fix: RowFix | None = None

    def __str__(self) -> str:
        text = self.message if self.line is None else f"line {self.line}: {self.message}"
        return f"{text}: {self.fix.text}" if self.fix is not None else text


class TableImportError(DomainError, ValueError):
    """A table could not be imported; ``problems`` lists every reason, by source line."""

    def __init__(self, what: str, problems: Sequence[ImportProblem]) -> None:
        self.what = what
        self.problems = tuple(problems)
        count = len(self.problems)
        shown = file_bounds.TABLE_PROBLEMS_SHOWN
        listed = "; ".join(str(problem) for problem in self.problems[:shown])
        if count > shown:
            listed += f"; and {count - shown} more"
        noun = "problem" if count == 1 else "problems"
        super().__init__(f"cannot import {what}: {count} {noun}: {listed}")

    @property
    def fixes(self) -> tuple[RowFix, ...]:
        """The suggested fixes, in the order of the problems they fix."""
        return tuple(problem.fix for problem in self.problems if problem.fix is not None)


def read_number(text: str) -> int:
    """A row end as written (``00`` reads as 100)."""
    return 100 if text == "00" else int(text)


def row_range(match: re.Match[str]) -> tuple[int, int | None]:
    """The low and high (None: "and up") ends of a matched :data:`RANGE`."""
    low = read_number(match["low"])
    if match["plus"]:
        return low, None
    return low, read_number(match["high"]) if match["high"] else low


def describe(name: str | None, origin: str | None) -> str:
    """What an error calls the table being imported."""
    if origin and name:
        return f"table {name!r} from {origin}"
    if origin:
        return origin
    return f"table {name!r}" if name else "table"


def clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def too_many_rows(rows: Sequence[TableRow], line: int, problems: list[ImportProblem]) -> bool:
    """True (and a problem said) once there is one row more than a table may hold: reading on
    through a huge paste would only take time."""
    if len(rows) <= file_bounds.TABLE_ROWS:
        return False
    problems.append(
        ImportProblem(
            f"more than {file_bounds.TABLE_ROWS} rows (row {len(rows)} is here); a table holds "
            f"at most {file_bounds.TABLE_ROWS}",
            line,
        )
    )
    return True


# -- building and checking ----------------------------------------------------------------------


def infer_dice(rows: Sequence[TableRow]) -> str:
    """``1dN`` (``d100`` for 1–100) when the rows start at 1; ValueError otherwise."""
    if not rows:
        raise ValueError("cannot tell the dice of a table with no rows")
    low = min(row.low for row in rows)
    if any(row.high is None for row in rows):
        raise ValueError(
            "cannot tell the dice of a table with an open-ended row; give the dice expression"
        )
    high = max(row.high for row in rows if row.high is not None)
    if low != 1 or high < 2:
        raise ValueError(
            f"cannot tell the dice from rows covering {low}–{high}; "
            "give the dice expression (e.g. 2d6)"
        )
    return "d100" if high == 100 else f"1d{high}"


def finish(
    what: str,
    *,
    name: str,
    dice: str | None,
    rows: Sequence[TableRow],
    lines: Sequence[int] | None,
    problems: list[ImportProblem],
    source: TableSource,
    description: str = "",
    max_modifier: int | None = 0,
    modifier_name: str = "",
    fixes: Sequence[RowFix] = (),
) -> RollableTable:
    if problems:
        raise TableImportError(what, problems)
    rows, lines = apply_fixes(rows, lines, fixes)
    if is_effect_table(name):  # only their rows' durations drive anything (the repeat rule)
        rows = [with_duration_read(row) for row in rows]
    if dice is None:
        try:
            dice = infer_dice(rows)
        except ValueError as error:
            raise TableImportError(what, [ImportProblem(str(error))]) from None
    hidden = name_problem(name)
    if hidden is not None:
        raise TableImportError(what, [ImportProblem(f"the table's name {hidden}")])
    table = RollableTable(
        name=" ".join(name.split()),
        dice=dice.strip(),
        rows=tuple(rows),
        source=source,
        description=description,
        max_modifier=max_modifier,
        modifier_name=modifier_name,
    )
    found = validate_table(table, line_numbers=lines)
    if found:
        raise TableImportError(
            what,
            [ImportProblem(problem.message, fix=suggest_fix(rows, problem)) for problem in found],
        )
    return table


# -- suggested fixes and duration kinds --------------------------------------------------------


def apply_fixes(
    rows: Sequence[TableRow], lines: Sequence[int] | None, fixes: Sequence[RowFix]
) -> tuple[list[TableRow], list[int] | None]:
    """``rows`` (and their source ``lines``) with ``fixes`` applied in order; each fix names a
    row as numbered after the fixes before it. A fix naming no row is refused (ValueError)."""
    fixed = list(rows)
    fixed_lines = list(lines) if lines is not None else None
    for fix in fixes:
        if not 1 <= fix.row <= len(fixed):
            raise ValueError(f"the fix {fix.text!r} names row {fix.row}, and there is none")
        index = fix.row - 1
        if fix.remove:
            del fixed[index]
            if fixed_lines is not None:
                del fixed_lines[index]
            continue
        row = fixed[index]
        fixed[index] = TableRow(
            row.low if fix.low is None else fix.low,
            row.high if fix.high is None else fix.high,
            row.text,
            row.duration if fix.duration is None else fix.duration,
        )
    return fixed, fixed_lines


def suggest_fix(rows: Sequence[TableRow], problem: TableProblem) -> RowFix | None:
    """A one-row change that ends an overlap (the official backlash table's 61–62 / 62–64 pair:
    the second starts at 63) or a duplicate range (the later row goes); None for other problems
    and for overlaps no single row change mends without opening a gap."""
    if problem.kind != "overlap" or len(problem.rows) != 2:
        return None
    (first, a), (second, b) = sorted(
        ((number, rows[number - 1]) for number in problem.rows),
        key=lambda item: (item[1].low, _top(item[1]), item[0]),
    )
    if a.low == b.low and a.high == b.high:
        later = max(first, second)
        return RowFix(later, f"the same range twice: remove row {later}?", remove=True)
    if a.high is not None and _top(b) > a.high:
        start = a.high + 1
        return RowFix(second, f"make row {second} start at {start}?", low=start)
    if a.low < b.low and a.high == b.high:
        end = b.low - 1
        return RowFix(first, f"make row {first} end at {end}?", high=end)
    if a.low == b.low and b.high is not None and _top(a) > b.high:
        start = b.high + 1
        return RowFix(first, f"make row {first} start at {start}?", low=start)
    return None


MOST_FIXES = 200
"""Suggestions applied at most in one import (each mends one overlap)."""


def with_suggested_fixes(
    parse: Callable[[Sequence[RowFix]], RollableTable],
) -> tuple[RollableTable, tuple[RowFix, ...]]:
    """``parse`` the table, applying the first suggested fix of each failed attempt in turn,
    until it reads (the table and the fixes applied) or a try has problems none of which has a
    fix (its TableImportError goes on, unchanged)."""
    fixes: list[RowFix] = []
    while True:
        try:
            return parse(tuple(fixes)), tuple(fixes)
        except TableImportError as error:
            if not error.fixes or len(fixes) >= MOST_FIXES:
                raise
            fixes.append(error.fixes[0])


def _top(row: TableRow) -> float:
    return float("inf") if row.high is None else row.high
